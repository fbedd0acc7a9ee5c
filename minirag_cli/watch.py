"""`mrag sync DIR --watch`: after the first sync, keep the index in step with
the folders.

watchfiles (inotify on Linux, FSEvents on macOS, polling elsewhere) reports
changes; they are debounced (a batch closes WATCH_STEP_MS after the last
change, or WATCH_DEBOUNCE_MS after the first) and each batch re-syncs the
roots it touched through the ordinary incremental sync: unchanged files cost
a stat, and every file is still one transaction, so queries in other
processes see each note appear, change or go whole, and an interrupted batch
loses nothing committed. Events inside hidden folders (the index's own
`.mrag/` among them), on the index file and on files that are not notes are
ignored, so writing the index never wakes the watcher.

A .mragignore that cannot be used (unreadable, an invalid line) is reported
as a skipped line and the watch goes on; its fix re-syncs the root.

What inotify on the folders cannot see is stat'ed each time the watcher
wakes (at least every WATCH_IDLE_MS): the target of a followed file symlink
out of the folder (edited, saved by rename, deleted or brought back) and a
note with a hard link outside the folder or in a hidden folder (edited
through that name). The watcher follows symlinked folders only as it starts:
when a re-sync finds the followed ones changed, it is started anew, with a
catch-up re-sync for what changed meanwhile. A skipped file is reported when
it becomes skipped (or for another reason), not at every save: an edit
through a hard link passed over is a `changed` line of the note it is
indexed as, with no `skipped` line.

The caller holds the sync lock for the whole watch: a second `mrag sync` is
refused while it runs. Ctrl-C (or SIGTERM) ends the watch; it is not an
error.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterator, Sequence

from minirag_cli.db import index_files
from minirag_cli.errors import IgnoreFileError, MragError
from minirag_cli.store.view import chunks_at
from minirag_cli.walk import IGNORE_FILE, NOTE_EXTENSIONS, stat_key, terminal_name

WATCH_DEBOUNCE_MS = 1500  # a batch closes this long after its first change at the latest
WATCH_STEP_MS = 250  # ... or once no change came for this long
# with no change, the watcher wakes this often (the first time, to say it runs; each time, to stat
# what inotify cannot see: a followed symlink's target is re-synced within about this long)
WATCH_IDLE_MS = 500

@dataclass
class WatchHooks:
    """What the caller of a watch hears: every Change, and once, that the
    watch runs (after its catch-up batch)."""

    report: Callable[["Change"], None]
    on_ready: Callable[[], None] = lambda: None


@dataclass
class Change:
    """One line of the watch's output."""

    event: str  # added | changed | removed | skipped
    root: str
    path: str
    chunks: int | None
    seconds: float  # how long the batch's re-sync took
    at: str  # local time the batch finished, HH:MM:SS
    reason: str = ""

    def to_dict(self) -> dict:
        d = {"event": self.event, "path": self.path, "root": self.root, "chunks": self.chunks,
             "seconds": round(self.seconds, 3), "time": self.at}
        if self.reason:
            d["reason"] = self.reason
        return d

    def line(self) -> str:
        path = terminal_name(self.path)
        if self.event == "skipped":
            return f"{self.at}  skipped  {path}  ({self.reason})"
        chunks = "" if self.chunks is None else f"{self.chunks} chunk{'s' * (self.chunks != 1)}"
        return f"{self.at}  {self.event:<7}  {path}  {chunks}  {self.seconds:.2f} s"


