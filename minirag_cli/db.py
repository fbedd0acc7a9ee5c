"""Opening the index: the one function every command uses to get a connection.

It picks a SQLite binding that can load extensions (stdlib sqlite3 where it
can, else pysqlite3 or sqlean: this machine's Python, like macOS's, ships a
sqlite3 without `enable_load_extension`), loads sqlite-vec, sets WAL and a busy
timeout, refuses files that are not SQLite databases, applies pending
migrations (recorded in `schema_migrations`), and checks the embedder against
the one the index was built with.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from minirag_cli.errors import DatabaseError, EmbedderMismatch, NoRoom, SchemaTooNew

SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
MMAP_BYTES = 1 << 30
_MIGRATION_RE = re.compile(r"^(\d{4})_([\w-]+)\.sql$")


def sqlite_module():
    """Return a DB-API sqlite module whose connections can load extensions."""
    candidates = []
    from minirag_cli.config import environment

    forced = environment().sqlite  # for tests of the fallback order
    order = [forced] if forced else ["sqlite3", "pysqlite3.dbapi2", "sqlean"]
    for name in order:
        try:
            module = __import__(name, fromlist=["connect"])
        except ImportError:
            candidates.append(f"{name}: not installed")
            continue
        if hasattr(module.Connection, "enable_load_extension"):
            return module
        candidates.append(f"{name}: cannot load extensions")
    raise DatabaseError(
        "No SQLite binding that can load extensions (" + "; ".join(candidates) + ").",
        hint="pip install pysqlite3-binary  (or sqlean-py)",
    )


def probe_sqlite(module) -> tuple[str, str | None]:
    """(SQLite version, why FTS5 is missing or None) on a scratch in-memory database (`mrag doctor`)."""
    conn = module.connect(":memory:")
    try:
        version = conn.execute("SELECT sqlite_version()").fetchone()[0]
        try:
            conn.execute("CREATE VIRTUAL TABLE temp.probe USING fts5(x)")
        except Exception as exc:
            return version, str(exc)
        return version, None
    finally:
        conn.close()


def probe_sqlite_vec(module, sqlite_vec) -> tuple[str, Any]:
    """(sqlite-vec version, the row a 1-NN query returned: (1,) when it works)
    on a scratch in-memory database; raises when the extension does not load."""
    conn = module.connect(":memory:")
    try:
        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        version = conn.execute("SELECT vec_version()").fetchone()[0]
        conn.execute("CREATE VIRTUAL TABLE temp.v USING vec0(embedding float[2] distance_metric=cosine)")
        conn.execute("INSERT INTO temp.v(rowid, embedding) VALUES (1, '[1, 0]')")
        return version, conn.execute("SELECT rowid FROM temp.v WHERE embedding MATCH '[1, 0.1]' AND k = 1").fetchone()
    finally:
        conn.close()


def sqlite_vec_path() -> str:
    """The sqlite-vec loadable extension, found without importing the
    sqlite_vec package (its __init__ imports numpy: ~0.1 s on every command)."""
    import importlib.util

    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.origin:
        raise DatabaseError("sqlite-vec is not installed.", hint="pip install sqlite-vec")
    return os.path.join(os.path.dirname(spec.origin), "vec0")


def migrations_dir() -> Path:
    """Migrations ship inside the wheel (minirag_cli/migrations) and live at the
    repository top level in a source checkout or editable install."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "migrations", here.parent / "migrations"):
        if candidate.is_dir():
            return candidate
    raise DatabaseError("The migrations folder is missing from this installation.")


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) for every migration file, in order."""
    found = []
    for path in sorted(migrations_dir().iterdir()):
        m = _MIGRATION_RE.match(path.name)
        if m:
            found.append((int(m.group(1)), m.group(2), path.read_text(encoding="utf-8")))
    return found


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def _rebuild_sync(path: str | os.PathLike | None) -> str:
    """`mrag sync DIR` that builds the index at `path` anew, its file named with --db where `mrag sync DIR` alone
    would build another (hints.sync_hint); its folders are not read from a file that cannot be opened."""
    from minirag_cli.hints import sync_hint

    return sync_hint([], path)


def file_head(path: str | os.PathLike) -> bytes:
    """The first bytes of the file at `path`, as many as SQLITE_HEADER has
    (equal to it for an SQLite database, b"" for an empty file); OSError when
    it cannot be read."""
    with open(path, "rb") as fh:
        return fh.read(len(SQLITE_HEADER))


def _check_header(path: Path) -> None:
    try:
        head = file_head(path)
    except OSError as exc:
        raise DatabaseError(f"Cannot read the index {path}: {exc.strerror}.") from exc
    if head and head != SQLITE_HEADER:
        raise DatabaseError(
            f"{path} is not an SQLite database (corrupt or another kind of file).",
            hint=f"Move it aside and run `{_rebuild_sync(path)}` to rebuild; mrag never overwrites it.",
        )


def _check_ours(conn, path: Path, *, create: bool) -> None:
    """Refuse an SQLite file of another program (tables, no mrag schema), and,
    unless creating, an empty one: migrating either would write mrag's tables
    into a file no sync made."""
    if schema_version(conn):
        return
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' "
        "ORDER BY name")]
    if names:
        conn.close()
        shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        raise DatabaseError(
            f"{path} is an SQLite database of another program (tables {shown}), not an mrag index.",
            hint="Point --db at an index made by `mrag sync`, or at a new file; mrag never writes to it.")
    if not create:
        from minirag_cli.hints import sync_command

        conn.close()
        raise DatabaseError(f"{path} is empty: no index has been built in it yet.",
                            hint=f"Run `{sync_command([], path)}` to build the index in it.")


def sqlite_files(path: str | os.PathLike) -> list[str]:
    """The index file and the files SQLite keeps beside it (WAL, shared
    memory, rollback journal)."""
    return [str(path) + suffix for suffix in ("", "-wal", "-shm", "-journal")]


REBUILD_SUFFIX = ".rebuild"  # `<index>.rebuild`: where `sync --rebuild` builds the new index


def lock_path(path: str | os.PathLike) -> Path:
    """`<index>.lock`: the sync lock (sync.sync_lock; doctor asks whether it is held),
    beside the real file: an index reached through a symlink to it has the same lock
    (SQLite follows the link too), or two syncs could run on it at once."""
    return Path(os.path.realpath(path) + ".lock")


def index_files(path: str | os.PathLike) -> list[str]:
    """Every file mrag keeps for the index at `path`: SQLite's, the sync lock
    and the rebuild copy's. An index kept inside a synced folder is not a note
    there, nor a change for `mrag watch`."""
    return [*sqlite_files(path), str(lock_path(path)), *sqlite_files(str(path) + REBUILD_SUFFIX)]


@dataclass(frozen=True)
class NewIndex:
    """What a command that creates the index at `path` found before it did
    (new_index), so a first sync that fails before writing a note can take
    back what it made (discard_new_index) and nothing else."""
    path: Path
    files_before: frozenset[str]   # index_files(path) that were already there (a stale lock, ...)
    made_folders: tuple[Path, ...]  # the folders above it that were not there, deepest first
    identity: tuple[int, int] | None = None  # (st_dev, st_ino) of the file once made


def new_index(path: str | os.PathLike) -> NewIndex | None:
    """None when an index (or anything) is already at `path`, else what is
    there before it is made: call before connect(path, create=True)."""
    path = Path(path)
    if index_exists(path):
        return None
    made = []
    for folder in path.absolute().parents:
        if folder.exists():
            break
        made.append(folder)
    return NewIndex(path, frozenset(f for f in index_files(path) if os.path.lexists(f)), tuple(made))


def file_identity(path: str | os.PathLike) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def discard_new_index(made: NewIndex) -> bool:
    """Remove the index `made` recorded and the files and folders it brought
    (SQLite's, the sync lock; its folders when empty), if the file at its path is
    still the one made. The caller has closed its connection, holds the sync lock
    and knows no note was written. False (nothing removed) when the file was
    replaced meanwhile."""
    if made.identity is None or file_identity(made.path) != made.identity:
        return False
    for name in index_files(made.path):
        if name not in made.files_before:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)
    for folder in made.made_folders:
        try:
            folder.rmdir()
        except OSError:  # not empty (something else was put there meanwhile): kept, and those above it
            break
    return True


def index_exists(path: str | os.PathLike) -> bool:
    """Whether anything is at `path`; a DatabaseError when a folder above it
    cannot be searched (Path.exists raises PermissionError there)."""
    try:
        return Path(path).exists()
    except OSError as exc:
        raise DatabaseError(f"Cannot reach the index {path}: {exc.strerror or exc}.",
                            hint="mrag needs to search the folders above it: check their permissions, or choose "
                                 "another index with --db (or MRAG_DB).") from None


def connect(path: str | os.PathLike, *, create: bool = False, migrate: bool = True):
    """Open (and with create=True make) the index at `path`, migrated and ready."""
    path = Path(path)
    existed = index_exists(path)
    if existed:
        if path.is_dir():
            raise DatabaseError(f"{path} is a folder, not an index file.")
        _check_header(path)
    elif not create:
        raise DatabaseError(
            f"No index at {path}.",
            hint="Run `mrag sync DIR` to build one, or point --db / MRAG_DB at an existing index.",
        )
    else:
        _make_folder(path)

    sqlite = sqlite_module()
    try:
        conn = sqlite.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                              check_same_thread=False, factory=_connection_class(sqlite))
        conn.enable_load_extension(True)
        conn.load_extension(sqlite_vec_path())
        conn.enable_load_extension(False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _check_ours(conn, path, create=create)  # before WAL: a file not ours stays untouched
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        conn.execute("PRAGMA synchronous = NORMAL")
        # reads through mmap instead of copying pages: a brute-force KNN scans
        # the whole vector table (145 MB at 100k chunks), 87 -> 56 ms (BENCHMARKS.md)
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    except sqlite.DatabaseError as exc:
        # a new index that cannot be made (a read-only folder) is no damaged file; nor is a sound
        # index on a read-only disk, where SQLite says only "unable to open database file" (it
        # cannot make the -shm file WAL needs)
        readonly = "readonly" in str(exc).lower() or not _writable(path)
        raise DatabaseError(
            f"{path} cannot be {'opened as an index' if existed else 'created'}: {exc}"
            + (" (it or its folder is read-only)." if readonly else "."),
            hint=READONLY_HINT if readonly or not existed
            else f"If the file is damaged, move it aside and run `{_rebuild_sync(path)}` to rebuild.",
        ) from exc
    if str(mode).lower() != "wal" and str(path) != ":memory:":
        conn.close()
        raise DatabaseError(f"Could not switch {path} to WAL mode (got {mode}).")
    if migrate:
        apply_migrations(conn)
    return conn


def _make_folder(path: Path) -> None:
    """The folder a new index at `path` goes in; a DatabaseError when it
    cannot be made (a file in the way, no permission)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        elsewhere = "choose another place with --db (or MRAG_DB)"
        blocker = next((p for p in path.parents if p.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise DatabaseError(f"{path} cannot be created: {blocker} is not a folder.",
                                hint=elsewhere[0].upper() + elsewhere[1:] + ".") from None
        raise DatabaseError(f"{path} cannot be created: {exc.strerror or exc} ({exc.filename}).",
                            hint=f"Check the permissions of the folders above it, or {elsewhere}.") from None


def _writable(path: Path) -> bool:
    """Whether this process may write the index file (if it is there) and its
    folder (where WAL keeps -wal and -shm): false on a read-only disk too."""
    folder = path.parent if str(path.parent) else Path(".")
    return os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def sibling(conn):
    """A second connection to the file `conn` has open, for work run in
    another thread while `conn` is busy; made once and closed with `conn`
    (a new one per search would map the file again: 20 ms of page faults at
    100k chunks). None for an in-memory database or a connection that did
    not come from `connect`."""
    if not hasattr(conn, "sibling_connection"):
        return None
    if conn.sibling_connection is None:
        row = conn.execute("PRAGMA database_list").fetchone()
        path = row[2] if row else ""
        if not path or path == ":memory:":
            return None
        conn.sibling_connection = connect(path, migrate=False)
    return conn.sibling_connection


_CONNECTION_CLASSES: dict[str, type] = {}


def _connection_class(sqlite) -> type:
    """The binding's Connection with room for a sibling connection."""
    cls = _CONNECTION_CLASSES.get(sqlite.__name__)
    if cls is None:
        class IndexConnection(sqlite.Connection):
            sibling_connection = None

            def close(self):
                if self.sibling_connection is not None:
                    self.sibling_connection.close()
                    self.sibling_connection = None
                super().close()

        cls = _CONNECTION_CLASSES[sqlite.__name__] = IndexConnection
    return cls


def schema_version(conn) -> int:
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'"
    ).fetchone()
    if not exists:
        return 0
    return conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()[0]


def apply_migrations(conn, upto: int | None = None) -> list[int]:
    """Apply every migration newer than the database, each in its own
    transaction together with its row in schema_migrations."""
    known = migrations()
    latest = known[-1][0] if known else 0
    try:
        current = schema_version(conn)
    except Exception as exc:  # a truncated or damaged file fails here first
        raise DatabaseError(
            f"The index cannot be read: {exc}.",
            hint=f"Move the file aside and run `{_rebuild_sync(index_file(conn))}` to rebuild; mrag never "
                 "overwrites it.",
        ) from exc
    if current > latest:
        raise SchemaTooNew(
            f"This index has schema version {current}; this mrag knows up to {latest}.",
            hint="Upgrade mrag (pip install -U minirag-cli) to open it.",
        )
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    applied = []
    for version, name, sql in known:
        if version <= current or (upto is not None and version > upto):
            continue
        record = (
            "INSERT INTO schema_migrations(version, name, applied_at) "
            f"VALUES ({version}, '{name}', '{now_iso()}');"
        )
        try:
            # the script leaves its transaction open for the migration's Python
            # step (if any), and the COMMIT makes both one atomic change. The
            # record goes first: when another process (a second `mrag sync`, a
            # query) applied this migration since `current` was read, its row
            # is there and the insert fails before any of the SQL runs again
            conn.executescript("BEGIN IMMEDIATE;\n" + record + "\n" + sql)
            step = MIGRATION_STEPS.get(version)
            if step:
                step(conn)
            conn.execute("COMMIT")
        except Exception:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if schema_version(conn) >= version:  # applied by another process meanwhile
                continue
            raise
        applied.append(version)
    if applied:
        compact(conn)
    return applied


def compact(conn, free_share: float = 0.25) -> bool:
    """VACUUM when more than `free_share` of the file is free pages (a
    migration that rewrote tables, 0004's smaller vectors), so the file a
    user has shrinks too; skipped, never fatal, when another connection is
    busy with the file. Returns whether it ran."""
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    if not pages or free <= free_share * pages:
        return False
    try:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except Exception:  # SQLITE_BUSY: a reader holds the file; the next open tries again
        return False
    return True


READONLY_HINT = ("mrag needs to write the index file and its folder (even to read it: WAL keeps -wal and -shm files "
                 "beside it); check their permissions (and that the disk is not mounted read-only), or copy the "
                 "index somewhere writable.")
_DAMAGED = ("malformed", "not a database", "database corrupt", "file is not a database")


def _is_sqlite_error(exc: BaseException, kinds: tuple[str, ...] = ("DatabaseError", "OperationalError")) -> bool:
    """Whether `exc` is one of the `kinds` of error of an SQLite module
    (sqlite3, or sqlean's drop-in), by name: either module's classes count."""
    module = type(exc).__module__
    return type(exc).__name__ in kinds and ("sqlite" in module or "sqlean" in module)


def is_lock_error(exc: BaseException) -> bool:
    """An SQLite error saying another connection held the lock past the busy
    timeout (SQLITE_BUSY / SQLITE_LOCKED): the file is fine, only busy. The
    one test of a lock error (explain_sqlite_error's too); SQLite raises
    these as OperationalError, never as a plain DatabaseError."""
    if not _is_sqlite_error(exc, ("OperationalError",)):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def explain_sqlite_error(exc: BaseException, roots: list[str] | None = None,
                         index: str | os.PathLike | None = None) -> DatabaseError | None:
    """Turn a raw SQLite error that escaped a command (damage found mid-query,
    a lock held too long, a full disk) into a DatabaseError with advice; None if `exc` is
    not an SQLite error. The file is never touched. `roots`: the index's
    synced folders (recorded_roots), named in the rebuild it advises; `index`: the index's file, named with --db
    there when `mrag sync ROOT` alone would sync another (hints.sync_hint)."""
    from minirag_cli.hints import sync_hint

    if not _is_sqlite_error(exc):
        return None
    sync = sync_hint(roots or [], index)
    text = str(exc)
    if "disk is full" in text.lower():  # SQLITE_FULL: the write was rolled back, the file is fine
        return no_room(text)
    if "disk i/o error" in text.lower():  # SQLITE_IOERR: the disk (or a file-size limit), not the file, failed
        return DatabaseError(
            f"Could not read or write the index file: {text}.",
            hint="Check its disk (space, a file-size limit, a network drive that went away) and run the command "
                 "again; everything committed before is kept. `mrag doctor` tells whether the file itself is sound.")
    if any(word in text.lower() for word in _DAMAGED):
        return DatabaseError(
            f"The index is damaged: {text}.",
            hint=f"Run `mrag doctor` for details; move the file aside and run `{sync}` to rebuild "
                 "(mrag never overwrites it).")
    if _is_sqlite_error(exc, ("OperationalError",)) and text.lower().startswith(_VEC_FAILED):
        # sqlite-vec says a vector it could not read or write in its own words ("Could not fetch vector
        # data for 1, opening blob failed"), with SQLITE_ERROR: its shadow tables lack what its index
        # names (a damaged file), or, for a write, the disk failed (a full one is said so: transaction())
        return DatabaseError(
            f"The index's vectors cannot be read or written: {text}.",
            hint=f"Run `mrag doctor` for details; rebuild the index: {sync_hint(roots or [], index, rebuild=True)} "
                 "(or move the file aside and sync again); the extraction cache is kept.")
    if _is_sqlite_error(exc, ("OperationalError",)) and \
            any(word in text.lower() for word in ("dimension mismatch", "dimension mistmatch")):
        # sqlite-vec was given a vector of another length than the index's (its own spelling,
        # "mistmatch", for the distance functions): the index was rebuilt with another embedding
        # model while a program that had it open (the MCP server) kept the old one's question vector
        return DatabaseError(
            f"The question's vector and the index's are of different lengths: {text}. The index was "
            "probably rebuilt with another embedding model while this ran.",
            hint="Run it again (it then uses the index's model, `mrag status` names it); if it persists, restart "
                 "the program that keeps the index open (`mrag mcp`).")
    if text.lower().startswith(("no such table", "no such column")):
        # migrations made every table of this schema version: one missing was dropped or lost
        # (a tool, a partial copy); not an mrag fault to report but an index to rebuild
        return DatabaseError(
            f"The index lacks part of its schema ({text}): it is damaged.",
            hint=f"Run `mrag doctor` for details; move the file aside and run `{sync}` to rebuild "
                 "(mrag never overwrites it).")
    if "readonly" in text.lower():
        return DatabaseError(f"The index cannot be written: {text}.", hint=READONLY_HINT)
    if is_lock_error(exc):
        return DatabaseError(
            f"The index stayed locked for more than {BUSY_TIMEOUT_MS // 1000} s: {text}.",
            hint="Another program holds a write lock on it; try again when it has finished.")
    return None


def no_room(text: str) -> NoRoom:
    return NoRoom(f"No room to write the index: {text}.",
                  hint="Free some space on its disk and run the command again; everything committed before is kept.")


# Room the index may lack when a write fails inside sqlite-vec: a vec0 block of the largest size
# (vectors.MAX_CHUNK_SIZE int8 vectors of 384 dimensions) is under 1 MiB
_NO_ROOM_BYTES = 1 << 20


_VEC_FAILED = ("internal sqlite-vec error", "could not")  # how sqlite-vec's own error messages start


def _vec_write_failed(exc: BaseException) -> bool:
    """An error sqlite-vec raised for a write it could not make. It reports the
    SQLite error under it as a message of its own with SQLITE_ERROR ("Internal
    sqlite-vec error: Could not insert a new vector chunk"), so a full disk is
    not "database or disk is full" there."""
    return _is_sqlite_error(exc, ("OperationalError",)) \
        and str(exc).lower().startswith(_VEC_FAILED) \
        and "disk is full" not in str(exc).lower()  # said: explain_sqlite_error reads it


def room_left(conn) -> int | None:
    """Bytes the index file can still grow by: its disk's free space (for this
    user), or less when PRAGMA max_page_count caps it; None when unknown (an
    index in memory, a disk that cannot be asked)."""
    try:
        file = next((row[2] for row in conn.execute("PRAGMA database_list") if row[1] == "main"), "")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages_left = conn.execute("PRAGMA max_page_count").fetchone()[0] - conn.execute("PRAGMA page_count").fetchone()[0]
        room = [max(pages_left, 0) * page_size]
        if file:
            disk = os.statvfs(os.path.dirname(file) or ".")
            room.append(disk.f_bavail * disk.f_frsize)
        return min(room)
    except Exception:  # only asked to explain another error: never one of its own
        return None


@contextlib.contextmanager
def read_snapshot(conn) -> Iterator[Any]:
    """One read transaction: every read inside sees the same committed state,
    and (WAL) no checkpoint rewrites the pages it reads or restarts the log
    under it while it lasts. `mrag status` needs it because pagestat reads
    the file's pages itself, outside SQLite: during a sync, without it, a
    checkpoint could tear the schema page it was reading. Inside an open
    transaction it adds nothing (that one already holds its snapshot)."""
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN")
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()  # BEGIN is deferred: this takes the read lock
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")  # nothing was written: ending it only lets go of the snapshot


@contextlib.contextmanager
def transaction(conn) -> Iterator[Any]:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception (Ctrl-C included).
    A write sqlite-vec could not make for want of room is a NoRoom error, as
    SQLite's own "database or disk is full" is (explain_sqlite_error)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException as exc:
        room = room_left(conn) if _vec_write_failed(exc) else None  # before the rollback frees its pages
        if conn.in_transaction:  # SQLite rolls back itself on some errors (a full disk)
            conn.execute("ROLLBACK")
        if room is not None and room < _NO_ROOM_BYTES:
            detail = re.sub(r"(?i)^internal sqlite-vec error:\s*", "", str(exc))
            raise no_room(f"database or disk is full (sqlite-vec: {detail})") from exc
        raise
    else:
        conn.execute("COMMIT")


def copy_missing_rows(conn, other_index: str, table: str, where: str = "1") -> None:
    """Insert into `table` the rows of the same table in another index file
    (matching `where`) whose keys it lacks, keeping the rows it has. Call
    outside a transaction (ATTACH); the other file must have this schema."""
    conn.execute("ATTACH DATABASE ? AS other", (other_index,))
    try:
        columns = ", ".join(row[1] for row in conn.execute(f"PRAGMA main.table_info({table})"))
        with transaction(conn):
            conn.execute(f"INSERT OR IGNORE INTO main.{table} ({columns}) "
                         f"SELECT {columns} FROM other.{table} WHERE {where}")
    finally:
        conn.execute("DETACH DATABASE other")


def set_wal_autocheckpoint(conn, pages: int) -> None:
    """How many WAL pages accumulate before SQLite copies them back (a sync raises it)."""
    conn.execute(f"PRAGMA wal_autocheckpoint = {int(pages)}")


def get_meta(conn, key: str, default: str | None = None) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def set_meta(conn, key: str, value: Any) -> None:
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, None if value is None else str(value)),
    )


