"""A hub (graph.hubs) is an entity in more than hub_share of the chunks and
of the notes: a long transcript whose speaker labels name someone in every
chunk makes them common among the chunks, not among the notes, and the
graph must still vote for the other notes that name them (a journalist's
vault: the interview that held a source's quotes lost its graph vote to a
transcript of a later call)."""

from __future__ import annotations

from minirag_cli import graph
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from tests.conftest import write_notes

TOPICS = ("the tram strike", "rent increases", "building meetings", "lock changes")
TRANSCRIPT = "---\ndate: 2026-12-02\n---\n# Transcript: follow-up call\n\n" + "".join(
    f"[00:{i:02d}:00] **Me:** And then?\n[00:{i:02d}:30] **Ana Ribeiro:** Well, we talked about "
    f"{TOPICS[i % 4]} again, and {TOPICS[(i + 1) % 4]} came up.\n" for i in range(40))
INTERVIEW = "# Interview\n\nAna Ribeiro told me about the evictions in Arroios: forty notices since June.\n"
OTHERS = {f"daily/2026-11-{d:02d}.md": f"# Day {d}\n\nWrote up the {topic} for the desk.\n"
          for d, topic in zip(range(10, 22), ("budget", "ferry", "market", "court", "port", "school", "zoo", "park",
                                              "bridge", "hospital", "airport", "museum"))}
OWNER = "Miguel Costa"  # named in most notes and chunks: a hub either way


def _index(tmp_path):
    from mrag_test_plugin import hashing_embedder

    notes = {"interviews/transcript.md": TRANSCRIPT, "interviews/interview.md": INTERVIEW, **OTHERS}
    notes = {path: text + f"\nFiled by {OWNER}.\n" if path.startswith("daily/") else text
             for path, text in notes.items()}
    write_notes(tmp_path / "notes", notes)
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40, overlap_tokens=0),
                   extractor=HeuristicExtractor())
    return Index.open(config, embedder_factory=hashing_embedder)


def test_a_name_one_long_note_repeats_is_no_hub_and_votes(tmp_path):
    with _index(tmp_path) as index:
        conn = index.conn
        chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        ana = conn.execute("SELECT id, chunks FROM entities WHERE name = 'Ana Ribeiro'").fetchone()
        # over the chunk share the hub rule counted alone, in 2 of the 14 notes
        assert ana is not None and ana[1] > graph.hub_max(conn)
        owner = conn.execute("SELECT id, chunks FROM entities WHERE name = ?", (OWNER,)).fetchone()
        assert owner is not None and owner[1] > graph.hub_max(conn), chunks
        assert graph.hubs(conn) == [owner[0]]  # the owner of 12 notes out of 14 is still a hub
        result = index.search("what did Ana Ribeiro say about the evictions?", RetrievalOptions(k=10, mode="graph"))
        interview = [r for r in result.results if r["path"] == "interviews/interview.md"]
        assert interview and "Ana Ribeiro" in interview[0].get("graph", {}).get("entities", [])


def test_hubs_are_counted_anew_when_the_index_changes(tmp_path):
    """walk.hubs keeps its answer per connection while the index is unchanged (sql.data_stamp)."""
    with _index(tmp_path) as index:
        owner = index.conn.execute("SELECT id FROM entities WHERE name = ?", (OWNER,)).fetchone()[0]
        assert graph.hubs(index.conn) == [owner]
        # Ana Ribeiro in 14 more notes: 16 of 28 and 35 of 47 chunks, a hub now; the owner's 12 chunks no longer are
        # over the chunk share
        write_notes(tmp_path / "notes", {f"calls/{i:02d}.md": f"# Call {i}\n\nAna Ribeiro called about block {i}.\n"
                                         for i in range(14)})
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40, overlap_tokens=0), extractor=HeuristicExtractor())
        ana = index.conn.execute("SELECT id FROM entities WHERE name = 'Ana Ribeiro'").fetchone()[0]
        assert graph.hubs(index.conn) == [ana]
