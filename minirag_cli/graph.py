"""The graph channel of retrieval: ground the question in entities, walk the
co-occurrence graph k hops with a recursive CTE, score the paths, let the
entities on good paths vote for the chunks that mention them, and link
conversations of the same people close in time.

Steps (MiniRAG's query side, done in SQL on the index):

1. `ground`: the question's word spans matched against entity keys and alias
   keys (resolve.normalise_key), longest span first and without overlaps;
   a first name as a whole word of a full name ("Wolfgang" -> "Wolfgang
   Schulz"); typos by rapidfuzz; dates in any spelling; plus a KNN of the
   question vector over `vec_entity_names`. Each seed keeps a similarity in
   [0, 1] and the question span (its *concept*) it stands for. An optional
   `QueryTerms` (the LLM keyword step, answer.extract_query_terms) adds names
   and answer types.
2. `walk`: one recursive CTE from the seeds over `cooccurrence` (undirected,
   stored a < b), up to `hops`, keeping every path and never revisiting a node
   on it. Hub control: an edge's strength is its association
   weight / sqrt(chunks(a) * chunks(b)), which shrinks edges to entities seen
   everywhere; each node expands only to its `fanout` strongest neighbours;
   entities in more than `hub_share` of all chunks are neither expanded nor
   reached (the notes' owner, mentioned in half the chunks, would otherwise
   connect everything to everything), entities in more than
   EXPAND_MAX_CHUNKS are reached but not expanded (hub_share=1 turns both
   off); a LIMIT bounds the whole walk.
3. `score_paths`: seed weight x (1 + answer-type nodes on the path + votes of
   the relation sentences near the question on its edges) x the product of
   its edge strengths (MiniRAG Eq. 2 in spirit, the inverse-frequency
   weighting being the hub control). A multi-hop path is *good* when it has
   answer-type nodes or relation votes; only good paths let a non-seed vote.
4. `vote`: each entity takes its best path score; a chunk's vote, per
   concept, is the best voting entity it mentions (or, for a name the
   question spells out, whose name its text holds: `name_occurrences`) times
   that entity's inverse chunk frequency (aliases of one name never add up),
   with half weight for concepts its document mentions in other chunks; plus
   the similarity of its best relation sentence. Votes are reported as a share of what a chunk
   holding every concept would get, so they are in [0, 1].
5. `time_links`: from the anchor documents (the best text hits) over time
   edges (date entities within a day) to notes of the same people (a shared
   non-hub entity), weighted by the anchor, the question similarity of the
   linked chunk and 1 / (1 + days apart).

retrieve.py fuses these votes with dense and BM25 scores: the graph adds
votes and never removes a lexical or dense hit. Nothing loads the graph into
Python: Python sees the seeds, the bounded walk rows and scored chunks.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

import numpy as np

from minirag_cli.retrieve import STOPWORDS

# --- tunables (measured on the LiHua dev split, see BENCHMARKS.md) ----------
MAX_SPAN_WORDS = 4
FUZZY_MIN_KEY = 5  # shorter spans only match exactly
FUZZY_MIN_RATIO = 88.0
WORD_MATCH_SIM = 0.8  # "Wolfgang" as a whole word of "Wolfgang Schulz"
KNN_ENTITIES = 10
KNN_MIN_SIM = 0.45  # question vector vs bare entity name (MiniLM cosine)
VECTOR_SEED_WEIGHT = 0.5
HOP_DECAY = 0.5
RELATION_MIN_SIM = 0.35
HUB_SHARE = 0.3  # entities in more than this share of chunks are hubs
HUB_MIN_CHUNKS = 10  # ... and in more than this many
FANOUT = 6
# ... and entities in more than this many chunks are walked to but not from:
# their neighbour lists run to tens of thousands at 100k chunks (the cost of
# the walk) and a neighbour of a near-hub is weak evidence. Above every
# entity of LiHua (2020 chunks) except its hub.
EXPAND_MAX_CHUNKS = 1000
WALK_ROW_LIMIT = 2000  # hard bound on the recursive CTE, whatever the graph
CHUNK_LIMIT = 50
VOTE_SPREAD = 1000  # a voter in more chunks lists only this many on its own (see VOTE_TOP_SQL)
NAME_TEXT_LIMIT = 1000  # chunks a seed's name is looked up in by text (see name_occurrences)
RELATION_CHUNK_WEIGHT = 1.0
DOC_SHARE = 0.5  # a concept named elsewhere in the chunk's document
TIME_WINDOW_DAYS = 1
TIME_WEIGHT = 1.0
TIME_MAX_DOCUMENTS = 12  # documents linked by time edges, at most
RELATION_CANDIDATES = 30  # candidate chunks whose relation sentences are read
MAX_SEEDS = 12

# the keyword channel's stopwords plus words that name no entity in a question
GROUNDING_STOPWORDS = STOPWORDS | frozenset("""
also ever tell told ask asked say said make made get got go went want wants one two first new last next time day
week month year question whose
""".split())

# wh-words -> entity types that answer them (heuristic types: person, name,
# work, date, concept; LLM types: person, organization, location, event,
# product, work, concept, date)
ANSWER_TYPE_CUES = [
    (re.compile(r"\b(who|whom|whose)\b", re.I), ("person",)),
    (re.compile(r"\b(when|what (time|day|date)|which (day|date)|how long)\b", re.I), ("date",)),
    (re.compile(r"\bwhere\b", re.I), ("location", "organization")),
    (re.compile(r"\b(which|what) (game|movie|film|song|book|series|show|album|band|title)s?\b", re.I),
     ("work", "product")),
    (re.compile(r"\b(which|what) (event|activity|occasion|festival|holiday)s?\b", re.I), ("event",)),
]


@dataclass
class QueryTerms:
    """What an LLM keyword step (or a caller) says about the question."""

    entities: list[str] = field(default_factory=list)
    answer_types: list[str] = field(default_factory=list)


@dataclass
class Seed:
    entity_id: int
    name: str
    type: str
    similarity: float
    via: str  # exact | alias | word | fuzzy | vector | llm
    span: str = ""
    chunks: int = 0
    concept: str = ""  # seeds from one question span share it

    @property
    def weight(self) -> float:
        """How much the seed's votes count: a name the question spells out
        counts fully; a vector neighbour of the whole question is a guess."""
        return self.similarity * (VECTOR_SEED_WEIGHT if self.via == "vector" else 1.0)

    def to_dict(self) -> dict:
        return {"entity_id": self.entity_id, "name": self.name, "type": self.type,
                "similarity": round(self.similarity, 4), "via": self.via, "span": self.span,
                "chunks": self.chunks}


@dataclass
class GraphVotes:
    ranking: list[tuple[int, float]] = field(default_factory=list)  # (chunk id, score), best first
    seeds: list[dict] = field(default_factory=list)
    paths: list[dict] = field(default_factory=list)  # best paths, for --explain / --json
    votes: dict[int, float] = field(default_factory=dict)  # chunk id -> entity/relation vote in [0, 1]
    time: dict[int, float] = field(default_factory=dict)  # chunk id -> time-edge vote in [0, 1]
    _why: tuple | None = field(default=None, repr=False)  # what explain_votes needs
    answer_types: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- grounding


def answer_types_for(question: str) -> list[str]:
    found: list[str] = []
    for pattern, types in ANSWER_TYPE_CUES:
        if pattern.search(question):
            found.extend(t for t in types if t not in found)
    return found


@dataclass
class _Span:
    start: int  # word positions [start, end)
    end: int
    text: str
    key: str
    lowercase: bool  # written without capitals in the question


def _spans(question: str) -> list[_Span]:
    """Word n-grams (1..MAX_SPAN_WORDS) that neither start nor end with a stopword."""
    from minirag_cli.resolve import normalise_key

    words = [w.rstrip(".:,;!?") for w in re.findall(r"[\w][\w'’&.:-]*", question)]
    spans: list[_Span] = []
    for n in range(1, MAX_SPAN_WORDS + 1):
        for i in range(len(words) - n + 1):
            gram = words[i:i + n]
            if gram[0].lower() in GROUNDING_STOPWORDS or gram[-1].lower() in GROUNDING_STOPWORDS:
                continue
            text = " ".join(gram)
            key = normalise_key(text)
            if len(key) >= 2:
                spans.append(_Span(i, i + n, text, key, text == text.lower()))
    return spans


def _word_keys(name: str) -> set[str]:
    from minirag_cli.resolve import normalise_key

    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    return {normalise_key(w) for w in re.split(r"[\s_-]+", spaced) if w}


def _date_keys(conn, span: str) -> list[str]:
    """'20260531', '2026-05-31', 'May 31st' -> the date entity keys they name
    (a date without a year matches that day in every year the index holds).
    Only a span that is a date and nothing more names one."""
    from minirag_cli.extract.heuristic import find_dates

    keys = []
    for surface, iso in find_dates(span):
        if surface.strip() != span.strip():
            continue
        if iso.startswith("--"):
            keys.extend(r[0] for r in conn.execute(
                "SELECT key FROM entities WHERE key >= 'date:' AND key < 'date;' AND key LIKE ?",
                ("date:%" + iso[1:],)))
        else:
            keys.append("date:" + iso)
    return keys


# heuristic-extractor types: capitalised spans; a lower-case question word
# ("try", "give") is not the name the index holds under that key
PROPER_TYPES = frozenset({"name", "person", "work"})


def ground(conn, question: str, query_vector=None, *, terms: QueryTerms | None = None) -> list[Seed]:
    """Entities the question names, best first, each with a similarity and the
    concept (question span) it stands for.

    Spans are matched longest first and may not overlap: "Black Myth: Wukong"
    is one concept, not also "Black" and "Myth". Every entity a span matches
    (its exact key, alias keys, whole-word and fuzzy matches) belongs to that
    span's concept, so aliases of one name never count twice downstream."""
    from rapidfuzz import fuzz

    from minirag_cli.resolve import normalise_key

    spans = _spans(question)
    if terms:  # LLM-proposed names: matched like spans, each its own concept
        base = len(question.split()) + 1000
        for i, t in enumerate(x for x in terms.entities if x.strip()):
            key = normalise_key(t)
            if len(key) >= 2:
                spans.append(_Span(base + i, base + i + 1, t.strip(), key, False))
    by_key: dict[str, list[_Span]] = {}
    for sp in spans:
        by_key.setdefault(sp.key, []).append(sp)
        for date_key in _date_keys(conn, sp.text):
            by_key.setdefault(date_key, []).append(sp)

    # exact and alias key matches: entity id -> (span, via)
    matches: dict[int, list[tuple[_Span, str, float]]] = {}
    if by_key:
        keys = list(by_key)
        marks = ",".join("?" * len(keys))
        rows = [(eid, key, "exact") for eid, key in conn.execute(
            f"SELECT id, key FROM entities WHERE key IN ({marks})", keys)]
        rows += [(eid, key, "alias") for eid, key in conn.execute(
            f"SELECT entity_id, key FROM entity_aliases WHERE key IN ({marks})", keys)]
        for eid, key, via in rows:
            for sp in by_key[key]:
                matches.setdefault(eid, []).append((sp, via, 1.0))
    info = _entity_info(conn, list(matches))
    # longest spans first, no overlaps
    span_hits: dict[tuple[int, int], list[tuple[int, str, float]]] = {}
    for eid, hits in matches.items():
        if eid not in info:
            continue
        for sp, via, sim in hits:
            if (sp.lowercase and sp.end - sp.start == 1 and info[eid][1] in PROPER_TYPES
                    and info[eid][0].lower() == sp.text):
                continue  # "try" is not the entity "Try"; "wolfgangschulz" is "Wolfgang Schulz"
            span_hits.setdefault((sp.start, sp.end), []).append((eid, via, sim))
    taken: set[int] = set()
    chosen: list[tuple[_Span, list[tuple[int, str, float]]]] = []
    span_at = {(sp.start, sp.end): sp for sp in spans}
    for (start, end) in sorted(span_hits, key=lambda se: (-(se[1] - se[0]), se[0])):
        if taken.intersection(range(start, end)):
            continue
        taken.update(range(start, end))
        chosen.append((span_at[(start, end)], span_hits[(start, end)]))

    # single capitalised words left over: whole word of a longer name
    # ("Wolfgang" -> "Wolfgang Schulz") or a typo, among alias keys sharing
    # the first letters (an indexed range scan)
    for sp in spans:
        if sp.end - sp.start != 1 or sp.start in taken or sp.lowercase or len(sp.key) < 4 or sp.key.isdigit():
            continue
        found = []
        lo = sp.key[:3]
        hi = lo[:-1] + chr(ord(lo[-1]) + 1)
        for eid, alias, akey in conn.execute(
                "SELECT entity_id, alias, key FROM entity_aliases WHERE key >= ? AND key < ? LIMIT 200", (lo, hi)):
            if akey.startswith(sp.key) and sp.key in _word_keys(alias):
                found.append((eid, "word", WORD_MATCH_SIM))
            elif len(sp.key) >= FUZZY_MIN_KEY and not any(c.isdigit() for c in sp.key):
                ratio = fuzz.ratio(sp.key, akey)
                if ratio >= FUZZY_MIN_RATIO:
                    found.append((eid, "fuzzy", 0.9 * ratio / 100.0))
        if found:
            chosen.append((sp, found))
    # a person's first name joins the concept of the full name the question
    # writes ("Wolfgang Schulz" -> also the entity "Wolfgang")
    first_keys = {}
    for sp, hits in chosen:
        first = sp.text.split()[0]
        if sp.end - sp.start > 1 and first[:1].isupper() and any(info.get(h[0], ("", ""))[1] == "person"
                                                                 for h in hits):
            first_keys.setdefault(normalise_key(first), []).append(hits)
    if first_keys:
        marks = ",".join("?" * len(first_keys))
        for eid, key in conn.execute(f"SELECT entity_id, key FROM entity_aliases WHERE key IN ({marks})",
                                     list(first_keys)):
            for hits in first_keys[key]:
                if all(h[0] != eid for h in hits):
                    hits.append((eid, "word", WORD_MATCH_SIM))
    # every entity matched by a chosen span's key joins that concept too:
    # "Wolfgang" (exact) and "Wolfgang Schulz" (whole word) are one person
    for sp, hits in chosen:
        if sp.end - sp.start == 1 and not sp.lowercase and len(sp.key) >= 4 and not sp.key.isdigit():
            have = {h[0] for h in hits}
            lo = sp.key
            hi = lo[:-1] + chr(ord(lo[-1]) + 1)
            for eid, alias in conn.execute(
                    "SELECT entity_id, alias FROM entity_aliases WHERE key > ? AND key < ? LIMIT 50", (lo, hi)):
                if eid not in have and sp.key in _word_keys(alias):
                    hits.append((eid, "word", WORD_MATCH_SIM))
                    have.add(eid)

    best: dict[int, Seed] = {}
    for sp, hits in chosen:
        via_llm = sp.start >= 1000
        for eid, via, sim in hits:
            cur = best.get(eid)
            if cur is None or sim > cur.similarity:
                best[eid] = Seed(eid, "", "", sim, "llm" if via_llm else via, sp.text, concept="s:" + sp.key)

    if query_vector is not None and _has_table(conn, "vec_entity_names"):
        blob = np.asarray(query_vector, dtype=np.float32).tobytes()
        for eid, dist in conn.execute(
                "SELECT v.rowid, v.distance FROM vec_entity_names v WHERE v.embedding MATCH ? AND k = ?",
                (blob, KNN_ENTITIES)):
            sim = 1.0 - float(dist)
            if sim >= KNN_MIN_SIM and eid not in best:
                best[eid] = Seed(eid, "", "", sim, "vector", "", concept=f"e:{eid}")

    if not best:
        return []
    info = _entity_info(conn, list(best))
    seeds = []
    for eid, s in best.items():
        if eid not in info:
            continue
        s.name, s.type, s.chunks = info[eid]
        if s.via == "vector" and s.type == "date":
            continue  # a date is named exactly or not at all
        seeds.append(s)
    seeds.sort(key=lambda s: (-s.similarity, s.chunks, s.entity_id))
    return seeds[:MAX_SEEDS]


