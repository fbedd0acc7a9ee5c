"""Writes and reads of the index tables. Every write keeps the derived counts
exact: entities.mentions/chunks, entity_aliases.count and cooccurrence.weight
are adjusted by the same amounts a document's chunks added, so replacing or
deleting a document leaves the same numbers as never having synced it.
The read side returns plain dicts for formatters.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from minirag_cli.chunking import Chunk
from minirag_cli.db import now_iso


@dataclass
class PlannedEntity:
    key: str
    name: str
    type: str
    count: int  # occurrences in the chunk
    forms: dict[str, int] = field(default_factory=dict)  # surface form -> count
    merges: dict[str, str] = field(default_factory=dict)  # surface form -> 'exact'|'fuzzy'


@dataclass
class PlannedChunk:
    chunk: Chunk
    vector: bytes
    entities: list[PlannedEntity]
    relations: list[tuple[str, str, str, bytes]]  # (key a, key b, text, vector)


def delete_document(conn, doc_id: int) -> set[str]:
    """Remove a document and everything derived from it; returns the keys of
    entities that no longer have any mention (and were deleted)."""
    chunk_ids = [r[0] for r in conn.execute("SELECT id FROM chunks WHERE document_id = ?", (doc_id,))]
    removed = _retract_chunks(conn, chunk_ids)
    conn.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
    return removed


def _retract_chunks(conn, chunk_ids: list[int], purge: bool = True) -> set:
    """Undo the counts and edges of these chunks and delete them. With purge,
    returns the keys of the entities deleted as orphans; without, the ids of
    the entities whose counts went down (the caller purges them later)."""
    if not chunk_ids:
        return set()
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS retract(id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.retract")
    conn.executemany("INSERT INTO temp.retract(id) VALUES (?)", [(i,) for i in chunk_ids])
    per_entity = conn.execute(
        "SELECT entity_id, sum(count), count(*) FROM mentions WHERE chunk_id IN (SELECT id FROM temp.retract) "
        "GROUP BY entity_id").fetchall()
    conn.executemany("UPDATE entities SET mentions = mentions - ?, chunks = chunks - ? WHERE id = ?",
                     [(m, c, e) for e, m, c in per_entity])
    pairs = conn.execute(
        "SELECT m1.entity_id, m2.entity_id, count(*) FROM mentions m1 JOIN mentions m2 "
        "ON m1.chunk_id = m2.chunk_id AND m1.entity_id < m2.entity_id "
        "WHERE m1.chunk_id IN (SELECT id FROM temp.retract) GROUP BY 1, 2").fetchall()
    conn.executemany("UPDATE cooccurrence SET weight = weight - ? WHERE a = ? AND b = ?",
                     [(w, a, b) for a, b, w in pairs])
    # only the rows touched here can have dropped to zero: delete those by key
    # instead of scanning the whole edge table for every replaced document
    conn.executemany("DELETE FROM cooccurrence WHERE a = ? AND b = ? AND weight <= 0", [(a, b) for a, b, _w in pairs])
    forms: Counter = Counter()
    for entity_id, raw in conn.execute(
            "SELECT entity_id, forms FROM mentions WHERE chunk_id IN (SELECT id FROM temp.retract)"):
        for form, n in json.loads(raw).items():
            forms[(entity_id, form)] += n
    conn.executemany("UPDATE entity_aliases SET count = count - ? WHERE entity_id = ? AND alias = ?",
                     [(n, e, f) for (e, f), n in forms.items()])
    conn.executemany("DELETE FROM entity_aliases WHERE entity_id = ? AND alias = ? AND count <= 0",
                     [(e, f) for (e, f) in forms])
    conn.execute("DELETE FROM chunks WHERE id IN (SELECT id FROM temp.retract)")
    conn.execute("DELETE FROM temp.retract")
    touched = [e for e, _m, _c in per_entity]
    return purge_orphan_entities(conn, touched) if purge else set(touched)


def purge_orphan_entities(conn, candidates: Iterable[int] | None = None) -> set[str]:
    """Delete entities no chunk mentions any more (cascades to aliases, edges,
    relations and, by trigger, their vectors); returns their keys. With
    `candidates` (entity ids whose counts went down) only those are checked,
    which keeps a replaced document's cost independent of the index size."""
    if candidates is None:
        gone = {r[0] for r in conn.execute("SELECT key FROM entities WHERE chunks <= 0")}
        if gone:
            conn.execute("DELETE FROM entities WHERE chunks <= 0")
        return gone
    ids = list(set(candidates))
    gone = set()
    for start in range(0, len(ids), 500):
        part = ids[start:start + 500]
        marks = ",".join("?" * len(part))
        rows = conn.execute(f"SELECT id, key FROM entities WHERE id IN ({marks}) AND chunks <= 0", part).fetchall()
        if rows:
            conn.executemany("DELETE FROM entities WHERE id = ?", [(r[0],) for r in rows])
            gone.update(r[1] for r in rows)
    return gone


