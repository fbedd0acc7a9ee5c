"""What an Org-mode note's syntax lines are to the name rules (heuristic
rules 17): the `.org` chunk text the extractors read with Org's markup
blanked, so `#+TITLE:`, `:PROPERTIES:`, `:END:`, `SCHEDULED:`, `CLOSED:`,
`CLOCK:`, `#+BEGIN_QUOTE` and a headline's `TODO` keyword name nothing, and
its links to other notes (`[[file:meetings.org][meetings]]`) read as the
wikilinks they are (file_links).
Before, a 35-note Org folder's most mentioned entities were TITLE (29),
FILETAGS, END, CLOSED and SCHEDULED (persons: `CLOSED:` opens two lines or
more, so its notes read as chats) and a `* TODO` headline's keyword joined
the next word (`WAITING Tomás`, `CANCELLED Install`).

Every rewrite keeps the text's length and its line ends (blanks stand where
the markup was), so a mention's and a relation sentence's offsets are the
chunk's. Read from the text alone: sync.note_readings applies it to the
chunks of a `.org` note (org_note), a fresh sync and a re-extraction alike.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

# keywords whose value is text a name may be in (`#+TITLE: Priya Raman`): only `#+KEY:` goes
_TEXT_KEYWORDS = frozenset({"TITLE", "SUBTITLE", "AUTHOR", "DATE", "DESCRIPTION", "CAPTION", "EMAIL"})
# the default TODO keywords and those Org users most often add, open and closed (tasks reads a task's by them)
ORG_OPEN = ("TODO", "NEXT", "WAITING", "HOLD", "SOMEDAY", "STARTED")
ORG_CLOSED = ("DONE", "CANCELLED", "CANCELED")
_TODO_WORDS = "|".join(ORG_OPEN + ORG_CLOSED)
_KEYWORDS_LINE = re.compile(r"^#\+(?:TODO|SEQ_TODO|TYP_TODO):[ \t]*(?P<words>.*)$", re.I)
_KEYWORD_LINE = re.compile(r"^[ \t]*#\+(?P<key>[A-Za-z_][\w-]*)(?P<colon>:)?[^\n]*", re.MULTILINE)
_DRAWER = re.compile(r"^[ \t]*:[A-Za-z][\w-]*:[ \t]*$", re.MULTILINE)  # `:PROPERTIES:`, `:END:`, `:LOGBOOK:`
_PROPERTY = re.compile(r"^[ \t]*:[A-Za-z][\w-]*\+?:(?=[ \t])", re.MULTILINE)  # `:ID:` before its value
_PLANNING = re.compile(r"\b(?:SCHEDULED|DEADLINE|CLOSED|CLOCK):(?=[ \t]*[<\[])")
# a timestamp's weekday, in the locale Emacs wrote it in (`<2026-11-01 Sun>`, `[2026-11-03 Di 10:00]`)
_WEEKDAY = re.compile(r"(?<=[<\[]\d{4}-\d{2}-\d{2}[ \t])[^\W\d_]{2,9}\.?")
# ... and a property's time without brackets, as an archived entry's `:ARCHIVE_TIME: 2026-11-01 Sun 10:00`
# is written (heuristic rules 18: `Sun` was a name of every archive file); group 1 the weekday
_PROPERTY_WEEKDAY = re.compile(r"^[ \t]*:[A-Za-z][\w-]*:[ \t]+\d{4}-\d{2}-\d{2}[ \t]+([^\W\d_]{2,9}\.?)(?=[ \t]|$)",
                               re.MULTILINE)
_HEADLINE = re.compile(rf"^\*+[ \t]+(?:(?:{_TODO_WORDS})(?=[ \t]|$)[ \t]*)?(?:\[#[A-Za-z0-9]\][ \t]*)?"
                       r"(?:COMMENT(?=[ \t]|$))?", re.MULTILINE)


@functools.lru_cache(maxsize=64)
def _headline(words: tuple[str, ...]) -> re.Pattern:
    """_HEADLINE with a note's own TODO keywords (todo_keywords) besides the default ones."""
    if not words:
        return _HEADLINE
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"^\*+[ \t]+(?:(?:{alternatives}|{_TODO_WORDS})(?=[ \t]|$)[ \t]*)?"
                      r"(?:\[#[A-Za-z0-9]\][ \t]*)?(?:COMMENT(?=[ \t]|$))?", re.MULTILINE)


