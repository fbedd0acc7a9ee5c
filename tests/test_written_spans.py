"""Spans of days a question writes out (session 53, spans; the on-call vault of session 52's tester, asked on
Monday 2026-12-07): "from November 16 to November 20", "between … and …", "Nov 16–20", "the week of November 16",
"from Dec 21 to Jan 4", "since November 16" read no days (no `days` in `--json`, no date channel for the days
between the two written), while "in week 47", "last week" and "in November" did. Now each is read as "last week"
is (dayspans.py, askday.read_days): the notes dated in it first, and the answer reads those and the notes that
write one of its days."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("question,words,first,last", [
    ("what happened from November 16 to November 20?", "from November 16 to November 20", "2026-11-16", "2026-11-20"),
    ("what did I do from Nov 16 to Nov 20?", "from Nov 16 to Nov 20", "2026-11-16", "2026-11-20"),
    ("what happened between Nov 16 and Nov 20?", "between Nov 16 and Nov 20", "2026-11-16", "2026-11-20"),
    ("what happened between 16 and 20 November?", "between 16 and 20 November", "2026-11-16", "2026-11-20"),
    ("what did I do Nov 16–20?", "Nov 16–20", "2026-11-16", "2026-11-20"),
    ("what happened 16-20 November?", "16-20 November", "2026-11-16", "2026-11-20"),
    ("what did I do from the 16th to the 20th of November?", "from the 16th to the 20th of November", "2026-11-16",
     "2026-11-20"),
    ("what happened Nov 16-20, 2026?", "Nov 16-20, 2026", "2026-11-16", "2026-11-20"),
    ("what happened from 2026-11-16 to 2026-11-20?", "from 2026-11-16 to 2026-11-20", "2026-11-16", "2026-11-20"),
    # an end's weekday written before it
    ("what happened from Monday, Nov 16 to Friday, Nov 20?", "from Monday, Nov 16 to Friday, Nov 20", "2026-11-16",
     "2026-11-20"),
    ("what happened between Mon Nov 16 and Fri Nov 20?", "between Mon Nov 16 and Fri Nov 20", "2026-11-16",
     "2026-11-20"),
    # the Monday-to-Sunday week holding the day, as "last week" is Monday to Sunday
    ("what did I do in the week of November 16?", "the week of November 16", "2026-11-16", "2026-11-22"),
    ("what happened the week of Nov 18?", "the week of Nov 18", "2026-11-16", "2026-11-22"),
    # a written day is no one's time: a who-question reads it
    ("who was primary on call the week of November 23?", "the week of November 23", "2026-11-23", "2026-11-29"),
    # year wrap: a span beginning within the coming month in a question not in the past tense is the one to come
    # (fixS2: fixS's "what happened from Dec 21 to Jan 4?" is in the past tense, last year's: see below)
    ("what's on from Dec 21 to Jan 4?", "from Dec 21 to Jan 4", "2026-12-21", "2027-01-04"),
    ("what happened from Dec 21 to Jan 4, 2027?", "from Dec 21 to Jan 4, 2027", "2026-12-21", "2027-01-04"),
    # since a day: to the asking day
    ("what changed since November 16?", "since November 16", "2026-11-16", "2026-12-07"),
])
def test_a_written_span_reads_its_days(question, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, MONDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)
    assert got.spelled and got.ahead == (got.first > MONDAY)  # one to come is read as next week is


def test_a_span_not_yet_begun_is_last_years():
    from minirag_cli.askday import asked_days

    got = asked_days("what happened from Nov 16 to Nov 20?", dt.date(2026, 5, 3))  # the latest begun
    assert (str(got.first), str(got.last)) == ("2025-11-16", "2025-11-20")
    got = asked_days("what happened from Dec 21 to Jan 4?", dt.date(2026, 12, 25))  # begun: to come in part
    assert (str(got.first), str(got.last)) == ("2026-12-21", "2027-01-04")
    got = asked_days("what happened from Dec 1 to Dec 2?", dt.date(2026, 6, 2))
    assert (str(got.first), str(got.last)) == ("2025-12-01", "2025-12-02")


@pytest.mark.parametrize("question,first,last", [
    # a yearless span still ahead was last year's (the latest begun by today, as "in October" is)
    ("who is off between Dec 20 and Jan 2?", "2026-12-20", "2027-01-02"),
    ("who is on call Dec 21-27?", "2026-12-21", "2026-12-27"),
    ("are we closed 24-26 December?", "2026-12-24", "2026-12-26"),
    ("who is on call the week of Dec 28?", "2026-12-28", "2027-01-03"),
    ("who is on call the week of 14 December?", "2026-12-14", "2026-12-20"),  # was 2025-12-08 to 14
])
def test_a_yearless_span_ahead_is_this_years_to_come(question, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, MONDAY)
    assert (str(got.first), str(got.last), got.ahead) == (first, last, True)


@pytest.mark.parametrize("question,why", [
    # read as nearly a year: the end's day in the next year
    ("what happened from Nov 20 to Nov 16?", "its end comes before its start"),
    ("what happened between Dec 5 and Dec 1?", "its end comes before its start"),
    ("what happened from 20 to 16 November?", "its end comes before its start"),
    ("what happened Dec 30-2?", "its end comes before its start"),
    ("what happened from Nov 1 to Jan 31?", "its end comes before its start"),  # crossing the year: 2 months at most
    ("what happened from Dec 21 to Dec 4, 2027?", "its end comes before its start"),
    ("what changed since Dec 8, 2026?", "it starts after today"),  # its year written (without: 2025's, see below)
])
def test_reversed_yearless_ends_are_said_not_read(question, why):
    from minirag_cli.askday import UnreadSpan, read_days

    got = read_days(question, MONDAY)
    assert isinstance(got, UnreadSpan) and got.why == why


@pytest.mark.parametrize("question,today,first,last", [
    # fixS read a yearless span as the one nearest today, ahead or behind (review revG): these were 2027's, no notes
    ("what did I do between Mar 2 and Mar 6?", MONDAY, "2026-03-02", "2026-03-06"),
    ("what did I do from Jun 1 to Jun 5?", MONDAY, "2026-06-01", "2026-06-05"),  # fixS: next June
    ("who is off between Mar 2 and Mar 6?", MONDAY, "2026-03-02", "2026-03-06"),  # months ahead: the latest begun
    # in the past tense a span coming soon is last year's too (fixS: 2026-12-21 to 2027-01-04, days to come)
    ("what happened from Dec 21 to Jan 4?", MONDAY, "2025-12-21", "2026-01-04"),
    ("what did I do between Dec 20 and Jan 2?", MONDAY, "2025-12-20", "2026-01-02"),
    ("who cooked from Dec 20 to Dec 24?", MONDAY, "2025-12-20", "2025-12-24"),
    # ... not a plan in it: the coming one
    ("what did I plan from Dec 21 to Jan 4?", MONDAY, "2026-12-21", "2027-01-04"),
    ("what is booked from Dec 20 to Dec 24?", MONDAY, "2026-12-20", "2026-12-24"),
    # "since" looks back: the latest such day on or before today (fixS: a day ahead, refused)
    ("what did I do since Mar 1?", MONDAY, "2026-03-01", "2026-12-07"),
    ("what did I do since Aug 1?", dt.date(2026, 5, 7), "2025-08-01", "2026-05-07"),
    ("what changed since Dec 8?", MONDAY, "2025-12-08", "2026-12-07"),
    ("what changed since Dec 7?", MONDAY, "2026-12-07", "2026-12-07"),
])
def test_a_yearless_span_is_the_latest_begun_unless_coming_within_a_month(question, today, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, today)
    assert (str(got.first), str(got.last)) == (first, last)


def test_the_coming_bound_is_coming_span_days():
    """A span beginning COMING_SPAN_DAYS (31) after today is the coming one; a day later, last year's."""
    from minirag_cli.askday import asked_days
    from minirag_cli.dayspans import COMING_SPAN_DAYS

    assert COMING_SPAN_DAYS == 31
    assert str(asked_days("who is off from Jan 7 to Jan 9?", MONDAY).first) == "2027-01-07"  # 31 days on
    assert str(asked_days("who is off from Jan 8 to Jan 9?", MONDAY).first) == "2026-01-08"  # 32


