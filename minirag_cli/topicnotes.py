"""A note that is about what a question asks: its file name is the thing's name, said in full in the question
("what did the finanzamt letter say?" and `Admin/Finanzamt letter.md`, "who runs the gull's rest" and
`Places/The Gull's Rest.md`).

A running journal's one-day chunk that names the thing in passing (`## 24 Nov` "Finanzamt letter: refund 842 €")
is short and all on the question's words: BM25's length normalisation and the dense cosine favour it over the
thing's own note (a pasted letter, a list of visits), the graph votes for both alike (both hold the name), and the
time channel's self vote repeats the dense cosine. The file name is the one mark of which note is *about* the
thing: retrieve.py gives the best chunk of such a note the `title` vote.

Only a name of two content words or more is a topic's (topic_words): a one-word page (`People/Priya.md`,
`Recipes/Bread.md`, `pages/Gym.md`, `TV/The Office.md`) is said in questions about other things ("what did priya
say about the budget?", "when will hailey deliver the bread?"), as is a generic name (`Meeting notes`) and a
person's page (`Dr Okafor.md`: a title of address is no content word). A name borne by three notes or more is a
series (`2026-11-26 Lab meeting.md`, `2026-11-19 Lab meeting.md`, ...), no one thing's note: series_titles.
"""

from __future__ import annotations

import collections
import re
from collections.abc import Iterable

from minirag_cli.extract.heuristic import COMMON_WORDS, LABEL_WORDS
from minirag_cli.honorifics import ALIAS_TITLES
from minirag_cli.text import ASKING_WORDS, STOPWORDS, fold, note_stem, without_notion_ids

# a day as a file name writes it (`2026-11-26`, `20261126`, `2026_11_26`, `26.11.2026`)
_DAY = r"\d{4}[-_.]?\d{2}[-_.]?\d{2}|\d{1,2}[-_.]\d{1,2}[-_.]\d{2,4}"
# what a file name opens with before the note's name, none of it the name: a day, with its time
# (`2026-11-26T1430`), a Zettelkasten id (`202611261430 Lab meeting`), a Johnny Decimal id (`11.02 Insurance`);
# the separator after it is a space, `_` or `-` (a capital T is the name's: `2026-11-26 Team sync`)
_LEADING_ID = re.compile(rf"^\s*(?:\d{{12}}|\d{{14}}|\d{{2}}\.\d{{2}}|(?:{_DAY})(?:T\d{{2}}(?:[:.-]?\d{{2}}){{1,2}})?)"
                         r"(?:[ _-]+|$)")
# a day a file name closes with after the name (`Lab meeting 2026-11-26`, `Lab meeting - 2026-11-26`, `(…)`)
_TRAILING_DAY = re.compile(rf"(?:^|[ _-]+)\(?(?:{_DAY})\)?\s*$")
_WORD = re.compile(r"\w+")
# a title of address: no content word of a name (`Dr Okafor` is a person's page, one word)
_ADDRESS_TITLES = frozenset(w.lower() for w in ALIAS_TITLES)
# words that say no thing: a name of them alone is generic (`Meeting notes`, `Untitled`, `Lab meeting`), as
# sync._GENERIC_TITLES reads a note's `title:`
_GENERIC_WORDS = COMMON_WORDS | LABEL_WORDS | frozenset("untitled note journal inbox draft misc scratch copy new daily item "
                                                        "weekly monthly".split())
# a name borne by this many notes or more is a series' (`YYYY-MM-DD Lab meeting`), no one thing's
SERIES_NOTES = 3


def _word_key(word: str) -> str:
    """`word` as a name's word and a question's are compared: a plural's or possessive's `s` dropped (`gulls`,
    `Gull's`, `entries`: gull, entrie), as on both sides alike."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _words(text: str) -> list[str]:
    """The content words of `text`, accents and case folded, apostrophes dropped (`Gull's` is `gull`)."""
    text = fold(text.replace("'", "").replace("\u2019", ""))
    return [_word_key(w) for w in _WORD.findall(text.replace("_", " "))
            if w not in STOPWORDS and w not in ASKING_WORDS]


def title_words(path: str) -> tuple[str, ...]:
    """The content words of the name a note's file gives it (`Admin/Finanzamt letter.md`: finanzamt, letter),
    without a leading day, id or trailing day, a Notion page id, a TextBundle's `text.md` (its bundle's name);
    a Logseq namespace is of the name (`1on1___Diego` is 1on1, diego); () for a name of no word of three letters
    (a daily note's date, `W47`)."""
    stem = note_stem(without_notion_ids(path))
    stem = _TRAILING_DAY.sub("", _LEADING_ID.sub("", stem))
    words = tuple(_words(stem))
    return words if any(len(w) >= 3 and w.isalpha() for w in words) else ()


def _generic(word: str) -> bool:
    """Is `word` (a _word_key: `item`, `note`) one of _GENERIC_WORDS, as written or as its plural?"""
    return word in _GENERIC_WORDS or word + "s" in _GENERIC_WORDS


def topic_words(path: str) -> tuple[str, ...]:
    """title_words of a note whose name may be a topic's: two content words or more (a title of address is none),
    one of them no generic word; else ()."""
    words = title_words(path)
    content = [w for w in words if w not in _ADDRESS_TITLES and any(c.isalpha() for c in w)]
    saying = [w for w in content if w.isalpha() and len(w) >= 3 and not _generic(w)]
    return words if len(content) >= 2 and saying else ()


def series_titles(paths: Iterable[str]) -> set[tuple[str, ...]]:
    """The title_words borne by SERIES_NOTES notes or more among `paths`: a series' name."""
    counts = collections.Counter(title_words(p) for p in paths)
    return {t for t, n in counts.items() if t and n >= SERIES_NOTES}


def series_probe(path: str) -> str:
    """The longest word of the note's file name as written (`Lab` of `2026-11-26 Lab meeting.md`, `Jürgen`): a
    note bearing the same name writes it too (a `LIKE` on the paths finds the notes that may, series_titles
    counts them)."""
    return max(_WORD.findall(_TRAILING_DAY.sub("", _LEADING_ID.sub("", note_stem(without_notion_ids(path))))),
               key=len, default="")


def names_title(question: str, title: tuple[str, ...]) -> bool:
    """Does the question say the whole of a note's `title` (title_words), its words in a row among the question's
    content words?"""
    if not title:
        return False
    asked = _words(question)
    n = len(title)
    return any(tuple(asked[i:i + n]) == title for i in range(len(asked) - n + 1))
