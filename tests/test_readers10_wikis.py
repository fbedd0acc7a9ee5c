"""Readers 10 and heuristic rules 21, qa36's part (a VimWiki / Zim / TiddlyWiki user): the pages of a
personal wiki are notes, read as Markdown line for line (wikipages.py). `.wiki` and `.tid` files were
not walked at all (`not a note file`), and a Zim page, a `.txt`, was read as written: its header's
`Content-Type`, `Wiki-Format` and `Creation-Date` were the notebook's top names, its `[ ]` / `[*]`
checkboxes no tasks, its `@tags` persons and its `[[Work:Team]]` links names of their own."""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli import frontmatter
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.notekinds import MalformedNote
from minirag_cli.options import RetrievalOptions
from minirag_cli.walk import READER_VERSION, read_note
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

VIMWIKI_PAGE = """%title Kitchen Renovation
%date 2026-10-20
= Kitchen Renovation =
:kitchen:project:

Contractor: Marta Kowalczyk. Start: 2026-11-16.

== Open questions ==
  * [ ] confirm the electrician (Henrik Olsen) can move the sockets
  * [O] get three quotes
    * [X] quote from Marta
    * [.] quote from Bouwbedrijf De Jong
  # number the quotes
  - [-] keep the gas hob

{{{bash
# [ ] this is no task
= no heading =
}}}
See [[diary:2026-11-03|the walk-through]] and [[Contacts]].
"""

DIARY = """= Tuesday 3 November =

Met Marta Kowalczyk at the house to walk through the kitchen plan.
* [ ] order zellige tiles
"""

CONTACTS = "= Contacts =\n\n  * Marta Kowalczyk - kitchen contractor\n  * Henrik Olsen - electrician\n"

ZIM_PAGE = """Content-Type: text/x-zim-wiki
Wiki-Format: zim 0.6
Creation-Date: 2026-10-05T14:20:00+02:00

====== Atlas ======
Created Monday 05 October 2026

Owner: [[Work:Team|Lena Hoffmann]]. The on-call rota is in [[+Rota]].

===== Milestones =====
[*] schema inventory finished
[ ] port the finance dashboards
[x] drop the legacy cron jobs
* [>] move the alerting to Grafana
Verbatim: ''duckdb --readonly reports.db''

@atlas @migration
"""

ZIM_JOURNAL = """Content-Type: text/x-zim-wiki
Wiki-Format: zim 0.6
Creation-Date: 2026-11-03T09:15:00+01:00

====== Tuesday 03 Nov 2026 ======

Atlas sync with Lena Hoffmann: the finance dashboards slip to December.
[ ] write up the totals discrepancy for Lena
"""

TIDDLER = """created: 20261020091500000
modified: 20261103091500000
tags: [[travel plans]] portugal
title: Trip to Lisbon
type: text/vnd.tiddlywiki

! Trip to Lisbon

Flying out with [[my friend Sofia|Sofia Almeida]]; dinner at ''Cervejaria Ramiro''.

!! Packing
# passport
# adapter
* [ ] renew passport
"""

SOFIA = "created: 20261001120000000\ntitle: Sofia Almeida\ntags: people\n\nAn architect in Lisbon.\n"
STORY_LIST = "title: $:/StoryList\nlist: [[Trip to Lisbon]]\n\n"


def page_text(path: str, text: str):
    from minirag_cli.wikipages import page_text as read  # (a new module: the sync tests below run without it)

    return read(path, text)


TIDDLYWIKI_HTML = """<!doctype html>
<html lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html;charset=utf-8" />
<meta name="application-name" content="TiddlyWiki" />
<meta name="generator" content="TiddlyWiki" />
<meta name="tiddlywiki-version" content="5.3.3" />
<title>My TiddlyWiki</title>
"""


def test_the_versions():
    assert READER_VERSION >= 10 and VERSION >= 21


def test_a_page_keeps_its_lines():
    """Each page is read line for line: a citation, `mrag show page.wiki:12` and a task's line are the file's."""
    for path, text in (("Kitchen.wiki", VIMWIKI_PAGE), ("Atlas.txt", ZIM_PAGE), ("Trip.tid", TIDDLER),
                       ("crlf.wiki", VIMWIKI_PAGE.replace("\n", "\r\n"))):
        read = page_text(path, text)
        assert read.count("\n") == text.count("\n"), path


