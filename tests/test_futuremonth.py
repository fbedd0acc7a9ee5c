"""A month or a day gone this year, asked about as something coming, is next year's (session 55, futuremonth; asked
on Monday 2026-12-07).

"what deadlines do i have in january" read January 2026, the latest begun, and said "no note is dated in january":
the user means the coming January. A month or a day written without its year in a question that asks ahead (the
form a coming weekday is read by: a plan's word or future, a progressive, a yes/no question of a plan or an
appointment: askday._asks_ahead) is now the one not yet ended; any other question reads the latest begun, as before
("what did I do in january", "notes from january").
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question, today=MONDAY):
    from minirag_cli.askday import read_days

    return read_days(question, today)


def _span(read):
    return read.first.isoformat(), read.last.isoformat()


@pytest.mark.parametrize("question,first,last", [
    ("what deadlines do i have in january", "2027-01-01", "2027-01-31"),
    ("what deadlines do I have in January", "2027-01-01", "2027-01-31"),
    ("what's due in jan?", "2027-01-01", "2027-01-31"),
    ("anything planned for february?", "2027-02-01", "2027-02-28"),
    ("what am I doing in march?", "2027-03-01", "2027-03-31"),
    ("when is the dentist in january?", "2027-01-01", "2027-01-31"),
    ("what's coming up in february", "2027-02-01", "2027-02-28"),
    ("will I be in Lyon in January?", "2027-01-01", "2027-01-31"),
    ("what have I booked for January?", "2027-01-01", "2027-01-31"),
    ("is physio in January?", "2027-01-01", "2027-01-31"),
    ("what's planned in the first week of January?", "2027-01-01", "2027-01-07"),
    # written days without their year, however far within a year (they were the coming one within 31 days only)
    ("is the boiler service booked for Jan 12?", "2027-01-12", "2027-01-12"),
    ("what am I doing on 12 February?", "2027-02-12", "2027-02-12"),
    ("is physio on Jan 12?", "2027-01-12", "2027-01-12"),
    ("what's planned from Jan 12 to Jan 16?", "2027-01-12", "2027-01-16"),
])
def test_a_month_or_day_gone_this_year_asked_ahead_is_next_years(question, first, last):
    read = _read(question)
    assert _span(read) == (first, last)
    assert read.ahead  # days to come: the notes that write one of them are read too


def test_someone_elses_plan_in_a_coming_month_is_read():
    read = _read("is Chloe babysitting in January?")  # the calendar's month, as "is Chloe babysitting on Friday?"
    assert _span(read) == ("2027-01-01", "2027-01-31")


@pytest.mark.parametrize("question,first", [
    ("what did I do in january", "2026-01-01"),
    ("how much did I spend in february?", "2026-02-01"),
    ("what happened in march", "2026-03-01"),
    ("who did I meet in October?", "2026-10-01"),
    ("what was the meter reading in october", "2026-10-01"),
    ("when did I last see Sam in may", "2026-05-01"),
    ("what was I going to do in January?", "2026-01-01"),  # a past form: as a coming weekday's rule
    ("what did I do in the first week of January?", "2026-01-01"),
    ("what did I do on Jan 12?", "2026-01-12"),
    ("notes from Jan 12", "2026-01-12"),  # a record: written, of a day gone
    ("what's planned in my notes from Jan 12?", "2026-01-12"),
    ("what am I doing in January last year?", "2025-01-01"),  # a year said
    ("what's due in December?", "2026-12-01"),  # the month under way
])
def test_a_question_of_the_past_or_of_no_plan_keeps_the_latest_begun(question, first):
    read = _read(question)
    assert read.first.isoformat() == first


def test_someone_elses_past_month_stays_unread():
    from minirag_cli.askday import UnreadDays

    for question in ("did the plumber come in january?", "who booked the room in January?"):
        read = _read(question)
        assert isinstance(read, UnreadDays) and read.days.first == dt.date(2026, 1, 1), question


@pytest.mark.parametrize("question", [
    "notes from january",
    "january deadlines",  # no verb, no tense: not read, as before (a capitalised one searched in every year)
    "dentist january",
    "Dentist January",
    "what did I budget for February?",  # "for" a month outside a plan: a budget's, a rent's month, not read
    "what's the rent for March?",
    "what are my plans for January 2026?",  # its year written
    "what does Keller say about January?",
])
def test_no_month_is_read(question):
    assert _read(question) is None


def test_a_month_still_to_come_this_year_is_this_years_when_asked_ahead():
    march = dt.date(2026, 3, 7)
    assert _span(_read("what deadlines do I have in june?", march)) == ("2026-06-01", "2026-06-30")  # was 2025's
    assert _span(_read("what did I do in june?", march)) == ("2025-06-01", "2025-06-30")  # the latest begun


@pytest.fixture(scope="module")
def deadlines_index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("futuremonth")
    write_notes(tmp / "notes", {
        "daily/2026-12-04.md": "# 2026-12-04\nRang the plumber about the boiler.\n",
        "projects/deadlines.md": "# Deadlines\n\n- Tax return due 2027-01-20\n- Grant report due 2027-01-28\n",
    })
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def test_mrag_ask_reads_the_coming_january(deadlines_index, monkeypatch):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(deadlines_index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", "what deadlines do i have in january", "--json", "--k", "3"])
    assert out.exit_code == 0, out.output
    found = json.loads(out.stdout)
    assert found["days"] == {"words": "in january", "from": "2027-01-01", "to": "2027-01-31", "dated_notes": False,
                             "read": True, "writing_notes": True}  # the shape "next week" has
    assert found["results"][0]["path"] == "projects/deadlines.md"
    assert ("no note is dated in january (2027-01-01 to 2027-01-31) yet: the notes that write a day of it are "
            "searched") in out.stderr
    assert "no note is dated in january (2026" not in out.stderr
