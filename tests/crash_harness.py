"""Crash harness: kill `mrag sync` with SIGKILL at random points and check
that nothing is lost and nothing is left half-written.

One trial: mutate the notes folder (edits, deletes, additions, a rename),
start `mrag sync` as a subprocess, wait until it holds the sync lock (the pid
is written into `<db>.lock` once the index is open), sleep a random fraction
of the time the sync is expected to take, SIGKILL it. Then:

1. `PRAGMA integrity_check` is ok and `integrity.verify_index` finds no
   orphan row in any table (vec and FTS included) and no derived count that
   differs from a recomputation;
2. the next `mrag sync` (a fresh process, as a user would run it) ends with
   exactly the same table counts, entity numbers (per key: mentions, chunks),
   alias counts and co-occurrence weights as a clean in-process sync of the
   same folder into a new index.

A killed `--rebuild` must leave the old index whole (it builds in a copy
beside it, `<db>.rebuild`, which the next sync removes).

Used by tests/test_crash.py (a CI-sized run) and runnable for longer runs:

    python -m tests.crash_harness --trials 100 --files 300 [--real-model]

Trials use MRAG_EMBEDDING_MODEL=hashing:64 (instant, deterministic vectors
from the same make_embedder the CLI uses) unless --real-model is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script too
from mrag_test_plugin import PLUGIN_ENV  # noqa: E402

from minirag_cli.sync import rebuild_path  # noqa: E402

HASHING_MODEL = "hashing:64"

# Distinct names (no two within rapidfuzz's merge threshold of each other), so
# the clean sync and the resumed one resolve entities the same way whatever
# order the files were seen in.
PEOPLE = ["Wolfgang Schulz", "Jennifer Moore", "Akira Tanaka", "Priya Raman", "Lucas Oliveira",
          "Fatima Benali", "Olav Nygaard", "Mei Chen", "Tomasz Kowalski", "Grace Okafor",
          "Henrik Larsen", "Sofia Marquez", "Dmitri Volkov", "Amara Nwosu", "Carlos Ibarra",
          "Yuki Hayashi", "Nadia Petrova", "Samuel Adeyemi", "Ingrid Holm", "Rafael Costa"]
PLACES = ["Harbor Hall", "Berlin", "Lisbon", "Kyoto", "Nairobi", "Oslo", "Montreal", "Valparaiso",
          "Reykjavik", "Marrakesh", "Tbilisi", "Hobart"]
PROJECTS = ["Project Atlas", "Project Beacon", "Project Cobalt", "Project Driftwood", "Project Ember",
            "Project Fathom", "Project Granite", "Project Halyard"]
TAGS = ["#budget", "#travel", "#music", "#reading", "#garden", "#retro", "#hiring", "#family"]
WORDS = ("the a of and to in we they met talked about plan budget review rehearsal lunch dinner trip "
         "notes draft schedule meeting ideas list garden music bass piano guitar weekend launch "
         "report slides summary follow up call later soon maybe decided agreed postponed moved").split()


def _sentence(rng: random.Random) -> str:
    parts = [rng.choice(PEOPLE)]
    parts += rng.choices(WORDS, k=rng.randint(3, 10))
    if rng.random() < 0.6:
        parts += ["with", rng.choice(PEOPLE)]
    if rng.random() < 0.5:
        parts += ["at", rng.choice(PLACES)]
    if rng.random() < 0.3:
        parts += ["for", rng.choice(PROJECTS)]
    if rng.random() < 0.2:
        parts.append(rng.choice(TAGS))
    return " ".join(parts) + "."


def note_text(rng: random.Random) -> str:
    """A note of 1-4 paragraphs; the longer ones make several chunks."""
    day = f"2026{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    paras = []
    for _ in range(rng.randint(1, 4)):
        paras.append(" ".join(_sentence(rng) for _ in range(rng.randint(2, 9))))
    return f"Time: {day}_{rng.randint(0, 23):02d}:00\n\n" + "\n\n".join(paras) + "\n"


def make_corpus(root: Path, n_files: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for i in range(n_files):
        path = root / f"d{i % 7}" / f"note-{i:04d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(note_text(rng), encoding="utf-8")


def mutate_corpus(root: Path, rng: random.Random, fraction: float = 0.1) -> dict:
    """Edit, delete, add and rename about `fraction` of the files."""
    files = sorted(root.rglob("*.md"))
    k = max(1, int(len(files) * fraction))
    picked = rng.sample(files, min(len(files), k))
    done = {"edited": 0, "deleted": 0, "added": 0, "renamed": 0}
    for p in picked:
        roll = rng.random()
        if roll < 0.55:
            p.write_text(note_text(rng), encoding="utf-8")
            done["edited"] += 1
        elif roll < 0.8:
            p.unlink()
            done["deleted"] += 1
        else:
            p.rename(p.with_name(p.stem + f"-r{rng.randint(0, 10**6)}.md"))
            done["renamed"] += 1
    for _ in range(done["deleted"] + rng.randint(0, 2)):  # keep the folder about the same size
        p = root / f"d{rng.randint(0, 6)}" / f"new-{rng.randint(0, 10**9)}.md"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(note_text(rng), encoding="utf-8")
        done["added"] += 1
    return done


def fingerprint(conn) -> dict:
    """Everything a clean sync and a resumed sync must agree on."""
    from minirag_cli.store import table_counts

    counts = table_counts(conn)
    counts.pop("extraction_cache", None)
    entities = {k: (m, c) for k, m, c in conn.execute("SELECT key, mentions, chunks FROM entities")}
    aliases = {(k, a): n for k, a, n in conn.execute(
        "SELECT e.key, a.alias, a.count FROM entity_aliases a JOIN entities e ON e.id = a.entity_id")}
    edges = {(ka, kb): w for ka, kb, w in conn.execute(
        "SELECT ea.key, eb.key, c.weight FROM cooccurrence c JOIN entities ea ON ea.id = c.a "
        "JOIN entities eb ON eb.id = c.b")}
    # edges are stored with a < b by id, and ids depend on history: compare unordered
    edges = {tuple(sorted(k)): w for k, w in edges.items()}
    docs = {(p, h) for p, h in conn.execute("SELECT path, hash FROM documents")}
    return {"counts": counts, "entities": entities, "aliases": aliases, "edges": edges, "docs": docs}


def diff_fingerprints(got: dict, want: dict) -> list[str]:
    problems = []
    if got["counts"] != want["counts"]:
        problems.append(f"table counts {got['counts']} != clean {want['counts']}")
    for part in ("docs", "entities", "aliases", "edges"):
        g, w = got[part], want[part]
        if g != w:
            if isinstance(g, dict):
                bad = sorted(set(g.items()) ^ set(w.items()), key=repr)[:5]
            else:
                bad = sorted(g ^ w)[:5]
            problems.append(f"{part} differ from a clean sync, e.g. {bad}")
    return problems


def clean_fingerprint(root: Path, workdir: Path, model: str) -> dict:
    """Sync the folder into a new index in this process (same embedder and
    extractor the CLI uses) and fingerprint it."""
    from minirag_cli import db
    from minirag_cli.embed import make_embedder
    from minirag_cli.extract.select import make_extractor
    from minirag_cli.sync import sync_folders

    path = workdir / f"clean-{time.monotonic_ns()}.sqlite"
    conn = db.connect(path, create=True)
    try:
        sync_folders(conn, [root], embedder=make_embedder(model), extractor=make_extractor("heuristic"))
        return fingerprint(conn)
    finally:
        conn.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)


def mrag_command(db_path: Path, root: Path, *extra: str) -> list[str]:
    exe = Path(sys.executable).parent / "mrag"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "minirag_cli"]
    return cmd + ["--db", str(db_path), "sync", str(root), "--json", "-q", "--extractor", "heuristic", *extra]


def mrag_env(model: str) -> dict:
    env = dict(os.environ)
    env.update({"MRAG_EMBEDDING_MODEL": model, "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1", **PLUGIN_ENV})
    for var in ("MRAG_DB", "MRAG_MODEL", "MRAG_DEBUG"):
        env.pop(var, None)
    return env


def wait_for_lock(proc: subprocess.Popen, lock_path: Path, timeout: float = 60.0) -> float | None:
    """Seconds until the child holds the sync lock (its pid is in the lock
    file), or None if it exited first."""
    start = time.perf_counter()
    want = str(proc.pid)
    while time.perf_counter() - start < timeout:
        if proc.poll() is not None:
            return None
        try:
            if lock_path.read_text() == want:
                return time.perf_counter() - start
        except OSError:
            pass
        time.sleep(0.002)
    raise TimeoutError(f"mrag sync did not take the lock within {timeout} s")


def sleep_unless_exited(proc: subprocess.Popen, seconds: float) -> float | None:
    """Sleep `seconds`, or until the process exits; returns how long it ran
    if it exited first, else None."""
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        if proc.poll() is not None:
            return elapsed
        time.sleep(min(0.01, seconds - elapsed))
    return None


def documents_state(db_path: Path):
    """What a committed document write changes (None while there is no index)."""
    from minirag_cli import db

    if not db_path.exists():
        return None
    try:
        conn = db.connect(db_path, migrate=False)
    except Exception:  # created but not yet migrated
        return None
    try:
        return conn.execute("SELECT count(*), coalesce(max(id), 0), group_concat(hash) FROM documents").fetchone()
    except Exception:
        return None
    finally:
        conn.close()


def wait_for_first_write(proc: subprocess.Popen, db_path: Path, before, timeout: float = 600.0) -> bool:
    """Poll (as a WAL reader) until the sync has committed a document; False if it exited first."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if proc.poll() is not None:
            return False
        state = documents_state(db_path)
        if state is not None and state != before:
            return True
        time.sleep(0.05)
    raise TimeoutError("mrag sync wrote no document in time")


