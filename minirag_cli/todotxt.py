"""The todo.txt format's tasks (Gina Trapani's plain-text format, as todo.sh, Simpletask, SwiftoDo,
sleek and Markor write it): which files are todo.txt files (is_todo_txt) and what each of their
lines says as a task (todo_txt_tasks_in), for `mrag tasks` (tasks.tasks_of).

A file so named is read as one only when it is written as one (reads_as_todo_txt: a Markdown checklist
or a note of paragraphs named `todo.txt` is read as any note). A todo.txt file is one task a line
(http://todotxt.org/, the format's spec):

    (A) 2026-11-03 Call Priya about the lease +Flat @phone due:2026-11-10
    x 2026-11-04 2026-11-01 Pay rent +Flat @online

`x ` opens a done task, then its completion date and its creation date; an open one may open with
its priority, `(A)` to `(Z)`, then its creation date. The rest is its description, whose `+project`
and `@context` words stay in its text (a QUERY finds them), and whose `key:value` words are its
fields, as the apps read them: `due:` its due day, Simpletask's `t:` (threshold) its start day
(`starts`: it is hidden before that day, as Obsidian Tasks' 🛫 says when a task may begin), `rec:`
its recurrence (`rec:1w` "every week when done", `rec:+1w` "every week": Simpletask's strict one,
from the due day), `pri:` the priority some apps keep on a done line, and `h:1` a hidden line
(Simpletask's placeholder keeping a project or context in its lists: no task). Other fields stay in
the text, as written.

For naming (readable, read by sync.note_readings), a line's head (`x`, its priority; its dates moved
after the description) and its `@context` words are read past: `(C) 2026-10-30 Buy a drill` named Buy,
`2026-11-07 Email Sofia Lindqvist` `Email Sofia Lindqvist`, and `@phone` was a person (heuristic rules 20).
"""

from __future__ import annotations

import datetime as dt
import re

# the names the apps give a todo.txt file: `todo.txt` and its archive `done.txt` (todo.sh, Simpletask,
# sleek), in any folder and any case (a Windows or macOS user's `Todo.txt`), and a list of its own,
# `work.todo.txt`; any other `.txt` is a note of prose, its lines no tasks
TODO_TXT_NAMES = ("todo.txt", "done.txt")
TODO_TXT_SUFFIX = ".todo.txt"

_DAY = r"\d{4}-\d{2}-\d{2}"
# the line's head, as the spec orders it: `x ` (done), a priority (its own when open; one that a done
# line keeps, `x (B) ...`, as some apps write it, after the `x`), then dates: a done line's completion
# date and creation date, an open line's creation date
_DONE = re.compile(r"x[ \t]+")
_PRIORITY = re.compile(r"\(([A-Z])\)[ \t]+")
_DATE = re.compile(r"(" + _DAY + r")(?:[ \t]+|$)")
# a `key:value` word: neither part holds a blank or a colon (the spec's rule: `url:https://x` is text)
_FIELD = re.compile(r"(?<!\S)([A-Za-z][A-Za-z0-9_-]*):([^\s:]+)(?!\S)")
# Simpletask's recurrence: an optional `+` (strict: from the due or threshold day, not from the day it
# is done), a count and a unit (dorecur and topydo read a missing unit as days); `b` business days
_RECURRENCE = re.compile(r"(\+?)(\d{1,4})([dwmyb]?)", re.I)
_UNIT = {"d": "day", "w": "week", "m": "month", "y": "year", "b": "weekday"}
# a word that is no part of a task's description: a project, a context (a line of only those keeps
# them in the apps' lists, as `h:1` does)
_TAG = re.compile(r"[+@]\S+")


# a line's head as naming reads past it: `x `, a priority, up to two dates; or a done line's `x`, its
# completion date, the priority kept after it and its creation date (`x 2026-11-04 (A) 2026-11-01 Call Priya`)
_LINE_HEAD = re.compile(r"^([ \t]*(?:x[ \t]+" + _DAY + r"[ \t]+\([A-Z]\)[ \t]+(?:" + _DAY + r"[ \t]+)?"
                        r"|(?:x[ \t]+)?(?:\([A-Z]\)[ \t]+)?(?:" + _DAY + r"[ \t]+){0,2}))([^\r\n]*)", re.MULTILINE)
_CONTEXT = re.compile(r"(?<!\S)@\S+")


def readable(text: str) -> str:
    """A todo.txt file's `text` (a chunk's) as naming reads it, each line its length: each line's head read
    past (`x` and `(A)` blanked, its dates moved after the description) and its `@context` words blanked, so
    the description's first word opens a sentence (`Buy a drill`: no name) and a context names no one
    (`@phone`); `+Flat`, a project, still names Flat, and the dates are still the dates it mentions."""
    text = _CONTEXT.sub(lambda m: " " * len(m.group(0)), text)
    return _LINE_HEAD.sub(_head_after, text)


def _head_after(m: re.Match) -> str:
    """A todo.txt line (_LINE_HEAD's match) with its description first and its head's dates after it
    (still dates it mentions), padded to its length: blanks before it would indent the line, and an
    indented line opens no sentence (`  Buy a drill` still named Buy)."""
    head, rest = m.group(1), m.group(2)
    dates = " ".join(re.findall(_DAY, head))
    moved = rest + (" " + dates if dates else "")
    return moved + " " * (len(head) + len(rest) - len(moved))


def is_todo_txt(path: str, lines: list[str] | None = None) -> bool:
    """Is the note at `path` a todo.txt file: named `todo.txt`, `done.txt` or `NAME.todo.txt` (any case),
    and, when its `lines` are given, written as one (reads_as_todo_txt)? The name alone dates a file so named
    (text.note_date: its first line is no title's date)."""
    name = path.rsplit("/", 1)[-1].lower()
    named = name in TODO_TXT_NAMES or (name.endswith(TODO_TXT_SUFFIX) and len(name) > len(TODO_TXT_SUFFIX))
    return named and (lines is None or reads_as_todo_txt(lines))


