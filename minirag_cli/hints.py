"""The `mrag ...` command lines that errors and notes print for the user to run: one builder (mrag_command), so
every such line is quoted alike and names the index in use with --db where `mrag ...` alone would reach another.

A path is single-quoted when it holds anything a shell reads (shlex.quote): a space, $, `, ", !, ', ~, a glob
character. Pasted into sh, bash or zsh the line gives mrag the path as it is: double quotes, which one of the two
builders used, let $HOME, `...` and bash's !history expand, and broke at a " in a folder's name."""

from __future__ import annotations

import os
import shlex
from typing import Iterable


class AsIs(str):
    """A word of a command line printed as it is, not quoted: a placeholder the user replaces (DIR, NEWPATH) or an
    example the shell is meant to expand (~/notes)."""


def mrag_command(*words: str | os.PathLike, index: str | os.PathLike | None = None) -> str:
    """`mrag [--db INDEX] WORDS...`, each word shell-quoted (an AsIs one as it is). `index`: the index to name,
    None for a command that reaches the right one alone (named_index decides for a sync)."""
    named = ["--db", index] if index is not None else []
    return " ".join(["mrag", *(w if isinstance(w, AsIs) else shlex.quote(os.fspath(w)) for w in [*named, *words])])


def named_index(index: str | os.PathLike | None, roots: Iterable[str | os.PathLike]) -> str | None:
    """`index` when `mrag sync ROOTS` typed here without --db would sync another index (config.index_to_name), else
    None; an AsIs root (~/notes, NEWPATH) is taken as the shell would expand it."""
    from minirag_cli.config import index_to_name

    return index_to_name(index, [os.path.expanduser(r) if isinstance(r, AsIs) else r for r in roots])


def sync_command(roots: Iterable[str | os.PathLike], index: str | os.PathLike | None = None, *,
                 rebuild: bool = False, then: Iterable[str] = ()) -> str:
    """`mrag [--db INDEX] sync ROOT ... [--rebuild] [THEN...]` (DIR for no root), `index` named as given."""
    roots = list(roots) or [AsIs("DIR")]
    return mrag_command("sync", *roots, *(["--rebuild"] if rebuild else []), *then, index=index)


def sync_hint(roots: Iterable[str | os.PathLike], index: str | os.PathLike | None, *, rebuild: bool = False,
              then: Iterable[str] = ()) -> str:
    """sync_command for the index at `index`, named with --db only when `mrag sync ROOTS` alone would sync another
    (named_index: `mrag --db ~/work.sqlite ask ...` said `mrag sync /x`, which synced the default one). No root is
    DIR, a folder the user names: a sync given one never takes the index synced last, as `mrag sync` alone would."""
    roots = list(roots) or [AsIs("DIR")]
    return sync_command(roots, named_index(index, roots), rebuild=rebuild, then=then)
