"""Which day an ambiguous slashed day of a note is (heuristic rules 28).

`11/12/2026` is 11 December to a UK writer and November 12 to a US one; text.slashed_dates reads neither (fixD),
so a UK vault lost every day whose day and month are both 12 or less (about 40 % of them). A note gives the
evidence, in this order, read from the note alone (a note's days do not change when another note does):

1. a weekday written with the day: `Friday 11/12/2026`, `Fri, 11/12/2026`, `11/12/2026 (Fri)` is the reading that
   falls on that weekday; a weekday neither reading falls on leaves the day none (a typo: no guess);
2. the heading in force over its line naming a month and its year (yearless.note_outline: `## December 2026` over
   `- 01/12/2026 Council tax`), the reading in that month; there a day without its year (`- 01/12: Xmas tree`) is
   read too, the reading in the heading's month, of its year (none other: `1/2 cup` under `## December 2026` stays
   a fraction);
3. the note's own unambiguous slashed days: any `20/11/2026` (a chat's `[20/11/2026, 18:04]`) and none
   `11/20/2026` make the note day-first, the other way month-first; both or neither, no order; for its yearless
   days written with their weekday and its log's (chunk_weekday_slashed_days, rules 33), with no order from 3 or 4,
   its own yearless days that one order alone reads (`27/11` opening a line or by its weekday), all that way;
4. the index's day order, a setting (`day_order = "day-first"` or `"month-first"`, MRAG_DAY_ORDER), recorded by
   sync (meta day_order); unset, the vault's (rules 30, vault_evidence): its notes' unambiguous slashed days, at
   least VAULT_DAYS of them in VAULT_NOTES notes, all one way (a landlord's rent table of `01/12/2026`s settles
   nothing itself, the vault's `20/11/2026`s do); else none. Sync reads it anew whenever notes change and extracts
   every note anew when it turns (as a changed setting does); a new index's first sync reads it from the files
   before it extracts any note (files_order), so it extracts them once.

A day none of them settles stays no date, as before.
"""

from __future__ import annotations

import datetime as dt
import functools
import re

from minirag_cli.shortnames import CASE_BLIND_LETTERS
from minirag_cli.text import SLASHED_DATE, WEEKDAY_NAMES, iso_date, nearest_year, slashed_days_in, slashed_year

DAY_FIRST, MONTH_FIRST = "day-first", "month-first"
DAY_ORDERS = (DAY_FIRST, MONTH_FIRST)
DAY_ORDER_KEY = "day_order"  # meta: the order the index's notes were read with ('' for none)
# meta: the vault's evidence as the last sync found it (vault_evidence: {day_first, month_first, notes_day_first,
# notes_month_first, inferred, unread, setting}): what status and doctor say of the ambiguous days left unread
DAY_EVIDENCE_KEY = "day_order_evidence"
# the vault's order needs this many unambiguous slashed days, in this many notes, and none the other way: one chat
# log's dates may be a pasted conversation, one US email in a UK vault leaves the order to the setting
VAULT_DAYS, VAULT_NOTES = 3, 2
# status and doctor name the notes and lines of this many of the ambiguous days left unread (vault_evidence)
UNREAD_SHOWN = 5

_WEEKDAY = r"(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?"
_WEEKDAY_BEFORE = re.compile(rf"(?<![\w'’]){_WEEKDAY}\.?,?[ \t]+(?:the[ \t]+)?$", re.I)
_WEEKDAY_AFTER = re.compile(rf"[ \t]*,?[ \t]*\(?{_WEEKDAY}\b", re.I)
_WEEKDAY_NUMBER = {d[:3]: i for i, d in enumerate(WEEKDAY_NAMES)}
_FULL_WEEKDAYS = {d for d in WEEKDAY_NAMES}
# a day and month without a year, as a list item or a line's label writes it (`- 01/12: Xmas tree`, `01/12 dentist`;
# a task's deadline, taskdue.py: `DEADLINE 11/12`)
YEARLESS_SLASHED = re.compile(r"(?<![\w/.,£$€])(0?[1-9]|[12]\d|3[01])/(0?[1-9]|1[0-2]|[12]\d|3[01])(?![\w/]|[.,]\d)")


def note_order(text: str) -> str:
    """The order the note's unambiguous slashed days show (module docstring, 3), '' for none or both."""
    if "/19" not in text and "/20" not in text:  # no day-month-year's `/2026` (a quick look: tasks' deadlines ask it)
        return ""
    first, then = _unambiguous(text)
    return DAY_FIRST if first and not then else MONTH_FIRST if then and not first else ""


def _unambiguous(text: str) -> tuple[set[str], set[str]]:
    """The distinct slashed days with a year `text` writes day first (`20/11/2026`) and month first (`11/20/2026`):
    a year of four figures only (fixS2: a two-figure one may be a count's, `- Rows 12/15/25`, and one misread count
    must not unsettle a vault's or a note's order), as store.read.documents_writing_dated_slashes finds them."""
    first, then = set(), set()
    for m in SLASHED_DATE.finditer(text):
        if m.group(4) and len(m.group(6)) == 4:
            one = _one_reading(int(m.group(4)), int(m.group(5)))
            if one:
                (first if one == DAY_FIRST else then).add(m.group(0))
    return first, then


