"""Leftover of review revP (a Joplin user): a note Joplin could not merge is kept as a copy,
`is_conflict: 1` and `conflict_original_id:` its note's id in its metadata (shown in Joplin's
Conflicts notebook); a RAW export holds it beside its note. It was indexed as a live note: it ranked
beside the note with the old text and its to-do was listed twice. Now it is skipped as the file sync
tools' conflict copies are, listed with what to do, `mrag doctor` and `mrag status` saying so while
it is left; a copy whose note is gone (or not named, older Joplin) is the version left, and is read."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.notekinds import joplin_note
from tests.test_joplin_raw import NOTE, NOTE_ID, TODO, TODO_ID
from tests.test_joplin_trash import write
from tests.test_sync_conflicts import sync
from tests.test_tasks import listed

COPY_ID, TODO_COPY_ID = "5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b", "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"


def conflict_copy(text: str, of: str, copy_id: str, original_line: bool = True) -> str:
    """A Joplin note of test_joplin_raw (`text`, id `of`) as Joplin copies it in a conflict: a new id,
    `is_conflict: 1` and (Joplin 1.1 on) `conflict_original_id:`, before `type_:` as Joplin puts it."""
    copy = text.replace(f"id: {of}", f"id: {copy_id}").replace("is_conflict: 0", "is_conflict: 1")
    return copy.replace("\ntype_: 1", f"\nconflict_original_id: {of}\ntype_: 1" if original_line else "\ntype_: 1")


def reason(copy_id: str, of: str, title: str) -> str:
    return (f"Joplin conflict copy of {of}.md: merge its edit into that note (\"{title}\") in Joplin and delete "
            "the copy (in its Conflicts notebook)")


def test_a_conflict_copy_beside_its_note_is_skipped(tmp_path):
    root = tmp_path / "joplin"
    root.mkdir()
    write(root / f"{NOTE_ID}.md", NOTE, 1_790_000_000)
    write(root / f"{COPY_ID}.md", conflict_copy(NOTE.replace("Karl Brenner", "Karl Brennan"), NOTE_ID, COPY_ID),
          1_790_000_000)
    write(root / f"{TODO_ID}.md", TODO, 1_790_000_000)
    write(root / f"{TODO_COPY_ID}.md", conflict_copy(TODO, TODO_ID, TODO_COPY_ID), 1_790_000_000)
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == sorted([f"{NOTE_ID}.md", f"{TODO_ID}.md"])
    assert {s["path"]: s["reason"] for s in summary.skipped} == {
        f"{COPY_ID}.md": reason(COPY_ID, NOTE_ID, "Boiler service"),
        f"{TODO_COPY_ID}.md": reason(TODO_COPY_ID, TODO_ID, "Renew passport")}
    assert [t["text"] for t in listed(db_path, "--all")] == ["Renew passport"]  # once, not twice
    # doctor and status say so while a copy is left, as of the other tools' copies
    doctor = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "doctor", "--no-load", "--json"]).stdout)
    [check] = [c for c in doctor["checks"] if c["name"] == "conflicts"]
    assert check["status"] == "warn" and "2 sync conflict copies not indexed" in check["detail"]
    assert f"{root.resolve()}/{COPY_ID}.md (Joplin conflict copy of {NOTE_ID}.md)" in check["detail"]
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["conflict_copies"]] == sorted([f"{COPY_ID}.md", f"{TODO_COPY_ID}.md"])
    # the next sync (nothing changed) says the same: the copies are looked at again, not forgotten
    summary, indexed = sync(root, db_path)
    assert sorted(s["path"] for s in summary.skipped) == sorted([f"{COPY_ID}.md", f"{TODO_COPY_ID}.md"])
    # the note deleted in Joplin (its copy kept): the copy is the version left, and is indexed
    (root / f"{NOTE_ID}.md").unlink()
    summary, indexed = sync(root, db_path)
    assert indexed == sorted([f"{COPY_ID}.md", f"{TODO_ID}.md"])
    assert [s["path"] for s in summary.skipped] == [f"{TODO_COPY_ID}.md"]
    # merged in Joplin, the copy deleted: nothing left to say
    (root / f"{TODO_COPY_ID}.md").unlink()
    sync(root, db_path)
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert status["conflict_copies"] == []


def test_a_conflict_copy_naming_no_note_is_read(tmp_path):
    # older Joplin wrote no `conflict_original_id:`: with no note of its title beside it (readers 12: one of its
    # title is its note, tests/test_readers12_formats.py), and a copy alone (read without its folder), it is read
    copy = conflict_copy(NOTE, NOTE_ID, COPY_ID, original_line=False)
    (tmp_path / f"{NOTE_ID}.md").write_text(NOTE.replace("Boiler service", "Boiler serviced"), encoding="utf-8")
    assert joplin_note(f"{COPY_ID}.md", copy, tmp_path).startswith("Boiler service\n")
    assert joplin_note(f"{COPY_ID}.md", conflict_copy(NOTE, NOTE_ID, COPY_ID)).startswith("Boiler service\n")


def trashed(text: str, at: str = "1790000000000") -> str:
    """A Joplin note of test_joplin_raw as Joplin 3 writes it in its trash (`deleted_time:` set)."""
    return text.replace("\ntype_: 1", f"\ndeleted_time: {at}\ntype_: 1")


def test_a_copy_indexed_while_its_note_was_gone_is_skipped_when_the_note_comes_back(tmp_path):
    # review revS: whether a copy is read hangs on another file, and an unchanged copy was not read
    # again: indexed while its note was gone, it stayed indexed once the note was back (a rebuild
    # skipped it); the copy is decided anew when a Joplin note beside it is added or changed
    root = tmp_path / "joplin"
    root.mkdir()
    copy = conflict_copy(NOTE.replace("Karl Brenner", "Karl Brennan"), NOTE_ID, COPY_ID)
    write(root / f"{COPY_ID}.md", copy, 1_790_000_000)
    write(root / f"{TODO_ID}.md", TODO, 1_790_000_000)
    db_path = tmp_path / "index.sqlite"
    assert sync(root, db_path)[1] == sorted([f"{COPY_ID}.md", f"{TODO_ID}.md"])  # the version left
    write(root / f"{NOTE_ID}.md", NOTE, 1_790_000_100)  # synced back from another device
    summary, indexed = sync(root, db_path)
    assert indexed == sorted([f"{NOTE_ID}.md", f"{TODO_ID}.md"])
    assert {s["path"]: s["reason"] for s in summary.skipped} == {
        f"{COPY_ID}.md": reason(COPY_ID, NOTE_ID, "Boiler service")}
    assert sync(root, tmp_path / "rebuilt.sqlite")[1] == indexed  # as a rebuild decides
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["conflict_copies"]] == [f"{COPY_ID}.md"]
    # nothing changed: still skipped; the note gone again: the copy is indexed again
    assert sync(root, db_path)[1] == indexed
    (root / f"{NOTE_ID}.md").unlink()
    assert sync(root, db_path)[1] == sorted([f"{COPY_ID}.md", f"{TODO_ID}.md"])


def test_a_copy_whose_note_is_in_the_trash_is_indexed(tmp_path):
    # review revS: the note in Joplin's trash is skipped; its copy was too, and the note was lost
    root = tmp_path / "joplin"
    root.mkdir()
    write(root / f"{NOTE_ID}.md", trashed(NOTE), 1_790_000_000)
    copy = conflict_copy(NOTE.replace("Karl Brenner", "Karl Brennan"), NOTE_ID, COPY_ID)
    write(root / f"{COPY_ID}.md", copy, 1_790_000_000)
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == [f"{COPY_ID}.md"]
    assert [s["path"] for s in summary.skipped] == [f"{NOTE_ID}.md"]
    # restored from the trash: the note is read, its copy skipped (as a rebuild decides)
    write(root / f"{NOTE_ID}.md", trashed(NOTE, "0"), 1_790_000_100)
    summary, indexed = sync(root, db_path)
    assert indexed == [f"{NOTE_ID}.md"] == sync(root, tmp_path / "rebuilt.sqlite")[1]
    assert [s["path"] for s in summary.skipped] == [f"{COPY_ID}.md"]
    # to the trash again: the copy is the version left
    write(root / f"{NOTE_ID}.md", trashed(NOTE), 1_790_000_200)
    assert sync(root, db_path)[1] == [f"{COPY_ID}.md"]
