"""A notes folder kept in sync between devices (Dropbox, Syncthing, Nextcloud, OneDrive): a sync tool's
conflict copy beside the note it copies is not indexed (it outranked the note with its one different
figure, and its tasks were listed twice), is listed as skipped with what to do, and `mrag doctor` and
`mrag status` say so while any is left. A copy whose note is gone, and names that only look alike, are
notes. A note iCloud evicted (`.Health.md.icloud` in its place) stays indexed as last synced, not removed.
A note holding git's merge conflict markers is warned about."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

BUDGET = "# Budget\n\nThe Q4 budget is 18,400 EUR.\n\n- [ ] Send the Q4 budget to Tomás\n"
COPIES = {
    "Budget (conflicted copy 2026-11-03).md": "Dropbox",
    "Budget (Priya's MacBook's conflicted copy 2026-11-03).md": "Dropbox",
    "Budget (Priya\u2019s conflicted copy 2026-11-03 (1)).md": "Dropbox",
    "Budget (conflicted copy 2026-11-03 101112).md": "Nextcloud",
    "Budget (conflict 2026-11-03 10-11-12).md": "Nextcloud",
    "Budget_conflict-20261103-101112.md": "ownCloud",
    "Budget.sync-conflict-20261103-101112-ABCDEFG.md": "Syncthing",
    "Budget-DESKTOP-1A2B3C4.md": "OneDrive",
    "Budget-LAPTOP-8K2M4QZR.md": "OneDrive",
}
NOTES = {  # not conflict copies: a numbered note, a name with a suffix, a copy whose note is gone
    "Budget 2.md": "# Budget 2\n\nThe second budget draft.\n",
    "Budget-Q4.md": "# Budget Q4\n\nThe Q4 figures.\n",
    # not Windows' computer names (DESKTOP- and 7, LAPTOP- and 8 capitals and digits, both in it)
    "Budget-LAPTOP-2026.md": "# Laptop budget 2026\n\nBuy a ThinkPad.\n",
    "Budget-LAPTOP-SETUP.md": "# Setup\n\nLAPTOP setup\n",
    "Budget-DESKTOP-REFRESH.md": "# Desktop refresh\n\nNew screens.\n",
    "Plan (conflicted copy 2026-11-03).md": "# Plan\n\nThe only version left.\n",
    "sub/Budget.sync-conflict-20261103-101112-ABCDEFG.md": "# Budget\n\nIn a folder without Budget.md.\n",
}


def sync(root: Path, db_path: Path):
    conn = db.connect(db_path, create=True)
    try:
        summary = sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"),
                               extractor=HeuristicExtractor(),
                               options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
        return summary, sorted(path for (path,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()


def test_conflict_copies_beside_their_note_are_not_indexed(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET, **{name: BUDGET.replace("18,400", "19,000") for name in COPIES},
                       **NOTES})
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted(["Budget.md", *NOTES])
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    for name, tool in COPIES.items():
        assert reasons[name] == f"{tool} conflict copy of Budget.md: merge its edit into Budget.md and delete it"
    # the note deleted (the copy kept instead): the copies are the versions left, and are indexed
    (root / "Budget.md").unlink()
    _, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([*COPIES, *NOTES])


def test_doctor_warns_of_the_conflict_copies_left(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET, "Budget-DESKTOP-1A2B3C4.md": BUDGET + "\nReserve: 5,100 EUR\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)

    def conflicts():
        result = CliRunner().invoke(app, ["--db", str(db_path), "doctor", "--no-load", "--json"])
        return [c for c in json.loads(result.stdout)["checks"] if c["name"] == "conflicts"]

    [check] = conflicts()
    assert check["status"] == "warn"
    assert "1 sync conflict copy not indexed" in check["detail"]
    assert f"{root.resolve()}/Budget-DESKTOP-1A2B3C4.md (OneDrive conflict copy of Budget.md)" in check["detail"]
    assert "Merge each copy's edit into its note" in check["fix"]
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert status["conflict_copies"] == [{"root": str(root.resolve()), "path": "Budget-DESKTOP-1A2B3C4.md",
                                          "reason": "OneDrive conflict copy of Budget.md: merge its edit into "
                                                    "Budget.md and delete it"}]
    shown = CliRunner().invoke(app, ["--db", str(db_path), "status"]).stdout
    assert "1 sync conflict copy not indexed" in " ".join(shown.split()), shown
    (root / "Budget-DESKTOP-1A2B3C4.md").unlink()  # merged and deleted: nothing to say
    sync(root, db_path)
    assert conflicts() == []
    assert json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)["conflict_copies"] == []


def evict(note: Path) -> None:
    """What iCloud's "Optimize Mac Storage" does to a note: a hidden placeholder in its place."""
    placeholder = note.parent / f".{note.name}.icloud"
    placeholder.write_bytes(b"bplist00\xd2\x01\x02\x03\x04_\x10\x0fNSURLNameKey")
    note.unlink()