def _one_reading(a: int, b: int) -> str:
    """The day order that alone reads `a/b` as a day and month (`27/11`: day first; `11/27`: month first), '' for
    both or neither (`3/12`, `14/20`)."""
    return DAY_FIRST if a > 12 >= b else MONTH_FIRST if b > 12 >= a else ""


def _ambiguous(text: str) -> set[str]:
    """The distinct slashed days with a year `text` writes that both orders read (`11/12/2026`, not `12/12/2026`)."""
    return {m.group(0) for m in SLASHED_DATE.finditer(text)
            if m.group(4) and len(m.group(6)) == 4  # (a year of four figures only: _unambiguous)
            and int(m.group(4)) <= 12 and int(m.group(5)) <= 12 and int(m.group(4)) != int(m.group(5))}


def vault_evidence(notes, setting: str = "", paths=None) -> dict:
    """What the notes (each its chunks, as the index holds them) say of their day order: {day_first, month_first:
    the unambiguous slashed days written each way (distinct in a note), notes_day_first, notes_month_first: the
    notes writing any, inferred: the order they settle (module docstring, 4) or '', unread: the ambiguous slashed
    days no evidence settles with the setting `setting` or else the inferred order, unread_at: where the first
    UNREAD_SHOWN of them are ({path: the note's, from `paths` (one a note, in order), line, day: as written}), for
    status and doctor to say which they are}."""
    held = list(notes)
    out = _counted("\n".join(c.text for c in chunks) for chunks in held)
    out["inferred"] = inferred_order(out)
    out["unread"], out["unread_at"] = 0, []
    for chunks, path in zip(held, paths if paths is not None else [""] * len(held)):
        left = unread_surfaces(chunks, setting or out["inferred"])
        out["unread"] += len(left)
        if left and len(out["unread_at"]) < UNREAD_SHOWN:
            line, day = _first_written(chunks, left)
            out["unread_at"].append({"path": path, "line": line, "day": day})
    return out


def _counted(texts) -> dict:
    """vault_evidence's counts of the unambiguous slashed days the notes' `texts` write each way."""
    out = {"day_first": 0, "month_first": 0, "notes_day_first": 0, "notes_month_first": 0}
    for text in texts:
        first, then = _unambiguous(text)
        out["day_first"] += len(first)
        out["month_first"] += len(then)
        out["notes_day_first"] += bool(first)
        out["notes_month_first"] += bool(then)
    return out


def files_order(texts) -> str:
    """The order the notes' `texts` (their files, before any is indexed) settle as vault_evidence would from their
    chunks: a first sync reads its notes with it, not once unset and then again (vault_evidence reads the chunks the
    index holds, so the sync still checks it once the notes are in)."""
    return inferred_order(_counted(texts))


def inferred_order(evidence: dict) -> str:
    """The order a vault's evidence (vault_evidence) settles: enough days one way, in enough notes, none the other."""
    for order, mine, theirs in ((DAY_FIRST, "day_first", "month_first"), (MONTH_FIRST, "month_first", "day_first")):
        if (evidence.get(mine, 0) >= VAULT_DAYS and evidence.get(f"notes_{mine}", 0) >= VAULT_NOTES
                and not evidence.get(theirs, 0)):
            return order
    return ""


def unread_surfaces(chunks, order: str) -> set[str]:
    """The distinct ambiguous slashed days with a year a note's `chunks` write that no evidence settles."""
    written = _ambiguous("\n".join(c.text for c in chunks))
    if not written:
        return set()
    settled = {surface for days in chunk_slashed_days(chunks, order) for surface in days}
    return written - settled


def _first_written(chunks, surfaces: set[str]) -> tuple[int, str]:
    """(line number, day as written) of the first line of a note's `chunks` writing one of `surfaces`."""
    from minirag_cli.yearless import note_outline

    lines = note_outline(chunks).lines
    for n in sorted(lines):
        found = [m.group(0) for m in SLASHED_DATE.finditer(lines[n]) if m.group(0) in surfaces]
        if found:
            return n, found[0]
    return chunks[0].start_line if chunks else 0, min(surfaces)


def unread_place(at: dict) -> str:
    """One of vault_evidence's unread_at as status and doctor say it: `02/10/2026 in Admin/bill.md line 7`."""
    return f"{at.get('day')} in {at.get('path') or '?'} line {at.get('line')}"


