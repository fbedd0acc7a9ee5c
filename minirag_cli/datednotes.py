"""The notes dated in the days a question asks about, as candidates of their own.

A question that resolves to a day or a period ("what did I do yesterday?"
read against the asking day, askday.py; "on November 8", "in May": the date
terms retrieve.search reads) is about the notes dated in it. The text
channels find them by the date their header holds, but every chunk of such a
note carries that date alike, so one long note (a pasted log of hundreds of
chunks) filled the whole candidate pool and the date vote, which reaches only
chunks some channel found, never saw the other notes of the day or month.

So each note dated in the asked days is a candidate directly (retrieve.search
with the dense channel): its best chunk by the question's vector (the chunk a
channel ranked best when its vectors are too many to read, else its first),
voted for by the `date` channel. A note covers a
week or a month by its file name (text.file_period: `2026-W45.md`,
`2026-11.md`, whatever day its head writes: `# Week of 2026-11-02`), or is
dated by its head (store.note_dating_heads: as store.note_heads dates answer
sources, a pre-upgrade `---` header by its first chunk's front matter) or
file name (text.note_date: a daily note). Its
vote is the share of the note's own days that fall in the asked days: 1 for
a daily note of them and for a weekly note asked about by its week, 1/7 for
a weekly note asked about by one of its days, 7/30 for a monthly note asked
about by a week of it; so a day's own notes rank above the week's review, and
the review above the month's. Where no daily note is of an asked day, its
week's note is the day's own and votes 1 (a freelancer's
`weekly/2026-W47.md` for "on the 17th"); a month's note never. A note with dated sections (a journal's
`## 2026-11-03`, sections.py: each such chunk's header holds its day) is
of each section's day with a vote of 1, its best chunk chosen among the
asked days' sections alone (section_days, dated_chunks). The notes' spans
are read once per connection while the index is unchanged (note_spans,
store.data_stamp).
"""

from __future__ import annotations

import datetime as dt
import re
import weakref
from fractions import Fraction

import numpy as np

from minirag_cli.frontmatter import header_head
from minirag_cli.store import search as store
from minirag_cli.text import line_date

# at most this many chunks' vectors are read to choose the dated notes' best chunks (30 us each)
MAX_SCORED_CHUNKS = 4096


