"""The `mrag` command line: a thin layer over the library. The commands
(commands/*) register on `app.app`; each opens the Index (app.open_index),
makes one library call and renders the result with format.py. Here, in one
place, library errors (MragError) become a one-line message and exit code 1
(2 for usage); MRAG_DEBUG=1 shows the traceback instead."""

from __future__ import annotations

import sys

import typer

from minirag_cli.app import app
from minirag_cli.commands import core  # noqa: F401,I001  (sync, status, entities: listed first in --help)
from minirag_cli.commands import ask, doctor, evalcmd, extras, model  # noqa: F401  (they register on app)
from minirag_cli.errors import MragError

__all__ = ["app", "main"]

INTERRUPTED = "interrupted; everything committed so far is kept.\n"


def main() -> None:
    """Entry point: run the app, turning library errors into one-line messages."""
    from minirag_cli.config import environment

    try:
        rv = app(standalone_mode=False)
        if rv == 130:  # typer catches Ctrl-C in a command and returns Exit(130)'s code
            sys.stderr.write(INTERRUPTED)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
    except MragError as exc:
        if environment().debug:
            raise
        from minirag_cli.format import print_error

        print_error(exc)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # click usage errors and the unexpected
        _unexpected(exc, environment().debug)


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
        exc.show()
        hint = _dash_argument_hint(sys.argv[1:]) if type(exc).__name__ == "NoSuchOption" else None
        if hint:
            sys.stderr.write(f"hint: {hint}\n")
        sys.exit(exc.exit_code)
    if isinstance(exc, (click.exceptions.Exit, typer.Exit)):
        sys.exit(exc.exit_code)
    if debug:
        raise
    from minirag_cli.db import explain_sqlite_error

    known = explain_sqlite_error(exc)
    if known is not None:  # damage found mid-query, a lock held too long
        sys.stderr.write(f"error: {known}\nhint: {known.hint}\n")
        sys.exit(known.exit_code)
    if isinstance(exc, OverflowError) and "SQLite INTEGER" in str(exc):  # --notes 99999999999999999999
        sys.stderr.write("error: A number given is too large (SQLite's integers end at 9223372036854775807).\n")
        sys.exit(2)
    sys.stderr.write(f"error: unexpected {type(exc).__name__}: {exc}\n"
                     "Set MRAG_DEBUG=1 to see the traceback, and please report it.\n")
    sys.exit(1)


def _dash_argument_hint(argv: list[str]) -> str | None:
    """For "No such option: -2": an argument that starts with a dash (`mrag
    ask "-20 degrees in Berlin?"`) is read as options; after `--` it is the
    argument. The command to type, or None when no argument looks like one."""
    import shlex

    for arg in argv:
        if arg == "--":
            return None
        if arg.startswith("-") and len(arg) > 1 and (arg[1].isdigit() or any(c.isspace() for c in arg)):
            rest = [a for a in argv if a is not arg]
            return "mrag " + " ".join(shlex.quote(a) for a in rest) + " -- " + shlex.quote(arg)
    return None
