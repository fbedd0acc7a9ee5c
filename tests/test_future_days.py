"""Days to come and yearless days of undated notes (session 52, future: a journalist's vault, asked on Monday
2026-12-07).

- "what is due next week?" read no day: "next …" was left alone, and no note is dated in days to come anyway. Now
  tomorrow, next week, next weekend, next month and next <weekday> (the coming one, 1-7 days on) are read against
  the asking day (askday.py), and, as no note is dated in them yet, the notes that write one of their days are
  searched (datednotes.writing_chunks: the date channel) and read by the answer; stderr says so (`no note is
  dated next week (…) yet: the notes that write a day of it are searched`), `--json` `days` has
  `"writing_notes": true`.
- a yearless day of an undated note stayed a day of every year (`1 Dec`): now it takes the year of the heading over
  it that names its month with a year (`# Expenses — December 2026`; yearless.py, heuristic rules 27).
- review revC (fixF): past days' answers read the days' own notes as before (not every note writing one of them),
  days to come add their notes to the words' search (not replace it), "next Monday to Friday" reads none, a weekday
  names no year (`Friday 18 December` beside `net zero in 2050`) and a heading names a year only with its month.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from tests.conftest import days_asked, synced_names, write_notes

MONDAY = dt.date(2026, 12, 7)

DRAFT = ("---\ntitle: \"Leaking money\"\nstatus: draft\n---\n# AquaNorte piece — working draft\n\n"
         "Deadline: Friday 18 December 2026 (Claire wants it for the 21 Dec issue).\n\n"
         "- 412 deferred pipe repairs in 2025 (Source B).\n- ERSAR audit 2024\n")
EXPENSES = ("---\ntags: [admin, expenses]\n---\n# Expenses — December 2026\n\n"
            "- 1 Dec: Bus to Braga, €14.20 (AquaNorte treatment plant visit)\n- 2 Dec: Taxi to the plant, €19\n"
            "- 4 Dec: Phone top-up €15\n")
VAULT = {
    "stories/AquaNorte draft.md": DRAFT,
    "admin/Expenses December.md": EXPENSES,
    "daily/2026-12-01.md": "# 2026-12-01\nTrain to Braga; interviewed the plant manager.\n",
    "daily/2026-12-04.md": "# 2026-12-04\nTranscribed the plant interview.\n",
    "daily/2026-12-06.md": "# 2026-12-06\nRead the ERSAR report on water losses.\n",
    "people/Claire.md": "# Claire Dubois\n\nEditor at the Review. Likes short ledes.\n",
}


def test_the_rules_are_27():
    assert VERSION >= 27


@pytest.mark.parametrize("question,days", [
    ("what is due next week?", ["2026-12-14", "2026-12-20"]),
    ("what do I have tomorrow?", ["2026-12-08", "2026-12-08"]),
    ("what is due next Friday?", ["2026-12-11", "2026-12-11"]),
    ("what did I plan for next Monday?", ["2026-12-14", "2026-12-14"]),  # the coming one, not today
    ("what am I doing next weekend?", ["2026-12-19", "2026-12-20"]),
    ("what is planned next month?", ["2027-01-01", "2027-01-31"]),
])
def test_days_to_come_are_read_against_the_asking_day(question, days):
    from minirag_cli.askday import asked_days

    asked = asked_days(question, MONDAY)
    assert asked is not None and [str(asked.first), str(asked.last)] == days and asked.ahead


@pytest.mark.parametrize("question", [
    "What will I do next week from Monday to Friday?",  # a span beside it: none, as before
    # a span from next Monday: none, as before (it was read as Monday alone, review revC)
    "what am I doing next Monday through Friday?", "what is on next Monday to Friday?",
    "what is on next Monday - Friday?", "what is on next Mon till Fri?", "plans for next Tuesday until Thursday?",
    "what is due next Friday and Saturday?",  # several: none
    "what happens the day after tomorrow?",  # compared
    "Was mache ich nächste Woche?", "Que fais-je la semaine prochaine ?", "¿Qué hago la próxima semana?",
])
def test_other_days_to_come_are_not_read(question):
    assert days_asked(question, MONDAY) is None


def test_someone_elses_days_to_come_are_read_but_in_a_past_form():
    """A day to come of a plan is the calendar's, the same for everyone (aheadwho; it was said unread as a past one);
    in a past form it is someone's words, a message's."""
    from minirag_cli.askday import AskedDays, UnreadDays, read_days

    read = read_days("what is Keller doing next week?", MONDAY)
    assert isinstance(read, AskedDays) and read.label() == "next week (2026-12-14 to 2026-12-20)"
    unread = read_days("what did Keller say about next week?", MONDAY)
    assert isinstance(unread, UnreadDays) and unread.days.label() == "next week (2026-12-14 to 2026-12-20)"


def test_past_days_are_not_ahead():
    from minirag_cli.askday import asked_days

    assert not asked_days("what did I do last week?", MONDAY).ahead
    assert not asked_days("what is on this week?", MONDAY).ahead  # today among them: its notes may be dated


def test_a_yearless_day_under_a_heading_with_a_year_takes_it(tmp_path):
    names = synced_names(tmp_path, {
        "admin/Expenses December.md": EXPENSES,
        "trips.md": "# Trips\n\n## March 2025\n\n- 4 Mar: Lisbon\n\n### Porto\n\n- 9 Mar: Porto\n",
        # a heading with no year leaves the day of every year, as before
        "ideas.md": "# Ideas\n\nParty on 24 Dec with Priya.\n",
        # ... and so does a heading that ends the year's (`## Notes`, of its level): its days and the chunk's others
        "log.md": "# Log\n\n## June 2024\n\n- 3 Jun: Faro\n\n## Notes\n\n- 9 Jul: Evora\n",
    })
    assert {"2026-12-01", "2026-12-02", "2026-12-04", "2025-03-04", "2025-03-09", "24 Dec"} <= names
    assert not {"1 Dec", "2 Dec", "4 Dec", "4 Mar", "9 Mar"} & names
    assert {"3 Jun", "9 Jul"} <= names


@pytest.mark.parametrize("text,kept", [
    # a day of another month than the heading's: January of which year? (it was 2026-01-04, review revC)
    ("# Expenses — December 2026\n\n- 1 Dec: Bus, €12\n- 4 Jan: refund of the hotel\n", {"2026-12-01", "4 Jan"}),
    # a year with no month names none of its days' years (`# Q4 2026`'s `8 Jan` was 2026-01-08, not 2027)
    ("# Q4 2026\n\n- 14 Dec: publish the water article\n- 8 Jan: Q1 kickoff\n", {"14 Dec", "8 Jan"}),
    ("# 2025 review\n\nPlans for next year:\n- 3 Jan: start the gym routine\n", {"3 Jan"}),
    # a number that is no year's (`# Top 2000 countdown`'s `25 Dec` was 2000-12-25)
    ("# Top 2000 countdown\n\n- 25 Dec: the countdown starts\n", {"25 Dec"}),
])
def test_only_a_headings_month_and_year_date_its_yearless_days(tmp_path, text, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert kept <= names
    assert not {n for n in names if n[:2] in ("20", "19")} - kept


@pytest.mark.parametrize("text, day", [
    # the largest year-like number was the reference: 2050 made `Friday 18 December` 2048-12-18 (review revC); no
    # number the text writes is: the weekday is true of 2026 near this year (rules 33, wdpin: weekdaydays.pinned_days)
    ("# Climate piece\n\nThe city promises net zero in 2050. Pitch deadline: Friday 18 December.\n", "2026-12-18"),
    ("# Birthdays\n\n- Leo, born 2019: Friday 18 December\n", "2026-12-18"),
    ("Deadline: Friday 18 December. Audit of 2025.\n", "2026-12-18"),
    # ... and of 2048, which the text writes: two readings, none
    ("# Specs\n\nMax upload size: 2048 MB. Release on Friday 18 December.\n", "18 December"),
])
def test_a_weekday_names_no_written_numbers_year(tmp_path, monkeypatch, text, day):
    monkeypatch.setattr("minirag_cli.text.this_day", lambda: __import__("datetime").date(2026, 12, 7), raising=False)
    names = synced_names(tmp_path, {"note.md": text})
    assert day in names and {n for n in names if n.endswith(("-12-18", "18 December"))} == {day}


def test_a_chunk_under_two_years_takes_neither():
    from minirag_cli.chunking import Chunk
    from minirag_cli.yearless import chunk_years

    text = "# Log\n\n## December 2026\n- 30 Dec: A\n\n## January 2027\n- 2 Jan: B\n"
    whole = Chunk(0, text, 0, len(text), 1, 7, 20)
    assert chunk_years([whole]) == [""]
    # (their spans the text's: chunk_years reads a chunk's file part, tables.file_part)
    second = text.index("## January")
    parts = [Chunk(0, "# Log\n\n## December 2026\n- 30 Dec: A\n", 0, 36, 1, 4, 9),
             Chunk(1, "## January 2027\n- 2 Jan: B\n", second, len(text), 6, 7, 9)]
    assert chunk_years(parts) == ["Y2026-12", "Y2027-01"]
    above = "# Log\n- 28 Dec: C\n## December 2026\n- 30 Dec: A\n"  # a day above the year's heading: none
    assert chunk_years([Chunk(0, above, 0, len(above), 1, 4, 9)]) == [""]


@pytest.fixture(scope="module")
def vault_index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("future")
    write_notes(tmp / "notes", VAULT)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def _search(index, question):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=5, mode="hybrid"), today=MONDAY)


def test_next_week_reads_the_notes_that_write_its_days(vault_index):
    result = _search(vault_index, "what is due next week?")
    assert result.days is not None and result.days.words == "next week" and result.writing_notes
    assert result.undated is None
    draft = next(r for r in result.results if r["path"] == "stories/AquaNorte draft.md")
    assert "date" in draft["channels"]
    assert result.to_dict()["days"] == {"words": "next week", "from": "2026-12-14", "to": "2026-12-20",
                                        "dated_notes": False, "read": True, "writing_notes": True}
    assert "stories/AquaNorte draft.md" in _sources(vault_index, result)  # the note writing the day


def test_a_day_to_come_no_note_writes_is_searched_as_written(vault_index):
    result = _search(vault_index, "what is due tomorrow?")
    assert result.days is None and result.undated is not None and not result.writing_notes


def _index_of(tmp, files):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp / "notes", files)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return Index.open(config, embedder_factory=hashing_embedder)


def _sources(index, result):
    return [result.results[s["n"] - 1]["path"] for s in index.prepare_answer(result).sources]


# a work log writing a line a day up to yesterday, beside the daily notes (review revC's v5)
WORKLOG = "# Work log\n\n" + "".join(
    f"- {MONDAY - dt.timedelta(days=n):%Y-%m-%d}: {task}\n"
    for n, task in zip(range(36, 0, -1), ["reviewed pull requests", "fixed the login bug", "wrote the API docs"] * 12))
PAST = {
    "projects/worklog.md": WORKLOG,
    "daily/2026-12-02.md": "# 2026-12-02\n\nInterviewed Rui Almeida for the water story in Porto.\n",
    "daily/2026-12-05.md": "# 2026-12-05\n\nSaturday market, bought apples. Cleaned the flat.\n",
    "daily/2026-12-06.md": ("# 2026-12-06\n\nSunday: long walk with Sara. Planned the week ahead.\n"
                            "- [ ] renew passport by 15 December\n"),
}


@pytest.fixture(scope="module")
def past_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("past"), PAST) as index:
        yield index


def test_a_past_days_answer_reads_the_days_own_note(past_index):
    """The answer read the work log's lines of other days, not yesterday's note (its `date` channel kept it)."""
    result = _search(past_index, "what did I do yesterday?")
    assert result.days is not None and not result.days.ahead
    assert _sources(past_index, result) == ["daily/2026-12-06.md"]


# review revC's v4: today's note says what is on tomorrow in words, a weekly note is dated in next week, other notes
# write one of its days
AHEAD = {
    "daily/2026-12-07.md": ("# 2026-12-07\n\nMonday. Tomorrow I interview the mayor at 10:00.\n"
                            "- [ ] draft mayor questions\nNext month: start the housing series in January.\n"),
    "daily/2026-12-06.md": ("# 2026-12-06\n\nSunday: long walk with Sara. Planned the week ahead.\n"
                            "- [ ] prepare questions for the 8 December interview with the mayor\n"
                            "- [ ] renew passport by 15 December\n"),
    "daily/2026-11-30.md": "# 2026-11-30\n\nQuiet day. Filed the November invoices.\n",
    "weekly/2026-W51.md": ("# Week 51 of 2026\n\nPlan: finish the water article, FOI workshop on Tuesday, team "
                           "party Friday.\n"),
    "projects/changelog.md": ("# Changelog of the newsletter tool\n\n- 2026-12-04: moved hosting\n"
                              "- 2026-12-14: planned: export to PDF\n- 2027-01-10: planned: paid tier\n"),
    "projects/schedule.md": ("# Conference schedule\n\n| Date | Session |\n|------|---------|\n"
                             "| 2026-12-15 | Workshop on FOI requests |\n| 2026-12-17 | Closing panel |\n"),
}


@pytest.fixture(scope="module")
def ahead_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("ahead"), AHEAD) as index:
        yield index


def test_a_day_to_come_written_in_words_still_ranks_first(ahead_index):
    """"Tomorrow I interview…" in today's note: its word was blanked from BM25, the note fell out of the answer."""
    result = _search(ahead_index, "what's on tomorrow?")
    assert result.days is not None and result.days.ahead
    assert result.results[0]["path"] == "daily/2026-12-07.md"
    assert "daily/2026-12-07.md" in _sources(ahead_index, result)


def test_a_note_dated_in_next_week_ranks_above_notes_writing_its_days(ahead_index):
    result = _search(ahead_index, "what did I plan for next week?")
    paths = [r["path"] for r in result.results]
    writing = ["daily/2026-12-06.md", "projects/changelog.md", "projects/schedule.md"]  # write a day of it
    assert all(paths.index("weekly/2026-W51.md") < paths.index(p) for p in writing if p in paths)
    assert "weekly/2026-W51.md" in _sources(ahead_index, result)


def test_mrag_ask_says_the_notes_that_write_the_days_are_searched(vault_index, monkeypatch):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(vault_index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", "what is due next week?", "--json", "--k", "5"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["days"]["writing_notes"] is True
    assert ("no note is dated next week (2026-12-14 to 2026-12-20) yet: the notes that write a day of it are "
            "searched") in out.stderr
