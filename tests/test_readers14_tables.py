"""Readers 14 (tables): a chunk that begins among a table's rows opens with the table's head.

A PhD student's `experiments/results.csv` and a long results table in a note were cut into chunks whose later ones
held rows alone (`| run-14 | 25M | Pre-LN | 3e-4 | ...`): nothing said that 3e-4 is the learning rate, and a chunk
could begin inside a row (`run-13 | 25M | ...`, its first cells in the chunk before). Each such chunk now opens with
the header row (a Markdown table's `|---|` line too); its span, lines and citations are still the file's."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.store.answers import note_lines
from minirag_cli.store.lookup import get_document, show
from minirag_cli.tables import table_bodies
from tests.test_readers13_formats3 import chunk_lines
from tests.test_sync_conflicts import sync

CSV_HEAD = "| run | model | norm | lr | seed | val_ppl | status |"
MD_HEAD = "| run | model | norm | lr | seed | val ppl | status |\n|-----|-------|------|----|------|---------|--------|"


def _rows(sep: str) -> list[str]:
    return [sep.join([f"run-{n}", ("25M", "85M")[n % 2], ("Pre-LN", "Post-LN")[n % 3 == 0],
                      ("3e-4", "6e-4", "1e-3")[n % 3], str(n % 3), f"{20 + n / 10:.1f}",
                      "diverged" if n == 37 else "ok"]) for n in range(11, 41)]


def _fts(db_path, query: str) -> list[tuple[str, int]]:
    conn = db.connect(db_path)
    try:
        return conn.execute("SELECT d.path, c.start_line FROM chunks_fts f JOIN chunks c ON c.id = f.rowid JOIN "
                            "documents d ON d.id = c.document_id WHERE chunks_fts MATCH ? ORDER BY d.path, c.seq",
                            (query,)).fetchall()
    finally:
        conn.close()


def test_every_chunk_of_a_csv_opens_with_its_header_row(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    results = "run,model,norm,lr,seed,val_ppl,status\n" + "\n".join(_rows(",")) + "\n"
    (root / "results.csv").write_text(results, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "results.csv")
    assert len(chunks) > 3
    file_lines = results.split("\n")
    for seq, (start, end, text) in enumerate(chunks):
        lines = text.split("\n")
        assert lines[0] == CSV_HEAD  # the first chunk's is the file's line 1; a later one's its lead
        if seq:
            lines.pop(0)
        assert end == start + len(lines) - 1  # its lines are the file's, the header not counted
        for n, line in enumerate(lines, start):  # each a whole row (none begins inside one), on its file line
            assert line == "| " + " | ".join(file_lines[n - 1].split(",")) + " |", (n, line)
    # "what lr did run-37 use?": the chunk of run-37's row says `lr` (it held rows alone)
    line = file_lines.index(next(r for r in file_lines if r.startswith("run-37,"))) + 1
    assert [(p, s) for p, s in _fts(tmp_path / "index.sqlite", 'lr AND "run-37"')] == \
        [("results.csv", s) for s, e, _t in chunks if s <= line <= e]
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        shown = show(conn, f"results.csv:{line}")
        assert shown["lines"][0] <= line <= shown["lines"][1] and shown["text"].startswith(CSV_HEAD + "\n")
        assert "| run-37 | 85M | Pre-LN | 6e-4 | 1 | 23.7 | diverged |" in shown["text"]
        # the note laid back from its chunks is the file's table, the header once (store.note_lines)
        laid = next(iter(note_lines(conn, [(str(root.resolve()), "results.csv")]).values()))
        assert [x for x in laid if x] == [f"| {' | '.join(r.split(','))} |" for r in file_lines if r]
    finally:
        conn.close()


def test_a_long_markdown_table_s_chunks_open_with_its_head(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    note = ("# Experiment log\n\nAll runs: AdamW, cosine schedule.\n\n" + MD_HEAD + "\n"
            + "\n".join(f"| {row} |" for row in _rows(" | ")) + "\n\n## run-37\nDiverged at step 6k.\n")
    (root / "experiment-log.md").write_text(note, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "experiment-log.md")
    file_lines = note.split("\n")
    body = range(file_lines.index(MD_HEAD.split("\n")[1]) + 2, file_lines.index("## run-37"))
    led = 0
    for start, end, text in chunks:
        lines = text.split("\n")
        if start in body:  # it begins among the rows: the head in front, then the file's lines
            assert "\n".join(lines[:2]) == MD_HEAD
            lines, led = lines[2:], led + 1
        assert end == start + len(lines) - 1
        assert lines == file_lines[start - 1:end] or lines[1:] == file_lines[start:end]  # (a prose line's overlap)
        if start in body:
            assert lines[0] == file_lines[start - 1]  # a whole row: no chunk begins inside one
    assert led >= 2
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        # the note reassembled from its chunks (`mrag show` of a note changed since) is the file's text
        (root / "experiment-log.md").write_text(note + "More.\n", encoding="utf-8")
        assert get_document(conn, "experiment-log.md")["text"] == note.rstrip("\n")
    finally:
        conn.close()


def test_table_bodies():
    assert table_bodies("a\n\n| x | y |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |\n\nz\n") == [
        (4, 4, "| x | y |"), (5, 6, "| x | y |\n|---|:-:|")]
    assert table_bodies("x | y\n--|--\n1 | 2\n") == [(2, 2, "x | y"), (3, 3, "x | y\n--|--")]
    # a table in fenced code is code; a head with no row under it heads nothing
    assert table_bodies("```\n| x | y |\n|---|---|\n| 1 | 2 |\n```\n| a | b |\n|---|---|\n") == []
    assert table_bodies("\n\n| Name | City |\n| Anna | Köln |\n\n", "people.csv") == [(4, 5, "| Name | City |")]
    assert table_bodies("| Name | City |\n", "people.csv") == []


def test_a_table_row_given_to_the_model_comes_with_its_header_row(tmp_path):
    """The lines a model reads of a table (answer.select_lines): the matching row and the table's header row, of a
    `.csv` (in a later chunk, led by it) and of a note's Markdown table; the row alone never said which of its
    numbers is the perplexity."""
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "notes"
    root.mkdir()
    (root / "results.csv").write_text("run,model,norm,lr,seed,val_ppl,status\n" + "\n".join(_rows(",")) + "\n",
                                      encoding="utf-8")
    (root / "deadlines.md").write_text("# Deadlines\n\n| venue | what | deadline |\n|---|---|---|\n"
                                       "| ICLR 2027 | workshop paper | Feb 3, 2027 |\n"
                                       "| ICML 2027 | full paper | 29.01.2027 |\n\nAll deadlines AoE.\n",
                                       encoding="utf-8")
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([root], SyncOptions(chunk_tokens=40, overlap_tokens=4), extractor=HeuristicExtractor())
        opts = index.retrieval_options()
        for question, path, row, head in [
                ("what was the val_ppl of run-37?", "results.csv", "| run-37 | 85M | Pre-LN | 6e-4 | 1 | 23.7 |",
                 CSV_HEAD),
                ("when is the ICML 2027 full paper deadline?", "deadlines.md", "| ICML 2027 | full paper |",
                 "| venue | what | deadline |")]:
            sources = index.prepare_answer(index.search(question, opts), opts).sources
            text = next(s["text"] for s in sources if s["path"] == path).split("\n")
            at = next(n for n, line in enumerate(text) if line.startswith(row))
            assert head in text[:at], (question, text)


def test_a_note_laid_from_its_led_chunks_is_its_file_s_text():
    """A re-extraction reads a note back from its stored chunks (mdcode.laid_note, sections.stored_laid) and the
    extractor reads each chunk with its code's fences (chunk_readings): a lead is no part of the file's text."""
    from minirag_cli.extract.mdcode import chunk_readings, laid_note
    from minirag_cli.sections import note_chunks

    note = ("# Log\n\n```python\nlr = 3e-4\n```\n\n" + MD_HEAD + "\n"
            + "\n".join(f"| {row} |" for row in _rows(" | ")) + "\n\nDone.\n")
    chunks = note_chunks(note, "log.md", 40, 4)
    led = [c for c in chunks if c.text.startswith(MD_HEAD + "\n") and c.start_char > note.index(MD_HEAD)]
    assert len(led) >= 2
    assert laid_note(chunks) == note.rstrip("\n")
    assert [t for c, t in zip(chunks, chunk_readings(chunks)) if c in led] == [c.text for c in led]


def test_the_snippet_of_a_table_chunk_shows_its_header_and_the_asked_row(tmp_path, monkeypatch):
    """`mrag ask` shows a result's first 220 characters: a Markdown table's later chunk showed its header row and
    `|---|` line and then the chunk's first row, not the row asked about (table_snippets.table_snippet)."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "notes"
    root.mkdir()
    (root / "experiment-log.md").write_text(
        "# Experiment log\n\nAll runs: AdamW, cosine schedule.\n\n" + MD_HEAD + "\n"
        + "\n".join(f"| {row} |" for row in _rows(" | ")) + "\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    monkeypatch.setenv("MRAG_DB", str(tmp_path / "index.sqlite"))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(app, ["ask", "which seed did run-33 use?", "--mode", "bm25", "--k", "1",
                                      "--no-answer"])
    assert result.exit_code == 0, result.output
    snippet = result.stdout.split("\n")[1].strip()
    assert snippet.startswith(MD_HEAD.split("\n")[0] + " | run-33 | 85M | Post-LN | 3e-4 | 0 | 23.3 | ok |"), snippet