def delete_meta(conn, key: str) -> None:
    conn.execute("DELETE FROM meta WHERE key = ?", (key,))


VEC_TABLES = {
    # vec0 table: the owner table whose delete removes the vector (rowid = owner id)
    "vec_chunks": "chunks",
    "vec_entity_names": "entities",
}


def has_table(conn, name: str) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone())


def has_vec_tables(conn) -> bool:
    return has_table(conn, "vec_chunks")


def embedding_dim(conn) -> int | None:
    """The dimension of the index's vectors (meta `embedding_dim`); None for
    an index no sync has embedded into yet. An index that names its embedder
    or holds vector tables but records no usable dimension (damaged, or
    written by an old mrag) is a DatabaseError saying to rebuild: its vectors
    cannot be read or added to without it."""
    raw = get_meta(conn, "embedding_dim")
    try:
        dim = int(raw) if raw is not None else 0
    except ValueError:
        dim = 0
    if dim > 0:
        return dim
    if raw is None and get_meta(conn, "embedding_model") is None and not has_vec_tables(conn):
        return None
    row = conn.execute("PRAGMA database_list").fetchone()
    where = f"The index {row[2]}" if row and row[2] else "The index"
    state = "is not recorded" if raw is None else f"is recorded as {raw!r}"
    raise DatabaseError(f"{where} is missing its embedding dimension (meta embedding_dim {state}): it is damaged "
                        "or was written by another version of mrag, and its vectors cannot be read.",
                        hint=f"Rebuild it from the notes: {index_rebuild_command(conn, recorded_roots(conn))} (the extraction "
                             "cache is kept).")


