"""Readers 13 (formats3): what the readers of session 37 left.

A `.csv` note's citations counted the lines of its table as read, whose `|---|` line under the header shifted every
row a line below its own (`people.csv:3` was the file's line 2). A Kindle set to Dutch, Portuguese or Japanese wrote
entries no reader took: the whole file was plain text, undated."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.store.lookup import show
from tests.test_readers12_formats import synced_clippings
from tests.test_sync_conflicts import sync


def chunk_lines(db_path, path: str) -> list[tuple[int, int, str]]:
    conn = db.connect(db_path)
    try:
        return conn.execute("SELECT c.start_line, c.end_line, c.text FROM chunks c JOIN documents d "
                            "ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq", (path,)).fetchall()
    finally:
        conn.close()


def test_a_csv_row_is_cited_at_its_file_s_line(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    rows = [f'Person {n},City {n},"a note over\ntwo lines"' if n % 3 == 0 else f"Person {n},City {n},met at the fair"
            for n in range(1, 31)]  # a cell holding a line end every third row
    people = "Name,City,Note\n" + "\n".join(rows[:12]) + "\n\n" + "\n".join(rows[12:]) + "\n"  # and a blank line
    (root / "people.csv").write_text(people, encoding="utf-8")
    (root / "excel.csv").write_text("sep=;\r\nName;City\r\nAnna Schmidt;München\r\nJonas Weber;Köln\r\n",
                                    encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    file_lines = people.split("\n")
    chunks = chunk_lines(tmp_path / "index.sqlite", "people.csv")
    assert len(chunks) > 2
    for seq, (start, end, text) in enumerate(chunks):  # each row of a chunk's text is on its file line
        lines = text.split("\n")
        if seq:  # readers 14: a later chunk opens with the header row, no line of the file's (tables.py)
            assert lines.pop(0) == "| Name | City | Note |"
        assert end == start + len(lines) - 1
        for n, line in enumerate(lines, start):
            if line.startswith("| "):  # a row's start (a chunk may start or end inside a row)
                assert file_lines[n - 1].startswith(line.split(" | ")[0].removeprefix("| ") + ","), (n, line)
    assert chunks[0][2].split("\n")[:2] == ["| Name | City | Note |", "| Person 1 | City 1 | met at the fair |"]
    # the last row's line (its cell's second line is blank, the file ends in a line end)
    assert chunks[-1][1] == len(file_lines) - 2
    # `mrag show people.csv:LINE` (an answer's citation) holds that line's row
    last = file_lines.index('Person 30,City 30,"a note over')
    assert "| Person 30 | City 30 | a note over two lines |" in show(
        db.connect(tmp_path / "index.sqlite"), f"people.csv:{last + 1}")["text"]
    # Excel's `sep=;` line is counted: the header is the file's line 2, its rows 3 and 4
    assert chunk_lines(tmp_path / "index.sqlite", "excel.csv") == [
        (2, 4, "| Name | City |\n| Anna Schmidt | München |\n| Jonas Weber | Köln |")]


DUTCH_PORTUGUESE_JAPANESE = (
    ("De avond is ongemak (Marieke Lucas Rijneveld)",
     "- Uw markering op pagina 12 | locatie 180-181 | Toegevoegd op maandag 5 oktober 2026 10:12:03",
     "Ik was tien en droeg mijn jas de hele dag."),
    ("Ensaio sobre a cegueira (José Saramago)",
     "- Seu destaque na página 12 | posição 180-181 | Adicionado: segunda-feira, 5 de outubro de 2026 10:12:03",
     "O medo cega, disse a rapariga dos óculos escuros."),
    ("イシューからはじめよ (安宅和人)", "- 25ページ|位置No. 372-373のハイライト |作成日: 2025年4月2日水曜日 21:05:10",
     "答えを出す前に問いを見極める"),
    ("イシューからはじめよ (安宅和人)", "- 30ページ|位置No. 400のブックマーク |作成日: 2025年4月2日水曜日 21:06:00", ""),
    ("千羽鶴 (川端康成)", "- 位置No. 38-39のハイライト |作成日: 2017年8月28日月曜日 17:51:55",
     "てからも、ちか子は少しぼんやり茶をたてた。"),
)


def test_a_dutch_portuguese_or_japanese_kindle_s_clippings_are_entries(tmp_path):
    chunks, names = synced_clippings(tmp_path, DUTCH_PORTUGUESE_JAPANESE)
    heads = {header for _text, header in chunks}
    assert {"My Clippings · De avond is ongemak · date: 2026-10-05",
            "My Clippings · Ensaio sobre a cegueira · date: 2026-10-05",
            "My Clippings · イシューからはじめよ · date: 2025-04-02", "My Clippings · 千羽鶴 · date: 2017-08-28"} <= heads
    text = "\n".join(t for t, _h in chunks)
    assert "- your highlight on page 12 | location 180-181 | added on 2026-10-05 10:12:03" in text
    assert "- your highlight on page 25 | location 372-373 | added on 2025-04-02 21:05:10" in text
    assert "- your highlight at location 38-39 | added on 2017-08-28 17:51:55" in text
    assert "ブックマーク" not in text and "bookmark" not in text  # a bookmark is blank, as an English Kindle's
    assert {"Uw", "Toegevoegd", "Seu", "Adicionado"} & names == set()


def test_a_logseq_graph_s_config_come_or_gone_reads_its_pages_anew(tmp_path):
    """A Logseq page's `template::` block is read blank in a graph alone (a folder holding `logseq/config.edn`):
    the graph's settings made or deleted left its unchanged pages as read (their template tasks open, or the
    writer's own text out) until each changed. The next sync reads the graph's pages anew; another graph's, and a
    note of no graph, are not read again."""
    from tests.test_readers12 import LOGSEQ_PAGE, _open, _synced

    notes = {"graph/pages/Meetings.md": LOGSEQ_PAGE, "other/logseq/config.edn": "{}\n",
             "other/pages/Daily.md": "- Standup\n- Daily\n  template:: daily\n\t- TODO water the plants\n",
             "loose.md": "- Review\n- Book\n  template:: book\n\t- [ ] read the first chapter\n"}

    def open_tasks(db) -> set[str]:
        with _open(db) as index:
            return {t.text for t in index.tasks(state="all")}

    db, _summary = _synced(tmp_path, notes)
    assert open_tasks(db) == {"book the room", "send the minutes", "quick placeholder task", "read the first chapter"}
    graph_settings = tmp_path / "notes" / "graph" / "logseq" / "config.edn"
    graph_settings.parent.mkdir()
    graph_settings.write_text("{}\n", encoding="utf-8")  # the folder becomes a graph: its templates are templates
    db, summary = _synced(tmp_path, {})
    assert open_tasks(db) == {"book the room", "read the first chapter"}
    assert summary.changed_paths == ["graph/pages/Meetings.md"] and summary.reread is None
    graph_settings.unlink()  # and no graph again: the page's blocks are its writer's text
    db, summary = _synced(tmp_path, {})
    assert open_tasks(db) == {"book the room", "send the minutes", "quick placeholder task", "read the first chapter"}
    assert summary.changed_paths == ["graph/pages/Meetings.md"]
    db, summary = _synced(tmp_path, {})  # nothing changed: nothing read
    assert summary.changed_paths == []



UNCLOSED = r"""\documentclass{article}
\begin{document}
\section{Method}
We sample the harbour water weekly.
\iffalse
Draft: the old sampling plan.
\section{Results}
The results hold for every site.
\end{document}
"""


def test_an_unclosed_iffalse_is_warned_of_while_the_file_stays_so(tmp_path):
    """A `.tex` whose `\\iffalse` is never closed leaves the rest of the file out (as TeX reads it): the sync that
    read it warned, and every later sync (the file unchanged) said nothing, so the Results section was missing
    from every answer with no word of why. Each sync counts it, as it counts the files skipped as before, and
    `--json` lists it, until the file is fixed or gone."""
    from rich.console import Console

    from minirag_cli.format import render_sync_summary

    root = tmp_path / "notes"
    root.mkdir()
    (root / "paper.tex").write_text(UNCLOSED, encoding="utf-8")
    (root / "plain.md").write_text("# Plain\n\nNothing to warn of.\n", encoding="utf-8")
    first, _ = sync(root, tmp_path / "index.sqlite")
    said = "`\\iffalse` at line 5 is never closed by a `\\fi`: the rest of the file is read as TeX reads it, left out"
    assert [(w["path"], w["reason"]) for w in first.warnings] == [("paper.tex", said)]
    again, _ = sync(root, tmp_path / "index.sqlite")
    assert again.warnings == [] and again.warned_before == [{"root": str(root), "path": "paper.tex", "reason": said}]
    console = Console(record=True, width=300)
    render_sync_summary(again.to_dict(), console)
    assert f"warning paper.tex: {said} (as before)" in console.export_text()  # named, not only counted
    (root / "plain.md").write_text("# Plain\n\nStill nothing to warn of.\n", encoding="utf-8")  # another note read
    assert sync(root, tmp_path / "index.sqlite")[0].warned_before == again.warned_before
    (root / "paper.tex").write_text(UNCLOSED.replace("\\section{Results}", "\\fi\n\\section{Results}"),
                                    encoding="utf-8")
    fixed, _ = sync(root, tmp_path / "index.sqlite")
    assert fixed.warnings == [] and fixed.warned_before == []
    assert sync(root, tmp_path / "index.sqlite")[0].warned_before == []
