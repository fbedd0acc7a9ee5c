"""`mrag mcp`: a Model Context Protocol server over stdio, so Claude Desktop
and other MCP clients can search the knowledge base.

Tools: `search` (retrieval without an answer; the same JSON as
`mrag ask --json` minus the answer), `get_document` (an indexed document by
the path search returned; anything not in the index is refused), `tasks`
(the notes' checkbox tasks, Org task headlines and Logseq task blocks, as `mrag tasks --json`
lists them) and `status`.
Built on the official `mcp` SDK 2.x (`mcp.server.mcpserver.MCPServer`), an
optional extra: `pip install 'minirag-cli[mcp]'`.

Everything goes through an index.Index. The embedder loads on the first
search (or the warm-up) and is kept; tool calls run in worker threads, so
the Index's lock serialises them over the single SQLite connection.

A server started before its index exists (a client configured before the
first sync, a mistyped --db) still serves: every tool call fails with the
reason and its hint, and the first call after the index appears opens it.
A server that exited would only be "disconnected" to the client.
"""

# no `from __future__ import annotations` here: the tools' argument types
# (build_server) are made from pydantic, imported only when the server is
# built, and the SDK reads them from the functions' annotations, which must
# be objects then, not names to look up in this module.

import functools
import re
import threading
from typing import Annotated, Any, Callable

from minirag_cli.errors import MragError

# The tools build_server serves, in this order; `mrag mcp --help` lists them
# from here, and build_server refuses to start if its functions drift from it.
TOOL_NAMES = ("search", "get_document", "tasks", "status")

INSTRUCTIONS = (
    "mrag: a personal knowledge base of notes. Use `search` with a natural-language question to get "
    "ranked passages (path, line span, text); then `get_document` with a returned path to read the whole "
    "note. `tasks` lists the notes' checkbox tasks, Org task headlines and Logseq task blocks (open ones by default). `status` says what the index holds."
)


def require_mcp() -> None:
    try:
        import mcp.server.mcpserver  # noqa: F401
    except ImportError as exc:
        raise MragError("The MCP server needs the optional `mcp` package (2.x).",
                        hint="pip install 'minirag-cli[mcp]'   (or: pip install 'mcp>=2')") from exc


def _file_identity(path) -> tuple[int, int] | None:
    """(device, inode) of the file at `path`, None when there is none."""
    import os

    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


