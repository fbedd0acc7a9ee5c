"""Heuristic rules 20 and readers 9, qa33's part (a Bear / Ulysses / iA Writer user): a TextBundle
(`Trip to Lisbon.textbundle/` holding `text.md`, `info.json` and `assets/`) is the note its bundle
names. Every bundle's note was `text.md`, named by nothing, so `[[Trip to Lisbon]]` joined no note,
`mrag show "Trip to Lisbon"` found nothing, and a bundle named by a date was undated. Bear's tag of
several words (`#reading list#`) was `#reading`, and the marks of a `::highlight::` or `==mark==`
hid the start of the sentence inside them (`::Ask about the tiles::` named Ask). A bundle's
`info.json` was listed as skipped in every bundle, a `.textpack` skipped with no word of why."""

from __future__ import annotations

import zipfile

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor, link_target, markdown_link_target, note_name
from minirag_cli.store.lookup import find_document
from minirag_cli.text import bundle_path, name_date
from minirag_cli.walk import READER_VERSION, TEXTPACK_REASON
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync

INFO = '{"version": 2, "type": "net.daringfireball.markdown", "creatorIdentifier": "net.shinyfrog.bear"}\n'


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text)}


def test_the_versions():
    assert VERSION >= 20 and READER_VERSION >= 9


@pytest.mark.parametrize("path, note", [
    ("Trip to Lisbon.textbundle/text.md", "Trip to Lisbon.md"),
    ("travel/Trip to Lisbon.TextBundle/text.markdown", "travel/Trip to Lisbon.markdown"),
    ("Morning pages 2026-11-02.textbundle/text.txt", "Morning pages 2026-11-02.txt"),
    ("Trip to Lisbon.textbundle/assets/notes.md", "Trip to Lisbon.textbundle/assets/notes.md"),  # no bundle's text
    ("text.md", "text.md"),
])
def test_a_bundles_text_is_the_note_its_bundle_names(path, note):
    assert bundle_path(path) == note


def test_a_bundle_names_and_dates_its_note():
    assert note_name("Trip to Lisbon.textbundle/text.md").name == "Trip to Lisbon"
    assert note_name("travel/Trip to Lisbon.textbundle/text.md").name == "Trip to Lisbon"
    assert note_name("notes/text.md") is None  # a plain `text.md` is a single lower-case word, as before
    assert name_date("Morning pages 2026-11-02.textbundle/text.txt") == "2026-11-02"
    # Obsidian's link by path leaves the extension out (review revS: it named `text`)
    for target in ("Trip to Lisbon.textbundle", "Trip to Lisbon.textbundle/text.md", "Trip to Lisbon.textbundle/text",
                   "trips/Trip to Lisbon.textbundle/text#Day 1"):
        assert link_target(target).name == "Trip to Lisbon", target
    for target in ("Trip%20to%20Lisbon.textbundle/text.md", "../Trip%20to%20Lisbon.textbundle/"):
        assert markdown_link_target(target).name == "Trip to Lisbon", target
    assert markdown_link_target("Trip%20to%20Lisbon.textbundle/assets/IMG_0042.jpg") is None


def test_bear_tags_of_several_words():
    found = names("# Book notes\n\n#reading list# #books/fiction #work/big plans#\n\nRichard Powers writes.\n")
    assert {"#reading list", "#books/fiction", "#work/big plans"} <= found
    assert "#reading" not in found and "#work/big" not in found
    assert names("We code #dotnet in C# daily.") == {"#dotnet"}  # C#: a language, no tag's end


@pytest.mark.parametrize("text, gone, kept", [
    ("#home\n\nThe contractor quoted.\n\n::Ask about the tile delivery::\n", "Ask", "#home"),
    ("Intro.\n\n==Must try the nata at Manteigaria==\n", "Must", "Manteigaria"),
    ("Quinta do Crasto, a Douro red. ::Superb with the octopus.::\n", "Superb", "Quinta do Crasto"),  # whole since rules 27 (`do`)
    # the text's first word (review revS: blanks alone before it were no sentence's start)
    ("==Must visit Sintra== with Marta Silva.\n", "Must", "Marta Silva"),
    ("::Ask about the tiles:: with Marta Silva.\n", "Ask", "Marta Silva"),
    ("  Must try the nata with Marta Silva.\n", "Must", "Marta Silva"),
])
def test_highlight_marks_hide_no_sentence_start(text, gone, kept):
    found = names(text)
    assert gone not in found and kept in found, found  # the marks are blanked, not the text they mark


