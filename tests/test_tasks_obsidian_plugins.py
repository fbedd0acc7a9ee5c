"""`mrag tasks` on what Obsidian's community plugins write into a task's line (qa27, an Obsidian plugin
power user): a Tasks plugin cancelled task's `❌` day is the day it was closed (`done_on`, as an Org task's
CLOSED: is), a Kanban card's `@{2026-11-25}` its due date, and a block id ending the line (`^rent`) no
part of its text. Each fails on main at 213c39e."""

from __future__ import annotations

from minirag_cli.tasks import tasks_in
from tests.conftest import write_notes
from tests.test_tasks import listed, sync


def one(line: str) -> dict:
    (task,) = tasks_in([line])
    return task


def test_a_cancelled_tasks_day_is_the_day_it_was_closed():
    task = one("- [-] book the Lisbon flight with Marta ❌ 2026-11-03")
    assert (task["status"], task["text"], task["done_on"]) == ("cancelled", "book the Lisbon flight with Marta",
                                                                "2026-11-03")
    assert one("- [-] rent a car [cancelled:: 2026-11-02]")["done_on"] == "2026-11-02"  # Dataview's field


def test_a_cancelled_day_on_a_task_not_cancelled_dates_nothing():
    """A `❌` day on an open task (the box unticked again) is no day it was done."""
    task = one("- [ ] rent a car ❌ 2026-11-02")
    assert (task["status"], task["done_on"]) == ("open", None)
    assert one("- [-] moved ✅ 2026-11-01 ❌ 2026-11-04")["done_on"] == "2026-11-01"  # ✅ says it first


def test_a_kanban_cards_date_is_its_due_date():
    assert (one("- [ ] Write release notes @{2026-11-25}")["text"], one("- [ ] Write release notes @{2026-11-25}")["due"]
            ) == ("Write release notes", "2026-11-25")
    task = one("- [ ] Call the printer @[[2026-11-26]] @@{10:30} #print")  # linked to the daily note, a time
    assert (task["text"], task["due"]) == ("Call the printer #print", "2026-11-26")
    task = one("- [ ] Ask priya@{2026-11-25} and me")  # no blank before `@`: an address's, no card date
    assert (task["text"], task["due"]) == ("Ask priya@{2026-11-25} and me", None)
    task = one("- [ ] Typo @{2026-13-45}")  # no day: kept in the text, where the typo shows
    assert (task["text"], task["due"]) == ("Typo @{2026-13-45}", None)


def test_a_block_id_ending_the_line_is_no_part_of_the_text():
    assert one("- [ ] pay rent 🔁 every month 📅 2026-12-01 ^rent")["text"] == "pay rent"
    assert one("- [ ] decide ^ a caret in the text")["text"] == "decide ^ a caret in the text"
    (task,) = tasks_in(["- [ ] draft the spec", "  for Jonas ^spec-1"])  # the last line of a wrapped task
    assert task["text"] == "draft the spec for Jonas"


def test_a_kanban_board_in_the_week(tmp_path, monkeypatch):
    root = tmp_path / "vault"
    write_notes(root, {"Boards/Alpha Board.md": (
        "---\n\nkanban-plugin: basic\n\n---\n\n## Backlog\n\n- [ ] Write release notes @{2026-11-25}\n"
        "- [ ] Beta invite list\n\n## Done\n\n**Complete**\n- [x] Spec draft\n\n"
        "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n")})
    db_path = tmp_path / "i.sqlite"
    sync(root, db_path)
    got = listed(db_path, "--week", env={"MRAG_TODAY": "2026-11-23"})
    assert [(t["text"], t["due"], t["in_window"]) for t in got] == [("Write release notes", "2026-11-25", ["due"])]


def test_a_quarterly_note_is_of_its_quarter(tmp_path):
    """Periodic Notes' quarterly note, `2026-Q4.md`, is dated to its quarter as `2026-W45.md` is to its week:
    its tasks list by its first day (they were undated, listed last), and a question about a month of it
    reaches it (text.file_period)."""
    import datetime as dt

    from minirag_cli.text import file_period

    assert file_period("Quarterly/2026-Q4.md") == (dt.date(2026, 10, 1), dt.date(2026, 12, 31))
    assert file_period("2027-Q1.md") == (dt.date(2027, 1, 1), dt.date(2027, 3, 31))
    assert file_period("2026Q2.md") == (dt.date(2026, 4, 1), dt.date(2026, 6, 30))
    for name in ("2026-Q5.md", "Q4.md", "2026-Q4 plan.md", "2026.md"):  # a yearly note's `2026` is not read so
        assert file_period(name) is None, name
    root = tmp_path / "vault"
    write_notes(root, {"Quarterly/2026-Q4.md": "# 2026 Q4 plan\n\n- [ ] hire a designer 📅 2026-12-15\n",
                       "Inbox.md": "# Inbox\n\n- [ ] tidy desk\n"})
    db_path = tmp_path / "i.sqlite"
    sync(root, db_path)
    assert [(t["path"], t["note_date"]) for t in listed(db_path)] == [("Quarterly/2026-Q4.md", "2026-10-01"),
                                                                      ("Inbox.md", None)]


def test_a_query_finds_a_task_by_its_notes_name(tmp_path):
    """`mrag tasks alpha` lists the tasks of `Projects/Alpha.md` and of the `Alpha Board.md` board, as a Logseq
    page's name finds its blocks; a daily note's date is no name (`mrag tasks 11` would list every task of
    November)."""
    root = tmp_path / "vault"
    write_notes(root, {"Projects/Alpha.md": "# Alpha\n\n- [ ] set up status page\n",
                       "Boards/Alpha Board.md": "## Doing\n\n- [ ] Beta invite list\n",
                       "Daily/2026-11-03.md": "- [ ] draft the Alpha spec\n- [ ] water the plants\n",
                       "Inbox.md": "- [ ] tidy desk\n"})
    db_path = tmp_path / "i.sqlite"
    sync(root, db_path)
    assert sorted(t["text"] for t in listed(db_path, "alpha")) == ["Beta invite list", "draft the Alpha spec",
                                                                   "set up status page"]
    assert [t["text"] for t in listed(db_path, "11")] == []
    assert [t["text"] for t in listed(db_path, "inbox")] == ["tidy desk"]
