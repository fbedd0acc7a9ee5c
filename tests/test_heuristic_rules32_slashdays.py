"""Heuristic rules 32, slashdays' part: a yearless slashed day where a date is written (`- 30/11 - p.40-52`, `| 14/11 |
15:30 |`, `- 12/11 applied`, `- Tue 8/12: past paper`), read in a settled day order, of its note's year (session
57's UK parent and job seeker: their logs' days were no dates; `mrag show` listed the front matter's day alone)."""

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
_CREATED = "---\ncreated: 2026-12-04\n---\n"


def test_a_logs_days_opening_their_lines_and_rows_are_read_in_the_vaults_order(tmp_path):
    notes = {
        **_UK,
        "reading log.md": _CREATED + "# Noah - reading log\n- 30/11 - Boy at the Back of the Class p.40-52\n"
                                     "- 1/12 - p.52-60\n- 2/12 - at Tom's (not signed!!)\n"
                                     "- 12/12 - Beast Quest\n- 13/12 - 2 chapters\n",
        # a log created in March and kept since: its days are of the year it was kept in, not the nearest March's
        "inhaler.md": "---\nupdated: 2026-12-03 08:20:31Z\ncreated: 2026-03-12 10:00:00Z\n---\n# Inhaler log\n"
                      "| Date | Time | Puffs | Why |\n|---|---|---|---|\n"
                      "| 14/11 | 15:30 | 2 | after PE |\n| 22/11 | 02:10 | 4 | woke up wheezy |\n"
                      "| 3/12 | 07:15 | 2 | morning cough |\n",
        "monzo.md": _CREATED + "# Monzo\n## Timeline\n- 12/11 applied via website\n- 20/11 recruiter screen w/ Priya\n",
        "leak.md": _CREATED + "# Leak\n22/11 - first noticed\n28/11: dripping again\nrang on 19/11 about it\n",
    }
    days = _days(synced_names(tmp_path, notes))
    assert {"2026-11-30", "2026-12-01", "2026-12-02", "2026-12-12", "2026-12-13", "2026-11-14", "2026-11-22",
            "2026-12-03", "2026-11-12", "2026-11-20", "2026-11-28"} <= days, days
    # mid-sentence a yearless day stays unread (rules 30's reviewers' figures), nor the month-first readings
    unread = {"2026-11-19", "2026-11-03", "2026-01-12", "2026-02-12", "2026-12-11", "2025-11-14", "2025-11-22"}
    assert not unread & days, days


def test_a_day_with_its_weekday_is_read_alone_and_only_on_its_weekday(tmp_path):
    notes = {**_UK, "revision.md": _CREATED + "# Maya - science revision\nEnd of unit test: Friday 11/12 (atoms)\n"
                                              "- Tue 8/12: past paper\n- Mon 9/12: mistakes\n"
                                              "| Sun 22/11 | 3.5 | data cleaning |\n"}
    days = _days(synced_names(tmp_path, notes))
    assert {"2026-12-11", "2026-12-08", "2026-11-22"} <= days, days
    assert not {"2026-12-09", "2025-12-09", "2027-12-09"} & days, days  # 9 Dec 2026 is a Wednesday: a typo


@pytest.mark.parametrize("text", [
    "- 3/4 cup flour\n- 1/2 price at Tesco\n- 2/3 of the class\n- 12/12 tickets sold\n",
    "- 24/7 support line\n- 50/50 split\nscored 7/10\nsee p. 12/13\nissue 3/12 of the series\nv1/2 notes\n",
    "| Mock | Score |\n|---|---|\n| Monzo | 7/10 |\n| Wise | 8/10 |\n",
    "- 6/8 rhythm\n- 1/2 marathon done!\n- 10/10 would recommend\n",
    "- 3/12 tests passing\nlater that week\n",  # one day, no label, no weekday: no log
    "1/3 why the budget is wrong\n2/3 the figures\n3/3 what to do\n",  # a thread's parts, counted to its end
])
def test_figures_where_a_date_may_be_are_no_days(tmp_path, text):
    days = _days(synced_names(tmp_path, {**_UK, "2026-12-04 note.md": text}))
    assert days <= {"2026-12-04", "2026-12-10", "2026-11-20", "2026-10-14", "2027-10-14"}, days


def test_no_settled_order_or_no_note_date_reads_none(tmp_path):
    log = "# Reading log\n- 30/11 - p.40-52\n- 1/12 - p.52-60\n- 2/12 - finished\n"
    assert not {"2026-12-01", "2026-12-02"} & _days(synced_names(tmp_path / "a", {"log.md": _CREATED + log}))
    undated = _days(synced_names(tmp_path / "b", {**_UK, "log.md": log}))
    assert not {"2026-11-30", "2026-12-01", "2026-12-02"} & undated, undated
