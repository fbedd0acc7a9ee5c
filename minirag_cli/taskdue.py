"""A task's due day written in words (`mrag tasks`, session 56).

A plain-Markdown list writes its deadlines as prose, not as Obsidian Tasks' `📅` or Org's `DEADLINE: <...>`
(qaclub: `- [ ] send the plan to council – DEADLINE 11/12`, `- [ ] AGM nominations – deadline 6 Jan`, `- [ ] chase
council by Wed`: `--week --due` listed none of 13 open tasks). worded_due reads a cue, `due`, `due by`, `due
date`, `deadline`, `by` or `before` (a `:` or a dash after it), and the day right after it: a weekday (`Wed`,
`Friday`: the first such day on or after the anchor; with a day of the month after it, `Monday 7th`, the first day of
that number falling on that weekday, within two months), `today`, `tonight`, `tomorrow`, a day and month with or
without its year (`6 Jan`, `Dec 14th`, `3 December 2026`: a yearless one the year nearest the anchor, as a note's
is, text.nearest_year), a slashed one (`11/12`, `11/12/2026`: read in the note's or the vault's day order,
dayorder.py; none when neither settles it) or an ISO day. `before` is the day before it. The anchor is the day of
the task's day's note (tasks.select: a daily note, a dated section), else the asking day. A vague time, `mid Dec`,
`end of month`, `by December`, is no day; nor is a word that is no day after the cue (`read the book by Ishiguro`,
`pay by card`), nor a day with no cue (`write up 11/12 meeting`: the day is the task's subject).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Callable

from minirag_cli.dayorder import DAY_FIRST, DAY_ORDERS, MONTH_FIRST, YEARLESS_SLASHED
from minirag_cli.shortnames import WEEKDAY_NUMBER
from minirag_cli.text import find_dates, iso_date, nearest_year, slashed_day_at, slashed_year

_RELATIVE = {"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1}
# the cue and what may stand between it and the day: `due 11/12`, `due: 3 Dec`, `due by Fri`, `due on Friday`,
# `due date 6 Jan`, `DEADLINE 11/12`, `deadline – 6 Jan`, `by Wed`, `before Friday`
_CUE = re.compile(r"(?<![\w-])(due(?:[ \t]+date)?|deadline|by|before)[ \t]*(?:[:–—-][ \t]*)?"
                  r"(?:(?:by|on)[ \t]+)?(?:the[ \t]+)?", re.I)
_WORD_DAY = re.compile(r"(" + "|".join(sorted([*WEEKDAY_NUMBER, *_RELATIVE], key=len, reverse=True))
                       + r")\.?(?![\w'’/-])", re.I)
_WEEKDAY_GAP = re.compile(r"[ \t]*,?[ \t]*(?:the[ \t]+)?")
# a day of the month after a weekday (`Monday 7th`, `Friday the 13th`, `Sun 14`): a bare number only where the
# words end or a mark follows it (`by Fri 3 copies`, `by Fri 14:00`, `by Fri 5pm` are the weekday alone)
_MONTH_DAY = re.compile(r"(0?[1-9]|[12]\d|3[01])(?:(?:st|nd|rd|th)(?!\w)|(?=[ \t]*(?:$|[,;)\]–—-]|\.(?!\d))))", re.I)
# how far after the anchor a weekday's day of the month is looked for (`due Sun 14` in a note of 2026-11-16: 14
# December is a Monday, 14 January a Thursday: no day, not 14 February), and before it (a daily note's `by Friday
# the 13th` written on Monday 16 November, a deadline just gone: 13 November)
_MONTH_DAY_AHEAD, _MONTH_DAY_BACK = dt.timedelta(days=62), dt.timedelta(days=7)
# a fraction after `by`/`before` (`cut it by 3/4`), and a measure after one whatever the day order (`book by 1/2
# term`: half term, `by 1/2 an hour`)
_FRACTION = re.compile(r"(\d)/(\d)(?![\w/])")
_MEASURE = re.compile(r"[ \t]+(?:of|an?|term|hours?|hrs?|days?|weeks?|price|way)\b", re.I)
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?!\w)")
# a day and month as find_dates reads them, right after the cue (`6 Jan`, `Jan 6th`, `14 December 2026`)
_FIGURED = re.compile(r"[^\n]{0,24}")


def might_be_due(text: str) -> bool:
    """Does `text` hold a cue (worded_due's first, quick test)?"""
    return _CUE.search(text) is not None


def worded_due(text: str, anchor: dt.date, order: Callable[[], str] = str) -> str | None:
    """The due day (ISO) the first cue of `text` that a day follows gives, read against `anchor` (module
    docstring); `order()` the day order of a slashed day ("day-first", "month-first", "" none), asked only of a
    slashed day after a cue (a note's order reads the whole note); None for none."""
    for cue in _CUE.finditer(text):
        at = cue.end()
        fraction = _FRACTION.match(text, at)
        if (cue.group(1).lower() in ("by", "before") and fraction and int(fraction[1]) < int(fraction[2]) <= 8
                and (order() not in DAY_ORDERS or _MEASURE.match(text, fraction.end()))):
            continue  # `cut it by 3/4` where no day order reads it, `by 1/2 term`: a fraction
        day = _day_at(text, at, anchor, order)
        if day is None:
            continue
        if cue.group(1).lower() == "before":
            day -= dt.timedelta(days=1)
        return day.isoformat()
    return None


def _day_at(text: str, at: int, anchor: dt.date, order: Callable[[], str]) -> dt.date | None:
    if m := _WORD_DAY.match(text, at):
        word = m.group(1).lower()
        if word in ("sat", "sun") and m.group(1)[0] == "s":  # lower case, the words (`pay by sat nav`): no day
            return None
        if word in _RELATIVE:
            return anchor + dt.timedelta(days=_RELATIVE[word])
        weekday = WEEKDAY_NUMBER[word]
        after = _WEEKDAY_GAP.match(text, m.end()).end()
        # a weekday's own date after it is the day (`deadline Fri 20 Nov`: 20 Nov, not the Friday after the note)
        dated = _dated_at(text, after, anchor, order)
        if dated is not None:
            return dated
        if dom := _MONTH_DAY.match(text, after):
            return _weekday_of_month(weekday, int(dom.group(1)), anchor)
        return anchor + dt.timedelta(days=(weekday - anchor.weekday()) % 7)
    return _dated_at(text, at, anchor, order)


def _weekday_of_month(weekday: int, dom: int, anchor: dt.date) -> dt.date | None:
    """The first day `dom` of a month falling on `weekday`, on or after `anchor` within _MONTH_DAY_AHEAD (`Monday
    7th` in a note of 2026-11-16: 2026-12-07), else within _MONTH_DAY_BACK before it; None for none."""
    days = []
    for ahead in range(-1, 3):  # the month before the anchor's to two after it
        year, month = divmod(anchor.month - 1 + ahead, 12)
        iso = iso_date(anchor.year + year, month + 1, dom)
        if iso and (day := dt.date.fromisoformat(iso)).weekday() == weekday:
            days.append(day)
    after = [d for d in days if anchor <= d <= anchor + _MONTH_DAY_AHEAD]
    before = [d for d in days if anchor - _MONTH_DAY_BACK <= d < anchor]
    return (after or before or [None])[0]


def _dated_at(text: str, at: int, anchor: dt.date, order: Callable[[], str]) -> dt.date | None:
    if m := _ISO.match(text, at):
        return _date(iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
    if "/" in text[at:at + 11]:
        return _slashed_at(text, at, anchor, order)
    head = _FIGURED.match(text, at).group(0)
    found = find_dates(head)
    if found and head.startswith(found[0][0]):
        surface, iso = found[0]
        if iso.startswith("--"):
            iso = nearest_year(iso, anchor.isoformat())
        return _date(iso)
    return None


def _slashed_at(text: str, at: int, anchor: dt.date, order: Callable[[], str]) -> dt.date | None:
    """The slashed day at `at` (text.SLASHED_DATE with its year, dayorder.YEARLESS_SLASHED without): the one day
    its figures make, else the one `order()` reads (none when no order is known: a guess would be wrong for half
    the world); a yearless one the year nearest `anchor`."""
    if m := slashed_day_at(text, at):
        if m.group(1):
            return _date(iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        a, b, year = int(m.group(4)), int(m.group(5)), slashed_year(m)
    elif m := YEARLESS_SLASHED.match(text, at):
        a, b, year = int(m.group(1)), int(m.group(2)), None
    else:
        return None
    readings = {MONTH_FIRST: iso_date(year, a, b), DAY_FIRST: iso_date(year, b, a)}
    days = set(filter(None, readings.values()))
    if len(days) != 1:
        days = {readings[order()]} if order() in DAY_ORDERS and readings[order()] else set()
    if not days:
        return None
    iso = days.pop()
    return _date(iso if year else nearest_year(iso, anchor.isoformat()))


def _date(iso: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(iso) if iso else None
    except ValueError:
        return None
