"""The year of a day an undated note writes without one (heuristic rules 27, 28).

A dated note gives such a day the nearest year to its own date (text.nearest_year, rules 26). An undated note
gives one from a heading in force over it that names a month and its year (`# Expenses — December 2026`,
`## March 2025`): `- 1 Dec: Bus to Braga` under it is 2026-12-01, read from the note alone, so a re-sync reads the
same year whatever the day or the other notes. Only a day of that same month: `- 4 Jan: refund` under
`# Expenses — December 2026` may be January 2026 or 2027, and stays yearless, as does a day under a heading that
names a number that is no year's (`# Top 2000 countdown`). Rules 28: a heading that names one year alone (`# Holidays
and OOO 2026`, `# 2026` over `## December`) gives a day of any month under it that year (`- Priya off 14-18 Dec` is
2026-12-18): the manager's vacation page was yearless, so "who is out in December 2026?" missed it. A month and its
year in force below or above it is the nearer heading's; a year in a longer number, a version, an id, a span of
years or a count (`v2026`, `2026-27`, `# Top 2000 countdown`) is none (_YEAR), as is a quarter's or a heading's looking
back or ahead (`# Q4 2026`'s `8 Jan: Q1 kickoff`, `# 2025 review`'s plans for next year: _LOOKING). A chunk is given
the month only when the headings in force over each of its lines that write such a day name the same one (a chunk with
days under `## December 2026` and `## January 2027`, or above the heading, is given none). No number the note writes
names a day's year (`Friday 18 December` in a note that writes 2050 or `2048 MB` was dated by the note's latest
year-like number); its weekday may, near this year, in a note no chunk of which is dated (weekdaydays.pinned_days,
rules 33).

A chunk's date for the entities (sync._chunk_dates) is then an ISO day (the note's or its section's) or `Y2026-12`
(a heading's month), `Y2026` (a heading's year alone): dated_day reads it.
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from minirag_cli.tables import file_part
from minirag_cli.text import MONTH_ALT, MONTH_WORDS, find_dates, iso_date, nearest_year

# a month's word and its year in a heading: `December 2026`, `Dec. 2026`, `December, 2026`
_MONTH_YEAR = re.compile(rf"(?<![\w-])({MONTH_ALT})\.?,?[ \t]+((?:19|20)\d\d)(?![\w/-]|\.\d)", re.I)
# a year alone in a heading (rules 28: `# Holidays and OOO 2026`): 1970 to 2099, not part of a longer number, a
# version, an id or a span of years (`v2026`, `2026.1`, `#2026`, `ID-2026`, `2026-27`, `2026/27`, `12026`), nor a
# count (`# Top 2000 countdown`, `# 2000 calories a day`)
_YEAR = re.compile(r"(?<![\w#./:-])(19[7-9]\d|20\d\d)(?![\w/-]|[.,:]\d)")
_COUNT_BEFORE = re.compile(r"(?i:\b(?:top|over|under|around|about|nearly|almost|best|page|room|no|number|id|version|"
                           r"rev|build|issue|ticket|pr|mr|of|x|q[1-4]|h[12]|w\d\d?)\.?[ \t]+)$")
# ... nor the year of a heading looking back at it or ahead from it, whose days are as often the next year's (`# 2025
# review`'s `Plans for next year: 3 Jan`), nor a quarter's (`# Q4 2026`'s `8 Jan: Q1 kickoff`: review revC)
_LOOKING = re.compile(r"(?i:\b(?:review|reviews|retro|retrospective|recap|wrapped|look[ -]?back|in review|plans?|"
                      r"goals?|resolutions?|outlook|preview|forecast|budget)\b)")
_COUNT_AFTER = re.compile(r"(?i:[ \t]*(?:words|steps|calories|kcal|miles|km|m|points|pieces|rpm|mb|gb|kb|people|"
                          r"items|rows|lines|times|euros|dollars|pounds|[£$€%+×x]))(?!\w)")
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.+)")
_FENCE = re.compile(r"[ \t]{0,3}(?:```|~~~)")


def _file_lines(c) -> list[str]:
    """Chunk `c`'s lines of its file, from its first line on: without the table's head a chunk among a table's
    rows opens with (tables.file_part, readers 14), which numbered every line after it one or two too far: a
    heading just after a long table was lost, and `- 3 Dec` under `## December 2027` took 2026's year."""
    return file_part(c.text, c.start_char, c.end_char).split("\n")


def _note_lines(chunks) -> dict[int, str]:
    """line number -> line of the note, as its chunks hold it (overlapping chunks give a line once)."""
    lines: dict[int, str] = {}
    for c in chunks:
        for i, line in enumerate(_file_lines(c)):
            lines.setdefault(c.start_line + i, line)
    return lines


