"""A journal's tasks (`mrag tasks`): the checkbox items its notes write,
read from what the index holds (each note's lines rebuilt from its chunks:
store.notes_with_tasks), so they follow every sync and need no table.

A task is a list item with a checkbox, as Markdown, Obsidian and GitHub
write one: `- [ ] call Priya`, `* [x] dentist`, `+ [ ]`, `1. [ ]`, `2) [ ]`,
indented or in a quote (`> - [ ] ...`). The box says its state: `[ ]` open,
`[/]` in progress (open), `[x]` or `[X]` done, `[-]` cancelled and `[>]`
forwarded (closed, listed with the done ones). Another mark (`[?]`, `[!]`:
a theme's) is no task. Not tasks: lines inside a code fence (``` or ~~~, read as mdcode
reads them: an Admonition ```` ```ad-todo ```` fence holds prose and its
tasks, a line that opens with inline code (```` ```npm i``` ````) opens no
fence) or an HTML block (`<pre>`, an `<!-- -->` comment, on one line or
many), a line that starts inside an Obsidian comment (`%% - [ ] x %%`, or
`%%` lines around it: hidden, as an HTML comment is), the front matter, an
item with no text after its box; a comment (`<!-- -->`, `%% %%`) in a
task's line is taken out of its text.

Dates it carries, Obsidian Tasks' and Dataview's: `📅 2026-11-20` (or 📆,
🗓) and `[due:: 2026-11-20]` are its due date, `⏳` / `[scheduled:: ]` its
scheduled day, `✅` / `[completion:: ]` the day it was done (a cancelled
task's `❌` / `[cancelled:: ]` the day it was closed); the Kanban plugin's
card date `@{2026-11-25}` is its due date; `🛫` / `[start:: ]` its start day
(`starts`), `➕` / `[created:: ]` its created day; they are taken out of its
text, and so is a block id, `^rent`, ending the line. So are its Tasks
priority (`⏫`: `priority` "A"), recurrence (`🔁 every week`: `recurs`), id
(`🆔 abc123`: `id`), the tasks it waits on (`⛔ abc123,def456`: `depends_on`)
and what to do on completion (`🏁 delete`: `on_completion`; Dataview's
`[id:: ]`, `[dependsOn:: ]`, `[onCompletion:: ]` the same). The plugin's
emoji fields, dates among them, are read only in the trailing run of fields
ending the line, as the plugin reads them (_trailing_fields): `move the 📅
2026-11-20 meeting` is text; Dataview's bracketed fields anywhere, as
Dataview reads them (an unbracketed `due:: 2026-11-20` is no field of a
task's in Dataview: text here too). A date that is no day (`📅 2026-13-45`) is no
field: it stays in the text, where the typo shows. A line indented under a task that is no list item
of its own (a wrapped line) continues the task: its text joins the task's,
and `lines` spans it. An indented task is a task of its own (a sub-task),
`parent` the line of the task it is under; closing a task closes none of
its sub-tasks, as in Obsidian.

An Org-mode note (`.org`) also has task headlines, `* TODO ...` with a
planning line under it (org_tasks_in): read beside its checkboxes, into the
same fields (a timestamp's repeater, `+1w`, its `recurs`: org_repeater).

A Logseq page (is_logseq: an outline in a graph's `journals/` or `pages/`,
or one holding what only Logseq writes) has tasks of its own kind besides,
read by logseq_tasks_in: a block whose first word is a marker (`- TODO`,
`- DOING`, `- DONE`, ...), its `SCHEDULED:` / `DEADLINE:` lines its days
(and a repeater in them its `recurs`),
its priority and `:LOGBOOK:` drawer out of its text. A Roam Research page's
blocks opening with `{{[[TODO]]}}` / `{{[[DONE]]}}` are read alike (roam_tasks_in),
a daily page's date link in the text their scheduled day. tasks_of gives a
note's tasks of every kind.

select reads a task with no due date of its fields as due on a deadline its words write (`DEADLINE 11/12`,
`by Wed`: taskdue.py, read against its day's note's day, _NoteDays.anchor, else the week its list names,
_NoteDays.week), or an open one on the day its line ends with (`Hedrin round 2 Sat 12th`: taskdue.plain_day).
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import itertools
import re
from typing import Callable
from dataclasses import asdict, dataclass, field

from minirag_cli import frontmatter
from minirag_cli.errors import UsageError
from minirag_cli.extract import orgmode
from minirag_cli.text import MONTH_NAMES
from minirag_cli.todotxt import TODO_TXT_NAMES

OPEN_MARKS = {" ": "open", "/": "in_progress"}
# `[>]` forwarded (Bullet Journal's migrated task, the Minimal and Things themes' and Tasks' custom status):
# moved on to another day or list, so closed here, listed with the done ones, as a cancelled task is
CLOSED_MARKS = {"x": "done", "X": "done", "-": "cancelled", ">": "forwarded"}
STATES = ("open", "done", "all")

# the text is greedy and stripped in code: a lazy one before `[ \t]*$` retried the blanks' check from
# each blank of a long run (a line of 200,000 blanks: minutes)
_TASK = re.compile(r"^(?P<lead>(?:[ \t]*>)*[ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+\[(?P<mark>[ xX/>-])\]"
                   r"(?:[ \t]+(?P<text>.*))?$")
_ITEM = re.compile(r"^(?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_LEAD = re.compile(r"(?:[ \t]*>)*[ \t]*")  # a line's indentation and quote marks
# ... and a list item's marker: a fence may open on the item's own line (`- ```sql`, as Logseq writes
# every code block), and read after the `- ` alone, its closing ``` opened a fence that hid what followed
# (group 1: the line's lead before the marker)
_CODE_LEAD = re.compile(r"((?:[ \t]*>)*[ \t]*)(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?")
_DAY = r"(\d{4}-\d{2}-\d{2})"
# Obsidian Tasks' date signifiers (an emoji may carry the variation selector U+FE0F), read, as the plugin
# reads every field of its, only in the line's trailing run of fields (_trailing_fields): due 📅 (📆 🗓),
# scheduled ⏳ (⌛), done ✅, cancelled ❌, start 🛫, created ➕
_EMOJI_FIELD = {"\U0001F4C5": "due", "\U0001F4C6": "due", "\U0001F5D3": "due", "\u23F3": "scheduled",
                "\u231B": "scheduled", "\u2705": "done_on", "\u274C": "cancelled_on", "\U0001F6EB": "starts",
                "\u2795": "created"}
# Dataview's inline fields: [due:: 2026-11-20] or (due:: 2026-11-20)
# (its tail stops at the next field's opener too: one nothing closes scanned to the text's end from
# each opener, quadratic in a line of thousands of them)
_INLINE = re.compile(r"[\[(](due|scheduled|start|completion|created|cancelled)::[ \t]*" + _DAY
                     + r"[^\][()]*[\])]", re.I)
_INLINE_FIELD = {"due": "due", "scheduled": "scheduled", "completion": "done_on", "cancelled": "cancelled_on",
                 "start": "starts", "created": "created"}
# Obsidian Tasks' five priorities, read into Org's three letters so one `--priority A` asks both: 🔺 highest
# and ⏫ high are "A", 🔼 medium "B", 🔽 low and ⏬ lowest "C" (its unmarked "normal" is none, as an Org
# task with no cookie); its Dataview format writes the words, `[priority:: high]`
_TASKS_PRIORITY = {"\U0001F53A": "A", "\u23EB": "A", "\U0001F53C": "B", "\U0001F53D": "C", "\u23EC": "C",
                   "highest": "A", "high": "A", "medium": "B", "low": "C", "lowest": "C"}
_PRIORITY_SIGN = re.compile(r"[\[(]priority::[ \t]*(highest|high|medium|low|lowest)[ \t]*[\])]", re.I)
# Obsidian Tasks' recurrence, `🔁 every week` (its rule: letters, digits, commas, blanks and `!`, as the
# plugin reads it), or Dataview's `[repeat:: every week]`. The rule starts as one does, `every` and a period
# or a day ("every 2 weeks", "every Monday", "every month on the 1st"): "🔁 every loop construct in Rust"
# is text (revN: it was taken as the rule)
_RULE = ("every[ \t]+(?:\\d+[ \t]+|other[ \t]+)?(?:(?:day|week|weekday|weekend|month|year|hour|minute|monday|tuesday"
         "|wednesday|thursday|friday|saturday|sunday)s?|" + "|".join(MONTH_NAMES) + ")\\b[A-Za-z0-9, !]*")
_INLINE_REPEAT = re.compile(r"[\[(]repeat::[ \t]*(every\b[^\][()]*)[\])]", re.I)
# Obsidian Tasks' fields, read as the plugin reads them: only in the trailing run of fields that ends the
# line, after the description (`- [ ] water plants ⏫ 🔁 every week 🛫 2026-11-01 📅 2026-11-20`), tags among
# them; a sign inside the description is its text ("buy the 🔼 arrow stickers": revN, it was priority B;
# "move the 📅 2026-11-20 meeting": tasks4, it was due that day). One at the end of the line at a time
# (_trailing_fields), each group one kind: priority, a date (_EMOJI_FIELD), recurrence, id 🆔, the ids it
# depends on ⛔ (`abc123,def456`), its on-completion action 🏁 (`delete`, `keep`); an id as the plugin
# writes one, letters, digits, `-` and `_` (a list's commas unambiguous: no run of blanks retried)
_TASK_ID = "[A-Za-z0-9_-]+"
_TRAILING = re.compile("(?:(\U0001F53A|\u23EB|\U0001F53C|\U0001F53D|\u23EC)\uFE0F?"
                       "|(" + "|".join(_EMOJI_FIELD) + ")\uFE0F?[ \t]*" + _DAY
                       + "|\U0001F501\uFE0F?[ \t]*(" + _RULE + ")"
                       + "|\U0001F194\uFE0F?[ \t]*(" + _TASK_ID + ")"
                       + "|\u26D4\uFE0F?[ \t]*(" + _TASK_ID + "(?:[ \t]*,[ \t]*" + _TASK_ID + ")*)"
                       + "|\U0001F3C1\uFE0F?[ \t]*([A-Za-z]+))\\Z", re.I)
# ... and their Dataview format's, read anywhere as Dataview reads a bracketed field: `[id:: abc123]`,
# `[dependsOn:: abc123,def456]`, `[onCompletion:: delete]` (a value of other characters is no such field)
_INLINE_IDS = re.compile(r"[\[(](id|dependsOn|onCompletion)::[ \t]*(" + _TASK_ID + r"(?:[ \t]*,[ \t]*" + _TASK_ID
                         + r")*)[ \t]*[\])]", re.I)
_INLINE_ID_FIELD = {"id": "id", "dependson": "depends_on", "oncompletion": "on_completion"}
# the on-completion actions the plugin knows (parseOnCompletionValue): another word after 🏁 (`🏁 finish`) is
# still its field, taken out of the line, but does nothing (the plugin's Ignore): no `on_completion`
_ON_COMPLETION = ("keep", "delete")
# how many fields the trailing run is read for, as the plugin's own parser stops at 20 (a line of
# thousands of signs is read in linear time)
_MAX_TRAILING = 20
# The Kanban plugin's card date, `@{2026-11-25}` (its date trigger `@`; `@[[2026-11-25]]` when it links
# dates to daily notes), with the card's time after it (`@@{10:00}`): the card's due date, as the board
# shows it (qa27: it stayed in the text, and `--due`, `--week` passed the card over)
_KANBAN_DATE = re.compile(r"(?<!\S)@(?:\{" + _DAY + r"\}|\[\[" + _DAY + r"\]\])(?:[ \t]*@@\{\d{1,2}:\d{2}\})?")


@dataclass
class Task:
    text: str  # as written after the box, its date fields taken out, its continuation lines joined
    status: str  # open, in_progress, done, cancelled or forwarded
    done: bool  # closed: done, cancelled or forwarded
    path: str
    root: str
    line: int  # 1-based, the box's line
    lines: list[int]  # [first, last]: last is the last continuation line
    note_date: str | None  # the note's date (YYYY-MM-DD), or its dated section's (sections.py); None: undated
    due: str | None
    scheduled: str | None
    done_on: str | None
    parent: int | None  # the line of the task this one is indented under
    # an Org or Logseq task's priority cookie's, `[#A]`: "A" (cookie_priority), or an Obsidian Tasks
    # priority's letter (⏫: "A", _tasks_priority); None for none
    priority: str | None = None
    starts: str | None = None  # Obsidian Tasks' `🛫` start day (Dataview's `start::`)
    created: str | None = None  # its `➕` created day (`created::`)
    # its recurrence rule, `🔁 every week`: "every week" (_recurrence); an Org or Logseq repeater's in the
    # same words, `+1w`: "every week" (org_repeater)
    recurs: str | None = None
    id: str | None = None  # its Tasks id, `🆔 abc123`: "abc123"
    depends_on: list[str] = field(default_factory=list)  # the ids it waits on, `⛔ abc123,def456`
    on_completion: str | None = None  # what Tasks does with it when done, `🏁 delete`: "delete"
    # with a day window (--today, --week, --within, --from/--to): the fields whose day falls in it,
    # "due", "scheduled" and, for a closed task, "done" (its done_on day); None with no window asked
    in_window: list[str] | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def _width(lead: str) -> int:
    return len(lead.expandtabs(4))


def _fields(text: str, comments: bool = True) -> tuple[str, dict[str, str]]:
    """`text` (a task's line and its continuation lines, joined by newlines) without its fields, its lines
    joined by blanks, and the fields it names (due, scheduled, done_on, cancelled_on, starts, created;
    priority: _tasks_priority; recurs: _recurrence; each line's trailing run's: _trailing_fields)."""
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
    text = _INLINE.sub(lambda m: take(m, _INLINE_FIELD.get(m.group(1).lower()), m.group(2)), text)
    text = _obsidian_plugins(text, take)
    text, priority = _tasks_priority(text)
    text, rule = _recurrence(text)
    found.update({k: v for k, v in (("priority", priority), ("recurs", rule)) if v})
    if "::" in text:
        text = _INLINE_IDS.sub(lambda m: _id_field(m, found), text)
    # each line's run: a wrapped task's fields end its first line (`- [ ] call the bank 📅 2026-11-20`
    # over `  about the loan`: tasks4, joined first they were no trailing run); the box's line read last,
    # so of two same fields the first written is kept
    lines = text.split("\n")
    for i in reversed(range(len(lines))):
        lines[i] = _trailing_fields(lines[i], found, rule is not None)
    return " ".join(" ".join(lines).split()), found


def _id_field(m: re.Match, found: dict) -> str:
    """A blank for Dataview's `[id:: ]`, `[dependsOn:: ]` or `[onCompletion:: ]` field `m` (_INLINE_IDS),
    its value put in `found` (the first written kept); the field as written for a value that is none
    (`[id:: a,b]`: one id; `[onCompletion:: to-do]`: one word)."""
    field, value = _INLINE_ID_FIELD[m.group(1).lower()], m.group(2)
    if field == "depends_on":
        found.setdefault(field, [i.strip() for i in value.split(",")])
    elif "," in value or (field == "on_completion" and not value.isalpha()):
        return m.group(0)
    elif field != "on_completion":
        found.setdefault(field, value)
    else:  # a word the plugin does not know is its Ignore: written first, it still wins (revQ 1)
        found.setdefault(field, value.lower() if value.lower() in _ON_COMPLETION else None)
    return " "


def _split_tags(text: str) -> tuple[str, list[str]]:
    """`text` without the tags ending it (`#chores #home`), and those tags. Read token by token from the
    end (a regex searched from each `#` was quadratic in a line of thousands of tags)."""
    tags: list[str] = []

    def blanks_before(i: int) -> int:
        while i and text[i - 1] in " \t":
            i -= 1
        return i

    end = blanks_before(len(text))
    while end:
        start = end
        while start and text[start - 1] not in " \t":
            start -= 1
        token = text[start:end]
        if len(token) < 2 or token[0] != "#" or "#" in token[1:]:
            break
        tags.append(token)
        end = blanks_before(start)
    return text[:end], tags[::-1]


def _trailing_fields(text: str, found: dict, dataview_rule: bool = False) -> str:
    """`text` without the Obsidian Tasks fields of its trailing run (_TRAILING: priority, its dates, 🔁
    recurrence, 🆔 id, ⛔ depends on, 🏁 on completion), each put in `found` over a Dataview field's (the
    first written wins, as the plugin reads the run from its end and keeps the last it reads), the run's
    tags kept. A field with no real day (`🛫 2026-13-45`) ends the run, kept in the text where the typo
    shows; so does a rule that would leave no text (`- [ ] 🔁 every week`) or one beside Dataview's
    `[repeat:: ]` (`dataview_rule`)."""
    text, tags = _split_tags(text)
    trail: dict = {}
    for _ in range(_MAX_TRAILING):
        m = _TRAILING.search(text)
        if m is None:
            break
        rest, more = _split_tags(text[:m.start()])
        if m.group(1):
            trail["priority"] = _TASKS_PRIORITY[m.group(1)]
        elif m.group(2):
            try:
                dt.date.fromisoformat(m.group(3))
            except ValueError:
                break
            trail[_EMOJI_FIELD[m.group(2)]] = m.group(3)
        elif m.group(4):
            if not rest.strip() or dataview_rule:
                break
            trail["recurs"] = " ".join(m.group(4).strip(" \t,").split())
        elif m.group(5):
            trail["id"] = m.group(5)
        elif m.group(6):
            trail["depends_on"] = [i.strip() for i in m.group(6).split(",")]
        else:  # 🏁: a word the plugin does not know is its Ignore, which the first written still is (revQ 1)
            trail["on_completion"] = m.group(7).lower() if m.group(7).lower() in _ON_COMPLETION else None
        text, tags = rest, more + tags
    found.update(trail)
    return " ".join([text, *tags])


def _tasks_priority(text: str) -> tuple[str, str | None]:
    """`text` without its first Dataview priority, `[priority:: high]` (an emoji's, ⏫, is read in the
    trailing run of fields: _trailing_fields), and the letter it gives (_TASKS_PRIORITY: "A", "B" or
    "C"); None for none (qa: ⏫ stayed in the text, and `--priority A` passed the task over)."""
    text, m = _cut_first(text, _PRIORITY_SIGN, " ")
    return text, None if m is None else _TASKS_PRIORITY[m.group(1).lower()]


def _recurrence(text: str) -> tuple[str, str | None]:
    """`text` without Dataview's recurrence, `[repeat:: every week]`, and its rule ("every week"); None
    for none. One that is the whole text is left (no task's text is left blank). The emoji's, `🔁 every
    month on the 1st`, is read in the trailing run of fields (_trailing_fields)."""
    for m in _INLINE_REPEAT.finditer(text):
        rest = text[:m.start()] + " " + text[m.end():]
        if rest.strip():
            return rest, " ".join(m.group(1).strip(" \t,").split())
    return text, None


def _obsidian_plugins(text: str, take) -> str:
    """`text` without a Kanban card's date (_KANBAN_DATE, its due date: given to `take`) and the block
    id ending it (`- [ ] pay rent 📅 2026-12-01 ^rent`: frontmatter.without_block_ids), which Obsidian's
    plugins write into a task's line and do not show (qa27: it stayed last in the text)."""
    if "@" in text:
        text = _KANBAN_DATE.sub(lambda m: take(m, "due", m.group(1) or m.group(2)), text)
    head, newline, last = text.rpartition("\n")  # the block's id ends its last line, not one in it
    return head + newline + frontmatter.without_block_ids(last)


def _front_matter_lines(lines: list[str]) -> int:
    """How many of the note's first lines its front matter takes (0 for none)."""
    from minirag_cli import frontmatter

    if not lines or not frontmatter.opens_block(lines[0]):
        return 0
    found = frontmatter.of_note("\n".join(lines))
    return 0 if found is None else "\n".join(lines)[:found.end].count("\n")


def _code_lines(lines: list[str], first: int, comments: bool = True, kind: str | None = None) -> set[int]:
    """The indexes of `lines` (from `first`: the front matter's are none) in
    a fenced code block or a raw HTML block (`<pre>`, an `<!-- -->` comment),
    fences and tags included, as mdcode reads them (CommonMark's rules: a
    backtick in the info string opens no fence; an Admonition `ad-` fence
    holds prose). Each line is read without its indentation and quote
    marks: a fence in a quote or under a list item hides its lines too. A
    line that starts inside an Obsidian comment (`%%`, mdcode) is hidden too;
    one the comment starts after its first word is not (the comment is taken
    out of its text: _without_comments). With `kind` (an Org-mode, rST or AsciiDoc
    note: mdcode.code_kind), the code blocks of its own markup (mdcode.kind_blocks), read
    from its lines as written (an rST block is its indented lines)."""
    from minirag_cli.extract.mdcode import find_code

    bare = [""] * first + [lines[i][_CODE_LEAD.match(lines[i]).end():] for i in range(first, len(lines))]
    cut = _item_fences_cut(lines, bare, first)
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
    return out | cut | kind_lines(lines, kind, first)


def _item_fences_cut(lines: list[str], bare: list[str], first: int) -> set[int]:
    """The lines of each fence opened on a list item's line (`- ```python`) that its item ends before it
    closes: CommonMark closes such a fence where a line at the item's indent or less starts (`- [ ] next`),
    so in an ordinary note a stray `- ```python opens a code block` hid every task below it. Those lines
    are blanked in `bare` (find_code reads no fence in them) and returned as code; a fence its item
    closes (Logseq's `- ```sql` ... `  ```) is left to find_code. One pass: a fence opened otherwise is
    skipped to its closing line."""
    from minirag_cli.extract.mdcode import PROSE_FENCE, closes, opening_fence

    out: set[int] = set()
    i = first
    while i < len(lines):
        fence = opening_fence(bare[i])
        if fence is None:
            i += 1
            continue
        lead = _CODE_LEAD.match(lines[i])
        item = lead.end() > lead.end(1)  # opened after a list item's marker
        end = None
        for j in range(i + 1, len(lines)):
            if closes(bare[j], fence):
                break
            if item and bare[j].strip() and _width(lines[j][:len(lines[j]) - len(lines[j].lstrip())]) \
                    <= _width(lead.group(1)) and not PROSE_FENCE.match(bare[i]):
                end = j  # the item, and its fence, end before this line
                break
        else:
            j = len(lines)
        if end is None:
            i = j + 1
            continue
        out.update(range(i, end))
        for k in range(i, end):
            bare[k] = ""
        i = end
    return out


def kind_lines(lines: list[str], kind: str | None, first: int = 0) -> set[int]:
    """The indexes of `lines` (from `first`) in a code block of the note
    kind's own markup (mdcode.kind_blocks: an Org `#+BEGIN_SRC`, `EXAMPLE` or
    `EXPORT` block, `: ` fixed-width lines, an rST literal block, an AsciiDoc
    listing), read from its lines as written: the readers' one reading, so a
    block nothing closes is text and a `#+BEGIN_QUOTE` holds prose."""
    from minirag_cli.extract.mdcode import kind_blocks

    out: set[int] = set()
    if kind is None:
        return out
    written = "\n".join(lines)
    ends = list(itertools.accumulate(len(line) + 1 for line in lines))  # where each line's next starts
    for a, b in kind_blocks(written, kind):
        first_line = bisect.bisect_right(ends, a)
        out.update(range(max(first, first_line), bisect.bisect_right(ends, max(a, b - 1)) + 1))
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


def tasks_in(lines: list[str], comments: bool = True, kind: str | None = None) -> list[dict]:
    """The tasks of a note's `lines` (index 0 is line 1): dicts of Task's
    fields but the note's (path, root, note_date). `comments`: does `%%`
    open a comment in the note (mdcode.reads_comments: a Markdown note's, not
    an Org-mode agenda's `%%(diary-float ...)`)? `kind`: the note's kind whose own code
    blocks hold no task (mdcode.code_kind: an Org `#+BEGIN_SRC`, an rST `code-block`)."""
    out: list[dict] = []
    first = _front_matter_lines(lines)
    code = _code_lines(lines, first, comments, kind)
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
        text, found = _fields("\n".join([task.pop("_text"), *task.pop("_more")]), comments)
        task.pop("_indent")
        # a cancelled task's `❌` day is the day it was closed, as an Org task's CLOSED: is (qa27: it was
        # taken out of the text, and lost)
        closed = found.get("done_on") or (found.get("cancelled_on") if task["status"] == "cancelled" else None)
        task.update(text=text, due=found.get("due"), scheduled=found.get("scheduled"), done_on=closed,
                    **_plugin_fields(found))
    return out


def _plugin_fields(found: dict) -> dict:
    """The Obsidian Tasks fields of _fields' `found` beside the dates every kind of task has: `priority`
    (⏫), `starts` (🛫), `created` (➕), `recurs` (🔁), `id` (🆔), `depends_on` (⛔, [] for none) and
    `on_completion` (🏁); before, 🛫 and ➕ were taken out of the text and lost, ⏫, 🔁, 🆔, ⛔ and 🏁 left
    in it."""
    return {**{k: found.get(k) for k in ("priority", "starts", "created", "recurs", "id", "on_completion")},
            "depends_on": found.get("depends_on", [])}


# Logseq's task markers, the first word of a block (`- TODO call Priya`), and the state each says
# (Logseq's own TODO/DOING and LATER/NOW cycles, its WAITING, and the ones its parser knows besides)
LOGSEQ_MARKERS = {"TODO": "open", "LATER": "open", "WAITING": "open", "WAIT": "open",
                  "DOING": "in_progress", "NOW": "in_progress", "IN-PROGRESS": "in_progress",
                  "STARTED": "in_progress", "DONE": "done", "CANCELED": "cancelled", "CANCELLED": "cancelled"}
# the markers whose meaning the status does not say alone stay in the text, as an Org task's NEXT and
# WAITING do (org_tasks_in): `WAITING samples from Olu` is no task of the user's to do
_LOGSEQ_KEPT = ("WAITING", "WAIT")
_LOGSEQ_TASK = re.compile(r"^(?P<lead>[ \t]*)-[ \t]+(?P<marker>" + "|".join(LOGSEQ_MARKERS) + r")"
                          r"(?:[ \t]+(?P<text>.*))?$")
_LOGSEQ_BULLET = re.compile(r"[ \t]*-(?:[ \t]|$)")
_LOGSEQ_PROPERTY = re.compile(r"[ \t]*(?:-[ \t]+)?[A-Za-z][\w-]*::(?:[ \t]|$)")  # `id:: 6543a1b2-...`
# what only Logseq writes: a block's `id::` (a uuid) or `collapsed:: true` property, a SCHEDULED/DEADLINE
# line, a drawer, a block reference, a macro. Not any `key:: value`: Dataview writes them too (`- rating:: 5`)
_LOGSEQ_SIGN = re.compile(r"^[ \t]*(?:-[ \t]+)?(?:id::[ \t]*[0-9a-f]{8}-[0-9a-f]{4}-|collapsed::[ \t]*true[ \t]*$)"
                          r"|^[ \t]*(?:SCHEDULED|DEADLINE):[ \t]*<\d{4}-"
                          r"|^[ \t]*:LOGBOOK:[ \t]*$|\(\([0-9a-f]{8}-[0-9a-f]{4}-|\{\{(?:embed|query)\b", re.M)
_LOGSEQ_FOLDERS = {"journals", "pages"}
# `SCHEDULED: <2026-11-20 Fri>`, `DEADLINE: <2026-11-25 Wed 10:00 .+1w>` (a time and a repeater may follow)
_LOGSEQ_DATE = re.compile(r"\b(SCHEDULED|DEADLINE):[ \t]*<" + _DAY + r"[^>\n]*>")
_LOGSEQ_PRIORITY = re.compile(r"\[#[A-Ca-c]\]")


def cookie_priority(text: str, cookie: re.Pattern, blank: str = "") -> tuple[str, str | None]:
    """`text` without the first priority cookie `cookie` finds in it (Org's `[#A]` opening a
    headline's title, _ORG_PRIORITY; Logseq's anywhere in a block, _LOGSEQ_PRIORITY), `blank`
    where it was, and the priority it gives, upper case ("A"); None for none. The one reading of
    a task's `priority` from its text (`mrag tasks --priority A`)."""
    text, m = _cut_first(text, cookie, blank)
    return text, None if m is None else m.group(0)[2].upper()


def _cut_first(text: str, pattern: re.Pattern, blank: str) -> tuple[str, re.Match | None]:
    """`text` with the first match of `pattern` replaced by `blank`, and the match (None: `text` as it is)."""
    m = pattern.search(text)
    return (text, None) if m is None else (text[:m.start()] + blank + text[m.end():], m)


def is_logseq(path: str, lines: list[str]) -> bool:
    """Is the note a Logseq page, whose `- TODO` blocks are tasks? A Markdown
    note written as Logseq writes one, an outline (every line at its left
    edge a `- ` block or a `key:: value` property), in a graph's `journals/`
    or `pages/` folder or holding what only Logseq writes (an `id::` uuid or
    `collapsed:: true` property, `SCHEDULED: <...>`, `:LOGBOOK:`, a `((block ref))`,
    `{{embed ...}}`; not any `key:: value`, which Dataview writes too). A
    Markdown list elsewhere (`- TODO list for the trip`) or a note with a
    heading or a paragraph at its left edge is no Logseq page."""
    if not path.lower().endswith((".md", ".markdown")):
        return False
    first = _front_matter_lines(lines)
    code = _code_lines(lines, first)
    body = False
    for i in range(first, len(lines)):
        line = lines[i].rstrip("\r")
        if not line.strip() or line[0] in " \t" or i in code:
            continue
        if not (_LOGSEQ_BULLET.match(line) or _LOGSEQ_PROPERTY.match(line)):
            return False
        body = True
    if not body:
        return False
    return bool(_LOGSEQ_FOLDERS & set(path.split("/")[:-1])) or bool(_LOGSEQ_SIGN.search("\n".join(lines)))


# a block's marker where a Logseq page's block opens with one (`- WAITING Tomás Ferreira sends the deck`)
# and the priority cookie after it, `- TODO [#A] Send Priya ...` (_LOGSEQ_PRIORITY's), blanked with it
_LOGSEQ_MARKER = re.compile(r"^([ \t]*-[ \t]+)(" + "|".join(LOGSEQ_MARKERS) + r")(?=[ \t]|$)"
                            r"([ \t]+\[#[A-Ca-c]\](?=[ \t]|$))?", re.MULTILINE)


def without_logseq_markers(text: str) -> str:
    """`text`, a Logseq page's (is_logseq) or a part of it, with each block's task marker blanked (`-
    WAITING Tomás Ferreira sends the deck`: the marker's letters made blanks, the offsets kept): the
    marker names nothing, and glued to the name after it (`WAITING Tomás Ferreira`, `LATER Priya
    Raman`: heuristic rules 18) as an Org headline's keyword did before orgmode.readable blanked it. Blanked
    to Markdown's box and blanks (`- [ ]     Tomás ...`, `[x]` when done or cancelled), so the block is a
    task's line to the names' rules, as `- [ ] ` is (`- TODO Send Priya the doc` named `Send Priya`). A
    priority cookie after the marker is blanked too, as orgmode.readable blanks a headline's (`- TODO [#A] Send
    Priya ...` named Send Priya, and its `Send` after `[#A]`, capitalised mid-line, made every task verb a name's)."""
    def boxed(m: re.Match) -> str:
        box = "[x]" if LOGSEQ_MARKERS[m.group(2)] in ("done", "cancelled") else "[ ]"
        return m.group(1) + box + " " * (len(m.group(2)) - len(box) + len(m.group(3) or ""))

    return _LOGSEQ_MARKER.sub(boxed, text)


# Roam Research's checkbox, a block opening with `{{[[TODO]]}}` or `{{[[DONE]]}}` (`{{TODO}}`, `{{DONE}}`, as
# Roam reads them too), as its Markdown export keeps it (qa35: none of a Roam graph's tasks was listed); the
# marker's state is LOGSEQ_MARKERS' (open, done)
_ROAM_TASK = re.compile(r"^(?P<lead>[ \t]*)-[ \t]+\{\{(?P<link>\[\[)?(?P<marker>TODO|DONE)(?(link)\]\])\}\}"
                        r"(?:[ \t]+(?P<text>.*))?$")
# a Roam date link, `[[November 10th, 2026]]`, the daily page a task is put on (Roam lists it there)
_ROAM_DATE_LINK = re.compile(r"\[\[([^\[\]\n]{6,40})\]\]")


def roam_tasks_in(lines: list[str]) -> list[dict]:
    """The tasks of a Roam Research page's `lines` (its Markdown export: every block a `- ` bullet), dicts
    as tasks_in makes: a block opening with `{{[[TODO]]}}` (open) or `{{[[DONE]]}}` (done), `{{TODO}}` and
    `{{DONE}}` alike, its marker out of its text, read as logseq_tasks_in reads a Logseq block (its indented
    lines its text, a nested task its sub-task). A date link in its text, `[[November 10th, 2026]]`, the day
    Roam shows it on, is its `scheduled` day (the last one, when it links several), and stays in its text."""
    from minirag_cli.text import daily_date

    found = logseq_tasks_in(lines, _ROAM_TASK)
    for task in found:
        days = [d for d in (daily_date(m.group(1)) for m in _ROAM_DATE_LINK.finditer(task["text"])) if d]
        if days and not task["scheduled"]:
            task["scheduled"] = days[-1][1]
    return found


def logseq_tasks_in(lines: list[str], task_line: re.Pattern = _LOGSEQ_TASK) -> list[dict]:
    """The tasks of a Logseq page's `lines` (is_logseq), dicts as tasks_in
    makes: a block whose first word is a marker (`- TODO call Priya`, `-
    DONE`, LOGSEQ_MARKERS; WAITING stays in the text, as the status does not
    say it). The block's next lines, indented under its
    bullet, are its: `SCHEDULED: <2026-11-20 Fri>` its `scheduled` day,
    `DEADLINE: <...>` its `due` one (a repeater in either, `.+1d`, its
    `recurs`: org_repeater), its `:LOGBOOK:` drawer (to `:END:`) and
    property lines (`id:: ...`) no part of its text, another line its text's
    next line; a priority (`[#A]`) is taken out of its text. A nested block
    ends it, and a task nested under a task is its sub-task (`parent`).
    `task_line`: what a task's line is (roam_tasks_in's `- {{[[TODO]]}} ...`), its groups `lead`,
    `marker` (a key of LOGSEQ_MARKERS) and `text`."""
    out: list[dict] = []
    code = _code_lines(lines, _front_matter_lines(lines))
    stack: list[tuple[int, dict]] = []
    current: dict | None = None
    drawer = False
    for i, raw in enumerate(lines):
        line = raw.rstrip("\r")
        if i in code:
            current = None
            continue
        task = task_line.match(line)
        if task is None:
            if _LOGSEQ_BULLET.match(line) or not line.strip():
                current, drawer = None, False
            elif current is not None and _width(line[:len(line) - len(line.lstrip())]) > current["_indent"]:
                bare = line.strip()
                if drawer or bare == ":LOGBOOK:":
                    drawer = bare != ":END:"
                elif not _LOGSEQ_PROPERTY.match(bare):
                    current["_more"].append(bare)
                current["lines"][1] = i + 1
            else:
                current = None
            continue
        indent = _width(task.group("lead"))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        current, drawer = None, False
        if not (task.group("text") or "").strip():
            continue
        marker = task.group("marker")
        status = LOGSEQ_MARKERS[marker]
        said = f"{marker} " if marker in _LOGSEQ_KEPT else ""
        current = {"_indent": indent, "_text": said + task.group("text"), "_more": [], "status": status,
                   "done": status in ("done", "cancelled"), "line": i + 1, "lines": [i + 1, i + 1],
                   "parent": stack[-1][1]["line"] if stack else None}
        stack.append((indent, current))
        out.append(current)
    for task in out:
        found: dict[str, str] = {}

        def take(m: re.Match) -> str:
            try:
                dt.date.fromisoformat(m.group(2))
            except ValueError:  # no real day: kept in the text, where the typo shows
                return m.group(0)
            found.setdefault("due" if m.group(1) == "DEADLINE" else "scheduled", m.group(2))
            found["recurs"] = found.get("recurs") or org_repeater(m.group(0))
            return " "

        text = _LOGSEQ_DATE.sub(take, "\n".join([task.pop("_text"), *task.pop("_more")]))
        text, priority = cookie_priority(text, _LOGSEQ_PRIORITY, " ")
        text, fields = _fields(text)
        task.pop("_indent")
        task.update(text=text, due=found.get("due") or fields.get("due"),
                    scheduled=found.get("scheduled") or fields.get("scheduled"), done_on=fields.get("done_on"),
                    **{**_plugin_fields(fields), "priority": priority or fields.get("priority"),
                       "recurs": found.get("recurs") or fields.get("recurs")})
    return out


# Org-mode's task headlines (org_tasks_in): `* TODO [#A] Title :tag1:tag2:`, then a planning line
# (`SCHEDULED: <2026-11-20 Fri>  DEADLINE: <2026-11-25 Wed 10:00>`, `CLOSED: [2026-11-02 Mon 17:03]`)
ORG_OPEN, ORG_CLOSED = orgmode.ORG_OPEN, orgmode.ORG_CLOSED
# the keywords whose meaning the status says alone: the others (NEXT, WAITING, a file's own) stay in the text
_ORG_STATUS = {"TODO": "open", "STARTED": "in_progress", "DONE": "done", "CANCELLED": "cancelled",
               "CANCELED": "cancelled"}
# the rest greedy and stripped in code, the tags after one blank of the stripped rest: a lazy rest before
# `[ \t]*$`, or `[ \t]+` before the tags, retried a long run of blanks from each of its blanks (as _TASK's note)
_ORG_HEADLINE = re.compile(r"^(?P<stars>\*+)[ \t]+(?P<rest>.*)$")
_ORG_TAGS = re.compile(r"[ \t]:((?:[\w@#%]+:)+)$")
_ORG_PRIORITY = re.compile(r"^\[#[A-Za-z0-9]\][ \t]*")
_ORG_COOKIE = re.compile(r"\[(?:\d*%|\d*/\d*)\]")  # a statistics cookie, [2/4] or [50%]
_ORG_PLANNING_FIELD = {"SCHEDULED": "scheduled", "DEADLINE": "due", "CLOSED": "done_on"}
_ORG_FILETAGS = re.compile(r"^#\+FILETAGS:[ \t]*(?P<tags>.*)$", re.I)
# an Org timestamp's repeater, after a blank inside it (`<2026-11-03 Tue +1w>`, `.+1m`, `++1d`, a habit's
# `.+2d/3d`; Logseq writes Org's), and its unit's word
_ORG_REPEATER = re.compile(r"(?<=[ \t])(\.\+|\+\+|\+)(\d{1,4})([hdwmy])(?![A-Za-z0-9])")
_REPEATER_UNIT = {"h": "hour", "d": "day", "w": "week", "m": "month", "y": "year"}


def org_repeater(stamp: str) -> str | None:
    """The recurrence an Org or Logseq timestamp's repeater writes (`SCHEDULED: <2026-11-03 Tue +1w>`), in
    the Tasks plugin's words, so `recurs` reads one way whichever app wrote the task (as `🔁 every week`
    gives it; tasks4: the repeater was read past and lost): `+1w` "every week", `+2d` "every 2 days", `.+1m`
    "every month when done" (Org's `.+` counts from the day it is done, as Tasks' `when done` does), `++1d`
    "every day" (Org's catch-up, to the first such day after today: the same period). None for none (or
    a `+0d`, which repeats nothing, and for a CLOSED stamp: only SCHEDULED and DEADLINE repeat in Org, a
    `CLOSED: [2026-11-02 Mon 17:03 +1w]` is the day it was done, nothing more)."""
    if stamp.lstrip().upper().startswith("CLOSED"):
        return None
    m = _ORG_REPEATER.search(stamp)
    if m is None or int(m.group(2)) == 0:
        return None
    count, unit = int(m.group(2)), _REPEATER_UNIT[m.group(3)]
    rule = f"every {unit}" if count == 1 else f"every {count} {unit}s"
    return rule + " when done" if m.group(1) == ".+" else rule


def org_tasks_in(lines: list[str]) -> list[dict]:
    """The task headlines of an Org-mode note's `lines` (index 0 is line 1),
    as tasks_in gives a note's checkboxes: `* TODO Call Priya`, `** DONE ...`,
    any of the note's TODO keywords (orgmode.todo_keywords). TODO, DONE, CANCELLED
    and STARTED are its status alone; another keyword (NEXT, WAITING, one of
    the note's own) opens the text, so the table shows it and a query finds it.
    The priority (`[#A]`), statistics cookie (`[2/4]`) and tags (`:work:urgent:`)
    are taken out of the text; the tags, with those it inherits (`#+FILETAGS:`,
    its parent headlines'), are matched by a query (`_tags`). The planning line
    right below it gives `due` (DEADLINE), `scheduled` (SCHEDULED) and
    `done_on` (CLOSED), `recurs` (the repeater of either of the first two,
    `+1w`: org_repeater), and widens `lines`. `parent`: the task headline it is
    under. Headlines inside a code block (`#+BEGIN_SRC`, `EXAMPLE`, `EXPORT`
    to its `#+END_`: kind_lines, as the readers read it) are none, nor, in
    tasks_in, are checkboxes there; a block nothing closes is text, as in Org."""
    from minirag_cli.extract.mdcode import ORG
    from minirag_cli.extract.mdcode import PLANNING_LINE, PLANNING_STAMP

    opened, closed = orgmode.todo_keywords(lines)
    keywords = {**{k: "open" for k in opened}, **{k: "done" for k in closed}}
    blocks = kind_lines(lines, ORG)
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
            title, priority = cookie_priority(title.strip(), _ORG_PRIORITY)
            title = " ".join(_ORG_COOKIE.sub(" ", title).split())
            status = _ORG_STATUS.get(word) or ("cancelled" if word.startswith("CANCEL") else keywords[word])
            parent = next((t["line"] for _, _, t in reversed(outline) if t is not None), None)
            task = {"text": title if word in _ORG_STATUS else f"{word} {title}", "status": status,
                    "done": status in ("done", "cancelled"), "line": i + 1, "lines": [i + 1, i + 1],
                    "parent": parent, "due": None, "scheduled": None, "done_on": None, "priority": priority,
                    "recurs": None,
                    "_tags": list(dict.fromkeys(inherited + tags))}
            planning = lines[i + 1].rstrip("\r") if i + 1 < len(lines) else ""
            if PLANNING_LINE.match(planning):  # a planning line holds nothing else
                for date in PLANNING_STAMP.finditer(planning):
                    try:
                        dt.date.fromisoformat(date.group(2))
                    except ValueError:  # no real day (2026-13-45)
                        continue
                    field = _ORG_PLANNING_FIELD[date.group(1)]
                    task[field] = task[field] or date.group(2)
                    task["recurs"] = task["recurs"] or org_repeater(date.group(0))
                task["lines"][1] = i + 2
            out.append(task)
        outline.append((level, tags, task))
    return out


def line_task_state(line: str) -> str | None:
    """The state of the task one line writes ("open", "in_progress", "done", "cancelled", "forwarded"): a checkbox
    (`- [ ] call Priya`), a Logseq block's marker (`- TODO call Priya`) or an Org headline's keyword (`* DONE
    call Priya`); None for a line that writes no task. For a line read alone (latest.row_day: an unticked task's
    day is no time it was done), without the note's fences or front matter."""
    line = line.rstrip("\r")
    if m := _TASK.match(line):
        return OPEN_MARKS.get(m.group("mark")) or CLOSED_MARKS[m.group("mark")]
    if m := _LOGSEQ_TASK.match(line):
        return LOGSEQ_MARKERS[m.group("marker")]
    if (m := _ORG_HEADLINE.match(line)) and (rest := m.group("rest").split(None, 1)):
        return _ORG_STATUS.get(rest[0])
    return None


def tasks_of(path: str, lines: list[str]) -> list[dict]:
    """The tasks of the note at `path`: its checkboxes (tasks_in; none in the code
    blocks of an Org-mode, rST or AsciiDoc note's own markup: mdcode.code_kind) and, in an
    Org-mode note (`.org`), its task headlines (org_tasks_in), in a Logseq
    page (is_logseq) its task blocks (logseq_tasks_in), in line order. A todo.txt file's
    (todotxt.is_todo_txt: so named and written as one) are its lines (todotxt.todo_txt_tasks_in), and nothing else."""
    from minirag_cli.extract.mdcode import ORG, code_kind, reads_comments
    from minirag_cli.todotxt import is_todo_txt, todo_txt_tasks_in

    if is_todo_txt(path, lines):  # one task a line, its own format's (qa34: none of its lines was a task)
        found = todo_txt_tasks_in(lines)
        _note_name_tag(path, found)
        return found
    kind = code_kind(path)
    found = tasks_in(lines, reads_comments(path), kind)
    if path.lower().endswith((".md", ".markdown")) and any("{{" in line for line in lines):
        # a Roam page's `- {{[[TODO]]}} ...` blocks (a Logseq page's `{{embed ...}}` aside, none is Logseq's)
        found = sorted(found + roam_tasks_in(lines), key=lambda t: t["line"])
    if kind == ORG:  # its checkboxes in a code block are none already (tasks_in's `kind`)
        found = sorted(found + org_tasks_in(lines), key=lambda t: t["line"])
    elif is_logseq(path, lines):
        # a block is on its page, as an Org task is under its headlines: the page's name is its tag, so
        # `mrag tasks alpha` finds `pages/Work___Project Alpha.md`'s `- TODO write the spec`
        from minirag_cli.extract.heuristic import NAMESPACE_SEPARATOR  # the one reading of a namespace page's file name

        page = NAMESPACE_SEPARATOR.sub("/", path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
        found = sorted(found + logseq_tasks_in(lines), key=lambda t: t["line"])
        for task in found:
            task["_tags"] = [*task.get("_tags", ()), page]
    elif kind is None:
        found = joplin_todo(path, lines) + joplin_raw_todo(path, lines) + found  # above every checkbox
        _note_name_tag(path, found)
    return found


# Joplin's "Markdown + Front Matter" export writes a to-do note's state and due time in its front matter,
# `completed?: no` and `due: 2026-11-10 17:00:00Z` (UTC): the note is the task (qa29: none was listed)
_JOPLIN_DONE = {"no": False, "yes": True}
# what a note with a task but no `[` holds (store.notes_with_tasks reads only such notes): a Logseq marker, Joplin's key
TASK_WORDS = (*LOGSEQ_MARKERS, "completed?:", "is_todo: 1")
# ... and the names of the files whose every line may be a task (todotxt.is_todo_txt): `todo.txt`, `done.txt`,
# `work.todo.txt` end so (the store reads every note whose name ends in one, any case; tasks_of tells)
TASK_FILE_ENDS = TODO_TXT_NAMES
# a RAW export's or sync target's to-do: its `is_todo: 1`, `todo_due:` and `todo_completed:` (epoch milliseconds,
# 0 for none), lines notekinds.joplin_note keeps of its metadata
_JOPLIN_RAW = re.compile(r"(is_todo|todo_due|todo_completed): ?(\d+)\r?")


def joplin_raw_todo(path: str, lines: list[str]) -> list[dict]:
    """A Joplin to-do's task read from its sync target's or RAW export's file (`<id>.md`), [] for
    another note: its text the note's title (its first line), its line that line, done when
    `todo_completed:` is a time (its day `done_on`), due on `todo_due:`'s day, both in the machine's
    time zone."""
    from minirag_cli.notekinds import joplin_item

    if not joplin_item(path) or not any(line.rstrip("\r") == "is_todo: 1" for line in lines):
        return []
    fields = {m.group(1): int(m.group(2)) for m in map(_JOPLIN_RAW.fullmatch, lines) if m}

    def day(ms: int) -> str | None:
        try:
            return dt.datetime.fromtimestamp(ms / 1000).date().isoformat() if ms else None
        except (OverflowError, OSError, ValueError):  # a time no clock reads
            return None

    at = next((i for i, line in enumerate(lines) if line.strip()), 0)
    done = bool(fields.get("todo_completed"))
    return [{"text": lines[at].strip() or path.rsplit("/", 1)[-1], "status": "done" if done else "open",
             "done": done, "line": at + 1, "lines": [at + 1, at + 1], "parent": None,
             "due": day(fields.get("todo_due", 0)), "scheduled": None,
             "done_on": day(fields.get("todo_completed", 0)), **_plugin_fields({})}]
_JOPLIN_DUE = re.compile(r"(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)Z?)?")


def joplin_todo(path: str, lines: list[str]) -> list[dict]:
    """A Joplin to-do's task, [] for another note: a Markdown note whose front matter has
    Joplin's `completed?: no` (open) or `yes` (done) is one task, its text the note's `title:`
    (else its file name), its line the `completed?:` line, its `due` the day of its `due:` in
    the machine's time zone (Joplin writes it in UTC, `Z`), as a Dendron time stamp is read."""
    if not lines or not frontmatter.opens_block(lines[0]):
        return []
    text = "\n".join(lines)
    found = frontmatter.of_note(text)
    entry = next((e for e in found.entries if e.key.lower() == "completed?"), None) if found else None
    if entry is None or len(entry.values) != 1 or entry.values[0].strip().lower() not in _JOPLIN_DONE:
        return []
    done = _JOPLIN_DONE[entry.values[0].strip().lower()]
    line = text.count("\n", 0, entry.spans[0][0]) + 1 if entry.spans else 1
    title = next((v.strip() for v in found.values("title") if v.strip()), None)
    due = None
    for value in found.values("due"):
        m = _JOPLIN_DUE.fullmatch(value.strip())
        if m is None:
            continue
        try:
            day = dt.date.fromisoformat(m.group(1))
            if m.group(2) and value.strip().endswith("Z"):
                at = dt.datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}+00:00")
                day = at.astimezone().date()
        except ValueError:  # `due: 2026-13-45`: no day
            continue
        due = day.isoformat()
        break
    return [{"text": title or path.rsplit("/", 1)[-1].rsplit(".", 1)[0], "status": "done" if done else "open",
             "done": done, "line": line, "lines": [line, line], "parent": None, "due": due,
             "scheduled": None, "done_on": None, **_plugin_fields({})}]


def _note_name_tag(path: str, found: list[dict]) -> None:
    """Give each of a Markdown note's tasks its note's name as a tag, as a Logseq page's name is its
    blocks' (qa27: `mrag tasks alpha` listed no task of `Projects/Alpha.md` nor of `Alpha Board.md`'s
    cards, as Tasks' `path includes Alpha` does); not a daily, weekly or monthly note's date, which
    would match every query of a number (`mrag tasks 11`)."""
    from minirag_cli.text import file_date, file_period

    if not found or file_date(path) or file_period(path):
        return
    name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    for task in found:
        task["_tags"] = [*task.get("_tags", ()), name]


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


# a window's day, as written on --from / --to
_DAY_HELP = "a day written YYYY-MM-DD, or today, tomorrow, yesterday or a weekday (friday: the coming one)"
_WITHIN = re.compile(r"(\d{1,5})[ \t]*([dw]?)", re.I)


def read_day(value: str, what: str, today: dt.date) -> dt.date:
    """A window's day (`--from`, `--to`): YYYY-MM-DD (askday.parse_day, as
    MRAG_TODAY is read), or a word read against `today` as a note's is
    (reldates.day_of: today, tomorrow, yesterday, a weekday: the coming one,
    today on that weekday); a UsageError naming `what` for anything else."""
    from minirag_cli.askday import parse_day
    from minirag_cli.reldates import day_of

    try:
        found = day_of(value, today)
    except OverflowError:  # tomorrow of MRAG_TODAY=9999-12-31
        raise UsageError(f"{what} {value!r}: no such day after {today}.") from None
    if found is not None:
        return found
    try:
        return parse_day(value, what)
    except ValueError:
        raise UsageError(f"{what} {value!r}: expected {_DAY_HELP}.") from None


def window_of(*, today: dt.date, on_today: bool = False, week: bool = False, within: str | None = None,
              start: str | None = None, end: str | None = None) -> tuple[dt.date | None, dt.date | None] | None:
    """The days (first, last; both included, None for open-ended) `mrag tasks`
    lists the tasks due or scheduled in, read against `today` (the asking day):
    --today; --week, Monday to Sunday, as `mrag ask` reads "this week"
    (askday.asked_days); --within N (`7`, `7d`, `2w`), the N days from today,
    today among them, as `mrag ask` reads "the past week" the other way;
    --from / --to (read_day). None with none of them; a UsageError for two of
    them, a bad N or a --from after its --to."""
    from minirag_cli.askday import asked_days

    given = [name for name, on in (("--today", on_today), ("--week", week), ("--within", within is not None),
                                   ("--from/--to", start is not None or end is not None)) if on]
    if len(given) > 1:
        raise UsageError(f"{' and '.join(given)} are two windows: give one of --today, --week, --within "
                         "and --from/--to.")
    if on_today:
        return today, today
    if week:
        this_week = asked_days("this week", today)
        if this_week is None:  # the week of MRAG_TODAY=9999-12-31 ends past the calendar's last day
            return today - dt.timedelta(days=today.weekday()), dt.date.max
        return this_week.first, this_week.last
    if within is not None:
        found = _WITHIN.fullmatch(within.strip())
        if not found or int(found.group(1)) < 1:
            raise UsageError(f"--within {within!r}: expected a number of days, 7 or 7d, or of weeks, 2w.")
        days = int(found.group(1)) * (7 if found.group(2).lower() == "w" else 1)
        try:
            return today, today + dt.timedelta(days=days - 1)
        except OverflowError:
            return today, dt.date.max
    if start is None and end is None:
        return None
    first = read_day(start, "--from", today) if start is not None else None
    last = read_day(end, "--to", today) if end is not None else None
    if first and last and first > last:
        raise UsageError(f"--from {first} is after --to {last}: no day is in that window.")
    return first, last


def window_label(window: tuple[dt.date | None, dt.date | None]) -> str:
    """"on 2026-11-20", "from 2026-11-16 to 2026-11-22", "from 2026-11-16 on", "up to 2026-11-22"."""
    first, last = window
    if first and last:
        return f"on {first}" if first == last else f"from {first} to {last}"
    return f"from {first} on" if first else f"up to {last}"


def check_flags(*, state: str, due: bool, overdue: bool, limit: int | None, window: bool = False,
                priority: str | None = None) -> None:
    """UsageErrors for flags that mean nothing together, before any work."""
    if priority is not None and not re.fullmatch(r"[A-Za-z0-9]", priority):
        raise UsageError(f"--priority {priority!r}: expected one letter, as a task's [#A] writes it: A, B or C "
                         "(Obsidian Tasks' highest and high are A, medium B, low and lowest C; a todo.txt "
                         "line's (D) is D).")
    if state not in STATES:
        raise UsageError(f"Unknown task state {state!r}; choose {', '.join(STATES)}.")
    if overdue and state != "open":
        raise UsageError("--overdue lists open tasks only: leave out --done / --all.")
    if overdue and window:
        raise UsageError("--overdue is a window of its own (due before today): give one of it and "
                         "--today / --week / --within / --from / --to (--to today lists those due by today).")
    if due and overdue:
        raise UsageError("--overdue already lists tasks by due date: give one of --due and --overdue.")
    if limit is not None and limit < 1:
        raise UsageError(f"--limit {limit}: expected 1 or more.")


def matches(task: dict, words: list[str]) -> bool:
    """Does each of `words` (folded) stand in the task's text or its tags (an
    Org task's, a Logseq page's or a Markdown note's name: _tags)?"""
    from minirag_cli.text import fold

    text = fold(" ".join([task["text"], *task.get("_tags", ())]))
    return all(w in text for w in words)


# a window's field names (in_window, the table's `when` column) and the Task field holding each one's day:
# "done" is done_on (a Task's `done` is whether it is closed)
WINDOW_FIELDS = {"due": "due", "scheduled": "scheduled", "done": "done_on"}


def window_day(task, field_name: str) -> str:
    """The day of `field_name` (a WINDOW_FIELDS name) of `task`, a Task or its to_dict()."""
    key = WINDOW_FIELDS[field_name]
    return task[key] if isinstance(task, dict) else getattr(task, key)


def _before_threshold(task: dict, todo_txt: Callable[[], bool], reach: str) -> bool:
    """Is `task` a todo.txt task whose threshold day (`t:2027-01-10`, its `starts`) is after `reach` (the
    asking day, or the last day of a window after it), which the todo.txt apps (Simpletask) hide until that
    day? Obsidian Tasks' 🛫 start day hides nothing. `todo_txt()`: whether its note is a todo.txt file, asked
    once a note (review rdA: asked per task, it read the whole file each time, quadratic in deferred tasks)."""
    starts = task.get("starts")
    return bool(starts) and starts > reach and todo_txt()


def select(notes, *, query: str | None = None, state: str = "open", due: bool = False, overdue: bool = False,
           today: dt.date | None = None, window: tuple[dt.date | None, dt.date | None] | None = None,
           priority: str | None = None, day_order: str = "") -> list[Task]:
    """The tasks of `notes` ((root, path, dating head, lines): store.notes_with_tasks)
    in `state` (open, done or all), each word of `query` in its text or tags
    (case and accents aside); `due`: those with a due date, soonest first;
    `overdue`: open ones due before `today`, longest overdue first. `window`
    (window_of: first and last day, either None for open-ended): those whose
    due or scheduled day falls in it (with `due`, the due day alone) or, for a
    closed one (`state` done or all), its done day (`done_on`: "what did I
    finish this week" asks for the days they were done), by the earliest of
    those days, `in_window` naming them (a start day, `starts`, is none of
    them: it says when a task may begin, not when it is to be done). A todo.txt task whose
    threshold (`t:`, its `starts`) is after `today` is no open task, as the todo.txt apps hide it:
    listed with `state` all, or in a window whose last day reaches its threshold.
    `priority`: those whose priority cookie or Tasks priority gives it (`[#A]`,
    ⏫: "A", any case). An Org archive file's (`notes.org_archive`) open tasks
    are listed with `state` all alone: Org keeps an archive out of its agenda,
    so an archived TODO is no open task (nor overdue); so are an archived Google
    Keep list's unticked items (keep.archived: Keep's way of putting a list away). Else newest note first
    (undated notes last), then path, then line."""
    from minirag_cli.dayorder import note_order
    from minirag_cli.extract import orgmode
    from minirag_cli.keep import archived
    from minirag_cli.text import fold
    from minirag_cli.todotxt import is_todo_txt

    check_flags(state=state, due=due, overdue=overdue, limit=None, window=window is not None, priority=priority)
    words = fold(query).split() if query else []
    cutoff = (today or dt.date.today()).isoformat()
    # with --due the due day alone; with --done / --all a closed task's done day too (an open one has none:
    # qa34, a done.txt and an Obsidian `- [x] ... ✅ 2026-11-18` listed nothing for `--done --week`)
    fields = ("due",) if due else ("due", "scheduled") if state == "open" else ("due", "scheduled", "done")
    first, last = [d.isoformat() if d else None for d in window or (None, None)]
    reach = cutoff if window is None else max(cutoff, last or "9999-12-31")  # the last day asked about
    out: list[Task] = []
    for root, path, head, lines in notes:
        days = _NoteDays(root, path, head, lines)
        todo_txt = functools.cache(lambda path=path, lines=lines: is_todo_txt(path, lines))
        # the note's own day order (a slashed day a deadline writes) reads the whole note: only when one is asked
        order = functools.cache(lambda lines=lines: note_order("\n".join(lines)) or day_order)
        for found in tasks_of(path, lines):
            if state != "all" and found["done"] != (state == "done"):
                continue
            if state == "open" and _before_threshold(found, todo_txt, reach):
                continue  # a todo.txt task with a threshold to come is hidden, unless a window reaches its day
            # archived: out of the agenda, as Org keeps it; a Keep list archived is put away done
            if state == "open" and (orgmode.org_archive(path) or archived(path, lines)):
                continue
            if words and not matches(found, words):
                continue
            if priority is not None and found.get("priority") != priority.upper():
                continue
            if not found["due"]:
                _due_in_words(found, days, today or dt.date.today(), order)
            if (due or overdue) and not found["due"]:
                continue
            if overdue and found["due"] >= cutoff:
                continue
            if window is not None:
                days_of = {f: window_day(found, f) if f != "done" or found["done"] else None for f in fields}
                found["in_window"] = [f for f in fields if days_of[f] and (first is None or days_of[f] >= first)
                                      and (last is None or days_of[f] <= last)]
                if not found["in_window"]:
                    continue
            found.pop("_tags", None)
            out.append(Task(path=path, root=root, note_date=days(found["line"]) or None, **found))
    out.sort(key=lambda t: (t.path, t.root, t.line))
    if window is not None:  # by the day that put it in the window: due, scheduled or done, the earliest
        out.sort(key=lambda t: min(window_day(t, f) for f in t.in_window))
    elif due or overdue:
        out.sort(key=lambda t: t.due)
    else:
        out.sort(key=lambda t: t.note_date or "", reverse=True)  # stable: path and line order kept within a day
    return out


_HEADING = re.compile(r"(#{1,6})[ \t]")  # a Markdown heading's line (`## w/c 7 Dec`), not a `#tag`


def _due_in_words(found: dict, days: "_NoteDays", today: dt.date, order: Callable[[], str]) -> None:
    """Set the due day of a task with none of its fields from its words: a deadline after a cue (`by Wed`,
    taskdue.worded_due), else an open task's day ending its line (`Hedrin round 2 Sat 12th`, taskdue.plain_day; a
    `from Fri 11th` its scheduled day when it has none), read against its day's note's day, else the week its list
    names (`To do - week of 7 Dec`), else `today`."""
    from minirag_cli.taskdue import might_be_due, plain_day, worded_due

    anchor = days.anchor(found["line"]) or days.week(found["line"], today, order)
    if might_be_due(found["text"]):
        found["due"] = worded_due(found["text"], anchor or today, order)
    if found["due"] or found["done"]:
        return
    plain = plain_day(found["text"], anchor or today, anchor is not None, order, recurring=bool(found.get("recurs")))
    if plain and plain[0] == "due":
        found["due"] = plain[1]
    elif plain and not found["scheduled"]:
        found["scheduled"] = plain[1]


class _NoteDays:
    """The day of a note's lines (its date, or its dated section's: a journal's `## 2026-11-03`, sections.py),
    '' undated, worked out once a note and only when asked (a todo.txt by its name alone)."""

    def __init__(self, root: str, path: str, head: str, lines: list[str]):
        self.note = (root, path, head, lines)
        self.day: str | None = None
        self.changes: list = []
        self.weeks: list[tuple[int, dt.date | None]] | None = None  # (heading line, its week's first day): week()
        self.week_lines: list[int] = []  # the weeks' lines, bisect's keys

    def __call__(self, line: int) -> str:
        from minirag_cli.sections import day_of_line

        return day_of_line(self._changes(), line) or self.day

    def _changes(self) -> list:
        from minirag_cli.sections import day_changes

        root, path, head, lines = self.note
        if self.day is None:
            self.day = _note_day(root, path, head) or ""
            self.changes = day_changes("\n".join(lines), path)
        return self.changes

    def anchor(self, line: int) -> dt.date | None:
        """The day a deadline in words at `line` is read against (taskdue.worded_due): its dated section's, else
        its note's when the note is a day's (dated by its name, a daily or weekly note, or by a date its first line
        writes); None for another (`Projects/Kitchen.md`, `created: 2025-03-02`: its `by Fri` is not the Friday
        of its creation, long overdue, but the coming one, as an undated note's)."""
        from minirag_cli.frontmatter import head_date_line
        from minirag_cli.sections import day_of_line

        root, path, head, _lines = self.note
        day = day_of_line(self._changes(), line)
        # dated by its name or its first line, not by a front matter's `date:`/`created:` alone
        if not day and self.day and (not head_date_line(head or "") or _named_day(root, path)):
            day = self.day
        return dt.date.fromisoformat(day[:10]) if day else None


    def week(self, line: int, near: dt.date, order: Callable[[], str] = str) -> dt.date | None:
        """The first day of the week the list holding `line` names (taskdue.named_week): the last heading above it
        that names one (`## w/c 7 Dec`) and no later one closed (_heading_weeks), else the note's name (`To do - week
        of 7 Dec.md`), its front matter's `title:` or its first line; its year the nearest `near` (the asking day).
        None for none. The note's weeks are read once."""
        from minirag_cli.taskdue import named_week

        if self.weeks is None:
            root, path, head, lines = self.note
            name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            title = _front_matter_title(lines)
            own = (named_week(name, near, order) or (named_week(title, near, order) if title else None)
                   or (named_week(lines[0], near, order) if lines else None))
            self.weeks = [(0, own), *_heading_weeks(lines, own, near, order)]
            self.week_lines = [number for number, _ in self.weeks]
        return self.weeks[bisect.bisect_left(self.week_lines, line) - 1][1]


def _heading_weeks(lines: list[str], own: dt.date | None, near: dt.date,
                   order: Callable[[], str]) -> list[tuple[int, dt.date | None]]:
    """(heading's line, the week its section's tasks are of) where that changes: a heading naming a week (`## w/c 7
    Dec`) opens it, a later one of the same or a higher level naming none (`## Backlog`) closes it: its tasks are
    of the note's `own` week again (its name's, title's or first line's), most often none."""
    from minirag_cli.taskdue import named_week

    out: list[tuple[int, dt.date | None]] = []
    open_level = 0  # the level of the heading whose week is open, 0 none
    for number, text in enumerate(lines, 1):
        if not (heading := _HEADING.match(text)):
            continue
        level = len(heading.group(1))
        if day := named_week(text, near, order):
            out.append((number, day))
            open_level = level
        elif open_level and level <= open_level:
            out.append((number, own))
            open_level = 0
    return out


def _front_matter_title(lines: list[str]) -> str:
    """The `title:` of a note's YAML front matter (`title: To do - week of 7 Dec`), '' for none."""
    if not lines or lines[0].strip() != "---":
        return ""
    for text in lines[1:40]:
        if text.strip() in ("---", "..."):
            break
        if text.lower().startswith("title:"):
            return text[6:].strip().strip("'\"")
    return ""


def _named_day(root: str, path: str) -> bool:
    """Is the note at `path` dated by its file name or folders (a daily note, `2026-W47.md`), whatever its head?"""
    from minirag_cli.text import dated_path, file_period, name_date

    return file_period(path) is not None or bool(name_date(dated_path(root, path)))
