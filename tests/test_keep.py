"""qa37 (a Google Keep user): Google Takeout exports Keep as `Takeout/Keep/`, one
JSON file per note (`Groceries.json`; an untitled note named by its time) beside
its `.html` twin, the attachments and `Labels.txt`. `.json` was never walked: the
whole of Keep was invisible (`not a note file (.json)` 31 times, `(.html)` 30
times), and `Labels.txt` was indexed as a note of label names. Now a `.json` of
Keep's shape is read as the Markdown note it would be (keep.py): its title,
creation time as its date, labels as tags, its checklist as tasks; a note in
Keep's trash is skipped with that reason; the HTML twins, attachments and
`Labels.txt` are passed over in silence; any other `.json` stays no note."""

from __future__ import annotations

import json
import os
import time

import pytest
from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.keep import KeepTrashed, keep_text
from tests.test_sync_conflicts import sync
from tests.test_tasks import listed, run

# 2026-11-03 08:15:02 UTC: 09:15 in Berlin
CREATED = 1793693702123000
EDITED = 1793866502000000  # two days later


def keep(title: str = "", *, text: str | None = None, items=None, trashed: bool = False, labels=(),
         created: int = CREATED, **more) -> str:
    """A Keep note's JSON as Takeout writes it (one line, its keys in Takeout's order)."""
    note = {"color": "DEFAULT", "isTrashed": trashed, "isPinned": False, "isArchived": False}
    if text is not None:
        note["textContent"] = text
    if items is not None:
        note["listContent"] = [{"text": t, "isChecked": c} for t, c in items]
    note |= {"title": title, "userEditedTimestampUsec": more.pop("edited", created), "createdTimestampUsec": created}
    if labels:
        note["labels"] = [{"name": label} for label in labels]
    note |= more
    return json.dumps(note, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def berlin(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_keep_note_reads_as_markdown_with_front_matter(berlin):
    text = keep("Trip to Lisbon", text="Booked Hotel Avenida Palace.\nFlight TP 579.", labels=["Travel", "Home  Projects"],
                edited=EDITED, annotations=[{"description": "", "source": "WEBLINK", "title": "Avenida [site]",
                                             "url": "https://example.pt/a b"}],
                attachments=[{"filePath": "1a2b.jpg", "mimetype": "image/jpeg"}])
    assert keep_text(text) == (
        "---\ntitle: Trip to Lisbon\ndate: 2026-11-03 09:15\nupdated: 2026-11-05 09:15\n"
        "tags:\n  - Travel\n  - Home-Projects\n---\n\n"
        "Booked Hotel Avenida Palace.\nFlight TP 579.\n\n"
        "[Avenida (site)](https://example.pt/a%20b)\n\nattached: 1a2b.jpg (image/jpeg)\n")
    checklist = keep("[Shop] today", items=[("Milk", False), ("Eggs", True), ("", False)], isArchived=True)
    assert keep_text(checklist) == ("---\ntitle: '[Shop] today'\ndate: 2026-11-03 09:15\narchived: true\n---\n\n"
                                    "- [ ] Milk\n- [x] Eggs\n")
    with pytest.raises(KeepTrashed, match=r'^a Google Keep note in the trash \("Old list"\)'):
        keep_text(keep("Old list", text="x", trashed=True))
    with pytest.raises(ValueError):
        keep_text(json.dumps({"directed": False, "nodes": []}))  # JSON of another shape


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (1_790_000_000, 1_790_000_000))


def test_a_takeout_keep_folder_is_indexed(tmp_path, berlin, capsys, monkeypatch):
    root = tmp_path / "notes"
    folder = root / "Takeout" / "Keep"
    notes = {
        "Groceries": keep("Groceries", items=[("Milk", False), ("Eggs", True), ("Sourdough bread", False)],
                          labels=["Shopping", "Home Projects"]),
        "Trip to Lisbon": keep("Trip to Lisbon", text="Booked Hotel Avenida Palace for 12-15 December.",
                               attachments=[{"filePath": "1a2b3c4d.jpg", "mimetype": "image/jpeg"}]),
        "2026-11-03T09_15_02.123+01_00": keep(text="Call Dr. Weber's office about the appointment."),
        "Old shopping list": keep("Old shopping list", items=[("Batteries", False)], trashed=True),
    }
    for name, text in notes.items():
        write(folder / f"{name}.json", text)
        write(folder / f"{name}.html", f"<html><body><div class='title'>{name}</div></body></html>")
    (folder / "1a2b3c4d.jpg").write_bytes(b"\xff\xd8\xff\xe0" + bytes(200))
    (folder / "memo.3gp").write_bytes(bytes(300))
    write(folder / "Labels.txt", "Shopping\nTravel\n")
    write(root / "package.json", '{"name": "site", "version": "1.0.0"}')  # JSON of another shape: no note
    write(root / "diary.md", "# Diary\n\nA walk by the river.\n")
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["Takeout/Keep/2026-11-03T09_15_02.123+01_00.json", "Takeout/Keep/Groceries.json",
                       "Takeout/Keep/Trip to Lisbon.json", "diary.md"]
    assert {s["path"]: s["reason"] for s in summary.skipped} == {
        "Takeout/Keep/Old shopping list.json": 'a Google Keep note in the trash ("Old shopping list")',
        "package.json": "not a note file (.json)"}
    assert summary.system_files == 4 + 2 + 1  # the HTML twins, the attachments, Labels.txt: in silence
    # the checklist's open items are tasks, dated by the note's creation (Berlin time)
    assert [(t["path"], t["line"], t["text"], t["note_date"]) for t in listed(db_path)] == [
        ("Takeout/Keep/Groceries.json", 9, "Milk", "2026-11-03"),
        ("Takeout/Keep/Groceries.json", 11, "Sourdough bread", "2026-11-03")]
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "Takeout/Keep/Trip to Lisbon.json"])
    assert shown.exit_code == 0, shown.output
    assert "title: Trip to Lisbon" in shown.output and "Booked Hotel Avenida Palace" in shown.output
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "Takeout/Keep/Groceries.json"])
    named = [e.strip().split(" (")[0] for e in shown.output.split("entities", 1)[1].split(", ")]
    tags = {name for name in named if name.startswith("#")}
    assert tags == {"#Shopping", "#Home-Projects"}, shown.output  # a label of two words one tag
    # what the walk passes over, `mrag show` says what it is (it said `saved since the last sync`)
    for name, said in (("Groceries.html", "the HTML twin of the Google Keep note Groceries.json"),
                       ("1a2b3c4d.jpg", "an attachment of the Google Keep note Trip to Lisbon.json"),
                       ("Labels.txt", "Google Keep's list of labels")):
        code, _out, err = run(capsys, monkeypatch, "--db", db_path, "show", f"Takeout/Keep/{name}")
        assert code == 1 and f"never indexed: {said}" in " ".join(err.split()), err
    # nothing changed: the same notes, the same skipped files (the trashed note and package.json not read again)
    summary, again = sync(root, db_path)
    assert again == indexed and summary.system_files == 7
    assert sorted(s["path"] for s in summary.skipped) == ["Takeout/Keep/Old shopping list.json", "package.json"]


