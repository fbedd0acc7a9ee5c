"""Questions about several months, a day inside a month, a season, and the
words that only say "in my notes" (session 47, months):

- "What did I do in September 2026 and October 2026?" and "between
  September and November 2026" read the notes of every month asked (the
  answer kept the first month's alone, and "between" none);
- "on 2026-05-03 in May 2026" and "May 2026-05-03" are the day: the month
  only says where it is (its terms matched every note of May, and blanking
  the overlapping pieces of the question cut its words: "with" was "th");
- "the 2011-12 season" is no December 2011, while "2026-10" is October;
- "what did I write in October 2026?" ranks no note for saying "write";
- "what did I write in October?" asked on 2026-12-06 is October 2026 (the
  latest October begun by the asking day, as "in Q4" is): it searched and
  read every October's notes."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli import answer as ans
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.retrieve import fts_query
from minirag_cli.store import note_heads
from minirag_cli.text import date_terms
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TOPICS = ["the garden", "a long run", "the budget", "the bike", "a recipe", "the trip"]


def _notes() -> dict[str, str]:
    notes = {}
    for n in range(18):  # August to January, every ten days, dated by a daily note's name or a front matter
        day = dt.date(2026, 8, 5) + dt.timedelta(days=10 * n)
        topic = TOPICS[n % len(TOPICS)]
        if n % 2:
            notes[f"journal/{day}.md"] = f"# {day}\nSpent the evening on {topic}.\n"
        else:
            notes[f"keep/Note {n}.md"] = f"---\ntitle: Note {n}\ndate: {day} 09:15\n---\n\nThought about {topic}.\n"
    notes["ideas.md"] = "Things to write about: the garden, the budget, the trip. Write more notes.\n"
    notes["hockey.md"] = "# Hockey\n\nThe 2011-12 season was the best one: we won the cup.\n"
    notes["journal/2011-12-20.md"] = "# 2011-12-20\nA cold December day, the season of hot cocoa.\n"
    notes["journal/2011-12-28.md"] = "# 2011-12-28\nSkating on the lake; who won the game?\n"
    notes["journal/2025-10-12.md"] = "# 2025-10-12\nSpent the evening on the garden, a year ago.\n"
    notes["tennis.md"] = "---\ndate: 2026-05-03\n---\n# Tennis with Hailey\nWe played three sets.\n"
    notes["may.md"] = "---\ndate: 2026-05-20\n---\n# Tennis lesson\nHailey showed me her serve.\n"
    return notes


NOTES = _notes()


def _months(*months: str) -> set[str]:
    return {p for p, t in NOTES.items() if any(f"2026-{m}-" in p + t for m in months)}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("month_spans")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _kept(index, question: str, mode: str = "hybrid") -> tuple[set[str], list[str], list[dict]]:
    result = index.search(question, RetrievalOptions(k=20, mode=mode))
    heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
    sources = index.prepare_answer(result).sources
    return ({r["path"] for r in ans.on_the_day(question, result.results, heads)},
            [r["path"] for r in result.results], [result.results[s["n"] - 1] for s in sources])


@pytest.mark.parametrize("question, months", [
    ("What did I do in September 2026 and October 2026?", ("09", "10")),
    ("what did I do in September and October 2026?", ("09", "10")),
    ("what did I do during Sep, Oct and Nov 2026?", ("09", "10", "11")),
    ("what did I do between September and November 2026?", ("09", "10", "11")),
    ("what did I do from September to November 2026?", ("09", "10", "11")),
    ("what did I do in 2026-09 to 2026-11?", ("09", "10", "11")),
])
def test_every_month_asked_is_searched_and_read(index, question, months):
    asked = _months(*months)
    kept, paths, sources = _kept(index, question)
    assert asked <= set(paths), paths  # each month's notes found (the months between a span's ends too)
    assert kept == asked, (question, sorted(kept ^ asked))  # and the answer reads them, no other month's
    assert sources and {r["path"] for r in sources} <= asked


def test_a_span_of_months_is_its_months_dates():
    assert date_terms("what did I do between September and November 2026?") == [
        '"202609"*', '"2026 09"*', '"202610"*', '"2026 10"*', '"202611"*', '"2026 11"*']
    # across a year's end, the first month's year the one before the last's
    assert date_terms("from November to February 2027?")[:2] == ['"202611"*', '"2026 11"*']
    # a month word without a year, alone, is each year's, as before; "before" still compares
    assert date_terms("in September, then in October 2026", ["2025"]) == [
        '"202610"*', '"2026 10"*', '"202509"*', '"2025 09"*']


def test_a_comparison_of_months_is_not_narrowed(index):
    for question in ("what did I do before September 2026 and October 2026?",
                     "what did I do after October 2026?"):
        assert _kept(index, question)[0] == set(), question


@pytest.mark.parametrize("question", ["what did I do with Hailey on 2026-05-03 in May 2026?",
                                      "what did I do on May 2026-05-03 with Hailey?",
                                      "what did I do on May 3, 2026, in May 2026, with Hailey?"])
def test_a_day_in_its_month_is_the_day(index, question):
    query = fts_query(question, date_terms(question))
    # the day's terms, not the month's (every note of May matched them), and the question's words whole
    assert '"20260503"' in query and '"202605"*' not in query and '"may 2026"' not in query, query
    assert '"hailey"' in query and '"th"' not in query and '"may"' not in query, query
    # a month word after the day is no part of it: May without a year, each year's, as before
    assert date_terms("what did I do on 2026-05-03 and in May?", ["2025"]) == [
        '"202505"*', '"2025 05"*', '"20260503"', '"2026 05 03"']
    kept, paths, sources = _kept(index, question)
    assert paths[0] == "tennis.md" and kept == {"tennis.md"}, (paths, kept)
    assert [r["path"] for r in sources] == ["tennis.md"]


def test_a_season_is_no_month(index):
    question = "who won in the 2011-12 season?"
    assert date_terms(question) == []
    assert '"2011 12"' in fts_query(question) and '"december 2011"' not in fts_query(question)
    kept, paths, _sources = _kept(index, question, "bm25")
    assert paths[0] == "hockey.md" and kept == set(), paths
    # a note's season writes no December 2011; its months as ever
    assert not ans.writes_asked("The 2011-12 season", {"201112"})
    assert ans.writes_asked("Due 2026-10, paid", {"202610"})
    assert date_terms("what did I write in 2026-10?") == ['"202610"*', '"2026 10"*']
    # "in 2011-12" without a word of such years is ISO's December 2011 (test_month_days)
    assert date_terms("what did I write in 2011-12?") == ['"201112"*', '"2011 12"*']


@pytest.mark.parametrize("question", ["what did I write in October 2026?", "my notes from 2026-10",
                                      "what did I jot down in Oct 2026?"])
def test_words_about_the_notes_rank_nothing_in_a_month_question(index, question):
    query = fts_query(question, date_terms(question), about_notes=True)
    assert not {'"write"', '"notes"', '"jot"'} & set(query.split(" OR ")), query
    _kept_paths, paths, _sources = _kept(index, question, "bm25")
    assert "ideas.md" not in paths and set(paths) == _months("10"), paths
    # a question about no day searches them: the note may be about writing
    assert '"write"' in fts_query("what should I write about?")


@pytest.mark.parametrize("question, today, month", [
    ("what did I write in October?", dt.date(2026, 12, 6), "2026-10"),
    ("what did I do during the month of October?", dt.date(2026, 10, 20), "2026-10"),
    ("what did I do in Oct?", dt.date(2026, 11, 2), "2026-10"),
    ("what did I write in October?", dt.date(2026, 9, 15), "2025-10"),
    ("what did I do in October last year?", dt.date(2027, 1, 3), "2026-10"),
])
def test_a_month_without_its_year_is_the_latest_begun(index, question, today, month):
    result = index.search(question, RetrievalOptions(k=20, mode="hybrid"), today=today)
    asked = {p for p, t in NOTES.items() if f"{month}-" in p + t}
    assert result.days is not None and result.days.first.isoformat()[:7] == month, result.days
    assert {r["path"] for r in result.results[:len(asked)]} == asked, [r["path"] for r in result.results]
    sources = index.prepare_answer(result).sources
    assert sources and {result.results[s["n"] - 1]["path"] for s in sources} <= asked


@pytest.mark.parametrize("question", ["what did Hailey do in October?",  # someone else's: every October
                                      "what did I do in September and October?",  # several: each year's
                                      "what did I do in October 2026?",  # a year written
                                      "what did I do before October?",
                                      # a verb's "in" and "may" (qread reads "in may?", the month, in lower case)
                                      "which notes I filed in may need a review?",
                                      "what did I leave in Jan's car?"])
def test_other_months_are_read_as_written(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, dt.date(2026, 12, 6)) is None
