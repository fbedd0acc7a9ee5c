"""`mrag tasks` reads the day an open task's line ends with, written with no cue, in the lists people keep (session
57, tasks2; taskdue.plain_day): a parent's running list (`Ellie Xmas jumper for Fri 11th`, `Hedrin round 2 Sat 12th`,
`collect Noah's glasses from Fri 11th`), a journalist's `To do - week of 7 Dec` (`— Tues`, `Thurs 10 Dec, 6pm, ...`),
and a deadline gone by (`(was due Wed!!)`: the Wednesday before, not the coming one)."""

from __future__ import annotations

import datetime as dt
import time

import pytest

from minirag_cli.tasks import select

TODAY = dt.date(2026, 12, 7)  # a Monday


def tasks(lines: list[str], *, path: str = "House/Things to remember.md", today: dt.date = TODAY) -> list[dict]:
    return [t.to_dict() for t in select([("/notes", path, "", lines)], state="all", today=today)]


def one(line: str, **kw) -> dict:
    found = tasks([line], **kw)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("line, due", [
    ("- [ ] Ellie Xmas jumper for Fri 11th", "2026-12-11"),
    ("- [ ] Hedrin round 2 Sat 12th", "2026-12-12"),
    ("- [ ] Hedrin round 2 (Sat 12th)", "2026-12-12"),
    ("- [ ] Hedrin round 2 Sat 12th!", "2026-12-12"),
    ("- [ ] nativity costume Fri 11 Dec #school", "2026-12-11"),
    ("- [ ] school play tickets for Friday 11th December", "2026-12-11"),
    ("- [ ] Book train to London for NUJ freelance training Sat 12 Dec", "2026-12-12"),
    ("- [ ] present for Gran for 19 Dec", "2026-12-19"),  # after `for`: a day without its weekday too
    ("- [ ] Scrutiny committee Thurs 10 Dec, 6pm, Civic Centre room 1 — cover?", "2026-12-10"),  # its hour after
])
def test_a_day_ending_an_open_task_is_its_due_day(line, due):
    found = one(line)
    assert (found["due"], found["scheduled"]) == (due, None)


def test_a_day_from_which_a_task_can_be_done_is_its_scheduled_day():
    found = one("- [ ] collect Noah's glasses from Fri 11th")
    assert (found["due"], found["scheduled"]) == (None, "2026-12-11")  # in the week's window, never overdue


def test_the_running_list_is_in_the_weeks_window():
    notes = [("/notes", "House/Things to remember.md", "", [
        "- [ ] Ellie Xmas jumper for Fri 11th", "- [ ] collect Noah's glasses from Fri 11th",
        "- [ ] Hedrin round 2 Sat 12th", "- [ ] book Noah dentist check up (Jan)"])]
    week = select(notes, today=TODAY, window=(TODAY, TODAY + dt.timedelta(days=6)))
    assert [t.line for t in week] == [1, 2, 3]


@pytest.mark.parametrize("line", [
    "- [ ] ask Tom about Sat 12th party",  # the day qualifies what follows: the task's subject
    "- [ ] cover the Sat 12 - Sun 13 Dec rota",
    "- [ ] away Sat 12 - Sun 13 Dec",  # a range
    "- [ ] Mon 7 – Fri 11 Dec",
    "- [ ] swim Fri 22 Nov",  # a slip (22 November 2026 is a Sunday): no day
    "- [ ] Mileage claim for Nov",  # a month
    "- [ ] book a table for 4",
    "- [ ] halve the recipe for 1/2",  # slashed, no weekday: a fraction as likely as a day
    "- [ ] chase Courier invoice — Tues",  # a weekday alone in a list of no known week
    "- [ ] gym Mon",
    "- [ ] put the tomatoes in the Sun",
])
def test_no_plain_day_from_ordinary_lines(line):
    found = one(line)
    assert (found["due"], found["scheduled"]) == (None, None)


def test_a_done_task_gets_no_day_from_its_words():
    assert one("- [x] Hedrin round 1 (Sat 5th)")["due"] is None  # when it was done


