"""Reading single things back out of the index (part of the store layer), for `mrag show`, `mrag
entity` and the MCP server: a document (by path), a chunk (by id or by a line
of its document) and an entity with its aliases, neighbours and notes.

Only indexed documents are ever returned. A document's text comes from the
file on disk when it is still there with the hash the index recorded, and is
otherwise reassembled from its chunks (whitespace between chunks
approximated), so what is served is always what was indexed.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
import urllib.parse
from collections.abc import Iterable
from pathlib import Path

from minirag_cli.errors import MragError, UsageError
from minirag_cli.store.read import entities_list
from minirag_cli.tables import file_part
from minirag_cli.text import (BUNDLE_SUFFIX, bundle_path, daily_date, find_dates, normalise_key, same_umlauts,
                              umlaut_keys, without_notion_ids)

# PATH:LINE, or PATH:FIRST-LAST as `mrag ask` lists a result
_LINE_SUFFIX = re.compile(r"^(?P<path>.+):(?P<line>[0-9]+)(?:-(?P<end>[0-9]+))?$")
_MAX_ROWID = 2**63 - 1  # SQLite's largest integer: a bigger id or line is in no index


def _row_number(figures: str) -> int:
    """The number the ASCII `figures` write, a chunk's id or a line; past SQLite's largest integer (no id or line
    in any index) one past it: such a number is not read, int() refuses one of more than 4300 figures (`mrag show`
    with a 5000-figure number ended in "unexpected ValueError: Exceeds the limit (4300 digits)")."""
    significant = figures.lstrip("0")
    return int(significant or "0") if len(significant) <= len(str(_MAX_ROWID)) else _MAX_ROWID + 1


class NotFound(MragError):
    """The document, chunk or entity is not in the index."""


# ------------------------------------------------------------------ documents

def find_document(conn, path: str) -> dict:
    """The indexed document `path` names: a path relative to a synced root
    (as `mrag ask` prints it) or a filesystem path inside a synced root.
    Anything else is refused, so nothing outside the index can be read.

    A path starting with ./ or ../ (or absolute, or ~) is a file path first.
    A bare one (`x.md`) read both ways, from a subfolder of a synced root
    (where `mrag ask --paths` prints paths relative to the current folder),
    can name two notes: refused, naming both. When it names one note in
    several synced folders, the file in the current folder picks it."""
    # a path typed (NFC on most keyboards) may be composed otherwise than the file's name
    # (NFD as macOS's HFS+ writes it): "café.md" and "cafe\u0301.md" name the same note
    forms = list(dict.fromkeys([path, unicodedata.normalize("NFC", path), unicodedata.normalize("NFD", path)]))
    by_root: list = []  # relative to a synced root
    for form in forms:
        by_root = conn.execute("SELECT id, root, path, hash, n_lines FROM documents WHERE path = ?",
                               (_as_index_path(form),)).fetchall()
        if by_root:
            break
    by_file: list = []  # the file the path names from the current folder
    for form in forms:
        by_file = _rows_at_file(conn, form)
        if by_file:
            break
    explicit = path.replace(os.sep, "/").startswith(("./", "../", "/", "~"))
    rows = by_root or by_file
    if by_file and by_root and by_file != by_root:
        if explicit or by_file[0] in by_root:
            rows = by_file
        else:
            here, there = by_file[0], by_root[0]
            raise NotFound(f"{shorten(path)!r} names two indexed notes: {there[2]} (in {there[1]}) and, "
                           f"from the current folder, {here[2]} (in {here[1]}).",
                           hint=f"Give ./{shorten(path)} for the file below the current folder, or the full "
                                "path of the other.")
    elif by_file and explicit:
        rows = by_file
    unindexed = None if rows else _unindexed_file(conn, forms)
    named: list[str] | None = None  # the notes `path` names by their names (notes_by_name), when looked up
    if unindexed:
        rows = _hard_linked_rows(conn, *unindexed)  # another name of an indexed note, which sync passes over
    elif not rows:
        named = notes_by_name(conn, path)
        rows = _named_rows(conn, path, named)
    if not rows:
        if unindexed:
            from minirag_cli.db import index_file
            from minirag_cli.hints import sync_hint

            root, rel = unindexed
            passed_over = _passed_over(Path(root), rel)
            if passed_over:
                raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but never indexed: {passed_over}.",
                               hint="Rename it, or change the rules, to index it; sync passes such files over "
                                    "without listing them.")
            from minirag_cli import keep, latex_files, simplenote
            from minirag_cli.walk import templates_folder_of

            parts = rel.split("/")
            exported = (simplenote.passed_over_reason(Path(root), parts)
                        or keep.litter_reason(Path(root).joinpath(*parts[:-1]), parts[-1],
                                              "/".join(parts[:-1] + [""]))
                        or latex_files.build_reason(Path(root).joinpath(*parts[:-1]), parts[-1],
                                              "/".join(parts[:-1] + [""])))
            if exported:
                raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but never indexed: {exported[0]}.",
                               hint=exported[1])

            template = templates_folder_of(Path(root), rel)  # as the sync reads the settings now
            if template:
                raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but never indexed: {template}.",
                               hint="Move it out of the templates folder, or set another folder in Obsidian's "
                                    f"settings, then `{sync_hint([root], index_file(conn))}` indexes it.")
            package = _package_folder(Path(root), rel)  # as the sync's walk finds it now (package_folders.py)
            if package:
                raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but never indexed: its folder "
                               f"{package[0]} is {package[1]}.",
                               hint=f"With that line, `{sync_hint([root], index_file(conn))}` indexes it.")
            skipped = _skipped_by_last_sync(conn, root, rel)
            if skipped:
                raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but the last sync skipped it: "
                               f"{skipped[0]}.", hint=skipped[1])
            raise NotFound(f"{shorten(path)!r} is in the synced folder {root} but not indexed (saved since the "
                           "last sync, or skipped by it).",
                           hint=f"`{sync_hint([root], index_file(conn))}` indexes it, or lists it as skipped with "
                                "the reason (another extension, binary, over --max-bytes).")
        meant = _notes_named(conn, path, unnamed=named == [])
        day = None if meant else _day_typed(path)
        if meant:
            hint = _meant_hint(meant)
        elif day is not None:
            hint = _day_hint(conn, day)
        else:
            hint = ("Give the path as `mrag ask` prints it (relative to the synced folder); "
                    "`mrag status` lists the synced folders.")
        # quoted: an empty or blank path would otherwise vanish from the line; a note's name
        # (`mueller2019` for papers/mueller2019.md) is no deleted file: the hint names the note
        gone = "" if meant else _no_day_note(day) if day is not None else _no_such_file(conn, forms)
        raise NotFound(f"{shorten(path)!r} is not an indexed document{gone}.", hint=hint)
    if len(rows) > 1:
        roots = ", ".join(r[1] for r in rows)
        raise NotFound(f"{shorten(path)!r} is indexed under several folders ({roots}).",
                       hint="Give the full path of the file to choose one.")
    doc_id, root, rel, digest, n_lines = rows[0]
    doc = {"id": doc_id, "root": root, "path": rel, "hash": digest, "n_lines": n_lines}
    if named:
        doc["opened_by_name"] = path  # no path of it: `mrag show` says on stderr which note it opened
    return doc


def untagged_paths(conn, paths: Iterable[str]) -> dict[str, str]:
    """Each of `paths` (indexed notes') as a table shows it: without the page ids a Notion export ends its file and
    folder names with (text.without_notion_ids: `Consulting HQ/Meeting notes/Sofia check-in.md`; with both ids a
    task's row was 8 lines at 80 columns) where `mrag show` opens that very note by it (find_document); whole where
    the short form is another note's path, or names two pages of one title (fixN: `show` opened the plain note, or
    refused). `--json` keeps the paths."""
    shown = {}
    for path in dict.fromkeys(paths):
        short = without_notion_ids(path)
        shown[path] = short if short != path and _finds(conn, short) == path else path
    return shown


def _finds(conn, given: str) -> str | None:
    """The path of the one note find_document opens for `given`, None when it opens none."""
    try:
        return find_document(conn, given)["path"]
    except NotFound:
        return None


def _day_typed(given: str) -> str | None:
    """The day (ISO) `given`, typed for `mrag show`, is, as a link names a daily note (`2026-12-04`, `Dec 4th,
    2026`, `[[2026_12_04]]`: typed_day); None for a path or a file's name (`2026-12-04.md`: a file, which may
    have been deleted) and for anything else."""
    dressed = _LINK_TAIL.sub("", _LINK_DRESS.sub("", given.strip()))  # `[[2026-12-10#Tasks]]`, `2026-12-10|x`
    if "/" in dressed.replace(os.sep, "/").strip("/") or _NOTE_SUFFIX.search(dressed):
        return None
    return typed_day(dressed)


def _no_day_note(day: str) -> str:
    """What the error of `mrag show DAY` adds when no note is of the day (notes_of_day): a day typed for its
    daily note is no deleted file (the error said "no file of that name ... (deleted or moved since?)")."""
    return f", and no indexed note's file name is of the day {day}"


def _day_hint(conn, day: str) -> str:
    """The hint of `mrag show DAY` when no note's file name is of the day: the notes that write it, when any do."""
    if conn.execute("SELECT 1 FROM entities WHERE key = ?", (normalise_key(day, "date"),)).fetchone():
        return f"`mrag entity {day}` lists the notes that write that day."
    return "No indexed note writes that day either; `mrag status` lists the synced folders."


