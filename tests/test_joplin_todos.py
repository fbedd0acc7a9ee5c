"""qa29 (a Joplin user): Joplin's "Markdown + Front Matter" export writes a
to-do as a note whose front matter says its state and due time,
`completed?: no` and `due: 2026-11-10 17:00:00Z` (UTC). `mrag tasks` listed
none of them ("No task is in the indexed notes."); now each such note is one
task, named by its `title:`, due on its `due:` day in the machine's time zone."""

from __future__ import annotations

from tests.conftest import write_notes
from tests.test_tasks import listed, sync

MATTER = """---
title: {title}
updated: 2026-11-04 08:00:00Z
created: 2026-11-03 11:00:00Z
author: Sam Keller
latitude: 52.52000000
longitude: 13.40500000
altitude: 0.0000
completed?: {done}
due: {due}
tags:
  - todo
---

{body}
"""
NOTES = {
    "Work/Send revised numbers.md": MATTER.format(title="Send revised numbers", done="no",
                                                  due="2026-11-10 23:30:00Z",
                                                  body="Send the Q4 numbers to Marcus Lindqvist."),
    "Work/Book venue.md": MATTER.format(title="Book Helsinki venue", done="yes", due="2026-10-15 12:00:00Z",
                                        body="The Clarion's room is booked.\n\n- [ ] send the invite"),
    # a note Joplin exported as no to-do has no `completed?:`; nor is `completed: no` Joplin's
    "Personal/Budget.md": MATTER.replace("completed?: {done}\ndue: {due}\n", "completed: no\n").format(
        title="Budget", body="Rent is 1450 euros."),
}


def test_joplin_todos_are_tasks(tmp_path, monkeypatch):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    monkeypatch.setenv("TZ", "Europe/Berlin")  # Joplin's 23:30 UTC is the next day in Berlin
    import time
    time.tzset()
    try:
        every = listed(db_path, "--all")
    finally:
        monkeypatch.undo()
        time.tzset()
    got = {(t["path"], t["line"]): (t["text"], t["status"], t["due"]) for t in every}
    assert got == {
        ("Work/Send revised numbers.md", 9): ("Send revised numbers", "open", "2026-11-11"),
        ("Work/Book venue.md", 9): ("Book Helsinki venue", "done", "2026-10-15"),
        ("Work/Book venue.md", 17): ("send the invite", "open", None),  # its checkbox besides
    }
    for path, line in got:  # the line is the file's: `completed?:` or the box
        text = (root / path).read_text(encoding="utf-8").splitlines()[line - 1]
        assert text.startswith("completed?:") or "[ ]" in text
    assert [t["text"] for t in listed(db_path, "marcus")] == []  # a query reads the task's text and note name
    assert [t["text"] for t in listed(db_path, "revised")] == ["Send revised numbers"]
