"""Files an Obsidian vault holds besides Markdown notes (notekinds.py): a
JSON Canvas is indexed as the note its cards make, its file cards linking
to their notes; an Excalidraw drawing's Markdown without its drawing data;
a plain `.excalidraw` file as its text elements; a malformed one skipped
with the reason, never a traceback."""

from __future__ import annotations

import json
import subprocess

import pytest

from minirag_cli import sync as syncmod
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.integrity import verify_index
from minirag_cli.store.lookup import get_entity, show
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes

# cards written out of reading order: the file lists them as they were made
CANVAS = {
    "nodes": [
        {"id": "c", "type": "text", "text": "Bottom card: the budget is 40k.", "x": 0, "y": 500,
         "width": 200, "height": 60},
        {"id": "b", "type": "text", "text": "Right card:\nOlav Nygaard owns the roadmap.", "x": 400, "y": 100,
         "width": 200, "height": 60},
        {"id": "a", "type": "text", "text": "Left card: kickoff in Bergen.", "x": 0, "y": 100,
         "width": 200, "height": 60},
        {"id": "f", "type": "file", "file": "projects/Project Atlas.md", "x": 0, "y": 300,
         "width": 200, "height": 60},
        {"id": "g", "type": "group", "label": "Planning board", "x": -50, "y": 0, "width": 800, "height": 700},
        {"id": "l", "type": "link", "url": "https://example.org/atlas", "x": 400, "y": 300,
         "width": 200, "height": 60},
    ],
    "edges": [{"id": "e1", "fromNode": "a", "toNode": "b", "label": "hands over to"},
              {"id": "e2", "fromNode": "b", "toNode": "c"}],
}
CANVAS_TEXT = ("Planning board\n\nLeft card: kickoff in Bergen.\n\nRight card:\nOlav Nygaard owns the roadmap.\n\n"
               "[[projects/Project Atlas.md]]\n\nhttps://example.org/atlas\n\nBottom card: the budget is 40k.\n\n"
               "hands over to\n")

DRAWING = """---
excalidraw-plugin: parsed
tags: [excalidraw]
---
==⚠  Switch to EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠== You can decompress Drawing data with the command palette: 'Decompress current Excalidraw file'. For more info check in plugin settings under 'Saving'


# Excalidraw Data

## Text Elements
Billing API talks to Postgres Primary ^t1a2b3c4

Ingrid Holm reviews the schema ^Xy9_k-2L

## Element Links
t1a2b3c4: [[Project Atlas]]

## Embedded Files
4f1c2d3e4f5a6b7c8d9e: [[diagram.png]]

%%
## Drawing
```compressed-json
N4KAkARALgngDg5gQwLYFMQC4QGUAmA5AQXsUAJSwQgZAYwDiAFgHIBWoA0sxwRuC+oQ
YYAZgBXPCSCAxGTqr8JEIZbGETUAG2NmjqmlwwTUiIATTkSALb8H+D5BIDYSWAeyUQIC
```
%%
"""


def sync(conn, root):
    return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor())


def note_text(conn, path):
    return show(conn, path)["text"]


@pytest.fixture(params=["read ahead", "read in the sync"])
def read_ahead(request, monkeypatch):
    """Both ways the sync reads a new note: whole by the alias pass, kept for
    the indexing (_keep_ahead), or, with no room left for that, by the
    indexing itself (_changed_notes)."""
    if request.param == "read in the sync":
        monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    return request.param


def test_a_canvas_is_read_as_its_cards_in_reading_order():
    from minirag_cli.notekinds import canvas_text

    assert canvas_text(json.dumps(CANVAS)) == CANVAS_TEXT
    assert canvas_text("") == canvas_text("{}") == canvas_text('{"nodes": [], "edges": []}') == ""
    # a heading of a note, and a card of a type the spec does not know (yet): nothing of it is read
    assert canvas_text(json.dumps({"nodes": [
        {"type": "file", "file": "a/B.md", "subpath": "#Goals", "x": 0, "y": 0},
        {"type": "widget", "text": "what is this", "x": 0, "y": 1}]})) == "[[a/B.md#Goals]]\n"


