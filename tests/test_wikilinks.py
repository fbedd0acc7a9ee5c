"""`[[wikilinks]]` (Obsidian, Logseq, Foam): the heuristic extractor names
a link's target whole, and a Markdown note's first chunk names the note by
its file name (extract/heuristic.py `note_name`, sync._name_notes), so the
linking note and the linked one share an entity: `mrag entity` lists both
and the graph channel of `ask` reaches one from the other. The link forms
and the texts that are no link; a real sync and the commands on it; the
re-extraction of an index from older rules names the notes as a fresh
sync does."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import name_vectors, write_notes


def names(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract_one(text)}


@pytest.mark.parametrize("text,target", [
    ("See [[Trip to Lisbon]] for the photos.", "Trip to Lisbon"),
    ("See [[Trip to Lisbon|our trip]].", "Trip to Lisbon"),
    ("See [[Trip to Lisbon#Day 2]].", "Trip to Lisbon"),
    ("See [[Trip to Lisbon#^a1b2c3]].", "Trip to Lisbon"),
    ("See [[trips/2024/Trip to Lisbon]].", "Trip to Lisbon"),
    ("See [[trips/Trip to Lisbon.md#Day 2|the second day]].", "Trip to Lisbon"),
    ("![[Trip to Lisbon]]", "Trip to Lisbon"),
    ("| day | [[Trip to Lisbon\\|trip]] |", "Trip to Lisbon"),  # a link in a Markdown table escapes its `|`
    ("up: [[  Trip to Lisbon  ]]", "Trip to Lisbon"),
    ("Met [[harbour hall]] staff.", "harbour hall"),  # as written: a link names even a lower-case note
    ("[[C++ notes]] and [[O'Brien's pub]]", "C++ notes"),
    ("[[O'Brien's pub]]", "O'Brien's pub"),
    ("[[Café Tortoni]]", "Café Tortoni"),
    ("[[Project Atlas (2024)]]", "Project Atlas (2024)"),
    ("[[a [[Nested Note]] b]]", "Nested Note"),  # the inner one is the link
])
def test_a_link_names_its_target_whole(text, target):
    found = names(text)
    assert found.get(target) == "name", found
    # no fragment of the target, its folder, heading or block is a name of its own
    assert not {"Trip", "Lisbon", "Day", "Day 2", "trips", "Nested", "Note", "Atlas"} & set(found), found


def test_the_shown_text_is_the_links_label():
    # heuristic rules 22 (names22): the shown text names nothing, the target names and joins the note (it was read
    # as text: `[[Sourdough|Bread Notes]]` named Bread, `[[proj-alpha|Project Alpha]]` a second entity of the note)
    found = names("Plans for [[Trip to Lisbon|the trip to Lisbon]] and [[Sourdough|Bread Notes]].")
    assert found == {"Trip to Lisbon": "name", "Sourdough": "name"}
    # ... but one that writes a name of two capitalised words after lower-case words names it (heuristic rules 23,
    # names23: Maria Silva was lost, the only place the note names her)
    found = names("Plans for [[Trip to Lisbon|the trip with Maria Silva]].")
    assert found == {"Trip to Lisbon": "name", "Maria Silva": "name"}


def test_a_link_keeps_a_type_the_text_gives_its_name():
    # "Maria Silva:" speaks in the chat (she speaks twice: a chat, heuristic.chat_speakers): a person,
    # the link names the same entity
    assert names("Maria Silva: see [[Maria Silva]]'s page\nTom: ok\nMaria Silva: thanks\n")["Maria Silva"] == "person"


@pytest.mark.parametrize("text,expected", [
    ("[[]] and [[ ]] and [[|shown]]", {}),
    ("an unclosed [[Trip to Lisbon link", {"Trip": "name", "Lisbon": "name"}),  # read as text, as before
    ("[[Trip to Lisbon\n]]", {"Trip": "name", "Lisbon": "name"}),  # across lines: no link
    ("[[#Packing List]] of this note", {}),  # a heading of the same note: no note, no #tag
    ("[[x]] and [[notes]] and [[Todo]]", {}),  # too short, common words: as in the text
    ("![[Pasted image 20240501093000.png]] ![[Scan.PDF]]", {}),  # attachments
    ("[[2024-05-01]]", {"2024-05-01": "date"}),  # a daily note: the date it is, no name besides
    ("[[May 1, 2024]]", {"May 1, 2024": "date"}),
    # other tools' daily notes (text.daily_date): the date, no name besides
    ("[[May 1st, 2024]]", {"May 1st, 2024": "date"}),  # Logseq's journal page title
    ("[[journals/2024_05_01]]", {"2024-05-01": "date"}),  # Logseq's journal file name
    ("[[daily.journal.2024.05.01]]", {"2024-05-01": "date"}),  # Dendron
    ("[[2024.05.01|that day]]", {"2024-05-01": "date"}),
    ("[[2024-05-01 Wednesday]]", {"2024-05-01": "date"}),  # Obsidian formats with a weekday
    ("[[Wednesday, May 1st 2024]]", {"2024-05-01": "date", "May 1st 2024": "date"}),
    # Obsidian's year, month and day folders (text.folder_date): the date; no year, no such month: nothing
    ("[[2024/05/01]]", {"2024-05-01": "date"}), ("[[journal/2024/05/01.md#Tasks|that day]]", {"2024-05-01": "date"}),
    ("[[chapter/3/1]]", {}), ("[[2024/13/01]]", {}), ("[[2024/5/1]]", {}),
    ("[[" + "Long " * 60 + "]]", {"Long Long Long Long Long": "name"}),  # longer than a file name: text
])
def test_what_names_no_note(text, expected):
    assert names(text) == expected


@pytest.mark.parametrize("text,expected", [
    # in code a link is written about, not followed: its target names nothing, nor (heuristic rules
    # 13: code names nothing) does its shown text or a #tag by it
    ("Write `[[Trip to Lisbon]]` to link a note.", {}),
    ("``a ` tick and [[Trip to Lisbon|Maria Silva]]`` then [[Harbour Hall]]", {"Harbour Hall": "name"}),
    ("as in\n```markdown\nSee [[Trip to Lisbon]] #tag\n```\nSee [[Maria Silva]].", {"Maria Silva": "name"}),
    ("~~~~\n[[Trip to Lisbon]]\n~~~\n```\n[[Harbour Hall]]\n~~~~\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("[[Maria Silva]]\n  ```\nunclosed: [[Trip to Lisbon]]", {"Maria Silva": "name"}),  # to the end of the text
    # no code: a tick nothing closes, a span across a blank line, a fence with a tick in its info string,
    # a line indented four spaces
    ("a ` stray tick, [[Trip to Lisbon]]", {"Trip to Lisbon": "name"}),
    ("`a\n\n[[Trip to Lisbon]] b`", {"Trip to Lisbon": "name"}),
    ("``` a`b\n[[Trip to Lisbon]]\n```", {"Trip to Lisbon": "name"}),
    ("    ```\n[[Trip to Lisbon]]", {"Trip to Lisbon": "name"}),
    # raw HTML blocks of code (CommonMark types 1 and 2), to the line that ends them, and <code> elements
    ("<pre>\n[[Trip to Lisbon]]\n</pre>\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("Text\n  <pre class=\"x\">[[Trip to Lisbon]]</pre> and [[Harbour Hall]]\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("<script>\nlet a = '[[Trip to Lisbon]]';\n</script>\n<style>\n/* [[Harbour Hall]] */\n</style>\n[[Maria Silva]]",
     {"Maria Silva": "name"}),
    ("<textarea>\n[[Trip to Lisbon]]\n</textarea>\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("<!--\n[[Trip to Lisbon]]\n-->\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("<!-- [[Trip to Lisbon]] -->\n[[Maria Silva]]", {"Maria Silva": "name"}),
    ("[[Maria Silva]]\n<pre>\nunclosed: [[Trip to Lisbon]]", {"Maria Silva": "name"}),  # to the end of the text
    ("See <code>[[Trip to Lisbon]]</code> or <code class=\"md\">\n[[Harbour Hall]]\n</code>, then [[Maria Silva]].",
     {"Maria Silva": "name"}),
    # no HTML code: a tag that is no block's start, one indented four spaces, an element nothing closes
    ("<preface>\n[[Trip to Lisbon]]\n</pre>", {"Trip to Lisbon": "name"}),
    ("<div>\n[[Trip to Lisbon]]\n</div>", {"Trip to Lisbon": "name"}),
    ("    <pre>\n[[Trip to Lisbon]]\n</pre>", {"Trip to Lisbon": "name"}),
    ("a <code> b\n\n[[Trip to Lisbon]] </code>", {"Trip to Lisbon": "name"}),
])
def test_a_link_in_code_is_no_link(text, expected):
    assert names(text) == expected


def test_a_very_long_text_of_brackets_is_read_quickly():
    import time

    text = "[[" * 50_000 + "x" * 100_000 + "]]" * 50_000 + " [[Trip to Lisbon]]"
    start = time.perf_counter()
    assert names(text) == {"Trip to Lisbon": "name"}
    assert time.perf_counter() - start < 5


def test_a_link_in_a_front_matter_value_names_its_note():
    text = "---\ntitle: Day two\nup: \"[[Trip to Lisbon]]\"\nrelated:\n  - \"[[Maria Silva]]\"\n---\nBody\n"
    found = names(text)
    assert found["Trip to Lisbon"] == found["Maria Silva"] == "name", found


@pytest.mark.parametrize("path,name", [
    ("trips/Trip to Lisbon.md", "Trip to Lisbon"),
    ("Trip to Lisbon.MD", "Trip to Lisbon"),
    ("people/Maria Silva.markdown", "Maria Silva"),
    ("Zürich.md", "Zürich"),
    ("Tri\u200bp to Lisbon.md", "Trip to Lisbon"),  # as the text is read: without invisible characters
    # no title: LiHua's timestamps, daily notes, one lower-case word, common words, not Markdown
    ("week38/20260922_1700.txt", None), ("week38/20260922_1700.md", None), ("journal/May 1.md", None),
    ("people/wolfgang-schulz.md", "wolfgang schulz"),  # lower case: its words, apart (heuristic VERSION 7)
    ("todo.md", None), ("Notes.md", None), ("Trip to Lisbon.txt", None),
    ("A note with far too many words to be a title at all.md", None),
])
def test_a_markdown_note_is_named_by_its_title(path, name):
    found = HeuristicExtractor().note_name(path)
    assert (found and (found.name, found.type)) == ((name, "name") if name else None)


@pytest.mark.parametrize("path,date", [
    ("journal/2024-05-01.md", "2024-05-01"), ("2024-05-01.txt", "2024-05-01"), ("20240501.md", "20240501"),
    ("journal/May 1st, 2024.md", "May 1st, 2024"),
    # Logseq's journals, Dendron's daily journal, the ISO order with dots, a weekday before or after
    ("journals/2024_05_01.md", "2024-05-01"), ("daily.journal.2024.05.01.md", "2024-05-01"),
    ("2024.05.01.md", "2024-05-01"), ("2024-05-01 Wednesday.md", "2024-05-01"), ("2024-05-01 Wed.md", "2024-05-01"),
    ("Wednesday, May 1st 2024.md", "2024-05-01"), ("Wed, 1 May 2024.txt", "2024-05-01"),
    # a German day in figures, day first with dots (no dotted form is month first: rules 23, qa39)
    ("05.01.2024.md", "05.01.2024"),
    # no date: a timestamp (LiHua), a date and a title, no year, no such day
    ("week38/20260922_1700.txt", None), ("2024-05-01 standup.md", None), ("May 1.md", None), ("2024-02-30.md", None),
    # a number that is no date, mixed or missing separators, day or month first, another day's weekday
    ("2024_05_01_1100.md", None), ("v1.2.3.md", None), ("2024.5.1.md", None), ("2024-05_01.md", None),
    ("01-05-2024.md", None), ("05/01/2024.md", None), ("Monday, May 1st 2024.md", None), ("1.2024.05.01.md", None),
    ("Standup 2024.05.01.md", None), ("2024_13_01.md", None),
    # Obsidian's year, month and day folders (YYYY/MM/DD, YYYY/MM/YYYY-MM-DD), in the synced folder or below
    ("2024/05/01.md", "2024-05-01"), ("notes/2024/05/01.md", "2024-05-01"), ("2024/05/2024-05-01.md", "2024-05-01"),
    ("1999/12/31.txt", "1999-12-31"),
    # no year, no such month or day, one digit, more than the day, a day folder
    ("chapter/3/1.md", None), ("2024/13/01.md", None), ("2024/02/30.md", None), ("2024/5/1.md", None),
    ("x2024/05/01.md", None), ("2024/05/01 standup.md", None), ("2024/05/01/notes.md", None), ("05/01.md", None),
])
def test_a_daily_note_is_named_by_its_date(path, date):
    found = HeuristicExtractor().note_name(path)
    if date is None:
        assert found is None or found.type != "date", found
    else:
        assert (found.name, found.type) == (date, "date")


def test_a_link_to_a_date_joins_the_daily_note(tmp_path):
    """`[[2024-05-01]]` is the date entity a text's "May 1, 2024" is too;
    the daily note `2024-05-01.md` carries it without saying the date, in
    each folder that has one, and is dated by its file name unless it says
    another date (front matter)."""
    from minirag_cli import db, store
    from minirag_cli.answer import note_date
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    notes = {"journal/2024-05-01.md": "Planted the tomatoes along the south fence.\n",
             "work/2024-05-01.md": "Standup: the release slipped.\n",
             "journal/2024-05-02.md": "---\ndate: 2024-05-03\n---\nWritten up two days late.\n",
             "plans.md": "What I did on [[2024-05-01]] and [[2024-05-02]].\n",
             "letter.md": "Dear Ann, on May 1, 2024 we planted the garden.\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    may1 = get_entity(conn, "2024-05-01")
    assert may1["type"] == "date"
    assert {n["path"] for n in may1["notes"]} == {"journal/2024-05-01.md", "work/2024-05-01.md", "plans.md",
                                                   "letter.md"}
    assert {n["path"] for n in get_entity(conn, "2024-05-02")["notes"]} == {"journal/2024-05-02.md", "plans.md"}
    assert {n["path"] for n in get_entity(conn, "2024-05-03")["notes"]} == {"journal/2024-05-02.md"}
    firsts = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "WHERE c.seq = 0"))
    heads = store.note_heads(conn, firsts.values())
    dates = {path: note_date(heads[cid], path) for path, cid in firsts.items()}
    assert (dates["journal/2024-05-01.md"], dates["journal/2024-05-02.md"]) == ("2024-05-01", "2024-05-03")
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


NOTES = {
    # the linked note says neither "Trip" nor "Lisbon": only its file name names it
    "trips/Trip to Lisbon.md": "Rode the yellow tram up to the castle, ate custard tarts in Belem.\n",
    "journal/2024-05-03.md": "Had dinner with Maria Silva and we talked about the [[Trip to Lisbon]] photos.\n",
    "journal/2024-05-09.md": "Printed the album: ![[Trip to Lisbon#Day 2|day two]] and some more.\n",
    "trips/lisbon-packing.md": "Packing list for [[trips/Trip to Lisbon.md|the trip]]: sunscreen, a hat.\n",
    **{f"garden/day-{i}.md": f"Watered the tomatoes and the beans on day {i}.\n" for i in range(8)},
}
LINKED = {"trips/Trip to Lisbon.md", "journal/2024-05-03.md", "journal/2024-05-09.md", "trips/lisbon-packing.md"}


def _env(db):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"MRAG_DB": str(db), "MRAG_EMBEDDING_MODEL": "hashing:64", "HF_HUB_OFFLINE": "1", **PLUGIN_ENV,
                "NO_COLOR": "1"})
    return env


@pytest.mark.parametrize("path,date", [
    ("journals/2024_05_01.md", "2024-05-01"), ("daily.journal.2024.05.01.md", "2024-05-01"),
    ("2024.05.01.md", "2024-05-01"), ("Wednesday, May 1st 2024.md", "2024-05-01"),
    ("2024-05-01 Wednesday.md", "2024-05-01"), ("journal/May 1st, 2024.md", "2024-05-01"),
    # as before: the file name's date and time, none
    ("20260105_1100.txt", "2026-01-05 11:00"), ("2024-05-01.md", "2024-05-01"), ("v1.2.3.md", ""),
    ("Monday, May 1st 2024.md", ""),
    # Obsidian's year, month and day folders: the date of its path in the synced folder
    ("journal/2024/05/01.md", "2024-05-01"), ("chapter/3/1.md", ""), ("2024/13/01.md", ""),
])
def test_a_daily_note_is_dated_by_its_file_name(path, date):
    from minirag_cli.answer import note_date

    assert note_date("- planted the tomatoes", path) == date


@pytest.mark.parametrize("root, path, date", [
    ("/home/me/journal/2024/05", "01.md", "2024-05-01"), ("C:\\notes\\2024\\05", "01.md", "2024-05-01"),
    ("/home/me/journal/2024", "05/01.md", "2024-05-01"), ("/home/me/chapter/3", "1.md", ""),
    ("/home/me/journal/2024/05", "2024/06/02.md", "2024-06-02"), ("", "01.md", ""),
])
def test_a_daily_note_is_dated_with_its_synced_folders_folders_in_front(root, path, date):
    """note_date reads the path with the synced folder's own folders in front
    (text.dated_path) when given the folder: its callers each wrapped the
    path in dated_path themselves."""
    from minirag_cli.answer import note_date

    assert note_date("- planted the tomatoes", path, root) == date


def test_other_tools_daily_notes_join_their_links_and_are_dated(tmp_path):
    """Logseq's journal file `journals/2024_05_01.md` and its link `[[May
    1st, 2024]]`, Dendron's `daily.journal.2024.05.02.md` and its link by
    name, Obsidian's `2024-05-03 Friday.md` and its link by name: each note
    and each link mention its day's date entity, the note is dated by its
    file name in answer sources and by that entity in the date vote of a
    question that names its month (graph/timelinks.dated_chunks)."""
    from minirag_cli import db, store
    from minirag_cli.answer import note_date
    from minirag_cli.graph.timelinks import dated_chunks
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    days = {"journals/2024_05_01.md": "2024-05-01", "daily.journal.2024.05.02.md": "2024-05-02",
            "2024-05-03 Friday.md": "2024-05-03"}
    notes = {**{path: "- planted the tomatoes along the south fence\n" for path in days},
             "pages/Garden.md": "- [[May 1st, 2024]] first seedlings\n",
             "garden.plan.md": "Seedlings out on [[daily.journal.2024.05.02]].\n",
             "plan.md": "More on [[2024-05-03 Friday]].\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    linking = {"2024-05-01": "pages/Garden.md", "2024-05-02": "garden.plan.md", "2024-05-03": "plan.md"}
    for path, day in days.items():
        entity = get_entity(conn, day)
        assert entity["type"] == "date"
        assert {n["path"] for n in entity["notes"]} == {path, linking[day]}
    firsts = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "WHERE c.seq = 0"))
    heads = store.note_heads(conn, firsts.values())
    assert {path: note_date(heads[firsts[path]], path) for path in days} == days
    # no name entity besides (but the page Garden.md's title): neither the file names nor the link targets
    assert conn.execute("SELECT key FROM entities WHERE type != 'date'").fetchall() == [("garden",)]
    may = dated_chunks(conn, ["date:2024-05"], firsts.values())
    assert {path for path, cid in firsts.items() if cid in may} == set(notes)
    assert dated_chunks(conn, ["date:2024-05-02"], firsts.values()) == sorted(
        firsts[p] for p in ("daily.journal.2024.05.02.md", "garden.plan.md"))
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


def test_daily_notes_in_year_month_and_day_folders_join_their_links_and_are_dated(tmp_path):
    """Obsidian's daily notes filed by the format YYYY/MM/DD (`2024/05/01.md`)
    and their links `[[2024/05/01]]` were no date: the note was neither named
    nor dated by its day, and the link named nothing. Each note and each link
    now mention the day's date entity, the note is dated by its path in
    answer sources; a numbered folder that is no date (`chapter/3/1.md`) is
    no daily note. A re-extraction names the notes as the sync did."""
    from minirag_cli import db, store
    from minirag_cli.answer import note_date
    from minirag_cli.store.lookup import get_entity
    from minirag_cli.text import normalise_key
    from tests.test_heuristic_version import graph, sync

    days = {"journal/2024/05/01.md": "2024-05-01", "2024/05/02.md": "2024-05-02"}
    notes = {**{path: "- planted the tomatoes along the south fence\n" for path in days},
             "chapter/3/1.md": "- planted the beans\n",
             "plan.md": "Seedlings out on [[2024/05/01]], watered on [[2024/05/02|the next day]].\n",
             "chapters.md": "See [[chapter/3/1]].\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    for path, day in days.items():
        entity = get_entity(conn, day)
        assert entity["type"] == "date"
        assert {n["path"] for n in entity["notes"]} == {path, "plan.md"}
    # no entity besides: neither the numbered folders nor the links that are no date name anything
    assert {k for (k,) in conn.execute("SELECT key FROM entities")} == {
        normalise_key(day, "date") for day in days.values()}
    firsts = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "WHERE c.seq = 0"))
    heads = store.note_heads(conn, firsts.values())
    assert {path: note_date(heads[cid], path) for path, cid in firsts.items()} == {
        **days, "chapter/3/1.md": "", "plan.md": "", "chapters.md": ""}
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "4")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


def test_a_link_joins_the_linking_note_and_the_linked_one(tmp_path, mrag_bin):
    """A real `mrag sync` (heuristic extractor, hashing embedder): the link's
    target is one entity the linked note mentions too; `ask` reaches the
    linked note through the graph from a question whose words only the
    linking note holds."""
    root, db = tmp_path / "vault", tmp_path / "index.sqlite"
    write_notes(root, NOTES)

    def mrag(*args):
        r = subprocess.run([mrag_bin, *args, "--json"], env=_env(db), capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        return json.loads(r.stdout)

    assert mrag("sync", str(root), "-x", "heuristic")["added"] == len(NOTES)
    entity = mrag("entity", "Trip to Lisbon")
    assert (entity["name"], entity["type"], entity["match"]) == ("Trip to Lisbon", "name", {"by": "name"})
    assert {n["path"] for n in entity["notes"]} == LINKED
    assert "Maria Silva" in {n["name"] for n in entity["neighbours"]}
    names = {e["name"] for e in mrag("entities", "-n", "100")}
    assert not {"Trip", "Lisbon", "Day", "day-0", "Day 2"} & names, names
    # Maria Silva and the dinner are in the journal note alone: the graph walks Maria Silva -> Trip to
    # Lisbon (the sentence that joins them is near the question) and votes for the note that link names
    found = mrag("ask", "Which trip did Maria Silva and I talk about at dinner?", "--k", str(len(NOTES)),
                 "--no-answer", "--explain")["results"]
    linked = [r for r in found if r["path"] == "trips/Trip to Lisbon.md"]
    assert linked and linked[0]["graph"]["path"] == ["Maria Silva", "Trip to Lisbon"], found
    assert "graph" in linked[0]["channels"]


def test_renaming_the_linked_note_unjoins_it(tmp_path):
    """The note's name is its file's: renamed, its first chunk names the new
    name, and the link's entity no longer holds it."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.store.lookup import get_entity
    from minirag_cli.sync import SyncOptions, sync_folders

    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    def sync():
        sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                     options=SyncOptions())

    sync()
    assert {n["path"] for n in get_entity(conn, "Trip to Lisbon")["notes"]} == LINKED
    (root / "trips/Trip to Lisbon.md").rename(root / "trips/Lisbon in May.md")
    sync()
    assert {n["path"] for n in get_entity(conn, "Trip to Lisbon")["notes"]} == LINKED - {"trips/Trip to Lisbon.md"}
    assert {n["path"] for n in get_entity(conn, "Lisbon in May")["notes"]} == {"trips/Lisbon in May.md"}
    conn.close()


def test_a_re_extraction_names_the_notes_as_a_fresh_sync_does(tmp_path):
    """An index of older rules is extracted anew from the chunks it holds
    (sync._reextract): the notes' own names come from their paths there too,
    and the graph ends as a fresh sync makes it."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, NOTES)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    old = db.connect(tmp_path / "old.sqlite", create=True)
    sync(old, [root])
    with db.transaction(old):  # as an older mrag left it: no link, no note named, no shared names recorded
        old.execute("DELETE FROM mentions WHERE entity_id IN (SELECT id FROM entities WHERE key = 'triptolisbon')")
        old.execute("DELETE FROM meta WHERE key = ?", (db.SHARED_NAMES_KEY,))
        db.set_meta(old, "heuristic_version", "1")
    summary = sync(old, [root])
    # the re-extraction records the shared names it named the notes by: none is extracted a second time
    assert (summary.reextracted["notes"], summary.note_names_changed) == (len(NOTES), [])
    assert graph(old) == graph(fresh)
    assert ("triptolisbon", "Trip to Lisbon", "name") in {e[:3] for e in graph(old)["entities"]}


def test_a_file_name_several_notes_share_names_none_of_them(tmp_path):
    """`README.md` (or `Untitled.md`, `Index.md`) in several subfolders of a
    vault: no link can tell which note it means, and one entity mentioned by
    each of them joined notes with nothing in common in the graph walk. A
    name one note holds still names it; the re-extraction names the same."""
    from minirag_cli import db
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    notes = {"alpha/README.md": "The alpha project builds a weather station.\n",
             "beta/README.md": "The beta project is a sourdough starter log.\n",
             "gamma/Garden Plan.md": "Tomatoes go along the south fence.\n",
             "links.md": "See [[README]] and [[Garden Plan]].\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    readme = conn.execute("SELECT id FROM entities WHERE key = 'readme'").fetchone()
    held = {r[0] for r in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
        "JOIN documents d ON d.id = c.document_id WHERE m.entity_id = ?", (readme[0],))} if readme else set()
    assert held <= {"links.md"}, held  # only the link itself, never the two READMEs
    assert {n["path"] for n in get_entity(conn, "Garden Plan")["notes"]} == {"gamma/Garden Plan.md", "links.md"}
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)


# A file name that becomes shared (a second README.md added, a note renamed
# to one) or stops being (one of two deleted or renamed away) changes what
# the notes an incremental sync does not read should name: the sync
# re-extracts those (sync._name_anew) and the graph ends as a rebuild's.
SHARED_BEFORE_AFTER = {
    "a second one added": ({"alpha/README.md"}, {"alpha/README.md", "beta/README.md"}),
    "one of two deleted": ({"alpha/README.md", "beta/README.md"}, {"alpha/README.md"}),
    "one of two renamed away": ({"alpha/README.md", "beta/README.md"}, {"alpha/README.md", "beta/Overview.md"}),
    "one renamed to collide": ({"alpha/README.md", "beta/Overview.md"}, {"alpha/README.md", "beta/README.md"}),
}
PROJECT_TEXT = {"alpha": "Maria Silva builds a weather station with Tom Baker.\n",
                "beta": "Joao Pereira keeps a sourdough starter log.\n"}
OTHER_NOTES = {"gamma/Garden Plan.md": "Tomatoes go along the south fence.\n",
               "links.md": "See [[Garden Plan]] and the notes of Maria Silva.\n"}


def _project_notes(paths: set[str]) -> dict[str, str]:
    return {**OTHER_NOTES, **{p: PROJECT_TEXT[p.split("/")[0]] for p in paths}}


def _change(root, before: set[str], after: set[str]) -> None:
    """From the notes `before` to the notes `after`: a rename when one path
    of each side is in the same folder (its bytes and mtime kept)."""
    gone, new = sorted(before - after), sorted(after - before)
    for old in list(gone):
        moved = [p for p in new if p.split("/")[0] == old.split("/")[0]]
        if moved:
            (root / old).rename(root / moved[0])
            gone.remove(old)
            new.remove(moved[0])
    for path in gone:
        (root / path).unlink()
    write_notes(root, {p: PROJECT_TEXT[p.split("/")[0]] for p in new})


def _self_named(conn) -> set[str]:
    """The notes whose first chunk mentions the entity of their own file name."""
    from minirag_cli.text import normalise_key

    named = set()
    extractor = HeuristicExtractor()
    for path, entity in conn.execute(
            "SELECT d.path, e.key FROM mentions m JOIN chunks c ON c.id = m.chunk_id AND c.seq = 0 "
            "JOIN documents d ON d.id = c.document_id JOIN entities e ON e.id = m.entity_id"):
        own = extractor.note_name(path)
        if own is not None and normalise_key(own.name, own.type) == entity:
            named.add(path)
    return named


@pytest.mark.parametrize("case", list(SHARED_BEFORE_AFTER))
def test_an_incremental_sync_names_the_notes_as_a_rebuild_when_a_file_name_becomes_shared_or_not(tmp_path, case):
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    before, after = SHARED_BEFORE_AFTER[case]
    root = tmp_path / "vault"
    write_notes(root, _project_notes(before))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    _change(root, before, after)
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert _self_named(conn) == _self_named(fresh)
    # the README the sync did not read is the only note extracted anew; no chunk is embedded again
    assert summary.note_names_changed == ["alpha/README.md"]
    again = sync(conn, [root])  # nothing changed since: nothing extracted anew
    assert again.note_names_changed == [] and again.embedded == 0
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()


def test_an_llm_index_names_a_note_again_from_the_model_s_cached_answers(tmp_path):
    """The same for an index a model built: the note named anew is read as a
    sync reads it (its windows, answered from the model's cache), not chunk
    by chunk through the model, and ends as a fresh sync."""
    from minirag_cli import db
    from tests.test_heuristic_version import _CachedModel, graph, sync

    before, after = SHARED_BEFORE_AFTER[next(iter(SHARED_BEFORE_AFTER))]
    root = tmp_path / "vault"
    write_notes(root, _project_notes(before))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root], _CachedModel())
    _change(root, before, after)
    model = _CachedModel()
    summary = sync(conn, [root], model)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root], _CachedModel())
    assert summary.note_names_changed == ["alpha/README.md"]
    assert graph(conn) == graph(fresh) and _self_named(conn) == _self_named(fresh)
    assert model.model_calls == len({p for p in after} - set(before))  # the new notes' windows, no more
    conn.close()
    fresh.close()


# what a note encrypted by git-crypt (a vault shared through git) holds until it is unlocked: binary
LOCKED = b"\x00GITCRYPT\x00" + bytes(range(256)) * 4


def test_a_binary_file_under_a_notes_file_name_shares_no_name(tmp_path):
    """A binary file with a note's file name (`beta/README.md` locked by
    git-crypt, an image saved as `.md`), which the sync skips, made that
    name shared: the one note `alpha/README.md` was named by nothing after a
    sync, and by its file name after a re-extraction (which reads the notes
    the index holds). Only the files synced as notes count: the binary file
    unlocked into a note, and locked again, the incremental sync names the
    notes as a fresh sync of the folder does."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, _project_notes({"alpha/README.md"}))
    (root / "beta").mkdir()
    (root / "beta/README.md").write_bytes(LOCKED)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    summary = sync(conn, [root])
    assert {"path": "beta/README.md", "reason": "binary file"} in summary.skipped
    assert "alpha/README.md" in _self_named(conn)
    before = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "4")
    assert sync(conn, [root]).reextracted["notes"] == len(_project_notes({"alpha/README.md"}))
    assert graph(conn) == before
    for step, data in enumerate((PROJECT_TEXT["beta"].encode(), LOCKED)):  # unlocked, locked again
        (root / "beta/README.md").write_bytes(data)
        summary = sync(conn, [root])
        assert summary.note_names_changed == ["alpha/README.md"], step
        fresh = db.connect(tmp_path / f"fresh{step}.sqlite", create=True)
        sync(fresh, [root])
        assert graph(conn) == graph(fresh) and _self_named(conn) == _self_named(fresh), step
        assert ("alpha/README.md" in _self_named(conn)) == (data == LOCKED)
        fresh.close()
    conn.close()


def test_a_note_left_alone_is_named_again_without_embedding(tmp_path):
    """One of two READMEs deleted: the other is re-extracted from the chunks
    the index holds; its chunk and names need no embedding."""
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, _project_notes({"alpha/README.md", "beta/README.md"}))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert "alpha/README.md" not in _self_named(conn)
    (root / "beta/README.md").unlink()
    summary = sync(conn, [root])
    assert "alpha/README.md" in _self_named(conn)
    assert (summary.removed, summary.changed, summary.note_names_changed) == (1, 0, ["alpha/README.md"])
    assert summary.embedded == 1  # the one new name, README; no chunk, no sentence
    conn.close()


def test_an_interrupted_sync_names_the_notes_on_the_next_one(tmp_path, monkeypatch):
    """Stopped after it wrote the second README, before it re-extracted the
    first: the next sync, which finds no file changed, does it."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, _project_notes({"alpha/README.md"}))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"beta/README.md": PROJECT_TEXT["beta"]})

    def interrupted(*_args, **_kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(syncmod, "_reextract_notes", interrupted)
    with pytest.raises(KeyboardInterrupt):
        sync(conn, [root])
    monkeypatch.undo()
    summary = sync(conn, [root])  # the second README, written before, is named as it was: extracted again
    assert (summary.added, summary.note_names_changed) == (0, ["alpha/README.md", "beta/README.md"])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()


def test_an_index_of_an_older_mrag_is_named_anew_once(tmp_path):
    """An index synced before the folder's shared file names were recorded
    may hold a note named as the folder was then (one of two READMEs
    deleted by an older mrag: the other one unnamed): its next sync
    re-extracts the notes with a title for a file name, once."""
    from minirag_cli import db, store
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, _project_notes({"alpha/README.md", "beta/README.md"}))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    (root / "beta/README.md").unlink()
    with db.transaction(conn):  # as an older mrag's sync left it: the note deleted, nothing else
        store.delete_document(conn, conn.execute("SELECT id FROM documents WHERE path = 'beta/README.md'")
                              .fetchone()[0], name_vectors(conn))
        conn.execute("DELETE FROM meta WHERE key = ?", (db.SHARED_NAMES_KEY,))
    assert "alpha/README.md" not in _self_named(conn)
    summary = sync(conn, [root])
    assert sorted(summary.note_names_changed) == ["alpha/README.md", "gamma/Garden Plan.md"]
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert sync(conn, [root]).note_names_changed == []
    conn.close()
    fresh.close()


def test_the_sync_command_reports_the_notes_named_anew(tmp_path, mrag_bin):
    """`mrag sync` after one of two READMEs is deleted: the other one is
    listed (`--json` note_names_changed, a row of the table) and `mrag
    entity README` finds it with the note that links to it."""
    root, db = tmp_path / "vault", tmp_path / "index.sqlite"
    write_notes(root, {**_project_notes({"alpha/README.md", "beta/README.md"}), "links.md": "See [[README]].\n"})

    def mrag(*args):
        r = subprocess.run([mrag_bin, *args], env=_env(db), capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        return r.stdout

    assert json.loads(mrag("sync", str(root), "-x", "heuristic", "--json"))["note_names_changed"] == []
    (root / "beta/README.md").unlink()
    out = json.loads(mrag("sync", str(root), "--json"))
    assert (out["removed"], out["note_names_changed"]) == (1, ["alpha/README.md"])
    assert {n["path"] for n in json.loads(mrag("entity", "README", "--json"))["notes"]} == {"alpha/README.md",
                                                                                          "links.md"}
    (root / "beta/README.md").write_text(PROJECT_TEXT["beta"])
    assert re.search(r"note names +1 note extracted anew", mrag("sync", str(root)))


def test_a_code_block_longer_than_a_chunk_stays_code(tmp_path):
    """The extractor reads a chunk: the chunks after the one a fenced block
    opens in are read after its fence, so a link in the block is no link in
    any chunk and a link after the block's closing fence (which, read
    alone, would open a block) is one. A re-extraction reads them alike."""
    from minirag_cli import db
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    block = "\n".join(f"line {i} of the code, [[Harbour Hall]] example" for i in range(12))
    notes = {"syntax.md": f"Obsidian links, for example:\n\n```markdown\n{block}\n```\n\n"
                          "The trip itself is in [[Trip to Lisbon]].\n",
             "Trip to Lisbon.md": "Rode the yellow tram.\n", "Harbour Hall.md": "A hall by the water.\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'syntax.md'").fetchone()[0] > 3
    assert {n["path"] for n in get_entity(conn, "Harbour Hall")["notes"]} == {"Harbour Hall.md"}
    assert {n["path"] for n in get_entity(conn, "Trip to Lisbon")["notes"]} == {"Trip to Lisbon.md", "syntax.md"}
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


@pytest.mark.parametrize("text,code", [
    ("para\n\n    code [[X]]\n    more\n\ntext", ["    code [[X]]\n    more"]),
    ("\tcode [[X]]", ["\tcode [[X]]"]),  # a tab, at the start of the text
    ("text\n\n\tcode [[X]]\n\n    more code\ntext", ["\tcode [[X]]\n\n    more code"]),
    ("- item\n\nParagraph\n\n    code [[X]]", ["    code [[X]]"]),  # the list ended at the paragraph
    ("- item\n# Heading\n\n    code [[X]]", ["    code [[X]]"]),  # or at the heading
    ("---\ntags:\n  - a\n---\n\n    code [[X]]", ["    code [[X]]"]),  # or at front matter's end
    ("```\n\n    in a fence [[X]]\n```\n\n    code [[Y]]", ["```\n\n    in a fence [[X]]\n```", "    code [[Y]]"]),
    # no blank line needed after a line that leaves no paragraph open: a heading, a setext heading's
    # underline, a thematic break, a fenced block's closing fence, a raw HTML block's last line
    ("# Heading\n    code [[X]]\n    more\ntext", ["    code [[X]]\n    more"]),
    ("text\n## Heading ##\n\tcode [[X]]", ["\tcode [[X]]"]),
    ("Heading\n=======\n    code [[X]]", ["    code [[X]]"]),
    ("Heading\r\n---\r\n    code [[X]]\r\n", ["    code [[X]]"]),
    ("text\n\n* * *\n    code [[X]]", ["    code [[X]]"]),
    ("```\nx\n```\n    code [[X]]", ["```\nx\n```", "    code [[X]]"]),
    ("<PRE class=\"x\">\nx\n</Pre>\n    code [[X]]", ["<PRE class=\"x\">\nx\n</Pre>", "    code [[X]]"]),
    ("<!-- x -->\n    code [[X]]", ["<!-- x -->", "    code [[X]]"]),
    ("See <CODE>[[X]]</Code>.\n\n    code", ["<CODE>[[X]]</Code>", "    code"]),
    ("    code\n# Heading\n    more code [[X]]", ["    code", "    more code [[X]]"]),
    ("- item\n# Heading\n    code [[X]]", ["    code [[X]]"]),  # the heading ended the list
    # no indented code: a paragraph's continuation, an item's text, a nested list's, a lazy line's, a quote
    ("para\n    not code [[X]]", []),
    ("- item\n\n    the item's second paragraph [[X]]", []),
    ("1. item\n\n   more\n\n    still the item [[X]]", []),
    ("- a\n  - b\n\n  a's text\n\n    a's text too [[X]]", []),
    ("- a\n\n      code in the item: read as text [[X]]", []),
    ("- item\nlazy text\n\n    the item's [[X]]", []),
    ("> quote\n>\n>     quoted code [[X]]", []),
    ("#hashtag\n    not code [[X]]", []),  # no heading: a paragraph
    ("=====\n    not code [[X]]", []),  # no paragraph above it: a paragraph's text
    ("> # quoted heading\n    lazily the quote's? text [[X]]", []),
    ("- item\n  # Heading in the item\n    the item's [[X]]", []),
])
def test_indented_code_in_a_markdown_text(text, code):
    from minirag_cli.extract.mdcode import code_ranges

    assert [text[a:b] for a, b in code_ranges(text, indented=True)] == code
    assert [text[a:b] for a, b in code_ranges(text)] == [c for c in code if c.startswith(("```", "<"))]


