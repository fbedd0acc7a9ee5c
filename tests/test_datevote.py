"""The date vote of a note that only writes an asked day (session 55, datevote: a consultant's Notion export asked
on Monday 2026-12-07).

- "what meetings do i have next week": graph.dated_chunks gave every found chunk of a note writing a day of next
  week 1.0, and the cap to the writing notes' half vote (retrieve._dated_notes) reached only the chunks that write
  it: a memo's chunks writing no day of next week (1.0) ranked above the one that does (0.5) and above the meeting
  note whose one chunk writes it. A writing note's chunks writing no asked day now get no date vote.
- `--explain` said "its note is dated in …" for every date vote, of notes that only write a day too.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.test_nowdays import MONDAY, _index_of, _search

_FILLER = " ".join(["The retailers push back on list price moves and ask for promotional support in return."] * 12)

CONSULTANT = {
    "Projects/Halden pricing memo.md": (
        "# Halden pricing memo\n\n## Context\n\nHalden meetings with the retailers went badly last year. "
        + _FILLER + "\n\n## Options\n\nOption A: list price increase. Meetings with the key accounts first. "
        + _FILLER + "\n\n## Timeline\n\nFinal readout with the ExCom: December 15, 2026.\n"),
    "Meeting notes/Halden final readout.md": (
        "# Halden final readout\n\nDate: December 15, 2026 2:00 PM\nType: Readout\n"
        "Attendees: Sofia Lindqvist, Halden ExCom\n\n## Agenda\n\n1. Where margin went\n2. Recommendation\n"),
    "Journal/2026-12-16.md": "# Wednesday\n\nPlanned: the Brightline steering meeting.\n",
    "Meeting notes/Brightline kickoff.md": "# Brightline kickoff\n\nDate: November 4, 2026\n\nMeeting to start.\n",
}
NEXT_WEEK = ("December 15, 2026", "2026-12-15", "December 16")


@pytest.fixture(scope="module")
def consultant_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("consultant"), CONSULTANT) as index:
        yield index


def _writes_next_week(index, r) -> bool:
    """Whether the result's chunk writes a day of next week (its whole text: a result's is cut to a snippet)."""
    from minirag_cli.store.search import chunk_texts

    text = chunk_texts(index.conn, [r["chunk_id"]])[r["chunk_id"]]
    return any(day in text for day in NEXT_WEEK)


def _date_votes(index, result, path):
    return [(r["channels"]["date"]["score"], _writes_next_week(index, r)) for r in result.results
            if r["path"] == path and "date" in r["channels"]]


def test_a_writing_notes_other_chunks_get_no_date_vote(consultant_index):
    result = _search(consultant_index, "what meetings do i have next week", k=30)
    memo = [r for r in result.results if r["path"] == "Projects/Halden pricing memo.md"]
    assert len(memo) >= 2, [r["path"] for r in result.results]  # its chunks were found: the case can happen
    votes = _date_votes(consultant_index, result, "Projects/Halden pricing memo.md")
    assert votes and all(writes for _v, writes in votes), votes
    writing = max(v for v, _t in votes)
    assert all(r["channels"].get("date", {}).get("score", 0.0) <= writing for r in memo)


def test_the_meeting_writing_the_day_ranks_above_a_writing_notes_other_chunks(consultant_index):
    result = _search(consultant_index, "what meetings do i have next week", k=30)
    ranks = {}
    for i, r in enumerate(result.results):
        writes = _writes_next_week(consultant_index, r)
        ranks.setdefault((r["path"], writes), i)
    readout = ranks[("Meeting notes/Halden final readout.md", True)]
    assert all(i > readout for (path, writes), i in ranks.items()
               if path == "Projects/Halden pricing memo.md" and not writes), ranks


def test_explain_says_why_the_date_channel_voted(consultant_index):
    result = _search(consultant_index, "what meetings do i have next week", k=30)
    by = {r["path"]: (r.get("graph") or {}).get("date_by") for r in result.results if "date" in r["channels"]}
    assert by.get("Journal/2026-12-16.md") == "dated", by
    assert by.get("Meeting notes/Halden final readout.md") == "writes", by


def test_a_note_only_mentioning_a_month_is_said_so(consultant_index):
    result = _search(consultant_index, "what meetings did I have in November 2026?", today=MONDAY, k=30)
    by = {r["path"]: (r.get("graph") or {}).get("date_by") for r in result.results if "date" in r["channels"]}
    assert by.get("Meeting notes/Brightline kickoff.md") == "mentions", by


@pytest.mark.parametrize("by,line", [
    ("dated", "date: its note is dated in 2026-12-14, 2026-12-15"),
    ("writes", "date: it writes a day of 2026-12-14, 2026-12-15 (its note is not dated in them)"),
    ("mentions", "date: its note mentions 2026-12-14, 2026-12-15 (it is not dated in them)"),
    (None, "date: its note is dated in 2026-12-14, 2026-12-15"),  # a result of an older mrag's --json
])
def test_the_date_line_of_explain(by, line):
    from minirag_cli.format import explain_lines

    graph = {"date": ["2026-12-14", "2026-12-15"], **({"date_by": by} if by else {})}
    assert line in explain_lines({"channels": {"date": {"score": 0.5}}, "graph": graph})


# the teacher's vault: an undated timetable holds the duties, other notes write days of this week and no duty
TEACHER = {
    "Admin/Timetable.md": ("# Timetable 2026-27\n\n## Duties\n\n- Tuesday: break duty, science corridor\n"
                           "- Thursday: lunch duty, canteen\n"),
    "Trips/Museum planning.md": "# Museum trip planning\n\nTrip on 10 December 2026. Coach leaves at 8:15.\n",
    "Emails/Coach booking.md": "# Coach booking\n\nConfirmed: two coaches for Thursday 10 December 2026.\n",
    "Pastoral/Jayden.md": "# Jayden (9C)\n\nCall with his mum on 9 December 2026 about homework.\n",
    "Admin/Term planner.md": ("# Term planner\n\n- 11 December 2026: carol service rehearsal\n"
                              "- 18 December 2026: term ends\n"),
    "CPD/Retrieval practice.md": "# Retrieval practice\n\nTwilight session on 8 December 2026 in the library.\n",
}


@pytest.fixture(scope="module")
def teacher_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("teacher"), TEACHER) as index:
        yield index


# a household vault (review datevote, r2): one note writes a day of this week as `8 Dec`, no BM25 term; four say
# "due" of no day of it
HOUSE = {
    "House/bins.md": "# Bins\n\nBlack (general) - every other Tuesday, next one 8 Dec\nBlue (paper) - Fridays\n",
    "Flat/rent.md": "# Rent\n\nRent is due on the 1st of each month. Marek pays by standing order, due date never missed.\n",
    "Car/MOT.md": "# Car MOT and insurance\n\nMOT due in March 2027. Insurance renewal due 14 Feb 2027.\n",
    "Flat/service charge.md": "# Service charge\n\nService charge due twice a year, ground rent due in June.\n",
    "Money/tax.md": "# Tax\n\nSelf assessment due 31 January 2027. Payment on account due too.\n",
    "Journal/2026-12-03.md": "# 2026-12-03\n\nQuiet day. Walked the dog.\n",
}


@pytest.fixture(scope="module")
def house_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("house"), HOUSE) as index:
        yield index


@pytest.mark.parametrize("question", ["what's due this week", "anything due this week", "is anything due this week?"])
def test_a_day_of_this_week_written_in_words_keeps_bm25s_share(house_index, question):
    """`next one 8 Dec` is no BM25 term: the date channel's share of BM25's weight is its only count of the day, and
    without it the notes saying "due" of no day of this week ranked above it (review datevote)."""
    notes = list(dict.fromkeys(r["path"] for r in _search(house_index, question, k=10).results))
    assert notes.index("House/bins.md") < min(notes.index(p) for p in ("Flat/rent.md", "Car/MOT.md", "Money/tax.md")
                                               if p in notes), notes


_PLAN_FILLER = " ".join(f"Paragraph {i} about the vendor shortlist and the pricing model we discussed with finance."
                        for i in range(40))
PLAN = {"Work/Project plan.md": ("# Project plan\n\n## Background\n\n" + _PLAN_FILLER
                                 + "\n\n## Freeze\n\nContent freeze: 8 December 2026.\n\n## Middle\n\n"
                                 + _PLAN_FILLER.replace("vendor shortlist", "stakeholder interviews")
                                 + "\n\n## Launch\n\nGo-live on Friday 11 December 2026.\n")}


@pytest.fixture(scope="module")
def plan_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("plan"), PLAN) as index:
        yield index


def test_a_chunk_writing_a_gone_day_of_this_week_keeps_its_date_vote(plan_index):
    """"this week" asked on Thursday 2026-12-10: the plan writes the 8th (gone) in one chunk and the 11th (to come)
    in another; the chunk writing the 8th is of the week as much, and kept its vote (1.0, #1 before datevote); only
    the chunks writing no day of the week lose it (review datevote)."""
    from minirag_cli.store.search import chunk_texts

    result = _search(plan_index, "what's due this week", today=dt.date(2026, 12, 10), k=30)
    texts = chunk_texts(plan_index.conn, [r["chunk_id"] for r in result.results])
    voted = {texts[r["chunk_id"]].count("8 December") > 0: r["channels"]["date"]["score"] for r in result.results
             if "date" in r["channels"] and "11 December" not in texts[r["chunk_id"]]}
    assert voted.get(True, 0.0) > 0, voted
    assert False not in voted, voted  # the chunks writing no day of the week: none


def test_next_weeks_writing_notes_keep_bm25s_share(teacher_index):
    """Days all to come: BM25 reads neither their words nor their dates, and the notes writing them keep the vote
    with BM25's share (nowdays): the term planner, writing 18 December, above the timetable."""
    result = _search(teacher_index, "what's on next week?", k=10)
    notes = list(dict.fromkeys(r["path"] for r in result.results))
    assert notes[0] == "Admin/Term planner.md", notes


@pytest.mark.parametrize("question", ["what's on this week?", "what have I got on this week?"])
def test_this_weeks_writing_notes_still_answer_what_is_on(teacher_index, question):
    result = _search(teacher_index, question, k=10)
    notes = list(dict.fromkeys(r["path"] for r in result.results))
    assert notes[0] != "Admin/Timetable.md" and "Admin/Timetable.md" not in notes[:3], notes
