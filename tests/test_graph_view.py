"""`mrag graph view`: the view assembled from the index (scopes, the cap and
what it left out, notes with snippets, the story of a question), the page
that carries it (self-contained, escaped: a note holding `</script>` can
neither break nor script it) and the command.

tests/test_graph_view_browser.py opens the page in a real browser."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from minirag_cli import db, retrieve
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.format import write_graph_view
from minirag_cli.graph_page import CYTOSCAPE, CYTOSCAPE_VERSION, embed_json, render_page
from minirag_cli.graph_view import build_view, default_filename
from minirag_cli.store.lookup import get_entity
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes
from tests.kb_fixture import EMBEDDER, build_small_index

HOSTILE = {
    "evil/script.md": (
        "Mallory Quinn posted </script><script>window.__pwned = 1</script> in the Harbor Band chat.\n"
        "Mallory Quinn also sent <img src=x onerror=\"window.__pwned = 2\"> to Jennifer Moore.\n"
        "Her favourite song is \"</title><script>window.__pwned = 3</script>\" by the Harbor Band.\n"
        "Line separators \u2028 and \u2029 and <!-- a comment --> and ]]> too.\n"
    ),
}
DATA_RE = re.compile(r'<script type="application/json" id="mrag-data">(.*?)</script>', re.S)


def build_view_index(tmp_path):
    """The small read-side index plus a note written to break the page."""
    db_path, root = build_small_index(tmp_path)
    write_notes(root, HOSTILE)
    conn = db.connect(db_path)
    sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=14, overlap_tokens=4))
    return conn, db_path, root


@pytest.fixture
def kb(tmp_path):
    conn, db_path, root = build_view_index(tmp_path)
    yield conn, db_path
    conn.close()


def entity_id(conn, name: str) -> int:
    return conn.execute("SELECT id FROM entities WHERE name = ?", (name,)).fetchone()[0]


def entity(conn, name: str) -> dict:
    """The entity page Index.entity gives build_view (fuzzy, as --entity is)."""
    return get_entity(conn, name, neighbours=0, notes=0)


def test_whole_graph_view_has_every_entity_edge_and_notes(kb):
    conn, _ = kb
    view = build_view(conn, max_nodes=1000)
    n_entities = conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    n_edges = conn.execute("SELECT count(*) FROM cooccurrence").fetchone()[0]
    assert len(view.nodes) == n_entities and view.left_out["entities"] == 0
    assert len(view.edges) == n_edges and view.left_out["edges"] == 0
    mentions = [n["mentions"] for n in view.nodes]
    assert mentions == sorted(mentions, reverse=True)
    wolfgang = next(n for n in view.nodes if n["label"] == "Wolfgang Schulz")
    assert "WolfgangSchulz" in wolfgang["aliases"]
    notes = view.notes[wolfgang["id"]]
    assert {n["path"] for n in notes} == {"people/wolfgang.md", "projects/atlas.md"}
    for note in notes:
        first, last = note["lines"]
        assert 1 <= first <= last
        text = note["snippet"][note["mark"][0]:note["mark"][1]]
        assert text.lower().replace(" ", "") == "wolfgangschulz"  # the mark covers a surface form
    assert wolfgang["notes_total"] == 2


def test_the_cap_keeps_the_most_mentioned_and_says_what_was_left_out(kb):
    conn, _ = kb
    total = conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    top = [r[0] for r in conn.execute("SELECT name FROM entities ORDER BY mentions DESC, id LIMIT 5")]
    view = build_view(conn, max_nodes=3)
    assert [n["label"] for n in view.nodes] == top[:3]
    assert view.left_out["entities"] == total - 3
    assert view.left_out["largest"][:2] == top[3:5]
    shown = {n["id"] for n in view.nodes}
    assert all(e["source"] in shown and e["target"] in shown for e in view.edges)
    assert set(view.notes) <= shown


def test_entity_view_is_the_neighbourhood(kb):
    conn, _ = kb
    view = build_view(conn, entity=entity(conn, "anna weber"), hops=1)
    labels = {n["label"] for n in view.nodes}
    assert labels == {"Anna Weber", "Berlin", "Oskar Brandt"}
    assert view.center["label"] == "Anna Weber"
    assert next(n for n in view.nodes if n["label"] == "Anna Weber")["roles"] == ["center"]
    assert {n["label"] for n in build_view(conn, entity=entity(conn, "Anna Weber"), hops=2).nodes} >= labels | {"Garden Club"}
    capped = build_view(conn, entity=entity(conn, "Anna Weber"), hops=3, max_nodes=2)
    assert [n["label"] for n in capped.nodes][0] == "Anna Weber" and len(capped.nodes) == 2
    assert capped.left_out["entities"] == capped.left_out["scope_entities"] - 2 > 0
    assert default_filename(view) == "mrag-graph-anna-weber.html"


def test_query_view_tells_the_explain_story(kb):
    conn, _ = kb
    question = "What did Anna Weber and Oskar Brandt found?"
    result = retrieve.search(conn, question, embedder=hashing_embedder(EMBEDDER), k=5)
    # a cap of 1 still keeps every seed, walked-path node and voter
    view = build_view(conn, search=result, max_nodes=1)
    story = view.story
    assert story["query"] == question and [r["rank"] for r in story["results"]] == [1, 2, 3, 4, 5]
    shown = {n["id"]: n for n in view.nodes}
    seed_ids = {s["id"] for s in story["seeds"]}
    assert {entity_id(conn, "Anna Weber"), entity_id(conn, "Oskar Brandt")} <= seed_ids <= set(shown)
    assert all("seed" in shown[i]["roles"] for i in seed_ids)
    for r in story["results"]:
        assert r["path"] and r["lines"][0] <= r["lines"][1] and r["explain"]["channels"]
        for v in r["voters"]:
            assert "voter" in shown[v]["roles"] and r["rank"] in shown[v]["ranks"]
    # the voters are the entities ask --explain names for each result
    explained = {r["rank"]: set(r.get("graph", {}).get("entities", [])) for r in result.results}
    for r in story["results"]:
        assert {shown[v]["label"] for v in r["voters"]} == explained[r["rank"]]
    assert any(r["voters"] for r in story["results"])
    for p in story["paths"]:
        assert len(p["ids"]) == len(p["names"]) >= 2
    drawn = {(e["source"], e["target"]) for e in view.edges if e["path"]}
    for p in story["paths"][:6]:
        for a, b in zip(p["ids"], p["ids"][1:]):
            assert (min(a, b), max(a, b)) in drawn
    assert default_filename(view).startswith("mrag-query-what-did-anna-weber")



def test_query_view_left_out_counts_only_what_the_cap_dropped(kb):
    """A question's view is its story plus the story's neighbours: entities
    outside that neighbourhood are not "left out by the cap" (the page said
    so for every entity of the index not drawn, even under a cap nothing had
    reached, and a bigger --max-nodes changed nothing)."""
    conn, _ = kb
    question = "What did Anna Weber and Oskar Brandt found?"
    result = retrieve.search(conn, question, embedder=hashing_embedder(EMBEDDER), k=5)
    total = conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    roomy = build_view(conn, search=result, max_nodes=1000)
    assert len(roomy.nodes) < total  # the index holds entities far from this story
    assert roomy.left_out["entities"] == 0 and roomy.left_out["largest"] == []
    capped = build_view(conn, search=result, max_nodes=1)
    assert capped.left_out["scope_entities"] == len(roomy.nodes)
    assert capped.left_out["entities"] == len(roomy.nodes) - len(capped.nodes) > 0
    shown = {n["label"] for n in capped.nodes}
    assert set(capped.left_out["largest"]) <= {n["label"] for n in roomy.nodes} - shown
    nothing = retrieve.search(conn, "zzqx qqqv", embedder=hashing_embedder(EMBEDDER), k=5, mode="bm25,dense")
    empty = build_view(conn, search=nothing)
    assert empty.nodes == [] and empty.left_out["entities"] == 0

def test_the_page_words_each_result_as_ask_explain_does(kb, tmp_path):
    from minirag_cli.format import explain_lines

    conn, _ = kb
    result = retrieve.search(conn, "Who founded the Garden Club?", embedder=hashing_embedder(EMBEDDER), k=3)
    page = write_graph_view(build_view(conn, search=result), tmp_path / "q.html")
    story = page_data(page.read_text())["story"]
    assert [r["why"] for r in story["results"]] == [explain_lines(r) for r in result.results]
    assert all("explain" not in r for r in story["results"])


def test_bad_arguments(kb):
    conn, _ = kb
    from minirag_cli.errors import MragError

    with pytest.raises(MragError):
        build_view(conn, max_nodes=0)
    with pytest.raises(MragError):
        build_view(conn, entity=entity(conn, "Anna Weber"), search=object())
    # the flags as check_flags refuses them, in one place: the whole graph has no radius
    with pytest.raises(MragError, match="--hops is the radius"):
        build_view(conn, hops=2)
    with pytest.raises(MragError, match="--hops must be 0 or more"):
        build_view(conn, entity=entity(conn, "Anna Weber"), hops=-1)


# ------------------------------------------------------------------ the page


def page_data(page: str) -> dict:
    found = DATA_RE.findall(page)
    assert len(found) == 1
    return json.loads(found[0])


def test_page_is_self_contained(kb):
    conn, _ = kb
    page = render_page(build_view(conn).to_dict())
    assert CYTOSCAPE.read_text(encoding="utf-8") in page
    assert f"Cytoscape.js {CYTOSCAPE_VERSION}" in page and f'"{CYTOSCAPE_VERSION}"' in CYTOSCAPE.read_text()
    # nothing to fetch: no external script, stylesheet, image or font, and a policy that forbids it
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", page, re.I)
    assert "@import" not in page and "url(" not in page.split("<script>")[0]
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp and "'unsafe-inline'" not in \
        csp.split("script-src", 1)[1].split(";")[0]


def test_hostile_notes_cannot_break_or_script_the_page(kb):
    conn, _ = kb
    view = build_view(conn, max_nodes=1000)
    # and names and a title that are hostile themselves
    view.nodes[0]["label"] = "</script><script>window.__pwned = 4</script>"
    view.title = "</title><script>window.__pwned = 5</script>"
    page = render_page(view.to_dict())
    # the only </script are the three the template writes: data, Cytoscape, the page's own code
    assert page.lower().count("</script") == 3
    assert page.count("<script") == 3 and "<!--" not in page.split("<body>", 1)[1]
    assert "<title>&lt;/title&gt;&lt;script&gt;" in page
    data = page_data(page)
    assert data == json.loads(json.dumps(view.to_dict()))  # the data survives the escaping exactly
    hostile_notes = [n for notes in data["notes"].values() for n in notes if n["path"] == "evil/script.md"]
    assert any("</script><script>window.__pwned = 1</script>" in n["snippet"] for n in hostile_notes)


def test_embed_json_escapes_what_could_end_a_script():
    text = embed_json({"a": "</script><!--\u2028\u2029&>"})
    assert not re.search(r"[<>&\u2028\u2029]", text)
    assert json.loads(text) == {"a": "</script><!--\u2028\u2029&>"}


def test_inlined_code_that_could_close_its_element_is_refused(monkeypatch, kb, tmp_path):
    from minirag_cli import graph_page

    conn, _ = kb
    bad = tmp_path / "bad.js"
    bad.write_text("var s = '</script>';")
    monkeypatch.setattr(graph_page, "CYTOSCAPE", bad)
    with pytest.raises(ValueError):
        render_page(build_view(conn).to_dict())


def test_vendored_library_ships_with_its_licence():
    vendor = CYTOSCAPE.parent
    assert (vendor / "cytoscape.LICENSE").read_text().startswith("Copyright (c)")
    assert "MIT" in (vendor / "README.md").read_text() and CYTOSCAPE_VERSION in (vendor / "README.md").read_text()


# ------------------------------------------------------------------ the command


@pytest.fixture
def cli_env(kb, monkeypatch, tmp_path):
    _conn, db_path = kb
    monkeypatch.setenv("MRAG_DB", str(db_path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", EMBEDDER)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_command_prints_the_path_of_the_page(cli_env):
    result = CliRunner().invoke(app, ["graph", "view", "--max-nodes", "4"])
    assert result.exit_code == 0, result.output
    written = cli_env / "mrag-graph.html"
    assert result.stdout.strip() == str(written.resolve())
    assert len(page_data(written.read_text())["nodes"]) == 4


def test_command_query_and_entity(cli_env):
    out = cli_env / "sub" / "q.html"
    out.parent.mkdir()
    result = CliRunner().invoke(app, ["graph", "view", "--query", "Who founded the Garden Club?", "-o", str(out),
                                      "--k", "3"])
    assert result.exit_code == 0, result.output
    story = page_data(out.read_text())["story"]
    assert len(story["results"]) == 3 and story["query"] == "Who founded the Garden Club?"
    result = CliRunner().invoke(app, ["graph", "view", "--entity", "Oskar Brandt", "-o", "e.html", "--hops", "2"])
    assert result.exit_code == 0, result.output
    assert page_data((cli_env / "e.html").read_text())["center"]["label"] == "Oskar Brandt"


def test_command_query_reads_the_question_against_the_asking_day(tmp_path, monkeypatch):
    """`graph view --query "what did I do yesterday?"` searched the words as
    written (the note of another day that says "yesterday") while `ask
    --explain` searches the asking day's note (MRAG_TODAY): the page did not
    draw what ask finds. Both rank alike now."""
    from tests.test_askday import NOTES as DAY_NOTES

    write_notes(tmp_path / "notes", DAY_NOTES)
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=60, overlap_tokens=5))
    conn.close()
    monkeypatch.setenv("MRAG_DB", str(db_path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", EMBEDDER)
    monkeypatch.setenv("MRAG_TODAY", "2026-05-03")
    monkeypatch.chdir(tmp_path)
    question = "what did I do yesterday?"
    result = CliRunner().invoke(app, ["graph", "view", "--query", question, "-o", "q.html", "-k", "3"])
    assert result.exit_code == 0, result.output
    drawn = [r["path"] for r in page_data((tmp_path / "q.html").read_text())["story"]["results"]]
    asked = CliRunner().invoke(app, ["ask", question, "--no-answer", "--json", "-k", "3"])
    assert asked.exit_code == 0, asked.output
    assert drawn == [r["path"] for r in json.loads(asked.stdout)["results"]]
    assert drawn[0] == "journal/2026-05-02.md"  # was the 03-10 note that says "yesterday"
    monkeypatch.setenv("MRAG_TODAY", "May 3")  # refused as ask refuses it, before any work
    result = CliRunner().invoke(app, ["graph", "view", "--query", question, "-o", "bad.html"])
    assert result.exit_code != 0 and "MRAG_TODAY" in str(result.exception) and not (tmp_path / "bad.html").exists()


@pytest.mark.parametrize("command", ["graph_view", "export"])
def test_an_entity_gone_between_lookup_and_view_is_a_clear_error(tmp_path, monkeypatch, command):
    """`graph view --entity` while a sync (a running `sync --watch`) removes
    the entity's last note between the name's lookup and the view's reads
    ended in "unexpected StopIteration ... please report it"; `graph export
    --entity` wrote an empty graph with no centre."""
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from minirag_cli.store.lookup import NotFound

    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang Schulz met Yuriko Tanaka.\n", "b.md": "Ingrid Berg visited Bergen.\n"})
    db_path = tmp_path / "index.sqlite"

    def sync():
        conn = db.connect(db_path, create=True)
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        conn.close()

    sync()
    looked_up = Index.entity

    def then_the_note_goes(self, *args, **kwargs):
        page = looked_up(self, *args, **kwargs)
        (root / "b.md").unlink()
        sync()
        return page

    monkeypatch.setattr(Index, "entity", then_the_note_goes)
    with Index.open(effective(db_path=db_path), embedder_factory=hashing_embedder) as index:
        with pytest.raises(NotFound, match="'Ingrid Berg' is no longer in the index") as gone:
            getattr(index, command)(entity="Ingrid Berg")
    assert "Run the command again" in gone.value.hint


def test_command_flags_that_would_be_ignored_are_usage_errors(cli_env):
    """`graph view --hops 2` (no --entity, no --query) and `graph view --k 3`
    (no --query) drew the whole graph as if the flag were not there."""
    from minirag_cli.errors import UsageError

    for args, says in ((["--hops", "2"], "--hops would be ignored"), (["--k", "3"], "without --query"),
                       (["--entity", "Oskar Brandt", "--k", "3"], "without --query")):
        result = CliRunner().invoke(app, ["graph", "view", "-o", "x.html", *args])
        assert isinstance(result.exception, UsageError) and says in str(result.exception), (args, result.output)
        assert result.exception.hint and not (cli_env / "x.html").exists()


def test_command_onto_a_folder_is_a_clear_error(cli_env):
    """-o onto a folder ended in 'unexpected IsADirectoryError'."""
    from minirag_cli.errors import MragError

    result = CliRunner().invoke(app, ["graph", "view", "-o", str(cli_env)])
    assert isinstance(result.exception, MragError) and "Cannot write" in str(result.exception)


def test_a_page_written_among_the_notes_is_not_listed_as_skipped_by_sync(cli_env, mrag_bin):
    """`mrag graph view -o notes/graph.html` and then every `mrag sync notes`
    listed "skipped graph.html: not a note file (.html)": mrag's own page
    read as a note it could not index. It is now passed over quietly; an
    .html file mrag did not write is still listed."""
    import subprocess

    notes = cli_env / "notes"
    page = notes / "graph.html"
    r = subprocess.run([mrag_bin, "graph", "view", "-o", str(page)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and page.is_file(), r.stderr
    (notes / "clipped.html").write_text("<html><body>a web page saved here</body></html>\n")
    r = subprocess.run([mrag_bin, "sync", str(notes), "--json", "-x", "heuristic", "--chunk-tokens", "14",
                        "--overlap", "4"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    skipped = [s["path"] for s in json.loads(r.stdout)["skipped"]]
    assert "graph.html" not in skipped and "clipped.html" in skipped, skipped
    assert "graph.html" not in r.stderr


def test_command_says_when_the_entity_was_only_the_closest_match(cli_env):
    """`graph view --entity "Anna Webber"` drew Anna Weber's neighbourhood
    with no sign on stderr that the name matched only fuzzily."""
    result = CliRunner().invoke(app, ["graph", "view", "--entity", "Anna Webber", "-o", "e.html"])
    assert result.exit_code == 0, result.output
    assert "no entity is named 'Anna Webber'; the closest match is 'Anna Weber'" in " ".join(result.stderr.split())
    result = CliRunner().invoke(app, ["graph", "view", "--entity", "Anna Weber", "-o", "e.html"])
    assert result.exit_code == 0 and "closest" not in result.stderr


def test_command_on_an_empty_index_says_there_is_nothing_yet(tmp_path, monkeypatch):
    """`graph view` on an index with no entities drew a blank canvas and said
    nothing about why."""
    empty = tmp_path / "empty.sqlite"
    db.connect(empty, create=True).close()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["--db", str(empty), "graph", "view", "-o", "g.html"])
    assert result.exit_code == 0, result.output
    assert "The index holds no entities yet: `mrag sync DIR`" in " ".join(result.stderr.split())
    page = (tmp_path / "g.html").read_text()
    # the page's summary says it when totals.entities is 0 (drawn by its script: only a browser shows it)
    assert page_data(page)["totals"]["entities"] == 0 and "The index holds no entities yet" in page


def test_command_open_uses_the_browser(cli_env, monkeypatch):
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url) or True)
    result = CliRunner().invoke(app, ["graph", "view", "--open", "-o", "g.html"])
    assert result.exit_code == 0, result.output
    assert opened == [(cli_env / "g.html").resolve().as_uri()] and result.stdout == ""


def test_command_open_without_o_writes_into_the_cache_not_here(cli_env, monkeypatch, tmp_path):
    """`graph view --open` without -o wrote mrag-graph.html into the current
    folder (often the notes folder, whose next sync could index the page);
    it goes to mrag's cache folder now, and stderr says where."""
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url) or True)
    cache = tmp_path / "cache"
    monkeypatch.setenv("MRAG_CACHE_DIR", str(cache))
    result = CliRunner().invoke(app, ["graph", "view", "--open", "--max-nodes", "4"])
    assert result.exit_code == 0, result.output
    page = cache / "views" / "mrag-graph.html"
    assert opened == [page.resolve().as_uri()] and len(page_data(page.read_text())["nodes"]) == 4
    assert not (cli_env / "mrag-graph.html").exists() and str(page.resolve()) in result.stderr
    result = CliRunner().invoke(app, ["graph", "view", "--max-nodes", "4"])  # without --open: here, as asked
    assert result.exit_code == 0 and (cli_env / "mrag-graph.html").is_file()


