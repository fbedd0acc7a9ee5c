"""The GGUF extractor: a local model names the entities of each chunk.

One prompt per chunk, built from the model's own chat template: a system
message and two few-shot turns that are byte-identical for every chunk, then
the chunk. llama-cpp-python keeps the KV state of the previous prompt and
re-evaluates only what follows the longest common token prefix, so after the
first chunk the fixed prefix costs nothing (`tokens_reused` counts it;
`tokens_in` counts only the prompt tokens really evaluated).

The model answers `name | type` lines. Generation stops at the end-of-turn
token, a blank line, the start of a new example, a repeated line (greedy
decoding that repeats a line loops until the cap), two lines in a row naming
nothing in the chunk (a small model copying the few-shot answers goes on
copying them) or MAX_NEW_TOKENS.
parse.parse_entities turns the text into mentions and drops names that do
not occur in the chunk (few-shot names copied into answers).

The model is loaded on the first chunk that is not in the extraction cache:
a re-sync that hits the cache never pays for loading it.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from minirag_cli.errors import ModelError
from minirag_cli.extract.base import ENTITY_TYPES, EntityMention
from minirag_cli.extract.parse import ChunkMatcher, clean_name, parse_entities, split_line

# Bump whenever SYSTEM, FEW_SHOT, the chunk framing or the decoding settings
# change: it is part of the extraction cache key.
PROMPT_VERSION = "p1"

MAX_NEW_TOKENS = 128  # ~15-20 `name | type` lines; a longer answer is a loop
MAX_CHUNK_WORDS = 150  # chunks are ~120 tokens; longer texts are cut for the prompt
MAX_CHUNK_CHARS = 1500
N_CTX = 2048  # prefix (~450) + chunk (<=~400) + answer (128) fits with room to spare
MAX_OFF_TEXT_LINES = 2  # consecutive answer lines naming nothing in the chunk
STOP_STRINGS = ("\n\n", "Text:", "<|im_end|>", "<|endoftext|>", "</s>")

SYSTEM = (
    "You list the named things and key topics in a text: people, organizations, places, events and "
    "activities (plans, classes, trips, hobbies), products and objects, works (books, songs, films, "
    "articles), concepts and topics, and dates. Write one per line as `name | type`, where type is one of: "
    + ", ".join(ENTITY_TYPES) + ". Copy each name exactly as it is written in the text. "
    "No descriptions, no explanations, no repeats; at most 15 lines."
)

FEW_SHOT: tuple[tuple[str, str], ...] = (
    (
        "Time: 20250312_09:30\n"
        "MariaLopez: Morning Tom! Are we still on for the pottery class at Clayworks on Saturday?\n"
        "TomBaker: Yes! I also got tickets for the Blue Harbor concert. Bring your sketchbook, "
        "I want to show you the watercolor tips from \"Light and Shade\".",
        "MariaLopez | person\n"
        "TomBaker | person\n"
        "20250312 | date\n"
        "pottery class | event\n"
        "Clayworks | organization\n"
        "Saturday | date\n"
        "Blue Harbor concert | event\n"
        "sketchbook | product\n"
        "watercolor | concept\n"
        "Light and Shade | work",
    ),
    (
        "Meeting notes, Q3 planning. Priya from Northwind Labs presented the new sensor prototype. "
        "We agreed to move the launch to Berlin in October and to read \"Thinking in Systems\" "
        "before the retreat. Main risks: battery life and supplier delays.",
        "Priya | person\n"
        "Northwind Labs | organization\n"
        "sensor prototype | product\n"
        "launch | event\n"
        "Berlin | location\n"
        "October | date\n"
        "Thinking in Systems | work\n"
        "retreat | event\n"
        "battery life | concept\n"
        "supplier delays | concept",
    ),
)

def prompt_text(chunk: str) -> str:
    """The chunk as it goes into the prompt: at most MAX_CHUNK_WORDS words."""
    words = chunk.split(" ")
    if len(words) > MAX_CHUNK_WORDS:
        chunk = " ".join(words[:MAX_CHUNK_WORDS])
    return chunk[:MAX_CHUNK_CHARS].strip()


def chat_messages(chunk: str) -> list[dict]:
    messages = [{"role": "system", "content": SYSTEM}]
    for text, answer in FEW_SHOT:
        messages.append({"role": "user", "content": f"Text:\n{text}"})
        messages.append({"role": "assistant", "content": answer})
    messages.append({"role": "user", "content": f"Text:\n{chunk}"})
    return messages


@dataclass
class CallRecord:
    """The cost of one model call (what bench/llm_extract.py reports)."""
    prompt_tokens: int  # the whole prompt
    reused_tokens: int  # served from the KV state of the previous call
    evaluated_tokens: int  # prompt tokens actually computed
    output_tokens: int
    seconds: float
    stop_reason: str  # eog | stop-string | repeat | off-text | max-tokens
    raw: str = field(repr=False, default="")


class LlmExtractor:
    """Entity extraction with a local GGUF model (see the module docstring)."""

    def __init__(self, path: Path, identity: str, *, n_ctx: int = N_CTX, n_threads: int | None = None,
                 max_new_tokens: int = MAX_NEW_TOKENS, prompt_version: str = PROMPT_VERSION):
        self.path = Path(path)
        self.identity = identity
        self.n_ctx, self.n_threads, self.max_new_tokens = n_ctx, n_threads, max_new_tokens
        self.prompt_version = prompt_version
        self.name = f"llm:{self.path.stem}"
        self.model_calls = 0
        self.tokens_in = 0  # prompt tokens evaluated (the reused prefix excluded)
        self.tokens_out = 0
        self.tokens_reused = 0
        self.seconds = 0.0
        self.load_seconds = 0.0
        self._llm = None
        self._prefix_tokens: list[int] | None = None
        # diagnostics: every call (chunk, raw answer, cost) appended as a JSON
        # line; bench/llm_extract.py --from-log reads it
        self.call_log = os.environ.get("MRAG_LLM_LOG") or None

    @property
    def cache_id(self) -> str:
        return f"{self.identity}@{self.prompt_version}"

    @classmethod
    def from_path(cls, path, **kwargs) -> "LlmExtractor":
        """Validate the file now (missing, unreadable, not GGUF, truncated
        header: a clear ModelError before any work starts); load it later."""
        from minirag_cli.llm import gguf_metadata, model_identity

        meta = gguf_metadata(path)  # parses the header: a truncated or corrupt file fails here
        return cls(Path(path).expanduser(), model_identity(path, meta), **kwargs)

    # -- model --------------------------------------------------------------------------
    @property
    def llm(self):
        if self._llm is None:
            from minirag_cli.llm import load_llama

            t0 = time.perf_counter()
            self._llm = load_llama(self.path, n_ctx=self.n_ctx, n_threads=self.n_threads)
            self.load_seconds = time.perf_counter() - t0
            self._format = _chat_formatter(self._llm)
        return self._llm

    def prompt_tokens(self, chunk: str) -> list[int]:
        llm = self.llm
        prompt = self._format(chat_messages(prompt_text(chunk)))
        tokens = llm.tokenize(prompt.encode("utf-8"), add_bos=not _starts_with_bos(llm, prompt), special=True)
        budget = self.n_ctx - self.max_new_tokens - 1
        if len(tokens) > budget:  # only a pathological chunk (one token per char) gets here
            raise ModelError(f"A chunk needs {len(tokens)} prompt tokens; the context holds {budget}.",
                             hint="Use a smaller --chunk-tokens.")
        return tokens

    def prefix_tokens(self) -> list[int]:
        """The tokens every prompt starts with (system + few-shot + 'Text:')."""
        if self._prefix_tokens is None:
            a, b = self.prompt_tokens("alpha beta"), self.prompt_tokens("zeta omega")
            n = 0
            while n < min(len(a), len(b)) and a[n] == b[n]:
                n += 1
            self._prefix_tokens = a[:n]
        return self._prefix_tokens

    # -- extraction ---------------------------------------------------------------------
    def extract(self, texts: Sequence[str]) -> list[list[EntityMention]]:
        return [self.extract_one(t)[0] for t in texts]

    def extract_one(self, text: str) -> tuple[list[EntityMention], CallRecord]:
        record = self.generate(text)
        return parse_entities(record.raw, text), record

    def generate(self, text: str) -> CallRecord:
        """One model call: the raw answer and what it cost."""
        llm = self.llm
        tokens = self.prompt_tokens(text)
        t0 = time.perf_counter()
        # what llama-cpp-python will reuse from the previous call's KV state
        # (the same longest-common-prefix rule as Llama.generate)
        cached = list(llm.input_ids[: llm.n_tokens])
        reused = 0
        for a, b in zip(cached, tokens):
            if a != b:
                break
            reused += 1
        reused = min(reused, len(tokens) - 1)
        out_ids: list[int] = []
        out = ""
        stop_reason = "max-tokens"
        eog = _eog_checker(llm)
        matcher = ChunkMatcher(text)
        off_text = 0
        for tok in llm.generate(tokens, temp=0.0, top_k=1, top_p=1.0, min_p=0.0, repeat_penalty=1.0):
            if eog(tok):
                stop_reason = "eog"
                break
            out_ids.append(tok)
            out = llm.detokenize(out_ids, prev_tokens=tokens).decode("utf-8", "ignore")
            cut = _stop_index(out)
            if cut is not None:
                out, stop_reason = out[:cut], "stop-string"
                break
            if out.endswith("\n"):
                if _repeats_last_line(out):
                    stop_reason = "repeat"
                    break
                off_text = off_text + 1 if _last_line_off_text(out, matcher) else 0
                if off_text >= MAX_OFF_TEXT_LINES:
                    stop_reason = "off-text"  # copying the few-shot answers or inventing: the rest is waste
                    break
            if len(out_ids) >= self.max_new_tokens:
                break
        seconds = time.perf_counter() - t0
        record = CallRecord(len(tokens), max(reused, 0), len(tokens) - max(reused, 0), len(out_ids),
                            seconds, stop_reason, out)
        self.model_calls += 1
        self.tokens_in += record.evaluated_tokens
        self.tokens_reused += record.reused_tokens
        self.tokens_out += record.output_tokens
        self.seconds += seconds
        if self.call_log:
            with open(self.call_log, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"chunk": text, **asdict(record)}, ensure_ascii=False) + "\n")
        return record


def _stop_index(out: str) -> int | None:
    hits = [out.find(s) for s in STOP_STRINGS if s in out]
    return min(hits) if hits else None


def _last_line_off_text(out: str, matcher: ChunkMatcher) -> bool:
    """Is the answer's last complete line a name that is not in the chunk?"""
    lines = [ln for ln in out.split("\n") if ln.strip()]
    parsed = split_line(lines[-1]) if lines else None
    if parsed is None:
        return False
    name = clean_name(parsed[0])
    return bool(name) and not matcher.contains(name)


