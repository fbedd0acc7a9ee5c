"""The year of a day an undated note writes without one (heuristic rules 27).

A dated note gives such a day the nearest year to its own date (text.nearest_year, rules 26). An undated note
gives one in two ways, each read from the note alone, so a re-sync reads the same year whatever the day or the
other notes:

- a heading in force that names one year (`# Expenses — December 2026`, `## 2025`): `- 1 Dec: Bus to Braga` under
  it is 2026-12-01. A chunk is given the year only when the headings in force over each of its lines that write
  such a day name the same one (a chunk with such days under `## December 2026` and `## January 2027`, or above
  the heading, is given none).
- the weekday written with the day (`Deadline: Friday 18 December`): the one year within REFERENCE_YEARS of the
  latest year the note writes whose day has that weekday. A day's weekday comes back after 5, 6 or 11 years, so
  any 5 years (±2) hold at most one such year, and a weekday set wrong reaches no year far off. The latest year
  the note writes is its reference because a note writes of what has been (a 2025 report, a 2024 audit) and of
  what is to come after it; a note that writes no year, or a day whose weekday no year within ±2 matches, keeps
  the day yearless, as before.

A chunk's date for the entities (sync._chunk_dates) is then an ISO day (the note's or its section's), `Y2026`
(a heading's year) or `~2025` (the reference year, for days written with their weekday alone): dated_day reads it.
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.shortnames import WEEKDAY_SHORT
from minirag_cli.text import WEEKDAY_NAMES, find_dates, iso_date, nearest_year

REFERENCE_YEARS = 2  # ±2: five years, which hold a day on a given weekday at most once
_YEAR = re.compile(r"(?<![\w./-])((?:19|20)\d\d)(?![\w/-]|\.\d)")
_ANY_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.+)")
_FENCE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
_WEEKDAY = "|".join(WEEKDAY_NAMES + sorted(WEEKDAY_SHORT, key=len, reverse=True))
_WEEKDAY_INDEX = {**{d: i for i, d in enumerate(WEEKDAY_NAMES)}, **WEEKDAY_SHORT}


def _note_lines(chunks) -> dict[int, str]:
    """line number -> line of the note, as its chunks hold it (overlapping chunks give a line once)."""
    lines: dict[int, str] = {}
    for c in chunks:
        for i, line in enumerate(c.text.split("\n")):
            lines.setdefault(c.start_line + i, line)
    return lines


def _headings(lines: dict[int, str]) -> tuple[list[tuple[int, int, str]], int]:
    """(line, level, year or '') of the note's headings, outside its front matter and code fences; and the
    line its text opens on (after its front matter)."""
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
        years = set(_YEAR.findall(m.group(2)))
        out.append((n, len(m.group(1)), years.pop() if len(years) == 1 else ""))
    return out, numbers[start] if start < len(numbers) else 1


def chunk_years(chunks) -> list[str]:
    """The year each of a note's chunks is under (module docstring: `Y2026`), '' for none: the year in force at
    each of its lines that writes a day without its year, when they are one (a line outside every heading with a
    year, or under another year's, leaves the chunk none)."""
    lines = _note_lines(chunks)
    headings, body = _headings(lines)
    if not any(year for _at, _lv, year in headings):
        return [""] * len(chunks)
    out = []
    for c in chunks:
        years = {_year_in_force(_stack_at(headings, n)) for i, line in enumerate(c.text.split("\n"))
                 if (n := c.start_line + i) >= body and any(iso.startswith("--") for _s, iso in find_dates(line))}
        year = years.pop() if len(years) == 1 else ""
        out.append(f"Y{year}" if year else "")
    return out


def _year_in_force(stack: list[tuple[int, str]]) -> str:
    """The year of the innermost heading of `stack` that names one."""
    return next((year for _level, year in reversed(stack) if year), "")


def _stack_at(headings: list[tuple[int, int, str]], line: int) -> list[tuple[int, str]]:
    """The headings in force at `line` (one on it among them), as (level, year), outermost first."""
    stack: list[tuple[int, str]] = []
    for at, level, year in headings:
        if at > line:
            break
        stack = [(lv, y) for lv, y in stack if lv < level] + [(level, year)]
    return stack


def reference_year(chunks) -> str:
    """`~2025`: the latest year a note's chunks write (module docstring), '' when they write none."""
    years = [int(y) for c in chunks for y in _ANY_YEAR.findall(c.text)]
    return f"~{max(years)}" if years else ""


def dated_day(yearless: str, day: str, text: str = "", name: str = "") -> str | None:
    """The ISO date of `yearless` (`--12-18`), written `name` in the chunk `text`, in a chunk of date `day`
    (module docstring: an ISO day, `Y2026` or `~2025`); None when it stays yearless."""
    month, dom = int(yearless[2:4]), int(yearless[5:7])
    if day.startswith("Y"):
        return iso_date(int(day[1:]), month, dom)
    if day.startswith("~"):
        weekday = _weekday_before(text, name)
        if weekday is None:
            return None
        reference = int(day[1:])
        found = [iso for year in range(reference - REFERENCE_YEARS, reference + REFERENCE_YEARS + 1)
                 if (iso := iso_date(year, month, dom)) and dt.date.fromisoformat(iso).weekday() == weekday]
        return found[0] if len(found) == 1 else None
    return nearest_year(yearless, day)


def _weekday_before(text: str, name: str) -> int | None:
    """The weekday written right before the day `name` in `text` (`Friday 18 December`, `Fri, 18 Dec`), the
    same one wherever the day is so written; None when none is, or two differ."""
    if not name:
        return None
    found = {_WEEKDAY_INDEX[w.lower()] for w in re.findall(
        rf"(?<!\w)({_WEEKDAY})\.?,?[ \t]+(?:the[ \t]+)?{re.escape(name)}(?!\w)", text, re.I)}
    return found.pop() if len(found) == 1 else None