# a checklist's line, `- [ ] Milk`, `* [x] Bread`, `1. [ ] Eggs`: a Markdown note's, whatever its name
_CHECKBOX_LINE = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[^\]\n]\]")
# what marks a todo.txt line: its head (`x `, `(A) `, a date), a `+project`, a `@context`, a `key:value` field
_MARK = re.compile(r"^(?:x[ \t]|\([A-Z]\)[ \t]|" + _DAY + r"(?:[ \t]|$))|(?<!\S)[+@]\w|"
                   r"(?<!\S)[A-Za-z][A-Za-z0-9_-]*:[^\s:]+(?!\S)")


def reads_as_todo_txt(lines: list[str]) -> bool:
    """Are a file's `lines` (named as a todo.txt's) written as todo.txt's: fewer than half its lines with
    text checkbox lines (a Markdown checklist, `# Groceries` over `- [ ] Milk` lines, is read as its
    checkboxes: `[ ] # Groceries` was a task, a done `- [x] Bread` open; one such line in a todo.txt is a
    task as written), and half of them or more marked as todo.txt's (_MARK: `x `, `(A) `, a date first, a
    `+project`, an `@context`, a `key:value`) or, fewer, no blank line between two of them (a list, one
    task a line, as `todo.sh add` writes it unmarked)? A note of paragraphs (`TODO`, a blank line, then
    prose, `x marks the spot...`) is read as any note: its lines were tasks."""
    rows = [line.strip() for line in lines if line.strip()]
    if 2 * sum(1 for line in lines if _CHECKBOX_LINE.match(line)) >= len(rows) > 0:
        return False
    if 2 * sum(1 for row in rows if _MARK.search(row)) >= len(rows):
        return True
    at = [i for i, line in enumerate(lines) if line.strip()]
    return all(b == a + 1 for a, b in zip(at, at[1:]))


def _day(text: str) -> str | None:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:  # 2026-13-45: no day, kept in the text where the typo shows
        return None


def recurrence(value: str) -> str | None:
    """Simpletask's `rec:` value in the Tasks plugin's words, as an Org repeater's (tasks.org_repeater):
    `1w` "every week when done" (counted from the day it is done), `+1m` "every month" (strict, from its
    due day), `2b` "every 2 weekdays when done"; None for a value that is none (`rec:soon`, `rec:0d`)."""
    m = _RECURRENCE.fullmatch(value)
    if m is None or int(m.group(2)) == 0:
        return None
    count, unit = int(m.group(2)), _UNIT[(m.group(3) or "d").lower()]
    rule = f"every {unit}" if count == 1 else f"every {count} {unit}s"
    return rule if m.group(1) else rule + " when done"


def _line_task(line: str) -> dict | None:
    """The task one todo.txt line writes (text, status, done, priority, dates and fields), None for a
    blank line, a hidden one (`h:1`) or one with no description (`+Flat`, `@phone`)."""
    rest = line.strip()
    done = _DONE.match(rest) is not None
    if done:
        rest = rest[_DONE.match(rest).end():]
    priority = None
    if (m := _PRIORITY.match(rest)) is not None:
        priority, rest = m.group(1), rest[m.end():]
    dates: list[str] = []
    for _ in range(2 if done else 1):  # done: completion, then creation; open: creation
        m = _DATE.match(rest)
        if m is None or _day(m.group(1)) is None:
            break
        dates.append(m.group(1))
        rest = rest[m.end():]
        # the priority some apps keep after a done line's completion date, `x 2026-11-04 (A) Call Priya`
        # (fixS1: `(A)` stayed in the text and no priority was read)
        if done and len(dates) == 1 and priority is None and (m := _PRIORITY.match(rest)) is not None:
            priority, rest = m.group(1), rest[m.end():]
    found: dict[str, str | None] = {}

    def field(m: re.Match) -> str:
        key, value = m.group(1).lower(), m.group(2)
        if key in ("due", "t"):
            day = _day(value)
            if day is None:
                return m.group(0)
            found.setdefault("due" if key == "due" else "starts", day)
        elif key == "rec" and (rule := recurrence(value)) is not None:
            found.setdefault("recurs", rule)
        elif key == "pri" and re.fullmatch(r"[A-Za-z]", value):
            found.setdefault("priority", value.upper())
        elif key == "h":
            found.setdefault("hidden", value)
        else:
            return m.group(0)
        return " "

    text = " ".join(_FIELD.sub(field, rest).split())
    if found.get("hidden") == "1" or not _TAG.sub(" ", text).strip():
        return None
    completed, created = (dates + [None, None])[:2] if done else (None, (dates or [None])[0])
    return {"text": text, "status": "done" if done else "open", "done": done,
            "due": found.get("due"), "scheduled": None, "done_on": completed,
            "priority": priority or found.get("priority"), "starts": found.get("starts"), "created": created,
            "recurs": found.get("recurs"), "id": None, "depends_on": [], "on_completion": None}


def todo_txt_tasks_in(lines: list[str]) -> list[dict]:
    """The tasks of a todo.txt file's `lines` (index 0 is line 1; a Windows line end read past), dicts
    of tasks.Task's fields but the note's, each at its own line."""
    out = []
    for i, line in enumerate(lines):
        task = _line_task(line.rstrip("\r"))
        if task is not None:
            out.append({**task, "line": i + 1, "lines": [i + 1, i + 1], "parent": None})
    return out
