"""`mrag model info PATH` and `mrag model pull NAME`: inspect a local GGUF
file, or download a recommended one from the Hugging Face hub."""

from __future__ import annotations

from typing import Optional

import typer

from minirag_cli.app import Typer, app
from minirag_cli.llm import DEFAULT_PULL, RECOMMENDED_MODELS

model_app = Typer(help="GGUF models for the llm extractor: inspect or download.", no_args_is_help=True)
app.add_typer(model_app, name="model")


@model_app.command("info")
def info(
    path: str = typer.Argument(..., help="A .gguf file."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Show what a GGUF file is (reads its header only).

    Name, architecture, size, quantisation, context length, and the identity
    the extraction cache keys on.

    Example: mrag model info ~/.cache/mrag/models/qwen2.5-1.5b-instruct-q4_k_m.gguf
    """
    from minirag_cli.format import model_info_lines, print_json
    from minirag_cli.llm import model_summary

    data = model_summary(path)
    if as_json:
        print_json(data)
        return
    for line in model_info_lines(data):
        typer.echo(line)


@model_app.command("pull")
def pull(
    name: str = typer.Argument(DEFAULT_PULL, help="One of: " + ", ".join(
        f"{k} ({v[2]})" for k, v in RECOMMENDED_MODELS.items()) + "; or OWNER/REPO/FILE.gguf."),
    dest: Optional[str] = typer.Option(None, "--dir", help="Where to save it (default ~/.cache/mrag/models)."),
) -> None:
    """Download a recommended GGUF model (needs internet); prints its path.

    Files come from the Hugging Face hub; a file already downloaded is reused.

    Example: export MRAG_MODEL=$(mrag model pull qwen2.5-1.5b)
    """
    import shlex

    from minirag_cli.format import note
    from minirag_cli.hints import sync_command
    from minirag_cli.llm import pull_model, resolve_model_name

    resolve_model_name(name)  # an unknown name fails before "downloading"
    path = pull_model(name, dest, on_download=lambda: note(f"downloading {name} from the Hugging Face hub...",
                                                           markup=False))
    typer.echo(str(path))
    # one line, whatever the terminal's width: the command is there to be copied
    note(f"use it with: {sync_command([], then=['--model', str(path)])}  (or export MRAG_MODEL={shlex.quote(str(path))})",
         markup=False)
