"""qdays6: days in questions two testers (a grower, a landlord) asked and saw misread, asked on Monday 7 Dec 2026:
"this <weekday>", "whats on" typed without its apostrophe, "on sat" as a past's "sat", a short weekday after a plan's
participle, and "late" as overdue before "this/last month"."""

import datetime as dt

import pytest

from minirag_cli.askday import AskedDays, read_days

TODAY = dt.date(2026, 12, 7)  # a Monday


def _days(question):
    read = read_days(question, TODAY)
    read = read if read is None or isinstance(read, AskedDays) else read.days  # UnreadDays: "who's late…"
    return None if read is None else (read.first, read.last)


def _day(question):
    read = read_days(question, TODAY)
    assert isinstance(read, AskedDays), (question, read)
    assert read.first == read.last, (question, read)
    return read.first


@pytest.mark.parametrize("question, day", [
    ("what's on this saturday", dt.date(2026, 12, 12)),
    ("anything on this sat?", dt.date(2026, 12, 12)),
    ("what's happening this Friday?", dt.date(2026, 12, 11)),
    ("what am I doing this monday?", TODAY),  # today's, when it is today
    ("what did I plan for this saturday?", dt.date(2026, 12, 12)),
    ("what did I do this saturday?", dt.date(2026, 12, 5)),  # a told past: the latest, as "this weekend"
])
def test_this_weekday(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question", ["what's on this friday and saturday?", "this sat in the garden",
                                      "where's this sun cream from"])
def test_this_weekday_not_read(question):
    assert read_days(question, TODAY) is None


@pytest.mark.parametrize("question, day", [
    ("whats on friday", dt.date(2026, 12, 11)),
    ("wots on friday?", dt.date(2026, 12, 11)),
    ("whats happening on friday?", dt.date(2026, 12, 11)),
    ("whats for dinner on thursday?", dt.date(2026, 12, 10)),
    ("whats on the 12th", dt.date(2026, 12, 12)),
    ("what's on sat", dt.date(2026, 12, 12)),
    ("anything on sat?", dt.date(2026, 12, 12)),
    ("what's due on sat", dt.date(2026, 12, 12)),
    ("what's planned for sat?", dt.date(2026, 12, 12)),
    ("anything booked fri?", dt.date(2026, 12, 11)),
    ("what's planned for Sat morning?", dt.date(2026, 12, 12)),
])
def test_coming_day(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question, day", [
    ("whats in my notes on friday?", dt.date(2026, 12, 4)),  # no plan's form: the Friday gone, as with "what's"
    ("what did I do on sat?", dt.date(2026, 12, 5)),
    ("what's on sat? I sat in the garden", dt.date(2026, 12, 5)),  # a past of its own
])
def test_day_gone_stays(question, day):
    assert _day(question) == day


@pytest.mark.parametrize("question", ["do we have sun?", "plants for sun?", "what's planned for SAT?",
                                      "anything for fri?"])
def test_short_weekday_no_day(question):
    assert read_days(question, TODAY) is None


@pytest.mark.parametrize("question, first, last", [
    ("who's late this month?", dt.date(2026, 12, 1), dt.date(2026, 12, 31)),
    ("anyone late this month?", dt.date(2026, 12, 1), dt.date(2026, 12, 31)),
    ("was derek late last month?", dt.date(2026, 11, 1), dt.date(2026, 11, 30)),
    ("did I pay anything late last month", dt.date(2026, 11, 1), dt.date(2026, 11, 30)),
    ("is the rent late this month?", dt.date(2026, 12, 1), dt.date(2026, 12, 31)),
    # "late" as a time stays the month's last third
    ("I'll do it late this month", dt.date(2026, 12, 21), dt.date(2026, 12, 31)),
    ("late last month we went to the coast", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what happened late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what did I plant late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what's planned for late this month?", dt.date(2026, 12, 21), dt.date(2026, 12, 31)),
])
def test_late_as_overdue(question, first, last):
    assert _days(question) == (first, last)
