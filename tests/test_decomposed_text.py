"""A note written with decomposed letters (NFD: "A", "e", U+0308, "lys", as
macOS file names, text pasted from PDFs and some editors write "Aëlys") is
read composed (walk.composed_words): the heuristic extractor broke its names
at the combining mark ("Aëlys" was the entity "Ae", "Later Aëlys" "Later Ae"),
and BM25 split the word. Only the words holding such a mark are composed;
an index read before is re-read once (walk.READER_VERSION 4)."""

from __future__ import annotations

import unicodedata

from minirag_cli import db
from minirag_cli import sync as syncmod
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.integrity import verify_index
from minirag_cli.store.lookup import show
from minirag_cli.sync import sync_folders
from minirag_cli.walk import READER_VERSION, composed_words, decode_note
from tests.conftest import write_notes
from tests.test_heuristic_version import graph

NFC_TEXT = "# Harbour\n\nAëlys met Brannoc Hale at the quay.\nLater Aëlys slept at Kestrel Point.\n"
NFD_TEXT = unicodedata.normalize("NFD", NFC_TEXT)


def sync(conn, root):
    return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor())


def keys(conn) -> set[str]:
    return {k for (k,) in conn.execute("SELECT key FROM entities")}


def test_a_decomposed_note_is_read_as_the_composed_one(tmp_path):
    nfd, nfc = tmp_path / "nfd" / "vault", tmp_path / "nfc" / "vault"  # graph() tells folders by their last letter
    write_notes(nfd, {"ch01.md": NFD_TEXT})
    write_notes(nfc, {"ch01.md": NFC_TEXT})
    assert (nfd / "ch01.md").read_text(encoding="utf-8") == NFD_TEXT != NFC_TEXT
    a = db.connect(tmp_path / "a.sqlite", create=True)
    b = db.connect(tmp_path / "b.sqlite", create=True)
    sync(a, nfd)
    sync(b, nfc)
    assert "aelys" in keys(a) and "ae" not in keys(a) and "laterae" not in keys(a)
    assert graph(a) == graph(b)
    shown = show(a, "ch01.md")
    assert shown["text"] == NFC_TEXT and shown["lines"] == [1, 4]
    assert verify_index(a) == []


def test_only_words_with_a_combining_mark_are_composed():
    # U+F900 is a CJK compatibility ideograph NFC would rewrite (to U+8C48): no one decomposed it
    text = "\uf900 note\nCafe\u0301 and \u304b\u3099\n"
    assert composed_words(text) == "\uf900 note\nCaf\u00e9 and \u304c\n"
    assert composed_words("plain text\n") == "plain text\n"


def test_a_long_word_beside_a_decomposed_name_is_read_at_once():
    """One decomposed name and a pasted line of 300,000 characters with no
    blank: the word pattern `\\S*[marks]\\S*` backtracked over the long word
    from each of its characters (40,000 characters: 20 s; this one: hours).
    Read in a child process killed after a minute, so a relapse fails here
    instead of hanging the suite (a thread would not do: a regex holds the
    GIL throughout)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    line = "QUJD" * 75_000
    text = "Ae\u0308lys met Tom.\n" + line + "\nca\u0301fe\u0301 " + line + "\u0301\n"
    code = ("import json, sys; from minirag_cli.walk import composed_words; "
            "print(json.dumps(composed_words(json.load(sys.stdin))))")
    try:
        done = subprocess.run([sys.executable, "-c", code], input=json.dumps(text), capture_output=True, text=True,
                              timeout=60, cwd=Path(__file__).resolve().parents[1], check=True)
    except subprocess.TimeoutExpired:
        pytest.fail("composed_words did not finish in a minute")
    assert json.loads(done.stdout) == unicodedata.normalize("NFC", text)


def test_an_index_read_before_re_reads_its_decomposed_notes_once(tmp_path, monkeypatch):
    root = tmp_path / "vault"
    write_notes(root, {"ch01.md": NFD_TEXT, "other.md": "Oriel Fenwick counted the coins.\n"})
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, root)
    old = db.connect(tmp_path / "old.sqlite", create=True)
    with monkeypatch.context() as m:  # the reader before: the text as decoded
        m.setattr(syncmod, "read_note", lambda path, data, wide=None, max_bytes=None, folder=None: decode_note(data, wide))
        sync(old, root)
    db.set_meta(old, db.READER_VERSION_KEY, f'{{"{root.resolve()}": 3}}')
    assert "ae" in keys(old)
    again = sync(old, root)
    assert again.changed_paths == ["ch01.md"] and again.unchanged == 1
    assert again.reread["notes"] == 1 and again.reread["to_version"] == READER_VERSION
    assert graph(old) == graph(fresh) and verify_index(old) == []
