"""A dated section dates its own lines (sections.py): a one-file journal of
`## 2026-11-03` sections, an Org datetree and a changelog are chunked at
each change of day, each chunk headed with its section's day, which the
date questions, answer sources and `mrag tasks` read; a note without a
dated section is chunked and headed as before."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from minirag_cli.answer import note_date
from minirag_cli.chunking import chunk_text
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.sections import day_changes, dated_header, heading_date, heading_day, note_chunks
from minirag_cli.store import note_heads, notes_with_tasks
from minirag_cli.tasks import select
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

JOURNAL = """# Journal

## 2026-11-01
Walked to the harbour and bought bread at the market.

## Tuesday, 3 November 2026
Fixed the boiler in the cellar; the plumber came at noon.
- [ ] pay the plumber

## 2026-11-05 Thu
Read a book about lighthouses on the sofa.
"""
DATETREE = """#+TITLE: Diary

* 2026
** 2026-11 November
*** 2026-11-03 Tuesday
Repainted the garden shed green.
*** 2026-11-04 Wednesday
Dinner at the Korean place with Ana.
"""
CHANGELOG = """# Changelog

## [Unreleased]
- Dark mode.

## [1.4.0] - 2026-11-03
### Fixed
- The export no longer drops attachments.

## [1.3.0] - 2026-10-20
### Added
- Calendar sync.
"""


@pytest.fixture(scope="module")
def index_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sections")
    write_notes(tmp / "notes", {"journal.md": JOURNAL, "diary.org": DATETREE, "CHANGELOG.md": CHANGELOG})
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _search(db, question, today=None, k=3):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=k), today=today)


def _headers(db, path):
    conn = sqlite3.connect(db)
    try:
        return [(line, header) for line, header in conn.execute(
            "SELECT c.start_line, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
            "WHERE d.path = ? ORDER BY c.seq", (path,))]
    finally:
        conn.close()


def _source_date(db, result):
    conn = sqlite3.connect(db)
    try:
        head = note_heads(conn, [result["chunk_id"]])[result["chunk_id"]]
    finally:
        conn.close()
    return note_date(head, result["path"], result.get("root") or "")


def test_each_dated_section_is_chunked_and_headed_with_its_day(index_db):
    assert _headers(index_db, "journal.md") == [
        (1, "# Journal"), (3, "# Journal · date: 2026-11-01"), (6, "# Journal · date: 2026-11-03"),
        (10, "# Journal · date: 2026-11-05")]
    assert _headers(index_db, "diary.org") == [
        (1, "Diary"), (5, "Diary · date: 2026-11-03"), (7, "Diary · date: 2026-11-04")]
    # `[Unreleased]` dates nothing; each release its own lines, its `### Fixed` among them
    assert _headers(index_db, "CHANGELOG.md") == [
        (1, "# Changelog"), (6, "# Changelog · date: 2026-11-03"), (10, "# Changelog · date: 2026-10-20")]


def test_what_did_i_do_on_a_day_of_a_one_file_journal(index_db):
    result = _search(index_db, "what did I do on Nov 3?")
    top = result.results[0]
    assert top["path"] == "journal.md" and "boiler" in top["text"]
    assert "harbour" not in top["text"] and "lighthouses" not in top["text"]  # that day's lines alone
    assert "date" in top["channels"]
    assert _source_date(index_db, top) == "2026-11-03"


def test_yesterday_reaches_the_days_section(index_db):
    result = _search(index_db, "what did I do yesterday?", today=dt.date(2026, 11, 6), k=5)
    assert result.to_dict()["days"]["dated_notes"] is True
    dated = [r for r in result.results if "date" in r["channels"]]
    assert [r["text"].split("\n", 1)[0] for r in dated] == ["## 2026-11-05 Thu"]


def test_an_org_datetree_day_and_a_changelog_release(index_db):
    top = _search(index_db, "what did I do on November 4, 2026?").results[0]
    assert top["path"] == "diary.org" and "Korean" in top["text"] and "shed" not in top["text"]
    assert _source_date(index_db, top) == "2026-11-04"
    release = _search(index_db, "when was the export fixed to keep attachments?").results[0]
    assert release["path"] == "CHANGELOG.md" and _source_date(index_db, release) == "2026-11-03"


def test_a_task_is_dated_by_its_section(index_db):
    conn = sqlite3.connect(index_db)
    try:
        tasks = select(list(notes_with_tasks(conn)))
    finally:
        conn.close()
    assert [(t.text, t.note_date) for t in tasks if t.path == "journal.md"] == [("pay the plumber", "2026-11-03")]


def test_what_dates_a_section():
    assert heading_day("2026-11-03") == heading_day("Tuesday, 3 November 2026") == "2026-11-03"
    assert heading_day("2026-11-03 Tue") == heading_day("[1.4.0] - 2026-11-03") == "2026-11-03"
    assert heading_day("November 3rd, 2026") == "2026-11-03"
    # no year, not the heading's own day, a month
    assert heading_day("1 April") == heading_day("Plan for 2026-11-03") == heading_day("2026-11 November") == ""
    # the title dates the note, not a section; a fenced `#` line is no heading; `## Notes` ends the day
    text = ("# Debrief (12 November 2025)\n\n## 2026-11-03\nA\n```\n# 2026-11-09\n```\n### Later\nB\n"
            "## Notes\nC\n")
    assert day_changes(text, "a.md") == [(3, "2026-11-03"), (10, "")]
    assert day_changes("* 2026-11-03 item\n* 2026-11-04 item\n", "list.md") == []  # a Markdown list
    # a front matter's YAML comment is no heading
    assert day_changes("---\n# 2026-11-02 imported\ntitle: Log\n---\n# Log\n## 2026-11-03\nA\n", "f.md") == \
        [(6, "2026-11-03")]


JOURNAL_HEAD = "# Journal\n\n## 2026-11-01\nA\n\n"


@pytest.mark.parametrize("code", [
    # a fence nothing closes ends before the first paragraph of prose: the days after it are read
    "```\nprint(1)\n\nWe walked to the harbour and bought bread.\n\n",
    # a shorter fence, or one with an info string, closes nothing: the heading is code
    "````\n```\n## 2026-11-02\n````\n",
    "```\nx = 1\n```python\n## 2026-11-02\n```\n",
    # a tab-indented line of backticks opens no fence (CommonMark: indented code)
    "\t```\n",
])
def test_a_heading_is_read_outside_fences_as_the_extractors_read_fences(code):
    """day_changes reads fences as mdcode does (readers 8; before, a fence was any line opening with
    three backticks or tildes, closed by the next such line, or by none: the rest of the note)."""
    text = JOURNAL_HEAD + code + "## 2026-11-03\nB\n"
    assert day_changes(text, "j.md") == [(3, "2026-11-01"), (text.count("\n") - 1, "2026-11-03")]


def test_a_heading_after_a_blank_line_ends_a_fence_nothing_closes():
    """A stray fence before a journal's next day (revO's repro: a ``` line left open, a blank line,
    `## 2026-11-03`): the heading ends the fence (mdcode._unclosed_end, readers 8); before, a heading's
    paragraph never read as prose, and every later day of the note was code."""
    text = ("# Journal\n\n## 2026-11-02\nInstalled the tools:\n```\nnpm i\n\n## 2026-11-03\n"
            "Went to the gym with Tom Berger today.\n\n## 2026-11-04\nHad lunch with Priya Raman in Porto.\n")
    assert day_changes(text, "j.md") == [(3, "2026-11-02"), (8, "2026-11-03"), (11, "2026-11-04")]
    # a heading with no blank line before it, in the fence, is still its text
    assert day_changes(JOURNAL_HEAD + "```\nnpm i\n## 2026-11-02\nB\n", "j.md") == [(3, "2026-11-01")]


def test_a_fence_opened_on_a_list_item_s_line_closes_at_its_indented_closing_line():
    """`- ```sql` ... `  ```` (readers 8): the indented closing line closed nothing and opened a fence,
    which hid the days after it; now it closes the item's fence, and so does a line indented less
    than the item's text."""
    text = JOURNAL_HEAD + "- ```sql\n  ## 2026-11-02\n  ```\n## 2026-11-03\nB\n"
    assert day_changes(text, "j.md") == [(3, "2026-11-01"), (9, "2026-11-03")]
    text = JOURNAL_HEAD + "1. ```\n   ## 2026-11-02\n## 2026-11-03\nB\n"
    assert day_changes(text, "j.md") == [(3, "2026-11-01"), (8, "2026-11-03")]


