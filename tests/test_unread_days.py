"""A day a question names but that is not read, the question being about someone else (askday.read_days,
UnreadDays): "what did Keller say last week?" is searched as written (docs/ask.md), and that is said, on stderr
with the days a question in the first person would read, and in `--json`'s `days` (`"read": false`). qa51: its
`days` was null and nothing told the user their "last week" was not read."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from typer.testing import CliRunner

from minirag_cli.askday import AskedDays, UnreadDays, asked_days, read_days
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)  # last week: 2026-11-30 to 2026-12-06


@pytest.mark.parametrize("question, words, reason", [
    ("what did Keller say last week?", "last week", "the question is about someone else (Keller)"),
    ("what did Prof. Keller say about the ablation last week?", "last week",
     "the question is about someone else (Prof. Keller)"),
    # a name before a pronoun; he, she, they as whom it is about
    ("what did Keller say about his paper yesterday?", "yesterday", "the question is about someone else (Keller)"),
    ("did he call on Tuesday?", "on Tuesday", "the question is about him"),
    ("what did she say yesterday?", "yesterday", "the question is about her"),
    ("who said what at lab meeting on Tuesday?", "on Tuesday", "the question asks who"),
    ("who did she call on Tuesday?", "on Tuesday", "the question asks who"),
    ("what did the band play yesterday?", "yesterday", "the question is about someone else (the band)"),
    ("what did Keller say on the 3rd?", "the 3rd", "the question is about someone else (Keller)"),
    # a place's abbreviation is of its name; a long run of capitals or a shout is quoted as no one's name
    ("Was it rainy in St. Louis yesterday?", "yesterday", "the question is about someone else (St. Louis)"),
    ("what did Prof. Anna Maria Keller say yesterday?", "yesterday", "the question is about someone else"),
    ("what did NASA say yesterday?", "yesterday", "the question is about someone else"),
    ("Was hat Priya gestern gesagt?", "gestern", "the question is about someone else (Priya)"),
    ("¿Qué hizo Ana ayer?", "ayer", "the question is about someone else (Ana)"),
])
def test_a_day_of_someone_else_is_said_unread(question, words, reason):
    assert asked_days(question, MONDAY) is None  # searched as written, as before
    unread = read_days(question, MONDAY)
    assert isinstance(unread, UnreadDays)
    assert (unread.days.words, unread.reason()) == (words, reason)


@pytest.mark.parametrize("question", [
    # the question once suggested in the first person was ungrammatical or asked something else (review revB):
    # "Who came to the lab on with me the 3rd?", "Who called with me yesterday?", "what did St tell me yesterday?",
    # "what did Keller tell me yesterday?" (the paper dropped); none is written now
    "Who said what in the lab on the 3rd?", "Who called Tom yesterday?", "Was it rainy in St. Louis yesterday?",
    "Did Keller mention the paper yesterday?",
])
def test_no_question_is_made_up_in_the_first_person(question):
    note = read_days(question, MONDAY).note()
    assert "ask “" not in note and " with me " not in note and "tell me" not in note, note
    assert "Asked in the first person (“… me …”, “… I …”), it would search the notes dated" in note


def test_the_note_says_what_was_not_read_why_and_how_to_have_it_read():
    assert read_days("what did Keller say last week?", MONDAY).note() == (
        "“last week” is searched as written: the question is about someone else (Keller). Asked in the first "
        "person (“… me …”, “… I …”), it would search the notes dated last week (2026-11-30 to 2026-12-06).")
    assert read_days("Was hat Priya gestern gesagt?", MONDAY).note() == (
        "“gestern” is searched as written: the question is about someone else (Priya). Asked in the first person "
        "(with ich, mir, mein), it would search the notes dated gestern (2026-12-06).")


@pytest.mark.parametrize("question", [
    "what is the weather like?",  # no day at all
    "who wrote 'I was sick yesterday'?",  # a quoted day is the note's: no one's to read
    "what did Keller say since last week?",  # compared, not asked: never read, for anyone
    "what did Keller say the week after next?",  # ("next week" is read since session 52: test_future_days)
])
def test_no_day_or_one_read_for_no_one_is_not_said_unread(question):
    assert read_days(question, MONDAY) is None


@pytest.mark.parametrize("question, words", [
    # a short weekday spelled as French "mon" or Spanish "mi" is the weekday beside the day or after "on" / "am":
    # no "my" that made the day the asker's (they were read as the asker's days)
    ("what did Keller say on Mon last week?", "on Mon last week"), ("what did Keller say Mon last week?", "last week"),
    ("did Keller call last week on Mon?", "last week on Mon"), ("what did Keller say on MON. last week?", "last week"),
    ("Was hat Keller am Mi letzte Woche gesagt?", "letzte Woche"),
    # "on mon" in lower case too, a weekday since qread (it was French's "my": the asker's)
    ("what did Keller say on mon last week?", "on mon last week"),
])
def test_a_short_weekday_is_no_pronoun(question, words):
    unread = read_days(question, MONDAY)
    assert isinstance(unread, UnreadDays) and unread.someone.words == "Keller", unread
    assert unread.days.words == words


@pytest.mark.parametrize("question", [
    "what did I do on Mon last week?", "what did Keller tell me on Mon last week?",
    # the pronouns in their own language, and a lower-case "mon" not after "on", are the asker's as before
    "qu'a fait Keller mon lundi dernier ?", "Mon lundi dernier, qu'a fait Keller ?",
    "what did Keller say mon lundi dernier?",
])
def test_a_pronoun_beside_a_weekday_is_still_the_askers(question):
    assert isinstance(read_days(question, MONDAY), AskedDays)


def test_a_day_of_the_asker_is_read_as_before():
    assert isinstance(read_days("what did Keller tell me last week?", MONDAY), AskedDays)
    assert read_days("what did I do yesterday?", None) is None  # no asking day: the words as written


NOTES = {
    "people/keller.md": "---\ntitle: Prof. Anna Keller\naliases: [Keller]\n---\n# Prof. Anna Keller\n"
                        "My advisor. Keller says three seeds is the minimum.\n",
    "meetings/2026-11-16-keller.md": "# Meeting with Keller 2026-11-16\nKeller said the ablation is fine.\n",
    "meetings/2026-11-30-keller.md": "# Meeting 2026-11-30\nKeller wants two model sizes.\n",
    "meetings/2026-12-03-keller.md": "# Meeting 2026-12-03\nKeller asked for the chapter 3 outline.\n",
    "meetings/lab-2026-11-24.md": "# Lab meeting 2026-11-24\nKeller said last week the ablation is fine. "
                                  "Keller said last week the ablation is fine.\n",
}


@pytest.fixture
def student_db(tmp_path):
    write_notes(tmp_path / "notes", NOTES)
    db = tmp_path / "index.sqlite"
    settings = effective({"db": str(db), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _ask(monkeypatch, db, question: str):
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(db))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    out = CliRunner().invoke(app, ["ask", question, "--json", "--no-answer", "--k", "3"])
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout), out.stderr


def test_ask_says_a_day_of_someone_else_is_not_read(student_db, monkeypatch):
    data, stderr = _ask(monkeypatch, student_db, "what did Keller say last week?")
    assert data["days"] == {"words": "last week", "from": "2026-11-30", "to": "2026-12-06", "dated_notes": False,
                            "read": False, "reason": "the question is about someone else (Keller)"}
    said = " ".join(stderr.split())
    assert ("“last week” is searched as written: the question is about someone else (Keller). Asked in the first "
            "person (“… me …”, “… I …”), it would search the notes dated last week (2026-11-30 to 2026-12-06).") in said
    # asked in the first person, last week is read: its notes come first
    data, stderr = _ask(monkeypatch, student_db, "what did Keller tell me last week?")
    assert data["days"]["read"] is True and data["days"]["dated_notes"] is True
    assert {r["path"] for r in data["results"][:2]} == {"meetings/2026-11-30-keller.md",
                                                         "meetings/2026-12-03-keller.md"}
    assert "searched as written" not in stderr
    # no day at all: null, and nothing said
    data, stderr = _ask(monkeypatch, student_db, "what did Keller say about the ablation?")
    assert data["days"] is None and "searched as written" not in stderr


def test_the_mcp_search_says_a_day_of_someone_else_is_not_read(student_db, monkeypatch):
    pytest.importorskip("mcp", reason="the mcp extra is part of the test environment")
    from minirag_cli.mcp_server import MragTools

    monkeypatch.setenv("MRAG_TODAY", "2026-12-07")
    settings = effective({"db": str(student_db), "embedding_model": "hashing:64"})
    with Index.open(settings, embedder_factory=hashing_embedder) as index:
        data = MragTools(index).search("who said what at the lab meeting on Tuesday?")
    assert data["days"] == {"words": "on Tuesday", "from": "2026-12-01", "to": "2026-12-01", "dated_notes": False,
                            "read": False, "reason": "the question asks who"}
