#!/usr/bin/env python
"""Chunk-size sweep on LiHua (BENCHMARKS.md, "Chunk size"): for indexes built
with different --chunk-tokens/--overlap, report how many chunks MiniLM sees
only in part (more than its 256 word pieces) and the retrieval figures of
`mrag eval` in dense, bm25 and dense,bm25 modes on the dev questions.

Build the indexes first (a few minutes each), e.g.
    mrag --db /work/tmp/eval/lihua-c80o14.sqlite sync NOTES -x heuristic --chunk-tokens 80 --overlap 14 --json --quiet
then
    .venv/bin/python bench/chunk_sizes.py /work/tmp/eval/lihua-c*.sqlite [--golden FILE] [--mode M ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
DEFAULT_GOLDEN = REPO.parent / "shared" / "data" / "lihua-world" / "golden-dev.jsonl"
MODES = ("dense", "bm25", "dense,bm25")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dbs", nargs="+", type=Path)
    ap.add_argument("--golden", type=Path, default=DEFAULT_GOLDEN)
    ap.add_argument("--mode", action="append", help=f"modes (default {', '.join(MODES)})")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", type=Path, help="also write the JSON rows to this file")
    args = ap.parse_args()

    from minirag_cli import db as dbmod
    from minirag_cli import evaluate as ev
    from minirag_cli.config import effective
    from minirag_cli.embed import make_embedder
    from minirag_cli.index import Index

    embedder = make_embedder()
    tokenizer = embedder.model.tokenizer
    window = embedder.model.max_seq_length
    questions = ev.load_golden(args.golden)
    modes = args.mode or list(MODES)
    rows = []
    for path in args.dbs:
        conn = dbmod.connect(path)
        size = int(dbmod.get_meta(conn, "chunk_tokens") or 0)
        overlap = int(dbmod.get_meta(conn, "overlap_tokens") or 0)
        texts = [r[0] for r in conn.execute("SELECT text FROM chunks")]
        pieces = [len(ids) for ids in tokenizer(texts, add_special_tokens=True)["input_ids"]]
        index = Index(conn, effective({"db": str(path)}), path, embedder_factory=lambda _name: embedder)
        run = index.evaluate(questions, modes=modes, ks=(1, 5, 10, 20))
        conn.close()
        rows.append({"db": str(path), "chunk_tokens": size, "overlap": overlap, "chunks": len(texts),
                     "truncated_share": round(sum(p > window for p in pieces) / len(pieces), 3),
                     "median_pieces": sorted(pieces)[len(pieces) // 2], "modes": run.modes})
        print(f"done {path}", file=sys.stderr)
    rows.sort(key=lambda r: r["chunk_tokens"])
    if args.save:
        args.save.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"Questions: {args.golden} ({len(questions)}); MiniLM window {window} word pieces.\n")
    head = "| chunk / overlap | chunks | cut by MiniLM | median pieces |"
    head += "".join(f" {m} R@10 | {m} MRR |" for m in modes) + "".join(f" {m} multi R@10 |" for m in modes)
    print(head)
    print("|" + " --- |" * (4 + 3 * len(modes)))
    for r in rows:
        line = (f"| {r['chunk_tokens']} / {r['overlap']} | {r['chunks']} | {r['truncated_share']:.1%} | "
                f"{r['median_pieces']} |")
        line += "".join(f" {r['modes'][m]['overall']['recall@10']:.3f} | {r['modes'][m]['overall']['mrr']:.3f} |"
                        for m in r["modes"])
        line += "".join(f" {r['modes'][m]['multi']['recall@10']:.3f} |" for m in r["modes"])
        print(line)


if __name__ == "__main__":
    main()