WEEK_LIST = ["# To do - week of 7 Dec", "#todo", "",
             "- [ ] Chase Courier invoice 2026-034 (£150) — Tues",
             "- [ ] Land Registry search on Gary Holt's properties",
             "- [ ] write up council meeting Thurs 3 Dec",
             "- [ ] yoga Mon/Wed/Fri",
             "- [ ] run every Sat",
             "- [ ] Wed",
             "- [ ] swim Mon Wed Fri",
             "- [ ] pay Jo back for last Fri",
             "- [ ] pitch to Ruth by Wed",
             "- [x] Send Patel update line to Hannah (done Sun)"]


@pytest.mark.parametrize("today", [TODAY, dt.date(2026, 12, 20)])
def test_a_list_naming_its_week_reads_its_days_in_that_week(today):
    dues = {t["line"]: t["due"] for t in tasks(WEEK_LIST, path="To do - week of 7 Dec.md", today=today)}
    # asked later too, `— Tues` and `by Wed` are that week's (the asking day's coming Tuesday was read for `by Wed`)
    assert dues == {4: "2026-12-08", 5: None, 6: None, 7: None, 8: None, 9: None, 10: None, 11: None,
                    12: "2026-12-09", 13: None}


@pytest.mark.parametrize("heading", ["## w/c 7 Dec", "## Week commencing 7 December", "## week of Mon 7 Dec"])
def test_a_heading_names_its_lists_week(heading):
    lines = ["# Work", "## w/c 30 Nov", "- [ ] invoice Acme — Thurs", heading, "- [ ] invoice Acme — Thurs"]
    assert [t["due"] for t in tasks(lines, path="Work/Running.md")] == ["2026-12-03", "2026-12-10"]


def test_a_weekday_alone_in_a_days_note():
    assert one("- [ ] book train to Hatfield for Thu", path="Daily/2026-12-07.md")["due"] == "2026-12-10"
    assert one("- [ ] write up the meeting Thurs 3 Dec", path="Daily/2026-12-07.md")["due"] is None  # gone by


@pytest.mark.parametrize("line, due", [
    ("- [ ] send Tom bio + photo (was due Wed!!)", "2026-12-02"),
    ("- [ ] referee report, deadline was Fri", "2026-12-04"),
    ("- [ ] invoices were due by Mon", "2026-11-30"),
    ("- [ ] chapter draft (due date was Mon 30th)", "2026-11-30"),
    ("- [ ] section II sample to Clara by Fri", "2026-12-11"),  # no past tense: the coming Friday
])
def test_a_deadline_in_the_past_tense_is_the_last_such_day(line, due):
    lines = ["# Inbox", "", "Mon 7 Dec", "", line]
    assert [t["due"] for t in tasks(lines, path="202612071000 Inbox.md")] == [due]


# fixT2 (review of tasks2)
def _timed(lines: list[str], path: str = "TODO.md") -> tuple[float, list[dict]]:
    start = time.perf_counter()
    found = tasks(lines, path=path)
    return time.perf_counter() - start, found


@pytest.mark.parametrize("line", [
    "- [ ] Hand in the form Fri 11th" + "!" * 200 + " ugh",  # marks then words: the end's pattern backtracked
    "- [ ] Call Gran for 19 Dec" + "." * 200 + " (see notes)",
])
def test_a_day_before_many_marks_is_read_in_linear_time(line):
    took, found = _timed([line])
    assert took < 1.0 and [t["due"] for t in found] == [None]


