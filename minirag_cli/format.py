"""Rendering: every command's plain data becomes a rich table on a terminal,
JSON for scripts, or paths one per line. Results go to stdout; progress,
warnings and hints go to stderr (so pipes carry only results)."""

from __future__ import annotations

import errno
import json
import re
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape as _escape_markup
from rich.table import Table

from minirag_cli.frontmatter import snippet_text
from minirag_cli.table_snippets import table_snippet

# C0 and C1 control characters but tab, newline and the CR of a CRLF line end. Notes, their file
# names and the entities taken from them are text from anywhere (a web clip, a mail): printed raw
# on a terminal, an ESC sequence in one retitles it, hides lines or writes the clipboard (OSC 52),
# and a lone CR sends the cursor back to overwrite the line (rich drops it instead: the name
# shown is then not the file's). Shown as \x1b, \x0d instead; `show --text` and JSON keep the
# text as it is.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")


def visible(text: str) -> str:
    """`text` with its control characters written out (`\\x1b`), for a terminal."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class VisibleStream:
    """Pieces of streamed text (the model's answer) written to `out` as
    `visible` writes them: a CR that ends a piece waits for the next one,
    which may start with the LF of its CRLF."""

    def __init__(self, out=None):
        self.out, self.held = out or sys.stdout, ""

    def write(self, piece: str) -> None:
        text = self.held + piece
        self.held = "\r" if text.endswith("\r") else ""
        self.out.write(visible(text[:len(text) - len(self.held)]))
        self.out.flush()

    def close(self) -> None:
        if self.held:
            self.out.write(visible(self.held))
            self.held = ""


def escape(text: str) -> str:
    """Text from the index for a rich markup string: markup escaped, control characters shown."""
    return _escape_markup(visible(text))


def escape_name(name: str) -> str:
    """A note's path (or a folder's) for a rich markup string: as `escape`, and
    a newline or tab written out too (`\\n`): a name is one line of a list
    or one cell of a table, and `a<newline>b.md` split its row in two. JSON
    keeps the name. The other control characters as `visible` writes them
    (a lone CR `\\x0d`), as in the note's text."""
    return escape(name.replace("\n", "\\n").replace("\t", "\\t"))


def _no_color() -> bool:
    from minirag_cli.config import environment

    return environment().no_color


class _Console(Console):
    def on_broken_pipe(self) -> None:
        # Rich's own exits with code 1; a closed pipe is the reader having what it
        # wanted (`mrag show X | head -1`), which cli.main ends as for every command
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "the reader of the output went away")


# emoji=False: Rich reads `:name:` as an emoji code, and notes write such words as text: an Org-mode
# drawer's `:END:` was shown as 🔚 and a `#+FILETAGS: :books:` as 📚 (in snippets, tables, `mrag show`)
def stdout_console() -> Console:
    return _Console(no_color=_no_color(), soft_wrap=False, emoji=False)


def stderr_console() -> Console:
    return _Console(stderr=True, no_color=_no_color(), emoji=False)


def print_json(data: Any, *, one_line: bool = False) -> None:
    """JSON on stdout: indented, or on one line (JSON Lines: one object per question of `ask -i`).
    A stdout whose encoding cannot hold a character of it (PYTHONIOENCODING=ascii) gets the
    \\u escapes of JSON itself: cli.py's backslash escapes would make it no JSON."""
    text = json.dumps(data, indent=None if one_line else 2, ensure_ascii=False, default=str)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=None if one_line else 2, ensure_ascii=True, default=str)
    except LookupError:  # an encoding Python does not know: the write says so as before
        pass
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def human_bytes(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)


def render_sync_summary(summary: dict, console: Console) -> None:
    table = Table(title="mrag sync", show_header=False, box=None)
    table.add_column(style="bold")
    table.add_column(overflow="fold")  # a folder's path is folded, not cut (render_status)
    table.add_row("files", f"{summary['added']} added, {summary['changed']} changed, "
                           f"{summary['removed']} removed, {summary['unchanged']} unchanged")
    table.add_row("chunks", f"{summary['chunks']} written ({summary['total_chunks']} in the index)")
    table.add_row("entities", str(summary["entities"]))
    table.add_row("extractor", escape(summary["extractor"]))
    if summary.get("model_calls") or summary.get("cache_hits"):
        per_chunk = f", {summary['seconds_per_chunk']:.2f} s/chunk" if summary.get("seconds_per_chunk") else ""
        table.add_row("model", f"{summary['model_calls']} calls, {summary['cache_hits']} cache hits, "
                               f"{summary['tokens_in']} tokens in / {summary['tokens_out']} out{per_chunk}")
    for move in summary.get("moved", []):
        # a copy of a folder only unmounted is taken for it too: the line says how that is undone
        undo = (f"; was {move['from']} only unmounted and {move['to']} a copy? Once it is back, "
                f"`{move['undo']}` indexes it again") if move.get("undo") else ""
        table.add_row("moved", escape(f"{move['from']} -> {move['to']}: its {move['notes']} notes kept, "
                                      f"re-read only where they changed{undo}"))
    again = summary.get("reextracted")
    if again and again.get("new_index"):  # a new index's notes settled its day order once all were in: no change
        order = (again.get("day_order") or {}).get("to")
        table.add_row("day order", f"{order}, as the notes' unambiguous slashed days settle it" if order
                      else "none: the notes' unambiguous slashed days settle no order")
    elif again:
        was = again["from_version"] or "not recorded"
        why = []
        if str(was) != str(again["to_version"]):
            why.append(f"the index had heuristic rules version {was}, this mrag has {again['to_version']}")
        order = again.get("day_order")
        if order:  # the rules the same, the day order alone says why (dayorder.py: MRAG_DAY_ORDER, day_order)
            why.append(f"the day order changed from {order['from'] or 'unset'} to {order['to'] or 'unset'}")
        why = why or [f"the index had heuristic rules version {was}, this mrag has {again['to_version']}"]
        table.add_row("re-extracted", f"the entities of {again['notes']} notes, in {again['seconds']:.1f} s "
                                      f"({'; '.join(why)})")
    reread = summary.get("reread")
    if reread and reread["notes"]:  # (none read differently: nothing to say)
        n = reread["notes"]
        table.add_row("re-read", f"{n} of {reread['checked']} notes read differently by this mrag's "
                                 f"file readers (version {reread['from_version'] or 'not recorded'} -> "
                                 f"{reread['to_version']}): indexed anew, as --rebuild would")
    renamed = summary.get("note_names_changed")
    if renamed:
        table.add_row("note names", f"{len(renamed)} note{'s' * (len(renamed) != 1)} extracted anew: another note of "
                                    "the folder now has the same file name, or no longer does, or an alias "
                                    "they mention names another note now, or a name they mention resolves "
                                    "otherwise now that another note came")
    known = summary.get("known_names_changed")
    if known:
        one = len(known) == 1
        table.add_row("known names", f"{len(known)} note{'s' * (not one)} read anew: another note now names a word "
                                     f"{'it writes' if one else 'they write'}, or no longer does")
    table.add_row("embedded", f"{summary['embedded']} texts ({summary['reused_vectors']} chunk vectors reused)")
    if summary.get("follow_symlinks"):  # also when the index, not a flag, said so: it is an opt-in worth seeing
        table.add_row("symlinks", following(summary["follow_symlinks"]))
    table.add_row("elapsed", f"{summary['seconds']:.1f} s")
    console.print(table)
    # a vault with hundreds of images must not bury the rest: one line per
    # reason given more than 3 times (`--json` still lists every file)
    from minirag_cli.walk import terminal_name

    by_reason: dict[str, list[str]] = {}
    # the files the last sync skipped too, for the same reason, are a count: a sync run again and
    # again must not repeat the same list each time
    new = summary.get("skipped_new", summary["skipped"])
    again = len(summary["skipped"]) - len(new)
    for item in new:
        by_reason.setdefault(item["reason"], []).append(terminal_name(item["path"]))
    for reason, paths in by_reason.items():
        if len(paths) > 3:
            console.print(f"[yellow]skipped[/] {len(paths)} files: {escape(reason)} "
                          f"(e.g. {escape(', '.join(paths[:2]))})", highlight=False)
        else:
            for path in paths:
                console.print(f"[yellow]skipped[/] {escape(path)}: {escape(reason)}", highlight=False)
    if again:
        console.print(f"[yellow]skipped[/] {again} {'file' if again == 1 else 'files'} as before "
                      "(`--json` lists them, `mrag show FILE` says why)", highlight=False, soft_wrap=True)
    # a Roam or Logseq graph holds a page per link never written to: its empty notes (sync.py's
    # "(indexed with no chunks)") are one line when more than 3, as skipped files are
    empty = [item for item in summary["warnings"] if item["reason"].endswith(EMPTY_NOTE_REASON)]
    for item in summary["warnings"]:
        if len(empty) <= 3 or not item["reason"].endswith(EMPTY_NOTE_REASON):
            console.print(f"[yellow]warning[/] {escape(terminal_name(item['path']))}: {escape(item['reason'])}",
                          highlight=False)
    # the notes read with a warning by an earlier sync and not read again, named by each sync while they stay so,
    # a few (a count alone named none: which note left its rest out?); a note by its folder and path (`W3/x.txt`,
    # `W4/x.txt`: two notes, named by their folder's path when several folders have any)
    before: dict[tuple[str | None, str], list[str]] = {}
    for item in summary.get("warned_before") or ():
        before.setdefault((item.get("root"), item["path"]), []).append(item["reason"])
    several = len({root for root, _path in before}) > 1
    for (root, path), reasons in list(before.items())[:WARNED_NAMED]:
        name = str(Path(root) / path) if several and root else path
        console.print(f"[yellow]warning[/] {escape(terminal_name(name))}: {escape('; '.join(reasons))} (as before)",
                      highlight=False, soft_wrap=True)
    if len(before) > WARNED_NAMED:
        more = len(before) - WARNED_NAMED
        console.print(f"[yellow]warning[/] and {more} more {'note' if more == 1 else 'notes'} read with a warning as "
                      "before (`--json` lists them, `mrag show FILE` says why)", highlight=False, soft_wrap=True)
    if len(empty) > 3:
        examples = ", ".join(terminal_name(item["path"]) for item in empty[:2])
        console.print(f"[yellow]warning[/] {len(empty)} empty notes indexed with no chunks (e.g. {escape(examples)}; "
                      "`--json` lists them, `mrag show FILE` says what each holds)", highlight=False, soft_wrap=True)


