"""Review revT's Denote findings (heuristic rules 20). Two Denote notes of one title (`Standup` each day) were
one entity joining their people, as two Joplin notes of one title were (sync.shared_note_names): such a title
now names neither note, and each is named by its identifier, so a `denote:` link still mentions its own note.
And a Denote link's description names nothing of its own: a link to an identifier no note has named its first
word (`[[denote:20990101T000000][Old retro]]`: `Old`)."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.test_heuristic_version import graph
from tests.test_heuristic_version import sync as sync_conn
from tests.test_joplin_names import _graph
from tests.test_sync_conflicts import sync

FIRST, SECOND = "20261121T080000--standup.md", "20261122T080000--standup.md"
NOTES = {
    FIRST: "---\ntitle: Standup\ndate: 2026-11-21\n---\nKofi Mensah blocked on the Harbor certs.\n",
    SECOND: "---\ntitle: Standup\ndate: 2026-11-22\n---\nInes Duarte finished the DNS change.\n",
    "links.md": "# Weekly summary\nSee [[denote:20261121T080000][Standup]] and [Standup](denote:20261122T080000).\n",
}


def write(root, notes: dict[str, str]) -> None:
    root.mkdir(exist_ok=True)
    for name, text in notes.items():
        (root / name).write_text(text, encoding="utf-8")


def test_two_denote_notes_of_one_title_are_not_one_entity(tmp_path):
    root = tmp_path / "notes"
    write(root, NOTES)
    sync(root, tmp_path / "index.sqlite")
    _entities, _aliases, notes, _headers = _graph(tmp_path / "index.sqlite")
    assert not {path for name, path in notes if name == "Standup"} & {FIRST, SECOND}, notes
    # each note named by its identifier, which the link to it writes: the link mentions its own note alone
    assert {("20261121T080000", FIRST), ("20261121T080000", "links.md"),
            ("20261122T080000", SECOND), ("20261122T080000", "links.md")} <= notes, notes
    assert ("20261122T080000", FIRST) not in notes and ("20261121T080000", SECOND) not in notes
    # one of them alone keeps its title for its name
    (root / SECOND).unlink()
    sync(root, tmp_path / "index.sqlite")
    _entities, _aliases, notes, _headers = _graph(tmp_path / "index.sqlite")
    assert ("Standup", FIRST) in notes and ("20261121T080000", FIRST) not in notes, notes


def test_an_incremental_sync_names_them_as_a_rebuild(tmp_path):
    root = tmp_path / "notes"
    write(root, {FIRST: NOTES[FIRST], "links.md": NOTES["links.md"]})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    try:
        sync_conn(conn, [root])
        write(root, {SECOND: NOTES[SECOND]})  # the second `Standup`: the first, unchanged, is named anew
        sync_conn(conn, [root])
        sync_conn(fresh, [root])
        assert graph(conn) == graph(fresh)
    finally:
        conn.close()
        fresh.close()


def test_a_denote_links_description_names_nothing():
    found = {m.name for m in HeuristicExtractor().extract_one(
        "And the retro: [[denote:20990101T000000][Old retro]]. Tomasz Wilk said [Ghost note](denote:20200101T000000) "
        "was lost.\n")}
    assert found == {"Tomasz Wilk"}, found