def recorded_roots_at(path) -> list[str]:
    """recorded_roots of the index file at `path`, for an error's advice:
    read-only and without extensions, [] when it cannot be read."""
    import sqlite3

    try:
        # no busy wait: the error being explained may be another program's lock
        conn = sqlite3.connect(f"file:{Path(path).resolve().as_posix()}?mode=ro", uri=True, timeout=0)
        try:
            return recorded_roots(conn)
        finally:
            conn.close()
    except Exception:  # noqa: BLE001 (advice only: a damaged file names no folder)
        return []


def recorded_roots(conn) -> list[str]:
    """The synced folders the index records (meta `roots`), for messages:
    [] before the first sync, or when the record is damaged."""
    return _meta_folders(conn, "roots")


def _meta_folders(conn, key: str) -> list[str]:
    """The folders a meta value records as a JSON list; [] when there is
    none, and when the record is damaged (not JSON, not a list: its strings only)."""
    try:
        roots = json.loads(get_meta(conn, key) or "[]")
    except ValueError:
        return []
    return [r for r in roots if isinstance(r, str)] if isinstance(roots, list) else []


FOLLOW_SYMLINKS_KEY = "follow_symlinks"  # meta: the roots whose symlinks out of the folder a sync follows
HEURISTIC_VERSION_KEY = "heuristic_version"  # meta: the heuristic rules' version the index's entities come from
# meta: {folder: walk.READER_VERSION its last finished sync read its files with} (sync._stale_readings)
READER_VERSION_KEY = "reader_version"
# meta: {folder: [graph folders]}, the Logseq graphs its last finished sync read its pages in (walk.WalkResult
# .logseq_graphs): one come or gone since has their pages read anew (sync._graphs_changed)
LOGSEQ_GRAPHS_KEY = "logseq_graphs"
# meta: {folder: {path: [warnings]}}, the warnings its notes were read with, as indexed (sync._warned_before)
READ_WARNINGS_KEY = "read_warnings"
# meta: {folder: [keys]}, the file names (sync.shared_note_names) several notes of a folder share, as the
# graph has them: the notes a later sync does not read are named or not by these
SHARED_NAMES_KEY = "shared_note_names"
# meta: {folder: [keys]}, the single lower-case word file names (heuristic.linkable_name) a wikilink of the
# folder names, as the graph has them (sync.linked_names): the notes a later sync does not read are named by these
LINKED_NAMES_KEY = "linked_note_names"
# meta: {folder: {path: [keys]}}, the keys of the names the wikilinks of each note of a folder link to
# (sync.note_link_keys; notes that link to none left out), as the index holds their chunks: a sync that
# writes or removes notes has the linked names (sync.linked_names) from it and the chunks it writes, not
# from every linking chunk of the folder; absent: to be read from the chunks once
LINK_TARGETS_KEY = "note_link_targets"
# meta: {folder: {"aliases": {path: [names] or null}, "joined": {alias key: note key}}}, the other names
# the notes of a folder give themselves (heuristic.note_aliases; null: read them from the index) and what
# the graph joined them to (sync.joined_names): the notes a later sync does not read are joined by these
NOTE_ALIASES_KEY = "note_aliases"
# meta: {name: type}, the Chinese and Japanese names the notes make known (sync.merged_known) as the graph
# has them: each note's running text mentions those it writes (sync._add_known)
KNOWN_CJK_KEY = "known_cjk_names"
# meta: {folder: {path: {name: type}}}, the CJK names each note makes known (heuristic.known_cjk; notes
# that make none left out), of which KNOWN_CJK_KEY is the union: a sync reads only the notes it writes
# (sync._note_known), not every CJK note of the index; absent: to be read from the chunks once
KNOWN_CJK_NOTES_KEY = "known_cjk_notes"
# meta: "1" from the first note holding CJK text a sync writes or removes until it has the known CJK names
# anew (sync._know_anew): a sync stopped between the two has the next one do it
KNOWN_CJK_PENDING_KEY = "known_cjk_names_pending"
# meta: {word: type}, the one-word names the notes make known to the others (heuristic.makes_known, heuristic
# rules 25) as the graph has them: a note opening a sentence or a list item with one alone mentions it
# (sync._add_known_words: `- Initech invoice still unpaid.` beside another note's `We work for Initech.`)
KNOWN_WORDS_KEY = "known_words"
# meta: {folder: {path: {word: type}}}, the words each note makes known (notes that make none left out), of
# which KNOWN_WORDS_KEY is the union: a sync reads only the notes it writes; absent: every note extracted anew
KNOWN_WORDS_NOTES_KEY = "known_words_notes"
# meta: "1" from the first note a sync writes or removes that changes the words notes make known until the
# graph has them anew (sync._words_anew): a sync stopped between the two has the next one do it
KNOWN_WORDS_PENDING_KEY = "known_words_pending"
# meta: [key, ...], the keys the resolver made stale (resolve.Resolver.stale: a group a new form split, a
# first-initial handle a new name may join), recorded with the note that made them so until the notes that
# mention them are extracted anew (sync._resolve_anew): a sync stopped between the two has the next one do it
RESOLVE_PENDING_KEY = "resolve_pending"


