"""A task's due day written in words, and a task closed by a later note (`mrag tasks`, session 56).

A plain-Markdown list writes its deadlines as prose, not as Obsidian Tasks' `📅` or Org's `DEADLINE: <...>`
(qaclub: `- [ ] send the plan to council – DEADLINE 11/12`, `- [ ] AGM nominations – deadline 6 Jan`, `- [ ] chase
council by Wed`: `--week --due` listed none of 13 open tasks). worded_due reads a cue, `due`, `due by`, `due
date`, `deadline`, `by` or `before` (a `:` or a dash after it), and the day right after it: a weekday (`Wed`,
`Friday`: the first such day on or after the anchor), `today`, `tonight`, `tomorrow`, a day and month with or
without its year (`6 Jan`, `Dec 14th`, `3 December 2026`: a yearless one the year nearest the anchor, as a note's
is, text.nearest_year), a slashed one (`11/12`, `11/12/26`: read in the note's or the vault's day order, dayorder.py;
none when neither settles it) or an ISO day. `before` is the day before it. The anchor is the task's note's date (its
dated section's), else the asking day (an undated to-do list is read as current). A vague time, `mid Dec`, `end of
month`, `by December`, is no day; nor is a word that is no day after the cue (`read the book by Ishiguro`, `pay by
card`), nor a day with no cue (`write up 11/12 meeting`: the day is the task's subject).

closed_later reads a task carried forward by copying (qadev: `- TODO ping infra ...` on 11-16 and `- DONE ping
infra ...` on 11-17 in a Logseq graph: the first stayed open): an open task is done when a note of a later day, in
the same folder of notes, holds a done task of the same text (case, accents and blanks aside).
"""

from __future__ import annotations

import bisect
import datetime as dt
import re

from minirag_cli.text import find_dates, iso_date, nearest_year

_WEEKDAYS = {"mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2, "weds": 2, "wednesday": 2,
             "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4, "friday": 4, "sat": 5, "saturday": 5,
             "sun": 6, "sunday": 6}
_RELATIVE = {"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1}
# the cue and what may stand between it and the day: `due 11/12`, `due: 3 Dec`, `due by Fri`, `due on Friday`,
# `due date 6 Jan`, `DEADLINE 11/12`, `deadline – 6 Jan`, `by Wed`, `before Friday`
_CUE = re.compile(r"(?<![\w-])(due(?:[ \t]+date)?|deadline|by|before)[ \t]*(?:[:–—-][ \t]*)?"
                  r"(?:(?:by|on)[ \t]+)?(?:the[ \t]+)?", re.I)
_WORD_DAY = re.compile(r"(" + "|".join(sorted([*_WEEKDAYS, *_RELATIVE], key=len, reverse=True))
                       + r")\.?(?![\w'’/-])", re.I)
_WEEKDAY_GAP = re.compile(r"[ \t]*,?[ \t]*(?:the[ \t]+)?")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\w/]|[.,]\d)")
_FRACTION = re.compile(r"(\d)/(\d)(?![\w/])")
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?!\w)")
# a day and month as find_dates reads them, right after the cue (`6 Jan`, `Jan 6th`, `14 December 2026`)
_FIGURED = re.compile(r"[^\n]{0,24}")


def might_be_due(text: str) -> bool:
    """Does `text` hold a cue (worded_due's first, quick test)?"""
    return _CUE.search(text) is not None


def worded_due(text: str, anchor: dt.date, order: str = "") -> str | None:
    """The due day (ISO) the first cue of `text` that a day follows gives, read against `anchor` (module
    docstring), `order` the day order of a slashed day ("day-first", "month-first", "" none); None for none."""
    for cue in _CUE.finditer(text):
        at = cue.end()
        fraction = _FRACTION.match(text, at)
        if cue.group(1).lower() in ("by", "before") and fraction and int(fraction[1]) < int(fraction[2]) <= 8:
            continue  # `cut it by 3/4`, `by 1/2`: a fraction (after `due` or `deadline`, a day)
        day = _day_at(text, at, anchor, order)
        if day is None:
            continue
        if cue.group(1).lower() == "before":
            day -= dt.timedelta(days=1)
        return day.isoformat()
    return None


