"""Dated sections: the days a note's headings give the lines under them.

Some notes keep many days in one file: a journal of `## 2026-11-03` (or
`## Tuesday, 3 November 2026`, `### 2026-11-03 Tue`) sections, an Org
datetree (`* 2026` / `** 2026-11 November` / `*** 2026-11-03 Tuesday`), a
changelog (`## [1.4.0] - 2026-11-03`), a Readwise export (`## New highlights
added December 1, 2026 at 9:30 AM`, each later sync's highlights: readers 9). A heading dates its section when its
text opens with a day with its year (after a version, `[1.4.0] - `, or a
weekday, `Tuesday, `): `## Plan for 2026-11-03` (the day is not the
heading's) dates none. A day without its year (`## 4 Dec`) dates it when the
note names its year, by a heading over it, its title, front matter or file
name (`# Journal 2026`), or a dated heading comes above it (_yearless_days,
readers 17); in a note that names none it dates nothing. A day followed by other words
(`## 2026-11-03 release plan`: not a weekday) dates its section only when
another heading of its level in the note is dated too (a journal's
`## 2026-11-03 Lunch with Jonas`): one in a plan names the plan's day. The section runs to the next
heading of its level or above (`## Notes` after `## 2026-11-03` is undated
again); a deeper dated heading dates its own lines inside it. The note's
first line (its title, after a front matter block, YAML's or TOML's) is no
section: it dates the note as a whole, as it always did (store.note_head).
Markdown's `#` headings are read outside fenced code, the fences read as the
extractors read them (mdcode.fenced_blocks, readers 8).

A Kindle's `My Clippings.txt` (notekinds.clippings_note) is of its entries'
days: each entry is a section of the day its `Added on` line gives, and a
new section opens at each entry of another book or day (_entry_changes).
A jrnl journal (the command-line journal, `journal.txt`, or a folder journal's
`2026/11/03.txt`) has no headings: each entry opens a line with its time,
`[2026-11-03 09:15] Lunch with Jonas.` (jrnl 2's `[2026-11-03 09:15:00 AM]`
too) or jrnl 1's `2026-11-03 09:15 Lunch with Jonas.` (jrnl_entries). In a note
that is no Org note and has no dated heading, two such lines or more date
the lines from each to the next by its day (readers 9: the whole journal was
one note, dated by its first entry), the first line among them: it is an
entry, not a title. A note is read so only when it is a journal (fixS4): not
when it is dated as a whole, by its file name (`daily/2026-11-26.md`), its
front matter's date or its title line (`# 2026-11-26`), and a log line opens
no entry (a level after its time, `[2026-11-24 23:59:58] ERROR ...`, or one of
two lines back to back less than a minute apart): a pasted server log dated
the note's own text after it. When every entry is of one day (a meeting
note's timed minutes), the whole note is of that day.

The chunker cuts a note at each line where the day changes (note_chunks),
so that every chunk lies in one day; each chunk under a dated heading is
headed with that day (dated_header: `Journal · date: 2026-11-03`) in place
of the note's date, which answer sources, `mrag days` and the date
questions read (store.note_heads, datednotes). A note without a dated
heading is chunked and headed exactly as before.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re
from collections import Counter
from collections.abc import Callable

from minirag_cli.chunking import Chunk, chunk_text
from minirag_cli.tables import table_bodies, with_table_heads
from minirag_cli.text import WEEKDAY_NAMES, find_dates

_MD_HEADING = re.compile(r"(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_ORG_HEADLINE = re.compile(r"(\*+)[ \t]+(.*?)[ \t]*$")
_WEEKDAY = "|".join([*WEEKDAY_NAMES, *(d[:3] for d in WEEKDAY_NAMES)])
# what may come before a heading's day: a changelog's version (`[1.4.0] - `, `v1.4.0 — `), a weekday
_LEAD = re.compile(r"(?:\[[^\]\n]*\]|v?\d+(?:\.\d+)+)?[ \t]*[-\u2013\u2014:]?[ \t]*"
                   rf"(?:(?:{_WEEKDAY})\.?,?[ \t]+)?", re.I)
# what may follow a heading's day for it to be the heading's whole text: a weekday, punctuation
_DAY_ALONE = re.compile(rf"[\s,.:;()\[\]\-\u2013\u2014]*(?:(?:{_WEEKDAY})\.?[\s.)\]]*)?", re.I)


# the heading a Readwise export opens each later sync's highlights with (readers 9: its highlights were undated)
_READWISE_NEW = re.compile(r"New highlights added (.+?) at \d{1,2}:\d\d(?:[ \t]?[AP]M)?[ \t]*", re.I)


def heading_date(text: str, yearless: bool = False) -> tuple[str, bool]:
    """(the ISO day a heading's text (without its `#`s or `*`s) opens with,
    '' when none; whether the day is the heading's whole text: nothing but
    a weekday and punctuation after it (`2026-11-03 Tue`, `3 November 2026
    (Tuesday)`), or a version before it (`[1.4.0] - 2026-11-03`)), or
    Readwise's `New highlights added December 1, 2026 at 9:30 AM`'s day. See the
    module docstring. `yearless`: the day it opens with written without its
    year instead (`--12-04` of `4 Dec`, `Fri 4 Dec`, `December 4`), which
    _yearless_days gives a year."""
    return _opening_days(text)[yearless]


def _opening_days(text: str) -> tuple[tuple[str, bool], tuple[str, bool]]:
    """(heading_date(text), heading_date(text, yearless=True)), the heading's dates read once."""
    readwise = _READWISE_NEW.fullmatch(text)
    if readwise is not None:
        days = [iso for surface, iso in find_dates(readwise.group(1)) if surface == readwise.group(1).strip()]
        return ((days[0], True) if days and not days[0].startswith("--") else ("", False)), ("", False)
    lead = _LEAD.match(text)
    rest = text[lead.end():]
    versioned = bool(re.match(r"\[|v?\d+\.", text[:lead.end()]))
    with_year = without_year = ("", False)
    for surface, iso in find_dates(rest):
        yearless = iso.startswith("--")
        # the first of each kind only: a long heading repeats its opening day's words (`4 Dec ... 4 Dec`)
        if (without_year if yearless else with_year)[0] or not rest.startswith(surface):
            continue
        day = (iso, versioned or bool(_DAY_ALONE.fullmatch(rest[len(surface):])))
        if yearless:
            without_year = day
        else:
            with_year = day
    return with_year, without_year


