"""Rolling spans of months, hours and days to come (session 55, rolling2), asked on Monday 2026-12-07.

Session 54 (qread) read "in the last 2 weeks", "the past few days", "the past fortnight" as the N days up to today;
"in the last 3 months", "the past year", "in the last 24 hours", "in the next 2 weeks", "over the next few days",
"the coming fortnight" read no day, and their words ("last", "months", "next") were searched as words. Now:

- months and a year: from the day after the same day N months back to today ("the last 3 months": 09-08 to 12-07);
- hours: the days they touch, the hour asked being unknown ("the last 24 hours": yesterday and today);
- days to come: today and the N - 1 days after it, N days as behind and as `mrag tasks --within N` ("the next 7 days":
  12-07 to 12-13, "the next 2 weeks": to 12-20, "the next 3 months": to 2027-03-06), days to come as "next week"'s are
  (AskedDays.ahead: the notes dated in them and those that write one of their days); "the next week", "the next month"
  stay the calendar's (next week, January), as before;
- not "my last 3 months in Berlin", "the last 2 months of the project", "every 3 months", "3 months ago", "the next 3
  chapters", "the last 24 hours of the hackathon", nor "the last week of the project" (read as the past 7 days before);
  "what did we do the next few days?" (a past tense's: the days after another time) reads none, but a plan's past
  does ("what did we decide for the next 2 weeks?", "which tasks were scheduled in the next 2 weeks?");
- a possessive is a noun's count, as a singular unit is ("the last 2 week sprint"): "the last 2 months' bills", "the
  past year's budget" read none; "the last 2 weeks' bills", read before, too. A following noun is not told from
  other words: "how much is the next 3 months rent?" reads them.

Review of rolling2 (fixR): plan questions read their days to come again ("what did I schedule for the next week?":
none on 8058f82, next week before), "the past month of training" the past month (the "of" guard is "the last"'s),
"last month and the past year" last month (the past year yields as the last 12 months do)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from minirag_cli.askday import AskedDays, UnreadDays, asked_days, read_days
from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question: str, today: dt.date = MONDAY) -> tuple[str, str, str] | None:
    asked = asked_days(question, today)
    return None if asked is None else (asked.words, str(asked.first), str(asked.last))


@pytest.mark.parametrize("question, words, first", [
    ("what did i do in the last 3 months?", "the last 3 months", "2026-09-08"),
    ("how was my sleep the past six months", "the past six months", "2026-06-08"),
    ("what did i read over the last couple of months?", "the last couple of months", "2026-10-08"),
    ("what did i cook in the past few months?", "the past few months", "2026-09-08"),  # few: 3
    ("what did i do last 3 months", "last 3 months", "2026-09-08"),
    ("what did I do in the past year?", "the past year", "2025-12-08"),
    ("what did i buy this past year?", "this past year", "2025-12-08"),
    ("what did i spend in the last 12 months", "the last 12 months", "2025-12-08"),
    # hours: the days they touch (the hour asked is not known)
    ("what did i eat in the last 24 hours?", "the last 24 hours", "2026-12-06"),
    ("what did i do in the past 48 hours", "the past 48 hours", "2026-12-05"),
    ("who did i call in the last few hours?", "the last few hours", "2026-12-06"),
    ("what happened over the past 36 hours?", "the past 36 hours", "2026-12-05"),
])
def test_the_last_months_and_hours_are_the_days_up_to_today(question, words, first):
    assert _read(question) == (words, first, "2026-12-07")


@pytest.mark.parametrize("today, question, first", [
    (dt.date(2026, 5, 31), "what did i do in the last 3 months?", "2026-03-01"),  # no Feb 31: from March 1
    (dt.date(2026, 3, 31), "what did i do in the last month?", "2026-03-01"),  # as before: the 31 days up to today
    (dt.date(2028, 2, 29), "what did i do in the past year?", "2027-03-01"),
    (dt.date(2026, 1, 15), "what did i do in the last 2 months?", "2025-11-16"),  # across the year
])
def test_months_back_are_counted_on_the_calendar(today, question, first):
    assert _read(question, today)[1:] == (first, str(today))


@pytest.mark.parametrize("question, words, last", [
    ("what is on in the next 2 weeks?", "the next 2 weeks", "2026-12-20"),
    ("what am i doing over the next few days?", "the next few days", "2026-12-09"),
    ("what's planned for the coming fortnight?", "the coming fortnight", "2026-12-20"),
    ("what is due within the next 10 days?", "the next 10 days", "2026-12-16"),
    ("what are my plans for the next 7 days?", "the next 7 days", "2026-12-13"),  # as `mrag tasks --within 7`
    ("what are my plans for the next 3 months?", "the next 3 months", "2027-03-06"),
    ("what is due in the next 12 months?", "the next 12 months", "2027-12-06"),
    ("what happens in the next 48 hours?", "the next 48 hours", "2026-12-09"),  # the days they touch
    ("what is on in the next 24 hours?", "the next 24 hours", "2026-12-08"),
    ("what is on next fortnight?", "next fortnight", "2026-12-20"),
    ("what did i plan for the next 2 weeks?", "the next 2 weeks", "2026-12-20"),  # a plan's past
])
def test_the_next_days_are_today_and_the_days_after_it(question, words, last):
    asked = asked_days(question, MONDAY)
    assert asked is not None and (asked.words, str(asked.first), str(asked.last)) == (words, "2026-12-07", last)
    assert asked.ahead and asked.today == MONDAY  # read as "next week" is: days to come, today's notes too
    assert asked.to_come() == [(MONDAY, asked.last)]


@pytest.mark.parametrize("today, question, last", [
    (MONDAY, "what did i do in the last 7 days?", "2026-12-01"),
    (MONDAY, "what is on in the next 7 days?", "2026-12-13"),
    (MONDAY, "what did i do in the last 2 weeks?", "2026-11-24"),
    (MONDAY, "what is on in the next 2 weeks?", "2026-12-20"),
    (dt.date(2026, 5, 31), "what did i do in the last 3 months?", "2026-03-01"),
    (dt.date(2026, 3, 1), "what is on in the next 3 months?", "2026-05-31"),
])
def test_ahead_and_behind_cover_as_many_days(today, question, last):
    """"The next 7 days" are 7 days as "the last 7 days" are and `mrag tasks --within 7` (today .. today + 6); 8058f82
    read today + 7, a day more ahead than behind."""
    asked = asked_days(question, today)
    assert asked is not None and {str(asked.first), str(asked.last)} == {str(today), last}
    assert abs((asked.last - asked.first).days) + 1 == {"7": 7, "2": 14, "3": 92}[question.split()[-2]]


@pytest.mark.parametrize("question, span", [
    ("what is on next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("what is planned next month?", ("next month", "2027-01-01", "2027-01-31")),
    # with "the" as well: the calendar's, as before (8058f82 read 12-07..12-14, 12-07..2027-01-07)
    ("what's on the next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("what is on in the next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("what do i have in the next month?", ("next month", "2027-01-01", "2027-01-31")),
    ("what are my plans for the next month?", ("next month", "2027-01-01", "2027-01-31")),
    ("what's due in the next year?", None), ("what's on the coming week?", None), ("the coming month?", None),
])
def test_calendar_next_week_and_next_month_stay(question, span):
    assert _read(question) == span


@pytest.mark.parametrize("question, span", [
    # main's readings of "the next week", "the next month" in a plan's past (8058f82 read none)
    ("what did I schedule for the next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("which meetings were scheduled for the next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("what did we decide for the next week?", ("next week", "2026-12-14", "2026-12-20")),
    ("what did I arrange for the next month?", ("next month", "2027-01-01", "2027-01-31")),
    ("was anything booked for the next month?", ("next month", "2027-01-01", "2027-01-31")),
    # the new spans alike: "for" before them, or a verb of booking
    ("what did we decide for the next 2 weeks?", ("the next 2 weeks", "2026-12-07", "2026-12-20")),
    ("did I book anything for the next 3 months?", ("the next 3 months", "2026-12-07", "2027-03-06")),
    ("which tasks were scheduled in the next 2 weeks?", ("the next 2 weeks", "2026-12-07", "2026-12-20")),
    ("what did I schedule over the next few days?", ("the next few days", "2026-12-07", "2026-12-09")),
    ("what had I booked for the next few days?", ("the next few days", "2026-12-07", "2026-12-09")),
    ("what did we organise for the coming fortnight?", ("the coming fortnight", "2026-12-07", "2026-12-20")),
    # a past tense of no plan: the days after another time, none (as 8058f82)
    ("what did we do the next few days?", None), ("what happened the next 2 weeks?", None),
    ("what book did I read the next few days?", None), ("what was the weather the next 3 days?", None),
])
def test_a_plans_past_reads_the_days_to_come(question, span):
    assert _read(question) == span


@pytest.mark.parametrize("question, span", [
    # "the past" / "this past" of something are the days up to today, as before (8058f82 read none)
    ("how was the past month of training?", ("the past month", "2026-11-07", "2026-12-07")),
    ("what did I eat the past week of vacation?", ("the past week", "2026-12-01", "2026-12-07")),
    ("what did I do this past week of holidays?", ("this past week", "2026-12-01", "2026-12-07")),
    # "the last week of …" is what it is of
    ("how did the last week of sprint go?", None), ("what did i do the last month of the project?", None),
])
def test_only_the_last_week_of_something_is_its_own(question, span):
    assert _read(question) == span


@pytest.mark.parametrize("question, span", [
    ("what did I do last month and the past year?", ("last month", "2026-11-01", "2026-11-30")),
    ("what did I do in the past year and yesterday?", ("yesterday", "2026-12-06", "2026-12-06")),
    ("what did I do from Nov 16 to Nov 20 and the past year?", ("from Nov 16 to Nov 20", "2026-11-16", "2026-11-20")),
    ("what did I do last month and the last 12 months?", ("last month", "2026-11-01", "2026-11-30")),
])
def test_the_past_year_yields_as_the_last_12_months_do(question, span):
    assert _read(question) == span


@pytest.mark.parametrize("question", [
    "what were the last 2 months' bills?", "what was the past year's budget?", "what was the last year's budget?",
    "what's planned for the next 2 months' trips?", "how much is the next 3 months’ rent?",
    "what were the last 2 weeks' bills?", "what did the last 3 days' notes say?",
])
def test_a_possessive_count_is_a_nouns(question):
    """As a singular unit is ("the last 2 week sprint"): the months own the bills."""
    assert read_days(question, MONDAY) is None


def test_a_possessive_leaves_the_other_day_phrase_read():
    assert _read("what were the last 2 months' bills in October?")[0] == "in October"


@pytest.mark.parametrize("question", [
    "what did i do in my last 3 months in Berlin?", "what was anna's last 2 months like?",
    "what did we do in the last 2 months of the project?", "what did we build in the last 24 hours of the hackathon?",
    "what did i do every 3 months?", "what did i do 3 months ago?", "what are the next 3 chapters?",
    "what did i do in my next 2 weeks in Paris?", "what are the next 2 weeks of the trip?",
    "what is on in the next 2 weeks after the launch?",  # compared
    "what did we do the next few days?", "what happened the next 2 weeks?",  # the days after another time
    "what did i spend in the last 13 months?", "what is due in the next 400 days?",  # longer than a year
    "what did i do the last week of the project?", "what did i do the last month of the project?",
    "what did i do in the last year of school?",
    "how many hours did i sleep?", "which invoices are past 90 days?",  # as before
])
def test_what_is_no_span_of_the_asking_day_is_not_read(question):
    assert read_days(question, MONDAY) is None


def test_another_day_phrase_is_read_beside_them():
    """As "the last N days" yield (qread): the other phrase is read; beside days to come none, as before ("next" is
    one of the words that compare a day, askday._COMPARED)."""
    assert _read("what did i do over the last 3 months and yesterday") == ("yesterday", "2026-12-06", "2026-12-06")
    assert read_days("what is due in the next 2 weeks and tomorrow?", MONDAY) is None


def test_someone_elses_spans():
    """A plan's days to come are the calendar's, read whoever it is about (as "next week": aheadwho); what someone says
    of them, or did in the last months, is said unread."""
    read = read_days("what is Keller doing over the next 2 weeks?", MONDAY)
    assert isinstance(read, AskedDays) and read.label() == "the next 2 weeks (2026-12-07 to 2026-12-20)"
    unread = read_days("what does Keller say about the next 2 weeks?", MONDAY)
    assert isinstance(unread, UnreadDays) and unread.days.label() == "the next 2 weeks (2026-12-07 to 2026-12-20)"
    unread = read_days("what did Keller write in the last 3 months?", MONDAY)
    assert isinstance(unread, UnreadDays) and unread.days.label() == "the last 3 months (2026-09-08 to 2026-12-07)"


NOTES = {
    **{f"journal/{day}.md": f"---\ndate: {day}\n---\nRan {km} km along the river.\n"
       for day, km in [("2026-05-10", 8), ("2026-08-30", 6), ("2026-09-20", 5), ("2026-11-02", 7), ("2026-12-05", 10)]},
    "plans/december.md": "# December plans\n\n- 2026-12-15: dentist\n- 2026-12-18: grant deadline\n",
    "plans/spring.md": "# Spring plans\n\n- 2027-04-02: marathon\n",
    "training/tips.md": "The last months before a race: the next weeks count. Run the last km slower.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("rolling")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as idx:
        idx.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as idx:
        yield idx


def test_the_last_three_months_find_their_runs_not_the_word_last(index):
    """The runs of Sep 20, Nov 2 and Dec 5 first: "last" and "months" were searched as words, the tips first."""
    from minirag_cli.options import RetrievalOptions

    result = index.search("how far did i run in the last 3 months?", RetrievalOptions(k=5, mode="bm25"), today=MONDAY)
    assert result.days is not None and result.days.label() == "the last 3 months (2026-09-08 to 2026-12-07)"
    paths = [r["path"] for r in result.results]
    assert set(paths[:3]) == {"journal/2026-09-20.md", "journal/2026-11-02.md", "journal/2026-12-05.md"}, paths
    assert not {"journal/2026-05-10.md", "journal/2026-08-30.md"} & set(paths), paths


def test_mrag_ask_reads_the_next_two_weeks_as_days_to_come(index, monkeypatch):
    """`--json` gives the span; no note is dated in it, so stderr says the notes writing one of its days are searched,
    and December's plans (2026-12-15, 12-18) are found, not spring's."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", "what is due in the next 2 weeks?", "--json", "--k", "5", "--no-answer"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert got["days"] == {"words": "the next 2 weeks", "from": "2026-12-07", "to": "2026-12-20", "dated_notes": False,
                           "read": True, "writing_notes": True}
    assert got["results"][0]["path"] == "plans/december.md", [r["path"] for r in got["results"]]
    assert ("no note is dated the next 2 weeks (2026-12-07 to 2026-12-20) yet: the notes that write a day of it are "
            "searched") in out.stderr


def _seconds(text: str) -> float:
    import time

    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        read_days(text, MONDAY)
        best = min(best, time.perf_counter() - began)
    return best


@pytest.mark.parametrize("piece", ["my last 3 months ", "the next 2 weeks of ", "the last year of "])
def test_time_grows_linearly_with_the_phrases(piece):
    """8 times the text: about 8 times the time when linear, 64 when quadratic (as test_askday_lower_case)."""
    ratio = _seconds(piece * 1600) / max(_seconds(piece * 200), 1e-4)
    assert ratio < 32, f"200 -> 1600 pieces took {ratio:.0f} times as long"