def test_an_index_of_older_readers_reads_its_keep_notes_at_the_next_sync(tmp_path, berlin, monkeypatch):
    """Readers 9 walked past a Keep note's `.json` as `not a note file` and recorded so (walk's `looked`, not
    opened again while unchanged): readers 10 opens them again, and indexes them, at the next sync."""
    from minirag_cli import db

    root = tmp_path / "notes"
    write(root / "Keep" / "Groceries.json", keep("Groceries", items=[("Milk", False)]))
    write(root / "diary.md", "# Diary\n\nA walk by the river.\n")
    db_path = tmp_path / "index.sqlite"
    with monkeypatch.context() as m:
        m.setattr("minirag_cli.walk.keep_json", lambda text: None)  # the older readers: no `.json` was a note
        summary, indexed = sync(root, db_path)
    assert indexed == ["diary.md"] and [s["reason"] for s in summary.skipped] == ["not a note file (.json)"]
    conn = db.connect(db_path)
    db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 9}))
    conn.commit()
    conn.close()
    summary, indexed = sync(root, db_path)
    assert indexed == ["Keep/Groceries.json", "diary.md"] and summary.skipped == []
    assert [t["text"] for t in listed(db_path)] == ["Milk"]


def test_two_keep_notes_of_one_title_are_two_notes(tmp_path, berlin):
    """A title Keep holds twice (this week's groceries and last week's) is `Groceries.json` and `Groceries (1).json`
    (or a second Takeout download): nearly the same text, numbered as iCloud and Google Drive number a copy, the
    second was skipped as `a numbered copy ... of Groceries.json`. Created at another time, it is another note;
    a copy with the note's own creation time is still a copy."""
    root = tmp_path / "notes"
    items = [("Milk", False), ("Eggs", False), ("Bread", False), ("Butter", False), ("Apples", False)]
    write(root / "Keep" / "Groceries.json", keep("Groceries", items=items + [("Coffee", False)]))
    write(root / "Keep" / "Groceries (1).json", keep("Groceries", items=items + [("Tea", False)],
                                                     created=CREATED + 7 * 86400 * 10**6))
    write(root / "Keep" / "Groceries 2.json", keep("Groceries", items=items + [("Juice", False)]))  # a copy
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["Keep/Groceries (1).json", "Keep/Groceries.json"]
    assert [s["path"] for s in summary.skipped] == ["Keep/Groceries 2.json"]
    assert summary.skipped[0]["reason"].startswith("a numbered copy (iCloud, Google Drive, Finder) of Groceries.json")


