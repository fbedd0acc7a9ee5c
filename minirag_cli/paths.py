"""Where the index lives.

The rule, in order: `mrag --db PATH`; else the MRAG_DB environment variable;
else the nearest `.mrag/index.sqlite` found by walking up from the current
directory; else, for `mrag sync DIR`, the nearest one walking up from DIR, and
failing that a new `DIR/.mrag/index.sqlite`.
"""

from __future__ import annotations

import os
from pathlib import Path

INDEX_DIRNAME = ".mrag"
INDEX_FILENAME = "index.sqlite"


def find_upwards(start: Path) -> Path | None:
    start = start.resolve()
    for folder in (start, *start.parents):
        candidate = folder / INDEX_DIRNAME / INDEX_FILENAME
        if candidate.is_file():
            return candidate
    return None


def resolve_db_path(explicit: str | None = None, sync_dirs: list[Path] | None = None,
                    cwd: Path | None = None) -> tuple[Path, str]:
    """Return (path, why) following the rule above. `why` names the rule used."""
    if explicit:
        return Path(explicit).expanduser(), "--db"
    env = os.environ.get("MRAG_DB")
    if env:
        return Path(env).expanduser(), "MRAG_DB"
    found = find_upwards(cwd or Path.cwd())
    if found:
        return found, "found from the current directory"
    for folder in sync_dirs or []:
        found = find_upwards(folder)
        if found:
            return found, f"found from {folder}"
    if sync_dirs:
        return Path(sync_dirs[0]).resolve() / INDEX_DIRNAME / INDEX_FILENAME, "new, in the synced folder"
    return (cwd or Path.cwd()).resolve() / INDEX_DIRNAME / INDEX_FILENAME, "default (none found)"
