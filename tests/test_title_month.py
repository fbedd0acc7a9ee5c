"""A month written in words with its year anywhere in a note's title dates the note as of that month, as a leading
`2026-11 report.md` is (text.note_period, session 58, titleperiod): a landlord's Apple Notes export, no front matter,
`Rent ledger - Nov 2026.md`; "did derek pay rent late in november?" was told "no note is dated in november" and ranked
the November ledger 3rd."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.config import effective
from minirag_cli.datednotes import note_span, titled_month
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import file_period, note_period
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize("path,month", [
    ("Rent ledger - Nov 2026.md", (2026, 11)),
    ("Rent ledger - Dec 2026.md", (2026, 12)),
    ("November 2026.md", (2026, 11)),
    ("Money/Budget Nov 2026.md", (2026, 11)),
    ("Money/budget Dec 2026.md", (2026, 12)),  # written in lower case
    ("Invoices – Oct '26.md", (2026, 10)),
    ("Invoices – Oct ’26.md", (2026, 10)),
    ("Mediation notes - March 2026.md", (2026, 3)),
    ("Sept. 2026 review.md", (2026, 9)),
    ("Statement, October of 2026.md", (2026, 10)),
    ("Haushaltsbuch Oktober 2026.md", (2026, 10)),
    ("pages/November 2026 review.md", (2026, 11)),
    ("Paris - May '68.md", (1968, 5)),  # a year of the last century (it was 2068)
    ("budget may 2026.md", (2026, 5)), ("Rent ledger - May 2026.md", (2026, 5)),
])
def test_a_month_and_its_year_in_a_title_is_the_notes_month(path, month):
    period = note_period(path)
    assert period is not None and (period[0].year, period[0].month) == month
    assert period[0].day == 1 and (period[1] + dt.timedelta(days=1)).day == 1


@pytest.mark.parametrize("path", [
    "Trip to Paris 2026.md",  # a year is no month
    "Expenses 2026.md", "Rent increase 2027.md",
    "May Chen interview.md",  # a name, no year
    "March for Science 2026.md",  # the year not next to the month's word: an event's name, not March's note
    "Q4 2026.md",  # a quarter (a leading `2026-Q4 review.md` is none either)
    "Meeting 5 Nov 2026.md", "5th November 2026.md", "05. November 2026.md",  # a day's title
    "Nov 5 2026 call.md", "Oct 26 call.md",  # a day, not a year's two digits
    "Nov-Dec 2026 budget.md", "Oct to Dec 2026.md",  # a span of months
    "Oct 2026 - Mar 2027 lease.md",  # two months
    "Decor 2026.md", "Nov 20266.md", "Oct 2026-11-05.md",
    # a name's May (review of titleperiod: `Theresa May 2019 speech` was May 2019's note)
    "Theresa May 2019 speech.md", "Brian May 1975.md",
    # a term's end or start: not the month the note is of
    "Lease ends Jun 2027.md", "Passport - expires Aug 2030.md", "Mortgage fixed until Sept 2028.md",
    "From Nov 2026 onwards.md", "Started at Acme Jan 2025.md", "Tax return due Jan 2027.md",
])
def test_no_month_of_a_title_that_writes_no_one_month(path):
    assert note_period(path) is None


def test_a_titled_months_note_keeps_its_name_its_day_and_no_tasks_day():
    # its name stays a title's (no periodic note: heuristic.note_name, extraction unchanged)
    assert file_period("Rent ledger - Nov 2026.md") is None
    # the day its head writes comes first; else the month, for the days a question asks alone
    path = "Rent ledger - Nov 2026.md"
    assert note_span(path, "", "Rent ledger - Nov 2026\n", titled=True) == (dt.date(2026, 11, 1), dt.date(2026, 11, 30))
    assert note_span(path, "", "2026-11-18\n", titled=True) == (dt.date(2026, 11, 18),) * 2
    assert note_span(path, "", "Rent ledger - Nov 2026\n") is None
    assert titled_month(path, "", "Rent ledger - Nov 2026\n")  # of no single day (test_month_parts)


def _ledger(month: str, derek: str, carla: str) -> str:
    return (f"Rent ledger - {month} 2026\n\n| Unit | Tenant | Rent | Paid | Date |\n|---|---|---|---|---|\n"
            f"| Maple A | Derek | $1,450 | {derek} |\n| Maple B | Carla | $1,450 | {carla} |\n")


NOTES = {
    "Rent ledger - Oct 2026.md": _ledger("Oct", "pd | 10/1", "pd | 10/1"),
    "Rent ledger - Nov 2026.md": _ledger("Nov", "late | 11/9", "pd | 11/1"),
    "Rent ledger - Dec 2026.md": _ledger("Dec", "yes | 12/3", "yes | 12/1"),
    "Tenant - Derek Olsen.md": "Tenant - Derek Olsen\n\nMaple A. Rent $1,450 due on the 1st. Derek paid rent late "
                               "twice, a late fee each time. Derek gave notice, moving out 12/31.\n",
    "Late fee policy.md": "Late fee policy\n\nRent is late after the 5th: a $75 late fee. Rent paid late twice: "
                          "a warning letter.\n",
}


@pytest.fixture(scope="module")
def landlord(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("title_month")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _search(db, question: str, mode: str = "hybrid"):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=10, mode=mode), today=TODAY)


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25"])
@pytest.mark.parametrize("question", ["did derek pay rent late in november?", "rent paid in November 2026"])
def test_the_months_ledger_is_the_note_of_the_asked_month(landlord, question, mode):
    result = _search(landlord, question, mode)
    assert result.undated is None  # "no note is dated in november" was said
    paths = list(dict.fromkeys(r["path"] for r in result.results))
    assert paths[0] == "Rent ledger - Nov 2026.md", paths
    voted = {r["path"] for r in result.results if "date" in r.get("channels", {})}
    assert "Rent ledger - Nov 2026.md" in voted and not voted & {"Rent ledger - Oct 2026.md",
                                                                  "Rent ledger - Dec 2026.md"}


def test_the_answer_reads_the_titled_months_note_for_its_month_not_for_a_day(landlord):
    # answer.on_the_day: the notes of the asked month keep the month's ledger; the notes of an asked day do not (a
    # note of a month is of no single day: datednotes._shares; test_month_questions' `October 2026.md` likewise)
    from minirag_cli import answer as ans
    from minirag_cli.store import note_heads

    with Index.open(effective({"db": str(landlord), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        def kept(question):
            result = index.search(question, RetrievalOptions(k=20), today=TODAY)
            heads = note_heads(index.conn, [r["chunk_id"] for r in result.results])
            return {r["path"] for r in ans.on_the_day(question, result.results, heads)}

        assert "Rent ledger - Nov 2026.md" in kept("who paid rent in November 2026?")
        assert "Rent ledger - Oct 2026.md" not in kept("who paid rent in November 2026?")
        assert "Rent ledger - Nov 2026.md" not in kept("who paid rent on November 9, 2026?")


def _vault(tmp_path, notes: dict[str, str]):
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _sources(db, question: str) -> tuple[object, set[str]]:
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=10), today=TODAY)
        return result, {s["path"] for s in index.prepare_answer(result).sources}


def test_a_title_month_alone_keeps_the_answer_to_no_note(tmp_path):
    # review of titleperiod: in a vault of undated notes the one month-titled note kept the answer to itself; the
    # notes writing the month's days are read, as on main
    db = _vault(tmp_path, {
        "Christmas Dec 2026.md": "Christmas Dec 2026\n\nGifts: Mum scarf, Dad whisky. Dinner at ours.\n",
        "Car.md": "Car\n\nMOT booked for 14 December at Kwik Fit, 9am. Tyres need replacing.\n",
        "Work.md": "Work\n\nOffice party on 18 December at the Crown. Performance review 10 December.\n",
    })
    _result, sources = _sources(db, "what's happening in December?")
    assert {"Car.md", "Work.md", "Christmas Dec 2026.md"} <= sources


TREASURER = {
    "Rent ledger - Nov 2026.md": "Rent ledger - Nov 2026\n\n| Unit | Paid | Date |\n|---|---|---|\n| A | late | 9 Nov |\n",
    "Treasurer/2026-11 report.md": "Treasurer report\n\n- 9 Nov: hall hire paid £40\n- 16 Nov: new kettle £25\n"
                                   "- Balance £1,204\n",
    "daily/2026-11-09.md": "# 2026-11-09\nQuiet day. Walked the dog.\n",
}


def test_a_file_named_months_note_keeps_the_period_vote(tmp_path):
    # review of titleperiod: the month's one `period` vote went to none when a title's month in words was a second
    # note of the month (the report 1st -> 3rd, `monthly/2026-11.md` 3rd -> 5th)
    db = _vault(tmp_path, TREASURER)
    result, _sources_ = _sources(db, "who paid late in November?")
    assert [r["path"] for r in result.results if "period" in r["channels"]] == ["Treasurer/2026-11 report.md"]
    db = _vault(tmp_path / "monthly", {
        "monthly/2026-11.md": "# November 2026\n\nHighlights: painted the hallway, three runs, parkrun PB 24:38. "
                              "Started the pottery class on Tuesdays.\nLowlights: overspent on eating out.\n",
        "Money/Budget Nov 2026.md": "Budget Nov 2026\n\nGroceries £410, eating out £120, petrol £95, gym £35.\n",
        "daily/2026-11-03.md": "# 2026-11-03\nDentist check-up, then lunch with Sam.\n",
    })
    result, _sources_ = _sources(db, "what did I do last month?")
    assert [r["path"] for r in result.results if "period" in r["channels"]] == ["monthly/2026-11.md"]


def test_the_answer_reads_a_file_named_months_report_for_its_day(tmp_path):
    # review of titleperiod: `2026-11 report.md`, writing "- 9 Nov: hall hire paid", was dropped from the notes of
    # November 9 (as main keeps it: a file name's month meets the asked day)
    db = _vault(tmp_path, TREASURER)
    _result, sources = _sources(db, "what was paid on November 9, 2026?")
    assert "Treasurer/2026-11 report.md" in sources
