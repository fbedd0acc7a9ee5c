"""A coming day is the same for everyone (session 54, aheadwho; asked on Monday 2026-12-07).

- A question about someone else's or asking who ("is Chloe babysitting on Friday?", "who is on call next week?", "is
  Priya off tomorrow?") computed the coming day and then left it unread (UnreadDays), as for "what did Keller say last
  week?": a day to come of a question of no past form is the calendar's and is read. Past days, a past form ("what
  did Keller say about tomorrow?") and a period under way ("What did Wolfgang want to eat tonight?", "who is on call
  this week?") keep the rule: their days are a message's.
- "when is physio on thursday", "what time is physio on thursday" and "is physio on thursday?" read the Thursday gone
  ("is on" was a plan's form only written together): an appointment of one or two words asked when, or whether on a
  weekday that ends the question, is of the coming one; "what is in my notes on Friday?", "what is the summary of the
  meeting on Thursday?", a participle's or a record's ("is the bin collected on Thursday?", "is my note on Friday?")
  stay of the day gone.
"""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question, today=MONDAY):
    from minirag_cli.askday import read_days

    return read_days(question, today)


def _days(read):
    return [d.isoformat() for d in read.days()]


@pytest.mark.parametrize("question,first,last", [
    ("is Chloe babysitting on Friday?", "2026-12-11", "2026-12-11"),
    ("who is babysitting on Friday?", "2026-12-11", "2026-12-11"),
    ("who is on the rota on Wednesday?", "2026-12-09", "2026-12-09"),
    ("is Tom coming on Saturday?", "2026-12-12", "2026-12-12"),
    ("is Priya off tomorrow?", "2026-12-08", "2026-12-08"),
    ("who is on call next week?", "2026-12-14", "2026-12-20"),
    ("what is Keller presenting tomorrow?", "2026-12-08", "2026-12-08"),
    ("who is cooking next Friday?", "2026-12-11", "2026-12-11"),
    ("what is Anna doing next weekend?", "2026-12-19", "2026-12-20"),
    ("who will pick up the kids tomorrow?", "2026-12-08", "2026-12-08"),
    ("is she coming tomorrow?", "2026-12-08", "2026-12-08"),
    ("what is the band playing next weekend?", "2026-12-19", "2026-12-20"),
    ("when is Maya's swimming on Thursday?", "2026-12-10", "2026-12-10"),
    ("What is Li Hua going to do next week?", "2026-12-14", "2026-12-20"),
    ("is Li Hua in the office tomorrow?", "2026-12-08", "2026-12-08"),
    ("who is on duty next Friday?", "2026-12-11", "2026-12-11"),
    ("where's Tom staying next week?", "2026-12-14", "2026-12-20"),
])
def test_someone_elses_days_to_come_are_read(question, first, last):
    from minirag_cli.askday import AskedDays

    read = _read(question)
    assert isinstance(read, AskedDays), read
    assert (read.first.isoformat(), read.last.isoformat(), read.ahead) == (first, last, True)


@pytest.mark.parametrize("question,reason", [
    ("what did Keller say last week?", "the question is about someone else (Keller)"),
    ("who called about the job yesterday?", "the question asks who"),  # "who called yesterday?" is read (qdays4)
    # a past form: the days are someone's words, a message's
    ("what did Keller say about tomorrow?", "the question is about someone else (Keller)"),
    ("what was Anna going to do next week?", "the question is about someone else (Anna)"),
    ("what did Keller plan for next week?", "the question is about someone else (Keller)"),
    ("who said they'd cover tomorrow?", "the question asks who"),
    # a period under way: a message's "tonight" is its own day's
    ("What did Wolfgang want to eat tonight?", "the question is about someone else (Wolfgang)"),
    ("is Priya off today?", "the question is about someone else (Priya)"),
    ("who is on call this week?", "the question asks who"),
    # a weekday of no plan: the one gone (LiHua dev's lihua-511)
    ("What does Dacey propose to practice on Saturday?", "the question is about someone else (Dacey)"),
    # a present of speech, thought or wish, or no plan's form: a message's day to come (review of aheadwho)
    ("What does Wolfgang want to eat tomorrow?", "the question is about someone else (Wolfgang)"),
    ("what does Keller say about next week?", "the question is about someone else (Keller)"),
    ("what does the email say about tomorrow?", "the question is about someone else (the email)"),
    ("who says tomorrow is cancelled?", "the question asks who"),
    ("what does Li Hua suggest for tomorrow?", "the question is about someone else (Li Hua)"),
    ("What does Dacey propose to practice next Saturday?", "the question is about someone else (Dacey)"),
    ("what does Keller think about next week?", "the question is about someone else (Keller)"),
    ("who's saying what about tomorrow?", "the question asks who"),
    ("What does Li Hua plan to do tomorrow?", "the question is about someone else (Li Hua)"),
    ("what is in Keller's email about tomorrow?", "the question is about someone else (Keller)"),
    ("who has the car next week?", "the question asks who"),
])
def test_someone_elses_days_gone_or_said_are_still_unread(question, reason):
    from minirag_cli.askday import UnreadDays

    read = _read(question)
    assert isinstance(read, UnreadDays) and read.reason() == reason, read


