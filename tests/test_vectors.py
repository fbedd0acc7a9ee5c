"""How vectors are stored (vectors.py): the int8 and 12-bit encodings, vec0
blocks sized to their tables as an index grows and shrinks, and the page
count per table that `mrag status` reports (pagestat.py)."""

from __future__ import annotations

import numpy as np
import pytest

from minirag_cli import db, pagestat, vectors
from minirag_cli.store import vectors as store_vectors
from minirag_cli.integrity import verify_index
from minirag_cli.store import index_status
from minirag_cli.store.dbstat import DBSTAT_MODULES
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes


def unit_rows(n: int, dim: int, seed: int = 7) -> np.ndarray:
    x = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


@pytest.mark.parametrize("dim", [8, 31, 384])
def test_encodings_round_trip_within_their_step(dim):
    codec = vectors.Codec(dim)
    rows = unit_rows(50, dim)
    for v in rows:
        assert len(codec.int8(v)) == dim
        assert np.abs(codec.from_int8(codec.int8(v)) - v).max() <= 0.5 / codec.scale + 1e-7
    packed = [codec.pack12(v) for v in rows]
    assert {len(p) for p in packed} == {3 * ((dim + 1) // 2)}  # 12 bits a component
    assert np.abs(codec.unpack12(packed) - rows).max() <= 0.5 / codec.scale12 + 1e-7


def test_scale_clips_only_beyond_six_sigma():
    assert vectors.scale_for(8) == vectors.scale_for(32) == 127.0  # |x| <= 1 always fits
    codec = vectors.Codec(384)
    assert 127 / codec.scale == pytest.approx(6 / np.sqrt(384))
    v = np.zeros(384, dtype=np.float32)
    v[0] = 1.0  # a component far beyond six sigma is clipped, not wrapped around
    assert np.frombuffer(codec.int8(v), dtype=np.int8)[0] == 127
    assert codec.unpack12([codec.pack12(-v)])[0, 0] == pytest.approx(-2047 / codec.scale12)


def test_chunk_size_rule():
    assert [vectors.chunk_size_for(n) for n in (0, 1, 128, 129, 2020, 16_384, 100_000)] == \
        [8, 8, 8, 16, 128, 1024, 1024]
    assert vectors.needs_fit(rows=2020, blocks=253, chunk_size=8)  # outgrown: 253 blocks of 8
    assert not vectors.needs_fit(rows=2020, blocks=32, chunk_size=64)  # half the ideal 128 is fine
    assert vectors.needs_fit(rows=100, blocks=20, chunk_size=64)  # 1280 slots for 100 rows
    assert not vectors.needs_fit(rows=100, blocks=13, chunk_size=8)


def test_knn_over_int8_finds_the_float_neighbours(conn):
    db.ensure_embedder(conn, "minilm-sized", 384)
    rows = unit_rows(300, 384)
    codec = store_vectors.codec_of(conn)
    with db.transaction(conn):
        conn.executemany("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, vec_int8(?))",
                         [(i + 1, codec.int8(v)) for i, v in enumerate(rows)])
    noise = unit_rows(10, 384, seed=11)
    for j in range(10):
        q = rows[j * 7] + 0.8 * noise[j]  # nearest to row j*7, cosine ~0.8
        q /= np.linalg.norm(q)
        exact = rows @ q
        got = store_vectors.knn(conn, "vec_chunks", q, 5)
        assert got[0][0] == j * 7 + 1 == int(np.argmax(exact)) + 1
        # each similarity is the float cosine within the rounding of the stored
        # vector; a neighbour may only trade places with one about as near
        assert [s for _r, s in got] == pytest.approx([exact[r - 1] for r, _s in got], abs=2e-3)
        assert min(exact[r - 1] for r, _s in got) >= sorted(exact)[-5] - 1e-2


def test_outgrown_tables_are_refitted_without_loss(conn):
    db.ensure_embedder(conn, "minilm-sized", 384)
    codec = store_vectors.codec_of(conn)
    rows = unit_rows(8 * 65, 384)
    with db.transaction(conn):
        conn.executemany("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, vec_int8(?))",
                         [(i + 1, codec.int8(v)) for i, v in enumerate(rows)])
    assert _slots(conn, "vec_chunks") == (520, 65, 8) and store_vectors.outgrown(conn)
    before = conn.execute("SELECT rowid, embedding FROM vec_chunks ORDER BY rowid").fetchall()
    with db.transaction(conn):
        assert store_vectors.fit_tables(conn) == {"vec_chunks": 64}
    assert _slots(conn, "vec_chunks") == (520, 9, 64) and not store_vectors.outgrown(conn)
    assert conn.execute("SELECT rowid, embedding FROM vec_chunks ORDER BY rowid").fetchall() == before
    with db.transaction(conn):
        assert store_vectors.fit_tables(conn) == {}  # fitted: nothing to do


def _notes(n: int) -> dict[str, str]:
    return {f"n{i:03}.md": f"Note {i} about Project Atlas{i} and Person{i} Smith. Atlas{i} met Person{i} Smith."
            for i in range(n)}


def _slots(conn, table: str) -> tuple[int, int, int]:
    rows = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    blocks = conn.execute(f"SELECT count(*) FROM {table}_chunks").fetchone()[0]
    return rows, blocks, store_vectors.table_chunk_size(conn, table)


def test_vec_blocks_follow_the_index_size(tmp_path, conn, embedder, extractor):
    """A new index holds blocks of 8 vectors; a sync that grows a table past
    its blocks rebuilds it with larger ones, and one that deletes most of it
    compacts it; nothing is lost on the way."""
    root = tmp_path / "notes"
    write_notes(root, _notes(300))
    sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())
    rows, blocks, size = _slots(conn, "vec_chunks")
    assert rows == 300 and size == vectors.chunk_size_for(300) == 32 and blocks == 10
    for path in sorted(root.iterdir())[20:]:
        path.unlink()
    sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())
    rows, blocks, size = _slots(conn, "vec_chunks")
    assert rows == 20 and blocks * size <= 2 * (rows + size)
    assert verify_index(conn) == []
    text = _notes(20)["n003.md"]
    (best, sim), = store_vectors.knn(conn, "vec_chunks", embedder.embed([text])[0], 1)
    assert conn.execute("SELECT text FROM chunks WHERE id = ?", (best,)).fetchone()[0] == text
    assert sim == pytest.approx(1.0, abs=1e-3)


