"""Entity resolution: surface forms -> canonical entities.

A surface form's key is its normalised spelling (case, accents, spacing,
punctuation and a possessive 's removed), so "Wolfgang Schulz",
"WolfgangSchulz" and "wolfgang schulz" share the key "wolfgangschulz". A key
seen for the first time is merged into an existing entity when rapidfuzz
finds a close enough key (typos, plurals: "jam session"/"jam sessions");
short keys and keys with digits (dates, versions) only merge exactly.

What an entity is called and typed does not depend on the order its notes
were synced in: its name is its most-mentioned surface form (chosen_name,
from the alias counts the index keeps exact), its type the strongest one its
forms were given (type_rank), so an incremental sync, a re-extraction and
`sync --rebuild` name an entity alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from minirag_cli.text import (find_dates, normalise_key,  # noqa: F401  (normalise_key re-exported)
                              split_camel, without_invisibles)

FUZZY_THRESHOLD = 90.0
FUZZY_MIN_LEN = 6


def display_name(surface: str, type_: str) -> str:
    """How a new entity is named: CamelCase handles are spelled out, invisible
    characters a model copied from the text ("Li\u200bHua") left out."""
    name = without_invisibles(surface).strip()
    if type_ == "date":
        dates = find_dates(name)
        if dates and not dates[0][1].startswith("--"):
            return dates[0][1]
    if re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+", name):
        return split_camel(name)
    return name


def is_tag_form(surface: str) -> bool:
    """A `#tag` or `@handle`: a label a note puts on something, not its name."""
    return surface.startswith(("#", "@"))


def chosen_name(aliases, type_: str) -> str | None:
    """An entity's display name from its aliases ((surface form, count)
    pairs): the most-mentioned form as display_name spells it (forms that
    spell the same, "LiHua" and "Li Hua", count together); at equal counts a
    plain name before a #tag or @handle, then the longer ("The Jolly Band"
    before "Jolly Band"), then the first in code point order: a function of
    the counts alone, not of which note came first. None without aliases."""
    counts: dict[str, int] = {}
    plain: dict[str, bool] = {}
    for form, n in aliases:
        name = display_name(form, type_)
        if not name or n <= 0:
            continue
        counts[name] = counts.get(name, 0) + n
        plain[name] = plain.get(name, False) or not is_tag_form(form)
    if not counts:
        return None
    return min(counts, key=lambda name: (-counts[name], not plain[name], -len(name), name))


def type_rank(surface: str, type_: str) -> int:
    """How much a mention's type says about its entity: a #tag's `concept`
    the least, as a tag says nothing about what it labels; then `name`, the
    type of a capitalised span the extractor could not place; then any other
    type (person, an @handle's too, work, date, a model's types). An entity
    takes the type of its highest-ranked mention (the first seen of that
    rank, as before): a concept tag merged into a named note's entity leaves
    it a name, whichever note was synced first."""
    if surface.startswith("#"):
        return 0
    return 1 if type_ == "name" else 2


@dataclass(frozen=True)
class Resolution:
    key: str  # the canonical entity's key
    name: str  # its display name (for a new entity)
    type: str
    merge: str  # 'exact' | 'fuzzy'


class Resolver:
    """Holds the keys of every entity in memory (one sync is the only writer,
    under the sync lock) and decides which canonical key a surface form joins."""

    def __init__(self, canonical: dict[str, str] | None = None):
        # any known key (entity key or alias key) -> canonical entity key
        self.canonical: dict[str, str] = dict(canonical or {})
        self._fuzzy_keys: list[str] = [k for k in set(self.canonical.values()) if self._fuzzable(k)]

    @classmethod
    def from_db(cls, conn) -> "Resolver":
        from minirag_cli.store import resolver_keys

        canonical = resolver_keys(conn)
        return cls(canonical)

    @staticmethod
    def _fuzzable(key: str) -> bool:
        return len(key) >= FUZZY_MIN_LEN and not any(c.isdigit() for c in key) and not key.startswith("date:")

    def resolve(self, surface: str, type_: str) -> Resolution | None:
        key = normalise_key(surface, type_)
        if not key:
            return None
        if key in self.canonical:
            return Resolution(self.canonical[key], display_name(surface, type_), type_, "exact")
        if self._fuzzable(key) and self._fuzzy_keys:
            match = process.extractOne(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_THRESHOLD)
            if match is not None:
                self.canonical[key] = match[0]
                return Resolution(match[0], display_name(surface, type_), type_, "fuzzy")
        self.canonical[key] = key
        if self._fuzzable(key):
            self._fuzzy_keys.append(key)
        return Resolution(key, display_name(surface, type_), type_, "exact")

    def forget(self, keys: set[str]) -> None:
        """Drop entity keys deleted from the database (and aliases pointing at them)."""
        if not keys:
            return
        self.canonical = {k: v for k, v in self.canonical.items() if v not in keys}
        self._fuzzy_keys = [k for k in self._fuzzy_keys if k not in keys]