@pytest.mark.parametrize("unit", ["every Fri 11 Dec 6pm; ", "Call Jo re the Fri 11 Dec 6pm thing "])
def test_a_long_line_of_days_is_read_in_linear_time(unit):
    took, found = _timed(["- [ ] " + unit * (44_000 // len(unit))])  # 44 KB: a whole prefix searched per day was 60 s
    assert took < 3.0 and len(found) == 1


@pytest.mark.parametrize("path, line", [
    ("Daily/2026-12-09.md", "- [ ] Review notes from Mon"),  # a Wednesday's note: days gone by, not the coming ones
    ("Daily/2026-12-09.md", "- [ ] Follow up on emails from Tues"),
    ("Daily/2026-12-09.md", "- [ ] Write up what happened Monday"),
    ("Daily/2026-12-09.md", "- [ ] Standup notes: Mon"),
    ("Daily/2026-12-09.md", "- [ ] Results of Tue"),
    ("Daily/2026-12-09.md", "- [ ] Follow up with John re: Tuesday"),
    ("Daily/2026-12-09.md", "- [ ] Call mum Sunday"),
    ("Daily/2026-12-11.md", "- [ ] Email Priya about Tuesday"),
    ("Meal plan week of 30 Nov.md", "- [ ] lasagne Wed"),  # a weekday alone with no dash nor `for` before it
])
def test_a_weekday_alone_only_after_for_or_a_dash(path, line):
    found = one(line, path=path, today=dt.date(2026, 12, 9))
    assert (found["due"], found["scheduled"]) == (None, None)


@pytest.mark.parametrize("path, line, due", [
    ("Daily/2026-12-09.md", "- [ ] Pay Sam back for Friday", "2026-12-11"),
    ("Daily/2026-12-09.md", "- [ ] call the garage — Thurs", "2026-12-10"),
    ("To do - week of 7 Dec.md", "- [ ] invoice - Tues", "2026-12-08"),
])
def test_a_weekday_alone_after_for_or_a_dash_in_a_known_week(path, line, due):
    assert one(line, path=path, today=dt.date(2026, 12, 9))["due"] == due


def test_a_heading_naming_no_week_closes_the_week_above():
    lines = ["# Status log", "## Week of 16 Nov", "- [ ] send deck by Fri", "### Notes", "- [ ] ring Al — Mon",
             "## Backlog", "- [ ] migrate DB by Fri", "- [ ] tidy wiki — Mon"]
    dues = [t["due"] for t in tasks(lines, path="Projects/Status log.md")]
    assert dues == ["2026-11-20", "2026-11-16", "2026-12-11", None]  # a lower heading keeps it; `## Backlog` ends it


def test_a_front_matter_title_names_the_week():
    lines = ["---", "title: To do - week of 7 Dec", "---", "- [ ] invoice — Tues"]
    assert [t["due"] for t in tasks(lines, path="Work/Standup.md", today=dt.date(2026, 12, 20))] == ["2026-12-08"]


@pytest.mark.parametrize("line", [
    "- [ ] Fix bug reported Fri 4 Dec",  # an event's day, gone by: not a deadline
    "- [ ] Invoice for work done Mon 30 Nov",
    "- [ ] Check direct debit taken Tue 1st",
    "- [ ] Ring the bank about fraud on Fri 4th",
    "- [ ] Chase the parcel sent Fri 4th",
    "- [ ] minutes of Thurs 10 Dec",
    "- [ ] Photos from Sat 28 Nov",  # `from` a day gone by: where they came from
    "- [ ] Notes from Tues 1 Dec",
    "- [ ] Ask whether the event is still on Sat 12th?",  # a question
    "- [ ] Was it Fri 11th?",
    "- [ ] Is the party Sat 12th?",
])
def test_no_due_from_an_events_day_or_a_question(line):
    found = one(line)
    assert (found["due"], found["scheduled"]) == (None, None)


@pytest.mark.parametrize("line, due, scheduled", [
    ("- [ ] Submit expenses for Fri 4th", "2026-12-04", None),  # `for` a day gone by: due then, overdue now
    ("- [ ] collect Noah's glasses from Fri 11th", None, "2026-12-11"),
    ("- [ ] Reply to invite for Sat 19 Dec!!!", "2026-12-19", None),
    ("- [ ] Dinner at Jo's Fri 11th, 7.30pm", "2026-12-11", None),
])
def test_ordinary_days_still_read(line, due, scheduled):
    found = one(line)
    assert (found["due"], found["scheduled"]) == (due, scheduled)


# session 58, tasks3: a weekday in brackets, a day with a note after a dash, a record's `for`
GROWER_DAY = "Daily/2026-12-07.md"  # a Monday's note


@pytest.mark.parametrize("line, due", [
    ("- [ ] buy garden lime, lime bed 3 (Sat)", "2026-12-12"),  # read like `— Sat`, forward from the note's day
    ("- [ ] buy garden lime (Thurs)", "2026-12-10"),
    ("- [ ] ring the vet ( Weds )", "2026-12-09"),
    ("- [ ] send the seed order (Fri.) #plot", "2026-12-11"),
    ("- [ ] buy garden lime (by Fri)", "2026-12-11"),  # a cue in brackets, as before
    ("- [ ] buy garden lime (due Tue)", "2026-12-08"),
])
def test_a_weekday_in_brackets_ending_a_task_is_its_day(line, due):
    assert one(line, path=GROWER_DAY)["due"] == due


def test_a_weekday_in_brackets_reads_a_weeks_list_too():
    lines = ["## w/c 30 Nov", "- [ ] clean the supers (Thurs)"]
    assert [t["due"] for t in tasks(lines, path="Plot/Jobs.md")] == ["2026-12-03"]


@pytest.mark.parametrize("path, line", [
    (GROWER_DAY, "- [ ] buy garden lime (from Sat)"),  # from a day: where it refers back, as `from Sat` is
    (GROWER_DAY, "- [ ] chase the feed (Sat's delivery was late)"),
    (GROWER_DAY, "- [ ] plant lavender (sun)"),  # lower case: the words, as `sat nav`
    (GROWER_DAY, "- [ ] swap the rota (Sat or Sun)"),
    (GROWER_DAY, "- [ ] ask about the (Sat) market stall"),  # not ending the line
    (GROWER_DAY, "- [x] buy garden lime (Sat)"),  # a done task
    ("Plot/Jobs.md", "- [ ] buy garden lime (Sat)"),  # a standing list: no known week, as `— Sat`
    (GROWER_DAY, "- [ ] lunch w/ Dad (Sun) 🔁 every week"),  # a recurring task: the day it recurs on (fixT3)
    (GROWER_DAY, "- [ ] lunch w/ Dad every week (Sun)"),
    (GROWER_DAY, "- [ ] water the tomatoes each day (Sat)"),
    (GROWER_DAY, "- [ ] lunch w/ Dad (Sun) [repeat:: every 2 weeks]"),
])
def test_no_day_from_other_brackets(path, line):
    found = one(line, path=path)
    assert (found["due"], found["scheduled"]) == (None, None)


# fixT3, review of tasks3: a note after a dash does not make the day before it the task's: it may move it (`— now Mon
# 14th`, `— postponed`) or tell of an event gone by (`Reply to Sam's email Tue 1 Dec — he asked ...`)
@pytest.mark.parametrize("path, line", [
    (GROWER_DAY, "- [ ] SBKA Christmas social Tue 15 Dec — bring mince pies"),  # lost its day with the rule
    (GROWER_DAY, "- [ ] Parents' evening Thu 10th - ask about maths"),
    (GROWER_DAY, "- [ ] away Sat 12 - Sun 13 Dec — ask Dev to water"),  # a range's dash
    (GROWER_DAY, "- [ ] cover Sat 12 – 13 Dec"),
    (GROWER_DAY, "- [ ] cover Sat 12 - December 13 if Jo can't"),
    (GROWER_DAY, "- [ ] ask Tom about Sat 12th party — he knows"),  # the day qualifies what follows
    (GROWER_DAY, "- [ ] Fix bug reported Fri 4 Dec — urgent"),  # an event's day
    (GROWER_DAY, "- [ ] Is the party Sat 12th — or Sun?"),  # a question
    ("To do - week of 7 Dec.md", "- [ ] write up council meeting Thurs 3 Dec — see notes"),  # gone by in its week
    ("Inbox.md", "- [ ] Dentist Fri 11 Dec — moved to Mon 14th"),  # moved: not the first day
    ("Inbox.md", "- [ ] Dentist Fri 11 Dec — changed to Tue"),
    ("Inbox.md", "- [ ] Dentist Fri 11 Dec — postponed"),
    ("Inbox.md", "- [ ] Dentist Fri 11 Dec — rescheduled, TBC"),
    ("Inbox.md", "- [ ] Reply to Sam's email Tue 1 Dec — he asked about the budget"),  # an event's day, gone by
    ("Inbox.md", "- [ ] chase order placed Tue 1 Dec — still not here"),
    ("Inbox.md", "- [ ] Chase payment: invoiced Mon 30 Nov — net 14"),
    ("Inbox.md", "- [ ] follow up call with supplier Thu 3 Dec — they promised a quote"),
    ("Inbox.md", "- [ ] claim for 1 Dec — mileage"),
])
def test_no_day_from_a_day_with_a_note_after_a_dash(path, line):
    found = one(line, path=path)
    assert (found["due"], found["scheduled"]) == (None, None)


@pytest.mark.parametrize("line, due", [
    ("- [ ] Dentist Fri 11 Dec — now Mon 14th", "2026-12-14"),  # the day ending the line, as before
    ("- [ ] away Fri 11 Dec — back Mon 14th", "2026-12-14"),
    ("- [ ] Dentist Fri 11th, 3pm — bring the form", "2026-12-11"),  # its hour follows it: an appointment
    ("- [ ] bring mince pies — SBKA social Tue 15 Dec", "2026-12-15"),
])
def test_a_day_ending_the_line_after_a_dash_note_is_still_read(line, due):
    assert one(line, path="Inbox.md")["due"] == due


@pytest.mark.parametrize("line", [
    "- [ ] Write minutes for Mon",  # Monday's meeting, most often the one just held: no deadline
    "- [ ] Send recap for Mon",
    "- [ ] write-up for Mon",
    "- [ ] Email the minutes for Thurs 10 Dec",  # the meeting's day, to come: the minutes are written after it
])
def test_a_records_for_names_its_events_day_not_a_deadline(line):
    found = one(line, path="Daily/2026-12-09.md", today=dt.date(2026, 12, 9))
    assert (found["due"], found["scheduled"]) == (None, None)


@pytest.mark.parametrize("line, due", [
    ("- [ ] Prepare slides for Mon", "2026-12-14"),  # a deliverable for Monday's meeting
    ("- [ ] weekly report for Fri", "2026-12-11"),  # a report is as often a deliverable: kept
    ("- [ ] speaker notes for Mon", "2026-12-14"),
    ("- [ ] book 30 minutes for Fri", "2026-12-11"),  # a length of time, no record
    ("- [ ] agenda for Mon", "2026-12-14"),
    ("- [ ] Prepare debrief for Mon", "2026-12-14"),  # a debrief is a meeting: no record (fixT3)
    ("- [ ] book thirty minutes for Fri", "2026-12-11"),  # lengths of time, no record
    ("- [ ] block out a few minutes for Fri", "2026-12-11"),
    ("- [ ] 5-minutes for Fri", "2026-12-11"),
    ("- [ ] keep a couple of minutes for Fri", "2026-12-11"),
    ("- [ ] circulate minutes Fri 11 Dec", "2026-12-11"),  # no `for`: a deadline
    ("- [ ] minutes by Fri", "2026-12-11"),
])
def test_a_deliverables_for_is_still_its_day(line, due):
    assert one(line, path="Daily/2026-12-09.md", today=dt.date(2026, 12, 9))["due"] == due


@pytest.mark.parametrize("unit", ["Fri 11 Dec — bring pies ", "x (Fri) ", "minutes for Fri 11 Dec; "])
def test_a_long_line_of_noted_days_is_read_in_linear_time(unit):
    took, found = _timed(["- [ ] " + unit * (44_000 // len(unit)) + "?"], path=GROWER_DAY)
    assert took < 3.0 and len(found) == 1


@pytest.mark.parametrize("line, due", [
    ("- [ ] call — FRİDAY", "2026-12-11"),  # case-blind letters: a KeyError stopped select() (fixT3)
    ("- [ ] call (FRİDAY)", "2026-12-11"),
    ("- [ ] call FRİ 11 Dec", "2026-12-11"),
    ("- [ ] call by FRİ", "2026-12-11"),
    ("- [ ] call (ſun)", None),  # a lower case `sun`, as `(sun)`: the word
    ("- [ ] call (Sun)", "2026-12-13"),
])
def test_case_blind_letters_in_a_weekday(line, due):
    assert one(line, path=GROWER_DAY)["due"] == due
