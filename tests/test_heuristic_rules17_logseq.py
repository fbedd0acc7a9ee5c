"""Heuristic rules 17, a Logseq graph (QA 22): a task's planning and drawer
lines, as Logseq and Org-mode write them under a task, name nothing: a
clocked graph made `CLOCK` a person (its lines "spoke" twice, a chat) and
`SCHEDULED`, `LOGBOOK` and `END` names that joined every task's note in the
graph. The task's own words and the names around it are read as before."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor

PAGE = """title:: Work/Project Alpha

- DOING load-test the exporter with [[Tomás Oliveira]]
  SCHEDULED: <2026-11-17 Tue>
  DEADLINE: <2026-11-20 Fri 10:00 .+1w>
  :LOGBOOK:
  CLOCK: [2026-11-16 Mon 10:02:11]--[2026-11-16 Mon 11:30:40] =>  01:28:29
  CLOCK: [2026-11-17 Tue 14:00:00]
  :END:
- DONE pick the message queue with Priya Raman
  CLOSED: [2026-11-18 Wed 09:00]
  :PROPERTIES:
  :END:
"""


def found(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def test_planning_and_drawer_lines_name_nothing():
    names = found(PAGE)
    assert not {"SCHEDULED", "DEADLINE", "CLOSED", "CLOCK", "LOGBOOK", "END", "PROPERTIES"} & set(names), names
    assert {"Tomás Oliveira", "Priya Raman"} <= set(names)


def test_such_words_in_prose_are_read_as_before():
    # no day after it: no planning line (a label, as any other)
    names = found("Status update\n\nDEADLINE: the spec is late, ask Helen Park.\n")
    assert "Helen Park" in names


def test_a_namespace_page_is_the_page_its_links_name():
    from minirag_cli.extract.heuristic import note_name

    assert note_name("pages/Work___Project Alpha.md").name == "Project Alpha"  # was `Work___Project Alpha`
    assert note_name("pages/Work%2FOld Project.md").name == "Old Project"  # an older graph's file name
    assert note_name("pages/Trip to Lisbon.md").name == "Trip to Lisbon"


def test_a_namespace_page_joins_its_links_and_its_alias(tmp_path):
    from minirag_cli import db
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    root = tmp_path / "graph"
    write_notes(root, {
        "pages/Work___Project Alpha.md": "alias:: PA\n\n- Ship the billing export\n",
        "journals/2026_11_02.md": "- Kickoff for [[Work/Project Alpha]] with the team\n",
        "journals/2026_11_03.md": "- PA needs a spec by Friday\n",
    })
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
    finally:
        conn.close()
    result = CliRunner().invoke(app, ["--db", str(db_path), "entity", "PA", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert sorted(n["path"] for n in found["notes"]) == [
        "journals/2026_11_02.md", "journals/2026_11_03.md", "pages/Work___Project Alpha.md"]


def test_a_planning_stamp_that_goes_on_in_prose_keeps_its_names():
    # only a line of planning stamps alone is a task's planning line: in an ordinary note a line
    # that starts with one and goes on in prose was blanked whole (Marta Silva and the day lost)
    text = "Visa\n\nSCHEDULED: [2026-11-20] call with Marta Silva about the visa.\n"
    mentions = {(m.name, m.type) for m in HeuristicExtractor().extract_one(text)}
    assert {("Marta Silva", "name"), ("2026-11-20", "date")} <= mentions, mentions
    names = found("Log\n\nCLOCK: [2026-11-16 Mon 10:02] met Jonas Weber at the office.\n")
    assert "Jonas Weber" in names


def test_several_stamps_on_one_planning_line_name_nothing():
    names = found("- TODO renew the lease with Priya Raman\n"
                  "  SCHEDULED: <2026-11-17 Tue>  DEADLINE: <2026-11-20 Fri 10:00 .+1w>\n"
                  "  CLOCK: [2026-11-16 Mon 10:02]--[2026-11-16 Mon 11:30] =>  1:28\n")
    assert "Priya Raman" in names
    assert not {"SCHEDULED", "DEADLINE", "CLOCK", "Tue", "Fri", "Mon"} & set(names), names


def test_a_namespace_separator_outside_a_pages_folder_is_the_file_name_s():
    # only Logseq writes a namespace page's `/` as `___` or `%2F`, in its graph's `pages/`: elsewhere a
    # note's file name is its name (`Budget___Draft.md` was named `Draft`, `Q3%2FQ4 Planning.md` `Q4 Planning`)
    from minirag_cli.extract.heuristic import note_name

    assert note_name("Budget___Draft.md").name == "Budget___Draft"
    assert note_name("notes/Q3%2FQ4 Planning.md").name != "Q4 Planning"
    assert note_name("graph/pages/Work___Project Alpha.md").name == "Project Alpha"