def heading_day(text: str) -> str:
    """The ISO day a heading's text (without its `#`s or `*`s) opens with,
    '' when none (heading_date)."""
    return heading_date(text)[0]


# a jrnl entry's first line: its time, bracketed (jrnl 2: `[2026-11-03 09:15]`, `[2026-11-03 09:15:00 AM]`) or
# not (jrnl 1: `2026-11-03 09:15`), at the line's start, then a blank and the entry's title or its line's end
_JRNL_ENTRY = re.compile(r"(\[)?(\d{4}-\d\d-\d\d) \d{1,2}:\d\d(?::\d\d)?(?: ?[AaPp][Mm])?(?(1)\])(?=[ \t]|$)")


# a log line's level after its time (`[2026-11-24 23:59:58] ERROR Connection refused`, `... [warn] ...`,
# `... WARNING: ...`): a pasted server log's line, no journal entry (fixS4)
_LOG_LEVEL = re.compile(r"[ \t]+(?:(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL|CRIT|SEVERE|ALERT"
                        r"|EMERG)\b|[\[(<](?i:trace|debug|info|notice|warn|warning|error|err|fatal|critical|crit)[\])>])")
# an entry's time of day and its seconds, when written (`09:15:02`, `11:30:00 AM`)
_ENTRY_TIME = re.compile(r"(\d{1,2}):(\d\d)(?::(\d\d))?(?: ?([AaPp])[Mm])?")