class NoteFilter:
    """watchfiles filter: a change under a root that could change the index.
    Hidden files and folders (.mrag, .git, editors' swap files) are out,
    except the root's .mragignore; so are the index and its side files and
    files with extensions that are never notes. Paths without an extension
    pass: a folder renamed or deleted looks like that; so does a folder, and
    a path gone that the index holds notes under (`held(root, rel)`): a
    folder named `v1.2` or `2024.05` moved to the trash."""

    def __init__(self, roots: Sequence[Path], db_path: Path | None = None,
                 held: Callable[[Path, str], bool] | None = None):
        self.roots = [Path(r).resolve() for r in roots]
        self.own = set()
        self.held = held
        if db_path is not None:
            db = str(Path(db_path).resolve())
            self.own = set(index_files(db))

    def __call__(self, _change, path: str) -> bool:
        if path in self.own:
            return False
        p = Path(path)
        for root in self.roots:
            try:
                rel = p.relative_to(root)
            except ValueError:
                continue
            if rel.parts == (IGNORE_FILE,):
                return True
            if any(part.startswith(".") for part in rel.parts):
                return False
            if p.suffix.lower() in NOTE_EXTENSIONS or p.suffix == "" or p.is_dir():
                return True
            # gone: a file that was no note, or a folder with a dot in its name
            return self.held is not None and not os.path.lexists(p) and self.held(root, rel.as_posix())
        return False

    def roots_of(self, paths) -> dict[Path, set[str]]:
        """root -> the changed paths under it, relative ('/'-separated)."""
        out: dict[Path, set[str]] = {}
        for path in paths:
            p = Path(path)
            for root in self.roots:
                try:
                    out.setdefault(root, set()).add(p.relative_to(root).as_posix())
                except ValueError:
                    continue
        return out


class Known:
    """What the watch learnt of each root from its last re-sync: the files it
    skipped and why, what inotify cannot see change (stat'ed instead) and the
    symlinked folders it followed."""

    def __init__(self):
        self.skipped: dict[Path, dict[str, str]] = {}
        self.unwatched: dict[Path, dict[str, tuple | None]] = {}
        self.linked_folders: dict[Path, dict[str, tuple]] = {}

    def learn(self, root: Path, summary) -> None:
        self.skipped[root] = {item["path"]: item["reason"] for item in summary.skipped}
        self.unwatched[root] = dict(summary.unwatched.get(str(root), {}))
        self.linked_folders[root] = dict(summary.linked_folders.get(str(root), {}))

    def stat_changes(self) -> dict[Path, set[str]]:
        """root -> its unwatched notes whose file changed since the re-sync walked them."""
        out: dict[Path, set[str]] = {}
        for root, keys in self.unwatched.items():
            for rel, key in keys.items():
                if _stat_key(root / rel) != key:
                    out.setdefault(root, set()).add(rel)
        return out


def _stat_key(path: Path) -> tuple | None:
    try:
        return stat_key(os.stat(path))
    except (OSError, ValueError):  # gone, a broken or looping link
        return None


def resync_root(conn, root: Path, rels: set[str] | None, resync: Callable[[list[Path]], object],
                known: Known | None = None) -> list[Change]:
    """Re-sync `root`; one Change per note added, changed, removed or newly
    skipped. `rels` are the paths that changed under it, or None when they
    are not known (every change is then reported, skipped files excepted).
    `known` (what the last re-sync learnt) is updated."""
    known = known if known is not None else Known()
    # a changed .mragignore adds and removes notes nobody touched: every change of its root is reported
    if rels is not None and IGNORE_FILE in rels:
        rels = None
    before = chunks_at(conn, str(root), rels)
    started = time.perf_counter()
    summary = resync([root])
    seconds = time.perf_counter() - started
    at = datetime.now().strftime("%H:%M:%S")
    changes: list[Change] = []
    after = chunks_at(conn, str(root), set(summary.added_paths) | set(summary.changed_paths))
    for event, paths in (("added", summary.added_paths), ("changed", summary.changed_paths)):
        for path in paths:
            if path in after:
                changes.append(Change(event, str(root), path, after[path], seconds, at))
    for path in summary.removed_paths:
        if path in before:
            changes.append(Change("removed", str(root), path, before[path], seconds, at))
    # a file that became unreadable or binary is worth a line, once: the rest of the folder's skipped
    # files were reported by the first sync, and a hard link passed over stays passed over when it
    # is saved (the note it is indexed as is the `changed` line)
    was_skipped = known.skipped.get(root, {})
    for item in summary.skipped:
        if rels is not None and item["path"] in rels and was_skipped.get(item["path"]) != item["reason"]:
            changes.append(Change("skipped", str(root), item["path"], None, seconds, at, item["reason"]))
    known.learn(root, summary)
    return changes


