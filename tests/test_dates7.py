"""dates7 (leftovers of dates6 and fixD): a note headed `# 15/05/2027` or `# May 15, 2027` is dated by it as one headed
`# 2027-05-15` is (text.head_date, readers 14 / heuristic rules 27); an ambiguous `# 05/06/2027` dates nothing."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import note_date
from mrag_test_plugin import hashing_embedder
from tests.conftest import synced_names, write_notes


@pytest.mark.parametrize("head,day", [
    ("# 2027-05-15", "2027-05-15"), ("# 15/05/2027", "2027-05-15"), ("# 15.05.2027", "2027-05-15"),
    ("# May 15, 2027", "2027-05-15"), ("# 15 May 2027", "2027-05-15"), ("# Sat, 15 May 2027", "2027-05-15"),
    ("# 5/15/2027", "2027-05-15"), ("# Feb 3, 2027", "2027-02-03"),
    # ambiguous, without its year, or not what the head opens with: no date
    ("# 05/06/2027", ""), ("# May 15", ""), ("# Plans for May 15, 2027", ""),
])
def test_a_head_opening_with_a_written_day_dates_the_note(head, day):
    assert note_date(head, "notes/trip.md")[:10] == day


HEADED = {
    "iso.md": "# 2027-05-14\n\nRepaired the kayak paddle.\n",
    "slashed.md": "# 15/05/2027\n\nFetched the bike from the repair shop. Return the pump by 20 May.\n",
    "words.md": "# May 16, 2027\n\nBaked sourdough bread with rye.\n",
    "ambiguous.md": "# 05/06/2027\n\nPainted the garden fence green.\n",
    "plain.md": "# Groceries\n\nOat milk, apples, rye flour.\n",
}


@pytest.fixture(scope="module")
def headed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("headed")
    write_notes(tmp / "notes", HEADED)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("question,path", [("what did I do on May 14, 2027?", "iso.md"),
                                           ("what did I do on May 15, 2027?", "slashed.md"),
                                           ("what did I do on May 16, 2027?", "words.md")])
def test_the_note_of_the_asked_day_is_found_by_its_head(headed, question, path):
    with Index.open(effective({"db": str(headed), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=dt.date(2027, 6, 30))
    dated = [r["path"] for r in result.results if "date" in r["channels"]]
    assert dated == [path]


@pytest.mark.parametrize("question", ["what did I do on June 5, 2027?", "what did I do on May 6, 2027?"])
def test_an_ambiguous_head_dates_no_note(headed, question):
    with Index.open(effective({"db": str(headed), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=dt.date(2027, 6, 30))
    assert not [r["path"] for r in result.results if "date" in r["channels"]]


def test_a_yearless_day_in_a_note_dated_by_its_written_head_takes_its_year(tmp_path):
    # sync._chunk_dates: `20 May` in the note headed `# 15/05/2027` is 2027-05-20 (heuristic rules 26's nearest_year)
    names = synced_names(tmp_path, {"slashed.md": HEADED["slashed.md"]})
    assert "2027-05-20" in names and "20 May" not in names


# ---------------------------------------------------------------------------- an LLM's slashed days (extract/llm.py)

class SlashedModel:
    """A window extractor standing in for the GGUF one (as test_sync_stream's FakeModel): it types every slashed day
    of its window as small models do, an event or a date, beside a person."""

    name, cache_id = "fake-llm", "fake-model@dates7"
    model_calls = tokens_in = tokens_out = 0

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        return note_windows(text)

    def run(self, windows, stop=None):
        import re

        from minirag_cli.extract.base import EntityMention

        for i, w in enumerate(windows):
            days = re.findall(r"\d\d/\d\d/\d{4}", w.text)
            yield i, [EntityMention("Anna Weber", "person"),
                      *(EntityMention(d, "event" if k % 2 == 0 else "date") for k, d in enumerate(days))], None


def test_an_llms_ambiguous_slashed_day_is_no_entity_and_an_unambiguous_one_a_date(tmp_path):
    from minirag_cli import db
    from minirag_cli.sync import SyncOptions as Options, sync_folders

    write_notes(tmp_path / "notes", {
        "uk.md": "# Viva\n\nAnna Weber: the viva is on 05/06/2027, thesis due 15/05/2027.\n",
        "us.md": "# Trip\n\nAnna Weber flies 05/06/2027 and 06/05/2027, back 05/20/2027.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=SlashedModel(),
                     options=Options())
        keys = {key: type_ for key, type_ in conn.execute("SELECT key, type FROM entities")}
    finally:
        conn.close()
    assert "05062027" not in keys and "06052027" not in keys  # an event each, keyed by its figures
    assert keys["date:2027-05-15"] == "date" and keys["date:2027-05-20"] == "date"
    assert keys["annaweber"] == "person"


# ---------------------------------------------------------------------------- a question's slashed day, its month words

def _index(tmp_path, notes: dict[str, str]):
    write_notes(tmp_path / "notes", notes)
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return config


def test_a_questions_ambiguous_slashed_day_searches_both_days_and_says_so(tmp_path):
    config = _index(tmp_path, {
        "viva.md": "# Viva\n\nThe viva is on 05/06/2027 in room 3.\n",
        "daily/2027-05-06.md": "# Thursday\n\nDentist at nine, then the lab.\n",
        "daily/2027-06-05.md": "# Saturday\n\nHiked up the hill with Mara.\n",
        "daily/2027-06-06.md": "# Sunday\n\nSlept in.\n",
    })
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search("what happened on 05/06/2027?", RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2027, 7, 1))
    days = result.to_dict()["days"]
    assert days["words"] == "05/06/2027" and days["dates"] == ["2027-05-06", "2027-06-05"] and days["read"]
    paths = [r["path"] for r in result.results]
    dated = {r["path"] for r in result.results if "date" in r["channels"]}
    assert dated == {"daily/2027-05-06.md", "daily/2027-06-05.md"}
    assert "viva.md" in paths and "daily/2027-06-06.md" not in paths[:3]
    assert any(r["path"] == "viva.md" and "bm25" in r["channels"] for r in result.results)  # as written


def test_a_questions_unambiguous_slashed_day_is_one_day():
    from minirag_cli.askday import read_days
    from minirag_cli.retrieve import fts_query
    from minirag_cli.text import date_terms

    assert date_terms("what is due on 15/05/2027?") == ['"20270515"', '"2027 05 15"']
    assert date_terms("what is due on 05/05/2027?") == ['"20270505"', '"2027 05 05"']
    assert '"may 15"' in fts_query("what is due on 15/05/2027?")
    assert read_days("what is due on 15/05/2027?", dt.date(2027, 7, 1)) is None  # a written day, as May 15, 2027
    assert read_days("05/06/2027 or 07/08/2027?", dt.date(2027, 7, 1)) is None  # two ambiguous days: none


def test_a_questions_slashed_day_finds_the_note_writing_it_in_words(tmp_path):
    config = _index(tmp_path, {"deadlines.md": "# Deadlines\n\n- thesis: May 15, 2027\n",
                               "runs.md": "# Runs\n\nRan 15 km on 2027's first day, 05 laps, due to rain.\n"})
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search("what is due on 15/05/2027?", RetrievalOptions(k=2, mode="bm25"),
                              today=dt.date(2027, 7, 1))
    assert [r["path"] for r in result.results][0] == "deadlines.md"


@pytest.mark.parametrize("written,asked", [("Feb 3, 2027", "February 3, 2027"), ("February 3, 2027", "Feb 3, 2027"),
                                           ("Sept 8", "September 8, 2027"), ("3 Feb", "February 3rd")])
def test_a_days_month_is_searched_in_its_full_and_short_words(tmp_path, written, asked):
    # BM25 found the day's phrases in no form the note writes: the note saying `due` three times came first
    config = _index(tmp_path, {"deadlines.md": f"# Deadlines\n\n- workshop paper due {written}\n",
                               "chores.md": "# Chores\n\nRent due, bills due, taxes due.\n"})
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search(f"what is due on {asked}?", RetrievalOptions(k=2, mode="bm25"),
                              today=dt.date(2027, 1, 10))
    assert [r["path"] for r in result.results][0] == "deadlines.md"


def test_a_slashed_day_of_two_like_figures_is_a_date():
    # either order is the one day: 05/05/2027 was left out as ambiguous (rules 27)
    from minirag_cli.text import find_dates

    assert find_dates("Kickoff 05/05/2027, 5/5/2027 and 05/06/2027.") == [("05/05/2027", "2027-05-05"),
                                                                        ("5/5/2027", "2027-05-05")]
