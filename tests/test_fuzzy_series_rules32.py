"""Heuristic rules 32 (fuzzchain; session 57's journalist, whose `Source D` was Source A): a fuzzy match is no bridge
(a new key joins a group only when close to every key of it: resolve.Resolver._close_groups), and the members of a
series never merge fuzzily, nor a series with one of them (resolve.series_code: `Source A`, `Source D`, `Source`)."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from minirag_cli.resolve import Resolver, series_code
from tests.conftest import write_notes
from tests.test_heuristic_version import sync


def keys(*forms: str) -> list[str]:
    r = Resolver()
    return [r.resolve(form, "name").key for form in forms]


@pytest.mark.parametrize("order", list(permutations(["Source A", "Source", "Source D"])), ids="-".join)
def test_the_journalist_s_sources_stay_three_in_any_order(order):
    # `Source` merged into Source A (92), and `Source D` (85.7 to `sourcea`) joined at 92 to `source`
    assert len(set(keys(*order))) == 3


@pytest.mark.parametrize("one, other", [
    ("Interview Source A", "Interview Source B"),  # 94: two members of a series
    ("Witness", "Witness B"),  # a series and one of its members
    ("Hepatitis B", "Hepatitis C"),
    ("Vitamin D", "Vitamin"),
    ("Final Fantasy XV", "Final Fantasy XVI"),  # LiHua's: one entity on rules 31
    ("Final Fantasy", "Final Fantasy X"),
    ("World War II", "World War I"),
    ("#source-a", "Source"),
    ("SourceB", "Source"),
])
def test_the_members_of_a_series_never_merge_fuzzily(one, other):
    first, second = keys(one, other)
    assert first != second


def test_a_chain_of_close_keys_joins_no_more():
    # each a letter from the next (93.75), the first and the last two letters apart (87.5)
    assert keys("Catherine Morland", "Katherine Morland", "Katharine Morland") \
        == ["catherinemorland", "catherinemorland", "katharinemorland"]


@pytest.mark.parametrize("forms", [
    ("Janet Okoro", "Janet Okoroh"),  # a typo
    ("Janet Okoro", "Janet Okoroh", "Janet Okoros"),  # a third close to both
    ("Mohammed", "Mohamed"),
    ("Bürgeramt", "Burgeramt", "Buergeramt"),  # accents, and German's spelling of them (exact keys)
    ("Bluebell", "Bluebells", "Bluebell's"),  # plural, possessive
    ("Barcelona", "FC Barcelona"),  # a word apart
    ("Interview Source A", "Interveiw Source A"),  # a typo in a member's name: its code is the same
    ("Source A", "Source-A", "SourceA", "#source-a"),  # one member's spellings (one key)
])
def test_typos_plurals_and_spellings_still_merge(forms):
    assert len(set(keys(*forms))) == 1


@pytest.mark.parametrize("form, code", [
    ("Source D", "d"), ("#source-d", "d"), ("SourceD", "d"), ("Final Fantasy XVI", "xvi"), ("Henry VIII", "viii"),
    ("Source", None), ("Janet Okoro", None), ("Final Fantasy VII Remake", None), ("Real Madrid CF", None),
    ("Deutsche Bahn AG", None), ("MIX", None),
])
def test_series_code(form, code):
    assert series_code(form) == code


def test_a_sync_keeps_source_d_from_source_a(tmp_path):
    """The journalist's vault in three notes: `Source`, read between Source A and Source D, joined them."""
    write_notes(tmp_path / "v", {"a.md": "Met Source A at the Red Lion.\n",
                                 "b.md": "The figure came from one Source, and Mark Ellery confirmed it.\n",
                                 "c.md": "Source D called back from custody.\n"})
    conn = db.connect(tmp_path / "i.sqlite", create=True)
    sync(conn, [tmp_path / "v"])
    groups = conn.execute("SELECT e.key, group_concat(a.alias, '|') FROM entities e JOIN entity_aliases a "
                          "ON a.entity_id = e.id WHERE e.key LIKE 'source%' GROUP BY e.key ORDER BY e.key").fetchall()
    assert groups == [("source", "Source"), ("sourcea", "Source A"), ("sourced", "Source D")]
    conn.close()