def test_a_keep_note_trashed_since_leaves_the_index(tmp_path, berlin):
    """A new Takeout export over the old one: a note moved to Keep's trash since is gone from `ask` and `mrag tasks`
    at the next sync; restored, it is back."""
    root = tmp_path / "notes"
    path = root / "Keep" / "Groceries.json"
    write(path, keep("Groceries", items=[("Milk", False)]))
    db_path = tmp_path / "index.sqlite"
    assert sync(root, db_path)[1] == ["Keep/Groceries.json"]
    path.write_text(keep("Groceries", items=[("Milk", False)], trashed=True), encoding="utf-8")
    os.utime(path, (1_790_000_100, 1_790_000_100))
    summary, indexed = sync(root, db_path)
    assert indexed == [] and [s["path"] for s in summary.skipped] == ["Keep/Groceries.json"]
    assert listed(db_path) == []
    path.write_text(keep("Groceries", items=[("Milk", False)]), encoding="utf-8")
    os.utime(path, (1_790_000_200, 1_790_000_200))
    assert sync(root, db_path)[1] == ["Keep/Groceries.json"]
    assert [t["text"] for t in listed(db_path)] == ["Milk"]


def test_a_keep_note_of_an_attachment_alone_and_takeouts_own_page(tmp_path, berlin, capsys, monkeypatch):
    """qa37: a Keep note holding only a voice memo read as its front matter alone, which its snippet showed
    (`--- title: Voice memo date: ... ---`): its attachments are named in its text (`attached: ...`).
    Takeout's own index page, `Takeout/archive_browser.html`, was listed as `not a note file (.html)`: it
    is passed over in silence, as a Keep note's HTML twin is, and `mrag show` of it says what it is."""
    root = tmp_path / "notes"
    folder = root / "Takeout" / "Keep"
    write(folder / "Voice memo.json", keep("Voice memo", text="",
                                           attachments=[{"filePath": "memo_1.3gp", "mimetype": "audio/3gpp"}]))
    write(folder / "Voice memo.html", "<html><body>Voice memo</body></html>")
    (folder / "memo_1.3gp").write_bytes(bytes(300))
    write(folder / "Bakery.json", keep("Bakery", text="Sourdough at Zeit für Brot on Saturday."))
    write(root / "Takeout" / "archive_browser.html", "<html><body>Your Takeout archive</body></html>")
    write(root / "site" / "archive_browser.html", "<html>a page of the user's own site</html>")  # no Takeout
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["Takeout/Keep/Bakery.json", "Takeout/Keep/Voice memo.json"]
    assert summary.skipped == [{"path": "site/archive_browser.html", "reason": "not a note file (.html)"}]
    assert summary.system_files == 3  # the twin, the voice memo, Takeout's page
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "ask", "voice memo", "--no-answer", "-k", "1")
    assert code == 0, err
    snippet = out.split("\n")[1].strip()
    assert snippet == "attached: memo_1.3gp (audio/3gpp)", out
    code, _out, err = run(capsys, monkeypatch, "--db", db_path, "show", "Takeout/archive_browser.html")
    assert code == 1 and "never indexed: Google Takeout's own index page" in " ".join(err.split()), err


def test_an_archived_keep_list_holds_no_open_task(tmp_path, berlin):
    """Review revW: `mrag tasks` listed the unticked items of an archived Keep list (`"isArchived": true`),
    Keep's way of putting a list away done. They are listed with --all alone, as an Org archive's TODOs are;
    and `shared-with:` named the note's owner (Takeout lists the owner among its sharees, `isOwner`)."""
    root = tmp_path / "notes"
    folder = root / "Takeout" / "Keep"
    write(folder / "Old groceries.json", keep("Old groceries", items=[("Flour", False), ("Sugar", True)],
                                              isArchived=True))
    write(folder / "Groceries.json", keep("Groceries", items=[("Milk", False)], sharees=[
        {"isOwner": True, "type": "WRITER", "email": "me@example.com"},
        {"isOwner": False, "type": "WRITER", "email": "anna@example.com"}]))
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    assert [(t["path"], t["text"]) for t in listed(db_path)] == [("Takeout/Keep/Groceries.json", "Milk")]
    assert [(t["path"], t["text"]) for t in listed(db_path, "--overdue")] == []
    assert sorted((t["path"], t["text"], t["done"]) for t in listed(db_path, "--all")) == [
        ("Takeout/Keep/Groceries.json", "Milk", False), ("Takeout/Keep/Old groceries.json", "Flour", False),
        ("Takeout/Keep/Old groceries.json", "Sugar", True)]
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "Takeout/Keep/Groceries.json"])
    assert "shared-with: [anna@example.com]\n" in shown.output, shown.output
