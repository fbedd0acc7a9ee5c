"""Heuristic rules 33, wdpin's part: in an undated note a yearless day after its weekday (`received Mon 7 Dec`,
`Sent: Tues 1 Dec`) is of the one year near this year in which it is that weekday (session 57's journalist: her
pasted e-mails' days were yearless). And a question's four-figure year grounds on a note's two-figure one
(`what's on 15/12/2026` reached no note writing `15/12/26`)."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import VERSION
from minirag_cli.weekdaydays import pinned_days
from tests.conftest import synced_names, write_notes


@pytest.fixture(autouse=True)
def in_2026(monkeypatch):
    """A weekday pins a year near today (text.this_day): these notes are read on Monday 2026-12-07."""
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2026, 12, 7), raising=False)


def test_the_rules_are_33():
    assert VERSION >= 33


@pytest.mark.parametrize("line, surface, iso", [
    ("Pasted from Gmail, received Mon 7 Dec 08:14:", "7 Dec", "2026-12-07"),
    ("Sent: Tues 1 Dec, 10:00", "1 Dec", "2026-12-01"),
    ("We met on Thursday 26 November at her flat.", "26 November", "2026-11-26"),
    ("Deadline: **Fri 4th Dec**, 5pm.", "4th Dec", "2026-12-04"),
    ("On Monday, December 7 she wrote back.", "December 7", "2026-12-07"),
    ("Hearing adjourned to Mon 7th of December.", "7th of December", "2026-12-07"),
    ("INSET day Mon 4 Jan", "4 Jan", "2027-01-04"),  # the year ahead
    ("Fri 1 Jan: back to work", "1 Jan", "2027-01-01"),  # 25 days ahead: the right weekday near today pins
    ("Old thread: Sat 7 Sep", "7 Sep", "2024-09-07"),  # two years back
    ("Leap day party Thu 29 Feb", "29 Feb", "2024-02-29"),
    ("Mon 7 Dec — Gran 90", "7 Dec", "2026-12-07"),  # a birthday list with its weekdays is of one year
])
def test_an_undated_notes_weekday_pins_its_year(line, surface, iso):
    assert pinned_days(line) == {surface: iso}


@pytest.mark.parametrize("line", [
    "Made it Wed 7 Dec",  # no year from 2023 to 2027 has a Wednesday 7 December: a slip
    "Fri 7 Dec",
    "Serves 4, Mon 7.",  # no month
    "Bake Fri 4th",
    "sat 5 Dec in the car",  # a short name in lower case is a verb's
    "Mon 7 Dec or Wed 7 Dec?",  # one surface, two readings
    "Lisbon 2019: Mon 7 Oct, then Porto",  # 2019 makes it true too (as does 2024)
    "Mon 7 Dec 2020",  # a year of its own
    "7 Dec",  # no weekday
])
def test_no_year_where_the_weekday_names_none_or_two(line):
    assert pinned_days(line) == {}


def test_a_year_in_the_path_is_another_reading():
    assert pinned_days("Day one: Mon 7 Oct", "Trips/Lisbon 2019.md") == {}
    assert pinned_days("Day one: Mon 7 Oct", "Trips/Lisbon.md") == {"7 Oct": "2024-10-07"}


def test_the_year_moves_with_today(monkeypatch):
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2023, 6, 1), raising=False)
    assert pinned_days("received Mon 7 Dec") == {"7 Dec": "2020-12-07"}
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2029, 6, 1), raising=False)
    assert pinned_days("received Mon 7 Dec") == {"7 Dec": "2026-12-07"}  # 3 years back
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: dt.date(2030, 6, 1), raising=False)
    assert pinned_days("received Mon 7 Dec") == {}  # 2026 is 4 years back, 2031's a Sunday


@pytest.mark.parametrize("line", [
    # fixWP (review of wdpin): a day of the six weeks around today written with another weekday is a slip, not a
    # day of years ago: 10 Dec 2026 is a Thursday (2025's a Wednesday), 11 Dec a Friday (2027's a Saturday)
    "- dentist Wed 10 Dec 3pm",
    "Sat 11 Dec: Leo's party",
    "Old thread: Sat 7 Dec",  # 2024's, but this Monday's 7 Dec is nearer
    "Wed 15 Dec, Thu 16 Dec",  # each a slip (15 Dec 2026 is a Tuesday)
])
def test_a_slip_near_today_stays_yearless(line):
    assert pinned_days(line) == {}


@pytest.mark.parametrize("line", [
    # fixWP: ahead only six weeks past today: an old note's `Thu 9 Dec`/`Fri 5 Mar` is no 2027 day
    "Deadline Thu 9 Dec 2pm",
    "Deadline Fri 5 Mar",  # 2027-03-05 is a Friday, 12 weeks ahead
    "Party Wed 20 Jan",  # 2027-01-20 is a Wednesday, 6 weeks and 3 days ahead
])
def test_no_year_further_ahead_than_six_weeks(line):
    assert pinned_days(line) == {}


@pytest.mark.parametrize("line", [
    # fixWP: a two-figure year after the day is the day's year, not the one the weekday pins
    "Sat 5 Dec '15: the flood",
    "Mon 7 Dec '20",
    "Mon 7 Dec 20",
    "Mon 7 Dec, ’20",
    "Monday, December 7, 20",
])
def test_a_two_figure_year_after_the_day_blocks_the_pin(line):
    assert pinned_days(line) == {}


@pytest.mark.parametrize("line, surface", [
    # ... and a time after it does not
    ("received Mon 7 Dec 08:14", "7 Dec"),
    ("Mon 7 Dec 10am, dentist", "7 Dec"),
    ("Mon 7 Dec 10 am, dentist", "7 Dec"),
    ("Mon 7 Dec 7.30pm", "7 Dec"),
    ("Mon 7 Dec 19.30 parish meeting", "7 Dec"),
])
def test_a_time_after_the_day_keeps_the_pin(line, surface):
    assert pinned_days(line) == {surface: "2026-12-07"}


def test_a_pasted_email_is_dated_and_dated_notes_keep_their_reading(tmp_path):
    names = synced_names(tmp_path, {
        "Email from Hannah - Patel update.md": "# Email from Hannah - Patel update\n#chronicle\n\n"
                                               "Pasted from Gmail, received Mon 7 Dec 08:14:\n\n"
                                               "> Can you do the scrutiny follow-up Thursday? 500 words.\n",
        "Pitch - Courier.md": "# Pitch - Courier news desk\n\nSent: Wed 2 Dec, 11:15\n\nHi Dev, 400 words?\n",
        # a note of 2025: its `Mon 7 Dec` is 2025's nearest, whatever its weekday says (as before)
        "Diary 2025-12-01.md": "# Diary\n\nDinner with Gran on Mon 9 Dec.\n",
        # an undated note whose heading names the month and year: the heading's (yearless.py, as before)
        "Planner.md": "# Planner\n\n## December 2025\n\n- Mon 14 Dec: dentist\n",
        # a slip stays yearless
        "Recipe.md": "# Lasagne\n\nServes 4, Mon 7. Made it Thu 8 Dec.\n",
        # a slip in this week's to-do stays a day of this week, not 2025's Wednesday (fixWP)
        "To do.md": "# To do\n\n- dentist Wed 10 Dec 3pm\n",
    })
    assert {"2026-12-07", "2026-12-02", "2025-12-09", "2025-12-14", "8 Dec", "10 Dec"} <= names, sorted(names)
    assert not {"7 Dec", "2 Dec", "2026-12-09", "9 Dec", "2026-12-14", "14 Dec", "2025-12-10"} & names


def test_a_questions_four_figure_year_grounds_on_a_notes_two(tmp_path, conn, embedder, extractor):
    from minirag_cli.graph.grounding import ground
    from minirag_cli.sync import sync_folders

    root = tmp_path / "notes"
    write_notes(root, {"Rentwell.md": "# Rentwell landlord prosecution\n\n- **15/12/26 10:00** — plea hearing\n",
                       "Shopping.md": "# Shopping\n\nMilk, eggs.\n"})
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    for question in ("what's on 15/12/2026", "what's on 15/12/2026?", "what's on 12/15/2026", "what's on 15/12/26",
                     "what's on 15 December 2026", "what's on 2026-12-15"):
        assert "2026-12-15" in {s.name for s in ground(conn, question)}, question
    # a slashed span is a date only when it is one whole: `15/12` alone, a count's `3/4/5`
    assert "2026-12-15" not in {s.name for s in ground(conn, "what's on 15/12/2027")}
    assert not [s for s in ground(conn, "rating 3/4/5") if s.type == "date"]
