"""Questions typed in lower case, and "the last N days", as two testers asked them (session 54, qread), asked on
Monday 2026-12-07:

- "what papers did i read in october", "in sept" read no days while "in October" did (askday read a month's name
  capitalised alone, so that "in may" be no month): a lower-case month is one after in, during, over or throughout;
  "may" and "march", words too, only where no verb or noun follows them ("in may?", not "in may be");
- "on fri", "last thurs", "next tues" read no day while "on friday" did: a lower-case short weekday is one after on,
  last, next; "sat" and "sun", words too, only where no noun nor a topic's preposition follows ("on sat?", not "on
  sun cream", "on sun in winter"), and not after "last" ("where mum last sat", nor "when did they last wed?");
- "in the last 2 weeks", "over the past 7 days", "the last few days" read no span, and "last" was searched as a word
  (a note saying "the last km" won): they are the days up to today, as "the past week" is; not "the last 2 weeks
  of December", "my last 3 days in Paris", "the last 3 sessions"."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days, read_days
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _read(question: str) -> tuple[str, str, str] | None:
    asked = asked_days(question, MONDAY)
    return None if asked is None else (asked.words, str(asked.first), str(asked.last))


@pytest.mark.parametrize("question, words, first, last", [
    ("what papers did i read in october", "in october", "2026-10-01", "2026-10-31"),
    ("how was my mood in october?", "in october", "2026-10-01", "2026-10-31"),
    ("what was my vitamin D in july", "in july", "2026-07-01", "2026-07-31"),
    ("how many parkruns did i do in november", "in november", "2026-11-01", "2026-11-30"),
    ("in oct", "in oct", "2026-10-01", "2026-10-31"),
    ("what did i write in sept?", "in sept", "2026-09-01", "2026-09-30"),
    ("how many runs during aug", "during aug", "2026-08-01", "2026-08-31"),
    ("what was my weight in august?", "in august", "2026-08-01", "2026-08-31"),
    ("what did i read in december", "in december", "2026-12-01", "2026-12-31"),  # this one, under way
    ("what did i read in oct last year", "in oct last year", "2025-10-01", "2025-10-31"),
    ("what did i do in the first week of october", "in the first week of october", "2026-10-01", "2026-10-07"),
    # "may" and "march" where no verb nor noun follows them
    ("what did i eat in may?", "in may", "2026-05-01", "2026-05-31"),
    ("what may have happened in march?", "in march", "2026-03-01", "2026-03-31"),
    ("what did i cook in march at the cabin", "in march", "2026-03-01", "2026-03-31"),
    ("what did i read in may last year", "in may last year", "2025-05-01", "2025-05-31"),
    ("what did i do during the last week of may", "during the last week of may", "2026-05-25", "2026-05-31"),
    ("what did i do in October", "in October", "2026-10-01", "2026-10-31"),  # as before
])
def test_a_lower_case_month_is_the_month(question, words, first, last):
    assert _read(question) == (words, first, last)


@pytest.mark.parametrize("question", [
    "which notes I filed in may need a review?", "what I put in may be wrong",  # the verb after "in"
    "may i see my notes?", "what may have happened?", "how did the march on the capital go?",
    "did we march on?", "what was the march like?", "what did i notice in march order drills?",
    "what did i read in september and october", "what did i read in may and june",  # several months: as written
    "what did i leave in jan's car?", "what did i lend to jan?", "what did i do in may 2026",  # a date written
    "what did Keller say in october",  # someone else's (UnreadDays)
])
def test_a_month_word_that_is_no_month_is_not_read(question):
    assert asked_days(question, MONDAY) is None


@pytest.mark.parametrize("question, words, days", [
    ("what did i do on fri", "on fri", ["2026-12-04"]),
    ("what did i eat last thurs?", "last thurs", ["2026-12-03"]),
    ("what did i eat on wed?", "on wed", ["2026-12-02"]),
    ("what did i do on tues", "on tues", ["2026-12-01"]),
    ("what did i do on thurs?", "on thurs", ["2026-12-03"]),
    ("what did i eat next wed", "next wed", ["2026-12-09"]),
    ("what will i cook on thurs", "on thurs", ["2026-12-10"]),  # a plan's: the coming one, as "on Thursday"
    ("what did i do on mon and wed last week", "on mon and wed last week", ["2026-11-30", "2026-12-02"]),
    ("what did i do from mon to wed", "from mon to wed", ["2026-11-30", "2026-12-01", "2026-12-02"]),
    # "sat" and "sun" where no noun follows them
    ("how did i do on sat?", "on sat", ["2026-12-05"]),
    ("what did i do last Sun", "last Sun", ["2026-12-06"]),  # capitalised, as before
    ("what did i eat on sun morning", "on sun", ["2026-12-06"]),
    ("who did i meet on sat night", "on sat", ["2026-12-05"]),
    ("what did i do on sun last week", "on sun last week", ["2026-12-06"]),
    ("what did i do on sat and sun?", "on sat and sun", ["2026-12-05", "2026-12-06"]),
    ("what did i do on fri and sat", "on fri and sat", ["2026-12-04", "2026-12-05"]),
])
def test_a_lower_case_short_weekday_is_the_day(question, words, days):
    asked = asked_days(question, MONDAY)
    assert asked is not None and (asked.words, [str(d) for d in asked.days()]) == (words, days), asked


@pytest.mark.parametrize("question", [
    "what did i put on sun cream for?", "notes on sun exposure", "what did i write on sun and wind?",
    "what is the article on sat prep about?", "what was my last sat score?", "the chair i last sat in?",
    "where did we last sat?", "what do i remember of the last sun of summer?", "what did i read on Sun Valley?",
    "thurs",  # no "on": as "friday" alone
    "what did i do on fri 27.11.",  # a date beside it: as "on Fri 27.11." ("on wed 2nd" is that Wednesday: qnth)
    "what did i do between mon and wed",  # as "between Mon and Wed"
])
def test_a_weekday_word_that_is_no_day_is_not_read(question):
    assert asked_days(question, MONDAY) is None


def test_a_lower_case_short_weekday_beside_another_phrase_leaves_it_read():
    """As a capitalised one: "yesterday and on mon" reads yesterday (it read none once "on mon" was a day), "on fri
    in october" October."""
    assert _read("what did i do yesterday and on mon") == ("yesterday", "2026-12-06", "2026-12-06")
    assert _read("what did i do on fri in october") == ("in october", "2026-10-01", "2026-10-31")


