"""A numbered thing written with or without leading zeros: `Session 03`,
`session 3`, `Episode 004`, `Chapter 2`.

A campaign's notes are named `Session 03 - 2026-09-05.md`, a course's
`Lecture 03`, a podcast's `Episode 004`, and the asker types "session 3"
(or the note says "Chapter 2" and the asker "chapter 02"). FTS5 reads `03`
and `3` as two words, and a question's one-character words are no search
words at all, so "what happened in session 3?" searched "session" alone and
ranked every session note alike; an entity `Session 03` has the key
`session03`, not `session3`.

Read on the question's side, not the index's (a tokenizer folding `03`
into `3` would also fold the `05` of every `2026-09-05` and `07:30`, and
need a rebuild): a number of one to three digits written as a word of its
own right after a word (`session 3`, not `v2.14.9`, `OPS-1423`, `10:30`,
`1:1`, `2026`, `3rd`, nor after a stopword: `more than 3 weeks`) is also
also searched in its other spellings, as the phrase of that word and the
number (`"session 03"`, `"session 003"`), and looked up as an entity spelled
so. The spelling the question writes searches as before: its phrase too
(`"redemption 2"`) ranked every note naming Red Dead Redemption 2 up alike,
above the one asked about (LiHua dev BM25 MRR 0.8109 -> 0.8089).

A number written as a word after a numbered kind of note ("session nine",
"episode three": one to twenty), or an ordinal before one ("the ninth
session", "the 3rd lecture", "the first chapter"), is that kind's number too:
searched as `"session 9"`, `"session 09"`, `"session 009"` (every spelling: the
question writes none) and looked up so. Only after or before a kind of
numbered note (NUMBERED_KINDS): a number word after any word is ordinary
English ("woke at nine", "turned nine", "the top three"), and one before a
noun counts things ("nine lives", "three meetings this week").
"""

from __future__ import annotations

import re
import string

from minirag_cli.text import NUMBER_WORDS, STOPWORDS

# a word, blanks, a number of 1-3 digits that is a word of its own: not the `14` of `v2.14.9`, the `10` of
# `10:30`, the `1` of `1:1`, the `3` of `3rd` or `3-4`; a sentence's end after it (`session 3.`) is no joint
_NUMBERED = re.compile(r"(?<![\w.:/#-])([^\W\d_]+)(\s+)(\d{1,3})(?!\w|[.:/,-]\w)")

# one to twenty written as words (text.NUMBER_WORDS), and their ordinals ("first" too: "the first chapter" is
# chapter 1)
ORDINAL_WORDS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), start=1)}
# kinds of note a campaign, a course, a show or a project numbers (`Session 09`, `Lecture 3`, `Sprint 12`);
# not a noun a number word follows in ordinary English ("book two tickets", "class one" of a ticket)
NUMBERED_KINDS = ("session|episode|lecture|lesson|chapter|part|module|unit|sprint|season|act|volume|round|stage"
                  "|phase|level|lab|seminar|tutorial|workshop|game|issue")
