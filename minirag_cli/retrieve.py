"""Retrieval for `mrag ask` and `mrag eval`: channels that each score chunks,
fused into one ranking.

Channels: `dense` (KNN over vec_chunks), `bm25` (FTS5) and `graph` (entity
grounding + k-hop walk + time edges + the date nodes of a period the
question names, see graph.py). `--mode hybrid` means all
three; any comma-separated subset is allowed so every ablation can be
measured. A chunk found by any channel can be returned: the graph adds votes,
it never removes a lexical or dense hit.

Fusion is a weighted sum of scores on comparable scales (measured against
reciprocal-rank fusion on the LiHua dev split, see BENCHMARKS.md): BM25
divided by the best BM25 score of the question, dense cosine similarity as it
is, and the graph's votes, which graph.py reports in [0, 1]. The graph's
votes are computed for every chunk the other channels found, so they re-weigh
those as well as bring their own. Near-duplicates of a better result are then
moved down (never dropped). On a large index the dense scan runs in a thread
on a second connection while BM25 and grounding run.

Query normalisation for BM25: every word is quoted (no FTS5 syntax from a
question ever reaches FTS5), a phrase in quotes is also a phrase term,
stopwords are dropped, and dates written in words or in part ("January 6th",
"in May", "2026101") become the compact yyyymmdd tokens notes carry
("20260106", prefix "202605*"). A chunk's header column (its note's first
line and people) counts HEADER_WEIGHT times its text.

Question decomposition: a question that joins two events ("Did A ... before
B ...?") is also searched side by side, dense and BM25 each taking a chunk's
best score over the whole question and its sides, so the note of the side
with fewer words is not drowned by the other side's notes.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from minirag_cli import db
from minirag_cli.errors import UsageError

CHANNELS = ("dense", "bm25", "graph")
RRF_K = 60
CANDIDATES = 50  # per channel, before fusion
# BM25 weight of a chunk's `header` column (its note's first line and the
# people the note names) against its text: a question that names who spoke
# is matched by every chunk of their conversations. Measured on the LiHua
# dev split, header weights 0.5 / 1 / 1.5 / 2 / 3 gave hybrid MRR 0.841 /
# 0.844 / 0.846 / 0.851 / 0.851 (BENCHMARKS.md, "Retrieval modes").
HEADER_WEIGHT = 2.0
# From this many chunks on, the dense scan (sqlite-vec brute force, about
# 0.5 us a chunk) runs in a thread on a second connection while BM25 and the
# graph's grounding run: 55 ms of the 140 ms a hybrid search costs at 100k
# chunks (BENCHMARKS.md). Below it the scan is cheaper than the hand-off.
PARALLEL_MIN_CHUNKS = 20_000
# Near-duplicates (a form message sent every week, a pasted copy): within the
# first DUPLICATE_WINDOW results, a chunk whose vector is this close to a
# better one moves below the rest of the window. The bakery's delivery notices
# in LiHua are 0.988-0.999 to each other; 0.95 and 0.98 gave the same dev figures.
NEAR_DUPLICATE_COSINE = 0.98
DUPLICATE_WINDOW = 40
# A question is a few sentences; a pasted document would make the graph
# channel ground thousands of spans (SQLite's variable limit) and MiniLM reads
# 256 word pieces anyway. Longer questions are refused with a UsageError.
MAX_QUESTION_CHARS = 4000
# score weights; "time" is the graph's time-edge vote (see graph.time_links),
# "date" the vote of the date nodes a question names (see graph.dated_chunks)
WEIGHTS = {"bm25": 0.5, "dense": 0.5, "graph": 0.2, "time": 0.2, "date": 0.2}
DECOMPOSE = True  # a question comparing two events is also searched side by side (question_clauses)
ANCHOR_DOCUMENTS = 5  # best text documents that seed the graph's time edges

STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on
once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves
""".split())

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_MONTH_ALT = "|".join(sorted(list(MONTHS) + [m[:3] for m in MONTHS] + ["sept"], key=len, reverse=True))
_DAY_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_ALT})\.?(?:,?\s+((?:19|20)\d\d))?\b", re.I)
_MONTH_DAY = re.compile(rf"\b({_MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+((?:19|20)\d\d))?", re.I)
_MONTH_ONLY = re.compile(rf"\b({_MONTH_ALT})\b(?:\s+((?:19|20)\d\d))?", re.I)
_PARTIAL_COMPACT = re.compile(r"\b((?:19|20)\d{4,5})\b")  # yyyymm or yyyymmd


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

    def to_dict(self) -> dict:
        out = {"query": self.query, "mode": self.mode, "seeds": self.seeds, "results": self.results}
        if self.paths:
            out["paths"] = self.paths
        return out


