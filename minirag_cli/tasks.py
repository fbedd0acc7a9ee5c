"""A journal's tasks (`mrag tasks`): the checkbox items its notes write,
read from what the index holds (each note's lines rebuilt from its chunks:
store.notes_with_tasks), so they follow every sync and need no table.

A task is a list item with a checkbox, as Markdown, Obsidian and GitHub
write one: `- [ ] call Priya`, `* [x] dentist`, `+ [ ]`, `1. [ ]`, `2) [ ]`,
indented or in a quote (`> - [ ] ...`). The box says its state: `[ ]` open,
`[/]` in progress (open), `[x]` or `[X]` done, `[-]` cancelled (closed,
listed with the done ones). Another mark (`[?]`, `[>]`: a theme's) is no
task. Not tasks: lines inside a code fence (``` or ~~~, read as mdcode
reads them: an Admonition ```` ```ad-todo ```` fence holds prose and its
tasks, a line that opens with inline code (```` ```npm i``` ````) opens no
fence) or an HTML block (`<pre>`, an `<!-- -->` comment, on one line or
many), a line that starts inside an Obsidian comment (`%% - [ ] x %%`, or
`%%` lines around it: hidden, as an HTML comment is), the front matter, an
item with no text after its box; a comment (`<!-- -->`, `%% %%`) in a
task's line is taken out of its text.

Dates it carries, Obsidian Tasks' and Dataview's: `📅 2026-11-20` (or 📆,
🗓) and `[due:: 2026-11-20]` are its due date, `⏳` / `[scheduled:: ]` its
scheduled day, `✅` / `[completion:: ]` the day it was done; they are taken
out of its text (`🛫`, `➕`, `❌` and `start::`, `created::`, `cancelled::` are
taken out too, unlisted). A date that is no day (`📅 2026-13-45`) is no
field: it stays in the text, where the typo shows. A line indented under a task that is no list item
of its own (a wrapped line) continues the task: its text joins the task's,
and `lines` spans it. An indented task is a task of its own (a sub-task),
`parent` the line of the task it is under; closing a task closes none of
its sub-tasks, as in Obsidian.

An Org-mode note (`.org`) also has task headlines, `* TODO ...` with a
planning line under it (org_tasks_in): read beside its checkboxes, into the
same fields.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import asdict, dataclass

from minirag_cli.errors import UsageError

OPEN_MARKS = {" ": "open", "/": "in_progress"}
CLOSED_MARKS = {"x": "done", "X": "done", "-": "cancelled"}
STATES = ("open", "done", "all")

# the text is greedy and stripped in code: a lazy one before `[ \t]*$` retried the blanks' check from
# each blank of a long run (a line of 200,000 blanks: minutes)
_TASK = re.compile(r"^(?P<lead>(?:[ \t]*>)*[ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+\[(?P<mark>[ xX/-])\]"
                   r"(?:[ \t]+(?P<text>.*))?$")
_ITEM = re.compile(r"^(?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_LEAD = re.compile(r"(?:[ \t]*>)*[ \t]*")  # a line's indentation and quote marks
_DAY = r"(\d{4}-\d{2}-\d{2})"
# Obsidian Tasks' signifiers (an emoji may carry the variation selector U+FE0F)
_EMOJI = re.compile("(\U0001F4C5|\U0001F4C6|\U0001F5D3|\u23F3|\U0001F6EB|\u2705|\u2795|\u274C)\uFE0F?[ \t]*" + _DAY)
_EMOJI_FIELD = {"\U0001F4C5": "due", "\U0001F4C6": "due", "\U0001F5D3": "due", "\u23F3": "scheduled",
                "\u2705": "done_on"}
# Dataview's inline fields: [due:: 2026-11-20] or (due:: 2026-11-20)
# (its tail stops at the next field's opener too: one nothing closes scanned to the text's end from
# each opener, quadratic in a line of thousands of them)
_INLINE = re.compile(r"[\[(](due|scheduled|start|completion|created|cancelled)::[ \t]*" + _DAY
                     + r"[^\][()]*[\])]", re.I)
_INLINE_FIELD = {"due": "due", "scheduled": "scheduled", "completion": "done_on"}


@dataclass
class Task:
    text: str  # as written after the box, its date fields taken out, its continuation lines joined
    status: str  # open, in_progress, done or cancelled
    done: bool  # done or cancelled
    path: str
    root: str
    line: int  # 1-based, the box's line
    lines: list[int]  # [first, last]: last is the last continuation line
    note_date: str | None  # the note's date (YYYY-MM-DD), None for an undated note
    due: str | None
    scheduled: str | None
    done_on: str | None
    parent: int | None  # the line of the task this one is indented under

    def to_dict(self) -> dict:
        return asdict(self)


def _width(lead: str) -> int:
    return len(lead.expandtabs(4))


def _fields(text: str, comments: bool = True) -> tuple[str, dict[str, str]]:
    """`text` without its date fields, and those it names (due, scheduled, done_on)."""
    found: dict[str, str] = {}

    def take(m: re.Match, field: str | None, day: str) -> str:
        try:
            dt.date.fromisoformat(day)
        except ValueError:  # no real day (2026-13-45): a typo the user should see, kept in the text
            return m.group(0)
        if field:
            found.setdefault(field, day)
        return " "

    text = _without_comments(text, comments)
    text = _EMOJI.sub(lambda m: take(m, _EMOJI_FIELD.get(m.group(1)), m.group(2)), text)
    text = _INLINE.sub(lambda m: take(m, _INLINE_FIELD.get(m.group(1).lower()), m.group(2)), text)
    return " ".join(text.split()), found


def _front_matter_lines(lines: list[str]) -> int:
    """How many of the note's first lines its front matter takes (0 for none)."""
    from minirag_cli import frontmatter

    if not lines or lines[0].lstrip("\ufeff").rstrip() != frontmatter.OPEN:
        return 0
    found = frontmatter.of_note("\n".join(lines))
    return 0 if found is None else "\n".join(lines)[:found.end].count("\n")


