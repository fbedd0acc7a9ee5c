"""Finding the notes in a folder: which files are text notes, which are skipped
and why. Never follows a symlink out of the synced root unless asked."""

from __future__ import annotations

import bisect
import codecs
import contextlib
import difflib
import errno
import os
import re
import stat
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from minirag_cli.bear import bundle_mtime
from minirag_cli.chunking import without_inline_data
from minirag_cli.errors import IgnoreFileError
from minirag_cli.keep import KEEP_SUFFIX, KeepTrashed, copy_compared, keep_json, keep_litter, takeout_index
from minirag_cli.keep_html import HTML_SUFFIX, keep_html_head, keep_html_text
from minirag_cli.latex_files import build_file, exported_tex, tex_stems
from minirag_cli.logseq_templates import GRAPH_SETTINGS, graph_folder, in_graph
from minirag_cli.notekinds import JOPLIN_CONFLICT, NOTEBOOK, MalformedNote, special_kind
from minirag_cli.options import DEFAULT_MAX_BYTES
from minirag_cli.package_folders import kept_by_ignore, package_folder
from minirag_cli.readers import read_text
from minirag_cli.simplenote import SOURCE_FILE as SIMPLENOTE_SOURCE
from minirag_cli.simplenote import TRASH_FOLDER as SIMPLENOTE_TRASH
from minirag_cli.simplenote import TRASH_REASON as SIMPLENOTE_TRASH_REASON
from minirag_cli.simplenote import export_folder, exported_note
from minirag_cli.template_notes import may_be_template, template_reason, template_skip
from minirag_cli.wikipages import system_tiddler

# `.canvas`, `.excalidraw` and Jupyter's `.ipynb` are JSON, read for their text (notekinds.py); VimWiki's
# `.wiki` and TiddlyWiki's `.tid` pages are read as Markdown (wikipages.py; readers 10, qa36: not walked), and
# so are LaTeX's `.tex` and a BibTeX library's `.bib` (latex.py; readers 10, qa38: not walked); a `.csv` is read as
# a Markdown table, a data set's skipped (csvnotes.py; readers 12: not walked)
NOTE_EXTENSIONS = frozenset({".md", ".markdown", ".txt", ".rst", ".org", ".org_archive", ".text", ".mdown", ".mkd",
                             ".adoc", ".mdx", ".canvas", ".excalidraw", ".ipynb", ".wiki", ".tid", ".tex", ".bib",
                             ".csv"})
IGNORE_FILE = ".mragignore"
BAD_NAME = "file name is not valid UTF-8 (rename it to index it)"
BAD_FOLDER_NAME = "folder name is not valid UTF-8 (rename it to index it)"
SAME_NOTE = "symlink to a note in the synced folder (indexed at its real path)"
BROKEN_LINK = "broken or looping symlink"


# What an operating system or an office suite leaves in a folder it shows, or opens a file in: Windows
# Explorer's `desktop.ini` and thumbnail caches (`Thumbs.db`, `ehthumbs.db`), macOS's custom folder icon
# (`Icon` and a CR), Office's owner file of an open document (`~$Budget.docx`) and LibreOffice's lock
# file (`.~lock.Budget.odt#`, hidden anyway). No one wrote them, and a sync that listed each as `not a
# note file` at every first sync of a folder showed only noise: passed over in silence, counted
# (WalkResult.system_files). Only files of no note extension: a note named `desktop.md` is read.
SYSTEM_FILE_NAMES = frozenset({"desktop.ini", "thumbs.db", "ehthumbs.db", "ehthumbs_vista.db", "icon\r"})
SYSTEM_FILE_PREFIXES = ("~$", ".~lock.")


# A `.textpack` is a TextBundle zipped (Bear's, Ulysses' and iA Writer's single-file export): its note is
# inside a zip archive, which a sync does not open (qa33: it was `not a note file (.textpack)`, no word of why
# or what to do)
TEXTPACK_REASON = ("a zipped TextBundle (.textpack), which sync does not unpack: unzip it beside the notes "
                   "(its `NAME.textbundle/text.md` is read as the note NAME), or export as TextBundle or Markdown")


# the bytes of an `.html` file's head looked at for a Google Keep page's marks (keep_html.keep_html_head): past its
# style sheet, a few kB
KEEP_PAGE_HEAD = 32 * 1024

# A Google Keep note is a `.json` file of Keep's shape (keep.py), read as a note; any other `.json`
# stays no note, listed with this reason (or passed over: mrag's own graph export, written_by_mrag)
NOT_NOTE_JSON = "not a note file (.json)"


def system_file(name: str, extensions: Container[str] = NOTE_EXTENSIONS) -> bool:
    """Is the file `name` one an operating system or office suite leaves beside the notes (SYSTEM_FILE_NAMES)?"""
    if Path(name).suffix.lower() in extensions:
        return False
    lower = name.lower()
    return lower in SYSTEM_FILE_NAMES or lower.startswith(SYSTEM_FILE_PREFIXES)


# A Jupyter notebook's file is mostly what is never read (its plots' base64, HTML, widgets: 8 MB of 20
# plots around a few kB of text), so the size limit (--max-bytes) applies to its text (read_note) and
# its file only to a ceiling of NOTEBOOK_CEILING times the limit, over which it is skipped unparsed.
# The ceiling bounds what parsing its JSON takes: measured (read_note, plots of 400 kB each), a 52 MB
# notebook takes 0.17 s and 150 MB of memory, 105 MB 0.28 s and 300 MB, 210 MB 0.6 s and 600 MB: the
# time is nothing, the memory three times the file (its bytes, its decoded text, the parsed strings).
# 20 times the limit (100 MB at 5 MB, 300 MB of memory for a moment) lets in a notebook of a few hundred
# plots, and a user who raises the limit for larger notes raises it with the limit.
NOTEBOOK_CEILING = 20


def notebook_ceiling_reason(size: int, max_bytes: int) -> str:
    """Why a notebook of `size` bytes over the ceiling (NOTEBOOK_CEILING times `max_bytes`) is skipped unparsed."""
    return (f"larger than a notebook's size ceiling ({size} > {NOTEBOOK_CEILING * max_bytes} bytes, "
            f"{NOTEBOOK_CEILING} times the size limit: its JSON is not parsed; clear its outputs, "
            "or raise --max-bytes, to have it read)")


_TEXT_OVER = "its text is larger than the size limit"
_TEXT_OVER_LIMIT = re.compile(re.escape(_TEXT_OVER) + r" \(\d+ > (\d+) bytes")


class TextTooLarge(MalformedNote):
    """A notebook whose text (not its file: its images are never read) is over the size limit: the
    sync skips it, as a malformed one, with the reason (str())."""

    def __init__(self, size: int, max_bytes: int):
        super().__init__(f"{_TEXT_OVER} ({size} > {max_bytes} bytes, its images not counted: "
                         "--max-bytes N lets it in)")


def text_limit_of(reason: str) -> int | None:
    """The size limit a TextTooLarge reason was given at, else None (another reason)."""
    m = _TEXT_OVER_LIMIT.match(reason)
    return int(m.group(1)) if m else None


def hard_link_reason(indexed_at: str) -> str:
    """Why a hard link to a note is passed over: the note is indexed once, at `indexed_at`."""
    return f"hard link to the note {indexed_at} (the same file, indexed at that path)"


@dataclass(frozen=True)
class NoteFile:
    path: str  # relative to the root, '/'-separated
    abspath: Path
    size: int
    mtime: float


@dataclass
class WalkResult:
    files: list[NoteFile] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)  # {path, reason}
    # folders that could not be listed for now (permission, I/O error): "" for the root, else
    # "folder/"; the notes indexed below them are kept as last synced, not removed
    unlisted: list[str] = field(default_factory=list)
    # notes listed in a folder that cannot be searched (no execute permission): kept as last synced
    kept: list[str] = field(default_factory=list)
    # What a watch on the folder (inotify) cannot see change, for `mrag sync --watch` to stat instead:
    # note path -> stat_key as walked, of a followed file symlink out of the folder (its target
    # changes elsewhere; None while broken) and of a note with a hard link outside the folder or in a
    # hidden folder (edited through that name)
    unwatched: dict[str, tuple | None] = field(default_factory=dict)
    # followed symlinked folders: link path ("a/b") -> (the folder it points at, its device, its inode)
    linked_folders: dict[str, tuple] = field(default_factory=dict)
    # the files opened to tell whether they are notes and not indexed, for the next walk (walk_notes'
    # `looked`, db.LOOKED_KEY): path -> (size, mtime, why: "" for mrag's own output, else the reason
    # it is skipped); the sync adds the note files it skips for their bytes (binary, a malformed canvas)
    looked: dict[str, tuple[int, float, str]] = field(default_factory=dict)
    # the files passed over silently as an operating system's or office suite's litter (system_file)
    system_files: int = 0
    # notes that may be OneDrive's copy of a note, named for a computer its user named (NAMED_COPY:
    # `Budget-WORKPC.md`), compared with their note by this walk: path -> the warning (said once, when
    # compared; indexed all the same). The verdict is kept in `looked` for doctor and status.
    possible_copies: dict[str, str] = field(default_factory=dict)
    # the Logseq graphs the notes are in (logseq_templates.graph_folder), each its folder from the root ("a/b/", ""
    # for the root or a folder above it), whose pages read otherwise when it comes or goes (sync._graphs_changed)
    logseq_graphs: list[str] = field(default_factory=list)
    # the folders listed ("" for the root, else "a/b/") -> their st_mtime_ns, taken before each was listed: a note
    # added, removed or renamed in one since changes it (db.FOLDER_TIMES_KEY, added.added_notes)
    folders: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ChangedFolders:
    """What a walk given it lists (walk_notes' `within`): the folders whose mtime changed since a sync listed
    them (`changed`, of the `recorded` ones: "" for the root, else "a/b/") and the folders no sync listed (new).
    The others are listed only on the way to those, their files passed over unlooked at."""
    recorded: frozenset[str]
    changed: frozenset[str]

    def lists(self, reldir: str) -> bool:
        """Are the files of the folder `reldir` looked at?"""
        return reldir in self.changed or reldir not in self.recorded

    def enters(self, reldir: str) -> bool:
        """Is the folder `reldir` walked into: listed, or on the way to one that is?"""
        return self.lists(reldir) or any(folder.startswith(reldir) for folder in self.changed)


def stat_key(st: os.stat_result) -> tuple:
    """What tells a file's content changed without reading it: which file it
    is (a save by rename makes a new one), its size and its modification time."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


# What mrag itself writes, saved inside a synced folder, is passed over as quietly as a hidden file, not
# listed as skipped at every sync, nor indexed when saved under a note's extension (`-o page.md`: 115
# chunks of inlined Cytoscape code, 12 entities became 581). Told by content, in the first 4 KB: one
# open and read of each note file the walk lists that the index does not hold as it is (`known`: a note
# whose size and mtime are as indexed was checked when it was read, so an unchanged note costs a stat,
# and a no-change sync opens no note: on a network folder or a cloud drive's placeholders an open
# fetches the file), and of a file saved under another extension mrag writes (one of any other is listed
# as no note, not read): the page `mrag graph view -o FILE` writes names its maker in its head
# (web/graph_view.html); `mrag graph export` GraphML names its graph "mrag" (export.to_graphml) and its
# JSON opens with the keys of export.EntityGraph.to_dict in their order, as json.dumps indents them (it
# names no maker: another tool's JSON would have to open with the same keys in the same order and layout).
# Logseq's copies of the graph's own pages, in its `logseq/` folder (beside `config.edn`): `bak/` keeps a
# page's older versions (each a whole page, timestamped), `version-files/` the versions its file sync kept.
# Indexed, a stale copy ranked first for the question its page answers, and its old tasks stayed open.
LOGSEQ_COPIES = frozenset({"bak", "version-files"})


def _logseq_folder(dirpath: str) -> bool:
    """Is `dirpath` a Logseq graph's own `logseq/` folder, the one holding `config.edn` (logseq_templates.graph_folder
    of the folder it is in)?"""
    return os.path.basename(dirpath) == GRAPH_SETTINGS[0] and graph_folder(os.path.dirname(dirpath))


def logseq_copies(dirpath: str, name: str) -> bool:
    """Is the folder `name` in `dirpath` one of Logseq's copies of its pages (LOGSEQ_COPIES)?"""
    return name in LOGSEQ_COPIES and _logseq_folder(dirpath)


# Logseq's own settings in its `logseq/` folder (beside the copies above): `config.edn`, `custom.css`, `custom.js`. No
# one's notes: passed over in silence, as an operating system's files are (each was listed `not a note file`)
def logseq_settings(dirpath: str, name: str, extensions: Container[str] = NOTE_EXTENSIONS) -> bool:
    """Is the file `name` of the folder `dirpath` one of Logseq's settings (a file of no note extension in its
    `logseq/` folder, the one holding `config.edn`)?"""
    return Path(name).suffix.lower() not in extensions and _logseq_folder(dirpath)


# Roam Research's templates page, `roam/templates` (its Markdown export writes `roam/templates.md`): the blocks its
# `;;` menu copies into a page, their tasks no one's to do (`- {{[[TODO]]}} send the minutes` was open forever).
# Listed as skipped, as an Obsidian vault's templates folder is
ROAM_TEMPLATES_REASON = "Roam Research's templates page (roam/templates): templates are not indexed"


def roam_templates(dirpath: str, name: str) -> bool:
    """Is the file `name` of the folder `dirpath` Roam's templates page as its export writes it (`roam/templates.md`)?"""
    return name == "templates.md" and os.path.basename(dirpath) == "roam"


PassedOver = tuple[Callable[[str], bool], str | None]  # (is a file name one?, why it is skipped: passed_over_checks)


def passed_over_checks(reldir: str, dirpath: str, exported: Container[str], keep_notes: Container[str],
                       extensions: Container[str] = NOTE_EXTENSIONS) -> list[PassedOver]:
    """What walk_notes passes a file of the folder `dirpath` (`reldir` from the root) over for, in order, before it
    looks at its name's extension: (is the file `name` one?, the reason it is listed as skipped for; None: passed over
    in silence, as an operating system's file is). `exported`: the folder's notes' LaTeX exports
    (latex_files.exported_tex), `keep_notes`: its Google Keep notes (keep_notes_of)."""
    return [
        # Simplenote's record of the notes its export wrote as files
        (lambda name: bool(name == SIMPLENOTE_SOURCE[1] and reldir and os.path.basename(dirpath) == SIMPLENOTE_SOURCE[0]
                           and export_folder(os.path.dirname(dirpath))), None),
        (lambda name: takeout_index(dirpath, name), None),  # Google Takeout's own index page of the archive: keep.py
        # Org's (Pandoc's, nbconvert's) LaTeX export of a note beside it: latex_files.py
        (lambda name: name in exported, None),
        # a Keep note's HTML twin, an attachment, Labels.txt: keep.py
        (lambda name: bool(keep_notes) and keep_litter(name, keep_notes), None),
        (system_tiddler, None),  # TiddlyWiki's own settings and plugins (`$__StoryList.tid`), dozens a wiki
        (lambda name: logseq_settings(dirpath, name, extensions), None),  # `logseq/config.edn`, `custom.css`
        (lambda name: roam_templates(dirpath, name), ROAM_TEMPLATES_REASON),
    ]


# An Obsidian vault's templates folder (a vault: a folder holding `.obsidian/`), as the core Templates
# plugin sets it (`.obsidian/templates.json`: {"folder": "Templates"}) or Templater does
# (`templates_folder` in its data.json): its notes are the text a new note is made from, with `<% %>` tags and
# tasks no one will do. Indexed, `- [ ] review inbox` was an open task forever and templates ranked 4th and
# 5th for "what did I plan last month?". Listed as skipped (one line for the folder), read anew at each sync
# (two small files, only of a folder holding `.obsidian/`): a setting changed is followed by the next sync.
OBSIDIAN_TEMPLATE_SETTINGS = ((".obsidian/templates.json", "folder"),
                              (".obsidian/plugins/templater-obsidian/data.json", "templates_folder"))


