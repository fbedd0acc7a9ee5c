"""Time and date links.

`time_links`: from the anchor documents (the best text hits) over time edges
(date entities within a day) to notes of the same people (a shared non-hub
entity), weighted by the anchor, the question similarity of the linked chunk
and 1 / (1 + days apart). Each anchor also links to itself (0 days apart),
so a time edge between two anchors does not hand the weaker one the
stronger one's vote while the stronger gets only a share of the weaker's.

`dated_chunks`: the notes of a period the question names ("in May", "on
January 6th"): a note's date line ("Time: 20260508_08:00") is a date
mention, so a chat is dated by it.
"""

from __future__ import annotations

from minirag_cli.graph import sql
from minirag_cli.graph.walk import hubs
from minirag_cli.options import GraphOptions


def dated_chunks(conn, prefixes: list[str], chunk_ids) -> list[int]:
    """Those of `chunk_ids` whose note mentions a date node under one of the
    key `prefixes` ('date:2026-05' for a month, 'date:2026-05-08' for a day)."""
    ids = sorted({int(c) for c in chunk_ids})
    if not ids or not prefixes:
        return []
    return sql.dated_chunk_ids(conn, prefixes, ids)


def time_links(conn, anchors: list[tuple[int, float]], query_vector, *,
               options: GraphOptions | None = None, hub_ids: list[int] | None = None) -> dict[int, dict]:
    """chunk id -> {score, anchor, gap, via, sim}: chunks of documents dated
    within `time_window_days` of an anchor document that share a non-hub
    entity with it; score = anchor weight x question similarity / (1 + days apart).
    The anchors' own chunks are linked too (gap 0, via None: `time_anchor_self`)."""
    o = options or GraphOptions()
    if not anchors or o.time_window_days < 0 or query_vector is None or not sql.has_table(conn, "vec_chunks"):
        return {}
    hub_ids = hubs(conn, o) if hub_ids is None else hub_ids
    rows = sql.time_rows(conn, anchors, query_vector, window=o.time_window_days, hubs=hub_ids,
                         limit=o.time_max_documents, via_types=o.time_via_types,
                         anchor_self=o.time_anchor_self)
    return {r[0]: {"score": float(r[1]), "anchor": r[2], "gap": int(round(r[3])), "via": r[4],
                   "sim": round(float(r[5]), 4)} for r in rows if r[1] > 0}
