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
_US = {  # month first by two notes' full days
    "lease.md": "# Lease\nSigned 11/20/2026, renews 11/20/2027.\n",
    "car.md": "# Car\nMOT 10/14/2026.\n",
}
_US_DAYS = {"2026-11-20", "2027-11-20", "2026-10-14"}

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


def test_a_when_column_and_a_week_commencing_column(tmp_path):
    # the hint finds every head the column reader knows (the review of dates34: `| When |` read nothing)
    notes = {"Bake sale 2026.md": "# Bake sale 2026\n\n| When | Stall |\n|---|---|\n| 13/6 | cakes |\n| 20/6 | jam |\n"
                                  "| 27/6 | plants |\n",
             "Rota 2026.md": "# Rota 2026\n\n| Week commencing | Who |\n|---|---|\n| 2/11 | Sam |\n| 9/11 | Jo |\n"
                             "| 16/11 | Ali |\n"}
    days = _days(synced_names(tmp_path, {**_UK, **notes}))
    assert {"2026-06-13", "2026-06-20", "2026-06-27", "2026-11-02", "2026-11-09", "2026-11-16"} <= days, days


def test_numbered_weeks_parts_and_lone_headings_stay_figures(tmp_path):
    # the review of dates34: a Week column numbers weeks, `## 1/15` … parts, one heading is no log
    uk = {"C25K 2026.md": "# Couch to 5k 2026\n\n| Week | Run | Done |\n|---|---|---|\n| 1/9 | 60s x8 | y |\n"
                          "| 2/9 | 90s x6 | y |\n| 3/9 | 3m x2 | y |\n| 9/9 | 30m | n |\n",
          "Marathon 2026.md": "# Marathon 2026\n\n| Wk | Long run |\n|---|---|\n| 1/12 | 6mi |\n| 2/12 | 7mi |\n"
                              "| 3/12 | 8mi |\n| 12/12 | race |\n",
          "IT support 2026.md": "# IT support 2026\n\n## 24/7 — what the contract covers\nall outages\n\n## Contacts\n"}
    assert not _days(synced_names(tmp_path / "uk", {**_UK, **uk})) - _UK_DAYS
    us = {"Sprint 2026.md": "# Sprints 2026\n\n| Week | Goal |\n|---|---|\n| 1/13 | setup |\n| 2/13 | api |\n"
                            "| 3/13 | ui |\n",
          "Thread 2026.md": "# Thread notes 2026\n\n## 1/15\nintro\n\n## 2/15\nthe point\n\n## 3/15\nmore\n"}
    assert not _days(synced_names(tmp_path / "us", {**_US, **us})) - _US_DAYS


def test_a_log_dated_only_by_its_front_matter_takes_no_year_before_it(tmp_path):
    # the review of dates34: each day took the year nearest the note's date (`20/11` 2025-11-20); a column is read as
    # a log is, going forward from its note's day, else not at all
    notes = {"Inspections.md": "---\ncreated: 2026-04-04\n---\n# Inspections\n\n## 18/4\nqueen seen\n\n## 25/7\n"
                               "supered\n\n## 3/10\nfed\n\n## 20/11\nwrapped\n",
             "Running log.md": "---\ncreated: 2026-01-05\n---\n# Running log\n\n| Date | km |\n|---|---|\n| 10/1 | 5 |\n"
                               "| 14/2 | 8 |\n| 20/8 | 10 |\n| 3/10 | 21 |\n"}
    days = _days(synced_names(tmp_path, {**_UK, **notes})) - _UK_DAYS
    assert not {d for d in days if d < "2026-01-05"}, days


def test_headings_out_of_order_are_no_log(tmp_path):
    # every figure a day of the order, one past the 12th, under the year: only their order says no log
    note = "# Talks 2026\n\n## 20/11\nthird\n\n## 14/9\nfirst\n\n## 3/10\nsecond\n"
    days = _days(synced_names(tmp_path, {**_UK, "Talks 2026.md": note})) - _UK_DAYS
    assert not days, days


def test_a_list_log_under_a_year_heading(tmp_path):
    note = ("# Sowing log\n\nrunning list, newest at the bottom.\n\n## 2026\n- 8/2 spuds out to chit\n"
            "- 21/2 (G) chillis\n- 14/3 broad beans Aquadulce, 2 rows (P)\n- 10/10 garlic planted\n- 7/11 sweet peas\n")
    # a note its front matter dates after its first line: the year over the log reads it (the one column reader)
    dated = ("---\ncreated: 2026-05-01\n---\n# Seed log\n\n## 2026\n- 3/3 tomatoes\n- 20/3 peppers\n"
             "- 2/4 courgettes\n")
    days = _days(synced_names(tmp_path, {**_UK, "Sowing log.md": note, "Seed log.md": dated}))
    assert {"2026-02-08", "2026-02-21", "2026-03-14", "2026-10-10", "2026-11-07"} <= days, days
    assert {"2026-03-03", "2026-03-20", "2026-04-02"} <= days, days


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
