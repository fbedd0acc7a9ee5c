"""Entity resolution: surface forms -> canonical entities.

A surface form's key is its normalised spelling (case, accents, spacing,
punctuation and a possessive 's removed), so "Wolfgang Schulz",
"WolfgangSchulz" and "wolfgang schulz" share the key "wolfgangschulz". A key
seen for the first time is merged into an existing entity when rapidfuzz
finds a close enough key among those of its forms (typos, plurals: "jam
session"/"jam sessions");
short keys and keys with digits (dates, versions) only merge exactly.
A note's alias (`aliases: [Jo]` in `Jonas Berg.md`) joins the note's own
entity whatever its key (sync.joined_names gives `resolve` the note's key).
What a resolved entity is keyed, called and typed: naming.py. The first key
seen of a fuzzy group is its entity's key only until the counts decide
(naming.chosen_key, applied by store.refresh_entities after every write);
`rename` has the resolver follow, so a form resolves to the key the entity
bears now; a new key is matched against every key of a group, whichever won.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz, process

from minirag_cli.naming import FUZZY_MIN_LEN, display_name, fuzzable  # noqa: F401  (FUZZY_MIN_LEN re-exported)
from minirag_cli.text import normalise_key  # noqa: F401  (re-exported)

FUZZY_THRESHOLD = 90.0


@dataclass(frozen=True)
class Resolution:
    key: str  # the canonical entity's key
    name: str  # its display name (for a new entity)
    type: str
    merge: str  # 'exact' (the form's key is the entity's) | 'fuzzy' (another key of it) | 'alias'


class Resolver:
    """Holds the keys of every entity in memory (one sync is the only writer,
    under the sync lock) and decides which canonical key a surface form joins."""

    def __init__(self, canonical: dict[str, str] | None = None):
        # any known key (entity key or alias key) -> canonical entity key
        self.canonical: dict[str, str] = dict(canonical or {})
        # canonical entity key -> the keys resolving to it: a rename moves only the keys of the entities
        # renamed, not the whole map (a sync renames after every note it writes)
        self._members: dict[str, set[str]] = {}
        for key, target in self.canonical.items():
            self._members.setdefault(target, set()).add(key)
        # every fuzzable key known, an entity's own and those merged into it: a form is matched
        # against all of a group's keys, so which of them is the entity's (naming.chosen_key, which
        # the counts change as notes come) does not decide what joins it
        self._fuzzy_keys: list[str] = [k for k in self.canonical if self._fuzzable(k)]

    @classmethod
    def from_db(cls, conn) -> "Resolver":
        from minirag_cli.store import resolver_keys

        canonical = resolver_keys(conn)
        return cls(canonical)

    @staticmethod
    def _fuzzable(key: str) -> bool:
        return fuzzable(key)

    def _point(self, key: str, target: str) -> None:
        """Have `key` resolve to `target`, the reverse map kept with it."""
        old = self.canonical.get(key)
        if old is not None and old != target:
            self._members[old].discard(key)
        self.canonical[key] = target
        self._members.setdefault(target, set()).add(key)

    def _drop(self, key: str) -> None:
        target = self.canonical.pop(key)
        members = self._members.get(target)
        if members is not None:
            members.discard(key)
            if not members:
                del self._members[target]

    def resolve(self, surface: str, type_: str, joined: str | None = None) -> Resolution | None:
        """The entity `surface` joins; with `joined`, the key of the note
        whose alias it is (sync.joined_names): the form joins that note's
        entity, as the note's own name does ('alias' merge)."""
        key = joined or normalise_key(surface, type_)
        if not key:
            return None
        if key in self.canonical:
            # a key merged fuzzily before stays a fuzzy form, in whichever sync or note it comes again
            # (and whichever key won: chosen_key), so the label is the same whatever the order
            target = self.canonical[key]
            merge = "alias" if joined else "fuzzy" if target != key and fuzzable(key) else "exact"
            return Resolution(target, display_name(surface, type_), type_, merge)
        if self._fuzzable(key) and self._fuzzy_keys:
            matches = process.extract(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_THRESHOLD,
                                      limit=None)
            if matches:
                # the closest key, the first in code point order at equal scores: not the first listed
                best = max(score for _k, score, _i in matches)
                target = self.canonical[min(k for k, score, _i in matches if score == best)]
                self._point(key, target)
                self._fuzzy_keys.append(key)
                # a note's alias whose note key is new but close to a known one joins that entity as an
                # alias still: labelled 'fuzzy' it would be counted as a key (naming.chosen_key) and could
                # take the entity's key, which a rebuild (the note's key known first) never gives it
                return Resolution(target, display_name(surface, type_), type_, "alias" if joined else "fuzzy")
        self._point(key, key)
        if self._fuzzable(key):
            self._fuzzy_keys.append(key)
        return Resolution(key, display_name(surface, type_), type_, "alias" if joined else "exact")

    def rename(self, renamed: dict[str, str]) -> None:
        """Follow the entities the store keyed anew ({old key: new key}:
        store.refresh_entities): every key that resolved to an old key
        resolves to the new one."""
        if not renamed:
            return
        # every old key's members taken first: renames apply at once, as {a: b, b: a} would
        moved = [(new, self._members.pop(old, set())) for old, new in renamed.items() if old != new]
        for new, members in moved:
            for key in members:
                self.canonical[key] = new
            self._members.setdefault(new, set()).update(members)
        for new in renamed.values():
            if new not in self.canonical and self._fuzzable(new):
                self._fuzzy_keys.append(new)
            self._point(new, new)

    def unjoin(self, keys) -> None:
        """Forget what the alias keys `keys` joined (the notes whose aliases
        they were changed them): each resolves anew, as a rebuild has it."""
        gone = {key for key in keys if self.canonical.get(key, key) != key}
        for key in gone:
            self._drop(key)
        if gone:
            self._fuzzy_keys = [k for k in self._fuzzy_keys if k not in gone]

    def forget(self, keys: set[str]) -> None:
        """Drop entity keys deleted from the database (and aliases pointing at them)."""
        if not keys:
            return
        for target in keys:
            for key in self._members.pop(target, ()):
                del self.canonical[key]
        self._fuzzy_keys = [k for k in self._fuzzy_keys if k in self.canonical]
