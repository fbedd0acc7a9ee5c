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
         "directory, else the index you synced most recently (mrag sync creates DIR/.mrag/index.sqlite "
         "when none is found).",
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
    from minirag_cli.config import resolve_db
    from minirag_cli.db import connect

    choice = resolve_db(state.db, sync_dirs=sync_dirs)
    _say_which_index(choice)
    if not create and not choice.path.exists():
        from minirag_cli.config import state_dir
        from minirag_cli.synced import missing_index_error

        raise missing_index_error(choice, state_dir())
    return connect(choice.path, create=create), choice.path


def _say_which_index(choice) -> None:
    """On stderr, once: records of moved or deleted indexes that were dropped,
    and which index a command uses when it was found by the record of synced
    indexes rather than named or found above the current folder."""
    from rich.markup import escape

    from minirag_cli.format import stderr_console

    err = stderr_console()
    for gone in choice.forgotten:
        err.print(f"[yellow]warning[/] forgetting {escape(gone.db)} (synced from {escape(gone.folder())}): "
                  "the index file is gone (moved or deleted)", highlight=False, soft_wrap=True)
    if choice.from_record:
        from minirag_cli.synced import describe_choice

        err.print(f"[dim]{escape(describe_choice(choice.known))}[/]", highlight=False, soft_wrap=True)


def effective_settings(db_path=None, sync_dirs: list[Path] | None = None, **flags):
    """Settings for a command: its flags (None = not given) over env vars,
    project and user config files and defaults (see config.py)."""
    from minirag_cli.config import effective

    return effective({"db": state.db, **flags}, db_path, sync_dirs=sync_dirs)


@app.command()
def sync(
    dirs: List[Path] = typer.Argument(..., help="Folders of notes to index (several allowed).", show_default=False),
    extractor: Optional[str] = typer.Option(None, "--extractor", "-x", help="auto | heuristic | llm (default: auto)."),
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
    from minirag_cli.config import resolve_db
    from minirag_cli.extract.select import describe_choice

    sync_dirs = [d.resolve() for d in dirs]
    path = resolve_db(state.db, sync_dirs=sync_dirs).path  # located, not created yet
    settings = effective_settings(path, extractor=extractor, model=model, embedding_model=embedding_model,
                                  chunk_tokens=chunk_tokens, overlap_tokens=overlap)
    # a missing, unreadable or non-GGUF model fails here, before the index is touched
    ext = make_extractor(settings.extractor, settings.model)
    conn, path = open_index(create=True, sync_dirs=sync_dirs)
    options = syncmod.SyncOptions(chunk_tokens=settings.chunk_tokens, overlap_tokens=settings.overlap_tokens)
    from minirag_cli.config import embedding_model_for
    from minirag_cli.db import get_meta

    # an existing index keeps the embedder it was built with unless one is configured
    embedder_name = embedding_model_for(settings, get_meta(conn, "embedding_model"))
    if max_bytes:
        options.max_bytes = max_bytes
    options.follow_symlinks = follow_symlinks
    err = stderr_console()
    if not as_json and not quiet:  # which extractor `auto` chose, and why (--json has it as `extractor`)
        err.print(f"[dim]index {path} · extractor {describe_choice(ext, settings)}[/]", highlight=False)
    with syncmod.sync_lock(path):
        if rebuild:
            syncmod.rebuild(conn)
        progress = None if (quiet or as_json or not err.is_terminal) else RichProgress(err)
        embedder = make_embedder(embedder_name)
        try:
            summary = syncmod.sync_folders(conn, dirs, embedder=embedder, extractor=ext,
                                           options=options, progress=progress)
        finally:
            if progress:
                progress.stop()
    from minirag_cli.query_embed import try_export

    try_export(embedder)  # the model is loaded: make the fast query embedder now, once (query_embed.py)
    from minirag_cli.config import state_dir
    from minirag_cli.db import now_iso
    from minirag_cli.synced import record_sync

    record_sync(state_dir(), path, summary.roots, now_iso())  # found from any folder from now on
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
        from rich.markup import escape

        # soft_wrap: one line per message even when stderr is not a terminal (no 80-column wrap)
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        if exc.hint:
            err.print(f"[dim]hint:[/] {escape(exc.hint)}", highlight=False, soft_wrap=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; everything committed so far is kept.\n")
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # click usage errors and the unexpected
        import click

        click_errors: tuple = (click.ClickException,)
        try:  # typer >= 0.2x vendors its own copy of click
            from typer._click.exceptions import ClickException as TyperClickException

            click_errors += (TyperClickException,)
        except ImportError:
            pass
        if isinstance(exc, (click.exceptions.Abort, typer.Abort)):
            sys.exit(130)
        if isinstance(exc, click_errors):
            exc.show()
            sys.exit(exc.exit_code)
        if isinstance(exc, (click.exceptions.Exit, typer.Exit)):
            sys.exit(exc.exit_code)
        if os.environ.get("MRAG_DEBUG"):
            raise
        from minirag_cli.db import explain_sqlite_error

        known = explain_sqlite_error(exc)
        if known is not None:  # damage found mid-query, a lock held too long
            sys.stderr.write(f"error: {known}\nhint: {known.hint}\n")
            sys.exit(known.exit_code)
        sys.stderr.write(f"error: unexpected {type(exc).__name__}: {exc}\n"
                         "Set MRAG_DEBUG=1 to see the traceback, and please report it.\n")
        sys.exit(1)


# Command groups live in their own modules and register on `app` when imported.
from minirag_cli.commands import ask as _ask_cmds  # noqa: E402,F401
from minirag_cli.commands import doctor as _doctor_cmds  # noqa: E402,F401
from minirag_cli.commands import evalcmd as _eval_cmds  # noqa: E402,F401
from minirag_cli.commands import extras as _extras_cmds  # noqa: E402,F401
from minirag_cli.commands import model as _model_cmds  # noqa: E402,F401
