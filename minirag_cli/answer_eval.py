"""Answer evaluation (`mrag eval GOLDEN --answers`): every question goes
through a search function and an answer function (the same ones `mrag ask`
uses), each answer is scored by the deterministic rule in answer_score, and
the figures are reported per question type, per kind of gold and overall.

Per group:
- `accuracy`: share of answers the rule scores right;
- `declines`: share of answers that decline; on unanswerable questions that
  is their accuracy, on answerable ones `false_declines`;
- `grounded`: share of right answers (of answerable questions) that cite at
  least one source from an expected document;
- `citations_removed`: citations to no listed source, removed before showing;
- `echoed_examples`: answers that held words of the prompt's worked examples
  and no source's, made the decline (answer.withdraw_example_echo);
- `model_answers`: the answers a model wrote (method "model"), the n of the
  four figures below; answers written without a model call are left out of them;
- `seconds_p50` / `seconds_p95` per model answer (as measured when the answer
  was written, cached or not), `first_text_p50`;
- `prompt_tokens` / `evaluated_tokens` / `output_tokens` per model answer (means);
- `judge_accuracy`, with a judge model: its verdicts, beside the rule's.

Model answers are cached (`AnswerCache`, table `answer_cache` of the
index) by question x the retrieved chunks the model reads (ids and text) x
model identity x prompt version x the model's context size, when not the
default (answer.source_key): a re-run, or a re-score after a change to the
rule, costs no model call.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import re
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from minirag_cli import answer_score
from minirag_cli.errors import UsageError
from minirag_cli.evaluate import OVERALL, GoldenQuestion

KIND_GROUPS = {"yesno": "yes/no", "content": "content", "unanswerable": "unanswerable"}


# --------------------------------------------------------------------------- cache


class AnswerCache:
    """Answers by key, in the index's answer_cache table (migration 0003)."""

    def __init__(self, conn):
        self.conn = conn

    def get(self, key: str) -> dict | None:
        from minirag_cli.store import cached_answer

        return cached_answer(self.conn, key)

    def put(self, key: str, *, question: str, chunk_ids: Sequence, model_id: str, prompt_version: str,
            answer: dict) -> None:
        from minirag_cli.store import cache_answer

        cache_answer(self.conn, key, question=question, chunk_ids=chunk_ids, model_id=model_id,
                     prompt_version=prompt_version, answer=answer,
                     created_at=dt.datetime.now(dt.timezone.utc).isoformat())


# --------------------------------------------------------------------------- sampling


def sample_questions(questions: Sequence[GoldenQuestion], n: int | None, seed: int = 0) -> list[GoldenQuestion]:
    """n questions stratified by group (each group in proportion, at least
    one), drawn with a seeded generator; file order is kept. None or 0: all."""
    if n is not None and n < 0:
        from minirag_cli.errors import UsageError

        raise UsageError(f"--sample {n}: expected a number >= 1 (or 0 for every question).")
    if not n or n >= len(questions):
        return list(questions)
    rng = random.Random(seed)
    groups: dict[str, list[GoldenQuestion]] = {}
    for q in questions:
        groups.setdefault(q.group, []).append(q)
    share = {g: max(1, round(n * len(qs) / len(questions))) for g, qs in groups.items()}
    while sum(share.values()) > n and any(v > 1 for v in share.values()):
        share[max(share, key=lambda g: share[g])] -= 1
    # rounding every group down can leave the sample short (3 equal groups, n = 10: 3 + 3 + 3):
    # the groups furthest below their proportion get one more, so --sample N asks N questions
    while sum(share.values()) < n:
        room = [g for g in sorted(groups) if share[g] < len(groups[g])]
        share[max(room, key=lambda g: n * len(groups[g]) / len(questions) - share[g])] += 1
    chosen = {id(q) for g, qs in sorted(groups.items()) for q in rng.sample(qs, min(share[g], len(qs)))}
    return [q for q in questions if id(q) in chosen]


# --------------------------------------------------------------------------- running


