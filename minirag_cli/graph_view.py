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
on a click without asking anything of the index. The reads are in
store/view.py; format.write_graph_view and graph_page.py turn the view into
one self-contained HTML file.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

from minirag_cli.errors import UsageError
from minirag_cli.frontmatter import snippet_text
from minirag_cli.table_snippets import table_snippet
from minirag_cli.store import view as store

DEFAULT_MAX_NODES = 150
NOTES_PER_NODE = 8
SNIPPET_CHARS = 180
EDGES_PER_NODE = 8  # strongest edges kept, on average, per entity shown (story edges always)
STORY_PATHS = 6  # walked paths drawn on the graph (all of them are listed)


@dataclass
class GraphView:
    """Plain data for the page (format.write_graph_view) and for tests."""

    title: str
    scope: str  # graph | entity | query
    nodes: list[dict]  # id, label, type, mentions, chunks, notes_total, aliases, roles, ranks
    edges: list[dict]  # source, target, weight, path (on a drawn walked path)
    notes: dict[int, list[dict]]  # entity id -> [{chunk_id, path, lines, snippet, mark, count}]
    totals: dict  # entities, edges in the index
    left_out: dict  # entities, edges, largest [names], scope_entities
    max_nodes: int
    center: dict | None = None
    story: dict | None = None  # query, mode, seeds, paths, results (rank, path, lines, score, voters, explain)
    index: str = ""

    def to_dict(self) -> dict:
        d = asdict(self)
        d["notes"] = {str(k): v for k, v in self.notes.items()}
        return d


def check_flags(*, entity: bool, question: bool, hops: int | None, k: int | None, max_nodes: int) -> None:
    """Refuse, before any work, what would be ignored or means nothing: --entity
    with --query, --hops without either (the whole graph has no radius and no
    walk), --k without --query, --max-nodes below 1 and --hops below 0."""
    if entity and question:
        raise UsageError("Give --entity or --query, not both.")
    if hops is not None and not entity and not question:
        raise UsageError("--hops is the radius of --entity's neighbourhood or the walk depth of --query: "
                         "the whole graph has neither, and --hops would be ignored.",
                         hint="Add --entity NAME or --query QUESTION, or leave --hops out.")
    if k is not None and not question:
        raise UsageError("--k is how many results of --query are drawn: without --query it would be ignored.",
                         hint='Add --query "QUESTION", or leave --k out.')
    if max_nodes < 1:
        raise UsageError("--max-nodes must be 1 or more.")
    if hops is not None and hops < 0:
        raise UsageError("--hops must be 0 or more.")


def build_view(conn, *, entity: dict | None = None, hops: int | None = None, search=None,
               max_nodes: int = DEFAULT_MAX_NODES, notes_per_node: int = NOTES_PER_NODE,
               index: str = "") -> GraphView:
    """The view of the whole graph, of `entity`'s neighbourhood within `hops`
    (default 1; `entity`: the entity page Index.entity returns), or of a
    question's story (`search`: the retrieve.SearchResult of `ask --explain`,
    searched with its own hops). The flags as check_flags refuses them."""
    check_flags(entity=entity is not None, question=search is not None, hops=hops, k=None, max_nodes=max_nodes)
    hops = 1 if hops is None else hops
    totals = store.totals(conn)
    center = story = scope_ids = None
    if entity is not None:
        center = {"id": entity["id"], "label": entity["name"], "hops": hops, "match": entity.get("match")}
        scope_ids = store.neighbourhood(conn, entity["id"], hops)
        keep = _cap([entity["id"]], scope_ids, max_nodes)
        scope, title, scope_total = "entity", f"{entity['name']} and its neighbourhood", len(scope_ids)
    elif search is not None:
        story, focus = _story(conn, search)
        # the scope is the story and all its neighbours: what lies beyond is not the cap's doing
        neighbours = store.strongest_neighbours(conn, focus, totals["entities"])
        scope_ids = list(dict.fromkeys(focus + neighbours))
        keep = _cap(focus, neighbours, max_nodes)
        scope, title, scope_total = "query", search.query, len(scope_ids)
    else:
        keep = [eid for eid, _name in store.most_mentioned(conn, max_nodes)]
        scope, title, scope_total = "graph", "entity graph", totals["entities"]
    nodes = _nodes(conn, keep)
    edges, scope_edges = _edges(conn, keep, story)
    if story:
        _mark_story(nodes, story)
    if center:
        node = next((n for n in nodes if n["id"] == center["id"]), None)
        if node is None:  # looked up, then gone: a sync removed its last note in between (`sync --watch`)
            raise entity_gone(entity["name"])
        node["roles"].append("center")
    left = _left_out(conn, keep, scope_ids, scope_total, len(edges), scope_edges, totals["edges"])
    return GraphView(title=title, scope=scope, nodes=nodes, edges=edges,
                     notes=_notes(conn, keep, notes_per_node), totals=totals, left_out=left,
                     max_nodes=max_nodes, center=center, story=story, index=index)


