"""A question about a month written in words ("what did I write in October
2026?") reaches the notes dated in that month, whatever dates them: a daily
note's file name, a front matter `date:` (as a Google Keep note is read), a
Simplenote note's appended `created:` line. They were found only when their
text wrote a compact date (`20261014`, LiHua's `Time:` line): the month was
searched as the prefix `"202610"*`, which no ISO date (`2026-10-14`, FTS5's
tokens 2026 10 14) matches, and its word "October" ranked an undated
note that says "14 October" above them."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import date_terms
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TOPICS = ["the garden", "a long run", "the budget", "the bike", "a recipe", "the trip", "the book club",
          "the dentist", "a new lamp", "the car"]


def _notes() -> dict[str, str]:
    notes: dict[str, str] = {}
    start = dt.date(2026, 9, 1)
    for n in range(30):  # 30 dated notes over September to November, three kinds of dating
        day = start + dt.timedelta(days=n * 3 + (n % 3))
        topic = TOPICS[n % len(TOPICS)]
        if n % 3 == 0:
            notes[f"journal/{day}.md"] = f"Wrote a little about {topic} today.\n"
        elif n % 3 == 1:
            notes[f"keep/Note {n}.md"] = f"---\ntitle: Note {n}\ndate: {day} 09:15\n---\n\nWrote about {topic}.\n"
        else:
            notes[f"simplenote/Note {n}.txt"] = f"Note {n}\nI wrote down {topic}.\n\ncreated: {day} 18:00\n"
    # undated notes that share the question's words, and one that names the month
    notes["ideas.md"] = "Things to write about: the garden, the budget, the trip.\n"
    notes["journaling.md"] = "How I keep a journal: every morning, one page about the garden or the bike.\n"
    notes["birthdays.md"] = "Marta's birthday is on 14 October; a card and a recipe book.\n"
    return notes


@pytest.fixture(scope="module")
def months(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("months")
    notes = _notes()
    write_notes(tmp / "notes", notes)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db, {path for path, text in notes.items() if "2026-10-" in path + text}


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
@pytest.mark.parametrize("question", ["what did I write in October 2026?", "what did I do in Oct 2026?",
                                      "october 2026 notes"])
def test_a_month_question_finds_the_months_notes_first(months, mode, question):
    db, october = months
    assert len(october) == 10 and {p.split("/")[0] for p in october} == {"journal", "keep", "simplenote"}
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        paths = [r["path"] for r in index.search(question, RetrievalOptions(k=12, mode=mode)).results]
    # every note of the month among the first 12 (the undated one that says "write" may rank among them), and
    # above the undated note that only says "14 October" (it ranked first: the month searched as its word)
    assert october <= set(paths), paths
    assert "birthdays.md" not in paths or paths.index("birthdays.md") > max(map(paths.index, october)), paths


def test_a_month_is_searched_as_its_iso_dates_read(months):
    """The month's terms: its compact prefix and the prefix phrase of its
    numbers, as AskedDays.terms writes "last month"'s."""
    assert date_terms("what did I write in October 2026?") == ['"202610"*', '"2026 10"*']
    assert date_terms("what did I do in October?", ["2025", "2026"]) == \
        ['"202510"*', '"2025 10"*', '"202610"*', '"2026 10"*']


def test_a_month_with_its_year_is_searched_as_its_dates_not_its_words():
    from minirag_cli.retrieve import fts_query

    query = fts_query("what did I write in October 2026?", date_terms("what did I write in October 2026?"))
    assert '"october"' not in query and '"2026"' not in query and '"2026 10"*' in query
    # without a year the word stays: "in October" may be any year's, and a note may say it
    assert '"october"' in fts_query("what did I write in October?")


def test_the_answer_reads_the_months_notes(months):
    """Asked "in October 2026", the answer reads the month's notes among the
    results (answer.on_the_day, as "on 202610" and "last month" read theirs):
    the other notes' lines would only offer a small model the facts of other
    months. Not a comparison, nor a plan "for" the month (written before it)."""
    from minirag_cli import answer as ans
    from minirag_cli.store import note_heads

    db, october = months
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search("what did I write in October 2026?", RetrievalOptions(k=20))
        assert {r["path"] for r in result.results} - october  # other notes are among the results
        heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
        for question in ("what did I write in October 2026?",
                         "what did I do during Oct 2026?", "notes from the month of October 2026"):
            assert {r["path"] for r in ans.on_the_day(question, result.results, heads)} == october, question
        for question in ("what did I write before October 2026?", "what did I plan for October 2026?",
                         "what did I write in October?",  # no year: which one?
                         "October 2026: what did I do?"):  # a month opening the question names a thing (below)
            assert ans.on_the_day(question, result.results, heads) == [], question
        sources = index.prepare_answer(result).sources
        assert sources and {result.results[s["n"] - 1]["path"] for s in sources} <= october


