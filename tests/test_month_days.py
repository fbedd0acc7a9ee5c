"""Months and days asked together, two-year spans, and the answer's line
choice in date questions (session 48, months2):

- "in 2009-10", "notes from 2010-11" are ISO's October 2009 and November
  2010; "the 2011-12 season", "the 2009-10 school year", "FY 2009-10",
  "winter of 2010-11", "2011/12" are spans of years (session 47 read any
  `2009-10` whose two digits are above the year's own as a season);
- "What did I do in May 2026, especially on May 3?" asks the month and the
  day: the day's notes first, the month's after (a day written with its
  year dropped the month); "on May 3 in May 2026" is the day (May 3 of
  2026), as "on 2026-05-03 in May 2026" is;
- a question about days or months chooses its lines by no word that only
  says "in my notes" (write, notes…: retrieve.NOTE_WORDS), as its search;
- "during the month of Oct" asks about October: no unheld name "Oct", nor
  "Mon" in "on Mon"; "the month of" is no word searched."""

from __future__ import annotations

import pytest

from minirag_cli import answer as ans
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.retrieve import fts_query
from minirag_cli.store import note_heads
from minirag_cli.text import date_terms
from minirag_cli.unheld import unheld_names
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {
    "journal/2009-10-04.md": "# 2009-10-04\nMoved into the flat on Elm Street.\n",
    "journal/2009-10-21.md": "# 2009-10-21\nFirst snow; bought a coat.\n",
    "journal/2010-11-12.md": "# 2010-11-12\nStarted the pottery class.\n",
    "journal/2010-05-02.md": "# 2010-05-02\nRode the bike to the lake.\n",
    "hockey.md": "# Hockey\n\nThe 2009-10 season was the best one: we won the cup.\n",
    "school.md": "# School\n\nThe 2010-11 school year had a new teacher.\n",
    "tennis.md": "---\ndate: 2026-05-03\n---\n# Tennis with Hailey\nWe played three sets.\n",
    "may.md": "---\ndate: 2026-05-20\n---\n# Tennis lesson\nHailey showed me her serve.\n",
    "garden.md": "---\ndate: 2026-05-11\n---\n# Garden\nPlanted tomatoes by the fence.\n",
    "october.md": "---\ndate: 2026-10-14\n---\n# Weekend\nPlanted tulips in the garden with Priya.\n"
                  "Went to the bakery after.\n\nNote to self: write more notes.\nMaybe a notebook.\n",
    "journal/2026-10-03.md": "# 2026-10-03\nRaked the leaves with Priya.\n",
    "ideas.md": "Things to write about: the garden, the budget. Write more notes.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("month_days")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _kept(index, question: str, mode: str = "bm25", reverse: bool = False):
    result = index.search(question, RetrievalOptions(k=20, mode=mode))
    results = result.results[::-1] if reverse else result.results
    heads = note_heads(index.conn, [r["chunk_id"] for r in results])
    return [r["path"] for r in ans.on_the_day(question, results, heads)], [r["path"] for r in result.results]


@pytest.mark.parametrize("question, month, notes", [
    ("what did I do in 2009-10?", '"200910"*', ["journal/2009-10-04.md", "journal/2009-10-21.md"]),
    ("my notes from 2010-11", '"201011"*', ["journal/2010-11-12.md"]),
])
def test_a_year_and_a_months_number_is_the_month(index, question, month, notes):
    assert month in date_terms(question)
    kept, paths = _kept(index, question)
    assert sorted(kept) == notes and set(paths[:len(notes)]) == set(notes), (kept, paths)
    assert ans.writes_asked("Moved in 2009-10, paid", {"200910"})


@pytest.mark.parametrize("question, span", [
    ("who won in the 2009-10 season?", "2009 10"), ("what changed in the 2010-11 school year?", "2010 11"),
    ("what was the budget for FY 2009-10?", "2009 10"), ("where did we ski in the winter of 2010-11?", "2010 11"),
    ("who won in 2009/10?", "2009 10"), ("who won the 2009-10 NHL season?", "2009 10"),
    ("who won in 2019-20?", "2019 20"),
])
def test_a_span_of_years_is_told_by_its_words_or_its_form(index, question, span):
    assert date_terms(question) == [], question
    assert f'"{span}"' in fts_query(question).split(" OR "), fts_query(question)
    assert _kept(index, question)[0] == []
    assert not ans.writes_asked("The 2009-10 season was the best one", {"200910"})


def test_a_season_is_found_by_its_numbers(index):
    assert _kept(index, "who won in the 2009-10 season?")[1][0] == "hockey.md"


@pytest.mark.parametrize("question", ["What did I do in May 2026, especially on May 3?",
                                      "What did I do in May 2026, especially on May 3, 2026?",
                                      "What did I do in May 2026 and on 2026-05-03?"])
def test_a_day_asked_with_its_month_keeps_both(index, question):
    terms = date_terms(question, ["2025"])
    assert {'"20260503"', '"202605"*'} <= set(terms) and '"20250503"' not in terms, terms
    month = {"tennis.md", "may.md", "garden.md"}
    for reverse in (False, True):  # however search ranked them: the day's note first, then the month's
        kept, paths = _kept(index, question, reverse=reverse)
        assert month <= set(paths), paths
        assert kept[0] == "tennis.md" and set(kept) == month, kept


@pytest.mark.parametrize("question", ["what did I do on May 3 in May 2026?",
                                      "what did I do in May 2026 on May 3?",
                                      "what did I do on 2026-05-03 in May 2026?"])
def test_a_month_next_to_its_day_says_where_the_day_is(index, question):
    assert date_terms(question, ["2025"]) == ['"20260503"', '"2026 05 03"'], question
    assert _kept(index, question)[0] == ["tennis.md"]


def test_a_date_questions_lines_are_chosen_by_no_note_word(index):
    one = ans.AnswerOptions(lines=1)
    question = "What did I write in October 2026?"
    result = index.search(question, RetrievalOptions(k=10, mode="bm25"))
    assert {r["path"] for r in result.results} == {"october.md", "journal/2026-10-03.md"}
    sources = index.prepare_answer(result, answer_options=ans.AnswerOptions(lines=2)).sources
    lines = next(s["text"] for s in sources if s["path"] == "october.md")
    # the day's first line, not "Note to self: write more notes." for its words write and notes
    assert "tulips" in lines and "write" not in lines, lines
    # a question about no day still weighs them: the note may be about writing
    heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
    october = [r for r in result.results if r["path"] == "october.md"]
    picked = ans.make_sources("what should I write notes about?", october, note_heads=heads, options=one)
    assert "write more notes" in picked[0]["text"], picked


def test_the_month_of_oct_is_october(index):
    question = "what did I do during the month of Oct 2026?"
    assert date_terms(question) == ['"202610"*', '"2026 10"*']
    assert '"month"' not in fts_query(question, date_terms(question), about_notes=True)
    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"))
    assert {r["path"] for r in result.results[:2]} == {"october.md", "journal/2026-10-03.md"}
    prepared = index.prepare_answer(result)
    assert prepared.unheld == [] and prepared.sources, prepared
    notes = ["Planted tulips."]
    assert unheld_names("What did I do during the month of Oct?", notes, ["2026-10-14"]) == []
    assert unheld_names("What did I do in the month of Sept?", notes, ["2026-09-14"]) == []
    assert unheld_names("What did I do during the month of Oct?", notes, ["2026-09-14"]) == ["Oct"]
    assert unheld_names("What did I do on Mon?", notes, ["2026-10-12"]) == []  # a Monday
    assert unheld_names("What did I do last Fri?", notes, ["2026-10-16"]) == []
    assert unheld_names("What did I do on Tues, Oct 13?", notes, ["2026-10-13"]) == []
    assert unheld_names("What did I do on Mon?", notes, ["2026-10-13"]) == ["Mon"]  # no Monday's note
    assert unheld_names("What did Jan say on Mon?", notes, ["2026-01-12"]) == ["Jan"]  # a person still
    assert unheld_names("What did I leave in Jan's car?", notes, ["2026-01-12"]) == ["Jan's"]


@pytest.mark.parametrize("question, days", [
    ("what did I do on Mon?", ["2026-10-12"]), ("what did I do last Fri.?", ["2026-10-09"]),
    ("what did I do on Tues?", ["2026-10-13"]), ("what did I do on Mon and Wed?", ["2026-10-12", "2026-10-14"]),
    ("what did I read on Sun Valley?", None), ("what did I leave on Sat's table?", None),
    # in lower case too, as a question is typed (qread: it read none); "sat", "sun" only where no noun follows
    ("what did I do on mon?", ["2026-10-12"]), ("what did I put on sun cream for?", None),
])
def test_a_weekdays_short_name_is_its_day(question, days):
    import datetime as dt

    from minirag_cli.askday import asked_days

    got = asked_days(question, dt.date(2026, 10, 15))  # a Thursday
    if days is None:
        assert got is None, got
    else:
        assert got is not None and [str(d) for d in (got.dates or (got.first,))] == days, got


@pytest.mark.parametrize("question, today, days", [
    ("what did I do in the first week of October 2026?", "2026-12-06", ("2026-10-01", "2026-10-07")),
    ("what did I do with Priya in the first week of Oct?", "2026-12-06", ("2026-10-01", "2026-10-07")),
    ("what did I do during the last week of February?", "2026-12-06", ("2026-02-22", "2026-02-28")),
    ("what did I do in the 2nd week of the month of May 2026?", "2026-12-06", ("2026-05-08", "2026-05-14")),
])
def test_a_week_of_a_month_is_its_days(index, question, today, days):
    import datetime as dt

    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=dt.date.fromisoformat(today))
    asked = result.days or result.undated  # (undated: no note of those days, February's)
    assert asked is not None and (str(asked.first), str(asked.last)) == days, asked
    if days[0].startswith("2026-10"):  # the week's note, not the month's others (October 14)
        assert result.results[0]["path"] == "journal/2026-10-03.md"
        sources = index.prepare_answer(result).sources
        assert [result.results[s["n"] - 1]["path"] for s in sources] == ["journal/2026-10-03.md"], sources
    # not a week of something else, nor compared
    from minirag_cli.askday import asked_days

    assert asked_days("what did I do in the first week of the trial?", dt.date(2026, 12, 6)) is None
    assert asked_days("what did I do before the first week of October 2026?", dt.date(2026, 12, 6)) is None