@dataclass
class Trial:
    n: int
    rebuild: bool
    mutation: dict
    early: bool  # killed at `delay` after the start, not after the lock was taken
    delay: float  # seconds after the lock was taken (or after the start, when early)
    killed: bool  # False when the sync finished before the kill landed
    docs_after_kill: int | None
    docs_target: int
    incomplete: bool = False  # the index after the kill is neither the old nor the new folder state
    built_aside: bool = False  # a killed --rebuild left its half-built copy (INDEX.rebuild) beside the index
    problems: list[str] = field(default_factory=list)
    resume_seconds: float = 0.0


@dataclass
class Report:
    trials: list[Trial] = field(default_factory=list)
    files: int = 0
    model: str = HASHING_MODEL
    full_sync_seconds: float = 0.0
    seconds: float = 0.0

    @property
    def failures(self) -> int:
        return sum(1 for t in self.trials if t.problems)

    @property
    def killed_mid_sync(self) -> int:
        return sum(1 for t in self.trials if t.killed)

    @property
    def partial_states(self) -> int:
        """Kills that left work half done: the index between the old and the
        new folder state, or (a rebuild, which builds aside) a half-built copy
        beside the whole old index."""
        return sum(1 for t in self.trials if t.killed and (t.incomplete or t.built_aside))

    def summary(self) -> dict:
        return {"trials": len(self.trials), "killed_mid_sync": self.killed_mid_sync,
                "partial_states": self.partial_states, "failures": self.failures,
                "files": self.files, "model": self.model, "full_sync_seconds": round(self.full_sync_seconds, 2),
                "seconds": round(self.seconds, 1),
                "problems": [(t.n, t.problems) for t in self.trials if t.problems]}