def asked_spans(periods: list[str], days=None) -> list[tuple[dt.date, dt.date]]:
    """The (first, last) days a question asks about: its asked days
    (askday.AskedDays) and the days and months of its date key prefixes
    (text.date_key_prefixes: 'date:2026-05', 'date:2026-05-08'); a part
    of a month ('date:2026-10-1', the 10th to the 19th) is none."""
    spans = list(days.spans()) if days is not None else []
    for p in periods:
        m = re.fullmatch(r"date:(\d{4})-(\d\d)(?:-(\d\d))?", p)
        if m is None:
            continue
        try:
            first = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1))
        except ValueError:
            continue
        last = first if m.group(3) else (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
        spans.append((first, last))
    return list(dict.fromkeys(spans))


def note_span(path: str, root: str, head: str, titled: bool = False,
              in_words: bool = True) -> tuple[dt.date, dt.date] | None:
    """The days a note is of: a weekly or monthly note's period (its file
    name, text.file_period), else its head's date (store.note_dating_heads),
    else its file name's or folders' (also tasks.py's note date and the
    days answer.on_the_day keeps), and with `titled` (the days a question asks: _read_spans, answer.of_the_days)
    last the month its name opens with (`2026-11 report.md`: text.note_period); None for an undated note. Without
    it (tasks' and latest's note date) such a note stays undated: a task in `Treasurer/2026-11 report.md` is of no
    day, not of November's 1st (review of qmonth). Without `in_words`, a title's month in words (`Rent ledger - Nov
    2026.md`) dates nothing (text.note_period: the answer's notes of the days)."""
    from minirag_cli.text import file_period, note_date, note_period

    # the file name's period first: `2026-W45.md` headed `# Week of 2026-11-02` is the week, not its
    # Monday (it was, and "on Wednesday" never reached the week's review)
    period = file_period(path)
    if period is not None:
        return period
    # the head's date next, then the file name's (note_date: a todo.txt's head, its first task, dates nothing)
    date = note_date(head, path, root or "")
    if date:
        try:
            day = dt.date.fromisoformat(date[:10])
        except ValueError:
            return None
        return day, day
    # last, a titled note's month: `Treasurer/2026-11 report.md` headed by no day is of November
    return note_period(path, in_words) if titled else None


def titled_month(path: str, root: str, head: str) -> bool:
    """Is the note dated by the month its title opens with alone (note_span's last: `2026-11 report.md`)?"""
    from minirag_cli.text import file_period, note_date

    return (file_period(path) is None and not note_date(head, path, root or "")
            and note_span(path, root, head, titled=True) is not None)


# connection -> (store.data_stamp, [(document id, its span)]): every date question read every note's
# head anew (27-45 ms on 442 notes); `mrag ask -i`, the MCP server and `mrag serve` ask many on one
# connection, and the spans change only when the index does. A connection that takes no weak
# reference (a bare sqlite3 one: db.connect's do) is read each time.
_SPANS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _read_spans(conn) -> tuple[list, list, frozenset, frozenset]:
    """(note_spans, section_days, titled_month_notes, the notes dated by their title's month in words alone) read once
    while the index is unchanged (store.data_stamp)."""
    stamp = store.data_stamp(conn)
    try:
        kept = _SPANS.get(conn)
    except TypeError:
        kept = None
    if kept is not None and kept[0] == stamp:
        return kept[1], kept[2], kept[3], kept[4]
    heads = store.note_dating_heads(conn)
    spans = [(doc, span) for doc, path, root, head in heads
             if (span := note_span(path, root, head, titled=True)) is not None]
    titled = frozenset(doc for doc, path, root, head in heads if titled_month(path, root, head))
    worded = frozenset(doc for doc, path, root, head in heads
                       if doc in titled and note_span(path, root, head, titled=True, in_words=False) is None)
    sections = [(doc, chunk, day) for doc, chunk, header in store.section_headers(conn)
                if (day := _day(line_date(header_head(header)))) is not None]
    try:
        _SPANS[conn] = (stamp, spans, sections, titled, worded)
    except TypeError:
        pass
    return spans, sections, titled, worded


def _day(date: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(date[:10]) if date else None
    except ValueError:
        return None


def note_spans(conn) -> list[tuple[int, tuple[dt.date, dt.date]]]:
    """(document id, (first, last) day) of every dated note (_note_span),
    read once while the index is unchanged (store.data_stamp)."""
    return _read_spans(conn)[0]


def section_days(conn) -> list[tuple[int, int, dt.date]]:
    """(document id, chunk id, day) of every chunk under a dated heading of
    its note (sections.py: its header holds the section's day, not the
    note's), read once while the index is unchanged."""
    return _read_spans(conn)[1]


# a note of this many days or fewer is a week's note: the day's own note where no daily note is of the day; a
# month's, a quarter's note stays at its share (at 1 it was the own note of every weekend, gap and day to come, and
# the answer read it alone)
WEEK_NOTE_DAYS = 7


def dated_notes(conn, spans: list[tuple[dt.date, dt.date]]) -> dict[int, float]:
    """document id -> its vote: the share of the note's days (one for a
    daily note, a week's or a month's for a periodic note) in `spans`; 1
    for a note with a dated section (a journal's `## 2026-11-03`) of them:
    the section is the day's own, as a daily note is. A week's note (of
    WEEK_NOTE_DAYS days or fewer) of an asked day no daily note is of votes
    1: it is that day's own note (1/7 beside a daily note of the day)."""
    votes, week_days, daily_days = _shares(conn, spans)
    for doc, days in week_days.items():
        if not days <= daily_days:
            votes[doc] = 1.0
    return votes


# a periodic note is the note of an asked span when their days are the same but for this share of the longer: a week's
# note for "the past week" (the 7 days up to today, one day off its Monday to Sunday), not a month's for "last week"
# nor a week's for "the last 2 weeks"
PERIOD_NOTE_SHARE = Fraction(6, 7)


def period_notes(conn, spans: list[tuple[dt.date, dt.date]]) -> set[int]:
    """The notes of more than a day (a week's, a month's, a quarter's: text.file_period) whose days are an asked span
    of more than a day, or nearly (PERIOD_NOTE_SHARE): `weekly/2026-W49.md` for "what did I do last week?" asked in
    week 50, `2026-11.md` for "in November". Their period is their file name's (`2026-W49`), which no
    text channel reads as the asked days (a daily note's BM25 header writes its date: retrieve._dated_notes). A note
    dated by its title's month in words (`Rent ledger - Nov 2026.md`) is one only where no file name is of the span:
    beside `monthly/2026-11.md` a `Money/Budget Nov 2026.md` took the month's one vote from it (review of
    titleperiod)."""
    asked = [(first, last) for first, last in spans if last > first]
    if not asked:  # a day: its daily note is found by the date its BM25 header writes
        return set()
    spans_of, _sections, _titled, worded = _read_spans(conn)
    out: set[int] = set()
    for doc, (first, last) in spans_of:
        if last > first and any(_nearly_the_same(span, (first, last)) for span in asked):
            out.add(doc)
    return (out - worded) or out


# a periodic note says something when it writes this many words beyond its headings, front matter and unticked
# tasks: an empty template (`## Goals`, `## Wins`), a week's plan (`- [ ] call Parker`) or a goals line is not the
# record of the period
PERIOD_NOTE_MIN_WORDS = 8
_NOT_SAID = re.compile(r"^\s*(?:#.*|[-*+]\s*\[ \].*|[-*+]\s*)$")


def says_something(conn, doc: int) -> bool:
    """The note `doc` writes PERIOD_NOTE_MIN_WORDS words outside its headings, front matter and unticked tasks."""
    chunks = store.document_chunks(conn, [doc]).get(doc, [])
    texts = store.chunk_texts(conn, chunks)
    text = "\n".join(texts[c] for c in chunks)
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    said = [line for line in text.splitlines() if not _NOT_SAID.match(line)]
    return len(re.findall(r"[^\W\d_]+", " ".join(said))) >= PERIOD_NOTE_MIN_WORDS


def _nearly_the_same(a: tuple[dt.date, dt.date], b: tuple[dt.date, dt.date]) -> bool:
    shared = (min(a[1], b[1]) - max(a[0], b[0])).days + 1
    return shared >= PERIOD_NOTE_SHARE * (max((a[1] - a[0]).days, (b[1] - b[0]).days) + 1)


def week_note_of(conn, spans: list[tuple[dt.date, dt.date]]) -> bool:
    """Some week's note (WEEK_NOTE_DAYS days or fewer) covers a day of `spans`: a day with no note of its own
    still has one (a month's or a quarter's note of it does not make it)."""
    return bool(_shares(conn, spans)[1])


def within_a_week(spans: list[tuple[dt.date, dt.date]]) -> bool:
    """Is each asked span a day or a week (WEEK_NOTE_DAYS or fewer): no span a note titled after its month is of
    (titled_month)?"""
    return all((last - first).days + 1 <= WEEK_NOTE_DAYS for first, last in spans)


def _shares(conn, spans: list[tuple[dt.date, dt.date]]) -> tuple[dict[int, float], dict[int, set], set]:
    """(document id -> the share of the note's own days in `spans`, 1 for a note with a dated section in them;
    week note id -> the asked days it covers; the asked days a daily note or a dated section is of), in one pass."""
    votes: dict[int, float] = {}
    week_days: dict[int, set] = {}
    daily_days: set = set()
    if not spans:
        return votes, week_days, daily_days
    # a note titled after its month (`2026-11 report.md`) is of a span of more than a week in it ("at the end of
    # November", "in November"), not of a day or a week: the month's treasurer's report made every day of it a day
    # with a note, and "what's on the 19th?" was searched without its words
    titled = _read_spans(conn)[2] if within_a_week(spans) else ()
    for doc, span in note_spans(conn):
        if doc in titled:
            continue
        own = (span[1] - span[0]).days + 1
        for first, last in spans:
            shared = (min(last, span[1]) - max(first, span[0])).days + 1
            if shared <= 0:
                continue
            votes[doc] = max(votes.get(doc, 0.0), shared / own)
            if own == 1:
                daily_days.add(span[0])
            elif own <= WEEK_NOTE_DAYS:
                start = max(first, span[0])
                week_days.setdefault(doc, set()).update(start + dt.timedelta(days=i) for i in range(shared))
    for doc, _chunk, day in section_days(conn):
        if any(first <= day <= last for first, last in spans):
            votes[doc] = 1.0
            daily_days.add(day)
    return votes, week_days, daily_days


def dated_chunks(conn, spans: list[tuple[dt.date, dt.date]]) -> dict[int, list[int]]:
    """document id -> the chunks of its dated sections (section_days) in
    `spans`, for the notes that have such sections: best_chunks chooses a
    note's best chunk among them, not among its other days'. A note with
    sections dated in `spans` by its own date alone: its chunks outside them."""
    out: dict[int, list[int]] = {}
    sectioned: dict[int, set[int]] = {}
    for doc, chunk, day in section_days(conn):
        sectioned.setdefault(doc, set()).add(chunk)
        if any(first <= day <= last for first, last in spans):
            out.setdefault(doc, []).append(chunk)
    # a note of the asked days by its own date and of none of them by a section: its best chunk is one of
    # those no section dates (its first chunk's day: a jrnl journal's first day, qa32), not another day's
    own = [doc for doc, span in note_spans(conn) if doc in sectioned and doc not in out
           and any(first <= span[1] and span[0] <= last for first, last in spans)]
    for doc, ids in store.document_chunks(conn, own).items():
        if undated := [c for c in ids if c not in sectioned[doc]]:
            out[doc] = undated
    return out


def writing_chunks(conn, spans: list[tuple[dt.date, dt.date]]) -> dict[int, list[int]]:
    """document id -> its chunks that write a day of `spans` (a date entity of one of those days, as the
    extractor keys it: `date:2026-12-18`, at any time of it): the notes of days to come ("what is due next
    week?"), which no note is dated in yet, though a draft's `Deadline: Friday 18 December` writes one.
    Days, where writing_chunk_ids reads date key prefixes: a yearless day of them (`19 Dec`, `date:--12-19`)
    writes one here, and is under no prefix there."""
    out: dict[int, list[int]] = {}
    for first, last in spans:
        rows = store.date_chunks(conn, first.isoformat(), (last + dt.timedelta(days=1)).isoformat())
        for a, b in _month_runs(first, last):  # a yearless day, `19 Dec` (`date:--12-19`), is a day of every year
            rows += store.date_chunks(conn, f"--{a:%m-%d}", f"--{b:%m}-{b.day + 1:02d}")
        for doc, chunk in sorted(rows):
            if chunk not in out.setdefault(doc, []):
                out[doc].append(chunk)
    return out


def writing_chunk_ids(conn, prefixes: list[str], ids: list[int]) -> set[int]:
    """Those of `ids` whose own text writes a date under one of the date key `prefixes` (text.date_key_prefixes;
    graph.sql.dated_chunk_ids: their note's), or a span of days that meets one (store.date_chunks, as
    writing_chunks). Key prefixes, where writing_chunks reads days: a prefix may be a part of a month
    ('date:2026-10-1', the 10th to the 19th, no asked span), and a yearless day (`date:--12-19`) is under none."""
    wanted = set(ids)
    if not wanted:
        return set()
    return {chunk for key in (p.removeprefix("date:") for p in prefixes)
            for _doc, chunk in store.date_chunks(conn, key, key + "~") if chunk in wanted}


def _month_runs(first: dt.date, last: dt.date) -> list[tuple[dt.date, dt.date]]:
    """(first, last) of the days from `first` to `last` in each month (a year's months at most: a yearless day is of
    every year)."""
    runs: list[tuple[dt.date, dt.date]] = []
    while first <= last and len(runs) < 12:
        end = min(last, (first.replace(day=1) + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1))
        runs.append((first, end))
        first = end + dt.timedelta(days=1)
    return runs


def saying_chunks(conn, day: dt.date, words: str) -> dict[int, list[int]]:
    """document id -> its chunks that say `words` ("tomorrow", "next week"; "on Thursday" as "Thursday"), of the
    notes dated `day` (the asking day's, whose "tomorrow" is the asker's: "Tomorrow I interview the mayor" in
    today's note writes the day "what's on tomorrow?" asks about, yesterday's "cancelled tomorrow" another)."""
    said = re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, re.sub(r"^on\s+", "", words, flags=re.I).split()))
                      + r"(?!\w)", re.I)
    # the day's own notes (a week's note's "tomorrow" is of one of its days), a journal's by the day's section
    notes = [doc for doc, vote in _shares(conn, [(day, day)])[0].items() if vote == 1.0]
    sections = dated_chunks(conn, [(day, day)])
    chunks = {**store.document_chunks(conn, [d for d in notes if d not in sections]), **sections}
    texts = store.chunk_texts(conn, [c for ids in chunks.values() for c in ids])
    out = {doc: [c for c in ids if said.search(texts.get(c, ""))] for doc, ids in chunks.items()}
    return {doc: ids for doc, ids in out.items() if ids}


