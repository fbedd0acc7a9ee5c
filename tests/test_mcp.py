"""`mrag mcp`: a real MCP client session (mcp.client.stdio) spawns `mrag mcp`
over stdio against a small synced index: initialize, list_tools, then
search, get_document and status, and a refused path outside the index."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import anyio
import pytest

from minirag_cli import db
from minirag_cli.config import effective
from minirag_cli.index import Index
from minirag_cli.mcp_server import MragTools
from mrag_test_plugin import PLUGIN_ENV
from tests.kb_fixture import EMBEDDER, NOTES, build_small_index

mcp = pytest.importorskip("mcp", reason="the mcp extra is part of the test environment (pip install '.[mcp]')")


def result_json(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def server_params(mrag_bin, db_path, tmp_path, **env):
    """`mrag --db DB mcp` as a client starts it: offline, the test embedder, its own config."""
    from mcp.client.stdio import StdioServerParameters

    return StdioServerParameters(
        command=mrag_bin, args=["--db", str(db_path), "mcp"], cwd=str(tmp_path),
        env={"MRAG_EMBEDDING_MODEL": EMBEDDER, "HF_HUB_OFFLINE": "1",
             "XDG_CONFIG_HOME": str(tmp_path / "xdg"), "PATH": os.environ.get("PATH", ""),
             "PYTHONPATH": os.environ.get("PYTHONPATH", ""), **PLUGIN_ENV, **env})


def test_round_trip_over_stdio(tmp_path, mrag_bin):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import stdio_client

    db_path, root = build_small_index(tmp_path)
    (tmp_path / "secret.md").write_text("not indexed\n")
    params = server_params(mrag_bin, db_path, tmp_path)
    seen: dict = {}

    async def session() -> None:
        with open(tmp_path / "server.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as client:
                    with anyio.fail_after(60):
                        init = await client.initialize()
                        seen["server"] = init.server_info.name
                        seen["tools"] = {t.name: t for t in (await client.list_tools()).tools}
                        seen["search"] = result_json(await client.call_tool(
                            "search", {"query": "Who plays bass in the Harbor Band?", "k": 3}))
                        seen["doc"] = result_json(await client.call_tool(
                            "get_document", {"path": seen["search"]["results"][0]["path"]}))
                        seen["status"] = result_json(await client.call_tool("status", {}))
                        seen["refused"] = await client.call_tool("get_document", {"path": str(tmp_path / "secret.md")})
                        seen["bad_mode"] = await client.call_tool("search", {"query": "x", "mode": "sparse"})
                        seen["bad_k"] = await client.call_tool("search", {"query": "x", "k": "3"})

    anyio.run(session)
    assert seen["server"] == "mrag"
    assert set(seen["tools"]) == {"search", "get_document", "tasks", "status"}
    assert "query" in seen["tools"]["search"].input_schema["properties"]
    results = seen["search"]["results"]
    assert 1 <= len(results) <= 3
    assert results[0]["path"] == "people/wolfgang.md"
    assert {"rank", "path", "lines", "score", "text", "channels"} <= set(results[0])
    assert seen["search"]["mode"] == "hybrid"
    # the same JSON `mrag ask --json` prints for the same question
    ask = subprocess.run([mrag_bin, "--db", str(db_path), "ask", "Who plays bass in the Harbor Band?", "-k", "3",
                          "--json", "--no-answer"], capture_output=True, text=True, env={**os.environ, **params.env})
    assert ask.returncode == 0, ask.stderr
    assert json.loads(ask.stdout) == seen["search"]
    assert seen["doc"]["text"] == NOTES["people/wolfgang.md"]
    assert seen["status"]["files"] == len(NOTES) and seen["status"]["embedding_model"] == EMBEDDER
    assert seen["refused"].is_error and "not an indexed document" in seen["refused"].content[0].text
    assert seen["bad_mode"].is_error and "Unknown mode" in seen["bad_mode"].content[0].text
    # what the client reads for an argument of the wrong type: the argument and what it takes, no pydantic
    assert seen["bad_k"].is_error and seen["bad_k"].content[0].text == \
        'Error executing tool search: argument k: expected an integer, got "3" (a string)'


def test_tools_use_the_index_embedder_and_config(tmp_path, monkeypatch):
    """Without any embedding-model setting the tools query with the model the
    index was built with; a configured k is the default result count."""
    db_path, _ = build_small_index(tmp_path)
    (db_path.parent / "config.toml").write_text("k = 2\n")
    with Index.open(effective(db_path=db_path)) as index:
        tools = MragTools(index)
        out = tools.search("Jennifer Moore Berlin")
        assert len(out["results"]) == 2 and out["unheld"] == []
        assert tools.embedder().name == EMBEDDER
        # as `mrag ask --json`: the question's names no result holds (csvhead)
        assert tools.search("What did Ignatius say in Berlin?")["unheld"] == ["Ignatius"]


def test_results_name_the_notes_changed_since_the_sync(tmp_path):
    """`mrag ask` and `mrag show` name on stderr a note edited or deleted since
    the sync; an MCP client saw nothing of it. `search` and `get_document`
    carry `unsynced` [{path, root, state}], [] when nothing changed."""
    from minirag_cli.mcp_server import build_server

    db_path, root = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        tools = MragTools(index)
        question = "Wolfgang Schulz Project Atlas Harbor Band"
        assert tools.search(question, k=20)["unsynced"] == []
        assert tools.get_document("people/wolfgang.md")["unsynced"] == []
        (root / "people/wolfgang.md").write_text("new first line\n" + NOTES["people/wolfgang.md"])
        (root / "projects/atlas.md").unlink()
        changed = {"path": "people/wolfgang.md", "root": str(root), "state": "changed"}
        deleted = {"path": "projects/atlas.md", "root": str(root), "state": "deleted"}
        found = tools.search(question, k=20)
        assert {r["path"] for r in found["results"]} >= {changed["path"], deleted["path"]}
        assert sorted(found["unsynced"], key=lambda u: u["path"]) == [changed, deleted]
        assert tools.get_document("projects/atlas.md")["unsynced"] == [deleted]
        # and through the server, as a client gets it
        server = build_server(tools)
        doc = anyio.run(lambda: server.call_tool("get_document", {"path": "people/wolfgang.md"}))
        assert doc.structured_content["unsynced"] == [changed]


def test_missing_extra_says_how_to_install(tmp_path):
    """With `mcp` unimportable, `mrag mcp` exits 1 with the install command."""
    shim = tmp_path / "shim"
    (shim / "mcp").mkdir(parents=True)
    (shim / "mcp" / "__init__.py").write_text("raise ImportError('simulated: mcp not installed')\n")
    env = {**os.environ, "PYTHONPATH": str(shim)}
    out = subprocess.run([sys.executable, "-m", "minirag_cli", "mcp"], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert "pip install 'minirag-cli[mcp]'" in out.stderr


def test_help_lists_every_tool_the_server_serves():
    """`mrag mcp --help` once said "tools search, get_document, status" with
    `tasks` served too: the list is now built from what the server registers."""
    import re

    from typer.testing import CliRunner

    from minirag_cli.cli import app
    from minirag_cli.mcp_server import build_server

    served = [t.name for t in anyio.run(build_server(MragTools(open_index=lambda: None)).list_tools)]
    out = CliRunner().invoke(app, ["mcp", "--help"], terminal_width=400)
    assert out.exit_code == 0, out.output
    listed = re.search(r"over stdio: tools ([\w, ]+)\.", " ".join(out.output.split()))
    assert listed, out.output
    assert listed.group(1).split(", ") == served
    assert "tasks" in served


def test_bad_numbers_are_tool_errors(tmp_path):
    """`mrag ask` refuses -k 0 and --hops -1; a client's k and hops get the same
    check (a negative k used to cut results off the end: k=-5 gave all but the
    last five; a huge hops failed with an empty message). k=0 and hops=-1 are
    the tool's defaults."""
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import build_server

    db_path, _ = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))

        async def call(**args):
            return await server.call_tool("search", {"query": "Jennifer Moore Berlin", **args})

        for args, words in (({"k": -5}, "k -5: expected a number >= 1"),
                            ({"hops": -3}, "hops -3: expected a number >= 0"),
                            ({"hops": 10 ** 20}, "too large"),
                            ({"k": 10 ** 20}, "too large")):
            with pytest.raises(ToolError) as caught:
                anyio.run(lambda: call(**args))
            assert words in str(caught.value), args
        defaults = anyio.run(lambda: call()).structured_content
        assert anyio.run(lambda: call(k=0, hops=-1)).structured_content == defaults
        assert len(anyio.run(lambda: call(k=2)).structured_content["results"]) == 2


