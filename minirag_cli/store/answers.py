"""The answer side's SQL: each chunk's note heading (where a chat keeps its
date), a note's lines rebuilt from its chunks, and the answer cache of `mrag eval --answers` (migration 0003)."""

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


def note_lines(conn, notes: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
    """Each note's lines (index 0 is line 1) by (root, path), rebuilt from its
    chunks: they cover the note from its first word to its last
    (overlapping, each at its start_char), so the lines a chunk cut in half
    come back whole. A note with no chunk is left out."""
    wanted = set(n for n in notes if n and n[1])
    if not wanted:
        return {}
    paths = sorted({path for _root, path in wanted})
    marks = ",".join("?" * len(paths))
    parts: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    for root, path, start, first_line, text in conn.execute(
            f"SELECT d.root, d.path, c.start_char, c.start_line, c.text FROM chunks c JOIN documents d "
            f"ON d.id = c.document_id WHERE d.path IN ({marks}) ORDER BY d.root, d.path, c.start_char", paths):
        if (root, path) in wanted:
            parts.setdefault((root, path), []).append((start, first_line, text))
    out: dict[tuple[str, str], list[str]] = {}
    for path, chunks in parts.items():
        origin, first_line = chunks[0][0], chunks[0][1]
        buf: list[str] = []
        for start, _line, text in chunks:
            at = start - origin
            if at > len(buf):  # only blanks lie between two chunks' words
                buf.extend(" " * (at - len(buf)))
            buf[at:at + len(text)] = text
        out[path] = [""] * (first_line - 1) + "".join(buf).split("\n")
    return out


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