def test_a_chunk_opening_on_a_list_items_paragraph_links_as_the_extractor_reads_it():
    """sync.note_link_keys reads a note's chunks in its context, as the
    extractor does (read_in_context): a chunk that opens on a list item's
    indented paragraph, read alone, was an indented code block, and its
    `[[Priya Raman]]` linked nothing while the extractor named her; a link in
    real code (a fence the chunk is in) still links nothing."""
    from minirag_cli import sync
    from minirag_cli.chunking import Chunk
    from minirag_cli.extract.heuristic import link_targets

    note = ("# Plan\n\n- Project lead\n\n    The lead is [[Priya Raman]], who owns the plan.\n\n"
            "Example:\n\n    [[Not A Link]] in an indented block\n\n```\n[[Nor This]]\n```\n")
    cuts = [0, note.index("    The lead"), note.index("    [[Not"), note.index("[[Nor"), len(note)]
    chunks = [Chunk(i, note[a:b], a, b, note.count("\n", 0, a) + 1, note.count("\n", 0, b) + 1, 9)
              for i, (a, b) in enumerate(zip(cuts, cuts[1:]))]
    texts = sync.note_readings(chunks, "Plan.md", None).texts
    assert {t.name for text in texts for t in link_targets(text)} == {"Priya Raman"}
    assert sync.note_link_keys(chunks, "Plan.md") == {"priyaraman"}


