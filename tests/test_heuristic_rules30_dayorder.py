"""Heuristic rules 30, dayorder's part: the vault's day order, days without their year dating a dated note's lines,
and a question's slashed days (session 55's landlord and UK teacher: 39 of the landlord's days were no date)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3

import pytest
from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names, write_notes


def test_the_rules_are_30():
    assert VERSION >= 30


def _days(names: set[str]) -> set[str]:
    return {n for n in names if n[:2] in ("19", "20") and len(n) == 10}


# the landlord's vault: a rent table of 1st-of-month days settles nothing itself; the vault's other notes do
_UK = {
    "rent 2026.md": "# Rent - Flat 2B\n| Due | Paid |\n|---|---|\n| 01/11/2026 | 01/11/2026 |\n| 01/12/2026 | 03/12/2026 |\n",
    "damp.md": "# Damp survey\nSurvey booked for 10/12/2026 at 9am. Quote sent 20/11/2026.\n",
    "boiler.md": "# Boiler\nServiced 14/10/2026, next due 14/10/2027.\n",
}


def test_the_vaults_order_reads_the_days_no_note_settles(tmp_path):
    days = _days(synced_names(tmp_path, _UK))
    assert {"2026-11-01", "2026-12-01", "2026-12-03", "2026-12-10"} <= days
    assert not {"2026-01-11", "2026-01-12", "2026-03-12", "2026-10-12"} & days


def test_a_notes_own_order_beats_the_vaults_and_a_vault_of_both_orders_settles_nothing(tmp_path):
    # a US note settles itself month first; it writes the other order, so the vault's evidence is both: no order
    days = _days(synced_names(tmp_path, {**_UK, "us.md": "# Thanksgiving\n- 11/26/2026 dinner\n- 11/05/2026 flights\n"}))
    assert {"2026-11-26", "2026-11-05"} <= days
    assert not {"2026-11-01", "2026-12-01", "2026-05-11"} & days


def test_too_few_days_or_one_note_settle_no_vault_order(tmp_path):
    days = _days(synced_names(tmp_path, {"chat.md": "[20/11/2026, 18:04] Sue: hi\n[21/11/2026, 09:00] Sue: ok\n"
                                                    "[25/11/2026, 10:00] Sue: bye\n",
                                         "bills.md": "# Bills\n- 01/12/2026 council tax\n"}))
    assert "2026-12-01" not in days and "2026-01-12" not in days


def _sync(tmp_path, *extra):
    res = CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "sync", str(tmp_path / "notes"),
                                   "--embedding-model", "hashing:32", "--json", *extra])
    assert res.exit_code == 0, res.output
    with sqlite3.connect(tmp_path / "index.sqlite") as conn:
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    return json.loads(res.stdout), _days(names)


def test_a_note_that_turns_the_vaults_order_rereads_every_note_and_back(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", _UK)
    summary, days = _sync(tmp_path)
    assert "2026-12-01" in days
    summary, days = _sync(tmp_path)
    assert summary.get("reextracted") is None and "2026-12-01" in days  # the same vault: nothing anew
    write_notes(tmp_path / "notes", {"us.md": "# Thanksgiving\n- 11/26/2026 dinner\n"})
    summary, days = _sync(tmp_path)  # the rent table, unchanged, is read as the vault is now: unread
    assert summary["reextracted"]["day_order"] == {"from": "day-first", "to": None}
    assert "2026-12-01" not in days and "2026-11-26" in days
    (tmp_path / "notes" / "us.md").unlink()
    summary, days = _sync(tmp_path)
    assert summary["reextracted"]["day_order"] == {"from": None, "to": "day-first"}
    assert "2026-12-01" in days
    # a sync from nothing reads it alike
    summary, again = _sync(tmp_path, "--rebuild")
    assert again == days


def test_status_and_doctor_say_the_unread_days_and_the_setting(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", {"bills.md": "# Bills\n- 01/12/2026 council tax\n- 02/12/2026 water\n"})
    _sync(tmp_path)
    db = ["--db", str(tmp_path / "index.sqlite")]
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "2 ambiguous slashed days no note settles left unread" in shown, shown
    assert 'set day_order = "day-first" or "month-first" (MRAG_DAY_ORDER)' in shown
    doctor = " ".join(CliRunner().invoke(app, [*db, "doctor", "--no-load"]).stdout.split())
    assert "2 ambiguous slashed days no note settles left unread" in doctor, doctor
    write_notes(tmp_path / "notes", _UK)
    _sync(tmp_path)
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "day order day-first" in shown and "the vault's" in shown and "left unread" not in shown


# days without their year dating a dated note's lines
def test_a_dated_logs_yearless_days_are_read_in_its_order(tmp_path):
    days = _days(synced_names(tmp_path, {
        "2026-11-28 leak in bathroom.md": "# Leak\n22/11 - first noticed\n28/11 - dripping again\n"
                                          "5/12 - stain still there\nrang on 19/11 about it\n",
        "2026-12-04 pastoral log.md": "# Log\n| Date | Pupil |\n|---|---|\n| 16/11 | Jayden |\n| 2/12 | JT |\n",
    }))
    assert {"2026-11-22", "2026-11-28", "2026-12-05", "2026-11-19", "2026-11-16", "2026-12-02"} <= days
    assert "2026-05-12" not in days and "2026-12-16" not in days


@pytest.mark.parametrize("text", [
    "# Pancakes\n- 1/2 cup flour\n- 3/4 cup milk\n22/11 - made them\n",  # a measure's fraction
    "# Chem\nRates test 16/30. Mock 9/10 on 20/11\n",  # a score, inside the line
    "# Shop\nOpen 24/7 now, 2/3 of stock gone\n",
    "# Undated\n2/12 - JT detention\n",  # no date in its name: no year to give (file name below has none)
])
def test_no_fraction_score_or_undated_note_is_a_day(tmp_path, text):
    name = "notes about things.md" if text.startswith("# Undated") else "2026-11-28 note.md"
    days = _days(synced_names(tmp_path, {name: text}))
    assert not {"2026-02-01", "2026-04-03", "2026-03-02", "2026-02-12", "2026-12-02", "2026-10-09"} & days, days


# a question's slashed days
@pytest.mark.parametrize("question, order, day", [
    ("what did i do on 1/12", "day-first", dt.date(2026, 12, 1)),
    ("what did i do on 1/12", "month-first", dt.date(2027, 1, 12)),
    ("anything on 15/12?", "", dt.date(2026, 12, 15)),
    ("is the trip on 10/12?", "day-first", dt.date(2026, 12, 10)),
])
def test_a_questions_slashed_day_is_read_with_the_indexs_order(question, order, day):
    from minirag_cli.askday import read_days
    from minirag_cli.dayorder import one_asked_day

    days = one_asked_day(read_days(question, dt.date(2026, 12, 7)), order)
    assert (days.first, days.last) == (day, day)


@pytest.mark.parametrize("question", ["what is 1/2 of the budget", "what happened on 1/12 or 2/12", "how did he do in the 16/30 test",
                                      "is the shop open 24/7"])
def test_a_questions_fraction_is_no_day(question):
    from minirag_cli.askday import read_days

    assert read_days(question, dt.date(2026, 12, 7)) is None
