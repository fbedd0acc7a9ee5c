"""An ISO week or a quarter a question names ("what did I do in week 45?", "in
week 45 of 2026", "in Q4", "in Q4 2026") is a span of days, as "last week"
is (askday.py): `days` in `ask --json`, its days' notes as the date
channel's candidates (a weekly note asked about by its week gets the whole
vote), and the answer reads those notes. Without a year: the latest such
week or quarter begun by the asking day."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 6)
NOTES = {
    "Daily/2026-10-27.md": "Cleaned the garage, sorted the boxes of books.\n",
    "Daily/2026-11-03.md": "Repainted the fence with Lena.\n",
    "Daily/2026-11-06.md": "Baked bread and fixed the bike chain.\n",
    "Daily/2026-11-20.md": "Booked the ferry for the holidays.\n",
    "Weekly/2026-W44.md": "# Plan for week 45\n\nWhat to do in week 45: week 45 is for the fence, week 45 week 45.\n",
    "Weekly/2026-W45.md": "# Review\n\n- Fence repainted.\n- Bread baked.\n",
    "Quarterly/2026-Q3.md": "# Q3 review\n\nThe summer quarter: two hikes.\n",
    "Notes/budget.md": "The Q4 budget: what did I do in Q4, Q4, Q4 and Q4 again.\n",
}


@pytest.mark.parametrize(("question", "first", "last"), [
    ("What did I do in week 45?", "2026-11-02", "2026-11-08"),
    ("what did I do in week 45 of 2026?", "2026-11-02", "2026-11-08"),
    ("What did I do in week 45, 2025?", "2025-11-03", "2025-11-09"),
    ("what did I do in week 45?", "2026-11-02", "2026-11-08"),
    ("what did I do in week 45 of 2026 at work?", "2026-11-02", "2026-11-08"),
    ("What did I do in week 50?", "2025-12-08", "2025-12-14"),  # not begun by the asking day: last year's
    ("what did I do in Q4?", "2026-10-01", "2026-12-31"),
    ("What did I do during Q4 2026?", "2026-10-01", "2026-12-31"),
    ("What did I do in Q1 2025?", "2025-01-01", "2025-03-31"),
    ("What did I do in Q3 of 2025?", "2025-07-01", "2025-09-30"),
    ("what did I do in Q3 of 2026 at work?", "2026-07-01", "2026-09-30"),
])
def test_a_week_or_a_quarter_is_a_span_of_days(question, first, last):
    days = asked_days(question, TODAY)
    assert days is not None and days.to_dict()["from"] == first and days.to_dict()["to"] == last, question


@pytest.mark.parametrize(("question", "first", "last"), [
    # a year said in words (revO: tasks4's "not of" read "in Q3 of this year" as no quarter, and "of last
    # year" was this year's Q3 before it)
    ("what did I do in Q3 of this year?", "2026-07-01", "2026-09-30"),
    ("What did I do in Q3 of last year?", "2025-07-01", "2025-09-30"),
    ("what is planned in Q1 of next year?", "2027-01-01", "2027-03-31"),
    ("what did I do in Q2 last year?", "2025-04-01", "2025-06-30"),
    ("what did I do in week 45 of this year?", "2026-11-02", "2026-11-08"),
    ("what did I do in week 45 of last year?", "2025-11-03", "2025-11-09"),
    ("what did I do in week 45 last year?", "2025-11-03", "2025-11-09"),
    # "of the year" says none: the latest begun, as "in Q3" and "in week 50" are
    ("what did I do in Q3 of the year?", "2026-07-01", "2026-09-30"),
    ("what did I do in week 50 of the year?", "2025-12-08", "2025-12-14"),
])
def test_a_year_said_in_words_is_the_week_s_or_the_quarter_s(question, first, last):
    days = asked_days(question, TODAY)
    assert days is not None and days.to_dict()["from"] == first and days.to_dict()["to"] == last, question


def test_what_is_no_week_or_quarter_of_the_askers_is_read_as_written():
    # a year a clause or a word after "the year" names is no calendar year
    for question in ("what did I do in Q3 of the year we moved?", "what did I do in week 45 of the year before?"):
        assert asked_days(question, TODAY) is None, question
    for question in ("What was the Q4 revenue target?", "What did Priya say in Q4?", "What did I do in week 53 of 2025?",
                     "What did I do in week 60?"):
        assert asked_days(question, TODAY) is None, question
    # a week "of" something other than a year counts the asker's own weeks, not the calendar's (and no
    # shorter number, "week 3" of "week 34", is read instead)
    for question in ("what happened in week 3 of the trial?", "What did I learn in week 2 of the course?",
                     "what did I do in week 34 of the project?", "in week 45 of my training plan, what did I run?"):
        assert asked_days(question, TODAY) is None, question
    # ... and a quarter "of" something other than a year the asker's own (tasks4: "in Q3 of the project"
    # was 2026-07-01..09-30, those months' notes got the date vote)
    for question in ("what went wrong in Q3 of the project?", "What did we ship in Q2 of the pilot?",
                     "during Q4 of my training plan, what did I run?", "in Q1 of year two, who joined?"):
        assert asked_days(question, TODAY) is None, question
    # a quarter is searched as its three months' prefixes, not its 92 days'
    assert asked_days("what did I do in Q4?", TODAY).terms() == [
        '"202610"*', '"2026 10"*', '"202611"*', '"2026 11"*', '"202612"*', '"2026 12"*']


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("vault")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25"])
def test_the_weeks_notes_rank_above_a_note_that_only_says_week_45(vault, mode):
    with Index.open(effective({"db": str(vault), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        week = index.search("What did I do in week 45?", RetrievalOptions(k=5, mode=mode), today=TODAY)
        quarter = index.search("what did I do in Q4?", RetrievalOptions(k=8, mode=mode), today=TODAY)
    assert week.days is not None and week.days.to_dict()["from"] == "2026-11-02"
    paths = [r["path"] for r in week.results]
    # the week's days first (the plan that says "week 45" five times ranked first by its words alone),
    # and the week's review gets the date channel's whole vote
    assert set(paths[:2]) == {"Daily/2026-11-03.md", "Daily/2026-11-06.md"}, paths
    assert [r["channels"]["date"]["score"] for r in week.results if r["path"] == "Weekly/2026-W45.md"] == [1.0]
    # every note of the quarter's days is the date channel's, whole; the third quarter's review is none
    dated = {r["path"] for r in quarter.results if r["channels"].get("date", {}).get("score") == 1.0}
    assert dated == {p for p in NOTES if p.startswith(("Daily/", "Weekly/"))}, quarter.results
