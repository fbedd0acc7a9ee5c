"""The GGUF extractor: a local model names the things a note talks about.

One model call per *window* of a note, not per chunk: a note of at most
WINDOW_WORDS words is one window; a longer one is split at line ends (and,
inside a very long line, at sentence ends) into windows of WINDOW_WORDS / 2
to WINDOW_WORDS words. Where a long note is cut depends on its lines' own
text (a line whose hash is 0 mod CUT_EVERY ends a window once the window is
long enough), so an edit moves no cut outside the window it touches and an
edited note re-extracts only the windows that changed.

What the model sees is the window as `model_view` rewrites it, of a note
whose code (mdcode.find_code) is blanked: no code, no `Time:`
stamp lines, no chat speaker tags (the note's, heuristic.chat_speakers: a
label line's `Goal:` stays), no emoji, no runs longer than any name.
`complete` adds the exact dates, the chat speakers and the notes
`[[wikilinks]]` name without the model,
so the model neither reads nor repeats them (about a fifth of a LiHua chat's
tokens). The prompt asks only for what the heuristics cannot give: people
named in the text, organizations, places, events, products, works and
topics, one `name | type` per line. (One line per type, `event: jam
session, hot pot`, took fewer output tokens but the model then filled every
type with something and named half as many topics: BENCHMARKS.md.)

Each name is kept only where its text occurs: `parse_entities` drops names
that are not in the window (few-shot names copied into the answer), and
`chunk_mentions` gives each chunk the names of its windows that its own text
holds. The extraction cache (sync.py) keys answers by window text hash ×
model identity × PROMPT_VERSION.

Decoding (`_Batcher`): one llama.cpp context holds the few-shot prefix once
in a KV cache shared by PARALLEL sequences; each decode call packs the next
token of every answer being written together with up to BATCH prompt tokens
of windows being read (continuous batching). A CPU reads the weights once
per call whatever the number of tokens in it, so answer tokens ride along
with prompt tokens instead of paying a pass over the weights each
(BENCHMARKS.md, "LLM extraction (issue 15)"). Greedy: the argmax of the
logits, with one guard (NAMES_IN_TEXT, `_Batcher._choose`): every name the
model writes must be text of its window. When the argmax would leave the
window's text, the answer ends before that line if the name has not begun
(the model wants a name the window lacks: the example's, a paraphrase),
and inside a name the likeliest token that keeps it in the window is taken
("contract renewal" where the text says "contract" becomes "contract").
Before the guard about one name in nine was not in its window (dropped
before the index, but paid for in tokens). Generation stops at the
end-of-turn token, a blank line, the start of a new example, a name written
twice (greedy decoding that repeats loops until the cap), MAX_NEW_TOKENS, or
the guard (without it: MAX_OFF_TEXT names in a row not in the window, or a
name of the example).

The model is loaded on the first window that is not in the extraction
cache: a re-sync that hits the cache never pays for loading it (`preload`
loads it at once: `mrag sync --watch` does, before it watches).
"""

from __future__ import annotations

import json
import re
import threading
import time
import unicodedata
from collections import deque
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Collection, Iterator, Sequence

from minirag_cli.chunking import content_hash
from minirag_cli.errors import ModelError
from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.parse import ChunkMatcher, parse_entities, parse_items
from minirag_cli.frontmatter import OWN
from minirag_cli.text import without_invisibles

# Bump whenever SYSTEM, FEW_SHOT, model_view, the window rules or the decoding
# settings change: it is part of the extraction cache key.
PROMPT_VERSION = "w4"

WINDOW_WORDS = 300  # words of model view per window; 150, 600 and 1000 measured: BENCHMARKS.md "Window size"
CUT_EVERY = 3  # a long note's window may end after a line whose hash is 0 mod this
LONGEST_WORD = 200  # longer runs of non-space characters are images, hashes, minified code
MAX_NEW_TOKENS = 100  # the prompt asks for at most 15 lines (~75 tokens); a longer answer is a loop
MAX_OFF_TEXT = 2  # names in a row that are not in the window: copying the examples or inventing
PARALLEL = 32  # answers decoded together per context (see _Batcher)
BATCH = 256  # tokens per decode call
PREFIX_CTX = 640  # KV cells for the shared prefix
SLOT_CTX = 1024  # KV cells one sequence may take: window (<= ~700 tokens), template, answer
KV_CELLS = 12288  # KV cells per context for the sequences together (~340 MB for a 1.5B model)
NAMES_IN_TEXT = True  # decoding keeps every name the model writes in the window (_Batcher._choose)
TOP_VALID = 10  # tokens tried, most likely first, when the argmax would leave the window's text
STOP_STRINGS = ("\n\n", "Text:", "<|im_end|>", "<|endoftext|>", "</s>")

# the model writes these types; dates and chat speakers come from `complete`
MODEL_TYPES = ("person", "organization", "location", "event", "product", "work", "concept")

