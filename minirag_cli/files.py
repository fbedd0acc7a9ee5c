"""Writing the files a command is asked to write (`graph export -o`, `graph
view -o`, `eval --details`): into a folder that exists (a missing one is an
error, as with cp or tee: a typing slip in a path made folders, even at /), and an OSError
(a folder in the way, no permission, a full disk) turned into a MragError
the CLI shows as one line.

`-` is the shell's name for stdin or stdout, and `./-` the way to name a
file called -; pathlib reads both as Path("-"). So the word `-` means the
stream only as the str STREAM, never as a Path: the commands take such a
file parameter as the word typed (typer's `path_type=str`), and a caller
that means the file named - passes Path("-") or "./-"."""

from __future__ import annotations

from pathlib import Path

from minirag_cli.errors import MragError, UsageError

STREAM = "-"  # stdin or stdout, where a parameter takes it: only as this str (see above)


def write_output(path: str | Path, text: str, *, what: str = "") -> Path:
    """`text` written to `path` (UTF-8); `what` names the file in the error ("--details file ")."""
    check_output(path, what=what)  # a file where a folder would be made: mkdir says only "File exists"
    path = Path(path)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise MragError(f"Cannot write {what}{path}: {exc.strerror or exc}.") from None
    return path


def check_output(path: str | Path, *, what: str = "") -> None:
    """Fail before the work whose result goes to `path` when it could not be
    written there: a folder in the way, or a file where a folder would be
    made, or no folder at all. (write_output still reports what only the write finds.)"""
    if path == STREAM:  # the shell convention for stdout: a file named "-" is never what was meant
        raise UsageError(f"Cannot write {what}to - (stdout) here: give a file name.",
                         hint="`./-` is a file named -.")
    path = Path(path)
    if path.is_dir():
        raise MragError(f"Cannot write {what}{path}: Is a directory.",
                        hint=f"Give a file's name, not a folder's (a file in it: {path / 'NAME'}).")
    database = _sqlite_file_of(path)
    if database is not None:
        # `graph export -o index.sqlite` wrote GraphML over the index it had just read
        what_it_is = "an SQLite database" if database == path else f"a file of the SQLite database {database}"
        raise MragError(f"Cannot write {what}{path}: it is {what_it_is} (an index?), and mrag never overwrites one.",
                        hint="Choose another file name.")
    parent = next((p for p in path.parents if p.exists()), None)
    if parent is not None and not parent.is_dir():
        raise MragError(f"Cannot write {what}{path}: {parent} is not a folder.")
    folder = path.parent
    if not folder.exists():
        raise MragError(f"Cannot write {what}{path}: there is no folder {folder}.",
                        hint=f"Check the path, or make the folder first (mkdir -p {folder}).")


def _sqlite_file_of(path: Path) -> Path | None:
    """The SQLite database `path` is, or whose -wal, -shm or -journal file it
    is (an index and its companions), else None."""
    from minirag_cli.db import SQLITE_HEADER, file_head

    for suffix in ("", "-wal", "-shm", "-journal"):
        if not str(path).endswith(suffix):
            continue
        base = Path(str(path)[:len(str(path)) - len(suffix)]) if suffix else path
        try:
            if file_head(base) == SQLITE_HEADER:
                return base
        except OSError:
            continue
    return None
