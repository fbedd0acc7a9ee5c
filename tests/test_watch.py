"""`mrag sync DIR --watch`: a real `mrag` process watches a real folder
(inotify through watchfiles) while the test creates, edits, deletes and
renames notes and makes a burst of 50 changes. A new note is in the index
within 3 s and a deleted one gone within 3 s, each change prints one line,
the index has no orphan rows (integrity.verify_index), a second sync is
refused, queries answer meanwhile and Ctrl-C ends the watch with exit code 0.
In-process watches (real inotify, a real index) follow editors' saves, hard
links, followed symlinks' targets and folders moved away (run_script).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.integrity import verify_index
from minirag_cli.watch import Change, NoteFilter, WatchHooks
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

EMBEDDER = "hashing:64"
PICKUP_SECONDS = 3.0
NOTES = {
    "people/anna.md": "Anna Weber toured Berlin with Oskar Brandt.\n",
    "projects/garden.md": "Oskar Brandt founded the Garden Club in Berlin.\n",
}


class Watcher:
    """`mrag sync ROOT --watch` in its own process, its output read by threads."""

    def __init__(self, mrag_bin: str, root: Path, *extra: str, env: dict | None = None, prefix: tuple = ()):
        self.env = env or {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1"}
        # Ctrl-C must reach the watch as it does in a terminal, even when the tests run as a
        # background job (a shell starts those with SIGINT ignored, and children inherit it)
        self.proc = subprocess.Popen([*prefix, mrag_bin, "sync", str(root), "--watch", *extra], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=self.env,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        threading.Thread(target=self._read, args=(self.proc.stdout, self.stdout), daemon=True).start()
        threading.Thread(target=self._read, args=(self.proc.stderr, self.stderr), daemon=True).start()
        self.wait_for(lambda: any(line.startswith("watching ") for line in self.stderr), 120, "the watch to start")

    @staticmethod
    def _read(stream, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))

    def wait_for(self, predicate, timeout: float, what: str) -> float:
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if predicate():
                return time.monotonic() - started
            if self.proc.poll() is not None:
                raise AssertionError(f"the watcher exited ({self.proc.returncode}) waiting for {what}: "
                                     f"{self.stderr[-5:]}")
            time.sleep(0.05)
        raise AssertionError(f"timed out after {timeout} s waiting for {what}; stdout {self.stdout[-10:]}, "
                             f"stderr {self.stderr[-5:]}")

    def interrupt(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=20)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    return root


def indexed(db_path: Path) -> dict[str, int]:
    """path -> chunks, read through a second connection (as any query would)."""
    conn = db.connect(db_path)
    try:
        return dict(conn.execute("SELECT d.path, count(c.id) FROM documents d LEFT JOIN chunks c "
                                 "ON c.document_id = d.id GROUP BY d.id").fetchall())
    finally:
        conn.close()


def problems(db_path: Path) -> list[str]:
    conn = db.connect(db_path)
    try:
        return verify_index(conn)
    finally:
        conn.close()


def test_the_watch_loads_the_embedder_before_it_watches(tmp_path, monkeypatch):
    """A folder already synced: the watch's catch-up sync embeds nothing, so
    the real model (loaded on first use) was loaded only by the first note
    saved, which then took ~5 s instead of ~0.5 s. The embedder must have
    embedded once before watching starts, and only when the sync did not."""
    from minirag_cli import watch as watchmod
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    calls: list[list[str]] = []

    def factory(name):
        emb = hashing_embedder(name)
        real = emb.embed
        emb.embed = lambda texts, **kw: calls.append(list(texts)) or real(texts, **kw)
        return emb

    root = tmp_path / "notes"
    write_notes(root, NOTES)
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    embedded_when_watching = []
    monkeypatch.setattr(watchmod, "watch_folders", lambda *a, **kw: embedded_when_watching.append(len(calls)))
    for expect_extra in (False, True):  # a first sync embeds the notes; a catch-up sync embeds nothing
        with Index.open(settings, create=True, embedder_factory=factory) as index:
            calls.clear()
            summary = index.sync([root], SyncOptions(), extractor=HeuristicExtractor(), watch=WatchHooks(report=lambda change: None))
            assert bool(summary.embedded) is not expect_extra
            assert embedded_when_watching[-1] >= 1  # the model is loaded before the watch begins
            assert (calls[-1] == ["mrag watch"]) is expect_extra


def test_the_watch_loads_the_extractors_model_before_it_watches(tmp_path, monkeypatch):
    """With a model extractor, the first note saved after the watch began
    waited for the GGUF model to load (the sync loads it on the first window
    not in the extraction cache: a catch-up sync of an indexed folder never
    does). The model must be loaded before watching starts, as the embedder
    is, also when the sync needed no model."""
    from minirag_cli import watch as watchmod
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    class LazyModelExtractor(HeuristicExtractor):
        """A model extractor's shape: the model loads on the first text it must read."""

        name = "llm:fake"

        def __init__(self):
            self.model_loaded = False

        def preload(self):
            self.model_loaded = True

        def extract(self, texts, matters=None, speakers=None, comments=None, note_nouns=None, note_titles=None,
                todo_txt=None):
            self.model_loaded = True
            return super().extract(texts, matters, speakers, comments, note_nouns, note_titles, todo_txt)

    root = tmp_path / "notes"
    write_notes(root, NOTES)
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    loaded_when_watching = []
    for needs_model in (True, False):  # a first sync reads the notes; a catch-up sync reads none
        extractor = LazyModelExtractor()  # a new process: nothing loaded
        monkeypatch.setattr(watchmod, "watch_folders",
                            lambda *a, **kw: loaded_when_watching.append(extractor.model_loaded))
        with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
            summary = index.sync([root], SyncOptions(), extractor=extractor,
                                 watch=WatchHooks(report=lambda change: None))
        assert bool(summary.added) is needs_model
    assert loaded_when_watching == [True, True]


def test_a_stop_as_the_watch_starts_ends_it_as_a_stop_while_it_runs(tmp_path, monkeypatch):
    """Ctrl-C or SIGTERM after the sync's summary was printed but before the
    watcher took over its own handler (a service manager stopping `mrag sync
    --watch` a moment after it started) raised out of the sync: "interrupted"
    and exit code 143, where the same stop a second later ends the watch with
    0. Once the sync is done and reported, a stop ends the watch."""
    from minirag_cli import watch as watchmod
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    root = tmp_path / "notes"
    write_notes(root, NOTES)
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})

    def stopped(*_args, **_kw):
        raise KeyboardInterrupt  # what sigterm_as_interrupt makes of a SIGTERM

    monkeypatch.setattr(watchmod, "watch_folders", stopped)
    printed = []
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        summary = index.sync([root], SyncOptions(), extractor=HeuristicExtractor(), on_synced=printed.append,
                             watch=WatchHooks(report=lambda change: None))
    assert printed == [summary] and summary.added == len(NOTES)


def test_watch_follows_create_edit_delete_rename(mrag_bin, folder):
    db_path = folder / ".mrag" / "index.sqlite"
    w = Watcher(mrag_bin, folder)
    try:
        assert set(indexed(db_path)) == set(NOTES)
        # create: in the index within 3 s, one line saying so
        write_notes(folder, {"journal/new.md": "Jennifer Moore visited the Garden Club.\n"})
        took = w.wait_for(lambda: "journal/new.md" in indexed(db_path), PICKUP_SECONDS, "the new note")
        print(f"new note indexed after {took:.2f} s")
        w.wait_for(lambda: any(" added " in line and "journal/new.md" in line for line in w.stdout), 5, "its line")
        line = next(line for line in w.stdout if "journal/new.md" in line)
        assert line.split()[1:4] == ["added", "journal/new.md", "1"] and line.endswith(" s")
        # edit
        with open(folder / "people/anna.md", "a", encoding="utf-8") as fh:
            fh.write("Later Anna Weber met Mallory Quinn at Harbor Hall.\n")
        w.wait_for(lambda: any(" changed " in line and "people/anna.md" in line for line in w.stdout),
                   PICKUP_SECONDS, "the edit")
        conn = db.connect(db_path)
        assert conn.execute("SELECT count(*) FROM entities WHERE name = 'Mallory Quinn'").fetchone()[0] == 1
        conn.close()
        # a query while it watches, and a second sync refused
        env = w.env
        asked = subprocess.run([mrag_bin, "--db", str(db_path), "ask", "Mallory Quinn", "--mode", "bm25", "--json"],
                               capture_output=True, text=True, env=env, timeout=120)
        assert asked.returncode == 0, asked.stderr
        assert json.loads(asked.stdout)["results"][0]["path"] == "people/anna.md"
        second = subprocess.run([mrag_bin, "sync", str(folder)], capture_output=True, text=True, env=env, timeout=120)
        assert second.returncode == 1 and "is running on" in second.stderr
        # which process holds it, and that a watch holds it until stopped ('Wait for it to finish' alone)
        assert f"Another `mrag sync` (pid {w.proc.pid})" in second.stderr and "--watch" in second.stderr
        # delete: gone within 3 s
        (folder / "projects/garden.md").unlink()
        took = w.wait_for(lambda: "projects/garden.md" not in indexed(db_path), PICKUP_SECONDS, "the deletion")
        print(f"deleted note gone after {took:.2f} s")
        w.wait_for(lambda: any(" removed " in line and "projects/garden.md" in line for line in w.stdout), 5,
                   "its line")
        # rename
        (folder / "journal/new.md").rename(folder / "journal/renamed.md")
        w.wait_for(lambda: set(indexed(db_path)) == {"people/anna.md", "journal/renamed.md"}, PICKUP_SECONDS,
                   "the rename")
        # its two lines may reach stdout just after the index has it: wait for them before counting lines
        w.wait_for(lambda: any(" added " in line and "journal/renamed.md" in line for line in w.stdout)
                   and any(" removed " in line and "journal/new.md" in line for line in w.stdout), 5, "its lines")
        # the index's own writes and hidden or non-note files wake nothing
        n_lines = len(w.stdout)
        (folder / ".hidden").mkdir()
        (folder / ".hidden" / "x.md").write_text("Hidden Person\n")
        (folder / "picture.png").write_bytes(b"\x89PNG\r\n")
        time.sleep(1.5)
        assert len(w.stdout) == n_lines, w.stdout[n_lines:]
        assert problems(db_path) == []
        # Ctrl-C: a clean stop, exit code 0
        assert w.interrupt() == 0
        assert any("stopped watching" in line for line in w.stderr), w.stderr
    finally:
        w.stop()
    assert problems(db_path) == []
    events = [line.split()[1] for line in w.stdout if line[:2].isdigit() and line[2] == ":"]
    assert events == ["added", "changed", "removed", "added", "removed"]