def test_code_across_chunks_and_indented_code_is_no_link(tmp_path):
    """A Markdown note's indented code block (a blank line before, no list
    item around) is code, in every chunk it spans; a `.txt` note's indented
    lines and a list item's indented paragraph are text. A code span that a
    chunk boundary cuts is code in both chunks: the first reads it closed,
    the second opened. A CRLF note's fenced block ends at its fence. A
    re-extraction reads them alike."""
    from minirag_cli import db
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    block = "\n".join(f"    line {i} of the example, see [[Harbour Hall]]" for i in range(8))
    indented = (f"Obsidian links, for example:\n\n{block}\n\nThe trip itself is in [[Trip to Lisbon]].\n\n"
                "- a list item\n\n    still the item, with [[Maria Silva]]\n")
    filler = " ".join(["word"] * 16)
    notes = {"indented.md": indented, "indented.txt": indented,
             # one line: the chunker cuts it every 24 words, the next chunk 6 words back
             "span-ends.md": f"{filler} `code [[Harbour Hall]] {filler} end` then [[Trip to Lisbon]].\n",
             "span-starts.md": f"{filler} `code {' '.join(['x'] * 6)} [[Harbour Hall]] {filler} end` then "
                               "[[Trip to Lisbon]] and `more`.\n",
             "crlf.md": "```\r\nwrite [[Harbour Hall]]\r\n```\r\nSee [[Trip to Lisbon]] with [[Maria Silva]].\r\n",
             "Trip to Lisbon.md": "Rode the yellow tram.\n", "Harbour Hall.md": "A hall by the water.\n",
             "Maria Silva.md": "A friend.\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    chunks = dict(conn.execute("SELECT d.path, count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "GROUP BY d.path"))
    assert chunks["indented.md"] > 3 and chunks["span-ends.md"] > 1 and chunks["span-starts.md"] > 1
    assert {n["path"] for n in get_entity(conn, "Harbour Hall")["notes"]} == {"Harbour Hall.md", "indented.txt"}
    assert {n["path"] for n in get_entity(conn, "Trip to Lisbon")["notes"]} == set(notes) - {
        "Harbour Hall.md", "Maria Silva.md"}
    assert {n["path"] for n in get_entity(conn, "Maria Silva")["notes"]} == {
        "Maria Silva.md", "indented.md", "indented.txt", "crlf.md"}
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