def obsidian_templates(vault: str | os.PathLike) -> dict[str, str]:
    """The templates folders the Obsidian vault `vault` sets (OBSIDIAN_TEMPLATE_SETTINGS): the folder's
    path in the vault ('/'-separated) -> the settings file that names it. {} when the folder holds no
    `.obsidian/`, or its settings set none (or cannot be read: the notes are then indexed, as before)."""
    import json

    found: dict[str, str] = {}
    for setting, key in OBSIDIAN_TEMPLATE_SETTINGS:
        try:
            with open(os.path.join(vault, *setting.split("/")), "rb") as f:
                value = json.loads(f.read(1 << 20)).get(key)
        except (OSError, ValueError, AttributeError):  # no such file, no JSON, no JSON object
            continue
        folder = value.replace("\\", "/").strip("/ ") if isinstance(value, str) else ""
        if folder and folder not in found and not any(p in ("", ".", "..") for p in folder.split("/")):
            found[folder] = setting
    return found


def template_setting(rel: str) -> bool:
    """Is the file `rel` (of a synced folder) one of a vault's OBSIDIAN_TEMPLATE_SETTINGS? (a watch
    re-syncs its folder when it changes, as when .mragignore does)"""
    return any(rel == setting or rel.endswith("/" + setting) for setting, _key in OBSIDIAN_TEMPLATE_SETTINGS)


def templates_reason(setting: str) -> str:
    """Why the templates folder `setting` (its settings file, from the synced folder) names is not indexed."""
    return f"Obsidian's templates folder (set in {setting}): templates are not indexed"


def templates_folder_of(root: Path, rel: str) -> str | None:
    """templates_reason of the file `rel` of the synced folder `root` when it is in a vault's templates
    folder (obsidian_templates of a folder above it, up to `root`), else None."""
    parts = rel.split("/")
    for i in range(len(parts) - 1):
        vault = "/".join(parts[:i])
        for folder, setting in obsidian_templates(root.joinpath(*parts[:i])).items():
            if "/".join(parts[i:]).startswith(folder + "/"):
                return templates_reason(f"{vault}/{setting}" if vault else setting)
    return None


# A file sync tool's conflict copy: two devices edited a note before they synced, and the tool kept the
# other device's version beside it under a new name, nearly the same text with one edit. Indexed, the
# copies outranked the note they copy (near-duplicates of equal score: `Budget-DESKTOP-1A2B3C4.md` first,
# `Budget.md` moved down below every other note as `repeats #1`), answered with the copy's figure, and
# each copy's tasks were listed again in `mrag tasks`. Told by the name each tool gives it (its stem, as
# the tool writes it, then the original's extension) and only beside the note it copies, in the same
# folder: a copy whose note is gone is the only version left, and is indexed. iCloud's `Budget 2.md`,
# Google Drive's `Budget (1).md` and Finder's `Budget copy.md` are also how people number their own
# notes (`Chapter 2.md`): those are NUMBERED_COPIES, told by their text too.
CONFLICT_COPIES = (
    # Dropbox: `Budget (conflicted copy 2026-11-03).md`, `Budget (Priya's MacBook's conflicted copy
    # 2026-11-03).md`, a second one `... 2026-11-03 (1)).md`
    (re.compile(r"(?P<stem>.+) \((?:[^()]+['\u2019]s )?conflicted copy \d{4}-\d{2}-\d{2}(?: \(\d+\))?\)"), "Dropbox"),
    # Nextcloud (desktop client 3.x): `Budget (conflicted copy 2026-11-03 101112).md`
    (re.compile(r"(?P<stem>.+) \(conflicted copy \d{4}-\d{2}-\d{2} \d{6}\)"), "Nextcloud"),
    # Nextcloud and ownCloud: `Budget (conflict 2026-11-03 10-11-12).md`, older `Budget_conflict-20261103-101112.md`
    (re.compile(r"(?P<stem>.+) \(conflict \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\)"), "Nextcloud"),
    (re.compile(r"(?P<stem>.+)_conflict-\d{8}-\d{6}"), "ownCloud"),
    # Syncthing: `Budget.sync-conflict-20261103-101112-ABCDEFG.md` (the device's short id)
    (re.compile(r"(?P<stem>.+)\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}"), "Syncthing"),
    # OneDrive: `Budget-DESKTOP-1A2B3CD.md`, the other computer's name; only the shape of the names
    # Windows gives a computer (DESKTOP- and 7, LAPTOP- and 8 capitals and digits, both in it):
    # `Budget-Q4.md`, `Plan-LAPTOP-2026.md` and `Notes-LAPTOP-SETUP.md` beside their `Plan.md` are notes
    (re.compile(r"(?P<stem>.+)-(?:DESKTOP-(?=[A-Z0-9]{0,6}[0-9])(?=[A-Z0-9]{0,6}[A-Z])[A-Z0-9]{7}"
                r"|LAPTOP-(?=[A-Z0-9]{0,7}[0-9])(?=[A-Z0-9]{0,7}[A-Z])[A-Z0-9]{8})"), "OneDrive"),
)


# A copy named as people also name their own notes: iCloud Drive's `Budget 2.md` (its conflict copy, the
# other device's version, numbered from 2), Google Drive's `Budget (1).md`, macOS Finder's `Budget
# copy.md` (`Budget copy 2.md`). Indexed, iCloud's copy ranked first and the answer cited its figure. The
# name alone cannot tell it from `Chapter 2.md` beside `Chapter.md`: it is a copy only when its text is
# nearly that of the note it names (near_copy). Numbers up to 99: `Budget 2025.md` is a year's note.
_NUMBER = r"(?:[2-9]|[1-9]\d)"
NUMBERED_COPIES = (  # Finder's first: `Budget copy 2.md` is its second copy of `Budget.md`
    (re.compile(rf"(?P<stem>.+) copy(?: {_NUMBER})?"), "Finder"),
    (re.compile(rf"(?P<stem>.+) {_NUMBER}"), "iCloud"),
    (re.compile(r"(?P<stem>.+) \((?:[1-9]|[1-9]\d)\)"), "Google Drive"),
)

# OneDrive names its conflict copy for the other computer: `Budget-DESKTOP-1A2B3CD.md` when Windows named
# it (CONFLICT_COPIES), `Budget-WORKPC.md` or `Budget-Priyas-Laptop.md` when its user did. Those names are
# also how people name their own notes, and their own notes are often nearly another's text: a filled-in
# template (`Standup-ACME.md` beside `Standup.md`), a version (`Budget-Q4.md`, `Trip-Japan.md`, `Plan-B.md`).
# Skipped on that guess, such a note (and its open tasks) was gone from every answer (review revP): it is
# indexed, and the sync says, once, that it may be a copy (possible_copy), with how to silence it; only
# Windows' own names are skipped. Said only when its text is nearly its note's, as a NUMBERED_COPIES name
# is a copy. A computer name as Windows allows it: up to 15 letters, digits and hyphens, a
# letter among them (never all digits: `Plan-2026.md` is no copy), the note's name before a hyphen. A word
# that names a version (`Essay-final.md`, `Report-v2.md`, Jupyter's `Analysis-Copy1.ipynb`) is no computer's:
# such a file is the user's own version, maybe the newer one, and is indexed.
_COMPUTER_NAME = re.compile(r"(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9-]{0,13}[A-Za-z0-9])?")
_VERSION_WORD = re.compile(r"(?i)v\d+|final|draft|old|new|copy\d*|backup|bak|orig|original|edit|edited|revised|"
                           r"updated?|latest|wip|done|todo")


def _computer_name(part: str) -> bool:
    """Could `part` (after a note's name and a hyphen) be a computer's name (_COMPUTER_NAME), and no version's?
    A computer's name holds a capital (`WORKPC`, `Priyas-Laptop`); one all in lower case, digits or not, is how
    kebab-case notes are named (`project-alpha.md`, Foam's; `hello-line.md` beside `hello.md`, `standup-week1.md`
    beside `standup.md` were warned of)."""
    return (_COMPUTER_NAME.fullmatch(part) is not None and any(c.isupper() for c in part)
            and not any(_VERSION_WORD.fullmatch(word) for word in part.split("-")))


def copy_originals(name: str) -> list[tuple[str, str]]:
    """The notes a file named as notes are numbered (NUMBERED_COPIES: `Budget 2.md`) or as OneDrive names
    a copy for a computer (_COMPUTER_NAME: `Budget-WORKPC.md`) would copy, each with the start of the
    reason it is skipped for (NUMBERED_COPY) or warned of (NAMED_COPY) when it is one; [] for any other name."""
    stem, ext = os.path.splitext(name)
    found = [(m["stem"] + ext, NUMBERED_COPY) for pattern, _tool in NUMBERED_COPIES if (m := pattern.fullmatch(stem))]
    found += [(stem[:at] + ext, NAMED_COPY) for at in range(1, len(stem) - 1)
              if stem[at] == "-" and _computer_name(stem[at + 1:])]
    return list(dict.fromkeys(found))


# How alike two texts must be for a NUMBERED_COPIES name to be a copy: difflib's ratio over their words
# (whitespace-separated, in order: 2 x the words in common / the words of both). A copy with one edit is
# about 0.99 in a note of 100 words, 0.94 in one of 16; two notes that only share a heading, a template
# or a list of names stay far below it. A note without words is no copy of anything.
NEAR_COPY_RATIO = 0.9


# The least share of the larger's bytes the smaller of a copy and its note holds: at a ratio of 0.9 the
# fewer words are at least 0.9 / 1.1 = 0.82 of the more, less a margin for blanks and line ends (CRLF)
NEAR_COPY_SIZES = 0.75

# A comparison word by word costs up to the product of the words the two texts differ in (difflib): past
# this many, the words of the lines both hold are counted instead, a line's words in common only when the
# whole line is, in any order (linear: difflib over the lines of a long journal, whose lines repeat, took
# 18 s); two long notes edited all through are no copy then, and are indexed
NEAR_COPY_WORD_PAIRS = 4_000_000


def near_copy(text: str, other: str, threshold: float = NEAR_COPY_RATIO) -> bool:
    """Is `text` nearly the same as `other` (their words' difflib ratio >= threshold)?"""
    a, b = text.split(), other.split()
    if not a or not b:
        return False
    total = len(a) + len(b)
    if 2 * min(len(a), len(b)) < threshold * total:  # unlike lengths: settled unread
        return False
    # the words both start and end with are in common: a copy with an edit or two is settled on the few
    # words between (difflib over whole notes took 52 s for a 1 MB pair with one edit)
    n, head, tail = min(len(a), len(b)), 0, 0
    while head < n and a[head] == b[head]:
        head += 1
    while tail < n - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a, b = a[head:len(a) - tail], b[head:len(b) - tail]
    need = threshold * total / 2 - head - tail  # the words the middles must have in common
    if need <= 0:
        return True
    if not a or not b or min(len(a), len(b)) < need:
        return False
    if len(a) * len(b) > NEAR_COPY_WORD_PAIRS:
        return _lines_in_common(text, other) >= threshold * total / 2
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    # the cheap upper bounds first: two notes of unlike words are settled unread word by word
    return (matcher.real_quick_ratio() * (len(a) + len(b)) / 2 >= need
            and matcher.quick_ratio() * (len(a) + len(b)) / 2 >= need
            and matcher.ratio() * (len(a) + len(b)) / 2 >= need)


def _lines_in_common(text: str, other: str) -> int:
    """The words of the lines `text` and `other` both hold (as many times as both hold each), in any order."""
    def lines(t: str) -> Counter:
        return Counter(" ".join(line.split()) for line in t.splitlines())
    return sum(len(line.split()) * count for line, count in (lines(text) & lines(other)).items())


def _note_text(path: str) -> str | None:
    try:
        with open(path, "rb") as f:
            return decode_note(f.read())[0]
    except (OSError, ValueError):  # unreadable: the walk reports it as it would any note
        return None


def conflict_copy_reason(name: str, names: Container[str], dirpath: str | None = None,
                         notes: Container[str] | None = None) -> str | None:
    """Why the file `name` is passed over when it is a sync tool's conflict copy (CONFLICT_COPIES) of a
    note of the same folder (`names`: the folder's file names), or, in the folder `dirpath`, a copy named
    as notes are numbered (NUMBERED_COPIES) or for a computer (copy_originals: `Budget-WORKPC.md`) of a
    note this sync indexes (`notes`: the names not ignored; default `names`) whose text is nearly its
    note's (near_copy); None for any other file. A NAMED_COPY reason (possible_copy) is a warning: the
    walk indexes such a file."""
    stem, ext = os.path.splitext(name)
    for pattern, tool in CONFLICT_COPIES:
        m = pattern.fullmatch(stem)
        if m and (original := m["stem"] + ext) in names:
            return conflict_copy_of(tool, original)
    if dirpath is not None:
        for original, said in copy_originals(name):
            # an ignored note is no original: `Budget 2.md` is then the only version indexed (both were lost)
            if original in (names if notes is None else notes):
                try:  # sizes far apart (words too, but for the blanks between them): no copy, unread
                    sizes = sorted(os.stat(os.path.join(dirpath, n)).st_size for n in (name, original))
                except OSError:
                    continue
                if sizes[0] < NEAR_COPY_SIZES * sizes[1] or exported_note(dirpath, name):
                    continue  # (a Simplenote export numbers two notes of one first line so: simplenote.py)
                copy, note = _note_text(os.path.join(dirpath, name)), _note_text(os.path.join(dirpath, original))
                if copy is not None and note is not None:
                    copy, note = copy_compared(copy, note)
                if copy is not None and note is not None and near_copy(copy, note):
                    return numbered_copy_of(name, original, said)
    return None


def conflict_copy_of(tool: str, original: str) -> str:
    return f"{tool}{CONFLICT_COPY} {original}: merge its edit into {original} and delete it"


# Its name does not say which tool made a numbered copy (or whether the user did: a `Draft 2.md` revised
# from `Draft.md`, Obsidian's `Untitled 2.md` from a template): said as what is known, with the way to
# keep it as a note, a negation line in .mragignore (keeps_copy)
NUMBERED_COPY = "a numbered copy (iCloud, Google Drive, Finder) of"
# `Budget-WORKPC.md` (_COMPUTER_NAME): a warning, the file indexed (possible_copy)
NAMED_COPY = "may be a OneDrive copy (named for a computer) of"


def numbered_copy_of(name: str, original: str, said: str = NUMBERED_COPY) -> str:
    pattern = re.sub(r"([\\*?\[])", r"\\\1", name)  # as gitignore reads it: `[`, `*`, `?` are wildcards
    if said == NAMED_COPY:
        return (f"{said} {original}, with nearly its text (indexed all the same): if it is one, merge its edit "
                f"into {original} and delete it; if it is a note, the line `!{pattern}` in {IGNORE_FILE} "
                "silences this")
    return (f"{said} {original}, with nearly its text: merge its edit into {original} and delete it, "
            f"or keep it as a note with the line `!{pattern}` in {IGNORE_FILE}")


def possible_copy(reason: str) -> bool:
    """Is `reason` the verdict on a note that may be a copy named for a computer (NAMED_COPY): indexed, warned of?"""
    return reason.startswith(NAMED_COPY)


def possible_copies(looked: Mapping[str, tuple[int, float, str]]) -> dict[str, str]:
    """Of the files a sync looked at (path -> size, mtime, verdict: db.looked_files), the notes that may be
    OneDrive copies named for a computer (possible_copy): indexed, listed by doctor and status."""
    return {path: record[2] for path, record in looked.items() if possible_copy(record[2])}


def keeps_copy(spec: pathspec.GitIgnoreSpec | None, rel: str) -> bool:
    """Does .mragignore keep the file at `rel` by a negation line (`!Draft 2.md`): a note, never a copy?"""
    return spec is not None and spec.check_file(rel).include is False


def compared_copy(reason: str) -> bool:
    """Is `reason` why a file was skipped as a copy of its note told by their texts (NUMBERED_COPY, NAMED_COPY)?"""
    return reason.startswith((NUMBERED_COPY, NAMED_COPY))


def copy_reason(reason: str) -> bool:
    """Is `reason` why a file was skipped as a copy of its note (conflict_copy_reason)?"""
    return compared_copy(reason) or (
        CONFLICT_COPY in reason
        and reason.split(CONFLICT_COPY)[0] in {JOPLIN_CONFLICT, *(tool for _, tool in CONFLICT_COPIES)})


# iCloud Drive ("Optimize Mac Storage") evicts a note it has not seen opened for a while: `Health.md`
# is replaced by a hidden placeholder, `.Health.md.icloud` (a small binary plist), until it is opened
# again. The note is not deleted: read as gone, it was removed from the index, and ask stopped finding
# it, in silence. It is kept as last synced (WalkResult.kept), and listed, as a note that cannot be read
# for now is.
_ICLOUD_PLACEHOLDER = re.compile(r"\.(?P<note>[^.].*)\.icloud")


