"""Readers 8 (qa29, a Joplin user): a folder of Joplin's file-system sync
target or RAW export holds every item as `<32 hex digits>.md`, a note's
title, body and then its metadata (`id:`, `parent_id:`, `created_time:`,
... `type_: 1`). The metadata was chunk text (thirty lines of `key: value`
in every note's chunk, shown in every snippet), and the notebooks, tags,
tag links and resource records were indexed as notes (a photo's record
ranked third for "who serviced the boiler" by its `mime:` line). Now a
note's metadata lines read as blank lines (its line numbers stay the
file's), but for the line that dates it (`user_created_time:`, which heads
its chunks as a front matter's `created:` does) and a to-do's `is_todo: 1`,
`todo_due:` and `todo_completed:` (a task of `mrag tasks`); the other items
are skipped, with what each is."""

from __future__ import annotations

from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.notekinds import MalformedNote, joplin_note
from tests.test_sync_conflicts import sync
from tests.test_tasks import listed

NOTE_ID = "973f06c41f1d4f51740edfe5a9c39a12"
FOLDER_ID = "8cf04a9734132302f96da8e113e80ce5"
PHOTO_ID = "a62877e0bbc86e1a9d18084351f9ed94"
NOTE = f"""Boiler service

The Vaillant boiler was serviced by Karl Brenner from HeatFix GmbH.

![boiler.jpg](:/{PHOTO_ID})

id: {NOTE_ID}
parent_id: {FOLDER_ID}
created_time: 2026-10-14T09:30:00.000Z
updated_time: 2026-10-14T10:00:00.000Z
is_conflict: 0
latitude: 52.52000000
longitude: 13.40500000
altitude: 0.0000
author: 
source_url: 
is_todo: 0
todo_due: 0
todo_completed: 0
user_created_time: 2026-10-14T09:30:00.000Z
user_updated_time: 2026-10-14T10:00:00.000Z
markup_language: 1
encryption_cipher_text: 
encryption_applied: 0
type_: 1"""
FOLDER = f"""Home

id: {FOLDER_ID}
created_time: 2026-01-02T08:00:00.000Z
updated_time: 2026-01-02T08:00:00.000Z
parent_id: 
icon: 
type_: 2"""
PHOTO = f"""boiler.jpg

id: {PHOTO_ID}
mime: image/jpeg
filename: 
file_extension: jpg
size: 48213
type_: 4"""
TAG_LINK = f"""id: 0cfd1ef782d83e2fca73fda899566dea
note_id: {NOTE_ID}
tag_id: 178987030f43b09591a66a07211fe834
created_time: 2026-01-02T08:00:00.000Z
type_: 6"""


def test_a_joplin_note_keeps_its_lines_without_its_metadata():
    read = joplin_note(f"{NOTE_ID}.md", NOTE)
    assert read.splitlines()[:5] == NOTE.splitlines()[:5]  # title and body as written
    assert read.count("\n") == NOTE.count("\n")  # line numbers stay the file's
    assert "type_" not in read and "latitude" not in read and "parent_id" not in read
    # what dates it is kept, the first of Joplin's shown creation time and the item's
    assert read.splitlines()[-1] == "" and "user_created_time: 2026-10-14T09:30:00.000Z" in read.splitlines()
    assert "\ncreated_time" not in read and "is_todo" not in read  # no to-do: none of its fields
    todo = joplin_note(f"{NOTE_ID}.md", NOTE.replace("is_todo: 0", "is_todo: 1").replace("todo_due: 0",
                                                                                            "todo_due: 1795858200000"))
    assert [line for line in todo.splitlines() if ":" in line and "(" not in line] == [
        "is_todo: 1", "todo_due: 1795858200000", "todo_completed: 0", "user_created_time: 2026-10-14T09:30:00.000Z"]
    crlf = NOTE.replace("\n", "\r\n")
    assert joplin_note(f"{NOTE_ID}.md", crlf).count("\r\n") == crlf.count("\r\n")


