"""qa37 (a Simplenote user): Simplenote's export writes each note as a `.txt`
named by its first line, its tags appended (`Tags:` then `  travel, books`),
the notes of its trash in `trash/`, and all of them again in
`source/notes.json`. The trashed notes were indexed as live ones (`ask`
ranked a deleted note first), the tags were words of the text, and
`source/notes.json` was listed as `not a note file` at every first sync. Now
the export's `trash/` is skipped (one line), its `source/notes.json` passed
over in silence, and the tags read as `#tags` (simplenote.py)."""

from __future__ import annotations

import json
import os

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.simplenote import TRASH_REASON, tags_read
from tests.test_sync_conflicts import sync
from tests.test_keep import berlin  # noqa: F401 (a fixture)
from tests.test_tasks import run


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (1_790_000_000, 1_790_000_000))


def export(folder, active: dict[str, list[str]], trashed: dict[str, list[str]]) -> None:
    """A Simplenote export in `folder`: note text -> its tags, as its export writes them."""
    def noted(content: str, tags: list[str]) -> str:
        return content + (f"\n\nTags:\n  {', '.join(tags)}" if tags else "")

    for content, tags in active.items():
        write(folder / f"{content.split(chr(10))[0]}.txt", noted(content, tags))
    for content, tags in trashed.items():
        write(folder / "trash" / f"{content.split(chr(10))[0]}.txt", noted(content, tags))
    notes = {"activeNotes": [{"id": str(i), "content": c, "creationDate": "2023-05-02T10:11:12.000Z",
                              "lastModified": "2023-05-02T10:11:12.000Z", "tags": t}
                             for i, (c, t) in enumerate(active.items())],
             "trashedNotes": [{"id": f"t{i}", "content": c, "creationDate": "2021-01-01T10:00:00.000Z",
                               "lastModified": "2021-01-01T10:00:00.000Z", "tags": t}
                              for i, (c, t) in enumerate(trashed.items())]}
    write(folder / "source" / "notes.json", json.dumps(notes, indent=2).replace("\n", "\r\n"))


def test_tags_read():
    assert tags_read("Wine\nQuinta do Crasto.\n\nTags:\n  travel, food-and-drink\n  ana@example.com") == (
        "Wine\nQuinta do Crasto.\n\nTags:\n  #travel #food-and-drink\n  ana@example.com")
    assert tags_read("Tags:\n  not a tag block, no blank line before") == "Tags:\n  not a tag block, no blank line before"
    assert tags_read("A note\n\nTags:\n  travel\nmore text") == "A note\n\nTags:\n  travel\nmore text"


def test_a_simplenote_export_is_indexed_without_its_trash(tmp_path, capsys, monkeypatch, berlin):
    """(berlin: the export's times are UTC, 10:11 is 12:11 in Berlin in May)"""
    root = tmp_path / "notes"
    export(root / "simplenote",
           {"Lisbon hotel options\nDecided: Avenida Palace.": ["travel"], "Jonas' address\nOderberger Str. 5": []},
           {"Old phone numbers\nVodafone hotline 0800 1721212": ["admin"]})
    write(root / "projects" / "trash" / "ideas.txt", "Ideas I threw out.\n")  # the user's own `trash/`: notes
    write(root / "projects" / "tags.txt", "Packing\n\nTags:\n  travel\n")  # no Simplenote export: as written
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["projects/tags.txt", "projects/trash/ideas.txt", "simplenote/Jonas' address.txt",
                       "simplenote/Lisbon hotel options.txt"]
    assert summary.skipped == [{"path": "simplenote/trash", "reason": TRASH_REASON}]
    assert summary.system_files == 1  # source/notes.json
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "simplenote/Lisbon hotel options.txt"])
    assert shown.exit_code == 0, shown.output
    assert "Tags:\n  #travel\n\ncreated: 2023-05-02 12:11\n" in shown.output
    assert "#travel" in shown.output.split("entities", 1)[1].lower()
    # dated by its creation, which only source/notes.json holds (it was undated): its header, as a front matter's
    conn = db.connect(db_path)
    headers = dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                "WHERE c.seq = 0"))
    conn.close()
    assert headers["simplenote/Lisbon hotel options.txt"].split("\n")[0] == "Lisbon hotel options · created: 2023-05-02 12:11"
    assert headers["projects/tags.txt"].split("\n")[0] == "Packing"
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "projects/tags.txt"])
    assert "Tags:\n  travel\n" in shown.output
    code, _out, err = run(capsys, monkeypatch, "--db", db_path, "show", "simplenote/trash/Old phone numbers.txt")
    assert code == 1 and f"never indexed: {TRASH_REASON}" in " ".join(err.split()), err


def test_a_simplenote_notes_snippet_shows_no_created_line(tmp_path, capsys, monkeypatch, berlin):
    """qa37: the `created: …` line a Simplenote note's creation is read as (it dates the note) ended the
    snippet of the note's last chunk, as if the user had written it; `--json` keeps the chunk whole."""
    root = tmp_path / "notes"
    export(root / "simplenote", {"Lisbon hotel options\nDecided: Avenida Palace.": ["travel"]}, {})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "ask", "Avenida Palace hotel", "--no-answer", "-k", "1")
    assert code == 0, err
    assert "Decided: Avenida Palace. Tags: #travel" in out and "created:" not in out, out
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "ask", "Avenida Palace hotel", "--no-answer", "-k", "1",
                         "--json")
    assert json.loads(out)["results"][0]["text"].endswith("created: 2023-05-02 12:11")


