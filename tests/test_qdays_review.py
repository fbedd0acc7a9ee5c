"""qdays mended after its review (session 54, fixD; asked on Monday 2026-12-07).

- A day of a list ("on 3 and 4 December", "on Dec 2, 3 and 4?") was read as one of its days; a limit's day ("by Dec
  15", "through Dec 4", "from Dec 2") as that day alone: each reads no day again, as before qdays.
- The yes/no rule read a weekday of the past as the coming one ("are the photos from the party on Saturday online?",
  "is the cake Mum made on Friday still good?"): it asks now for a plain subject's -ing or state right before the
  weekday ("is Chloe babysitting on Friday?", "am I on call on Saturday?", "are the kids at school on Friday?").
- A German question's "Was" ("what") was read as an English past, and its day read as last year's: no day, as
  before; a year written another way ("Dec 3 '25", "in May 2025 on May 3") read this year's: no day.
- A year said after a span across the new year is the year the nearer such span has an end in ("from Dec 20 to Jan
  2 last year": 2025-12-20 to 2026-01-02); a year said elsewhere that is the span's own reads it ("during the 2026
  conference").
- The notes of a day ("notes from Jan 3") are of a day gone: asked in December, last January's.
"""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question, today=MONDAY):
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days(question, today)
    return read.days if isinstance(read, UnreadDays) else read


def _days(question, today=MONDAY):
    read = _read(question, today)
    return None if read is None else (read.first.isoformat(), read.last.isoformat())


@pytest.mark.parametrize("question", [
    # a list: not its first or last day
    "what did I do on 3 and 4 December?",
    "what did I do on 2, 3 and 4 December?",
    "what did I do on the 3rd and the 4th of December?",
    "what did I do on 3 or 4 December?",
    "what did I do on Dec 2, 3 and 4?",
    "what did I do on Dec 2nd, 3rd and 4th?",
    "what did I do on Dec 2, 9, 16?",
    # a limit: the days up to or from it, not the day
    "what did I work on through Dec 4?",
    "what had I finished by Dec 4?",
    "what's due by Dec 15?",
    "what's due up to Dec 15?",
    "what's due ahead of Dec 15?",
    "what happened following Dec 2?",
    "what have I done from Dec 2?",
    "what changed as of Dec 2?",
    "anything starting Dec 2?",
    "what's due by Wednesday, Dec 16?",
    # a German question: its tense unread
    "Was gibt es am 20. Dezember?",
    "Was gibt es am 20.12.?",
    "Was war am 20. Dezember?",
    "Was gibt es 20.-24. Dezember?",
    # a year written another way: which year?
    "what did I do on Dec 3 '25?",
    "what did I do on Dec 3 in '25?",
    "what did I do in May 2025 on May 3?",
    "what did I do from Nov 31 to Jan 2 last year?",  # no such day (and no error)
])
def test_no_day_is_read(question):
    from minirag_cli.askday import read_days

    assert read_days(question, MONDAY) is None


@pytest.mark.parametrize("question,days", [
    ("what happened on Dec 2, the day of the outage?", ("2026-12-02", "2026-12-02")),  # a clause, no list
    ("what did I do on Dec 2 at work?", ("2026-12-02", "2026-12-02")),
    ("notes from December 2nd", ("2026-12-02", "2026-12-02")),  # a day's notes: no limit
    ("my journal from Dec 2", ("2026-12-02", "2026-12-02")),
    ("what did I do in May 2026 on May 3?", ("2026-05-03", "2026-05-03")),  # the year said is its own
    # a span's bare day: a clause goes on after it with "about" as after a single day
    ("what did I write from Nov 16 to 20 about the move?", ("2026-11-16", "2026-11-20")),
])
def test_a_day_is_still_read(question, days):
    assert _days(question) == days


@pytest.mark.parametrize("question,days", [
    # the span that began in the year said, not the one that ended in it (2024-12-20 to 2025-01-02)
    ("what did I do from Dec 20 to Jan 2 last year?", ("2025-12-20", "2026-01-02")),
    ("what did we do from Dec 20 to Jan 2 in 2025?", ("2025-12-20", "2026-01-02")),
    ("who is off from Dec 21 to Jan 4 next year?", ("2026-12-21", "2027-01-04")),  # the nearer: ends next year
    # a year said elsewhere, the span's own
    ("what did I do from Nov 16 to Nov 20 during the 2026 conference?", ("2026-11-16", "2026-11-20")),
])
def test_a_year_said_with_a_span(question, days):
    assert _days(question) == days