def _entry_seconds(line: str, m: re.Match) -> int | None:
    """The second of the day of an entry line's time (`m`: _JRNL_ENTRY's match), None when it writes no seconds."""
    t = _ENTRY_TIME.search(line, m.start(2) + 10, m.end())
    if t is None or t.group(3) is None:
        return None
    hour = int(t.group(1)) % 12 + (12 if (t.group(4) or "").lower() == "p" else 0) if t.group(4) else int(t.group(1))
    return hour * 3600 + int(t.group(2)) * 60 + int(t.group(3))


def jrnl_entries(lines: list[str], fenced=None) -> list[tuple[int, str]]:
    """(line index, ISO day) of each jrnl entry's first line (_JRNL_ENTRY) among
    `lines`, a line `fenced(i)` says is code left out; [] unless two or more
    (one such line opens a log's note or a note of its day, which its head
    dates already). A day that is no day (`2026-13-45`) opens no entry, nor
    does a log line (fixS4: a server log pasted into a note re-dated the
    note's own text): one with a level after its time (_LOG_LEVEL: `ERROR`,
    `INFO`, `[warn]`), or one of two back to back, on lines next to each
    other, whose times (written with their seconds) are less than a minute
    apart (a program's lines; a journal's entries are written minutes apart
    at least, each with its title)."""
    from minirag_cli.text import iso_date

    found: list[tuple[int, str, int | None]] = []  # (line index, day, second of the day) of each timed line
    logged: set[int] = set()
    for i, line in enumerate(lines):
        m = _JRNL_ENTRY.match(line) if line[:1] in "[0123456789" else None
        if m is None or (fenced is not None and fenced(i)):
            continue
        y, mo, d = (int(x) for x in m.group(2).split("-"))
        if not iso_date(y, mo, d):
            continue
        if _LOG_LEVEL.match(line, m.end()):
            logged.add(i)
        found.append((i, m.group(2), _entry_seconds(line, m)))
    for (i, day, at), (j, later, then) in zip(found, found[1:]):
        apart = (_dt.date.fromisoformat(later) - _dt.date.fromisoformat(day)).days * 86400
        if j == i + 1 and at is not None and then is not None and 0 <= apart + then - at < 60:
            logged.update((i, j))
    out = [(i, day) for i, day, _at in found if i not in logged]
    return out if len(out) >= 2 else []


def _title_line(text: str, lines: list[str]) -> int:
    """The index of the title line of a note (`text`, split into `lines`): its first non-blank line
    after the front matter block it opens with, as every reader of the note has the block
    (frontmatter.of_note: YAML's `---`, Hugo's TOML `+++`; readers 8: a TOML block's `# 2026-11-02
    ...` comment was read as a dated heading)."""
    from minirag_cli.frontmatter import of_note

    matter = of_note(text)
    i = 0 if matter is None else text.count("\n", 0, matter.end)  # the line after the block's closing one
    while i < len(lines) and not lines[i].strip():
        i += 1
    return i