PAST_YEAR = {f"daily/{day}.md": f"---\ndate: {day}\n---\n# {day}\n\n{text}\n"
             for day, text in [("2026-03-04", "Replaced the bike chain and trued the back wheel."),
                               ("2026-06-02", "Planted the tomatoes and the basil on the balcony."),
                               ("2026-12-01", "Wrote the year-end review draft.")]}


@pytest.mark.parametrize("question,today,first,last,top", [
    ("what did I do between Mar 2 and Mar 6?", MONDAY, "2026-03-02", "2026-03-06", "daily/2026-03-04.md"),
    ("what did I do from Jun 1 to Jun 5?", MONDAY, "2026-06-01", "2026-06-05", "daily/2026-06-02.md"),
    ("what did I do since Mar 1?", MONDAY, "2026-03-01", "2026-12-07", None),
    ("what did I do since Aug 1?", dt.date(2026, 5, 7), "2025-08-01", "2026-05-07", "daily/2026-03-04.md"),
])
def test_mrag_ask_reads_a_past_span_of_this_year(tmp_path, monkeypatch, question, today, first, last, top):
    """Review revG's daily notes asked on 2026-12-07: fixS read "between Mar 2 and Mar 6" as 2027's (no note; the
    March note had been first) and refused "since Mar 1" ("it starts after today")."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    write_notes(tmp_path / "notes", PAST_YEAR)
    monkeypatch.setenv("MRAG_DB", str(tmp_path / "index.sqlite"))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", today.isoformat())
    runner = CliRunner()
    synced = runner.invoke(app, ["sync", str(tmp_path / "notes")])
    assert synced.exit_code == 0, synced.output
    out = runner.invoke(app, ["ask", question, "--json", "--k", "5"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert (got["days"]["from"], got["days"]["to"], got["days"]["read"]) == (first, last, True)
    if top:
        assert got["results"][0]["path"] == top


def test_a_span_crossing_the_new_year_within_two_months_is_read():
    from minirag_cli.askday import asked_days

    got = asked_days("what happened from Dec 1 to Jan 31?", MONDAY)
    assert (str(got.first), str(got.last)) == ("2026-12-01", "2027-01-31")


def _seconds(question: str, today: dt.date) -> float:
    import time

    from minirag_cli.askday import read_days

    best = float("inf")
    for _ in range(2):
        began = time.perf_counter()
        read_days(question, today)
        best = min(best, time.perf_counter() - began)
    return best


@pytest.mark.parametrize("day", [
    lambda d: f"on 2026-11-{d % 28 + 1:02d} we met.",
    # text.written_days looked at each day read before for each "Nov 16" (5 s for 1000 spans)
    lambda d: f"from Nov {d % 28 + 1} to Nov {d % 28 + 1} we met.",
])
def test_time_grows_linearly_with_the_days_written(day):
    """A pasted question of 1000 dates took 3.5 s (0.10 s before spans were read): each written day searched the
    text before it for a lead ("from", "since") and a moved word. 8 times the days: about 8 times the time when
    linear, 64 when quadratic; 32 leaves room for a busy machine (as tests/test_extract_linear.py)."""
    def pasted(n):
        return " ".join(day(d) for d in range(n))

    ratio = _seconds(pasted(1600), MONDAY) / max(_seconds(pasted(200), MONDAY), 1e-4)
    assert ratio < 32, f"200 -> 1600 dates took {ratio:.0f} times as long"


@pytest.mark.parametrize("question", [
    # no day: names, places, hours, versions
    "what happened between Alice and Bob?",
    "what did I write about the trip from Berlin to Paris?",
    "what did I do from 9 to 5?",
    "who called between 2 and 3 pm?",
    "what changed from version 2 to 3?",
    # reversed, longer than a year, a day moved (two days, no span), a number that is no day, a duration
    "what happened from Nov 20, 2026 to Nov 16, 2026?",
    "what happened from Nov 16, 2024 to Nov 20, 2026?",
    "what was postponed from Nov 16 to Nov 20?",
    "who moved the review from Nov 16 to Nov 20?",
    "did we invite people from Nov 16 to 20 guests?",
    "how long since Nov 16?",
    # beside another day or a comparison: as before
    "what happened from Nov 16 to Nov 20 and yesterday?",
    "what happened from Nov 16 to Nov 20 and on Dec 1?",
    "what happened before from Nov 16 to Nov 20?",
    "who wrote 'from Nov 16 to Nov 20'?",
])
def test_no_span_is_read(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, MONDAY) is None


def test_a_time_range_inside_one_day_reads_that_day():
    """"on Nov 16 from 9 to 11" is Nov 16's hours: no span; the day is searched as a written day is (its date)."""
    from minirag_cli.askday import asked_days
    from minirag_cli.text import date_terms

    assert asked_days("what did I do on Nov 16 from 9 to 11?", MONDAY) is None
    assert '"20261116"' in date_terms("what did I do on Nov 16 from 9 to 11?", ["2026"])