def icloud_placeholder_of(name: str, extensions: Container[str] = NOTE_EXTENSIONS) -> str | None:
    """The note file an iCloud placeholder `name` (`.Health.md.icloud`) stands for, or None."""
    m = _ICLOUD_PLACEHOLDER.fullmatch(name)
    return m["note"] if m and Path(m["note"]).suffix.lower() in extensions else None


def icloud_reason(placeholder: str) -> str:
    return (f"not downloaded: iCloud holds only a placeholder here ({placeholder}); open the note, or "
            "`brctl download` it, to have it read")


# git's conflict markers left in a note by a merge (a notes folder kept in git on two machines, a
# `git pull` that met an edit of the same lines): both versions are in the note, read and indexed as
# written, the answer may cite either. Said as a warning each time the note is read, so it is resolved.
# A fenced or indented example of a conflict (a note about git) is code, and no conflict.
# A conflict is an opener line (`<<<<<<<`, alone or a blank and a name after it), a later line `=======`
# and a later closer line (`>>>>>>>`, as the opener): found a line at a time with str.find, forward only (a
# regex that searched from each opener for the lines after it took cubic time on `<<<<<<<` / `=======`
# pairs with no `>>>>>>>`: 30 s on 1000 pairs).
def _marker_line(text: str, start: int, marker: str, rest_ok, closed: bool = True) -> tuple[int, int]:
    """(start, end) of the first line at or after `start` that opens with `marker`, the rest of it (up
    to its newline) `rest_ok`, ended by a newline (or, unless `closed`, by the text's end); (-1, -1)."""
    while (at := text.find(marker, start)) >= 0:
        end = text.find("\n", at)
        if end < 0 and not closed:
            end = len(text)
        if end < 0:
            break
        if (at == 0 or text[at - 1] == "\n") and rest_ok(text[at + len(marker):end]):
            return at, end
        start = end + 1  # the next line: no other line start on this one
    return -1, -1


def _named_marker(rest: str) -> bool:  # `<<<<<<< HEAD`, `<<<<<<<` (a `\r` before the newline for the opener)
    return not rest or rest[0] in " \t"


def _merge_conflicts(text: str):
    """The offsets of the opener lines of git's conflicts in `text`, each an opener, a `=======` line after
    it and a closer line after that; the next one looked for after the closer."""
    start = 0
    while True:
        opener, end = _marker_line(text, start, "<<<<<<<", lambda rest: _named_marker(rest) or rest == "\r")
        if opener < 0:
            return
        _sep, end = _marker_line(text, end + 1, "=======", lambda rest: rest in ("", "\r"))
        if _sep < 0:
            return
        _closer, end = _marker_line(text, end + 1, ">>>>>>>", _named_marker, closed=False)
        if _closer < 0:
            return
        yield opener
        start = end + 1


def merge_conflict_warning(path: str, text: str) -> str | None:
    """The warning for a note (`text`, read, of the file `path`) that holds git's conflict markers
    (`<<<<<<< HEAD`, `=======`, `>>>>>>> branch`) outside code; None for any other."""
    if "<<<<<<<" not in text:
        return None
    from minirag_cli.extract.mdcode import code_kind, code_ranges, reads_comments

    code = None
    for opener in _merge_conflicts(text):
        if code is None:
            kind = code_kind(path)
            code = code_ranges(text, indented=kind is None and path.lower().endswith((".md", ".markdown")),
                               comments=reads_comments(path), kind=kind)
        if not any(start <= opener < end for start, end in code):
            line = text.count("\n", 0, opener) + 1
            return (f"holds a git merge conflict (`<<<<<<<` at line {line}, `=======`, `>>>>>>>`): both "
                    "versions are indexed; resolve it")
    return None


CONFLICT_COPY = " conflict copy of"  # in the reason a conflict copy is skipped for (conflict_copy_reason)


def conflict_copies(skipped: Mapping[str, str]) -> dict[str, str]:
    """Of the files a sync skipped (path -> reason, db.skipped_files), the sync tools' conflict copies."""
    return {path: reason for path, reason in skipped.items() if copy_reason(reason)}


MRAG_OUTPUT_EXTENSIONS = frozenset({".html", ".htm", ".graphml", ".xml", ".json"})
PAGE_START = b"<!DOCTYPE html>"
MRAG_PAGE_MARK = b'<meta name="generator" content="mrag '
GRAPHML_START = b'<?xml version="1.0" encoding="UTF-8"?>'
GRAPHML_MARKS = (b'<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
                 b'<graph id="mrag" edgedefault="undirected">')
EXPORT_JSON_START = b'{\n  "directed": false,\n  "center": '
EXPORT_JSON_KEYS = (b'\n  "hops": ', b'\n  "nodes": [')


def _file_head(path: str | os.PathLike) -> bytes:
    """The first 4 KB of the file at `path`, read with one system call (b"" when it cannot be read)."""
    try:
        # not blocking: a pipe named `graph.html` would wait for a writer (no effect on a regular file)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return b""
    try:
        return os.read(fd, 4096)
    except OSError:
        return b""
    finally:
        os.close(fd)


# A single-file TiddlyWiki (`wiki.html`: every tiddler inside one HTML page, as TiddlyWiki saves itself in a
# browser) is no note to read whole (its code and styles are most of it): told by the marks TiddlyWiki 5
# writes in its head, and skipped saying how to have its tiddlers read (qa36: `not a note file (.html)`)
TIDDLYWIKI_HTML_MARKS = (b'<meta name="application-name" content="TiddlyWiki"',
                         b'<meta name="generator" content="TiddlyWiki"')
TIDDLYWIKI_HTML_REASON = ("a single-file TiddlyWiki, whose tiddlers sync does not unpack: save them as a folder "
                          "of .tid files (`tiddlywiki --load wiki.html --savewikifolder wiki`) and sync that")


def single_file_tiddlywiki(head: bytes) -> bool:
    """Whether a file whose first 4 KB are `head` is a single-file TiddlyWiki (TIDDLYWIKI_HTML_MARKS)."""
    return head[:15].lower() == b"<!doctype html>" and any(mark in head for mark in TIDDLYWIKI_HTML_MARKS)


# Roam Research's JSON export (`MyGraph.json`: a list of pages, each its `title` and its blocks as `children`) holds
# a whole graph in one file: no note, and skipped saying to export Markdown, one file a page, which sync reads
# (review revW: it was `not a note file (.json)`)
_ROAM_JSON_START = re.compile(rb'\s*\[\s*\{\s*"(?:title|children|create-time|edit-time|uid)"\s*:')
ROAM_JSON_REASON = ("a Roam Research JSON export, whose pages sync does not read: export the graph as Markdown "
                    "(Roam's `Export All`, Markdown) and sync that folder")


def roam_json_export(head: bytes) -> bool:
    """Whether a `.json` file whose first 4 KB are `head` is a Roam Research JSON export (_ROAM_JSON_START, a page's
    `"title"` and `"children"` or its times)."""
    return (_ROAM_JSON_START.match(head.removeprefix(b"\xef\xbb\xbf")) is not None and b'"title"' in head
            and (b'"children"' in head or b'"edit-time"' in head))


def written_by_mrag(path: str | os.PathLike) -> bool:
    """Whether the regular file at `path` is a page or a graph export mrag
    wrote (by its first 4 KB, read with one system call: the walk asks it of
    every note file the index does not hold as it is)."""
    return _mrag_output(_file_head(path))


def _mrag_output(head: bytes) -> bool:
    """Whether a file whose first 4 KB are `head` is a page or a graph export mrag wrote."""
    # each as mrag's output starts: a note quoting a mark further down (one about mrag) is a note
    return ((head.startswith(PAGE_START) and MRAG_PAGE_MARK in head)
            or (head.startswith(GRAPHML_START) and all(mark in head for mark in GRAPHML_MARKS))
            or (head.startswith(EXPORT_JSON_START) and all(key in head for key in EXPORT_JSON_KEYS)))


# A file modified this recently may change again within its mtime's tick (FAT keeps 2 s) with the same
# size: what it was read to hold is not recorded in `looked` (the next walk opens it again), as the
# sync records no such note's mtime (sync.RACY_SECONDS)
LOOKED_RACY_SECONDS = 2.0


def looked_record(size: int, mtime: float, reason: str, read_at: float) -> tuple[int, float, str] | None:
    """What WalkResult.looked records of a file of `size` and `mtime` read
    at `read_at` (or later) and not indexed for `reason`; None when its
    mtime is too recent to trust (LOOKED_RACY_SECONDS)."""
    return (size, mtime, reason) if read_at - mtime >= LOOKED_RACY_SECONDS else None


# a folder's mtime too recent to tell a note added later in the same clock tick (file times move in ticks of a
# few milliseconds): recorded so, the folder is taken as changed, and listed, until a sync records it anew
UNTRUSTED_FOLDER_TIME = -1
# a fine file system's clock tick is a few milliseconds (a kernel at 100 Hz: 10 ms): a folder's sub-second mtime
# older than this was not written in the tick under way, so a note added after the listing changes it. Only a
# whole-second mtime (FAT keeps 2 s, old HFS 1 s) keeps LOOKED_RACY_SECONDS: else a folder changed just before a
# sync (always after `sync --watch` picks up a note, and for good with the index in the synced folder) was listed
# at every question until the next sync (review revB: 0.3-0.7 s an ask for a 3,000-note folder)
FINE_TICK_NS = 20_000_000


def trusted_folder_time(mtime_ns: int, read_at_ns: int) -> bool:
    """Does a folder's mtime `mtime_ns`, stat at `read_at_ns` (or later), change with any note added after that:
    a sub-second mtime older than FINE_TICK_NS, or a whole-second one (a coarse file system's) older than
    LOOKED_RACY_SECONDS? An mtime ahead of the clock (a file server's) is not."""
    age = read_at_ns - mtime_ns
    if mtime_ns % 1_000_000_000:
        return age >= FINE_TICK_NS
    return age >= LOOKED_RACY_SECONDS * 1e9


def folder_record(path: str | os.PathLike, holds_index: bool = False) -> int:
    """What WalkResult.folders records of the folder at `path`, about to be listed: its st_mtime_ns, or
    UNTRUSTED_FOLDER_TIME when it is too recent to trust (trusted_folder_time). A folder that `holds_index` (the
    index's own files, whose -wal and -shm come and go at each opening: its mtime tells nothing) records the time
    its entries are new after instead: the listing's less the guard (added._changed_besides tells a note added
    since by its ctime; not the folder's mtime, which a note edited in place since would pass). An OSError when
    it cannot be stat."""
    read_at = time.time_ns()
    st = os.stat(path)
    if holds_index:
        return read_at - (FINE_TICK_NS if st.st_mtime_ns % 1_000_000_000 else int(LOOKED_RACY_SECONDS * 1e9))
    return st.st_mtime_ns if trusted_folder_time(st.st_mtime_ns, read_at) else UNTRUSTED_FOLDER_TIME


def as_indexed(size: int, mtime: float, known: tuple[int, float] | None) -> bool:
    """Whether a file of `size` and `mtime` is as the index holds it (`known`:
    the size and mtime it recorded, None: it holds no such note): its bytes
    are taken as unchanged, not read."""
    return known is not None and known[0] == size and abs(known[1] - mtime) < 1e-6


def gone_folders(roots) -> list[str]:
    """Of the synced folders `roots`, those that are gone (moved, renamed,
    deleted or not mounted); one that is there but cannot be reached for now
    (a folder above it that cannot be searched) is not gone."""
    gone = []
    for root in roots:
        try:
            if Path(root).is_dir():
                continue
        except OSError:  # there, but cannot be reached for now
            continue
        gone.append(root)
    return gone


def cannot_read_for_now(exc: OSError) -> bool:
    """A folder or file that is there but cannot be read (permissions, an I/O
    error): what the index holds of it is kept, unlike a file that is gone."""
    return isinstance(exc, PermissionError) or exc.errno == errno.EIO


def load_ignore(root: Path) -> pathspec.GitIgnoreSpec | None:
    """The rules of the root's .mragignore (None without one). One that
    cannot be read, or with a line that is no gitignore pattern, is an
    IgnoreFileError: a sync without its rules would index the notes it
    keeps out."""
    ignore = root / IGNORE_FILE
    try:
        if not ignore.is_file():
            return None
    except OSError:  # the folder cannot be searched: the walk lists no note, so none is added
        return None
    try:
        # read as a note is: a byte order mark (Windows Notepad writes one, in UTF-8 or UTF-16)
        # would otherwise be part of the first rule, which then matched nothing
        lines = decode_note(ignore.read_bytes())[0].splitlines()
    except OSError as exc:
        raise IgnoreFileError(ignore, f"cannot be read ({exc.strerror or exc})",
                              hint="Make it readable (or remove it): the sync does not run without its rules.") \
            from None
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except (ValueError, re.error):  # pathspec's GitIgnorePatternError, or a bad range such as [z-a]
        pass
    for number, line in enumerate(lines, start=1):  # which line: each is compiled on its own
        try:
            pathspec.GitIgnoreSpec.from_lines([line])
        except (ValueError, re.error):
            raise IgnoreFileError(ignore, f"line {number} ({line}) is not a valid pattern",
                                  hint="Fix or remove the line (gitignore syntax).") from None
    raise IgnoreFileError(ignore, "holds an invalid pattern", hint="Fix it (gitignore syntax).")


