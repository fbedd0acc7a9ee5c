"""Does the graph (and which part of it) add to hybrid retrieval on a given
index? Runs the golden set in hybrid mode with variants of the fusion
weights and graph options, and dense+bm25 as the floor, and prints one
Markdown row per variant (recall@10, MRR, multi recall@10, and the same per
question type). Issue 15: the LLM index against the heuristic one.

    python -m bench.graph_variants --db LIHUA.sqlite --golden golden-dev.jsonl [--variant NAME ...] [--json OUT]

Variants are fixed here (no tuning per question): see VARIANTS.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from minirag_cli.options import GraphOptions, RetrievalOptions

PEOPLE = ("person", "organization", "location", "name")  # heuristic "name": a capitalised proper name

VARIANTS: dict[str, tuple[str, RetrievalOptions]] = {
    "dense,bm25": ("dense,bm25", RetrievalOptions()),
    "hybrid": ("hybrid", RetrievalOptions()),
    "no time votes": ("hybrid", RetrievalOptions().with_weights({"time": 0.0})),
    "graph 0.1": ("hybrid", RetrievalOptions().with_weights({"graph": 0.1})),
    "graph 0.1, time 0.1": ("hybrid", RetrievalOptions().with_weights({"graph": 0.1, "time": 0.1})),
    "time via people": ("hybrid", RetrievalOptions(graph=GraphOptions(time_via_types=PEOPLE))),
    "concepts silent": ("hybrid", RetrievalOptions(graph=GraphOptions(silent_types=("concept",)))),
    "concepts+events silent": ("hybrid", RetrievalOptions(graph=GraphOptions(silent_types=("concept", "event")))),
    "time via people, concepts silent": ("hybrid", RetrievalOptions(graph=GraphOptions(
        time_via_types=PEOPLE, silent_types=("concept",)))),
    "anchors without their own time vote (before)": ("hybrid", RetrievalOptions(
        graph=GraphOptions(time_anchor_self=False))),
    "graph alone": ("graph", RetrievalOptions()),
    "graph alone, anchors without their own time vote (before)": ("graph", RetrievalOptions(
        graph=GraphOptions(time_anchor_self=False))),
}
# the walk's depth, and reached entities voting without the question's support (issue 15,
# BENCHMARKS "Multi-hop votes without the question's support"): "hybrid, 1 hop",
# "graph alone, neighbours vote without support, 3 hops", ...
for _mode, _prefix in (("hybrid", ""), ("graph", "graph alone, ")):
    for _hops, _suffix in ((1, ", 1 hop"), (2, ""), (3, ", 3 hops")):
        if _hops != 2:
            VARIANTS[(_prefix or "hybrid, ") + _suffix[2:]] = (_mode, RetrievalOptions(hops=_hops))
        VARIANTS[f"{_prefix}neighbours vote without support{_suffix}"] = (_mode, RetrievalOptions(
            hops=_hops, graph=GraphOptions(neighbour_needs_evidence=False)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True)
    ap.add_argument("--golden", required=True)
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    from minirag_cli import config, evaluate as ev
    from minirag_cli.index import Index

    questions = ev.load_golden(Path(args.golden))
    out = {}
    print("| variant | recall@10 | MRR | multi recall@10 | single MRR | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    with Index.open(config.effective({"db": args.db})) as index:
        for name in args.variant or list(VARIANTS):
            mode, options = VARIANTS[name]
            t0 = time.perf_counter()
            run = index.evaluate(questions, modes=[mode], ks=ev.DEFAULT_KS, options=options)
            m = next(iter(run.modes.values()))  # {group: figures}
            o, multi, single = m["overall"], m.get("multi", {}), m.get("single", {})
            out[name] = m
            print(f"| {name} | {o['recall@10']:.4f} | {o['mrr']:.4f} | {multi.get('recall@10', float('nan')):.4f} "
                  f"| {single.get('mrr', float('nan')):.4f} | {time.perf_counter() - t0:.0f} |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