def _has_table(conn, name: str) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone())


# --------------------------------------------------------------------------- walk

WALK_SQL = """
WITH RECURSIVE
seeds(id, score) AS (
    SELECT CAST(json_extract(value, '$[0]') AS INTEGER), json_extract(value, '$[1]') FROM json_each(:seeds)
),
walk(node, path, hops, strength, nchunks) AS (
    SELECT s.id, '/' || s.id || '/', 0, 1.0, e.chunks
    FROM seeds s JOIN entities e ON e.id = s.id
    UNION ALL
    SELECT CAST(json_extract(j.value, '$[0]') AS INTEGER),
           w.path || json_extract(j.value, '$[0]') || '/',
           w.hops + 1,
           w.strength * json_extract(j.value, '$[1]'),
           json_extract(j.value, '$[2]')
    FROM walk w, json_each(CASE WHEN w.hops < :hops AND w.nchunks <= :expand_max THEN (
        -- the node's `fanout` strongest non-hub neighbours, as one JSON array:
        -- a correlated scalar subquery is how a recursive CTE caps fan-out
        -- per node without LATERAL joins; the CASE keeps leaves and hubs
        -- from reading their neighbours at all
        SELECT json_group_array(json_array(dst, strength, chunks)) FROM (
            SELECT nb.dst, nb.weight / sqrt(w.nchunks * e.chunks) AS strength, e.chunks
            FROM (SELECT b AS dst, weight FROM cooccurrence WHERE a = w.node
                  UNION ALL
                  SELECT a AS dst, weight FROM cooccurrence WHERE b = w.node) nb
            JOIN entities e ON e.id = nb.dst
            WHERE e.chunks <= :hub_max
            ORDER BY strength DESC, nb.dst
            LIMIT :fanout)) ELSE '[]' END) j
    WHERE instr(w.path, '/' || json_extract(j.value, '$[0]') || '/') = 0
    LIMIT :row_limit
)
SELECT node, path, hops, strength FROM walk
"""


