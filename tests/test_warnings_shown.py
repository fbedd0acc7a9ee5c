"""The warnings a note was read with, while it stays so (an `\\iffalse` never closed, a text read as cp1252:
sync._warned_before records them), where a user looks: `mrag show NOTE` says them and since when, a later sync's
summary names the notes (a few, then a count), `mrag status` counts them. And `mrag sync --watch` of a Logseq
graph's `pages/` folder sees the graph's `logseq/config.edn` come or go above it, as a plain sync does."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil

from rich.console import Console

from minirag_cli.format import render_status
from tests.conftest import write_notes
from tests.test_bad_input import run_mrag
from tests.test_readers13_formats3 import UNCLOSED
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
    from tests.test_readers12 import _open

    with _open(index) as opened:  # what MCP's get_document reads
        assert opened.document("paper.tex")["warnings"] == warnings and opened.document("plain.md")["warnings"] == []
    plain = run_mrag(mrag_bin, "--db", str(index), "show", "plain.md", "--json")
    assert json.loads(plain.stdout)["warnings"] == []
    assert "warning" not in run_mrag(mrag_bin, "--db", str(index), "show", "plain.md").stdout
    (root / "paper.tex").write_text(UNCLOSED.replace("\\section{Results}", "\\fi\n\\section{Results}"),
                                    encoding="utf-8")
    run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
    assert json.loads(run_mrag(mrag_bin, "--db", str(index), "show", "paper.tex", "--json").stdout)["warnings"] == []


def test_a_later_sync_names_the_notes_read_with_a_warning(tmp_path, mrag_bin):
    """A sync that did not read them again said `warning 5 notes read with a warning as before`: which ones, and
    why? It names three, path and reason, and counts the rest; a second unchanged sync says the same."""
    root, index = tmp_path / "notes", tmp_path / "index.sqlite"
    write_notes(root, {f"paper{n}.tex": UNCLOSED for n in range(1, 5)})
    (root / "legacy.txt").write_bytes("Café Müller in Zürich met Jürgen.\n".encode("cp1252"))
    first = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json")
    assert len(json.loads(first.stdout)["warnings"]) == 5, first.stdout
    for _ in range(2):
        again = run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
        assert again.returncode == 0, again.stderr
        lines = [line for line in again.stdout.splitlines() if line.startswith("warning")]
        assert lines[0].startswith("warning legacy.txt: ") and "cp1252" in lines[0] and lines[0].endswith("(as before)")
        assert lines[1:3] == [f"warning paper{n}.tex: {SAID} (as before)" for n in (1, 2)]
        assert lines[3:] == ["warning and 2 more notes read with a warning as before (`--json` lists them, "
                             "`mrag show FILE` says why)"]
    as_json = json.loads(run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json").stdout)
    assert len(as_json["warned_before"]) == 5 and as_json["warnings"] == []  # --json as it was


def test_status_counts_the_notes_read_with_a_warning(tmp_path, mrag_bin):
    """`mrag status` said nothing of the notes whose rest was left out: it counts them (`read_warnings` [{root,
    path, reason}] in --json, [] for none; a row only when there are any)."""
    root, index = paper_folder(tmp_path), tmp_path / "index.sqlite"
    run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
    status = json.loads(run_mrag(mrag_bin, "--db", str(index), "status", "--json").stdout)
    assert status["read_warnings"] == [{"root": str(root.resolve()), "path": "paper.tex", "reason": SAID}]
    text = run_mrag(mrag_bin, "--db", str(index), "status").stdout
    assert re.search(r"^ *warnings +1 note read with a warning \(`mrag status --json` lists it, `mrag show FILE` says "
                     r"why\) *$", text, re.M), text
    (root / "paper.tex").unlink()
    run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
    status = json.loads(run_mrag(mrag_bin, "--db", str(index), "status", "--json").stdout)
    assert status["read_warnings"] == []
    console = Console(record=True, width=200)
    render_status(status, console)
    assert "read with a warning" not in console.export_text()


def test_a_watch_of_a_graph_s_pages_sees_its_config_come_and_go(tmp_path):
    """`mrag sync graph/pages --watch`: the graph's `logseq/config.edn` is in the folder above, which the watcher
    does not watch, so its coming left the page's template block read as the writer's text (its tasks open) and
    its going left it out, until the page changed; a plain sync reads the page anew (readers 13). The watch does."""
    from tests.test_readers12 import LOGSEQ_PAGE

    pages = tmp_path / "graph" / "pages"
    write_notes(pages, {"Meetings.md": LOGSEQ_PAGE})
    settings = tmp_path / "graph" / "logseq" / "config.edn"
    watch = InProcessWatch(tmp_path, pages)

    def template_in() -> bool:
        return any("send the minutes" in text for (text,) in watch.conn.execute("SELECT text FROM chunks"))

    def make_graph():
        settings.parent.mkdir()
        settings.write_text("{}\n", encoding="utf-8")

    assert template_in()
    came = []
    seen = run_script(watch, [(make_graph, ("changed", "Meetings.md")),
                              (lambda: came.append(template_in()) or settings.unlink(), ("changed", "Meetings.md"))])
    assert came == [False] and template_in()  # out in the graph, back once it is no graph
    assert seen == [("changed", "Meetings.md"), ("changed", "Meetings.md"), ("added", "marker.md")]
    watch.conn.close()


def test_a_root_that_cannot_be_reached_is_no_graph_gone(tmp_path):
    """A watched root under a graph that cannot be stat'ed now (a folder above made unsearchable, here the graph
    deleted with it) is not re-synced for its graph's config.edn: it is not seen, not gone (its re-sync crashed on
    the root, review revA). A root still reached whose config.edn went is, as before."""
    from minirag_cli.watch import Known

    kept, lost = tmp_path / "kept", tmp_path / "lost"
    for graph in (kept, lost):
        (graph / "pages").mkdir(parents=True)
        (graph / "logseq").mkdir()
        (graph / "logseq" / "config.edn").write_text("{}\n")
    known = Known()
    known.graph_above = {kept / "pages": True, lost / "pages": True}
    (kept / "logseq" / "config.edn").unlink()
    shutil.rmtree(lost)
    assert known.graphs_came_or_went() == {kept / "pages"}
