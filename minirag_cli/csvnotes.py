"""A `.csv` file as a note: a small table someone keeps (a reading list, contacts, a packing list) is read as
the Markdown table it means, its header row the table's head, so its rows are searched and answered from as a
note's table is, but name nothing (names_nothing); its line numbers are those of this text (the header's
`|---|` line after the first). A cell's line ends are blanks and its `|` is `\\|` (a row is a line). Excel's
first line `sep=;` says the separator, and is no row. A file of more than MAX_ROWS rows or MAX_COLUMNS columns
is a data set (a bank's statement, a sensor log), no note: the sync skips it, saying so (TooLarge), and records
it so that it is not opened again while it stays as it is."""

from __future__ import annotations

import csv
import io
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


def csv_text(text: str) -> str:
    """The Markdown table of the CSV `text` (module docstring); TooLarge for a data set."""
    if not text.strip():
        return ""
    said = _SEPARATOR_LINE.match(text)
    separator = {} if said is None else {"delimiter": said.group(1)}
    if said is not None:
        text, dialect = text[said.end():], csv.excel
    else:
        try:
            dialect = csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
        except csv.Error:  # one column, or nothing it can tell: a comma's
            dialect = csv.excel
    rows = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect, **separator):
            if not any(cell.strip() for cell in row):
                continue  # a blank line
            rows.append(row)
            if len(rows) > MAX_ROWS + 1:
                break
    except csv.Error as exc:  # a field over csv's limit (128 KB), a NUL: no table
        raise TooLarge(f"a CSV that is no table: {str(exc)[:80]}") from None
    if not rows:
        return ""
    if len(rows) > MAX_ROWS + 1:
        raise TooLarge(f"a CSV of more than {MAX_ROWS} rows: a data set, not read as a note (a table of up to "
                       f"{MAX_ROWS} rows and {MAX_COLUMNS} columns is)")
    width = max(len(row) for row in rows)
    if width > MAX_COLUMNS:
        raise TooLarge(f"a CSV of {width} columns: a data set, not read as a note (a table of up to "
                       f"{MAX_ROWS} rows and {MAX_COLUMNS} columns is)")

    def line(row: list[str]) -> str:
        cells = [" ".join(cell.split()).replace("|", "\\|") for cell in row] + [""] * (width - len(row))
        return "| " + " | ".join(cells) + " |"

    return "\n".join([line(rows[0]), "|" + "---|" * width, *(line(row) for row in rows[1:])]) + "\n"
