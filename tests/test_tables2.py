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


BARE_HEAD = "run | model | norm | lr | seed | ppl | status\n--- | --- | --- | --- | --- | --- | ---"


def _bare_rows(prefix: str = "exp") -> list[str]:
    """Rows of some 27 words, more than a chunk's overlap (20): the chunk after one began inside a row."""
    return [f"{prefix}-{n} | model with a long descriptive name {n} | norm layer pre | lr 3e-4 | seed {n} | ppl {n}.5 | "
            f"status fine and ok" for n in range(40)]


def test_a_table_without_outer_pipes_is_cut_between_rows_and_led_by_its_head(tmp_path):
    """Readers 15: `exp-13 | model ... | lr 3e-4` under `--- | --- | ---` is a table's row as `| exp-13 | ... |` is:
    no chunk begins inside one (each began mid-row, `norm layer pre | lr 3e-4 | ...`, its run in the chunk before)."""
    from tests.test_readers13_formats3 import chunk_lines
    from tests.test_sync_conflicts import sync

    root = tmp_path / "notes"
    root.mkdir()
    rows = _bare_rows()
    note = "# Bare runs\n\n" + BARE_HEAD + "\n" + "\n".join(rows) + "\n"
    (root / "bare.md").write_text(note, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "bare.md")
    led = [(s, e, t) for s, e, t in chunks if s > 4]
    assert len(led) >= 3
    for start, end, text in led:
        assert text.split("\n")[2:] == rows[start - 5:end - 4], text[:300]  # the head, then whole rows
        assert text.startswith(BARE_HEAD + "\n")
