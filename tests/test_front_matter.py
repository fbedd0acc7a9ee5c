"""Front matter (frontmatter.py): the YAML block Obsidian, Jekyll and Hugo
notes open with. The parser's rules on well-formed and malformed blocks,
and a real end-to-end run: notes with front matter synced with the real
embedder, then their tags, dates and text as the commands show them.
(The extractor's reading is in test_bad_input.py, the dates of the answer
sources in test_answer_sources.py.)"""

from __future__ import annotations

import json
import subprocess

import pytest

from minirag_cli import frontmatter

BLOCK = "---\ntitle: \"Re: lunch\"\ndate: 2024-05-01 14:30\ntags: [a, 'b c']\naliases:\n  - X\n- Y\n---\nBody\n"


def test_a_block_of_keys_values_and_lists():
    fm = frontmatter.parse(BLOCK)
    assert [(e.key, e.values) for e in fm.entries] == [
        ("title", ("Re: lunch",)), ("date", ("2024-05-01 14:30",)), ("tags", ("a", "b c")), ("aliases", ("X", "Y"))]
    assert BLOCK[fm.end:] == "Body\n" and fm.date_line() == "date: 2024-05-01 14:30"
    assert fm.values("TITLE", "Aliases") == ["Re: lunch", "X", "Y"]
    # closed by `...`; comments, blank lines, a nested mapping and a block scalar
    fm = frontmatter.parse("---\n# c\n\nauthor:\n  name: Jane Doe\nabout: |\n  two\n  lines\n...\nrest")
    assert [(e.key, e.values) for e in fm.entries] == [("author", ("Jane Doe",)), ("about", ("two", "lines"))]
    assert fm.date_line() == ""


@pytest.mark.parametrize("text,body", [
    ("\ufeff---\r\ndate: 2024-05-01\r\n---\r\nBody\r\n", "Body\r\n"),  # a byte order mark, Windows line ends
    ("--- \ndate: 2024-05-01\n---  \nBody", "Body"),  # trailing spaces
    ("---\ndate: 2024-05-01\n---", ""),  # nothing after the block
    ("---\n---\nBody", "Body"),  # an empty block
    ("---\ndate: 2024-05-01\n---\nBody\n---\nmore: text\n---\n", "Body\n---\nmore: text\n---\n"),  # a later rule
])
def test_the_block_ends_at_its_closing_line(text, body):
    fm = frontmatter.parse(text)
    assert fm is not None and text[fm.end:] == body


@pytest.mark.parametrize("text", [
    "", "---", "---\n", "--- \n", "----\nkey: v\n----\n", "---x\nkey: v\n---\n",
    "---\ndate: 2024-05-01\nnever closed\n",  # no closing line: prose follows
    "---\ndate: 2024-05-01\n",  # no closing line at all
    "---\nA rule opens this note.\n---\n",  # prose between two rules
    "---\n- an item before any key\n---\n", "---\n  indented first\n---\n", "---\n: no key\n---\n",
    "Intro\n---\ndate: 2024-05-01\n---\n",  # not at the start
    "\n---\ndate: 2024-05-01\n---\n",
])
def test_no_front_matter(text):
    assert frontmatter.parse(text) is None


def test_no_text_breaks_the_parser():
    """Every prefix of a block, and the block with any one line end removed
    or doubled, parses or is None: never an exception."""
    text = "\ufeff" + BLOCK.replace("\n", "\r\n") + "---\n...\n[x]\n"
    for n in range(len(text) + 1):
        frontmatter.parse(text[:n])
    for i, c in enumerate(text):
        if c == "\n":
            frontmatter.parse(text[:i] + text[i + 1:])
            frontmatter.parse(text[:i] + "\n\n" + text[i + 1:])


NOTES = {
    "trips/lisbon.md": ("---\ntitle: Lisbon aquarium\ndate: 2026-05-01T14:30\ntags: [travel, family]\n---\n"
                        "Li Hua visited the Lisbon aquarium with Tom and watched the sea otters.\n"),
    # a byte order mark, Windows line ends, a block list and a rule later in the note
    "trips/porto.md": ("\ufeff---\r\ncreated: 2026-06-10 09:15\r\ntags:\r\n  - travel\r\n---\r\n"
                       "Li Hua tasted port wine in Porto with Tom at the riverside cellar.\r\n---\r\n"
                       "More text after a rule.\r\n"),
    "journal/chat.txt": "Time: 20260702_10:00\nTom: Back from the trip! #travel\n",
}


@pytest.mark.slow
def test_front_matter_notes_synced_with_the_real_embedder(tmp_path, mrag_bin):
    from minirag_cli.config import effective
    from minirag_cli.embed import SentenceTransformerEmbedder, make_embedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions

    notes, db = tmp_path / "notes", tmp_path / "index.sqlite"
    for rel, text in NOTES.items():
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_bytes(text.encode("utf-8"))  # the line ends as written
    embedder = make_embedder()
    assert isinstance(embedder, SentenceTransformerEmbedder)
    with Index.open(effective({"db": str(db)}), create=True, embedder_factory=lambda _name: embedder) as index:
        index.sync([notes], SyncOptions(), extractor=HeuristicExtractor())
        # the note's date is its front matter's, for "when" and order questions alike
        when = index.prepare_answer(index.search("When did Li Hua visit the Lisbon aquarium with Tom?")).dates
        assert when is not None and when.text.startswith("On May 1, 2026 14:30 ["), when
        order = index.prepare_answer(index.search(
            "Did Li Hua taste port wine in Porto with Tom after she visited the Lisbon aquarium with Tom?")).dates
        assert order is not None and order.verdict == "Yes" and "June 10, 2026 09:15" in order.text, order
        # the block stays in the chunk's text: the note is found by its title and tags
        assert index.search("Lisbon aquarium travel family").results[0]["path"] == "trips/lisbon.md"

    def mrag(*args):
        r = subprocess.run([mrag_bin, "--db", str(db), *args, "--json"], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        return json.loads(r.stdout)

    # the front matter's tags are the #travel the chat writes: one entity of the three notes
    tag = mrag("entity", "#travel")
    assert (tag["name"], tag["type"], tag["chunks"]) == ("#travel", "concept", 3)
    names = {e["name"] for e in mrag("entities")}
    assert {"#family", "Lisbon aquarium", "2026-05-01", "2026-06-10", "Porto"} <= names
    assert not names & {"Tags", "tags", "title", "date", "created", "Lisbon aquarium date"}
    # `mrag show` shows the note as it is
    assert mrag("show", "trips/lisbon.md")["text"] == NOTES["trips/lisbon.md"]
    assert mrag("show", "trips/porto.md")["text"].replace("\r\n", "\n") == \
        NOTES["trips/porto.md"].lstrip("\ufeff").replace("\r\n", "\n")
