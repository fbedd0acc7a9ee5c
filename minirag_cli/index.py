"""`Index`: the library object for one index file, the whole read and write
path behind one set of methods (in the way of sqlite-utils' `Database`).

    settings = config.effective({"db": "notes.sqlite"})
    with Index.open(settings) as index:
        result = index.search("who fixed the sound system?", RetrievalOptions(k=5))
        answer = index.answer(result)            # needs a model (settings.model or llm=)

It holds the connection (opened by db.connect, the one function that opens
connections), the resolved `Settings`, an embedder factory and an optional
LLM. Both are injected for tests and benchmarks: `embedder_factory(name) ->
Embedder` (default: sentence-transformers for sync, the ONNX query embedder
for questions, or a plugin's), and `llm` (an object with
create_chat_completion; default: the GGUF file `settings.model`, loaded on
first use). The CLI commands, the MCP server, `mrag eval` and bench/ all go
through it; it imports no command module.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from minirag_cli import db
from minirag_cli.config import Settings, embedding_model_for
from minirag_cli.errors import EmbedderMismatch, Interrupted, UsageError
from minirag_cli.options import GraphOptions, RetrievalOptions, SyncOptions  # noqa: F401  (part of the API)

__all__ = ["Index", "RetrievalOptions", "GraphOptions", "SyncOptions", "public_result", "result_notes", "ASKING_DAY"]


SQLITE_MAX_INTEGER = 2 ** 63 - 1


class _AskingDay:
    """Index.answer's default `today`: the day the question is asked
    (askday.current_day), looked up when a question is searched."""

    def __repr__(self) -> str:
        return "ASKING_DAY"


ASKING_DAY = _AskingDay()


def check_counts(flags: dict) -> None:
    """A UsageError for a `k` below 1 or `hops` below 0 (or either beyond
    SQLite's integers). The CLI's flags are checked by config.effective before
    they get here; an MCP client's arguments are not, and a negative k would
    slice results off the end instead of failing."""
    from minirag_cli.config import SPEC_BY_NAME

    for name in ("k", "hops"):
        if name not in flags:
            continue
        value = flags[name]
        try:
            SPEC_BY_NAME[name].convert(value)
        except ValueError as exc:
            raise UsageError(f"{name} {value}: {exc}.") from None
        if value > SQLITE_MAX_INTEGER:
            raise UsageError(f"{name} {value}: too large (SQLite's integers end at {SQLITE_MAX_INTEGER}).")


def public_result(r: dict, explain: bool = False) -> dict:
    """The stable JSON of one search result (`mrag ask --json`, the MCP
    server): rank, path (in its synced folder), file (the note's absolute
    path: two synced folders may both hold a `todo.md`), lines, chunk_id (what
    `mrag show ID` takes), score, text, channels (+ duplicate_of, the rank of
    the result a near-duplicate repeats; ranked_by "recency" on the result a
    "when did I last …?" question (or "our first 1:1", "two sessions
    ago") placed first by its date, above better scores; and graph with
    `explain`)."""
    out = {"rank": r["rank"], "path": r["path"]}
    if r.get("root"):
        out["file"] = str(Path(r["root"]) / r["path"])
    out.update((k, r[k]) for k in ("lines", "chunk_id", "score", "text", "channels"))
    if r.get("duplicate_of"):
        out["duplicate_of"] = r["duplicate_of"]
    if r.get("ranked_by"):
        out["ranked_by"] = r["ranked_by"]
    if explain and r.get("graph"):
        out["graph"] = r["graph"]
    return out


def result_notes(results) -> list[tuple[str, str]]:
    """The (root, path) of each search result's note, best first, for
    Index.unsynced_edits (a result without a root has no file to look at)."""
    return [(r["root"], r["path"]) for r in results if r.get("root")]


@dataclass
class LoadedLLM:
    """A language model and the name answers report it by."""

    model: object
    name: str


class Index:
    """One open index. Make it with `Index.open`; close it (or use `with`)."""

    def __init__(self, conn, settings: Settings, path: Path, *,
                 embedder_factory: Callable[[str], object] | None = None, llm=None, llm_name: str = ""):
        self.conn, self.settings, self.path = conn, settings, Path(path)
        self.embedder_factory = embedder_factory
        self._llm = LoadedLLM(llm, llm_name or "injected") if llm is not None else None
        self._llm_injected = llm is not None
        self._llm_loading: threading.Thread | None = None
        self._llm_failed: BaseException | None = None
        self._query_embedder = None
        self._query_embedder_of: str | None = None  # the index's recorded embedding model it was made for
        self._embedder_lock = threading.Lock()
        # one connection, several threads (the MCP server's tool calls): hold
        # `lock` around calls that read the index; query_embedder takes it itself
        self.lock = threading.RLock()
        self._made: db.NewIndex | None = None  # Index.open made the file (db.new_index)

    @classmethod
    def open(cls, settings: Settings, *, create: bool = False, embedder_factory=None, llm=None,
             llm_name: str = "") -> "Index":
        """The index `settings.db` names, migrated and ready (created with `create`)."""
        path = Path(settings.db)
        made = db.new_index(path) if create else None
        index = cls(db.connect(path, create=create), settings, path, embedder_factory=embedder_factory, llm=llm,
                    llm_name=llm_name)
        if made is not None:  # made by this open: a first sync that fails before a note takes it back
            index._made = dataclasses.replace(made, identity=db.file_identity(path))
        return index

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Index":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ models

    def embedding_model(self) -> str:
        """The embedding model questions and syncs use: the configured one when
        set anywhere, else the one the index was built with."""
        return embedding_model_for(self.settings, db.get_meta(self.conn, "embedding_model"))

    def query_embedder(self):
        """The question embedder: the one place that picks it, for ask, eval,
        the MCP server and bench. Made once and kept while the index records
        the same embedding model; an in-place `mrag sync --rebuild` with
        another model (under a server that keeps the index open) gets a new
        one on the next call, as the index's vectors are the new model's. The
        check is one meta read. Refuses an index built with another model."""
        with self.lock:
            recorded = db.get_meta(self.conn, "embedding_model")
        if self._query_embedder is not None and self._query_embedder_of == recorded:
            return self._query_embedder
        with self._embedder_lock:
            if self._query_embedder is None or self._query_embedder_of != recorded:
                name = embedding_model_for(self.settings, recorded)
                if self.embedder_factory is not None:
                    embedder = self.embedder_factory(name)
                else:
                    from minirag_cli.llm import available_cores
                    from minirag_cli.query_embed import query_embedder

                    # while the answer model loads in its thread (mrag ask), its loader keeps
                    # one core busy (single-threaded: ~0.9 s of CPU in ~0.8 s); the question and
                    # the lines the model will read are embedded on the other cores meanwhile
                    # (BENCHMARKS.md, "The lines chosen on the core the model's loader leaves")
                    threads = max(1, available_cores() - 1) if self._llm_loading is not None else None
                    embedder = query_embedder(name, threads=threads)  # ONNX when a verified export exists
                if recorded is None or recorded == embedder.name:  # db.check_embedder's test
                    self._query_embedder, self._query_embedder_of = embedder, recorded
                    return embedder
            else:
                return self._query_embedder
        # another model than the index's: refused with its advice, the connection's lock taken
        # outside the embedder's (a caller holding the connection's lock may wait on that one)
        with self.lock, self.embedder_set_by():
            db.check_embedder(self.conn, embedder.name)
        return embedder  # the index was rebuilt for it meanwhile; kept by the next call

    def sync_embedder(self):
        """The embedder a sync writes vectors with (sentence-transformers, or a plugin's)."""
        name = self.embedding_model()
        if self.embedder_factory is not None:
            return self.embedder_factory(name)
        from minirag_cli.embed import make_embedder

        return make_embedder(name)

    def llm(self, *, required: bool = False, why: str = "--llm-query") -> LoadedLLM | None:
        """The language model: injected, else `settings.model` loaded on first
        use (or by preload_llm); None when neither (a UsageError naming `why`
        when `required`)."""
        with self.model_set_by():
            if self._llm is None and self._llm_loading is not None:
                self._llm_loading.join()
                self._llm_loading, failed, self._llm_failed = None, self._llm_failed, None
                if failed is not None:
                    raise failed
            if self._llm is None and self.settings.model:
                from minirag_cli.answer import load_answer_model

                model, name = load_answer_model(self.settings.model)
                self._llm = LoadedLLM(model, name)
        if self._llm is None and required:
            raise UsageError(f"{why} needs a model.", hint="Pass --model PATH.gguf or set MRAG_MODEL.")
        return self._llm

    def model_set_by(self):
        """A context in which a ModelError about the configured model names
        where its path was set (llm.model_set_by)."""
        from minirag_cli.llm import model_set_by

        return model_set_by(None if self._llm_injected else getattr(self.settings, "sources", {}).get("model"))

    @contextlib.contextmanager
    def embedder_set_by(self):
        """A context in which an EmbedderMismatch says where the embedding
        model that differs from the index's was set, and how to unset it (a
        variable exported months ago, a config file edited for another index:
        "the configured one" alone did not say which to change)."""
        try:
            yield
        except EmbedderMismatch as exc:
            source = getattr(self.settings, "sources", {}).get("embedding_model", "default")
            where, undo = "--embedding-model", "leave out --embedding-model"
            if source.startswith("env "):
                where = source.removeprefix("env ")
                undo = f"unset {where}"
            elif " config " in source:  # "user config PATH", "project config PATH"
                where = f"the {source}"
                undo = f"remove embedding_model from {where}"
            elif source != "flag":
                raise
            if "(set by " in str(exc):  # a sync inside a sync (--watch's) says it once
                raise
            with self.lock:
                recorded = db.get_meta(self.conn, "embedding_model") or "?"
                hint = db.embedder_mismatch_hint(self.conn, recorded, undo)
            raise EmbedderMismatch(f"{str(exc).rstrip('.')} (set by {where}).", hint=hint) from None

    def has_llm(self) -> bool:
        """A model is injected or configured (not necessarily loaded yet)."""
        return self._llm is not None or bool(self.settings.model)

    def preload_llm(self) -> None:
        """Start loading the configured model in a thread, so it loads while
        the question is searched (`mrag ask`); `llm()` waits for it. Call
        `llm()` before writing anything: llama-cpp-python points stdout and
        stderr at /dev/null while a model loads. A file that is no GGUF model
        fails here, at once."""
        if self._llm is not None or self._llm_loading is not None or not self.settings.model:
            return
        from minirag_cli.answer import load_answer_model
        from minirag_cli.config import environment
        from minirag_cli.llm import validate_gguf

        with self.model_set_by():
            path = validate_gguf(self.settings.model)
        environment().threads  # noqa: B018  (a bad MRAG_THREADS: its error now, before the search)

        def load() -> None:
            try:
                self._llm = LoadedLLM(*load_answer_model(path))
            except BaseException as exc:  # re-raised by llm() in the caller's thread
                self._llm_failed = exc

        self._llm_loading = threading.Thread(target=load, name="mrag-load-model", daemon=True)
        self._llm_loading.start()

    # ------------------------------------------------------------ write

    def sync(self, dirs: Sequence[Path], options: SyncOptions | None = None, *, extractor=None,
             rebuild: bool = False, progress=None, on_synced: Callable | None = None,
             on_first_note: Callable[[list[str]], None] | None = None, watch=None,
             wait: float = 0.0, on_wait: Callable[[str], None] | None = None,
             on_interrupted: Callable | None = None):
        """Index or refresh folders (incremental) under the sync lock; returns
        the SyncSummary. `extractor` defaults to the settings' choice.
        `on_first_note(roots)` is called once the first note is committed (an
        interrupted sync keeps it), `on_synced(summary)` once the sync is
        done, still under the lock. With `watch` (watch.WatchHooks), the sync then keeps watching the
        folders and re-syncs what changes, holding the lock (a second sync is
        refused) until Ctrl-C or SIGTERM (watch.watch_folders). Another sync
        running, it is refused (SyncLocked), or waited for up to `wait`
        seconds (`on_wait(line)` once as the wait starts: sync.sync_lock).
        Stopped by Ctrl-C or SIGTERM before `on_synced`, `on_interrupted(summary)`
        gets what it had done (sync.interrupted_summary) before the
        KeyboardInterrupt goes on."""
        from minirag_cli import sync as syncmod

        if extractor is None:
            from minirag_cli.extract.select import make_extractor

            with self.model_set_by():
                extractor = make_extractor(self.settings.extractor, self.settings.model)
        options = options or SyncOptions.from_settings(self.settings)
        stop = getattr(progress, "stop", lambda: None)  # idempotent: the bar goes before anything is printed
        summary = None
        reported = False
        try:
            # the lock first: a sync refused (or waiting) because another runs loads no model
            with syncmod.sync_lock(self.path, wait=wait, on_wait=on_wait, roots=dirs) as lock:
                try:
                    # an existing index keeps the embedder it was built with unless one is
                    # configured: chosen before a rebuild forgets it
                    embedder = self.sync_embedder()
                    syncmod.discard_unfinished_rebuild(self.conn, self.path)  # one killed before it was done
                    # a rebuild builds aside and swaps the whole new index in at the end (readers never see half),
                    # which the lock file says meanwhile: `ask` and `tasks` read the old index whole, not part
                    # (an index without notes is rebuilt in place: its readers see what is written so far)
                    with (syncmod.rebuilding(self.conn, self.path) if rebuild else contextlib.nullcontext(self.conn)) \
                            as build, self.embedder_set_by():
                        lock.rebuilding(build is not self.conn)
                        summary = syncmod.sync_folders(build, dirs, embedder=embedder, extractor=extractor,
                                                       options=options, progress=lock.checking(progress),
                                                       on_first_note=on_first_note, index_path=self.path)
                    lock.rebuilding(False)
                except Exception:
                    # a first sync that failed before writing a note (an embedding model that does not
                    # load) leaves nothing behind: not the empty index, its lock, nor its .mrag folder
                    self._discard_if_never_written()
                    raise
                stop()
                if watch is not None and not summary.embedded:
                    # a sync that embedded nothing has not loaded the model: load it now, or the
                    # watch's first change waits for it (~5 s) instead of being searchable in ~0.5 s
                    embedder.embed(["mrag watch"])
                from minirag_cli.query_embed import try_export

                try_export(embedder)  # the model is loaded: make the fast query embedder now, once
                if on_synced is not None:
                    reported = True
                    on_synced(summary)
                if watch is not None:
                    from minirag_cli.watch import watch_folders

                    # a model extractor loads its model on the first window not in the cache: a
                    # catch-up sync never loads it, and the watch's first change would wait for it
                    preload = getattr(extractor, "preload", None)
                    if preload is not None:
                        preload()

                    watch_folders(self.conn, self.path, [Path(d).resolve() for d in dirs], hooks=watch,
                                  resync=lambda roots: syncmod.sync_folders(self.conn, roots, embedder=embedder,
                                                                            extractor=extractor, options=options,
                                                                            index_path=self.path),
                                  check_lock=lock.check, synced=summary, idle=lock.idle)
        except KeyboardInterrupt as exc:
            if watch is not None and reported and not isinstance(exc, Interrupted):
                # stopped as the watch started, its sync done and reported: the watch ends as one
                # stopped once it runs does (exit code 0); a SIGTERM from a service manager a moment
                # after the summary was printed ended in "interrupted" and 143. An Interrupted is the
                # watch's own end that says what it left (a second Ctrl-C while an interrupted
                # re-sync's changes were listed: exit code 130): it goes on to the CLI
                return summary
            if on_interrupted is not None and not reported:
                stop()
                on_interrupted(syncmod.interrupted_summary(self.conn, exc, summary, extractor.name))
            raise
        finally:
            stop()
        return summary

    def _discard_if_never_written(self) -> None:
        """Remove the index file this Index made (Index.open with create) when
        no note is in it, under the sync lock: closes the connection first. An
        index that was there before the command is never touched."""
        from minirag_cli.store.read import holds_no_documents

        if self._made is None:
            return
        try:
            empty = holds_no_documents(self.conn)
        except Exception:  # the failure may have been the database itself: leave it as it is
            return
        if empty:
            self.close()
            db.discard_new_index(self._made)
            self._made = None

    # ------------------------------------------------------------ read

    def retrieval_options(self, *, arguments: bool = False, **flags) -> RetrievalOptions:
        """RetrievalOptions from the settings (mode, k, hops), `flags` (None = not given) winning;
        a k below 1 or hops below 0 is a UsageError (check_counts).
        A walk depth given by `mrag ask --hops` for a mode without the graph
        channel is a UsageError: it would be ignored (one from a config file or
        MRAG_HOPS is a default). `arguments`: `flags` are a client's arguments
        (the MCP server's), so a `hops` among them is checked the same way and
        the error names them as the client spells them (hops, not --hops)."""
        values = {"mode": self.settings.mode, "k": self.settings.k, "hops": self.settings.hops}
        given = {k: v for k, v in flags.items() if v is not None}
        check_counts(given)
        values.update(given)
        if self.settings.sources["hops"] == "flag" or (arguments and "hops" in given):
            from minirag_cli.retrieve import parse_mode

            if "graph" not in parse_mode(values["mode"]):
                dash = "" if arguments else "--"
                where = "" if "mode" in given or self.settings.sources["mode"] in ("flag", "default") else \
                    f" (set in {self.settings.sources['mode']})"
                raise UsageError(f"{dash}hops is the graph walk's depth: {dash}mode {values['mode']}{where} has no "
                                 f"graph channel, and {dash}hops would be ignored.",
                                 hint=f"Add graph to {dash}mode (or use hybrid), or leave {dash}hops out.")
        return RetrievalOptions(**values)

    def search(self, question: str, options: RetrievalOptions | None = None, *, terms=None,
               query_vector=None, today=None):
        """Ranked chunks for a question (retrieve.search): a SearchResult.
        `today` (the asking day, askday.py): "yesterday", "last week"… are
        searched as the days they stand for (the result's `days`) when a
        result's note is dated in them, or, for days to come ("next week"),
        when a result's note writes one of them (its `writing_notes`); else the
        question is searched as written, and the result's `undated` names
        the days no note is of."""
        from minirag_cli import retrieve

        # an index made but never given a note has no vector tables: searching it ended in
        # "unexpected OperationalError: no such table: vec_chunks"
        self.require_notes()
        options = options or self.retrieval_options()
        channels = retrieve.parse_mode(options.mode)
        # the embedder also embeds the sides of a decomposed question (dense), given a query vector or not
        embedder = self.query_embedder() if ("dense" in channels or "graph" in channels) else None
        if embedder is None and self.settings.sources["embedding_model"] != "default":
            # bm25 alone embeds nothing, but a model named on purpose must still be the index's
            from minirag_cli.embed import canonical_model_name

            with self.lock, self.embedder_set_by():
                db.check_embedder(self.conn, canonical_model_name(self.embedding_model()))
        result = retrieve.search(self.conn, question, embedder=embedder, options=options, terms=terms,
                                 query_vector=query_vector, today=today)
        if result.days is not None and not self._dated_in(result.results, result.days):
            if result.days.to_come() and any("date" in r.get("channels", ()) for r in result.results):
                # days to come, "next week", the rest of "this week": no note is dated in them yet, some write one
                result.writing_notes = True
                return result
            days = result.days
            result = retrieve.search(self.conn, question, embedder=embedder, options=options, terms=terms,
                                     query_vector=query_vector)
            result.undated = days
            with self.lock:  # a note of those days that ranked below the results is not "no note"
                from minirag_cli.datednotes import week_note_of
                from minirag_cli.store.search import headers_hold

                # ... a week's note of them either (`2026-W47.md` covers "the 17th"; a month's note is no day's own)
                result.undated_held = headers_hold(self.conn, days.terms()) or week_note_of(self.conn, days.spans())
        return result

    def require_notes(self, again: str = "Ask") -> None:
        """A DatabaseError for an index no sync has written a note into yet,
        saying whether its first sync is at work now (`again`: the verb of
        the hint, "Ask again in a moment")."""
        from minirag_cli.errors import DatabaseError
        from minirag_cli.store import never_synced

        with self.lock:
            unsynced = never_synced(self.conn)
        if not unsynced:
            return
        running = self.sync_running()  # (a rebuild of an index without notes writes in place: sync.rebuilding)
        if running:  # its first sync is at work (loading its models, embedding the first notes)
            raise DatabaseError(f"The index {self.path} holds no notes yet: a `mrag sync` ({running}) is "
                                "writing the first ones now.",
                                hint=f"{again} again in a moment; `mrag status` counts the notes written so far.")
        raise DatabaseError(f"The index {self.path} holds no notes yet: no sync has written one into it.",
                            hint="Run `mrag sync DIR` to index a folder of notes into it.")

    def tasks(self, query: str | None = None, *, state: str = "open", due: bool = False, overdue: bool = False,
              today=None, window=None, priority: str | None = None, limit: int | None = None) -> list:
        """The tasks (`- [ ] ...`, Org's `* TODO`, Logseq's `- TODO ...`) the indexed notes hold, as tasks.select
        lists them (tasks.Task), read from the notes' chunks: as of the last
        sync. `today`: the day --overdue is read against (default: the local date);
        `window`: the days (tasks.window_of) a listed task is due or scheduled in; `priority`: its
        priority cookie's (`[#A]`: "A"). The flags are checked (tasks.check_flags: a UsageError) before
        any work, `limit`, the number the caller will list of them, with the others: all are returned
        (the MCP tool counts them)."""
        from minirag_cli import tasks as taskmod
        from minirag_cli.dayorder import DAY_ORDER_KEY
        from minirag_cli.store import notes_with_tasks
        from minirag_cli.text import typed_text

        taskmod.check_flags(state=state, due=due, overdue=overdue, limit=limit, window=window is not None,
                            priority=priority)
        self.require_notes("List them")
        with self.lock:
            notes = list(notes_with_tasks(self.conn, taskmod.TASK_WORDS, taskmod.TASK_FILE_ENDS))
            # the vault's day order (dayorder.py), for a slashed day a task's words write (`DEADLINE 11/12`)
            day_order = db.get_meta(self.conn, DAY_ORDER_KEY) or ""
        return taskmod.select(notes, query=typed_text(query) if query else query, state=state, due=due,
                              overdue=overdue, today=today, window=window, priority=priority, day_order=day_order)

    def _dated_in(self, results: list[dict], days) -> bool:
        """Some result's note is of one of `days` (askday.AskedDays), as
        the answer keeps notes (answer.of_the_days: a weekly note's week)."""
        from minirag_cli.answer import of_the_days
        from minirag_cli.store import note_heads

        with self.lock:
            heads = note_heads(self.conn, [r["chunk_id"] for r in results])
        return bool(of_the_days(results, heads, days))

    def query_terms(self, question: str):
        """The model's names and answer types for a question (MiniRAG's keyword step)."""
        from minirag_cli.answer import extract_query_terms

        return extract_query_terms(self.llm(required=True).model, question)

    def answerer(self, options=None, *, cache: bool = False):
        """An answer.Answerer on this index's model (loaded when an answer
        first needs it), keeping the prompt prefix's KV state in the user
        cache, and with `cache` the answers in the index (answer_cache)."""
        from minirag_cli import answer as ans
        from minirag_cli.config import environment

        identity = self.llm_identity()
        answers = None
        if cache:
            from minirag_cli.answer_eval import AnswerCache

            answers = AnswerCache(self.conn)
        # the context size keys the cached answers before the model loads: an injected (or loaded)
        # model's own, else ANSWER_CONTEXT, the size `llm()` loads the configured model with
        n_ctx = getattr(self._llm.model, "n_ctx", None) if self._llm else None
        return ans.Answerer(load=lambda: self.llm(required=True, why="An answer").model,
                            model_name=self._llm.name if self._llm else Path(self.settings.model or "").name,
                            identity=identity, state_dir=environment().cache_dir / "answer-kv",
                            options=options or ans.DEFAULT_OPTIONS, cache=answers,
                            context=int(n_ctx()) if callable(n_ctx) else None)

    def llm_identity(self) -> str:
        """The model half of the answer cache key: the GGUF file's identity
        (llm.model_identity), or the name an injected model was given."""
        if self._llm_injected or not self.settings.model:
            return self._llm.name if self._llm else ""
        from minirag_cli.llm import model_identity

        with self.model_set_by():
            return model_identity(self.settings.model)

    def prepare_answer(self, result, options: RetrievalOptions | None = None, answer_options=None, *, memo=None):
        """What the answer to a SearchResult is made of (answer.prepare): the
        notes' dates' verdict, or the lines the model will read. Needs no
        model, so `mrag ask` runs it while the model loads. An order question
        ("did X before Y?") searches each event with the same options. `memo`
        (the answer cache) keeps the lines chosen (answer.memo_sources)."""
        from minirag_cli import answer as ans
        from minirag_cli.store import note_heads, note_lines

        options = options or self.retrieval_options()
        with self.lock:
            heads = note_heads(self.conn, [r["chunk_id"] for r in result.results])
        # lines are ranked by meaning too when the question embedder is at hand (dense and graph modes)
        embed = self._query_embedder.embed if self._query_embedder is not None else None
        events = options.replace(k=ans.EVENT_RESULTS)

        def lines(notes: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
            with self.lock:
                return note_lines(self.conn, notes)

        return ans.prepare(result.query, result.results, note_heads=heads, embed=embed,
                           search=lambda text: self.search(text, events).results,
                           options=answer_options or ans.DEFAULT_OPTIONS, note_lines=lines,
                           memo=memo, embed_id=_embedder_identity(self._query_embedder),
                           days=getattr(result, "days", None), writing=getattr(result, "writing", frozenset()))

    def unheld_names(self, result, answer_options=None) -> list[str]:
        """The names (months, weekdays) the question of a SearchResult uses that none of its first results
        holds (answer.unheld_in): what prepare_answer declines without the model, for `mrag ask` to say
        when no model writes the answer. [] when every one is held."""
        from minirag_cli import answer as ans
        from minirag_cli.store import note_heads

        options = answer_options or ans.DEFAULT_OPTIONS
        with self.lock:
            heads = note_heads(self.conn, [r["chunk_id"] for r in result.results[:options.pool]])
        return ans.unheld_in(result.query, result.results, heads, options, getattr(result, "days", None))

    def answer(self, result_or_question, options: RetrievalOptions | None = None, *, today=ASKING_DAY,
               on_text: Callable[[str], None] | None = None, answerer=None, prepared=None):
        """A short answer citing the sources by result rank (answer.respond),
        for a SearchResult or a question (searched first), from `prepared`
        (prepare_answer with the answerer's options) when given. Needs a
        model unless the notes' dates answer it. A question's "yesterday",
        "last week"… are read against `today` (see search): by default the
        asking day, MRAG_TODAY or the local date (askday.current_day), as
        `mrag ask` reads them, so the library answers as the CLI does; None
        reads them as written. A SearchResult keeps its own search's days."""
        from minirag_cli import answer as ans

        options = options or self.retrieval_options()
        result = result_or_question
        if isinstance(result_or_question, str):
            if today is ASKING_DAY:
                from minirag_cli.askday import current_day

                today = current_day()
            result = self.search(result_or_question, options, today=today)
        if answerer is None:
            if not self.has_llm():
                raise UsageError("No model to write an answer with.",
                                 hint="Pass --model PATH.gguf or set MRAG_MODEL.")
            answerer = self.answerer()
        if prepared is None:
            prepared = self.prepare_answer(result, options, answerer.options, memo=answerer.cache)
        return ans.respond(answerer, result.query, prepared, on_text=on_text)

    def check_answering(self, judge: str | Path | None = None):
        """Before `mrag eval --answers` runs its retrieval (seconds to minutes):
        a model is set and its file (and the judge's) is a whole GGUF model,
        so a mistake fails now, not after that run. Returns the judge
        (answer_eval.LazyJudge, not loaded yet) or None."""
        from minirag_cli import answer_eval
        from minirag_cli.llm import gguf_metadata

        if not self.has_llm():
            raise UsageError("--answers needs a model.", hint="Pass --model PATH.gguf or set MRAG_MODEL.")
        if not self._llm_injected and self._llm is None:
            with self.model_set_by():
                gguf_metadata(self.settings.model)  # missing, not GGUF, truncated: a ModelError
        return answer_eval.LazyJudge(judge) if judge else None

    def evaluate_answers(self, questions, *, mode: str | None = None, answer_options=None,
                         judge: str | Path | None = None, on_question=None):
        """`mrag eval --answers`: every question searched and answered as
        `mrag ask` would (cached in the index), scored by answer_score, with
        an optional judge model's verdict beside the rule (`judge`: a path,
        or what check_answering returned)."""
        from minirag_cli import answer_eval
        from minirag_cli.db import skipped_files
        from minirag_cli.evaluate import IndexedDocuments
        from minirag_cli.retrieve import mode_name, parse_mode
        from minirag_cli.store import indexed_documents

        if not isinstance(judge, answer_eval.LazyJudge):
            judge = self.check_answering(judge)
        options = self.retrieval_options(mode=mode)
        answerer = self.answerer(answer_options, cache=True)
        judge_fn = judge
        return answer_eval.evaluate_answers(
            questions, search=lambda q, today=None: self.search(q, options, today=today),
            respond=lambda result: self.answer(result, options, answerer=answerer).record(),
            model_name=answerer.model_name, prompt_version=answerer.options.version,
            cache=answerer.cache, judge=judge_fn, judge_model=judge_fn.identity if judge_fn else None,
            on_question=on_question,
            documents=IndexedDocuments(indexed_documents(self.conn), skipped_files(self.conn)),
            mode=mode_name(parse_mode(options.mode)))  # named as eval's retrieval report names it

    def evaluate(self, questions, *, modes: Iterable[str] = ("hybrid",), ks=None, on_question=None,
                 with_details: bool = False, options: RetrievalOptions | None = None):
        """`mrag eval`: every golden question through `search` in every mode, scored
        (with `options`' tunables when given: a benchmark's variant)."""
        from minirag_cli import evaluate as ev

        return ev.evaluate(self, questions, modes=modes, ks=ks or ev.DEFAULT_KS, on_question=on_question,
                           with_details=with_details, options=options)

    def block_refs(self, results) -> dict[str, str]:
        """{uuid: the block's text} of the Logseq block references `((6543a1b2-...))` the search
        `results` write, for their snippets (frontmatter.snippet_text): each read from the chunk that
        holds its `id::` line (frontmatter.block_text); one no chunk holds is left out."""
        from minirag_cli import frontmatter
        from minirag_cli.store import chunk_texts_holding

        uuids = list(dict.fromkeys(u for r in results for u in frontmatter.block_refs_in(r.get("text", ""))))
        if not uuids:
            return {}
        with self.lock:
            held = chunk_texts_holding(self.conn, [f"id:: {u}" for u in uuids])
        out = {}
        for u in uuids:
            for text in held.get(f"id:: {u}", []):
                if (found := frontmatter.block_text(text, u)) is not None:
                    out[u] = found
                    break
        return out

    def entity(self, name: str, *, neighbours: int = 20, notes: int = 20) -> dict:
        """An entity's page; `unsynced`: its listed notes changed or deleted since the last sync."""
        from minirag_cli.store.lookup import get_entity
        from minirag_cli.text import typed_text

        page = get_entity(self.conn, typed_text(name), neighbours=neighbours, notes=notes)
        page["unsynced"] = self.unsynced_edits([(d["root"], d["path"]) for d in page["notes"]])
        return page

    def entities(self, query: str | None = None, limit: int = 50) -> list[dict]:
        from minirag_cli.store import entities_list
        from minirag_cli.text import typed_text

        return entities_list(self.conn, typed_text(query) if query else query, limit)

    def entity_count(self) -> int:
        """How many entities the index holds."""
        from minirag_cli.store import totals

        with self.lock:
            return totals(self.conn)[0]

    def untagged_paths(self, paths: Iterable[str]) -> dict[str, str]:
        """Each of `paths` as a table lists it, without a Notion page's ids where `show` opens it so
        (store.lookup.untagged_paths)."""
        from minirag_cli.store.lookup import untagged_paths

        with self.lock:
            return untagged_paths(self.conn, paths)

    def show(self, target: str) -> dict:
        """A document, the chunk holding PATH:LINE, or a chunk by id; `unsynced`
        names its note when the file changed or was deleted since the last
        sync (the text is then the indexed version's); `warnings` the
        warnings its note was read with, while it stays so (note_warnings)."""
        from minirag_cli.store.lookup import note_warnings, show
        from minirag_cli.text import typed_text

        item = show(self.conn, typed_text(target))  # its bytes as a question's: no indexed path is other than UTF-8
        item["warnings"] = note_warnings(self.conn, item["root"], item["path"])
        item["unsynced"] = self.unsynced_edits([(item["root"], item["path"])])
        return item

    def check_own_index(self, dirs: Sequence[Path]) -> None:
        """Refuse to sync into this index, found walking up from the current
        folder, a folder new to it that has an index of its own (sync.check_own_index)."""
        from minirag_cli import sync as syncmod

        with self.lock:
            syncmod.check_own_index(self.conn, dirs, self.path)

    def sync_running(self) -> str | None:
        """'pid N' while a `mrag sync` holds this index's sync lock, else None."""
        from minirag_cli.sync import sync_running

        return sync_running(self.path)

    def sync_state(self) -> tuple[str, bool] | None:
        """('pid N', rebuilding) while a `mrag sync` holds this index's sync lock and works, `rebuilding`
        when it is a `--rebuild`, which leaves this index whole until it swaps the new one in; else None."""
        from minirag_cli.sync import sync_state

        return sync_state(self.path)

    def holds_no_text(self) -> bool:
        """No chunk in the index: its syncs found no note with text (a folder of
        .docx and PDF files, or of empty notes), so no question can match."""
        from minirag_cli.store import holds_no_chunks

        with self.lock:
            return holds_no_chunks(self.conn)

    def unsynced_edits(self, notes) -> list[dict]:
        """Of the notes `notes` names ((root, path) pairs), those changed or
        deleted on disk since the last sync (store.lookup.unsynced_edits):
        the `unsynced` list of `show`, `entity` and `ask` --json and of the
        MCP tools, and the notice the CLI prints on stderr."""
        from minirag_cli.store.lookup import unsynced_edits

        return unsynced_edits(self.conn, notes)

    def added_notes(self) -> list[dict]:
        """[{root, path}] of the notes in the synced folders the index has not seen: added since the last sync
        (added.added_notes: a stat of each folder the sync listed, a look into those that changed). `ask --json`'s
        and `status --json`'s `added_notes`, and the notice the CLI prints on stderr."""
        from minirag_cli.added import added_notes

        with self.lock:
            return added_notes(self.conn, frozenset(db.index_files(self.path.resolve())))

    def document(self, path: str) -> dict:
        """The indexed note (`mrag show PATH --json`, MCP get_document), with `warnings` and `unsynced` as in
        `show`."""
        from minirag_cli.store.lookup import get_document, note_warnings
        from minirag_cli.text import typed_text

        doc = get_document(self.conn, typed_text(path))
        doc["warnings"] = note_warnings(self.conn, doc["root"], doc["path"])
        doc["unsynced"] = self.unsynced_edits([(doc["root"], doc["path"])])
        return doc

    def export(self, *, entity: str | None = None, hops: int | None = None, min_weight: int = 1):
        """The entity graph (or `entity`'s neighbourhood within `hops`, default
        1) as an export.EntityGraph; `hops` without `entity` is a UsageError."""
        from minirag_cli.export import check_scope, entity_graph

        check_scope(entity=entity is not None, hops=hops, min_weight=min_weight)  # before the entity is looked up
        # `is not None`: an empty name is refused by entity(), not taken for the whole graph
        found = self.entity(entity, neighbours=0, notes=0) if entity is not None else None
        graph = entity_graph(self.conn, entity_id=found["id"] if found else None, hops=hops, min_weight=min_weight)
        if found is not None and graph.center is None:  # a sync removed its last note since the lookup
            from minirag_cli.graph_view import entity_gone

            raise entity_gone(found["name"])
        if graph.center is not None:
            graph.center["match"] = found["match"]  # how the name found it: a fuzzy match is only the closest
        return graph

    def graph_view(self, *, entity: str | None = None, question: str | None = None, hops: int | None = None,
                   k: int | None = None, max_nodes: int = 150, today=None):
        """What `mrag graph view` draws (graph_view.GraphView): the whole graph,
        `entity`'s neighbourhood within `hops` (default 1), or the story of
        `question` searched with `k` and `hops` (ask's defaults) and `today`
        (the asking day, as `search` takes it: the CLI passes ask's, so the
        page draws what `ask --explain` finds), capped at `max_nodes`
        entities. `hops` without `entity` or `question`, and `k` without
        `question`, are UsageErrors: they would be ignored."""
        from minirag_cli.graph_view import build_view

        options = self.graph_view_options(entity=entity, question=question, hops=hops, k=k, max_nodes=max_nodes)
        found = self.entity(entity, neighbours=0, notes=0) if entity is not None else None
        result = self.search(question, options, today=today) if question is not None else None
        with self.lock:
            return build_view(self.conn, entity=found, hops=hops, search=result,
                              max_nodes=max_nodes, index=str(self.path))

    def graph_view_options(self, *, entity: str | None = None, question: str | None = None,
                           hops: int | None = None, k: int | None = None,
                           max_nodes: int = 150) -> RetrievalOptions | None:
        """The flags of graph_view checked before any work (graph_view.check_flags,
        and with `question` the search's retrieval_options): a UsageError for
        one that would be ignored or means nothing. `mrag graph view` runs it
        before naming the index it uses (app.open_index's check). The search
        options with `question`, else None."""
        from minirag_cli.graph_view import check_flags

        check_flags(entity=entity is not None, question=question is not None, hops=hops, k=k, max_nodes=max_nodes)
        return self.retrieval_options(k=k, hops=hops) if question is not None else None

    def status(self) -> dict:
        """store.index_status, and `newer_mrag`: what a newer mrag recorded (its
        rules, a folder's file readers, its llm prompt: versions.newer_records),
        for which a sync by this one refuses the index; [] for none (and for an
        index without notes)."""
        from minirag_cli.db import read_snapshot
        from minirag_cli.store import index_status
        from minirag_cli.versions import newer_records

        with read_snapshot(self.conn):  # one committed state, even while a sync writes (and for pagestat's reads)
            status = index_status(self.conn, self.path)
            status["newer_mrag"] = newer_records(self.conn) if status["files"] else []
        status["added_notes"] = self.added_notes()
        status["changed_notes"], status["deleted_notes"] = self.edited_notes()
        status["day_order_setting"] = self.day_order_setting()
        return status

    def day_order_setting(self) -> dict | None:
        """The day_order setting (MRAG_DAY_ORDER, a config file's) when one is given: {value, source} as the next
        sync reads the notes with it, or {error, source} for a value that is none (`mrag sync` fails on it; ask
        and status warn, the index read as recorded); None when unset."""
        errors = getattr(self.settings, "errors", {}) or {}
        sources = getattr(self.settings, "sources", {}) or {}
        if "day_order" in errors:
            return {"error": str(errors["day_order"]), "source": sources.get("day_order", "")}
        value = (getattr(self.settings, "values", {}) or {}).get("day_order")
        return {"value": value, "source": sources.get("day_order", "")} if value else None

    def edited_notes(self) -> tuple[list[dict], list[dict]]:
        """([{root, path}] changed, [{root, path}] deleted) of all the indexed notes since the last sync
        (store.lookup.edited_notes: a stat of each): `status --json`'s `changed_notes` and `deleted_notes`."""
        from minirag_cli.store.lookup import edited_notes

        with self.lock:
            return edited_notes(self.conn)


def _embedder_identity(embedder) -> str:
    """What names a question embedder's vectors (answer.memo_sources' key):
    its kind and model, and for an ONNX export the meta it was checked
    with (a new export may differ from the last in the last bits)."""
    if embedder is None:
        return ""
    import hashlib
    import json

    meta = getattr(embedder, "meta", None)
    digest = hashlib.blake2b(json.dumps(meta, sort_keys=True, default=str).encode(), digest_size=8).hexdigest() \
        if meta else ""
    return f"{type(embedder).__name__}:{getattr(embedder, 'name', '')}:{digest}"
