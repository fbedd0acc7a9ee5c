"""Day words a question's asker reads and mrag did not (qdays3: session 56's software lead's Logseq graph, novelist's
Obsidian vault, asked on Monday 2026-12-07): a bare weekday after a plan's or a verb's word ("anything scheduled for
wednesday", "what do i have wednesday"), "tmrw", "the week before last", "two weeks ago" as that week, "a fortnight
ago", "the previous week", "the Monday / weekend before last", British "Tuesday week" and "a week tomorrow" (read as
"on tuesday" and "tomorrow", their inner phrase); and a weekday's plural a note names ("too many meetings on
Wednesdays") is seeded by no question's vector."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days

TODAY = dt.date(2026, 12, 7)  # a Monday


def _read(question: str, today: dt.date = TODAY) -> tuple | None:
    asked = asked_days(question, today)
    return None if asked is None else (asked.words, str(asked.first), str(asked.last))


@pytest.mark.parametrize("question, words, first, last", [
    # a bare weekday after a plan's word: the coming one, as "on Wednesday" in such a question (were none)
    ("anything scheduled for wednesday", "wednesday", "2026-12-09", "2026-12-09"),
    ("what do i have wednesday", "wednesday", "2026-12-09", "2026-12-09"),
    ("what's planned for friday", "friday", "2026-12-11", "2026-12-11"),
    ("what's planned for Friday morning?", "Friday", "2026-12-11", "2026-12-11"),
    ("am I free thursday?", "thursday", "2026-12-10", "2026-12-10"),
    ("what do I have monday?", "monday", "2026-12-07", "2026-12-07"),  # today, as "on Monday" of a plan
    # ... after a verb of a past: the latest one before today, as "on Friday"
    ("what did I do friday?", "friday", "2026-12-04", "2026-12-04"),
    ("what happened wednesday at work?", "wednesday", "2026-12-02", "2026-12-02"),
    # tomorrow typed short
    ("whats scheduled for tmrw", "tmrw", "2026-12-08", "2026-12-08"),
    ("anything tmrw morning?", "tmrw", "2026-12-08", "2026-12-08"),
    ("what's on tomoz?", "tomoz", "2026-12-08", "2026-12-08"),
    # the week two weeks back, Monday to Sunday
    ("what happened the week before last", "the week before last", "2026-11-23", "2026-11-29"),
    ("what did i do week before last?", "week before last", "2026-11-23", "2026-11-29"),
    ("what happened two weeks ago", "two weeks ago", "2026-11-23", "2026-11-29"),  # was the day 11-23 alone
    ("what did I do 2 weeks ago?", "2 weeks ago", "2026-11-23", "2026-11-29"),
    ("what did I write a fortnight ago?", "a fortnight ago", "2026-11-23", "2026-11-29"),
    ("what did I do the previous week?", "the previous week", "2026-11-30", "2026-12-06"),  # last week's
    # a week before "last Monday", "last weekend"
    ("what did I do the monday before last?", "the monday before last", "2026-11-23", "2026-11-23"),
    ("where did I go the weekend before last?", "the weekend before last", "2026-11-28", "2026-11-29"),
    # British: the Tuesday after next, 7 days after a day to come (were "on tuesday" 12-08, "tomorrow" 12-08)
    ("what's on tuesday week", "on tuesday week", "2026-12-15", "2026-12-15"),
    ("what have I got a week tomorrow?", "a week tomorrow", "2026-12-15", "2026-12-15"),
    ("what's on a week today?", "a week today", "2026-12-14", "2026-12-14"),
    ("anything planned a week on Friday?", "a week on Friday", "2026-12-18", "2026-12-18"),
    # kept as they were
    ("what did I do a week ago?", "a week ago", "2026-11-30", "2026-11-30"),
    ("what did I do 3 days ago?", "3 days ago", "2026-12-04", "2026-12-04"),
    ("what did I do on wednesday?", "on wednesday", "2026-12-02", "2026-12-02"),
    ("what's on Wednesday?", "on Wednesday", "2026-12-09", "2026-12-09"),
    ("what did I do last friday?", "last friday", "2026-12-04", "2026-12-04"),
    ("what's scheduled for tomorrow?", "tomorrow", "2026-12-08", "2026-12-08"),
])
def test_the_days_read(question, words, first, last):
    assert _read(question) == (words, first, last)


def test_tuesday_week_asked_on_a_tuesday_is_a_week_today():
    assert _read("what's on tuesday week?", dt.date(2026, 12, 8)) == ("on tuesday week", "2026-12-15", "2026-12-15")


def test_a_weekday_within_the_week_before_last_is_its_day():
    assert _read("what did I do on wednesday the week before last?") == (
        "on wednesday the week before last", "2026-11-25", "2026-11-25")


@pytest.mark.parametrize("question", [
    "what did the wednesday group discuss?",
    "what did I note about Ash Wednesday?",
    "who is the Girl Friday in the novel?",
    "what did I buy for Friday's party?",
    "I have Friday off, what should I do?",
    "what did I plan for friday dinner with Anna's parents?",  # a noun after the weekday
    "what happened the week before last Friday?",  # another time's
    "notes on the previous week's sprint",
    "what did I do the week before last year's race?",
    "Tuesday week 47 notes",
    "may I see the march notes",
    "what did I order from Tmr Foods?",
])
def test_other_words_read_no_day(question):
    assert _read(question) is None


def test_a_weekday_with_its_day_of_the_month_is_that_day_not_the_bare_weekday():
    assert _read("anything for friday 18th?") == ("for friday 18th", "2026-12-18", "2026-12-18")  # qnth


# review of qdays3 (fixQ3): a weekday after "for" is the coming one, as "for this weekend" is (the past one read the
# notes of a day gone first: "what's the agenda for monday?" put 2026-11-30.md above today's "Agenda for Monday")
@pytest.mark.parametrize("question, words, day", [
    ("what's the agenda for monday?", "monday", "2026-12-07"),
    ("anything for friday?", "friday", "2026-12-11"),
    ("reminders for monday?", "monday", "2026-12-07"),
    ("tasks for friday?", "friday", "2026-12-11"),
    ("todo for tuesday", "tuesday", "2026-12-08"),
    ("shopping list for saturday?", "saturday", "2026-12-12"),
    ("what's the forecast for sunday?", "sunday", "2026-12-13"),
    ("dress code for friday?", "friday", "2026-12-11"),
    ("any meetings booked for monday morning?", "monday", "2026-12-07"),  # "booked" is no past of the question
])
def test_a_weekday_after_for_is_the_coming_one(question, words, day):
    assert _read(question) == (words, day, day)


@pytest.mark.parametrize("question", [
    "what did I prepare for monday?",  # the Monday gone or today's: either; none read, as before
    "what did I buy for sunday?",
    "what did we agree for thursday?",
])
def test_a_weekday_after_for_in_a_told_past_reads_none(question):
    assert _read(question) is None


# "tmr" is a timer's register, a file, an acronym as often as a day: not read; "tmrw" where a clause ends, or opening
@pytest.mark.parametrize("question", [
    "where's the tmr config?",
    "tmr interrupt priority",
    "notes about tmr/isr.c",
    "tmr.log",
    "what did tmr say?",
    "what's on tmr?",
    "the tmrw config",
    "tmrw.log",
    "notes about tmrw/plans.md",
])
def test_tmr_and_a_tmrw_of_a_thing_read_no_day(question):
    assert _read(question) is None


@pytest.mark.parametrize("question, words", [
    ("what's on tmrw?", "tmrw"),
    ("what's happening tomoz", "tomoz"),
    ("Tmrw what's on?", "Tmrw"),  # a phone's capital
    ("anything tmrw at the office?", "tmrw"),
    ("whats on tmrw, and who's coming", "tmrw"),
])
def test_tmrw_ending_a_clause_or_opening_is_tomorrow(question, words):
    assert _read(question) == (words, "2026-12-08", "2026-12-08")


# "before last" of a noun is that noun's last one, another time: not read
@pytest.mark.parametrize("question", [
    "what did I do the week before last holiday?",
    "what happened the week before last sprint?",
    "the week before last release, what broke?",
    "notes from the week before last deadline",
    "what did I do the monday before last payday?",
    "what happened the weekend before last trip?",
])
def test_before_last_of_a_noun_reads_no_day(question):
    assert _read(question) is None


@pytest.mark.parametrize("question, first, last", [
    ("the week before last, at work", "2026-11-23", "2026-11-29"),
    ("what did I do the week before last in Berlin?", "2026-11-23", "2026-11-29"),
    ("what did we ship the weekend before last and why?", "2026-11-28", "2026-11-29"),
])
def test_before_last_ending_a_clause_or_before_a_preposition_is_read(question, first, last):
    assert _read(question)[1:] == (first, last)


def test_tuesday_week_before_a_number_word_is_no_day():
    assert _read("notes of Friday week two of the course") is None


# "Tuesday week" in a past question: as before it was read, "on Monday" the one gone, a bare one none
def test_tuesday_week_in_a_past_question_is_read_as_before():
    assert _read("what did we decide on monday week?") == ("on monday", "2026-11-30", "2026-11-30")
    assert _read("what did I do tuesday week?") is None


# "the previous week" is the one before another time the question names: that time read, as before
@pytest.mark.parametrize("question, expected", [
    ("what happened in March, and the previous week?", ("in March", "2026-03-01", "2026-03-31")),
    ("I was in Rome on Nov 12; what did I do the previous week?", ("Nov 12", "2026-11-12", "2026-11-12")),
    ("what did I write on Friday and the previous week?", ("on Friday", "2026-12-04", "2026-12-04")),
])
def test_the_previous_week_beside_another_time_reads_that_time(question, expected):
    assert _read(question) == expected


# a weekday's plural a note names is seeded by no question's vector (its word seeds it)
@pytest.fixture(scope="module")
def retro(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    tmp = tmp_path_factory.mktemp("retro")
    write_notes(tmp / "notes", {
        "Sprint 48 Retro.md": "# Sprint 48 Retro\n\n- too many meetings on Wednesdays\n- Tomasz Kowalczyk shipped the fix\n",
        "2026-12-09.md": "# 2026-12-09\n\n- standup, then the payments review\n",
    })
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _seeds(index, question: str, vector_of: str):
    from minirag_cli import graph
    from mrag_test_plugin import hashing_embedder

    vector = hashing_embedder("hashing:64").embed([vector_of])[0]  # a vector as near the name as can be
    return {s.name: s.via for s in graph.ground(index.conn, question, vector)}


def test_a_weekdays_name_is_seeded_by_no_vector(retro):
    assert "Wednesdays" not in _seeds(retro, "what do i have wednesday?", "Wednesdays")


def test_a_weekdays_name_written_in_the_question_seeds_it(retro):
    assert _seeds(retro, "why were there meetings on Wednesdays?", "Wednesdays").get("Wednesdays") == "exact"


def test_another_name_is_seeded_by_its_vector_as_before(retro):
    assert _seeds(retro, "who shipped it?", "Tomasz Kowalczyk").get("Tomasz Kowalczyk") == "vector"
