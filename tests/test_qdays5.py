"""Three ways questions were read wrongly (qdays5; a chef's and a carer's vaults, asked on Monday 2026-12-07).

- "takings sat 28th", "covers fri 4th", "is marco in wed 9th": a weekday with its day number and no "on" was no day
  ("takings on sat 28th" was Nov 28); now one where the two agree, ending a clause, alone (several days joined: none,
  as "on fri 18th, sat 19th and sun 20th"), not a verb's "sat" nor a day to come in a past (fixQD5). A bare weekday
  alone stays unread ("what did we take friday?", "covers friday", "shrove tuesday": gone or coming, a name's or not,
  would be a guess; fixQD5 removed qdays5's reading of it in a told past).
- "who burnt themselves last week": searched as written ("the question asks who"); now read, as a thing done in the
  past by who, the day ending the question. Words said or wished, another subject, a present stay unread (a
  message's day: "who proposes that the band takes a break this week?").
- "what was his last hypo", "when did he last have a hypo": "last" was searched (the LPA's "lasting" came first);
  now the latest-time reading, someone the asker keeps notes of asked about as the asker is.
"""

import datetime as dt

import pytest

from minirag_cli.askday import AskedDays, UnreadDays, read_days
from minirag_cli.latest import latest_words, without_recency

MONDAY = dt.date(2026, 12, 7)


def _days(question: str) -> tuple[str, str] | None:
    read = read_days(question, MONDAY)
    return (read.first.isoformat(), read.last.isoformat()) if isinstance(read, AskedDays) else None


@pytest.mark.parametrize("question, day", [
    ("takings saturday 28th", "2026-11-28"),
    ("takings sat 28th", "2026-11-28"),
    ("Takings Sat 28th?", "2026-11-28"),
    ("covers fri 4th", "2026-12-04"),
    ("is marco in wed 9th", "2026-12-09"),
    ("what did we take tue 1st", "2026-12-01"),
    ("takings wednesday 2nd", "2026-12-02"),
    ("takings on sat 28th", "2026-11-28"),  # as before
    ("what did we take Sat 28th", "2026-11-28"),  # a capital: no verb's "sat"
    ("covers fri 4th, lunch and dinner", "2026-12-04"),
    ("takings (sat 28th)", "2026-11-28"),
])
def test_a_weekday_without_on_is_a_day(question, day):
    assert _days(question) == (day, day)


@pytest.mark.parametrize("question", [
    "takings sat 29th",  # no Saturday 29th near: no day said, searched as written
    "who sat 3rd in the race?", "where i sat 2nd",  # a verb's "sat"
    "covers friday", "how many covers friday?", "who's on the pass friday?",  # gone or coming: a guess
    "what did I plan friday",  # a plan's past
    "friday feeling", "what did we sell on Black Friday", "what did we take black friday",
    "what did we cook Good Friday", "what did we cook good friday", "sunday roast recipe",
    "what was the sunday roast", "saturday job", "28th birthday", "the 2nd edition",
    "fri 18th, sat 19th and sun 20th",  # several days: none, as "on fri 18th, sat 19th…"
    "did we take more since friday", "did I watch Friday 13th?", "did I watch fri 13th", "did I watch Fri. 13th?",
    # a bare weekday: not read (fixQD5: qdays5 read it in a told past, and "shrove tuesday" with it)
    "what did we take friday", "what did we take friday?", "what was the gp saturday",
    "what did we make for shrove tuesday", "what did we make on shrove tuesday", "what did we do mothering sunday",
    "what happened super bowl sunday", "what did we wear dress-down friday", "what did we make pancake tuesday",
    # "sat" a verb: in a past told by another word, or a day to come in a past, or not ending a clause
    "my son sat 2nd in his exam", "the dog sat 2nd at crufts", "maya sat 2nd in the spelling bee",
    "what did we take sat 28th", "maya came 2nd and sat 28th", "takings sat 2nd",
])
def test_not_days(question):
    assert _days(question) is None


