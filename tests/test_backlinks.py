"""backlinks.py: "which notes link to X?" ranks the notes linking to X first, X itself below them."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.backlinks import asked_link_target
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TODAY = dt.date(2026, 12, 7)

# a Zettelkasten: the affliction note says "affliction" most; four notes link to it by its ID, its whole name or a
# Markdown link, one only names it in prose (no backlink), one links to another note
VAULT = {
    "202611201012 Weil on affliction.md": "# Weil on affliction\n\nAffliction (malheur) is not suffering. Affliction "
        "marks the soul. The afflicted cannot be seen: attention to affliction is rare.\n\n#weil #affliction\n",
    "202610010900 Structure - Attention essay.md": "# Structure - Attention essay\n\n1. [[202611270830]] opening\n"
        "7. [[202611201012]] who we fail to see\n",
    "202610201000 Weil - Factory Journal (lit).md": "# Weil - Factory Journal (lit)\n\nShe came out of the factory "
        "with the mark of a slave [[202611201012]].\n",
    "202611151200 Weil - Gravity and Grace (lit).md": "# Weil - Gravity and Grace (lit)\n\nGrace fills empty "
        "spaces.\n\nSee [[202611201012 Weil on affliction]].\n",
    "202611191700 Weil and the Iliad.md": "# Weil and the Iliad\n\nForce turns anyone into a thing. Link to "
        "[Weil on affliction](202611201012%20Weil%20on%20affliction.md).\n",
    "202611270830 Distraction and the phone.md": "# Distraction and the phone\n\nAffliction of the divided gaze; "
        "I unlocked the phone 96 times. Weil on affliction says more.\n",
    "202612021100 Murdoch on Weil.md": "# Murdoch on Weil\n\nMurdoch borrowed attention from Weil. See "
        "[[202611270830]].\n",
    "Zoom.md": "# Zoom\n\nThe link to the zoom call: https://zoom.us/j/123. Link to the booking page too.\n",
}
AFFLICTION = "202611201012 Weil on affliction.md"
LINKING = {"202610010900 Structure - Attention essay.md", "202610201000 Weil - Factory Journal (lit).md",
           "202611151200 Weil - Gravity and Grace (lit).md", "202611191700 Weil and the Iliad.md"}


@pytest.fixture(scope="module")
def zettels(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("zettels")
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


def _notes(result) -> list[str]:
    notes: list[str] = []
    for r in result.results:
        if r["path"] not in notes:
            notes.append(r["path"])
    return notes


@pytest.mark.parametrize("mode", ["hybrid", "bm25", "dense,bm25", "dense"])
@pytest.mark.parametrize("question", [
    "which notes link to the affliction note?",
    "what links to Weil on affliction",
    "notes linking to [[202611201012]]",
    "backlinks for 202611201012 Weil on affliction",
    "where do I link to the affliction note?",
    "which notes mention [[202611201012 Weil on affliction]]?",
    "does anything link to 202611201012?",
])
def test_the_notes_linking_to_the_asked_note_come_first_and_the_note_after_them(zettels, question, mode):
    result = _search(zettels, question, mode)
    notes = _notes(result)
    assert set(notes[:4]) == LINKING
    assert notes[4] == AFFLICTION
    assert result.linked.path == AFFLICTION
    assert {p for _c, p in result.linked.linking} == LINKING
    first = result.results[0]
    assert first["ranked_by"] == "links" and first["channels"]["links"]["to"] == AFFLICTION


def test_a_note_naming_it_in_prose_is_no_backlink(zettels):
    result = _search(zettels, "which notes link to the affliction note?")
    assert "202611270830 Distraction and the phone.md" not in {p for _c, p in result.linked.linking}


def test_a_note_no_note_links_to_moves_nothing(zettels):
    question = "what links to Murdoch on Weil?"
    result = _search(zettels, question)
    assert result.linked.path == "202612021100 Murdoch on Weil.md" and result.linked.linking == []
    assert all("links" not in r["channels"] for r in result.results)


@pytest.mark.parametrize("question", [
    "what's the link to the zoom call", "link to the booking", "how are weil and murdoch linked",
    "the link between weil and murdoch", "what links Weil to Murdoch", "which notes mention affliction",
])
def test_other_questions_of_links_move_nothing(zettels, question):
    assert _search(zettels, question).linked is None


@pytest.mark.parametrize("question,name", [
    ("which notes link to the affliction note?", "affliction note"),
    ("What links to Project Atlas?", "Project Atlas"),
    ("Which pages are linking to my Atlas page", "Atlas page"),
    ("notes that link to [[Unselfing]]", "[[Unselfing]]"),
    ("show me all the notes that link to Atlas", "Atlas"),
    ("what are the backlinks of Atlas?", "Atlas"),
    ("where is Unselfing linked from?", "Unselfing"),
    ("which other notes link back to Unselfing in my vault?", "Unselfing"),
    ('list the notes that are linked to "Slow reading"', "Slow reading"),
    ("do any notes link to the atlas page?", "atlas page"),
    ("which notes mention [[Unselfing]]", "[[Unselfing]]"),
])
def test_asked_link_target(question, name):
    assert asked_link_target(question) == name


@pytest.mark.parametrize("question", [
    "what's the link to the zoom call", "link to the booking", "how are X and Y linked",
    "the link between weil and murdoch", "what links Weil to Murdoch", "what links weil and murdoch?",
    "which notes mention hopkins", "send me the link to the form", "where is the zoom link",
    "what did I link in the atlas note", "does anyone have the link to the form",
    "where did I put the link to the form", "is the link to the form working",
    # evidence and relations, not backlinks (review of session 57)
    "what pointed to the outage?", "what points to burnout?", "what points to the car being stolen?",
    "who pointed to the risk first?", "what linked to the crash in the logs?", "what is linked to my Google account?",
    "who is linked to the Enron case?", "is anything linked to my account?", "where is the form linked to?",
    "what links to it?", "which notes link to this?",
])
def test_not_asked_link_target(question):
    assert asked_link_target(question) is None


def test_explain_and_the_list_say_what_it_links_to(zettels):
    from minirag_cli.format import explain_lines

    first = _search(zettels, "which notes link to the affliction note?").results[0]
    assert f"links: it links to {AFFLICTION}, the note the question asks the backlinks of" in explain_lines(first)


def test_ask_says_the_notes_linking_to_it_are_listed_first(zettels, monkeypatch):
    import json

    from typer.testing import CliRunner

    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(zettels))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    out = CliRunner().invoke(app, ["ask", "which notes link to the affliction note?", "--json", "--no-answer"])
    assert out.exit_code == 0, out.output
    results = json.loads(out.stdout)["results"]
    assert [r.get("ranked_by") for r in results[:4]] == ["links"] * 4 and "ranked_by" not in results[4]
    assert f"notes linking to {AFFLICTION}: 4, listed first, the note itself after them" in out.stderr
    out = CliRunner().invoke(app, ["ask", "which notes link to the affliction note?", "--no-answer"])
    assert out.exit_code == 0, out.output
    assert "links to 202611201012 Weil on affliction, score" in out.stdout.split(" 2. ")[0]
    out = CliRunner().invoke(app, ["ask", "what links to Murdoch on Weil?", "--json", "--no-answer"])
    assert "no note links to 202612021100 Murdoch on Weil.md: the question is searched as written" in out.stderr


# the review's cases: a name whose last word is a kind word, a lower-case one-word note, two notes of one name, a hub
# linked from more notes than the list holds
NAMES = {
    "Index.md": "# Index\n\nThe index of the vault.\n",
    "Index card.md": "# Index card\n\nAn index card holds one idea.\n",
    "Start.md": "# Start\n\nBegin at [[Index]] or at [[Index card]].\n",
    "Zettel.md": "# Zettel\n\nEach zettel is an [[Index card]].\n",
    "ideas.md": "# ideas\n\n- a kite\n- a boat\n",
    "Daily/2026-12-01.md": "# 2026-12-01\n\nMore for [[ideas]]: a sled.\n",
    "Projects/Atlas.md": "# Atlas\n\nThe Atlas launch project.\n",
    "Archive/Atlas.md": "# Atlas\n\nThe old Atlas, archived. Atlas Atlas.\n",
    "Log.md": "# Log\n\nWorked on [[Atlas]] today.\n",
    "Old.md": "# Old\n\nSee [[Archive/Atlas]].\n",
    "Older.md": "# Older\n\nRead [the old one](Archive/Atlas.md).\n",
    "Hub.md": "# Hub\n\nThe hub.\n",
    "Journal.md": "# Journal\n\nMet [[Ann Lee]], [[Bo Park]], [[Cy Dunn]]; then back to [[Hub]].\n",
    **{f"Spoke {n}.md": f"# Spoke {n}\n\nBack to [[Hub]], spoke {n}.\n" for n in range(8)},
}


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("names")
    write_notes(tmp / "notes", NAMES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("question,note,linking", [
    ("which notes link to Index card?", "Index card.md", {"Start.md", "Zettel.md"}),
    ("what links to the Index note?", "Index.md", {"Start.md"}),  # no note "Index note": its kind word cut
    ("what links to ideas?", "ideas.md", {"Daily/2026-12-01.md"}),  # a lower-case one-word note
    ("what links to Archive/Atlas?", "Archive/Atlas.md", {"Old.md", "Older.md"}),  # `[[Atlas]]` names neither Atlas
])
def test_the_whole_name_first_and_a_lower_case_note(names, question, note, linking):
    result = _search(names, question)
    assert result.linked.path == note and not result.linked.same_name
    assert {p for _c, p in result.linked.linking} == linking
    notes = _notes(result)
    assert set(notes[:len(linking)]) == linking and notes[len(linking)] == note


def test_two_notes_of_the_name_asked_move_nothing(names):
    result = _search(names, "what links to Atlas?")
    assert sorted(result.linked.same_name) == ["Archive/Atlas.md", "Projects/Atlas.md"]
    assert result.linked.linking == [] and all("links" not in r["channels"] for r in result.results)


def test_the_asked_note_stays_in_the_list_when_more_notes_link_to_it(names):
    with Index.open(effective({"db": str(names), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        result = index.search("which notes link to Hub?", RetrievalOptions(k=5), today=TODAY)
    notes = _notes(result)
    assert len(result.linked.linking) == 4 and result.linked.total == 9
    assert all(n.startswith("Spoke") for n in notes[:4]) and notes[4] == "Hub.md"
    from minirag_cli.commands.ask import _backlinks_note

    said = "notes linking to Hub.md: 9, the first 4 listed first, the note itself after them"
    assert _backlinks_note(result.linked) == said


def test_links_to_other_notes_are_not_looked_up_one_by_one(names, monkeypatch):
    # a journal's hundreds of `[[Person]]` links before `[[Hub]]`: each looked up read every document (review: tens
    # of seconds at 10k notes); only a link whose letters are in the asked note's path is looked up
    import minirag_cli.store.lookup as lookup

    looked_up: list[str] = []
    real = lookup._notes_named

    def counting(conn, given):
        looked_up.append(given)
        return real(conn, given)

    monkeypatch.setattr(lookup, "_notes_named", counting)
    result = _search(names, "which notes link to Hub?")
    assert "Journal.md" in {p for _c, p in result.linked.linking}
    assert not {"Ann Lee", "Bo Park", "Cy Dunn"} & set(looked_up)
