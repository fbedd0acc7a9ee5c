"""Heuristic rules 33, slashdays2's part (session 58's carer, a Simplenote export typed on a UK phone): a yearless
slashed day with a weekday in lower case (`fri 27/11`, `tues 1/12`, `thurs 3/12`) is read as its capitalised form
was; a dated note's own `27/11`s settle its day order; a column of yearless slashed days opening three lines or more,
in the order of their days from the note's date on, is a log (`4/11 - bathroom`, `18/11 - garden step`). Ratings,
fractions, odds, scores, counts and a US vault's figures stay figures."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


def test_the_rules_are_33():
    assert VERSION >= 33


def _days(names: set[str]) -> set[str]:
    return {n for n in names if n[:2] in ("19", "20") and len(n) == 10}


_UK = {  # two notes writing a day-first day with its year: the vault's order is day first (rules 30)
    "damp.md": "# Damp survey\nSurvey booked for 10/12/2026 at 9am. Quote sent 20/11/2026.\n",
    "boiler.md": "# Boiler\nServiced 14/10/2026, next due 14/10/2027.\n",
}
_US = {
    "damp.md": "# Damp survey\nSurvey booked for 12/10/2026 at 9am. Quote sent 11/20/2026.\n",
    "boiler.md": "# Boiler\nServiced 10/14/2026, next due 10/14/2027.\n",
}
_UK_DAYS = {"2026-12-10", "2026-11-20", "2026-10-14", "2027-10-14"}
_US_DAYS = {"2026-12-10", "2026-11-20", "2026-10-14", "2027-10-14"}


def _dated(day: str) -> str:
    return f"---\ncreated: {day}\n---\n"


_DN = ("DN visits\r\ndistrict nurse team - tues + fri mornings\r\nfri 27/11 DN Carol - dressed skin tear\r\n"
       "tues 1/12 DN Mark - healing\r\nthurs 3/12 gp\r\nnext DN visit tues 8/12 (weekly now)\r\n")


def test_lower_case_weekdays_are_read_and_the_notes_own_27_11_settles_its_order(tmp_path):
    # her DN visits, no setting and no vault evidence: `27/11` is a day only day first, so the note is day first
    days = _days(synced_names(tmp_path, {"DN visits.md": _dated("2026-11-17") + _DN}))
    assert {"2026-11-27", "2026-12-01", "2026-12-03", "2026-12-08"} <= days, days


def test_weds_and_a_lower_case_weekday_in_a_settled_vault(tmp_path):
    note = _dated("2026-11-17") + "- weds 2/12 podiatry\n- mon 7/12 bins\nspoke to Kev thu 3/12 about xmas\n"
    days = _days(synced_names(tmp_path, {**_UK, "plan.md": note}))
    assert {"2026-12-02", "2026-12-07", "2026-12-03"} <= days, days


def test_a_lower_case_weekday_on_another_day_or_unsettled_reads_none(tmp_path):
    wrong = _dated("2026-11-17") + "- fri 3/12 gp\n"  # 3 Dec 2026 is a Thursday
    assert not {"2026-12-03", "2026-03-12"} & _days(synced_names(tmp_path / "a", {**_UK, "a.md": wrong}))
    unsettled = _dated("2026-11-17") + "- tues 1/12 DN\n- fri 4/12 DN\n"  # 12 Jan 2027 is a Tuesday too
    assert not {"2026-12-01", "2027-01-12"} & _days(synced_names(tmp_path / "b", {"b.md": unsettled}))


_FALLS = ("Falls log\n4/11 - bathroom, slipped getting out of bath\n8/11 - hypo + fall in kitchen\n"
          "18/11 - garden step, tripped\n26/11 - night, by the bed about 3am\n2/12 - hallway, slid down the wall\n\n"
          "told OT about all of these\n")


def test_a_falls_log_is_read_its_order_settled_by_its_own_days(tmp_path):
    days = _days(synced_names(tmp_path, {"Falls log.md": _dated("2026-11-04") + _FALLS}))
    assert {"2026-11-04", "2026-11-08", "2026-11-18", "2026-11-26", "2026-12-02"} <= days, days


def test_a_one_month_log_past_the_12th_is_read_the_first_twelve_days_not(tmp_path):
    sugars = _dated("2026-11-01") + ("Blood sugars Nov\n1/11 8.05am 7.4\n3/11 8am 6.9\n8/11 8am 3.8 !! hypo\n"
                                     "9-13/11 in hospital\n14/11 8.30am 8.8\n18/11 6.10pm 13.1\n30/11 8am 7.9\n")
    days = _days(synced_names(tmp_path / "a", {"sugars.md": sugars}))  # `14/11` settles its order
    assert {"2026-11-03", "2026-11-08", "2026-11-14", "2026-11-18", "2026-11-30"} <= days, days
    # no day past the 12th: 1/12 .. 6/12 might as well be numbered parts, even in a day-first vault (fixSD2)
    first = _dated("2026-12-01") + "Blood sugars Dec\n1/12 7.45am 6.8\n2/12 7.30am 7.5\n3/12 8am 8.0\n6/12 6pm 11.2\n"
    days = _days(synced_names(tmp_path / "b", {**_UK, "sugars.md": first}))
    assert days <= {"2026-12-01"} | _UK_DAYS, days


@pytest.mark.parametrize("name", ["Falls.md", "Daily/2026-11-04.md"])
def test_a_log_is_read_without_a_weekday_s_letters_in_its_note(tmp_path, name):
    # fixSD2 (review 1): the log was read only when the chunk wrote `sat`, `ted` (`created:`), `tri` somewhere
    front = "---\ndate: 2026-11-04\n---\n" if name == "Falls.md" else ""
    text = front + "Falls\n4/11 - bathroom\n18/11 - garden\n2/12 - hallway\n"
    days = _days(synced_names(tmp_path, {**_UK, name: text}))
    assert {"2026-11-18", "2026-12-02"} <= days, days


def test_a_log_goes_forward_from_its_note_across_one_new_year(tmp_path):
    log = _dated("2026-11-04") + "- 4/11 started\n- 20/12 better\n- 10/2 worse\n- 1/4 ok\n- 20/5 ok\n- 20/6 fine\n"
    days = _days(synced_names(tmp_path, {**_UK, "log.md": log}))
    assert {"2026-11-04", "2026-12-20", "2027-02-10", "2027-04-01", "2027-06-20"} <= days, days
    assert "2026-06-20" not in days, days  # the nearest to the note's day, but the log runs forward


def test_a_us_log_in_a_us_vault_reads_month_first(tmp_path):
    log = _dated("2026-11-04") + "11/4 - bathroom\n11/8 - kitchen\n11/18 - garden\n12/2 - hallway\n"
    days = _days(synced_names(tmp_path, {**_US, "falls.md": log}))
    assert {"2026-11-04", "2026-11-08", "2026-11-18", "2026-12-02"} <= days, days


@pytest.mark.parametrize("created, text", [
    # made on the days the figures would be, in a day-first vault: still figures
    ("2026-10-06", "# Films\n9/10 - Dune\n7/10 - Wicked\n8/10 - Conclave\n"),
    ("2026-10-06", "# Films\n- 7/10 Wicked\n- 8/10 Conclave\n- 9/10 Dune\n- 9/10 Anora\n"),  # in order, even
    ("2026-02-01", "# Pancakes\n- 1/2 cup flour\n- 1/2 tsp salt\n- 3/4 cup milk\n"),
    ("2026-02-01", "# Guac\n- 1/2 avocado\n- 1/2 red chilli\n- 3/4 red onion\n"),
    ("2027-01-03", "# Boxing day bets\n- 5/1 Corach Rambler (Dad)\n- 6/1 Noble Yeats (me)\n- 8/1 I Am Maximus\n"),
    ("2026-12-07", "# Sweep\n- 11/4 fav\n- 5/1 Kev\n- 6/1 me\n- 8/1 Sam\n"),
    ("2026-01-03", "# Scores\n- 3/1 v Leeds\n- 2/2 v Hull\n- 4/1 v Stoke\n"),
    ("2026-12-02", "# Wolf Hall\n- 3/12 chapters\n- 5/12 chapters\n- 8/12 chapters\n"),
    ("2026-12-02", "# Reading\n- 1/3 of the book\n- 2/3 of it\n- 3/3 done\n"),
    ("2026-03-01", "# Tests\n- 7/10 spelling\n- 8/10 maths\n- 10/10 reading\n"),
    ("2026-12-07", "# Ladder\n- 6/4 6/3 beat Tom\n- 7/5 6/2 lost to Sam\n- 6/1 6/0 beat Jo\n"),
    ("2026-12-07", "# School\n- 10/12: nativity 2pm\n- 16/12: last day of term\n"),  # two lines: no log
    ("2026-12-07", "Maya sat 3/4 papers\nwed 3/2 done\nin the sun 6/12 of the time\n"),  # Wed 3 Feb 2027
    # fixSD2 (review 2, 4): numbered parts, ratings, sizes, a tracker's episodes, odds: no figure past the 12th
    ("2026-12-03", "Thread on the merger\n1/12 intro\n2/12 history\n3/12 the deal\n4/12 fallout\n5/12 now\n"),
    ("2026-11-02", "Essay plan\n1/11 intro\n2/11 context\n3/11 argument\n4/11 counter\n"),
    ("2026-12-02", "Sofa payments\n- 1/12 paid £80\n- 2/12 paid £80\n- 3/12 paid £80\n"),
    ("2026-10-07", "- 7/10 Monzo\n- 8/10 Wise\n- 9/10 Starling\n- 10/11 Revolut\n"),
    ("2026-08-05", "Watching\n- 2/8 Severance\n- 6/9 Slow Horses\n- 1/10 The Bear\n- 4/11 The Crown\n"),
    ("2026-01-05", "Bets\n- 5/1 Corach Rambler\n- 6/1 Noble Yeats\n- 8/1 I Am Maximus\n"),
    ("2026-01-05", "Bets\n- 5/1 Corach Rambler\n- 7/1 Noble Yeats\n- 12/1 I Am Maximus\n"),
    # fixSD2 (review 3): lower-case `sat`, `sun`, `wed` are words' opening a line too, a short name before a count's
    ("2026-12-07", "sat 5/12 papers, 4 to go\n"),  # Sat 5 Dec 2026
    ("2026-04-10", "Maya\nsat 4/4 of the mock papers\nsun 1/2 day at nan's\n"),  # Sat 4 Apr, Sun 1 Feb 2026
    ("2026-12-01", "Staff\nby fri 4/12 of us are off\n"),  # Fri 4 Dec 2026
])
def test_figures_are_no_log(tmp_path, created, text):
    days = _days(synced_names(tmp_path, {**_UK, "note.md": _dated(created) + text}))
    assert days <= {created} | _UK_DAYS, days


def test_a_uk_log_in_a_us_vault_is_no_log(tmp_path):
    # month first, 18/11 is no day: the column is no log, and the note's `18/11` does not outvote the setting
    days = _days(synced_names(tmp_path, {**_US, "falls.md": _dated("2026-11-04") + _FALLS}))
    assert days <= {"2026-11-04"} | _US_DAYS, days


def test_a_us_thread_in_parts_of_one_whole_is_no_log(tmp_path):
    # month first, `1/15` .. `4/15` would be the 15th of January to April
    text = _dated("2026-01-15") + "Thread\n1/15 intro\n2/15 history\n3/15 the deal\n4/15 fallout\n"
    days = _days(synced_names(tmp_path, {**_US, "t.md": text}))
    assert days <= {"2026-01-15"} | _US_DAYS, days


def test_capitalised_sat_sun_wed_still_read(tmp_path):
    note = _dated("2026-11-17") + "Sat 5/12 respite\nlunch Sun 6/12\n- Wed 2/12 podiatry\n"
    days = _days(synced_names(tmp_path, {**_UK, "plan.md": note}))
    assert {"2026-12-05", "2026-12-06", "2026-12-02"} <= days, days


@pytest.mark.parametrize("created", ["0001-01-05", "0001-01-01T00:00:00Z", "9999-12-30"])
def test_a_log_in_a_note_of_year_one_is_no_crash(tmp_path, created):
    # fixSD2 (review 5): the year before year 1 was `--01-01`, and sync raised ValueError
    from minirag_cli.dayorder import _going_forward

    assert _going_forward([(1, 1), (1, 2), (1, 13)], created) is None
    assert _going_forward([(12, 20), (12, 28), (12, 31)], created) is None
    log = f"---\ncreated: {created}\n---\nlog\n1/1 x sat\n2/1 y\n3/1 z\n13/1 w\n"
    days = _days(synced_names(tmp_path, {**_UK, "a.md": log}))
    assert days <= {created[:10]} | _UK_DAYS, days


def test_an_undated_note_reads_no_log(tmp_path):
    days = _days(synced_names(tmp_path, {**_UK, "Falls log.md": _FALLS}))
    assert days <= _UK_DAYS, days