def test_html_code_and_code_after_a_heading_across_chunks_is_no_link(tmp_path):
    """A raw HTML block of code (`<pre>`, `<!-- -->`), a `<code>` element
    and a Markdown note's indented code block right after a heading (no
    blank line: a heading is no paragraph, an indented line after it is
    code) are code in every chunk they span: a link in them is no link, one
    after them is. A `.txt` note's indented lines are text. A re-extraction
    reads them alike."""
    from minirag_cli import db
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    lines = "\n".join(f"line {i} of the example, see [[Harbour Hall]]" for i in range(8))
    indented = "\n".join(f"    line {i} of the example, see [[Harbour Hall]]" for i in range(8))
    after = "\nThe trip itself is in [[Trip to Lisbon]].\n"
    words = " ".join(["word"] * 30)
    heading = f"# Obsidian links\n{indented}\n## The trip\n    and [[Harbour Hall]]\n{after}"
    notes = {"pre.md": f"Obsidian links, for example:\n<pre class=\"md\">\n{lines}\n</pre>{after}",
             "comment.md": f"Obsidian links, for example:\n<!--\n{lines}\n-->{after}",
             "element.md": f"Obsidian links: <code>{words} [[Harbour Hall]] {words}</code>.{after}",
             "heading.md": heading, "heading.txt": heading,
             "Trip to Lisbon.md": "Rode the yellow tram.\n", "Harbour Hall.md": "A hall by the water.\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    chunks = dict(conn.execute("SELECT d.path, count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "GROUP BY d.path"))
    assert all(chunks[p] > 2 for p in ("pre.md", "comment.md", "element.md", "heading.md")), chunks
    assert {n["path"] for n in get_entity(conn, "Harbour Hall")["notes"]} == {"Harbour Hall.md", "heading.txt"}
    assert {n["path"] for n in get_entity(conn, "Trip to Lisbon")["notes"]} == set(notes) - {"Harbour Hall.md"}
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