def evidence_note(evidence: dict | None, recorded: str | None) -> str:
    """What status and doctor add to the day order `recorded` from the vault's evidence a sync recorded
    (DAY_EVIDENCE_KEY): that the vault's notes settled it, or how many ambiguous slashed days are left unread and the
    setting that reads them; '' for nothing to say."""
    if not evidence:
        return ""
    first, then = evidence.get("day_first", 0), evidence.get("month_first", 0)
    unread = evidence.get("unread", 0)
    if recorded and not evidence.get("setting") and evidence.get("inferred") == recorded:
        return f"the vault's: {first or then} unambiguous slashed days write the {'day' if first else 'month'} first"
    if not unread:
        return ""
    shown = (f"the vault writes {first} unambiguous slashed days day first and {then} month first" if first and then
             else f"too few unambiguous slashed days ({first or then}) to settle the vault's order" if first or then
             else "no unambiguous slashed day settles the vault's order")
    places = [unread_place(at) for at in evidence.get("unread_at") or () if isinstance(at, dict)]
    more = unread - len(places)
    where = f"{', '.join(places)}{f' and {more} more' if more > 0 else ''}; " if places else ""
    return (f"{unread} ambiguous slashed day{'s' if unread != 1 else ''} no note settles left unread ({shown}): "
            f'{where}set day_order = "day-first" or "month-first" (MRAG_DAY_ORDER) to read them')


def _weekday(line: str, start: int, end: int) -> int | None:
    """The weekday (0 Monday) written just before or after a day at [start, end) of `line`, else None."""
    m = _WEEKDAY_BEFORE.search(line, max(0, start - 16), start) or _WEEKDAY_AFTER.match(line, end)
    if m is None:
        return None
    word = m.group(1).translate(CASE_BLIND_LETTERS).lower()  # (`FRİ`, `ſun`: fixU)
    bracketed = line[m.start():m.end()].lstrip(" \t,").startswith("(")
    if m.re is _WEEKDAY_AFTER and word not in _FULL_WEEKDAYS and not bracketed:
        # after the day, a short name only in brackets (`11/12/2026 (Fri)`): `11/12/2026 Sat nav` is no weekday's
        return None
    return _WEEKDAY_NUMBER[word[:3]]


def line_days(line: str, month: str, order: str) -> list[tuple[str, str]]:
    """(surface, ISO day) of the ambiguous slashed days `line` writes that the evidence settles: `month` the heading's
    month in force (`2026-12`, '' for none), `order` the note's or the index's day order ('' for none)."""
    out = []
    for m in slashed_days_in(line):
        if not m.group(4):
            continue
        a, b, year = int(m.group(4)), int(m.group(5)), slashed_year(m)
        if a > 12 or b > 12 or a == b:
            continue  # one reading: text.slashed_dates reads it
        day = _settled(line, m.start(), m.end(), [(year, a, b), (year, b, a)], month, order)
        if day:
            out.append((m.group(0), day))
    if month:  # a day without its year, in the heading's month (module docstring, 2)
        for m in YEARLESS_SLASHED.finditer(line):
            a, b = int(m.group(1)), int(m.group(2))
            year, wanted = int(month[:4]), int(month[5:])
            readings = {iso for first, then in ((b, a), (a, b)) if first == wanted
                        if (iso := iso_date(year, first, then))}
            if len(readings) == 1:
                out.append((m.group(0), readings.pop()))
    return out


def _settled(line: str, start: int, end: int, readings: list[tuple[int, int, int]], month: str,
             order: str) -> str | None:
    """The ISO day of the reading (year, month, day) the evidence settles, month-first's first; None for none."""
    days = [iso for y, mo, d in readings if (iso := iso_date(y, mo, d))]
    if not days:
        return None
    weekday = _weekday(line, start, end)
    if weekday is not None:
        fits = [iso for iso in days if dt.date.fromisoformat(iso).weekday() == weekday]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            return None  # a weekday neither reading falls on: no guess
    if month:
        fits = [iso for iso in days if iso[:7] == month]
        if len(fits) == 1:
            return fits[0]
    if order and len(days) == 2:
        return days[0] if order == MONTH_FIRST else days[1]
    return None


def chunk_slashed_days(chunks, order: str = "") -> list[dict[str, str]]:
    """surface -> ISO day of the ambiguous slashed days each of a note's `chunks` writes that the evidence settles
    (module docstring), the index's day order `order` last, and the ends of a span across a new year under a heading
    naming a year alone (_new_years_span: `Dec 21 to Jan 4` under `# Holidays and OOO 2026`); a surface a chunk writes
    as two days (`Friday 11/12/2026` and `Saturday 11/12/2026`, which no reading settles both of) is none of them."""
    from minirag_cli.yearless import month_in_force, note_outline

    outline = note_outline(chunks)
    lines, body = outline.lines, outline.body
    if not any("/" in c.text for c in chunks) and not any(len(p) == 4 for _n, _lv, p in outline.headings):
        return [{} for _c in chunks]
    order = note_order("\n".join(lines[n] for n in sorted(lines) if n >= body)) or order
    month_at = {n: month_in_force(stack) for n, _line, stack in outline.walk()}
    out = []
    for c in chunks:
        found: dict[str, set[str]] = {}
        # its lines as the note numbers them (yearless.note_outline: a table's head a chunk opens with is no line)
        for n in range(max(c.start_line, body), c.end_line + 1):
            line = lines.get(n, "")
            month = month_at.get(n, "")
            for surface, iso in line_days(line, month if len(month) == 7 else "", order) if "/" in line else ():
                found.setdefault(surface, set()).add(iso)
            for surface, iso in _new_years_span(line, month) if len(month) == 4 else ():
                found.setdefault(surface, set()).add(iso)
        out.append({surface: days.pop() for surface, days in found.items() if len(days) == 1})
    return out


