"""A notes folder kept in sync between devices (Dropbox, Syncthing, Nextcloud, OneDrive): a sync tool's
conflict copy beside the note it copies is not indexed (it outranked the note with its one different
figure, and its tasks were listed twice), is listed as skipped with what to do, and `mrag doctor` and
`mrag status` say so while any is left. A copy whose note is gone, and names that only look alike, are
notes. A note iCloud evicted (`.Health.md.icloud` in its place) stays indexed as last synced, not removed.
A note holding git's merge conflict markers is warned about."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

BUDGET = "# Budget\n\nThe Q4 budget is 18,400 EUR.\n\n- [ ] Send the Q4 budget to Tomás\n"
COPIES = {
    "Budget (conflicted copy 2026-11-03).md": "Dropbox",
    "Budget (Priya's MacBook's conflicted copy 2026-11-03).md": "Dropbox",
    "Budget (Priya\u2019s conflicted copy 2026-11-03 (1)).md": "Dropbox",
    "Budget (conflicted copy 2026-11-03 101112).md": "Nextcloud",
    "Budget (conflict 2026-11-03 10-11-12).md": "Nextcloud",
    "Budget_conflict-20261103-101112.md": "ownCloud",
    "Budget.sync-conflict-20261103-101112-ABCDEFG.md": "Syncthing",
    "Budget-DESKTOP-1A2B3C.md": "OneDrive",
}
NOTES = {  # not conflict copies: a numbered note, a name with a suffix, a copy whose note is gone
    "Budget 2.md": "# Budget 2\n\nThe second budget draft.\n",
    "Budget-Q4.md": "# Budget Q4\n\nThe Q4 figures.\n",
    "Plan (conflicted copy 2026-11-03).md": "# Plan\n\nThe only version left.\n",
    "sub/Budget.sync-conflict-20261103-101112-ABCDEFG.md": "# Budget\n\nIn a folder without Budget.md.\n",
}


def sync(root: Path, db_path: Path):
    conn = db.connect(db_path, create=True)
    try:
        summary = sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"),
                               extractor=HeuristicExtractor(),
                               options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
        return summary, sorted(path for (path,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()


def test_conflict_copies_beside_their_note_are_not_indexed(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET, **{name: BUDGET.replace("18,400", "19,000") for name in COPIES},
                       **NOTES})
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted(["Budget.md", *NOTES])
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    for name, tool in COPIES.items():
        assert reasons[name] == f"{tool} conflict copy of Budget.md: merge its edit into Budget.md and delete it"
    # the note deleted (the copy kept instead): the copies are the versions left, and are indexed
    (root / "Budget.md").unlink()
    _, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([*COPIES, *NOTES])


def test_doctor_warns_of_the_conflict_copies_left(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET, "Budget-DESKTOP-1A2B3C.md": BUDGET + "\nReserve: 5,100 EUR\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)

    def conflicts():
        result = CliRunner().invoke(app, ["--db", str(db_path), "doctor", "--no-load", "--json"])
        return [c for c in json.loads(result.stdout)["checks"] if c["name"] == "conflicts"]

    [check] = conflicts()
    assert check["status"] == "warn"
    assert "1 sync conflict copy not indexed" in check["detail"]
    assert f"{root.resolve()}/Budget-DESKTOP-1A2B3C.md (OneDrive conflict copy of Budget.md)" in check["detail"]
    assert "Merge each copy's edit into its note" in check["fix"]
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert status["conflict_copies"] == [{"root": str(root.resolve()), "path": "Budget-DESKTOP-1A2B3C.md",
                                          "reason": "OneDrive conflict copy of Budget.md: merge its edit into "
                                                    "Budget.md and delete it"}]
    shown = CliRunner().invoke(app, ["--db", str(db_path), "status"]).stdout
    assert "1 sync conflict copy not indexed" in " ".join(shown.split()), shown
    (root / "Budget-DESKTOP-1A2B3C.md").unlink()  # merged and deleted: nothing to say
    sync(root, db_path)
    assert conflicts() == []
    assert json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)["conflict_copies"] == []


def evict(note: Path) -> None:
    """What iCloud's "Optimize Mac Storage" does to a note: a hidden placeholder in its place."""
    placeholder = note.parent / f".{note.name}.icloud"
    placeholder.write_bytes(b"bplist00\xd2\x01\x02\x03\x04_\x10\x0fNSURLNameKey")
    note.unlink()


def test_a_note_icloud_evicted_stays_indexed_as_last_synced(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Health.md": "# Health\n\nDentist appointment on December 3.\n", "Car.md": "# Car\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    evict(root / "Health.md")
    summary, indexed = sync(root, db_path)
    assert indexed == ["Car.md", "Health.md"] and summary.removed_paths == []
    [skip] = [s for s in summary.skipped if s["path"] == "Health.md"]
    assert skip["reason"].startswith("not downloaded: iCloud holds only a placeholder here (.Health.md.icloud)")
    assert skip["reason"].endswith("(kept as last synced)")
    # ask does not call it deleted (a sync would change nothing)
    result = CliRunner().invoke(app, ["--db", str(db_path), "ask", "dentist appointment", "--json"])
    answer = json.loads(result.stdout)
    assert answer["results"][0]["path"] == "Health.md" and answer["unsynced"] == []
    # a placeholder of a note never downloaded here is listed, not indexed; the note deleted for real goes
    evict(root / "Car.md")
    (root / ".Car.md.icloud").unlink()
    (root / ".Plan.md.icloud").write_bytes(b"bplist00")
    summary, indexed = sync(root, db_path)
    assert indexed == ["Health.md"]
    assert {s["path"]: s["reason"].endswith("(not indexed until it can be read)")
            for s in summary.skipped} == {"Health.md": False, "Plan.md": True}


def test_a_note_with_git_conflict_markers_is_warned_about(tmp_path):
    root = tmp_path / "notes"
    trip = ("# Trip to Lisbon\n\n<<<<<<< HEAD\nWe fly TAP on November 17.\n=======\n"
            "We fly Lufthansa on November 16.\n>>>>>>> priya-laptop\n")
    git_howto = "# Git\n\nA conflict looks like this:\n\n```\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> b\n```\n"
    write_notes(root, {"Trip to Lisbon.md": trip, "Git.md": git_howto,
                       "Windows.md": trip.replace("\n", "\r\n").replace("Trip to Lisbon", "Windows")})
    summary, _ = sync(root, tmp_path / "index.sqlite")
    warned = {w["path"]: w["reason"] for w in summary.warnings}
    assert warned == dict.fromkeys(["Trip to Lisbon.md", "Windows.md"],
                                   "holds a git merge conflict (`<<<<<<<` at line 3, `=======`, `>>>>>>>`): "
                                   "both versions are indexed; resolve it")