EMPTY_NOTE_REASON = "(indexed with no chunks)"  # how sync.py ends the warning of a note with no text
WARNED_NAMED = 3  # the notes read with a warning as before that a sync's summary names; the rest are a count


def render_watch_change(change, as_json: bool = False) -> None:
    """`mrag sync --watch`: one line per note added, changed, removed or skipped
    (a JSON object per line with --json), flushed at once for pipes."""
    sys.stdout.write((json.dumps(change.to_dict(), ensure_ascii=False) if as_json else change.line()) + "\n")
    sys.stdout.flush()


def watch_hooks(dirs, *, as_json: bool):
    """What `mrag sync --watch` prints: a line per change (stdout) and, once
    the watcher runs, which folders it watches (stderr)."""
    from minirag_cli.watch import WatchHooks

    return WatchHooks(report=lambda change: render_watch_change(change, as_json),
                      on_ready=lambda: note(f"watching {', '.join(map(str, dirs))} (Ctrl-C to stop)", markup=False))


def render_status(status: dict, console: Console) -> None:
    table = Table(title=f"mrag index {escape(status['db'])}", show_header=False, box=None)
    table.add_column(style="bold")
    # folded, never cut: a root's path has no space to wrap at, and `mrag status > s.txt` (80
    # columns without a terminal) ended it in "…", a path no one could copy
    table.add_column(overflow="fold")
    for key in ("files", "chunks", "entities", "aliases", "mentions", "edges", "relations"):
        table.add_row(key, str(status[key]))
    table.add_row("db size", human_bytes(status["db_bytes"]))
    groups = status.get("group_bytes")
    if groups:
        labels = {"vectors": "vectors", "text": "text", "fts": "FTS", "graph": "graph", "other": "other",
                  "free": "free pages"}
        table.add_row("  by group", ", ".join(f"{labels[g]} {human_bytes(n)}" for g, n in groups.items()
                                              if n or g != "free"))
    # an index no sync has written a note to yet (the first one stopped early) records none of these: "-", not None
    # a damaged or old index may name its model without the dimension (mrag doctor says to rebuild it)
    dims = f"{status['embedding_dim']} dims" if status["embedding_dim"] else "dimension not recorded"
    table.add_row("embedding model", f"{escape(str(status['embedding_model']))} ({dims})"
                  if status["embedding_model"] else "-")
    extractor = str(status["extractor"] or "-")
    if status.get("extractor_model"):
        extractor += f" (model {status['extractor_model']})"
    if status["extractor"] == "heuristic":
        extractor += f" (rules {heuristic_version(status)})"
    elif status["extractor"]:  # the llm extractor uses the heuristic's rules for chat speakers and dates
        extractor += f", heuristic rules {heuristic_version(status)}"
    table.add_row("extractor", escape(extractor))
    if status.get("newer_mrag"):  # `mrag sync` refuses it (sync.check_not_newer)
        from minirag_cli.versions import newer_error_hint

        table.add_row("", escape(f"written by a newer mrag ({'; '.join(status['newer_mrag'])}): `mrag sync` "
                                 "refuses it. " + newer_error_hint(status["roots"], status.get("db"))))
    table.add_row("chunking", f"{status['chunk_tokens']} tokens, {status['overlap_tokens']} overlap"
                  if status["chunk_tokens"] else "-")
    if "day_order" in status:
        table.add_row("day order", escape(day_order_line(status["day_order"], status.get("day_order_setting"),
                                                         status.get("day_order_evidence"))))
    gone = status.get("gone_roots", [])
    table.add_row("roots", "\n".join(escape_name(r) + (" [yellow](gone: moved, renamed or not mounted)[/]"
                                                      if r in gone else "") for r in status["roots"]) or "-")
    if gone:  # its notes stay (an unplugged drive must not empty the index), and ask lists them
        kept = [r for r in status["roots"] if r not in gone]
        from minirag_cli.hints import AsIs, sync_hint

        table.add_row("", escape(f"moved: `{sync_hint([AsIs('NEWPATH')], status['db'])}` takes the notes of a gone "
                                 f"folder to its new place; "
                                 f"gone for good: `{sync_hint(kept, status['db'], rebuild=True)}` drops them"))
    table.add_row("symlinks", following(status["follow_symlinks"]))
    # in no search until a sync reads them; a search finds what the index holds of the others
    unsynced = [line for notes, done in (("added_notes", "added"), ("changed_notes", "changed"),
                                         ("deleted_notes", "deleted"))
                if (line := notes_line(status.get(notes), done, status.get("db")))]
    if unsynced:
        table.add_row("not synced", "\n".join(escape_name(line) for line in unsynced))
    if copies := status.get("conflict_copies"):  # an edit made on another device, in no note yet
        n = len(copies)
        table.add_row("conflicts", escape(f"{n} sync conflict cop{'y' if n == 1 else 'ies'} not indexed: merge "
                                          f"{'it' if n == 1 else 'each'} into its note and delete "
                                          f"{'it' if n == 1 else 'them'} (`mrag doctor` lists them)"))
    if maybe := status.get("possible_copies"):  # indexed: maybe a OneDrive copy, maybe the user's note
        n = len(maybe)
        table.add_row("possible copies", escape(f"{n} note{'s' * (n != 1)} may be {'a OneDrive copy' if n == 1 else 'OneDrive copies'} "
                                                "named for a computer, indexed (`mrag doctor` lists them)"))
    if warned := {(item["root"], item["path"]) for item in status.get("read_warnings") or ()}:
        n = len(warned)  # an `\iffalse` never closed left the rest of a note out: worth a line while it stays so
        table.add_row("warnings", f"{n} note{'s' * (n != 1)} read with a warning (`mrag status --json` lists "
                                  f"{'it' if n == 1 else 'them'}, `mrag show FILE` says why)")
    table.add_row("last sync", str(status["last_sync"] or "- (none has finished)"))
    table.add_row("schema version", str(status["schema_version"]))
    console.print(table)


