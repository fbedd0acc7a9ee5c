"""Heuristic rules 28 (notedays: a UK family's and a manager's vaults). A slashed day whose day and month are both 12
or less (`02/11/2026`, `Friday 11/12/2026`) was no date at all, about 40 % of a UK user's days; now the note settles it
(dayorder.py): a weekday written with it, the heading's month and year over it, the note's own unambiguous slashed
days, else the day_order setting. A heading naming a year alone (`# Holidays and OOO 2026`) dates the yearless days
under it (yearless.py). Each through a real sync, as `mrag sync` runs it (heuristic names, hashing vectors), each with
its counter-case."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names, write_notes


def test_the_rules_are_28():
    assert VERSION >= 28


def _days(names: set[str]) -> set[str]:
    return {n for n in names if n[:2] in ("19", "20") and len(n) == 10}


# a. a weekday written with the day
@pytest.mark.parametrize("line, day", [
    ("- Friday 11/12/2026: Chloe, 18:30-23:00", "2026-12-11"),  # 11 December 2026 is a Friday
    ("- Fri, 11/12/2026: Chloe", "2026-12-11"),
    ("- 11/12/2026 (Fri): Chloe", "2026-12-11"),
    ("- Thursday 11/12/2026: Chloe", "2026-11-12"),  # November 12 is the Thursday: a US writer's
])
def test_a_weekday_settles_an_ambiguous_day(tmp_path, line, day):
    assert _days(synced_names(tmp_path, {"Babysitting.md": f"# Babysitting\n{line}\n"})) == {day}


@pytest.mark.parametrize("line", [
    "- Saturday 11/12/2026: Chloe",  # neither 11 December nor November 12 is a Saturday: no guess
    "- 11/12/2026 Sat nav fixed",  # a short weekday's word after the day, out of brackets, is none
    "- Christmas jumper day: 11/12/2026",  # nothing settles it: no date, as before
])
def test_no_weekday_or_a_wrong_one_settles_nothing(tmp_path, line):
    assert not _days(synced_names(tmp_path, {"Babysitting.md": f"# Babysitting\n{line}\n"}))


# b. the heading's month and year over it
def test_a_headings_month_settles_an_ambiguous_day(tmp_path):
    names = synced_names(tmp_path, {"Bills.md": (
        "# Household costs\n\n## November 2026\n- 02/11/2026 Council tax £168.00\n- 05/11/2026 Energy £142.50\n\n"
        "## December 2026\n- 01/12/2026 Council tax £168.00\n- 03/12: Xmas tree £45\n- 1/2 cup of mulled wine\n")})
    assert _days(names) == {"2026-11-02", "2026-11-05", "2026-12-01", "2026-12-03"}


def test_a_headings_month_settles_a_yearless_day_written_before_its_words(tmp_path):
    """Review revH: fixL's 'only where written as a date' (a colon, a comma, a dash after the day) lost the commonest
    calendar list form, `- 15/12 9am dentist`: a family calendar under `## December 2026` had no date left, and "what
    is happening next week?" found nothing. Taken out; a day opening a list item is the heading month's again."""
    names = synced_names(tmp_path, {"Calendar.md": (
        "# Family calendar\n\n## December 2026\n- 15/12 9am dentist for Maya\n- 18/12 school breaks up\n"
        "- [ ] 14/12 book turkey delivery\n")})
    assert _days(names) == {"2026-12-15", "2026-12-18", "2026-12-14"}


def test_a_day_of_another_month_than_the_headings_is_none(tmp_path):
    # read either way, 04/05/2026 is April or May: neither is December's
    names = synced_names(tmp_path, {"Bills.md": "# Costs\n\n## December 2026\n- 04/05/2026 refund\n- 04/05: refund\n"})
    assert not _days(names)


# c. the note's own unambiguous slashed days
def test_the_notes_own_days_settle_its_ambiguous_ones(tmp_path):
    names = synced_names(tmp_path, {
        "Chat.md": "# Year 5 parents\n[20/11/2026, 18:04] Sue: trip money due 05/11/2026\n",
        "Terms.md": "# Term dates 2026-27\n- Half term: 26/10/2026 - 30/10/2026\n- Christmas jumper day: 11/12/2026\n",
        # a US note: month first by its 11/20/2026
        "US.md": "# Thanksgiving\n- 11/20/2026 groceries\n- 11/05/2026 flights booked\n",
    })
    assert {"2026-11-05", "2026-12-11", "2026-11-20", "2026-10-26", "2026-10-30"} <= _days(names)
    assert not {"2026-05-11", "2026-11-12"} & _days(names)


