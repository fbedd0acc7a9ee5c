"""Heuristic rules 31, names31a (session 56's novelist's and running club's vaults): a character sheet's third person
opened a name (`- Hides Maren and Wren` named Hides Maren, vector-seeded on every question of Maren), a line of
dialogue's one word broken off was a work (`"Four—"`), a label in sentence case was a name (`Death scene draft:`,
`Prices to members:`, `Orders in:`). fixNA (review of names31a) removed what split ordinary names (a task list's
initials as owners', a firm of two words after `&`, a one-word quote's full stop, verbs that are plural nouns) and
keeps a label's first word when it is a name (`Paris with kids:`, `Priya to do:`). Real names in bullets and labels,
quoted titles and lone capitals name as before. Each through a real sync of a folder, as `mrag sync` runs it."""

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
    # fixNA: a verb that is a plural noun too opens a name as before (`Hunts Point` was Point)
    ("Hunts Point market opens at 4am.\n", {"Point"}, {"Hunts Point"}),
    ("Guards Chapel service on Sunday with Mum.\n", {"Chapel"}, {"Guards Chapel"}),
    ("Nurses Station on ward 4 was busy.\n", {"Station"}, {"Nurses Station"}),
    ("- Trusts Manager at Barclays\n- Salary 45k\n", {"Manager"}, {"Trusts Manager"}),
])
def test_a_third_person_opens_no_name(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 2. fixNA: a person before a firm of two words after `&` is a name of its own (names31a joined them into one)
@pytest.mark.parametrize("text,gone,kept", [
    ("Emailed Sarah & Bloomsbury Publishing about the rights.\n", {"Sarah & Bloomsbury Publishing"},
     {"Sarah", "Bloomsbury Publishing"}),
    ("Call Priya & Faber Press on Monday.\n", {"Priya & Faber Press"}, {"Priya", "Faber Press"}),
    ("Lunch with Jo & Sam Books team.\n", {"Jo & Sam Books"}, {"Jo"}),
    # rules 30's firm stays one name
    ("Quote from Parker & Sons arrived.\n", {"Parker"}, {"Parker & Sons"}),
])
def test_a_person_before_a_firm_is_no_part_of_it(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 3. a line of dialogue's one word is no work
DRAFT = """# Ch07 toll house (v1)

"Name," said the tollman. He did not look up.

"Marl," he said. The pen scratched. "And the cargo?"

"Three marks the cart," the tollman said. "Four for the sailor."

"Four—"

"Wait…"

We sang "Sweet Caroline" at the inn, then "Wonderwall." and I love "Yesterday." too.
"""


def test_a_word_said_is_no_work(tmp_path):
    names = synced(tmp_path, {"draft.md": DRAFT})
    assert not {"Four", "Wait"} & names, names
    assert {"Sweet Caroline", "Wonderwall"} <= names, names


@pytest.mark.parametrize("text,work", [
    ('"Wonderwall." Oasis, 1995\n', "Wonderwall"),
    ('"Beloved." Toni Morrison, 1987\n', "Beloved"),
    ('# Favourite songs\n"Imagine." John Lennon\n', "Imagine"),
])
def test_a_one_word_title_with_its_stop_opening_a_line_is_a_work(tmp_path, text, work):
    """fixNA: names31a read a one-word quote with its full stop opening a line as a word said"""
    assert work in synced(tmp_path, {"note.md": text})


# 4. a label in sentence case names nothing
@pytest.mark.parametrize("text,gone,kept", [
    ("Death scene draft: [[Tam death - v2]]\n", {"Death scene draft", "Death"}, {"Tam death - v2"}),
    ("1. Arrival at the quay\n2. Argument on the quay: he impounds the ship\n4. Salt blocks it: a ring of salt\n",
     {"Argument on the quay", "Salt blocks it", "Salt"}, set()),
    ("Things to buy:\n- eggs\nBlocked on review:\n- the PR\n", {"Things to buy", "Things", "Blocked on review",
                                                                 "Blocked"}, set()),
    ("# Kit order\n\nPrices to members:\n- vest £20\n\nDeadline for orders: Fri 4th Dec\n"
     "Orders in: 37 vests, 22 tops\n", {"Prices to members", "Deadline for orders", "Orders in"},
     set()),
    # look-alikes: a person's and a place's label, a name with a particle, a title's case, a name the text writes
    ("Priya: sends the vests\nLisbon: flights booked\n", set(), {"Priya", "Lisbon"}),
    ("Flood alert: the river is high\n", set(), {"Flood alert"}),  # two words, as rules 11 read them
    ("Maria dos Santos: hello\n", set(), {"Maria dos Santos"}),
    ("Key Ideas Club: Thursday\n", set(), {"Key Ideas Club"}),
    ("Talked with Maren about the plan.\nMaren notes: tell her on Friday\n", set(), {"Maren"}),
    ("Agenzia delle entrate: pagare entro il 16\n", set(), {"Agenzia delle entrate"}),  # an institution's particle
])
def test_a_sentence_case_label_names_nothing(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# fixNA: a label's first word that is no common word is a name still (names31a named nothing)
@pytest.mark.parametrize("text,gone,kept", [
    ("Paris with kids:\n- Louvre is too much\n", {"Paris with kids"}, {"Paris"}),
    ("Tokyo trip plan:\n- JR pass\n", {"Tokyo trip plan"}, {"Tokyo"}),
    ("Priya to do:\n- send invoice\n", {"Priya to do"}, {"Priya"}),
    ("Emma to bring cake:\n- Saturday\n", {"Emma to bring cake"}, {"Emma"}),
    ("Bob from accounts: wants the Q3 file\n", {"Bob from accounts"}, {"Bob"}),
    ("## Act 2\n1. Maren at the quay: she meets Edric\n", {"Maren at the quay"}, {"Maren", "Edric"}),
    # look-alikes: a label's sentence named nothing, nor does its first word; a participle, a plural
    ("- Entry fee agreed: £22 affiliated. Entries open 1 Dec.\n", {"Entry", "Entry fee agreed"}, set()),
    ("Known weak points: the antenna connector corrodes\n", {"Known", "Known weak points"}, set()),
    ("Prices to members: see above\n", {"Prices", "Prices to members"}, set()),
])
def test_a_sentence_case_labels_name_is_kept(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 5. fixNA: a to-do list's capitals are one name, as before (names31a cut them as owners' initials)
@pytest.mark.parametrize("text,kept", [
    ("## Tuesday\n- [ ] BBC Radio 4 interview prep\n- [ ] NHS App login for repeat prescription\n- [ ] buy milk\n",
     {"BBC Radio", "NHS App"}),
    ("- [ ] UK Visa renewal for Priya\n- [ ] US Embassy appointment on Friday\n", {"UK Visa", "US Embassy"}),
    ("- [ ] TK Maxx returns\n- [ ] JP Morgan statement check\n", {"TK Maxx", "JP Morgan"}),
])
def test_a_todo_lists_capitals_stay_whole(tmp_path, text, kept):
    names = synced(tmp_path, {"note.md": text})
    assert kept <= names, names


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