def test_an_admonition_fence_holds_text_whose_headings_are_read():
    """An Admonition fence (```` ```ad-note ````) holds prose, as the extractors read it (readers 8)."""
    assert day_changes(JOURNAL_HEAD + "```ad-note\n## 2026-11-03\nB\n```\n", "j.md") == \
        [(3, "2026-11-01"), (7, "2026-11-03")]


TOML_JOURNAL = ('+++\ntitle = "Journal"\ndate = 2026-10-01\n# 2026-11-02 imported from Day One\n+++\n'
                'Journal of the autumn.\n\n# 2026-11-03 Harbour walk\nWalked to the harbour.\n'
                '# 2026-11-04 Boiler\nFixed the boiler.\n')


def test_a_front_matter_comment_is_no_heading_in_toml_or_after_a_byte_order_mark():
    """The front matter before the title is frontmatter.of_note's (readers 8): a Hugo TOML block's `# ...`
    comment was read as a heading (among two more dated ones of its level it dated the block's last line
    and the note's first as 2 November), and so was a YAML block's after a byte order mark; `---` lines
    around a paragraph of prose are no block, and its heading is read (as the extractors read it: text)."""
    assert day_changes(TOML_JOURNAL, "j.md") == [(8, "2026-11-03"), (10, "2026-11-04")]
    assert [c.start_line for c in note_chunks(TOML_JOURNAL, "j.md", 400, 8)] == [1, 8, 10]  # not cut at line 4
    assert day_changes("\ufeff---\n# 2026-11-02\ntitle: Log\n---\n# Log\n## 2026-11-03\nA\n", "f.md") == \
        [(6, "2026-11-03")]
    assert day_changes("---\n## 2026-11-02\nWe met at the harbour.\n---\n## 2026-11-03\nA\n", "r.md") == \
        [(2, "2026-11-02"), (5, "2026-11-03")]