def test_a_note_of_both_orders_or_another_notes_order_settles_nothing(tmp_path):
    names = synced_names(tmp_path, {
        "Mixed.md": "# Log\n- 20/11/2026 UK form\n- 11/21/2026 US form\n- 05/11/2026 which?\n",
        # a note's reading is its own: the UK note beside it settles nothing of this one
        "Other.md": "# Plans\n- 03/04/2026 dentist\n",
        "UK.md": "# Bills\n- 25/12/2026 turkey\n",
    })
    assert _days(names) == {"2026-11-20", "2026-11-21", "2026-12-25"}


# d. the day_order setting
def _synced(tmp_path, files, env, monkeypatch) -> set[str]:
    write_notes(tmp_path / "notes", files)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    res = CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "sync", str(tmp_path / "notes"),
                                   "--embedding-model", "hashing:32"])
    assert res.exit_code == 0, res.output
    with sqlite3.connect(tmp_path / "index.sqlite") as conn:
        return _days({n for (n,) in conn.execute("SELECT name FROM entities")})


def test_the_day_order_setting_reads_the_rest_and_a_change_rereads_them(tmp_path, monkeypatch):
    files = {"Jumper.md": "# School\n- Christmas jumper day: 11/12/2026\n- Thursday 03/04/2026: trip\n"}
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    assert _synced(tmp_path, files, {}, monkeypatch) == set()  # unset: as before (the weekday's day: none is 03/04)
    assert _synced(tmp_path, files, {"MRAG_DAY_ORDER": "day-first"}, monkeypatch) == {"2026-12-11"}
    # a weekday neither reading falls on beats the setting (3 April 2026 is a Friday, March 4 a Wednesday): none
    assert _synced(tmp_path, files, {"MRAG_DAY_ORDER": "month-first"}, monkeypatch) == {"2026-11-12"}


def test_a_change_of_day_order_says_it_is_why_every_note_is_extracted_anew(tmp_path, monkeypatch):
    """The rules the same, the sync said "(the index had heuristic rules version 28, this mrag has 28)"."""
    write_notes(tmp_path / "notes", {"Jumper.md": "# School\n- Christmas jumper day: 11/12/2026\n"})
    sync = ["--db", str(tmp_path / "index.sqlite"), "sync", str(tmp_path / "notes"), "--embedding-model", "hashing:32"]
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    assert CliRunner().invoke(app, sync).exit_code == 0
    monkeypatch.setenv("MRAG_DAY_ORDER", "day-first")
    res = CliRunner().invoke(app, sync)
    assert res.exit_code == 0, res.output
    said = " ".join(res.stdout.split())
    assert "the day order changed from unset to day-first" in said, said
    assert "heuristic rules version" not in said
    res = CliRunner().invoke(app, [*sync, "--json"])
    assert json.loads(res.stdout).get("reextracted") is None  # the same order: nothing anew
    monkeypatch.setenv("MRAG_DAY_ORDER", "month-first")
    res = CliRunner().invoke(app, [*sync, "--json"])
    assert json.loads(res.stdout)["reextracted"]["day_order"] == {"from": "day-first", "to": "month-first"}


def test_status_and_doctor_show_the_indexs_day_order(tmp_path, monkeypatch):
    write_notes(tmp_path / "notes", {"Jumper.md": "# School\n- Christmas jumper day: 11/12/2026\n"})
    db = ["--db", str(tmp_path / "index.sqlite")]
    monkeypatch.setenv("MRAG_DAY_ORDER", "day-first")
    assert CliRunner().invoke(app, [*db, "sync", str(tmp_path / "notes"), "--embedding-model", "hashing:32"]
                              ).exit_code == 0
    status = json.loads(CliRunner().invoke(app, [*db, "status", "--json"]).stdout)
    assert status["day_order"] == "day-first"
    assert status["day_order_setting"] == {"value": "day-first", "source": "env MRAG_DAY_ORDER"}
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "day order day-first: 11/12/2026 is 11 December" in shown and "next sync" not in shown
    assert "day order day-first" in " ".join(CliRunner().invoke(app, [*db, "doctor", "--no-load"]).stdout.split())
    monkeypatch.setenv("MRAG_DAY_ORDER", "month-first")  # set, not synced yet: the next sync reads it
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "env MRAG_DAY_ORDER sets month-first: the next sync extracts every note anew" in shown
    monkeypatch.delenv("MRAG_DAY_ORDER")
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "day order day-first" in shown  # as the index was read, until a sync without it


