"""Front matter (frontmatter.py): the YAML block Obsidian, Jekyll and Hugo
notes open with. The parser's rules on well-formed and malformed blocks,
and a real end-to-end run: notes with front matter synced with the real
embedder, then their tags, dates and text as the commands show them; the
header a note's chunks are searched with (its title and date line), from a
fresh sync, a re-extraction and the llm extractor, and a later chunk found
by the title. (The extractor's reading is in test_bad_input.py, the dates of the answer
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


@pytest.mark.parametrize("text,head", [
    ("---\ntitle: Trip to Lisbon\ndate: 2024-05-01 14:30\ntags: [a]\n---\nBody\n",
     "Trip to Lisbon · date: 2024-05-01 14:30"),
    # no title: the first non-blank line after the block, as a plain note's first line would be
    ("\ufeff---\r\ncreated: 2024-05-01T14:30\r\n---\r\n\r\n  # Saved  \r\nmore\r\n",
     "# Saved · created: 2024-05-01T14:30"),
    ("---\ntags: [a]\n---\n\n# Packing list\n", "# Packing list"),  # no date either
    ("---\ntitle: Lisbon\ndate: soon\n---\nBody", "Lisbon"),  # a date that is no date
    ("---\ndate: 2024-05-01\n---\n", "date: 2024-05-01"), ("---\n---\n", ""),  # nothing else to say
    # a long title is cut to leave the date line whole
    ("---\ntitle: " + "x" * 200 + "\ndate: '2024-05-01'\n---\n", "x" * 99 + " · date: '2024-05-01'"),
    ("# Plain\nbody", None), ("---\ndate: 2024-05-01\nnever closed\n", None),  # no front matter
])
def test_the_head_a_front_matter_note_has_in_its_header(text, head):
    got = frontmatter.head(text, 120)
    assert got == head
    if head is not None:
        assert len(got) <= 120
        date = frontmatter.parse(text).date_line().strip()
        assert frontmatter.head_date_line(got) == date  # store.note_heads finds the date line again


@pytest.mark.parametrize("line", ["# Trip to Lisbon", "Time: 20260105_11:00", "Lisbon · date: soon", "a · b", ""])
def test_a_head_without_a_date_line(line):
    assert frontmatter.head_date_line(line) == ""


# the header a sync before this mrag wrote for a front-matter note: its first line `---`, then its people
MAIN_HEADER = ("UPDATE chunks SET header = '---' || CASE WHEN instr(header, char(10)) > 0 "
               "THEN substr(header, instr(header, char(10))) ELSE '' END")
LISBON_HEAD = "Trip to Lisbon · date: 2024-05-01 14:30"


def _synced_before(tmp_path, name, extractor, also: str = ""):
    """An index of a front-matter note as a sync before heuristic rules
    version 2 left it (headers `---` and its people; `also`: SQL run then
    too), and a sync of it."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.sync import SyncOptions, sync_folders

    notes = tmp_path / "notes"
    if not notes.exists():
        notes.mkdir()
        (notes / "lisbon.md").write_text(
            "---\ntitle: Trip to Lisbon\ndate: 2024-05-01 14:30\n---\n" + "Tom: Lunch by the river?\nAnna: Yes.\n" * 10)

    def sync(conn):
        return sync_folders(conn, [notes], embedder=HashingEmbedder(dim=32), extractor=extractor(),
                            options=SyncOptions(chunk_tokens=24, overlap_tokens=4))

    fresh = db.connect(tmp_path / f"{name}-fresh.sqlite", create=True)
    sync(fresh)
    conn = db.connect(tmp_path / f"{name}-old.sqlite", create=True)
    sync(conn)
    with db.transaction(conn):
        conn.execute(MAIN_HEADER)
        db.set_meta(conn, "heuristic_version", "1")
        if also:
            conn.execute(also)
    assert {h for (h,) in conn.execute("SELECT header FROM chunks")} == {"---\nAnna, Tom"}
    return fresh, conn, sync(conn)


