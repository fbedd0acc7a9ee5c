"""What `mrag sync --watch` says of a re-sync, as a plain sync says it: a
new hard link to a note is its `skipped` line (the note stays where the
index holds it; `ln "note.md" a.md` moved it to a.md, with an `added` line
and none for the note gone), the per-note warnings (a note decoded as
cp1252) are `warning` lines, and the notes a re-sync committed before Ctrl-C
stopped it have their lines (none had, and no later watch would say it).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.integrity import verify_index
from minirag_cli.sync import NullProgress, SyncSummary, sync_folders
from minirag_cli.walk import hard_link_reason
from minirag_cli.watch import Change, Known, WatchHooks, resync_root
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.test_watch import EMBEDDER, NOTES, InProcessWatch, Watcher, folder, indexed, run_script  # noqa: F401

CP1252 = "Caf\u00e9 with Ren\u00e9e M\u00fcller, \u00bdprice.\n".encode("cp1252")


def test_a_new_hard_link_named_before_the_note_is_skipped_and_the_note_kept(tmp_path, folder):
    """`ln people/anna.md people/aaa.md` while watching printed `added
    people/aaa.md` alone: the note moved to the new name (first in path
    order) and its old name left the index with no line. The note stays
    where the index holds it; the new name is the `skipped` line."""
    watch = InProcessWatch(tmp_path, folder)
    anna, link = folder / "people/anna.md", folder / "people/aaa.md"
    seen = run_script(watch, [(lambda: os.link(anna, link), ("skipped", "people/aaa.md"))])
    assert seen == [("skipped", "people/aaa.md"), ("added", "marker.md")]
    assert set(indexed(watch.db_path)) == {*NOTES, "marker.md"}
    watch.conn.close()


def test_a_plain_sync_keeps_a_hard_linked_note_where_the_index_holds_it(tmp_path, folder):
    """A plain sync moved the note to the new link's name (1 added, 1
    removed: its chunks written anew, every citation of the old path gone)."""
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    embedder, extractor = hashing_embedder(EMBEDDER), HeuristicExtractor()
    sync_folders(conn, [folder], embedder=embedder, extractor=extractor)
    os.link(folder / "people/anna.md", folder / "people/aaa.md")
    again = sync_folders(conn, [folder], embedder=embedder, extractor=extractor)
    assert (again.added_paths, again.removed_paths, again.changed_paths) == ([], [], [])
    assert again.skipped == [{"path": "people/aaa.md", "reason": hard_link_reason("people/anna.md")}]
    # a new index (or --rebuild) takes the first name in path order, as before
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    first = sync_folders(fresh, [folder], embedder=embedder, extractor=extractor)
    assert "people/aaa.md" in first.added_paths and "people/anna.md" not in first.added_paths
    assert verify_index(conn) == [] and verify_index(fresh) == []


def test_a_notes_warning_is_a_watch_line(tmp_path, folder):
    """A note decoded as cp1252: a plain sync warns, the watch printed only
    `added cp.md`."""
    watch = InProcessWatch(tmp_path, folder)
    stop, seen = threading.Event(), []

    def report(change):
        seen.append(change)
        if change.event == "warning":
            stop.set()

    watch.run(WatchHooks(report=report, on_ready=lambda: (folder / "cp.md").write_bytes(CP1252)), stop)
    assert [(c.event, c.path) for c in seen] == [("added", "cp.md"), ("warning", "cp.md")]
    assert "cp1252" in seen[1].reason and seen[1].line().endswith(f"warning  cp.md  ({seen[1].reason})")
    watch.conn.close()


def test_a_warning_of_no_note_is_printed_once(tmp_path, folder):
    """A warning no note written brings (a folder synced before is gone) is
    said by every sync: the watch says it once, a note's each time it is
    written."""
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    gone = {"path": "/elsewhere/notes", "reason": "a folder synced before is gone"}
    mine = {"path": "cp.md", "reason": "decoded as cp1252"}

    def resync(_roots):
        s = SyncSummary(extractor="heuristic")
        s.warnings, s.changed_paths = [gone, mine], ["cp.md"]
        return s

    known = Known()
    events = [[(c.event, c.path) for c in resync_root(conn, folder, {"cp.md"}, resync, known)] for _ in range(2)]
    assert events == [[("warning", "/elsewhere/notes"), ("warning", "cp.md")], [("warning", "cp.md")]]


class StopAfter(NullProgress):
    """A sync's progress that is Ctrl-C after `notes` notes are written."""

    def __init__(self, notes: int):
        self.left = notes

    def advance(self, n_files: int, n_chunks: int) -> None:
        if n_chunks:
            self.left -= 1
            if not self.left:
                raise KeyboardInterrupt


