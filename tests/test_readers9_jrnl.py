"""Readers 9 (qa32): a jrnl journal's entries date their lines, as a journal's dated headings do.

jrnl (the command-line journal) keeps every entry in one plain-text file, each opening with its
time: `[2026-11-03 09:15] Lunch with Jonas.` (jrnl 2; `[2026-11-03 09:15:00 AM]` with its default
time format) or `2026-11-03 09:15 Lunch with Jonas.` (jrnl 1). Before, the journal was one note,
dated by its first entry: every chunk was of November 1 and "what did I do on Nov 3?" reached a
chunk of four days.
"""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.sections import day_changes
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

JOURNAL = """[2026-11-01 21:40] Sunday, quiet.
Cleaned the flat and read until late.
@home

[2026-11-02 07:55] Ran along the river.
Legs heavy. @run

[2026-11-03 09:15] Lunch with Jonas at the cafe.
We decided to book the climbing trip before Christmas.
@jonas

[2026-11-03 16:45] *Signed the new lease.
Three more years in the flat.

[2026-11-04 20:10] Climbing at the gym.
Sent the green route on the slab wall. @climb
"""


def test_what_dates_a_jrnl_entry():
    assert day_changes(JOURNAL, "journal.txt") == [
        (1, "2026-11-01"), (5, "2026-11-02"), (8, "2026-11-03"), (15, "2026-11-04")]
    # jrnl 2's default time format, jrnl 1's unbracketed entries, a journal named .md
    assert day_changes("[2026-11-03 09:15:00 AM] a.\nx\n[2026-11-04 09:15:00 PM] b.\n", "j.txt") == [
        (1, "2026-11-03"), (3, "2026-11-04")]
    assert day_changes("2026-11-03 09:15 Harbor kickoff.\nx\n2026-11-12 14:00 Review.\n", "work.md") == [
        (1, "2026-11-03"), (3, "2026-11-12")]
    # one entry is a note of its day (its head dates it): no section
    assert day_changes("[2026-11-03 09:15] Morning.\nSlept badly.\n", "2026/11/03.txt") == []
    # no entry: a bracket not closed, a day that is no day, entries in code, in an Org note
    assert day_changes("[2026-11-03 09:15 a\n2026-11-04 09:15] b\n", "j.txt") == []
    assert day_changes("[2026-13-03 09:15] a\n[2026-11-44 09:15] b\n", "j.txt") == []
    assert day_changes("```\n[2026-11-03 09:15] a\n[2026-11-04 09:15] b\n```\n", "j.md") == []
    assert day_changes("[2026-11-03 09:15] a\n[2026-11-04 09:15] b\n", "j.org") == []
    # a note with dated headings is read by them
    assert day_changes("# Log\n\n## 2026-11-05\n[2026-11-03 09:15] a\n[2026-11-04 09:15] b\n", "j.md") == [
        (3, "2026-11-05")]


@pytest.fixture(scope="module")
def index_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("jrnl")
    write_notes(tmp / "notes", {"journal.txt": JOURNAL})
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def test_each_day_of_a_jrnl_journal_is_a_chunk_headed_with_its_day(index_db):
    conn = sqlite3.connect(index_db)
    try:
        rows = conn.execute("SELECT c.start_line, c.header FROM chunks c ORDER BY c.seq").fetchall()
    finally:
        conn.close()
    # the head, the first entry's line, is no title of the other days' (`Sunday, quiet.` and its day in each)
    assert [(line, header.split("\n")[0]) for line, header in rows] == [
        (1, "date: 2026-11-01"), (5, "date: 2026-11-02"), (8, "date: 2026-11-03"), (15, "date: 2026-11-04")]


