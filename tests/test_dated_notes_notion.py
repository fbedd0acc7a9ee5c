"""A Notion page's `Created: November 3, 2026 10:15 AM` property line (right after its `# Title`) dates
the note as a front matter `created:` does: its header, `mrag tasks`' note dates, the notes of a day."""
from __future__ import annotations

import datetime as dt

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {
    "Notion/Trip to Lisbon 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b.md":
        "# Trip to Lisbon\n\nCreated: November 3, 2017 10:15 PM\nTags: travel\n\n- [ ] Book the flights\n",
    "Notion/Packing list a1b2c3d4e5f60718293a4b5c6d7e8f90.md":
        "# Packing list\nCreated: November 5, 2026 8:40 AM\n\n- [ ] Sunscreen\n",
    # a `Created:` line that is no property line right after the title dates nothing
    "notes/Plan.md": "# Plan\n\nSome words first.\n\nCreated: November 4, 2017 9:00 AM\n\n- [ ] Call Anna\n",
}


def test_a_notion_pages_created_line_dates_it(tmp_path):
    write_notes(tmp_path / "notes", NOTES)
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        dates = {t.path: t.note_date for t in index.tasks(state="all")}
        assert dates == {"Notion/Packing list a1b2c3d4e5f60718293a4b5c6d7e8f90.md": "2026-11-05",
                         "Notion/Trip to Lisbon 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b.md": "2017-11-03",
                         "notes/Plan.md": None}, dates
        found = index.search("what did I write on November 3, 2017?", RetrievalOptions(k=5, mode="hybrid"),
                             today=dt.date(2026, 12, 5))
        assert found.results[0]["path"].startswith("Notion/Trip to Lisbon"), found.results