@dataclass
class AnswerRecord:
    question: GoldenQuestion
    answer: dict  # text, citations, removed_citations, model, method + stats
    cited_paths: list[str]
    score: answer_score.Score
    grounded: bool
    cached: bool
    judge: bool | None = None

    def detail(self) -> dict:
        q = self.question
        return {"id": q.id, "line": q.line, "type": q.type, "group": q.group, "query": q.query, "gold": q.answer,
                "expected": list(q.expected), "answer": self.answer.get("text", ""),
                "method": self.answer.get("method", "model"), "citations": self.answer.get("citations", []),
                "cited_paths": self.cited_paths, "removed_citations": self.answer.get("removed_citations", []),
                "echoed_example": self.answer.get("echoed_example") or [],
                "kind": self.score.kind, "right": self.score.right, "declined": self.score.declined,
                "why": self.score.detail, "grounded": self.grounded, "judge": self.judge, "cached": self.cached,
                "stats": {k: self.answer.get(k) for k in ("prompt_tokens", "evaluated_tokens", "output_tokens",
                                                          "seconds", "first_text_seconds", "decline_margin",
                                                          "attributed")}}


@dataclass
class AnswersRun:
    records: list[AnswerRecord]
    model: str
    prompt_version: str
    seconds: float
    judge_model: str | None = None
    model_calls: int = 0
    mode: str = ""  # the retrieval mode whose results the answers read (a script tells runs apart by it)

    def to_dict(self) -> dict:
        by_type: dict[str, list[AnswerRecord]] = {OVERALL: list(self.records)}
        by_kind: dict[str, list[AnswerRecord]] = {}
        for r in self.records:
            by_type.setdefault(r.question.group, []).append(r)
            by_kind.setdefault(KIND_GROUPS[r.score.kind], []).append(r)
        out = {
            "model": self.model, "prompt_version": self.prompt_version, "mode": self.mode,
            "questions": len(self.records),
            "model_calls": self.model_calls, "cached": sum(r.cached for r in self.records),
            "groups": {g: summarise(rs, judged=bool(self.judge_model)) for g, rs in _ordered(by_type).items()},
            "kinds": {g: summarise(rs, judged=bool(self.judge_model)) for g, rs in _ordered(by_kind).items()},
            "rule": {"content_share": answer_score.CONTENT_SHARE, "item_share": answer_score.ITEM_SHARE},
            "seconds": round(self.seconds, 3),
        }
        if self.judge_model:
            out["judge"] = self.judge_model
        return out


