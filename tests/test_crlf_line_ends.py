"""A note's line ends are read as LF whatever the file writes (walk.lf_line_ends, readers 18, crlf's part): CR LF
(a Windows editor, a Simplenote export), a lone CR (classic Mac), a mix. The chunks, BM25's text, `show` and
`ask --json` held each "\\r" of a CRLF note; the line numbers are an editor's, and the file's hash stays its bytes'
(an unchanged file is not read again)."""

from __future__ import annotations

import json

import pytest

from minirag_cli.bear import note_hash
from minirag_cli.walk import lf_line_ends, read_note
from tests.conftest import write_notes
from tests.test_bad_input import run_mrag
from tests.test_sync import run

LINES = ["# Dentist", "Mr Chowdhury, High St Dental", "", "- book the reline before Christmas", "last check 9/11"]


@pytest.mark.parametrize("path", ["Dentist.md", "Dentist.txt", "Dentist.org"])
@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_crlf_or_classic_mac_note_reads_as_its_lf_twin(path, end):
    lf = read_note(path, ("\n".join(LINES) + "\n").encode())[0]
    read = read_note(path, (end.join(LINES) + end).encode())[0]
    assert "\r" not in read
    assert read == lf


def test_a_note_mixing_line_ends_keeps_one_line_per_line_end():
    data = b"one\r\ntwo\nthree\rfour\r\n\r\nsix"
    read = read_note("mixed.md", data)[0]
    assert read == "one\ntwo\nthree\nfour\n\nsix"  # a CR LF is one line end, not two


def test_utf16_and_bom_crlf_notes_read_as_lf():
    text = "Kaffee mit Jörg\r\nam Montag\r\n"
    assert read_note("a.txt", text.encode("utf-16"))[0] == "Kaffee mit Jörg\nam Montag\n"
    assert read_note("b.md", b"\xef\xbb\xbf" + text.encode())[0] == "Kaffee mit Jörg\nam Montag\n"


@pytest.mark.parametrize("text", ["plain LF note\n", "tab\there\n", "a form feed \f page\n", "", "no end"])
def test_a_note_without_cr_is_read_as_it_is(text):
    assert lf_line_ends(text) is text


def test_a_simplenote_exports_doubled_line_ends_are_one_each(tmp_path):
    # the export writes a note's CR LF as CR CR LF: one line end (simplenote._undoubled), LF as all others
    vault = tmp_path / "notes"
    (vault / "source").mkdir(parents=True)
    (vault / "source" / "notes.json").write_text(json.dumps({"activeNotes": [
        {"id": "1", "content": "Blue Badge\r\nrenewal due March", "creationDate": "2026-01-05T10:00:00.000Z",
         "lastModified": "2026-01-05T10:00:00.000Z", "tags": ["dad"]}], "trashedNotes": []}))
    data = b"Blue Badge\r\r\nrenewal due March"
    (vault / "Blue Badge.txt").write_bytes(data)
    read = read_note("Blue Badge.txt", data, folder=vault)[0]
    assert "\r" not in read
    assert read.startswith("Blue Badge\nrenewal due March\n")


def _synced_crlf_notes(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, {"dad.md": "x"})  # (the folder)
    (root / "dad.md").write_bytes(b"# Dad\r\n\r\nMeds review with Dr Hussain\r\non 3 Dec.\r\n\r\n- [ ] ring the pharmacy\r\n")
    (root / "pendant.txt").write_bytes(b"Careline pendant\r\nbattery swapped\r\nnext test call Friday\r\n")
    (root / "old mac.txt").write_bytes(b"Blue Badge\rrenewal form posted\r")
    run(conn, root, embedder, extractor)
    return root


def test_stored_chunks_hold_no_cr_and_keep_their_line_numbers(tmp_path, conn, embedder, extractor):
    root = _synced_crlf_notes(tmp_path, conn, embedder, extractor)
    rows = conn.execute("SELECT d.path, c.text, c.start_line, c.end_line, c.start_char, c.end_char FROM chunks c "
                        "JOIN documents d ON d.id = c.document_id").fetchall()
    assert {r[0] for r in rows} == {"dad.md", "pendant.txt", "old mac.txt"}
    for path, text, start_line, end_line, start_char, end_char in rows:
        assert "\r" not in text
        assert end_char - start_char == len(text)  # the offsets are of the text read, as the chunk's
        assert end_line - start_line == text.rstrip("\n").count("\n")
    start, end = next((r[2], r[3]) for r in rows if r[0] == "dad.md")
    assert (start, end) == (1, 6)  # an editor's six lines: a CR LF is one line end
    assert not conn.execute("SELECT count(*) FROM chunks_fts WHERE instr(text, char(13)) > 0").fetchone()[0]
    hashes = dict(conn.execute("SELECT path, hash FROM documents"))
    assert hashes["dad.md"] == note_hash(root / "dad.md", (root / "dad.md").read_bytes())  # the bytes' hash


def test_a_second_sync_reads_no_unchanged_crlf_note_again(tmp_path, conn, embedder, extractor):
    root = _synced_crlf_notes(tmp_path, conn, embedder, extractor)
    again = run(conn, root, embedder, extractor)
    assert (again.added, again.changed, again.unchanged) == (0, 0, 3)


def test_ask_json_and_show_give_no_cr(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    root.mkdir()
    (root / "pendant.txt").write_bytes(b"Careline pendant\r\nbattery swapped\r\nnext test call Friday\r\n")
    index = str(tmp_path / "index.sqlite")
    assert run_mrag(mrag_bin, "--db", index, "sync", str(root), "-q").returncode == 0
    asked = run_mrag(mrag_bin, "--db", index, "ask", "careline pendant battery", "--json", "--no-answer")
    results = json.loads(asked.stdout)["results"]
    assert results and all("\r" not in r["text"] for r in results)
    assert results[0]["text"].startswith("Careline pendant\nbattery swapped\n")
    shown = json.loads(run_mrag(mrag_bin, "--db", index, "show", "pendant.txt", "--json").stdout)
    assert shown["text"] == "Careline pendant\nbattery swapped\nnext test call Friday\n"
    assert shown["lines"] == [1, 3]