def test_pagestat_counts_every_page(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, _notes(40))
    sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    # read with the sync's last transactions still in the WAL, then checkpointed
    for checkpoint in (False, True):
        if checkpoint:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
        by_btree = pagestat.btree_bytes(path)
        assert sum(by_btree.values()) == pages
        tables = pagestat.table_bytes(path)
        assert sum(tables.values()) == pages
        assert {"vec_chunks", "chunks_fts", "chunks", "relation_sentences"} <= set(tables)
        assert not any(name.startswith(("vec_chunks_", "chunks_fts_")) for name in tables)  # folded into owners
        groups = pagestat.group_bytes(path)
        assert list(groups) == list(pagestat.GROUP_ORDER) and sum(groups.values()) == pages
        assert all(groups[g] > 0 for g in ("vectors", "text", "fts", "graph"))
    status = index_status(conn, path)  # what `mrag status` shows
    assert status["group_bytes"] == pagestat.group_bytes(path) and status["db_bytes"] == pages


def test_dbstat_and_the_page_walk_count_the_same_bytes(tmp_path, conn, extractor):
    """`mrag status` takes its group bytes from SQLite's dbstat where a binding has it (0.03 s of CPU on a 72 MB
    index), else walks the pages in Python (0.1 s): both count every b-tree's pages alike, free pages too, with a
    sync's last transactions still in the WAL and after a checkpoint."""
    if not _has_dbstat():
        pytest.skip("no SQLite binding here has dbstat")
    from minirag_cli.embed import HashingEmbedder

    embedder = HashingEmbedder(dim=384)  # blocks of 32 vectors of 384 bytes: cells that spill past their page
    root = tmp_path / "notes"
    write_notes(root, _notes(300))
    sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())
    for path in sorted(root.iterdir())[200:]:
        path.unlink()
    sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())  # frees pages
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    for checkpoint in (False, True):
        if checkpoint:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert pagestat._dbstat_read(path) is not None  # dbstat answered: the walk is a second opinion
        assert _overflow_pages(path) > 0  # cells spilling past their page: the walk counts those pages too
        walked = pagestat.btree_bytes(path, walk=True)
        assert pagestat.btree_bytes(path) == walked and walked["(freelist)"] > 0
        assert pagestat.group_bytes(path) == pagestat.group_bytes(path, walk=True)
        assert index_status(conn, path)["group_bytes"] == pagestat.group_bytes(path, walk=True)