def _meant_hint(meant: list[str]) -> str:
    """The hint naming the indexed notes a name meant (_notes_named), the first as a command."""
    import shlex

    listed = " or ".join(repr(m) for m in meant[:3]) + (f" ({len(meant)} notes)" if len(meant) > 3 else "")
    return f"Did you mean {listed}? Give the path as `mrag ask` prints it: `mrag show {shlex.quote(meant[0])}`."


# what a wikilink adds to a note's name: `![[` and `]]`, a `#heading`, a `^block` or a `|shown text`
_LINK_DRESS = re.compile(r"^!?\[\[|\]\]$")
_LINK_TAIL = re.compile(r"[#^|].*$", re.DOTALL)
# (a VimWiki page, `.wiki`, and a tiddler, `.tid`, too: qa36, `mrag show "Kitchen Renovation"` hinted nothing)
_NOTE_SUFFIX = re.compile(r"\.(?:md|markdown|mdown|mkd|txt|rst|org|wiki|tid)$", re.IGNORECASE)


def notes_by_name(conn, given: str) -> list[str]:
    """The indexed notes `given` names by the name a notes app shows them by, as a wikilink to them writes it
    (`[[Acme Logistics]]`, `[[Acme Logistics#Contacts|them]]`): a file's name without its extension, in any case, or
    the end of its path (`pages/acme logistics`, `Acme Logistics.md`); a Logseq namespace page's title (`OKR/Q4
    2026` for `pages/OKR___Q4 2026.md`), a TextBundle's name (`Trip.textbundle/text.md`), a Notion page's title
    without its id, a Zim page's or a tiddler's title. Their paths, in path order: `mrag show` opens the one note
    so named. No day's notes (`2026-12-04` for `2026-12-04 Standup.md`), no Zettelkasten ID's or title's: those
    only hint (_notes_named)."""
    return _notes_named(conn, given, names_only=True)


def _notes_named(conn, given: str, *, names_only: bool = False, unnamed: bool = False) -> list[str]:
    """The indexed notes `given`, no path of one, names as a wikilink would (Obsidian's way of
    naming a note, which its users and MCP clients type): `Project Atlas`, `projects/atlas`,
    `[[Atlas#Goals|goals]]`, `atlas.md#Goals`: its name or the end of its path, without extension,
    case aside (notes_by_name, `names_only`); else a Zettelkasten note's ID or heading, and a day's notes.
    Their paths, in path order (for the error's hint). A name
    whose `#`, `^` or `|` no link's tail is (readers 11): a tiddler's title holds them, `C# notes` the
    file `C# notes.tid`, `a|b notes` the file `a_b notes.tid` (the name was `C`, `a`: no hint). `unnamed`: no note
    is so named (notes_by_name found none), the names are not read again (at 53k notes, a second second)."""
    dressed = _LINK_DRESS.sub("", given.strip())
    found = _notes_named_as(conn, _LINK_TAIL.sub("", dressed), names_only, unnamed)
    if not found and _LINK_TAIL.search(dressed):
        found = _notes_named_as(conn, dressed, names_only, unnamed)
    return found


def _name_key(path: str) -> str:
    """`path`, a note's path or a name typed for a note, as note names are compared: without its note extension
    (_NOTE_SUFFIX), composed (NFC: a name typed may be decomposed otherwise than the file's), casefolded."""
    return unicodedata.normalize("NFC", _NOTE_SUFFIX.sub("", path)).casefold()


def _as_index_path(path: str) -> str:
    """`path`, typed, with `/` for the system's separator and without a leading `./`, as the index writes paths."""
    return path.replace(os.sep, "/").removeprefix("./")


