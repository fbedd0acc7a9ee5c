"""Obsidian and Logseq notes as the heuristic extractor reads them, through a
real sync into a real index: a list item's or a quote line's first word
starts a sentence (`- Plays bass on Thursdays.` names no Plays, as the
sentence in prose names none), and Logseq's `key:: value` properties are
read as front matter is (the key no name, `tags::` #tags, `title::` the
note's name)."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes


def entities(tmp_path, notes: dict[str, str]) -> dict[str, tuple[str, int]]:
    """{entity key: (type, chunks)} of an index synced from `notes`."""
    write_notes(tmp_path / "notes", notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [tmp_path / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=200, overlap_tokens=0))
    return {key: (type_, chunks) for key, type_, chunks in conn.execute("SELECT key, type, chunks FROM entities")}


@pytest.mark.parametrize("item", ["- ", "* ", "+ ", "1. ", "1) ", "- [ ] ", "- [x] ", "\t- ", "    - ", "> ", "> - "])
def test_a_list_items_first_word_starts_a_sentence(tmp_path, item):
    found = entities(tmp_path, {"band.md": f"Band practice\n\n{item}Plays bass on Thursdays.\n{item}Maria called.\n",
                                "talk.md": f"{item}Maria Lopez called about the Harbour Hall gig.\n"})
    assert "plays" not in found
    # a lone name opening an item is read as one opening a sentence is: "Maria called." names no one...
    assert "maria" not in found
    # ...a name of two words does, and so does one the notes capitalise mid-sentence
    assert found["marialopez"][0] == "name" and "harbourhall" in found


def test_a_name_opening_an_item_is_found_when_written_mid_sentence_too(tmp_path):
    found = entities(tmp_path, {"band.md": "- Maria called.\n- We met Maria at the pub.\n",
                                "prose.md": "Plays and films.\n\nTom - Plays - Hamlet.\n"})
    assert found["maria"][0] == "name"
    assert "plays" in found  # after a dash mid-line, not a list item: a word written mid-sentence


def test_a_list_item_that_opens_with_a_label_reads_as_a_label_line(tmp_path):
    # `Jonas: boat time` on a line of its own names Jonas, `Status: Blocked` nothing: as list items too
    found = entities(tmp_path, {"kickoff.md": "Roles\n\n- Jonas: boat time, moorings.\n- Status: Blocked\n"
                                              "- Owner: Priya, Tom Baker\n> Summary: all good\n"})
    assert found["jonas"][0] == "name" and found["priya"][0] == "name" and "tombaker" in found
    assert not {"status", "blocked", "owner", "summary"} & set(found)

LOGSEQ = {
    "pages/gardening.md": ("title:: Gardening\ntags:: hobby, garden, [[Raised Beds]]\nalias:: Veg patch\n"
                           "place:: Harbour Allotments\n\n- Planted tomatoes with Priya Patel.\n  collapsed:: true\n"
                           "  Owner:: Priya Patel\n"),
    "journals/2024_05_01.md": "- Worked on [[Gardening]] with Tom Baker.\n- Weeded the [[Veg patch]].\n",
}


def test_logseq_properties_mean_what_front_matter_keys_mean(tmp_path):
    found = entities(tmp_path, LOGSEQ)
    # `title::` names the note (as a front matter title: the page a link to it joins)
    assert found["gardening"] == ("name", 2)
    assert found["vegpatch"] == ("name", 2)  # an alias is a name of its own, as a front matter alias is
    # `tags::` are #tags; a tag that is a page of words is a link to that page
    tags = {key for key, (type_, _n) in found.items() if type_ == "concept"}
    assert {"hobby", "garden"} <= set(tags)
    assert found["raisedbeds"][0] == "name"
    # the other keys name nothing, their values are read as text
    assert not {"title", "tags", "alias", "place", "collapsed", "owner"} & set(found)
    assert found["harbourallotments"][0] == "name" and found["priyapatel"][0] == "name"