SYSTEM = (
    "You list the things a text names or talks about: people, organizations, places, events and "
    "activities (plans, classes, trips, hobbies), products and objects (food, devices, items), works "
    "(books, songs, films, articles), and topics. Write one per line as `name | type`, where type is one of: "
    + ", ".join(MODEL_TYPES) + ". Copy each name exactly as the text writes it. "
    "No dates, no descriptions, no repeats; at most 15 lines."
)

# One worked example: with two, the small model recited the second one's
# names whenever a text had fewer things to name (BENCHMARKS.md); with none,
# it sometimes answered with whole sentences.
FEW_SHOT: tuple[tuple[str, str], ...] = (
    (
        "Are we still on for the pottery class on Saturday? I got tickets for the Blue Harbor concert too.\n"
        "Yes! Bring your sketchbook, I want to show you the watercolor tips from Maria.",
        "pottery class | event\n"
        "Blue Harbor concert | event\n"
        "tickets | product\n"
        "sketchbook | product\n"
        "watercolor | concept\n"
        "Maria | person",
    ),
)


# -- what the model reads --------------------------------------------------------------

_STAMP = re.compile(r"^\s*(?:time|date)\s*:\s*\d{4}-?\d{2}-?\d{2}(?:[_ T]\d{1,2}:\d{2}(?::\d{2})?)?\s*$", re.IGNORECASE)
_LONG_RUN = re.compile(r"\S{%d,}" % (LONGEST_WORD + 1))
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"\S+")


