"""`mrag tasks` reads a deadline a plain-Markdown task writes in words (`DEADLINE 11/12`, `by Wed`, `deadline 6 Jan`)
and closes a task carried forward and marked done in a later note (session 56: qaclub, qadev; taskdue.py)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.tasks import select
from tests.conftest import write_notes
from tests.test_tasks import sync

TODAY = dt.date(2026, 12, 7)  # a Monday


def one(line: str, *, path: str = "TODO.md", order: str = "day-first", today: dt.date = TODAY) -> dict:
    """The one task of a note holding `line`, as `mrag tasks --all` lists it."""
    found = select([("/notes", path, "", [line])], state="all", today=today, day_order=order)
    assert len(found) == 1, found
    return found[0].to_dict()


@pytest.mark.parametrize("line, due", [
    ("- [ ] TW send final traffic management plan to council – DEADLINE 11/12", "2026-12-11"),
    ("- [ ] send the minutes due 11/12", "2026-12-11"),
    ("- [ ] HP AGM nominations – deadline 6 Jan", "2027-01-06"),  # the year nearest the anchor: next January
    ("- [ ] JB chase council re road closure if no reply by Wed", "2026-12-09"),
    ("- [ ] renew the club insurance due Fri", "2026-12-11"),
    ("- [ ] book the hall by 14 Dec", "2026-12-14"),
    ("- [ ] order medals (due: 3 Dec)", "2026-12-03"),  # gone by: overdue
    ("- [ ] return the marshal vests before Friday", "2026-12-10"),  # before: the day before
    ("- [ ] submit the entry list due by Thursday", "2026-12-10"),
    ("- [ ] pay the ParentPay deposit, deadline Fri 20 Nov", "2026-11-20"),  # the weekday's own date
    ("- [ ] draft memo — Camille, by Dec 9", "2026-12-09"),
    ("- [ ] send the photos by tomorrow", "2026-12-08"),
    ("- [ ] file the claim by 2026-12-20", "2026-12-20"),
])
def test_a_deadline_in_words_is_the_due_day(line, due):
    assert one(line)["due"] == due


@pytest.mark.parametrize("line", [
    "- [ ] read the book by Ishiguro",
    "- [ ] pay by card",
    "- [ ] write up 11/12 meeting",  # a day with no cue: the task's subject
    "- [ ] HP chase Harlow Motors mid Dec",  # vague: no day
    "- [ ] sort the accounts by end of month",
    "- [ ] clear the garage by December",
    "- [ ] cut the budget by 3/4",  # a fraction
    "- [ ] pay by sat nav voucher",
    "- [ ] stretch before bed",
    "- [ ] review the proposal before 3pm",
    "- [ ] grow the list by 15%",
])
def test_no_due_day_from_ordinary_prose(line):
    assert one(line)["due"] is None


def test_a_weekday_is_read_from_the_notes_own_day():
    # a Monday's journal: its "by Weds" is that week's Wednesday, overdue by the asking day
    task = one("- [ ] 9F books back by Weds", path="Daily/2026-11-16.md")
    assert task["due"] == "2026-11-18"
    assert [t.text for t in select([("/n", "Daily/2026-11-16.md", "", ["- [ ] 9F books back by Weds"])],
                                   overdue=True, today=TODAY)] == ["9F books back by Weds"]


def test_the_tasks_own_fields_come_first():
    assert one("- [ ] call the bank by Fri 📅 2026-11-20")["due"] == "2026-11-20"


def test_a_slashed_day_needs_a_day_order():
    assert one("- [ ] send the plan DEADLINE 11/12", order="")["due"] is None
    assert one("- [ ] send the plan DEADLINE 11/12", order="month-first")["due"] == "2026-11-12"
    assert one("- [ ] send the plan DEADLINE 20/12", order="")["due"] == "2026-12-20"  # no order needed


def notes_of(pages: dict[str, str], root: str = "/graph") -> list[tuple]:
    return [(root, path, "", text.split("\n")) for path, text in pages.items()]


def test_a_task_done_in_a_later_journal_is_done():
    pages = {"journals/2026_11_16.md": "- TODO ping infra about ledger-svc disk alerts\n- TODO order the new badge",
             "journals/2026_11_17.md": "- DONE Ping infra about  ledger-svc disk alerts",
             "daily/2026-12-01.md": "- [ ] postmortem doc for INC-2291",
             "daily/2026-12-02.md": "- [x] postmortem doc for INC-2291"}
    found = {(t.path, t.text): t for t in select(notes_of(pages), state="all", today=TODAY)}
    carried = found[("journals/2026_11_16.md", "ping infra about ledger-svc disk alerts")]
    assert (carried.status, carried.done, carried.done_on) == ("done", True, "2026-11-17")
    assert found[("daily/2026-12-01.md", "postmortem doc for INC-2291")].done_on == "2026-12-02"
    assert not found[("journals/2026_11_16.md", "order the new badge")].done
    open_now = [t.text for t in select(notes_of(pages), today=TODAY)]
    assert open_now == ["order the new badge"]


def test_a_task_done_earlier_or_elsewhere_stays_open():
    pages = {"daily/2026-11-15.md": "- [x] water the plants\n- [x] send the invoice 🆔 inv1",
             "daily/2026-11-16.md": "- [ ] water the plants\n- [ ] send the invoice 🆔 inv1\n- [ ] call Priya",
             "daily/2026-11-17.md": "- [x] send the invoice 🆔 inv1\n- [-] call Priya",
             "someday.md": "- [x] call Priya"}  # undated: not later
    other_vault = notes_of({"daily/2026-11-20.md": "- [x] water the plants"}, root="/other")
    open_now = [t.text for t in select(notes_of(pages) + other_vault, today=TODAY)]
    assert open_now == ["water the plants", "send the invoice", "call Priya"]


def test_cli_reads_the_vaults_day_order(tmp_path):
    # the vault writes its days day first (20/11/2026), so its `DEADLINE 11/12` is 11 December
    root = tmp_path / "vault"
    write_notes(root, {
        "TODO.md": "# TODO\n\n- [ ] send the traffic plan to council – DEADLINE 11/12\n- [ ] find a new chair\n",
        "Minutes/2026-11-20.md": "Committee met on 20/11/2026. Next meeting 18/12/2026, last one 13/11/2026.\n",
        "Minutes/2026-11-13.md": "Committee met on 13/11/2026, agreed the race on 14/02/2027.\n",
    })
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    res = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--week", "--due", "--json"],
                             env={"MRAG_TODAY": "2026-12-07"})
    assert res.exit_code == 0, res.output
    assert [(t["text"], t["due"]) for t in json.loads(res.stdout)] == [
        ("send the traffic plan to council – DEADLINE 11/12", "2026-12-11")]