def day_changes(text: str, path: str = "") -> list[tuple[int, str]]:
    """(line number, 1-based; the day of the lines from it on, '' undated)
    at each line where the day of a note's lines changes, in order; [] for
    a note without a dated section. Org headlines in an Org note
    (extract.orgmode.org_note), Markdown's `#` headings (outside fenced
    code, mdcode.fenced_blocks) in any other."""
    from minirag_cli.extract.mdcode import fenced_blocks
    from minirag_cli.extract.orgmode import org_note

    clippings = clippings_entries(text)
    if clippings is not None:  # a Kindle's clippings: each entry of its day, a chunk of its own
        return _entry_changes(clippings)
    org = org_note(path) if path else False
    if ("*" if org else "#") not in text:
        return _jrnl_changes(text, path=path) if not org else []
    lines = text.split("\n")
    title = _title_line(text, lines)
    pattern = _ORG_HEADLINE if org else _MD_HEADING
    headings: list[tuple[int, int, str, bool]] = []  # (line index, level, day or '', whether alone)
    undated: dict[int, tuple[str, str, bool]] = {}  # line index -> (text, day without its year, whether alone)
    # the fenced code blocks, read as the extractors read them (mdcode: CommonMark's fences, one nothing
    # closes ending before a paragraph of prose, readers 8); an Org note's `*` headlines are read in no fence
    fences = [] if org else fenced_blocks(text)
    at = 0  # the fence the line may be in
    pos = 0  # where the line starts
    for i, line in enumerate(lines):
        while at < len(fences) and fences[at][1] < pos:
            at += 1
        fenced = at < len(fences) and fences[at][0] <= pos
        # not the title, nor a front matter's `# comment`, nor a line of fenced code
        m = pattern.match(line) if i > title and not fenced else None
        if m is not None:
            dated, yearless = _opening_days(m.group(2))
            headings.append((i, len(m.group(1)), *dated))
            if not dated[0]:
                undated[i] = (m.group(2), *yearless)
        pos += len(line) + 1
    by_above: set[int] = set()  # the yearless headings only the dated heading above gives a year
    if any(day for _text, day, _alone in undated.values()):  # a `## 4 Dec`: of the year its note names (readers 17)
        note_year = _note_year(text, lines, title, path, pattern)
        # twice: a day takes its year only from a heading above that dates its section, which the count of
        # dated headings of its level decides (below), a count the days dated by the heading above are no part of
        first, by_above = _yearless_days(headings, undated, note_year, lambda _level, _alone: True)
        dated_at = _dated_levels(first, by_above)
        headings, by_above = _yearless_days(headings, undated, note_year,
                                            lambda level, alone: alone or dated_at[level] >= 2)
    # a day with more words (`## 2026-11-03 release plan`) dates its section only among others of its
    # level (a journal's `## 2026-11-03 Lunch with Jonas`): one such heading in a plan is the plan's topic;
    # a `## 5 Nov` below it, dated by it alone, makes no journal of the plan
    dated_at = _dated_levels(headings, by_above)
    stack: list[tuple[int, str]] = []  # (level, day) of the dated sections the line is in
    changes: list[tuple[int, str]] = []
    day = ""
    for i, level, found, alone in headings:
        while stack and stack[-1][0] >= level:
            stack.pop()
        if found and (alone or dated_at[level] >= 2):
            stack.append((level, found))
        now = stack[-1][1] if stack else ""
        if now != day:
            changes.append((i + 1, now))
            day = now
    if not changes and not org:  # no dated heading: a jrnl journal's entries, if it is one
        return _jrnl_changes(text, lines, fences, path)
    return changes


def _note_year(text: str, lines: list[str], title: int, path: str, pattern: re.Pattern) -> str:
    """The year a note names as its own (readers 17), '' for none: its front matter's `title:` or `year:`, its
    title heading (`# Journal 2026`, `# 2026`), its file name (`Journal 2026.md`, `2026.md`), the first that names
    one year alone (yearless.heading_period: not a count's, a version's, a review's, `# 2025 review`). A title of a
    day with its year (`# Debrief (12 November 2025)`, `2026-12-07.md`) names the note's day, no year of its days."""
    from minirag_cli.frontmatter import of_note
    from minirag_cli.yearless import heading_period

    matter = of_note(text)
    names = matter.values("title", "year") if matter is not None else []
    heading = pattern.match(lines[title]) if title < len(lines) else None
    if heading is not None:
        names.append(heading.group(2))
    if path:
        names.append(path.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0])
    for name in names:
        if any(not iso.startswith("--") for _s, iso in find_dates(name)):
            continue
        if year := heading_period(name)[:4]:
            return year
    return ""


