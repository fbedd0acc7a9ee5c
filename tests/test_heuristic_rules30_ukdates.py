"""Heuristic rules 30 (ukdates: session 55's UK teacher's vault). The dates a teacher writes with their weekdays:
`Weds 16 Dec P1` (Weds was a name, the day none), `Mon 23 – Fri 27 Nov` and `from Mon 30 Nov to Fri 11 Dec` (no
spans), `Friday 11th` in a daily note (no date), `Mon 4 Jan` under `# Autumn term 2026 – planner` (2026-01-04, a
Sunday); a month's word and its day across a line break (`not till Feb` / `4. ProRoof`: the date `Feb\\n4`); and the
question "what did i do w/c 30 nov" (one day, not its week). Each through a real sync (heuristic names, hashing
vectors) but the question's and find_dates'."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import write_notes


def test_the_rules_are_30():
    assert VERSION >= 30


def _synced(tmp_path, files: dict[str, str]) -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]], set[str]]:
    """(path -> its date entities' names, path -> its chunks' spans, every other entity's name) of `files` synced."""
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        dates = conn.execute("SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
                             "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                             "WHERE e.type = 'date'").fetchall()
        spans = conn.execute("SELECT d.path, s.first, s.last FROM chunk_spans s JOIN chunks c ON c.id = s.chunk_id "
                             "JOIN documents d ON d.id = c.document_id").fetchall()
        names = {name for (name,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")}
    finally:
        conn.close()
    by_note: dict[str, set[str]] = {path: set() for path in files}
    for path, name in dates:
        by_note[path].add(name)
    spans_by_note: dict[str, set[tuple[str, str]]] = {path: set() for path in files}
    for path, first, last in spans:
        spans_by_note[path].add((first, last))
    return by_note, spans_by_note, names


# a daily note of Monday 7 December 2026 and an email of 2 December: the days a weekday settles
DAILY = {
    "Daily/2026-12-07.md": "# Mon 7 Dec\n\nCover email sent: CPD session 3 on Friday 11th (am, Kingsmead). Trip Thurs "
                           "10th. Mock results to pupils Wed the 9th.\n",
    "Emails/Assessments.md": "---\ndate: 2026-12-02\n---\n# RE: Y9 assessments\n\n- 9A – Tues 15 Dec P1\n"
                             "- 9E – Weds 16 Dec P1 (not P3)\n- Catch-up – Thurs 17 Dec P4, S1\n- Fri. 18 Dec P1\n"
                             "Please send me the papers by Fri 11th.\n",
    "Meetings/2026-11-24 Dept.md": "# Dept meeting\n\n- Y9 assessment Tue 15 – Thu 17 in lessons\n"
                                   "- Mocks from Mon 30 Nov to Fri 11 Dec\n",
}
DAILY_DAYS = {
    "Daily/2026-12-07.md": {"2026-12-07", "2026-12-09", "2026-12-10", "2026-12-11"},
    "Emails/Assessments.md": {"2026-12-02", "2026-12-11", "2026-12-15", "2026-12-16", "2026-12-17", "2026-12-18"},
    "Meetings/2026-11-24 Dept.md": {"2026-11-30", "2026-12-11", "2026-12-15", "2026-12-17"},
}

# a term planner of no date but its heading's year: a span's weekdays, a day across the new year
PLANNER = {
    "Admin/Planner.md": "# Autumn term 2026 – planner\n\n- Y11 mocks Mon 23 – Fri 27 Nov\n"
                        "- INSET Mon 4 Jan, pupils back Tue 5 Jan\n- End of term Fri 18 Dec\n- Y9 trip Thurs 10th\n",
    # a heading's month and its year hold, a weekday no year near makes true changes nothing
    "Admin/January.md": "# January 2026\n\n- Mon 4 Jan: INSET\n",
    "Admin/Typo.md": "# Spring term 2026\n\n- Tue 4 Jan: INSET\n",
}

# what stays as it was: counts, times, slashed days, a verb's `sat`, a note of no date, a wrong weekday
ORDINARY = {
    "Daily/2026-12-08.md": "# Tue 8 Dec\n\nWed 3rd lesson with 9C. Sat 1st place in the quiz. He sat 3rd in the race. "
                           "Fri 11:30 meeting. Thurs 26/11 detention. Mon 23 not in. Weds 29th maybe.\n"
                           "Party Sat 4 Jan.\n",  # (a slip: 2027-01-04 is a Monday, as before; 2025-01-04 too far)
    "Ideas.md": "# Ideas\n\nFriday 11th was fun. Tue 15 – Thu 17 maybe.\n",
    "Hours.md": "# Opening hours\n\nMon 9 – Fri 17 open\n",
    "Typo span.md": "# Term dates 2026\n\n- Tue 23 – Fri 27 Nov\n- 26–30 Oct half term\n",
}


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    return _synced(tmp_path_factory.mktemp("ukdates"), {**DAILY, **PLANNER, **ORDINARY})


@pytest.mark.parametrize("path", sorted(DAILY))
def test_a_weekday_settles_a_day_of_a_dated_note(synced, path):
    assert synced[0][path] == DAILY_DAYS[path]


def test_weds_is_a_weekday_no_name(synced):
    assert "Weds" not in synced[2]


def test_a_spans_days_may_carry_their_weekdays(synced):
    spans = synced[1]
    assert spans["Meetings/2026-11-24 Dept.md"] == {("2026-11-30", "2026-12-11"), ("2026-12-15", "2026-12-17")}
    assert spans["Admin/Planner.md"] == {("2026-11-23", "2026-11-27")}


def test_a_yearless_days_weekday_picks_its_year(synced):
    dates = synced[0]
    assert dates["Admin/Planner.md"] == {"2027-01-04", "2027-01-05", "2026-11-27", "2026-12-18"}
    assert dates["Admin/January.md"] == {"2026-01-04"}
    assert dates["Admin/Typo.md"] == {"2026-01-04"}


@pytest.mark.parametrize("path", sorted(ORDINARY))
def test_ordinary_lines_date_nothing_new(synced, path):
    dates, spans, _names = synced
    assert (dates[path], spans[path]) == {
        "Daily/2026-12-08.md": ({"2026-12-08", "2027-01-04"}, set()),
        "Ideas.md": (set(), set()),
        "Hours.md": (set(), set()),
        "Typo span.md": ({"2026-11-27", "2026-10-30"}, {("2026-10-26", "2026-10-30")}),
    }[path]


def test_a_month_and_its_day_are_on_one_line():
    from minirag_cli.text import find_dates

    assert find_dates("Acme said not till Feb\n4. ProRoof: £4,200") == []
    assert find_dates("Meeting on the 4\nDecember list") == []
    assert find_dates("Dec 4\n2026 was a good year") == [("Dec 4", "--12-04")]
    assert find_dates("not till Feb 4. ProRoof") == [("Feb 4", "--02-04")]
    assert find_dates("due 4\u00a0Feb") == [("4\u00a0Feb", "--02-04")]
    assert find_dates("Weds 16 Dec P1") == [("16 Dec", "--12-16")]


@pytest.mark.parametrize("question", ["what did i do w/c 30 nov", "what did i do w/b 30 nov",
                                      "what did i do week commencing 30 nov", "what did I do week beginning 30 Nov?",
                                      "what happened the week starting Nov 30", "what did i do w/c monday 30 nov"])
def test_a_week_commencing_is_asked_as_its_week(question):
    from minirag_cli.askday import read_days

    asked = read_days(question, dt.date(2026, 12, 7))
    assert (asked.first, asked.last) == (dt.date(2026, 11, 30), dt.date(2026, 12, 6))


@pytest.mark.parametrize("question", ["what did i do on 30 nov", "what happened a week after 30 nov"])
def test_a_day_without_its_week_is_not_a_week(question):
    from minirag_cli.askday import read_days

    asked = read_days(question, dt.date(2026, 12, 7))
    assert asked is None or asked.last - asked.first < dt.timedelta(days=1)
