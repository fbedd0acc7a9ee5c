"""Days now and to come (session 53, nowdays: testers' family, manager and GM vaults, asked in December 2026).

- a month's word ("December") seeded one date entity of it ("December 22") as a word of its name: a date is named
  exactly or not at all (graph.grounding).
"""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _index_of(tmp, files):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp / "notes", files)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return Index.open(config, embedder_factory=hashing_embedder)


def _search(index, question, today=MONDAY, k=10):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=k, mode="hybrid"), today=today)


# the manager's vault (its vacation list writes one day of December)
MANAGER = {
    "vacation.md": ("# Vacation and time off\n\n- Aiko: out 14-18 December 2026\n"
                    "- Me: out December 22 through January 1\n"),
    "team.md": "# Team\n\nAiko Tanaka, Jonas Weber, Diego Ruiz.\n",
}


@pytest.fixture(scope="module")
def manager_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("manager"), MANAGER) as index:
        yield index


@pytest.mark.parametrize("question", ["is anyone out on December 16?", "who is out in December 2026?"])
def test_a_month_word_seeds_no_day_of_it(manager_index, question):
    result = _search(manager_index, question)
    assert not [s for s in result.seeds if s["type"] == "date" and s["via"] != "exact"], result.seeds


@pytest.mark.parametrize("question,day", [
    ("what's for dinner on Thursday?", "2026-12-10"),  # was 2026-12-03, the Thursday gone
    ("what do I need to do on Thursday?", "2026-12-10"),
    ("what's planned on Thursday?", "2026-12-10"),
    ("what will we eat on Monday?", "2026-12-07"),  # today's
    ("what do we have on Wed?", "2026-12-09"),
    ("what did I eat on Thursday?", "2026-12-03"),  # a past form: the one gone, as before
    ("what happened on Friday?", "2026-12-04"),
    ("who cooked on Friday?", "2026-12-04"),
    ("what was I doing on Friday?", "2026-12-04"),
    ("what do I do on Thursday?", "2026-12-03"),  # neither: as before
    ("what is on last Friday?", "2026-12-04"),  # "last": the one gone
])
def test_a_bare_weekday_of_a_plan_is_the_coming_one(question, day):
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days(question, MONDAY)
    read = read.days if isinstance(read, UnreadDays) else read
    assert [d.isoformat() for d in read.days()] == [day]


def test_someone_elses_coming_weekday_is_read():
    """"who is babysitting on Friday?" asks of the coming Friday, the calendar's (aheadwho: it was said unread)."""
    from minirag_cli.askday import AskedDays, read_days

    read = read_days("who is babysitting on Friday?", MONDAY)
    assert isinstance(read, AskedDays) and read.days() == [dt.date(2026, 12, 11)]


# the family organiser's vault (day-first dates, a yearless `Fri 18 Dec`); asked in the week of 2026-12-07
FAMILY = {
    "Daily/2026-12-06.md": "# 2026-12-06\n\nQuiet Sunday. Roast at Grandma Jean's.\n",
    "Daily/2026-12-07.md": "# 2026-12-07\n\nMaya's swimming cancelled tomorrow - pool closed. Leo has a cold.\n",
    "Parties/Maya birthday.md": ("# Maya's 10th birthday\n\n- [ ] Order cake 📅 2026-12-09\n"
                                 "- Party at the climbing centre, balloons and pizza\n"),
    "Health/Dentist.md": "# Dentist\n\n- Next appointment: **Thursday 17/12/2026 at 09:00** for the filling.\n",
    "Family/Babysitting.md": ("# Babysitting\n\n- Wednesdays: Chloe, school pick-up.\n"
                              "- Fri 18 Dec: Chloe again, 19:00-22:00 (school Christmas disco).\n"),
    "Meal plans/Meal plan w-c 7 Dec.md": ("# Meal plan for the week\n\n- Mon: Sausage and mash\n- Tue: Lasagne\n"
                                          "- Wed: Stir fry\n- Thu: Chicken curry\n- Fri: Pizza night\n"),
    "Family/Schedule.md": ("# Weekly schedule\n\n- Monday: bins out\n- Tuesday: swimming 17:30\n"
                           "- Wednesday: Chloe babysits\n"),
}
WRITING = {"Health/Dentist.md", "Family/Babysitting.md"}  # write a day of the week of 2026-12-14


@pytest.fixture(scope="module")
def family_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("family"), FAMILY) as index:
        yield index