def test_watch_keeps_up_with_a_burst_of_50_changes(mrag_bin, folder):
    db_path = folder / ".mrag" / "index.sqlite"
    w = Watcher(mrag_bin, folder, "--json")
    try:
        for i in range(50):  # 50 changes as fast as the disk takes them: 40 new notes, 5 edits, 5 deletions
            if i < 40:
                write_notes(folder, {f"burst/note{i:02d}.md": f"Person Number{i} met Anna Weber in Town{i % 7}.\n"})
            elif i < 45:
                write_notes(folder, {f"burst/note{i - 40:02d}.md": f"Person Number{i} now lives in City{i}.\n"})
            else:
                (folder / f"burst/note{i - 30:02d}.md").unlink()
        expected = {f"burst/note{i:02d}.md" for i in range(40) if not 15 <= i < 20} | set(NOTES)
        took = w.wait_for(lambda: set(indexed(db_path)) == expected, 30, "the burst")
        print(f"burst of 50 changes synced after {took:.2f} s")
        conn = db.connect(db_path)
        edited = conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                              "WHERE d.path = 'burst/note03.md'").fetchone()[0]
        conn.close()
        assert "Number43" in edited
        assert problems(db_path) == []
        # --json: one object per line, every one a change this test made
        def changes():
            return [json.loads(line) for line in list(w.stdout) if line.startswith("{\"event\"")]

        w.wait_for(lambda: {c["path"] for c in changes() if c["event"] == "added"} >= expected - set(NOTES), 5,
                   "a line for every new note")
        assert {c["event"] for c in changes()} <= {"added", "changed", "removed"}
        assert {c["path"] for c in changes()} <= {f"burst/note{i:02d}.md" for i in range(40)}
        assert all(set(c) >= {"event", "path", "root", "chunks", "seconds", "time"} for c in changes())
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert problems(db_path) == []


def test_watch_json_is_json_lines_from_the_first_line(mrag_bin, folder):
    """--watch --json printed the first sync's summary indented over many
    lines before the one-object-per-line changes: a line reader choked on it."""
    db_path = folder / ".mrag" / "index.sqlite"
    w = Watcher(mrag_bin, folder, "--json")
    try:
        write_notes(folder, {"journal/new.md": "Jennifer Moore visited the Garden Club.\n"})
        w.wait_for(lambda: any(line.startswith('{"event"') for line in w.stdout), PICKUP_SECONDS, "the new note")
        assert w.interrupt() == 0
    finally:
        w.stop()
    objects = [json.loads(line) for line in w.stdout]  # every line on its own
    assert objects[0]["added"] == len(NOTES) and objects[1]["event"] == "added"
    assert problems(db_path) == []


def test_note_filter(tmp_path):
    root = (tmp_path / "notes").resolve()
    (root / "sub").mkdir(parents=True)
    db_path = root / "index.sqlite"
    f = NoteFilter([root], db_path)
    yes = [root / "a.md", root / "sub" / "b.TXT", root / ".mragignore", root / "folder-renamed", root / "sub",
           root / "Keep" / "Groceries.json",  # maybe a Google Keep note (qa37: a Keep note's change was not seen)
           root / "graph" / "logseq" / "config.edn"]  # a Logseq graph's settings: its pages read otherwise (readers 13)
    no = [root / ".mrag" / "index.sqlite", root / ".mrag" / "index.sqlite-wal", db_path, Path(str(db_path) + "-wal"),
          root / ".git" / "HEAD", root / "sub" / ".b.md.swp", root / "sub" / ".mragignore", root / "x.png",
          tmp_path / "elsewhere.md"]
    assert [f(None, str(p)) for p in yes] == [True] * len(yes)
    assert [f(None, str(p)) for p in no] == [False] * len(no)
    assert f.roots_of([str(root / "a.md"), str(root / "sub" / "b.md"), str(tmp_path / "x.md")]) == \
        {root: {"a.md", "sub/b.md"}}
    # an iCloud placeholder is its note's change (its note gone before it came was removed for good)
    assert f(None, str(root / "sub" / ".Car.md.icloud")) is True
    assert f(None, str(root / ".git" / ".Car.md.icloud")) is False
    assert f(None, str(root / "sub" / ".x.png.icloud")) is False
    assert f.roots_of([str(root / "sub" / ".Car.md.icloud"), str(root / ".Health.md.icloud")]) == \
        {root: {"sub/Car.md", "Health.md"}}
    # gone, with no note extension: passes when the index holds notes under it (a folder `v1.2` moved away)
    held = NoteFilter([root], db_path, held=lambda r, rel: r == root and rel == "v1.2")
    assert [held(None, str(root / name)) for name in ("v1.2", "v1.3", "x.png")] == [True, False, False]
    (root / "v1.2").write_bytes(b"")  # there, and a file that is no note
    assert held(None, str(root / "v1.2")) is False


def test_change_lines():
    c = Change("added", "/r", "a/b.md", 3, 0.123, "12:00:01")
    assert c.line() == "12:00:01  added    a/b.md  3 chunks  0.12 s"
    assert Change("removed", "/r", "x.md", 1, 0.5, "12:00:02").line() == "12:00:02  removed  x.md  1 chunk  0.50 s"
    assert "binary file" in Change("skipped", "/r", "y.md", None, 0.1, "12:00:03", "binary file").line()
    assert c.to_dict() == {"event": "added", "path": "a/b.md", "root": "/r", "chunks": 3, "seconds": 0.123,
                           "time": "12:00:01"}



class InProcessWatch:
    """A heuristic index of `folder` (tmp_path/index.sqlite, synced once) and
    watch_folders run on it in this process, as `mrag sync --watch` does."""

    def __init__(self, tmp_path: Path, folder: Path):
        from minirag_cli.extract.heuristic import HeuristicExtractor
        from minirag_cli.sync import sync_folders

        self.folder, self.db_path = folder, tmp_path / "index.sqlite"
        self.conn = db.connect(self.db_path, create=True)
        embedder, extractor = hashing_embedder(EMBEDDER), HeuristicExtractor()
        self.resync = lambda roots: sync_folders(self.conn, roots, embedder=embedder, extractor=extractor)
        self.resync([folder])

    def run(self, hooks: WatchHooks, stop: threading.Event, seconds: float = 30) -> None:
        """Watch until `stop` is set, or `seconds` pass (never hang the run)."""
        from minirag_cli.watch import watch_folders

        timer = threading.Timer(seconds, stop.set)
        timer.start()
        try:
            watch_folders(self.conn, self.db_path, [self.folder], hooks=hooks, stop_event=stop, resync=self.resync)
        finally:
            timer.cancel()


def test_catch_up_takes_in_what_changed_before_the_watcher_ran(tmp_path, folder):
    """A note written after the first sync but before the watcher started is
    synced by the catch-up batch, before `on_ready` says the watch runs."""
    watch = InProcessWatch(tmp_path, folder)
    write_notes(folder, {"late.md": "Oskar Brandt wrote late.\n"})
    (folder / "people/anna.md").unlink()
    stop, seen, ready_with = threading.Event(), [], []

    def ready():
        ready_with.extend(seen)
        stop.set()

    watch.run(WatchHooks(report=seen.append, on_ready=ready), stop)
    assert sorted((c.event, c.path, c.chunks) for c in ready_with) == [("added", "late.md", 1),
                                                                        ("removed", "people/anna.md", 1)]
    assert verify_index(watch.conn) == []
    watch.conn.close()


