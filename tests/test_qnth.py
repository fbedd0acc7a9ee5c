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
    ("what's on Tues the 24th", "2026-12-24"),  # no Tuesday 24th within six weeks to come: the 24th alone
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
    assert read.note() == ("“on wed 19th” is searched as written: no 19th to come within six weeks falls on a "
                           "Wednesday (the coming 19th, 2026-12-19, is a Saturday).")


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


# review of qnth (fixQN): a question not in the past but of no plan, as terse, read the coming day ("meeting on the
# 3rd?" asked on Dec 7: 2027-01-03, and 2026-12-03.md fell from 1st to 3rd); the coming day skipped short months; a
# weekday with its day was looked for months from today; a list of them read its first; "who is" any word read ahead
@pytest.mark.parametrize("question, day", [
    ("meeting on the 3rd?", "2026-12-03"),
    ("run on the 6th", "2026-12-06"),
    ("standup on the 2nd?", "2026-12-02"),
    ("the invoice from the 3rd?", "2026-12-03"),
    ("action items from the 1st", "2026-12-01"),
    ("recap of the 2nd", "2026-12-02"),
    ("highlights of the 5th", "2026-12-05"),
    ("what's logged on the 5th?", "2026-12-05"),
    ("todos on the 1st", "2026-12-01"),
    ("tell me about the party on the 4th", "2026-12-04"),
    ("the 5th?", "2026-12-05"),
    ("on the 5th", "2026-12-05"),
    ("the 19th?", "2026-11-19"),
    ("what should I remember from the 3rd?", "2026-12-03"),  # a plan's word, but a thing from the 3rd
    ("what do I need to do about the email of the 2nd?", "2026-12-02"),
])
def test_a_day_of_the_month_in_a_question_of_no_plan_is_the_latest_gone(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question, day", [
    ("anything happening on the 19th?", "2026-12-19"),
    ("what's coming up on the 19th?", "2026-12-19"),
    ("am I free on the 19th?", "2026-12-19"),
    ("is the party on the 19th?", "2026-12-19"),
    ("anything for the 22nd?", "2026-12-22"),
    ("what's due on the 15th?", "2026-12-15"),
    ("what's on the 3rd?", "2027-01-03"),  # a plan's: the 3rd gone is this month's, so January's
])
def test_a_day_of_the_month_in_a_question_of_a_plan_is_the_coming_one(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question, today, day", [
    ("what's on the 30th?", dt.date(2027, 1, 31), "2027-01-30"),  # no Feb 30: not March 30
    ("what's on the 31st?", dt.date(2027, 2, 1), "2027-01-31"),  # no 31st within a month: not March 31
    ("what's on the 29th?", dt.date(2027, 2, 1), "2027-01-29"),
    ("what's on the 3rd?", dt.date(2027, 1, 5), "2027-02-03"),
    ("what's on the 31st?", dt.date(2027, 1, 2), "2027-01-31"),
])
def test_the_coming_day_of_the_month_is_within_a_month(question, today, day):
    assert _day(question, today) == day


@pytest.mark.parametrize("question", [
    "what's on sat 20th",  # Sunday the 20th this weekend; a Saturday 20th only in February
    "what did I do on sat 19th",  # a Saturday 19th gone only in September
    "what did I do on sun 20th",
])
def test_a_weekday_with_its_day_further_than_six_weeks_is_said_not_read(question):
    assert isinstance(read_days(question, MONDAY), UnreadWeekdayDay)


def test_a_weekday_with_its_day_in_a_terse_question_is_the_nearest_either_way():
    assert _day("on Friday 13th") == "2026-11-13"  # it read "on Friday" alone, 12-04
    assert _day("hey, free on sat 19th?") == "2026-12-19"


@pytest.mark.parametrize("question", [
    "what's on fri 18th, sat 19th and sun 20th?", "what's on fri 18th or the 25th?", "on sat 19th - sun 20th",
])
def test_weekdays_with_their_days_listed_read_none_not_the_first(question):
    assert read_days(question, MONDAY) is None


@pytest.mark.parametrize("question", [
    "who is mentioned on the 3rd?", "who is the author on the 3rd?", "who is right for next month?",
    "who is it for tomorrow", "who is better for next week, Tom or Sam?", "who is the best on the 3rd?",
])
def test_who_is_no_role_on_a_day_stays_unread(question):
    read = read_days(question, MONDAY)
    assert isinstance(read, UnreadDays)  # the question asks who: said, not read
    assert "the 3rd" not in question or read.days.first == dt.date(2026, 12, 3)  # the 3rd gone, no role's to come


@pytest.mark.parametrize("question, day", [
    ("who is going on the 26th", "2026-12-26"), ("who is off on the 24th?", "2026-12-24"),
    ("who are the timekeepers for the 19th?", "2026-12-19"),
])
def test_who_is_on_a_day_of_a_rota_reads_it(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question", ["what's on sat 30th", "what did I do on sat 30th", "what's on the 5th",
                                      "on sun 2nd"])
def test_a_day_of_the_month_asked_in_the_year_1_raises_nothing(question):
    read_days(question, dt.date(1, 1, 2))  # "what's on sat 30th" raised ValueError: year 0