def test_the_chunks_are_read_as_the_note_with_overlap_or_without():
    """mdcode.chunk_readings from the chunks alone, with the chunker's
    default overlap or none (the blanks between chunks not held): a chunk
    reads a link as the whole note reads it."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.extract.heuristic import wikilinks
    from minirag_cli.extract.mdcode import chunk_readings

    body = "\n".join(f"    code {i} [[Harbour Hall]]" for i in range(30))
    note = (f"Intro text.\n\n{body}\n\nAfter it: [[Trip to Lisbon]]. " + "w " * 40
            + "`a span [[Harbour Hall]] " + "w " * 30 + "closed` and [[Maria Silva]].\n")
    whole = sorted({t.name for _a, _b, t in wikilinks(note) if t})
    assert whole == ["Harbour Hall", "Maria Silva", "Trip to Lisbon"]  # read alone, no indented code
    for size, overlap in ((24, 6), (10, 0), (7, 3)):
        chunks = chunk_text(note, size, overlap)
        read = {t.name for text in chunk_readings(chunks, markdown=True) for _a, _b, t in wikilinks(text) if t}
        assert read == {"Maria Silva", "Trip to Lisbon"}, (size, overlap)
        plain = {t.name for text in chunk_readings(chunks, markdown=False) for _a, _b, t in wikilinks(text) if t}
        assert plain == {"Harbour Hall", "Maria Silva", "Trip to Lisbon"}, (size, overlap)


def test_a_chunk_that_starts_in_a_span_of_three_backticks_opens_no_fence():
    """A chunk that starts inside an inline span of three backticks or more
    read the span's opener on a line of its own, a fence: the rest of the
    chunk was code, its links after the span lost. The opener is now
    indented four spaces (no fence; a chunk read alone has no indented code)."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.extract.heuristic import wikilinks
    from minirag_cli.extract.mdcode import chunk_readings

    note = ("Intro text.\n\nSee ```a span [[Harbour Hall]] " + "w " * 30 + "closed``` and [[Maria Silva]], "
            + "v " * 12 + "then ``two [[Harbour Hall]] " + "x " * 20 + "ticks`` and [[Anna Berg]].\n")
    links = [(a, b, t.name) for a, b, t in wikilinks(note) if t]
    assert sorted(name for _a, _b, name in links) == ["Anna Berg", "Maria Silva"]
    for size, overlap in ((24, 6), (10, 0), (7, 3), (5, 2)):
        chunks = chunk_text(note, size, overlap)
        held = {name for a, b, name in links if any(c.start_char <= a and b <= c.end_char for c in chunks)}
        # a link a chunk boundary cuts is none (without overlap, both here), read as a whole note or not
        assert held or not overlap, (size, overlap)
        for markdown in (True, False):
            read = {t.name for text in chunk_readings(chunks, markdown=markdown) for _a, _b, t in wikilinks(text) if t}
            assert read == held, (size, overlap, markdown)