def test_ctrl_c_during_a_re_sync_reports_the_notes_it_committed(tmp_path, folder):
    """Ctrl-C while the watch re-synced 10 new notes: the 4 it had written
    stayed in the index with no line, and the next watch would not report
    them either. They are reported as the watch ends."""
    watch = InProcessWatch(tmp_path, folder)
    embedder, extractor = hashing_embedder(EMBEDDER), HeuristicExtractor()
    progress = StopAfter(4)
    watch.resync = lambda roots: sync_folders(watch.conn, roots, embedder=embedder, extractor=extractor,
                                              progress=progress)
    new = {f"trip/day{i:02d}.md": f"Anna Weber walked with Oskar Brandt on day {i}.\n" for i in range(10)}
    seen: list[Change] = []
    watch.run(WatchHooks(report=seen.append, on_ready=lambda: write_notes(folder, new)), threading.Event())
    committed = set(indexed(watch.db_path)) - set(NOTES)
    assert len(committed) == 4 and committed < set(new)
    assert sorted((c.event, c.path, c.chunks) for c in seen) == [("added", p, 1) for p in sorted(committed)]
    assert verify_index(watch.conn) == []
    watch.conn.close()


def test_ctrl_c_during_a_re_sync_for_real(mrag_bin, folder, tmp_path):
    """The review's case: 300 notes copied into a watched folder, SIGINT
    while the watch re-syncs them: exit 0, and a JSON line for every note
    the index holds of them."""
    source = tmp_path / "source"
    text = "Anna Weber met Oskar Brandt in Berlin and they talked about the garden club.\n" * 40
    write_notes(source, {f"n{i:03d}.md": f"# Note {i}\n{text}" for i in range(300)})
    watcher = Watcher(mrag_bin, folder, "--json")
    try:
        db_path = folder / ".mrag/index.sqlite"
        shutil.copytree(source, folder / "batch")
        watcher.wait_for(lambda: len(indexed(db_path)) > len(NOTES) + 2, 60, "some notes synced")
        assert watcher.interrupt() == 0
        time.sleep(0.2)  # the reader threads drain the pipe
        held = set(indexed(db_path)) - set(NOTES)
        lines = [json.loads(line) for line in watcher.stdout if line.startswith("{")]
        added = {line["path"] for line in lines if line.get("event") == "added"}
        assert held and held <= added, (len(held), len(added))
    finally:
        watcher.stop()


def test_warning_lines():
    c = Change("warning", "/r", "cp.md", None, 0.1, "12:00:03", "decoded as cp1252")
    assert c.line() == "12:00:03  warning  cp.md  (decoded as cp1252)"
    assert c.to_dict() == {"event": "warning", "path": "cp.md", "root": "/r", "chunks": None, "seconds": 0.1,
                           "time": "12:00:03", "reason": "decoded as cp1252"}


def test_a_second_ctrl_c_while_committed_changes_are_listed_or_looked_up_is_said():
    """watch._report_committed: a Ctrl-C during the listing stops it and
    says how many went unlisted; one during the look for them (changes None)
    says they were not looked up; an uninterrupted listing says nothing."""
    from minirag_cli.errors import Interrupted
    from minirag_cli.watch import _report_committed

    changes = [Change("added", "/r", f"n{i}.md", 1, 0.1, "12:00:00") for i in range(5)]
    seen: list[str] = []

    def report(change):
        if len(seen) == 2:
            raise KeyboardInterrupt
        seen.append(change.path)

    with pytest.raises(Interrupted, match=r"3 of the 5 changes it committed not listed\)\.$"):
        _report_committed(changes, WatchHooks(report=report, on_ready=lambda: None))
    assert seen == ["n0.md", "n1.md"]
    with pytest.raises(Interrupted, match=r"the notes it committed were not looked up\)\.$"):
        _report_committed(None, WatchHooks(report=report, on_ready=lambda: None))
    listed: list[str] = []
    _report_committed(changes, WatchHooks(report=lambda c: listed.append(c.path), on_ready=lambda: None))
    assert len(listed) == 5