def test_vimwiki_markup_read_as_markdown():
    lines = page_text("Kitchen.wiki", VIMWIKI_PAGE).split("\n")
    assert lines[:4] == ["%title Kitchen Renovation", "%date 2026-10-20", "# Kitchen Renovation", "#kitchen #project"]
    assert lines[7] == "## Open questions"
    assert lines[9:14] == ["  * [/] get three quotes", "    * [X] quote from Marta",
                           "    * [/] quote from Bouwbedrijf De Jong", "  1. number the quotes",
                           "  - [-] keep the gas hob"]
    # a code block is a fence, its lines as written
    assert lines[15:19] == ["```bash", "# [ ] this is no task", "= no heading =", "```"]
    assert lines[19] == "See [[diary/2026-11-03|the walk-through]] and [[Contacts]]."
    # inline code opens no block
    assert page_text("a.wiki", "Run {{{ls}}} daily.\n{{{ls -la}}}\n= Later =\n}}}\n") == \
        "Run {{{ls}}} daily.\n{{{ls -la}}}\n# Later\n}}}\n"


def test_zim_markup_read_as_markdown():
    lines = page_text("Work/Projects/Atlas.txt", ZIM_PAGE).split("\n")
    assert lines[:3] == ZIM_PAGE.split("\n")[:3]  # its header as written (front matter)
    assert lines[4] == "# Atlas" and lines[9] == "## Milestones"
    assert lines[7] == "Owner: [[Work/Team|Lena Hoffmann]]. The on-call rota is in [[Work/Projects/Atlas/Rota]]."
    assert lines[10:14] == ["- [x] schema inventory finished", "- [ ] port the finance dashboards",
                            "- [-] drop the legacy cron jobs", "- [>] move the alerting to Grafana"]
    assert lines[14] == "Verbatim: `duckdb --readonly reports.db`"
    assert lines[16] == "#atlas #migration"
    # a `.txt` that is no Zim page is read as written
    assert page_text("notes.txt", "Meeting notes\n====== x ======\n") is None


def test_a_tiddlers_fields_are_its_front_matter():
    read = page_text("tiddlers/Trip to Lisbon.tid", TIDDLER)
    found = frontmatter.of_note(read)
    assert found is not None
    assert found.values("title") == ["Trip to Lisbon"]
    assert found.values("tags") == ["travel plans", "portugal"]
    assert found.date_line().startswith("created: 2026-10-")  # UTC 2026-10-20 09:15 in the machine's zone
    lines = read.split("\n")
    assert lines[6:] == ["# Trip to Lisbon", "",
                         "Flying out with [[Sofia Almeida|my friend Sofia]]; dinner at **Cervejaria Ramiro**.", "",
                         "## Packing", "1. passport", "1. adapter", "* [ ] renew passport", ""]
    # a macro call is code
    assert page_text("a.tid", 'title: A\n\n<<tabs "[[Sourdough]] [[Packing List]]">>\n').endswith(
        '`<<tabs "[[Sourdough]] [[Packing List]]">>`\n')
    # a Markdown tiddler's text is Markdown already
    assert page_text("a.tid", "title: A\ntype: text/x-markdown\n\n# A\n! no heading\n").endswith("# A\n! no heading\n")


@pytest.mark.parametrize("text, reason", [
    (STORY_LIST, "a TiddlyWiki system tiddler ($:/StoryList), no note"),
    ("title: Draft of 'Trip'\ndraft.of: Trip\n\ntext\n", "a TiddlyWiki draft of 'Trip' (open in its editor), no note"),
    ("title: macro.js\ntype: application/javascript\n\nexports.x = 1;\n",
     "a TiddlyWiki tiddler of type application/javascript, no text to read"),
])
def test_tiddlers_that_are_no_notes(text, reason):
    with pytest.raises(MalformedNote) as caught:
        read_note("tiddlers/x.tid", text.encode())
    assert str(caught.value) == reason


