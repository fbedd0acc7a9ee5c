"""Heuristic rules 19 (joplin2, qa29's leftovers): a note of Joplin's RAW
export or file-system sync target, `973f….md`, was named by nothing (its
file name is 32 hex digits, no title) and the links between notes,
`[Boiler service](:/973f…)`, joined nothing. Now its title (its first line)
names it, as the Markdown export's `Boiler service.md` is named, and its id
is an alias of it (counted, not listed, in tables, as an org-roam `:ID:`
is): a link by the id mentions the note. A link to a resource or to an id
no note of the folder has mentions nothing."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import JOPLIN_LINK, JOPLIN_TITLE, joplin_title, note_aliases
from minirag_cli.format import is_id_alias
from tests.test_joplin_raw import FOLDER, FOLDER_ID, NOTE, NOTE_ID, PHOTO, PHOTO_ID
from tests.test_sync_conflicts import sync

OTHER_ID = "e9e9b7348eb4a843d4131c7af4adc708"
GONE_ID = "0123456789abcdef0123456789abcdef"  # a note not in the folder (not exported, deleted)
LINKING = NOTE.replace(NOTE_ID, OTHER_ID).replace("Boiler service", "Neighbours", 1).replace(
    "The Vaillant boiler was serviced by Karl Brenner from HeatFix GmbH.",
    f"Herr Yilmaz has the spare key. See [Boiler service](:/{NOTE_ID}) and [old list](:/{GONE_ID}).\n"
    f"Not a link: `[Boiler service](:/{NOTE_ID})`.")


def test_a_joplin_note_is_named_by_its_title():
    read = NOTE  # as notekinds reads it, its metadata blank: the title and the blank line after it are what count
    assert joplin_title(f"{NOTE_ID}.md", read).name == "Boiler service"
    assert note_aliases(read, f"{NOTE_ID}.md")[:2] == [JOPLIN_TITLE + "Boiler service", NOTE_ID]
    assert joplin_title(f"sub/{NOTE_ID}.md", "Tax return 2025\n\nFiled.").name == "Tax return 2025"


@pytest.mark.parametrize("path, text", [
    ("Boiler service.md", NOTE),  # named by its file name, as before
    (f"{NOTE_ID}.md", "\n\nAn untitled note."),
    (f"{NOTE_ID}.md", "todo\n\nmilk"),  # a single lower-case word names no note, as a file name does not
    (f"{NOTE_ID}.md", "2026-11-03\n\nA day."),  # a date is the date's (no own name)
    (f"{NOTE_ID}.md", "First line\nsecond line"),  # Joplin writes a blank line after the title: not Joplin's
])
def test_no_title_names_other_notes(path, text):
    assert joplin_title(path, text) is None
    assert not any(a.startswith(JOPLIN_TITLE) for a in note_aliases(text, path))


def test_joplin_links_by_id():
    text = (f"[a](:/{NOTE_ID}) [b](:/{OTHER_ID}#next-service) ![c](:/{PHOTO_ID}) [d](:/{NOTE_ID[:-1]}) "
            f"[e](https://x.org/{GONE_ID})")
    assert [m.group(1) for m in JOPLIN_LINK.finditer(text)] == [NOTE_ID, OTHER_ID, PHOTO_ID]


def test_hex_ids_are_counted_not_listed():
    assert is_id_alias(NOTE_ID) and not is_id_alias("Boiler service") and not is_id_alias("abc123")


def _graph(db_path):
    conn = db.connect(db_path)
    try:
        entities = {name: (eid, mentions) for eid, name, mentions in
                    conn.execute("SELECT id, name, mentions FROM entities")}
        aliases = {(eid, alias) for eid, alias in conn.execute("SELECT entity_id, alias FROM entity_aliases")}
        notes = {(name, path) for name, path in conn.execute(
            "SELECT DISTINCT e.name, d.path FROM entities e JOIN mentions m ON m.entity_id = e.id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
        headers = dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                    "WHERE c.seq = 0"))
    finally:
        conn.close()
    return entities, aliases, notes, headers


def test_a_link_by_id_joins_the_note_with_that_id(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time
    time.tzset()
    root = tmp_path / "joplin"
    root.mkdir()
    for item_id, text in [(NOTE_ID, NOTE), (OTHER_ID, LINKING), (FOLDER_ID, FOLDER), (PHOTO_ID, PHOTO)]:
        (root / f"{item_id}.md").write_text(text, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    entities, aliases, notes, headers = _graph(tmp_path / "index.sqlite")
    assert ("Boiler service", f"{NOTE_ID}.md") in notes  # named by its title
    assert ("Boiler service", f"{OTHER_ID}.md") in notes  # the link by its id mentions it
    assert ("Neighbours", f"{OTHER_ID}.md") in notes
    eid, mentions = entities["Boiler service"]
    assert (eid, NOTE_ID) in aliases and mentions == 2  # the id an alias; the link in code no mention
    # no entity is a hex id: not the note's, the resource's (`![boiler.jpg](:/...)`) or a note's not there
    assert not [name for name in entities if is_id_alias(name)]
    assert not [alias for _e, alias in aliases if alias in (PHOTO_ID, GONE_ID)]

    # the title changed: the note linking to it (unchanged) joins the new name, as a rebuild does
    (root / f"{NOTE_ID}.md").write_text(NOTE.replace("Boiler service", "Boiler maintenance", 1), encoding="utf-8")
    summary, _ = sync(root, tmp_path / "index.sqlite")
    assert summary.note_names_changed == [f"{OTHER_ID}.md"]
    entities, aliases, notes, headers = _graph(tmp_path / "index.sqlite")
    assert "Boiler service" not in entities
    assert ("Boiler maintenance", f"{OTHER_ID}.md") in notes
    # re-extracted from the chunks the index holds, it keeps the header its creation time gave it
    assert headers[f"{OTHER_ID}.md"].split("\n")[0] == "Neighbours · created: 2026-10-14 09:30"
