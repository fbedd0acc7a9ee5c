"""The formats merge's findings of review (readers 12, rules 23 unreleased): a struck word opening a line is named
(fixG: strike blanking taken out), a CSV is searched but names nothing, a Bear bundle's info.json decides anew at each
sync, a jrnl title's first word is a sentence's, a pre-1.1 Joplin conflict copy's note is of its notebook."""

from __future__ import annotations

from minirag_cli import db
from tests.test_sync_conflicts import sync


def entity_names(db_path) -> set[str]:
    conn = db.connect(db_path)
    try:
        return {n for (n,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")}
    finally:
        conn.close()


def test_a_struck_or_highlighted_word_opening_a_line_is_named(tmp_path):
    """Rules 23 blanked a strikethrough's marks (formats) and every mark with a thin space (fixB): a struck or
    highlighted word opening a line, task, label's value or heading then opened its sentence and named nothing
    (`- [ ] ~~Marta~~ Jonas to book flights` named Jonas alone, `~~Lisbon~~ Porto` Porto; review revH). Marks are
    read as in rules 22 again (fixG): a strikethrough's are text, a highlight's blanked with spaces."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "plans.md").write_text(
        "# Plans\n\n- [ ] ~~Marta~~ Jonas to book flights\n\n~~Lisbon~~ Porto\n\nOwner: ~~Ines~~ Priya\n\n"
        "## ~~Braga~~ Faro trip\n\nAttendees: ~~Oskar~~ Tomasz, Carla\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    names = entity_names(tmp_path / "index.sqlite")
    assert {"Marta", "Jonas", "Lisbon", "Porto", "Ines", "Priya", "Braga", "Faro", "Oskar", "Tomasz", "Carla"} <= names


def test_a_csv_is_searched_but_names_nothing(tmp_path):
    """Readers 12 read a `.csv` of up to 500 rows as a table and extracted it as a note: a bank's statement of
    120 rows made its payee, `EUR`, `EC` and `Kartenzahlung` the index's top names (a clique, 970 relations) and
    a sensor log of 499 rows 63 chunks filling searches. Its rows are searched still (BM25), but name nothing;
    a link to it links; one of more than 200 rows is a data set, skipped; Excel's `sep=;` line is no header."""
    from minirag_cli import retrieve
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "notes"
    root.mkdir()
    rows = "".join(f"{d:02d}.03.2026;REWE Markt GmbH;Kartenzahlung;EC {12340 + d} Berlin;-{d}5,82;EUR\n"
                   for d in range(1, 29))
    (root / "Kontoauszug_2026_03.csv").write_text(
        "\ufeffBuchungstag;Empfänger;Buchungstext;Verwendungszweck;Betrag;Währung\n" + rows * 4, encoding="utf-8")
    (root / "sensor.csv").write_text("timestamp,temp\n" + "".join(f"2026-01-01T{i // 60:02d}:{i % 60:02d}:00,20.{i}\n"
                                                                  for i in range(201)), encoding="utf-8")
    (root / "excel.csv").write_text("sep=;\nName;City\nAnna Schmidt;München\nJonas Weber;Köln\n", encoding="utf-8")
    (root / "budget.md").write_text("# Budget\n\nMarta Kowalska checks [the statement](Kontoauszug_2026_03.csv) "
                                    "with Jonas Weber.\n", encoding="utf-8")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["Kontoauszug_2026_03.csv", "budget.md", "excel.csv"]
    assert [(s["path"], s["reason"]) for s in summary.skipped] == [
        ("sensor.csv", "a CSV of more than 200 rows: a data set, not read as a note (a table of up to 200 rows and "
         "30 columns is)")]
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        named = {(path, name) for path, name in conn.execute(
            "SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
        relations = conn.execute("SELECT count(*) FROM relations").fetchone()[0]
        excel = conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                             "WHERE d.path = 'excel.csv'").fetchone()[0]
        found = {r["path"] for r in retrieve.search(conn, "Kartenzahlung REWE", embedder=hashing_embedder("hashing:64"),
                                                    mode="bm25", k=5).results}
    finally:
        conn.close()
    # the statement is named by its file name alone, which the budget's link mentions too: the link links
    assert {name for path, name in named if path.endswith(".csv")} == {"Kontoauszug_2026_03"}
    assert ("budget.md", "Kontoauszug_2026_03") in named and ("budget.md", "Jonas Weber") in named
    assert relations <= 3  # the budget's own sentence: Marta Kowalska, Jonas Weber, the statement
    assert excel.split("\n")[:2] == ["| Name | City |", "| Anna Schmidt | München |"]  # (on the file's lines 2, 3)
    assert found == {"Kontoauszug_2026_03.csv"}


def test_a_model_is_sent_no_csv(tmp_path, conn, embedder):
    """The same for a model extractor: a CSV's windows are none, so the model reads none of its rows."""
    from minirag_cli.sync import SyncOptions, sync_folders
    from tests.test_sync_stream import FakeModel

    root = tmp_path / "notes"
    root.mkdir()
    (root / "payees.csv").write_text("Payee,Amount,Currency\nREWE Markt GmbH,12.50,EUR\nBäckerei Müller,3.20,EUR\n",
                                     encoding="utf-8")
    (root / "trip.md").write_text("# Trip\n\nAnna Weber booked the ferry with Oskar Brandt.\n", encoding="utf-8")
    model = FakeModel()
    sync_folders(conn, [root], embedder=embedder, extractor=model, options=SyncOptions())
    assert model.runs and all(len(run) == 1 for run in model.runs)  # the trip's one window
    names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    assert {"Anna Weber", "Oskar Brandt"} <= names and not names & {"REWE Markt GmbH", "Bäckerei Müller", "EUR"}


def test_a_bear_note_s_info_json_alone_changes_it(tmp_path, monkeypatch):
    """Readers 12 read a Bear bundle's info.json (its creation, its trash) with its text, but a sync looked at
    the text file alone: a note trashed in Bear (info.json rewritten, its text as it was) stayed indexed, one
    restored stayed skipped, a creation changed kept the old date, where a rebuild read each anew. The bundle's
    text is recorded with the later of the two files' times, and read anew when either changed."""
    import os
    import time

    from tests.test_readers12_formats import BEAR_INFO

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    root = tmp_path / "notes"
    bundle = root / "Trip to Lisbon.textbundle"
    bundle.mkdir(parents=True)
    (bundle / "text.markdown").write_text("# Trip to Lisbon\n\nBook the ferry with Jonas.\n", encoding="utf-8")
    os.utime(bundle / "text.markdown", (1_790_000_000, 1_790_000_000))

    def bear_says(trashed: int, created: str, at: int):
        (bundle / "info.json").write_text((BEAR_INFO % trashed).replace("2024-06-07T10:08:13Z", created),
                                          encoding="utf-8")
        os.utime(bundle / "info.json", (at, at))

    def synced(name: str):
        summary, indexed = sync(root, tmp_path / name)
        conn = db.connect(tmp_path / name)
        try:
            heads = [h for (h,) in conn.execute("SELECT header FROM chunks")]
        finally:
            conn.close()
        return indexed, heads, [(s["path"], s["reason"]) for s in summary.skipped]

    bear_says(0, "2024-06-07T10:08:13Z", 1_790_000_000)
    assert synced("index.sqlite")[:2] == (["Trip to Lisbon.textbundle/text.markdown"],
                                          ["# Trip to Lisbon · created: 2024-06-07 10:08"])
    bear_says(1, "2024-06-07T10:08:13Z", 1_790_000_100)  # trashed in Bear
    trashed = synced("index.sqlite")
    assert trashed == ([], [], [("Trip to Lisbon.textbundle/text.markdown", "in Bear's trash (its info.json says "
                                 "trashed): notes deleted in Bear are not indexed")])
    bear_says(0, "2023-01-02T03:04:00Z", 1_790_000_200)  # restored, and its creation set earlier
    restored = synced("index.sqlite")
    assert restored == (["Trip to Lisbon.textbundle/text.markdown"], ["# Trip to Lisbon · created: 2023-01-02 03:04"],
                        [])
    assert synced("rebuilt.sqlite") == restored
    bear_says(0, "2022-05-06T07:08:00Z", 1_790_000_300)  # its creation alone changed: its text's bytes the same
    assert synced("index.sqlite")[1] == ["# Trip to Lisbon · created: 2022-05-06 07:08"]
    assert sync(root, tmp_path / "index.sqlite")[0].unchanged == 1  # then as it is: not read again



def unsynced(db_path, root) -> list[str]:
    """The states store.unsynced_edits gives of every note the index holds of `root`."""
    from minirag_cli.store.lookup import unsynced_edits

    conn = db.connect(db_path)
    try:
        notes = [(str(root.resolve()), path) for (path,) in conn.execute("SELECT path FROM documents")]
        return [edit["state"] for edit in unsynced_edits(conn, notes)]
    finally:
        conn.close()


def test_a_bear_bundle_touched_or_dated_ahead_is_not_indexed_anew(tmp_path):
    """fixB read a bundle's text anew whenever its or its info.json's time changed and never let it take the
    "same bytes, only touched" shortcut: a touch re-embedded it, and an info.json dated ahead (a clock, a copy)
    re-indexed it at every sync. What says a bundle changed is its two files' bytes (fixG, review revH); an
    info.json rewritten (its trash, its creation) still changes it."""
    import os

    from tests.test_readers12_formats import BEAR_INFO

    root = tmp_path / "notes"
    bundle = root / "Trip to Lisbon.textbundle"
    bundle.mkdir(parents=True)
    (bundle / "text.markdown").write_text("# Trip to Lisbon\n\nBook the ferry with Jonas.\n", encoding="utf-8")
    (bundle / "info.json").write_text(BEAR_INFO % 0, encoding="utf-8")
    for file in bundle.iterdir():
        os.utime(file, (1_790_000_000, 1_790_000_000))
    assert sync(root, tmp_path / "index.sqlite")[0].added == 1
    for file in bundle.iterdir():  # touched: the same bytes
        os.utime(file, (1_790_000_500, 1_790_000_500))
    assert unsynced(tmp_path / "index.sqlite", root) == []
    touched = sync(root, tmp_path / "index.sqlite")[0]
    assert (touched.changed, touched.embedded, touched.unchanged) == (0, 0, 1)
    ahead = 4_000_000_000  # info.json dated in 2096
    os.utime(bundle / "info.json", (ahead, ahead))
    for _ in range(3):
        again = sync(root, tmp_path / "index.sqlite")[0]
        assert (again.changed, again.embedded, again.unchanged) == (0, 0, 1)
    (bundle / "info.json").write_text(BEAR_INFO % 1, encoding="utf-8")  # trashed in Bear, its time ahead still
    os.utime(bundle / "info.json", (ahead, ahead))
    assert unsynced(tmp_path / "index.sqlite", root) == ["changed"]  # (`mrag show` says so before a sync)
    assert sync(root, tmp_path / "index.sqlite")[1] == []

JOURNAL = """[2026-10-03 09:15] Marta called.
We meet Marta on Friday about the budget.

[2026-10-03 11:00] Priya sent the draft.
It needs a new intro.

[2026-10-04 10:00] Lunch with Marta and Jonas.
We talked about the move.

[2026-10-05 11:00] Everyone came over for dinner.

[2026-10-05 12:00] Nobody came.

[2026-10-05 13:00] Someone called about the car.

[2026-10-05 17:00] Police came by.

[2026-10-05 18:00] Bank sent a letter.

[2026-10-06 15:00] Neighbours invited us.

[2026-10-06 16:00 PM] Dinner with Jonas.

[2026-10-06 21:15:00 PM] Lunch with Ines.
"""


def test_a_jrnl_title_s_first_word_is_a_sentence_s(tmp_path):
    """Rules 23 named a jrnl title's first word before a verb of a person (`Marta called.`), and so `Everyone came
    over`, `Nobody came.`, `Someone called`, `Police came by.`, `Bank sent a letter.`, `Neighbours invited us.`
    named those words. It is a sentence's first word again: a name there is named where its entry (its chunk, as
    for any sentence's first word) writes it mid-sentence too, Marta, and Priya not. The 12-hour times name
    nothing still."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "journal.txt").write_text(JOURNAL, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        called = {n for (n,) in conn.execute(
            "SELECT e.name FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id "
            "WHERE c.text LIKE '%Marta called%' AND e.type != 'date'")}
    finally:
        conn.close()
    assert entity_names(tmp_path / "index.sqlite") == {"Marta", "Jonas", "Ines"}
    assert called == {"Marta"}


def test_a_pre_1_1_joplin_copy_s_note_is_of_its_notebook(tmp_path):
    """Readers 12 skipped a conflict copy Joplin wrote before 1.1 (no `conflict_original_id:`) beside any note of its
    title: a note of that title in another notebook (two notebooks' `Boiler service`) hid the only version left
    of the copy's note, deleted since. Its note is of its title and its notebook (`parent_id:`)."""
    from tests.test_joplin_conflict import COPY_ID, conflict_copy, reason
    from tests.test_joplin_raw import FOLDER_ID, NOTE, NOTE_ID
    from tests.test_joplin_trash import write

    root = tmp_path / "joplin"
    root.mkdir()
    other_id = "0" * 31 + "9"
    write(root / f"{other_id}.md", NOTE.replace(f"id: {NOTE_ID}", f"id: {other_id}")
          .replace(f"parent_id: {FOLDER_ID}", "parent_id: " + "f" * 32), 1_790_000_000)
    write(root / f"{COPY_ID}.md", conflict_copy(NOTE.replace("Karl Brenner", "Karl Brennan"), NOTE_ID, COPY_ID,
                                                original_line=False), 1_790_000_000)
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([f"{other_id}.md", f"{COPY_ID}.md"]) and not summary.skipped
    # its note beside it, in its notebook: skipped, as before
    write(root / f"{NOTE_ID}.md", NOTE, 1_790_000_000)
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([f"{other_id}.md", f"{NOTE_ID}.md"])
    assert {s["path"]: s["reason"] for s in summary.skipped} == {f"{COPY_ID}.md": reason(COPY_ID, NOTE_ID, "Boiler service")}