def one_asked_day(days, order: str):
    """A question's ambiguous slashed day (askday's AskedDays of `11/12/2026`: both days it may be) read as the one
    day the index's day order `order` makes it (meta day_order: a vault that writes day first is asked day first);
    `days` as given otherwise."""
    import dataclasses

    if not order or days is None or not days.written or len(days.dates) != 2:
        return days
    m = SLASHED_DATE.fullmatch(days.words.strip())
    if m is None or not m.group(4):
        return days
    a, b, year = int(m.group(4)), int(m.group(5)), slashed_year(m)
    month, dom = (b, a) if order == DAY_FIRST else (a, b)
    day = dt.date(year, month, dom)
    # no longer written: its words are searched as that day's date alone (AskedDays.without), not as both days
    return dataclasses.replace(days, first=day, last=day, dates=(day,), written=False) if day in days.dates else days


_SPAN_JOIN = re.compile(r"[ \t]*(?:to|through|thru|till|until|[-–—])[ \t]*", re.I)


def _new_years_span(line: str, year: str) -> list[tuple[str, str]]:
    """(surface, ISO day) of the two ends of a span written without their year across a new year (`Dec 21 to Jan 4`,
    `December 22 through January 1`) under a heading naming `year` alone (yearless.py): its end is the next year's,
    where the heading's year alone made `Jan 4` January of the year the page is of."""
    from minirag_cli.text import find_dates

    days = sorted(((line.find(surface), surface, iso) for surface, iso in find_dates(line) if iso.startswith("--")
                   and line.find(surface) >= 0))
    out = []
    for (at, first, a), (at2, then, b) in zip(days, days[1:]):
        if int(a[2:4]) > int(b[2:4]) and _SPAN_JOIN.fullmatch(line, at + len(first), at2):
            out += [(first, iso_date(int(year), int(a[2:4]), int(a[5:7]))),
                    (then, iso_date(int(year) + 1, int(b[2:4]), int(b[5:7])))]
    return [(surface, iso) for surface, iso in out if iso]


# A day and month without a year written with its weekday (heuristic rules 32, slashdays as fixSD mended it: a UK
# parent's revision plan `- Tue 8/12: past paper`, `End of unit test: Friday 11/12`, a timesheet's `| Sun 22/11 |`), in
# a dated note whose day order is settled (the note's, the setting's or the vault's: one reading), is the day of its
# chunk's date's year (yearless.dated_day: a dated note's nearest, a heading's year) when the weekday is that day's;
# in a note its front matter dates and says was edited on a later day (sync._edited_days), the nearest to that edit
# when the weekday is its day there, and the note lists EDIT_LEAST such days or more, EDIT_SHARE of them so set
# (weekdaydays.py 3, fixWY). The weekday is the evidence: a weekday the day does not fall on reads none (a typo, or
# another year), and a figure without one (`- 7/10 Wicked`, `- 1/2 tablet`, `1/3: why`, `| 7/10 | Monzo |`, `- 5/1
# Corach Rambler`) is no day (the review of slashdays: a log's and a label's figures were film ratings, marks,
# recipes, odds, a thread's parts) but in a log (rules 33, _log_days, below). A short weekday name in lower case
# counts (rules 33: a phone's `fri 27/11`, `tues 1/12`) but for one that is also a word (`sat`, `sun`, `wed`:
# `Maya sat 3/4 papers`, `wed 3/2 done`) or one before a count's word (`by fri 4/12 of us`): _weekday_not_a_word.
_TIME_AFTER = re.compile(r":\d")  # `Fri 12/11:30`: no day and month
# a weekday's first letters, or a word's (`month`, `sat`): most chunks and lines write none, and this finds that
# ten times as fast as _WEEKDAY's case-blind alternation (a 2 MB log's cost); _weekday reads the weekday
_WEEKDAY_HINT = re.compile(r"(?i:[mtwfs](?:on|ue|ed|hu|ri|at|un))")


