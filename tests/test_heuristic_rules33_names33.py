"""Heuristic rules 33, names33 (session 57's testers' leftovers): a word shouted for stress after a copula or a
pronoun was a name (`They're DIFFERENT again`, `bring them BACK`, `the leaf is PERFECT now`), a sentence's stance word
joined the name after it (`Possible Courier`, `Probably Marta`, `Apparently Tesco`) and a firm whose name ends with
its company's word after `&` lost its first half (`Procter & Gamble Co.` named Procter and Gamble Co). Acronyms, a
noun in capitals after its article, names after a stance word mid-sentence and people's pairs name as before. Each
through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


def test_the_rules_are_33():
    assert VERSION >= 33


def check(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 1. a word shouted for stress as its sentence's predicate
@pytest.mark.parametrize("text,gone,kept", [
    ("Secondary (Maya) - Sele School. They're DIFFERENT again, ugh.\n", {"DIFFERENT"}, {"Sele School"}),
    ("Nana & Grandad's pile (don't forget to bring them BACK)\n", {"BACK"}, set()),
    ("The leaf shape is PERFECT now. Lowercase is great.\n", {"PERFECT"}, set()),
    ("I am BACK at work today after the flu.\n", {"BACK"}, set()),
    ("He was FURIOUS about the parking and it was AMAZING anyway.\n", {"FURIOUS", "AMAZING"}, set()),
    ("The new sofa is so DIFFERENT from the one at John Lewis.\n", {"DIFFERENT"}, {"John Lewis"}),
    # acronyms and names in capitals stay: under four letters, no vowel, a noun after its article, before a figure
    # or a capital, written again in the note
    ("Paid HMRC and the NHS bill, saw the GP about my back.\n", set(), {"HMRC", "NHS", "GP"}),
    ("My employer is HMRC now, and the SSO login is broken.\n", set(), {"HMRC", "SSO"}),
    ("Ellie is a SHEEP in the nativity.\n", set(), {"SHEEP"}),
    ("Our poster is at the WANT workshop.\n", set(), {"WANT"}),
    ("The train is ICE 1005 from Berlin.\n", set(), {"ICE"}),
    ("We went to IKEA on Sunday. The best shop is IKEA really.\n", set(), {"IKEA"}),
    # a noun's acronym after a copula (session 57's parent: `INSET`, a school's training day, was lost once)
    ("Mon 4 Jan is INSET for the little ones.\n", set(), {"INSET"}),
    ("Mon 2 Nov was INSET - Linda had all three.\n", set(), {"INSET"}),
    ("The cheapest supplier is IKEA now.\n", set(), {"IKEA"}),
    ("The HVAC is BBC-grade quiet; the OKR is NPS above 40.\n", set(), {"HVAC", "OKR", "NPS"}),
])
def test_a_word_shouted_for_stress_names_nothing(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)


# 2. a sentence's stance word before a name
@pytest.mark.parametrize("text,gone,kept", [
    ("Possible Courier came today while we were out.\n", {"Possible Courier", "Courier"}, set()),
    ("Probably Marta will come. Then Marta drives us home.\n", {"Probably Marta"}, {"Marta"}),
    ("Apparently Tesco closed early. We tried Tesco in town.\n", {"Apparently Tesco"}, {"Tesco"}),
    ("Hopefully Priya calls back. I told Priya about it.\n", {"Hopefully Priya"}, {"Priya"}),
    ("- Unfortunately Dr Patel is away this week.\n", {"Unfortunately Dr Patel"}, {"Patel"}),
    # mid-sentence a stance word is a title's or a name's part as before
    ("We watched Mission Possible on Friday.\n", set(), {"Mission Possible"}),
    ("Maybe Lisbon next year, said Ana Lopes.\n", set(), {"Ana Lopes"}),
])
def test_a_stance_word_joins_no_name(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)


# 3. a firm's name with `&` and its company's word
@pytest.mark.parametrize("text,gone,kept", [
    ("We bought soap from Procter & Gamble Co. yesterday.\n", {"Gamble Co", "Procter"}, {"Procter & Gamble Co"}),
    ("The recall came from Johnson & Johnson Ltd today.\n", {"Johnson Ltd"}, {"Johnson & Johnson Ltd"}),
    ("Sugar prices at Tate & Lyle PLC went up.\n", {"Lyle PLC"}, {"Tate & Lyle PLC"}),
    ("Called Harvey & Sons about the roof.\n", set(), {"Harvey & Sons"}),
    # people's pairs and a group of friends stay as they were
    ("Dinner with Priya & Tom tonight.\n", {"Priya & Tom"}, {"Priya", "Tom"}),
    ("Lunch with Priya & Tom Baker at noon.\n", set(), {"Priya", "Tom Baker"}),
    ("Dinner with Priya & Co. tonight.\n", {"Priya & Co"}, {"Priya"}),
])
def test_a_firms_name_with_its_company_word_stays_whole(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)
