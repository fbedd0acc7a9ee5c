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

# GOLDEN and --details come as the word typed (path_type=str), a str despite their
# annotation (which keeps `<path>` in --help): `-` is stdin (golden) or refused (details),
# `./-` the file named - (files.STREAM; a Path would have made both "-")


@app.command("eval")
def eval_command(
    golden: Path = typer.Argument(..., help="Golden set: JSON Lines with query, expected paths, type "
                                            "(- reads it from stdin).", show_default=False, path_type=str),
    k: str = typer.Option("1,5,10,20", "--k", help="Cut-offs for recall@k and hit@k, comma-separated."),
    modes: Optional[List[str]] = typer.Option(
        None, "--mode", help="dense | bm25 | graph | hybrid | a set like dense,bm25. Repeat to compare "
                             "modes side by side (default: hybrid)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON on stdout."),
    fail_under: Optional[List[str]] = typer.Option(
        None, "--fail-under", help="METRIC=VALUE, e.g. recall@10=0.9: exit 3 if the overall figure of any "
                                   "mode is below it. Repeatable."),
    details: Optional[Path] = typer.Option(None, "--details", help="Write per-question ranks and top results "
                                                                   "(JSON Lines) to this file.", path_type=str),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model",
                                                  help="The query embedding model (must match the one the index was built with)."),
    answers: bool = typer.Option(False, "--answers", help="Also answer each question with the model, as mrag ask "
                                                          "would, and score the answers against `answer`."),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model for --answers (or $MRAG_MODEL)."),
    judge: Optional[Path] = typer.Option(None, "--judge", help="A GGUF model that also judges each answer right "
                                                               "or wrong (reported beside the rule)."),
    sample: Optional[int] = typer.Option(None, "--sample", help="Only N questions, stratified by type."),
    seed: Optional[int] = typer.Option(None, "--seed", help="The random seed of --sample (default 0)."),
) -> None:
    """Measure retrieval against a golden set (recall@k, hit@k, MRR) and, with --answers, the answers a model writes from it.

    Example: mrag eval golden/golden.jsonl --mode dense --mode bm25 --mode hybrid --fail-under recall@10=0.9
    """
    from minirag_cli import answer_eval
    from minirag_cli import evaluate as ev
    from minirag_cli import format as fmt

    plan = ev.plan_run(golden, k, modes, fail_under, on_stdin=say_reading_stdin)  # a typo fails before the model
    check_flags(answers=answers, judge=judge, details=details, model=model, sample=sample, seed=seed,
                golden=golden)
    questions = golden_questions(plan, sample, seed)
    if answers:
        answer_eval.require_gold(questions)  # before the model loads
    index = open_index(embedding_model=embedding_model, model=model)
    # no model, or a bad model or judge file, fails before the retrieval run, not after it
    judge_model = index.check_answering(judge) if answers else None
    if answers:
        fmt.unscored_answers([q for q in questions if answer_eval.without_gold(q)], len(questions))
    fmt.note(f"eval {ev.golden_name(golden)}: {fmt.counted(len(questions), 'question')} × {fmt.counted(len(plan.modes), 'mode')} on {index.path}", markup=False)
    with fmt.eval_progress() as tick:
        run = index.evaluate(questions, modes=plan.modes, ks=plan.ks, on_question=tick,
                             with_details=details is not None)
        got = index.evaluate_answers(answer_eval.answered_questions(questions, run), mode=plan.modes[0],
                                     judge=judge_model, on_question=fmt.answers_tick(tick)) if answers else None
    fmt.eval_warnings(run)
    report = {**run.to_dict(), **({"answers": got.to_dict()} if got else {})}
    if details is not None:
        answer_eval.write_eval_details(details, run, got)
    fmt.print_data(report, fmt.render_eval, as_json=as_json)
    failures = ev.threshold_failures(report, plan.thresholds)
    fmt.threshold_failures(failures)
    if failures:
        raise typer.Exit(THRESHOLD_EXIT_CODE)


def say_reading_stdin() -> None:
    """`mrag eval -` typed at a terminal waited for stdin without a word, as
    if it hung (as `mrag ask -` did): what it waits for, on stderr."""
    import sys

    if sys.stdin is not None and sys.stdin.isatty():
        sys.stderr.write("reading the golden set from stdin: paste its JSON lines, then Enter and Ctrl-D "
                         "(or give the file: mrag eval golden.jsonl)\n")
        sys.stderr.flush()


def golden_questions(plan, sample: Optional[int], seed: Optional[int]) -> list:
    """The questions eval asks (--sample's draw), once the golden keys it does
    not read are named on stderr: a misspelt "type" or "answer" is lost otherwise."""
    from minirag_cli import answer_eval
    from minirag_cli import evaluate as ev
    from minirag_cli import format as fmt

    fmt.golden_unknown_keys(ev.unknown_keys(plan.questions))
    return answer_eval.sample_questions(plan.questions, sample, seed or 0)


def check_flags(*, answers: bool, judge: Optional[Path], details: str | Path | None, model: Optional[str] = None,
                sample: Optional[int] = None, seed: Optional[int] = None, golden: str | Path | None = None) -> None:
    """Before the run, what would otherwise do nothing or fail only after it:
    --judge or --model without --answers (they judge and write its answers;
    MRAG_MODEL is no mistake, only the flag), --seed without --sample (it
    draws the sample), a --details path that cannot be written or is the
    golden file itself (the run would end by overwriting it)."""
    from minirag_cli.errors import UsageError
    from minirag_cli.files import STREAM, check_output

    if judge is not None and not answers:
        raise UsageError("--judge judges the answers that --answers writes.",
                         hint="Add --answers (with --model or MRAG_MODEL), or leave --judge out.")
    if model is not None and not answers:
        raise UsageError("--model writes the answers of --answers: without it, eval measures the retrieval "
                         "only and loads no model.",
                         hint="Add --answers to score the model's answers too, or leave --model out.")
    if seed is not None and sample is None:
        raise UsageError("--seed is the random seed of --sample: without --sample every question is asked.",
                         hint="Add --sample N, or leave --seed out.")
    if details is not None:
        check_output(details, what="--details file ")
        # a golden set from stdin (-) is no file to overwrite: a --details file named ./- here is another
        if golden is not None and golden != STREAM and Path(details).resolve() == Path(golden).resolve():
            raise UsageError(f"--details {details} is the golden file: the run would overwrite it.",
                             hint="Write the details to another file, e.g. --details details.jsonl.")