@pytest.mark.parametrize("question", ["what did i do the last fri of november?",
                                      "what did i do the last friday of november?",  # read as Dec 4 before
                                      "what did I do the last Friday of the month?",
                                      "what did I do the last Friday of November?"])
def test_a_weekday_of_a_month_is_not_the_latest_one(question):
    assert asked_days(question, MONDAY) is None


@pytest.mark.parametrize("question, words, first", [
    ("what did i do in the last 2 weeks", "the last 2 weeks", "2026-11-24"),
    ("how did i sleep in the last 7 days?", "the last 7 days", "2026-12-01"),
    ("what did i eat over the past 2 weeks", "the past 2 weeks", "2026-11-24"),
    ("how was my mood the last few days", "the last few days", "2026-12-05"),  # few: 3
    ("what did i eat in past 3 days", "past 3 days", "2026-12-05"),  # "past" bare after a preposition
    ("what did i eat last 3 days", "last 3 days", "2026-12-05"),
    ("what did i read the last couple of weeks?", "the last couple of weeks", "2026-11-24"),  # couple: 2
    ("what did i do over the past couple days", "the past couple days", "2026-12-06"),
    ("how far did i run in the last two weeks?", "the last two weeks", "2026-11-24"),
    ("what did i eat these past few days", "these past few days", "2026-12-05"),
    ("what did i do in the past fortnight", "the past fortnight", "2026-11-24"),
    ("how many km did i run in the last 100 days", "the last 100 days", "2026-08-30"),
    ("what did i do in the last week", "the last week", "2026-12-01"),  # as before
])
def test_the_last_n_days_are_the_days_up_to_today(question, words, first):
    assert _read(question) == (words, first, "2026-12-07")


