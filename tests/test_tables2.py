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


RUNS_HEAD = "| run | params | norm | lr | rngseed | ppl | acc |"
RUNS = [f"| run-{n:02d} | {25 + n}M | Pre-LN | 3e-4 | {7 * n} | {20 + n * 0.3:.1f} | {30 + n * 0.2:.1f} |"
        for n in range(60)]


def _runs_index(tmp_path):
    """An index (default chunks, hashing vectors) of a long piped table and the same table without outer pipes."""
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "notes"
    root.mkdir()
    (root / "runs.md").write_text("# Runs\n\nSome intro text about the runs.\n\n" + RUNS_HEAD + "\n"
                                  + "|---|---|---|---|---|---|---|\n" + "\n".join(RUNS) + "\n\nDone.\n", encoding="utf-8")
    (root / "bare.md").write_text("# Bare runs\n\nSome intro.\n\n" + RUNS_HEAD.strip("| ") + "\n"
                                  + "--- | --- | --- | --- | --- | --- | ---\n"
                                  + "\n".join(r.strip("| ").replace("run-", "exp-") for r in RUNS) + "\n\nDone.\n",
                                  encoding="utf-8")
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    index = Index.open(settings, create=True, embedder_factory=hashing_embedder)
    index.sync([root], SyncOptions(), extractor=HeuristicExtractor())
    return index


def _source(index, question: str, path: str) -> list[str]:
    opts = index.retrieval_options(k=5)
    sources = index.prepare_answer(index.search(question, opts), opts).sources
    return next(s["text"] for s in sources if s["path"] == path).split("\n")


def test_a_table_s_delimiter_line_reaches_the_model_only_under_its_header(tmp_path):
    """The header row chosen in a later chunk brought its `|---|` line; brought again to an earlier chunk's row
    (where it comes first), it left the `|---|` line between run-05's and run-19's rows."""
    from minirag_cli.tables import DELIMITER

    with _runs_index(tmp_path) as index:
        text = _source(index, "which rngseed and ppl did run-05 and run-25 have?", "runs.md")
    assert RUNS[5] in text and RUNS[25] in text, text
    assert text.count(RUNS_HEAD) == 1 and text.index(RUNS_HEAD) < text.index(RUNS[5]), text
    for n, line in enumerate(text):
        assert not DELIMITER.fullmatch(line) or text[n - 1] == RUNS_HEAD, text


def test_a_table_without_outer_pipes_reaches_the_model_and_the_snippet_under_its_header(tmp_path, monkeypatch):
    """`exp-45 | 70M | ...` chosen in a chunk led by `run | params | ...`: its header row came only where a line of
    it was chosen for its own words (after rows of another chunk, or not at all), and the snippet showed the lead's
    header, its `---` line and the chunk's first row, not the one asked about."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    head, row = RUNS_HEAD.strip("| "), RUNS[45].strip("| ").replace("run-", "exp-")
    with _runs_index(tmp_path) as index:
        text = _source(index, "what ppl did exp-45 get?", "bare.md")
    assert row in text and text[0] == head and text.count(head) == 1, text
    monkeypatch.setenv("MRAG_DB", str(tmp_path / "index.sqlite"))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(app, ["ask", "what ppl did exp-45 get?", "--mode", "bm25", "--k", "1", "--no-answer"])
    assert result.exit_code == 0, result.output
    assert result.stdout.split("\n")[1].strip().startswith(head + " " + row), result.stdout


def test_a_row_longer_than_a_chunk_is_cited_on_its_line_in_both_parts_the_second_led(tmp_path):
    """A row of 150 words (a notes cell) cannot fit one chunk of 120: it is cut, and each part is cited on the row's
    file line, the second led by the table's head (a guard: so it was on main; the second part lacks the row's first
    cells, `| r5 |`, which no lead repeats)."""
    from tests.test_readers13_formats3 import chunk_lines
    from tests.test_sync_conflicts import sync

    root = tmp_path / "notes"
    root.mkdir()
    head = "| run | notes |\n|---|---|"
    rows = [f"| r{n} | " + " ".join(f"w{n}_{i}" for i in range(150 if n == 5 else 5)) + " |" for n in range(12)]
    (root / "long-row.md").write_text(head + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "long-row.md")
    parts = [(s, e, t) for s, e, t in chunks if "w5_" in t]
    assert len(parts) >= 2
    line = 3 + 5  # the row's file line
    assert all(s <= line <= e for s, e, _t in parts)
    assert all(t.startswith(head + "\n") for s, _e, t in parts if s == line)


def test_the_graph_page_s_result_snippet_of_a_table_shows_its_header_and_the_asked_row(tmp_path):
    """`mrag graph view`'s story of a question listed a table's chunk by its first characters: the lead's header
    row, its `|---|` line and the chunk's first rows, where `ask` shows the header and the asked row."""
    from minirag_cli import db, retrieve
    from minirag_cli.graph_view import build_view
    from mrag_test_plugin import hashing_embedder
    from tests.test_sync_conflicts import sync

    root = tmp_path / "notes"
    root.mkdir()
    (root / "runs.md").write_text("# Runs\n\nSome intro text about the runs.\n\n" + RUNS_HEAD + "\n"
                                  + "|---|---|---|---|---|---|---|\n" + "\n".join(RUNS) + "\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        found = retrieve.search(conn, "which run used rngseed 287?", embedder=hashing_embedder("hashing:64"), k=3,
                                mode="bm25")
        results = build_view(conn, search=found).story["results"]
    finally:
        conn.close()
    assert results[0]["lines"][0] > 7 and results[0]["snippet"].startswith(RUNS_HEAD + " " + RUNS[41]), results