# meta: {folder: {path: reason}}, the files the last finished sync of each folder skipped (sync.
# _record_skipped): the next sync lists only the new ones in full, and `mrag show FILE` says why one is
# not indexed
SKIPPED_KEY = "skipped_files"

# meta: {folder: {path: [size, mtime, reason]}}, the files the last finished sync of each folder opened and
# did not index (sync._record_looked): mrag's own pages and graph exports (reason ""), a file of another
# extension mrag writes (`not a note file (.html)`), a binary note file, a malformed canvas. A file whose
# size and mtime are as recorded is passed over for the same reason without being opened again
# (walk_notes' `looked`): a sync that finds nothing changed opens no file (readers 5)
LOOKED_KEY = "looked_files"

# meta: {folder: {subfolder: st_mtime_ns}}, the folders the last finished sync of each folder listed ("" for the
# folder itself, else "a/b/"), with their mtime before it listed them (walk.WalkResult.folders): a note added,
# removed or renamed in one changes its mtime, so `ask` and `status` stat these alone to tell that notes the index
# has not seen may be there (added.added_notes), and list only the folders that changed
FOLDER_TIMES_KEY = "folder_mtimes"


def meta_dict(conn, key: str) -> dict:
    """The JSON object a meta record holds (the skipped files; the graph's
    shared file names, aliases, link targets, known CJK names: sync); {}
    when there is none, or it is damaged: not JSON, or JSON but no object.
    Its values are the caller's to check."""
    try:
        recorded = json.loads(get_meta(conn, key) or "{}")
    except ValueError:
        return {}
    return recorded if isinstance(recorded, dict) else {}