def _headers(conn):
    return conn.execute("SELECT seq, header FROM chunks ORDER BY seq").fetchall()


def test_re_extraction_rewrites_the_headers_of_front_matter_notes(tmp_path):
    """The re-extraction the next sync of a heuristic index from older rules
    makes gives a front-matter note the headers a fresh sync gives."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    fresh, conn, s = _synced_before(tmp_path, "heuristic", HeuristicExtractor)
    assert s.reextracted["notes"] == 1
    assert len(_headers(conn)) > 2 and _headers(conn) == _headers(fresh)
    assert {h for _s, h in _headers(conn)} == {LISBON_HEAD + "\nAnna, Tom"}
    assert conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'header:lisbon'").fetchone()[0] \
        == len(_headers(conn))


def test_an_llm_index_gets_the_same_header_and_dates_an_old_one_from_the_first_chunk(tmp_path):
    """The llm extractor's sync writes the same header (store.document_header).
    An index from older rules is re-extracted from the model's cached
    answers (the headers a fresh sync writes); one whose windows the cache
    does not all hold is not (sync warns to rebuild): a header still `---`
    is dated from the note's first chunk (store.note_heads)."""
    from minirag_cli.store import note_heads
    from tests.test_heuristic_version import _CachedModel

    fresh, conn, s = _synced_before(tmp_path, "llm", _CachedModel)
    assert {h.split("\n")[0] for _s, h in _headers(fresh)} == {LISBON_HEAD}
    assert s.reextracted["notes"] == 1 and _headers(conn) == _headers(fresh)

    fresh, conn, s = _synced_before(tmp_path, "llm2", _CachedModel, also="DELETE FROM extraction_cache")
    assert s.reextracted is None and any("--rebuild" in w["reason"] for w in s.warnings)
    ids = [i for (i,) in conn.execute("SELECT id FROM chunks")]
    assert {h for _s, h in _headers(conn)} == {"---\nAnna, Tom"}
    assert set(note_heads(conn, ids).values()) == set(note_heads(fresh, ids).values()) == {"date: 2024-05-01 14:30"}


FILLER = "".join(f"On day {i} we walked the old town, rode the yellow tram and had coffee by the river.\n"
                 for i in range(12))
LONG_NOTES = {
    # the title is in the block only: a later chunk has neither "trip" nor "Lisbon"
    "trips/lisbon.md": ("---\ntitle: Trip to Lisbon\ndate: 2024-05-01 14:30\ntags: [travel]\n---\n" + FILLER
                        + "We had grilled sardines with Tom at a small harbour restaurant.\n" + FILLER),
    "trips/porto.md": ("# Trip to Porto\n" + FILLER
                       + "We had grilled sardines with Anna at the riverside market.\n" + FILLER),
    # neither a title nor a date in the block
    "misc/packing.md": "---\ntags: [misc]\n---\n\n# Packing list\nSunscreen, a hat and the travel adapter.\n",
    **{f"garden/{i}.md": f"Watered the tomatoes on day {i}.\n" for i in range(10)},  # a corpus, for IDF
}


