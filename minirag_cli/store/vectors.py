"""The SQL of the vector tables (encodings: vectors.py): KNN over a vec0
table and point lookups, rescored with the float question vector, and the
vec0 blocks fitted to their tables' sizes (`fit_tables`, run by sync)."""

from __future__ import annotations

import re

import numpy as np

from minirag_cli.db import VEC_TABLES, embedding_dim, get_meta, rebuild_vec_table
from minirag_cli.vectors import BLOCKS_PER_TABLE, MAX_CHUNK_SIZE, Codec, chunk_size_for, cosine_rows, needs_fit

_CHUNK_SIZE_RE = re.compile(r"chunk_size\s*=\s*(\d+)", re.I)


def codec_of(conn) -> Codec:
    """The encoding of this index's vectors (its dimension and int8 scale)."""
    return Codec(embedding_dim(conn) or 0, float(get_meta(conn, "vector_scale") or 0) or None)


def knn(conn, table: str, query, k: int, codec: Codec | None = None) -> list[tuple[int, float]]:
    """(rowid, cosine similarity) of the k vectors of a vec0 table nearest
    the (float) query, best first. vec0 finds them by L2 distance between
    int8 vectors; their similarity is then the cosine of the float query and
    each stored vector, which errs less than the distance (no rounding of the
    query, no rounding in the vectors' norms)."""
    codec = codec or codec_of(conn)
    rows = conn.execute(f"SELECT rowid, embedding FROM {table} WHERE embedding MATCH vec_int8(?) AND k = ? "
                        "ORDER BY distance", (codec.int8(query), k)).fetchall()
    if not rows:
        return []
    sims = cosine_rows(np.frombuffer(b"".join(r[1] for r in rows), dtype=np.int8).reshape(len(rows), -1)
                       .astype(np.float32), query)
    return sorted(zip((r[0] for r in rows), sims.tolist()), key=lambda rs: -rs[1])


def stored(conn, table: str, rowid: int, codec: Codec | None = None) -> np.ndarray | None:
    """The vector of one row (a point lookup: vec0 answers `rowid IN (...)`
    with a full scan), or None."""
    row = conn.execute(f"SELECT embedding FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
    return None if row is None else (codec or codec_of(conn)).from_int8(row[0])


def table_chunk_size(conn, table: str) -> int | None:
    row = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    if not row or not row[0]:
        return None
    m = _CHUNK_SIZE_RE.search(row[0])
    return int(m.group(1)) if m else 1024


def outgrown(conn) -> bool:
    """Whether a vec0 table holds so many blocks that fit_tables should run
    before the sync goes on (a cheap check: the blocks, not the rows)."""
    for table in VEC_TABLES:
        size = table_chunk_size(conn, table)
        if size is not None and size < MAX_CHUNK_SIZE and conn.execute(
                f"SELECT count(*) FROM {table}_chunks").fetchone()[0] > 4 * BLOCKS_PER_TABLE:
            return True
    return False


def fit_tables(conn) -> dict[str, int]:
    """Rebuild the vec0 tables whose block size no longer fits their row
    count (see needs_fit); returns {table: new chunk size} for those rebuilt.
    Call inside a transaction."""
    dim = int(get_meta(conn, "embedding_dim") or 0)
    done = {}
    for table in VEC_TABLES:
        size = table_chunk_size(conn, table)
        if size is None or not dim:
            continue
        rows = conn.execute(f"SELECT count(*) FROM {table}_rowids").fetchone()[0]
        blocks = conn.execute(f"SELECT count(*) FROM {table}_chunks").fetchone()[0]
        if needs_fit(rows, blocks, size):
            done[table] = chunk_size_for(rows)
            rebuild_vec_table(conn, table, dim, done[table])
    return done