def best_chunks(conn, notes: dict[int, float], found: dict[int, float], query_vector,
                limit: int, within: dict[int, list[int]] | None = None) -> tuple[dict[int, float], dict[int, float]]:
    """(chunk id -> date vote, chunk id -> cosine) for the `limit` notes of
    `notes` (document id -> vote) whose best chunk is closest to the
    question: each note's chunk nearest `query_vector` (when the note's
    chunks' vectors are read: MAX_SCORED_CHUNKS in all), else the one
    `found` (chunk id -> a channel's fused score) scores best, else its
    first; a note of `within` (dated_chunks) among the chunks it lists.
    The cosines are for the dense channel to score those chunks."""
    chunks = {**store.document_chunks(conn, list(notes)), **(within or {})}
    scored = query_vector is not None and sum(len(c) for c in chunks.values()) <= MAX_SCORED_CHUNKS
    q = np.asarray(query_vector, dtype=np.float32) if scored else None
    q_norm = np.linalg.norm(q) if q is not None else 0.0  # once, not per chunk
    picked: list[tuple[float, float, int, int]] = []  # (-vote, -best, doc, chunk)
    cosines: dict[int, float] = {}
    for doc, ids in chunks.items():
        best, chunk = None, None
        if q is not None:
            for c in ids:
                v = store.chunk_vector(conn, c)
                if v is None:
                    continue
                sim = float(np.dot(q, v) / ((q_norm * np.linalg.norm(v)) or 1.0))
                if best is None or sim > best:
                    best, chunk = sim, c
            if chunk is not None:
                cosines[chunk] = best
        if chunk is None:
            known = [c for c in ids if c in found]
            chunk = max(known, key=lambda c: found[c]) if known else ids[0]
            best = found.get(chunk, 0.0)
        picked.append((-notes[doc], -best, doc, chunk))
    picked.sort()
    kept = picked[:limit]
    return {c: -vote for vote, _b, _d, c in kept}, {c: cosines[c] for *_x, c in kept if c in cosines}
