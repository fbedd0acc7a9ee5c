"""Heuristic rules 32, slashdays' part as fixSD mended it: a yearless slashed day written with its weekday (`- Tue
8/12: past paper`, `Friday 11/12`, `| Sun 22/11 |`), read in a settled day order, is a date of its note's year when
the weekday is that day's (session 57's UK parent: a revision plan's days were no dates). A figure without its weekday
stays a figure wherever it stands (the review of slashdays: its log and label rules read film ratings, marks, a
thread, recipes, odds, tennis scores as dates)."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


def test_the_rules_are_32():
    assert VERSION >= 32


def _days(names: set[str]) -> set[str]:
    return {n for n in names if n[:2] in ("19", "20") and len(n) == 10}


# two notes writing a day-first day with its year: the vault's order is day first (rules 30)
_UK = {
    "damp.md": "# Damp survey\nSurvey booked for 10/12/2026 at 9am. Quote sent 20/11/2026.\n",
    "boiler.md": "# Boiler\nServiced 14/10/2026, next due 14/10/2027.\n",
}
_UK_DAYS = {"2026-12-10", "2026-11-20", "2026-10-14", "2027-10-14"}
_CREATED = "---\ncreated: 2026-12-04\n---\n"


def test_a_day_with_its_weekday_is_read_and_only_on_its_weekday(tmp_path):
    notes = {**_UK, "revision.md": _CREATED + "# Maya - science revision\nEnd of unit test: Friday 11/12 (atoms)\n"
                                              "- Tue 8/12: past paper\n- Mon 9/12: mistakes\n"
                                              "| Sun 22/11 | 3.5 | data cleaning |\nmock on 15/12 (Tue)\n"}
    days = _days(synced_names(tmp_path, notes))
    assert {"2026-12-11", "2026-12-08", "2026-11-22", "2026-12-15"} <= days, days
    assert not {"2026-12-09", "2025-12-09", "2027-12-09"} & days, days  # 9 Dec 2026 is a Wednesday: a typo


def test_a_daily_note_dated_by_its_name_reads_its_own_year_not_its_last_edit(tmp_path):
    # the review's repro: `modified:` a year on is a touch; `Fri 21/11` is 2025-11-21, a Friday
    notes = {**_UK, "Daily/2025-11-20.md": "---\nmodified: 2026-11-25\n---\n- Fri 21/11: parents eve\n"
                                           "- Sat 22/11: boiler man\n"}
    days = _days(synced_names(tmp_path, notes))
    assert {"2025-11-21", "2025-11-22"} <= days, days
    assert not {"2026-11-21", "2026-11-22"} & days, days


def test_a_rota_kept_to_its_last_edit_reads_that_year_and_one_slip_does_not(tmp_path):
    rota = ("---\ncreated: 2026-01-04\nupdated: 2026-11-29\n---\n# Weekend rota\n- Sun 22/11 Dad\n- Sun 29/11 Mum\n"
            "- Sat 5/12 Dad\n")
    days = _days(synced_names(tmp_path / "a", {**_UK, "rota.md": rota}))
    assert {"2026-11-22", "2026-11-29", "2026-12-05"} <= days, days
    slip = "---\ncreated: 2026-01-04\nupdated: 2026-11-29\n---\n# Plans\n- swap Sun 22/11?\n"
    days = _days(synced_names(tmp_path / "b", {**_UK, "plans.md": slip}))
    assert not {"2026-11-22", "2025-11-22"} & days, days


def test_a_trip_true_by_its_created_day_keeps_that_year(tmp_path):
    # the review's item 4: `updated:` a year on moved the trip to the next Christmas
    trip = "---\ncreated: 2026-01-05\nupdated: 2026-12-03\n---\n# Xmas trip\n- Sun 28/12: flew out\n- Fri 2/1: home\n"
    days = _days(synced_names(tmp_path, {**_UK, "trip.md": trip}))
    assert {"2025-12-28", "2026-01-02"} <= days, days
    assert not {"2026-12-28", "2027-01-02"} & days, days


def test_an_impossible_last_edit_stops_no_sync(tmp_path):
    # the review's crash: `updated: 2026-02-30` (no such day) was `unexpected ValueError`
    note = "---\ncreated: 2026-11-01\nupdated: 2026-02-30\n---\n- Sat 28/11: dripping\n- 29/11: still\n"
    days = _days(synced_names(tmp_path, {**_UK, "leak.md": note}))
    assert "2026-11-28" in days and "2026-11-29" not in days, days


@pytest.mark.parametrize("text", [
    # the review of slashdays' item 3: figures where a date may be, in dated notes of day-first order
    "## Ratings\n- 7/10 Wicked\n- 8/10 Conclave\n- 9/10 Dune\n",
    "# Test results\n- 7/10: spelling\n- 9/10: maths\n",
    "# Thread draft\n1/3: why the budget is wrong\n2/3: the figures\n3/3: what to do\n",
    "| Score | Bank |\n|---|---|\n| 7/10 | Monzo |\n| 8/10 | Wise |\n",
    "# Mum's meds\n- 1/2 tablet at breakfast\n- 1/2 tablet at bedtime\n",
    "# Guac\n- 1/2 avocado\n- 1/2 red chilli\n- 1/4 red onion\n",
    "# Soup\n- 1/2 onion, diced\n- 1/3 butternut squash\n- 2/3 stock cube\n",
    "# Grand National sweep\n- 5/1 Corach Rambler (Dad)\n- 6/1 Noble Yeats (me)\n- 8/1 I Am Maximus (Sam)\n",
    "# Rooms\n- 2/3 year olds: Acorns\n- 3/4 year olds: Oaks\n",
    "# Club ladder\n- 6/4 6/3 beat Tom\n- 7/5 6/2 lost to Sam\n",
    "- 16/9 TV\n- 21/9 monitor\n",
    "- 1/6 chance\n- 2/6 chance of two\n",
    "| Ratio | Use |\n|---|---|\n| 1/2 | halves |\n| 1/3 | thirds |\n",
    "# School\n- 10/12: nativity 2pm\n- 16/12: last day of term\n",  # label days: no weekday, no day (rules 30)
    "Maya sat 3/4 papers\nwed 3/2 done\n",  # a short weekday in lower case is a verb's, a word's (Wed 3 Feb 2027)
])
def test_figures_without_a_weekday_are_no_days(tmp_path, text):
    days = _days(synced_names(tmp_path, {**_UK, "2026-12-07 note.md": _CREATED + text}))
    assert days <= {"2026-12-07", "2026-12-04"} | _UK_DAYS, days


def test_no_settled_order_or_no_note_date_reads_none(tmp_path):
    plan = "# Revision\n- Tue 8/12: past paper\n- Fri 11/12: test\n"
    assert not {"2026-12-08", "2026-12-11"} & _days(synced_names(tmp_path / "a", {"plan.md": _CREATED + plan}))
    undated = _days(synced_names(tmp_path / "b", {**_UK, "plan.md": plan}))
    assert not {"2026-12-08", "2026-12-11"} & undated, undated