_WORD_NUMBERS = "|".join(NUMBER_WORDS)
_ORDINALS = "|".join(ORDINAL_WORDS) + r"|(?:[1-9]|1\d|20)(?:st|nd|rd|th)"
# the tens a unit or an ordinal may follow ("twenty one", "twenty-first"): beyond the words read, so not read
_NOT_AFTER_TENS = "".join(rf"(?<!{tens}[\s-])" for tens in (
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"))
# "session nine", "Episode Three" (not "session one-shot", "session twenty one": not session 20); "the ninth
# session", "our 3rd lecture" (not "the third sessions": a count of them; not "the twenty first session"). Matched
# in a question lowered (ASCII: its offsets stay), each branch after a word's start (\b) whose first letter may
# open one: a pasted page of blanks or words is scanned as fast as _NUMBERED scans it (with re.I and a free start,
# 2.6 s on 2 MB of blanks: review of sessions)
_FIRST_LETTERS = "".join(sorted({w[0] for w in [*NUMBERED_KINDS.split("|"), *ORDINAL_WORDS]} | set("123456789")))
_SPELLED = re.compile(
    rf"\b(?=[{_FIRST_LETTERS}])(?<!['’-])"
    rf"(?:(?P<kind>{NUMBERED_KINDS})\s+(?P<word>{_WORD_NUMBERS})(?![\w-])(?![\s-]+(?:{_WORD_NUMBERS})\b)"
    rf"|{_NOT_AFTER_TENS}(?P<ordinal>{_ORDINALS})[\s-]+(?P<okind>{NUMBERED_KINDS})(?![\w-]))")
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
# the words _SPELLED's numbers are, each a run of letters and digits of its own
_NUMBER_TOKENS = frozenset([*NUMBER_WORDS, *ORDINAL_WORDS,
                            *(f"{n}{suffix}" for n in range(1, 21) for suffix in ("st", "nd", "rd", "th"))])
_ALNUM_RUN = re.compile(r"[a-z0-9]+")


def other_spellings(number: str) -> list[str]:
    """The number's other spellings with or without leading zeros, up to
    three digits: `3` -> `03`, `003`; `03` -> `3`, `003`; `12` -> `012`."""
    value = str(int(number))
    return [f for f in dict.fromkeys(value.zfill(w) for w in range(len(value), 4)) if f != number]


def numbered_words(text: str) -> list[tuple[str, str, int, int]]:
    """The numbered things `text` writes (module docstring): (word, number,
    start, end) of each `session 3`, the word lower-cased."""
    return [(m.group(1).lower(), m.group(3), m.start(), m.end()) for m in _NUMBERED.finditer(text)
            if m.group(1).lower() not in STOPWORDS]


def spelled_numbers(text: str) -> list[tuple[str, str, int, int]]:
    """The numbered things `text` writes in words (module docstring): (kind
    as written, its number in digits, start, end) of each "session nine" or
    "the ninth session" (its span: "ninth session")."""
    lowered = text.translate(_ASCII_LOWER)
    # no number word nor ordinal among its distinct words: nothing to scan (a page of blanks, a line pasted over)
    if _NUMBER_TOKENS.isdisjoint(_ALNUM_RUN.findall(" ".join(set(lowered.split())))):
        return []
    out = []
    for m in _SPELLED.finditer(lowered):
        if m.group("kind"):
            out.append((text[m.start("kind"):m.end("kind")], str(NUMBER_WORDS[m.group("word")]), m.start(), m.end()))
        else:
            ordinal = m.group("ordinal")
            number = ORDINAL_WORDS.get(ordinal) or int(ordinal[:-2])
            out.append((text[m.start("okind"):m.end("okind")], str(number), m.start(), m.end()))
    return out


def all_spellings(number: str) -> list[str]:
    """Every spelling of the number up to three digits: `9` -> `9`, `09`, `009`."""
    return [number, *other_spellings(number)]


def numbered_phrases(text: str) -> list[str]:
    """FTS5 phrase terms of `text`'s numbered things in their other
    spellings: "what happened in session 3?" -> `"session 03"`, `"session 003"`;
    "in session nine?" -> `"session 9"`, `"session 09"`, `"session 009"`."""
    return ([f'"{word} {form}"' for word, number, _a, _b in numbered_words(text) for form in other_spellings(number)]
            + [f'"{kind.lower()} {form}"' for kind, number, _a, _b in spelled_numbers(text)
               for form in all_spellings(number)])


def respelled(text: str) -> list[str]:
    """`text` with one of its numbered things in another spelling, for each
    (entity lookup: the span `session 3` also names `Session 03`, and
    `session nine` or `ninth session` names `Session 09`)."""
    out = []
    for _word, number, start, end in numbered_words(text):
        at = end - len(number)
        out += [text[:at] + form + text[end:] for form in other_spellings(number)]
    for kind, number, start, end in spelled_numbers(text):
        out += [text[:start] + f"{kind} {form}" + text[end:] for form in all_spellings(number)]
    return out
