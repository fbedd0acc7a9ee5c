"""The files beside a LaTeX file that are no notes of their own: what LaTeX's tools write compiling it
(build_file) and a note's LaTeX export (exported_tex). Apart from latex.py, the reader, because an export is
told by the note's text as mrag reads it (readers.read_text), which reads LaTeX through latex.py."""

from __future__ import annotations

import functools
import re

from minirag_cli.latex import TEX, tex_text
from minirag_cli.readers import read_text

# What LaTeX, BibTeX or biber, latexmk, beamer and SyncTeX write beside `main.tex` when it is compiled
# (`main.aux`, `main.log`, `main.synctex.gz`, the PDF itself): no one's note, and a compiled thesis's folder
# listed a dozen `not a note file` lines at a first sync (qa38); passed over in silence, as an operating
# system's files are (walk.WalkResult.system_files). Only beside a `.tex` of the same name: a lone `.log`
# or `.pdf` is listed as before.
BUILD_SUFFIXES = (".aux", ".log", ".bbl", ".blg", ".bcf", ".run.xml", ".toc", ".lof", ".lot", ".out", ".fls",
                  ".fdb_latexmk", ".synctex.gz", ".synctex", ".nav", ".snm", ".vrb", ".idx", ".ilg", ".ind",
                  ".xdv", ".dvi", ".pdf")


# A note exported to LaTeX beside itself (Org's `C-c C-e l l` writes `note.tex` beside `note.org`; Pandoc,
# Jupyter's nbconvert, R Markdown's keep_tex the same of a `.md`, `.ipynb`, `.Rmd`): the note again, indexed twice
# (readers 11), so such a `.tex` is passed over in silence, as a Keep note's HTML twin is. Only when it holds the
# note's text (most of its runs of five words, _shingles, in its own prose) and little else (not much longer):
# a thesis `main.tex` beside the writer's `main.md` of to-dos about it, or a hand-written `paper.tex` beside a
# research log `paper.md` of the same words (review revY: it shared half of its words and vanished), is read.
EXPORTED_FROM = (".org", ".md", ".markdown", ".mdown", ".mkd", ".rst", ".adoc", ".ipynb", ".rmd", ".qmd")
_WORDS = re.compile(r"[^\W\d_]{3,}")
_SHINGLE = 5  # words
_EXPORT_SHARE = 0.5  # of the note's runs of words found in the `.tex`'s prose (read as prose: tex_text)
_LONGER_AT_MOST = (2, 200)  # the `.tex`'s prose words at most twice the note's and a preamble's (title, author)
_READ_AT_MOST = 1 << 21
# what an export leaves out of the note's words: an Org keyword's name (`#+TITLE:`), a label's code (`sec:org1a2b`)
_ORG_KEYWORD = re.compile(r"^[ \t]*#\+\w+:", re.MULTILINE)
_CODE_SPAN = re.compile(r"`[^`\n]*`")


def _shingles(words: list[str]) -> set[tuple[str, ...]]:
    """The runs of _SHINGLE words of `words` (one run of them all when fewer)."""
    n = min(_SHINGLE, len(words))
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)} if n else set()


@functools.lru_cache(maxsize=64)
def _exported(tex: str, source: str, _stamps: tuple) -> bool:
    """Is the `.tex` file at `tex` an export of the note at `source` (the comment above EXPORTED_FROM), both as
    they are at `_stamps` (their sizes and mtimes: a sync asks every time, the files read once)?"""
    try:
        with open(tex, encoding="utf-8", errors="replace") as f:
            theirs = _WORDS.findall(_CODE_SPAN.sub(" ", tex_text(f.read(_READ_AT_MOST))).lower())
        with open(source, encoding="utf-8", errors="replace") as f:
            # as mrag reads the note (a notebook's cells, not its JSON)
            mine = _WORDS.findall(_ORG_KEYWORD.sub(" ", read_text(source, f.read(_READ_AT_MOST))[0]).lower())
    except Exception:  # unreadable, or not read as LaTeX or as a note: no export, the sync reads (or skips) it
        return False
    times, more = _LONGER_AT_MOST
    if not mine or len(theirs) > times * len(mine) + more:
        return False
    runs = _shingles(mine)
    return len(runs & _shingles(theirs)) >= _EXPORT_SHARE * len(runs)


def exported_tex(folder, filenames, extensions=None, max_bytes: int | None = None) -> dict[str, str]:
    """{a `.tex` among `filenames` (the names of the files of `folder`): the note it was exported from}: a note
    of a note extension (`extensions`, None: any of EXPORTED_FROM) of the same name (`note.tex` beside
    `note.org`) whose text it holds (_exported). Not a note over `max_bytes` (a notebook's text aside), which
    the sync skips: its `.tex` is read."""
    import os

    names = {name.lower(): name for name in filenames}
    out = {}
    for name in filenames:
        if not name.lower().endswith(TEX):
            continue
        stem = name[:-len(TEX)].lower()
        source = next((names[stem + ext] for ext in EXPORTED_FROM
                       if (extensions is None or ext in extensions) and stem + ext in names), None)
        if source is None:
            continue
        tex, note = os.path.join(folder, name), os.path.join(folder, source)
        try:
            a, b = os.stat(tex), os.stat(note)
        except OSError:
            continue
        if max_bytes is not None and b.st_size > max_bytes and not source.lower().endswith(".ipynb"):
            continue
        if _exported(tex, note, (a.st_size, a.st_mtime_ns, b.st_size, b.st_mtime_ns)):
            out[name] = source
    return out


def tex_stems(filenames) -> frozenset[str]:
    """The names, without `.tex`, of a folder's LaTeX files among `filenames` (build_file)."""
    return frozenset(name[:-len(TEX)] for name in filenames if name.lower().endswith(TEX))


def build_file(name: str, stems: frozenset[str]) -> bool:
    """Is the file `name` one LaTeX's tools wrote compiling a `.tex` of its folder (`stems`: tex_stems)?"""
    return _built_from(name, stems) is not None


def _built_from(name: str, stems: frozenset[str]) -> str | None:
    low = name.lower()
    return next((name[:-len(suffix)] for suffix in BUILD_SUFFIXES
                 if low.endswith(suffix) and name[:-len(suffix)] in stems), None)


def build_reason(folder, name: str, shown: str) -> tuple[str, str] | None:
    """(why, what to do) when the file `name` of `folder` (a Path) is a build file of a `.tex` beside it
    (build_file: `mrag show main.aux` says so, not `saved since the last sync`) or a note's LaTeX export
    (exported_tex: `note.tex` beside `note.org`), else None; `shown`: the
    folder's path as `mrag show` takes it ('' or 'thesis/')."""
    import os
    import shlex

    try:
        filenames = os.listdir(folder)
    except OSError:
        return None
    source = exported_tex(folder, [name] + [n for n in filenames if not n.lower().endswith(TEX)]).get(name)
    if source is not None:
        return (f"the LaTeX export of the note {source} beside it (the note is read from {source})",
                f"`mrag show {shlex.quote(shown + source)}`.")
    stem = _built_from(name, tex_stems(filenames))
    if stem is None:
        return None
    return (f"what LaTeX's tools wrote compiling {stem}.tex, no note",
            f"Its source is indexed: `mrag show {shlex.quote(shown + stem + TEX)}`.")
