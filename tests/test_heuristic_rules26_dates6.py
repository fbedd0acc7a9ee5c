"""Heuristic rules 26 (dates6: a PhD student's vault): a day written with slashes was no date. `15/05/2027` in a
deadlines table made no date entity, so `mrag entity 2027-05-15` found none and `what is due on May 15, 2027?` ranked
another note first. Now text.slashed_dates reads the year first always (`2027/05/15`), the year last when one order
alone makes a date (`15/05/2027`, `05/15/2027`), and an ambiguous `05/06/2027` only in the order the text's other
slashed days show (no setting says whether a vault writes days as Europe or as the US does).
fixD: an ambiguous one is no date whatever the text's other days show (its entity, keyed by its name alone, was
`05062027` for a UK note's 5 June and a US note's May 6), and a question's day is searched in figures only after the
12th (`06 05 2027` for June 5 ranked a UK note's 6 May first)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.text import find_dates, normalise_key
from tests.conftest import synced_names, write_notes


def test_the_rules_are_26():
    assert VERSION >= 26


@pytest.mark.parametrize("text,dates", [
    ("| NeurIPS 2027 | full paper | 15/05/2027 (tbc) |", [("15/05/2027", "2027-05-15")]),
    ("Due 5/15/2027.", [("5/15/2027", "2027-05-15")]),
    ("Submitted 2027/05/15, camera ready 2027/6/1", [("2027/05/15", "2027-05-15"), ("2027/6/1", "2027-06-01")]),
    # ambiguous: in the order the text's unambiguous days show, else none
    ("Kickoff 05/06/2027.", []),
    # ... whatever order the text's other slashed days show (fixD: its entity is keyed by its name alone)
    ("Kickoff 05/06/2027, review 15/06/2027.", [("15/06/2027", "2027-06-15")]),
    ("Kickoff 05/06/2027, review 06/15/2027.", [("06/15/2027", "2027-06-15")]),
    ("05/06/2027 between 13/05/2027 and 05/14/2027", [("13/05/2027", "2027-05-13"), ("05/14/2027", "2027-05-14")]),
    # no date: a path's or an address's, a fraction, a span of years, no such day, a longer run of numbers
    ("see https://blog.example.com/2026/05/15/post and journal/2026/11/03.md", []),
    ("scored 71/100 in the 2026/27 semester", []),
    ("31/02/2027 13/13/2027 1/2/2026/7", []),
])
def test_a_slashed_day_is_a_date(text, dates):
    assert find_dates(text) == dates


def test_a_notes_slashed_day_is_a_date_entity(tmp_path):
    names = synced_names(tmp_path, {"deadlines.md": "# Deadlines\n\n| NeurIPS | full paper | 15/05/2027 |\n"
                                                    "| ICML | full paper | 2027/01/29 |\n"})
    assert {"2027-05-15", "2027-01-29"} <= names


@pytest.mark.parametrize("question", ["what is due on May 15, 2027?", "what is due on January 29, 2027?"])
def test_a_question_about_the_day_finds_the_note_writing_it_in_figures(tmp_path, question):
    # the graph's date entity, and BM25's phrase of the day's numbers day first or month first (`15 05 2027`:
    # FTS5 reads `15/05/2027` and `29.01.2027` as three numbers), rank the note of that day above one saying `due`
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {
        "admin/deadlines.md": "---\ntitle: Deadlines\n---\n# Conference deadlines\n\n| venue | what | deadline |\n"
                              "|---|---|---|\n| ICLR 2027 workshop | workshop paper | Feb 3, 2027 |\n"
                              "| NeurIPS 2027 | full paper | 15/05/2027 (tbc) |\n| ICML 2027 | full paper | 29.01.2027 |\n",
        "teaching/ta.md": "# TA: Introduction to Machine Learning, winter semester 2026/27\n\n"
                          "Office hours: Thursdays 14:00–15:30, room 1.032. Exercise sessions: Wednesdays 12:15.\n\n"
                          "- Exercise sheet 5 due 2026-12-09; sheet 6 due in May.\n- Sheet 4 average: 71/100.\n",
    })
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2026, 12, 7))
        assert result.results[0]["path"] == "admin/deadlines.md"
        assert {"graph", "bm25"} <= set(result.results[0]["channels"])


def test_a_day_with_its_year_is_searched_as_its_numbers_day_first_and_month_first():
    from minirag_cli.retrieve import fts_query

    query = fts_query("what is due on May 15, 2027?")
    assert all(p in query for p in ('"15 05 2027"', '"15 5 2027"', '"05 15 2027"', '"5 15 2027"'))
    assert "05" not in fts_query("what is due on May 15?")  # without its year: `15 05` is as often a time
    # a day of 12 or less read in the other order is another day: `06 05 2027` is a UK note's 6 May (fixD)
    assert not re.search(r'"\d+ \d+ 2027"', fts_query("what is on June 5, 2027?"))


SLASHED = re.compile(r"\d{1,4}/\d{1,2}/\d{1,4}")
UK_AND_US = {
    "viva.md": "# Viva\n\nThesis submitted 15/05/2027. The viva is on 05/06/2027 in room 3.\n",
    "lab.md": "# Lab bookings\n\nMicroscope booked 20/05/2027. Centrifuge booked 06/05/2027 all day.\n",
    "us.md": "# US trip\n\nFlight 05/15/2027 and return 05/06/2027. Hotel check-in 06/07/2027.\n",
    "mixed.md": "# Mixed\n\nDeadline 15/05/2027, kickoff 05/21/2027, then 03/04/2027 and 2027/4/3.\n",
}


@pytest.mark.parametrize("text", [*UK_AND_US.values(), "Kickoff 05/06/2027, review 15/06/2027, 2027/06/05."])
def test_a_slashed_day_is_read_alone_as_in_its_text(text):
    # an entity is keyed by its name alone (normalise_key): a day read otherwise in its text was keyed by its figures
    for surface, iso in find_dates(text):
        assert normalise_key(surface, "date") == f"date:{iso}"


def test_no_entity_of_a_slashed_day_has_a_non_date_key_nor_joins_a_uk_and_a_us_note(tmp_path):
    # `05/06/2027` was read in the order of its note's other slashed days, 5 June in viva.md, May 6 in us.md, and
    # was the one entity `05062027` of both (fixD)
    from minirag_cli import db
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", UK_AND_US)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        rows = conn.execute("SELECT e.name, e.key, e.type, d.path, m.forms FROM entities e JOIN mentions m"
                            " ON m.entity_id = e.id JOIN chunks c ON c.id = m.chunk_id"
                            " JOIN documents d ON d.id = c.document_id").fetchall()
    finally:
        conn.close()
    slashed = [(name, key, path) for name, key, _type, path, forms in rows if SLASHED.search(name + forms)]
    assert slashed and all(key.startswith("date:") for _name, key, _path in slashed)
    notes = {}
    for _name, key, path in slashed:
        notes.setdefault(key, set()).add(path)
    # the one day the UK and the US notes share is the one they both write unambiguously
    assert {key: paths for key, paths in notes.items() if len(paths) > 1} == {
        "date:2027-05-15": {"viva.md", "us.md", "mixed.md"}}


def test_a_question_about_a_day_of_12_or_less_does_not_find_its_figures_in_the_other_order(tmp_path):
    # `06/05/2027` in a UK note is 6 May: BM25's phrase `06 05 2027` for June 5, 2027 ranked it first (fixD)
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"lab.md": UK_AND_US["lab.md"],
                                     "viva.md": "# Viva\n\nThe viva is on 5 June 2027 in room 3.\n"})
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        found = index.search("what is on June 5, 2027?", RetrievalOptions(k=5, mode="bm25"), today=dt.date(2026, 12, 7))
        assert [r["path"] for r in found.results] == ["viva.md"]


# A day written without its year in a dated note (its file name, its front matter's `date:`, its dated section) is
# that note's nearest such day (text.nearest_year): `20 Dec` in `daily/2026-12-07.md` was a yearless entity of its
# own, which `what is due on December 20, 2026?` did not ground on
@pytest.mark.parametrize("yearless,day,iso", [
    ("--12-20", "2026-12-07", "2026-12-20"),
    ("--12-03", "2026-12-07", "2026-12-03"),
    ("--01-03", "2026-12-28", "2027-01-03"),
    ("--12-20", "2027-01-05 09:30", "2026-12-20"),
    ("--06-30", "2026-01-01", "2026-06-30"),
    ("--02-29", "2027-03-01", "2028-02-29"),
    ("--12-20", "", None),
])
def test_a_yearless_day_is_the_nearest_to_its_notes_day(yearless, day, iso):
    from minirag_cli.text import nearest_year

    assert nearest_year(yearless, day) == iso


def test_a_dated_notes_yearless_day_is_its_dated_entity(tmp_path):
    names = synced_names(tmp_path, {
        "daily/2026-12-07.md": "# 2026-12-07\nKeller moved the deadline for the runs to 20 Dec.\n"
                               "Sofia came on 3 Dec.\n",
        "trips/flight.md": "---\ndate: 2026-12-28\n---\nFlight back on 3 Jan.\n",
        "journal.md": "# Journal\n\n## 2026-06-30\n\nBooked the hotel for 2 Jul.\n",
        "ideas.md": "Party on 24 Dec with Priya.\n",  # undated: a day of every year, as before
    })
    assert {"2026-12-20", "2026-12-03", "2027-01-03", "2026-07-02", "24 Dec"} <= names
    assert not {"20 Dec", "3 Dec", "3 Jan", "2 Jul"} & names


def test_a_question_about_the_day_finds_the_daily_note_writing_it_yearless(tmp_path):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {
        "daily/2026-12-07.md": "# 2026-12-07\nSent Chiara the scheduler code.\nAlso: Keller moved the deadline "
                               "for the 85M runs to 20 Dec.\n",
        "daily/2026-12-06.md": "# 2026-12-06\nRead two papers on normalisation. Runs are due soon.\n",
        "teaching/ta.md": "# TA\n\n- Exercise sheet 5 due 2026-12-09.\n- Sheet 6 is due next week.\n",
        "people/juergen.md": "# Juergen\n\n- [ ] send Juergen the chapter 2 draft 📅 2026-12-20\n",
    })
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        result = index.search("what is due on December 20, 2026?", RetrievalOptions(k=5, mode="hybrid"),
                              today=dt.date(2026, 12, 7))
        # grounded on the day's entity, which the graph and the date channel reach the note by (it was `20 Dec`, a
        # yearless entity the graph reached by its name's likeness alone, and no date vote)
        daily = next(r for r in result.results if r["path"] == "daily/2026-12-07.md")
        assert daily["graph"]["entities"] == ["2026-12-20"]
        assert {"graph", "date"} <= set(daily["channels"])
        # and the answer reads it beside the note writing `2026-12-20` (answer.writes_asked: it kept that one alone)
        sources = [result.results[s["n"] - 1]["path"] for s in index.prepare_answer(result).sources]
        assert {"daily/2026-12-07.md", "people/juergen.md"} <= set(sources)
