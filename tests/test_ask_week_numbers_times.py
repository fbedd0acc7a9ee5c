"""A week number written as a note's name writes it ("wk 47", "W47", "week 49" without "in") is the ISO week
"in week 47" is (askday._a_bare_week), and a day followed by its time ("on Dec 2, 2pm", "on 2 December, 10:30") is
that day, not a list's first day (dayspans._TIME_AFTER). Asked 2026-12-07 (qdays2)."""

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

TODAY = dt.date(2026, 12, 7)
WEEK_47 = ("2026-11-16", "2026-11-22")


def _span(question: str, today: dt.date = TODAY) -> tuple[str, str] | None:
    days = asked_days(question, today)
    return None if days is None else (days.to_dict()["from"], days.to_dict()["to"])


@pytest.mark.parametrize(("question", "span"), [
    ("what did I do wk 47", WEEK_47),
    ("notes from W47", WEEK_47),
    ("what happened in W47", WEEK_47),
    ("anything in wk47?", WEEK_47),
    ("what did I do in wk. 47?", WEEK_47),
    ("what did I do w47?", WEEK_47),
    ("what did I do wk 47 at work", WEEK_47),
    ("notes from week 47, at work", WEEK_47),
    ("what did I do week 49", ("2026-11-30", "2026-12-06")),
    ("what did I do week 50?", ("2026-12-07", "2026-12-13")),  # under way: this one
    ("what did I do in W05?", ("2026-01-26", "2026-02-01")),
    ("notes from W47 2025", ("2025-11-17", "2025-11-23")),
    ("what did I do wk 47 last year?", ("2025-11-17", "2025-11-23")),
    ("what did I do in the W47?", WEEK_47),
])
def test_a_week_number_as_notes_write_it_is_the_iso_week(question, span):
    assert _span(question) == span, question


def test_a_bare_week_number_not_begun_is_last_year_s():
    # as "in week 50" is: the latest such week begun by the asking day
    assert _span("what did I do wk 50?", dt.date(2026, 12, 6)) == ("2025-12-08", "2025-12-14")


@pytest.mark.parametrize("question", [
    "how long was the 3 week holiday?",
    "what was in week 2 of the course",
    "how often do I run twice a week?",
    "where is the W2 form",
    "W2 form deadline",
    "where is my W2?",
    "did I file the W-2?",
    "how many weeks did it take",
    "Week 1 exercises",
    "what are the Week 1 exercises?",
    "what is the W3C spec",
    "books about WWII",
    "did I put it in the W2 form?",
    "what is in W3 lecture",
    "the week 3 notes",
    "what did I do on week 3, day 2 of the running plan?",
    "what did I do in wk 60?",
])
def test_what_is_no_week_of_the_calendar_is_read_as_written(question):
    assert asked_days(question, TODAY) is None, question


def test_in_week_n_reads_as_before():
    # the lead's reading is kept whatever follows it
    assert _span("what did I do in week 47") == WEEK_47
    assert _span("in week 1 exercises") == ("2025-12-29", "2026-01-04")


@pytest.mark.parametrize("question", [
    "what happened on Dec 2, 2pm",
    "what happened on 2 December, 10:30",
    "what happened on Dec 2 2pm",
    "what did I do on 2 Dec, 2.30 p.m.?",
    "what did we agree on December 2nd, 3 o'clock?",
    "what did I do on Dec 2, 14:00?",
    "what did I do on Dec 2, 11 am at the office?",
])
def test_a_day_and_its_time_is_the_day(question):
    assert _span(question) == ("2026-12-02", "2026-12-02"), question


def test_a_weekday_and_its_time_is_the_day():
    assert _span("what did I do on Friday, 3pm") == ("2026-12-04", "2026-12-04")


@pytest.mark.parametrize("question", [
    "what happened on Dec 2, 3 and 4",
    "what happened on 2, 3 and 4 December",
    "what happened on Dec 2, 9, 16",
    "what happened on Dec 2, 4 of us went",
    "what happened on Dec 2, 3 amigos",
    "what happened on Dec 2, 10",
    "what happened on Dec 2, 2pm and Dec 3",
])
def test_a_list_of_days_or_a_number_after_a_day_reads_none(question):
    assert asked_days(question, TODAY) is None, question


NOTES = {
    "weekly/2026-W47.md": "# Week review\n\n- Fixed the boiler.\n- Started the quilt.\n",
    "weekly/2026-W46.md": "# Week review\n\n- Cleaned the attic.\n",
    "notes/invoices.md": "Invoice for wk 47 sent to Acme, timesheet for week 47 too.\n",
    "daily/2026-12-02.md": "Dentist at 2pm, then the long walk.\n",
    "daily/2026-12-03.md": "Quiet day: Dec 2, 2pm came up in a chat about the dentist, Dec 2, 2pm.\n",
}


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("vault")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("question", ["what did I do in week 47?", "what did I do wk 47?", "what did I do in W47?",
                                      "what did I do week 47"])
def test_the_week_note_ranks_first_for_a_week_number(vault, question):
    with Index.open(effective({"db": str(vault), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        found = index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=TODAY)
    assert found.days is not None and found.days.to_dict()["from"] == WEEK_47[0]
    assert found.results[0]["path"] == "weekly/2026-W47.md", [r["path"] for r in found.results]


def test_the_day_s_note_ranks_first_for_a_day_and_its_time(vault):
    with Index.open(effective({"db": str(vault), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        found = index.search("what happened on Dec 2, 2pm?", RetrievalOptions(k=5, mode="hybrid"), today=TODAY)
    assert found.results[0]["path"] == "daily/2026-12-02.md", [r["path"] for r in found.results]
