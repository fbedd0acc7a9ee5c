"""Readers 17: a day heading written without its year (`## 4 Dec`) dates its section when the note names its year
(its title, file name, front matter, a heading over it) or a dated heading comes above it (sections._yearless_days).
A year's running journal, `# Journal 2026` of `## 4 Dec` sections, was one undated note cut into chunks of several
days each: "what did I do last Friday?" found no note of that day. A note that names no year is read as before."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.sections import day_changes
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

JOURNAL = """# Journal 2026

## 7 Dec
Monday. Cold, grey. Physio tomorrow.

## 4 Dec
Weihnachtsmarkt at the Kulturbrauerei with Maren after class.

## 27 Nov
Kranich finally paid the invoice.

## 9 Oct
ICE to Hamburg with Sophie.
"""


def _days(text: str, path: str = "notes.md") -> list[str]:
    return [day for _line, day in day_changes(text, path)]


def test_a_journal_titled_with_its_year_is_read_day_by_day():
    assert day_changes(JOURNAL, "Journal 2026.md") == [
        (3, "2026-12-07"), (6, "2026-12-04"), (9, "2026-11-27"), (12, "2026-10-09")]


@pytest.mark.parametrize("heading", ["## 4 Dec", "### Fri 4 Dec", "## December 4", "## Friday, 4 December",
                                     "## 4 December (Friday)", "## Dec 4th"])
def test_the_ways_a_day_heading_is_written_without_its_year(heading):
    text = f"# Journal 2026\n\n{heading}\nMarket with Maren.\n\n{heading.split()[0]} 3 Dec\nClass.\n"
    assert _days(text) == ["2026-12-04", "2026-12-03"]


@pytest.mark.parametrize("text, path", [
    ("# Journal\n\n## 4 Dec\nA\n## 3 Dec\nB\n", "Journal 2026.md"),  # its file name
    ("# Journal\n\n## 4 Dec\nA\n## 3 Dec\nB\n", "journal/2026.md"),
    ("---\ntitle: Journal 2026\n---\n# Journal\n\n## 4 Dec\nA\n## 3 Dec\nB\n", "j.md"),  # its front matter
    ("---\nyear: 2026\n---\n# Journal\n\n## 4 Dec\nA\n## 3 Dec\nB\n", "j.md"),
    ("# 2026 journal\n\n## 4 Dec\nA\n## 3 Dec\nB\n", "j.md"),  # its title heading
    ("# Journal\n\n# 2026\n## 4 Dec\nA\n## 3 Dec\nB\n", "j.md"),  # a year heading over the days
    ("# Journal\n\n## December 2026\n### 4 Dec\nA\n### 3 Dec\nB\n", "j.md"),  # a month's heading
])
def test_where_a_note_names_its_year(text, path):
    assert [d for d in _days(text, path) if d] == ["2026-12-04", "2026-12-03"]


def test_a_year_heading_over_the_days_outranks_the_title():
    text = "# Journal 2026\n\n# 2025\n## 3 Dec\nA\n# 2026\n## 4 Jan\nB\n"
    assert _days(text) == ["2025-12-03", "", "2026-01-04"]
    # a month's heading gives no year to another month's day: January 2026 or 2027?
    assert _days("# Journal\n\n## December 2026\n### 4 Jan\nA\n### 5 Jan\nB\n") == []


def test_without_a_year_a_day_takes_the_year_of_the_dated_heading_above_it():
    # oldest first: 2 Jan after 31 Dec is the next year's
    assert _days("# Log\n\n## 2026-12-30\nA\n## 31 Dec\nB\n## 2 Jan\nC\n") == \
        ["2026-12-30", "2026-12-31", "2027-01-02"]
    # newest first: 31 Dec after 2 Jan goes back across the year's end
    assert _days("# Log\n\n## 2027-01-03\nA\n## 2 Jan\nB\n## 31 Dec\nC\n") == \
        ["2027-01-03", "2027-01-02", "2026-12-31"]
    # a day above the first dated heading has none to take its year from
    assert _days("# Log\n\n## 29 Dec\nA\n## 2026-12-30\nB\n") == ["2026-12-30"]


def test_a_journal_crossing_new_year_takes_the_next_or_the_last_year():
    """The note's year dates its first day; each next is of the year nearest the day above it (the review's case:
    `# Journal 2025`'s `## 1 Jan` after `## 31 Dec` was 2025-01-01, 364 days before the day above)."""
    oldest_first = "# Journal 2025\n\n## 30 Dec\nA\n## 31 Dec\nB\n## 1 Jan\nC\n## 5 Mar\nD\n"
    assert _days(oldest_first) == ["2025-12-30", "2025-12-31", "2026-01-01", "2026-03-05"]
    assert _days("# Journal 2025\n\n## 2025-12-31\nA\n## 1 Jan\nB\n") == ["2025-12-31", "2026-01-01"]
    newest_first = "# Journal 2026\n\n## 3 Jan\nA\n## 2 Jan\nB\n## 31 Dec\nC\n"
    assert _days(newest_first) == ["2026-01-03", "2026-01-02", "2025-12-31"]
    assert _days("# Journal 2026\n\n## 4 Sep\nFirst day\n## 12 Jan\nTerm 2\n", "School year 2026.md") == \
        ["2026-09-04", "2027-01-12"]