def _notes_named_as(conn, name: str, names_only: bool = False, unnamed: bool = False) -> list[str]:
    """_notes_named of `name`, a link's target without its `[[ ]]`, its tail (`#Goals`, `|goals`) cut or not;
    `names_only`: by their names alone (notes_by_name); `unnamed`: none is (their names not read)."""
    name = _as_index_path(name.strip())
    if _PERCENT.search(name):
        # a Markdown link's target as Notion writes it, copied from the note:
        # `Trip%20to%20Lisbon%203f2a....md`, `../Trip%20to%20Lisbon%203f2a....md`
        name = _UP.sub("", urllib.parse.unquote(name))
    key = _name_key(bundle_path(name)).strip("/")
    if key.endswith(BUNDLE_SUFFIX):  # a TextBundle's folder, as a shell completes it: the note it holds
        key = key[:-len(BUNDLE_SUFFIX)].rstrip("/")
    if not key:
        return []
    from minirag_cli.extract.heuristic import NAMESPACE_SEPARATOR  # the one reading of a namespace page's file name

    # a tiddler's file as TiddlyWiki names it after its title, each character a file name cannot hold as `_`
    # (`Meeting: Q4 planning` is `Meeting_ Q4 planning.tid`; before TiddlyWiki 5.1.23 its blanks too)
    tiddler = _TIDDLER_UNSAFE.sub("_", key)
    tiddler_keys = (tiddler, tiddler.replace(" ", "_")) if tiddler != key or " " in key else ()
    found = []
    for (rel,) in [] if unnamed else conn.execute("SELECT DISTINCT path FROM documents ORDER BY path"):
        bare = _name_key(rel)
        # a Notion export names each page and its folder with the page's id after its title
        # (`Trip to Lisbon 3f2a....md`): the page is called by its title (qa21)
        untagged = without_notion_ids(bare)
        # a Logseq namespace page, `[[Work/Project Alpha]]`, is saved as `Work___Project Alpha.md`
        # (an older graph: `Work%2FProject Alpha.md`)
        spaced = NAMESPACE_SEPARATOR.sub("/", bare)
        # a TextBundle's text, `Trip to Lisbon.textbundle/text.md`, is called by its bundle's name (qa33)
        bundled = _name_key(bundle_path(rel))
        # a Zim page's file writes its name's blanks as `_` (`Trip_to_Lisbon.txt` is the page Trip to Lisbon)
        zim = bare.replace("_", " ") if "_" in bare and rel.lower().endswith(".txt") else bare
        if any(b == key or b.endswith("/" + key) for b in (bare, untagged, spaced, bundled, zim)):
            found.append(rel)
        elif rel.lower().endswith(".tid") and any(bare == k or bare.endswith("/" + k) for k in tiddler_keys):
            found.append(rel)
    if names_only:
        return found
    if not found and "/" not in key:
        found = _zettels_titled(conn, key)
    day = typed_day(key)
    if day is not None:
        # a day typed for its daily note, in any form (`2026-12-04`, `Dec 4th, 2026`), which its file name may
        # write otherwise (Logseq's `journals/2026_12_04.md`) or with more than the day (`2026-11-21
        # Saturday.md`, a meeting's `2026-11-21 Standup.md`): listed after a note named by the day as typed
        # (`daily/2026-12-01.md`), which hid the 1:1 of that day, `1on1/2026-12-01 Sam.md`, from the hint
        found += [rel for rel in notes_of_day(conn, day) if rel not in found]
    elif not found and _ZETTEL_ID.fullmatch(key):
        # a Zettelkasten ID for the note it opens the name of, as `[[202611031015]]` links it in Zettlr and
        # The Archive: `202611031015 Eigenvalues.md`; a Denote identifier for its note,
        # `20261118T141500--harbor-migration-plan__work.org`
        for (rel,) in conn.execute("SELECT DISTINCT path FROM documents ORDER BY path"):
            bare = _name_key(rel).rsplit("/", 1)[-1]
            if bare.startswith(key) and not bare[len(key):len(key) + 1].isalnum() and rel not in found:
                found.append(rel)
    return found


def typed_day(text: str) -> str | None:
    """The day (ISO, `2026-12-04`) `text`, typed for a note or an entity, is whole, its year written:
    a daily note's name in any form text.daily_date reads (`2026-12-04`, `2026_12_04`, `20261204`,
    `2026.12.04`, `Dec 4th, 2026`, `Friday, December 4th 2026`) or a date text.find_dates reads whole
    (`4 December 2026`: _spelled_date); None for anything else (`Dec 4`, `12-04-2026`: which year, which month?)."""
    return _whole_day(text.strip())


def _whole_day(text: str, *, spelled_read: bool = False) -> str | None:
    """typed_day of `text`, stripped; `spelled_read` when _spelled_date(text) was read already, and was None."""
    if len(text) > _LONGEST_DAY:
        return None
    daily = daily_date(text)
    if daily is not None:
        return daily[1]
    date = None if spelled_read else _spelled_date(text)
    return date if date is not None and _ISO_DAY.fullmatch(date) else None


# the longest a day typed for a note or an entity is written (`Wednesday, September 30th, 2026`, Dendron's
# `work.daily.journal.2026.09.30`): a longer text is no day, and a pasted page is not read for one (a 1.6 MB log
# typed for `mrag show` ran the date readers over it twice: 6.4 s, review of lookup)
_LONGEST_DAY = 100


def _spelled_date(name: str) -> str | None:
    """The date (ISO, or `--01-06` without its year) `name` spells whole as text.find_dates reads a date
    ("January 6, 2026", "6 Jan", "20260106", "4 December 2026."), else None."""
    if len(name) > _LONGEST_DAY:
        return None
    dates = find_dates(name)
    return dates[0][1] if len(dates) == 1 and dates[0][0].strip(" .,") == name.strip(" .,") else None


def notes_of_day(conn, day: str) -> list[str]:
    """The paths of the indexed notes whose file name writes the day `day` (ISO), as the index dates a note
    by its file name (text.name_date, with its synced folder's year and month folders: text.dated_path):
    `journals/2026_12_04.md`, `2026-12-04 Friday.md`, `2026/12/04.md`, `20261204_1500.txt`, `Standup
    2026-12-04.md`. The notes its name is the day of (a daily note: text.file_date) first, then the others, in
    path order. A Zettelkasten ID or Denote identifier names its note, not a day (`202612041015 Eigenvalues.md`)."""
    from minirag_cli.text import dated_path, file_date, name_date

    whole, others = [], []
    # every form of a day with its year writes the year's four figures (in the file's name or its folders': the
    # synced folder's too, text.dated_path): the other notes are not read (reading all, `mrag show 2026-12-04` took
    # 3.6 s at 53k notes, twice the time of the name lookup alone: review of lookup)
    for root, rel in conn.execute("SELECT root, path FROM documents WHERE instr(path, ?1) OR instr(root, ?1) "
                                  "ORDER BY path, root", (day[:4],)):
        stem = _NOTE_SUFFIX.sub("", rel).rsplit("/", 1)[-1]
        if rel in whole or rel in others or _opens_with_id(stem):
            continue
        dated = dated_path(root, rel)
        if name_date(dated)[:10] == day:
            (whole if file_date(dated) is not None else others).append(rel)
    return whole + others