def _code_lines(lines: list[str], first: int, comments: bool = True) -> set[int]:
    """The indexes of `lines` (from `first`: the front matter's are none) in
    a fenced code block or a raw HTML block (`<pre>`, an `<!-- -->` comment),
    fences and tags included, as mdcode reads them (CommonMark's rules: a
    backtick in the info string opens no fence; an Admonition `ad-` fence
    holds prose). Each line is read without its indentation and quote
    marks: a fence in a quote or under a list item hides its lines too. A
    line that starts inside an Obsidian comment (`%%`, mdcode) is hidden too;
    one the comment starts after its first word is not (the comment is taken
    out of its text: _without_comments)."""
    from minirag_cli.extract.mdcode import find_code

    bare = [""] * first + [lines[i][_LEAD.match(lines[i]).end():] for i in range(first, len(lines))]
    text = "\n".join(bare)
    starts = [0]
    for line in bare[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    out: set[int] = set()
    for code in find_code(text, comments=comments):
        if code.kind in ("fence", "html", "comment"):
            a = bisect.bisect_right(starts, code.start) - 1
            b = bisect.bisect_right(starts, max(code.start, code.end - 1)) - 1
            if code.kind == "comment" and code.start > starts[a]:
                a += 1  # the line the comment opens in after its start is no comment's line
            out.update(range(a, b + 1))
    return out


def _without_comments(text: str, comments: bool = True) -> str:
    """`text` without its `<!-- -->` and (with `comments`: mdcode.reads_comments)
    Obsidian `%% %%` comments (one nothing closes is text, as CommonMark and
    mdcode read it). A scan, not a regex: `<!--.*?-->` would rescan the rest
    of a line from each opener nothing closes."""
    for opener, closer in (("<!--", "-->"), ("%%", "%%"))[:2 if comments else 1]:
        pieces, pos = [], 0
        while (a := text.find(opener, pos)) >= 0 and (b := text.find(closer, a + len(opener))) >= 0:
            pieces.append(text[pos:a] + " ")
            pos = b + len(closer)
        text = "".join(pieces) + text[pos:]
    return text


def tasks_in(lines: list[str], comments: bool = True) -> list[dict]:
    """The tasks of a note's `lines` (index 0 is line 1): dicts of Task's
    fields but the note's (path, root, note_date). `comments`: does `%%`
    open a comment in the note (mdcode.reads_comments: a Markdown note's, not
    an Org-mode agenda's `%%(diary-float ...)`)?"""
    out: list[dict] = []
    first = _front_matter_lines(lines)
    code = _code_lines(lines, first, comments)
    stack: list[tuple[int, dict]] = []  # (indent width, task) of the tasks the next lines may be under
    current: dict | None = None  # the task the next indented line continues
    for i in range(first, len(lines)):
        line = lines[i].rstrip("\r")
        if i in code:
            current = None
            continue
        task = _TASK.match(line)
        if task is None:
            indent = _width(line[:len(line) - len(line.lstrip())])
            if not line.strip() or _ITEM.match(line):
                current = None
            elif current is not None and indent > current["_indent"]:
                current["_more"].append(line.strip())
                current["lines"][1] = i + 1
            else:
                current = None
                if indent == 0:  # a paragraph or heading ends the list: no task below is under one above
                    stack.clear()
            continue
        indent = _width(task.group("lead"))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        current = None
        if not (task.group("text") or "").strip():
            continue
        mark = task.group("mark")
        current = {"_indent": indent, "_text": task.group("text"), "_more": [],
                   "status": OPEN_MARKS.get(mark) or CLOSED_MARKS[mark], "done": mark in CLOSED_MARKS,
                   "line": i + 1, "lines": [i + 1, i + 1], "parent": stack[-1][1]["line"] if stack else None}
        stack.append((indent, current))
        out.append(current)
    for task in out:
        text, found = _fields(" ".join([task.pop("_text"), *task.pop("_more")]), comments)
        task.pop("_indent")
        task.update(text=text, due=found.get("due"), scheduled=found.get("scheduled"),
                    done_on=found.get("done_on"))
    return out


# Org-mode's task headlines (org_tasks_in): `* TODO [#A] Title :tag1:tag2:`, then a planning line
# (`SCHEDULED: <2026-11-20 Fri>  DEADLINE: <2026-11-25 Wed 10:00>`, `CLOSED: [2026-11-02 Mon 17:03]`)
ORG_OPEN = ("TODO", "NEXT", "WAITING", "HOLD", "SOMEDAY", "STARTED")
ORG_CLOSED = ("DONE", "CANCELLED", "CANCELED")
# the keywords whose meaning the status says alone: the others (NEXT, WAITING, a file's own) stay in the text
_ORG_STATUS = {"TODO": "open", "STARTED": "in_progress", "DONE": "done", "CANCELLED": "cancelled",
               "CANCELED": "cancelled"}
# the rest greedy and stripped in code, the tags after one blank of the stripped rest: a lazy rest before
# `[ \t]*$`, or `[ \t]+` before the tags, retried a long run of blanks from each of its blanks (as _TASK's note)
_ORG_HEADLINE = re.compile(r"^(?P<stars>\*+)[ \t]+(?P<rest>.*)$")
_ORG_TAGS = re.compile(r"[ \t]:((?:[\w@#%]+:)+)$")
_ORG_PRIORITY = re.compile(r"^\[#[A-Za-z0-9]\][ \t]*")
_ORG_COOKIE = re.compile(r"\[(?:\d*%|\d*/\d*)\]")  # a statistics cookie, [2/4] or [50%]
_ORG_PLANNING = re.compile(r"\b(SCHEDULED|DEADLINE|CLOSED):[ \t]{0,8}[<\[](\d{4}-\d{2}-\d{2})[^>\]\n]{0,40}[>\]]")
_ORG_PLANNING_FIELD = {"SCHEDULED": "scheduled", "DEADLINE": "due", "CLOSED": "done_on"}
_ORG_KEYWORDS_LINE = re.compile(r"^#\+(?:TODO|SEQ_TODO|TYP_TODO):[ \t]*(?P<words>.*)$", re.I)
_ORG_FILETAGS = re.compile(r"^#\+FILETAGS:[ \t]*(?P<tags>.*)$", re.I)
_ORG_BLOCK = re.compile(r"^[ \t]*#\+(BEGIN|END)_(\w+)", re.I)


def _org_keywords(lines: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The note's open and closed TODO keywords: its `#+TODO:` (`#+SEQ_TODO:`,
    `#+TYP_TODO:`) lines' (`TODO NEXT(n) WAITING(w@/!) | DONE(d!) CANCELLED(c@)`:
    those after `|` close; with no `|`, the last one), else ORG_OPEN and ORG_CLOSED."""
    opened: list[str] = []
    closed: list[str] = []
    for line in lines:
        found = _ORG_KEYWORDS_LINE.match(line.rstrip("\r"))
        if not found:
            continue
        words = [w.split("(")[0] for w in found.group("words").split()]
        if "|" in words:
            cut = words.index("|")
            opened += [w for w in words[:cut] if w]
            closed += [w for w in words[cut + 1:] if w and w != "|"]
        elif words:
            opened += words[:-1]
            closed.append(words[-1])
    if not opened and not closed:
        return ORG_OPEN, ORG_CLOSED
    return tuple(opened), tuple(closed)


def org_block_lines(lines: list[str]) -> set[int]:
    """The indexes of `lines` in an Org block (`#+BEGIN_SRC` ... `#+END_SRC`,
    any `#+BEGIN_NAME` to its `#+END_NAME`), those two lines included; one
    nothing closes runs to the note's end, as in Org."""
    out: set[int] = set()
    block: str | None = None
    for i, raw in enumerate(lines):
        fence = _ORG_BLOCK.match(raw)
        if block is None and fence and fence.group(1).upper() == "BEGIN":
            block = fence.group(2).upper()
        if block is not None:
            out.add(i)
            if fence and fence.group(1).upper() == "END" and fence.group(2).upper() == block:
                block = None
    return out


