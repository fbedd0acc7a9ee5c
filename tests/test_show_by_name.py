"""`mrag show NAME`: a note typed by the name a notes app shows it by opens when one note bears it (tester qa58, a
Logseq graph: `mrag show "Acme Logistics"` and `mrag show "OKR/Q4 2026"` were refused with a hint naming
`pages/Acme Logistics.md` and `pages/OKR___Q4 2026.md`). store.lookup.notes_by_name resolves the name; a name
several notes bear is refused listing them; a name none bears, and a path, are as before."""

from __future__ import annotations

import json
import subprocess

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.store.lookup import NotFound, get_document, show
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.test_bad_input import mrag_env

GRAPH = {"logseq/config.edn": "{:meta/version 1}\n",
         "pages/Acme Logistics.md": "- Customer since 2024\n- Contact: [[Lena Fischer]]\n",
         "pages/OKR___Q4 2026.md": "- Ship Billing v2\n- Cut churn to 2%\n",
         "pages/Billing v2.md": "- Launch in December\n",
         "pages/Billing v2 launch checklist.md": "- TODO write the release notes\n",
         "journals/2026_12_04.md": "- Call with [[Acme Logistics]]\n",
         "archive/Metrics.md": "- Old dashboard\n", "pages/Metrics.md": "- New dashboard\n",
         "Trip to Lisbon.textbundle/text.md": "# Trip to Lisbon\n\nFlights with TAP.\n",
         "Trip to Lisbon.textbundle/info.json": '{"version": 2, "type": "net.daringfireball.markdown"}\n'}


@pytest.fixture()
def graph(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, GRAPH)
    db_path = tmp_path / "kb.sqlite"
    conn = db.connect(db_path, create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                 options=SyncOptions())
    yield conn, db_path, root
    conn.close()


def test_a_note_opens_by_the_name_its_app_shows(graph):
    conn, _db_path, _root = graph
    for typed, path in (("Acme Logistics", "pages/Acme Logistics.md"), ("acme logistics", "pages/Acme Logistics.md"),
                        ("Acme Logistics.md", "pages/Acme Logistics.md"), ("[[Acme Logistics]]", "pages/Acme Logistics.md"),
                        ("pages/acme logistics", "pages/Acme Logistics.md"),
                        ("OKR/Q4 2026", "pages/OKR___Q4 2026.md"), ("okr/q4 2026.md", "pages/OKR___Q4 2026.md"),
                        ("Q4 2026", "pages/OKR___Q4 2026.md"),  # its name's end, as a folder's note's path ends
                        ("Billing v2", "pages/Billing v2.md"),  # not its longer namesake's checklist
                        ("2026_12_04", "journals/2026_12_04.md"),  # a journal page's own file name
                        ("Trip to Lisbon", "Trip to Lisbon.textbundle/text.md"),
                        ("Trip to Lisbon.textbundle", "Trip to Lisbon.textbundle/text.md")):
        doc = get_document(conn, typed)
        assert doc["path"] == path and doc["opened_by_name"] == typed, typed
    chunk = show(conn, "OKR/Q4 2026:2")  # a line of it
    assert chunk["kind"] == "chunk" and chunk["path"] == "pages/OKR___Q4 2026.md" and "Cut churn" in chunk["text"]
    # a path is a path: nothing added
    assert "opened_by_name" not in get_document(conn, "pages/Acme Logistics.md")


def test_a_name_several_notes_bear_lists_them_and_none_is_as_before(graph):
    from minirag_cli.store.lookup import notes_by_name

    conn, _db_path, _root = graph
    assert notes_by_name(conn, "metrics") == ["archive/Metrics.md", "pages/Metrics.md"]
    with pytest.raises(NotFound, match="^'Metrics' names 2 indexed notes") as caught:
        get_document(conn, "Metrics")
    assert "'archive/Metrics.md', 'pages/Metrics.md'" in caught.value.hint, caught.value.hint
    assert get_document(conn, "pages/Metrics")["path"] == "pages/Metrics.md"  # its folder tells them apart
    for typed in ("Acme", "Logistics", "OKR", "Q4", "Billing", "launch checklist", "Lena Fischer", "pages"):
        with pytest.raises(NotFound, match="is not an indexed document"):  # no part of a name, no entity, no folder
            get_document(conn, typed)
        assert notes_by_name(conn, typed) == [], typed
    # a day names the day's notes, in the hint, as before; a path outside the synced folder is no name
    with pytest.raises(NotFound, match="is not an indexed document") as caught:
        get_document(conn, "2026-12-04")
    assert "journals/2026_12_04.md" in caught.value.hint
    with pytest.raises(NotFound):
        get_document(conn, "/elsewhere/Acme Logistics.md")


def test_show_names_on_stderr_the_note_it_opened(graph, mrag_bin):
    _conn, db_path, _root = graph

    def run(*args):
        return subprocess.run([mrag_bin, "--db", str(db_path), "show", *args], capture_output=True, text=True,
                              env=mrag_env(), cwd="/")

    out = run("OKR/Q4 2026", "--text")
    assert out.returncode == 0 and out.stdout == GRAPH["pages/OKR___Q4 2026.md"], out.stderr
    assert "showing pages/OKR___Q4 2026.md, the note named 'OKR/Q4 2026'" in out.stderr, out.stderr
    by_name, by_path = run("Acme Logistics", "--json"), run("pages/Acme Logistics.md", "--json")
    named, pathed = json.loads(by_name.stdout), json.loads(by_path.stdout)
    assert named.pop("opened_by_name") == "Acme Logistics" and named == pathed and by_path.stderr == ""
    several = run("Metrics")
    said = " ".join(several.stderr.split())
    assert several.returncode == 1 and several.stdout == "" and "archive/Metrics.md" in said and \
        "pages/Metrics.md" in said, said
    none = run("Nowhere Inc")
    assert none.returncode == 1 and "'Nowhere Inc' is not an indexed document" in none.stderr