def _zettels_titled(conn, key: str) -> list[str]:
    """The paths of the notes named by a Zettelkasten ID alone (`202611031015.md`) whose first line's
    heading (`# Eigenvalues`: heuristic.zettel_title) is `key` (casefolded), as `[[Eigenvalues]]` links one."""
    from minirag_cli.extract.heuristic import zettel_title

    ids = [rel for (rel,) in conn.execute("SELECT DISTINCT path FROM documents ORDER BY path")
           if _ZETTEL_ID.fullmatch(_NOTE_SUFFIX.sub("", rel).rsplit("/", 1)[-1])]
    found = []
    for rel in ids:
        first = conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                             "WHERE d.path = ? ORDER BY c.seq LIMIT 1", (rel,)).fetchone()
        title = zettel_title(rel, first[0]) if first else None
        if title is not None and unicodedata.normalize("NFC", title).casefold() == key:
            found.append(rel)
    return found


_ISO_DAY = re.compile(r"\d{4}-\d\d-\d\d")
# what TiddlyWiki's file system adaptor writes as `_` in a tiddler's file name (core/modules/utils/filesystem.js)
_TIDDLER_UNSAFE = re.compile(r"[<>~:\"|?*^/\\]")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_UP = re.compile(r"^(?:\.\.?/)+")
# a Zettelkasten note's ID, its creation time in figures (yyyymmddhhmm, Zettlr's yyyymmddhhmmss): a note's
# name opens with it, and a note's links and its owner name the note by it alone; so does a Denote note's
# identifier (`20261118T141500`, casefolded: `20261118T141500--harbor-migration-plan__work.org`, qa32)
_ZETTEL_ID = re.compile(r"\d{8}t\d{6}|\d{8,14}")


def _opens_with_id(stem: str) -> bool:
    """Does a note's file name (`stem`, without its extension) open with a Zettelkasten ID or a Denote identifier
    (_ZETTEL_ID) of more figures than a day's (`202612041015 Eigenvalues`, `20261118T141500--harbor-migration`)?
    A day's figures alone (`20261204`) or a time apart (LiHua's `20261204_1500`) are a day's."""
    opening = _ZETTEL_ID.match(stem.casefold())
    return opening is not None and len(opening.group()) > 8


def _no_such_file(conn, forms: list[str]) -> str:
    """", and no file of that name is in the synced folders (deleted or
    moved?)" when the path names no file from any synced folder nor from
    the current one: a note deleted and synced away was "not an indexed
    document", as if the path were mistyped (qa17)."""
    roots = [Path(r) for r in _synced_roots(conn)]
    for form in forms:
        rel = _as_index_path(form)
        if rel.startswith(("/", "~")) or ".." in rel.split("/"):
            return ""  # says nothing of files outside the synced folders (an MCP client's path)
        try:
            if not rel.strip() or Path(form).expanduser().exists() or \
                    any((root / rel).exists() for root in roots):
                return ""
        except (OSError, ValueError):  # a name too long for the file system, a NUL in it
            return ""
    if not roots:
        return ""
    where = f"the synced folder {roots[0]}" if len(roots) == 1 else "any synced folder"
    return f", and no file of that name is in {where} (deleted or moved since?)"


def _skipped_by_last_sync(conn, root: str, rel: str) -> tuple[str, str] | None:
    """(reason, hint) when the last sync of `root` skipped the file `rel`
    (db.skipped_files), else None."""
    from minirag_cli.db import index_file, skipped_files
    from minirag_cli.hints import sync_hint
    from minirag_cli.template_notes import template_skip

    reason = skipped_files(conn).get(root, {}).get(rel)
    if reason is None:
        return None
    sync = sync_hint([root], index_file(conn))
    if reason.startswith(("larger than the size limit", "its text is larger than the size limit")):
        hint = f"`{sync} --max-bytes N` raises the limit (the index keeps it)."
    elif reason.startswith("larger than a notebook's size ceiling"):  # walk.notebook_ceiling_reason
        hint = (f"Clear its outputs (`jupyter nbconvert --clear-output --inplace`), or `{sync} --max-bytes N` "
                "raises the limit and the ceiling with it (the index keeps it).")
    elif reason == "binary file":
        hint = f"Only text notes are indexed; once it holds text, `{sync}` indexes it."
    elif reason.startswith("unreadable"):
        hint = f"Give yourself read access to it (chmod u+r), then `{sync}`."
    elif template_skip(reason):  # template_notes.template_reason: its last words name the .mragignore line
        hint = f"With that line in .mragignore, `{sync}` indexes it."
    else:
        hint = f"Once that no longer holds, `{sync}` indexes it."
    return reason, hint


def _passed_over(root: Path, rel: str) -> str | None:
    """Why sync passes the file `rel` of `root` over silently (hidden, or
    named by the root's .mragignore), else None."""
    from minirag_cli.errors import IgnoreFileError
    from minirag_cli.package_folders import package_folder_of
    from minirag_cli.walk import IGNORE_FILE, load_ignore, logseq_copies, logseq_settings
    from minirag_cli.wikipages import system_tiddler

    parts = rel.split("/")
    if any(p.startswith(".") for p in parts):
        return "hidden files and folders (a name starting with .) are not indexed"
    if system_tiddler(parts[-1]):
        return "a TiddlyWiki system tiddler ($:/...: the wiki's own settings and plugins) is no note"
    if any(logseq_copies(str(root.joinpath(*parts[:i])), parts[i]) for i in range(1, len(parts) - 1)):
        return "Logseq's older copies of its pages (logseq/bak/, logseq/version-files/) are not indexed"
    if logseq_settings(str(root.joinpath(*parts[:-1])), parts[-1]):
        return "Logseq's own settings (logseq/config.edn, custom.css, custom.js) are no notes"
    try:
        spec = load_ignore(root)
    except IgnoreFileError:
        return None
    if spec and (spec.match_file(rel) or any(spec.match_file("/".join(parts[:i]) + "/")
                                             for i in range(1, len(parts)))):
        return f"{root / IGNORE_FILE} names it"
    package = package_folder_of(root, rel, spec)
    if package and not package[1]:  # __pycache__/: passed over unlisted
        return f"Python's compiled code ({package[0]}/) is not indexed"
    return None


def _package_folder(root: Path, rel: str) -> tuple[str, str] | None:
    """(the folder, why) when the file `rel` of `root` is in a package folder the sync's walk lists as skipped
    (package_folders.package_folder_of, .mragignore's negation lines read), else None."""
    from minirag_cli.errors import IgnoreFileError
    from minirag_cli.package_folders import package_folder_of
    from minirag_cli.walk import load_ignore

    try:
        spec = load_ignore(root)
    except IgnoreFileError:
        return None
    found = package_folder_of(root, rel, spec)
    return found if found and found[1] else None


def _hard_linked_rows(conn, root: str, rel: str) -> list:
    """The documents row of the note that the file `rel` of `root` is a hard
    link to (the same file under another name: sync indexes it once, at the
    first name in path order), [] when it is none."""
    try:
        st = os.stat(Path(root) / rel)
    except (OSError, ValueError):
        return []
    if st.st_nlink < 2:
        return []
    for row in conn.execute("SELECT id, root, path, hash, n_lines FROM documents WHERE root = ? ORDER BY path",
                            (root,)):
        try:
            other = os.stat(Path(root) / row[2])
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
            return [row]
    return []


