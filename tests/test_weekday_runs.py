"""Weekday phrases in questions that read wrong or nothing (session 49, dates3), through the index as `mrag ask`:

- a list of weekdays that names the asking day's weekday split the run: "on Sat and Sun" asked on a Sunday read
  yesterday and the Sunday a week ago (two weekends); it is yesterday and today, and "last Sat and Sun" last weekend;
- "between Mon and Wed" and a bare "Mon-Wed" / "Monday–Wednesday" read nothing: a span, as "from Mon to Wed";
- "on the weekend", "at the weekend", "over the weekend" read nothing: in a past tense, as "this weekend" is."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days
from minirag_cli.options import RetrievalOptions
from minirag_cli.unheld import unheld_names
from tests.conftest import daily_notes_index

SUNDAY = dt.date(2026, 12, 6)
WEDNESDAY = dt.date(2026, 12, 2)
MONDAY = dt.date(2026, 11, 30)
DAYS = {
    "2026-11-25": "Yoga class in the evening.",
    "2026-11-26": "Pottery course, glazed two bowls.",
    "2026-11-28": "Hiked up the ridge trail.",
    "2026-11-29": "Went to the farmers market.",
    "2026-11-30": "Dentist appointment at 9.",
    "2026-12-01": "Gym in the morning.",
    "2026-12-02": "Lunch with Priya.",
    "2026-12-04": "Movie night, watched Dune.",
    "2026-12-05": "Cleaned the garage.",
    "2026-12-06": "Brunch at the harbour cafe.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("weekday_runs"), DAYS)


def _days(question: str, today: dt.date) -> list[str] | None:
    asked = asked_days(question, today)
    return None if asked is None else [str(d) for d in asked.days()]


def _answered_from(index, question: str, today: dt.date) -> tuple[list[str], set[str], list[str]]:
    """The days the search reads, the daily notes the answer keeps, the names it finds unheld."""
    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=today)
    prepared = index.prepare_answer(result)
    kept = {result.results[s["n"] - 1]["path"][-13:-3] for s in prepared.sources}
    return [str(d) for d in result.days.days()] if result.days else [], kept, prepared.unheld


@pytest.mark.parametrize("question, today, days", [
    # the asking day's weekday in the list: today when that keeps the days together (were 11-29 and 12-05)
    ("What did I do on Sat and Sun?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Saturday and Sunday?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Fri, Sat and Sun?", SUNDAY, ["2026-12-04", "2026-12-05", "2026-12-06"]),
    ("¿Qué hice el sábado y el domingo?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Mon, Wed and Fri?", dt.date(2026, 12, 4), ["2026-11-30", "2026-12-02", "2026-12-04"]),
    # after "last", yesterday's weekday is a week before when that keeps them together (were 11-29 and 12-05)
    ("What did I do last Sat and Sun?", SUNDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do last Friday and Saturday?", dt.date(2026, 12, 5), ["2026-11-27", "2026-11-28"]),
    # the last weekend asked midweek, as before
    ("What did I do on Sat and Sun?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do last Sat and Sun?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    # today's weekday a week back when that is closer: last week's Wednesday and Thursday, not today and 11-26
    ("What did I do on Wed and Thu?", WEDNESDAY, ["2026-11-25", "2026-11-26"]),
    ("What did I do on Mon, Wed and Fri?", MONDAY, ["2026-11-23", "2026-11-25", "2026-11-27"]),
    # one weekday alone is the most recent before today, as before ("on Sunday" asked on a Sunday: a week ago)
    ("What did I do on Sunday?", SUNDAY, ["2026-11-29"]),
    # a future day of this week, as before (left as is): Wednesday asked on a Monday
    ("What did I do on Mon and Wed this week?", MONDAY, ["2026-11-30", "2026-12-02"]),
])
def test_weekday_lists_are_one_run(question, today, days):
    assert _days(question, today) == days


def test_a_weekend_list_is_answered_from_its_own_notes(index):
    # on main: 11-29 and 12-05, and the farmers market of a week ago was a source
    assert _answered_from(index, "What did I do on Sat and Sun?", SUNDAY) == (
        ["2026-12-05", "2026-12-06"], {"2026-12-05", "2026-12-06"}, [])


@pytest.mark.parametrize("question, today, days", [
    ("What did I do between Mon and Wed?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("What did I do between Monday and Wednesday?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("What did I do Mon-Wed?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("What did I do Mon–Wed?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("What did I do Monday—Wednesday?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("Mon-Wed: what did I do?", MONDAY, ["2026-11-23", "2026-11-24", "2026-11-25"]),  # ended by the asking day
    ("What did I eat Mon-Wed last week?", SUNDAY, ["2026-11-23", "2026-11-24", "2026-11-25"]),
    ("What did I do between Mon and Wed last week?", SUNDAY, ["2026-11-23", "2026-11-24", "2026-11-25"]),
    ("What did I do yesterday and Mon-Wed?", SUNDAY, ["2026-12-05"]),  # beside another phrase: that one
])
def test_between_and_dashed_weekdays_are_a_span(question, today, days):
    assert _days(question, today) == days


@pytest.mark.parametrize("question", [
    "What did I do between Mon and Wed?", "What did I do Tue-Thu?", "What did I do Monday–Wednesday?"])
def test_a_span_between_or_dashed_is_answered_from_its_notes(index, question):
    days, kept, unheld = _answered_from(index, question, SUNDAY)
    assert days and kept and kept <= set(days) and unheld == [], (days, kept, unheld)


@pytest.mark.parametrize("question", [
    "What's on the Mon-Fri rota?",  # a noun's: after a determiner
    "What did I put on every Mon-Fri shift?",
    "Is `Mon-Wed` a valid cron field?",  # code
    "Which file is x-Mon-Wed.txt?",  # in a word
    "What did Priya do between Mon and Wed?",  # someone else's
    "What did I do between Monday and yesterday?",  # no span of weekdays
    "What did I say about Sun-Mi on Mon?",  # a name, not a weekday
])
def test_no_span_where_it_is_none(question):
    asked = asked_days(question, SUNDAY)
    assert asked is None or "-" not in asked.words, asked


@pytest.mark.parametrize("question, today, days", [
    ("What did I do on the weekend?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do at the weekend?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("Where did I go over the weekend?", MONDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do on the weekend?", SUNDAY, ["2026-12-05", "2026-12-06"]),  # asked on it: this one
])
def test_the_weekend_in_a_past_tense_is_the_one_just_gone(question, today, days):
    assert _days(question, today) == days


@pytest.mark.parametrize("question", [
    "What do I do on the weekend?",  # a habit, or the coming one
    "What am I doing on the weekend?",
    "What did I usually do on the weekend?",
    "Did I ever go hiking at the weekend?",
    "What did I plan to do on the weekend?",
    "What did I buy on the weekend of the wedding?",
    "What did I do on weekends?",  # every weekend
    "What did I do every Friday?",
])
def test_a_weekend_not_one_of_them_reads_none(question):
    assert asked_days(question, WEDNESDAY) is None


def test_the_weekend_is_answered_from_its_notes(index):
    assert _answered_from(index, "What did I do on the weekend?", WEDNESDAY) == (
        ["2026-11-28", "2026-11-29"], {"2026-11-28", "2026-11-29"}, [])


def test_spans_between_or_dashed_are_held_by_their_days():
    for question in ["What did I do between Tue and Thu?", "What did I do Tue–Thu?",
                     "What did I do Tuesday-Thursday?", "What did I do between Tuesday and Thursday?"]:
        assert unheld_names(question, ["Gym."], ["2026-12-02"]) == [], question  # a Wednesday
