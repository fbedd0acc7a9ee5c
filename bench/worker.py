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


def _table_bytes(path: str) -> dict[str, int]:
    """Bytes per logical table (indexes and vec0/FTS5 shadow tables folded into
    their owner), from SQLite's dbstat (apsw's SQLite has it built in)."""
    import apsw

    conn = apsw.Connection(path, flags=apsw.SQLITE_OPEN_READONLY)
    owners = {name: tbl for name, tbl in conn.execute("SELECT name, tbl_name FROM sqlite_schema")}
    virtual = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")]
    out: dict[str, int] = {}
    for name, size in conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
        owner = owners.get(name, name)
        for v in virtual:  # shadow tables: vec_chunks_vector_chunks00 -> vec_chunks
            if owner.startswith(v + "_"):
                owner = v
        out[owner] = out.get(owner, 0) + size
    conn.close()
    return out


def storage(args: dict) -> dict:
    """Where the bytes of an index go, and what int8 / binary chunk vectors
    would save and cost in recall on a golden set (dense and hybrid)."""
    import os

    import numpy as np

    from minirag_cli import config, db, evaluate, retrieve
    from minirag_cli.index import Index
    from minirag_cli.options import RetrievalOptions

    path = args["db"]
    conn = db.connect(path)
    dim = int(db.get_meta(conn, "embedding_dim"))
    counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("documents", "chunks", "entities", "relations", "vec_chunks", "vec_entity_names",
                        "vec_relations")}
    raw_text = conn.execute("SELECT sum(size) FROM documents").fetchone()[0]
    chunk_text = conn.execute("SELECT sum(length(CAST(text AS BLOB))) FROM chunks").fetchone()[0]
    out = {"dim": dim, "counts": counts, "raw_text_bytes": raw_text, "chunk_text_bytes": chunk_text,
           "file_bytes": os.path.getsize(path), "tables": _table_bytes(path)}

    # quantised copies of the chunk vectors, next to the float32 table
    vectors = np.stack([np.frombuffer(b, dtype=np.float32) for _r, b in
                        conn.execute("SELECT rowid, embedding FROM vec_chunks ORDER BY rowid")])
    rowids = [r for (r,) in conn.execute("SELECT rowid FROM vec_chunks ORDER BY rowid")]
    scale = float(127.0 / np.abs(vectors).max())  # one global scale: cosine ignores it, precision uses it
    variants = {
        "float32 (current)": None,
        "int8, global scale": ("bench_vec_i8", f"embedding int8[{dim}] distance_metric=cosine"),
        "int8, sqlite-vec 'unit' scale": ("bench_vec_i8u", f"embedding int8[{dim}] distance_metric=cosine"),
        "binary (sign bits, hamming)": ("bench_vec_bit", f"embedding bit[{dim}]"),
    }

    def q_int8(v):
        return np.clip(np.rint(np.asarray(v, dtype=np.float32) * scale), -127, 127).astype(np.int8).tobytes()

    with db.transaction(conn):
        for label, spec in variants.items():
            if spec is None:
                continue
            table, column = spec
            conn.execute(f"DROP TABLE IF EXISTS {table}")
            conn.execute(f"CREATE VIRTUAL TABLE {table} USING vec0({column})")
        conn.executemany("INSERT INTO bench_vec_i8(rowid, embedding) VALUES (?, vec_int8(?))",
                         [(r, q_int8(v)) for r, v in zip(rowids, vectors)])
        conn.execute("INSERT INTO bench_vec_i8u(rowid, embedding) "
                     "SELECT rowid, vec_quantize_int8(embedding, 'unit') FROM vec_chunks")
        conn.execute("INSERT INTO bench_vec_bit(rowid, embedding) "
                     "SELECT rowid, vec_quantize_binary(embedding) FROM vec_chunks")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    sizes = _table_bytes(path)
    queries = {
        "int8, global scale": ("SELECT rowid, distance FROM bench_vec_i8 WHERE embedding MATCH vec_int8(?) "
                               "AND k = ? ORDER BY distance", q_int8),
        "int8, sqlite-vec 'unit' scale": ("SELECT rowid, distance FROM bench_vec_i8u WHERE embedding MATCH "
                                          "vec_quantize_int8(?, 'unit') AND k = ? ORDER BY distance",
                                          lambda v: np.asarray(v, dtype=np.float32).tobytes()),
        "binary (sign bits, hamming)": ("SELECT rowid, distance FROM bench_vec_bit WHERE embedding MATCH "
                                        "vec_quantize_binary(?) AND k = ? ORDER BY distance",
                                        lambda v: np.asarray(v, dtype=np.float32).tobytes()),
    }
    questions = evaluate.load_golden(args["golden"])
    index = Index(conn, config.effective({"db": path}), path)
    original = retrieve.dense_channel
    out["variants"] = {}
    try:
        for label, spec in variants.items():
            if spec is not None:
                sql, encode = queries[label]

                def dense(c, query_vector, limit=RetrievalOptions().candidates, sql=sql, encode=encode):
                    return [(r, 1.0 - d / (dim if "bit" in sql else 1.0))
                            for r, d in c.execute(sql, (encode(query_vector), limit)).fetchall()]

                retrieve.dense_channel = dense
            else:
                retrieve.dense_channel = original
            run = index.evaluate(questions, modes=["dense", "hybrid"], ks=(5, 10))
            table_bytes = sizes.get(spec[0], 0) if spec else sizes.get("vec_chunks", 0)
            out["variants"][label] = {"bytes": table_bytes, "modes": run.modes}
    finally:
        retrieve.dense_channel = original
    with db.transaction(conn):
        for spec in variants.values():
            if spec:
                conn.execute(f"DROP TABLE IF EXISTS {spec[0]}")
    out["peak_rss"] = _peak_rss()
    return out


TASKS = {"storage": storage, "retrieval": retrieval, "embed-throughput": embed_throughput, "export": export}


def main() -> None:
    task, raw = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "{}"
    result = TASKS[task](json.loads(raw))
    sys.stdout.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
