"""Retrieval for `mrag ask` and `mrag eval`: channels that each score chunks,
fused into one ranking.

Channels: `dense` (KNN over vec_chunks), `bm25` (FTS5) and `graph` (entity
grounding + k-hop walk + time edges + the date nodes of a period the
question names, see graph/). `--mode hybrid` means all
three; any comma-separated subset is allowed so every ablation can be
measured. A chunk found by any channel can be returned: the graph adds votes,
it never removes a lexical or dense hit.

Fusion is a weighted sum of scores on comparable scales (measured against
reciprocal-rank fusion on the LiHua dev split, see BENCHMARKS.md): BM25
divided by the best BM25 score of the question, dense cosine similarity as it
is, and the graph's votes, which graph/ reports in [0, 1]. The graph's
votes are computed for every chunk the other channels found, so they re-weigh
those as well as bring their own. Near-duplicates of a better result are then
moved down (never dropped). On a large index the dense scan runs in a thread
on a second connection while BM25 and grounding run.

Query normalisation for BM25: every word is quoted (no FTS5 syntax from a
question ever reaches FTS5), a phrase in quotes is also a phrase term,
stopwords are dropped, invisible characters inside words ("Li\u200bHua")
are read as the chunks are indexed (migration 0006), and dates written in
words or in part ("January 6th", "in May", "2026101") become the compact
yyyymmdd tokens notes carry ("20260106", prefix "202605*"). A chunk's
header column (its note's first line and people) counts `header_weight`
times its text.

A question about days or a month (its date terms, or the asking day's
"yesterday", askday.py): BM25 keeps at most `dated_note_chunks` chunks of
one note's section (every chunk of a note dated in them matches the date
alike; a note's dated sections, a journal's days, a Kindle's clippings'
books' days, are each capped so, any other note as a whole), and
with the dense channel every note dated in them is a candidate by its best
chunk, voted for by the `date` channel (datednotes.py).

A question about the asker's latest time ("when did I last see Priya?",
latest.py): of the fused results' notes that hold its names, the latest-dated
moves first, each of them with a `recency` vote; "our first 1:1" the
earliest, "two sessions ago" the one before the latest.

Question decomposition: a question that joins two events ("Did A ... before
B ...?") is also searched side by side, dense and BM25 each taking a chunk's
best score over the whole question and its sides, so the note of the side
with fewer words is not drowned by the other side's notes.

Tunables are `options.RetrievalOptions`, passed down (never module globals);
the SQL is in store/search.py, and graph/sql.py for the graph channel.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from minirag_cli import db
from minirag_cli.errors import UsageError
from minirag_cli.numbering import numbered_phrases
from minirag_cli.options import DEFAULT_WEIGHTS, RetrievalOptions
from minirag_cli.store import search as store
from minirag_cli.text import (CJK_CHARS, CJK_DATE, CJK_MONTH, MONTH_NAMES, STOPWORDS, asking_spans, cjk_bigrams,
                              cjk_day_tokens, date_key_prefixes, date_terms, day_phrases, due_spans,
                              german_function_word, german_question, iso_dates, refuse_wordless, typed_text,
                              without_invisibles, asked_months, seasons, numeric_day_phrases, written_days)

CHANNELS = ("dense", "bm25", "graph")
DEFAULTS = RetrievalOptions()
WEIGHTS = DEFAULT_WEIGHTS  # the default fusion weights (options.DEFAULT_WEIGHTS)
index_years = store.index_years
__all__ = ["CHANNELS", "Hit", "SearchResult", "date_key_prefixes", "date_terms", "fts_query", "index_years",
           "mode_name", "parse_mode", "search"]


def parse_mode(mode: str | Iterable[str] | None) -> tuple[str, ...]:
    """'hybrid' -> all channels; 'dense,bm25' -> those two (in canonical order)."""
    if mode is None:
        mode = "hybrid"
    parts = [p.strip().lower() for p in (mode.split(",") if isinstance(mode, str) else mode) if p.strip()]
    chosen: set[str] = set()
    for p in parts:
        if p == "hybrid":
            chosen.update(CHANNELS)
        elif p in CHANNELS:
            chosen.add(p)
        else:
            raise UsageError(f"Unknown mode {p!r}: use dense, bm25, graph, hybrid or a comma-separated set.")
    if not chosen:
        raise UsageError("Empty --mode.")
    return tuple(c for c in CHANNELS if c in chosen)


def mode_name(channels: tuple[str, ...]) -> str:
    return "hybrid" if set(channels) == set(CHANNELS) else ",".join(channels)


@dataclass
class Hit:
    chunk_id: int
    score: float = 0.0
    channels: dict[str, dict] = field(default_factory=dict)  # channel -> {rank, score, ...}
    duplicate_of: int | None = None  # the better chunk this one nearly repeats (demote_near_duplicates)


@dataclass
class SearchResult:
    query: str
    mode: str
    seeds: list[dict]
    results: list[dict]
    paths: list[dict] = field(default_factory=list)  # the graph's best multi-hop paths
    # the days the question asks about, read against the asking day (askday.py): searched as dates
    days: object = None  # askday.AskedDays
    undated: object = None  # the days it asked about, when no result's note is dated in them (searched as words)
    undated_held: bool = False  # ... though the index holds a note of those days (it ranked below the results)
    unread: object = None  # askday.UnreadDays: the days its words name, not read (the question is of someone else);
    # or askday.UnreadSpan: a span written out, not read (reversed, longer than a year)
    latest: object = None  # latest.Reordered: a "when did I last …?" question's candidates by date
    writing_notes: bool = False  # days to come ("next week"), read though no result's note is dated in them: the notes
    # that write one of them (retrieve._dated_notes)
    writing: frozenset = frozenset()  # the chunks that write a day to come the question asks about (_dated_notes)
    linked: object = None  # backlinks.Linked: a "which notes link to X?" question's note and the notes linking to it


    def to_dict(self) -> dict:
        # `paths` and `days` always ([] / null when none): a script reads the same keys of every answer
        asked = self.days or self.undated  # read against the asking day
        if asked is not None:
            days = {**asked.to_dict(), "dated_notes": self.days is not None and not self.writing_notes, "read": True}
            if self.writing_notes:
                days["writing_notes"] = True
        else:  # words of days not read ("what did Keller say last week?"), said with why, or none (null)
            unread = self.unread
            days = None if unread is None else {**unread.days.to_dict(), "dated_notes": False, "read": False,
                                                "reason": unread.reason()}
        return {"query": self.query, "mode": self.mode, "seeds": self.seeds, "results": self.results,
                "paths": self.paths, "days": days,
                "latest": self.latest.to_dict() if self.latest is not None else None}


# --------------------------------------------------------------------------- BM25


# a question's word for chunks_fts: a run of CJK characters, or of other word characters
_WORD_PIECE = re.compile(rf"[{CJK_CHARS}]+|[^\W{CJK_CHARS}]+")
_QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')


def fts_query(question: str, extra_terms: Iterable[str] = (), about_notes: bool = False,
              dated: bool = False) -> str | None:
    """A safe FTS5 query: every word quoted, OR-ed (no syntax reaches FTS5),
    plus `extra_terms` that are already well-formed (date_terms). A phrase
    the question puts in quotes ("Overwatch 3") is also a phrase term, so a
    chunk holding it in that order outranks one holding the words apart.
    An ISO date ("2025-07-30") is the phrase of its numbers, as FTS5 splits
    it in a note, not three words: "07" and "30" alone match "07:30"; a day
    in words ("May 3rd") is the phrase of its words, not the word "may". The
    question is read without the invisible characters that change nothing
    in it, as the chunks are indexed (chunks.bm25_text): "Li\u200bHua" is
    the word lihua, not li and hua. A word is cut where Chinese, Japanese or
    Korean characters meet others (_WORD_PIECE): written without blanks,
    `2024年5月3日做了什么` was one word no note holds, and `和Alice讨论`
    did not search alice; the CJK runs are searched by their bigrams too
    (cjk_query), and as whole words for a note that writes one apart. A day so
    written (2024年5月3日, 5月3号) is its date (date_terms) and the token
    FTS5 reads it as when a note writes it apart (`2024年5月3日，...`).
    `about_notes` (a question about days or months: retrieve.bm25_pool):
    the words that only say it asks about the notes (NOTE_WORDS) go too.
    `dated` (it asks of days the date channel reads, to come too: "what's due next week?"): the `due` that frames it
    goes (text.due_spans)."""
    question = without_invisibles(question)
    dates, days = iso_dates(question), written_days(question)
    cjk_days = [m for m in CJK_DATE.finditer(question) if 1 <= int(m.group(2)) <= 12]
    # "October 2026", "September and October 2026": their dates (date_terms) and the phrase a note writes
    # each in, not their words apart
    months = asked_months(question)
    years = seasons(question)  # "the 2011-12 season": the phrase of its numbers
    # "during the month of October 2026": "month" is no word of what is asked (the notes saying it)
    plain = _blanked(question, [m.span() for m in dates + [d[0] for d in days] + cjk_days + years]
                     + [(lead.start() if (lead := _MONTH_OF.search(question[:g.start])) else g.start, g.end)
                        for g in months])
    if german_question(question):  # its function words go too, as STOPWORDS do; its names stay (`Wen Du`, `MIT`)
        plain = _blanked(plain, [m.span() for i, m in enumerate(_WORD_PIECE.finditer(plain))
                                 if german_function_word(m.group(), i == 0)])
    # "what did the physio say?": say only asks (text.ASKING_WORDS); "what's due next week?" (dated): the days are
    # searched as dates, and "due" only frames them
    plain = _blanked(plain, asking_spans(plain) + (due_spans(plain) if dated else []))
    words = [w for w in _WORD_PIECE.findall(plain.lower()) if w not in STOPWORDS and len(w) > 1]
    if about_notes:  # "what did I write in October 2026?": write says where to look, not what
        words = [w for w in words if w not in NOTE_WORDS]
    words = list(dict.fromkeys(words))[:64]
    terms = [f'"{w}"' for w in words] + list(extra_terms)
    # German writes ß where Swiss German, an English keyboard and older spellings write ss
    # (Straße / Strasse, Fußnoten / Fussnoten), and FTS5's unicode61 folds accents but not
    # ß: each word is searched in the other spelling too. A spelling no note holds matches
    # no chunk and adds nothing to any chunk's score (an English "class" and its "claß")
    terms += [f'"{v}"' for v in map(sharp_s_variant, words) if v]
    # a month's word is also its other spellings, "october" its "oct" (`statement Oct 2026.md`) and "oct" its
    # "october": the month of a question's noun ("the october royalty statement") matched no note that shortens it
    terms += [f'"{v}"' for w in words for v in month_spellings(w)]
    # "session 3" is also "session 03" and "session 003" (numbering.py): `Session 03 - 2026-09-05.md`
    terms += numbered_phrases(plain)
    terms += ['"' + " ".join(m.groups()) + '"' for m in dates]
    # a day in words is its date (extra_terms: date_terms), and the phrases a
    # note may write it in ("on May 3rd"), not its words: the month word alone
    # ranked every note that says "May" (or "may") above the note of that day
    for m, year, month, day in days:
        terms += day_phrases(m.group(0), month, day)
        if year:
            terms += numeric_day_phrases(int(year), month, day)
    # a month with its year is also the phrase of its words, as written and in full ("oct 2026",
    # "october 2026"): its dates alone scored the notes of March 2025, 2026 and 2027 alike for "March 2027"'s
    # budget, and no longer ranked "the October 2026 release" first for "shipping in October 2026"
    for group in months:
        for word, year, month in group.words:  # (a day's month: none)
            if (year, month) in group.months:  # as written ("oct 2026"; 2026-10: its dates alone) and in full
                terms += ([f'"{word.lower()} {year}"'] if word else []) + [f'"{MONTH_NAMES[month - 1]} {year}"']
    terms += [f'"{m.group(1)} {m.group(4)}"' for m in years]
    for m in cjk_days:
        terms += cjk_day_tokens(m.group(0), m.group(1), int(m.group(2)), int(m.group(3)))
    for match in _QUOTED.finditer(question):
        phrase = re.findall(r"\w+", (match.group(1) or match.group(2)).lower())
        if len(phrase) > 1:
            terms.append('"' + " ".join(phrase[:16]) + '"')
    terms = list(dict.fromkeys(terms))
    if not terms:
        return None
    return " OR ".join(terms)


# Words that say a question is about the notes, not what it asks of them ("what did I write in October
# 2026?", "my notes from yesterday"): in a question about days or months they are no content to rank by,
# and the one undated note that says "write" ranked among the month's notes
NOTE_WORDS = frozenset("""write writes writing wrote written note notes noted jot jots jotted record records
recorded logged journal journaled journalled entry entries diary mention mentioned""".split())


_MONTH_OF = re.compile(r"\bthe\s+months?\s+of\s+$", re.I)


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each span blanked to one blank; overlapping spans ("May 2026-05-03": a month word and a
    day) as one, where blanking each in turn cut the words after them ("with" left "th")."""
    out, at = [], 0
    for a, b in sorted(spans):
        if b <= at:
            continue
        out += [text[at:max(a, at)], " "]
        at = max(at, b)
    return "".join(out) + text[at:]


