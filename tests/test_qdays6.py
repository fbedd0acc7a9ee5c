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
    ("is anyone late this month?", dt.date(2026, 12, 1), dt.date(2026, 12, 31)),
    ("someone late last month?", dt.date(2026, 11, 1), dt.date(2026, 11, 30)),
    # after a form of "be" or a payment's verb, or not ending the question, as often a time: the last third, as before
    # (fixQD6)
    ("was derek late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("the frost was late last month", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("is the dentist late this month?", dt.date(2026, 12, 21), dt.date(2026, 12, 31)),
    ("I paid the builder late last month", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what did I pay late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("was it late last month that we repotted the figs?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    # "late" as a time stays the month's last third
    ("I'll do it late this month", dt.date(2026, 12, 21), dt.date(2026, 12, 31)),
    ("late last month we went to the coast", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what happened late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what did I plant late last month?", dt.date(2026, 11, 21), dt.date(2026, 11, 30)),
    ("what's planned for late this month?", dt.date(2026, 12, 21), dt.date(2026, 12, 31)),
])
def test_late_as_overdue(question, first, last):
    assert _days(question) == (first, last)


# fixQD6 (the review of qdays6)
WEDNESDAY = dt.date(2026, 12, 9)


@pytest.mark.parametrize("question, day", [
    # a weekday with its day number after "this": the number's reading (qdays5's), not the coming weekday
    ("what's on this saturday 19th?", dt.date(2026, 12, 19)),
    ("is the dentist this tuesday 15th?", dt.date(2026, 12, 15)),
    ("what's on this friday, the 18th?", dt.date(2026, 12, 18)),
    ("what's on this saturday the 12th", dt.date(2026, 12, 12)),
    ("what's on this saturday 10am?", dt.date(2026, 12, 12)),  # a time, no day number
    # beside another day phrase, that one is read, as before
    ("anything this friday or next week?", None),
    ("what's on tomorrow and this saturday?", dt.date(2026, 12, 8)),
    ("what did I do yesterday and this saturday?", dt.date(2026, 12, 6)),
    # a past without an auxiliary: the latest up to today
    ("who came round this sunday?", dt.date(2026, 12, 6)),
    ("I sowed seeds this sat", dt.date(2026, 12, 5)),
])
def test_this_weekday_after_review(question, day):
    read = read_days(question, TODAY)
    if day is None:  # a week: next week's
        assert (read.first, read.last) == (dt.date(2026, 12, 14), dt.date(2026, 12, 20))
    else:
        assert _day(question) == day


def test_this_weekend_beside_this_sunday():
    read = read_days("what's on this weekend and this sunday", TODAY)
    assert (read.first, read.last) == (dt.date(2026, 12, 12), dt.date(2026, 12, 13))


@pytest.mark.parametrize("question", [
    "what's on this friday 12th?",  # the weekday and the number disagree: none, as before
    "how do I cope with this sun", "too much of this sun?", "enjoying this sun!",  # the weather's
    "what's planned for sun?", "which beds are planned for sun?", "tomatoes planned for sun, lettuce for shade",
])
def test_not_a_day_after_review(question):
    assert read_days(question, TODAY) is None


@pytest.mark.parametrize("question", ["this monday's meeting notes", "notes from this monday",
                                      "minutes of this monday's meeting", "takings this monday",
                                      "what we agreed this monday"])
def test_this_weekday_gone_this_week_not_read(question):
    # asked on a Wednesday, no past, no plan: not next week's Monday
    assert read_days(question, WEDNESDAY) is None


@pytest.mark.parametrize("question, day", [
    ("what's on this monday?", dt.date(2026, 12, 14)),  # a plan's form: the coming one
    ("what did I do this monday?", dt.date(2026, 12, 7)),
    ("this friday's notes", dt.date(2026, 12, 11)),  # not yet gone
])
def test_this_weekday_asked_on_wednesday(question, day):
    read = read_days(question, WEDNESDAY)
    assert (read.first, read.last) == (day, day)


@pytest.mark.parametrize("question", ["whats on this month", "wots on this month?"])
def test_typed_whats_on_this_month_is_a_plan(question):
    read = read_days(question, TODAY)
    assert (read.first, read.last, read.plan_of_the_rest) == (dt.date(2026, 12, 1), dt.date(2026, 12, 31), True)


def test_many_this_weekdays_read_in_linear_time():
    import time

    # the past of "this <weekday>" is looked for once for the question: once for each phrase took 34 s on 32,000
    # characters (fixQD6 before its cache); a few tenths now
    question = ("what is on this saturday and this sat, " * 300)[:8000]
    read_days(question[:500], TODAY)  # compiled, warm
    start = time.perf_counter()
    read_days(question, TODAY)
    assert time.perf_counter() - start < 0.8