@pytest.mark.parametrize("text, what", [(FOLDER, "a Joplin notebook (type_: 2)"),
                                        (PHOTO, "a Joplin resource (attachment) record (type_: 4)"),
                                        (TAG_LINK, "a Joplin note's tag link (type_: 6)"),
                                        (NOTE.replace("encryption_applied: 0", "encryption_applied: 1"),
                                         "a Joplin note encrypted end to end")])
def test_other_joplin_items_are_no_notes(text, what):
    with pytest.raises(MalformedNote, match=what.replace("(", r"\(").replace(")", r"\)")):
        joplin_note(f"{NOTE_ID}.md", text)


@pytest.mark.parametrize("name, text", [
    ("Boiler service.md", NOTE),  # not named by an id
    (f"{NOTE_ID}.md", "Boiler\n\nid: x\ntype_: 1"),  # no 32-digit id among its lines
    (f"{NOTE_ID}.md", "Settings\n\nport: 8080\nhost: example.org"),  # no type_ line last
    (f"{NOTE_ID}.md", f"Body line\nid: {NOTE_ID}\ntype_: 1"),  # the text runs into them: no Joplin block
])
def test_other_files_are_read_as_written(name, text):
    assert joplin_note(name, text) is None


TODO_ID, DONE_ID = "11d76aa9bedfa19a1510bea61d4de5e1", "faf087107eb0378e4e27dd86e7cfc52f"
TODO = NOTE.replace("Boiler service", "Renew passport").replace(NOTE_ID, TODO_ID).replace(
    "is_todo: 0", "is_todo: 1").replace("todo_due: 0", "todo_due: 1795858200000")  # 2026-11-28 09:30 UTC
DONE = NOTE.replace("Boiler service", "Pay electricity bill").replace(NOTE_ID, DONE_ID).replace(
    "is_todo: 0", "is_todo: 1").replace("todo_completed: 0", "todo_completed: 1793823300000")  # 11-04 20:15


def test_a_joplin_folder_syncs_its_notes_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time
    time.tzset()
    root = tmp_path / "joplin"
    root.mkdir()
    for item_id, text in [(NOTE_ID, NOTE), (FOLDER_ID, FOLDER), (PHOTO_ID, PHOTO),
                          ("0cfd1ef782d83e2fca73fda899566dea", TAG_LINK), (TODO_ID, TODO), (DONE_ID, DONE)]:
        (root / f"{item_id}.md").write_text(text, encoding="utf-8")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([f"{NOTE_ID}.md", f"{TODO_ID}.md", f"{DONE_ID}.md"])
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    assert reasons[f"{FOLDER_ID}.md"] == "a Joplin notebook (type_: 2), not a note"
    assert reasons[f"{PHOTO_ID}.md"].startswith("a Joplin resource")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        chunks = conn.execute("SELECT c.text, c.start_line, c.header FROM chunks c JOIN documents d "
                              "ON d.id = c.document_id WHERE d.path = ?", (f"{NOTE_ID}.md",)).fetchall()
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    text = " ".join(t for t, _, _ in chunks)
    assert "Karl Brenner" in text and "parent_id" not in text and "mime" not in text
    assert chunks[0][1] == 1
    # dated by Joplin's creation time (UTC here), as a front matter `created:` dates a note
    assert chunks[0][2].split("\n")[0] == "Boiler service · created: 2026-10-14 09:30"
    assert "Karl Brenner" in names and "2026-01-02" not in names  # the notebook's dates name nothing
    tasks = listed(tmp_path / "index.sqlite", "--all")
    assert [(t["path"], t["line"], t["text"], t["status"], t["due"], t["done_on"], t["note_date"]) for t in tasks] == [
        (f"{TODO_ID}.md", 1, "Renew passport", "open", "2026-11-28", None, "2026-10-14"),
        (f"{DONE_ID}.md", 1, "Pay electricity bill", "done", None, "2026-11-04", "2026-10-14"),
    ]
