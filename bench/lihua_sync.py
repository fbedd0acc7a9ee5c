#!/usr/bin/env python
"""Reproduce the LiHua sync figures of issue 2 (BENCHMARKS.md, "LiHua sync").

On a COPY of the notes folder (the shared data stays read-only), through the
`mrag` command a user runs:

1. first sync into a fresh index (wall time, including start-up and model load);
2. re-sync of the unchanged folder (must report every file unchanged, < 5 s);
3. append one line to one file and re-sync (must re-process exactly that file);
4. database size and row counts of every table.

Usage:
    .venv/bin/python bench/lihua_sync.py [--notes DIR] [--work DIR] [--chunk-tokens N --overlap M]
                                         [--append BENCHMARKS.md] [--json]

Prints a Markdown block (or JSON); --append adds the block to a file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_NOTES = REPO.parent / "shared" / "data" / "lihua-world" / "notes"
MRAG = Path(sys.executable).parent / "mrag"


def run_sync(db: Path, notes: Path, extra: list[str]) -> tuple[float, dict]:
    cmd = [str(MRAG), "--db", str(db), "sync", str(notes), "--json", "--quiet", *extra]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"sync failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return wall, json.loads(proc.stdout)


def counts(db: Path) -> tuple[dict, int, dict]:
    sys.path.insert(0, str(REPO))
    from minirag_cli import db as dbmod
    from minirag_cli.store import table_counts

    conn = dbmod.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # size of the file a user would copy
        rows = table_counts(conn)
        chunking = {"chunk_tokens": int(dbmod.get_meta(conn, "chunk_tokens") or 0),
                    "overlap": int(dbmod.get_meta(conn, "overlap_tokens") or 0)}
    finally:
        conn.close()
    size = sum(os.path.getsize(str(db) + s) for s in ("", "-wal") if os.path.exists(str(db) + s))
    return rows, size, chunking


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notes", type=Path, default=DEFAULT_NOTES)
    ap.add_argument("--work", type=Path, default=None, help="scratch folder (default: a new temp folder)")
    ap.add_argument("--chunk-tokens", type=int)
    ap.add_argument("--overlap", type=int)
    ap.add_argument("--extractor", default="heuristic")
    ap.add_argument("--append", type=Path, help="append the Markdown block to this file")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    work = args.work or Path(tempfile.mkdtemp(prefix="mrag-lihua-"))
    work.mkdir(parents=True, exist_ok=True)
    notes = work / "notes"
    if notes.exists():
        shutil.rmtree(notes)
    shutil.copytree(args.notes, notes)
    db = work / "index.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    extra = ["-x", args.extractor]
    if args.chunk_tokens:
        extra += ["--chunk-tokens", str(args.chunk_tokens)]
    if args.overlap is not None:
        extra += ["--overlap", str(args.overlap)]
    n_files = sum(1 for p in notes.rglob("*") if p.is_file())

    first_wall, first = run_sync(db, notes, extra)
    resync_wall, resync = run_sync(db, notes, extra)
    candidates = sorted(notes.rglob("*.txt"))
    target = candidates[len(candidates) // 2]
    with target.open("a", encoding="utf-8") as fh:
        fh.write("LiHua: One more line added by bench/lihua_sync.py.\n")
    rel = target.relative_to(notes).as_posix()
    edit_wall, edit = run_sync(db, notes, extra)
    rows, size, chunking = counts(db)

    checks = {
        "first sync added every file": first["added"] == n_files,
        "re-sync: all unchanged": resync["unchanged"] == n_files and resync["added"] == resync["changed"] == 0,
        "re-sync under 5 s": resync_wall < 5.0,
        "edit: exactly that file re-processed": edit["changed_paths"] == [rel] and edit["changed"] == 1
        and edit["added"] == edit["removed"] == 0 and edit["unchanged"] == n_files - 1,
        "every table non-empty": all(v > 0 for k, v in rows.items() if k != "extraction_cache"),
    }
    result = {
        "date": dt.date.today().isoformat(), "files": n_files, "extractor": first["extractor"],
        "chunking": chunking,
        "first_sync": {"wall_s": round(first_wall, 1), "reported_s": first["seconds"], "chunks": first["chunks"],
                       "embedded": first["embedded"]},
        "resync": {"wall_s": round(resync_wall, 2), "reported_s": resync["seconds"],
                   "unchanged": resync["unchanged"], "embedded": resync["embedded"]},
        "edit_one": {"wall_s": round(edit_wall, 1), "reported_s": edit["seconds"], "path": rel,
                     "changed": edit["changed"], "unchanged": edit["unchanged"], "chunks": edit["chunks"],
                     "embedded": edit["embedded"], "reused_vectors": edit["reused_vectors"]},
        "db_bytes": size, "rows": rows, "checks": checks,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        block = markdown(result, extra)
        print(block)
        if args.append:
            with args.append.open("a", encoding="utf-8") as fh:
                fh.write("\n" + block)
    if not all(checks.values()):
        sys.exit(1)


def markdown(r: dict, extra: list[str]) -> str:
    f, s, e = r["first_sync"], r["resync"], r["edit_one"]
    lines = [
        f"Run {r['date']} (`.venv/bin/python bench/lihua_sync.py`: `mrag sync {' '.join(extra)}`, chunks of {r['chunking']['chunk_tokens']} "
        f"tokens with {r['chunking']['overlap']} overlap, 2 shared cores, noisy):",
        "",
        "| step | wall | sync's own timer | what it did |",
        "| --- | ---: | ---: | --- |",
        f"| first sync, {r['files']} files | {f['wall_s']} s | {f['reported_s']} s | "
        f"{f['chunks']} chunks, {f['embedded']} texts embedded |",
        f"| re-sync, unchanged | {s['wall_s']} s | {s['reported_s']} s | "
        f"{s['unchanged']} unchanged, {s['embedded']} embedded |",
        f"| re-sync after editing `{e['path']}` | {e['wall_s']} s | {e['reported_s']} s | "
        f"{e['changed']} changed, {e['unchanged']} unchanged, {e['chunks']} chunks written, "
        f"{e['embedded']} embedded ({e['reused_vectors']} vectors reused) |",
        "",
        f"Database: {r['db_bytes'] / 1e6:.1f} MB. Rows: "
        + ", ".join(f"{k} {v}" for k, v in r["rows"].items()) + ".",
        "",
        "Checks: " + ", ".join(f"{k}: {'yes' if v else 'NO'}" for k, v in r["checks"].items()) + ".",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
