"""Which lines the answer model reads, measured without the model (issue 14):
every golden question is searched and its sources built as `mrag ask` builds
them (Index.search, then answer.make_sources with the note heads, the notes'
lines and the question embedder), once per variant of AnswerOptions, and
scored by what the sources hold:

- `gold in lines`: content golds (not yes/no, not unanswerable) whose
  answer the sources' text (with their date headers) would score right by
  answer_score's rule (at least half of the gold's content words, numbers
  and dates required, lists by more than half of their items);
- `doc` / `all docs`: answerable questions with one / all of their expected
  notes among the sources;
- `evaluated tokens`: the prompt tokens after the cached prefix, counted
  with the answer model's tokenizer (loaded vocabulary only);
- `candidates`: lines that compete (each is embedded with the question).

Questions the notes' dates answer (order and "when did" questions,
answer.answer_from_dates) never reach the model and are left out. No model call: a variant costs seconds, so the variants
can be compared on the whole dev split before the model runs on the best.

    python -m bench.answer_lines --db LIHUA.sqlite --golden golden-dev.jsonl \\
        --model qwen2.5-coder-1.5b-instruct.gguf --variant base --variant ctx0 --json lines.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
from pathlib import Path

from minirag_cli import answer as ans
from minirag_cli import answer_score as sc
from minirag_cli import evaluate

from bench.answers import VARIANTS


def gold_in(gold, question: str, text: str) -> bool:
    """Would `text`, as an answer, hold the content gold by the rule?"""
    return sc.content_verdict(gold, text, question=question)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.answer_lines", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True)
    ap.add_argument("--golden", required=True)
    ap.add_argument("--model", help="GGUF whose tokenizer counts the tokens (none: no token counts)")
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    ap.add_argument("--limit", type=int, help="the first N questions only")
    ap.add_argument("--json", help="write the figures (and per-question rows) here")
    args = ap.parse_args(argv)
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from minirag_cli.store import note_heads, note_lines

    questions = evaluate.load_golden(args.golden)[:args.limit]
    count = None
    if args.model:
        import llama_cpp

        answerer = ans.Answerer(llama_cpp.Llama(args.model, vocab_only=True, verbose=False))
        prefix = len(answerer.prefix_tokens())

        def count(question: str, sources: list[dict]) -> int:
            return len(answerer.tokens(ans.build_messages(question, sources))) - prefix

    report = {}
    with Index.open(effective({"db": args.db})) as index:
        options = index.retrieval_options()
        embed = index.query_embedder().embed
        searched = []
        events = options.replace(k=ans.EVENT_RESULTS)
        for q in questions:
            result = index.search(q.query, options)
            heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
            if ans.answer_from_dates(result.query, result.results, heads,
                                     lambda t: index.search(t, events).results) is not None:
                continue  # answered from the notes' dates (answer.respond): the model reads no lines
            searched.append((q, result, heads))
        for name in args.variant or ["base"]:
            rows = []
            for q, result, heads in searched:
                opts = VARIANTS[name]
                sources = ans.make_sources(result.query, result.results, note_heads=heads, embed=embed, options=opts,
                                           note_lines=lambda notes: note_lines(index.conn, notes))
                kind = sc.gold_kind(q.answer, q.expected)
                text = "\n".join(f"{s.get('date', '')}\n{s['text']}" for s in sources)
                paths = {s["path"] for s in sources}
                rows.append({"id": q.id, "group": q.group, "kind": kind,
                             "gold_in_lines": gold_in(q.answer, q.query, text) if kind == "content" else None,
                             "doc": bool(paths & set(q.expected)) if q.expected else None,
                             "all_docs": set(q.expected) <= paths if q.expected else None,
                             "lines": sum(len(s["text"].splitlines()) for s in sources), "sources": len(sources),
                             "chars": sum(len(s["text"]) for s in sources),
                             "tokens": count(result.query, sources) if count else None})
            report[name] = {"options": dataclasses.asdict(VARIANTS[name]), **summary(rows), "rows": rows}
            print(row(name, report[name]), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


def summary(rows: list[dict]) -> dict:
    def mean(values):
        values = [v for v in values if v is not None]
        return round(statistics.fmean(values), 4) if values else None

    return {"questions": len(rows),
            "gold_in_lines": mean([r["gold_in_lines"] for r in rows]),
            "gold_in_lines_single": mean([r["gold_in_lines"] for r in rows if r["group"] == "single"]),
            "doc": mean([r["doc"] for r in rows if r["kind"] != "unanswerable"]),
            "all_docs": mean([r["all_docs"] for r in rows if r["kind"] != "unanswerable"]),
            "lines": mean([r["lines"] for r in rows]), "sources": mean([r["sources"] for r in rows]),
            "chars": mean([r["chars"] for r in rows]), "tokens": mean([r["tokens"] for r in rows])}


def row(name: str, s: dict) -> str:
    return (f"| {name} | {s['questions']} | {s['gold_in_lines']} | {s['gold_in_lines_single']} | {s['doc']} | "
            f"{s['all_docs']} | {s['lines']} | {s['sources']} | {s['chars']} | {s['tokens']} |")


if __name__ == "__main__":
    print("| variant | questions | gold in lines | single | doc | all docs | lines | sources | chars | "
          "evaluated tokens |\n" + "|" + " --- |" * 10)
    raise SystemExit(main())