def skipped_files(conn) -> dict[str, dict[str, str]]:
    """{folder: {path: reason}} as the last sync of each folder skipped them
    (meta skipped_files); {} when none is recorded or the record is damaged
    (every skip is then new to the next sync)."""
    return {root: {p: r for p, r in files.items() if isinstance(r, str)}
            for root, files in meta_dict(conn, SKIPPED_KEY).items() if isinstance(files, dict)}


def read_warnings(conn) -> dict[str, dict[str, list[str]]]:
    """{folder: {path: [warnings]}}, the warnings the indexed notes were read with (READ_WARNINGS_KEY), for `mrag
    show` and `mrag status`; an entry not of that shape is left out, and {} when none is recorded or the record is
    damaged."""
    out: dict[str, dict[str, list[str]]] = {}
    for root, notes in meta_dict(conn, READ_WARNINGS_KEY).items():
        if isinstance(notes, dict):
            kept = {p: [w for w in ws if isinstance(w, str)] for p, ws in notes.items() if isinstance(ws, list)}
            out[root] = {p: ws for p, ws in kept.items() if ws}
    return out


def looked_files(conn) -> dict[str, dict[str, tuple[int, float, str]]]:
    """{folder: {path: (size, mtime, reason)}} as LOOKED_KEY records them;
    an entry not of that shape is left out (its file is opened again), and
    {} when none is recorded or the record is damaged."""
    out: dict[str, dict[str, tuple[int, float, str]]] = {}
    for root, files in meta_dict(conn, LOOKED_KEY).items():
        if isinstance(files, dict):
            out[root] = {p: (v[0], float(v[1]), v[2]) for p, v in files.items()
                         if isinstance(v, list) and len(v) == 3 and isinstance(v[0], int)
                         and isinstance(v[1], (int, float)) and isinstance(v[2], str)}
    return out