def test_hops_with_a_mode_without_the_graph_is_a_tool_error(tmp_path):
    """`mrag ask --mode bm25 --hops 2` is a usage error (the walk depth would be
    ignored); a client's mode "bm25" with hops 2 was served silently. It is now
    the same check, in the client's words (hops, not --hops); hops with a mode
    that walks the graph, and a mode without hops, are served."""
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import build_server

    db_path, _ = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))

        async def call(**args):
            return await server.call_tool("search", {"query": "Jennifer Moore Berlin", **args})

        for mode in ("bm25", "dense,bm25"):
            with pytest.raises(ToolError) as caught:
                anyio.run(lambda: call(mode=mode, hops=2))
            assert str(caught.value).endswith(f": hops is the graph walk's depth: mode {mode} has no graph "
                                              "channel, and hops would be ignored. (hint: Add graph to mode "
                                              "(or use hybrid), or leave hops out.)"), mode
        assert anyio.run(lambda: call(mode="bm25")).structured_content["results"]
        assert anyio.run(lambda: call(mode="bm25,graph", hops=1)).structured_content["mode"] == "bm25,graph"


def test_arguments_of_the_wrong_type_are_tool_errors(tmp_path):
    """The SDK's lax validation took `"k": "3"` for 3, `true` for 1 and
    `"hops": "1"` for 1, so a client's mistake went unseen (and `"k": true`
    gave one result). Each argument of the wrong type is now a tool error
    naming it, what it takes and what was given, in plain words (not
    pydantic's text with its error codes and links); a JSON number without a fraction (3.0) is an integer, as JSON
    Schema says, and the schema the client sees is unchanged."""
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import build_server

    db_path, _ = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))

        async def call(tool="search", **args):
            return await server.call_tool(tool, args)

        for tool, args, says in (
                ("search", {"query": "Berlin", "k": "3"}, 'argument k: expected an integer, got "3" (a string)'),
                ("search", {"query": "Berlin", "k": True}, "argument k: expected an integer, got true (a boolean)"),
                ("search", {"query": "Berlin", "k": 2.5}, "argument k: expected an integer, got 2.5 (a number)"),
                # as the client sent it, not as the SDK's JSON pre-parsing made it ([3])
                ("search", {"query": "Berlin", "k": "[3]"}, 'argument k: expected an integer, got "[3]" (a string)'),
                ("search", {"query": "Berlin", "hops": "1"}, 'argument hops: expected an integer, got "1" (a string)'),
                ("search", {"query": "Berlin", "hops": False},
                 "argument hops: expected an integer, got false (a boolean)"),
                ("search", {"query": 42}, "argument query: expected a string, got 42 (a number)"),
                ("search", {"query": ["Berlin"]}, 'argument query: expected a string, got ["Berlin"] (an array)'),
                ("search", {"query": "Berlin", "mode": 1}, "argument mode: expected a string, got 1 (a number)"),
                ("search", {"query": "Berlin", "k": "x", "hops": None},
                 'argument k: expected an integer, got "x" (a string); '
                 "argument hops: expected an integer, got null"),
                ("search", {"k": 3}, "argument query is required"),
                ("get_document", {"path": 7}, "argument path: expected a string, got 7 (a number)")):
            with pytest.raises(ToolError) as caught:
                anyio.run(lambda: call(tool, **args))
            # the whole text: pydantic's model name, [type=..., input_value=...] and its
            # "For further information visit https://errors.pydantic.dev/..." line are not there
            assert str(caught.value) == f"Error executing tool {tool}: {says}", args
        assert len(anyio.run(lambda: call(query="Berlin", k=3.0)).structured_content["results"]) == 3
        schema = {t.name: t.input_schema["properties"] for t in anyio.run(server.list_tools)}
        assert schema["search"]["k"]["type"] == schema["search"]["hops"]["type"] == "integer"
        assert schema["search"]["query"]["type"] == schema["get_document"]["path"]["type"] == "string"


