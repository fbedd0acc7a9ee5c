#!/usr/bin/env python
"""`mrag` with the LLM extractor at another window size (BENCHMARKS.md,
"Window size"): the product has no knob for it (WINDOW_WORDS is part of what
an extraction cache row means), so this runs the CLI with every
`LlmExtractor` made with `window_words=W`. A window of up to W * 5/4 words
must fit a sequence's KV cells uncut, so SLOT_CTX (a cap per sequence, not
the context's size) is raised to allow 1.6 tokens per word when W needs it.

--heuristic-names also adds the heuristic extractor's names to the model's
in every chunk (BENCHMARKS.md, "The full LiHua index at 150-word windows").

Usage (the 64-note slice into a fresh index, as a timed run does):
    MRAG_LLM_LOG=calls.jsonl python -m bench.sync_window --window-words 600 -- \\
        --db X.sqlite sync SLICE -x llm -m MODEL.gguf --json
    python -m bench.llm_extract --from-log calls.jsonl --notes SLICE --every 1 --window-words 600
    # an LLM index rebuilt from its extraction cache (no model call) with the heuristic's names:
    python -m bench.sync_window --heuristic-names -- --db COPY.sqlite sync NOTES --rebuild -x llm -m MODEL.gguf
"""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack, contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from minirag_cli.extract import llm as llm_mod  # noqa: E402

TOKENS_PER_WORD = 1.6  # LiHua slice: at most 1.24 Qwen tokens per model-view word in a window


def slot_ctx_for(words: int) -> int:
    """KV cells one sequence needs for a window of `words` (at most 5/4 of
    it, see note_windows) and its answer, rounded up to 256."""
    need = int(words * 5 / 4 * TOKENS_PER_WORD) + llm_mod.MAX_NEW_TOKENS + 8
    return max(llm_mod.SLOT_CTX, -(-need // 256) * 256)


@contextmanager
def window_size(words: int):
    """Every LlmExtractor made inside (make_extractor goes through from_path)
    cuts notes into windows of `words`."""
    cls = llm_mod.LlmExtractor
    saved_from_path, saved_slot = cls.__dict__["from_path"], llm_mod.SLOT_CTX
    original = saved_from_path.__func__

    def from_path(klass, path, **kwargs):
        kwargs.setdefault("window_words", words)
        return original(klass, path, **kwargs)

    cls.from_path = classmethod(from_path)
    llm_mod.SLOT_CTX = slot_ctx_for(words)
    try:
        yield
    finally:
        cls.from_path = saved_from_path
        llm_mod.SLOT_CTX = saved_slot


@contextmanager
def heuristic_names():
    """`complete` (which sync runs on every chunk's model names, cached or
    not) also adds the heuristic extractor's names; on a shared key the
    model's type wins, as the model's mentions come first."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.frontmatter import OWN

    saved, heuristic = llm_mod.complete, HeuristicExtractor()

    def complete(text, mentions, matter=OWN, speakers=None, comments=True):  # the chunk's part of its note's
        # front matter, its note's chat speakers, does `%%` open a comment in it
        return saved(text, [*mentions, *heuristic.extract_one(text, matter, speakers, comments)], matter, speakers,
                     comments)

    llm_mod.complete = complete
    try:
        yield
    finally:
        llm_mod.complete = saved


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--window-words", type=int, default=llm_mod.WINDOW_WORDS)
    ap.add_argument("--heuristic-names", action="store_true", help="add the heuristic extractor's names")
    ap.add_argument("mrag_args", nargs=argparse.REMAINDER, help="-- then the mrag command line")
    args = ap.parse_args(argv)
    rest = args.mrag_args[1:] if args.mrag_args[:1] == ["--"] else args.mrag_args
    from minirag_cli import cli

    print(f"window_words={args.window_words} slot_ctx={slot_ctx_for(args.window_words)}"
          f" heuristic_names={args.heuristic_names}", file=sys.stderr)
    sys.argv = ["mrag", *rest]
    with ExitStack() as stack:
        stack.enter_context(window_size(args.window_words))
        if args.heuristic_names:
            stack.enter_context(heuristic_names())
        cli.main()


if __name__ == "__main__":
    main()
