"""The answer side's SQL: each chunk's note heading (where a chat keeps its
date), a note's lines rebuilt from its chunks (also every note's that may
hold tasks, for `mrag tasks`), and the answer cache of `mrag eval --answers` (migration 0003)."""

from __future__ import annotations

import json
from typing import Iterable, Sequence

from minirag_cli.db import copy_missing_rows
from minirag_cli.tables import file_part


def note_heads(conn, chunk_ids: Iterable[int]) -> dict[int, str]:
    """Each chunk's note's head: the line that dates the note when any does
    (answer.note_date), read from the header sync stores with the chunk
    (store.document_header): its first line (a chat's `Time:` line), or,
    for a note that opens with front matter, the block's date line
    (`date: 2024-05-01`) its header holds after the title
    (frontmatter.head_date_line), else its title. A header still `---`
    (written before the header held the block's title and date: an
    index the llm extractor built, or a heuristic one not synced since the
    upgrade) has the date line read from the note's first chunk, which
    holds the block unless it is longer than a chunk (and opens the note:
    after blank lines, `---` opens no block, frontmatter.of_note)."""
    ids = [int(c) for c in chunk_ids if c is not None]
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return dating_heads(conn, conn.execute(f"SELECT id, document_id, header FROM chunks WHERE id IN ({marks})", ids))


def note_titles(conn, chunk_ids: Iterable[int]) -> dict[int, str]:
    """Each chunk's note's title as its stored header writes it (store.document_header: the first line, or the
    front matter's title and date), which names the kind of note a note is (`# Staff meeting`: latest.reorder)."""
    ids = [int(c) for c in chunk_ids if c is not None]
    marks = ",".join("?" * len(ids))
    return {c: (header or "").split("\n", 1)[0] for c, header in conn.execute(
        f"SELECT id, header FROM chunks WHERE id IN ({marks})", ids)} if ids else {}


def dating_heads(conn, rows: Iterable[tuple]) -> dict:
    """key -> the head that dates the note of each (key, document id,
    stored header) of `rows` (note_heads): frontmatter.header_head of the
    header, or for a header still `---` the date line of the note's first
    chunk. The one reader of a note's dating line, for note_heads (answer
    sources) and store.search.note_dating_heads (datednotes)."""
    from minirag_cli import frontmatter

    heads, docs = {}, {}
    for key, doc, header in rows:
        heads[key], docs[key] = frontmatter.header_head(header), doc
    opened = sorted({docs[k] for k, head in heads.items() if frontmatter.opens_block(head)})
    if opened:
        marks = ",".join("?" * len(opened))
        dates = {}
        for doc, first in conn.execute(f"SELECT document_id, text FROM chunks WHERE document_id IN ({marks}) "
                                       f"AND seq = 0 AND start_char = 0", opened):
            found = frontmatter.parse(first)
            if found is not None and found.date_line():
                dates[doc] = found.date_line()
        for key, doc in docs.items():
            if doc in dates:
                heads[key] = dates[doc]
    return heads


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
    for root, path, start, first_line, text, end in conn.execute(
            f"SELECT d.root, d.path, c.start_char, c.start_line, c.text, c.end_char FROM chunks c JOIN documents d "
            f"ON d.id = c.document_id WHERE d.path IN ({marks}) ORDER BY d.root, d.path, c.start_char", paths):
        if (root, path) in wanted:
            parts.setdefault((root, path), []).append((start, first_line, file_part(text, start, end)))
    return {note: rebuilt_lines(chunks) for note, chunks in parts.items()}


def rebuilt_lines(chunks: list[tuple[int, int, str]]) -> list[str]:
    """A note's lines (index 0 is line 1) from its chunks' (start_char,
    start_line, text: the file's part, tables.file_part), in start_char order (note_lines, notes_with_tasks)."""
    origin, first_line = chunks[0][0], chunks[0][1]
    buf: list[str] = []
    end_line = first_line  # the line the buffer's end is on
    for start, line, text in chunks:
        at = start - origin
        if at > len(buf):
            # only blanks lie between two chunks' words, the line ends among them: chunks
            # without overlap (--overlap 0) are cut at line ends, and the next chunk's first
            # line is a line of its own, not the end of the previous chunk's last one
            gap = at - len(buf)
            breaks = min(gap, max(0, line - end_line))
            buf.extend(" " * (gap - breaks) + "\n" * breaks)
        buf[at:at + len(text)] = text
        if at + len(text) >= len(buf):
            end_line = line + text.count("\n")
    return [""] * (first_line - 1) + "".join(buf).split("\n")


