#!/usr/bin/env python
"""The heuristic extractor on what users paste into notes (BENCHMARKS.md,
"The heuristic extractor on pasted text"): CSV rows, long lists of names,
minified JSON, logs, runs of blanks, front matter of many keys, notes of
many links and code spans. Each shape is timed at a size and at twice and
four times that size: a linear reading takes twice and four times as long.

    python bench/extract_shapes.py                     # extract_one, this tree's code
    python bench/extract_shapes.py --code OTHER_TREE   # another tree's code (a checkout of main)
    python bench/extract_shapes.py --sync --work W     # also `mrag sync` of 1 MB notes of each shape

Each measurement runs in a child process cut at `--timeout` seconds (shown
as `>T`), so a tree whose reading is quadratic still finishes. `--sync`
writes one note per shape (about 1 MB each) to W/notes and times `mrag
sync -x heuristic` of each alone (embedder `hashing:64` from
tests/mrag_test_plugin.py: instant, so the time is sync's reading and the
extractor's).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

NAMES = ["Alice", "Bob", "Carol Smith", "Dave", "Erin", "Frank", "Grace", "Heidi"]


def _names(n: int) -> str:
    return ", ".join(NAMES[i % 8] for i in range(n))


# name -> the text of size k (about k names or lines; the same shapes as tests/test_extract_linear.py)
SHAPES = {
    "csv-names": lambda k: _names(k),
    "label-names": lambda k: "Attendees: " + _names(k),
    "label-lines": lambda k: "\n".join(f"Alice{i % 7}: hello Bob" for i in range(k)),
    "front-matter-keys": lambda k: "---\n" + "\n".join(f"key{i}: Value {i}" for i in range(k)) + "\n---\nAlice met Bob.\n",
    "new-sentence-words": lambda k: " ".join(f"Word{i} went home." for i in range(k)),
    "links-code": lambda k: " ".join(f"`x{i}` [[Note {i}]] Alice #tag{i}" for i in range(k)),
    "quoted-titles": lambda k: " ".join(f'"Song{i} of Ice" Song{i} was sung.' for i in range(k)),
    "minified-json": lambda k: "{" + ",".join(f'"Key{i}":"Value {i}","Name":"Alice Bob"' for i in range(k)) + "}",
    "log-lines": lambda k: "\n".join(f"2024-05-01T12:00:{i % 60:02d} INFO Server Started: Worker {i} ready"
                                     for i in range(k)),
    "blank-lines": lambda k: "Alice" + "\n" * (10 * k) + "Bob",
    "label-blanks": lambda k: "Owner: Alice" + " " * (10 * k) + "x",
    "front-matter-blanks": lambda k: "---\ntitle: a" + " " * (10 * k) + "b\n---\nAlice met Bob.\n",
    "nested-lists": lambda k: "\n".join("  " * (i % 40) + f"- item {i} Alice" for i in range(k)),
    "prose": lambda k: ("Yesterday Alice Smith met Bob at the Harbour Hall in Lisbon. They talked about "
                        "the \"Blue Song\" and #travel plans with @bob_k for 2024-05-01. ") * max(1, k // 20),
}


def one(shape: str, k: int) -> float:
    """Seconds of HeuristicExtractor().extract_one on the shape at size k (best of 2 when short)."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    text = SHAPES[shape](k)
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        HeuristicExtractor().extract_one(text)
        best = min(best, time.process_time() - start)
        if best > 1:
            break
    return best


def measure(shape: str, k: int, code: Path, timeout: float) -> float | None:
    env = {**os.environ, "PYTHONPATH": str(code)}
    try:
        out = subprocess.run([sys.executable, __file__, "--one", shape, str(k)], env=env, capture_output=True,
                             text=True, timeout=timeout, check=True, cwd=code)
    except subprocess.TimeoutExpired:
        return None
    return float(out.stdout.split()[-1])


def sync_notes(work: Path, shapes: list[str], k: int, code: Path, timeout: float) -> None:
    notes = work / "notes"
    print(f"\n`mrag sync -x heuristic` of one note per shape ({code}):\n")
    print("| shape | note | sync wall |")
    print("| --- | ---: | ---: |")
    env = {**os.environ, "PYTHONPATH": str(code), "MRAG_PLUGINS": str(REPO / "tests" / "mrag_test_plugin.py"),
           "MRAG_EMBEDDING_MODEL": "hashing:64", "HF_HUB_OFFLINE": "1", "XDG_STATE_HOME": str(work / "state")}
    for shape in shapes:
        text = SHAPES[shape](k)
        text = (text + "\n") * max(1, 1_000_000 // len(text))  # about 1 MB
        folder = notes / shape
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        (folder / f"{shape}.md").write_text(text, encoding="utf-8")
        db = work / f"{shape}.sqlite"
        db.unlink(missing_ok=True)
        start = time.perf_counter()
        try:
            subprocess.run([sys.executable, "-m", "minirag_cli", "--db", str(db), "sync", str(folder), "-x", "heuristic",
                            "--quiet"], env=env, capture_output=True, timeout=timeout, check=True, cwd=code)
            wall = f"{time.perf_counter() - start:.1f} s"
        except subprocess.TimeoutExpired:
            wall = f"> {timeout:.0f} s"
        print(f"| {shape} | {len(text) / 1e6:.1f} MB | {wall} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", type=Path, default=REPO, help="the tree whose minirag_cli is timed")
    ap.add_argument("--size", type=int, default=2000, help="the first size (names, lines) of each shape")
    ap.add_argument("--timeout", type=float, default=30, help="seconds before a measurement is cut")
    ap.add_argument("--shape", action="append", help="only these shapes")
    ap.add_argument("--sync", action="store_true", help="also time `mrag sync` of a 1 MB note of each shape")
    ap.add_argument("--work", type=Path, help="scratch folder for --sync")
    ap.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        sys.path.insert(0, str(Path.cwd()))
        print(one(args.one[0], int(args.one[1])))
        return
    print(f"extract_one, CPU seconds ({args.code}):\n")
    print("| shape | size 1 | time | size 2 | time | size 4 | time | growth x2, x4 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for shape in args.shape or SHAPES:
        cells, times = [], []
        for k in (args.size, 2 * args.size, 4 * args.size):
            t = measure(shape, k, args.code.resolve(), args.timeout) if not times or times[-1] is not None else None
            times.append(t)
            cells += [f"{len(SHAPES[shape](k)) / 1000:.0f}k", f"{t:.3f}" if t is not None else f">{args.timeout:.0f}"]
        growth = ", ".join(f"{times[i] / times[0]:.1f}" if times[i] is not None and times[0] else "-" for i in (1, 2))
        print(f"| {shape} | " + " | ".join(cells) + f" | {growth} |", flush=True)
    if args.sync:
        if args.work is None:
            ap.error("--sync needs --work")
        sync_notes(args.work, args.shape or list(SHAPES), args.size, args.code.resolve(), args.timeout * 4)


if __name__ == "__main__":
    main()
