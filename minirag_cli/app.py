"""The Typer application the `mrag` commands register on, and the two things
every command needs: its settings and its open Index.

Command modules (commands/*) import this module and add their commands to
`app`; cli.py imports those modules and runs the app. Nothing here imports
a command module, so there is no cycle.

In-process callers (tests) can hand the commands their seams through
click's `obj`: `CliRunner().invoke(app, [...], obj=Seams(llm=fake))`, so a
fake LLM or embedder reaches `ask` through Index, not by patching a module.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from minirag_cli import __version__

class OutputClosed(Exception):
    """stdout's reader went away before the command was done (`mrag ... |
    head -1`): the end of the command, not an error (cli.main); `exit_code`
    is what the command would have ended with (0, or 2 for the help a group
    or command given no arguments prints as a usage error)."""

    def __init__(self, exit_code: int = 0):
        super().__init__()
        self.exit_code = exit_code


class InterruptedSaying(Exception):
    """Ctrl-C that says what it left (errors.Interrupted), carried past typer,
    which turns every KeyboardInterrupt into a bare exit code 130: cli.main
    prints `message` in place of its general line and exits with 130."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


TERMINATED = {"by_sigterm": False}  # set when SIGTERM ended a command as Ctrl-C would (cli.main's exit code)


@contextlib.contextmanager
def sigterm_as_interrupt():
    """SIGTERM (`kill`, a service manager) during the block stops it as Ctrl-C
    does, so the command says what it kept; cli.main then exits 143 (128 +
    SIGTERM), as the signal itself would have. It raised nothing, so a plain
    `mrag sync` ended with exit 143 and not a word."""
    from minirag_cli.errors import sigterm_as_interrupt as interrupting

    with interrupting(lambda: TERMINATED.update(by_sigterm=True)):
        yield


class HelpToReaderGone:
    """The help (`--help`, a group given no command) and the version are
    printed while click parses the arguments, before any command is invoked;
    a broken pipe there becomes OutputClosed too. Click made it exit code 1
    (the version), and so did Rich, which typer prints the help with (its
    Console.on_broken_pipe: SystemExit(1) while handling the BrokenPipeError),
    so `mrag --help | head -1` failed under `set -o pipefail`.

    A usage error click's option parser raises without the command's context
    (`--k` given no value: "Option '--k' requires an argument.") is given it,
    so that cli.py's hint names the command's usage as for every other one."""

    def parse_args(self, ctx, args):
        # the help a group or command given no arguments prints is a usage error (exit code 2)
        exit_code = 2 if not args and self.no_args_is_help and not ctx.resilient_parsing else 0
        try:
            return super().parse_args(ctx, args)
        except BrokenPipeError as exc:
            raise OutputClosed(exit_code) from exc
        except SystemExit as exc:
            if isinstance(exc.__context__, BrokenPipeError):  # Rich's exit for a broken pipe
                raise OutputClosed(exit_code) from exc.__context__
            raise
        except Exception as exc:
            if getattr(exc, "ctx", False) is None:  # click's UsageError (typer's copy of click's too)
                exc.ctx = ctx
            raise


class UsageFirst:
    """The help starts with its usage line, as click's and every Unix tool's
    does: `mrag --help | head -1` printed a blank line, the top of the
    padding typer's Rich help puts around the usage line (which also had a
    space on its left and spaces to the terminal's width on its right)."""

    def format_help(self, ctx, formatter):
        _usage_on_the_first_line()
        return super().format_help(ctx, formatter)


def _usage_on_the_first_line() -> None:
    """typer prints the usage line first, as Padding(usage, 1), on a console
    it makes for the help (rich_utils._get_rich_console); that console's
    first Padding printed loses its top, left and right (the rest of the
    help keeps its layout). Installed on the first help
    printed (typer.rich_utils imports Rich, which no command needs to start).
    Older typer without the function, or help without Rich, keep their own."""
    try:
        from rich.padding import Padding
        from typer import rich_utils
    except ImportError:
        return
    make_console = getattr(rich_utils, "_get_rich_console", None)
    if make_console is None or getattr(make_console, "mrag_usage_first", False):
        return

    def get_rich_console(*args, **kwargs):
        console = make_console(*args, **kwargs)
        console_print = console.print

        def print_first(*objects, **options):
            console.print = console_print  # the first print only
            if objects and isinstance(objects[0], Padding):
                objects[0].top = objects[0].left = objects[0].right = 0
                objects[0].expand = False  # nor the spaces to the width on its right
            return console_print(*objects, **options)

        console.print = print_first
        return console

    get_rich_console.mrag_usage_first = True
    rich_utils._get_rich_console = get_rich_console


# the commands a user tries to search the notes with, which `mrag ask` does (typer's "Did you mean" finds none:
# `mrag search Keller` said only "No such command 'search'.", qa51)
ASK_WORDS = frozenset({"search", "query", "find"})


class Group(UsageFirst, HelpToReaderGone, TyperGroup):
    """typer's group (mrag itself, `mrag graph`, ...), its help to a reader gone ending quietly, and `mrag
    search ...` pointed to `mrag ask`."""

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except Exception as exc:
            if getattr(exc, "exit_code", None) == 2 and args and args[0].lower() in ASK_WORDS \
                    and "ask" in self.commands:
                from minirag_cli.errors import UsageError

                raise UsageError(f"No such command {args[0]!r}. Did you mean 'ask'? `mrag ask QUESTION` searches "
                                 "the notes (and answers, with a model).", hint=ask_instead(args)) from None
            raise


def ask_instead(args: list[str]) -> str:
    """`mrag search Keller ablation --k 5` as `mrag ask`: the command line with `ask` for the command word and the
    words before the first option as one question (mrag's own options before the command kept, when `args`, the
    command word and what follows, are the end of the command line)."""
    import sys

    from minirag_cli.hints import AsIs, mrag_command

    argv = sys.argv[1:]
    before = argv[:len(argv) - len(args)] if len(argv) >= len(args) and argv[len(argv) - len(args):] == args else []
    rest = args[1:]
    words = next((i for i, a in enumerate(rest) if a.startswith("-")), len(rest))
    question = " ".join(rest[:words]) if words else AsIs("QUESTION")
    return mrag_command(*before, "ask", question, *rest[words:])


class Command(UsageFirst, HelpToReaderGone, TyperCommand):
    """A command whose usage line names its arguments as click does (`DIRS...`,
    `[QUERY]`): this typer writes a required one `{dirs}`, which a user reads
    as a placeholder left unformatted (`Usage: mrag sync [OPTIONS] {dirs}...`).
    A broken pipe on stdout becomes OutputClosed."""

    def invoke(self, ctx):
        from minirag_cli.errors import Interrupted

        try:
            return super().invoke(ctx)
        except Interrupted as exc:
            raise InterruptedSaying(exc.message) from exc
        except BrokenPipeError as exc:
            # click turns it into exit code 1 itself, so `mrag ask -i --json | head -1` failed
            # under `set -o pipefail` (and `mrag show X | head -1` did by how the race went)
            raise OutputClosed() from exc

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            is_argument = param.param_type_name == "argument"  # typer's own click, or click's
            pieces.extend([usage_name(param)] if is_argument else param.get_usage_pieces(ctx))
        return pieces


def usage_name(param) -> str:
    """An argument as the usage line shows it: NAME, [NAME] when optional, NAME... when it takes several."""
    name = (param.metavar or param.name or "").upper()
    if not param.required:
        name = f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _types_as_a_user_reads_them() -> None:
    """Typer 0.2x's help shows each parameter's type as Python spells it, a
    flag's as well: `--json <bool>` reads as an option that takes true or
    false (`mrag ask --json true` makes `true` the question), `--mode
    <list[str]>` as a Python list to write. A flag takes no value, so its type
    column stays empty, as click's own help leaves it; a repeatable option
    or an argument taking several shows its element's type (the `...` and
    "Repeat" already say there may be several). Older typer has no
    display_type_rich and shows neither."""
    from typer.core import TyperArgument, TyperOption

    for cls in (TyperArgument, TyperOption):
        shown = getattr(cls, "display_type_rich", None)
        if shown is None or getattr(shown, "mrag_readable", False):
            continue

        def display_type_rich(self, ctx, shown=shown):
            if getattr(self, "is_flag", False):
                return None
            label = shown(self, ctx)
            if isinstance(label, str) and label.startswith("<list[") and label.endswith("]>"):
                label = "<" + label[len("<list["):-len("]>")] + ">"
            return label

        display_type_rich.mrag_readable = True
        cls.display_type_rich = display_type_rich


_types_as_a_user_reads_them()


class Typer(typer.Typer):
    """typer.Typer whose commands are `Command`s (every command and subcommand of mrag)
    and whose groups are `Group`s."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("cls", Group)
        # `-h` as every other tool takes it ("No such option: -h" was the answer); no command uses
        # -h for anything else, and subcommands inherit the names from mrag's context
        kwargs.setdefault("context_settings", {"help_option_names": ["-h", "--help"]})
        super().__init__(*args, **kwargs)

    def command(self, *args, **kwargs):
        kwargs.setdefault("cls", Command)
        return super().command(*args, **kwargs)


app = Typer(
    name="mrag",
    help="A knowledge base for a folder of notes, in one SQLite file.\n\n"
         "Index: --db PATH, else $MRAG_DB, else the nearest .mrag/index.sqlite above the current "
         "directory, else db in the user config, else the index you synced most recently (mrag sync "
         "creates DIR/.mrag/index.sqlite when none is found).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


@dataclass
class Seams:
    """What an in-process caller injects into the Index the commands open."""

    embedder_factory: Optional[Callable[[str], object]] = None
    llm: object = None
    llm_name: str = ""


class State:
    db: Optional[str] = None
    seams: Seams = Seams()
    opened: Optional[Path] = None  # the index open_index opened: its folders named in an error's advice


state = State()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mrag {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(None, "--db", help="Index file (default: $MRAG_DB, the nearest "
                                                        ".mrag/index.sqlite, db in the config, or the index "
                                                        "synced last)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    if db is not None and not db.strip():
        # before any command looks for its index: an empty --db fell through to the record of
        # syncs, which said "using index ..." on stderr just before this usage error
        from minirag_cli.errors import UsageError

        raise UsageError(f"--db {db!r}: expected a path (a non-empty string).")
    state.db = db
    state.seams = ctx.obj if isinstance(ctx.obj, Seams) else Seams()
    state.opened = None


def index_path(sync_dirs: list[Path] | None = None) -> Path:
    """Where the index is (located, not opened): --db, MRAG_DB, the nearest .mrag/, ..."""
    from minirag_cli.config import resolve_db

    return resolve_db(state.db, sync_dirs=sync_dirs).path


def settings(db_path=None, sync_dirs: list[Path] | None = None, **flags):
    """Settings for a command: its flags (None = not given) over env vars,
    project and user config files and defaults (see config.py)."""
    from minirag_cli.config import effective

    return effective({"db": state.db, **flags}, db_path, sync_dirs=sync_dirs)


def open_index(*, sync_dirs: list[Path] | None = None, check: Callable | None = None, **flags):
    """The command's Index: located and opened first (a missing or damaged
    index fails before the flags are read), then given the settings the
    flags make, and the seams an in-process caller injected. `check(index)`
    refuses flags that do not go together (a UsageError) before the line
    naming the index the record of syncs chose is printed: that line says
    the command runs, and came just before the usage error."""
    from minirag_cli import format as fmt
    from minirag_cli.config import resolve_db, state_dir
    from minirag_cli.db import connect, index_exists
    from minirag_cli.index import Index

    choice = resolve_db(state.db, sync_dirs=sync_dirs)
    fmt.forgotten_indexes(choice)  # now: resolve_db dropped them from the record
    path = choice.path
    if not index_exists(path):
        from minirag_cli.synced import missing_index_error

        raise missing_index_error(choice, state_dir())
    conn = connect(path)
    try:
        index = Index(conn, settings(path, sync_dirs=sync_dirs, **flags), path, **vars(state.seams))
        if check is not None:
            check(index)
    except BaseException:
        conn.close()
        raise
    fmt.which_index(choice)  # on stderr: the index the record of syncs chose
    state.opened = path
    return index


def remember_sync(path: Path, roots: list[str]) -> None:
    """Record the index just synced from `roots`, so commands find it from
    any folder (synced.py)."""
    from minirag_cli.config import state_dir
    from minirag_cli.db import now_iso
    from minirag_cli.synced import record_sync

    record_sync(state_dir(), path, roots, now_iso())