def _is_emoji(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat == "So" or cat == "Cs" or ch in "\u200d\ufe0e\ufe0f\u20e3" or "\U0001f3fb" <= ch <= "\U0001f3ff"


def model_view(text: str, speakers: Collection[str] | None = None) -> str:
    """A piece of a note as the model reads it: date-stamp lines, chat speaker
    tags (`speakers`: its note's chat speakers, heuristic.chat_speakers;
    None: those of `text` read as a note), emoji and over-long runs removed,
    spaces collapsed, empty lines dropped; read, as the heuristic extractor reads a note, without the
    invisible characters pasted text carries (text.without_invisibles:
    "Li\u200bHua" is LiHua, and "\ufeffLi\u200bHua: hi" a speaker's tag).
    A view this changes has another hash, so only its windows miss the
    extraction cache (no PROMPT_VERSION bump; LiHua's views are unchanged:
    its only such characters are emoji joiners, removed with the emoji)."""
    from minirag_cli.extract.heuristic import chat_speakers, speaker_tag

    if speakers is None:
        speakers = chat_speakers(text)
    out = []
    for line in without_invisibles(text).split("\n"):
        if _STAMP.match(line):
            continue
        tag = speaker_tag(line) if speakers else None
        if tag and tag.group(1).strip() in speakers:  # a label line's `Goal:` stays
            line = line[tag.end():]
        if any(ord(c) > 0x2000 for c in line):
            line = "".join(c for c in line if not _is_emoji(c))
        if len(line) > LONGEST_WORD:
            line = _LONG_RUN.sub(" ", line)
        line = " ".join(line.split())
        if line:
            out.append(line)
    return "\n".join(out)


@dataclass(frozen=True)
class Window:
    """A span of a note (characters start..end) and the model view of it."""
    start: int
    end: int
    text: str

    @property
    def hash(self) -> str:
        return content_hash(self.text.encode("utf-8"))

    @property
    def words(self) -> int:
        return len(self.text.split())


def _pieces(text: str, max_words: int) -> Iterator[tuple[int, int]]:
    """Character spans of the lines of `text`; a line longer than max_words
    words is cut at sentence ends, and a sentence that is still too long
    every max_words words."""
    pos = 0
    for line in text.split("\n"):
        start, end = pos, pos + len(line)
        pos = end + 1
        if len(line.split()) <= max_words:
            yield start, end
            continue
        bounds = [0] + [m.end() for m in _SENTENCE_END.finditer(line)] + [len(line)]
        for a, b in zip(bounds, bounds[1:]):
            words = [m.span() for m in _WORD.finditer(line, a, b)]
            for i in range(0, len(words), max_words):
                part = words[i:i + max_words]
                yield start + part[0][0], start + part[-1][1]


def _cut_after(view: str) -> bool:
    return int(content_hash(view.encode("utf-8"))[:8], 16) % CUT_EVERY == 0


def _without_code(text: str, path: str | None = None) -> str:
    """`text` with its code (mdcode.find_code: fenced and raw HTML blocks, code spans, `<code>`
    elements) blanked in place, its line ends kept: the model reads no code, as the heuristic
    extractor names nothing there (heuristic rules 13; a pasted log's `INFO` and its days were the
    model's too, and its tokens the window's). In place, so a window's span stays the note's.
    `path`: the note's, read as the heuristic extractor reads it (readers 6): `%%` opens a comment
    only where Obsidian writes one (mdcode.reads_comments: an Org-mode agenda's `%%(diary-float
    ...)` is text), and an Org-mode, rST or AsciiDoc note's own code blocks are code
    (mdcode.code_kind); None: a Markdown note's."""
    from minirag_cli.extract.mdcode import code_kind, find_code, reads_comments

    code = find_code(text) if path is None else find_code(text, comments=reads_comments(path), kind=code_kind(path))
    if not code:
        return text
    pieces, pos = [], 0
    for k in code:
        pieces.append(text[pos:k.start])
        pieces.append(_NOT_LINE_END.sub(" ", text[k.start:k.end]))
        pos = k.end
    pieces.append(text[pos:])
    return "".join(pieces)


_NOT_LINE_END = re.compile(r"[^\n]")


def note_windows(text: str, max_words: int = WINDOW_WORDS, path: str | None = None) -> list[Window]:
    """The windows of a note (see the module docstring; `path`: the note's, whose kind says what
    is code: _without_code). A note with nothing for the model to read (only a stamp, tags and
    emoji) has none."""
    from minirag_cli.extract.heuristic import chat_speakers

    speakers = chat_speakers(text)  # the note's: a piece is a line or less
    text = _without_code(text, path)
    pieces = []
    for a, b in _pieces(text, max_words):
        view = model_view(text[a:b], speakers)
        if view:
            pieces.append((a, b, view, len(view.split())))
    if not pieces:
        return []
    if sum(p[3] for p in pieces) <= max_words + max_words // 4:
        return [Window(pieces[0][0], pieces[-1][1], "\n".join(p[2] for p in pieces))]
    groups: list[list[tuple]] = [[]]
    words = 0
    for piece in pieces:
        if groups[-1] and words + piece[3] > max_words:
            groups.append([])
            words = 0
        groups[-1].append(piece)
        words += piece[3]
        if words >= max_words // 2 and _cut_after(piece[2]):
            groups.append([])
            words = 0
    groups = [g for g in groups if g]
    # a short tail joins the window before it when the two stay within bounds
    if len(groups) > 1 and sum(p[3] for p in groups[-2] + groups[-1]) <= max_words + max_words // 4 \
            and sum(p[3] for p in groups[-1]) < max_words // 4:
        groups[-2:] = [groups[-2] + groups[-1]]
    return [Window(g[0][0], g[-1][1], "\n".join(p[2] for p in g)) for g in groups]


def chunk_windows(chunk_start: int, chunk_end: int, windows: Sequence[Window]) -> list[int]:
    """Indexes of the windows whose span overlaps the chunk's."""
    return [i for i, w in enumerate(windows) if w.start < chunk_end and chunk_start < w.end]


def chunk_mentions(chunk_text: str, mentions: Sequence[EntityMention], matter=OWN,
                   speakers: Collection[str] | None = None, comments: bool = True) -> list[EntityMention]:
    """The names of a chunk's windows that the chunk's own text holds (first
    type wins), then `complete` (`matter`: the chunk's part of its note's
    front matter; `speakers`: its note's chat speakers; `comments`: does `%%` open a
    comment in its note, mdcode.reads_comments). The text is read as model_view reads it (without
    invisible characters), so the LiHua the model read in "Li\u200bHua" is
    in it."""
    matcher = ChunkMatcher(without_invisibles(chunk_text))
    out, seen = [], set()
    for m in mentions:
        key = m.name.casefold()
        if key not in seen and matcher.contains(m.name):
            seen.add(key)
            out.append(m)
    return complete(chunk_text, out, matter, speakers, comments)


def chat_messages(window_text: str) -> list[dict]:
    messages = [{"role": "system", "content": SYSTEM}]
    for text, answer in FEW_SHOT:
        messages.append({"role": "user", "content": f"Text:\n{text}"})
        messages.append({"role": "assistant", "content": answer})
    messages.append({"role": "user", "content": f"Text:\n{window_text}"})
    return messages


@dataclass
class CallRecord:
    """The cost of one model call (what bench/llm_extract.py reports)."""
    prompt_tokens: int  # the whole prompt
    reused_tokens: int  # the shared prefix, copied in the KV cache (not computed again)
    evaluated_tokens: int  # prompt tokens actually computed for this call
    output_tokens: int
    seconds: float  # this call's share of the decode calls it took part in
    stop_reason: str  # eog | stop-string | repeat | copy | off-text | max-tokens
    raw: str = field(repr=False, default="")


class LlmExtractor:
    """Entity extraction with a local GGUF model (see the module docstring)."""

    def __init__(self, path: Path, identity: str, *, n_threads: int | None = None,
                 max_new_tokens: int = MAX_NEW_TOKENS, prompt_version: str = PROMPT_VERSION,
                 parallel: int | None = None, batch: int | None = None, workers: int | None = None,
                 window_words: int = WINDOW_WORDS, call_log: str | None = None):
        self.path = Path(path)
        self.identity = identity
        self.n_threads, self.max_new_tokens = n_threads, max_new_tokens
        self.prompt_version = prompt_version
        self.window_words = window_words
        self.name = f"llm:{self.path.stem}"
        self.model_calls = 0
        self.tokens_in = 0  # prompt tokens evaluated, the shared prefix excluded
        self.tokens_out = 0
        self.tokens_reused = 0  # prefix tokens each call took from the KV cache
        self.tokens_prefix = 0  # prefix tokens evaluated (once per loaded model)
        self.seconds = 0.0  # time in decode calls
        self.load_seconds = 0.0
        self._llm = None
        self._prefix_tokens: list[int] | None = None
        self._batchers: list[_Batcher] = []
        # answers decoded together per worker, tokens per decode call, workers
        # ($MRAG_PARALLEL, $MRAG_BATCH, $MRAG_WORKERS: make_extractor passes them)
        self.parallel = max(1, parallel or PARALLEL)
        self.batch = max(16, batch or BATCH)
        self._workers = workers or None
        # diagnostics: every call (window, raw answer, cost) appended as a JSON
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
            # the Llama object's own context is not used for decoding (the batcher
            # has its own): keep it small
            self._llm = load_llama(self.path, n_ctx=256, n_threads=self.n_threads)
            self.load_seconds = time.perf_counter() - t0
            self._format = _chat_formatter(self._llm)
        return self._llm

    @property
    def threads(self) -> int:
        """CPU threads in all (--threads, $MRAG_THREADS, else every core)."""
        from minirag_cli.llm import default_threads

        return self.n_threads or default_threads()

    @property
    def workers(self) -> int:
        """Decoding workers, each its own llama.cpp context: by default one
        per thread, each computing with one thread (see `_run_workers`)."""
        return max(1, min(self._workers or self.threads, self.threads))

    @property
    def threads_per_worker(self) -> int:
        return max(1, self.threads // self.workers)

    def prompt_tokens(self, window_text: str) -> list[int]:
        """The whole prompt of a window; a window too long for its KV cells
        (one token per character: not prose) is cut to fit."""
        budget = SLOT_CTX - self.max_new_tokens - 8
        text = window_text
        while True:
            tokens = self._tokenize(chat_messages(text))
            over = len(tokens) - len(self.prefix_tokens()) - budget
            if over <= 0 or not text:
                return tokens
            text = text[: max(0, len(text) - over * 4 - 16)]

    def _tokenize(self, messages: list[dict]) -> list[int]:
        llm = self.llm
        prompt = self._format(messages)
        return llm.tokenize(prompt.encode("utf-8"), add_bos=not _starts_with_bos(llm, prompt), special=True)

    def prefix_tokens(self) -> list[int]:
        """The tokens every prompt starts with (system + few-shot + 'Text:')."""
        if self._prefix_tokens is None:
            a, b = (self._tokenize(chat_messages(t)) for t in ("alpha beta", "zeta omega"))
            n = 0
            while n < min(len(a), len(b)) and a[n] == b[n]:
                n += 1
            self._prefix_tokens = a[:n]
            if len(self._prefix_tokens) >= PREFIX_CTX:
                raise ModelError(f"The prompt prefix takes {n} tokens; {PREFIX_CTX} are reserved.")
        return self._prefix_tokens

    def preload(self) -> None:
        """Load the model and hold the prompt prefix in every decoding
        context now, not on the first window (`mrag sync --watch`: the first
        note saved would wait for it)."""
        self._ready_batchers()

    def _ready_batchers(self) -> list[int]:
        """The decoding contexts made (the model loaded first) and holding the
        prompt prefix; returns the prefix."""
        llm = self.llm
        prefix = self.prefix_tokens()
        if not self._batchers:
            self._batchers = [_Batcher(llm, self.parallel, self.threads_per_worker, self.batch, KV_CELLS)
                              for _ in range(self.workers)]
        for b in self._batchers:
            if not b.set_prefix(prefix):
                self.tokens_prefix += len(prefix)
        return prefix

    # -- extraction ---------------------------------------------------------------------
    def windows(self, text: str, path: str | None = None) -> list[Window]:
        """The windows of the note at `path` whose text is `text` (note_windows)."""
        return note_windows(text, self.window_words, path)

    def extract(self, texts: Sequence[str], matters: Sequence | None = None,
                speakers: Sequence[Collection[str]] | None = None,
                comments: Sequence[bool] | None = None) -> list[list[EntityMention]]:
        """Each text as a note: its windows through the model, then the names
        that occur in it, then `complete` (`matters`: each text's front matter,
        as heuristic.read_front_matter takes it; not given, the block it opens
        with; `speakers`: each text's note's chat speakers, not given its own;
        `comments`: for each, does `%%` open a comment in its note, not given yes)."""
        per_text = [self.windows(t, None if comments is None or comments[j] else "") for j, t in enumerate(texts)]
        flat = [w for ws in per_text for w in ws]
        answers: list[list[EntityMention]] = [[] for _ in flat]
        for i, mentions, _rec in self.run(flat):
            answers[i] = mentions
        out, k = [], 0
        for j, (t, ws) in enumerate(zip(texts, per_text)):
            mentions = [m for a in answers[k:k + len(ws)] for m in a]
            k += len(ws)
            out.append(chunk_mentions(t, mentions, OWN if matters is None else matters[j],
                                      None if speakers is None else speakers[j],
                                      True if comments is None else comments[j]))
        return out

    @staticmethod
    def complete(text: str, mentions: list[EntityMention], matter=OWN,
                 speakers: Collection[str] | None = None, comments: bool = True) -> list[EntityMention]:
        """See `complete` (sync calls this on cached answers as well)."""
        return complete(text, mentions, matter, speakers, comments)

    def run(self, windows: Sequence[Window],
            stop: threading.Event | None = None) -> Iterator[tuple[int, list[EntityMention], CallRecord]]:
        """Model calls for windows, decoded together; yields (index, names in
        the window, cost) as each answer is finished, not in input order.
        Setting `stop` (from another thread: the consumer of a sync's stream,
        extract/stream.py) ends the run after the decode call under way."""
        if not windows:
            return
        llm = self.llm
        prefix = self._ready_batchers()
        queue: deque[_Job] = deque()
        for i, w in enumerate(windows):
            if stop is not None and stop.is_set():
                return  # a whole sync's windows are tokenized here, before the first decode
            tokens = self.prompt_tokens(w.text)
            shared = min(len(prefix), len(tokens) - 1) if tokens[:len(prefix)] == prefix else 0
            queue.append(_Job(i, tokens, shared, _Answer(llm, w.text, tokens, self.max_new_tokens)))
        for job in _run_workers(self._batchers, queue, stop):
            rec = self._account(windows[job.index].text, job)
            yield job.index, parse_entities(rec.raw, windows[job.index].text), rec

    def _account(self, text: str, job: "_Job") -> CallRecord:
        answer = job.answer
        n = len(job.tokens)
        record = CallRecord(n, job.shared, n - job.shared, len(answer.ids), job.seconds, answer.stop, answer.text)
        self.model_calls += 1
        self.tokens_in += record.evaluated_tokens
        self.tokens_reused += record.reused_tokens
        self.tokens_out += record.output_tokens
        self.seconds += job.seconds
        if self.call_log:
            with open(self.call_log, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"window": text, **asdict(record)}, ensure_ascii=False) + "\n")
        return record

    def decode_stats(self) -> dict:
        """Decode calls, tokens per call and tokens per second of decode time,
        over every worker (what the batching achieves)."""
        calls = sum(b.decodes for b in self._batchers)
        tokens = sum(b.decoded for b in self._batchers)
        seconds = sum(b.decode_seconds for b in self._batchers)
        return {"decode_calls": calls, "tokens_per_call": round(tokens / calls, 1) if calls else None,
                "tokens_per_decode_second": round(tokens / seconds, 1) if seconds else None}

    def close(self) -> None:
        for b in self._batchers:
            b.close()
        self._batchers = []


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

    def allows(self, piece: str) -> bool:
        """Does the answer stay a list of names that occur in the window if
        `piece` is written next? Each line's name (before `|`) must be text
        of the window; what follows `|` (the type) is free."""
        lines = (self.line + piece).split("\n")
        for k, line in enumerate(lines):
            name, bar, _type = line.partition("|")
            if bar:
                if name.strip() and not self.matcher.contains(name.strip()):
                    return False
            elif k < len(lines) - 1:  # a finished line without a type: only a blank one
                if line.strip():
                    return False
            elif not self.matcher.starts(name):
                return False
        return True

    @property
    def line(self) -> str:
        """The line being written (after the last newline)."""
        return self.text[self.text.rfind("\n") + 1:]

    def drop_partial_line(self) -> None:
        """End the answer before the line being written (its name is not in the window)."""
        self.text, self.stop = self.text[:len(self.text) - len(self.line)], "off-text"

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
        if self.text.rstrip(" ").endswith(("\n", ",", ";")):
            verdict = _check_items(self.text, self.matcher)
            if verdict:
                self.stop = verdict
                return True
        return len(self.ids) >= self.max_new_tokens