HEADER_FIRST_LINE_CHARS = 120


def document_header(conn, first_chunk_text: str, entity_ids) -> str:
    """What every chunk of a document is indexed with besides its text
    (FTS5 column `header`, migration 0002): the document's first line (a
    title, a chat export's `Time:` line), at most HEADER_FIRST_LINE_CHARS,
    and the names of the people it mentions, sorted. Keep in step with the
    SQL of migrations/0002_chunk_header.sql, which fills older indexes."""
    first = first_chunk_text.split("\n", 1)[0][:HEADER_FIRST_LINE_CHARS]
    ids = sorted({int(i) for i in entity_ids})
    names = [r[0] for r in conn.execute(
        "SELECT DISTINCT e.name FROM json_each(?) j JOIN entities e ON e.id = j.value "
        "WHERE e.type = 'person' ORDER BY e.name", (json.dumps(ids),))] if ids else []
    return (first + "\n" + ", ".join(names)).strip("\n ")


def write_document(conn, *, root: str, path: str, content_hash: str, size: int, mtime: float,
                   n_lines: int, chunks: list[PlannedChunk], entity_vectors: dict[str, bytes],
                   embed_missing) -> tuple[int, set[str]]:
    """Insert or replace one document with its chunks and graph edges. Call
    inside a transaction. `entity_vectors` maps canonical keys to name vectors;
    `embed_missing(names) -> list[bytes]` is called for any key it lacks.
    Returns (document id, keys of entities removed by the replacement)."""
    row = conn.execute("SELECT id FROM documents WHERE root = ? AND path = ?", (root, path)).fetchone()
    if row:
        doc_id = row[0]
        chunk_ids = [r[0] for r in conn.execute("SELECT id FROM chunks WHERE document_id = ?", (doc_id,))]
        # entities left without mentions are purged only after the new content
        # is in, so an entity the new version still names keeps its id and vector
        retracted = _retract_chunks(conn, chunk_ids, purge=False)
        conn.execute("UPDATE documents SET hash = ?, size = ?, mtime = ?, n_lines = ?, synced_at = ? WHERE id = ?",
                     (content_hash, size, mtime, n_lines, now_iso(), doc_id))
    else:
        retracted = set()  # a new document takes nothing away: no entity can become an orphan
        doc_id = conn.execute(
            "INSERT INTO documents(root, path, hash, size, mtime, n_lines, synced_at) VALUES (?,?,?,?,?,?,?)",
            (root, path, content_hash, size, mtime, n_lines, now_iso())).lastrowid

    # entities first: get or create every canonical key this document names
    wanted: dict[str, PlannedEntity] = {}
    for pc in chunks:
        for pe in pc.entities:
            wanted.setdefault(pe.key, pe)
    ids = _entity_ids(conn, wanted, entity_vectors, embed_missing)

    entity_delta: Counter = Counter()
    chunk_delta: Counter = Counter()
    alias_delta: dict[tuple[int, str], list] = {}
    pair_delta: Counter = Counter()
    header = document_header(conn, chunks[0].chunk.text if chunks else "", ids.values())
    for pc in chunks:
        c = pc.chunk
        chunk_id = conn.execute(
            "INSERT INTO chunks(document_id, seq, text, start_char, end_char, start_line, end_line, n_tokens, hash, "
            "header) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (doc_id, c.seq, c.text, c.start_char, c.end_char, c.start_line, c.end_line, c.n_tokens, c.hash, header),
        ).lastrowid
        conn.execute("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, ?)", (chunk_id, pc.vector))
        merged: dict[int, PlannedEntity] = {}
        for pe in pc.entities:
            eid = ids[pe.key]
            if eid in merged:  # two surface forms of one entity in this chunk
                prev = merged[eid]
                forms = Counter(prev.forms) + Counter(pe.forms)
                merged[eid] = PlannedEntity(prev.key, prev.name, prev.type, prev.count + pe.count, dict(forms),
                                            {**pe.merges, **prev.merges})
            else:
                merged[eid] = pe
        conn.executemany(
            "INSERT INTO mentions(entity_id, chunk_id, count, forms) VALUES (?,?,?,?)",
            [(eid, chunk_id, pe.count, json.dumps(pe.forms, ensure_ascii=False, sort_keys=True))
             for eid, pe in merged.items()])
        for eid, pe in merged.items():
            entity_delta[eid] += pe.count
            chunk_delta[eid] += 1
            for form, n in pe.forms.items():
                slot = alias_delta.setdefault((eid, form), [0, pe.merges.get(form, "exact"), pe.key])
                slot[0] += n
        for a, b in combinations(sorted(merged), 2):
            pair_delta[(a, b)] += 1
        for key_a, key_b, text, vector in pc.relations:
            a, b = ids.get(key_a), ids.get(key_b)
            if a is None or b is None or a == b:
                continue
            rel_id = conn.execute("INSERT INTO relations(chunk_id, a, b, text) VALUES (?,?,?,?)",
                                  (chunk_id, min(a, b), max(a, b), text)).lastrowid
            conn.execute("INSERT INTO vec_relations(rowid, embedding) VALUES (?, ?)", (rel_id, vector))

    conn.executemany("UPDATE entities SET mentions = mentions + ?, chunks = chunks + ? WHERE id = ?",
                     [(entity_delta[e], chunk_delta[e], e) for e in entity_delta])
    from minirag_cli.resolve import normalise_key

    conn.executemany(
        "INSERT INTO entity_aliases(entity_id, alias, key, count, merge) VALUES (?,?,?,?,?) "
        "ON CONFLICT(entity_id, alias) DO UPDATE SET count = count + excluded.count",
        [(e, form, normalise_key(form), n, merge) for (e, form), (n, merge, _k) in alias_delta.items()])
    conn.executemany(
        "INSERT INTO cooccurrence(a, b, weight) VALUES (?,?,?) "
        "ON CONFLICT(a, b) DO UPDATE SET weight = weight + excluded.weight",
        [(a, b, w) for (a, b), w in pair_delta.items()])
    return doc_id, purge_orphan_entities(conn, retracted)