def test_a_name_the_watcher_cannot_decode_is_a_clear_error(tmp_path, folder):
    """watchfiles cannot watch a tree holding a name that is not UTF-8 (sync
    skips it): `--watch` ended with 'unexpected WatchfilesRustInternalError';
    it is now one MragError naming the cause, and the first sync is kept."""
    from minirag_cli.errors import MragError

    os.mkdir(os.fsencode(folder) + b"/d\xe9j\xe0")
    watch = InProcessWatch(tmp_path, folder)
    with pytest.raises(MragError, match="file watcher failed") as failed:
        watch.run(WatchHooks(report=lambda change: None), threading.Event(), seconds=20)
    assert "not valid UTF-8" in failed.value.hint
    assert set(indexed(watch.db_path)) == set(NOTES) and verify_index(watch.conn) == []
    watch.conn.close()


def test_notes_a_mragignore_change_removes_or_adds_are_reported(tmp_path, folder):
    """The watch re-synced a changed .mragignore but printed no line for the
    notes its rules removed or brought back (only paths at or under the
    changed ones were compared): people/anna.md left the index silently."""
    watch = InProcessWatch(tmp_path, folder)
    ignore = folder / ".mragignore"
    stop, seen = threading.Event(), []

    def report(change):
        seen.append(change)
        if change.event == "removed":  # the rule took it out: take it back
            ignore.write_text("", encoding="utf-8")
        elif change.event == "added":
            stop.set()

    watch.run(WatchHooks(report=report, on_ready=lambda: ignore.write_text("people/\n")), stop)
    assert [(c.event, c.path, c.chunks) for c in seen] == [("removed", "people/anna.md", 1),
                                                           ("added", "people/anna.md", 1)]
    assert set(indexed(watch.db_path)) == set(NOTES) and verify_index(watch.conn) == []
    watch.conn.close()


def test_a_mragignore_saved_with_a_bad_line_does_not_end_the_watch(tmp_path, folder):
    """A .mragignore saved with a line that is no pattern (`!` typed on its
    way to `!keep.md`) ended the watch with an error; it is now a skipped
    line, and the file's fix re-syncs the folder with its rules."""
    watch = InProcessWatch(tmp_path, folder)
    (folder / ".mragignore").write_text("people/\n!\n", encoding="utf-8")
    stop, seen = threading.Event(), []

    def report(change):
        seen.append(change)
        if change.event == "removed":
            stop.set()

    def ready():  # the catch-up batch met the bad line: fix it
        (folder / ".mragignore").write_text("people/\n", encoding="utf-8")

    watch.run(WatchHooks(report=report, on_ready=ready), stop)
    assert [(c.event, c.path) for c in seen] == [("skipped", ".mragignore"), ("removed", "people/anna.md")]
    assert seen[0].reason == "line 2 (!) is not a valid pattern" and seen[0].root == str(folder.resolve())
    assert set(indexed(watch.db_path)) == {"projects/garden.md"} and verify_index(watch.conn) == []
    watch.conn.close()


def test_a_watched_folder_moved_away_ends_the_watch_saying_so(tmp_path, folder):
    """A watched folder renamed or deleted ended the watch with 'error:
    <folder> is not a folder.', which read as a mistake in the command; the
    watch now says the folder is gone and that what was synced is kept."""
    from minirag_cli.errors import MragError

    watch = InProcessWatch(tmp_path, folder)
    with pytest.raises(MragError, match="The watch stopped: .* is gone") as stopped:
        watch.run(WatchHooks(report=lambda change: None, on_ready=lambda: folder.rename(tmp_path / "renamed")),
                  threading.Event())
    assert "kept" in stopped.value.hint and set(indexed(watch.db_path)) == set(NOTES)
    watch.conn.close()


def test_the_watch_follows_symlinks_as_the_index_records(tmp_path, folder):
    """`mrag sync notes --follow-symlinks` then `mrag sync notes --watch`: the
    watch's catch-up re-sync did not follow the links out of the folder and
    removed the notes behind them. It follows them as the index records, and
    a note added in a linked folder is indexed under the link's path."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders

    outside = tmp_path / "outside"
    write_notes(outside, {"dir/linked.md": "Oskar Brandt keeps his notes elsewhere.\n"})
    (folder / "elsewhere").symlink_to(outside / "dir")
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    embedder, extractor = hashing_embedder(EMBEDDER), HeuristicExtractor()
    first = sync_folders(conn, [folder], embedder=embedder, extractor=extractor,
                         options=SyncOptions(follow_symlinks=True))
    assert "elsewhere/linked.md" in first.added_paths
    conn.close()
    watch = InProcessWatch(tmp_path, folder)  # syncs it again, then watches, with no symlink option given
    assert "elsewhere/linked.md" in {p for (p,) in watch.conn.execute("SELECT path FROM documents")}
    stop, seen = threading.Event(), []

    def report(change):
        seen.append(change)
        if change.path == "elsewhere/new.md":
            stop.set()

    watch.run(WatchHooks(report=report, on_ready=lambda: write_notes(outside, {"dir/new.md": "Anna Weber too.\n"})),
              stop)
    assert [(c.event, c.path) for c in seen] == [("added", "elsewhere/new.md")]
    paths = {p for (p,) in watch.conn.execute("SELECT path FROM documents")}
    assert paths == {*NOTES, "elsewhere/linked.md", "elsewhere/new.md"}
    assert verify_index(watch.conn) == []
    watch.conn.close()


def run_script(watch: InProcessWatch, steps, seconds: float = 20) -> list[tuple[str, str]]:
    """Watch while doing `steps` in turn: (action, (event, path) awaited before
    the next step). The watch then saves a marker note and stops at its line:
    any line an earlier batch printed after the awaited one is in the
    returned (event, path) list, which ends with ("added", "marker.md")."""
    steps = list(steps) + [(lambda: write_notes(watch.folder, {"marker.md": "Marker Person.\n"}),
                            ("added", "marker.md"))]
    stop, seen, step = threading.Event(), [], [0]

    def report(change):
        seen.append((change.event, change.path))
        if step[0] < len(steps) and seen[-1] == steps[step[0]][1]:
            step[0] += 1
            if step[0] == len(steps):
                stop.set()
            else:
                steps[step[0]][0]()

    watch.run(WatchHooks(report=report, on_ready=steps[0][0]), stop, seconds=seconds)
    assert step[0] == len(steps), f"waited in vain for {steps[step[0]][1]}; the watch printed {seen}"
    assert verify_index(watch.conn) == []
    return seen


def append(path: Path, text: str = "Later Mallory Quinn came along.\n") -> None:
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(text)


def mallory_in(watch: InProcessWatch, path: str) -> bool:
    return any("Mallory Quinn" in text for (text,) in watch.conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ?", (path,)))


def test_an_edit_through_a_hard_link_passed_over_re_syncs_the_note_quietly(tmp_path, folder):
    """Hard links are one note, indexed at the first name; a save through
    another name printed `changed` for the note and a `skipped` line for the
    name saved, at every save. The link is reported once, when it appears;
    a save through it is the note's `changed` line alone."""
    watch = InProcessWatch(tmp_path, folder)
    anna, link = folder / "people/anna.md", folder / "people/zanna.md"
    seen = run_script(watch, [(lambda: os.link(anna, link), ("skipped", "people/zanna.md")),
                              (lambda: append(link), ("changed", "people/anna.md")),
                              (lambda: append(link, "And Oskar Brandt.\n"), ("changed", "people/anna.md"))])
    assert seen == [("skipped", "people/zanna.md"), ("changed", "people/anna.md"), ("changed", "people/anna.md"),
                    ("added", "marker.md")]
    assert mallory_in(watch, "people/anna.md") and "people/zanna.md" not in set(indexed(watch.db_path))
    watch.conn.close()


def test_an_edit_through_a_hard_link_outside_the_folder_is_seen(tmp_path, folder):
    """A note hard-linked from outside the folder (or from a hidden folder in
    it): inotify on the folder does not see a save through that name, and
    the watch missed it. The watch stats such notes."""
    outside = tmp_path / "desktop"
    outside.mkdir()
    os.link(folder / "people/anna.md", outside / "anna.md")
    os.mkdir(folder / ".trash")
    os.link(folder / "projects/garden.md", folder / ".trash/garden.md")
    watch = InProcessWatch(tmp_path, folder)
    seen = run_script(watch, [(lambda: append(outside / "anna.md"), ("changed", "people/anna.md")),
                              (lambda: append(folder / ".trash/garden.md"), ("changed", "projects/garden.md"))])
    assert seen == [("changed", "people/anna.md"), ("changed", "projects/garden.md"), ("added", "marker.md")]
    assert mallory_in(watch, "people/anna.md") and mallory_in(watch, "projects/garden.md")
    watch.conn.close()