def _ordered(groups: dict[str, list]) -> dict[str, list]:
    return {g: groups[g] for g in [OVERALL] + sorted(g for g in groups if g != OVERALL) if g in groups}


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(1, min(len(ordered), -(-len(ordered) * q // 100))) - 1], 3)


def _mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 1) if values else None


def summarise(records: Sequence[AnswerRecord], judged: bool = False) -> dict:
    n = len(records)
    answerable = [r for r in records if r.score.kind != "unanswerable"]
    unanswerable = [r for r in records if r.score.kind == "unanswerable"]
    right = [r for r in answerable if r.score.right]
    # the time and token figures are the model's: an answer written without a model call (a date
    # list, a name nothing holds, no source) took no tokens, and counted as 0 it made them look small
    modelled = [r for r in records if r.answer.get("method", "model") == "model"]
    seconds = [r.answer.get("seconds") or 0.0 for r in modelled]
    first = [r.answer["first_text_seconds"] for r in modelled if r.answer.get("first_text_seconds") is not None]

    def share(part: int, whole: int) -> float | None:
        return round(part / whole, 4) if whole else None

    out = {
        "n": n,
        "accuracy": share(sum(r.score.right for r in records), n),
        "declines": share(sum(r.score.declined for r in unanswerable), len(unanswerable)),
        "false_declines": share(sum(r.score.declined for r in answerable), len(answerable)),
        "grounded": share(sum(r.grounded for r in right), len(right)),
        "citations_removed": sum(len(r.answer.get("removed_citations") or []) for r in records),
        "echoed_examples": sum(bool(r.answer.get("echoed_example")) for r in records),
        "seconds_p50": _pct(seconds, 50), "seconds_p95": _pct(seconds, 95), "first_text_p50": _pct(first, 50),
        "model_answers": len(modelled),  # the n of the seconds and tokens figures
        "prompt_tokens": _mean([r.answer.get("prompt_tokens") or 0 for r in modelled]),
        "evaluated_tokens": _mean([r.answer.get("evaluated_tokens") or 0 for r in modelled]),
        "output_tokens": _mean([r.answer.get("output_tokens") or 0 for r in modelled]),
    }
    if judged:  # a verdict that was neither right nor wrong counts in judge_unclear only
        clear = [r for r in records if r.judge is not None]
        out["judge_accuracy"] = share(sum(r.judge for r in clear), len(clear))
        out["judge_agrees"] = share(sum(r.judge == r.score.right for r in clear), len(clear))
        out["judge_unclear"] = n - len(clear)
    return out


# question [, its asking day: a line's "asked_on"] -> retrieve.SearchResult (query, results: rank, chunk_id, ...)
Search = Callable[..., object]
Respond = Callable[[object], dict]  # SearchResult -> answer.Answer.record() (text, citations as ranks, ...)
Judge = Callable[[str, str, str], bool | None]  # (question, gold, answer) -> right?


def evaluate_answers(questions: Sequence[GoldenQuestion], *, search: Search, respond: Respond, model_name: str,
                     prompt_version: str, cache: AnswerCache | None = None, judge: Judge | None = None,
                     judge_model: str | None = None, on_question: Callable[[int, int], None] | None = None,
                     documents=None, mode: str = "") -> AnswersRun:
    """Answer and score every question (Index.evaluate_answers wires the
    index's search and answer in). Caching model answers is the answerer's
    business (answer.Answerer.cache); `cache` keeps the judge's verdicts.
    `documents` (evaluate.IndexedDocuments) tells notes of two synced folders
    with the same relative path apart for "grounded", as retrieval eval does;
    without it cited paths are compared as written. `mode`: the retrieval
    mode `search` runs, reported beside the model."""
    started = time.perf_counter()
    records: list[AnswerRecord] = []
    for i, q in enumerate(questions, start=1):
        # "yesterday" is read only against a line's "asked_on" (askday.py): not against the day eval runs
        result = search(q.query) if q.asked_on is None else search(q.query, q.asked_on)
        try:
            got = respond(result)
        except UsageError as exc:  # the question's own fault (too long for the model): say which line
            raise UsageError(f"line {q.line} ({q.id}): {exc}", hint=f"{exc.hint or ''} The answers written "
                             "so far are cached: a run without this line makes no model call for them.".strip()
                             ) from exc
        by_rank = {r.get("rank", n): r for n, r in enumerate(result.results, start=1)}
        cited = list(dict.fromkeys(by_rank[c]["path"] for c in got.get("citations", []) if c in by_rank))
        s = answer_score.score(q.answer, got.get("text", ""), question=q.query, expected=q.expected)
        grounded = s.right and q.answerable and _cites_expected(q, [by_rank[c] for c in got.get("citations", [])
                                                                       if c in by_rank], documents)
        verdict = None
        if judge is not None:
            verdict = _cached_judge(judge, cache, judge_model or "judge", q, got.get("text", ""))
        records.append(AnswerRecord(q, got, cited, s, grounded, bool(got.get("cached")), verdict))
        if on_question:
            on_question(i, len(questions))
    calls = sum(1 for r in records if r.answer.get("method", "model") == "model" and not r.cached)
    return AnswersRun(records, model_name, prompt_version, time.perf_counter() - started,
                      judge_model=judge_model, model_calls=calls, mode=mode)


def _cites_expected(q: GoldenQuestion, cited_results: Sequence[dict], documents) -> bool:
    """Whether a cited result is a note the golden line expects: by (root,
    path) through `documents` (an ambiguous expected path names none), else
    by relative path."""
    if documents is None:
        return any(r["path"] in q.expected for r in cited_results)
    expected = {key for key in (documents.resolve(p)[0] for p in q.expected) if key is not None}
    return any((r.get("root"), r["path"]) in expected for r in cited_results)


JUDGE_VERSION = "j1"


def _cached_judge(judge: Judge, cache: AnswerCache | None, judge_id: str, q: GoldenQuestion, text: str) -> bool | None:
    gold = "Insufficient information (the notes do not answer it)" if not q.answerable else str(q.answer)
    key = hashlib.blake2b(json.dumps(["judge", q.query, gold, text, judge_id, JUDGE_VERSION]).encode(),
                          digest_size=16).hexdigest()
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit.get("verdict")
    verdict = judge(q.query, gold, text)
    if cache is not None:
        cache.put(key, question=q.query, chunk_ids=[], model_id=judge_id, prompt_version=JUDGE_VERSION,
                  answer={"verdict": verdict})
    return verdict


# --------------------------------------------------------------------------- judge

JUDGE_PROMPT = (
    "You grade answers to questions about someone's notes.\n"
    "Question: {question}\nReference answer: {gold}\nCandidate answer: {answer}\n\n"
    "Does the candidate answer say the same as the reference answer? A candidate that declines is right only "
    "when the reference says the information is missing. Reply with one word: Right or Wrong."
)


def model_judge(llm, max_tokens: int = 4) -> Judge:
    """A local model as judge: its first word, Right or Wrong (None if neither)."""
    from minirag_cli.answer import stream_chat

    def judge(question: str, gold: str, answer: str) -> bool | None:
        messages = [{"role": "user", "content": JUDGE_PROMPT.format(question=question, gold=gold, answer=answer)}]
        out = "".join(stream_chat(llm, messages, max_tokens)).strip().lower()
        m = re.match(r"[\W_]*(right|wrong|correct|incorrect|yes|no)\b", out)
        if not m:
            return None
        return m.group(1) in ("right", "correct", "yes")

    return judge


class LazyJudge:
    """A GGUF judge (model_judge) loaded on its first uncached verdict."""

    def __init__(self, path):
        from minirag_cli.llm import gguf_metadata, model_identity, validate_gguf

        # the hint names --judge: the default one tells to pass --model, which is the other model
        self.path = validate_gguf(path, missing_hint="Check the --judge path (a .gguf file).")
        self.identity = model_identity(self.path, gguf_metadata(self.path))  # a truncated file fails here
        self._judge: Judge | None = None

    def __call__(self, question: str, gold: str, answer: str) -> bool | None:
        if self._judge is None:
            from minirag_cli.answer import load_answer_model

            self._judge = model_judge(load_answer_model(self.path)[0])
        return self._judge(question, gold, answer)


def without_gold(q: GoldenQuestion) -> bool:
    """An answerable question with no gold `answer` to score against (an
    empty gold would count it as unanswerable): --answers leaves it out."""
    return bool(q.expected) and (q.answer is None or not str(q.answer).strip())


def require_gold(questions: Sequence[GoldenQuestion]) -> None:
    """A UsageError when `--answers` would answer none of `questions`: every
    one is answerable and has no gold `answer` (without_gold). Found before
    the model loads; the run would report answers to 0 questions."""
    from minirag_cli.errors import UsageError

    if questions and all(without_gold(q) for q in questions):
        raise UsageError(f"--answers scores a model's answers against each golden line's \"answer\", and none of "
                         f"the {len(questions)} question{'s' * (len(questions) != 1)} has one: it would answer "
                         "nothing.",
                         hint='Add "answer": "..." to the lines (an unanswerable one, expected: [], needs none), '
                              "or leave --answers out to measure the retrieval.")


def answered_questions(questions: Sequence[GoldenQuestion], run) -> list[GoldenQuestion]:
    """The questions `mrag eval` scored (those whose expected paths are all
    unknown to the index are left out: evaluate.EvalRun.excluded), less the
    answerable ones with no gold `answer` (without_gold)."""
    excluded = {e["line"] for e in run.excluded}
    return [q for q in questions if q.line not in excluded and not without_gold(q)]


def write_details(path, records: Sequence[AnswerRecord], retrieval: Sequence[dict] = ()) -> None:
    """One JSON line per question: the answer, its score and, when given, the
    retrieval details of the answering mode (evaluate.EvalRun.details)."""
    from minirag_cli.evaluate import write_details as write_jsonl

    by_line: dict[int, dict] = {}
    for d in retrieval:
        by_line.setdefault(d["line"], d)
    write_jsonl(path, [{**r.detail(), **({"retrieval": by_line[r.question.line]}
                                         if r.question.line in by_line else {})} for r in records])


def write_eval_details(path, run, answers: AnswersRun | None) -> None:
    """`mrag eval --details`: with --answers one line per question (answer,
    score, and the retrieval details of the answering mode), else the
    retrieval details (evaluate.write_details)."""
    from minirag_cli.evaluate import write_details as write_retrieval

    if answers is None:
        write_retrieval(path, run.details)
    else:
        write_details(path, answers.records, run.details)
