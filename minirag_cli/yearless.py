"""The year of a day an undated note writes without one (heuristic rules 27).

A dated note gives such a day the nearest year to its own date (text.nearest_year, rules 26). An undated note
gives one from a heading in force over it that names a month and its year (`# Expenses — December 2026`,
`## March 2025`): `- 1 Dec: Bus to Braga` under it is 2026-12-01, read from the note alone, so a re-sync reads the
same year whatever the day or the other notes. Only a day of that same month: `- 4 Jan: refund` under
`# Expenses — December 2026` may be January 2026 or 2027, and stays yearless, as does a day under a heading that
names a year with no month (`# Q4 2026`, `# 2025 review`'s plans for next year) or a number that is no year's
(`# Top 2000 countdown`). A chunk is given the month only when the headings in force over each of its lines that
write such a day name the same one (a chunk with days under `## December 2026` and `## January 2027`, or above the
heading, is given none). A day's weekday names no year (`Friday 18 December` in a note that writes 2050 or
`2048 MB` was dated by the note's latest year-like number): the day stays yearless, as before.

A chunk's date for the entities (sync._chunk_dates) is then an ISO day (the note's or its section's) or `Y2026-12`
(a heading's month): dated_day reads it.
"""

from __future__ import annotations

import re

from minirag_cli.tables import file_part
from minirag_cli.text import MONTH_ALT, MONTH_WORDS, find_dates, iso_date, nearest_year

# a month's word and its year in a heading: `December 2026`, `Dec. 2026`, `December, 2026`
_MONTH_YEAR = re.compile(rf"(?<![\w-])({MONTH_ALT})\.?,?[ \t]+((?:19|20)\d\d)(?![\w/-]|\.\d)", re.I)
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


def _headings(lines: dict[int, str]) -> tuple[list[tuple[int, int, str]], int]:
    """(line, level, month or '') of the note's headings, outside its front matter and code fences, the month as
    `2026-12` when the heading names one month with its year (_MONTH_YEAR); and the line its text opens on (after
    its front matter)."""
    out, fenced, numbers = [], False, sorted(lines)
    start = 0
    if numbers and lines[numbers[0]].strip() == "---" and numbers[0] == 1:  # front matter
        start = next((i + 1 for i, n in enumerate(numbers[1:], 1) if lines[n].strip() in ("---", "...")), 0)
    for n in numbers[start:]:
        line = lines[n]
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or not (m := _HEADING.fullmatch(line.rstrip())):
            continue
        months = {f"{year}-{MONTH_WORDS[word.lower()]:02d}" for word, year in _MONTH_YEAR.findall(m.group(2))}
        out.append((n, len(m.group(1)), months.pop() if len(months) == 1 else ""))
    return out, numbers[start] if start < len(numbers) else 1


def chunk_years(chunks) -> list[str]:
    """The month each of a note's chunks is under (module docstring: `Y2026-12`), '' for none: the month in force
    at each of its lines that writes a day without its year, when they are one (a line outside every heading with
    a month, or under another month's, leaves the chunk none)."""
    lines = _note_lines(chunks)
    headings, body = _headings(lines)
    if not any(month for _at, _lv, month in headings):
        return [""] * len(chunks)
    out = []
    for c in chunks:
        months = {_month_in_force(_stack_at(headings, n)) for i, line in enumerate(_file_lines(c))
                  if (n := c.start_line + i) >= body and any(iso.startswith("--") for _s, iso in find_dates(line))}
        month = months.pop() if len(months) == 1 else ""
        out.append(f"Y{month}" if month else "")
    return out


def _month_in_force(stack: list[tuple[int, str]]) -> str:
    """The month of the innermost heading of `stack` that names one."""
    return next((month for _level, month in reversed(stack) if month), "")


def _stack_at(headings: list[tuple[int, int, str]], line: int) -> list[tuple[int, str]]:
    """The headings in force at `line` (one on it among them), as (level, month), outermost first."""
    stack: list[tuple[int, str]] = []
    for at, level, month in headings:
        if at > line:
            break
        stack = [(lv, y) for lv, y in stack if lv < level] + [(level, month)]
    return stack


def dated_day(yearless: str, day: str) -> str | None:
    """The ISO date of `yearless` (`--12-18`) in a chunk of date `day` (module docstring: an ISO day or
    `Y2026-12`); None when it stays yearless (a heading's month other than its own)."""
    if day.startswith("Y"):
        year, month = day[1:].split("-")
        return iso_date(int(year), int(month), int(yearless[5:7])) if yearless[2:4] == month else None
    return nearest_year(yearless, day)
