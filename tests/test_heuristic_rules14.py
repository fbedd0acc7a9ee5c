"""Heuristic rules 14: the names a journal keeper's QA and a code review left wrong. A role label
(`Husband: Arjun`) names the person, not the role; a journal's verb opening a line (`Planned
Aisha's party`) is no part of the name after it; a street's `St.` ends its place (`Baker St.
Priya`); the Admonition plugin's ```` ```ad-note ```` fences hold prose; a name's mentions are
counted in prose, not code; the llm extractor's model reads no code; a canvas is linked to and a
default drawing name names nothing. Each case failed on main at a1cdb60."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor, chat_speakers


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def mentions_by_note(conn) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for name, path, count in conn.execute(
            "SELECT e.name, d.path, m.count FROM mentions m JOIN entities e ON e.id = m.entity_id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.type != 'date'"):
        out.setdefault(path, {})
        out[path][name] = out[path].get(name, 0) + count
    return out


# -- 1. a role label names the person after it ----------------------------------------------------

@pytest.mark.parametrize("text, found", [
    ("Husband: Arjun", {"Arjun"}),  # was Husband and Arjun
    ("Wife: Maria", {"Maria"}),
    ("Mom: Linda", {"Linda"}),
    ("Boss: Tom Baker", {"Tom Baker"}),
    ("Husband: Arjun\nWife: Maria\nMom: Linda\nBoss: Tom Baker\n", {"Arjun", "Maria", "Linda", "Tom Baker"}),
    ("- **Landlord:** Mr. Okafor", {"Okafor"}),
    ("Mom: call back about Sunday lunch.", set()),
])
def test_a_role_label_names_the_person_not_the_role(text, found):
    assert names(text) == found


def test_a_role_is_no_chat_speaker_but_a_chat_s_names_speak():
    diary = "Notes from the week.\nHusband: Arjun is away.\nHusband: back on Friday.\n"
    assert chat_speakers(diary) == frozenset()  # was {Husband}: a chat whose person was Husband
    assert "Husband" not in names(diary)
    chat = "LiHua: are you coming?\nAdamSmith: yes, with Arjun\nLiHua: great\n"
    assert chat_speakers(chat) == {"LiHua", "AdamSmith"}
    assert {m.name: m.type for m in HeuristicExtractor().extract_one(chat)}["LiHua"] == "person"


# -- 2. a journal's verb opening a line is no part of the name after it -----------------------------

@pytest.mark.parametrize("text, found", [
    ("Planned Aisha's birthday party.", {"Aisha"}),  # was "Planned Aisha"
    ("- Planned Aisha's farewell party with Tom.", {"Aisha", "Tom"}),
    ("Booked Lisbon for the long weekend.", {"Lisbon"}),  # was "Booked Lisbon"
    ("Drove Tom to the airport at six.", {"Tom"}),
    ("Hosted Priya and Marc for dinner.", {"Priya", "Marc"}),
    ("Plan Aisha's party before Friday.", {"Aisha"}),  # an imperative: a to-do line
    ("Text Priya about the keys.", {"Priya"}),
    ("Called Priya about the move.", {"Priya"}),  # as before
    ("Met Tom at the station.", {"Tom"}),
])
def test_a_journal_s_verb_opening_a_line_is_no_part_of_the_name(text, found):
    assert names(text) == found


@pytest.mark.parametrize("text, name", [
    ("Alfred Hitchcock films all weekend.", "Alfred Hitchcock"),
    ("Jared Harris was great in it.", "Jared Harris"),
    ("Ahmed Khan joined the call.", "Ahmed Khan"),
    ("United Kingdom rules apply.", "United Kingdom"),
    ("We planned it. Planned Parenthood called; I told Planned Parenthood no.", "Planned Parenthood"),
    ("Drew Barrymore was on TV.", "Drew Barrymore"),
])
def test_a_real_two_word_name_is_kept(text, name):
    assert name in names(text)


# -- 3. a street's St. ends its place ---------------------------------------------------------------

@pytest.mark.parametrize("text, found", [
    ("Lunch at Baker St. Priya Raman joined us.", {"Baker St", "Priya Raman"}),  # was "Baker St. Priya Raman"
    ("Went to Baker St. Priya was there.", {"Baker St"}),  # Priya opens a sentence: a name if written so elsewhere
    ("Went to Baker St. Priya was there, and Priya paid.", {"Baker St", "Priya"}),
    ("Lunch on Baker St. Tom Baker and Priya Raman came.", {"Baker St", "Tom Baker", "Priya Raman"}),
    ("Visited St. Paul's Cathedral with Sam.", {"St. Paul's Cathedral", "Sam"}),  # as before
    ("The Church of St. Mary is old.", {"Church of St. Mary"}),
    ("Climbed Mt. Fuji with Ken Sato.", {"Mt. Fuji", "Ken Sato"}),
])
def test_a_street_s_abbreviation_ends_the_place(text, found):
    assert names(text) == found


# -- 4. the Admonition plugin's fences hold prose ---------------------------------------------------

@pytest.mark.parametrize("fence", ["ad-note", "ad-warning", "ad-tip", "ad-quote", "ad-mycustom"])
def test_an_admonition_fence_holds_prose(fence):
    text = f"Morning.\n```{fence}\ntitle: Today\nMet Priya Raman at the Kestrel Cafe.\n```\nThen Tom Baker came.\n"
    assert names(text) == {"Priya Raman", "Kestrel Cafe", "Tom Baker"}  # was Tom Baker alone


def test_an_admonition_s_links_link_and_its_code_is_code():
    from minirag_cli.extract.mdcode import code_ranges

    text = ("````ad-note\nSee [[Harbour Hall]] and `Priya Raman` here.\n```python\nFoo Bar = 1\n```\n"
            "And Lisa Brandt.\n````\n```\nLog Entry\n```\nKen Sato.\n")
    assert names(text) == {"Harbour Hall", "Lisa Brandt", "Ken Sato"}
    assert text[slice(*code_ranges(text)[0])] == "````ad-note"  # its opening line a mark, not a block


def test_a_chunk_starting_inside_an_admonition_reads_its_close_as_a_close():
    from minirag_cli.extract.mdcode import chunk_readings

    note = "Intro by Anna Weber.\n```ad-note\nMet Priya Raman today.\nAlso Tom Baker.\n```\nThen Lisa Brandt left.\n"
    at = note.index("Also")
    chunks = [SimpleNamespace(start_char=0, end_char=at, start_line=1, end_line=3, text=note[:at]),
              SimpleNamespace(start_char=at, end_char=len(note), start_line=4, end_line=7, text=note[at:])]
    read = chunk_readings(chunks)
    # read alone, the closing ``` opened a code block: Lisa Brandt was code
    assert names(read[1]) == {"Tom Baker", "Lisa Brandt"}
    assert names(read[0]) == {"Anna Weber", "Priya Raman"}


# -- 5. mentions are counted in prose ---------------------------------------------------------------

def test_a_name_s_mentions_are_counted_in_prose_not_code(tmp_path):
    from minirag_cli import db
    from tests.conftest import write_notes
    from minirag_cli.sync import sync_folders
    from tests.test_heuristic_version import OPTIONS, HashingEmbedder

    log = "\n".join(f"Marc Dupont {i}" for i in range(4))
    root = tmp_path / "vault"
    write_notes(root, {"run.md": f"Ran the job with Marc Dupont.\n\n```\n{log}\n```\n\nDone, `Marc Dupont` said.\n",
                       "plain.txt": "Marc Dupont called. Marc Dupont again.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=dataclasses.replace(OPTIONS, chunk_tokens=200))
    counts = mentions_by_note(conn)
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'run.md'").fetchone()[0] == 1  # the prose and the log share a chunk
    assert counts["run.md"] == {"Marc Dupont": 1}  # was 6: 4 in the fence, 1 in the code span
    assert counts["plain.txt"] == {"Marc Dupont": 2}
    conn.close()


# -- 6. the llm extractor's model reads no code ------------------------------------------------------

class _RecordingModel:
    """A window extractor standing in for the GGUF one: answers with the heuristic's names and
    records the text each window gives the model."""

    name, cache_id, parallel = "llm:fake", "fake-model@rec", 1

    def __init__(self):
        self.inner, self.seen = HeuristicExtractor(), []

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        return note_windows(text)

    def run(self, windows, stop=None):
        for i, w in enumerate(windows):
            self.seen.append(w.text)
            yield i, self.inner.extract([w.text])[0], None


def test_the_model_reads_no_code(tmp_path):
    from minirag_cli import db
    from minirag_cli.extract.llm import note_windows
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    log = "\n".join(f"2026-11-18 09:0{i} INFO Heron worker {i} started" for i in range(6))
    note = f"Debugged the Heron buoy with Marc.\n\n```\n{log}\n```\n\nFixed by `RETRY_LIMIT` and Priya.\n"
    windows = note_windows(note)
    assert [(w.start, w.end) for w in windows] == [(0, len(note) - 1)]  # the note's span, as before
    assert windows[0].text == "Debugged the Heron buoy with Marc.\nFixed by and Priya."
    root = tmp_path / "vault"
    write_notes(root, {"debug.md": note})
    model = _RecordingModel()
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root], model)
    assert model.seen and not any("INFO" in t or "RETRY_LIMIT" in t or "2026" in t for t in model.seen)
    # nor does `complete` add the log's day as a date of the note
    assert conn.execute("SELECT count(*) FROM entities WHERE type = 'date'").fetchone()[0] == 0
    assert {"Marc", "Priya"} <= set(mentions_by_note(conn)["debug.md"])
    conn.close()


# -- 7. a canvas is linked to; a default drawing name names nothing ----------------------------------

def test_a_canvas_and_a_default_drawing_name():
    from minirag_cli.extract.base import EntityMention
    from minirag_cli.extract.heuristic import link_target, linkable_name, note_name

    assert link_target("Project Board.canvas") == EntityMention("Project Board", "name")  # was None
    assert note_name("boards/Project Board.canvas") == EntityMention("Project Board", "name")
    assert linkable_name("board.canvas") == EntityMention("board", "name")
    assert link_target("photo.png") is None
    for name in ("Drawing 2026-11-03 10.15.22.excalidraw.md", "Excalidraw/Drawing 2026-11-03 10.15.22.excalidraw"):
        assert note_name(name) is None, name  # was "Drawing 2026-11-03 10.15.22"
    for target in ("Drawing 2026-11-03 10.15.22.excalidraw", "Drawing 2026-11-03 10.15.22",
                   "Drawing 2026-11-03 10.15.22.excalidraw.md"):
        assert link_target(target) is None, target
    assert note_name("Drawing of the harbour.excalidraw.md") == EntityMention("Drawing of the harbour", "name")


def test_a_link_to_a_canvas_joins_the_canvas_s_note(tmp_path):
    import json

    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    canvas = {"nodes": [{"id": "a", "type": "text", "text": "Billing API talks to Postgres",
                         "x": 0, "y": 0, "width": 200, "height": 60}], "edges": []}
    write_notes(root, {"Project Board.canvas": json.dumps(canvas),
                       "Planning.md": "The plan is on [[Project Board.canvas]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    paths = {p for (p,) in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = "
        "m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.key = 'projectboard'")}
    assert paths == {"Project Board.canvas", "Planning.md"}, paths
    conn.close()
