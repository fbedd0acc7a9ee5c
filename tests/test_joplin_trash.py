"""Review revP, finding 2 (a Joplin 3 user): Joplin keeps a note or to-do
moved to its trash in the sync target, its `deleted_time:` set (epoch
milliseconds; `0` for a live note). notekinds.joplin_note never read that
line: a trashed note ranked first in `ask` and its to-do was listed by
`mrag tasks` as a live one. Now such an item is no note: skipped with what
it is, as a notebook or a tag is, and a note trashed after it was indexed
leaves the index at the next sync (restored, it comes back)."""

from __future__ import annotations

import os

import pytest

from minirag_cli.notekinds import MalformedNote, joplin_note
from tests.test_joplin_raw import NOTE, NOTE_ID, TODO, TODO_ID
from tests.test_sync_conflicts import sync
from tests.test_tasks import listed

TRASHED = "deleted_time: 1793527200000"  # 2026-11-01 10:00 UTC, as Joplin 3 writes it


def with_deleted(text: str, value: str) -> str:
    """`text` (a Joplin note of test_joplin_raw) with its `deleted_time:` line, before `type_:` as Joplin puts it."""
    return text.replace("\ntype_: 1", f"\n{value}\ntype_: 1")


@pytest.mark.parametrize("text, what", [
    (with_deleted(NOTE, TRASHED), "a Joplin note in the trash (deleted_time: 1793527200000)"),
    (with_deleted(TODO, TRASHED), "a Joplin to-do in the trash (deleted_time: 1793527200000)"),
    # a time written as the other times are: still no 0
    (with_deleted(NOTE, "deleted_time: 2026-11-01T10:00:00.000Z"), "a Joplin note in the trash"),
])
def test_a_joplin_item_in_the_trash_is_no_note(text, what):
    with pytest.raises(MalformedNote) as err:
        joplin_note(f"{NOTE_ID}.md", text)
    assert str(err.value).startswith(what)


@pytest.mark.parametrize("line", ["deleted_time: 0", "deleted_time: ", None])
def test_a_live_joplin_note_is_read(line):
    text = NOTE if line is None else with_deleted(NOTE, line)  # Joplin before 3.0 wrote no such line
    read = joplin_note(f"{NOTE_ID}.md", text)
    assert read.startswith("Boiler service\n") and "deleted_time" not in read


def write(path, text: str, mtime: int) -> None:
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))  # a change the sync sees, whatever the clock's resolution


def test_a_note_moved_to_the_trash_leaves_the_index(tmp_path):
    root = tmp_path / "joplin"
    root.mkdir()
    trashed_id = "3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e"
    trashed = with_deleted(NOTE.replace(NOTE_ID, trashed_id).replace("Boiler service", "Old boiler quote"), TRASHED)
    write(root / f"{NOTE_ID}.md", with_deleted(NOTE, "deleted_time: 0"), 1_790_000_000)
    write(root / f"{TODO_ID}.md", with_deleted(TODO, "deleted_time: 0"), 1_790_000_000)
    write(root / f"{trashed_id}.md", trashed, 1_790_000_000)
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == sorted([f"{NOTE_ID}.md", f"{TODO_ID}.md"])
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    assert reasons == {f"{trashed_id}.md": "a Joplin note in the trash (deleted_time: 1793527200000)"}
    assert [t["text"] for t in listed(db_path, "--all")] == ["Renew passport"]
    # both moved to the trash in Joplin, which rewrites their files: gone at the next sync, the to-do with its task
    write(root / f"{NOTE_ID}.md", with_deleted(NOTE, TRASHED), 1_790_000_100)
    write(root / f"{TODO_ID}.md", with_deleted(TODO, TRASHED), 1_790_000_100)
    summary, indexed = sync(root, db_path)
    assert indexed == []
    assert {s["path"]: s["reason"] for s in summary.skipped}[f"{TODO_ID}.md"] == (
        "a Joplin to-do in the trash (deleted_time: 1793527200000)")
    assert listed(db_path, "--all") == []
    # restored from the trash: `deleted_time: 0` again, indexed again
    write(root / f"{TODO_ID}.md", with_deleted(TODO, "deleted_time: 0"), 1_790_000_200)
    _, indexed = sync(root, db_path)
    assert indexed == [f"{TODO_ID}.md"]
    assert [t["text"] for t in listed(db_path, "--all")] == ["Renew passport"]