def _dated_levels(headings: list[tuple[int, int, str, bool]], by_above: set[int]) -> Counter:
    """How many headings of each level (day_changes' `headings`) are dated, by their own text or by a year the note
    names: not those only the heading above them dates (`by_above`, _yearless_days)."""
    return Counter(level for i, level, found, _alone in headings if found and i not in by_above)


def _yearless_days(headings: list[tuple[int, int, str, bool]], undated: dict[int, tuple[str, str, bool]],
                   note_year: str, dates_its_section: Callable[[int, bool], bool]
                   ) -> tuple[list[tuple[int, int, str, bool]], set[int]]:
    """(`headings` (day_changes': line index, level, day or '', whether alone) with each day written without its
    year (`## 4 Dec`, `### Fri 4 Dec`, `## December 4`; `undated`: each undated heading's text, its day without its
    year and whether alone) given one, the line indexes of those only the day above dated) (readers 17: a year's
    running journal was undated, day by day). Its year: a month's heading in force over it gives its own
    (`## December 2026` over `### 4 Dec`; another month's heading gives none); else the first day under a year's
    heading (`# 2026`), or the note's first (`note_year`: _note_year), is of that year, and each next day is of
    the year nearest to the day above it (yearless.dated_day: a journal crossing New Year, `## 31 Dec` then `## 1
    Jan` oldest first, `## 1 Jan` then `## 31 Dec` newest first, a school year's `## 4 Sep` then `## 12 Jan`). In
    a note that names no year, a day after a dated heading is of the year nearest to it too (`## 2 Jan` after `##
    2026-12-31` is 2027-01-02), one of `by_above`, which day_changes does not count as a dated heading of its
    level. The day above is one of a heading that dates its section (`dates_its_section(level, alone)`), not a
    plan's one `## 2026-11-03 release plan`. In a note that names no year and dates no heading above it, a day
    dates nothing, as before: a trip plan's `## 12 Mar` may be of any year."""
    from minirag_cli.yearless import heading_period

    out: list[tuple[int, int, str, bool]] = []
    by_above: set[int] = set()
    periods: list[tuple[int, str]] = []  # (level, month or year it names) of the headings in force
    above = ""  # the day of the nearest heading above dating its section, since the last year's or month's heading
    for i, level, found, alone in headings:
        while periods and periods[-1][0] >= level:
            periods.pop()
        if not found:
            text, yearless, alone = undated[i]
            if yearless:
                found, named = _year_of(yearless, periods[-1][1] if periods else "", note_year, above)
                if found and not named:
                    by_above.add(i)
            elif period := heading_period(text):
                periods.append((level, period))
                above = ""  # `## 2027` after `## 2026`'s days: its first day is of 2027
        if found and dates_its_section(level, alone):
            above = found
        out.append((i, level, found, alone))
    return out, by_above


def _year_of(yearless: str, period: str, note_year: str, above: str) -> tuple[str, bool]:
    """(the ISO day of `yearless` (`--12-04`), '' for none; whether a year the note names dates it, not the day
    above alone) by the innermost heading in force naming a month or a year (`period`), the note's year or the
    day above it (_yearless_days)."""
    from minirag_cli.yearless import dated_day

    named = bool(period or note_year)
    if len(period) > 4:  # a month's heading: its days only
        return dated_day(yearless, f"Y{period}") or "", named
    if above:
        return (_after(yearless, above) if named else dated_day(yearless, above)) or "", named
    return (dated_day(yearless, f"Y{period or note_year}") or "", named) if named else ("", False)