def _still_a_folder(root: Path) -> bool:
    try:
        return root.is_dir()
    except OSError:  # there, but cannot be searched for now: the sync keeps its notes
        return True


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (a service manager stopping the watch) ends it as Ctrl-C does."""
    def handler(_signum, _frame):
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def watch_folders(conn, db_path: Path | None, roots: Sequence[Path], *, resync: Callable[[list[Path]], object],
                  hooks: WatchHooks, debounce_ms: int = WATCH_DEBOUNCE_MS, step_ms: int = WATCH_STEP_MS,
                  stop_event=None) -> int:
    """Watch `roots` until Ctrl-C, SIGTERM or `stop_event`; re-sync each
    debounced batch of changes with `resync(roots)` (a function returning a
    sync.SyncSummary) and report every Change to `hooks`. Once the watcher
    runs, one catch-up re-sync takes in what changed since the caller's first
    sync, then `hooks.on_ready` is called. Returns the number of batches
    synced."""
    import watchfiles

    note_filter = NoteFilter(roots, db_path, held=lambda root, rel: bool(chunks_at(conn, str(root), {rel})))
    known = Known()
    batches = 0
    ready = False
    with _sigterm_as_interrupt():
        try:
            while True:
                linked_at_start = None  # the symlinked folders followed when this watcher started
                # yield_on_timeout: the first (maybe empty) batch comes as soon as the watcher runs,
                # and the next ones at least every WATCH_IDLE_MS (to stat what inotify cannot see)
                for events in watchfiles.watch(*note_filter.roots, watch_filter=note_filter, debounce=debounce_ms,
                                               step=step_ms, stop_event=stop_event, raise_interrupt=True,
                                               yield_on_timeout=True, rust_timeout=WATCH_IDLE_MS):
                    touched: dict[Path, set[str] | None] = dict(note_filter.roots_of(p for _c, p in events))
                    if linked_at_start is None:  # the watcher runs: catch up with what changed before
                        touched = {root: None for root in note_filter.roots}
                    for root, rels in known.stat_changes().items():
                        if root in touched and touched[root] is None:
                            continue
                        touched[root] = touched.get(root, set()) | rels
                    if touched:
                        for root, rels in touched.items():  # one root at a time: a bad .mragignore stops only its own
                            if not _still_a_folder(root):  # the sync would say "<root> is not a folder" and stop
                                raise MragError(f"The watch stopped: {root} is gone (moved, renamed or deleted).",
                                                hint="Everything synced so far is kept; sync the folder where it "
                                                     "is now.")
                            try:
                                changes = resync_root(conn, root, rels, resync, known)
                            except IgnoreFileError as exc:
                                # a .mragignore saved half-edited must not end the watch: it is one line, and
                                # the next change (its fix) re-syncs the root with whatever changed meanwhile
                                changes = [Change("skipped", str(root), IGNORE_FILE, None, 0.0,
                                                  datetime.now().strftime("%H:%M:%S"), exc.reason)]
                            for change in changes:
                                hooks.report(change)
                        batches += 1
                    if linked_at_start is None:
                        linked_at_start = dict(known.linked_folders)
                        if not ready:
                            ready = True
                            hooks.on_ready()
                    elif dict(known.linked_folders) != linked_at_start:
                        # the watcher follows symlinked folders only as it starts (a folder linked
                        # now would be watched by its link alone): start it anew, and catch up
                        break
                else:  # stop_event
                    break
        except KeyboardInterrupt:
            pass
        except RuntimeError as exc:  # watchfiles' WatchfilesRustInternalError: the watcher is dead
            if type(exc).__name__ != "WatchfilesRustInternalError":
                raise
            raise MragError(f"The watch stopped: the file watcher failed: {exc}.",
                            hint=("It cannot watch a file or folder whose name is not valid UTF-8 (`mrag sync` "
                                  "skips those): rename it. " if "decode path" in str(exc) else "")
                                 + "Everything synced so far is kept.") from exc
    return batches