def chunk_weekday_slashed_days(chunks, dates: list[str], order: str = "",
                               edited: list[str] | None = None) -> list[dict[str, str]]:
    """surface -> ISO day of the yearless slashed days each of a note's `chunks` writes with their weekday (above:
    rules 32) or in a log (_log_days: rules 33), in the day order the note settles (note_order), else `order` (the
    index's), else its own yearless days' (_yearless_order); `dates`: each chunk's date (sync._chunk_dates: an ISO
    day, a heading's `Y2026` or `Y2026-12`, ''), `edited`: each chunk's last edit by its note's front matter
    (sync._edited_days, '' for none). A surface a chunk writes as two days is none of them."""
    slashed = [c.text for c, day in zip(chunks, dates, strict=True) if day and YEARLESS_SLASHED.search(c.text)]
    if not any(_WEEKDAY_HINT.search(text) or _LOG_HINT.search(text) for text in slashed) \
            and not any(_HEADED_HINT.search(c.text) or _YEAR_HEADING_HINT.search(c.text) and _LOG_HINT.search(c.text)
                        for c in chunks):
        return [{} for _c in chunks]
    from minirag_cli.weekdaydays import _last_edit
    from minirag_cli.yearless import note_outline

    outline = note_outline(chunks)
    lines, body = outline.lines, outline.body
    numbers = [n for n in sorted(lines) if n >= body and n not in outline.code]
    order = note_order("\n".join(lines[n] for n in numbers)) or order
    if order not in DAY_ORDERS:  # rules 33: the order the note's own yearless days read one way alone settle
        order = _yearless_order([lines[n] for n in numbers], dates)
    out: list[dict[str, set[str]]] = [{} for _c in chunks]
    for i, surface, iso in _log_days(chunks, numbers, lines, dates, order, outline):
        out[i].setdefault(surface, set()).add(iso)
    for i, surface, iso in _headed_days(chunks, outline, numbers, dates, order):
        out[i].setdefault(surface, set()).add(iso)
    edited = edited or [""] * len(chunks)
    written = []  # (chunk's index, surface, day by the chunk's date, day by its last edit)
    for i, (c, day, last) in enumerate(zip(chunks, dates, edited, strict=True)):
        later = _last_edit(day, last) if day else None
        for n in range(max(c.start_line, body), c.end_line + 1) if day else ():
            line = lines.get(n, "")
            if "/" in line and _WEEKDAY_HINT.search(line):
                written += [(i, *found) for found in weekday_slashed_days(line, day, order, later)]
    by_edit = _edit_reads({s: (own, again) for _i, s, own, again in written})
    for i, surface, own, again in written:
        if (iso := own or (again if by_edit else None)) is not None:
            out[i].setdefault(surface, set()).add(iso)
    return [{surface: days.pop() for surface, days in found.items() if len(days) == 1} for found in out]


def _yearless_order(lines: list[str], dates: list[str]) -> str:
    """The day order a dated note's own yearless slashed days settle (rules 33), '' for none: those that one order
    alone reads (_one_reading: `27/11`) opening its lines (`18/11 - garden step`) or written with their weekday
    (`fri 27/11`), all that one way. A rating, a fraction, odds (`9/10`, `3/4`, `5/1`) is read both ways or none; a
    mark out of 20 (`14/20`) neither."""
    if not any(dates):
        return ""
    found = set()
    for line in lines:
        if "/" not in line:
            continue
        opening = _opening().match(line).end()
        for m in YEARLESS_SLASHED.finditer(line):
            one = _one_reading(int(m.group(1)), int(m.group(2)))
            if one and (m.start() == opening or _weekday(line, m.start(), m.end()) is not None):
                found.add(one)
    return found.pop() if len(found) == 1 else ""


# a figure near a line's start, as a log's opens it (_log_days reads the line): most notes' chunks write none
_LOG_HINT = re.compile(r"(?m)^[ \t>*+_\[\]!\w.)-]{0,48}?(?<![\w/])\d{1,2}/\d")


# A note's column of yearless slashed days opening its lines (heuristic rules 33, a carer's phone notes: a falls log
# `4/11 - bathroom`, `18/11 - garden step`, `2/12 - hallway`; a blood-sugar log `6/12 8.10am 9.4`), in a dated note
# of settled day order (the note's, the setting's or the vault's, or its own yearless days': _yearless_order), is a
# log, its days dates: LOG_LEAST lines or more, every line a yearless slashed figure opens a day in that order, one
# of them at least a day past the 12th (that order alone reads it: _one_reading), in the order of their days going
# forward from the note's date (the first no more than LOG_BEFORE_DAYS before it nor LOG_AFTER_DAYS after: a log is
# kept from the day its note is made, as a Simplenote export's `created:` dates it), each next within LOG_GAP_DAYS
# after the one before, across one new year at most: `4/11` in a log made 2026-11-04 running to `20/6` is
# 2027-06-20, not the nearest 2026-06-20. Not a log (fixSD2, the review of slashdays2): a column no figure of which
# is past 12 (a film log's `9/10 - Dune`, marks `7/10`, a recipe's `1/2 cup`, odds `5/1`, numbered parts `1/12
# intro` … `5/12 now`, ratings `7/10 Monzo` … `10/11 Revolut`, a first twelve days' log `1/12 … 6/12` too), shares of
# one whole (month first `1/15` … `5/15`), a count's `3/12 chapters` (_QUANTITY_AFTER), figures out of order, two
# lines.
LOG_LEAST = 3
LOG_BEFORE_DAYS, LOG_AFTER_DAYS = 7, 0
LOG_GAP_DAYS = 62


@functools.cache
def _opening() -> re.Pattern:
    """What opens a line before its first word, a list item's and a quote's marks (heuristic.LINE_MARKS: `- `,
    `> `, `1. `, `- [x] `), then bold's or italics' (`**4/11** bathroom`). Imported here, not at the module's top:
    `mrag ask` and `status` read this module without the rules' regexes."""
    from minirag_cli.extract.heuristic import LINE_MARKS

    return re.compile(rf"(?:{LINE_MARKS})?(?:\*\*|__|\*|_)?")
