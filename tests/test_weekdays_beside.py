"""Weekday questions as review revG found them read (session 48, fixF), asked on Sunday 2026-12-06:

- a short weekday beside a week, a month or a day ("on Mon and Wed last week", "yesterday and on Mon") made
  the question read no day at all (two phrases); beside a week it is that week's day, else the other phrase
  is read alone, as before short weekdays were dates;
- a span of weekdays reached into the future ("from Fri to Mon" asked on a Sunday ended tomorrow): it is the
  latest one ended by the asking day;
- a span's or a list's weekdays ("from Tue to Thu", "on Tue and Wed") were unheld names, declined, when the
  notes found fell on another of its days."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days
from minirag_cli.options import RetrievalOptions
from minirag_cli.unheld import unheld_names
from tests.conftest import daily_notes_index

TODAY = dt.date(2026, 12, 6)  # a Sunday
DAYS = {
    "2026-11-22": "Long walk by the river.",
    "2026-11-23": "Team standup; fixed the login bug.",
    "2026-11-24": "Bought winter tyres.",
    "2026-11-25": "Yoga class in the evening.",
    "2026-11-27": "Movie night, watched Dune.",
    "2026-11-29": "Went to the farmers market.",
    "2026-11-30": "Dentist appointment at 9.",
    "2026-12-01": "Gym in the morning.",
    "2026-12-02": "Lunch with Priya.",
    "2026-12-05": "Cleaned the garage.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("weekdays_beside"), DAYS)


def _read(question: str) -> tuple | None:
    asked = asked_days(question, TODAY)
    return None if asked is None else (asked.words, [str(d) for d in asked.days()])


@pytest.mark.parametrize("question, words, days", [
    ("What did I do on Mon and Wed last week?", "on Mon and Wed last week", ["2026-11-23", "2026-11-25"]),
    ("What did I do on Mon last week?", "on Mon last week", ["2026-11-23"]),
    ("What did I do last week on Mon?", "last week on Mon", ["2026-11-23"]),
    ("What did I do from Mon to Wed last week?", "from Mon to Wed last week",
     ["2026-11-23", "2026-11-24", "2026-11-25"]),
    ("What did I do on Mon and Wed this week?", "on Mon and Wed this week", ["2026-11-30", "2026-12-02"]),
    ("What did I do on Monday last week?", "on Monday last week", ["2026-11-23"]),  # read nothing before
    ("What did I do on Mon and Wed of last week?", "on Mon and Wed of last week", ["2026-11-23", "2026-11-25"]),
    ("What did I do on Tue the 3rd?", "on Tue the 3rd", ["2026-11-03"]),  # not Thursday 12-03
    # "two weeks ago" is a week (qdays3): the days of it named
    ("What did I do from Monday to Wednesday two weeks ago?", "from Monday to Wednesday two weeks ago",
     ["2026-11-16", "2026-11-17", "2026-11-18"]),
    ("What did I do on Sat the 31st?", "on Sat the 31st", ["2026-10-31"]),
])
def test_weekdays_beside_a_week_are_its_days(question, words, days):
    assert _read(question) == (words, days)


@pytest.mark.parametrize("question, words", [
    ("What did I do on Mon and Wed in November?", "in November"),
    ("What did I do from Monday to Wednesday a week ago?", "a week ago"),  # a day, no week (qdays3)
    ("What did I do yesterday and on Mon?", "yesterday"),
    ("What did I eat on Sun. yesterday?", "yesterday"),
    ("What did I do on Mon at the gym last week?", "last week"),  # apart from it: the week
])
def test_a_short_weekday_beside_another_phrase_leaves_it_read(question, words):
    assert _read(question)[0] == words


@pytest.mark.parametrize("question, asked_on, day", [
    # a weekday apart from "the 3rd" is no weekday of it (review revI: July 3, a Friday, was read)
    ("I went climbing on Fri; what did Anna say on the 3rd?", TODAY, "2026-12-03"),
    ("What did I do last Fri or on the 3rd?", TODAY, "2026-12-03"),
    ("What did I do on the 3rd, and on Sat?", dt.date(2026, 12, 2), "2026-11-03"),
    ("On Mon and Tue I was sick; what happened on the 3rd?", TODAY, "2026-12-03"),
    ("What did I do on Tue the 3rd and Wed the 4th?", TODAY, "2026-12-04"),
    # a weekday no 3rd of the last two months falls on is a slip, not a day months ago (it read June 3)
    ("What did I do on Wed the 3rd?", TODAY, "2026-12-03"),
    ("What did I do on Sun the 30th?", TODAY, "2026-11-30"),
])
def test_a_weekday_apart_from_the_day_of_the_month_or_far_off_leaves_it_read(question, asked_on, day):
    read = asked_days(question, asked_on)
    assert read is not None and (read.first.isoformat(), read.last.isoformat()) == (day, day)


@pytest.mark.parametrize("question", ["What did I do on Fri 27.11.?", "What did I do on the 3rd on Tue?"])
def test_a_short_weekday_beside_a_written_day_reads_no_day_of_its_own(question):
    # review revI: "on Wed 2nd" asked on Wednesday 12-02 read Nov 25, "on Fri 27.11." Dec 4, "the 3rd on Tue" Dec 1;
    # the day written beside it is the one asked: none is read, as before short weekdays were dates ("on Wed 2nd" is
    # read since as the 2nd that is a Wednesday, that day: test_qnth)
    assert asked_days(question, dt.date(2026, 12, 2)) is None
    assert asked_days(question, TODAY) is None


def test_two_full_weekday_phrases_apart_are_still_none():
    assert asked_days("What did I do last Friday compared to this week?", TODAY) is None
    assert asked_days("What did I do on Mon and Tue the 3rd?", TODAY) is None  # two weekdays, one day


@pytest.mark.parametrize("question, first, last", [
    ("What did I do from Fri to Mon?", "2026-11-27", "2026-11-30"),
    ("What did I do from Wed to Mon?", "2026-11-25", "2026-11-30"),
    ("What did I do on Thu to Tue?", "2026-11-26", "2026-12-01"),
    ("What did I do on Friday to Monday?", "2026-11-27", "2026-11-30"),
    ("What did I do from Mon to Fri?", "2026-11-30", "2026-12-04"),
    ("What did I do from Sat to Sun?", "2026-12-05", "2026-12-06"),  # today is its end
])
def test_a_weekday_span_is_not_in_the_future(question, first, last):
    asked = asked_days(question, TODAY)
    assert (str(asked.first), str(asked.last)) == (first, last) and not asked.dates


def test_weekdays_beside_a_week_through_the_index(index):
    result = index.search("What did I do on Mon and Wed last week?", RetrievalOptions(k=10, mode="hybrid"),
                          today=TODAY)
    assert [str(d) for d in result.days.days()] == ["2026-11-23", "2026-11-25"]
    prepared = index.prepare_answer(result)
    kept = {result.results[s["n"] - 1]["path"][-13:] for s in prepared.sources}
    assert kept == {"2026-11-23.md", "2026-11-25.md"} and prepared.unheld == [], (kept, prepared.unheld)


@pytest.mark.parametrize("question", ["What did I do from Tue to Thu?", "What did I do on Tue through Thu?",
                                      "What did I do from Tuesday to Thursday?", "What did I do on Tue and Wed?"])
def test_a_spans_or_lists_weekdays_are_dates(index, question):
    assert unheld_names(question, ["Gym."], ["2026-12-01"]) == []  # a Tuesday
    assert unheld_names(question, ["Gym."], ["2026-12-02"]) == []  # a Wednesday
    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=TODAY)
    assert index.prepare_answer(result).unheld == []
    # a weekday not written as a date is still a name: "with Wed and Sat"
    assert unheld_names("What did I do with Wed and Sat?", ["Yoga."], ["2026-12-02"]) == ["Wed", "Sat"]
