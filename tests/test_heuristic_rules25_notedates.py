"""Heuristic rules 25 (notedates, qa50: a consultant's vault): a day written with its month's word after a word and
a number was no date (`We meet 4 December`, `Due 27 December 2026`, `Friday 4 December`): text.WORD_DATE read any
word of 3-9 letters before a number as a month (`meet 4`), found no month and had consumed the number. Now only a
month's word is one, in notes (date entities, through a real sync) and questions (the day a question asks about)."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import VERSION
from minirag_cli.text import find_dates
from tests.conftest import answered_from, daily_notes_index, synced_names


def test_the_rules_are_25():
    assert VERSION >= 25


@pytest.mark.parametrize("text,dates", [
    ("We meet 4 December.", [("4 December", "--12-04")]),
    ("Due 27 December 2026.", [("27 December 2026", "2026-12-27")]),
    ("the workshop is on Friday 4 December", [("4 December", "--12-04")]),
    ("Moves to Thursday 3 Dec at 15:00", [("3 Dec", "--12-03")]),
    ("is due 30 November 2026", [("30 November 2026", "2026-11-30")]),
    ("Invoice accepted 13 Nov, paid the 3rd of March", [("13 Nov", "--11-13"), ("3rd of March", "--03-03")]),
    ("Room 4 May 2026", [("4 May 2026", "2026-05-04")]),
    # as before: with a preposition of two letters or a comma before the day, month first, with a dot
    ("due on 27 December 2026", [("27 December 2026", "2026-12-27")]),
    ("Friday, 4 December", [("4 December", "--12-04")]),
    ("Sept. 4 and DEC 5", [("Sept. 4", "--09-04"), ("DEC 5", "--12-05")]),
    ("December 4th, 2026", [("December 4th, 2026", "2026-12-04")]),
    # look-alikes: no month's word, or a longer word that opens with one; a number's `may` before a verb is the
    # verb's (the number's word before it hid most), not after a day's preposition
    ("Sprint 4 Decisions, 4 Marching bands, Mayor 4", []),
    ("Only 3 may attend. Step 2 may fail.", []),
    ("We fly on 4 may and return 9 may.", [("4 may", "--05-04"), ("9 may", "--05-09")]),
])
def test_a_month_word_after_a_word_and_a_number_is_a_date(text, dates):
    assert find_dates(text) == dates


@pytest.mark.parametrize("text,names", [
    ("We meet 4 December with Priya.\n", {"4 December", "Priya"}),
    # (rules 33, wdpin: in this undated note each day's weekday pins its year, read on Monday 2026-12-07)
    ("## Thursday 3 Dec\n\nThe workshop is on Friday 4 December.\n", {"2026-12-03", "2026-12-04"}),
    ("The invoice for Acme is due 30 November 2026.\n", {"Acme", "2026-11-30"}),  # (named by its day, as before)
    ("Only 3 may attend the offsite.\n", set()),
])
def test_a_notes_day_after_a_word_and_a_number_is_a_date_entity(tmp_path, monkeypatch, text, names):
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2026, 12, 7))
    assert synced_names(tmp_path, {"note.md": text}) == names


@pytest.fixture(scope="module")
def december(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("december"), {
        "2026-11-25": "Planning the workshop.", "2026-11-30": "Invoice for Acme sent.",
        "2026-12-03": "Call with Jonas.", "2026-12-04": "Workshop with Priya at the studio."})


# a question's day after `on the`: `the 4` hid it, and the answer read every day's notes
@pytest.mark.parametrize("question,kept", [
    ("What did I do on the 4 December 2026?", {"2026-12-04"}),
    ("Did I work on the 30 November 2026?", {"2026-11-30"}),
    ("What happened on 4 December 2026?", {"2026-12-04"}),  # (as before)
])
def test_a_questions_day_after_on_the_is_asked(december, question, kept):
    assert answered_from(december, question, dt.date(2026, 12, 6))[1] == kept