# a month's full name and its short ones, only where each is the month's alone: "march", "april", "june", "august"
# and "may" are words or names too ("protest march", "what did June say", "August Wilson"), and "jan", "mar", "apr",
# "jun", "jul", "aug", "sep", "dec" a name, a verb, a rate, pandas' separator or "dec vs hex" (review of qmonth): those
# search as written
_MONTH_SHORT = {"january": ["jan"], "february": ["feb"], "july": ["jul"], "september": ["sep", "sept"],
                "october": ["oct"], "november": ["nov"], "december": ["dec"]}
_MONTH_FULL = {"feb": "february", "sept": "september", "oct": "october", "nov": "november"}


def month_spellings(word: str) -> list[str]:
    """The other spellings of the month `word` (lower case) is: `october` -> [oct], `oct` -> [october], `sept` ->
    [september]; [] for any other word and a month's word that is also another's (`march`, `june`, `dec`, `sep`)."""
    if word in _MONTH_SHORT:
        return _MONTH_SHORT[word]
    return [_MONTH_FULL[word]] if word in _MONTH_FULL else []


def sharp_s_variant(word: str) -> str | None:
    """The word in the other spelling of German's sharp s: `straße` ->
    `strasse`, `strassenbahn` -> `straßenbahn` (every ss, as a Swiss or an
    English keyboard writes every ß); None for a word with neither."""
    if "ß" in word:
        return word.replace("ß", "ss")
    if "ss" in word:
        return word.replace("ss", "ß")
    return None


# A Chinese or Japanese question's question words, as its bigrams (text.cjk_bigrams): the CJK
# counterpart of the English STOPWORDS a question drops. `5月3日我做了什么？` searched 做了, 了什 and
# 什么, which any note that asks 做了什么 holds, above that day's note. Dropped from a question's
# query only: the notes' bigrams are indexed whole. Kept short and general (no topic word).
QUESTION_BIGRAMS = frozenset({
    "什么", "怎么", "怎样", "哪里", "哪儿", "哪个", "哪些", "为什", "如何", "多少", "是否", "了什", "做了",
    "了吗", "了呢", "吗", "呢", "谁",
    "何を", "何が", "何か", "何で", "いつ", "どこ", "だれ", "誰が", "どう", "どの", "です", "すか", "ます",
    "まし", "した", "たか", "か"})


