"""Readers 12 (formats): note formats users keep that mrag read badly.

A Kindle's `My Clippings.txt`: a bookmark (`- Your Bookmark on page 45 | ...`, no text) was an entry of
its own, a chunk of its book's title and that line alone; an entry line in lower case (`- your highlight
... | added on ...`) and a Kindle set to German, French, Spanish or Italian (`- Ihre Markierung auf Seite
17 | Position 245-246 | Hinzugefügt am Donnerstag, 6. November 2025 22:30:00`) were no entries: the
whole file was plain text, undated, its `Markierung` and `Hinzugefügt` names, and a highlight extended
(the device writes it again, longer) was indexed twice."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.notekinds import clippings_note
from minirag_cli.sections import clippings_entries
from tests.test_sync_conflicts import sync


def clippings(*entries: tuple[str, str, str]) -> str:
    """A `My Clippings.txt` as a Kindle writes it: a byte order mark, CRLF line ends."""
    lines = []
    for book, meta, text in entries:
        lines += [book, meta, "", text, "=========="]
    return "\ufeff" + "\r\n".join(lines) + "\r\n"


def synced_clippings(tmp_path, entries) -> tuple[list[tuple[str, str]], set[str]]:
    """A `My Clippings.txt` of `entries` (clippings) synced alone: its chunks' (text, header) in order, and the
    index's entity names."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "My Clippings.txt").write_bytes(clippings(*entries).encode("utf-8"))
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        chunks = conn.execute("SELECT text, header FROM chunks ORDER BY seq").fetchall()
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    return chunks, names


MED = "Meditationen (Mark Aurel)"
PRINCE = "Le Petit Prince (Antoine de Saint-Exupéry)"
CIEN = "Cien años de soledad (Gabriel García Márquez)"
FOREIGN = (
    (MED, "- Ihre Markierung auf Seite 17 | Position 245-246 | Hinzugefügt am Donnerstag, 6. November 2025 22:30:00",
     "Du hast Macht über deinen Geist, nicht über äußere Ereignisse."),
    (MED, "- Ihr Lesezeichen auf Seite 20 | Position 290 | Hinzugefügt am Freitag, 7. November 2025 08:00:00", ""),
    (PRINCE, "- Votre surlignement sur la page 12 | emplacement 145-147 | Ajouté le mardi 5 mars 2024 09:12:45",
     "On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux."),
    (CIEN, "- Tu subrayado en la página 7 | posición 89-92 | Añadido el martes, 12 de marzo de 2024 21:30:15",
     "Muchos años después, frente al pelotón de fusilamiento"),
    (CIEN, "- Tu subrayado en la página 7 | posición 89-94 | Añadido el miércoles, 13 de marzo de 2024 08:00:00",
     "Muchos años después, frente al pelotón de fusilamiento, el coronel Aureliano Buendía había de recordar"),
    ("Il nome della rosa (Umberto Eco)",
     "- La tua evidenziazione alla pagina 6 | posizione 36-40 | Aggiunto in data lunedì 30 settembre 2019 18:00:39",
     "Stat rosa pristina nomine, nomina nuda tenemus."),
)


def test_another_language_s_entries_are_read_as_an_english_kindle_s():
    read = clippings_note(clippings(*FOREIGN).removeprefix("\ufeff"))
    assert read is not None
    lines = read.split("\r\n")
    assert lines[1] == "- your highlight on page 17 | location 245-246 | added on 2025-11-06 22:30:00"
    assert lines[11] == "- your highlight on page 12 | location 145-147 | added on 2024-03-05 09:12:45"
    assert lines[26] == "- your highlight on page 6 | location 36-40 | added on 2019-09-30 18:00:39"
    # the bookmark (no text) and the highlight extended the next day are blank lines
    assert lines[5:10] == ["", "", "", "", ""] and lines[15:20] == ["", "", "", "", ""]
    assert [(i, day) for i, _book, day in clippings_entries(read)] == [
        (0, "2025-11-06"), (10, "2024-03-05"), (20, "2024-03-13"), (25, "2019-09-30")]


def test_lower_case_entry_lines_and_an_older_french_kindle():
    text = clippings(
        ("Thinking, Fast and Slow (Daniel Kahneman)",
         "- your highlight on page 3 | location 40-41 | added on monday, 3 november 2025 10:22:13 PM",
         "System 1 operates automatically."),
        ("--authors (Inconnu(e))", "- Votre surlignement Emplacement 307-307 | Ajouté le lundi 17 décembre 2012 à "
         "08:27:45", "un portrait plutôt vrai")).removeprefix("\ufeff")
    lines = clippings_note(text).split("\r\n")
    assert lines[1] == "- your highlight on page 3 | location 40-41 | added on monday, 3 november 2025 10:22:13 pm"
    assert lines[6] == "- your highlight at location 307-307 | added on 2012-12-17 08:27:45"
    assert [day for _i, _book, day in clippings_entries("\n".join(lines))] == ["2025-11-03", "2012-12-17"]