def _entity_ids(conn, wanted: dict[str, PlannedEntity], vectors: dict[str, bytes], embed_missing) -> dict[str, int]:
    ids: dict[str, int] = {}
    missing = []
    found = rows_by_key(conn, list(wanted))
    for key, pe in wanted.items():
        row = found.get(key)
        if row:
            ids[key] = row[0]
            if row[1] == "name" and pe.type != "name":
                conn.execute("UPDATE entities SET type = ? WHERE id = ?", (pe.type, row[0]))
        else:
            missing.append(pe)
    need_vectors = [pe for pe in missing if pe.key not in vectors]
    if need_vectors:
        for pe, vec in zip(need_vectors, embed_missing([pe.name for pe in need_vectors])):
            vectors[pe.key] = vec
    for pe in missing:
        eid = conn.execute("INSERT INTO entities(name, key, type, mentions, chunks) VALUES (?,?,?,0,0)",
                           (pe.name, pe.key, pe.type)).lastrowid
        conn.execute("INSERT INTO vec_entity_names(rowid, embedding) VALUES (?, ?)", (eid, vectors[pe.key]))
        ids[pe.key] = eid
    return ids


def rows_by_key(conn, keys: list[str]) -> dict[str, tuple[int, str]]:
    """{key: (id, type)} for the entities among `keys`, a few queries at most."""
    out = {}
    for start in range(0, len(keys), 500):
        part = keys[start:start + 500]
        marks = ",".join("?" * len(part))
        for key, eid, type_ in conn.execute(f"SELECT key, id, type FROM entities WHERE key IN ({marks})", part):
            out[key] = (eid, type_)
    return out


# ---------------------------------------------------------------- read side

def table_counts(conn) -> dict[str, int]:
    tables = ["documents", "chunks", "chunks_fts", "entities", "entity_aliases", "mentions", "cooccurrence",
              "relations", "extraction_cache"]
    from minirag_cli.db import has_vec_tables

    if has_vec_tables(conn):
        tables += ["vec_chunks", "vec_entity_names", "vec_relations"]
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