def _few_shot_names() -> frozenset[str]:
    return frozenset(m.name.casefold() for _text, answer in FEW_SHOT for m in parse_items(answer))


def _check_items(out: str, matcher: ChunkMatcher) -> str | None:
    """'repeat' when the last name written was written before, 'copy' when
    it is a name of the few-shot answers that the window does not hold (the
    model has run out of names and recites the examples), 'off-text' when
    the last MAX_OFF_TEXT names are not in the window."""
    items = [m.name.casefold() for m in parse_items(out)]
    if not items:
        return None
    if items[-1] in items[:-1]:
        return "repeat"
    if items[-1] in _few_shot_names() and not matcher.contains(items[-1]):
        return "copy"
    tail = items[-MAX_OFF_TEXT:]
    if len(tail) == MAX_OFF_TEXT and not any(matcher.contains(name) for name in tail):
        return "off-text"
    return None


@dataclass
class _Job:
    index: int
    tokens: list[int]  # the whole prompt
    shared: int  # its first tokens are the prefix, copied from sequence 0
    answer: _Answer
    seq: int = 0
    fed: int = 0  # prompt tokens in the KV cache
    last: int = -1  # the answer token to feed next
    seconds: float = 0.0

    @property
    def reading(self) -> bool:
        return self.fed < len(self.tokens)

    @property
    def cells(self) -> int:
        return len(self.tokens) - self.shared + self.answer.max_new_tokens