def test_unknown_argument_names_are_tool_errors(tmp_path):
    """`search` with `{"query": "x", "top_k": 3}` ran with the default k: the
    SDK drops an argument name the tool does not take, so a client's typo
    (or a name from another tool's schema) went unseen. It is now a tool error
    naming it and the arguments the tool takes, and the schema a client sees
    says no other property is allowed."""
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import build_server

    db_path, _ = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))

        for tool, args, says in (
                ("search", {"query": "Berlin", "top_k": 3}, "unknown argument top_k; search takes query, k, mode, hops"),
                ("search", {"query": "Berlin", "K": 3, "depth": 1}, "unknown arguments K, depth; search takes"),
                ("search", {"question": "Berlin"}, "unknown argument question; search takes query"),
                ("get_document", {"path": "people/wolfgang.md", "lines": [1, 2]},
                 "unknown argument lines; get_document takes path"),
                ("status", {"verbose": True}, "unknown argument verbose; status takes no arguments")):
            with pytest.raises(ToolError) as caught:
                anyio.run(lambda: server.call_tool(tool, args))
            assert says in str(caught.value), (args, str(caught.value))
        assert anyio.run(lambda: server.call_tool("search", {"query": "Berlin", "k": 2})).structured_content["results"]
        schemas = {t.name: t.input_schema for t in anyio.run(server.list_tools)}
        assert all(s.get("additionalProperties") is False for s in schemas.values()), schemas
        assert set(schemas["search"]["properties"]) == {"query", "k", "mode", "hops"}
        assert schemas["search"]["required"] == ["query"]