def walk_notes(root: Path, *, max_bytes: int = DEFAULT_MAX_BYTES,
               extensions: frozenset[str] = NOTE_EXTENSIONS,
               follow_symlinks: bool = False, exclude: frozenset[str] = frozenset(),
               indexed: Container[str] = frozenset(),
               known: Mapping[str, tuple[int, float]] | None = None,
               looked: Mapping[str, tuple[int, float, str]] | None = None,
               within: ChangedFolders | None = None) -> WalkResult:
    """List the note files under `root` (sorted), with the reasons others were
    skipped. Hidden folders and files (.git, .mrag, ...), Logseq's copies of
    its pages (logseq_copies: `logseq/bak/`), ignored paths and
    the absolute paths in `exclude` (the index's own files) are skipped
    silently; files with other extensions, symlinked folders that are not
    followed, folders already visited (symlink loops), symlinks to notes
    walked at their real path, hard links to a note walked at another path
    (the one listed is the first in path order of those in `indexed`, the
    paths the index holds, else of all: a new link is the one passed over)
    an Obsidian vault's templates folder
    (obsidian_templates), a template elsewhere (template_notes: a new or changed file in a templates folder
    is opened for its placeholders, its verdict kept in `looked`), package folders
    (package_folders.py: `node_modules/`, a Python virtual environment; `__pycache__/` silently) unless a
    .mragignore negation line keeps them, and anything that is not a regular file are reported. A page or graph
    export mrag wrote is passed over (written_by_mrag), checked for in the
    note files but those `known` holds (path -> the size and mtime the index
    recorded) as they are: indexed, they were checked when read. A file
    `looked` holds (path -> size, mtime and why it was not indexed, as the
    last sync recorded: WalkResult.looked) as it is is passed over for that
    reason unopened (silently for mrag's own output), so a sync that finds
    nothing changed opens no file at all. A sync tool's conflict copy
    beside its note (conflict_copy_reason) is reported, not listed; one
    named as notes are numbered (`Budget 2.md`) is opened with its note, to
    compare their texts, unless `known` holds both as they are or the
    last sync compared them as they are (`looked` holds the copy's verdict);
    a `!Draft 2.md` line in .mragignore keeps it a note (keeps_copy). One named for a computer
    (`Budget-WORKPC.md`) with nearly its note's text is listed all the same, and in
    WalkResult.possible_copies when compared (its verdict kept in `looked` while the pair is unchanged).
    `within`: only the folders it says are listed (ChangedFolders), to find the notes added since a sync."""
    root = root.resolve()
    spec = load_ignore(root)
    result = WalkResult()

    def looked_before(rel: str, st: os.stat_result, mtime: float | None = None) -> str | None:
        """Why the file at `rel` was not indexed, when the last sync looked at it as it is (`mtime`: the one
        recorded of it, when not its own: bear.bundle_mtime); else None."""
        old = looked.get(rel) if looked else None
        if old is None or not as_indexed(st.st_size, st.st_mtime if mtime is None else mtime, old[:2]):
            return None
        if text_limit_of(old[2]) not in (None, max_bytes):  # a notebook's text over another limit: read anew
            return None
        result.looked[rel] = old
        return old[2]

    def mrag_wrote(rel: str, path: str, st: os.stat_result, other: str) -> bool:
        """written_by_mrag(path), recorded in result.looked with the reason
        `other` ("" for a note file: it is indexed, known by then) when not."""
        read_at = time.time()
        mine = written_by_mrag(path)
        if mine or other:
            record = looked_record(st.st_size, st.st_mtime, "" if mine else other, read_at)
            if record is not None:
                result.looked[rel] = record
        return mine

    def page_reason(rel: str, path: str, st: os.stat_result, other: str) -> str:
        """"" when the file at `path` (of an extension mrag saves its pages and exports under) is mrag's
        own, else why it is not indexed: `other`, or a single-file TiddlyWiki's or a Roam JSON export's; recorded in
        result.looked. Its first 4 KB read once for both (an open may fetch a cloud drive's file)."""
        read_at = time.time()
        head = page_heads.pop(rel, None)
        head = _file_head(path) if head is None else head
        why = ("" if _mrag_output(head) else TIDDLYWIKI_HTML_REASON if single_file_tiddlywiki(head)
               else ROAM_JSON_REASON if rel.lower().endswith(".json") and roam_json_export(head) else other)
        record = looked_record(st.st_size, st.st_mtime, why, read_at)
        if record is not None:
            result.looked[rel] = record
        return why

    def template_of(rel: str, path: Path, size: int, mtime: float) -> str | None:
        """template_notes.template_reason of the file at `path` (`rel` from the root, of `size` and `mtime`),
        recorded in result.looked when it is one (the next walk passes it over unopened while it stays as it
        is); None for a note (the sync reads it, an unreadable one too: it says why)."""
        read_at = time.time()
        text = _note_text(str(path))
        why = None if text is None else template_reason(rel, text, path.parent)
        if why and (record := looked_record(size, mtime, why, read_at)) is not None:
            result.looked[rel] = record
        return why

    def copy_looked_before(reldir: str, name: str, notes: Container[str]) -> str | None:
        """Why the file `name` was skipped as a copy of its note, when the last sync compared the two as
        they are (the copy as `looked` holds it, its note as the index holds it); else None."""
        originals = [original for original, _said in copy_originals(name) if original in notes]
        old = looked.get(reldir + name) if looked else None
        if not originals or not known or old is None or not compared_copy(old[2]):
            return None
        try:
            sts = [os.stat(os.path.join(root, reldir + n)) for n in (name, *originals)]
        except OSError:
            return None
        if not (as_indexed(sts[0].st_size, sts[0].st_mtime, old[:2])
                and all(as_indexed(st.st_size, st.st_mtime, known.get(reldir + original))
                        for st, original in zip(sts[1:], originals))):
            return None
        result.looked[reldir + name] = old
        return old[2]

    def settled_note(reldir: str, name: str) -> bool:
        """Is the file `name` a note the index holds as it is, beside the notes its name may copy
        (copy_originals: `Budget.md` of `Budget 2.md`, of `Budget-WORKPC.md`) as the index holds them?
        Then it was no copy when read, nor is it now: they are not opened again."""
        originals = [original for original, _said in copy_originals(name)]
        if not known or not originals:
            return not originals
        for n in (name, *originals):
            try:
                st = os.stat(os.path.join(root, reldir + n))
            except FileNotFoundError:  # no such note (`Budget-Priyas.md` of `Budget-Priyas-Laptop.md`): no original
                if n == name:
                    return False
                continue
            except OSError:
                return False
            if not as_indexed(st.st_size, st.st_mtime, known.get(reldir + n)):
                return False
        return True

    def keep_notes_of(reldir: str, dirpath: str, names: Container[str]) -> set[str]:
        """The files of `names` (in the folder `dirpath`, `reldir` from the root) that are Google Keep
        notes (keep.keep_json: told by their JSON's shape, a `.json` of another shape is no note): one
        the index holds as it is was one when read, one `looked` holds as it is was one when it was
        skipped for a reason of its own (in Keep's trash); any other is opened."""
        found = set()
        for name in names:
            if name.lower().endswith(HTML_SUFFIX) and not name.startswith(".") and keep_page(reldir, dirpath, name):
                found.add(name)
            if not name.lower().endswith(KEEP_SUFFIX) or name.startswith("."):
                continue
            rel = reldir + name
            try:
                st = os.stat(os.path.join(dirpath, name))
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            if known and as_indexed(st.st_size, st.st_mtime, known.get(rel)):
                found.add(name)
                continue
            old = looked.get(rel) if looked else None
            if old is not None and as_indexed(st.st_size, st.st_mtime, old[:2]):
                if old[2] not in ("", NOT_NOTE_JSON, ROAM_JSON_REASON):
                    found.add(name)
                continue
            if st.st_size > max_bytes:
                continue
            try:
                with open(os.path.join(dirpath, name), "rb") as f:
                    data = f.read(max_bytes + 1)
                # every Keep note holds its `isTrashed` flag: another JSON (a 5 MB package-lock) is not parsed
                if b'"isTrashed"' in data and keep_json(data.decode("utf-8")) is not None:
                    found.add(name)
            except (OSError, UnicodeDecodeError):
                continue
        return found

    page_heads: dict[str, bytes] = {}  # the first 4 KB of each `.html` keep_page opened and found no Keep page

    def keep_page(reldir: str, dirpath: str, name: str) -> bool:
        """Is the `.html` file `name` (of `dirpath`, `reldir` from the root) a Google Keep note's page with no
        `.json` of the note beside it (keep_html.py: a Takeout export of pages alone, readers 11)? One the
        index holds as it is was one when read, one `looked` holds as it is none; any other is opened (its
        head, KEEP_PAGE_HEAD bytes, then the page when it holds a Keep page's marks)."""
        if os.path.splitext(name)[0] + KEEP_SUFFIX in names_here:
            return False  # the note's HTML twin: its .json is read
        path = os.path.join(dirpath, name)
        try:
            st = os.stat(path)
            if not stat.S_ISREG(st.st_mode) or st.st_size > max_bytes:
                return False
            if known and as_indexed(st.st_size, st.st_mtime, known.get(reldir + name)):
                return True
            old = looked.get(reldir + name) if looked else None
            if old is not None and as_indexed(st.st_size, st.st_mtime, old[:2]):
                return False  # no note when looked at (page_reason), unchanged since: not opened again
            with open(path, "rb") as f:
                head = f.read(KEEP_PAGE_HEAD)
                if not keep_html_head(head):
                    page_heads[reldir + name] = head[:4096]  # page_reason's look at it, without opening it again
                    return False
                return keep_html_text(decode_note(head + f.read(max_bytes))[0]) is not None
        except KeepTrashed:  # a Keep page all the same: the sync lists it as in Keep's trash, as its .json
            return True
        except (OSError, ValueError):
            return False

    def onerror(exc: OSError) -> None:
        rel = os.path.relpath(exc.filename, root) if exc.filename else "?"
        reason = f"unreadable folder: {exc.strerror}"
        if rel != "?":
            folder = "" if rel == "." else rel.replace(os.sep, "/") + "/"
            result.folders.pop(folder, None)  # not listed: a note added in it is no change the record could tell
            if cannot_read_for_now(exc):
                result.unlisted.append(folder)
                reason += " (its notes stay indexed as last synced)"
        result.skipped.append({"path": rel.replace(os.sep, "/"), "reason": reason})

    # With --follow-symlinks, os.walk would follow a link back up the tree
    # round and round until the path is too long: links into the synced folder
    # are not followed (their target is indexed at its real path) and a folder
    # outside it is walked once, however many links lead there.
    visited: set[tuple[int, int]] = set()  # (device, inode) of folders outside the root
    links: dict[str, str] = {}  # note path -> the file in the synced folder its symlink points at
    inodes: dict[tuple[int, int], list[str]] = {}  # (device, inode) of a file with hard links -> its note paths
    nlinks: dict[str, os.stat_result] = {}  # note path -> its stat, of the files with hard links
    templates: dict[str, str] = {}  # a vault's templates folder (path from the root) -> why it is skipped
    if in_graph(Path(root).parent):  # a graph above the root: every page is one of it
        result.logseq_graphs.append("")
    own_dirs = {os.path.dirname(p) for p in exclude}  # a folder holding the index: folder_record
    with contextlib.suppress(OSError):  # each folder's mtime before it is listed: a note added while the walk
        result.folders[""] = folder_record(root, os.path.normpath(root) in own_dirs)  # runs changes it, so it is
        # found after (added.py)
    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror, followlinks=follow_symlinks):
        reldir = os.path.relpath(dirpath, root)
        reldir = "" if reldir == "." else reldir.replace(os.sep, "/") + "/"
        if GRAPH_SETTINGS[0] in dirnames and graph_folder(dirpath):
            result.logseq_graphs.append(reldir)
        kept = []
        if ".obsidian" in dirnames:  # a vault: its templates folders (full paths from the root) are skipped
            for folder, setting in obsidian_templates(dirpath).items():
                templates[reldir + folder] = templates_reason(reldir + setting)
        for d in sorted(dirnames):
            if d.startswith(".") or logseq_copies(dirpath, d):
                continue
            if spec and spec.match_file(reldir + d + "/"):
                continue
            package = package_folder(os.path.join(dirpath, d))  # node_modules, a virtual environment: no notes
            if package is not None and not kept_by_ignore(spec, reldir + d + "/"):
                if package:
                    result.skipped.append({"path": reldir + d, "reason": package})
                continue
            if reldir + d in templates:
                result.skipped.append({"path": reldir + d, "reason": templates[reldir + d]})
                continue
            if d == SIMPLENOTE_TRASH and export_folder(dirpath):  # deleted notes, listed as one line
                result.skipped.append({"path": reldir + d, "reason": SIMPLENOTE_TRASH_REASON})
                continue
            if not is_utf8_name(d):  # the index stores paths as text: its notes could not be written
                result.skipped.append({"path": printable_name(reldir + d), "reason": BAD_FOLDER_NAME})
                continue
            full_dir = os.path.join(dirpath, d)
            if os.path.islink(full_dir):
                reason = _symlinked_folder_reason(full_dir, dirpath, root, visited, follow_symlinks)
                if reason == BROKEN_LINK and follow_symlinks:  # its folder may come (back)
                    result.unwatched[reldir + d] = None
                if reason:
                    result.skipped.append({"path": reldir + d, "reason": reason})
                    continue
                with contextlib.suppress(OSError):  # the folder it points at, and which one (made anew?)
                    st = os.stat(full_dir)
                    result.linked_folders[reldir + d] = (os.path.realpath(full_dir), st.st_dev, st.st_ino)
            if within is not None and not within.enters(reldir + d + "/"):
                continue
            with contextlib.suppress(OSError):
                result.folders[reldir + d + "/"] = folder_record(full_dir, os.path.normpath(full_dir) in own_dirs)
            kept.append(d)
        dirnames[:] = kept
        if within is not None and not within.lists(reldir):
            continue  # a folder unchanged since the sync, on the way to one that changed: its files as they were
        notes = {n for n in filenames if not (spec and spec.match_file(reldir + n))}
        listed_from = len(result.files)  # this folder's notes, for joplin_copies_anew
        names_here = set(filenames)  # (keep_page: a page whose note's .json is beside it is its twin)
        keep_notes = keep_notes_of(reldir, dirpath, notes)
        stems = tex_stems(filenames)  # a LaTeX file's build files beside it are passed over (latex_files.build_file)
        # a note's LaTeX export beside it (`note.tex` beside `note.org`: the note again) is passed over
        exported = exported_tex(dirpath, notes, extensions, max_bytes) if stems and ".tex" in extensions else {}
        passed_over = passed_over_checks(reldir, dirpath, exported, keep_notes, extensions)
        for name in sorted(filenames):
            if name.startswith("."):
                note = icloud_placeholder_of(name, extensions)
                if note and note not in filenames and not (spec and spec.match_file(reldir + note)):
                    result.kept.append(reldir + note)  # the note is there, in the cloud: kept as last synced
                    result.skipped.append({"path": reldir + note, "reason": icloud_reason(name)})
                continue
            rel = reldir + name
            if (spec and spec.match_file(rel)) or os.path.join(dirpath, name) in exclude:
                continue
            if not is_utf8_name(name):  # the index stores paths as UTF-8 text
                result.skipped.append({"path": printable_name(rel), "reason": BAD_NAME})
                continue
            passed = next((reason for check, reason in passed_over if check(name)), False)
            if passed is not False:  # an app's own file beside its notes: in silence (None), or listed with why
                if passed is None:
                    result.system_files += 1
                else:
                    result.skipped.append({"path": rel, "reason": passed})
                continue
            if Path(name).suffix.lower() not in extensions and name not in keep_notes:
                if system_file(name, extensions):  # `Thumbs.db`, `desktop.ini`, `~$Budget.docx`: no one's note
                    result.system_files += 1
                    continue
                if stems and build_file(name, stems):  # `main.aux`, `main.log`, `main.pdf` beside `main.tex`
                    result.system_files += 1
                    continue
                if os.path.islink(os.path.join(dirpath, name)) and not os.path.exists(os.path.join(dirpath, name)):
                    # a link whose folder (or file) is gone: its name does not say which it was
                    if follow_symlinks:  # it may come back
                        result.unwatched[rel] = None
                    result.skipped.append({"path": rel, "reason": BROKEN_LINK})
                    continue
                if name.lower() == "info.json" and reldir.rstrip("/").lower().endswith(".textbundle"):
                    # a TextBundle's metadata beside its `text.md` (textbundle.org), in every bundle: no one's
                    # note, passed over as a system file is (qa33: each bundle's was listed)
                    result.system_files += 1
                    continue
                suffix = printable_name(Path(name).suffix.lower()) or "no extension"
                reason = TEXTPACK_REASON if suffix == ".textpack" else f"not a note file ({suffix})"
                if Path(name).suffix.lower() in MRAG_OUTPUT_EXTENSIONS:
                    try:
                        st = os.stat(os.path.join(dirpath, name))
                    except OSError:
                        st = None
                    why = None if st is None else looked_before(rel, st)
                    if why is None and st is not None and stat.S_ISREG(st.st_mode):
                        why = page_reason(rel, os.path.join(dirpath, name), st, reason)
                    if why == "":
                        continue  # a `graph view -o` page or a `graph export` saved among the notes: mrag's own
                    reason = why or reason  # (a single-file TiddlyWiki's, as the sync that looked at it said)
                result.skipped.append({"path": printable_name(rel), "reason": reason})
                continue
            settled = settled_note(reldir, name)
            # a numbered copy compared with its note by the last sync, both unchanged: not compared again
            conflict = None if settled or keeps_copy(spec, rel) else copy_looked_before(reldir, name, notes)
            compared = conflict is None and not settled
            if conflict is None:
                read_at = time.time()
                conflict = conflict_copy_reason(name, filenames, None if settled else dirpath,
                                                () if keeps_copy(spec, rel) else notes)
                if conflict and not settled:
                    with contextlib.suppress(OSError):
                        st = os.stat(os.path.join(dirpath, name))
                        if (record := looked_record(st.st_size, st.st_mtime, conflict, read_at)) is not None:
                            result.looked[rel] = record
            if (settled and looked and possible_copy((looked.get(rel) or (0, 0, ""))[2]) and not keeps_copy(spec, rel)
                    and any(original in notes for original, _said in copy_originals(name))):
                # a possible copy and its note unchanged: its verdict kept (doctor, status), not said again
                with contextlib.suppress(OSError):
                    looked_before(rel, os.stat(os.path.join(dirpath, name)))
            verdict = None  # a possible copy's record in `looked`, kept through the checks below
            if conflict and possible_copy(conflict):  # maybe a copy, maybe the user's note: indexed
                if compared:
                    result.possible_copies[rel] = conflict
                verdict, conflict = result.looked.get(rel), None
            if conflict:
                result.skipped.append({"path": rel, "reason": conflict})
                continue
            full = Path(dirpath) / name
            symlink = False
            try:
                if full.is_symlink():
                    symlink = True
                    target = full.resolve(strict=True)
                    if target.is_relative_to(root):
                        links[rel] = str(target)
                    elif not follow_symlinks:
                        result.skipped.append({"path": rel, "reason": "symlink pointing outside the synced folder"})
                        continue
                st = full.stat()
            except (OSError, RuntimeError) as exc:
                if symlink and follow_symlinks:  # a broken link out of the folder: its target may come
                    result.unwatched[rel] = None
                if isinstance(exc, OSError) and cannot_read_for_now(exc):
                    # listed but not searchable (`chmod -x`, `chmod -R 644`): the note is there
                    result.kept.append(rel)
                    reason = f"cannot stat: {exc.strerror}"  # the sync says whether it is kept
                else:  # os.path.islink, unlike Path.is_symlink, cannot raise
                    reason = BROKEN_LINK if os.path.islink(full) else f"cannot stat: {exc}"
                result.skipped.append({"path": rel, "reason": reason})
                continue
            if symlink and rel not in links:  # followed out of the folder
                result.unwatched[rel] = stat_key(st)
            if not os.path.isfile(full):
                result.skipped.append({"path": rel, "reason": "not a regular file (a pipe, socket or device)"})
                continue
            # a TextBundle's text is read with its info.json (bear.py): a change to either changes the note
            mtime = bundle_mtime(full, st.st_mtime)
            fresh = not (known and as_indexed(st.st_size, mtime, known.get(rel)))  # new or changed: looked at
            if fresh:
                why = looked_before(rel, st, mtime)
                if why and copy_reason(why):  # a copy of a note since changed: compared above anew
                    del result.looked[rel]
                    why = None
                if why and template_skip(why) and kept_by_ignore(spec, rel):  # a template .mragignore keeps now
                    del result.looked[rel]
                    why = None
                if verdict is not None:  # a possible copy, compared above: indexed, its verdict kept
                    result.looked[rel] = verdict
                if why is not None:  # not indexed when last looked at (binary, mrag's page), unchanged since
                    if why:
                        result.skipped.append({"path": rel, "reason": why})
                    continue
                if mrag_wrote(rel, str(full), st, ""):
                    continue  # a `graph view -o page.md` or a `graph export -o graph.txt`: mrag's own, not a note
            if special_kind(rel) == NOTEBOOK:
                # a notebook of plots passes 5 MB with the base64 of its images, of which nothing is read:
                # the limit applies to its text, when read (read_note); its file only to the ceiling
                if st.st_size > NOTEBOOK_CEILING * max_bytes:
                    result.skipped.append({"path": rel, "reason": notebook_ceiling_reason(st.st_size, max_bytes)})
                    continue
            elif st.st_size > max_bytes:
                reason = f"larger than the size limit ({st.st_size} > {max_bytes} bytes)"
                result.skipped.append({"path": rel, "reason": reason})
                continue
            if fresh and may_be_template(rel) and not kept_by_ignore(spec, rel):
                template = template_of(rel, full, st.st_size, mtime)
                if template:
                    result.skipped.append({"path": rel, "reason": template})
                    continue
            if st.st_nlink > 1 and not symlink:
                inodes.setdefault((st.st_dev, st.st_ino), []).append(rel)
                nlinks[rel] = st
            result.files.append(NoteFile(rel, full, st.st_size, mtime))
        if known:
            joplin_copies_anew(result, listed_from, Path(dirpath), known)
    if links:
        # a link to a note of the folder is that note: indexed once, at its real path (as folder
        # links are), or every answer would hold it twice; a link to a file not walked stays
        real = {str(root / f.path) for f in result.files if f.path not in links}
        twice = {f.path for f in result.files if links.get(f.path) in real}
        result.files = [f for f in result.files if f.path not in twice]
        result.skipped += [{"path": p, "reason": SAME_NOTE} for p in sorted(twice)]
    # hard links are one file under two names: indexed once too, at the first name in path order
    # (whichever is edited, that name's size and time change with it), the others listed; a name
    # the index holds goes first: `ln note.md a.md` must not move the note to a.md (its chunks
    # written anew, its citations changed) but list a.md, as `ln note.md z.md` does
    indexed_at = {p: min(paths, key=lambda q: (q not in indexed, q))
                  for paths in inodes.values() if len(paths) > 1 for p in paths}
    if indexed_at:
        result.files = [f for f in result.files if indexed_at.get(f.path, f.path) == f.path]
        result.skipped += [{"path": p, "reason": hard_link_reason(first)}
                           for p, first in sorted(indexed_at.items()) if p != first]
    for paths in inodes.values():  # a name the walk did not meet: outside the folder, or hidden in it
        st = nlinks[paths[0]]
        if st.st_nlink > len(paths):
            result.unwatched[indexed_at.get(paths[0], paths[0])] = stat_key(st)
    result.files.sort(key=lambda f: f.path)
    return result


