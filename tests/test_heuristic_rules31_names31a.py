"""Heuristic rules 31, names31a (session 56's novelist's and running club's vaults): a character sheet's third person
opened a name (`- Hides Maren and Wren` named Hides Maren, vector-seeded on every question of Maren), a firm after
`&` was two (`Hartwell & Low Literary Agency`), a line of dialogue's one word was a work (`"Four—"`, `"Marl."`), a label
in sentence case was a name (`Death scene draft:`, `Prices to members:`, `Orders in:`) and a task's owner's initials
were glued to the next word (`- [ ] HP AGM nominations` named HP AGM). Real names in bullets and labels, quoted titles
and lone capitals name as before. Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


def test_the_rules_are_31():
    assert VERSION >= 31


# 1. a character sheet's third person before one name
@pytest.mark.parametrize("text,gone,kept", [
    ("# Sefa Reed\n\n- Age 50ish\n- Hides Maren and Wren after the fire (Ch 9–10)\n", {"Hides Maren", "Hides"},
     {"Maren", "Wren"}),
    ("- Meets Edric at the docks in Ch 4\n- Finds Tam's letter under the floor\n", {"Meets Edric", "Finds Tam"},
     {"Edric", "Tam"}),
    ("- Betrays Ilse to the Guild in Book 2\n", {"Betrays Ilse"}, {"Ilse", "Guild"}),
    # look-alikes: a real name in a bullet, a surname shaped as a verb, a title of two words alone on its line
    ("- Maren Vosk: the heir, 24\n- James Hale runs the toll\n", set(), {"Maren Vosk", "James Hale"}),
    ("- Kills Bill\n", set(), {"Kills Bill"}),
])
def test_a_third_person_opens_no_name(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 2. a firm's name ending in a firm's word after its `&`
@pytest.mark.parametrize("text,gone,kept", [
    ("Priya Nair, Hartwell & Low Literary Agency\n", {"Hartwell", "Low Literary Agency"},
     {"Hartwell & Low Literary Agency", "Priya Nair"}),
    ("Invoice from Smith & Jones Ltd arrived.\n", {"Jones Ltd"}, {"Smith & Jones Ltd"}),
    # look-alikes: two people, a shop, a group of friends
    ("Dinner with Priya & Tom Baker on Friday.\n", {"Priya & Tom Baker"}, {"Priya", "Tom Baker"}),
    ("Bought socks at Marks & Spencer.\n", {"Marks & Spencer"}, {"Spencer"}),
])
def test_a_firm_ending_in_a_firm_word_is_one_name(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 3. a line of dialogue's one word is no work
DRAFT = """# Ch07 toll house (v1)

"Name," said the tollman. He did not look up.

"Marl." The pen scratched. "And the cargo?"

"Three marks the cart," the tollman said. "Four for the sailor."

"Four—"

"Wait…"

We sang "Sweet Caroline" at the inn, then "Wonderwall." and I love "Yesterday." too.
"""


def test_a_word_said_is_no_work(tmp_path):
    names = synced(tmp_path, {"draft.md": DRAFT})
    assert not {"Marl", "Four", "Wait"} & names, names
    assert {"Sweet Caroline", "Wonderwall"} <= names, names


# 4. a label in sentence case names nothing
@pytest.mark.parametrize("text,gone,kept", [
    ("Death scene draft: [[Tam death - v2]]\n", {"Death scene draft", "Death"}, {"Tam death - v2"}),
    ("1. Arrival at the quay\n2. Argument on the quay: he impounds the ship\n4. Salt blocks it: a ring of salt\n",
     {"Argument on the quay", "Salt blocks it", "Argument", "Salt"}, set()),
    ("# Kit order\n\nPrices to members:\n- vest £20\n\nDeadline for orders: Fri 4th Dec\n"
     "Orders in: 37 vests, 22 tops\n", {"Prices to members", "Deadline for orders", "Orders in"},
     set()),
    # look-alikes: a person's and a place's label, a name with a particle, a title's case, a name the text writes
    ("Priya: sends the vests\nLisbon: flights booked\n", set(), {"Priya", "Lisbon"}),
    ("Flood alert: the river is high\n", set(), {"Flood alert"}),  # two words, as rules 11 read them
    ("Maria dos Santos: hello\n", set(), {"Maria dos Santos"}),
    ("Key Ideas Club: Thursday\n", set(), {"Key Ideas Club"}),
    ("Talked with Maren about the plan.\nMaren notes: tell her on Friday\n", set(), {"Maren"}),
])
def test_a_sentence_case_label_names_nothing(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 5. a task's owner's initials are a name of their own
TODO = """# TODO

- [ ] TW book Chapter 8 contractor for signs
- [ ] HP chase Harlow Motors mid Dec
- [ ] HP newsletter: parking in disabled bays at leisure centre
- [ ] KH DBS renewals list – Greg and Mike expire Feb
- [ ] HP AGM nominations – deadline 6 Jan
"""


def test_a_task_owner_is_cut_from_the_name_after(tmp_path):
    names = synced(tmp_path, {"TODO.md": TODO})
    assert not {"HP AGM", "KH DBS", "HP newsletter"} & names, names
    assert {"HP", "AGM", "DBS", "Harlow Motors", "Greg"} <= names, names


def test_a_lone_task_keeps_its_capitals(tmp_path):
    names = synced(tmp_path, {"note.md": "- [ ] BBC Radio interview prep\n- [ ] buy milk\n"})
    assert "BBC Radio" in names, names


# 6. a writing of a person's thing opening a line: the person alone
@pytest.mark.parametrize("text,gone,kept", [
    ("Summary of Jo Fenwick's 6-page letter:\n- the middle sags\n", {"Summary of Jo Fenwick"}, {"Jo Fenwick"}),
    ("Draft of Tam's death: [[Tam death - v2]]\n", {"Draft of Tam"}, {"Tam"}),
    ("Copy of Priya's passport is in the drawer.\n", {"Copy of Priya"}, {"Priya"}),
    # look-alikes: a name with `of` before a possessive or none
    ("Bank of England's rate went up again.\n", set(), {"Bank of England"}),
    ("Game of Thrones is on tonight.\n", set(), {"Game of Thrones"}),
])
def test_a_copy_of_a_persons_thing_names_the_person(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


def test_a_two_word_label_names_as_before(tmp_path):
    """`Invoice date:` beside `Flood alert:` (rules 11): a label of two words, no function word, names as before"""
    names = synced(tmp_path, {"note.md": "Invoice date: 3 Dec 2026\n\nFlood alert: the river is high\n"})
    assert {"Invoice date", "Flood alert"} <= names, names