def test_serves_before_the_index_exists(tmp_path, mrag_bin):
    """A client configured before the first sync (or with a mistyped --db)
    gets the reason as each tool's error, not a server that exits (which a
    client shows only as "disconnected"); once the index exists, the same
    server answers."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import stdio_client

    db_path = tmp_path / "notes" / ".mrag" / "index.sqlite"
    params = server_params(mrag_bin, db_path, tmp_path, XDG_STATE_HOME=str(tmp_path / "xdg-state"))
    seen: dict = {}

    async def session() -> None:
        with open(tmp_path / "server.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as client:
                    with anyio.fail_after(60):
                        await client.initialize()
                        seen["before"] = await client.call_tool("status", {})
                        seen["search_before"] = await client.call_tool("search", {"query": "Harbor Band"})
                        build_small_index(tmp_path)
                        seen["after"] = result_json(await client.call_tool("status", {}))
                        seen["search_after"] = result_json(await client.call_tool("search", {"query": "Harbor Band"}))

    anyio.run(session)
    for before in (seen["before"], seen["search_before"]):
        assert before.is_error and f"No index at {db_path}" in before.content[0].text
    assert seen["after"]["files"] == len(NOTES)
    assert seen["search_after"]["results"]
    assert f"No index at {db_path}" in (tmp_path / "server.log").read_text()  # said once at start, for a terminal


def test_an_index_damaged_under_the_server_is_a_tool_error_with_advice(tmp_path):
    """The server's index file damaged after it was opened: the tool error says
    what the CLI says of it (damaged, run `mrag doctor`), not SQLite's bare
    text or an unexpected-error message."""
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import build_server

    db_path, _ = build_small_index(tmp_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))
        assert anyio.run(lambda: server.call_tool("status", {})).structured_content["files"] > 0
        index.conn.execute("PRAGMA cache_size = 0")  # pages are read from the file again
        size = db_path.stat().st_size
        page = index.conn.execute("PRAGMA page_size").fetchone()[0]
        with open(db_path, "r+b") as fh:  # every page but the first (the schema) overwritten
            fh.seek(page)
            fh.write(b"\xa5" * (size - page))
        with pytest.raises(ToolError) as caught:
            anyio.run(lambda: server.call_tool("status", {}))
    text = str(caught.value)
    assert "The index is damaged" in text and "mrag doctor" in text, text


@pytest.mark.parametrize("how", ["deleted", "moved aside"])
def test_an_index_replaced_under_the_server_is_the_one_served(tmp_path, how):
    """mrag's advice for a damaged index is to move it aside and sync anew: the
    server's connection kept reading the old file, so it served the old notes
    (and refused the new ones) until restarted. The file at the index's path
    is the one served; while there is none, tools say so."""
    import shutil

    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    db_path, _ = build_small_index(tmp_path)
    tools = MragTools(open_index=lambda: Index.open(effective(db_path=db_path)))
    before = tools.status()["files"]
    assert tools.get_document("people/wolfgang.md")["path"] == "people/wolfgang.md"
    files = [db_path.with_name(db_path.name + s) for s in ("", "-wal", "-shm")]
    if how == "deleted":
        for f in files:
            f.unlink(missing_ok=True)
    else:
        for f in files:
            if f.exists():
                shutil.move(f, tmp_path / f.name)
    with pytest.raises(Exception, match="No index at"):
        tools.status()
    other = tmp_path / "other"
    write_notes(other, {"new.md": "Oskar Brandt founded the Garden Club in Hamburg.\n"})
    conn = db.connect(db_path, create=True)
    sync_folders(conn, [other], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions())
    conn.close()
    assert tools.status()["files"] == 1 != before
    assert tools.get_document("new.md")["path"] == "new.md"


@pytest.mark.parametrize("model", ["hashing:32", "rolled:64"])
def test_an_index_rebuilt_in_place_with_another_model_is_searched_with_it(tmp_path, model):
    """`mrag sync --rebuild --embedding-model M` under a running server copies
    the new index into the same file: the server kept the old model's question
    embedder, so a search failed on every call with another dimension
    ("Dimension mismatch") and ranked with the wrong vectors, silently, with
    the same one. The server searches as a fresh `mrag ask` does."""
    import numpy as np

    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from mrag_test_plugin import hashing_embedder

    class Rolled(HashingEmbedder):
        """Another model of the same dimension: the hashing vectors rolled."""

        def embed(self, texts):
            return np.roll(super().embed(texts), 17, axis=1)

    def factory(name):
        return Rolled(dim=64, name=name) if name.startswith("rolled") else hashing_embedder(name)

    db_path, root = build_small_index(tmp_path)
    question = "Wolfgang Schulz plays bass in the Harbor Band"
    with Index.open(effective(db_path=db_path), embedder_factory=factory) as served:
        tools = MragTools(served)
        before = tools.search(question, k=5)
        with Index.open(effective({"embedding_model": model}, db_path=db_path), embedder_factory=factory) as index:
            index.sync([root], extractor=HeuristicExtractor(), rebuild=True)
        after = tools.search(question, k=5)
        assert tools.embedder().name == model
    with Index.open(effective(db_path=db_path), embedder_factory=factory) as fresh:
        expected = MragTools(fresh).search(question, k=5)
    scores = [(r["chunk_id"], r["score"]) for r in after["results"]]
    assert scores == [(r["chunk_id"], r["score"]) for r in expected["results"]]
    assert scores != [(r["chunk_id"], r["score"]) for r in before["results"]]


def test_tasks_lists_the_notes_checkbox_tasks(tmp_path, monkeypatch):
    """`tasks` gives a client what `mrag tasks --json` lists (open by default,
    done, query words, overdue against the asking day), with total and
    unsynced; wrong flags and types are tool errors."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.mcp_server import build_server
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    root = tmp_path / "notes"
    write_notes(root, {
        "daily/2026-11-18.md": "Busy day.\n- [ ] call Priya about the lease 📅 2026-11-20\n- [x] dentist\n",
        "daily/2026-11-19.md": "- [ ] book the Café Müller table\n- [ ] renew passport 📅 2026-12-20\n",
    })
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
    finally:
        conn.close()
    monkeypatch.setenv("MRAG_TODAY", "2026-11-25")
    with Index.open(effective({"db": str(db_path), "embedding_model": "hashing:64"})) as index:
        tools = MragTools(index)
        server = build_server(tools)

        def call(args):
            return anyio.run(lambda: server.call_tool("tasks", args))

        listed = call({}).structured_content
        assert [t["text"] for t in listed["tasks"]] == ["book the Café Müller table", "renew passport",
                                                        "call Priya about the lease"]
        assert listed["total"] == 3 and listed["unsynced"] == []
        assert [t["text"] for t in call({"state": "done"}).structured_content["tasks"]] == ["dentist"]
        assert [t["text"] for t in call({"query": "cafe muller"}).structured_content["tasks"]] == \
            ["book the Café Müller table"]
        overdue = call({"overdue": True}).structured_content["tasks"]
        assert [(t["text"], t["due"]) for t in overdue] == [("call Priya about the lease", "2026-11-20")]
        limited = call({"limit": 1}).structured_content
        assert len(limited["tasks"]) == 1 and limited["total"] == 3
        # a day window, as `mrag tasks --week` / `--from` read it: the week of Wednesday the 18th
        monkeypatch.setenv("MRAG_TODAY", "2026-11-18")
        week = call({"week": True}).structured_content["tasks"]
        assert [(t["text"], t["in_window"]) for t in week] == [("call Priya about the lease", ["due"])]
        assert [t["text"] for t in call({"from_day": "2026-12-01"}).structured_content["tasks"]] == \
            ["renew passport"]
        assert all(t["in_window"] is None for t in call({}).structured_content["tasks"])
        # a checkbox has no priority (an Org or Logseq `[#A]` gives one: tests/test_org_mode)
        assert all(t["priority"] is None for t in call({}).structured_content["tasks"])
        assert call({"priority": "A"}).structured_content["tasks"] == []
        monkeypatch.setenv("MRAG_TODAY", "2026-11-25")
        (root / "daily/2026-11-19.md").write_text("- [ ] renew passport\n")
        assert call({"limit": 1}).structured_content["unsynced"] == [
            {"path": "daily/2026-11-19.md", "root": str(root), "state": "changed"}]
        for args, words in (({"state": "later"}, "Unknown task state"),
                            ({"state": "done", "overdue": True}, "--overdue lists open tasks only"),
                            ({"overdue": "yes"}, "argument overdue: expected a boolean"),
                            ({"limit": 0}, "expected 1 or more"),
                            ({"week": True, "today": True}, "two windows"),
                            ({"overdue": True, "within": "7d"}, "--overdue is a window of its own"),
                            ({"to_day": "someday"}, "expected a day written YYYY-MM-DD")):
            with pytest.raises(Exception, match=words):
                call(args)
