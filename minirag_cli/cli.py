"""The `mrag` command line: a thin layer over the library. The commands
(commands/*) register on `app.app`; each opens the Index (app.open_index),
makes one library call and renders the result with format.py. Here, in one
place, library errors (MragError) become a one-line message and exit code 1
(2 for usage); MRAG_DEBUG=1 shows the traceback instead."""

from __future__ import annotations

import errno
import io
import sys

import typer

from minirag_cli.app import InterruptedSaying, OutputClosed, app
from minirag_cli.commands import core  # noqa: F401,I001  (sync, status, entities: listed first in --help)
from minirag_cli.commands import tasks  # noqa: F401,I001  (after entities in --help)
from minirag_cli.commands import ask, doctor, evalcmd, extras, model  # noqa: F401  (they register on app)
from minirag_cli.errors import MragError

__all__ = ["app", "main"]

INTERRUPTED = "interrupted; everything committed so far is kept.\n"
_NO_ROOM = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}  # a write that found no room


class _ClosedStdout(io.TextIOBase):
    """stdout of a process started with it closed (`mrag status >&-`):
    Python sets sys.stdout to None, and the first print would end in an
    AttributeError; the first write is this clear error instead (a command
    that writes nothing to stdout runs as usual)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise MragError("stdout is closed: the output cannot be written.",
                        hint="Run the command without >&-, or send its output to a file or to /dev/null.")


class _ClosedStdin(io.TextIOBase):
    """stdin of a process started with it closed (`mrag ask - <&-`, a
    supervisor that closes it): Python sets sys.stdin to None, and `ask -`,
    `ask -i` and `mcp` ended in "unexpected AttributeError ... please report
    it". Here it is no terminal, and the first read is this clear error (a
    command that reads nothing from stdin runs as usual)."""

    closed_at_start = True  # evaluate._stdin_text says what eval wanted from it

    def isatty(self) -> bool:
        return False

    def readable(self) -> bool:
        return True

    def _closed(self):
        raise MragError("stdin is closed: the input cannot be read.",
                        hint="Run the command without <&-, give it its input (< file, a pipe), "
                             "or </dev/null for none.")

    def read(self, size: int | None = -1) -> str:
        self._closed()

    def readline(self, size: int | None = -1) -> str:
        self._closed()

    @property
    def buffer(self):  # the MCP SDK and eval read bytes
        self._closed()


def main() -> None:
    """Entry point: run the app, turning library errors into one-line messages."""
    from minirag_cli.config import environment

    if sys.stdout is None:
        sys.stdout = _ClosedStdout()
    if sys.stdin is None:
        sys.stdin = _ClosedStdin()
    _degrade_unencodable()
    try:
        rv = app(standalone_mode=False)
        sys.stdout.flush()  # what is still buffered: a reader gone is found here, not at the exit
        if rv == 130:  # typer catches Ctrl-C in a command and returns Exit(130)'s code
            sys.stderr.write(INTERRUPTED)
            rv = _interrupted_code()
        if isinstance(rv, int) and rv:
            sys.exit(rv)
    except MragError as exc:
        if environment().debug:
            raise
        from minirag_cli.format import print_error

        print_error(exc)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        _ignore_interrupts()
        sys.stderr.write(INTERRUPTED)
        sys.exit(_interrupted_code())
    except InterruptedSaying as exc:  # Ctrl-C whose command knows what it left
        _ignore_interrupts()
        sys.stderr.write(exc.message + "\n")
        sys.exit(_interrupted_code())
    except (OutputClosed, BrokenPipeError) as exc:
        _output_closed(getattr(exc, "exit_code", 0))
    except SystemExit:
        raise
    except Exception as exc:  # click usage errors and the unexpected
        _unexpected(exc, environment().debug)


def _degrade_unencodable() -> None:
    """A character the output's encoding cannot hold (a note's `Zoë` with
    PYTHONIOENCODING=ascii, or a C locale's ascii stdout) is written as a
    backslash escape (`Zo\\xeb`), not the "unexpected UnicodeEncodeError" that
    lost the whole output; JSON is written with \\u escapes instead
    (format.print_json), so it stays JSON. Python's stderr does so already."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # closed or detached: nothing to write to anyway
                pass


def _ignore_interrupts() -> None:
    """The command is ending on Ctrl-C: one more (a user pressing it again)
    must not raise a KeyboardInterrupt out of the handler, a traceback in
    place of the closing line."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread (an in-process caller)
        pass


def _interrupted_code() -> int:
    """130 for Ctrl-C; 143 for a SIGTERM that app.sigterm_as_interrupt turned into one."""
    from minirag_cli.app import TERMINATED

    return 143 if TERMINATED["by_sigterm"] else 130


def _output_closed(exit_code: int = 0) -> None:
    """stdout's reader went away (`| head -1`): it had what it wanted, so
    stop quietly with the exit code the command would have had (0 for every
    command that got that far; 2 for the help of `mrag` given no command,
    a usage error whoever reads it). Python's own flush
    of stdout at the exit would fail on the pipe again (an `Exception
    ignored` message, exit code 120): stdout is /dev/null from here on."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor: nothing will be flushed to it either
        pass
    sys.exit(exit_code)


