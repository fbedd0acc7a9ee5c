"""An index file's pages per b-tree as SQLite's `dbstat` table counts them (pagestat.py's fast way; it walks
the pages itself for a binding without dbstat)."""

from __future__ import annotations

import os

# the bindings tried for dbstat, in order; the first that has it answers
DBSTAT_MODULES = ("sqlite3", "pysqlite3.dbapi2", "sqlean")


def dbstat_rows(path: str | os.PathLike) -> tuple[list[tuple], list[tuple[str, int]], int] | None:
    """(sqlite_schema's (type, name, tbl_name, rootpage, sql) rows, (b-tree name, bytes) rows, free pages' bytes)
    from SQLite's dbstat table, in one read transaction of a read-only connection; None when no binding has
    dbstat or SQLite cannot read the file that way (then pagestat walks the pages: a damaged file too)."""
    import importlib
    from pathlib import Path

    try:
        uri = Path(path).resolve().as_uri() + "?mode=ro"
    except (OSError, ValueError):
        return None
    for name in DBSTAT_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        try:
            conn = module.connect(uri, uri=True, isolation_level=None)
        except Exception:  # unreadable by SQLite: the walk says what it can
            return None
        try:
            conn.execute("BEGIN")
            schema = [tuple(row) for row in
                      conn.execute("SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema")]
            # aggregate: one row per b-tree, its overflow pages included (SQLite 3.31+)
            stat = conn.execute("SELECT name, pgsize FROM dbstat WHERE aggregate = 1").fetchall()
            free = conn.execute("PRAGMA freelist_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
        except Exception as exc:
            if "dbstat" in str(exc):
                continue  # this binding was built without it: the next one may have it
            return None  # damaged, locked, not a database: walked
        finally:
            conn.close()
        return schema, [tuple(row) for row in stat], free
    return None
