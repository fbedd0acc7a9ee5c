"""Readers 9 (qa31, a Kindle reader): a Kindle's `My Clippings.txt` (one file
the device appends every highlight, note and bookmark to, each entry ended by
a `==========` line) was read as plain text: every chunk held pieces of
several books' entries and was headed by the file's first line (the first
entry's book, `Thinking, Fast and Slow (Daniel Kahneman)`, on chunks of
Meditations), no entry was dated by its `Added on` day, the entry lines'
`Location`, `Added` and `Highlight` were the folder's top names, and a
passage highlighted twice was indexed twice. Now each entry is a dated
section (a new chunk at each entry of another book or day, headed `My
Clippings · date: 2025-11-03`), its `==========` line is read as a blank
line and its meta line's words before the date in lower case, a highlight a
later one of its book holds whole is read as blank lines, and every line
keeps its number."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.notekinds import clippings_note
from minirag_cli.sections import clippings_entries, day_changes
from tests.test_sync_conflicts import sync


def clippings(*entries: tuple[str, str, str]) -> str:
    """A `My Clippings.txt` as a Kindle writes it: a byte order mark, CRLF line ends."""
    lines = []
    for book, meta, text in entries:
        lines += [book, meta, "", text, "=========="]
    return "\ufeff" + "\r\n".join(lines) + "\r\n"


TFS = "Thinking, Fast and Slow (Daniel Kahneman)"
MED = "\ufeffMeditations (Marcus Aurelius)"  # a Kindle writes a byte order mark before some titles too
CLIPS_ENTRIES = (
    (TFS, "- Your Highlight on page 20 | Location 301-303 | Added on Monday, 3 November 2025 10:22:13",
     "System 1 operates automatically and quickly, with little or no effort."),
    (TFS, "- Your Note on page 21 | Location 320 | Added on Monday, 3 November 2025 10:26:02",
     "compare with attention residue"),
    (TFS, "- Your Highlight on page 85 | Location 1290-1292 | Added on Thursday, 6 November 2025 22:10:08",
     "What you see is all there is."),
    (MED, "- Your Highlight on page 17 | Location 245-246 | Added on Thursday, 6 November 2025 22:30:00",
     "You have power over your mind, not outside events."),
    (TFS, "- Your Highlight on page 85 | Location 1290-1293 | Added on Saturday, 8 November 2025 09:14:44",
     "What you see is all there is: a measure of the coherence of the story."),
    (TFS, "- Your Bookmark on page 45 | Location 690 | Added on Saturday, 8 November 2025 21:03:55", ""),
    ("The Black Swan (Nassim Nicholas Taleb)", "- Highlight Loc. 1802-05  | Added on Thursday, March 15, 2012, 11:02 PM",
     "Categorizing always produces reduction in true complexity."),
)
CLIPS = clippings(*CLIPS_ENTRIES)


def test_clippings_keep_their_lines_and_read_their_entry_lines_plainly():
    text = CLIPS.removeprefix("\ufeff")  # decode_note reads the file's byte order mark as none
    read = clippings_note(text)
    assert read.count("\r\n") == text.count("\r\n")  # every line keeps its number, and its line end
    lines = read.split("\r\n")
    assert "==========" not in read and lines[4] == ""
    assert lines[1] == "- your highlight on page 20 | location 301-303 | added on Monday, 3 November 2025 10:22:13"
    assert lines[31] == "- highlight loc. 1802-05  | added on Thursday, March 15, 2012, 11:02 pm"  # (PM: a name)
    assert lines[15] == "Meditations (Marcus Aurelius)"  # no byte order mark inside the title
    # the passage highlighted again, extended, on November 8: its first highlight is read as blank lines
    assert lines[10:15] == ["", "", "", "", ""] and "coherence of the story" in lines[23]
    # (the bookmark at 25, no text, is read as blank lines: readers 12)
    assert [(i, day) for i, _book, day in clippings_entries(read)] == [
        (0, "2025-11-03"), (5, "2025-11-03"), (15, "2025-11-06"), (20, "2025-11-08"), (30, "2012-03-15")]
    # a section at each entry of another book or day: Meditations between two entries of the same book
    assert day_changes(read) == [(1, "2025-11-03"), (16, "2025-11-06"), (21, "2025-11-08"), (31, "2012-03-15")]


def test_other_text_with_such_lines_is_read_as_written():
    entry = f"{TFS}\n- Your Highlight on page 20 | Location 301 | Added on Monday, 3 November 2025 10:22:13\n\nText\n"
    assert clippings_note(entry + "==========\nmy own line after it\n") is None  # text after the last entry
    assert clippings_note(f"{TFS}\nno meta line\n\nText\n==========\n") is None
    assert clippings_note("# Setext\n\nA note with a rule\n==========\n") is None
    assert clippings_note(entry) is None  # no `==========` line
    # a note that quotes the device's lines as it wrote them is no clippings file: its lines date nothing
    assert day_changes(entry) == [] and clippings_entries(entry) is None


def test_a_clippings_file_is_chunked_and_headed_by_entry(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    (root / "My Clippings.txt").write_bytes(CLIPS.encode("utf-8"))
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        chunks = conn.execute("SELECT text, start_line, header FROM chunks ORDER BY seq").fetchall()
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    # (small chunks: 40 tokens); no people listed: each entry names its authors (all of them on every chunk
    # made a question naming one match every book's entries)
    heads = {start: header for _text, start, header in chunks}
    days = {1: "2025-11-03", 16: "2025-11-06", 21: "2025-11-08", 31: "2012-03-15"}
    books = {1: "Thinking, Fast and Slow", 16: "Meditations", 21: "Thinking, Fast and Slow", 31: "The Black Swan"}
    assert {start: heads.get(start) for start in days} == {
        start: f"My Clippings · {books[start]} · date: {day}" for start, day in days.items()}
    # each chunk headed by its entry's book and day (fixS3: one cut inside a book's run of entries, at its
    # `- your highlight` line, named no book)
    assert len(heads) > len(days)
    for start, head in heads.items():
        at = max(s for s in days if s <= start)
        assert head == f"My Clippings · {books[at]} · date: {days[at]}"
    for text, _start, _header in chunks:  # a chunk holds one book's entries
        books = {b for b in ("Kahneman", "Aurelius", "Taleb") if b in text}
        assert len(books) == 1, text
    assert sum(text.count("What you see is all there is") for text, _s, _h in chunks) == 1
    assert {"Location", "Added", "Highlight", "Your Highlight", "Loc", "Bookmark"} & names == set()
    assert {"Daniel Kahneman", "Marcus Aurelius", "Nassim Nicholas Taleb"} <= names


READWISE = """# Thinking, Fast and Slow