@dataclass
class WalkPath:
    nodes: list[int]  # seed first
    strength: float  # product of edge strengths (1.0 for a bare seed)

    @property
    def hops(self) -> int:
        return len(self.nodes) - 1


def hub_max(conn, hub_share: float = HUB_SHARE) -> int:
    """The most chunks a non-hub entity is mentioned in (a small index has no hubs)."""
    total = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    return max(HUB_MIN_CHUNKS, int(hub_share * total))


def walk(conn, seed_ids: list[int], *, hops: int = 2, fanout: int = FANOUT, hub_share: float = HUB_SHARE,
         row_limit: int = WALK_ROW_LIMIT) -> list[WalkPath]:
    """Every path of up to `hops` edges from the seeds (seeds themselves are
    0-hop paths), without cycles, hubs not expanded, fan-out capped."""
    if not seed_ids:
        return []
    limit = hub_max(conn, hub_share)
    expand_max = limit if hub_share >= 1 else min(limit, EXPAND_MAX_CHUNKS)  # hub_share=1: hub control off
    rows = conn.execute(WALK_SQL, {
        "seeds": json.dumps([[int(s), 1.0] for s in dict.fromkeys(seed_ids)]),
        "hops": max(0, int(hops)), "hub_max": limit, "expand_max": expand_max,
        "fanout": int(fanout), "row_limit": int(row_limit),
    }).fetchall()
    return [WalkPath([int(x) for x in path.strip("/").split("/")], float(strength))
            for _node, path, _hops, strength in rows]


