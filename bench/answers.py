"""Answer experiments (issue 14): run the answer pipeline over a golden set
with one or several variants of AnswerOptions, score each by the rule in
minirag_cli.answer_score and print a Markdown row per variant (accuracy per
type and kind, declines, grounded, seconds and tokens per answer).

Everything goes through Index.evaluate_answers (what `mrag eval --answers`
runs). Model answers are cached in the index (answer_cache) by question x
the sources the model reads x model x prompt version: re-running a variant,
re-scoring after a rule change, or a variant that only changes what happens
without the model (order questions from dates) costs no model call.

    python -m bench.answers --db LIHUA.sqlite --golden golden-dev.jsonl \\
        --model qwen2.5-coder-1.5b-instruct.gguf --per-group single=30,multi=10,unanswerable=10 --seed 1 \\
        --variant base --variant lines5 --details exp/d
    python -m bench.answers --sweep exp/d.base.jsonl     # what a decline bias would give, from one run
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from minirag_cli import answer_eval, evaluate
from minirag_cli.answer import AnswerOptions

VARIANTS: dict[str, AnswerOptions] = {
    "whole5": AnswerOptions(lines=None, max_sources=5, order_from_dates=False, when_from_dates=False, label="whole5"),
    "lines5-noshot": AnswerOptions(order_from_dates=False, when_from_dates=False, few_shot=False, label="lines5-noshot"),
    "lines5": AnswerOptions(order_from_dates=False, when_from_dates=False, label="lines5"),
    "lines3": AnswerOptions(lines=3, label="lines3"),
    "lines7": AnswerOptions(lines=7, label="lines7"),
    "base": AnswerOptions(label="base"),  # lines5 + order and "when did" questions answered from the notes' dates
    "nowhen": AnswerOptions(when_from_dates=False, label="nowhen"),  # base before the "when did" rule
    "nonames": AnswerOptions(names_check=False, label="nonames"),  # base before the unheld-names decline
    # which lines compete (BENCHMARKS "Which lines the model reads"): whole note lines around the chunk
    "ctx0": AnswerOptions(context=0, label="ctx0"),  # the chunk's lines made whole, the next line from the note
    "ctx0-l4": AnswerOptions(context=0, lines=4, label="ctx0-l4"),
    # the question also before the sources (twelfth session)
    "qfirst": AnswerOptions(question_first=True, label="qfirst"),
    "bestlast": AnswerOptions(best_last=True, label="bestlast"),  # the best source next to the question
    "noday": AnswerOptions(day_notes=False, label="noday"),  # base before the "on <day>" lines (thirteenth session)
    # the notes' own words favoured in decoding (thirteenth session, not adopted)
    "copy1": AnswerOptions(copy_bias=1.0, label="copy1"),
    "copy2": AnswerOptions(copy_bias=2.0, label="copy2"),
    # questions that ask for several things read otherwise (answer.LIST_READINGS; not adopted)
    **{f"several-{name}": AnswerOptions(lists=name, label=f"several-{name}") for name in ("s1", "s2", "s3")},
}


def pick_questions(args) -> list:
    questions = evaluate.load_golden(args.golden)
    if not args.per_group:
        return answer_eval.sample_questions(questions, args.sample, args.seed)
    import random  # e.g. single=30,multi=10,unanswerable=10: more of the rare groups than a stratified sample

    rng, keep = random.Random(args.seed), set()
    for part in args.per_group.split(","):
        group, n = part.split("=")
        pool = [q.id for q in questions if q.group == group]
        keep.update(rng.sample(pool, min(int(n), len(pool))))
    return [q for q in questions if q.id in keep]


def run(args) -> list[dict]:
    from minirag_cli.config import effective
    from minirag_cli.index import Index

    questions = pick_questions(args)
    rows = []
    with Index.open(effective({"db": args.db, "model": args.model})) as index:
        for name in args.variant:
            options = dataclasses.replace(VARIANTS[name], decline_bias=args.decline_bias)
            started = time.perf_counter()

            def tick(done: int, total: int) -> None:
                print(f"  {name}: {done}/{total} ({time.perf_counter() - started:.0f} s)", file=sys.stderr,
                      flush=True)

            got = index.evaluate_answers(questions, answer_options=options, on_question=tick)
            report = got.to_dict()
            report["variant"] = name
            report["options"] = dataclasses.asdict(options)
            rows.append(report)
            if args.details:
                answer_eval.write_details(Path(args.details).with_suffix(f".{name}.jsonl"), got.records)
            print(row(report), flush=True)
    return rows


HEADER = ("| variant | overall | single | multi | yes/no | unanswerable (declines) | false declines | grounded | "
          "s/answer p50 | p95 | prompt tok | evaluated tok | output tok |\n" + "|" + " --- |" * 13)


def _f(x) -> str:
    return "–" if x is None else f"{x:.3f}" if isinstance(x, float) else str(x)


def row(report: dict) -> str:
    g, k = report["groups"], report["kinds"]
    o = g["overall"]
    return (f"| {report['variant']} | {_f(o['accuracy'])} | {_f(g.get('single', {}).get('accuracy'))} | "
            f"{_f(g.get('multi', {}).get('accuracy'))} | {_f(k.get('yes/no', {}).get('accuracy'))} | "
            f"{_f(k.get('unanswerable', {}).get('declines'))} | {_f(o['false_declines'])} | {_f(o['grounded'])} | "
            f"{_f(o['seconds_p50'])} | {_f(o['seconds_p95'])} | {_f(o['prompt_tokens'])} | "
            f"{_f(o['evaluated_tokens'])} | {_f(o['output_tokens'])} |")


def sweep_decline_bias(details: Path, biases: list[float]) -> None:
    """What a decline bias b would give, from one run's details (made with
    b = 0): an answer whose first-token margin m has m + b > 0 becomes the
    decline; any other answer is what greedy decoding wrote (its first token
    is the same). Printed as rows of the table above."""
    from minirag_cli import answer_score
    from minirag_cli.answer import DECLINE

    rows = [json.loads(line) for line in details.read_text().splitlines() if line.strip()]
    print("| decline bias | overall | answerable right | declines (unanswerable) | false declines |\n"
          "| --- | --- | --- | --- | --- |")
    for b in biases:
        right = declined_null = nulls = false_declines = answerable = answerable_right = 0
        for r in rows:
            m = (r.get("stats") or {}).get("decline_margin")
            text = DECLINE if (m is not None and m + b > 0) else r["answer"]
            s = answer_score.score(r["gold"], text, question=r["query"], expected=r["expected"] or [])
            right += s.right
            if s.kind == "unanswerable":
                nulls += 1
                declined_null += s.declined
            else:
                answerable += 1
                answerable_right += s.right
                false_declines += s.declined
        print(f"| {b:g} | {right / len(rows):.3f} | {answerable_right / max(1, answerable):.3f} | "
              f"{declined_null / max(1, nulls):.3f} | {false_declines / max(1, answerable):.3f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.answers", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db")
    ap.add_argument("--golden")
    ap.add_argument("--model")
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS), default=None)
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-group", help="GROUP=N,...: a sample with N questions of each group")
    ap.add_argument("--decline-bias", type=float, default=AnswerOptions().decline_bias)
    ap.add_argument("--details", help="per-question JSON Lines (one file per variant)")
    ap.add_argument("--json", help="write the reports here")
    ap.add_argument("--sweep", type=Path, help="only print the decline-bias sweep of this details file")
    args = ap.parse_args(argv)
    if args.sweep:
        sweep_decline_bias(args.sweep, [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5])
        return 0
    args.variant = args.variant or ["base"]
    print(HEADER)
    rows = run(args)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
