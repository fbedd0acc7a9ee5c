"""A plan's "this month" is the month's days to come (session 55, thismonth: a homeowner's vault asked on 7 Dec 2026).

"what's due this month?" read the whole month: its daily notes so far (1 to 6 Dec, dated in it) outranked the to-do
list whose tasks are due on the 15th and 18th (4th). A plan's question of the month under way still reads its whole
month (its overdue tasks, its goals note: review of thismonth, fixTM), but the notes dated in its days gone vote as a
note writing a day to come does; a past one ("what did I do this month?") is as before.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.test_nowdays import _index_of, _search

MONDAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("question", [
    "what's due this month?",
    "what's due this month",
    "anything on this month?",
    "what's on this month?",
    "what have I got on this month?",
    "what've we got on this month?",
    "any deadlines this month?",
    "what bills are due this month?",
    "what's coming up this month?",
    "what do I need to do this month?",
    "what've I got coming up this month?",
])
def test_a_plans_this_month_is_its_days_to_come(question):
    from minirag_cli.askday import asked_days

    asked = asked_days(question, MONDAY)  # the whole month searched and read, its days from today on to come
    assert (asked.words, str(asked.first), str(asked.last), asked.month, asked.plan_of_the_rest) == (
        "this month", "2026-12-01", "2026-12-31", True, True)
    assert asked.to_come() == [(MONDAY, dt.date(2026, 12, 31))]


@pytest.mark.parametrize("question", [
    "what did I do this month?",  # a past: its days gone
    "how much did I spend this month?",
    "what was due this month?",
    "which invoices were due this month?",
    "what have I got done this month?",  # "have got" of a past participle
    "what did I plan this month?",
    "What's on my list this month?",  # "'s on" not right before it: a list's month
    "what's the gas bill this month?",  # no plan's word
    "what am I reading this month?",  # a progressive: as often of its days gone
    "how much do I have left this month?",
    "what's the budget for this month?",
    # review of thismonth: "will", "plan", "need to", "due" anywhere ask of the whole month as before
    "will I stay under budget this month?",
    "what's the plan for this month?",
    "when is the rent due this month?",
    "how much is due this month?",
    "what is planned this month?",
])
def test_any_other_this_month_is_the_whole_month(question):
    from minirag_cli.askday import asked_days

    asked = asked_days(question, MONDAY)
    assert (str(asked.first), str(asked.last), asked.month, asked.plan_of_the_rest) == (
        "2026-12-01", "2026-12-31", True, False)


def test_next_month_and_this_week_are_as_before():
    from minirag_cli.askday import asked_days

    assert [str(d) for d in (asked_days("what's due next month?", MONDAY).first,
                             asked_days("what's due this week?", dt.date(2026, 12, 10)).first)] == [
        "2027-01-01", "2026-12-07"]


# the homeowner's vault, shortened: daily notes of the month's days gone, a to-do list due later in it
HOME = {
    "Journal/2026-12-01.md": ("# Tuesday 1 December 2026\n\nPlumber came at 9.15, replaced the bath waste seal. "
                              "£145 cash. The leak wasn't the roof at all.\n"),
    "Journal/2026-12-03.md": "# Thu 3 Dec\n\nTexted Marek about the December rent. Thermostat arrived.\n",
    "Journal/2026-12-05.md": ("# Saturday 5th December\n\nB&Q run: stain block, ceiling paint, de-icer. Cleared the "
                              "back gutter. Marek says Monday now.\n"),
    "Journal/2026-12-06.md": "# Sun 6 Dec 2026\n\nMum came over for lunch. Tried the thermostat app.\n",
    "House/todo house.md": ("# House to-do\n\n- [ ] decide on roof quote 📅 2026-12-18\n"
                            "- [ ] pay the window fitter deposit 📅 2026-12-15\n- [ ] chase Dave re garden wall\n"),
    "House/garden.md": "# Garden\n\nRoses pruned in November. Compost bin full.\n",
}


@pytest.mark.parametrize("question", ["what's due this month?", "what have I got on this month?",
                                      "any deadlines this month?"])
def test_the_todo_list_due_later_in_the_month_ranks_first(tmp_path, question):
    """main ranked the journals of 1 to 6 Dec above `todo house.md` (due 15 and 18 Dec)."""
    with _index_of(tmp_path, HOME) as index:
        result = _search(index, question)
    paths = list(dict.fromkeys(r["path"] for r in result.results))
    assert paths[0] == "House/todo house.md", paths


def test_a_past_this_month_still_reads_its_journals(tmp_path):
    with _index_of(tmp_path, HOME) as index:
        result = _search(index, "what did I do this month?")
    paths = list(dict.fromkeys(r["path"] for r in result.results))
    assert {p for p in paths[:5] if p.startswith("Journal/")} == {f"Journal/2026-12-0{d}.md" for d in "1356"}, paths


# the reviewer's v2: the month's dailies so far, overdue tasks, a goals note of the month, a task of January
LEFT = {
    **{f"daily/2026-12-0{d}.md": f"# 2026-12-0{d}\n\nWalked the dog. Soup for lunch, read a chapter.\n" for d in "123456"},
    "overdue.md": "# Admin\n\n- [ ] renew passport 📅 2026-12-03\n- [ ] submit expenses 📅 2026-12-04\n",
    "Dec goals.md": "# Goals 2026-12\n\nRead two books, run 50 km, finish the quilt.\n",
    "later.md": "# Later\n\n- [ ] book dentist 📅 2027-01-10\n",
}


@pytest.mark.parametrize("today", ["2026-12-07", "2026-12-31"])
def test_a_month_with_nothing_left_still_reads_its_overdue_tasks_and_goals(tmp_path, today):
    """The branch's first cut read 7 (or 31) to 31 Dec alone: one result, January's task; the overdue tasks, the
    month's goals and its dailies were lost (review of thismonth). Now the overdue tasks rank first."""
    with _index_of(tmp_path, LEFT) as index:
        result = _search(index, "what's due this month?", today=dt.date.fromisoformat(today))
    paths = list(dict.fromkeys(r["path"] for r in result.results))
    assert paths[0] == "overdue.md", paths
    assert {"Dec goals.md", *(f"daily/2026-12-0{d}.md" for d in "123456")} <= set(paths), paths
