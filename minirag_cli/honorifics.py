"""A person's title before a surname (`Dr. Brandt`, `Prof Keller`, `Frau Weiß`) written in any note of a folder:
the person of the one note whose names (its `title:` and aliases: sync.joined_names) end with that surname
(heuristic rules 26), when no other note of the folder bears it (its file name, title or aliases: `Sarah Green.md`)
nor a full name the index knows from any note's text (resolve.Resolver.lone_surname, the rules-21 check: `title: Dr.
Sarah Green` is one). The heuristic extractor names the surname alone (`Dr. Brandt` is Brandt, as the note writes
him elsewhere: PERSON_TITLES), so the join is the sync's: a surname written only after a person's title in a chunk
joins that note's entity; written bare too it stays the name it was (a bare `Keller` may be anyone). Two notes
whose names end with it, a note's file name or an alias of it (joined as an alias is, or claimed by two notes)
leave it as it was."""

from __future__ import annotations

import re
from collections.abc import Iterable

from minirag_cli.text import PERSON_TITLE_WORD
from minirag_cli.text import normalise_key, without_invisibles

# how sync.joined_names writes a surname honoured so among its joined aliases ({HONOURED + key: the note's key}):
# recorded with them, so a sync that makes one known, ambiguous or gone re-extracts the notes writing it
HONOURED = "honoured:"

_TITLE_WORD = PERSON_TITLE_WORD
# a person's title ending right before a name: `Dr. `, `Prof `, `Frau `
_TITLE_BEFORE = re.compile(rf"(?<![\w.])(?:{_TITLE_WORD})[ \t]+$")
_LEADING_TITLE = re.compile(rf"^(?:{_TITLE_WORD})[ \t]+")


# the titles a note writes before a person's name as it addresses them (`Lord Varric`, `Ser Ilsa`, `Captain Vaun`,
# `Aunt Meg`, `Dr Jo`): before an alias of a note, a name of that note (titled_alias, heuristic rules 28)
ALIAS_TITLES = frozenset("""
Lord Lady Sir Ser Dame Madam King Queen Prince Princess Duke Duchess Count Countess Baron Baroness Earl Emperor Empress
Captain Commander General Colonel Major Lieutenant Sergeant Admiral Father Brother Sister Mother Master Mistress
Uncle Aunt Auntie Grandma Grandpa Granny Doctor Professor Dr Prof Mr Mrs Ms Mx Miss Herr Frau Judge Senator Saint
""".split())


def titled_alias(name: str, joined: dict[str, str]) -> str | None:
    """The key of the note whose alias `name` writes after a title of ALIAS_TITLES (`Lord Varric`, where `aliases:
    [Varric]` in `Lord Varric Dunmere.md` joins Varric to that note: `joined`, sync.joined_names), else None: the
    title and an alias of one note name that note, as the alias alone does (heuristic rules 28; Lord Varric was an
    entity of its own, 7 mentions in 6 notes of a GM's vault)."""
    words = name.split()
    if len(words) < 2 or words[0].removesuffix(".") not in ALIAS_TITLES:
        return None
    key = joined.get(normalise_key(" ".join(words[1:]), "name"))
    return key if key is not None and not key.startswith("date:") else None


def surname(name: str) -> str | None:
    """The surname of a person's name a note gives itself, its last word (`Keller` of `Prof. Anna Keller`, `Anna
    Keller`), where the name is two to four capitalised words after any title; None for any other name."""
    words = _LEADING_TITLE.sub("", name.strip()).split()
    if not 2 <= len(words) <= 4 or not all(w[:1].isupper() for w in words) or not words[-1].isalpha():
        return None
    return words[-1]


def honoured(names: dict[str, Iterable[str]], taken: set[str], targets: set[str]) -> dict[str, str]:
    """{HONOURED + surname key: the note's key} of the notes of `targets` whose surname one note alone bears among
    `names` ({note's key: its names}, every note of the folder that has a name: `Sarah Green.md` with no front matter
    bears Green beside `tom.md`'s `title: Tom Green`), and that is no key of `taken` (the folder's note names and
    aliases, joined or claimed)."""
    bearers: dict[str, set[str]] = {}
    for target, its_names in names.items():
        for name in its_names:
            if (last := surname(name)) is not None and (key := normalise_key(last, "name")):
                bearers.setdefault(key, set()).add(target)
    return {HONOURED + key: target for key, bearing in sorted(bearers.items())
            if len(bearing) == 1 and (target := next(iter(bearing))) in targets and key not in taken}


def with_surnames(keys: Iterable[str]) -> set[str]:
    """`keys` (joined aliases' keys) and, of each surname honoured among them (`honoured:keller`), the surname's own
    key (`keller`): what the notes writing the surname are found by (sync._name_anew)."""
    keys = set(keys)
    return keys | {key.removeprefix(HONOURED) for key in keys if key.startswith(HONOURED)}


def honoured_only(text: str, name: str) -> bool:
    """Does `text` write the one-word `name` as a whole word only right after a person's title (`Dr. Brandt`, `Prof
    Keller`), at least once?"""
    plain = without_invisibles(text)
    found = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", plain)]
    return bool(found) and all(_TITLE_BEFORE.search(plain, max(0, start - 12), start) for start in found)
