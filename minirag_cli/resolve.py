"""Entity resolution: surface forms -> canonical entities.

A surface form's key is its normalised spelling (case, accents, spacing,
punctuation and a possessive 's removed), so "Wolfgang Schulz",
"WolfgangSchulz" and "wolfgang schulz" share the key "wolfgangschulz". A key
seen for the first time is merged into an existing entity when rapidfuzz
finds a close enough key among those of its forms (typos, plurals: "jam
session"/"jam sessions");
short keys and keys with digits (dates, versions) only merge exactly. The members of a series never merge
fuzzily, nor a lettered label and a member of it (`Source A`, `Source D`, `Source`; `Final Fantasy XV`, `XVI`:
series_members, rules 32), while a person's initial or a company's suffix is no member's code (`Jessica M.`,
`Banco Santander S.A.` join `Jessica`, `Banco Santander`).
A note's alias (`aliases: [Jo]` in `Jonas Berg.md`) joins the note's own
entity whatever its key (sync.joined_names gives `resolve` the note's key).
What a resolved entity is keyed, called and typed: naming.py. The first key
seen of a fuzzy group is its entity's key only until the counts decide
(naming.chosen_key, applied by store.refresh_entities after every write);
`rename` has the resolver follow, so a form resolves to the key the entity
bears now; a new key is matched against every key of a group, whichever won.
A #tag and a name a word apart do not merge fuzzily (`#flashcards` is a topic,
`DS flashcards` a note about one; heuristic rules 17), though two names do
("FC Barcelona", "Barcelona"). A Slack-style handle of a first name and an
initial (`@priya.r`) joins the one entity known by a name of that first name
and initial (`Priya Raman`) as a note's alias would: it never names or keys it.
A surname written alone beside its full name in a note (`Kahneman`, `Daniel Kahneman`) joins that name
as a handle does, where no other full name of that surname is known (lone_surname; heuristic rules 21).
Neither hangs on the order the notes come in (rules 18): what a later form
tells about keys resolved before (a #tag a word apart from a name of a group
merged without it, a new Priya R... for a handle) makes those keys stale
(`Resolver.stale`), and the sync extracts the notes mentioning them anew.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from minirag_cli.naming import FUZZY_MIN_LEN, display_name, fuzzable  # noqa: F401  (FUZZY_MIN_LEN re-exported)
from minirag_cli.text import LETTERED, fold, normalise_key  # noqa: F401  (re-exported)

FUZZY_THRESHOLD = 90.0

# a form's words: blanks, a tag's or a handle's hyphens, underscores, dots and slashes, CamelCase humps
_WORD_SPLIT = re.compile(r"[\s_./-]+|(?<=[a-z])(?=[A-Z])")
# a handle of a first name and an initial (`@priya.r`, `@priya_r`), as a chat export writes its speakers
_FIRST_INITIAL = re.compile(r"@([^\W\d_]{2,})[._-]([^\W\d_])")
# a series' member's code after its name's words (`Source D`, `Witness B`, `Final Fantasy XV`): a letter, or a roman
# numeral in capitals; codes with figures (`Flat 2A`, `Room 12`) make a key no fuzzy match takes already (fuzzable)
_SERIES_CODE = re.compile(r"[^\W\d_]|(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})")
_LETTERED = frozenset(word.casefold() for word in LETTERED)


def _written_words(form: str) -> list[str]:
    """A surface form's words as written, in order (`#inc-checkout-latency`: inc, checkout, latency)."""
    return [w for w in _WORD_SPLIT.split(form.lstrip("#@")) if normalise_key(w)]


def form_words(form: str) -> list[str]:
    """The keys of a surface form's words, in order (`#inc-checkout-latency`: inc, checkout, latency)."""
    return [normalise_key(w) for w in _written_words(form)]


def _a_word_more(form: str, key: str) -> bool:
    """Is `form` the key `key` and one word more (`DS flashcards` and `flashcards`)?"""
    words = form_words(form)
    return len(words) > 1 and any("".join(words[:i] + words[i + 1:]) == key for i in range(len(words)))


def series_code(form: str) -> str | None:
    """The code a form of two words or more ends in (`Source D`, `#source-d`, `SourceD`: d; `Final Fantasy XV`: xv),
    else None (`Source`, `Janet Okoro`; a dotted abbreviation's letter, `Washington D.C.`, `Banco Santander S.A.`)."""
    words = _written_words(form)
    if len(words) < 2 or "." in form.split()[-1] or not _SERIES_CODE.fullmatch(words[-1]):
        return None
    return words[-1].casefold()


def _labels_a_series(form: str) -> bool:
    """Is `form`'s code surely a series member's, not a person's initial (`Jessica M`) nor what the extractor keeps
    of a company's suffix (`Banco Santander S`, of `S.A.`): a roman numeral of two letters or more (`Final Fantasy
    XV`, `Elizabeth II`), or a letter after a word that labels with one (text.LETTERED: `Source A`, `Vitamin D`)?"""
    words = _written_words(form)
    return len(words[-1]) > 1 or words[-2].casefold() in _LETTERED