def following(roots: list[str]) -> str:
    """`mrag status`, `mrag sync`: whether syncs follow symlinks out of the folders."""
    if not roots:
        return "not followed out of the folders (--follow-symlinks follows them)"
    return f"followed out of {escape(', '.join(roots))} (--no-follow-symlinks stops)"


def heuristic_version(status: dict) -> str:
    """`mrag status`: the version of the heuristic rules the index's entities
    come from, and what a sync does when it is not this mrag's."""
    from minirag_cli.extract.rules_version import rules_update

    recorded, current = status["heuristic_version"], status["heuristic_version_current"]
    update = rules_update(recorded, status["extractor"])
    if update is None or not status["files"]:
        return f"version {current}"
    shown = f"version {recorded}" if recorded is not None else "version not recorded"
    if update == "newer":  # said on a line of its own (render_status: newer_mrag)
        return f"{shown}, newer than this mrag's {current}"
    if update == "rebuild":
        from minirag_cli.hints import sync_hint

        return (f"{shown}, this mrag has {current}: the next `mrag sync` extracts every note anew if the model's "
                f"cache holds all their windows, else `{sync_hint(status['roots'], status.get('db'), rebuild=True)}` "
                "does")
    return f"{shown}, this mrag has {current}: the next `mrag sync` extracts every note anew"


# an org-roam note's `:ID:` alias (`id:3f2a9c0e-…`), a Logseq block's uuid (heuristic.BLOCK_UUID) and a Joplin
# note's id (`973f…`, 32 hex digits: heuristic.joplin_id): how a link reaches the note, noise among the names a
# person reads; a table counts them, `--json` lists them; a Denote note's identifier (`20261201T093000`) too
_ID_ALIAS = re.compile(r"id:\S+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}"
                       r"|\d{8}T\d{6}",
                       re.IGNORECASE)


def is_id_alias(alias: str) -> bool:
    """Is `alias` an `id:…`, a block uuid, a Joplin id or a Denote identifier, no name (_ID_ALIAS)?"""
    return _ID_ALIAS.fullmatch(alias) is not None


def ids_counted(n: int) -> str:
    """`+1 id`, `+3 ids`: the id aliases a table leaves out; '' for none."""
    return f"+{n} id{'s' * (n != 1)}" if n else ""


def render_entities(rows: list[dict], console: Console) -> None:
    table = Table()
    for col in ("name", "type", "mentions", "chunks", "aliases"):
        table.add_column(col, justify="right" if col in ("mentions", "chunks") else "left")
    for r in rows:
        named = [a for a in r["aliases"] if a != r["name"]]
        shown = [a for a in named if not is_id_alias(a)]
        aliases = ", ".join(filter(None, [*shown, ids_counted(len(named) - len(shown))]))
        table.add_row(escape(r["name"]), escape(r["type"]), str(r["mentions"]), str(r["chunks"]), escape(aliases))
    console.print(table)


def render_eval(report: dict, console: Console) -> None:
    """`mrag eval`: one row per (group, metric), one column per mode; the best
    value of each row in bold."""
    modes = list(report["modes"])
    ks = report["k"]
    from rich.cells import cell_len

    title = f"mrag eval · {counted(report['questions'], 'question')} · MRR within top {report['mrr_cutoff']}"
    # a table is only as wide as its columns and rich wraps the title to that width ("MRR" /
    # "within top 20" over one mode): the table is made at least as wide as its title
    table = Table(title=title, min_width=cell_len(title))
    table.add_column("group", style="bold")
    table.add_column("metric")
    for mode in modes:
        table.add_column(escape(mode), justify="right")
    groups = list(dict.fromkeys(g for m in modes for g in report["modes"][m]))
    metrics = [f"{m}@{k}" for m in ("recall", "hit") for k in ks] + ["mrr"]
    for gi, group in enumerate(groups):
        if gi:
            table.add_section()
        cells = [report["modes"][m].get(group, {}) for m in modes]
        table.add_row(escape(group), "n", *[str(c.get("n", 0)) for c in cells])
        for metric in metrics:
            values = [c.get(metric) for c in cells]
            if all(v is None for v in values):
                continue
            best = max(v for v in values if v is not None)
            shown = ["-" if v is None else (f"[bold]{v:.3f}[/]" if v == best and len(modes) > 1 else f"{v:.3f}")
                     for v in values]
            table.add_row("", metric, *shown)
    console.print(table)
    if report["unknown_paths"]:
        console.print(f"[yellow]{len(report['unknown_paths'])} expected path(s) not in the index[/] "
                      f"(left out of scoring; {len(report['excluded'])} question(s) excluded entirely).")
    if report.get("ambiguous_paths"):
        console.print(f"[yellow]{len(report['ambiguous_paths'])} expected path(s) held by several synced folders[/] "
                      f"(left out of scoring; name one by its full path; "
                      f"{len(report['excluded'])} question(s) excluded entirely).")
    if report.get("answers"):
        render_answers(report["answers"], console)


def print_lines(items) -> None:
    """Plain lines on stdout (paths for xargs, text for pipes)."""
    for item in items:
        sys.stdout.write(f"{item}\n")


def print_text(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


# ------------------------------------------------------------------ ask

ANSWER_HINT = ("no answer written: pass --model PATH.gguf or set MRAG_MODEL (or `model` in the config) to get "
               "a short cited answer; --no-answer hides this line")


def ask_json(result, *, explain: bool) -> dict:
    """`mrag ask --json` without the answer: the SearchResult with each result's stable fields."""
    from minirag_cli.index import public_result

    data = result.to_dict()
    data["results"] = [public_result(r, explain) for r in result.results]
    return data


def result_paths(result, cwd: Path | None = None) -> list[str]:
    """`mrag ask --paths`: the notes' files, best first, each once, as a
    shell in `cwd` (the current folder) opens them: relative when the note
    lies below it (in the synced folder itself: the path as listed), else
    absolute; so `| xargs grep` works from any folder. A relative path
    that starts with `-` gets `./` before it, as `find .` writes it: `grep
    -l Oslo -e.md` would read the note's name as an option."""
    return note_paths(result.results, cwd)


def note_paths(rows, cwd: Path | None = None) -> list[str]:
    """The files of the notes `rows` name (dicts with `root` and `path`), each
    once, in order, as result_paths writes them (`ask --paths`, `tasks --paths`)."""
    cwd = cwd or Path.cwd()
    out = []
    for r in rows:
        if not r.get("root"):
            out.append(_not_an_option(r["path"]))
            continue
        file = Path(r["root"]) / r["path"]
        try:
            out.append(_not_an_option(str(file.relative_to(cwd))))
        except ValueError:
            out.append(str(file))
    return list(dict.fromkeys(out))


def _not_an_option(path: str) -> str:
    return "./" + path if path.startswith("-") else path


# What breaks "one path per line" for a script reading `ask --paths`: a control character (a
# newline most of all; a tab, or an ESC a terminal would act on), a line or paragraph separator
# (Python's splitlines() splits there), a byte no encoding read (a surrogate: not printable as
# text), and a double quote first (the path would read as quoted). Such a path is quoted as git
# quotes one: "two\nlines.md", C escapes, and \ooo (octal) for each byte of another character.
_NEEDS_QUOTES = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]|^\"")
_C_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r",
              '"': '\\"', "\\": "\\\\"}