def entity_gone(name: str):
    """The error for an entity looked up by name and gone before the graph
    around it was read (graph view and graph export --entity): a sync removed
    the last note that named it in between."""
    from minirag_cli.store.lookup import NotFound

    return NotFound(f"The entity {name!r} is no longer in the index: a sync removed the last note that named it "
                    "while the graph was read.",
                    hint="Run the command again; `mrag entities` lists the entities the index holds now.")


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
    notes_total = store.note_counts(conn, ids)
    aliases = store.aliases(conn, ids)
    rows = store.entity_rows(conn, ids)
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
    rows = store.edges_among(conn, ids)
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
    are not shown (of the neighbourhood with --entity or --query, else of
    the index)."""
    shown = set(keep)
    if scope_ids is not None:
        missing = [e for e in scope_ids if e not in shown][:2000]
        rows = sorted(store.entity_rows(conn, missing).values(), key=lambda r: (-r[3], r[0]))
        largest = [r[1] for r in rows[:8]]
    else:
        largest = [name for _eid, name in store.most_mentioned(conn, 8, besides=keep)]
    return {"entities": max(0, scope_total - len(keep)), "scope_entities": scope_total,
            "edges": max(0, total_edges - shown_edges), "edges_among_shown": max(0, scope_edges - shown_edges),
            "largest": largest}


def _snippet(text: str, forms: list[str], path: str = "",
             width: int = SNIPPET_CHARS) -> tuple[str, list[int] | None]:
    """About `width` characters of `text` (a chunk of the note at `path`) around the first surface form
    found, whitespace collapsed; and where the form sits in the snippet. Of what `ask`'s snippets show of
    it (frontmatter.snippet_text: no front matter, no Joplin metadata line; the page showed them)."""
    flat = " ".join(snippet_text(text, path=path).split())
    at, length = -1, 0
    for form in sorted(forms, key=len, reverse=True):
        # searched case-blind in `flat` itself: flat.lower() can be longer ("İ" lowers to two
        # characters), and an index found in it marked the wrong words
        found = re.search(re.escape(" ".join(form.split())), flat, re.IGNORECASE) if form.strip() else None
        if found and (at < 0 or found.start() < at):
            at, length = found.start(), found.end() - found.start()
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
    for eid, chunk_id, path, first, last, text, count, forms in store.top_mentions(conn, ids, per):
        snippet, mark = _snippet(text, list(json.loads(forms or "{}")), path)
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
        # a table's chunk as `ask` shows it: its header row, then the asked row (its `|---|` line filled the snippet)
        snippet = " ".join(snippet_text(table_snippet(r["text"], search.query or ""), path=r["path"]).split())
        results.append({"rank": r["rank"], "chunk_id": r["chunk_id"], "path": r["path"], "lines": r["lines"],
                        "score": r["score"], "channels": sorted(r["channels"]), "voters": voters,
                        "snippet": snippet[:SNIPPET_CHARS] + ("…" if len(snippet) > SNIPPET_CHARS else ""),
                        "duplicate_of": r.get("duplicate_of"),
                        "explain": {"channels": r["channels"], "graph": r.get("graph") or {}}})
    focus = list(dict.fromkeys(seed_ids + [i for p in paths[:STORY_PATHS] for i in p["ids"]]
                               + [v for r in results for v in r["voters"]]))
    return {"query": search.query, "mode": search.mode, "seeds": seeds, "paths": paths,
            "results": results}, focus


def _ids_by_name(conn, names: set[str], prefer: list[int]) -> dict[str, int]:
    """Entity names (as search results carry them) back to ids. A name two
    entities share goes to a seed, else to a seed's neighbour, else to the
    most mentioned."""
    if not names:
        return {}
    rows = store.entities_named(conn, names)
    near = set(prefer)
    if prefer:
        near |= set(store.strongest_neighbours(conn, prefer, 100000))
    best: dict[str, tuple] = {}
    for eid, name, mentions in rows:
        rank = (eid in prefer, eid in near, mentions, -eid)
        if name not in best or rank > best[name][0]:
            best[name] = (rank, eid)
    return {name: v[1] for name, v in best.items()}


def _mark_story(nodes: list[dict], story: dict) -> None:
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
