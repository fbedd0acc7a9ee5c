"""Markdown links and Notion exports (heuristic rules 16): `[text](relative/path.md)`, URL-encoded as
Notion and Evernote write them, links a note as `[[wikilink]]` does; a link's target (a path, a URL, an
image's path) names nothing by its words; a Notion page id (32 hex digits) ending a file name is no part
of the note's name."""
from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor, markdown_links, note_name

LISBON = "Trip%20to%20Lisbon%203f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b"


def names(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract_one(text)}


@pytest.mark.parametrize("text,target", [
    (f"See [the trip]({LISBON}.md) for the photos.", "Trip to Lisbon"),
    (f"[Packing list]({LISBON}/Packing%20list%20a1b2c3d4e5f60718293a4b5c6d7e8f90.md)", "Packing list"),
    (f"Back to [Trip to Lisbon](../{LISBON}.md)", "Trip to Lisbon"),
    ("See [the notes](folder/Harbour%20Hall.md#Day%202).", "Harbour Hall"),
    ("See [x](<trips/Trip to Lisbon.md> \"our trip\").", "Trip to Lisbon"),
    ("See [x](Kitchen%20renovation.markdown).", "Kitchen renovation"),
])
def test_a_markdown_link_to_a_note_names_it_whole(text, target):
    found = names(text)
    assert found.get(target) == "name", found
    assert not {"Trip", "Packing", "Harbour", "Lisbon", "Day"} & set(found) - {target}, found


@pytest.mark.parametrize("text", [
    "![image.png](_resources/Scan%20passport.resources/image.png)",  # an image's path names nothing
    "![scan](Trip%20to%20Lisbon.md)",
    "See [the site](https://example.org/Trip%20To%20Lisbon/Harbour%20Hall.md).",
    "See [the file](Harbour%20Hall%20Budget.pdf).",
    "See [the site](/Users/Anna/Harbour%20Hall.md).",
    "See `[x](Harbour%20Hall.md)` written about.",
])
def test_a_link_target_that_is_no_note_names_nothing(text):
    found = names(text)
    assert not {"Trip", "Scan", "Harbour Hall", "Harbour", "Trip To Lisbon", "Users", "Anna", "Budget"} & set(found), found


def test_markdown_links_cover_every_target_and_name_only_notes():
    text = "[a](Harbour%20Hall.md) ![b](Y%20z.png) [c](https://e.org/Q.md)"
    found = [(text[s:e], t.name if t else None) for s, e, t in markdown_links(text)]
    assert found == [("Harbour%20Hall.md", "Harbour Hall"), ("Y%20z.png", None), ("https://e.org/Q.md", None)]
    shown = "[Packing list](Packing%20list.md)"
    assert [(s, e) for s, e, _t in markdown_links(shown)] == [(1, len(shown) - 1)]  # the shown text is the link


@pytest.mark.parametrize("path,name", [
    ("Notion/Trip to Lisbon 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b.md", "Trip to Lisbon"),
    ("Notion/Trip to Lisbon 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b/Packing list a1b2c3d4e5f60718293a4b5c6d7e8f90.md",
     "Packing list"),
])
def test_a_notion_page_id_is_no_part_of_the_notes_name(path, name):
    assert note_name(path).name == name
    assert names(f"[[{name} 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b]]") == {name: "name"}


TRIP = """# Trip to Lisbon

Created: November 3, 2026 10:15 AM
Tags: travel
Status: In progress
Assignee: Priya Raman
Dates: November 12, 2026 → November 19, 2026

Flying from Amsterdam on @November 12, 2026. Staying in Alfama.
"""