def series_members(one: str, other: str) -> bool:
    """Are the forms `one` and `other` two members of a series (`Source D` and `Source A`, `Final Fantasy X` and
    `Final Fantasy XV`, `Hepatitis B` and `Hepatitis C`), or a series' label and a member of it (`Source` and
    `Source A`, `Final Fantasy` and `Final Fantasy XV`)? Their keys may be a letter apart, but the code tells the
    members apart, never a misspelling (rules 32). A form with a code and one without are a label and its member
    only where the code is surely one (_labels_a_series): `Jessica M` and `Jessica`, `World War I` and `World War
    One` merge as before."""
    code, other_code = series_code(one), series_code(other)
    if code == other_code:
        return False
    if code is not None and other_code is not None:
        return True
    return _labels_a_series(one if code is not None else other)


def _name_words(form: str) -> list[str] | None:
    """A plain name's words (two to four, the first and last capitalised: `Priya Raman`), else None."""
    words = form.split()
    if form[:1] in "#@" or not 2 <= len(words) <= 4 or not (words[0][:1].isupper() and words[-1][:1].isupper()):
        return None
    return words


@dataclass(frozen=True)
class Resolution:
    key: str  # the canonical entity's key
    name: str  # its display name (for a new entity)
    type: str
    merge: str  # 'exact' (the form's key is the entity's) | 'fuzzy' (another key of it) | 'alias'