def _sources(index, result):
    return [result.results[s["n"] - 1]["path"] for s in index.prepare_answer(result).sources]


def test_this_week_reads_the_notes_that_write_its_days(family_index):
    """Asked on its Monday with no note dated in it: "no note is dated this week: searched as written" (nowdays)."""
    result = _search(family_index, "what's on this week?", today=dt.date(2026, 12, 14))
    assert result.days is not None and result.writing_notes and result.undated is None
    paths = [r["path"] for r in result.results]
    assert WRITING <= set(paths[:2]), paths
    assert WRITING <= set(_sources(family_index, result))


def test_today_reads_the_notes_that_write_it(family_index):
    result = _search(family_index, "what's on today?", today=dt.date(2026, 12, 9))
    assert result.days is not None and result.writing_notes and result.undated is None
    assert result.results[0]["path"] == "Parties/Maya birthday.md"


def test_a_yearless_day_counts_for_next_week(family_index):
    """`Fri 18 Dec` (a day of every year, `date:--12-18`) wrote no day of next week."""
    result = _search(family_index, "what's on next week?")
    babysitting = next(r for r in result.results if r["path"] == "Family/Babysitting.md")
    assert "date" in babysitting["channels"]


def test_the_notes_writing_next_week_rank_above_those_writing_none(family_index):
    result = _search(family_index, "what's on next week?")
    paths = [r["path"] for r in result.results]
    assert set(paths[:2]) == WRITING, paths


def test_a_notes_tomorrow_is_its_own_day_s(family_index):
    """Yesterday's "swimming cancelled tomorrow" (today's) ranked first for "what's on tomorrow?"."""
    result = _search(family_index, "what's on tomorrow?", today=dt.date(2026, 12, 8))
    paths = [r["path"] for r in result.results]
    assert paths[0] == "Parties/Maya birthday.md", paths


def test_this_week_under_way_answers_from_its_notes_so_far_and_those_writing_the_rest(tmp_path):
    """Asked on a Wednesday: Monday's note is dated in the week, the dentist's and the babysitter's notes write
    Thursday and Friday; the answer read Monday's note alone."""
    monday = {"Daily/2026-12-14.md": "# 2026-12-14\n\nBins out. Tom on the late shift all week.\n"}
    with _index_of(tmp_path, {**FAMILY, **monday}) as index:
        result = _search(index, "what's on this week?", today=dt.date(2026, 12, 16))
        sources = _sources(index, result)
    assert "Daily/2026-12-14.md" in sources and WRITING <= set(sources), sources


@pytest.mark.parametrize("question,to_come", [
    ("what's on this week?", [("2026-12-09", "2026-12-13")]),
    ("what's on today?", [("2026-12-09", "2026-12-09")]),
    ("was ist heute?", [("2026-12-09", "2026-12-09")]),
    ("what is planned this month?", [("2026-12-09", "2026-12-31")]),
    ("what did I do this week?", []),  # of its days gone
    ("what did I do today?", []),
    ("what did I do in the past week?", []),  # a period ending today, not one under way
    ("what did I write in December?", []),
])
def test_the_days_to_come_of_a_period_under_way(question, to_come):
    from minirag_cli.askday import asked_days

    asked = asked_days(question, dt.date(2026, 12, 9))
    assert [(a.isoformat(), b.isoformat()) for a, b in asked.to_come()] == to_come


# review revF: a present-tense question about the past read the coming weekday (bare is/are/'s was a plan's form,
# irregular pasts no past form): each read the coming one on 4cee4ba, the one gone before nowdays
@pytest.mark.parametrize("question,day", [
    ("what are my notes on Friday?", "2026-12-04"),
    ("what's the summary of the meeting on Thursday?", "2026-12-03"),
    ("what are the takeaways from the meeting on Thursday?", "2026-12-03"),
    ("what's in my notes on Thursday?", "2026-12-03"),
    ("what's the version we sent on Thursday?", "2026-12-03"),
    ("what's the name of the guy I met on Friday?", "2026-12-04"),
    ("what's on Friday?", "2026-12-11"),  # a plan's forms: the coming one
    ("what's due on Friday?", "2026-12-11"),
    ("what are we doing on Friday?", "2026-12-11"),
    ("what needs to be done on Friday?", "2026-12-11"),  # "done" after "be": no past
])
def test_a_bare_is_or_are_is_no_plan(question, day):
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days(question, MONDAY)
    read = read.days if isinstance(read, UnreadDays) else read
    assert [d.isoformat() for d in read.days()] == [day]


