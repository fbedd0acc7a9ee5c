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

from minirag_cli.honorifics import ALIAS_TITLES
from minirag_cli.text import ASKING_WORDS, STOPWORDS, fold, note_stem, without_notion_ids
from minirag_cli.wordlists import GENERIC_TITLES

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
# a name borne by this many notes or more is a series' (`YYYY-MM-DD Lab meeting`), no one thing's
SERIES_NOTES = 3


def _word_key(word: str) -> str:
    """`word` as a name's word and a question's are compared: a plural's or possessive's `s` dropped (`gulls`,
    `Gull's`, `entries`: gull, entrie), as on both sides alike."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _folded(text: str) -> str:
    """`text` with accents and case folded, apostrophes dropped (`Gull's` is `gulls`), `_` a space."""
    return fold(text.replace("'", "").replace("\u2019", "")).replace("_", " ")


def _words(text: str) -> list[str]:
    """The content words of `text` (_folded; `Gull's` is `gull`)."""
    return [_word_key(w) for w in _WORD.findall(_folded(text)) if w not in STOPWORDS and w not in ASKING_WORDS]


def _name_stem(path: str) -> str:
    """The name a note's file gives it: its stem without a Notion page id, a leading day or id, a trailing day
    (a TextBundle's `text.md` is its bundle's name: note_stem)."""
    return without_days(note_stem(without_notion_ids(path)))


def without_days(name: str) -> str:
    """A note's name without the day or id it opens with (`202612041530 Sourdough starter`, `2026-12-04
    Standup`) or the day it closes with (`Lab meeting 2026-11-26`)."""
    return _TRAILING_DAY.sub("", _LEADING_ID.sub("", name))


def title_words(path: str) -> tuple[str, ...]:
    """The content words of the name a note's file gives it (`Admin/Finanzamt letter.md`: finanzamt, letter),
    without a leading day, id or trailing day, a Notion page id, a TextBundle's `text.md` (its bundle's name):
    _name_stem; a Logseq namespace is of the name (`1on1___Diego` is 1on1, diego); () for a name of no word of
    three letters (a daily note's date, `W47`)."""
    words = tuple(_words(_name_stem(path)))
    return words if any(len(w) >= 3 and w.isalpha() for w in words) else ()


def _generic(word: str) -> bool:
    """Is `word` (a _word_key: `item`, `note`) a generic name's (wordlists.GENERIC_TITLES: `Meeting notes`,
    `Untitled`), as written or as its plural?"""
    return word in GENERIC_TITLES or word + "s" in GENERIC_TITLES


def _generic_name(path: str) -> bool:
    """Is the note's file name as a whole a generic one of two words or more (`Work log`, `Today I learned`)?"""
    name = _folded(_name_stem(path))
    return " ".join(w for w in _WORD.findall(name) if not w.isdigit()) in GENERIC_TITLES  # `2026 Year in review`


def topic_words(path: str) -> tuple[str, ...]:
    """title_words of a note whose name may be a topic's: two content words or more (a title of address is none),
    one of them no generic word, the whole no generic name (`Work log`); else (). A name opening with a title of
    address is a person's page (`Dr Sarah Okafor`: what she said is told by the day's note of the visit)."""
    words = title_words(path)
    if not words or words[0] in _ADDRESS_TITLES or _generic_name(path):
        return ()
    content = [w for w in words if w not in _ADDRESS_TITLES and any(c.isalpha() for c in w)]
    saying = [w for w in content if w.isalpha() and len(w) >= 3 and not _generic(w)]
    return words if len(content) >= 2 and saying else ()


# a to-do list's name (`To do`, `To-do`, `Todo`, `TODO list`, `Things to do`, `My to-do list`): its words are
# stopwords and a generic word (`todo`: wordlists.GENERIC_TITLES), so title_words gives it none, and "whats still on
# my to do list" named no note (qalandlord: `To do.md` 9th, behind notes holding "to do" in their text)
_TODO_LIST_NAME = re.compile(r"(?:my\s+)?(?:to[\s-]*dos?|things\s+to\s+do)(?:[\s-]*list)?")
# ... and a question asking for it: "my/the to do list" however spelt, "my to-dos", "on my to-do"; not a verb's "to
# do" ("what do I need to do next week?", "how to do list comprehension"), nor a list to make or an app ("how do I
# make a to do list in notion", "best app to use as a to-do list", "my to-do list app": review of titleperiod)
_TODO_LIST_ASKED = re.compile(r"\b(?:my|the|our)\s+to[\s-]*do(?:s\b|[\s-]*lists?\b)(?![\s-]*apps?\b)"
                              r"|\bon\s+(?:my|the|our)\s+to[\s-]*do\b", re.I)


def todo_list(path: str) -> bool:
    """Is the note at `path` named as a to-do list is (_TODO_LIST_NAME, the whole name: _name_stem, `2026-11-26
    Todo.md` too)?"""
    return _TODO_LIST_NAME.fullmatch(_folded(_name_stem(path)).strip()) is not None


def asks_for_todo_list(question: str) -> bool:
    """Does the question ask for the asker's to-do list (_TODO_LIST_ASKED: "what's on my todo list?", "whats still
    on my to do list", "my to-dos", "what's left on my to-do?")?"""
    return _TODO_LIST_ASKED.search(question) is not None


def series_titles(paths: Iterable[str]) -> set[tuple[str, ...]]:
    """The title_words borne by SERIES_NOTES notes or more among `paths`: a series' name."""
    counts = collections.Counter(title_words(p) for p in paths)
    return {t for t, n in counts.items() if t and n >= SERIES_NOTES}


def series_probe(path: str) -> str:
    """The longest word of the note's file name as written (`Lab` of `2026-11-26 Lab meeting.md`, `Jürgen`): a
    note bearing the same name writes it too (a `LIKE` on the paths finds the notes that may, series_titles
    counts them)."""
    return max(_WORD.findall(_name_stem(path)), key=len, default="")


def names_title(question: str, title: tuple[str, ...]) -> bool:
    """Does the question say the whole of a note's `title` (title_words), its words in a row among the question's
    content words?"""
    if not title:
        return False
    asked = _words(question)
    n = len(title)
    return any(tuple(asked[i:i + n]) == title for i in range(len(asked) - n + 1))


# a question opening so asks about an event or someone's acts or words ("why is tom blocked on project phoenix?",
# "who recommended project hail mary?", "did tom escalate …", "does the gull's rest close in january?"): the day's
# note that tells it holds the answer, not the named thing's page
_EVENT_OPENERS = frozenset("why who whom whose did didnt does doesnt do dont is isnt are arent was wasnt were werent "
                           "will wont has hasnt have havent had can could should would".split())
# "what/when/where/how" and the helper of a verb whose subject follows ("what did aisha say …", "what will sam
# bring …"); be's ("what is sam bringing …") only with a verb's -ing form after the subject, as "what's the wifi
# password at mum's house?" asks what the note holds
_ASKING_OPENERS = frozenset("what whats when where how".split())
_DOING_HELPERS = frozenset("did does do will has have had".split())
_BEING_HELPERS = frozenset("is are was were s".split())
_QUESTION_WORD = re.compile(r"[^\W_]+")


def asks_about_other_acts(question: str, title: tuple[str, ...]) -> bool:
    """Does the question ask about an event or what someone did or said, the note named `title` (title_words) only
    its object, so that the day's note telling it, not the thing's page, holds the answer? A why/who/yes-no question
    ("who recommended project hail mary?"), or one whose subject is another's ("what is sam bringing to christmas
    dinner?", "what did aisha say about the wise offer?"); not a question about the thing itself ("what did the
    finanzamt letter say?", "what's in the kit order?", "what's the wifi password at mum's house?")."""
    words = _QUESTION_WORD.findall(fold(question.replace("'", " ").replace("\u2019", " ")))
    if not words or not title:
        return False
    if words[0] in _EVENT_OPENERS:
        return True
    if words[0] not in _ASKING_OPENERS or len(words) < 2 or words[1] not in _DOING_HELPERS | _BEING_HELPERS:
        return False
    subject = [_word_key(w) for w in words[2:] if w not in STOPWORDS and w not in ASKING_WORDS]
    if not subject or subject[0] == title[0]:
        return False
    if words[1] in _DOING_HELPERS:
        return True
    before_title = subject[1:subject.index(title[0])] if title[0] in subject else subject[1:]
    return any(w.endswith("ing") and len(w) > 4 for w in before_title)
