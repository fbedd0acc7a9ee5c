"""The day a weekday's label is in a note of one week (heuristic rules 29).

A family's `Meal plan w/c 7 Dec` writes `Thu: curry (Tom cooks)`, a manager's `Rota 2026-W50.md` writes `Wed: Sam`:
the label names a day of the week its note or heading names, but it was no date (rules 28 only made it name no
weekday), so "what's for dinner on Thursday?" could not reach the plan by its day. A weekday's label (`Mon: pasta`,
`Tue – fish pie`, `- Thu: curry`, `**Fri**: takeaway`, `Monday - lab`, `| Wed | Sam |`, `## Monday`: _LABEL,
_HEADING_LABEL) is now the day of that weekday in the week in force over its line, the innermost of:

1. a label written with its day before it in the same section (`Mon 7 Dec 2026: pasta`, then `Tue: fish pie`): the
   labels after it in the order of the days, each a later day of the six after it; one going back (`Mon 7 Dec
   2026:`, `Sun:`, then `Mon:`: the week after's or the same?) and the labels after it are none;
2. a short line of the section naming a week (`**Week commencing 7 Dec 2026**`, `Rota 2026-W50:`);
   1 and 2 hold over their block: up to a paragraph that opens with no label nor a table's row (`Phase 1 (w/c 7
   Dec 2026):`, `- design`, a blank line, `Standups are recurring:`, `Mon: 9:30`: none);
3. the headings over it, else the note's file name, that name one (`## Week of 7 December`, `# Rota 2026-W50`,
   `Meal plan w-c 7 Dec.md`), as _week reads them: an ISO week (`2026-W50`); a week begun (`w/c`, `w/b`, `week of`,
   `week commencing`, `beginning`, `starting`) on a Monday, or a Sunday written with its weekday or year (`Week of
   Sunday, December 6, 2026`); a week ending (`week ending`) on a Sunday, or a Friday or Saturday so. A day without
   its year takes the year the note's other days do (yearless.dated_day: the note's date, else its heading's month
   or year), and must then be a Monday (a Sunday, ending): `w/c 7 Dec` in a note of 2026-01-10 is 7 December 2025,
   a Sunday, no week. A day in the start's weekday's place nothing settles names no week.

A week is named or it is none: a note of a Monday whose heading or name says `week` (`# Gym: 3 times a week`, `# A week
in Lisbon (2019 trip)`) names none. A heading or a line of the section saying another week (`## The week after`,
`## Week 2`, `Next week:`, `**Last week** (what we ate):`, `Availability next week:`), or a recurring one (`Opening
hours every week:`, `Standups are recurring:`, `# Morning routine (from w/c 7 Dec 2026)`), ends the week in force:
the labels under it are none, up to a heading, a line naming a week, or one saying `this week`, which is the
headings' again (`## This week` under `# w/c 7 Dec 2026` is that week). A list that names no week (`Wednesdays:
swimming`, an opening hours' `Mon: 9–5`, a school timetable, a weekly template, a diary's `Mon:`) names no day.
Read from the note alone: its days do not change when another note does. One walk over the note's lines.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re

from minirag_cli.shortnames import WEEKDAY_NUMBER, weekday_number
from minirag_cli.text import ISO_WEEK, find_dates, iso_week_monday, note_stem
from minirag_cli.yearless import Outline, dated_day, month_in_force, note_outline

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

_ISO_WEEK = re.compile(rf"(?<![\w-]){ISO_WEEK.pattern}(?![\w-])", re.I)  # in a text: not inside an id
# the words before a week's first day and last day: `w/c 7 Dec`, `w-c` (a file name's), `Week commencing Monday
# 7th December`, `week of Dec 7`; `week ending 13/12/2026`
_BEGUN = re.compile(r"(?<![\w/.-])(?:w[/.-]?[cb]\.?|w(?:ee)?k[ \t]+(?:of|commencing|beginning|starting)|week-of)"
                    r"(?![\w/])[ \t:,-]*", re.I)
_ENDING = re.compile(r"(?<![\w/.-])w(?:ee)?k[ \t]+ending[ \t:,-]*", re.I)
_WEEKDAY_BEFORE = re.compile(rf"({_WEEKDAY})\.?,?[ \t]+(?:the[ \t]+)?", re.I)
# the weekdays a week's first day may fall on, and its last: (written with its weekday or its year, without)
_FIRST_DAYS, _LAST_DAYS = ((0, 6), (0,)), ((4, 5, 6), (6,))
_WEEK_WORD = re.compile(r"(?<![\w-])w(?:ee)?k(?![\w-])", re.I)
# a week not the one in force: looking back or ahead from it, one of every week, a term's numbered week, a school's
# week A or B, several
_ANOTHER_WEEK = re.compile(
    r"(?i:\b(?:last|next|previous|prior|past|coming|following|upcoming|other|every|each|per)[ \t]+w(?:ee)?k(?!\w)"
    r"|\b(?:once|twice|times|days|hours|\d+)[ \t]+a[ \t]+w(?:ee)?k(?!\w)"  # `3 times a week`
    r"|(?<![\w-])w(?:ee)?k[ \t]+(?:after|before|ahead|later|ago|earlier)\b"
    r"|(?<![\w-])w(?:ee)?k[ \t]*#?\d|(?<![\w-])w(?:ee)?ks(?!\w))"
    r"|(?<![\w-])[Ww](?:eek|k)[ \t]+[A-D]\b")
# ... or a text of a week looking back at it (`## Week review`), or of a shop's hours, with the word `week`
_LOOKING = re.compile(r"(?i:\b(?:review|retro|retrospective|recap|summary|reflections?|hours)\b)")
# ... or of a recurring list, with the word `week` or not (`Standups are recurring:`, `# Morning routine`)
_RECURRING = re.compile(rf"(?i:\b(?:every|recurring|routine|usual|usually|regular|regularly|typical|typically|default|"
                        rf"template|timetable|repeats|repeating|always)\b|\beach[ \t]+(?:day|morning|evening|night|"
                        rf"weekday|weekend|time|{_WEEKDAY})\b)")
_THIS_WEEK = re.compile(r"(?i:\b(?:this|current)[ \t]+w(?:ee)?k(?!\w))")
# a line of the body that names the week of the lines after it (`**Week commencing 7 Dec 2026**`): a short one
_NAMING_LINE_CHARS = 60
_DATED, _OTHER, _THIS = "dated", "other", "this"  # how a text names a week (_week)
# where the week of a label of the body is (module docstring): the headings' (3), a line's naming it (2), a label's
# written with its day (1), none (another week's, a recurring list's, a label's going back)
_HEADINGS, _NAMED, _ANCHORED, _NONE = "headings", "named", "anchored", "none"


def chunk_week_days(chunks, path: str, dates: list[str], settled: list[dict[str, str]]) -> list[dict[str, str]]:
    """surface -> ISO day of the weekdays' labels each of a note's `chunks` writes that name a day of a week
    (module docstring): the surface is the label's line as written (stripped), so that two weeks' `Thu:` in one
    chunk are two days. `path`: the note's path (its file name may name the week); `dates`: each chunk's date
    (sync._chunk_dates: an ISO day, a heading's `Y2026-12`, or ''); `settled`: each chunk's ambiguous slashed days
    its note settles (dayorder.chunk_slashed_days), which a week's first day may be written as."""
    if not any(_ANY_LABEL.search(c.text) for c in chunks):
        return [{} for _c in chunks]
    outline = note_outline(chunks)
    days = _label_days(outline, _Note(chunks, dates, path, settled))
    labelled = sorted(days)
    out = []
    for c in chunks:
        within = labelled[bisect.bisect_left(labelled, c.start_line):bisect.bisect_right(labelled, c.end_line)]
        out.append(_one_day_each([(outline.lines[n].strip(), days[n]) for n in within]))
    return out


class _Note:
    """What the rules read of a note besides its text: its chunks' dates by line, its file name's stem and its
    settled slashed days (by their first two characters: one look-up a day read)."""

    def __init__(self, chunks, dates: list[str], path: str, settled: list[dict[str, str]]):
        self.chunk_day: dict[int, str] = {}  # line -> the date of the first chunk holding it
        for c, day in reversed(list(zip(chunks, dates, strict=True))):
            for n in range(c.start_line, c.end_line + 1):
                self.chunk_day[n] = day
        self.stem = note_stem(path)
        self.known: dict[str, list[tuple[str, str]]] = {}
        for surface, iso in _one_day_each([pair for days in settled for pair in days.items()]).items():
            self.known.setdefault(surface[:2], []).append((surface, iso))
        self._stem_weeks: dict[str, tuple[str, dt.date | None]] = {}

    def year_of(self, n: int, stack) -> str:
        """What gives a day written without its year at line n its year (yearless.dated_day's `day`): the chunk's
        ISO date, else the month or year of the heading in force (`stack`: Outline.walk's), '' for none."""
        day = self.chunk_day.get(n, "")
        if _is_day(day):
            return day
        held = month_in_force(stack)
        return f"Y{held}" if held else ""

    def stem_week(self, year: str) -> tuple[str, dt.date | None]:
        """How the file name names a week (_week), its days' year `year`."""
        if year not in self._stem_weeks:
            self._stem_weeks[year] = _week(self, self.stem, year)
        return self._stem_weeks[year]


def _label_days(outline: Outline, note: _Note) -> dict[int, str]:
    """line number -> ISO day of each weekday's label of the note a week settles (module docstring)."""
    out: dict[int, str] = {}
    kinds: dict[int, tuple[str, dt.date | None]] = {}  # a heading's line -> how it names a week, read once
    held, start, last = _HEADINGS, None, None  # the body's week: where it is, its first day, its last label's day
    opens = False  # does the line open a paragraph?
    for n, line, stack in outline.walk():
        if n in outline.code:
            continue
        if stack and stack[-1][0] == n:  # a heading: it and its section's lines are the headings' week
            kinds[n] = _week(note, line, note.year_of(n, stack))
            held, start, last, opens = _HEADINGS, None, None, False
            label = _HEADING_LABEL.fullmatch(line.rstrip()) or _LABEL.match(line, _HEADING.match(line).end())
            first = _headings_week(note, n, stack[:-1], kinds) if label else None
            if first is not None:  # `## Monday`: of the week of the headings over it
                out[n] = _day_of(first, weekday_number(label.group(1))).isoformat()
            continue
        if not line.strip():
            opens = True
            continue
        label = _LABEL.match(line)
        if label is None:
            held, start, last = _body_line(note, n, line, stack, kinds, opens, (held, start, last))
            opens = False
            continue
        opens = False
        weekday = weekday_number(label.group(1))
        day = None
        if held == _HEADINGS:
            first = _headings_week(note, n, stack, kinds)
            day = _day_of(first, weekday) if first is not None else None
        elif held == _NAMED:
            day = _day_of(start, weekday)
        elif held == _ANCHORED:
            day = _day_of(start, weekday)
            if day <= last:  # back in the days (the second `Mon` after `Mon 7 Dec 2026:`): this week's or the next's?
                held, day = _NONE, None
            else:
                last = day
        if day is not None:
            out[n] = day.isoformat()
    return out


def _body_line(note: _Note, n: int, line: str, stack, kinds: dict, opens: bool, week: tuple) -> tuple:
    """The body's week (_label_days' `held, start, last`) after line n, no label of a weekday alone: a label with
    its day begins one (1), a short line naming a week names it (2), a line saying another or a recurring week ends
    it, one saying `this week` is the headings' again; a paragraph opening with no label nor a table's row ends
    the week of 1 or 2."""
    held, start, _last = week
    year = note.year_of(n, stack)
    dated = _dated_label(note, line, year)
    if dated is not None:  # a label written with its day begins the days after it, unless it is wrong
        day, weekday = dated
        return (_ANCHORED, day, day) if day.weekday() == weekday else (_NONE, None, None)
    short = len(line.strip(" \t*_-:#")) <= _NAMING_LINE_CHARS
    kind, first = _week(note, line, year, recurring=short)
    if kind == _DATED:
        if short:
            return _NAMED, first, None
        # a sentence naming a week (`Granny comes the week of 14 Dec 2026, ...`): another week's, unless the same
        same = first == (start if held == _NAMED else
                         _headings_week(note, n, stack, kinds) if held == _HEADINGS else None)
        return week if same else (_NONE, None, None)
    if kind == _OTHER:
        return _NONE, None, None
    if kind == _THIS and short:
        return _HEADINGS, None, None
    if opens and held in (_NAMED, _ANCHORED) and not line.lstrip().startswith("|"):
        return _NONE, None, None
    return week


def _headings_week(note: _Note, n: int, stack, kinds: dict[int, tuple[str, dt.date | None]]) -> dt.date | None:
    """The first day of the week in force at line n that the headings of `stack` (outermost first) name, else the
    file name (module docstring, 3), the innermost that names one; None for another week's or a recurring one's (`##
    Last week`, `## Week 2`, `w/c 7 Dec` of an undated note) or for none. `kinds`: the headings' (_week, by line)."""
    for at, _level, _month in reversed(stack):
        kind, first = kinds.get(at, ("", None))
        if kind in (_DATED, _OTHER):
            return first
    kind, first = note.stem_week(note.year_of(n, stack))
    return first if kind == _DATED else None


def _dated_label(note: _Note, line: str, year: str) -> tuple[dt.date, int] | None:
    """The day and the weekday written of a line opening with a weekday before a day (`Mon 7 Dec: pasta`), its year
    the note's; None for no such line or a day without a year to read."""
    m = _DATED_LABEL.match(line)
    if m is None or not any(ch.isdigit() for ch in line[m.end():m.end() + 12]):
        return None
    read = _day_at(note, line[m.end():], year)
    return None if read is None else (read[0], weekday_number(m.group(1)))


def _day_at(note: _Note, text: str, year: str) -> tuple[dt.date, bool] | None:
    """The day `text` opens with, as the note's other days are read: written (text.find_dates), a slashed day the
    note settles, or without its year, the year `year` gives it (yearless.dated_day); and whether it was written
    without its year. None for none."""
    found = [(s, iso) for s, iso in find_dates(text[:40]) if text.startswith(s)]
    found += [(s, iso) for s, iso in note.known.get(text[:2], ()) if text.startswith(s)]
    if not found:
        return None
    iso = max(found, key=lambda f: len(f[0]))[1]
    yearless = iso.startswith("--")
    if yearless:
        iso = (dated_day(iso, year) if year else None) or ""
    return (dt.date.fromisoformat(iso), yearless) if _is_day(iso) else None


def _day_of(start: dt.date, weekday: int) -> dt.date:
    """The day of `weekday` (0 Monday) in the seven days from `start`."""
    return start + dt.timedelta(days=(weekday - start.weekday()) % 7)


def _week(note: _Note, text: str, year: str, recurring: bool = True) -> tuple[str, dt.date | None]:
    """How `text` (a heading, a line of the body or the file name), its days' year `year`, names a week: _DATED
    and its first day (module docstring, 3), _OTHER (one the note does not date, another, or, with `recurring`, a
    recurring one: `## Last week`, `# Template: week of ____`, `Standups are recurring:`), _THIS (`This week:`), or
    '' for none."""
    if recurring and _RECURRING.search(text):
        return _OTHER, None
    if m := _ISO_WEEK.search(text):
        first = iso_week_monday(m)
        return (_DATED, first) if first is not None else (_OTHER, None)
    named = False
    for phrase, days, back in ((_BEGUN, _FIRST_DAYS, 0), (_ENDING, _LAST_DAYS, 6)):
        for m in phrase.finditer(text):
            after = text[m.end():m.end() + 64]  # (not the rest of a line of 1 MB for each phrase in it)
            weekday = _WEEKDAY_BEFORE.match(after)
            read = _day_at(note, after[weekday.end():] if weekday else after, year)
            if read is not None and (weekday is None or read[0].weekday() == weekday_number(weekday.group(1))):
                day, yearless = read
                if day.weekday() in days[yearless and weekday is None]:
                    return _DATED, day - dt.timedelta(days=back)
                return _OTHER, None
            # a week's day the note gives no year (`w/c 7 Dec` of an undated note): that week, undated
            named = named or any(ch.isdigit() for ch in after[:25])
    if named or _ANOTHER_WEEK.search(text) or _WEEK_WORD.search(text) and _LOOKING.search(text):
        return _OTHER, None
    return (_THIS, None) if _THIS_WEEK.search(text) else ("", None)


def _one_day_each(days: list[tuple[str, str]]) -> dict[str, str]:
    """surface -> ISO day of (surface, ISO day) pairs; a surface of two days is none (`- Mon: pasta` in two weeks
    of one chunk: its mentions could not be told apart)."""
    out: dict[str, str] = {}
    for surface, iso in days:
        out[surface] = iso if out.get(surface, iso) == iso else ""
    return {surface: iso for surface, iso in out.items() if iso}


def _is_day(day: str) -> bool:
    return len(day) >= 10 and day[:4].isdigit() and day[4] == "-"
