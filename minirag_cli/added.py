"""The notes added to a synced folder since its last sync, which no search can find until a sync reads them.

`mrag ask` said which of its results were edited or deleted since the sync (store.lookup.unsynced_edits), but a
note added since is in no result: a new `daily/2026-12-07.md` ("Finally sent Chiara the code") left the older
"Did NOT send Chiara the code yet" ranked first, with no word that the index was behind (qa s51). Checked at
every question, so it must not cost a walk of every file: a sync records the folders it listed with their mtime
(walk.WalkResult.folders, db.FOLDER_TIMES_KEY), and a note added, removed or renamed in a folder changes that
folder's mtime on POSIX (an edit in place does not: unsynced_edits says those of the results). So the check is a
stat of each recorded folder; only when one changed are the changed folders (and new ones below them) listed, by
the sync's own walk (walk.walk_notes, `within`: the same hidden folders, .mragignore rules, extensions and
skipped files), and their notes the index does not hold are the added ones."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from minirag_cli import db


def added_notes(conn, own_files: frozenset[str] = frozenset()) -> list[dict]:
    """[{root, path}] of the note files in the synced folders that the index does not hold and the last sync of
    their folder did not skip, in path order: added (or renamed) since. `own_files`: the index's own files, passed
    over as a sync passes them (db.index_files). [] for a folder no sync by this mrag recorded (nothing to compare
    with), and for one that is gone or cannot be read (the unsynced notice speaks of a gone folder)."""
    recorded = db.folder_times(conn)
    out = []
    for root in db.recorded_roots(conn):
        folders = recorded.get(root)
        changed = changed_folders(root, folders, own_files) if folders else set()
        if changed:
            out += [{"root": root, "path": path} for path in _unseen_in(conn, root, folders, changed, own_files)]
    return out


def changed_folders(root: str, folders: dict[str, int], own_files: frozenset[str] = frozenset()) -> set[str]:
    """Of the folders of `root` a sync listed (subfolder -> its mtime then, "" for the root), those whose mtime is
    not so now (one recorded as walk.UNTRUSTED_FOLDER_TIME always is). One gone is not (its parent's mtime changed
    with it); none when the root is gone or cannot be looked at. A folder holding the index's own files
    (`own_files`) changes at each opening and closing of the index (SQLite's -wal and -shm come and go): it is
    changed only when an entry besides those changed after the sync listed it (_changed_besides)."""
    from minirag_cli.walk import UNTRUSTED_FOLDER_TIME

    changed = set()
    own_dirs = {os.path.dirname(path) for path in own_files}
    listed = {os.path.join(root, folder[:-1]) for folder in folders if folder}
    for folder, mtime in folders.items():
        path = os.path.join(root, folder)
        try:
            st = os.stat(path)
        except OSError:
            if folder == "":
                return set()
            continue
        if stat.S_ISDIR(st.st_mode) and st.st_mtime_ns != mtime:
            if mtime != UNTRUSTED_FOLDER_TIME and os.path.normpath(path) in own_dirs \
                    and not _changed_besides(path, mtime, own_files, listed):
                continue
            changed.add(folder)
    return changed


def _changed_besides(folder: str, since_ns: int, own_files: frozenset[str], listed: set[str]) -> bool:
    """Did an entry of `folder` other than `own_files` change (its ctime: a note written, renamed or linked in, a
    folder made) after `since_ns`, what the sync recorded of it (walk.folder_record: the time its entries are new
    after)? A subfolder the sync `listed` (their paths) is not (a note added in it changes its own
    mtime, changed_folders' concern), nor a hidden one. A stat of each entry, no walk: an index kept in a synced
    folder (not hidden) made the folder changed at every question, and every question walked it anew (review revB).
    True when it cannot be told."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.path in own_files or entry.name.startswith("."):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                    if stat.S_ISDIR(st.st_mode) and entry.path in listed:
                        continue
                    if st.st_ctime_ns > since_ns:
                        return True
                except OSError:
                    return True
    except OSError:
        return True
    return False


def _unseen_in(conn, root: str, folders: dict[str, int], changed: set[str], own_files: frozenset[str]) -> list[str]:
    """The notes in the folders `changed` of `root` (and in new folders below them) that the index does not hold
    and the last sync did not skip, found by the sync's own walk with the folder's recorded settings."""
    from minirag_cli.errors import MragError
    from minirag_cli.options import DEFAULT_MAX_BYTES
    from minirag_cli.store.read import documents_under, held_paths
    from minirag_cli.walk import ChangedFolders, walk_notes

    # the notes of the folders listed (a changed one and below it; the root's own), for the walk to pass over
    # the notes indexed as they are unopened
    existing = documents_under(conn, root, changed)
    limit = db.get_meta(conn, "max_bytes") or ""
    try:
        walked = walk_notes(Path(root), max_bytes=int(limit) if limit.isdigit() else DEFAULT_MAX_BYTES,
                            follow_symlinks=root in db.following_roots(conn), exclude=own_files,
                            indexed=existing, known=existing, looked=db.looked_files(conn).get(root),
                            within=ChangedFolders(frozenset(folders), frozenset(changed)))
    except (OSError, MragError):  # a .mragignore that cannot be read now: the sync would say so, not a question
        return []
    skipped = db.skipped_files(conn).get(root, {})
    unseen = [note.path for note in walked.files if note.path not in existing and note.path not in skipped]
    held = held_paths(conn, root, unseen)  # in a new folder of the root's: indexed if a sync stopped after it
    return [path for path in unseen if path not in held]
