"""The day a weekday written with a day settles (heuristic rules 30, ukdates: a UK teacher's vault).

A teacher's notes write their days with the weekday and often without the month or the year: `CPD session 3 Fri
11th`, `Trip Thurs 10th`, `assessments Tue 15 – Thu 17`, and a term planner crossing the new year `Mon 4 Jan`. The
weekday settles what the text leaves out, read from the note alone:

1. Under a heading naming a school's year (`# Autumn term 2026 – planner`, `## Spring semester 2027`: a term,
   semester or academic year, in an undated note of no heading naming the year alone), a yearless day after its
   weekday (`Mon 4 Jan`) whose weekday the heading's year makes false and the next year true is the next year's:
   `Mon 4 Jan` there was 2026-01-04, a Sunday, and is 2027-01-04. Nothing else moves a year (fixU, review of
   ukdates: in a note of 2026-12-07 `INSET Mon 5 Jan` was moved to 2026 and under `# 2027` `Fri 18 Dec` to 2026:
   a dated note's nearest year and a year heading hold; a heading's month and year hold).
2. In a note of a day (its chunk's date an ISO day), a weekday before a day of the month without its month: with an
   ordinal (`Friday 11th`, `Thurs 10th`, `Wed the 9th`), or as the two ends of a span (`Tue 15 – Thu 17`), is the
   day of that weekday and number nearest to the note's, within WINDOW_DAYS either side (a span's end the first
   such after its start, within a month). An ordinal's day is followed by the line's end, a mark, a capitalised word,
   a time or a word of a day's (`at`, `for`, `until`, `morning`...; not `Thurs 10th anniversary`, `Wed 16th century`,
   `Sat 3rd in the race`), and Friday the 13th is a day only with its time (`Fri 13th at 7`, not `Fri 13th again`).
   None in an undated note, none when two days are as near (February and
   March of a common year), none for an ordinal that counts (`Wed 3rd lesson`, `Sat 1st place`), a time (`Fri
   11:30`), a slashed day (another rule's) or a month after it (text.find_dates reads `Thurs 3rd Dec`). A weekday's
   short name counts only capitalised (`sat 3rd in the race` is a verb's).
3. A note whose front matter says it was last edited after its day (`created: 2026-01-04`, `updated: 2026-11-29`:
   a rota, a running list; rules 32, wdyear: a parent's Joplin export) was written on its day and on that one. A
   yearless day after its weekday whose nearest year to the note's day makes the weekday false, and whose nearest
   year to the last edit makes it true, is of that year: a rota's `Sun 22 Nov` was 2025-11-22, a Saturday, and is
   2026-11-22 (`Sun 17 Jan` 2027-01-17), so its row `Sat 21 - Sun 22 Nov` is a span (notespans) again. A weekday and
   an ordinal (2) no day within WINDOW_DAYS of the note's day makes true is the nearest within WINDOW_DAYS of the
   last edit (`party Sat 19th?` in a note of 2026-02-10 edited 2026-11-30: 2026-12-19). A weekday true as the day
   reads by the note's day holds (a 2025 diary's `Sat 22 Nov`; September's `Fri 11th` in a note of 2026-09-01 edited
   2026-12-07, though December's is one too: the two months share a calendar); a slip true by neither changes
   nothing (`Fri 22 Nov`), nor does a note of one day (fixU's `INSET Mon 5 Jan` in a note of 2026-12-07) or a dated
   section's day. The last edit reads a note's days only when the note lists EDIT_LEAST weekday-days or more and it
   sets right EDIT_SHARE of them, within EDIT_GAP_DAYS of the note's day (_edit_reads, fixWY: a rota, not a trip's
   one slip `back Tue 16 Jun?` beside a true `Sun 15 Jun`, nor a chat's `can you do Sun 22 Nov`), and only in a note
   its front matter's date line dates (sync._edited_days: not a daily note `Daily/2025-11-20.md` touched a year on).
4. In an undated note (rules 33, wdpin: no chunk of it dated by its file name, head, front matter or a heading;
   a journalist's pasted e-mail `received Mon 7 Dec 08:14`, `Sent: Tues 1 Dec`), a yearless day after its weekday
   (`on Thursday 26 November`, `Fri 4th Dec`, `Monday, December 7`) is of the one year near this year in which the
   day is that weekday (text.pinned_year: 3 years back to six weeks ahead, which never hold two): `Mon 7 Dec` synced
   on 2026-12-07 is 2026-12-07. None for a weekday no such year makes true (`Wed 7 Dec`), nor one the day's nearest
   to today, within six weeks, is not (`dentist Wed 10 Dec` on 2026-12-07: a slip, fixWP), nor when the chunk or
   the note's path writes another year that makes it true (`Lisbon 2019: Mon 7 Oct` is 2019's or 2024's), nor a
   day a two-figure year follows (`Sat 5 Dec '15`, `Mon 7 Dec 20`: fixWP), nor for a day without its month (`Fri
   4th`, `serves 4, Mon 7`). A year the note writes in another chunk is not seen (a long `Lisbon trip.md` whose
   first chunk writes 2019: its last chunk's `Mon 7 Oct` is 2024's). A dated note reads its days as above (`Mon 7
   Dec` in a note of 2025 stays 2025's nearest, 2025-12-07).

Each is a surface -> ISO day of the chunk (the settled days sync._settled_days gives _plan_entities and
notespans.chunk_spans): a date mention, and a span's end.
"""

