"""`mrag tasks` reads a deadline a plain-Markdown task writes in words (`DEADLINE 11/12`, `by Wed`, `deadline 6 Jan`;
session 56: qaclub; taskdue.py). Its review (fixPD): no task is closed by a later note's tick (a daily habit list's
`- [ ] meditate`), a long-lived note's `by Fri` is the coming Friday (not its creation week's), a note's order reads
`by 5/6` as a day, a weekday with a day of the month after it (`due Monday 7th`) is that day."""

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


def one(line: str, *, path: str = "TODO.md", order: str = "day-first", today: dt.date = TODAY, head: str = "") -> dict:
    """The one task of a note holding `line`, as `mrag tasks --all` lists it."""
    found = select([("/notes", path, head, [line])], state="all", today=today, day_order=order)
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


def test_a_fraction_is_no_day_where_no_order_is_known():
    assert one("- [ ] cut the budget by 3/4", order="")["due"] is None
    assert one("- [ ] grow sales by 1/2", order="")["due"] is None
    # a day order read: a day (the review: `by 5/6`, `by 2/7` got none in a day-first vault)
    assert one("- [ ] send the draft by 5/6")["due"] == "2027-06-05"
    assert one("- [ ] book the cottage by 1/2 term")["due"] is None  # half term, a measure: whatever the order
    assert one("- [ ] plan the rota by 1/2 an hour")["due"] is None
    assert one("- [ ] book the room by 2/7", order="month-first")["due"] == "2027-02-07"
    # the note's own order, the vault's unknown
    found = select([("/n", "TODO.md", "", ["Met on 20/11/2026.", "- [ ] return the keys by 1/3"])], today=TODAY)
    assert [t.due for t in found] == ["2027-03-01"]


def test_a_long_lived_notes_deadline_is_read_against_the_asking_day():
    # front matter's `created:` dates the note, but no `by Fri` of it is that week's: the coming Friday, not overdue
    head = "created: 2025-03-02"
    assert one("- [ ] get three quotes by Fri", path="Projects/Kitchen.md", head=head)["due"] == "2026-12-11"
    assert one("- [ ] order tiles by 6 Jan", path="Projects/Kitchen.md", head=head)["due"] == "2027-01-06"
    assert one("- [ ] pick the worktop by tomorrow", path="Projects/Kitchen.md", head="date: 2025-03-02")["due"] \
        == "2026-12-08"
    lines = ["# Kitchen", "- [ ] get three quotes by Fri"]
    assert select([("/n", "Projects/Kitchen.md", head, lines)], overdue=True, today=TODAY) == []


def test_a_days_note_reads_its_deadline_against_its_day():
    # dated by its name (front matter or not), by its first line, by a weekly note's name, by a dated section
    assert one("- [ ] get three quotes by Fri", path="Daily/2026-11-16.md", head="created: 2026-11-16")["due"] \
        == "2026-11-20"
    assert one("- [ ] get three quotes by Fri", path="Standup.md", head="# 2026-11-16")["due"] == "2026-11-20"
    assert one("- [ ] get three quotes by Fri", path="Weekly/2026-W47.md")["due"] == "2026-11-20"
    journal = ["# Journal", "## 2026-11-16", "- [ ] get three quotes by Fri"]
    assert [t.due for t in select([("/n", "Journal.md", "created: 2025-03-02", journal)], today=TODAY)] \
        == ["2026-11-20"]


@pytest.mark.parametrize("line, due", [
    ("- [ ] send the agenda due Monday 7th", "2026-12-07"),  # not the note's own Monday
    ("- [ ] send the agenda due Mon 7", "2026-12-07"),
    ("- [ ] pay the caterer by Friday the 13th", "2026-11-13"),  # just gone (the note's own Friday: 11-20)
    ("- [ ] book the hall due Sun 14", None),  # 14 Dec a Monday, 14 Jan a Thursday: not 14 February
    ("- [ ] book the hall due Wed 14th", None),  # 14 Oct is a Wednesday, a month gone: no day
    ("- [ ] print the flyers by Friday 20th", "2026-11-20"),
    ("- [ ] print the flyers by Fri 3 copies", "2026-11-20"),  # a count, not a day: the weekday alone
    ("- [ ] call the vet by Fri 5pm", "2026-11-20"),
    ("- [ ] call the vet by Fri 14:00", "2026-11-20"),
])
def test_a_weekday_with_a_day_of_the_month(line, due):
    assert one(line, path="Daily/2026-11-16.md")["due"] == due


def test_a_weekday_with_a_day_of_the_month_within_two_months_of_today():
    assert one("- [ ] book the hall due Sun 14")["due"] is None  # asked 2026-12-07: 14 February is too far
    assert one("- [ ] book the hall due Thu 14th")["due"] == "2027-01-14"
    assert one("- [ ] book the hall due Sat the 5th")["due"] == "2026-12-05"  # two days gone: overdue


def test_no_task_is_closed_by_a_later_notes_tick():
    # the review's cases: a habit list in every daily note, a short task in two clients' notes
    pages = {"Daily/2026-12-01.md": "- [ ] meditate", "Daily/2026-12-02.md": "- [ ] meditate",
             "Daily/2026-12-03.md": "- [x] meditate ✅ 2026-12-03",
             "Clients/acme.md": "- [ ] send invoice", "Clients/zenith.md": "- [x] send invoice"}
    notes = [("/v", path, "", text.split("\n")) for path, text in pages.items()]
    assert [(t.path, t.status) for t in select(notes, today=TODAY)] == [
        ("Daily/2026-12-02.md", "open"), ("Daily/2026-12-01.md", "open"), ("Clients/acme.md", "open")]
    done_today = select(notes, state="done", window=(TODAY.replace(day=3), TODAY.replace(day=3)), today=TODAY)
    assert [t.path for t in done_today] == ["Daily/2026-12-03.md"]


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