def folder_times(conn) -> dict[str, dict[str, int]]:
    """{folder: {subfolder: st_mtime_ns}} as FOLDER_TIMES_KEY records them; an entry not of that shape is left
    out, and {} when none is recorded (an index an older mrag synced) or the record is damaged."""
    return {root: {d: t for d, t in folders.items() if isinstance(t, int) and not isinstance(t, bool)}
            for root, folders in meta_dict(conn, FOLDER_TIMES_KEY).items() if isinstance(folders, dict)}


def following_roots(conn) -> list[str]:
    """The synced folders whose symlinks out of the folder every sync follows
    (meta `follow_symlinks`, a JSON list the `--follow-symlinks` given to a
    sync of them recorded; `--no-follow-symlinks` takes a folder out). [] when
    none, and when the record is damaged: following links out is an opt-in,
    never what an unreadable record turns on."""
    return _meta_folders(conn, FOLLOW_SYMLINKS_KEY)


def index_file(conn) -> str | None:
    """The file of the index `conn` is open on (PRAGMA database_list's main), None for one in memory."""
    return next((row[2] for row in conn.execute("PRAGMA database_list") if row[1] == "main"), "") or None


def index_sync_command(conn, roots: list[str]) -> str:
    """hints.sync_hint for the index `conn` is open on: named with --db when `mrag sync` alone would take another."""
    from minirag_cli.hints import sync_hint

    return sync_hint(roots, index_file(conn))