def _day_at(text: str, at: int, anchor: dt.date, order: str) -> dt.date | None:
    if m := _WORD_DAY.match(text, at):
        word = m.group(1).lower()
        if word in ("sat", "sun") and m.group(1)[0] == "s":  # lower case, the words (`pay by sat nav`): no day
            return None
        if word in _RELATIVE:
            return anchor + dt.timedelta(days=_RELATIVE[word])
        # a weekday's own date after it is the day (`deadline Fri 20 Nov`: 20 Nov, not the Friday after the note)
        dated = _dated_at(text, _WEEKDAY_GAP.match(text, m.end()).end(), anchor, order)
        return dated or anchor + dt.timedelta(days=(_WEEKDAYS[word] - anchor.weekday()) % 7)
    return _dated_at(text, at, anchor, order)


def _dated_at(text: str, at: int, anchor: dt.date, order: str) -> dt.date | None:
    if m := _ISO.match(text, at):
        return _date(iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
    if m := _SLASHED.match(text, at):
        return _slashed(m, anchor, order)
    head = _FIGURED.match(text, at).group(0)
    found = find_dates(head)
    if found and head.startswith(found[0][0]):
        surface, iso = found[0]
        if iso.startswith("--"):
            iso = nearest_year(iso, anchor.isoformat())
        return _date(iso)
    return None


def _slashed(m: re.Match, anchor: dt.date, order: str) -> dt.date | None:
    a, b = int(m.group(1)), int(m.group(2))
    if a > 12 >= b:
        order = "day-first"
    elif b > 12 >= a:
        order = "month-first"
    if order not in ("day-first", "month-first"):
        return None  # 11/12 with no order: a guess would be wrong for half the world
    dom, month = (a, b) if order == "day-first" else (b, a)
    year = m.group(3)
    if year:
        return _date(iso_date(int(year) + (2000 if len(year) == 2 else 0), month, dom))
    yearless = iso_date(None, month, dom)
    return _date(nearest_year(yearless, anchor.isoformat())) if yearless else None


def _date(iso: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(iso) if iso else None
    except ValueError:
        return None


def task_key(text: str) -> str:
    """A task's text as two copies of it match: folded (case, accents), its blanks collapsed."""
    from minirag_cli.text import fold

    return " ".join(fold(text).split())


def closed_later(entries, day_of) -> None:
    """Close each open task of `entries` ((root, task dict) for every task read) that a done task of the same
    text (task_key) closes in a note of a later day of the same root: its status "done", its done_on that task's
    (else its note's day), the first such after its own. `day_of(i)`: the ISO day of entry i's note or section,
    '' undated, asked only of the tasks whose text is both open and done somewhere. Not a task with an id or a
    recurrence (Obsidian Tasks' own model), nor one whose format keeps its state apart (`_apart`: a todo.txt
    line, a Joplin to-do), nor an undated one. One pass over the tasks, a dict by text."""
    def eligible(task):
        return not task.get("id") and not task.get("recurs") and not task.get("_apart")

    done_keys: dict[tuple[str, str], list[int]] = {}
    open_keys: dict[tuple[str, str], list[int]] = {}
    for i, (root, task) in enumerate(entries):
        if eligible(task) and (task["status"] == "done" or not task["done"]):
            into = done_keys if task["done"] else open_keys
            into.setdefault((root, task_key(task["text"])), []).append(i)
    for key, closing in done_keys.items():
        if key not in open_keys:
            continue
        done_days = sorted((day, entries[i][1]["done_on"] or day) for i in closing if (day := day_of(i)))
        if not done_days:
            continue
        for i in open_keys[key]:
            day = day_of(i)
            at = bisect.bisect_right(done_days, (day, "\uffff")) if day else len(done_days)
            if at < len(done_days):
                entries[i][1].update(status="done", done=True, done_on=done_days[at][1])
