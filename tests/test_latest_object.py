""""when did I last …" (latest.py): a candidate must say what is asked, all of it, where it did it: a number after a
word is part of it ("hive 2", not a daily note's "hive 1 entrance"), every content word ("rack the mead", not a year
review's "Mead: try a second batch"), not in a task not done (`- [ ] heft hives Sat 12th`) nor where a clause denies it
("Day off the plot", "Nothing on the plot"). Two testers' vaults, asked on 2026-12-07 (session 58)."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.latest import latest_words
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("question,terms", [
    ("When did I last inspect hive 2?", ("inspect", "hive 2")),
    ("when did i last see the queen in hive 2", ("queen", "hive 2")),
    ("when did I last water bed 3 and bed 4?", ("water", "bed 3", "bed 4")),
    ("when did I last weed plot 14b", ("weed", "plot 14b")),
    ("when did I last check hive #2?", ("check", "hive 2")),
    # a count, a distance, a year: no number of a series
    ("when did I last take 2 paracetamol", ("take", "paracetamol")),
    ("when did I last run 5k", ("run",)),
    ("when did I last go to glastonbury 2024", ("glastonbury",)),
    ("when did I last sleep 8 hours", ("sleep", "hours")),
])
def test_a_number_after_a_word_is_one_term_with_it(question, terms):
    assert latest_words(question).terms == terms


@pytest.mark.parametrize("question,text,held", [
    # every word of the matter, not half of them
    ("when did i last rack the mead", "5. Mead: try a second batch with summer honey.", False),
    ("when did i last rack the mead", "Mead SG 1.004 - racked again.", True),
    ("when did I last talk to acme about the invoices", "- Call with Northwind Foods\n\t- invoices late", False),
    ("when did I last talk to acme about the invoices", "- Call with [[Acme Logistics]]\n\t- CSV of invoices", True),
    ("when did I last take ibuprofen", "Took ibuprofen for the headache.", True),  # its past is the verb
    # the number is said with the word
    ("when did I last inspect hive 2?", "Checked hive entrances, cleared hive 1 entrance. Inspection due.", False),
    ("when did I last inspect hive 2?", "Inspected hive 20 and hive 3.", False),
    ("when did I last inspect hive 2?", "Inspected Hive #2: queen seen, brood on 5 frames.", True),
    ("when did I last inspect hive 2?", "Full inspection today.\nHive 2 still grumpy.", True),
    # a task not done is a plan
    ("when did i last heft the hives", "## This week\n- [ ] heft hives Sat 12th\n- [ ] lime bed 3", False),
    ("when did i last heft the hives", "- TODO heft the hives", False),
    ("when did i last heft the hives", "LATER heft the hives before the frost", False),
    ("when did i last heft the hives", "- [-] heft the hives (too wet)", False),
    ("when did i last heft the hives", "- [x] heft the hives ✅ 2026-12-05", True),
    ("when did i last heft the hives", "## Bees\nHefted all 3. Hives 1 and 3 heavy.", True),
    # a clause that denies it
    ("when did i last go to the plot", "Day off the plot. Made soup.", False),
    ("when did i last go to the plot", "Nothing on the plot. Planned next year's rotation.", False),
    ("when did i last go to the plot", "Didn't go to the plot, rain all day.", False),
    ("when did i last go to the plot", "Never got to the plot today.", False),
    ("when did I last inspect the hives", "No inspection, too cold. Hives quiet.", False),
    ("when did I last see Priya?", "Went climbing without Priya.", False),
    # ... and ordinary notes that deny something else, or say "off" / "no" of another thing
    ("when did i last go to the plot", "Popped to the plot before work: water butts frozen.", True),
    ("when did i last go to the plot", "No frost, went to the plot at 9.", True),
    ("when did i last go to the plot", "Day off work, so a long morning on the plot.", True),
    ("when did I last check the hive", "Took the lid off the hive to check stores.", True),
    ("when did I last inspect hive 2?", "No idea why hive 2 is so stroppy; inspected anyway.", True),
    ("when did I last see Priya?", "Saw Priya, she didn't like the new proposal.", True),
    ("when was my last run?", "Great run this morning, didn't stop once.", True),
])
def test_a_candidate_says_all_of_what_is_asked_done(question, text, held):
    assert latest_words(question).holds(text) is held


# the grower's vault in small: the notes that said half of the question, a plan or a denial were the latest
GROWER = {
    "Daily/2026-10-10.md": "# 2026-10-10\n\nGarlic in, bed 4. Inspected hive 2: stroppy as ever, queen seen.\n",
    "Daily/2026-11-28.md": "# 2026-11-28\n\nCounted the varroa drop. Mead SG 1.004 - racked again.\n",
    "Daily/2026-12-01.md": "# 2026-12-01\n\nChecked the hive entrances: dead bees cleared from hive 1 entrance, "
                           "normal. Ordered super frames for the hives.\n",
    "Daily/2026-12-03.md": "# 2026-12-03\n\nNothing on the plot, rain. Planned the rotation.\n",
    "Daily/2026-12-04.md": "# 2026-12-04\n\nYear review: try a second batch of mead with summer honey. Inspect "
                           "the hives in spring.\n",
    "Daily/2026-12-05.md": "# 2026-12-05\n\nOn the plot: lifted leeks, pruned the blackcurrant.\nHefted all 3 "
                           "hives, hive 2 light.\n",
    "Daily/2026-12-06.md": "# 2026-12-06\n\nDay off the plot. Made leek soup. Hives quiet.\n",
    "Daily/2026-12-07.md": "# 2026-12-07\n\n## This week\n- [ ] heft hives Sat 12th\n- [ ] lime bed 3 on the plot\n",
    "Logseq/2026_12_02.md": "# 2026-12-02\n\n- Call with Carla ([[Acme Logistics]])\n\t- Asked for audit log "
                            "export\n",
    "Logseq/2026_12_03.md": "# 2026-12-03\n\n- Call with [[Northwind Foods]] (Grace)\n\t- Asked for SSO with "
                            "Google\n",
}


@pytest.fixture(scope="module")
def grower(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("grower")
    write_notes(tmp / "notes", GROWER)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first", [
    ("when did I last inspect hive 2?", "Daily/2026-10-10.md"),  # was 12-01 ("hive 1 entrance")
    ("when did i last rack the mead", "Daily/2026-11-28.md"),  # was 12-04 ("a second batch of mead")
    ("when did i last heft the hives", "Daily/2026-12-05.md"),  # was 12-07 (`- [ ] heft hives Sat 12th`)
    ("when did i last go to the plot", "Daily/2026-12-05.md"),  # was 12-06 ("Day off the plot")
    ("what did acme ask for on the last call?", "Logseq/2026_12_02.md"),  # was 12-03 (the Northwind call)
])
def test_the_latest_note_says_what_is_asked_done(grower, question, first, mode):
    with Index.open(effective({"db": str(grower), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=10, mode=mode), today=MONDAY)
    assert result.latest is not None and result.latest.dated, result.latest
    assert result.latest.dated[0][1] == first, result.latest.dated
    assert result.results[0]["path"] == first


def test_when_no_note_says_every_word_half_of_them_choose_as_before(grower):
    """"when did I last feed the bees in hive 2" (no note says feed): the notes that say half of it compete."""
    with Index.open(effective({"db": str(grower), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search("when did I last feed hive 2", RetrievalOptions(k=10, mode="hybrid"), today=MONDAY)
    assert result.latest is not None and not result.latest.latest.every
    assert result.latest.dated[0][1] == "Daily/2026-12-05.md", result.latest.dated