PLAN = """---
date: 2026-10-01
---
# Planning meeting

Met with Priya about the launch.

## 2026-11-03 release plan

- [ ] ship the installer

## Risks

- [ ] check the translations
"""


def test_one_heading_that_opens_with_a_day_among_other_words_dates_nothing(tmp_path):
    """`## 2026-11-03 release plan` in a note written 2026-10-01 names the
    plan's day, it is no diary entry: its task is of the note's date and the
    note is no section of November 3 (sections.heading_date). A day with
    words dates its section among another dated heading of its level (a
    journal's `## 2026-11-03 Lunch with Jonas`), the day alone (with a
    weekday, or after a changelog's version) always."""
    assert heading_date("2026-11-03 release plan") == ("2026-11-03", False)
    assert heading_date("3 November 2026 (Tuesday)") == heading_date("v1.4.0 \u2014 2026-11-03") == ("2026-11-03", True)
    assert day_changes(PLAN, "Planning.md") == []
    assert day_changes("# Journal\n## 2026-11-03 Lunch with Jonas\nA\n## 2026-11-04 Gym\nB\n", "j.md") == \
        [(2, "2026-11-03"), (4, "2026-11-04")]
    # a day alone dates its section though it is the note's only dated heading
    assert day_changes("# Plan\n## 2026-11-03\nA\n", "p.md") == [(2, "2026-11-03")]
    root = tmp_path / "notes"
    write_notes(root, {"Planning.md": PLAN})
    _sync(tmp_path / "index.sqlite", root)
    conn = sqlite3.connect(tmp_path / "index.sqlite")
    try:
        tasks = select(list(notes_with_tasks(conn)))
    finally:
        conn.close()
    assert [(t.text, t.note_date) for t in tasks] == [("ship the installer", "2026-10-01"),
                                                      ("check the translations", "2026-10-01")]


