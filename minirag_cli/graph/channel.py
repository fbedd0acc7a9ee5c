"""The graph channel as retrieval sees it: plan (ground, walk, score paths),
vote for chunks, add the time edges, and explain the votes of the results
shown. `GraphVotes` is plain data: explaining later takes the connection as
an argument, it is never kept."""

from __future__ import annotations

from dataclasses import dataclass, field

from minirag_cli.graph import sql
from minirag_cli.graph.grounding import QueryTerms, Seed
from minirag_cli.graph.timelinks import time_links
from minirag_cli.graph.votes import GraphPlan, explain_chunk, plan, relations_near, vote
from minirag_cli.options import GraphOptions


@dataclass
class GraphVotes:
    ranking: list[tuple[int, float]] = field(default_factory=list)  # (chunk id, score), best first
    seeds: list[dict] = field(default_factory=list)
    paths: list[dict] = field(default_factory=list)  # best paths, for --explain / --json
    votes: dict[int, float] = field(default_factory=dict)  # chunk id -> entity/relation vote in [0, 1]
    time: dict[int, float] = field(default_factory=dict)  # chunk id -> time-edge vote in [0, 1]
    answer_types: list[str] = field(default_factory=list)
    plan: GraphPlan | None = field(default=None, repr=False)  # what explain_votes needs
    concept_votes: dict[int, tuple[float, list[str]]] = field(default_factory=dict, repr=False)
    links: dict[int, dict] = field(default_factory=dict, repr=False)  # time_links' answer


def graph_channel(conn, question: str, query_vector, *, hops: int = 2, terms: QueryTerms | None = None,
                  candidates=None, anchors: list[tuple[int, float]] | None = None,
                  seeds: list[Seed] | None = None, options: GraphOptions | None = None) -> GraphVotes:
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
    o = options or GraphOptions()
    ordered = list(dict.fromkeys(candidates or ()))  # best first, when the caller knows
    candidates = set(ordered)
    p = plan(conn, question, query_vector, hops=hops, terms=terms, candidates=ordered, seeds=seeds, options=o)
    out = GraphVotes(seeds=[s.to_dict() for s in p.seeds], answer_types=p.answer_types)
    top = vote(conn, p, options=o)
    if not candidates and top:
        # alone, the graph reads relations from its own best chunks
        p.relations = relations_near(conn, query_vector, top, o.relation_min_sim)
        top = vote(conn, p, options=o)
    votes = dict(top)
    if candidates:
        votes.update(vote(conn, p, candidates=candidates, options=o))
    if anchors is None:
        anchors = documents_of(conn, [(c, sv[0]) for c, sv in top.items()])
    linked = time_links(conn, anchors, query_vector, options=o, hub_ids=p.hubs) if o.time_weight > 0 else {}
    out.votes = {c: sv[0] for c, sv in votes.items() if sv[0] > 0}
    out.time = {c: min(1.0, o.time_weight * t["score"]) for c, t in linked.items()}
    combined = dict(out.votes)
    for c, t in out.time.items():
        combined[c] = combined.get(c, 0.0) + t
    out.ranking = sorted(combined.items(), key=lambda kv: (-kv[1], kv[0]))[:o.chunk_limit]
    out.paths = [{"path": [p.names.get(n, str(n)) for n in wp.nodes], "score": round(s, 6)}
                 for s, wp, ev in p.scored_paths if wp.hops > 0 and ev > 0][:10]
    out.plan, out.concept_votes, out.links = p, votes, linked
    return out


def explain_votes(conn, g: GraphVotes, chunk_ids) -> dict[int, dict]:
    """Why the graph voted for each of `chunk_ids` (only the shown results
    are explained: it costs a few lookups per chunk)."""
    if g.plan is None:
        return {}
    p, votes, linked = g.plan, g.concept_votes, g.links
    # an anchor's own vote (time_anchor_self) is no time edge: it is said
    # apart, with whether its note has a date at all (an undated note gets it
    # too, as one of the best text notes, though no edge can reach it)
    own = {c: t["anchor"] for c, t in linked.items() if t["via"] is None}
    linked = {c: t for c, t in linked.items() if t["via"] is not None}
    wanted = [c for c in chunk_ids if c in votes or c in linked or c in own]
    dated = sql.documents_with_dates(conn, sorted({own[c] for c in wanted if c in own}))
    anchors = sorted({linked[c]["anchor"] for c in wanted if c in linked})
    vias = [linked[c]["via"] for c in wanted if c in linked and linked[c]["via"] not in p.names]
    names = {**p.names, **{e: i[0] for e, i in sql.entity_info(conn, vias).items()}}
    paths_of = sql.document_paths(conn, anchors)
    out: dict[int, dict] = {}
    for c in wanted:
        item = explain_chunk(p, c, votes.get(c, (0.0, []))[1])
        if c in linked:
            t = linked[c]
            item["time"] = {"near": paths_of.get(t["anchor"], str(t["anchor"])), "days": t["gap"],
                            "shared": names.get(t["via"], str(t["via"]))}
        elif c in own:
            item["time_anchor"] = {"dated": own[c] in dated}
        out[c] = item
    return out


def documents_of(conn, ranked_chunks: list[tuple[int, float]], n: int = 5) -> list[tuple[int, float]]:
    """The best `n` documents of a chunk ranking, weighted by their best chunk's
    score relative to the top one."""
    if not ranked_chunks:
        return []
    doc_of = sql.document_of_chunks(conn, [c for c, _ in ranked_chunks])
    top = max(s for _, s in ranked_chunks) or 1.0
    best: dict[int, float] = {}
    for c, s in ranked_chunks:
        d = doc_of.get(c)
        if d is not None and d not in best:
            best[d] = s / top
    return sorted(best.items(), key=lambda kv: -kv[1])[:n]