def index_rebuild_command(conn, roots: list[str]) -> str:
    """index_sync_command with --rebuild."""
    from minirag_cli.hints import sync_hint

    return sync_hint(roots, index_file(conn), rebuild=True)


def ensure_embedder(conn, model_name: str, dim: int) -> None:
    """Record the embedder on first use and create the vec tables for its
    dimension; refuse an index built with another embedder."""
    recorded = get_meta(conn, "embedding_model")
    recorded_dim = embedding_dim(conn)
    if recorded is not None and (recorded != model_name or recorded_dim != dim):
        raise EmbedderMismatch(
            f"This index was built with embedding model {recorded} ({recorded_dim} dims); "
            f"the configured one is {model_name} ({dim} dims).",
            hint=embedder_mismatch_hint(conn, recorded),
        )
    if recorded is None or not has_vec_tables(conn):
        from minirag_cli.vectors import scale_for

        with transaction(conn):
            set_meta(conn, "embedding_model", model_name)
            set_meta(conn, "embedding_dim", dim)
            set_meta(conn, "vector_scale", scale_for(dim))
            for table, owner in VEC_TABLES.items():
                create_vec_table(conn, table, dim)
                # vec0 has no foreign keys: the owner's delete trigger (fired by
                # cascades too) removes the vector, so no path leaves an orphan.
                conn.execute(
                    f"CREATE TRIGGER IF NOT EXISTS {owner}_{table}_ad AFTER DELETE ON {owner} "
                    f"BEGIN DELETE FROM {table} WHERE rowid = old.id; END"
                )


def create_vec_table(conn, table: str, dim: int, chunk_size: int | None = None) -> None:
    """A vec0 table of int8 vectors in blocks of `chunk_size` (default: the
    smallest, vectors.MIN_CHUNK_SIZE; see vectors.py)."""
    from minirag_cli.vectors import MIN_CHUNK_SIZE, vec0_spec

    spec = vec0_spec(dim, chunk_size or MIN_CHUNK_SIZE)
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING vec0({spec})")


