"""`mrag eval GOLDEN`: recall@k, hit@k and MRR of the retrieval, per question
type and overall, for one or several modes side by side (library:
minirag_cli.evaluate). Exit code 3 when a --fail-under threshold is missed."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from minirag_cli.cli import app, open_index

THRESHOLD_EXIT_CODE = 3
MAX_WARNINGS = 20


@app.command("eval")
def eval_command(
    golden: Path = typer.Argument(..., help="Golden set: JSON Lines with query, expected paths, type.",
                                  show_default=False),
    k: str = typer.Option("1,5,10,20", "--k", help="Cut-offs for recall@k and hit@k, comma-separated."),
    modes: Optional[List[str]] = typer.Option(
        None, "--mode", help="dense | bm25 | graph | hybrid | a set like dense,bm25. Repeat to compare "
                             "modes side by side (default: hybrid)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON on stdout."),
    fail_under: Optional[List[str]] = typer.Option(
        None, "--fail-under", help="METRIC=VALUE, e.g. recall@10=0.9: exit 3 if the overall figure of any "
                                   "mode is below it. Repeatable."),
    details: Optional[Path] = typer.Option(None, "--details", help="Write per-question ranks and top results "
                                                                   "(JSON Lines) to this file."),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model",
                                                  help="Override the embedding model recorded in the index."),
) -> None:
    """Measure retrieval against a golden set (recall@k, hit@k, MRR).

    Example: mrag eval golden/golden.jsonl --mode dense --mode bm25 --mode hybrid --fail-under recall@10=0.9
    """
    from minirag_cli import evaluate as ev
    from minirag_cli import retrieve
    from minirag_cli.format import print_json, render_eval, stderr_console, stdout_console

    ks = ev.parse_ks(k)
    chosen = modes or ["hybrid"]
    for mode in chosen:  # a typo fails before the golden file and the model are loaded
        retrieve.parse_mode(mode)
    thresholds = [ev.parse_threshold(t, ks) for t in (fail_under or [])]
    questions = ev.load_golden(golden)
    conn, path = open_index()
    err = stderr_console()
    err.print(f"[dim]eval {golden}: {len(questions)} questions × {len(chosen)} mode(s) on {path}[/]",
              soft_wrap=True, highlight=False)
    with _progress(err) as tick:
        run = ev.evaluate(conn, questions, embedder=_index_embedder(conn, embedding_model),
                          modes=chosen, ks=ks, on_question=tick, with_details=details is not None)
    for item in run.unknown_paths[:MAX_WARNINGS]:
        err.print(f"[yellow]warning[/] line {item['line']} ({item['id']}): {item['path']} is not in the index "
                  "(left out of scoring)", highlight=False)
    if len(run.unknown_paths) > MAX_WARNINGS:
        err.print(f"[yellow]warning[/] ... and {len(run.unknown_paths) - MAX_WARNINGS} more unknown paths "
                  "(all listed under unknown_paths in --json)", highlight=False)
    if details is not None:
        ev.write_details(details, run.details)
    print_json(run.to_dict()) if as_json else render_eval(run.to_dict(), stdout_console())
    failures = ev.threshold_failures(run.to_dict(), thresholds)
    for line in failures:
        err.print(f"[bold red]below threshold:[/] {line}", highlight=False)
    if failures:
        raise typer.Exit(THRESHOLD_EXIT_CODE)


def _index_embedder(conn, name: str | None):
    """The question embedder `mrag ask` uses (ONNX when a verified export of
    the index's model exists): eval measures what users get, and skips the
    seconds of importing torch."""
    from minirag_cli.db import check_embedder, get_meta
    from minirag_cli.query_embed import query_embedder

    embedder = query_embedder(name or get_meta(conn, "embedding_model"))
    check_embedder(conn, embedder.name)
    return embedder


class _progress:
    """A transient progress bar on stderr when it is a terminal; else silent."""

    def __init__(self, console):
        self.console, self.bar = console, None

    def __enter__(self):
        if not self.console.is_terminal:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("[bold]eval"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=self.console, transient=True)
        self.bar.start()
        task = self.bar.add_task("eval", total=None)
        return lambda done, total: self.bar.update(task, completed=done, total=total)

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()