def test_a_quoted_day_to_come_is_the_notes():
    assert _read("who wrote 'see you tomorrow'?") is None


@pytest.mark.parametrize("question,day", [
    ("what time is physio on thursday", "2026-12-10"),  # was 2026-12-03, the Thursday gone
    ("when is physio on thursday", "2026-12-10"),
    ("is physio on thursday?", "2026-12-10"),
    ("when's physio on Thursday?", "2026-12-10"),
    ("what time's the meeting on Friday?", "2026-12-11"),
    ("when is my dentist appointment on Friday?", "2026-12-11"),
    ("when are the kids' lessons on Friday?", "2026-12-11"),
    ("what time is dinner on Sunday?", "2026-12-13"),
    ("when is bin day on Thursday?", "2026-12-10"),
    ("is the party on Saturday night?", "2026-12-12"),
    ("is football on Sunday?", "2026-12-13"),
    ("isn't physio on thursday?", "2026-12-10"),
    ("is physio on thursday at 3pm?", "2026-12-10"),
    ("is physio still on thursday?", "2026-12-10"),
    ("when is physio on thursday morning?", "2026-12-10"),
    # as before
    ("what's on thursday", "2026-12-10"),
    ("do i have physio on thursday", "2026-12-10"),
    ("is the gym open on Sunday?", "2026-12-13"),
])
def test_an_appointment_asked_when_or_whether_is_of_the_coming_weekday(question, day):
    assert _days(_read(question)) == [day]


@pytest.mark.parametrize("question,day", [
    ("what is in my notes on Friday?", "2026-12-04"),
    ("what is the summary of the meeting on Thursday?", "2026-12-03"),
    ("what's the summary of the meeting on Thursday?", "2026-12-03"),
    ("when is the summary of the meeting on Thursday?", "2026-12-03"),  # no appointment of one or two words
    ("what was the summary of the meeting on Thursday?", "2026-12-03"),
    ("when was physio on thursday?", "2026-12-03"),
    ("what time was the meeting on Friday?", "2026-12-04"),
    ("what time did physio start on thursday?", "2026-12-03"),
    ("what is physio on thursday?", "2026-12-03"),  # asks no time
    ("when is my note on Friday?", "2026-12-04"),  # a record
    ("is my note on Friday?", "2026-12-04"),
    ("is the photo on Saturday?", "2026-12-05"),
    ("is the bin collected on Thursday?", "2026-12-03"),  # a participle (qdays' fixD)
    ("is it cancelled on Friday?", "2026-12-04"),
    ("is there a meeting on Monday?", "2026-11-30"),
    ("what time is the meeting I booked on Friday?", "2026-12-04"),  # a clause's past
    ("is the meeting on Thursday, or did it move?", "2026-12-03"),  # more after the weekday, a past
])
def test_a_record_or_a_thing_done_on_a_weekday_is_of_the_one_gone(question, day):
    from minirag_cli.askday import UnreadDays

    read = _read(question)
    assert _days(read.days if isinstance(read, UnreadDays) else read) == [day]


def _index_of(tmp, files):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp / "notes", files)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return Index.open(config, embedder_factory=hashing_embedder)


# the family organiser's vault: last Friday's daily note, the babysitter's and the physio's plans for this week
FAMILY = {
    "Daily/2026-12-04.md": "# 2026-12-04\n\nChloe babysitting tonight while we went to the quiz. Physio was fine.\n",
    "Daily/2026-12-03.md": "# 2026-12-03\n\nPhysio at 14:00, knee exercises. Then swimming.\n",
    "Family/Babysitting.md": "# Babysitting\n\n- Friday 11/12/2026: Chloe babysitting, 18:30-23:00.\n",
    "Health/Physio.md": "# Physio\n\n- Thursday 10/12/2026 at 16:30: physio, last session for the knee.\n",
    "Family/Schedule.md": "# Weekly schedule\n\n- Monday: bins out\n- Tuesday: swimming 17:30\n",
}


@pytest.fixture(scope="module")
def family_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("family"), FAMILY) as index:
        yield index


@pytest.mark.parametrize("question,plan,gone", [
    # searched as written, the answer read last Friday's note that says the same words
    ("who is babysitting on Friday?", "Family/Babysitting.md", "Daily/2026-12-04.md"),
    ("is Chloe babysitting on Friday?", "Family/Babysitting.md", "Daily/2026-12-04.md"),
    # read as the Thursday gone, the answer read its daily note alone
    ("what time is physio on thursday", "Health/Physio.md", "Daily/2026-12-03.md"),
    ("when is physio on thursday", "Health/Physio.md", "Daily/2026-12-03.md"),
])
def test_the_answer_reads_the_coming_days_plan_not_the_day_gone(family_index, question, plan, gone):
    from minirag_cli.options import RetrievalOptions

    result = family_index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=MONDAY)
    assert result.days is not None and result.unread is None
    sources = [result.results[s["n"] - 1]["path"] for s in family_index.prepare_answer(result).sources]
    assert plan in sources and gone not in sources, sources