# --------------------------------------------------------------------------- BM25


def index_years(conn) -> list[str]:
    """Years the index holds dated entities for (a date without a year means one of these)."""
    try:
        rows = conn.execute("SELECT DISTINCT substr(key, 6, 4) FROM entities "
                            "WHERE key >= 'date:1' AND key < 'date:a'").fetchall()
    except Exception:  # an index without entities yet
        return []
    return sorted(r[0] for r in rows if r[0].isdigit())


def date_terms(question: str, years: Iterable[str] = ()) -> list[str]:
    """FTS5 terms for the dates a question writes in words or in part: exact
    yyyymmdd tokens, or quoted prefixes followed by `*` for a month or a
    truncated compact date. A date without a year stands for each year the
    index knows."""
    years = list(years)
    terms: list[str] = []
    spans: list[tuple[int, int]] = []

    def add(year: str | None, month: int, day: int | None, span: tuple[int, int]) -> None:
        spans.append(span)
        for y in ([year] if year else years):
            if day is None:
                terms.append(f'"{y}{month:02d}"*')
            elif 1 <= day <= 31:
                terms.append(f'"{y}{month:02d}{day:02d}"')

    def month_of(word: str) -> int | None:
        w = word.lower().rstrip(".")
        return MONTHS.get(w) or next((v for k, v in MONTHS.items() if k[:3] == w[:3] and len(w) >= 3
                                      and k.startswith(w)), None) or (9 if w == "sept" else None)

    for m in _DAY_MONTH.finditer(question):
        month = month_of(m.group(2))
        if month:
            add(m.group(3), month, int(m.group(1)), m.span())
    for m in _MONTH_DAY.finditer(question):
        month = month_of(m.group(1))
        if month and not any(a <= m.start() < b for a, b in spans):
            add(m.group(3), month, int(m.group(2)), m.span())
    for m in _MONTH_ONLY.finditer(question):
        word = m.group(1)
        # "may", "march" and friends are words too: only a capitalised month
        # name that does not open the question counts
        if any(a <= m.start() < b for a, b in spans) or not word[:1].isupper() or m.start() == 0:
            continue
        month = month_of(word)
        if month and len(word) >= 3:
            add(m.group(2), month, None, m.span())
    for m in _PARTIAL_COMPACT.finditer(question):
        terms.append(f'"{m.group(1)}"*')
    return list(dict.fromkeys(terms))


def date_key_prefixes(terms: Iterable[str]) -> list[str]:
    """date_terms' FTS5 terms as prefixes of date entity keys: '"202605"*' ->
    'date:2026-05', '"20260106"' -> 'date:2026-01-06', '"2026101"*' ->
    'date:2026-10-1' (the 10th to the 19th)."""
    out = []
    for term in terms:
        digits = re.sub(r"\D", "", term)
        if len(digits) >= 6:
            out.append(f"date:{digits[:4]}-{digits[4:6]}" + (f"-{digits[6:8]}" if len(digits) > 6 else ""))
    return list(dict.fromkeys(out))


_QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')


def fts_query(question: str, extra_terms: Iterable[str] = ()) -> str | None:
    """A safe FTS5 query: every word quoted, OR-ed (no syntax reaches FTS5),
    plus `extra_terms` that are already well-formed (date_terms). A phrase
    the question puts in quotes ("Overwatch 3") is also a phrase term, so a
    chunk holding it in that order outranks one holding the words apart."""
    words = [w for w in re.findall(r"\w+", question.lower()) if w not in STOPWORDS and len(w) > 1]
    terms = [f'"{w}"' for w in list(dict.fromkeys(words))[:64]] + list(extra_terms)
    for match in _QUOTED.finditer(question):
        phrase = re.findall(r"\w+", (match.group(1) or match.group(2)).lower())
        if len(phrase) > 1:
            terms.append('"' + " ".join(phrase[:16]) + '"')
    terms = list(dict.fromkeys(terms))
    if not terms:
        return None
    return " OR ".join(terms)