def _after(yearless: str, above: str) -> str | None:
    """The ISO day of `yearless` (`--01-02`) written after a heading of the day `above` in a note that names its
    year: the nearest such day to it (yearless.dated_day), across New Year only into the two months next to it
    (`## 1 Jan` or a school year's `## 12 Jan` after `## 31 Dec` or `## 4 Sep` is of the next year, `## 31 Dec`
    after `## 2 Jan` of the year before), from a day above on its side of New Year (forward from September to
    December, back from January or February); else of the year above: `# Todo 2026`'s `## 31 Jul` after `## 15 Jan`
    is no day of 2025, a sparse journal's days months apart stay in the year it names (`## 20 Nov` after `## 1 Mar`
    is 2026's, not the November before, nearer to March)."""
    from minirag_cli.yearless import dated_day

    day = dated_day(yearless, above)
    if day and day[:4] != above[:4]:
        forward = day > above
        landing, leaving = (("01", "02"), ("09", "10", "11", "12")) if forward else (("11", "12"), ("01", "02"))
        if day[5:7] not in landing or above[5:7] not in leaving:
            return dated_day(yearless, f"Y{above[:4]}")
    return day


def opens_entry(text: str) -> bool:
    """Does `text`, a chunk's, open with a jrnl entry's line (_JRNL_ENTRY): the first chunk of a jrnl
    journal's day (note_chunks cuts at each), as a dated heading's `##` opens a journal's day."""
    return _JRNL_ENTRY.match(text.lstrip("\r\n")) is not None


def _dated_note(text: str, lines: list[str], path: str) -> bool:
    """Is a note dated as a whole, so that no jrnl journal (fixS4): by its file name (text.name_date:
    `daily/2026-11-26.md`, `Incident 2026-11-03.md`, a folder's `2026/11/26.md`), by its front matter's
    date (`date: 2026-11-26`), or by its title line, no entry's (`# 2026-11-26`, `Standup 2026-11-26`, `# 26/11/2026`:
    text.head_date, readers 14)?
    A timed line in such a note is a pasted log's or a meeting's minute: it dated the note's own text
    after it by its day."""
    from minirag_cli.frontmatter import of_note
    from minirag_cli.text import head_date, name_date

    if path and name_date(path):
        return True
    matter = of_note(text)
    if matter is not None and matter.date_line():
        return True
    title = _title_line(text, lines)
    return title < len(lines) and not _JRNL_ENTRY.match(lines[title]) and bool(head_date(lines[title]))


def _jrnl_changes(text: str, lines: list[str] | None = None, fences=None, path: str = "") -> list[tuple[int, str]]:
    """day_changes of a jrnl journal (jrnl_entries): the day of each entry from
    its first line to the next entry's; [] for a note that is none, or that is
    dated as a whole (_dated_note). When every entry is of one day (a meeting
    note's `[2026-11-12 10:00] Demo ...` lines) the whole note is of that day,
    its lines before and between the entries too (fixS4: its attendees and
    closing lines were undated). Its entries are read outside fenced code
    (`fences`: mdcode.fenced_blocks, read here when not given and the note may
    be a journal)."""
    from minirag_cli.extract.mdcode import fenced_blocks

    if lines is None:
        lines = text.split("\n")
    if not jrnl_entries(lines) or _dated_note(text, lines, path):
        return []
    if fences is None:
        fences = fenced_blocks(text)
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    changes: list[tuple[int, str]] = []
    day = ""
    for i, found in jrnl_entries(lines, lambda i: any(a <= starts[i] <= b for a, b in fences)):
        if found != day:
            changes.append((i + 1, found))
            day = found
    if len(changes) == 1:  # every entry of one day (a meeting's timed minutes): the note is of it, its other lines too
        return [(1, changes[0][1])]
    return changes


# that line as notekinds.clippings_note reads it, its words before the date in lower case: only that reader writes it
_CLIP_READ = re.compile(r"- (?:your )?(?:highlight|note|bookmark|clip|article)\b[^A-Z\n]*\| added on (\S[^\n]*?)\r?")


