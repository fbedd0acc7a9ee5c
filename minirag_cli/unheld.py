"""A decline without the model: the question names something that none of
the notes the search found mentions.

A 1.5B model answers an unanswerable question with a nearby fact ("What did
they watch on New Year's Eve?" -> the film of another evening), and no
signal with a threshold separated those from right answers on LiHua
(BENCHMARKS "Decline signals measured"). One signal needs no threshold: a
proper name, a month or a weekday the question uses that appears in none of
the results (their text; for a month or a weekday, their notes' dates too).
Then no note found says anything about it, and whatever the model wrote
would be about something else. Lenient on purpose, so that an answerable
question is not declined: a name is held when the notes hold it with or
without spaces, accents or a possessive ('s), or hold each of its words
somewhere, a word of five letters or more also when the notes hold it with
one typing slip (a letter added, dropped, changed or two swapped: a question
that misspells "Sheldon" as "Shedlon" is about Sheldon); the question's
first word, and any word that starts a sentence, is not taken for a name.
"""

from __future__ import annotations

import re
from typing import Iterable

from minirag_cli.text import MONTH_NAMES, WEEKDAY_NAMES, strip_accents
from minirag_cli.timeline import parse_date
_CAPITALISED = re.compile(r"(?<![\w'’])([A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)*)")
_NOT_NAMES = {"I"}
SLIP_MIN_LETTERS = 5  # shorter words are too often another real word one letter away ("Adam"/"Aden")


def _fold(text: str) -> str:
    return strip_accents(text).lower().replace("’", "'")


def _squash(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", _fold(text))


def _words(text: str) -> list[str]:
    return [re.sub(r"'s$", "", w) for w in re.findall(r"[0-9a-z']+", _fold(text))]


def question_names(question: str) -> list[str]:
    """Capitalised words and runs of them ("Li Hua", "New Year's Eve"), the
    word that starts a sentence left out (it is capitalised as a start)."""
    names: list[str] = []
    for m in _CAPITALISED.finditer(question):
        words = m.group(1).split()
        before = question[:m.start()].rstrip()
        if not before or before[-1] in ".?!:;\"“(":
            words = words[1:]
        words = [w for w in words if w not in _NOT_NAMES]
        if words and " ".join(words) not in names:
            names.append(" ".join(words))
    return names


def _held_with_slip(word: str, words: set[str]) -> bool:
    """Do `words` hold `word` with at most one slip (optimal string alignment
    distance 1: insertion, deletion, substitution or adjacent transposition)?"""
    if len(word) < SLIP_MIN_LETTERS:
        return False
    from rapidfuzz.distance import OSA

    return any(abs(len(w) - len(word)) <= 1 and OSA.distance(word, w, score_cutoff=1) <= 1 for w in words)


def unheld_names(question: str, texts: Iterable[str], dates: Iterable[str] = ()) -> list[str]:
    """The question's names that none of `texts` holds; a month or weekday
    also counts as held when one of `dates` ('2026-02-04 15:00') falls on it."""
    joined = " ".join(texts)
    squashed, words = _squash(joined), set(_words(joined))
    days = [p.date() for d in dates if (p := parse_date(d)) is not None]
    missing = []
    for name in question_names(question):
        low = _fold(name)
        if low in MONTH_NAMES and any(d.month == MONTH_NAMES.index(low) + 1 for d in days):
            continue
        if low in WEEKDAY_NAMES and any(d.weekday() == WEEKDAY_NAMES.index(low) for d in days):
            continue
        bare = re.sub(r"'s\b", "", low)
        if _squash(low) in squashed or _squash(bare) in squashed:
            continue
        if all(w in words or _held_with_slip(w, words) for w in _words(bare) if w):
            continue
        missing.append(name)
    return missing
