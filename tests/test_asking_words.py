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
    assert fts_query("whats happening, im not sure what ive booked") == '"sure" OR "booked"'
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


# a novelist's vault: two character notes say "happens", the editor's letter "needs"; one task is due tomorrow
PLANS = {
    "Characters/Maren Vosk.md": "# Maren Vosk\n\nJo says the turn happens too late. Needs a stronger want.\n",
    "Characters/Edric Vosk.md": "# Edric Vosk\n\nWhich is why the fire happens at the quay. What is going on with "
                                "him needs a reveal; it's coming up in Ch 12, planned for the siege.\n",
    "Admin/Editor letter.md": "# Structural letter\n\nThe middle needs work: what happens in Ch 8 needs to happen "
                              "sooner. You need to do a pass on pacing; you have got a week.\n",
    "Admin/Bristol library talk.md": "# Talk at Bristol Central Library\n\n- [ ] send Amira a bio + photo "
                                     "📅 2026-12-08\n",
}


@pytest.fixture(scope="module")
def plans(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("plans")
    write_notes(tmp / "notes", PLANS)
    conn = db.connect(tmp / "index.sqlite", create=True)
    sync_folders(conn, [tmp / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=SyncOptions())
    yield conn
    conn.close()


@pytest.mark.parametrize("question", [
    "what's happening tomorrow", "whats happening tomorrow?", "what do i need to do tomorrow", "anything on tomorrow",
    "is anything going on tomorrow", "what's coming up tomorrow", "what have I got on tomorrow",
    "what's planned for tomorrow",
])
def test_the_words_that_frame_a_question_about_a_day_do_not_outrank_its_note(plans, question):
    """qawriter: "what's happening tomorrow" searched `happening`, and the notes saying "happens" ranked above the
    one task due tomorrow (the date channel's)."""
    import datetime as dt

    results = search(plans, question, embedder=HashingEmbedder(dim=32), mode="hybrid", k=5,
                     today=dt.date(2026, 12, 7)).results
    assert [r["path"] for r in results][:1] == ["Admin/Bristol library talk.md"], (question, [r["path"] for r in results])


@pytest.mark.parametrize("question, query", [
    ("what's happening with the retainer", '"retainer"'),
    ("what's going on with Sam", '"sam"'),
    ("what do we need to do for the passport", '"passport" OR "paßport"'),
    ("what've we got planned for the launch", '"launch"'),
    ("what is coming up at school", '"school"'),
    ("what needs doing in the garden", '"garden"'),
    # the same words as content, or a question not so framed, keep them
    ("what happened to the boiler", '"happened" OR "boiler"'),
    ("what do I need for the passport", '"need" OR "passport" OR "paßport"'),
    ("when is the planned extension", '"planned" OR "extension"'),
    ("coming of age party photos", '"coming" OR "age" OR "party" OR "photos"'),
    ("is the going rate for a ghostwriter", '"going" OR "rate" OR "ghostwriter"'),
    ("what got me going on running", '"got" OR "going" OR "running"'),
    ("what is Planned Parenthood's phone number", '"planned" OR "parenthood" OR "phone" OR "number"'),
    ("WHAT'S HAPPENING TOMORROW", '"tomorrow"'),
])
def test_a_question_about_plans_searches_what_it_asks_about_not_its_framing_verb(question, query):
    assert fts_query(question) == query