def test_a_note_without_dated_sections_is_chunked_as_before():
    # (readers 17: `# Meetings 2025` over the same days dates them 2025-04-01, 2025-06-03: test_yearless_headings)
    text = "# Meetings\n\n## 1 April\nKestrel Café.\n\n## 3 June\nBudget.\n" * 30
    assert day_changes(text, "m.md") == []
    assert note_chunks(text, "m.md", 40, 8) == chunk_text(text, 40, 8)


def test_a_dated_header_keeps_the_title_and_the_people():
    assert dated_header("Standup · date: 2026-11-01\nAna, Bo", "2026-11-03", 120) == \
        "Standup · date: 2026-11-03\nAna, Bo"
    assert dated_header("date: 2026-11-01", "2026-11-03", 120) == "date: 2026-11-03"
    assert dated_header("Standup\nAna", "", 120) == "Standup\nAna"


def _sync(db_path, root):
    from minirag_cli import db
    from minirag_cli.sync import SyncOptions as Options, sync_folders

    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=Options())
    finally:
        conn.close()


def test_renamed_people_keep_each_sections_day(tmp_path):
    """A later note that makes someone a person rewrites the people line of
    every header of the notes naming them (store.write._rename_people): each
    dated section's header keeps its own day, as a fresh sync writes it."""
    root = tmp_path / "notes"
    write_notes(root, {"z.md": "# Log\n\n## 2026-11-01\nJonas Berg went to the market.\n\n"
                               "## 2026-11-02\nJonas Berg fixed the bike.\n"})
    _sync(tmp_path / "index.sqlite", root)
    write_notes(root, {"a.md": "Jonas Berg: hi\nMara: ok\nJonas Berg: bye\nMara: see you\n"})
    _sync(tmp_path / "index.sqlite", root)
    _sync(tmp_path / "fresh.sqlite", root)
    assert _headers(tmp_path / "index.sqlite", "z.md") == _headers(tmp_path / "fresh.sqlite", "z.md") == [
        (1, "# Log\nJonas Berg"), (3, "# Log · date: 2026-11-01\nJonas Berg"),
        (6, "# Log · date: 2026-11-02\nJonas Berg")]


def test_a_re_extraction_keeps_each_sections_day(tmp_path):
    """Newer heuristic rules re-extract the index from its stored chunks
    (sync._reextract_group, store.write_graph): each dated section's header
    is written with its day again, read from the note as its chunks lay it."""
    from minirag_cli import db

    root = tmp_path / "notes"
    write_notes(root, {"journal.md": JOURNAL, "diary.org": DATETREE})
    _sync(tmp_path / "index.sqlite", root)
    before = [_headers(tmp_path / "index.sqlite", p) for p in ("journal.md", "diary.org")]
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        db.set_meta(conn, "heuristic_version", "0")
        conn.execute("UPDATE chunks SET header = 'stale'")
        conn.commit()
    finally:
        conn.close()
    _sync(tmp_path / "index.sqlite", root)
    assert [_headers(tmp_path / "index.sqlite", p) for p in ("journal.md", "diary.org")] == before
    assert before[0][2] == (6, "# Journal · date: 2026-11-03") and before[1][1] == (5, "Diary · date: 2026-11-03")


BLANKS = ("# Journal\n\nIntro line.   \n  \n## 2026-11-02\n\nLunch with Jonas at the harbour.   \n   \n"
          "## 2026-11-03\n\nBought a bike with Jonas.\n\n## Notes\n\nundated\n")


