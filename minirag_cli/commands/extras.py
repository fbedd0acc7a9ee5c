"""Commands around the index: `config show`, `show`, `entity`, `graph export`
and `mcp`. The work is in config.py, lookup.py, export.py and mcp_server.py;
this module parses flags and renders (results on stdout, messages on stderr).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from minirag_cli.cli import app, effective_settings, open_index

config_app = typer.Typer(help="Show the effective configuration and where each setting comes from.",
                         no_args_is_help=True)
graph_app = typer.Typer(help="Export the entity graph.", no_args_is_help=True)
app.add_typer(config_app, name="config")
app.add_typer(graph_app, name="graph")


# ------------------------------------------------------------------ config

@config_app.command("show")
def config_show(as_json: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """Print the effective settings and where each came from (flag, env, project or user config, default).

    Example: mrag config show --json
    """
    from minirag_cli.format import print_json, stdout_console

    settings = effective_settings()
    print_json(settings.to_dict()) if as_json else _render_settings(settings, stdout_console())


def _render_settings(settings, console) -> None:
    """TOML-like lines (`k = 10  # default`), so a line can be pasted into a config file."""
    import json

    from rich.markup import escape

    from minirag_cli.config import SPECS

    width = max(len(s.name) for s in SPECS)
    for spec in SPECS:
        value = settings.values[spec.name]
        source = settings.sources[spec.name]
        note = source if source.startswith("env ") else f"{source} (env {spec.env})"
        line = f"{spec.name:<{width}} = {json.dumps(value, ensure_ascii=False)}" if value is not None \
            else f"# {spec.name:<{width - 2}} = (not set)"
        console.print(f"{escape(line)}  [dim]# {escape(note)}[/]", highlight=False, soft_wrap=True)
    user = settings.user_config
    console.print(f"[dim]# user config:    {escape(str(user))}" + ("" if user and user.is_file() else " (none)")
                  + "[/]", highlight=False, soft_wrap=True)
    project = settings.project_config
    console.print(f"[dim]# project config: {escape(str(project)) if project else '(none)'}[/]", highlight=False,
                  soft_wrap=True)


# ------------------------------------------------------------------ show / entity

@app.command()
def show(
    target: str = typer.Argument(..., help="PATH, PATH:LINE or CHUNK_ID (as `mrag ask` prints them)."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
    text_only: bool = typer.Option(False, "--text", help="Print only the text (for pipes)."),
) -> None:
    """Print an indexed document, the chunk holding a line of it, or a chunk by id, with its entities.

    Example: mrag show notes/berlin.md:12
    """
    from minirag_cli.format import print_json, stdout_console
    from minirag_cli.store.lookup import show as lookup_show

    conn, _ = open_index()
    item = lookup_show(conn, target)
    if as_json:
        print_json(item)
    elif text_only:
        sys.stdout.write(item["text"] if item["text"].endswith("\n") else item["text"] + "\n")
    else:
        _render_item(item, stdout_console())


def _render_item(item: dict, console) -> None:
    from rich.markup import escape

    lines = f"lines {item['lines'][0]}-{item['lines'][1]}"
    if item["kind"] == "chunk":
        head = f"{item['path']}  {lines}  chunk {item['chunk_id']} (#{item['seq']})"
    else:
        n = len(item["chunks"])
        head = f"{item['path']}  {lines}  {n} chunk{'s' * (n != 1)}, text from {item['source']}"
    console.print(f"[bold]{escape(head)}[/]", highlight=False)
    console.rule(style="dim")
    console.print(item["text"], markup=False, highlight=False)
    console.rule(style="dim")
    ents = ", ".join(f"{e['name']} ({e['type']}, {e['count']})" for e in item["entities"]) or "none"
    console.print(f"[bold]entities[/] {escape(ents)}", highlight=False, soft_wrap=True)


@app.command()
def entity(
    name: str = typer.Argument(..., help="Entity name or alias (fuzzy)."),
    neighbours: int = typer.Option(20, "--neighbours", "-n", help="How many neighbours to list."),
    notes: int = typer.Option(20, "--notes", help="How many notes to list."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Show an entity: type, aliases, neighbours in the graph (with weights) and the notes that mention it.

    Example: mrag entity "Wolfgang Schulz"
    """
    from minirag_cli.format import print_json, stdout_console
    from minirag_cli.store.lookup import get_entity

    conn, _ = open_index()
    data = get_entity(conn, name, neighbours=neighbours, notes=notes)
    print_json(data) if as_json else _render_entity(data, stdout_console())


