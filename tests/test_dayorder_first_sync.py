"""Session 56's testers: a new index's first sync read its notes' day order before extracting them (it extracted
every note twice and said "re-extracted ... the day order changed from unset to day-first"), status and doctor name
the notes and lines of the ambiguous days left unread (they said only how many), and `mrag graph --format json`
points to `mrag graph export --format json`."""

from __future__ import annotations

import json
import sqlite3

from typer.testing import CliRunner

from minirag_cli.cli import app
from tests.conftest import write_notes

# a club secretary's vault: day-first days in two notes settle the rota's ambiguous ones
_CLUB = {
    "Minutes/AGM.md": "# AGM\nHeld 20/11/2026. Next committee 14/01/2027.\n",
    "Results/Parkrun.md": "# Parkrun\n- 28/11/2026 Sam PB\n",
    "Rota.md": "# Rota\n- 05/12/2026 Alex leads\n- 12/12/2026 Priya leads\n",
}


def _sync(tmp_path, *roots, extra=()):
    db = tmp_path / "index.sqlite"
    res = CliRunner().invoke(app, ["--db", str(db), "sync", *(str(r) for r in roots), "--embedding-model",
                                   "hashing:32", *extra])
    assert res.exit_code == 0, res.output
    with sqlite3.connect(db) as conn:
        days = {n for (n,) in conn.execute("SELECT name FROM entities") if n[:2] == "20" and len(n) == 10}
    return res.stdout, days


def test_a_first_sync_reads_the_day_order_from_its_files_once(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", _CLUB)
    said, days = _sync(tmp_path, tmp_path / "notes", extra=["--json"])
    summary = json.loads(said)
    assert summary.get("reextracted") is None, summary.get("reextracted")  # extracted once, day first
    assert {"2026-12-05", "2026-12-12"} <= days and "2026-05-12" not in days
    with sqlite3.connect(tmp_path / "index.sqlite") as conn:
        assert dict(conn.execute("SELECT key, value FROM meta WHERE key = 'day_order'")) == {"day_order": "day-first"}
    # as a rebuild, which reads it from the index, has them
    _said, again = _sync(tmp_path, tmp_path / "notes", extra=["--rebuild"])
    assert again == days


def test_a_first_sync_of_too_few_days_settles_no_order(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", {"AGM.md": "# AGM\nHeld 20/11/2026.\n", "Rota.md": "# Rota\n- 05/12/2026 Alex\n"})
    said, days = _sync(tmp_path, tmp_path / "notes", extra=["--json"])
    assert json.loads(said).get("reextracted") is None
    assert "2026-12-05" not in days and "2026-05-12" not in days


def test_a_new_indexs_order_settled_after_its_notes_is_no_change_said(tmp_path, monkeypatch):
    # the first folder writes no unambiguous day, the second settles the order once the first is extracted
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "a", {"Rota.md": _CLUB["Rota.md"]})
    write_notes(tmp_path / "b", {k: v for k, v in _CLUB.items() if k != "Rota.md"})
    said, days = _sync(tmp_path, tmp_path / "a", tmp_path / "b")
    said = " ".join(said.split())
    assert "re-extracted" not in said and "changed from unset" not in said, said
    assert "day order day-first, as the notes' unambiguous slashed days settle it" in said, said
    assert {"2026-12-05", "2026-12-12"} <= days


def test_status_and_doctor_name_the_unread_days_notes_and_lines(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", {
        "Admin/Council tax.md": "# Council tax\nFinal bill.\n\nPaid 02/10/2026 by card (2 October).\n",
        "Trips/Lisbon.md": "# Lisbon\nFlights 19.11.2026, back 03/04/2027 and 03/04/2027 again.\n",
        "Plain.md": "# Plain\nNothing dated.\n"})
    _sync(tmp_path, tmp_path / "notes")
    db = ["--db", str(tmp_path / "index.sqlite")]
    evidence = json.loads(CliRunner().invoke(app, [*db, "status", "--json"]).stdout)["day_order_evidence"]
    assert evidence["unread"] == 2
    assert evidence["unread_at"] == [{"path": "Admin/Council tax.md", "line": 4, "day": "02/10/2026"},
                                     {"path": "Trips/Lisbon.md", "line": 2, "day": "03/04/2027"}]
    shown = " ".join(CliRunner().invoke(app, [*db, "status"]).stdout.split())
    assert "02/10/2026 in Admin/Council tax.md line 4, 03/04/2027 in Trips/Lisbon.md line 2; set day_order" in shown
    doctor = " ".join(CliRunner().invoke(app, [*db, "doctor", "--no-load"]).stdout.split())
    assert "02/10/2026 in Admin/Council tax.md line 4" in doctor, doctor


def test_evidence_recorded_without_the_places_is_read_anew_by_the_next_sync(tmp_path, monkeypatch):
    monkeypatch.delenv("MRAG_DAY_ORDER", raising=False)
    write_notes(tmp_path / "notes", {"Bills.md": "# Bills\n- 01/12/2026 council tax\n"})
    _sync(tmp_path, tmp_path / "notes")
    with sqlite3.connect(tmp_path / "index.sqlite") as conn:  # as session 55's mrag recorded it
        conn.execute("UPDATE meta SET value = ? WHERE key = 'day_order_evidence'", (json.dumps(
            {"day_first": 0, "month_first": 0, "notes_day_first": 0, "notes_month_first": 0, "inferred": "",
             "setting": "", "unread": 1}),))
    _sync(tmp_path, tmp_path / "notes")  # nothing changed
    status = json.loads(CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "status", "--json"]).stdout)
    assert status["day_order_evidence"]["unread_at"] == [{"path": "Bills.md", "line": 2, "day": "01/12/2026"}]


def test_a_groups_misplaced_option_points_to_its_command(tmp_path, mrag_bin):
    from tests.test_bad_input import run_mrag

    index = tmp_path / "index.sqlite"
    for given, meant in ((["graph", "--format", "json"], "graph export --format json"),
                         (["graph", "--format=json", "-o", "g.json"], "graph export --format=json -o g.json")):
        r = run_mrag(mrag_bin, "--db", str(index), *given)
        lines = r.stderr.splitlines()
        assert r.returncode == 2 and len(lines) == 2, r.stderr
        assert lines[0] == f"error: No such option: --format. Did you mean `mrag --db {index} {meant}`?", r.stderr
        assert lines[1] == ("hint: --format is an option of `mrag graph export`, not of `mrag graph` itself "
                            "(mrag graph export -h for help)"), r.stderr
    # an option no command of the group takes keeps the group's usage
    r = run_mrag(mrag_bin, "--db", str(index), "graph", "--bogus")
    assert r.returncode == 2 and "Did you mean" not in r.stderr and "hint: usage: mrag graph" in r.stderr, r.stderr
    assert not index.exists()
