"""The note a question names by its file name (topicnotes.py, retrieve._topic_notes): "what did the finanzamt
letter say?" ranks `Admin/Finanzamt letter.md` above the running journal's day that names the letter in passing."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.topicnotes import names_title, title_words
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)
# a tester's vault (session 56, qaexpat): a year's running journal, one `## day` a chunk, and the notes of things
NOTES = {
    "Journal 2026.md": "# Journal 2026\n\n"
                       "## 7 Dec\nMonday. Cold, grey. To do this week: USt-Voranmeldung, Physio on Thursday.\n\n"
                       "## 3 Dec\nGot the Bürgeramt Termin! Also call with Priya from Brightside.\n\n"
                       "## 28 Nov\nNebenkostenabrechnung arrived. 387 € Nachzahlung. Wine with Sophie on FaceTime.\n\n"
                       "## 24 Nov\nFinanzamt letter: refund 842 € but also they want the Q3 Voranmeldung. "
                       "Physio #2.\n\n"
                       "## 20 Nov\nSent the payment reminder to Kranich. Felt awkward in German.\n\n"
                       "## 2 Oct\nZahnarzt — filling. Hurt more than expected.\n",
    "Admin/Finanzamt letter.md": "# Finanzamt letter\n\nArrived Tue 24 Nov, pasted below. tl;dr they want the "
                                 "Umsatzsteuer-Voranmeldung for Q3 and I'm getting a refund for 2025.\n\n---\n"
                                 "Finanzamt Neukölln\nThiemannstraße 1, 12059 Berlin\nSteuernummer: 16/347/61205\n\n"
                                 "Sehr geehrte Frau Harris,\n\nfür den Veranlagungszeitraum 2025 ergibt sich eine "
                                 "Erstattung von 842,00 €. Der Betrag wird auf Ihr Konto überwiesen.\n\nBitte reichen "
                                 "Sie die Umsatzsteuer-Voranmeldung für das dritte Quartal 2026 bis zum 10.12.2026 "
                                 "ein. Bei verspäteter Abgabe kann ein Verspätungszuschlag festgesetzt werden.\n\n"
                                 "Mit freundlichen Grüßen\nIhr Finanzamt Neukölln\n",
    "Health/Zahnarzt.md": "# Zahnarzt\n\nDr. Anja Hoffmann, Zahnarztpraxis am Hermannplatz\nTel 030 691 7722\n\n"
                          "Visits:\n- 14.05.2026 Kontrolle + PZR (professionelle Zahnreinigung), PZR 95 € selbst "
                          "bezahlt\n- 02.10.2026 Füllung unten links (Komposit), Zuzahlung 60 €\n",
    "Admin/Krankenkasse TK.md": "# Krankenkasse - TK\n\nTechniker Krankenkasse, freiwillig versichert. Monthly "
                                "Beitrag 2026: 612,40 €, goes out by Lastschrift on the 15th.\n",
}


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("topicnotes")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _paths(db, question: str, mode: str = "hybrid") -> tuple[list[str], list[dict]]:
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        results = index.search(question, RetrievalOptions(k=10, mode=mode), today=TODAY).results
    paths = []
    for r in results:
        if r["path"] not in paths:
            paths.append(r["path"])
    return paths, results


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25", "bm25"])
@pytest.mark.parametrize("question, note", [
    ("what did the finanzamt letter say?", "Admin/Finanzamt letter.md"),
    ("Finanzamt letter: what's the deadline?", "Admin/Finanzamt letter.md"),
    ("how much was the zahnarzt filling", "Health/Zahnarzt.md"),
])
def test_the_note_named_by_the_question_ranks_above_a_journal_day_naming_it(vault, question, note, mode):
    # the journal's `## 24 Nov` / `## 2 Oct` chunk was first: short, all on the question's words
    paths, results = _paths(vault, question, mode)
    assert paths[0] == note, paths
    assert [r["path"] for r in results if "title" in r["channels"]] == [note]


def test_a_when_did_i_last_question_still_finds_the_latest_journal_day(vault):
    paths, results = _paths(vault, "when did I last see the zahnarzt?")
    assert results[0]["path"] == "Journal 2026.md" and "Zahnarzt" in results[0]["text"], paths


def test_a_question_about_days_gives_no_title_vote(vault):
    # the asked day's notes are the date channel's; the thing's page is not "what happened on 24 Nov"
    _paths_, results = _paths(vault, "what happened with the finanzamt letter on 24 nov?")
    assert not [r["path"] for r in results if "title" in r["channels"]]


@pytest.mark.parametrize("question", ["what did the finanzamt say?", "any letter from the finanzamt?",
                                      "how much is the krankenkasse beitrag", "what did I write in my journal"])
def test_a_file_name_said_in_part_gets_no_title_vote(vault, question):
    _paths_, results = _paths(vault, question)
    assert not [r["path"] for r in results if "title" in r["channels"]]


@pytest.mark.parametrize("path, words", [
    ("Admin/Finanzamt letter.md", ("finanzamt", "letter")),
    ("Meetings/2026-11-26 Lab meeting.md", ("lab", "meeting")),  # the note's day is no part of its name
    ("Places/The Gull's Rest.md", ("gulls", "rest")),
    ("Projects/Sofia check-in 0d60d373960929e2c05144ce51fafa12.md", ("sofia", "check")),  # Notion's page id
    ("pages/1on1___Diego.md", ("1on1", "diego")),  # a Logseq namespace is of the name
    ("People/Jürgen.md", ("jurgen",)),
    ("journals/2026_11_27.md", ()),  # a daily note: a date, no name
    ("weekly/2026-W47.md", ()),
    ("Daily/2026-12-01.md", ()),
])
def test_title_words(path, words):
    assert title_words(path) == words


@pytest.mark.parametrize("question, named", [
    ("what did the finanzamt letter say?", True),
    ("FINANZAMT LETTER deadline", True),
    ("whats in the Finanzamt-Letter", True),
    ("who runs the gulls rest", True),
    ("who runs the Gull’s Rest?", True),
    ("what did the finanzamt say?", False),  # a part of the name
    ("a letter from the finanzamt", False),  # its words, not in a row
    ("what's the rest of the gulls' route", False),
])
def test_names_title(question, named):
    title = title_words("Places/The Gull's Rest.md") if "gull" in question.lower() else \
        title_words("Admin/Finanzamt letter.md")
    assert names_title(question, title) is named