# --------------------------------------------------------------------------- revB's review (fixT)

def _index(tmp_path, root, **sync_options):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    index = Index.open(settings, create=True, embedder_factory=hashing_embedder)
    index.sync([root], SyncOptions(**sync_options), extractor=HeuristicExtractor())
    return index


def test_a_long_header_row_leads_its_chunks_with_its_first_columns(tmp_path):
    """A header of 12 long column names was ~90 of the chunker's tokens on top of each chunk's 120 (the chunker
    counts no lead): MiniLM reads 256 word pieces, and the vectors of the table's chunks saw little but the header.
    The lead is now the header's first columns that fit in a quarter of a default chunk (tables.LEAD_TOKENS), and a
    led chunk holds as many rows as it would without one."""
    root = tmp_path / "notes"
    root.mkdir()
    names = [f"measurement_column_number_{n}_long_name" for n in range(12)]
    head = "| " + " | ".join(names) + " |\n" + "|---" * 12 + "|"
    rows = ["| " + " | ".join([f"r{n}"] + [str(n * c % 97) for c in range(1, 12)]) + " |" for n in range(60)]
    note = "# Measurements\n\n" + head + "\n" + "\n".join(rows) + "\n"
    (root / "measurements.md").write_text(note, encoding="utf-8")
    with _index(tmp_path, root) as index:
        pass
    chunks = chunk_lines(tmp_path / "index.sqlite", "measurements.md")
    led = [(s, e, t) for s, e, t in chunks if s > 4]
    assert len(led) >= 3
    lead = "| " + " | ".join(names[:3]) + " |\n|---|---|---|"  # (3 names of 7 tokens each and 4 pipes: 25 of 30)
    for start, end, text in led:
        assert text.startswith(lead + "\n" + rows[start - 5] + "\n"), text[:300]
        assert end - start + 1 >= 4  # rows of 25 tokens: 4 in a chunk of 120, led or not
    from minirag_cli.tables import LEAD_TOKENS, capped_head, lead_tokens

    assert lead_tokens(lead) <= LEAD_TOKENS
    # a header none of whose columns fits leads nothing
    assert capped_head("| " + "x" * 200 + " | b |\n|---|---|") == ""
    assert capped_head(MD_HEAD) == MD_HEAD


