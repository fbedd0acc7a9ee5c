"""`mrag graph export`: GraphML that parses and holds exactly the entities and
co-occurrence edges of the index (or of a neighbourhood found by the
recursive CTE, checked against a breadth-first search in Python), and JSON
with the same content."""

from __future__ import annotations

import json
from collections import deque
from xml.etree import ElementTree as ET

import pytest
from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.export import GRAPHML_NS, EntityGraph, entity_graph, to_graphml
from tests.kb_fixture import build_small_index

NS = {"g": GRAPHML_NS}


@pytest.fixture
def kb(tmp_path):
    db_path, root = build_small_index(tmp_path)
    conn = db.connect(db_path)
    yield conn, db_path
    conn.close()


def parse_graphml(text: str):
    root = ET.fromstring(text.encode("utf-8"))
    graph = root.find("g:graph", NS)
    keys = {k.get("id"): k.get("attr.name") for k in root.findall("g:key", NS)}
    nodes = {}
    for n in graph.findall("g:node", NS):
        nodes[n.get("id")] = {keys[d.get("key")]: d.text for d in n.findall("g:data", NS)}
    edges = [(e.get("source"), e.get("target"), int(e.find("g:data", NS).text)) for e in graph.findall("g:edge", NS)]
    return graph, nodes, edges


def bfs(conn, start: int, hops: int) -> dict[int, int]:
    adj: dict[int, set[int]] = {}
    for a, b in conn.execute("SELECT a, b FROM cooccurrence"):
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if depth[x] == hops:
            continue
        for y in adj.get(x, ()):
            if y not in depth:
                depth[y] = depth[x] + 1
                queue.append(y)
    return depth


def test_whole_graph_graphml_counts(kb):
    conn, db_path = kb
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--format", "graphml"])
    assert res.exit_code == 0, res.output
    graph, nodes, edges = parse_graphml(res.stdout)
    assert graph.get("edgedefault") == "undirected"
    n_entities = conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    stored = {(f"e{a}", f"e{b}", w) for a, b, w in conn.execute("SELECT a, b, weight FROM cooccurrence")}
    assert len(nodes) == n_entities > 5
    assert len(edges) == len(stored) > 5 and set(edges) == stored
    names = {n["label"] for n in nodes.values()}
    assert {"Wolfgang Schulz", "Jennifer Moore"} <= names


def test_neighbourhood_matches_bfs(kb):
    conn, _ = kb
    start = conn.execute("SELECT id FROM entities WHERE key = 'berlin'").fetchone()[0]
    for hops in (0, 1, 2):
        g = entity_graph(conn, entity_id=start, hops=hops)
        expected = bfs(conn, start, hops)
        assert {n["id"]: n["depth"] for n in g.nodes} == expected
        ids = set(expected)
        induced = {(a, b) for a, b in conn.execute("SELECT a, b FROM cooccurrence") if a in ids and b in ids}
        assert {(e["source"], e["target"]) for e in g.edges} == induced
    reach = [{n["label"] for n in entity_graph(conn, entity_id=start, hops=h).nodes} for h in (1, 2, 3)]
    assert "Anna Weber" in reach[0] and "Oskar Brandt" not in reach[0]
    assert "Oskar Brandt" in reach[1] and "Garden Club" not in reach[1]
    assert "Garden Club" in reach[2]


def test_cli_entity_json_and_output_file(kb, tmp_path):
    conn, db_path = kb
    out = tmp_path / "g.json"
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--format", "json",
                                   "--entity", "Jennifer Moore", "--hops", "1", "-o", str(out)])
    assert res.exit_code == 0 and res.stdout == ""
    data = json.loads(out.read_text())
    assert data["center"]["label"] == "Jennifer Moore" and data["hops"] == 1
    start = data["center"]["id"]
    assert {n["id"] for n in data["nodes"]} == set(bfs(conn, start, 1))
    assert all(n["depth"] <= 1 for n in data["nodes"])
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--entity", "Jennifer Moore",
                                   "--hops", "1"])
    _graph, nodes, edges = parse_graphml(res.stdout)
    assert len(nodes) == len(data["nodes"]) and len(edges) == len(data["edges"])
    assert all("depth" in n for n in nodes.values())


def test_a_fuzzy_entity_match_says_it_is_one(kb):
    """`graph export --entity "Anna Webber"` exported Anna Weber's
    neighbourhood with no sign it was only the closest name (as `mrag entity`
    now says); --entity "" exported the whole graph."""
    _conn, db_path = kb
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-f", "json", "--entity", "Anna Webber"])
    assert res.exit_code == 0
    assert "no entity is named 'Anna Webber'; the closest match is 'Anna Weber'" in " ".join(res.stderr.split())
    assert json.loads(res.stdout)["center"]["match"]["by"] == "fuzzy"
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-f", "json", "--entity", "Anna Weber"])
    assert res.exit_code == 0 and res.stderr == "" and json.loads(res.stdout)["center"]["match"] == {"by": "name"}
    from minirag_cli.errors import UsageError

    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--entity", ""])
    assert isinstance(res.exception, UsageError) and "empty" in str(res.exception)


