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
    ("DOB 25/04/75", "25/04/75", "1975-04-25"),  # 69-99: the 1900s
])
def test_a_slashed_day_with_a_year_of_two_figures_is_a_date(text, surface, iso):
    assert (surface, iso) in find_dates(text)


@pytest.mark.parametrize("text", [
    "3/4/5 rating", "steps 1/2/3", "24/7/365 support", "call 07/12/345", "INV/26/11/16", "a/b/c",
    "p. 12/13/14", "see pp 12/10/26", "10/12/14 sets", "12/10/8 reps then 15/12/26 sets", "3/12/24 months warranty",
    "sizes 10/12/16", "Rating: 4/5/10", "W/D/L: 10/04/12", "score 13/11/20", "11/11/11", "12/13/14",
    "https://example.com/2026/16/11/26", "ref 1216/11/26", "16/11/26/4", "16/11/26.5 kg", "split 30/20/10",
])
def test_three_numbers_that_are_a_count_or_a_path_are_no_day(text):
    assert not [iso for surface, iso in find_dates(text) if "/" in surface], find_dates(text)
    assert not ambiguous_slashed_days(text)


def test_two_figures_read_as_strftimes_y():
    from minirag_cli.text import two_figure_year

    assert [two_figure_year(y) for y in ("00", "26", "68", "69", "99")] == [2000, 2026, 2068, 1969, 1999]


def test_an_ambiguous_one_is_read_as_the_note_settles_it(tmp_path):
    names = synced_names(tmp_path, {
        # the note writes its days day first (`16/11/26`): its `02/11/26` is 2 November
        "foi.md": "# FOI police stop and search\n\nSent: 16/11/26\nAcknowledged 02/11/26.\n",
        # a weekday settles it alone: 2 November 2026 is a Monday
        "backlog.md": "# FOI repairs backlog\n\nSent: Mon 02/11/26 via their web form.\n",
        # nothing settles it: no date
        "misc.md": "# Misc\n\nFiled 05/06/26.\n",
    })
    assert {"2026-11-16", "2026-11-02"} <= names
    assert not {"2026-02-11", "2026-05-06", "2026-06-05"} & names


def test_a_questions_day_with_two_figures_is_its_day():
    assert date_terms("what's on 15/12/26") == date_terms("what's on 15/12/2026") == ['"20261215"', '"2026 12 15"']
    assert date_terms("what's on 12/13/14 p. 4") == date_terms("what's on p. 4")  # a run of numbers is no day


def test_a_tasks_deadline_with_two_figures():
    found = select([("/notes", "TODO.md", "", ["- [ ] chase the police FOI due 14/12/26"])], state="all",
                   today=dt.date(2026, 12, 7), day_order="")
    assert found[0].to_dict()["due"] == "2026-12-14"
