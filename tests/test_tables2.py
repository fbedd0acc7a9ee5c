"""Tables, session 53 (tables2): what a table's rows look like in the sources, snippets and chunk dates.

- a table's `|---|` line reached the model between two rows (a source shows the header, its `|---|` line once,
  then the rows);
- a Markdown table written without its outer pipes (`run | lr` over `--- | ---`, valid GFM) is a table to the answer
  and the snippet as a piped one is (the chunks were led already);
- yearless.chunk_years numbered a led chunk's lines from its text, the table's head included: after a long table a
  heading's line was one or two off."""

from __future__ import annotations

from tests.conftest import synced_names


def test_a_yearless_day_after_a_long_table_takes_its_own_heading_s_year(tmp_path):
    """`- 3 Dec` under `## December 2027`, after a table long enough that a chunk among its rows is led by its head:
    that chunk's lines were numbered two too far (the lead's header and `|---|` lines), the heading of the next
    chunk's lines lost, and the day took the year of `# Expenses — December 2026` above the table."""
    rows = "\n".join(f"| item {n} | €{n}.50 | card |" for n in range(1, 23))
    note = ("# Expenses — December 2026\n\n- 1 Dec: bus\n\n| what | cost | paid |\n|---|---|---|\n" + rows + "\n"
            "## December 2027\n- 3 Dec: refund of the deposit\n" + "\nMore words about it all here.\n" * 12)
    names = synced_names(tmp_path, {"expenses.md": note})
    assert {"2026-12-01", "2027-12-03"} <= names
    assert "2026-12-03" not in names
