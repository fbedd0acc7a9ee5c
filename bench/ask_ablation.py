"""Ablations of `mrag ask` retrieval on a golden set: fusion (scores vs RRF),
walk depth, time edges and graph weights, each run through Index.search
with the same question vectors. Prints a Markdown table (BENCHMARKS.md,
"Retrieval modes (issue 4)").

    python -m bench.ask_ablation INDEX.sqlite GOLDEN.jsonl
"""

from __future__ import annotations

import collections
import sys
import time

import numpy as np

from minirag_cli import config, evaluate, retrieve
from minirag_cli.index import Index, RetrievalOptions

VARIANTS = [
    ("dense,bm25 (score fusion)", {"mode": "dense,bm25"}),
    ("dense,bm25, RRF k=60", {"mode": "dense,bm25", "fuse": "rrf"}),
    ("hybrid, RRF k=60 over the three rankings", {"mode": "hybrid", "fuse": "rrf"}),
    ("hybrid (default: hops 2)", {"mode": "hybrid"}),
    ("hybrid, hops 0 (seeds only)", {"mode": "hybrid", "hops": 0}),
    ("hybrid, hops 1", {"mode": "hybrid", "hops": 1}),
    ("hybrid, hops 3", {"mode": "hybrid", "hops": 3}),
    ("hybrid without time edges", {"mode": "hybrid", "weights": {"time": 0.0}}),
    ("hybrid, time edges only (no entity/relation votes)", {"mode": "hybrid", "weights": {"graph": 0.0}}),
    ("hybrid, graph and time weight 0.1", {"mode": "hybrid", "weights": {"graph": 0.1, "time": 0.1}}),
    ("hybrid, graph and time weight 0.3", {"mode": "hybrid", "weights": {"graph": 0.3, "time": 0.3}}),
]


def run_variant(index, questions, vectors, fuse: str | None = None, weights=None, **kw) -> tuple[dict, float]:
    groups: dict[str, list[dict]] = collections.defaultdict(list)
    seconds = 0.0
    original = retrieve.score_fuse
    if fuse == "rrf":
        retrieve.score_fuse = lambda scores, weights=None, ranks=None: retrieve.rrf_fuse(ranks or scores)
    try:
        for q, v in zip(questions, vectors):
            t0 = time.perf_counter()
            options = RetrievalOptions(k=50, **kw).with_weights(weights)
            res = index.search(q.query, options, query_vector=v)
            seconds += time.perf_counter() - t0
            docs = evaluate.document_ranking(r["path"] for r in res.results)
            m = evaluate.question_metrics(docs, q.expected, (1, 10))
            groups["overall"].append(m)
            groups[q.type or "untyped"].append(m)
    finally:
        retrieve.score_fuse = original
    means = {g: {k: float(np.mean([m[k] for m in rows])) for k in ("recall@10", "mrr", "hit@1")}
             for g, rows in groups.items()}
    return means, seconds / max(1, len(questions))


def main(argv: list[str]) -> None:
    index, golden = argv[1], argv[2]
    index = Index.open(config.effective({"db": index}))
    questions = [q for q in evaluate.load_golden(golden) if q.expected]
    vectors = index.query_embedder().embed([q.query for q in questions])
    print("| variant | recall@10 | MRR | hit@1 | multi recall@10 | single recall@10 | ms/question |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for label, kw in VARIANTS:
        m, sec = run_variant(index, questions, vectors, **kw)
        o, mu, si = m["overall"], m.get("multi", {}), m.get("single", {})
        print(f"| {label} | {o['recall@10']:.3f} | {o['mrr']:.3f} | {o['hit@1']:.3f} | "
              f"{mu.get('recall@10', float('nan')):.3f} | {si.get('recall@10', float('nan')):.3f} | "
              f"{sec * 1000:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv)
