"""Entity resolution: surface forms -> canonical entities.

A surface form's key is its normalised spelling (case, accents, spacing,
punctuation and a possessive 's removed), so "Wolfgang Schulz",
"WolfgangSchulz" and "wolfgang schulz" share the key "wolfgangschulz". A key
seen for the first time is merged into an existing entity when rapidfuzz
finds a close enough key (typos, plurals: "jam session"/"jam sessions");
short keys and keys with digits (dates, versions) only merge exactly.
A note's alias (`aliases: [Jo]` in `Jonas Berg.md`) joins the note's own
entity whatever its key (sync.joined_names gives `resolve` the note's key).
What a resolved entity is called and typed: naming.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz, process

from minirag_cli.naming import display_name
from minirag_cli.text import normalise_key  # noqa: F401  (re-exported)

FUZZY_THRESHOLD = 90.0
FUZZY_MIN_LEN = 6


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

    def resolve(self, surface: str, type_: str, joined: str | None = None) -> Resolution | None:
        """The entity `surface` joins; with `joined`, the key of the note
        whose alias it is (sync.joined_names): the form joins that note's
        entity, as the note's own name does ('alias' merge)."""
        key = joined or normalise_key(surface, type_)
        if not key:
            return None
        if key in self.canonical:
            return Resolution(self.canonical[key], display_name(surface, type_), type_, "alias" if joined else "exact")
        if self._fuzzable(key) and self._fuzzy_keys:
            match = process.extractOne(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_THRESHOLD)
            if match is not None:
                self.canonical[key] = match[0]
                return Resolution(match[0], display_name(surface, type_), type_, "fuzzy")
        self.canonical[key] = key
        if self._fuzzable(key):
            self._fuzzy_keys.append(key)
        return Resolution(key, display_name(surface, type_), type_, "alias" if joined else "exact")

    def unjoin(self, keys) -> None:
        """Forget what the alias keys `keys` joined (the notes whose aliases
        they were changed them): each resolves anew, as a rebuild has it."""
        for key in keys:
            if self.canonical.get(key, key) != key:
                del self.canonical[key]

    def forget(self, keys: set[str]) -> None:
        """Drop entity keys deleted from the database (and aliases pointing at them)."""
        if not keys:
            return
        self.canonical = {k: v for k, v in self.canonical.items() if v not in keys}
        self._fuzzy_keys = [k for k in self._fuzzy_keys if k not in keys]
