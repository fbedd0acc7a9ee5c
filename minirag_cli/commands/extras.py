"""Commands around the index: `config show`, `show`, `entity`, `graph export`,
`graph view` and `mcp`. The work is in index.Index, config.py, export.py and mcp_server.py;
this module parses flags and renders (results on stdout, messages on stderr).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from minirag_cli.app import Typer, app, open_index, settings
from minirag_cli.mcp_server import TOOL_NAMES

config_app = Typer(help="Show the effective configuration and where each setting comes from.",
                         no_args_is_help=True)
graph_app = Typer(help="Export the entity graph, or draw it in a browser.", no_args_is_help=True)
app.add_typer(config_app, name="config")
app.add_typer(graph_app, name="graph")


# ------------------------------------------------------------------ config

@config_app.command("show")
def config_show(as_json: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """Print the effective settings and where each came from (flag, env, project or user config, default).

    Example: mrag config show --json
    """
    from minirag_cli.format import print_error, print_json, render_settings, stdout_console

    resolved = settings()
    _index_chunking(resolved)
    print_json(resolved.to_dict()) if as_json else render_settings(resolved, stdout_console())
    # every setting is listed, a bad one marked (as `doctor` does), rather than the first bad
    # one alone; each bad one is also an error line, and the exit is 1 so a script notices
    for error in resolved.errors.values():
        print_error(error)
    if resolved.errors:
        raise typer.Exit(1)


def _index_chunking(resolved) -> None:
    """The chunk size and overlap a sync of the index uses when neither is
    set anywhere: the index's own (sync.built_alike), not the defaults
    `config show` said (120 and 20 for an index chunked at 60). Nothing
    for an index that is not there or cannot be read: config show still
    shows the rest."""
    from pathlib import Path

    from minirag_cli import db
    from minirag_cli.errors import MragError
    from minirag_cli.store import built_chunking, totals

    names = ("chunk_tokens", "overlap_tokens")
    path = resolved.values.get("db")
    if any(resolved.sources[n] != "default" or n in resolved.errors for n in names) or not path \
            or not db.index_exists(Path(path)):
        return
    try:
        conn = db.connect(Path(path))
    except MragError:
        return
    try:
        built = built_chunking(conn) if totals(conn)[2] else None  # an index with no note is built anew
    finally:
        conn.close()
    if built is not None:
        for name, value in zip(names, built):
            resolved.values[name], resolved.sources[name] = value, "index"


# ------------------------------------------------------------------ show / entity

@app.command()
def show(
    target: str = typer.Argument(..., help="PATH, PATH:LINE, PATH:FIRST-LAST or CHUNK_ID (as `mrag ask` prints "
                                           "them), or a note's name."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
    text_only: bool = typer.Option(False, "--text", help="Print only the text (for pipes)."),
) -> None:
    """Print an indexed document, the chunk holding a line of it, or a chunk by id, with its entities.

    Example: mrag show notes/berlin.md:12, mrag show "Acme Logistics"
    """
    from minirag_cli.format import note, opened_by_name_line, print_show, unsynced_note

    index = open_index()
    item = index.show(target)  # with `unsynced`, printed in --json too: a script cannot read the notice on stderr
    print_show(item, as_json=as_json, text_only=text_only)
    if "opened_by_name" in item:  # on stderr: `--text` and `--json` stay the note's alone
        note(opened_by_name_line(item), markup=False)
    unsynced_note(item["unsynced"], str(index.path))


@app.command()
def entity(
    name: str = typer.Argument(..., help="Entity name or alias (fuzzy)."),
    neighbours: int = typer.Option(20, "--neighbours", "-n", min=0, help="How many neighbours to list."),
    notes: int = typer.Option(20, "--notes", min=0, help="How many notes to list."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Show an entity: type, aliases, neighbours in the graph (with weights) and the notes that mention it.

    Example: mrag entity "Wolfgang Schulz"
    """
    from minirag_cli.format import entity_match_note, print_data, render_entity, unsynced_note

    index = open_index()
    page = index.entity(name, neighbours=neighbours, notes=notes)  # with `unsynced`, in --json too
    entity_match_note(name, page["name"], page["match"])
    print_data(page, render_entity, as_json=as_json)
    unsynced_note(page["unsynced"], str(index.path))


# ------------------------------------------------------------------ graph export

