"""A question about the latest time typed in lower case names people as one in capitals does ("when did i last
talk to sofia at halden?"), and its verb of talking or writing to them is no word a note must hold (latest.py)."""

from __future__ import annotations

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.latest import latest_words
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

# the newest notes name Halden or say "contacts" without Sofia or Maya: a lower-case "sofia" and "halden" were two
# terms of which a note needed half, and "contact maya" had "contact" one of two
NOTES = {
    "meetings/2026-11-20 Sofia check-in.md": "# Sofia check-in\n\nAttendees: Sofia Lindqvist\n\nTalked through "
                                             "the Halden price list with Sofia Lindqvist; Sofia wants the memo "
                                             "before the readout.\n",
    "meetings/2026-11-10 Northpeak call.md": "# Northpeak call\n\nCall with Maya Fischer about the Northpeak "
                                             "invoice. Maya will chase their finance team.\n",
    "planning/2026-12-01 Weekly planning.md": "# Weekly planning\n\nHalden memo outline. Halden deck review on "
                                              "Thursday. Key contacts: update the list.\n",
    "planning/2026-11-28 CRM tidy.md": "# CRM tidy\n\nKey contacts: merged duplicates, contacted two leads "
                                       "about the newsletter.\n",
    "people/Sofia Lindqvist.md": "# Sofia Lindqvist\n\nHead of Commercial at Halden Foods. Sofia Lindqvist "
                                 "prefers calls on Wednesdays.\n",
    # a heading and a label make an entity of a word the notes write in lower case: no name
    "home/Boiler.md": "# Boiler\n\nBoiler: Worcester 30i. The boiler pressure dropped again; topped up the boiler "
                      "and bled the radiators.\n",
    "people/Maya Fischer.md": "# Maya Fischer\n\nCEO of Northpeak Bikes. Maya Fischer referred Raphael.\n",
}


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("latestnames")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _first(db, question: str, mode: str) -> tuple[str, dict]:
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search(question, RetrievalOptions(k=10, mode=mode))
    return result.results[0]["path"], result.to_dict()["latest"]


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25", "bm25"])
@pytest.mark.parametrize("question,first,names", [
    ("when did i last talk to sofia at halden?", "meetings/2026-11-20 Sofia check-in.md", ["sofia", "halden"]),
    ("When did I last talk to Sofia at Halden?", "meetings/2026-11-20 Sofia check-in.md", ["Sofia", "Halden"]),
    ("when did i last speak with sofia", "meetings/2026-11-20 Sofia check-in.md", ["sofia"]),
    ("when did i last contact maya", "meetings/2026-11-10 Northpeak call.md", ["maya"]),
    ("when did I last email Maya?", "meetings/2026-11-10 Northpeak call.md", ["Maya"]),
    ("when was the last time i phoned maya", "meetings/2026-11-10 Northpeak call.md", ["maya"]),
])
def test_a_name_in_lower_case_must_be_in_the_latest_note(vault, question, first, names, mode):
    path, latest = _first(vault, question, mode)
    assert path == first
    assert latest["names"] == names
    assert "planning/2026-12-01 Weekly planning.md" not in [n["path"] for n in latest["notes"]]


def test_the_index_knows_a_name_by_an_entity_s_key(vault):
    from minirag_cli import db as dbmod
    from minirag_cli.store.search import is_name

    conn = dbmod.connect(str(vault))
    try:
        assert conn.execute("SELECT 1 FROM entities WHERE key = 'boiler'").fetchone()  # known, as no name
        assert [w for w in ["sofia", "Maya", "halden", "northpeak", "bikes", "contacts", "memo", "2026", "maya%",
                            "boiler"] if is_name(conn, w)] == ["sofia", "Maya", "halden", "northpeak"]
    finally:
        conn.close()


def test_a_word_the_index_knows_as_no_name_is_still_a_term(vault):
    """"when did i last update the key contacts", "… top up the boiler": no name asked, the words choose the notes
    as before."""
    _path, latest = _first(vault, "when did i last update the key contacts", "hybrid")
    assert latest["names"] == [] and latest["terms"] == ["update", "key", "contacts"]
    _path, latest = _first(vault, "when did i last top up the boiler", "hybrid")
    assert latest["names"] == [] and latest["terms"] == ["top", "boiler"]


@pytest.mark.parametrize("question", [
    "when did i last contact maya", "when did i last email maya", "when did i last text maya",
    "when did i last message maya", "when did i last phone maya", "when i last rang maya",
    "when did i last chat with maya", "when have i last emailed maya", "when did i last ping maya",
    "when did i last ring maya", "when was the last time i texted maya",
])
def test_the_verb_of_reaching_someone_leaves_a_lower_case_name_a_name(question):
    assert latest_words(question, is_name={"maya"}.__contains__).names == ("maya",)