def clippings_entries(text: str) -> list[tuple[int, str, str]] | None:
    """(line index, the book's title line, the ISO day it was added, '' when none) of each entry of a
    Kindle's clippings as notekinds.clippings_note read them, in `text` (the note, or its first chunk); None when
    `text` is no such note (its first line with text opens no entry)."""
    if "| added on " not in text:  # (read for every note: most hold no such line)
        return None
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or first + 1 >= len(lines) or _CLIP_READ.fullmatch(lines[first + 1]) is None:
        return None
    out = []
    for i in range(first + 1, len(lines)):
        m = _CLIP_READ.fullmatch(lines[i])
        if m is not None and lines[i - 1].strip():
            day = next((iso for _s, iso in find_dates(m.group(1)) if not iso.startswith("--")), "")
            out.append((i - 1, lines[i - 1].strip(), day))
    return out


def _entry_changes(entries: list[tuple[int, str, str]]) -> list[tuple[int, str]]:
    """day_changes of a Kindle's clippings (clippings_entries): a change at each entry whose book
    or day is not the one before's, so that note_chunks cuts there (a chunk held the highlights of three
    books, each chunk was headed by the first entry's book and none by its day)."""
    changes: list[tuple[int, str]] = []
    last = None
    for i, book, day in entries:
        if (book, day) != last:
            changes.append((i + 1, day))
            last = book, day
    return changes


def _book_title(line: str) -> str:
    """A clippings entry's title line's book as a chunk header names it: without its authors and its
    subtitle (`Atomic Habits: An Easy & Proven Way ... (James Clear)` is `Atomic Habits`)."""
    title = re.sub(r"[ \t]*\([^()]*\)[ \t]*$", "", line).strip()
    return title.split(": ", 1)[0].strip() or title


def chunk_books(chunks, text: str) -> list[str] | None:
    """The book of each chunk of a Kindle's clippings (clippings_entries: the entry its first line is in;
    a chunk is of one book's entries, note_chunks cuts at each other book), for its header (dated_header:
    a chunk cut inside one book's run of entries began at a `- your highlight` line or the highlight's text,
    no word of its book; 117 of 8,970 of one file); None for another note."""
    entries = clippings_entries(text)
    if entries is None:
        return None
    starts = [i for i, _book, _day in entries]
    out = []
    for c in chunks:
        at = bisect.bisect_right(starts, c.start_line - 1) - 1
        out.append(_book_title(entries[at][1]) if at >= 0 else "")
    return out


def day_of_line(changes: list[tuple[int, str]], line: int) -> str:
    """The day of a note's line `line` by its day_changes, '' undated."""
    at = bisect.bisect_right([n for n, _d in changes], line) - 1
    return changes[at][1] if at >= 0 else ""


def chunk_days(chunks, text: str, path: str = "") -> list[str] | None:
    """The day of each chunk (its first line's: note_chunks cuts at every
    change of day), None for a note without a dated section."""
    changes = day_changes(text, path)
    if not changes:
        return None
    return [day_of_line(changes, c.start_line) for c in chunks]


def stored_days(chunks, path: str = "") -> list[str] | None:
    """chunk_days of a note read from its stored chunks (a re-extraction,
    which reads no file), all of them in order: the note laid at their
    offsets with each blank they leave out laid as its spaces, then its line
    ends (mdcode.laid_note, indent=False). Each chunk note_chunks cut at a
    change of day opens with its heading's `#` at the line's start, so it is
    read there as in the file, though the blank before it held spaces
    (`Intro.   `, a line of spaces): laid as the next line's indentation,
    the heading would not be one and every section would lose its day."""
    return chunk_days(chunks, stored_laid(chunks), path)


def stored_laid(chunks) -> str:
    """A note laid from its stored chunks as stored_days reads it (chunk_books reads it so too)."""
    from minirag_cli.extract.mdcode import laid_note

    return (laid_note(chunks, indent=False) if chunks else "") or ""


