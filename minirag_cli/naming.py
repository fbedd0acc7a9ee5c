"""What an entity is called and typed, whatever order its notes were synced
in: its key is that of its most-mentioned form when forms of several keys
were merged fuzzily ("Bluebell", "Bluebells": chosen_key), its name is its
most-mentioned surface form (chosen_name, from the
alias counts the index keeps exact; a note's alias only when nothing else
names it: own_forms), its type the strongest one its
mentions gave, then the most given (chosen_type, from the type counts the
index keeps exact: entity_types, migration 0007), so an incremental sync, a
re-extraction and `sync --rebuild` key, name and type an entity alike
(store.refresh_entities applies these after every write). resolve.py
decides which entity a form joins.
"""

from __future__ import annotations

import functools
import re

from minirag_cli.text import find_dates, split_camel, without_invisibles


# keys shorter than this, and keys with digits (dates, versions), only ever
# merge exactly (resolve.Resolver): "jo" is not "joe", 2024 not 2025
FUZZY_MIN_LEN = 6
# a CamelCase form of two words or more, each a capital and lower-case letters ("LiHua", "JavaScript")
CAMEL_FORM = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+")


@functools.lru_cache(maxsize=1 << 16)  # pure; the resolver asks it of each form of each chunk (113,000 calls for 2,000 notes)
def fuzzable(key: str) -> bool:
    """Whether a key may join another fuzzily (resolve.Resolver), and so be
    the key of an entity whose forms have several (chosen_key)."""
    return len(key) >= FUZZY_MIN_LEN and not any(c.isdigit() for c in key) and not key.startswith("date:")


def chosen_key(key: str, aliases) -> str:
    """The key of an entity now keyed `key`, from its aliases ((surface form,
    its key, count, merge) rows of entity_aliases): when fuzzy resolution
    merged forms of several keys ("Bluebell" and "Bluebells"), the key of
    the most-mentioned ones, then the shorter, then the first in code point
    order: a function of the counts alone, not of which note came first
    (the first key seen was the entity's key, so syncing the notes the
    other way round, or `sync --rebuild`, gave the other one). A note's
    alias (merge 'alias') is a name, never a key; an entity whose key is
    not fuzzable (a date's `date:2024-05-03`, a short or numbered one) keeps
    it, as nothing merged into it fuzzily; so does one none of whose forms
    has a fuzzable key."""
    if not fuzzable(key):
        return key
    counts: dict[str, int] = {}
    for _form, form_key, n, merge in aliases:
        if merge != "alias" and n > 0 and fuzzable(form_key):
            counts[form_key] = counts.get(form_key, 0) + n
    if not counts:
        return key
    return min(counts, key=lambda k: (-counts[k], len(k), k))


@functools.lru_cache(maxsize=1 << 16)  # pure; a folder's forms repeat (the resolver names each form it resolves)
def display_name(surface: str, type_: str) -> str:
    """A surface form spelled as a name: a person's CamelCase handle is spelled
    out ("LiHua" -> "Li Hua", a chat's speaker), a product's or a place's kept as
    written ("JavaScript", "MkDocs", "GitHub", "WhatsApp" were "Java Script",
    "Mk Docs", ...: heuristic rules 18, docs2; the key is the same either way),
    invisible characters a model copied from the text ("Li\u200bHua") left
    out, a date typed as one in ISO form."""
    name = without_invisibles(surface).strip()
    if type_ == "date":
        dates = find_dates(name)
        if dates and not dates[0][1].startswith("--"):
            return dates[0][1]
    if type_ == "person" and CAMEL_FORM.fullmatch(name):
        return split_camel(name)
    return name


def is_tag_form(surface: str) -> bool:
    """A `#tag` or `@handle`: a label a note puts on something, not its name."""
    return surface.startswith(("#", "@"))


def chosen_name(aliases, type_: str) -> str | None:
    """An entity's display name from its aliases ((surface form, count)
    pairs): the most-mentioned form as display_name spells it (forms that
    spell the same, "LiHua" and "Li Hua", count together, as the form spelled out); at equal counts a
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
    for name in [n for n in counts if CAMEL_FORM.fullmatch(n)]:
        spelled = split_camel(name)
        if spelled in counts:  # "LiHua" where the notes write "Li Hua" too: the same name, spelled out
            counts[spelled] += counts.pop(name)
            plain[spelled] = plain.pop(name) or plain[spelled]
    return min(counts, key=lambda name: (-counts[name], not plain[name], -len(name), name))


def own_forms(forms) -> list[tuple[str, int]]:
    """(form, count) of the forms that may name an entity, from (form, count,
    merge) triples: a note's alias (merge 'alias', resolve.Resolver.resolve)
    names its note's entity only when no other form does, so `Jonas Berg.md`
    with `aliases: [Jo]` is Jonas Berg, as Obsidian titles it, however often
    the notes say Jo."""
    forms = list(forms)
    return [(form, n) for form, n, merge in forms if merge != "alias"] or [(form, n) for form, n, _m in forms]


def type_rank(surface: str, type_: str) -> int:
    """How much a mention's type says about its entity: a #tag's the least,
    as a tag says nothing about what it labels; then `name`, the type of a
    capitalised span the extractor could not place; then any other type
    (person, an @handle's too, work, date, a model's types). A chunk's
    mention of an entity gives it the type of its highest-ranked form there
    (the first seen of that rank, in the chunk's own order: sync._plan_entities)."""
    return given_rank(type_, surface.startswith("#"))


def given_rank(type_: str, tags_only: bool) -> int:
    """type_rank of a type given by mentions whose forms are all #tags
    (`tags_only`) or not: what entity_types keeps, the rank read from it."""
    if tags_only:
        return 0
    return 1 if type_ == "name" else 2


def tags_only(forms) -> bool:
    """Whether every surface form of a mention (its `forms`) is a #tag: its
    type then ranks lowest (given_rank)."""
    forms = list(forms)
    return bool(forms) and all(form.startswith("#") for form in forms)


def chosen_type(counts) -> str | None:
    """An entity's type from the types its mentions gave ((type, tags only,
    mentions) triples, entity_types' rows): the strongest rank (given_rank),
    then the type given most mentions, then the first in code point order
    ("person" before "work"): a function of the counts alone, not of which
    note came first or was deleted. Given by #tags alone it is a `concept`,
    whatever they were typed: a tag says nothing about what it labels. None
    without counts."""
    totals: dict[tuple[int, str], int] = {}
    for type_, tags, n in counts:
        if n > 0:
            rank = given_rank(type_, bool(tags))
            totals[(rank, type_)] = totals.get((rank, type_), 0) + n
    if not totals:
        return None
    rank, type_ = min(totals, key=lambda rt: (-rt[0], -totals[rt], rt[1]))
    return "concept" if rank == 0 else type_