from __future__ import annotations

import datetime as dt
import functools
import re

from minirag_cli.shortnames import WEEKDAY_NUMBER, weekday_number
from minirag_cli.text import MONTH_ALT, WEEKDAY_NAMES, WORD_DATE, find_dates, nearest_year, pinned_year
from minirag_cli.yearless import dated_day

WINDOW_DAYS = 42  # a note of a day writes of the six weeks around it (a term's half)
SPAN_DAYS = 31  # a span's end, after its start
# a note's last edit (3) reads its days when it lists EDIT_LEAST weekday-days or more and sets right EDIT_SHARE of
# them, within EDIT_GAP_DAYS (about 13 months) of the note's day (fixWY, review of wdyear: one slip in a trip's note,
# a daily note touched a year on, a reading list ticked two years on moved a year)
EDIT_LEAST = 3
EDIT_SHARE = 0.8
EDIT_GAP_DAYS = 400

_SHORT = [w for w in WEEKDAY_NUMBER if w not in WEEKDAY_NAMES]  # mon, tues, weds, thurs...
# a weekday: its name in any case, a short name capitalised (`Thurs`, `THU`; `sat`, `wed`, `sun` are words)
_WEEKDAY = "(?<![\\w'’])(" + "|".join(sorted([f"(?i:{d})" for d in WEEKDAY_NAMES] + [w.capitalize() for w in _SHORT]
                                              + [w.upper() for w in _SHORT], key=len, reverse=True)) + ")"
_ANY_WEEKDAY = re.compile(_WEEKDAY)  # (does a chunk write one? most write none)
_WEEKDAY_BEFORE = re.compile(rf"{_WEEKDAY}\.?,?[ \t]+(?:the[ \t]+)?$")
# a day of the month after a weekday, not a time's hour, a slashed or dotted day, a month's day
_MONTH_AFTER = rf"[ \t]*(?:of[ \t]+)?(?i:{MONTH_ALT})\b"
# what may follow a weekday's ordinal day (fixU, review of ukdates: `Thurs 10th anniversary`, `Wed 16th century
# church`, `Sat 19th hole`, `Fri 11th hour rescue`, `Sat 3rd in the race` were days): the line's end, a mark, a
# capitalised word (`Friday 11th (am, Kingsmead)`, `Fri 11th P1`), a time, or one of these words
_AFTER_ORDINAL = re.compile(r"[ \t]*(?:$|[^\w\s]|[A-Z]|\d{1,2}(?:[:.]\d\d|[ \t]*[ap]\.?m\b)|"
                            r"(?:at|for|from|to|until|till|by|and|or|am|pm|morning|afternoon|evening|night|lunch|"
                            r"lunchtime|after|before)\b)", re.M)
# ... but Friday the 13th is a phrase (`Fri 13th again`, `Friday the 13th film night`), a day only with its time
_AT_TIME = re.compile(r",?[ \t]*(?:at\b|\d{1,2}(?:[:.]\d\d|[ \t]*[ap]\.?m\b))")
_COUNTED = (r"[ \t]+(?i:period|lesson|place|floor|year|grade|time|attempt|round|half|term|week|day|set|class|form|team"
            r"|row)s?\b")  # `Wed 3rd lesson`, `Sat 1st place`: an ordinal that counts