@pytest.mark.slow
def test_a_later_chunk_of_a_front_matter_note_is_found_by_its_title(tmp_path):
    """A front-matter note's header holds its title and date line (it was
    `---`): BM25 finds a later chunk by the title a question names, and the
    note is dated from the header alone."""
    from minirag_cli.config import effective
    from minirag_cli.embed import SentenceTransformerEmbedder, make_embedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, RetrievalOptions, SyncOptions
    from minirag_cli.store import note_heads

    notes, db = tmp_path / "notes", tmp_path / "index.sqlite"
    for rel, text in LONG_NOTES.items():
        (notes / rel).parent.mkdir(parents=True, exist_ok=True)
        (notes / rel).write_text(text)
    embedder = make_embedder()
    assert isinstance(embedder, SentenceTransformerEmbedder)
    with Index.open(effective({"db": str(db)}), create=True, embedder_factory=lambda _name: embedder) as index:
        index.sync([notes], SyncOptions(), extractor=HeuristicExtractor())
        conn = index.conn
        header = dict(conn.execute("SELECT d.path || ':' || c.seq, c.header FROM chunks c "
                                   "JOIN documents d ON d.id = c.document_id"))
        lisbon = sorted(k for k in header if k.startswith("trips/lisbon.md:"))
        assert len(lisbon) >= 3
        assert {header[k].split("\n")[0] for k in lisbon} == {"Trip to Lisbon · date: 2024-05-01 14:30"}
        assert header["misc/packing.md:0"] == "# Packing list"
        q = "Where did we have grilled sardines on the trip to Lisbon?"
        for mode in ("bm25", "hybrid"):
            top = index.search(q, RetrievalOptions(mode=mode, k=3)).results[0]
            assert (top["path"], "sardines" in top["text"]) == ("trips/lisbon.md", True), (mode, top)
            assert "Lisbon" not in top["text"]  # found through its header
        # dated from the header alone: one query, no read of the note's first chunk
        later = next(r["chunk_id"] for r in index.search(q, RetrievalOptions(mode="bm25")).results
                     if r["path"] == "trips/lisbon.md" and "sardines" in r["text"])
        queries = []
        conn.set_trace_callback(queries.append)
        try:
            assert note_heads(conn, [later]) == {later: "date: 2024-05-01 14:30"}
        finally:
            conn.set_trace_callback(None)
        assert len(queries) == 1, queries
        sources = index.prepare_answer(index.search(q)).sources
        source = next(s for s in sources if s["path"] == "trips/lisbon.md")
        assert source["date"] == "2024-05-01 14:30" and "date:" not in source["text"]
        # a header written before (`---`, an llm index synced before the upgrade) is still dated, from the first chunk
        conn.execute(MAIN_HEADER + " WHERE id = ?", (later,))
        assert note_heads(conn, [later]) == {later: "date: 2024-05-01 14:30"}


# A block longer than a chunk (at 24 tokens with 4 of overlap): capitalised
# keys, a long `Aliases:` list, a nested mapping, then a chat (Tom speaks
# twice: a chat, not label lines, heuristic.chat_speakers)
ALIASES = ["Lisbon Trip", "Alfama Walk", "Belem Tower Day", "Sintra Palace Visit", "Cascais Beach",
           "Tram Twenty Eight", "Pastel Tasting", "Fado Night", "Oceanarium Morning", "Tagus Ferry"]
LONG_BLOCK = ("---\nTitle: Trip to Lisbon\nDate: 2024-05-01 14:30\nAliases:\n"
              + "".join(f"  - {a}\n" for a in ALIASES)
              + "Tags: [travel, family]\nAuthor:\n  name: Jane Doe\n---\n"
              + "Tom: Lunch by the river?\nAnna: Yes, at the harbour.\nTom: Great.\n")
LONG_HEAD = "Trip to Lisbon · Date: 2024-05-01 14:30"
# a plain note whose last chunk (at 24 tokens with 4 of overlap) opens with
# `---`, `key: value` lines and `---`: a chat quoted between two rules
RULED_CHAT = ("# Standup notes\n" + "".join(f"Item {i} was reviewed by the team today.\n" for i in range(6))
              + "---\nTom: Lunch by the river?\nAnna: Yes, at noon.\nTom: Great.\n---\nAfter lunch we walked back.\n")
SMALL = {"chunk_tokens": 24, "overlap_tokens": 4}


