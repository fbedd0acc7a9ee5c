"""Heuristic rules 25 (labels: qa's consultant vault): a line's tag spanned a sentence's full stop (`Met Marcus.
Insurer:` was a name), a label's value of one name before a comma named nothing (`Insurer: Hiscox, policy
PI-88231.`), a verb that gives glued its two objects (`Sent Dana the Q1 estimate` named `Dana the Q1`) and a task's
verb its project (`Chase Initech ... +Initech` named Chase Initech). Each through a real sync of a folder, as `mrag
sync` runs it, with look-alikes that must name as they did."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


def test_the_rules_are_25():
    assert VERSION >= 25


# 1. no name spans a sentence's end: the label of a tag holding a sentence before it is the last sentence's
@pytest.mark.parametrize("text,names", [
    ("Met Marcus. Insurer: Hiscox, policy PI-88231.\n\nCalled Marcus. Client: Globex, Frankfurt office.\n",
     {"Marcus", "Insurer", "Hiscox", "PI-88231", "Globex", "Frankfurt"}),
    ("Called him. Venue: Hilton\n", {"Venue", "Hilton"}),
    ("Thanks. Priya: see you at noon\n", {"Priya"}),
    # look-alikes: a title's or an initial's stop ends no sentence, nor a lone abbreviation's; rules 16's figure does
    ("Dr. Chen: the lab opens at nine\n", {"Chen"}),
    ("Matthew E. Peters: a talk on ELMo\n", {"Matthew E. Peters", "ELMo"}),
    ("Sgt. Pepper: a record\n", {"Sgt. Pepper"}),
    ("Written 2026-11-13. Questions: norm equivalence proof.\n", {"2026-11-13"}),
])
def test_no_name_spans_a_sentence_end(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


def test_a_chat_speaker_after_a_sentence_speaks_as_herself(tmp_path):
    text = "Ok. Priya: are we on for Friday?\nTom: yes\nPriya: great\nTom: see you\n"
    assert synced(tmp_path, {"chat.md": text}) == {"Priya", "Tom"}


# 2. a naming label's or a role's value of one name, a comma and more words of it names that name
@pytest.mark.parametrize("text,names", [
    ("Insurer: Hiscox, policy PI-88231.\n", {"Insurer", "Hiscox", "PI-88231"}),
    ("Client: Globex, Frankfurt office.\n", {"Globex", "Frankfurt"}),
    ("Venue: Hilton, room 4.\n", {"Venue", "Hilton"}),
    ("Insurer: Hiscox, policy PI-88231. Renewal premium due in November.\n", {"Insurer", "Hiscox", "PI-88231"}),
    ("Boss: Tom Baker, Berlin office\n", {"Tom Baker", "Berlin"}),
    # look-alikes: a value alone names as before; a sentence after the comma, a common label's value, a chat's
    # reply and a state name nothing
    ("Client: Globex\n", {"Globex"}),
    ("Tom: Perfect, thank you!\n", {"Tom"}),
    ("Tom: Perfect, see below\n", {"Tom"}),
    ("Decision: Postpone, revisit in May.\n", set()),
    ("Mood: Tired, but fine.\n", set()),
    ("Status: Blocked, legal review.\n", set()),
    ("Summary: Quiet week, mostly admin.\n", set()),
])
def test_a_label_s_value_before_a_comma_names(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 3. a verb that gives ends its first object at `the`; a task's verb before its own project's name is no name's
@pytest.mark.parametrize("text,names", [
    ("- Sent Dana the Q1 estimate (€24,000).\n", {"Dana", "Q1"}),
    ("Sent Dana Whitfield the Q1 estimate.\n", {"Dana Whitfield", "Q1"}),
    ("- [ ] Send Dana the Q1 estimate\n", {"Dana", "Q1"}),
    ("I gave Priya the Lisbon guide.\n", {"Priya", "Lisbon"}),
    # look-alikes: a name of `the` after another verb, or alone, stays whole
    ("Watched Winnie the Pooh with Ana.\n", {"Winnie the Pooh", "Ana"}),
    ("Met Alexander the Great.\n", {"Alexander"}),
    ("- Sent Dana the budget.\n", {"Dana"}),
])
def test_a_verb_that_gives_ends_its_first_object_at_the(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


@pytest.mark.parametrize("name,text,names", [
    ("todo.txt", "(B) 2026-11-18 Chase Initech for INV-2026-043 +Initech @finance due:2026-12-01\n",
     {"Initech", "INV-2026-043", "2026-11-18", "2026-12-01"}),
    ("note.md", "- [ ] Chase Initech about the invoice #Initech\n", {"Initech"}),  # (its tag joins it)
    # look-alikes: with no project of that name the task's words name as before, and so does a word the text
    # capitalises elsewhere (`Globex` is a name of the text; `+Frankfurt` joins `Globex Frankfurt`)
    ("todo.txt", "Chase Initech for INV-2026-043\n", {"Chase Initech", "INV-2026-043"}),
    ("todo.txt", "Globex Frankfurt workshop +Frankfurt\nPrepare slides for Globex +Globex\n",
     {"Globex Frankfurt", "Globex"}),
])
def test_a_task_s_verb_before_its_project_is_no_name_s(tmp_path, name, text, names):
    assert synced(tmp_path, {name: text}) == names