# --------------------------------------------------------------------------- relations


@dataclass
class RelationHit:
    relation_id: int
    chunk_id: int
    a: int
    b: int
    similarity: float
    text: str


RELATIONS_OF_CHUNKS_SQL = """
SELECT r.id, r.chunk_id, r.a, r.b, 1.0 - vec_distance_cosine(v.embedding, :q) AS sim, r.text
FROM json_each(:chunks) j
JOIN relations r ON r.chunk_id = j.value
JOIN vec_relations v ON v.rowid = r.id
"""


def relations_near(conn, query_vector, chunk_ids, min_sim: float = RELATION_MIN_SIM) -> list[RelationHit]:
    """The relations held by the given chunks that are near the question,
    best first. Bounded by the chunks asked about, so it costs the same on a
    large index (a KNN over every relation would not)."""
    ids = sorted({int(c) for c in chunk_ids or ()})
    if query_vector is None or not ids or not _has_table(conn, "vec_relations"):
        return []
    blob = np.asarray(query_vector, dtype=np.float32).tobytes()
    rows = conn.execute(RELATIONS_OF_CHUNKS_SQL, {"q": blob, "chunks": json.dumps(ids)}).fetchall()
    hits = [RelationHit(r[0], r[1], r[2], r[3], float(r[4]), r[5]) for r in rows if r[4] >= min_sim]
    hits.sort(key=lambda h: (-h.similarity, h.relation_id))
    return hits


# --------------------------------------------------------------------------- scoring


def score_paths(paths: list[WalkPath], seeds: dict[int, Seed], node_types: dict[int, str],
                answer_types: list[str], edge_votes: dict[tuple[int, int], float]
                ) -> list[tuple[float, WalkPath, float]]:
    """(score, path, evidence) best first: score = seed weight x (1 + answer-type
    nodes + relation votes on its edges) x edge strengths; evidence = the
    answer-type nodes + relation votes alone (what makes a multi-hop path good)."""
    wanted = set(answer_types)
    scored = []
    for p in paths:
        seed = seeds.get(p.nodes[0])
        if seed is None:
            continue
        typed = sum(1 for n in p.nodes[1:] if node_types.get(n) in wanted)
        if p.hops == 0 and node_types.get(p.nodes[0]) in wanted:
            typed = 1
        votes = sum(edge_votes.get((min(a, b), max(a, b)), 0.0) for a, b in zip(p.nodes, p.nodes[1:]))
        scored.append((seed.weight * (1.0 + typed + votes) * p.strength, p, typed + votes))
    scored.sort(key=lambda sp: (-sp[0], sp[1].nodes))
    return scored


# The inputs of both vote queries: each voting entity with its concept, its
# weight (path score x inverse chunk frequency, computed once in `plan`) and
# its chunk count; and the chunks whose text spells out a seed's name.
VOTE_INPUTS = """
votes(entity_id, grp, w, chunks) AS MATERIALIZED (
    SELECT CAST(json_extract(value, '$[0]') AS INTEGER), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           json_extract(value, '$[3]')
    FROM json_each(:votes)
),
extra(entity_id, chunk_id) AS MATERIALIZED (
    SELECT CAST(json_extract(value, '$[0]') AS INTEGER), CAST(json_extract(value, '$[1]') AS INTEGER)
    FROM json_each(:extra)
),"""

