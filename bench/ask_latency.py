"""`mrag ask --model` latency (issue 14): wall time of a fresh `mrag ask`
process per question, and the time until the first word of the answer is
written to its stdout (the answer streams after the line "Answer").

Run it under the timing lock and note the load:

    flock /work/locks/timing.lock python -m bench.ask_latency --db LIHUA.sqlite \\
        --golden golden-dev.jsonl --model qwen2.5-coder-1.5b-instruct.gguf --questions 20 --seed 3

Questions are a stratified sample of the golden set (the same --seed gives
the same ones). The first run of a model and prompt writes the prefix KV
state file (answer.PrefixState); it is excluded with --warmup (default 1).
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.proc import bench_env, mrag_exe
from bench.report import pct


def timed_ask(db: str, model: str, question: str, extra: list[str], env: dict) -> dict:
    """One `mrag ask` process: wall seconds, seconds to the first answer word, and the answer."""
    argv = [mrag_exe(), "--db", db, "ask", question, "--model", model] + extra
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    out = b""
    first = None
    while True:
        if not sel.select(timeout=600):
            proc.kill()
            raise RuntimeError(f"mrag ask timed out: {question}")
        piece = os.read(proc.stdout.fileno(), 4096)
        if not piece:
            break
        out += piece
        if first is None and b"Answer\n" in out:
            after = out.split(b"Answer\n", 1)[1]
            if after.strip():
                first = time.perf_counter() - t0
    err = proc.stderr.read()
    proc.wait()
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {err.decode()[-2000:]}")
    text = out.decode("utf-8", "replace")
    return {"question": question, "wall": wall, "first_word": first,
            "answer": text.split("Answer\n", 1)[1].strip() if "Answer\n" in text else ""}


def main(argv: list[str] | None = None) -> int:
    from minirag_cli import answer_eval, evaluate

    ap = argparse.ArgumentParser(prog="python -m bench.ask_latency", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True)
    ap.add_argument("--golden", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--questions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--threads", type=int, help="MRAG_THREADS for the ask processes")
    ap.add_argument("--json", help="write the runs here")
    args = ap.parse_args(argv)
    questions = answer_eval.sample_questions(evaluate.load_golden(args.golden), args.questions, args.seed)
    env = bench_env({"MRAG_THREADS": str(args.threads)} if args.threads else None)
    load_before = os.getloadavg()
    for q in questions[:args.warmup]:
        timed_ask(args.db, args.model, q.query, [], env)
    runs = []
    for q in questions:
        r = timed_ask(args.db, args.model, q.query, [], env)
        runs.append(r)
        print(f"{r['wall']:6.2f} s wall, first word {r['first_word'] or float('nan'):6.2f} s  {q.query[:70]}",
              file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    walls = [r["wall"] for r in runs]
    firsts = [r["first_word"] for r in runs if r["first_word"] is not None]
    summary = {"n": len(runs), "wall_p50": statistics.median(walls), "wall_p95": pct(walls, 95),
               "first_word_p50": statistics.median(firsts) if firsts else None,
               "first_word_p95": pct(firsts, 95) if firsts else None,
               "threads": args.threads, "load_before": load_before, "load_after": load_after}
    print(json.dumps(summary, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