def notes_with_tasks(conn, words: Iterable[str] = (),
                     ends: Iterable[str] = ()) -> Iterable[tuple[str, str, str, list[str]]]:
    """(root, path, the head that dates it (dating_heads), lines) of every
    note a chunk of which holds a `[` (tasks.py reads its checkboxes:
    `- [ ] call Priya`) or one of `words` (case kept: Logseq's `TODO`), in
    document id order. `[` alone and not `[ ]`: a chunk boundary may fall
    inside a checkbox (`- [` ending one chunk, `] call` opening the next); and
    every Org-mode note (`.org`, and an Org archive, `.org_archive`), whose task headlines (`* TODO call Priya`)
    need no bracket; and every note whose path ends in one of `ends` (any case: a todo.txt file,
    `todo.txt`, whose lines are its tasks)."""
    words, ends = list(words), [f"%{end.lower()}" for end in ends]
    notes: dict[int, tuple[str, str]] = {}
    headers: dict[int, str] = {}
    chunks: dict[int, list] = {}
    for doc, root, path, start, first_line, text, seq, head, end in conn.execute(
            "SELECT d.id, d.root, d.path, c.start_char, c.start_line, c.text, c.seq, c.header, c.end_char "
            "FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.document_id IN "
            "(SELECT document_id FROM chunks WHERE instr(text, '[') > 0"
            + " OR instr(text, ?) > 0" * len(words) + ") OR d.path LIKE '%.org' "
            "OR d.path LIKE '%.org\\_archive' ESCAPE '\\' " + "OR lower(d.path) LIKE ? " * len(ends)
            + "ORDER BY d.id, c.start_char", words + ends):
        notes.setdefault(doc, (root, path))
        if seq == 0:
            headers[doc] = head
        chunks.setdefault(doc, []).append((start, first_line, file_part(text, start, end)))
    heads = dating_heads(conn, ((doc, doc, headers.get(doc, "")) for doc in notes))
    for doc, (root, path) in notes.items():
        yield root, path, heads[doc], rebuilt_lines(chunks[doc])


# an answer that read a chunk the index no longer holds can never be found
# again (its key holds the chunk's id and text): an edited, renamed or
# deleted note leaves such answers behind. A judge's verdict reads no chunk
# (chunk_ids []) and is kept: it is keyed by the answer it judged.
_PRUNE_SQL = """
DELETE FROM answer_cache WHERE EXISTS (
    SELECT 1 FROM json_each(answer_cache.chunk_ids) AS read
    WHERE NOT EXISTS (SELECT 1 FROM chunks WHERE chunks.id = read.value))
"""


def prune_answers(conn) -> int:
    """Delete the cached answers that read a chunk no longer in the index;
    returns how many. Call inside a transaction, after a sync removed chunks."""
    return conn.execute(_PRUNE_SQL).rowcount


def forget_chunk_answers(conn) -> None:
    """Delete every cached answer that read chunks (a rebuild: chunk ids start
    over, so an old answer's ids would point at other chunks and never be
    pruned); the judge's verdicts stay. Call inside a transaction."""
    conn.execute("DELETE FROM answer_cache WHERE chunk_ids <> '[]'")


def keep_chunkless_answers(conn, other_index: str) -> None:
    """Add the cached answers that read no chunk (a judge's verdicts) which
    another index file holds and this one lacks: a rebuild's new index takes
    the verdicts written into the live index while it was built (copied over
    it, the live index would lose them). Answers that read chunks are not
    taken: a rebuild's chunk ids start over (forget_chunk_answers). Call
    outside a transaction (ATTACH); the other file must have this schema."""
    copy_missing_rows(conn, other_index, "answer_cache", "chunk_ids = '[]'")


# answer.memo_sources keeps the lines chosen for an answer in answer_cache too, under this
# prompt_version (and a version after it): they are no answer, and `mrag status` does not count them
LINE_CHOICES = "lines"


def count_answers(conn) -> int:
    """The cached answers and verdicts, the kept line choices left out."""
    return conn.execute("SELECT count(*) FROM answer_cache WHERE prompt_version NOT LIKE ?",
                        (LINE_CHOICES + "%",)).fetchone()[0]


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