_DAY = (rf"{_WEEKDAY}\.?,?[ \t]+(?:the[ \t]+)?(0?[1-9]|[12]\d|3[01])(st|nd|rd|th)?"
        rf"(?![\w/]|[.:,\-–—]\d|{_MONTH_AFTER}|{_COUNTED})")
_ONE_DAY = re.compile(_DAY)
_SPAN = re.compile(rf"{_DAY}([ \t]*(?:[-–—]|to|till|until|through|thru)[ \t]*){_DAY}")


# a heading naming a school's year, whose days run into the next calendar year (`# Autumn term 2026 – planner`), and
# one naming the year alone, which holds (`# 2027`, `## Year 2027`)
_SCHOOL_YEAR = re.compile(r"(?i:\b(?:term|semester|trimester|academic[ \t]+year|school[ \t]+year)\b)")
_YEAR_ALONE = re.compile(r"[ \t]*(?i:year[ \t]+)?((?:19|20)\d\d)[ \t]*#*[ \t]*")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+)$", re.M)


def chunk_weekday_days(chunks, dates: list[str], edited: list[str] | None = None,
                       path: str = "") -> list[dict[str, str]]:
    """surface -> ISO day each of a note's `chunks` writes that its weekday settles (module docstring); `dates`: each
    chunk's date (sync._chunk_dates: an ISO day, a heading's `Y2026` or `Y2026-12`, ''), `edited`: the day each was
    last edited, by its note's front matter ('' for none: sync._edited_days); `path`: the note's (its years: 4)."""
    if not any(dates):
        return [pinned_days(c.text, path) for c in chunks]
    school = _school_years(chunks, dates)
    edited = edited if edited and _edit_reads(chunks, dates, edited) else [""] * len(chunks)
    return [weekday_days(c.text, day, day in school, last) if day else {}
            for c, day, last in zip(chunks, dates, edited, strict=True)]


def edit_sets_right(listed: int, fixed: int) -> bool:
    """Whether a note that lists `listed` weekday-days, `fixed` of them false by its day and true by its last edit,
    is read by that edit (EDIT_LEAST, EDIT_SHARE: a rota, not one slip): _edit_reads, dayorder's slashed days."""
    return listed >= EDIT_LEAST and fixed >= EDIT_SHARE * listed


def _edit_reads(chunks, dates: list[str], edited: list[str]) -> bool:
    """Whether a note's last edit (3) reads its days: it lists EDIT_LEAST weekday-days or more (each surface once:
    a chat's `Sun 22 Nov` written twice is one) and its last edit sets right EDIT_SHARE of them that its own day
    reads false (a rota, a running list); one slip in a trip's or a meeting's note (`back Tue 16 Jun?` beside a true
    `Sun 15 Jun`) holds."""
    listed: set[str] = set()
    fixed: set[str] = set()
    for c, day, written in zip(chunks, dates, edited, strict=True):
        last = _last_edit(day, written)
        if last is None or _ANY_WEEKDAY.search(c.text) is None:
            continue
        for surface, iso, wanted, given in _weekday_dates(c.text, day):
            listed.add(surface)
            if given.weekday() != wanted and _weekday_of(nearest_year(iso, last.isoformat())) == wanted:
                fixed.add(surface)
        near = dict(_month_days(c.text, day))
        for surface, _iso in _month_days(c.text, day, last):
            listed.add(surface)
            if surface not in near:
                fixed.add(surface)
    return edit_sets_right(len(listed), len(fixed))


def _last_edit(day: str, edited: str) -> dt.date | None:
    """The day `edited` ('' for none) a note of the ISO day `day` was last edited, when it is a later day at most
    EDIT_GAP_DAYS after it (3): a note edited years on (a 2024 reading list ticked in 2026) was not written then."""
    if not (_is_day(day) and _is_day(edited)):
        return None
    try:
        own, last = dt.date.fromisoformat(day[:10]), dt.date.fromisoformat(edited[:10])
    except ValueError:  # (FrontMatter.edited_day gives a true day; a caller's `2026-02-30` dates nothing)
        return None
    return last if 0 < (last - own).days <= EDIT_GAP_DAYS else None


