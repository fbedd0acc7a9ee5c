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
CLIPS = clippings(
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


def test_clippings_keep_their_lines_and_read_their_entry_lines_plainly():
    text = CLIPS.removeprefix("\ufeff")  # decode_note reads the file's byte order mark as none
    read = clippings_note(text)
    assert read.count("\r\n") == text.count("\r\n")  # every line keeps its number, and its line end
    lines = read.split("\r\n")
    assert "==========" not in read and lines[4] == ""
    assert lines[1] == "- your highlight on page 20 | location 301-303 | added on Monday, 3 November 2025 10:22:13"
    assert lines[31] == "- highlight loc. 1802-05  | added on Thursday, March 15, 2012, 11:02 PM"
    assert lines[15] == "Meditations (Marcus Aurelius)"  # no byte order mark inside the title
    # the passage highlighted again, extended, on November 8: its first highlight is read as blank lines
    assert lines[10:15] == ["", "", "", "", ""] and "coherence of the story" in lines[23]
    assert [(i, day) for i, _book, day in clippings_entries(read)] == [
        (0, "2025-11-03"), (5, "2025-11-03"), (15, "2025-11-06"), (20, "2025-11-08"), (25, "2025-11-08"),
        (30, "2012-03-15")]
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
    assert {start: heads.get(start) for start in days} == {
        start: f"My Clippings · date: {day}" for start, day in days.items()}
    for start, head in heads.items():  # each chunk headed by its entry's day
        assert head == f"My Clippings · date: {days[max(s for s in days if s <= start)]}"
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
