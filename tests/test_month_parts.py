"""Months a question names that were not read (session 56, qmonth):

- a part of a month: "early December" (days 1-10), "mid November" (11-20), "late November", "the end of November"
  (21 to the last), "the beginning / start of December" (1-10), "the first / second half of October" (1-15, 16 to
  the last), of a month named or "last month"; "earlier this month" (the 1st to yesterday), "later this month"
  (tomorrow to the last);
- a month as a noun's modifier: "the october meeting", "october committee meeting", "treasurer's report october",
  "October's report": that month, as "in October" reads it; not "may", "march", "august" as words, nor a month
  that is a person's name ("April's report", "what did I tell June?");
- a note titled after its month, `Treasurer/2026-11 report.md`, is of that month (text.note_period);
- BM25 searches a month's word in its other spellings too: "october" also "oct" (`statement Oct 2026.md`).
Mended after review (fixQM): a part of a month takes its tense's year ("what did I do in late December?" asked on
7 December is 2025's); a month before a noun only before an event's noun of a closed list, of its tense's year, and
not read in a question of neither tense of a month soon to come; "mid to late", "late in" no parts; a titled note's
month dates no task; BM25 spellings only of a month's words that are nothing else."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import AskedDays, UnreadDays, read_days
from minirag_cli.config import effective
from minirag_cli.datednotes import note_span
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.retrieve import fts_query
from minirag_cli.text import file_period
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)  # a Monday


def _days(question: str, person=None):
    read = read_days(question, TODAY, person)
    assert isinstance(read, AskedDays), (question, read)
    return read.first.isoformat(), read.last.isoformat()


@pytest.mark.parametrize("question,first,last", [
    ("what did i write in early december", "2026-12-01", "2026-12-10"),
    ("what did i write in late november", "2026-11-21", "2026-11-30"),
    ("what did i write mid november", "2026-11-11", "2026-11-20"),
    ("what did I write in mid-Nov?", "2026-11-11", "2026-11-20"),
    ("what did i write at the end of november", "2026-11-21", "2026-11-30"),
    ("whats the closing balance at end of november", "2026-11-21", "2026-11-30"),
    ("what did i write at the beginning of december", "2026-12-01", "2026-12-10"),
    ("what did I do at the start of October?", "2026-10-01", "2026-10-10"),
    ("what did I do in the first half of October", "2026-10-01", "2026-10-15"),
    ("what did I do in the second half of february 2025", "2025-02-16", "2025-02-28"),
    ("what did I do early in May last year?", "2025-05-01", "2025-05-10"),
    ("what did I do at the end of last month", "2026-11-21", "2026-11-30"),
    ("what did i write earlier this month", "2026-12-01", "2026-12-06"),
    ("what's due later this month?", "2026-12-08", "2026-12-31"),
])
def test_a_part_of_a_month_is_its_days(question, first, last):
    assert _days(question) == (first, last)


@pytest.mark.parametrize("question,month", [
    ("what did we discuss at the october meeting", "2026-10"),
    ("minutes of the october meeting", "2026-10"),
    ("october committee meeting", "2026-10"),
    ("treasurer's report october", "2026-10"),
    ("how much did i get paid in the october royalty statement", "2026-10"),
    ("October's report", "2026-10"),
    ("what were the March race results", "2026-03"),
    ("what did we discuss at the may meeting", "2026-05"),
    ("the August newsletter", "2026-08"),
])
def test_a_month_qualifying_a_noun_is_that_month(question, month):
    read = read_days(question, TODAY)
    assert isinstance(read, AskedDays) and read.month, (question, read)
    assert read.first.isoformat()[:7] == month and read.words.lower() in month.lower() + " " + question.lower()
    # the month's word alone is taken out of the searched words: the noun stays
    assert "meeting" not in question or "meeting" in read.without(question)


@pytest.mark.parametrize("question", [
    "what I put in may be wrong",
    "early may be better",
    "what happened on the march route",
    "an august body of work",
    "April's report",  # April's, a name's possessive
    "what did I tell June?",
    "what did June say about the meeting?",
    "what's due by the end of november?",  # a limit: the days up to it
    "what have I written since the start of october?",
])
def test_a_months_word_that_is_no_month_is_not_read(question):
    assert read_days(question, TODAY) is None


@pytest.mark.parametrize("question,first,last", [
    # review of qmonth: a past part of this month still to come is last year's, as the latest part begun
    ("what did I do in late December?", "2025-12-21", "2025-12-31"),
    ("what happened at the end of December?", "2025-12-21", "2025-12-31"),
    ("what did I do in mid-December?", "2025-12-11", "2025-12-20"),
    ("what did I do in the second half of December?", "2025-12-16", "2025-12-31"),
    ("notes from late december", "2025-12-21", "2025-12-31"),
    ("what did I write in early december", "2026-12-01", "2026-12-10"),  # begun: this December's
    # ... and a plan's is the coming one, as "planned for January" is
    ("what's planned for early January?", "2027-01-01", "2027-01-10"),
    ("what's planned for late January?", "2027-01-21", "2027-01-31"),
    ("what am I doing in late December?", "2026-12-21", "2026-12-31"),
    ("what did I do in late January?", "2026-01-21", "2026-01-31"),
    ("what's the mid-december deadline?", "2026-12-11", "2026-12-20"),  # no past: this December's, as the month's
])
def test_a_part_of_a_month_takes_the_year_of_its_tense(question, first, last):
    assert _days(question) == (first, last)


def test_someone_elses_late_december_is_last_years():
    read = read_days("who was the late December guest?", TODAY)
    days = read.days if isinstance(read, UnreadDays) else read
    assert (days.first, days.last) == (dt.date(2025, 12, 21), dt.date(2025, 12, 31))


@pytest.mark.parametrize("question,month", [
    ("what will I do at the january meeting?", "2027-01"),
    ("what should I bring to the february trip?", "2027-02"),
    ("what's coming up at the february race?", "2027-02"),
    ("what did we decide at the january meeting?", "2026-01"),
    ("what was on the agenda of the february board meeting?", "2026-02"),
])
def test_a_month_qualifying_a_noun_takes_the_year_of_its_tense(question, month):
    read = read_days(question, TODAY)
    assert isinstance(read, AskedDays) and read.first.isoformat()[:7] == month, (question, read)


@pytest.mark.parametrize("question", [
    # a month to come soon in a question of no tense: the one gone or the coming one, searched as written (as main)
    "agenda for the january meeting?",
    "prepare for the january board meeting?",
    "bring to the february trip?",
    # a month's word that is no month: a name, a proper noun, an event of its own, a verb or an adjective
    "may I see the march notes",
    "my march notes on the protest",
    "the august journal of neurology",
    "the October Revolution",
    "the October Sky film",
    "the April fools prank",
    "what is the june bug?",
    "the june bug report",
    "the July Crisis of 1914",
    "the March sisters",
    "the June Solstice festival",
    "the December solstice",
    "the Jan Smith contract",
    "the April Theses",
    "the May government",
    # a span of parts, or no part of the month
    "mid to late November",
    "what did I do from mid-to-late November?",
    "the end of the November sprint",
    "what was the end of November's budget?",
])
def test_no_month_part_nor_month_modifier_is_read(question):
    assert read_days(question, TODAY) is None


def test_late_in_a_month_is_no_part_of_it():
    # "what was late in November?": overdue in November, all of it (as before), not its last ten days
    read = read_days("what was late in November?", TODAY)
    assert (read.first, read.last) == (dt.date(2026, 11, 1), dt.date(2026, 11, 30))
    assert _days("what did I do early in November?") == ("2026-11-01", "2026-11-10")


def test_a_month_and_the_word_after_it_known_as_a_person_is_not_read():
    assert read_days("the June meeting notes", TODAY) is not None
    assert read_days("the June meeting notes", TODAY, person=lambda w: w.lower() == "june meeting") is None


def test_a_month_the_index_knows_as_a_person_is_not_read():
    assert read_days("the June report", TODAY) is not None
    assert read_days("the June report", TODAY, person=lambda w: w.lower() == "june") is None


@pytest.mark.parametrize("question,words,first,last", [
    ("what did i write in december", "in december", "2026-12-01", "2026-12-31"),
    ("what did i write this month", "this month", "2026-12-01", "2026-12-31"),
    ("what did we discuss at the meeting in october", "in october", "2026-10-01", "2026-10-31"),
    ("what late fees did I pay in november", "in november", "2026-11-01", "2026-11-30"),
    ("what did I write yesterday in early december", "yesterday", "2026-12-06", "2026-12-06"),
])
def test_the_days_read_before_stay(question, words, first, last):
    read = read_days(question, TODAY)
    assert (read.words, read.first.isoformat(), read.last.isoformat()) == (words, first, last)


def test_someone_elses_month_is_unread():
    read = read_days("what did Keller say about the october meeting?", TODAY)
    assert isinstance(read, UnreadDays) and read.days.first == dt.date(2026, 10, 1)


def test_a_month_part_to_come_is_ahead():
    read = read_days("what's on in early january?", TODAY)
    assert (read.first, read.last, read.ahead) == (dt.date(2027, 1, 1), dt.date(2027, 1, 10), True)


@pytest.mark.parametrize("path,month", [
    ("Treasurer/2026-11 report.md", (2026, 11)),
    ("2026-11 - Treasurer.md", (2026, 11)),
    ("2026_10 Minutes.md", (2026, 10)),
    ("2026-11 Nov report.md", (2026, 11)),
    ("2026-11.md", (2026, 11)),
    ("2026-11 December plan.md", None),  # another month's
    ("2026-11-18 committee meeting.md", None),  # a day's
    ("2026-11 2nd draft.md", None),
    ("Royalties - statement Oct 2026.md", (2026, 10)),  # a month with its year anywhere in a title (titleperiod)
])
def test_a_note_titled_after_its_month_is_of_it(path, month):
    from minirag_cli.text import note_period

    period = note_period(path)
    assert (None if period is None else (period[0].year, period[0].month)) == month
    if period is not None:
        assert period[0].day == 1 and (period[1] + dt.timedelta(days=1)).day == 1


def test_a_titled_notes_name_stays_no_periodic_notes():
    assert file_period("Treasurer/2026-11 report.md") is None  # named by its title (heuristic.note_name)


def test_a_titled_notes_head_day_comes_first():
    assert (note_span("Treasurer/2026-11 report.md", "", "# Report\n", titled=True)
            == (dt.date(2026, 11, 1), dt.date(2026, 11, 30)))
    assert note_span("Treasurer/2026-11 report.md", "", "2026-11-18", titled=True) == (dt.date(2026, 11, 18),) * 2


def test_a_titled_notes_month_dates_no_task_nor_latest_note():
    # review of qmonth: the month of its title is of the days a question asks alone; a task in it is of no day
    # (not 2026-11-01), and `mrag latest` orders it as an undated note, as before
    from minirag_cli.latest import note_day
    from minirag_cli.tasks import _note_day

    assert note_span("Treasurer/2026-11 report.md", "", "# Report\n") is None
    assert _note_day("", "Treasurer/2026-11 report.md", "# Report\n") is None
    assert note_day("# Report\n", "Treasurer/2026-11 report.md", "") == ""


def test_a_months_word_is_searched_in_its_other_spellings():
    from minirag_cli.retrieve import month_spellings

    assert '"oct"' in fts_query("october royalty statement")
    assert '"october"' in fts_query("oct royalty statement")
    assert month_spellings("september") == ["sep", "sept"] and month_spellings("sept") == ["september"]
    assert month_spellings("may") == month_spellings("jan") == month_spellings("mar") == []
    assert month_spellings("statement") == []


@pytest.mark.parametrize("question,absent", [
    ("what did we chant on the protest march", '"mar"'),
    ("what did June say", '"jun"'),
    ("notes on August Wilson", '"aug"'),
    ("what was the april fools prank", '"apr"'),
    ("what sep did I pass to read_csv", '"september"'),
    ("dec vs hex in the firmware", '"december"'),
])
def test_a_months_word_that_is_another_words_is_searched_as_written(question, absent):
    # review of qmonth: "march", "june", "august", "april" are words and names too, "sep" and "dec" not always months
    assert absent not in fts_query(question)


NOTES = {
    "Admin/Royalties - statement Apr 2026.md": "# Royalty statement (paid 30 Apr 2026)\n\nRoyalty statement for Jul "
                                              "to Dec: hardbacks sold 310, royalty due 1,204.\n",
    "Admin/Royalties - statement Oct 2026.md": "# Royalty statement (paid 31 Oct 2026)\n\nHardbacks sold: 512. Due: "
                                              "2,010.\n",
    "Treasurer/2026-10 report.md": "# Treasurer's report\n\nHall hire 120. Track hire 80. Closing balance 6,412.\n",
    "Treasurer/2026-11 report.md": "# Treasurer's report\n\nHall hire 140. Kit 300. Closing balance 5,990.\n",
    "Minutes/2026-11-18 committee meeting.md": "# Committee meeting\n\nAgreed the hall booking for the social.\n",
    "Kit order.md": "# Kit order\n\nClosing date for the kit order is in January. The balance is paid by members.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("month_parts")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _paths(result) -> list[str]:
    return list(dict.fromkeys(r["path"] for r in result.results))


def test_bm25_matches_a_months_name_with_its_short_name(index):
    result = index.search("october royalty statement", RetrievalOptions(k=10, mode="bm25"))
    assert _paths(result)[0] == "Admin/Royalties - statement Oct 2026.md"


def test_a_month_titled_note_is_of_the_asked_month(index):
    result = index.search("whats the closing balance at end of november", RetrievalOptions(k=10, mode="hybrid"),
                          today=TODAY)
    assert result.days is not None and result.days.first == dt.date(2026, 11, 21)
    voted = {r["path"] for r in result.results if "date" in r.get("channels", {})}
    assert "Treasurer/2026-11 report.md" in voted and "Treasurer/2026-10 report.md" not in voted
    paths = _paths(result)
    assert paths.index("Treasurer/2026-11 report.md") < paths.index("Treasurer/2026-10 report.md")


def test_a_month_titled_note_is_of_no_single_day(index):
    # the 19th (2026-11-19): no note of its own; the November report makes it no day with a note (it is searched
    # as written, as before), though it is of a span of November longer than a week (above)
    result = index.search("what did we pay on the 19th", RetrievalOptions(k=10, mode="hybrid"), today=TODAY)
    assert result.days is None and result.undated is not None and result.undated.first == dt.date(2026, 11, 19)
