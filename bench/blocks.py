#!/usr/bin/env python
"""Retrieval on small indexes: LiHua cut into blocks of consecutive notes
(BENCHMARKS.md, "Small indexes: LiHua in blocks of 30 and 60 notes").

The held-out report behind issue 15 saw the LLM index lose to the heuristic
one on a 30-note subset, where one conversation thread's concept recurs in
most notes; the dev split is one 442-note index. This benchmark gives that
regime its own figures: the notes sorted by date (their file names) are cut
into blocks of `--size`, each block gets a heuristic and an LLM index, and
every dev question whose expected notes all lie in one block is asked of
that block's indexes. Figures are pooled over the blocks (each question
counts once).

The LLM indexes cost no model call: each is seeded with the extraction
cache of a full LLM index of the same notes (`--llm-index`), whose answers
are keyed by window text, model and prompt version, so the block's sync
finds every window's answer there (the sync's model_calls is reported).

    python -m bench.blocks build --llm-index LIHUA-LLM.sqlite --model MODEL.gguf --workdir W
    python -m bench.blocks eval --workdir W --kind heuristic --kind llm --variant hybrid --variant "dense,bm25"

Variants are bench.graph_variants' (fixed there, no tuning per question).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

LIHUA = REPO.parent / "shared" / "data" / "lihua-world"
KINDS = ("heuristic", "llm")


def note_blocks(notes: Path, size: int) -> list[list[Path]]:
    """The notes' relative paths in date order (LiHua's file names are their
    date and time), cut into blocks of `size`; a tail under half a block
    joins the block before it."""
    found = (p.relative_to(notes) for p in notes.rglob("*") if p.is_file())
    files = sorted((r for r in found if not any(part.startswith(".") for part in r.parts)),
                   key=lambda r: (r.name, str(r)))
    blocks = [files[i:i + size] for i in range(0, len(files), size)]
    if len(blocks) > 1 and len(blocks[-1]) < size // 2:
        tail = blocks.pop()
        blocks[-1] = blocks[-1] + tail
    return blocks


def block_questions(questions: list[dict], block: list[Path]) -> list[dict]:
    """The answerable questions whose expected notes all lie in `block`."""
    held = {str(p) for p in block}
    return [q for q in questions if q.get("expected") and all(e in held for e in q["expected"])]


def _mrag(state: Path, *args: str) -> dict:
    """`mrag ARGS --json --quiet`, recording its syncs under `state`: dozens of
    block indexes must not become the user's "most recently synced" index."""
    env = {**os.environ, "XDG_STATE_HOME": str(state)}
    argv = [sys.executable, "-m", "minirag_cli", *args, "--json", "--quiet"]
    out = subprocess.run(argv, capture_output=True, text=True, cwd=REPO, env=env)
    if out.returncode != 0:
        sys.exit(f"failed ({out.returncode}): {' '.join(argv)}\n{out.stderr}")
    return json.loads(out.stdout)


def _seed_cache(db: Path, source: Path) -> int:
    """A new index at `db` holding `source`'s extraction cache (rows copied)."""
    from minirag_cli import config
    from minirag_cli.index import Index

    Index.open(config.effective({"db": str(db)}), create=True).close()
    conn = sqlite3.connect(db)
    try:
        conn.execute("ATTACH DATABASE ? AS src", (str(source),))
        conn.execute("INSERT OR IGNORE INTO main.extraction_cache SELECT * FROM src.extraction_cache")
        conn.commit()
        return conn.execute("SELECT count(*) FROM main.extraction_cache").fetchone()[0]
    finally:
        conn.close()


