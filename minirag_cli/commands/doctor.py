"""`mrag doctor`: check the machine and the index, say what to do for each failure."""

from __future__ import annotations

from typing import Optional

import typer

from minirag_cli.app import app, state


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
    from minirag_cli.doctor import healthy, run_checks_located
    from minirag_cli.format import print_doctor

    checks = run_checks_located(state.db, model=model, embedding_model=embedding_model, load=not no_load)
    ok = healthy(checks)
    print_doctor(checks, ok, as_json=as_json)
    if not ok:
        raise typer.Exit(1)
