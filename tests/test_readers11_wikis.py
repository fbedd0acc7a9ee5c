"""Readers 11, the wikis' leftovers (Roam, Logseq, TiddlyWiki, VimWiki, Google Keep, Simplenote): each bug
checked as a user meets it, real files through `Index.sync` (the library `mrag sync` runs) and read back as
`mrag show`, `mrag tasks` and the chunks' headers have them."""

from __future__ import annotations

import sqlite3

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.walk import READER_VERSION
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def _synced(tmp_path, notes: dict[str, str]):
    """(the index's path, the sync's summary) of `notes` written under tmp_path/notes and synced."""
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        summary = index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db, summary


def _open(db):
    return Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), embedder_factory=hashing_embedder)


def _heads(db) -> dict[str, str]:
    """{path: the first line of its first chunk's header} of an index."""
    conn = sqlite3.connect(db)
    try:
        return {p: h.split("\n", 1)[0] for p, h in conn.execute(
            "SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.seq = 0")}
    finally:
        conn.close()


def _paths(db) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return sorted(p for (p,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()


def test_the_readers_are_11():
    assert READER_VERSION >= 11


# ------------------------------------------------------------------ Roam and Logseq: a page's own properties

ROAM_PERSON = ("- Type:: [[Person]]\n- Date:: [[October 3rd, 2026]]\n- Tags:: [[colleague]]\n"
               "- Works on [[Project Atlas]] with [[Marcus Lee]].\n    - {{[[TODO]]}} send Priya the budget\n")
LOGSEQ_PERSON = ("type:: [[person]]\ndate:: 2026-10-03\ntitle:: Lena H.\ntags:: colleague\n\n"
                 "- Leads the finance dashboards for [[Atlas]].\n- TODO review the dashboards with Lena\n")


def test_a_pages_date_property_dates_it(tmp_path):
    """Roam's `- Date:: [[October 3rd, 2026]]` and Logseq's `date:: 2026-10-03` date the page as a front matter
    `date:` does: its header (what BM25 and the answer's dating read) and its tasks' day. Before, neither
    dated it, and the Logseq page, opening with a property and no bullet, was headed `type:: [[person]]`."""
    db, _summary = _synced(tmp_path, {
        "roam/Priya Raman.md": ROAM_PERSON, "logseq/pages/Lena Hoffmann.md": LOGSEQ_PERSON,
        # a journal page dated by its title and a property of another day: the property's
        "roam/November 3rd, 2026.md": "- Date:: [[October 30th, 2026]]\n- met Priya\n",
        # a property far down the page is a block's: the page's head as before
        "roam/Atlas.md": "- Status report\n- Date:: [[October 3rd, 2026]]\n"})
    assert _heads(db) == {"roam/Priya Raman.md": "Priya Raman · date: 2026-10-03",
                          "logseq/pages/Lena Hoffmann.md": "Lena H. · date: 2026-10-03",
                          "roam/November 3rd, 2026.md": "November 3rd, 2026 · date: 2026-10-30",
                          "roam/Atlas.md": "Atlas"}
    with _open(db) as index:
        days = {t.text: t.note_date for t in index.tasks(state="all")}
    assert days == {"send Priya the budget": "2026-10-03", "review the dashboards with Lena": "2026-10-03"}


def test_a_page_of_empty_bullets_is_an_empty_note(tmp_path):
    """A Logseq page made and never written in (`- `) is empty, reported as such and indexed with no chunks;
    it was a one-chunk note of a lone `-` (its header `-`), found by any search."""
    db, summary = _synced(tmp_path, {"logseq/pages/Groceries.md": "- \n", "logseq/pages/Blank.md": "-\n\t- \n\n",
                                     "logseq/pages/Milk.md": "- milk\n"})
    warned = {w["path"]: w["reason"] for w in summary.warnings}
    assert warned == {"logseq/pages/Groceries.md": "empty of text, only empty list items (indexed with no chunks)",
                      "logseq/pages/Blank.md": "empty of text, only empty list items (indexed with no chunks)"}
    assert set(_heads(db)) == {"logseq/pages/Milk.md"}
    assert _paths(db) == ["logseq/pages/Blank.md", "logseq/pages/Groceries.md", "logseq/pages/Milk.md"]


def test_roams_templates_page_and_logseqs_settings_are_no_notes(tmp_path):
    """Roam's `roam/templates` page (its export's `roam/templates.md`) is skipped with its reason, as an Obsidian
    vault's templates folder is: its template tasks were open tasks, its blocks a note. Logseq's settings beside its
    pages (`logseq/config.edn`, `custom.css`) are passed over in silence, as its `logseq/bak/` copies are: each was
    listed `not a note file`. `mrag show` of either says why."""
    from minirag_cli.store.lookup import NotFound, find_document

    db, summary = _synced(tmp_path, {
        "roam/roam/templates.md": "- Meeting\n    - Attendees::\n    - {{[[TODO]]}} send the minutes\n",
        "roam/Priya Raman.md": ROAM_PERSON,
        "logseq/logseq/config.edn": "{:meta/version 1}\n", "logseq/logseq/custom.css": "body {}\n",
        "logseq/logseq/bak/pages/Lena Hoffmann/2026_10_01.md": "- old\n",
        "logseq/pages/Lena Hoffmann.md": LOGSEQ_PERSON,
        # a folder of the user's own named `roam` holds notes as any folder does
        "travel/roam/Roaming charges.md": "Roaming charges in Portugal: none within the EU.\n"})
    assert _paths(db) == ["logseq/pages/Lena Hoffmann.md", "roam/Priya Raman.md", "travel/roam/Roaming charges.md"]
    assert {s["path"]: s["reason"] for s in summary.skipped} == {
        "roam/roam/templates.md": "Roam Research's templates page (roam/templates): templates are not indexed"}
    with _open(db) as index:
        assert "send the minutes" not in {t.text for t in index.tasks(state="all")}
    conn = sqlite3.connect(db)
    try:
        for rel, why in (("roam/roam/templates.md", "Roam Research's templates page"),
                         ("logseq/logseq/config.edn", "Logseq's own settings")):
            try:
                find_document(conn, str(tmp_path / "notes" / rel))
            except NotFound as caught:
                assert why in str(caught), caught
            else:
                raise AssertionError(rel)
    finally:
        conn.close()


# ------------------------------------------------------------------------------------------- TiddlyWiki

TEAM = """title: Team
type: text/vnd.tiddlywiki

|Name|Role|h
|Sofia Almeida|Architect|
|Jonas Berg|Engineer|
|Headcount: 2|f
|The platform team|c
|striped|k
"""


def _names(db) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()


def test_a_tiddlywiki_tables_marked_header_row(tmp_path):
    """TiddlyWiki's `|Name|Role|h` is a header row (`h` after the last `|`): read as `|!Name|!Role|`, its cells
    column names, as a `|!Name|!Role|` row's are; a footer's (`f`) and caption's (`c`) rows without their mark and
    the classes' row (`k`) blank. The `h` was a cell of its own, and Name and Role names (the lines stay the file's)."""
    from minirag_cli.wikipages import tiddler_text

    read = tiddler_text(TEAM).split("\n")
    assert read[3:9] == ["|!Name|!Role|", "|Sofia Almeida|Architect|", "|Jonas Berg|Engineer|", "|Headcount: 2|",
                         "|The platform team|", ""]
    assert len(read) == len(TEAM.split("\n"))
    db, _summary = _synced(tmp_path, {"tw/tiddlers/Team.tid": TEAM})
    names = _names(db)
    assert not names & {"Name", "Role", "h", "striped"}, names
    assert {"Sofia Almeida", "Jonas Berg"} <= names, names


# ---------------------------------------------------------------------------------------------- VimWiki

GARDEN = """%nohtml

%title Garden Plans
%date 2026-09-01
%% ask Bruno Keller about the shed, privately
= Garden =
a) Dig the beds
b) [ ] Plant garlic
iv) [ ] Buy compost
1) [ ] Water daily
%%+ an old plan:
Ingrid Sandberg lends us her tiller
+%%
"""


def test_vimwiki_placeholders_comments_and_lettered_items(tmp_path):
    """A VimWiki page's `%title` after `%nohtml` and a blank line titles and its `%date` dates it (both were text,
    the page headed `%nohtml`); `%% ...` comment lines and a `%%+` ... `+%%` comment are left out (their names were
    indexed); `a)`, `b)`, `iv)` items are list items (no task was read, `Dig` and `Plant` were names)."""
    db, _summary = _synced(tmp_path, {"vw/Garden.wiki": GARDEN, "vw/Shed.wiki": "\n%title The Shed\n\nBuilt in May.\n"})
    assert _heads(db) == {"vw/Garden.wiki": "Garden Plans · date: 2026-09-01", "vw/Shed.wiki": "The Shed"}
    names = _names(db)
    assert not names & {"Bruno Keller", "Ingrid Sandberg", "Dig", "Plant"}, names
    with _open(db) as index:
        tasks = {(t.text, t.line, t.note_date) for t in index.tasks(state="all")}
        shown = index.document("vw/Garden.wiki")
    assert tasks == {("Plant garlic", 8, "2026-09-01"), ("Buy compost", 9, "2026-09-01"),
                     ("Water daily", 10, "2026-09-01")}
    assert "Bruno" not in shown["text"] and "tiller" not in shown["text"] and shown["text"].count("\n") == 13


def test_a_tiddlers_title_with_a_hash_caret_or_pipe_names_its_file(tmp_path):
    """`mrag show "C# notes"` opens the tiddler `C# notes.tid`, `"a|b notes"` the file TiddlyWiki names `a_b notes.tid`
    and `"x^2 tricks"` `x_2 tricks.tid`, as `"Trip to Lisbon"` hints its tiddler: the name was cut at its `#`, `|` or
    `^` as a link's tail (`C`, `a`, `x`), which named no note. A link's tail still is one (`Index#Links`)."""
    from minirag_cli.store.lookup import find_document

    db, _summary = _synced(tmp_path, {
        "tw/tiddlers/C# notes.tid": "title: C# notes\n\nGenerics with Jonas Berg.\n",
        "tw/tiddlers/a_b notes.tid": "title: a|b notes\n\nPipes with Jonas Berg.\n",
        "tw/tiddlers/x_2 tricks.tid": "title: x^2 tricks\n\nSquares.\n",
        "tw/tiddlers/Index.tid": "title: Index\n\nThe index.\n"})
    assert _heads(db)["tw/tiddlers/a_b notes.tid"] == "a|b notes"
    conn = sqlite3.connect(db)
    try:
        for name, path in (("C# notes", "tw/tiddlers/C# notes.tid"), ("[[C# notes]]", "tw/tiddlers/C# notes.tid"),
                           ("a|b notes", "tw/tiddlers/a_b notes.tid"), ("x^2 tricks", "tw/tiddlers/x_2 tricks.tid"),
                           ("Index#Links", "tw/tiddlers/Index.tid")):
            assert find_document(conn, name)["path"] == path, name  # opened since qa58
    finally:
        conn.close()


# ------------------------------------------------------------------------------------------- Simplenote

def test_two_simplenote_notes_of_one_text_keep_their_own_dates(tmp_path):
    """Simplenote's export names two notes of one first line `Groceries.txt` and `Groceries (1).txt`, in the order
    of source/notes.json: both are notes, each dated by its own creation. `Groceries (1).txt` was skipped as a sync
    tool's numbered copy of `Groceries.txt` (their texts the same), and when read had the first one's creation. A
    note of that text whose file name tells neither is left undated rather than dated wrong."""
    import json

    notes = [("Groceries\nmilk, eggs", "2023-05-02T10:11:12.000Z"), ("Lisbon hotel", "2023-06-01T08:00:00.000Z"),
             ("Groceries\nmilk, eggs", "2024-02-03T09:30:00.000Z")]
    source = {"activeNotes": [{"id": str(i), "content": c, "creationDate": d, "lastModified": d, "tags": []}
                              for i, (c, d) in enumerate(notes)], "trashedNotes": []}
    db, _summary = _synced(tmp_path, {
        "sn/Groceries.txt": notes[0][0], "sn/Lisbon hotel.txt": notes[1][0], "sn/Groceries (1).txt": notes[2][0],
        "sn/Shopping.txt": notes[0][0], "sn/source/notes.json": json.dumps(source, indent=2)})
    with _open(db) as index:
        made = {p: index.document(p)["text"].rstrip("\n").rsplit("\n", 1)[-1]
                for p in ("sn/Groceries.txt", "sn/Groceries (1).txt", "sn/Shopping.txt")}
    from minirag_cli.simplenote import _creations  # the machine's time zone: as the reader has it

    _by_text, by_name = _creations.__wrapped__(str(tmp_path / "notes/sn/source/notes.json"), ())
    assert made == {"sn/Groceries.txt": f"created: {by_name['Groceries']}",
                    "sn/Groceries (1).txt": f"created: {by_name['Groceries (1)']}",
                    "sn/Shopping.txt": "milk, eggs"}
    assert by_name["Groceries"].startswith("2023-05-0") and by_name["Groceries (1)"].startswith("2024-02-0")


# ------------------------------------------------------------------------------------------- Google Keep

KEEP_PAGE = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>
<title>Groceries</title><style type="text/css">body { font-family: 'Roboto'; } .note .title { font-size: 14pt; }
</style></head><body><div class="note DEFAULT"><div class="heading"><div class="meta-icons">
<span class="pinned" title="Note pinned"></span></div>
Nov 3, 2026, 9:15:02 AM
</div>
<div class="title">Groceries</div>
<div class="content"><ul class="list"><li class="listitem"><span class="bullet">&#9744;</span>
<span class="text">milk &amp; eggs</span>
</li><li class="listitem checked"><span class="bullet">&#9745;</span>
<span class="text">bread</span>
</li></ul></div>
<div class="chips"><span class="chip label"><span class="label-name">Home Projects</span></span></div>
</div></body></html>
"""

KEEP_TEXT_PAGE = """<html><head><title>Call Priya</title></head><body><div class="note DEFAULT">
<div class="heading">Oct 1, 2026, 6:02:11\u202fPM</div>
<div class="content">Call Priya Raman about the budget.<br>Then email Marcus Lee.</div>
<div class="annotations"><div class="annotations-heading">Web links</div>
<ul><li><a href="https://example.com/budget">Budget sheet</a></li></ul></div>
</div></body></html>
"""


def test_a_keep_export_of_html_pages_alone_is_read(tmp_path):
    """Takeout's Keep folder holding `.html` pages and no `.json` (an older export) is read: each page a Keep note as
    its JSON would be (title, time as `date:`, labels as `tags:`, checklist as tasks, web links); its attachments and
    Labels.txt passed over as beside a JSON note. Every page was `not a note file (.html)`: nothing was read. A page
    beside its note's `.json` is still its twin (passed over), another HTML page still no note."""
    db, summary = _synced(tmp_path, {"Takeout/Keep/Groceries.html": KEEP_PAGE,
                                     "Takeout/Keep/Call Priya.html": KEEP_TEXT_PAGE,
                                     "Takeout/Keep/Labels.txt": "Home Projects\n",
                                     "Takeout/archive_browser.html": "<html><body>Your archive</body></html>\n",
                                     "site/index.html": "<html><body><p>Hello</p></body></html>\n"})
    assert _paths(db) == ["Takeout/Keep/Call Priya.html", "Takeout/Keep/Groceries.html"]
    assert {s["path"]: s["reason"] for s in summary.skipped} == {"site/index.html": "not a note file (.html)"}
    with _open(db) as index:
        tasks = {(t.text, t.status, t.note_date) for t in index.tasks(state="all")}
        shown = index.document("Takeout/Keep/Call Priya.html")["text"]
    assert tasks == {("milk & eggs", "open", "2026-11-03"), ("bread", "done", "2026-11-03")}
    assert shown == ("---\ndate: 2026-10-01 18:02\n---\n\nCall Priya Raman about the budget.\nThen email Marcus Lee.\n"
                     "\n[Budget sheet](https://example.com/budget)\n")
    assert {"#Home-Projects", "Priya Raman", "Marcus Lee"} <= _names(db)


def test_a_keep_page_and_a_vimwiki_comment_are_read_in_linear_time():
    """Thousands of unclosed tags and stray closing ones (each looked for through every open element), and a VimWiki
    page of comment openers nothing closes (each read the rest of the page), are read in linear time."""
    import time

    from minirag_cli.keep_html import keep_html_text
    from minirag_cli.wikipages import vimwiki_text

    started = time.perf_counter()
    assert keep_html_text('<div class="note">' * 20000 + "</span>" * 20000) is None
    assert keep_html_text('<div class="note"><div class="content">' + "x<br>" * 20000) is not None
    vimwiki_text("%%+ " * 100000 + "\n")
    assert time.perf_counter() - started < 10


def test_an_index_of_readers_10_dates_its_outline_and_vimwiki_pages_anew(tmp_path):
    """A sync upgrading an index read by readers 10 reads anew the pages whose head readers 11 reads anew, their chunks
    the same (a Roam page's `- Date::`, a VimWiki page's `%title` after a blank line): they kept their old header, the
    page undated. Other notes are not written again."""
    import json

    from minirag_cli import db as index_db

    db, _summary = _synced(tmp_path, {"roam/Priya Raman.md": ROAM_PERSON, "vw/Garden.wiki": GARDEN,
                                      "plain.md": "Notes from the standup with Priya Raman.\n"})
    conn = index_db.connect(db)
    try:
        with conn:  # as readers 10 wrote them
            for path, head in (("roam/Priya Raman.md", "Priya Raman"), ("vw/Garden.wiki", "%nohtml")):
                conn.execute("UPDATE chunks SET header = ? WHERE seq = 0 AND document_id = "
                             "(SELECT id FROM documents WHERE path = ?)", (head, path))
            root = str((tmp_path / "notes").resolve())
            index_db.set_meta(conn, index_db.READER_VERSION_KEY, json.dumps({root: 10}))
    finally:
        conn.close()
    with _open(db) as index:
        summary = index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    assert summary.reread["notes"] == 2 and summary.reread["checked"] == 3
    assert _heads(db) == {"roam/Priya Raman.md": "Priya Raman · date: 2026-10-03",
                          "vw/Garden.wiki": "Garden Plans · date: 2026-09-01",
                          "plain.md": "Notes from the standup with Priya Raman."}