def build(args) -> int:
    work: Path = args.workdir
    work.mkdir(parents=True, exist_ok=True)
    questions = [json.loads(line) for line in args.golden.read_text().splitlines() if line.strip()]
    blocks = note_blocks(args.notes, args.size)
    summary = []
    for b, block in enumerate(blocks):
        name = f"b{b:02d}"
        folder = work / "notes" / name
        if folder.exists():
            shutil.rmtree(folder)
        for rel in block:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(args.notes / rel, folder / rel)
        chosen = block_questions(questions, block)
        (work / f"golden-{name}.jsonl").write_text("".join(json.dumps(q) + "\n" for q in chosen))
        row = {"block": name, "notes": len(block), "first": block[0].name, "last": block[-1].name,
               "questions": len(chosen), "multi": sum(q.get("type") == "multi" for q in chosen)}
        for kind in KINDS:
            db = work / f"{kind}-{name}.sqlite"
            for old in work.glob(db.name + "*"):
                old.unlink()
            if kind == "llm":
                if args.llm_index is None:
                    continue
                row["llm_cache_rows"] = _seed_cache(db, args.llm_index)
                s = _mrag(work / "state", "--db", str(db), "sync", str(folder), "-x", "llm", "-m", str(args.model))
                row["llm_model_calls"] = s.get("model_calls")
            else:
                s = _mrag(work / "state", "--db", str(db), "sync", str(folder), "-x", "heuristic")
            row[f"{kind}_entities"] = s.get("entities")
        summary.append(row)
        print(json.dumps(row), flush=True)
    (work / "blocks.json").write_text(json.dumps(summary, indent=1))
    return 0


def evaluate(args) -> int:
    from bench.graph_variants import VARIANTS
    from minirag_cli import config, evaluate as ev
    from minirag_cli.index import Index

    work: Path = args.workdir
    blocks = json.loads((work / "blocks.json").read_text())
    out: dict = {}
    print("| index | variant | questions | MRR | recall@1 | recall@10 | multi MRR | single MRR |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for kind in args.kind or list(KINDS):
        for variant in args.variant or ["dense,bm25", "hybrid", "graph alone"]:
            mode, options = VARIANTS[variant]
            rows = []
            for blk in blocks:
                questions = ev.load_golden(work / f"golden-{blk['block']}.jsonl")
                if not questions:
                    continue
                with Index.open(config.effective({"db": str(work / f"{kind}-{blk['block']}.sqlite")})) as index:
                    run = index.evaluate(questions, modes=[mode], ks=ev.DEFAULT_KS, options=options,
                                         with_details=True)
                rows += [{"block": blk["block"], "id": d["id"], "type": d["type"], **d["metrics"]}
                         for d in run.details]
            out.setdefault(kind, {})[variant] = rows

            def mean(key, group=None):
                sel = [r[key] for r in rows if group is None or r["type"] == group]
                return sum(sel) / len(sel) if sel else float("nan")

            print(f"| {kind} | {variant} | {len(rows)} | {mean('mrr'):.4f} | {mean('recall@1'):.4f} "
                  f"| {mean('recall@10'):.4f} | {mean('mrr', 'multi'):.4f} | {mean('mrr', 'single'):.4f} |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


def main(argv=None) -> int:
    from bench.graph_variants import VARIANTS

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="block folders, their golden files and indexes")
    b.add_argument("--workdir", type=Path, required=True)
    b.add_argument("--notes", type=Path, default=LIHUA / "notes")
    b.add_argument("--golden", type=Path, default=LIHUA / "golden-dev.jsonl")
    b.add_argument("--size", type=int, default=30, help="notes per block")
    b.add_argument("--llm-index", type=Path, help="a full LLM index of --notes: its extraction cache seeds the blocks'")
    b.add_argument("--model", type=Path, help="the model that built --llm-index (its identity keys the cache)")
    e = sub.add_parser("eval", help="the blocks' questions on their indexes, pooled")
    e.add_argument("--workdir", type=Path, required=True)
    e.add_argument("--kind", action="append", choices=KINDS)
    e.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    e.add_argument("--json")
    args = ap.parse_args(argv)
    if args.command == "build" and args.llm_index is not None and args.model is None:
        ap.error("--llm-index needs --model")
    if args.command == "build" and not args.notes.is_dir():
        ap.error(f"{args.notes} is not a folder")
    return build(args) if args.command == "build" else evaluate(args)


if __name__ == "__main__":
    raise SystemExit(main())