class HeldWatcher(Watcher):
    """A Watcher whose stdout the test stops reading (`reading` cleared): the
    watch's writes then block on a full pipe, as on a slow terminal or pipe."""

    def __init__(self, *args, **kwargs):
        self.reading = threading.Event()
        self.reading.set()
        super().__init__(*args, **kwargs)

    def _read(self, stream, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))
            if stream is self.proc.stdout:
                self.reading.wait()


def test_a_second_ctrl_c_while_the_committed_notes_are_listed_ends_the_watch_saying_so(mrag_bin, folder, tmp_path):
    """Ctrl-C during a re-sync of 600 new notes, then Ctrl-C again while the
    watch lists the ones it committed (its stdout a full pipe): the second
    escaped the watch as a bare KeyboardInterrupt, so the watch ended with the
    general "interrupted" line, its own closing line lost and the unlisted
    notes never said. It ends with exit code 130, no traceback, and a line
    saying how many of the committed changes were not listed."""
    import fcntl
    import re
    import signal

    if not os.path.exists(f"/proc/{os.getpid()}/wchan"):
        pytest.skip("needs /proc/PID/wchan to see the watch blocked on its output")
    source = tmp_path / "source"
    text = "Anna Weber met Oskar Brandt in Berlin and they talked about the garden club.\n" * 40
    write_notes(source, {f"n{i:03d}.md": f"# Note {i}\n{text}" for i in range(600)})
    watcher = HeldWatcher(mrag_bin, folder, "--json")
    try:
        fcntl.fcntl(watcher.proc.stdout.fileno(), fcntl.F_SETPIPE_SZ, 4096)  # full after ~30 lines
        db_path = folder / ".mrag/index.sqlite"
        shutil.copytree(source, folder / "batch")
        watcher.wait_for(lambda: len(indexed(db_path)) >= len(NOTES) + 200, 120, "200 notes synced")
        watcher.reading.clear()
        watcher.proc.send_signal(signal.SIGINT)
        watcher.wait_for(lambda: "pipe_write" in open(f"/proc/{watcher.proc.pid}/wchan").read(), 60,
                         "the watch blocked listing the committed notes")
        watcher.proc.send_signal(signal.SIGINT)
        watcher.reading.set()
        assert watcher.proc.wait(timeout=60) == 130
        time.sleep(0.2)  # the reader threads drain the pipes
        assert not any("Traceback" in line for line in watcher.stderr), watcher.stderr
        said = re.fullmatch(r"stopped watching; everything synced is kept \(Ctrl-C again while the interrupted "
                            r"re-sync's changes were listed: (\d+) of the (\d+) changes it committed not listed\)\.",
                            watcher.stderr[-1])
        assert said, watcher.stderr[-3:]
        unlisted = int(said.group(1))
        held = set(indexed(db_path)) - set(NOTES)
        listed = {json.loads(line)["path"] for line in watcher.stdout if line.startswith('{"event": "added"')}
        # the line being written when the second Ctrl-C came is counted unlisted, and may still be flushed at the exit
        assert unlisted > 0 and listed < held and len(listed) + unlisted - len(held) in (0, 1), \
            (len(listed), unlisted, len(held))
    finally:
        watcher.reading.set()
        watcher.stop()


@pytest.mark.parametrize("raised", ["bare", "saying"])
def test_ctrl_c_again_while_the_closing_line_is_written_is_no_traceback(monkeypatch, raised):
    """cli.main ends a command stopped by Ctrl-C with a line on stderr; a
    Ctrl-C more (a user pressing it again) while that line is written raised
    a KeyboardInterrupt out of main's handler: a traceback. Further Ctrl-C is
    ignored from there on."""
    import signal

    from minirag_cli import cli
    from minirag_cli.app import InterruptedSaying

    def app(**_kw):
        raise KeyboardInterrupt if raised == "bare" else InterruptedSaying("stopped watching; ...")

    class Stderr:  # Ctrl-C lands as the line is written, unless it is ignored by then
        written: list[str] = []

        def write(self, text):
            if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
                raise KeyboardInterrupt
            self.written.append(text)

    before = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(cli, "app", app)
    monkeypatch.setattr(cli.sys, "stderr", Stderr())
    try:
        with pytest.raises(SystemExit) as stopped:
            cli.main()
    finally:
        signal.signal(signal.SIGINT, before)
    assert stopped.value.code == 130 and Stderr.written
