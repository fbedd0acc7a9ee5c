"""Leftover of review revP: while a `mrag sync` writes the index, `mrag ask` and `mrag tasks` say on stderr
that what they list is "as of what it has written so far". A `--rebuild` builds the new index aside and
swaps it in at its end: its readers see the whole old index until then, and the line said what was not so.
The lock file says a rebuild is building (`PID rebuilding`, SyncLock.rebuilding: sync.sync_state), and the
line says what is true in each case; `--json` says it in `sync_rebuilding`."""

from __future__ import annotations

import fcntl
import json

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli import sync as syncmod
from minirag_cli.cli import app
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {"garden.md": "Notes about the garden in Berlin.\n\n- [ ] water the roses in Berlin\n"}
WRITING = "is writing the index now: the {} are as of what it has written so far."
REBUILDING = ("a `mrag sync --rebuild` (pid 4242) is building a new index aside: the {} are of the index as it "
              "was before the rebuild, which replaces it when it is done.")


def synced(tmp_path):
    write_notes(tmp_path / "notes", NOTES)
    settings = effective({"db": str(tmp_path / "kb.sqlite"), "embedding_model": "hashing:32"})
    with Index.open(settings, create=True, embedder_factory=lambda _name: hashing_embedder("hashing:32")) as idx:
        idx.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40), extractor=HeuristicExtractor())
    return tmp_path / "kb.sqlite"


def test_the_readers_line_says_a_rebuild_leaves_the_old_index_whole(tmp_path, monkeypatch):
    index = synced(tmp_path)
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:32")
    runner = CliRunner()

    def read(held: str | None):
        with open(db.lock_path(index), "a+") as lock:
            if held is not None:  # another process's sync holds the lock (as test_scripting's)
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                lock.seek(0), lock.truncate(), lock.write(held), lock.flush()
            return {args: runner.invoke(app, ["--db", str(index), *args])
                    for args in [("ask", "Berlin", "--no-answer"), ("ask", "Berlin", "--json", "--no-answer"),
                                 ("tasks",)]}

    writing, rebuilding = read("4242"), read("4242 rebuilding")
    ask, tasks = ("ask", "Berlin", "--no-answer"), ("tasks",)
    assert "pid 4242" in writing[ask].stderr and WRITING.format("results") in " ".join(writing[ask].stderr.split())
    assert WRITING.format("tasks listed") in " ".join(writing[tasks].stderr.split())
    shown = " ".join(rebuilding[ask].stderr.split())
    assert REBUILDING.format("results") in shown and "written so far" not in shown, shown
    assert REBUILDING.format("tasks listed") in " ".join(rebuilding[tasks].stderr.split())
    assert rebuilding[ask].stdout == writing[ask].stdout  # stdout as ever
    as_json = {name: json.loads(r[("ask", "Berlin", "--json", "--no-answer")].stdout)
               for name, r in (("writing", writing), ("rebuilding", rebuilding))}
    assert (as_json["writing"]["sync_running"], as_json["writing"]["sync_rebuilding"]) == ("pid 4242", False)
    assert (as_json["rebuilding"]["sync_running"], as_json["rebuilding"]["sync_rebuilding"]) == ("pid 4242", True)
    idle = read(None)
    assert json.loads(idle[("ask", "Berlin", "--json", "--no-answer")].stdout)["sync_rebuilding"] is False
    assert "mrag sync" not in idle[ask].stderr


def test_a_rebuild_says_so_in_its_lock_file_while_it_builds(tmp_path, monkeypatch):
    index = synced(tmp_path)
    seen = []
    real = syncmod.sync_folders

    def watching(*args, **kwargs):  # what a reader sees while the sync works
        seen.append(syncmod.sync_state(index))
        return real(*args, **kwargs)

    monkeypatch.setattr(syncmod, "sync_folders", watching)
    settings = effective({"db": str(index), "embedding_model": "hashing:32"})
    with Index.open(settings, embedder_factory=lambda _name: hashing_embedder("hashing:32")) as idx:
        idx.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40), extractor=HeuristicExtractor())
        idx.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40), extractor=HeuristicExtractor(), rebuild=True)
    assert [state[1] for state in seen] == [False, True]  # a sync writes in place; a rebuild builds aside
    assert syncmod.sync_state(index) is None  # done: the lock is free
