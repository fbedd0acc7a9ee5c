"""Whether an index was written by a newer mrag than this one.

An index records the versions of the rules its notes were read and
extracted with: the heuristic rules (meta heuristic_version,
extract/rules_version.py VERSION), each folder's file readers (meta
reader_version, walk.READER_VERSION) and the llm extractor's prompt (the
`@wN` that ends meta extractor_model, extract/llm.py PROMPT_VERSION). A sync
by an older mrag than the one that wrote them would read or extract the
notes anew with its older rules, downgrading the index in silence, since
it takes any version other than its own for an older one: sync refuses
such an index (sync.check_not_newer), `mrag status` and `mrag doctor` say so.
"""

from __future__ import annotations

import re
from typing import Iterable

from minirag_cli import db

_PROMPT = re.compile(r"^w(\d+)$")


def _number(value) -> int | None:
    """A version recorded as a number (in JSON or as meta text), else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def _prompt_number(version: str) -> int | None:
    """N of a prompt version `wN`; None for another form (a test's own prompt)."""
    m = _PROMPT.match(version)
    return int(m.group(1)) if m else None


def newer_records(conn, roots: Iterable[str] | None = None) -> list[str]:
    """What the index records that a newer mrag wrote, each said as
    "heuristic rules 13 > 12", "file readers 3 > 2 of /notes" or "llm prompt
    w5 > w4" (recorded > this mrag's); [] when nothing is. `roots`: the
    folders whose file readers count (None: every folder's). Whether the
    index holds notes is the caller's to ask: an empty one loses nothing."""
    from minirag_cli.extract.rules_version import VERSION
    from minirag_cli.extract.llm import PROMPT_VERSION
    from minirag_cli.walk import READER_VERSION

    newer = []
    rules = _number(db.get_meta(conn, db.HEURISTIC_VERSION_KEY))
    if rules is not None and rules > VERSION:
        newer.append(f"heuristic rules {rules} > {VERSION}")
    wanted = None if roots is None else {str(r) for r in roots}
    for root, version in sorted(db.meta_dict(conn, db.READER_VERSION_KEY).items()):
        readers = _number(version)
        if readers is not None and readers > READER_VERSION and (wanted is None or root in wanted):
            newer.append(f"file readers {readers} > {READER_VERSION} of {root}")
    prompt = _prompt_number((db.get_meta(conn, "extractor_model") or "").rpartition("@")[2])
    current = _prompt_number(PROMPT_VERSION)
    if prompt is not None and current is not None and prompt > current:
        newer.append(f"llm prompt w{prompt} > {PROMPT_VERSION}")
    return newer


def newer_error_hint(roots: list[str], index: str | None = None) -> str:
    """What to do about an index a newer mrag wrote (sync's error, doctor's fix, status); the rebuild names the
    index at `index` with --db when `mrag sync ROOT` alone would rebuild another (hints.sync_hint)."""
    from minirag_cli.hints import sync_hint

    return (f"Upgrade mrag (pip install -U minirag-cli), or `{sync_hint(roots, index, rebuild=True)}` "
            "to rebuild it with this one (the extraction cache is kept).")
