"""Which lines the answer model reads when the notes' lines are at hand
(answer.select_lines / make_sources with `note_lines` and
AnswerOptions.context, per_note, before): the lines around a retrieved
chunk in its note compete, the line after a chosen one is the note's next
line even past the chunk's end, and a note's lines are rebuilt from its
chunks (store.note_lines). Hand-made results for the selection logic (no
embedder: lines are ranked by their words and rank); a real small index for
the rebuilt lines."""

from __future__ import annotations

import pytest

from minirag_cli import answer as ans
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.store import note_lines
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

PICNIC = [
    "Time: 20260301_10:00",
    "MayaLin: Shall we plan the picnic for the weekend?",
    "TomBaker: Sure, Saturday works for me.",
    "MayaLin: Great, the park by the river then.",
    "TomBaker: I'll bring lemonade and a frisbee to the picnic.",
    "MayaLin: Perfect, see you there.",
]
GARDEN = [
    "Time: 20260310_09:00",
    "AdamSmith: The garden needs new benches.",
    "TomBaker: I can bring my toolbox on Sunday.",
]
NOTES = {"week9/20260301_1000.txt": PICNIC, "week10/20260310_0900.txt": GARDEN}
HEADS = {1: PICNIC[0], 2: GARDEN[0]}


def _result(rank: int, chunk_id: int, path: str, start: int, end: int) -> dict:
    return {"rank": rank, "chunk_id": chunk_id, "path": path, "lines": [start, end],
            "text": "\n".join(NOTES[path][start - 1:end])}


# retrieval found the picnic note by its first chunk (lines 1-3), not by the line that answers
RESULTS = [_result(1, 1, "week9/20260301_1000.txt", 1, 3), _result(2, 2, "week10/20260310_0900.txt", 1, 3)]
Q = "What will Tom bring to the picnic, lemonade?"


def _lines(notes):
    return {(root, p): NOTES[p] for root, p in notes if p in NOTES}


def _sources(question=Q, results=RESULTS, **options):
    return ans.make_sources(question, results, note_heads=HEADS, options=ans.AnswerOptions(**options),
                            note_lines=_lines)


def test_the_retrieved_chunk_alone_misses_the_answer_line():
    for got in (_sources(), ans.make_sources(Q, RESULTS, note_heads=HEADS)):  # default: the chunk's lines only
        assert "lemonade" not in "\n".join(s["text"] for s in got)


def test_lines_around_the_chunk_compete_and_bring_the_next_line_of_the_note():
    # context 2: lines 1-5 compete; the chosen line 5 brings line 6, which lies past the window
    got = _sources(context=2, lines=1)
    assert got == [{"n": 1, "path": "week9/20260301_1000.txt", "root": None, "chunk_id": 1, "date": "2026-03-01 10:00",
                    "text": "TomBaker: I'll bring lemonade and a frisbee to the picnic.\n"
                            "MayaLin: Perfect, see you there."}]
    # context 1 stops at line 4: the answer line is not reachable
    assert "lemonade" not in "\n".join(s["text"] for s in _sources(context=1, lines=1))
    # the whole note (None) reaches it too
    assert "lemonade" in _sources(context=None, lines=1)[0]["text"]


def test_a_gap_in_the_note_is_marked_and_lines_keep_the_notes_order():
    got = _sources(context=None, lines=3)
    text = got[0]["text"].splitlines()
    assert text[0].startswith("MayaLin: Shall we plan the picnic") and "..." in text
    assert text.index("...") < text.index("TomBaker: I'll bring lemonade and a frisbee to the picnic.")
    assert "Time:" not in got[0]["text"]  # the date line stays in the header


def test_at_most_per_note_lines_leaves_room_for_the_next_note():
    q = "Does Tom plan the picnic on Saturday with lemonade, or fix benches?"
    crowded = _sources(q, context=None, lines=2)
    assert [s["path"] for s in crowded] == ["week9/20260301_1000.txt"]
    spread = _sources(q, context=None, lines=2, per_note=1)
    assert [s["n"] for s in spread] == [1, 2]
    assert "lemonade" in spread[0]["text"] and "benches" in spread[1]["text"]


def test_before_brings_the_line_before_a_chosen_one():
    got = _sources(context=None, lines=1, before=True)[0]["text"].splitlines()
    assert got == ["MayaLin: Great, the park by the river then.",
                   "TomBaker: I'll bring lemonade and a frisbee to the picnic.", "MayaLin: Perfect, see you there."]


def test_without_the_notes_lines_context_falls_back_to_the_chunks():
    got = ans.make_sources(Q, RESULTS, note_heads=HEADS, options=ans.AnswerOptions(context=None, lines=1))
    assert "lemonade" not in got[0]["text"] and got[0]["text"]


@pytest.mark.parametrize("overlap", [2, 0])
def test_note_lines_rebuilds_notes_from_chunks_cut_mid_line(tmp_path, overlap):
    text = ("Time: 20260301_10:00\n"
            "MayaLin: Shall we plan the picnic for the weekend at the park by the river, with everyone?\n"
            "TomBaker: Sure, Saturday works for me, and I'll bring lemonade and a frisbee and some sandwiches.\n"
            "\n"
            "MayaLin: Perfect, see you there.\n")
    write_notes(tmp_path / "notes", {"week9/picnic.txt": text})
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=8, overlap_tokens=overlap),
                   extractor=HeuristicExtractor())
        spans = index.conn.execute("SELECT start_line, end_line FROM chunks ORDER BY seq").fetchall()
        assert len(spans) > 4 and any(a == b for a, b in spans)  # lines were cut across chunks
        root = str((tmp_path / "notes").resolve())
        got = note_lines(index.conn, [(root, "week9/picnic.txt"), (root, "not/there.txt"), ("/elsewhere", "week9/picnic.txt")])
    assert got == {(root, "week9/picnic.txt"): text.rstrip("\n").split("\n")}


