"""Concurrency: the index is in WAL mode, readers (`mrag status`, `mrag
entities`, `mrag ask`, the retrieval library) work while `mrag sync` writes,
and a second `mrag sync` on the same index is refused with a clear message
instead of interleaving with the first (or, with --wait, waits for it);
a sync stopped midway still says what it did (--json)."""

from __future__ import annotations

import contextlib
import json
import subprocess
import time
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.integrity import verify_index
from tests.crash_harness import (HASHING_MODEL, clean_fingerprint, diff_fingerprints, fingerprint, make_corpus,
                                 mrag_command, mrag_env, wait_for_first_write, wait_for_lock)

FILES = 500


def start_sync(db_path: Path, root: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(mrag_command(db_path, root, *extra), env=mrag_env(HASHING_MODEL),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run_reader(mrag_bin: str, db_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([mrag_bin, "--db", str(db_path), *args], env=mrag_env(HASHING_MODEL),
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("concurrency") / "notes"
    make_corpus(root, FILES, seed=3)
    return root


def test_readers_work_while_sync_runs(tmp_path, corpus, mrag_bin):
    index = tmp_path / "index.sqlite"
    sync = start_sync(index, corpus)
    assert wait_for_lock(sync, Path(str(index) + ".lock")) is not None, sync.communicate()
    readers: list[tuple[list[str], subprocess.CompletedProcess]] = []
    searches = 0
    conn = db.connect(index)  # the library path too: what `mrag ask` and the MCP server use
    embedder = HashingEmbedder(dim=64, name=HASHING_MODEL)
    from minirag_cli.retrieve import search

    while sync.poll() is None:
        for args in (["status", "--json"], ["entities", "--json", "-n", "5"],
                     ["ask", "Wolfgang Schulz rehearsal", "--json"]):
            readers.append((args, run_reader(mrag_bin, index, *args)))
        if db.has_vec_tables(conn):
            search(conn, "Wolfgang Schulz bass rehearsal in Berlin", embedder=embedder, mode="hybrid", k=5)
            searches += 1
    out, err = sync.communicate()
    assert sync.returncode == 0, err
    during = readers
    assert len(during) >= 3, "the sync finished before any reader ran; make the corpus larger"
    for args, r in during:
        assert r.returncode == 0, (args, r.stderr)
        assert "locked" not in r.stderr.lower(), (args, r.stderr)
    files_seen = [json.loads(r.stdout)["files"] for a, r in during if a[0] == "status"]
    assert files_seen == sorted(files_seen)  # each reader sees a committed snapshot, growing
    assert files_seen[0] < FILES  # at least one status ran mid-sync
    assert searches >= 1
    assert verify_index(conn) == []
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert index.read_bytes()[18:20] == b"\x02\x02"  # WAL recorded in the file header itself


def test_second_sync_is_refused_not_interleaved(tmp_path, corpus, mrag_bin):
    index = tmp_path / "index.sqlite"
    first = start_sync(index, corpus)
    assert wait_for_lock(first, Path(str(index) + ".lock")) is not None, first.communicate()
    started = time.perf_counter()
    second = subprocess.run(mrag_command(index, corpus, "--rebuild"), env=mrag_env(HASHING_MODEL),
                            capture_output=True, text=True, timeout=120)
    waited = time.perf_counter() - started
    still_running = first.poll() is None
    out, err = first.communicate()
    assert first.returncode == 0, err
    assert still_running, "the first sync ended before the second started; make the corpus larger"
    assert second.returncode == 1
    assert "is running on" in second.stderr
    assert "hint:" in second.stderr and "Traceback" not in second.stderr
    assert second.stdout == ""
    assert waited < 30  # refused at once, not queued behind the first
    # the refused --rebuild emptied nothing: the first sync's result is whole
    conn = db.connect(index)
    assert verify_index(conn) == []
    got = fingerprint(conn)
    conn.close()
    assert diff_fingerprints(got, clean_fingerprint(corpus, tmp_path, HASHING_MODEL)) == []
    # and once the first is done, the lock is free again
    third = subprocess.run(mrag_command(index, corpus), env=mrag_env(HASHING_MODEL), capture_output=True, text=True)
    assert third.returncode == 0, third.stderr
    assert json.loads(third.stdout)["unchanged"] == FILES


def test_lock_names_the_running_sync_and_dies_with_it(tmp_path, corpus):
    index = tmp_path / "index.sqlite"
    lock = Path(str(index) + ".lock")
    first = start_sync(index, corpus)
    assert wait_for_lock(first, lock) is not None
    from minirag_cli.sync import sync_running

    assert lock.read_text() == str(first.pid)
    assert sync_running(index) == f"pid {first.pid}"
    first.kill()
    first.wait()
    assert sync_running(index) is None  # the kernel dropped the lock with the process
    again = subprocess.run(mrag_command(index, corpus), env=mrag_env(HASHING_MODEL), capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["total_files"] == FILES


def test_an_index_reached_through_a_symlink_has_the_same_lock(tmp_path):
    """The lock was `<path given>.lock`: a sync through a symlink to the
    index (`--db alias.sqlite`) took `alias.sqlite.lock` and ran while a
    `sync --watch` held `real.sqlite.lock` on the same file."""
    from minirag_cli.errors import SyncLocked
    from minirag_cli.sync import rebuild_path, sync_lock

    real, alias = tmp_path / "real.sqlite", tmp_path / "alias.sqlite"
    alias.symlink_to(real.name)
    with sync_lock(real):
        with pytest.raises(SyncLocked):
            with sync_lock(alias):
                pass
    with sync_lock(alias):
        with pytest.raises(SyncLocked):
            with sync_lock(real):
                pass
    assert not Path(str(alias) + ".lock").exists()
    assert rebuild_path(alias) == rebuild_path(real)


def test_a_lock_file_deleted_while_held_is_made_anew(tmp_path):
    """`<index>.lock` deleted while a sync held it (by hand, a cleaner of
    stale files): the next sync made a new one, locked it and ran beside the
    first. The holder of a lock held long (a watch, at each wake) makes it
    anew, and a sync that came in before that stops it instead."""
    import os

    from minirag_cli.errors import SyncLocked
    from minirag_cli.sync import sync_lock

    index = tmp_path / "index.sqlite"
    lock = Path(str(index) + ".lock")
    with sync_lock(index) as held:
        held.check()  # in place: nothing to do
        lock.unlink()
        held.check()
        assert lock.read_text() == str(os.getpid())
        with pytest.raises(SyncLocked, match="is running on"):
            with sync_lock(index):
                pass
        lock.unlink()
        with sync_lock(index):  # came in before the holder checked
            with pytest.raises(SyncLocked, match="was deleted while this `mrag sync` held it") as stopped:
                held.check()
            assert f"(pid {os.getpid()}) took it" in str(stopped.value) and "is kept" in stopped.value.hint
    with sync_lock(index):  # both let go
        pass


def test_a_lock_file_deleted_as_it_is_taken_is_taken_anew(tmp_path, monkeypatch):
    """The lock file deleted between a sync's open and its flock, and made
    and locked by another sync meanwhile: the first locked the deleted file
    and ran beside the other. It checks the name still is the file it locked."""
    import fcntl

    from minirag_cli.errors import SyncLocked
    from minirag_cli.sync import sync_lock

    index = tmp_path / "index.sqlite"
    lock = Path(str(index) + ".lock")
    lock.write_text("")
    real_flock, other = fcntl.flock, []

    def flock(fh, op):
        if not other:
            lock.unlink()
            other.append(open(lock, "a+"))
            real_flock(other[0], fcntl.LOCK_EX | fcntl.LOCK_NB)
            other[0].write("4242"), other[0].flush()
        return real_flock(fh, op)

    monkeypatch.setattr(fcntl, "flock", flock)
    with pytest.raises(SyncLocked, match=r"Another `mrag sync` \(pid 4242\) is running on"):
        with sync_lock(index):
            pass
    other[0].close()


def test_a_long_sync_keeps_its_lock_too(tmp_path, monkeypatch):
    """A first sync (with a model extractor, hours) holds the lock long as
    well: its file deleted and taken by another sync midway, it stops after
    the note it was writing, instead of writing beside the other."""
    import os

    from minirag_cli.config import effective
    from minirag_cli.errors import SyncLocked
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index
    from minirag_cli.sync import _CheckingLock, sync_lock
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    monkeypatch.setattr(_CheckingLock, "CHECK_SECONDS", 0.0)
    write_notes(tmp_path / "notes", {f"n{i}.md": f"Oskar Brandt met Anna Weber on day {i}.\n" for i in range(8)})
    index_path = tmp_path / "index.sqlite"
    taken = tmp_path / "taken"
    other = contextlib.ExitStack()

    def another_sync_takes_the_lock(_roots):  # a new file, locked, put at the lock's name at once
        other.enter_context(sync_lock(taken))
        os.rename(str(taken) + ".lock", str(index_path) + ".lock")

    settings = effective({"db": str(index_path), "embedding_model": "hashing:64"})
    with other, Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        with pytest.raises(SyncLocked, match="was deleted while this `mrag sync` held it"):
            index.sync([tmp_path / "notes"], extractor=HeuristicExtractor(),
                       on_first_note=another_sync_takes_the_lock)
        written = index.conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        assert 1 <= written < 8 and verify_index(index.conn) == []


def _index(tmp_path, factory=None):
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from mrag_test_plugin import hashing_embedder

    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    return Index.open(settings, create=True, embedder_factory=factory or hashing_embedder)


def test_a_sync_refused_for_another_one_loads_no_model(tmp_path):
    """A cron job's sync that comes while the last one still runs is refused:
    it made (and so could load) its embedder first, every time, only to be
    refused. The lock comes first."""
    from minirag_cli.errors import SyncLocked
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_lock
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    write_notes(tmp_path / "notes", {"a.md": "Oskar Brandt met Anna Weber.\n"})
    made = []

    def embedder(name):
        made.append(name)
        return hashing_embedder(name)

    with _index(tmp_path, embedder) as index, sync_lock(index.path):
        with pytest.raises(SyncLocked, match="is running on"):
            index.sync([tmp_path / "notes"], extractor=HeuristicExtractor())
        assert made == []
    with _index(tmp_path, embedder) as index:  # and once it is free, the sync makes it
        assert index.sync([tmp_path / "notes"], extractor=HeuristicExtractor()).added == 1 and made


def _waiting_sync(tmp_path, root, *extra):
    err = open(tmp_path / "stderr.txt", "w")
    proc = subprocess.Popen(mrag_command(tmp_path / "index.sqlite", root, *extra), env=mrag_env(HASHING_MODEL),
                            stdout=subprocess.PIPE, stderr=err, text=True)
    err.close()
    return proc


def _said(tmp_path, proc, text: str, timeout: float = 60.0) -> str:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        said = (tmp_path / "stderr.txt").read_text()
        if text in said or proc.poll() is not None:
            return said
        time.sleep(0.05)
    return (tmp_path / "stderr.txt").read_text()


def test_sync_wait_runs_once_the_other_sync_is_done(tmp_path):
    """`mrag sync --wait SECONDS`: a sync that comes while another runs (cron
    every 5 minutes, a slow sync) waits for it, says so once, then runs."""
    import os

    from minirag_cli.sync import sync_lock
    from tests.conftest import write_notes

    write_notes(tmp_path / "notes", {f"n{i}.md": f"Oskar Brandt met Anna Weber on day {i}.\n" for i in range(3)})
    index = tmp_path / "index.sqlite"
    with sync_lock(index):
        proc = _waiting_sync(tmp_path, tmp_path / "notes", "--wait", "120")
        said = _said(tmp_path, proc, "waiting for")
        assert f"waiting for another `mrag sync` (pid {os.getpid()}) on {index} to finish (--wait: up to 120 s)" \
            in said, said
        time.sleep(1.0)
        assert proc.poll() is None  # still waiting
    out, _ = proc.communicate(timeout=120)
    said = (tmp_path / "stderr.txt").read_text()
    assert proc.returncode == 0, said
    assert said.count("waiting for") == 1 and "Traceback" not in said
    got = json.loads(out)  # --json as ever
    assert got["added"] == 3 and got["interrupted"] is False


def test_sync_wait_gives_up_with_the_error_of_a_refused_sync(tmp_path):
    from minirag_cli.sync import sync_lock
    from tests.conftest import write_notes

    write_notes(tmp_path / "notes", {"a.md": "Oskar Brandt met Anna Weber.\n"})
    with sync_lock(tmp_path / "index.sqlite"):
        started = time.monotonic()
        proc = _waiting_sync(tmp_path, tmp_path / "notes", "--wait", "1.5")
        out, _ = proc.communicate(timeout=120)
        waited = time.monotonic() - started
    said = (tmp_path / "stderr.txt").read_text()
    assert proc.returncode == 1 and out == "", said
    assert "error: Another `mrag sync` (pid" in said and "is running on" in said and "Traceback" not in said
    assert "hint: Waited 1.5 s for it (--wait)." in said
    assert waited >= 1.5
    refused = _waiting_sync(tmp_path, tmp_path / "notes", "--wait", "-1")
    out, _ = refused.communicate(timeout=60)
    assert refused.returncode == 2 and out == "" and "--wait" in (tmp_path / "stderr.txt").read_text()


@pytest.mark.parametrize("sig, code", [("SIGINT", 130), ("SIGTERM", 143)])
def test_an_interrupted_sync_json_says_what_it_did(tmp_path, corpus, sig, code):
    """`mrag sync --json` stopped by Ctrl-C (or SIGTERM) printed nothing on
    stdout: a script had no record of what the sync did. It prints the
    summary of what was done, `"interrupted": true`, with the exit code and
    the stderr line of an interruption as before."""
    import signal

    index = tmp_path / "index.sqlite"
    # SIGINT's default restored, as a terminal gives it (a background job's children ignore it: test_watch)
    sync = subprocess.Popen(mrag_command(index, corpus), env=mrag_env(HASHING_MODEL), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert wait_for_first_write(sync, index, (0, 0, None)), sync.communicate()  # a note committed
    sync.send_signal(getattr(signal, sig))
    out, err = sync.communicate(timeout=120)
    assert sync.returncode == code, err
    assert "interrupted; everything committed so far is kept" in err and "Traceback" not in err
    got = json.loads(out)  # one object
    conn = db.connect(index)
    files = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert verify_index(conn) == []
    conn.close()
    assert got["interrupted"] is True and got["discarded"] is False
    assert got["total_files"] == len(files) < FILES, "the sync finished before the signal; make the corpus larger"
    # each note committed is counted (the signal may land between a commit and the count: one)
    assert got["added"] == len(got["added_paths"]) and set(got["added_paths"]) <= files
    assert len(files) - got["added"] in (0, 1) and got["roots"] == [str(corpus)]
    assert got["seconds"] > 0 and got["extractor"] == "heuristic" and "unchanged" in got and "skipped" in got


def test_an_interrupted_rebuild_says_what_it_did_went_with_it(tmp_path):
    """A --rebuild stopped before it was complete leaves the index as it was:
    its summary says so (`discarded`), with the totals of the index as it is."""
    from minirag_cli.errors import Interrupted
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from tests.conftest import write_notes

    class Interrupting(HeuristicExtractor):
        calls = 1  # the first group of notes is written, then Ctrl-C

        def extract(self, texts, matters=None, speakers=None, comments=None, note_nouns=None, note_titles=None,
                todo_txt=None):
            self.calls -= 1
            if self.calls < 0:
                raise KeyboardInterrupt
            return super().extract(texts, matters, speakers, comments, note_nouns, note_titles, todo_txt)

    from minirag_cli.sync import SyncOptions

    write_notes(tmp_path / "notes", {f"n{i}.md": f"Oskar Brandt met Anna Weber on day {i}.\n" * 60
                                     for i in range(12)})
    small = SyncOptions(chunk_tokens=30, overlap_tokens=5)  # several groups (GROUP_CHUNKS) of notes
    with _index(tmp_path) as index:
        index.sync([tmp_path / "notes"], small, extractor=HeuristicExtractor())
        got = []
        with pytest.raises(Interrupted):
            index.sync([tmp_path / "notes"], small, extractor=Interrupting(), rebuild=True, on_interrupted=got.append)
        assert got[0].interrupted and got[0].discarded and got[0].added > 0 and got[0].total_files == 12
        for i in range(12):
            (tmp_path / "notes" / f"n{i}.md").write_text(f"Anna Weber left Oskar Brandt on day {i}.\n" * 60)
        with pytest.raises(KeyboardInterrupt) as stopped:  # a plain sync keeps what it wrote
            index.sync([tmp_path / "notes"], small, extractor=Interrupting(), on_interrupted=got.append)
        assert not isinstance(stopped.value, Interrupted)
        assert got[1].interrupted and not got[1].discarded and 0 < got[1].changed < 12
        assert got[1].total_files == 12 and len(got) == 2
        assert got[1].to_dict()["interrupted"] is True
