"""Days a question writes that were read wrongly or not at all (session 54, qdays; last session's testers, asked on
Monday 2026-12-07).

- A single day written with its month and no year ("what happened on Dec 2?", "on 2 December", "notes from December
  2nd") read no day: each year's Dec 2 was searched and the answer read them all. It is now read as a yearless span is
  (dayspans.py): the latest begun by the asking day, or one within the coming month in a question not in the past
  tense. A year said after a yearless day or span is its year ("on Dec 2 last year"; the span read this year's).
- A yes/no question in the present about a weekday ("is Chloe babysitting on Friday?", "am I on call on Saturday?",
  "are we meeting on Thursday?") read the weekday gone; it asks of the coming one, as nowdays' plan forms do.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question, today=MONDAY):
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days(question, today)
    return read.days if isinstance(read, UnreadDays) else read


@pytest.mark.parametrize("question,words,day", [
    ("what happened on Dec 2?", "Dec 2", "2026-12-02"),
    ("what did I do on 2 December?", "2 December", "2026-12-02"),
    ("notes from December 2nd", "December 2nd", "2026-12-02"),
    ("what did I do on the 2nd of December?", "2nd of December", "2026-12-02"),
    ("what happened Dec 2?", "Dec 2", "2026-12-02"),
    ("what did I do on dec 2?", "dec 2", "2026-12-02"),
    ("what did I do on may 3?", "may 3", "2026-05-03"),  # "on": a day, not "may"'s verb
    ("what did I do on Dec 2 at work?", "Dec 2", "2026-12-02"),  # a preposition after it
    ("did I walk 2000 steps on Dec 2?", "Dec 2", "2026-12-02"),  # a count, no year said
    ("Dec 2's meeting notes?", "Dec 2", "2026-12-02"),
    # its weekday before it is of its words (else "on Wednesday" beside it read neither)
    ("what did I do on Wednesday, Dec 2?", "Wednesday, Dec 2", "2026-12-02"),
    # a written day is no one's time, as a span is
    ("what did Keller say on Dec 2?", "Dec 2", "2026-12-02"),
    # the latest begun, in the past tense even when one comes within the month
    ("what did I do on Dec 20?", "Dec 20", "2025-12-20"),
    ("what happened on Jan 3?", "Jan 3", "2026-01-03"),
    ("what did I do on Feb 29?", "Feb 29", "2024-02-29"),
    # a year said after it
    ("what did I do on Dec 2 last year?", "Dec 2 last year", "2025-12-02"),
    ("what did I do on Dec 2 in 2024?", "Dec 2 in 2024", "2024-12-02"),
])
def test_a_yearless_day_is_read_as_a_yearless_span(question, words, day):
    read = _read(question)
    assert read is not None and (read.words, [d.isoformat() for d in read.days()]) == (words, [day])
    assert read.spelled and not read.ahead


@pytest.mark.parametrize("question,day", [
    ("what's on Dec 20?", "2026-12-20"),
    ("who is off on Dec 20?", "2026-12-20"),
    ("what's happening on Jan 3?", "2027-01-03"),
])
def test_a_yearless_day_within_the_coming_month_of_a_question_not_past_is_to_come(question, day):
    read = _read(question)
    assert read is not None and [d.isoformat() for d in read.days()] == [day] and read.ahead


def test_the_21st_of_may_is_that_day():
    """"on the 21st of May" was read as no day (a written date: not "the 21st" of any month); now May 21's."""
    assert [d.isoformat() for d in _read("what did I do on the 21st of May?", dt.date(2026, 12, 5)).days()] == [
        "2026-05-21"]


@pytest.mark.parametrize("question,first,last", [
    ("what did I do from Nov 16 to Nov 20 last year?", "2025-11-16", "2025-11-20"),  # was 2026's
    ("what did I do from Nov 16 to Nov 20 in 2025?", "2025-11-16", "2025-11-20"),
    ("what did I do the week of Nov 16 last year?", "2025-11-10", "2025-11-16"),
])
def test_a_year_said_after_a_yearless_span_is_its_year(question, first, last):
    read = _read(question)
    assert (read.first.isoformat(), read.last.isoformat()) == (first, last)


@pytest.mark.parametrize("question", [
    "what's the Jan 6 committee?",  # a name's word
    "what did I do on Dec 2 and 3?",  # a list: neither narrowed to one
    "what did I do on Dec 2 and Dec 3?",
    "was the launch moved to Dec 2?",  # a day moved
    "what did I do before Dec 2?",  # compared
    "how long since Dec 2?",
    "what did I do yesterday and on Dec 2?",
    "did we march 10 miles?",  # a verb's "march"
    "what did I write in 2025 about Dec 2?",  # a year said apart from it: which is the day's?
    "what did I do from Nov 16 to Nov 20 for the 2025 budget?",
    "who wrote 'Dec 2'?",  # a quote
    "what happened on 2026-12-02?",  # its year written: searched as written, as before
])
def test_no_yearless_day_is_read(question):
    from minirag_cli.askday import read_days

    assert read_days(question, MONDAY) is None


