"""A Logseq graph synced as it is on disk: its `logseq/bak/` and
`logseq/version-files/` folders (beside `logseq/config.edn`) hold older
copies of its own pages and are not indexed (a stale copy ranked first for
the question its page answers, and its old tasks stayed open); a sync of an
index that held them removes them. A `logseq/bak/` folder of a folder that
is no Logseq graph (no `config.edn` beside it) is notes like any other."""

from __future__ import annotations

import json
from pathlib import Path

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

GRAPH = {
    "journals/2026_11_03.md": "- Met [[Priya Raman]] about the budget\n",
    "pages/Project Alpha.md": "- TODO write the spec\n",
    "logseq/custom.css": ".ls-block { line-height: 1.6; }\n",
    "logseq/bak/pages/Project Alpha/2026-11-02T09_12_33.123Z.Desktop.md": "- TODO an old copy's task\n",
    "logseq/version-files/base/pages/Project Alpha.md": "- TODO a synced version's task\n",
}


def indexed(root: Path, db_path: Path) -> list[str]:
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
        return sorted(path for (path,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()


def test_logseq_backups_are_not_indexed(tmp_path):
    root = tmp_path / "graph"
    write_notes(root, GRAPH)
    db_path = tmp_path / "index.sqlite"
    # no config.edn yet: a folder named logseq/bak is no Logseq graph's, its notes are indexed
    assert indexed(root, db_path) == sorted(p for p in GRAPH if p.endswith(".md"))
    (root / "logseq" / "config.edn").write_text("{:meta/version 1}\n")
    assert indexed(root, db_path) == ["journals/2026_11_03.md", "pages/Project Alpha.md"]


def test_show_says_why_a_backup_is_not_indexed(tmp_path):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "graph"
    write_notes(root, {**GRAPH, "logseq/config.edn": "{:meta/version 1}\n"})
    db_path = tmp_path / "index.sqlite"
    indexed(root, db_path)
    backup = "logseq/bak/pages/Project Alpha/2026-11-02T09_12_33.123Z.Desktop.md"
    result = CliRunner().invoke(app, ["--db", str(db_path), "show", str(root / backup)])
    said = str(result.exception)  # the CLI's main prints it as `error: ...`
    assert "never indexed" in said and "Logseq's older copies of its pages" in said, said


def test_show_opens_a_namespace_page_by_its_name(tmp_path):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "graph"
    write_notes(root, {**GRAPH, "pages/Work___Project Alpha.md": "- Ship it\n",
                       "pages/Work%2FOld Project.md": "- Legacy\n"})
    db_path = tmp_path / "index.sqlite"
    indexed(root, db_path)
    for name, path in (("Work/Project Alpha", "pages/Work___Project Alpha.md"),
                       ("[[Work/Old Project]]", "pages/Work%2FOld Project.md")):
        result = CliRunner().invoke(app, ["--db", str(db_path), "show", name, "--json"])
        assert result.exit_code == 0 and json.loads(result.stdout)["path"] == path, (name, result.output)