@graph_app.command("export")
def graph_export(
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="graphml (Gephi, Cytoscape) or json "
                                                                   "(default: json for -o FILE.json, else graphml)."),
    entity_name: Optional[str] = typer.Option(None, "--entity", "-e", help="Only the neighbourhood of this entity."),
    hops: Optional[int] = typer.Option(None, "--hops", help="Neighbourhood radius with --entity (default 1)."),
    min_weight: int = typer.Option(1, "--min-weight", help="Drop edges shared by fewer chunks (0 or more)."),
    # the word typed (path_type=str), a str despite the annotation (which keeps `<path>` in
    # --help): `-` is stdout, `./-` the file named - (a Path would have made both "-")
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to FILE instead of stdout (- is stdout).",
                                          path_type=str),
) -> None:
    """Export the entity co-occurrence graph (or one entity's neighbourhood) as GraphML or JSON.

    Example: mrag graph export --format graphml --entity "Wolfgang" --hops 2 -o wolfgang.graphml
    """
    from minirag_cli.errors import UsageError
    from minirag_cli.export import FORMATS, check_scope, write_graph, write_graph_file
    from minirag_cli.files import STREAM, check_output
    from minirag_cli.format import entity_match_note, note

    # -o - wrote a file named "-" into the current folder
    output = None if output is None or output == STREAM else Path(output)
    if fmt is None:  # -o graph.json means JSON (it held GraphML)
        fmt = "json" if output is not None and output.suffix.lower() == ".json" else "graphml"
    fmt = fmt.lower()  # --format JSON / GraphML, as -o G.JSON is taken for JSON
    if fmt not in FORMATS:
        raise UsageError(f"Unknown --format {fmt!r}; choose graphml or json.")
    if output is not None:
        check_output(output)  # before the work: a folder in the way, a file where a folder would be made
    # the flags are refused before the line naming the index, as ask's are (app.open_index)
    index = open_index(check=lambda _index: check_scope(entity=entity_name is not None, hops=hops,
                                                        min_weight=min_weight))
    graph = index.export(entity=entity_name, hops=hops, min_weight=min_weight)
    if graph.center is not None:
        entity_match_note(entity_name, graph.center["label"], graph.center["match"])
    if output is None:
        write_graph(graph, fmt, sys.stdout)
        return
    write_graph_file(graph, fmt, output)
    note(f"wrote {len(graph.nodes)} entities and {len(graph.edges)} edges to {output}", markup=False, soft_wrap=False)


@graph_app.command("view")
def graph_view(
    entity_name: Optional[str] = typer.Option(None, "--entity", "-e", help="Only the neighbourhood of this entity."),
    query: Optional[str] = typer.Option(None, "--query", "-q", help="Draw how this question is answered (ask --explain)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="The HTML file to write "
                                                                       "(default: mrag-graph*.html, or mrag-query-*.html "
                                                                       "with --query, here; with --open in mrag's cache "
                                                                       "folder).",
                                          path_type=str),  # the word typed: `-` is refused, `./-` a file
    open_it: bool = typer.Option(False, "--open", help="Open the page in the default browser."),
    max_nodes: int = typer.Option(150, "--max-nodes", help="Most entities drawn; the page says what was left out."),
    hops: Optional[int] = typer.Option(None, "--hops", help="Neighbourhood radius with --entity (default 1); "
                                                            "walk depth with --query (default 2)."),
    k: Optional[int] = typer.Option(None, "--k", "-k", help="Results drawn with --query (default 10)."),
) -> None:
    """Write the entity graph as one self-contained interactive HTML page (no network needed to open it).

    Example: mrag graph view --query "who fixed the sound system?" --open
    """
    from minirag_cli.askday import current_day
    from minirag_cli.config import environment
    from minirag_cli.files import check_output
    from minirag_cli.format import deliver_page, entity_match_note, no_entities_note, write_graph_view

    if output is not None:
        check_output(output)  # before the work, as graph export does: `-o -`, a folder in the way
    flags = dict(entity=entity_name, question=query, hops=hops, k=k, max_nodes=max_nodes)
    # "yesterday" in the question is read against ask's asking day (a bad MRAG_TODAY fails here, before any work)
    today = current_day() if query is not None else None
    # the flags are refused before the line naming the index, as ask's are (app.open_index)
    index = open_index(check=lambda index: index.graph_view_options(**flags))
    view = index.graph_view(**flags, today=today)
    if view.center is not None:
        entity_match_note(entity_name, view.center["label"], view.center["match"])
    if not view.totals["entities"]:  # the page would be a blank canvas: say why
        no_entities_note(None)
    # a page only opened is not written here: the current folder is often the notes folder,
    # which then held a generated page the next sync could index
    folder = environment().cache_dir / "views" if open_it and output is None else None
    deliver_page(write_graph_view(view, output, folder=folder), open_it=open_it)


# ------------------------------------------------------------------ mcp

@app.command(help=f"Serve the index to MCP clients (Claude Desktop, ...) over stdio: tools {', '.join(TOOL_NAMES)}."
                  "\n\nExample: mrag --db ~/notes/.mrag/index.sqlite mcp")
def mcp() -> None:
    # the help is built from mcp_server.TOOL_NAMES (light: the SDK loads only when serving)
    from minirag_cli.errors import MragError
    from minirag_cli.format import print_error
    from minirag_cli.mcp_server import require_mcp, serve

    require_mcp()
    try:
        index = open_index()
    except MragError as exc:
        # Serve anyway: the client gets this as each tool's error (an exited server is only
        # "disconnected" to it), and the first call after the index appears opens it.
        print_error(exc)
        sys.stderr.write("serving anyway: every tool call fails with this error until it is fixed.\n")
        index = None
    serve(index, open_index=open_index)