def todo_keywords(lines: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An Org note's open and closed TODO keywords: its `#+TODO:` (`#+SEQ_TODO:`,
    `#+TYP_TODO:`) lines' (`TODO NEXT(n) WAITING(w@/!) | DONE(d!) CANCELLED(c@)`:
    those after `|` close; with no `|`, the last one), else ORG_OPEN and ORG_CLOSED.
    The one reading of them: tasks' headlines, and the keywords readable blanks."""
    opened: list[str] = []
    closed: list[str] = []
    for line in lines:
        found = _KEYWORDS_LINE.match(line.rstrip("\r"))
        if not found:
            continue
        words = [w.split("(")[0] for w in found.group("words").split()]
        if "|" in words:
            cut = words.index("|")
            opened += [w for w in words[:cut] if w]
            closed += [w for w in words[cut + 1:] if w and w != "|"]
        elif words:
            opened += words[:-1]
            closed.append(words[-1])
    if not opened and not closed:
        return ORG_OPEN, ORG_CLOSED
    return tuple(opened), tuple(closed)


def note_keywords(texts: Iterable[str]) -> tuple[str, ...]:
    """The TODO keywords of the Org note whose chunks' `texts` these are (todo_keywords), for readable:
    its `#+TODO:` line is in one chunk, its headlines in every one."""
    opened, closed = todo_keywords(line for text in texts if "#+" in text for line in text.split("\n"))
    return opened + closed


_TABLE_RULE = re.compile(r"^[ \t]*\|[-+|: \t]*$", re.MULTILINE)  # `|-----+-----|` (with a `-`: readable)
# An Org link to a file: `[[file:people/priya.org::*Budget][Priya's notes]]`, `[[file:meetings.org]]`,
# `[[./garden.org][the garden]]` (a path opening with `./` or `../` is a file's without `file:`), its
# `::` search (a headline, a line, a custom id) apart; `file+sys:` and `file+emacs:` open a file too
_FILE_LINK = re.compile(r"\[\[(?:(?P<kind>file(?:\+\w+)?:)(?P<path>(?:[^\[\]\n:]|:(?!:))*)"
                        r"|(?P<dotted>\.\.?/(?:[^\[\]\n:]|:(?!:))*))"
                        r"(?P<search>::[^\[\]\n]*)?\](?:\[(?P<desc>[^\[\]\n]*)\])?\]")


# org-roam's link to a node by its `:ID:`: `[[id:3f2a9c0e-…][Eigenvalues]]` (group 1 to the ID, group 2 the
# description), read as the wikilink `[[id:3f2a9c0e-…]]Eigenvalues  ` (file_links); the note's own `:ID:` is
# heuristic.org_aliases'
_ID_LINK = re.compile(r"(\[\[id:[^\[\]\n]{1,200})\]\[([^\[\]\n]*)\]\]")


def _blank(m: re.Match) -> str:
    return " " * len(m.group(0))


_HEADLINE_WORD = re.compile(r"\*+[ \t]+(\S+)")


def _headline_read(m: re.Match, keywords: tuple[str, ...]) -> str:
    """A headline's stars, TODO keyword, priority and COMMENT (`m`, _headline's) blanked, a task's (its keyword one
    of the defaults or the note's `keywords`) to Markdown's box, `- [ ]` (`[x]` closed) and blanks: its line is a
    task's to the names' rules as `- [ ] ` is, and a headline with no keyword a heading's, whose first words name
    as they stand (heuristic rules 22, fixX: `* Help Center docs` named Center, read as a task's line)."""
    word = _HEADLINE_WORD.match(m.group(0))
    if word is None or word.group(1) not in ORG_OPEN + ORG_CLOSED + keywords or len(m.group(0)) < 6:
        return _blank(m)
    return "- " + ("[x]" if word.group(1) in ORG_CLOSED else "[ ]") + " " * (len(m.group(0)) - 5)


