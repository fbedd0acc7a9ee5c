"""Readers 5 (helper files5): what the note readers still got wrong.

An Obsidian comment (`%% hidden %%`) is read as an `<!-- -->` comment is
(searchable text; no task, link or name), a raw HTML block nothing closes
(a `<pre>` left open) ends before a paragraph of prose as a fence nothing
closes does, a word a PDF broke at a line end with a hyphen is read whole
and a soft hyphen left out, and a no-change sync opens no file it looked
into before (a `.html`, a `.json`, a binary note file beside the notes)
unless it changed."""

from __future__ import annotations

import os
import time

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor, wikilinks
from minirag_cli.extract.mdcode import chunk_readings, find_code
from minirag_cli.chunking import chunk_text
from minirag_cli.tasks import tasks_in


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def links(text: str) -> set[str]:
    return {m.name for _a, _b, m in wikilinks(text) if m is not None}


# --------------------------------------------------------------------------- Obsidian comments

def test_a_task_in_an_obsidian_comment_is_none_as_in_an_html_one():
    lines = ["%% - [ ] one line %%", "%%", "- [ ] many lines", "%%", "- [ ] call Bob %% not Ann %% today",
             "<!-- - [ ] html -->", "- [ ] after"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [(5, "call Bob today"), (7, "after")]


def test_a_stray_percent_pair_hides_no_later_task():
    lines = ["Sale: 50%% off", "- [ ] buy bread"]
    assert [t["text"] for t in tasks_in(lines)] == ["buy bread"]


def test_an_obsidian_comment_names_and_links_nothing():
    text = ("Met Maria Lopez today.\n\n%%\nAsk Carol Weber about [[Budget 2027]].\n%%\n\n"
            "Then Tom Baker called %% remind [[Secret Plan]] %% about [[Heron Board]].\n")
    assert names(text) == {"Maria Lopez", "Tom Baker", "Heron Board"}
    assert links(text) == {"Heron Board"}


AGENDA = ("* Birthdays\n%%(org-anniversary 1990 5 12) Anna Schmidt is %d years old\n\n"
          "* Meeting with Thomas Becker\n- [ ] email Thomas Becker the budget draft\n"
          "Thomas Becker wants the figures by Friday.\n\n* Holidays\n%%(diary-float t 4 2) Team lunch\n")
BATCH = ("for %%f in (*.txt) do call :save\n- [ ] ask Maria Lopez about the drive\n"
         "Maria Lopez has the keys.\nfor %%g in (*.log) do call :drop\n")


def test_percent_pairs_are_text_outside_notes_obsidian_writes(tmp_path, conn, embedder, extractor):
    # an Org-mode agenda's `%%(diary-float ...)` entries and a batch file's `%%f` are no Obsidian comments:
    # two of them hid every task and name between them; a Markdown note's still hide
    from minirag_cli import store
    from minirag_cli.tasks import select
    from tests.test_sync import run

    root = tmp_path / "notes"
    root.mkdir()
    (root / "agenda.org").write_text(AGENDA)
    (root / "backup.txt").write_text(BATCH)
    (root / "obsidian.md").write_text(AGENDA.replace("* ", "# "))
    run(conn, root, embedder, extractor)
    tasks = {(t.path, t.text) for t in select(store.notes_with_tasks(conn))}
    assert tasks == {("agenda.org", "email Thomas Becker the budget draft"),
                     ("backup.txt", "ask Maria Lopez about the drive")}
    found = {(path, name) for path, name in conn.execute(
        "SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
    assert {("agenda.org", "Thomas Becker"), ("backup.txt", "Maria Lopez")} <= found
    assert ("obsidian.md", "Thomas Becker") not in found


def test_a_non_markdown_note_reads_percent_pairs_as_text():
    assert [t["text"] for t in tasks_in(BATCH.splitlines(), comments=False)] == ["ask Maria Lopez about the drive"]
    assert tasks_in(BATCH.splitlines()) == []  # read as a Markdown note's
    assert "Maria Lopez" in {m.name for m in HeuristicExtractor().extract_one(BATCH, comments=False)}
    assert [k.kind for k in find_code(BATCH, comments=False)] == []


def test_percent_signs_in_code_open_no_comment():
    # a Mermaid diagram's `%%` comments are code, and a span's `%%` is its text
    text = "```mermaid\n%% a comment\ngraph TD\n```\nUse `%%` for a comment [[Real Link]] and more.\n"
    assert [k.kind for k in find_code(text)] == ["fence", "span"]
    assert links(text) == {"Real Link"}


def test_a_chunk_that_starts_or_ends_in_a_comment_reads_it_as_one():
    text = "Intro words here.\n%%\n" + "Carol Weber hidden words\n" * 30 + "%%\nMaria Lopez came.\n"
    chunks = chunk_text(text, size=40, overlap=5)
    assert len(chunks) > 2
    read = [names(r) for r in chunk_readings(chunks)]
    assert all("Carol Weber" not in found for found in read)
    assert any("Maria Lopez" in found for found in read)


# --------------------------------------------------------------------------- an HTML block left open

@pytest.mark.parametrize("opener", ["<pre>", "<script>", "<!--"])
def test_an_html_block_nothing_closes_ends_before_prose(opener):
    text = f"Notes by Marc.\n\n{opener}\nINFO Heron Board\n\nToday I met Maria Lopez in Berlin.\n\n- [ ] call Priya\n"
    assert names(text) == {"Marc", "Maria Lopez", "Berlin", "Priya"}
    assert [t["text"] for t in tasks_in(text.split("\n"))] == ["call Priya"]


def test_an_html_block_nothing_closes_and_no_prose_stays_code():
    text = "Notes by Marc.\n\n<pre>\nINFO Heron Board\n\nDEBUG Atlas Loader\n"
    assert names(text) == {"Marc"}


@pytest.mark.parametrize("code_lines", [30, 3])
def test_a_chunk_that_holds_the_cut_reads_the_prose_after_it(code_lines):
    # 3: the chunk holds the block's opening line and the start of the prose, not its sentence's
    # end: read alone, the block would run to the chunk's end
    text = ("Intro.\n<pre>\n" + "INFO Heron Board step\n" * code_lines + "\nToday I met Maria Lopez in Berlin and "
            + "we walked along the river for a long time " * 5 + "until dark.\n")
    chunks = chunk_text(text, size=30, overlap=5)
    read = [names(r) for r in chunk_readings(chunks)]
    assert any("Maria Lopez" in found for found in read)
    assert all("Heron Board" not in found for found in read)


# --------------------------------------------------------------------------- a word a PDF broke

@pytest.mark.parametrize("text, read", [
    # the piece before the hyphen moves down: every line keeps its number
    ("The mechanism of atten-\ntion is all you need.\n", "The mechanism of\nattention is all you need.\n"),
    ("We used a Trans-\nformer model.", "We used a\nTransformer model."),
    ("one atten-\r\ntion two\r\n", "one\r\nattention two\r\n"),
    # its line's only word: the piece after moves up, with what sticks to it
    ("atten-\ntion. And more\nNext", "attention.\nAnd more\nNext"),
    # a compound's hyphen: its first word opens compounds, or the note writes it so elsewhere
    ("A well-\nknown fact.", "A\nwell-known fact."),
    ("We take the long-\nrange view; long-range plans.", "We take the\nlong-range view; long-range plans."),
    # a number's tens, and common compounds whose first word opens plain words too (so-lution)
    ("It took twenty-\nfive days.", "It took\ntwenty-five days."),
    ("A so-\ncalled fix.", "A\nso-called fix."),
    ("Send a follow-\nup now.", "Send a\nfollow-up now."),
    ("A data-\ndriven plan.", "A\ndata-driven plan."),
    ("The user-\nfacing text.", "The\nuser-facing text."),
    ("A so-\nlution and the follow-\ning data-\nbase.", "A\nsolution and the\nfollowing\ndatabase."),
    # ... unless the note writes the word whole elsewhere
    ("Then pre-\npare it. We prepare it.", "Then\nprepare it. We prepare it."),
])
def test_a_word_broken_at_a_line_end_is_read_whole(text, read):
    from minirag_cli.walk import joined_hyphens

    assert joined_hyphens(text) == read
    assert read.count("\n") == text.count("\n")


@pytest.mark.parametrize("run", ["ACGT" * 10000, "\u00e9" * 20000, "\u0e01" * 20000], ids=["dna", "accented", "thai"])
def test_a_long_run_of_letters_is_read_in_linear_time(run):
    # a regex holds the GIL: a thread's join never times out, a child process is killed
    import subprocess
    import sys

    code = ("import sys; from minirag_cli.walk import joined_hyphens; "
            "t = sys.stdin.read(); print(joined_hyphens(t).count('attention'))")
    done = subprocess.run([sys.executable, "-c", code], input=run + "\n\nThe atten-\ntion span.\n",
                          capture_output=True, text=True, timeout=20,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert done.stdout.strip() == "1", done.stderr


@pytest.mark.parametrize("text", [
    "pre-\nand post-war Europe.",  # a hanging hyphen
    "state-of-the-\nart results.",  # a compound's hyphen
    "COVID-\n19 cases",  # no letters after it
    "It is a -\ndash",  # no word before it
    "Atten-\nTion",  # a capital after it
    "see a-\nb here",  # one letter each side
    "atten-\n  tion",  # the next line indented
    "atten-\ntion",  # joined, one line would be blank
    "Use `foo-\nbar` here",  # code
    "```\nsome-\nthing\n```\n",
])
def test_what_is_no_word_broken_at_a_line_end(text):
    from minirag_cli.walk import joined_hyphens

    assert joined_hyphens(text) == text


def test_a_broken_word_is_found_whole_and_cited_at_its_line(tmp_path, conn, embedder, extractor):
    from minirag_cli.retrieve import bm25_channel
    from tests.test_sync import run

    root = tmp_path / "notes"
    root.mkdir()
    (root / "paper.md").write_text("# Paper\n\nWe read about the atten-\ntion mechanism of the Trans-\n"
                                   "former here.\nLast line.\n")
    run(conn, root, embedder, extractor)
    hits = bm25_channel(conn, "attention transformer")
    assert len(hits) == 1
    start, end, text = conn.execute("SELECT start_line, end_line, text FROM chunks WHERE id = ?",
                                    (hits[0][0],)).fetchone()
    assert (start, end) == (1, 6) and "the\nattention mechanism of the\nTransformer here." in text


# --------------------------------------------------------------------------- a no-change sync opens nothing

CANVAS = ('{"nodes": [{"id": "a", "type": "text", "text": "Wolfgang plays bass.", "x": 0, "y": 0, '
          '"width": 10, "height": 10}], "edges": []}')
DRAWING = ('{"type": "excalidraw", "elements": [{"id": "t", "type": "text", "text": "Priya", '
           '"originalText": "Priya", "x": 0, "y": 0, "isDeleted": false}]}')
EVERY_KIND = {"a.md": "# A\nWolfgang.\n", "b.txt": "Priya.\n", "c.org": "* Heading\nPriya Raman.\n",
              "d.rst": "Title\n=====\nPriya.\n", "e.adoc": "= Doc\nPriya.\n", "f.canvas": CANVAS,
              "g.excalidraw": DRAWING, "h.excalidraw.md": "# Text Elements\nPriya ^abc\n",
              "i.markdown": "x y\n", "j.text": "x\n", "k.mdown": "x\n", "l.mkd": "x\n",
              # not indexed, each opened to tell why: another tool's page and JSON, mrag's pages,
              # a binary note file, a canvas that is no JSON
              "saved.html": "<html><body>A saved page</body></html>\n", "data.json": '{"a": 1}\n',
              "x.xml": "<a/>\n", "p.htm": "<p>x</p>\n"}


def _every_kind(root):
    from tests.test_sync import PAGE

    root.mkdir()
    for name, text in {**EVERY_KIND, "page.md": PAGE, "page.html": PAGE, "bad.canvas": "not json"}.items():
        (root / name).write_text(text)
    (root / "bin.md").write_bytes(b"\x00\x01\x02binary" * 10)
    old = time.time() - 60  # not racy: recorded by the first sync, compared by the next
    for path in root.iterdir():
        os.utime(path, (old, old))


def test_a_sync_with_no_change_opens_no_file_of_any_kind(tmp_path, conn, embedder, extractor, monkeypatch):
    """The notes of every kind were stat-only already (readers 4); a `.html`
    or `.json` beside them (checked for mrag's pages), mrag's page saved
    as a note, a binary note file and a malformed canvas were opened at every
    sync (the binary one twice): a network folder or a cloud drive's
    placeholders fetched them each time."""
    from tests.test_sync import _note_opens, run

    root = tmp_path / "notes"
    _every_kind(root)
    first = run(conn, root, embedder, extractor)
    assert first.added == 12
    opened = _note_opens(monkeypatch, root)
    again = run(conn, root, embedder, extractor)
    assert opened == []
    assert (again.added, again.changed, again.removed, again.unchanged) == (0, 0, 0, 12)
    # skipped for the same reasons, and not new: the summary counts them
    assert sorted(map(str, again.skipped)) == sorted(map(str, first.skipped)) and again.skipped_new == []
    assert {item["path"] for item in again.skipped} == {"saved.html", "data.json", "x.xml", "p.htm", "bin.md",
                                                        "bad.canvas"}


def test_a_file_changed_since_it_was_looked_at_is_looked_at_again(tmp_path, conn, embedder, extractor,
                                                                  monkeypatch):
    from tests.test_sync import PAGE, _note_opens, run

    root = tmp_path / "notes"
    _every_kind(root)
    run(conn, root, embedder, extractor)
    (root / "bin.md").write_text("Now a note about Carol Weber.\n")
    (root / "bad.canvas").write_text(CANVAS)
    (root / "saved.html").write_text(PAGE)  # now mrag's page: passed over silently
    (root / "page.md").write_text("Now a note.\n")
    old = time.time() - 30
    for name in ("bin.md", "bad.canvas", "saved.html", "page.md"):
        os.utime(root / name, (old, old))
    opened = _note_opens(monkeypatch, root)
    s = run(conn, root, embedder, extractor)
    assert sorted(s.added_paths) == ["bad.canvas", "bin.md", "page.md"]
    assert "saved.html" in opened and {item["path"] for item in s.skipped} == {"data.json", "x.xml", "p.htm"}
    opened.clear()
    s = run(conn, root, embedder, extractor)
    assert opened == [] and s.unchanged == 15


def test_a_file_modified_just_now_is_looked_at_again(tmp_path, conn, embedder, extractor, monkeypatch):
    """Within its mtime's tick a file may change again with the same size:
    what it was read to hold is not recorded until its mtime is older."""
    from tests.test_sync import _note_opens, run

    root = tmp_path / "notes"
    root.mkdir()
    (root / "a.md").write_text("Wolfgang.\n")
    os.utime(root / "a.md", (time.time() - 60, time.time() - 60))
    (root / "saved.html").write_text("<html></html>\n")  # mtime: now
    run(conn, root, embedder, extractor)
    opened = _note_opens(monkeypatch, root)
    run(conn, root, embedder, extractor)
    assert opened == ["saved.html"]


def test_a_damaged_record_opens_the_files_again(tmp_path, conn, embedder, extractor, monkeypatch):
    from minirag_cli import db
    from tests.test_sync import _note_opens, run

    root = tmp_path / "notes"
    _every_kind(root)
    run(conn, root, embedder, extractor)
    assert set(db.looked_files(conn)[str(root.resolve())]) == {
        "saved.html", "data.json", "x.xml", "p.htm", "page.md", "page.html", "bin.md", "bad.canvas"}
    db.set_meta(conn, db.LOOKED_KEY, "[not json")
    opened = _note_opens(monkeypatch, root)
    s = run(conn, root, embedder, extractor)
    assert s.unchanged == 12 and "bin.md" in opened and "saved.html" in opened
    assert len(db.looked_files(conn)[str(root.resolve())]) == 8  # recorded anew


def test_soft_hyphens_are_left_out(tmp_path, conn, embedder, extractor):
    """A soft hyphen (U+00AD, `&shy;`, a PDF's or a typeset page's) split
    the word for BM25 (`atten\\u00adtion`: "atten", "tion") and for the names
    (`Ma\\u00adria Lo\\u00adpez` named "Ma" and "Lo")."""
    from minirag_cli.retrieve import bm25_channel
    from minirag_cli.walk import read_note
    from tests.test_sync import run

    text = "We met Ma\u00adria Lo\u00adpez in Ber\u00adlin.\nThe atten\u00adtion span.\n"
    assert read_note("a.md", text.encode())[0] == "We met Maria Lopez in Berlin.\nThe attention span.\n"
    root = tmp_path / "notes"
    root.mkdir()
    (root / "a.md").write_text(text)
    run(conn, root, embedder, extractor)
    assert len(bm25_channel(conn, "attention")) == 1
    assert {name for (name,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")} >= {
        "Maria Lopez", "Berlin"}
