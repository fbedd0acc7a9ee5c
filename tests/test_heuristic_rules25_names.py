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
    assert VERSION >= 25


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


# 2. a meeting's kind and its colon after an agenda time label the line: the kind names nothing, the word after the
# colon starts a sentence (fixA, review revB: read as after the time it named `Mostly`, `Ramen`; part 5 below), named
# by the note's evidence only; a name's colon after a time speaks as before
@pytest.mark.parametrize("text,names", [
    ("- 10:00 Standup: Priya presented the roadmap\n", set()),
    ("- 10:00 Standup: Priya presented the roadmap\nI called Priya later.\n", {"Priya"}),
    ("- 10:00 Standup: Priya Raman presented the roadmap\n", {"Priya Raman"}),
    ("- 10:00 Standup: presented the roadmap\n", set()),
    ("- 10:00 Standup: The team met\n", set()),
    ("- 10:00 Retro: Marta and Jonas\n", {"Jonas"}),
    ("- 10:00 Board review: Priya presented\n", set()),
    ("- 9AM Standup: Priya presented\n", set()),
    ("- 10:00 Sync: Call Marta\n", {"Marta"}),
    ("- 10:00 Standup: Q3 numbers\n", set()),
    # look-alikes: a speaker after a time, a kind's label with no time, a titled label
    ("- 10:00 Priya: presented the roadmap\n", {"Priya"}),
    ("- 10:15 Tom Baker: opening remarks\n", {"Tom Baker"}),
    ("- 10:00 Priya: Call Marta\n", {"Priya", "Call Marta"}),
    ("- 10:00 Board Review: Q3 numbers\n", {"Board Review"}),
    ("Standup: Priya presented the roadmap\n", set()),  # rules 27: `Standup:` is a common label (LABEL_WORDS)
    ("Retro: Priya presented the roadmap\n", {"Retro"}),
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


# 4. a chat line's speaker after its time speaks whatever ends the time: an upper-case meridiem read in lower case
# (without_meridiems), a dotted one or a colon is no sentence's end before it (fixA, review revB: `- 2 P.M. Quentin:
# wrap-up` named Quentin at rules 24, nobody at 25 as names25 had it; `- 9 a.m. Tom: hi` nobody at either)
@pytest.mark.parametrize("text,names", [
    ("- 2 P.M. Quentin: wrap-up\n", {"Quentin"}),
    ("9:30 A.M. Tom: morning\n", {"Tom"}),
    ("- 9 A.M. Tom: hi\n", {"Tom"}),
    ("- 9:30 P.M. Lena: night\n", {"Lena"}),
    ("- 9 a.m. Tom: hi\n", {"Tom"}),
    ("- 9:30 p.m. Lena: night\n", {"Lena"}),
    ("**9 A.M.** Tom: hi\n", {"Tom"}),
    ("- 14:00: Quentin: wrap-up\n", {"Quentin"}),
    ("- 2 P.M. Quentin: wrap-up\n- 3 P.M. Rosa: closing\n", {"Quentin", "Rosa"}),
    # look-alikes: the forms that spoke already, a meeting's kind after a dotted time, a time's stop mid-sentence
    ("- 2 PM Quentin: wrap-up\n", {"Quentin"}),
    ("- 14:00 Quentin: wrap-up\n", {"Quentin"}),
    ("- 9 A.M. Tom Baker: hi\n", {"Tom Baker"}),
    ("- 2 P.M. Lunch: Tom\n", set()),
    ("- 2 P.M. Standup: Priya presented\n", set()),
    ("We left at 9 a.m. Tom drove.\n", set()),
])
def test_a_speaker_after_a_dotted_time_speaks(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 5. the word after a log label's colon (a meeting's kind, or a label of a lower-case second word) starts a sentence,
# named only by the note's evidence (fixA, review revB: read as after the time, names25 named the common words
# `Mostly`, `Everyone`, `Ramen`, `Deploys` that rules 24 never named)
@pytest.mark.parametrize("text,names", [
    ("- 10:00 Standup: Mostly fine\n", set()),
    ("- 10:00 Standup: Everyone present\n", set()),
    ("- 10:00 Standup: Tests pass\n", set()),
    ("- 10:00 Standup: Deploys went fine\n", set()),
    ("- 10:00 Retro: Kudos to Anna\n", {"Anna"}),
    ("- 13:00 Lunch: Ramen with Tom\n", {"Tom"}),
    ("- 13:00 Lunch: Pizza\n", set()),
    ("- 19:00 Dinner: Tacos\n", set()),
    ("- 07:00 Gym: Legs\n", set()),
    ("- 10:00 Demo: Dashboard v2\n", set()),
    ("- 6 PM Run: Park loop\n", set()),
    ("- 15:10 Went well: Deploys\n", set()),
    ("- 10:00 Board review: Revenue flat\n", set()),
    ("- 10:00 Team lunch: Pizza\n", set()),
    ("- 10:00 Design review: Slides\n", set()),
    # look-alikes: the word named where the note writes it mid-sentence too, a task after the colon, a speaker
    ("- 13:00 Lunch: Ramen with Tom\nWe had Ramen again.\n", {"Ramen", "Tom"}),
    ("- 10:00 Sync: Call Marta\n", {"Marta"}),
    ("- 10:00 Standup: Blocked on CI\n", {"CI"}),
    ("- 10:00 Keynote: Grace Hopper\n", {"Keynote", "Grace Hopper"}),
])
def test_the_word_after_a_log_label_starts_a_sentence(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