def test_command_open_without_a_browser_prints_the_path(cli_env, monkeypatch):
    """--open on a machine with no browser (a server, ssh) said 'opening it in
    the browser', opened nothing and printed no path on stdout."""
    import webbrowser

    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: False)
    result = CliRunner().invoke(app, ["graph", "view", "--open", "-o", "g.html"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str((cli_env / "g.html").resolve())
    assert "no browser could be opened" in result.stderr


def test_command_refuses_entity_and_query_together(cli_env):
    from minirag_cli.errors import MragError, UsageError

    # in the words of graph_view.check_flags, not a typer.BadParameter twin of them
    result = CliRunner().invoke(app, ["graph", "view", "--entity", "Berlin", "--query", "x"])
    assert isinstance(result.exception, UsageError) and str(result.exception) == "Give --entity or --query, not both."

    result = CliRunner().invoke(app, ["graph", "view", "--entity", "Nobody Zzyzx Qwv"])
    assert result.exit_code != 0 and isinstance(result.exception, MragError)


def test_a_snippet_marks_the_mention_after_letters_that_lower_longer():
    """"İ" lowers to two characters: the mention was found in text.lower()
    and marked one character early for every "İ" before it."""
    from minirag_cli.graph_view import _snippet

    snippet, mark = _snippet("İİ İstanbul, then Mallory Quinn came", ["Mallory Quinn"])
    assert snippet[mark[0]:mark[1]] == "Mallory Quinn"
    snippet, mark = _snippet("🎉 met mallory  quinn", ["Mallory Quinn"])
    assert snippet[mark[0]:mark[1]] == "mallory quinn"
