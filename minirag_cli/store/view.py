"""The reads of `mrag graph view` (graph_view.py) and of `mrag sync --watch`
(watch.py): entities by id, the strongest neighbours of a set, edges among a
set, the notes that mention each entity most, and chunk counts of documents.
Ids travel as JSON arrays (json_each), so a set of any size is one query."""

from __future__ import annotations

import json

from minirag_cli.store.read import NEIGHBOURHOOD_SQL

ENTITY_SQL = "SELECT e.id, e.name, e.type, e.mentions, e.chunks FROM json_each(?) j JOIN entities e ON e.id = j.value"
# the neighbours of a set of entities, strongest tie to the set first; a tie counts by its
# association (shared chunks / sqrt(chunks of each), as the walk does), so the neighbours of a hub
# (the notes' owner, in every other chunk) do not crowd out those of the names a question is about
NEIGHBOURS_SQL = """
WITH focus(id) AS (SELECT value FROM json_each(:ids)),
  tie(one, other, weight) AS (
    SELECT a, b, weight FROM cooccurrence WHERE a IN focus
    UNION ALL SELECT b, a, weight FROM cooccurrence WHERE b IN focus)
SELECT t.other, sum(t.weight / sqrt(max(1, f.chunks) * max(1, e.chunks))) AS strength
FROM tie t JOIN entities e ON e.id = t.other JOIN entities f ON f.id = t.one
WHERE t.other NOT IN focus GROUP BY t.other ORDER BY strength DESC, e.mentions DESC, t.other LIMIT :limit
"""
EDGES_SQL = """
WITH shown(id) AS (SELECT value FROM json_each(?))
SELECT a, b, weight FROM cooccurrence WHERE a IN shown AND b IN shown ORDER BY weight DESC, a, b
"""
# the chunks that mention each entity most, with their note
NOTES_SQL = """
SELECT m.entity_id, c.id, d.path, c.start_line, c.end_line, c.text, m.count, m.forms
FROM (SELECT entity_id, chunk_id, count, forms,
             row_number() OVER (PARTITION BY entity_id ORDER BY count DESC, chunk_id) AS rn
      FROM mentions WHERE entity_id IN (SELECT value FROM json_each(:ids))) m
JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id
WHERE m.rn <= :per ORDER BY m.entity_id, m.rn
"""
NOTE_COUNTS_SQL = """
SELECT m.entity_id, count(DISTINCT c.document_id) FROM mentions m JOIN chunks c ON c.id = m.chunk_id
WHERE m.entity_id IN (SELECT value FROM json_each(?)) GROUP BY m.entity_id
"""
ALIASES_SQL = """
SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN (SELECT value FROM json_each(?))
ORDER BY entity_id, count DESC, alias
"""
# chunk counts of the documents of a root at (or under) some relative paths
CHUNKS_AT_SQL = """
SELECT DISTINCT d.path, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id)
FROM documents d JOIN json_each(:paths) j
  ON d.path = j.value OR substr(d.path, 1, length(j.value) + 1) = j.value || '/'
WHERE d.root = :root
"""


def totals(conn) -> dict[str, int]:
    return {"entities": conn.execute("SELECT count(*) FROM entities").fetchone()[0],
            "edges": conn.execute("SELECT count(*) FROM cooccurrence").fetchone()[0]}


def entity_rows(conn, ids) -> dict[int, tuple]:
    """id -> (id, name, type, mentions, chunks)."""
    return {r[0]: r for r in conn.execute(ENTITY_SQL, (json.dumps(list(ids)),))}


def most_mentioned(conn, limit: int, *, besides=()) -> list[tuple[int, str]]:
    """(id, name) of the most mentioned entities, leaving out `besides`."""
    return conn.execute("SELECT id, name FROM entities WHERE id NOT IN (SELECT value FROM json_each(?)) "
                        "ORDER BY mentions DESC, id LIMIT ?", (json.dumps(list(besides)), limit)).fetchall()


def neighbourhood(conn, entity_id: int, hops: int) -> list[int]:
    """Entities within `hops` of `entity_id`, nearest first, then most mentioned."""
    depth = dict(conn.execute(NEIGHBOURHOOD_SQL, {"start": entity_id, "hops": hops, "min_weight": 1}).fetchall())
    mentions = {eid: row[3] for eid, row in entity_rows(conn, depth).items()}
    return sorted(depth, key=lambda e: (depth[e], -mentions.get(e, 0), e))


def strongest_neighbours(conn, ids, limit: int) -> list[int]:
    return [r[0] for r in conn.execute(NEIGHBOURS_SQL, {"ids": json.dumps(list(ids)), "limit": limit})]


def edges_among(conn, ids) -> list[tuple[int, int, int]]:
    """(a, b, weight) of the edges joining two of `ids`, strongest first."""
    return conn.execute(EDGES_SQL, (json.dumps(list(ids)),)).fetchall()


def note_counts(conn, ids) -> dict[int, int]:
    return dict(conn.execute(NOTE_COUNTS_SQL, (json.dumps(list(ids)),)).fetchall())


def aliases(conn, ids) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for eid, alias in conn.execute(ALIASES_SQL, (json.dumps(list(ids)),)):
        out.setdefault(eid, []).append(alias)
    return out


def top_mentions(conn, ids, per: int) -> list[tuple]:
    """(entity id, chunk id, path, first line, last line, text, count, forms) of
    the `per` chunks that mention each entity most."""
    return conn.execute(NOTES_SQL, {"ids": json.dumps(list(ids)), "per": per}).fetchall()


def entities_named(conn, names) -> list[tuple[int, str, int]]:
    """(id, name, mentions) of the entities with one of these exact names."""
    return conn.execute("SELECT e.id, e.name, e.mentions FROM json_each(?) j JOIN entities e ON e.name = j.value",
                        (json.dumps(sorted(names)),)).fetchall()


def notes_at(conn, root: str, rels: set[str] | None) -> dict[str, tuple[str, int]]:
    """path -> (content hash, chunks) of the root's documents at or under `rels` (all of them for None)."""
    paths = chunks_at(conn, root, rels)
    hashes = dict(conn.execute("SELECT d.path, d.hash FROM documents d JOIN json_each(?) j ON d.path = j.value "
                               "WHERE d.root = ?", (json.dumps(sorted(paths)), root)).fetchall())
    return {path: (hashes.get(path, ""), chunks) for path, chunks in paths.items()}


def chunks_at(conn, root: str, rels: set[str] | None) -> dict[str, int]:
    """path -> chunks of the root's documents at or under `rels` (all of them for None)."""
    if rels is None:
        return dict(conn.execute("SELECT d.path, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) "
                                 "FROM documents d WHERE d.root = ?", (root,)).fetchall())
    return dict(conn.execute(CHUNKS_AT_SQL, {"paths": json.dumps(sorted(rels)), "root": root}).fetchall())
