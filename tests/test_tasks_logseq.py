"""`mrag tasks` reads Logseq's task blocks (`- TODO call Priya`, `- DONE`,
`- NOW`, ...) in a Logseq page: their state by marker, `SCHEDULED:` /
`DEADLINE:` lines as scheduled / due, the priority, the `:LOGBOOK:` drawer
and block properties out of the text, sub-tasks; a Markdown list elsewhere
(`- TODO list for the trip`) stays prose. A code block Logseq writes on a
bullet (`- ```sql`) hides its lines, and ends where it ends."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.tasks import is_logseq, logseq_tasks_in, tasks_of, tasks_in
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

PAGE = (
    "title:: Work/Project Alpha\n"
    "tags:: work, q4\n"
    "\n"
    "- ## Tasks\n"
    "\t- TODO [#A] write the export spec\n"
    "\t  DEADLINE: <2026-11-25 Wed>\n"
    "\t- DOING load-test the exporter\n"
    "\t  :LOGBOOK:\n"
    "\t  CLOCK: [2026-11-16 Mon 10:02:11]--[2026-11-16 Mon 11:30:40] =>  01:28:29\n"
    "\t  :END:\n"
    "\t\t- LATER compare with Kafka\n"
    "\t\t  SCHEDULED: <2026-12-01 Tue 10:00 .+1w>\n"
    "\t- DONE pick the message queue\n"
    "\t  id:: 6543a1b2-0c1d-4e2f-9a3b-1c2d3e4f5a6b\n"
    "\t- CANCELED rewrite in Rust\n"
    "\t- CANCELLED port to Go\n"
    "\t- WAITING samples from [[Olu Adebayo]]\n"
    "\t  they promised them for Friday\n"
    "\t- NOW review PR 118\n"
    "\t- TODO\n"
    "\t- TODOs are a state of mind\n"
)


def test_logseq_markers_dates_priority_and_drawer():
    found = logseq_tasks_in(PAGE.split("\n"))
    assert [(t["line"], t["status"], t["done"], t["text"], t["due"], t["scheduled"], t["parent"]) for t in found] == [
        (5, "open", False, "write the export spec", "2026-11-25", None, None),
        (7, "in_progress", False, "load-test the exporter", None, None, None),
        (11, "open", False, "compare with Kafka", None, "2026-12-01", 7),
        (13, "done", True, "pick the message queue", None, None, None),
        (15, "cancelled", True, "rewrite in Rust", None, None, None),
        (16, "cancelled", True, "port to Go", None, None, None),
        (17, "open", False, "WAITING samples from [[Olu Adebayo]] they promised them for Friday", None, None, None),
        (19, "in_progress", False, "review PR 118", None, None, None),
    ]
    assert found[1]["lines"] == [7, 10]  # the drawer is the task's, not its text
    assert found[3]["lines"] == [13, 14]


def test_a_logseq_repeater_is_the_tasks_recurrence():
    """tasks4: a block's `SCHEDULED: <2026-11-03 Tue .+1d>` gave its day and dropped its repeater."""
    tasks = logseq_tasks_in(["- TODO floss", "  SCHEDULED: <2026-11-03 Tue .+1d>",
                             "- LATER water the plants", "  DEADLINE: <2026-11-06 Fri 10:00 +1w>",
                             "- TODO renew the lease 🔁 every year", "  DEADLINE: <2027-01-31 Sun>",
                             "- TODO call mum", "  SCHEDULED: <2026-11-04 Wed>",
                             "- TODO pay rent", "  SCHEDULED: <2026-11-25 Wed>", "  DEADLINE: <2026-11-30 Mon +1m>"])
    assert [(t["text"], t["scheduled"] or t["due"], t["recurs"]) for t in tasks] == [
        ("floss", "2026-11-03", "every day when done"), ("water the plants", "2026-11-06", "every week"),
        ("renew the lease", "2027-01-31", "every year"), ("call mum", "2026-11-04", None),
        ("pay rent", "2026-11-25", "every month")]


def test_which_notes_are_logseq_pages():
    outline = ["- TODO call Priya", "- met Tom"]
    assert is_logseq("journals/2026_11_03.md", outline)
    assert is_logseq("pages/Trip.md", outline)
    assert not is_logseq("trip.md", outline)  # a Markdown list of a notes folder, no Logseq sign
    assert is_logseq("trip.md", outline + ["  SCHEDULED: <2026-11-20 Fri>"])
    # a `key:: value` alone is no sign (Dataview writes them too); a block's `id::` uuid or `collapsed::` is
    assert not is_logseq("trip.md", ["alias:: T", "", *outline])
    assert is_logseq("trip.md", [*outline, "  id:: 6543a1b2-0c1d-4e2f-9a3b-1c2d3e4f5a6b"])
    assert is_logseq("trip.md", [*outline, "  collapsed:: true"])
    assert is_logseq("Project.md", PAGE.split("\n"))
    # a heading or a paragraph at the left edge: no outline, no Logseq page, wherever it is
    assert not is_logseq("pages/trip.md", ["# Trip", "", "- TODO list for the trip: socks"])
    assert not is_logseq("journals/x.md", ["Some prose first.", "- TODO list for the trip"])
    assert not is_logseq("journals/2026_11_03.org", outline)