def _unindexed_file(conn, forms: list[str]) -> tuple[str, str] | None:
    """(synced root, path in it) of a file that one of `forms` names
    (relative to the root, or from the current folder) when it is no indexed
    note, else None."""
    roots = _synced_roots(conn)
    for form in forms:
        candidates = [Path(root) / _as_index_path(form) for root in roots]
        try:
            candidates.append(Path(form).expanduser().resolve())
        except (OSError, RuntimeError, ValueError):
            pass
        for file in candidates:
            try:
                if not file.is_file():
                    continue
                absolute = str(file.resolve())
            except (OSError, RuntimeError, ValueError):
                continue
            found = _under_roots(absolute, roots)
            if found:
                return found[0]
    return None


def _synced_roots(conn) -> list[str]:
    """The synced folders of the indexed notes."""
    return [root for (root,) in conn.execute("SELECT DISTINCT root FROM documents")]


def _under_roots(absolute: str, roots) -> list[tuple[str, str]]:
    """(root, path relative to it) for each synced root the absolute path
    `absolute` lies in."""
    return [(root, absolute[len(root.rstrip("/")) + 1:]) for root in roots
            if absolute.startswith(root.rstrip("/") + "/")]


def _rows_at_file(conn, path: str) -> list:
    """The documents row of the file `path` names (a filesystem path, from
    the current folder), [] when it is no indexed note."""
    try:
        absolute = str(Path(path).expanduser().resolve())
    except (OSError, RuntimeError, ValueError):  # ValueError: a NUL in a path an MCP client sent
        return []
    roots = _synced_roots(conn)
    rows = []
    for root, rel in _under_roots(absolute, roots):
        rows += conn.execute("SELECT id, root, path, hash, n_lines FROM documents "
                             "WHERE root = ? AND path = ?", (root, rel)).fetchall()
    return rows


def _chunks_of(conn, doc_id: int) -> list[dict]:
    return [{"chunk_id": r[0], "seq": r[1], "text": r[2], "start_char": r[3], "end_char": r[4],
             "lines": [r[5], r[6]]}
            for r in conn.execute("SELECT id, seq, text, start_char, end_char, start_line, end_line "
                                  "FROM chunks WHERE document_id = ? ORDER BY seq", (doc_id,))]


def reassemble(chunks: list[dict]) -> str:
    """Put chunk texts back at their character offsets. Chunks overlap and
    hold exact slices of the original; only whitespace between
    non-overlapping chunks is lost, restored as newlines or a space."""
    parts: list[str] = []
    end = None  # end of what is written, in the original's character offsets
    prev_end_line = 1
    for c in chunks:
        c = {**c, "text": file_part(c["text"], c["start_char"], c["end_char"])}  # a table's head is no file text
        if end is None or c["start_char"] >= end:
            if end is not None:
                newlines = c["lines"][0] - prev_end_line
                parts.append("\n" * newlines if newlines > 0 else " " * max(1, c["start_char"] - end))
            parts.append(c["text"])
        elif c["end_char"] > end:
            parts.append(c["text"][end - c["start_char"]:])
        end = c["end_char"] if end is None else max(end, c["end_char"])
        prev_end_line = max(prev_end_line, c["lines"][1])
    return "".join(parts)


def _file_bytes(file: Path) -> bytes | None:
    """The bytes of `file` if it is a regular file that can be read, else
    None. A named pipe put where a note was is never read: opened without
    O_NONBLOCK, it would wait forever for a writer."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            return f.read()
        except OSError:
            return None


def _disk_text(doc: dict) -> str | None:
    """The file's text if it is on disk unchanged since it was indexed."""
    from minirag_cli.bear import note_hash
    from minirag_cli.notekinds import MalformedNote
    from minirag_cli.walk import read_note

    file = Path(doc["root"]) / doc["path"]
    data = _file_bytes(file)
    if data is None or note_hash(file, data) != doc["hash"]:
        return None
    try:  # as the sync read it: a canvas's cards, not its JSON (the chunks' lines are its lines)
        return read_note(doc["path"], data, folder=file.parent)[0]
    except MalformedNote:  # not so when it was indexed (the hash says it is the same bytes): never
        return None


def unsynced_edits(conn, notes) -> list[dict]:
    """Of the indexed notes `notes` names ((root, path) pairs, in order),
    those whose file changed or was deleted since the last sync, each once:
    [{path, root, state: 'changed' | 'deleted' | 'folder_gone'}] ('folder_gone':
    the synced folder itself is gone, so no sync of it can run). What `mrag
    show` and `mrag ask` print of them (text, line numbers) is the indexed
    version; their `--json` and the MCP tools carry this list as `unsynced`. A
    file with the size and mtime the sync recorded costs a stat; another one
    is compared by its bytes (a file touched but not edited is unchanged)."""
    out = []
    for root, path in dict.fromkeys(notes):
        row = conn.execute("SELECT size, mtime, hash FROM documents WHERE root = ? AND path = ?",
                           (root, path)).fetchone()
        state = None if row is None else _edit_state(root, path, *row)
        if state:
            out.append({"path": path, "root": root, "state": state})
    return out


def edited_notes(conn) -> tuple[list[dict], list[dict]]:
    """([{root, path}] of the notes changed, [{root, path}] of the notes deleted) since the last sync, of every
    indexed note, in path order (`mrag status`: `changed_notes`, `deleted_notes`), each told as unsynced_edits
    tells it: a stat, and a read of a file whose size is the same and whose mtime is not. The notes of a synced
    folder that is gone are in neither (status names the folder gone)."""
    changed: list[dict] = []
    deleted: list[dict] = []
    there: dict[str, bool] = {}  # root -> is the folder there
    rows = conn.execute("SELECT root, path, size, mtime, hash FROM documents").fetchall()
    for root, path, size, mtime, digest in sorted(rows):
        if root not in there:
            there[root] = os.path.isdir(root)
        state = _edit_state(root, path, size, mtime, digest) if there[root] else None
        if state == "changed":
            changed.append({"root": root, "path": path})
        elif state == "deleted":
            deleted.append({"root": root, "path": path})
    return changed, deleted


