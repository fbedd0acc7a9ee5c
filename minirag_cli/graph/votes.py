"""Path scoring and votes.

`score_paths`: seed weight x (1 + answer-type nodes on the path + votes of
the relation sentences near the question on its edges) x the product of its
edge strengths (MiniRAG Eq. 2 in spirit, the inverse-frequency weighting
being the hub control). A multi-hop path is *good* when it has answer-type
nodes or relation votes; only good paths let a non-seed vote.

`vote`: each entity takes its best path score; a chunk's vote, per concept,
is the best voting entity it mentions (or, for a name the question spells
out, whose name its text holds: `name_occurrences`) times that entity's
inverse chunk frequency (aliases of one name never add up), with half weight
for concepts its document mentions in other chunks; plus the similarity of
its best relation sentence. Votes are reported as a share of what a chunk
holding every concept would get, so they are in [0, 1].
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

from minirag_cli.graph import sql
from minirag_cli.graph.grounding import QueryTerms, Seed, answer_types_for, ground
from minirag_cli.graph.walk import WalkPath, hubs, walk
from minirag_cli.options import GraphOptions
from minirag_cli.text import CJK_NAME, cjk_bigrams


@dataclass
class RelationHit:
    relation_id: int
    chunk_id: int
    a: int
    b: int
    similarity: float
    text: str


def relations_near(conn, query_vector, chunk_ids, min_sim: float | None = None) -> list[RelationHit]:
    """The relations held by the given chunks that are near the question,
    best first. Bounded by the chunks asked about, so it costs the same on a
    large index (a KNN over every relation would not)."""
    min_sim = GraphOptions().relation_min_sim if min_sim is None else min_sim
    ids = sorted({int(c) for c in chunk_ids or ()})
    if query_vector is None or not ids or not sql.has_table(conn, "relation_sentences"):
        return []
    rows = sql.relations_of_chunks(conn, query_vector, ids)
    hits = [RelationHit(r[0], r[1], r[2], r[3], float(r[4]), r[5]) for r in rows if r[4] >= min_sim]
    hits.sort(key=lambda h: (-h.similarity, h.relation_id))
    return hits


def score_paths(paths: list[WalkPath], seeds: dict[int, Seed], node_types: dict[int, str],
                answer_types: list[str], edge_votes: dict[tuple[int, int], float],
                options: GraphOptions | None = None) -> list[tuple[float, WalkPath, float]]:
    """(score, path, evidence) best first: score = seed weight x (1 + answer-type
    nodes + relation votes on its edges) x edge strengths; evidence = the
    answer-type nodes + relation votes alone (what makes a multi-hop path good)."""
    o = options or GraphOptions()
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
        scored.append((seed.weight(o) * (1.0 + typed + votes) * p.strength, p, typed + votes))
    scored.sort(key=lambda sp: (-sp[0], sp[1].nodes))
    return scored


def name_occurrences(conn, seeds: list[Seed], limit: int | None = None) -> dict[int, list[int]]:
    """seed entity id -> chunks whose text spells the seed's name out (an
    FTS5 phrase query, porter-stemmed as BM25 is; at most `limit`, in chunk
    order; names over `limit` are left to their mentions).

    A small model names a thing in some chunks and misses it in others
    ("flower beds" extracted in two notes, written in three), so mentions
    alone make the graph vote for the notes where the model happened to see
    it. For the names a question spells out, the text decides as well."""
    limit = GraphOptions().name_text_limit if limit is None else limit
    out: dict[int, list[int]] = {}
    if not sql.has_table(conn, "chunks_fts"):
        return out
    cjk = sql.has_table(conn, "chunks_cjk")
    for s in seeds:
        if s.via == "vector" or s.type == "date":
            continue  # a guess, or a date (dates are matched by key and by the time edges)
        if cjk and CJK_NAME.fullmatch(s.name):
            rows = sql.chunks_spelling_cjk(conn, cjk_bigrams(s.name), limit + 1)  # 张伟 of `张伟说...`
        else:
            words = re.findall(r"\w+", s.name.lower())
            if not words:
                continue
            rows = sql.chunks_spelling(conn, words, limit + 1)
        if 0 < len(rows) <= limit:
            out[s.entity_id] = rows
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
    hubs: list[int] = field(default_factory=list)  # walk.hubs: found once a question (a count over their notes)


def _entity_votes(scored, node_info: dict, hub_ids: set[int], o: GraphOptions) -> dict[int, tuple[float, WalkPath]]:
    """Each entity's best path score (hubs and unsupported neighbours left out)."""
    entity_vote: dict[int, tuple[float, WalkPath]] = {}
    for score, p, evidence in scored:
        end = p.nodes[-1]
        if end in hub_ids:
            continue  # a hub votes for half the index: no information
        if p.hops > 0 and evidence <= 0 and o.neighbour_needs_evidence:
            continue  # a neighbour is only worth a vote on a path the question supports
        if p.hops > 0:
            score *= o.hop_decay ** p.hops
        if end not in entity_vote or score > entity_vote[end][0]:
            entity_vote[end] = (score, p)
    return entity_vote