def test_markdown_prose_is_no_task():
    lines = ["# Packing", "", "- TODO list for the trip: socks, charger", "- DONE deal, said Tom", "- [ ] buy adapter"]
    assert [t["text"] for t in tasks_of("trip.md", lines)] == ["buy adapter"]
    assert [t["text"] for t in tasks_of("notes/plain.md", ["- TODO list for the trip", "- socks"])] == []


def test_a_fence_opened_on_a_bullet_hides_its_lines_and_ends():
    lines = ["- TODO call Priya",
             "- ```sql",
             "  SELECT * FROM t;",
             "  - TODO not a task in code",
             "  - [ ] nor this",
             "  ```",
             "- [ ] after the code",
             "- DONE after the code too"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [(7, "after the code")]
    assert [(t["line"], t["text"]) for t in tasks_of("journals/2026_11_03.md", lines)] == [
        (1, "call Priya"), (7, "after the code"), (8, "after the code too")]


def test_mrag_tasks_lists_logseq_blocks(tmp_path: Path):
    """Through the index: a journal page holding no `[` at all is read (the
    store's candidates took only notes with a `[`), dated by its file name."""
    root = tmp_path / "graph"
    write_notes(root, {
        "journals/2026_11_16.md": "- Load test round 1\n- TODO profile the JSON encoder\n"
                                  "  SCHEDULED: <2026-11-17 Tue>\n  DEADLINE: <2026-11-20 Fri>\n",
        "journals/2026_11_18.md": "- DONE profile the JSON encoder\n- NOW write the report\n",
        "trip.md": "- TODO list for the trip\n- socks\n",
    })
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=8, overlap_tokens=2))
    finally:
        conn.close()
    result = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--all", "--json"])
    assert result.exit_code == 0, result.output
    assert [(t["path"], t["line"], t["status"], t["text"], t["due"], t["scheduled"], t["note_date"])
            for t in json.loads(result.stdout)] == [
        ("journals/2026_11_18.md", 1, "done", "profile the JSON encoder", None, None, "2026-11-18"),
        ("journals/2026_11_18.md", 2, "in_progress", "write the report", None, None, "2026-11-18"),
        ("journals/2026_11_16.md", 2, "open", "profile the JSON encoder", "2026-11-20", "2026-11-17", "2026-11-16"),
    ]
    overdue = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--overdue", "--json"],
                                 env={"MRAG_TODAY": "2026-11-23"})
    assert [t["line"] for t in json.loads(overdue.stdout)] == [2]


def test_a_query_word_may_name_the_tasks_note():
    """A project page's tasks do not name their project: its name is their tag (`mrag tasks alpha`
    listed none of `pages/Work___Project Alpha.md`'s)."""
    from minirag_cli.tasks import select

    notes = [("/g", "pages/Work___Project Alpha.md", "", PAGE.split("\n")),
             ("/g", "journals/2026_11_03.md", "", ["- TODO call Priya about Alpha", "- TODO buy milk"])]
    assert [(t.path, t.line) for t in select(notes, query="alpha")] == [
        ("journals/2026_11_03.md", 1), *(("pages/Work___Project Alpha.md", line) for line in (5, 7, 11, 17, 19))]
    assert [t.text for t in select(notes, query="project spec")] == ["write the export spec"]


def test_a_fence_opened_on_a_list_item_ends_with_its_item():
    # CommonMark closes a fence opened on a list item's line where a line at the item's indent or less
    # starts: a stray `- ```python` in an ordinary note hid every task below it
    lines = ["# Markdown cheatsheet", "", "- ```python opens a code block", "- [ ] learn tables",
             "- [ ] learn footnotes"]
    assert [t["text"] for t in tasks_of("notes/cheatsheet.md", lines)] == ["learn tables", "learn footnotes"]
    lines = ["- ```bash", "  make install", "  - [ ] not a task in code", "- [ ] after the item",
             "```", "- [ ] in a fence of its own", "```", "- [ ] after it"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [(4, "after the item"), (8, "after it")]


def test_a_dataview_field_makes_no_logseq_page():
    # Dataview writes `key:: value` too: `- TODO list for the trip` in such a note is prose, no open task
    lines = ["- TODO list for the trip", "- rating:: 5", "- [ ] book the hostel"]
    assert [t["text"] for t in tasks_of("notes/dataview.md", lines)] == ["book the hostel"]
