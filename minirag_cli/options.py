"""The tunables of retrieval and the graph, as frozen options objects passed
down (never module globals that callers patch). Defaults are the values
measured on the LiHua dev split (BENCHMARKS.md); a test or a benchmark that
wants another value makes its own: `RetrievalOptions(decompose=False)`,
`RetrievalOptions(graph=GraphOptions(fanout=3))`, or `options.replace(k=5)`.

No heavy imports: the CLI builds these before it knows whether it will search.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from minirag_cli.chunking import DEFAULT_CHUNK_TOKENS, DEFAULT_OVERLAP_TOKENS, max_overlap

DEFAULT_MAX_BYTES = 5 * 1024 * 1024  # walk.py skips larger files
RELATION_SENTENCES_PER_CHUNK = 4  # sentences joining entities, embedded as relations, per chunk

# score weights; "time" is the graph's time-edge vote (graph/timelinks.py),
# "date" the vote of the date nodes a question names (graph/timelinks.dated_chunks)
DEFAULT_WEIGHTS: Mapping[str, float] = MappingProxyType(
    {"bm25": 0.5, "dense": 0.5, "graph": 0.2, "time": 0.2, "date": 0.2})


@dataclass(frozen=True)
class GraphOptions:
    """The graph channel (graph/): grounding, walk, path scoring, votes, time edges."""

    max_span_words: int = 4
    fuzzy_min_key: int = 5  # shorter spans only match exactly
    fuzzy_min_ratio: float = 88.0
    word_match_sim: float = 0.8  # "Wolfgang" as a whole word of "Wolfgang Schulz"
    tag_word_sim: float = 0.5  # a `#ship` tag matched by the question's plain word "ship"
    knn_entities: int = 10
    knn_min_sim: float = 0.45  # question vector vs bare entity name (MiniLM cosine)
    vector_seed_weight: float = 0.5
    max_seeds: int = 12
    hop_decay: float = 0.5
    relation_min_sim: float = 0.35
    relation_candidates: int = 30  # candidate chunks whose relation sentences are read
    relation_chunk_weight: float = 1.0
    hub_share: float = 0.3  # entities in more than this share of chunks, and of notes, are hubs (graph.hubs)
    hub_min_chunks: int = 10  # ... and in more than this many
    fanout: int = 6
    # entities in more than this many chunks are walked to but not from: their
    # neighbour lists run to tens of thousands at 100k chunks (the cost of the
    # walk) and a neighbour of a near-hub is weak evidence. Above every entity
    # of LiHua (2020 chunks) except its hub.
    expand_max_chunks: int = 1000
    walk_row_limit: int = 2000  # hard bound on the recursive CTE, whatever the graph
    chunk_limit: int = 50
    vote_spread: int = 1000  # a voter in more chunks lists only this many on its own (graph/sql.VOTE_TOP_SQL)
    name_text_limit: int = 1000  # chunks a seed's name is looked up in by text (graph/votes.name_occurrences)
    doc_share: float = 0.5  # a concept named elsewhere in the chunk's document
    time_window_days: int = 1
    time_weight: float = 1.0
    time_max_documents: int = 12  # documents linked by time edges, at most
    # the entity types through which a time edge may link two notes ("the same
    # people"); empty: any type but dates
    time_via_types: tuple[str, ...] = ()
    # an anchor document gets its own time vote (0 days from itself): BENCHMARKS
    # "Time votes between anchors" (issue 15)
    time_anchor_self: bool = True
    # entity types that never vote (neither as seeds nor walked to); empty: all vote
    silent_types: tuple[str, ...] = ()
    # an entity the walk reaches (hops > 0) votes only on a path the question
    # supports (an answer type or a relation sentence near the question); False:
    # every reached entity votes, at hop_decay ** hops. Measured on both LiHua
    # indexes, not adopted: BENCHMARKS "Multi-hop votes without the question's
    # support" and "Small indexes" (issue 15)
    neighbour_needs_evidence: bool = True

    def replace(self, **changes) -> "GraphOptions":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class RetrievalOptions:
    """One search: the channels (`mode`), how many results (`k`), the walk
    depth (`hops`) and the fusion tunables (retrieve.py)."""

    mode: str = "hybrid"
    k: int = 10
    hops: int = 2
    candidates: int = 50  # per channel, before fusion
    rrf_k: int = 60
    # BM25 weight of a chunk's `header` column (its note's first line and the
    # people the note names) against its text. Measured on the LiHua dev split,
    # header weights 0.5 / 1 / 1.5 / 2 / 3 gave hybrid MRR 0.841 / 0.844 / 0.846 /
    # 0.851 / 0.851 (BENCHMARKS.md, "Retrieval modes").
    header_weight: float = 2.0
    # A question about a day or a month matches every chunk of a note dated in
    # it alike: BM25 keeps this many of one note's chunks, so that one long note
    # (a pasted log) cannot fill the pool (store.bm25_rows_per_document).
    dated_note_chunks: int = 3
    # Any question: each of BM25 and dense keeps at most this many chunks of
    # one note among its `candidates` (dense picks them from its
    # `candidates * note_fetch` nearest), so that a note of hundreds of chunks
    # (a pasted log) cannot fill a channel's pool for the words it holds
    # everywhere (an error message, a class name). BENCHMARKS "One note that
    # fills the candidates (helper `rank2`)".
    note_candidates: int = 3
    note_fetch: int = 8
    # A question about the latest time ("when did I last see Priya?", latest.py): the first this many
    # notes of the fused results (by their best chunk) compete by their date.
    latest_pool: int = 20
    # From this many chunks on, the dense scan (sqlite-vec brute force, about
    # 0.5 us a chunk) runs in a thread on a second connection while BM25 and the
    # graph's grounding run: 55 ms of the 140 ms a hybrid search costs at 100k
    # chunks (BENCHMARKS.md). Below it the scan is cheaper than the hand-off.
    parallel_min_chunks: int = 20_000
    # Near-duplicates (a form message sent every week, a pasted copy): within the
    # first duplicate_window results, a chunk whose vector is this close to a
    # better one moves below the rest of the window. The bakery's delivery
    # notices in LiHua are 0.988-0.999 to each other; 0.95 and 0.98 gave the
    # same dev figures.
    near_duplicate_cosine: float = 0.98
    duplicate_window: int = 40
    # A question is a few sentences; a pasted document would make the graph
    # channel ground thousands of spans (SQLite's variable limit) and MiniLM
    # reads 256 word pieces anyway. Longer questions are refused.
    max_question_chars: int = 4000
    weights: Mapping[str, float] = field(default_factory=lambda: DEFAULT_WEIGHTS)
    decompose: bool = True  # a question comparing two events is also searched side by side
    min_clause_words: int = 3
    anchor_documents: int = 5  # best text documents that seed the graph's time edges
    graph: GraphOptions = field(default_factory=GraphOptions)

    def replace(self, **changes) -> "RetrievalOptions":
        return dataclasses.replace(self, **changes)

    def with_weights(self, weights: Mapping[str, float] | None) -> "RetrievalOptions":
        """These options with some fusion weights changed (the others kept)."""
        if not weights:
            return self
        return self.replace(weights=MappingProxyType({**self.weights, **weights}))


@dataclass(frozen=True)
class SyncOptions:
    """How `mrag sync` reads and cuts files (sync.py, walk.py, chunking.py)."""

    chunk_tokens: int = DEFAULT_CHUNK_TOKENS
    # None: the default (20), cut to half of a smaller chunk; a value given
    # must be at most half a chunk (chunking.max_overlap), or it is refused
    overlap_tokens: int | None = None
    max_bytes: int = DEFAULT_MAX_BYTES  # larger files are skipped (a notebook: its text; walk.NOTEBOOK_CEILING)
    # False: no --max-bytes given: a sync takes the limit the index last recorded
    # (a plain re-sync must not drop the notes a larger limit let in)
    max_bytes_given: bool = True
    # symlinks out of the folder: True follows them (--follow-symlinks), False does
    # not (--no-follow-symlinks); either is recorded in the index for the folders
    # synced. None (neither given): as the index records for each folder
    # (sync.following); a folder it has no record of (every folder of a new
    # index) is not followed. No config file or variable sets it (config.py).
    follow_symlinks: bool | None = None
    relation_sentences: int = RELATION_SENTENCES_PER_CHUNK
    # False: neither chunk size was set anywhere (flag, env, config): a sync of an
    # index holding notes keeps the chunking it was built with (sync.built_alike)
    chunking_given: bool = True
    # how the notes write an ambiguous slashed day (11/12/2026): "day-first", "month-first" or "" (only the days a
    # note settles: dayorder.py); recorded by the index, a change re-reads its notes (sync._check_heuristic_version)
    day_order: str = ""

    def __post_init__(self) -> None:
        most = max_overlap(self.chunk_tokens)
        if self.overlap_tokens is None:
            object.__setattr__(self, "overlap_tokens", min(DEFAULT_OVERLAP_TOKENS, most))
        elif not 0 <= self.overlap_tokens <= most:
            # the chunker would not use it; the index would record a value it was not built with
            from minirag_cli.errors import UsageError

            raise UsageError(f"--overlap {self.overlap_tokens} is more than half of --chunk-tokens "
                             f"{self.chunk_tokens}: at most {most}." if self.overlap_tokens > most else
                             f"--overlap {self.overlap_tokens}: expected a number >= 0.",
                             hint=f"Sync with --overlap {most} or less, or with larger --chunk-tokens.")

    @classmethod
    def from_settings(cls, settings, *, max_bytes: int | None = None,
                      follow_symlinks: bool | None = None) -> "SyncOptions":
        """Chunking from the settings; `max_bytes` (None or 0: the default) and symlinks (None: as
        the index records) from flags.
        An overlap set nowhere is the default, cut to half of a small chunk; one set
        anywhere (flag, MRAG_OVERLAP_TOKENS, a config file) must fit the chunk size."""
        from minirag_cli.errors import UsageError

        if max_bytes is not None and max_bytes < 0:  # would skip, so remove, every note of the index
            raise UsageError(f"--max-bytes {max_bytes}: expected a number >= 0 (0: the default, 5 MB).")
        overlap_source = settings.source("overlap_tokens")
        try:
            return cls(chunk_tokens=settings.chunk_tokens,
                       overlap_tokens=None if overlap_source == "default" else settings.overlap_tokens,
                       max_bytes=max_bytes or DEFAULT_MAX_BYTES, max_bytes_given=max_bytes is not None,
                       follow_symlinks=follow_symlinks,
                       chunking_given=not (overlap_source == settings.source("chunk_tokens") == "default"),
                       day_order=settings.day_order or "")
        except UsageError as exc:
            sources = {settings.source(name) for name in ("chunk_tokens", "overlap_tokens")} - {"flag", "default"}
            if not sources:
                raise
            raise UsageError(str(exc), hint=f"{exc.hint} (Set in: {'; '.join(sorted(sources))}.)") from None
