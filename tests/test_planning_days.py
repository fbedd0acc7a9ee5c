"""Heuristic rules 31 (logsched, session 56's software lead's Logseq graph, asked on Monday 2026-12-07): a task's
planning line (`SCHEDULED: <2026-12-08 Tue>`, `DEADLINE: <2026-12-18 Fri 10:00 +1w>`, `CLOSED: [2026-12-02 Wed
16:10]`) writes its days, as a Tasks plugin's `📅 2026-12-08` does. The line was blanked whole (rules 17: its
keywords were names), so "what's scheduled for tomorrow?" said no note writes the day `mrag tasks` lists three tasks
on, and "what's on wednesday" missed today's `TODO 1:1 with Aisha` scheduled that day. Its keywords, weekdays and
times still name nothing; a `CLOCK:` line (a work session) and a planning line in code write no day; the note's own
date and `mrag tasks` are as before."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def dates_of(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type == "date"}


def names_of(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


@pytest.mark.parametrize("line,days", [
    ("\t  SCHEDULED: <2026-12-08 Tue>", {"2026-12-08"}),  # Logseq, under its task's bullet
    ("  DEADLINE: <2026-12-18 Fri>", {"2026-12-18"}),
    ("  SCHEDULED: <2026-12-08 Tue 10:00 +1w>", {"2026-12-08"}),  # a time and a repeater
    ("  DEADLINE: <2026-12-18 Fri .+1m>", {"2026-12-18"}),
    ("  SCHEDULED: <2026-12-08 Tue 10:00-11:00 ++1d>", {"2026-12-08"}),
    ("  SCHEDULED: <2026-12-08 Tue>  DEADLINE: <2026-12-11 Fri 17:00>", {"2026-12-08", "2026-12-11"}),  # one line
    ("  SCHEDULED: [2026-12-08 Tue]", {"2026-12-08"}),  # inactive
    ("  CLOSED: [2026-12-02 Wed 16:10]", {"2026-12-02"}),  # the day it was done, as a Tasks plugin's ✅ writes it
    ("  CLOSED: [2026-12-02 Wed 16:10] SCHEDULED: <2026-12-01 Tue>", {"2026-12-01", "2026-12-02"}),
])
def test_a_planning_line_writes_its_days(line, days):
    text = f"- TODO review the batching PR with Aisha Khan\n{line}\n- standup notes\n"
    assert dates_of(text) == days
    names = names_of(text)
    assert "Aisha Khan" in names
    assert not {"SCHEDULED", "DEADLINE", "CLOSED", "Tue", "Wed", "Fri"} & names, names


@pytest.mark.parametrize("text", [
    # a clocked work session, its drawer: no day the task is of (Logseq writes one each time a task is started)
    "- DOING load-test the exporter\n  :LOGBOOK:\n  CLOCK: [2026-11-16 Mon 10:02:11]--[2026-11-16 Mon 11:30:40] =>  "
    "01:28:29\n  CLOCK: [2026-11-17 Tue 14:00:00]\n  :END:\n",
    # a planning line in code is code
    "How Org writes it:\n\n```\n* TODO Call the bank\n  SCHEDULED: <2026-12-08 Tue>\n```\n",
    "How Logseq writes it: `SCHEDULED: <2026-12-08 Tue>` under the task.\n",
    # no day in the stamp: no planning line, a label as any other
    "Status update\n\nDEADLINE: the spec is late, ask Helen Park.\n",
])
def test_what_is_no_planning_line_writes_no_day(text):
    assert dates_of(text) == set()


@pytest.mark.parametrize("text,others,days", [
    # the days a planning line leaves stay apart from the lines around it (review of logsched): left bare, `3 May` took
    # their year (`3 May\n2026`, 2026-05-03), `11 December\n2026` was a name with a line break in it, `08\nJune` a day
    # of June and `01\n  Dec` ate `Dec 3rd`. `others`: the dates of the lines around it, as before (the line blanked)
    ("- TODO book tickets for the concert on 3 May\n  SCHEDULED: <2026-12-08 Tue>\n", {"3 May"}, {"2026-12-08"}),
    ("- TODO call about Friday 11 December\n  SCHEDULED: <2026-12-08 Tue>\n", {"11 December"}, {"2026-12-08"}),
    ("- TODO plan\n  SCHEDULED: <2026-12-01 Tue>\n  Dec 3rd review\n", {"Dec 3rd"}, {"2026-12-01"}),
    ("- TODO plan\n  SCHEDULED: <2026-12-08 Tue>\nJune Carter called.\n", set(), {"2026-12-08"}),
    ("- TODO sort the gym\n  DEADLINE: <2026-12-18 Fri .+1m>\n- 4 sessions left\n", set(), {"2026-12-18"}),
    ("- TODO pay the rent\n  SCHEDULED: <2026-12-08 Tue> DEADLINE: <2026-12-11 Fri>\nDecember 14 is the party\n",
     {"December 14"}, {"2026-12-08", "2026-12-11"}),
    # ... and keep the lines around them apart, as no blanked line did: `4 March\n\n2027` was 2027-03-04
    ("- TODO renew the lease by 4 March\n  DEADLINE: <2026-12-18 Fri>\n2027 rent: 1,450\n", {"4 March"},
     {"2026-12-18"}),
])
def test_a_planning_lines_day_joins_no_line_around_it(text, others, days):
    assert dates_of(text) == others | days
    planning_line = next(line for line in text.splitlines(keepends=True) if line.lstrip().startswith(("SCHED", "DEAD")))
    assert names_of(text) == names_of(text.replace(planning_line, "\n"))  # the guard around the day names nothing


def test_the_models_dates_are_the_days_apart_too():
    from minirag_cli.extract.mdcode import without_code
    from minirag_cli.text import find_dates

    text = "- TODO book tickets for the concert on 3 May\n  SCHEDULED: <2026-12-08 Tue>\nJune Carter called.\n"
    assert sorted(find_dates(without_code(text))) == [("2026-12-08", "2026-12-08"), ("3 May", "--05-03")]


def test_a_planning_stamp_that_goes_on_in_prose_is_read_as_before():
    assert dates_of("Visa\n\nSCHEDULED: [2026-11-20] call with Marta Silva about the visa.\n") == {"2026-11-20"}


JOURNAL = ("- standup: Diego on call this week, quiet weekend\n"
           "- TODO review Aisha's PR #4540 (notification-worker batching)\n\t  SCHEDULED: <2026-12-08 Tue>\n"
           "- TODO prep Sprint 49 retro\n\t  SCHEDULED: <2026-12-11 Fri>\n"
           "- TODO 1:1 with Aisha\n\t  SCHEDULED: <2026-12-09 Wed>\n")
GRAPH = {
    "logseq/config.edn": "{:meta/version 1}\n",
    "journals/2026_12_07.md": JOURNAL,
    "journals/2026_12_04.md": ("- shipped the release 10:15 UTC\n- TODO submit [[Talk proposal]] to QCon\n"
                               "\t  DEADLINE: <2026-12-18 Fri>\n"),
    # a task planned on a past day that has its own note (12-04)
    "journals/2026_12_02.md": ("- code review with Wen, quiet day\n- DONE postmortem doc\n"
                               "- TODO ship the release notes with Wen\n\t  SCHEDULED: <2026-12-04 Fri>\n"),
    # a page whose only day is a task's planning stamp: no note's own day
    "pages/Dentist.md": "- TODO book a check-up with Dr Okafor\n\t  SCHEDULED: <2026-12-10 Thu>\n",
    "pages/Talk proposal.md": "status:: drafting\n\n- Title: Exactly-once is a lie\n- Abstract: retries in payments\n",
    "pages/Kafka.md": "- we run kafka 3.5, upgrade planned\n- owner: Tomasz\n",
}


@pytest.fixture(scope="module")
def graph_index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("logsched")
    write_notes(tmp / "notes", GRAPH)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _search(index, question):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=MONDAY)


@pytest.mark.parametrize("question,path", [
    ("what's scheduled for tomorrow?", "journals/2026_12_07.md"),
    ("what's on wednesday", "journals/2026_12_07.md"),
    ("what's due next week?", "journals/2026_12_04.md"),
])
def test_a_day_to_come_finds_the_tasks_planned_on_it(graph_index, question, path):
    result = _search(graph_index, question)
    assert result.days is not None and result.days.ahead and result.writing_notes  # "no note writes it" before
    found = next(r for r in result.results if r["path"] == path)
    assert "date" in found["channels"]


def test_the_notes_own_date_is_as_before(graph_index):
    from minirag_cli import datednotes

    paths = dict(graph_index.conn.execute("SELECT id, path FROM documents"))
    spans = {paths[doc]: (str(a), str(b)) for doc, (a, b) in datednotes.note_spans(graph_index.conn)}
    assert spans["journals/2026_12_07.md"] == ("2026-12-07", "2026-12-07")
    assert spans["journals/2026_12_02.md"] == ("2026-12-02", "2026-12-02")  # not its task's 12-04
    assert "pages/Talk proposal.md" not in spans
    assert "pages/Dentist.md" not in spans  # its one day is a task's, not the page's
    assert _writes(graph_index, "pages/Dentist.md", "2026-12-10")
    assert _writes(graph_index, "journals/2026_12_02.md", "2026-12-04")


def _writes(index, path, day):
    return index.conn.execute("SELECT 1 FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c ON "
                              "c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE d.path = ? AND "
                              "e.type = 'date' AND e.name = ?", (path, day)).fetchone() is not None


@pytest.mark.parametrize("question", ["what did I do on friday 4 december?", "what happened on 4 December"])
def test_a_past_days_own_note_comes_before_a_note_planning_a_task_on_it(graph_index, question):
    # 12-02's journal now writes 12-04 (its task scheduled then): a question of that gone day reads the day's own
    # note first, as it reads it before a note that says `Friday 4 December` in prose
    result = _search(graph_index, question)
    ranked = [r["path"] for r in result.results]
    assert ranked[0] == "journals/2026_12_04.md", ranked
    planning = next(r for r in result.results if r["path"] == "journals/2026_12_02.md")
    assert "date" in planning["channels"]  # a rival the day's vote reaches (none before: the stamp wrote no day)


def test_an_org_notes_planning_line_writes_its_days_as_a_logseq_page_s(tmp_path):
    from tests.conftest import synced_entities

    entities = synced_entities(tmp_path, {
        "tasks.org": "#+TITLE: Tasks\n\n* TODO Call the bank about the mortgage\n  SCHEDULED: <2026-12-08 Tue 09:00>\n",
        "pages/Lease.md": "- TODO renew the lease\n  DEADLINE: <2026-12-18 Fri>\n"})
    dates = {name for name, type_ in entities if type_ == "date"}
    assert {"2026-12-08", "2026-12-18"} <= dates, dates
    assert not {"SCHEDULED", "DEADLINE", "Tue", "Fri"} & {name for name, _type in entities}
