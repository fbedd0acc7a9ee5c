"""Readers 14 (csvhead): each chunk of a `.csv`'s table says what its columns are.

A time log of a few dozen rows is cut into chunks; those after the first held rows alone (`| 2026-11-20 | Acme |
estimate | 5 | Q1 estimate |`), which never said that 5 is the hours, so "how many hours did I log for Acme?" did not
find them (qa, a consultant's `Finance/timelog.csv`). Every chunk's header now holds the file name and the header
row's columns; the chunks' text is the file's lines as before, so `timelog.csv:LINE` still cites a row's own line."""

from __future__ import annotations

import json

from minirag_cli import db
from minirag_cli.csvnotes import head_columns
from minirag_cli.embed import HashingEmbedder
from minirag_cli.retrieve import search
from minirag_cli.store.lookup import show
from tests.test_readers13_formats3 import chunk_lines
from tests.test_sync_conflicts import sync

TASKS = ("schema inventory", "steering meeting", "migration plan", "security workshop", "kickoff prep",
         "data platform", "findings report", "review outline", "sprint retro")


def _timelog() -> str:
    rows = [f"2026-11-{day:02d},{('Acme', 'Globex', 'Initech')[day % 3]},{TASKS[day % len(TASKS)]},{day % 5 + 1}"
            for day in range(1, 29)]
    rows[-1] = "2026-11-28,Initech,quarterly tuneup,7"  # in the last chunk alone
    return "date,client,task,hours\n" + "\n".join(rows) + "\n"


def _headers(db_path, path: str) -> list[str]:
    conn = db.connect(db_path)
    try:
        return [h for (h,) in conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                           "WHERE d.path = ? ORDER BY c.seq", (path,))]
    finally:
        conn.close()


def test_every_chunk_of_a_csv_is_headed_by_its_columns(tmp_path):
    root = tmp_path / "notes"
    (root / "Finance").mkdir(parents=True)
    timelog = _timelog()
    (root / "Finance" / "timelog.csv").write_text(timelog, encoding="utf-8")
    (root / "2026-11 pivot.csv").write_text("name,2026-11-02,2026-11-03\nAnna,3,4\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "Finance/timelog.csv")
    assert len(chunks) > 2
    assert _headers(tmp_path / "index.sqlite", "Finance/timelog.csv") == ["timelog · date | client | task | hours"] \
        * len(chunks)
    # the header row stays out of the chunks' text: each row is on its file's line, as readers 13 cites it
    file_lines = timelog.split("\n")
    for start, _end, text in chunks:
        for n, line in enumerate(text.split("\n"), start):
            # (a chunk may begin inside a line: the overlap)
            assert ("| " + " | ".join(file_lines[n - 1].split(",")) + " |").endswith(line), (n, line)
    last = file_lines.index("2026-11-28,Initech,quarterly tuneup,7") + 1
    assert "| 2026-11-28 | Initech | quarterly tuneup | 7 |" in show(
        db.connect(tmp_path / "index.sqlite"), f"Finance/timelog.csv:{last}")["text"]
    # a pivot's header row of days would date the table by its first (answer.note_date reads the header's first
    # line): its name heads it alone, with the day its name gives
    assert set(_headers(tmp_path / "index.sqlite", "2026-11 pivot.csv")) == {"2026-11 pivot"}
    # a question naming a column and a later row's words finds that row's chunk first (its header held the file
    # name alone: only the first chunk said `hours`)
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        got = search(conn, "hours Initech tuneup", embedder=HashingEmbedder(dim=64, name="hashing:64"), mode="bm25",
                     k=3).results
        assert got[0]["path"] == "Finance/timelog.csv" and got[0]["lines"][0] > 1
        rows = conn.execute("SELECT c.seq FROM chunks_fts f JOIN chunks c ON c.id = f.rowid "
                            "JOIN documents d ON d.id = c.document_id WHERE d.path = 'Finance/timelog.csv' "
                            "AND chunks_fts MATCH 'hours AND tuneup'").fetchall()
        assert rows == [(len(chunks) - 1,)]
    finally:
        conn.close()


def test_head_columns_cut_at_a_column():
    wide = "| " + " | ".join(f"column number {n}" for n in range(30)) + " |\n| 1 | 2 |\n"
    columns = head_columns(wide)
    assert columns.startswith("column number 0 | column number 1") and columns.endswith(
        tuple(f"column number {n}" for n in range(30))) and len(columns) <= 240
    assert head_columns("\n\n| Name | City |\n| Anna | Köln |\n") == "Name | City"  # after Excel's `sep=;` line
    assert head_columns("") == "" and head_columns("Name: Anna\n") == ""


def test_a_csv_synced_by_readers_13_is_headed_anew(tmp_path):
    """Its chunks are the same: the upgrade writes the CSV anew for its head alone (sync._head_read_anew)."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "timelog.csv").write_text(_timelog(), encoding="utf-8")
    (root / "plain.md").write_text("Hours for Acme are in the time log.\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        with conn:  # as readers 13 wrote it
            conn.execute("UPDATE chunks SET header = 'timelog' WHERE document_id = "
                         "(SELECT id FROM documents WHERE path = 'timelog.csv')")
            db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 13}))
    finally:
        conn.close()
    summary, _ = sync(root, tmp_path / "index.sqlite")
    assert summary.reread["notes"] == 1 and summary.reread["checked"] == 2
    assert set(_headers(tmp_path / "index.sqlite", "timelog.csv")) == {"timelog · date | client | task | hours"}