class Outline(NamedTuple):
    """A note's text as its chunks hold it, for the rules that read a day by the headings over its line
    (note_outline): its lines (number -> line), its headings (line, level, month or '': _headings), the line its
    text opens on (after its front matter) and the lines of its code fences (their fences among them)."""

    lines: dict[int, str]
    headings: list[tuple[int, int, str]]
    body: int
    code: frozenset[int]

    def walk(self) -> Iterator[tuple[int, str, list[tuple[int, int, str]]]]:
        """(line number, line, the headings in force over it: (line, level, month), outermost first, one on its
        line among them) of each line of the text in order: one walk over the headings (reading them all again for
        each line took a note of 2000 headings 22 s). The list of headings is a new one at each heading."""
        headings = iter(self.headings)
        ahead = next(headings, None)
        stack: list[tuple[int, int, str]] = []
        for n in sorted(self.lines):
            if n < self.body:
                continue
            while ahead is not None and ahead[0] <= n:
                stack = [h for h in stack if h[1] < ahead[1]] + [ahead]
                ahead = next(headings, None)
            yield n, self.lines[n], stack


def note_outline(chunks) -> Outline:
    """The Outline of a note of `chunks`."""
    lines = _note_lines(chunks)
    headings, body, code = _headings(lines)
    return Outline(lines, headings, body, code)


def month_in_force(stack: list[tuple[int, int, str]]) -> str:
    """The month (or year alone) of the innermost heading of `stack` (Outline.walk's) that names one, '' for none."""
    return next((month for _at, _level, month in reversed(stack) if month), "")


def _headings(lines: dict[int, str]) -> tuple[list[tuple[int, int, str]], int, frozenset[int]]:
    """(line, level, month or '') of the note's headings, outside its front matter and code fences, the month as
    `2026-12` when the heading names one month with its year (_MONTH_YEAR); the line its text opens on (after
    its front matter); the lines of its code fences."""
    out, fenced, numbers, code = [], False, sorted(lines), set()
    start = 0
    if numbers and lines[numbers[0]].strip() == "---" and numbers[0] == 1:  # front matter
        start = next((i + 1 for i, n in enumerate(numbers[1:], 1) if lines[n].strip() in ("---", "...")), 0)
    for n in numbers[start:]:
        line = lines[n]
        if _FENCE.match(line):
            fenced = not fenced
            code.add(n)
            continue
        if fenced:
            code.add(n)
        if fenced or not (m := _HEADING.fullmatch(line.rstrip())):
            continue
        out.append((n, len(m.group(1)), heading_period(m.group(2))))
    return out, numbers[start] if start < len(numbers) else 1, frozenset(code)


def heading_period(heading: str) -> str:
    """The month a heading's text names with its year (`2026-12` of `# Expenses — December 2026`), or the one year it
    names alone (`2026` of `# Holidays and OOO 2026`, `# 2026`: _year), '' for none (two months, no year)."""
    months = {f"{year}-{MONTH_WORDS[word.lower()]:02d}" for word, year in _MONTH_YEAR.findall(heading)}
    return months.pop() if len(months) == 1 else "" if months else _year(heading)


def _year(heading: str) -> str:
    """The one year a heading names alone (_YEAR: `2026` of `# Holidays and OOO 2026`), else ''."""
    if _LOOKING.search(heading):
        return ""
    years = {m.group(1) for m in _YEAR.finditer(heading)
             if not _COUNT_BEFORE.search(heading, 0, m.start()) and not _COUNT_AFTER.match(heading, m.end())}
    return years.pop() if len(years) == 1 else ""


def chunk_years(chunks) -> list[str]:
    """The month each of a note's chunks is under (module docstring: `Y2026-12`), '' for none: the month in force
    at each of its lines that writes a day without its year, when they are one (a line outside every heading with
    a month, or under another month's, leaves the chunk none)."""
    outline = note_outline(chunks)
    if not any(month for _at, _lv, month in outline.headings):
        return [""] * len(chunks)
    month_at = {n: month_in_force(stack) for n, _line, stack in outline.walk()}
    out = []
    for c in chunks:
        months = {month_at[n] for i, line in enumerate(_file_lines(c)) if (n := c.start_line + i) >= outline.body
                  and any(iso.startswith("--") for _s, iso in find_dates(line))}
        month = months.pop() if len(months) == 1 else ""
        out.append(f"Y{month}" if month else "")
    return out


def dated_day(yearless: str, day: str) -> str | None:
    """The ISO date of `yearless` (`--12-18`) in a chunk of date `day` (module docstring: an ISO day or
    `Y2026-12`); None when it stays yearless (a heading's month other than its own)."""
    if day.startswith("Y"):
        year, _, month = day[1:].partition("-")
        if month and yearless[2:4] != month:
            return None
        return iso_date(int(year), int(yearless[2:4]), int(yearless[5:7]))
    return nearest_year(yearless, day)