def plan(conn, question: str, query_vector, *, hops: int = 2, terms: QueryTerms | None = None,
         candidates=None, seeds: list[Seed] | None = None, options: GraphOptions | None = None) -> GraphPlan:
    """Ground (unless the caller already did: `seeds`), walk and score paths:
    which entities vote, and how much. Relation votes come from the
    relations of the candidate chunks."""
    o = options or GraphOptions()
    if seeds is None:
        seeds = ground(conn, question, query_vector, terms=terms, options=o)
    answer_types = list(dict.fromkeys((terms.answer_types if terms else []) + answer_types_for(question)))
    # relation sentences are read from the best candidates only: each costs a
    # vector lookup, and a relation deep in the list rarely changes a rank
    relations = relations_near(conn, query_vector, list(candidates or ())[:o.relation_candidates],
                               o.relation_min_sim)
    total = sql.chunk_count(conn) or 1
    seed_map = {s.entity_id: s for s in seeds}
    hub_ids = hubs(conn, o)
    paths = walk(conn, list(seed_map), hops=hops, options=o, hub_ids=hub_ids)
    node_info = sql.entity_info(conn, sorted({n for p in paths for n in p.nodes}))
    edge_votes: dict[tuple[int, int], float] = {}
    for r in relations:
        edge = (min(r.a, r.b), max(r.a, r.b))
        edge_votes[edge] = max(edge_votes.get(edge, 0.0), r.similarity)
    scored = score_paths(paths, seed_map, {n: i[1] for n, i in node_info.items()}, answer_types, edge_votes, o)
    entity_vote = _entity_votes(scored, node_info, set(hub_ids), o)
    if o.silent_types:
        entity_vote = {e: v for e, v in entity_vote.items() if node_info.get(e, ("", "", 0))[1] not in o.silent_types}
    # A concept is what one question span names (its exact, alias, word and
    # fuzzy matches are one concept); any other entity is its own concept.
    concepts = {eid: (seed_map[eid].concept if eid in seed_map else f"e:{eid}") for eid in entity_vote}
    text_hits = name_occurrences(conn, [seed_map[e] for e in entity_vote if e in seed_map], o.name_text_limit)
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
    ideal = sum(best_concept.values()) + o.relation_chunk_weight
    return GraphPlan(seeds, answer_types, relations, entity_vote, concepts,
                     {n: i[0] for n, i in node_info.items()}, scored, ideal, chunk_counts, text_hits,
                     weights, hub_ids)


def vote(conn, p: GraphPlan, *, limit: int | None = None, candidates=None,
         options: GraphOptions | None = None) -> dict[int, tuple[float, list[str]]]:
    """chunk id -> (graph vote in [0, 1], concepts that voted): the `limit` best chunks,
    or, with `candidates`, exactly those chunks (zero votes left out)."""
    o = options or GraphOptions()
    limit = o.chunk_limit if limit is None else limit
    out: dict[int, tuple[float, list[str]]] = {}
    if p.entity_vote:
        rows = sql.vote_rows(conn, [[eid, p.concepts[eid], p.weights[eid], p.chunk_counts[eid]]
                                    for eid in p.entity_vote],
                             [[eid, c] for eid, hits in p.text_hits.items() for c in hits],
                             doc_share=o.doc_share, limit=limit, spread=o.vote_spread, candidates=candidates)
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
        out[chunk_id] = (score + o.relation_chunk_weight * sim, groups)
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
