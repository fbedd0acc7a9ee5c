"""`mrag tasks` reads a Roam Research graph's tasks as its Markdown export writes them (qa35: a
Roam user's `mrag tasks` said "No open task is in the indexed notes"): a block opening with
`{{[[TODO]]}}` is open, `{{[[DONE]]}}` done (`{{TODO}}` and `{{DONE}}` alike), the marker out of
its text; its indented lines continue it, a nested task is a sub-task, and a daily page's date
link in its text, `[[November 21st, 2026]]`, is its `scheduled` day. Daily pages are dated by
their Roam titles (`November 3rd, 2026.md`), and a page's name finds its tasks (`mrag tasks atlas`)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.tasks import roam_tasks_in, tasks_of
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

GRAPH = {
    "Project Atlas.md": (
        "- Owner:: [[Priya Raman]]\n"
        "- Open work\n"
        "    - {{[[TODO]]}} Write the cutover runbook [[November 10th, 2026]]\n"
        "    - {{[[DONE]]}} Draft the architecture diagram\n"
        "    - {{[[query]]: {and: [[TODO]] [[Project Atlas]]}}}\n"
        "- Risks\n"
        "    - {{embed: ((xT7mQ2LwZ))}}\n"
    ),
    "November 3rd, 2026.md": (
        "- 11:00 Call with [[Ines Duarte]]\n"
        "- {{TODO}} Renew the TLS certificate\n"
        "- {{[[DONE]]}} Send [[Priya Raman]] the weekly status\n"
    ),
    "Q4 Planning.md": "- {{[[TODO]]}} Get budget approval from finance by [[November 21st, 2026]]\n",
}


def test_roam_markers_text_nesting_and_date_link():
    lines = [
        "- {{[[TODO]]}} Write the cutover runbook",
        "  with the rollback plan",
        "    - {{[[TODO]]}} Ask [[Ines Duarte]] for the numbers [[November 3rd, 2026]]",
        "- {{TODO}} Book a room",
        "- {{DONE}} Recruit five participants",
        "- {{[[DONE]]}}",
        "- {{[[TODO]]} not closed",
        "- {{[[query]]: {and: [[TODO]] [[Project Atlas]]}}}",
        "- a block about {{[[TODO]]}} markers",
    ]
    assert [(t["line"], t["status"], t["text"], t["scheduled"], t["parent"]) for t in roam_tasks_in(lines)] == [
        (1, "open", "Write the cutover runbook with the rollback plan", None, None),
        (3, "open", "Ask [[Ines Duarte]] for the numbers [[November 3rd, 2026]]", "2026-11-03", 1),
        (4, "open", "Book a room", None, None),
        (5, "done", "Recruit five participants", None, None),
    ]


def test_a_roam_page_with_an_embed_reads_its_tasks_once():
    """`{{embed: ...}}` makes the page read as Logseq's too: its Roam tasks are listed once."""
    lines = GRAPH["Project Atlas.md"].split("\n")
    assert [(t["line"], t["status"]) for t in tasks_of("Project Atlas.md", lines)] == [(3, "open"), (4, "done")]


def test_mrag_tasks_lists_a_roam_graphs_tasks(tmp_path: Path):
    root = tmp_path / "roam"
    write_notes(root, GRAPH)
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=12, overlap_tokens=2))
    finally:
        conn.close()
    result = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--all", "--json"])
    assert result.exit_code == 0, result.output
    assert sorted((t["path"], t["line"], t["status"], t["text"], t["scheduled"], t["note_date"])
                  for t in json.loads(result.stdout)) == [
        ("November 3rd, 2026.md", 2, "open", "Renew the TLS certificate", None, "2026-11-03"),
        ("November 3rd, 2026.md", 3, "done", "Send [[Priya Raman]] the weekly status", None, "2026-11-03"),
        ("Project Atlas.md", 3, "open", "Write the cutover runbook [[November 10th, 2026]]", "2026-11-10", None),
        ("Project Atlas.md", 4, "done", "Draft the architecture diagram", None, None),
        ("Q4 Planning.md", 1, "open", "Get budget approval from finance by [[November 21st, 2026]]",
         "2026-11-21", None),
    ]
    atlas = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "atlas", "--json"])
    assert [(t["path"], t["line"]) for t in json.loads(atlas.stdout)] == [("Project Atlas.md", 3)]
    week = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--week", "--json"],
                              env={"MRAG_TODAY": "2026-11-19"})
    assert [(t["path"], t["line"]) for t in json.loads(week.stdout)] == [("Q4 Planning.md", 1)]
