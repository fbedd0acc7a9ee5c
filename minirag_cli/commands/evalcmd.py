"""`mrag eval GOLDEN`: recall@k, hit@k and MRR of the retrieval, per question
type and overall, for one or several modes side by side (Index.evaluate,
library: minirag_cli.evaluate). Exit code 3 when a --fail-under threshold is
missed."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from minirag_cli.app import app, open_index

THRESHOLD_EXIT_CODE = 3


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
    from minirag_cli import format as fmt

    plan = ev.plan_run(golden, k, modes, fail_under)  # a typo fails before the golden file and the model load
    index = open_index(embedding_model=embedding_model)
    fmt.note(f"eval {golden}: {len(plan.questions)} questions × {len(plan.modes)} mode(s) on {index.path}")
    with fmt.eval_progress() as tick:
        run = index.evaluate(plan.questions, modes=plan.modes, ks=plan.ks, on_question=tick,
                             with_details=details is not None)
    fmt.eval_warnings(run)
    if details is not None:
        ev.write_details(details, run.details)
    fmt.print_data(run.to_dict(), fmt.render_eval, as_json=as_json)
    failures = ev.threshold_failures(run.to_dict(), plan.thresholds)
    fmt.threshold_failures(failures)
    if failures:
        raise typer.Exit(THRESHOLD_EXIT_CODE)
