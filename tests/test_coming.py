"""coming.py: "when is the next X?" puts the note that writes X's soonest day to come first."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.coming import next_words, soonest
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)

# the INSET day gone has a note of its own that says most about it; the planner writes the one to come in a line
VAULT = {
    "Daily/2026-11-20.md": "# Friday 20 Nov – INSET day\n\nINSET day today, no pupils. Safeguarding refresher in "
                           "the morning, INSET afternoon on marking. The INSET lunch was good.\n",
    "Admin/Term planner.md": "# Autumn term planner\n\n"
                             "- **INSET day Fri 20 Nov** (no pupils)\n"
                             "- Y9 parents' evening Thurs 26 Nov, 4–7pm\n"
                             "- Y9 Science Museum trip Thu 10 Dec\n\n"
                             "## Spring 2027\n- **INSET Mon 4 Jan 2027**, pupils back Tue 5 Jan\n"
                             "- Y11 parents' evening Thurs 14 Jan 2027, 4–7\n",
    "Parents evening/Y9 parents evening 26-11-2026.md": "---\ndate: 2026-11-26\n---\n# Y9 parents' evening\n\n"
        "Parents evening notes: Amira's mum worried.\n\nRuby's mum: shoes on order, gave till 7 Dec.\n\n"
        "Parents evening ran late.\n",
    "Health/Dentist.md": "# Dentist\n\nDr Okafor at the Green Lane practice. Last check-up 3 Jun 2026, all fine.\n"
                         "- Next appointment 15 Jan 2027, 9:40\n",
    "Daily/2026-06-03.md": "# 2026-06-03\n\nDentist appointment with Dr Okafor, all fine, dentist said floss more. "
                           "The dentist appointment took an hour.\n",
    "Books/Novel.md": "# The novel\n\nThe next chapter is about the storm. Chapter 3 draft due 2026-12-20.\n",
}


@pytest.fixture(scope="module")
def teacher(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("teacher")
    write_notes(tmp / "notes", VAULT)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _search(db, question: str, mode: str = "hybrid"):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=10, mode=mode), today=TODAY)


@pytest.mark.parametrize("mode", ["hybrid", "bm25", "dense,bm25"])
@pytest.mark.parametrize("question,first,day", [
    ("when is the next inset day", "Admin/Term planner.md", "2027-01-04"),
    ("When's the next INSET?", "Admin/Term planner.md", "2027-01-04"),
    ("next parents evening?", "Admin/Term planner.md", "2027-01-14"),
    ("when's my next dentist appointment", "Health/Dentist.md", "2027-01-15"),
])
def test_the_note_of_the_soonest_day_to_come_comes_first(teacher, question, first, day, mode):
    result = _search(teacher, question, mode)
    assert result.results[0]["path"] == first
    assert result.results[0]["channels"]["recency"] == {"score": 1.0, "date": day, "from": "next"}
    assert result.latest.to_dict()["from"] == "next"


def test_no_day_to_come_moves_nothing(teacher):
    # the only occurrence is gone: nothing is chosen, and `mrag ask` says so (the question is searched as before)
    result = _search(teacher, "when is the next safeguarding refresher")
    assert result.latest is not None and result.latest.chosen is None
    assert not any("recency" in r["channels"] for r in result.results)


@pytest.mark.parametrize("question", [
    "when is the next inset day", "When's the next INSET?", "next parents evening?", "my next supervisor meeting",
    "when do I next see Dr Okafor", "when is the next ICLR deadline", "upcoming ICLR deadline?", "when is the upcoming ICLR deadline",
    "when will we next meet Anna?",
])
def test_next_words(question):
    assert next_words(question) is not None


@pytest.mark.parametrize("question", [
    "what did I do next", "what's on next week", "what do I have next Friday", "plans for the next 2 weeks",
    "what happens in the next chapter", "next steps for the Parker website", "what's next on my list",
    "who is next on the rota", "next time I see Priya remind me", "what's coming up next?",
    "when did I last see Priya?",
    # a LiHua question of a story's day (MRR fell): "upcoming" after "the" is not read
    "What does WolfgangSchulz suggest the group do before the upcoming karaoke night?",
])
def test_not_next_words(question):
    assert next_words(question) is None


def test_a_dated_notes_title_says_nothing_of_its_other_days():
    # `Y9 parents evening 26-11-2026.md` is the evening of its day: its "gave till 7 Dec" is no evening to come
    asked = next_words("next parents evening?")
    text = "Ruby's mum: shoes on order, gave till 7 Dec."
    assert soonest(asked, text, "Parents evening/Y9 parents evening.md", "2026-11-26", TODAY) == ""
    assert soonest(asked, text, "Parents evening/Y9 parents evening.md", "", TODAY) == "2026-12-07"


def test_a_span_under_way_is_of_today():
    asked = next_words("when are the next mocks")
    assert soonest(asked, "- Y11 mocks 3–11 Dec 2026", "planner.md", "", TODAY) == TODAY.isoformat()
    assert soonest(asked, "- Y11 mocks 3–5 Dec 2026", "planner.md", "", TODAY) == ""