def org_tasks_in(lines: list[str]) -> list[dict]:
    """The task headlines of an Org-mode note's `lines` (index 0 is line 1),
    as tasks_in gives a note's checkboxes: `* TODO Call Priya`, `** DONE ...`,
    any of the note's TODO keywords (_org_keywords). TODO, DONE, CANCELLED
    and STARTED are its status alone; another keyword (NEXT, WAITING, one of
    the note's own) opens the text, so the table shows it and a query finds it.
    The priority (`[#A]`), statistics cookie (`[2/4]`) and tags (`:work:urgent:`)
    are taken out of the text; the tags, with those it inherits (`#+FILETAGS:`,
    its parent headlines'), are matched by a query (`_tags`). The planning line
    right below it gives `due` (DEADLINE), `scheduled` (SCHEDULED) and
    `done_on` (CLOSED), and widens `lines`. `parent`: the task headline it is
    under. Headlines inside a `#+BEGIN_...` / `#+END_...` block are none
    (org_block_lines), nor, in tasks_of, are checkboxes there."""
    opened, closed = _org_keywords(lines)
    keywords = {**{k: "open" for k in opened}, **{k: "done" for k in closed}}
    blocks = org_block_lines(lines)
    file_tags: list[str] = []
    for line in lines:
        found = _ORG_FILETAGS.match(line.rstrip("\r"))
        if found:
            file_tags += [t for t in re.split(r"[:\s]+", found.group("tags")) if t]
    out: list[dict] = []
    outline: list[tuple[int, list[str], dict | None]] = []  # (level, tags, task or None) of the headlines above
    for i, raw in enumerate(lines):
        line = raw.rstrip("\r")
        if i in blocks:
            continue
        head = _ORG_HEADLINE.match(line)
        if head is None:
            continue
        level = len(head.group("stars"))
        rest = head.group("rest").rstrip()
        tags: list[str] = []
        found_tags = _ORG_TAGS.search(rest)
        if found_tags:
            tags = [t for t in found_tags.group(1).split(":") if t]
            rest = rest[:found_tags.start()].rstrip()
        while outline and outline[-1][0] >= level:
            outline.pop()
        inherited = file_tags + [t for _, above, _ in outline for t in above]
        word, _, title = rest.replace("\t", " ").partition(" ")
        task = None
        if word in keywords and title.strip():
            title = " ".join(_ORG_COOKIE.sub(" ", _ORG_PRIORITY.sub("", title.strip())).split())
            status = _ORG_STATUS.get(word) or ("cancelled" if word.startswith("CANCEL") else keywords[word])
            parent = next((t["line"] for _, _, t in reversed(outline) if t is not None), None)
            task = {"text": title if word in _ORG_STATUS else f"{word} {title}", "status": status,
                    "done": status in ("done", "cancelled"), "line": i + 1, "lines": [i + 1, i + 1],
                    "parent": parent, "due": None, "scheduled": None, "done_on": None,
                    "_tags": list(dict.fromkeys(inherited + tags))}
            planning = lines[i + 1].rstrip("\r") if i + 1 < len(lines) else ""
            found_dates = list(_ORG_PLANNING.finditer(planning))
            if found_dates and not _ORG_PLANNING.sub("", planning).strip():  # a planning line holds nothing else
                for date in found_dates:
                    try:
                        dt.date.fromisoformat(date.group(2))
                    except ValueError:  # no real day (2026-13-45)
                        continue
                    field = _ORG_PLANNING_FIELD[date.group(1)]
                    task[field] = task[field] or date.group(2)
                task["lines"][1] = i + 2
            out.append(task)
        outline.append((level, tags, task))
    return out