def test_my_notes_on_friday_are_the_friday_gone_s(tmp_path):
    """The family vault: "what are my notes on Friday?" read the coming Friday (the babysitter's `Friday
    11/12/2026` first), not `Daily/2026-12-04.md`."""
    friday = {"Daily/2026-12-04.md": "# 2026-12-04\n\nBen and Carla came round. Quiz night at the pub.\n",
              "Family/Babysitting.md": "# Babysitting\n\n- Friday 11/12/2026: Chloe, 18:30-23:00.\n"}
    with _index_of(tmp_path, {**FAMILY, **friday}) as index:
        paths = [r["path"] for r in _search(index, "what are my notes on Friday?").results]
    assert paths[0] == "Daily/2026-12-04.md", paths


# the manager's vault, its staff meetings' action items due on days of the week of 2026-12-07
STAFF = {
    "meetings/staff/2026-12-01.md": (
        "---\ntags: [staff-meeting]\ndate: 2026-12-01\n---\n# Staff meeting — 1 Dec 2026\n\n"
        "- Falcon status: green. Load tests pass; security review scheduled Dec 10.\n"
        "- Atlas status: amber. Migration script failed on the orders table; Priya is fixing it.\n\n"
        "## Action items\n- [ ] @Marcus finish the RFC and circulate it 📅 2026-12-08\n"
        "- [ ] @Tom write docs for invoice export 📅 2026-12-11\n"
        "- [ ] @Diego cost comparison for Grafana OnCall vs PagerDuty 📅 2026-12-10\n"
        "- [ ] @Fatima migrate Falcon metrics to the new warehouse 📅 2026-12-18\n"),
    "meetings/staff/2026-11-17.md": (
        "---\ntags: [staff-meeting]\ndate: 2026-11-17\n---\n# Staff meeting 17 Nov\n\n"
        "- Reorg was discussed only briefly; Helen wants a proposal by December.\n"
        "- Fatima demoed the Falcon dashboards.\n\n"
        "## Action items\n- [ ] @Jonas write the postmortem for the Nov 14 outage 📅 2026-11-20\n"
        "- [ ] @Marcus review Fatima's dbt models\n- [ ] @Priya update the Atlas runbook 📅 2026-12-09\n"),
    "daily/2026-12-07.md": ("---\ntags: [daily]\n---\n# 2026-12-07\n\n- Monday. Plan: finish Jonas review draft.\n"
                            "- [ ] Send Q1 planning doc to Helen by Friday 📅 2026-12-11\n"),
    "daily/2026-12-04.md": "---\ntags: [daily]\n---\n# 2026-12-04\n\n- Diego sent the OnCall comparison.\n",
    "team.md": "# Team\n\nAiko Tanaka, Jonas Weber, Diego Ruiz.\n",
    "1-1/Jonas.md": ("---\ntags: [1-1]\n---\n# Jonas — 1:1s\n\n## 17 November 2026\n"
                     "- Jonas wants to attend KubeCon EU in April.\n\n## 1 December 2026\n"
                     "- Jonas finished the retry-queue refactor. Good work, mention in review.\n"
                     "- I promised Jonas a day of focus time each week (no meetings Wednesdays).\n\n"
                     "## 2026-12-07\n- Jonas asked to lead the Kafka upgrade in Q1. I promised Jonas an answer "
                     "by Dec 18.\n"),
}


@pytest.mark.parametrize("today", [MONDAY, dt.date(2026, 12, 10)])
def test_this_week_under_way_gives_the_notes_writing_its_days_a_dated_notes_vote(tmp_path, today):
    """"what's due this week?": the staff meeting whose items are due on Tuesday, Thursday and Friday fell from 2nd
    to 3rd (asked on Monday, below a 1:1 note's section of that day), and below the meeting whose one item was due Wednesday (asked on Thursday): the
    notes writing the days to come had half a dated note's vote (review revF)."""
    with _index_of(tmp_path, STAFF) as index:
        paths = [r["path"] for r in _search(index, "what's due this week?", today=today).results]
    assert paths.index("meetings/staff/2026-12-01.md") < paths.index("meetings/staff/2026-11-17.md"), paths
    assert "meetings/staff/2026-12-01.md" in paths[:2], paths
