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
    # year wrap: the latest such span begun by the asking day, as "in October" is the latest October begun
    ("what happened from Dec 21 to Jan 4?", "from Dec 21 to Jan 4", "2025-12-21", "2026-01-04"),
    ("what happened from Dec 21 to Jan 4, 2027?", "from Dec 21 to Jan 4, 2027", "2026-12-21", "2027-01-04"),
    # since a day: to the asking day
    ("what changed since November 16?", "since November 16", "2026-11-16", "2026-12-07"),
])
def test_a_written_span_reads_its_days(question, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, MONDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)
    assert got.spelled and got.ahead == (got.first > MONDAY)  # one to come is read as next week is


def test_a_span_not_yet_begun_this_year_is_last_years():
    from minirag_cli.askday import asked_days

    got = asked_days("what happened from Nov 16 to Nov 20?", dt.date(2026, 5, 3))
    assert (str(got.first), str(got.last)) == ("2025-11-16", "2025-11-20")
    got = asked_days("what happened from Dec 21 to Jan 4?", dt.date(2026, 12, 25))  # begun: to come in part
    assert (str(got.first), str(got.last)) == ("2026-12-21", "2027-01-04")


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
