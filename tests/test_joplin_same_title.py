"""Leftover of review revP (a Joplin user): two notes of Joplin's RAW export or sync target with one title
(each notebook its "Meeting notes") were one entity: a note is named by its title (heuristic rules 19),
and the two notes' names, people and places joined through it. A title two notes of a folder share is
now what a file name two notes share is (`README.md` in two folders: sync.shared_note_names): it names
neither note, and an incremental sync names the notes as a rebuild does when a second note takes the
title or the title stops being shared."""

from __future__ import annotations

from minirag_cli import db
from tests.test_heuristic_version import graph
from tests.test_heuristic_version import sync as sync_conn
from tests.test_joplin_names import _graph
from minirag_cli.text import normalise_key
from tests.test_joplin_raw import NOTE, NOTE_ID

WORK_ID, HOME_ID = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d", "6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a"
WORK = NOTE.replace(NOTE_ID, WORK_ID).replace("Boiler service", "Meeting notes", 1).replace(
    "The Vaillant boiler was serviced by Karl Brenner from HeatFix GmbH.", "Sprint review with Priya Raman.")
HOME = NOTE.replace(NOTE_ID, HOME_ID).replace("Boiler service", "Meeting notes", 1).replace(
    "The Vaillant boiler was serviced by Karl Brenner from HeatFix GmbH.", "Allotment committee with Jonas Berg.")
KEY = normalise_key("Meeting notes", "name")


def write(root, notes: dict[str, str]) -> None:
    root.mkdir(exist_ok=True)
    for item_id, text in notes.items():
        (root / f"{item_id}.md").write_text(text, encoding="utf-8")


def test_two_notes_of_one_title_are_not_one_entity(tmp_path):
    from tests.test_sync_conflicts import sync

    root = tmp_path / "joplin"
    write(root, {WORK_ID: WORK, HOME_ID: HOME})
    sync(root, tmp_path / "index.sqlite")
    entities, _aliases, notes, _headers = _graph(tmp_path / "index.sqlite")
    assert not {path for name, path in notes if name == "Meeting notes"}, notes  # names neither note
    assert {("Priya Raman", f"{WORK_ID}.md"), ("Jonas Berg", f"{HOME_ID}.md")} <= notes
    # one of them alone keeps its name
    (root / f"{HOME_ID}.md").unlink()
    sync(root, tmp_path / "index.sqlite")
    _entities, _aliases, notes, _headers = _graph(tmp_path / "index.sqlite")
    assert ("Meeting notes", f"{WORK_ID}.md") in notes


def test_an_incremental_sync_names_them_as_a_rebuild(tmp_path):
    root = tmp_path / "joplin"
    write(root, {WORK_ID: WORK})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_conn(conn, [root])
        write(root, {HOME_ID: HOME})  # the second "Meeting notes": the first, unchanged, is named anew
        summary = sync_conn(conn, [root])
        assert summary.note_names_changed == [f"{WORK_ID}.md"]
        fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
        sync_conn(fresh, [root])
        assert graph(conn) == graph(fresh)
        assert KEY not in {e[0] for e in graph(conn)["entities"]}
        again = sync_conn(conn, [root])  # nothing changed: nothing named anew
        assert again.note_names_changed == [] and graph(conn) == graph(fresh)
        (root / f"{HOME_ID}.md").unlink()  # shared no longer: the first is named by it again
        summary = sync_conn(conn, [root])
        assert summary.note_names_changed == [f"{WORK_ID}.md"]
        assert KEY in {e[0] for e in graph(conn)["entities"]}
        fresh.close()
    finally:
        conn.close()