def test_html_code_is_read_in_every_chunk_with_overlap_or_without():
    """mdcode.chunk_readings of raw HTML blocks, a `<code>` element and code
    after a heading, cut by chunks of every size: a chunk that starts in one
    reads its tag first, one that ends in an element reads `</code>` last."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.extract.heuristic import wikilinks
    from minirag_cli.extract.mdcode import chunk_readings

    pre = "\n".join(f"line {i} [[Harbour Hall]]" for i in range(20))
    note = (f"Intro text.\n<pre class=\"x\">\n{pre}\n</PRE> the end line too: [[Harbour Hall]]\n[[Trip to Lisbon]]\n"
            + "w " * 30 + "\n<!--\n" + "\n".join(f"c {i} [[Harbour Hall]]" for i in range(15)) + "\n-->\n"
            "See <code>" + "x " * 30 + "[[Harbour Hall]] " + "y " * 20 + "</code> and [[Maria Silva]].\n"
            "# Heading\n    code [[Harbour Hall]]\n    more " + "z " * 30 + "[[Harbour Hall]]\nAfter [[Anna Berg]]\n")
    whole = sorted({t.name for _a, _b, t in wikilinks(note) if t})
    assert whole == ["Anna Berg", "Harbour Hall", "Maria Silva", "Trip to Lisbon"]  # read alone: no indented code
    for size, overlap in ((24, 6), (10, 0), (7, 3), (5, 2)):
        chunks = chunk_text(note, size, overlap)
        read = {t.name for text in chunk_readings(chunks, markdown=True) for _a, _b, t in wikilinks(text) if t}
        assert read == {"Anna Berg", "Maria Silva", "Trip to Lisbon"}, (size, overlap)
        plain = {t.name for text in chunk_readings(chunks, markdown=False) for _a, _b, t in wikilinks(text) if t}
        assert plain == set(whole), (size, overlap)


def test_the_llm_extractor_adds_the_link_targets_without_the_model():
    """`complete` (what every model answer goes through, cached or not)
    adds a link's target as the heuristic reads it, whole; a name the model
    gave it keeps the model's type; a link in code adds nothing."""
    from minirag_cli.extract.base import EntityMention
    from minirag_cli.extract.llm import complete

    text = "---\nup: \"[[Maria Silva]]\"\n---\nSee [[trips/Trip to Lisbon#Day 2|the trip]], not `[[Harbour Hall]]`."
    assert complete(text, []) == [EntityMention("Maria Silva", "name"), EntityMention("Trip to Lisbon", "name")]
    # (`Seedlings:` a label line's label, no chat speaker: the model reads it, complete adds none)
    assert complete("Seedlings: [[journals/2024_05_01]]", []) == [EntityMention("2024-05-01", "date")]
    model = [EntityMention("Trip to Lisbon", "event")]
    assert complete(text, model) == [*model, EntityMention("Maria Silva", "name")]
    html = "<pre>\n[[Harbour Hall]]\n</pre>\n<!-- [[Harbour Hall]] -->\nSee <code>[[Harbour Hall]]</code>, [[Maria Silva]]."
    assert complete(html, []) == [EntityMention("Maria Silva", "name")]


class _LinkBlindModel:
    """A window extractor standing in for the GGUF one (the interface sync
    uses, as tests/test_sync.py's _CountingModel: `windows`, `run`,
    `cache_id`) whose model names only Maria Silva: no link target, no note."""

    name, cache_id, parallel = "fake-llm", "fake-model@links", 1

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        return note_windows(text)

    def run(self, windows, stop=None):
        from minirag_cli.extract.base import EntityMention

        for i, w in enumerate(windows):
            yield i, [EntityMention("Maria Silva", "person")] if "Maria Silva" in w.text else [], None