def test_logseq_properties_and_equality_are_no_marks():
    assert "Gardening" in names("title:: Gardening\nWe dug the beds.\n")
    assert "Nadia" in names("Then Nadia said a == b == c at lunch.\n")


def _notes(db_path):
    conn = db.connect(db_path)
    try:
        return {(name, path) for name, path in conn.execute(
            "SELECT DISTINCT e.name, d.path FROM entities e JOIN mentions m ON m.entity_id = e.id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
    finally:
        conn.close()


def test_a_link_joins_the_bundles_note(tmp_path):
    root = tmp_path / "bear"
    write_notes(root, {
        "Trip to Lisbon.textbundle/text.md": "# Trip to Lisbon\n\nFlights with TAP. See [[Packing list]].\n",
        "Trip to Lisbon.textbundle/info.json": INFO,
        "Packing list.textbundle/text.md": "# Packing list\n\n- [ ] Sunscreen\n\nBack to [[Trip to Lisbon]].\n",
        "Packing list.textbundle/info.json": INFO,
        "Fado evening.md": "# Fado evening\n\nMarta took us to Mouraria. [Trip](Trip%20to%20Lisbon.textbundle/text.md)\n",
        # Obsidian's link by path, no extension (review revS: every such link joined one `text` entity)
        "Sintra day.md": "# Sintra day\n\nThe train from Rossio, after [[Trip to Lisbon.textbundle/text]].\n",
    })
    with zipfile.ZipFile(root / "Sintra.textpack", "w") as z:
        z.writestr("Sintra.textbundle/text.md", "# Sintra\n")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["Fado evening.md", "Packing list.textbundle/text.md", "Sintra day.md",
                       "Trip to Lisbon.textbundle/text.md"]
    notes = _notes(tmp_path / "index.sqlite")
    # the bundle's note, the link in the other bundle and the Markdown link to its text: one entity
    assert {("Trip to Lisbon", "Trip to Lisbon.textbundle/text.md"), ("Trip to Lisbon", "Packing list.textbundle/text.md"),
            ("Trip to Lisbon", "Fado evening.md"), ("Trip to Lisbon", "Sintra day.md"),
            ("Packing list", "Packing list.textbundle/text.md"),
            ("Packing list", "Trip to Lisbon.textbundle/text.md")} <= notes
    assert not [n for n, _p in notes if n.lower() == "text"]
    # the bundles' info.json passed over unlisted; the textpack listed, saying what it is
    assert summary.skipped == [{"path": "Sintra.textpack", "reason": TEXTPACK_REASON}]
    assert summary.system_files == 2
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        for given in ("Trip to Lisbon", "Trip to Lisbon.textbundle", "Trip to Lisbon.textbundle/", "[[trip to lisbon]]"):
            assert find_document(conn, given)["path"] == "Trip to Lisbon.textbundle/text.md", given  # qa58: opens
    finally:
        conn.close()


def test_ia_writer_content_blocks():
    """iA Writer's content block, a line `/Chapter 2.md` (its preview transcludes the note there), links to the
    note, and the path of one to a table or an image names nothing; its title is a caption (rules 20: `/Chapter 2.md`
    named Chapter, the caption in quotes was a work)."""
    text = ("# Novel outline\n\nInês Carvalho, a translator.\n\n/Chapter 2.md\n\n"
            "/assets/photo-miradouro.jpg \"The view from Santa Luzia\"\n/assets/Budget Table.csv\n")
    found = {(m.name, m.type) for m in HeuristicExtractor().extract_one(text)}
    assert ("Chapter 2", "name") in found and ("Santa Luzia", "name") in found
    # (a `.csv` is a note since readers 12, csvnotes.py: its block links to it as to `/Chapter 2.md`)
    assert ("Budget Table", "name") in found
    assert not {name for name, _t in found} & {"Chapter", "The view from Santa Luzia", "Budget"}
    # only a line of its own: a path in a sentence is the sentence's
    assert ("Chapter 2", "name") not in {(m.name, m.type) for m in
                                         HeuristicExtractor().extract_one("Moved /Chapter 2.md to drafts.\n")}


def test_highlight_marks_are_read_in_one_pass():
    """A long line of marks that open and never close (`a ==b ` 20,000 times) is read in linear time (a lazy
    regex from each mark to its line's end took 80 s); offsets are kept."""
    import time

    from minirag_cli.extract.heuristic import without_highlight_marks
    line = "a ==b " * 20000
    started = time.perf_counter()
    assert without_highlight_marks(line) == line
    assert time.perf_counter() - started < 2
    assert without_highlight_marks("::x:: and ==y==, not a == b\n::open\nclosed::") == \
        "  x   and   y  , not a == b\n::open\nclosed::"
