"""Readers 10 (qa35, a Roam Research user): a Markdown note that opens with a list item, as Roam and
Logseq write every page (an outline whose title is its file name alone), is headed by its file name
(store.outline_title): Roam's `Priya Raman.md`, whose first line is `- Type:: [[Person]]`, was headed by
that line and ranked below the notes that mention her for "who is Priya Raman?". A daily page is headed by
its title and its date; a note with a title line or prose first is headed as before."""

from __future__ import annotations

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.store.write import outline_title
from minirag_cli.walk import READER_VERSION
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

GRAPH = {
    "Priya Raman.md": "- Type:: [[Person]]\n- Company:: [[Acme Corp]]\n- Role:: Product Manager\n"
                      "- Prefers async updates; send her the weekly status every Friday.\n",
    "November 3rd, 2026.md": "- 11:00 Call with [[Priya Raman]] about the budget\n"
                             "- Renewed the TLS certificate for billing\n",
    "Project Atlas.md": "- Owner:: [[Priya Raman]]\n- Status:: #active\n- Move billing onto the event pipeline.\n",
    "Lisbon Offsite.md": "- Met [[Priya Raman]] for the first time; we talked about Atlas over dinner.\n",
    "Budget.md": "# Q4 budget\n\n- Cloud: 12000 EUR\n",
    "Standup.md": "Notes from the standup.\n\n- Priya Raman is out on Friday\n",
}


def test_the_readers_are_10():
    assert READER_VERSION >= 10


def test_outline_title():
    assert outline_title("Priya Raman.md", "- Type:: [[Person]]\n") == "Priya Raman"
    assert outline_title("roam/Meetings/Atlas Kickoff.md", "* Date:: x\n") == "Atlas Kickoff"
    assert outline_title("Trip.textbundle/text.md", "- day one\n") == "Trip"
    assert outline_title("Budget.md", "# Q4 budget\n") is None
    assert outline_title("Standup.md", "Notes\n- x\n") is None
    assert outline_title("log.txt", "- a line\n") is None
    assert outline_title("Plan.md", "-not a list item\n") is None


def test_an_outline_page_is_headed_and_found_by_its_title(tmp_path):
    write_notes(tmp_path / "roam", GRAPH)
    with Index.open(effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"}),
                    create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "roam"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        heads = {path: header.split("\n", 1)[0] for path, header in index.conn.execute(
            "SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.seq = 0")}
        assert heads == {
            "Priya Raman.md": "Priya Raman",
            "November 3rd, 2026.md": "November 3rd, 2026 · date: 2026-11-03",
            "Project Atlas.md": "Project Atlas",
            "Lisbon Offsite.md": "Lisbon Offsite",
            "Budget.md": "# Q4 budget",
            "Standup.md": "Notes from the standup.",
        }
        found = index.search("who is Priya Raman?", index.retrieval_options(k=3, mode="bm25")).results
        assert found[0]["path"] == "Priya Raman.md", [r["path"] for r in found]