def _overflow_pages(path) -> int:
    import sqlite3

    plain = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return plain.execute("SELECT count(*) FROM dbstat WHERE pagetype = 'overflow'").fetchone()[0]
    finally:
        plain.close()


def _has_dbstat() -> bool:
    import importlib

    for name in DBSTAT_MODULES:
        try:
            module = importlib.import_module(name)
            module.connect(":memory:").execute("SELECT * FROM dbstat").fetchall()
            return True
        except Exception:
            continue
    return False


def test_status_reads_the_file_under_one_snapshot(tmp_path, monkeypatch):
    """pagestat reads the file's pages outside SQLite: `mrag status` during a sync once read a schema page a
    checkpoint was rewriting (AttributeError: 'int' object has no attribute 'startswith'). While status reads,
    its read transaction must keep a writer's checkpoint from restarting the log under it."""
    from tests.conftest import daily_notes_index

    opened = daily_notes_index(tmp_path, {"2026-11-30": "Met Priya Raman in Lisbon."})
    index = next(opened)  # (the generator kept: its `with` closes the index when it goes)
    writer = db.connect(tmp_path / "index.sqlite")  # another process's connection, as a sync's
    writer.execute("PRAGMA busy_timeout = 0")
    writer.execute("INSERT INTO meta(key, value) VALUES ('probe', '1')")  # frames in the log for a reader to hold
    restarts = []
    real = pagestat.group_bytes

    def checkpoint_then_read(path):
        busy, _log, _done = writer.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
        restarts.append(busy)
        return real(path)

    monkeypatch.setattr(pagestat, "group_bytes", checkpoint_then_read)
    status = index.status()
    let_go = not index.conn.in_transaction  # the snapshot ends with status
    writer.close()
    opened.close()
    assert restarts == [1]  # the log could not be restarted while status read its pages
    assert status["files"] == 1 and status["group_bytes"]["text"] > 0
    assert let_go


def test_pagestat_leaves_out_a_damaged_schema_row(tmp_path):
    """A schema row that is not text where SQLite writes text (a torn or damaged page) is left out, the others
    counted, and nothing raises (a blob table name once reached str.startswith)."""
    import sqlite3

    path = tmp_path / "damaged.sqlite"
    plain = sqlite3.connect(path)
    plain.execute("CREATE VIRTUAL TABLE notes_fts USING fts5(body)")
    plain.execute("CREATE TABLE other(x)")
    plain.executemany("INSERT INTO notes_fts(body) VALUES (?)", [("word " * 50,)] * 20)
    plain.execute("PRAGMA writable_schema = ON")
    plain.execute("UPDATE sqlite_master SET tbl_name = x'01' WHERE name = 'other'")  # a blob: no text affinity
    plain.commit()
    plain.close()
    size = path.stat().st_size
    tables = pagestat.table_bytes(path)
    assert "notes_fts" in tables and "other" not in tables and 0 < sum(tables.values()) < size
    assert sum(pagestat.group_bytes(path).values()) == sum(tables.values())


def test_pagestat_does_not_loop_on_a_schema_page_pointing_back(tmp_path):
    """A damaged schema b-tree whose interior page points back at itself: read once, not forever."""
    import sqlite3
    import subprocess
    import sys

    path = tmp_path / "looped.sqlite"
    plain = sqlite3.connect(path)
    plain.execute("PRAGMA page_size = 512")
    for i in range(40):  # a schema of many pages: page 1 becomes an interior page
        plain.execute(f"CREATE TABLE t{i}(a_long_column_name_{i} TEXT, another_long_column_name_{i} TEXT)")
    plain.commit()
    plain.close()
    data = bytearray(path.read_bytes())
    assert data[100] == 5  # a table b-tree interior page
    data[108:112] = (1).to_bytes(4, "big")  # its right-most child: page 1 itself
    path.write_bytes(bytes(data))
    code = f"from minirag_cli import pagestat; print(sorted(pagestat.table_bytes({str(path)!r})))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