@pytest.mark.parametrize("question,terms", [
    ("when did i last buy a phone", ("buy", "phone")),
    ("when did i last get a new phone", ("new", "phone")),
    ("when did i last check my email", ("check", "email")),
    ("when did i last send a text message", ("send", "text", "message")),
    ("when did i last message the group chat", ("message", "group", "chat")),
    ("when did i last update my contact details", ("update", "contact", "details")),
])
def test_a_verb_of_reaching_no_one_is_the_thing_asked_about(question, terms):
    """"phone", "email", "text", "message", "chat", "contact" are nouns too: a term unless a name follows."""
    asked = latest_words(question, is_name={"maya", "chat"}.__contains__)
    assert asked.names == () and asked.terms == terms


@pytest.mark.parametrize("question,terms", [
    ("when did i last pay the plumber", ("pay", "plumber")),
    ("when did i last run", ("run",)),
    ("when did i last take ibuprofen", ("take", "ibuprofen")),
    ("when did i last water the garden", ("water", "garden")),
    ("when did i last wear the ring", ("wear", "ring")),  # a ring, not a call
])
def test_other_verbs_and_words_stay_terms(question, terms):
    """No name the index knows: read as before (a name is asked of the index, a word of no list)."""
    asked = latest_words(question, is_name={"maya", "sofia"}.__contains__)
    assert asked.names == () and asked.terms == terms


def test_only_words_the_index_knows_as_names_become_names():
    asked = latest_words("when did i last see dr okafor", is_name={"okafor"}.__contains__)
    assert asked.names == ("okafor",)  # a person's title says nothing against the name
    assert latest_words("when did i last see dr okafor").names == ()  # no index asked


@pytest.mark.parametrize("question", ["when did i last see cllr patel", "when did i last speak to supt patel"])
def test_an_office_title_says_nothing_against_the_name(question):
    """names32b/fixNB: `Cllr`, `Supt` are a person's titles as `Dr` is (text.OFFICE_TITLES)."""
    assert latest_words(question, is_name={"patel"}.__contains__).names == ("patel",)


@pytest.mark.parametrize("question", [
    "when did i last pay the electricity bill", "when did i last feed the rose bush",
    "when did i last back up the laptop to the external drive", "wann war ich zuletzt beim zahnarzt",
    "when did i last talk to sofia about the memo",
])
def test_a_lower_case_name_among_other_words_stays_a_term(question):
    """A word of the language the vault knows as a name too (a colleague Bill, a sister Rose, a `Drive` folder, a
    German noun): read as a name, a newer note of the person alone was the latest. Only a question of nothing
    but names reads them as names."""
    asked = latest_words(question, is_name={"bill", "rose", "drive", "zahnarzt", "sofia"}.__contains__)
    assert asked.names == ()


# a vault that knows words of the language as names: the older note says the thing, the newer ones the name
HOMONYMS = {
    "daily/2026-03-04.md": "- Paid the electricity bill (£84). Octopus again.\n",
    "daily/2026-03-06.md": "- Pruned the rose bush by the shed and fed it.\n",
    "daily/2026-03-09.md": "- Bill says the new spec is worse. Had lunch with Bill and two others.\n",
    "daily/2026-03-11.md": "- Called Rose about Easter. Rose is coming on the 4th.\n",
    "daily/2026-03-14.md": "- Drinks with Bill and Mark at the pub. Told Bill first.\n",
    "daily/2026-03-15.md": "- Rose sent photos of the baby. Told Rose we'd visit in May.\n",
    "daily/2026-02-04.md": "- Backed up the laptop to the external drive.\n",
    "daily/2026-02-13.md": "- Shared the Drive folder with Priya. Drive is full again.\n",
    "daily/2026-02-02.md": "- Uploaded the scans to Drive for Hope.\n",
    "journal/2026-02-03.md": "Heute beim Zahnarzt gewesen. Die Füllung hält. Danach mit Anna Kaffee.\n",
    "journal/2026-02-12.md": "Rechnung vom Zahnarzt bezahlt. Mit Anna telefoniert.\n",
    "people/Bill Turner.md": "# Bill Turner\n\nHead of Maths. Bill runs the exam board training.\n",
    "people/Rose Hughes.md": "# Rose Hughes\n\nMy sister. Rose lives in Leeds.\n",
}


@pytest.fixture(scope="module")
def homonyms(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("homonyms")
    write_notes(tmp / "notes", HOMONYMS)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("question,first", [
    ("when did i last pay the electricity bill", "daily/2026-03-04.md"),
    ("when did i last feed the rose bush", "daily/2026-03-06.md"),
    ("when did i last back up the laptop to the external drive", "daily/2026-02-04.md"),
    ("wann war ich zuletzt beim zahnarzt", "journal/2026-02-03.md"),
])
def test_a_word_the_vault_knows_as_a_name_too_still_finds_the_thing(homonyms, question, first):
    path, latest = _first(homonyms, question, "hybrid")
    assert path == first and latest["names"] == []


def test_a_homonym_asked_alone_is_read_as_a_name(homonyms):
    """"when did i last see bill": nothing but the name, which the notes write in capitals."""
    path, latest = _first(homonyms, "when did i last see bill", "hybrid")
    assert latest["names"] == ["bill"] and path == "daily/2026-03-14.md"