def existing_documents(conn, root: str) -> dict[str, tuple[int, str, int, float]]:
    return {path: (i, h, s, m) for i, path, h, s, m in
            conn.execute("SELECT id, path, hash, size, mtime FROM documents WHERE root = ?", (root,))}


def vectors_by_chunk_hash(conn, hashes: Iterable[str]) -> dict[str, bytes]:
    """Reuse embeddings of identical chunk text already in the index (renames,
    small edits): returns {hash: vector blob} for the hashes found."""
    out = {}
    for h in set(hashes):
        row = conn.execute(
            "SELECT v.embedding FROM chunks c JOIN vec_chunks v ON v.rowid = c.id WHERE c.hash = ? LIMIT 1",
            (h,)).fetchone()
        if row:
            out[h] = row[0]
    return out


def entities_list(conn, query: str | None = None, limit: int = 50) -> list[dict]:
    """Entities by mention count, or fuzzy-matched against `query`."""
    rows = conn.execute("SELECT id, name, key, type, mentions, chunks FROM entities").fetchall()
    if query:
        from rapidfuzz import fuzz, process

        from minirag_cli.resolve import normalise_key

        qkey = normalise_key(query)
        names = {r[0]: r for r in rows}
        alias_rows = conn.execute("SELECT entity_id, alias, key FROM entity_aliases").fetchall()
        choices = {f"e{r[0]}": r[1] for r in rows}
        choices.update({f"a{i}:{eid}": alias for i, (eid, alias, _k) in enumerate(alias_rows)})
        scored: dict[int, float] = {}
        for _choice, score, cid in process.extract(query, choices, scorer=fuzz.WRatio, limit=limit * 3,
                                                   score_cutoff=60):
            eid = int(cid[1:]) if cid.startswith("e") else int(cid.split(":")[1])
            scored[eid] = max(scored.get(eid, 0), score)
        for eid, r in names.items():
            if qkey and qkey in r[2]:
                scored[eid] = max(scored.get(eid, 0), 95.0)
        ordered = sorted(scored, key=lambda e: (-scored[e], -names[e][4]))[:limit]
        rows = [names[e] for e in ordered]
        scores = [scored[e] for e in ordered]
    else:
        rows = sorted(rows, key=lambda r: (-r[4], r[1]))[:limit]
        scores = [None] * len(rows)
    aliases: dict[int, list[str]] = defaultdict(list)
    ids = [r[0] for r in rows]
    if ids:
        marks = ",".join("?" * len(ids))
        for eid, alias in conn.execute(
                f"SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN ({marks}) ORDER BY count DESC", ids):
            aliases[eid].append(alias)
    return [{"id": r[0], "name": r[1], "type": r[3], "mentions": r[4], "chunks": r[5],
             "aliases": aliases[r[0]], **({"score": round(s, 1)} if s is not None else {})}
            for r, s in zip(rows, scores)]


def index_status(conn, db_path) -> dict:
    import json as _json
    import os as _os

    from minirag_cli.db import get_meta, schema_version

    counts = table_counts(conn)
    size = 0
    for suffix in ("", "-wal"):
        try:
            size += _os.path.getsize(str(db_path) + suffix)
        except OSError:
            pass
    return {
        "db": str(db_path),
        "files": counts["documents"],
        "chunks": counts["chunks"],
        "entities": counts["entities"],
        "aliases": counts["entity_aliases"],
        "mentions": counts["mentions"],
        "edges": counts["cooccurrence"],
        "relations": counts["relations"],
        "cached_extractions": counts["extraction_cache"],
        "db_bytes": size,
        "embedding_model": get_meta(conn, "embedding_model"),
        "embedding_dim": int(get_meta(conn, "embedding_dim") or 0) or None,
        "extractor": get_meta(conn, "extractor"),
        "chunk_tokens": int(get_meta(conn, "chunk_tokens") or 0) or None,
        "overlap_tokens": int(get_meta(conn, "overlap_tokens") or 0) or None,
        "roots": _json.loads(get_meta(conn, "roots", "[]")),
        "last_sync": get_meta(conn, "last_sync"),
        "schema_version": schema_version(conn),
    }