def test_placeholders_and_zim_headers_are_front_matter():
    found = frontmatter.of_note(VIMWIKI_PAGE)
    assert found.values("title") == ["Kitchen Renovation"] and found.date_line() == "date: 2026-10-20"
    assert VIMWIKI_PAGE[found.end:].startswith("= Kitchen Renovation =")
    found = frontmatter.of_note(ZIM_PAGE)
    assert found.date_line() == "created: 2026-10-05T14:20:00+02:00"
    assert ZIM_PAGE[found.end:].startswith("\n====== Atlas")
    # a Pandoc title block or a note opening with `%` is no front matter, as before
    assert frontmatter.of_note("% Title\n% Author\n\ntext\n") is None
    assert frontmatter.of_note("%titles are fun\n") is None


@pytest.fixture(scope="module")
def wiki_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wikis")
    write_notes(tmp / "notes", {
        "vimwiki/projects/Kitchen Renovation.wiki": VIMWIKI_PAGE,
        "vimwiki/diary/2026-11-03.wiki": DIARY,
        "vimwiki/Contacts.wiki": CONTACTS,
        "zim/Work/Projects/Atlas.txt": ZIM_PAGE,
        "zim/Journal/2026/11/03.txt": ZIM_JOURNAL,
        "zim/Work/Kitchen_Renovation.txt": ZIM_JOURNAL.replace("Tuesday 03 Nov 2026", "Kitchen Renovation"),
        "zim/notebook.zim": "[Notebook]\nversion=0.4\nname=Work\n",
        "tw/tiddlers/Trip to Lisbon.tid": TIDDLER,
        "tw/tiddlers/Sofia Almeida.tid": SOFIA,
        "tw/tiddlers/$__StoryList.tid": STORY_LIST,
        "tw/tiddlers/Draft of 'Trip'.tid": "title: Draft of 'Trip'\ndraft.of: Trip\n\ntext\n",
        "tw/mywiki.html": TIDDLYWIKI_HTML,
        "tw/page.html": "<!doctype html><html><body><p>Hello</p></body></html>\n",
    })
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        summary = index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db, summary


def _open(db):
    return Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), embedder_factory=hashing_embedder)


def test_a_wiki_is_indexed(wiki_db):
    db, summary = wiki_db
    conn = sqlite3.connect(db)
    try:
        paths = sorted(p for (p,) in conn.execute("SELECT path FROM documents"))
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    assert paths == ["tw/tiddlers/Sofia Almeida.tid", "tw/tiddlers/Trip to Lisbon.tid",
                     "vimwiki/Contacts.wiki", "vimwiki/diary/2026-11-03.wiki",
                     "vimwiki/projects/Kitchen Renovation.wiki", "zim/Journal/2026/11/03.txt",
                     "zim/Work/Kitchen_Renovation.txt", "zim/Work/Projects/Atlas.txt"]
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    assert "tw/tiddlers/$__StoryList.tid" not in reasons and summary.system_files == 1  # passed over unlisted
    assert reasons["tw/tiddlers/Draft of 'Trip'.tid"].startswith("a TiddlyWiki draft of 'Trip'")
    # the header's keys, the markup and the code name nothing; the pages, people and tags do
    assert not names & {"Content-Type", "Creation-Date", "Wiki-Format", "Work:Team", "+Rota", "@atlas", "type",
                        "title"}
    assert {"Marta Kowalczyk", "Henrik Olsen", "Lena Hoffmann", "Sofia Almeida", "Cervejaria Ramiro", "Atlas", "#migration",
            "#kitchen", "Contacts"} <= names


