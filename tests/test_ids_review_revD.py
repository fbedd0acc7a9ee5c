"""Review revD's findings on the merged `ids` and `aliases2` branches (fixI). Ordinary words shaped like ids
(`v3.2` written "version 3.2", `budget_2026.xlsx`, `B2B/B2C`, `mid-2026`) were unheld ids, and the answer declined
with no source; only a ticket, a host and a version are ids now (idnames). Each through a real sync, as `mrag sync`
runs it (heuristic names, hashing vectors)."""

from __future__ import annotations

import pytest

from minirag_cli.idnames import id_held, ids_in, is_id
from tests.conftest import write_notes

# 1. only shapes that are certainly identifiers are ids


@pytest.mark.parametrize("word", [
    "budget_2026.xlsx", "B2B/B2C", "Q3/Q4", "mid-2026", "pre-2020", "top-10", "x86-64", "late-2025", "H1/H2", "Ch.3",
    "Fig.2", "No.5", "K-12", "PS4/PS5", "TLS-1.3", "Python3.12", "IMG-2041.jpg", "DSC-0042.NEF", "NYT #1", "B-52",
    "HikariPool-1"])
def test_an_ordinary_word_is_no_id(word):
    assert not is_id(word)
    assert ids_in(f"what about {word}?") == []


@pytest.mark.parametrize("word", ["OPS-1500", "INC-2026-109", "PR #839", "db-prod-07", "gw-int-02", "v2.14.9"])
def test_a_ticket_a_host_and_a_version_are_ids(word):
    assert is_id(word) and ids_in(f"what about {word}?") == [word]


@pytest.mark.parametrize("name, text, held", [
    ("v2.14.9", "Release 2.14.9 fixed the login bug", True),
    ("v3.2", "We deployed version 3.2 of billing", True),
    ("v2.14.9", "Release 2.14.91 fixed it", False),
    ("v2.14.9", "Release 12.14.9 fixed it", False),
])
def test_a_version_is_held_by_its_number(name, text, held):
    assert id_held(name, text) is held


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("vh")
    write_notes(tmp / "notes", {
        "release.md": "Release 2.14.9 fixed the login bug that Tom reported.\n",
        "deploy.md": "We deployed version 3.2 of the billing service on Friday.\n",
        "budget.md": "The budget 2026 spreadsheet lives in the shared drive; Priya owns it.\n",
        "funnel.md": "Our B2B and B2C funnels both grew in November.\n",
        "db.md": "The db-prod-03 host ran out of disk on Monday.\n",
        "plans.md": "We plan the migration for mid 2026, after the audit.\n",
    })
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


@pytest.mark.parametrize("question, path", [
    ("What changed in v2.14.9?", "release.md"),
    ("When did we deploy v3.2 of billing?", "deploy.md"),
    ("Who owns budget_2026.xlsx?", "budget.md"),
    ("How did the B2B/B2C funnels do?", "funnel.md"),
    ("When is the migration planned, mid-2026?", "plans.md"),
])
def test_an_id_like_word_the_notes_write_otherwise_is_answered(vault, question, path):
    result = vault.search(question)
    assert vault.unheld_names(result) == []
    sources = vault.prepare_answer(result).sources
    assert path in {result.results[s["n"] - 1]["path"] for s in sources}


def test_an_unknown_host_is_still_unheld(vault):
    result = vault.search("What happened to db-prod-07?")
    assert vault.unheld_names(result) == ["db-prod-07"]


# 2. an attachment's name is no id; 5. nor a plane's type or a rank, and a name with a type keeps its words
@pytest.mark.parametrize("text, absent, present", [
    ("# Day 1\n\n![[IMG-2041.jpg]]\n\nBeach walk with Anna in Lisbon. ![](attachments/IMG-2051.jpg)\n\n"
     "See [scan](attachments/DOC-2026-12-01.pdf).\n", {"IMG-2041", "IMG-2051", "DOC-2026-12-01"}, {"Anna", "Lisbon"}),
    ("Photos IMG-2041.JPG from the trip.\n", {"IMG-2041"}, set()),
    ("The Boeing B-52 flew over. The Lockheed Martin F-35 too.\n", {"B-52", "F-35"},
     {"Boeing B-52", "Lockheed Martin F-35"}),
    ("It was a NYT #1 bestseller and a TOP #3 hit.\n", {"NYT #1", "TOP #3"}, set()),
    ("Kenji freed 40 GB. Ticket OPS-1398, closed.\nFinished OPS-1432: alert fires.\n",
     {"Ticket OPS-1398", "Finished OPS-1432"}, {"OPS-1398", "OPS-1432"}),
    ("Chased the Terraform PR #839 with Tomasz.\n", {"Terraform PR"}, {"PR #839"}),
])
def test_a_file_a_plane_or_a_rank_is_no_ticket(tmp_path, text, absent, present):
    from tests.conftest import synced_names

    names = synced_names(tmp_path, {"day1.md": text})
    assert not names & absent, names
    assert present <= names, names


# 3. a note whose file name is a slug or a Zettelkasten id is shown by its title; a person's file name stays
def test_a_slug_or_zettel_id_note_is_shown_by_its_title(tmp_path):
    from tests.conftest import synced_entities

    entities = synced_entities(tmp_path, {
        "zk/202612071045.md": "---\ntitle: Ebbinghaus\n---\nHermann studied memory. See [[202612071030]].\n",
        "zk/202612071030.md": "---\ntitle: Spaced repetition\n---\nSpaced repetition beats cramming.\n",
        "content/posts/pasta-recipe.md": "---\ntitle: Grandma's Pasta\n---\nBoil water, add salt.\n",
        "people/Anna Keller.md": "---\ntitle: Prof. Keller\n---\nAnna Keller teaches statistics.\n",
        "day.md": "Read [[202612071045]] and cooked from [[pasta-recipe]]. Met Prof. Keller.\n",
    })
    names = {name for name, _type in entities}
    assert {"Ebbinghaus", "Spaced repetition", "Grandma's Pasta", "Anna Keller"} <= names, names
    assert not {"202612071045", "202612071030", "pasta recipe", "Prof. Keller"} & names, names


# 4. `Herr`/`Frau` in English text are a person's title only before a capitalised word
def test_herr_before_a_lower_case_word_is_no_title(tmp_path):
    from tests.conftest import synced_entities

    entities = synced_entities(tmp_path, {"books.md": "I read Herr der Ringe in German.\n\nThe new Herr der Fliegen "
                                                      "translation is out.\n\nMet Herr Brandt at the fair.\n"})
    assert not {("der Ringe", "person"), ("der Fliegen", "person")} & entities, entities
    assert ("Brandt", "person") in entities, entities
