"""Splitting a note into overlapping chunks of whitespace tokens, cut at line
ends where possible, each remembering its character and line span.

Default size: see BENCHMARKS.md ("Chunk size") — MiniLM reads 256 word pieces,
so chunks much above ~150 words are partly invisible to the dense channel.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass

DEFAULT_CHUNK_TOKENS = 120
DEFAULT_OVERLAP_TOKENS = 20
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Chunk:
    seq: int
    text: str
    start_char: int
    end_char: int
    start_line: int  # 1-based, inclusive
    end_line: int
    n_tokens: int

    @property
    def hash(self) -> str:
        return content_hash(self.text.encode("utf-8"))


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def max_overlap(size: int) -> int:
    """The most overlap chunks of `size` tokens may have: half a chunk, so
    that each chunk begins at least half a chunk after the one before."""
    return size // 2


def chunked_with(size: int, overlap: int) -> int:
    """The overlap the chunker used for `overlap` at `size`: before sync
    refused a larger overlap, chunk_text cut it to `max_overlap` without a
    word, and an index may still record the value it was given."""
    return max(0, min(overlap, max_overlap(size)))


def chunk_text(text: str, size: int = DEFAULT_CHUNK_TOKENS, overlap: int = DEFAULT_OVERLAP_TOKENS) -> list[Chunk]:
    if size < 1:
        raise ValueError("chunk size must be at least 1 token")
    if not 0 <= overlap <= max_overlap(size):
        raise ValueError(f"overlap must be 0 to {max_overlap(size)} tokens for chunks of {size}")
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    if not words:
        return []
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(pos: int) -> int:
        return bisect.bisect_right(line_starts, pos)

    def starts_line(i: int) -> bool:
        # word i begins a new line if a newline separates it from word i-1
        return i == 0 or "\n" in text[words[i - 1][1]:words[i][0]]

    chunks: list[Chunk] = []
    n = len(words)
    start = 0
    while start < n:
        end = min(start + size, n)
        if end < n:
            # prefer to end at a line break in the second half of the window
            for cut in range(end, start + size // 2, -1):
                if starts_line(cut):
                    end = cut
                    break
        s_char, e_char = words[start][0], words[end - 1][1]
        chunks.append(Chunk(
            seq=len(chunks), text=text[s_char:e_char], start_char=s_char, end_char=e_char,
            start_line=line_of(s_char), end_line=line_of(e_char - 1), n_tokens=end - start,
        ))
        if end >= n:
            break
        nxt = max(end - overlap, start + 1)
        # begin the overlap at a line start when one lies inside it
        for cand in range(nxt, end):
            if starts_line(cand):
                nxt = cand
                break
        start = nxt
    return chunks
