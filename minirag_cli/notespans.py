"""The spans of days a note writes (heuristic rules 28; a question's are dayspans.py's): `Priya off 14–18 Dec`,
`Marcus OOO from Dec 21 to Jan 4`, `Dan is away 19 Dec – 3 Jan`, `Half term: 26/10/2026 - 30/10/2026`. Only their
ends were dates, so "is anyone out on December 16?" could not reach the page by the date channel. A span is two
days joined by `to`, `through`, `till`, `until` or a dash (`from` before it or not), or two day numbers and one month
(`14–18 Dec`, `Dec 14-18`), each end a day the existing rules read (text.find_dates, the note's settled slashed days:
dayorder.py), its year the one they give it (written, the note's date's nearest, its heading's: yearless.py); an
end without a year after a start with one is of that year, or the next when its month comes before the start's
(`Dec 21 to Jan 4`).
Kept when its ends are in order and it lasts 31 days or less (`Thu 3rd Sep 2026 to Fri 18th Dec 2026`, a term, is
its two ends only); stored as the chunk's (first, last) in chunk_spans, not as a date entity per day (migration 0009).
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.shortnames import WEEKDAY_NUMBER, weekday_number
from minirag_cli.text import MONTH_ALT, MONTH_WORDS, find_dates, iso_date

MAX_SPAN_DAYS = 31

_JOIN = r"[ \t]*(?:to|through|thru|till|until|[-–—])[ \t]*"
# an end's weekday written before it (rules 30, ukdates: `Mon 23 – Fri 27 Nov`, `from Mon 30 Nov to Fri 11 Dec` were
# no spans), checked against the day read (_day_ranges)
_WEEKDAY = "|".join(sorted(WEEKDAY_NUMBER, key=len, reverse=True))
_WEEKDAY_BEFORE = rf"(?:({_WEEKDAY})\.?,?[ \t]+)?"
_JOINED = re.compile(_JOIN + _WEEKDAY_BEFORE + "$", re.I)
_A_JOIN = re.compile(r"[-–—]|\b(?:to|through|thru|till|until)\b", re.I)
_DIGIT = re.compile(r"\d")
_ORDINAL = r"(?:st|nd|rd|th)?"
# `14–18 Dec`, `14-18 December 2026`, `Dec 14-18`, `December 14–18, 2026`: one month, two day numbers
# (`Mon 23 – Fri 27 Nov`, `Tue 15 – Thu 17 Dec`: each day's weekday before it, rules 30)
_DAY_RANGE = re.compile(
    rf"(?<![\w/.:])(?:{_WEEKDAY_BEFORE}(\d{{1,2}}){_ORDINAL}{_JOIN}{_WEEKDAY_BEFORE}(\d{{1,2}}){_ORDINAL}[ \t]+"
    rf"(?:of[ \t]+)?({MONTH_ALT})\b\.?"
    rf"|({MONTH_ALT})\.?[ \t]+(\d{{1,2}}){_ORDINAL}{_JOIN}(\d{{1,2}}){_ORDINAL}(?![\w/:]))"
    r"(?:,?[ \t]+((?:19|20)\d\d))?(?!\w)", re.I)


def chunk_spans(text: str, day: str, settled: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(first, last) ISO days of the spans `text` (a chunk's prose) writes (module docstring): `day` the chunk's
    date (sync._chunk_dates: an ISO day or a heading's `Y2026-12`, '' for none) gives a yearless end its year
    (yearless.dated_day), `settled` the chunk's days its note settles (sync._settled_days: surface -> ISO: its
    ambiguous slashed days, dayorder.chunk_slashed_days, and its weekdays' labels, weeklabels.chunk_week_days)."""
    if not any(ch.isdigit() for ch in text):
        return []
    from minirag_cli.yearless import dated_day

    settled = settled or {}

    def resolve(surface: str, iso: str) -> str | None:
        if surface in settled:
            return settled[surface]
        if iso.startswith("--"):
            return dated_day(iso, day) if day else None
        return iso

    spans: list[tuple[str, str]] = []
    for line in text.split("\n"):
        if _A_JOIN.search(line) and _DIGIT.search(line):  # (find_dates per line is dear: most lines have neither)
            spans += _joined_days(line, resolve, settled) + _day_ranges(line, resolve)
    return sorted(set(spans))


def _joined_days(line: str, resolve, settled: dict[str, str]) -> list[tuple[str, str]]:
    days = []
    for surface, iso in [*find_dates(line), *((s, iso) for s, iso in settled.items() if s in line)]:
        at = line.find(surface)
        while at >= 0:
            days.append((at, at + len(surface), surface, iso))
            at = line.find(surface, at + 1)
    days.sort()
    out = []
    for (_s, end, first, a), (start, _e, then, b) in zip(days, days[1:]):
        if start < end or not _JOINED.match(line[end:start]):
            continue
        day_a = resolve(first, a)
        if day_a is None:
            continue
        day_b = resolve(then, b) if not b.startswith("--") or a.startswith("--") else None
        if b.startswith("--") and not a.startswith("--"):  # `14 Dec 2026 to 3 Jan`: the start's year, or the next
            year = int(day_a[:4]) + (int(b[2:4]) < int(day_a[5:7]))
            day_b = iso_date(year, int(b[2:4]), int(b[5:7]))
        elif b.startswith("--") and day_b is not None and day_b < day_a:
            day_b = iso_date(int(day_a[:4]) + 1, int(b[2:4]), int(b[5:7]))  # `Dec 21 to Jan 4` in one year's page
        span = _kept(day_a, day_b)
        if span:
            out.append(span)
    return out


def _day_ranges(line: str, resolve) -> list[tuple[str, str]]:
    out = []
    for m in _DAY_RANGE.finditer(line):
        a, b, word = (m.group(2), m.group(4), m.group(5)) if m.group(2) else (m.group(7), m.group(8), m.group(6))
        if word == "may":  # a verb's (`3-4 may attend`)
            continue
        month, year = MONTH_WORDS[word.lower().rstrip(".")], m.group(9)
        first = iso_date(int(year) if year else None, month, int(a))
        last = iso_date(int(year) if year else None, month, int(b))
        if first is None or last is None:
            continue
        # the end as the rules read it (`18 Dec`: its year by the note, or as its note settles that surface: rules
        # 32's `Sun 22 Nov` of a rota, whose row `Sat 21 - Sun 22 Nov` was no span), the start that day's month and year
        surface, written = next(((surface, iso) for surface, iso in find_dates(m.group(0)) if iso.endswith(last[-5:])),
                                (m.group(0), last))
        day_b = resolve(surface, written) if written.startswith("--") else written
        if day_b is None:
            continue
        span = _kept(iso_date(int(day_b[:4]), month, int(a)), day_b)
        if span and not _weekdays_true(span, m.group(1), m.group(3)):  # `Mon 23 – Fri 27 Nov` of another year
            continue
        if span:
            out.append(span)
    return out


def _weekdays_true(span: tuple[str, str], first: str | None, last: str | None) -> bool:
    """Are a span's ends on the weekdays written before them (None: none written)?"""
    return all(weekday is None or dt.date.fromisoformat(day).weekday() == weekday_number(weekday)
               for day, weekday in zip(span, (first, last)))


def _kept(first: str | None, last: str | None) -> tuple[str, str] | None:
    if not first or not last or first.startswith("--") or last.startswith("--"):
        return None
    days = (dt.date.fromisoformat(last) - dt.date.fromisoformat(first)).days
    return (first, last) if 0 < days < MAX_SPAN_DAYS else None