def test_a_bad_day_order_is_said_by_status_and_ask_too(tmp_path, monkeypatch):
    """sync fails on MRAG_DAY_ORDER=bogus; status and ask said nothing of it (they work: the index's own order)."""
    write_notes(tmp_path / "notes", {"Jumper.md": "# School\n- Christmas jumper day: 11/12/2026\n"})
    db = ["--db", str(tmp_path / "index.sqlite")]
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:32")
    assert CliRunner().invoke(app, [*db, "sync", str(tmp_path / "notes")]).exit_code == 0
    monkeypatch.setenv("MRAG_DAY_ORDER", "bogus")
    said = "MRAG_DAY_ORDER='bogus': expected day-first or month-first"
    res = CliRunner().invoke(app, [*db, "status", "--json"])
    assert res.exit_code == 0 and said in json.loads(res.stdout)["day_order_setting"]["error"]
    res = CliRunner().invoke(app, [*db, "status"])
    assert res.exit_code == 0 and said in " ".join(res.stdout.split())
    res = CliRunner().invoke(app, [*db, "ask", "jumper day", "--no-answer", "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["results"]
    assert said in " ".join(res.stderr.split()) and "`mrag sync` fails" in res.stderr


def test_a_bad_day_order_is_reported(tmp_path, mrag_bin):
    import os
    import subprocess

    write_notes(tmp_path / "notes", {"a.md": "# A\n"})
    res = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(tmp_path / "notes"),
                          "--embedding-model", "hashing:32"], capture_output=True, text=True,
                         env={**os.environ, "MRAG_DAY_ORDER": "european"})
    assert res.returncode != 0
    assert "MRAG_DAY_ORDER='european': expected day-first or month-first" in res.stderr
    assert "Traceback" not in res.stderr


# 2. a heading naming a year alone
def test_a_year_alone_in_a_heading_dates_its_yearless_days(tmp_path):
    names = synced_names(tmp_path, {
        "vacation.md": "# Holidays and OOO 2026\n\n- Priya off 14–18 Dec\n- Dec 21: office closed\n- Dec 24\n",
        "plan.md": "# 2027\n\n## March\n\n- 4 Mar: Lisbon offsite\n",
    })
    assert {"2026-12-18", "2026-12-21", "2026-12-24", "2027-03-04"} <= names
    assert not {"18 Dec", "Dec 21", "Dec 24", "4 Mar"} & names


@pytest.mark.parametrize("heading", [
    "# Release v2026 notes", "# Term dates 2026-27", "# Top 2000 countdown", "# Q4 2026", "# 2025 review",
    "# Room 2026 bookings", "# 2025 vs 2026",
])
def test_a_year_in_a_version_a_span_a_count_a_quarter_or_a_review_dates_nothing(tmp_path, heading):
    assert "21 Dec" in synced_names(tmp_path, {"note.md": f"{heading}\n\n- 21 Dec: party\n"})


@pytest.mark.parametrize("order, days", [("day-first", ["2026-12-11"]), ("", ["2026-11-12", "2026-12-11"])])
def test_a_questions_ambiguous_day_is_the_index_day_orders_one(tmp_path, order, days):
    import datetime as dt

    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"2026-12-11.md": "# 2026-12-11\nChristmas do with Tom.\n",
                                     "2026-11-12.md": "# 2026-11-12\nSchool trip money.\n"})
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(day_order=order), extractor=HeuristicExtractor())
        result = index.search("what did we do on 11/12/2026?", RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2026, 12, 14))
    assert [str(d) for d in result.days.days()] == days


def test_a_span_across_the_new_year_under_a_years_heading_ends_the_next_year(tmp_path):
    names = synced_names(tmp_path, {"vacation.md": (
        "# Holidays and OOO 2026\n\n- Marcus OOO from Dec 21 to Jan 4\n- Me: out December 22 through January 1\n"
        "- Diego: Jan 11 kickoff\n")})
    assert {"2026-12-21", "2027-01-04", "2026-12-22", "2027-01-01"} <= names
    assert not {"2026-01-04", "2026-01-01"} & names
    assert "2026-01-11" in names  # a January day alone is the heading's year's, as written