# Votes for given chunks (the other channels' candidates), whatever their
# rank. The query starts from the candidates' documents (CROSS JOIN fixes the
# order): a voter in a fifth of a 100k-chunk index is then looked up in a few
# hundred chunks, not joined to its 20,000 mentions.
VOTE_FOR_SQL = "WITH" + VOTE_INPUTS + """
only(chunk_id, document_id) AS (
    SELECT c.id, c.document_id FROM json_each(:only) j JOIN chunks c ON c.id = j.value
),
docs(document_id) AS (SELECT DISTINCT document_id FROM only),
-- the candidates' documents' chunks, with the entities they mention or spell out
linked(chunk_id, document_id, entity_id) AS (
    SELECT c.id, c.document_id, m.entity_id
    FROM docs d
    CROSS JOIN chunks c ON c.document_id = d.document_id
    CROSS JOIN mentions m ON m.chunk_id = c.id
    UNION ALL
    SELECT c.id, c.document_id, x.entity_id
    FROM docs d
    CROSS JOIN chunks c ON c.document_id = d.document_id
    JOIN extra x ON x.chunk_id = c.id
),
-- a chunk's vote per concept: the best of the concept's entities it mentions
-- (aliases of one name never add up)
own AS (
    SELECT l.chunk_id, l.document_id, v.grp, max(v.w) AS s
    FROM linked l
    JOIN votes v ON v.entity_id = l.entity_id
    GROUP BY l.chunk_id, v.grp
),
-- what the chunk's document mentions elsewhere counts too, at a discount: a
-- note's date line or title scopes every chunk of it
doc AS (SELECT document_id, grp, max(s) AS s FROM own GROUP BY document_id, grp)
SELECT cand.chunk_id,
       sum(max(coalesce(o.s, 0.0), :doc_share * d.s)) AS score,
       json_group_array(o.grp) AS groups
FROM only cand
JOIN doc d ON d.document_id = cand.document_id
LEFT JOIN own o ON o.chunk_id = cand.chunk_id AND o.grp = d.grp
GROUP BY cand.chunk_id
ORDER BY score DESC, cand.chunk_id
LIMIT :limit
"""
# The graph's own best chunks: every chunk a voting entity is mentioned in
# (its own mentions only: the document discount is for candidates, where it
# re-weighs what the text channels found). A voter mentioned in more than
# :spread chunks (a near-hub: the owner in a fifth of the notes) lists only
# its first :spread mentions (chunk id order, the order ties are broken in)
# plus the chunks a narrower voter reached: alone it would tie across
# thousands of chunks, and joining all of them is the cost at 100k chunks.
VOTE_TOP_SQL = "WITH" + VOTE_INPUTS + """
narrow(chunk_id, grp, s) AS MATERIALIZED (
    SELECT m.chunk_id, v.grp, v.w
    FROM votes v
    CROSS JOIN mentions m ON m.entity_id = v.entity_id
    WHERE v.chunks <= :spread
    UNION ALL
    -- a seed's name in a chunk's text (bounded lists, wide voters too)
    SELECT x.chunk_id, v.grp, v.w
    FROM extra x JOIN votes v ON v.entity_id = x.entity_id
),
reached(chunk_id) AS (SELECT DISTINCT chunk_id FROM narrow),
-- the id of a wide voter's :spread-th chunk: its first :spread mentions are one range of the key
cut(entity_id, last) AS (
    SELECT v.entity_id, (SELECT chunk_id FROM mentions WHERE entity_id = v.entity_id
                         ORDER BY chunk_id LIMIT 1 OFFSET :spread - 1)
    FROM votes v WHERE v.chunks > :spread
),
wide(chunk_id, grp, s) AS (
    SELECT m.chunk_id, v.grp, v.w
    FROM cut
    JOIN votes v ON v.entity_id = cut.entity_id
    CROSS JOIN mentions m ON m.entity_id = cut.entity_id AND m.chunk_id <= cut.last
    UNION ALL
    SELECT r.chunk_id, v.grp, v.w
    FROM reached r
    CROSS JOIN mentions m ON m.chunk_id = r.chunk_id
    JOIN votes v ON v.entity_id = m.entity_id
    WHERE v.chunks > :spread
),
-- a chunk's vote per concept: the best of the concept's entities (aliases of one name never add up)
own AS (
    SELECT chunk_id, grp, max(s) AS s
    FROM (SELECT * FROM narrow UNION ALL SELECT * FROM wide)
    GROUP BY chunk_id, grp
)
SELECT chunk_id, sum(s) AS score, json_group_array(grp) AS groups
FROM own GROUP BY chunk_id ORDER BY score DESC, chunk_id LIMIT :limit
"""