def _sync_notes(tmp_path, notes: dict[str, str], extractor=None, name="index", **options):
    """An index of `notes` (written as given: line ends, byte order mark) synced with the heuristic extractor."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders

    root = tmp_path / "notes"
    for rel, text in notes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(text.encode("utf-8"))
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=extractor or HeuristicExtractor(),
                 options=SyncOptions(**(options or SMALL)))
    return conn


def _chunks(conn, path):
    """[(chunk text, its header, {(entity name or a form the chunk writes of it, type)})] of the note at `path`,
    in order: a note's alias is a form of its note's entity (`Lisbon Trip` of `title: Trip to Lisbon`, rules 26)."""
    rows = conn.execute("SELECT c.id, c.text, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = ? ORDER BY c.seq", (path,)).fetchall()
    return [(text, header, {(n, t) for name, t, forms in conn.execute(
        "SELECT e.name, e.type, m.forms FROM mentions m JOIN entities e ON e.id = m.entity_id WHERE m.chunk_id = ?",
        (cid,)) for n in [name, *json.loads(forms)]}) for cid, text, header in rows]


KEYS = {"Title", "Date", "Aliases", "Tags", "Author", "name"}


def _check_long_block(chunks):
    """What every reader makes of LONG_BLOCK, however many chunks it covers."""
    assert len(chunks) >= 3 and "\n---" not in chunks[0][0]  # the first chunk does not close the block
    names = set().union(*(e for _t, _h, e in chunks))
    assert not {n for n, _t in names} & KEYS, names  # no key is a name (`Title:` was a chat speaker)
    assert {(a, "name") for a in ALIASES} | {("#travel", "concept"), ("#family", "concept"),
                                             ("Trip to Lisbon", "name"), ("Jane Doe", "name")} <= names
    assert {("Tom", "person"), ("Anna", "person")} <= names
    for text, _header, entities in chunks:  # each alias in the chunks that hold its line, as a name
        assert {a for a in ALIASES if a in text} == {n for n, t in entities if n in ALIASES}
    # the block's title and date head every chunk (they were `---`), and date the note
    assert {header.split("\n")[0] for _t, header, _e in chunks} == {LONG_HEAD}


@pytest.mark.parametrize("variant", ["lf", "crlf-bom", "no-overlap"])
def test_a_front_matter_block_longer_than_a_chunk_is_front_matter_in_every_chunk(tmp_path, variant):
    """A block longer than one chunk (a long `aliases:` list, a small
    --chunk-tokens) was never closed in the first chunk, so no front matter
    at all: its keys were names (`Title:` a chat speaker), its tags no #tags,
    its header `---` and the note had no date. The block is read once, from
    the note: each chunk reads the values on its lines as the block's."""
    from minirag_cli.store import note_heads

    note = LONG_BLOCK if variant != "crlf-bom" else "\ufeff" + LONG_BLOCK.replace("\n", "\r\n")
    options = {"chunk_tokens": 24, "overlap_tokens": 0} if variant == "no-overlap" else SMALL
    conn = _sync_notes(tmp_path, {"lisbon.md": note}, **options)
    chunks = _chunks(conn, "lisbon.md")
    _check_long_block(chunks)
    ids = [i for (i,) in conn.execute("SELECT id FROM chunks")]
    assert set(note_heads(conn, ids).values()) == {"Date: 2024-05-01 14:30"}


