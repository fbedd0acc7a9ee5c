"""Splitting a note into overlapping chunks of whitespace tokens, cut at line
ends where possible, each remembering its character and line span; and
what of a note's text is not worth indexing as text (inline data).

Default size: see BENCHMARKS.md ("Chunk size") — MiniLM reads 256 word pieces,
so chunks much above ~150 words are partly invisible to the dense channel.

No chunk is absurdly long, whatever the note: a "word" longer than
MAX_WORD_CHARS (a 3 MB line of base64, hex or minified JSON) is cut into
pieces of that many characters, each a token, and a chunk ends before it
passes chunk_chars(size) characters. Ordinary text never meets either cap
(LiHua's longest word is 19 characters, its longest chunk 826).

As a note is read (without_inline_data), such a word that is data, not
prose (nearly all ASCII: a base64 blob, minified code), keeps only its first
MAX_WORD_CHARS characters and an ellipsis, as a data: URI's payload does: 3 MB
of it were 1501 chunks of nothing to search. A long run of Chinese, Japanese
or Thai (written without blanks: a paragraph) is text and is kept whole.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass

DEFAULT_CHUNK_TOKENS = 120
DEFAULT_OVERLAP_TOKENS = 20
_WORD = re.compile(r"\S+")
MAX_WORD_CHARS = 1000  # a longer run of non-blanks is cut into pieces this long, each a token
MIN_CHUNK_CHARS = 4000  # a chunk's characters are capped at chunk_chars(size): no less than this ...
CHUNK_CHARS_PER_TOKEN = 32  # ... or this many per token of the chunk size (a word is ~6)
# an inline base64 payload (`![p](data:image/png;base64,iVBOR...)`): data, not text; its first
# group (`data:image/png;base64,`) is kept, the payload (never a line end) becomes INLINE_DATA
_INLINE_DATA = re.compile(r"(data:[\w.+-]+/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,)[A-Za-z0-9+/=_-]{64,}")
INLINE_DATA = "\u2026"
# a run of non-blanks longer than MAX_WORD_CHARS, found from its first character only (the lookbehind:
# not tried again inside a long word, which would be quadratic)
_LONG_WORD = re.compile(r"(?<!\S)\S{%d,}" % (MAX_WORD_CHARS + 1))
# at most this share of a long word's characters not ASCII: data (base64, hex, minified code with
# the odd non-ASCII string); a paragraph of a script written without blanks is nearly all non-ASCII
DATA_WORD_NON_ASCII_SHARE = 0.1
_TABLE_ROW = re.compile(r"[ \t]*\|")  # a line that is a table's row (a Markdown table's, a CSV's as read)


def _cut_data_word(m: re.Match) -> str:
    word = m.group()
    non_ascii = 0 if word.isascii() else len(word) - len(word.encode("ascii", "ignore"))
    if non_ascii > len(word) * DATA_WORD_NON_ASCII_SHARE:
        return word  # prose in a script without blanks: chunk_text cuts it into pieces
    return word[:MAX_WORD_CHARS] + INLINE_DATA


def without_inline_data(text: str) -> str:
    """`text` with each inline base64 payload of a data: URI (an image pasted
    into a note) replaced by an ellipsis: it is no text to search or embed,
    and 1 MB of it made one chunk that `ask --json` returned whole. A run of
    more than MAX_WORD_CHARS non-blanks that is data (_cut_data_word) keeps
    its first MAX_WORD_CHARS characters and an ellipsis. Line ends are kept,
    so every line keeps its number."""
    if "base64," in text:
        text = _INLINE_DATA.sub(lambda m: m.group(1) + INLINE_DATA, text)
    return _LONG_WORD.sub(_cut_data_word, text) if len(text) > MAX_WORD_CHARS else text


def chunk_chars(size: int) -> int:
    """The most characters a chunk of `size` tokens holds (one token longer
    than that, up to MAX_WORD_CHARS, makes a chunk on its own)."""
    return max(MIN_CHUNK_CHARS, CHUNK_CHARS_PER_TOKEN * size)


def _words(text: str) -> list[tuple[int, int]]:
    """(start, end) of each token: runs of non-blanks, those longer than MAX_WORD_CHARS cut into pieces."""
    words = []
    for m in _WORD.finditer(text):
        start, end = m.span()
        while end - start > MAX_WORD_CHARS:
            words.append((start, start + MAX_WORD_CHARS))
            start += MAX_WORD_CHARS
        words.append((start, end))
    return words


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


def chunk_text(text: str, size: int = DEFAULT_CHUNK_TOKENS, overlap: int = DEFAULT_OVERLAP_TOKENS,
               rows: frozenset[int] = frozenset()) -> list[Chunk]:
    """`text`'s chunks of `size` tokens overlapping by `overlap`; `rows`: the lines (1-based) of its tables' bodies,
    inside which no chunk begins (a line opening with `|` is one anyway: _TABLE_ROW)."""
    if size < 1:
        raise ValueError("chunk size must be at least 1 token")
    if not 0 <= overlap <= max_overlap(size):
        raise ValueError(f"overlap must be 0 to {max_overlap(size)} tokens for chunks of {size}")
    words = _words(text)
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
    most_chars = chunk_chars(size)
    start = 0
    while start < n:
        end = min(start + size, n)
        # at most `most_chars` characters (one token at least): bisect the token ends
        capped = words[end - 1][1] - words[start][0] > most_chars
        if capped:
            lo, hi = start + 1, end  # words[lo-1] fits (or is the one token), words[hi-1] does not
            while lo < hi - 1:
                mid = (lo + hi) // 2
                if words[mid - 1][1] - words[start][0] <= most_chars:
                    lo = mid
                else:
                    hi = mid
            end = lo
        if end < n:
            # prefer to end at a line break in the second half of the window
            for cut in range(end, start + (end - start if capped else size) // 2, -1):
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
        # a chunk cut short by characters overlaps the next by half of it at most, as any chunk does
        nxt = max(end - (min(overlap, (end - start) // 2) if capped else overlap), start + 1)
        # begin the overlap at a line start when one lies inside it
        for cand in range(nxt, end):
            if starts_line(cand):
                nxt = cand
                break
        row_line = line_of(words[nxt][0])
        if not starts_line(nxt) and (row_line in rows or _TABLE_ROW.match(text, line_starts[row_line - 1])):
            # inside a table's row (readers 14): a chunk that began there read `run-13 | 25M | ...`, its cells
            # under no column; it begins at the row's start (the whole row overlaps), else after it. A table
            # written without its outer pipes (`run-13 | 25M`, valid GFM) is one too (`rows`, readers 15)
            row = nxt
            while row > start + 1 and not starts_line(row):
                row -= 1
            nxt = row if starts_line(row) and end - row <= max_overlap(size) else end
        start = nxt
    return chunks
