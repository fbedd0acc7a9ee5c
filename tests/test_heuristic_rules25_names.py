"""Heuristic rules 25 (names25: agenda leftovers of rules 24): an agenda time in upper case or spaced (`- 9AM Board
meeting`, `- 9 A.M. Board meeting`) was no line's time, and the meeting's kind after it a name; a meeting's kind
before a colon after a time (`- 10:00 Standup: Priya presented the roadmap`) was named, the name after it was not;
a struck task before a tag or a context (`- [ ] ~~Call Marta~~ #errand`) named its verb. Each through a real sync
of a folder, as `mrag sync` runs it, with look-alikes that must name as they did."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


def test_the_rules_are_25():
    assert VERSION == 25


synced = synced_names  # (tests/conftest.py)


# 1. an hour before AM or PM in upper case, spaced or with stops, opening an agenda item, is the line's time as
# `- 9am` is: a meeting's kind after it names nothing, a name after it names
@pytest.mark.parametrize("text,names", [
    ("- 9AM Board meeting\n", set()),
    ("- 9 AM Board meeting\n", set()),
    ("- 9 PM Board meeting\n", set()),
    ("- 9AM Standup\n", set()),
    ("- 9AM-10AM Staff meeting\n", set()),
    ("- 9 A.M. Board meeting\n", set()),
    ("- 9AM Lunch with Priya\n", {"Priya"}),
    ("- 8 PM Dinner with Marta\n", {"Marta"}),
    # look-alikes: the forms rules 24 read already, names after a time, a meridiem mid-sentence
    ("- 9:30 PM Standup\n", set()),
    ("- 9.30AM Retro\n", set()),
    ("- 9am Board meeting\n", set()),
    ("- 9 AM Bob\n", {"Bob"}),
    ("- 9 a.m. Bob\n", {"Bob"}),
    ("- 9 A.M. Priya sync\n", {"Priya"}),
    ("Meeting at 9 AM Board room\n", {"Board"}),
    ("Dinner at 8 PM with Marta.\n", {"Marta"}),
    ("1. Priya arrived late\n", set()),
])
def test_an_upper_case_agenda_time_is_a_time(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 2. a meeting's kind and its colon after an agenda time label the line: the kind names nothing, the words after it
# read as after the time (`- 10:00 Priya presented` names Priya); a name's colon after a time speaks as before
@pytest.mark.parametrize("text,names", [
    ("- 10:00 Standup: Priya presented the roadmap\n", {"Priya"}),
    ("- 10:00 Standup: presented the roadmap\n", set()),
    ("- 10:00 Standup: The team met\n", set()),
    ("- 10:00 Retro: Marta and Jonas\n", {"Marta", "Jonas"}),
    ("- 10:00 Board review: Priya presented\n", {"Priya"}),
    ("- 9AM Standup: Priya presented\n", {"Priya"}),
    ("- 10:00 Sync: Call Marta\n", {"Marta"}),
    ("- 10:00 Standup: Q3 numbers\n", set()),
    # look-alikes: a speaker after a time, a kind's label with no time, a titled label
    ("- 10:00 Priya: presented the roadmap\n", {"Priya"}),
    ("- 10:15 Tom Baker: opening remarks\n", {"Tom Baker"}),
    ("- 10:00 Priya: Call Marta\n", {"Priya", "Call Marta"}),
    ("- 10:00 Board Review: Q3 numbers\n", {"Board Review"}),
    ("Standup: Priya presented the roadmap\n", {"Standup"}),
])
def test_a_meeting_kind_after_a_time_labels_its_line(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 3. a whole struck task before a tag or a context is struck whole, as at its line's end (rules 24)
@pytest.mark.parametrize("text,names", [
    ("- [ ] ~~Call Marta~~ #errand\n", {"Marta", "#errand"}),
    ("~~Email Jonas~~ @home\n", {"Jonas", "@home"}),
    ("- [x] ~~Call Marta~~ #errand ✅ 2026-05-01\n", {"Marta", "#errand", "2026-05-01"}),
    ("~~Email Jonas~~ @home #work\n", {"Jonas", "@home", "#work"}),
    # look-alikes: a struck name before a tag, a word after the marks
    ("- ~~Help Scout~~ #tools\n", {"Help Scout", "#tools"}),
    ("- ~~Meet Marta~~ Jonas\n", {"Meet Marta", "Jonas"}),
    ("- [x] ~~Call Marta~~ #errand Jonas\n", {"Call Marta", "#errand", "Jonas"}),
])
def test_a_struck_task_before_a_tag_names_no_verb(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
