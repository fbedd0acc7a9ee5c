"""Bear's link to a heading of another note, `[[Project Alpha kickoff/Attendees]]` (heuristic.heading_links,
rules 20): a link to the note `Project Alpha kickoff` (its heading Attendees), as `[[A#B]]` is, when no note
of the folder is at that path and the note's name is its first part. It was read as a folder's path: it named
Attendees and joined no note. Obsidian's `[[folder/note]]` and a Logseq page's namespace links are as before."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import FolderNotes, HeuristicExtractor, heading_links
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.text import normalise_key
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync
from tests.test_textbundles import _notes

NOTES = {
    "bear/Project Alpha kickoff.md": "# Project Alpha kickoff\n\n## Attendees\n\nNadia Karimi and Tomás Ferreira.\n",
    "bear/Project Alpha retro.md": "# Project Alpha retro\n\nWent well.\n\nBack to [[Project Alpha kickoff/Attendees]].\n",
    # Obsidian: a path to a note of the vault, and a note named as a folder is
    "vault/Projects.md": "# Projects\n\nThe list.\n",
    "vault/Projects/Alpha launch.md": "# Alpha launch\n\nShipped on Friday.\n",
    "vault/Index.md": "# Index\n\nSee [[Projects/Alpha launch]] and [[Projects/Budget review|the budget]].\n",
    # Logseq: a page's namespace link, though a page is named as its namespace
    "graph/pages/Work.md": "- The work pages\n",
    "graph/pages/Standup.md": "- Discussed [[Work/Project Gamma]] today\n",
}


def test_heading_links_reads_a_path_that_is_no_note_as_a_heading():
    folder = FolderNotes(["Project Alpha kickoff.md", "projects/Alpha launch.md", "pages/proj___beta.md",
                          "Trip to Lisbon.textbundle/text.md"],
                         [normalise_key(n, "name") for n in ("Project Alpha kickoff", "Alpha launch", "Projects",
                                                             "Trip to Lisbon")])
    for text, read in (("[[Project Alpha kickoff/Attendees]]", "[[Project Alpha kickoff#Attendees]]"),
                       ("![[Trip to Lisbon/Day 1|day one]]", "![[Trip to Lisbon#Day 1|day one]]"),
                       ("[[Projects/Budget review]]", "[[Projects#Budget review]]"),
                       ("[[projects/Alpha launch]]", None), ("[[proj/beta]]", None),  # notes of the folder
                       ("[[Other/Thing]]", None),  # Other names no note
                       ("[[2024/05/01]]", None), ("[[Project Alpha kickoff#Attendees]]", None)):
        assert heading_links(f"See {text}.", folder) == f"See {read or text}.", text


def test_a_heading_link_joins_its_note(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    sync(root, tmp_path / "index.sqlite")
    notes = _notes(tmp_path / "index.sqlite")
    assert ("Project Alpha kickoff", "bear/Project Alpha retro.md") in notes
    # `## Attendees` in the kickoff note is a heading: no name there either
    assert not [p for n, p in notes if n == "Attendees"]
    # a path to a note of the vault links that note, as before; one to no note whose first part names a note
    # is to that note's heading (as Obsidian opens it: no note `Projects/Budget review` is there)
    assert {("Alpha launch", "vault/Index.md"), ("Projects", "vault/Index.md")} <= notes
    assert not [p for n, p in notes if n == "Budget review"]
    # a Logseq page's namespace link names the page as before
    assert ("Project Gamma", "graph/pages/Standup.md") in notes and ("Work", "graph/pages/Standup.md") not in notes


def test_a_re_extraction_reads_the_links_as_a_sync_does(tmp_path):
    """A re-extraction (heuristic rules changed) reads the links against the folder's notes too."""
    from tests.test_heuristic_version import graph

    root = tmp_path / "notes"
    write_notes(root, NOTES)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    old = db.connect(tmp_path / "old.sqlite", create=True)
    try:
        def run(conn):
            return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                                options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
        run(fresh)
        run(old)
        with db.transaction(old):
            old.execute("DELETE FROM mentions")
            db.set_meta(old, "heuristic_version", "1")
        assert run(old).reextracted["notes"] == len(NOTES)
        assert graph(old) == graph(fresh)
    finally:
        fresh.close()
        old.close()
