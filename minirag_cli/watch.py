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

A batch that holds a note gone (with no iCloud placeholder in its place, from a folder still there) waits
up to EVICTION_GRACE_MS for the placeholder before its re-sync: iCloud evicts a note in two steps, and a
re-sync between them removed a note a plain sync keeps as last synced.

A change to a vault's templates folder setting (walk.template_setting) or a Logseq graph's `logseq/config.edn`
(logseq_templates.graph_setting) re-syncs its root, as one to the .mragignore does. A graph's `config.edn` made or
deleted in a folder above a root (the root a graph's `pages/`) is outside what the watcher watches (watching the
graph's folder would watch all of it): whether one is there is stat'ed at each wake (Known.graphs_came_or_went). A .mragignore that cannot be
used (unreadable, an invalid line) is reported as a skipped line and the watch goes on; its fix re-syncs the root.

What inotify on the folders cannot see is stat'ed each time the watcher
wakes (at least every WATCH_IDLE_MS): the target of a followed file symlink
out of the folder (edited, saved by rename, deleted or brought back) and a
note with a hard link outside the folder or in a hidden folder (edited
through that name). The watcher follows symlinked folders only as it starts:
when a re-sync (its own catch-up included) finds the followed ones changed
from those known before it started, it is started anew, with a catch-up
re-sync for what changed meanwhile. A skipped file is reported when
it becomes skipped (or for another reason), not at every save: an edit
through a hard link passed over is a `changed` line of the note it is
indexed as, with no `skipped` line.

A note re-extracted because another note of the folder now shares its file
name, or no longer does (SyncSummary.note_names_changed), is a `named` line;
so is one re-extracted because a Chinese or Japanese name its text writes,
or a word opening one of its sentences (heuristic rules 25), became known by another note, or stopped being (known_names_changed), with
its own reason.

What would end the watch in silence or with a traceback stops it with a
WatchStopped saying what to do (everything synced is kept): inotify's watch
or instance limit reached (watcher_error; a folder past the watch limit is
not watched and notify, or watchfiles passing over unreadable folders, says
nothing, so the limit is probed as each watcher starts and after a batch
with a new folder; the limit that binds is named: a container's may be lower
than the machine's), a synced folder (a root) the watcher cannot read as the
watch starts, a watched folder gone, unmounted or replaced, the index file deleted
(_check_in_place, at every wake: inotify says nothing of an unmount). A
folder inside a root that the watcher cannot read is passed over, as the
watch starts or later: it is a `skipped` line, once, and the watcher watches
the rest (the first watcher knows those the first sync found; it is started
anew when its catch-up finds another: _watch_paths). So is a root found
unreadable once the watch runs (its line's path is "."): a watcher started
anew leaves it out, and the root is listed at every wake till it can be read.
A folder found unreadable that becomes readable restarts the watcher, which
watches it then.

The caller holds the sync lock for the whole watch: a second `mrag sync` is
refused while it runs; its file deleted is made and locked anew at the next
wake (`check_lock`, sync.SyncLock.check). Ctrl-C (or SIGTERM) ends the
watch; it is not an error. During a re-sync, it keeps the notes committed
and their lines are printed (ResyncInterrupted): no later batch would see
them as changes. A second Ctrl-C while they are found or printed ends the
watch at once, saying how many went unlisted (errors.Interrupted: exit code
130, no traceback).

A plain sync's warnings (a note decoded as cp1252, one with no text) are
`warning` lines: a note's whenever it is written anew, any other once.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterator, Sequence

from minirag_cli.db import index_files
from minirag_cli.errors import IgnoreFileError, Interrupted, WatchStopped, sigterm_as_interrupt
from minirag_cli.keep import KEEP_SUFFIX
from minirag_cli.keep_html import HTML_SUFFIX
from minirag_cli.logseq_templates import graph_setting, in_graph
from minirag_cli.package_folders import package_folder, package_folder_of
from minirag_cli.store.view import chunks_at, notes_at
from minirag_cli.walk import (IGNORE_FILE, NOTE_EXTENSIONS, icloud_placeholder_of, load_ignore, stat_key, template_setting,
                              terminal_name)

WATCH_DEBOUNCE_MS = 1500  # a batch closes this long after its first change at the latest
WATCH_STEP_MS = 250  # ... or once no change came for this long
# with no change, the watcher wakes this often (the first time, to say it runs; each time, to stat
# what inotify cannot see: a followed symlink's target is re-synced within about this long)
WATCH_IDLE_MS = 500

# iCloud evicts a note in two steps: its file goes and its placeholder (`.Health.md.icloud`) comes. A batch
# closed between the two re-synced the folder with the note gone and no placeholder: the note was removed
# (then listed `not indexed until it can be read`), where a plain sync keeps it as last synced. A batch in
# which a note the index holds went from a folder still there, with no placeholder, waits up to this long
# for one (_wait_for_placeholders); the changes meanwhile are the next batch's. A note deleted for good is
# removed that much later.
EVICTION_GRACE_MS = 1000

NAMED_REASON = "entities extracted anew: another note of the folder now has its file name, or no longer has"
# a word some note names (a Chinese or Japanese name, a word opening a sentence: sync.known_names_changed)
KNOWN_REASON = "entities extracted anew: another note now names a word it writes, or no longer does"


@dataclass
class WatchHooks:
    """What the caller of a watch hears: every Change, and once, that the
    watch runs (after its catch-up batch)."""

    report: Callable[["Change"], None]
    on_ready: Callable[[], None] = lambda: None


@dataclass
class Change:
    """One line of the watch's output."""

    # added | changed | removed | skipped | named (SyncSummary.note_names_changed, .known_names_changed) |
    # warning (SyncSummary.warnings: a note decoded as cp1252, a folder synced before gone, ...)
    event: str
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
        if self.event in ("skipped", "warning"):
            return f"{self.at}  {self.event}  {path}  ({self.reason})"
        chunks = "" if self.chunks is None else f"{self.chunks} chunk{'s' * (self.chunks != 1)}"
        why = f"  ({self.reason})" if self.reason else ""
        return f"{self.at}  {self.event:<7}  {path}  {chunks}  {self.seconds:.2f} s{why}"


class NoteFilter:
    """watchfiles filter: a change under a root that could change the index.
    Hidden files and folders (.mrag, .git, editors' swap files) are out,
    except the root's .mragignore and an iCloud placeholder (`.Car.md.icloud`,
    a change of `Car.md`: roots_of); so are the index and its side files and
    files with extensions that are never notes. Paths without an extension
    pass: a folder renamed or deleted looks like that; so does a folder, and
    a path gone that the index holds notes under (`held(root, rel)`): a
    folder named `v1.2` or `2024.05` moved to the trash. A change inside a
    package folder the sync's walk skips (package_folders.py: `npm install`
    writes thousands in `node_modules/`) is out, unless .mragignore keeps it."""

    def __init__(self, roots: Sequence[Path], db_path: Path | None = None,
                 held: Callable[[Path, str], bool] | None = None):
        self.roots = [Path(r).resolve() for r in roots]
        self.own = set()
        self.held = held
        self.ignores: dict[Path, tuple] = {}  # root -> (its .mragignore's stat_key, its rules), read when needed
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
            if rel.parts == (IGNORE_FILE,) or template_setting(rel.as_posix()) or graph_setting(rel.as_posix()):
                return True
            # an iCloud placeholder (`.Car.md.icloud`) is a change of its note: one that came after the note
            # was gone (removed by then) has the note listed as not downloaded, as a sync lists it
            if rel.parts and icloud_placeholder_of(rel.parts[-1]) \
                    and not any(part.startswith(".") for part in rel.parts[:-1]):
                return True
            if any(part.startswith(".") for part in rel.parts):
                return False
            if self._in_package_folder(root, rel):
                return False
            # a `.json` may be a Google Keep note (keep.py: told by its shape, which the sync reads), an `.html` a Keep
            # note's page (keep_html.py)
            if p.suffix.lower() in (*NOTE_EXTENSIONS, KEEP_SUFFIX, HTML_SUFFIX) or p.suffix == "" or p.is_dir():
                return True
            # gone: a file that was no note, or a folder with a dot in its name
            return self.held is not None and not os.path.lexists(p) and self.held(root, rel.as_posix())
        return False

    def _in_package_folder(self, root: Path, rel: Path) -> bool:
        """Is `rel` (of `root`) inside a package folder the sync's walk skips (package_folders.package_folder_of,
        with the root's .mragignore as it is now)? A stat of each folder above it (a virtual environment is told
        by its pyvenv.cfg); .mragignore is read again only when it changed."""
        if len(rel.parts) < 2:
            return False
        if not any(package_folder(str(root.joinpath(*rel.parts[:i]))) is not None for i in range(1, len(rel.parts))):
            return False
        return package_folder_of(root, rel.as_posix(), self._ignore(root)) is not None

    def _ignore(self, root: Path):
        """The rules of `root`'s .mragignore (walk.load_ignore; None without one, or while it cannot be used: the
        re-sync reports that)."""
        try:
            key = stat_key(os.stat(root / IGNORE_FILE))
        except OSError:
            key = None
        cached = self.ignores.get(root)
        if cached is None or cached[0] != key:
            try:
                spec = load_ignore(root) if key is not None else None
            except IgnoreFileError:
                spec = None
            self.ignores[root] = cached = (key, spec)
        return cached[1]

    def roots_of(self, paths) -> dict[Path, set[str]]:
        """root -> the changed paths under it, relative ('/'-separated)."""
        out: dict[Path, set[str]] = {}
        for path in paths:
            p = Path(path)
            for root in self.roots:
                try:
                    rel = p.relative_to(root)
                except ValueError:
                    continue
                if note := icloud_placeholder_of(p.name):  # a placeholder: its note's change
                    rel = rel.with_name(note)
                out.setdefault(root, set()).add(rel.as_posix())
        return out


def _reachable(folder: Path) -> bool:
    """Can `folder` be stat'ed (every folder above it searchable, it there)?"""
    try:
        os.stat(folder)
    except OSError:
        return False
    return True


class Known:
    """What the watch learnt of each root from its last re-sync: the files it
    skipped and why, what inotify cannot see change (stat'ed instead) and the
    symlinked folders it followed."""

    def __init__(self):
        self.skipped: dict[Path, dict[str, str]] = {}
        self.unwatched: dict[Path, dict[str, tuple | None]] = {}
        self.linked_folders: dict[Path, dict[str, tuple]] = {}
        # (path, reason) of each warning printed (by the first sync too): one of no note written anew
        # (a folder synced before gone, another index's notes) is printed once, not at every batch
        self.warned: set[tuple[str, str]] = set()
        # root -> whether a folder above it was a Logseq graph as its last re-sync started (its pages read so)
        self.graph_above: dict[Path, bool] = {}

    def learn(self, root: Path, summary) -> None:
        """What `summary` (a re-sync of `root`, or a sync of several roots with it) says of `root`."""
        self.warned |= {(item["path"], item["reason"]) for item in getattr(summary, "warnings", [])}
        skipped = getattr(summary, "skipped_in", {}).get(str(root), summary.skipped)
        self.skipped[root] = {item["path"]: item["reason"] for item in skipped}
        self.unwatched[root] = dict(summary.unwatched.get(str(root), {}))
        self.linked_folders[root] = dict(summary.linked_folders.get(str(root), {}))

    def followed(self) -> dict[Path, dict[str, tuple]]:
        """root -> the symlinked folders its last re-sync followed, for the roots with any."""
        return {root: folders for root, folders in self.linked_folders.items() if folders}

    def unreadable_folders(self) -> set[tuple[Path, str]]:
        """(root, folder) for each folder the last re-syncs could not list (the watcher cannot watch it);
        the folder is "." for a root itself."""
        return {(root, path) for root, skipped in self.skipped.items() for path, reason in skipped.items()
                if reason.startswith("unreadable folder")}

    def listable_again(self) -> set[Path]:
        """The roots the last re-sync could not list that can be listed now. No watcher watches a
        root it may not read, nor anything above it: nothing but this says it became readable."""
        return {root for root, rel in self.unreadable_folders() if rel == "." and _listable(root)}

    def graphs_came_or_went(self) -> set[Path]:
        """The roots a Logseq graph above came to or went from since their last re-sync: its `logseq/config.edn`
        made or deleted, which no watcher watches (a few stats a root), and which reads the root's pages otherwise
        (a sync's _graphs_came_or_went). A root not re-synced yet is not asked: the catch-up re-syncs it. Nor is
        one that cannot be reached now (a folder above made unsearchable, the root gone): a config.edn it cannot see
        is no graph gone (its re-sync crashed on the root, review revA), and what is wrong with the root itself the
        watch's own checks report."""
        return {root for root, above in self.graph_above.items() if _reachable(root) and in_graph(root.parent) != above}

    def stat_changes(self) -> dict[Path, set[str]]:
        """root -> its unwatched notes whose file changed since the re-sync walked them."""
        out: dict[Path, set[str]] = {}
        for root, keys in self.unwatched.items():
            for rel, key in keys.items():
                st = _stat(root / rel)
                if (None if st is None else stat_key(st)) != key:
                    out.setdefault(root, set()).add(rel)
        return out


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):  # gone, a broken or looping link, a name with a NUL
        return None


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file `path` is (st_dev, st_ino); None when it cannot be stat'ed."""
    st = _stat(path)
    return None if st is None else (st.st_dev, st.st_ino)


class ResyncInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) during a re-sync, with a Change for each note it
    committed before it stopped (every note is its own transaction): the
    watch prints them as it ends, or nothing would ever say they changed.
    `changes` None: a second Ctrl-C stopped the look for them."""

    def __init__(self, changes: list["Change"] | None):
        super().__init__()
        self.changes = changes


STOPPED_LISTING = "stopped watching; everything synced is kept"


def _report_committed(changes: list["Change"] | None, hooks: "WatchHooks") -> None:
    """Report what an interrupted re-sync committed (ResyncInterrupted). A
    second Ctrl-C while they are printed (700 lines to a slow pipe, a
    terminal) escaped the watch's handler as a bare KeyboardInterrupt: the
    watch's closing line was lost, and the lines not printed with no word.
    It ends the listing and the watch with errors.Interrupted, which says
    how many went unlisted (exit code 130)."""
    listed = 0
    try:
        for change in changes or ():
            hooks.report(change)
            listed += 1
    except KeyboardInterrupt:
        pass
    else:
        if changes is not None:
            return
    what = ("the notes it committed were not looked up" if changes is None
            else f"{len(changes) - listed} of the {len(changes)} changes it committed not listed")
    raise Interrupted(f"{STOPPED_LISTING} (Ctrl-C again while the interrupted re-sync's changes were listed: "
                      f"{what}).")


def _committed(conn, root: Path, rels: set[str] | None, before: dict[str, tuple[str, int]],
               seconds: float) -> list[Change]:
    """The notes at or under `rels` (all for None) that an interrupted
    re-sync of `root` added, changed or removed: the index now against
    `before` (notes_at before it ran)."""
    at = datetime.now().strftime("%H:%M:%S")
    after = notes_at(conn, str(root), rels)
    changes = []
    for path in sorted(after.keys() | before.keys()):
        now, was = after.get(path), before.get(path)
        if now is not None and was is None:
            changes.append(Change("added", str(root), path, now[1], seconds, at))
        elif now is not None and now[0] != was[0]:
            changes.append(Change("changed", str(root), path, now[1], seconds, at))
        elif now is None:
            changes.append(Change("removed", str(root), path, was[1], seconds, at))
    return changes


def resync_root(conn, root: Path, rels: set[str] | None, resync: Callable[[list[Path]], object],
                known: Known | None = None) -> list[Change]:
    """Re-sync `root`; one Change per note added, changed, removed or newly
    skipped, and per warning. `rels` are the paths that changed under it, or
    None when they are not known (every change is then reported, skipped
    files excepted). `known` (what the last re-sync learnt) is updated.
    Interrupted (Ctrl-C), it raises ResyncInterrupted with the changes it
    committed."""
    known = known if known is not None else Known()
    # a changed .mragignore (or a vault's templates folder setting, a Logseq graph's settings come or gone) adds,
    # removes and changes notes nobody touched: every change of its root is reported
    if rels is not None and (IGNORE_FILE in rels or any(template_setting(rel) or graph_setting(rel) for rel in rels)):
        rels = None
    before = notes_at(conn, str(root), rels)
    # before the sync's walk (one made meanwhile is a change the next wake sees), and whatever comes of the sync (a
    # .mragignore saved half-edited: its fix re-syncs the root, whose sync reads the pages by its own record)
    known.graph_above[root] = in_graph(root.parent)
    started = time.perf_counter()
    try:
        summary = resync([root])
    except KeyboardInterrupt:
        try:
            committed = _committed(conn, root, rels, before, time.perf_counter() - started)
        except KeyboardInterrupt:  # Ctrl-C again: what was committed is not known (_report_committed says so)
            committed = None
        raise ResyncInterrupted(committed) from None
    seconds = time.perf_counter() - started
    at = datetime.now().strftime("%H:%M:%S")
    changes: list[Change] = []
    named = getattr(summary, "note_names_changed", [])
    known_anew = getattr(summary, "known_names_changed", [])
    after = chunks_at(conn, str(root),
                      set(summary.added_paths) | set(summary.changed_paths) | set(named) | set(known_anew))
    for event, paths in (("added", summary.added_paths), ("changed", summary.changed_paths)):
        for path in paths:
            if path in after:
                changes.append(Change(event, str(root), path, after[path], seconds, at))
    # a note removed that no changed path names (it had been indexed at another name of its file, a
    # hard link) is still a line, with its chunks when known: the index must not lose a note in silence
    for path in summary.removed_paths:
        changes.append(Change("removed", str(root), path, before[path][1] if path in before else None, seconds, at))
    # a note no file change brought in, whose file name another note of the folder now shares (or no
    # longer does): its graph changed (it names itself or not), and nothing else would say so
    for path in named:
        if path in after:
            changes.append(Change("named", str(root), path, after[path], seconds, at, NAMED_REASON))
    # likewise a note whose text writes a CJK name another note made known, or forgot (sync._know_anew)
    for path in known_anew:
        if path in after and path not in named:
            changes.append(Change("named", str(root), path, after[path], seconds, at, KNOWN_REASON))
    # a file that became unreadable or binary is worth a line, once: the rest of the folder's skipped
    # files were reported by the first sync, and a hard link passed over stays passed over when it
    # is saved (the note it is indexed as is the `changed` line)
    was_skipped = known.skipped.get(root, {})
    for item in summary.skipped:
        if rels is not None and item["path"] in rels and was_skipped.get(item["path"]) != item["reason"]:
            changes.append(Change("skipped", str(root), item["path"], None, seconds, at, item["reason"]))
    # as a plain sync prints them: a note's (decoded as cp1252, indexed with no chunks) whenever it is
    # read anew, any other once (a folder synced before gone is said by every sync: not at every batch)
    written = set(summary.added_paths) | set(summary.changed_paths)
    for item in getattr(summary, "warnings", []):
        if item["path"] in written or (item["path"], item["reason"]) not in known.warned:
            changes.append(Change("warning", str(root), item["path"], None, seconds, at, item["reason"]))
    known.learn(root, summary)
    return changes


def _evicted_maybe(conn, root: Path, rels: set[str]) -> bool:
    """Does `rels` name a note the index holds whose file is gone from a folder still there, with no
    iCloud placeholder in its place (yet)?"""
    gone = set()
    for rel in rels:
        path = root / rel
        if (path.suffix.lower() in NOTE_EXTENSIONS and not os.path.lexists(path) and path.parent.is_dir()
                and not os.path.lexists(path.parent / f".{path.name}.icloud")):
            gone.add(rel)
    return bool(gone) and bool(chunks_at(conn, str(root), gone))


def _wait_for_placeholders(conn, touched: dict[Path, set[str] | None], stop_event) -> None:
    """Wait, up to EVICTION_GRACE_MS, while the changes `touched` (root -> its changed paths, None: all)
    hold a note gone with no placeholder (_evicted_maybe). Here, not across batches: the watcher yields
    no batch while anything else changes in the folders, the index's own files too (a query every 50 ms
    kept it from waking at all), so a batch held for later could wait for ever."""
    deadline = time.monotonic() + EVICTION_GRACE_MS / 1000
    while any(rels is not None and _evicted_maybe(conn, root, rels) for root, rels in touched.items()):
        if time.monotonic() >= deadline or (stop_event is not None and stop_event.is_set()):
            return
        time.sleep(0.05)


def _still_a_folder(root: Path) -> bool:
    try:
        return root.is_dir()
    except OSError:  # there, but cannot be searched for now: the sync keeps its notes
        return True


KEPT = "Everything synced so far is kept: the index is intact, and a plain `mrag sync` still works."


def _check_in_place(roots: dict[Path, tuple[int, int] | None], db_path: Path | None,
                    index_at_start: tuple[int, int] | None) -> None:
    """Stop the watch (WatchStopped) when a watched folder is gone, unmounted
    or replaced, or the index file deleted or replaced: inotify says nothing
    of an unmount, and the watch would re-sync an empty mount point (every
    note removed) or write to a deleted index that no query sees. The
    commands the hints print name the index with --db where `mrag sync`
    alone would take another (hints.sync_hint)."""
    from minirag_cli.hints import AsIs, sync_hint

    def again() -> str:  # made only for a hint: resolving the index each poll costs a config read
        return sync_hint(list(roots), db_path, then=["--watch"])

    for root, at_start in roots.items():
        if not _still_a_folder(root):  # the sync would say "<root> is not a folder" and stop
            raise WatchStopped(f"The watch stopped: {root} is gone (moved, renamed or deleted).",
                               hint="Everything synced so far is kept; sync the folder where it is now "
                                    f"({sync_hint([AsIs('NEWPATH')], db_path, then=['--watch'])}).")
        now = _identity(root)
        if at_start is None or now is None or now == at_start:
            continue
        if now[0] != at_start[0]:
            raise WatchStopped(f"The watch stopped: {root} is not on the file system it was on when the watch "
                               "started (unmounted, or another one mounted there): its notes were not removed.",
                               hint=f"Mount it again and run `{again()}` again. " + KEPT)
        raise WatchStopped(f"The watch stopped: {root} is another folder than when the watch started (moved or "
                           "deleted, and one made anew at its place).",
                           hint=f"Run `{again()}` again to watch the folder now there. " + KEPT)
    if db_path is not None and index_at_start is not None and _identity(db_path) != index_at_start:
        raise WatchStopped(f"The watch stopped: the index {db_path} was deleted or replaced while it watched; "
                           "what the watch wrote since went with the deleted file.",
                           hint=f"Sync the folders again to build it anew (`{sync_hint(list(roots), db_path)}`, with "
                                "--watch to go on watching): the notes are all in their files.")


# where inotify's limits are read (tests point it at a folder of their own)
PROC_SYS = Path("/proc/sys")
RAISED_LIMIT = {"watches": 524288, "instances": 1024}


def _inotify_limit(kind: str) -> tuple[str, str]:
    """(the sysctl that binds for inotify's `kind` limit, 'watches' or
    'instances'; how it reads in the error). Both fs.inotify.max_user_<kind>
    (the machine's) and user.max_inotify_<kind> (the user namespace's: a
    container's, lower than the machine's there; the same setting outside
    one) count a user's watches: the lower one binds. The machine's when
    neither can be read, or both are equal."""
    read: list[tuple[int, str]] = []
    for name in (f"fs.inotify.max_user_{kind}", f"user.max_inotify_{kind}"):
        try:
            read.append((int((PROC_SYS / name.replace(".", "/")).read_text().strip()), name))
        except (OSError, ValueError):  # no user namespaces (an old kernel), or no /proc
            continue
    if not read:
        return f"fs.inotify.max_user_{kind}", f"fs.inotify.max_user_{kind}"
    value, name = min(read, key=lambda limit: limit[0])  # equal: the first, the machine's
    if name.startswith("user.") and len(read) > 1:
        return name, (f"{name}, now {value}: this container's (user namespace's) limit, lower than the "
                      f"machine's fs.inotify.max_user_{kind}, {read[0][0]}")
    return name, f"{name}, now {value}"


def _raise_limit_hint(name: str, kind: str) -> str:
    value = RAISED_LIMIT[kind]
    return (f"Raise it: `sudo sysctl {name}={value}`; to keep it after a reboot: "
            f"`echo {name}={value} | sudo tee -a /etc/sysctl.d/90-inotify.conf`. ")


def watcher_error(exc: BaseException, roots: Sequence[Path], started: bool) -> WatchStopped | None:
    """What watchfiles raised (notify's error, in text) as a WatchStopped a
    user can act on; None for anything else. Both inotify limits are per
    user: other programs' watchers (editors, sync clients) count too. The
    watch limit reached as the watcher starts is an OSError ('OS file watch
    limit reached', notify's MaxFilesWatch for ENOSPC); the instance limit,
    a WatchfilesRustInternalError ('Too many open files (os error 24)'); a
    folder it cannot read, a PermissionError (inotify needs read access)."""
    text = str(exc)
    what = "The watch stopped" if started else "The watch could not start"
    folders = ", ".join(map(str, roots))
    if "OS file watch limit reached" in text or "(os error 28)" in text:
        name, limit = _inotify_limit("watches")
        return WatchStopped(f"{what}: the system's limit on inotify watches ({limit}) is reached: the file "
                            f"watcher needs one for each folder under {folders}, and other programs' watchers "
                            "count too.", hint=_raise_limit_hint(name, "watches") + KEPT)
    if "Too many open files" in text or "(os error 24)" in text:
        name, limit = _inotify_limit("instances")
        hint = _raise_limit_hint(name, "instances")
        return WatchStopped(f"{what}: the system's limit on inotify instances ({limit}) is reached: each program "
                            "watching files (editors, sync clients, another `mrag sync --watch`) holds one.",
                            hint="Stop one of them, or " + hint[0].lower() + hint[1:] + KEPT)
    if isinstance(exc, PermissionError) or "(os error 13)" in text:
        named = re.search(r'about \["(.*?)"\]', text)
        return _cannot_read(named.group(1) if named else "a folder", what)
    if type(exc).__name__ == "WatchfilesRustInternalError":  # the watcher is dead
        return WatchStopped(f"{what}: the file watcher failed: {text}.",
                            hint=("It cannot watch a file or folder whose name is not valid UTF-8 (`mrag sync` "
                                  "skips those): rename it. " if "decode path" in text else "") + KEPT)
    return None


def _cannot_read(where: str, what: str) -> WatchStopped:
    return WatchStopped(f"{what}: the file watcher cannot read {where} (permission denied): it must read each "
                        "folder given to `mrag sync --watch` (one inside them that it cannot read is passed over, "
                        "a `skipped` line).", hint=f"Give yourself access to it (chmod u+rx). {KEPT}")


def _listable(folder: Path) -> bool:
    try:
        with os.scandir(folder):
            return True
    except OSError:
        return False


def _readable_roots(roots: Sequence[Path], started: bool) -> list[Path]:
    """The synced folders a watcher can watch (inotify needs read access:
    watchfiles, told to pass over what it may not read, would watch nothing
    of one and say nothing). One it may not read stops the watch as it
    starts (_cannot_read: nothing was watched yet); once it runs, a watcher
    started anew leaves it out, as it does a folder inside a root: the
    catch-up's re-sync makes it a `skipped` line (path "."), and the watch
    starts anew once it is readable (Known.listable_again)."""
    readable = []
    for root in roots:
        try:
            with os.scandir(root):
                pass
        except PermissionError:
            if not started:
                raise _cannot_read(str(root), "The watch could not start") from None
            continue
        except OSError:  # gone or replaced: _check_in_place says so at the first batch
            pass
        readable.append(root)
    return readable


def _idle(stop_event) -> Iterator[set]:
    """A watcher's wakes with nothing to watch (every synced folder unreadable
    for now): an empty batch every WATCH_IDLE_MS until `stop_event`."""
    while stop_event is None or not stop_event.is_set():
        time.sleep(WATCH_IDLE_MS / 1000)
        yield set()


def _watched_folders() -> set[tuple[int, int]] | None:
    """(st_dev, st_ino) of each folder this process's inotify instances
    watch, read from /proc/self/fdinfo (Linux: `inotify wd:N ino:HEX
    sdev:HEX ...`, sdev the kernel's dev_t, major << 20 | minor); None when
    it cannot tell."""
    fds = Path("/proc/self/fd")
    try:
        names = os.listdir(fds)
    except OSError:
        return None
    watched: set[tuple[int, int]] = set()
    for name in names:
        try:
            if os.readlink(fds / name) != "anon_inode:inotify":
                continue
            info = (Path("/proc/self/fdinfo") / name).read_text()
        except OSError:  # closed meanwhile (listdir's own fd among them)
            continue
        for ino, sdev in re.findall(r"^inotify wd:\d+ ino:([0-9a-f]+) sdev:([0-9a-f]+)", info, re.M):
            dev = int(sdev, 16)
            watched.add((os.makedev(dev >> 20, dev & 0xFFFFF), int(ino, 16)))
    return watched


def _unwatched_under(paths) -> bool:
    """Whether a folder at or under one of `paths` has no inotify watch of
    this process. One it may not read is not watched for that (the sync
    skips it). True when it cannot tell."""
    watched = _watched_folders()
    if watched is None:
        return True
    seen: set[tuple[int, int]] = set()
    for path in paths:
        for folder, dirs, _files in os.walk(path, followlinks=True):  # nothing for a file or a path gone
            identity = _identity(Path(folder))
            if identity is None:
                continue
            if identity in seen:  # linked twice, or a link back up the tree: walked once
                dirs[:] = []
                continue
            seen.add(identity)
            if identity not in watched and os.access(folder, os.R_OK):
                return True
    return False


def _unwatched_new_folder(events) -> bool:
    """Whether a folder among `events`' new ones, or under them, has no
    inotify watch of this process (notify adds them before it reports the
    event: this is asked after the batch)."""
    import watchfiles

    return _unwatched_under(path for change, path in events if change == watchfiles.Change.added)


def _watch_limit_reached(roots: Sequence[Path]) -> bool:
    """Whether one more inotify watch would pass the watch limit now. The
    watcher adds a watch for each new folder and, past the limit, goes on
    without it, saying nothing (notify drops that error): an edit in such a
    folder would be missed. The probe watches the roots in turn until one
    answers: a root it may not watch (unreadable for now, gone) says nothing
    of the limit, and the first root was once the only one asked. Linux
    only; False when it cannot tell."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.inotify_init1(os.O_CLOEXEC)
    except (OSError, AttributeError):
        return False
    if fd < 0:  # no instance left to try with: the instance limit, not this one
        return False
    try:
        in_create = 0x100
        for root in roots:
            if libc.inotify_add_watch(fd, os.fsencode(root), in_create) >= 0:
                return False
            if ctypes.get_errno() == errno.ENOSPC:
                return True
        return False
    finally:
        os.close(fd)


def _watch_paths(roots: Sequence[Path], unreadable: set[tuple[Path, str]]) -> list[Path]:
    """What a watcher started while folders are known unreadable is given to
    watch: the roots and, in each folder from a root down to an unreadable
    one, every other folder. notify adds a root's folders one by one as it
    walks it and stops at the first it may not read (watchfiles, told to,
    then ignores the refusal): the folders after it in the walk would go
    unwatched, and are given on their own."""
    paths = dict.fromkeys(roots)
    left_out = {root / rel for root, rel in unreadable}
    for root, rel in sorted(unreadable):
        folder = root
        for part in Path(rel).parts:
            try:
                with os.scandir(folder) as entries:
                    for entry in entries:
                        if entry.name.startswith("."):  # hidden: never indexed, so never watched on its own
                            continue
                        with contextlib.suppress(OSError):
                            if Path(entry.path) not in left_out and entry.is_dir():  # follows links, as notify
                                paths.setdefault(Path(entry.path))
            except OSError:  # gone meanwhile: the catch-up re-sync sees what became of it
                break
            folder = folder / part
    return list(paths)


def _batches(note_filter: NoteFilter, *, debounce_ms: int, step_ms: int, stop_event,
             started: Callable[[], bool], unreadable: set[tuple[Path, str]]) -> Iterator[set]:
    """watchfiles.watch on the roots, its failures as WatchStopped
    (watcher_error). Its first batch (maybe empty) comes once the watcher
    runs, the next ones at least every WATCH_IDLE_MS (to stat what inotify
    cannot see). A root it may not read stops the first watcher and is left
    out of a later one (_readable_roots); a folder inside one is passed over,
    and the folders `unreadable` (the ones known so) do not cut its walk short
    (_watch_paths). watchfiles then passes over any folder it cannot watch,
    the watch limit reached too: the caller probes it."""
    import watchfiles

    roots = _readable_roots(note_filter.roots, started())
    if not roots:
        yield from _idle(stop_event)
        return
    paths = _watch_paths(roots, {(root, rel) for root, rel in unreadable if root in roots})
    batches = watchfiles.watch(*paths, watch_filter=note_filter,
                               debounce=debounce_ms, step=step_ms, stop_event=stop_event, raise_interrupt=True,
                               yield_on_timeout=True, rust_timeout=WATCH_IDLE_MS, ignore_permission_denied=True)
    try:
        while True:
            try:
                events = next(batches)
            except StopIteration:  # stop_event
                return
            except (OSError, RuntimeError) as exc:
                stopped = watcher_error(exc, note_filter.roots, started())
                if stopped is None:
                    raise
                raise stopped from exc
            yield events
    finally:
        batches.close()  # the watcher (its inotify instance and watches) goes now, not when collected


def _new_folders(events) -> bool:
    import watchfiles

    return any(change == watchfiles.Change.added and os.path.isdir(path) for change, path in events)


def watch_folders(conn, db_path: Path | None, roots: Sequence[Path], *, resync: Callable[[list[Path]], object],
                  hooks: WatchHooks, debounce_ms: int = WATCH_DEBOUNCE_MS, step_ms: int = WATCH_STEP_MS,
                  stop_event=None, check_lock: Callable[[], None] = lambda: None, synced=None,
                  idle: Callable[[bool], None] = lambda _idle: None) -> int:
    """Watch `roots` until Ctrl-C, SIGTERM or `stop_event`; re-sync each
    debounced batch of changes with `resync(roots)` (a function returning a
    sync.SyncSummary) and report every Change to `hooks`. Once the watcher
    runs, one catch-up re-sync takes in what changed since the caller's first
    sync, then `hooks.on_ready` is called. Returns the number of batches
    synced. Raises WatchStopped when it cannot go on (_check_in_place,
    watcher_error, the watch limit reached by a new folder). `check_lock` is
    called at every wake, before anything is re-synced (the caller's
    SyncLock.check: SyncLocked when another sync took the lock); `idle(False)` before
    each re-sync and `idle(True)` after it (the caller's SyncLock.idle: a watch that waits
    is no sync writing the index, for `mrag tasks`' notice). `synced`,
    the caller's first sync (a SyncSummary of `roots`), is what the first
    watcher knows of them: the folders it cannot read and the symlinked
    folders it follows (without it, its catch-up learns them and, if there
    are any, the watcher starts a second time)."""
    note_filter = NoteFilter(roots, db_path, held=lambda root, rel: bool(chunks_at(conn, str(root), {rel})))
    in_place = {root: _identity(root) for root in note_filter.roots}
    index_at_start = _identity(db_path) if db_path is not None else None
    known = Known()
    if synced is not None:
        for root in note_filter.roots:
            known.learn(root, synced)
    # the unreadable folders that have had their `skipped` line (or were found by a re-sync that
    # printed what it had to): each gets one as the watch starts, or when it becomes unreadable
    reported: set[tuple[Path, str]] = set()
    batches = 0
    ready = False
    with sigterm_as_interrupt():  # a service manager stopping the watch ends it as Ctrl-C does
        try:
            while True:
                # what the last re-sync before this watcher started found: the watcher follows symlinked
                # folders and watches readable folders only as it starts (or as a folder is made), so
                # anything found otherwise once it runs, the catch-up's re-sync included, restarts it (the
                # first watcher knows what the first sync found, `synced`; without it, none)
                linked_before = known.followed()
                # a folder inside the roots that the watcher cannot read is passed over (a `skipped` line says
                # so) and the rest watched; it starts anew once one is readable. The first watcher knows those
                # the first sync found (`synced`); one its catch-up finds besides makes it start anew. A root
                # it cannot read is left out the same way once the watch runs (_readable_roots)
                left_out = known.unreadable_folders()
                unreadable = set(left_out)  # folders found unreadable while this watcher ran
                catching_up = True
                for events in _batches(note_filter, debounce_ms=debounce_ms, step_ms=step_ms, stop_event=stop_event,
                                       started=lambda: ready, unreadable=left_out):
                    # watchfiles, told to pass over the folders it may not read, passes over any folder it could
                    # not watch, the watch limit reached (notify's MaxFilesWatch) too: a folder past it would go
                    # unwatched, and edits in it missed. The limit is probed once the watcher has walked the roots
                    if catching_up and _watch_limit_reached(note_filter.roots) \
                            and _unwatched_under(note_filter.roots):
                        raise watcher_error(OSError("OS file watch limit reached."), note_filter.roots, ready)
                    touched: dict[Path, set[str] | None] = dict(note_filter.roots_of(p for _c, p in events))
                    if catching_up:  # the watcher runs: catch up with what changed before
                        touched = {root: None for root in note_filter.roots}
                    for root, rels in known.stat_changes().items():
                        if root in touched and touched[root] is None:
                            continue
                        touched[root] = touched.get(root, set()) | rels
                    for root in known.listable_again():  # nothing watched sees it: re-synced, then watched
                        touched[root] = None
                    for root in known.graphs_came_or_went():  # every page of the root may read otherwise
                        touched[root] = None
                    if not catching_up:  # a note gone may be one iCloud evicts: its placeholder is waited for
                        _wait_for_placeholders(conn, touched, stop_event)
                    _check_in_place(in_place, db_path, index_at_start)
                    check_lock()
                    if touched:
                        idle(False)
                        for root, rels in touched.items():  # one root at a time: a bad .mragignore stops only its own
                            try:
                                changes = resync_root(conn, root, rels, resync, known)
                            except IgnoreFileError as exc:
                                # a .mragignore saved half-edited must not end the watch: it is one line, and
                                # the next change (its fix) re-syncs the root with whatever changed meanwhile
                                changes = [Change("skipped", str(root), IGNORE_FILE, None, 0.0,
                                                  datetime.now().strftime("%H:%M:%S"), exc.reason)]
                            for change in changes:
                                hooks.report(change)
                        idle(True)
                        batches += 1
                        # the probe is refused as well when the new folder took the very last watch: it stops
                        # the watch only if a new folder has none (the limit reached before it came)
                        if not catching_up and _new_folders(events) and _watch_limit_reached(note_filter.roots) \
                                and _unwatched_new_folder(events):
                            raise watcher_error(OSError("OS file watch limit reached."), note_filter.roots, True)
                    now_unreadable = known.unreadable_folders()
                    if catching_up:
                        catching_up = False
                        if not ready:
                            ready = True
                            hooks.on_ready()
                        # a folder unreadable as this watcher started: a `skipped` line, once; one not known
                        # so then was passed over and may have cut the watcher's walk short (_watch_paths):
                        # start anew
                        at = datetime.now().strftime("%H:%M:%S")
                        for root, rel in sorted(now_unreadable - reported):
                            hooks.report(Change("skipped", str(root), rel, None, 0.0, at, known.skipped[root][rel]))
                        reported = set(now_unreadable)
                        if now_unreadable - left_out:
                            break
                    reported = set(now_unreadable)
                    readable_again = {(root, rel) for root, rel in unreadable - now_unreadable
                                      if _still_a_folder(root / rel)}
                    unreadable |= now_unreadable
                    if known.followed() != linked_before or readable_again:
                        break  # start the watcher anew (it watches them now), and catch up
                else:  # stop_event
                    break
        except ResyncInterrupted as stopped:  # what the re-sync committed (each note its own transaction) is
            _report_committed(stopped.changes, hooks)  # kept, and said: no later batch would see it as a change
        except KeyboardInterrupt:
            pass
    return batches