VAULT = {
    **{f"daily/2026-11-{d}.md": f"# 2026-11-{d}\n\nStandup, then {task}.\n"
       for d, task in [(13, "wrote the quarterly summary"), (16, "paired with Tomasz on the retry design"),
                       (17, "fixed the flaky checkout test"), (18, "migrated the staging database"),
                       (19, "held the 1:1 with Dana"), (20, "shipped the retry change"),
                       (23, "took the on-call handover"), (24, "investigated the AuthService latency")]},
    "runbooks/cert-rotation.md": "# Certificate rotation\n\n- 2026-11-18: rotated the gateway certificate\n"
                                 "- 2026-10-02: rotated the API certificate\n",
    "ref/reading.md": "# Reading list\n\nDesigning Data-Intensive Applications, chapter 7.\n",
}


@pytest.fixture(scope="module")
def span_index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("spans")
    write_notes(tmp / "notes", VAULT)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _search(index, question):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=MONDAY)


def test_the_span_reads_every_day_between_its_ends(span_index):
    """The days between the two written were searched as no date: Nov 17 to 19's notes had no date vote."""
    result = _search(span_index, "what happened from Nov 16 to Nov 20?")
    assert result.to_dict()["days"] == {"words": "from Nov 16 to Nov 20", "from": "2026-11-16", "to": "2026-11-20",
                                        "dated_notes": True, "read": True}
    dated = {r["path"] for r in result.results if "date" in r["channels"]}
    assert {f"daily/2026-11-{d}.md" for d in range(16, 21)} <= dated
    assert not dated & {"daily/2026-11-13.md", "daily/2026-11-23.md", "daily/2026-11-24.md"}