# what makes a fraction, a score or a count of the number before it: `3/4 cup`, `2/3 of`, `7/10 stars`, `3/12 chapters`
_QUANTITY_AFTER = re.compile(
    r"(?:\*\*|__|\*|_)?[ \t]*(?:%|(?:of|cups?|tsp|tbsp|teaspoons?|tablespoons?|oz|lbs?|g|kg|ml|l|litres?|liters?|"
    r"pints?|inch(?:es)?|ft|mi|miles?|km|m|cm|mm|price|off|tickets?|seats?|places?|spaces?|stars?|points?|pts|"
    r"marks?|correct|right|wrong|sold|left|remaining|done|complete|completed|attended|present|answered|passed|"
    r"failed|scored|split|odds|times?|days?|weeks?|months?|hours?|hrs?|mins?|minutes?|people|kids|students|pupils|"
    r"children|players|questions?|answers?|items?|tasks?|pages?|chapters?|rows?|slots?|goals?|shots?|games?|"
    r"matches|sets?|reps?|rounds?|servings?|portions?|slices?|pieces?|pcs|bottles?|cans?|tins?|packs?|bags?|boxes|"
    r"jars?|cloves?|tablets?|pills?|year[ -]olds?|handful|pinch|dash|bunch|sticks?)\b)", re.I)


def _log_days(chunks, numbers: list[int], lines: dict[int, str], dates: list[str],
              order: str, outline=None) -> list[tuple[int, str, str]]:
    """(chunk's index, surface, ISO day) of a note's log's days (above: rules 33); `numbers`: its body's lines' (no
    code's), `dates`: its chunks' (an ISO day; a heading's `Y2026`: read there by the year over the log, `outline`'s:
    dates34), `order`: as settled."""
    if order not in DAY_ORDERS:
        return []
    column = []  # (line number, surface, month, day of the month)
    for n in numbers:
        line = lines[n]
        if "/" not in line:
            continue
        m = YEARLESS_SLASHED.match(line, _opening().match(line).end())
        if m is None:
            continue
        a, b = int(m.group(1)), int(m.group(2))
        month, dom = (b, a) if order == DAY_FIRST else (a, b)
        if month > 12 or _TIME_AFTER.match(line, m.end()) or _QUANTITY_AFTER.match(line, m.end()) \
                or iso_date(2024, month, dom) is None:
            return []  # a figure opening a line of the note: a count's, a mark's, no log's
        column.append((n, m.group(0), month, dom))
    return _column_days(chunks, column, dates, outline)


def _column_days(chunks, column: list[tuple[int, str, int, int]], dates: list[str],
                 outline=None) -> list[tuple[int, str, str]]:
    """(chunk's index, surface, ISO day) of a column of (line number, surface, month, day of the month) read as a
    log (above; a list's, a log's headings', a date column's: dates34), [] when it is none: fewer than LOG_LEAST, none
    past the 12th, shares of one whole, neither going forward from its note's date nor in order within the year a
    heading over all its lines names alone."""
    if len(column) < LOG_LEAST or not any(dom > 12 for *_ns, dom in column) or _one_whole(column):
        return []
    chunk_of = {n: i for i, c in reversed(list(enumerate(chunks))) for n in range(c.start_line, c.end_line + 1)}
    days = [(month, dom) for _n, _s, month, dom in column]
    dated = _going_forward(days, dates[chunk_of.get(column[0][0], 0)])
    year = _year_over(outline, [n for n, *_rest in column]) if dated is None and outline is not None else ""
    days = dated or (_going_forward(days, "", year) if year else None)
    if days is None:
        return []
    return [(chunk_of.get(n, 0), surface, day.isoformat()) for (n, surface, _m, _d), day in zip(column, days)]