@pytest.mark.parametrize("question,day", [
    ("is Chloe babysitting on Friday?", "2026-12-11"),  # was 2026-12-04, the Friday gone
    ("am I on call on Saturday?", "2026-12-12"),
    ("are we meeting on Thursday?", "2026-12-10"),
    ("isn't Chloe babysitting on Friday?", "2026-12-11"),
    ("am I free on Friday?", "2026-12-11"),
    ("am I on call on Monday?", "2026-12-07"),  # asked on a Monday: today's
    ("when is Chloe babysitting on Friday?", "2026-12-11"),  # a progressive with a name
    ("what time are we meeting on Thursday?", "2026-12-10"),
    # a plan's participle in a present question is no past (futuremonth; was 2026-12-04 after fixD's narrowing)
    ("am I booked on Friday?", "2026-12-11"),
])
def test_a_present_yes_no_question_is_of_the_coming_weekday(question, day):
    assert [d.isoformat() for d in _read(question).days()] == [day]


@pytest.mark.parametrize("question,day", [
    ("what are my notes on Friday?", "2026-12-04"),  # review revF: a bare "are" is no plan
    ("was Chloe babysitting on Friday?", "2026-12-04"),
    ("were we meeting on Thursday?", "2026-12-03"),
    ("did I run on Friday?", "2026-12-04"),
    ("are there notes on Friday?", "2026-12-04"),  # of the notes: written
    ("is there anything in my notes on Friday?", "2026-12-04"),
    ("is the cake I made on Friday still good?", "2026-12-04"),  # a clause's past
    ("is the report I sent on Thursday approved?", "2026-12-03"),
    ("is Chloe babysitting last Friday?", "2026-12-04"),
    # no plain subject's -ing or state right before the weekday (fixD: the yes/no rule narrowed): as before qdays
    ("is the bin collected on Thursday?", "2026-12-03"),  # a participle
    ("is there a meeting on Monday?", "2026-11-30"),
])
def test_a_past_or_a_question_of_the_notes_is_of_the_weekday_gone(question, day):
    assert [d.isoformat() for d in _read(question).days()] == [day]


def test_a_negative_yes_no_question_asks_of_now():
    """"isn't the office closed Dec 24-26?": its "closed" made it a past (last year's span); "are we closed…" was
    not (fixN2's present opening), nor is it now with "isn't"."""
    read = _read("isn't the office closed Dec 24-26?")
    assert (read.first.isoformat(), read.last.isoformat(), read.ahead) == ("2026-12-24", "2026-12-26", True)


def test_todays_yes_no_weekday_reads_its_notes_to_come():
    from minirag_cli.askday import asked_days

    asked = asked_days("am I on call on Monday?", MONDAY)
    assert asked.to_come() == [(MONDAY, MONDAY)]


@pytest.mark.parametrize("question,today,to_come", [
    # the three past checks are not one (askday._told_past, _past_form, past_tense): a period under way with a past
    # with no auxiliary still reads its days to come (past_tense would read it past: a reading changed, not made here)
    ("what got done this week?", dt.date(2026, 12, 9), [("2026-12-09", "2026-12-13")]),
    ("what did I get done this week?", dt.date(2026, 12, 9), []),
])
def test_a_period_under_way_is_past_only_by_its_auxiliary(question, today, to_come):
    from minirag_cli.askday import asked_days

    asked = asked_days(question, today)
    assert [(a.isoformat(), b.isoformat()) for a, b in asked.to_come()] == to_come


VAULT = {
    "daily/2025-12-02.md": "# 2025-12-02\n\nDentist, then the school concert rehearsal.\n",
    "daily/2026-12-02.md": "# 2026-12-02\n\nRan 5k with Priya, then the garage door repair.\n",
    "daily/2026-12-03.md": "# 2026-12-03\n\nQuiet day. Groceries.\n",
    "daily/2026-12-04.md": "# 2026-12-04\n\nBusy: quiz night at the pub with Ben.\n",
    "family/babysitting.md": "# Babysitting\n\n- Friday 2026-12-11: Chloe babysits, 18:30-23:00 (the office party).\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("qdays")
    write_notes(tmp / "notes", VAULT)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _search(index, question):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=MONDAY)


def test_the_answer_reads_this_years_dec_2_alone(index):
    """Both years' Dec 2 were searched and answered from: the 2025 dentist's note among the sources."""
    result = _search(index, "what happened on Dec 2?")
    assert result.results[0]["path"] == "daily/2026-12-02.md"
    sources = {result.results[s["n"] - 1]["path"] for s in index.prepare_answer(result).sources}
    assert sources == {"daily/2026-12-02.md"}, sources


def test_mrag_ask_json_names_the_days_day(index, monkeypatch):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", "what did I do on 2 December?", "--json", "--k", "5"])
    assert out.exit_code == 0, out.output
    days = json.loads(out.stdout)["days"]
    assert (days["words"], days["from"], days["to"]) == ("2 December", "2026-12-02", "2026-12-02")


def test_a_coming_weekday_of_a_yes_no_question_ranks_its_plan_first(index):
    """"am I on call on Friday?" read Friday 2026-12-04, whose note came first; the note writing the coming Friday
    is."""
    result = _search(index, "am I on call on Friday?")
    assert result.days.days() == [dt.date(2026, 12, 11)]
    assert result.results[0]["path"] == "family/babysitting.md", [r["path"] for r in result.results]