def _edit_state(root: str, path: str, size: int, mtime: float, digest: str) -> str | None:
    """'changed', 'deleted' or 'folder_gone' (the synced folder itself gone) when the note `path` of `root`,
    indexed with `size`, `mtime` and `digest`, is no longer so on disk; else None (also when it cannot be looked
    at for now, and when iCloud evicted it: there, not downloaded, kept by the sync)."""
    from minirag_cli.bear import bundle_mtime, in_bundle, note_hash

    name = os.path.join(root, path)  # a string, and a Path only past the stat: status stats every note
    try:
        st = os.stat(name)
        if not stat.S_ISREG(st.st_mode):
            raise FileNotFoundError(path)
    except (FileNotFoundError, NotADirectoryError):  # a folder now, or its folder a file
        file = Path(name)
        if (file.parent / f".{file.name}.icloud").is_file():
            return None  # evicted by iCloud (walk.icloud_placeholder_of)
        # the synced folder itself gone (moved, renamed, not mounted): a sync of it cannot run
        return "folder_gone" if not os.path.isdir(root) else "deleted"
    except OSError:  # cannot be looked at for now: nothing to say it changed
        return None
    if st.st_size == size and abs(st.st_mtime - mtime) < 1e-6 and not in_bundle(path):
        return None
    file = Path(name)
    if st.st_size == size and abs(bundle_mtime(file, st.st_mtime) - mtime) < 1e-6:  # (as the walk records it)
        return None
    data = _file_bytes(file) if st.st_size == size else b""
    if data is None:  # cannot be read for now: nothing to say it changed
        return None
    if st.st_size != size or note_hash(file, data) != digest:
        return "changed"
    return None


def note_warnings(conn, root: str, path: str) -> list[dict]:
    """The warnings the indexed note `path` of the folder `root` was read with, while it stays as read (an
    `\\iffalse` never closed, a text read as cp1252, conflict markers: sync._warned_before records them):
    [{reason, since}], `since` when the sync that read it indexed it (UTC, ISO 8601); [] for none."""
    from minirag_cli.db import read_warnings

    reasons = read_warnings(conn).get(root, {}).get(path, [])
    if not reasons:
        return []
    row = conn.execute("SELECT synced_at FROM documents WHERE root = ? AND path = ?", (root, path)).fetchone()
    return [{"reason": reason, "since": row[0] if row else None} for reason in reasons]


def entities_in_chunks(conn, chunk_ids: list[int]) -> list[dict]:
    if not chunk_ids:
        return []
    marks = ",".join("?" * len(chunk_ids))
    rows = conn.execute(
        f"SELECT e.id, e.name, e.type, sum(m.count) FROM mentions m JOIN entities e ON e.id = m.entity_id "
        f"WHERE m.chunk_id IN ({marks}) GROUP BY e.id ORDER BY sum(m.count) DESC, e.name", chunk_ids).fetchall()
    return [{"id": r[0], "name": r[1], "type": r[2], "count": r[3]} for r in rows]


def get_document(conn, path: str) -> dict:
    """A whole indexed document with its chunks' spans and its entities."""
    doc = find_document(conn, path)
    chunks = _chunks_of(conn, doc["id"])
    text = _disk_text(doc)
    source = "disk"
    if text is None:
        text, source = reassemble(chunks), "chunks"
    return _by_name(doc, {"kind": "document", "path": doc["path"], "root": doc["root"], "text": text, "source": source,
            # the span of `text`: none for an empty note (an index synced before stored 1 line for it)
            "lines": [1, doc["n_lines"]] if text else [],
            "chunks": [{"chunk_id": c["chunk_id"], "seq": c["seq"], "lines": c["lines"]} for c in chunks],
            "entities": entities_in_chunks(conn, [c["chunk_id"] for c in chunks])})


def _by_name(doc: dict, item: dict) -> dict:
    """`item`, shown of the note `doc` (find_document's), with `opened_by_name`, the name typed, when the note was
    found by its name (notes_by_name), no path: only then, so a path's `--json` is as it was."""
    if "opened_by_name" in doc:
        item["opened_by_name"] = doc["opened_by_name"]
    return item


# ------------------------------------------------------------------ chunks

def _chunk_result(conn, row) -> dict:
    chunk_id, seq, text, start_line, end_line, path, root = row
    return {"kind": "chunk", "chunk_id": chunk_id, "seq": seq, "path": path, "root": root,
            "lines": [start_line, end_line], "text": text, "entities": entities_in_chunks(conn, [chunk_id])}


_CHUNK_SQL = ("SELECT c.id, c.seq, c.text, c.start_line, c.end_line, d.path, d.root FROM chunks c "
              "JOIN documents d ON d.id = c.document_id ")


_CHUNK_ID_HINT = "Chunk ids are printed by `mrag ask --json`; they change when a file is re-synced."


def get_chunk(conn, chunk_id: int) -> dict:
    row = None if chunk_id > _MAX_ROWID else conn.execute(_CHUNK_SQL + "WHERE c.id = ?", (chunk_id,)).fetchone()
    if row is None:
        raise NotFound(f"No chunk with id {chunk_id}.", hint=_CHUNK_ID_HINT)
    return _chunk_result(conn, row)


def chunk_at_line(conn, path: str, line: int, end: int | None = None, *, typed: str | None = None) -> dict:
    """The first chunk (in document order) whose line span holds `line`; with
    `end`, the chunk spanning exactly `line`-`end` (a result of `mrag ask`:
    where chunks overlap, `line` can also end the chunk before) when there is
    one. `typed`: the line as typed, for the errors, when `line` stands for a number past any line
    (_row_number)."""
    doc = find_document(conn, path)
    shown = shorten(typed) if typed is not None else str(line)
    row = None
    if end is not None:
        if end < line:
            raise UsageError(f"{doc['path']}:{shown}-{end}: the line range ends before it starts.",
                             hint=f"mrag show {doc['path']}:{end}-{shown}, or one line: "
                                  f"mrag show {doc['path']}:{shown}")
        if end <= _MAX_ROWID:
            row = conn.execute(_CHUNK_SQL + "WHERE c.document_id = ? AND c.start_line = ? AND c.end_line = ? "
                               "ORDER BY c.seq LIMIT 1", (doc["id"], line, end)).fetchone()
        if row is not None:
            return _by_name(doc, _chunk_result(conn, row))
    row = None if line > _MAX_ROWID else conn.execute(
        _CHUNK_SQL + "WHERE c.document_id = ? AND c.start_line <= ? AND c.end_line >= ? ORDER BY c.seq LIMIT 1",
        (doc["id"], line, line)).fetchone()
    if row is None:
        if conn.execute("SELECT 1 FROM chunks WHERE document_id = ? LIMIT 1", (doc["id"],)).fetchone() is None:
            raise NotFound(f"{doc['path']} holds no text: it has no chunks (empty, only whitespace or only empty list items).")
        n = doc["n_lines"]
        raise NotFound(f"{doc['path']} has no chunk at line {shown} (it has {n} line{'s' * (n != 1)}; "
                       "blank lines between chunks belong to none).")
    return _by_name(doc, _chunk_result(conn, row))


