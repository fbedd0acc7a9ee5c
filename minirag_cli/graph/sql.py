"""Every SQL statement of the graph channel (graph/*.py call these
functions; nothing else in graph/ touches the connection). Plain data in,
plain data out: ids, tuples and dicts.

A second backend (PostgreSQL with pgvector: its `WITH RECURSIVE` runs the
same walk, `<=>` replaces vec_distance_cosine, jsonb_array_elements replaces
json_each) would be another module with these functions.
"""

from __future__ import annotations

import json
from typing import Sequence

from minirag_cli.db import has_table  # noqa: F401  (graph/*.py ask sql.has_table: one module holds their SQL)
from minirag_cli.store.search import data_stamp  # noqa: F401  (walk.hubs' cache)
from minirag_cli.store.vectors import codec_of, knn
from minirag_cli.vectors import cosine_rows, similarity_sql


def chunk_count(conn) -> int:
    return conn.execute("SELECT count(*) FROM chunks").fetchone()[0]


def hub_entities(conn, chunk_max: int, note_share: float) -> list[int]:
    """Entities in more than `chunk_max` chunks and in more than `note_share`
    of the notes (documents). An entity's notes are counted only up to the
    share: the owner of 10,000 notes is a hub at its 3,001st."""
    notes = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
    return [r[0] for r in conn.execute(
        "SELECT e.id FROM entities e WHERE e.chunks > :chunks AND (SELECT count(*) FROM ("
        "SELECT DISTINCT c.document_id FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
        "WHERE m.entity_id = e.id LIMIT :notes + 1)) > :notes ORDER BY e.id",
        {"chunks": chunk_max, "notes": int(note_share * notes)})]


def entity_info(conn, ids: list[int]) -> dict[int, tuple[str, str, int]]:
    """entity id -> (name, type, chunks)."""
    if not ids:
        return {}
    return {r[0]: (r[1], r[2], r[3]) for r in conn.execute(
        "SELECT e.id, e.name, e.type, e.chunks FROM json_each(?) j JOIN entities e ON e.id = j.value",
        (json.dumps(ids),))}


# --------------------------------------------------------------------------- grounding


def date_keys_like(conn, pattern: str) -> list[str]:
    """Keys of date entities matching a LIKE pattern ('date:%-05-31': a day in any year)."""
    return [r[0] for r in conn.execute(
        "SELECT key FROM entities WHERE key >= 'date:' AND key < 'date;' AND key LIKE ?", (pattern,))]


def entities_by_keys(conn, keys: list[str]) -> list[tuple[int, str]]:
    """(entity id, key) of the entities whose own key is among `keys`."""
    marks = ",".join("?" * len(keys))
    return conn.execute(f"SELECT id, key FROM entities WHERE key IN ({marks})", keys).fetchall()


def aliases_by_keys(conn, keys: list[str]) -> list[tuple[int, str]]:
    """(entity id, alias key) of the aliases whose key is among `keys`."""
    marks = ",".join("?" * len(keys))
    return conn.execute(f"SELECT entity_id, key FROM entity_aliases WHERE key IN ({marks})", keys).fetchall()


def aliases_named_by_keys(conn, keys: list[str]) -> list[tuple[int, str, str]]:
    """(entity id, alias, alias key) of the aliases whose key is among `keys`."""
    marks = ",".join("?" * len(keys))
    return conn.execute(f"SELECT entity_id, alias, key FROM entity_aliases WHERE key IN ({marks})", keys).fetchall()


# a key range's aliases in a total order (a key's rows by entity id and alias, sorted among themselves only: the key
# index serves the rest), so which rows a LIMIT keeps never hangs on where rows lie in the file (a VACUUM renumbers
# them)
ALIASES_FROM_SQL = ("SELECT entity_id, alias, key FROM entity_aliases WHERE key >= ? AND key < ?"
                    " ORDER BY key, entity_id, alias LIMIT ?")
ALIASES_AFTER_SQL = ("SELECT entity_id, alias FROM entity_aliases WHERE key > ? AND key < ?"
                     " ORDER BY key, entity_id, alias LIMIT ?")


def aliases_from(conn, lo: str, hi: str, limit: int) -> list[tuple[int, str, str]]:
    """(entity id, alias, alias key) with lo <= key < hi, the first `limit` in key order: an indexed range scan."""
    return conn.execute(ALIASES_FROM_SQL, (lo, hi, limit)).fetchall()


def aliases_after(conn, lo: str, hi: str, limit: int) -> list[tuple[int, str]]:
    """(entity id, alias) with lo < key < hi: the longer keys a key starts, the first `limit` in key order."""
    return conn.execute(ALIASES_AFTER_SQL, (lo, hi, limit)).fetchall()


