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
import unicodedata
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


# what the export leaves out of a file name it makes of a note's first line (sanitize-filename's characters), a
# name it leaves out whole (dots alone, a Windows device's), and what an older export wrote as `-` (`Weekly-groceries`)
_UNSAFE = re.compile(r'[/?<>\\:*|"\x00-\x1f\x80-\x9f]')
_RESERVED = re.compile(r"\.*|(?:con|prn|aux|nul|com\d|lpt\d)(?:\..*)?", re.IGNORECASE)
_OLDER_DASHED = re.compile(r"[.,:() \[\]]")
NAME_CHARS = 40  # the export cuts a file name to its first 40 characters (JavaScript's: UTF-16 units)
# The export writes each line end of a note as CR LF, one the note held as CR LF so as CR CR LF (in its file and
# in notes.json), which walk.decode_note reads as LF CR LF (a lone CR a line end): one line end (_undoubled)
_DOUBLED = re.compile(r"(?<!\r)\n\r\n")
_LONE_CR = re.compile(r"\r(?!\n)")  # as walk.decode_note reads a lone CR


def _undoubled(text: str) -> str:
    """`text` (a note's file decoded, or its notes.json content) with each line end the export doubled one."""
    return _DOUBLED.sub("\r\n", _LONE_CR.sub("\n", text)) if "\r" in text else text


def _same_text(text: str) -> str:
    """`text` as a note's file and its notes.json content are compared: doubled line ends one, all of them LF."""
    return _undoubled(text).replace("\r\n", "\n")


def file_names(contents: list[str], dashed: bool = False) -> list[str]:
    """The file names (without `.txt`) Simplenote's export gives notes of `contents`, in its order: each its first
    line that is not blank, trimmed, its unsafe characters out, cut to NAME_CHARS (`untitled` for none), and a
    name met before numbered by how often, `Groceries (1)` (readers 11: the files of two notes of one text);
    `dashed`: as an older export wrote them (_OLDER_DASHED). In NFC, as a name looked up is (_stem)."""
    counts: dict[str, int] = {}
    out = []
    for content in contents:
        lines = (_UNSAFE.sub("", line.strip()).rstrip(". ") for line in content.split("\n"))
        name = next((line for line in lines if not _RESERVED.fullmatch(line)), "untitled")
        name = name.encode("utf-16-le")[:2 * NAME_CHARS].decode("utf-16-le", errors="ignore")
        name = unicodedata.normalize("NFC", _OLDER_DASHED.sub("-", name) if dashed else name)
        n = counts[name] = counts.get(name, -1) + 1
        out.append(f"{name} ({n})" if n else name)
    return out


@functools.lru_cache(maxsize=4)
def _creations(source: str, _stamp: tuple) -> tuple[dict[str, list[str]], dict[str, str]]:
    """({a note's text: the creation of each active note of that text, `2023-05-02 12:11` in the machine's time
    zone}, {the file name the export gave a note (file_names): its creation}) of the active notes `source`
    (a source/notes.json, as it is at `_stamp`: its size and mtime) holds; empty when unreadable. A text is
    _same_text's."""
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
    by_name: dict[str, str] = {}
    contents = [n["content"] for n in notes]
    for note, name, older in zip(notes, file_names(contents), file_names(contents, dashed=True)):
        content, created = _same_text(note["content"]), ""
        try:
            at = dt.datetime.fromisoformat(str(note.get("creationDate")).replace("Z", "+00:00"))
        except ValueError:
            at = None
        if at is not None and at.tzinfo is not None:
            created = at.astimezone().strftime("%Y-%m-%d %H:%M")
            by_text.setdefault(content, []).append(created)
        by_name[name] = created
        by_name.setdefault(older, created)
    return by_text, by_name


def _export_notes(folder: str | os.PathLike) -> tuple[dict[str, list[str]], dict[str, str]]:
    """_creations of the export `folder`'s source/notes.json, as it is now; empty when it cannot be read."""
    source = os.path.join(folder, *SOURCE_FILE)
    try:
        st = os.stat(source)
    except OSError:
        return {}, {}
    return _creations(source, (st.st_size, st.st_mtime_ns))


def _stem(name: str) -> str:
    """The file `name` without `.txt`, in NFC (macOS may list it decomposed)."""
    return unicodedata.normalize("NFC", name[:-4] if name.lower().endswith(".txt") else name)


def exported_note(folder: str | os.PathLike, name: str) -> bool:
    """Is the file `name` of `folder` a note the Simplenote export `folder` wrote (file_names: `Groceries (1).txt`, the
    second note whose first line is Groceries)? Then no sync tool's numbered copy of `Groceries.txt` (readers 11: it
    was skipped as one when the two notes' texts were near)."""
    return name.lower().endswith(".txt") and export_folder(folder) and _stem(name) in _export_notes(folder)[1]


def note_read(text: str, folder: str | os.PathLike, name: str = "") -> str:
    """The text read of a note of the Simplenote export `folder` (export_folder), the file `name`: each line end
    the export doubled one (_undoubled: a blank line the note did not hold), its tags block's tags as `#tags`
    (tags_read), and a last line `created: 2023-05-02 12:11` (its creation, in the machine's time zone), which
    dates it (created): its file says nothing of when. Its note is the one the export named the file for
    (file_names: an edited note keeps its creation; two notes of one text, `Groceries.txt` and `Groceries
    (1).txt`, each its own), else the note of its text (a file renamed since), undated when notes of that text
    were made at different times."""
    text = _undoubled(text)
    m = _TAGS_BLOCK.search(text)
    body = _same_text(text[:m.start()] if m else text)
    by_text, by_name = _export_notes(folder)
    named = by_name.get(_stem(name))
    made = set(by_text.get(body, []))
    created = named if named is not None else made.pop() if len(made) == 1 else ""
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