class MragTools:
    """The tools' logic over an index.Index, independent of the MCP transport
    (and testable so)."""

    def __init__(self, index=None, *, open_index: Callable[[], Any] | None = None):
        """`index`, or `open_index` to open it on the first tool call that
        needs it (tried again on every call until it succeeds)."""
        if index is None and open_index is None:
            raise TypeError("MragTools needs an index or open_index")
        self._index = index
        self._open_index = open_index
        self._opening = threading.Lock()
        self._file = _file_identity(index.path) if index is not None else None

    @property
    def index(self):
        if self._index is not None and self._open_index is not None and \
                _file_identity(self._index.path) != self._file:
            # the file at the index's path is another one (deleted or moved aside and synced
            # anew, as mrag's own advice for a damaged index says): the open connection still
            # reads the old file, so the server served it until restarted. Open the new one; the
            # old Index closes when the last call using it lets go.
            with self._opening:
                if self._index is not None and _file_identity(self._index.path) != self._file:
                    self._index = None
        if self._index is None:
            with self._opening:
                if self._index is None:
                    index = self._open_index()
                    self._file = _file_identity(index.path)
                    self._index = index
        return self._index

    def roots(self) -> list[str]:
        """The open index's synced folders, for an error's advice ([] when none is open)."""
        from minirag_cli.db import recorded_roots_at

        return recorded_roots_at(self._index.path) if self._index is not None else []

    def index_file(self):
        """The open index's file, named with --db in an error's advice where `mrag sync` alone takes another (None
        when none is open)."""
        return self._index.path if self._index is not None else None

    def embedder(self):
        return self.index.query_embedder()

    def warm_up(self) -> None:
        """Load the embedder in the background so the first search does not
        pay for it (seconds; tens of seconds on a busy CPU)."""
        def load():
            try:
                self.embedder()
            except Exception:  # reported by the first search that needs it
                pass

        threading.Thread(target=load, name="mrag-embedder-warm-up", daemon=True).start()

    def search(self, query: str, k: int | None = None, mode: str | None = None,
               hops: int | None = None) -> dict:
        """What `mrag ask --json --no-answer` prints for the same question,
        `unsynced`, `added_notes`, `unheld`, `empty_index`, `sync_running` and `sync_rebuilding` included (the results'
        notes changed or deleted since the last sync, and the notes added since, which the CLI also names on stderr;
        the names no result holds), "yesterday" read
        against the asking day as `mrag ask` reads it (MRAG_TODAY, else the
        local date: askday.py)."""
        from minirag_cli.askday import current_day
        from minirag_cli.index import public_result, result_notes

        today = current_day()  # a bad MRAG_TODAY is a tool error, before any work
        self.embedder()  # made before the connection lock is taken (the warm-up thread may hold it)
        options = self.index.retrieval_options(mode=mode or None, k=k, hops=hops, arguments=True)
        with self.index.lock:
            result = self.index.search(query, options, today=today)
            unsynced = self.index.unsynced_edits(result_notes(result.results))
            added = self.index.added_notes()
        data = result.to_dict()
        data["results"] = [public_result(r, False) for r in result.results]
        data["unsynced"] = unsynced
        data["added_notes"] = added  # in no result: the notes the synced folders gained since their last sync
        data["unheld"] = self.index.unheld_names(result)  # the question's names no result holds
        # as `mrag ask --json`: an index with no note text yet (its first sync at work) is told
        # from a question nothing matches
        data["empty_index"] = not result.results and self.index.holds_no_text()
        running, data["sync_rebuilding"] = self.index.sync_state() or (None, False)
        data["sync_running"] = running
        return data

    def get_document(self, path: str) -> dict:
        """The indexed note (what `mrag show PATH --json` prints), with
        `unsynced` naming it when its file changed or was deleted since the
        last sync (the text is then the indexed version's)."""
        with self.index.lock:
            return self.index.document(path)

    def tasks(self, query: str | None = None, state: str = "open", due: bool = False, overdue: bool = False,
              limit: int = 50, today: bool = False, week: bool = False, within: str | None = None,
              from_day: str | None = None, to_day: str | None = None, priority: str | None = None) -> dict:
        """What `mrag tasks --json` lists (the first `limit`), with `total`
        (how many matched) and `unsynced` naming the listed notes changed or
        deleted since the last sync; --overdue and a day window (`today`,
        `week`, `within`, `from_day`/`to_day`: `mrag tasks --today`, `--week`,
        `--within`, `--from`/`--to`, tasks.window_of) are read against the asking
        day as `mrag tasks` reads it (MRAG_TODAY, else the local date)."""
        from minirag_cli.askday import current_day
        from minirag_cli.tasks import window_of

        asks_day = overdue or today or week or within is not None or from_day is not None or to_day is not None
        day = current_day() if asks_day or state == "open" else None  # the open list: todo.txt thresholds
        window = window_of(today=day, on_today=today, week=week, within=within, start=from_day, end=to_day) \
            if asks_day else None
        # the flags are checked by Index.tasks before any work: its UsageError is the tool's error reply
        found = [t.to_dict() for t in self.index.tasks(query or None, state=state, due=due, overdue=overdue,
                                                        today=day, window=window, priority=priority, limit=limit)]
        listed = found[:limit]
        with self.index.lock:
            unsynced = self.index.unsynced_edits(sorted({(t["root"], t["path"]) for t in listed}))
        return {"tasks": listed, "total": len(found), "unsynced": unsynced}

    def status(self) -> dict:
        with self.index.lock:
            return self.index.status()