![rw-book-cover](https://images-na.ssl-images-amazon.com/images/I/41shZGS-G%2BL._SL200_.jpg)

## Metadata
- Author: [[Daniel Kahneman]]
- Full Title: Thinking, Fast and Slow
- Category: #books

## Highlights
- Losses loom larger than gains. ([Location 4210](https://readwise.io/to_kindle?action=open&asin=B00555X8OA&location=4210))

## New highlights added December 1, 2026 at 9:30 AM
- The planning fallacy: plans land close to the best case. ([Location 3801](https://readwise.io/to_kindle?action=open&asin=B00555X8OA&location=3801))
    - Note: Use reference class forecasting for the kitchen estimate.
"""


def test_a_readwise_sync_s_new_highlights_are_of_its_day(tmp_path):
    # each later Readwise sync appends its highlights under such a heading: they are of its day (readers 9)
    assert day_changes(READWISE) == [(13, "2026-12-01")]
    assert day_changes(READWISE.replace("December 1, 2026 at 9:30 AM", "soon")) == []
    root = tmp_path / "notes"
    root.mkdir()
    (root / "Thinking, Fast and Slow.md").write_text(READWISE, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        heads = conn.execute("SELECT start_line, header FROM chunks ORDER BY seq").fetchall()
    finally:
        conn.close()
    assert [(start, header.split("\n")[0]) for start, header in heads if start >= 13] == [
        (13, "# Thinking, Fast and Slow · date: 2026-12-01")]
    assert all("date:" not in header for start, header in heads if start < 13)


def _kept(read: str) -> list[str]:
    """The highlights' and notes' texts a clippings_note reading keeps (its lines after an entry line)."""
    lines = read.split("\r\n")
    return [lines[i + 2] for i, line in enumerate(lines[:-2]) if line.startswith("- your ") or
            line.startswith("- highlight")]


def test_only_a_highlight_a_later_one_replaces_is_left_out():
    """fixS3 (review revR): a highlight was left out when a later one of its book merely held its text
    (`art` in `...the start of all things`, `Habits` at location 600 in a highlight at 2400). Left out now
    is only one a later one replaces: at the same or an overlapping range of locations (or pages) and
    holding its text at word boundaries; without a location, the word rule alone."""
    habits = "Atomic Habits (James Clear)"
    read = clippings_note(clippings(
        (habits, "- Your Highlight on page 40 | Location 600-600 | Added on Tuesday, 4 November 2025 08:00:00",
         "Habits"),
        (habits, "- Your Highlight on page 160 | Location 2400-2402 | Added on Saturday, 15 November 2025 08:10:00",
         "Habits are the compound interest of self-improvement."),
        (TFS, "- Your Highlight on page 3 | Location 40-40 | Added on Monday, 3 November 2025 10:00:00", "art"),
        (TFS, "- Your Highlight on page 3 | Location 40-42 | Added on Monday, 3 November 2025 10:01:00",
         "the start of all things"),
        (TFS, "- Your Highlight on page 20 | Location 300-301 | Added on Monday, 3 November 2025 21:05:00",
         "Repetition breeds belief"),
        (TFS, "- Your Highlight on page 20 | Location 301-303 | Added on Monday, 3 November 2025 21:05:40",
         "Repetition breeds belief, because familiarity is not easily told from truth."),
        ("Dune (Frank Herbert)", "- Highlight Loc. 1802-05  | Added on Thursday, March 15, 2012, 11:02 PM",
         "Fear is the mind-killer."),
        ("Dune (Frank Herbert)", "- Highlight Loc. 3100-05  | Added on Friday, March 16, 2012, 09:15 AM",
         "I must not fear. Fear is the mind-killer."),
        ("A PDF (Someone)", "- Your Highlight on page 7 | Added on Friday, 7 November 2025 09:00:00", "the plan"),
        ("A PDF (Someone)", "- Your Highlight on page 7-8 | Added on Friday, 7 November 2025 09:01:00",
         "We changed the plan twice."),
    ).removeprefix("\ufeff"))
    assert _kept(read) == [
        "Habits", "Habits are the compound interest of self-improvement.", "art", "the start of all things",
        "Repetition breeds belief, because familiarity is not easily told from truth.",
        "Fear is the mind-killer.", "I must not fear. Fear is the mind-killer.",
        "We changed the plan twice."]


def test_one_book_of_thousands_of_highlights_is_read_quickly():
    """A book's highlights are looked up by location: 5,000 of one book were compared pair by pair (4-6 s)."""
    import time

    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split()
    entries = [("Deep Work (Cal Newport)",
                f"- Your Highlight on page {i // 10 + 1} | Location {i * 5 + 1}-{i * 5 + 3} | Added on Monday, "
                "3 November 2025 10:22:13",
                " ".join(words[(i * 7 + j) % 12] for j in range(60)) + f" passage {i}.") for i in range(5000)]
    text = clippings(*entries).removeprefix("\ufeff")
    start = time.perf_counter()
    read = clippings_note(text)
    assert time.perf_counter() - start < 1.5
    assert len(_kept(read)) == 5000


def test_a_us_time_and_odd_entries():
    """A US time's `PM` is read in lower case (it was a name); one entry that is not well formed (a Kindle
    set to Swedish, which no reader reads, the user's line after the last `==========`, a last entry with no
    `==========`) is kept as written and no longer turns the reader off for the whole file. A Dutch Kindle's
    entry, kept as written by readers 12, is read in the English form since readers 13 (formats3)."""
    odd = ("Meditationer (Marcus Aurelius)", "- Din markering på sidan 17 | plats 245-246 | Tillagd torsdag "
           "6 november 2025 22:30:00", "Du har makt över ditt sinne.")
    text = clippings(*[e for e in CLIPS_ENTRIES[:3]], odd, *CLIPS_ENTRIES[3:]).removeprefix("\ufeff")
    read = clippings_note(text + "my own line after it\r\n")
    assert read is not None
    lines = read.split("\r\n")
    assert lines[16] == odd[1] and lines[18] == odd[2] and lines[-2] == "my own line after it"
    assert lines[36] == "- highlight loc. 1802-05  | added on Thursday, March 15, 2012, 11:02 pm"
    assert "==========" not in read
    assert [day for _i, _b, day in clippings_entries(read)][-1] == "2012-03-15"
    dutch = ("Meditaties (Marcus Aurelius)", "- Uw markering op pagina 17 | locatie 245-246 | Toegevoegd op "
             "donderdag 6 november 2025 22:30:00", "Je hebt macht over je geest.")
    read = clippings_note(clippings(*[e for e in CLIPS_ENTRIES[:3]], dutch).removeprefix("\ufeff"))
    assert read is not None
    assert read.split("\r\n")[16] == "- your highlight on page 17 | location 245-246 | added on 2025-11-06 22:30:00"
    # a last entry with no `==========` after it is an entry all the same
    cut = clippings_note(text.removesuffix("==========\r\n"))
    assert cut is not None and clippings_entries(cut)[-1][1] == "The Black Swan (Nassim Nicholas Taleb)"
    # the first entry none, or most entries none: no clippings
    assert clippings_note(clippings(odd, *CLIPS_ENTRIES[:1]).removeprefix("\ufeff")) is None
    assert clippings_note(clippings(CLIPS_ENTRIES[0], odd, odd).removeprefix("\ufeff")) is None


def test_a_re_extraction_keeps_each_clippings_chunks_book_and_a_todo_txts_name(tmp_path):
    """Newer heuristic rules re-extract the index from its stored chunks (store.write_graph): each chunk of
    a Kindle's clippings keeps its book in its header, and a todo.txt its name (todotxt.is_todo_txt read
    from the whole list, not its first chunk)."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "My Clippings.txt").write_bytes(CLIPS.encode("utf-8"))
    tasks = "".join(f"(B) 2026-11-0{i % 9 + 1} Task number {i} of the list +Flat @home\n" for i in range(40))
    (root / "work.todo.txt").write_text("(A) First task\n" + tasks)

    def headers() -> list[tuple[str, int, str]]:
        conn = db.connect(tmp_path / "index.sqlite")
        try:
            return conn.execute("SELECT d.path, c.seq, c.header FROM chunks c JOIN documents d ON d.id = "
                                "c.document_id ORDER BY d.path, c.seq").fetchall()
        finally:
            conn.close()

    sync(root, tmp_path / "index.sqlite")
    before = headers()
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        db.set_meta(conn, "heuristic_version", "0")
        conn.execute("UPDATE chunks SET header = 'stale'")
        conn.commit()
    finally:
        conn.close()
    sync(root, tmp_path / "index.sqlite")
    assert headers() == before
    assert {h.split("\n")[0] for p, _s, h in before if p == "work.todo.txt"} == {"work.todo"}
    assert any(h.startswith("My Clippings · Meditations · date: 2025-11-06") for _p, _s, h in before)


def test_a_month_s_question_reaches_each_day_of_a_clippings_file(tmp_path):
    """fixS3 (review revR): BM25 kept at most `dated_note_chunks` (3) chunks of one note for a question about
    a month, so "what did I highlight in November 2025?" reached 3 chunks of a clippings file whose month held
    many; the cap is per dated section now (a book's day of a Kindle's clippings, a journal's day), a note
    without dated sections capped as a whole as before."""
    from minirag_cli.options import RetrievalOptions
    from minirag_cli.retrieve import bm25_pool

    books = ["Deep Work (Cal Newport)", "Middlemarch (George Eliot)", "Sapiens (Yuval Noah Harari)"]
    entries = [(books[i % 3], f"- Your Highlight on page {i} | Location {i * 20}-{i * 20 + 3} | Added on "
                f"{['Monday', 'Tuesday', 'Wednesday'][i % 3]}, {i // 3 + 3} November 2025 10:22:13",
                f"Passage number {i} about attention, focus and the long arc of history and work.")
               for i in range(24)]
    root = tmp_path / "notes"
    root.mkdir()
    (root / "My Clippings.txt").write_bytes(clippings(*entries).encode("utf-8"))
    (root / "log.md").write_text("# Log 2025-11-05\n\n" + "".join(
        f"Line {i} of a long log written in November 2025 about attention.\n\n" for i in range(60)))
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        rows, _pool = bm25_pool(conn, "what did I highlight in November 2025?", RetrievalOptions())
        doc = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    finally:
        conn.close()
    found = [doc[c] for c, _s in rows]
    assert found.count("My Clippings.txt") > 3 * 3  # more than 3 of its 8 days' 3 books
    assert found.count("log.md") == 3  # a note without dated sections: 3 chunks, as before