def test_notion_property_keys_label_and_a_person_propertys_value_is_a_person():
    found = names(TRIP)
    assert not {"Created", "Tags", "Status", "Assignee", "Dates", "PM", "AM", "@November"} & set(found), found
    assert found["Priya Raman"] == "person"
    assert {"Amsterdam", "Alfama", "November 3, 2026"} <= set(found), found
    recipe = "# Shakshuka\n\nCuisine: Breakfast\nCreated: March 15, 2025 7:00 PM\nIngredients: eggs, feta\n"
    assert not {"Cuisine", "Ingredients", "Created", "PM"} & set(names(recipe)), names(recipe)
    meeting = "# Weekly sync\n\nCreated: November 10, 2026 10:00 AM\nParticipants: Priya Raman, Marco Bellini\n"
    assert {names(meeting).get(p) for p in ("Priya Raman", "Marco Bellini")} == {"person"}, names(meeting)


def test_lines_that_only_look_like_properties_are_read_as_before():
    # no Notion creation date after the title: a note's own label lines, read as they were
    text = "# Plan\n\nHarbour Hall: booked\n"
    assert "Harbour Hall" in names(text)


@pytest.mark.parametrize("text", ["We met at 8 PM with Anna.", "Dinner 7:30 PM, then home.", "Call at 10:15 A.M. sharp."])
def test_a_times_am_or_pm_names_nothing(text):
    assert not {"PM", "AM", "A.M.", "P.M", "A.M"} & set(names(text)), names(text)


def test_the_llm_extractor_adds_a_markdown_links_note_as_a_wikilinks():
    """`complete` adds what the links link to (heuristic.link_targets): a
    Markdown link to a note too, in the text's order (rules 17; before, only
    the wikilinks were seen); an image or a URL adds nothing."""
    from minirag_cli.extract.base import EntityMention
    from minirag_cli.extract.llm import complete

    text = f"See [the trip]({LISBON}.md), [[Maria Silva]], ![x](Scan.png) and [y](https://e.org/A%20B.md)."
    assert complete(text, []) == [EntityMention("Trip to Lisbon", "name"), EntityMention("Maria Silva", "name")]


