#!/usr/bin/env python
"""LLM entity extraction per note window on a slice of notes (issues 5 and
15, BENCHMARKS.md "LLM extraction (issue 15)").

The slice: every `--every`-th file of `--notes` in sorted path order (the
default, every 7th of LiHua's 442, is the 64-file slice of issue 5: 272
chunks). Notes are taken in groups as `mrag sync` takes them (GROUP_CHUNKS
chunks), their windows (extract/llm.py `note_windows`; identical windows
once, as the extraction cache does) decoded together, and for the slice:

- seconds per note: wall time of the model work (loading excluded, reported
  apart) / notes;
- tokens per note: prompt tokens evaluated (the cached few-shot prefix
  excluded) + output tokens (also each apart);
- precision: of the distinct names the model wrote per window, the share that
  occur in the window's text (names copied from the few-shot examples are
  also counted apart);
- names kept (after `parse_entities`) per window and per note (distinct
  names over the note's windows);
- stop reasons, entities per chunk after mapping names to chunks and
  `complete`, types, and the share of the heuristic extractor's names found.

Usage:
    python -m bench.llm_extract --model PATH.gguf [--notes DIR] [--every 7] [--limit N]
        [--window-words W] [--parallel P] [--batch B] [--threads T] [--workers N] [--json OUT.json] [--samples OUT.jsonl]
    # the same figures from the calls a real sync made (MRAG_LLM_LOG=calls.jsonl mrag sync ...)
    python -m bench.llm_extract --from-log calls.jsonl [--notes DIR] [--every 7] [--window-words W]
    # a sync at another window size: bench/sync_window.py
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

from minirag_cli.chunking import chunk_text, content_hash  # noqa: E402
from minirag_cli.extract.heuristic import HeuristicExtractor  # noqa: E402
from minirag_cli.extract import llm as llm_mod  # noqa: E402
from minirag_cli.extract.llm import WINDOW_WORDS, CallRecord, LlmExtractor, chunk_mentions, \
    chunk_windows, note_windows  # noqa: E402
from minirag_cli.extract.parse import ChunkMatcher, parse_entities, parse_items  # noqa: E402
from minirag_cli import frontmatter  # noqa: E402
from minirag_cli.sync import GROUP_CHUNKS, extractable, note_readings  # noqa: E402

DEFAULT_NOTES = Path("/work/shared/data/lihua-world/notes")


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def summary(values):
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 3), "p50": round(pct(values, 0.5), 3),
            "p95": round(pct(values, 0.95), 3), "max": round(max(values), 3)}


def few_shot_names() -> set[str]:
    return {m.name.casefold() for _text, answer in llm_mod.FEW_SHOT for m in parse_items(answer)}


def slice_files(notes: Path, every: int) -> list[Path]:
    files = sorted(p for p in notes.rglob("*") if p.is_file() and not any(x.startswith(".") for x in p.parts))
    return files[::every]


def groups_of(notes: list[tuple[str, str, list]]) -> list[list[int]]:
    """Note indexes in the groups sync extracts together."""
    groups, group, n = [], [], 0
    for i, (_p, _t, chunks) in enumerate(notes):
        group.append(i)
        n += len(chunks)
        if n >= GROUP_CHUNKS:
            groups.append(group)
            group, n = [], 0
    return groups + ([group] if group else [])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="GGUF model (required unless --from-log)")
    ap.add_argument("--from-log", type=Path, help="JSON lines written by a sync run with MRAG_LLM_LOG")
    ap.add_argument("--notes", type=Path, default=DEFAULT_NOTES)
    ap.add_argument("--every", type=int, default=7, help="every N-th file in path order (1 = all)")
    ap.add_argument("--limit", type=int, default=0, help="at most N notes (0 = all of the slice)")
    ap.add_argument("--window-words", type=int, default=WINDOW_WORDS)
    ap.add_argument("--parallel", type=int, default=None)
    ap.add_argument("--batch", type=int, default=None)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json", type=Path, help="write the report here")
    ap.add_argument("--samples", type=Path, help="write per-window answers (JSON lines) here")
    args = ap.parse_args()

    files = slice_files(args.notes, args.every)
    if args.limit:
        files = files[: args.limit]
    notes = []
    for p in files:
        text = p.read_text(encoding="utf-8", errors="replace")
        notes.append((str(p.relative_to(args.notes)), text, chunk_text(text)))
    windows = [note_windows(text, args.window_words) for _p, text, _c in notes]
    n_chunks = sum(len(c) for _p, _t, c in notes)
    print(f"{len(notes)} notes, {n_chunks} chunks, {sum(map(len, windows))} windows", file=sys.stderr)

    records: dict[str, CallRecord] = {}  # window hash -> its call
    answers: dict[str, list] = {}
    load_seconds = prefix = None
    ext = None
    started = time.perf_counter()
    if args.from_log:
        for line in args.from_log.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            text = rec.pop("window")
            h = content_hash(text.encode("utf-8"))
            if h not in records:
                records[h] = CallRecord(**rec)
                answers[h] = parse_entities(rec["raw"], text)
        llm_seconds = sum(r.seconds for r in records.values())
    else:
        if not args.model:
            ap.error("--model or --from-log is required")
        from minirag_cli.config import environment

        env = environment()  # $MRAG_PARALLEL, $MRAG_BATCH, $MRAG_WORKERS, $MRAG_LLM_LOG, as a sync takes them
        ext = LlmExtractor.from_path(args.model, n_threads=args.threads, parallel=args.parallel or env.parallel,
                                     batch=args.batch or env.batch, workers=args.workers or env.workers,
                                     window_words=args.window_words, call_log=env.llm_log)
        t0 = time.perf_counter()
        ext.llm
        prefix = len(ext.prefix_tokens())
        load_seconds = time.perf_counter() - t0
        started = time.perf_counter()
        done = 0
        for group in groups_of(notes):
            todo = {}
            for i in group:
                for w in windows[i]:
                    if w.hash not in records:
                        todo.setdefault(w.hash, w)
            todo_list = list(todo.values())
            for k, mentions, rec in ext.run(todo_list):
                records[todo_list[k].hash] = rec
                answers[todo_list[k].hash] = mentions
            done += len(group)
            el = time.perf_counter() - started
            print(f"  {done}/{len(notes)} notes, {el / done:.2f} s/note, "
                  f"{(ext.tokens_in + ext.tokens_out) / max(el, 1e-9):.1f} tok/s", file=sys.stderr)
    llm_seconds = time.perf_counter() - started if ext else llm_seconds

    shots = few_shot_names()
    heuristic = HeuristicExtractor()
    per_window, per_chunk = [], []
    per_note_prompt, per_note_out, per_note_kept = [], [], []
    types, h_found, h_total = Counter(), 0, 0
    samples = open(args.samples, "w", encoding="utf-8") if args.samples else None
    counted: set[str] = set()
    for (path, text, chunks), ws in zip(notes, windows):
        note_prompt = note_out = 0
        note_kept = {m.name.casefold() for w in ws for m in answers.get(w.hash, [])}
        for w in ws:
            rec = records.get(w.hash)
            if rec is None or w.hash in counted:
                continue  # not in the log, or an identical window counted once
            counted.add(w.hash)
            note_prompt += rec.evaluated_tokens
            note_out += rec.output_tokens
            written = {m.name.casefold(): m for m in parse_items(rec.raw)}
            matcher = ChunkMatcher(w.text)
            in_text = [n for n, m in written.items() if matcher.contains(m.name)]
            per_window.append({"words": w.words, "evaluated": rec.evaluated_tokens, "out": rec.output_tokens,
                               "seconds": rec.seconds, "stop": rec.stop_reason, "written": len(written),
                               "kept": len(answers[w.hash]), "in_text": len(in_text),
                               "copied": sum(1 for n in written if n in shots and n not in in_text)})
            if samples:
                samples.write(json.dumps({"path": path, "window": w.text, "raw": rec.raw,
                                          "kept": [[m.name, m.type] for m in answers[w.hash]],
                                          "record": per_window[-1]}, ensure_ascii=False) + "\n")
        per_note_prompt.append(note_prompt)
        per_note_out.append(note_out)
        per_note_kept.append(len(note_kept))
        # each chunk read as `mrag sync` reads it: in its note's context, with its part of the
        # note's front matter and the note's chat speakers (sync.note_readings)
        texts, parts, speakers = note_readings(chunks, path, frontmatter.of_note(text))
        for c, read, part in zip(chunks, texts, parts):
            mentions = [m for i in chunk_windows(c.start_char, c.end_char, ws) for m in answers.get(ws[i].hash, [])]
            kept = chunk_mentions(read, mentions, part, speakers)
            per_chunk.append(len(kept))
            types.update(m.type for m in kept)
            names = {m.name.casefold() for m in kept}
            h = {m.name.casefold() for m in heuristic.extract_one(*extractable(read, part), speakers)}
            h_total += len(h)
            h_found += len(h & names)
    if samples:
        samples.close()

    n_notes = len(notes)
    per_note_tokens = [p + o for p, o in zip(per_note_prompt, per_note_out)]
    report = {
        "model": str(args.model or ""), "source": str(args.from_log or "live calls"),
        "notes": f"{args.notes} every {args.every}", "files": n_notes, "chunks": n_chunks,
        "windows": sum(map(len, windows)), "distinct_windows_called": len(per_window),
        "window_words": args.window_words,
        "parallel": ext.parallel if ext else None, "batch": ext.batch if ext else None,
        "threads": ext.threads if ext else None, "workers": ext.workers if ext else None,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at the end",
        "load_seconds": round(load_seconds, 2) if load_seconds else None, "prefix_tokens": prefix,
        "prefix_tokens_evaluated": ext.tokens_prefix if ext else None,
        "decoding": ext.decode_stats() if ext else None,
        "seconds_total": round(llm_seconds, 1),
        "seconds_per_note": round(llm_seconds / n_notes, 2),
        "tokens_per_note": summary(per_note_tokens),
        "prompt_tokens_per_note": summary(per_note_prompt),
        "output_tokens_per_note": summary(per_note_out),
        "names_kept_per_note": summary(per_note_kept),
        "tokens_per_second": round(sum(per_note_tokens) / llm_seconds, 1) if llm_seconds else None,
        "per_window": {
            "words": summary([r["words"] for r in per_window]),
            "prompt_tokens_evaluated": summary([r["evaluated"] for r in per_window]),
            "output_tokens": summary([r["out"] for r in per_window]),
            "names_written": summary([r["written"] for r in per_window]),
            "names_kept": summary([r["kept"] for r in per_window]),
        },
        "precision_names_in_text": round(sum(r["in_text"] for r in per_window)
                                         / max(1, sum(r["written"] for r in per_window)), 3),
        "few_shot_copies": sum(r["copied"] for r in per_window),
        "stop_reasons": dict(Counter(r["stop"] for r in per_window)),
        "entities_per_chunk": summary(per_chunk),
        "types": dict(types.most_common()),
        "share_of_heuristic_names_also_found": round(h_found / max(1, h_total), 3),
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
