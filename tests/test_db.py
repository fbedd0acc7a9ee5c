"""Opening the index: migrations from blank and from an old schema, refusal of
newer schemas, corrupt files and embedder changes, the extension-loading
fallback, and the database-location rule."""

from __future__ import annotations

import json
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


def test_two_processes_migrating_at_once(db_path, monkeypatch):
    # Two commands open a new (or older-schema) index together: both read the
    # version, one migrates, then the other ran the same migrations again
    # ("table documents already exists", printed as an unexpected error).
    first = db.connect(db_path, create=True, migrate=False)
    second = db.connect(db_path, create=True, migrate=False)
    real = db.schema_version
    raced = []

    def version_then_the_other_migrates(conn):
        v = real(conn)
        if conn is second and not raced:
            raced.append(db.apply_migrations(first))  # between the read and the writes
        return v

    monkeypatch.setattr(db, "schema_version", version_then_the_other_migrates)
    assert db.apply_migrations(second) == []
    assert raced == [[v for v, _n, _s in db.migrations()]]
    versions = [r[0] for r in second.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == raced[0]
    first.close(), second.close()


# A small but complete and consistent index written with the first released
# schema's own SQL (not today's store.py, which may need later migrations):
# every table has rows, derived counts agree with the edges, vectors exist.
# Three relations (every pair of one sentence) share a text; the fourth's
# sentence is not in its chunk.
SENTENCE = "Wolfgang Schulz met Jennifer Moore in Berlin."
SHARED = "Wolfgang Schulz | Jennifer Moore | Berlin :: " + SENTENCE
V1_ROWS = {
    "documents(id, root, path, hash, size, mtime, n_lines, synced_at)": [
        (1, "/r", "a.md", "h1", 80, 1.5, 3, "2026-01-01"), (2, "/r", "b.md", "h2", 40, 2.5, 1, "2026-01-01")],
    "chunks(id, document_id, seq, text, start_char, end_char, start_line, end_line, n_tokens, hash)": [
        (1, 1, 0, SENTENCE, 0, 45, 1, 1, 7, "c1"),
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
    "relations(id, chunk_id, a, b, text)": [
        (1, 1, 1, 2, SHARED), (2, 1, 1, 3, SHARED), (3, 1, 2, 3, SHARED),
        (4, 3, 1, 3, "Berlin | Wolfgang Schulz :: Berlin is cold, says Wolfgang Schulz.")],
    "extraction_cache(chunk_hash, model_id, prompt_version, output, created_at)": [
        ("c1", "model", "p1", '[["Wolfgang Schulz", "person"]]', "2026-01-01")],
    "meta(key, value)": [("extractor", "heuristic"), ("roots", '["/r"]')],
}
OLD_VEC_TABLES = (("vec_chunks", "chunks", "text"), ("vec_entity_names", "entities", "name"),
                  ("vec_relations", "relations", "text"))


def _old_index(db_path, version: int, dim: int = 8):
    """An index at schema `version` (< 4) holding V1_ROWS and the float32
    vec0 tables db.ensure_embedder made before schema 4, with their delete
    triggers; returns (connection, {table: {rowid: vector}})."""
    from minirag_cli.embed import HashingEmbedder

    conn = db.connect(db_path, create=True, migrate=False)
    assert db.apply_migrations(conn, upto=version) == list(range(1, version + 1))
    emb = HashingEmbedder(dim=dim, name=f"hashing:{dim}")
    vectors = {}
    with db.transaction(conn):
        for spec, rows in V1_ROWS.items():
            marks = ",".join("?" * len(rows[0]))
            conn.executemany(f"INSERT INTO {spec} VALUES ({marks})", rows)
        db.set_meta(conn, "embedding_model", emb.name)
        db.set_meta(conn, "embedding_dim", dim)
        for table, owner, col in OLD_VEC_TABLES:
            conn.execute(f"CREATE VIRTUAL TABLE {table} USING vec0(embedding float[{dim}] distance_metric=cosine)")
            conn.execute(f"CREATE TRIGGER {owner}_{table}_ad AFTER DELETE ON {owner} "
                         f"BEGIN DELETE FROM {table} WHERE rowid = old.id; END")
            vectors[table] = {}
            for rid, text in conn.execute(f"SELECT id, {col} FROM {owner}").fetchall():
                vectors[table][rid] = emb.embed([text])[0]
                conn.execute(f"INSERT INTO {table}(rowid, embedding) VALUES (?, ?)", (rid, vectors[table][rid].tobytes()))
    return conn, vectors


def _v1_snapshot(conn) -> dict:
    """The v1 columns of every v1 table, in key order: what must survive
    (relations without their text, which schema 4 keeps as a span)."""
    out = {}
    for spec in V1_ROWS:
        table, cols = spec.split("(", 1)
        cols = cols[:-1].replace(", text", "") if table == "relations" else cols[:-1]
        where = " WHERE key != 'vector_scale'" if table == "meta" else ""  # added by schema 4
        out[table] = conn.execute(f"SELECT {cols} FROM {table}{where} ORDER BY 1, 2").fetchall()
    return out


def _vectors(conn) -> dict:
    """{table: {rowid: float vector}} whatever the schema stores: float32 up
    to schema 3, int8 and shared 12-bit relation sentences from schema 4."""
    import numpy as np

    from minirag_cli.store import vectors as store_vectors

    if db.schema_version(conn) < 4:
        return {t: {r: np.frombuffer(b, dtype=np.float32) for r, b in conn.execute(f"SELECT rowid, embedding FROM {t}")}
                for t, _o, _c in OLD_VEC_TABLES}
    codec = store_vectors.codec_of(conn)
    out = {t: {r: codec.from_int8(b) for r, b in conn.execute(f"SELECT rowid, embedding FROM {t}")}
           for t in ("vec_chunks", "vec_entity_names")}
    rows = conn.execute("SELECT r.id, s.vector FROM relations r JOIN relation_sentences s ON s.id = r.sentence_id "
                        "ORDER BY r.id").fetchall()
    out["vec_relations"] = dict(zip([r for r, _b in rows], codec.unpack12([b for _r, b in rows])))
    return out


def _assert_vectors_close(got: dict, want: dict, tolerance: float) -> None:
    import numpy as np

    assert {t: sorted(v) for t, v in got.items()} == {t: sorted(v) for t, v in want.items()}
    for table, rows in want.items():
        for rowid, vector in rows.items():
            assert np.abs(got[table][rowid] - vector).max() <= tolerance, (table, rowid)


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
    later migration one at a time: data survives every step (vectors within
    their encoding's rounding), the index stays consistent, and the result has
    the same shape as a freshly created one."""
    from minirag_cli.integrity import verify_index

    conn, originals = _old_index(db_path, 1)
    assert verify_index(conn) == []
    before = _v1_snapshot(conn)
    conn.close()

    for version, _name, _sql in db.migrations()[1:]:
        conn = db.connect(db_path, migrate=False)
        assert db.apply_migrations(conn, upto=version) == [version]
        assert db.schema_version(conn) == version
        assert _v1_snapshot(conn) == before, f"data changed by migration {version}"
        _assert_vectors_close(_vectors(conn), originals, 0.5 / 127 + 1e-6)  # int8's rounding at most
        assert verify_index(conn) == [], f"index inconsistent after migration {version}"
        conn.close()

    conn = db.connect(db_path)  # the normal open: nothing left to apply
    assert db.schema_version(conn) == db.migrations()[-1][0]
    assert conn.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH 'bass'").fetchall() == [(2,)]
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    db.ensure_embedder(fresh, "hashing:8", 8)
    assert _schema_shape(conn) == _schema_shape(fresh)


def test_upgrade_from_schema_2_makes_vectors_small(db_path):
    """Migration 0004 on a schema-2 index: int8 vec0 tables sized to their
    rows, one 12-bit vector per distinct relation text, each relation's
    sentence kept as a span of its chunk, nothing re-embedded, the freed
    pages returned (VACUUM), and the index works as before."""
    from minirag_cli import graph, retrieve, store, vectors
    from minirag_cli.store import vectors as store_vectors
    from tests.conftest import name_vectors
    from minirag_cli.integrity import verify_index

    conn, originals = _old_index(db_path, 2, dim=32)
    conn.close()

    conn = db.connect(db_path)  # opening applies 0004 (and anything after it)
    assert db.schema_version(conn) >= 4
    assert conn.execute("PRAGMA freelist_count").fetchone()[0] == 0  # compacted
    assert not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'vec_relations'").fetchone()
    for table in ("vec_chunks", "vec_entity_names"):
        assert "int8[32]" in conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        assert store_vectors.table_chunk_size(conn, table) == vectors.MIN_CHUNK_SIZE  # 3 rows: one block of 8
    codec = store_vectors.codec_of(conn)
    assert codec.scale == vectors.scale_for(32) == 127.0  # 32 components: no clipping
    # one sentence row per distinct text, shared by the three pairs of SENTENCE
    assert conn.execute("SELECT count(*) FROM relation_sentences").fetchone()[0] == 2
    assert conn.execute("SELECT count(DISTINCT sentence_id) FROM relations WHERE id <= 3").fetchone()[0] == 1
    assert conn.execute("SELECT key FROM relation_sentences WHERE id = (SELECT sentence_id FROM relations "
                        "WHERE id = 1)").fetchone()[0] == vectors.sentence_key(SHARED)
    spans = conn.execute("SELECT r.id, substr(c.text, r.start_char + 1, r.end_char - r.start_char) FROM relations r "
                         "JOIN chunks c ON c.id = r.chunk_id ORDER BY r.id").fetchall()
    assert spans == [(1, SENTENCE), (2, SENTENCE), (3, SENTENCE), (4, "")]  # the 4th sentence is not in chunk 3
    _assert_vectors_close(_vectors(conn), originals, 0.5 / 127 + 1e-6)
    # every chunk is its own nearest neighbour, at similarity ~1
    for chunk_id, vector in originals["vec_chunks"].items():
        (best, sim), *_rest = retrieve.dense_channel(conn, vector, 3)
        assert best == chunk_id and sim == pytest.approx(1.0, abs=1e-3)
    hits = graph.relations_near(conn, originals["vec_relations"][1], [1, 2, 3], min_sim=-1.0)
    assert [(h.relation_id, round(h.similarity, 3)) for h in hits][:3] == [(1, 1.0), (2, 1.0), (3, 1.0)]
    assert hits[0].text == f"Wolfgang Schulz | Jennifer Moore :: {SENTENCE}"  # what `ask --explain` shows
    assert verify_index(conn) == []
    # deleting the document of the shared sentence deletes its relations and its sentence
    with db.transaction(conn):
        store.delete_document(conn, 1, name_vectors(conn))
    assert conn.execute("SELECT count(*) FROM relation_sentences").fetchone()[0] == 1
    assert verify_index(conn) == []


def test_migration_5_indexes_the_cjk_text_an_older_index_holds(db_path):
    """Schema 5 adds chunks.cjk (CJK runs as bigrams) and its FTS5 table
    chunks_cjk; an index at schema 4 gets both filled for the chunks it holds
    (db._cjk_0005), the others keep '', and BM25 finds a Chinese word."""
    from minirag_cli import retrieve
    from minirag_cli.integrity import verify_index

    conn = db.connect(db_path, create=True, migrate=False)
    assert db.apply_migrations(conn, upto=4) == [1, 2, 3, 4]
    conn.execute("INSERT INTO documents(id, root, path, hash, size, mtime, synced_at) "
                 "VALUES (1, '/r', 'a.md', 'h', 1, 0, 'now')")
    for cid, text in ((1, "李华今天去北京了。他很喜欢烤鸭。"), (2, "Wolfgang plays bass in Berlin.")):
        conn.execute("INSERT INTO chunks(id, document_id, seq, text, start_char, end_char, start_line, end_line, "
                     "n_tokens, hash) VALUES (?, 1, ?, ?, 0, 1, 1, 1, 2, 'h')", (cid, cid, text))
    conn.commit()
    assert retrieve.fts_query("北京") == '"北京"'
    assert conn.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH '\"北京\"'").fetchall() == []
    assert db.apply_migrations(conn, upto=5) == [5]
    assert dict(conn.execute("SELECT id, cjk FROM chunks")) == {
        1: "李华 华今 今天 天去 去北 北京 京了 他很 很喜 喜欢 欢烤 烤鸭", 2: ""}
    assert [c for c, _s in retrieve.bm25_channel(conn, "北京烤鸭")] == [1]
    assert [c for c, _s in retrieve.bm25_channel(conn, "bass")] == [2]
    assert verify_index(conn) == []


def test_migration_6_lets_bm25_read_the_words_of_an_older_index_without_zero_width_characters(db_path):
    """Schema 6 adds chunks.bm25_text (the text without the invisible
    characters FTS5 split a word at) and indexes chunks_fts from the view
    chunks_bm25; an index at schema 5 gets it filled for the chunks holding
    such characters (db._bm25_text_0006), with their header and CJK bigrams
    read the same way, and only those are re-indexed. The text stays as
    written; a chunk without such characters, or only with joiners that
    shape its words (Persian) or emoji, keeps bm25_text NULL."""
    from minirag_cli import retrieve
    from minirag_cli import text as text_mod
    from minirag_cli.integrity import verify_index

    conn = db.connect(db_path, create=True, migrate=False)
    assert db.apply_migrations(conn, upto=5) == [1, 2, 3, 4, 5]
    conn.execute("INSERT INTO documents(id, root, path, hash, size, mtime, synced_at) "
                 "VALUES (1, '/r', 'a.md', 'h', 1, 0, 'now')")
    chunks = {1: ("Li\u200bHua rowed with Wolfgang.", "\ufeffLi\u200bHua's diary\nLi Hua"),
              2: ("Wolfgang plays bass in Berlin.", "Berlin\nWolfgang"),
              3: ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \U0001f469\u200d\U0001f373", ""),
              4: ("\u674e\u534e\u53bb\u5317\u200b\u4eac\u4e86", "")}
    for cid, (text, header) in chunks.items():
        conn.execute("INSERT INTO chunks(id, document_id, seq, text, start_char, end_char, start_line, end_line, "
                     "n_tokens, hash, header, cjk) VALUES (?, 1, ?, ?, 0, 1, 1, 1, 2, 'h', ?, ?)",
                     (cid, cid, text, header, text_mod.cjk_text(text.replace("\u200b", " "))))
    conn.commit()
    assert retrieve.bm25_channel(conn, "LiHua") == []  # li and hua, to FTS5
    assert db.apply_migrations(conn, upto=6) == [6]
    rows = {cid: (text, bm25, header) for cid, text, bm25, header in
            conn.execute("SELECT id, text, bm25_text, header FROM chunks")}
    assert rows == {1: (chunks[1][0], "LiHua rowed with Wolfgang.", "LiHua's diary\nLi Hua"),
                    2: (*chunks[2][:1], None, chunks[2][1]),
                    3: (chunks[3][0], None, ""),
                    4: (chunks[4][0], "\u674e\u534e\u53bb\u5317\u4eac\u4e86", "")}
    assert conn.execute("SELECT cjk FROM chunks WHERE id = 4").fetchone()[0] == \
        "\u674e\u534e \u534e\u53bb \u53bb\u5317 \u5317\u4eac \u4eac\u4e86"
    assert [c for c, _s in retrieve.bm25_channel(conn, "LiHua")] == [1]
    assert [c for c, _s in retrieve.bm25_channel(conn, "Li\u200bHua's diary")] == [1]
    assert [c for c, _s in retrieve.bm25_channel(conn, "\u5317\u4eac")] == [4]  # the bigram 北京
    assert [c for c, _s in retrieve.bm25_channel(conn, "bass")] == [2]
    assert verify_index(conn) == []
    # written after the migration: the triggers index bm25_text, a delete takes it out
    conn.execute("DELETE FROM chunks WHERE id = 1")
    assert retrieve.bm25_channel(conn, "LiHua") == [] and verify_index(conn) == []


def test_migration_7_counts_the_types_an_older_index_gave_its_entities(tmp_path):
    """Schema 7 adds mentions.type and entity_types (the counts an entity is
    typed from: naming.chosen_type). An index at schema 6 never recorded the
    type each mention gave: db._entity_types_0007 takes each to give its
    entity's type (a mention by #tags alone `concept`), so every entity
    keeps its type, the counts are consistent (verify_index) and a sync that
    changes nothing changes no type or header. Here the old index is a
    synced one with the two new parts taken away."""
    from minirag_cli.integrity import verify_index
    from minirag_cli.naming import tags_only
    from tests.conftest import write_notes
    from tests.test_heuristic_version import folders, graph, sync

    roots = folders(tmp_path)
    write_notes(roots[1], {"lunch.md": "Lunch with Wolfgang and Priya today.\n"})  # a name; a person elsewhere
    conn = db.connect(tmp_path / "old.sqlite", create=True)
    sync(conn, roots)
    before = graph(conn)
    lunch = ("SELECT m.type FROM mentions m JOIN chunks c ON c.id = m.chunk_id JOIN documents d "
             "ON d.id = c.document_id JOIN entities e ON e.id = m.entity_id "
             "WHERE d.path = 'lunch.md' AND e.key = 'wolfgang'")
    assert conn.execute(lunch).fetchone()[0] == "name"
    assert conn.execute("SELECT type FROM entities WHERE key = 'wolfgang'").fetchone()[0] == "person"
    with db.transaction(conn):  # back to schema 6
        conn.execute("DROP TABLE chunk_spans")  # (9)
        conn.execute("ALTER TABLE entity_aliases DROP COLUMN alias_count")
        conn.execute("ALTER TABLE mentions DROP COLUMN aliases")
        conn.execute("DROP TABLE entity_types")
        conn.execute("ALTER TABLE mentions DROP COLUMN type")
        conn.execute("DELETE FROM schema_migrations WHERE version >= 7")
    assert db.schema_version(conn) == 6
    # tag-only entities and people are there to keep their type
    assert {"concept", "person", "name"} <= {t for (t,) in conn.execute("SELECT type FROM entities")}
    assert db.apply_migrations(conn) == [7, 8, 9]
    for forms, given, type_ in conn.execute(
            "SELECT m.forms, m.type, e.type FROM mentions m JOIN entities e ON e.id = m.entity_id"):
        assert given == ("concept" if tags_only(json.loads(forms)) else type_)
    assert conn.execute(lunch).fetchone()[0] == "person"  # what the old index could not know
    assert graph(conn) == before and verify_index(conn) == []
    again = sync(conn, roots)
    assert again.unchanged == 6 and graph(conn) == before and verify_index(conn) == []
    conn.close()


def test_migration_8_counts_the_occurrences_of_a_note_s_aliases(tmp_path):
    """Schema 8 adds entity_aliases.alias_count and mentions.aliases (which
    forms of a mention joined it as a note's alias), so a form's label
    follows its occurrences (store.write._relabel). An index at schema 7
    is taken as labelled: an 'alias' row's occurrences are all a note's
    alias. The graph is unchanged and a sync that changes nothing changes
    nothing; a note that drops its alias relabels the form as a rebuild."""
    from minirag_cli.integrity import verify_index
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"Jonas Berg.md": "---\naliases: [Jo]\n---\nJonas Berg plays bass.\n",
                       "gig.md": "Jo and Ana Lima played. Jo sang.\n"})
    conn = db.connect(tmp_path / "old.sqlite", create=True)
    sync(conn, [root])
    before = graph(conn)
    new = conn.execute("SELECT alias, count, alias_count FROM entity_aliases WHERE merge = 'alias'").fetchall()
    assert [(a, n == j) for a, n, j in new] == [("Jo", True)]
    joined = sorted(conn.execute("SELECT forms, aliases FROM mentions WHERE aliases <> '{}'"))
    assert joined and all(json.loads(a) == {"Jo": json.loads(f)["Jo"]} for f, a in joined)
    with db.transaction(conn):  # back to schema 7
        conn.execute("DROP TABLE chunk_spans")  # (9)
        conn.execute("ALTER TABLE entity_aliases DROP COLUMN alias_count")
        conn.execute("ALTER TABLE mentions DROP COLUMN aliases")
        conn.execute("DELETE FROM schema_migrations WHERE version >= 8")
    assert db.schema_version(conn) == 7
    assert db.apply_migrations(conn) == [8, 9]
    assert conn.execute("SELECT alias, count, alias_count FROM entity_aliases WHERE alias_count > 0").fetchall() == new
    assert sorted((f, json.dumps(json.loads(a), sort_keys=True)) for f, a in conn.execute(
        "SELECT forms, aliases FROM mentions WHERE aliases <> '{}'")) == joined
    assert graph(conn) == before and verify_index(conn) == []
    again = sync(conn, [root])
    assert again.unchanged == 2 and graph(conn) == before
    write_notes(root, {"Jonas Berg.md": "Jonas Berg plays bass.\n"})
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert verify_index(conn) == []
    conn.close()
    fresh.close()


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


def test_sqlite_file_of_another_program_is_refused_and_left_alone(tmp_path):
    """`mrag --db places.sqlite status` once added mrag's tables to another
    program's database (and switched it to WAL): it is refused, unchanged."""
    import hashlib
    import sqlite3

    other = tmp_path / "places.sqlite"
    c = sqlite3.connect(other)
    c.execute("CREATE TABLE bookmarks (url TEXT)")
    c.execute("INSERT INTO bookmarks VALUES ('https://example.org')")
    c.commit()
    c.close()
    digest = hashlib.sha256(other.read_bytes()).hexdigest()
    for kwargs in ({}, {"create": True}, {"migrate": False}):
        with pytest.raises(DatabaseError, match="another program .*bookmarks"):
            db.connect(other, **kwargs)
    assert hashlib.sha256(other.read_bytes()).hexdigest() == digest
    assert {p.name for p in tmp_path.iterdir()} == {"places.sqlite"}


def test_empty_file_is_no_index_for_readers(tmp_path):
    """An empty file given to a reading command (`mrag --db empty ask ...`)
    was migrated into an index without vector tables, and ask then failed with
    'unexpected OperationalError: no such table: vec_chunks'."""
    empty = tmp_path / "index.sqlite"
    empty.write_bytes(b"")
    with pytest.raises(DatabaseError, match="is empty") as err:
        db.connect(empty)
    assert "sync" in err.value.hint
    assert empty.read_bytes() == b""
    conn = db.connect(empty, create=True)  # what `mrag sync` does: it becomes the index
    assert db.schema_version(conn) == db.migrations()[-1][0]
    conn.close()


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
