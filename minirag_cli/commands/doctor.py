"""`mrag doctor`: check the machine and the index, say what to do for each failure."""

from __future__ import annotations

from typing import Optional

import typer

from minirag_cli.cli import app, effective_settings, state

STYLE = {"ok": "[green] ok [/]", "warn": "[yellow]warn[/]", "fail": "[bold red]FAIL[/]"}


@app.command()
def doctor(
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model to load (or $MRAG_MODEL)."),
    embedding_model: Optional[str] = typer.Option(
        None, "--embedding-model", help="Embedding model to check (default: the one the index was built with)."),
    no_load: bool = typer.Option(False, "--no-load", help="Do not load models (only check that they are there)."),
    as_json: bool = typer.Option(False, "--json", help="Print the checks as JSON."),
) -> None:
    """Check Python, SQLite, sqlite-vec, the models and the index; exit 1 if anything fails.

    Example: mrag doctor --model ~/models/qwen2.5-1.5b-instruct-q4_k_m.gguf
    """
    from pathlib import Path

    from minirag_cli.config import resolve_db
    from minirag_cli.doctor import healthy, run_checks
    from minirag_cli.format import print_json, stdout_console

    choice = resolve_db(state.db)
    settings = effective_settings(choice.path, model=model, embedding_model=embedding_model)
    chosen_embedder = None if settings.sources["embedding_model"] == "default" else settings.embedding_model
    checks = run_checks(db_path=Path(choice.path), db_source=choice.source, embedding_model=chosen_embedder,
                        model=settings.model, load=not no_load)
    ok = healthy(checks)
    if as_json:
        print_json({"ok": ok, "checks": [c.to_dict() for c in checks]})
    else:
        from rich.markup import escape
        from rich.table import Table

        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(no_wrap=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(overflow="fold")
        for c in checks:
            fix = f"\n[cyan]fix:[/] {escape(c.fix)}" if c.fix and c.status != "ok" else ""
            table.add_row(STYLE[c.status], c.name, escape(c.detail) + fix)
        console = stdout_console()
        console.print(table, highlight=False)
        console.print("all checks passed" if ok else "some checks failed", style="green" if ok else "bold red")
    if not ok:
        raise typer.Exit(1)
