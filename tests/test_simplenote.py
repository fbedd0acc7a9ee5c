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
