"""Dump the top-10 lists of retrieval for a set of questions, to prove a
refactor changed no ranking: run it before and after on the same index and
diff the two files.

    python bench/toplists.py INDEX QUESTIONS OUT [--k 10] [--modes dense,bm25,graph,dense+bm25,hybrid]
                            [--plugin FILE]

QUESTIONS is a golden JSONL file (its `query` fields) or a plain text file
(one question a line); `synthetic:FILES:CHUNKS` takes bench/corpus.py's
questions for the scale corpus of that spec. OUT gets one JSON line per
(question, mode): rank, chunk id, path, lines, score and channels of the top k.

Run as a file (not `-m bench`) so that the minirag_cli on PYTHONPATH is the
one measured: it goes through `minirag_cli.index.Index` when that exists, else
through `retrieve.search` (the code before issue 13).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def load_questions(spec: str, n: int) -> list[str]:
    if spec.startswith("synthetic:"):
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from bench import corpus

        _, files, chunks = spec.split(":")
        cs = corpus.CorpusSpec(files=int(files), words_median=200, entities=max(1000, int(chunks) // 5))
        return corpus.questions(cs, n)
    text = Path(spec).read_text(encoding="utf-8")
    if spec.endswith(".jsonl"):
        return [json.loads(line)["query"] for line in text.splitlines() if line.strip()]
    return [line for line in text.splitlines() if line.strip()]


def searcher(index: str, plugin: str | None):
    """search(question, mode, k) -> list of result dicts, with the code on PYTHONPATH."""
    try:
        from minirag_cli.index import Index, RetrievalOptions
    except ImportError:
        Index = None
    if Index is None:  # the code before issue 13
        from minirag_cli import db, retrieve
        from minirag_cli.query_embed import query_embedder

        conn = db.connect(index)
        embedder = query_embedder(db.get_meta(conn, "embedding_model"))
        return lambda q, mode, k: retrieve.search(conn, q, embedder=embedder, mode=mode, k=k).results
    from minirag_cli import config

    if plugin:
        config.load_plugins([plugin])
    settings = config.effective({"db": index})
    idx = Index.open(settings)
    return lambda q, mode, k: idx.search(q, RetrievalOptions(mode=mode, k=k)).results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("index")
    ap.add_argument("questions")
    ap.add_argument("out", type=Path)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--n", type=int, default=60, help="questions of a synthetic: spec")
    ap.add_argument("--modes", default="dense,bm25,graph,dense+bm25,hybrid")
    ap.add_argument("--plugin", help="a plugin file to load (the hashing embedder of tests/)")
    args = ap.parse_args(argv)
    search = searcher(args.index, args.plugin)
    modes = [m.replace("+", ",") for m in args.modes.split(",")]
    with open(args.out, "w", encoding="utf-8") as out:
        for i, q in enumerate(load_questions(args.questions, args.n)):
            for mode in modes:
                top = [{"rank": r["rank"], "chunk_id": r["chunk_id"], "path": r["path"], "lines": r["lines"],
                        "score": r["score"], "channels": r["channels"], "duplicate_of": r.get("duplicate_of")}
                       for r in search(q, mode, args.k)]
                out.write(json.dumps({"i": i, "query": q, "mode": mode, "top": top}, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
