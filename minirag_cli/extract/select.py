"""Choosing the extractor: `auto` uses the GGUF model when one is configured
(--model, $MRAG_MODEL or the config file) and the heuristic one otherwise."""

from __future__ import annotations

from minirag_cli.errors import UsageError
from minirag_cli.extract.heuristic import HeuristicExtractor

EXTRACTORS = ("auto", "heuristic", "llm")


def configured_model(explicit: str | None = None) -> str | None:
    from minirag_cli.config import env_value

    return explicit or env_value("model") or None


def make_extractor(kind: str = "auto", model: str | None = None):
    if kind not in EXTRACTORS:
        raise UsageError(f"Unknown extractor {kind!r}; choose one of {', '.join(EXTRACTORS)}.")
    model = configured_model(model)
    if kind == "heuristic" or (kind == "auto" and not model):
        return HeuristicExtractor()
    if not model:
        raise UsageError("The llm extractor needs a GGUF model.",
                         hint="Pass --model PATH.gguf or set MRAG_MODEL (see `mrag model --help`).")
    from minirag_cli.extract.llm import LlmExtractor

    from minirag_cli.config import environment

    env = environment()
    # every tuning number read now: a bad MRAG_THREADS stops the sync before any work, not when
    # the model loads in the extraction thread
    return LlmExtractor.from_path(model, n_threads=env.threads, parallel=env.parallel, batch=env.batch,
                                  workers=env.workers, call_log=env.llm_log)


def describe_choice(extractor, settings=None) -> str:
    """One line for stderr: the extractor used and, for `auto`, why."""
    kind = getattr(settings, "extractor", "auto") if settings is not None else "auto"
    if kind != "auto":
        return extractor.name
    if extractor.name == "heuristic":
        return "heuristic (auto: no model configured; --model or MRAG_MODEL selects the llm extractor)"
    source = settings.source("model") if settings is not None and hasattr(settings, "source") else "configured"
    return f"{extractor.name} (auto: model from {source})"
