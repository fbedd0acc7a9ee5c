"""Names the notes found hold otherwise written (unheld.py), through a synced index as `mrag ask --json` reads
them (Index.unheld_names, and prepare_answer, which declines an unheld name without the model): a short form
(`Xmas` of notes that write "Christmas fair"), a plural acronym (`NPCs` of notes in `NPCs/` tagged `npc`), a
possessive before an acronym (`PCs' AC`), a folder's or a file's name. Tester vaults of session 53 (family
organiser, GM, engineering manager) said each in no note found."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from minirag_cli.unheld import question_names, unheld_names
from tests.conftest import write_notes

NOTES = {
    # a family organiser's vault
    "Daily/2026-12-04.md": "---\ntags: [daily]\n---\n# 2026-12-04\nChristmas fair at school. Bought raffle tickets.\n",
    "Parties/Maya party.md": "# Maya turns 10\nBirthday party on Saturday at the climbing wall. Cake from Gail's.\n",
    "Family/Plans.md": "# Plans\nNYE at Gran's this year, lunch on the 25th at ours: turkey ordered.\n",
    # a GM's campaign: the NPCs' notes tagged `npc` (front matter and inline), the PCs' notes in `PCs/`
    "NPCs/Brother Osk.md": "---\ntags: [npc, ally]\n---\n# Brother Osk\nOld archivist monk. Knows the Cult of the "
                           "Ninth Bell uses the library's shrine.\n",
    "NPCs/Marisol Teague.md": "# Marisol Teague\n#npc Leader of the smugglers. Knows the Cult of the Ninth Bell "
                              "moves its people by sea.\n",
    "PCs/Kael.md": "---\ntags: [pc]\n---\n# Kael, played by Tom\nHuman fighter, level 5. AC 17, HP 44.\n",
    "PCs/Sefa.md": "# Sefa, played by Lena\nTiefling rogue, level 5. AC 15, HP 31.\n",
    # a note named only by its file
    "Factions/Tidewardens.md": "Smugglers of Port Ashvale. Charge the cult double.\n",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("vault")
    write_notes(tmp / "notes", NOTES)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as built:
        built.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as opened:
        yield opened


def unheld(index, question: str) -> list[str]:
    """What `mrag ask --json` says as `unheld` (Index.unheld_names), checked to be what the answer declines on."""
    from minirag_cli.options import RetrievalOptions

    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"))
    said = index.unheld_names(result)
    assert index.prepare_answer(result).unheld == said
    return said


@pytest.mark.parametrize("question, missing", [
    # a short form of what the notes spell out, and the reverse (unheld.SHORT_FORMS)
    ("when is the Xmas fair?", []),
    ("when is the X-mas fair?", []),
    ("where is Maya's Bday party?", []),
    ("where are we on New Year's Eve?", []),
    # a plural acronym held by its singular (a tag, inline or in front matter) and its folder
    ("which NPCs know about the Cult of the Ninth Bell?", []),
    ("which PCs are level 5?", []),
    # a possessive before an acronym: two names, each held (it was one, "PCs' AC", held by no note)
    ("what are the PCs' AC?", []),
    # a folder's or a file's name holds a name, as the note's text would
    ("who are the Tidewardens?", []),
    # truly absent names stay unheld, whatever the spelling
    ("which NPCs know about the Zorbian Dragons?", ["Zorbian Dragons"]),
    ("what are the PCs' THAC0?", ["THAC0"]),
    ("when is the Easter fair?", ["Easter"]),
    ("who are the Brightblades?", ["Brightblades"]),
])
def test_a_name_the_notes_found_write_otherwise_is_held(index, question, missing):
    assert unheld(index, question) == missing


def test_a_short_form_is_held_by_the_words_it_stands_for_only():
    notes = ["Christmas fair at school on Friday."]
    assert unheld_names("when is the Xmas fair?", notes) == []
    assert unheld_names("when is the Xmas fair?", ["The school fair is on Friday."]) == ["Xmas"]
    assert unheld_names("is Christmas lunch at ours?", ["Xmas lunch at ours, turkey ordered."]) == []
    assert unheld_names("is the Xmas lunch at ours?", ["X-mas lunch at ours."]) == []
    # an engineering manager's notes without Christmas: it stays unheld, nor does "Xmas" hold it
    assert unheld_names("what did we ship before Christmas?", ["Shipped the billing API on Friday."]) == ["Christmas"]
    assert unheld_names("what is planned for Xmas?", ["Planning: Q1 roadmap review."]) == ["Xmas"]
    # a short form is read as a whole word: "any evening" holds no NYE, nor New Year's Eve
    assert unheld_names("What did they watch on New Year's Eve?", ["Any evening works, said Tom."]) \
        == ["New Year's Eve"]
    assert unheld_names("What did they watch on New Year's Eve?", ["NYE: watched Inception."]) == []


def test_a_plural_acronym_is_held_by_its_singular():
    assert unheld_names("Which APIs changed?", ["The billing API changed its auth."]) == []
    assert unheld_names("Who reviewed the PRs?", ["PR #839 reviewed by Sam."]) == []
    assert unheld_names("Who reviewed the PRs?", ["Sam reviewed the design doc."]) == ["PRs"]
    assert unheld_names("Which NPCs came?", ["Tom came, the innkeeper too."]) == ["NPCs"]


@pytest.mark.parametrize("question, names", [
    ("what are the PCs' AC?", ["PCs", "AC"]),
    ("what is Qel'thara's HP?", ["Qel'thara's", "HP"]),
    ("what did they watch on New Year's Eve?", ["New Year's Eve"]),  # a possessive before a name: one name
    ("what about the Farmers' Market?", ["Farmers' Market"]),
])
def test_an_acronym_after_a_possessive_is_a_name_of_its_own(question, names):
    assert question_names(question) == names


def test_ask_json_holds_a_short_form(index, monkeypatch):
    """The tester's command: `mrag ask "when is the Xmas fair?" --json` said `"unheld": ["Xmas"]` over a note
    that writes "Christmas fair"."""
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(index.path))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    for question, missing in (("when is the Xmas fair?", []), ("when is the Easter fair?", ["Easter"])):
        result = CliRunner().invoke(app, ["ask", question, "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["unheld"] == missing, question


# review revF: a name cut off a possessive was held by its letters inside the notes' text run together ("pr" of
# "approved", "gp" of "big party"), and the question was no more declined
FAMILY = {
    "people/Tom.md": "# Tom\nTom approved the April budget for the new kitchen.\n",
    "people/Maya.md": "# Maya\nMaya turns 10. Big party planned at the climbing wall.\n",
}


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    tmp = tmp_path_factory.mktemp("family")
    write_notes(tmp / "notes", FAMILY)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as built:
        built.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as opened:
        yield opened


@pytest.mark.parametrize("question, missing", [
    ("what is Tom's PR number?", ["PR"]),
    ("who is Maya's GP?", ["GP"]),
    ("what did Tom's PM say?", ["PM"]),  # (held by no letters of the notes: unheld before too)
])
def test_a_name_cut_off_a_possessive_is_held_as_a_whole_word_only(family, question, missing):
    assert unheld(family, question) == missing


def test_a_name_cut_off_a_possessive_is_held_by_a_word_of_the_notes():
    assert unheld_names("what is Tom's PR number?", ["Tom's PR #839 merged on Friday."]) == []
    assert unheld_names("what is Tom's PR number?", ["Tom approved the April plan."]) == ["PR"]
    assert unheld_names("what is Tom's PR number?", ["Tomorrow we review the PR."]) == ["Tom's"]
    assert unheld_names("what are the PCs' AC?", ["The PCs' armour: AC 15."]) == []
