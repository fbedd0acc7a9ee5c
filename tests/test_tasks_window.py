"""`mrag tasks` over a day window: --today, --week, --within N, --from/--to DAY
(tasks.window_of), read against the asking day (MRAG_TODAY). A task is in the
window when its due day or its scheduled day falls in it (with --due, its due
day alone), or, with --done / --all, the day a closed task was done; `in_window` says which, the table's `when` column shows it, and the
list runs soonest first; open tasks only unless --all / --done."""

from __future__ import annotations

import pytest

from tests.conftest import write_notes
from tests.test_tasks import NOTES, invoke, listed, run, sync

ORG = (
    "* Garden\n"
    "** TODO Plant the garlic\n"
    "   SCHEDULED: <2026-11-17 Tue> DEADLINE: <2026-11-20 Fri>\n"
    "** DONE Pay the allotment rent\n"
    "   DEADLINE: <2026-11-18 Wed>\n"
    "** TODO Order seeds\n"
    "   SCHEDULED: <2026-11-09 Mon>\n"
)


@pytest.fixture
def journal(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {**NOTES, "garden.org": ORG})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    return db_path


def _days(db_path, *args, today="2026-11-18"):
    return [(t["text"], t["in_window"]) for t in listed(db_path, *args, env={"MRAG_TODAY": today})]


def test_week_lists_what_is_due_or_scheduled_this_week_soonest_first(journal):
    # Wednesday 2026-11-18: Monday 16 to Sunday 22, as `mrag ask` reads "this week"
    assert _days(journal, "--week") == [
        ("Plant the garlic", ["due", "scheduled"]),  # scheduled on the 17th: its earlier day in the week
        ("call Priya about the lease", ["due"]),  # due on the 20th
        ("write the quarterly report", ["scheduled"]),  # scheduled on Saturday the 21st
    ]
    # both due on the 20th: by path then
    assert _days(journal, "--week", "--due") == [("call Priya about the lease", ["due"]), ("Plant the garlic", ["due"])]
    # the done rent, due on the 18th, with --all and --done; and the dentist appointment, done (✅) on the 18th:
    # done tasks are in a window on the day they were done too
    assert ("Pay the allotment rent", ["due"]) in _days(journal, "--week", "--all")
    assert _days(journal, "--week", "--done") == [("dentist appointment", ["done"]), ("Pay the allotment rent", ["due"])]
    # the week of a Sunday is the one that ends that day
    assert [t for t, _ in _days(journal, "--week", today="2026-11-22")] == [
        "Plant the garlic", "call Priya about the lease", "write the quarterly report"]


def test_today_within_and_from_to(journal):
    assert _days(journal, "--today", today="2026-11-21") == [("write the quarterly report", ["scheduled"])]
    assert _days(journal, "--today", today="2026-11-22") == []
    # the 7 days from Thursday the 19th, today among them: to the 25th
    seven = ["call Priya about the lease", "Plant the garlic", "write the quarterly report",
             "book the Café Müller table"]
    assert [t for t, _ in _days(journal, "--within", "7d", today="2026-11-19")] == seven
    assert [t for t, _ in _days(journal, "--within", "1w", today="2026-11-19")] == seven
    assert [t for t, _ in _days(journal, "--within", "6", today="2026-11-19")] == seven[:3]
    # words read as a note's: tomorrow and the coming Friday, from Thursday the 19th, are the 20th
    assert [t for t, _ in _days(journal, "--from", "tomorrow", "--to", "Friday", today="2026-11-19")] == \
        ["call Priya about the lease", "Plant the garlic"]
    # open-ended: up to a day (what is overdue too), from a day on
    assert [t for t, _ in _days(journal, "--to", "2026-11-10")] == ["plant the tulip bulbs", "Order seeds"]
    assert [t for t, _ in _days(journal, "--from", "2026-11-21")] == ["write the quarterly report",
                                                                      "book the Café Müller table"]


def test_no_window_keeps_the_json_and_the_table_as_they_were(journal):
    tasks = listed(journal)
    assert tasks and all(t["in_window"] is None for t in tasks)
    res = invoke(journal, env={"COLUMNS": "200"})
    assert "when" not in res.stdout.split("\n")[1] and " due " in res.stdout.split("\n")[1]


def test_the_table_says_which_day_put_a_task_in_the_window(journal):
    res = invoke(journal, "--week", env={"COLUMNS": "200", "MRAG_TODAY": "2026-11-18"})
    assert res.exit_code == 0, res.output
    header = res.stdout.split("\n")[1]
    assert "when" in header and " due " not in header
    assert "2026-11-21 scheduled" in res.stdout and "2026-11-20 due" in res.stdout
    # the garlic's two days in the week, the earlier first (the one it is listed by)
    assert res.stdout.index("2026-11-17 scheduled") < res.stdout.index("2026-11-20 due")
    res = invoke(journal, "--week", env={"MRAG_TODAY": "2026-12-01"})
    assert res.exit_code == 0 and res.stdout == ""
    assert "No open task due or scheduled from 2026-11-30 to 2026-12-06 is in the indexed notes." in res.stderr


