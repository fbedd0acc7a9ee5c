"""Retrieval evaluation (`mrag eval`): golden-file loading, document-level
metrics, and the loop that runs every question through the same
`retrieve.search` that `mrag ask` uses, for one or several modes.

Scoring is at document level: `search` ranks chunks, and a document's rank is
the rank of its best chunk. Per question:

- recall@k  = |expected ∩ top-k documents| / |expected|  (expected paths deduplicated)
- hit@k     = 1 if any expected document is in the top k, else 0
- RR        = 1 / rank of the first expected document within the top max(k), else 0

Groups are `overall` (every answerable question), one per `type` value
(`untyped` when a line has none) and `unanswerable` (empty `expected`: counted
in `n`, never in recall). Expected paths the index does not hold are left out
of scoring and listed in `unknown_paths`; a question all of whose paths are
unknown is listed in `excluded` instead of scoring zero.

Documents are told apart by (root, path): an index of several synced folders
may hold the same relative path twice (a/notes/x.md and b/notes/x.md are both
`x.md`). A relative expected path held under one root only names that note; one
held under several is listed in `ambiguous_paths` and left out of scoring like
an unknown path (counting either note as the hit would score a note the golden
set never named); a golden line names one of them by its full path, the root
joined with the relative path (`/home/me/b/notes/x.md`).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from minirag_cli.errors import GoldenFileError, MragError, UsageError
from minirag_cli.files import STREAM  # the str "-", never Path("-") (the CLI's `./-`: the file named -)
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import holds_a_word, without_notion_ids

DEFAULT_KS = (1, 5, 10, 20)
OVERALL = "overall"
UNTYPED = "untyped"
UNANSWERABLE = "unanswerable"
# Chunks requested per question = CHUNKS_PER_DOC * max(k): several chunks of one
# document collapse into a single document rank, so ask for more than k.
CHUNKS_PER_DOC = 5
MAX_REPORTED_ERRORS = 20
MAX_QUESTION_CHARS = RetrievalOptions.max_question_chars  # retrieve.check_question's limit
GOLDEN_KEYS = ("id", "query", "expected", "type", "answer", "asked_on")  # what a golden line may say


# --------------------------------------------------------------------------- golden file


@dataclass(frozen=True)
class GoldenQuestion:
    line: int  # 1-based line number in the golden file
    id: str
    query: str
    expected: tuple[str, ...]  # normalised, deduplicated, in file order
    type: str | None = None
    answer: object = None
    # keys of the line that are none of GOLDEN_KEYS: read by nothing (`"Type": "single"` would
    # group the question as untyped without a word), so the CLI names them
    unknown_keys: tuple[str, ...] = ()
    # the day the question is asked on ("asked_on": "2026-05-03"): "yesterday" in it is read against it
    # (askday.py); None: read as words, so that the figures do not depend on the day eval runs
    asked_on: object = None  # datetime.date

    @property
    def answerable(self) -> bool:
        return bool(self.expected)

    @property
    def group(self) -> str:
        if not self.expected:
            return UNANSWERABLE
        return self.type or UNTYPED


def normalise_path(path: str) -> str:
    """Golden paths are relative to the synced root, '/'-separated."""
    p = path.strip().replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    return p


def parse_golden_lines(lines: Iterable[str], source: str = "golden file") -> list[GoldenQuestion]:
    """Parse JSON Lines into questions. Every problem is collected with its
    line number and raised together as one GoldenFileError."""
    questions: list[GoldenQuestion] = []
    errors: list[str] = []
    seen_ids: dict[str, int] = {}
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            errors.append(f"line {lineno}: not valid JSON ({exc.msg} at column {exc.colno})")
            continue
        if not isinstance(obj, dict):
            errors.append(f"line {lineno}: expected a JSON object, got {type(obj).__name__}")
            continue
        problems = []
        query = obj.get("query")
        if "query" not in obj:
            problems.append("missing \"query\"")
        elif not isinstance(query, str) or not query.strip():
            problems.append("\"query\" must be a non-empty string")
        elif not holds_a_word(query):  # search refuses it (text.refuse_wordless)
            problems.append(f"\"query\" holds no word, only punctuation ({query.strip()[:40]!r})")
        elif len(query.strip()) > MAX_QUESTION_CHARS:  # search refuses it: found here, not mid-run
            problems.append(f"\"query\" is {len(query.strip()):,} characters long; mrag reads up to "
                            f"{MAX_QUESTION_CHARS:,}")
        expected = obj.get("expected")
        if "expected" not in obj:
            problems.append("missing \"expected\" (use [] for an unanswerable question)")
        elif not isinstance(expected, list) or not all(isinstance(p, str) and p.strip() for p in expected):
            problems.append("\"expected\" must be a list of non-empty path strings")
        qtype = obj.get("type")
        if qtype is not None and not isinstance(qtype, str):
            problems.append("\"type\" must be a string")
        elif qtype in (OVERALL,):
            problems.append(f"\"type\" may not be {qtype!r} (reserved group name)")
        elif qtype == UNANSWERABLE and isinstance(expected, list) and expected:
            # its figures would go into the group of the questions with no expected path, whose
            # row holds only their count (and replaced this question's figures there)
            problems.append(f"\"type\" {UNANSWERABLE!r} is the group of questions with \"expected\": [] "
                            "(this one lists paths: give it another type)")
        answer = obj.get("answer")
        if isinstance(answer, bool):
            # scored as the text "True", against which "Yes." is wrong (answer_score reads a yes/no gold
            # from its first word)
            problems.append(f"\"answer\" must be a string: write \"{'Yes' if answer else 'No'}\", not "
                            f"{json.dumps(answer)}")
        elif answer is not None and not isinstance(answer, (str, int, float)):
            # a list was scored as its Python spelling, "['Tom', 'Baker']"
            problems.append("\"answer\" must be a string or a number (items of a list: one string joined "
                            "by \" & \")")
        asked_on = None
        if obj.get("asked_on") is not None:
            from minirag_cli.askday import parse_day

            try:
                asked_on = parse_day(obj["asked_on"], '"asked_on"')
            except ValueError as exc:
                problems.append(str(exc))
        qid = obj.get("id", f"line{lineno}")
        if not isinstance(qid, (str, int)) or isinstance(qid, bool):
            problems.append("\"id\" must be a string or an integer")
        else:
            # an id is taken by its first line even when that line is bad otherwise: a second
            # use is reported with the rest, not only once the first line is put right
            qid = str(qid)
            if qid in seen_ids:
                problems.append(f"duplicate id {qid!r} (first on line {seen_ids[qid]})")
            else:
                seen_ids[qid] = lineno
        if problems:
            errors.append(f"line {lineno}: " + "; ".join(problems))
            continue
        paths = tuple(dict.fromkeys(normalise_path(p) for p in expected))
        unknown = tuple(key for key in obj if key not in GOLDEN_KEYS)
        questions.append(GoldenQuestion(lineno, qid, query.strip(), paths, qtype or None, obj.get("answer"),
                                        unknown, asked_on))
    if errors:
        shown = errors[:MAX_REPORTED_ERRORS]
        more = f"\n  ... and {len(errors) - len(shown)} more" if len(errors) > len(shown) else ""
        raise GoldenFileError(
            f"{source}: {len(errors)} bad line(s):\n  " + "\n  ".join(shown) + more,
            hint='Each line must be a JSON object like {"id": "q1", "query": "...", '
                 '"expected": ["path/relative/to/synced/root.md"], "type": "single"}.')
    if not questions:
        raise GoldenFileError(f"{source} holds no questions.",
                              hint="An empty golden set would score nothing; add at least one JSON line.")
    return questions


def unknown_keys(questions: Sequence[GoldenQuestion]) -> list[dict]:
    """The keys of the golden lines that eval does not read, one entry per key:
    {key, lines, known} where `known` is the key it likely stands for (`Type`,
    `anwser`), or None. Extra fields a golden set carries on purpose are
    only named; a misspelt key would otherwise lose its value in silence."""
    import difflib

    found: dict[str, list[int]] = {}
    for q in questions:
        for key in q.unknown_keys:
            found.setdefault(key, []).append(q.line)
    entries = []
    for key, lines in found.items():
        close = [k for k in GOLDEN_KEYS if k == key.strip().lower()] or \
            difflib.get_close_matches(key.strip().lower(), GOLDEN_KEYS, n=1, cutoff=0.75)
        entries.append({"key": key, "lines": lines, "known": close[0] if close else None})
    return entries


def golden_name(path: str | Path) -> str:
    """How messages name the golden set: its path, or `stdin`."""
    return "stdin" if path == STREAM else str(path)


def load_golden(path: str | Path, stdin=None, *, on_stdin: Callable[[], None] | None = None) -> list[GoldenQuestion]:
    """The questions of the golden file at `path`; the str `-` reads them
    from `stdin` (default sys.stdin), as UTF-8 bytes whatever the locale
    says, as a file is read (Path("-") is the file named -), once
    `on_stdin` is called (the CLI says, at a terminal, what it waits for)."""
    if path == STREAM:  # `mrag eval -`, as `mrag ask -` reads the question from stdin
        if on_stdin is not None:
            on_stdin()
        return parse_golden_lines(_stdin_text(stdin).split("\n"), source="stdin")
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # the byte-order mark an editor may put first is not JSON
    except FileNotFoundError:
        raise GoldenFileError(f"Golden file {path} does not exist.") from None
    except IsADirectoryError:
        raise GoldenFileError(f"{path} is a folder, not a golden JSONL file.") from None
    except UnicodeDecodeError as exc:
        raise GoldenFileError(f"{path} is not UTF-8 text ({exc.reason} at byte {exc.start}).") from None
    # JSON Lines ends a line at \n (\r\n too) only: str.splitlines() also splits at U+2028, U+0085,
    # \f ..., which JSON allows unescaped in a string (a question pasted from a web page)
    return parse_golden_lines(text.split("\n"), source=str(path))


def _stdin_text(stdin=None) -> str:
    import sys

    stream = stdin if stdin is not None else sys.stdin
    if stream is None or getattr(stream, "closed_at_start", False):  # started with stdin closed (cli._ClosedStdin)
        raise GoldenFileError("No golden set on stdin: it is closed.", hint="mrag eval - < golden.jsonl")
    data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")  # PowerShell pipes start with a byte order mark
    except UnicodeDecodeError as exc:
        raise GoldenFileError(f"stdin is not UTF-8 text ({exc.reason} at byte {exc.start}).") from None


def parse_ks(spec: str | Sequence[int]) -> tuple[int, ...]:
    """'1,5,10,20' -> (1, 5, 10, 20), sorted and unique."""
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    ks = set()
    for item in items:
        try:
            k = int(str(item).strip())
        except ValueError:
            raise UsageError(f"--k: {item!r} is not an integer; use e.g. --k 1,5,10,20.") from None
        if k < 1:
            raise UsageError(f"--k: {k} must be at least 1.")
        ks.add(k)
    if not ks:
        raise UsageError("--k is empty; use e.g. --k 1,5,10,20.")
    return tuple(sorted(ks))


# --------------------------------------------------------------------------- metrics (pure)


def document_ranking(chunk_paths: Iterable[str]) -> list[str]:
    """Chunk results (best first) -> documents best first; a document takes the
    rank of its best chunk. Score ties are already broken by `search`
    (deterministically), so the order given is the order scored."""
    return list(dict.fromkeys(chunk_paths))


def recall_at_k(ranked_docs: Sequence[str], expected: Iterable[str], k: int) -> float:
    wanted = set(expected)
    if not wanted:
        raise ValueError("recall is undefined for a question with no expected documents")
    return len(wanted.intersection(ranked_docs[:k])) / len(wanted)


def hit_at_k(ranked_docs: Sequence[str], expected: Iterable[str], k: int) -> float:
    wanted = set(expected)
    return 1.0 if any(d in wanted for d in ranked_docs[:k]) else 0.0


def reciprocal_rank(ranked_docs: Sequence[str], expected: Iterable[str], cutoff: int | None = None) -> float:
    wanted = set(expected)
    for rank, doc in enumerate(ranked_docs[:cutoff] if cutoff else ranked_docs, start=1):
        if doc in wanted:
            return 1.0 / rank
    return 0.0


def expected_ranks(ranked_docs: Sequence[str], expected: Iterable[str]) -> dict[str, int | None]:
    position = {d: i for i, d in enumerate(ranked_docs, start=1)}
    return {p: position.get(p) for p in expected}


def question_metrics(ranked_docs: Sequence[str], expected: Sequence[str], ks: Sequence[int]) -> dict[str, float]:
    out: dict[str, float] = {}
    for k in ks:
        out[f"recall@{k}"] = recall_at_k(ranked_docs, expected, k)
        out[f"hit@{k}"] = hit_at_k(ranked_docs, expected, k)
    out["mrr"] = reciprocal_rank(ranked_docs, expected, cutoff=max(ks))
    return out


def aggregate(per_question: Sequence[tuple[str, dict[str, float] | None]], ks: Sequence[int],
              digits: int = 4) -> dict[str, dict]:
    """[(group, metrics or None for unanswerable)] -> {group: {"n", "recall@k", "hit@k", "mrr"}}.
    `overall` averages every answerable question; `unanswerable` only counts."""
    keys = [f"{m}@{k}" for k in ks for m in ("recall", "hit")] + ["mrr"]
    buckets: dict[str, list[dict[str, float]]] = {OVERALL: []}
    unanswerable = 0
    for group, metrics in per_question:
        if metrics is None:
            unanswerable += 1
            continue
        buckets[OVERALL].append(metrics)
        buckets.setdefault(group, []).append(metrics)
    out: dict[str, dict] = {}
    for group in [OVERALL] + sorted(g for g in buckets if g != OVERALL):
        rows = buckets[group]
        entry: dict = {"n": len(rows)}
        for key in keys:
            entry[key] = round(sum(r[key] for r in rows) / len(rows), digits) if rows else None
        out[group] = entry
    if unanswerable:
        out[UNANSWERABLE] = {"n": unanswerable}
    return out


def parse_threshold(spec: str, ks: Sequence[int]) -> tuple[str, float]:
    """'recall@10=0.9' -> ('recall@10', 0.9); the metric must be one the report has."""
    name, sep, value = spec.partition("=")
    name = name.strip().lower()
    valid = [f"{m}@{k}" for k in ks for m in ("recall", "hit")] + ["mrr"]
    if not sep:
        raise UsageError(f"--fail-under {spec!r}: use METRIC=VALUE, e.g. recall@10=0.9.")
    if name not in valid:
        raise UsageError(f"--fail-under: unknown metric {name!r}; with --k {','.join(map(str, ks))} "
                         f"it can be one of {', '.join(valid)}.")
    try:
        threshold = float(value)
    except ValueError:
        raise UsageError(f"--fail-under {spec!r}: {value!r} is not a number.") from None
    if not 0.0 <= threshold <= 1.0:
        raise UsageError(f"--fail-under {spec!r}: the value must be between 0 and 1.")
    return name, threshold


def threshold_failures(report: dict, thresholds: Sequence[tuple[str, float]]) -> list[str]:
    """Every (mode, metric) whose `overall` value is below its threshold."""
    failures = []
    for mode, groups in report["modes"].items():
        overall = groups.get(OVERALL, {})
        for metric, threshold in thresholds:
            value = overall.get(metric)
            if value is None or value < threshold:
                shown = "n/a" if value is None else f"{value:.4f}"
                failures.append(f"{mode}: {metric} {shown} < {threshold}")
    return failures


# --------------------------------------------------------------------------- running


@dataclass
class EvalRun:
    """Everything `mrag eval` reports; `to_dict()` is the --json output."""

    ks: tuple[int, ...]
    modes: dict[str, dict]  # mode name -> groups
    questions: int
    scored: int
    unknown_paths: list[dict] = field(default_factory=list)  # {line, id, path}
    ambiguous_paths: list[dict] = field(default_factory=list)  # {line, id, path, roots}: in several synced folders
    excluded: list[dict] = field(default_factory=list)  # questions with only unknown paths
    details: list[dict] = field(default_factory=list)  # one per (question, mode)
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return {
            "modes": self.modes,
            "k": list(self.ks),
            "questions": self.questions,
            "scored": self.scored,
            "mrr_cutoff": max(self.ks),
            "unknown_paths": self.unknown_paths,
            "ambiguous_paths": self.ambiguous_paths,
            "excluded": self.excluded,
            "seconds": round(self.seconds, 3),
        }


DocumentKey = tuple[str, str]  # (root, path relative to it): how eval tells documents apart


class IndexedDocuments:
    """The index's documents as (root, path) keys, and how a golden path names
    one: a relative path held under exactly one root, or the full path (root
    joined with the relative path) whatever the other roots hold."""

    def __init__(self, documents: Iterable[DocumentKey], skipped: dict[str, dict[str, str]] | None = None):
        self.documents = set(documents)
        # {root: {path: reason}} the last syncs skipped (db.skipped_files): why a golden path is not indexed
        self.skipped = skipped or {}
        self.roots_of: dict[str, list[str]] = {}
        for root, path in sorted(self.documents):
            self.roots_of.setdefault(path, []).append(root)
        # longest root first: a root inside another one takes its own paths
        roots = {root for root, _ in self.documents}
        self.prefixes = sorted(((root, root.replace("\\", "/").rstrip("/") + "/") for root in roots),
                               key=lambda rp: len(rp[1]), reverse=True)
        # a path typed (NFC, as keyboards and JSON editors write "Aëlys") names a file whose name is
        # composed otherwise (NFD, as macOS writes file names), as `mrag show` takes it (store.lookup)
        self.composed: dict[str, list[DocumentKey]] = {}
        for root, path in sorted(self.documents):
            self.composed.setdefault(_nfc(path), []).append((root, path))
            full = root.replace("\\", "/").rstrip("/") + "/" + path
            self.composed.setdefault(_nfc(full), []).append((root, path))
        self._untagged: dict[str, list[str]] | None = None  # renamed_page's, made when first asked

    def __bool__(self) -> bool:
        return bool(self.documents)

    def skipped_reason(self, path: str) -> str | None:
        """Why the last sync skipped the file a golden `path` names (relative to a synced folder, or
        full), None when it skipped no such file: a notebook or a script left out of the index said
        only `not in the index`, not `not a note file (.ipynb)`."""
        path = path.replace("\\", "/")
        for root, files in sorted(self.skipped.items()):
            prefix = root.replace("\\", "/").rstrip("/") + "/"
            reason = files.get(path[len(prefix):] if path.startswith(prefix) else path)
            if reason is not None:
                return reason
        return None

    def renamed_page(self, path: str) -> str | None:
        """The one indexed path that is `path` with other Notion page ids (a
        workspace exported anew: every page gets a new id, `Packing list
        a1b2….md` is now `Packing list 9c8d….md`), or None: the golden line's
        path to write (qa21). Only a hint: a golden set scores the notes it names."""
        bare = without_notion_ids(path)
        if bare == path:
            return None
        if self._untagged is None:
            self._untagged = {}
            for _root, indexed in sorted(self.documents):
                self._untagged.setdefault(without_notion_ids(indexed), []).append(indexed)
        found = list(dict.fromkeys(self._untagged.get(bare, [])))
        return found[0] if len(found) == 1 else None

    def resolve(self, path: str) -> tuple[DocumentKey | None, list[str]]:
        """(the document `path` names, or None; the roots holding it): None with
        no root is an unknown path, None with several roots an ambiguous one."""
        roots = self.roots_of.get(path, [])
        if len(roots) == 1:
            return (roots[0], path), roots
        if roots:
            return None, roots
        for root, prefix in self.prefixes:
            if path.startswith(prefix) and (root, path[len(prefix):]) in self.documents:
                return (root, path[len(prefix):]), [root]
        keys = list(dict.fromkeys(self.composed.get(_nfc(path), [])))
        if len(keys) == 1:
            return keys[0], [keys[0][0]]
        return None, sorted({root for root, _ in keys})


def _nfc(path: str) -> str:
    return unicodedata.normalize("NFC", path)


def check_paths(questions: Sequence[GoldenQuestion], documents: IndexedDocuments
                ) -> tuple[list[dict], list[dict], list[dict]]:
    """(unknown paths with their line numbers, ambiguous paths with the roots
    holding them, questions left with no path that names one document)."""
    unknown, ambiguous, excluded = [], [], []  # an unknown path's "now": the page at new Notion ids
    for q in questions:
        unnamed = 0
        for p in q.expected:
            key, roots = documents.resolve(p)
            if key is not None:
                continue
            unnamed += 1
            if roots:
                ambiguous.append({"line": q.line, "id": q.id, "path": p, "roots": roots})
            else:
                now, skipped = documents.renamed_page(p), documents.skipped_reason(p)
                unknown.append({"line": q.line, "id": q.id, "path": p} | ({"now": now} if now else {})
                               | ({"skipped": skipped} if skipped else {}))
        if q.expected and unnamed == len(q.expected):
            excluded.append({"line": q.line, "id": q.id, "query": q.query})
    return unknown, ambiguous, excluded


@dataclass
class EvalPlan:
    """What `mrag eval` was asked to do, checked before anything is loaded."""

    questions: list[GoldenQuestion]
    modes: list[str]
    ks: tuple[int, ...]
    thresholds: list[tuple[str, float]]


def plan_run(golden: str | Path, k: str | Sequence[int], modes: Sequence[str] | None,
             fail_under: Sequence[str] | None, *, on_stdin: Callable[[], None] | None = None) -> EvalPlan:
    """Parse `mrag eval`'s arguments: the cut-offs, the modes (a typo fails
    before the golden file and the model are loaded), the thresholds and the
    golden file (`on_stdin`: load_golden's)."""
    from minirag_cli import retrieve

    ks = parse_ks(k)
    # a mode named twice (bm25 and bm25, dense,bm25 and bm25,dense) is one column, run once
    by_channels = {}
    for mode in modes or ["hybrid"]:
        by_channels.setdefault(retrieve.parse_mode(mode), mode)
    chosen = list(by_channels.values())
    thresholds = [parse_threshold(t, ks) for t in (fail_under or [])]
    return EvalPlan(load_golden(golden, on_stdin=on_stdin), chosen, ks, thresholds)


def evaluate(index, questions: Sequence[GoldenQuestion], *, modes: Sequence[str] = ("hybrid",),
             ks: Sequence[int] = DEFAULT_KS, on_question: Callable[[int, int], None] | None = None,
             with_details: bool = False, top_n: int | None = None, options=None) -> EvalRun:
    """Run every question through `index.search` (an index.Index) in every
    mode and score it. `options` (RetrievalOptions) are the tunables every
    mode runs with (a benchmark's variant); the default ones otherwise.

    Each query is embedded once (in one batch, by the index's query embedder)
    and the vector reused across modes; bm25-only runs never load the
    embedding model."""
    import time

    from minirag_cli import retrieve
    from minirag_cli.options import RetrievalOptions
    from minirag_cli.db import skipped_files
    from minirag_cli.store import indexed_documents

    started = time.perf_counter()
    ks = tuple(sorted(set(ks)))
    channel_sets = list(dict.fromkeys(retrieve.parse_mode(m) for m in modes))
    if not channel_sets:
        raise UsageError("No --mode given.")
    known = IndexedDocuments(indexed_documents(index.conn), skipped_files(index.conn))
    if not known:
        raise MragError("The index holds no documents.", hint="Run `mrag sync DIR` on the folder the golden set "
                                                              "was written for, then `mrag eval` again.")
    unknown, ambiguous, excluded = check_paths(questions, known)
    excluded_lines = {e["line"] for e in excluded}
    scored = [q for q in questions if q.line not in excluded_lines]
    if not scored:
        # the run stops here, so no --details file shows them: one path of each side, to compare
        roots = sorted({root for root, _ in known.documents})
        sample = min(path for _, path in known.documents)
        first = min((*unknown, *ambiguous), key=lambda u: u["line"], default=None)
        expects = f"line {first['line']} expects '{first['path']}', " if first else ""
        raise GoldenFileError("None of the golden set's expected paths is in the index.",
                              hint=f"Paths must be relative to the folder given to `mrag sync` ({', '.join(roots)}): "
                                   f"{expects}and the index holds paths such as '{sample}'.")
    need_vectors = any(("dense" in cs or "graph" in cs) for cs in channel_sets)
    vectors = index.query_embedder().embed([q.query for q in scored]) if need_vectors else [None] * len(scored)
    chunk_k = max(ks) * CHUNKS_PER_DOC
    top_n = top_n or max(ks)

    per_mode: dict[str, list[tuple[str, dict | None]]] = {retrieve.mode_name(cs): [] for cs in channel_sets}
    details: list[dict] = []
    total = len(scored) * len(channel_sets)
    done = 0
    for q, vector in zip(scored, vectors):
        named = [(p, known.resolve(p)[0]) for p in q.expected]
        expected = {p: key for p, key in named if key is not None}  # golden path -> the document it names
        keys = list(dict.fromkeys(expected.values()))  # a note named twice (relative and full path) counts once
        for channels in channel_sets:
            name = retrieve.mode_name(channels)
            result = index.search(q.query, (options or RetrievalOptions()).replace(mode=name, k=chunk_k),
                                  query_vector=vector, today=q.asked_on)
            ranked = document_ranking((r["root"], r["path"]) for r in result.results)
            metrics = question_metrics(ranked, keys, ks) if keys else None
            per_mode[name].append((q.group, metrics))
            if with_details:
                details.append(_detail(q, name, ranked, expected, metrics, result.results, top_n))
            done += 1
            if on_question:
                on_question(done, total)
    modes_out = {name: aggregate(rows, ks) for name, rows in per_mode.items()}
    return EvalRun(ks=ks, modes=modes_out, questions=len(questions),
                   scored=sum(1 for q in scored if q.answerable), unknown_paths=unknown, ambiguous_paths=ambiguous,
                   excluded=excluded, details=details, seconds=time.perf_counter() - started)


def _detail(q: GoldenQuestion, mode: str, ranked: list[DocumentKey], expected: dict[str, DocumentKey],
            metrics: dict | None, results: list[dict], top_n: int) -> dict:
    best_chunk: dict[DocumentKey, dict] = {}
    for r in results:
        best_chunk.setdefault((r["root"], r["path"]), r)
    wanted = set(expected.values())
    top = []
    for rank, key in enumerate(ranked[:top_n], start=1):
        r = best_chunk[key]
        top.append({"rank": rank, "path": key[1], "root": key[0], "lines": r.get("lines"), "score": r.get("score"),
                    "channels": sorted(r.get("channels", {})), "expected": key in wanted})
    return {
        "id": q.id, "line": q.line, "mode": mode, "type": q.type, "group": q.group, "query": q.query,
        "expected": [{"path": p, "rank": expected_ranks(ranked, [key])[key]} for p, key in expected.items()],
        "unknown": [p for p in q.expected if p not in expected],
        "metrics": metrics, "top": top,
    }


def write_details(path: str | Path, details: Sequence[dict]) -> None:
    """One JSON line per question (`mrag eval --details FILE`)."""
    from minirag_cli.files import write_output

    write_output(path, "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in details), what="--details file ")
