"""`mrag graph view`: what the page shows, read from the index.

Three scopes: the whole entity graph, the neighbourhood of one entity
(`--entity`), or the story of one question (`--query`: its seeds, the paths
the walk took, the entities that voted and the results they voted for, with
each result's rank). Every scope is capped at `max_nodes` entities: the
entities the scope is about (the centre, or the question's seeds, path nodes
and voters) are always kept, the rest is filled by closeness and then by
mentions, and `left_out` says what did not fit.

For each entity shown, the notes that mention it most (path, line span and a
snippet around the mention) travel with the view, so the page can list them
on a click without asking anything of the index. graph_page.py turns the
view into one self-contained HTML file.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field

from minirag_cli.errors import UsageError

DEFAULT_MAX_NODES = 150
NOTES_PER_NODE = 8
SNIPPET_CHARS = 180
EDGES_PER_NODE = 8  # strongest edges kept, on average, per entity shown (story edges always)
STORY_PATHS = 6  # walked paths drawn on the graph (all of them are listed)

ENTITY_SQL = "SELECT e.id, e.name, e.type, e.mentions, e.chunks FROM json_each(?) j JOIN entities e ON e.id = j.value"
# the neighbours of a set of entities, strongest tie to the set first; a tie counts by its
# association (shared chunks / sqrt(chunks of each), as the walk does), so the neighbours of a hub
# (the notes' owner, in every other chunk) do not crowd out those of the names the question is about
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


@dataclass
class GraphView:
    """Plain data for the page (graph_page.render_page) and for tests."""

    title: str
    scope: str  # graph | entity | query
    nodes: list[dict]  # id, label, type, mentions, chunks, notes_total, aliases, roles, ranks
    edges: list[dict]  # source, target, weight, path (on a drawn walked path)
    notes: dict[int, list[dict]]  # entity id -> [{chunk_id, path, lines, snippet, mark, count}]
    totals: dict  # entities, edges in the index
    left_out: dict  # entities, edges, largest [names], scope_entities
    max_nodes: int
    center: dict | None = None
    story: dict | None = None  # query, mode, seeds, paths, results (rank, path, lines, score, voters, ...)
    index: str = ""

    def to_dict(self) -> dict:
        d = asdict(self)
        d["notes"] = {str(k): v for k, v in self.notes.items()}
        return d


def build_view(conn, *, entity: str | None = None, hops: int = 1, search=None,
               max_nodes: int = DEFAULT_MAX_NODES, notes_per_node: int = NOTES_PER_NODE,
               index: str = "") -> GraphView:
    """The view of the whole graph, of `entity`'s neighbourhood within `hops`,
    or of a question's story (`search`: the retrieve.SearchResult of
    `ask --explain`)."""
    if max_nodes < 1:
        raise UsageError("--max-nodes must be 1 or more.")
    if hops < 0:
        raise UsageError("--hops must be 0 or more.")
    if entity is not None and search is not None:
        raise UsageError("Give --entity or --query, not both.")
    totals = {"entities": _count(conn, "entities"), "edges": _count(conn, "cooccurrence")}
    center = story = None
    if entity is not None:
        from minirag_cli.lookup import get_entity

        found = get_entity(conn, entity, neighbours=0, notes=0)
        center = {"id": found["id"], "label": found["name"], "hops": hops}
        focus = [found["id"]]
        scope_ids = _neighbourhood(conn, found["id"], hops)
        keep = _cap(focus, scope_ids, max_nodes)
        scope, title, scope_total = "entity", f"{found['name']} and its neighbourhood", len(scope_ids)
    elif search is not None:
        story, focus = _story(conn, search)
        near = [r[0] for r in conn.execute(NEIGHBOURS_SQL, {"ids": json.dumps(focus), "limit": max_nodes})]
        keep = _cap(focus, near, max_nodes)
        scope, title, scope_total = "query", search.query, totals["entities"]
    else:
        keep = [r[0] for r in conn.execute("SELECT id FROM entities ORDER BY mentions DESC, id LIMIT ?",
                                           (max_nodes,))]
        scope, title, scope_total = "graph", "entity graph", totals["entities"]
    nodes = _nodes(conn, keep)
    edges, scope_edges = _edges(conn, keep, story)
    if story:
        _mark_story(nodes, edges, story)
    if center:
        next(n for n in nodes if n["id"] == center["id"])["roles"].append("center")
    left = _left_out(conn, keep, scope_ids if center else None, scope_total, len(edges), scope_edges,
                     totals["edges"])
    return GraphView(title=title, scope=scope, nodes=nodes, edges=edges,
                     notes=_notes(conn, keep, notes_per_node), totals=totals, left_out=left,
                     max_nodes=max_nodes, center=center, story=story, index=index)


def _count(conn, table: str) -> int:
    return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def _neighbourhood(conn, entity_id: int, hops: int) -> list[int]:
    """Entities within `hops` of `entity_id`, nearest first, then most mentioned."""
    from minirag_cli.export import NEIGHBOURHOOD_SQL

    depth = dict(conn.execute(NEIGHBOURHOOD_SQL, {"start": entity_id, "hops": hops, "min_weight": 1}).fetchall())
    mentions = {r[0]: r[3] for r in conn.execute(ENTITY_SQL, (json.dumps(list(depth)),))}
    return sorted(depth, key=lambda e: (depth[e], -mentions.get(e, 0), e))


def _cap(focus: list[int], ranked: list[int], max_nodes: int) -> list[int]:
    """The focus entities (always), then the ranked ones until `max_nodes`."""
    keep = list(dict.fromkeys(focus))
    seen = set(keep)
    for eid in ranked:
        if len(keep) >= max_nodes:
            break
        if eid not in seen:
            keep.append(eid)
            seen.add(eid)
    return keep


def _nodes(conn, ids: list[int]) -> list[dict]:
    ids_json = json.dumps(ids)
    notes_total = dict(conn.execute(NOTE_COUNTS_SQL, (ids_json,)).fetchall())
    aliases: dict[int, list[str]] = {}
    for eid, alias in conn.execute(ALIASES_SQL, (ids_json,)):
        aliases.setdefault(eid, []).append(alias)
    rows = {r[0]: r for r in conn.execute(ENTITY_SQL, (ids_json,))}
    out = []
    for eid in ids:
        if eid not in rows:
            continue
        _id, name, etype, mentions, chunks = rows[eid]
        out.append({"id": eid, "label": name, "type": etype, "mentions": mentions, "chunks": chunks,
                    "notes_total": notes_total.get(eid, 0),
                    "aliases": [a for a in aliases.get(eid, []) if a != name][:6], "roles": [], "ranks": []})
    return out


def _edges(conn, ids: list[int], story: dict | None) -> tuple[list[dict], int]:
    """Edges among the shown entities: the strongest EDGES_PER_NODE per node on
    average, and every edge of a drawn walked path. Returns (edges, how many
    edges join shown entities)."""
    rows = conn.execute(EDGES_SQL, (json.dumps(ids),)).fetchall()
    must = set()
    for p in (story or {}).get("paths", [])[:STORY_PATHS]:
        ids_on = p["ids"]
        must |= {(min(a, b), max(a, b)) for a, b in zip(ids_on, ids_on[1:])}
    budget = EDGES_PER_NODE * max(1, len(ids))
    kept = [r for i, r in enumerate(rows) if i < budget or (r[0], r[1]) in must]
    return [{"source": a, "target": b, "weight": w, "path": (a, b) in must} for a, b, w in kept], len(rows)


def _left_out(conn, keep: list[int], scope_ids: list[int] | None, scope_total: int, shown_edges: int,
              scope_edges: int, total_edges: int) -> dict:
    """What the cap left out: counts, and the most mentioned entities that
    are not shown (of the neighbourhood with --entity, else of the index)."""
    shown = set(keep)
    if scope_ids is not None:
        missing = [e for e in scope_ids if e not in shown]
        rows = sorted(conn.execute(ENTITY_SQL, (json.dumps(missing[:2000]),)).fetchall(), key=lambda r: -r[3])
        largest = [r[1] for r in rows[:8]]
    else:
        largest = [r[0] for r in conn.execute(
            "SELECT name FROM entities WHERE id NOT IN (SELECT value FROM json_each(?)) "
            "ORDER BY mentions DESC, id LIMIT 8", (json.dumps(keep),))]
    return {"entities": max(0, scope_total - len(keep)), "scope_entities": scope_total,
            "edges": max(0, total_edges - shown_edges), "edges_among_shown": max(0, scope_edges - shown_edges),
            "largest": largest}


def _snippet(text: str, forms: list[str], width: int = SNIPPET_CHARS) -> tuple[str, list[int] | None]:
    """About `width` characters of `text` around the first surface form found,
    whitespace collapsed; and where the form sits in the snippet."""
    flat = " ".join(text.split())
    low = flat.lower()
    at, length = -1, 0
    for form in sorted(forms, key=len, reverse=True):
        i = low.find(" ".join(form.split()).lower())
        if i >= 0 and (at < 0 or i < at):
            at, length = i, len(" ".join(form.split()))
    if at < 0:
        return (flat[:width] + ("…" if len(flat) > width else "")), None
    start = max(0, at - width // 3)
    end = min(len(flat), start + width)
    start = max(0, min(start, end - width))
    prefix = "…" if start > 0 else ""
    snippet = prefix + flat[start:end] + ("…" if end < len(flat) else "")
    return snippet, [len(prefix) + at - start, len(prefix) + at - start + length]


def _notes(conn, ids: list[int], per: int) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    if per <= 0 or not ids:
        return out
    for eid, chunk_id, path, first, last, text, count, forms in conn.execute(
            NOTES_SQL, {"ids": json.dumps(ids), "per": per}):
        snippet, mark = _snippet(text, list(json.loads(forms or "{}")))
        out.setdefault(eid, []).append({"chunk_id": chunk_id, "path": path, "lines": [first, last],
                                        "snippet": snippet, "mark": mark, "count": count})
    return out


# ------------------------------------------------------------------ the story of a question

def _story(conn, search) -> tuple[dict, list[int]]:
    """The `ask --explain` story with entity ids: seeds, walked paths (names
    mapped back to ids, preferring the seeds and their neighbours), results
    with their rank and the entities that voted for them. Returns (story,
    focus entity ids: seeds, path nodes, voters)."""
    seeds = [{"id": s["entity_id"], "name": s["name"], "via": s["via"], "similarity": s["similarity"]}
             for s in search.seeds]
    seed_ids = [s["id"] for s in seeds]
    names = {n for p in search.paths for n in p["path"]}
    for r in search.results:
        names |= set((r.get("graph") or {}).get("entities", []))
    ids_of = _ids_by_name(conn, names, seed_ids)
    paths, seen = [], set()
    for p in search.paths:
        ids = [ids_of.get(n) for n in p["path"]]
        if None not in ids and tuple(ids[::-1]) not in seen:  # a path walked both ways is listed once
            seen.add(tuple(ids))
            paths.append({"names": p["path"], "ids": ids, "score": p["score"]})
    results = []
    for r in search.results:
        voters = [ids_of[n] for n in (r.get("graph") or {}).get("entities", []) if n in ids_of]
        snippet = " ".join(r["text"].split())
        results.append({"rank": r["rank"], "chunk_id": r["chunk_id"], "path": r["path"], "lines": r["lines"],
                        "score": r["score"], "channels": sorted(r["channels"]), "voters": voters,
                        "snippet": snippet[:SNIPPET_CHARS] + ("…" if len(snippet) > SNIPPET_CHARS else ""),
                        "duplicate_of": r.get("duplicate_of"), "why": _why(r)})
    focus = list(dict.fromkeys(seed_ids + [i for p in paths[:STORY_PATHS] for i in p["ids"]]
                               + [v for r in results for v in r["voters"]]))
    return {"query": search.query, "mode": search.mode, "seeds": seeds, "paths": paths,
            "results": results}, focus


def _why(r: dict) -> list[str]:
    """One line per reason a result ranked: the lines `ask --explain` prints."""
    from minirag_cli.commands.ask import explain_lines  # Phase A; moves to format.py with the refactor

    return explain_lines(r)


def _ids_by_name(conn, names: set[str], prefer: list[int]) -> dict[str, int]:
    """Entity names (as search results carry them) back to ids. A name two
    entities share goes to a seed, else to a seed's neighbour, else to the
    most mentioned."""
    if not names:
        return {}
    rows = conn.execute("SELECT e.id, e.name, e.mentions FROM json_each(?) j JOIN entities e ON e.name = j.value",
                        (json.dumps(sorted(names)),)).fetchall()
    near = set(prefer)
    if prefer:
        near |= {r[0] for r in conn.execute(NEIGHBOURS_SQL, {"ids": json.dumps(prefer), "limit": 100000})}
    best: dict[str, tuple] = {}
    for eid, name, mentions in rows:
        rank = (eid in prefer, eid in near, mentions, -eid)
        if name not in best or rank > best[name][0]:
            best[name] = (rank, eid)
    return {name: v[1] for name, v in best.items()}


def _mark_story(nodes: list[dict], edges: list[dict], story: dict) -> None:
    """Roles on the entities: seed, path (on a drawn walked path), voter (with
    the ranks of the results it voted for)."""
    by_id = {n["id"]: n for n in nodes}
    for s in story["seeds"]:
        if s["id"] in by_id:
            by_id[s["id"]]["roles"].append("seed")
    for p in story["paths"][:STORY_PATHS]:
        for eid in p["ids"]:
            if eid in by_id and "path" not in by_id[eid]["roles"]:
                by_id[eid]["roles"].append("path")
    for r in story["results"]:
        for eid in r["voters"]:
            if eid in by_id:
                if "voter" not in by_id[eid]["roles"]:
                    by_id[eid]["roles"].append("voter")
                by_id[eid]["ranks"].append(r["rank"])


_SAFE_NAME = re.compile(r"[^\w.-]+")


def default_filename(view: GraphView) -> str:
    """mrag-graph.html, mrag-graph-<entity>.html or mrag-query-<words>.html."""
    if view.scope == "graph":
        return "mrag-graph.html"
    words = view.center["label"] if view.scope == "entity" else " ".join(view.title.split()[:6])
    slug = _SAFE_NAME.sub("-", words.lower()).strip("-.")[:48] or "view"
    return f"mrag-{'graph' if view.scope == 'entity' else 'query'}-{slug}.html"
