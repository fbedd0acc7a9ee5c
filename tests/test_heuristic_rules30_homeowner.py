"""Heuristic rules 30 (noise2: session 55's homeowner's vault). A journal's `# Sun 15 Nov` named Sun; a rent table's `LATE 8 days`, `NOT RECEIVED yet`,
a receipt's `PAID CASH WITH THANKS` and an EICR's `- SATISFACTORY.` were names. Each family, and the ordinary lines
the rules must leave as they were."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


# --- a weekday's three letters before its day of the month


@pytest.mark.parametrize("text", [
    "# Sun 15 Nov\n\nMoved the wardrobe to hoover behind it.",
    "# Sun 6 Dec 2026\n\nQuiet day.",
    "# Sun, 15 Nov 2026\n\nQuiet day.",
    "# Sun 15/11\n\nQuiet day.",
    "We went to the tip on Sun 15th with the old mattress.",
    "Went on Sun 15/11 to the tip.",
    "Met at the pub on Sun Nov 15 after the match.",
    "Fitting booked: **Sun 20 Dec**, 8am.",
])
def test_a_weekday_before_its_day_names_nothing(text):
    assert "Sun" not in names(text)


@pytest.mark.parametrize("text, name", [
    ("Sun Li came round on Sun 15 Nov to look at the boiler.", "Sun Li"),
    ("Dr Sun 2019 says the damp is rising damp.", "Sun"),
    ("I met Sun at the pub; met Sun 15 minutes later again.", "Sun"),
    ("Prof. Sun 12 pages of notes on the roof.", "Sun"),
    ("Sun Microsystems shipped it on 3 May.", "Sun Microsystems"),
    ("The loft is lovely, asked Sun about it.", "Sun"),
])
def test_sun_the_name_stays(text, name):
    assert name in names(text)


def test_the_other_weekdays_stay_no_names():
    for day in ("Sat", "Wed", "Mon", "Tues", "Thurs"):
        assert day not in names(f"# {day} 15 Nov\n\nQuiet day.")


# --- a record's status in capitals


@pytest.mark.parametrize("text", [
    "| Month | Amount | Notes |\n|---|---|---|\n| Nov | £950.00 | LATE 8 days - new bank acct |\n"
    "| Dec | | NOT RECEIVED yet. texted him |",
    "Labour + parts £145.00. PAID CASH WITH THANKS.",
    "Checked 2 Sept 2026 by the electrician - SATISFACTORY. Valid 5 yrs.",
    "| Bill | Status |\n|---|---|\n| Water bill | PAID |\n| Council tax | OVERDUE |",
    "Rent PAID. Invoice OVERDUE. Deposit REFUNDED. Order CANCELLED.",
])
def test_a_shouted_status_names_nothing(text):
    assert names(text) == set()


@pytest.mark.parametrize("text, expected", [
    ("| Who | Status |\n|---|---|\n| BRITISH GAS | PAID |\n| HMRC | RECEIVED |\n| NHS | LATE |\n| TESCO | x |",
     {"BRITISH GAS", "HMRC", "NHS", "TESCO"}),
    ("Paid BRITISH GAS and TESCO today. Letter from HMRC.", {"BRITISH GAS", "TESCO", "HMRC"}),
    ("Letter came. HMRC RECEIVED my return.", {"HMRC"}),
    ("Still owe them, PAID British Gas on Friday.", {"British Gas"}),
    ("We watched The Late Show with Anna.", {"Late Show", "Anna"}),
    ("Called Paid Media about the ad.", {"Paid Media"}),
])
def test_names_beside_a_status_stay(text, expected):
    assert expected <= names(text)
