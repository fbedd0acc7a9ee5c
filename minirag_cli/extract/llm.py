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

`complete` adds what needs no model and drops what the graph cannot use:
small models skip the `Time:` stamp of half the chats and type "tomorrow",
"Sunday" or "2 PM" as dates; the exact dates and chat speakers of the chunk
are added (heuristic.find_dates, heuristic.SPEAKER) and relative times are
dropped. sync applies it to cached answers too, so it needs no new prompt
version.

Answers are decoded PARALLEL at a time (`generate_many`): a second llama.cpp
context holds the prefix once in a KV cache shared by several sequences and
decodes one token of every live answer per pass over the weights, which on
a CPU costs little more than one token (measured 1.8x faster per chunk on
the 1.5B model; BENCHMARKS.md). Outputs can differ from one-at-a-time
decoding in near-ties (batched matrix products round differently); both are
greedy decodes of the same prompt and share the cache.

The model is loaded on the first chunk that is not in the extraction cache:
a re-sync that hits the cache never pays for loading it.
"""

from __future__ import annotations

import json
import re
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
PARALLEL = 4  # answers decoded in one batch (generation is memory-bound: ~4 for the price of 1)
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
    """The chunk as it goes into the prompt: at most MAX_CHUNK_WORDS words
    and MAX_CHUNK_CHARS characters (line breaks kept)."""
    cut = re.match(r"\s*(?:\S+\s+){%d}" % MAX_CHUNK_WORDS, chunk)
    if cut:
        chunk = chunk[:cut.end()]
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
                 max_new_tokens: int = MAX_NEW_TOKENS, prompt_version: str = PROMPT_VERSION,
                 parallel: int | None = None, call_log: str | None = None):
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
        self._decoder: _ParallelDecoder | None = None
        # answers decoded together (see generate_many); $MRAG_PARALLEL overrides
        # (config.environment: make_extractor passes it)
        self.parallel = parallel if parallel is not None else PARALLEL
        # diagnostics: every call (chunk, raw answer, cost) appended as a JSON
        # line ($MRAG_LLM_LOG); bench/llm_extract.py --from-log reads it
        self.call_log = call_log

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
        records = self.generate_many(list(texts))
        return [complete(t, parse_entities(r.raw, t)) for t, r in zip(texts, records)]

    def extract_one(self, text: str) -> tuple[list[EntityMention], CallRecord]:
        record = self.generate(text)
        return complete(text, parse_entities(record.raw, text)), record

    @staticmethod
    def complete(text: str, mentions: list[EntityMention]) -> list[EntityMention]:
        """See `complete` (sync calls this on cached answers as well)."""
        return complete(text, mentions)

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
        answer = _Answer(llm, text, tokens, self.max_new_tokens)
        for tok in llm.generate(tokens, temp=0.0, top_k=1, top_p=1.0, min_p=0.0, repeat_penalty=1.0):
            if answer.push(tok):
                break
        return self._account(text, answer, len(tokens), reused, time.perf_counter() - t0)

    def generate_many(self, texts: Sequence[str]) -> list[CallRecord]:
        """Model calls for several chunks. With `parallel` > 1 up to that many
        answers are decoded together (one pass over the weights yields a token
        for each; generation is memory-bound on a CPU, so it costs little more
        than one), every sequence sharing the prefix's KV cells. Same prompt,
        same greedy decoding and stop rules as `generate`."""
        if self.parallel <= 1 or len(texts) <= 1:
            return [self.generate(t) for t in texts]
        records: list[CallRecord] = []
        for start in range(0, len(texts), self.parallel):
            records.extend(self._generate_parallel(texts[start:start + self.parallel]))
        return records

    def _generate_parallel(self, texts: Sequence[str]) -> list[CallRecord]:
        llm = self.llm
        prefix = self.prefix_tokens()
        decoder = self._decoder
        if decoder is None:
            decoder = self._decoder = _ParallelDecoder(llm, self.parallel, self.n_ctx, self.n_threads)
        prompts = [self.prompt_tokens(t) for t in texts]
        reused_prefix = decoder.set_prefix(prefix)
        answers = [_Answer(llm, t, toks, self.max_new_tokens) for t, toks in zip(texts, prompts)]
        seconds = [0.0] * len(texts)
        reused = []
        live: dict[int, tuple[int, int]] = {}  # slot -> (last token, its position)
        for slot, toks in enumerate(prompts):
            ts = time.perf_counter()
            shared = min(len(prefix), len(toks) - 1) if toks[:len(prefix)] == prefix else 0
            first = decoder.start(slot + 1, toks, shared)
            reused.append(shared)
            if not answers[slot].push(first):
                live[slot] = (first, len(toks))
            seconds[slot] += time.perf_counter() - ts
        while live:
            ts = time.perf_counter()
            slots = list(live)
            nxt = decoder.step([(slot + 1, *live[slot]) for slot in slots])
            share = (time.perf_counter() - ts) / len(slots)
            for slot, tok in zip(slots, nxt):
                seconds[slot] += share
                last, pos = live.pop(slot)
                if not answers[slot].push(tok):
                    live[slot] = (tok, pos + 1)
        if not reused_prefix:  # the prefix was evaluated now: charge it to the first call
            reused[0] = 0
        return [self._account(t, a, len(toks), r, sec)
                for t, a, toks, r, sec in zip(texts, answers, prompts, reused, seconds)]

    def _account(self, text: str, answer: "_Answer", n_prompt: int, reused: int, seconds: float) -> CallRecord:
        reused = max(reused, 0)
        record = CallRecord(n_prompt, reused, n_prompt - reused, len(answer.ids), seconds, answer.stop, answer.text)
        self.model_calls += 1
        self.tokens_in += record.evaluated_tokens
        self.tokens_reused += record.reused_tokens
        self.tokens_out += record.output_tokens
        self.seconds += seconds
        if self.call_log:
            with open(self.call_log, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"chunk": text, **asdict(record)}, ensure_ascii=False) + "\n")
        return record


class _Answer:
    """One answer being generated: its tokens, its text, and the stop rules
    (see the module docstring). `push` returns True when it is finished."""

    def __init__(self, llm, text: str, prompt: list[int], max_new_tokens: int):
        self.llm, self.prompt, self.max_new_tokens = llm, prompt, max_new_tokens
        self.matcher = ChunkMatcher(text)
        self.eog = _eog_checker(llm)
        self.ids: list[int] = []
        self.text = ""
        self.stop = "max-tokens"
        self.off_text = 0

    def push(self, tok: int) -> bool:
        if self.eog(tok):
            self.stop = "eog"
            return True
        self.ids.append(tok)
        self.text = self.llm.detokenize(self.ids, prev_tokens=self.prompt).decode("utf-8", "ignore")
        cut = _stop_index(self.text)
        if cut is not None:
            self.text, self.stop = self.text[:cut], "stop-string"
            return True
        if self.text.endswith("\n"):
            if _repeats_last_line(self.text):
                self.stop = "repeat"
                return True
            self.off_text = self.off_text + 1 if _last_line_off_text(self.text, self.matcher) else 0
            if self.off_text >= MAX_OFF_TEXT_LINES:
                self.stop = "off-text"  # copying the few-shot answers or inventing: the rest is waste
                return True
        return len(self.ids) >= self.max_new_tokens


class _ParallelDecoder:
    """A second llama.cpp context over the same loaded weights, with one KV
    cache shared by several sequences: sequence 0 holds the prompt prefix,
    sequences 1..n copy its cells (no recomputation) and add their chunk;
    `step` decodes one token for every live sequence in one batch. Greedy:
    the argmax of the logits, as the llama.cpp greedy sampler."""

    BATCH = 512

    def __init__(self, llm, n_slots: int, n_ctx: int, n_threads: int | None):
        import llama_cpp as C
        import numpy as np

        from minirag_cli.llm import default_threads

        self.C, self.np = C, np
        params = C.llama_context_default_params()
        # the prefix once plus n_slots prompts (chunk + answer), each within n_ctx
        params.n_ctx = n_ctx * n_slots
        params.n_batch = params.n_ubatch = self.BATCH
        params.n_seq_max = n_slots + 1
        params.kv_unified = True
        params.no_perf = True
        params.n_threads = params.n_threads_batch = n_threads or default_threads()
        self.ctx = C.llama_init_from_model(llm._model.model, params)
        if not self.ctx:
            raise ModelError("llama.cpp could not create a context for parallel decoding.",
                             hint="Set MRAG_PARALLEL=1.")
        self.mem = C.llama_get_memory(self.ctx)
        self.batch = C.llama_batch_init(self.BATCH, 0, n_slots + 1)
        self.n_vocab = C.llama_vocab_n_tokens(llm._model.vocab)
        self.prefix: list[int] = []

    def close(self) -> None:
        if getattr(self, "batch", None) is not None:
            self.C.llama_batch_free(self.batch)
            self.batch = None
        if getattr(self, "ctx", None):
            self.C.llama_free(self.ctx)
            self.ctx = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _decode(self, entries: list[tuple[int, int, int, bool]]) -> None:
        """entries: (token, position, sequence, want logits), at most BATCH."""
        b = self.batch
        b.n_tokens = len(entries)
        for i, (tok, pos, seq, logits) in enumerate(entries):
            b.token[i], b.pos[i], b.n_seq_id[i], b.logits[i] = tok, pos, 1, logits
            b.seq_id[i][0] = seq
        rc = self.C.llama_decode(self.ctx, b)
        if rc != 0:
            raise ModelError(f"llama_decode failed ({rc}) in parallel decoding.", hint="Set MRAG_PARALLEL=1.")

    def _argmax(self, i: int) -> int:
        logits = self.np.ctypeslib.as_array(self.C.llama_get_logits_ith(self.ctx, i), shape=(self.n_vocab,))
        return int(logits.argmax())

    def set_prefix(self, prefix: list[int]) -> bool:
        """Sequence 0 holds `prefix`; True if it already did."""
        if prefix == self.prefix:
            return True
        self.C.llama_memory_clear(self.mem, True)
        for start in range(0, len(prefix), self.BATCH):
            part = prefix[start:start + self.BATCH]
            self._decode([(tok, start + j, 0, False) for j, tok in enumerate(part)])
        self.prefix = list(prefix)
        return False

    def start(self, seq: int, tokens: list[int], shared: int) -> int:
        """Put a prompt in `seq` (its first `shared` tokens are the prefix) and
        return the first answer token."""
        self.C.llama_memory_seq_rm(self.mem, seq, -1, -1)
        if shared:
            self.C.llama_memory_seq_cp(self.mem, 0, seq, 0, shared)
        rest = tokens[shared:]
        for start in range(0, len(rest), self.BATCH):
            part = rest[start:start + self.BATCH]
            last = start + len(part) == len(rest)
            self._decode([(tok, shared + start + j, seq, last and j == len(part) - 1) for j, tok in enumerate(part)])
        return self._argmax(len(rest) - 1 - (len(rest) - 1) // self.BATCH * self.BATCH)

    def step(self, live: list[tuple[int, int, int]]) -> list[int]:
        """live: (sequence, last token, its position) -> the next token of each."""
        self._decode([(tok, pos, seq, True) for seq, tok, pos in live])
        return [self._argmax(i) for i in range(len(live))]


# "tomorrow", "next Sunday", "weekend", "2 PM", "10:00": typed `date` by small
# models, but they name no day and would join unrelated chats in the graph
_RELATIVE_TIME = re.compile(
    r"^(?:(?:this|next|last|every|each|the|on|a)\s+)*(?:today|tonight|tomorrow|yesterday|now|soon|later|"
    r"weekends?|weekdays?|mornings?|afternoons?|evenings?|nights?|noon|midnight|days?|weeks?|months?|years?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)(?:\s+(?:morning|afternoon|evening|night|week|weekend))?$",
    re.IGNORECASE)
_CLOCK = re.compile(r"^(?:at\s+|around\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?$|^\d{1,2}(?:st|nd|rd|th)$",
                    re.IGNORECASE)


def complete(text: str, mentions: list[EntityMention]) -> list[EntityMention]:
    """The model's mentions with relative times dropped, other non-calendar
    "dates" ("Lunar New Year") typed as events, and the chunk's exact dates
    and chat speakers added when the model left them out. Idempotent."""
    from minirag_cli.extract.heuristic import COMMON_WORDS, SPEAKER, find_dates
    from minirag_cli.resolve import normalise_key

    out: list[EntityMention] = []
    keys: set[str] = set()

    def add(m: EntityMention) -> None:
        key = normalise_key(m.name, m.type)
        if key and key not in keys:
            keys.add(key)
            out.append(m)

    for m in mentions:
        if m.type == "date" and not find_dates(m.name):
            if _RELATIVE_TIME.match(m.name.strip()) or _CLOCK.match(m.name.strip()):
                continue
            m = EntityMention(m.name, "event")
        add(m)
    for match in SPEAKER.finditer(text):
        speaker = match.group(1).strip()
        if speaker.lower() not in COMMON_WORDS and len(speaker.split()) <= 4:
            add(EntityMention(speaker, "person"))
    for surface, _iso in find_dates(text):
        add(EntityMention(surface, "date"))
    return out


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