def test_output_file_in_a_new_folder_or_onto_a_folder(kb, tmp_path):
    """-o into a folder that does not exist yet ended in 'unexpected
    FileNotFoundError', -o onto a folder in 'unexpected IsADirectoryError'.
    A missing folder is now a one-line error (it was made, even at /)."""
    from minirag_cli.errors import MragError

    _conn, db_path = kb
    out = tmp_path / "new" / "sub" / "g.graphml"
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", str(out)])
    assert isinstance(res.exception, MragError) and "there is no folder" in str(res.exception)
    out.parent.mkdir(parents=True)
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", str(out)])
    assert res.exit_code == 0 and out.read_text().startswith("<?xml")
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", str(tmp_path)])
    assert isinstance(res.exception, MragError) and "Cannot write" in str(res.exception)


def test_output_dash_is_stdout_and_a_file_in_the_way_is_named(kb, tmp_path, monkeypatch):
    """`-o -` wrote a file named "-" into the current folder (graph view's
    too); `-o FILE/x.graphml` under a file said only "File exists"."""
    from minirag_cli.errors import MragError, UsageError

    _conn, db_path = kb
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", "-", "--format", "json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["nodes"], res.output
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "view", "-o", "-"])
    assert isinstance(res.exception, UsageError) and "stdout" in str(res.exception)
    assert not (tmp_path / "-").exists()
    (tmp_path / "a-file").write_text("x")
    for command in (["graph", "export"], ["graph", "view"]):
        res = CliRunner().invoke(app, ["--db", str(db_path), *command, "-o", str(tmp_path / "a-file" / "g.out")])
        assert isinstance(res.exception, MragError) and "a-file is not a folder" in str(res.exception), command
    # a typing slip in the folder is an error, not a new folder tree (it made /nonexistent/dir as root)
    missing = tmp_path / "no-such" / "dir"
    for command in (["graph", "export"], ["graph", "view"]):
        res = CliRunner().invoke(app, ["--db", str(db_path), *command, "-o", str(missing / "g.out")])
        assert isinstance(res.exception, MragError) and f"there is no folder {missing}" in str(res.exception)
        assert "mkdir -p" in res.exception.hint and not (tmp_path / "no-such").exists(), command


def test_output_dot_slash_dash_is_the_file_named_dash(kb, tmp_path, monkeypatch):
    """`-o ./-` (the way to name a file called -, as the hint for `-o -`
    says) wrote to stdout in graph export and was refused in graph view:
    pathlib reads `./-` as `-`. A bare `-` keeps its meaning, `./-` is the file."""
    _conn, db_path = kb
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", "./-", "--format", "json"])
    assert res.exit_code == 0 and res.stdout == "", res.output
    assert json.loads((tmp_path / "-").read_text())["nodes"]
    (tmp_path / "-").unlink()
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "view", "-o", "./-"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "-").read_text().lstrip().lower().startswith("<!doctype html")


def test_output_file_format_follows_its_extension(kb, tmp_path):
    """`graph export -o graph.json` wrote GraphML into the .json file; without
    --format the extension chooses (.json: JSON, anything else: GraphML), and
    --format still wins."""
    _conn, db_path = kb
    for name, fmt, starts in (("g.json", None, "{"), ("G.JSON", None, "{"), ("g.graphml", None, "<?xml"),
                              ("g.xml", None, "<?xml"), ("g.json", "graphml", "<?xml"), ("g.graphml", "json", "{")):
        out = tmp_path / name
        res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", str(out),
                                       *(["--format", fmt] if fmt else [])])
        assert res.exit_code == 0 and out.read_text().startswith(starts), (name, fmt, res.output)
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export"])
    assert res.stdout.startswith("<?xml")


def test_min_weight_drops_light_edges(kb):
    conn, _ = kb
    heavy = conn.execute("SELECT count(*) FROM cooccurrence WHERE weight >= 2").fetchone()[0]
    assert 0 < heavy < conn.execute("SELECT count(*) FROM cooccurrence").fetchone()[0]
    assert len(entity_graph(conn, min_weight=2).edges) == heavy


def test_flags_that_would_be_ignored_or_mean_nothing_are_usage_errors(kb):
    """`graph export --hops 2` without --entity exported the whole graph as if
    --hops were not there, and `--min-weight -1` kept every edge; both are
    usage errors with a hint, from the library as from the CLI."""
    from minirag_cli.config import effective
    from minirag_cli.errors import UsageError
    from minirag_cli.index import Index

    conn, db_path = kb
    for args, says in ((["--hops", "2"], "without --entity"), (["--min-weight", "-1"], "--min-weight -1"),
                       (["--entity", "Jennifer Moore", "--min-weight", "-2"], "--min-weight -2")):
        res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--format", "json", *args])
        assert isinstance(res.exception, UsageError) and says in str(res.exception), (args, res.output)
        assert res.exception.hint and res.stdout == ""
    index = Index(conn, effective({"db": str(db_path)}), db_path)
    with pytest.raises(UsageError, match="without --entity"):
        index.export(hops=1)
    with pytest.raises(UsageError, match="--min-weight"):
        entity_graph(conn, min_weight=-1)
    # --min-weight 0 keeps every edge, as 1 does (no edge weighs less)
    assert len(entity_graph(conn, min_weight=0).edges) == len(entity_graph(conn).edges)