def test_a_table_s_header_row_reaches_the_model_once_per_source(tmp_path):
    """revB's runs.md: "Which seed did run-25 use?" with -k 5 sent the header row two or three times in one source
    (the note's line and each chunk's lead have keys of their own), each spending the lines' characters."""
    root = tmp_path / "notes"
    root.mkdir()
    head = "| run | params | norm | lr | rngseed | ppl | acc |"
    rows = [f"| run-{n:02d} | {25 + n}M | Pre-LN | 3e-4 | {7 * n} | {20 + n * 0.3:.1f} | {30 + n * 0.2:.1f} |"
            for n in range(40)]
    (root / "runs.md").write_text("# Runs\n\nSome intro text about the runs.\n\n" + head + "\n|---|---|---|---|---|---|---|\n"
                                  + "\n".join(rows) + "\n\n## Todo\n\n- [ ] rerun run-13 with seed 99\n- [x] plot ppl\n"
                                  "- [ ] check lr schedule for run-30\n", encoding="utf-8")
    with _index(tmp_path, root) as index:
        opts = index.retrieval_options(k=5)
        question = "Which seed did run-25 use?"
        sources = index.prepare_answer(index.search(question, opts), opts).sources
    text = next(s["text"] for s in sources if s["path"] == "runs.md").split("\n")
    assert rows[25] in text, text
    assert text.count(head) == 1, text
    # where it comes first: above every row of the table
    assert text.index(head) < min(n for n, line in enumerate(text) if line.startswith("| run-")), text


def test_a_crlf_markdown_table_s_chunks_open_with_its_head(tmp_path):
    """A note written with CRLF line ends: its table's delimiter line (`|---|...|\\r`) was no delimiter, and its
    chunks among the rows had no head, where a CRLF `.csv`'s had."""
    root = tmp_path / "notes"
    root.mkdir()
    note = ("# Experiment log\n\n" + MD_HEAD + "\n" + "\n".join(f"| {row} |" for row in _rows(" | ")) + "\n\nDone.\n")
    (root / "experiment-log.md").write_bytes(note.replace("\n", "\r\n").encode("utf-8"))
    sync(root, tmp_path / "index.sqlite")
    chunks = chunk_lines(tmp_path / "index.sqlite", "experiment-log.md")
    led = [text for start, _end, text in chunks if start > 4]
    assert len(led) >= 2
    for text in led:
        assert text.startswith(MD_HEAD + "\n| run-"), text[:200]
    assert table_bodies("| x | y |\r\n|---|:-:|\r\n| 1 | 2 |\r\n") == [(2, 2, "| x | y |"), (3, 3, "| x | y |\n|---|:-:|")]