@pytest.mark.parametrize("question", [
    "what did i do in the last 3 sessions?", "how were the last 2 runs?",  # counts of notes, not days
    "what did i do the last 2 weeks of December?", "what did i pack for the last 3 days of the trip?",
    "what did i do in my last 3 days in paris?", "what was anna's last 2 weeks like?",
    "what did i do in the last several days?",  # several: no count
    "how many km did i run in the last 900 days?",  # longer than a year
    "what did i do the last 2 weeks before christmas?",  # compared
])
def test_a_count_that_is_not_the_days_up_to_today_is_not_read(question):
    assert asked_days(question, MONDAY) is None


def test_someone_elses_last_two_weeks_are_said_unread():
    got = read_days("what did Keller say in the last 2 weeks?", MONDAY)
    assert got is not None and not hasattr(got, "first") and got.days.words == "the last 2 weeks", got


NOTES = {
    **{f"journal/{day}.md": f"---\ndate: {day}\n---\nRan {km} km along the river; legs felt {feel}.\n"
       for day, km, feel in [("2026-11-10", 8, "heavy"), ("2026-11-17", 6, "fine"), ("2026-11-26", 5, "fresh"),
                             ("2026-12-01", 7, "strong"), ("2026-12-05", 10, "tired")]},
    **{f"journal/2026-{month:02d}-14.md": f"---\ndate: 2026-{month:02d}-14\n---\nRead a paper on {topic}.\n"
       for month, topic in [(9, "sparse retrieval"), (10, "graph neural networks"), (11, "dense retrieval")]},
    "training/tips.md": "The last km is the hardest: run the last km slower, save the last gel for it. Last race tips.\n",
    "reading/list.md": "Papers to read in October: one on ranking, one on retrieval. Read a paper a week.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lower_case")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as idx:
        idx.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as idx:
        yield idx


RUNS = {"journal/2026-11-26.md", "journal/2026-12-01.md", "journal/2026-12-05.md"}  # those of the last 2 weeks


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
def test_the_last_two_weeks_find_their_notes_not_the_word_last(index, mode):
    """The runs of Nov 26, Dec 1 and Dec 5 are found: "last" and "weeks" were searched as words, and the tips saying
    "the last km" came first, no run at all after them. In BM25 they come first (hashing vectors, which say nothing
    of dates, put the tips' words above them in hybrid, as for "in the past week")."""
    result = index.search("how far did i run in the last 2 weeks?", RetrievalOptions(k=5, mode=mode), today=MONDAY)
    assert result.days is not None and result.days.label() == "the last 2 weeks (2026-11-24 to 2026-12-07)"
    paths = [r["path"] for r in result.results]
    assert RUNS <= set(paths) and not {"journal/2026-11-10.md", "journal/2026-11-17.md"} & set(paths), paths
    if mode == "bm25":
        assert set(paths[:3]) == RUNS, paths


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
def test_a_lower_case_month_finds_its_notes(index, mode):
    """October's note first, as for "in October": "october" was searched as a word, and the reading list that says
    "October" ranked first."""
    for question in ("what papers did i read in october?", "what papers did I read in October?"):
        result = index.search(question, RetrievalOptions(k=5, mode=mode), today=MONDAY)
        assert result.days is not None and str(result.days.first) == "2026-10-01", question
        assert result.results[0]["path"] == "journal/2026-10-14.md", [r["path"] for r in result.results]


# the review of qread: what it read that is no day, and what it stopped reading


