"""The decline without the model (unheld.py): which words of a question are
names, and when the notes found hold them. Hand-made cases; the whole path
(prepare -> respond, no model call) is in tests/test_answer_sources.py."""

from __future__ import annotations

import pytest

from minirag_cli.unheld import question_names, unheld_names


@pytest.mark.parametrize("question,names", [
    ("What movie did Li Hua watch on New Year's Eve?", ["Li Hua", "New Year's Eve"]),
    ("Did Li Hua and JakeWatson meet in February?", ["Li Hua", "JakeWatson", "February"]),
    # a capital that starts a sentence is no name; "I" is none either
    ("Summarise what Wolfgang said. Then tell me if I should go.", ["Wolfgang"]),
    ("Wolfgang Schulz's band: who plays bass?", ["Schulz's"]),
    ("what did tom say?", []),
])
def test_question_names(question, names):
    assert question_names(question) == names


NOTES = ["JakeWatson: Luka Modrić was brilliant tonight!",
         "AdamSmith: rent is due on the 1st. TomBaker said the pizza place is Tom's favourite. Baker street."]
DATES = ["2026-03-01 10:00", "2026-03-04 09:00"]  # a Sunday and a Wednesday in March


@pytest.mark.parametrize("question,missing", [
    ("What did Jake Watson say about Luka Modric?", []),  # spaces, accents
    ("What is Adam Smith's reminder?", []),  # possessive, CamelCase in the note
    ("What did Tom Baker say?", []),  # each word held somewhere
    ("What happened in March, on Sunday and on Wednesday?", []),  # held by the notes' dates
    ("What did Jake do in February?", ["February"]),
    ("What did they eat on New Year's Eve?", ["New Year's Eve"]),
    ("What did Jake say on Friday about Real Madrid?", ["Friday", "Real Madrid"]),
    ("Has Jake ever met anyone like Shedlon Cooper?", ["Shedlon Cooper"]),
])
def test_unheld_names(question, missing):
    assert unheld_names(question, NOTES, DATES) == missing


def test_a_month_is_held_by_its_word_without_dates():
    assert unheld_names("What is planned for May?", ["The fair opens in may."]) == []
    assert unheld_names("What is planned for May?", ["The fair opens soon."], ["bad", ""]) == ["May"]


def test_a_name_with_one_typing_slip_is_held():
    notes = ["EmilyBurnett: I have never met anyone quite like Sheldon Cooper!"]
    for slip in ("Shedlon", "Sheldn", "Sheldonn", "Shelton"):  # swapped, dropped, added, changed
        assert unheld_names(f"Has Emily met anyone like {slip} Cooper?", notes) == [], slip
    assert unheld_names("Has Emily met anyone like Shedlno Cooper?", notes) == ["Shedlno Cooper"]  # two slips
    # a short word one letter from another is another name, not a slip
    assert unheld_names("What did Tim say?", ["Tom: see you at six"]) == ["Tim"]