@pytest.mark.parametrize("text, reason", [
    ("{not json", "malformed canvas: not JSON (line 1, column 2)"),
    ("[1, 2]", "malformed canvas: not a JSON object"),
    ('{"nodes": {"a": 1}}', 'malformed canvas: "nodes" is not a list of objects'),
    ('{"nodes": [], "edges": [3]}', 'malformed canvas: "edges" is not a list of objects'),
    ('{"nodes": [{"type": "text", "text": 42}]}', 'malformed canvas: a "text" that is not a string'),
    ("[" * 100000, "malformed canvas: not JSON"),
])
def test_a_malformed_canvas_says_why(text, reason):
    from minirag_cli.notekinds import MalformedNote, canvas_text

    with pytest.raises(MalformedNote) as caught:
        canvas_text(text)
    assert str(caught.value) == reason


def test_a_canvas_is_indexed_its_file_cards_link_and_a_malformed_one_is_skipped(tmp_path, conn, read_ahead):
    """A `.canvas` was passed over ('not a note file (.canvas)'): a board of
    cards that says who does what was not searched at all."""
    root = tmp_path / "vault"
    write_notes(root, {
        "boards/Atlas board.canvas": json.dumps(CANVAS, indent=2),
        "projects/Project Atlas.md": "# Project Atlas\n\nThe atlas of harbour depths.\n",
        "boards/broken.canvas": '{"nodes": [{"type": "text", "text": "half saved',
        "boards/old.canvas": json.dumps({"nodes": [{"type": "text", "text": "Old idea", "x": 0, "y": 0}]}),
        "boards/new.canvas": "{}",  # Obsidian's new canvas: no card yet
    })
    s = sync(conn, root)
    assert set(s.added_paths) == {"boards/Atlas board.canvas", "projects/Project Atlas.md", "boards/old.canvas",
                                  "boards/new.canvas"}
    assert s.warnings == [{"path": "boards/new.canvas",
                           "reason": "no text in it (no card or text element) (indexed with no chunks)"}]
    assert s.skipped == [{"path": "boards/broken.canvas",
                          "reason": "malformed canvas: not JSON (line 1, column 37)"}], s.skipped
    assert note_text(conn, "boards/Atlas board.canvas") == CANVAS_TEXT
    assert show(conn, "boards/Atlas board.canvas")["source"] == "disk"
    # lines are the read text's: line 5 is the right card's second line
    assert "Olav Nygaard owns the roadmap." in show(conn, "boards/Atlas board.canvas:5")["text"]
    # the file card links as [[Project Atlas]] in a note's text does: one entity holds both
    notes = {n["path"] for n in get_entity(conn, "Project Atlas")["notes"]}
    assert notes == {"boards/Atlas board.canvas", "projects/Project Atlas.md"}
    assert "olavnygaard" in {k for (k,) in conn.execute("SELECT key FROM entities")}
    # a canvas indexed before and saved malformed since: skipped, and its old text no longer searched
    (root / "boards/old.canvas").write_text('{"nodes": "oops"}', encoding="utf-8")
    s = sync(conn, root)
    assert {"path": "boards/old.canvas", "reason": 'malformed canvas: "nodes" is not a list of objects'} in s.skipped
    assert s.removed_paths == ["boards/old.canvas"]
    assert verify_index(conn) == []


