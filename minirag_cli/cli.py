"""The `mrag` command line: a thin layer over the library. Each command opens
the index through db.connect, calls one library function and renders the
result with format.py. Library errors (MragError) become a one-line message
and exit code 1 (2 for usage); MRAG_DEBUG=1 shows the traceback instead."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from minirag_cli import __version__
from minirag_cli.errors import MragError

app = typer.Typer(
    name="mrag",
    help="A knowledge base for a folder of notes, in one SQLite file.\n\n"
         "Index: --db PATH, else $MRAG_DB, else the nearest .mrag/index.sqlite above the current "
         "directory (mrag sync creates DIR/.mrag/index.sqlite when none is found).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


class State:
    db: Optional[str] = None


state = State()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mrag {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    db: Optional[str] = typer.Option(None, "--db", help="Index file (default: $MRAG_DB or the nearest .mrag/index.sqlite)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    state.db = db


def open_index(create: bool = False, sync_dirs: list[Path] | None = None):
    from minirag_cli.db import connect
    from minirag_cli.paths import resolve_db_path

    path, _why = resolve_db_path(state.db, sync_dirs=sync_dirs)
    return connect(path, create=create), path


@app.command()
def sync(
    dirs: List[Path] = typer.Argument(..., help="Folders of notes to index (several allowed).", show_default=False),
    extractor: str = typer.Option("auto", "--extractor", "-x", help="auto | heuristic | llm"),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model for the llm extractor (or $MRAG_MODEL)."),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model", help="sentence-transformers model name or folder."),
    chunk_tokens: Optional[int] = typer.Option(None, "--chunk-tokens", help="Chunk size in whitespace tokens."),
    overlap: Optional[int] = typer.Option(None, "--overlap", help="Overlap between chunks in tokens."),
    max_bytes: Optional[int] = typer.Option(None, "--max-bytes", help="Skip files larger than this."),
    follow_symlinks: bool = typer.Option(False, "--follow-symlinks", help="Follow symlinks out of the folder."),
    rebuild: bool = typer.Option(False, "--rebuild", help="Empty the index first (keeps the extraction cache)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Index or refresh folders of notes (incremental: unchanged files cost a stat).

    Example: mrag sync ~/notes
    """
    from minirag_cli import sync as syncmod
    from minirag_cli.embed import make_embedder
    from minirag_cli.extract.select import make_extractor
    from minirag_cli.format import print_json, render_sync_summary, stderr_console
    from minirag_cli.progress import RichProgress

    for d in dirs:
        if not d.is_dir():
            raise MragError(f"{d} is not a folder.")
    conn, path = open_index(create=True, sync_dirs=[d.resolve() for d in dirs])
    options = syncmod.SyncOptions()
    if chunk_tokens:
        options.chunk_tokens = chunk_tokens
    if overlap is not None:
        options.overlap_tokens = overlap
    if max_bytes:
        options.max_bytes = max_bytes
    options.follow_symlinks = follow_symlinks
    err = stderr_console()
    ext = make_extractor(extractor, model)
    if not as_json and not quiet:
        err.print(f"[dim]index {path} · extractor {ext.name}[/]")
    with syncmod.sync_lock(path):
        if rebuild:
            syncmod.rebuild(conn)
        progress = None if (quiet or as_json or not err.is_terminal) else RichProgress(err)
        try:
            summary = syncmod.sync_folders(conn, dirs, embedder=make_embedder(embedding_model), extractor=ext,
                                           options=options, progress=progress)
        finally:
            if progress:
                progress.stop()
    if as_json:
        print_json(summary.to_dict())
    else:
        from minirag_cli.format import stdout_console

        render_sync_summary(summary.to_dict(), stdout_console())


@app.command()
def status(as_json: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """Show what the index holds: files, chunks, entities, edges, size, models.

    Example: mrag status --json
    """
    from minirag_cli.format import print_json, render_status, stdout_console
    from minirag_cli.store import index_status

    conn, path = open_index()
    data = index_status(conn, path)
    print_json(data) if as_json else render_status(data, stdout_console())


@app.command()
def entities(
    query: Optional[str] = typer.Argument(None, help="Fuzzy search; omit to list the most mentioned."),
    limit: int = typer.Option(50, "--limit", "-n", help="How many to show."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """List or fuzzy-search entities with type, mention count and aliases.

    Example: mrag entities "wolfgang"
    """
    from minirag_cli.format import print_json, render_entities, stdout_console
    from minirag_cli.store import entities_list

    conn, _ = open_index()
    rows = entities_list(conn, query, limit)
    print_json(rows) if as_json else render_entities(rows, stdout_console())


def main() -> None:
    """Entry point: run the app, turning library errors into one-line messages."""
    try:
        rv = app(standalone_mode=False)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
    except MragError as exc:
        if os.environ.get("MRAG_DEBUG"):
            raise
        from minirag_cli.format import stderr_console

        err = stderr_console()
        err.print(f"[bold red]error:[/] {exc}", highlight=False)
        if exc.hint:
            err.print(f"[dim]hint:[/] {exc.hint}", highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; everything committed so far is kept.\n")
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # click usage errors and the unexpected
        import click

        if isinstance(exc, click.exceptions.Abort):
            sys.exit(130)
        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        if isinstance(exc, click.exceptions.Exit):
            sys.exit(exc.exit_code)
        if os.environ.get("MRAG_DEBUG"):
            raise
        sys.stderr.write(f"error: unexpected {type(exc).__name__}: {exc}\n"
                         "Set MRAG_DEBUG=1 to see the traceback, and please report it.\n")
        sys.exit(1)
