"""Review revY (fixY): a re-extraction (heuristic rules 21 -> 22 re-extracts every note at the next sync, reading
no file) ends with the headers a fresh sync or `--rebuild` gives. A Simplenote note, whose `created: …` last line
dates it, lost the `· created: …` of its header: the re-extraction rebuilt the header from the stored chunks and
read the note's text only when it opened with front matter (or was a Joplin note or a todo.txt). Every kind of
note whose head comes from something other than front matter opening it is checked: a Simplenote note, a Keep
note (JSON and HTML), a VimWiki page's `%title`, Roam and Logseq page properties, a BibTeX library, a Notion page,
an Org note, a todo.txt and a daily note."""

from __future__ import annotations

import json
import sqlite3

from minirag_cli import db as dbmod
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.test_keep import keep
from tests.test_readers11_wikis import GARDEN, KEEP_PAGE, LOGSEQ_PERSON, ROAM_PERSON

SIMPLE = "Lisbon hotel options\n" + "Decided on the Avenida Palace near Rossio, two nights in May.\n" * 12
SOURCE = {"activeNotes": [{"id": "1", "content": SIMPLE.rstrip("\n"), "creationDate": "2023-05-02T10:11:12.000Z",
                           "lastModified": "2023-05-02T10:11:12.000Z", "tags": []}], "trashedNotes": []}
NOTES = {
    "sn/Lisbon hotel options.txt": SIMPLE, "sn/source/notes.json": json.dumps(SOURCE, indent=2),
    "Takeout/Keep/Trip.json": keep("Trip to Lisbon", text="Booked Hotel Avenida Palace.\n" * 12),
    "Takeout/Keep/Groceries.html": KEEP_PAGE,
    "vw/Garden.wiki": GARDEN, "roam/Priya Raman.md": ROAM_PERSON, "logseq/pages/Lena.md": LOGSEQ_PERSON,
    "refs/library.bib": "@book{knuth84,\n  title = {The TeXbook},\n  author = {Knuth, Donald},\n  year = 1984\n}\n",
    "notion/Offsite abc123.md": "# Offsite\n\nCreated: November 3, 2026 10:15 AM\n\nPlan the offsite in Porto.\n",
    "org/plan.org": "#+TITLE: Garden plan\n#+DATE: 2026-09-02\n\n* Beds\nDig them with Ingrid.\n",
    "work.todo.txt": "(A) Call Marcus @phone\nx 2026-10-01 Send the budget\n",
    "journal/2026-10-03.md": "Met Jonas at the market.\n",
}


def _headers(db) -> dict[tuple[str, int], str]:
    conn = sqlite3.connect(db)
    try:
        return {(p, s): h for p, s, h in conn.execute(
            "SELECT d.path, c.seq, c.header FROM chunks c JOIN documents d ON d.id = c.document_id")}
    finally:
        conn.close()


def _sync(db, root, create=False):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=create,
                    embedder_factory=hashing_embedder) as index:
        return index.sync([root], SyncOptions(chunk_tokens=24, overlap_tokens=4), extractor=HeuristicExtractor())


def test_a_reextraction_keeps_the_headers_a_fresh_sync_writes(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db = tmp_path / "index.sqlite"
    _sync(db, root, create=True)
    fresh = _headers(db)
    assert fresh[("sn/Lisbon hotel options.txt", 0)].startswith("Lisbon hotel options · created: 2023-05-0")
    assert max(s for p, s in fresh if p == "sn/Lisbon hotel options.txt") >= 2  # its `created:` past its first chunk
    conn = dbmod.connect(db)
    with dbmod.transaction(conn):
        dbmod.set_meta(conn, "heuristic_version", "21")
    conn.close()
    summary = _sync(db, root)
    assert summary.reextracted["notes"] == len(NOTES) - 1  # source/notes.json is no note
    reextracted = _headers(db)
    assert {k: h for k, h in reextracted.items() if h != fresh[k]} == {}