def test_a_lower_case_page_a_markdown_link_names_is_named_by_it(tmp_path):
    """A single lower-case word file name (`pages/hackerspace.md`) is named
    by a link of its folder to it: a Markdown link (`[the space](../pages/hackerspace.md)`)
    as a `[[Hackerspace]]` (sync.note_link_keys reads both, from the notes it
    writes and, with no record of them, from the chunks the index holds). The
    incremental syncs' graph is the rebuild's."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    root = tmp_path / "vault"
    pages = {"pages/hackerspace.md": "- soldering night on thursdays\n", "journals/2024_05_01.md": "- stayed home\n"}
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    from tests.conftest import write_notes
    write_notes(root, pages)
    sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == set()
    write_notes(root, {"journals/2024_05_01.md": "- went to [the space](../pages/hackerspace.md)\n"})
    assert sync(conn, [root]).note_names_changed == ["pages/hackerspace.md"]
    assert _notes_of(conn, "hackerspace") == {"journals/2024_05_01.md", "pages/hackerspace.md"}
    assert graph(conn) == fresh_graph()
    with db.transaction(conn):  # no record of the links: read from the chunks the index holds
        db.delete_meta(conn, db.LINK_TARGETS_KEY)
    write_notes(root, {"journals/2024_05_02.md": "- a quiet day\n"})
    sync(conn, [root])
    assert "pages/hackerspace.md" in _notes_of(conn, "hackerspace")
    write_notes(root, {"journals/2024_05_01.md": "- stayed home, see [the site](https://e.org/hackerspace.md)\n"})
    assert sync(conn, [root]).note_names_changed == ["pages/hackerspace.md"]
    assert _notes_of(conn, "hackerspace") == set()
    assert graph(conn) == fresh_graph()


@pytest.mark.parametrize("files,name,named_alone", [
    ({"notes/log.txt": "Rolled back the release at noon.\n", "index.md": "See [the log](notes/log.txt).\n"}, "log",
     False),
    ({"Deploy Log.org": "* Rolled back\n", "index.md": "See [it](Deploy%20Log.org#Friday).\n"}, "Deploy Log", False),
    ({"notes/runbook.rst": "Restart the workers.\n", "index.md": "Read [[runbook.rst]] first.\n"}, "runbook", False),
    ({"Project Board.canvas": '{"nodes": [{"id": "a", "type": "text", "text": "Ship it", "x": 0, "y": 0, '
                              '"width": 10, "height": 10}]}',
      "index.md": "See [the board](Project%20Board.canvas).\n"}, "Project Board", True),
])
def test_a_link_to_a_note_of_any_kind_sync_reads_joins_it(tmp_path, files, name, named_alone):
    """A Markdown link to a `.txt`, `.org`, `.rst` note or a canvas (any kind
    walk.py reads; before rules 17 a Markdown note only) links to it: the
    linked note and the linking one share an entity. A `.txt` note's file
    name names it only while a link of its folder names it (a canvas's names
    it alone); a wikilink that writes the extension (`[[runbook.rst]]`) is
    such a link too. An incremental sync and a fresh one agree."""
    from minirag_cli import db
    from minirag_cli.resolve import normalise_key
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    key = normalise_key(name, "name")
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, key) == set(files)
    (root / "index.md").write_text("Nothing links here.\n")
    sync(conn, [root])
    linked = next(p for p in files if p != "index.md")
    assert _notes_of(conn, key) == ({linked} if named_alone else set())
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)


def test_a_link_to_a_text_file_in_a_folder_above_names_nothing():
    # a project's files beside the notes' folder (`../requirements.txt`, `../LICENSE.txt`,
    # `../CMakeLists.txt`) are no notes: their links named the entities requirements, LICENSE, CMakeLists
    from minirag_cli.extract.heuristic import HeuristicExtractor, link_targets

    text = ("Install from [requirements](../requirements.txt), see the [license](../../LICENSE.txt) and the "
            "[CMake file](../CMakeLists.txt).\n")
    assert link_targets(text) == []
    assert not {"requirements", "LICENSE", "CMakeLists"} & {m.name for m in HeuristicExtractor().extract_one(text)}
    # a note of the folder linked through a folder above still is one, as a Markdown note is
    assert [t.name for t in link_targets("[the log](../notes/log.txt) and [plan](../Plan.md)")] == ["log", "Plan"]


def test_a_link_to_a_text_file_in_a_folder_above_links_while_it_stays_in_the_folder(tmp_path):
    """`[the log](../log.txt)` in `sub/a.md` is a link to the synced folder's
    `log.txt` (heuristic.within_folder_links, rules 18: the guard against a
    project's `../requirements.txt` took it too); from a note at the folder's
    top, or going up further than the note is deep, it leaves the folder and
    names nothing, as before. An incremental sync and a fresh one agree."""
    from minirag_cli import db
    from minirag_cli.extract.heuristic import within_folder_links
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    text = "[the log](../log.txt), [reqs](../../requirements.txt), [plan](../Plan.md)"
    assert within_folder_links(text, 1) == "[the log](.//log.txt), [reqs](../../requirements.txt), [plan](../Plan.md)"
    assert within_folder_links(text, 0) == text
    root = tmp_path / "notes"
    write_notes(root, {"log.txt": "Deployed the billing service.\n", "sub/a.md": "Nothing links here yet.\n",
                       "top.md": "Install [requirements](../requirements.txt).\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "log") == set()
    (root / "sub/a.md").write_text("Read [the log](../log.txt) and [reqs](../../requirements.txt).\n")
    sync(conn, [root])  # incremental: the link written into a note the index holds
    assert _notes_of(conn, "log") == {"log.txt", "sub/a.md"}
    assert _notes_of(conn, "requirements") == set()
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    (root / "sub/a.md").write_text("Nothing links here.\n")
    sync(conn, [root])
    assert _notes_of(conn, "log") == set()
