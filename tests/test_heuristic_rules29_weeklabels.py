"""Heuristic rules 29 (weeklabels: a family's meal plans, a manager's rota, a student's week). A weekday's label
(`Thu: curry`, `Tue – fish pie`, `**Fri**: takeaway`, `| Wed | Sam |`) under a note or heading that names its week
(`w/c 7 Dec`, `Week of 7 December`, `Rota 2026-W50.md`, a first label `Mon 7 Dec 2026:`) is that week's day
(weeklabels.py); a list that names no week (a timetable, opening hours, a recurring schedule, a template, a diary's
`Mon:`, a Monday's note saying `week`), or under a line saying another week, names no day. Each through a real sync
(heuristic names, hashing vectors)."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import write_notes


def test_the_rules_are_29():
    assert VERSION >= 29


# a week named five ways (and a US week begun on a Sunday), the days its labels are
WEEKS = {
    "Meal plan w-c 7 Dec.md": (  # the family's: its year the note's (created), the week its heading's and name's
        "---\ncreated: 2026-12-05\n---\n# Meal plan w/c 7 Dec\n\nMon: pasta bake\nTue – fish pie\n"
        "- Thu: curry (Tom cooks)\n**Fri**: takeaway\nSun lunch: roast\n",
        {"2026-12-05", "2026-12-07", "2026-12-08", "2026-12-10", "2026-12-11", "2026-12-13"}),
    "Meals.md": (  # two weeks' headings, their year a heading's over them
        "# Meals 2026\n\n## Week of 30 November\nMon: soup\nThu: lasagne\n\n## Week of 7 December\n- Mon: risotto\n"
        "- Thu: chilli\n",
        {"2026-11-30", "2026-12-03", "2026-12-07", "2026-12-10"}),
    "Rota 2026-W50.md": ("# Rota\n\nMon: Priya\nWed: Sam\nSun: Alex\n", {"2026-12-07", "2026-12-09", "2026-12-13"}),
    "Week 12 plan.md": ("# Week 12 plan (w/c 7 Dec 2026)\n\nMonday - lab\nWednesday - lecture\n",
                        {"2026-12-07", "2026-12-09"}),
    "Babysitting.md": ("# Babysitting\n\nMon 7 Dec 2026: Chloe\nTue: Chloe\nThu: Nan\n",
                       {"2026-12-07", "2026-12-08", "2026-12-10"}),
    "Cover.md": (  # a line naming the week, a table's rows; a week ending on its Sunday
        "# Cover\n\n**Week commencing Monday 7th December 2026**\n\n| Day | Who |\n|---|---|\n| Wed | Sam |\n\n"
        "## Next rota\nWeek ending 20/12/2026:\n- Fri night: Priya\n",
        {"2026-12-07", "2026-12-09", "2026-12-18", "2026-12-20"}),
    "Rota 2026-W51.md": ("# Rota\n\n## Monday\n- Priya\n\n## Thursday\n- Sam\n", {"2026-12-14", "2026-12-17"}),
    "US week.md": ("# Week of Sunday, December 6, 2026\n\n- Sun: church\n- Sat: soccer\n",
                   {"2026-12-06", "2026-12-12"}),
}

# the lists that name no week: their days are the ones they write, no label's
UNDATED = {
    "Timetable.md": ("---\ncreated: 2026-12-07\n---\n# Year 9 timetable\n\n| Day | P1 | P2 |\n|---|---|---|\n"
                     "| Tue | Maths | English |\n| Thu | PE | Art |\n", {"2026-12-07"}),
    "Opening hours.md": ("# Corner shop opening hours\n\nMon: 9–5\nTue: 9–5\nThu: 9–7\nSun: closed\n", set()),
    "2026-12-07 Kids activities.md": ("# Kids activities\n\n- Wednesdays: swimming\n- Thu: piano\n- Sat: football\n",
                                      set()),
    "Routine.md": ("# Weekly routine\n\n## Monday\n- bins out\n\n## Thursday\n- piano\n", set()),
    "Template.md": ("---\ncreated: 2026-12-07\n---\n# Template: week of ____\n\nMon:\nTue: \nThu: \n", {"2026-12-07"}),
    "2026-12-07.md": ("# Diary\n\nMon: felt tired\nTue: gym\nThu: dinner with Sam\n", {"2026-12-07"}),
    # a week the note gives no year, a week begun on a Wednesday, a day its weekday does not fall on: no guess
    "Plan w-c 7 Dec.md": ("# Meal plan w/c 7 Dec\n\nMon: pasta bake\nThu: curry\n", set()),
    "Wednesday.md": ("# w/c 9 Dec 2026\n\nThu: curry\nFri: fish\n", {"2026-12-09"}),
    "Typo.md": ("# Babysitting\n\nTue 7 Dec 2026: Chloe\nWed: Nan\n", {"2026-12-07"}),
    # fixW: a note of a Monday whose name or heading says `week` names no week (rules 29 at a1bb656 dated them all):
    # a numbered one, a recurring one, one of a trip years ago, another
    "2026-12-07 Week 12 plan.md": ("# Week 12 plan\n\nMonday - lab\nWednesday - lecture\n", set()),
    "Gym.md": ("---\ncreated: 2026-12-07\n---\n# Gym: 3 times a week\n\nMon: legs\nWed: push\nFri: pull\n",
               {"2026-12-07"}),
    "Cooking.md": ("---\ncreated: 2026-12-07\n---\n# What I cook each week\n\nMon: pasta\nFri: fish\n", {"2026-12-07"}),
    "Lisbon.md": ("---\ncreated: 2026-12-07\n---\n# A week in Lisbon (2019 trip)\n\nMon: arrived\nWed: Belem\n",
                  {"2026-12-07"}),
    "Astronomy.md": ("---\ncreated: 2026-12-07\n---\n# Week 3 of the astronomy course\n\nSun: 5778 K surface\n",
                     {"2026-12-07"}),
    "Kids.md": ("---\ncreated: 2026-12-07\n---\n# Kids' week\n\nMon: swimming\nTue: piano\n", {"2026-12-07"}),
    "2026-12-07 Notes.md": ("# Notes\n\n## The week after\nTue: Sam back\n", set()),
    # ... a week's day its year taken from the note's date must be a Monday: `w/c 7 Dec` in a note of January 2026
    # is 7 December 2025, a Sunday (its own date, as before; its labels none)
    "Written in Jan.md": ("---\ncreated: 2026-01-10\n---\n# Meal plan w/c 7 Dec\n\nMon: pasta\nSun: roast\n",
                          {"2025-12-07", "2026-01-10"}),
}

# fixW: a line of the body saying another week or a recurring list ends the week in force, as a heading did; a
# paragraph that opens with no label ends the week a line named; a label going back in the days after a label with
# its day ends its week
ENDED = {
    "Meal next.md": ("# Meal plan w/c 7 Dec 2026\n\nThis week:\nMon: pasta\n\nNext week:\nMon: risotto\nWed: stew\n",
                     {"2026-12-07"}),
    "Meal last.md": ("# Meal plan w/c 7 Dec 2026\n\n**Last week** (what we actually ate):\n- Fri: pizza\n\n"
                     "**This week**\n- Thu: curry\n", {"2026-12-07", "2026-12-10"}),
    "Rota.md": ("# Rota w/c 7 Dec 2026\n\nMon: Sam\n\nThe week after\nTue: Priya\n", {"2026-12-07"}),
    "Team meeting.md": ("# Team meeting\n\nMon 7 Dec 2026: weekly sync\n\nAvailability next week:\n- Tue: Priya off\n",
                        {"2026-12-07"}),
    "Agenda.md": ("# Team meeting\n\nMon 7 Dec 2026: weekly sync\n\nAgenda:\n- budget\n- Wed: hiring\n",
                  {"2026-12-07"}),
    "Log.md": ("# Work log\n\nMon 7 Dec 2026: started\nSun: nothing\nMon: continued\nWed: done\n",
               {"2026-12-07", "2026-12-13"}),
    "Doc week.md": ("# Project plan\n\nPhase 1 (w/c 7 Dec 2026):\n- design\n\nStandups are recurring:\nMon: 9:30\n"
                    "Thu: 9:30\n", {"2026-12-07"}),
    "Shifts.md": ("# Shifts\n\nThe week of 7 Dec 2026 is busy.\n\nOpening hours every week:\nMon: 9-5\nTue: 9-5\n",
                  {"2026-12-07"}),
    "Routine.md": ("# Morning routine (from w/c 7 Dec 2026)\n\nMon: run\nWed: swim\n", {"2026-12-07"}),
    # ... and what goes on: `This week` under the week's heading, a table's head after a blank line
    "Meal plan.md": ("# Meal plan w/c 7 Dec 2026\n\nThis week:\n- Mon: pasta\n- Thu: curry\n",
                     {"2026-12-07", "2026-12-10"}),
    "Cover.md": ("# Cover\n\nWeek of 14 Dec 2026:\n\n| Day | Who |\n|---|---|\n| Tue | Sam |\n",
                 {"2026-12-14", "2026-12-15"}),
}


def _days_by_note(tmp_path, files: dict[str, str]) -> dict[str, set[str]]:
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        rows = conn.execute("SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
                            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                            "WHERE e.type = 'date'").fetchall()
    finally:
        conn.close()
    out: dict[str, set[str]] = {path: set() for path in files}
    for path, name in rows:
        if name[:2] in ("19", "20") and len(name) == 10:
            out[path].add(name)
    return out


@pytest.fixture(scope="module")
def synced(tmp_path_factory) -> dict[str, set[str]]:
    files = {path: text for path, (text, _days) in {**WEEKS, **UNDATED}.items()}
    files.update({f"ended/{path}": text for path, (text, _days) in ENDED.items()})
    return _days_by_note(tmp_path_factory.mktemp("weeks"), files)


@pytest.mark.parametrize("path", sorted(WEEKS))
def test_a_weekdays_label_is_the_day_of_the_week_its_note_names(synced, path):
    assert synced[path] == WEEKS[path][1]


@pytest.mark.parametrize("path", sorted(UNDATED))
def test_a_list_naming_no_week_dates_no_label(synced, path):
    assert synced[path] == UNDATED[path][1]


@pytest.mark.parametrize("path", sorted(ENDED))
def test_a_line_saying_another_week_ends_the_week(synced, path):
    assert synced[f"ended/{path}"] == ENDED[path][1]


def test_a_week_looking_back_or_another_week_or_a_span_or_a_name_is_no_label_of_the_week(tmp_path):
    days = _days_by_note(tmp_path, {
        # (a note of a Monday saying `week` named its week at a1bb656: the week is named now)
        "2026-12-07 Week plan.md": "# Week plan w/c 7 Dec 2026\n\n## Last week\nThu: dentist\n\n## This week\n"
                                   "Thu: parents evening\n",
        "Hours.md": "# Opening hours w/c 21 Dec 2026\n\nMon – Fri: 9–5\nThu: 9–1 (Christmas Eve)\nSun Li: off\n",
        # a numbered week inside a dated one is another week: its labels are none
        "Plan.md": "# Week of 7 Dec 2026\n\n## Meals\nTue: stew\n\n## Week 2\nThu: curry\n",
    })
    assert days == {"2026-12-07 Week plan.md": {"2026-12-07", "2026-12-10"}, "Hours.md": {"2026-12-21", "2026-12-24"},
                    "Plan.md": {"2026-12-07", "2026-12-08"}}


def test_two_weeks_of_one_chunk_with_the_same_line_date_neither(tmp_path):
    # `- Sun: pasta` of both weeks is one form in the chunk: which mention is which week's is not told
    days = _days_by_note(tmp_path, {"Meals.md": "# Meals 2026\n\n## w/c 30 Nov\n- Sun: pasta\n- Tue: soup\n\n"
                                                "## w/c 7 Dec\n- Sun: pasta\n- Tue: stew\n"})
    assert days == {"Meals.md": {"2026-11-30", "2026-12-01", "2026-12-07", "2026-12-08"}}


def test_a_weekdays_label_reaches_its_plan_by_the_date_channel(tmp_path):
    import datetime as dt

    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {
        "Meal plan w-c 7 Dec.md": WEEKS["Meal plan w-c 7 Dec.md"][0],
        "Opening hours.md": UNDATED["Opening hours.md"][0],
        "Ideas.md": "# Dinner ideas\n\nWhat to cook for dinner: curry, pasta, fish pie.\n",
    })
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        result = index.search("what's for dinner on Thursday?", RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2026, 12, 7))
    assert {r["path"] for r in result.results if "date" in r.get("channels", {})} == {"Meal plan w-c 7 Dec.md"}


def test_an_index_of_rules_28_dates_its_labels_at_the_next_sync(tmp_path):
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"Rota 2026-W50.md": "# Rota\n\nWed: Sam\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        with db.transaction(conn):  # as rules 28 left it
            conn.execute("DELETE FROM mentions WHERE entity_id IN (SELECT id FROM entities WHERE type = 'date')")
            db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "28")
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        assert conn.execute("SELECT e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
                            "WHERE e.type = 'date'").fetchall() == [("2026-12-09",)]
    finally:
        conn.close()



WEEK = "## w/c 7 Dec\n" + "".join(f"- {day}: dish\n" for day in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"))


def _week_days(chunks) -> None:
    from minirag_cli.weeklabels import chunk_week_days

    chunk_week_days(chunks, "note.md", ["2026-12-05"] * len(chunks), [{}] * len(chunks))


def _slashed_days(chunks) -> None:
    from minirag_cli.dayorder import chunk_slashed_days

    chunk_slashed_days(chunks)


# (what, how it is read, the text of n labels)
SHAPES = [
    # each chunk looked at every label of the note, each label searched the chunks for its date (fixW: 40,000
    # labels took 3 to 18 s)
    ("labels of one week", _week_days,
     lambda n: "# w/c 7 Dec\n\n" + "".join(f"Mon: item {i}, {'pasta bake with a green salad, ' * 10}\n"
                                          for i in range(n // 8))),
    # each label read every heading over it again (and dayorder each line: 2,000 weeks took 22 s)
    ("weeks of labels", _week_days, lambda n: "# Meals 2026\n\n" + WEEK * (n // 8)),
    ("weeks of labels, their slashed days", _slashed_days, lambda n: "# Meals 2026\n\n" + WEEK * (n // 8)),
]


@pytest.mark.parametrize("what,read,shape", SHAPES, ids=[s[0] for s in SHAPES])
def test_a_notes_labels_are_read_in_one_walk(what, read, shape):
    import time

    from minirag_cli.chunking import chunk_text

    def seconds(chunks, repeat: int) -> float:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            read(chunks)
            best = min(best, time.process_time() - start)
        return best

    small, large = chunk_text(shape(4800)), chunk_text(shape(16 * 4800))
    ratio = seconds(large, 1) / max(seconds(small, 3), 1e-4)
    # 16 times the labels: about 16 times the time in one walk, 256 when each reads them all (70-200 measured at
    # a1bb656); 48 leaves room for a busy machine
    assert ratio < 48, f"{what}: {ratio:.0f} times as long"