def joplin_copies_anew(result: WalkResult, first: int, folder: Path,
                       known: Mapping[str, tuple[int, float]]) -> None:
    """Decide anew the Joplin conflict copies among the notes of `folder` the walk listed (result.files
    from `first` on) that `known` holds as they are, when a Joplin note beside them is new or changed:
    whether a copy is read hangs on its note (notekinds.joplin_conflict: there, out of the trash), and an
    unchanged copy is not read again. A copy indexed while its note was gone (or in the trash), its note
    back, was left indexed, where a rebuild skipped it (revS). One whose note is there now is skipped
    here, with the reason the sync gives (its chunks dropped, doctor and status listing it). A skipped
    copy needs nothing: it is read at every sync (copy_reason), and indexed once its note is gone."""
    from minirag_cli.notekinds import joplin_item, joplin_note

    listed = [f for f in result.files[first:] if joplin_item(f.path)]
    unchanged = [f for f in listed if as_indexed(f.size, f.mtime, known.get(f.path))]
    if len(unchanged) == len(listed) or not unchanged:
        return  # no Joplin note new or changed here (a removed one frees a copy, skipped, read anew)
    dropped = set()
    for f in unchanged:
        read_at = time.time()
        try:
            data = Path(f.abspath).read_bytes()
        except OSError:
            continue  # the sync says why it cannot read it
        if b"is_conflict: 1" not in data:  # no copy: not decoded
            continue
        try:
            joplin_note(f.path, data.decode("utf-8", "replace"), folder)
        except MalformedNote as exc:
            if copy_reason(str(exc)):
                dropped.add(f.path)
                result.skipped.append({"path": f.path, "reason": str(exc)})
                if (record := looked_record(f.size, f.mtime, str(exc), read_at)) is not None:
                    result.looked[f.path] = record
    if dropped:
        result.files[first:] = [f for f in result.files[first:] if f.path not in dropped]