def quoted_path(path: str) -> str:
    """`path` as `ask --paths` prints it: as it is, or, when it holds what
    would break one path per line (_NEEDS_QUOTES), quoted as git quotes it."""
    if not _NEEDS_QUOTES.search(path):
        return path
    out = []
    for c in path:
        if c in _C_ESCAPES:
            out.append(_C_ESCAPES[c])
        elif _NEEDS_QUOTES.match(c):
            try:  # a file name's undecodable byte is the surrogate os.fsdecode made of it
                raw = c.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                raw = c.encode("utf-8", "surrogatepass")
            out.extend(f"\\{b:03o}" for b in raw)
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def render_results(data: dict, console: Console, *, explain: bool = False, blocks: dict[str, str] | None = None) -> None:
    if explain and data.get("seeds"):
        seeds = ", ".join(f"{s['name']} ({s['via']} {s['similarity']:.2f})" for s in data["seeds"])
        console.print(f"[dim]seeds:[/] {escape(seeds)}", highlight=False)
        for p in data.get("paths", [])[:3]:
            console.print(f"[dim]path:[/] {escape(' -> '.join(p['path']))}  [dim]{p['score']:.3f}[/]",
                          highlight=False)
    for r in data["results"]:
        lines = f"{r['lines'][0]}-{r['lines'][1]}" if r["lines"][0] != r["lines"][1] else str(r["lines"][0])
        chans = " ".join(sorted(r["channels"]))
        repeats = f"  repeats #{r['duplicate_of']}" if r.get("duplicate_of") else ""
        # placed first as the latest note (latest.py), by its date, whatever its score: the lower score said why
        placed = (f"first as {recency_place(r['channels']['recency'])} ({r['channels']['recency']['date']}), "
                  if r.get("ranked_by") == "recency" and "recency" in r["channels"] else "")
        if r.get("ranked_by") == "links" and "links" in r["channels"]:  # backlinks.py: a note linking to the asked one
            placed = f"links to {escape_name(Path(r['channels']['links']['to']).stem)}, "
        console.print(f"[bold]{r['rank']:>2}.[/] [cyan]{escape_name(r['path'])}[/]:{lines}  "
                      f"[dim]{placed}score {r['score']:.3f}  {chans}{repeats}[/]", highlight=False, soft_wrap=True)
        snippet = " ".join(snippet_text(table_snippet(r["text"], data.get("query") or ""), blocks,
                                        path=r["path"]).split())
        console.print("    " + escape(snippet[:220] + ("…" if len(snippet) > 220 else "")), highlight=False,
                      soft_wrap=True)
        if explain:
            for line in explain_lines(r):
                console.print("    [dim]" + escape(line) + "[/]", highlight=False, soft_wrap=True)


# why the date channel voted for a result (retrieve._date_vote_kinds), around the asked days or months
DATE_VOTE_REASONS = {"dated": "its note is dated in {}", "mentions": "its note mentions {} (it is not dated in them)",
                     "writes": "it writes a day of {} (its note is not dated in them)",
                     "says": "the asking day's note says the question's words here ({})"}


def explain_lines(r: dict) -> list[str]:
    parts = []
    for ch, info in sorted(r["channels"].items()):
        rank = f" #{info['rank']}" if "rank" in info else ""
        parts.append(f"{ch}{rank} {info['score']:.3f}")
    out = ["channels: " + ", ".join(parts)]
    g = r.get("graph") or {}
    if g.get("entities"):
        out.append(f"entities: {', '.join(g['entities'])}; path: {' -> '.join(g.get('path', []))}")
    if g.get("relation"):
        out.append(f"relation ({g['relation']['similarity']:.2f}): {g['relation']['text'][:120]}")
    if g.get("time"):
        t = g["time"]
        out.append(f"time: {t['days']} day(s) from {t['near']}, shares {t['shared']}")
    elif g.get("time_anchor"):
        # an anchor's own vote (GraphOptions.time_anchor_self), an undated note's too: said, not left unexplained
        out.append("time: its own note's vote (one of the best text notes, which anchor the time edges)"
                   + ("" if g["time_anchor"]["dated"] else "; the note mentions no date: it has no time edge"))
    if g.get("date"):
        out.append("date: " + DATE_VOTE_REASONS[g.get("date_by", "dated")].format(", ".join(g["date"])))
    if "links" in r["channels"]:  # backlinks.py: "which notes link to X?"
        out.append(f"links: it links to {r['channels']['links']['to']}, the note the question asks the backlinks of")
    if "period" in r["channels"]:  # retrieve._period_notes
        out.append("period: its note is of the asked week, month or quarter (its file name writes it)")
    if "contact" in r["channels"]:  # retrieve._contact_votes
        out.append("contact: it writes the asked e-mail address, phone number or address next to the name")
    if "title" in r["channels"]:  # retrieve._topic_notes
        out.append("title: the question names its note's file name in full (the note about the asked thing)")
    if "recency" in r["channels"]:  # latest.py: a "when did I last …?" question's candidates by date
        info = r["channels"]["recency"]
        place = round(1 / info["score"]) if info["score"] else 0
        end = info.get("from", "latest")  # "our first 1:1": counted from the earliest
        if end == "next":  # coming.py: the day is one a line of the note writes, not its date
            out.append(f"recency: a line of its note writes {info['date']}, "
                       + ("the soonest to come of the notes that match" if place == 1
                          else f"number {place} of the days to come"))
        else:
            out.append(f"recency: its note is dated {info['date']}, "
                       + (f"the {end} of the notes that match" if place == 1 else f"number {place} from the {end}"))
    return out


def recency_place(vote: dict) -> str:
    """Where a `recency` vote (latest.reorder) places its note: "the latest", "the earliest" ("our earliest
    session"), "the one before the latest" ("two sessions ago", "the session before last"), "number 3 from the
    latest"."""
    place = round(1 / vote["score"]) if vote["score"] else 0
    end = vote.get("from", "latest")
    if end == "next":  # coming.py: "when is the next inset day?"
        return "the soonest to come" if place == 1 else f"number {place} of the days to come"
    if place == 1:
        return f"the {end}"
    return "the one before the latest" if place == 2 and end == "latest" else f"number {place} from the {end}"


def sync_line(running: str, rebuilding: bool, listed: str) -> str:
    """The stderr line of `ask` and `mrag tasks` while a sync (`running`: 'pid N') is at work: what
    the `listed` ("results", "tasks") are as of. A sync writes note by note, and a reader sees what
    it has written so far; a `--rebuild` builds the new index aside and swaps it in at its end, and a
    reader sees the whole index as it was before it until then (the line said "written so far")."""
    if rebuilding:
        return (f"a `mrag sync --rebuild` ({running}) is building a new index aside: the {listed} are of the "
                "index as it was before the rebuild, which replaces it when it is done.")
    return f"a `mrag sync` ({running}) is writing the index now: the {listed} are as of what it has written so far."