def _render_entity(e: dict, console) -> None:
    from rich.markup import escape
    from rich.table import Table

    console.print(f"[bold]{escape(e['name'])}[/] ({escape(e['type'])}) · {e['mentions']} mentions in "
                  f"{e['chunks']} chunks of {e['notes_total']} notes", highlight=False)
    aliases = ", ".join(f"{a['alias']} ×{a['count']}" + (" (fuzzy)" if a["merge"] == "fuzzy" else "")
                        for a in e["aliases"])
    console.print(f"[bold]aliases[/] {escape(aliases) or '-'}", highlight=False)
    near = Table(title=f"neighbours ({len(e['neighbours'])} of {e['neighbours_total']})")
    for col in ("name", "type", "weight"):
        near.add_column(col, justify="right" if col == "weight" else "left")
    for n in e["neighbours"]:
        near.add_row(escape(n["name"]), n["type"], str(n["weight"]))
    console.print(near)
    docs = Table(title=f"notes ({len(e['notes'])} of {e['notes_total']})")
    for col in ("path", "mentions", "lines"):
        docs.add_column(col, justify="right" if col == "mentions" else "left")
    for d in e["notes"]:
        docs.add_row(escape(d["path"]), str(d["mentions"]), f"{d['lines'][0]}-{d['lines'][1]}")
    console.print(docs)
    if e["other_matches"]:
        others = ", ".join(o["name"] for o in e["other_matches"])
        console.print(f"[dim]other matches: {escape(others)}[/]", highlight=False)


# ------------------------------------------------------------------ graph export

@graph_app.command("export")
def graph_export(
    fmt: str = typer.Option("graphml", "--format", "-f", help="graphml (Gephi, Cytoscape) or json."),
    entity_name: Optional[str] = typer.Option(None, "--entity", "-e", help="Only the neighbourhood of this entity."),
    hops: int = typer.Option(1, "--hops", help="Neighbourhood radius with --entity."),
    min_weight: int = typer.Option(1, "--min-weight", help="Drop edges shared by fewer chunks."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to FILE instead of stdout."),
) -> None:
    """Export the entity co-occurrence graph (or one entity's neighbourhood) as GraphML or JSON.

    Example: mrag graph export --format graphml --entity "Wolfgang" --hops 2 -o wolfgang.graphml
    """
    from minirag_cli.errors import UsageError
    from minirag_cli.export import FORMATS, entity_graph, write_graph
    from minirag_cli.format import stderr_console
    from minirag_cli.store.lookup import get_entity

    if fmt not in FORMATS:
        raise UsageError(f"Unknown --format {fmt!r}; choose graphml or json.")
    conn, _ = open_index()
    entity_id = get_entity(conn, entity_name, neighbours=0, notes=0)["id"] if entity_name else None
    graph = entity_graph(conn, entity_id=entity_id, hops=hops, min_weight=min_weight)
    if output is None:
        write_graph(graph, fmt, sys.stdout)
        return
    with open(output, "w", encoding="utf-8") as fh:
        write_graph(graph, fmt, fh)
    stderr_console().print(f"wrote {len(graph.nodes)} entities and {len(graph.edges)} edges to {output}",
                           highlight=False, markup=False)


# ------------------------------------------------------------------ mcp

@app.command()
def mcp() -> None:
    """Serve the index to MCP clients (Claude Desktop, ...) over stdio: tools search, get_document, status.

    Example: mrag --db ~/notes/.mrag/index.sqlite mcp
    """
    from minirag_cli.mcp_server import require_mcp, serve

    require_mcp()
    conn, path = open_index()
    serve(conn, path, effective_settings(path))
