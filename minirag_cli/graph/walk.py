"""The walk: one recursive CTE from the seeds over `cooccurrence`
(undirected, stored a < b), up to `hops`, keeping every path and never
revisiting a node on it (graph/sql.WALK_SQL).

Hub control: an edge's strength is its association weight / sqrt(chunks(a) *
chunks(b)), which shrinks edges to entities seen everywhere; each node expands
only to its `fanout` strongest neighbours; entities in more than `hub_share`
of all chunks and of all notes are neither expanded nor reached (the notes'
owner, mentioned in half the chunks, would otherwise connect everything to
everything: `hubs`), entities in more than `expand_max_chunks` are reached but
not expanded (hub_share=1 turns both off); a LIMIT bounds the whole walk.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from minirag_cli.graph import sql
from minirag_cli.options import GraphOptions

# connection -> (sql.data_stamp, hub_share, hub_min_chunks, hub ids): counting a hub's notes takes
# 13 ms on a vault with a 1,700-chunk log, 57 ms on 10,000 notes; `mrag ask -i`, eval and the MCP server
# ask many questions on one connection, and the hubs change only when the index does. A connection
# that takes no weak reference (a bare sqlite3 one) counts each time.
_HUBS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass
class WalkPath:
    nodes: list[int]  # seed first
    strength: float  # product of edge strengths (1.0 for a bare seed)

    @property
    def hops(self) -> int:
        return len(self.nodes) - 1


def hub_max(conn, options: GraphOptions | None = None) -> int:
    """The most chunks a non-hub entity is mentioned in (a small index has no hubs)."""
    o = options or GraphOptions()
    return max(o.hub_min_chunks, int(o.hub_share * sql.chunk_count(conn)))


def hubs(conn, options: GraphOptions | None = None) -> list[int]:
    """The hubs' entity ids: in more than hub_max chunks and in more than
    hub_share of the notes. Counted in chunks alone, one long note that
    names someone in every chunk (a transcript's speaker labels: 40 of a
    vault's 77 chunks, 7 of its 42 notes) made them a hub, and the question
    that names them lost their vote and every path from them."""
    o = options or GraphOptions()
    if o.hub_share >= 1:
        return []
    key = (sql.data_stamp(conn), o.hub_share, o.hub_min_chunks)
    try:
        kept = _HUBS.get(conn)
    except TypeError:
        kept = None
    if kept is not None and kept[0] == key:
        return list(kept[1])
    found = sql.hub_entities(conn, hub_max(conn, o), o.hub_share)
    try:
        _HUBS[conn] = (key, tuple(found))
    except TypeError:
        pass
    return found


def walk(conn, seed_ids: list[int], *, hops: int = 2, options: GraphOptions | None = None,
         hub_ids: list[int] | None = None) -> list[WalkPath]:
    """Every path of up to `hops` edges from the seeds (seeds themselves are
    0-hop paths), without cycles, hubs not expanded, fan-out capped.
    `hub_ids`: `hubs`, when the caller has them already."""
    if not seed_ids:
        return []
    o = options or GraphOptions()
    expand_max = sql.chunk_count(conn) if o.hub_share >= 1 else o.expand_max_chunks  # hub_share=1: hub control off
    hub_ids = hubs(conn, o) if hub_ids is None else hub_ids
    rows = sql.walk_rows(conn, seed_ids, hops=hops, hubs=hub_ids, expand_max=expand_max, fanout=o.fanout,
                         row_limit=o.walk_row_limit)
    return [WalkPath([int(x) for x in path.strip("/").split("/")], float(strength))
            for _node, path, _hops, strength in rows]