# an Org note, and an Org archive file (`notes.org_archive`: the entries `C-c C-x C-a` moved out of
# `notes.org`, the done tasks among them), read as one (walk readers 7: it was skipped)
ORG_SUFFIXES = (".org", ".org_archive")


def org_archive(path: str) -> bool:
    """Whether `path` is an Org archive file (`notes.org_archive`), whose
    entries Org keeps out of its agenda (tasks.select lists its open ones
    with --all alone)."""
    return path.lower().endswith(".org_archive")


def org_note(path: str) -> bool:
    """Is the note at `path` an Org-mode note (`.org`, or its archive: ORG_SUFFIXES)?"""
    return path.lower().endswith(ORG_SUFFIXES)


def file_links(text: str) -> str:
    """`text` (an Org note's chunk) with its links to files read as
    wikilinks are (heuristic.wikilinks), at the same length: a link to a
    note by a relative path (`[[file:meetings.org][meetings]]`,
    `[[file:people/priya.org::*Budget]]`) is `[[     meetings.org]]meetings  `,
    its `file:` and `::` search blanked and its description after it, where
    it was, so it links to that note as a Markdown link to it does (its file
    name names it: heuristic.linkable_name) and its description is read
    as text, as before; a link to a file that is no note, or by an absolute
    path (`[[file:scan.pdf][scan]]`, `[[file:~/org/x.org]]`), has its
    target blanked: it links nothing, and its path names nothing (heuristic
    rules 17: no Org link joined notes, and `file:`'s path was read as text).
    org-roam's `[[id:3f2a…][Eigenvalues]]` is `[[id:3f2a…]]Eigenvalues  `: it
    links to the note whose `:ID:` it is (heuristic.org_aliases, sync._id_keys)."""
    if "[[" not in text:
        return text
    from minirag_cli.extract.heuristic import markdown_link_target

    def rewrite(m: re.Match) -> str:
        path = m.group("path") if m.group("kind") is not None else m.group("dotted")
        kind = len(m.group("kind") or "")
        target = len(m.group(0)) - 2 - (0 if m.group("desc") is None else len(m.group("desc")) + 2) - 2
        desc = m.group("desc")
        if path.startswith("~") or markdown_link_target(path.replace("%", "%25")) is None:
            return "[[" + " " * target + ("" if desc is None else "][" + desc) + "]]"
        # the description stays where it is, after the link, as text: `]]meetings  `
        link = "[[" + " " * kind + path + " " * len(m.group("search") or "") + "]]"
        return link if desc is None else link + desc + "  "

    return _ID_LINK.sub(lambda m: m.group(1) + "]]" + m.group(2) + "  ", _FILE_LINK.sub(rewrite, text))



def readable(text: str, keywords: tuple[str, ...] = ()) -> str:
    """`text` (an Org note's chunk) with its markup blanked, as the module
    docstring says: a keyword line whole (`#+STARTUP: overview`, `#+BEGIN_SRC`)
    but a text keyword's value (`#+TITLE: Priya Raman` keeps Priya Raman), a
    drawer's lines and a property's key (`:ID:`, its value kept), the planning
    and clock keywords and a timestamp's weekday (`Sun` was a name), and a
    headline's stars, TODO keyword (the default ones and the note's own
    `keywords`: note_keywords, `#+TODO: PLAN DOING | FINISHED`), priority and
    COMMENT, so its first word starts a sentence as a Markdown heading's does
    (a task's headline blanked to Markdown's box, `- [ ]`: _headline_read);
    an Org table's rule (`|---+---|`) reads as a Markdown one, so its header
    row names nothing; its links to files as wikilinks (file_links)."""
    text = file_links(text)
    if "#+" in text:
        text = _KEYWORD_LINE.sub(lambda m: _blank(m) if not (m.group("colon") and m.group("key").upper()
                                                             in _TEXT_KEYWORDS)
                                 else " " * (m.end("colon") - m.start()) + m.group(0)[m.end("colon") - m.start():],
                                 text)
    text = _DRAWER.sub(_blank, text)
    text = _PROPERTY_WEEKDAY.sub(lambda m: m.group(0)[:m.start(1) - m.start()] + " " * len(m.group(1)), text)
    text = _PROPERTY.sub(_blank, text)
    text = _PLANNING.sub(_blank, text)
    text = _WEEKDAY.sub(_blank, text)
    text = _headline(keywords).sub(lambda m: _headline_read(m, keywords), text)
    return _TABLE_RULE.sub(lambda m: m.group(0).replace("+", "|") if "-" in m.group(0) else m.group(0), text)


