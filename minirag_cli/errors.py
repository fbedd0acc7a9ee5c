"""Exceptions the library raises on purpose; the CLI turns them into one-line
errors (set MRAG_DEBUG=1 to see the traceback instead); and SIGTERM turned
into the KeyboardInterrupt the commands already handle as Ctrl-C."""

from __future__ import annotations

import contextlib
from typing import Callable, Iterator


class MragError(Exception):
    """Base of every error a user can act on. `hint` says what to do."""

    exit_code = 1

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.hint = hint


class DatabaseError(MragError):
    """The index file is missing, corrupt, locked or from another version."""


class SchemaTooNew(DatabaseError):
    pass


class EmbedderMismatch(DatabaseError):
    pass


class NoRoom(DatabaseError):
    """The index's disk is full (or its page limit reached): the write was rolled back."""


class SyncLocked(MragError):
    """Another `mrag sync` holds the database."""

    holder = ""  # " (pid N)" when the lock file says which process holds it


class ModelError(MragError):
    """A model file or model package is missing, unreadable or not usable."""


class IgnoreFileError(MragError):
    """A folder's .mragignore (`path`) cannot be read or holds an invalid
    pattern (`reason` says which)."""

    def __init__(self, path, reason: str, hint: str | None = None):
        super().__init__(f"{path}: {reason}.", hint)
        self.path, self.reason = str(path), reason


class WatchStopped(MragError):
    """`mrag sync --watch` cannot go on (or start): the file watcher failed (a
    system limit, a folder it cannot read), a watched folder or the index
    went away. Everything synced before is kept."""


class GoldenFileError(MragError):
    """A golden set is malformed."""


class UsageError(MragError):
    exit_code = 2


class Interrupted(KeyboardInterrupt):
    """Ctrl-C that knows what it left: `message` replaces the CLI's general
    "everything committed so far is kept" (a rebuild stopped keeps none of its
    notes: the index is as it was, `kept` False). Still a KeyboardInterrupt for callers."""

    def __init__(self, message: str, *, kept: bool = True):
        super().__init__(message)
        self.message, self.kept = message, kept


@contextlib.contextmanager
def sigterm_as_interrupt(on_signal: Callable[[], None] | None = None) -> Iterator[None]:
    """SIGTERM (`kill`, a service manager) during the block raises
    KeyboardInterrupt, as Ctrl-C does, after `on_signal`; outside the main
    thread (an in-process caller) the signal stays as it was."""
    import signal

    def handler(_signum, _frame):
        if on_signal is not None:
            on_signal()
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