def following_watch(tmp_path: Path, folder: Path) -> InProcessWatch:
    """An InProcessWatch of `folder` synced once with --follow-symlinks (which the index keeps)."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders

    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [folder], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(follow_symlinks=True))
    conn.close()
    return InProcessWatch(tmp_path, folder)


def test_an_edit_to_a_followed_file_symlinks_target_re_syncs_the_note(tmp_path, folder):
    """--follow-symlinks: a note symlinked from outside the folder is indexed
    under the link's path, but an edit of its target (elsewhere) woke no
    re-sync. It does now, through a save by rename (a new file at the
    target), the target's deletion and its return."""
    outside = tmp_path / "outside"
    write_notes(outside, {"target.md": "Oskar Brandt keeps this note elsewhere.\n"})
    target = outside / "target.md"
    (folder / "linked.md").symlink_to(target)

    def save_by_rename():
        (outside / "target.md.tmp").write_text("Anna Weber rewrote it whole.\n", encoding="utf-8")
        os.replace(outside / "target.md.tmp", target)

    watch = following_watch(tmp_path, folder)
    assert "linked.md" in indexed(watch.db_path)
    seen = run_script(watch, [(lambda: append(target), ("changed", "linked.md")),
                              (save_by_rename, ("changed", "linked.md")),
                              (target.unlink, ("removed", "linked.md")),
                              (lambda: target.write_text("Back again.\n", encoding="utf-8"), ("added", "linked.md"))])
    assert seen == [("changed", "linked.md"), ("changed", "linked.md"), ("removed", "linked.md"),
                    ("skipped", "linked.md"), ("added", "linked.md"), ("added", "marker.md")]
    assert set(indexed(watch.db_path)) == {*NOTES, "linked.md", "marker.md"}
    watch.conn.close()


def test_a_folder_symlinked_while_watching_is_watched_too(tmp_path, folder):
    """--follow-symlinks: a symlinked folder made while the watch ran was
    synced, but the watcher (which follows such links as it starts) did not
    watch it: an edit in it was missed. The watcher starts anew when the
    followed folders change."""
    outside = tmp_path / "outside"
    write_notes(outside, {"dir/linked.md": "Oskar Brandt keeps his notes elsewhere.\n"})
    watch = following_watch(tmp_path, folder)
    seen = run_script(watch, [(lambda: (folder / "elsewhere").symlink_to(outside / "dir"),
                               ("added", "elsewhere/linked.md")),
                              (lambda: append(outside / "dir/linked.md"), ("changed", "elsewhere/linked.md")),
                              (lambda: write_notes(outside, {"dir/new.md": "Anna Weber too.\n"}),
                               ("added", "elsewhere/new.md"))])
    assert seen == [("added", "elsewhere/linked.md"), ("changed", "elsewhere/linked.md"),
                    ("added", "elsewhere/new.md"), ("added", "marker.md")]
    assert mallory_in(watch, "elsewhere/linked.md")
    watch.conn.close()


def test_a_folder_with_a_dot_in_its_name_moved_away_is_removed(tmp_path, folder):
    """A folder named `v1.2` moved out of the folder (to the trash) is one
    event for a path that is gone and has no note extension: the filter
    dropped it and the notes in it stayed in the index."""
    write_notes(folder, {"Project v1.2/plan.md": "Oskar Brandt plans v1.2.\n"})
    trash = tmp_path / "trash"
    trash.mkdir()
    watch = InProcessWatch(tmp_path, folder)
    seen = run_script(watch, [(lambda: (folder / "Project v1.2").rename(trash / "Project v1.2"),
                               ("removed", "Project v1.2/plan.md")),
                              (lambda: (trash / "Project v1.2").rename(folder / "v2.0"), ("added", "v2.0/plan.md"))])
    assert seen == [("removed", "Project v1.2/plan.md"), ("added", "v2.0/plan.md"), ("added", "marker.md")]
    watch.conn.close()


def test_editors_saves_are_seen(tmp_path, folder):
    """How editors save: in place; vim's rename of the note to a backup and
    write of a new one; a hidden temp file renamed over the note; a delete
    and a new file. Each is one `changed` line, with the new text indexed."""
    watch = InProcessWatch(tmp_path, folder)
    anna = folder / "people/anna.md"

    def vim():
        os.rename(anna, folder / "people/anna.md~")
        anna.write_text("Anna Weber met Vim Person.\n", encoding="utf-8")
        os.unlink(folder / "people/anna.md~")

    def temp_then_rename():
        (folder / "people/.anna.md.tmp").write_text("Anna Weber met Temp Person.\n", encoding="utf-8")
        os.replace(folder / "people/.anna.md.tmp", anna)

    def delete_and_recreate():
        anna.unlink()
        anna.write_text("Anna Weber met Mallory Quinn.\n", encoding="utf-8")

    seen = run_script(watch, [(lambda: append(anna, "In place Inplace Person.\n"), ("changed", "people/anna.md")),
                              (vim, ("changed", "people/anna.md")),
                              (temp_then_rename, ("changed", "people/anna.md")),
                              (delete_and_recreate, ("changed", "people/anna.md"))])
    assert seen == [("changed", "people/anna.md")] * 4 + [("added", "marker.md")]
    assert mallory_in(watch, "people/anna.md")
    watch.conn.close()


def test_a_followed_folder_deleted_and_made_anew_is_watched_again(tmp_path, folder):
    """--follow-symlinks: the folder a symlink points at, deleted (its notes
    removed) and made again, came back unseen (nothing in the synced folder
    changes), and the new folder was not watched."""
    import shutil

    outside = tmp_path / "outside"
    write_notes(outside, {"dir/linked.md": "Oskar Brandt keeps his notes elsewhere.\n"})
    (folder / "elsewhere").symlink_to(outside / "dir")
    watch = following_watch(tmp_path, folder)
    def again():  # once the watch has settled with the link broken (not while it still re-syncs)
        threading.Timer(1.5, write_notes, (outside, {"dir/again.md": "Anna Weber is back.\n"})).start()

    seen = run_script(watch, [(lambda: shutil.rmtree(outside / "dir"), ("removed", "elsewhere/linked.md")),
                              (again, ("added", "elsewhere/again.md")),
                              (lambda: append(outside / "dir/again.md"), ("changed", "elsewhere/again.md"))])
    # the link broken is a skipped line, when the watch saw it as it went
    assert [c for c in seen if c[0] != "skipped"] == [("removed", "elsewhere/linked.md"),
                                                      ("added", "elsewhere/again.md"),
                                                      ("changed", "elsewhere/again.md"), ("added", "marker.md")]
    assert {c for c in seen if c[0] == "skipped"} <= {("skipped", "elsewhere")}
    assert mallory_in(watch, "elsewhere/again.md")
    watch.conn.close()


# ---------------------------------------------------------------- inotify's limits, and what goes away

def failing_watch(exc: BaseException, after_batches: int = 0):
    """A stand-in for watchfiles.watch that fails as it does: `exc` raised
    from the generator once it has yielded `after_batches` empty batches."""
    def watch(*paths, **kwargs):
        for _ in range(after_batches):
            yield set()
        raise exc

    return watch


WATCH_LIMIT = OSError('OS file watch limit reached. about ["/n/big/sub"] (Error { kind: MaxFilesWatch, paths: '
                      '["/n/big/sub"] })')  # watchfiles 1.3 (notify 8) as the watcher starts


def rust_error(text: str) -> BaseException:
    from watchfiles._rust_notify import WatchfilesRustInternalError

    return WatchfilesRustInternalError(text)


@pytest.mark.parametrize("error, after, expected", [
    (lambda: WATCH_LIMIT, 0, ("could not start", "fs.inotify.max_user_watches", "max_user_watches=524288")),
    (lambda: rust_error("error in underlying watcher: OS file watch limit reached. about [\"/n/x\"]"), 2,
     ("stopped", "fs.inotify.max_user_watches", "max_user_watches=524288")),
    (lambda: rust_error("Error creating recommended watcher: Too many open files (os error 24)"), 0,
     ("could not start", "fs.inotify.max_user_instances", "max_user_instances=1024")),
    (lambda: PermissionError('Permission denied (os error 13) about ["/n/locked"]'), 0,
     ("could not start", "cannot read /n/locked", "chmod u+rx")),
], ids=["watches-at-start", "watches-while-watching", "instances", "unreadable-folder"])
def test_the_watchers_failures_are_clear_errors(tmp_path, folder, monkeypatch, error, after, expected):
    """The inotify watch limit reached (a large tree) ended the watch with
    'unexpected OSError: OS file watch limit reached...', the instance limit
    with 'the file watcher failed: ... Too many open files', a folder the
    watcher cannot read with 'unexpected PermissionError'. Each is now an
    error naming the limit (or folder) and how to raise it, saying the index
    is intact. watchfiles raises them as injected here (its Rust source, and
    tests below for real in a user namespace); the limits are read from a
    /proc/sys of the test's own (the machine's alone, as outside a container)."""
    import watchfiles

    from minirag_cli import watch as watchmod
    from minirag_cli.errors import WatchStopped

    monkeypatch.setattr(watchmod, "PROC_SYS", proc_sys(tmp_path, {"fs/inotify/max_user_watches": 8192,
                                                                  "fs/inotify/max_user_instances": 128}))
    watch = InProcessWatch(tmp_path, folder)
    monkeypatch.setattr(watchfiles, "watch", failing_watch(error(), after))
    with pytest.raises(WatchStopped) as stopped:
        watch.run(WatchHooks(report=lambda change: None), threading.Event(), seconds=20)
    what, limit, command = expected
    assert f"The watch {what}:" in str(stopped.value) and limit in str(stopped.value)
    if "sysctl" in limit or "inotify" in limit:
        assert f"`sudo sysctl fs.inotify.{command}`" in stopped.value.hint
        assert f"echo fs.inotify.{command} | sudo tee -a /etc/sysctl.d/" in stopped.value.hint
    else:
        assert command in stopped.value.hint
    assert "the index is intact" in stopped.value.hint and "a plain `mrag sync` still works" in stopped.value.hint
    assert set(indexed(watch.db_path)) == set(NOTES) and verify_index(watch.conn) == []
    watch.conn.close()


