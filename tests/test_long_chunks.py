"""No chunk is absurdly long, whatever the note: an inline base64 image
(`![p](data:image/png;base64,<1.2 MB>)`) or a 3 MB word with no blank made
one chunk of that size, which `ask --json` and the MCP `search` returned
whole. The payload of a data: URI is left out as the note is read (its line
keeps its number); a longer word is cut into pieces and a chunk capped in
characters (chunking.MAX_WORD_CHARS, chunk_chars). A long word that is data
(nearly all ASCII: base64 without a data: URI, minified code) keeps only its
first MAX_WORD_CHARS characters as it is read."""

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
from minirag_cli.walk import READER_VERSION, decode_note, read_note
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
        m.setattr(syncmod, "read_note", lambda path, data, wide=None, max_bytes=None, folder=None: decode_note(data, wide))
        sync(conn, root)
    assert conn.execute("SELECT count(*) FROM chunks").fetchone()[0] > 300  # 1.2 MB in 4000-character chunks
    db.set_meta(conn, db.READER_VERSION_KEY, f'{{"{root.resolve()}": 2}}')
    again = sync(conn, root)
    assert again.changed_paths == ["trip.md"] and again.unchanged == 1
    assert again.reread["notes"] == 1 and again.reread["to_version"] == READER_VERSION
    assert longest_chunk(conn) < 200 and verify_index(conn) == []


MINIFIED = "if(a){b=c.d(e,[1,2])}else{g(\"x\")};" * 100_000  # 3.5 MB of minified code, no blank


def test_a_3_mb_word_of_data_costs_one_chunk_and_the_rest_of_the_note_is_indexed(tmp_path):
    """A pasted minified script or base64 blob with no data: URI was cut into
    3 MB / 1000 pieces: 1501 chunks of nothing to search. It keeps its first
    MAX_WORD_CHARS characters, marked cut with an ellipsis as a data: URI's
    payload is; the note's other lines keep their numbers and are indexed."""
    root = tmp_path / "notes"
    blob = base64.b64encode(os.urandom(2_250_000)).decode()  # 3 MB, no data: URI before it
    write_notes(root, {"script.md": f"# Build\nAnna Weber pasted it:\n{MINIFIED}\nOskar Brandt reviewed it.\n",
                       "blob.md": f"Anna Weber sent a key:\n{blob}\nShe met Oskar Brandt in Berlin.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    summary = sync(conn, root)
    assert sorted(summary.added_paths) == ["blob.md", "script.md"]
    counts = dict(conn.execute("SELECT d.path, count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "GROUP BY d.path"))
    assert counts == {"blob.md": 1, "script.md": 1}, counts
    for path, payload in (("script.md", MINIFIED), ("blob.md", blob)):
        text = show(conn, path)["text"]
        assert payload[:MAX_WORD_CHARS] + "\u2026\n" in text and payload[:MAX_WORD_CHARS + 1] not in text
    (line,) = conn.execute("SELECT c.end_line FROM chunks c JOIN documents d ON d.id = c.document_id "
                           "WHERE d.path = 'script.md'").fetchone()
    assert line == 4  # "Oskar Brandt reviewed it." keeps its line, and is in the chunk
    names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    assert {"Anna Weber", "Oskar Brandt"} <= names
    assert verify_index(conn) == []


def test_a_long_paragraph_of_chinese_is_text_and_kept_whole():
    """Chinese and Japanese are written without blanks: a paragraph of 3,000
    characters is one "word", text, not data; read whole (and chunked in
    pieces as before)."""
    paragraph = "李华周六去了北京的音乐节，他和王芳听了三个乐队的演出。" * 120
    note = f"日记\n{paragraph}\nvar x=1;{paragraph}\n"  # a tenth of ASCII or less is still text
    assert len(paragraph) > 3 * MAX_WORD_CHARS
    assert read_note("diary.md", note.encode())[0] == note
    assert "".join(c.text for c in chunk_text(note))  # chunked as before
