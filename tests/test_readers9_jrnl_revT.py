"""Review revT's jrnl findings (fixS4): what is a jrnl journal, and what its days are headed with.

qa32's jrnl reading (sections.jrnl_entries) read any note with two timed lines as a journal: a
timestamped chat log lost its speakers to the entry-title rule, a server log pasted into a daily note
re-dated the note's own text after it, every day of a journal was headed with every person of the
journal, and a meeting note's timed minutes of one day left its other lines undated.
"""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.sections import day_changes
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

SLACK = """# Slack thread about the outage

[2026-11-03 09:15] Priya: can you look at the checkout errors?
[2026-11-03 09:16] Tomasz: on it, looks like the db pool
[2026-11-03 09:30] Priya: Ingrid says the failover ran at 09:10
[2026-11-04 10:02] Tomasz: postmortem draft is up
"""

DAILY = """# 2026-11-26
Spent the morning on the checkout outage. The log from the api pod:

[2026-11-24 23:59:58] ERROR Connection refused to db-primary:5432
[2026-11-25 00:00:03] INFO Nightly rotation

Afterwards dinner with Marta at the Georgian place.
"""

INCIDENT = """# Incident: checkout outage

Priya Raman paged me at 09:20. The log from the api pod:

[2026-11-03 09:15:02] ERROR Connection refused to db-primary:5432
[2026-11-03 09:15:07] WARN Retrying in 5s
[2026-11-03 09:16:40] ERROR Pool exhausted
[2026-11-04 00:00:01] INFO Nightly rotation

Follow-up with Marcus Feld on the failover runbook.
"""

JOURNAL = """[2026-11-01 08:00] Sunday, quiet.
Slept late. @home

[2026-11-03 09:15] Lunch with Jonas.
Jonas Becker talked about his move to Leipzig. @jonas @work

[2026-11-08 18:30] Climbing at the Boulderhalle.
Went climbing with Lea Winter, sent the blue overhang. @climbing @lea

[2026-11-11 19:00] Climbing again.
Short climbing session, fingers sore. @climbing
"""

MEETING = """# Sprint review

Attendees: Priya Raman, Marcus Feld, Ana Sousa

[2026-11-12 10:00] Demo of the new search page by Ana.
[2026-11-12 10:40] Decided to drop the legacy export.

Marcus will write the migration note.
"""


def _names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def test_a_timestamped_chat_log_names_its_speakers():
    """A `Name:` after a line's time is a chat speaker, named as an undated chat line's is (a person where
    a speaker speaks again, heuristic.chat_speakers; its `@marcus` a handle, no jrnl tag); an entry's
    title after its time still starts a sentence (`Lunch` is no name)."""
    found = {m.name: m.type for m in HeuristicExtractor().extract_one(SLACK + "[2026-11-04 10:05] Priya: ask @marcus\n")}
    assert found["Priya"] == found["Tomasz"] == found["@marcus"] == "person"
    assert {"Oskar", "Mila"} <= _names("2026-11-05 20:01 Oskar: dinner on Friday?\n"
                                       "2026-11-05 20:03 Mila: yes, the Georgian place\n")
    assert not _names("[2026-11-03 09:15] Lunch with the team.\n[2026-11-04 09:15] Dentist at noon.\n")


def test_a_log_pasted_into_a_dated_note_dates_nothing():
    """A note dated as a whole (its title, its file name, its front matter) is no journal, and a log
    line (a level after its time, or lines seconds apart back to back) opens no entry."""
    assert day_changes(DAILY, "daily/2026-11-26.md") == []
    assert day_changes(DAILY, "notes/Outage.md") == []  # its title `# 2026-11-26` dates it
    assert day_changes(DAILY.replace("# 2026-11-26", "# Outage"), "notes/Outage.md") == []  # ERROR, INFO
    assert day_changes(INCIDENT, "work/Incident.md") == []
    assert day_changes(INCIDENT, "work/Incident 2026-11-03.md") == []
    # each alone: entries no log's, in a note dated by its front matter, its file name, its title
    timed = "[2026-11-24 09:00] a\nx\n[2026-11-25 09:00] b\ny\n"
    assert day_changes(timed, "x.md") == [(1, "2026-11-24"), (3, "2026-11-25")]
    assert day_changes("---\ndate: 2026-11-26\n---\n" + timed, "x.md") == []
    assert day_changes(timed, "daily/2026-11-26.md") == day_changes(timed, "2026/11/26.md") == []
    assert day_changes("# 2026-11-26\n" + timed, "x.md") == day_changes("Standup 2026-11-26\n" + timed, "x.txt") == []
    # no level, but a program's lines: seconds apart, back to back (across midnight too)
    assert day_changes("# Outage\n[2026-11-24 23:59:58] Connection lost\n[2026-11-25 00:00:03] Reconnected\n"
                       "Then dinner.\n", "x.md") == []
    # a journal's entries with seconds, hours apart, are entries still (jrnl 2's default format)
    assert day_changes("[2026-11-05 09:00:00 AM] a.\n[2026-11-06 11:30:00 AM] b.\n", "j.txt") == [
        (1, "2026-11-05"), (2, "2026-11-06")]
    # a journal whose entries pasted a log keeps its entries, not the log's lines
    assert day_changes("[2026-11-03 09:15] Debugging.\n[2026-11-24 23:59:58] ERROR x\n"
                       "[2026-11-05 19:00] Dinner.\n", "journal.txt") == [(1, "2026-11-03"), (3, "2026-11-05")]


def test_a_meeting_note_s_entries_of_one_day_date_the_whole_note():
    assert day_changes(MEETING, "work/Sprint review.md") == [(1, "2026-11-12")]


@pytest.fixture(scope="module")
def index_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("jrnl_revT")
    write_notes(tmp / "notes", {"journal.txt": JOURNAL, "daily/2026-11-26.md": DAILY,
                                "work/Sprint review.md": MEETING})
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _headers(db, path: str) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [h for (h,) in conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                           "WHERE d.path = ? ORDER BY c.seq", (path,))]
    finally:
        conn.close()


def test_each_day_of_a_jrnl_journal_lists_its_own_people(index_db):
    assert _headers(index_db, "journal.txt") == [
        "date: 2026-11-01", "date: 2026-11-03\nJonas Becker", "date: 2026-11-08\nLea Winter", "date: 2026-11-11"]


def test_a_day_s_people_after_a_rename(index_db):
    """_rename_people (an entity that becomes a person in another note) keeps each day's own people."""
    from minirag_cli.store.write import _rename_people

    conn = sqlite3.connect(index_db)
    try:
        doc = conn.execute("SELECT id FROM documents WHERE path = 'journal.txt'").fetchone()[0]
        _rename_people(conn, doc, ["Jonas Becker"])
        conn.commit()
    finally:
        conn.close()
    assert _headers(index_db, "journal.txt")[1:3] == ["date: 2026-11-03\nJonas Becker", "date: 2026-11-08\nLea Winter"]


def test_a_daily_note_with_a_pasted_log_is_one_day(index_db):
    assert _headers(index_db, "daily/2026-11-26.md") == ["# 2026-11-26"]
    assert _headers(index_db, "work/Sprint review.md")[0].split("\n")[0] == "# Sprint review · date: 2026-11-12"