def test_the_llm_extractor_reads_a_long_block_the_same_way(tmp_path):
    """The llm extractor's sync (a stand-in model) heads the chunks of a
    block longer than a chunk with its title and date, and completes each
    chunk with the speakers of its text (llm.complete): a key of the block
    is none (`Title:` was), a chat after the block is."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.extract.llm import chunk_mentions
    from tests.test_heuristic_version import _CachedModel

    chunks = _chunks(_sync_notes(tmp_path, {"lisbon.md": LONG_BLOCK}, _CachedModel()), "lisbon.md")
    assert {header.split("\n")[0] for _t, header, _e in chunks} == {LONG_HEAD}
    from minirag_cli.sync import chunk_parts  # (here: the header above fails first on the code before it)

    pieces = chunk_text(LONG_BLOCK, **{"size": 24, "overlap": 4})
    speakers = {m.name for c, part in zip(pieces, chunk_parts(frontmatter.of_note(LONG_BLOCK), pieces))
                for m in chunk_mentions(c.text, [], part) if m.type == "person"}
    assert speakers == {"Tom", "Anna"}


def test_a_later_chunk_that_opens_like_a_block_is_text(tmp_path):
    """A plain note's later chunk that happened to open with `---`, `key:
    value` lines and `---` (a chat quoted between two rules) was read as
    front matter: its speakers were keys, lost as names. Only the note's
    opening is front matter."""
    conn = _sync_notes(tmp_path, {"standup.md": RULED_CHAT})
    chunks = _chunks(conn, "standup.md")
    text, header, entities = chunks[-1]
    assert len(chunks) > 1 and text.startswith("---\nTom: Lunch") and "\n---\n" in text  # the case at hand
    assert {("Tom", "person"), ("Anna", "person")} <= entities
    assert header == "# Standup notes\nAnna, Tom"


def test_a_re_extraction_reads_the_block_from_the_stored_chunks(tmp_path):
    """The re-extraction of an index from older heuristic rules reads no
    file: it finds the note's block in the chunks the index holds, with or
    without overlap, Windows line ends or not, and ends as a fresh sync."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from tests.test_heuristic_version import graph

    notes = {"lisbon.md": LONG_BLOCK, "porto.md": "\ufeff" + LONG_BLOCK.replace("Lisbon", "Porto").replace(
        "\n", "\r\n"), "standup.md": RULED_CHAT, "only.md": LONG_BLOCK.split("---\nTom")[0] + "---"}
    for overlap in (4, 0):
        options = {"chunk_tokens": 24, "overlap_tokens": overlap}
        fresh = _sync_notes(tmp_path, notes, name=f"fresh{overlap}", **options)
        conn = _sync_notes(tmp_path, notes, name=f"old{overlap}", **options)
        with db.transaction(conn):
            conn.execute("UPDATE chunks SET header = '---'")
            db.set_meta(conn, "heuristic_version", "1")
        s = sync_folders(conn, [tmp_path / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                         options=SyncOptions(**options))
        assert s.reextracted["notes"] == 4
        assert graph(conn) == graph(fresh)
        for path in notes:
            assert _chunks(conn, path) == _chunks(fresh, path), path
        _check_long_block(_chunks(conn, "lisbon.md"))


def test_a_note_that_is_only_a_long_block(tmp_path):
    """A note of front matter alone, longer than a chunk: every chunk is the
    block's, read for its values; the title and date head it."""
    note = LONG_BLOCK.split("---\nTom")[0] + "---"  # no body, no line end after the closing line
    chunks = _chunks(_sync_notes(tmp_path, {"only.md": note}), "only.md")
    names = set().union(*(e for _t, _h, e in chunks))
    assert len(chunks) >= 3 and not {n for n, _t in names} & KEYS and ("Lisbon Trip", "name") in names
    assert {header for _t, header, _e in chunks} == {LONG_HEAD}


def test_a_chunk_holds_the_part_of_the_block_on_its_lines():
    """FrontMatter.part: the values on the lines a span overlaps, under their
    keys, the block's end as an offset into the span; None past the block."""
    from minirag_cli.chunking import chunk_text
    from minirag_cli.sync import chunk_parts, stored_note

    note = LONG_BLOCK
    found = frontmatter.of_note(note)
    assert found is not None and note[found.end:].startswith("Tom:") and found.values("aliases") == ALIASES
    assert frontmatter.of_note(RULED_CHAT) is None and frontmatter.of_note("") is None
    chunks = chunk_text(note, 24, 4)
    parts = chunk_parts(found, chunks)
    for c, part in zip(chunks, parts):
        if part is None:
            assert c.start_char >= found.end
            continue
        assert part.values("aliases") == [a for a in ALIASES if a in c.text]
        assert c.text[part.end:] == note[max(found.end, c.start_char):c.end_char]  # the body it holds
    # an aliases list a chunk holds the end of is still aliases
    last = found.part(note.index("Fado"), found.end)
    assert [(e.key, e.values) for e in last.entries] == [
        ("Aliases", ("Fado Night", "Oceanarium Morning", "Tagus Ferry")), ("Tags", ("travel", "family")),
        ("Author", ("Jane Doe",))] and last.end == found.end - note.index("Fado")
    assert found.part(found.end, len(note)) is None
    # the note as its chunks hold it, for a re-extraction: the same block
    for overlap in (4, 0):
        text, matter = stored_note(chunk_text(note, 24, overlap))
        assert matter == found and text[found.end:].startswith("Tom:")
    assert stored_note(chunk_text(RULED_CHAT, 24, 4)) == ("", None)
    # blank lines before `---`: no block, though the first chunk, from the first word, opens with one
    late = "\n\n" + LONG_BLOCK
    assert frontmatter.of_note(late) is None and chunk_text(late, 24, 4)[0].text.startswith("---\n")
    assert stored_note(chunk_text(late, 24, 4)) == ("", None)
    assert frontmatter.of_note("\ufeff" + LONG_BLOCK).values("aliases") == ALIASES  # a byte order mark is fine


def test_sync_through_the_cli_reads_a_long_front_matter_block(tmp_path, mrag_bin):
    """End to end: `mrag sync --chunk-tokens 24 --overlap 4` of a note whose
    block covers several chunks, then what the commands show: its aliases
    and tags, no key, the note's date and its later chunks found by the title."""
    from minirag_cli import db
    from minirag_cli.store import note_heads
    from tests.test_bad_input import mrag_env

    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "lisbon.md").write_bytes(("\ufeff" + LONG_BLOCK).replace("\n", "\r\n").encode())
    (notes / "standup.md").write_text(RULED_CHAT)
    index = tmp_path / "index.sqlite"

    def mrag(*args):
        r = subprocess.run([mrag_bin, "--db", str(index), *args, "--json"], capture_output=True, text=True,
                           env=mrag_env(), timeout=120)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        return json.loads(r.stdout)

    summary = mrag("sync", str(notes), "--chunk-tokens", "24", "--overlap", "4")
    assert summary["added"] == 2 and summary["chunks"] >= 6, summary
    # the note's aliases are forms of its title's entity (rules 26), Trip to Lisbon
    names = {(n, e["type"]) for e in mrag("entities") for n in [e["name"], *e["aliases"]]}
    assert {(a, "name") for a in ALIASES} | {("#travel", "concept"), ("Tom", "person"), ("Anna", "person")} <= names
    assert not {n for n, _t in names} & KEYS, names
    tag = mrag("entity", "#family")
    assert (tag["type"], [n["path"] for n in tag["notes"]]) == ("concept", ["lisbon.md"]), tag
    conn = db.connect(index)
    try:
        chunks = _chunks(conn, "lisbon.md")
        ids = [i for (i,) in conn.execute("SELECT id FROM chunks")]
        heads = note_heads(conn, ids)
    finally:
        conn.close()
    assert len(chunks) >= 3 and {h.split("\n")[0] for _t, h, _e in chunks} == {LONG_HEAD}
    assert sorted(set(heads.values())) == ["# Standup notes", "Date: 2024-05-01 14:30"]  # the note's date
    assert mrag("show", "lisbon.md")["text"].replace("\r\n", "\n") == LONG_BLOCK


def test_blank_lines_before_the_block_leave_it_text(tmp_path):
    """Front matter opens on a note's first line (Obsidian, Jekyll, Hugo,
    Pandoc): a note that opens with blank lines, then `---`, `key: value`
    lines and `---`, holds none, though its first chunk (from its first
    word) opens with `---`: no title or date in its header, no date for its
    answer sources, no tags; its lines are read as any text is. A sync of
    it, a re-extraction and an old header `---` read it alike."""
    from minirag_cli import db
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.store import note_heads
    from minirag_cli.sync import SyncOptions, sync_folders
    from tests.test_heuristic_version import graph

    note = ("---\ntitle: Harbour Plan\ndate: 2024-05-01\ntags: [boats, weekend]\n---\n"
            "Tom: Lunch by the river?\nAnna: Yes, at noon.\nTom: Great.\n")
    conn = _sync_notes(tmp_path, {"first.md": note, "late.md": "\n\n" + note}, chunk_tokens=200, overlap_tokens=4)
    (first, first_header, first_names), = _chunks(conn, "first.md")
    (late, late_header, late_names), = _chunks(conn, "late.md")
    assert late == first and late.startswith("---\ntitle:")  # the chunks are the same text
    assert first_header.split("\n")[0] == "Harbour Plan · date: 2024-05-01"
    assert {("#boats", "concept"), ("#weekend", "concept")} <= first_names
    assert late_header.split("\n")[0] == "---"
    assert not {n for n, _t in late_names} & {"#boats", "#weekend"}
    assert late_names == {(m.name, m.type) for m in HeuristicExtractor().extract_one(late, None)}
    ids = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id"))
    heads = note_heads(conn, ids.values())
    assert heads[ids["first.md"]] == "date: 2024-05-01" and heads[ids["late.md"]] == "---"
    # a re-extraction, from the stored chunks, reads it alike; so does an old header `---`
    fresh = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "1")
    s = sync_folders(conn, [tmp_path / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=200, overlap_tokens=4))
    assert s.reextracted["notes"] == 2 and graph(conn) == fresh
    with db.transaction(conn):
        conn.execute(MAIN_HEADER)
    assert note_heads(conn, ids.values()) == heads


def test_the_result_list_snippet_shows_the_note_after_its_front_matter(tmp_path, mrag_bin):
    """`mrag ask`'s snippet of a note that opens with front matter began
    `--- title: ... tags: [...] aliases: [...] ---`, half of its 220
    characters; it now shows the text after the block (a note that is all
    front matter still shows it). `--json` keeps the chunk's text whole."""
    import os
    import re

    notes = tmp_path / "notes"
    notes.mkdir()
    tom = "---\ntitle: Tom Baker\ntags: [people, engineering]\naliases: [Tom, TB]\n---\n# Tom Baker\n\n" \
          "Tom maintains the currency conversion module.\n"
    (notes / "Tom Baker.md").write_text(tom)
    (notes / "card.md").write_text("---\ntitle: Currency card\ntags: [currency]\n---\n")
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": "hashing:32", "NO_COLOR": "1", "COLUMNS": "200"}
    db = tmp_path / "index.sqlite"
    run = lambda *args: subprocess.run([mrag_bin, "--db", str(db), *args], capture_output=True, text=True,  # noqa: E731
                                       env=env, timeout=120)
    assert run("sync", str(notes), "-q").returncode == 0
    out = run("ask", "currency conversion module", "--mode", "bm25", "--no-answer")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    snippets = {re.match(r"\s*\d+\. (.+?):\d", lines[i]).group(1): lines[i + 1].strip()
                for i in range(0, len(lines), 2)}
    assert snippets["Tom Baker.md"] == "# Tom Baker Tom maintains the currency conversion module.", snippets
    assert snippets["card.md"] == "--- title: Currency card tags: [currency] ---", snippets
    data = json.loads(run("ask", "currency conversion module", "--mode", "bm25", "--json").stdout)
    assert next(r["text"] for r in data["results"] if r["path"] == "Tom Baker.md") == tom.rstrip("\n")
