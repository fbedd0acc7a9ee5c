"""Simplenote's export (Settings > Export notes, unzipped): each note a `.txt`
file named by its first line, a note's tags appended to its text (a blank
line, `Tags:`, then the tags indented, comma-separated, `  travel, books`), the
notes in Simplenote's trash in `trash/`, and every note again, with its dates,
in `source/notes.json` (`{"activeNotes": [...], "trashedNotes": [...]}`).

A folder is such an export when its `source/notes.json` opens as Simplenote
writes it (export_folder). Then its `trash/` is no notes (the walk lists it as
skipped, one line, as it does an Obsidian templates folder), its
`source/notes.json` is passed over in silence (the notes' own files are read),
and a note's tags block is read as `#tags` (tags_read): the lines keep their
numbers, `  travel, books` read as `  #travel #books`."""

from __future__ import annotations

import os
import re
from pathlib import Path

TRASH_FOLDER = "trash"
SOURCE_FILE = ("source", "notes.json")
TRASH_REASON = "Simplenote's trash (the export's trash/ folder): notes deleted in Simplenote are not indexed"

# as Simplenote's export writes the file: JSON.stringify(notes, null, 2), `activeNotes` its first key
_SOURCE_START = re.compile(rb'\{\s*"activeNotes"\s*:\s*\[')
# a note's tags as the export appends them: a blank line, `Tags:`, the tags' lines (two blanks, `a, b`) to the end
_TAGS_BLOCK = re.compile(r"\n\r?\n(Tags:)(\r?\n  [^\r\n]+)+\s*\Z")
_TAG = re.compile(r"[^\s,#@]+")


def export_folder(folder: str | os.PathLike) -> bool:
    """Is `folder` a Simplenote export (its `source/notes.json` opens as Simplenote writes it)?"""
    try:
        with open(os.path.join(folder, *SOURCE_FILE), "rb") as f:
            head = f.read(256)
    except OSError:
        return False
    return _SOURCE_START.match(head.lstrip(b"\xef\xbb\xbf \t\r\n")) is not None


def tags_read(text: str) -> str:
    """A Simplenote note's `text` with the tags its export appended as `#tags` (the module docstring); `text`
    itself when it ends in no such block."""
    m = _TAGS_BLOCK.search(text)
    if m is None:
        return text
    block = text[m.end(1):]

    def tagged(line: re.Match) -> str:
        tags = [t.strip() for t in line.group(2).split(",")]
        return line.group(1) + " ".join(f"#{t}" if _TAG.fullmatch(t) else t for t in tags if t)

    return text[:m.end(1)] + re.sub(r"(\r?\n  )([^\r\n]+)", tagged, block)


def passed_over_reason(root: Path, parts: list[str]) -> tuple[str, str] | None:
    """(why, what to do) when the file of the synced folder `root` at `parts` (its path's parts) is one the walk
    passes over in a Simplenote export (a note of its trash, its source/notes.json), else None."""
    folder = root.joinpath(*parts[:-1])
    if len(parts) > 1 and parts[-2] == TRASH_FOLDER and export_folder(folder.parent):
        return TRASH_REASON, "Restore the note in Simplenote and export again to have it indexed."
    if tuple(parts[-2:]) == SOURCE_FILE and export_folder(folder.parent):
        return ("Simplenote's record of the notes its export wrote as files: each note's .txt file is read",
                "`mrag show` one of the export's .txt notes.")
    return None