def print_ask(result, *, as_json: bool, paths: bool, explain: bool, answer=None, hint: bool = False,
              one_line: bool = False, unsynced: list[dict] | None = None, empty_index: bool = False,
              sync_running: str | None = None, rebuilding: bool = False,
              blocks: dict[str, str] | None = None, unheld: list[str] | None = None,
              added: list[dict] | None = None) -> None:
    """Everything `mrag ask` prints: paths, JSON (with the answer; on one
    line with `one_line`) or the readable list followed by the streamed
    answer. `answer(on_text)` writes the answer (index.Index.answer) when a
    model is there. `unsynced` (Index.unsynced_edits of the results) is
    the JSON's `unsynced`; the other forms leave it to unsynced_note.
    `empty_index`: the index holds no note text, which no rewording mends;
    `sync_running` ('pid N'): a sync is writing it now (its first notes, or
    the notes it is re-syncing: the results are as of what it wrote so far);
    `rebuilding`: that sync is a `--rebuild` building the new index aside (the
    results are of the whole index as it was before it: sync.sync_state).
    The JSON carries them (`empty_index`, `sync_running`, `sync_rebuilding`), and the line on
    stderr that says why there is no result is written under --json too: a
    script saw `"results": []` with exit code 0 and could not tell "nothing
    matches" from "not built yet" (the "nothing matches" line stays out of
    it, as `"results": []` says that). Results found while a sync writes
    are a stderr line too, but under --json (its `sync_running` says so). `blocks`: the Logseq blocks the
    results refer to (Index.block_refs), for the snippets. `unheld`: the question's names none of the
    results holds (Index.unheld_names), the JSON's `unheld`; with no answer written, a line on stderr says them
    (a model's answer declines the question saying them). `added`: the notes added to the synced folders since
    their last sync (Index.added_notes), the JSON's `added_notes`; the other forms leave it to added_note."""
    if not result.results and (not as_json or empty_index):  # a message, not a result: stdout stays empty
        if empty_index and sync_running:
            note(f"No results: the index holds no note text yet; a `mrag sync` ({sync_running}) is writing it "
                 "now: ask again in a moment.", markup=False)
        elif empty_index:
            note("No results: the index holds no note text (its folders had no notes, or only empty ones); "
                 "`mrag sync DIR` lists the files it skipped and why.", markup=False)
        else:
            note(f"No results: nothing in the index matches the question{_mode_note(result.mode)}.", markup=False)
    if sync_running and not empty_index and not as_json:  # as `mrag tasks` says it (--json: `sync_running`)
        note(sync_line(sync_running, rebuilding, "results"), markup=False)
    if paths:
        print_lines(quoted_path(path) for path in result_paths(result))
        return
    data = ask_json(result, explain=explain)
    data["unsynced"] = unsynced or []
    data["unheld"] = list(unheld or [])
    data["added_notes"] = list(added or [])
    if as_json:
        data["empty_index"], data["sync_running"] = empty_index, sync_running
        data["sync_rebuilding"] = bool(sync_running) and rebuilding
        if answer is not None:
            data["answer"] = answer(None).to_dict()
        print_json(data, one_line=one_line)
    else:
        console = stdout_console()
        render_results(data, console, explain=explain, blocks=blocks)
        if answer is not None:
            # the blank line parts the answer from the results; with none, stdout opened with it
            console.print(("\n" if data["results"] else "") + "[bold]Answer[/]")
            stream = VisibleStream()  # the model may copy a note's control characters
            got = answer(stream.write)
            stream.close()
            sys.stdout.write("\n")
            if got.removed:
                stderr_console().print(f"[dim]removed citations to no listed source: {got.removed}[/]")
    if unheld and answer is None and result.results and not as_json:
        # without a model the list alone read as an answer about them (qa: "what did Wolfgang say about the rent?")
        from minirag_cli.unheld import said

        note(f"None of the notes found mentions {said(unheld)}: the results may be about something else.",
             markup=False)
    if hint and result.results:  # no source, no answer a model could write: the hint would mislead
        print_answer_hint()


def _mode_note(mode) -> str:
    """For `no results`: a single-channel --mode sees less than the default hybrid search."""
    mode = str(mode or "")
    return "" if not mode or mode == "hybrid" else f" (with --mode {mode}; the default hybrid search may find more)"


def opened_by_name_line(item: dict) -> str:
    """`mrag show NAME`'s stderr line naming the note it opened by its name (store.lookup.notes_by_name), so the
    path to give next time is one paste away: `showing pages/OKR___Q4 2026.md, the note named 'OKR/Q4 2026'`."""
    return f"showing {item['path']}, the note named {item['opened_by_name']!r}"


def unsynced_note(edits: list[dict], index: str | None = None) -> None:
    """On stderr: the notes shown whose file changed or was deleted since the
    last sync (store.lookup.unsynced_edits); their text and lines are the
    indexed version's. A synced folder that is gone cannot be synced: its
    notes are named with the --rebuild that drops them. `index`: the index file, named in the command when
    `mrag sync` alone would sync another (hints.sync_hint)."""
    from minirag_cli.hints import sync_hint

    gone = list(dict.fromkeys(e["root"] for e in edits if e["state"] == "folder_gone"))
    for root in gone:
        held = [e["path"] for e in edits if e["root"] == root]
        whose, they, them = (held[0], "it is", "it") if len(held) == 1 else \
            (f"{len(held)} of these notes", "they are", "them")
        note(f"the synced folder {root} of {whose} is gone (moved, renamed or not mounted): {they} "
             f"shown as last synced; `mrag sync DIR --rebuild`, with the folders you keep, drops {them}.",
             markup=False)
    edits = [e for e in edits if e["state"] != "folder_gone"]
    if not edits:
        return
    roots = list(dict.fromkeys(e["root"] for e in edits))
    if len(edits) == 1:
        e = edits[0]
        what = f"{e['path']} {'was deleted' if e['state'] == 'deleted' else 'changed'} since the last sync"
    else:
        listed = ", ".join(f"{e['path']} {e['state']}" for e in edits)
        what = f"{len(edits)} of these notes changed since the last sync ({listed})"
    note(f"{what}: the text and line numbers shown are the indexed version's; `{sync_hint(roots, index)}` "
         "updates the index.", markup=False)


def added_note(added: list[dict], index: str | None = None) -> None:
    """On stderr, a line per synced folder holding notes the index has not seen (Index.added_notes): no result
    can be one of them, so an answer may be out of date (a later note said otherwise). Names three."""
    if added:
        note(added_line(added, index), markup=False)


def added_line(added: list[dict], index: str | None = None) -> str:
    """`1 note in /x was added since the last sync (a.md): run `mrag sync /x` to search it`, a sentence per
    folder of `added` ([{root, path}]); `--db INDEX` in it when `mrag sync /x` alone would sync another index than
    `index`'s (hints.sync_hint)."""
    return notes_line(added, "added", index)


# what a sync does of the notes `mrag status` lists as added, changed or deleted since the last sync
_SYNC_DOES = {"added": "search {}", "changed": "search {} as {} now", "deleted": "drop {} from the index"}


def notes_line(notes: list[dict] | None, done: str, index: str | None = None) -> str:
    """`1 note in /x was added since the last sync (a.md): run `mrag sync /x` to search it`, a sentence per
    folder of `notes` ([{root, path}]) `done` ("added", "changed", "deleted": _SYNC_DOES), three named then "and N
    more"; "" for none. `--db INDEX` in it as added_line has it."""
    from minirag_cli.hints import sync_hint

    lines = []
    for root in dict.fromkeys(item["root"] for item in notes or ()):
        paths = [item["path"] for item in notes if item["root"] == root]
        named = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        one = len(paths) == 1
        does = _SYNC_DOES[done].format("it" if one else "them", "it is" if one else "they are")
        lines.append(f"{len(paths)} note{'' if one else 's'} in {root} {'was' if one else 'were'} {done} since the "
                     f"last sync ({named}): run `{sync_hint([root], index)}` to {does}")
    return "; ".join(lines)


def print_answer_hint() -> None:
    stderr_console().print(f"[dim]{ANSWER_HINT}[/]", highlight=False, soft_wrap=True)


# ------------------------------------------------------------------ config show, show, entity

def render_settings(settings, console: Console) -> None:
    """TOML-like lines (`k = 10  # default`), so a line can be pasted into a config file."""
    from minirag_cli.config import SPECS

    width = max(len(s.name) for s in SPECS)
    for spec in SPECS:
        value = settings.values[spec.name]
        source = settings.sources[spec.name]
        note = source if source.startswith("env ") else f"{source}; env {spec.env} would set it"
        if source == "index":  # a rebuild changes it, not a variable (a sync would be refused)
            flag = "--overlap" if spec.name == "overlap_tokens" else "--chunk-tokens"
            note = f"the index's: its notes are chunked so (`mrag sync DIR --rebuild {flag} N` changes it)"
        line = f"{spec.name:<{width}} = {json.dumps(value, ensure_ascii=False)}" if value is not None \
            else f"# {spec.name:<{width - 2}} = (not set)"
        if spec.name in settings.errors:  # commented out: the value below it is not what the user asked for
            line = f"# {spec.name:<{width - 2}} = (invalid)"
            console.print(f"[red]{escape(line)}[/]  [dim]# {escape(str(settings.errors[spec.name]))}[/]",
                          highlight=False, soft_wrap=True)
            continue
        console.print(f"{escape(line)}  [dim]# {escape(note)}[/]", highlight=False, soft_wrap=True)
    user = settings.user_config
    console.print(f"[dim]# user config:    {escape(str(user))}" + ("" if user and user.is_file() else " (none)")
                  + "[/]", highlight=False, soft_wrap=True)
    project = settings.project_config
    console.print(f"[dim]# project config: {escape(str(project)) if project else '(none)'}[/]", highlight=False,
                  soft_wrap=True)


