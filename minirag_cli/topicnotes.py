"""A note that is about what a question asks: its file name is the thing's name, said in full in the question
("what did the finanzamt letter say?" and `Admin/Finanzamt letter.md`, "how much was the zahnarzt filling" and
`Health/Zahnarzt.md`).

A running journal's one-day chunk that names the thing in passing (`## 24 Nov` "Finanzamt letter: refund 842 €")
is short and all on the question's words: BM25's length normalisation and the dense cosine favour it over the
thing's own note (a pasted letter, a list of visits), the graph votes for both alike (both hold the name), and the
time channel's self vote repeats the dense cosine. The file name is the one mark of which note is *about* the
thing: retrieve.py gives the best chunk of such a note the `title` vote.
"""

from __future__ import annotations

import re

from minirag_cli.text import ASKING_WORDS, STOPWORDS, fold

# a file name's leading date (`2026-11-26 Lab meeting`, `20261126 Lab meeting`): the note's day, not its name
_LEADING_DATE = re.compile(r"^\s*(?:\d{4}[-_.]?\d{2}[-_.]?\d{2}|\d{1,2}[-_.]\d{1,2}[-_.]\d{2,4})(?:[ T_-]+|$)")
# a Notion export's page id after the title (`Sofia check-in 0d60d373960929e2c05144ce51fafa12.md`)
_NOTION_ID = re.compile(r"\s+[0-9a-f]{32}$")
_WORD = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    """The content words of `text`, accents and case folded, apostrophes dropped (`Gull's` is `gulls`)."""
    text = fold(text.replace("'", "").replace("\u2019", ""))
    return [w for w in _WORD.findall(text) if w not in STOPWORDS and w not in ASKING_WORDS and w != "_"]


def title_words(path: str) -> tuple[str, ...]:
    """The content words of the name a note's file gives it (`Admin/Finanzamt letter.md`: finanzamt, letter),
    without a leading date or a Notion page id (a Logseq namespace is of the name:
    `1on1___Diego` is 1on1, diego); ()
    for a name of no word of three letters (a daily note's date, `W47`)."""
    stem = path.rsplit("/", 1)[-1]
    stem = stem.rsplit(".", 1)[0] if "." in stem else stem
    stem = _NOTION_ID.sub("", stem)
    stem = _LEADING_DATE.sub("", stem)
    words = tuple(_words(stem.replace("_", " ")))
    return words if any(len(w) >= 3 and w.isalpha() for w in words) else ()


def names_title(question: str, title: tuple[str, ...]) -> bool:
    """Does the question say the whole of a note's `title` (title_words), its words in a row among the question's
    content words?"""
    if not title:
        return False
    asked = _words(question)
    n = len(title)
    return any(tuple(asked[i:i + n]) == title for i in range(len(asked) - n + 1))
