"""Folders of software a vault may hold beside its notes, which no person wrote: a JavaScript tool's
`node_modules/` (and Bower's `bower_components/`), a Python virtual environment (a folder holding
`pyvenv.cfg`, whatever its name: `venv/`, `env/`), `site-packages/` and `dist-packages/`, and Python's
`__pycache__/`. Indexed, a `tools/node_modules/` of 241 packages put five package READMEs above the design note
for "what did we decide about retries?", only package CHANGELOGs for "what changed in v2.14.1?", and Node,
Sindre Sorhus and Changelog among the entities (qa s52). Skipped by every walk (walk.walk_notes: sync, `--watch`'s
re-syncs, the added-notes check of `ask` and `status`) and listed once as skipped, with how to index one: a
negation line in .mragignore (`!node_modules/`). `__pycache__/` holds compiled code alone: passed over unlisted.
Only names that are never a person's own folder: not `build`, `dist`, `target` or `vendor`."""

from __future__ import annotations

import os

# folders named so hold packages (npm's and Bower's, pip's and Debian's Python packages)
PACKAGE_FOLDER_NAMES = frozenset({"node_modules", "bower_components", "site-packages", "dist-packages"})
# what `python -m venv` and virtualenv (20 and later) write at the top of every environment they make
VENV_MARKER = "pyvenv.cfg"
# compiled Python, never a note: passed over without a line
SILENT_FOLDER_NAMES = frozenset({"__pycache__"})


def package_reason(name: str) -> str:
    """Why the package folder `name` is skipped, and how to index it."""
    return f"a package folder (software dependencies, not notes: write `!{name}/` in .mragignore to index it)"


def venv_reason(name: str) -> str:
    """Why the Python virtual environment `name` is skipped, and how to index it."""
    return (f"a Python virtual environment (it holds {VENV_MARKER}: write `!{name}/` in .mragignore to index "
            "it)")


def package_folder(path: str) -> str | None:
    """Why the folder at `path` is a package folder a walk skips (package_reason, venv_reason; "" for one
    passed over unlisted: SILENT_FOLDER_NAMES), else None. A stat, for a folder of any other name."""
    name = os.path.basename(path)
    if name in SILENT_FOLDER_NAMES:
        return ""
    if name in PACKAGE_FOLDER_NAMES:
        return package_reason(name)
    if os.path.isfile(os.path.join(path, VENV_MARKER)):
        return venv_reason(name)
    return None


def kept_by_ignore(spec, reldir: str) -> bool:
    """Does .mragignore (`spec`, a pathspec.GitIgnoreSpec or None) keep the folder `reldir` ("a/b/") by a
    negation line (`!node_modules/`, `!tools/node_modules/`): indexed as any other folder?"""
    return spec is not None and spec.check_file(reldir).include is False


def package_folder_of(root: str | os.PathLike, rel: str, spec=None) -> tuple[str, str] | None:
    """(the folder from `root`, why it is skipped) for the file `rel` of the synced folder `root` when it is in a
    package folder (package_folder of a folder above it, not kept by .mragignore's `spec`), else None."""
    parts = rel.split("/")
    for i in range(1, len(parts)):
        folder = "/".join(parts[:i])
        why = package_folder(os.path.join(root, folder))
        if why is not None and not kept_by_ignore(spec, folder + "/"):
            return folder, why
    return None
