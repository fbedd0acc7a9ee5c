"""Capitals, groups and timetables that are no one else (session 56, askcaps: an expat's and a running club's vaults,
asked on 2026-12-07).

- 2 to 4 capitals are a train's, an airline's, a bank's or a firm's (ICE, DB, BA, KSK, "LH 2490"): "what time is the
  ICE to munich in january?" was "about someone else" and its January unread. Still someone: a person the index
  knows ("JD"), one whose words are asked ("what did NASA say yesterday?": a message's day), a place ("the US
  office", as "St. Louis").
- the asker's own group, "the club", "the team", "the committee": a club's notes write what it did as a journal
  writes "I" ("how much did the club pay for the hall in November?"). Still someone: "the band" (a message base's
  friends), a role ("the plumber", "the treasurer": a person as Keller is).
- when or what time a trip or an appointment to, from or with someone is, in the present: "what time is the train to
  munich in january?" asked in December read the January gone; it is the coming one, as "what am I doing in
  January?" is, and read whoever it names ("… to Munich …").
"""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import AskedDays, UnreadDays, read_days

TODAY = dt.date(2026, 12, 7)


def _read(question: str, person=None) -> AskedDays | UnreadDays | None:
    return read_days(question, TODAY, person)


@pytest.mark.parametrize("question, first", [
    ("what time is the ICE to munich in january", "2027-01-01"),
    ("when is the DB train to munich in january?", "2027-01-01"),
    ("when is the LH 2490 flight in january?", "2027-01-01"),
    ("what did KSK charge in november?", "2026-11-01"),
    ("how much did BA charge last week?", "2026-11-30"),
    ("how much did TK refund in october?", "2026-10-01"),
    ("did the DB train leave late yesterday?", "2026-12-06"),
])
def test_capitals_of_a_train_or_a_firm_are_no_one(question, first):
    read = _read(question)
    assert isinstance(read, AskedDays) and read.first.isoformat() == first, read


@pytest.mark.parametrize("question, person", [
    ("what did NASA say yesterday?", None),  # its words: a message's yesterday
    ("what did the BBC say yesterday?", None),
    ("what did JD want to eat tonight?", None),
    ("how much did JD pay last week?", {"JD"}),  # the index knows JD as a person
    ("Was the US office closed yesterday?", None),  # a place
    ("what did Keller charge last week?", None),
])
def test_capitals_of_someone_stay_unread(question, person):
    read = _read(question, None if person is None else person.__contains__)
    assert isinstance(read, UnreadDays), read


@pytest.mark.parametrize("question, first", [
    ("how much did the club pay for the hall in november?", "2026-11-01"),
    ("what did the team decide in october?", "2026-10-01"),
    ("what did the committee agree in november?", "2026-11-01"),
    ("did the board approve the budget last week?", "2026-11-30"),
])
def test_the_askers_group_is_no_one_else(question, first):
    read = _read(question)
    assert isinstance(read, AskedDays) and read.first.isoformat() == first, read


@pytest.mark.parametrize("question", [
    "what did the band play yesterday?",
    "what did the treasurer report in october?",
    "did the plumber come in january?",
    "what did the club say about the hall yesterday?",  # its words
    "what did Priya do in october?",
])
def test_others_stay_unread(question):
    assert isinstance(_read(question), UnreadDays)


@pytest.mark.parametrize("question, first", [
    ("what time is the train to munich in january?", "2027-01-01"),
    ("what time is the ICE to Munich in January?", "2027-01-01"),  # a place: read all the same
    ("when's the flight from Lisbon in february?", "2027-02-01"),
    ("what time is the meeting with Anna in February?", "2027-02-01"),
    ("when is the flight to Lisbon on Jan 12?", "2027-01-01"),
])
def test_when_a_trip_is_in_a_month_gone_is_the_coming_one(question, first):
    read = _read(question)
    assert isinstance(read, AskedDays) and read.first.isoformat()[:7] == first[:7], read


@pytest.mark.parametrize("question, first", [
    ("when was the train to munich in january?", "2026-01"),  # a past
    ("what is the price of the train to munich in january?", "2026-01"),  # no when
    ("what time is the train to munich in november?", "2026-11"),  # just gone: not within the months ahead
])
def test_other_trips_read_the_month_gone(question, first):
    read = _read(question)
    days = read.days if isinstance(read, UnreadDays) else read
    assert days is not None and days.first.isoformat()[:7] == first, read
