"""A `.csv` file as a note: a small table someone keeps (a reading list, contacts, a packing list) is read as
the Markdown table it means, its header row the table's head, so its rows are searched and answered from as a
note's table is, but name nothing (names_nothing). It keeps the file's lines (readers 13), as a BibTeX library and
a Kindle's clippings do, so a citation `books.csv:3` and `mrag show books.csv:3` are the file's line 3: a row is on
its file's first line, the further lines of a cell holding line ends blank (its line ends read as blanks), a blank
line blank, and no `|---|` line under the header (it took a line of the file's: every row was cited a line below
its own). A cell's `|` is `\\|`. Excel's first line `sep=;` says the separator, and is no row (a blank line). A
file of more than MAX_ROWS rows or MAX_COLUMNS columns is a data set (a bank's statement, a sensor log), no note:
the sync skips it, saying so (TooLarge), and records it so that it is not opened again while it stays as it is."""

from __future__ import annotations

import csv
import re

CSV_SUFFIX = ".csv"
MAX_ROWS = 200  # rows under the header (fixB: 500 let a 499-row sensor log in, 63 chunks filling searches)
MAX_COLUMNS = 30
# Excel's first line naming the separator, `sep=;` (a file it writes for another locale's Excel): the header was
# `sep=` (fixB); in quotes as some tools write it
_SEPARATOR_LINE = re.compile(r'\ufeff?"?sep=([^\r\n"])"?[ \t]*(?:\r\n|\r|\n|$)', re.I)


def names_nothing(path: str) -> bool:
    """Is the note at `path` a CSV's table, searched (chunks, BM25, vectors) but read for no names: no extraction,
    heuristic or model, so no entity, mention, relation or date of its cells (a bank's export of 120 rows made
    its payee, `EUR`, `EC` and `Kartenzahlung` the index's top names, a clique of 970 relations). Its file
    name names it still, so a link to it links (sync._name_notes)."""
    return path.lower().endswith(CSV_SUFFIX)


class TooLarge(ValueError):
    """The CSV is a data set (or no table), no note; str() is the reason the sync gives."""


def _lines(text: str):
    """`text`'s lines, each with its `\\n` (decode_note made a lone CR one): the lines mrag counts, which csv reads."""
    pieces = text.split("\n")
    yield from (piece + "\n" for piece in pieces[:-1])
    if pieces[-1]:
        yield pieces[-1]


def csv_text(text: str) -> str:
    """The Markdown table of the CSV `text`, each row on its own line (module docstring); TooLarge for a data set."""
    if not text.strip():
        return ""
    said = _SEPARATOR_LINE.match(text)
    separator = {} if said is None else {"delimiter": said.group(1)}
    first = 0  # the line (from 0) the table's text starts on
    if said is not None:
        first = text.count("\n", 0, said.end())
        text, dialect = text[said.end():], csv.excel
    else:
        try:
            dialect = csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
        except csv.Error:  # one column, or nothing it can tell: a comma's
            dialect = csv.excel
    rows: list[tuple[int, list[str]]] = []  # (the row's first line, from 0; its cells)
    read = 0  # the lines csv has read

    def counted():
        nonlocal read
        for line in _lines(text):
            read += 1
            yield line

    reader = csv.reader(counted(), dialect, **separator)
    try:
        while True:
            at = first + read
            row = next(reader, None)
            if row is None:
                break
            if not any(cell.strip() for cell in row):
                continue  # a blank line
            rows.append((at, row))
            if len(rows) > MAX_ROWS + 1:
                break
    except csv.Error as exc:  # a field over csv's limit (128 KB), a NUL: no table
        raise TooLarge(f"a CSV that is no table: {str(exc)[:80]}") from None
    if not rows:
        return ""
    if len(rows) > MAX_ROWS + 1:
        raise TooLarge(f"a CSV of more than {MAX_ROWS} rows: a data set, not read as a note (a table of up to "
                       f"{MAX_ROWS} rows and {MAX_COLUMNS} columns is)")
    width = max(len(row) for _, row in rows)
    if width > MAX_COLUMNS:
        raise TooLarge(f"a CSV of {width} columns: a data set, not read as a note (a table of up to "
                       f"{MAX_ROWS} rows and {MAX_COLUMNS} columns is)")

    def line(row: list[str]) -> str:
        cells = [" ".join(cell.split()).replace("|", "\\|") for cell in row] + [""] * (width - len(row))
        return "| " + " | ".join(cells) + " |"

    lines = [""] * (first + read)
    for at, row in rows:
        lines[at] = line(row)
    return "\n".join(lines) + "\n"
