"""The day a weekday written with a day settles (heuristic rules 30, ukdates: a UK teacher's vault).

A teacher's notes write their days with the weekday and often without the month or the year: `CPD session 3 Fri
11th`, `Trip Thurs 10th`, `assessments Tue 15 – Thu 17`, and a term planner crossing the new year `Mon 4 Jan`. The
weekday settles what the text leaves out, read from the note alone:

1. A yearless day after its weekday (`Mon 4 Jan`, `Friday, Jan 8`) is of the year, of the one its chunk's date gives
   it (yearless.dated_day: the note's nearest, or a heading's year alone) and the years either side, that makes the
   weekday true, the nearest of them to the note's day: `Mon 4 Jan` under `# Autumn term 2026 – planner` was
   2026-01-04, a Sunday, and is 2027-01-04. Under a heading naming a month and its year, the heading's year holds;
   a weekday no year of the three makes true, or only one more than a year from the note's day (a slip), changes
   nothing.
2. In a note of a day (its chunk's date an ISO day), a weekday before a day of the month without its month: with an
   ordinal (`Friday 11th`, `Thurs 10th`, `Wed the 9th`), or as the two ends of a span (`Tue 15 – Thu 17`), is the
   day of that weekday and number nearest to the note's, within WINDOW_DAYS either side (a span's end the first
   such after its start, within a month). None in an undated note, none when two days are as near (February and
   March of a common year), none for an ordinal that counts (`Wed 3rd lesson`, `Sat 1st place`), a time (`Fri
   11:30`), a slashed day (another rule's) or a month after it (text.find_dates reads `Thurs 3rd Dec`). A weekday's
   short name counts only capitalised (`sat 3rd in the race` is a verb's).

Each is a surface -> ISO day of the chunk (the settled days sync._settled_days gives _plan_entities and
notespans.chunk_spans): a date mention, and a span's end.
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.shortnames import WEEKDAY_NUMBER
from minirag_cli.text import MONTH_ALT, WEEKDAY_NAMES, WORD_DATE, find_dates
from minirag_cli.yearless import dated_day

WINDOW_DAYS = 42  # a note of a day writes of the six weeks around it (a term's half)
SPAN_DAYS = 31  # a span's end, after its start
YEAR_DAYS = 366  # a year the weekday is true of, at most this far from the note's day (`Sat 4 Jan` in December 2026
# is no 2025-01-04: a slip of the weekday, the nearest year's day stays)

_SHORT = [w for w in WEEKDAY_NUMBER if w not in WEEKDAY_NAMES]  # mon, tues, weds, thurs...
# a weekday: its name in any case, a short name capitalised (`Thurs`, `THU`; `sat`, `wed`, `sun` are words)
_WEEKDAY = "(?<![\\w'’])(" + "|".join(sorted([f"(?i:{d})" for d in WEEKDAY_NAMES] + [w.capitalize() for w in _SHORT]
                                              + [w.upper() for w in _SHORT], key=len, reverse=True)) + ")"
_ANY_WEEKDAY = re.compile(_WEEKDAY)  # (does a chunk write one? most write none)
_WEEKDAY_BEFORE = re.compile(rf"{_WEEKDAY}\.?,?[ \t]+(?:the[ \t]+)?$")
# a day of the month after a weekday, not a time's hour, a slashed or dotted day, a month's day
_MONTH_AFTER = rf"[ \t]*(?:of[ \t]+)?(?i:{MONTH_ALT})\b"
_COUNTED = (r"[ \t]+(?i:period|lesson|place|floor|year|grade|time|attempt|round|half|term|week|day|set|class|form|team"
            r"|row)s?\b")  # `Wed 3rd lesson`, `Sat 1st place`: an ordinal that counts
_DAY = (rf"{_WEEKDAY}\.?,?[ \t]+(?:the[ \t]+)?(0?[1-9]|[12]\d|3[01])(st|nd|rd|th)?"
        rf"(?![\w/]|[.:,\-–—]\d|{_MONTH_AFTER}|{_COUNTED})")
_ONE_DAY = re.compile(_DAY)
_SPAN = re.compile(rf"{_DAY}([ \t]*(?:[-–—]|to|till|until|through|thru)[ \t]*){_DAY}")


def chunk_weekday_days(chunks, dates: list[str]) -> list[dict[str, str]]:
    """surface -> ISO day each of a note's `chunks` writes that its weekday settles (module docstring); `dates`: each
    chunk's date (sync._chunk_dates: an ISO day, a heading's `Y2026` or `Y2026-12`, '')."""
    return [weekday_days(c.text, day) if day else {} for c, day in zip(chunks, dates, strict=True)]


def weekday_days(text: str, day: str) -> dict[str, str]:
    """surface -> ISO day of the days `text`, a chunk of date `day`, writes that a weekday settles (module
    docstring); a surface written as two days is none."""
    if not any(ch.isdigit() for ch in text) or _ANY_WEEKDAY.search(text) is None:
        return {}
    found: dict[str, set[str]] = {}
    for surface, iso in [*_yearless_days(text, day), *(_month_days(text, day) if _is_day(day) else ())]:
        found.setdefault(surface, set()).add(iso)
    return {surface: days.pop() for surface, days in found.items() if len(days) == 1}


def _yearless_days(text: str, day: str) -> list[tuple[str, str]]:
    """(surface, ISO day) of each yearless day after its weekday (1) whose weekday picks another year than `day`
    gives it."""
    yearless = {surface: iso for surface, iso in find_dates(text) if iso.startswith("--")}
    out = []
    for m in WORD_DATE.finditer(text) if yearless else ():
        weekday = _WEEKDAY_BEFORE.search(text, max(0, m.start() - 16), m.start())
        if m.group(0) not in yearless or weekday is None:
            continue
        iso = yearless[m.group(0)]
        given = dated_day(iso, day)
        if given is None or (day.startswith("Y") and len(day) > 5):  # a heading's month and year hold
            continue
        wanted = WEEKDAY_NUMBER[weekday.group(1).lower()]
        if dt.date.fromisoformat(given).weekday() == wanted:
            continue
        own = dt.date.fromisoformat(day[:10]) if _is_day(day) else dt.date.fromisoformat(given)
        true = [d for year in (own.year - 1, own.year, own.year + 1)
                if (d := _date(year, int(iso[2:4]), int(iso[5:7]))) is not None and d.weekday() == wanted]
        if true and abs((best := min(true, key=lambda d: abs((d - own).days))) - own).days <= YEAR_DAYS:
            out.append((m.group(0), best.isoformat()))
    return out


def _month_days(text: str, day: str) -> list[tuple[str, str]]:
    """(surface, ISO day) of each weekday and day of the month (2) in a chunk of the ISO day `day`."""
    own = dt.date.fromisoformat(day[:10])
    out = []
    spanned = []
    for m in _SPAN.finditer(text):
        start = _nearest(own, WEEKDAY_NUMBER[m.group(1).lower()], int(m.group(2)))
        end = start and _after(start, WEEKDAY_NUMBER[m.group(5).lower()], int(m.group(6)))
        if end is not None:
            spanned.append((m.start(), m.end()))
            out += [(text[m.start():m.end(3) if m.group(3) else m.end(2)], start.isoformat()),
                    (text[m.start(5):m.end()], end.isoformat())]
    for m in _ONE_DAY.finditer(text):
        if m.group(3) is None or any(a <= m.start() < b for a, b in spanned):
            continue
        found = _nearest(own, WEEKDAY_NUMBER[m.group(1).lower()], int(m.group(2)))
        if found is not None:
            out.append((m.group(0), found.isoformat()))
    return out


def _nearest(own: dt.date, weekday: int, dom: int) -> dt.date | None:
    """The day of weekday `weekday` and day of the month `dom` nearest to `own` within WINDOW_DAYS; None for none,
    or for two as near."""
    days = [d for n in range(-WINDOW_DAYS, WINDOW_DAYS + 1)
            if (d := own + dt.timedelta(days=n)).day == dom and d.weekday() == weekday]
    if not days:
        return None
    days.sort(key=lambda d: abs((d - own).days))
    if len(days) > 1 and abs((days[0] - own).days) == abs((days[1] - own).days):
        return None
    return days[0]


def _after(start: dt.date, weekday: int, dom: int) -> dt.date | None:
    """The first day after `start`, within SPAN_DAYS, of weekday `weekday` and day of the month `dom`."""
    return next((d for n in range(1, SPAN_DAYS + 1)
                 if (d := start + dt.timedelta(days=n)).day == dom and d.weekday() == weekday), None)


def _date(year: int, month: int, dom: int) -> dt.date | None:
    try:
        return dt.date(year, month, dom)
    except ValueError:
        return None


def _is_day(day: str) -> bool:
    return len(day) >= 10 and day[:4].isdigit() and day[4] == "-"
