"""A month or a day gone this year, asked about as something coming, is next year's (session 55, futuremonth; asked
on Monday 2026-12-07).

"what deadlines do i have in january" read January 2026, the latest begun, and said "no note is dated in january":
the user means the coming January. A month or a day written without its year, begun within the next 4 months, in a
question that asks ahead of it (a plan's form right before it, a yes/no question of a plan or an appointment:
askday._asks_ahead_of_a_date) is now the one not yet ended; any other question reads the latest begun, as before
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
    ("what will I do in january?", "2027-01-01", "2027-01-31"),
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


# futuremonth's review (fixF): a month or a day is read ahead within AHEAD_MONTHS alone, after a plan's form right
# before it, in no relative clause's past, and no thing's state; a weekday's reading is main's

@pytest.mark.parametrize("question,today,first", [
    ("what's due in november?", MONDAY, "2026-11-01"),  # the month just ended, not November 2027
    ("what is due on Nov 30?", MONDAY, "2026-11-30"),
    ("what's planned in october?", MONDAY, "2026-10-01"),
    ("what deadlines do I have in May?", MONDAY, "2026-05-01"),  # 5 months on: the latest begun
    ("what's due in april?", MONDAY, "2027-04-01"),  # 4 months on: the coming one
    ("what am I doing on Apr 30?", MONDAY, "2027-04-30"),
    ("is physio on May 3?", MONDAY, "2026-05-03"),
    ("what's due in november?", dt.date(2026, 9, 15), "2026-11-01"),  # to come this year (was 2025's)
    ("what's due in august?", dt.date(2026, 9, 15), "2026-08-01"),  # gone a month: this year's
])
def test_a_month_or_day_is_read_ahead_within_four_months_alone(question, today, first):
    assert _read(question, today).first.isoformat() == first


def test_a_plans_month_beyond_four_months_for_it_is_not_read():
    assert _read("anything planned for october?") is None  # as main: "for" a month not read ahead


@pytest.mark.parametrize("question", [
    "what should I remember about the trip in january?",
    "what do I need to follow up on from the conference in january?",
    "how should I summarise the sprint in february?",
    "what will I tell the accountant about my spending in february?",
    "should I keep the receipts in january?",
    "what will I say about the budget in march?",
])
def test_a_month_after_a_nouns_event_is_not_moved_by_a_plan_word(question):
    assert _read(question).first.year == 2026, question


@pytest.mark.parametrize("question", [
    "is the hotel I booked in March refundable?",
    "are the tickets I booked in january still valid?",
    "is the trip we planned in january still on?",
    "anything I booked in march?",
    "something I planned in january",
])
def test_a_relative_clauses_plan_is_past(question):
    assert _read(question).first.year == 2026, question


def test_a_relative_clauses_plan_on_a_weekday_is_the_one_gone():
    assert _read("is the hotel I booked on Friday refundable?").first == dt.date(2026, 12, 4)
    assert _read("am I booked on Friday?").first == dt.date(2026, 12, 11)  # a question's own subject: to come


@pytest.mark.parametrize("question", [
    "is the balance positive in january?",
    "is the spreadsheet correct in february?",
    "is my passport valid in march?",
    "is it cold in january?",
    "is the heating broken in february?",
])
def test_a_yes_no_state_in_a_month_is_not_moved(question):
    assert _read(question).first.year == 2026, question


def test_a_time_in_a_place_on_a_weekday_is_read_as_before():
    from minirag_cli.askday import UnreadDays

    read = _read("what time is it in Tokyo on Friday?")
    assert isinstance(read, UnreadDays) and read.days.first == dt.date(2026, 12, 4)


def test_every_plan_participle_is_a_plan_word():
    assert _read("what's arranged on Saturday?").first == dt.date(2026, 12, 12)  # as "what's booked…" (one list)
