"""The day a weekday's label is in a note of one week (heuristic rules 29).

A family's `Meal plan w/c 7 Dec` writes `Thu: curry (Tom cooks)`, a manager's `Rota 2026-W50.md` writes `Wed: Sam`:
the label names a day of the week its note or heading names, but it was no date (rules 28 only made it name no
weekday), so "what's for dinner on Thursday?" could not reach the plan by its day. A weekday's label (`Mon: pasta`,
`Tue – fish pie`, `- Thu: curry`, `**Fri**: takeaway`, `Monday - lab`, `| Wed | Sam |`, `## Monday`: _LABEL,
_HEADING_LABEL) is now the day of that weekday in the week in force over its line, the innermost of:

1. a label written with its day before it in the same section (`Mon 7 Dec 2026: pasta`, then `Tue: fish pie`): the
   days from that one to the sixth after it (its own weekday again is none: the week after's or the same);
2. a line of the section naming a week (`**Week commencing 7 Dec 2026**`, `Rota 2026-W50:`), a heading naming one
   (`## Week of 7 December`, `# Rota 2026-W50`), the note's file name (`Meal plan w-c 7 Dec.md`), as _week reads
   them: an ISO week (`2026-W50`); a week begun (`w/c`, `w/b`, `week of`, `week commencing`, `beginning`,
   `starting`) on a Monday or a Sunday; a week ending (`week ending`) on a Friday, Saturday or Sunday; a day in
   the start's weekday's place nothing settles (`w/c 9 Dec` of a year 9 December is a Wednesday) names no week;
3. the note's own day, when that is a Monday and a heading or its file name says `week` with no day (`2026-12-07
   Week 12 plan.md`, `## This week`) and none over it names one by its day (`## This week` under `# w/c 7 Dec
   2026` is that week; `## Week 2` there, another, none); not of a week looking back or ahead or of every week
   (`## Last week`, `Week A timetable`, `# Template: week of ____`), which is none.

A day without its year takes the year the note's other days do (yearless.dated_day: the note's date, else its
heading's month or year); none, no date, as before. A list that names no week (`Wednesdays: swimming`, an opening
hours' `Mon: 9–5`, a school timetable, a weekly template, a diary's `Mon:` in a note of no week) names no day.
Read from the note alone: its days do not change when another note does.
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.shortnames import WEEKDAY_NUMBER
from minirag_cli.text import find_dates
from minirag_cli.yearless import _FENCE, _headings, _note_lines, _stack_at, dated_day

_WEEKDAY = "|".join(sorted(WEEKDAY_NUMBER, key=len, reverse=True))  # `thursday` before `thurs` before `thu`
_MARK = r"[ \t]*(?:[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,2}[.)][ \t]+)?"  # a list item's, a task's
_EM = r"(?:\*\*|__|\*|_)?"
_PART = r"(?:[ \t]+(?:morning|afternoon|evening|night|lunch|dinner|tea|am|pm))?"  # `Thu lunch:`, `Fri night -`
# a weekday's label: the weekday alone, then a colon, a spaced dash or a table's bar; not a span's or a list's start
# (`Mon – Fri: 9–5`), a plural (`Wednesdays:`, every Wednesday), nor a name (`Sun Li:`)
_LABEL = re.compile(
    rf"(?:{_MARK}{_EM}|[ \t]*\|[ \t]*{_EM})({_WEEKDAY})\.?{_PART}{_EM}(?:[ \t]*:|[ \t]+[-–—](?=[ \t])|[ \t]*\|)"
    rf"(?![ \t]*{_EM}(?:{_WEEKDAY})\b)", re.I)
# a line opening with a weekday before a day (`Mon 7 Dec: pasta`, `**Monday 7th December 2026**`)
_DATED_LABEL = re.compile(rf"(?:{_MARK}|[ \t]*\|[ \t]*){_EM}({_WEEKDAY})\.?,?[ \t]+(?:the[ \t]+)?", re.I)
# a heading of a weekday alone (`## Monday`, `### **Thu**:`): the label of the lines under it
_HEADING_LABEL = re.compile(rf"[ \t]{{0,3}}#{{1,6}}[ \t]+{_EM}({_WEEKDAY})\.?{_PART}{_EM}[ \t]*:?{_EM}[ \t]*#*[ \t]*",
                            re.I)
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+")
# does a chunk hold a label? (most hold none)
_ANY_LABEL = re.compile(rf"^(?:{_LABEL.pattern}|{_HEADING_LABEL.pattern}$)", re.I | re.M)

_ISO_WEEK = re.compile(r"(?<![\w-])((?:19|20)\d\d)-?W(0[1-9]|[1-4]\d|5[0-3])(?![\w-])", re.I)
# the words before a week's first day and last day: `w/c 7 Dec`, `w-c` (a file name's), `Week commencing Monday
# 7th December`, `week of Dec 7`; `week ending 13/12/2026`
_BEGUN = re.compile(r"(?<![\w/.-])(?:w[/.-]?[cb]\.?|w(?:ee)?k[ \t]+(?:of|commencing|beginning|starting)|week-of)"
                    r"(?![\w/])[ \t:,-]*", re.I)
_ENDING = re.compile(r"(?<![\w/.-])w(?:ee)?k[ \t]+ending[ \t:,-]*", re.I)
_WEEKDAY_BEFORE = re.compile(rf"({_WEEKDAY})\.?,?[ \t]+(?:the[ \t]+)?", re.I)
_FIRST_DAYS, _LAST_DAYS = (0, 6), (4, 5, 6)  # a week begins on a Monday or a Sunday; ends on a Fri, Sat or Sun
# the word that names a week with no day of its own, in a note of the week's Monday (module docstring, 3)
_WEEK_WORD = re.compile(r"(?<![\w-])w(?:ee)?k(?![\w-])", re.I)
# ... not a week looking back or ahead from the note's, nor one of every week, nor a school's week A or B
_NOT_THIS_WEEK = re.compile(r"(?i:\b(?:last|next|previous|past|coming|review|retro|retrospective|recap|summary|"
                            r"reflections?|template|timetable|routine|usual|typical|default|recurring|regular|every|"
                            r"hours)\b)|\b[Ww](?:eek|k)[ \t]+[A-D]\b")
# a line of the body that names the week of the lines after it (`**Week commencing 7 Dec 2026**`): a short one
_NAMING_LINE_CHARS = 60
_NUMBERED_WEEK = re.compile(r"(?<![\w-])w(?:ee)?k[ \t]*#?\d", re.I)  # `Week 12`, `wk 3`: one of a term's or a plan's
_DATED, _UNDATED, _WORD, _NUMBERED = "dated", "undated", "word", "numbered"  # how a text names a week (_week)


def chunk_week_days(chunks, path: str, dates: list[str], settled: list[dict[str, str]]) -> list[dict[str, str]]:
    """surface -> ISO day of the weekdays' labels each of a note's `chunks` writes that name a day of a week
    (module docstring): the surface is the label's line as written (stripped), so that two weeks' `Thu:` in one
    chunk are two days. `path`: the note's path (its file name may name the week); `dates`: each chunk's date
    (sync._chunk_dates: an ISO day, a heading's `Y2026-12`, or ''); `settled`: each chunk's ambiguous slashed days
    its note settles (dayorder.chunk_slashed_days), which a week's first day may be written as."""
    if not any(_ANY_LABEL.search(c.text) for c in chunks):
        return [{} for _c in chunks]
    lines = _note_lines(chunks)
    headings, body = _headings(lines)
    known = _settled_once(settled)

    def note_day(n: int) -> str:  # the date of the chunk that holds line n
        return next((d for c, d in zip(chunks, dates, strict=True) if c.start_line <= n <= c.end_line), "")

    days = _label_days(_Note(lines, headings, body, _stem(path), note_day, known))
    return [_one_day_each([(lines[n].strip(), iso) for n, iso in days.items() if c.start_line <= n <= c.end_line])
            for c in chunks]


class _Note:
    """What the rules read of a note: its lines (number -> line), headings (yearless._headings), the line its text
    opens on, its file name's stem, its chunks' dates by line and its settled slashed days."""

    def __init__(self, lines, headings, body, stem, note_day, known):
        self.lines, self.headings, self.body, self.stem = lines, headings, body, stem
        self.note_day, self.known = note_day, known

    def year_of(self, n: int) -> str:
        """What gives a day written without its year at line n its year (yearless.dated_day's `day`): the chunk's
        ISO date, else the month or year of the heading in force, '' for none."""
        day = self.note_day(n)
        if _is_day(day):
            return day
        held = next((p for _lv, p in reversed(_stack_at(self.headings, n)) if p), "")
        return f"Y{held}" if held else ""


def _label_days(note: _Note) -> dict[int, str]:
    """line number -> ISO day of each weekday's label of `note` a week settles (module docstring)."""
    heading_lines = {n for n, _lv, _m in note.headings}
    out: dict[int, str] = {}
    fenced = False
    anchor: tuple[dt.date, int] | None = None  # the day and weekday of a label written with its day (1)
    blocked = False  # ... one whose day its weekday does not fall on: the days after it are unsure
    naming: int | None = None  # the body's line naming a week (2), in force till the next heading
    for n in sorted(note.lines):
        line = note.lines[n]
        if n < note.body:
            continue
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if n in heading_lines:
            anchor, blocked, naming = None, False, None
            label = _HEADING_LABEL.fullmatch(line.rstrip()) or _LABEL.match(line, _HEADING.match(line).end())
            start = _week_in_force(note, n, None) if label else None
            if start is not None:
                out[n] = _day_of(start, WEEKDAY_NUMBER[label.group(1).lower()]).isoformat()
            continue
        label = _LABEL.match(line)
        if label is None:
            dated = _dated_label(note, n, line)
            if dated is not None:  # a label written with its day begins the days after it, unless it is wrong
                right = dated[0].weekday() == dated[1]
                anchor, blocked = dated if right else None, not right
            elif len(line.strip(" \t*_-:#")) <= _NAMING_LINE_CHARS and _names_a_week(line):
                naming, anchor, blocked = n, None, False
            continue
        if blocked:
            continue
        weekday = WEEKDAY_NUMBER[label.group(1).lower()]
        if anchor is not None:
            ahead = (weekday - anchor[1]) % 7
            day = anchor[0] + dt.timedelta(days=ahead) if ahead else None
        else:
            start = _week_in_force(note, n, naming)
            day = _day_of(start, weekday) if start else None
        if day is not None:
            out[n] = day.isoformat()
    return out


def _dated_label(note: _Note, n: int, line: str) -> tuple[dt.date, int] | None:
    """The day and the weekday written of a line opening with a weekday before a day (`Mon 7 Dec: pasta`), its year
    the note's; None for no such line or a day without a year to read."""
    m = _DATED_LABEL.match(line)
    if m is None or not any(ch.isdigit() for ch in line[m.end():m.end() + 12]):
        return None
    day = _day_at(note, n, line[m.end():])
    return None if day is None else (day, WEEKDAY_NUMBER[m.group(1).lower()])


def _day_at(note: _Note, n: int, text: str) -> dt.date | None:
    """The day `text` (of line n) opens with, as the note's other days are read: written (text.find_dates), a
    slashed day the note settles, or without its year, the year of its note or heading (yearless.dated_day)."""
    found = [(s, iso) for s, iso in find_dates(text[:40]) if text.startswith(s)]
    found += [(s, iso) for s, iso in note.known.items() if text.startswith(s)]
    if not found:
        return None
    iso = max(found, key=lambda f: len(f[0]))[1]
    if iso.startswith("--"):
        year = note.year_of(n)
        iso = (dated_day(iso, year) if year else None) or ""
    return dt.date.fromisoformat(iso) if _is_day(iso) else None


def _day_of(start: dt.date, weekday: int) -> dt.date:
    """The day of `weekday` (0 Monday) in the seven days from `start`."""
    return start + dt.timedelta(days=(weekday - start.weekday()) % 7)


def _week_in_force(note: _Note, n: int, naming: int | None) -> dt.date | None:
    """The first day of the week in force at line n (module docstring, 2 and 3): the innermost of the body's line
    naming one, the headings over it (not one on it: `## Monday`'s week is the headings' over it) and the file name
    that names a week by its day; one saying `week` alone (`## This week`) defers to those, else it is the note's
    own Monday; None when the innermost names one the note does not date (`## Last week`, `w/c 7 Dec` of an
    undated note), a numbered week is inside a dated one (`## Week 2` under `# w/c 7 Dec 2026`), or none names one."""
    sources = [(naming, note.lines[naming])] if naming is not None else []
    sources += [(at, note.lines.get(at, "")) for at in reversed(_heading_lines(note.headings, n)) if at != n]
    worded, numbered = None, False  # the innermost line saying `week` alone; whether it is a numbered week
    for at, text in [*sources, (n, note.stem)]:
        kind, start = _week(note, at, text)
        if kind == _DATED:
            return None if numbered else start
        if kind == _UNDATED:
            return None
        if kind in (_WORD, _NUMBERED) and worded is None:
            worded, numbered = at, kind == _NUMBERED
    if worded is None:
        return None
    day = note.note_day(worded)
    own = dt.date.fromisoformat(day[:10]) if _is_day(day) else None
    return own if own is not None and own.weekday() == 0 else None


def _heading_lines(headings, line: int) -> list[int]:
    """The lines of the headings in force at `line`, outermost first (yearless._stack_at, with their lines)."""
    stack: list[tuple[int, int]] = []
    for at, level, _month in headings:
        if at > line:
            break
        stack = [(lv, a) for lv, a in stack if lv < level] + [(level, at)]
    return [a for _lv, a in stack]


def _names_a_week(line: str) -> bool:
    """Does a body line name a week by its day or number (`**Week commencing 7 Dec 2026**`, `Rota 2026-W50:`)?
    `this week` in a sentence names none."""
    if _ISO_WEEK.search(line):
        return True
    return any(any(ch.isdigit() for ch in line[m.end():m.end() + 25])
               for phrase in (_BEGUN, _ENDING) for m in phrase.finditer(line))


def _week(note: _Note, n: int, text: str) -> tuple[str, dt.date | None]:
    """How `text` (a heading, the body's line n or the file name) names a week: _DATED and its first day (module
    docstring, 2), _UNDATED (one the note does not date, or not the note's: `## Last week`, `# Template: week of`),
    _WORD (`## This week`, `Week plan`), _NUMBERED (`Week 12 plan`), or '' for none."""
    if m := _ISO_WEEK.search(text):
        try:
            return _DATED, dt.date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
        except ValueError:  # a 53rd week of a year of 52
            return _UNDATED, None
    named = False
    for phrase, days, back in ((_BEGUN, _FIRST_DAYS, 0), (_ENDING, _LAST_DAYS, 6)):
        for m in phrase.finditer(text):
            after = text[m.end():]
            day = _phrase_day(note, n, after)
            if day is not None:
                return (_DATED, day - dt.timedelta(days=back)) if day.weekday() in days else (_UNDATED, None)
            # a week's day the note gives no year (`w/c 7 Dec` of an undated note): that week, undated
            named = named or any(ch.isdigit() for ch in after[:25])
    if named:
        return _UNDATED, None
    if _WEEK_WORD.search(text):
        if _NOT_THIS_WEEK.search(text):  # `## Last week` in a plan of w/c 7 Dec: not its week
            return _UNDATED, None
        return (_NUMBERED if _NUMBERED_WEEK.search(text) else _WORD), None
    return "", None


def _phrase_day(note: _Note, n: int, after: str) -> dt.date | None:
    """The day a week's phrase names (`7 Dec`, `Monday 7th December 2026`, `Dec 7, 2026`), None for none; a weekday
    written with it that it does not fall on, none."""
    weekday = _WEEKDAY_BEFORE.match(after)
    day = _day_at(note, n, after[weekday.end():] if weekday else after)
    if day is None or weekday and day.weekday() != WEEKDAY_NUMBER[weekday.group(1).lower()]:
        return None
    return day


def _settled_once(settled: list[dict[str, str]]) -> dict[str, str]:
    """The note's settled slashed days (each chunk's) as one surface -> ISO."""
    return _one_day_each([pair for days in settled for pair in days.items()])


def _one_day_each(days: list[tuple[str, str]]) -> dict[str, str]:
    """surface -> ISO day of (surface, ISO day) pairs; a surface of two days is none (`- Mon: pasta` in two weeks
    of one chunk: its mentions could not be told apart)."""
    out: dict[str, str] = {}
    for surface, iso in days:
        out[surface] = iso if out.get(surface, iso) == iso else ""
    return {surface: iso for surface, iso in out.items() if iso}


def _stem(path: str) -> str:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name else name


def _is_day(day: str) -> bool:
    return len(day) >= 10 and day[:4].isdigit() and day[4] == "-"
