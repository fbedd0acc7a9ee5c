"""`python -m bench [scenario ...] [options]`: run benchmark scenarios, print
their tables and update their sections in BENCHMARKS.md."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from bench.report import update_section
from bench.scenarios import LIHUA_DIR, SCENARIOS, Context

DEFAULT_ORDER = ["coldstart", "retrieval", "embed", "storage", "sync", "scale"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    ap.add_argument("scenarios", nargs="*", help=f"any of {', '.join(DEFAULT_ORDER)} (default: all)")
    ap.add_argument("--workdir", type=Path, default=Path(os.environ.get("MRAG_BENCH_DIR")
                                                        or Path(tempfile.gettempdir()) / "mrag-bench"),
                    help="corpora, indexes, ONNX cache and raw results (default: $TMPDIR/mrag-bench)")
    ap.add_argument("--runs", type=int, default=5, help="runs per timed command (medians are reported)")
    ap.add_argument("--questions", type=int, default=60, help="questions per latency scenario")
    ap.add_argument("--lihua-db", type=Path, help="copy this LiHua index (MiniLM) instead of syncing one")
    ap.add_argument("--lihua-dir", type=Path, default=LIHUA_DIR,
                    help="the LiHua data: notes/ and golden-dev.jsonl (default: ../shared/data/lihua-world)")
    ap.add_argument("--scale-chunks", type=int, default=100_000, help="size of the scale corpus")
    ap.add_argument("--reuse-scale", action="store_true",
                    help="scale: keep the existing 100k index and its sync figures, re-measure latency only")
    ap.add_argument("--no-write", action="store_true", help="print only; leave BENCHMARKS.md alone")
    args = ap.parse_args(argv)
    chosen = args.scenarios or DEFAULT_ORDER
    unknown = [s for s in chosen if s not in SCENARIOS]
    if unknown:
        ap.error(f"unknown scenario(s) {unknown}; choose from {sorted(SCENARIOS)}")
    args.workdir.mkdir(parents=True, exist_ok=True)
    options = []
    if args.runs != 5:
        options.append(f"--runs {args.runs}")
    if args.questions != 60:
        options.append(f"--questions {args.questions}")
    if args.scale_chunks != 100_000:
        options.append(f"--scale-chunks {args.scale_chunks}")
    if args.lihua_db:
        options.append("--lihua-db LIHUA.sqlite")
    if args.reuse_scale:
        options.append("--reuse-scale")
    command = " ".join(["python -m bench"] + options)
    ctx = Context(workdir=args.workdir, runs=args.runs, lihua_db_source=args.lihua_db,
                  lihua_notes=args.lihua_dir / "notes", golden=args.lihua_dir / "golden-dev.jsonl",
                  questions=args.questions, scale_chunks=args.scale_chunks, command=command,
                  reuse_scale=args.reuse_scale)
    results = args.workdir / "results"
    results.mkdir(exist_ok=True)
    for name in chosen:
        started = time.perf_counter()
        print(f"== {name} ...", file=sys.stderr, flush=True)
        markdown, data = SCENARIOS[name](ctx)
        (results / f"{name}.json").write_text(json.dumps(data, indent=1, default=str))
        print(markdown + "\n", flush=True)
        if not args.no_write:
            update_section(name, markdown)
        print(f"== {name} done in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
