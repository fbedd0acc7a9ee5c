"""A small synced index for tests of the read side (show, entity, graph
export, MCP): a few notes written by the test, synced through the real
pipeline with the heuristic extractor and the `hashing:64` embedder, which is
what `MRAG_EMBEDDING_MODEL=hashing:64` gives a subprocess that loads the
tests' plugin (MRAG_PLUGINS, set by conftest.py; see mrag_test_plugin.py), so
a spawned `mrag` can query it without loading MiniLM."""

from __future__ import annotations

from pathlib import Path

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

EMBEDDER = "hashing:64"

NOTES = {
    "people/wolfgang.md": (
        "# Wolfgang Schulz\n"
        "\n"
        "Wolfgang Schulz plays bass in the Harbor Band.\n"
        "He met Jennifer Moore at Harbor Hall in Berlin.\n"
        "\n"
        "Later that week WolfgangSchulz and Jennifer Moore planned Project Atlas.\n"
        "The Harbor Band rehearses every Friday at Harbor Hall.\n"
    ),
    "projects/atlas.md": (
        "Project Atlas kickoff with Wolfgang Schulz and Jennifer Moore.\n"
        "Budget review at Harbor Hall next week.\n"
    ),
    "journal/day.txt": "Lunch with Jennifer Moore in Berlin, then a walk along the river.\n",
    "misc/plain.md": "nothing capitalised here at all, only lower case words about gardening.\n",
    # a chain Berlin - Anna Weber - Oskar Brandt - Garden Club, one link per note
    "chain/one.md": "Anna Weber toured Berlin.\n",
    "chain/two.md": "Anna Weber later met Oskar Brandt.\n",
    "chain/three.md": "Oskar Brandt founded the Garden Club.\n",
}


def build_small_index(tmp_path: Path, *, chunk_tokens: int = 14, overlap: int = 4) -> tuple[Path, Path]:
    """Write NOTES under tmp_path/notes and sync them into
    tmp_path/notes/.mrag/index.sqlite; returns (db path, notes root). Small
    chunks so one note spans several overlapping chunks."""
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db_path = root / ".mrag" / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=chunk_tokens, overlap_tokens=overlap))
    finally:
        conn.close()
    return db_path, root