_TITLE_LINE = re.compile(r"^([ \t]*)#\+title:(?=[ \t])", re.IGNORECASE | re.MULTILINE)


def titled(first_chunk: str) -> str:
    """An Org note's first chunk (`first_chunk`, before readable) with
    its `#+title:` line before its first headline (head's title) read as a
    front matter's `title:` is (heuristic.read_front_matter: the value whole,
    a name when it is a title, `Eigenvalues and eigenvectors`), written as
    the Logseq property line `title::` that the extractors read so, at the same
    length (heuristic rules 18: its words were read as text, so an org-roam
    note's title named nothing and the note was named by its file's slug alone)."""
    cut = re.search(r"^\*+[ \t]", first_chunk, flags=re.MULTILINE)
    preamble = first_chunk if cut is None else first_chunk[:cut.start()]
    m = _TITLE_LINE.search(preamble)
    if m is None:
        return first_chunk
    # `#+title:` (8 characters) as `title:: ` (8): the value stays where it was
    return first_chunk[:m.start()] + m.group(1) + "title:: " + first_chunk[m.end():]


# the value's blanks are stripped in Python: `[ \t]*(.*?)[ \t]*$` was quadratic on a long run of them
_HEAD_KEYWORD = re.compile(r"^[ \t]*#\+(TITLE|DATE):(.*)$", re.IGNORECASE | re.MULTILINE)
_HEAD_DATE = re.compile(r"^[<\[]?(\d{4}-\d{2}-\d{2})(?:[ \t]+[^\W\d_]{2,9}\.?)?(?:[ \t]+(\d{1,2}:\d{2}))?"
                        r"(?:[-–]\d{1,2}:\d{2})?[>\]]?$")


def head(first_chunk: str) -> tuple[str, str] | None:
    """(title, date) of an Org note from its `#+TITLE:` and `#+DATE:` lines
    before its first headline, read from its first chunk (`first_chunk`), as
    a fresh sync and a re-extraction, which reads no file, both have it: the
    title `#+TITLE:`'s value ('' for none), the date `YYYY-MM-DD` or
    `YYYY-MM-DD HH:MM` of a `#+DATE:` that writes a day (`2026-11-03`,
    `<2026-11-01 Sun>`, `[2026-11-12 Thu 14:00]`; '' for none or another
    value, `#+DATE: autumn`); None when it writes neither."""
    preamble = re.split(r"^\*+[ \t]", first_chunk, maxsplit=1, flags=re.MULTILINE)[0]
    found: dict[str, str] = {}
    for m in _HEAD_KEYWORD.finditer(preamble):
        found.setdefault(m.group(1).upper(), m.group(2).strip(" \t"))
    day = _HEAD_DATE.match(found.get("DATE", ""))
    date = "" if day is None else " ".join(filter(None, (day.group(1), day.group(2))))
    if date:
        try:
            import datetime as dt

            dt.date.fromisoformat(day.group(1))
        except ValueError:  # no real day (2026-13-45)
            date = ""
    title = found.get("TITLE", "")
    return (title, date) if title or date else None