# Time edges: two date entities within :window days are adjacent. From the
# dates of the anchor documents (the ones the question most clearly hits)
# the walk crosses to adjacent dates, and a date votes for the chunks that
# mention it when their document shares a non-hub entity (a person, a place)
# with the anchor: a conversation of the same people close in time.
TIME_SQL = """
WITH
anchors(doc, w) AS (
    SELECT CAST(json_extract(value, '$[0]') AS INTEGER), json_extract(value, '$[1]') FROM json_each(:anchors)
),
anchor_days(doc, w, day) AS (
    SELECT DISTINCT a.doc, a.w, substr(e.key, 6)
    FROM anchors a
    JOIN chunks c ON c.document_id = a.doc
    JOIN mentions m ON m.chunk_id = c.id
    JOIN entities e ON e.id = m.entity_id
    WHERE e.key >= 'date:1' AND e.key < 'date:a'  -- dated keys only, not --MM-DD
),
near(anchor, w, date_id, gap) AS (
    SELECT ad.doc, ad.w, e.id, abs(julianday(substr(e.key, 6)) - julianday(ad.day))
    FROM anchor_days ad
    JOIN entities e ON e.key BETWEEN 'date:' || date(ad.day, '-' || :window || ' days')
                                 AND 'date:' || date(ad.day, '+' || :window || ' days')
),
linked_docs(anchor, w, gap, doc) AS (
    SELECT n.anchor, max(n.w), min(n.gap), c.document_id
    FROM near n
    JOIN mentions m ON m.entity_id = n.date_id
    JOIN chunks c ON c.id = m.chunk_id
    WHERE c.document_id != n.anchor
    GROUP BY n.anchor, c.document_id
    LIMIT :limit
),
-- the same people: a non-hub, non-date entity both documents mention
shared(anchor, doc, entity_id) AS (
    SELECT l.anchor, l.doc, (
        SELECT ma.entity_id
        FROM chunks ca JOIN mentions ma ON ma.chunk_id = ca.id
        JOIN entities e ON e.id = ma.entity_id
        WHERE ca.document_id = l.anchor AND e.chunks <= :hub_max AND e.type != 'date'
          AND EXISTS (SELECT 1 FROM chunks cb JOIN mentions mb ON mb.chunk_id = cb.id
                      WHERE cb.document_id = l.doc AND mb.entity_id = ma.entity_id)
        ORDER BY e.chunks LIMIT 1)
    FROM linked_docs l
),
-- how near each chunk of the linked document is to the question
continuity(anchor, w, gap, chunk_id, via, sim) AS (
    SELECT l.anchor, l.w, l.gap, cb.id, s.entity_id, 1.0 - vec_distance_cosine(vb.embedding, :q)
    FROM linked_docs l
    JOIN shared s ON s.anchor = l.anchor AND s.doc = l.doc AND s.entity_id IS NOT NULL
    JOIN chunks cb ON cb.document_id = l.doc
    JOIN vec_chunks vb ON vb.rowid = cb.id
)
SELECT chunk_id, max(w * sim / (1.0 + gap)) AS score, anchor, gap, via, sim
FROM continuity
GROUP BY chunk_id
ORDER BY score DESC, chunk_id
"""


DATED_SQL = """
SELECT c.id
FROM json_each(:chunks) j
JOIN chunks c ON c.id = j.value
WHERE EXISTS (
    SELECT 1
    FROM chunks c2
    JOIN mentions m ON m.chunk_id = c2.id
    JOIN entities e ON e.id = m.entity_id
    JOIN json_each(:prefixes) p ON e.key >= p.value AND e.key < p.value || '~'
    WHERE c2.document_id = c.document_id)
ORDER BY c.id
"""


def dated_chunks(conn, prefixes: list[str], chunk_ids) -> list[int]:
    """Those of `chunk_ids` whose note mentions a date node under one of the
    key `prefixes` ('date:2026-05' for a month, 'date:2026-05-08' for a day):
    the notes of the period a question names. A note's date line ("Time:
    20260508_08:00") is a date mention, so a chat is dated by it."""
    ids = sorted({int(c) for c in chunk_ids})
    if not ids or not prefixes:
        return []
    return [r[0] for r in conn.execute(DATED_SQL, {"chunks": json.dumps(ids), "prefixes": json.dumps(prefixes)})]


def time_links(conn, anchors: list[tuple[int, float]], query_vector, *, window: int = TIME_WINDOW_DAYS,
               hub_share: float = HUB_SHARE, limit: int = TIME_MAX_DOCUMENTS) -> dict[int, dict]:
    """chunk id -> {score, anchor, gap, via, sim}: chunks of documents dated
    within `window` days of an anchor document that share a non-hub entity
    with it; score = anchor weight x question similarity / (1 + days apart)."""
    if not anchors or window < 0 or query_vector is None or not _has_table(conn, "vec_chunks"):
        return {}
    rows = conn.execute(TIME_SQL, {"anchors": json.dumps([[int(d), float(w)] for d, w in anchors]),
                                   "q": np.asarray(query_vector, dtype=np.float32).tobytes(),
                                   "window": int(window), "hub_max": hub_max(conn, hub_share),
                                   "limit": limit}).fetchall()
    return {r[0]: {"score": float(r[1]), "anchor": r[2], "gap": int(round(r[3])), "via": r[4],
                   "sim": round(float(r[5]), 4)} for r in rows if r[1] > 0}


def name_occurrences(conn, seeds: list[Seed], limit: int = NAME_TEXT_LIMIT) -> dict[int, list[int]]:
    """seed entity id -> chunks whose text spells the seed's name out (an
    FTS5 phrase query, porter-stemmed as BM25 is; at most `limit`, in chunk
    order; names over `limit` are left to their mentions).

    A small model names a thing in some chunks and misses it in others
    ("flower beds" extracted in two notes, written in three), so mentions
    alone make the graph vote for the notes where the model happened to see
    it. For the names a question spells out, the text decides as well."""
    out: dict[int, list[int]] = {}
    if not _has_table(conn, "chunks_fts"):
        return out
    for s in seeds:
        if s.via == "vector" or s.type == "date":
            continue  # a guess, or a date (dates are matched by key and by the time edges)
        words = re.findall(r"\w+", s.name.lower())
        if not words:
            continue
        rows = conn.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid LIMIT ?",
                            ("text : \"" + " ".join(words) + "\"", limit + 1)).fetchall()
        if 0 < len(rows) <= limit:
            out[s.entity_id] = [r[0] for r in rows]
    return out


@dataclass
class GraphPlan:
    """Everything the graph decided about a question before any chunk is scored."""

    seeds: list[Seed]
    answer_types: list[str]
    relations: list[RelationHit]
    entity_vote: dict[int, tuple[float, WalkPath]]  # voting entity -> (best path score, that path)
    concepts: dict[int, str]  # voting entity -> concept
    names: dict[int, str]
    scored_paths: list[tuple[float, WalkPath, float]]
    ideal: float = 1.0  # the vote of a chunk holding every seed concept and the best relation
    chunk_counts: dict[int, int] = field(default_factory=dict)  # voting entity -> chunks, for its idf
    text_hits: dict[int, list[int]] = field(default_factory=dict)  # seed -> chunks spelling its name
    weights: dict[int, float] = field(default_factory=dict)  # voting entity -> path score x idf


