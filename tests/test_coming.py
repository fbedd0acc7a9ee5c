"""coming.py: "when is the next X?" puts the note that writes X's soonest day to come first."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.coming import next_words, soonest
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)

# the INSET day gone has a note of its own that says most about it; the planner writes the one to come in a line
VAULT = {
    "Daily/2026-11-20.md": "# Friday 20 Nov – INSET day\n\nINSET day today, no pupils. Safeguarding refresher in "
                           "the morning, INSET afternoon on marking. The INSET lunch was good.\n",
    "Admin/Term planner.md": "# Autumn term planner\n\n"
                             "- **INSET day Fri 20 Nov** (no pupils)\n"
                             "- Y9 parents' evening Thurs 26 Nov, 4–7pm\n"
                             "- Y9 Science Museum trip Thu 10 Dec\n\n"
                             "## Spring 2027\n- **INSET Mon 4 Jan 2027**, pupils back Tue 5 Jan\n"
                             "- Y11 parents' evening Thurs 14 Jan 2027, 4–7\n",
    "Parents evening/Y9 parents evening 26-11-2026.md": "---\ndate: 2026-11-26\n---\n# Y9 parents' evening\n\n"
        "Parents evening notes: Amira's mum worried.\n\nRuby's mum: shoes on order, gave till 7 Dec.\n\n"
        "Parents evening ran late.\n",
    "Health/Dentist.md": "# Dentist\n\nDr Okafor at the Green Lane practice. Last check-up 3 Jun 2026, all fine.\n"
                         "- Next appointment 15 Jan 2027, 9:40\n",
    "Daily/2026-06-03.md": "# 2026-06-03\n\nDentist appointment with Dr Okafor, all fine, dentist said floss more. "
                           "The dentist appointment took an hour.\n",
    "Books/Novel.md": "# The novel\n\nThe next chapter is about the storm. Chapter 3 draft due 2026-12-20.\n",
}


@pytest.fixture(scope="module")
def teacher(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("teacher")
    write_notes(tmp / "notes", VAULT)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _search(db, question: str, mode: str = "hybrid"):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=10, mode=mode), today=TODAY)


@pytest.mark.parametrize("mode", ["hybrid", "bm25", "dense,bm25"])
@pytest.mark.parametrize("question,first,day", [
    ("when is the next inset day", "Admin/Term planner.md", "2027-01-04"),
    ("When's the next INSET?", "Admin/Term planner.md", "2027-01-04"),
    ("next parents evening?", "Admin/Term planner.md", "2027-01-14"),
    ("when's my next dentist appointment", "Health/Dentist.md", "2027-01-15"),
])
def test_the_note_of_the_soonest_day_to_come_comes_first(teacher, question, first, day, mode):
    result = _search(teacher, question, mode)
    assert result.results[0]["path"] == first
    assert result.results[0]["channels"]["recency"] == {"score": 1.0, "date": day, "from": "next"}
    assert result.latest.to_dict()["from"] == "next"


def test_no_day_to_come_moves_nothing(teacher):
    # the only occurrence is gone: nothing is chosen, and `mrag ask` says so (the question is searched as before)
    result = _search(teacher, "when is the next safeguarding refresher")
    assert result.latest is not None and result.latest.chosen is None
    assert not any("recency" in r["channels"] for r in result.results)


@pytest.mark.parametrize("question", [
    "when is the next inset day", "When's the next INSET?", "next parents evening?", "my next supervisor meeting",
    "when do I next see Dr Okafor", "when is the next ICLR deadline", "upcoming ICLR deadline?", "when is the upcoming ICLR deadline",
    "when will we next meet Anna?",
    # an event named after "next" needs no "when"; a "when" opening needs no event (review nextx)
    "next team meeting?", "next bin day?", "next payday?", "my next dentist appointment", "when is the next full moon",
    "So when's the next book club?",
])
def test_next_words(question):
    assert next_words(question) is not None


@pytest.mark.parametrize("question", [
    "what did I do next", "what's on next week", "what do I have next Friday", "plans for the next 2 weeks",
    "what happens in the next chapter", "next steps for the Parker website", "what's next on my list",
    "who is next on the rota", "next time I see Priya remind me", "what's coming up next?",
    "when did I last see Priya?",
    # a LiHua question of a story's day (MRR fell): "upcoming" after "the" is not read
    "What does WolfgangSchulz suggest the group do before the upcoming karaoke night?",
    # review nextx: past questions are of the one after a day gone, not of one to come
    "when did I next see Priya after the wedding?", "what did we discuss at the next team meeting after the offsite?",
    "what happened at the next session after Priya left?", "when was the next inset day after half term?",
    # ... a weekday or month after "next" is days (askday.py)
    "next Weds meeting?", "next Dec deadline", "Next Jan we go skiing", "my next Thurs class",
    # ... an order or a place, not a day
    "what's the next big thing in AI", "what is the next stop after Leeds", "what's my next book to read",
    "who is the next speaker at the research seminar", "what should I ask Sam when I next see him?",
    "next to the station there was a cafe, what was it called?",
])
def test_not_next_words(question):
    assert next_words(question) is None


def test_a_dated_notes_title_says_nothing_of_its_other_days():
    # `Y9 parents evening 26-11-2026.md` is the evening of its day: its "gave till 7 Dec" is no evening to come
    asked = next_words("next parents evening?")
    text = "Ruby's mum: shoes on order, gave till 7 Dec."
    assert soonest(asked, text, "Parents evening/Y9 parents evening.md", "2026-11-26", TODAY) == ""
    assert soonest(asked, text, "Parents evening/Y9 parents evening.md", "", TODAY) == "2026-12-07"


def test_a_span_under_way_is_of_today():
    asked = next_words("when are the next mocks")
    assert soonest(asked, "- Y11 mocks 3–11 Dec 2026", "planner.md", "", TODAY) == TODAY.isoformat()
    assert soonest(asked, "- Y11 mocks 3–5 Dec 2026", "planner.md", "", TODAY) == ""


def test_a_notes_own_date_is_no_occurrence():
    # review nextx: today's daily note that only mentions the dentist is no appointment today ...
    asked = next_words("when is my next dentist appointment?")
    today_note = "Team meeting at 10.\nNeed to book the dentist for Emma's check-up.\nTrip planning: flights for Lisbon.\n"
    assert soonest(asked, today_note, "Daily/2026-12-07.md\n2026-12-07", "2026-12-07", TODAY) == ""
    assert soonest(next_words("when is my next trip"), today_note, "Daily/2026-12-07.md\n2026-12-07", "2026-12-07",
                   TODAY) == ""
    # ... nor is an agenda dated ahead whose item only names the meeting
    agenda = "- committee meeting date (Feb?)\n- reading group\n"
    assert soonest(next_words("when is the next committee meeting"), agenda, "Daily/2026-12-08.md\n2026-12-08 agenda",
                   "2026-12-08", TODAY) == ""
    # ... but a title that writes the day and says the event is one
    assert soonest(next_words("my next supervisor meeting"), "Agenda: chapter 2 draft.",
                   "Work/2026-12-15 Supervisor meeting.md\n2026-12-15 Supervisor meeting", "2026-12-15",
                   TODAY) == "2026-12-15"


def test_a_lines_paragraph_says_what_its_day_is_of():
    # `Daily/2026-09-14.md`: the appointment line does not say "dentist", the line above it in its paragraph does
    asked = next_words("when is my next dentist appointment?")
    text = ("Dentist at 9:40 with Dr Patel. One small filling.\nNext appointment 15 Jan 2027 at 9:40.\n\n"
            "Team meeting at 11: Q4 planning.\n")
    assert soonest(asked, text, "Daily/2026-09-14.md\nMonday 14 September 2026", "2026-09-14", TODAY) == "2027-01-15"
    # a list's items are not of the item above them: the planner's trip is no INSET day
    planner = "- **INSET day Fri 20 Nov** (no pupils)\n- Y9 Science Museum trip Thu 10 Dec\n"
    assert soonest(next_words("when is the next inset day"), planner, "Admin/planner.md\nplanner", "", TODAY) == ""
    table = ("| 10 | 16 Nov | **INSET day Fri 20 Nov** (no pupils) |\n| 13 | 7 Dec | Y9 Science Museum trip Thurs 10th |\n\n"
             "## Spring 2027\n- **INSET Mon 4 Jan 2027**, pupils back Tue 5 Jan\n")
    assert soonest(next_words("when is the next inset day"), table, "Admin/planner.md\nplanner", "", TODAY) == "2027-01-04"


def test_explain_says_a_line_writes_the_day():
    # review nextx: the day is a line's, not the note's date; "number 2 from the next" read as nothing
    from minirag_cli.format import explain_lines, recency_place

    first = {"score": 1.0, "date": "2027-01-04", "from": "next"}
    second = {"score": 0.5, "date": "2027-01-14", "from": "next"}
    lines = explain_lines({"channels": {"recency": first}})
    assert "recency: a line of its note writes 2027-01-04, the soonest to come of the notes that match" in lines
    assert "number 2 of the days to come" in explain_lines({"channels": {"recency": second}})[-1]
    assert (recency_place(first), recency_place(second)) == ("the soonest to come", "number 2 of the days to come")


# session 56 (nextmeet): a club secretary's minutes end with the next meeting's day; the file name dates them
MINUTES = ("# Committee meeting – Wed 18th Nov 2026\n\nSt Mark's Church Hall, 7.30pm\n\n## 7. AOB\n"
           "- Jim raised parking at the leisure centre.\n\n**Next meeting:** Wed 16th Dec, 7.30pm, St Mark's.\n")
MINUTES_NAME = "Minutes/2026-11-18 committee meeting.md\nCommittee meeting – Wed 18th Nov 2026"


@pytest.mark.parametrize("question,line,name,day", [
    ("when is the next committee meeting?", "**Next meeting:** Wed 16th Dec, 7.30pm", MINUTES_NAME, "2026-11-18"),
    ("next committee meeting?", "Date of next meeting: 12 Jan 2027", MINUTES_NAME, "2026-11-18"),
    ("when is the next committee meeting", "NEXT MEETING Wed 16th Dec", MINUTES_NAME, "2026-11-18"),
    ("when is the next committee meeting", "- Next committee meeting: 16/12/2026", MINUTES_NAME, "2026-11-18"),
    ("when's the next PTA meeting", "Next meeting - Tue 12 Jan 2027", "School/PTA/2026-11-30 PTA.md\nPTA",
     "2026-11-30"),
    ("when is the next board meeting", "The next meeting will be on 20 Jan 2027.",
     "Board/2026-11-20 minutes.md\nBoard minutes 20 Nov", "2026-11-20"),
    ("when is the next team meeting", "Next meeting: Thu 10 Dec", "Team/Minutes/2026-12-03.md\n2026-12-03",
     "2026-12-03"),
    ("when is the next supervision", "Next: 14 Jan 2027", "Supervision/2026-11-30 supervision.md\nSupervision",
     "2026-11-30"),
    ("when is the next cpd session", "Next session - Fri 11 Dec, Kingsmead", "CPD/2026-11-25 CPD session 2.md\nCPD",
     "2026-11-25"),
])
def test_a_next_meeting_line_is_of_the_meeting_its_dated_note_is_about(question, line, name, day):
    asked = next_words(question)
    text = "Minutes of last meeting agreed.\n\n" + line + "\n"
    assert soonest(asked, text, name, day, TODAY) != ""


def test_the_minutes_heading_says_what_the_next_meeting_is_of():
    # a daily note's section of the committee meeting: its heading says "committee"
    daily = ("# Mon 30 Nov\n\nGym.\n\n## Committee meeting\nBudget agreed.\n\nNext meeting: Wed 16 Dec\n\n"
             "## Home\nBins.\n")
    asked = next_words("when is the next committee meeting")
    assert soonest(asked, daily, "Daily/2026-11-30.md\nMon 30 Nov", "2026-11-30", TODAY) == "2026-12-16"
    # ... not a meeting under another heading of it
    other = daily.replace("## Committee meeting", "## Book club")
    assert soonest(asked, other, "Daily/2026-11-30.md\nMon 30 Nov", "2026-11-30", TODAY) == ""


@pytest.mark.parametrize("question,line,name", [
    # another committee's minutes, another meeting's line, a line that is no label, a past day, no day at once
    ("when is the next social committee meeting", "Next meeting: Wed 16 Dec",
     "Minutes/2026-11-18 finance committee.md\nFinance committee"),
    ("when is the next committee meeting", "Next race meeting Wed 6th Jan",
     "Minutes/2026-12-02 race subcommittee.md\nRace sub-committee 2/12"),
    ("when is the next committee meeting", "Jim asked when the next meeting is, maybe 16 Dec", MINUTES_NAME),
    ("when is the next committee meeting", "Next meeting: 2 Dec", MINUTES_NAME),
    ("when is the next committee meeting", "Next session: Wed 16 Dec", MINUTES_NAME),
    ("when is the next supervision", "Next: send chapter 3 draft by 14 Jan 2027",
     "Supervision/2026-11-30 supervision.md\nSupervision"),
    ("when is the next supervision", "Next: 14 Jan 2027", "Daily/2026-11-30.md\nMon 30 Nov"),
])
def test_not_a_next_meeting_line_of_what_is_asked(question, line, name):
    asked = next_words(question)
    assert soonest(asked, "Minutes agreed.\n\n" + line + "\n", name, "2026-11-18", TODAY) == ""


def test_a_terms_first_letters_are_not_another_word():
    # qaphd: "Maria's comments on my ch3 draft" above "full ch3 draft by **Dec 18**" read as a committee's day
    asked = next_words("when is the next committee meeting")
    text = "## Chapter 3\nMaria's comments on my ch3 draft v2:\n- she wants the full ch3 draft by **Dec 18**\n"
    assert soonest(asked, text, "Meetings/2026-11-24 Supervisor.md\nSupervisor meeting", "2026-11-24", TODAY) == ""
    # ... while a long word's kin still count ("supervision" of a supervisor's note)
    assert soonest(next_words("when is the next supervision"), "Next session 14 Jan 2027",
                   "Meetings/Supervisor.md\nSupervisor", "", TODAY) == "2027-01-14"


def test_the_minutes_that_write_the_next_meeting_come_first(tmp_path):
    # the September minutes say most of the committee; the November ones write the meeting to come
    vault = {
        "Minutes/2026-09-16 committee meeting.md": "# Committee meeting Sept\n\nCommittee meeting: race date fixed, "
            "committee agreed the committee budget. The committee meets monthly.\n",
        "Minutes/2026-10-21 committee meeting.md": "# Committee meeting 21/10/2026\n\nMinutes approved.\n\n"
                                                   "Next meeting 18th Nov.\n",
        "Minutes/2026-11-18 committee meeting.md": MINUTES,
    }
    write_notes(tmp_path / "notes", vault)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    result = _search(db, "when is the next committee meeting?")
    assert result.results[0]["path"] == "Minutes/2026-11-18 committee meeting.md"
    assert result.results[0]["channels"]["recency"]["date"] == "2026-12-16"


# review nextmeet: a note's shortening of the asked word is the word, the first letters alone are not
@pytest.mark.parametrize("long,short", [
    ("chemotherapy", "Chemo"), ("retrospective", "Retro"), ("gynaecologist", "Gynae"), ("orthodontist", "Ortho"),
    ("conference", "Conf"), ("psychiatrist", "Psych"), ("dermatologist", "Derm"), ("examination", "Exam"),
    ("physiotherapy", "Physio"), ("dentist", "Dental"), ("supervision", "Supervisor"),
])
def test_a_shortening_or_a_kin_word_says_the_asked_word_both_ways(long, short):
    for asked, written in ((long, short), (short.lower(), long.capitalize())):
        assert soonest(next_words(f"when is my next {asked}"), f"# Health\n\n{written} Thu 10 Dec, 9am\n",
                       "Health/Health.md\nHealth", "", TODAY) == "2026-12-10", (asked, written)


@pytest.mark.parametrize("question,line", [
    ("when is the next committee meeting", "Maria's comments on draft 18 Dec"),
    ("when is the next committee meeting", "Commission review 18 Dec"),
    ("when is the next committee meeting", "Commit 3f2a pushed, release 18 Dec"),
    ("when is the next party", "Part 2 of the course 18 Dec"),
    ("when is the next art class", "Article due 18 Dec"),
])
def test_a_words_first_letters_are_not_the_word(question, line):
    assert soonest(next_words(question), f"# Notes\n\n{line}\n", "Work/Notes.md\nNotes", "", TODAY) == ""


@pytest.mark.parametrize("line,name", [
    # review nextmeet: a bare "Next:" of a task, or under a heading of tasks, is no meeting's day
    ("## Next steps\n- Tom: draft by 14 Dec\n- Next: review 18 Dec",
     "Work/2026-12-01 project meeting.md\nProject meeting"),
    ("Next: Monday 14 Dec deadline for chapter 3", "Supervision/2026-11-30 supervision.md\nSupervision"),
    ("Next: Wed 16 Dec send draft", "Supervision/2026-11-30 supervision.md\nSupervision"),
    ("Next: Mon 14 Dec - chase Mr Smith re homework", "Meetings/2026-11-26 meeting.md\nProject meeting"),
    ("## Actions\nNext: 14 Jan 2027", "Work/2026-12-01 project meeting.md\nProject meeting"),
])
def test_a_bare_next_of_a_task_is_no_meetings_day(line, name):
    asked = next_words("when is the next project meeting" if "project" in name.lower() else
                       "when is the next supervision")
    assert soonest(asked, "Notes.\n\n" + line + "\n", name, "2026-11-30", TODAY) == ""


@pytest.mark.parametrize("line,day", [
    ("Next: Wed 16th Dec, 7.30pm, St Mark's", "2026-12-16"),
    ("Next: Thu 14 Jan 2027 at 10am, Room 3", "2027-01-14"),
])
def test_a_bare_next_of_a_day_and_its_place_is_the_next_ones(line, day):
    assert soonest(next_words("when is the next supervision"), "Notes.\n\n" + line + "\n",
                   "Supervision/2026-11-30 supervision.md\nSupervision", "2026-11-30", TODAY) == day


@pytest.mark.parametrize("line,day", [
    # the day right after the label, not every day of the line
    ("Next meeting chaired by Jim; accounts due 10 Dec", ""),
    ("Next meeting (was 9 Dec) now 13 Jan 2027", "2027-01-13"),
    ("Next meeting: Wed 13 Jan 2027 (December meeting cancelled, 16 Dec hall unavailable)", "2027-01-13"),
    ("Next meeting date: 16 Dec", "2026-12-16"),
    ("Next meeting time: 7pm, 16 Dec", "2026-12-16"),
])
def test_a_next_meeting_line_says_the_day_right_after_its_label(line, day):
    asked = next_words("when is the next committee meeting")
    assert soonest(asked, "Minutes agreed.\n\n" + line + "\n", MINUTES_NAME, "2026-11-18", TODAY) == day


@pytest.mark.parametrize("question", ["when is the next committee meeting date?",
                                      "when is the next committee meeting scheduled", "when is the next committee "
                                      "meeting happening"])
def test_the_asked_noun_is_before_date_or_scheduled(question):
    assert soonest(next_words(question), MINUTES, MINUTES_NAME, "2026-11-18", TODAY) == "2026-12-16"


def test_a_run_of_dashes_after_next_is_read_at_once():
    import time

    started = time.monotonic()
    soonest(next_words("when is the next supervision"), "Next " + "-" * 20000 + " x 1\n",
            "Supervision/2026-11-30 supervision.md\nSupervision", "2026-11-30", TODAY)
    assert time.monotonic() - started < 5  # 26 s when the label's run of dashes was read by two [\W_]*


def test_the_latest_minutes_say_the_next_meeting(tmp_path):
    # review nextmeet: October's minutes say 16 Dec, November's say the December meeting is cancelled
    vault = {
        "Minutes/2026-10-21 committee meeting.md": "# Committee meeting 21 Oct 2026\n\nMinutes approved. Treasurer "
                                                   "report.\n\n**Next meeting:** Wed 16th Dec, 7.30pm\n",
        "Minutes/2026-11-18 committee meeting.md": "# Committee meeting 18 Nov 2026\n\nBudget agreed.\n\n**Next "
            "meeting:** Wed 13 Jan 2027 (December meeting cancelled, hall unavailable)\n",
    }
    write_notes(tmp_path / "notes", vault)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    result = _search(db, "when is the next committee meeting?")
    assert result.results[0]["path"] == "Minutes/2026-11-18 committee meeting.md"
    assert result.results[0]["channels"]["recency"]["date"] == "2027-01-13"
    # ... and October's 16 Dec, said anew since, is no day to come
    assert result.results[1]["channels"].get("recency", {}).get("from") != "next"


@pytest.mark.parametrize("question,text,name", [
    # a payment is no event's noun (review of titleperiod): any day on a line naming the matter was its next payment
    ("when's my next rent payment", "Rent review 1 Mar 2027 - expect +5%\n", "Flat.md\nFlat"),
    ("when's my next rent payment", "Rent £950 due on the 1st. Lease renewal meeting 20 Jan 2027\n", "Flat.md\nFlat"),
    ("when is my next mortgage payment", "Mortgage fix ends 1 Sep 2028\n", "Mortgage.md\nMortgage"),
    ("when is the next car payment", "Car MOT Thu 4/3/27\n", "Car.md\nCar"),
    ("when is the next property tax payment?", "Property tax appeal hearing 12 Jan 2027\n", "House.md\nHouse"),
])
def test_a_day_beside_the_matter_is_no_payment(question, text, name):
    assert soonest(next_words(question), text, name, "", TODAY) == ""


@pytest.mark.parametrize("question,text,day", [
    # `Tue 1/12/27` is 12 January 2027, a Tuesday (dayorder.py, as extraction reads it); it was unread
    ("when is my next dentist appointment", "Dentist Tue 1/12/27 at 3pm\n", "2027-01-12"),
    ("when is the next team meeting", "Team meeting Fri 8/1/27\n", "2027-01-08"),
    ("when is the next team meeting", "Team meeting Fri 1/8/27\n", "2027-01-08"),
    # no weekday, no guess
    ("when is my next dentist appointment", "Dentist 1/12/27 at 3pm\n", ""),
])
def test_an_ambiguous_slashed_day_its_weekday_settles_is_read(question, text, day):
    assert soonest(next_words(question), text, "Health.md\nHealth", "", TODAY) == day