def test_graphml_escapes_markup_and_control_characters():
    g = EntityGraph(nodes=[{"id": 1, "label": 'A & <B> "C"\x0b', "type": "name", "mentions": 1, "chunks": 1},
                           {"id": 2, "label": "Zoë", "type": "name", "mentions": 1, "chunks": 1}],
                    edges=[{"source": 1, "target": 2, "weight": 3}])
    _graph, nodes, edges = parse_graphml(to_graphml(g))
    assert nodes["e1"]["label"] == 'A & <B> "C"' and nodes["e2"]["label"] == "Zoë"
    assert edges == [("e1", "e2", 3)]


def test_bad_format_is_a_usage_error(kb, mrag_bin):
    import subprocess

    _, db_path = kb
    out = subprocess.run([mrag_bin, "--db", str(db_path), "graph", "export", "--format", "dot"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == "" and "graphml or json" in out.stderr
    # the format's case does not matter, as the file extension's does not ("Unknown --format 'JSON'")
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "--format", "JSON"])
    assert res.exit_code == 0 and json.loads(res.stdout)["nodes"], res.output
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-f", "GraphML"])
    assert res.exit_code == 0 and res.stdout.startswith("<?xml"), res.output


def test_an_export_saved_among_the_notes_is_not_listed_as_skipped_by_sync(kb, tmp_path):
    """`mrag graph export -o notes/graph.graphml` (or JSON, or stdout sent to a
    file there) and then every `mrag sync notes` listed "skipped graph.graphml:
    not a note file (.graphml)", as it did a `graph view -o` page before that
    was passed over. An export is mrag's own output and now passed over
    quietly too, told by its content (GraphML: the graph mrag names "mrag";
    JSON: export's keys in their order and layout); a GraphML, XML or JSON
    file mrag did not write is still listed."""
    from minirag_cli.walk import walk_notes

    _conn, db_path = kb
    root = tmp_path / "notes"
    for name, args in (("graph.graphml", []), ("graph.xml", []), ("graph.json", []),
                       ("hood.json", ["--entity", "Jennifer Moore", "--hops", "2"]),
                       ("hood.graphml", ["--entity", "Jennifer Moore", "-f", "graphml"])):
        res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-o", str(root / name), *args])
        assert res.exit_code == 0, res.output
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-f", "json"])
    (root / "piped.json").write_text(res.stdout)  # mrag graph export -f json > notes/piped.json
    (root / "other.graphml").write_text(to_graphml(EntityGraph([], [])).replace('id="mrag"', 'id="G"'))
    (root / "networkx.json").write_text(json.dumps({"directed": False, "multigraph": False, "graph": {},
                                                    "nodes": [], "edges": []}, indent=2))
    (root / "settings.json").write_text('{\n  "directed": false,\n  "center": 3\n}\n')
    (root / "feed.xml").write_text('<?xml version="1.0"?>\n<rss><channel><title>x</title></channel></rss>\n')
    skipped = {s["path"] for s in walk_notes(root).skipped}
    assert skipped == {"other.graphml", "networkx.json", "settings.json", "feed.xml"}


def test_a_page_or_export_saved_under_a_note_extension_is_not_indexed(kb, tmp_path, monkeypatch):
    """`graph view -o notes/page.md` or `graph export -o notes/graph.txt` (or
    `> notes/graph.md`) was indexed as a note: the content check ran only for
    .html, .graphml, .xml and .json, and the page's inlined Cytoscape code
    made 115 chunks and hundreds of entities. mrag's own output is passed
    over whatever its extension; a note that quotes a mark below its start
    is a note."""
    from minirag_cli.walk import walk_notes

    _conn, db_path = kb
    root = tmp_path / "notes"
    monkeypatch.chdir(tmp_path)
    before = {f.path for f in walk_notes(root).files}
    for args in (["graph", "view", "-o", str(root / "page.md")],
                 ["graph", "view", "--entity", "Jennifer Moore", "-o", str(root / "hood.txt")],
                 ["graph", "export", "-o", str(root / "graph.txt")],
                 ["graph", "export", "-f", "graphml", "-o", str(root / "graph.org")]):
        res = CliRunner().invoke(app, ["--db", str(db_path), *args])
        assert res.exit_code == 0, res.output
    res = CliRunner().invoke(app, ["--db", str(db_path), "graph", "export", "-f", "json"])
    (root / "graph.md").write_text(res.stdout)  # mrag graph export -f json > notes/graph.md
    page = (root / "page.md").read_text()
    (root / "about-mrag.md").write_text("# How mrag marks its pages\n\nIts head says\n" + page[:600] + "\n")
    walked = walk_notes(root)
    assert {f.path for f in walked.files} == before | {"about-mrag.md"}
    assert walked.skipped == []
