"""Heuristic rules 32, slash2y's part: a slashed day with a year of two figures (`Sent: 16/11/26`, `Due: 14/12/26`,
`15/12/26 10:00`, the US's `11/16/26`) is a date, read as narrowly as one with four (session 57's journalist: none of
her FOI, court and recording days was a date)."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import VERSION
from minirag_cli.tasks import select
from minirag_cli.text import ambiguous_slashed_days, date_terms, find_dates
from tests.conftest import synced_names


@pytest.fixture(autouse=True)
def in_2026(monkeypatch):
    """A two-figure year is read near this year (text.this_year): these notes are read in 2026."""
    monkeypatch.setattr("minirag_cli.text.this_year", lambda: 2026, raising=False)


def test_the_rules_are_32():
    assert VERSION >= 32


@pytest.mark.parametrize("text, surface, iso", [
    ("Sent: 16/11/26", "16/11/26", "2026-11-16"),
    ("Due: 14/12/26 (20 working days)", "14/12/26", "2026-12-14"),
    ("- 22/10/26 — first hearing, adjourned", "22/10/26", "2026-10-22"),
    ("- **15/12/26 10:00** — plea hearing, Court 2", "15/12/26", "2026-12-15"),
    ("| JO_261126.m4a | Janet Okoro | 26/11/26 | yes |", "26/11/26", "2026-11-26"),
    ("Harrowfield Magistrates, Thurs 19/11/26. Case HM-2026-04417.", "19/11/26", "2026-11-19"),
    ("Flights booked 11/16/26, returning 1/4/27", "11/16/26", "2026-11-16"),  # the US's
    ("Response due: 20 working days -> **30/11/26**", "30/11/26", "2026-11-30"),
    ("Valentine's dinner 2/14/26", "2/14/26", "2026-02-14"),  # one step apart: a day all the same (fixS2)
    ("Flight 10/18/26 to JFK", "10/18/26", "2026-10-18"),
    ("It's 16/11/26 today", "16/11/26", "2026-11-16"),  # after a word slash2y took for a reference's
    ("Chloe's 14/12/26 nativity", "14/12/26", "2026-12-14"),
    ("Album release 14/12/26", "14/12/26", "2026-12-14"),
    ("Lesson 16/11/26: fractions", "16/11/26", "2026-11-16"),
    ("## 20/11/26 Year 10 parents' evening", "20/11/26", "2026-11-20"),  # before a word slash2y took for a count's
    ("16/11/26 Day 4 of Whole30", "16/11/26", "2026-11-16"),
    ("## 16/11/26 Week 47 review", "16/11/26", "2026-11-16"),
    ("16/11/26 pages 40-80 of Middlemarch", "16/11/26", "2026-11-16"),
    ("Mon 16/11/26 hours 7.5", "16/11/26", "2026-11-16"),
    ("Bought 16/11/23, returned 16/11/29", "16/11/23", "2023-11-16"),  # 3 years either side of this year
])
def test_a_slashed_day_with_a_year_of_two_figures_is_a_date(text, surface, iso):
    assert (surface, iso) in find_dates(text)


@pytest.mark.parametrize("text", [
    "3/4/5 rating", "steps 1/2/3", "24/7/365 support", "call 07/12/345", "INV/26/11/16", "a/b/c",
    "https://example.com/2026/16/11/26", "ref 1216/11/26", "16/11/26/4", "16/11/26.5 kg", "Call 0161/12/26",
    # a year more than 3 from this year: a count's numbers (review of slash2y)
    "- Bench press: 15/12/10", "- Bench 20/12/10 @ 60kg", "K/D/A 15/3/12 on Ascent", "Asset allocation 20/10/70",
    "Tickets £20/12/15 (adult/child/concession)", "Temps 22/11/16", "Score: 13/11/20", "Curls 12/15/20 lbs",
    "Loan terms 12/24/48", "Ratio 3:1, mixes 30/10/60", "10/12/14 sets", "12/13/14", "11/11/11", "sizes 10/12/16",
    "DOB 25/04/75", "Bought 16/11/22", "Due 16/11/30",
])
def test_three_numbers_that_are_a_count_or_a_path_are_no_day(text):
    assert not [iso for surface, iso in find_dates(text) if "/" in surface], find_dates(text)
    assert not ambiguous_slashed_days(text)


def test_the_years_read_move_with_this_year(monkeypatch):
    monkeypatch.setattr("minirag_cli.text.this_year", lambda: 2011, raising=False)
    assert ("15/12/10", "2010-12-15") in find_dates("- Bench press: 15/12/10")
    assert not [iso for surface, iso in find_dates("Sent: 16/11/26") if "/" in surface]


def test_two_figures_read_as_strftimes_y():
    from minirag_cli.text import two_figure_year

    assert [two_figure_year(y) for y in ("00", "26", "68", "69", "99")] == [2000, 2026, 2068, 1969, 1999]


def test_an_ambiguous_one_is_read_as_a_weekday_settles_it_not_the_notes_two_figure_days(tmp_path):
    names = synced_names(tmp_path, {
        # a weekday settles it alone: 2 November 2026 is a Monday
        "backlog.md": "# FOI repairs backlog\n\nSent: Mon 02/11/26 via their web form.\n",
        # the note's `16/11/26` is no evidence of its order (fixS2): `05/06/26` stays no date
        "foi.md": "# FOI police stop and search\n\nSent: 16/11/26\nFiled 05/06/26.\n",
    })
    assert {"2026-11-16", "2026-11-02"} <= names
    assert not {"2026-02-11", "2026-05-06", "2026-06-05"} & names


@pytest.mark.parametrize("files, present, absent", [
    # a US vault (four notes month first) and a gym log's count: the order stays month-first, `07/08/2027` July 8
    ({"Car.md": "# Car\n\nMOT done 10/28/2026. Insurance renews 03/04/2027.\n",
      "Dentist.md": "# Dentist\n\nCheckup 07/08/2027.\n",
      "Gym.md": "# Gym log\n\n## Push day\n- Bench press: 15/12/10\n- Incline DB 3x10\n\n"
                "Membership renewed 01/15/2027.\n",
      "Trip planning.md": "# Trip planning\n\nFlights booked 11/20/2026. Hotel confirmed 11/21/2026.\n"
                          "Passport renewal appointment 05/06/2027.\n"},
     {"2027-07-08", "2027-05-06", "2027-01-15"}, {"2010-12-15", "2027-08-07"}),
    # one US note: a count is no day-first evidence, its `05/06/2027` no date
    ({"plan.md": "# Plan\n\nFollow-up 05/06/2027.\n\n- Bench press: 15/12/10\n"}, set(),
     {"2027-06-05", "2027-05-06", "2010-12-15"}),
    # a UK note: `12/15/25` (read, a day near now) is no month-first evidence against its `20/11/2026`
    ({"log.md": "# Training log\n\nSeen physio 20/11/2026.\nNext review 05/06/2027.\n\n"
                "- Bench press: 12/15/20 reps\n- Rows 12/15/25\n"},
     {"2026-11-20", "2027-06-05"}, {"2020-12-15", "2027-05-06"}),
    # a vault writing dd/mm/yy only: no order from them, `05/06/26` no date (as the store's evidence reads it)
    ({f"day{n}.md": f"# Day {n}\n\nHeard {d}/11/26.\n" for n, d in enumerate((16, 17, 18, 19, 23))}
     | {"filed.md": "# Filed\n\nFiled 05/06/26.\n"},
     {"2026-11-16", "2026-11-23"}, {"2026-06-05", "2026-05-06"}),
])
def test_two_figure_years_are_no_day_order_evidence(tmp_path, files, present, absent):
    names = synced_names(tmp_path, files)
    assert present <= names and not absent & names, sorted(n for n in names if n[:1].isdigit())


def test_a_questions_day_with_two_figures_is_its_day():
    assert date_terms("what's on 15/12/26") == date_terms("what's on 15/12/2026") == ['"20261215"', '"2026 12 15"']
    assert date_terms("what is on 10/18/26?") == date_terms("what is on 18 October 2026?")
    assert date_terms("how heavy was bench 15/12/10?") == date_terms("how heavy was bench?")  # no day near now


def test_a_tasks_deadline_with_two_figures():
    found = select([("/notes", "TODO.md", "", ["- [ ] chase the police FOI due 14/12/26"])], state="all",
                   today=dt.date(2026, 12, 7), day_order="")
    assert found[0].to_dict()["due"] == "2026-12-14"
