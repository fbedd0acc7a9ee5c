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
numbers, `  travel, books` read as `  #travel #books`. Its creation, which
only `source/notes.json` holds, ends the text read as a line of its own,
`created: 2023-05-02 12:11` (note_read), which dates it (created,
store.note_head)."""

from __future__ import annotations

import functools
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


# the line note_read appends to a note of an export whose source/notes.json dates it (its creation, local time)
CREATED_LINE = re.compile(r"created: (\d{4}-\d\d-\d\d \d\d:\d\d)")


# what the export leaves out of a file name it makes of a note's first line (sanitize-filename's characters)
_UNSAFE = re.compile(r'[/?<>\\:*|"\x00-\x1f\x80-\x9f]')
NAME_CHARS = 40  # the export cuts a file name to its first 40 characters


def file_names(contents: list[str]) -> list[str]:
    """The file names (without `.txt`) Simplenote's export gives notes of `contents`, in its order: each its first
    line that is not blank, trimmed, its unsafe characters out, cut to NAME_CHARS (`untitled` for none), and a
    name met before numbered by how often, `Groceries (1)` (readers 11: the files of two notes of one text)."""
    counts: dict[str, int] = {}
    out = []
    for content in contents:
        lines = (_UNSAFE.sub("", line.strip()).rstrip(". ") for line in content.split("\n"))
        name = next((line for line in lines if line and not set(line) <= {"."}), "untitled")[:NAME_CHARS]
        n = counts[name] = counts.get(name, -1) + 1
        out.append(f"{name} ({n})" if n else name)
    return out


@functools.lru_cache(maxsize=4)
def _creations(source: str, _stamp: tuple) -> tuple[dict[str, list[str]], dict[str, tuple[str, str]]]:
    """({a note's text: the creation of each active note of that text, `2023-05-02 12:11` in the machine's time
    zone}, {the file name the export gave a note (file_names): (its text, its creation)}) of the active notes `source`
    (a source/notes.json, as it is at `_stamp`: its size and mtime) holds; empty when unreadable."""
    import datetime as dt
    import json

    try:
        with open(source, "rb") as f:
            notes = json.loads(f.read()).get("activeNotes")
    except (OSError, ValueError, AttributeError, RecursionError):
        return {}, {}
    notes = [n for n in notes if isinstance(n, dict) and isinstance(n.get("content"), str)] \
        if isinstance(notes, list) else []
    by_text: dict[str, list[str]] = {}
    by_name: dict[str, tuple[str, str]] = {}
    # (named as the export names them: after their tags are appended, which name a note of no text `Tags`)
    tagged = [n["content"] + ("\n\nTags:" if isinstance(n.get("tags"), list) and n["tags"] else "") for n in notes]
    for note, name in zip(notes, file_names(tagged)):
        content = note["content"].replace("\r\n", "\n")
        by_name[name] = (content, "")
        try:
            at = dt.datetime.fromisoformat(str(note.get("creationDate")).replace("Z", "+00:00"))
        except ValueError:
            continue
        if at.tzinfo is not None:
            created = at.astimezone().strftime("%Y-%m-%d %H:%M")
            by_text.setdefault(content, []).append(created)
            by_name[name] = (content, created)
    return by_text, by_name


def _export_notes(folder: str | os.PathLike) -> tuple[dict[str, list[str]], dict[str, tuple[str, str]]]:
    """_creations of the export `folder`'s source/notes.json, as it is now; empty when it cannot be read."""
    source = os.path.join(folder, *SOURCE_FILE)
    try:
        st = os.stat(source)
    except OSError:
        return {}, {}
    return _creations(source, (st.st_size, st.st_mtime_ns))


def exported_note(folder: str | os.PathLike, name: str) -> bool:
    """Is the file `name` of `folder` a note the Simplenote export `folder` wrote (file_names: `Groceries (1).txt`, the
    second note whose first line is Groceries)? Then no sync tool's numbered copy of `Groceries.txt` (readers 11: it
    was skipped as one when the two notes' texts were near)."""
    stem, ext = os.path.splitext(name)
    return ext.lower() == ".txt" and export_folder(folder) and stem in _export_notes(folder)[1]


def note_read(text: str, folder: str | os.PathLike, name: str = "") -> str:
    """The text read of a note of the Simplenote export `folder` (export_folder): its tags block's tags as
    `#tags` (tags_read), and, when source/notes.json holds its text, a last line `created: 2023-05-02 12:11`
    (its creation, in the machine's time zone), which dates it (created): its file says nothing of when.
    Two notes of one text are told apart by the file `name` the export gave each (file_names: `Groceries.txt`,
    `Groceries (1).txt`; both had the first one's creation), and neither is dated when its name tells none."""
    m = _TAGS_BLOCK.search(text)
    body = (text[:m.start()] if m else text).replace("\r\n", "\n")
    by_text, by_name = _export_notes(folder)
    made = by_text.get(body, [])
    if len(set(made)) > 1:  # notes of this text made at different times: the one this file is
        named = by_name.get(name[:-4] if name.lower().endswith(".txt") else name)
        created = named[1] if named is not None and named[0] == body else ""
    else:
        created = made[0] if made else ""
    text = tags_read(text)
    if not created:
        return text
    return text + ("" if text.endswith("\n") else "\n") + f"\ncreated: {created}\n"


def created(path: str, text: str) -> str:
    """The creation time note_read gave the `.txt` note at `path` whose read text is `text` (its last line),
    '' for another note."""
    if not path.lower().endswith(".txt"):
        return ""
    last = text.rstrip("\n").rsplit("\n", 1)[-1].rstrip("\r")
    m = CREATED_LINE.fullmatch(last)
    return m.group(1) if m else ""


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
