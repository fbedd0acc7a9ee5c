"""MultiMarkdown metadata (frontmatter._parse_mmd, readers 9): the `Key: value` lines iA Writer, Ulysses,
MultiMarkdown Composer, nvALT and Marked open a note with, no `---` around them, up to the first blank
line, read as a front matter block is (title, date, tags, author); strict about the shape, so a chat
log, an email's head or a note opening `Status: done` stays text."""

from __future__ import annotations

import pytest

from minirag_cli import frontmatter
from tests.test_front_matter import _chunks, _sync_notes

ESSAY = ("Title: Slow travel\nAuthor: Inês Carvalho\nDate: 2026-10-30\nTags: travel, essays\n\n"
         "# Slow travel\n\nWe rush through cities as if they were checklists. In Lisbon I learned to sit for an hour.\n")


def test_a_metadata_block_is_front_matter():
    fm = frontmatter.parse(ESSAY)
    assert [(e.key, e.values) for e in fm.entries] == [
        ("Title", ("Slow travel",)), ("Author", ("Inês Carvalho",)), ("Date", ("2026-10-30",)),
        ("Tags", ("travel, essays",))]
    assert ESSAY[fm.end:].startswith("\n# Slow travel") and fm.date_line() == "Date: 2026-10-30"
    assert frontmatter.head(ESSAY, 120) == "Slow travel · Date: 2026-10-30"
    # a value continued on an indented line; a block that is the whole note; a Windows line end
    fm = frontmatter.parse("Title: A long\n    title\nKeywords: x\n")
    assert fm.values("title") == ["A long", "title"] and fm.values("keywords") == ["x"]
    assert frontmatter.parse("Title: Only").values("title") == ["Only"]
    assert frontmatter.parse("Title: Win\r\nDate: 2026-10-30\r\n\r\nBody").date_line() == "Date: 2026-10-30"


@pytest.mark.parametrize("text", [
    "LiHua: Hey, are you free tonight?\nMe: Yes.\n",  # a chat log: its first key is no metadata key
    "Status: done\nOwner: Priya\n\nThe migration finished.\n",  # a note's own label
    "Date: 2026-10-30\nLiHua: hi\nMe: hello\nLiHua: see you\n",  # a dated chat: its speakers take turns
    "Title: Slow travel\nWe rush through cities.\n",  # prose before the blank line
    "Title:\nDate: 2026-10-30\n",  # no value on the first line
    "  Title: indented\n", "\nTitle: after a blank line\n", "# Title: a heading\n",
    "Time: 20260408_08:38\nLiHua: Hey\n",  # LiHua's chats
])
def test_no_metadata_block(text):
    assert frontmatter.parse(text) is None


def test_a_metadata_note_is_dated_titled_and_tagged(tmp_path):
    conn = _sync_notes(tmp_path, {"ia/Essay draft.md": ESSAY}, chunk_tokens=400, overlap_tokens=0)
    (text, header, names), = _chunks(conn, "ia/Essay draft.md")
    # headed by its title and date line, as a YAML block's note is (it was `Title: Slow travel`, undated)
    assert header.split("\n")[0] == "Slow travel · Date: 2026-10-30"
    # its tags are tags, its author a name, its keys no names
    assert {("#travel", "concept"), ("#essays", "concept"), ("Inês Carvalho", "name"), ("2026-10-30", "date"),
            ("Slow travel", "name")} <= names
    assert not any(n in ("Title", "Author", "Tags", "Date") for n, _t in names)


def test_a_re_extraction_reads_the_metadata_as_a_sync_does(tmp_path):
    """A re-extraction reads no file: it finds the metadata block in the stored chunks (sync.stored_note,
    frontmatter.may_open), so the note ends as a fresh sync makes it."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from tests.test_heuristic_version import graph

    notes = {"essay.md": ESSAY + "Marta Oliveira agreed. The tram is slow on purpose.\n" * 6}
    options = {"chunk_tokens": 24, "overlap_tokens": 4}
    fresh = _sync_notes(tmp_path, notes, name="fresh", **options)
    conn = _sync_notes(tmp_path, notes, name="old", **options)
    with db.transaction(conn):
        conn.execute("UPDATE chunks SET header = 'Title: Slow travel'")
        conn.execute("DELETE FROM mentions")
        db.set_meta(conn, "heuristic_version", "1")
    s = sync_folders(conn, [tmp_path / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                     options=SyncOptions(**options))
    assert s.reextracted["notes"] == 1
    assert graph(conn) == graph(fresh)
    assert _chunks(conn, "essay.md") == _chunks(fresh, "essay.md")
    assert _chunks(conn, "essay.md")[1][1].split("\n")[0] == "Slow travel · Date: 2026-10-30"
