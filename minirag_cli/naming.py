"""What an entity is called and typed, whatever order its notes were synced
in: its name is its most-mentioned surface form (chosen_name, from the
alias counts the index keeps exact), its type the strongest one its forms
were given (type_rank), so an incremental sync, a re-extraction and
`sync --rebuild` name an entity alike (store.refresh_entities applies
these after every write). resolve.py decides which entity a form joins.
"""

from __future__ import annotations

import re

from minirag_cli.text import find_dates, split_camel, without_invisibles


def display_name(surface: str, type_: str) -> str:
    """A surface form spelled as a name: CamelCase handles are spelled out,
    invisible characters a model copied from the text ("Li\u200bHua") left
    out, a date typed as one in ISO form."""
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