def test_a_note_icloud_evicted_stays_indexed_as_last_synced(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"Health.md": "# Health\n\nDentist appointment on December 3.\n", "Car.md": "# Car\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    evict(root / "Health.md")
    summary, indexed = sync(root, db_path)
    assert indexed == ["Car.md", "Health.md"] and summary.removed_paths == []
    [skip] = [s for s in summary.skipped if s["path"] == "Health.md"]
    assert skip["reason"].startswith("not downloaded: iCloud holds only a placeholder here (.Health.md.icloud)")
    assert skip["reason"].endswith("(kept as last synced)")
    # ask does not call it deleted (a sync would change nothing)
    result = CliRunner().invoke(app, ["--db", str(db_path), "ask", "dentist appointment", "--json"])
    answer = json.loads(result.stdout)
    assert answer["results"][0]["path"] == "Health.md" and answer["unsynced"] == []
    # a placeholder of a note never downloaded here is listed, not indexed; the note deleted for real goes
    evict(root / "Car.md")
    (root / ".Car.md.icloud").unlink()
    (root / ".Plan.md.icloud").write_bytes(b"bplist00")
    summary, indexed = sync(root, db_path)
    assert indexed == ["Health.md"]
    assert {s["path"]: s["reason"].endswith("(not indexed until it can be read)")
            for s in summary.skipped} == {"Health.md": False, "Plan.md": True}


def test_a_note_with_git_conflict_markers_is_warned_about(tmp_path):
    root = tmp_path / "notes"
    trip = ("# Trip to Lisbon\n\n<<<<<<< HEAD\nWe fly TAP on November 17.\n=======\n"
            "We fly Lufthansa on November 16.\n>>>>>>> priya-laptop\n")
    git_howto = "# Git\n\nA conflict looks like this:\n\n```\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> b\n```\n"
    write_notes(root, {"Trip to Lisbon.md": trip, "Git.md": git_howto,
                       "Windows.md": trip.replace("\n", "\r\n").replace("Trip to Lisbon", "Windows")})
    summary, _ = sync(root, tmp_path / "index.sqlite")
    warned = {w["path"]: w["reason"] for w in summary.warnings}
    assert warned == dict.fromkeys(["Trip to Lisbon.md", "Windows.md"],
                                   "holds a git merge conflict (`<<<<<<<` at line 3, `=======`, `>>>>>>>`): "
                                   "both versions are indexed; resolve it")


BUDGET_LONG = ("---\ntitle: Budget\ndate: 2026-10-28\n---\n# Budget 2026\n\n## Q4 budget\n"
               "The Q4 budget is 18,400 EUR, agreed with Priya Raman on October 28.\n"
               "- Rent and utilities: 9,600 EUR\n- Travel to Lisbon for the Harbourview offsite: 3,200 EUR\n"
               "- Reserve: 4,500 EUR\n\n- [ ] Send the Q4 budget to Tomás Ferreira for sign-off\n")
NUMBERED = {"Budget 2.md": "iCloud", "Budget (1).md": "Google Drive", "Budget copy.md": "Finder",
            "Budget copy 2.md": "Finder"}


def test_a_copy_named_as_notes_are_numbered_is_skipped_when_its_text_is_nearly_its_notes(tmp_path):
    root = tmp_path / "notes"
    chapter = "# Chapter\n\nLi Hua moved to Riverside in May and opened the bakery on Elm Street.\n"
    chapter2 = "# Chapter 2\n\nThe bakery's first winter: Priya joined, and the oven broke twice.\n"
    write_notes(root, {"Budget.md": BUDGET_LONG,
                       **{name: BUDGET_LONG.replace("3,200", "2,900") for name in NUMBERED},
                       "Chapter.md": chapter, "Chapter 2.md": chapter2,
                       # a copy with one edit in a short note still is one (0.94); a rewrite is a note
                       "Short.md": BUDGET, "Short 2.md": BUDGET.replace("18,400", "19,000"),
                       "Plan.md": "# Plan\n\nQ4: 18,400 EUR\n", "Plan 2.md": "# Plan\n\nQ1: 20,000 EUR\n",
                       "Empty.md": "", "Empty 2.md": "", "Budget 2025.md": BUDGET_LONG})
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["Budget 2025.md", "Budget.md", "Chapter 2.md", "Chapter.md", "Empty 2.md", "Empty.md",
                       "Plan 2.md", "Plan.md", "Short.md"]
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    for name in [*NUMBERED, "Short 2.md"]:  # which tool made it, its name does not say (nor that one did)
        original = name.split(' ')[0] + ".md"
        assert reasons[name] == f"a numbered copy (iCloud, Google Drive, Finder) of {original}, with nearly its " \
                                f"text: merge its edit into {original} and delete it, or keep it as a note " \
                                f"with the line `!{name}` in .mragignore"
    # reported as the other sync tools' copies are
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert sorted(c["path"] for c in status["conflict_copies"]) == sorted([*NUMBERED, "Short 2.md"])
    # a note rewritten to nearly its numbered neighbour's text is a copy then; the copy's note gone, a note
    (root / "Chapter 2.md").write_text(chapter.replace("May", "June"), encoding="utf-8")
    (root / "Budget.md").unlink()
    summary, indexed = sync(root, db_path)
    assert "Chapter 2.md" not in indexed
    # (`Budget copy 2.md` is still a copy: of `Budget copy.md`, with the same text)
    assert {"Budget 2.md", "Budget (1).md", "Budget copy.md"} <= set(indexed)


def test_near_copy_measure_and_threshold():
    from minirag_cli.walk import NEAR_COPY_RATIO, near_copy

    assert NEAR_COPY_RATIO == 0.9
    words = " ".join(f"w{i}" for i in range(20))
    assert near_copy(words, words.replace("w7 ", "x7 "))  # 19 of 20 words: 0.95
    assert not near_copy(words, words.replace("w7 w8 w9", "x7 x8 x9"))  # 17 of 20: 0.85
    assert not near_copy("", "") and not near_copy("a", "")


def test_a_numbered_note_and_its_note_unchanged_are_not_opened_again(tmp_path, monkeypatch):
    import os
    import time

    from tests.test_sync import _note_opens

    root = tmp_path / "notes"
    write_notes(root, {"Chapter.md": "# Chapter\n\nThe move to Riverside.\n",
                       "Chapter 2.md": "# Chapter 2\n\nThe bakery's first winter.\n"})
    old = time.time() - 60  # not racy: the next sync compares the mtimes the first recorded
    for path in root.iterdir():
        os.utime(path, (old, old))
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    opened = _note_opens(monkeypatch, root)
    _, indexed = sync(root, db_path)
    assert indexed == ["Chapter 2.md", "Chapter.md"] and opened == []


def test_git_conflict_marker_lines_name_nothing(tmp_path):
    trip = ("# Trip to Lisbon\n\n<<<<<<< HEAD\nWe fly TAP on November 17.\n||||||| Merged Base\nWe fly.\n=======\n"
            "We fly Lufthansa on November 16.\n>>>>>>> Feature/Budget\n")
    names = {m.name for m in HeuristicExtractor().extract_one(trip)}
    assert {"TAP", "Lufthansa", "Lisbon"} <= names and not names & {"HEAD", "Budget", "Feature", "Merged", "Base"}
    # both sides are read; eight marks are a nested quote's, read as written
    assert "Alice" in {m.name for m in HeuristicExtractor().extract_one("# Mail\n\n>>>>>>>> I met Alice there.\n")}
    root = tmp_path / "notes"
    write_notes(root, {"Trip to Lisbon.md": trip})
    sync(root, tmp_path / "index.sqlite")
    conn = db.connect(tmp_path / "index.sqlite")
    try:
        entities = {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    assert "TAP" in entities and "HEAD" not in entities


def test_a_numbered_copy_of_an_ignored_note_is_indexed(tmp_path):
    # .mragignore keeps Budget.md out: `Budget 2.md` is no copy of a note this sync indexes, and the
    # only version of its figure that is searched (it was skipped as the copy: neither was indexed)
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET_LONG, "Budget 2.md": BUDGET_LONG + "\nNew figure: 42k.\n",
                       ".mragignore": "Budget.md\n"})
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["Budget 2.md"]
    assert not any("conflict copy" in s["reason"] for s in summary.skipped)