def plan(conn, question: str, query_vector, *, hops: int = 2, terms: QueryTerms | None = None,
         candidates=None, fanout: int = FANOUT, hub_share: float = HUB_SHARE,
         seeds: list[Seed] | None = None) -> GraphPlan:
    """Ground (unless the caller already did: `seeds`), walk and score paths:
    which entities vote, and how much. Relation votes come from the
    relations of the candidate chunks."""
    if seeds is None:
        seeds = ground(conn, question, query_vector, terms=terms)
    answer_types = list(dict.fromkeys((terms.answer_types if terms else []) + answer_types_for(question)))
    # relation sentences are read from the best candidates only: each costs a
    # vector lookup, and a relation deep in the list rarely changes a rank
    relations = relations_near(conn, query_vector, list(candidates or ())[:RELATION_CANDIDATES])
    total = conn.execute("SELECT count(*) FROM chunks").fetchone()[0] or 1
    seed_map = {s.entity_id: s for s in seeds}
    paths = walk(conn, list(seed_map), hops=hops, fanout=fanout, hub_share=hub_share)
    node_info = _entity_info(conn, sorted({n for p in paths for n in p.nodes}))
    edge_votes: dict[tuple[int, int], float] = {}
    for r in relations:
        edge = (min(r.a, r.b), max(r.a, r.b))
        edge_votes[edge] = max(edge_votes.get(edge, 0.0), r.similarity)
    scored = score_paths(paths, seed_map, {n: i[1] for n, i in node_info.items()}, answer_types, edge_votes)

    hub_limit = hub_max(conn, hub_share)
    entity_vote: dict[int, tuple[float, WalkPath]] = {}
    for score, p, evidence in scored:
        end = p.nodes[-1]
        if node_info.get(end, ("", "", 0))[2] > hub_limit:
            continue  # a hub votes for half the index: no information
        if p.hops > 0 and evidence <= 0:
            continue  # a neighbour is only worth a vote on a path the question supports
        if p.hops > 0:
            score *= HOP_DECAY ** p.hops
        if end not in entity_vote or score > entity_vote[end][0]:
            entity_vote[end] = (score, p)
    # A concept is what one question span names (its exact, alias, word and
    # fuzzy matches are one concept); any other entity is its own concept.
    concepts = {eid: (seed_map[eid].concept if eid in seed_map else f"e:{eid}") for eid in entity_vote}
    text_hits = name_occurrences(conn, [seed_map[e] for e in entity_vote if e in seed_map])
    # an entity's chunk count for its inverse frequency: its mentions, or the
    # chunks that spell its name out when those are more
    chunk_counts = {eid: max(node_info.get(eid, ("", "", 1))[2], len(text_hits.get(eid, ())))
                    for eid in entity_vote}
    # what a mention of the entity is worth to a chunk: its path score times
    # its inverse chunk frequency
    weights = {eid: score * math.log(1.0 + total / max(1, chunk_counts[eid]))
               for eid, (score, _p) in entity_vote.items()}
    # The most a chunk can collect: the best vote of every seed concept plus
    # a relation; votes are reported as a share of it, so a chunk that holds
    # everything the question names scores 1 whatever the question.
    best_concept: dict[str, float] = {}
    for eid, w in weights.items():
        if eid in seed_map:
            best_concept[concepts[eid]] = max(best_concept.get(concepts[eid], 0.0), w)
    ideal = sum(best_concept.values()) + RELATION_CHUNK_WEIGHT
    return GraphPlan(seeds, answer_types, relations, entity_vote, concepts,
                     {n: i[0] for n, i in node_info.items()}, scored, ideal, chunk_counts, text_hits,
                     weights)


def vote(conn, p: GraphPlan, *, limit: int = CHUNK_LIMIT, candidates=None) -> dict[int, tuple[float, list[str]]]:
    """chunk id -> (graph vote in [0, 1], concepts that voted): the `limit` best chunks,
    or, with `candidates`, exactly those chunks (zero votes left out)."""
    out: dict[int, tuple[float, list[str]]] = {}
    if p.entity_vote:
        params = {"votes": json.dumps([[eid, p.concepts[eid], p.weights[eid], p.chunk_counts[eid]]
                                       for eid in p.entity_vote]),
                  "extra": json.dumps([[eid, c] for eid, hits in p.text_hits.items() for c in hits]),
                  "doc_share": DOC_SHARE}
        if candidates is None:
            params.pop("doc_share")
            rows = conn.execute(VOTE_TOP_SQL, {**params, "limit": limit, "spread": VOTE_SPREAD}).fetchall()
        else:
            ids = sorted({int(c) for c in candidates})
            rows = conn.execute(VOTE_FOR_SQL, {**params, "only": json.dumps(ids), "limit": len(ids) + 1}).fetchall()
        for chunk_id, score, groups in rows:
            if score > 0:
                out[chunk_id] = (float(score), [g for g in json.loads(groups) if g])
    wanted = None if candidates is None else set(candidates)
    best_rel: dict[int, float] = {}
    for r in p.relations:
        if wanted is None or r.chunk_id in wanted:
            best_rel[r.chunk_id] = max(best_rel.get(r.chunk_id, 0.0), r.similarity)
    for chunk_id, sim in best_rel.items():
        score, groups = out.get(chunk_id, (0.0, []))
        out[chunk_id] = (score + RELATION_CHUNK_WEIGHT * sim, groups)
    out = {c: (min(1.0, sv[0] / p.ideal), sv[1]) for c, sv in out.items()}
    if candidates is None:
        out = dict(sorted(out.items(), key=lambda kv: (-kv[1][0], kv[0]))[:limit])
    return out