MONTH_NOTES = {
    "journal/2026-09-30.md": "# 2026-09-30\nPacked for the trip and did a review of the budget.\n",
    "journal/2026-10-03.md": "# 2026-10-03\nPlanted tulips in the garden.\n",
    "journal/2026-10-14.md": "# 2026-10-14\nDentist appointment, all fine.\n",
    "journal/2026-11-01.md": "# 2026-11-01\nRaked the leaves.\n",
    "monthly/October 2026.md": "# October 2026\n\nMonth review: launched the garden blog, ran a half marathon.\n",
    "reviews.md": "# Reviews\n\n## October 2026\nRan a half marathon and read three books.\n",
    "car-log.md": "- 2026-10-09: bought winter tires for the Volvo\n- 2026-11-12: oil change\n",
    "release.md": "# Release plan\nThe October 2026 release of Helix ships the new sync engine.\n",
    "misc.md": "# Misc\nNothing important here about pasta recipes or reviews.\n",
}


@pytest.fixture(scope="module")
def month_notes(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("month_notes")
    write_notes(tmp / "notes", MONTH_NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def test_the_answer_keeps_the_notes_that_write_the_month(month_notes):
    """The notes search finds for the month, however they are dated: a
    monthly note named `October 2026.md` (file_period knows `2026-10.md`), a
    review's `## October 2026`, a log's dated line, a plan of the month. The
    answer read only the notes dated in it: "October 2026 review" ranked the
    reviews first and the answer read the daily notes in their place. A
    day's question keeps a log's line of that day likewise."""
    from minirag_cli import answer as ans
    from minirag_cli.store import note_heads

    with Index.open(effective({"db": str(month_notes), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        def kept(question):
            result = index.search(question, RetrievalOptions(k=20))
            heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
            return {r["path"] for r in ans.on_the_day(question, result.results, heads)}, result

        paths, result = kept("what did I review in October 2026?")
        found = {r["path"] for r in result.results}
        assert {"monthly/October 2026.md", "reviews.md", "car-log.md"} <= found
        assert paths == found & {"journal/2026-10-03.md", "journal/2026-10-14.md", "monthly/October 2026.md",
                                 "reviews.md", "car-log.md", "release.md"}, (paths, found)
        sources = index.prepare_answer(result).sources
        assert "monthly/October 2026.md" in {result.results[s["n"] - 1]["path"] for s in sources}
        assert kept("what did I do on October 9, 2026?")[0] == {"car-log.md"}
        # a question that opens with the month asks about the thing it names: every note may hold its answer
        assert kept("October 2026 release: what ships?")[0] == set()


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
def test_a_month_is_also_searched_as_its_words_together(tmp_path, mode):
    """A month with its year is its dates and the phrase of its words: its
    dates alone scored a budget for March 2025, 2026 and 2027 alike for
    "March 2027" (a note's "March 2027" is no date, and the words were no
    longer searched), and "the October 2026 release" fell to 4th for "what
    are we shipping in October 2026?"."""
    notes = {f"budget-{year}.md": f"# Budgets\n\nGroceries budget for March {year}: {year - 1600} dollars.\n"
             for year in (2025, 2027, 2026)}
    notes.update({"journal/2026-10-03.md": "# 2026-10-03\nPlanted tulips in the garden.\n",
                  "journal/2026-10-14.md": "# 2026-10-14\nDentist appointment, all fine.\n",
                  "conf.md": "---\ndate: 2026-10-22\n---\n# Conference\nGave a talk about FTS5 ranking.\n",
                  "release.md": "# Release plan\nThe October 2026 release of Helix ships the new sync engine.\n"})
    write_notes(tmp_path / "notes", notes)
    with Index.open(effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())

        def first(question):
            return index.search(question, RetrievalOptions(k=10, mode=mode)).results[0]["path"]

        assert first("groceries budget for March 2027") == "budget-2027.md"
        assert first("what are we shipping in October 2026?") == "release.md"
        assert first("what are we shipping in Oct 2026?") == "release.md"


@pytest.mark.parametrize("month", ["October, 2026", "Oct. 2026", "October of 2026", "2026-10"])
def test_a_month_written_otherwise_is_the_month(month_notes, month):
    """"October, 2026", "Oct. 2026", "October of 2026" and "2026-10" are
    the month as "October 2026" is: searched as its dates and the phrase of
    its name (they were the words october and 2026, or 2026 and 10), and
    the answer reads its notes."""
    from minirag_cli import answer as ans
    from minirag_cli.retrieve import fts_query
    from minirag_cli.store import note_heads

    question = f"what did I review in {month}?"
    assert date_terms(question) == ['"202610"*', '"2026 10"*']
    assert '"october 2026"' in fts_query(question) and '"2026"' not in fts_query(question)
    with Index.open(effective({"db": str(month_notes), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=20))
        heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
        kept = {r["path"] for r in ans.on_the_day(question, result.results, heads)}
    assert {"monthly/October 2026.md", "reviews.md", "journal/2026-10-03.md"} <= kept
    assert not kept & {"journal/2026-11-01.md", "journal/2026-09-30.md", "misc.md"}, kept
