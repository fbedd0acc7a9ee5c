"""The benchmark scenarios. Each returns (markdown section, raw figures);
__main__ prints the section and writes it into BENCHMARKS.md.

Fresh-process figures (cold start, sync) come from bench.proc (wall, CPU and
peak RSS of that one child); in-process figures from bench.worker. Timings on
the shared machine are medians of several runs, and the tables give ratios,
which survive the noise better than absolute numbers.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import corpus
from bench.proc import bench_env, mrag_exe, run, worker
from bench.report import machine_line, mib, ms, p50, pct, secs, table

REPO = Path(__file__).resolve().parent.parent
MODEL = "all-MiniLM-L6-v2"
LIHUA_DIR = REPO.parent / "shared" / "data" / "lihua-world"


@dataclass
class Context:
    workdir: Path
    runs: int = 5
    lihua_notes: Path = LIHUA_DIR / "notes"
    golden: Path = LIHUA_DIR / "golden-dev.jsonl"
    lihua_db_source: Path | None = None
    questions: int = 60
    scale_chunks: int = 100_000
    command: str = "python -m bench"
    reuse_scale: bool = False
    notes: list[str] = field(default_factory=list)

    def env(self, **extra) -> dict:
        # MRAG_PLUGINS: the instant `hashing:N` embedder of the sync and scale scenarios;
        # XDG_STATE_HOME: the bench's syncs are not recorded as the user's synced indexes
        return bench_env({"MRAG_CACHE_DIR": str(self.workdir / "cache"), "XDG_STATE_HOME": str(self.workdir / "state"),
                          "MRAG_PLUGINS": str(REPO / "tests" / "mrag_test_plugin.py"), **extra})

    # ------------------------------------------------------------ fixtures
    def lihua_db(self) -> Path:
        """A LiHua index built with the real MiniLM (copied from
        --lihua-db, else built once here with `mrag sync` and kept)."""
        target = self.workdir / "lihua.sqlite"
        if target.exists():
            return target
        self.workdir.mkdir(parents=True, exist_ok=True)
        if self.lihua_db_source:
            from minirag_cli import db

            src = db.connect(self.lihua_db_source, migrate=False)
            dst = db.sqlite_module().connect(str(target))
            src.backup(dst)
            dst.close(), src.close()
            return target
        r = run([mrag_exe(), "--db", target, "sync", self.lihua_notes, "-x", "heuristic", "--json", "-q"],
                env=self.env())
        build = {"wall": r.wall, "cpu": r.cpu, "peak_rss": r.peak_rss, "summary": r.json()}
        (self.workdir / "lihua-build.json").write_text(json.dumps(build))
        return target

    def ensure_export(self) -> dict:
        data, _ = worker("export", {"model": MODEL}, env=self.env())
        return data

    def dev_questions(self) -> list[dict]:
        return [json.loads(line) for line in self.golden.read_text().splitlines() if line.strip()]

    def corpus_dir(self, spec: corpus.CorpusSpec) -> tuple[Path, dict]:
        root = self.workdir / "corpora" / spec.slug()
        manifest = root.parent / f"{root.name}.json"
        if not manifest.exists():
            shutil.rmtree(root, ignore_errors=True)
            corpus.generate(spec, root)
        return root, json.loads(manifest.read_text())


def _header(title: str, ctx: Context, command: str, load) -> list[str]:
    return [f"## Performance: {title}", "",
            f"Command: `{command}`  ", f"Machine: {machine_line(load)}", ""]


def _ask_available() -> bool:
    import typer.main

    from minirag_cli.cli import app

    cmd = typer.main.get_command(app)
    return "ask" in getattr(cmd, "commands", {})


# ---------------------------------------------------------------- cold start

def coldstart(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    lihua = ctx.lihua_db()
    export = ctx.ensure_export()
    qs = [q["query"] for q in ctx.dev_questions()]
    n = ctx.runs
    py = sys.executable
    cases = [
        ("python -c pass (interpreter floor)", lambda i: [py, "-c", "pass"], {}, n),
        ("mrag --help", lambda i: [mrag_exe(), "--help"], {}, n),
        ("mrag status", lambda i: [mrag_exe(), "--db", lihua, "status"], {}, n),
    ]
    ask = _ask_available()
    if ask:
        cases += [
            ("mrag ask Q --no-answer (ONNX query embedder)",
             lambda i: [mrag_exe(), "--db", lihua, "ask", qs[i % len(qs)], "--no-answer"], {}, n),
            ("mrag ask Q --no-answer, MRAG_FAST_QUERY=0 (sentence-transformers)",
             lambda i: [mrag_exe(), "--db", lihua, "ask", qs[(i + 50) % len(qs)], "--no-answer"],
             {"MRAG_FAST_QUERY": "0"}, max(3, n // 2)),
        ]
    cases += [
        ("python -c 'import onnxruntime, tokenizers'", lambda i: [py, "-c", "import onnxruntime, tokenizers"], {}, n),
        ("python -c 'import torch'", lambda i: [py, "-c", "import torch"], {}, max(3, n // 2)),
        ("python -c 'import sentence_transformers'", lambda i: [py, "-c", "import sentence_transformers"], {},
         max(3, n // 2)),
    ]
    data: dict = {"export": export, "cases": {}}
    for label, argv, extra, reps in cases:
        walls, cpus, rss = [], [], []
        run(argv(0), env=ctx.env(**extra), check=False)  # warm the page cache
        for i in range(reps):
            r = run(argv(i + 1), env=ctx.env(**extra))
            walls.append(r.wall), cpus.append(r.cpu), rss.append(r.peak_rss)
        data["cases"][label] = {"wall": walls, "cpu": cpus, "peak_rss": max(rss)}
    fast_label = "mrag ask Q --no-answer (ONNX query embedder)"
    ref = p50(data["cases"][fast_label]["wall"]) if ask else None
    rows = []
    for label, c in data["cases"].items():
        rows.append([label, len(c["wall"]), ms(p50(c["wall"])), ms(pct(c["wall"], 95)), ms(p50(c["cpu"])),
                     mib(c["peak_rss"]), f"{p50(c['wall']) / ref:.2f}" if ref else "–"])
    lines = _header("cold start (fresh process, LiHua index)", ctx, f"{ctx.command} coldstart", load)
    lines.append(table(["command", "runs", "wall p50", "wall p95", "CPU p50", "peak RSS", "p50 / ask p50"], rows))
    lines.append("")
    if not ask:
        lines.append("`mrag ask` is not registered yet: ask rows skipped.")
    lines += [
        "Each run is a new process (the page cache is warm: one untimed run first). `mrag ask` embeds the",
        "question with the ONNX export of all-MiniLM-L6-v2 (onnxruntime + tokenizers, no torch); the",
        "MRAG_FAST_QUERY=0 row is the same command through sentence-transformers. Every ask run uses a",
        "different dev question, so no cache helps. The export (made once, at the first query or after a",
        "sync that loaded the model) matched sentence-transformers on the probe texts: worst cosine gap "
        f"{export.get('cosine_gap') or 0:.1e}, worst component difference {export.get('max_abs_diff') or 0:.1e}.",
        "Wall time on this shared machine is 2-4x the CPU time when other jobs run; CPU time is the",
        "steadier measure of what the command costs.",
    ]
    if ask:
        fast = data["cases"][fast_label]
        slow = data["cases"]["mrag ask Q --no-answer, MRAG_FAST_QUERY=0 (sentence-transformers)"]
        lines += ["", f"Target (issue 6): `mrag ask --no-answer` p50 <= 1.0 s. Here: wall p50 {ms(p50(fast['wall']))}, "
                      f"CPU p50 {ms(p50(fast['cpu']))}; through sentence-transformers {p50(slow['wall']) / p50(fast['wall']):.0f}x "
                      f"the wall time and {p50(slow['cpu']) / p50(fast['cpu']):.0f}x the CPU."]
    return "\n".join(lines), data


# ---------------------------------------------------------------- retrieval (LiHua)

LATENCY_HEADERS = ["mode", "searches", "CPU p50", "CPU p95", "wall p50", "wall p95"]


def _latency_rows(res: dict) -> list[list]:
    rows = []
    for mode, t in res["modes"].items():
        rows.append([mode, len(t["wall"]), ms(p50(t["cpu"])), ms(pct(t["cpu"], 95)), ms(p50(t["wall"])),
                     ms(pct(t["wall"], 95))])
    return rows


HUB_HEADERS = ["walk", "mode", "CPU p50", "CPU p95", "wall p50", "walk paths (median / max)"]


def _hub_rows(res: dict) -> list[list]:
    rows = []
    hub = res.get("hub") or {}
    for key, t in hub.items():
        label, what = key.split("|")
        if what == "paths":
            continue
        paths = [p for p in hub.get(f"{label}|paths", []) if p >= 0]
        rows.append([label, what, ms(p50(t["cpu"])), ms(pct(t["cpu"], 95)), ms(p50(t["wall"])),
                     f"{p50(paths):.0f} / {max(paths)}" if paths else "n/a"])
    return rows


def retrieval(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    lihua = ctx.lihua_db()
    ctx.ensure_export()
    qs = [q["query"] for q in ctx.dev_questions()][:ctx.questions]
    res, _ = worker("retrieval", {"db": str(lihua), "questions": qs, "reps": 3, "hops": 2,
                                  "hub_variants": True}, env=ctx.env())
    lines = _header("in-process retrieval latency (LiHua)", ctx, f"{ctx.command} retrieval", load)
    lines += [f"{res['chunks']} chunks, {len(qs)} dev questions x 3 runs, k=10, hops=2, after the query "
              f"embedding ({res['embedder']}: {ms(res['embed_seconds_per_query'])} CPU per question, one at a time).",
              "", table(LATENCY_HEADERS, _latency_rows(res)), ""]
    if res.get("hub"):
        lines += ["Hub control (graph walk, same questions; paths = rows of the walk's recursive CTE, "
                  f"median / max; defaults {res.get('hub_defaults')}):", "",
                  table(HUB_HEADERS, _hub_rows(res)), ""]
    lines.append("Target (issue 6): hybrid p50 <= 30 ms on LiHua. CPU time is per search in this process; wall "
                 "time also counts waiting for the shared cores.")
    return "\n".join(lines), res


# ---------------------------------------------------------------- embedding throughput

def embed(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    lihua = ctx.lihua_db()
    ctx.ensure_export()
    res, r = worker("embed-throughput", {"db": str(lihua), "n": 256, "reps": 3}, env=ctx.env())
    st, fast = res["st_chunks_per_second"], res.get("onnx_chunks_per_second", [])
    st_cpu, fast_cpu = res["st_chunks_per_cpu_second"], res.get("onnx_chunks_per_cpu_second", [])
    rows = [["sentence-transformers (sync)", f"{p50(st):.1f}", f"{min(st):.1f} – {max(st):.1f}",
             f"{p50(st_cpu):.1f}", "1.00"]]
    if fast:
        rows.append(["ONNX export (queries)", f"{p50(fast):.1f}", f"{min(fast):.1f} – {max(fast):.1f}",
                     f"{p50(fast_cpu):.1f}", f"{p50(fast) / p50(st):.2f}"])
    lines = _header("embedding throughput (all-MiniLM-L6-v2)", ctx, f"{ctx.command} embed", load)
    lines += [f"{res['texts']} LiHua chunks ({res['words_per_chunk']:.0f} words on average), batches of 64 "
              f"(sentence-transformers) / 32 (ONNX), 3 runs; loading sentence-transformers took "
              f"{secs(res['st_load_seconds'])}.", "",
              table(["embedder", "chunks/s p50 (wall)", "range", "chunks per CPU-second (all threads)",
                     "wall ratio"], rows), "",
              "Wall-clock throughput here depends on how many of the 2 cores other jobs leave free (the "
              "issue measured 28 chunks/s for 150-word chunks on a quieter machine); sync sends the model "
              f"batches of up to {64} texts, one call per group of ~128 chunks (sync.GROUP_CHUNKS). The ONNX "
              "session is tuned for one-question start-up (no weight prepacking, no re-optimisation at load), "
              "not for batches: sync keeps sentence-transformers.", ""]
    build = ctx.workdir / "lihua-build.json"
    if build.exists():
        b = json.loads(build.read_text())
        s = b["summary"]
        lines.append(f"Whole LiHua sync with this model (built by the bench): {s['chunks']} chunks and "
                     f"{s['embedded']} embedded texts in {secs(b['wall'])} wall, {secs(b['cpu'])} CPU: "
                     f"{s['chunks'] / b['wall']:.1f} chunks/s overall.")
    return "\n".join(lines), res


# ---------------------------------------------------------------- sync throughput

def _sync_cmd(db: Path, root: Path) -> list:
    return [mrag_exe(), "--db", db, "sync", root, "-x", "heuristic", "--json", "-q"]


def _sync_figures(ctx: Context, root: Path, db: Path, dim: int, resyncs: int) -> dict:
    env = ctx.env(MRAG_EMBEDDING_MODEL=f"hashing:{dim}")
    for p in db.parent.glob(db.name + "*"):
        p.unlink()
    out: dict = {}
    r = run(_sync_cmd(db, root), env=env)
    out["full"] = {"wall": r.wall, "cpu": r.cpu, "peak_rss": r.peak_rss, "summary": r.json()}
    out["db_bytes"] = db.stat().st_size + (Path(str(db) + "-wal").stat().st_size
                                           if Path(str(db) + "-wal").exists() else 0)
    walls, cpus = [], []
    for _ in range(resyncs):
        r = run(_sync_cmd(db, root), env=env)
        walls.append(r.wall), cpus.append(r.cpu)
        assert r.json()["added"] == 0 and r.json()["changed"] == 0
    out["resync"] = {"wall": walls, "cpu": cpus, "peak_rss": r.peak_rss}
    # every mtime moves, no byte changes: each file costs a read and a hash
    now = time.time()
    for p in root.rglob("*.md"):
        os.utime(p, (now, now))
    r = run(_sync_cmd(db, root), env=env)
    out["touched"] = {"wall": r.wall, "cpu": r.cpu}
    # 1% of the files edited
    files = sorted(root.rglob("*.md"))
    edited = files[:: max(1, len(files) // max(1, len(files) // 100))][: max(1, len(files) // 100)]
    for p in edited:
        with open(p, "a", encoding="utf-8") as fh:
            fh.write(f"Edited {time.time()}: Li Hua added a line about the Finte Party.\n")
    r = run(_sync_cmd(db, root), env=env)
    out["edited"] = {"wall": r.wall, "cpu": r.cpu, "files": len(edited), "summary": r.json()}
    return out


def _sync_rows(res: dict, files: int) -> list[list]:
    full, re_, t, e = res["full"], res["resync"], res["touched"], res["edited"]
    chunks = full["summary"]["chunks"]
    return [
        ["full sync (new index)", secs(full["wall"]), secs(full["cpu"]), mib(full["peak_rss"]),
         f"{files / full['wall']:.0f} files/s, {chunks / full['wall']:.0f} chunks/s (wall); "
         f"{chunks / full['cpu']:.0f} chunks per CPU-s"],
        [f"re-sync, nothing changed (p50 of {len(re_['wall'])})", secs(p50(re_["wall"])), secs(p50(re_["cpu"])),
         mib(re_["peak_rss"]), f"{files / p50(re_['wall']):.0f} files/s"],
        ["re-sync, every mtime touched (read + hash)", secs(t["wall"]), secs(t["cpu"]), "", ""],
        [f"re-sync, {e['files']} files edited", secs(e["wall"]), secs(e["cpu"]), "",
         f"{e['summary']['changed']} changed"],
    ]


def sync(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    spec = corpus.CorpusSpec(files=10_000, words_median=150, entities=4000)
    root, manifest = ctx.corpus_dir(spec)
    res = _sync_figures(ctx, root, ctx.workdir / "sync10k.sqlite", 384, max(3, ctx.runs // 2 + 1))
    res["manifest"] = manifest
    full = res["full"]["summary"]
    lines = _header("sync throughput (10k files, instant embedder)", ctx, f"{ctx.command} sync", load)
    lines += [f"Synthetic corpus (bench/corpus.py, {spec.slug()}): {spec.files} notes, {manifest['words']} words, "
              f"{full['chunks']} chunks, {full['entities']} entities; heuristic extractor; embedder "
              "`hashing:384` (feature hashing: instant, but 384-dim like MiniLM so the vector tables "
              f"are full size). Index: {mib(res['db_bytes'])}.", "",
              table(["run", "wall", "CPU", "peak RSS", "rate"], _sync_rows(res, spec.files)), "",
              "Targets (issue 6): full sync <= 60 s, unchanged re-sync <= 5 s. On this shared machine wall time "
              "runs 2-4x the CPU time when other jobs are busy; CPU time is what the code costs. Peak RSS "
              "counts the index pages SQLite reads through mmap (file-backed, shared with the page cache)."]
    return "\n".join(lines), res


# ---------------------------------------------------------------- scale

def scale(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    files = max(100, int(ctx.scale_chunks / 3.2))  # ~3.2 chunks per note at a 200-word median
    spec = corpus.CorpusSpec(files=files, words_median=200, entities=max(1000, ctx.scale_chunks // 5))
    root, manifest = ctx.corpus_dir(spec)
    db = ctx.workdir / f"scale-{spec.slug()}.sqlite"
    # the sync figures of this corpus, kept apart from the latency run (which is long at this size)
    previous = ctx.workdir / "results" / f"scale-sync-{spec.slug()}.json"
    reused = ctx.reuse_scale and db.exists() and previous.exists()
    if reused:
        res = json.loads(previous.read_text())  # latency only: the index and its sync figures stay
    else:
        res = _sync_figures(ctx, root, db, 384, max(2, ctx.runs // 2))
        previous.parent.mkdir(exist_ok=True)
        previous.write_text(json.dumps(res, default=str))
    qs = corpus.questions(spec, ctx.questions)
    lat, _ = worker("retrieval", {"db": str(db), "questions": qs, "reps": 2, "hops": 2, "hub_variants": True,
                                  "hub_sample": 12,
                                  "modes": ["bm25", "dense", "graph", "hybrid"]}, env=ctx.env())
    res.update(manifest=manifest, latency=lat)
    full = res["full"]["summary"]
    lines = _header(f"scale ({full['chunks']:,} chunks)", ctx, f"{ctx.command} scale", load)
    if reused:
        lines += ["The sync rows and the index are from the last full run of this scenario (`--reuse-scale` "
                  "re-measures only the latency tables).", ""]
    lines += [f"Synthetic corpus {spec.slug()}: {spec.files} notes, {manifest['words']:,} words, "
              f"{full['chunks']:,} chunks, {full['entities']:,} entities after resolution; Zipf entity "
              f"mentions (s={spec.zipf_s}) plus hubs in {', '.join(f'{h:.0%}' for h in spec.hub_shares)} of "
              f"the notes (top: {', '.join(f'{n} {c}' for n, c in manifest['top_mentions'][:4])}). "
              "Embedder `hashing:384` (instant; MiniLM-sized vectors), heuristic extractor.", "",
              table(["run", "wall", "CPU", "peak RSS", "rate"], _sync_rows(res, spec.files)), "",
              f"Index size {mib(res['db_bytes'])}. Query latency in-process after the query embedding, "
              f"{len(qs)} questions naming entities (a quarter name only hubs) x 2 runs, k=10, hops=2; "
              f"peak RSS of the query process {mib(lat['peak_rss'])}:", "",
              table(LATENCY_HEADERS, _latency_rows(lat)), ""]
    if lat.get("hub"):
        lines += [f"Hub control (defaults {lat.get('hub_defaults')}; the first {lat.get('hub_questions')} "
                  "questions x 2 runs):", "",
                  table(HUB_HEADERS, _hub_rows(lat)), ""]
    lines.append("Target (issue 6): hybrid p50 <= 150 ms at 100k chunks.")
    return "\n".join(lines), res


# ---------------------------------------------------------------- storage

SUBSET_FILES = 30  # MiniRAG's LiHua subset size (its store: 0.51 MB)
MINIRAG_SUBSET_BYTES = 510_000


def lihua_subset(ctx: Context, n: int = SUBSET_FILES) -> Path:
    """A copy of the n earliest LiHua notes (by the date in their file name,
    20260105_1100.txt ...), in their week folders."""
    root = ctx.workdir / f"lihua{n}" / "notes"
    if not root.exists():
        notes = sorted((p for p in ctx.lihua_notes.rglob("*") if p.is_file()), key=lambda p: (p.name, str(p)))[:n]
        for p in notes:
            target = root / p.relative_to(ctx.lihua_notes)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, target)
    return root


def _mb(n: int) -> str:
    return f"{n / 1e6:.3f} MB"


def _storage_rows(res: dict) -> list[list[str]]:
    raw, size = res["raw_text_bytes"], res["file_bytes"]
    c = res["counts"]
    rows = [["raw note files", _mb(raw), f"{c['documents']} files"],
            ["index file", _mb(size), f"{size / raw:.2f}x raw text"]]
    labels = {"vectors": "vectors (vec0 int8 chunks and names, 12-bit relation sentences)",
              "text": "text (documents, chunks)", "fts": "FTS5", "graph": "graph (entities, aliases, mentions, "
              "edges, relations)", "other": "other (meta, caches, schema)", "free": "free pages"}
    for group, n in res["groups"].items():
        if n or group != "free":
            rows.append([f"group: {labels[group]}", _mb(n), f"{n / size:.0%}"])
    tables = res["tables"]
    for name in sorted(tables, key=lambda t: -tables[t])[:8]:
        rows.append([f"table {name} (with its indexes / shadow tables)", _mb(tables[name]),
                     f"{tables[name] / size:.0%}"])
    return rows


def storage(ctx: Context) -> tuple[str, dict]:
    load = os.getloadavg()
    lihua = ctx.lihua_db()
    ctx.ensure_export()
    copy = ctx.workdir / "lihua-storage.sqlite"
    for p in copy.parent.glob(copy.name + "*"):
        p.unlink()
    from minirag_cli import db

    src = db.connect(lihua, migrate=False)
    dst = db.sqlite_module().connect(str(copy))
    src.backup(dst)
    dst.close(), src.close()
    res, _ = worker("storage", {"db": str(copy), "golden": str(ctx.golden)}, env=ctx.env())
    subset = lihua_subset(ctx)
    sub_db = ctx.workdir / f"lihua{SUBSET_FILES}.sqlite"
    for p in sub_db.parent.glob(sub_db.name + "*"):
        p.unlink()
    r = run([mrag_exe(), "--db", sub_db, "sync", subset, "-x", "heuristic", "--json", "-q"], env=ctx.env())
    sub, _ = worker("storage", {"db": str(sub_db)}, env=ctx.env())
    sub["sync_wall"] = r.wall
    res["subset"] = sub
    c = res["counts"]
    lines = _header("storage (LiHua index)", ctx, f"{ctx.command} storage", load)
    lines += [f"LiHua index (heuristic extractor; schema {res['schema']}, page size {res['page_size']}): {c['chunks']} "
              f"chunks, {c['entities']} entities, {c['relations']} relations sharing {c['relation_sentences']} "
              f"sentence vectors; vec0 tables: "
              + "; ".join(f"`{sql.split('USING ')[1]}`" for sql in res["chunk_sizes"].values()) + ".", "",
              table(["what", "size", "note"], _storage_rows(res)), ""]
    sc = sub["counts"]
    lines += [f"The {SUBSET_FILES} earliest LiHua notes (`{ctx.command} storage` copies them and runs `mrag sync -x "
              f"heuristic`): {sc['chunks']} chunks, {sc['entities']} entities, {sc['relations']} relations "
              f"({sc['relation_sentences']} sentences); vec0 tables: "
              + "; ".join(f"`{sql.split('USING ')[1]}`" for sql in sub["chunk_sizes"].values()) + ".", "",
              table(["what", "size", "note"], _storage_rows(sub)), ""]
    qrows = []
    for mode, groups in res["modes"].items():
        o, m = groups["overall"], groups["multi"]
        qrows.append([mode, f"{o['recall@10']:.4f}", f"{o['mrr']:.4f}", f"{m['recall@10']:.4f}"])
    lines += [f"Retrieval with these vectors, LiHua dev set ({ctx.golden.name}, document level):", "",
              table(["mode", "recall@10", "MRR", "multi recall@10"], qrows), "",
              f"Targets (issue 17): index <= 6x raw text (here {res['file_bytes'] / res['raw_text_bytes']:.2f}x); "
              f"{SUBSET_FILES}-file subset <= {MINIRAG_SUBSET_BYTES / 1e6:.2f} MB, MiniRAG's store (here "
              f"{sub['file_bytes'] / 1e6:.3f} MB); hybrid recall@10 / MRR / multi recall@10 >= 0.968 / 0.857 / 0.909 "
              f"(here {res['modes']['hybrid']['overall']['recall@10']:.3f} / {res['modes']['hybrid']['overall']['mrr']:.3f}"
              f" / {res['modes']['hybrid']['multi']['recall@10']:.3f})."]
    return "\n".join(lines), res


SCENARIOS = {"storage": storage, "coldstart": coldstart, "retrieval": retrieval, "embed": embed, "sync": sync, "scale": scale}