def _weekday_of(iso: str | None) -> int | None:
    return None if iso is None else dt.date.fromisoformat(iso).weekday()


def _school_years(chunks, dates: list[str]) -> set[str]:
    """The chunk dates `Y2026` of an undated note whose headings name that year with a school's term (`# Autumn term
    2026`) and never alone (`# 2026`): the year a yearless day's weekday may move on (1)."""
    years = {day for day in dates if day.startswith("Y") and len(day) == 5}
    if not years:
        return set()
    headings = [m.group(1) for c in chunks for m in _HEADING.finditer(c.text)]
    alone = {f"Y{m.group(1)}" for h in headings if (m := _YEAR_ALONE.fullmatch(h))}
    return {year for year in years - alone if any(year[1:] in h and _SCHOOL_YEAR.search(h) for h in headings)}


def weekday_days(text: str, day: str, school_year: bool = False, edited: str = "") -> dict[str, str]:
    """surface -> ISO day of the days `text`, a chunk of date `day` last edited on the ISO day `edited` ('' for
    none), writes that a weekday settles (module docstring; its yearless days only when `school_year`: _school_years,
    or when the note was edited after its day: 3); a surface written as two days is none."""
    if not (school_year or _is_day(day)) or not any(ch.isdigit() for ch in text) or _ANY_WEEKDAY.search(text) is None:
        return {}
    last = _last_edit(day, edited)
    found: dict[str, set[str]] = {}
    days = [*(_yearless_days(text, day) if school_year else ()), *(_edited_years(text, day, last) if last else ()),
            *(_month_days(text, day, last) if _is_day(day) else ())]
    for surface, iso in days:
        found.setdefault(surface, set()).add(iso)
    return {surface: days.pop() for surface, days in found.items() if len(days) == 1}


def _weekday_dates(text: str, day: str) -> list[tuple[str, str, int, dt.date]]:
    """(surface, yearless ISO day, weekday number, the day it reads by `day`: yearless.dated_day) of each yearless
    day after its weekday in a chunk of date `day` (`Sun 22 Nov` in a note of 2026-01-04: 2025-11-22)."""
    out = []
    for surface, iso, weekday, _ in _yearless_weekday_days(text):
        given = dated_day(iso, day)
        if given is not None:
            out.append((surface, iso, weekday, dt.date.fromisoformat(given)))
    return out


def _yearless_weekday_days(text: str) -> list[tuple[str, str, int, int]]:
    """(surface, yearless ISO day, weekday number, where the surface ends) of each yearless day `text` writes after
    its weekday (`Sun 22 Nov`, `Thursday 26 November`, `Fri 4th Dec`, `Monday, December 7`)."""
    yearless = {surface: iso for surface, iso in find_dates(text) if iso.startswith("--")}
    out = []
    for m in WORD_DATE.finditer(text) if yearless else ():
        weekday = _WEEKDAY_BEFORE.search(text, max(0, m.start() - 16), m.start())
        if m.group(0) in yearless and weekday is not None:
            out.append((m.group(0), yearless[m.group(0)], weekday_number(weekday.group(1)), m.end()))
    return out


# a year a chunk or a note's path writes (4: `Lisbon 2019: Mon 7 Oct`), not part of a longer number
_WRITTEN_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
# a two-figure year right after a day (4, fixWP: `Sat 5 Dec '15`, `Mon 7 Dec 20`, `December 7, '20`), not a time
# (`Mon 7 Dec 08:14`, `10am`, `7.30pm`): its day is of that year, not of the one the weekday pins
_TWO_FIGURE_YEAR_AFTER = re.compile(r",?[ \t]*['‘’]?\d\d(?!\d|[:.]\d)(?![ \t]*(?i:[ap]\.?m\b|h\b))")


def pinned_days(text: str, path: str = "") -> dict[str, str]:
    """surface -> ISO day of the yearless days after their weekday that `text`, a chunk of an undated note of path
    `path`, writes, each of the one year near this year the weekday makes true (4); a surface written as two days
    is none."""
    if _ANY_WEEKDAY.search(text) is None or not any(ch.isdigit() for ch in text):
        return {}
    found: dict[str, set[str]] = {}
    written = {int(y) for y in _WRITTEN_YEAR.findall(text + "\n" + path)}
    for surface, iso, weekday, end in _yearless_weekday_days(text):
        month, dom = int(iso[2:4]), int(iso[5:7])
        year = pinned_year(month, dom, weekday) if _TWO_FIGURE_YEAR_AFTER.match(text, end) is None else None
        # a year the text writes that makes the weekday true too leaves the day unread, as a weekday none makes true
        also = any(y != year and (d := _date(y, month, dom)) is not None and d.weekday() == weekday for y in written)
        found.setdefault(surface, set()).add(f"{year:04d}-{iso[2:]}" if year is not None and not also else "")
    return {surface: days.pop() for surface, days in found.items() if len(days) == 1 and "" not in days}


