"""A day of the month with no month read in the question's direction, and a weekday written with its day (qnth).

"what's on the 19th" asked on Monday 2026-12-07 read 2026-11-19 (a club's cross-country results ranked first, not
the Christmas social on Sat 19 Dec), as "the Nth" was always the latest gone; a question not in the past tense reads
the coming one now, as a yearless "on Dec 19" is read. "on sat 19th", "german class on tue 24th" read no day (or
"on tuesday" alone): the 19th that is a Saturday now.
"""

import datetime as dt

import pytest

from minirag_cli.askday import AskedDays, UnreadDays, UnreadWeekdayDay, read_days

MONDAY = dt.date(2026, 12, 7)


def _day(question: str, today: dt.date = MONDAY) -> str | None:
    read = read_days(question, today)
    if not isinstance(read, AskedDays):
        return None
    assert read.first == read.last
    return read.first.isoformat()


@pytest.mark.parametrize("question, day", [
    # present or plan: the coming one (it read November's)
    ("what's on the 19th", "2026-12-19"),
    ("what's happening on the 26th", "2026-12-26"),
    ("what is on the 16th", "2026-12-16"),
    ("is anything booked for the 22nd", "2026-12-22"),
    ("the 19th?", "2026-12-19"),
    ("what will I do on the 1st?", "2027-01-01"),
    ("what's on the 31st?", "2026-12-31"),
    ("what's on the 7th", "2026-12-07"),  # today's day is today
    # past, or a day's notes or records: the latest gone, as before
    ("what did we do on the 19th", "2026-11-19"),
    ("what did coach dave do on the 1st", "2026-12-01"),
    ("what did i write on the 27th", "2026-11-27"),
    ("notes from the 3rd", "2026-12-03"),
    ("what are my notes on the 3rd?", "2026-12-03"),
    ("what's the summary of the meeting on the 3rd?", "2026-12-03"),
])
def test_a_day_of_the_month_is_read_in_the_questions_direction(question, day):
    assert _day(question) == day


def test_a_day_of_the_month_to_come_is_read_as_days_to_come():
    read = read_days("what's on the 19th", MONDAY)
    assert read.ahead and read.label() == "the 19th (2026-12-19)"  # what stderr's hint names


@pytest.mark.parametrize("question, day", [
    ("what's on sat 19th", "2026-12-19"),
    ("what's on Saturday 19th?", "2026-12-19"),
    ("anything booked for fri 18th?", "2026-12-18"),
    ("what did we do in german on tuesday 24th", "2026-11-24"),  # it read "on tuesday" alone, 12-01
    ("german class on tue 24th", "2026-11-24"),  # no Tuesday 24th to come before August: the one gone
    ("what's on Tues the 24th", "2026-11-24"),
    ("what's on Fri the 15th?", "2027-01-15"),  # it read none
    ("what's on Sat the 19th?", "2026-12-19"),  # "Sat" is no past of "sit" here
    ("what did I do on sun 6th", "2026-12-06"),
    ("what did I do on Saturday the 14th?", "2026-11-14"),
])
def test_a_weekday_with_its_day_is_that_day(question, day):
    assert _day(question) == day


def test_a_weekday_with_its_day_asked_that_day_is_today():
    assert _day("What did I do on Wed 2nd?", dt.date(2026, 12, 2)) == "2026-12-02"  # it read none


def test_a_weekday_no_near_day_falls_on_is_said_not_guessed():
    read = read_days("what's on wed 19th", MONDAY)
    assert isinstance(read, UnreadWeekdayDay)
    assert read.note() == ("“on wed 19th” is searched as written: no 19th within two months falls on a Wednesday "
                           "(the nearest 19th, 2026-12-19, is a Saturday).")


def test_who_holds_a_role_on_a_day_to_come_is_the_calendars():
    read = read_days("who is run director on the 26th", MONDAY)
    assert isinstance(read, AskedDays) and read.first == dt.date(2026, 12, 26)
    marshal = read_days("who's the marshal on sat 19th?", MONDAY)
    assert isinstance(marshal, AskedDays) and marshal.first == dt.date(2026, 12, 19)
    # a name's day, or a role's gone, stays someone's: said, not read
    assert isinstance(read_days("who is Anna on the 19th?", MONDAY), UnreadDays)
    gone = read_days("who was run director on the 26th?", MONDAY)
    assert isinstance(gone, UnreadDays) and gone.days.first == dt.date(2026, 11, 26)


@pytest.mark.parametrize("question", [
    "what did I see on the 5th floor?", "what's on the 5th floor?", "where did I come in the 5th place?",
    "what should I get for my 40th?", "what did I read about the 20th century?", "the 3rd time I ran?",
    "did I watch Friday 13th?", "who won 5th place?", "what's on fri 27.11.?",
])
def test_an_ordinal_that_is_no_day_is_not_read(question):
    assert _day(question) is None
