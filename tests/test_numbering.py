"""A numbered thing with or without leading zeros (numbering.py): "session 3"
finds `Session 03 - 2026-09-05.md` and "lecture 03" the note `Lecture 3`, by
BM25 and as an entity, while ids, versions, times, years and `1:1` are
searched as before."""

from __future__ import annotations

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.graph.grounding import ground
from minirag_cli.index import Index, SyncOptions
from minirag_cli.numbering import numbered_phrases, other_spellings, respelled
from minirag_cli.options import RetrievalOptions
from minirag_cli.retrieve import fts_query
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

SESSIONS = {
    f"Sessions/Session {n:02d} - 2026-{m:02d}-{d:02d}.md":
        f"# Session {n:02d} — {title}\n\nThe party {what}. Session notes: loot, hooks, rolls.\n"
    for n, m, d, title, what in [
        (1, 8, 22, "The Drowned Bell", "met in the tavern and heard of the drowned bell"),
        (2, 8, 29, "Letters", "deciphered a sealed letter"),
        (3, 9, 5, "The Sunken Library", "descended into the sunken library"),
        (4, 9, 19, "Jail", "ended up in jail after a brawl"),
    ]
}
# the session every "session" question used to rank first: its words are lists of 1., 2., 3.
SESSIONS["Sessions/Session 07 - 2026-10-17.md"] = (
    "# Session 07 — The Hooded Man\n\nWhat happened in the session: the hooded man told them three things: "
    "1. the bell is a person 2. the cult meets at night 3. trust no one. Session 7 of the arc, session recap.\n")
LECTURES = {
    "Lectures/Lecture 3.md": "# Lecture 3\n\nEntropy and the second law; the Carnot cycle.\n",
    "Lectures/Lecture 4.md": "# Lecture 4\n\nFree energy and the chemical potential.\n",
    "Lectures/Lecture overview.md": "# Lecture overview\n\nLecture 1 to lecture 9, one a week; lecture notes.\n",
}


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("campaign")
    write_notes(tmp / "notes", {**SESSIONS, **LECTURES})
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _first(db, question: str, mode: str) -> str:
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=10, mode=mode)).results[0]["path"]


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_session_n_finds_the_zero_padded_note(campaign, n, mode):
    want = next(p for p in SESSIONS if p.startswith(f"Sessions/Session {n:02d} "))
    for question in [f"what happened in session {n}?", f"what happened in session {n:02d}?",
                     f"what happened in session 00{n}?"]:
        assert _first(campaign, question, mode) == want, question


@pytest.mark.parametrize("mode", ["bm25", "hybrid"])
def test_lecture_03_finds_lecture_3(campaign, mode):
    assert _first(campaign, "what was lecture 03 about?", mode) == "Lectures/Lecture 3.md"
    assert _first(campaign, "what was in Lecture 004?", mode) == "Lectures/Lecture 4.md"


def test_a_padded_number_names_the_entity(campaign):
    from minirag_cli import db

    conn = db.connect(campaign)
    try:
        seeds = ground(conn, "what was lecture 03 about?")
    finally:
        conn.close()
    assert ("Lecture 3", "exact") in [(s.name, s.via) for s in seeds], seeds


def test_spellings():
    assert other_spellings("3") == ["03", "003"]
    assert other_spellings("03") == ["3", "003"]
    assert other_spellings("007") == ["7", "07"]
    assert other_spellings("12") == ["012"]
    assert other_spellings("123") == []
    assert respelled("Episode 004") == ["Episode 4", "Episode 04"]
    assert numbered_phrases("Chapter 02 summary") == ['"chapter 2"', '"chapter 002"']


