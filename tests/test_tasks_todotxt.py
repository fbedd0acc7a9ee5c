"""`mrag tasks` reads a todo.txt file (todo.sh, Simpletask, sleek, ...) one task a line (qa34: none of
its lines was a task): `x` done with its completion and creation dates, `(A)` its priority (past C too),
`due:`, Simpletask's `t:` (its start day) and `rec:`, `pri:` on a done line, `h:1` hidden, a line of only
`+Project` / `@context` no task; `+project` and `@context` stay in the text for a QUERY. Only files so
named: an ordinary `.txt` note's `x ...` and `(A) ...` lines are prose."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.datednotes import note_span
from minirag_cli.tasks import tasks_of
from minirag_cli.text import note_date
from minirag_cli.todotxt import is_todo_txt, recurrence
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync

TODO = (
    "(A) 2026-11-03 Call Priya about the lease +Flat @phone due:2026-11-10\n"
    "(D) 2026-10-29 Look at sofa reviews +Flat @online\n"
    "2026-11-04 Pay rent +Flat @online due:2026-12-01 rec:+1m\n"
    "Renew car insurance +Car @phone t:2026-11-20 due:2026-12-01\n"
    "Water the plants @home rec:1w\n"
    "\n"
    "+Flat\n"
    "@phone\n"
    "Check the meter readings +Flat h:1\n"
    "Call the bank +Money due:2026-13-45 url:https://example.com/loan\n"
    "Renew the passport +Travel pri:B due:2026-11-30\n"
)
DONE = (
    "x 2026-11-04 2026-11-01 Pay rent +Flat @online\r\n"
    "x (B) 2026-11-02 2026-10-30 Send Priya the inventory list +Flat @email\r\n"
    "x 2026-11-01 Pack the kitchen boxes +Flat @home pri:A\r\n"
    "\r\n"
    "x Clean the fridge @home\r\n"
)


def _fields(task: dict) -> tuple:
    return (task["line"], task["status"], task["text"], task["priority"], task["created"], task["done_on"],
            task["due"], task["starts"], task["recurs"])


def test_a_todo_txt_line_is_a_task_with_its_fields():
    assert [_fields(t) for t in tasks_of("todo.txt", TODO.split("\n"))] == [
        (1, "open", "Call Priya about the lease +Flat @phone", "A", "2026-11-03", None, "2026-11-10", None, None),
        (2, "open", "Look at sofa reviews +Flat @online", "D", "2026-10-29", None, None, None, None),
        (3, "open", "Pay rent +Flat @online", None, "2026-11-04", None, "2026-12-01", None, "every month"),
        (4, "open", "Renew car insurance +Car @phone", None, None, None, "2026-12-01", "2026-11-20", None),
        (5, "open", "Water the plants @home", None, None, None, None, None, "every week when done"),
        # a day that is none stays in the text, and so does a field the spec's rule makes none (a colon
        # in its value)
        (10, "open", "Call the bank +Money due:2026-13-45 url:https://example.com/loan", None, None, None,
         None, None, None),
        (11, "open", "Renew the passport +Travel", "B", None, None, "2026-11-30", None, None),
    ]


def test_a_done_line_its_dates_and_kept_priority():
    assert [_fields(t) for t in tasks_of("notes/done.txt", DONE.split("\n"))] == [
        (1, "done", "Pay rent +Flat @online", None, "2026-11-01", "2026-11-04", None, None, None),
        (2, "done", "Send Priya the inventory list +Flat @email", "B", "2026-10-30", "2026-11-02", None, None,
         None),
        (3, "done", "Pack the kitchen boxes +Flat @home", "A", None, "2026-11-01", None, None, None),
        (5, "done", "Clean the fridge @home", None, None, None, None, None, None),
    ]


def test_which_files_are_todo_txt():
    assert all(map(is_todo_txt, ["todo.txt", "lists/done.txt", "Todo.txt", "work.todo.txt"]))
    assert not any(map(is_todo_txt, ["shopping.txt", "mytodo.txt", ".todo.txt", "todo.md", "todo.txt/a.md"]))
    # an ordinary .txt note's lines are prose, and one checkbox among a todo.txt's lines is its line, not a box
    assert tasks_of("shopping.txt", ["x marks the spot", "(A) good bakery", "- [ ] eggs"]) == [
        {**tasks_of("shopping.txt", ["- [ ] eggs"])[0], "line": 3, "lines": [3, 3]}]
    assert [t["text"] for t in tasks_of("todo.txt", ["(A) Call Priya", "- [ ] eggs", "Pay rent +Flat"])] == [
        "Call Priya", "- [ ] eggs", "Pay rent +Flat"]


def test_a_file_named_todo_txt_is_read_as_one_only_when_written_as_one():
    """fixS3 (review revR): a `todo.txt` written as a Markdown checklist was read line by line (`[ ] #
    Groceries` a task, the done Bread open, the Eggs' 📅 due day lost), and a prose `TODO.txt`'s lines were
    tasks (`x marks the spot...` a done one). Now a file so named is read as todo.txt only when fewer than
    half its lines are checkboxes and half or more carry a todo.txt mark, or, fewer, none is apart from the
    next by a blank line (a list, one task a line, as `todo.sh add` writes it)."""
    checklist = ["# Groceries", "- [ ] Milk", "- [x] Bread", "- [ ] Eggs 📅 2026-11-10", ""]
    assert [(t["text"], t["done"], t["due"]) for t in tasks_of("checklist/todo.txt", checklist)] == [
        ("Milk", False, None), ("Bread", True, None), ("Eggs", False, "2026-11-10")]
    prose = ["TODO", "", "Things I keep meaning to look into when I have a free weekend. Not urgent.", "",
             "The garage door squeaks; probably needs grease on the rollers.",
             "Maybe rewrite the backup script in Python.",
             "x marks the spot where the old shed stood, ask Jonas whether we can build there.", ""]
    assert tasks_of("notes/TODO.txt", prose) == []
    assert not is_todo_txt("notes/TODO.txt", prose) and is_todo_txt("notes/TODO.txt")
    # unmarked lines one after another are a todo.sh list; marked ones with blank lines between too
    assert [t["text"] for t in tasks_of("todo.txt", ["Buy milk", "Call mom", ""])] == ["Buy milk", "Call mom"]
    assert [t["line"] for t in tasks_of("todo.txt", ["(A) Call Priya", "", "x 2026-11-04 Pay rent", ""])] == [1, 3]


def test_simpletask_recurrence_in_the_tasks_plugins_words():
    assert [recurrence(v) for v in ("1d", "+2w", "3m", "+1y", "1b", "2b", "5", "0d", "soon", "1x")] == [
        "every day when done", "every 2 weeks", "every 3 months when done", "every year",
        "every weekday when done", "every 2 weekdays when done", "every 5 days when done", None, None, None]


def test_mrag_tasks_lists_a_todo_txt(tmp_path: Path):
    """Through the index: todo.txt and done.txt (Windows line ends) hold no `[`, and are read; a query
    finds a `+Project`; `--priority D` a priority past C; the file is undated (its first task's
    creation date is no date of the list's); a plain `.txt` note's lines are no tasks."""
    root = tmp_path / "notes"
    write_notes(root, {"todo.txt": TODO, "shopping.txt": "x marks the spot\n(A) good bakery\n"})
    (root / "done.txt").write_bytes(DONE.encode())
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=16, overlap_tokens=2))
    finally:
        conn.close()

    def tasks(*args: str, today: str = "2026-11-12") -> list[dict]:
        result = CliRunner().invoke(app, ["--db", str(db_path), "tasks", *args, "--json"],
                                    env={"MRAG_TODAY": today})
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    assert [(t["path"], t["line"], t["note_date"]) for t in tasks("+flat", "--all")] == [
        ("done.txt", 1, None), ("done.txt", 2, None), ("done.txt", 3, None),
        ("todo.txt", 1, None), ("todo.txt", 2, None), ("todo.txt", 3, None)]
    assert [t["line"] for t in tasks("--priority", "d")] == [2]
    assert [t["line"] for t in tasks("--overdue")] == [1]
    # Simpletask's threshold is a start day: it puts no task in a window, its due day does
    assert [(t["line"], t["in_window"]) for t in tasks("--from", "2026-11-16", "--to", "2026-11-30")] == [
        (11, ["due"])]
    none = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--priority", "q"])
    assert none.exit_code == 0 and "No open task of priority Q is in the indexed notes." in none.stderr
    assert [(t["path"], t["line"]) for t in tasks("--done")] == [
        ("done.txt", 1), ("done.txt", 2), ("done.txt", 3), ("done.txt", 5)]


def test_a_threshold_to_come_hides_a_todo_txt_task_till_its_day(tmp_path: Path):
    """fixT2: `Plan the spring trip t:2027-01-10` (Simpletask's threshold) was listed as open on 2026-12-06;
    the todo.txt apps hide it until that day. It is no open task before it (nor due, overdue or found by a
    query), is listed from its day on, with --all, and in a window that reaches its day; a done one, and an
    Obsidian Tasks `🛫` start day, hide nothing."""
    root = tmp_path / "notes"
    write_notes(root, {
        "todo.txt": "Call Priya about the lease +Flat due:2026-12-08\n"
                    "Plan the spring trip +Travel t:2027-01-10\n"
                    "Book the ferry +Travel t:2027-01-10 due:2027-01-20\n"
                    "Renew the passport +Travel t:2026-12-01 due:2026-12-05\n",
        "Travel.md": "- [ ] Pack the tent 🛫 2027-01-10\n",
    })
    (root / "done.txt").write_bytes(b"x 2026-12-02 Send the deposit +Travel t:2027-01-01\n")
    sync(root, tmp_path / "index.sqlite")

    def lines(*args: str, today: str = "2026-12-06") -> list[tuple[str, int]]:
        result = CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "tasks", *args, "--json"],
                                    env={"MRAG_TODAY": today})
        assert result.exit_code == 0, result.output
        return sorted((t["path"], t["line"]) for t in json.loads(result.stdout))

    assert lines() == [("Travel.md", 1), ("todo.txt", 1), ("todo.txt", 4)]
    assert lines("travel") == [("Travel.md", 1), ("todo.txt", 4)]
    assert lines("--due") == [("todo.txt", 1), ("todo.txt", 4)] and lines("--overdue") == [("todo.txt", 4)]
    assert lines("--all") == [("Travel.md", 1), ("done.txt", 1), *[("todo.txt", n) for n in (1, 2, 3, 4)]]
    assert lines(today="2027-01-10") == [("Travel.md", 1), *[("todo.txt", n) for n in (1, 2, 3, 4)]]
    # a window: its due day puts it in, once the window reaches its threshold
    assert lines("--from", "2027-01-15", "--to", "2027-01-31") == [("todo.txt", 3)]
    assert lines("--from", "2027-01-15") == [("todo.txt", 3)]
    assert lines("--within", "7") == [("todo.txt", 1)]


def test_a_todo_txt_line_is_named_without_its_head_and_contexts(tmp_path: Path):
    """Heuristic rules 20: `(C) 2026-10-30 Buy a drill` named Buy and `2026-11-07 Email Sofia Lindqvist
    ...` `Email Sofia Lindqvist` (the description's first word, after the head, opened no sentence), and
    `@phone` was a person; a project, `+Flat`, names Flat still, and an ordinary `.txt` note is read as
    before (its `@phone` a handle)."""
    root = tmp_path / "notes"
    write_notes(root, {
        "todo.txt": "(C) 2026-10-30 Buy a drill +Flat @hardware\n"
                    "2026-11-07 Email Sofia Lindqvist the invoice +Freelance @email due:2026-11-09\n"
                    "(A) Fix the boiler +Flat @phone\n",
        "chat.txt": "Ping @phone about it.\n",
    })
    (root / "done.txt").write_bytes(b"x 2026-10-12 Buy a present for Priya Raman +Flat @home\r\n")
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor())
        names = {name for (name,) in conn.execute(
            "SELECT e.name FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c ON c.id = m.chunk_id "
            "JOIN documents d ON d.id = c.document_id WHERE d.path != 'chat.txt'")}
        chat = {name for (name,) in conn.execute(
            "SELECT e.name FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c ON c.id = m.chunk_id "
            "JOIN documents d ON d.id = c.document_id WHERE d.path = 'chat.txt'")}
    finally:
        conn.close()
    # the head's dates are still the dates the lines mention
    assert {"Sofia Lindqvist", "Priya Raman", "Flat", "Freelance", "2026-10-30", "2026-10-12"} <= names
    assert not names & {"Buy", "Fix", "Email Sofia Lindqvist", "@phone", "@email", "@home", "@hardware"}
    assert "@phone" in chat


def test_a_todo_txt_file_is_dated_by_its_name_alone():
    """Its head is its first task, whose creation date dates no other (qa34: `mrag ask` gave every task
    of the list the first one's day); a note's first line dates it as before, and a dated name a list."""
    head = "(A) 2026-11-03 Call Priya about the lease +Flat @phone due:2026-11-10"
    assert (note_date(head, "todo.txt"), note_span("todo.txt", "/n", head)) == ("", None)
    assert note_date("x 2026-11-04 2026-11-01 Pay rent", "lists/done.txt") == ""
    assert note_date(head, "2026-11-03.todo.txt") == "2026-11-03"
    # a month's list, README's own example, is of its month (fixS3: `.todo` was read as part of its name)
    assert note_span("lists/2026-11.todo.txt", "/n", head) == (dt.date(2026, 11, 1), dt.date(2026, 11, 30))
    assert note_span("2026-W45.done.txt", "/n", head) == (dt.date(2026, 11, 2), dt.date(2026, 11, 8))
    assert note_date(head, "plans.txt") == "2026-11-03"
    assert note_span("plans.txt", "/n", head) is not None


def test_a_todo_txt_s_chunks_are_headed_by_its_name(tmp_path: Path):
    """fixS3 (review revR): its first task headed every chunk of the list (`(A)Call without space` on 22);
    its file name heads them now, as a Kindle's clippings' name heads theirs; a checklist named todo.txt
    is headed by its first line as any note is."""
    root = tmp_path / "notes"
    tasks = "".join(f"(B) 2026-11-0{i % 9 + 1} Task number {i} of the list +Flat @home\n" for i in range(40))
    write_notes(root, {"odd.todo.txt": "(A)Call without space\n" + tasks,
                       "2026-11.todo.txt": tasks, "lists/todo.txt": "# Groceries\n- [ ] Milk\n- [x] Bread\n"})
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        heads = conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                             "ORDER BY d.path, c.seq").fetchall()
    finally:
        conn.close()
    firsts = {path: header.split("\n")[0] for path, header in heads}
    assert sum(path == "odd.todo.txt" for path, _h in heads) > 3
    assert {header.split("\n")[0] for path, header in heads if path == "odd.todo.txt"} == {"odd.todo"}
    assert firsts["2026-11.todo.txt"] == "2026-11.todo" and firsts["lists/todo.txt"] == "# Groceries"


def test_a_priority_after_the_completion_date(tmp_path: Path):
    """`x 2026-11-04 (A) Call Priya`: some apps keep a done line's priority after its completion date (and
    before its creation date): it is the priority (it stayed in the text, `(A) Call Priya`, no priority),
    and naming reads past it as past a head (`Email` opened no sentence after it)."""
    lines = ["x 2026-11-04 (A) Call Priya about the lease +Flat",
             "x 2026-11-05 (C) 2026-11-01 Email Sofia Lindqvist the invoice +Freelance",
             "(B) 2026-11-03 (A) open, its second (A) is text"]
    assert [_fields(t) for t in tasks_of("done.txt", lines)] == [
        (1, "done", "Call Priya about the lease +Flat", "A", None, "2026-11-04", None, None, None),
        (2, "done", "Email Sofia Lindqvist the invoice +Freelance", "C", "2026-11-01", "2026-11-05", None, None,
         None),
        (3, "open", "(A) open, its second (A) is text", "B", "2026-11-03", None, None, None, None),
    ]
    root = tmp_path / "notes"
    write_notes(root, {"done.txt": "\n".join(lines[:2]) + "\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor())
        names = {name for (name,) in conn.execute(
            "SELECT e.name FROM entities e JOIN mentions m ON m.entity_id = e.id")}
    finally:
        conn.close()
    assert {"Sofia Lindqvist", "Priya", "Flat"} <= names and not names & {"Email Sofia Lindqvist", "Call Priya", "A", "C"}


def test_deferred_tasks_read_the_file_as_todo_txt_once(monkeypatch):
    """Review rdA: each open task with a threshold to come asked whether its note is a todo.txt file, reading
    the whole file each time: 4,000 deferred tasks took 4.3 s (quadratic). Asked once a note now."""
    from minirag_cli import tasks, todotxt

    asked = []
    real = todotxt.is_todo_txt
    monkeypatch.setattr(todotxt, "is_todo_txt", lambda path, *rest: (asked.append(path), real(path, *rest))[1])
    lines = [f"(A) task number {i} +proj t:2027-0{1 + i % 9}-10" for i in range(400)] + ["(B) today's task"]
    found = tasks.select([("/notes", "todo.txt", "", lines)], today=dt.date(2026, 12, 6))
    assert [t.text for t in found] == ["today's task"]  # the deferred ones hidden
    assert len(asked) < 5, len(asked)  # tasks_of's own, and the threshold's once (401 before)
