"""Heuristic rules 28, names28c (the safe part of names28a, reverted after review revD): `Bought` / `Ordered` open
no name; a weekday's label (`- Wednesdays:`, `- Sun:`, `- Tue 10th Nov:`) names no weekday while the value after it
names as after any other label (a rota's `Mon: Priya`); a work calendar's OOO, WFH, PTO name nothing and neither
take a name with them nor away (`- Priya OOO next week.` names Priya). Each through a real sync, as `mrag sync` runs
it (heuristic names, hashing vectors), with revD's counter-cases as names that must stay."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import synced_entities, synced_names


# 1. a buying verb opens no name
@pytest.mark.parametrize("text, gone, kept", [
    ("Took Leo to the GP. Bought Epaderm.\n", {"Bought Epaderm"}, {"Epaderm"}),
    ("Ordered Lego treehouse for Maya.\n", {"Ordered Lego"}, {"Lego", "Maya"}),
    ("# Books\n\nOrder of the Phoenix: read with Maya.\nOrdered Harry Potter box set.\nBought Tesco vouchers.\n",
     {"Bought Tesco"}, {"Tesco", "Harry Potter", "Order of the Phoenix", "Maya"}),
    ("Ordered Pizza Express for the kids.\n", set(), {"Pizza Express"}),
])
def test_a_buying_verb_opens_no_name(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


# 2. a weekday's label names no weekday; its value names as after any label (revD: names28a lost the rota's names)
@pytest.mark.parametrize("text, gone, kept", [
    ("- Wednesdays: Chloe\n- Saturdays: Oliver\n", {"Wednesdays", "Saturdays"}, {"Chloe", "Oliver"}),
    ("# Meal plan\n- Sat: Pizza night\n- Sun: Roast beef at Grandma Jean's\n", {"Sun"}, {"Grandma Jean"}),
    ("- Tue 10th Nov: Maya's ear infection, amoxicillin.\n- Fri 18 Dec: school disco, Leo going.\n",
     {"Tue 10th Nov", "Fri 18 Dec"}, {"Maya", "Leo"}),
    ("# Rota\n\nMon: Priya\nTue: Marcus\nWed: Jonas\n", set(), {"Priya", "Marcus", "Jonas"}),
    ("# This week\n\n- Mon: Chloe\n- Tue: Grandma\n- Thu: Oliver\n", set(), {"Chloe", "Grandma", "Oliver"}),
    ("# Pickups\n\n- Thu: Lasagne\n- Thu 3 Dec: Chloe picks up\n- Fri: Chloe\n", {"Thu 3 Dec"}, {"Chloe"}),
    ("- Wednesdays: Chloe, school pick-up 15:15.\n- Saturdays: football at Hollins Park.\n",
     {"Wednesdays", "Saturdays"}, {"Hollins Park"}),  # (`Chloe, school pick-up` names no Chloe on main either)
    # look-alikes: `Sun` of two capitalised words, a person's and a company's name
    ("Sun Li: the figures are in.\nWe ran Sun Microsystems servers until 2010.\n", {"Sun"},
     {"Sun Li", "Sun Microsystems"}),
])
def test_a_weekday_label_names_its_value_not_the_day(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


def test_a_weekdays_letters_before_a_day_leave_the_date(tmp_path, monkeypatch):
    # (rules 33, wdpin: in this undated note the weekday pins the day's year, read on Monday 2026-12-07)
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2026, 12, 7))
    found = synced_entities(tmp_path, {"note.md": "- Tue 10th Nov: Maya's ear infection.\n"})
    assert ("2026-11-10", "date") in found


# 3. a work calendar's statuses name nothing, and take no name with them or away
@pytest.mark.parametrize("text, gone, kept", [
    ("# Calendar\n\n- Marcus OOO from Dec 21 to Jan 4\n", {"Marcus OOO", "OOO"}, {"Marcus"}),
    ("# Team\n\n- Priya OOO next week.\n", {"Priya OOO", "OOO"}, {"Priya"}),
    ("# Team calendar\n\n- Dan PTO 21 Dec - 4 Jan\n", {"Dan PTO", "PTO"}, {"Dan"}),
    ("# Team\n\n- Sam WFH Friday.\n- PTO approved for Dan.\n", {"Sam WFH", "WFH", "PTO"}, {"Sam", "Dan"}),
    ("# Holidays and OOO 2026\n\n- Priya off 14-18 Dec\n", {"OOO"}, {"Holidays"}),
    ("# Marcus\n\n- OOO: Marcus OOO from Dec 21 to Jan 4 (skiing in Austria).\n",
     {"OOO", "Marcus OOO"}, {"Marcus", "Austria"}),
    ("# Holidays and OOO 2026\n\n- Marcus OOO from Dec 21\n", {"OOO"}, {"Marcus"}),
    # look-alikes: a status word opening a longer name is that name's, as before
    ("# Food\n\nTried the new OOO Bakery in town. PTO Express delivered the parcel.\n", {"Bakery", "Express"},
     {"OOO Bakery", "PTO Express"}),
])
def test_a_status_word_names_nothing(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


def test_a_managers_ooo_notes_name_marcus_not_ooo(tmp_path):
    # the manager's vault: OOO was a name of six mentions, `Marcus OOO` a name apart from Marcus
    names = synced_names(tmp_path, {
        "1-1/Marcus.md": "# Marcus\n\n- OOO: Marcus OOO from Dec 21 to Jan 4 (skiing in Austria).\n",
        "vacation.md": "# Holidays and OOO 2026\n\n- Marcus OOO from Dec 21 to Jan 4\n- Priya OOO 14-18 Dec\n"})
    assert not {"OOO", "Marcus OOO", "Priya OOO"} & names
    assert {"Marcus", "Priya"} <= names