def test_an_llm_index_joins_the_linking_and_the_linked_notes(tmp_path):
    """The model names no link target and knows no file name: the link
    targets come from `complete` and the notes' own names from sync, as in a
    heuristic index, so the same notes share `Trip to Lisbon`."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.store.lookup import get_entity
    from minirag_cli.sync import SyncOptions, sync_folders

    root = tmp_path / "vault"
    write_notes(root, {**NOTES, "journal/2024-05-01.md": "Nothing much.\n", "plans.md": "See [[2024-05-01]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=_LinkBlindModel(), options=SyncOptions())
    entity = get_entity(conn, "Trip to Lisbon")
    assert (entity["name"], entity["type"]) == ("Trip to Lisbon", "name")
    assert {n["path"] for n in entity["notes"]} == LINKED
    assert "Maria Silva" in {n["name"] for n in entity["neighbours"]}
    assert {n["path"] for n in get_entity(conn, "2024-05-01")["notes"]} == {"journal/2024-05-01.md", "plans.md"}
    conn.close()


def test_a_long_front_matter_and_a_long_code_block_in_one_note(tmp_path):
    """The two ways a chunk is read in its note's context together (merged
    from two branches): a front matter block longer than a chunk is front
    matter in each chunk it covers (its keys no names, its aliases names),
    and a fenced block longer than a chunk stays code, its links no links.
    A re-extraction from the stored chunks reads them alike."""
    from minirag_cli import db
    from minirag_cli.store.lookup import get_entity
    from tests.test_heuristic_version import graph, sync

    aliases = "\n".join(f"  - Lisbon Trip Part {i}" for i in range(30))
    block = "\n".join(f"line {i} of the code, [[Harbour Hall]] example" for i in range(12))
    notes = {"trip.md": f"---\ntitle: Trip to Lisbon\nStatus: planned\naliases:\n{aliases}\n---\n"
                        f"Obsidian links, for example:\n\n```markdown\n{block}\n```\n\n"
                        "Maria Silva booked the tram. See [[Harbour Hall]].\n",
             "Harbour Hall.md": "A hall by the water.\n"}
    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'trip.md'").fetchone()[0] > 5
    names = {r[0] for r in conn.execute("SELECT name FROM entities")}
    # an alias is a form of the note's title's entity (heuristic rules 26: `trip.md` names no note)
    forms = {r[0] for r in conn.execute("SELECT a.alias FROM entity_aliases a JOIN entities e ON e.id = a.entity_id"
                                        " WHERE e.name = 'Trip to Lisbon'")}
    assert {"Trip to Lisbon", "Maria Silva"} <= names and "Lisbon Trip Part 29" in forms
    assert not names & {"Status", "aliases", "Aliases", "title"}
    hall = get_entity(conn, "Harbour Hall")
    assert {n["path"] for n in hall["notes"]} == {"Harbour Hall.md", "trip.md"}
    last = conn.execute("SELECT max(c.seq) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'trip.md'").fetchone()[0]
    linked = {seq for (seq,) in conn.execute(
        "SELECT c.seq FROM mentions m JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
        "JOIN entities e ON e.id = m.entity_id WHERE d.path = 'trip.md' AND e.key = ?",
        (conn.execute("SELECT key FROM entities WHERE name = 'Harbour Hall'").fetchone()[0],))}
    assert linked == {last} or linked == {last - 1, last}  # the link after the block, not the block's lines
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh


def _notes_of(conn, key: str) -> set[str]:
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.key = ?", (key,))}


def test_a_lower_case_file_name_a_link_names_names_its_note(tmp_path):
    """Logseq saves pages in lower case (`pages/hackerspace.md`): a single
    lower-case word names no note (`todo.md`), but one a wikilink of the
    folder names, case aside (`[[Hackerspace]]`), does: the link is the
    evidence. An incremental sync names it, or stops, as a rebuild does, when
    the link comes or goes in another note; a #tag is no such link."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    pages = {"pages/hackerspace.md": "- soldering night on thursdays\n- bring a laptop\n",
             "pages/todo.md": "- fix the bike\n", "pages/ideas.md": "- a kite\n"}
    write_notes(root, {**pages, "journals/2024_05_01.md": "- went out #todo #ideas\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == set()

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    write_notes(root, {"journals/2024_05_01.md": "- went to [[Hackerspace]] #todo #ideas\n"})
    summary = sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == {"journals/2024_05_01.md", "pages/hackerspace.md"}
    assert summary.note_names_changed == ["pages/hackerspace.md"]
    assert _notes_of(conn, "todo") == {"journals/2024_05_01.md"}  # the #todo tag names no todo.md
    assert graph(conn) == fresh_graph()
    assert sync(conn, [root]).note_names_changed == []  # nothing changed: nothing extracted anew
    with db.transaction(conn):  # an index of older rules is extracted anew, named the same
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).note_names_changed == []
    assert graph(conn) == fresh_graph()
    write_notes(root, {"journals/2024_05_01.md": "- stayed home #todo\n"})
    sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == set()
    assert graph(conn) == fresh_graph()


def test_a_plain_re_sync_reads_no_chunk_for_the_links(tmp_path, monkeypatch):
    """The linked file names are recorded for a folder that has a single
    lower-case word file name, linked or not: a sync that changes no note reads
    no chunk's links; a folder without one records nothing."""
    from minirag_cli import db, store
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/ideas.md": "- a kite\n", "journal.md": "See [[Garden Plan]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert db.get_meta(conn, db.LINKED_NAMES_KEY) == '{"%s": []}' % root
    monkeypatch.setattr(store, "chunk_texts_with_links", lambda *_a: pytest.fail("chunks read"))
    sync(conn, [root])
    other = tmp_path / "other"
    write_notes(other, {"Garden Plan.md": "Tomatoes.\n", "Trip Log.md": "See [[Garden Plan]].\n"})
    plain = db.connect(tmp_path / "plain.sqlite", create=True)
    sync(plain, [other])
    assert db.get_meta(plain, db.LINKED_NAMES_KEY) is None


def test_a_sync_that_writes_a_note_reads_no_other_note_s_links(tmp_path, monkeypatch):
    """Each note's link targets are recorded (meta note_link_targets) as it
    is written: a sync that writes or removes a note (each change under
    `mrag sync --watch`) has the linked names from the record and the notes
    it writes, not from every linking chunk of the folder; an index without
    the record reads the chunks once. The graph is the rebuild's throughout."""
    from minirag_cli import db, store, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "- soldering night on thursdays\n",
                       **{f"journals/2024_05_0{i}.md": f"- [[Garden Plan]] day {i}\n" for i in range(1, 6)},
                       "journals/2024_05_06.md": "- went to [[Hackerspace]]\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert "pages/hackerspace.md" in _notes_of(conn, "hackerspace")
    real = store.chunk_texts_with_links
    read = []
    monkeypatch.setattr(store, "chunk_texts_with_links", lambda *a: read.append(a) or real(*a))

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    steps = [{"journals/2024_05_06.md": "- stayed home\n"}, {"journals/2024_05_07.md": "- back at [[hackerspace]]\n"},
             {"journals/2024_05_07.md": None}]
    for step, linked in zip(steps, [False, True, False]):
        for path, text in step.items():
            (root / path).unlink() if text is None else write_notes(root, {path: text})
        read.clear()
        summary = sync(conn, [root])
        assert (read, summary.note_names_changed) == ([], ["pages/hackerspace.md"])
        assert ("pages/hackerspace.md" in _notes_of(conn, "hackerspace")) == linked
        assert graph(conn) == fresh_graph()
    # an index synced before the record was kept reads the linking chunks once, then no more
    with db.transaction(conn):
        db.delete_meta(conn, db.LINK_TARGETS_KEY)
    for i, text in enumerate(["- went to [[Hackerspace]]\n", "- a quiet day\n"]):
        write_notes(root, {"journals/2024_05_06.md": text})
        read.clear()
        assert sync(conn, [root]).note_names_changed == ["pages/hackerspace.md"]
        assert len(read) == (1 if i == 0 else 0)
        assert graph(conn) == fresh_graph()
    # emptied for a rebuild, the index keeps no record of the notes it no longer holds
    syncmod.rebuild(conn)
    assert db.get_meta(conn, db.LINK_TARGETS_KEY) is None


@pytest.mark.parametrize("room", [True, False])
def test_a_linked_lower_case_page_is_extracted_once_by_the_sync_that_writes_it(tmp_path, monkeypatch, room):
    """A first sync names `pages/hackerspace.md` by the `[[Hackerspace]]` of
    a note it writes before it extracts the page: the page is extracted once,
    not plainly and then anew; so is one a later sync adds with its link.
    Without room to keep the notes read ahead (sync.READ_AHEAD_BYTES) the
    links are not known before, and the page is extracted anew after, as
    before. The graph is the rebuild's either way."""
    from minirag_cli import db, sync as syncmod
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from tests.test_heuristic_version import graph, sync

    seen: list[str] = []

    class Counting(HeuristicExtractor):
        def extract(self, texts, *a, **k):
            seen.extend(t for t in texts if "soldering" in t or "kites" in t)
            return super().extract(texts, *a, **k)

    if not room:
        monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    root = tmp_path / "vault"
    write_notes(root, {"journals/2024_05_01.md": "- went to [[Hackerspace]] tonight\n",
                       "pages/hackerspace.md": "- soldering night on thursdays\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    summary = sync(conn, [root], extractor=Counting())
    assert "pages/hackerspace.md" in _notes_of(conn, "hackerspace") and summary.note_names_changed == []
    assert len(seen) == (1 if room else 2)
    seen.clear()
    write_notes(root, {"journals/2024_05_02.md": "- flew [[Kites]]\n", "pages/kites.md": "- kites in the park\n"})
    sync(conn, [root], extractor=Counting())
    assert "pages/kites.md" in _notes_of(conn, "kites") and len(seen) == (1 if room else 2)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)


def test_the_linkable_file_names_are_found_once_per_listing_of_the_folder(tmp_path, monkeypatch):
    """Which notes' file names a link may name (sync._linkable_keys) is found
    once for the notes a sync walks, once for those the index holds after it
    writes them, and once per folder by a rules-version re-extraction: not
    again by each step that needs it (the linked names, their record, the
    aliases they join)."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "alias:: HS\n- soldering\n",
                       "journals/2024_05_01.md": "- went to [[Hackerspace]]\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    calls = []
    real = syncmod._linkable_keys
    monkeypatch.setattr(syncmod, "_linkable_keys", lambda *a: calls.append(1) or real(*a))
    write_notes(root, {"journals/2024_05_01.md": "- stayed home\n"})
    assert sync(conn, [root]).note_names_changed == ["pages/hackerspace.md"]
    assert len(calls) == 2
    calls.clear()
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted is not None
    assert len(calls) == 2  # the re-extraction's, then the sync's walk (no note written: no relink)


def test_a_sync_finds_each_note_s_name_key_once(tmp_path, monkeypatch):
    """The name a note is linked by (sync._note_name, and its key) is found
    once per note in a sync, whatever steps need it (the walk, the shared
    file names, the linked names, the joined aliases, the naming anew): it
    was found seven times a note by an edit that relinks, in a folder with a
    shared file name, aliases and a linked page; a rules-version
    re-extraction finds it once too."""
    from collections import Counter

    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "alias:: HS\n- soldering\n",
                       "journals/2024_05_01.md": "- went to [[Hackerspace]] with [[Jo]]\n",
                       "people/Jonas Berg.md": "---\naliases: [Jo]\n---\nJonas plays bass.\n",
                       "a/README.md": "Project A.\n", "b/README.md": "Project B.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    calls = Counter()
    real = syncmod._note_name
    monkeypatch.setattr(syncmod, "_note_name", lambda extractor, path: calls.update([path]) or real(extractor, path))
    sync(conn, [root])
    assert calls and max(calls.values()) == 1, calls
    calls.clear()
    write_notes(root, {"journals/2024_05_01.md": "- stayed home, HS met without me\n",
                       "c/README.md": "Project C.\n"})
    summary = sync(conn, [root])
    assert "pages/hackerspace.md" in summary.note_names_changed  # relinked: _name_anew's every step ran
    assert len(calls) == 6 and max(calls.values()) == 1, calls
    calls.clear()
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    assert sync(conn, [root]).reextracted is not None
    assert len(calls) == 6 and max(calls.values()) == 1, calls


@pytest.mark.parametrize("second", ["archive/hackerspace.md", "Hackerspace.md"])
def test_a_linked_file_name_that_becomes_ambiguous_names_no_note_as_a_rebuild(tmp_path, second):
    """A second `hackerspace.md`, or a `Hackerspace.md` beside
    `pages/hackerspace.md`: no link can tell which note it means, so the
    page named before is extracted anew, and the note the sync writes is not
    named by the old record of the linked names: the graph is the rebuild's."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"journals/2024_05_01.md": "- went to [[Hackerspace]] tonight\n",
                       "pages/hackerspace.md": "- soldering night on thursdays\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert "pages/hackerspace.md" in _notes_of(conn, "hackerspace")
    write_notes(root, {second: "- old stuff\n"})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert "pages/hackerspace.md" in summary.note_names_changed
    assert "pages/hackerspace.md" not in _notes_of(conn, "hackerspace")
    (root / second).unlink()  # unambiguous again: named again, as a rebuild names it
    sync(conn, [root])
    again = db.connect(tmp_path / "again.sqlite", create=True)
    sync(again, [root])
    assert graph(conn) == graph(again) and "pages/hackerspace.md" in _notes_of(conn, "hackerspace")


def test_a_new_linked_page_that_cannot_be_read_yet_is_left_out_until_it_can(tmp_path, monkeypatch):
    """A new `pages/hackerspace.md` that a [[link]] names but that cannot be
    read (permission denied) is not indexed: the sync, and every one after
    it, names no note by it and does not fail; once it can be read, it is
    indexed and named as a rebuild names it."""
    import pathlib

    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"journals/2024_05_01.md": "- went to [[Hackerspace]] tonight\n",
                       "pages/hackerspace.md": "- soldering\n"})
    real_read, real_open = pathlib.Path.read_bytes, pathlib.Path.open

    def denied(real):
        def read(self, *a, **k):
            if self.name == "hackerspace.md":
                raise PermissionError(13, "Permission denied")
            return real(self, *a, **k)
        return read

    monkeypatch.setattr(pathlib.Path, "read_bytes", denied(real_read))
    monkeypatch.setattr(pathlib.Path, "open", denied(real_open))
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    for _ in range(2):
        summary = sync(conn, [root])
        assert [s["path"] for s in summary.skipped] == ["pages/hackerspace.md"]
        assert _notes_of(conn, "hackerspace") == {"journals/2024_05_01.md"}
    monkeypatch.undo()
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert _notes_of(conn, "hackerspace") == {"journals/2024_05_01.md", "pages/hackerspace.md"}


@pytest.mark.parametrize("link_before,link_after", [(False, True), (True, False)])
def test_an_interrupted_sync_names_the_linked_note_on_the_next_one(tmp_path, monkeypatch, link_before, link_after):
    """Stopped after it wrote the note whose link came or went, before it
    named `pages/hackerspace.md` anew: the next sync, which finds no file
    changed, does it (the record of the linked names went with the write)."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    def journal(linked):
        return {"journals/2024_05_01.md": "- went to [[Hackerspace]]\n" if linked else "- stayed home\n"}

    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "- soldering on thursdays\n", **journal(link_before)})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, journal(link_after))
    monkeypatch.setattr(syncmod, "linked_names", lambda *_a: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        sync(conn, [root])
    monkeypatch.undo()
    summary = sync(conn, [root])
    assert (summary.changed, summary.note_names_changed) == (0, ["pages/hackerspace.md"])
    assert _notes_of(conn, "hackerspace") == ({"journals/2024_05_01.md", "pages/hackerspace.md"} if link_after else set())
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)


def test_an_alias_of_a_lower_case_page_a_link_names_is_joined_to_it(tmp_path):
    """`alias:: HS` in Logseq's `pages/hackerspace.md`: once a link names the
    page (`[[Hackerspace]]`), its alias is a name of the page's entity as a
    titled note's is (`[[HS]]` is `[[Hackerspace]]`); with no such link the
    page names nothing and HS is a name of its own. An incremental sync, as
    the link comes and goes, ends as a rebuild."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    def journal(linked):
        return {"journals/2024_05_01.md": "- went to [[Hackerspace]]\n" if linked else "- stayed home\n"}

    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "alias:: HS\n- soldering night on thursdays\n",
                       "journals/2024_05_02.md": "- [[HS]] was closed, HS opens on friday\n", **journal(True)})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    assert sync(conn, [root]).note_names_changed == []  # a first sync names no note anew
    everyone = {"journals/2024_05_01.md", "journals/2024_05_02.md", "pages/hackerspace.md"}
    assert _notes_of(conn, "hackerspace") == everyone
    assert _notes_of(conn, "hs") == set()

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    assert graph(conn) == fresh_graph()
    assert sync(conn, [root]).note_names_changed == []
    write_notes(root, journal(False))  # the link goes: HS is a name of its own again
    sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == set()
    assert _notes_of(conn, "hs") == {"journals/2024_05_02.md", "pages/hackerspace.md"}  # its alias:: names HS
    assert graph(conn) == fresh_graph()
    write_notes(root, journal(True))  # and comes back
    sync(conn, [root])
    assert _notes_of(conn, "hackerspace") == everyone
    assert graph(conn) == fresh_graph()
    with db.transaction(conn):  # an index of older rules is extracted anew, joined the same
        db.set_meta(conn, "heuristic_version", "1")
    sync(conn, [root])
    assert graph(conn) == fresh_graph()


