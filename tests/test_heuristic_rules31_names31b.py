"""Heuristic rules 31 (names31b: session 56's testers' vaults). A novelist's `Ch 3`, `Book 2` made Ch and Book hubs,
in-world years `412 AR` made AR one; a software lead's `in Sprint 50` named Sprint (not Sprint 50), `API`, `PRs` were
names; an expat's pasted German letters named `Sie`, `Ihnen`, `Grüßen`, `Höhe`, `Liebe Lena`. Each family, and the
ordinary lines the rules must leave as they were."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


# --- a work's part before its number


@pytest.mark.parametrize("text, part", [
    ("Finished the draft of Ch 3 today with Maren.", "Ch"),
    ("# Ch 14 - The Drowned Bell (Book 1)", "Ch"),
    ("# Ch 14 - The Drowned Bell (Book 1)", "Book"),
    ("Maren's arc peaks in Ch. 11 (the quay fire).", "Ch"),
    ("- Book 1 ends with the Vosk family in ruin; Book 2 opens at sea.", "Book"),
    ("Re-read Chapter 8 twice with Jo last night.", "Chapter"),
    ("We watched Episode 12 with Sam.", "Episode"),
    ("Cut the duel from Act 2 as Jo asked.", "Act"),
    ("Wren shivers for hours after Ch 7.", "Ch"),
    ("Lady of a salt house in Saltmarrow, disinherited after Book 1.", "Book"),
])
def test_a_works_part_before_its_number_names_nothing(text, part):
    assert part not in names(text)


@pytest.mark.parametrize("text, name", [
    ("Finished the draft of Ch 3 today with Maren.", "Maren"),
    ("# Ch 14 - The Drowned Bell (Book 1)", "Drowned Bell"),
    ("Booked the table at Chapter One with Priya.", "Chapter One"),
    ("Priya works at the Book Depository now.", "Book Depository"),
])
def test_names_beside_a_works_part_stay(text, name):
    assert name in names(text)


# --- a sprint's number is its name


@pytest.mark.parametrize("text, name", [
    ("upgrade brokers 2.8 -> 3.7 in Sprint 50; Tomasz writes the plan", "Sprint 50"),
    ("- TODO prep Sprint 49 retro", "Sprint 49"),
    ("- Sprint 49 planning #sprint", "Sprint 49"),
    ("We slipped it to Iteration 7 with Diego.", "Iteration 7"),
])
def test_a_sprint_is_named_with_its_number(text, name):
    found = names(text)
    assert name in found and name.split()[0] not in found


def test_a_sprint_without_a_number_names_as_before():
    assert "Sprint" in names("Sprint planning with Priya went long, and Sprint review too.")


# --- an era or a unit after its number


@pytest.mark.parametrize("text, word", [
    ("- Age: 31 in 412 AR (born 381 AR).", "AR"),
    ("In-world: 2 Seedmonth 412 AR — the Great Quay burns.", "AR"),
    ("The siege of the city ended in 300 BC.", "BC"),
])
def test_an_era_after_its_year_names_nothing(text, word):
    assert word not in names(text)


@pytest.mark.parametrize("text, name", [
    ("Called 2 NHS trusts and HMRC about it.", "NHS"),
    ("The AR team shipped it in 412 AR.", "AR"),
    ("Went to the KSK office with Jürgen Weiß.", "KSK"),
    ("Rang HMRC twice about the 2025 return.", "HMRC"),
])
def test_capitals_that_name_stay(text, name):
    assert name in names(text)


# --- shorthand of a developer's notes


@pytest.mark.parametrize("text, word", [
    ("quiet monday. caught up on PRs with Diego", "PRs"),
    ("- DONE follow up on fraud team API for PAY-1174", "API"),
    ("Our payments API is slow, says Diego.", "API"),
])
def test_a_developers_shorthand_names_nothing(text, word):
    assert word not in names(text)


# --- a German letter's address, pronouns and closing


@pytest.mark.parametrize("text, word", [
    ("> Bitte überweisen Sie den Nachzahlungsbetrag bis zum 10.12.2026.", "Sie"),
    ("Der Betrag wird auf das von Ihnen angegebene Konto überwiesen.", "Ihnen"),
    ("Mit freundlichen Grüßen\nJürgen Weiß", "Grüßen"),
    ("Viele Grüße, Anna", "Viele Grüße"),
    ("eine Erstattung in Höhe von 842,17 € laut Bescheid", "Höhe"),
])
def test_a_german_letters_formulas_name_nothing(text, word):
    assert word not in names(text)


@pytest.mark.parametrize("text, name", [
    ("Liebe Lena,\nwie geht es dir?", "Lena"),
    ("Lieber Jürgen, danke für alles.", "Jürgen"),
    ("Sehr geehrte Frau Müller,\nanbei die Unterlagen.", "Müller"),
    ("Mit freundlichen Grüßen\nJürgen Weiß", "Jürgen Weiß"),
    ("Viele Grüße, Anna", "Anna"),
])
def test_the_person_a_german_letter_addresses_is_named_alone(text, name):
    found = names(text)
    assert name in found and not any(n != name and n.endswith(name) for n in found)