@pytest.mark.parametrize("question", [
    "what did we take friday and saturday", "did we have pizza friday or saturday", "what did we sell friday thru sunday",
    "what was the weather like monday vs tuesday", "takings fri 4th and sat 5th", "takings fri 4th, sat 5th",
    "how many covers did we do fri 4th vs sat 5th", "takings on fri 4th and sat 5th", "takings fri 4th - sat 5th",
    "takings fri 4th to sat 5th", "takings fri 4th thru sun 6th", "takings friday and sat 5th",
    "takings on friday and sat 5th", "takings fri 4th or saturday",
    "takings fri 4th/sat 5th", "covers fri 4th & sat 5th",
])
def test_several_days_joined_read_none(question):
    """Every day asked, none read, as main and "on fri 18th, sat 19th and sun 20th" (fixQD5: qdays5 read the last)."""
    assert _days(question) is None


def _seconds(text: str) -> float:
    import time

    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        read_days(text, MONDAY)
        best = min(best, time.perf_counter() - began)
    return best


@pytest.mark.parametrize("piece", ["x friday, ", "x sat 28th, ", "fri 4th and "])
def test_time_grows_linearly_with_the_weekdays(piece):
    """"what did we take " + "x friday, " * 4000 took 80 s (qdays5 searched the question from its start for each
    weekday). 8 times the text: about 8 times the time when linear, 64 when quadratic; 32 leaves room for a busy
    machine (as tests/test_askday_lower_case.py)."""
    ratio = _seconds("what did we take " + piece * 1600) / max(_seconds("what did we take " + piece * 200), 1e-4)
    assert ratio < 32, f"200 -> 1600 pieces took {ratio:.0f} times as long"


@pytest.mark.parametrize("question, first, last", [
    ("who burnt themselves last week", "2026-11-30", "2026-12-06"),
    ("who burnt themselves last week?", "2026-11-30", "2026-12-06"),
    ("who did the deep clean on friday?", "2026-12-04", "2026-12-04"),
    ("who broke the mixer yesterday", "2026-12-06", "2026-12-06"),
    ("who cut their hand last week", "2026-11-30", "2026-12-06"),
    ("who did the deep clean last week", "2026-11-30", "2026-12-06"),
    ("who won the match on saturday", "2026-12-05", "2026-12-05"),
    ("who had the kids last weekend", "2026-12-05", "2026-12-06"),
    ("who played on saturday", "2026-12-05", "2026-12-05"),
])
def test_who_did_a_thing_on_a_day_gone_reads_it(question, first, last):
    assert _days(question) == (first, last)


@pytest.mark.parametrize("question", [
    "who did he meet last week?", "who said they'd come last week?", "who suggested pizza tonight?",
    "who suggested getting pizza last week", "Who proposes that the band takes a break from jamming this week?",
    "who burnt themselves last week at work", "who was born on the 19th", "who was maya playing on saturday",
    "who did tom call yesterday", "who called tom yesterday", "who was run director on the 26th?",
    "who was at the party on the 22nd",  # a state: as before
    "who booked the room on friday?",  # a booking's day may be the one booked
    # a month's or a year's: the world's record or someone else's as likely as the asker's (fixQD5)
    "who won the world cup in july", "who had covid in march", "who got promoted last month",
])
def test_who_of_words_said_another_subject_or_a_present_stays_unread(question):
    assert isinstance(read_days(question, MONDAY), UnreadDays)


@pytest.mark.parametrize("question, names, terms, kind", [
    ("what was his last hypo", (), (), "hypo"),
    ("when was his last hypo", (), (), "hypo"),
    ("what was dad's last hypo", (), (), "hypo"),
    ("when did he last have a hypo", (), ("hypo",), ""),
    ("when did dad last have a hypo", (), ("hypo",), ""),
    ("when was mum last in hospital", (), ("hospital",), ""),
    ("when did she last see the GP", ("GP",), (), ""),
    ("her last appointment with the podiatrist", (), ("podiatrist",), "appointment"),
])
def test_someone_elses_last_time_is_the_latest(question, names, terms, kind):
    latest = latest_words(question)
    assert latest is not None and (latest.names, latest.terms, latest.kind) == (names, terms, kind)
    assert " last " not in f" {without_recency(question)} "


@pytest.mark.parametrize("question", [
    "what was his last name", "when was his last day", "what did he do last week", "his last chance",
    "when did he last week go", "When did Priya last see Tom?",  # a name's: as before
])
def test_not_the_latest(question):
    assert latest_words(question) is None
