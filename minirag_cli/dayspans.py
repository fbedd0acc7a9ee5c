"""Spans of days a question writes out: "from November 16 to November 20", "between Nov 16 and Nov 20", "between
16 and 20 November", "Nov 16–20", "16-20 November", "the week of November 16", "since November 16".

Each is read as "last week" is (askday.read_days makes it an AskedDays): the notes dated in its days first, and the
answer reads those and the notes that write one of its days (answer.on_the_day, as for a month written out). Its
ends are the days text.written_days and text.iso_dates read, so a span's day is spelled as a single day's is.

- Years. An end written with its year gives it to the other ("from Nov 16 to Nov 20, 2026"); a span written with
  none is the latest such span begun by the asking day, as askday reads "in October" (asked on 2026-12-07 "between
  Mar 2 and Mar 6" is 2026's, its notes written), except one that begins within the next COMING_SPAN_DAYS in a
  question not in the past tense (askday.past_tense: "who is off between Dec 20 and Jan 2?" asked on 2026-12-07 is
  2026-12-20 to 2027-01-02, days to come, read as "next week" is: AskedDays.ahead; "what did I do from Dec 20 to
  Jan 2?" is 2025's); in a question that asks ahead (askday._asks_ahead_of_a_date: a plan's word, a future, a
  progressive, a yes/no question of a plan or an appointment, right before it) the first not yet ended, begun
  within AHEAD_MONTHS ("is the boiler service booked for Jan 12?" asked on 2026-12-07 is 2027-01-12, "what is due
  on Nov 30?" 2026-11-30). (The nearest span, ahead or behind, made "from Jun 1 to Jun 5" asked in December next
  June's and "since Mar 1" a day to come.) Ends cross the new year only when the
  last's month comes before the first's and the span is at most MAX_WRAP_DAYS ("from Dec 21 to Jan 4"); else an end
  before the start is reversed ("from Nov 20 to Nov 16", "Dec 30-2"), said, not read, as with years written.
- "the week of November 16": the Monday-to-Sunday week holding that day, as "last week" is Monday to Sunday; so too
  "week of …". "w/c 30 Nov", "w/b 30 Nov", "week commencing 30 Nov", "week beginning …", "week starting …": the 7
  days from that day, whatever its weekday ("week starting Sunday 6 Dec" is Dec 6 to Dec 12).
- "since November 16": from that day (the latest such on or before the asking day: "since" looks back) to the
  asking day (no such rule existed: "since" was a comparison and read nothing); a day written with its year after
  today is said, not read ("since Dec 8, 2026" asked on Dec 7); not "how long since …" nor "how many days since …",
  which measure from the day.
- A single day written without its year ("what happened on Dec 2?", "on 2 December", "notes from December 2nd", "on
  Wednesday, Dec 2"): a span of that one day, its year by the same rule (qdays: it read no day, and each year's Dec 2
  was searched); only when it ends the question or a clause or a preposition or its time follows it ("on Dec 2 at
  work", "on Dec 2, 2pm", "on 2 December, 10:30": _TIME_AFTER; not
  "the Jan 6 committee", "on Nov 16 from 9 to 11", "on Dec 2 and 3"), and not a lower-case "may 3" / "march 10" (a
  verb's). Not a list's day ("on 3 and 4 December", "on Dec 2, 3 and 4"), a limit's ("by Dec 15", "through Dec 4",
  "from Dec 2", "following Dec 2") nor one written as German does ("am 20. Dezember", its question's tense unread):
  searched as written, as before (fixD). A day with its year, "on 2026-12-02", is searched as written, as before.
- The notes of a day or a span ("notes from Jan 3", "entries from Dec 20 to Jan 2") are of days gone: the latest
  begun, as in a question in the past tense (asked in December, "notes from Jan 3" is last January's).
- A year said after a yearless span or day is its year ("on Dec 2 last year", "from Nov 16 to Nov 20 in 2025": the
  year ended this year's; a span across the new year the nearer of the two with an end in it, "from Dec 20 to Jan 2
  last year" asked in December 2026 is 2025-12-20 to 2026-01-02); a year said elsewhere in the question, in figures,
  words, after a month or cut short ("for the 2025 budget", "in May 2025 on May 3", "Dec 3 '25") reads none of them
  (searched as written) unless it is the one read ("during the 2026 conference").
- Not read, the two days searched as written as before: a span of more than a year (MAX_SPAN_DAYS) or with its
  ends reversed ("from Nov 20, 2026 to Nov 16, 2026"; said so: WrittenSpan.why, askday.UnreadSpan), a day moved ("postponed from Nov 16 to Nov 20": the two days,
  no span), a bare number that is no day ("from Nov 16 to 20 guests", "on Nov 16 from 9 to 11": Nov 16 alone).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from minirag_cli.text import MONTH_ALT, OWN_YEAR_AFTER, RELATIVE_YEAR, WEEKDAY_NAMES

MAX_SPAN_DAYS = 366  # a longer span (or since a day more than a year back) is no span read: its days searched
# the longest span whose yearless ends cross the new year ("from Dec 21 to Jan 4"): two months; an end further
# back in the calendar is a slip (ends reversed), not a span of most of a year ("from Nov 20 to Nov 16")
MAX_WRAP_DAYS = 62
# a yearless span beginning within this many days after the asking day is the coming one, not last year's, in a
# question not in the past tense ("who is off between Dec 20 and Jan 2?" asked Dec 7: the office's plan); further
# ahead it is the latest begun, whose notes are written ("between Mar 2 and Mar 6" asked in December)
COMING_SPAN_DAYS = 31
# ... and in a question that asks ahead (askday._asks_ahead_of_a_date: "what's due in january?", "is physio on Jan
# 12?"), a yearless month or day not yet ended and beginning within this many months after the asking day's: asked on
# 2026-12-07 January to April 2027; "what's due in november?" or "on Nov 30?" asked then is the one just gone
# (futuremonth's review: a year ahead read a month just ended as next year's)
AHEAD_MONTHS = 4


def ahead_horizon(today: dt.date) -> dt.date:
    """The first day after the AHEAD_MONTHS months after `today`'s (asked on 2026-12-07: 2027-05-01)."""
    month = today.month + AHEAD_MONTHS  # 1-based month, AHEAD_MONTHS + 1 on
    return dt.date(today.year + month // 12, month % 12 + 1, 1)

# an end's weekday written before it, "from Monday, Nov 16 to Friday, Nov 20" (not checked against the day)
_DAY_NAMES = "|".join([*WEEKDAY_NAMES, *(d[:3] for d in WEEKDAY_NAMES), "tues", "thur", "thurs"])
_WEEKDAY = r"(?:(?:" + _DAY_NAMES + r")\.?,?\s+)?"
# ... and a single day's, "on Wednesday, Dec 2": of its words, else a weekday read beside the day reads neither
_WEEKDAY_BEFORE = re.compile(r"\b(?:" + _DAY_NAMES + r")\.?,?\s+$", re.I)
# what joins the two ends: "to", "through", "until", a dash; "and" only after "between"
_JOIN = r"\s*,?\s*(?:to|through|thru|till|until|[-–—])\s*" + _WEEKDAY
_JOIN_AND = r"\s*,?\s*(?:and|to|through|thru|till|until|[-–—])\s*"
_LEAD = re.compile(r"\b(?P<lead>from|between)\s+(?:the\s+)?" + _WEEKDAY + "$", re.I)
# the words after a written day with which the question's clause goes on, "on Dec 2 at work", "Nov 16-20 in Paris"
# (not a name's or a count's word after it, "the Jan 6 committee", "from Nov 16 to 20 guests")
_CLAUSE_GOES_ON = r"(?:in|at|on|for|with|while|when|during|about)\b"
# a bare day number after a written day, "Nov 16–20", "November 16 to the 20th, 2026": the end's month (and year),
# when nothing but a stop, a year or a preposition follows it ("from Nov 16 to 20 guests" is no span)
_NUMBER_AFTER = re.compile(r"(?P<join>" + _JOIN_AND + r")(?:the\s+)?(?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
                           r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"
                           r"(?=\s*(?:$|[?!;)]|[.,:](?!\d)|(?:and|or)\b|" + _CLAUSE_GOES_ON + "))", re.I)
# a bare day number before a written day, "16-20 November", "between 16 and 20 November", "from the 16th to the 20th
# of November"
_NUMBER_BEFORE = re.compile(r"(?:\b(?P<lead>from|between)\s+)?(?:the\s+)?(?<![\d/.:-])(?P<day>[1-9]|[12]\d|3[01])"
                            r"(?:st|nd|rd|th)?(?P<join>" + _JOIN_AND + r")(?:the\s+)?$", re.I)
# the longest lead or bare day a day's span words write before it, "between the 31st through the ": under 40
# characters; a longer run of blanks inside one is no span
_LEAD_WINDOW = 80
# what may follow a single day written alone (a day, not a name's word or a list's): the question's or a clause's
# end, a possessive or a preposition ("on Dec 2?", "Dec 2's meeting", "on Dec 2 at work"; not "the Jan 6 committee",
# "on Dec 2 and 3", "on Dec 2, 9, 16", "on Dec 3 '25", "on Nov 16 from 9 to 11": the day searched as written, as
# before)
# ... and a time of that day after it, a comma's or a blank's, is no list's next day (qdays2: "on Dec 2, 2pm", "on 2
# December, 10:30", "on Dec 2 2pm" were no day, as "on Dec 2, 3 and 4" is none): "2pm", "2.30 p.m.", "10:30",
# "3 o'clock"
_TIME_AFTER = (r",?\s*(?:(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?\s*[ap]\.?m\b\.?|(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:])"
               r"|(?:1[0-2]|0?[1-9])\s*o['’]\s*clock\b)")
_DAY_ENDS = re.compile(r"\s*(?:$|[?!;)]|['’](?:s\b|(?=\W|$))|[.,:](?!\s*\d)|" + _CLAUSE_GOES_ON + ")|" + _TIME_AFTER,
                       re.I)
# ... nor a list's day written before it: "on 3 and 4 December", "on 2, 3 and 4 December" (not its last day)
_LIST_BEFORE = re.compile(r"(?<![\d/.:-])(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\s*(?:,|&|\+|\b(?:and|or)\b)\s*"
                          r"(?:the\s+)?$", re.I)
# ... nor a limit's day: the days up to it or from it, not the day ("what's due by Dec 15?", "what did I work on
# through Dec 4?", "what have I done from Dec 2?"; "before", "after", "since", "until" are askday._COMPARED's), but
# the notes from a day (_NOTES_OF)
_LIMIT_BEFORE = re.compile(r"\b(?:by|through|thru|to|from|following|around|as\s+of|ahead\s+of|start(?:s|ing)?"
                           r"|beginning)\s+(?:the\s+)?$", re.I)
# the words of the notes and records of a day: written, of a day gone (_NOTES_OF; askday._YES_NO_COMING)
RECORD_WORDS = (r"(?:notes?|journal|diary|entry|entries|logs?|records?|minutes|photos?|pictures?|summary|emails?"
                r"|messages?)\b")
# the notes of a day or a span, "notes from Jan 3", "my journal on Dec 2", "entries from Nov 16 to Nov 20": written,
# so of days gone (its year the latest begun, as a question in the past tense's), and "from" no limit
_NOTES_OF = re.compile(r"\b" + RECORD_WORDS + r"\s+(?:(?:from|on|of)\s+)?(?:the\s+)?$", re.I)
# a day written as German does, its number with a stop ("am 20. Dezember", "am 20.12."): a German question's, whose
# tense is unread (askday.past_tense), so not read alone (as before qdays)
_GERMAN_DAY = re.compile(r"\d{1,2}\.")
# a month's word that is a verb's in lower case: "I may 3 times…", "did we march 10 miles?" (not after "on")
_LOWER_VERB_MONTH = re.compile(r"\b(?-i:may|march|mar)\b")
_ON_BEFORE = re.compile(r"\bon\s+$", re.I)  # "on may 3" is a day
# a year said after a yearless span or day as a number, "from Nov 16 to Nov 20 in 2025", "Nov 16-20, of 2024" (in
# words it is text.OWN_YEAR_AFTER's, "on Dec 2 last year"); "on Dec 2 2025" is a day with its year (written_days)
_YEAR_NUMBER_AFTER = re.compile(r"[ \t]*,?[ \t]*(?:(?:of|in)[ \t]+)?(?P<year>(?:19|20)\d\d)(?![-/.]?\d)")
# ... and said anywhere else (_years_elsewhere): a year after a preposition or "the", ending a clause, after a month
# or cut short ("what did I write in 2025 about Dec 2?", "for the 2025 budget", "in May 2025 on May 3", "Dec 3 '25");
# not a count, "did I walk 2000 steps on Dec 2?"
_ANY_YEAR = re.compile(r"\b(?P<rel>this|last|next)\s+year\b"
                       r"|\b(?:in|of|during|for|the)\s+(?P<after>(?:19|20)\d\d)(?![-/.]?\d)"
                       r"|\b(?P<ends>(?:19|20)\d\d)(?=\s*(?:$|[?!;,.)]|['’]s\b))"
                       r"|\b(?:" + MONTH_ALT + r")\.?,?\s+(?P<month>(?:19|20)\d\d)\b(?![-/.]?\d)"
                       r"|(?<!\w)['’](?P<short>\d\d)\b", re.I)
# ... as a UK note writes its week (rules 30, ukdates: "what did i do w/c 30 nov" read the one day): "w/c", "w/b",
# "week commencing", "week beginning", "week starting", "week of"
_WEEK_OF = re.compile(r"(?<!\w)(?:the\s+)?week\s+of\s+(?:the\s+)?" + _WEEKDAY + "$", re.I)
# ... and the 7 days a week written by its first day starts with, whatever its weekday (fixU, review of ukdates:
# "week starting Sunday 6 Dec" read the Monday-to-Sunday week before it, 11-30..12-06)
_WEEK_FROM = re.compile(r"(?:(?<![\w/])w/[cb]\.?|\bw\.[cb]\.|(?<!\w)(?:the\s+)?week\s+"
                        r"(?:commencing|beginning|starting))\s+(?:the\s+)?" + _WEEKDAY + "$", re.I)
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


def written_span(question: str, today: dt.date, past: bool = False, ahead=None) -> WrittenSpan | None:
    """The one span of days `question` writes (module docstring), read against `today` for its year (a yearless one
    coming soon is last year's when `past`: the question is in the past tense; a yearless one is the coming one
    within AHEAD_MONTHS when `ahead(start, end)` says the question asks ahead of the yearless days written there:
    askday._asks_ahead_of_a_date, asked once, of such days alone); None when it writes
    none, several, or a day moved; one reversed or longer than a year with its `why`."""
    ends = _ends(question)
    # where the first "moved"/"how long" word ends: one pass each, not one search of the text before each day
    moved, measured = (next((m.end() for m in pattern.finditer(question)), len(question) + 1)
                       for pattern in (_MOVED, _MEASURED))
    found = [s for s in (_pair(question, ends, i, moved) for i in range(len(ends))) if s is not None]
    found += [s for e in ends if (s := _around(question, e, moved, measured)) is not None]
    if not found and len(ends) == 1 and (alone := _alone(question, ends[0], moved)) is not None:
        found = [alone]
    if len(found) != 1:
        return None
    start, end, kind, a, b = found[0]
    if any(start <= e.start < end for e in ends if e is not a and e is not b) or \
            any(not (start <= e.start < end) for e in ends):
        return None  # another day written beside the span ("from Nov 16 to Nov 20 and on Dec 1"): as before
    yearless = a.year is None and b.year is None
    if yearless and (said := _year_said(question, end, today)) is not None:  # "on Dec 2 last year": that year's
        year, end = said
        a = replace(a, year=_first_year(kind, a, b, year, today))
        b = b if kind == "span" else a
    if kind == "day" and not _DAY_ENDS.match(question, end):
        return None
    past = past or _before(_NOTES_OF, question, start) is not None
    days = _days(kind, a, b, today, past, yearless and not past and ahead is not None and ahead(start, end))
    if days is None:
        return None
    first, last = days
    if yearless and not _years_elsewhere(question[:start] + " " + question[end:], today) <= {first.year, last.year}:
        return None  # "for the 2025 budget" beside a span read as 2026's: which year is it? (not "during the 2026 …")
    why = ("it starts after today" if kind == "since" and last < first else
           "its end comes before its start" if last < first else
           "it is longer than a year" if (last - first).days > MAX_SPAN_DAYS else "")
    return WrittenSpan(" ".join(question[start:end].split()), first, last, (start, end), why)


def _before(pattern: re.Pattern, question: str, at: int) -> re.Match | None:
    """`pattern`'s match ending at `at` (each of these ends in "$"), looked for in the _LEAD_WINDOW characters
    before it alone: a search from the text's start for each written day took time growing with the square of a
    pasted text's length (1000 dates: 3.5 s)."""
    return pattern.search(question, max(0, at - _LEAD_WINDOW), at)


def _pair(question: str, ends: list[_End], i: int, moved: int):
    """(start, end, "span", first end, last end) of two written days joined ("from Nov 16 to Nov 20", "between Nov
    16 and Nov 20", "Nov 16 - Nov 20"), None if the days at `i` and `i + 1` are no such pair."""
    if i + 1 >= len(ends):
        return None
    a, b = ends[i], ends[i + 1]
    lead = _before(_LEAD, question, a.start)
    between = question[a.end:b.start]
    joined = re.fullmatch((_JOIN_AND + _WEEKDAY) if lead and lead.group("lead").lower() == "between" else _JOIN,
                          between, re.I)
    if not joined or moved <= a.start:
        return None
    return (lead.start() if lead else a.start), b.end, "span", a, b


def _around(question: str, e: _End, moved: int, measured: int):
    """(start, end, kind, first end, last end) of a span one written day `e` ends or starts with a bare day number
    ("Nov 16–20", "16-20 November"), or leads ("the week of Nov 16", "since Nov 16"); None if none."""
    if e.month_first and (m := _NUMBER_AFTER.match(question, e.end)):
        lead = _before(_LEAD, question, e.start)
        if (m.group("join").strip().lower() != "and" or (lead and lead.group("lead").lower() == "between")) and \
                moved > e.start:
            year = int(m.group("year")) if m.group("year") else e.year
            other = _End(m.start("day"), m.end(), year, e.month, int(m.group("day")), False)
            return (lead.start() if lead else e.start), m.end(), "span", e, other
    if not e.month_first and (m := _before(_NUMBER_BEFORE, question, e.start)):
        if (m.group("join").strip().lower() != "and" or (m.group("lead") or "").lower() == "between") and \
                moved > m.start():
            other = _End(m.start("day"), m.end("day"), e.year, e.month, int(m.group("day")), False)
            return m.start(), e.end, "span", other, e
    if (m := _before(_WEEK_OF, question, e.start)):
        return m.start(), e.end, "week", e, e
    if (m := _before(_WEEK_FROM, question, e.start)):
        return m.start(), e.end, "week from", e, e
    if (m := _before(_SINCE, question, e.start)) and measured > m.start():
        return m.start(), e.end, "since", e, e
    return None


def _alone(question: str, e: _End, moved: int):
    """(start, end, "day", e, e) of the one day `question` writes, `e`, when it is written alone without its year
    (module docstring: "what happened on Dec 2?"), its weekday before it in its words ("on Wednesday, Dec 2"); None
    for a day with its year, one moved ("moved to Dec 2"), one of a list or a limit's (_LIST_BEFORE, _LIMIT_BEFORE:
    "on 3 and 4 December", "by Dec 15"), one written as German does (_GERMAN_DAY) or a verb's "may 3"
    (_LOWER_VERB_MONTH). What follows it is written_span's to check, after a year said (_DAY_ENDS)."""
    if e.year is not None or moved <= e.start or _GERMAN_DAY.match(question, e.start) or \
            _before(_LIST_BEFORE, question, e.start) or \
            (_LOWER_VERB_MONTH.search(question, e.start, e.end) and not _ON_BEFORE.search(question, 0, e.start)):
        return None
    weekday = _before(_WEEKDAY_BEFORE, question, e.start)
    start = weekday.start() if weekday else e.start
    if _before(_LIMIT_BEFORE, question, start) and not _before(_NOTES_OF, question, start):
        return None
    return start, e.end, "day", e, e


def _year_said(question: str, at: int, today: dt.date) -> tuple[int, int] | None:
    """(year, where its words end) of a year said at `at`, right after a yearless day or span: in words
    (text.OWN_YEAR_AFTER, "on Dec 2 last year": from `today`'s) or as a number (_YEAR_NUMBER_AFTER, "in 2025")."""
    if (said := OWN_YEAR_AFTER.match(question, at)) is not None:
        return today.year + RELATIVE_YEAR[said.group("rel").lower()], said.end()
    if (said := _YEAR_NUMBER_AFTER.match(question, at)) is not None:
        return int(said.group("year")), said.end()
    return None


def _first_year(kind: str, a: _End, b: _End, year: int, today: dt.date) -> int:
    """The year a yearless span `a` to `b` (or day) begins in when `year` is said after it: `year`, but for a span
    across the new year the nearer to `today` of the two with an end in it ("from Dec 20 to Jan 2 last year" asked
    in December 2026: 2025-12-20 to 2026-01-02, not 2024's; "… next year": 2026-12-20 to 2027-01-02)."""
    try:
        if kind == "span" and _wraps(a, b) and \
                abs(dt.date(year - 1, a.month, a.day) - today) < abs(dt.date(year, a.month, a.day) - today):
            return year - 1
    except ValueError:  # "Nov 31": no such day, no span read (_days)
        pass
    return year


def _years_elsewhere(rest: str, today: dt.date) -> set[int]:
    """The years `rest` (a question but its yearless day or span) says (_ANY_YEAR): "last year" from `today`'s,
    "'25" 2025."""
    years = set()
    for m in _ANY_YEAR.finditer(rest):
        if m.group("rel"):
            years.add(today.year + RELATIVE_YEAR[m.group("rel").lower()])
        elif m.group("short"):
            years.add(2000 + int(m.group("short")))
        else:
            years.add(int(m.group("after") or m.group("ends") or m.group("month")))
    return years


def _days(kind: str, a: _End, b: _End, today: dt.date, past: bool,
          ahead: bool = False) -> tuple[dt.date, dt.date] | None:
    """(first, last) of the span: its ends' years written or, with none, the latest such span begun by `today`, or
    one beginning within COMING_SPAN_DAYS unless `past`, or the one not yet ended when `ahead` (module docstring);
    reversed ends as written (last before first); None for a day no calendar has (Feb 30)."""
    try:
        if kind == "day":
            return _yearless(today, lambda year: (dt.date(year, a.month, a.day),) * 2, a.year, past, ahead)
        if kind == "week":
            return _yearless(today, lambda year: _week(dt.date(year, a.month, a.day)), a.year, past, ahead)
        if kind == "week from":  # its first day and the 6 after it
            return _yearless(today, lambda year: (dt.date(year, a.month, a.day),
                                                  dt.date(year, a.month, a.day) + dt.timedelta(days=6)), a.year, past,
                             ahead)
        if kind == "since":  # always back (a day written with its year after today: (day, today), reversed, said)
            return _yearless(today, lambda year: (dt.date(year, a.month, a.day),) * 2, a.year, True)[0], today
        wraps = _wraps(a, b)
        if a.year is not None and b.year is not None:
            return dt.date(a.year, a.month, a.day), dt.date(b.year, b.month, b.day)
        if b.year is not None:  # "from Dec 21 to Jan 4, 2027": the year before when the span crosses the new year
            return dt.date(b.year - wraps, a.month, a.day), dt.date(b.year, b.month, b.day)
        if a.year is not None:  # "from Dec 21, 2025 to Jan 4": the year after when it crosses the new year
            return dt.date(a.year, a.month, a.day), dt.date(a.year + wraps, b.month, b.day)
        return _yearless(today, lambda year: (dt.date(year, a.month, a.day), dt.date(year + wraps, b.month, b.day)),
                         None, past, ahead)
    except ValueError:
        return None


def _week(day: dt.date) -> tuple[dt.date, dt.date]:
    monday = day - dt.timedelta(days=day.weekday())
    return monday, monday + dt.timedelta(days=6)


def _wraps(a: _End, b: _End) -> bool:
    """Do ends `a` to `b` cross the new year: `b`'s month before `a`'s ("from Dec 21 to Jan 4") and the span no
    longer than MAX_WRAP_DAYS; else an end before the start is reversed ("from Nov 20 to Nov 16", "Dec 30-2")."""
    if b.month >= a.month:
        return False
    return (dt.date(2001, b.month, b.day) - dt.date(2000, a.month, a.day)).days <= MAX_WRAP_DAYS


def _yearless(today: dt.date, span_in, year: int | None, past: bool, ahead: bool = False) -> tuple[dt.date, dt.date]:
    """The span `span_in(year)` gives (first, last): of `year` when written; else, `ahead` (a plan's question: "is the
    boiler service booked for Jan 12?" asked on 2026-12-07), the first not yet ended by `today` and begun before
    ahead_horizon (2027-01-12; futuremonth: it read the Jan 12 gone); else the one beginning within COMING_SPAN_DAYS
    after `today` unless `past`, else the latest begun by `today`. ValueError when no year has such a day (Feb 30;
    Feb 29 has a leap year within the four years looked back)."""
    found = []
    for candidate in ([year] if year is not None else range(today.year - 4, today.year + 2)):
        try:
            found.append(span_in(candidate))
        except ValueError:  # Feb 29 in a common year
            continue
    if year is not None and found:
        return found[0]
    unended = [s for s in found if s[1] >= today and s[0] < ahead_horizon(today)]
    if ahead and unended:
        return min(unended)
    coming = [s for s in found if today < s[0] <= today + dt.timedelta(days=COMING_SPAN_DAYS)]
    begun = [s for s in found if s[0] <= today]
    if coming and not past:
        return min(coming)
    if begun:
        return max(begun)
    raise ValueError("no such day")
