"""Weekday phrases in questions that read wrong or nothing (session 49, dates3), through the index as `mrag ask`:

- a list of weekdays that names the asking day's weekday split the run: "on Sat and Sun" asked on a Sunday read
  yesterday and the Sunday a week ago (two weekends); it is yesterday and today, and "last Sat and Sun" last weekend;
- "between Mon and Wed" and a bare "Mon-Wed" / "Monday–Wednesday" still read nothing (fixC, review revD: read as
  spans they dropped the answer's note of a topic's, a schedule's or a choice's span), as before dates3 (db517d4);
- "on the weekend", "at the weekend", "over the weekend" read nothing: in a past tense, as "this weekend" is."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days
from minirag_cli.options import RetrievalOptions
from minirag_cli.unheld import unheld_names
from tests.conftest import answered_from, daily_notes_index, days_asked

SUNDAY = dt.date(2026, 12, 6)
WEDNESDAY = dt.date(2026, 12, 2)
MONDAY = dt.date(2026, 11, 30)
DAYS = {
    "2026-11-25": "Yoga class in the evening.",
    "2026-11-26": "Pottery course, glazed two bowls.",
    "2026-11-28": "Hiked up the ridge trail.",
    "2026-11-29": "Went to the farmers market.",
    "2026-11-30": "Dentist appointment at 9.",
    "2026-12-01": "Gym in the morning.",
    "2026-12-02": "Lunch with Priya.",
    "2026-12-04": "Movie night, watched Dune.",
    "2026-12-05": "Cleaned the garage.",
    "2026-12-06": "Brunch at the harbour cafe.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("weekday_runs"), DAYS)


@pytest.mark.parametrize("question, today, days", [
    # the asking day's weekday in the list: today when that keeps the days together (were 11-29 and 12-05)
    ("What did I do on Sat and Sun?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Saturday and Sunday?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Fri, Sat and Sun?", SUNDAY, ["2026-12-04", "2026-12-05", "2026-12-06"]),
    ("¿Qué hice el sábado y el domingo?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do on Mon, Wed and Fri?", dt.date(2026, 12, 4), ["2026-11-30", "2026-12-02", "2026-12-04"]),
    # after "last", yesterday's weekday is a week before when that keeps them together (were 11-29 and 12-05)
    ("What did I do last Sat and Sun?", SUNDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do last Friday and Saturday?", dt.date(2026, 12, 5), ["2026-11-27", "2026-11-28"]),
    # the last weekend asked midweek, as before
    ("What did I do on Sat and Sun?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do last Sat and Sun?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    # today's weekday a week back when that is closer: last week's Wednesday and Thursday, not today and 11-26
    ("What did I do on Wed and Thu?", WEDNESDAY, ["2026-11-25", "2026-11-26"]),
    ("What did I do on Mon, Wed and Fri?", MONDAY, ["2026-11-23", "2026-11-25", "2026-11-27"]),
    # one weekday alone is the most recent before today, as before ("on Sunday" asked on a Sunday: a week ago)
    ("What did I do on Sunday?", SUNDAY, ["2026-11-29"]),
    # a future day of this week, as before (left as is): Wednesday asked on a Monday
    ("What did I do on Mon and Wed this week?", MONDAY, ["2026-11-30", "2026-12-02"]),
])
def test_weekday_lists_are_one_run(question, today, days):
    assert days_asked(question, today) == days


def test_a_weekend_list_is_answered_from_its_own_notes(index):
    # on main: 11-29 and 12-05, and the farmers market of a week ago was a source
    assert answered_from(index, "What did I do on Sat and Sun?", SUNDAY) == (
        ["2026-12-05", "2026-12-06"], {"2026-12-05", "2026-12-06"}, [])


@pytest.mark.parametrize("question, today, days", [
    # as db517d4 read them (main e52f232 read the spans: Monday to Wednesday, or last week's)
    ("What did I do between Mon and Wed?", SUNDAY, None),
    ("What did I do between Monday and Wednesday?", SUNDAY, None),
    ("What did I do Mon-Wed?", SUNDAY, None),
    ("What did I do Mon–Wed?", SUNDAY, None),
    ("What did I do Monday—Wednesday?", SUNDAY, None),
    ("Mon-Wed: what did I do?", MONDAY, None),
    ("What did I do Mon-Wed.", SUNDAY, None),
    ("What did I eat Mon-Wed last week?", SUNDAY,  # last week (Monday to Sunday), as db517d4
     [str(dt.date(2026, 11, 23) + dt.timedelta(days=n)) for n in range(7)]),
    ("What did I do between Mon and Wed last week?", SUNDAY, None),
    ("What did I do yesterday and Mon-Wed?", SUNDAY, ["2026-12-05"]),  # beside another phrase: that one
    ("What did I do Mon-Wed and yesterday?", SUNDAY, ["2026-12-05"]),
    # review revD: a topic's, a past schedule's, a span beside a weekday, a comparison's
    ("What did we decide about Mon-Fri remote work?", SUNDAY, None),
    ("When was the gym open Mon-Fri?", SUNDAY, None),
    ("What did I do Mon-Wed and Fri?", SUNDAY, None),
    ("Which was better between Monday and Wednesday?", SUNDAY, None),
    ("Did we switch the meeting between Mon and Wed?", SUNDAY, None),
    ("What did I do Mon-Wed and on Fri?", SUNDAY, ["2026-12-04"]),
    ("What happened on Mon, and Tue-Thu?", SUNDAY, None),  # not Monday alone
    # "on"/"from" spans read as db517d4 did
    ("What did I do on Mon-Fri?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]),
    ("What did I do from Mon to Wed?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02"]),
])
def test_between_and_dashed_weekdays_read_as_before_dates3(question, today, days):
    assert days_asked(question, today) == days


@pytest.mark.parametrize("question", [
    "What did I do between Mon and Wed?", "What did I do Tue-Thu?", "What did I do Monday–Wednesday?"])
def test_a_span_between_or_dashed_searches_every_note(index, question):
    # no days read, so no note dropped for not being of them; its short weekday names are days, none told unheld
    days, kept, unheld = answered_from(index, question, SUNDAY)
    assert days == [] and unheld == [], (days, kept, unheld)


@pytest.mark.parametrize("question", [
    "What's on the Mon-Fri rota?",  # a noun's: after a determiner
    "What did I put on every Mon-Fri shift?",
    "Is `Mon-Wed` a valid cron field?",  # code
    "Which file is x-Mon-Wed.txt?",  # in a word
    "What did Priya do between Mon and Wed?",  # someone else's
    "What did I do between Monday and yesterday?",  # no span of weekdays
    "What did I say about Sun-Mi on Mon?",  # a name, not a weekday
])
def test_no_span_where_it_is_none(question):
    asked = asked_days(question, SUNDAY)
    assert asked is None or "-" not in asked.words, asked


@pytest.mark.parametrize("question, today, days", [
    ("What did I do on the weekend?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do at the weekend?", WEDNESDAY, ["2026-11-28", "2026-11-29"]),
    ("Where did I go over the weekend?", MONDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do on the weekend?", SUNDAY, ["2026-12-05", "2026-12-06"]),  # asked on it: this one
])
def test_the_weekend_in_a_past_tense_is_the_one_just_gone(question, today, days):
    assert days_asked(question, today) == days


@pytest.mark.parametrize("question", [
    "What do I do on the weekend?",  # a habit, or the coming one
    "What am I doing on the weekend?",
    "What did I usually do on the weekend?",
    "Did I ever go hiking at the weekend?",
    "What did I plan to do on the weekend?",
    "What did I buy on the weekend of the wedding?",
    "When did I last go out on the weekend?",  # the latest time, any weekend (fixC)
    "When was the last time I hiked at the weekend?",
    "What did I want to do on the weekend?",  # a wish, a plan (review revD)
    "What did I hope to finish over the weekend?",
    # a habit's past (review revG): every weekend
    "Did I use to work at the weekend?", "What did I used to do at the weekend?", "What did I tend to do on the weekend?",
    "What did I like to do at the weekend?",
    # a promise's or an agreement's: a plan, the coming weekend as often (review revG)
    "What did I promise to do over the weekend?", "What did we agree to do on the weekend?",
    "Did I tell Anna I'll call her over the weekend?",
    "What did I do Mon-Wed and over the weekend?",  # a span not read beside it
    # a topic's weekend, after "about": any weekend of the notes (review revI: only the last one's notes were kept)
    "Did I write anything about climbing on the weekend?", "Did I complain about working over the weekend?",
    "What did I note about working on the weekend?", "What did I decide about meal prep on the weekend?",
    "What did I do on weekends?",  # every weekend
    "What did I do every Friday?",
])
def test_a_weekend_not_one_of_them_reads_none(question):
    assert asked_days(question, WEDNESDAY) is None


@pytest.mark.parametrize("question, days", [
    # beside another phrase read, the weekend phrase yields: the other phrase is read as before it was (review revG)
    ("What did I do last week on the weekend?", ["2026-11-23", "2026-11-29"]),
    ("What did I do this week on the weekend?", ["2026-11-30", "2026-12-06"]),
    ("What did I do in November at the weekend?", ["2026-11-01", "2026-11-30"]),
    ("What did I do this month at the weekend?", ["2026-12-01", "2026-12-31"]),
    ("What did I do yesterday on the weekend?", ["2026-12-01", "2026-12-01"]),
])
def test_the_weekend_beside_another_phrase_leaves_that_one_read(question, days):
    asked = asked_days(question, WEDNESDAY)
    assert asked is not None and [str(asked.first), str(asked.last)] == days, asked


def test_last_week_on_the_weekend_searches_last_week(index):
    assert answered_from(index, "What did I do last week on the weekend?", WEDNESDAY)[0] == [
        str(dt.date(2026, 11, 23) + dt.timedelta(days=n)) for n in range(7)]


def test_the_weekend_is_answered_from_its_notes(index):
    assert answered_from(index, "What did I do on the weekend?", WEDNESDAY) == (
        ["2026-11-28", "2026-11-29"], {"2026-11-28", "2026-11-29"}, [])


def test_spans_between_or_dashed_are_held_by_their_days():
    for question in ["What did I do between Tue and Thu?", "What did I do Tue–Thu?",
                     "What did I do Tuesday-Thursday?", "What did I do between Tuesday and Thursday?"]:
        assert unheld_names(question, ["Gym."], ["2026-12-02"]) == [], question  # a Wednesday


# review revA (fixA): what dates3 read wrong


@pytest.mark.parametrize("question", [
    # a schedule's or a habit's span in a present question: every such week, not last week's days
    "When is the gym open Mon-Fri?", "What are my hours Mon-Fri?", "Do I work Mon-Fri?",
    "Which bus do I take Mon–Fri?", "Opening hours: Mon-Fri?", "Are we open Sun-Thu?", "What time is yoga Tue-Thu?",
    "What's due Mon-Fri?", "What am I doing Mon-Fri?", "What did I usually do Mon-Fri?",
    "What am I doing between Monday and Wednesday?", "What's due between Monday and Friday?",
    # "between" weighing two days
    "How do I choose between Monday and Wednesday for the kickoff meeting?",
    "Is there a difference between Monday and Tuesday classes?", "Should I pick between Mon and Wed?",
    "Shall we meet between Monday and Wednesday?", "Did I prefer yoga between Monday and Tuesday?",
    "What did I decide between Mon and Wed?",
    # a file's, a link's, a tag's name
    "Which file is Mon-Wed.txt?", "What's in Mon-Fri.md?", "What did I write in Mon-Fri.md?", "What's in [[Mon-Fri]]?",
    "What did I tag #Mon-Fri?", "What did I link as [[Mon-Wed]]?", "Open the note Mon-Wed",
    # a span beside the weekend: both or neither, and neither was read before
    "What did I do Monday-Friday and at the weekend?", "What did I do Mon-Fri and on the weekend?",
])
def test_a_span_that_is_no_days_gone_reads_none(question):
    for today in (SUNDAY, WEDNESDAY, MONDAY, dt.date(2026, 12, 5)):
        assert asked_days(question, today) is None, (question, today)


@pytest.mark.parametrize("question, today, days", [
    # weekday order over two weeks: the latest of each (this week's Monday and Friday), as before dates3
    ("What did I do last Monday and Friday?", dt.date(2026, 12, 5), ["2026-11-30", "2026-12-04"]),
    ("What did I do on Monday and Friday?", MONDAY, ["2026-11-23", "2026-11-27"]),
    ("What did I do on Sunday and Monday?", MONDAY, ["2026-11-23", "2026-11-29"]),
    ("What did I do on Saturday and Monday?", MONDAY, ["2026-11-23", "2026-11-28"]),
    # one week's run kept: the weekend asked on its Sunday, last weekend, last Friday and Saturday
    ("What did I do on Sat and Sun?", SUNDAY, ["2026-12-05", "2026-12-06"]),
    ("What did I do last Sat and Sun?", SUNDAY, ["2026-11-28", "2026-11-29"]),
    ("What did I do last Fri and Sat?", dt.date(2026, 12, 5), ["2026-11-27", "2026-11-28"]),
    # present spans after "on"/"from" as before dates3
    ("What am I doing on Mon-Fri?", SUNDAY, ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]),
])
def test_reviewed_weekday_lists_and_spans(question, today, days):
    assert days_asked(question, today) == days


@pytest.fixture(scope="module")
def schedule_index(tmp_path_factory):
    """The daily notes and an undated schedule note, synced as `mrag sync` does."""
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    tmp = tmp_path_factory.mktemp("weekday_schedule")
    notes = {f"{day}.md": f"---\ndate: {day}\n---\n{line}\n" for day, line in DAYS.items()}
    notes["gym.md"] = "# Gym\n\nThe gym is open Mon-Fri from 6am to 10pm. Yoga is Tue-Thu at 7pm.\n"
    write_notes(tmp / "notes", notes)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


@pytest.mark.parametrize("question", ["When is the gym open Mon-Fri?", "What time is yoga Tue-Thu?",
                                      # past tense (fixC, review revD): main e52f232 dropped the schedule too
                                      "When was the gym open Mon-Fri?", "What time was yoga between Tue and Thu?"])
def test_a_schedule_question_keeps_its_schedule_note(schedule_index, question):
    # dates3 read last week's Monday to Friday and kept the daily notes of those days only: the schedule was dropped
    result = schedule_index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=SUNDAY)
    prepared = schedule_index.prepare_answer(result)
    assert result.days is None
    assert "gym.md" in {result.results[s["n"] - 1]["path"].rsplit("/", 1)[-1] for s in prepared.sources}


def test_a_long_question_is_read_in_linear_time():
    import time

    # 32,000 characters of spans and weekends: on b4c9128 (a rescan of the question per phrase) 2 s and more; now a
    # few hundredths (a tenth on a loaded machine)
    question = ("What did I do Mon-Wed, the Tue-Thu, on the weekend and " * 600)[:32000]
    asked_days(question[:1000], SUNDAY)  # compiled, warm
    start = time.perf_counter()
    asked_days(question, SUNDAY)
    assert time.perf_counter() - start < 0.8


@pytest.mark.parametrize("question, unheld", [
    # a file's, a link's or a tag's name is a name (told unheld when no note holds it), as before dates3 (b4c9128:
    # a span of days, none told)
    ("Which file is Mon-Wed.txt?", ["Mon-Wed"]), ("What's in [[Mon-Fri]]?", ["Mon-Fri"]),
    ("What did I tag #Mon-Fri?", ["Mon-Fri"]), ("What notes have the tag #Mon-Wed?", ["Mon-Wed"]),
    # a schedule's span is days, not a name (b4c9128 too)
    ("When is the gym open Mon-Fri?", []),
])
def test_a_file_link_or_tag_name_is_no_span_of_days_to_unheld(question, unheld):
    assert unheld_names(question, ["Gym."], ["2026-12-02"]) == unheld
