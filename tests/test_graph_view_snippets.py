"""Leftover of review revP: the graph page (`mrag graph view`) made its own snippets from a chunk's whole
text, so a Joplin note's metadata lines kept of its trailer (`user_created_time: …`, a to-do's `is_todo:
1`) and a note's front matter showed there, which every other snippet of mrag leaves out. Its notes'
and results' snippets are now made where `ask`'s are (frontmatter.snippet_text)."""

from __future__ import annotations

from minirag_cli import db, retrieve
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.graph_view import build_view
from minirag_cli.store.lookup import get_entity
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.test_joplin_raw import TODO, TODO_ID

TRIP = """---
title: Lisbon trip
tags: [travel, family]
---
Karl Brenner booked the flights to Lisbon with Maria Santos.
"""
HIDDEN = ("user_created_time", "is_todo", "todo_due", "todo_completed", "tags:", "title:", "---")


def test_the_graph_page_snippets_hide_metadata_and_front_matter(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {f"{TODO_ID}.md": TODO, "trip.md": TRIP})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=400, overlap_tokens=4))
        view = build_view(conn)
        snippets = {n["path"]: n["snippet"] for notes in view.notes.values() for n in notes}
        assert set(snippets) == {f"{TODO_ID}.md", "trip.md"}  # both notes listed under their names
        assert "Karl Brenner from HeatFix GmbH" in snippets[f"{TODO_ID}.md"]
        assert snippets["trip.md"].startswith("Karl Brenner booked the flights")
        for path, snippet in snippets.items():
            assert not any(word in snippet for word in HIDDEN), (path, snippet)
        # a question's results too (the page's story)
        found = retrieve.search(conn, "Karl Brenner", embedder=hashing_embedder("hashing:64"), k=5)
        results = build_view(conn, search=found).story["results"]
        assert {r["path"] for r in results} == {f"{TODO_ID}.md", "trip.md"}
        for r in results:
            assert not any(word in r["snippet"] for word in HIDDEN), r
        # the entity's own view (`--entity`) lists the same snippets
        centre = get_entity(conn, "Karl Brenner", neighbours=0, notes=0)
        around = build_view(conn, entity=centre)
        assert all(not any(word in n["snippet"] for word in HIDDEN) for ns in around.notes.values() for n in ns)
    finally:
        conn.close()