def proc_sys(tmp_path: Path, values: dict[str, int]) -> Path:
    """A stand-in for /proc/sys holding `values` (path under it -> value)."""
    base = tmp_path / "proc-sys"
    for rel, value in values.items():
        (base / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / rel).write_text(f"{value}\n")
    return base


@pytest.mark.parametrize("machine, namespace, named", [
    (65536, 8192, "user"), (8192, 65536, "fs"), (8192, 8192, "fs"), (8192, None, "fs"), (None, 100, "user"),
], ids=["container-lower", "machine-lower", "equal", "no-user-namespaces", "machine-unreadable"])
@pytest.mark.parametrize("kind", ["watches", "instances"])
def test_the_inotify_limit_named_is_the_one_that_binds(tmp_path, monkeypatch, kind, machine, namespace, named):
    """Inside a container (a user namespace), the inotify limit that binds
    may be the namespace's user.max_inotify_<kind>, lower than the machine's
    fs.inotify.max_user_<kind>: the error quoted the machine's value and
    said to raise it, which changes nothing there. It quotes the lower of
    the two it can read, with the command that raises that one."""
    from minirag_cli import watch as watchmod

    values = {f"fs/inotify/max_user_{kind}": machine, f"user/max_inotify_{kind}": namespace}
    monkeypatch.setattr(watchmod, "PROC_SYS", proc_sys(tmp_path, {k: v for k, v in values.items() if v is not None}))
    error = WATCH_LIMIT if kind == "watches" else rust_error("Too many open files (os error 24)")
    stopped = watchmod.watcher_error(error, [tmp_path / "notes"], started=False)
    setting = f"fs.inotify.max_user_{kind}" if named == "fs" else f"user.max_inotify_{kind}"
    value = machine if named == "fs" else namespace
    raised = 524288 if kind == "watches" else 1024
    assert f"({setting}, now {value}" in str(stopped), str(stopped)
    assert f"`sudo sysctl {setting}={raised}`" in stopped.hint and f"`echo {setting}={raised} | sudo tee -a " \
        in stopped.hint, stopped.hint
    if named == "user" and machine is not None:  # why this one: the machine's is higher
        assert f"lower than the machine's fs.inotify.max_user_{kind}, {machine})" in str(stopped)


