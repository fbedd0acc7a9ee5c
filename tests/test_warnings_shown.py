"""The warnings a note was read with, while it stays so (an `\\iffalse` never closed, a text read as cp1252:
sync._warned_before records them), where a user looks: `mrag show NOTE` says them and since when, a later sync's
summary names the notes (a few, then a count), `mrag status` counts them. And `mrag sync --watch` of a Logseq
graph's `pages/` folder sees the graph's `logseq/config.edn` come or go above it, as a plain sync does."""

from __future__ import annotations

import datetime as dt
import json
import re

from rich.console import Console

from minirag_cli.format import render_status, render_sync_summary
from tests.conftest import write_notes
from tests.test_bad_input import run_mrag
from tests.test_readers13_formats3 import UNCLOSED
from tests.test_sync_conflicts import sync
from tests.test_watch import InProcessWatch, run_script

SAID = "`\\iffalse` at line 5 is never closed by a `\\fi`: the rest of the file is read as TeX reads it, left out"


def paper_folder(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"paper.tex": UNCLOSED, "plain.md": "# Plain\n\nNothing to warn of.\n"})
    return root


def test_show_says_the_warnings_a_note_was_read_with(tmp_path, mrag_bin):
    """`mrag show paper.tex` showed the note, its Results section missing, with no word of why: the sync that read
    it warned once, later syncs only counted it. Show says the warning and since when, in text and `--json`
    (`warnings` [{reason, since}], [] for a note without), for a chunk of the note too, till the file is fixed."""
    root, index = paper_folder(tmp_path), tmp_path / "index.sqlite"
    for _ in range(2):  # read by the first sync; as before by the second, which does not read it
        synced = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json")
        assert synced.returncode == 0, synced.stderr
    shown = run_mrag(mrag_bin, "--db", str(index), "show", "paper.tex", "--json")
    assert shown.returncode == 0, shown.stderr
    warnings = json.loads(shown.stdout)["warnings"]
    assert [w["reason"] for w in warnings] == [SAID]
    since = dt.datetime.fromisoformat(warnings[0]["since"])
    assert abs((dt.datetime.now(dt.timezone.utc) - since).total_seconds()) < 600
    text = run_mrag(mrag_bin, "--db", str(index), "show", "paper.tex")
    assert f"warning {SAID} (read so since the sync of {since.strftime('%Y-%m-%d %H:%M')} UTC)" in text.stdout, \
        text.stdout
    chunk = run_mrag(mrag_bin, "--db", str(index), "show", "paper.tex:3", "--json")
    assert [w["reason"] for w in json.loads(chunk.stdout)["warnings"]] == [SAID]
    plain = run_mrag(mrag_bin, "--db", str(index), "show", "plain.md", "--json")
    assert json.loads(plain.stdout)["warnings"] == []
    assert "warning" not in run_mrag(mrag_bin, "--db", str(index), "show", "plain.md").stdout
    (root / "paper.tex").write_text(UNCLOSED.replace("\\section{Results}", "\\fi\n\\section{Results}"),
                                    encoding="utf-8")
    run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
    assert json.loads(run_mrag(mrag_bin, "--db", str(index), "show", "paper.tex", "--json").stdout)["warnings"] == []