def _unexpected(exc: Exception, debug: bool) -> None:
    import click

    click_errors: tuple = (click.ClickException,)
    try:  # typer >= 0.2x vendors its own copy of click
        from typer._click.exceptions import ClickException as TyperClickException

        click_errors += (TyperClickException,)
    except ImportError:
        pass
    if isinstance(exc, (click.exceptions.Abort, typer.Abort)):
        sys.exit(130)
    if isinstance(exc, click_errors):
        _usage_error(exc)
    if isinstance(exc, (click.exceptions.Exit, typer.Exit)):
        sys.exit(exc.exit_code)
    if debug:
        raise
    from minirag_cli.app import state
    from minirag_cli.db import explain_sqlite_error, recorded_roots_at

    known = explain_sqlite_error(exc, recorded_roots_at(state.opened) if state.opened else None, state.opened)
    if known is not None:  # damage found mid-query, a lock held too long
        sys.stderr.write(f"error: {known}\nhint: {known.hint}\n")
        sys.exit(known.exit_code)
    if isinstance(exc, OSError) and exc.errno in _NO_ROOM:
        # `mrag status --json > out.json` on a full disk (or `> /dev/full`): stdout's write names no
        # file, and said "unexpected OSError ... please report it", as if mrag were at fault
        where = f" ({exc.filename})" if exc.filename else ""
        sys.stderr.write(f"error: {exc.strerror}{where}: the output was not all written.\n"
                         "hint: Free some space (df -h shows where), then run the command again.\n")
        _output_closed(1)  # what stdout still holds must not fail again at the exit
    if isinstance(exc, OverflowError) and "SQLite INTEGER" in str(exc):  # --notes 99999999999999999999
        sys.stderr.write("error: A number given is too large (SQLite's integers end at 9223372036854775807).\n")
        sys.exit(2)
    sys.stderr.write(f"error: unexpected {type(exc).__name__}: {exc}\n"
                     "Set MRAG_DEBUG=1 to see the traceback, and please report it.\n")
    sys.exit(1)


def _usage_error(exc: Exception) -> None:
    """A click usage error (no such command or option, a missing or invalid
    argument) as mrag's other errors are written: one `error:` line and a
    `hint:` line, here the command's usage and its -h (click wrote four lines:
    usage, "Try ... for help.", a blank line, "Error: ..."). Exit code as
    click's (2 for usage)."""
    from minirag_cli.errors import MragError
    from minirag_cli.format import print_error

    message = exc.format_message().strip()
    ctx = getattr(exc, "ctx", None)
    if not message and ctx is not None and getattr(ctx.command, "commands", None):
        # a group given no command (`mrag graph`): typer printed its help and left the error's message
        # empty, so `error: ` stood alone under the help; say what mrag's own group says
        message = "Missing command."
    if message and message[-1] not in ".!?":
        message += "."
    hint = _dash_argument_hint(exc, sys.argv[1:])
    if hint is None and (hint := _global_option_hint(exc, sys.argv[1:])) is not None:
        # not click's "No such option: --db (Possible options: --mode)": the option exists, before the command
        message = f"{exc.option_name} is mrag's own option, not one of `{_command_words(ctx) or 'the command'}`'s."
    if hint is None and (meant := _subcommand_option(exc, sys.argv[1:])) is not None:
        # `mrag graph --format json`: the option is its command's (`graph export`), not the group's
        message, hint = f"{message} Did you mean `{meant[0]}`?", meant[1]
    missing = _missing_argument(exc)
    if missing is not None:
        message = missing[0]
    if hint is None and ctx is not None:
        usage = " ".join([ctx.command_path, *ctx.command.collect_usage_pieces(ctx)])
        if missing is not None:  # what to type, after the usage that names it
            usage += f", e.g. {ctx.command_path} {missing[1]}"
        helps = ctx.command.get_help_option(ctx) is not None and ctx.help_option_names
        hint = f"usage: {usage}" + (f"  ({ctx.command_path} {helps[0]} for help)" if helps else "")
    error = MragError(message, hint=hint)
    print_error(error)
    sys.exit(exc.exit_code)


# What each command's required argument is, said when it is missing (click's "Missing argument
# 'dirs'." named a parameter of the code, not what to type), and an example of it.
# test_bad_input checks that every required argument has its entry.
MISSING_ARGUMENTS = {
    ("sync", "dirs"): ("Give the folder(s) of notes to sync.", "~/notes"),
    ("eval", "golden"): ("Give the golden set to measure against: a JSON Lines file (- reads it from stdin).",
                         "golden.jsonl"),
    ("show", "target"): ("Give what to show: PATH, PATH:LINE, PATH:FIRST-LAST or CHUNK_ID, as mrag ask "
                         "prints them.", "notes/berlin.md:12"),
    ("entity", "name"): ("Give the entity to show: its name or an alias.", '"Wolfgang Schulz"'),
    ("model info", "path"): ("Give the GGUF model file to inspect.", "model.gguf"),
}