def _false_weekdays(text: str, day: str) -> list[tuple[str, str, int]]:
    """(surface, yearless ISO day, weekday number) of each yearless day after its weekday in a chunk of date `day`
    whose reading by that date makes the weekday false (`Sun 22 Nov` in a note of 2026-01-04: 2025-11-22, a
    Saturday)."""
    return [(surface, iso, wanted) for surface, iso, wanted, given in _weekday_dates(text, day)
            if given.weekday() != wanted]


def _yearless_days(text: str, day: str) -> list[tuple[str, str]]:
    """(surface, ISO day) of each yearless day after its weekday (1), in a chunk of a school year's `Y2026`, whose
    weekday is true of the year after and not of that year (`Mon 4 Jan` under `# Autumn term 2026`: 2027-01-04)."""
    out = []
    for surface, iso, wanted in _false_weekdays(text, day):
        after = _date(int(day[1:5]) + 1, int(iso[2:4]), int(iso[5:7]))
        if after is not None and after.weekday() == wanted:
            out.append((surface, after.isoformat()))
    return out


def _edited_years(text: str, day: str, last: dt.date) -> list[tuple[str, str]]:
    """(surface, ISO day) of each yearless day after its weekday (3), in a chunk of the ISO day `day` last edited on
    `last`, whose weekday that day's nearest year makes false and the nearest year to `last` makes true (`Sun 22 Nov`
    in a note of 2026-01-04 last edited 2026-11-29: 2026-11-22; `Sun 17 Jan` there 2027-01-17)."""
    out = []
    for surface, iso, wanted in _false_weekdays(text, day):
        again = nearest_year(iso, last.isoformat())
        if again is not None and dt.date.fromisoformat(again).weekday() == wanted:
            out.append((surface, again))
    return out


def _month_days(text: str, day: str, last: dt.date | None = None) -> list[tuple[str, str]]:
    """(surface, ISO day) of each weekday and day of the month (2) in a chunk of the ISO day `day` (last edited on
    `last`, a later day, or None: 3)."""
    own = dt.date.fromisoformat(day[:10])
    out = []
    spanned = set()  # where a span's two weekdays stand (their days are the span's)
    for m in _SPAN.finditer(text):
        start = _settled(own, last, weekday_number(m.group(1)), int(m.group(2)))
        end = start and _after(start, weekday_number(m.group(5)), int(m.group(6)))
        if end is not None:
            spanned |= {m.start(), m.start(5)}
            out += [(text[m.start():m.end(3) if m.group(3) else m.end(2)], start.isoformat()),
                    (text[m.start(5):m.end()], end.isoformat())]
    for m in _ONE_DAY.finditer(text):
        weekday = weekday_number(m.group(1))
        if m.group(3) is None or m.start() in spanned or \
                not _AFTER_ORDINAL.match(text, m.end()) or \
                (weekday == 4 and m.group(2) == "13" and not _AT_TIME.match(text, m.end())):
            continue
        found = _settled(own, last, weekday, int(m.group(2)))
        if found is not None:
            out.append((m.group(0), found.isoformat()))
    return out


def _settled(own: dt.date, last: dt.date | None, weekday: int, dom: int) -> dt.date | None:
    """The day of weekday `weekday` and day of the month `dom` nearest to `own` within WINDOW_DAYS (2), else, in a
    note last edited on a later day `last`, the one nearest to `last` within WINDOW_DAYS (3)."""
    found = _nearest(own, weekday, dom)
    return _nearest(last, weekday, dom) if found is None and last is not None else found


@functools.lru_cache(maxsize=4096)  # a long log writes the same days again and again (fixU: 2 MB, 9 s in here)
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


@functools.lru_cache(maxsize=4096)
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
