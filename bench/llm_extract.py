#!/usr/bin/env python
"""LLM vs heuristic entity extraction on a folder of notes (issue 5,
BENCHMARKS.md "LLM extraction (issue 5)").

Chunks every file as `mrag sync` does (default chunk settings), then per chunk:

- heuristic extractor: entities, seconds;
- GGUF extractor (minirag_cli.extract.llm): prompt tokens evaluated (the
  reused few-shot prefix excluded) + output tokens, seconds, stop reason,
  entities kept, and the precision of the raw answer against the chunk text
  (share of names the model wrote that occur in the chunk; names copied from
  the few-shot examples counted separately).

It also measures the prompt cache directly: the prompt of a chunk evaluated
on a cold KV state (llm.reset()) vs right after another chunk's prompt (the
shared prefix reused), generating one token each time.

Usage:
    .venv/bin/python bench/llm_extract.py --model PATH.gguf [--notes DIR] [--limit N]
        [--json OUT.json] [--samples OUT.jsonl]
    # the same figures from the calls a real sync made (MRAG_LLM_LOG=calls.jsonl mrag sync ...),
    # restricted to the chunks of --notes; --model then only runs the prompt-cache experiment
    .venv/bin/python bench/llm_extract.py --from-log calls.jsonl --notes DIR [--model PATH.gguf]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from minirag_cli.chunking import chunk_text  # noqa: E402
from minirag_cli.extract.heuristic import HeuristicExtractor  # noqa: E402
from minirag_cli.extract.llm import FEW_SHOT, CallRecord, LlmExtractor  # noqa: E402
from minirag_cli.extract.parse import ChunkMatcher, parse_entities  # noqa: E402

DEFAULT_NOTES = Path("/work/tmp/llm/slice")


def pct(values, q):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def summary(values):
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 3), "p50": round(pct(values, 0.5), 3),
            "p95": round(pct(values, 0.95), 3), "max": round(max(values), 3)}


def few_shot_names() -> set[str]:
    names = set()
    for _text, answer in FEW_SHOT:
        for line in answer.splitlines():
            names.add(line.split("|")[0].strip().casefold())
    return names


def cache_experiment(ext: LlmExtractor, texts: list[str]) -> dict:
    """Prompt evaluation of the same chunks on a cold KV state vs after another prompt."""
    llm = ext.llm
    cold, warm, cold_tokens, warm_tokens = [], [], [], []
    saved = ext.max_new_tokens
    ext.max_new_tokens = 1
    try:
        for i, t in enumerate(texts):
            llm.reset()
            rec = ext.generate(t)
            cold.append(rec.seconds)
            cold_tokens.append(rec.evaluated_tokens)
            ext.generate(texts[(i + 1) % len(texts)])  # another chunk: the KV now holds its prompt
            rec = ext.generate(t)
            warm.append(rec.seconds)
            warm_tokens.append(rec.evaluated_tokens)
    finally:
        ext.max_new_tokens = saved
    return {"chunks": len(texts), "cold_seconds_mean": round(statistics.fmean(cold), 3),
            "warm_seconds_mean": round(statistics.fmean(warm), 3),
            "cold_tokens_evaluated_mean": statistics.fmean(cold_tokens),
            "warm_tokens_evaluated_mean": statistics.fmean(warm_tokens)}


def parallel_experiment(model: str, texts: list[str], threads: int | None) -> dict:
    """The same chunks decoded one at a time (parallel=1) and four at a time."""
    out = {"chunks": len(texts)}
    raws = {}
    for n in (1, 4):
        ext = LlmExtractor.from_path(model, n_threads=threads, parallel=n)
        ext.generate_many(texts[:1])  # warm: the prefix is in the KV state
        t0 = time.perf_counter()
        recs = ext.generate_many(texts)
        out[f"parallel{n}_seconds_per_chunk"] = round((time.perf_counter() - t0) / len(texts), 2)
        out[f"parallel{n}_output_tokens"] = sum(r.output_tokens for r in recs)
        raws[n] = [r.raw for r in recs]
    out["identical_answers"] = sum(a == b for a, b in zip(raws[1], raws[4]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="GGUF model (required unless --from-log)")
    ap.add_argument("--from-log", type=Path, help="JSON lines written by a sync run with MRAG_LLM_LOG")
    ap.add_argument("--notes", type=Path, default=DEFAULT_NOTES)
    ap.add_argument("--limit", type=int, default=0, help="at most N chunks (0 = all)")
    ap.add_argument("--json", type=Path, help="write the report here")
    ap.add_argument("--samples", type=Path, help="write per-chunk outputs (JSON lines) here")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--compare-parallel", type=int, default=0, metavar="N",
                    help="also time N chunks decoded one at a time vs four at a time (needs --model)")
    args = ap.parse_args()

    files = sorted(p for p in args.notes.rglob("*") if p.is_file() and not any(x.startswith(".") for x in p.parts))
    chunks = [c.text for p in files for c in chunk_text(p.read_text(encoding="utf-8", errors="replace"))]
    if args.limit:
        chunks = chunks[: args.limit]
    print(f"{len(files)} files, {len(chunks)} chunks", file=sys.stderr)

    heuristic = HeuristicExtractor()
    h_secs, h_counts, h_types, h_names = [], [], Counter(), []
    for t in chunks:
        t0 = time.perf_counter()
        ms = heuristic.extract_one(t)
        h_secs.append(time.perf_counter() - t0)
        h_counts.append(len(ms))
        h_types.update(m.type for m in ms)
        h_names.append({m.name.casefold() for m in ms})

    shots = few_shot_names()
    rows = []
    samples = open(args.samples, "w", encoding="utf-8") if args.samples else None
    ext, load_seconds, prefix = None, None, None
    if args.model:
        t0 = time.perf_counter()
        from minirag_cli.config import environment

        env = environment()  # $MRAG_PARALLEL and $MRAG_LLM_LOG, as a sync would take them
        ext = LlmExtractor.from_path(args.model, n_threads=args.threads, parallel=env.parallel, call_log=env.llm_log)
        ext.llm
        load_seconds = time.perf_counter() - t0
        prefix = len(ext.prefix_tokens())
    if args.from_log:
        logged = {}
        for line in args.from_log.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            logged.setdefault(rec["chunk"], rec)  # the first call for a text (later ones may be repeats)
        missing = [t for t in chunks if t not in logged]
        print(f"{len(chunks) - len(missing)} of {len(chunks)} chunks found in the log", file=sys.stderr)
        calls = [(i, t, CallRecord(**{k: v for k, v in logged[t].items() if k != "chunk"}))
                 for i, t in enumerate(chunks) if t in logged]
        llm_seconds = sum(rec.seconds for _i, _t, rec in calls)
    else:
        if ext is None:
            ap.error("--model or --from-log is required")
        started = time.perf_counter()
        calls = []
        step = 2 * ext.parallel  # as sync commits them; answers are decoded ext.parallel at a time
        for start in range(0, len(chunks), step):
            group = chunks[start:start + step]
            calls.extend((start + j, t, rec) for j, (t, rec) in enumerate(zip(group, ext.generate_many(group))))
            el = time.perf_counter() - started
            print(f"  {len(calls)}/{len(chunks)} chunks, {el / len(calls):.2f} s/chunk", file=sys.stderr)
        llm_seconds = time.perf_counter() - started
    for i, t, rec in calls:
        kept = parse_entities(rec.raw, t)
        raw = parse_entities(rec.raw, t, require_in_text=False)
        matcher = ChunkMatcher(t)
        raw_in_text = [m for m in raw if matcher.contains(m.name)]
        copied = [m for m in raw if m.name.casefold() in shots and not matcher.contains(m.name)]
        llm_names = {m.name.casefold() for m in kept}
        rows.append({
            "evaluated": rec.evaluated_tokens, "reused": rec.reused_tokens, "prompt": rec.prompt_tokens,
            "out": rec.output_tokens, "seconds": rec.seconds, "stop": rec.stop_reason,
            "kept": len(kept), "raw": len(raw), "raw_in_text": len(raw_in_text), "copied": len(copied),
            "types": Counter(m.type for m in kept),
            "heuristic_overlap": len(llm_names & h_names[i]), "heuristic": len(h_names[i]),
        })
        if samples:
            samples.write(json.dumps({"chunk": t, "raw": rec.raw, "kept": [[m.name, m.type] for m in kept],
                                      "heuristic": sorted(h_names[i]), "record": {
                                          k: v for k, v in rows[-1].items() if k != "types"}},
                                     ensure_ascii=False) + "\n")
    if samples:
        samples.close()
    if prefix is None and rows:
        prefix = min(r["reused"] for r in rows[1:] or rows)  # what every call after the first reused

    experiment = cache_experiment(ext, chunks[: min(6, len(chunks))]) if ext else None
    parallel = parallel_experiment(args.model, chunks[: args.compare_parallel], args.threads) \
        if args.model and args.compare_parallel else None

    later = [r for r in rows if r["reused"] > 0] or rows  # warm calls: the prefix came from the KV state
    cold = [r for r in rows if r["reused"] == 0]
    types = Counter()
    for r in rows:
        types.update(r["types"])
    n = len(rows)
    report = {
        "model": str(args.model or ""), "source": str(args.from_log or "live calls"), "notes": str(args.notes),
        "files": len(files), "chunks": len(chunks), "chunks_measured": n,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end",
        "load_seconds": round(load_seconds, 2) if load_seconds else None, "prefix_tokens": prefix,
        "llm": {
            "tokens_per_chunk": summary([r["evaluated"] + r["out"] for r in later]),
            "prompt_tokens_evaluated": summary([r["evaluated"] for r in later]),
            "output_tokens": summary([r["out"] for r in rows]),
            "cold_calls": [{k: r[k] for k in ("evaluated", "reused", "out", "seconds")} for r in cold][:5],
            "reused_tokens_mean_warm": round(statistics.fmean([r["reused"] for r in later]), 1) if later else 0,
            "seconds_per_chunk_warm": summary([r["seconds"] for r in later]),
            "seconds_per_chunk": summary([r["seconds"] for r in rows]),
            "seconds_total": round(llm_seconds, 1),
            "entities_per_chunk": summary([r["kept"] for r in rows]),
            "raw_names_per_chunk": round(statistics.fmean([r["raw"] for r in rows]), 2),
            "precision_raw_names_in_chunk": round(sum(r["raw_in_text"] for r in rows) / max(1, sum(r["raw"] for r in rows)), 3),
            "few_shot_copies": sum(r["copied"] for r in rows),
            "chunks_with_few_shot_copy": sum(1 for r in rows if r["copied"]),
            "stop_reasons": dict(Counter(r["stop"] for r in rows)),
            "types": dict(types.most_common()),
            "share_of_heuristic_names_also_found": round(
                sum(r["heuristic_overlap"] for r in rows) / max(1, sum(r["heuristic"] for r in rows)), 3),
        },
        "heuristic": {
            "entities_per_chunk": summary(h_counts),
            "seconds_per_chunk": summary(h_secs),
            "precision_names_in_chunk": 1.0,  # spans cut from the text itself
            "types": dict(h_types.most_common()),
        },
        "prompt_cache": experiment,
        "parallel_decoding": parallel,
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