def bm25_channel(conn, question: str, limit: int = CANDIDATES) -> list[tuple[int, float]]:
    q = fts_query(question, date_terms(question, index_years(conn)))
    if not q:
        return []
    rows = conn.execute(
        "SELECT rowid, bm25(chunks_fts, 1.0, ?) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s LIMIT ?",
        (HEADER_WEIGHT, q, limit)).fetchall()
    return [(r[0], -r[1]) for r in rows]


# --------------------------------------------------------------------------- dense


def dense_channel(conn, query_vector: np.ndarray, limit: int = CANDIDATES) -> list[tuple[int, float]]:
    rows = conn.execute(
        "SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ? ORDER BY distance",
        (np.asarray(query_vector, dtype=np.float32).tobytes(), limit)).fetchall()
    return [(r[0], 1.0 - r[1]) for r in rows]


def dense_ranking(conn, vectors: list[np.ndarray]) -> list[tuple[int, float]]:
    """The dense channel for a question (vectors[0]) and its sides (the rest):
    each chunk's best similarity over them."""
    ranked = dense_channel(conn, vectors[0])
    if len(vectors) > 1:
        ranked = merge_max([ranked] + [dense_channel(conn, v) for v in vectors[1:]])[:CANDIDATES]
    return ranked


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


def _large(conn) -> bool:
    return (conn.execute("SELECT coalesce(max(id), 0) FROM chunks").fetchone()[0] or 0) >= PARALLEL_MIN_CHUNKS


def demote_near_duplicates(conn, hits: list[Hit], *, window: int = DUPLICATE_WINDOW,
                           threshold: float = NEAR_DUPLICATE_COSINE) -> list[Hit]:
    """The same hits with each near-duplicate of a better one (cosine of the
    chunk vectors >= threshold) moved below the rest of the first `window`;
    `duplicate_of` names the chunk it repeats. Nothing is dropped."""
    head = hits[:window]
    if len(head) < 2 or not db.has_vec_tables(conn):
        return hits
    # one point lookup per chunk: vec0 answers `rowid IN (...)` with a full
    # scan (33 ms at 100k chunks), `rowid = ?` from its rowid index (30 us)
    found = [(i, conn.execute("SELECT embedding FROM vec_chunks WHERE rowid = ?", (h.chunk_id,)).fetchone())
             for i, h in enumerate(head)]
    found = [(i, np.frombuffer(row[0], dtype=np.float32)) for i, row in found if row is not None]
    if len(found) < 2:
        return hits
    matrix = np.stack([v for _i, v in found])
    matrix = matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    # einsum's own loop, not BLAS: a 40x40 product is too small to be worth
    # waking OpenBLAS's threads, which spin on the cores the dense scan uses
    similar = np.einsum("ik,jk->ij", matrix, matrix)
    row_of = {i: n for n, (i, _v) in enumerate(found)}
    kept: list[int] = []  # positions in head
    moved: list[Hit] = []
    for i, h in enumerate(head):
        twin = None
        if i in row_of:
            twin = next((j for j in kept if j in row_of and similar[row_of[i], row_of[j]] >= threshold), None)
        if twin is None:
            kept.append(i)
        else:
            h.duplicate_of = head[twin].chunk_id
            moved.append(h)
    kept_hits = [head[i] for i in kept]
    return kept_hits + moved + hits[window:]


# --------------------------------------------------------------------------- fusion


def rrf_fuse(rankings: dict[str, list[tuple[int, float]]], weights: dict[str, float] | None = None,
             k: int = RRF_K) -> list[Hit]:
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