def tasks_of(path: str, lines: list[str]) -> list[dict]:
    """The tasks of the note at `path`: its checkboxes (tasks_in) and, in an
    Org-mode note (`.org`), its task headlines (org_tasks_in), in line order."""
    from minirag_cli.extract.mdcode import reads_comments

    found = tasks_in(lines, reads_comments(path))
    if path.lower().endswith(".org"):  # a checkbox in an Org block (`#+BEGIN_SRC`, `#+BEGIN_EXAMPLE`) is an example
        blocks = org_block_lines(lines)
        found = sorted([t for t in found if t["line"] - 1 not in blocks] + org_tasks_in(lines), key=lambda t: t["line"])
    return found


def _note_day(root: str, path: str, head: str) -> str | None:
    """The note's first day as date questions read it (datednotes.note_span
    of its dating head); None for an undated note."""
    from minirag_cli.datednotes import note_span

    span = note_span(path, root, head)
    return span[0].isoformat() if span else None


def state_of(*, done: bool, every: bool, as_json: bool = False, paths: bool = False) -> str:
    """The state `mrag tasks --done` / `--all` asks for (open without either);
    a UsageError for flags that contradict each other."""
    if done and every:
        raise UsageError("--all already lists the done tasks: give one of --done and --all.")
    if as_json and paths:
        raise UsageError("--json and --paths are two outputs: give one.")
    return "all" if every else "done" if done else "open"