def _named_rows(conn, given: str, named: list[str]) -> list:
    """The documents rows of the one indexed note `given` names by its name (`named`: notes_by_name's paths), as a
    user types it from their notes app (`Acme Logistics`, Logseq's `OKR/Q4 2026`, a Notion page's title without
    its id, `mrag tasks`'s path of it): tester qa58, `mrag show "Acme Logistics"` was refused with a hint naming
    `pages/Acme Logistics.md`. Refused, naming them, when several notes bear the name; [] when none does, and for
    a day (`2026-11-22`) whose other notes (`1on1/2026-11-22 Sam.md`) the hint names with its daily note."""
    if len(named) > 1:
        raise NotFound(f"{shorten(given)!r} names {len(named)} indexed notes.", hint=_several_hint(named))
    if not named or (_day_typed(given) is not None and _notes_named(conn, given) != named):
        return []
    return conn.execute("SELECT id, root, path, hash, n_lines FROM documents WHERE path = ? ORDER BY root",
                        (named[0],)).fetchall()


_SEVERAL_LISTED = 10  # the notes of one name an error lists; a longer list ends saying how many more


def _several_hint(named: list[str]) -> str:
    """The hint naming the notes of one name (_named_rows), the first as a command."""
    import shlex

    listed = ", ".join(repr(n) for n in named[:_SEVERAL_LISTED])
    more = f" and {len(named) - _SEVERAL_LISTED} more" if len(named) > _SEVERAL_LISTED else ""
    return f"Give the path of one as `mrag ask` prints it ({listed}{more}): `mrag show {shlex.quote(named[0])}`."


def show(conn, target: str) -> dict:
    """`mrag show` addressing: CHUNK_ID, PATH:LINE, PATH:FIRST-LAST or PATH."""
    if target.isascii() and target.isdigit():
        try:
            chunk_id = _row_number(target)
            if chunk_id > _MAX_ROWID:  # said as typed (shortened), not as the number _row_number reads
                raise NotFound(f"No chunk with id {shorten(target)}.", hint=_CHUNK_ID_HINT)
            return get_chunk(conn, chunk_id)
        except NotFound:
            # no such chunk: a Zettelkasten ID typed for its note (`mrag show 202611031015`)
            meant = _notes_named(conn, target)
            if not meant:
                day = typed_day(target)  # a day in figures (`20261204`), no chunk's id and no note's day either
                if day is None:
                    raise
                raise NotFound(f"No chunk with id {target}{_no_day_note(day)}.", hint=_day_hint(conn, day)) from None
            raise NotFound(f"No chunk with id {shorten(target)}, and {shorten(target)!r} is not an indexed "
                           "document.", hint=_meant_hint(meant)) from None
    m = _LINE_SUFFIX.match(target)
    if m:
        try:
            find_document(conn, target)  # a file whose name really ends in ":12"
        except NotFound:
            line, end = _row_number(m.group("line")), m.group("end")
            return chunk_at_line(conn, m.group("path"), line, None if end is None else _row_number(end),
                                 typed=m.group("line") if line > _MAX_ROWID else None)
    return get_document(conn, target)


# ------------------------------------------------------------------ entities

def shorten(text: str, width: int = 80) -> str:
    """`text` for an error line: a pasted page is not echoed whole."""
    return text if len(text) <= width else text[:width - 1] + "…"


# The least fuzzy score (rapidfuzz WRatio, 0-100; a name the query is part of
# scores 95) at which one entity is shown for a name that is not its own: a
# typing slip in a name scores 80-95 ("LiHau" 80, "Wolfgnag" 87.5), a short
# word against an unrelated longer name ~72 ("Bob" / "Bohemian Rhapsody").
FUZZY_PICK = 80
_LIST_HINT = "`mrag entities` lists the most mentioned ones."
_DATE_HINT = "`mrag entities` lists the most mentioned ones; dates are named yyyy-mm-dd."


def _date_key(name: str) -> str | None:
    """The key of the date entity `name` spells in full ("January 6, 2026",
    "6 Jan", "20260106": _spelled_date; a daily note's name: "2026_01_06", typed_day), else None. Date
    entities are keyed by their ISO form, which a spelt date's letters do not match."""
    date = _spelled_date(name)
    if date is None:  # a daily note's name, `2026_12_04`, `2026.12.04` as Logseq's file writes a day (typed_day),
        # its spelt date not read again when `name` is as typed_day strips it
        date = _whole_day(name.strip(), spelled_read=name == name.strip())
    return "date:" + date if date is not None else None


# a day in figures no date spelling reads ("30.11.2025", "12/01/2026": which is the month?)
_FIGURES_DAY = re.compile(r"\s*(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\s*")


def _other_days(conn, name: str, candidates: list[dict]) -> list[dict]:
    """`candidates` without the date entities that are another day than `name`,
    a day in figures find_dates does not read: fuzzy letters made "30.11.2025"
    the entity 2026-11-30 (85.5 of 100), another year. A date entity of the same
    figures in another order ("30.11.2026" and 2026-11-30) stays."""
    figures = _FIGURES_DAY.fullmatch(name)
    if not figures:
        return candidates
    wanted = sorted(int(n) for n in figures.groups())
    keys = dict(conn.execute("SELECT id, key FROM entities WHERE type = 'date'").fetchall())
    return [c for c in candidates if c["id"] not in keys
            or sorted(int(n) for n in re.findall(r"\d+", keys[c["id"]])) == wanted]


def _date_entity(conn, key: str):
    """The date entity of `key`; for a date without a year ("date:--01-06"),
    the most mentioned of that day in any year, as a question's date stands
    for each year the index holds."""
    row = conn.execute("SELECT id FROM entities WHERE key = ?", (key,)).fetchone()
    if row is None and key.startswith("date:--"):
        row = conn.execute("SELECT id FROM entities WHERE type = 'date' AND key LIKE ? ORDER BY mentions DESC, id "
                           "LIMIT 1", ("date:____" + key[len("date:--") - 1:],)).fetchone()
    return row


def _spelled_otherwise(conn, name: str) -> tuple[dict, tuple | None]:
    """(match, (entity id,)) of the entity whose name, else whose alias, is
    `name` with its ä, ö, ü written ae, oe, ue or the other way round
    (text.umlaut_keys, confirmed by same_umlauts: "Samuel" is no Samül's
    "samul"); ({"by": "name"}, None) when none is."""
    keys = umlaut_keys(name)
    if not keys:
        return {"by": "name"}, None
    marks = ",".join("?" * len(keys))
    for by, sql in (("name", f"SELECT id, name FROM entities WHERE key IN ({marks}) ORDER BY mentions DESC, id"),
                    ("alias", f"SELECT entity_id, alias FROM entity_aliases WHERE key IN ({marks}) "
                              "ORDER BY count DESC, entity_id")):
        for eid, form in conn.execute(sql, keys):
            if same_umlauts(form, name):
                return {"by": by}, (eid,)
    return {"by": "name"}, None