@pytest.mark.parametrize("question", [
    "what changed in v2.14.9?", "status of OPS-1423", "what did we decide in 2026?", "the meeting at 10:30",
    "notes from our last 1:1", "more than 3 weeks", "the 3rd of May", "session 3-4 recap", "pages 1,000",
    "see #3 here",
])
def test_ids_versions_times_years_are_not_respelled(question, monkeypatch):
    assert numbered_phrases(question) == []
    query = fts_query(question)
    monkeypatch.setattr("minirag_cli.retrieve.numbered_phrases", lambda _text: [])
    assert query == fts_query(question)  # searched as before


@pytest.mark.parametrize("question", ["what happened in session 3?", "what happened in session 03?",
                                      "what happened in session three?", "what happened in the third session?"])
def test_a_numbered_span_names_the_title_its_file_name_dates(campaign, question):
    """`Session 03 - 2026-09-05.md`'s title entity is named by "session 3": was
    a seed by the vector alone, as every session's, and the graph could not
    tell them apart."""
    from minirag_cli import db

    conn = db.connect(campaign)
    try:
        seeds = ground(conn, question)
    finally:
        conn.close()
    assert [(s.name, s.via) for s in seeds] == [("Session 03 - 2026-09-05", "exact")], seeds
    assert _first(campaign, question, "graph") == "Sessions/Session 03 - 2026-09-05.md"


@pytest.mark.parametrize("mode", ["bm25", "hybrid", "graph"])
@pytest.mark.parametrize("question,want", [
    ("what happened in session three?", "Sessions/Session 03 - 2026-09-05.md"),
    ("session four recap", "Sessions/Session 04 - 2026-09-19.md"),
    ("what happened in Session Two?", "Sessions/Session 02 - 2026-08-29.md"),
    ("what happened in the third session?", "Sessions/Session 03 - 2026-09-05.md"),
    ("what happened in the 4th session?", "Sessions/Session 04 - 2026-09-19.md"),
    ("what was lecture four about?", "Lectures/Lecture 4.md"),
    ("what was the third lecture about?", "Lectures/Lecture 3.md"),
])
def test_a_number_in_words_finds_the_numbered_note(campaign, question, want, mode):
    """A number written as a word after a numbered kind ("session three") or an
    ordinal before one ("the third session") is its number: Session 07, whose
    words are lists of 1., 2., 3., ranked first for every session."""
    assert _first(campaign, question, mode) == want, question


def test_spelled_numbers():
    assert numbered_phrases("what happened in session nine?") == ['"session 9"', '"session 09"', '"session 009"']
    assert numbered_phrases("Episode Twelve recap") == ['"episode 12"', '"episode 012"']
    assert numbered_phrases("our 3rd lecture") == ['"lecture 3"', '"lecture 03"', '"lecture 003"']
    assert numbered_phrases("the twentieth chapter") == ['"chapter 20"', '"chapter 020"']
    assert respelled("ninth session") == ["session 9", "session 09", "session 009"]
    assert respelled("Season Two") == ["Season 2", "Season 02", "Season 002"]
    assert numbered_phrases("what happened in session twenty?") == ['"session 20"', '"session 020"']
    assert respelled("the TWENTIETH Session") == ["the Session 20", "the Session 020"]


@pytest.mark.parametrize("question", [
    "nine lives", "three meetings this week", "what are we doing in two weeks?", "I woke at nine",
    "Priya turned nine", "the top three risks", "where is the first aid kit?", "the first thing I did today",
    "what did I do first?", "a session one-shot", "the third sessions were slow", "book two tickets",
    "first class seats", "all three sessions", "the 21st session", "the 3rd of May",
    # beyond twenty: not read at all, never as session 20 or session 1 (review of sessions)
    "what happened in session twenty one?", "session twenty-one", "the twenty-first session",
    "the twenty first session", "the thirty-second episode", "Episode Thirty Three",
])
def test_number_words_elsewhere_are_not_respelled(question, monkeypatch):
    assert numbered_phrases(question) == [] and respelled(question) == []
    query = fts_query(question)
    monkeypatch.setattr("minirag_cli.retrieve.numbered_phrases", lambda _text: [])
    assert query == fts_query(question)  # searched as before
