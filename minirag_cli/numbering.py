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
"""

from __future__ import annotations

import re

from minirag_cli.text import STOPWORDS

# a word, blanks, a number of 1-3 digits that is a word of its own: not the `14` of `v2.14.9`, the `10` of
# `10:30`, the `1` of `1:1`, the `3` of `3rd` or `3-4`; a sentence's end after it (`session 3.`) is no joint
_NUMBERED = re.compile(r"(?<![\w.:/#-])([^\W\d_]+)(\s+)(\d{1,3})(?!\w|[.:/,-]\w)")


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


def numbered_phrases(text: str) -> list[str]:
    """FTS5 phrase terms of `text`'s numbered things in their other
    spellings: "what happened in session 3?" -> `"session 03"`, `"session 003"`."""
    return [f'"{word} {form}"' for word, number, _a, _b in numbered_words(text) for form in other_spellings(number)]


def respelled(text: str) -> list[str]:
    """`text` with one of its numbered things in another spelling, for each
    (entity lookup: the span `session 3` also names `Session 03`)."""
    out = []
    for _word, number, start, end in numbered_words(text):
        at = end - len(number)
        out += [text[:at] + form + text[end:] for form in other_spellings(number)]
    return out