def _whole_float(value):
    """3.0 as 3 (JSON Schema's integer is any number without a fraction);
    anything else as it is, for the strict integer check."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _closed_arguments(tool):
    """`tool` (an SDK Tool) taking only the arguments it names: another name
    is the SDK's tool error naming it and the ones the tool takes, and the
    schema a client sees says so (additionalProperties: false). The SDK's
    arguments model ignores an unknown name (pydantic's default), so
    `{"query": "x", "top_k": 3}` ran with the default k, the typo unseen."""
    from pydantic import ConfigDict, model_validator
    from pydantic_core import PydanticCustomError

    model = tool.fn_metadata.arg_model
    accepted = [field.alias or name for name, field in model.model_fields.items()]
    takes = f"{tool.name} takes " + (", ".join(accepted) or "no arguments")

    def only_known_names(cls, data):
        unknown = [str(name) for name in data if name not in accepted] if isinstance(data, dict) else []
        if unknown:
            raise PydanticCustomError("unknown_argument", "unknown argument{s} {names}; {takes}",
                                      {"s": "s" if len(unknown) > 1 else "", "names": ", ".join(unknown),
                                       "takes": takes})
        return data

    closed = type(model.__name__, (model,), {  # the SDK's name stays in its messages ("searchArguments")
        "__module__": model.__module__,
        "model_config": ConfigDict(extra="forbid"),
        "only_known_names": model_validator(mode="before")(only_known_names),
    })
    metadata = tool.fn_metadata.model_copy(update={"arg_model": closed})
    return tool.model_copy(update={"fn_metadata": metadata, "parameters": closed.model_json_schema(by_alias=True)})


def _json_kind(value) -> str:
    """What a JSON value other than null is, in JSON's words."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, (list, tuple)) else "an object"


# pydantic's error types for the arguments' JSON types, as a schema words them
_EXPECTED = {"int_type": "an integer", "int_from_float": "an integer", "int_parsing": "an integer",
             "string_type": "a string", "bool_type": "a boolean"}


def argument_errors(error, arguments: dict) -> str:
    """pydantic's ValidationError on a tool's arguments as a client should
    read it: each argument named with what was expected and what was given,
    without pydantic's model name, its [type=..., input_value=...] suffix and
    its "For further information visit https://errors.pydantic.dev/..." line
    (what a client's model would otherwise read and maybe act on)."""
    import json

    messages = []
    for item in error.errors(include_url=False):
        loc = ".".join(str(part) for part in item["loc"])
        if not loc:  # a check on the arguments as a whole (an unknown name): its own message
            messages.append(item["msg"])
            continue
        if item["type"] == "missing":
            messages.append(f"argument {loc} is required")
            continue
        message = f"expected {_EXPECTED[item['type']]}" if item["type"] in _EXPECTED else \
            re.sub(r"^Input should be ", "expected ", item["msg"])
        # the value as the client sent it (the SDK parses a JSON-looking string before checking)
        given = arguments.get(item["loc"][0], item.get("input")) if len(item["loc"]) == 1 else item.get("input")
        try:
            shown = json.dumps(given, ensure_ascii=False)
        except (TypeError, ValueError):
            shown = repr(given)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        got = shown if given is None else f"{shown} ({_json_kind(given)})"
        messages.append(f"argument {loc}: {message}" + (f": {shown}" if ", got " in message else f", got {got}"))
    return "; ".join(messages)


@functools.cache
def _tool_class():
    """The SDK's Tool whose argument errors read as argument_errors words
    them. The SDK turns a ValidationError into a ToolError carrying pydantic's
    whole text; anything raised instead of that ValidationError would be a
    crash to it (an opaque "Error executing tool"), so the clean text replaces
    the ToolError's after the SDK made it."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.server.mcpserver.tools import Tool
    from pydantic import ValidationError

    class MragTool(Tool):
        async def run(self, arguments, *args, **kwargs):
            try:
                return await super().run(arguments, *args, **kwargs)
            except ToolError as exc:
                cause = exc.__cause__
                if not isinstance(cause, ValidationError) or \
                        cause.title != self.fn_metadata.arg_model.__name__:
                    raise
                raise ToolError(f"Error executing tool {self.name}: "
                                f"{argument_errors(cause, arguments)}") from cause

    return MragTool


def build_server(tools: MragTools):
    """An MCPServer exposing `tools`; MragError becomes a tool error whose
    text carries the hint."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from pydantic import BeforeValidator, Field

    from minirag_cli import __version__
    from minirag_cli.db import explain_sqlite_error

    # The arguments are checked as the schema states them: pydantic's lax mode
    # took "k": "3" for 3 and true for 1, so a client's mistake went unseen.
    # Strict, a wrong type is the SDK's tool error naming the argument; a JSON
    # number with no fraction (3.0) is an integer, as JSON Schema has it.
    integer = Annotated[int, Field(strict=True), BeforeValidator(_whole_float)]
    text = Annotated[str, Field(strict=True)]
    boolean = Annotated[bool, Field(strict=True)]  # "yes" or 1 for true is the client's mistake, named

    def call(fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            # a raw SQLite error (damage found mid-query, a lock held too long)
            # gets the advice the CLI gives for it, not the bare SQLite text
            error = exc if isinstance(exc, MragError) else explain_sqlite_error(exc, tools.roots(), tools.index_file())
            if error is None:
                raise
            raise ToolError(f"{error}" + (f" (hint: {error.hint})" if error.hint else "")) from exc

    def search(query: text, k: integer = 0, mode: text = "", hops: integer = -1) -> dict[str, Any]:
        """Search the notes. Returns the query, the retrieval mode, the entities the question was
        grounded in (seeds) and ranked results, each with rank, path (relative to the synced folder),
        lines [start, end], score, text and the channels (dense, bm25, graph, time, date, period, recency) that found
        it (ranked_by "recency" on a result placed first by its date, above better scores; ranked_by "links" on the notes placed first as linking to the note a "which notes link to X?" question asks about), latest (a "when did I last ...?", "our first 1:1" or "two sessions ago" question's matching notes newest first, or a "when is the next inset day?" question's soonest to come first, from "latest", "earliest" or "next" and the place asked for, else null) and unsynced: the results' notes changed or deleted on disk since the last sync, [{path, root,
        state: changed | deleted | folder_gone}] (their text and lines are the indexed version's; usually []), and
        added_notes: [{root, path}] of the notes added to the synced folders since their last sync, which no
        result can be (a sync reads them; usually []).
        k: how many results (default from the mrag config, usually 10). mode: dense, bm25, graph,
        hybrid or a comma-separated set. hops: graph walk depth (default 2; only with the graph channel)."""
        return call(tools.search, query, k=None if k == 0 else k, mode=mode or None,
                    hops=None if hops == -1 else hops)

    def get_document(path: text) -> dict[str, Any]:
        """Read one indexed note in full, by the path `search` returned. Returns its text, line count,
        chunks (id and line span), the entities it mentions, warnings: [{reason, since}] when the note was
        read with one (an `\\iffalse` never closed left its rest out, its text was read as cp1252), else [], and
        unsynced: [{path, root, state}] when the
        note's file changed or was deleted since the last sync (the text is the indexed version's), else [].
        Only indexed notes can be read."""
        return call(tools.get_document, path)

    def tasks(query: text = "", state: text = "open", due: boolean = False, overdue: boolean = False,
              limit: integer = 50, today: boolean = False, week: boolean = False, within: text = "",
              from_day: text = "", to_day: text = "", priority: text = "") -> dict[str, Any]:
        """List the tasks of the notes (checkboxes `- [ ] call Priya`, Org's `* TODO call Priya`, Logseq's
        `- TODO call Priya`), newest note first. Returns tasks
        (each with text, status, done, path, root, line, lines [start, end], note_date, due, scheduled,
        done_on, parent, priority, starts, created, recurs, id, depends_on, on_completion, in_window), total
        (how many matched before limit)
        and unsynced as search has it.
        query: words each task holds, in its text or tags (case and accents aside).
        state: open (default), done or all.
        due: only tasks with a due date, soonest first. overdue: open tasks due before today.
        A day window lists the tasks due or scheduled in it (with due, due in it; with state done or all,
        the tasks done in it too), soonest first, in_window naming which day put each in it ("due",
        "scheduled", "done": done_on's day): today: today; week: this week,
        Monday to Sunday; within: the N days from today ("7", "7d", "2w"); from_day / to_day: from / up to
        a day (YYYY-MM-DD, today, tomorrow, yesterday or a weekday: the coming one). Give one window.
        priority: only tasks of this priority, an Org or Logseq task's `[#A]` ("A"), an Obsidian Tasks
        priority's letter (highest and high "A", medium "B", low and lowest "C"), a todo.txt line's `(A)` to
        `(Z)`; each task's priority is
        that letter or null.
        limit: how many to return (default 50)."""
        return call(tools.tasks, query or None, state=state, due=due, overdue=overdue, limit=limit, today=today,
                    week=week, within=within or None, from_day=from_day or None, to_day=to_day or None,
                    priority=priority or None)

    def status() -> dict[str, Any]:
        """What the index holds: files, chunks, entities, edges, size, embedding model, extractor,
        synced folders and the time of the last sync."""
        return call(tools.status)

    served = {fn.__name__: fn for fn in (search, get_document, tasks, status)}
    if tuple(served) != TOOL_NAMES:
        raise RuntimeError(f"mcp_server.TOOL_NAMES {TOOL_NAMES} differs from the tools served {tuple(served)}")
    return MCPServer("mrag", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING",
                     tools=[_closed_arguments(_tool_class().from_function(fn)) for fn in served.values()])


def serve(index, open_index: Callable[[], Any] | None = None) -> None:
    """Run the server on stdin/stdout until the client closes it. `index`
    None: not there yet; `open_index` opens it on a later tool call."""
    require_mcp()
    tools = MragTools(index, open_index=open_index)
    if index is not None:
        tools.warm_up()
    build_server(tools).run("stdio")