def test_a_re_extraction_keeps_the_days_after_blank_lines_of_spaces(tmp_path):
    """Blank lines that hold spaces (or lines that end in them) before a
    dated heading: the chunks leave the blank out, and a re-extraction, which
    lays the note from its chunks, reads the heading where the file has it,
    at its line's start (sections.stored_days), not indented by the blank's
    spaces - each section keeps its day, as the first sync wrote it."""
    from minirag_cli import db
    from minirag_cli.sections import chunk_days, stored_days

    for size, overlap in ((8, 0), (8, 4), (400, 50)):
        cs = note_chunks(BLANKS, "j.md", size, overlap)
        assert stored_days(cs, "j.md") == chunk_days(cs, BLANKS, "j.md") == ["", "2026-11-02", "2026-11-03", ""]
    root = tmp_path / "notes"
    write_notes(root, {"journal.md": BLANKS})
    _sync(tmp_path / "index.sqlite", root)
    before = _headers(tmp_path / "index.sqlite", "journal.md")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        db.set_meta(conn, "heuristic_version", "0")
        conn.commit()
    finally:
        conn.close()
    _sync(tmp_path / "index.sqlite", root)
    assert _headers(tmp_path / "index.sqlite", "journal.md") == before
    assert [h for _line, h in before][1:3] == ["# Journal · date: 2026-11-02", "# Journal · date: 2026-11-03"]


def test_the_answer_reads_the_asked_days_sections_alone(index_db):
    """answer.on_the_day keeps the results of the asked day for the model:
    the day's section of a journal, not its other days' lines."""
    from minirag_cli.answer import on_the_day

    results = _search(index_db, "what did I do on November 3, 2026?", k=10).results
    conn = sqlite3.connect(index_db)
    try:
        heads = note_heads(conn, [r["chunk_id"] for r in results])
    finally:
        conn.close()
    kept = on_the_day("what did I do on November 3, 2026?", results, heads)
    assert sorted(r["text"].split("\n", 1)[0] for r in kept) == [
        "## Tuesday, 3 November 2026", "## [1.4.0] - 2026-11-03", "*** 2026-11-03 Tuesday"]


@pytest.mark.parametrize("lines", [None, 4], ids=["whole chunks", "lines in context"])
def test_each_section_is_an_answer_source_of_its_day(index_db, lines):
    """The answer's sources: a journal's two days are two sources, each
    dated by its section, with that day's lines alone (the note's lines
    around a chunk stop at its section)."""
    from minirag_cli import answer as ans
    from minirag_cli.store import note_lines

    question = "what did I do on November 3 and November 5, 2026?"
    results = [r for r in _search(index_db, question, k=10).results if r["path"] == "journal.md"
               and r["text"].startswith(("## Tuesday", "## 2026-11-05"))]
    conn = sqlite3.connect(index_db)
    try:
        heads = note_heads(conn, [r["chunk_id"] for r in results])
        sources = ans.make_sources(question, results, note_heads=heads, options=ans.AnswerOptions(lines=lines),
                                   embed=hashing_embedder("hashing:64").embed,
                                   note_lines=lambda notes: note_lines(conn, notes))
    finally:
        conn.close()
    assert sorted(s["date"] for s in sources) == ["2026-11-03", "2026-11-05"]
    for s in sources:
        assert ("boiler" in s["text"]) == (s["date"] == "2026-11-03")
        assert ("lighthouses" in s["text"]) == (s["date"] == "2026-11-05")
        assert "harbour" not in s["text"]


def test_a_sources_context_lines_stop_at_its_section(index_db):
    """The lines around a chunk compete for the source (AnswerOptions.context),
    but not the previous day's: they are of another day than the source's."""
    from minirag_cli import answer as ans
    from minirag_cli.store import note_lines

    question = "did I walk to the harbour and buy bread at the market on November 3, 2026?"
    results = [r for r in _search(index_db, question, k=10).results if r["text"].startswith("## Tuesday")]
    conn = sqlite3.connect(index_db)
    try:
        heads = note_heads(conn, [r["chunk_id"] for r in results])
        sources = ans.make_sources(question, results, note_heads=heads, embed=hashing_embedder("hashing:64").embed,
                                   options=ans.AnswerOptions(lines=4, context=6),
                                   note_lines=lambda notes: note_lines(conn, notes))
    finally:
        conn.close()
    assert [s["date"] for s in sources] == ["2026-11-03"]
    assert "boiler" in sources[0]["text"] and "harbour" not in sources[0]["text"]