def nearest_entity_names(conn, query_vector, k: int) -> list[tuple[int, float]]:
    """(entity id, cosine similarity) of the k entity names nearest the vector."""
    return knn(conn, "vec_entity_names", query_vector, k)


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
    FROM walk w, json_each(CASE WHEN w.hops < :hops AND w.nchunks <= :expand_max
                                AND w.node NOT IN (SELECT value FROM json_each(:hubs)) THEN (
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
            WHERE e.id NOT IN (SELECT value FROM json_each(:hubs))
            ORDER BY strength DESC, nb.dst
            LIMIT :fanout)) ELSE '[]' END) j
    WHERE instr(w.path, '/' || json_extract(j.value, '$[0]') || '/') = 0
    LIMIT :row_limit
)
SELECT node, path, hops, strength FROM walk
"""


def walk_rows(conn, seed_ids: list[int], *, hops: int, hubs: list[int], expand_max: int, fanout: int,
              row_limit: int) -> list[tuple]:
    """(node, path '/a/b/', hops, strength) rows of the walk from the seeds
    (`hubs`: entity ids neither expanded nor reached)."""
    return conn.execute(WALK_SQL, {
        "seeds": json.dumps([[int(s), 1.0] for s in dict.fromkeys(seed_ids)]),
        "hops": max(0, int(hops)), "hubs": json.dumps([int(h) for h in hubs]), "expand_max": expand_max,
        "fanout": int(fanout), "row_limit": int(row_limit),
    }).fetchall()


# --------------------------------------------------------------------------- relations and votes

# the relations of the given chunks with their sentence's vector and the
# text `ask --explain` shows: the two names and the sentence
RELATIONS_OF_CHUNKS_SQL = """
SELECT r.id, r.chunk_id, r.a, r.b, r.sentence_id, s.vector,
       ea.name || ' | ' || eb.name || ' :: ' || substr(c.text, r.start_char + 1, r.end_char - r.start_char)
FROM json_each(:chunks) j
JOIN relations r ON r.chunk_id = j.value
JOIN relation_sentences s ON s.id = r.sentence_id
JOIN chunks c ON c.id = r.chunk_id
JOIN entities ea ON ea.id = r.a
JOIN entities eb ON eb.id = r.b
"""


def relations_of_chunks(conn, query_vector, chunk_ids: list[int]) -> list[tuple]:
    """(relation id, chunk id, a, b, similarity to the question, text) of the
    chunks' relations: one cosine per sentence (the pairs of a sentence share
    its 12-bit vector) with the float question vector."""
    rows = conn.execute(RELATIONS_OF_CHUNKS_SQL, {"chunks": json.dumps(chunk_ids)}).fetchall()
    if not rows:
        return []
    blobs = {r[4]: r[5] for r in rows}
    sentences = list(blobs)
    sims = cosine_rows(codec_of(conn).unpack12([blobs[s] for s in sentences]), query_vector)
    sim_of = dict(zip(sentences, sims.tolist()))
    return [(r[0], r[1], r[2], r[3], sim_of[r[4]], r[6]) for r in rows]


def chunks_spelling(conn, words: list[str], limit: int) -> list[int]:
    """Chunks whose text holds the words as a phrase (FTS5, porter-stemmed as
    BM25 is), in chunk order, at most `limit`."""
    return [r[0] for r in conn.execute(
        "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid LIMIT ?",
        ("text : \"" + " ".join(words) + "\"", limit)).fetchall()]


def chunks_spelling_cjk(conn, bigrams: list[str], limit: int) -> list[int]:
    """Chunks whose CJK runs hold the two-character terms in a row (chunks_cjk,
    text.cjk_bigrams: "王师傅" is the phrase "王师 师傅"), in chunk order, at
    most `limit`: chunks_fts takes a whole run (`张伟说厨房预算是三万元`) for one
    word, which no name spells."""
    return [r[0] for r in conn.execute(
        "SELECT rowid FROM chunks_cjk WHERE chunks_cjk MATCH ? ORDER BY rowid LIMIT ?",
        ('cjk : "' + " ".join(bigrams) + '"', limit)).fetchall()]


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


def vote_rows(conn, votes: list[list], extra: list[list], *, doc_share: float, limit: int, spread: int,
              candidates=None) -> list[tuple]:
    """(chunk id, score, JSON array of concepts) rows: the `limit` best chunks
    (VOTE_TOP_SQL), or, with `candidates`, exactly those (VOTE_FOR_SQL)."""
    params = {"votes": json.dumps(votes), "extra": json.dumps(extra)}
    if candidates is None:
        return conn.execute(VOTE_TOP_SQL, {**params, "limit": limit, "spread": spread}).fetchall()
    ids = sorted({int(c) for c in candidates})
    return conn.execute(VOTE_FOR_SQL, {**params, "doc_share": doc_share, "only": json.dumps(ids),
                                       "limit": len(ids) + 1}).fetchall()


# --------------------------------------------------------------------------- time and date links

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
-- the entities each linked document mentions, once: the test below looks an
-- anchor's mention up here instead of walking the document's chunks for it
-- (that walk, per mention, per chunk, took a vault of three big logs 10+ min)
doc_entities(doc, entity_id) AS MATERIALIZED (
    SELECT DISTINCT l.doc, mb.entity_id
    FROM (SELECT DISTINCT doc FROM linked_docs) l
    CROSS JOIN chunks cb ON cb.document_id = l.doc  -- CROSS: these documents' chunks, not all mentions
    CROSS JOIN mentions mb ON mb.chunk_id = cb.id
),
-- the same people: a non-hub, non-date entity both documents mention
shared(anchor, doc, entity_id) AS MATERIALIZED (
    SELECT l.anchor, l.doc, (
        SELECT ma.entity_id
        FROM chunks ca JOIN mentions ma ON ma.chunk_id = ca.id
        JOIN entities e ON e.id = ma.entity_id
        WHERE ca.document_id = l.anchor AND e.id NOT IN (SELECT value FROM json_each(:hubs)) AND e.type != 'date'
          AND (:via_types IS NULL OR e.type IN (SELECT value FROM json_each(:via_types)))
          AND EXISTS (SELECT 1 FROM doc_entities de WHERE de.doc = l.doc AND de.entity_id = ma.entity_id)
        ORDER BY e.chunks LIMIT 1)
    FROM linked_docs l
),
-- how near each chunk of the linked document is to the question
continuity(anchor, w, gap, chunk_id, via, sim) AS (
    SELECT l.anchor, l.w, l.gap, cb.id, s.entity_id, """ + similarity_sql("vb.embedding") + """
    FROM linked_docs l
    JOIN shared s ON s.anchor = l.anchor AND s.doc = l.doc AND s.entity_id IS NOT NULL
    JOIN chunks cb ON cb.document_id = l.doc
    JOIN vec_chunks vb ON vb.rowid = cb.id
    UNION ALL
    -- an anchor is continuous with itself (gap 0, no shared entity): without
    -- it, of two anchors a day apart the weaker takes the stronger's vote and
    -- the stronger only a share of the weaker's, so a time edge would lift the
    -- later notes of a thread above the note the text channels liked best
    SELECT a.doc, a.w, 0, cb.id, NULL, """ + similarity_sql("vb.embedding") + """
    FROM anchors a
    JOIN chunks cb ON cb.document_id = a.doc
    JOIN vec_chunks vb ON vb.rowid = cb.id
    WHERE :anchor_self
)
SELECT chunk_id, max(w * sim / (1.0 + gap)) AS score, anchor, gap, via, sim
FROM continuity
GROUP BY chunk_id
ORDER BY score DESC, chunk_id
"""


