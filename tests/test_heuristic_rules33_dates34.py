"""Heuristic rules 33, dates34's part (session 58's grower and chef): a log's yearless slashed days in its headings
(`## 25/7`, `## 15/8 — honey off` under `# Inspections 2026`), in its table's date column (`| 13/6 |` under `| Date |`,
`| 30/11 |` under `| w/c |` in `# GP tracker 2026`) and a list log under a heading naming its year (`- 14/3 broad
beans` under `## 2026`) are days of that year, in the note's or the vault's day order. Chapters, scores, ratings and
undated notes' figures stay figures."""

from __future__ import annotations

from tests.conftest import synced_names


def _days(names: set[str]) -> set[str]:
    return {n for n in names if n[:2] in ("19", "20") and len(n) == 10}


_UK = {  # two notes writing a day-first day with its year: the vault's order is day first (rules 30)
    "damp.md": "# Damp survey\nSurvey booked for 10/12/2026 at 9am. Quote sent 20/11/2026.\n",
    "boiler.md": "# Boiler\nServiced 14/10/2026, next due 14/10/2027.\n",
}
_UK_DAYS = {"2026-12-10", "2026-11-20", "2026-10-14", "2027-10-14"}

_INSPECTIONS = ("---\ntags: [bees, log]\ncreated: 2026-04-04\nupdated: 2026-11-21\n---\n# Inspections 2026\n\n"
                "## 18/4\n| Hive | Q | Varroa |\n|---|---|---|\n| 1 | Y | 6 |\n\n"
                "## 2/5\n| Hive | Q | Varroa |\n|---|---|---|\n| 1 | N | - |\n\n"
                "## 25/7\n| Hive | Q | Varroa |\n|---|---|---|\n| 1 | N | 24 |\n\n"
                "## 15/8 — honey off, Apiguard on\n| Hive | Q | Varroa |\n|---|---|---|\n| 1 | Y | 38 |\n")


def test_a_logs_headings_under_its_year(tmp_path):
    days = _days(synced_names(tmp_path, {**_UK, "Inspections 2026.md": _INSPECTIONS}))
    assert {"2026-04-18", "2026-05-02", "2026-07-25", "2026-08-15"} <= days, days


def test_a_date_column_under_a_titles_year(tmp_path):
    note = ("# Honey harvest 2026\n\n| Date | Hive | Honey (kg) |\n|---|---|---|\n| 13/6 | Hive 1 | 17.5 |\n"
            "| 15/8 | Hive 1 | 24.0 |\n| 15/8 | Hive 2 | 8.2 |\n")
    assert {"2026-06-13", "2026-08-15"} <= _days(synced_names(tmp_path, {**_UK, "Honey harvest 2026.md": note}))


def test_a_week_column_settles_its_own_order(tmp_path):
    # no vault evidence: `16/11`, `23/11`, `30/11` are days only day first
    note = ("# GP tracker 2026 (food only)\n\n| w/c | Food sales £ | GP % |\n|---|---|---|\n| 02/11 | 11,840 | 69.8 |\n"
            "| 09/11 | 12,310 | 69.3 |\n| 16/11 | 12,950 | 68.3 |\n| 30/11 | 12,180 | 63.4 |\n")
    days = _days(synced_names(tmp_path, {"GP tracker 2026.md": note}))
    assert {"2026-11-02", "2026-11-09", "2026-11-16", "2026-11-30"} <= days, days


def test_a_list_log_under_a_year_heading(tmp_path):
    note = ("# Sowing log\n\nrunning list, newest at the bottom.\n\n## 2026\n- 8/2 spuds out to chit\n"
            "- 21/2 (G) chillis\n- 14/3 broad beans Aquadulce, 2 rows (P)\n- 10/10 garlic planted\n- 7/11 sweet peas\n")
    days = _days(synced_names(tmp_path, {**_UK, "Sowing log.md": note}))
    assert {"2026-02-08", "2026-02-21", "2026-03-14", "2026-10-10", "2026-11-07"} <= days, days


def test_chapters_scores_ratings_and_undated_figures_stay_figures(tmp_path):
    notes = {
        # chapters: no figure past the 12th
        "Book notes 2026.md": "# Book notes 2026\n\n## 1/2\nThe opening.\n\n## 2/2\nThe end.\n",
        # a score table, a ratings column: no date's head
        "League 2026.md": "# League 2026\n\n| Match | Score |\n|---|---|\n| Rovers | 3/1 |\n| Town | 13/2 |\n",
        "Films 2026.md": "# Films 2026\n\n| Film | Rating |\n|---|---|\n| Dune | 9/10 |\n| Wicked | 7/10 |\n"
                         "| Flow | 8/10 |\n",
        # an undated note: no year over its date column
        "Fridge temps.md": "# Fridge temps — December\n\n| Date | Walk-in |\n|---|---|\n| 01/12 | 3.1 |\n"
                           "| 16/12 | 3.4 |\n",
        # headings out of order: parts, no log
        "Talks 2026.md": "# Talks 2026\n\n## 3/14\n## 1/14\n## 2/14\n",
        # a fraction and a count under a year: no date column, no log
        "Recipes 2026.md": "# Recipes 2026\n\n| Item | Amount |\n|---|---|\n| flour | 1/2 |\n| sugar | 3/4 |\n",
        # a heading with words before the figure is no log's heading
        "Hive 2026.md": "# Hive 2026\n\n## Split 1/2 of the frames\ntext\n## Took 13/6 of the honey\n",
        # a date column of figures no day in the vault's order (month 13)
        "Odds 2026.md": "# Odds 2026\n\n| Date | Odds |\n|---|---|\n| 13/13 | 5/1 |\n| 14/15 | 2/1 |\n",
    }
    days = _days(synced_names(tmp_path, {**_UK, **notes})) - _UK_DAYS
    assert not days, days


def test_a_date_column_of_a_note_other_order_reads_none(tmp_path):
    # month first by its own `11/20/2026`, its column's `16/11` no day that way
    note = ("# Log 2026\nsent 11/20/2026\n\n| Date | Note |\n|---|---|\n| 16/11 | a |\n| 2/12 | b |\n")
    days = _days(synced_names(tmp_path, {"Log 2026.md": note})) - {"2026-11-20"}
    assert not days, days
