"""The answer side's SQL: each chunk's note heading (where a chat keeps its
date), and the answer cache of `mrag eval --answers` (migration 0003)."""

from __future__ import annotations

import json
from typing import Iterable, Sequence


def note_heads(conn, chunk_ids: Iterable[int]) -> dict[int, str]:
    """Each chunk's note's first line (stored in chunks.header by sync)."""
    ids = [int(c) for c in chunk_ids if c is not None]
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {cid: (header or "").split("\n", 1)[0]
            for cid, header in conn.execute(f"SELECT id, header FROM chunks WHERE id IN ({marks})", ids)}


def cached_answer(conn, key: str) -> dict | None:
    row = conn.execute("SELECT answer FROM answer_cache WHERE key = ?", (key,)).fetchone()
    return json.loads(row[0]) if row else None


def cache_answer(conn, key: str, *, question: str, chunk_ids: Sequence, model_id: str, prompt_version: str,
                 answer: dict, created_at: str) -> None:
    with conn:
        conn.execute(
            "INSERT OR REPLACE INTO answer_cache(key, question, chunk_ids, model_id, prompt_version, answer, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, question, json.dumps(list(chunk_ids)), model_id, prompt_version,
             json.dumps(answer, ensure_ascii=False), created_at))