def test_days_months_apart_stay_in_the_year_the_note_names():
    # nearest to 15 Jan 2026, 31 Jul is 2025's: a note of 2026 crosses New Year only into the months next to it
    assert _days("# Todo 2026\n\n## 15 Jan\nTax return\n## 31 Jul\nSteuererklärung\n") == \
        ["2026-01-15", "2026-07-31"]
    assert _days("# Journal 2026\n\n## 2 Feb\nA\n## 10 Oct\nB\n") == ["2026-02-02", "2026-10-10"]
    # nearest to 1 Mar 2026, 20 Nov is 2025's; a day above past February crosses no New Year going back
    assert _days("# Journal 2026\n\n## 1 Mar\nA\n## 20 Nov\nB\n") == ["2026-03-01", "2026-11-20"]
    assert _days("# Journal 2026\n\n## 3 Mar\nA\n## 2 Jan\nB\n") == ["2026-03-03", "2026-01-02"]
    # a year's heading starts its days afresh: 5 Jul under `## 2027` is not 2026's, nearest to 30 Dec 2026
    assert _days("# Journal\n\n## 2026\n### 30 Dec\nA\n## 2027\n### 5 Jul\nB\n") == \
        ["2026-12-30", "", "2027-07-05"]


def test_a_day_dated_by_the_heading_above_alone_makes_no_journal_of_a_plan():
    # main's rule: a plan's one `## 2026-11-03 release plan` names the plan's day; the `## 5 Nov` below it,
    # of no year but the plan heading's, does not make it one day of a journal's
    assert day_changes("# Release\n\n## 2026-11-03 release plan\nFreeze.\n## 5 Nov\nShip.\n", "r.md") == []
    # in a journal of such headings, it is a day of the journal's
    journal = "# Log\n\n## 2026-11-03 Lunch with Jonas\nA\n## 2026-11-04 Call with Maren\nB\n## 5 Nov\nC\n"
    assert _days(journal) == ["2026-11-03", "2026-11-04", "2026-11-05"]


@pytest.mark.parametrize("text, path", [
    ("# Lisbon trip\n\n## 12 Mar\nFly out.\n## 13 Mar\nTram 28.\n", "Lisbon.md"),  # a plan of no year
    ("# Christmas cookies\n\n## 4 Dec\nBake the Zimtsterne.\n## 24 Dec\nVanillekipferl.\n", "Cookies.md"),
    ("# 2025 review\n\n## 3 Jan\nKickoff.\n## 4 Jan\nRetro.\n", "review.md"),  # a year looked back at
    ("# Top 2000 countdown\n\n## 26 Dec\nA\n## 27 Dec\nB\n", "top.md"),  # a count, no year
    ("# Debrief (12 November 2025)\n\n## 3 Dec\nFollow-up.\n## 4 Dec\nB\n", "debrief.md"),  # a day's title
    ("# Standup\n\n## 3 Dec\nA\n## 4 Dec\nB\n", "daily/2026-12-01.md"),  # a daily note: its day, no year
    ("# Berlin 2026\n\n## 4 Dec market with Maren\nGlühwein.\n## Notes\nB\n", "b.md"),  # one day of more words
])
def test_a_note_that_names_no_year_of_its_days_is_read_as_before(text, path):
    assert day_changes(text, path) == []


def test_last_friday_reaches_the_journals_day(tmp_path):
    """The tester's case: `Journal 2026.md`'s `## 4 Dec` section is a chunk of that day, found by the date channel."""
    write_notes(tmp_path / "notes", {"Journal 2026.md": JOURNAL, "Recipes.md": "# Recipes\n\n## Soup\nLeek.\n"})
    db = tmp_path / "index.sqlite"
    config = effective({"db": str(db), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    conn = sqlite3.connect(db)
    try:
        headers = [h for (h,) in conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = "
                                              "c.document_id WHERE d.path = 'Journal 2026.md' ORDER BY c.seq")]
    finally:
        conn.close()
    assert headers == ["# Journal 2026", "# Journal 2026 · date: 2026-12-07", "# Journal 2026 · date: 2026-12-04",
                       "# Journal 2026 · date: 2026-11-27", "# Journal 2026 · date: 2026-10-09"]
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search("what did I do last Friday?", RetrievalOptions(k=3), today=dt.date(2026, 12, 7))
    top = result.results[0]
    assert "Weihnachtsmarkt" in top["text"] and "Hamburg" not in top["text"] and "date" in top["channels"]