def cjk_query(question: str) -> str | None:
    """The FTS5 query of chunks_cjk for a question's Chinese, Japanese or
    Korean text: its two-character terms, quoted and OR-ed (text.cjk_bigrams),
    but its question words (QUESTION_BIGRAMS) and the pieces of a day or month
    it writes (`5月3日我做了什么` searched 月 and 日我, which any note of any day
    holds: the day is searched as its date, fts_query); None when it has none."""
    question = CJK_MONTH.sub(" ", CJK_DATE.sub(" ", without_invisibles(question)))
    terms = list(dict.fromkeys(t for t in cjk_bigrams(question) if t not in QUESTION_BIGRAMS))[:64]
    return " OR ".join(f'"{t}"' for t in terms) if terms else None


def bm25_channel(conn, question: str, options: RetrievalOptions = DEFAULTS, days=None) -> list[tuple[int, float]]:
    """Chunks by BM25 (bm25_pool's ranking)."""
    return bm25_pool(conn, question, options, days)[0]


def bm25_pool(conn, question: str, options: RetrievalOptions = DEFAULTS,
              days=None) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """Chunks by BM25: (ranking, pool). The ranking is the channel's
    candidates, at most options.note_candidates chunks of one note (a note
    of hundreds of chunks holding the question's words, a pasted log, would
    fill it); the pool, the best note_fetch * candidates chunks uncapped,
    scores a chunk another channel brings (_text_channels). FTS5 takes a run
    of CJK characters for one token, so a question holding some is also
    searched in the chunks' CJK bigrams (chunks_cjk), a chunk's two scores
    added; a question with none ranks by chunks_fts alone. `days`
    (askday.AskedDays of this question): its words ("yesterday") are
    searched as the dates they stand for. Days to come ("tomorrow", "next
    week") are neither their words (a note's own "tomorrow" is of the note's
    day: yesterday's "swimming cancelled tomorrow" is today's) nor their
    dates (a changelog's `- 2026-12-14:` line outranked the week's own note):
    the date channel brings the notes dated in them, and at half the vote
    those that write one of them, today's that say the question's word
    among them (_dated_notes: "Tomorrow I interview…")."""
    dated = days is not None
    if days is not None and days.ahead:  # (a span written out to come, "from Dec 21 to Jan 4": its dates as written)
        question, days = (question if days.spelled else days.without(question)), None
    if days is not None:  # (its words blanked first: "in October" is that October, not each year's)
        question = days.without(question)
    extra = date_terms(question, store.index_years(conn), _day_order(conn)) + (days.terms() if days is not None else [])
    q = fts_query(question, extra, about_notes=bool(extra), dated=dated or bool(extra))
    fetch = options.note_fetch * options.candidates
    if not q:
        rows, pool = [], []
    elif extra:  # a day or a month: every chunk of a note dated in it matches alike (store.bm25_rows_per_document)
        # capped per dated section (a day of a journal, a book's day of a Kindle's clippings), not per note: "what
        # did I highlight in November 2025?" reached 3 chunks of a clippings file of the month's 709
        rows = pool = store.bm25_rows_per_document(conn, q, options.header_weight, options.candidates,
                                                   options.dated_note_chunks, per_section=True)
    else:
        pool = store.bm25_rows(conn, q, options.header_weight, fetch)
        rows = store.per_document_rows(conn, pool, options.note_candidates)[:options.candidates]
        if len(rows) < options.candidates and len(pool) == fetch:  # a few notes fill the pool: cap in SQL
            rows = store.bm25_rows_per_document(conn, q, options.header_weight, options.candidates,
                                                options.note_candidates)
    cjk = cjk_query(question)
    if not cjk:
        return rows, pool
    scores: dict[int, float] = {}
    for chunk_id, score in pool + store.cjk_rows(conn, cjk, fetch):
        scores[chunk_id] = scores.get(chunk_id, 0.0) + score
    pool = sorted(scores.items(), key=lambda cs: (-cs[1], cs[0]))
    per_note = options.dated_note_chunks if extra else options.note_candidates
    return store.per_document_rows(conn, pool, per_note, per_section=bool(extra))[:options.candidates], pool


# --------------------------------------------------------------------------- dense


def dense_channel(conn, query_vector: np.ndarray, limit: int = DEFAULTS.candidates) -> list[tuple[int, float]]:
    return store.dense_rows(conn, query_vector, limit)


def dense_ranking(conn, vectors: list[np.ndarray], limit: int = DEFAULTS.candidates,
                  options: RetrievalOptions = DEFAULTS) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """The dense channel for a question (vectors[0]) and its sides (the rest),
    each chunk's best similarity over them: (ranking, pool). The pool is the
    options.note_fetch * limit nearest chunks; the ranking, the channel's
    `limit` candidates, keeps at most options.note_candidates chunks of one
    note of it (bm25_pool)."""
    fetch = options.note_fetch * limit
    pool = dense_channel(conn, vectors[0], fetch)
    if len(vectors) > 1:
        pool = merge_max([pool] + [dense_channel(conn, v, fetch) for v in vectors[1:]])[:fetch]
    return store.per_document_rows(conn, pool, options.note_candidates)[:limit], pool


class _Concurrent:
    """`fn(connection)` run in a thread on the sibling connection to the same
    index file (db.sibling); `result()` waits for it and re-raises its error.
    Runs inline on `conn` when there is no sibling (an in-memory index)."""

    def __init__(self, conn, fn):
        self._value = self._error = self._thread = None
        other = db.sibling(conn)
        if other is None:
            self._value = fn(conn)
            return

        def run():
            try:
                self._value = fn(other)
            except BaseException as exc:  # handed to the caller by result()
                self._error = exc

        self._thread = threading.Thread(target=run, name="mrag-dense", daemon=True)
        self._thread.start()

    def result(self):
        if self._thread is not None:
            self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value


def demote_near_duplicates(conn, hits: list[Hit], *, window: int = DEFAULTS.duplicate_window,
                           threshold: float = DEFAULTS.near_duplicate_cosine) -> list[Hit]:
    """The same hits with each near-duplicate of a better one (cosine of the
    chunk vectors >= threshold, or the same text) moved below the rest of the first `window`;
    `duplicate_of` names the chunk it repeats. Nothing is dropped. Of a
    near-duplicate and the better one, the note the other copies (_original_of:
    its name, else, at equal scores, its age) is the one kept in place."""
    head = hits[:window]
    if len(head) < 2 or not db.has_vec_tables(conn):
        return hits
    found = [(i, store.chunk_vector(conn, h.chunk_id)) for i, h in enumerate(head)]
    found = [(i, v) for i, v in found if v is not None]
    if len(found) < 2:
        return hits
    matrix = np.stack([v for _i, v in found])
    matrix = matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    # einsum's own loop, not BLAS: a 40x40 product is too small to be worth
    # waking OpenBLAS's threads, which spin on the cores the dense scan uses
    similar = np.einsum("ik,jk->ij", matrix, matrix)
    # the same text is the same chunk whatever its vector: a titled note's chunks embed its title (chunk_titles),
    # so `Budget - old.md`, a copy of `Budget.md`, is embedded with a title its original's chunk does not get
    texts = store.chunk_texts(conn, [head[i].chunk_id for i, _v in found])
    by_text: dict[str, list[int]] = {}
    for n, (i, _v) in enumerate(found):
        by_text.setdefault(" ".join(texts.get(head[i].chunk_id, "").split()), []).append(n)
    for text, rows in by_text.items():
        if text and len(rows) > 1:
            similar[np.ix_(rows, rows)] = 1.0
    row_of = {i: n for n, (i, _v) in enumerate(found)}
    kept: list[int] = []  # positions in head
    moved: list[Hit] = []
    notes = None  # chunk id -> (root, path, mtime), read once there is a near-duplicate
    for i, h in enumerate(head):
        twin = None
        if i in row_of:
            twin = next((n for n, j in enumerate(kept)
                         if j in row_of and similar[row_of[i], row_of[j]] >= threshold), None)
        if twin is None:
            kept.append(i)
            continue
        if notes is None:
            notes = store.chunk_notes(conn, [x.chunk_id for x in head])
        better = head[kept[twin]]
        # tied: equal but for float rounding (two copies' BM25 scores differ in the last bits)
        tied = math.isclose(h.score, better.score, rel_tol=1e-9, abs_tol=1e-12)
        if _original_of(notes.get(h.chunk_id), notes.get(better.chunk_id), tied):
            # the note the better one copies: it takes its place, the copy (and its repeats) repeat it
            kept[twin], h, better = i, better, h
            for m in moved:
                if m.duplicate_of == h.chunk_id:
                    m.duplicate_of = better.chunk_id
        h.duplicate_of = better.chunk_id
        moved.append(h)
    kept_hits = [head[i] for i in kept]
    return kept_hits + moved + hits[window:]