def in_user_namespace(limits: dict[str, int]) -> tuple[str, ...]:
    """A command prefix running a command in a new user namespace whose
    inotify limits (/proc/sys/user/max_inotify_*) are `limits`: the machine's
    fs.inotify sysctls stay as they are. Skips where namespaces are not allowed."""
    sets = "; ".join(f"echo {n} > /proc/sys/user/max_inotify_{name}" for name, n in limits.items())
    probe = subprocess.run(["unshare", "-Ur", "sh", "-c", sets], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no user namespace with its own inotify limits here: {probe.stderr.strip()}")
    return ("unshare", "-Ur", "sh", "-c", f'{sets} && exec "$@"', "sh")


def folders_under(root: Path) -> int:
    return sum(1 for _ in os.walk(root))  # the watcher watches every folder, hidden ones too


@pytest.mark.parametrize("limit", ["watches", "instances"])
def test_an_inotify_limit_reached_as_the_watch_starts_for_real(mrag_bin, folder, limit):
    """`mrag sync --watch` where the inotify watch limit is below the
    folder's count of folders, or no inotify instance is left: exit 1 and an
    error naming the limit, not 'unexpected OSError'; the first sync is kept.
    The limit is the user namespace's (as a container's): it is the one named
    and raised (the error named the machine's, which binds nothing here)."""
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1"}
    prefix = in_user_namespace({"watches": 2} if limit == "watches" else {"instances": 0})
    done = subprocess.run([*prefix, mrag_bin, "sync", str(folder), "--watch"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    stderr = " ".join(done.stderr.split())  # the error is wrapped to the terminal
    assert f"user.max_inotify_{limit}, now {2 if limit == 'watches' else 0}" in stderr, stderr
    assert f"lower than the machine's fs.inotify.max_user_{limit}" in stderr and "unexpected" not in stderr
    assert f"sudo sysctl user.max_inotify_{limit}=" in stderr and "/etc/sysctl.d/" in stderr
    assert set(indexed(folder / ".mrag" / "index.sqlite")) == set(NOTES)


def test_the_watch_limit_reached_by_a_new_folder_stops_the_watch(mrag_bin, folder):
    """The watch limit reached while watching (a folder copied in): notify
    goes on without a watch on the new folder and says nothing, so an edit
    in it was missed for good. The watch syncs the batch, then stops with
    the limit's error."""
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1"}
    assert subprocess.run([mrag_bin, "sync", str(folder)], env=env, capture_output=True).returncode == 0
    w = Watcher(mrag_bin, folder, env=env, prefix=in_user_namespace({"watches": folders_under(folder)}))
    try:
        write_notes(folder, {"journal/new.md": "Jennifer Moore visited the Garden Club.\n"})
        assert w.proc.wait(timeout=30) == 1
    finally:
        w.stop()
    stderr = "\n".join(w.stderr)
    assert "The watch stopped: the system's limit on inotify watches" in stderr and "unexpected" not in stderr
    assert any(" added " in line and "journal/new.md" in line for line in w.stdout), w.stdout
    assert set(indexed(folder / ".mrag" / "index.sqlite")) == {*NOTES, "journal/new.md"}


def test_the_watch_limit_is_probed_on_every_root(mrag_bin, tmp_path):
    """The watch limit was probed by watching the first root only: with that
    root unreadable for now (left out of the watcher), the probe was refused
    for that, not for the limit, so folders copied into the second root past
    the limit went unwatched, in silence. Each root is asked in turn: the
    watch stops with the limit's error, as with one root."""
    a, b = tmp_path / "a", tmp_path / "b"
    write_notes(a, {"people/anna.md": NOTES["people/anna.md"]})
    write_notes(b, {"projects/garden.md": NOTES["projects/garden.md"]})
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "MRAG_DB": str(tmp_path / "i.sqlite")}
    assert subprocess.run([mrag_bin, "sync", str(a), str(b)], env=env, capture_output=True).returncode == 0
    # exactly the watches the two roots take; root in the namespace, and so kept out of a folder owned by a
    # user the namespace does not map
    w = Watcher(mrag_bin, a, str(b), env=env,
                prefix=in_user_namespace({"watches": folders_under(a) + folders_under(b)}))
    try:
        os.chown(a, 65534, 65534)
        a.chmod(0)
        w.wait_for(lambda: any(" skipped " in line for line in w.stdout), 20, "the first root left out")
        time.sleep(1)  # the watcher starts anew without it
        write_notes(b, {f"new{i}/note.md": "Jennifer Moore visited the Garden Club.\n"
                        for i in range(folders_under(a) + 2)})
        assert w.proc.wait(timeout=30) == 1, w.stderr
    finally:
        w.stop()
        a.chmod(0o755)
    stderr = "\n".join(w.stderr)
    assert "The watch stopped: the system's limit on inotify watches" in stderr and "unexpected" not in stderr


def test_a_new_folder_taking_the_last_watch_does_not_stop_the_watch(mrag_bin, folder):
    """The limit probe asks for one more watch after a batch with a new
    folder: when the new folder had taken the very last one, the probe was
    refused and the watch stopped, saying the limit was reached, though the
    folder was watched. It goes on, and an edit in that folder is seen."""
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1"}
    assert subprocess.run([mrag_bin, "sync", str(folder)], env=env, capture_output=True).returncode == 0
    w = Watcher(mrag_bin, folder, env=env, prefix=in_user_namespace({"watches": folders_under(folder) + 1}))
    try:
        write_notes(folder, {"journal/new.md": "Jennifer Moore visited the Garden Club.\n"})
        w.wait_for(lambda: any(" added " in line and "journal/new.md" in line for line in w.stdout), 10,
                   "the new note")
        time.sleep(1)  # the probe runs after the batch
        append(folder / "journal/new.md")
        w.wait_for(lambda: any(" changed " in line and "journal/new.md" in line for line in w.stdout), 10,
                   "the edit in the new folder")
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert "limit" not in "\n".join(w.stderr)
    assert "Mallory Quinn" in db.connect(folder / ".mrag" / "index.sqlite").execute(
        "SELECT group_concat(text) FROM chunks").fetchone()[0]


def test_a_folder_symlinked_as_the_watcher_starts_is_watched(tmp_path, folder):
    """--follow-symlinks: a folder symlinked after the watcher started but
    before its catch-up re-sync was synced by that re-sync and taken as
    followed from the start: the watcher (which follows links only as it
    starts) never watched it, and edits in it were missed until the set of
    linked folders changed again."""
    outside = tmp_path / "outside"
    write_notes(outside, {"dir/linked.md": "Oskar Brandt keeps his notes elsewhere.\n"})
    watch = following_watch(tmp_path, folder)
    sync, calls = watch.resync, []

    def resync(roots):  # the watcher runs: its catch-up re-sync is the first call
        calls.append(roots)
        if len(calls) == 1:
            (folder / "elsewhere").symlink_to(outside / "dir")
        return sync(roots)

    watch.resync = resync
    seen = run_script(watch, [(lambda: append(outside / "dir/linked.md"), ("changed", "elsewhere/linked.md")),
                              (lambda: append(outside / "dir/linked.md", "And Oskar Brandt.\n"),
                               ("changed", "elsewhere/linked.md"))])
    assert seen == [("added", "elsewhere/linked.md"), ("changed", "elsewhere/linked.md"),
                    ("changed", "elsewhere/linked.md"), ("added", "marker.md")]
    assert mallory_in(watch, "elsewhere/linked.md")
    watch.conn.close()


def test_notes_named_anew_by_another_notes_file_name_are_reported(tmp_path, folder):
    """A second README.md in the folder makes the first one's file name
    shared: the re-sync extracts its entities anew (it no longer names
    itself), and the name freed again does the reverse; the watch printed
    no line for it. It prints a `named` line, in the same style."""
    write_notes(folder, {"alpha/README.md": "Alpha Team met Oskar Brandt.\n"})
    watch = InProcessWatch(tmp_path, folder)
    beta = folder / "beta/README.md"
    seen = run_script(watch, [(lambda: write_notes(folder, {"beta/README.md": "Beta Team met Anna Weber.\n"}),
                               ("named", "alpha/README.md")),
                              (beta.unlink, ("named", "alpha/README.md"))])
    assert seen == [("added", "beta/README.md"), ("named", "alpha/README.md"), ("removed", "beta/README.md"),
                    ("named", "alpha/README.md"), ("added", "marker.md")]
    line = Change("named", str(folder), "alpha/README.md", 1, 0.25, "12:00:01", "why").line()
    assert line == "12:00:01  named    alpha/README.md  1 chunk  0.25 s  (why)"
    watch.conn.close()


def test_notes_extracted_anew_for_a_chinese_name_made_known_are_reported(tmp_path, folder):
    """A meeting chat where 张伟 speaks makes the name known, and the budget
    note's 张伟说... is extracted anew (sync: known_names_changed); deleting
    the chat forgets it again. The watch printed no line for the budget
    note, as it once printed none for a note named anew: a `named` line."""
    from minirag_cli.watch import KNOWN_REASON

    write_notes(folder, {"预算.md": "# 预算\n\n张伟说厨房预算是三万元。\n"})
    watch = InProcessWatch(tmp_path, folder)
    chat = folder / "会议.md"
    seen = run_script(watch, [(lambda: write_notes(folder, {"会议.md": "张伟：开工吧。\n李娜：好的。\n张伟：周六见。\n"}),
                               ("named", "预算.md")),
                              (chat.unlink, ("named", "预算.md"))])
    assert seen == [("added", "会议.md"), ("named", "预算.md"), ("removed", "会议.md"), ("named", "预算.md"),
                    ("added", "marker.md")]
    assert "another note now names a word it writes" in KNOWN_REASON
    watch.conn.close()


def test_the_index_deleted_while_watching_stops_the_watch(tmp_path, folder):
    """The index file deleted while the watch ran: the watch went on writing
    to the deleted file, printing lines for notes no query could find."""
    from minirag_cli.errors import WatchStopped

    watch = InProcessWatch(tmp_path, folder)

    def delete_index():
        for name in ("index.sqlite", "index.sqlite-wal", "index.sqlite-shm"):
            with contextlib.suppress(FileNotFoundError):
                (tmp_path / name).unlink()

    with pytest.raises(WatchStopped, match=r"the index .*index\.sqlite was deleted or replaced") as stopped:
        watch.run(WatchHooks(report=lambda change: None, on_ready=delete_index), threading.Event(), seconds=10)
    # the sync to run, with the index named: `mrag sync FOLDER` alone makes one in the folder (hints.sync_hint)
    assert f"(`mrag --db {tmp_path / 'index.sqlite'} sync {folder}`, with --watch" in stopped.value.hint, stopped.value.hint
    watch.conn.close()


def test_a_watched_folder_replaced_stops_the_watch_and_keeps_its_notes(tmp_path, folder):
    """A watched folder moved away and another made at its path (a restore,
    a fresh clone): the watch re-synced the new, empty folder, removing every
    note, and went on watching the old one. It stops, saying so, and the
    index keeps the notes."""
    from minirag_cli.errors import WatchStopped

    watch = InProcessWatch(tmp_path, folder)

    def replace():
        folder.rename(tmp_path / "old")
        folder.mkdir()

    with pytest.raises(WatchStopped, match="is another folder than when the watch started"):
        watch.run(WatchHooks(report=lambda change: None, on_ready=replace), threading.Event(), seconds=10)
    assert set(indexed(watch.db_path)) == set(NOTES) and verify_index(watch.conn) == []
    watch.conn.close()


@pytest.fixture
def unprivileged(tmp_path):
    """(prefix, base): a command prefix running as a user whom permissions
    bind (root reads every folder: `nobody` then) and a folder that user owns."""
    import shutil
    import tempfile

    if os.geteuid() != 0:
        yield (), tmp_path
        return
    if shutil.which("setpriv") is None:
        pytest.skip("running as root, with no setpriv to run as another user")
    base = Path(tempfile.mkdtemp(prefix="mrag-watch-"))  # not under pytest's root-only tmp folder
    try:
        os.chmod(base, 0o755)
        os.chown(base, 65534, 65534)
        yield ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"), base
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(base)], check=False)
        shutil.rmtree(base, ignore_errors=True)


def as_owner(base: Path, prefix: tuple, *command: str) -> None:
    subprocess.run([*prefix, *command], check=True, cwd=base)