def time_rows(conn, anchors: list[tuple[int, float]], query_vector, *, window: int, hubs: list[int],
              limit: int, via_types: Sequence[str] = (), anchor_self: bool = True) -> list[tuple]:
    """(chunk id, score, anchor, gap, via entity, similarity) rows of the time
    edges (through an entity of `via_types` only, when given); with
    `anchor_self`, the anchors' own chunks too (gap 0, via NULL)."""
    return conn.execute(TIME_SQL, {"anchors": json.dumps([[int(d), float(w)] for d, w in anchors]),
                                   "via_types": json.dumps(list(via_types)) if via_types else None,
                                   "q": codec_of(conn).int8(query_vector), "window": int(window),
                                   "hubs": json.dumps([int(h) for h in hubs]), "anchor_self": int(anchor_self),
                                   "limit": limit}).fetchall()


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
   -- or writes a span of days one of them lies in (`Priya off 14–18 Dec`: chunk_spans, rules 28)
   OR EXISTS (
    SELECT 1
    FROM chunks c3
    JOIN chunk_spans s ON s.chunk_id = c3.id
    JOIN json_each(:prefixes) p ON 'date:' || s.first < p.value || '~' AND 'date:' || s.last >= p.value
    WHERE c3.document_id = c.document_id)
ORDER BY c.id
"""


def dated_chunk_ids(conn, prefixes: list[str], ids: list[int]) -> list[int]:
    return [r[0] for r in conn.execute(DATED_SQL, {"chunks": json.dumps(ids), "prefixes": json.dumps(prefixes)})]


def documents_with_dates(conn, doc_ids: list[int]) -> set[int]:
    """Those of `doc_ids` whose chunks mention a dated entity (a day, month
    or year: what the time edges link by, TIME_SQL's anchor_days)."""
    if not doc_ids:
        return set()
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT c.document_id FROM json_each(?) j JOIN chunks c ON c.document_id = j.value "
        "JOIN mentions m ON m.chunk_id = c.id JOIN entities e ON e.id = m.entity_id "
        "WHERE e.key >= 'date:1' AND e.key < 'date:a'", (json.dumps(doc_ids),))}


def document_paths(conn, doc_ids: list[int]) -> dict[int, str]:
    if not doc_ids:
        return {}
    return dict(conn.execute("SELECT d.id, d.path FROM json_each(?) j JOIN documents d ON d.id = j.value",
                             (json.dumps(doc_ids),)).fetchall())


def document_of_chunks(conn, chunk_ids: list[int]) -> dict[int, int]:
    """chunk id -> document id."""
    return dict(conn.execute("SELECT c.id, c.document_id FROM json_each(?) j JOIN chunks c ON c.id = j.value",
                             (json.dumps(chunk_ids),)).fetchall())
