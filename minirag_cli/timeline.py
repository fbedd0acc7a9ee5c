"""Questions about order in time, answered from the notes' dates.

"Did X before Y?", "Did X after Y?", "Did it take more than 3 weeks from X
to Y?", "Is the time interval more than 7 days between X and Y?": a 1.5B
model reading two dated sources leans to "yes" whatever the dates say. Here
the question is split into its two events, each event is matched to the
listed result that its own search ranks best, and the verdict comes from
comparing the two notes' dates, in code. The answer cites both notes. An
event told alike (the same words, by the same speaker) in RECURS notes or
more recurs (a rent reminder each month): for "before"/"after" the two
events' notes nearest each other in time are compared, the reminder with the
payment it asked for, and the answer says so; an event that names its day
("paid on 20260301") is of the note of that day.

"When did X?" (and "When was the first time X?", "When is X discussed?")
about a timestamped note (a chat or log whose date has a time of day: it
records a moment) asks for that moment: the model, given dated sources,
reads a time out of a line or a date out of another note more often than
the note's own date (BENCHMARKS "When did X? answered from the note's
date"). Here X is matched the same way (or, of the listed notes X's search
reaches, by the one with a line holding more of X's words: match_told) and
the answer is the date of its note, or the day before when the note's line
about X (or the other speaker's reply to it) tells of it as "yesterday" or
"last night" ("ask
you if you have received the curtains!" / "Yep, I have received it
yesterday!"). A note dated by day only (a journal page, a report) tells of
plans and past days as well, so there the model reads the text, unless a
line of the note starts with the time of X (an incident's timeline row
`| 13:55 | Redis primary starts failing health checks |`, a log's `14:02
alert fired`: stated_time): then the answer is that time on the note's day,
whatever its date's time (the model, given the incident note, answered
"When did the incident start?" with its day alone).

An order question's event told of as "yesterday" in its note (the same
reading) took place the day before the note: the two events are then
compared by their days, and on the same day there is no verdict.

Nothing is guessed: when the question does not split that way, an event
matches no listed result, both events land in the same note, or a note has
no date, `answer_order` (`answer_when`) returns None and the model answers
as usual.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Callable

from minirag_cli.answer_score import STOPWORDS, content_words
from minirag_cli.text import NUMBER_WORDS, file_period

MIN_EVENT_WORDS = 3  # content words each side of the split must have
EVENT_DEPTH = 20  # how deep in an event's own search a listed result may be

_LEAD = re.compile(r"^\s*(?:question\s*:\s*)?(?:did|does|do|is|was|were|has|had|have)\s+", re.I)
_ORDER_WORD = re.compile(r"\b(before|after|prior to)\b", re.I)
_INTERVAL = re.compile(r"\b(more|less|longer|shorter|fewer)\s+than\s+(\d+|a|one|two|three|four|five|six|seven|eight|"
                       r"nine|ten|eleven|twelve)\s+(day|week|month|year)s?\b", re.I)
_NUMBERS = {"a": 1, **{w: n for w, n in NUMBER_WORDS.items() if n <= 12}}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
# past tense only: "When is the bake sale?" asks for a time the note states, not the note's date
_WHEN = re.compile(r"^\s*(?:question\s*:\s*)?when\s+(?:did\s+|(?:was|were)\s+(?=the\s+(?:first|last)\s+time\b))"
                   r"(.+?)[\s?.!]*$", re.I)
# "When is/was X discussed?" asks when the talk took place: the note's moment, whatever the tense
_WHEN_TALKED = re.compile(r"^\s*(?:question\s*:\s*)?when\s+(?:is|was|were|are)\s+(.+?\s(?:being\s+)?(?:discussed|"
                          r"mentioned|talked about|brought up))[\s?.!]*$", re.I)
_DAY_BEFORE = re.compile(r"\b(yesterday|last night)\b", re.I)
STATED_EVENT_WORDS = 2  # content words X needs when its note states the time (stated_time): "the incident start"
# a line that starts with a time of day: a timeline table's row (`| 14:02 | paged |`), a log's or an
# exported chat's line (`14:02 alert fired`, `[14:02] pagerduty: Triggered`, `- 9:30am standup`)
_TIMED_LINE = re.compile(r"^\s*(?:[-*+]\s+)?(?:\|\s*)?[\[(*]*\s*([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?"
                         r"(?:\s*([ap])\.?m\b\.?)?[\])*]*(?:\s*\||\s*[-–—:,]?\s)\s*(\S.*?)[\s|]*$", re.I)
_NOTE_DATE = re.compile(r"^(\d{4})-(\d\d)-(\d\d)(?: (\d\d):(\d\d))?$")


@dataclass(frozen=True)
class OrderQuestion:
    kind: str  # "before" | "after" | "longer" | "shorter"
    first: str  # event X (the one the question asks about)
    second: str  # event Y
    days: int = 0  # the interval threshold, for longer/shorter


def _content(text: str) -> int:
    return sum(1 for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOPWORDS)


def parse_order_question(question: str) -> OrderQuestion | None:
    """The two events and the relation, or None (not a yes/no question about order)."""
    q = question.strip().rstrip("?. ")
    if not _LEAD.match(q):
        return None
    m = _INTERVAL.search(q)
    if m:
        kind = "longer" if m.group(1).lower() in ("more", "longer") else "shorter"
        n = int(m.group(2)) if m.group(2).isdigit() else _NUMBERS[m.group(2).lower()]
        days = n * _UNIT_DAYS[m.group(3).lower()]
        rest = q[m.end():]
        span = (re.search(r"\bbetween\s+(.+?)\s+and\s+(.+)$", rest, re.I)
                or re.search(r"\bfrom\s+(.+?)\s+(?:to|until|till)\s+(.+)$", rest, re.I)
                or re.search(r"\bbetween\s+(.+?)\s+and\s+(.+)$", q, re.I))
        if not span or min(_content(span.group(1)), _content(span.group(2))) < MIN_EVENT_WORDS:
            return None
        return OrderQuestion(kind, span.group(1).strip(), span.group(2).strip(), days)
    body = _LEAD.sub("", q, count=1)
    # the connecting word is the last before/after with an event on each side
    # ("a warm shower before sleeping ... before sharing the article")
    for m in reversed(list(_ORDER_WORD.finditer(body))):
        first, second = body[:m.start()].strip(" ,"), body[m.end():].strip(" ,")
        if min(_content(first), _content(second)) >= MIN_EVENT_WORDS:
            kind = "after" if m.group(1).lower() == "after" else "before"
            return OrderQuestion(kind, first, second)
    return None


def parse_when_question(question: str, least: int = MIN_EVENT_WORDS) -> str | None:
    """X of "When did X?" / "When was the first time X?" / "When is X
    discussed?" (X with its verb: "the garage sale being discussed") with at
    least `least` content words, or None."""
    m = _WHEN.match(question) or _WHEN_TALKED.match(question)
    if not m or _content(m.group(1)) < least:
        return None
    return m.group(1).strip()


def parse_date(value: str) -> dt.datetime | None:
    m = _NOTE_DATE.match(value or "")
    if not m:
        return None
    y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
    h, mi = (int(m.group(4)), int(m.group(5))) if m.group(4) else (0, 0)
    try:
        return dt.datetime(y, mo, d, h, mi)
    except ValueError:
        return None


def note_key(r: dict) -> tuple[str, str]:
    """The note a result (or source) is of: its synced folder and its path
    there (two synced folders may both hold a `todo.md`)."""
    return (r.get("root") or "", r.get("path") or "")


def reached_sources(event: str, sources: list[dict], search: Callable[[str], list[dict]]) -> list[dict]:
    """The listed sources the event's own search reaches (its first
    EVENT_DEPTH results), in its order, each once: a result reaches the
    sources of its chunk, else (another chunk of the note was listed) those
    of its note, in their listed order."""
    by_chunk: dict = {}
    by_note: dict = {}
    for s in sources:
        if s.get("chunk_id") is not None:
            by_chunk.setdefault(s["chunk_id"], []).append(s)
        by_note.setdefault(note_key(s), []).append(s)
    reached: dict[int, dict] = {}  # id(source) -> source, in the event's order
    for r in search(event)[:EVENT_DEPTH]:
        for s in by_chunk.get(r.get("chunk_id")) or by_note.get(note_key(r), []):
            reached.setdefault(id(s), s)
    return list(reached.values())


def _line_words(words: set[str], text: str) -> int:
    """The most of `words` (content_words' stems) that one line of `text` holds."""
    return max((len(words.intersection(content_words(line))) for line in text.split("\n")), default=0)


def match_told(event: str, sources: list[dict], search: Callable[[str], list[dict]]) -> dict | None:
    """The listed source whose line tells of the event most fully: of the
    listed sources the event's own search reaches (EVENT_DEPTH), the one
    with a line holding the most of the event's content words, ties to the
    one the search ranks highest (the first reached). A Zettelkasten's thought
    note ("Eigenvalues in data structures?" ... "Ask Alvarez or Chen?")
    ranked above the lecture ("Alvarez said eigenvalues will be on the
    exam") for "When did Alvarez talk about eigenvalues?": each word in a
    line of its own, the two together in the lecture's."""
    reached = reached_sources(event, sources, search)
    if not reached:
        return None
    words = set(content_words(event))
    return max(reached, key=lambda s: _line_words(words, s.get("text", "")))  # max keeps the first of ties


RECURS = 3  # notes told alike that make an event recurring: a payment told and then retold ("paid it last week") is two


def _told_in(words: set[str], line: str) -> tuple[frozenset[str], str | None]:
    """The event's words a line holds, its chat speaker's tag left out (`LiHua:`
    gives every line of Li Hua's two of "Li Hua paid the rent"), and that speaker."""
    from minirag_cli.extract.heuristic import speaker_tag

    m = speaker_tag(line)
    said = line[m.end():] if m else line
    return frozenset(words.intersection(content_words(said))), (m.group(1).strip() if m else None)


def told_alike(event: str, reached: list[dict]) -> list[dict]:
    """The notes that tell of the event in the words the first-ranked one
    does: of `reached` (reached_sources: the listed sources the event's own
    search reaches, in its order), the first and each of another note with a
    line holding the same of the event's content words (at least
    MIN_EVENT_WORDS, a speaker's tag not counted) said by the same speaker,
    a note once. RECURS or more are an event that recurs: a landlord's
    "just a quick reminder that the rent is due soon" each month."""
    if not reached:
        return []
    words = set(content_words(event))
    lines = [_told_in(words, line) for line in reached[0].get("text", "").split("\n")]
    told = max(lines, key=lambda t: len(t[0]))  # max keeps the first of ties
    alike: dict[tuple[str, str], dict] = {note_key(reached[0]): reached[0]}
    if len(told[0]) >= MIN_EVENT_WORDS:
        for s in reached[1:]:
            lines_of_s = s.get("text", "").split("\n")
            if note_key(s) not in alike and any(_told_in(words, line) == told for line in lines_of_s):
                alike[note_key(s)] = s
    return list(alike.values())


def on_named_day(event: str, notes: list[dict]) -> list[dict]:
    """Of an event's notes, those of the day the event names ("transferred
    the rent on 20260301", "on March 1": any year), when it names one and
    some are of that day; else all of them."""
    days = [w[len("@date:"):] for w in content_words(event) if w.startswith("@date:")]
    if not days:
        return notes

    def named(note: dict) -> bool:
        d = parse_date(note.get("date", ""))
        return d is not None and any(day in (f"{d:%Y-%m-%d}", f"?-{d:%m-%d}") for day in days)
    return [n for n in notes if named(n)] or notes  # `notes` itself when no note is of the day


def _instances(event: str, first: dict, reached: list[dict]) -> list[dict]:
    """The notes an order question's event may be of: those of the day it
    names, if any is; else, when it recurs (RECURS notes told alike), each of
    them; else the first-ranked one."""
    alike = told_alike(event, reached)
    named = on_named_day(event, alike)
    if named is not alike:
        return named
    return alike if len(alike) >= RECURS else [first]


def nearest_pair(xs: list[dict], ys: list[dict]) -> tuple[dict, dict] | None:
    """Of two recurring events' notes (told_alike), the two of different
    notes whose dates are nearest each other, ties to the events' searches'
    order: a reminder and the payment it asks for are a pair, the reminder
    of the month after is not. None when no two dated notes pair."""
    pairs = [(abs((dx - dy).total_seconds()), i + j, i, x, y)
             for i, x in enumerate(xs) if (dx := parse_date(x.get("date", ""))) is not None
             for j, y in enumerate(ys) if (dy := parse_date(y.get("date", ""))) is not None
             and note_key(x) != note_key(y)]
    if not pairs:
        return None
    *_, x, y = min(pairs, key=lambda p: p[:3])
    return x, y


@dataclass
class OrderAnswer:
    verdict: str  # "Yes" | "No"
    text: str
    citations: list[int]


def _quote(event: str, limit: int = 70) -> str:
    event = re.sub(r"\s+", " ", event).strip()
    return event if len(event) <= limit else event[:limit].rsplit(" ", 1)[0] + " …"


def _has_time(raw: str) -> bool:
    """Does a note date ('2026-01-22 15:00' or '2026-01-22') give a time of day?"""
    return len(raw) > len("2026-01-22")


def _day(d: dt.datetime) -> str:
    """'May 2, 2024': a day as the answers write it (no %-d: glibc's, not Windows')."""
    return f"{d:%B} {d.day}, {d.year}"


def _when(d: dt.datetime, raw: str) -> str:
    """A note's date as the answers write it: its day, and its time when `raw` gives one."""
    return _day(d) + (d.strftime(" %H:%M") if _has_time(raw) else "")


def answer_order(question: str, sources: list[dict], search: Callable[[str], list[dict]]) -> OrderAnswer | None:
    """A verdict from the notes' dates, or None when it cannot be had for sure.
    `sources` are the listed results (with n, chunk_id, path, date);
    `search(text)` ranks chunks for a piece of the question."""
    oq = parse_order_question(question)
    if oq is None:
        return None
    rx, ry = reached_sources(oq.first, sources, search), reached_sources(oq.second, sources, search)
    x, y = (rx[0] if rx else None), (ry[0] if ry else None)  # the listed source each event's search ranks highest
    if x is None or y is None or x.get("path") == y.get("path"):
        return None
    kx = ky = 1  # how many notes tell alike of the event compared
    if oq.kind in ("before", "after"):
        # an event told alike in several notes recurs: "did X before Y?" asks of the X and the Y that go
        # together, the two nearest in time; an event that names its day, of that day's note (an interval
        # question is not paired so: the nearest two would only make every interval short)
        xs, ys = (_instances(event, first, reached)
                  for event, first, reached in ((oq.first, x, rx), (oq.second, y, ry)))
        if xs != [x] or ys != [y]:
            x, y = nearest_pair(xs, ys) or (x, y)
            kx, ky = len(xs), len(ys)
    noted_x, noted_y = parse_date(x.get("date", "")), parse_date(y.get("date", ""))
    if noted_x is None or noted_y is None:
        return None
    dx, dy = noted_x, noted_y  # when the events took place, as far as the notes tell
    # an event the note tells of as "yesterday" took place the day before the
    # note, at a time it does not say: then the two are compared by their days (a day before the other's, or no verdict)
    tx, ty = told_as_day_before(oq.first, x.get("text", "")), told_as_day_before(oq.second, y.get("text", ""))
    if tx or ty:
        dx = dt.datetime.combine(dx.date() - dt.timedelta(days=1 if tx else 0), dt.time())
        dy = dt.datetime.combine(dy.date() - dt.timedelta(days=1 if ty else 0), dt.time())
    if dx == dy:
        return None
    nx, ny = x["n"], y["n"]
    ex, ey = _quote(oq.first), _quote(oq.second)
    wx, wy = _when(noted_x, x["date"]), _when(noted_y, y["date"])
    # the answer names the note's date; an event told as the day before is said so
    sx = f"in a note of {wx} [{nx}]" if not tx else _told_day(dx, wx, tx, nx)
    if oq.kind in ("before", "after"):
        yes = dx < dy if oq.kind == "before" else dx > dy
        order = "before" if dx < dy else "after"
        sy = f"on {wy} [{ny}]" if not ty else _told_day(dy, wy, ty, ny)
        # a recurring event's note was chosen as the other's nearest: the reader is told it recurs
        sx, sy = sx + _of_alike(kx), sy + _of_alike(ky)
        text = f"{'Yes' if yes else 'No'}. “{ex}” is {sx}, {order} “{ey}” {sy} (compared by the notes' dates)."
    else:
        days = abs((dy - dx).total_seconds()) / 86400
        yes = days > oq.days if oq.kind == "longer" else days < oq.days
        sy = f"in one of {wy} [{ny}]" if not ty else _told_day(dy, wy, ty, ny)
        text = (f"{'Yes' if yes else 'No'}. “{ex}” is {sx} and “{ey}” {sy}: "
                f"{days:.0f} days apart (compared by the notes' dates).")
    return OrderAnswer("Yes" if yes else "No", text, [nx, ny])


def _of_alike(k: int) -> str:
    return f" (the nearest of {k} notes that tell of it alike)" if k > 1 else ""


def _told_day(day: dt.datetime, note_when: str, told: str, n: int) -> str:
    """'on May 2, 2024 (“yesterday” in the note of May 3, 2024 10:00 [1])';
    `note_when` is the note's date as _when writes it."""
    return f"on {_day(day)} (“{told}” in the note of {note_when} [{n}])"


@dataclass
class WhenAnswer:
    when: str  # the note's date, as written in the answer
    text: str
    citations: list[int]


def _speaker(line: str) -> str | None:
    from minirag_cli.extract.heuristic import speaker_tag  # a tag that may name a chat speaker (no `Status:`)

    m = speaker_tag(line)
    return m.group(1).strip() if m else None


def told_as_day_before(event: str, text: str) -> str | None:
    """"yesterday" / "last night" when the line of `text` that shares most of
    the event's content words (at least two, or all it has) says so, or the
    reply to it (the next line, when another speaker says it: "ask you if
    you have received the curtains!" / "Yep, I have received it
    yesterday!"); else None."""
    wanted = set(content_words(event))
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not wanted or not lines:
        return None
    shared = [len(wanted & set(content_words(ln))) for ln in lines]
    best = max(range(len(lines)), key=lambda i: (shared[i], -i))
    if shared[best] < min(2, len(wanted)):
        return None
    told = lines[best:best + 1]
    if best + 1 < len(lines) and _speaker(lines[best + 1]) not in (None, _speaker(lines[best])):
        told.append(lines[best + 1])
    for line in told:
        m = _DAY_BEFORE.search(line)
        if m:
            return m.group(1).lower()
    return None


def stated_time(event: str, text: str) -> tuple[str, str] | None:
    """The time of day a line of `text` starting with one states for the
    event ('13:55', 24-hour), and the rest of that line: of the timed lines
    (_TIMED_LINE: a timeline table's rows, a log's `14:02 alert fired`), the
    one holding the most of the event's content words, at least half of
    them, ties to the first; None when none does or that line tells of
    another day ("yesterday": its time is not the event's)."""
    wanted = set(content_words(event))
    best, found = 0, None
    for line in text.splitlines():
        m = _TIMED_LINE.match(line)
        if not m:
            continue
        shared = len(wanted & set(content_words(m.group(4))))
        if shared > best:
            best, found = shared, m
    if found is None or best * 2 < len(wanted) or _DAY_BEFORE.search(found.group(4)):
        return None
    hour, minute, half = int(found.group(1)), found.group(2), (found.group(3) or "").lower()
    if half and not 1 <= hour <= 12:
        return None
    hour = hour % 12 + (12 if half == "p" else 0) if half else hour
    return f"{hour:02d}:{minute}", re.sub(r"\s*\|\s*", "; ", found.group(4).strip())


def answer_when(question: str, sources: list[dict], search: Callable[[str], list[dict]]) -> WhenAnswer | None:
    """"When did X?" answered by the date of the note that X's own search
    ranks best among the listed results, or of the one that tells of X in
    more of its words in one line (match_told); the day before, when the
    note tells of X as "yesterday"/"last night" (`told_as_day_before`, from the source's
    `text`); the note's day at the time a line of it states for X
    (stated_time: an incident's timeline row), whether or not its date has
    a time of day, for an X of two content words too ("the incident
    start"); None when the question is not of that form, X matches no listed
    result, its note is of a week or a month, or, no line stating X's time,
    its note's date has no time of day (no date, or a day only)."""
    event = parse_when_question(question, least=STATED_EVENT_WORDS)
    if event is None:
        return None
    x = match_told(event, sources, search)
    d = parse_date(x.get("date", "")) if x is not None else None
    if d is None:
        return None
    # a week's or a month's note is dated by a day its lines need not be of
    stated = stated_time(event, x.get("text", "")) if file_period(x.get("path") or "") is None else None
    if stated:
        text = f"On {_day(d)} at {stated[0]} [{x['n']}]: “{_quote(stated[1])}” in the note that matches “{_quote(event)}”."
        return WhenAnswer(f"{_day(d)} {stated[0]}", text, [x["n"]])
    if not _has_time(x["date"]) or _content(event) < MIN_EVENT_WORDS:  # a day without a time, or a short X
        return None
    when = _when(d, x["date"])
    told = told_as_day_before(event, x.get("text", ""))
    if told:
        day = _day(d - dt.timedelta(days=1))
        text = f"On {day} [{x['n']}]: “{told}” in the note of {when} that matches “{_quote(event)}”."
        return WhenAnswer(day, text, [x["n"]])
    text = f"On {when} [{x['n']}]: the date of the note that matches “{_quote(event)}”."
    return WhenAnswer(when, text, [x["n"]])