def _original_of(note, other, tied: bool) -> bool:
    """Is `note` (root, path, mtime) the one `other`, a near-duplicate of it, copies? When the other's
    file name extends its own in the same folder (`Budget.md`, its copies `Budget 2.md`, `Budget
    (conflicted copy 2026-11-03).md`, `Budget-DESKTOP-1A2B3C4.md`), else, of two chunks of equal score,
    when it is the older note."""
    if note is None or other is None or note[0] != other[0]:
        return False
    folder, name = note[1].rpartition("/")[::2]
    other_folder, other_name = other[1].rpartition("/")[::2]
    stem, dot, ext = name.rpartition(".")
    other_stem, other_dot, other_ext = other_name.rpartition(".")
    if not dot or other_dot != dot:
        stem, other_stem = name, other_name
    elif ext != other_ext:
        return False
    if folder == other_folder and stem and other_stem.startswith(stem) and len(other_stem) > len(stem):
        return not other_stem[len(stem)].isalnum()  # `Budget 2`, `Budget-Q4`, but not `Budgets`
    if folder == other_folder and other_stem and stem.startswith(other_stem):
        return False  # it extends the other's name: the copy
    # an mtime below 0 is none: a note written too recently to trust its mtime (sync records -1)
    return tied and 0 <= note[2] < other[2]


# --------------------------------------------------------------------------- fusion


def rrf_fuse(rankings: dict[str, list[tuple[int, float]]], weights: dict[str, float] | None = None,
             k: int = DEFAULTS.rrf_k) -> list[Hit]:
    """Reciprocal rank fusion: score(c) = sum over channels of w / (k + rank).
    Kept for comparison (BENCHMARKS.md): on LiHua it loses to score_fuse."""
    hits: dict[int, Hit] = {}
    for channel, ranked in rankings.items():
        w = (weights or {}).get(channel, 1.0)
        for rank, (chunk_id, score) in enumerate(ranked, start=1):
            hit = hits.setdefault(chunk_id, Hit(chunk_id))
            hit.score += w / (k + rank)
            hit.channels[channel] = {"rank": rank, "score": round(float(score), 6)}
    return sorted(hits.values(), key=lambda h: (-h.score, h.chunk_id))