def is_utf8_name(name: str) -> bool:
    """Whether a file name read from disk is text: bytes that are not UTF-8
    come as surrogates (os.fsdecode), which SQLite and JSON cannot hold."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable_name(name: str) -> str:
    """A file name for messages and JSON: bytes that are not UTF-8 as U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def terminal_name(name: str) -> str:
    """A file name for a line of text output: control characters (a newline,
    ESC) written as escapes (\\n, \\x1b), so a name can neither break the
    line into two nor send the terminal a command. JSON keeps the name."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), name)


def _symlinked_folder_reason(link: str, parent: str, root: Path, visited: set[tuple[int, int]],
                             follow_symlinks: bool) -> str | None:
    """Why a symlinked folder is not walked (None: walk it, and remember it)."""
    if not follow_symlinks:
        return "symlinked folder not followed (use --follow-symlinks)"
    try:
        target = Path(link).resolve(strict=True)
        st = target.stat()
    except (OSError, RuntimeError):
        return BROKEN_LINK
    if Path(parent).resolve().is_relative_to(target):
        return "symlink loop (points back up the tree)"
    if target.is_relative_to(root):
        return "symlink into the synced folder (indexed at its real path)"
    if (st.st_dev, st.st_ino) in visited:
        return "symlink to a folder already walked"
    visited.add((st.st_dev, st.st_ino))
    return None


# Notes saved as "Unicode" by Windows Notepad and some exporters: UTF-16 (or,
# rarely, UTF-32) with a byte order mark. Their NUL bytes are not binary.
_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"),
              (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
_LONE_CR = re.compile(r"\r(?!\n)")
# a file's first bytes, where binary and text are told apart (sniff_note, _bomless_utf16)
HEAD_BYTES = 8192


def wide_text(data: bytes) -> str | None:
    """The text of a UTF-16 / UTF-32 note with a byte order mark, or of a
    UTF-16 one without (_bomless_utf16); None for anything else, or bytes
    that do not decode to text without NULs. The whole file is decoded at
    most once, and only when its head reads as such text."""
    for bom, codec in _WIDE_BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                return None
            return None if "\x00" in text else text
    return _bomless_utf16(data)


# Some Windows tools (PowerShell's and .NET's "Unicode" writers, exporters)
# write UTF-16 with no byte order mark. Told from binary conservatively, by its
# head (the first HEAD_BYTES). Text in Latin letters has a NUL high byte (odd
# bytes little-endian, even ones big-endian) in at least half of the code
# units and reads as text (_UTF16_PRINTABLE_SHARE). Text in other scripts (Chinese,
# Russian, Greek, Arabic, Hindi: NUL high bytes only for its spaces, line ends
# and digits) must read as what a note is, which random bytes, images,
# archives and databases do not (_reads_as_script_text); and its bytes must
# not read as 8-bit text with stray NULs (_eight_bit_text), which, taken two
# bytes at a time, spells Chinese ideographs ("Bush hid the facts").
# Text with no ASCII at all in its head (Chinese or Japanese without a line
# end: a short note, one long paragraph) has no NUL byte, unless a character
# ends in one (一, U+4E00); without any, its bytes must also be no text in an
# 8-bit or a multi-byte encoding (_other_encoding_text: UTF-8, cp1252's
# mostly ASCII, GBK, Big5, Shift-JIS...: Shift-JIS two bytes at a time spells
# Chinese too), and the byte order tried first is the one whose high bytes
# take fewer values (a script's letters share their Unicode block).
# The whole file must then decode, with no NUL character.
_UTF16_NUL_SHARE = 0.5
_UTF16_PRINTABLE_SHARE = 0.95
# Half the units with a NUL high byte is Latin text, but in a file of a few characters one or two
# NULs are half: ASCII with a NUL or two (a C string's terminator, a separator, `find -print0`) is
# then UTF-16 that two ASCII bytes make one character of ("yes\0" is "敹s", "not\0e\0" "潮te",
# "./a\0" "⼮a"). Such a file, all ASCII text but its NULs, is that ASCII with NULs: binary, as
# ASCII with a stray NUL in a longer head is ("你好\n"). So is "Hm…" in UTF-16 (nothing tells them
# apart); "東京\r\n", "5€" and "ab" ("a\0b\0": its ASCII alone) are read. But two NULs that are the
# high bytes of a CR LF pair ending the file (`\r\0\n\0`, `\0\r\0\n`: a Windows line end in UTF-16)
# are no stray NULs of ASCII: "李华\r\n" (whose letters' bytes are ASCII, "NgNS") is read when its other
# letters are everyday CJK (_reads_as_script_text, as any short CJK note's): _crlf_units_only.
_UTF16_FEW_NULS = 2
_UTF16_SAMPLE_CHARS = 4096


def _bomless_utf16(data: bytes) -> str | None:
    """The text of `data` when it is UTF-16 (little- or big-endian) without
    a byte order mark, else None."""
    head = data[:HEAD_BYTES]
    if len(data) < 4 or len(data) % 2:
        return None
    codec = None
    if b"\x00" not in head:  # no ASCII: a script's letters share their high byte (their Unicode block)
        if _other_encoding_text(head, whole=len(data) <= HEAD_BYTES, short=len(data) <= _SHORT_NOTE_BYTES):
            return None
        little_first = len(set(head[1::2])) <= len(set(head[0::2]))
    else:
        units = len(head) // 2
        high_le, high_be = head[1::2].count(0), head[0::2].count(0)
        if max(high_le, high_be) >= units * _UTF16_NUL_SHARE:  # Latin letters
            codec = "utf-16-le" if high_le >= units * _UTF16_NUL_SHARE else "utf-16-be"
            sample = _utf16_sample(data, codec)
            if sample is None or sum(1 for c in sample if c.isprintable() or c in "\t\n\r\f") \
                    < len(sample) * _UTF16_PRINTABLE_SHARE:
                return None
            if max(high_le, high_be) <= _UTF16_FEW_NULS and any(c > "\xff" for c in sample) \
                    and all(b in _ASCII_TEXT for b in head.replace(b"\x00", b"")) \
                    and not (_crlf_units_only(sample) and _reads_as_script_text(sample, whole=True)):
                return None  # ASCII with a NUL or two
        elif _eight_bit_text(head):
            return None
        # the order with more NUL high bytes first: a note with as many 一 (U+4E00) as line ends has as many low
        little_first = high_le >= high_be
    if codec is None:
        for codec in ("utf-16-le", "utf-16-be") if little_first else ("utf-16-be", "utf-16-le"):
            sample = _utf16_sample(data, codec)
            if sample is not None and _reads_as_script_text(sample, whole=len(data) <= _SHORT_NOTE_BYTES,
                                                            ascii_free=b"\x00" not in head):
                break
        else:
            return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text


def _crlf_units_only(sample: str) -> bool:
    """Whether the only characters of `sample` (a few, UTF-16 decoded) below
    U+0100 (the units with a NUL high byte) are one CR LF, the line end that
    ends it (a note's last line)."""
    return sample.endswith("\r\n") and sum(c < "\u0100" for c in sample) == 2


def _utf16_sample(data: bytes, codec: str) -> str | None:
    """The first _UTF16_SAMPLE_CHARS characters of `data` read as `codec`
    (never the whole file: a surrogate pair is two code units), None when
    they do not decode (a lone surrogate: not UTF-16)."""
    prefix = data[:_UTF16_SAMPLE_CHARS * 4]
    try:
        text = codecs.getincrementaldecoder(codec)().decode(prefix, final=len(prefix) == len(data))
    except UnicodeDecodeError:
        return None
    return text[:_UTF16_SAMPLE_CHARS]


_EIGHT_BIT_SHARE = 0.9
# Legacy encodings of Chinese, Japanese and Korean notes (older Windows and
# Mac editors, mail): their bytes read two at a time may be letters of one
# script. UTF-16 read in one of them holds control characters (a code unit's
# low byte below 0x20, one in eight) or does not decode, but for a few
# characters.
_MULTIBYTE_ENCODINGS = ("gbk", "big5", "cp932", "cp949", "euc_jp")


def _reads_as(head: bytes, codec: str, whole: bool = False) -> str | None:
    """`head` decoded as `codec` (a character its end cuts left out, unless
    it is the `whole` file), None when it does not decode."""
    try:
        return codecs.getincrementaldecoder(codec)().decode(head, final=whole)
    except UnicodeDecodeError:
        return None


_UTF8_CONTROL_SHARE = 0.25


def _other_encoding_text(head: bytes, whole: bool = False, short: bool = False) -> bool:
    """Whether `head` (no NUL byte in it) is UTF-8, 8-bit text in Latin
    letters (cp1252 and the like: _latin_eight_bit) or text in a multi-byte
    legacy encoding (_MULTIBYTE_ENCODINGS: it decodes, with no control
    character): not UTF-16. UTF-8 with a control character in every
    other byte is none: Cyrillic ("Москва", U+041C...) in UTF-16 is the
    bytes 1C 04 3E 04..., all ASCII (a log's colour codes are far fewer).
    `whole`: the head is the whole file, whose last character must be whole
    in a multi-byte encoding too (a lead byte last is no GBK: "안녕" in UTF-16
    ends with one). `short`: a short note (_SHORT_NOTE_BYTES), whose UTF-8,
    when it is all ASCII, holds no control character at all (but tab, line ends, form feed and a
    colour code's ESC): "你好世界" in UTF-16 is the ASCII bytes "`O}Y", SYN
    (0x16) and "NLu", a text no note is."""
    utf8 = _reads_as(head, "utf-8", whole)
    if utf8 is not None:
        controls = sum(1 for c in utf8 if c < " " and c not in "\t\n\r\f")
        # the strict rule only for ASCII: UTF-16 of CJK is ASCII bytes, never valid multi-byte UTF-8, so
        # a short note of "Привет \x01Größe" (a pasted stray control) stays UTF-8
        strict = short and utf8.isascii()
        if controls == utf8.count("\x1b") if strict else controls < len(utf8) * _UTF8_CONTROL_SHARE:
            return True
    if _latin_eight_bit(head):
        return True
    for codec in _MULTIBYTE_ENCODINGS:
        text = _reads_as(head, codec, whole)
        if text is not None and all(c.isprintable() or c in "\t\n\r\f" for c in text):
            return True
    return False


_ASCII_TEXT = frozenset(range(32, 127)) | frozenset(b"\t\n\r")
_LATIN_SPACE_SHARE = 0.04
_LATIN_ASCII_SHARE = 0.6


def _latin_eight_bit(head: bytes) -> bool:
    """Whether `head` reads as 8-bit text in Latin letters (cp1252, Latin-1):
    in its odd bytes and in its even ones alike, nearly all printable ASCII
    (_EIGHT_BIT_SHARE), or mostly so with the spaces between words
    ("Caf\xe9 cr\xe8me", a French note's accents). UTF-16 without ASCII
    has a code unit's low byte spread over all values (printable ASCII for
    three in eight of CJK's), and hardly a space byte (0x20) in it."""
    for half in (head[0::2], head[1::2]):
        n = max(1, len(half))
        ascii_share = sum(1 for b in half if b in _ASCII_TEXT) / n
        if ascii_share < _EIGHT_BIT_SHARE and (
                ascii_share < _LATIN_ASCII_SHARE or half.count(b" ") / n < _LATIN_SPACE_SHARE):
            return False
    return True


def _eight_bit_text(head: bytes) -> bool:
    """Whether `head`, its NUL bytes left out, is UTF-8 (ASCII included) that
    reads as text: a text file with stray NULs, not UTF-16. Tabs do not count
    as text here: the letters of Devanagari (U+09xx) have the tab byte high."""
    try:
        text = codecs.getincrementaldecoder("utf-8")().decode(head.replace(b"\x00", b""), final=False)
    except UnicodeDecodeError:
        return False
    return sum(1 for c in text if c.isprintable() or c in "\n\r") >= len(text) * _EIGHT_BIT_SHARE


# What a note in one script (and Latin) reads as: no control character (but
# tab, line ends and form feed), no unassigned or private-use code point, a
# space or a line end, mostly letters and marks, and nearly all its letters
# of one script, Latin aside (Japanese kana and kanji count as one, and so do
# Korean Hangul and the Hanja among it, when Hangul letters are the most). Random
# bytes decoded as UTF-16 spread over Hangul, CJK, Yi and the rest, and hit
# unassigned and private-use code points; binary formats hold NUL units.
# A script written without spaces (_UNSPACED_SCRIPTS) needs none, with more
# letters (_UNSPACED_MIN_LETTERS): a Chinese note's head may hold no line end.
# A short note read whole (a word or two: "Москва\n", "Ну и что?") has fewer
# letters than _SCRIPT_MIN_LETTERS asks of a head: its whole text is all the
# evidence there is, and it is enough with _SHORT_MIN_LETTERS of a script
# written with spaces in a small block (random bytes land in Greek's or
# Cyrillic's one unit in 256, in CJK's one in three, in Hangul's one in six:
# those keep their minimum, but for everyday letters: below); one word with no ASCII ("Москва" alone) needs no space.
# Short is a few dozen bytes (_SHORT_NOTE_BYTES: "Ελλάδα 2024\n" is 24), and no letter of the
# blocks ASCII letters fall in with an information separator (FS, GS, RS, US: 0x1C-0x1F) after each
# (_SEPARATED_ASCII: b"a\x1fb\x1fc\x1fd\x1f", a unit-separated record, read as Greek Extended "ὡὢὣὤ";
# with FS or GS as Ol Chiki, phonetic letters) is in one: polytonic Greek, Ol Chiki, Lepcha and the
# phonetic extensions of a few words alone, in UTF-16 without a BOM, are rarer than such records.
# A short note in Chinese, Japanese or Korean (a name, a word or two: "东京", "李华的笔记\n") is read
# whole too, with two letters or more, when it holds nothing but everyday letters (in the character
# set of a national standard: _common_cjk), their punctuation and ASCII (_short_cjk_char): random
# bytes, and ASCII read two bytes at a time, land on such a letter about one time in four, and on
# other letters, marks and spaces too. Without a NUL byte its bytes must be neither UTF-8 with no
# control character ("你好" in UTF-16 is the ASCII "`O}Y", a note of its own: read so, as an editor
# opens it; no rule on the letters could prefer the CJK reading: 413 of the 1,093 four-character ASCII
# words of LiHua's notes, 61% of their uses ("with", "that", "keep"), read as two everyday CJK
# letters in one byte order or the other, and 5% of two-letter GB 2312 words are ASCII bytes) nor text
# in a legacy encoding (_other_encoding_text: "안녕" is Shift-JIS "HﾅUｱ"); with one, no text
# with stray NULs (_eight_bit_text: "你好\n" is "`O}Y\n" and a NUL, and stays binary), and a
# space or a line end must hold it (a random NUL is neither). A note of a small-block script needs
# two letters alike ("Да", "Ως\n"): random bytes land in its block one unit in 256.
_SHORT_NOTE_BYTES = 64
_SEPARATED_ASCII = re.compile("[\u1c00-\u1dff\u1f00-\u1fff]")
_SCRIPT_MIN_LETTERS = 8
_SHORT_MIN_LETTERS = 2
_SCRIPT_MIN_COUNT = 3  # letters of its main script a head needs, however many others it holds
_SHORT_CJK_SCRIPTS = frozenset({"CJK", "HANGUL"})
_UNSPACED_MIN_LETTERS = 16
# Random bytes of a few dozen passed the rule for unspaced CJK (letters of CJK and Latin, the odd
# symbol): 28 in 100,000 of 36 bytes, 13 of 48, none of 64. Of their CJK letters two in five are
# everyday ones (_common_cjk), of a note's nearly all (Cantonese's particles 咗, 嘅, 哋 and rare
# names' letters aside). Below _UNSPACED_CHECKED_LETTERS letters (past them random bytes have hit an
# unassigned code point), three in four must be: 2 in 100,000 of 36 bytes pass, none of 48.
_UNSPACED_CHECKED_LETTERS = 64
_UNSPACED_EVERYDAY_SHARE = 0.75
_UNSPACED_SCRIPTS = frozenset({"CJK", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN"})
_SCRIPT_LETTER_SHARE = 0.5
_SCRIPT_ONE_SCRIPT_SHARE = 0.9
_LARGE_BLOCK_SCRIPTS = frozenset({"CJK", "HANGUL", "YI"})
_KANA_AND_KANJI = frozenset({"HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "HALFWIDTH", "IDEOGRAPHIC"})


def _script(letter: str) -> str:
    """The script of a letter, as the first word of its Unicode name says
    (CJK, CYRILLIC, GREEK, ...; kana as CJK, fullwidth forms as LATIN)."""
    word = unicodedata.name(letter, "?").split(" ", 1)[0]
    if word in _KANA_AND_KANJI:
        return "CJK"
    return "LATIN" if word == "FULLWIDTH" else word


def _reads_as_script_text(sample: str, whole: bool = False, ascii_free: bool = False) -> bool:
    """Whether `sample` (UTF-16 decoded, not in Latin letters) reads as a note
    does (the rules above); `whole`: it is the file's whole text, a short
    one (_SHORT_NOTE_BYTES);
    `ascii_free`: its bytes hold no NUL (no ASCII character in it)."""
    scripts: Counter[str] = Counter()
    letters = visible = 0
    spaced = False
    for c in sample:
        category = unicodedata.category(c)
        if category in ("Cn", "Co", "Cs") or (category == "Cc" and c not in "\t\n\r\f"):
            return False
        if c.isspace():
            spaced = True
            continue
        visible += 1
        if category[0] in "LM":
            letters += 1
            if category[0] == "L":
                scripts[_script(c)] += 1
    (script, count), = scripts.most_common(1) or [("", 0)]
    short = (whole and script not in _UNSPACED_SCRIPTS and script not in _LARGE_BLOCK_SCRIPTS and script != "LATIN"
             and _SEPARATED_ASCII.search(sample) is None)
    # a short note of Chinese, Japanese or Korean needs fewer letters (below) when they are all everyday ones
    short_cjk = whole and script in _SHORT_CJK_SCRIPTS and all(map(_short_cjk_char, sample))
    fewest = _SHORT_MIN_LETTERS if short or short_cjk else _SCRIPT_MIN_LETTERS
    if letters < fewest or count < min(fewest, _SCRIPT_MIN_COUNT) or letters < visible * _SCRIPT_LETTER_SHARE:
        return False
    # one word read whole, without ASCII (UTF-16 with no NUL byte: "Москва", "东京") is a note too
    one_word = (short or short_cjk) and ascii_free
    if not spaced and not one_word \
            and (script not in _UNSPACED_SCRIPTS or letters < _UNSPACED_MIN_LETTERS):
        return False
    if not spaced and not one_word and script == "CJK" and letters < _UNSPACED_CHECKED_LETTERS \
            and sum(map(_common_cjk, (c for c in sample if c.isalpha() and _script(c) == "CJK"))) \
            < count * _UNSPACED_EVERYDAY_SHARE:
        return False
    if script != "LATIN":
        count += scripts["LATIN"]
    if script == "HANGUL":  # Korean writes Hanja (CJK ideographs) among its Hangul: 大韓民國 憲法 제1조
        count += scripts["CJK"]
    return count >= sum(scripts.values()) * _SCRIPT_ONE_SCRIPT_SHARE


_CJK_PUNCTUATION = re.compile("[\u3000-\u303f\u30fb\u30fc\uff01-\uff65]")


def _short_cjk_char(c: str) -> bool:
    """Whether `c` may be in a short note of Chinese, Japanese or Korean:
    ASCII (a NUL byte's unit), an everyday letter (_common_cjk), their
    punctuation and spaces (、。「」，！, U+3000) and fullwidth forms; no mark,
    other space or letter of another script (random bytes land on many)."""
    if c < "\x7f":
        return True
    if unicodedata.category(c)[0] == "L" and _script(c) in _SHORT_CJK_SCRIPTS:
        return _common_cjk(c)
    return _CJK_PUNCTUATION.match(c) is not None


def _common_cjk(letter: str) -> bool:
    """Whether a Chinese, Japanese or Korean letter is an everyday one: in GB 2312 (Simplified
    Chinese), JIS X 0208 (cp932: kanji and kana), Big5's frequent characters (its first level,
    A440-C67E: Traditional Chinese) or KS X 1001 (Hangul and Hanja: two bytes in EUC-KR)."""
    for codec in ("gb2312", "cp932", "euc_kr", "big5"):
        try:
            code = letter.encode(codec)
        except UnicodeEncodeError:
            continue
        if len(code) == 2 and (codec != "big5" or code <= b"\xc6\x7e"):
            return True
    return False


def sniff_note(data: bytes) -> tuple[bool, str | None]:
    """(binary, wide): whether the bytes are no text note (a NUL in their
    head, and not UTF-16/32), and their text when they are UTF-16/32 (for
    decode_note, so that the sync decodes such a note once)."""
    wide = wide_text(data)
    return wide is None and b"\x00" in data[:HEAD_BYTES], wide


# Notes saved by older Windows editors (Notepad before 2019, Outlook, Word's
# "plain text") are cp1252, a superset of Latin-1: "café" is the byte 0xE9,
# curly quotes 0x93/0x94, none of them valid UTF-8. The bytes UTF-8 cannot
# read are read as cp1252 (a UTF-8 note with one pasted cp1252 quote keeps
# its UTF-8); the five bytes cp1252 leaves undefined raise, and the note is
# then read with replacement characters as before.
CP1252 = "decoded as cp1252 (Windows-1252), not UTF-8"
REPLACED = "invalid UTF-8, decoded with replacement characters"


def _cp1252_where_not_utf8(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start:exc.end].decode("cp1252"), exc.end


codecs.register_error("mrag-cp1252", _cp1252_where_not_utf8)


def decode_note(data: bytes, wide: str | None = None) -> tuple[str, str | None]:
    """Decode note bytes as UTF-8 (BOM allowed), UTF-16/32 with a BOM or
    UTF-16 without one (_bomless_utf16);
    bytes that are not UTF-8 as cp1252 (none of them NUL), else replaced.
    `wide`: their text as sniff_note gave it (not decoded again), None to
    find out. The second value is None, or the warning the sync gives for the file
    (CP1252, REPLACED). Lone CR line ends (classic Mac) become LF, so line
    numbers are an editor's; the text keeps its length (chunk offsets)."""
    text, warning = (wide if wide is not None else wide_text(data)), None
    if text is None:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = None
            if b"\x00" not in data:  # NULs are no cp1252 text: a binary tail past sniff_note's look
                try:
                    text, warning = data.decode("utf-8-sig", errors="mrag-cp1252"), CP1252
                except UnicodeDecodeError:
                    pass
            if text is None:
                text, warning = data.decode("utf-8-sig", errors="replace"), REPLACED
    return (_LONE_CR.sub("\n", text) if "\r" in text else text), warning


# The version of how read_note reads a file's bytes (the encodings, notekinds' readers). Raise it with any
# change that reads some file differently: the index records it per folder, and the next sync of a folder
# synced with another re-reads its notes, indexing anew those whose chunks come out different (sync.
# _stale_readings), as --rebuild would; a file's size and mtime alone would keep the old reading.
# 2: files2's canvas/Excalidraw readers and short UTF-16 rules, fix7's fixes to them (1: never recorded).
# 3: files3: a few characters of ASCII with one or two NULs are binary (not Latin UTF-16: "yes\0"), and
# unspaced CJK UTF-16 of fewer than 64 letters needs three in four everyday ones; fix10: inline base64
# data left out (chunking.without_inline_data), no chunk absurdly long (chunk_text's caps).
# 4: qa17: decomposed letters composed (composed_words: "Ae\u0308lys" is "Aëlys").
#    files4: a word of more than 1,000 characters that is data (nearly all ASCII: base64 with no data:
# URI, minified code) keeps its first 1,000 and an ellipsis (chunking.without_inline_data); two
# everyday CJK letters of ASCII bytes and a CR LF in BOM-less UTF-16 ("李华\r\n") are text (_crlf_units_only).
#    fix11: the walk checks only new and changed notes for mrag's pages (walk_notes' `known`, given by a
# sync of a folder read with this version): an index synced before that check held a page saved as a
# note, and its next sync checks every note once.
# 5: files5: a word broken at a line end by a hyphen (`atten-` + `tion`, text pasted from a PDF) is read
# whole (joined_hyphens), and soft hyphens (U+00AD) are left out (SOFT_HYPHEN).
# 6: files6: a hyphen at a line end in an Org-mode, rST or AsciiDoc note's own code block (`#+BEGIN_SRC`,
# `.. code-block::`, `----`: mdcode.kind_blocks) is kept, as in a Markdown fence (`--dry-` + `run`).
# 7: fix19: an Org archive file (`notes.org_archive`, which Org's `C-c C-x C-a` writes the done tasks and
# old entries to) is a note, an Org-mode one (orgmode.ORG_SUFFIXES); it was skipped as no note file.
#    qa25: a sync tool's conflict copy beside the note it copies (`Budget (conflicted copy 2026-11-03).md`,
# `Budget.sync-conflict-20261103-101112-ABCDEFG.md`: CONFLICT_COPIES) is no note: skipped, with the reason;
# a note iCloud evicted to a placeholder (`.Health.md.icloud`) is kept as last synced, not removed.
#    qa26: an MDX page (`.mdx`: Docusaurus, Nextra) is a note (it was skipped, `not a note file`), its
#    ESM lines, JSX tag lines and `{...}` expressions read as code (mdcode.kind_blocks: MDX).
#    obs2: an Obsidian vault's templates folder (.obsidian/templates.json, Templater's data.json) holds no
# notes (obsidian_templates): a sync of a vault synced before drops them.
#    dup2: a copy named as notes are numbered (iCloud's `Budget 2.md`, Google Drive's `Budget (1).md`,
# Finder's `Budget copy.md`) beside its note with nearly its text (near_copy) is a conflict copy: skipped.
#    fixN2: a note .mragignore names is no original: its numbered copy is indexed (neither was).
# A copy and its note unchanged since compared are not compared again (WalkResult.looked).
# A numbered copy is said as such (not `iCloud conflict copy`), kept a note by a `!Draft 2.md` line in .mragignore.
#    fixM3: a OneDrive copy is told by Windows' own computer names alone (DESKTOP- and 7, LAPTOP- and 8
# capitals and digits, both in it): `Plan-LAPTOP-2026.md` beside `Plan.md` is a note again.
#    sections1: a note is cut into chunks at each dated heading (a journal's `## 2026-11-03`, an Org
# datetree's `*** 2026-11-03 Tuesday`, a changelog's `## [1.4.0] - 2026-11-03`: sections.note_chunks),
# each chunk headed with its section's day; a note without one is chunked and headed as before; fixN1: a day
# with other words after it (`## 2026-11-03 release plan`) dates only among two dated headings of its level.
# 8: refac1: a dated heading is read outside fenced code as mdcode reads fences (sections.day_changes: a fence
# nothing closes ends before prose; a longer fence is not closed by a shorter one nor by a line with an info
# string; an Admonition fence's lines are text; a tab-indented fence is none); and after the front matter
# block as frontmatter.of_note has it (Hugo's TOML `+++` block too, whose `# 2026-11-02 imported` comment dated
# the lines below it; a YAML block after a byte order mark; `---` lines around prose are no block).
#    qa30: a Jupyter notebook (`.ipynb`) is a note (it was skipped, `not a note file`), read as its
# Markdown cells, its code cells fenced and their outputs' text (notekinds.notebook_text).
#    qa29: a Joplin sync target's or RAW export's item (`<32 hex digits>.md` ending in its `key: value`
# metadata, notekinds.joplin_note): a note's metadata lines are read as blank lines (they were chunk text)
# but its `user_created_time:` (it dates the note) and a to-do's `is_todo:`, `todo_due:`, `todo_completed:`;
# a notebook, tag, tag link or resource record is no note (skipped, with what it is), nor an encrypted note.
#    fixO1: a OneDrive copy named for a computer its user named (`Budget-WORKPC.md`, `Budget-Priyas-Laptop.md`,
# beside `Budget.md`) with nearly its note's text (near_copy) is warned of, as maybe a copy; fixQ1: it is
# indexed (skipped, it hid `Budget-Q4.md`, a filled-in `Standup-ACME.md`: possible_copy).
#    fixP1: a fence nothing closes ends before a heading after a blank line too (a journal's stray ``` line
# before `## 2026-11-03` hid every later day and name: mdcode._unclosed_end), and a fence opened on a list
# item's line (`- ```sql`) closes at its indented closing line, which opened a fence (mdcode._blocks).
#    nb2: the size limit holds a Jupyter notebook's text, not its file (its images' base64): a notebook of
# plots over 5 MB is read (it was skipped, `larger than the size limit`); its file only to NOTEBOOK_CEILING.
#    fixQ2: a Joplin note or to-do in Joplin's trash (`deleted_time:` other than 0) is no note: skipped, with the
# reason (notekinds.joplin_note); it was read as a live one (ranked first in `ask`, its to-do in `mrag tasks`).
# 9: qa33: a TextBundle's text (`Trip to Lisbon.textbundle/text.md`, Bear's, Ulysses', iA Writer's) is dated by its
# bundle's name as a note is by its file name (text.bundle_path: `Morning pages 2026-11-02.textbundle/text.txt`
# was undated); a bundle's `info.json` is passed over unlisted, and a `.textpack` is skipped saying what it is.
# 9: qa31: a Kindle's `My Clippings.txt` (entries ended by `==========`, notekinds.clippings_note): its `==========`
# lines read as blank, its `- Your Highlight ... | Added on ...` lines' words before the date in lower case (its
# `Location`, `Added`, `Highlight` were the top names), a highlight a later one of its book holds whole left out;
# each entry dated by its `Added on` day, a new chunk at each entry of another book or day (sections.day_changes).
# A Readwise export's `## New highlights added December 1, 2026 at 9:30 AM` dates its section (sections.heading_date).
# 9: fixR1: a Joplin conflict copy (`is_conflict: 1`) whose note (`conflict_original_id:`) is beside it is no
# note: skipped as a sync tool's conflict copy, listed by doctor and status (notekinds.joplin_conflict); it
# ranked beside its note with the old text, its to-do listed twice. A fence in a block quote (`> ```python` ...
# `> ````) is code (mdcode._blocks): a word a hyphen breaks at its line end stays as written there.
# 9: qa32: a jrnl journal's entries (`[2026-11-03 09:15] Title.`, jrnl 1's `2026-11-03 09:15 Title.`; two or
# more, in a note with no dated heading) date their lines as dated headings do (sections.jrnl_entries): the
# journal was one note dated by its first entry, and "what did I write on November 3" ranked a chunk of Nov 1-4.
# A Denote plain-text note's `title:` ... `identifier:` lines and line of dashes are its front matter
# (frontmatter._parse_denote_text): they were text, its head `title:      Standup notes`.
# 9: fixS2 (review revS): a Joplin conflict copy whose note is in Joplin's trash is read (the note was lost: both
# skipped); an unchanged copy is decided anew when a Joplin note beside it is added or changed
# (joplin_copies_anew: indexed while its note was gone, it stayed indexed once the note was back). A fence in a
# block quote in a list item (`- > ```python`, its lines `  > ...`) is code (mdcode: it was text).
# 9: fixS1: MultiMarkdown metadata (iA Writer, Ulysses, nvALT: `Title: Slow travel` / `Date: 2026-10-30` lines up to
# the first blank one, no `---`) is front matter (frontmatter._parse_mmd): the note is titled, dated and tagged by
# it (it was undated, headed `Title: Slow travel`); strict, its first key a MultiMarkdown one, no key twice.
# 9: fixS3: a Kindle's clippings leave out only a highlight a later one replaces (an overlapping `Location a-b`,
# else page, range and its text held at word boundaries: `art` was left out for `...the start of all things`,
# `Habits` at 600 for a highlight at 2400), read `PM` in lower case (a name), and keep an odd entry as written
# (German, the user's line after the last `==========`, no last `==========`): one turned the reader off. Each
# chunk's header names its book (sections.chunk_books: one cut inside a book's run of entries named none).
# A file named `todo.txt` is read as todo.txt only when written as one (todotxt.reads_as_todo_txt: a Markdown
# checklist's `[ ] # Groceries` was a task), its chunks headed by its name (its first task headed each), and
# `2026-11.todo.txt` is of its month (text.file_period read `.todo` as part of the name).
# 9: fixS4 (review revT): a note is read as a jrnl journal only when it is one (sections._dated_note, jrnl_entries):
# not when dated as a whole by its file name, front matter date or title line (`# 2026-11-26`), and a log line (a
# level after its time, `ERROR`; lines seconds apart back to back) opens no entry: a server log pasted into a daily
# note dated the note's own text after it. A note whose entries are all of one day is of that day, every line.
# 10: qa37: a Simplenote export (a folder whose `source/notes.json` opens `{"activeNotes": [`, simplenote.py): its
# `trash/` is skipped (its deleted notes were indexed as live ones), `source/notes.json` passed over in silence, and a
# note's appended `Tags:` block read as `#tags` (`  travel, books` -> `  #travel #books`; they were words), and its
# creation (source/notes.json's `creationDate`) appended as a last line `created: 2023-05-02 12:11`, which dates it.
# 10: qa37: a Google Keep note of Google Takeout (`Takeout/Keep/Groceries.json`: a `.json` of Keep's shape, keep.py)
# is read as a Markdown note (title, creation time as `date:`, labels as `tags:`, its checklist as `- [ ]` tasks,
# its web links); one in Keep's trash is skipped with that reason; its `.html` twin, attachments and `Labels.txt`
# are passed over in silence (`Labels.txt` was indexed as a note; every other Keep file was `not a note file`).
# 10: qa36: a VimWiki page (`.wiki`) and a TiddlyWiki tiddler (`.tid`) are notes (they were not walked), and a Zim
# page (a `.txt` opening `Content-Type: text/x-zim-wiki`) is read as one: each read as Markdown line for line
# (wikipages.page_text: headings, checkbox tasks and their states, tags, namespaced and diary links, code blocks);
# a Zim page's header, a tiddler's fields and VimWiki's `%title`/`%date` lines are its front matter (a Zim page's
# top names were Content-Type, Wiki-Format and Creation-Date); a system tiddler (`$__StoryList.tid`) is passed over,
# and a single-file TiddlyWiki (`wiki.html`) skipped saying how to save its tiddlers as a folder.
# 10: qa35: a Markdown note that opens with a list item, as Roam Research and Logseq write every page (an outline
# whose title is its file name), is headed by its file name (store.outline_title): Roam's `Priya Raman.md` was headed
# `- Type:: [[Person]]` and ranked 8th for "who is Priya Raman?"; a daily page by its title and date
# (`November 3rd, 2026 · date: 2026-11-03`).
# 10: fixT1: a Keep note's attachments are named in its text, a last block of `attached: memo.3gp (audio/3gpp)`
# lines (a note of a voice memo alone read as its front matter alone); Takeout's own `Takeout/archive_browser.html`
# is passed over in silence (it was `not a note file (.html)`).
# 10: fixU1: a `.wiki` page written in Markdown (VimWiki's Markdown syntax, Gollum: `##` headings, no `= H =` one;
# wikipages.markdown_shaped) is read as it is (its `# Title` was a numbered item `1. Title`, `:smile:` a tag).
# 10: qa38: LaTeX (`.tex`) and BibTeX (`.bib`) files are notes (they were not walked), each read as Markdown line for
# line (latex.py): a `.tex` file's preamble out but its `\title` (a heading) and `\author`, `\chapter`/`\section`/...
# headings, `%` comments out, `\cite{a,b}` the Pandoc citation `[@a; @b]`, `\input{x}` the link `[[x.tex]]`, math and
# verbatim fenced code; a `.bib` entry a section headed by its title and `[@key]`, its fields `author: Ashish Vaswani,
# Noam Shazeer` (First Last), `year:`, `abstract:`, `keywords:`..., its `file` field and `@string`/`@comment` out.
# What LaTeX's tools write compiling `main.tex` beside it (`main.aux`, `main.log`, `main.synctex.gz`, `main.pdf`:
# latex.build_file) is passed over in silence (each was listed `not a note file`). A library is headed by its file
# name (store.note_head): its first entry's title headed every chunk, which all matched a question naming that paper.
# A `.tex` comment line opening with TODO or FIXME and todonotes' `\todo{...}` opening a line are tasks (`- [ ] ...`).
# 11: bib (review of qa38's latex.py): a `.bib` is read as BibTeX reads it, character by character: a one-line entry
# keeps its fields (`## X [@k] · author: ... · year: 2020`), `@Book(key, ...)` is read, the comma after a last field is
# out of its value, `@string` macros and `#` are expanded (`journal = jacm`), `month = jan` is January, `and others`
# `et al.` (it was an author), `{Food and Agriculture Organization}` one author; each entry starts a chunk
# (latex.entry_lines, sections.note_chunks). A `.tex`: `--` and `~` kept in web addresses and code, a `\cite{a,` going
# on over lines cites, a `\begin{document}` in a verbatim example is no end of the preamble, the comment environment
# is out, `\paragraph{X.} text` heads its text on the blank line above (else `**X.** text`), `\#` opening a line is
# `\#` (it was a heading); `note.tex` beside `note.org` (`.md`, `.ipynb`, ...), most of its words the note's
# (latex_files.exported_tex), is passed over in silence (it was indexed: the note twice).
# 11: fixW (review revW): a Simplenote export's note is dated by the note its file name is the export's name of
# (simplenote.file_names, in notes.json's order; `Weekly-groceries.txt` as an older export wrote it): a note edited since
# the export was undated (matched by its whole text), two of one text had the first one's creation, and `Weekly
# groceries (1).txt` was skipped as a numbered copy of `Weekly groceries.txt`. A line end the export doubled (a note's
# own CR LF written CR CR LF) is one (simplenote._undoubled): such a note showed a blank line after each line and was
# undated. A Google Keep note's `shared-with:` leaves out its owner (Takeout's sharee with `isOwner`).
# 11: wikis (the wikis' leftovers): a Roam/Logseq page's own properties at its top (`- Date:: [[October 3rd, 2026]]`,
# Logseq's `date:: 2026-10-03` lines with no bullet) date it and its `title::` titles it (store.outline_head: the Logseq
# page was headed `type:: [[person]]`, neither dated). A note of empty list items alone (a new Logseq page's `- `) is
# empty (sections.empty_outline: reported, no chunks; it was a chunk `-`). Roam's templates page (`roam/templates.md`)
# is skipped with its reason (its template tasks were open tasks), Logseq's `logseq/config.edn` and `custom.css` passed
# over in silence (each was listed `not a note file`). A TiddlyWiki table row marked after its last `|` is read as
# such (wikipages._tw_row): `|Name|Role|h` a header row `|!Name|!Role|` (its `h` was a cell, Name and Role names),
# a footer's `f` and caption's `c` left out, a classes' row (`k`) blank. A VimWiki page's `%title`/`%date` after other
# placeholders and blank lines are its front matter (frontmatter._parse_vimwiki: `%nohtml`, a blank line, `%title` left
# the title text), its `%%` comment lines and `%%+` ... `+%%` comments left out (they were indexed), its `a)`, `B)`,
# `iv)` items list items `1.` (no task was read of them, their first word a name). (And, no reading but beside it:
# `mrag show "C# notes"` names the tiddler `C# notes.tid`, `"a|b notes"` its `a_b notes.tid`: store.lookup._notes_named.)
# Two Simplenote notes of one first line, which its export names `Groceries.txt` and `Groceries (1).txt`, are two notes
# each dated by its own creation (simplenote.file_names): the second was skipped as a numbered copy, and both had the
# first one's creation. A Google Keep Takeout folder of `.html` pages and no `.json` (an older export) is read: each
# page a Keep note as its JSON would be (keep_html.py: title, time, labels, checklist, links); each was `not a note file`.
# The upgrade from 10 reads anew an outliner's or VimWiki page whose head is read anew, its chunks the same
# (sync._head_read_anew: else it kept its undated header).
# 11: fixY (review revY): a Keep page's heading icons are read (keep_html: `archived` hides its open tasks, `pinned`,
# `trashed` skipped as its .json is); a `.tex` beside a note of its name is passed over only when it holds the note's
# text (most of its runs of five words) and is not much longer (latex._exported: a hand-written paper beside a research
# log of one topic vanished), and read when the note is over --max-bytes; a page property's day and time date the page
# (`created:: 2026-10-03 10:00`, `[[October 3rd, 2026]] 10:00`: frontmatter.page_date_line); a `.bib` entry opening
# after the one before on its line is read (it was lost). (Sync, no reading: a re-extraction lays every note from its
# chunks for its header, _reextract_group: a Simplenote note lost its `created:` at the upgrade to rules 22.)
# 12: formats: a Kindle's clippings: a bookmark (no text) is read as blank lines (it was an entry, a chunk of its
# book's title and `- your bookmark ...` alone), an entry line in lower case (`| added on`) and a Kindle set to German,
# French, Spanish or Italian (`- Ihre Markierung auf Seite 17 | Position 245-246 | Hinzugefügt am Donnerstag, 6.
# November 2025 22:30:00`) are entries, the latter's line read in the English form with its day ISO (`- your highlight
# on page 17 | location 245-246 | added on 2025-11-06 22:30:00`): the file was plain text, undated, its words names.
# 12: formats: a Bear note's TextBundle (Bear 2's backup, its TextBundle export) is dated by its `info.json`'s
# `net.shinyfrog.bear` `creationDate`, read as a last line `created: 2024-06-07 12:08` (bear.py: it was undated), and
# one in Bear's trash (`trashed: 1`) is skipped with that reason (it was indexed as a live note). A change to the
# bundle's info.json alone changes the note (fixB: bear.bundle_mtime, the later of the two files' times recorded;
# fixG: by the two files' bytes, bear.note_hash, so a bundle touched or dated ahead is not indexed anew at each sync).
# 12: formats: a Joplin conflict copy written before Joplin 1.1 (`is_conflict: 1`, no `conflict_original_id:`) is
# skipped as a 1.1 copy is when a note of its title and its notebook (`parent_id:`; fixB: of its title alone hid the
# copy left of a note deleted, beside a namesake of another notebook) is beside it (notekinds._joplin_titled: it was
# indexed).
# 12: formats: a `.csv` is walked (it was `not a note file (.csv)`): read as the Markdown table of its rows, header
# first, headed by its file name (csvnotes.py, store.note_head); one of more than 200 rows or 30 columns, a data set,
# is skipped with that reason (fixB: 500 rows let a sensor log's 63 chunks in), and Excel's first line `sep=;` is its
# separator, no header row.
# 12: readers12 (session 36's readers' leftovers): a `.bib`'s braced `@comment{...}` is a comment to its closing brace
# (biber's reading: an entry inside one was indexed); a `.tex`'s `\iffalse ... \fi` is out as a comment (its `\else`
# branch read), a macro of no argument its file defines (`\newcommand{\proj}{Atlas}`, `\def\lab{...}`) its text where
# used from its definition on, a live one alone (not in `\iffalse` or code; not in `\verb`/`\url`) (it was left
# out; `\def`'s text stood alone) and its definition no text (an `\iffalse` never closed warned of), a `\label{x}`
# after a word or heading
# a word apart (`## Method`sec:m`` ran together). A Google Keep page's time in the account's language
# (`03.11.2026, 09:15:02`, `3 nov. 2026`, `3 de nov. de 2026`, `2026/11/03`, `2026年11月3日`:
# keep_html._written_time; `11/3/2026, 9:15 AM` month first) dates it (it was read in English alone, and the note
# undated). A Logseq block holding `template:: NAME` in a Logseq graph (logseq_templates.in_graph) is, with its
# children, read blank (logseq_templates.py: its open tasks were `mrag tasks`' and
# its placeholder text indexed); a page of templates alone is skipped saying so, as Roam's templates page is. A
# default-syntax VimWiki page holding a pasted Markdown link (and `# ` items one after the other, VimWiki's own sign)
# or a `## build` in a `{{{ }}}` code block is read as VimWiki (wikipages.markdown_shaped: it was read
# as Markdown, its items headings). A tiddler's link to a title holding `#`, `^` or `|` (`[[C# notes]]`) is a
# Markdown link to the tiddler's file (wikipages._tw_link: `[C# notes](C%23%20notes.tid)`; it linked `C`, its
# `# notes` read as a heading), but a web address's or a file's (`[[Wikipedia|https://...#History]]`).
# 12: qa39: a German day in figures dates a note, day first (text.DOTTED_DATE: `05.10.2026.md`, a head `# Dienstag,
# 06.10.2026`; its header gets `date: 2026-10-06` as `2026-10-06.md`'s does): such a daily note was undated.
# 13: formats3: a `.csv` keeps its file's lines (csvnotes.py: a row on its file line, no `|---|` line under the header,
# Excel's `sep=;` line blank; its rows were cited a line below their own), and a Kindle's clippings in Dutch,
# Portuguese and Japanese are entries (`- Uw markering op pagina 12 | ...`, `- Seu destaque na página 12 | ...`,
# `- 26ページ|位置No. 295-296のハイライト |作成日: ...`: the file was plain text, undated). A Logseq graph's
# `logseq/config.edn` made or deleted has the next sync read the graph's unchanged pages anew (sync._graphs_changed:
# their `template::` blocks stayed in, or out, until each page changed). (Sync, no reading: the warnings a note was
# read with, an `\iffalse` never closed, are counted by each sync while it stays so, sync._warned_before: said once.)
# 13: fixD (revC of formats3): a Dutch Kindle's clip (`- Uw knipsel op pagina 12 | ...`) is an entry too, and a page
# skipped as Logseq templates alone is looked at anew when its graph's config.edn goes or comes (it stayed skipped).
# 14: dates7: a note's title line opening with a day written in words or with slashes (`# 15/05/2027`, `# May 15,
# 2027`: text.head_date) dates the note as a whole as `# 2027-05-15` does (sections._dated_note: its timed lines are
# a meeting's minutes, not a jrnl journal's entries; answers' sources and the date questions read it so too).
# 14: tables: a chunk that begins among a table's rows (a `.csv`'s, a long Markdown table's) opens with the table's
# header row (and its `|---|` line): its lead, no line of the file (tables.py: its span and lines the file's, the
# code that lays a note from its chunks reads the file's part, tables.file_part); a chunk no longer begins inside a
# table's row (chunking.chunk_text: `run-13 | 25M | ...`, its row's first cells in the chunk before).
# (fixT, revB's review: a long header leads with its first columns, at most tables.LEAD_TOKENS of the chunker's
# tokens, or not at all; a CRLF note's Markdown table is led too: its `|---|\r` was no delimiter line.)
# 14: skipdirs (walking, nothing re-read): a package folder in a synced folder (`node_modules/`, `bower_components/`,
# `site-packages/`, `dist-packages/`, a Python virtual environment; package_folders.py) is skipped, listed once, kept
# by a `!node_modules/` line in .mragignore; the next sync drops what an index holds of one, as a deleted note's.
# 15: tables2: a Markdown table written without its outer pipes (`run-13 | 25M | 3e-4` under `--- | --- | ---`, valid
# GFM) is no longer cut inside a row (chunking.chunk_text's `rows`: sections._note_chunks passes its tables' bodies): a
# chunk among its rows of more than the overlap's words began mid-row, `25M | 3e-4`, its first cells in the chunk before.
# 16: templates: a template outside an Obsidian vault's configured templates folder (template_notes.py: in a folder
# named `templates`, `_templates`, `99 Templates`, at any depth, holding a placeholder outside code, `{{client}}`,
# `{{date:YYYY}}`, `<% tp.file.title %>`; a file's name alone is not enough: `Jinja template notes.md` is a note) is
# skipped, listed with why, kept by a `!templates/invoice-template.md` line in .mragignore; the first sync with these
# readers looks at every such file once (an indexed one, unchanged, is not opened by a walk) and drops what an index
# holds of a template.
# 17: jheadings: a day heading written without its year (`## 4 Dec`, `### Fri 4 Dec`, `## December 4`) dates its
# section when the note names its year (its title `# Journal 2026`, its file name `2026.md`, its front matter's
# `title:`/`year:`, a heading over it, `# 2026`) or a dated heading comes above it (sections._yearless_days): a year's
# running journal of `## 4 Dec` headings was one undated note, cut into chunks of several days each.
# fixJH: the note's year dates its first such day; each next is of the year nearest the day above it (a journal
# crossing New Year, a school year), only into the two months next to New Year in a note naming its year.
# 17, codefence's part: a fence on a line of a list item's own indented four columns or more to the item's text (`\t  ````
# under `\t- stack trace:`, Logseq's) is a fenced block (mdcode._blocks): what sections reads no heading in
# (sections.fenced_blocks) and joins no hyphen in (mdcode.code_ranges), as the extractors read it (heuristic rules 31).
# 18: titleembed: a chunk's vector embeds its note's title before its text when the text does not write it
# (chunk_titles.py: Logseq's `pages/Northwind Foods.md` of `type:: customer` lines); chunks.hash is the hash of
# what the vector embeds. The next sync re-embeds the chunks of titled notes that do not write their title
# (sync._embedded_anew); the others keep their vectors.
# 18, skeleton's part: a note in a templates folder that is an empty skeleton, no placeholder in it (`Weather: `,
# `## Plot`, `## Jobs`, `- [ ] `: headings, empty field labels, empty items and tasks, rules, empty tables; qa s58's
# daily template ranked 2nd for "jobs for saturday") is a template (template_notes.skeleton), skipped and listed;
# a line of text, an item's too (`- [ ] passport`), keeps it a note.
READER_VERSION = 18

# A word holding a combining mark (a decomposed "ë", NFD text from macOS file names, PDFs and some
# editors) or a Hangul vowel or final jamo (NFD Hangul): composed, so the extractor, BM25 and the
# answer read "Aëlys" and not "Ae", a mark and "lys" (the heuristic extractor's names broke at the
# mark: "Later Ae"). Only such words: NFC of a whole text would also rewrite characters no one
# decomposed (CJK compatibility ideographs, U+F900..., Korean Hanja notes hold), which show as
# written. No line end is in a word, so line numbers stay. _COMBINING: a combining mark, or a Hangul
# vowel or final jamo.
_COMBINING = re.compile(r"[\u0300-\u036f\u1160-\u11ff\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff"
                        r"\u3099\u309a\ufe20-\ufe2f]")
_WORD = re.compile(r"\S+")


def composed_words(text: str) -> str:
    """`text` with each word that holds a combining mark composed (NFC); the
    rest as it is. Word by word, and each word looked at once: a pattern
    `\\S*[marks]\\S*` backtracked over every long word with no mark (a note with
    one decomposed name and a 40,000-character pasted line took 20 s, a 3 MB
    one hours)."""
    if unicodedata.is_normalized("NFC", text):
        return text

    def compose(m: re.Match) -> str:
        word = m.group()
        return unicodedata.normalize("NFC", word) if _COMBINING.search(word) else word

    return _WORD.sub(compose, text)


# A word broken at a line end with a hyphen, as text pasted from a PDF (or a justified page) writes
# it: `atten-` at the end of one line, `tion` opening the next. BM25, the names and the answer read
# "atten" and "tion"; the word is read whole: `attention`. Only where it cannot be anything else: the
# line ends at the hyphen, the next line opens with the rest of the word (no indentation, no list
# mark), a letter before the hyphen and after the line end, both lower case, two or more of them
# each side (TeX breaks no shorter piece), the word before the hyphen not itself after a hyphen
# (`state-of-the-` + `art` is a compound's hyphen), and no code (mdcode.find_code: a fenced block, a
# span, an HTML block, a comment). A compound's own hyphen (`well-` + `known`) is kept, the word
# joined on one line (`well-known`) when the note writes it so elsewhere, or its first part is one
# that opens compounds (COMPOUND_FIRST: well, self, non, twenty, ...) or the word a common compound
# whose first part opens plain words too (COMPOUNDS: so-called, follow-up), unless the note writes the word
# whole elsewhere (`prepare`: `pre-` + `pare` is a break). Before `and`, `or` (`pre-` + `and
# post-war`: HANGING_NEXT) the hyphen hangs, and nothing is joined. The line numbers stay: the piece
# before the hyphen moves down to the next line (`... mechanism of atten-` + `tion is` reads
# `... mechanism of` + `attention is`), or, when it is its line's only word, the piece after the
# line end moves up (when its line holds more); else nothing is joined.
# A soft hyphen (U+00AD: HTML's `&shy;`, and text pasted from a PDF or a typeset web page holds them
# inside words) marks where a word may break, and shows only there: FTS5 split the word at it
# (`atten\u00adtion` was "atten" and "tion") and the names broke at it (`Ma\u00adria` named "Ma").
# It is left out of what is read.
SOFT_HYPHEN = "\u00ad"
_HYPHEN_BREAK = re.compile(r"(?<![\w-])([^\W\d_]{2,})-(\r?\n)([^\W\d_]{2,})(?=[^\w-]|$)")
COMPOUND_FIRST = frozenset("""
well self non ill all half semi multi cross anti co pre post ex long short high low full part
one two three four five six ten first second third real open fine state end top low far near
twenty thirty forty fifty sixty seventy eighty ninety
""".split())
# Common compounds whose first word also opens plain words, kept whole only as written here: `so-` +
# `called` keeps its hyphen, `so-` + `lution` is a break (solution), as `follow-` + `ing` (following),
# `data-` + `base` (database) and `user-` + `name` (username) are.
COMPOUNDS = frozenset("""
so-called follow-up follow-ups data-driven user-facing user-friendly user-defined built-in opt-in opt-out
check-in sign-in sign-up
""".split())
HANGING_NEXT = frozenset("and or nor to und oder bis sowie et ou y o e".split())
_NOT_BLANK = re.compile(r"\S*")
_LINE_END_HYPHEN = re.compile(r"-\r?\n")


_LETTERS = re.compile(r"[^\W\d_]+")
# from a word's start only: unanchored, each letter of a long run of letters with no hyphen after it
# (a DNA sequence, a line of CJK or Thai) opened a new try that read to its end (40k letters: 104 s)
_COMPOUND = re.compile(r"(?<![^\W\d_])[^\W\d_]+(?:-[^\W\d_]+)+")


def _written_words(text: str) -> set[str]:
    """The words `text` writes on one line, lower case: each word, and each
    two of a compound's words with their hyphen (`state-of-the-art` writes
    `state-of`, `of-the`, `the-art`). A word broken at a line end is none."""
    lowered = text.lower()
    out = set(_LETTERS.findall(lowered))
    for compound in set(_COMPOUND.findall(lowered)):
        parts = compound.split("-")
        out.update(f"{a}-{b}" for a, b in zip(parts, parts[1:]))
    return out


def joined_hyphens(text: str, comments: bool = True, kind: str | None = None) -> str:
    """`text` with each word broken at a line end by a hyphen read whole (see
    above); `text` itself when it holds none. Its line numbers are kept.
    `comments`: does `%%` open a comment in the note (mdcode.reads_comments)?
    `kind`: the note kind whose own code blocks are code too (mdcode.code_kind:
    an Org `#+BEGIN_SRC`, an rST `code-block`, an AsciiDoc `----` block; readers 6)."""
    if "-\n" not in text and "-\r\n" not in text:
        return text
    found = []
    for end in _LINE_END_HYPHEN.finditer(text):  # the word before each found from there, not every word scanned
        at = start = end.start()
        while start > 0 and text[start - 1].isalpha():
            start -= 1
        m = _HYPHEN_BREAK.match(text, start) if start < at else None
        if (m is not None and m.end(1) == at and m.group(1)[-1].islower() and m.group(3)[0].islower()
                and m.group(3).lower() not in HANGING_NEXT):
            found.append(m)
    if not found:
        return text
    from minirag_cli.extract.mdcode import Ranges, code_ranges

    code = Ranges(code_ranges(text, comments=comments, kind=kind))
    written = _written_words(text)
    lines = text.split("\n")  # a CRLF note's lines end in "\r"
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    for m in found:
        left, right = m.group(1), m.group(3)
        if code.covers(m.start()) or code.covers(m.end(2)):
            continue
        # the line as the joins before left it (the one before may have moved a piece down into its
        # start: its end is as written), and the next as written
        n = bisect.bisect_right(starts, m.start()) - 1
        line, after = lines[n], lines[n + 1]
        cr = "\r" if line.endswith("\r") else ""
        before = line[:len(line) - len(cr) - len(left) - 1]
        tail = _NOT_BLANK.match(after, len(right)).group()  # what the word's line holds right after it (`.`)
        rest = after[len(right) + len(tail):]
        if not before.strip() and not rest.strip():
            continue  # a line of one piece each: joined, one of them would be blank (a paragraph's end)
        if f"{left}-{right}".lower() in written:
            word = f"{left}-{right}"
        elif f"{left}{right}".lower() in written:
            word = left + right
        else:
            word = f"{left}-{right}" if (left.lower() in COMPOUND_FIRST
                                          or f"{left}-{right}".lower() in COMPOUNDS) else left + right
        if before.strip():  # the piece before moves down: `of atten-` + `tion is` -> `of` + `attention is`
            lines[n], lines[n + 1] = before.rstrip(" \t") + cr, word + after[len(right):]
        else:  # its line's only word: the piece after moves up, `atten-` + `tion is` -> `attention` + `is`
            lines[n], lines[n + 1] = before + word + tail + cr, rest.lstrip(" \t")
    return "\n".join(lines)


def read_note(path: str, data: bytes, wide: str | None = None,
              max_bytes: int | None = None, folder: Path | None = None) -> tuple[str, str | None]:
    """The text mrag reads of the note at `path` (relative or not) whose bytes
    are `data` (decode_note, then readers.read_text: a canvas's cards, a
    drawing's text, a wiki's page as Markdown, a LaTeX file's or a BibTeX
    library's;
    without inline base64 data: chunking.without_inline_data,
    its words broken at a line end by a hyphen whole: joined_hyphens, and
    without soft hyphens: SOFT_HYPHEN), and
    decode_note's warning (and read_text's). notekinds.MalformedNote when the file is not
    what its name says (a canvas that is no JSON); TextTooLarge, one, for a
    notebook whose text (UTF-8) is over `max_bytes` (None: no limit, as for a
    note indexed: the walk held its file to the limit, NOTEBOOK_CEILING), and
    for a Joplin conflict copy whose note is in `folder`, the folder the file
    is in (notekinds.joplin_conflict; None: not looked for)."""
    from minirag_cli.extract.mdcode import code_kind, reads_comments

    text, warning = decode_note(data, wide)
    text, read_warning = read_text(path, text, folder)
    warning = "; ".join(w for w in (warning, read_warning) if w) or None  # (latex's: an `\iffalse` never closed)
    if max_bytes is not None and special_kind(path) == NOTEBOOK and len(text) > max_bytes // 4:
        size = len(text.encode("utf-8", "surrogatepass"))  # (a char is at most 4 bytes: a short text is not encoded)
        if size > max_bytes:
            raise TextTooLarge(size, max_bytes)
    text = composed_words(text)
    if SOFT_HYPHEN in text:  # a hyphenation point, shown only where a line breaks: inside a word, no break
        text = text.replace(SOFT_HYPHEN, "")
    return joined_hyphens(without_inline_data(text), reads_comments(path), code_kind(path)), warning