def _repeats_last_line(out: str) -> bool:
    lines = [ln.strip().casefold() for ln in out.split("\n") if ln.strip()]
    return len(lines) >= 2 and lines[-1] in lines[:-1]


def _eog_checker(llm):
    try:
        import llama_cpp

        vocab = llm._model.vocab
        return lambda tok: bool(llama_cpp.llama_vocab_is_eog(vocab, tok))
    except Exception:  # an older binding: the end-of-sequence token only
        eos = llm.token_eos()
        return lambda tok: tok == eos


def _starts_with_bos(llm, prompt: str) -> bool:
    bos = llm.token_bos()
    if bos < 0:
        return True  # nothing to add
    text = llm.detokenize([bos], special=True).decode("utf-8", "ignore")
    return bool(text) and prompt.startswith(text)


def _chat_formatter(llm):
    """messages -> prompt string, with the chat template stored in the GGUF
    (ChatML when the file has none)."""
    template = llm.metadata.get("tokenizer.chat_template")
    if template:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        def special(tok: int) -> str:
            return llm.detokenize([tok], special=True).decode("utf-8", "ignore") if tok >= 0 else ""

        fmt = Jinja2ChatFormatter(template=template, eos_token=special(llm.token_eos()),
                                  bos_token=special(llm.token_bos()), add_generation_prompt=True)
        return lambda messages: fmt(messages=messages).prompt

    def chatml(messages: list[dict]) -> str:
        body = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
        return body + "<|im_start|>assistant\n"

    return chatml