def explain_chunk(p: GraphPlan, chunk_id: int, groups: list[str]) -> dict:
    """Which entities (with the path that reached the best of them) and which
    relation made the graph vote for a chunk."""
    best_of_group: dict[str, int] = {}
    for eid, (_score, _path) in sorted(p.entity_vote.items(), key=lambda kv: -kv[1][0]):
        best_of_group.setdefault(p.concepts[eid], eid)
    item: dict = {}
    who = sorted((best_of_group[g] for g in groups if g in best_of_group), key=lambda e: -p.entity_vote[e][0])
    if who:
        item["entities"] = [p.names.get(e, str(e)) for e in who[:4]]
        item["path"] = [p.names.get(n, str(n)) for n in p.entity_vote[who[0]][1].nodes]
    rels = [r for r in p.relations if r.chunk_id == chunk_id]
    if rels:
        best = max(rels, key=lambda h: h.similarity)
        item["relation"] = {"text": best.text[:200], "similarity": round(best.similarity, 4)}
    return item


def graph_channel(conn, question: str, query_vector, *, hops: int = 2, terms: QueryTerms | None = None,
                  limit: int = CHUNK_LIMIT, candidates=None, anchors: list[tuple[int, float]] | None = None,
                  fanout: int = FANOUT, hub_share: float = HUB_SHARE, seeds: list[Seed] | None = None) -> GraphVotes:
    """The graph's votes for a question.

    `candidates`: chunk ids the other channels found; the graph votes for
    each of them (so fusion can credit them whatever the graph's own list
    holds) and their relations near the question vote on path edges.
    `anchors`: (document id, weight in (0, 1]) the question most clearly hits
    (retrieve.py passes the best documents of the other channels; alone, the
    graph uses its own best); they seed the time edges.
    `seeds`: the question's grounding, when the caller has it already.

    `ranking` is the graph's own best chunks; `votes` maps every chunk the
    graph has an opinion on (its list and the candidates) to a vote in [0, 1].
    """
    ordered = list(dict.fromkeys(candidates or ()))  # best first, when the caller knows
    candidates = set(ordered)
    p = plan(conn, question, query_vector, hops=hops, terms=terms, candidates=ordered,
             fanout=fanout, hub_share=hub_share, seeds=seeds)
    out = GraphVotes(seeds=[s.to_dict() for s in p.seeds], answer_types=p.answer_types)
    top = vote(conn, p, limit=limit)
    if not candidates and top:
        # alone, the graph reads relations from its own best chunks
        p.relations = relations_near(conn, query_vector, top)
        top = vote(conn, p, limit=limit)
    votes = dict(top)
    if candidates:
        votes.update(vote(conn, p, candidates=candidates))
    if anchors is None:
        anchors = _documents_of(conn, [(c, sv[0]) for c, sv in top.items()])
    linked = time_links(conn, anchors, query_vector, hub_share=hub_share) if TIME_WEIGHT > 0 else {}
    out.votes = {c: sv[0] for c, sv in votes.items() if sv[0] > 0}
    out.time = {c: min(1.0, TIME_WEIGHT * t["score"]) for c, t in linked.items()}
    combined = dict(out.votes)
    for c, t in out.time.items():
        combined[c] = combined.get(c, 0.0) + t
    out.ranking = sorted(combined.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    out.paths = [{"path": [p.names.get(n, str(n)) for n in wp.nodes], "score": round(s, 6)}
                 for s, wp, ev in p.scored_paths if wp.hops > 0 and ev > 0][:10]
    out._why = (conn, p, votes, linked)
    return out


def explain_votes(g: GraphVotes, chunk_ids) -> dict[int, dict]:
    """Why the graph voted for each of `chunk_ids` (only the shown results
    are explained: it costs a few lookups per chunk)."""
    if g._why is None:
        return {}
    conn, p, votes, linked = g._why
    wanted = [c for c in chunk_ids if c in votes or c in linked]
    anchors = sorted({linked[c]["anchor"] for c in wanted if c in linked})
    vias = [linked[c]["via"] for c in wanted if c in linked and linked[c]["via"] not in p.names]
    names = {**p.names, **{e: i[0] for e, i in _entity_info(conn, vias).items()}}
    paths_of = dict(conn.execute("SELECT d.id, d.path FROM json_each(?) j JOIN documents d ON d.id = j.value",
                                 (json.dumps(anchors),)).fetchall()) if anchors else {}
    out: dict[int, dict] = {}
    for c in wanted:
        item = explain_chunk(p, c, votes.get(c, (0.0, []))[1])
        if c in linked:
            t = linked[c]
            item["time"] = {"near": paths_of.get(t["anchor"], str(t["anchor"])), "days": t["gap"],
                            "shared": names.get(t["via"], str(t["via"]))}
        out[c] = item
    return out


def _documents_of(conn, ranked_chunks: list[tuple[int, float]], n: int = 5) -> list[tuple[int, float]]:
    """The best `n` documents of a chunk ranking, weighted by their best chunk's
    score relative to the top one."""
    if not ranked_chunks:
        return []
    doc_of = dict(conn.execute("SELECT c.id, c.document_id FROM json_each(?) j JOIN chunks c ON c.id = j.value",
                               (json.dumps([c for c, _ in ranked_chunks]),)).fetchall())
    top = max(s for _, s in ranked_chunks) or 1.0
    best: dict[int, float] = {}
    for c, s in ranked_chunks:
        d = doc_of.get(c)
        if d is not None and d not in best:
            best[d] = s / top
    return sorted(best.items(), key=lambda kv: -kv[1])[:n]


def _entity_info(conn, ids: list[int]) -> dict[int, tuple[str, str, int]]:
    if not ids:
        return {}
    return {r[0]: (r[1], r[2], r[3]) for r in conn.execute(
        "SELECT e.id, e.name, e.type, e.chunks FROM json_each(?) j JOIN entities e ON e.id = j.value",
        (json.dumps(ids),))}
