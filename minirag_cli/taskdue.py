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
`pay by card`), nor a day with no cue inside the line (`write up 11/12 meeting`: the day is the task's subject).
A cue in the past tense (`was due Wed`) reads a weekday back: the last one before the anchor (session 57, tasks2).
plain_day reads the day an open task's line ends with, no cue before it (`Hedrin round 2 Sat 12th`, `for Fri 11th`),
and named_week the week a list's name or heading names (`To do - week of 7 Dec`), an anchor for both readings.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Callable, NamedTuple

from minirag_cli.dayorder import DAY_FIRST, DAY_ORDERS, MONTH_FIRST, YEARLESS_SLASHED
from minirag_cli.shortnames import CASE_BLIND_LETTERS, WEEKDAY_NUMBER
from minirag_cli.dayspans import _TIME_AFTER
from minirag_cli.text import MONTH_ALT, find_dates, iso_date, nearest_year, slashed_day_at, slashed_year

_RELATIVE = {"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1}
# the cue and what may stand between it and the day: `due 11/12`, `due: 3 Dec`, `due by Fri`, `due on Friday`,
# `due date 6 Jan`, `DEADLINE 11/12`, `deadline – 6 Jan`, `by Wed`, `before Friday`
_CUE = re.compile(r"(?<![\w-])(due(?:[ \t]+date)?|deadline|by|before)[ \t]*(?:[:–—-][ \t]*)?"
                  r"(?:(?P<was>was|were)[ \t]+)?(?:(?:by|on)[ \t]+)?(?:the[ \t]+)?", re.I)
# a deadline gone by, written so (`(was due Wed!!)`, `were due by Fri`, `deadline was Mon`): the last such day
# before the anchor, not the coming one
_PAST_BEFORE = re.compile(r"(?<!\w)(?:was|were|had[ \t]+been)[ \t]+$", re.I)
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
# where a day with no cue may start (plain_day): a weekday, or `for`/`from` and the day after it
_WEEKDAY_ALT = "|".join(sorted(WEEKDAY_NUMBER, key=len, reverse=True))
_PLAIN_START = re.compile(r"(?<![\w'’/-])(?:(?P<lead>for|from)(?=[ \t])|(?P<day>(?:" + _WEEKDAY_ALT + r")\.?(?![\w'’/-])))",
                          re.I)
_LEAD_GAP = re.compile(r"[ \t]+(?:the[ \t]+)?")
# what may follow a day that ends the line: marks, a closing bracket, tags (`Sat 12th!`, `(Fri 11th)`, `Tues #admin`);
# one flat class of marks: a nested `(?:[.!]+ *)*` backtracked exponentially (`Fri 11th!!!…!! ugh`: 13 s, 26 marks)
_ENDS = re.compile(r"[ \t.!?;,)\]]*(?:#[\w/-]+[ \t]*)*$")
# ... or its hour, and then anything (`Thurs 10 Dec, 6pm, Civic Centre committee room 1`; `at 6pm`): dayspans' time
_HOUR_AFTER = re.compile(r"[ \t]*(?:,?[ \t]*(?:at|@))?" + _TIME_AFTER, re.I)
_MONTH_WORD = r"(?:" + MONTH_ALT + r")"
# before a day that is no due: a habit's (`every Mon`), a past one's (`last Fri`), a limit's other than a deadline
# (`after Fri`, `until Fri`), another day's of a range or a list (`Sat 12 - Sun 13 Dec`, `Mon, Wed & Fri`, `Mon/Fri`,
# `Mon Wed Fri`, `11th-Fri 18th`), `the Sun`
_NOT_A_DUE_BEFORE = re.compile(
    r"(?:(?<!\w)(?:every|each|the|a|last|since|after|until|till|through|thru|to|between|on[ \t]+a)[ \t]+"
    r"|(?:(?<!\w)(?:" + _WEEKDAY_ALT + r"|" + _MONTH_WORD + r")\.?(?:[ \t]+\d{1,2}(?:st|nd|rd|th)?)?"
    r"|(?<![\w£$€.,/-])\d{1,2}(?:st|nd|rd|th)?(?:[ \t]+" + _MONTH_WORD + r"\.?)?)"
    r"[ \t]*(?:[-–/&+,]|(?<!\w)(?:to|till|until|thru|through|and|or)(?!\w))[ \t]*"
    r"|(?<!\w)(?:" + _WEEKDAY_ALT + r")\.?[ \t]+)$", re.I)
# ... an event's, a day gone by the task refers back to (`Fix bug reported Fri 4 Dec`, `Invoice for work done Mon 30
# Nov`, `direct debit taken Tue 1st`, `fraud on Fri 4th`, `Results of Tue`, `Email Priya about Tuesday`, `re: Tuesday`;
# `from`: plain_day's own `from` reading is the only one)
_EVENT_BEFORE = re.compile(r"(?<!\w)(?:on|reported|taken|done|happened|received|sent|paid|held|started|arrived"
                           r"|delivered|about|regarding|re:?|of|from)[ \t]+$", re.I)
# how much of the line before a day those two look at: a few words (a whole long line per day was quadratic)
_BEFORE_WINDOW = 40
# a dash before a weekday alone that ends the line: the list's way of giving a task its day (`invoice — Tues`)
_DASH_BEFORE = re.compile(r"[-–—][ \t]*$")
# ... or brackets holding it alone, the same way (`buy garden lime, lime bed 3 (Sat)`, `(Thurs)`; session 58, tasks3):
# the opening one before the weekday, the closing one right after it (`(from Sat)`, `(Sat's delivery was late)`: not)
_BRACKET_BEFORE, _BRACKET_AFTER = re.compile(r"\([ \t]*$"), re.compile(r"[ \t]*\)")
# a record of an event and `for` right before the day: its day is the event's, gone by or to come, no deadline (`Write
# minutes for Mon` in a Wednesday's note: Monday's meeting, most often the one just held; `Send recap for Thurs 10
# Dec`), as `minutes of Mon` is; a deliverable's (`slides for Mon`, `weekly report for Fri`, `speaker notes for Mon`)
# is due then, and so is a length of time's (`book 30 minutes for Fri`, `a few minutes for Fri`: _DURATION_BEFORE).
# A list of its own, not dayspans.RECORD_WORDS: those name a note about a day (`notes`, `report`), here deliverables.
# Not `debrief` (a meeting itself: `Prepare debrief for Mon` is due then); without `for` (`circulate minutes Fri 11
# Dec`) the day is the deadline (fixT3, review of tasks3)
_RECORD_BEFORE = re.compile(r"(?<![\w-])(?:minutes|recap|write-?up|writeup)[ \t]+(?P<for>for[ \t]+)?$", re.I)
_DURATION_BEFORE = re.compile(r"(?<![\w-])(?:\d+|a|few|couple(?:[ \t]+of)?|several|some|more|extra|spare|ten|five|fifteen"
                              r"|twenty|thirty|forty|forty-five|fifty|sixty|ninety|one|two|three|four|six|seven|eight"
                              r"|nine|twelve)[ \t]*-?[ \t]*$", re.I)
# a recurring task's (`lunch w/ Dad (Sun) 🔁 every week`, `every week (Sun)`): the day it recurs on, no one day to
# do it by; only brackets are so read (fixT3, review of tasks3)
_RECURRING = re.compile(r"🔁|(?<!\w)(?:every|each)[ \t]+(?:other[ \t]+|\d+[ \t]+)?(?:day|week|weekday|weekend|month"
                        r"|year|fortnight|morning|evening|night|" + "|".join(WEEKDAY_NUMBER) + r")s?(?!\w)", re.I)
_NOTHING_BEFORE = re.compile(r"[ \t\-–—:(]*")
# a list that names its week: `To do - week of 7 Dec`, `## w/c 7 Dec`, `Week commencing Mon 7 December`
_WEEK_NAMED = re.compile(r"(?:(?<![\w/])w/[cb]\.?|(?<!\w)w\.[cb]\.|(?<!\w)week[ \t]+(?:(?P<of>of)|commencing|beginning"
                         r"|starting))[ \t]*:?[ \t]*(?:the[ \t]+)?", re.I)


def might_be_due(text: str) -> bool:
    """Does `text` hold a cue (worded_due's first, quick test)?"""
    return _CUE.search(text) is not None


def worded_due(text: str, anchor: dt.date, order: Callable[[], str] = str) -> str | None:
    """The due day (ISO) the first cue of `text` that a day follows gives, read against `anchor` (module
    docstring); `order()` the day order of a slashed day ("day-first", "month-first", "" none), asked only of a
    slashed day after a cue (a note's order reads the whole note); None for none. A cue in the past tense (`was
    due Wed`) reads a weekday as the last one before the anchor."""
    for cue in _CUE.finditer(text):
        at = cue.end()
        fraction = _FRACTION.match(text, at)
        if (cue.group(1).lower() in ("by", "before") and fraction and int(fraction[1]) < int(fraction[2]) <= 8
                and (order() not in DAY_ORDERS or _MEASURE.match(text, fraction.end()))):
            continue  # `cut it by 3/4` where no day order reads it, `by 1/2 term`: a fraction
        past = bool(cue.group("was") or _PAST_BEFORE.search(text, 0, cue.start()))
        found = _day_at(text, at, anchor, order, past)
        if found is None:
            continue
        day = found.day
        if cue.group(1).lower() == "before":
            day -= dt.timedelta(days=1)
        return day.isoformat()
    return None


def plain_day(text: str, anchor: dt.date, known: bool, order: Callable[[], str] = str,
              recurring: bool = False) -> tuple[str, str] | None:
    """The day an open task's words end with, no cue before it (session 57, tasks2: a parent's `Ellie Xmas jumper
    for Fri 11th`, `Hedrin round 2 Sat 12th`, a journalist's `Chase Courier invoice — Tues` in `To do - week of 7
    Dec`): ("due", ISO), or ("scheduled", ISO) after `from` (`collect Noah's glasses from Fri 11th`: the day it
    can be done, so in a day window, never overdue). The day is written with its weekday (`Sat 12th`, `Thurs 10
    Dec`: the weekday true of the date, which a slip or another year's day is not), or after `for`/`from` (`for 11
    Dec`); a weekday alone only after `for` or a dash (`— Tues`, `for Thu`) and when `known` (the anchor is the
    note's day or the week its list names: a standing list's `gym Mon` is a habit's day, a day's note's `Review
    notes from Mon` one gone by; alone in brackets, `(Sat)`, as after a dash: session 58, tasks3, not in a recurring
    task, `recurring` or _RECURRING). It ends the line (a mark or a tag after it) or its hour follows it (`Thurs 10
    Dec, 6pm, Civic Centre`: an appointment); a note after a dash does not do (`Dentist Fri 11 Dec — now Mon 14th`:
    the note may move it, fixT3). None for a record's (`minutes for Mon`: the meeting's day), a day the task is
    about (`ask Tom about Sat 12th party`: the day
    qualifies what follows), an event's (`Fix bug reported Fri 4 Dec`, `fraud on Fri 4th`, `Results of Tue`), a
    question's (`Was it Fri 11th?`), one of a range or a list (`Sat 12 - Sun 13 Dec`, `Mon/Wed/Fri`), a habit's
    (`every Mon`), a tracker's (`- [ ] Mon`: the day alone), nor, with a known anchor, a day before it (`write up
    the meeting Thurs 3 Dec` in the week of 7 Dec: when it happened)."""
    nothing_before = _NOTHING_BEFORE.match(text).end()
    recurring = recurring or _RECURRING.search(text) is not None  # once: a long line of days is read in linear time
    for m in _PLAIN_START.finditer(text):
        if m.start() <= nothing_before:
            continue  # a task that is only a day (`- [ ] Mon`, `for Fri 11th`): a tracker's
        lead = (m.group("lead") or "").lower()
        at = m.end("lead") if lead else m.start("day")
        if lead:
            at = _LEAD_GAP.match(text, at).end()
        found = _day_at(text, at, anchor, order)
        if found is None:
            continue
        ends = _ENDS.match(text, found.end)
        if ends is None and not _HOUR_AFTER.match(text, found.end):
            continue
        if ends and "?" in ends.group(0):
            continue  # a question (`Was it Fri 11th?`, `is it still on Sat 12th?`): no day to do it by
        if _word_day(text, at) and (found.weekday is None or found.weekday != found.day.weekday()):
            continue  # `Fri 22 Nov` in 2026: a slip, or another year's Friday
        if found.weekday is None and (not lead or "/" in text[at:found.end]):
            continue  # a date with no weekday and no `for`/`from` (`write up 11/12 meeting`), a fraction's (`for 1/2`)
        before = text[max(0, m.start() - _BEFORE_WINDOW):m.start()]
        bare = _word_day(text, at) and found.end == _word_day(text, at).end()
        bracketed = (not lead and _BRACKET_BEFORE.search(before) and _BRACKET_AFTER.match(text, found.end)
                     and not recurring)
        if bare and not (known and (lead == "for" or _DASH_BEFORE.search(before) or bracketed)):
            continue  # a weekday alone only after `for` or a dash or in brackets, in a list of known week or day
        if _NOT_A_DUE_BEFORE.search(before) or _EVENT_BEFORE.search(before):
            continue
        record = _RECORD_BEFORE.search(before)  # and `for`: this day's lead or the word before it
        if record and (lead == "for" or record["for"]) and not _DURATION_BEFORE.search(before, 0, record.start()):
            continue  # `minutes for Mon`: the meeting's day, not the minutes'
        if (known or lead == "from") and found.day < anchor:
            continue  # a day gone by in a dated list: when it happened; `Photos from Sat 28 Nov`: where they came from
        return ("scheduled" if lead == "from" else "due"), found.day.isoformat()
    return None


def _word_day(text: str, at: int) -> re.Match | None:
    m = _WORD_DAY.match(text, at)
    return m if m and m.group(1).lower() not in _RELATIVE else None


def named_week(line: str, near: dt.date, order: Callable[[], str] = str) -> dt.date | None:
    """The first day of the week `line` (a list's name or heading) names: `week of 7 Dec` the Monday of that day's
    week, `w/c 7 Dec` (`w/b`, `week commencing`, `beginning`, `starting`) that day, its year the nearest `near`."""
    for m in _WEEK_NAMED.finditer(line):
        found = _day_at(line, m.end(), near, order)
        word = _word_day(line, m.end())
        if found is None or word and found.end == word.end():
            continue  # `week of Monday`: no week's day
        day = found.day
        return day - dt.timedelta(days=day.weekday()) if m.group("of") else day
    return None


class _Found(NamedTuple):
    day: dt.date
    end: int  # where its words end in the text
    weekday: int | None = None  # the weekday written with it (`Fri 11th`, `Thurs 10 Dec`), None for none


def _day_at(text: str, at: int, anchor: dt.date, order: Callable[[], str], past: bool = False) -> _Found | None:
    if m := _WORD_DAY.match(text, at):
        written = m.group(1).translate(CASE_BLIND_LETTERS)  # `FRİDAY`, `ſun`: no key of WEEKDAY_NUMBER as written
        word = written.lower()
        if word in ("sat", "sun") and written[0] == "s":  # lower case, the words (`pay by sat nav`): no day
            return None
        if word in _RELATIVE:
            return _Found(anchor + dt.timedelta(days=_RELATIVE[word]), m.end())
        weekday = WEEKDAY_NUMBER[word]
        after = _WEEKDAY_GAP.match(text, m.end()).end()
        # a weekday's own date after it is the day (`deadline Fri 20 Nov`: 20 Nov, not the Friday after the note)
        dated = _dated_at(text, after, anchor, order)
        if dated is not None:
            return dated._replace(weekday=weekday)
        if dom := _MONTH_DAY.match(text, after):
            day = _weekday_of_month(weekday, int(dom.group(1)), anchor, past)
            return _Found(day, dom.end(), weekday) if day else None
        if past:  # `was due Wed` written on a Monday: the Wednesday before it
            return _Found(anchor - dt.timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1), m.end(), weekday)
        return _Found(anchor + dt.timedelta(days=(weekday - anchor.weekday()) % 7), m.end(), weekday)
    return _dated_at(text, at, anchor, order)


def _weekday_of_month(weekday: int, dom: int, anchor: dt.date, past: bool = False) -> dt.date | None:
    """The first day `dom` of a month falling on `weekday`, on or after `anchor` within _MONTH_DAY_AHEAD (`Monday
    7th` in a note of 2026-11-16: 2026-12-07), else within _MONTH_DAY_BACK before it; None for none. `past`: the
    last such day on or before `anchor`, within _MONTH_DAY_AHEAD back (`was due Fri 4th`)."""
    days = []
    for ahead in range(-2, 3):  # two months before the anchor's to two after it
        year, month = divmod(anchor.month - 1 + ahead, 12)
        iso = iso_date(anchor.year + year, month + 1, dom)
        if iso and (day := dt.date.fromisoformat(iso)).weekday() == weekday:
            days.append(day)
    if past:
        return max([d for d in days if anchor - _MONTH_DAY_AHEAD <= d <= anchor], default=None)
    after = [d for d in days if anchor <= d <= anchor + _MONTH_DAY_AHEAD]
    before = [d for d in days if anchor - _MONTH_DAY_BACK <= d < anchor]
    return (after or before or [None])[0]


def _dated_at(text: str, at: int, anchor: dt.date, order: Callable[[], str]) -> _Found | None:
    if m := _ISO.match(text, at):
        day = _date(iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        return _Found(day, m.end()) if day else None
    if "/" in text[at:at + 11]:
        return _slashed_at(text, at, anchor, order)
    head = _FIGURED.match(text, at).group(0)
    found = find_dates(head)
    if found and head.startswith(found[0][0]):
        surface, iso = found[0]
        if iso.startswith("--"):
            iso = nearest_year(iso, anchor.isoformat())
        day = _date(iso)
        return _Found(day, at + len(surface)) if day else None
    return None


def _slashed_at(text: str, at: int, anchor: dt.date, order: Callable[[], str]) -> _Found | None:
    """The slashed day at `at` (text.SLASHED_DATE with its year, dayorder.YEARLESS_SLASHED without): the one day
    its figures make, else the one `order()` reads (none when no order is known: a guess would be wrong for half
    the world); a yearless one the year nearest `anchor`."""
    if m := slashed_day_at(text, at):
        if m.group(1):
            day = _date(iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
            return _Found(day, m.end()) if day else None
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
    day = _date(iso if year else nearest_year(iso, anchor.isoformat()))
    return _Found(day, m.end()) if day else None


def _date(iso: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(iso) if iso else None
    except ValueError:
        return None