class _Batcher:
    """Continuous batching over one llama.cpp context (see the module
    docstring): sequence 0 holds the prompt prefix, sequences 1..n copy its
    cells (no recomputation) and add a window; each decode call carries one
    token of every answer being written and prompt tokens up to `batch`.
    A window starts when a sequence is free and the KV cells its prompt and
    longest answer may take are free (`kv_cells` for all together). Many
    sequences keep the decode calls large: with 8, once all were writing,
    most calls carried 8 tokens (40 on average), and a call costs about the
    same per token only from ~128 tokens up (BENCHMARKS.md)."""

    def __init__(self, llm, n_slots: int, n_threads: int, batch: int, kv_cells: int = KV_CELLS):
        import llama_cpp as C
        import numpy as np

        self.C, self.np = C, np
        self.n_slots, self.n_batch = n_slots, max(batch, n_slots + 1)
        self.cells = max(kv_cells, SLOT_CTX)
        params = C.llama_context_default_params()
        params.n_ctx = PREFIX_CTX + self.cells
        params.n_batch = params.n_ubatch = self.n_batch
        params.n_seq_max = n_slots + 1
        # one KV buffer for all sequences: a stream per sequence (kv_unified off) was not faster,
        # llama.cpp then splits each call per sequence (BENCHMARKS.md, fifth session)
        params.kv_unified = True
        params.no_perf = True
        params.n_threads = params.n_threads_batch = n_threads
        # with one KV buffer llama.cpp takes all its cells as one sequence's context and warns when
        # that exceeds the model's training context (SmolLM2: 8k); no sequence goes past
        # PREFIX_CTX + SLOT_CTX positions, so the warning is silenced when that fits
        quiet = PREFIX_CTX + SLOT_CTX <= C.llama_model_n_ctx_train(llm._model.model)
        with _without_log_line(_CTX_TRAIN_WARNING if quiet else None):
            self.ctx = C.llama_init_from_model(llm._model.model, params)
        if not self.ctx:
            raise ModelError("llama.cpp could not create a context for batched decoding.",
                             hint="Set MRAG_PARALLEL to a smaller number.")
        self.mem = C.llama_get_memory(self.ctx)
        self.batch = C.llama_batch_init(self.n_batch, 0, 1)
        self.n_vocab = C.llama_vocab_n_tokens(llm._model.vocab)
        self.prefix: list[int] = []
        self.llm, self._pieces = llm, {}
        self.names_in_text = NAMES_IN_TEXT
        self.decodes = self.decoded = 0  # decode calls and tokens in them (bench/llm_extract.py)
        self.decode_seconds = 0.0

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
        """entries: (token, position, sequence, want logits), at most n_batch."""
        b = self.batch
        b.n_tokens = len(entries)
        for i, (tok, pos, seq, logits) in enumerate(entries):
            b.token[i], b.pos[i], b.n_seq_id[i], b.logits[i] = tok, pos, 1, logits
            b.seq_id[i][0] = seq
        rc = self.C.llama_decode(self.ctx, b)
        if rc != 0:
            raise ModelError(f"llama_decode failed ({rc}) in batched decoding.",
                             hint="Set MRAG_PARALLEL to a smaller number.")

    def _logits(self, i: int):
        return self.np.ctypeslib.as_array(self.C.llama_get_logits_ith(self.ctx, i), shape=(self.n_vocab,))

    def _argmax(self, i: int) -> int:
        return int(self._logits(i).argmax())

    def _choose(self, i: int, answer: "_Answer") -> int | None:
        """The next token of `answer`: the argmax, unless it would write a
        name the window does not hold (copied from the example, paraphrased,
        invented). Then, inside a name, the best of the TOP_VALID most likely
        tokens that keeps the name in the window; at the start of a name (the
        model wants a name the window lacks), or when none does: None, the
        answer ends before that line."""
        np = self.np
        logits = self._logits(i)
        best = int(logits.argmax())
        if answer.eog(best) or answer.allows(self._piece(best)):
            return best
        if not answer.line.strip():
            return None
        top = np.argpartition(logits, -TOP_VALID)[-TOP_VALID:]
        for tok in top[np.argsort(-logits[top])]:
            tok = int(tok)
            if tok != best and (answer.eog(tok) or answer.allows(self._piece(tok))):
                return tok
        return None

    def _piece(self, tok: int) -> str:
        piece = self._pieces.get(tok)
        if piece is None:
            piece = self._pieces[tok] = self.llm.detokenize([tok]).decode("utf-8", "ignore")
        return piece

    def set_prefix(self, prefix: list[int]) -> bool:
        """Sequence 0 holds `prefix`; True if it already did."""
        if prefix == self.prefix:
            return True
        self.C.llama_memory_clear(self.mem, True)
        for start in range(0, len(prefix), self.n_batch):
            part = prefix[start:start + self.n_batch]
            self._decode([(tok, start + j, 0, False) for j, tok in enumerate(part)])
        self.prefix = list(prefix)
        return False

    def run(self, queue: deque, stop: threading.Event | None = None, share: int | None = None) -> Iterator[_Job]:
        """Decode jobs taken from `queue` (shared with other workers) until it
        is empty; yield each as its answer is finished. At most `share` jobs
        at a time (of its n_slots): see `_run_workers`."""
        slots: list[_Job | None] = [None] * min(self.n_slots, share or self.n_slots)
        used = 0  # KV cells the active jobs may take (prompt after the prefix + longest answer)
        while (queue or any(slots)) and not (stop and stop.is_set()):
            for s in range(len(slots)):
                if slots[s] is None:
                    try:
                        job = queue.popleft()
                    except IndexError:
                        break
                    if used + job.cells > self.cells and any(slots):
                        queue.appendleft(job)  # wait for cells to free up
                        break
                    used += job.cells
                    slots[s] = job
                    job.seq = s + 1
                    self.C.llama_memory_seq_rm(self.mem, job.seq, -1, -1)
                    if job.shared:
                        self.C.llama_memory_seq_cp(self.mem, 0, job.seq, 0, job.shared)
                    job.fed = job.shared
            if not any(slots):
                break
            entries: list[tuple[int, int, int, bool]] = []
            owners: list[_Job] = []
            for job in slots:  # one token of every answer being written
                if job is not None and not job.reading:
                    entries.append((job.last, len(job.tokens) + len(job.answer.ids) - 1, job.seq, True))
                    owners.append(job)
            for job in slots:  # then prompt tokens, up to the batch size
                room = self.n_batch - len(entries)
                if job is None or not job.reading or room <= 0:
                    continue
                take = min(room, len(job.tokens) - job.fed)
                for j in range(job.fed, job.fed + take):
                    entries.append((job.tokens[j], j, job.seq, j == len(job.tokens) - 1))
                    owners.append(job)
                job.fed += take
            t0 = time.perf_counter()
            self._decode(entries)
            spent = time.perf_counter() - t0
            self.decodes, self.decoded, self.decode_seconds = \
                self.decodes + 1, self.decoded + len(entries), self.decode_seconds + spent
            share = spent / len(entries)
            for job in owners:
                job.seconds += share
            for i, (entry, job) in enumerate(zip(entries, owners)):
                if not entry[3]:
                    continue
                tok = self._choose(i, job.answer) if self.names_in_text else self._argmax(i)
                if tok is None:
                    job.answer.drop_partial_line()
                if tok is None or job.answer.push(tok):
                    slots[job.seq - 1] = None
                    used -= job.cells
                    self.C.llama_memory_seq_rm(self.mem, job.seq, -1, -1)
                    yield job
                else:
                    job.last = tok