def render_item(item: dict, console: Console) -> None:
    """`mrag show`: a document or a chunk, with its entities."""
    lines = f"lines {item['lines'][0]}-{item['lines'][1]}" if item["lines"] else ""  # an empty note has none
    if item["kind"] == "chunk":
        head = f"{item['path']}  {lines}  chunk {item['chunk_id']} (#{item['seq']})"
    elif not item["chunks"]:
        # sync indexes an empty or whitespace-only note with no chunks; "lines 1-1" of an
        # empty file read as a note with a line of text
        from minirag_cli.sections import empty_outline

        what = "only empty list items" if empty_outline(item["text"]) else "only whitespace"  # Logseq's `- `
        head = f"{item['path']}  " + ("empty note" if not item["text"] else f"{lines}, {what}") + \
            ", nothing indexed"
    else:
        n = len(item["chunks"])
        head = f"{item['path']}  {lines}  {n} chunk{'s' * (n != 1)}, text from {item['source']}"
    console.print(f"[bold]{escape_name(head)}[/]", highlight=False)  # head: the path and our words
    # why the note reads oddly (its rest left out, its letters guessed), said by the sync that read it
    for warning in item.get("warnings") or ():
        since = f" (read so since the sync of {utc_minute(warning['since'])})" if warning.get("since") else ""
        console.print(f"[yellow]warning[/] {escape(warning['reason'])}{since}", highlight=False, soft_wrap=True)
    if item["text"]:
        console.rule(style="dim")
        console.print(visible(item["text"]), markup=False, highlight=False)
        console.rule(style="dim")
    ents = ", ".join(f"{e['name']} ({e['type']}, {e['count']})" for e in item["entities"]) or "none"
    console.print(f"[bold]entities[/] {escape(ents)}", highlight=False, soft_wrap=True)


def utc_minute(stamp: str) -> str:
    """`2026-12-06 21:48 UTC` of a time the index records (db.now_iso: `2026-12-06T21:48:30+00:00`); the stamp
    as it is when it is not one."""
    import datetime as _dt

    try:
        when = _dt.datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    if when.tzinfo is not None:
        when = when.astimezone(_dt.timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M UTC")


def entity_match_note(name: str, found: str, match: dict | None) -> None:
    """On stderr, when `name` found the entity `found` only by fuzzy matching, or as the name after a person's
    title (`Dr Okafor` is Okafor, as the extractor reads a note's `Dr Okafor`; `Mr Robot` is Robot too, so say
    it) (`match`: an entity page's, or a graph centre's)."""
    by = (match or {}).get("by")
    if by in ("fuzzy", "title"):
        from minirag_cli.store.lookup import shorten

        how = (f"the closest match is {found!r} (score {match['score']:g} of 100)" if by == "fuzzy"
               else f"showing {found!r}, the name after its title, as a note's {shorten(name)!r} is read")
        note(f"no entity is named {shorten(name)!r}; {how}", markup=False)


def print_tasks(tasks: list[dict], *, limit: int, as_json: bool, paths: bool, state: str, query: str | None,
                due: bool = False, overdue: bool = False, window=None, priority: str | None = None,
                shown_paths: dict[str, str] | None = None) -> None:
    """`mrag tasks`: the first `limit` of `tasks` (Task.to_dict()s) as JSON, as
    their notes' files (--paths) or as a table; on stderr, when the table
    is empty or cut at `limit`, what it leaves out (of the `priority` asked, too)."""
    shown = tasks[:limit]
    if paths:
        print_lines(quoted_path(p) for p in note_paths(shown))
    elif as_json or shown:  # no empty table: the line on stderr says what is not there
        print_data(shown, lambda rows, console: render_tasks(rows, console, shown_paths), as_json=as_json)
    if as_json or paths:
        return
    if not tasks:
        from minirag_cli.store.lookup import shorten

        kind = {"open": "open task", "done": "done task", "all": "task"}[state]
        # qa34: `--priority Q` said no open task was in the notes at all
        kind += f" of priority {priority.upper()}" if priority else ""
        from minirag_cli.tasks import window_label

        which = " due before today" if overdue else " with a due date" if due and window is None else ""
        if window is not None:
            which = f" {'due' if due else 'due or scheduled' if state == 'open' else 'due, scheduled or done'} " \
                f"{window_label(window)}"
        matching = f" matches {shorten(query)!r}" if query and query.strip() else " is in the indexed notes"
        note(f"No {kind}{which}{matching}.", markup=False)
    elif len(tasks) > limit:
        note(f"the first {limit} of {len(tasks)} tasks; -n {len(tasks)} lists them all", markup=False)


def render_tasks(rows: list[dict], console: Console, shown_paths: dict[str, str] | None = None) -> None:
    """The tasks' table; `shown_paths` lists a note's path so (Index.untagged_paths: a Notion page's without its
    ids), else as it is."""
    table = Table()
    # the task and its note folded, not cut with an ellipsis: a word with no blank to wrap at
    # (a citekey note, papers/@smith2021attention.md:56, or a [[link]] in the task) lost its end,
    # the note's the line to open
    # with a day window (`in_window`), the day that put each task in it and which it is, due, scheduled or done
    from minirag_cli.tasks import window_day

    windowed = any(r.get("in_window") for r in rows)
    # an Org or Logseq task's `[#A]`, an Obsidian Tasks ⏫'s "A": a column only when a listed task has one
    # (most notes write none)
    ranked = any(r.get("priority") for r in rows)
    for col in ("date", *(("priority",) if ranked else ()), "task", "when" if windowed else "due", "note"):
        table.add_column(col, overflow="fold" if col in ("task", "note") else "ellipsis",
                         no_wrap=col == "when")
    for r in rows:
        box = {"open": "[ ]", "in_progress": "[/]", "done": "[x]", "cancelled": "[-]", "forwarded": "[>]"}[r["status"]]
        path = (shown_paths or {}).get(r["path"], r["path"])
        where = f"{path}:{r['line']}" if r["lines"][0] == r["lines"][1] else \
            f"{path}:{r['lines'][0]}-{r['lines'][1]}"
        when = "\n".join(sorted(f"{window_day(r, f)} {f}" for f in r.get("in_window") or ())) if windowed \
            else _plain_day(r)
        table.add_row(r["note_date"] or "", *((r.get("priority") or "",) if ranked else ()),
                      escape(f"{box} {r['text']}"), when, escape(where))
    console.print(table)


def _plain_day(task: dict) -> str:
    """The `due` cell of a task with no day window: its due day, else its scheduled day in the window's words
    (`2026-12-15 scheduled`: a Logseq `SCHEDULED:`, a Tasks ⏳ showed an empty cell, the day only with --week);
    a start day (🛫, `t:`) is none, as it puts no task in a window (--json has it: `starts`)."""
    if task["due"]:
        return task["due"]
    return f"{task['scheduled']} scheduled" if task.get("scheduled") else ""


def no_entities_note(query: str | None) -> None:
    """On stderr, for `mrag entities` that lists nothing (an empty table says nothing)."""
    from minirag_cli.store.lookup import shorten

    note(f"No entity matches {shorten(query)!r}." if query and query.strip() else
         "The index holds no entities yet: `mrag sync DIR` extracts them from the notes.", markup=False)


def counted(n: int, word: str) -> str:
    """`1 note`, `3 notes`: "1 mentions in 1 chunks of 1 notes" is what a user reads first of most entities."""
    return f"{n} {word}{'s' * (n != 1)}"


def render_entity(e: dict, console: Console) -> None:
    """`mrag entity`: aliases, neighbours and notes."""
    console.print(f"[bold]{escape(e['name'])}[/] ({escape(e['type'])}) · {counted(e['mentions'], 'mention')} in "
                  f"{counted(e['chunks'], 'chunk')} of {counted(e['notes_total'], 'note')}", highlight=False)
    shown = [a for a in e["aliases"] if not is_id_alias(a["alias"])]  # ids counted, listed by --json
    listed = [f"{a['alias']} ×{a['count']}" + (f" ({a['merge']})" if a["merge"] in ("fuzzy", "alias") else "")
              for a in shown]
    aliases = ", ".join(filter(None, [*listed, ids_counted(len(e["aliases"]) - len(shown))]))
    console.print(f"[bold]aliases[/] {escape(aliases) or '-'}", highlight=False)
    near = Table(title=f"neighbours ({len(e['neighbours'])} of {e['neighbours_total']})")
    for col in ("name", "type", "weight"):
        near.add_column(col, justify="right" if col == "weight" else "left")
    for n in e["neighbours"]:
        near.add_row(escape(n["name"]), n["type"], str(n["weight"]))
    console.print(near)
    docs = Table(title=f"notes ({len(e['notes'])} of {e['notes_total']})")
    for col in ("path", "mentions", "lines"):
        docs.add_column(col, justify="right" if col == "mentions" else "left")
    for d in e["notes"]:
        docs.add_row(escape_name(d["path"]), str(d["mentions"]), f"{d['lines'][0]}-{d['lines'][1]}")
    console.print(docs)
    if e["other_matches"]:
        others = ", ".join(o["name"] for o in e["other_matches"])
        console.print(f"[dim]other matches: {escape(others)}[/]", highlight=False)


def print_show(item: dict, *, as_json: bool, text_only: bool) -> None:
    if as_json:
        print_json(item)
    elif text_only:
        print_text(item["text"])
    else:
        render_item(item, stdout_console())


# ------------------------------------------------------------------ doctor, model info, messages

DOCTOR_STYLE = {"ok": "[green] ok [/]", "warn": "[yellow]warn[/]", "fail": "[bold red]FAIL[/]"}


def render_doctor(checks, ok: bool, console: Console) -> None:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for c in checks:
        fix = f"\n[cyan]fix:[/] {escape(c.fix)}" if c.fix and c.status != "ok" else ""
        table.add_row(DOCTOR_STYLE[c.status], c.name, escape(c.detail) + fix)
    console.print(table, highlight=False)
    warnings = sum(c.status == "warn" for c in checks)
    passed = "no check failed" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else "")
    console.print(passed if ok else "some checks failed", style="green" if ok else "bold red")