def test_a_foreign_kindle_s_clippings_are_synced_as_entries(tmp_path):
    chunks, names = synced_clippings(tmp_path, FOREIGN)
    heads = {header for _text, header in chunks}
    assert {"My Clippings · Meditationen · date: 2025-11-06", "My Clippings · Le Petit Prince · date: 2024-03-05",
            "My Clippings · Cien años de soledad · date: 2024-03-13",
            "My Clippings · Il nome della rosa · date: 2019-09-30"} <= heads
    text = "\n".join(t for t, _h in chunks)
    assert text.count("Muchos años después") == 1 and "bookmark" not in text and "Lesezeichen" not in text
    assert {"Markierung", "Hinzugefügt", "Position", "Seite", "Ihre Markierung"} & names == set()


def test_a_file_of_bookmarks_alone_holds_no_entry(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    (root / "My Clippings.txt").write_bytes(clippings(
        ("Dune (Frank Herbert)", "- Your Bookmark on page 45 | Location 690 | Added on Saturday, 8 November 2025 "
         "21:03:55", ""), FOREIGN[1]).encode("utf-8"))
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        chunks = conn.execute("SELECT text FROM chunks").fetchall()
    finally:
        conn.close()
    # no chunk of a title and a bookmark line; the note is reported, not dropped
    assert chunks == [] and indexed == ["My Clippings.txt"]
    assert [w["path"] for w in summary.warnings] == ["My Clippings.txt"]


JOURNAL = """[2026-10-03 09:15] Marta called.
She wants the budget by Friday.

[2026-10-03 09:15 PM] Dinner with Jonas.
We talked about the move to Lisbon.

[2026-10-04 10:02:11 PM] Priya sent the draft.
It needs a new intro.

[2026-10-05 07:30] Rain started at noon.
Lunch ran long.

2026-10-06 08:00 Tomasz phoned about the lease.
"""


def test_a_jrnl_journal_s_titles_name_their_people_and_no_12_hour_time(tmp_path):
    """Heuristic rules 23: a jrnl entry's 12-hour time (`[2026-10-03 09:15 PM]`) is its time, so the title's first
    word starts a sentence (`Dinner` was a name; with seconds, `PM` was); `Rain started` names nothing still. A
    person opening a title (`Marta called.`) is named where the journal writes her mid-sentence too, as any
    sentence's first word (fixB: tests/test_formats_review.py)."""
    from minirag_cli.extract.heuristic import VERSION

    root = tmp_path / "notes"
    root.mkdir()
    (root / "journal.txt").write_text(JOURNAL, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        names = {n for (n,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")}
        days = [d for (d,) in conn.execute("SELECT header FROM chunks ORDER BY seq")]
    finally:
        conn.close()
    assert names == {"Jonas", "Lisbon"}
    assert any("date: 2026-10-04" in d for d in days)  # (the 12-hour entries are entries: readers 9)
    assert VERSION >= 23


BEAR_INFO = """{
  "creatorIdentifier" : "net.shinyfrog.bear",
  "net.shinyfrog.bear" : {
    "archived" : 0,
    "creationDate" : "2024-06-07T10:08:13Z",
    "modificationDate" : "2024-06-14T05:56:56Z",
    "pinned" : 0,
    "trashed" : %d,
    "uniqueIdentifier" : "B1C5CA69-462B-45A9-A063-A046FD2A12A1",
    "version" : 3
  },
  "transient" : true,
  "type" : "net.daringfireball.markdown",
  "version" : 2
}
"""


def test_a_bear_bundle_is_dated_by_its_info_json_and_its_trash_skipped(tmp_path, monkeypatch):
    """Readers 12: a Bear note in a TextBundle (Bear 2's backup, unzipped) is dated by its `info.json`'s
    `creationDate` (it was dated by nothing but its file's time), and one Bear's trash holds is skipped with
    that reason (it was indexed as a live note). A strikethrough's marks (Bear's `~...~`, `~~...~~`) are text, as
    in rules 22 (blanking them was tried in rules 23 and taken out, fixG: a struck word opening a line named nothing)."""
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    root = tmp_path / "notes"
    for name, trashed, text in (("Trip to Lisbon", 0, "# Trip to Lisbon\n\nBook the ferry. ~Cancel the hotel~ and "
                                 "call Jonas. ~~Met Marta at noon.~~\n"), ("Old idea", 1, "# Old idea\n\nA deleted thought.\n")):
        bundle = root / f"{name}.textbundle"
        bundle.mkdir(parents=True)
        (bundle / "text.markdown").write_text(text, encoding="utf-8")
        (bundle / "info.json").write_text(BEAR_INFO % trashed, encoding="utf-8")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        heads = [h for (h,) in conn.execute("SELECT header FROM chunks")]
        names = {n for (n,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")}
    finally:
        conn.close()
    assert indexed == ["Trip to Lisbon.textbundle/text.markdown"]
    assert [(s["path"], s["reason"]) for s in summary.skipped] == [
        ("Old idea.textbundle/text.markdown",
         "in Bear's trash (its info.json says trashed): notes deleted in Bear are not indexed")]
    assert heads == ["# Trip to Lisbon · created: 2024-06-07 10:08"]
    assert "Jonas" in names  # (`~~Met Marta at noon.~~` names Met Marta, as in rules 22)


def test_a_strikethrough_is_no_highlight():
    """A strikethrough's marks (`~~...~~`, Bear's `~...~`) are text, as a code fence's `~~~` and `~/notes` are:
    rules 23 blanked them as a highlight's and a struck word opening a line named nothing (fixG, review revH)."""
    from minirag_cli.extract.heuristic import HeuristicExtractor, without_highlight_marks

    names = lambda text: {e.name for e in HeuristicExtractor().extract_one(text) if e.type != "date"}  # noqa: E731
    assert {"Marta", "Jonas"} <= names("- [ ] ~~Marta~~ Jonas to book flights\n")
    assert {"Lisbon", "Porto"} <= names("~~Lisbon~~ Porto\n")
    for text in ("~~~python\nx = 1\n~~~\n", "See ~/notes, ~5 km to ~Lisbon.\n", "a ~~ b ~~ c\n", "~~Cancel~~ it\n"):
        assert without_highlight_marks(text) == text


def test_a_joplin_conflict_copy_before_1_1_is_skipped_beside_its_note(tmp_path):
    """Readers 12: Joplin before 1.1 wrote a conflict copy's `is_conflict: 1` and no `conflict_original_id:`; such a
    copy beside the note of its title was indexed as a live note (the old text ranked beside the note); now it
    is skipped as a 1.1 copy is. Its note gone, it is the version left, and is read."""
    from tests.test_joplin_conflict import COPY_ID, conflict_copy, reason
    from tests.test_joplin_raw import NOTE, NOTE_ID
    from tests.test_joplin_trash import write

    root = tmp_path / "joplin"
    root.mkdir()
    write(root / f"{NOTE_ID}.md", NOTE, 1_790_000_000)
    write(root / f"{COPY_ID}.md", conflict_copy(NOTE.replace("Karl Brenner", "Karl Brennan"), NOTE_ID, COPY_ID,
                                                original_line=False), 1_790_000_000)
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == [f"{NOTE_ID}.md"]
    assert {s["path"]: s["reason"] for s in summary.skipped} == {
        f"{COPY_ID}.md": reason(COPY_ID, NOTE_ID, "Boiler service")}
    (root / f"{NOTE_ID}.md").unlink()
    assert sync(root, tmp_path / "index.sqlite")[1] == [f"{COPY_ID}.md"]


def test_a_small_csv_is_a_table_note_and_a_data_set_is_skipped(tmp_path):
    """Readers 12: a `.csv` was not walked (`not a note file (.csv)`): a reading list or a contacts list kept as CSV
    was never searched. A small one is read as its Markdown table, headed by its file name; one of more than 200
    rows is a data set, skipped with that reason. Its cells name nothing (fixB: tests/test_formats_review.py)."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "reading-list.csv").write_text(
        'Title,Author,Status\nThe Left Hand of Darkness,Ursula K. Le Guin,read\n"Piranesi",Susanna Clarke,'
        '"reading, slowly"\nDune,Frank Herbert,to read\n', encoding="utf-8")
    (root / "sensor.csv").write_text("t,temp\n" + "".join(f"{i},{i % 7}.5\n" for i in range(600)), encoding="utf-8")
    (root / "contacts.csv").write_text("Name;Phone;Note\nPriya Raman;+44 20 7946 0000;met at | the fair\n",
                                       encoding="utf-8")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["contacts.csv", "reading-list.csv"]
    assert [(s["path"], s["reason"]) for s in summary.skipped] == [
        ("sensor.csv", "a CSV of more than 200 rows: a data set, not read as a note (a table of up to 200 rows and "
         "30 columns is)")]
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        chunks = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
        heads = {h for (h,) in conn.execute("SELECT header FROM chunks")}
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    # each row on its file's line (readers 13: a `|---|` line under the header shifted them; formats3's tests)
    assert chunks["reading-list.csv"].split("\n")[:3] == [
        "| Title | Author | Status |", "| The Left Hand of Darkness | Ursula K. Le Guin | read |",
        "| Piranesi | Susanna Clarke | reading, slowly |"]
    assert chunks["contacts.csv"].split("\n")[1] == "| Priya Raman | +44 20 7946 0000 | met at \\| the fair |"
    assert heads == {"reading-list", "contacts"}
    assert not {"Susanna Clarke", "Frank Herbert", "Priya Raman", "Title"} & names
