"""A `.csv` file as a note: a small table someone keeps (a reading list, contacts, a packing list) is read as
the Markdown table it means, its header row the table's head, so its rows are searched, named and answered
from as a note's table is; its line numbers are those of this text (the header's `|---|` line after the first).
A cell's line ends are blanks and its `|` is `\\|` (a row is a line). A file of more than MAX_ROWS rows or
MAX_COLUMNS columns is a data set (a bank's export, a sensor log), no note: the sync skips it, saying so
(TooLarge), and records it so that it is not opened again while it stays as it is."""

from __future__ import annotations

import csv
import io

CSV_SUFFIX = ".csv"
MAX_ROWS = 500  # rows under the header
MAX_COLUMNS = 30


class TooLarge(ValueError):
    """The CSV is a data set (or no table), no note; str() is the reason the sync gives."""


def csv_text(text: str) -> str:
    """The Markdown table of the CSV `text` (module docstring); TooLarge for a data set."""
    if not text.strip():
        return ""
    try:
        dialect = csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
    except csv.Error:  # one column, or nothing it can tell: a comma's
        dialect = csv.excel
    rows = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
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
