"""Bear's notes in TextBundles (`Trip to Lisbon.textbundle/text.markdown` beside `info.json`), as Bear 2's
backup (`.bear2bk`, unzipped) and its TextBundle export write them: the bundle's `info.json` holds, under
`net.shinyfrog.bear`, the note's `creationDate` (UTC, `2024-06-07T10:08:13Z`) and whether it is in Bear's
trash (`trashed: 1`). Its text file says neither, so a Bear note was dated by nothing but the file's time.
The text read ends in a line of its own, `created: 2024-06-07 12:08` (in the machine's time zone), which
dates it as a Simplenote note's does (created, store.note_head); a note in Bear's trash is no note (the
sync skips it, saying so). What the note reads hangs on its `info.json` too: the bundle's text file is recorded
with the later of the two files' times (bundle_mtime), so that a change to either has it read, and with the hash
of both files' bytes (note_hash), so that a note trashed or restored in Bear, or its creation changed, is synced
as a rebuild reads it, and a bundle touched with the same bytes is not indexed anew."""

from __future__ import annotations

import json
import re
from pathlib import Path

from minirag_cli.simplenote import CREATED_LINE

BEAR_KEY = "net.shinyfrog.bear"
BUNDLE_SUFFIX = ".textbundle"
TRASH_REASON = "in Bear's trash (its info.json says trashed): notes deleted in Bear are not indexed"
_UTC = re.compile(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?Z")


class BearTrashed(ValueError):
    """The note is in Bear's trash; str() is the reason the sync gives."""


def bear_info(folder: Path | None) -> dict | None:
    """The `net.shinyfrog.bear` object of the `info.json` of the TextBundle `folder`, None when it is no
    bundle, holds no readable `info.json` or that JSON is not Bear's."""
    if folder is None or not folder.name.lower().endswith(BUNDLE_SUFFIX):
        return None
    try:
        data = json.loads((folder / "info.json").read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return None
    info = data.get(BEAR_KEY) if isinstance(data, dict) else None
    return info if isinstance(info, dict) else None


def note_read(text: str, folder: Path | None) -> str:
    """`text`, a TextBundle's text in `folder`, with its Bear creation as a last line `created: ...`
    (module docstring); BearTrashed for a note in Bear's trash; `text` itself for another bundle's."""
    import datetime as dt

    info = bear_info(folder)
    if info is None:
        return text
    if info.get("trashed") in (1, True):
        raise BearTrashed(TRASH_REASON)
    made = info.get("creationDate")
    m = _UTC.fullmatch(made.strip()) if isinstance(made, str) else None
    try:  # (the machine's time zone, as notekinds.local_time reads Joplin's UTC)
        at = dt.datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}+00:00").astimezone() if m else None
    except ValueError:  # no day (`2024-13-40`)
        at = None
    if at is None:
        return text
    return text + ("" if text.endswith("\n") or not text else "\n") + f"\ncreated: {at:%Y-%m-%d %H:%M}\n"


def in_bundle(path: str) -> bool:
    """Is the note at `path` (from its synced folder, or absolute) a TextBundle's own text file, read with its
    bundle's info.json (note_read)?"""
    parts = path.replace("\\", "/").rsplit("/", 2)
    return len(parts) >= 2 and parts[-2].lower().endswith(BUNDLE_SUFFIX)


def bundle_mtime(path: Path, mtime: float) -> float:
    """The modification time to record for the file at `path` whose own is `mtime`: for a TextBundle's text
    file, the later of it and its bundle's info.json's (a change to info.json alone, Bear's trash or a restore,
    was never picked up: fixB), else `mtime`."""
    if not in_bundle(str(path)):
        return mtime
    try:
        return max(mtime, (path.parent / "info.json").stat().st_mtime)
    except OSError:  # no info.json (an iA Writer bundle may hold none), or none to be read for now
        return mtime


def note_hash(path: Path, data: bytes) -> str:
    """The hash recorded of the note file at `path` whose bytes are `data` (what says it changed): of `data`, and
    for a TextBundle's text file of its bundle's info.json's bytes too, which note_read reads with it. Not the
    files' times: a bundle touched, or its info.json dated ahead, was indexed anew at each sync (fixG, review
    revH of fixB's bundle_mtime); an info.json rewritten (trashed, restored, its creation) changes it."""
    from minirag_cli.chunking import content_hash

    if not in_bundle(str(path)):
        return content_hash(data)
    try:
        info = (path.parent / "info.json").read_bytes()
    except OSError:  # none (an iA Writer bundle may hold none), or none to be read for now: the text's alone
        return content_hash(data)
    return content_hash(data + b"\0info.json\0" + info)


def created(path: str, text: str) -> str:
    """The creation note_read gave the TextBundle text at `path` whose read text is `text` (its last line),
    '' for another note."""
    if not in_bundle(path):
        return ""
    last = text.rstrip("\n").rsplit("\n", 1)[-1].rstrip("\r")
    m = CREATED_LINE.fullmatch(last)
    return m.group(1) if m else ""