def score_fuse(scores: dict[str, list[tuple[int, float]]], weights: dict[str, float] | None = None,
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
MIN_CLAUSE_WORDS = 3


def question_clauses(question: str) -> list[str]:
    """The sides of a question that joins two events with before/after/then/
    while/when, each with at least MIN_CLAUSE_WORDS content words; [] when the
    question does not split that way."""
    parts = [p.strip(" ,?.!") for p in _CLAUSE_SPLIT.split(question)]
    parts = [p for p in parts
             if len([w for w in re.findall(r"\w+", p.lower()) if w not in STOPWORDS]) >= MIN_CLAUSE_WORDS]
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


def search(conn, question: str, *, embedder, mode: str | Iterable[str] = "hybrid", k: int = 10,
           hops: int = 2, query_vector: np.ndarray | None = None, terms=None,
           weights: dict[str, float] | None = None) -> SearchResult:
    """Rank chunks for a question; returns the top k with document path, line
    span, score, text and the channels that found each (with the graph's
    seeds, path and relation for the chunks it voted for)."""
    channels = parse_mode(mode)
    question = question.strip()
    if not question:
        raise UsageError("The question is empty.")
    if len(question) > MAX_QUESTION_CHARS:
        raise UsageError(f"The question is {len(question):,} characters long; mrag reads up to "
                         f"{MAX_QUESTION_CHARS:,}.", hint="Ask about one thing at a time, in a few sentences.")
    weights = {**WEIGHTS, **(weights or {})}
    rankings: dict[str, list[tuple[int, float]]] = {}
    if ("dense" in channels or "graph" in channels) and query_vector is None:
        query_vector = embedder.embed([question])[0]
    clauses = question_clauses(question) if DECOMPOSE else []
    dense = None
    if "dense" in channels:
        vectors = [query_vector]
        if clauses and embedder is not None:  # a caller with only a query vector gets the whole question
            vectors += list(embedder.embed(clauses))
        if _large(conn):
            dense = _Concurrent(conn, lambda c: dense_ranking(c, vectors))
        else:
            rankings["dense"] = dense_ranking(conn, vectors)
    if "bm25" in channels:
        rankings["bm25"] = bm25_channel(conn, question)
        if clauses:
            rankings["bm25"] = merge_max([rankings["bm25"]] + [bm25_channel(conn, c) for c in clauses],
                                         normalise=True)[:CANDIDATES]
    seeds_found = None
    if "graph" in channels:
        from minirag_cli import graph

        seeds_found = graph.ground(conn, question, query_vector, terms=terms)  # while the dense scan runs
    if dense is not None:
        rankings = {"dense": dense.result(), **rankings}
    scores = dict(rankings)
    seeds: list[dict] = []
    explain: dict[int, dict] = {}
    paths: list[dict] = []
    periods: list[str] = []
    if "graph" in channels:
        candidates: list[int] = []
        anchors = None
        if rankings:  # the documents the text channels hit hardest seed the time edges
            text = score_fuse(rankings, weights)
            candidates = [h.chunk_id for h in text]  # best first
            anchors = graph._documents_of(conn, [(h.chunk_id, h.score) for h in text[:4 * ANCHOR_DOCUMENTS]],
                                          n=ANCHOR_DOCUMENTS)
        g = graph.graph_channel(conn, question, query_vector, hops=hops, terms=terms,
                                candidates=candidates, anchors=anchors, seeds=seeds_found)
        rankings["graph"] = g.ranking
        scores["graph"] = sorted(g.votes.items(), key=lambda kv: (-kv[1], kv[0]))
        scores["time"] = sorted(g.time.items(), key=lambda kv: (-kv[1], kv[0]))
        seeds, paths = g.seeds, g.paths
        # a period the question names ("in May", "on January 6th") is a set of
        # date nodes: every found chunk whose note mentions one gets their vote
        periods = date_key_prefixes(date_terms(question, index_years(conn)))
        if periods:
            found = {c for items in scores.values() for c, _s in items}
            scores["date"] = [(c, 1.0) for c in graph.dated_chunks(conn, periods, found)]
    fused = demote_near_duplicates(conn, score_fuse(scores, weights, ranks=rankings))[:k]
    if "graph" in channels:
        explain = graph.explain_votes(g, [h.chunk_id for h in fused])
        for h in fused:
            if "date" in h.channels:
                explain.setdefault(h.chunk_id, {})["date"] = [p.removeprefix("date:") for p in periods]
    return SearchResult(question, mode_name(channels), seeds, _materialise(conn, fused, explain), paths)


def _materialise(conn, hits: list[Hit], explain: dict[int, dict]) -> list[dict]:
    if not hits:
        return []
    ids = [h.chunk_id for h in hits]
    marks = ",".join("?" * len(ids))
    rows = {r[0]: r for r in conn.execute(
        f"SELECT c.id, d.path, d.root, c.start_line, c.end_line, c.text, c.document_id FROM chunks c "
        f"JOIN documents d ON d.id = c.document_id WHERE c.id IN ({marks})", ids)}
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