def _command_words(ctx) -> str:
    """The command's words after mrag's own name (`graph export`); '' for mrag itself."""
    names, at = [], ctx
    while at is not None and at.parent is not None:
        names.insert(0, at.info_name)
        at = at.parent
    return " ".join(names)


def _missing_argument(exc: Exception) -> tuple[str, str] | None:
    """(message, example) for a missing argument (MISSING_ARGUMENTS; one
    not listed: its name and help), None for any other usage error."""
    param, ctx = getattr(exc, "param", None), getattr(exc, "ctx", None)
    if type(exc).__name__ != "MissingParameter" or param is None or ctx is None \
            or param.param_type_name != "argument":
        return None
    known = MISSING_ARGUMENTS.get((_command_words(ctx), param.name))
    if known is not None:
        return known
    name = (param.metavar or param.name or "").upper()
    return f"Give {name}: {getattr(param, 'help', None) or 'it is required.'}", name


def _dash_argument_hint(exc: Exception, argv: list[str]) -> str | None:
    """After "No such option: -r": when the word it came from is a file name
    (`mrag show -rf.md`, a note named -rf.md), how to give it as one; when it
    is a question (`mrag ask "-20 degrees in Berlin?"`), the command to type,
    the question after `--`. None when no argument looks like either."""
    import os

    from minirag_cli.hints import mrag_command

    option = getattr(exc, "option_name", None)
    if type(exc).__name__ != "NoSuchOption" or not option or option.startswith("--"):
        return None
    for word in argv:
        if word == "--":
            return None
        if not word.startswith(option):
            continue
        if os.path.lexists(word) or "/" in word or ("." in word and " " not in word):
            return (f"{word!r} looks like a file name, read as options since it starts with -: write ./{word}, "
                    "or put -- before it.")
        if word[1:2].isdigit() or any(c.isspace() for c in word):
            rest = [a for a in argv if a is not word]
            return mrag_command(*rest, "--", word)
    return None


def _subcommand_option(exc: Exception, argv: list[str]) -> tuple[str, str] | None:
    """After "No such option: --format" given to a group of commands (`mrag graph --format json`): (the command
    line with the command of the group that takes it, what to read), the first such command's; None for any other
    error, an option none of the group's commands takes, or a command line not ending in the group's words and
    what followed them."""
    from minirag_cli.hints import mrag_command

    ctx, option = getattr(exc, "ctx", None), getattr(exc, "option_name", None)
    commands = getattr(getattr(ctx, "command", None), "commands", None)
    if type(exc).__name__ != "NoSuchOption" or not option or not commands:
        return None
    taking = [name for name, command in commands.items() if not getattr(command, "hidden", False)
              and any(option in (*p.opts, *p.secondary_opts) for p in command.params)]
    if not taking:
        return None
    words = _command_words(ctx).split()
    # where the group's words end in what was typed: the command goes right after them
    at = next((i + len(words) for i in range(len(argv) - len(words) + 1) if argv[i:i + len(words)] == words), None)
    if at is None:
        return None
    others = f" (and {', '.join(taking[1:])})" if taking[1:] else ""
    return (mrag_command(*argv[:at], taking[0], *argv[at:]),
            f"{option} is an option of `{ctx.command_path} {taking[0]}`{others}, not of `{ctx.command_path}` "
            f"itself ({ctx.command_path} {taking[0]} -h for help)")


def _global_option_hint(exc: Exception, argv: list[str]) -> str | None:
    """After "No such option: --db": `--db` is mrag's own option, not a
    command's, so it goes before the command (`mrag ask "..." --db X` said
    only that ask has no such option, with "Possible options: --mode"): the
    command as it is to be typed; after "No such option: --version", `mrag
    --version`. None for any other option, or when it came after `--` (the
    question's text)."""
    from minirag_cli.hints import mrag_command

    if type(exc).__name__ != "NoSuchOption" or getattr(exc, "option_name", None) not in ("--db", "--version"):
        return None
    given = argv[:argv.index("--")] if "--" in argv else argv
    if exc.option_name == "--version":  # `mrag ask --version`: mrag's version, whatever the command
        return "--version is given alone, before any command: mrag --version" if "--version" in given else None
    if sum(w == "--db" or w.startswith("--db=") for w in given) != 1:  # also before the command: no one fix
        return ("--db names the index for every command: give it once, before the command "
                "(mrag --db FILE COMMAND ...)")
    rest, value = [], None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if value is None and word == "--db":
            value = next(words, None)
            if value is None:  # `mrag ask x --db`: no file named
                return "--db names the index for every command, so it goes before the command: mrag --db FILE ..."
        elif value is None and word.startswith("--db="):
            value = word[len("--db="):]
        else:
            rest.append(word)
    if value is None:
        return None
    return "--db names the index for every command, so it goes before the command: " + mrag_command(*rest, index=value)
