"""Opening the index: migrations from blank and from an old schema, refusal of
newer schemas, corrupt files and embedder changes, the extension-loading
fallback, and the database-location rule."""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli import db
from minirag_cli.errors import DatabaseError, EmbedderMismatch, SchemaTooNew
from minirag_cli.paths import resolve_db_path


def test_blank_database_gets_every_migration(db_path):
    conn = db.connect(db_path, create=True)
    versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == [v for v, _n, _s in db.migrations()]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"documents", "chunks", "chunks_fts", "entities", "entity_aliases", "mentions", "cooccurrence",
            "relations", "extraction_cache", "meta"} <= tables


def test_reopening_applies_nothing(db_path):
    db.connect(db_path, create=True).close()
    conn = db.connect(db_path)
    assert db.apply_migrations(conn) == []


def test_upgrade_from_first_schema_keeps_data(db_path):
    conn = db.connect(db_path, create=True, migrate=False)
    db.apply_migrations(conn, upto=1)
    conn.execute("INSERT INTO documents(root, path, hash, size, mtime, synced_at) VALUES ('/r','a.md','h',1,0,'t')")
    conn.close()
    conn = db.connect(db_path)
    assert db.schema_version(conn) == db.migrations()[-1][0]
    assert conn.execute("SELECT path FROM documents").fetchall() == [("a.md",)]


def test_newer_schema_is_refused(db_path):
    conn = db.connect(db_path, create=True)
    conn.execute("INSERT INTO schema_migrations VALUES (9999, 'future', 'now')")
    conn.close()
    with pytest.raises(SchemaTooNew, match="9999"):
        db.connect(db_path)


def test_missing_index_is_a_clear_error(tmp_path):
    with pytest.raises(DatabaseError, match="No index"):
        db.connect(tmp_path / "nope.sqlite")


def test_non_sqlite_file_is_refused_and_left_alone(tmp_path):
    bad = tmp_path / "index.sqlite"
    bad.write_bytes(b"my precious notes, not a database" * 10)
    with pytest.raises(DatabaseError, match="not an SQLite database"):
        db.connect(bad, create=True)
    assert bad.read_bytes().startswith(b"my precious notes")


def test_truncated_database_is_a_clear_error(db_path):
    conn = db.connect(db_path, create=True)
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [(f"k{i}", "x" * 500) for i in range(200)])
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 3])
    with pytest.raises(DatabaseError):
        c = db.connect(db_path)
        c.execute("SELECT count(*) FROM meta").fetchall()
        from minirag_cli.integrity import verify_index
        problems = verify_index(c)
        if problems:
            raise DatabaseError("; ".join(problems))


def test_embedder_change_is_refused(conn):
    db.ensure_embedder(conn, "model-a", 8)
    db.ensure_embedder(conn, "model-a", 8)  # same one is fine
    with pytest.raises(EmbedderMismatch, match="model-a") as info:
        db.ensure_embedder(conn, "model-b", 16)
    assert "--rebuild" in info.value.hint


def test_stdlib_sqlite3_without_extensions_falls_back(monkeypatch):
    if hasattr(sqlite3.Connection, "enable_load_extension"):
        pytest.skip("this Python's sqlite3 can load extensions; the fallback is not needed here")
    module = db.sqlite_module()
    assert module.__name__ != "sqlite3"
    monkeypatch.setenv("MRAG_SQLITE", "sqlite3")
    with pytest.raises(DatabaseError, match="cannot load extensions"):
        db.sqlite_module()


@pytest.mark.parametrize("name", ["pysqlite3.dbapi2", "sqlean"])
def test_each_fallback_binding_loads_sqlite_vec(monkeypatch, tmp_path, name):
    pytest.importorskip(name.split(".")[0])
    monkeypatch.setenv("MRAG_SQLITE", name)
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    assert conn.execute("SELECT vec_version()").fetchone()[0].startswith("v")


def test_db_location_rule(tmp_path, monkeypatch):
    project = tmp_path / "proj"
    (project / ".mrag").mkdir(parents=True)
    (project / ".mrag" / "index.sqlite").write_bytes(b"")
    deep = project / "a" / "b"
    deep.mkdir(parents=True)
    assert resolve_db_path("x.sqlite", cwd=deep)[1] == "--db"
    monkeypatch.setenv("MRAG_DB", str(tmp_path / "env.sqlite"))
    assert resolve_db_path(None, cwd=deep)[0] == tmp_path / "env.sqlite"
    monkeypatch.delenv("MRAG_DB")
    assert resolve_db_path(None, cwd=deep)[0] == project / ".mrag" / "index.sqlite"
    notes = tmp_path / "notes"
    notes.mkdir()
    path, why = resolve_db_path(None, sync_dirs=[notes], cwd=tmp_path)
    assert path == notes / ".mrag" / "index.sqlite" and "new" in why