def _named_exactly(conn, name: str) -> tuple[dict, tuple | None]:
    """(match, (entity id,)) of the entity `name` is the name of, else an alias of (its key), else either
    spelled with ä, ö, ü as `name` writes ae, oe, ue or the other way round (_spelled_otherwise);
    ({"by": "name"}, None) when none is."""
    row = conn.execute("SELECT id FROM entities WHERE key = ?", (normalise_key(name),)).fetchone()
    if row is not None:
        return {"by": "name"}, row
    row = conn.execute("SELECT entity_id FROM entity_aliases WHERE key = ? ORDER BY count DESC LIMIT 1",
                       (normalise_key(name),)).fetchone()
    if row is not None:
        return {"by": "alias"}, row
    # the name spelled the other way: "Juergen Weiss" is Jürgen Weiß, "Jürgen" is a note's Juergen
    return _spelled_otherwise(conn, name)


# a wikilink typed whole, `[[Dr Okafor]]`, `[[Atlas#Goals|goals]]`: the page it links, as `mrag show` reads one
_WHOLE_LINK = re.compile(r"!?\[\[(?P<target>[^\]]*)\]\]")


def _link_target(name: str) -> str:
    """`name` without the `[[ ]]` of a wikilink typed whole and its tail (`#Goals`, `|goals`); `name` as it is
    when it is none, or links nothing."""
    m = _WHOLE_LINK.fullmatch(name.strip())
    if m is None:
        return name
    target = _LINK_TAIL.sub("", m.group("target")).strip()
    return target or name


def _name_after_title(name: str) -> str | None:
    """The name `name` writes after a person's title, as the heuristic extractor reads a page's or a link's name
    (heuristic.without_person_title: `Dr Okafor.md` and the text's `Dr. Okafor` are Okafor): the title written as the
    extractor writes it (`Dr`, `Dr.`, `Prof`, `Mr`, `Frau`, `Herr`; not `DR`, `dr`, `MS` of `MS Teams`, `HR` of
    `HR Portal`) before a capitalised word (`Fr 04.12.2026` is a Friday's date); None for any other name."""
    from minirag_cli.extract.heuristic import without_person_title

    name = name.strip()
    untitled = without_person_title(name)
    return untitled if untitled != name else None


def get_entity(conn, name: str, *, neighbours: int = 20, notes: int = 20) -> dict:
    """The entity `name` best matches (exact key first, then fuzzy over names
    and aliases), with aliases, co-occurrence neighbours by weight and the
    notes that mention it, most mentions first. `match` says how it was
    found: {"by": "name"}, {"by": "alias"} (either spelled with ä, ö, ü or
    ae, oe, ue as the query is not: _spelled_otherwise), {"by": "title"}
    (the name or alias after a person's title: `Dr Okafor` is Okafor,
    _name_after_title), {"by": "date"} or {"by": "fuzzy", "score": 0-100}. A
    wikilink typed whole (`[[Dr Okafor]]`) is the name it links."""
    if not name.strip():
        raise UsageError("The entity name is empty.", hint=_LIST_HINT)
    name = _link_target(name)
    match, row = _named_exactly(conn, name)
    untitled = _name_after_title(name) if row is None else None
    if untitled is not None:
        # `Dr Okafor`, `Dr. Okafor` (Logseq's page `Dr Okafor.md`): the name after a person's title, as the
        # extractor reads the notes' `Dr Okafor` (the entity Okafor), exactly: a surname alone compared fuzzily
        # scored 95 in any longer name holding it (`Dr Park` was Hyde Park, `Mr Wells` Wells Fargo: review of lookup)
        titled = _named_exactly(conn, untitled)[1]
        if titled is not None:
            match, row = {"by": "title"}, titled
    date = _date_key(name)
    if row is None and date:
        match = {"by": "date"}
        row = _date_entity(conn, date)
        if row is None:
            # another date's name is close in letters ("Jan 6" / "Jan 18th" scored 85): never the date asked for
            raise NotFound(f"No entity is the date {shorten(name)!r}.", hint=_DATE_HINT)
    candidates = entities_list(conn, name, 6, min_score=60)  # the weak ones name the closest in the hint
    if row is None:
        days = _other_days(conn, name, candidates)
        if len(days) < len(candidates) and not any(c["score"] >= FUZZY_PICK for c in days):
            raise NotFound(f"No entity is the date {shorten(name)!r}.", hint=_DATE_HINT)
        candidates = days
        if not candidates:
            raise NotFound(f"No entity matches {shorten(name)!r}.", hint=_LIST_HINT)
        if candidates[0]["score"] < FUZZY_PICK:
            # a score of 60 lets "Xylophone" reach "Thane": shown as the
            # entity asked for, that is another entity altogether
            closest = ", ".join(repr(c["name"]) for c in candidates[:3])
            raise NotFound(f"No entity matches {shorten(name)!r}.",
                           hint=f"The closest names, none close: {closest}. {_LIST_HINT}")
        entity_id = candidates[0]["id"]
        # the closest name, not the name: say so (a weak match can be another entity altogether)
        match = {"by": "fuzzy", "score": candidates[0]["score"]}
    else:
        entity_id = row[0]
    eid, ename, etype, mentions, nchunks = conn.execute(
        "SELECT id, name, type, mentions, chunks FROM entities WHERE id = ?", (entity_id,)).fetchone()
    aliases = [{"alias": a, "count": c, "merge": m} for a, c, m in conn.execute(
        "SELECT alias, count, merge FROM entity_aliases WHERE entity_id = ? ORDER BY count DESC, alias", (eid,))]
    near = [{"id": r[0], "name": r[1], "type": r[2], "weight": r[3]} for r in conn.execute(
        "SELECT e.id, e.name, e.type, n.weight FROM ("
        " SELECT b AS other, weight FROM cooccurrence WHERE a = ?1"
        " UNION ALL SELECT a AS other, weight FROM cooccurrence WHERE b = ?1) n "
        "JOIN entities e ON e.id = n.other ORDER BY n.weight DESC, e.name LIMIT ?2", (eid, neighbours))]
    docs = [{"path": r[0], "root": r[1], "mentions": r[2], "chunks": r[3], "lines": [r[4], r[5]]}
            for r in conn.execute(
                "SELECT d.path, d.root, sum(m.count), count(*), min(c.start_line), max(c.end_line) "
                "FROM mentions m JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                "WHERE m.entity_id = ? GROUP BY d.id ORDER BY sum(m.count) DESC, d.path LIMIT ?", (eid, notes))]
    n_docs = conn.execute(
        "SELECT count(DISTINCT c.document_id) FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
        "WHERE m.entity_id = ?", (eid,)).fetchone()[0]
    n_neighbours = conn.execute("SELECT (SELECT count(*) FROM cooccurrence WHERE a = ?1) + "
                                "(SELECT count(*) FROM cooccurrence WHERE b = ?1)", (eid,)).fetchone()[0]
    return {"id": eid, "name": ename, "type": etype, "match": match, "mentions": mentions, "chunks": nchunks,
            "aliases": aliases, "neighbours": near, "neighbours_total": n_neighbours,
            "notes": docs, "notes_total": n_docs,
            "other_matches": [{"name": c["name"], "type": c["type"], "mentions": c["mentions"]}
                              for c in candidates if c["id"] != eid][:5]}
