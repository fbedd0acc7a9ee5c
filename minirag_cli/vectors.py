"""How the index keeps its vectors (schema 4, issue 17).

Float32 vectors were 71% of a LiHua index. Now:

- **Chunks and entity names** (searched by KNN): sqlite-vec `vec0` tables of
  `int8[DIM]`, each component `rint(x * scale)` clipped to +-127, compared
  by L2 distance (sqlite-vec's int8 L2 scan is its fastest; the vectors
  are unit length, so L2 orders like cosine), the k found rescored with the
  float question vector (`knn`). `scale` maps six standard
  deviations of a unit vector's component (1/sqrt(DIM)) to 127, at least
  127 (which cannot clip); it is recorded in meta `vector_scale`.
- **Relation sentences** (never searched, only compared with the question
  for the relations of a few candidate chunks): one vector per distinct
  relation text in the plain table `relation_sentences`, 12-bit fixed
  point (`pack12`). int8 is not enough there: the relation vote has a
  threshold (GraphOptions.relation_min_sim), and int8's ~1e-3 error in the
  similarity moved a relation across it and a dev question from rank 1 to
  rank 2; 12 bits err ~4e-5, like float16, in 576 bytes instead of 768.
- **vec0 storage sized to the table**: vec0 allocates rows in blocks of
  `chunk_size` (1024 by default: three tables of a 30-note folder held
  4.7 MB of empty float32 slots). Tables are created with chunk_size 8 and
  store/vectors.fit_tables rebuilds one with a larger chunk_size
  (`chunk_size_for`: n/16 rounded up to a power of two, at most 1024) once
  it outgrows its blocks, or to compact it when deletions left more than
  half its slots empty (vec0 never reuses a deleted slot of a partly filled
  block).

This module is the encoding alone (no SQL); store/vectors.py reads and
writes the tables, db.py creates them and holds migration 0004's step.
"""

from __future__ import annotations

import hashlib
import math

import numpy as np

SIGMAS = 6.0  # components beyond this many standard deviations are clipped
INT8_MAX = 127
PACK12_MAX = 2047
MIN_CHUNK_SIZE = 8  # vec0 requires a multiple of 8
MAX_CHUNK_SIZE = 1024  # sqlite-vec's default; larger blocks scan no faster
BLOCKS_PER_TABLE = 16  # fit_tables aims at about this many blocks


def scale_for(dim: int) -> float:
    """int8 steps per unit for unit vectors of `dim` components."""
    return max(float(INT8_MAX), INT8_MAX * math.sqrt(dim) / SIGMAS)


class Codec:
    """Encodes vectors for the index and decodes them; `scale` is the int8
    scale (the 12-bit packing uses the same range with 16x finer steps)."""

    def __init__(self, dim: int, scale: float | None = None):
        self.dim = int(dim)
        self.scale = float(scale) if scale else scale_for(self.dim)
        self.scale12 = self.scale * PACK12_MAX / INT8_MAX

    def int8(self, vector) -> bytes:
        v = np.asarray(vector, dtype=np.float32)
        return np.clip(np.rint(v * self.scale), -INT8_MAX, INT8_MAX).astype(np.int8).tobytes()

    def from_int8(self, blob: bytes) -> np.ndarray:
        return np.frombuffer(blob, dtype=np.int8).astype(np.float32) / self.scale

    def pack12(self, vector) -> bytes:
        """12-bit fixed point, two components in three bytes."""
        q = np.clip(np.rint(np.asarray(vector, dtype=np.float32) * self.scale12), -PACK12_MAX, PACK12_MAX)
        u = (q.astype(np.int32) + PACK12_MAX + 1).astype(np.uint16)
        if len(u) % 2:
            u = np.append(u, np.uint16(PACK12_MAX + 1))
        lo, hi = u[0::2], u[1::2]
        out = np.empty((len(lo), 3), dtype=np.uint8)
        out[:, 0] = lo & 0xFF
        out[:, 1] = ((lo >> 8) & 0x0F) | ((hi & 0x0F) << 4)
        out[:, 2] = hi >> 4
        return out.tobytes()

    def unpack12(self, blobs: list[bytes]) -> np.ndarray:
        """Rows of float32 from pack12 blobs (all of this codec's dimension)."""
        x = np.frombuffer(b"".join(blobs), dtype=np.uint8).reshape(len(blobs), -1, 3).astype(np.int32)
        q = np.empty((len(blobs), 2 * x.shape[1]), dtype=np.int32)
        q[:, 0::2] = x[:, :, 0] | ((x[:, :, 1] & 0x0F) << 8)
        q[:, 1::2] = (x[:, :, 1] >> 4) | (x[:, :, 2] << 4)
        return (q[:, :self.dim] - (PACK12_MAX + 1)).astype(np.float32) / self.scale12


def sentence_key(text: str) -> int:
    """The relation_sentences key of a relation text: its first 8 bytes of
    blake2b as a signed 64-bit integer."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big", signed=True)


def cosine_rows(matrix: np.ndarray, query) -> np.ndarray:
    """Cosine of each row of `matrix` with `query` (einsum: no BLAS threads)."""
    q = np.asarray(query, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1) * float(np.linalg.norm(q))
    return np.einsum("ij,j->i", matrix, q) / np.maximum(norms, 1e-12)


def similarity_sql(column: str, param: str = ":q") -> str:
    """SQL for the cosine similarity of an int8 vector column and the
    parameter `param`, bound to `Codec.int8(question vector)`."""
    return f"1.0 - vec_distance_cosine(vec_int8({column}), vec_int8({param}))"


# --------------------------------------------------------------------------- vec0 blocks


def vec0_spec(dim: int, chunk_size: int = MIN_CHUNK_SIZE) -> str:
    return f"embedding int8[{int(dim)}], chunk_size={int(chunk_size)}"


def chunk_size_for(rows: int) -> int:
    """The vec0 block size for a table of `rows` vectors: rows/16 rounded up
    to a power of two, between 8 and 1024."""
    want = max(1, math.ceil(rows / BLOCKS_PER_TABLE))
    return min(MAX_CHUNK_SIZE, max(MIN_CHUNK_SIZE, 1 << (want - 1).bit_length()))


def needs_fit(rows: int, blocks: int, chunk_size: int) -> bool:
    """True when a table should be rebuilt: it outgrew its blocks (its chunk
    size is under half the one for its size) or more than half of its slots
    are empty (deletions)."""
    if chunk_size * 2 < chunk_size_for(rows):
        return True
    return blocks * chunk_size > 2 * (rows + chunk_size)