def test_a_malformed_canvas_is_a_skipped_line_not_a_traceback(tmp_path, mrag_bin):
    root, index = tmp_path / "vault", tmp_path / "index.sqlite"
    write_notes(root, {"a.canvas": "{", "b.md": "Some note.\n"})
    from tests.test_bad_input import mrag_env

    r = subprocess.run([mrag_bin, "--db", str(index), "sync", str(root), "--json"], env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = json.loads(r.stdout)
    assert out["skipped"] == [{"path": "a.canvas", "reason": "malformed canvas: not JSON (line 1, column 2)"}]
    r = subprocess.run([mrag_bin, "--db", str(index), "show", str(root / "a.canvas")], env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and "malformed canvas" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_an_odd_canvas_or_drawing_is_read_or_skipped_and_never_stops_the_sync(tmp_path, conn, read_ahead,
                                                                             monkeypatch):
    """One odd file stopped every sync with `error: unexpected TypeError`
    (no file named): an arrow whose fromNode is a list (unhashable), a
    400-digit coordinate (OverflowError) and a lone surrogate a JSON string
    escapes (UnicodeEncodeError when the chunk was written)."""
    from minirag_cli import notekinds, readers

    big = "1" + "0" * 400
    root = tmp_path / "vault"
    write_notes(root, {
        "ok.md": "Tom Reyes went home.\n",
        "edge.canvas": '{"nodes":[{"id":"a","type":"text","text":"Edge card"}],'
                       '"edges":[{"fromNode":["a"],"toNode":"a","label":"arrow label"}]}',
        "big.canvas": '{"nodes":[{"id":"a","type":"text","text":"Far card","x":' + big + ',"y":0},'
                      '{"id":"b","type":"text","text":"Near card","x":0,"y":5}]}',
        "big.excalidraw": '{"elements":[{"type":"text","text":"Far text","y":' + big + '}]}',
        "sur.canvas": r'{"nodes":[{"id":"a","type":"text","text":"Mara Quinn \ud83d went home"}]}',
        "sur.excalidraw": r'{"elements":[{"type":"text","text":"Ivo \udc00 Lenz"}]}',
    })
    s = sync(conn, root)
    assert s.skipped == [] and len(s.added_paths) == 6, (s.skipped, s.added_paths)
    assert note_text(conn, "edge.canvas") == "Edge card\n\narrow label\n"
    assert note_text(conn, "big.canvas") == "Far card\n\nNear card\n"  # the odd x counts as 0
    assert note_text(conn, "big.excalidraw") == "Far text\n"
    assert note_text(conn, "sur.canvas") == "Mara Quinn \ufffd went home\n"
    assert note_text(conn, "sur.excalidraw") == "Ivo \ufffd Lenz\n"
    assert verify_index(conn) == []
    # a failure no reader foresaw: that file is skipped with the reason, the others are indexed
    def broken(text):
        raise KeyError("surprise")
    monkeypatch.setattr(readers, "canvas_text", broken)  # (the reader read_text chooses)
    (root / "new.md").write_text("Ivo Lenz came too.\n", encoding="utf-8")
    (root / "later.canvas").write_text('{"nodes": []}', encoding="utf-8")
    s = sync(conn, root)
    assert {"path": "later.canvas", "reason": "unreadable canvas: KeyError: 'surprise'"} in s.skipped, s.skipped
    assert "new.md" in s.added_paths
    with pytest.raises(notekinds.MalformedNote, match="^unreadable canvas: KeyError"):
        readers.read_text("x.canvas", "{}")


def test_an_excalidraw_drawing_keeps_its_text_elements_not_its_drawing_data():
    from minirag_cli.notekinds import drawing_markdown

    read = drawing_markdown(DRAWING)
    assert read.count("\n") == DRAWING.count("\n")  # line for line: its line numbers are the file's
    lines = read.split("\n")
    assert lines[10] == "Billing API talks to Postgres Primary" and lines[12] == "Ingrid Holm reviews the schema"
    assert lines[15] == "[[Project Atlas]]" and lines[18] == "[[diagram.png]]"
    assert lines[:4] == DRAWING.split("\n")[:4]  # its front matter as written
    words = read.split()
    assert not {"N4KAkARALgngDg5gQwLYFMQC4QGUAmA5AQXsUAJSwQgZAYwDiAFgHIBWoA0sxwRuC+oQ", "```compressed-json", "%%",
                "Switch", "Excalidraw", "Elements", "Drawing", "^t1a2b3c4", "t1a2b3c4:"} & set(words), words
    # an older drawing: `#` headings, the JSON not compressed and not hidden by %%
    old = "# Text Elements\nKestrel Café ^abc\n\n# Drawing\n```json\n{\"type\": \"excalidraw\",\n\"elements\": []}\n```\n"
    assert drawing_markdown(old).split() == ["Kestrel", "Café"]
    # the user's own text before the data, and a heading of the user's after it, are the user's
    mine = "Notes on the board.\n\n# Excalidraw Data\n## Text Elements\nHi ^a1\n\n# Follow-up\nCall Ingrid.\n"
    assert drawing_markdown(mine) == "Notes on the board.\n\n\n\nHi\n\n# Follow-up\nCall Ingrid.\n"


def test_a_code_block_in_a_text_element_does_not_hide_the_drawing_data():
    """The plugin ends a code-block text element with "``` ^blockid": that
    closing fence was not seen, so `## Drawing` was read as code and the
    compressed drawing data was chunked and embedded as the note's text."""
    from minirag_cli.notekinds import drawing_markdown

    data = "N4KAkARALgngDgUwgLgAQQQDwMYEMA2AlgCYBOuA7hADTgQBuCpAzoQPYB2KqATLZMzYBXUtiRoIACyhQ4z"
    head = "# Excalidraw Data\n## Text Elements\n```python\nprint('hi')\n"
    tail = "\n\n%%\n## Drawing\n```compressed-json\n" + data + "\n```\n%%\n"
    closed = drawing_markdown(head + "``` ^Xy12Ab\n\nTom Reyes ^Qw34Er" + tail)
    assert closed.split("\n")[2:8] == ["```python", "print('hi')", "```", "", "Tom Reyes", ""], closed
    assert data not in closed and "%%" not in closed and "Drawing" not in closed
    # a block the text element left open ends at the plugin's next section
    left_open = drawing_markdown(head + "still code ^Xy12Ab" + tail)
    assert data not in left_open and "Drawing" not in left_open, left_open


def test_a_plain_excalidraw_file_is_read_as_its_text_elements():
    from minirag_cli.notekinds import MalformedNote, excalidraw_text

    drawing = {"type": "excalidraw", "version": 2, "elements": [
        {"type": "rectangle", "x": 0, "y": 0},
        {"type": "text", "x": 300, "y": 10, "text": "Postgres\nPrimary", "originalText": "Postgres Primary"},
        {"type": "text", "x": 0, "y": 10, "text": "Billing API"},
        {"type": "text", "x": 0, "y": 200, "text": "Scrapped idea", "isDeleted": True},
        {"type": "arrow", "x": 0, "y": 50}], "appState": {}, "files": {}}
    assert excalidraw_text(json.dumps(drawing)) == "Billing API\n\nPostgres Primary\n"
    with pytest.raises(MalformedNote, match=r'^malformed Excalidraw file: "elements" is not a list of objects$'):
        excalidraw_text('{"elements": 5}')


def test_excalidraw_files_are_indexed_without_their_drawing_data(tmp_path, conn, read_ahead):
    """An `.excalidraw.md` drawing was indexed with its compressed JSON as
    text (chunks of base64 nobody searches for, every text element with its
    `^id`), and a plain `.excalidraw` was passed over."""
    root = tmp_path / "vault"
    write_notes(root, {
        "Drawings/Billing.excalidraw.md": DRAWING,
        "Drawings/Plain.excalidraw": json.dumps({"type": "excalidraw", "elements": [
            {"type": "text", "x": 0, "y": 0, "text": "Mei Chen sketches the ingest flow"}]}),
        "Drawings/Bad.excalidraw": "not json",
    })
    s = sync(conn, root)
    assert set(s.added_paths) == {"Drawings/Billing.excalidraw.md", "Drawings/Plain.excalidraw"}
    assert s.skipped == [{"path": "Drawings/Bad.excalidraw",
                          "reason": "malformed Excalidraw file: not JSON (line 1, column 1)"}]
    chunks = " ".join(t for (t,) in conn.execute("SELECT text FROM chunks"))
    assert "N4KAkARA" not in chunks and "^t1a2b3c4" not in chunks and "compressed-json" not in chunks
    assert "Billing API talks to Postgres Primary" in chunks and "Mei Chen sketches the ingest flow" in chunks
    # the drawing's lines are the file's: line 13 holds the second text element
    assert "Ingrid Holm reviews the schema" in show(conn, "Drawings/Billing.excalidraw.md:13")["text"]
    assert show(conn, "Drawings/Billing.excalidraw.md:13")["lines"][0] <= 13
    keys = {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert {"ingridholm", "meichen"} <= keys and not {"switch", "excalidrawdata", "textelements"} & keys, keys
    assert verify_index(conn) == []


def test_an_upgrade_re_reads_the_notes_its_file_readers_read_differently(tmp_path, monkeypatch):
    """An index synced before the readers changed kept an unchanged drawing's
    data (banner, JSON, "Excalidraw Data" entities) and a short UTF-16
    note's cp1252 reading ('N¬N' for 东京) until --rebuild: its size and
    mtime, and its bytes, are the same. The folder's record of the reader
    version (walk.READER_VERSION) has the next sync read its notes anew."""
    from rich.console import Console

    from minirag_cli import db
    from minirag_cli.format import render_sync_summary
    from minirag_cli.walk import READER_VERSION, decode_note
    from tests.test_heuristic_version import graph

    root = tmp_path / "vault"
    write_notes(root, {"Billing.excalidraw.md": DRAWING, "other.md": "Ingrid Holm met Tom Reyes.\n"})
    (root / "cn.md").write_bytes("东京".encode("utf-16-le"))
    (root / "board.canvas").write_text(json.dumps(CANVAS), encoding="utf-8")
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, root)
    # the old readers: the decoded bytes as they are, cp1252 for a short UTF-16 note
    old = db.connect(tmp_path / "old.sqlite", create=True)
    with monkeypatch.context() as m:
        m.setattr(syncmod, "read_note", lambda path, data, wide=None, max_bytes=None, folder=None: (data.decode("cp1252"), None)
                  if path == "cn.md" else decode_note(data, wide))
        sync(old, root)
    db.delete_meta(old, db.READER_VERSION_KEY)  # synced by an mrag that did not record it
    assert graph(old) != graph(fresh) and "excalidrawdata" in {k for (k,) in old.execute("SELECT key FROM entities")}
    s = sync(old, root)
    assert s.reread == {"notes": 3, "checked": 4, "from_version": None, "to_version": READER_VERSION,
                        "seconds": s.reread["seconds"]}, s.reread
    assert sorted(s.changed_paths) == ["Billing.excalidraw.md", "board.canvas", "cn.md"] and s.unchanged == 1
    assert graph(old) == graph(fresh)
    assert note_text(old, "cn.md") == "东京"
    console = Console(record=True, width=300)
    render_sync_summary(s.to_dict(), console)
    line = next(line for line in console.export_text().splitlines() if "re-read" in line)
    assert "3 of 4 notes read differently by this mrag's file readers" in line, line
    assert json.loads(db.get_meta(old, db.READER_VERSION_KEY)) == {str(root.resolve()): READER_VERSION}
    # recorded: the next sync reads nothing again
    again = sync(old, root)
    assert again.reread is None and again.unchanged == 4 and again.embedded == 0
    assert verify_index(old) == []


def test_notes_a_folder_kept_unread_are_re_read_once_it_can_be_read(tmp_path, monkeypatch):
    """_stale_readings passed over the notes under a folder that could not be
    listed (kept as last synced), and the sync recorded this mrag's reader
    version for the folder all the same: once the folder could be listed
    again, its notes kept the old readers' text until --rebuild."""
    import os
    from pathlib import Path

    from minirag_cli import db
    from minirag_cli.walk import READER_VERSION, decode_note

    def indexed(path):  # the text the index holds (show reads the file when it is there)
        return "".join(t for (t,) in conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = "
                                                   "c.document_id WHERE d.path = ? ORDER BY c.seq", (path,)))

    root = tmp_path / "vault"
    write_notes(root, {"other.md": "Ingrid Holm met Tom Reyes.\n"})
    (root / "sub").mkdir()
    (root / "sub" / "cn.md").write_bytes("东京".encode("utf-16-le"))
    (root / "top.md").write_bytes("大阪".encode("utf-16-le"))
    conn = db.connect(tmp_path / "old.sqlite", create=True)
    with monkeypatch.context() as m:  # the old readers: cp1252 for a short UTF-16 note
        m.setattr(syncmod, "read_note", lambda path, data, wide=None, max_bytes=None, folder=None: (data.decode("cp1252"), None)
                  if path.endswith("cn.md") or path == "top.md" else decode_note(data, wide))
        sync(conn, root)
    db.delete_meta(conn, db.READER_VERSION_KEY)  # synced by an mrag that did not record it
    real_scandir = os.scandir
    with monkeypatch.context() as m:  # sub/ cannot be listed (chmod 000 does not stop root)
        m.setattr(os, "scandir", lambda path=".": (_ for _ in ()).throw(PermissionError(
            13, "Permission denied", str(path))) if Path(path) == root / "sub" else real_scandir(path))
        s = sync(conn, root)
    assert s.changed_paths == ["top.md"] and indexed("top.md") == "大阪"  # what could be read is
    assert indexed("sub/cn.md") == "N¬N"  # kept as last synced (the old readers' cp1252), unread
    assert db.meta_dict(conn, db.READER_VERSION_KEY) == {}  # so the folder is not recorded as read
    s = sync(conn, root)  # sub/ readable again
    assert s.changed_paths == ["sub/cn.md"] and indexed("sub/cn.md") == "东京"
    assert json.loads(db.get_meta(conn, db.READER_VERSION_KEY)) == {str(root.resolve()): READER_VERSION}
    assert verify_index(conn) == []
