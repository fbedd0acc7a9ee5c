"""`mrag ask --model` latency (issue 14): wall time of a fresh `mrag ask`
process per question, and the time until the first word of the answer is
written to its stdout (the answer streams after the line "Answer").

Run it under the timing lock and note the load:

    flock /work/locks/timing.lock python -m bench.ask_latency --db LIHUA.sqlite \\
        --golden golden-dev.jsonl --model qwen2.5-coder-1.5b-instruct.gguf --questions 20 --seed 3

Questions are a stratified sample of the golden set (the same --seed gives
the same ones). The first run of a model and prompt writes the prefix KV
state file (answer.PrefixState); it is excluded with --warmup (default 1).

With --session the same questions go to one `mrag ask -i` process (the
model and the question embedder loaded once): every question is written to
its stdin at once, and a question's clock starts when the process begins it
(its header line appears: the previous answer is done), as if it had been
typed the moment the previous answer ended. The warm-up questions load
the models and are not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.proc import bench_env, mrag_exe
from bench.report import pct


def answer_text(out: bytes) -> str:
    """The answer in `mrag ask`'s readable output: what follows its "Answer" line."""
    text = out.decode("utf-8", "replace")
    return text.split("Answer\n", 1)[1].strip() if "Answer\n" in text else ""


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
    return {"question": question, "wall": wall, "first_word": first, "answer": answer_text(out)}


def timed_session(db: str, model: str, questions: list[str], env: dict) -> list[dict]:
    """One `mrag ask -i` process for all the questions: per question, the
    seconds from its header line to the first answer word and to the next
    header (or the end), and the answer."""
    argv = [mrag_exe(), "--db", db, "ask", "-i", "--model", model]
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    proc.stdin.write(("\n".join(questions) + "\n").encode())
    proc.stdin.close()
    events = []  # (seconds, bytes read so far)
    out = b""
    while True:
        piece = os.read(proc.stdout.fileno(), 4096)
        if not piece:
            break
        out += piece
        events.append((time.perf_counter() - t0, len(out)))
    err = proc.stderr.read()
    proc.wait()
    end = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {err.decode()[-2000:]}")
    return session_runs(out, events, end, questions)


def session_runs(out: bytes, events: list[tuple[float, int]], end: float, questions: list[str]) -> list[dict]:
    """Per question of an `ask -i` output, from `events` (seconds, bytes of
    `out` read by then): seconds from its header to the first answer word
    and to the next header (the last: to `end`), and the answer."""

    def seen_at(offset: int) -> float:  # when byte `offset` of stdout had been read
        return next(t for t, n in events if n > offset)

    # each question begins with its header, a rule line (format: ask -i with stdin not a terminal)
    heads = [m.start() for m in re.finditer(rb"(?m)^\xe2\x94\x80", out)]
    if len(heads) != len(questions):
        raise RuntimeError(f"{len(heads)} question headers in the output of {len(questions)} questions")
    runs = []
    for i, q in enumerate(questions):
        stop = heads[i + 1] if i + 1 < len(heads) else len(out)
        part = out[heads[i]:stop]
        start = seen_at(heads[i])
        first = None
        if b"Answer\n" in part:
            at = part.index(b"Answer\n") + len(b"Answer\n")
            body = part[at:]
            lead = len(body) - len(body.lstrip())
            if body.strip():
                first = seen_at(heads[i] + at + lead) - start
        wall = (seen_at(stop) if stop < len(out) else end) - start
        runs.append({"question": q, "wall": wall, "first_word": first, "answer": answer_text(part)})
    return runs


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
    ap.add_argument("--session", action="store_true", help="one `mrag ask -i` process for all the questions")
    args = ap.parse_args(argv)
    golden = evaluate.load_golden(args.golden)
    questions = answer_eval.sample_questions(golden, args.questions, args.seed)
    env = bench_env({"MRAG_THREADS": str(args.threads)} if args.threads else None)
    load_before = os.getloadavg()
    if args.session:
        # warm-up: golden questions outside the sample (a repeated question would find its whole
        # prompt in the KV state)
        asked = {q.query for q in questions}
        warm = [q.query for q in golden if q.query not in asked][:args.warmup]
        runs = timed_session(args.db, args.model, warm + [q.query for q in questions], env)[len(warm):]
    else:
        for q in questions[:args.warmup]:
            timed_ask(args.db, args.model, q.query, [], env)
        runs = [timed_ask(args.db, args.model, q.query, [], env) for q in questions]
    for r in runs:
        print(f"{r['wall']:6.2f} s wall, first word {r['first_word'] or float('nan'):6.2f} s  {r['question'][:70]}",
              file=sys.stderr, flush=True)
    load_after = os.getloadavg()
    walls = [r["wall"] for r in runs]
    firsts = [r["first_word"] for r in runs if r["first_word"] is not None]
    summary = {"n": len(runs), "wall_p50": statistics.median(walls), "wall_p95": pct(walls, 95),
               "first_word_p50": statistics.median(firsts) if firsts else None,
               "first_word_p95": pct(firsts, 95) if firsts else None,
               "threads": args.threads, "session": args.session, "load_before": load_before,
               "load_after": load_after}
    print(json.dumps(summary, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