def exported(folder, notes: list[dict], files: dict[str, bytes]) -> None:
    """A Simplenote export as its exporter writes one: `notes` its source/notes.json's active notes (their
    line ends CR LF, a CR LF of the note's own CR CR LF), `files` the notes' files as given (name -> bytes)."""
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    source = {"activeNotes": [{"id": str(i), "lastModified": n["creationDate"], **n} for i, n in enumerate(notes)],
              "trashedNotes": []}
    write(folder / "source" / "notes.json", json.dumps(source, indent=2).replace("\n", "\r\n"))


def headers(db_path) -> dict[str, str]:
    conn = db.connect(db_path)
    try:
        return dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                 "WHERE c.seq = 0"))
    finally:
        conn.close()


def test_an_edited_simplenote_note_keeps_its_creation_and_one_first_line_two_notes(tmp_path, berlin):
    """Review revW: a note's creation was found by its whole text, so a note edited since the export was undated,
    and of two notes of one text both had the first one's date; two notes of one first line, which the export
    names `Weekly groceries.txt` and `Weekly groceries (1).txt`, were skipped as a numbered copy when their words
    were nearly the same. A note is the one the export named its file for (in notes.json's order)."""
    root = tmp_path / "notes"
    week = "Weekly groceries\r\nmilk\r\neggs\r\nbread\r\nbutter\r\ncheese\r\napples\r\nbananas\r\nrice\r\n{}\r\ntomatoes"
    exported(root, [
        {"content": "Trip to Lisbon\r\nPack bags\r\nCall Priya Raman about the hotel", "creationDate": "2023-05-02T10:11:00.000Z"},
        {"content": week.format("pasta"), "creationDate": "2023-05-02T10:11:00.000Z"},
        {"content": week.format("lentils"), "creationDate": "2023-05-09T10:11:00.000Z"},
        {"content": "Standup\r\nnothing new", "creationDate": "2022-01-01T10:00:00.000Z"},
        {"content": "Standup\r\nnothing new", "creationDate": "2022-01-08T10:00:00.000Z"},
    ], {
        # edited in a text editor since the export (a line added, its line ends LF)
        "Trip to Lisbon.txt": b"Trip to Lisbon\r\nPack bags\r\nCall Priya Raman about the hotel\nAlso book the museum\n",
        "Weekly groceries.txt": week.format("pasta").encode(),
        "Weekly groceries (1).txt": week.format("lentils").encode(),
        "Standup.txt": b"Standup\r\nnothing new",
        "Standup (1).txt": b"Standup\r\nnothing new",
    })
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["Standup (1).txt", "Standup.txt", "Trip to Lisbon.txt", "Weekly groceries (1).txt",
                       "Weekly groceries.txt"], summary.skipped
    assert {path: head.split("\n")[0].split(" · ")[-1] for path, head in headers(db_path).items()} == {
        "Trip to Lisbon.txt": "created: 2023-05-02 12:11",
        "Weekly groceries.txt": "created: 2023-05-02 12:11", "Weekly groceries (1).txt": "created: 2023-05-09 12:11",
        "Standup.txt": "created: 2022-01-01 11:00", "Standup (1).txt": "created: 2022-01-08 11:00"}
    # the same in a folder that is no Simplenote export: a numbered copy, skipped
    plain = tmp_path / "plain"
    for name in ("Weekly groceries.txt", "Weekly groceries (1).txt"):
        (plain / name).parent.mkdir(parents=True, exist_ok=True)
        (plain / name).write_bytes((root / name).read_bytes())
    summary, indexed = sync(plain, tmp_path / "plain.sqlite")
    assert indexed == ["Weekly groceries.txt"]


def test_a_simplenote_note_of_crlf_line_ends_is_dated_and_read_line_for_line(tmp_path, berlin, capsys, monkeypatch):
    """Review revW: a note whose own text held CR LF is exported as CR CR LF (in its file and in notes.json),
    which is read as two line ends: the note showed a blank line it does not hold, and was undated (its text
    was not notes.json's). Both are read as one line end, as the export meant."""
    root = tmp_path / "notes"
    exported(root, [{"content": "Windows note\r\r\nline two\r\r\nline three", "creationDate": "2021-03-03T08:00:00.000Z"}],
             {"Windows note.txt": b"Windows note\r\r\nline two\r\r\nline three"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    assert headers(db_path)["Windows note.txt"].split("\n")[0] == "Windows note · created: 2021-03-03 09:00"
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "show", "Windows note.txt")
    assert code == 0, err
    assert "Windows note\nline two\nline three\n" in out.replace("\r", ""), out


def test_file_names_as_the_export_writes_them():
    """simplenote-electron's export (to-zip's addFilename, toUniqueNames): the first line not blank once trimmed and
    rid of sanitize-filename's characters, cut to 40 UTF-16 units, numbered in notes.json's order; an older export
    wrote `.,:()[]` and blanks as `-`."""
    from minirag_cli.simplenote import file_names

    contents = ["  Re: trip / plan?\r\nx", "\r\n  \r\n...\r\ncon\r\nReal title. ", "", "Re: trip / plan?", "😀" * 25]
    assert file_names(contents) == ["Re trip  plan", "Real title", "untitled", "Re trip  plan (1)", "😀" * 20]
    assert file_names(contents, dashed=True)[:2] == ["Re-trip--plan", "Real-title"]