def check_flags(*, state: str, due: bool, overdue: bool, limit: int | None) -> None:
    """UsageErrors for flags that mean nothing together, before any work."""
    if state not in STATES:
        raise UsageError(f"Unknown task state {state!r}; choose {', '.join(STATES)}.")
    if overdue and state != "open":
        raise UsageError("--overdue lists open tasks only: leave out --done / --all.")
    if due and overdue:
        raise UsageError("--overdue already lists tasks by due date: give one of --due and --overdue.")
    if limit is not None and limit < 1:
        raise UsageError(f"--limit {limit}: expected 1 or more.")


def matches(task: dict, words: list[str]) -> bool:
    from minirag_cli.text import fold

    text = fold(" ".join([task["text"], *task.get("_tags", ())]))  # an Org task's tags are found too
    return all(w in text for w in words)


def select(notes, *, query: str | None = None, state: str = "open", due: bool = False, overdue: bool = False,
           today: dt.date | None = None) -> list[Task]:
    """The tasks of `notes` ((root, path, dating head, lines): store.notes_with_tasks)
    in `state` (open, done or all), each word of `query` in its text (case
    and accents aside); `due`: those with a due date, soonest first;
    `overdue`: open ones due before `today`, longest overdue first. Else
    newest note first (undated notes last), then path, then line."""
    from minirag_cli.text import fold

    check_flags(state=state, due=due, overdue=overdue, limit=None)
    words = fold(query).split() if query else []
    cutoff = (today or dt.date.today()).isoformat()
    out: list[Task] = []
    for root, path, head, lines in notes:
        day = None
        for found in tasks_of(path, lines):
            if state != "all" and found["done"] != (state == "done"):
                continue
            if (due or overdue) and not found["due"]:
                continue
            if overdue and found["due"] >= cutoff:
                continue
            if words and not matches(found, words):
                continue
            if day is None:  # once per note, and only for a note with a task listed
                day = _note_day(root, path, head) or ""
            found.pop("_tags", None)
            out.append(Task(path=path, root=root, note_date=day or None, **found))
    out.sort(key=lambda t: (t.path, t.root, t.line))
    if due or overdue:
        out.sort(key=lambda t: t.due)
    else:
        out.sort(key=lambda t: t.note_date or "", reverse=True)  # stable: path and line order kept within a day
    return out