# lines each blank or an empty list item (`- `, `*`): what a new Logseq page holds, and nothing more (one pattern:
# it fails at a note's first word, where splitting a long note into lines would not)
_EMPTY_ITEMS = re.compile(r"(?:[ \t]*(?:[-*+][ \t]*)?\r?\n)*[ \t]*(?:[-*+][ \t]*)?\r?")


def empty_outline(text: str) -> bool:
    """Does `text` hold list items and no word, only empty ones (`- `, as Logseq writes a page made and never
    written in)? Such a note is empty (note_chunks: readers 11; it was a chunk of one `-`)."""
    return bool(text.strip()) and _EMPTY_ITEMS.fullmatch(text) is not None


def note_chunks(text: str, path: str, size: int, overlap: int) -> list[Chunk]:
    """A note's chunks (chunking.chunk_text), cut also at each line where the
    day of its lines changes (day_changes), so that no chunk holds two
    days, and at each entry of a BibTeX library (latex.entry_lines); chunk_text's
    exactly for another note without a dated section. None for a note of empty
    list items alone (empty_outline), as for one of blanks. A chunk that begins
    among a table's rows opens with the table's head (tables.with_table_heads)."""
    if empty_outline(text):
        return []
    return with_table_heads(_note_chunks(text, path, size, overlap), text, path)


def _note_chunks(text: str, path: str, size: int, overlap: int) -> list[Chunk]:
    """note_chunks without the tables' heads (tables.with_table_heads)."""
    from minirag_cli.latex import entry_lines

    cuts = sorted({n for n, _d in day_changes(text, path)} | set(entry_lines(text, path)))
    # no chunk begins inside a table's row, one written without its outer pipes too (readers 15: chunking.chunk_text)
    rows = frozenset(n for first, last, _head in table_bodies(text, path) for n in range(first, last + 1))
    if not cuts:
        return chunk_text(text, size, overlap, rows)
    starts = [0]
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    starts += [line_starts[n - 1] for n in cuts if n > 1]
    starts.append(len(text))
    out: list[Chunk] = []
    for a, b in zip(starts, starts[1:]):
        first_line = bisect.bisect_right(line_starts, a)
        for c in chunk_text(text[a:b], size, overlap, frozenset(n - first_line + 1 for n in rows if n >= first_line)):
            out.append(Chunk(seq=len(out), text=c.text, start_char=c.start_char + a, end_char=c.end_char + a,
                             start_line=c.start_line + first_line - 1, end_line=c.end_line + first_line - 1,
                             n_tokens=c.n_tokens))
    return out


def dated_header(header: str, day: str, limit: int, book: str = "") -> str:
    """A chunk's header (store.document_header: the note's head, a line end,
    its people) with the head's date line, if any, in place of `day`'s
    (`Journal · date: 2026-11-03`), at most `limit` characters; `header`
    itself when `day` is '' (and no `book`). A head that is a jrnl entry's line (_JRNL_ENTRY:
    the journal's first entry) is no title: the day's line alone (`date: 2026-11-03`).
    A Kindle's clippings chunk's `book` (chunk_books) follows the head: `My
    Clippings · Atomic Habits · date: 2025-11-03`."""
    from minirag_cli.frontmatter import HEAD_SEP, head_date_line, joined_head

    if book:
        first, sep, people = header.partition("\n")
        header = (first + HEAD_SEP + book)[:limit] + sep + people
    if not day:
        return header
    first, sep, people = header.partition("\n")
    line = head_date_line(first)
    title = first[:len(first) - len(line)].rstrip().removesuffix(HEAD_SEP.strip()).rstrip() if line else first
    if _JRNL_ENTRY.match(title):
        # a jrnl journal's head is its first entry's line, no title: every day's chunk was searched with
        # that entry's words and day (`[2026-11-01 21:40] Sunday, quiet.`), so BM25 found every day's on Nov 1
        title = ""
    return joined_head(title, f"date: {day}", limit) + sep + people