# A log's yearless slashed days in its headings and its table's date column (heuristic rules 33, dates34: a
# grower's `## 25/7`, `## 15/8 — honey off` under `# Inspections 2026`; `| 13/6 | Hive 1 | 17.5 |` under `| Date |`
# in `# Honey harvest 2026`; a chef's `| 30/11 | 12,180 |` under `| w/c |` in `# GP tracker 2026`): a heading whose
# whole text is such a figure (a label after a dash or a colon), or a cell whose whole text is one in a column its
# table's head names a date's (_DATE_HEADS), is a day in the order settled (the note's, the setting's, the vault's,
# else the column's own figures: those one order alone reads); the headings are one column, each table's date
# column one, each read as a list log is (_column_days: three or more, one past the 12th, no shares of one whole
# such as parts `## 1/15` … `## 3/15`, in order from the note's date or within the year a heading over them names
# alone). A `Day` column (a plan's `Day 1/14`) and a `Week` or `wk` one (numbered weeks `1/9` … `9/9`, a couch to 5k's)
# are no date column's; `w/c`, `w/e`, `Week commencing` are: a week's day. A score's `| 3/1 |` under `Score`, a
# rating's `| 9/10 |` under `Rating` are no date column's either.
_DATE_HEAD_WORDS = r"dates?|when|w/[ce]|week[ \t]+(?:commencing|ending|beginning)|datum|fecha"
_YEAR_HEADING_HINT = re.compile(r"(?m)^#{1,6}[ \t].*(?<!\d)(?:19|20)\d\d(?!\d)")
_HEADED_HINT = re.compile(rf"(?im)^#{{1,6}}[ \t]+\d{{1,2}}/\d|^[ \t]*\|.*(?<!\w)(?:{_DATE_HEAD_WORDS})(?!\w)")
_HEADING_DAY = re.compile(r"#{1,6}[ \t]+(?:\*\*|__)?(\d{1,2}/\d{1,2})(?:\*\*|__)?(?:[ \t]*(?:[-–—:,][ \t]*\S.*)?)?")
_DATE_HEADS = re.compile(rf"(?:\*\*|__)?(?:{_DATE_HEAD_WORDS})(?:\*\*|__)?:?", re.I)
_TABLE_RULE = re.compile(r"[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*(?::?-{2,}:?[ \t]*)?")


def _cells(line: str) -> list[str]:
    """The cells of a table's row `| a | b |` (its outer bars dropped), stripped."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [cell.strip() for cell in inner.split("|")]


def _headed_columns(numbers: list[int], lines: dict[int, str]) -> list[list[tuple[int, str]]]:
    """The columns of yearless slashed days a note writes as its log's (above): its headings' whole figures, one
    column, and each table's cells under a date's head; each (line number, surface) in the note's order."""
    headings, tables = [], []
    column, at = None, None  # the cells' index of the table being read, and its rows
    for i, n in enumerate(numbers):
        line = lines[n]
        if line.lstrip().startswith("#"):
            m = _HEADING_DAY.fullmatch(line.strip())
            if m is not None:
                headings.append((n, m.group(1)))
        if "|" not in line:
            column = None
            continue
        if column is not None:
            cells = _cells(line)
            cell = cells[column] if column < len(cells) else ""
            if YEARLESS_SLASHED.fullmatch(cell):
                at.append((n, cell))
            continue
        after = lines.get(numbers[i + 1], "") if i + 1 < len(numbers) else ""
        if _TABLE_RULE.fullmatch(after.rstrip()):
            heads = [j for j, cell in enumerate(_cells(line)) if _DATE_HEADS.fullmatch(cell)]
            if len(heads) == 1:
                column, at = heads[0], []
                tables.append(at)
    return [column for column in (headings, *tables) if column]


def _headed_days(chunks, outline, numbers: list[int], dates: list[str],
                 order: str) -> list[tuple[int, str, str]]:
    """(chunk's index, surface, ISO day) of a note's headings' and date columns' yearless slashed days (above)."""
    out = []
    for column in _headed_columns(numbers, outline.lines):
        pairs = [tuple(int(x) for x in surface.split("/")) for _n, surface in column]
        own = {one for a, b in pairs if (one := _one_reading(a, b))}
        settled = order if order in DAY_ORDERS else next(iter(own)) if len(own) == 1 else ""
        if not settled:
            continue
        days = [(b, a) if settled == DAY_FIRST else (a, b) for a, b in pairs]  # (month, day of the month)
        if any(iso_date(2024, month, dom) is None for month, dom in days):
            continue  # a figure no day in the order: a count's, a score's
        out += _column_days(chunks, [(n, surface, *day) for (n, surface), day in zip(column, days)], dates, outline)
    return out


def _one_whole(column: list[tuple[int, str, int, int]]) -> bool:
    """Are a column's figures shares of one whole, each at most it (numbered parts `1/15 intro` … `5/15 now`, which
    month first reads as the 15th of January to May)?"""
    pairs = [tuple(int(x) for x in surface.split("/")) for _n, surface, _m, _d in column]
    return len({b for _a, b in pairs}) == 1 and all(a <= b for a, b in pairs)


def _year_over(outline, numbers: list[int]) -> str:
    """The year (`2026`) the heading in force over each of the lines `numbers` of a note's `outline` names alone,
    else '' (a month's `2026-12` too: a log under a month's heading is read by its chunk's date, as before; lines
    under two years' headings: no one year)."""
    from minirag_cli.yearless import month_in_force

    wanted = set(numbers)
    periods = {month_in_force(stack) for at, _line, stack in outline.walk() if at in wanted}
    period = periods.pop() if len(periods) == 1 else ""
    return period if len(period) == 4 else ""


