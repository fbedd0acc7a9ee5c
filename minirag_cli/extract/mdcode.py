"""Markdown code in a note: fenced code blocks and inline code spans, where
a `[[wikilink]]` is written about, not followed (`` `[[Note]]` `` in a
note on Obsidian's syntax links nothing). The heuristic extractor and the
llm extractor's `complete` read no link there (heuristic.wikilinks).

The extractors read a chunk, not a note, and a fenced block longer than a
chunk opens in one chunk and closes in a later one: read alone, the later
chunk would take the block's closing fence for an opening one and the text
after it for code. `fence_prefixes` gives each chunk of a note the opening
fence of the block it starts in, from the note's chunks alone (what sync
has when it extracts a changed note and when it re-extracts the chunks an
index holds, sync._reextract), to be read before the chunk's text.

CommonMark's rules, as far as links need them: a fence is a line of three
or more backticks or tildes, indented by at most three spaces (a backtick
fence's info string holds no backtick); the block closes at a line of the
same character, at least as long, with nothing after it but spaces, or at
the end of the text. A code span opens at a run of backticks and closes at
the next run of the same length in the same paragraph (not across a blank
line); a run nothing closes is text. Indented code blocks are not told from
an indented list item's lines, and are read as text."""

from __future__ import annotations

import re
from typing import Iterable

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_CLOSING = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*$")
_TICKS = re.compile(r"`+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def opening_fence(line: str) -> str | None:
    """The fence (```` ``` ```` or `~~~`, as long as written) `line` opens a block with, or None."""
    m = _FENCE.match(line)
    if m is None or (m.group(1)[0] == "`" and "`" in m.group(2)):
        return None
    return m.group(1)


def closes(line: str, fence: str) -> bool:
    """Does `line` close a block opened by `fence`?"""
    m = _CLOSING.match(line)
    return m is not None and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)


def code_ranges(text: str) -> list[tuple[int, int]]:
    """(start, end) of the fenced code blocks (fences included) and the
    inline code spans (backticks included) of `text`, in order."""
    if "`" not in text and "~~~" not in text:
        return []
    blocks: list[tuple[int, int]] = []
    fence, start, pos = None, 0, 0
    for line in text.split("\n"):
        end = pos + len(line)
        if fence is None:
            fence = opening_fence(line)
            start = pos
        elif closes(line, fence):
            blocks.append((start, end))
            fence = None
        pos = end + 1
    if fence is not None:  # a block nothing closes runs to the end of the text
        blocks.append((start, len(text)))
    out: list[tuple[int, int]] = []
    prose_start = 0
    for a, b in [*blocks, (len(text), len(text))]:
        out += _code_spans(text, prose_start, a)
        if a < b:
            out.append((a, b))
        prose_start = b
    return out


def _code_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The inline code spans of text[start:end]."""
    runs = [m.span() for m in _TICKS.finditer(text, start, end)]
    out = []
    i = 0
    while i < len(runs):
        a, b = runs[i]
        n = b - a
        closer = next((j for j in range(i + 1, len(runs)) if runs[j][1] - runs[j][0] == n), None)
        if closer is not None and not _BLANK_LINE.search(text, b, runs[closer][0]):
            out.append((a, runs[closer][1]))
            i = closer + 1
        else:
            i += 1  # backticks nothing closes are text
    return out


def inside(ranges: list[tuple[int, int]], pos: int) -> bool:
    return any(a <= pos < b for a, b in ranges)


def fence_prefixes(chunks: Iterable[tuple[int, str]]) -> list[str]:
    """For each chunk of one note, (its first line's number, its text) in
    order: the opening fence of the code block the chunk starts inside, and
    a line end, to be read before its text; '' for a chunk that starts in
    prose. The note's lines are rebuilt from its overlapping chunks (a line
    two chunks hold is the longer of the two)."""
    chunks = list(chunks)
    if not any("```" in text or "~~~" in text for _line, text in chunks):
        return [""] * len(chunks)
    lines: dict[int, str] = {}
    for first, text in chunks:
        for k, line in enumerate(text.split("\n")):
            if len(line) > len(lines.get(first + k, "")):
                lines[first + k] = line
    starts = sorted({first for first, _text in chunks})
    open_at: dict[int, str | None] = {}
    fence = None
    wanted = iter(starts)
    at = next(wanted, None)
    for n in range(min(lines), max(lines) + 1):
        while at is not None and at <= n:
            open_at[at] = fence
            at = next(wanted, None)
        line = lines.get(n, "")
        if fence is None:
            fence = opening_fence(line)
        elif closes(line, fence):
            fence = None
    return [open_at[first] + "\n" if open_at.get(first) else "" for first, _text in chunks]
