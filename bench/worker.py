"""Measurements that must run in their own interpreter (a fresh process per
figure, its own peak RSS, no torch left over from another scenario):
`python -m bench.worker TASK JSON-ARGS` prints one JSON line."""

from __future__ import annotations

import json
import resource
import sys
import time


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class Timings:
    """Wall and CPU time of repeated calls (CPU time is the steadier figure on
    a shared machine: it does not count the time other jobs hold the cores)."""

    def __init__(self):
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, fn, reps: int) -> None:
        for _ in range(reps):
            t, c = time.perf_counter(), time.process_time()
            fn()
            self.cpu.append(time.process_time() - c)
            self.wall.append(time.perf_counter() - t)

    def to_dict(self) -> dict:
        return {"wall": self.wall, "cpu": self.cpu}


def retrieval(args: dict) -> dict:
    """In-process latency of Index.search after the query embedding, per
    mode, and of the graph channel with and without hub control."""
    from minirag_cli import config, graph
    from minirag_cli.index import Index
    from minirag_cli.options import GraphOptions, RetrievalOptions
    from minirag_cli.store import totals

    index = Index.open(config.effective({"db": args["db"]}))
    conn = index.conn
    model = index.embedding_model()
    embedder = index.query_embedder()
    questions = args["questions"]
    embed_times = Timings()
    vectors = []
    for q in questions:  # one by one, as `mrag ask` does
        embed_times.add(lambda: vectors.append(embedder.embed([q])[0]), 1)
    embed_each = sorted(embed_times.cpu)[len(questions) // 2] if questions else 0.0
    reps, hops, k = args.get("reps", 3), args.get("hops", 2), args.get("k", 10)
    out = {"embedder": type(embedder).__name__, "model": model, "questions": len(questions),
           "embed_seconds_per_query": embed_each, "modes": {}}
    out["chunks"] = totals(conn)[1]

    def search(q, v, mode, graph_options=None):
        o = RetrievalOptions(mode=mode, k=k, hops=hops, graph=graph_options or GraphOptions())
        return index.search(q, o, query_vector=v)

    for q, v in zip(questions[:3], vectors):  # warm the page cache and statement caches
        search(q, v, "hybrid")
    for mode in args.get("modes", ["bm25", "dense", "graph", "hybrid"]):
        times = Timings()
        for q, v in zip(questions, vectors):
            times.add(lambda: search(q, v, mode), reps)
        out["modes"][mode] = times.to_dict()
    # hub control: the walk alone (graph channel), default vs off
    defaults = GraphOptions()
    if args.get("hub_variants"):
        variants = {"hub control on (defaults)": defaults,
                    "hub control off (hub_share=1, fanout=unbounded)": defaults.replace(hub_share=1.0,
                                                                                        fanout=1_000_000)}
        out["hub"] = {}
        # the uncontrolled walk takes seconds per search at 100k chunks: a
        # sample of the questions shows the blow-up well enough
        sample = args.get("hub_sample") or len(questions)
        out["hub_questions"] = min(sample, len(questions))
        for label, go in variants.items():
            for mode in ("graph", "hybrid"):
                times = Timings()
                for q, v in list(zip(questions, vectors))[:sample]:
                    times.add(lambda: search(q, v, mode, go), reps)
                out["hub"][f"{label}|{mode}"] = times.to_dict()
            walk_rows = []  # paths the recursive CTE returns (its size is the walk's cost)
            for q, v in list(zip(questions, vectors))[:sample]:
                seeds = [sd.entity_id for sd in graph.ground(conn, q, v, options=go)]
                walk_rows.append(len(graph.walk(conn, seeds, hops=hops, options=go)))
            out["hub"][f"{label}|paths"] = walk_rows
        out["hub_defaults"] = {"hub_share": defaults.hub_share, "fanout": defaults.fanout,
                               "walk_row_limit": defaults.walk_row_limit,
                               "expand_max_chunks": defaults.expand_max_chunks,
                               "vote_spread": defaults.vote_spread}
    out["peak_rss"] = _peak_rss()
    index.close()
    return out


def embed_throughput(args: dict) -> dict:
    """Chunks per second of the real model through sentence-transformers (what
    sync uses) and through the ONNX export (what queries use)."""
    from minirag_cli import db
    from minirag_cli.embed import SentenceTransformerEmbedder

    conn = db.connect(args["db"])
    texts = [r[0] for r in conn.execute("SELECT text FROM chunks ORDER BY id LIMIT ?", (args.get("n", 256),))]
    words = sum(len(t.split()) for t in texts) / max(1, len(texts))
    out = {"texts": len(texts), "words_per_chunk": words}
    t = time.perf_counter()
    st = SentenceTransformerEmbedder(args.get("model", "all-MiniLM-L6-v2"))
    st.embed(texts[:2])
    out["st_load_seconds"] = time.perf_counter() - t
    runs, cpu_runs = [], []
    for _ in range(args.get("reps", 2)):
        t, c = time.perf_counter(), time.process_time()
        st.embed(texts)
        runs.append(len(texts) / (time.perf_counter() - t))
        cpu_runs.append(len(texts) / (time.process_time() - c))
    out["st_chunks_per_second"] = runs
    out["st_chunks_per_cpu_second"] = cpu_runs
    from minirag_cli.query_embed import load_exported

    fast = load_exported(st.name)
    if fast is not None:
        runs, cpu_runs = [], []
        for _ in range(args.get("reps", 2)):
            t, c = time.perf_counter(), time.process_time()
            fast.embed(texts, batch_size=32)
            runs.append(len(texts) / (time.perf_counter() - t))
            cpu_runs.append(len(texts) / (time.process_time() - c))
        out["onnx_chunks_per_second"] = runs
        out["onnx_chunks_per_cpu_second"] = cpu_runs
    out["peak_rss"] = _peak_rss()
    return out


def export(args: dict) -> dict:
    from minirag_cli.query_embed import export_onnx, load_exported

    existing = load_exported(args["model"])
    if existing is not None and not args.get("force"):
        return {"exported": False, "seconds": 0.0, "cosine_gap": existing.meta.get("cosine_gap"),
                "max_abs_diff": existing.meta.get("max_abs_diff")}
    t = time.perf_counter()
    meta = export_onnx(args["model"])
    return {"exported": True, "seconds": time.perf_counter() - t, "cosine_gap": meta.get("cosine_gap"),
            "max_abs_diff": meta.get("max_abs_diff")}


def storage(args: dict) -> dict:
    """Where the bytes of an index go (minirag_cli.pagestat: every page of
    every table, as SQLite's dbstat counts them) and, with a golden set, the
    retrieval figures of the vectors it stores. Opening migrates an older
    index (and compacts it), as it would on a user's machine."""
    import os

    from minirag_cli import config, db, evaluate, pagestat
    from minirag_cli.index import Index

    path = args["db"]
    conn = db.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("documents", "chunks", "entities", "relations", "relation_sentences")}
    out = {"dim": int(db.get_meta(conn, "embedding_dim")), "counts": counts, "schema": db.schema_version(conn),
           "raw_text_bytes": conn.execute("SELECT sum(size) FROM documents").fetchone()[0],
           "chunk_sizes": {t: conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (t,)).fetchone()[0]
                           for t in db.VEC_TABLES},
           "page_size": conn.execute("PRAGMA page_size").fetchone()[0],
           "file_bytes": os.path.getsize(path), "tables": pagestat.table_bytes(path),
           "groups": pagestat.group_bytes(path)}
    if args.get("golden"):
        index = Index(conn, config.effective({"db": path}), path)
        run = index.evaluate(evaluate.load_golden(args["golden"]),
                             modes=["dense", "bm25", "graph", "dense,bm25", "hybrid"], ks=(1, 5, 10, 20))
        out["modes"] = run.modes
    conn.close()
    out["peak_rss"] = _peak_rss()
    return out


TASKS = {"storage": storage, "retrieval": retrieval, "embed-throughput": embed_throughput, "export": export}


def main() -> None:
    task, raw = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "{}"
    result = TASKS[task](json.loads(raw))
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
