"""Opening the index: migrations from blank and from an old schema, refusal of
newer schemas, corrupt files and embedder changes, the extension-loading
fallback, and the database-location rule."""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli import db
from minirag_cli.errors import DatabaseError, EmbedderMismatch, SchemaTooNew
from minirag_cli.config import resolve_db


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


# A small but complete and consistent index written with the first released
# schema's own SQL (not today's store.py, which may need later migrations):
# every table has rows, derived counts agree with the edges, vectors exist.
V1_ROWS = {
    "documents(id, root, path, hash, size, mtime, n_lines, synced_at)": [
        (1, "/r", "a.md", "h1", 80, 1.5, 3, "2026-01-01"), (2, "/r", "b.md", "h2", 40, 2.5, 1, "2026-01-01")],
    "chunks(id, document_id, seq, text, start_char, end_char, start_line, end_line, n_tokens, hash)": [
        (1, 1, 0, "Wolfgang Schulz met Jennifer Moore in Berlin.", 0, 45, 1, 1, 7, "c1"),
        (2, 1, 1, "Jennifer Moore plays bass.", 46, 72, 2, 2, 4, "c2"),
        (3, 2, 0, "Berlin is cold. Wolfgang Schulz agrees.", 0, 39, 1, 1, 6, "c3")],
    "entities(id, name, key, type, mentions, chunks)": [
        (1, "Wolfgang Schulz", "wolfgangschulz", "person", 2, 2), (2, "Jennifer Moore", "jennifermoore", "person", 2, 2),
        (3, "Berlin", "berlin", "place", 2, 2)],
    "entity_aliases(entity_id, alias, key, count, merge)": [
        (1, "Wolfgang Schulz", "wolfgangschulz", 2, "exact"), (2, "Jennifer Moore", "jennifermoore", 2, "exact"),
        (3, "Berlin", "berlin", 2, "exact")],
    "mentions(entity_id, chunk_id, count, forms)": [
        (1, 1, 1, '{"Wolfgang Schulz": 1}'), (2, 1, 1, '{"Jennifer Moore": 1}'), (3, 1, 1, '{"Berlin": 1}'),
        (2, 2, 1, '{"Jennifer Moore": 1}'), (3, 3, 1, '{"Berlin": 1}'), (1, 3, 1, '{"Wolfgang Schulz": 1}')],
    "cooccurrence(a, b, weight)": [(1, 2, 1), (1, 3, 2), (2, 3, 1)],
    "relations(id, chunk_id, a, b, text)": [(1, 1, 1, 2, "Wolfgang Schulz | Jennifer Moore :: met in Berlin")],
    "extraction_cache(chunk_hash, model_id, prompt_version, output, created_at)": [
        ("c1", "model", "p1", '[["Wolfgang Schulz", "person"]]', "2026-01-01")],
    "meta(key, value)": [("extractor", "heuristic"), ("roots", '["/r"]')],
}


def _v1_snapshot(conn) -> dict:
    """The v1 columns of every v1 table, in key order: what must survive."""
    out = {}
    for spec in V1_ROWS:
        table, cols = spec.split("(", 1)
        out[table] = conn.execute(f"SELECT {cols[:-1]} FROM {table} ORDER BY 1, 2").fetchall()
    out["vectors"] = [conn.execute(f"SELECT rowid, embedding FROM {t} ORDER BY rowid").fetchall()
                      for t in ("vec_chunks", "vec_entity_names", "vec_relations")]
    return out


def _schema_shape(conn) -> dict:
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    shape = {t: [(c[1], c[2], c[3], c[5]) for c in conn.execute(f"PRAGMA table_info({t})")] for t in tables}
    for kind in ("index", "trigger"):
        shape[kind] = sorted(r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%'", (kind,)))
    return shape


def test_upgrade_from_first_schema_keeps_data(db_path, tmp_path):
    """Build an index at schema 1 with data in every table, then apply each
    later migration one at a time: data survives every step, the index stays
    consistent, and the result has the same shape as a freshly created one."""
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.integrity import verify_index

    conn = db.connect(db_path, create=True, migrate=False)
    assert db.apply_migrations(conn, upto=1) == [1]
    db.ensure_embedder(conn, "hashing:8", 8)
    with db.transaction(conn):
        for spec, rows in V1_ROWS.items():
            marks = ",".join("?" * len(rows[0]))
            conn.executemany(f"INSERT INTO {spec} VALUES ({marks})", rows)
        emb = HashingEmbedder(dim=8, name="hashing:8")
        for table, owner, col in (("vec_chunks", "chunks", "text"), ("vec_entity_names", "entities", "name"),
                                  ("vec_relations", "relations", "text")):
            for rid, text in conn.execute(f"SELECT id, {col} FROM {owner}").fetchall():
                conn.execute(f"INSERT INTO {table}(rowid, embedding) VALUES (?, ?)", (rid, emb.embed([text])[0].tobytes()))
    assert verify_index(conn) == []
    before = _v1_snapshot(conn)
    conn.close()

    for version, _name, _sql in db.migrations()[1:]:
        conn = db.connect(db_path, migrate=False)
        assert db.apply_migrations(conn, upto=version) == [version]
        assert db.schema_version(conn) == version
        assert _v1_snapshot(conn) == before, f"data changed by migration {version}"
        assert verify_index(conn) == [], f"index inconsistent after migration {version}"
        conn.close()

    conn = db.connect(db_path)  # the normal open: nothing left to apply
    assert db.schema_version(conn) == db.migrations()[-1][0]
    assert conn.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH 'bass'").fetchall() == [(2,)]
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    db.ensure_embedder(fresh, "hashing:8", 8)
    assert _schema_shape(conn) == _schema_shape(fresh)


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
    assert resolve_db("x.sqlite", cwd=deep).source == "flag"
    monkeypatch.setenv("MRAG_DB", str(tmp_path / "env.sqlite"))
    assert resolve_db(None, cwd=deep).path == tmp_path / "env.sqlite"
    monkeypatch.delenv("MRAG_DB")
    assert resolve_db(None, cwd=deep).path == project / ".mrag" / "index.sqlite"
    notes = tmp_path / "notes"
    notes.mkdir()
    choice = resolve_db(None, sync_dirs=[notes], cwd=tmp_path, user_values={})
    assert choice.path == notes / ".mrag" / "index.sqlite" and "new" in choice.source
