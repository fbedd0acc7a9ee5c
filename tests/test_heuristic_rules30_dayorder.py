"""Heuristic rules 30, dayorder's part: the vault's day order for the ambiguous slashed days no note settles, and
what status and doctor say of the ones left unread (session 55's landlord: 39 of his days were no date)."""

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


# fixDO, review of dayorder: a day without its year outside a month's heading stays none (the first reading took the
# dated notes' fractions, ratings and counts for days), and a question's slashed day without its year is read as none
# (it was read forward, `on 12/1` in December as next January, and `before 1/12` as the one day)
@pytest.mark.parametrize("text", [
    "# Week\n- 1/2 day off\n- 3/4 done\n- 10/10 would recommend\n- 5/7 days of gym\n",
    "# Health\nPain from 7/10 down to 4/10\n- 6/8 tasks done\n- 9/10 on the spelling test\n",
    "# Work\n- 24/7 support line\n| 3/12 | tests passing |\n12/12 tests pass\n**1/2** of the team\n",
    "# Cooking\n- 2/3 onion\n- 1/2 lemon\n- 6/8 rhythm\n- 4/4\n1/2 marathon done!\n",
    "# Leak\n22/11 - first noticed\n28/11: dripping again\nrang on 19/11 about it\n",
])
def test_a_dated_notes_yearless_figures_are_no_days(tmp_path, text):
    # the note's day order settled (day first) as the reviewer's were: the figures stay figures all the same
    days = _days(synced_names(tmp_path, {"2026-11-28 note.md": text + "Ordered 20/11/2026\n"}))
    assert days <= {"2026-11-28", "2026-11-20"}, days


def test_the_setting_reads_a_notes_ambiguous_day_whatever_its_yearless_figures(tmp_path, monkeypatch):
    monkeypatch.setenv("MRAG_DAY_ORDER", "month-first")
    write_notes(tmp_path / "notes", {"2026-09-20 order.md": "# Order\n- 16/9 panel\nOrdered 11/12/2026\n"})
    _summary, days = _sync(tmp_path)
    assert "2026-11-12" in days and "2026-12-11" not in days, days


@pytest.mark.parametrize("question", [
    "what did I do on 12/1", "did I pay rent on 1/6?", "what happened on 15/12 last year", "what did i do on 1/12",
    "anything before 1/12", "what changed after 20/11", "what's on until 15/12", "what happened since 9/11",
    "what is 1/2 of the budget", "is the shop open 24/7",
])
def test_a_questions_slashed_day_without_its_year_is_no_day(question):
    from minirag_cli.askday import read_days
    from minirag_cli.dayorder import one_asked_day

    for order in ("", "day-first", "month-first"):
        assert one_asked_day(read_days(question, dt.date(2026, 12, 7)), order) is None