def print_doctor(checks, ok: bool, *, as_json: bool) -> None:
    if as_json:
        print_json({"ok": ok, "checks": [c.to_dict() for c in checks]})
    else:
        render_doctor(checks, ok, stdout_console())


def model_info_lines(data: dict) -> list[str]:
    """`mrag model info`: `key: value` lines (sizes human-readable)."""
    return [f"size: {human_bytes(value)}" if key == "size_bytes" else f"{key.replace('_', ' ')}: {value}"
            for key, value in data.items()]


def day_order_line(recorded: str | None, setting: dict | None, evidence: dict | None = None) -> str:
    """`mrag status`'s day order: the one the index read its notes' ambiguous slashed days in (dayorder.py), and a
    setting the next sync reads them otherwise with, or one that is no day order (Index.day_order_setting)."""
    line = (f"{recorded}: 11/12/2026 is {'11 December' if recorded == 'day-first' else 'November 12'} where its note "
            "does not settle it") if recorded else "unset: 11/12/2026 is a date only where its note settles it"
    from minirag_cli.dayorder import evidence_note

    said = evidence_note(evidence, recorded)  # the vault's order, or the days left unread and the setting
    if said:
        line += f"; {said}"
    if setting and setting.get("error"):
        line += f"; {setting['error'].rstrip('.')}: `mrag sync` fails until it is corrected"
    elif setting and setting["value"] != recorded:
        line += f"; {setting['source']} sets {setting['value']}: the next sync extracts every note anew"
    return line


def day_order_warning(setting: dict | None) -> None:
    """On stderr: the day_order setting is no day order (Index.day_order_setting); the index is read as recorded."""
    if setting and setting.get("error"):
        stderr_console().print(f"[yellow]warning[/] {escape(setting['error'].rstrip('.'))}: `mrag sync` fails until "
                               "it is corrected; this index's days are read as its last sync read them",
                               highlight=False, soft_wrap=True)


def note(message: str, *, markup: bool = True, soft_wrap: bool = True, highlight: bool = False) -> None:
    """A message on stderr, dim unless `markup` is off (never mixed into results)."""
    stderr_console().print(f"[dim]{message}[/]" if markup else visible(message), highlight=highlight,
                           soft_wrap=soft_wrap, markup=markup)


def eval_warnings(run, limit: int = 20) -> None:
    """`mrag eval`: expected paths the index does not hold, on stderr."""
    err = stderr_console()
    for item in run.unknown_paths[:limit]:
        # a Notion workspace exported anew: the same page under new ids, the path to write instead
        now = (f"; the same Notion page is indexed at {escape(item['now'])} (a re-export gives pages new ids)"
               if item.get("now") else "")
        if item.get("skipped"):  # a notebook, a script, a file too large: why the sync left it out
            now += f"; the last sync skipped it: {escape(item['skipped'])}"
        err.print(f"[yellow]warning[/] line {item['line']} ({escape(str(item['id']))}): {escape(item['path'])} "
                  f"is not in the index (left out of scoring){now}", highlight=False, soft_wrap=True)
    if len(run.unknown_paths) > limit:
        err.print(f"[yellow]warning[/] ... and {len(run.unknown_paths) - limit} more unknown paths "
                  "(all listed under unknown_paths in --json)", highlight=False)
    for item in run.ambiguous_paths[:limit]:
        err.print(f"[yellow]warning[/] line {item['line']} ({escape(str(item['id']))}): {escape(item['path'])} "
                  f"is ambiguous: {len(item['roots'])} synced folders hold it ({escape(', '.join(item['roots']))}); "
                  "left out of scoring, name one by its full path", highlight=False, soft_wrap=True)
    if len(run.ambiguous_paths) > limit:
        err.print(f"[yellow]warning[/] ... and {len(run.ambiguous_paths) - limit} more ambiguous paths "
                  "(all listed under ambiguous_paths in --json)", highlight=False)


def golden_unknown_keys(entries) -> None:
    """`mrag eval`: keys of the golden lines that eval reads nothing from
    (evaluate.unknown_keys), on stderr before the run, one line per key."""
    from minirag_cli.evaluate import GOLDEN_KEYS

    err = stderr_console()
    for item in entries:
        lines = item["lines"]
        shown = ", ".join(str(n) for n in lines[:10]) + (", ..." if len(lines) > 10 else "")
        meant = f'; did you mean "{item["known"]}"?' if item["known"] else ""
        err.print(f"[yellow]warning[/] key {escape(json.dumps(item['key'], ensure_ascii=False))} "
                  f"(line{'s' if len(lines) > 1 else ''} {shown}) is not read{meant} "
                  f"(a golden line's keys: {', '.join(GOLDEN_KEYS)})", highlight=False, soft_wrap=True)