def _run_workers(batchers: list[_Batcher], queue: deque, stop: threading.Event | None = None) -> Iterator[_Job]:
    """Each batcher decodes in its own thread, taking jobs from one queue
    (ctypes releases the GIL inside llama_decode); finished jobs come back
    to the caller's thread, which writes them. Several one-thread contexts
    instead of one context with several threads: llama.cpp's threads spin at
    a barrier after every operation, so when another process takes one
    core, a two-thread context stalls on it at every layer, while two
    one-thread contexts each keep what they get (BENCHMARKS.md). On
    KeyboardInterrupt, when the generator is closed, or when `stop` is set,
    the workers stop after their current decode call (with several
    workers, `stop` is set when the run ends, whichever way).

    Each worker takes at most its share of the jobs at a time: the first to
    start would otherwise fill all its slots from a short queue (26 windows
    for 32 slots) and leave the others idle: on a 2-core AMD EPYC the second
    worker decoded 49 of 6,226 tokens (BENCHMARKS.md, tenth session)."""
    if len(batchers) == 1:
        yield from batchers[0].run(queue, stop)
        return
    import queue as queue_mod

    done: queue_mod.Queue = queue_mod.Queue()
    stop = stop if stop is not None else threading.Event()
    _END = object()
    share = -(-len(queue) // len(batchers))  # jobs a worker may hold at once

    def work(b: _Batcher) -> None:
        try:
            for job in b.run(queue, stop, share):
                done.put(job)
        except BaseException as exc:  # reported in the caller's thread
            done.put(exc)
        finally:
            done.put(_END)

    threads = [threading.Thread(target=work, args=(b,), daemon=True, name=f"mrag-llm-{i}")
               for i, b in enumerate(batchers)]
    for t in threads:
        t.start()
    running = len(threads)
    try:
        while running:
            item = done.get()
            if item is _END:
                running -= 1
            elif isinstance(item, BaseException):
                raise item
            else:
                yield item
    finally:
        stop.set()
        for t in threads:
            t.join()


# "tomorrow", "next Sunday", "weekend", "2 PM", "10:00": typed `date` by small
# models, but they name no day and would join unrelated chats in the graph
_RELATIVE_TIME = re.compile(
    r"^(?:(?:this|next|last|every|each|the|on|a)\s+)*(?:today|tonight|tomorrow|yesterday|now|soon|later|"
    r"weekends?|weekdays?|mornings?|afternoons?|evenings?|nights?|noon|midnight|days?|weeks?|months?|years?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)(?:\s+(?:morning|afternoon|evening|night|week|weekend))?$",
    re.IGNORECASE)
_CLOCK = re.compile(r"^(?:at\s+|around\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?$|^\d{1,2}(?:st|nd|rd|th)$",
                    re.IGNORECASE)


def complete(text: str, mentions: list[EntityMention], matter=OWN,
             speakers: Collection[str] | None = None, comments: bool = True) -> list[EntityMention]:
    """The model's mentions with relative times and clock times dropped (any
    type), other non-calendar
    "dates" ("Lunar New Year") typed as events, and the chunk's exact dates,
    chat speakers and link targets (`[[Trip to Lisbon]]`, whole: the note's
    name, which sync gives the linked note's first chunk) added when the
    model left them out (a front matter's `Title:` is no speaker; `matter`:
    the front matter `text` holds, as heuristic.read_front_matter takes it;
    a chat speaker is one of `speakers`, its note's, heuristic.chat_speakers;
    None: those of `text` read as a note: a label line's `Goal:` is none).
    `comments`: does `%%` open a comment in the note (mdcode.reads_comments: not
    in an Org-mode agenda, whose dates and links between two `%%` are its own).
    Idempotent. The text is read as the heuristic extractor reads it,
    without the invisible characters pasted text carries
    ("\ufeffLi\u200bHua: hi" is LiHua speaking)."""
    from minirag_cli.extract.heuristic import SPEAKER, chat_speakers, find_dates, link_targets, read_front_matter
    from minirag_cli.extract.mdcode import without_code
    from minirag_cli.resolve import normalise_key
    from minirag_cli.text import SLASHED_DATE

    # as the heuristic extractor reads it (extract_one): a chunk's part of its note's block has its
    # end at an offset into the text as written, so the invisible characters go once the block is read
    own = matter is OWN
    if own:
        text = without_invisibles(text)
    read = read_front_matter(text, matter)[0]
    if not own:
        text, read = without_invisibles(text), without_invisibles(read)

    out: list[EntityMention] = []
    keys: set[str] = set()

    def add(m: EntityMention) -> None:
        key = normalise_key(m.name, m.type)
        if key and key not in keys:
            keys.add(key)
            out.append(m)

    for m in mentions:
        if _RELATIVE_TIME.match(m.name.strip()) or _CLOCK.match(m.name.strip()):
            continue  # whatever its type: "tomorrow | event" would join every chat that says it
        if SLASHED_DATE.fullmatch(m.name.strip()):
            # a bare slashed day, whatever its type (dates7): an ambiguous `05/06/2027` is no date (fixD), and as an
            # event it was keyed `05062027`, one entity for a UK note's 5 June and a US note's May 6; an unambiguous
            # one (`15/05/2027 | event`) is the date
            if not find_dates(m.name):
                continue
            m = EntityMention(m.name, "date")
        if m.type == "date" and not find_dates(m.name):
            m = EntityMention(m.name, "event")
        add(m)
    if speakers is None:
        speakers = chat_speakers(read, None)
    for match in SPEAKER.finditer(read) if speakers else ():
        speaker = match.group(1).strip()
        if speaker in speakers:
            add(EntityMention(speaker, "person"))
    for surface, _iso in find_dates(without_code(text, comments=comments)):  # a log's days in code are no dates of the note
        add(EntityMention(surface, "date"))
    for target in link_targets(text, comments):  # `[[Trip to Lisbon]]`: the note it links to, whole, as the heuristic reads it
        add(target)
    return out


_CTX_TRAIN_WARNING = b"possible training context overflow"


@contextmanager
def _without_log_line(needle: bytes | None):
    """llama.cpp's log lines, less those holding `needle`, while the block runs
    (llama-cpp-python's own log callback handles the rest, as it always does)."""
    if needle is None:
        yield
        return
    import ctypes

    import llama_cpp as C
    from llama_cpp import _logger

    @C.llama_log_callback
    def forward(level, text, user_data):
        if needle not in (text or b""):
            _logger.llama_log_callback(level, text, user_data)

    C.llama_log_set(forward, ctypes.c_void_p(0))
    try:
        yield
    finally:
        C.llama_log_set(_logger.llama_log_callback, ctypes.c_void_p(0))


def _stop_index(out: str) -> int | None:
    hits = [out.find(s) for s in STOP_STRINGS if s in out]
    return min(hits) if hits else None


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
