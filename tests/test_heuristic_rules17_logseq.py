"""Heuristic rules 17, a Logseq graph (QA 22): a task's planning and drawer
lines, as Logseq and Org-mode write them under a task, name nothing: a
clocked graph made `CLOCK` a person (its lines "spoke" twice, a chat) and
`SCHEDULED`, `LOGBOOK` and `END` names that joined every task's note in the
graph. The task's own words and the names around it are read as before."""

from __future__ import annotations

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