@pytest.mark.parametrize("question,days,ahead", [
    ("notes from Jan 3", ("2026-01-03", "2026-01-03"), False),  # was 2027-01-03, to come
    ("my journal from Dec 20", ("2025-12-20", "2025-12-20"), False),
    ("entries from Dec 20 to Jan 2", ("2025-12-20", "2026-01-02"), False),
    ("what are my notes for Dec 24?", ("2026-12-24", "2026-12-24"), True),  # notes for a day: a plan's
])
def test_the_notes_of_a_day_are_of_a_day_gone(question, days, ahead):
    read = _read(question)
    assert ((read.first.isoformat(), read.last.isoformat()), read.ahead) == (days, ahead)


def test_a_german_was_is_no_past():
    from minirag_cli.askday import past_tense

    assert not past_tense("Was gibt es am 20. Dezember?")
    assert not past_tense("Was hatte ich am 20. Dezember?")
    assert past_tense("was it busy on Dec 20?")  # English's


@pytest.mark.parametrize("question,day", [
    # the review's: a relative clause, a noun phrase, a participle, the notes' records
    ("are the photos from the party on Saturday online?", "2026-12-05"),
    ("is there a record of the party on Saturday?", "2026-12-05"),
    ("is the cake Mum made on Friday still good?", "2026-12-04"),
    ("are the tickets Ben bought on Friday refundable?", "2026-12-04"),
    ("is the email Tom sent on Friday important?", "2026-12-04"),
    ("is the parcel that arrived on Tuesday mine?", "2026-12-01"),
    ("is the summary of the meeting on Thursday ready?", "2026-12-03"),
    ("is my daily log on Friday complete?", "2026-12-04"),
    ("is Priya mentioned on Friday?", "2026-12-04"),
    ("is Priya still angry about the argument on Sunday?", "2026-12-06"),
    # a name ending in -ing is no progressive
    ("who is Anna Fleming on Friday?", "2026-12-04"),
    ("is the Friday meeting on Monday now?", "2026-11-30"),  # an -ing noun
    ("is the log missing on Friday?", "2026-12-04"),  # a record
    ("is Chloe babysitting on Friday, the day Ben left?", "2026-12-04"),  # a past after it
])
def test_a_yes_no_question_of_no_plain_subjects_plan_is_of_the_weekday_gone(question, day):
    assert [d.isoformat() for d in _read(question).days()] == [day]


@pytest.mark.parametrize("question,day", [
    ("is Chloe babysitting on Friday?", "2026-12-11"),
    ("am I on call on Saturday?", "2026-12-12"),
    ("are we meeting on Thursday?", "2026-12-10"),
    ("aren't we meeting on Thursday?", "2026-12-10"),
    ("are the kids at school on Friday?", "2026-12-11"),
    ("is the gym open on Sunday?", "2026-12-13"),
    ("are we in the office on Friday?", "2026-12-11"),
    ("is Ben away on Friday?", "2026-12-11"),
    ("is my sister visiting on Saturday?", "2026-12-12"),
])
def test_a_yes_no_question_of_a_plain_subjects_plan_is_of_the_coming_weekday(question, day):
    assert [d.isoformat() for d in _read(question).days()] == [day]


VAULT = {
    "daily/2025-12-03.md": "# 2025-12-03\n\nLast year's Dec 3: office party.\n",
    "daily/2026-12-02.md": "# 2026-12-02\n\nWorked on the migration, first part.\n",
    "daily/2026-12-03.md": "# 2026-12-03\n\nWorked on the migration, second part.\n",
    "daily/2026-12-04.md": "# 2026-12-04\n\nBaked a lemon cake. Tom sent the contract email.\n",
    "daily/2026-12-05.md": "# 2026-12-05\n\nSaturday: Ben's party, photos uploaded to the shared album.\n",
    "work/deadlines.md": "# Deadlines\n\n- Dec 12: Ben's party photos to print\n- Dec 15: tax filing\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("qdays_review")
    write_notes(tmp / "notes", VAULT)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _sources(index, question):
    from minirag_cli.options import RetrievalOptions

    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=MONDAY)
    return {result.results[s["n"] - 1]["path"] for s in index.prepare_answer(result).sources}


def test_the_answer_to_a_limits_day_reads_the_days_before_it(index):
    """"through Dec 4" read Dec 4 alone: the answer read its note only."""
    sources = _sources(index, "what did I work on through Dec 4?")
    assert {"daily/2026-12-02.md", "daily/2026-12-03.md"} <= sources, sources


def test_the_answer_to_a_yes_no_question_of_a_past_weekday_reads_its_note(index):
    """"are the photos from the party on Saturday online?" read the coming Saturday (12-12): the deadlines' note."""
    sources = _sources(index, "are the photos from the party on Saturday online?")
    assert "daily/2026-12-05.md" in sources and "work/deadlines.md" not in sources, sources