def unscored_answers(questions, total: int) -> None:
    """`mrag eval --answers`: the questions with expected paths but no gold
    `answer`, on stderr before the run; the report would only count fewer
    questions (none at all for a golden set written for retrieval)."""
    if not questions:
        return
    lines = ", ".join(str(q.line) for q in questions[:10]) + (", ..." if len(questions) > 10 else "")
    stderr_console().print(f"[yellow]warning[/] {len(questions)} of {total} questions have expected paths but no "
                           f"\"answer\" to score against and are left out of --answers "
                           f"(line{'s' if len(questions) > 1 else ''} {lines})", highlight=False, soft_wrap=True)


def threshold_failures(lines: list[str]) -> None:
    for line in lines:
        stderr_console().print(f"[bold red]below threshold:[/] {line}", highlight=False)


class eval_progress:
    """A transient progress bar on stderr when it is a terminal; else (a log
    file) a plain line now and then (progress.EvalLog). Gives the tick,
    `tick(done, total)` (and `doing="answers"` for --answers)."""

    def __init__(self, console: Console | None = None):
        self.console, self.bar = console or stderr_console(), None

    def __enter__(self):
        if not self.console.is_terminal:
            from minirag_cli.progress import EvalLog

            self.bar = EvalLog(lambda line: note(line, markup=False))
            return self.bar
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("[bold]eval"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=self.console, transient=True)
        self.bar.start()
        task = self.bar.add_task("eval", total=None)
        return lambda done, total, doing=None: self.bar.update(task, completed=done, total=total)

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()


def answers_tick(tick):
    """eval_progress's tick for the questions --answers answers (a log line says `answers`)."""
    return lambda done, total: tick(done, total, doing="answers")


def print_error(exc) -> None:
    """A MragError as one `error:` line plus an optional `hint:` line on stderr."""
    err = stderr_console()
    # soft_wrap: one line per message even when stderr is not a terminal (no 80-column wrap)
    err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
    if exc.hint:
        err.print(f"[dim]hint:[/] {escape(exc.hint)}", highlight=False, soft_wrap=True)


def write_graph_view(view, path=None, *, folder=None):
    """`mrag graph view`: the HTML page (graph_page.py) of a GraphView, each
    result's reasons worded as `ask --explain` words them; written to `path`,
    else to a name made from what the view shows, in `folder` (made when
    missing), else in the current folder. Returns the written file's absolute path."""
    from pathlib import Path

    from minirag_cli.errors import MragError
    from minirag_cli.graph_page import write_page
    from minirag_cli.graph_view import default_filename

    data = view.to_dict()
    for r in (data["story"] or {}).get("results", []):
        r["why"] = explain_lines(r.pop("explain"))
    if path is None and folder is not None:
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)  # mrag's own cache folder, not a path typed
        except OSError as exc:
            raise MragError(f"Cannot make the folder {folder}: {exc.strerror or exc}.",
                            hint="Write the page elsewhere with -o FILE.") from None
        path = Path(folder) / default_filename(view)
    # `path` as given: "-" (stdout, refused here) is told apart from Path("-"), a file (files.STREAM)
    return write_page(data, Path(default_filename(view)) if path is None else path).resolve()


def deliver_page(path, *, open_it: bool) -> None:
    """A written page: its path on stdout, or (--open) opened in the default browser."""
    if open_it:
        import webbrowser

        note(f"wrote {path}; opening it in the browser", markup=False)
        if webbrowser.open(path.as_uri()):
            return
        note("no browser could be opened (none found, or no display); open the file yourself", markup=False)
    print_lines([path])


def print_sync(summary: dict, *, as_json: bool, one_line: bool = False) -> None:
    """The sync's summary; `one_line` (--watch --json) keeps stdout JSON Lines,
    as the per-note lines that follow it are."""
    print_json(summary, one_line=one_line) if as_json else render_sync_summary(summary, stdout_console())


def waiting(line: str) -> None:
    """`mrag sync --wait`: the line saying that it waits for another sync, on
    stderr, once (--json and -q too: stdout is the summary's)."""
    note(line, markup=False)


def interrupted_sync(*, as_json: bool, one_line: bool = False):
    """What `mrag sync` prints of a sync Ctrl-C or SIGTERM stopped
    (Index.sync's on_interrupted): with --json, its summary all the same,
    what it did and `"interrupted": true`, so a script (a cron job) has its
    record; None without (the stderr line says what is kept, as before)."""
    if not as_json:
        return None
    return lambda summary: print_sync(summary.to_dict(), as_json=True, one_line=one_line)


def print_data(data, render, *, as_json: bool) -> None:
    """JSON on stdout, or `render(data, console)` on a terminal."""
    print_json(data) if as_json else render(data, stdout_console())


def sync_progress():
    """A sync's progress on stderr: a bar on a terminal; else (a log file:
    cron, systemd, `2> sync.log`) a plain line now and then (progress.LogProgress)."""
    err = stderr_console()
    if not err.is_terminal:
        from minirag_cli.progress import LogProgress

        return LogProgress(lambda line: note(line, markup=False))
    from minirag_cli.progress import RichProgress

    return RichProgress(err)


def forgotten_indexes(choice) -> None:
    """On stderr: records of moved or deleted indexes that were dropped."""
    err = stderr_console()
    for gone in choice.forgotten:
        err.print(f"[yellow]warning[/] forgetting {escape(gone.db)} (synced from {escape(gone.folder())}): "
                  "the index file is gone (moved or deleted)", highlight=False, soft_wrap=True)


def which_index(choice) -> None:
    """On stderr: the index a command uses when the record of synced indexes
    chose it (rather than --db, MRAG_DB or a .mrag/ above the current folder)."""
    if choice.from_record:
        from minirag_cli.synced import describe_choice

        stderr_console().print(f"[dim]{escape(describe_choice(choice.known))}[/]", highlight=False,
                               soft_wrap=True)


ANSWER_ROWS = [("accuracy", "accuracy"), ("declines", "declines (unanswerable)"),
               ("false_declines", "false declines"), ("grounded", "grounded (right, citing an expected note)"),
               ("citations_removed", "citations removed"),
               ("echoed_examples", "worked examples echoed (declined)"),
               # the time and token rows are over the model's answers only: this row is their n
               ("model_answers", "model answers (n of the rows below)"),
               ("seconds_p50", "seconds per model answer p50"), ("seconds_p95", "seconds per model answer p95"),
               ("prompt_tokens", "prompt tokens per model answer"),
               ("evaluated_tokens", "evaluated tokens per model answer"),
               ("output_tokens", "output tokens per model answer"),
               ("judge_accuracy", "judge: right"), ("judge_agrees", "judge agrees with the rule"),
               ("judge_unclear", "judge: no clear verdict")]


def render_answers(report: dict, console: Console) -> None:
    """`mrag eval --answers`: one row per metric, one column per question type and kind of gold."""
    # a kind of gold named like a question type (`unanswerable` always, `content` or `yes/no` when a
    # golden set uses them as types) is shown once when both hold the same questions, else beside it
    groups = dict(report["groups"])
    for kind, summary in report["kinds"].items():
        if groups.get(kind) != summary:
            groups[kind if kind not in groups else f"{kind} (gold)"] = summary
    mode = f"mode {escape(report['mode'])} · " if report.get("mode") else ""  # the sources' mode
    table = Table(title=f"answers · {escape(report['model'])} · prompt {report['prompt_version']} · {mode}"
                        f"{report['questions']} questions, {report['model_calls']} model calls, "
                        f"{report['cached']} cached")
    table.add_column("metric", style="bold")
    for g in groups:
        table.add_column(escape(g), justify="right")
    table.add_row("n", *[str(v["n"]) for v in groups.values()])
    for key, label in ANSWER_ROWS:
        values = [v.get(key) for v in groups.values()]
        if all(x is None for x in values):
            continue
        # a token count is a whole number ("688", not "688.000"); shares and seconds keep 3 decimals
        shown = "{:.0f}" if key.endswith("_tokens") else "{:.3f}"
        table.add_row(label, *["-" if x is None else (shown.format(x) if isinstance(x, float) else str(x))
                               for x in values])
    console.print(table)