def normalised(channel: str, ranked: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """Scores on a common scale: BM25 relative to the question's best hit;
    cosine similarity and graph votes are already in [0, 1]."""
    if channel == "bm25" and ranked:
        top = max(s for _, s in ranked)
        return [(c, s / top if top > 0 else 0.0) for c, s in ranked]
    return ranked


def score_fuse(scores: dict[str, list[tuple[int, float]]], weights=None,
               ranks: dict[str, list[tuple[int, float]]] | None = None) -> list[Hit]:
    """Weighted sum of normalised channel scores. `scores[channel]` may hold
    chunks outside the channel's own ranking (the graph's votes for other
    channels' candidates); `ranks[channel]` is the channel's own ranking,
    reported per hit."""
    weights = weights or WEIGHTS
    hits: dict[int, Hit] = {}
    rank_of = {ch: {c: i for i, (c, _s) in enumerate(r, start=1)} for ch, r in (ranks or scores).items()}
    for channel, items in scores.items():
        w = weights.get(channel, 1.0)
        for chunk_id, score in normalised(channel, items):
            if score <= 0:
                continue
            hit = hits.setdefault(chunk_id, Hit(chunk_id))
            hit.score += w * score
            info = {"score": round(float(score), 6)}
            if chunk_id in rank_of.get(channel, {}):
                info["rank"] = rank_of[channel][chunk_id]
            hit.channels[channel] = info
    return sorted(hits.values(), key=lambda h: (-h.score, h.chunk_id))


# Words that join two events a question compares in time ("Did A ... before
# B ...?"): each side names a different note, and one query for both lets
# the side with more words drown the other.
_CLAUSE_SPLIT = re.compile(r"\b(?:before|after|then|while|when|and later|and also)\b", re.I)


def question_clauses(question: str, min_words: int = DEFAULTS.min_clause_words) -> list[str]:
    """The sides of a question that joins two events with before/after/then/
    while/when, each with at least `min_words` content words; [] when the
    question does not split that way."""
    parts = [p.strip(" ,?.!") for p in _CLAUSE_SPLIT.split(question)]
    parts = [p for p in parts
             if len([w for w in re.findall(r"\w+", p.lower()) if w not in STOPWORDS]) >= min_words]
    return parts if len(parts) > 1 else []


def merge_max(lists: list[list[tuple[int, float]]], normalise: bool = False) -> list[tuple[int, float]]:
    """Each chunk's best score over several rankings (BM25 lists first scaled
    to their own best hit, as score_fuse would)."""
    best: dict[int, float] = {}
    for ranked in lists:
        for c, s in (normalised("bm25", ranked) if normalise else ranked):
            best[c] = max(best.get(c, float("-inf")), s)
    return sorted(best.items(), key=lambda cs: (-cs[1], cs[0]))


# --------------------------------------------------------------------------- search


def check_question(question: str, options: RetrievalOptions = DEFAULTS) -> str:
    """The question stripped (its bytes that were no UTF-8 read as cp1252:
    text.typed_text), or a UsageError when it is empty or too long."""
    question = typed_text(question).strip()
    if not question:
        raise UsageError("The question is empty.")
    refuse_wordless(question)
    if len(question) > options.max_question_chars:
        raise UsageError(f"The question is {len(question):,} characters long; mrag reads up to "
                         f"{options.max_question_chars:,}.", hint="Ask about one thing at a time, in a few sentences.")
    return question


@dataclass
class _Search:
    """One question on its way through the channels (what `search` hands
    from one step to the next)."""

    conn: object
    question: str
    channels: tuple[str, ...]
    options: RetrievalOptions
    query_vector: np.ndarray | None
    terms: object = None
    rankings: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    scores: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    graph_votes: object = None
    periods: list[str] = field(default_factory=list)
    days: object = None  # askday.AskedDays
    writing: set[int] = field(default_factory=set)  # the chunks that write a day to come, of notes not dated in them
    said: set[int] = field(default_factory=set)  # those of them that say the question's word in today's note
    dated: dict[int, float] | None = None  # document id -> its date vote, of the notes dated in the asked days
    pools: dict[str, list[tuple[int, float]]] = field(default_factory=dict)  # bm25_pool, dense_ranking
    today: object = None  # the asking day (datetime.date), if given
    sections: dict[int, tuple[int, str] | None] = field(default_factory=dict)  # chunk id -> its section (_sections)


def _sections(s: _Search, chunks: Iterable[int]) -> dict[int, tuple[int, str]]:
    """chunk id -> its section, (document id, header) (store.section_of_chunks), of those of `chunks` the index
    holds; each chunk read once a search: the date channel's steps ask of mostly the same chunks (LiHua dev's 9
    questions of days asked 583 times of 372 chunks, 3 testers' vaults' 52 such questions 1253 times of 505)."""
    chunks = list(chunks)
    unread = [c for c in dict.fromkeys(chunks) if c not in s.sections]
    if unread:
        read = store.section_of_chunks(s.conn, unread)
        s.sections.update((c, read.get(c)) for c in unread)
    return {c: s.sections[c] for c in chunks if s.sections[c] is not None}


def _notes_of(s: _Search, chunks: Iterable[int]) -> dict[int, int]:
    """chunk id -> its note's document id, of those of `chunks` the index holds (_sections)."""
    return {c: section[0] for c, section in _sections(s, chunks).items()}


def _text_channels(s: _Search, embedder, clauses: list[str]):
    """Dense (in a thread on a large index) and BM25; returns the pending dense
    scan, if any, for the caller to join after grounding. Each channel's
    pool goes to s.pools (_pool_scores)."""
    o = s.options
    dense = None
    if "dense" in s.channels:
        vectors = [s.query_vector]
        if clauses and embedder is not None:  # a caller with only a query vector gets the whole question
            vectors += list(embedder.embed(clauses))
        if store.max_chunk_id(s.conn) >= o.parallel_min_chunks:
            dense = _Concurrent(s.conn, lambda c: dense_ranking(c, vectors, o.candidates, o))
        else:
            s.rankings["dense"], s.pools["dense"] = dense_ranking(s.conn, vectors, o.candidates, o)
    if "bm25" in s.channels:
        from minirag_cli.latest import without_recency

        s.rankings["bm25"], s.pools["bm25"] = bm25_pool(s.conn, without_recency(s.question), o, s.days)
        if clauses:
            sides = [bm25_pool(s.conn, without_recency(c), o) for c in clauses]
            merged = merge_max([s.rankings["bm25"]] + [r for r, _p in sides], normalise=True)
            s.rankings["bm25"] = store.per_document_rows(s.conn, merged, max(o.note_candidates,
                                                                             o.dated_note_chunks))[:o.candidates]
            s.pools["bm25"] = merge_max([s.pools["bm25"]] + [p for _r, p in sides], normalise=True)
    return dense


def _pool_scores(s: _Search) -> dict[str, list[tuple[int, float]]]:
    """The text channels' scores for fusion: each channel's candidates, and
    its score for every chunk another channel brought that its pool holds.
    The per-note cap limits the places one note takes in a channel's
    candidates, not the evidence for a chunk: without this, the chunk that
    answers, found by BM25, lost its cosine when dense kept three other
    chunks of its note (LiHua dev lihua-453 fell from 1st to 3rd)."""
    brought = {c for ranked in s.rankings.values() for c, _v in ranked}
    scores = dict(s.rankings)
    for ch, pool in s.pools.items():
        have = {c for c, _v in s.rankings.get(ch, [])}
        extra = [(c, v) for c, v in pool if c in brought and c not in have]
        if extra:
            scores[ch] = sorted(s.rankings[ch] + extra, key=lambda cv: (-cv[1], cv[0]))
    return scores


def _graph_channel(s: _Search, seeds) -> None:
    """The graph's votes for the text channels' candidates and its own, the
    time edges and the date nodes of a period the question names."""
    from minirag_cli import graph

    o = s.options
    candidates: list[int] = []
    anchors = None
    if s.rankings:  # the documents the text channels hit hardest seed the time edges
        text = score_fuse(s.rankings, o.weights)
        candidates = [h.chunk_id for h in text]  # best first
        anchors = graph.documents_of(s.conn, [(h.chunk_id, h.score) for h in text[:4 * o.anchor_documents]],
                                     n=o.anchor_documents)
    g = graph.graph_channel(s.conn, s.question, s.query_vector, hops=o.hops, terms=s.terms,
                            candidates=candidates, anchors=anchors, seeds=seeds, options=o.graph)
    # the graph votes for every chunk the text channels found; of those it
    # brings itself (an entity votes for every chunk of the notes naming it)
    # it keeps note_candidates of a note, as the text channels do
    found = set(candidates)
    own = store.per_document_rows(s.conn, [(c, v) for c, v in g.ranking if c not in found], o.note_candidates)
    keep = found | {c for c, _v in own}
    s.rankings["graph"] = [(c, v) for c, v in g.ranking if c in keep]
    s.scores["graph"] = sorted(((c, v) for c, v in g.votes.items() if c in keep), key=lambda kv: (-kv[1], kv[0]))
    s.scores["time"] = sorted(((c, v) for c, v in g.time.items() if c in keep), key=lambda kv: (-kv[1], kv[0]))
    s.graph_votes = g
    # a period the question names ("in May", "on January 6th") is a set of
    # date nodes: every found chunk whose note mentions one gets their vote
    s.periods = _asked_periods(s)
    if s.periods:
        found = {c for items in s.scores.values() for c, _s in items}
        s.scores["date"] = _mentioning_lowered(s, _of_the_days(s, graph.dated_chunks(s.conn, s.periods, found)))


def _asked_periods(s: _Search) -> list[str]:
    """The date key prefixes of the days and months the question asks about (date_key_prefixes): those it
    writes, and those its words stand for on the asking day (s.days; its words are none of the written ones:
    "in October" read so is the latest October, not each year's)."""
    question = s.days.without(s.question) if s.days is not None else s.question
    return date_key_prefixes(date_terms(question, store.index_years(s.conn), _day_order(s.conn))
                             + (s.days.terms() if s.days is not None else []))


def _day_order(conn) -> str:
    """The order the index reads an ambiguous slashed day in (meta day_order, dayorder.py), '' for none."""
    from minirag_cli.dayorder import DAY_ORDER_KEY

    return db.get_meta(conn, DAY_ORDER_KEY) or ""


def _of_the_days(s: _Search, chunks: list[int]) -> list[int]:
    """`chunks` less those of a note with dated sections (a journal's
    `## 2026-11-03`, sections.py) that lie in none of the asked days: the
    note mentions every day it keeps, but each section is of its own."""
    from minirag_cli import datednotes

    spans = datednotes.asked_spans(s.periods, s.days)
    sectioned = {doc for doc, _c, _d in datednotes.section_days(s.conn)}
    if not spans or not sectioned or not chunks:
        return chunks
    ok = {c for ids in datednotes.dated_chunks(s.conn, spans).values() for c in ids}
    doc_of = _notes_of(s, chunks)
    return [c for c in chunks if doc_of.get(c) not in sectioned or c in ok]


def _mentioning_lowered(s: _Search, chunks: list[int]) -> list[tuple[int, float]]:
    """The graph's date votes for `chunks` (graph.dated_chunks: their notes mention an asked day or month) of a question
    of days gone: 1.0 for a chunk of a note dated in the asked days; of a note only mentioning one, WRITING_NOTE_VOTE
    for a chunk that writes one itself (a rota's `| 1/12 | Coach Dave |` row, a log's row) and none for its other
    chunks. Each had 1.0, a dated note's vote: a month's journal and expenses outranked `House/2026-11-28 leak in
    bathroom.md` for "what happened on 28/11/2026", a trip's travel page the conference notes' day (testers' home and
    PhD vaults), the December rota's row voted as `Coaching/2026-12-01 track - 400s.md` for "what was the session
    last tuesday" (club; the rota still ranks 1st there on its cosine). A log's row keeps half: none put the reading log
    and the blood test page below other notes of October. Days to come keep the graph's votes: _writing_votes reads
    them."""
    from minirag_cli import datednotes

    spans = datednotes.asked_spans(s.periods, s.days)
    if not chunks or not spans or (s.days is not None and s.days.to_come()):
        return [(c, 1.0) for c in chunks]
    dated = datednotes.dated_notes(s.conn, spans)
    doc_of = _notes_of(s, chunks)
    undated = [c for c in chunks if dated.get(doc_of.get(c), 0.0) <= 0]
    writing = datednotes.writing_chunk_ids(s.conn, s.periods, undated)
    return [(c, WRITING_NOTE_VOTE if c in writing else 1.0) for c in chunks if c in writing or c not in undated]


def _gone_days_lowered(s: _Search, date: dict[int, float], to_come) -> dict[int, float]:
    """`date` (chunk id -> date vote), the chunks of notes dated in the asked days gone and in none to come at
    WRITING_NOTE_VOTE's share: a plan's question of the month under way ("what's due this month?" asked on 7 Dec)
    asks what is coming, and the month's journals so far (1 to 6 Dec) outranked a to-do list of tasks due on the
    15th and 18th; they stay read."""
    from minirag_cli import datednotes

    gone = [(a, min(b, s.days.today - dt.timedelta(days=1))) for a, b in s.days.spans() if a < s.days.today]
    lowered = set(datednotes.dated_notes(s.conn, gone)) - set(datednotes.dated_notes(s.conn, to_come))
    doc_of = _notes_of(s, date)
    return {c: v * WRITING_NOTE_VOTE if doc_of.get(c) in lowered else v for c, v in date.items()}


# the date vote of a note that writes a day to come without being dated in it (_dated_notes), when all the days asked
# about are to come ("next week"; a period under way, "this week", gives it 1.0), and of a chunk writing a day gone of
# a note not dated in it (_mentioning_lowered): a note dated in the days has 1.0
WRITING_NOTE_VOTE = 0.5


def _dated_notes(s: _Search) -> None:
    """The notes dated in the days or months the question asks about, each
    its best chunk, as candidates of the date channel (datednotes.py); their
    cosines score them in the dense channel, as the graph's votes score
    chunks outside its own ranking. Only with the dense channel: without
    the question's vector a note's best chunk is anyone's guess, and a vote
    for it alone outranked what the graph found (LiHua dev, graph mode: the
    notes of May above the June note that answers "the rent for last month
    (May)")."""
    from minirag_cli import datednotes

    if "dense" not in s.channels or s.query_vector is None:
        return
    periods = s.periods or _asked_periods(s)
    spans = datednotes.asked_spans(periods, s.days)
    notes = s.dated = datednotes.dated_notes(s.conn, spans)
    within = datednotes.dated_chunks(s.conn, spans)
    to_come = s.days.to_come() if s.days is not None else []
    if to_come:
        # days to come ("next week", the rest of "this week", "today"): few notes are dated in them yet; the notes
        # that write one are candidates too, each by its chunk nearest the question among those that write it,
        # below a note dated in them (`weekly/2026-W51.md` above the notes whose `- 2026-12-15:` lines write a day
        # of that week); and the asking day's notes that say the question's words (a note of today's "tomorrow" is
        # of the days as a note dated in them is: "Tomorrow I interview…" in today's note)
        said = {doc: ids for doc, ids in datednotes.saying_chunks(s.conn, s.days.today, s.days.words).items()
                if doc not in notes} if s.days.today is not None else {}
        written = {doc: ids for doc, ids in datednotes.writing_chunks(s.conn, to_come).items()
                   if doc not in notes and doc not in said}
        # ... at half the vote for days all to come ("next week"), at a dated note's for a period under way ("this
        # week" asked on a Thursday): the notes dated in its gone days are no better evidence than those writing
        # its remaining ones (a staff meeting's items due Thursday and Friday fell below a note whose one item was
        # due Wednesday: review revF)
        vote = WRITING_NOTE_VOTE if s.days.ahead else 1.0
        notes = {**notes, **dict.fromkeys(written, vote), **dict.fromkeys(said, 1.0)}
        within = {**within, **written, **said}
        s.writing = {c for ids in (*written.values(), *said.values()) for c in ids}
        s.said = {c for ids in said.values() for c in ids}
        s.scores["date"] = _writing_votes(s, written, vote)
    if not notes:
        return
    s.periods = periods
    found = {h.chunk_id: h.score for h in score_fuse(s.rankings, s.options.weights)} if s.rankings else {}
    votes, cosines = datednotes.best_chunks(s.conn, notes, found, s.query_vector, s.options.candidates, within)
    date = dict(s.scores.get("date", []))
    for c, v in votes.items():
        date[c] = max(date.get(c, 0.0), v)
    if s.days is not None and s.days.plan_of_the_rest:
        date = _gone_days_lowered(s, date, to_come)
    # the date vote reaches dated_note_chunks chunks of a note's section (its best chunk and those the channels
    # ranked best; a note's one section but for its dated ones: store.section_of_chunks), not every chunk of a
    # long one the dense pool holds
    doc_of, kept, per_note = _sections(s, date), {}, Counter()
    for c in sorted(date, key=lambda c: (c not in votes, -found.get(c, 0.0), c)):
        per_note[doc_of.get(c)] += 1
        if per_note[doc_of.get(c)] <= s.options.dated_note_chunks:
            kept[c] = date[c]
    s.scores["date"] = sorted(kept.items(), key=lambda cs: (-cs[1], cs[0]))
    if "bm25" in s.channels and not to_come:
        _period_notes(s, spans, list(votes))
    if cosines:
        dense = dict(s.scores.get("dense", []))
        s.scores["dense"] = sorted({**cosines, **dense}.items(), key=lambda cs: (-cs[1], cs[0]))


def _writing_votes(s: _Search, written: dict[int, list[int]], vote: float) -> list[tuple[int, float]]:
    """The graph's date votes (graph.dated_chunks: every found chunk of a note that mentions one of the days) with
    those of the notes that only write a day to come (`written`, document id -> its chunks that write one) made this
    channel's: its chunks that write one at no more than `vote`, and none for its chunks that write no asked day. The
    graph's 1.0 for every chunk of such a note put a memo's chunks that write no day of next week above the one that
    does, and the meeting note whose one chunk writes it (review datevote). A chunk writing a gone day of a period
    under way keeps its vote ("this week" asked on a Thursday: a plan's `Content freeze: 8 December` chunk)."""
    from minirag_cli import datednotes

    writing = {c for ids in written.values() for c in ids}
    graph_votes = s.scores.get("date", [])
    if not written or not graph_votes:
        return graph_votes
    asked = writing if s.days.ahead else {c for doc, ids in datednotes.writing_chunks(s.conn, s.days.spans()).items()
                                          if doc in written for c in ids}
    doc_of = _notes_of(s, (c for c, _v in graph_votes))
    return [(c, min(v, vote) if c in writing else v) for c, v in graph_votes
            if c in asked or doc_of.get(c) not in written]


# the `title` vote's weight as a share of BM25's (_topic_notes): as BM25's, since it is withheld from questions
# about events and acts (topicnotes.asks_about_other_acts); on the session 57 sweep 0.5 and 0.3 kept fewer of its
# wins (the finanzamt letter, the ocado hiring manager) and lost none less
TITLE_VOTE_SHARE = 1.0


def _fusion_weights(weights) -> dict[str, float]:
    """The fusion weights with the votes weighed as BM25's: the note of the asked week or month (_period_notes)
    scores as BM25's best match would, had its head written the asked days' dates as a daily note's does; the
    note the question names by its file name (_topic_notes), TITLE_VOTE_SHARE of it; the chunk writing the asked
    contact detail (_contact_votes) CONTACT_VOTE, as both text channels."""
    as_bm25 = weights.get("bm25", 0.0)
    return {**weights, "period": weights.get("period", as_bm25),
            "title": weights.get("title", TITLE_VOTE_SHARE * as_bm25),
            "contact": weights.get("contact", CONTACT_VOTE)}


def _topic_notes(s: _Search) -> None:
    """The `title` vote for the best found chunk of each note whose file name, of two content words or more and
    no series', the question says in full (topicnotes.py: "what did the finanzamt letter say?", `Admin/Finanzamt
    letter.md`; not `People/Priya.md` for "what did priya say about the budget?"): the note about the
    asked thing, which a journal day's short chunk naming it in passing outranked (BM25's length normalisation,
    a cosine all on the question's words, a graph vote alike for both). A lexical vote, so with BM25 only (the
    dense and graph ablations stay theirs); not for a question about days or months, which asks for the notes
    of those days (the date channel's), not the thing's page: "parkrun time with jess last saturday" is the
    day's journal, not `Jess.md`."""
    from minirag_cli import topicnotes

    if "bm25" not in s.channels or s.periods or _asked_periods(s):
        return
    found = score_fuse(s.scores, _fusion_weights(s.options.weights))
    if not found:
        return
    rows = store.result_rows(s.conn, [h.chunk_id for h in found])
    best: dict[int, int] = {}
    for h in found:  # best first
        row = rows.get(h.chunk_id)
        if row is not None:
            best.setdefault(row[6], h.chunk_id)
    titled = [c for c in best.values() if (title := topicnotes.topic_words(rows[c][1]))
              and topicnotes.names_title(s.question, title) and not topicnotes.asks_about_other_acts(s.question, title)]
    # a name borne by a series of notes (`YYYY-MM-DD Acme check-in`) is no one thing's
    titled = [c for c in titled if not _series_name(s.conn, rows[c][1])]
    titled += _todo_list_notes(s, best.values(), rows)
    if titled:
        s.scores["title"] = [(c, 1.0) for c in titled]


def _todo_list_notes(s: _Search, chunks, rows: dict) -> list[int]:
    """The best found chunk (else the first) of the vault's to-do list (`To do.md`, `Todo.md`: topicnotes.todo_list)
    when the question asks for it ("whats still on my to do list"): its name's words are none a topic's, and BM25
    reads none of "to do" (stopwords), so every note holding "to do list" in its text outranked it, or it was not
    found at all. A question about what is on it asks the list, whatever its opening ("did I put the gutters on my
    to do list?": no asks_about_other_acts). Not when the vault holds a series of them (a daily `2026-11-26
    Todo.md`: SERIES_NOTES or more): the list asked is then one of them, which the name does not tell."""
    from minirag_cli import topicnotes

    if not topicnotes.asks_for_todo_list(s.question):
        return []
    lists = [p for p in dict.fromkeys(store.paths_writing(s.conn, "do")) if topicnotes.todo_list(p)]
    if len(lists) >= topicnotes.SERIES_NOTES:
        return []
    found = {rows[c][1]: c for c in reversed(list(chunks))}  # its best chunk (chunks: best first)
    listed = [found.get(p) or store.first_chunk_at(s.conn, p) for p in lists]
    return [c for c in listed if c is not None]


def _series_name(conn, path: str) -> bool:
    """Is the name of the note at `path` a series' (topicnotes.series_titles), among the notes whose paths write
    its longest word (topicnotes.series_probe: a `LIKE`, not a read of every path)?"""
    from minirag_cli import topicnotes

    paths = store.paths_writing(conn, topicnotes.series_probe(path))
    return topicnotes.title_words(path) in topicnotes.series_titles(paths)


def _period_notes(s: _Search, spans: list, chosen: list[int]) -> None:
    """The `period` vote (search weighs it as BM25) for the chosen chunk of each note of the asked week or month
    (datednotes.period_notes): BM25 finds a daily note by the date its header writes, but a week's note by none of
    its days (`weekly/2026-W49.md`, headed `30 Nov – 6 Dec`), so for "what did I do last week?" the notes writing a
    day of the week in ISO dates (a todo list's ✅ stamps, expense rows) outranked the week's own note (17th)."""
    from minirag_cli import datednotes

    notes = datednotes.period_notes(s.conn, spans)
    # ... only the one note of the period, and only one that says something: several weekly series (a gym
    # programme, a rota, a meal plan of the week) or an empty template, a plan of unticked tasks, voted alike,
    # pushed the days' own notes out of the top 5 (review of weekrank)
    if len(notes) != 1 or not datednotes.says_something(s.conn, next(iter(notes))):
        return
    doc_of = _notes_of(s, chosen)
    s.scores["period"] = [(c, 1.0) for c in chosen if doc_of.get(c) in notes]


# the weight of the vote for a chunk that writes the asked person's e-mail address or phone number (_contact_votes):
# both text channels' shares: the note whose title said the question's words scored 0.96 for "what's hannah's email"
# (journalist tester), `Contacts.md`'s row 0.26; at 0.5 it stayed 3rd. Only chunks writing the asked value next to
# the name get it, and the channels order those
CONTACT_VOTE = 1.0


def _contact_votes(s: _Search) -> None:
    """The `contact` vote for the chunks that write the asked value next to the asked name (contacts.py), of a
    question asking for someone's e-mail, phone number or address: among the chunks the channels found and those
    holding the name's words (BM25), as "hannahs" written without its apostrophe matched no chunk's `Hannah`."""
    from minirag_cli import contacts
    from minirag_cli.store import note_titles

    if not {"bm25", "dense"} & set(s.channels):
        return  # graph alone: a vote of the text channels' weight would outweigh it (review contactq)
    asked = contacts.asked_contact(s.question, lambda word: store.is_name(s.conn, word)
                                   or store.capitalised_in_notes(s.conn, word))
    if asked is None:
        return
    o = s.options
    found = {c for items in (*s.scores.values(), *s.pools.values()) for c, _v in items}
    named = fts_query(" ".join(asked.names)) if "bm25" in s.channels else None
    if named:
        found.update(c for c, _v in store.bm25_rows(s.conn, named, o.header_weight, o.note_fetch * o.candidates))
    texts = store.chunk_texts(s.conn, sorted(found))
    titles = note_titles(s.conn, list(texts))
    held = [c for c, text in texts.items() if contacts.holds_contact(text, asked, titles.get(c, ""),
                                                                       lambda word: store.is_name(s.conn, word))]
    if held:
        s.scores["contact"] = [(c, 1.0) for c in sorted(held)]


def _explain(s: _Search, fused: list[Hit]) -> dict[int, dict]:
    if s.graph_votes is None:
        return {}
    from minirag_cli import graph

    explain = graph.explain_votes(s.conn, s.graph_votes, [h.chunk_id for h in fused])
    voted = [h.chunk_id for h in fused if "date" in h.channels]
    for c, by in _date_vote_kinds(s, voted).items():
        explain.setdefault(c, {}).update(date=[p.removeprefix("date:") for p in s.periods], date_by=by)
    return explain


def _date_vote_kinds(s: _Search, chunks: list[int]) -> dict[int, str]:
    """chunk id -> why the date channel voted for it (format.explain_lines says it): 'dated' (its note is dated in
    the asked days), 'says' (today's note says the question's "next week"), 'writes' (it writes one of the days
    to come) or 'mentions' (its note mentions one of the asked days or months: graph.dated_chunks). Each was
    'its note is dated in', an undated project page's too (review datevote)."""
    if not chunks:
        return {}
    from minirag_cli import datednotes

    dated = s.dated if s.dated is not None else datednotes.dated_notes(s.conn, datednotes.asked_spans(s.periods,
                                                                                                       s.days))
    doc_of = _notes_of(s, chunks)
    return {c: "says" if c in s.said else "writes" if c in s.writing
            else "dated" if dated.get(doc_of.get(c), 0.0) > 0 else "mentions" for c in chunks}


def search(conn, question: str, *, embedder, options: RetrievalOptions | None = None,
           query_vector: np.ndarray | None = None, terms=None, today=None, **overrides) -> SearchResult:
    """Rank chunks for a question; returns the top k with document path, line
    span, score, text and the channels that found each (with the graph's
    seeds, path and relation for the chunks it voted for). `overrides`
    (mode=, k=, hops=, weights=) change those fields of `options`. `today`
    (a date: the asking day): the days the question's words ("yesterday")
    stand for (askday.asked_days) are searched as a written date is
    (date_terms) and named in the result's `days`."""
    weights = overrides.pop("weights", None)
    o = (options or DEFAULTS).replace(**overrides).with_weights(weights)
    channels = parse_mode(o.mode)
    question = check_question(question, o)
    days = unread = None
    if today is not None:
        from minirag_cli.askday import AskedDays, read_days

        days = read_days(question, today, person=lambda word: store.is_person(conn, word))
        if isinstance(days, AskedDays) and days.written:  # `11/12/2026` in a day-first vault is one day
            from minirag_cli.dayorder import one_asked_day

            days = one_asked_day(days, _day_order(conn))
        if not isinstance(days, AskedDays):  # "what did Keller say last week?": searched as written, and said so
            days, unread = None, days
        elif days is not None and days.to_come() and not days.spelled and o.weights.get("date", 0.0) > 0:
            # days to come: no text channel reads a day written `Fri 18 Dec` or `17/12/2026` as one of them, nor
            # BM25 their words or dates (bm25_pool): the date channel's notes (_dated_notes) vote with BM25's
            # share too (the notes writing next week's days ranked below notes writing none: nowdays), for a period
            # under way too: BM25 reads only its days written ISO-like (`2026-12-08`, text.date_terms), not `8 Dec`
            # (withheld for "this week", the bins' `next one 8 Dec` fell below the rent's "due" of no day: review
            # datevote)
            o = o.with_weights({"date": o.weights["date"] + o.weights.get("bm25", 0.0)})
    if ("dense" in channels or "graph" in channels) and query_vector is None:
        query_vector = embedder.embed([question])[0]
    s = _Search(conn, question, channels, o, query_vector, terms, days=days, today=today)
    dense = _text_channels(s, embedder, question_clauses(question, o.min_clause_words) if o.decompose else [])
    seeds = None
    if "graph" in channels:
        from minirag_cli import graph

        seeds = graph.ground(conn, question, query_vector, terms=terms, options=o.graph)  # while dense runs
    if dense is not None:
        (ranking, s.pools["dense"]) = dense.result()
        s.rankings = {"dense": ranking, **s.rankings}
    s.scores = _pool_scores(s)
    if "graph" in channels:
        _graph_channel(s, seeds)
    _dated_notes(s)
    _contact_votes(s)
    _topic_notes(s)
    weights = _fusion_weights(o.weights)
    fused = demote_near_duplicates(conn, score_fuse(s.scores, weights, ranks=s.rankings),
                                   window=o.duplicate_window, threshold=o.near_duplicate_cosine)
    latest = _latest(s, fused)
    if latest is None:
        latest = _coming(s, fused)
    linked = None
    if latest is None:  # "which notes link to X?": the notes linking to X first, X below them (backlinks.py)
        from minirag_cli.backlinks import reorder as backlinks_first

        fused, linked = backlinks_first(conn, question, fused, Hit, o.k)
    fused = fused[:o.k]
    seeds_out, paths = (s.graph_votes.seeds, s.graph_votes.paths) if s.graph_votes else ([], [])
    results = _materialise(conn, fused, _explain(s, fused))
    if latest is not None and latest.moved:
        # placed first by its date, not its score (a lower one than the next result's): said so, not hidden
        for item in results:
            if item["chunk_id"] == latest.chosen:
                item["ranked_by"] = "recency"
    for item in results:  # placed first as linking to the asked note, whatever its score (backlinks.reorder)
        if "links" in item["channels"]:
            item["ranked_by"] = "links"
    return SearchResult(question, mode_name(channels), seeds_out, results, paths, days=days, unread=unread,
                        latest=latest, writing=frozenset(s.writing), linked=linked)


def _latest(s: _Search, fused: list[Hit]):
    """A question about the latest time the asker did something ("when did I
    last see Priya?"): the latest-dated of the relevant notes (the first
    latest_pool notes of the fused results) that hold its names moves first
    (latest.py); of the notes dated in the days or months it asks about, if
    it asks about some ("… in October?"). Its latest.Reordered, else None."""
    from minirag_cli.datednotes import asked_spans, section_days
    from minirag_cli.latest import best_of_notes, latest_words, reorder

    asked = latest_words(s.question, lambda word: store.is_name(s.conn, word))
    if asked is None or not fused:
        return None
    from minirag_cli.store import note_heads, note_titles

    periods = s.periods or _asked_periods(s)
    rows = store.result_rows(s.conn, [h.chunk_id for h in fused])
    # a note's dated sections (a journal's days) compete as notes of their own (latest.best_of_notes)
    sections = {chunk: day for _doc, chunk, day in section_days(s.conn)}
    best = best_of_notes(fused, rows, s.options.latest_pool, sections)
    bests = [fused[i].chunk_id for i in best.values()]
    return reorder(fused, asked, rows, best, note_heads(s.conn, bests), asked_spans(periods, s.days), sections,
                   note_titles(s.conn, bests) if asked.named or asked.first_numbered else None, s.today,
                   lambda chunks: _day_rows(s.conn, rows, chunks))


def _day_rows(conn, rows: dict[int, tuple], chunks: list[int]) -> dict[int, tuple[str, list]]:
    """chunk id -> (its note's title, its chunks and the days they write) for the undated candidates of a
    "when did I last …?" question (latest.row_day: a service history's last row dates it)."""
    from minirag_cli.store import note_titles

    of_note = {rows[c][6]: c for c in chunks}
    days = store.note_day_mentions(conn, list(of_note))
    titles = note_titles(conn, chunks)
    return {c: (titles.get(c, ""), days.get(doc, [])) for doc, c in of_note.items()}


def _coming(s: _Search, fused: list[Hit]):
    """A question about the next time a thing happens ("when is the next inset day?"): of the first latest_pool
    notes of the fused results, the one that writes the soonest day to come of it moves first (coming.py). Its
    latest.Reordered (`chosen` None when no note writes one), else None."""
    import datetime as dt

    from minirag_cli.coming import next_words, reorder
    from minirag_cli.latest import best_of_notes

    asked = next_words(s.question, lambda word: store.is_name(s.conn, word))
    if asked is None or not fused:
        return None
    from minirag_cli.store import note_heads, note_titles

    rows = store.result_rows(s.conn, [h.chunk_id for h in fused])
    best = best_of_notes(fused, rows, s.options.latest_pool)
    bests = [fused[i].chunk_id for i in best.values()]
    chunks = store.document_chunks(s.conn, list(best))
    texts = store.chunk_texts(s.conn, [c for ids in chunks.values() for c in ids])
    whole = {doc: "\n".join(texts.get(c, "") for c in ids) for doc, ids in chunks.items()}
    return reorder(fused, asked, rows, best, note_heads(s.conn, bests), whole, note_titles(s.conn, bests),
                   s.today or dt.date.today())


def _materialise(conn, hits: list[Hit], explain: dict[int, dict]) -> list[dict]:
    if not hits:
        return []
    rows = store.result_rows(conn, [h.chunk_id for h in hits])
    out = []
    rank_of: dict[int, int] = {}
    for h in hits:
        r = rows.get(h.chunk_id)
        if r is None:  # deleted by a concurrent sync between ranking and reading
            continue
        item = {"rank": len(out) + 1, "chunk_id": h.chunk_id, "path": r[1], "root": r[2], "lines": [r[3], r[4]],
                "score": round(h.score, 6), "text": r[5], "channels": h.channels}
        if h.chunk_id in explain and {"graph", "time", "date"} & set(h.channels):
            item["graph"] = explain[h.chunk_id]
        if h.duplicate_of is not None and h.duplicate_of in rank_of:
            item["duplicate_of"] = rank_of[h.duplicate_of]  # the rank of the result it repeats
        rank_of[h.chunk_id] = item["rank"]
        out.append(item)
    return out