# 3. a written span of days
@pytest.mark.parametrize("text, spans", [
    ("# Holidays and OOO 2026\n\n- Priya off 14–18 Dec\n- Marcus OOO from Dec 21 to Jan 4\n",
     [("2026-12-14", "2026-12-18"), ("2026-12-21", "2027-01-04")]),
    ("---\ndate: 2026-09-01\n---\nDan is away 19 Dec – 3 Jan. Bakery event from April 15 to 17.\n",
     [("2026-04-15", "2026-04-17"), ("2026-12-19", "2027-01-03")]),
    ("# Term dates\n- Half term: 26/10/2026 - 30/10/2026\n- Christmas jumper day: 11/12/2026\n",
     [("2026-10-26", "2026-10-30")]),
    # too long (a term), out of order, no year to read, a time's numbers, a verb's may: none
    ("# Terms 2026\n- Autumn term: Thu 3rd Sep 2026 to Fri 18th Dec 2026\n- 18 Dec to 14 Dec\n", []),
    ("# Ideas\n- Priya off 14–18 Dec\n- Chloe 18:30-23:00 Dec\n- Only 3-4 may attend\n", []),
])
def test_a_written_span_records_its_days(tmp_path, text, spans):
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor

    write_notes(tmp_path / "notes", {"note.md": text})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        assert sorted(conn.execute("SELECT first, last FROM chunk_spans")) == spans
        entities = conn.execute("SELECT count(*) FROM entities WHERE key LIKE 'date:2026-12-16%'").fetchone()[0]
        assert entities == 0  # the days inside are no entities
        (tmp_path / "notes" / "note.md").write_text("# Empty\n")  # a changed note leaves no span behind
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        assert conn.execute("SELECT count(*) FROM chunk_spans").fetchone()[0] == 0
    finally:
        conn.close()


def test_a_day_inside_a_span_reaches_its_note_by_the_date_channel(tmp_path):
    import datetime as dt

    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {
        "vacation.md": "# Holidays and OOO 2026\n\n- Priya off 14–18 Dec\n- Fatima: Dec 24 only\n",
        "other.md": "# Team offsite\n\nWho is out for the offsite? Priya and Fatima asked about it.\n",
    })
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        for question, dated in [("is anyone out on December 16, 2026?", True), ("is anyone out on December 20, 2026?", False)]:
            result = index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=dt.date(2026, 12, 7))
            channels = {r["path"]: r.get("channels", {}) for r in result.results}
            assert ("date" in channels.get("vacation.md", {})) is dated, (question, channels)


def test_an_index_of_rules_27_gets_its_spans_at_the_next_sync(tmp_path):
    """An index of schema 8 and rules 27 (no chunk_spans): opened, it is migrated; synced, its notes are extracted
    anew (rules 28) and their spans written, with no file changed."""
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"vacation.md": "# Holidays and OOO 2026\n\n- Priya off 14–18 Dec\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    with db.transaction(conn):  # as rules 27 and schema 8 left it
        conn.execute("DROP TABLE chunk_spans")
        conn.execute("DELETE FROM schema_migrations WHERE version = 9")
        db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "27")
    conn.close()
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        assert conn.execute("SELECT count(*) FROM chunk_spans").fetchone()[0] == 0
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        assert conn.execute("SELECT first, last FROM chunk_spans").fetchall() == [("2026-12-14", "2026-12-18")]
    finally:
        conn.close()


@pytest.mark.parametrize("order, dated", [("day-first", {"Babysitting.md"}), ("", {"Babysitting.md", "Trip.md"})])
def test_a_questions_ambiguous_day_no_note_is_dated_in_is_searched_as_the_orders_day(tmp_path, order, dated):
    """No note is dated 11/12/2026: the question is searched as written (Index.search), its day's date terms and the
    date channel those of the index's day order's reading alone (text.date_terms' order): both days before."""
    import datetime as dt

    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"Babysitting.md": "# Babysitting\n- Friday 11/12/2026: Chloe, 18:30\n",
                                     "Trip.md": "# School trip\n- 12 November 2026: museum, packed lunch\n"})
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(day_order=order), extractor=HeuristicExtractor())
        result = index.search("what is on 11/12/2026?", RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2026, 12, 14))
    assert {r["path"] for r in result.results if "date" in r.get("channels", {})} == dated
