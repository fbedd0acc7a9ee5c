"""bench.ask_latency's reading of an `mrag ask -i` output: where each
question begins (its rule header), when its first answer word and the next
question's header were read."""

from __future__ import annotations

import pytest

from bench.ask_latency import session_runs

RULE = "─" * 10


def _output(parts: list[str]) -> bytes:
    return "".join(parts).encode()


def test_each_question_is_timed_from_its_header_to_its_first_word_and_the_next_header():
    parts = [f"{RULE} q1 {RULE}\n 1. a.md:1-2  score 0.9\n\nAnswer\n", "Yes [1].\n",
             f"\n{RULE} q2 {RULE}\n 1. b.md:1-2  score 0.8\n\nAnswer\n", "  The notes", " do not say.\n"]
    out = _output(parts)
    sizes = [len(_output(parts[:i + 1])) for i in range(len(parts))]
    events = list(zip([1.0, 4.0, 5.0, 9.5, 10.0], sizes))
    runs = session_runs(out, events, 12.0, ["q1", "q2"])
    assert [r["first_word"] for r in runs] == [3.0, 4.5]  # q2: its header at 5.0, "The" at 9.5
    assert [r["wall"] for r in runs] == [4.0, 7.0]  # q1 ends when q2's header is read; q2 at the end
    assert [r["answer"] for r in runs] == ["Yes [1].", "The notes do not say."]


def test_a_question_without_an_answer_has_no_first_word_and_headers_must_match():
    out = _output([f"{RULE} q1 {RULE}\n 1. a.md:1-2  score 0.9\n"])
    runs = session_runs(out, [(2.0, len(out))], 2.5, ["q1"])
    assert runs[0]["first_word"] is None and runs[0]["wall"] == 0.5
    with pytest.raises(RuntimeError, match="1 question headers"):
        session_runs(out, [(2.0, len(out))], 2.5, ["q1", "q2"])
