"""A count's number before a name that opens with a month's word is no date (fixE, review revF of notedates, rules 25
since text.WORD_DATE reads only month words): `My top 5 March Madness picks` was 5 March, `Page 4 May Chen signed` 4
May, `Room 12 Jan's desk` 12 January. A yearless day after a word no day's preposition (on, by, the, of, from,
until…) nor weekday, its month word followed by a capitalised word or `'s`, is no date; `We meet 4 December`, `Due 27
December 2026`, `Friday 4 December Tom flew`, `On 4 December Tom flew`, `# Wednesday 25 November` are, as since
notedates. In notes (date entities, through a real sync) and in what find_dates reads."""

from __future__ import annotations

import pytest

from minirag_cli.text import find_dates
from tests.conftest import synced_names


@pytest.mark.parametrize("text", [
    "My top 5 March Madness picks", "Page 4 May Chen signed", "Grade 3 April Ludgate class",
    "Dinner with 2 June Carter fans", "Room 12 Jan's desk", "Room 12 Jan’s desk",
])
def test_a_count_before_a_name_is_no_date(text):
    assert find_dates(text) == []


@pytest.mark.parametrize("text,dates", [
    ("We meet 4 December", [("4 December", "--12-04")]),
    ("Due 27 December 2026", [("27 December 2026", "2026-12-27")]),
    ("Friday 4 December Tom flew", [("4 December", "--12-04")]),
    ("Thu 3 Dec Tom flew", [("3 Dec", "--12-03")]),
    ("On 4 December Tom flew", [("4 December", "--12-04")]),
    ("until 5 March Tom stays", [("5 March", "--03-05")]),
    ("# Wednesday 25 November", [("25 November", "--11-25")]),
    ("4 December Tom flew", [("4 December", "--12-04")]),  # no word before the day
    ("Page 4 May 2026 Chen signed", [("4 May 2026", "2026-05-04")]),  # with its year
    ("We meet 4 December. Tom flew", [("4 December", "--12-04")]),
])
def test_a_day_stays_a_date(text, dates):
    assert find_dates(text) == dates


def test_a_notes_count_before_a_name_is_no_date_entity(tmp_path):
    names = synced_names(tmp_path, {"note.md": "My top 5 March Madness picks.\n\nRoom 12 Jan's desk is empty.\n\n"
                                               "We meet 4 December with Priya.\n"})
    assert not {"5 March", "12 Jan"} & names
    assert "4 December" in names


@pytest.mark.parametrize("text", [
    # a noun that takes a number as its name, then a month's word that is no date's (review revH: a school parent's
    # `Year 2`, `Group 2` made yearless dates)
    "- Year 2 March assembly was lovely", "- Signed the Year 4 June trip form", "- Jack is in Group 2 April spellings",
    "- Emma moved up to Stage 5 March reading books", "- Bus 7 August timetable changes",
])
def test_a_numbered_noun_before_a_month_is_no_date(text):
    assert find_dates(text) == []


@pytest.mark.parametrize("text,dates", [
    ("Deadline 18 December", [("18 December", "--12-18")]),
    ("Parents evening 9 Dec 4pm", [("9 Dec", "--12-09")]),
    ("Room 12, 4 June", [("4 June", "--06-04")]),
    ("the year 2 March 2026", [("2 March 2026", "2026-03-02")]),  # with its year: a date
])
def test_a_day_after_other_words_stays_a_date(text, dates):
    assert find_dates(text) == dates


@pytest.mark.parametrize("text,dates", [
    # a numbered noun in lower case is a sentence's noun: the day after it a date (review revJ)
    ("Drinks with the team 14 February at the Crown.", [("14 February", "--02-14")]),
    ("Back on the bus 7 August after the holiday, finally.", [("7 August", "--08-07")]),
    ("Went to the gym with the class 3 June and felt great.", [("3 June", "--06-03")]),
])
def test_a_numbered_noun_in_lower_case_leaves_the_day_a_date(text, dates):
    assert find_dates(text) == dates