class Resolver:
    """Holds the keys of every entity in memory (one sync is the only writer,
    under the sync lock) and decides which canonical key a surface form joins."""

    def __init__(self, canonical: dict[str, str] | None = None, forms: dict[str, set[str]] | None = None):
        # any known key (entity key or alias key) -> canonical entity key
        self.canonical: dict[str, str] = dict(canonical or {})
        # a key -> the surface forms seen of it (store.resolver_forms, then each resolved): whether it is a
        # #tag's or a name's, its words, a person's first name (rules 17)
        self._forms: dict[str, set[str]] = {}
        self._firsts: dict[str, set[str]] = {}  # a plain name's first word, folded -> the keys of such names
        self._lasts: dict[str, set[str]] = {}  # a plain name's last word, folded -> the keys of such names
        # keys whose notes were resolved by what the resolver knew then and must be extracted anew (the
        # sync's _resolve_anew), as had it known then what it knows now: the keys of a group a new form
        # split (a #tag a word apart from a name merged before), the handle key (`priyar`) of a name that
        # made a first name and initial known (`Priya Raman`); filled only after the forms loaded
        self.stale: set[str] = set()
        # whether a surname alone may join its one full name (lone_surname: the heuristic extractor's rule, rules
        # 21): a sync with a model's names sets it off, so a second full name of a surname makes no key stale and
        # re-extracts nothing (a model run over cached windows, and a thread, for no change)
        self.surnames = True
        for key, seen in (forms or {}).items():
            for form in seen:
                self._seen(key, form)
        self.stale.clear()  # the index's own forms: what it was written with
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
        from minirag_cli.store import resolver_forms, resolver_keys

        return cls(resolver_keys(conn), resolver_forms(conn))

    @staticmethod
    def _fuzzable(key: str) -> bool:
        return fuzzable(key)

    def _seen(self, key: str, form: str) -> bool:
        """Keep `form`, a surface form of `key` (a fuzzable key's: only those may merge fuzzily, and a
        person's name is one); whether it is new."""
        if not fuzzable(key):
            return False
        forms = self._forms.setdefault(key, set())
        if form in forms:
            return False
        forms.add(form)
        words = _name_words(form)
        if words is not None:
            first = fold(words[0])
            keys = self._firsts.setdefault(first, set())
            if key not in keys:
                keys.add(key)
                # a handle of this first name and initial may join otherwise now (_handle_target): its
                # notes, written before, resolve it anew (a key no note mentions costs nothing)
                self.stale.add(normalise_key(first + fold(words[1])[:1]))
            last = fold(words[-1])
            keys = self._lasts.setdefault(last, set())
            if key not in keys:
                keys.add(key)
                if len(keys) > 1 and self.surnames:
                    # a surname alone joined the one full name known of it (lone_surname) and may not now: the
                    # notes mentioning it resolve it anew (rules 21)
                    self.stale.add(normalise_key(words[-1], "name"))
        return True

    def _word_apart(self, surface: str, key: str, other: str) -> bool:
        """Are `surface` (keyed `key`) and a form of the known key `other` a #tag and a name a word
        apart (`DS flashcards`, `#flashcards`)? Then neither is a misspelling of the other: the name is a
        thing of the tag's topic (rules 17; two names a word apart still merge: `FC Barcelona`)."""
        tag = surface.startswith("#")
        return any(form.startswith("#") != tag and (_a_word_more(surface, other) or _a_word_more(form, key))
                   for form in self._forms.get(other, ()))

    def _apart(self, surface: str, key: str, other: str) -> bool:
        """_word_apart for every known form of `key`, `surface` among them: whether two keys merge is
        decided by all their forms, not by the one that came first (`Flashcards` stays apart from `DS
        flashcards` once `#flashcards`, of its key, is known)."""
        return any(self._word_apart(form, key, other) for form in {surface, *self._forms.get(key, ())})

    def _series_apart(self, surface: str, key: str, other: str) -> bool:
        """Are a form of `key` (`surface` among them) and a form of the known key `other` members of a series
        (series_members: `Source D`, `Source A`)? Then they never merge fuzzily, whatever their keys' score."""
        return any(series_members(form, known) for form in {surface, *self._forms.get(key, ())}
                   for known in self._forms.get(other, ()))

    def _split(self, key: str, surface: str) -> None:
        """A new form of the merged key `key` a word apart from a form of another key of its group (a
        `#flashcards` come after `Flashcards` joined `DS flashcards`): the group is forgotten, its keys
        stale (resolved anew as the notes mentioning them are extracted again), so the grouping is the
        one every order of the notes gives (the tag first keeps them apart: rules 17)."""
        group = self._members.get(self.canonical[key], set())
        if not any(other != key and fuzzable(other) and self._word_apart(surface, key, other) for other in group):
            return
        self.reopen([key])

    def reopen(self, keys) -> None:
        """Forget the groups of more than one key that any of the stale `keys` is in, as _split did
        before a sync stopped: the index holds them as merged until their notes are extracted anew.
        Every key of such a group is stale: the notes mentioning any of them resolve it anew."""
        for key in keys:
            group = self._members.get(self.canonical.get(key, ""), set())
            if len(group) > 1:
                group = set(group)
                for member in group:
                    self._drop(member)
                self._fuzzy_keys = [k for k in self._fuzzy_keys if k not in group]
                self.stale |= group
        self.stale |= set(keys)

    def _handle_target(self, surface: str) -> str | None:
        """The entity a handle of a first name and an initial joins (`@priya.r`: _FIRST_INITIAL): the one
        entity known by a plain name of that first name whose second word has that initial (`Priya
        Raman`), None when none or several are (rules 17; `@sam.okafor`'s key is Sam Okafor's already)."""
        m = _FIRST_INITIAL.fullmatch(surface)
        if m is None:
            return None
        first, initial = fold(m.group(1)), fold(m.group(2))
        targets = {self.canonical[key] for key in self._firsts.get(first, ()) if key in self.canonical
                   and any((words := _name_words(form)) is not None and fold(words[0]) == first
                           and fold(words[1])[:1] == initial for form in self._forms[key])}
        return next(iter(targets)) if len(targets) == 1 else None

    def lone_surname(self, surname: str, key: str) -> bool:
        """May `surname`, written alone in a note beside the full name keyed `key` (`Kahneman`, `Daniel Kahneman`:
        heuristic.surname_names), join that name's entity: is every plain name the index knows whose last word it
        is a form of that entity (no `Sarah Kahneman`)? A later other one makes the surname's key stale (_seen), so
        the notes that joined it resolve it anew, as a rebuild would (heuristic rules 21)."""
        target = self.canonical.get(key, key)
        return all(self.canonical[k] == target for k in self._lasts.get(fold(surname), ()) if k in self.canonical)

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
        if joined is None and surface.startswith("@"):
            target = self._handle_target(surface)
            if target is not None:
                # as a note's alias joins its note: looked for anew in every sync (store.resolver_keys
                # loads no alias), never the entity's key or name (naming.chosen_key, own_forms)
                return Resolution(target, display_name(surface, type_), type_, "alias")
        if joined is None and self._seen(key, surface) and key in self.canonical:
            self._split(key, surface)
        if key in self.canonical:
            # a key merged fuzzily before stays a fuzzy form, in whichever sync or note it comes again
            # (and whichever key won: chosen_key), so the label is the same whatever the order
            target = self.canonical[key]
            merge = "alias" if joined else "fuzzy" if target != key and fuzzable(key) else "exact"
            return Resolution(target, display_name(surface, type_), type_, merge)
        if self._fuzzable(key) and self._fuzzy_keys:
            matches = process.extract(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_THRESHOLD,
                                      limit=None)
            if matches and joined is None:
                matches = [match for match in matches if not self._apart(surface, key, match[0])
                           and not self._series_apart(surface, key, match[0])]
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
                self._unlast(key)
        self._fuzzy_keys = [k for k in self._fuzzy_keys if k in self.canonical]

    def _unlast(self, key: str) -> None:
        """Forget `key`, deleted, as a full name of its last word (lone_surname): where another full name of that
        surname is left, a surname alone may join it now, so the notes mentioning the surname resolve it anew, as
        a rebuild without the deleted note would (heuristic rules 21)."""
        for form in self._forms.get(key, ()):
            words = _name_words(form)
            keys = self._lasts.get(fold(words[-1])) if words is not None else None
            if keys and key in keys:
                keys.discard(key)
                if keys and self.surnames:
                    self.stale.add(normalise_key(words[-1], "name"))
