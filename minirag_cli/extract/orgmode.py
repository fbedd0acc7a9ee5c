"""What an Org-mode note's syntax lines are to the name rules (heuristic
rules 17): the `.org` chunk text the extractors read with Org's markup
blanked, so `#+TITLE:`, `:PROPERTIES:`, `:END:`, `SCHEDULED:`, `CLOSED:`,
`CLOCK:`, `#+BEGIN_QUOTE` and a headline's `TODO` keyword name nothing.
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

import re

# keywords whose value is text a name may be in (`#+TITLE: Priya Raman`): only `#+KEY:` goes
_TEXT_KEYWORDS = frozenset({"TITLE", "SUBTITLE", "AUTHOR", "DATE", "DESCRIPTION", "CAPTION", "EMAIL"})
# the default TODO keywords and those Org users most often add (tasks.ORG_OPEN, tasks.ORG_CLOSED)
_TODO_WORDS = r"TODO|NEXT|WAITING|HOLD|SOMEDAY|STARTED|DONE|CANCELLED|CANCELED"
_KEYWORD_LINE = re.compile(r"^[ \t]*#\+(?P<key>[A-Za-z_][\w-]*)(?P<colon>:)?[^\n]*", re.MULTILINE)
_DRAWER = re.compile(r"^[ \t]*:[A-Za-z][\w-]*:[ \t]*$", re.MULTILINE)  # `:PROPERTIES:`, `:END:`, `:LOGBOOK:`
_PROPERTY = re.compile(r"^[ \t]*:[A-Za-z][\w-]*\+?:(?=[ \t])", re.MULTILINE)  # `:ID:` before its value
_PLANNING = re.compile(r"\b(?:SCHEDULED|DEADLINE|CLOSED|CLOCK):(?=[ \t]*[<\[])")
# a timestamp's weekday, in the locale Emacs wrote it in (`<2026-11-01 Sun>`, `[2026-11-03 Di 10:00]`)
_WEEKDAY = re.compile(r"(?<=[<\[]\d{4}-\d{2}-\d{2}[ \t])[^\W\d_]{2,9}\.?")
_HEADLINE = re.compile(rf"^\*+[ \t]+(?:(?:{_TODO_WORDS})(?=[ \t]|$)[ \t]*)?(?:\[#[A-Za-z0-9]\][ \t]*)?"
                       r"(?:COMMENT(?=[ \t]|$))?", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[ \t]*\|[-+|: \t]*$", re.MULTILINE)  # `|-----+-----|` (with a `-`: readable)


def _blank(m: re.Match) -> str:
    return " " * len(m.group(0))


def org_note(path: str) -> bool:
    """Is the note at `path` an Org-mode note (`.org`)?"""
    return path.lower().endswith(".org")


def readable(text: str) -> str:
    """`text` (an Org note's chunk) with its markup blanked, as the module
    docstring says: a keyword line whole (`#+STARTUP: overview`, `#+BEGIN_SRC`)
    but a text keyword's value (`#+TITLE: Priya Raman` keeps Priya Raman), a
    drawer's lines and a property's key (`:ID:`, its value kept), the planning
    and clock keywords and a timestamp's weekday (`Sun` was a name), and a
    headline's stars, TODO keyword, priority and COMMENT, so its first word
    starts a sentence as a Markdown heading's does; an Org table's rule
    (`|---+---|`) reads as a Markdown one, so its header row names nothing."""
    if "#+" in text:
        text = _KEYWORD_LINE.sub(lambda m: _blank(m) if not (m.group("colon") and m.group("key").upper()
                                                             in _TEXT_KEYWORDS)
                                 else " " * (m.end("colon") - m.start()) + m.group(0)[m.end("colon") - m.start():],
                                 text)
    text = _DRAWER.sub(_blank, text)
    text = _PROPERTY.sub(_blank, text)
    text = _PLANNING.sub(_blank, text)
    text = _WEEKDAY.sub(_blank, text)
    text = _HEADLINE.sub(_blank, text)
    return _TABLE_RULE.sub(lambda m: m.group(0).replace("+", "|") if "-" in m.group(0) else m.group(0), text)


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