def test_a_links_target_joins_its_page(wiki_db):
    db, _summary = wiki_db
    conn = sqlite3.connect(db)
    try:
        notes = {(n, p) for n, p in conn.execute(
            "SELECT DISTINCT e.name, d.path FROM entities e JOIN mentions m ON m.entity_id = e.id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
    finally:
        conn.close()
    # TiddlyWiki's `[[shown text|Target]]` links to its target; VimWiki's `[[Contacts]]` to its page
    assert {("Sofia Almeida", "tw/tiddlers/Trip to Lisbon.tid"), ("Sofia Almeida", "tw/tiddlers/Sofia Almeida.tid"),
            ("Contacts", "vimwiki/Contacts.wiki"),
            ("Contacts", "vimwiki/projects/Kitchen Renovation.wiki")} <= notes
    assert "my friend Sofia" not in {n for n, _p in notes}
    # VimWiki's diary link names the diary page's day
    assert ("2026-11-03", "vimwiki/projects/Kitchen Renovation.wiki") in notes


def test_a_wikis_tasks(wiki_db):
    db, _summary = wiki_db
    with _open(db) as index:
        tasks = index.tasks(state="all")
    got = {(t.path.rsplit("/", 1)[-1], t.text): (t.status, t.note_date) for t in tasks}
    assert got == {
        ("Kitchen Renovation.wiki", "confirm the electrician (Henrik Olsen) can move the sockets"): ("open", "2026-10-20"),
        ("Kitchen Renovation.wiki", "get three quotes"): ("in_progress", "2026-10-20"),
        ("Kitchen Renovation.wiki", "quote from Marta"): ("done", "2026-10-20"),
        ("Kitchen Renovation.wiki", "quote from Bouwbedrijf De Jong"): ("in_progress", "2026-10-20"),
        ("Kitchen Renovation.wiki", "keep the gas hob"): ("cancelled", "2026-10-20"),
        ("2026-11-03.wiki", "order zellige tiles"): ("open", "2026-11-03"),
        ("Atlas.txt", "schema inventory finished"): ("done", "2026-10-05"),
        ("Atlas.txt", "port the finance dashboards"): ("open", "2026-10-05"),
        ("Atlas.txt", "drop the legacy cron jobs"): ("cancelled", "2026-10-05"),
        ("Atlas.txt", "move the alerting to Grafana"): ("forwarded", "2026-10-05"),
        ("03.txt", "write up the totals discrepancy for Lena"): ("open", "2026-11-03"),
        ("Kitchen_Renovation.txt", "write up the totals discrepancy for Lena"): ("open", "2026-11-03"),
        ("Trip to Lisbon.tid", "renew passport"): ("open", "2026-10-20"),
    }
    lines = {t.text: t.line for t in tasks}
    assert lines["get three quotes"] == 10 and lines["port the finance dashboards"] == 12  # the file's lines


def test_what_did_i_write_on_a_day_of_the_wiki(wiki_db):
    db, _summary = wiki_db
    with _open(db) as index:
        results = index.search("what did I write on November 3?", RetrievalOptions(k=3)).results
    # the VimWiki diary page of that day first; the Zim journal page of that day among the first three (the
    # project page linking `diary:2026-11-03` holds the date too; "write" is no term of a question about a day,
    # so the journal's "write up ..." task no longer lifts it: retrieve.NOTE_WORDS)
    paths = [r["path"] for r in results]
    assert paths[0] == "vimwiki/diary/2026-11-03.wiki" and "zim/Journal/2026/11/03.txt" in paths[:3]


def test_a_single_file_tiddlywiki_and_a_system_tiddler_say_what_they_are(wiki_db):
    """A single-file TiddlyWiki (`wiki.html`) is skipped saying how to have its tiddlers read (it was `not a note
    file (.html)`, as any page is); `mrag show` of a system tiddler says why it is passed over."""
    from minirag_cli.store.lookup import NotFound, find_document

    db, summary = wiki_db
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    assert reasons["tw/mywiki.html"].startswith("a single-file TiddlyWiki, whose tiddlers sync does not unpack")
    assert "--savewikifolder" in reasons["tw/mywiki.html"]
    assert reasons["tw/page.html"] == "not a note file (.html)"
    conn = sqlite3.connect(db)
    try:
        with pytest.raises(NotFound) as caught:
            find_document(conn, str(db.parent / "notes" / "tw/tiddlers/$__StoryList.tid"))
    finally:
        conn.close()
    assert "TiddlyWiki system tiddler" in str(caught.value)


def test_a_page_is_read_in_linear_time():
    """Long lines of markup that opens and never closes, and thousands of lines opening a code block nothing
    closes, are read in linear time (a line's rules tried from each blank of a run of 20,000: 20 s)."""
    import time

    lines = [" " * 200000, "= a" + " " * 200000 + "b", "[[/" * 70000, "[[a|" * 50000, "|" + "-" * 200000 + "x",
             " :" + "a:" * 100000 + "x", "''a" * 70000, "k: a" + " " * 200000 + "b", "{{{code: " + "x " * 100000]
    started = time.perf_counter()
    for path, head in (("a.wiki", ""), ("a.txt", "Content-Type: text/x-zim-wiki\n\n"), ("a.tid", "title: x\n\n")):
        for line in lines:
            page_text(path, head + line + "\n" + line + "\n")
        page_text(path, head + "{{{\n```x\n'''\n" * 30000)
    page_text("a.tid", "k: a" + " " * 200000 + "b\n\nbody\n")
    assert time.perf_counter() - started < 10


def test_a_zim_code_blocks_language():
    text = 'Content-Type: text/x-zim-wiki\n\n{{{code: lang="python3" linenumbers="True"\n[ ] x = 1\n}}}\n'
    assert page_text("a.txt", text).split("\n")[2:5] == ["```python3", "[ ] x = 1", "```"]


def test_a_pages_name_hints_it(wiki_db):
    """`mrag show "Kitchen Renovation"` names the page `Kitchen Renovation.wiki` and Zim's `Kitchen_Renovation.txt`,
    as it names a Markdown note; the one page of a name opens (qa58)."""
    from minirag_cli.store.lookup import NotFound, find_document

    db, _summary = wiki_db
    conn = sqlite3.connect(db)
    try:
        for name, path in (("Kitchen Renovation", "vimwiki/projects/Kitchen Renovation.wiki"),
                           ("Kitchen Renovation", "zim/Work/Kitchen_Renovation.txt")):
            with pytest.raises(NotFound, match="names 2 indexed notes") as caught:
                find_document(conn, name)
            assert path in (caught.value.hint or ""), name
        assert find_document(conn, "[[Sofia Almeida]]")["path"] == "tw/tiddlers/Sofia Almeida.tid"
    finally:
        conn.close()


def _wiki_index(tmp_path, notes: dict[str, str]):
    """The path of an index of `notes` (under tmp_path/notes) synced with the heuristic extractor."""
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _extracted(db) -> tuple:
    """What the extraction made of an index: its graph, its chunks' headers and its tasks with their dates."""
    from minirag_cli import db as index_db
    from tests.test_heuristic_version import graph

    conn = index_db.connect(db)
    try:
        made = graph(conn)
    finally:
        conn.close()
    with _open(db) as index:
        tasks = sorted((t.path, t.text, t.status, t.note_date) for t in index.tasks(state="all"))
    return made, tasks


def test_a_re_extraction_reads_a_wiki_pages_front_matter_as_a_sync_does(tmp_path):
    """fixU1 (review revU): a re-extraction reads no file but the stored chunks (sync.stored_note), which looked
    for a block only after a first line of `---` or MultiMarkdown's (frontmatter.may_open): a VimWiki page's
    `%title`/`%date` and a Zim page's header were text at the next rules' version, the headers `%title Grout`
    and `Content-Type: text/x-zim-wiki`, Content-Type, Wiki-Format and Creation-Date names, the tasks undated."""
    db = _wiki_index(tmp_path, {
        "Kitchen Renovation.wiki": VIMWIKI_PAGE, "Grout.wiki": "%title Grout\n%date 2026-11-05\n= Grout =\n"
        "Chose grey grout with Bruno.\n* [ ] buy the grout\n", "Atlas.txt": ZIM_PAGE, "03.txt": ZIM_JOURNAL})
    first = _extracted(db)
    assert not {"Content-Type", "Wiki-Format", "Creation-Date"} & {name for _k, name, *_ in first[0]["entities"]}
    conn = sqlite3.connect(db)
    try:
        with conn:
            conn.execute("UPDATE meta SET value = '20' WHERE key = 'heuristic_version'")
    finally:
        conn.close()
    with _open(db) as index:
        summary = index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    assert summary.reextracted["notes"] == 4
    again = _extracted(db)
    assert again == first
    assert ("Grout.wiki", "buy the grout", "open", "2026-11-05") in again[1]


def test_a_tiddlers_field_names_are_tiddlywikis():
    """fixU1 (review revU): TiddlyMap gives every tiddler a `tmap.id` field, TiddlyWiki has `_canonical_uri`: a
    field name MultiMarkdown does not write cost the tiddler all its fields as front matter (title, tags, the
    date); MultiMarkdown's own block stays strict about its keys."""
    tiddler = TIDDLER.replace("type: ", "tmap.id: 5b0c1f7e-3a2d-4d1b-9d0e-2c7f1a9e8b11\n_canonical_uri: x.png\ntype: ")
    found = frontmatter.of_note(page_text("tiddlers/Trip to Lisbon.tid", tiddler))
    assert found is not None and found.values("title") == ["Trip to Lisbon"]
    assert found.values("tags") == ["travel plans", "portugal"] and found.date_line().startswith("created: 2026-10-")
    assert found.values("tmap.id") == ["5b0c1f7e-3a2d-4d1b-9d0e-2c7f1a9e8b11"]
    assert frontmatter.of_note("Title: Slow travel\ntmap.id: 5b0c\n\ntext\n") is None


def test_a_notes_lines_under_a_lower_case_title_line_are_its_text():
    """Review rdB: a note (not a tiddler) opening with a lower-case `title: ` line took every `X: y` line under it
    as a tiddler's field, keys with blanks too, so `Dr. Chen: shipped the fix` and `- milk: 2 litres` left the
    note's text for its front matter. A tiddler's field name is one word."""
    standup = "title: Standup\nDr. Chen: shipped the fix\nAna (QA): reviewed it\n\nNext week: the release.\n"
    assert frontmatter.of_note(standup) is None
    assert frontmatter.of_note("title: Groceries\n- milk: 2 litres\n- eggs: 12\n") is None
    fields = frontmatter.of_note("title: Porto\ntmap.id: 5b0c\ndraft.of: Porto\n\ntext\n")
    assert fields is not None and fields.values("draft.of") == ["Porto"]
    mmd = frontmatter.of_note("title: Slow travel\nbase header level: 2\n\ntext\n")  # MultiMarkdown's, as before
    assert mmd is not None and mmd.values("base header level") == ["2"]


def test_a_wiki_page_written_in_markdown_is_read_as_it_is():
    """fixU1 (review revU): a `.wiki` page in Markdown (VimWiki's Markdown syntax keeping `.wiki`, Gollum) was
    read as VimWiki's default syntax: its `# Title` a numbered item `1. Title`, its `:smile:` a tag."""
    page = "# Project Atlas\n\n## Tasks\n- [ ] Call Bruno\nWe met at 10:30: all good :smile:\n"
    assert page_text("notes.wiki", page) == page
    assert page_text("notes.wiki", "# Project Atlas\nSee [the plan](plan.md).\n") == \
        "# Project Atlas\nSee [the plan](plan.md).\n"
    # VimWiki's own syntax as before: `= H =` headings, `#` numbered items
    assert page_text("Berlin.wiki", "== History ==\n# First item\n## not markdown\n").split("\n")[:2] == \
        ["## History", "1. First item"]
    assert page_text("a.wiki", "# one\n# two\n") == "1. one\n1. two\n"


def test_a_tiddler_is_named_by_its_title(tmp_path):
    """fixU1 (review revU): TiddlyWiki saves `Meeting: Q4 planning` as `Meeting_ Q4 planning.tid` (a file name
    holds no `:`); `mrag show "Meeting: Q4 planning"` named no file. It opens the tiddler (qa58)."""
    from minirag_cli.store.lookup import find_document

    db = _wiki_index(tmp_path, {
        "tiddlers/Meeting_ Q4 planning.tid": "title: Meeting: Q4 planning\n\nDiscussed the budget with Helena.\n",
        "tiddlers/Work_Plan.tid": "title: Work/Plan\n\nShip it.\n"})
    conn = sqlite3.connect(db)
    try:
        for name, path in (("Meeting: Q4 planning", "tiddlers/Meeting_ Q4 planning.tid"),
                           ("Work/Plan", "tiddlers/Work_Plan.tid")):
            assert find_document(conn, name)["path"] == path, name
    finally:
        conn.close()
