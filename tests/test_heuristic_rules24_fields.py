"""Heuristic rules 24 (fields: everyday names session 49's reviews found): an agenda item's `9am` was no line's
time (`- 9am Board meeting` named Board); a struck task before a name named its verb (`~~Email Priya~~` named Email Priya). Each through a real sync of a folder, as `mrag sync` runs it,
with look-alikes that must name as they did."""

from __future__ import annotations

import pytest

from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


# 3. a whole struck task reads as the task unstruck: its verb before a name is no part of the name
@pytest.mark.parametrize("text,names", [
    ("- [x] ~~Call Marta about Lisbon~~\n", {"Marta", "Lisbon"}),
    ("~~Meet Priya at Google~~\n", {"Priya", "Google"}),
    ("~~Email Priya~~\n", {"Priya"}),
    ("- [x] ~~Send Priya the budget~~\n", {"Priya"}),
    ("- [x] ~~Call Mom~~ \n", {"Mom"}),
    ("- [x] ~~Call Marta~~ ✅ 2026-05-01\n", {"Marta", "2026-05-01"}),
    # the same lines unstruck name so
    ("- [x] Call Marta about Lisbon\n", {"Marta", "Lisbon"}),
    ("Email Priya\n", {"Priya"}),
    # look-alikes: struck words with a correction after them may be a name, and name as before
    ("~~Lisbon~~ Porto\n", {"Lisbon", "Porto"}),
    ("- [ ] ~~Marta~~ Jonas to book flights\n", {"Marta", "Jonas"}),
    ("~~Review Board~~ met\n", {"Review Board"}),
    ("- ~~Help Scout~~ pricing\n", {"Help Scout"}),
    ("- [x] ~~Email the deck to Priya~~ Jonas did it\n", {"Priya", "Jonas"}),
    ("- ~~Meet Marta~~ Jonas\n", {"Meet Marta", "Jonas"}),
    ("We ~~met Priya~~ saw Jonas today.\n", {"Priya", "Jonas"}),
    ("- ~~Help Scout~~\n", {"Help Scout"}),
    ("- [x] ~~Email Priya~~ (done)\n", {"Email Priya"}),
])
def test_a_struck_task_before_a_name_names_no_verb(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 2. an hour before am or pm opening an agenda item is the line's time, as `- 10:00` is: a meeting's kind after it
# names nothing; nor does a log's label after a time (`- 10:00 Board review:`), which speaks in no chat
@pytest.mark.parametrize("text,names", [
    ("- 9am Board meeting\n", set()),
    ("- 9am Lunch with Priya\n", {"Priya"}),
    ("- 9 am Board meeting\n", set()),
    ("- 9.30pm Board meeting\n", set()),
    ("- 9am-10am Staff meeting\n", set()),
    ("- 10:00 Board review: Q3 numbers\n", set()),
    ("- 9am Design review: slides\n", set()),
    # look-alikes: a name after the time names, a chat line's speaker after its time speaks, a figure is no time
    ("- 9:30am Board meeting\n", set()),
    ("- 10:00 Board meeting\n", set()),
    ("- 9am Bob\n", {"Bob"}),
    ("- 9 am Marta\n", {"Marta"}),
    ("- 9am Priya sync\n", {"Priya"}),
    ("- 9am Board Games Cafe with Lena\n", {"Board Games Cafe", "Lena"}),
    ("- 10:00 Priya: budget numbers\n", {"Priya"}),
    ("- 10:15 Tom Baker: opening remarks\n", {"Tom Baker"}),
    ("[09:30] Priya: can you look at the deck\n", {"Priya"}),
    ("- 10:00 Board Review: Q3 numbers\n", {"Board Review"}),
    ("Board Review: Q3 numbers\n", {"Board Review"}),
    ("Board review: Q3 numbers\n", set()),  # a label in sentence case is a phrase (rules 28: it was a name)
    ("- 3 Board members\n", {"Board"}),
    ("- 10 Downing Street visit\n", {"Downing Street"}),
])
def test_an_hour_before_am_or_pm_is_an_agenda_time(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# an inline field's value read as a label's was tried and taken out (review revH): in brackets it glued the words
# beside it, and Dataview's lower-case keys named their common values
@pytest.mark.parametrize("text,names", [
    ("- [ ] Email Priya [project:: Apollo]\n", {"Priya"}),
    ("Finished reading [book:: Dune] [author:: Frank Herbert] today.\n", {"Frank Herbert"}),
    ("type:: Book\ngenre:: Fantasy\nmood:: Happy\n\nA quiet evening.\n", set()),
])
def test_an_inline_field_glues_no_names_and_names_no_common_value(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