# (notes before, changes: path -> text or None to delete) leaving a folder with no single lower-case
# word file name, or no titled note, or neither
EMPTIED = {
    "the linked page deleted": ({"pages/garden.md": "Garden.\n", "notes/z.md": "See [[Garden]].\n"},
                                {"pages/garden.md": None, "notes/z.md": "See Garden.\n"}),
    "the lower-case page renamed": ({"pages/garden.md": "Garden.\n", "notes/z.md": "See [[Garden]].\n"},
                                    {"pages/garden.md": None, "pages/Garden Plan.md": "Garden.\n"}),
    "the titled notes deleted": ({"a/README.md": "A.\n", "b/README.md": "B.\n", "Tom Reyes.md": "Tom.\n",
                                  "notes/z.md": "Tom Reyes and [[Tom Reyes]].\n"},
                                 {"a/README.md": None, "b/README.md": None, "Tom Reyes.md": None}),
    "the one titled note deleted": ({"Tom Reyes.md": "Tom.\n", "notes/z.md": "Tom Reyes.\n"},
                                    {"Tom Reyes.md": None}),
}


@pytest.mark.parametrize("case", list(EMPTIED))
def test_a_folder_left_with_nothing_to_link_has_the_records_a_rebuild_has(tmp_path, case):
    """The records of a folder's linked file names, link targets and shared
    file names (meta linked_note_names, note_link_targets, shared_note_names)
    are kept for a folder that has notes they are about; an incremental sync
    that leaves it none drops the folder's entries, as a rebuild writes none
    (they were kept as `[]` and `{}`)."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    before, changes = EMPTIED[case]
    root = tmp_path / "vault"
    write_notes(root, before)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    keys = (db.LINKED_NAMES_KEY, db.LINK_TARGETS_KEY, db.SHARED_NAMES_KEY)
    assert any(db.get_meta(conn, key) for key in keys)
    for path, text in changes.items():
        if text is None:
            (root / path).unlink()
        else:
            write_notes(root, {path: text})
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert {key: db.get_meta(conn, key) for key in keys} == {key: db.get_meta(fresh, key) for key in keys}
    assert graph(conn) == graph(fresh)
    sync(conn, [root])  # and a plain sync after it keeps them so
    assert {key: db.get_meta(conn, key) for key in keys} == {key: db.get_meta(fresh, key) for key in keys}
    conn.close()
    fresh.close()


def test_a_sync_stopped_after_it_removed_the_last_linked_page_leaves_the_records_a_rebuild_has(tmp_path,
                                                                                              monkeypatch):
    """The records of the linked file names and link targets are forgotten
    with the first note a sync writes or removes (the next sync reads them
    anew): a sync stopped then, in a folder left with no lower-case file name,
    left them `{}`, which the next sync, with nothing to record, kept."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/garden.md": "Garden.\n", "notes/z.md": "See [[Garden]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    (root / "pages/garden.md").unlink()
    monkeypatch.setattr(syncmod, "_name_anew", lambda *_a, **_kw: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        sync(conn, [root])
    monkeypatch.undo()
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    keys = (db.LINKED_NAMES_KEY, db.LINK_TARGETS_KEY)
    assert {key: db.get_meta(conn, key) for key in keys} == {key: db.get_meta(fresh, key) for key in keys}
    conn.close()
    fresh.close()
