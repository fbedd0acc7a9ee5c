"""No chunk is absurdly long, whatever the note: an inline base64 image
(`![p](data:image/png;base64,<1.2 MB>)`) or a 3 MB word with no blank made
one chunk of that size, which `ask --json` and the MCP `search` returned
whole. The payload of a data: URI is left out as the note is read (its line
keeps its number); a longer word is cut into pieces and a chunk capped in
characters (chunking.MAX_WORD_CHARS, chunk_chars)."""

from __future__ import annotations

import base64
import os

from minirag_cli import db
from minirag_cli import sync as syncmod
from minirag_cli.chunking import MAX_WORD_CHARS, chunk_chars, chunk_text
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.integrity import verify_index
from minirag_cli.store.lookup import show
from minirag_cli.sync import sync_folders
from minirag_cli.walk import READER_VERSION, decode_note
from tests.conftest import write_notes

PAYLOAD = base64.b64encode(os.urandom(900_000)).decode()  # 1.2 MB of base64
IMAGE_NOTE = (f"# Trip\nAnna Weber went to Berlin.\n![photo](data:image/png;base64,{PAYLOAD})\n"
              "Later she met Oskar Brandt at the station.\n")


def sync(conn, root):
    return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor())


def longest_chunk(conn) -> int:
    return conn.execute("SELECT max(length(text)) FROM chunks").fetchone()[0]


def test_a_word_of_3_mb_is_cut_into_chunks_of_a_few_kb():
    text = "Anna Weber wrote:\n" + "x" * 3_000_000 + "\nAnd then she left.\n"
    chunks = chunk_text(text)
    assert max(len(c.text) for c in chunks) <= chunk_chars(120)
    for c in chunks:  # every chunk is a slice of the note, with its lines
        assert c.text == text[c.start_char:c.end_char]
        assert (c.start_line, c.end_line) == (text.count("\n", 0, c.start_char) + 1,
                                              text.count("\n", 0, c.end_char - 1) + 1)
    # nothing left out: the chunks cover the text, each beginning before the last one ended
    assert chunks[0].start_char == 0 and chunks[-1].end_char == len(text.rstrip())
    assert all(b.start_char <= a.end_char for a, b in zip(chunks, chunks[1:]))
    assert chunks[-1].text.endswith("And then she left.") and chunks[-1].end_line == 3
    assert len(chunks) < 2 * len(text) / chunk_chars(120) + 2  # overlapping by half a chunk at most


def test_ordinary_text_chunks_as_before():
    """The caps bind only absurd text: 120 words of 30 characters (a list of
    long URLs) are one chunk, as they were."""
    words = [f"https://example.org/{i:010d}" for i in range(300)]
    text = "\n".join(" ".join(words[i:i + 5]) for i in range(0, 300, 5))
    chunks = chunk_text(text)
    assert [c.n_tokens for c in chunks] == [120, 120, 100]
    assert chunk_text("y" * MAX_WORD_CHARS)[0].n_tokens == 1


def test_an_inline_image_is_not_indexed_as_text(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"trip.md": IMAGE_NOTE, "other.md": "Oskar Brandt met Anna Weber.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    summary = sync(conn, root)
    assert sorted(summary.added_paths) == ["other.md", "trip.md"]
    assert longest_chunk(conn) < 200
    text = show(conn, "trip.md")["text"]
    assert "![photo](data:image/png;base64,\u2026)" in text and PAYLOAD[:64] not in text
    (line,) = conn.execute("SELECT c.end_line FROM chunks c JOIN documents d ON d.id = c.document_id "
                           "WHERE d.path = 'trip.md'").fetchone()
    assert line == 4  # the line after the image keeps its number
    assert verify_index(conn) == []


def test_an_index_holding_an_inline_image_drops_it_at_the_next_sync(tmp_path, monkeypatch):
    """An index synced before (walk.READER_VERSION 2) holds the image's
    megabyte in its chunks; the note's bytes are unchanged, so only the reader
    version has the next sync read it anew, and only it."""
    root = tmp_path / "notes"
    write_notes(root, {"trip.md": IMAGE_NOTE, "other.md": "Oskar Brandt met Anna Weber.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    with monkeypatch.context() as m:  # the reader before: the payload kept
        m.setattr(syncmod, "read_note", lambda path, data, wide=None: decode_note(data, wide))
        sync(conn, root)
    assert conn.execute("SELECT count(*) FROM chunks").fetchone()[0] > 300  # 1.2 MB in 4000-character chunks
    db.set_meta(conn, db.READER_VERSION_KEY, f'{{"{root.resolve()}": 2}}')
    again = sync(conn, root)
    assert again.changed_paths == ["trip.md"] and again.unchanged == 1
    assert again.reread["notes"] == 1 and again.reread["to_version"] == READER_VERSION
    assert longest_chunk(conn) < 200 and verify_index(conn) == []
