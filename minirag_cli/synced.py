"""The record of the indexes this user has synced, so that `mrag ask` finds
the index from any folder (README: "Where the index lives", rule 5).

Every `mrag sync` records its index file, the folders it synced and the
time, in `indexes.json` under the user's state folder (platformdirs' user
state directory, `$XDG_STATE_HOME/mrag` on Linux; config.state_dir()): once
its first note is committed (a first sync stopped by Ctrl-C keeps its notes,
so it must be found too) and again when it finishes.
A command that reads an index and finds none by the earlier rules (flag,
MRAG_DB, a `.mrag/` above the current folder, the user config's `db`) uses
the most recently synced one. Records of index files that no longer exist
(moved or deleted) are dropped when read, and reported once.

The file is small JSON, rewritten atomically under a lock, so two syncs of
different indexes finishing together both get recorded.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

STATE_FILENAME = "indexes.json"
MAX_RECORDS = 50  # a user has a handful; the file must not grow without bound


@dataclass
class SyncedIndex:
    db: str  # absolute path of the index file
    roots: list[str] = field(default_factory=list)  # folders synced into it (absolute)
    last_sync: str = ""  # ISO time of the last sync (its first note written, or its end)

    def folder(self) -> str:
        return ", ".join(self.roots) or "-"


def state_file(state_dir: Path) -> Path:
    return Path(state_dir) / STATE_FILENAME


@contextlib.contextmanager
def _locked(state_dir: Path) -> Iterator[None]:
    import fcntl

    state_dir.mkdir(parents=True, exist_ok=True)
    with open(state_dir / (STATE_FILENAME + ".lock"), "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _read(state_dir: Path) -> list[SyncedIndex]:
    """Records, most recent first; an unreadable or foreign file counts as empty
    (it is only a convenience: losing it never loses an index)."""
    try:
        raw = json.loads(state_file(state_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    out = []
    # every level checked: a hand-edited or foreign file ({"indexes": 5}, "roots": null) is as
    # damaged as one that is not JSON, and a TypeError here stopped every command and every sync
    items = raw.get("indexes") if isinstance(raw, dict) else None
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("db"), str) and item["db"]:
            roots = item.get("roots")
            roots = [r for r in roots if isinstance(r, str)] if isinstance(roots, list) else []
            last_sync = item.get("last_sync")
            out.append(SyncedIndex(item["db"], roots, last_sync if isinstance(last_sync, str) else ""))
    out.sort(key=lambda s: s.last_sync, reverse=True)
    return out


def _write(state_dir: Path, records: list[SyncedIndex]) -> None:
    data = {"indexes": [asdict(r) for r in records[:MAX_RECORDS]]}
    fd, tmp = tempfile.mkstemp(prefix=".indexes-", dir=state_dir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
        os.replace(tmp, state_file(state_dir))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def record_sync(state_dir: Path, db: Path, roots: list[str], when: str) -> None:
    """Remember that `db` was just synced from `roots` (merged with the folders
    recorded before). Failing to write the record never fails a sync."""
    db_key = str(Path(db).expanduser().resolve())
    with contextlib.suppress(OSError):
        with _locked(Path(state_dir)):
            records = _read(Path(state_dir))
            previous = next((r for r in records if r.db == db_key), None)
            roots_all = list(dict.fromkeys([*(previous.roots if previous else []), *roots]))
            records = [SyncedIndex(db_key, roots_all, when)] + [r for r in records if r.db != db_key]
            _write(Path(state_dir), records)


def synced_into(state_dir: Path, folder: str) -> SyncedIndex | None:
    """The record of the index `folder` was last synced into (its file there
    or not: an index kept in the folder moved with it), None when it has none."""
    return next((r for r in _read(Path(state_dir)) if folder in r.roots), None)


def known_indexes(state_dir: Path) -> tuple[list[SyncedIndex], list[SyncedIndex]]:
    """(records whose index file exists, most recent first; records dropped
    because their file is gone). Dropped records are removed from the file."""
    state_dir = Path(state_dir)
    records = _read(state_dir)
    live = [r for r in records if Path(r.db).is_file()]
    gone = [r for r in records if not Path(r.db).is_file()]
    if gone:
        with contextlib.suppress(OSError):
            with _locked(state_dir):
                current = _read(state_dir)
                _write(state_dir, [r for r in current if Path(r.db).is_file()])
    return live, gone


def shown_time(iso: str) -> str:
    """'2026-12-01T14:05:09+00:00' -> '2026-12-01 14:05 UTC'."""
    return iso.replace("T", " ")[:16] + (" UTC" if iso.endswith("+00:00") else "") if iso else "?"


def _line(r: SyncedIndex) -> str:
    return f"{r.db}  (from {r.folder()}, last sync {shown_time(r.last_sync)})"


def describe_choice(known: list[SyncedIndex]) -> str:
    """The one line a command prints on stderr when the record chose its index."""
    chosen = known[0]
    head = f"using index {chosen.db} (synced {shown_time(chosen.last_sync)} from {chosen.folder()})"
    if len(known) == 1:
        return head + "; --db PATH or MRAG_DB chooses another"
    others = "; ".join(f"{r.db} from {r.folder()}" for r in known[1:4]) + ("; ..." if len(known) > 4 else "")
    return (f"{head}: the most recently synced of {len(known)} indexes; choose another with --db PATH "
            f"(others: {others})")


def missing_index_error(choice, state_dir: Path):
    """The error for a command that needs an index and has none at `choice`:
    it lists the indexes this user has synced (so it never tells someone who
    just synced to sync), or, when there are none, how to make one."""
    from minirag_cli.errors import DatabaseError

    known = choice.known if choice.from_record else known_indexes(state_dir)[0]
    if choice.source.startswith("default"):
        what = (f"No index found: no --db or MRAG_DB, no .mrag/ folder above {choice.path.parent.parent}, and "
                + ("the indexes you synced were moved or deleted." if choice.forgotten
                   else "you have not synced one yet."))
    elif choice.source.startswith("found "):  # a .mrag/ folder with only a config.toml: "named by found ..."
        what = f"No index at {choice.path}: the .mrag/ folder found at {choice.source[6:]} holds none yet."
    else:
        named = {"flag": "--db", "env MRAG_DB": "MRAG_DB"}.get(choice.source, choice.source)
        what = f"No index at {choice.path} (named by {named})."
    if known:
        listing = "\n  ".join(_line(r) for r in known[:10])
        return DatabaseError(what, hint=f"Indexes you have synced:\n  {listing}\n"
                                        f"Choose one with `mrag --db PATH COMMAND` (or MRAG_DB=PATH).")
    return DatabaseError(what, hint="Run `mrag sync DIR` to index a folder of notes (mrag then finds that index "
                                    "from any folder), or point --db / MRAG_DB at an existing index.")