def test_a_numbered_copy_and_its_note_unchanged_are_not_compared_again(tmp_path, monkeypatch):
    import os
    import time

    from tests.test_sync import _note_opens

    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET_LONG, "Budget 2.md": BUDGET_LONG.replace("3,200", "2,900")})
    old = time.time() - 60  # not racy: the next sync compares the mtimes the first recorded
    for path in root.iterdir():
        os.utime(path, (old, old))
    db_path = tmp_path / "index.sqlite"
    assert sync(root, db_path)[1] == ["Budget.md"]
    opened = _note_opens(monkeypatch, root)
    summary, indexed = sync(root, db_path)  # the copy is skipped unopened (a 300 kB pair took 5.5 s a sync)
    assert indexed == ["Budget.md"] and opened == []
    assert {s["path"]: s["reason"] for s in summary.skipped}["Budget 2.md"].startswith("a numbered copy")
    # its note rewritten: compared anew, no copy now
    (root / "Budget.md").write_text("# Budget\n\nA new plan altogether: no figures yet.\n", encoding="utf-8")
    assert sync(root, db_path)[1] == ["Budget 2.md", "Budget.md"]


def test_near_copy_of_long_notes_is_quick():
    import time

    from minirag_cli.walk import near_copy

    # 150,000 words of a few hundred kinds, 12 to a line, as a long journal
    def journal(edited: int = 0) -> str:  # a word of every `edited`th line edited
        return " ".join(("x" if edited and i % (12 * edited) == 0 else "") + f"w{(i * 7919) % 301}"
                        + ("\n" if i % 12 == 11 else "") for i in range(150_000))

    text = journal()
    start = time.perf_counter()
    assert near_copy(text.replace("w5 ", "edited ", 1), text)
    assert near_copy(journal(50), text)  # 49 of 50 lines as they were
    assert not near_copy(journal(5), text)  # 4 of 5
    assert not near_copy(text[:len(text) // 2], text)  # half the words
    assert time.perf_counter() - start < 5  # difflib over the words took over 50 s for one such pair


def test_a_numbered_copy_is_kept_as_a_note_by_a_negation_in_mragignore(tmp_path):
    # a revision `Draft 2.md`, Obsidian's `Untitled 2.md` from a template: notes, as the skip message says
    root = tmp_path / "notes"
    untitled = "# Meeting\n\n" + " ".join(f"Agenda item {i} for the weekly review." for i in range(12)) + "\n"
    write_notes(root, {"Draft.md": BUDGET_LONG, "Draft 2.md": BUDGET_LONG.replace("3,200", "2,900"),
                       "Untitled.md": untitled, "Untitled 2.md": untitled.replace("weekly", "monthly", 1),
                       "Plan [Q4].md": BUDGET_LONG, "Plan [Q4] 2.md": BUDGET_LONG.replace("3,200", "2,900")})
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    assert indexed == ["Draft.md", "Plan [Q4].md", "Untitled.md"]
    reasons = {s["path"]: s["reason"] for s in summary.skipped}
    lines = [reason.split("the line `")[1].split("`")[0] for reason in reasons.values()]
    assert lines == ["!Draft 2.md", "!Plan \\[Q4] 2.md", "!Untitled 2.md"]
    (root / ".mragignore").write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary, indexed = sync(root, db_path)
    assert indexed == ["Draft 2.md", "Draft.md", "Plan [Q4] 2.md", "Plan [Q4].md", "Untitled 2.md",
                       "Untitled.md"]
    assert summary.skipped == []


def test_windows_macos_and_office_litter_is_passed_over_silently(tmp_path):
    """Explorer's `desktop.ini` and thumbnail caches, macOS's `Icon\\r`, Office's `~$` owner file and
    LibreOffice's `.~lock.` file were each a `skipped ... not a note file` line on a first sync: noise. They
    are passed over and counted (`system_files` in --json); a note named `desktop.md` is read."""
    root = tmp_path / "notes"
    write_notes(root, {"Budget.md": BUDGET, "desktop.md": "# Desktop\n\nA new desk for the study.\n",
                       "photos/notes.txt": "Holiday photos.\n", "picture.png": "not text"})
    litter = ["desktop.ini", "photos/Thumbs.db", "photos/ehthumbs.db", "Icon\r", "photos/Icon\r",
              ".~lock.Budget.odt#", "~$Budget.docx", "Desktop.ini"]
    for name in litter:
        (root / name).write_bytes(b"\x00\x01[.ShellClassInfo]\r\n")
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["Budget.md", "desktop.md", "photos/notes.txt"]
    assert [(s["path"], s["reason"]) for s in summary.skipped] == [("picture.png", "not a note file (.png)")]
    assert summary.system_files == len(litter) - 1  # `.~lock.` is a hidden file, passed over as any
    db_path = tmp_path / "cli.sqlite"
    result = CliRunner().invoke(app, ["--db", str(db_path), "sync", str(root)])
    assert result.exit_code == 0, result.output
    assert "picture.png" in result.output
    assert not any(word in result.output for word in ("desktop.ini", "Thumbs", "Icon", "~$", "lock")), result.output
    result = CliRunner().invoke(app, ["--db", str(db_path), "sync", str(root), "--json"])
    assert json.loads(result.stdout)["system_files"] == len(litter) - 1


def test_a_note_named_as_onedrive_names_a_copy_for_a_user_named_computer_is_indexed_and_warned_of(
        tmp_path, monkeypatch):
    """OneDrive names its copy for the other computer: Windows' `DESKTOP-1A2B3C4` is told by its shape
    (skipped), a name its user gave (`WORKPC`, `Priyas-Laptop`) is also how people name their own notes
    (`Budget-Q4.md`, a filled-in template `Standup-ACME.md`), nearly their note's text: skipped on that
    guess, a note and its open task were gone (review revP). Indexed, and the sync says once that it may be a
    copy; doctor and status list it, not as skipped. Unchanged, the pair is not compared again."""
    import os
    import time

    from tests.test_sync import _note_opens

    root = tmp_path / "notes"
    copy = BUDGET_LONG.replace("3,200", "2,900")
    standup = ("# Weekly standup\n\n## Attendees\n- \n\n## What went well\n- \n\n## Action items\n- [ ] \n\n"
               "## Notes\nUse this template every Monday. Copy it, name it for the team, fill in each section "
               "before the meeting.\nKeep items short; one line per item; owners in bold; due dates as YYYY-MM-DD.\n")
    write_notes(root, {"Budget.md": BUDGET_LONG, "Budget-WORKPC.md": copy, "Budget-Priyas-Laptop.md": copy,
                       "Budget-Q4.md": copy, "Budget-DESKTOP-1A2B3C4.md": copy,  # Windows' own name: skipped
                       "Standup.md": standup,
                       "Standup-ACME.md": standup.replace("- \n", "- Priya\n", 1).replace(
                           "- [ ] \n", "- [ ] Renew the Hetzner contract\n"),
                       "Plan.md": "# Plan\n\nMove to Riverside in May.\n",
                       "Plan-2026.md": "# Plan 2026\n\nOpen the bakery on Elm Street.\n",
                       "Plan-Berlin.md": BUDGET_LONG.replace("Budget", "Plan"),  # like no Plan.md
                       "Budget-final.md": copy, "Budget-v2.md": copy,
                       "Notes.md": "# Notes\n\nOn the garden.\n", "Notes-Setup.md": "# Setup\n\nInstall mrag.\n",
                       "Standup-weekly.md": standup, "Standup-week1.md": standup})  # all lower case: a note's name
    old = time.time() - 60  # not racy: the next sync compares the mtimes the first recorded
    for path in root.iterdir():
        os.utime(path, (old, old))
    db_path = tmp_path / "index.sqlite"
    summary, indexed = sync(root, db_path)
    maybe = ["Budget-Priyas-Laptop.md", "Budget-Q4.md", "Budget-WORKPC.md", "Standup-ACME.md"]
    assert indexed == sorted(["Budget-final.md", "Budget-v2.md", "Budget.md", "Notes-Setup.md", "Notes.md",
                              "Plan-2026.md", "Plan-Berlin.md", "Plan.md", "Standup-week1.md", "Standup-weekly.md",
                              "Standup.md", *maybe])
    assert [s["path"] for s in summary.skipped] == ["Budget-DESKTOP-1A2B3C4.md"]
    warned = {w["path"]: w["reason"] for w in summary.warnings}
    assert warned == {name: f"may be a OneDrive copy (named for a computer) of {name.split('-')[0]}.md, with nearly "
                            f"its text (indexed all the same): if it is one, merge its edit into "
                            f"{name.split('-')[0]}.md and delete it; if it is a note, the line `!{name}` in "
                            ".mragignore silences this" for name in maybe}
    tasks = CliRunner().invoke(app, ["--db", str(db_path), "tasks", "--json"])
    assert "Renew the Hetzner contract" in tasks.stdout, tasks.output
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["conflict_copies"]] == ["Budget-DESKTOP-1A2B3C4.md"]
    assert [c["path"] for c in status["possible_copies"]] == maybe
    doctor = CliRunner().invoke(app, ["--db", str(db_path), "doctor", "--no-load", "--json"])
    listed = {c["name"]: c["detail"] for c in json.loads(doctor.stdout)["checks"]}
    assert "4 indexed notes may be OneDrive copies" in listed["possible copies"]
    assert "1 sync conflict copy not indexed" in listed["conflicts"]
    opened = _note_opens(monkeypatch, root)
    summary, indexed = sync(root, db_path)  # said once: unchanged, neither compared nor said again
    assert opened == [] and len(indexed) == 15 and summary.warnings == []
    monkeypatch.undo()
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["possible_copies"]] == maybe  # still listed
    # silenced by a negation line, as a numbered copy is kept a note
    (root / ".mragignore").write_text("!Budget-WORKPC.md\n", encoding="utf-8")
    summary, indexed = sync(root, db_path)
    assert "Budget-WORKPC.md" in indexed and summary.warnings == []
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["possible_copies"]] == [n for n in maybe if n != "Budget-WORKPC.md"]
    # edited away from its note: compared anew, no longer listed
    (root / "Budget-Q4.md").write_text("# Q4\n\nThe Q4 figures are not in yet.\n", encoding="utf-8")
    os.utime(root / "Budget-Q4.md", (old, old))
    summary, indexed = sync(root, db_path)
    assert "Budget-Q4.md" in indexed and summary.warnings == []
    status = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "status", "--json"]).stdout)
    assert [c["path"] for c in status["possible_copies"]] == ["Budget-Priyas-Laptop.md", "Standup-ACME.md"]