def test_a_synced_folder_the_watcher_cannot_read_is_a_clear_error_for_real(mrag_bin, unprivileged):
    """A folder the user cannot read ended the watch with 'unexpected
    PermissionError'; it named the folder and what to do. This asked it of a
    folder inside the synced one, which now stops nothing (the watch passes
    over it and says so: the test below). The synced folder itself, listed
    before but unreadable now (the sync keeps its notes), is still an error
    naming it: watchfiles would watch nothing of it, and say nothing."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    as_owner(base, prefix, "mkdir", "-p", "notes/people")
    as_owner(base, prefix, "sh", "-c", "echo 'Anna Weber.' > notes/people/anna.md")
    assert subprocess.run([*prefix, mrag_bin, "sync", str(base / "notes")], env=env, capture_output=True).returncode == 0
    as_owner(base, prefix, "chmod", "300", "notes")  # -wx: its index still reachable, the folder not listed
    done = subprocess.run([*prefix, mrag_bin, "sync", str(base / "notes"), "--watch"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    stderr = " ".join(done.stderr.split())  # the error is wrapped to the terminal
    assert f"could not start: the file watcher cannot read {base / 'notes'} (permission denied)" in stderr, stderr
    assert "chmod u+rx" in stderr and "unexpected" not in stderr
    as_owner(base, prefix, "chmod", "755", "notes")
    assert set(indexed(base / "notes/.mrag/index.sqlite")) == {"people/anna.md"}


def test_a_watch_started_with_an_unreadable_folder_in_it_watches_the_rest(mrag_bin, unprivileged):
    """`mrag sync ~/notes --watch` with one folder in it the user cannot read
    (another user's, a `.Trash` of root's): the sync passed over it, but the
    watch then stopped ('cannot read ...'). It passes over it as the sync
    does: one `skipped` line for it, edits in every other folder (those after
    it in the watcher's walk too) synced, and it is watched once readable."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    folders = ["a", "m", "people", "z"]
    as_owner(base, prefix, "mkdir", "-p", *(f"notes/{d}" for d in folders))
    as_owner(base, prefix, "sh", "-c", "".join(f"echo 'Oskar Brandt {d}.' > notes/{d}/{d}.md; " for d in folders))
    folder, db_path = base / "notes", base / "notes/.mrag/index.sqlite"
    # the one the watcher walks first (the folder's order): the others come after it
    locked = next(name for name in os.listdir(folder) if name in folders)
    as_owner(base, prefix, "chmod", "000", f"notes/{locked}")

    def events(event: str, path: str) -> list[dict]:
        return [c for c in map(json.loads, list(w.stdout)) if c.get("event") == event and c["path"] == path]

    w = Watcher(mrag_bin, folder, "--json", env=env, prefix=prefix)
    try:
        w.wait_for(lambda: events("skipped", locked), PICKUP_SECONDS, "the unreadable folder's line")
        assert "unreadable folder" in events("skipped", locked)[0]["reason"]
        time.sleep(1)  # the watcher starts anew, passing over it
        for d in folders:
            if d != locked:
                as_owner(base, prefix, "sh", "-c", f"echo 'Later Mallory Quinn came along.' >> notes/{d}/{d}.md")
                w.wait_for(lambda: events("changed", f"{d}/{d}.md"), 5, f"the edit in {d}/")
        as_owner(base, prefix, "chmod", "755", f"notes/{locked}")
        w.wait_for(lambda: events("added", f"{locked}/{locked}.md"), PICKUP_SECONDS, "its note, readable")
        time.sleep(1.5)  # the watcher starts anew, watching it
        as_owner(base, prefix, "sh", "-c", f"echo 'Later Mallory Quinn came along.' >> notes/{locked}/{locked}.md")
        w.wait_for(lambda: events("changed", f"{locked}/{locked}.md"), 5, "the edit in it")
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert len(events("skipped", locked)) == 1, w.stdout  # once, not at each restart or wake
    assert [c["event"] for c in map(json.loads, w.stdout[1:])].count("skipped") == 1
    assert not any(ln.startswith("error") for ln in w.stderr), w.stderr
    assert problems(db_path) == []


def test_a_folder_unreadable_when_it_came_is_watched_once_readable(mrag_bin, unprivileged):
    """A folder moved in that the user cannot read is not watched (inotify
    needs read access); once made readable its notes were synced, but the
    watcher still did not watch it: an edit in it was missed. The watcher
    starts anew when a folder found unreadable becomes readable."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    as_owner(base, prefix, "mkdir", "-p", "notes/people", "away/locked")  # locked: -wx, moved in (not listed)
    as_owner(base, prefix, "sh", "-c", "echo 'Anna Weber.' > notes/people/anna.md; "
                                       "echo 'Oskar Brandt.' > away/locked/oskar.md; chmod 300 away/locked")
    folder, db_path = base / "notes", base / "notes/.mrag/index.sqlite"
    w = Watcher(mrag_bin, folder, env=env, prefix=prefix)
    try:
        as_owner(base, prefix, "mv", "away/locked", "notes/locked")
        w.wait_for(lambda: any("skipped" in line and "locked" in line for line in w.stdout), PICKUP_SECONDS,
                   "the unreadable folder's line")
        as_owner(base, prefix, "chmod", "755", "notes/locked")
        w.wait_for(lambda: "locked/oskar.md" in indexed(db_path), PICKUP_SECONDS, "its note")
        as_owner(base, prefix, "sh", "-c", "echo 'Later Mallory Quinn came along.' >> notes/locked/oskar.md")
        w.wait_for(lambda: any(" changed " in line and "locked/oskar.md" in line for line in w.stdout), 5,
                   "the edit in it")
        assert w.interrupt() == 0
    finally:
        w.stop()


def test_a_restart_with_another_folder_unreadable_goes_on(mrag_bin, unprivileged):
    """The watcher starts anew when a folder found unreadable becomes
    readable; another folder unreadable at that moment (chmod 000 while
    watching) made the new watcher fail ('cannot read ...') and the watch
    stopped. It goes on watching the rest (the folders after it in the
    watcher's walk too), the unreadable folder is its `skipped` line, and
    it is watched once made readable."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    folders = ["a", "m", "people", "z"]
    as_owner(base, prefix, "mkdir", "-p", "away/late", *(f"notes/{d}" for d in folders))
    as_owner(base, prefix, "sh", "-c", "".join(f"echo 'Oskar Brandt {d}.' > notes/{d}/{d}.md; " for d in folders)
                                       + "echo 'Oskar Brandt.' > away/late/oskar.md; chmod 300 away/late")
    folder, db_path = base / "notes", base / "notes/.mrag/index.sqlite"
    # the one the watcher walks first (the folder's order): the others come after it
    locked = next(name for name in os.listdir(folder) if name in folders)

    def line(event: str, path: str) -> bool:
        return any(f" {event} " in ln and path in ln for ln in w.stdout)

    w = Watcher(mrag_bin, folder, env=env, prefix=prefix)
    try:
        as_owner(base, prefix, "mv", "away/late", "notes/late")
        w.wait_for(lambda: line("skipped", "late"), PICKUP_SECONDS, "the unreadable folder's line")
        as_owner(base, prefix, "chmod", "000", f"notes/{locked}")
        w.wait_for(lambda: line("skipped", locked), PICKUP_SECONDS, "the folder made unreadable's line")
        as_owner(base, prefix, "chmod", "755", "notes/late")  # the watcher starts anew, one folder unreadable
        w.wait_for(lambda: "late/oskar.md" in indexed(db_path), PICKUP_SECONDS, "the note made readable")
        time.sleep(1)
        for path in ["late/oskar.md", *(f"{d}/{d}.md" for d in folders if d != locked)]:
            as_owner(base, prefix, "sh", "-c", f"echo 'Later Mallory Quinn came along.' >> notes/{path}")
            w.wait_for(lambda: line("changed", path), 5, f"the edit of {path}")
        as_owner(base, prefix, "chmod", "755", f"notes/{locked}")
        time.sleep(1.5)  # the watcher starts anew
        as_owner(base, prefix, "sh", "-c", f"echo 'Later Mallory Quinn came along.' >> notes/{locked}/{locked}.md")
        w.wait_for(lambda: line("changed", f"{locked}/{locked}.md"), 5, "the edit in the folder readable again")
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert not any(ln.startswith("error") for ln in w.stderr), w.stderr


def watcher_starts(base: Path, env: dict) -> Path:
    """A plugin (MRAG_PLUGINS, loaded by the spawned `mrag`) writing a line to
    the returned file each time a watcher starts (watchfiles.watch is called),
    naming the paths it watches."""
    plugin, log = base / "starts.py", base / "starts.log"
    plugin.write_text("import os, watchfiles\n"
                      "_watch = watchfiles.watch\n"
                      "def watch(*paths, **kw):\n"
                      f"    with open({str(log)!r}, 'a') as f:\n"
                      "        f.write(' '.join(map(str, paths)) + '\\n')\n"
                      "    return _watch(*paths, **kw)\n"
                      "watchfiles.watch = watch\n", encoding="utf-8")
    env["MRAG_PLUGINS"] = ",".join(p for p in (env.get("MRAG_PLUGINS"), str(plugin)) if p)
    return log


def started(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_a_watch_started_with_an_unreadable_folder_starts_its_watcher_once(mrag_bin, unprivileged):
    """The first watcher knew nothing of the folders the first sync could
    not read: its catch-up found one, and the watcher was started a second
    time (two watchfiles.watch calls, two inotify instances one after the
    other). It now starts once, knowing them from the first sync, and still
    says `skipped` for the folder once and watches the folders after it."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    log = watcher_starts(base, env)
    folders = ["a", "m", "z"]
    as_owner(base, prefix, "mkdir", "-p", *(f"notes/{d}" for d in folders))
    as_owner(base, prefix, "sh", "-c", "".join(f"echo 'Oskar Brandt {d}.' > notes/{d}/{d}.md; " for d in folders))
    folder = base / "notes"
    locked = next(name for name in os.listdir(folder) if name in folders)  # the first the watcher walks
    as_owner(base, prefix, "chmod", "000", f"notes/{locked}")

    def events(event: str, path: str) -> list[dict]:
        return [c for c in map(json.loads, list(w.stdout)) if c.get("event") == event and c["path"] == path]

    w = Watcher(mrag_bin, folder, "--json", env=env, prefix=prefix)
    try:
        w.wait_for(lambda: events("skipped", locked), PICKUP_SECONDS, "the unreadable folder's line")
        time.sleep(1.5)  # the time a second start took
        for d in folders:
            if d != locked:
                as_owner(base, prefix, "sh", "-c", f"echo 'Later Mallory Quinn came along.' >> notes/{d}/{d}.md")
                w.wait_for(lambda: events("changed", f"{d}/{d}.md"), 5, f"the edit in {d}/")
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert len(started(log)) == 1, started(log)
    assert len(events("skipped", locked)) == 1, w.stdout


def test_a_synced_folder_unreadable_at_a_restart_is_passed_over_till_readable(mrag_bin, unprivileged):
    """`mrag sync notes other --watch`: the watcher starts anew when a folder
    found unreadable becomes readable; `other`, one of the synced folders,
    unreadable at that moment (chmod 000 while watching) stopped the watch
    ('the file watcher cannot read other'). It is now passed over as a folder
    inside them is: its `skipped` line (path "."), `notes` still watched, and
    once `other` is readable again the watcher starts anew and watches it."""
    prefix, base = unprivileged
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER, "NO_COLOR": "1", "XDG_CONFIG_HOME": str(base / "c"),
           "XDG_STATE_HOME": str(base / "s"), "HOME": str(base)}
    log = watcher_starts(base, env)
    as_owner(base, prefix, "mkdir", "-p", "notes/people", "other", "away/late")
    as_owner(base, prefix, "sh", "-c", "echo 'Anna Weber.' > notes/people/anna.md; echo 'Jonas Berg.' > other/jonas.md; "
                                       "echo 'Oskar Brandt.' > away/late/oskar.md; chmod 300 away/late")
    db_path = base / "index.sqlite"

    def lines(event: str, path: str, root: str = "") -> list[dict]:
        return [c for c in map(json.loads, list(w.stdout)) if c.get("event") == event and c["path"] == path
                and c["root"].endswith(root)]

    env["MRAG_DB"] = str(db_path)
    w = Watcher(mrag_bin, base / "notes", str(base / "other"), "--json", env=env, prefix=prefix)
    try:
        as_owner(base, prefix, "mv", "away/late", "notes/late")
        w.wait_for(lambda: lines("skipped", "late"), PICKUP_SECONDS, "the unreadable folder's line")
        as_owner(base, prefix, "chmod", "000", "other")
        w.wait_for(lambda: lines("skipped", ".", "/other"), PICKUP_SECONDS, "the synced folder made unreadable")
        as_owner(base, prefix, "chmod", "755", "notes/late")  # the watcher starts anew, `other` unreadable
        w.wait_for(lambda: "late/oskar.md" in indexed(db_path), PICKUP_SECONDS, "the note made readable")
        w.wait_for(lambda: len(started(log)) >= 2, PICKUP_SECONDS, "the watcher started anew")
        time.sleep(1)
        as_owner(base, prefix, "sh", "-c", "echo 'Later Mallory Quinn came along.' >> notes/people/anna.md")
        w.wait_for(lambda: lines("changed", "people/anna.md"), 5, "an edit in the folder still readable")
        assert "jonas.md" in indexed(db_path)  # the unreadable folder's notes stay as last synced
        as_owner(base, prefix, "chmod", "755", "other")
        w.wait_for(lambda: str(base / "other") in started(log)[-1], 5, "a watcher watching it again")
        time.sleep(1)
        as_owner(base, prefix, "sh", "-c", "echo 'Later Mallory Quinn came along.' >> other/jonas.md")
        w.wait_for(lambda: lines("changed", "jonas.md"), 5, "the edit in the folder readable again")
        assert w.interrupt() == 0
    finally:
        w.stop()
    assert not any(ln.startswith("error") for ln in w.stderr), w.stderr
    assert len(lines("skipped", ".", "/other")) == 1, w.stdout
    assert str(base / "other") not in started(log)[1], started(log)  # the watcher started without it
    assert problems(db_path) == []


def test_the_lock_file_deleted_while_watching_still_refuses_a_second_sync(mrag_bin, folder):
    """`<index>.lock` deleted while `mrag sync --watch` ran: a second `mrag
    sync` made a new one, locked it and wrote beside the watch. The watch
    makes it anew at its next wake and a second sync is refused as before;
    a sync that took the new file first stops the watch (exit 1), saying so."""
    from minirag_cli.sync import sync_lock

    lock = folder / ".mrag" / "index.sqlite.lock"
    w = Watcher(mrag_bin, folder)
    try:
        lock.unlink()
        w.wait_for(lambda: lock.exists() and lock.read_text().split()[:1] == [str(w.proc.pid)], 3,
                   "the lock made anew")
        second = subprocess.run([mrag_bin, "sync", str(folder)], env=w.env, capture_output=True, text=True,
                                timeout=120)
        assert second.returncode == 1 and f"Another `mrag sync` (pid {w.proc.pid}) is running on" in second.stderr, \
            second.stderr
        write_notes(folder, {"later.md": "Jennifer Moore joined the Garden Club.\n"})
        w.wait_for(lambda: any(" added " in line and "later.md" in line for line in w.stdout), PICKUP_SECONDS,
                   "the watch going on")
        # another sync takes the lock before the watch wakes: a new file locked, put at the lock's name at once
        taken = folder / ".mrag" / "taken"
        with sync_lock(taken):
            os.rename(str(taken) + ".lock", lock)
            assert w.proc.wait(timeout=10) == 1
    finally:
        w.stop()
    stderr = "\n".join(w.stderr)
    assert "was deleted while this `mrag sync` held it, and another one" in stderr and "Traceback" not in stderr
    assert problems(folder / ".mrag" / "index.sqlite") == []


def test_a_watch_waiting_for_a_change_is_no_sync_writing_the_index(mrag_bin, folder):
    """With `mrag sync --watch` running all day (as README suggests), every
    `mrag tasks` said "a `mrag sync` (pid N) is writing the index now: the
    tasks listed are as of what it has written so far", and `mrag doctor` that
    a sync was running, while the watch only waited. The watch says in the lock
    file that it waits; a second sync is still refused, naming its pid, and a
    re-sync is a sync at work again (SyncLock.idle)."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app
    from minirag_cli.sync import sync_lock, sync_running

    write_notes(folder, {"daily/2026-12-04.md": "# Friday\n\n- [ ] load test #4551\n"})
    db_path = folder / ".mrag" / "index.sqlite"
    w = Watcher(mrag_bin, folder)
    try:
        w.wait_for(lambda: sync_running(db_path) is None, 5, "the watch to wait")
        res = CliRunner().invoke(app, ["--db", str(db_path), "tasks"])
        assert res.exit_code == 0 and "load test #4551" in res.stdout
        assert "is writing the index now" not in res.stderr, res.stderr
        second = subprocess.run([mrag_bin, "sync", str(folder)], env=w.env, capture_output=True, text=True,
                                timeout=120)
        assert second.returncode == 1 and f"Another `mrag sync` (pid {w.proc.pid}) is running on" in second.stderr
    finally:
        w.stop()
    other = folder.parent / "other.sqlite"
    with sync_lock(other) as lock:  # the lock's holder: writing, waiting, writing again
        assert sync_running(other) == f"pid {os.getpid()}"
        lock.idle(True)
        assert sync_running(other) is None
        lock.idle(False)
        assert sync_running(other) == f"pid {os.getpid()}"


def test_hidden_folders_beside_an_unreadable_folder_are_not_watched(tmp_path):
    """A watcher started while a folder is unreadable is given, besides the
    roots, every other folder on the way down to it (notify's walk stops at
    the unreadable one): `.git`, `.obsidian` and `.mrag` there were given too,
    and watched on their own, though hidden folders are never indexed."""
    from minirag_cli import watch as watchmod

    root = tmp_path / "notes"
    for folder in ("a/locked", "a/open", "a/.obsidian/plugins", ".git/objects", ".mrag", "b", "b/.cache"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    paths = watchmod._watch_paths([root], {(root, "a/locked")})
    assert set(paths) == {root, root / "a", root / "b", root / "a" / "open"}, paths


def test_a_note_icloud_evicts_while_watching_stays_indexed_as_last_synced(tmp_path, folder):
    """iCloud evicts a note in two steps, its file removed and its hidden placeholder written: a batch that
    closed between them removed the note (then listed it `not indexed until it can be read`), where a plain
    sync keeps it. The watch waits for the placeholder a moment, and keeps the note as a sync does; a note
    deleted for good is still removed."""
    watch = InProcessWatch(tmp_path, folder)
    anna = folder / "people/anna.md"

    def evict():
        anna.unlink()
        time.sleep(0.6)  # longer than a batch waits for more changes (WATCH_STEP_MS)
        (folder / "people/.anna.md.icloud").write_bytes(b"bplist00\xd2\x01\x02\x03\x04_\x10\x0fNSURLNameKey")

    seen = run_script(watch, [(lambda: threading.Thread(target=evict).start(), ("skipped", "people/anna.md")),
                              (lambda: (folder / "projects/garden.md").unlink(), ("removed", "projects/garden.md"))])
    assert seen == [("skipped", "people/anna.md"), ("removed", "projects/garden.md"), ("added", "marker.md")]
    assert set(indexed(watch.db_path)) == {"people/anna.md", "marker.md"}
    reason = db.skipped_files(watch.conn)[str(folder.resolve())]["people/anna.md"]
    assert reason.startswith("not downloaded: iCloud holds only a placeholder here (.anna.md.icloud)")
    assert reason.endswith("(kept as last synced)")
    watch.conn.close()