def test_note_lines_keeps_the_line_ends_between_chunks_without_overlap(tmp_path):
    """--overlap 0: chunks cut at line ends, and the line ends between two
    chunks belong to neither; they came back as spaces, joining the last line
    of one chunk with the first of the next ("line one has words line two")."""
    text = "line one has words\nline two has words\n\nline four words here\nline five\n"
    write_notes(tmp_path / "notes", {"list.md": text})
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=6, overlap_tokens=0),
                   extractor=HeuristicExtractor())
        assert index.conn.execute("SELECT count(*) FROM chunks").fetchone()[0] == 3
        root = str((tmp_path / "notes").resolve())
        got = note_lines(index.conn, [(root, "list.md")])
    assert got == {(root, "list.md"): text.rstrip("\n").split("\n")}


def test_two_synced_folders_with_the_same_path_are_two_notes(tmp_path):
    # two synced folders that both hold todo.md: the model read one note's lines under the other's
    # date, merged into one source (and with `context`, only one note's lines came back at all)
    notes = {"a": "Time: 20260101_10:00\nIngrid: I will paint the red kayak on Sunday.\n",
             "b": "Time: 20260202_10:00\nTomas: I sold the blue kayak at the market.\n"}
    for name, text in notes.items():
        write_notes(tmp_path / name, {"todo.md": text})
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "a", tmp_path / "b"], SyncOptions(), extractor=HeuristicExtractor())
        result = index.search("Who has a kayak?")
        assert [r["path"] for r in result.results] == ["todo.md", "todo.md"]
        roots = {str((tmp_path / n).resolve()) for n in notes}
        assert set(note_lines(index.conn, [(r, "todo.md") for r in roots])) == {(r, "todo.md") for r in roots}
        for context in (-1, 0):
            sources = index.prepare_answer(result, answer_options=ans.AnswerOptions(context=context)).sources
            assert len(sources) == 2, sources
            for s in sources:  # one note each, under its own date
                assert ("Ingrid" in s["text"]) != ("Tomas" in s["text"]), sources
                assert s["date"][:10] == ("2026-01-01" if "Ingrid" in s["text"] else "2026-02-02"), sources


def test_the_line_after_a_heading_is_the_first_line_under_it():
    """A person note: `# Greta Lindqvist`, a blank line, then what it says of
    her. The heading, chosen for the name the question holds, brought the
    blank line after it, which is dropped: the model read the name alone
    and declined. Blank lines are passed over, in the chunk's lines and in
    the note's."""
    greta = ["# Greta Lindqvist", "", "Swedish, grew up in Uppsala.", "", "Moved to Lisbon in May 2026."]
    path = "people/greta.md"
    result = {"rank": 1, "chunk_id": 7, "path": path, "lines": [1, 5], "text": "\n".join(greta)}
    question = "Where did Greta Lindqvist grow up?"
    for context in (-1, None):
        got = ans.make_sources(question, [result], note_heads={7: greta[0]},
                               options=ans.AnswerOptions(context=context, lines=1),
                               note_lines=lambda keys: {k: greta for k in keys})
        assert got[0]["text"].splitlines() == ["Greta Lindqvist", "Swedish, grew up in Uppsala."], context


def test_a_heading_brought_after_a_chosen_line_brings_its_list():
    """A Notion page: a link line that names the trip (in its URL) is chosen
    and brings the next line, the `## To do` heading; the heading's list was
    left out, and the model answered "what's still to do for the trip?" with
    "To do [2]". The heading brings the list under it (LIST_ITEMS at most),
    in the chunk's lines and in the note's."""
    page = ["# Trip to Lisbon", "", "[Itinerary](Trip%20to%20Lisbon/Itinerary.md)", "", "## To do", "",
            "- [x] Book flights", "- [ ] Buy travel insurance", "1. Ask Priya for her Sintra tips", "",
            "Flights 240 EUR."]
    path = "Notion/Trip to Lisbon.md"
    result = {"rank": 1, "chunk_id": 7, "path": path, "lines": [1, len(page)], "text": "\n".join(page)}
    for context in (-1, None):
        got = ans.make_sources("what about the trip to Lisbon itinerary?", [result], note_heads={7: page[0]},
                               options=ans.AnswerOptions(context=context, lines=1),
                               note_lines=lambda keys: {k: page for k in keys})
        assert got[0]["text"].splitlines() == [
            "[Itinerary](Trip%20to%20Lisbon/Itinerary.md)", "To do", "- [x] Book flights",
            "- [ ] Buy travel insurance", "1. Ask Priya for her Sintra tips"], context
    # a list past LIST_ITEMS is cut; a heading followed by a paragraph brings its first line (was nothing)
    long = page[:6] + [f"- item {n}" for n in range(ans.LIST_ITEMS + 3)]
    result = dict(result, lines=[1, len(long)], text="\n".join(long))
    got = ans.make_sources("what about the trip to Lisbon itinerary?", [result], note_heads={7: long[0]},
                           options=ans.AnswerOptions(lines=1))
    assert got[0]["text"].splitlines()[2:] == [f"- item {n}" for n in range(ans.LIST_ITEMS)]
    prose = page[:6] + ["Nothing yet.", "- [ ] a list after the paragraph"]
    result = dict(result, lines=[1, len(prose)], text="\n".join(prose))
    got = ans.make_sources("what about the trip to Lisbon itinerary?", [result], note_heads={7: prose[0]},
                           options=ans.AnswerOptions(lines=1))
    assert got[0]["text"].splitlines() == ["[Itinerary](Trip%20to%20Lisbon/Itinerary.md)", "To do", "Nothing yet."]
