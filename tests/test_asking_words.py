"""A question's words that only ask (text.ASKING_WORDS, UNAPOSTROPHED, asking_spans): a health tracker's "what did the
physio say to do?" searched `say`, and a two-line note "No running until Sam says so." ranked above the visit's note;
"how much does physio cost?" ranked a note saying "much better" first; a freelancer's "whats happening this
thursday?" searched `whats` (a template's "What's included"), "anything on 28 December?" ranked "signs off anything
over £2k" first. They are dropped from the question's words alone: a note's words stay, and the same word that is
content in a question stays ("my long run", "Edward Said", "who won")."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.latest import latest_words
from minirag_cli.retrieve import fts_query, search
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes

# a health tracker: the physio is in many notes, the visit's own note says what to do and what it cost
NOTES = {
    "health/2026-03-02 physio.md": "# Physio\n\nSaw Sam the physio about the left knee. The physio's exercises to do: "
                                   "wall squats, calf raises twice a day, ice after running, no running for two "
                                   "weeks. Follow up on 16 March. Paid £55.\n",
    "health/2026-03-05.md": "No running until Sam says so.\n",
    "health/2026-03-08.md": "Knee feels much better today.\n",
    "health/sleep.md": "# Sleep log\n\n- Mon: slept 7h 10m\n- Tue: slept 6h 30m\n",
    "health/runs.md": "# Runs\n\nLong run on Sunday: 18 km along the canal. Ran 5 km on Tuesday.\n",
    **{f"health/2026-03-{d:02d}.md": f"Did the physio exercises before work, then cycled to the office and back "
                                     f"along the canal; knee day {d}, a little stiff on the stairs.\n"
       for d in range(10, 16)},
    "templates/quote-template.md": "# Quote template\n\n## What's included\n\n- Design\n- Two rounds of revisions\n",
    "daily/2026-12-28.md": "# Monday 28 December\n\nCall with Priya about the Q1 retainer.\n",
    "daily/2026-12-20.md": "# Sunday 20 December\n\nReminder: Priya signs off anything over £2k.\n",
}


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("asking")
    write_notes(tmp / "notes", NOTES)
    conn = db.connect(tmp / "index.sqlite", create=True)
    sync_folders(conn, [tmp / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=SyncOptions())
    yield conn
    conn.close()


@pytest.mark.parametrize("question, path", [
    ("what did the physio say to do?", "health/2026-03-02 physio.md"),
    ("what does the physio says to do?", "health/2026-03-02 physio.md"),
    ("how much does the physio cost?", "health/2026-03-02 physio.md"),
])
def test_a_question_ranks_by_what_it_asks_about_not_its_asking_words(conn, question, path):
    results = search(conn, question, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
    assert results[0]["path"] == path, (question, [r["path"] for r in results])


def test_a_note_that_holds_only_an_asking_word_is_no_answer(conn):
    """"anything on 28 December?": a note that says "signs off anything over £2k" holds nothing asked."""
    for question in ("anything on 28 December?", "is anything happening on 28 December"):
        results = search(conn, question, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
        assert [r["path"] for r in results][:1] == ["daily/2026-12-28.md"], question
        assert "daily/2026-12-20.md" not in [r["path"] for r in results], question


def test_a_contraction_typed_without_its_apostrophe_searches_what_the_contraction_does(conn):
    """"whats happening this thursday" searched `whats`, which FTS5's porter stemmer reads as `what`: a template's
    "What's included" matched it; with the apostrophe the question searched no such word."""
    typed = '"included" OR "quote"'
    assert fts_query("whats included in a quote?") == fts_query("what's included in a quote?") == typed
    assert fts_query("whats happening, im not sure what ive booked") == '"happening" OR "sure" OR "booked"'
    assert fts_query("didnt I pay Acme? I dont think so, theyd have said") == '"pay" OR "acme" OR "think"'
    # the pieces FTS5 reads of a contraction written with its apostrophe go too: `didn`, `ve`, `re`, `ll`
    assert fts_query("what didn't I pay? I've forgotten, you're sure we'll see") == (
        '"pay" OR "forgotten" OR "sure" OR "see"')
    results = search(conn, "whats happening with the retainer", embedder=HashingEmbedder(dim=32), mode="bm25",
                     k=5).results
    assert [r["path"] for r in results] == ["daily/2026-12-28.md"]


# the measure asked after "how" goes; the same word naming what is asked stays, as a name's word does
@pytest.mark.parametrize("question, query", [
    ("how long did I sleep on Tuesday?", '"sleep" OR "tuesday"'),
    ("how far did I run so far", '"run"'),
    ("how often do I ice the knee", '"ice" OR "knee"'),
    ("how many km was my long run?", '"km" OR "long" OR "run"'),  # "long" of what is asked stays
    ("what did someone say about the long table?", '"long" OR "table"'),
    ("is Far Cry any good", '"far" OR "cry" OR "good"'),
    ("what did Edward Said write about Orientalism", '"edward" OR "said" OR "write" OR "orientalism"'),
    ("what did Jony Ive design", '"jony" OR "ive" OR "design"'),
    ("who won the match? were the shells well made", '"won" OR "match" OR "shells" OR "well" OR "made"'),
    ("what did we do on the long weekend in Much Wenlock?", '"long" OR "weekend" OR "much" OR "wenlock"'),
])
def test_a_question_searches_what_it_asks_about(question, query):
    assert fts_query(question) == query


def test_asking_spans_are_the_words_that_ask():
    from minirag_cli.text import asking_spans

    q = "Whats Priya up to? Im not sure. How long did it take, how much did Said say?"
    assert [q[a:b] for a, b in asking_spans(q)] == ["Whats", "Im", "long", "much", "say"]


def test_the_latest_time_needs_no_note_saying_the_question_s_asking_words():
    """"how much did the last visit cost?": a note had to hold half of `much`, `cost` to be one of the latest."""
    assert latest_words("how much did the last visit cost?").terms == ("cost",)
    assert latest_words("when did I last see Jo? I didnt write it down").terms == ()