def test_the_answer_reads_the_spans_notes_and_those_writing_its_days(span_index):
    result = _search(span_index, "what happened between 17 and 19 November?")
    assert result.days.words == "between 17 and 19 November"
    sources = {result.results[s["n"] - 1]["path"] for s in span_index.prepare_answer(result).sources}
    assert "runbooks/cert-rotation.md" in sources  # writes 2026-11-18
    assert sources == {f"daily/2026-11-{d}.md" for d in range(17, 20)} | {"runbooks/cert-rotation.md"}


def test_the_week_of_a_day_reads_its_monday_to_sunday(span_index):
    result = _search(span_index, "what did I do in the week of November 18?")
    assert (str(result.days.first), str(result.days.last)) == ("2026-11-16", "2026-11-22")
    assert {r["path"] for r in result.results if "date" in r["channels"]} >= {"daily/2026-11-17.md",
                                                                              "daily/2026-11-19.md"}


def test_mrag_ask_json_names_the_spans_days(span_index, monkeypatch):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(span_index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", "what happened since November 20?", "--json", "--k", "5"])
    assert out.exit_code == 0, out.output
    days = json.loads(out.stdout)["days"]
    assert (days["words"], days["from"], days["to"], days["read"]) == ("since November 20", "2026-11-20",
                                                                       "2026-12-07", True)


def test_a_spans_month_and_weekday_words_are_no_unheld_names(span_index):
    """"Mon Nov" and "Fri Nov" were names no note holds: the answer declined without the model."""
    result = _search(span_index, "what happened from Mon Nov 16 to Fri Nov 18?")
    prepared = span_index.prepare_answer(result)
    assert prepared.unheld == [] and span_index.unheld_names(result) == []
    assert {result.results[s["n"] - 1]["path"] for s in prepared.sources} >= {"daily/2026-11-16.md",
                                                                              "daily/2026-11-17.md"}


@pytest.mark.parametrize("question,why", [
    ("what happened from Nov 20, 2026 to Nov 16, 2026?", "its end comes before its start"),
    ("what happened from Nov 16, 2024 to Nov 20, 2026?", "it is longer than a year"),
])
def test_a_span_not_read_is_said_so(span_index, monkeypatch, question, why):
    """A reversed or too long span was searched as its two days with no word of why the days between were not."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(span_index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", question, "--json", "--k", "5"])
    assert out.exit_code == 0, out.output
    days = json.loads(out.stdout)["days"]
    assert (days["read"], days["reason"]) == (False, why)
    assert f"is searched as written, not as the days between: {why}." in out.stderr


HOLIDAYS = {
    "daily/2025-12-22.md": "# 2025-12-22\n- Quiet day. Marcus off skiing, Aiko off too.\n- Lunch with Priya.\n",
    "daily/2025-12-29.md": "# 2025-12-29\n- Deploy freeze. Jonas off.\n",
    "daily/2026-11-18.md": "# 2026-11-18\n- Tom off this week. Kafka upgrade planning.\n",
    "daily/2026-12-03.md": "# 2026-12-03\n- Holiday plan: Marcus off Dec 21 to Jan 4, Aiko off Dec 23 - Dec 31, "
                           "Fatima off Dec 24.\n",
    "daily/2026-12-05.md": "# 2026-12-05\n- Postgres 16 upgrade done.\n",
}


def test_a_span_to_come_puts_this_years_plan_above_last_years_notes(tmp_path):
    """Asked on 2026-12-07, "between Dec 20 and Jan 2" was 2025-12-20 to 2026-01-02: last year's notes were dated
    in it and ranked above this year's plan. Now it is the span to come, read as "next week" is: the notes that
    write one of its days."""
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", HOLIDAYS)
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        result = _search(index, "who is off between Dec 20 and Jan 2?")
    days = result.to_dict()["days"]
    assert (days["from"], days["to"], days["read"]) == ("2026-12-20", "2027-01-02", True)
    assert result.results[0]["path"] == "daily/2026-12-03.md"
