"""Heuristic rules 15: a researcher's notes. An author key's "Last, First" people
(Zotero, BibTeX, Pandoc front matter: heuristic._authors) are one person each, First
Last; a Pandoc citekey (`@smith2021attention`) outside a chat cites a work, no person,
and links to the note its key names as a wikilink would."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor


def names(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract([text])[0]}


@pytest.mark.parametrize("block, people", [
    ("authors: [Smith, Jonathan]", {"Jonathan Smith"}),
    ("authors: [Nguyen, Thi Lan, Smith, Jonathan]", {"Thi Lan Nguyen", "Jonathan Smith"}),
    ('author: "Smith, Jonathan and Okafor, Ngozi"', {"Jonathan Smith", "Ngozi Okafor"}),
    ("authors:\n  - Keller, Dorothea\n  - Okafor, Ngozi", {"Dorothea Keller", "Ngozi Okafor"}),
    ("editor: Keller, Dorothea", {"Dorothea Keller"}),
])
def test_last_first_authors_are_one_person_each(block, people):
    found = names(f"---\n{block}\n---\nThe paper reads well.\n")
    assert people <= set(found)
    assert not {"Smith", "Jonathan", "Dorothea", "Keller", "Okafor", "Ngozi"} & set(found)


@pytest.mark.parametrize("block, people", [
    ("attendees: [Priya, Tom]", {"Priya", "Tom"}),  # no author key's list: two people, as before
    ("authors: [Jane Doe, John Roe]", {"Jane Doe", "John Roe"}),  # First Last already
    ("authors:\n  - Jane Doe\n  - John Roe", {"Jane Doe", "John Roe"}),
])
def test_other_people_values_read_as_written(block, people):
    found = names(f"---\n{block}\n---\nWe met Priya and Tom.\n")
    assert people <= set(found)
    assert not {"Tom Priya", "Doe Jane", "Roe John"} & set(found)


def test_a_citekey_is_no_person_and_links_its_note():
    found = names("As @smith2021attention shows, and @mueller2019 before it, attention works.\n")
    assert "@smith2021attention" not in found and "@mueller2019" not in found
    assert found.get("smith2021attention") == "name" and found.get("mueller2019") == "name"
    link = names("As [[smith2021attention]] shows, attention works.\n")
    assert link.get("smith2021attention") == found["smith2021attention"]


def test_a_handle_stays_a_person():
    assert names("Ask @elena about it.\n").get("@elena") == "person"
    # in a chat, `@tom2024` is a speaker's handle, as before
    chat = "Tom: hi @priya2024\nPriya: hi @tom2024\nTom: ok\nPriya: ok\n"
    assert names(chat).get("@tom2024") == "person"