def test_what_did_i_do_on_a_day_of_a_jrnl_journal(index_db):
    with Index.open(effective({"db": str(index_db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        top = index.search("what did I do on Nov 3?", RetrievalOptions(k=3)).results[0]
    assert "date" in top["channels"]
    assert "Lunch with Jonas" in top["text"] and "Signed the new lease" in top["text"]
    assert "Sunday" not in top["text"] and "Climbing" not in top["text"]  # that day's entries alone


def test_a_jrnl_entry_s_title_starts_a_sentence():
    """Heuristic rules 20: the word after an entry's time opens its title, a sentence: `Ran`, `Lunch`,
    `Signed` (a starred entry's) were names; a name there is named as mid-sentence."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    text = (JOURNAL + "[2026-11-05 07:30:00 AM] Ran 10 km.\n\n2026-11-06 08:00 Dentist at noon.\n"
            "[2026-11-07 10:00] Priya Raman called about the lease.\n")
    names = {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}
    assert not names & {"Sunday", "Ran", "Lunch", "Signed", "Climbing", "Dentist"}
    assert "Priya Raman" in names


def test_a_jrnl_journal_s_at_tags_are_tags():
    """Heuristic rules 20: jrnl marks its tags with `@` (`@run`, `@work`): in a text holding a jrnl entry they
    are tags, concepts as `#run` is, no people (`@run` and `@work` were persons). Elsewhere an `@handle` is a
    person's, as before."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    found = {m.name: m.type for m in HeuristicExtractor().extract_one(JOURNAL)}
    assert found["@run"] == found["@home"] == found["@climb"] == "concept"
    chat = {m.name: m.type for m in HeuristicExtractor().extract_one("Ask @elena about the deck.\nAt 2026-11-03.\n")}
    assert chat["@elena"] == "person"


def test_a_jrnl_tag_of_a_person_the_entry_names_is_that_person_s():
    """`@lea` beside `Lea Winter` is her handle (heuristic.handle_names), a person, so the entity they
    join stays a person (it became a concept with the tags)."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    text = "[2026-11-04 20:10] Climbing at the gym.\nLea Winter was there. @climb @lea\n"
    found = {m.name: m.type for m in HeuristicExtractor().extract_one(text)}
    assert found["@lea"] == "person" and "Lea Winter" in found and found["@climb"] == "concept"
    one = {m.name: m.type for m in HeuristicExtractor().extract_one(
        "[2026-12-01 09:30] Decided with Priya: the cutover moves.\n@work @priya\n")}
    assert one["@priya"] == "person" and one["@work"] == "concept"


def test_the_first_day_of_a_jrnl_journal(index_db):
    """The journal's first entry is its head and its first chunk, which no section's header marks (store.
    section_headers: a header other than the first chunk's): asked about that day, the date vote went to
    the note's chunk nearest the question, another day's; it goes to the first day's now (datednotes.
    dated_chunks), and no other day's chunk is searched with that day's words (sections.dated_header)."""
    with Index.open(effective({"db": str(index_db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        results = index.search("what did I do on Nov 1?", RetrievalOptions(k=5)).results
    dated = [r for r in results if "date" in r["channels"]]
    assert [r["text"].split("]")[0] for r in dated] == ["[2026-11-01 21:40"]


def test_when_did_i_last_reads_each_day_of_a_journal(tmp_path):
    """"When did I last go climbing?": each dated section of a journal (a jrnl entry's day, a `## 2026-11-03`)
    competes as a daily note does (latest.best_of_notes). The journal's best chunk alone did: the day that
    says most about climbing, not the latest day of it."""
    root = tmp_path / "notes"
    write_notes(root, {"journal.txt": (
        "[2026-11-02 18:00] Climbing all day.\nClimbing, climbing: the climbing gym's new climbing wall.\n\n"
        "[2026-11-04 07:30] Ran 10 km.\nEasy and cold.\n\n"
        "[2026-11-06 20:00] Evening.\nWent climbing with Lea, then pizza.\n\n"
        "[2026-11-08 09:00] Market.\nBought quinces.\n")})
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([root], SyncOptions(), extractor=HeuristicExtractor())
        result = index.search("When did I last go climbing?", RetrievalOptions(k=5))
    assert result.results[0]["text"].startswith("[2026-11-06 20:00]"), [r["text"][:20] for r in result.results]
    assert [n["date"] for n in result.to_dict()["latest"]["notes"]] == ["2026-11-06", "2026-11-02"]
