"""A table's head in front of each of its chunks (readers 14).

A long table is cut into chunks like any text, and a chunk that begins among its rows held rows alone
(`| run-14 | 25M | Pre-LN | 3e-4 | ...`): nothing in it said that 3e-4 is the learning rate, so "what learning rate
did run-14 use?" found it low and showed it without its columns. Each such chunk's text now opens with the table's
header row (and a Markdown table's `|---|` line): its lead. The lead is no line of the file: a chunk keeps its file
span (start/end char and line), and its text is the lead and then the file's slice, so the file's part of a chunk
is the last `end_char - start_char` characters of its text (file_part), which the code that lays a note back from
its chunks (mdcode.laid_note, store.answers.rebuilt_lines, store.lookup.reassemble) reads.

A Markdown table is a row (a line holding `|`) and a delimiter line under it (`|---|:---:|`), outside fenced code;
its body the lines after them that hold `|`, up to the first that does not. A `.csv` is read as a table whose head
is its first row (csvnotes.py): every line after it is its body, blank lines (a cell's further lines) too."""

from __future__ import annotations

import re
from dataclasses import replace

from minirag_cli.chunking import DEFAULT_CHUNK_TOKENS
from minirag_cli.csvnotes import names_nothing

# a delimiter line: cells of dashes (`---`, `:--`, `:-:`) between pipes, at least one pipe (a CRLF file's line
# split at "\n" ends with "\r": its table had no head in front of its chunks, a CSV's had)
DELIMITER = re.compile(r"[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?[ \t]*\r?"
                        r"|[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*\r?")
_FENCE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})")
_CELL_BAR = re.compile(r"(?<!\\)\|")  # a pipe that parts two cells (`\|` is one in a cell's text)
# The lead is read on top of the chunk's own words (the chunker counts it not: a led chunk holds as many rows as
# any other), and MiniLM reads 256 word pieces, of which a chunk of DEFAULT_CHUNK_TOKENS words fills some 3/4: a
# lead of at most a quarter of that many words leaves the rows in view. A 30-column header of long names was ~400
# word pieces, and the vector of each of its chunks saw the header alone. The cap is the default chunk's, not the
# chunk's own: the window the lead must leave room in is the model's, whatever the chunk size.
LEAD_TOKENS = DEFAULT_CHUNK_TOKENS // 4
LEAD_WORD_CHARS = 6  # a lead's word counts one token per this many characters (`column_name_with_long_words`: 5)


def file_part(text: str, start_char: int, end_char: int) -> str:
    """The file's part of a chunk's `text`: without the lead (a table's head) in front of it."""
    return text[max(0, len(text) - (end_char - start_char)):]


def table_bodies(text: str, path: str = "") -> list[tuple[int, int, str]]:
    """(first, last line of a table's body, 1-based; its head: the header row and, in Markdown, its delimiter
    line) of each table of the note at `path` whose text (as read) is `text`."""
    lines = text.split("\n")
    if names_nothing(path):  # a CSV's table: its first row heads the rest (csvnotes.csv_text)
        first = next((n for n, line in enumerate(lines) if line.strip()), None)
        last = len(lines) - (lines[-1] == "")  # the last line that is one (the text ends with a line end)
        return [] if first is None or first + 2 > last else [(first + 2, last, lines[first].rstrip())]
    if "|" not in text or "-" not in text:
        return []
    out: list[tuple[int, int, str]] = []
    fence = ""
    n = 0
    while n < len(lines):
        line = lines[n]
        m = _FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line[m.end():].strip():
                fence = ""
            n += 1
            continue
        if m:
            fence = m.group(1)
            n += 1
            continue
        if "|" in line and n + 1 < len(lines) and "|" in lines[n + 1] and DELIMITER.fullmatch(lines[n + 1]):
            end = n + 2
            while end < len(lines) and "|" in lines[end] and lines[end].strip():
                end += 1
            if end > n + 2:
                out.append((n + 2, n + 2, line.rstrip()))  # a chunk that begins at the delimiter line
                out.append((n + 3, end, line.rstrip() + "\n" + lines[n + 1].rstrip()))
            n = end
            continue
        n += 1
    return out


def lead_tokens(head: str) -> int:
    """A lead's size in tokens, a long word (a column's long name) counting as one per LEAD_WORD_CHARS characters."""
    return sum(-(-len(word) // LEAD_WORD_CHARS) for word in head.split())


def capped_head(head: str) -> str:
    """A table's `head` (its header row and, in Markdown, its `|---|` line) as a chunk's lead: whole, or its first
    columns (as many as fit in LEAD_TOKENS, each line cut after the same cell), or "" when not even the first does."""
    if lead_tokens(head) <= LEAD_TOKENS:
        return head
    rows = [_CELL_BAR.split(row) for row in head.split("\n")]
    opened = [1 if not parts[0].strip() else 0 for parts in rows]  # `| a | b |` parts as "", " a ", " b ", ""
    for k in range(min(len(parts) - o for parts, o in zip(rows, opened)) - 1, 0, -1):
        cut = "\n".join("|".join(parts[:o + k]) + "|" for parts, o in zip(rows, opened))
        if lead_tokens(cut) <= LEAD_TOKENS:
            return cut
    return ""


def with_table_heads(chunks: list, text: str, path: str = "") -> list:
    """`chunks` (chunking.Chunk of `text`), each that begins in a table's body (after its head) led by the
    table's head (capped_head: its first columns when it is long) and a line end; its span (chars, lines) is the
    file's, as before."""
    bodies = [(first, last, capped_head(head)) for first, last, head in table_bodies(text, path)]
    if not bodies:
        return chunks
    out = []
    for c in chunks:
        head = next((h for first, last, h in bodies if first <= c.start_line <= last), "")
        out.append(replace(c, text=head + "\n" + c.text, n_tokens=c.n_tokens + len(head.split())) if head else c)
    return out


def table_head_line(lines: list[str], path: str, n: int) -> int | None:
    """The line (1-based) of the header row of the table whose body holds line `n` of `lines` (a note's, or a
    chunk's: a chunk among a table's rows opens with it), None when `n` is in no table's body."""
    for first, last, head in table_bodies("\n".join(lines), path):
        if first <= n <= last:
            row = head.split("\n", 1)[0]
            return next((k for k in range(first - 1, 0, -1) if lines[k - 1].rstrip() == row), None)
    return None