def test_windows_that_mean_nothing_are_usage_errors(journal, capsys, monkeypatch):
    monkeypatch.setenv("MRAG_TODAY", "2026-11-18")
    for args, said in ((["--week", "--today"], "--today and --week are two windows"),
                       (["--within", "7", "--to", "friday"], "--within and --from/--to are two windows"),
                       (["--within", "0"], "--within '0': expected a number of days"),
                       (["--within", "soon"], "--within 'soon': expected a number of days"),
                       (["--from", "someday"], "--from 'someday': expected a day written YYYY-MM-DD"),
                       (["--to", "2026-02-30"], "--to '2026-02-30': expected a day"),
                       (["--from", "2026-11-30", "--to", "2026-11-01"], "--from 2026-11-30 is after --to"),
                       (["--overdue", "--week"], "--overdue is a window of its own")):
        code, out, err = run(capsys, monkeypatch, "--db", journal, "tasks", *args)
        assert code == 2 and out == "" and said in err and "Traceback" not in err, (args, err)


def test_a_window_at_the_calendars_end_is_no_traceback():
    """MRAG_TODAY=9999-12-31: its week ends past the calendar, its tomorrow is no day."""
    import datetime as dt

    from minirag_cli.errors import UsageError
    from minirag_cli.tasks import window_of

    last = dt.date(9999, 12, 31)
    assert window_of(today=last, week=True) == (dt.date(9999, 12, 27), last)
    assert window_of(today=last, within="99999w") == (last, last)
    with pytest.raises(UsageError, match="--to 'tomorrow': no such day after 9999-12-31"):
        window_of(today=last, end="tomorrow")


DONE = {
    "done.txt": (
        "x 2026-11-17 2026-11-02 Pay rent +Flat @online\n"
        "x 2026-11-05 Renew the library card\n"
        "x 2026-11-19 Call the plumber due:2026-11-30\n"
    ),
    "weekly.md": (
        "- [x] send the invoice ✅ 2026-11-18\n"
        "- [x] book the dentist ✅ 2026-11-02 📅 2026-11-20\n"
        "- [ ] open, with a done day ✅ 2026-11-18\n"
        "- [-] cancelled the gym ❌ 2026-11-16\n"
    ),
}


@pytest.fixture
def done_notes(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, DONE)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    return db_path


def test_done_tasks_are_in_a_window_on_the_day_they_were_done(done_notes):
    """qa34: "what did I finish this week?" - `--done --week` listed nothing of a done.txt (no due dates)
    nor of an Obsidian `- [x] ... ✅ 2026-11-18`: a done task's done_on day puts it in the window."""
    assert _days(done_notes, "--done", "--week") == [
        ("cancelled the gym", ["done"]),  # ❌ on the 16th: closed that day
        ("Pay rent +Flat @online", ["done"]),  # x 2026-11-17
        ("send the invoice", ["done"]),  # ✅ 2026-11-18
        ("Call the plumber", ["done"]),  # x 2026-11-19, due on the 30th: not this week's due
        ("book the dentist", ["due"]),  # done on the 2nd, before the week: in it by its due day, the 20th
    ]
    # an open task has no done day (a stray ✅ on an open box puts it in no window); nor does --due count it
    assert "open, with a done day" not in [t for t, _ in _days(done_notes, "--all", "--week")]
    assert _days(done_notes, "--week") == []
    assert _days(done_notes, "--done", "--week", "--due") == [("book the dentist", ["due"])]
    assert [t for t, _ in _days(done_notes, "--done", "--today")] == ["send the invoice"]
    assert [t for t, _ in _days(done_notes, "--done", "--from", "2026-11-01", "--to", "2026-11-05")] == [
        "book the dentist", "Renew the library card"]
    assert [t for t, _ in _days(done_notes, "--done", "--within", "2", today="2026-11-18")] == [
        "send the invoice", "Call the plumber"]


def test_the_table_shows_the_done_day(done_notes):
    res = invoke(done_notes, "--done", "--week", env={"COLUMNS": "200", "MRAG_TODAY": "2026-11-18"})
    assert res.exit_code == 0, res.output
    assert "2026-11-17 done" in res.stdout and "2026-11-19 done" in res.stdout
    res = invoke(done_notes, "--done", "--week", env={"MRAG_TODAY": "2026-12-08"})
    assert res.exit_code == 0 and res.stdout == ""
    assert "No done task due, scheduled or done from 2026-12-07 to 2026-12-13 is in the indexed notes." in res.stderr