def rebuild_vec_table(conn, table: str, dim: int, chunk_size: int, rows=None) -> None:
    """Recreate `table` with `chunk_size` holding the same (or the given)
    (rowid, int8 blob) rows. vec0 tables cannot be renamed (their shadow
    tables keep the old name), so the rows wait in a temp table. Call inside
    a transaction; the owner's delete trigger names the table and stays valid."""
    conn.execute("DROP TABLE IF EXISTS temp.vec_refit")
    conn.execute("CREATE TEMP TABLE vec_refit(id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
    if rows is None:
        conn.execute(f"INSERT INTO temp.vec_refit(id, v) SELECT rowid, embedding FROM {table}")
    else:
        conn.executemany("INSERT INTO temp.vec_refit(id, v) VALUES (?, ?)", rows)
    conn.execute(f"DROP TABLE IF EXISTS {table}")
    create_vec_table(conn, table, dim, chunk_size)
    conn.execute(f"INSERT INTO {table}(rowid, embedding) SELECT id, vec_int8(v) FROM temp.vec_refit ORDER BY id")
    conn.execute("DROP TABLE temp.vec_refit")


# --------------------------------------------------------------------------- migration steps


def _vectors_0004(conn) -> None:
    """The part of migrations/0004_small_vectors.sql that SQL cannot do (its
    vec0 DDL depends on the embedder's dimension, and the vectors are
    re-encoded): float32 vec_chunks / vec_entity_names become int8 vec0
    tables sized to their rows, and each distinct relation text (the SQL
    left them in temp.relation_texts, numbered as relations.sentence_id now
    refers to them) gets its relation_sentences row with the 12-bit vector
    of one of its relations, read from vec_relations, which is dropped.
    Nothing is re-embedded. Runs in the migration's transaction."""
    import numpy as np

    from minirag_cli.vectors import Codec, chunk_size_for, sentence_key

    dim = int(get_meta(conn, "embedding_dim") or 0)
    have_vectors = has_vec_tables(conn)
    codec = Codec(dim) if dim else None
    if have_vectors and codec is not None:
        set_meta(conn, "vector_scale", codec.scale)
        for table in VEC_TABLES:
            count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            rows = ((rowid, codec.int8(np.frombuffer(blob, dtype=np.float32)))
                    for rowid, blob in conn.execute(f"SELECT rowid, embedding FROM {table}"))
            rebuild_vec_table(conn, table, dim, chunk_size_for(count), rows)
    has_relation_vectors = has_table(conn, "vec_relations")
    batch = []
    zero = codec.pack12(np.zeros(dim, dtype=np.float32)) if codec is not None else b""
    for sid, text, relation_id in conn.execute(
            "SELECT id, text, relation_id FROM temp.relation_texts ORDER BY id").fetchall():
        row = conn.execute("SELECT embedding FROM vec_relations WHERE rowid = ?",
                           (relation_id,)).fetchone() if has_relation_vectors else None
        vector = codec.pack12(np.frombuffer(row[0], dtype=np.float32)) if row and codec is not None else zero
        batch.append((sid, sentence_key(text), vector))
    conn.executemany("INSERT INTO relation_sentences(id, key, vector) VALUES (?, ?, ?)", batch)
    conn.execute("DROP TABLE temp.relation_texts")
    conn.execute("DROP TABLE IF EXISTS vec_relations")


def _cjk_0005(conn) -> None:
    """Migration 0005: `chunks.cjk` of the chunks that hold CJK characters
    (the others keep ''); the update trigger indexes them in chunks_cjk."""
    from minirag_cli.text import CJK_RUN, cjk_text

    rows = [(cjk_text(text), cid) for cid, text in conn.execute("SELECT id, text FROM chunks")
            if CJK_RUN.search(text)]
    conn.executemany("UPDATE chunks SET cjk = ? WHERE id = ?", rows)


def _bm25_text_0006(conn) -> None:
    """Migration 0006: `chunks.bm25_text` of the chunks whose text holds an
    invisible character BM25 must not split a word at, their header and CJK
    bigrams read without it (text.without_invisibles); the update triggers
    re-index just those chunks in chunks_fts and chunks_cjk. Only chunks
    holding one of the characters are read into Python (a few, if any)."""
    from minirag_cli.text import INVISIBLES, bm25_text, cjk_text, without_invisibles

    holds = " OR ".join(f"instr({column}, char({ord(c)}))" for column in ("text", "header") for c in INVISIBLES)
    rows = conn.execute(f"SELECT id, text, header, cjk FROM chunks WHERE {holds}").fetchall()
    for cid, text, header, cjk in rows:
        read, clean_header, bigrams = bm25_text(text), without_invisibles(header), cjk_text(text)
        if read is not None or clean_header != header or bigrams != cjk:
            conn.execute("UPDATE chunks SET bm25_text = ?, header = ?, cjk = ? WHERE id = ?",
                         (read, clean_header, bigrams, cid))


def _entity_types_0007(conn) -> None:
    """Migration 0007: `mentions.type` and entity_types for the graph an
    older index holds. It never recorded the type each mention gave, so
    each is taken to give its entity's type as it stands, or `concept` for
    a mention by #tags alone (naming.tags_only), as the heuristic types a
    tag: naming.chosen_type then types every entity as it was typed. Runs
    in the migration's transaction."""
    from collections import Counter

    from minirag_cli.naming import tags_only

    counts: Counter = Counter()
    updates = []
    for eid, cid, n, raw, type_ in conn.execute(
            "SELECT m.entity_id, m.chunk_id, m.count, m.forms, e.type FROM mentions m "
            "JOIN entities e ON e.id = m.entity_id"):
        tags = tags_only(json.loads(raw or "{}"))
        given = "concept" if tags else type_
        counts[(eid, given, int(tags))] += n
        if given != "concept":  # the column's default
            updates.append((given, eid, cid))
    conn.executemany("UPDATE mentions SET type = ? WHERE entity_id = ? AND chunk_id = ?", updates)
    conn.executemany("INSERT INTO entity_types(entity_id, type, tags, count) VALUES (?, ?, ?, ?)",
                     [(e, t, g, n) for (e, t, g), n in counts.items() if n > 0])


# What a migration's SQL cannot do, run in its transaction after the SQL.
MIGRATION_STEPS = {
    4: _vectors_0004,
    5: _cjk_0005,
    6: _bm25_text_0006,
    7: _entity_types_0007,
}


def check_embedder(conn, model_name: str) -> None:
    """Refuse to query an index built with another embedding model."""
    recorded = get_meta(conn, "embedding_model")
    if recorded is not None and recorded != model_name:
        raise EmbedderMismatch(
            f"This index was built with embedding model {recorded}; the configured one is {model_name}.",
            hint=embedder_mismatch_hint(conn, recorded),
        )


def embedder_mismatch_hint(conn, recorded: str, undo: str | None = None) -> str:
    """The two ways out of an EmbedderMismatch: the index's own model (`undo`:
    how to unset the setting that chose another, when known), or the index
    rebuilt for the new one (its folders named: DIR said nothing to a user
    whose index is months old)."""
    own = (f"{undo[0].upper()}{undo[1:]} to use the model the index was built with ({recorded})" if undo else
           f"Use the model the index was built with ({recorded}: with no embedding model set, mrag uses it)")
    return (f"{own}, or rebuild the index for the new one: {index_rebuild_command(conn, recorded_roots(conn))} (every note is "
            "embedded again; the extraction cache is kept).")