def _documents(db_path: Path) -> set | None:
    from minirag_cli import db

    if not db_path.exists():
        return None
    conn = db.connect(db_path)
    try:
        return set(conn.execute("SELECT path, hash FROM documents").fetchall())
    finally:
        conn.close()


def _post_kill_checks(db_path: Path) -> tuple[list[str], set | None]:
    from minirag_cli import db
    from minirag_cli.integrity import verify_index

    if not db_path.exists():
        return [], None  # killed before the file was created: nothing to check
    conn = db.connect(db_path)
    try:
        problems = []
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            problems.append(f"integrity_check after kill: {check}")
        problems += [f"after kill: {p}" for p in verify_index(conn, full=False)]
        docs = set(conn.execute("SELECT path, hash FROM documents").fetchall())
        return problems, docs
    finally:
        conn.close()


def run_trials(workdir: Path, *, trials: int = 20, files: int = 300, seed: int = 7,
               model: str = HASHING_MODEL, rebuild_every: int = 3, mutate_fraction: float = 0.12,
               early_kills: float = 0.1, first_write_window: float | None = None, log=None) -> Report:
    """Run the kill/check/resume loop; returns a Report (failures listed per trial).

    Kills land at a random point of the expected sync time after the lock is
    taken; with `first_write_window` (for the real model, whose loading
    dominates the start) at up to that many seconds after the first document
    is committed."""
    from minirag_cli import db
    from minirag_cli.integrity import verify_index

    rng = random.Random(seed)
    root = workdir / "notes"
    db_path = workdir / "index" / "index.sqlite"
    lock_path = Path(str(db_path) + ".lock")
    make_corpus(root, files, seed)
    env = mrag_env(model)
    report = Report(files=files, model=model)
    started = time.perf_counter()

    if first_write_window is None:
        # calibration: how long an uninterrupted full sync takes once it holds the lock
        calib_db = workdir / "calib" / "index.sqlite"
        proc = subprocess.Popen(mrag_command(calib_db, root), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        t_lock = wait_for_lock(proc, Path(str(calib_db) + ".lock"))
        t0 = time.perf_counter()
        _out, err = proc.communicate()
        if proc.returncode != 0 or t_lock is None:
            raise RuntimeError(f"calibration sync failed: {err.decode(errors='replace')}")
        report.full_sync_seconds = time.perf_counter() - t0
        shutil.rmtree(calib_db.parent)

    for n in range(trials):
        mutation = mutate_corpus(root, rng, mutate_fraction) if n else {}
        rebuild = n > 0 and rebuild_every > 0 and n % rebuild_every == 0
        changed = sum(mutation.values()) if mutation else files
        work = 1.0 if (n == 0 or rebuild) else min(1.0, 0.05 + changed / max(files, 1))
        delay = rng.uniform(0.0, report.full_sync_seconds * work * 1.1)
        want = clean_fingerprint(root, workdir, model)

        early = rng.random() < early_kills
        if early:  # before the lock: while the index is created or migrated and opened
            delay = rng.uniform(0.0, 0.6)
        elif first_write_window is not None:
            delay = rng.uniform(0.0, first_write_window)
        before = documents_state(db_path)
        before_docs = _documents(db_path)
        proc = subprocess.Popen(mrag_command(db_path, root, *(["--rebuild"] if rebuild else [])), env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if early:
            time.sleep(delay)
        elif wait_for_lock(proc, lock_path) is not None:
            if first_write_window is None or wait_for_first_write(proc, db_path, before):
                ran = sleep_unless_exited(proc, delay)
                if ran is not None and first_write_window is None:
                    # it finished before the kill: the machine got faster (shared CPUs);
                    # learn from it so later kills land inside the sync again
                    report.full_sync_seconds = 0.5 * report.full_sync_seconds + 0.5 * ran / work
        killed = proc.poll() is None
        if killed:
            proc.send_signal(signal.SIGKILL)
        _out, err = proc.communicate()
        trial = Trial(n, rebuild, mutation, early, round(delay, 3), killed, None, len(want["docs"]))
        if not killed and proc.returncode != 0:
            trial.problems.append(f"sync exited {proc.returncode} before the kill: {err.decode(errors='replace')}")

        problems, docs = _post_kill_checks(db_path)
        trial.docs_after_kill = None if docs is None else len(docs)
        trial.incomplete = docs is not None and docs != want["docs"] and docs != before_docs
        trial.built_aside = rebuild_path(db_path).exists()
        if rebuild and trial.incomplete:
            trial.problems.append("a killed --rebuild left a half-built index where readers see it")
        trial.problems += problems

        t1 = time.perf_counter()
        resumed = subprocess.run(mrag_command(db_path, root), env=env, capture_output=True)
        trial.resume_seconds = round(time.perf_counter() - t1, 2)
        if rebuild_path(db_path).exists():
            trial.problems.append("the resumed sync left the killed rebuild's copy behind")
        if resumed.returncode != 0:
            trial.problems.append(f"resume sync exited {resumed.returncode}: "
                                  f"{resumed.stderr.decode(errors='replace').strip()}")
        else:
            conn = db.connect(db_path)
            try:
                trial.problems += [f"after resume: {p}" for p in verify_index(conn)]
                trial.problems += diff_fingerprints(fingerprint(conn), want)
            finally:
                conn.close()
        report.trials.append(trial)
        if log:
            log(f"trial {n:3d} {'rebuild' if rebuild else 'sync   '} {'early' if early else 'after lock'} delay {delay:5.2f}s "
                f"{'killed' if killed else 'finished'} "
                f"{'partial' if trial.incomplete else 'aside  ' if trial.built_aside else 'whole  '} "
                f"docs {trial.docs_after_kill}->{trial.docs_target} "
                f"{'OK' if not trial.problems else 'FAIL ' + '; '.join(trial.problems)}")
    report.seconds = time.perf_counter() - started
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rebuild-every", type=int, default=3, help="every Nth trial kills a --rebuild (0: never)")
    ap.add_argument("--real-model", action="store_true",
                    help="use all-MiniLM-L6-v2 instead of hashing:64 (kills land after the first write)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    ap.add_argument("--json", dest="as_json", action="store_true")
    args = ap.parse_args(argv)
    model = "all-MiniLM-L6-v2" if args.real_model else HASHING_MODEL
    workdir = Path(tempfile.mkdtemp(prefix="mrag-crash-"))
    try:
        report = run_trials(workdir, trials=args.trials, files=args.files, seed=args.seed, model=model,
                            rebuild_every=args.rebuild_every,
                            first_write_window=2.0 if args.real_model else None,
                            early_kills=0.0 if args.real_model else 0.1,
                            log=lambda s: print(s, file=sys.stderr, flush=True))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    summary = report.summary()
    summary["trial_log"] = [asdict(t) for t in report.trials] if args.as_json else None
    print(json.dumps(summary, indent=2, default=str))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