def _going_forward(days: list[tuple[int, int]], start: str, year: str = "") -> list[dt.date] | None:
    """The dates of a log's (month, day of the month) `days` kept from `start` (its note's ISO day) on (above), None
    when they are no log: the first not within its window of `start`, one before the one before it, or more than
    LOG_GAP_DAYS after it, or the log crossing more than one new year. Under a heading naming a `year` alone (`##
    2026` over `- 8/2 spuds out to chit`, dates34) the log is that year's, in order, crossing no new year (a sowing
    log's winter may leave months between two lines)."""
    if year:
        out = [_date(int(year), *days[0])]
        for month, dom in days[1:]:
            then = _date(int(year), month, dom)
            if then is None or out[-1] is None or then < out[-1]:  # (the year bounds it: no gap's limit)
                return None
            out.append(then)
        return out if out[0] is not None else None
    try:
        note_day = dt.date.fromisoformat(start[:10])
    except ValueError:
        return None
    if not dt.MINYEAR < note_day.year < dt.MAXYEAR - 1:  # (a Hugo page's zero date `0001-01-01`: no year before it)
        return None
    first = [d for year in (note_day.year - 1, note_day.year, note_day.year + 1)
             if (d := _date(year, *days[0])) is not None
             and -LOG_BEFORE_DAYS <= (d - note_day).days <= LOG_AFTER_DAYS]
    if not first:
        return None
    out = [first[0]]
    for month, dom in days[1:]:
        before = out[-1]
        then = _date(before.year, month, dom)
        if then is None or then < before:
            then = _date(before.year + 1, month, dom)
        if then is None or (then - before).days > LOG_GAP_DAYS or then.year > out[0].year + 1:
            return None
        out.append(then)
    return out


def _date(year: int, month: int, dom: int) -> dt.date | None:
    iso = iso_date(year, month, dom) if dt.MINYEAR <= year <= dt.MAXYEAR else None
    return dt.date.fromisoformat(iso) if iso else None


def _edit_reads(days: dict[str, tuple[str | None, str | None]]) -> bool:
    """Whether a note's last edit reads its slashed weekday days (surface -> (day by its date, day by its last edit),
    None where the weekday is false): it lists EDIT_LEAST or more and the edit sets right EDIT_SHARE of them (a rota
    kept all year), not one slip (`Fri 22/11` beside a true `Sun 23/11`), as weekdaydays._edit_reads."""
    from minirag_cli.weekdaydays import edit_sets_right

    fixed = [s for s, (own, again) in days.items() if own is None and again is not None]
    return edit_sets_right(len(days), len(fixed))


def weekday_slashed_days(line: str, day: str, order: str,
                         edited: dt.date | None = None) -> list[tuple[str, str | None, str | None]]:
    """(surface, its day by the chunk date `day`, its day by the note's later last edit `edited`: None where the
    weekday written with it is not that day's) of each yearless slashed day `line` writes with its weekday, read in
    the day order `order` (chunk_weekday_slashed_days)."""
    out = []
    for m in YEARLESS_SLASHED.finditer(line) if order in DAY_ORDERS else ():
        a, b = int(m.group(1)), int(m.group(2))
        month, dom = (b, a) if order == DAY_FIRST else (a, b)
        if month > 12 or _TIME_AFTER.match(line, m.end()) or \
                not _WEEKDAY_HINT.search(line, max(0, m.start() - 16), m.end() + 12):
            continue
        weekday = _weekday_not_a_word(line, m.start(), m.end())
        if weekday is not None:
            out.append((m.group(0), *_weekday_slashed_day(month, dom, weekday, day, edited)))
    return [found for found in out if found[1] or found[2]]


@functools.lru_cache(maxsize=4096)  # a long log writes the same days again and again
def _weekday_slashed_day(month: int, dom: int, weekday: int, day: str,
                         edited: dt.date | None) -> tuple[str | None, str | None]:
    """The day of `month` and `dom` by the chunk date `day` (yearless.dated_day) and by the note's later last edit
    `edited` (its nearest), each None where it is not on `weekday`."""
    from minirag_cli.yearless import dated_day

    yearless = f"--{month:02d}-{dom:02d}"
    own = dated_day(yearless, day)
    again = nearest_year(yearless, edited.isoformat()) if edited is not None else None
    return (own if _on(own, weekday) else None), (again if _on(again, weekday) else None)


def _on(iso: str | None, weekday: int) -> bool:
    return iso is not None and dt.date.fromisoformat(iso).weekday() == weekday


# a short weekday's name that is also a word (`Maya sat 3/4 papers`, `sun 1/2 day`, `wed 3/2 done`): a weekday only
# capitalised (`Sat 5/12 respite`); a phone's `fri 27/11`, `tues 1/12`, `thurs 3/12` are no word's (rules 33: a
# carer's DN visits were no dates)
_WORD_WEEKDAYS = {"sat", "sun", "wed"}


def _weekday_not_a_word(line: str, start: int, end: int) -> int | None:
    """_weekday, but none for a short name in lower case before the day that is also a word (_WORD_WEEKDAYS) or
    written before a count's word (`by fri 4/12 of us are off`, `thu 3/12 done`: _QUANTITY_AFTER)."""
    m = _WEEKDAY_BEFORE.search(line, max(0, start - 16), start)
    word = m.group(0).split()[0].rstrip(".,") if m is not None else ""
    if word.islower() and word not in _FULL_WEEKDAYS and (word in _WORD_WEEKDAYS or _QUANTITY_AFTER.match(line, end)):
        return None
    return _weekday(line, start, end)
