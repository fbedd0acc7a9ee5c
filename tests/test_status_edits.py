"""`mrag status` lists the notes edited or deleted since the last sync (store.lookup.edited_notes), as it lists
the ones added: a journalist appended a line to a note, ran `mrag status`, and saw no word of it (qa s52; only
`added_notes` were listed, and `mrag ask` names a changed note only when it is among its results). Real folders,
a real index synced as `mrag sync` syncs it, hashing vectors, the CLI."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from tests.conftest import write_notes
from tests.test_added_notes import mrag, synced

NOTES = {
    "sources/minister.md": "# Minister interview\nThe minister denied the port contract on 3 March.\n",
    "sources/harbour.md": "# Harbour master\nSays the contract was signed in February.\n",
    "drafts/port-story.md": "# Port story\nDraft, second paragraph to do.\n",
    "drafts/sidebar.md": "# Sidebar\nTimeline of the contract.\n",
    "drafts/lede.md": "# Lede\nThree versions.\n",
    "archive/2025.md": "# 2025\nOld leads.\n",
}


def shown(db_path: Path) -> str:
    """`mrag status` as text, its blanks left out (a long path is folded over a cell's lines)."""
    return "".join(mrag(db_path, "status").stdout.split())


def unblank(text: str) -> str:
    return "".join(text.split())


def status_json(db_path: Path) -> dict:
    return json.loads(mrag(db_path, "status", "--json").stdout)


def test_status_lists_the_notes_changed_and_deleted_since_the_sync(tmp_path):
    root, db_path = synced(tmp_path, NOTES)
    before = status_json(db_path)
    assert before["changed_notes"] == [] and before["deleted_notes"] == []
    assert "not synced" not in mrag(db_path, "status").stdout

    with open(root / "sources/minister.md", "a", encoding="utf-8") as f:  # a line appended
        f.write("Update: her office now confirms it.\n")
    os.remove(root / "archive/2025.md")
    os.utime(root / "sources/harbour.md")  # touched, not edited: unchanged
    status = status_json(db_path)
    assert status["changed_notes"] == [{"root": str(root), "path": "sources/minister.md"}]
    assert status["deleted_notes"] == [{"root": str(root), "path": "archive/2025.md"}]
    assert status["added_notes"] == []
    text = shown(db_path)
    assert unblank(f"not synced 1 note in {root} was changed since the last sync (sources/minister.md): run `mrag "
                   f"--db {db_path} sync {root}` to search it as it is now") in text, text
    assert unblank(f"1 note in {root} was deleted since the last sync (archive/2025.md): run `mrag --db {db_path} "
                   f"sync {root}` to drop it from the index") in text, text

    # same size, new words (a word swapped in place): changed, told by the bytes
    text = (root / "drafts/port-story.md").read_text(encoding="utf-8")
    (root / "drafts/port-story.md").write_text(text.replace("Draft", "Final"), encoding="utf-8")
    for rel in ("drafts/sidebar.md", "drafts/lede.md"):
        (root / rel).write_text("# rewritten\n", encoding="utf-8")
    status = status_json(db_path)
    assert [n["path"] for n in status["changed_notes"]] == ["drafts/lede.md", "drafts/port-story.md",
                                                           "drafts/sidebar.md", "sources/minister.md"]
    text = shown(db_path)
    assert unblank(f"4 notes in {root} were changed since the last sync (drafts/lede.md, drafts/port-story.md, "
                   "drafts/sidebar.md and 1 more)") in text, text

    mrag(db_path, "sync", str(root))  # synced: nothing to say
    after = status_json(db_path)
    assert after["changed_notes"] == [] and after["deleted_notes"] == [] and after["added_notes"] == []


def test_the_notes_of_a_gone_folder_are_not_listed_as_deleted(tmp_path):
    root, db_path = synced(tmp_path, NOTES)
    shutil.move(root, tmp_path / "elsewhere")
    status = status_json(db_path)
    assert status["deleted_notes"] == [] and status["gone_roots"] == [str(root)]