@pytest.mark.parametrize("question", [
    # "past N days" bare is beyond them, a singular unit a noun's count
    "which invoices are past 30 days?", "what bills were past 90 days overdue?", "which tasks went past 3 days overdue?",
    "what did we ship in the last 2 week sprint?", "what did i do on the last 3 day weekend?",
    "what was my past 7 day average?",
    # lower-case "sun" and "sat" before a topic's preposition (a vault's sun.md dropped to the second place)
    "what do my notes say on sun in winter?", "what did i read on sun for vitamin d?", "what did i write on sun with kids?",
    "what did i read on sun when pregnant?", "notes on sun at high latitudes", "what did i read on sun while pregnant",
    "what did i read on sun from nasa?", "the box i was working on sat in my bag for weeks, why?",
    # ... or listed after a day read: both days asked, not the first alone
    "what did i buy on fri and sun for the trip?", "what did i do on fri and last sat?",
    # lower-case "last sat", "last sun", "last wed": a verb's or a noun's after any subject
    "when had Anna last sat with me?", "where I'd last sat?", "the bench where mum last sat.", "what did i do last sat?",
    "which chair had Tom last sat in?", "when did they last wed?",
    # lower-case "may", "march" before "on", "from", "about": a verb's, a march's
    "what I said in march on the capital", "the protesters in march on the capital - what did i note?",
])
def test_what_the_review_of_qread_found_no_day_is_not_read(question):
    assert read_days(question, MONDAY) is None  # nor said unread (stderr spoke of Tom's "last sat")


@pytest.mark.parametrize("question, words, first, last", [
    # "the last N days" yield to another day phrase, as "on the weekend" does: they cancelled it
    ("which invoices were past 30 days due last month?", "last month", "2026-11-01", "2026-11-30"),
    ("which tasks went past 3 days overdue last week?", "last week", "2026-11-30", "2026-12-06"),
    ("what did i do over the last 3 days and yesterday", "yesterday", "2026-12-06", "2026-12-06"),
    # ... and to a span written out; a phrase that is no day cancels none (the span was read none)
    ("what did i eat from Nov 16 to Nov 20, my last 5 days in Rome?", "from Nov 16 to Nov 20", "2026-11-16",
     "2026-11-20"),
    ("what did i do since Nov 16, the past 3 weeks?", "since Nov 16", "2026-11-16", "2026-12-07"),
    ("what did i do from Nov 16 to Nov 20, the 5th at the race?", "from Nov 16 to Nov 20", "2026-11-16", "2026-11-20"),
    ("who is off from Dec 21 to Jan 4 on the weekend?", "from Dec 21 to Jan 4", "2026-12-21", "2027-01-04"),
    # a weekday "of" a possessive is no weekday of a month
    ("what did i do on friday of jan's party", "on friday", "2026-12-04", "2026-12-04"),
])
def test_another_day_phrase_is_read_beside_what_is_no_day(question, words, first, last):
    assert _read(question) == (words, first, last)


def _seconds(read, text: str) -> float:
    import time

    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        read(text)
        best = min(best, time.perf_counter() - began)
    return best


@pytest.mark.parametrize("piece", ["my last 3 days ", "Tom last sat. "])
def test_time_grows_linearly_with_the_phrases(piece):
    """"my last 3 days " * 2000 took 17 s (main 0.1 s): each phrase searched the text before it for a possessive,
    "last sat" for its subject. 8 times the text: about 8 times the time when linear, 64 when quadratic; 32 leaves
    room for a busy machine (as tests/test_written_spans.py)."""
    def read(text):
        return read_days(text, MONDAY)

    ratio = _seconds(read, piece * 1600) / max(_seconds(read, piece * 200), 1e-4)
    assert ratio < 32, f"200 -> 1600 pieces took {ratio:.0f} times as long"


def test_time_grows_linearly_with_the_lower_case_mons():
    """Each lower-case "mon" (French's "my" but after "on") searched the question before it for "on"."""
    from minirag_cli.askday import _without_weekday_pronouns

    def read(text):
        return _without_weekday_pronouns(text, 0, "en")

    ratio = _seconds(read, "x mon y " * 3200) / max(_seconds(read, "x mon y " * 400), 1e-4)
    assert ratio < 32, f"400 -> 3200 pieces took {ratio:.0f} times as long"
