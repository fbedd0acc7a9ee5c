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


HQ, MEETINGS = "Consulting HQ " + "08a8" * 8, "Meeting notes " + "ebc1" * 8
EXPORT = {
    f"{HQ}/{MEETINGS}.csv": "Name,Date,Attendees\nClient Kickoff,\"November 4, 2026\",Sofia Lindqvist\n",
    f"{HQ}/Projects {'7659' * 8}_all.csv": "Name,Status\nHalden pricing review,Active\n",
    f"{HQ}/{MEETINGS}/Client Kickoff {'aebc' * 8}.md":
        "# Client Kickoff\n\nDate: November 4, 2026 9:30 AM\nAttendees: Sofia Lindqvist, Martin Okafor\n"
        "Created: November 4, 2026 8:55 AM\n\nScope and timeline agreed with Sofia and Martin.\n",
    f"{HQ}/{MEETINGS}/Meeting notes review {'1c2d' * 8}.md":  # the title says it already: no second time
        "# Meeting notes review\n\nCreated: November 20, 2026 9:00 AM\n\nTidied the template.\n",
    # a page of the export's top: no database's row
    f"Travel plans {'ee98' * 8}.md": "# Travel plans\n\nCreated: November 9, 2026 9:00 AM\n\nLyon in December.\n",
    # a plain note in a folder of that name, with a `Created:` line: no Notion page's ids
    "Meeting notes/Standup.md": "# Standup\n\nCreated: November 10, 2026 9:00 AM\n\nShort one with Priya Raman.\n",
    "journal/2026-11-12.md": "# Thursday\n\nLunch with Priya Raman and Tom Berg in November, lots of news.\n",
}


def test_a_notion_database_row_is_headed_by_the_database_name(tmp_path):
    """A Notion export's database rows sit in a folder named by the database and its id (`Meeting notes
    ebc1…/Client Kickoff aebc….md`): the folder was all that said the page is a meeting, so "who did i meet in
    november" ranked the other November notes above the meetings (qa session 55). A row is headed by its title
    and the database's name; the database's CSV by its name without the id; other pages and notes as before."""
    import sqlite3

    write_notes(tmp_path / "notes", EXPORT)
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        found = index.search("who did i meet in november", RetrievalOptions(k=5, mode="bm25"),
                             today=dt.date(2026, 12, 7))
        ranked = [r["path"] for r in found.results]
        # the meeting above the journal's November lunch (it was below the top 5)
        kickoff = f"{HQ}/{MEETINGS}/Client Kickoff {'aebc' * 8}.md"
        assert kickoff in ranked and ranked.index(kickoff) < ranked.index("journal/2026-11-12.md"), ranked
    conn = sqlite3.connect(tmp_path / "index.sqlite")
    heads = {path: header.split("\n", 1)[0] for path, header in conn.execute(
        "SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.seq = 0")}
    conn.close()
    assert heads[f"{HQ}/{MEETINGS}/Client Kickoff {'aebc' * 8}.md"] == \
        "# Client Kickoff · Meeting notes · date: 2026-11-04 09:30"
    assert heads[f"{HQ}/{MEETINGS}/Meeting notes review {'1c2d' * 8}.md"] == \
        "# Meeting notes review · created: 2026-11-20 09:00"
    assert heads[f"{HQ}/{MEETINGS}.csv"] == "Meeting notes"
    assert heads[f"{HQ}/Projects {'7659' * 8}_all.csv"] == "Projects"
    assert heads[f"Travel plans {'ee98' * 8}.md"] == "# Travel plans · created: 2026-11-09 09:00"
    assert heads["Meeting notes/Standup.md"] == "# Standup · created: 2026-11-10 09:00"
