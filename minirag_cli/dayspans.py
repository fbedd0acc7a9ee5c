"""Spans of days a question writes out: "from November 16 to November 20", "between Nov 16 and Nov 20", "between
16 and 20 November", "Nov 16–20", "16-20 November", "the week of November 16", "since November 16".

Each is read as "last week" is (askday.read_days makes it an AskedDays): the notes dated in its days first, and the
answer reads those and the notes that write one of its days (answer.on_the_day, as for a month written out). Its
ends are the days text.written_days and text.iso_dates read, so a span's day is spelled as a single day's is.

- Years. An end written with its year gives it to the other ("from Nov 16 to Nov 20, 2026"); a span written with
  none is the latest such span begun by the asking day, as askday reads a month named without its year ("in
  October"): "from Nov 16 to Nov 20" asked on 2026-12-07 is 2026's, asked on 2026-05-03 2025's. A span whose last
  day comes before its first in the calendar wraps into the next year ("from Dec 21 to Jan 4" asked on 2026-12-07:
  2025-12-21 to 2026-01-04, the one begun; asked on 2026-12-25, 2026-12-21 to 2027-01-04).
- "the week of November 16": the Monday-to-Sunday week holding that day, as "last week" is Monday to Sunday.
- "since November 16": from that day to the asking day (no such rule existed: "since" was a comparison and read
  nothing); not "how long since …" nor "how many days since …", which measure from the day.
- Not read, the two days searched as written as before: a span of more than a year (MAX_SPAN_DAYS) or with its
  ends reversed ("from Nov 20, 2026 to Nov 16, 2026"; said so: WrittenSpan.why, askday.UnreadSpan), a day moved ("postponed from Nov 16 to Nov 20": the two days,
  no span), a bare number that is no day ("from Nov 16 to 20 guests", "on Nov 16 from 9 to 11": Nov 16 alone).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from minirag_cli.text import WEEKDAY_NAMES

MAX_SPAN_DAYS = 366  # a longer span (or since a day more than a year back) is no span read: its days searched

# an end's weekday written before it, "from Monday, Nov 16 to Friday, Nov 20" (not checked against the day)
_WEEKDAY = r"(?:(?:" + "|".join([*WEEKDAY_NAMES, *(d[:3] for d in WEEKDAY_NAMES), "tues", "thur", "thurs"]) + \
    r")\.?,?\s+)?"
# what joins the two ends: "to", "through", "until", a dash; "and" only after "between"
_JOIN = r"\s*,?\s*(?:to|through|thru|till|until|[-–—])\s*" + _WEEKDAY
_JOIN_AND = r"\s*,?\s*(?:and|to|through|thru|till|until|[-–—])\s*"
_LEAD = re.compile(r"\b(?P<lead>from|between)\s+(?:the\s+)?" + _WEEKDAY + "$", re.I)
# a bare day number after a written day, "Nov 16–20", "November 16 to the 20th, 2026": the end's month (and year),
# when nothing but a stop, a year or a preposition follows it ("from Nov 16 to 20 guests" is no span)
_NUMBER_AFTER = re.compile(r"(?P<join>" + _JOIN_AND + r")(?:the\s+)?(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
                           r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"
                           r"(?=\s*(?:$|[?!;)]|[.,:](?!\d)|(?:in|at|on|for|with|while|when|and|or|during)\b))", re.I)
# a bare day number before a written day, "16-20 November", "between 16 and 20 November", "from the 16th to the 20th
# of November"
_NUMBER_BEFORE = re.compile(r"(?:\b(?P<lead>from|between)\s+)?(?:the\s+)?(?<![\d/.:-])(?P<day>[1-9]|[12]\d|3[01])"
                            r"(?:st|nd|rd|th)?(?P<join>" + _JOIN_AND + r")(?:the\s+)?$", re.I)
_WEEK_OF = re.compile(r"\bthe\s+week\s+of\s+(?:the\s+)?$", re.I)
_SINCE = re.compile(r"\bsince\s+(?:the\s+)?$", re.I)
_MEASURED = re.compile(r"\bhow\s+(?:long|many\s+(?:days|weeks|months|years))\b", re.I)
# a day moved, not a span: "postponed from Nov 16 to Nov 20", "moved the launch from Nov 16 to Nov 20"
_MOVED = re.compile(r"\b(?:mov(?:e|ed|es|ing)|postpon\w*|reschedul\w*|push(?:ed|es|ing)?|shift\w*|chang\w*|delay\w*"
                    r"|brought|bring|switch\w*|swap\w*)\b", re.I)


@dataclass(frozen=True)
class WrittenSpan:
    """A span of days a question writes: `words` as written at `span` of it, `first` to `last`; `why` it is not read
    when it is not ("its end comes before its start"), its ends then as written."""

    words: str
    first: dt.date
    last: dt.date
    span: tuple[int, int]
    why: str = ""


@dataclass(frozen=True)
class _End:
    start: int
    end: int
    year: int | None
    month: int
    day: int
    month_first: bool  # "Nov 16" (a day number may follow it), not "16 Nov" (one may come before)


def _ends(question: str) -> list[_End]:
    """The days `question` writes (text.written_days, text.iso_dates), in order; an ambiguous slashed day none."""
    from minirag_cli.text import iso_dates, written_days

    found: dict[tuple[int, int], list[_End]] = {}
    for m, year, month, day in written_days(question):
        found.setdefault(m.span(), []).append(_End(m.start(), m.end(), int(year) if year else None, month, day,
                                                   not m.group(0)[:1].isdigit()))
    for m in iso_dates(question):
        found.setdefault(m.span(), []).append(_End(m.start(), m.end(), int(m.group(1)), int(m.group(2)),
                                                   int(m.group(3)), False))
    return [ends[0] for _span, ends in sorted(found.items()) if len(ends) == 1]


def written_span(question: str, today: dt.date) -> WrittenSpan | None:
    """The one span of days `question` writes (module docstring), read against `today` for its year; None when it
    writes none, several, or a day moved; one reversed or longer than a year with its `why`."""
    ends = _ends(question)
    found = [s for s in (_pair(question, ends, i) for i in range(len(ends))) if s is not None]
    found += [s for e in ends if (s := _around(question, e)) is not None]
    if len(found) != 1:
        return None
    start, end, kind, a, b = found[0]
    if any(start <= e.start < end for e in ends if e is not a and e is not b) or \
            any(not (start <= e.start < end) for e in ends):
        return None  # another day written beside the span ("from Nov 16 to Nov 20 and on Dec 1"): as before
    days = _days(kind, a, b, today)
    if days is None:
        return None
    first, last = days
    why = ("its end comes before its start" if last < first else
           "it is longer than a year" if (last - first).days > MAX_SPAN_DAYS else "")
    return WrittenSpan(" ".join(question[start:end].split()), first, last, (start, end), why)


def _pair(question: str, ends: list[_End], i: int):
    """(start, end, "span", first end, last end) of two written days joined ("from Nov 16 to Nov 20", "between Nov
    16 and Nov 20", "Nov 16 - Nov 20"), None if the days at `i` and `i + 1` are no such pair."""
    if i + 1 >= len(ends):
        return None
    a, b = ends[i], ends[i + 1]
    lead = _LEAD.search(question, 0, a.start)
    between = question[a.end:b.start]
    joined = re.fullmatch((_JOIN_AND + _WEEKDAY) if lead and lead.group("lead").lower() == "between" else _JOIN,
                          between, re.I)
    if not joined or _MOVED.search(question, 0, a.start):
        return None
    return (lead.start() if lead else a.start), b.end, "span", a, b


def _around(question: str, e: _End):
    """(start, end, kind, first end, last end) of a span one written day `e` ends or starts with a bare day number
    ("Nov 16–20", "16-20 November"), or leads ("the week of Nov 16", "since Nov 16"); None if none."""
    if e.month_first and (m := _NUMBER_AFTER.match(question, e.end)):
        lead = _LEAD.search(question, 0, e.start)
        if (m.group("join").strip().lower() != "and" or (lead and lead.group("lead").lower() == "between")) and \
                not _MOVED.search(question, 0, e.start):
            year = int(m.group("year")) if m.group("year") else e.year
            other = _End(m.start("day"), m.end(), year, e.month, int(m.group("day")), False)
            return (lead.start() if lead else e.start), m.end(), "span", e, other
    if not e.month_first and (m := _NUMBER_BEFORE.search(question, 0, e.start)):
        if (m.group("join").strip().lower() != "and" or (m.group("lead") or "").lower() == "between") and \
                not _MOVED.search(question, 0, m.start()):
            other = _End(m.start("day"), m.end("day"), e.year, e.month, int(m.group("day")), False)
            return m.start(), e.end, "span", other, e
    if (m := _WEEK_OF.search(question, 0, e.start)):
        return m.start(), e.end, "week", e, e
    if (m := _SINCE.search(question, 0, e.start)) and not _MEASURED.search(question, 0, m.start()):
        return m.start(), e.end, "since", e, e
    return None


def _days(kind: str, a: _End, b: _End, today: dt.date) -> tuple[dt.date, dt.date] | None:
    """(first, last) of the span: its ends' years written or, with none, the latest such span begun by `today`
    (module docstring); None for a day no calendar has (Feb 30)."""
    try:
        if kind == "week":
            day = _latest_begun(a, today)
            monday = day - dt.timedelta(days=day.weekday())
            return monday, monday + dt.timedelta(days=6)
        if kind == "since":
            day = _latest_begun(a, today)
            return (day, today) if day <= today else None
        if a.year is None and b.year is None:
            first = _latest_begun(a, today)
            last = dt.date(first.year, b.month, b.day)
            return first, (last if last >= first else last.replace(year=first.year + 1))
        if a.year is not None and b.year is not None:
            return dt.date(a.year, a.month, a.day), dt.date(b.year, b.month, b.day)
        if a.year is None:  # "from Dec 21 to Jan 4, 2027": the year before when the first would follow the last
            last = dt.date(b.year, b.month, b.day)
            first = dt.date(b.year, a.month, a.day)
            return (first if first <= last else first.replace(year=b.year - 1)), last
        first = dt.date(a.year, a.month, a.day)  # "from Dec 21, 2025 to Jan 4": the year after when it would wrap
        last = dt.date(a.year, b.month, b.day)
        return first, (last if last >= first else last.replace(year=a.year + 1))
    except ValueError:
        return None


def _latest_begun(e: _End, today: dt.date) -> dt.date:
    """`e`'s day: of its year when written, else the latest such day up to `today` (this year's, or last year's
    when it is still to come), as askday reads a month named without its year. ValueError for no such day."""
    if e.year is not None:
        return dt.date(e.year, e.month, e.day)
    for year in (today.year, today.year - 1, today.year - 2, today.year - 3, today.year - 4):  # Feb 29: a leap year
        try:
            day = dt.date(year, e.month, e.day)
        except ValueError:
            continue
        if day <= today:
            return day
    raise ValueError("no such day")
