"""Readers 13, review revC of formats3: a Logseq graph's templates page skipped while its graph stood, the warnings
of notes an older mrag indexed, the same note name in two folders, a Dutch Kindle's clip."""

from __future__ import annotations

import json
import os

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.notekinds import clippings_note
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.test_readers12_formats import clippings
from tests.test_readers13_formats3 import UNCLOSED
from tests.test_sync_conflicts import sync

TEMPLATES = "- x\n  template:: daily\n\t- TODO water the plants\n"


def test_a_templates_page_is_read_again_once_its_graph_is_gone_and_skipped_once_back(tmp_path):
    """A page of `template::` blocks alone is skipped in a graph ("Logseq templates alone"): the walk kept that
    verdict while the file's size and time stood (db.looked_files), so deleting the graph's `logseq/config.edn`
    left the page skipped, its blocks the writer's own text now."""
    root = tmp_path / "notes"
    settings = root / "logseq" / "config.edn"
    settings.parent.mkdir(parents=True)
    settings.write_text("{}\n", encoding="utf-8")
    (root / "pages").mkdir()
    page = root / "pages" / "Templates.md"
    page.write_text(TEMPLATES, encoding="utf-8")
    os.utime(page, (1_700_000_000, 1_700_000_000))  # old: the walk records its verdict (walk.looked_record)
    (root / "pages" / "Home.md").write_text("- Welcome to the garden graph\n", encoding="utf-8")
    first, indexed = sync(root, tmp_path / "index.sqlite")
    assert "pages/Templates.md" not in indexed
    assert [s["reason"] for s in first.skipped if s["path"] == "pages/Templates.md"] == [
        "Logseq templates alone (`template::` blocks): templates are not indexed"]
    assert "pages/Templates.md" not in sync(root, tmp_path / "index.sqlite")[1]  # as before
    settings.unlink()  # no graph: the page is its writer's text
    gone, indexed = sync(root, tmp_path / "index.sqlite")
    assert "pages/Templates.md" in indexed and gone.added_paths == ["pages/Templates.md"]
    assert sync(root, tmp_path / "index.sqlite")[0].added_paths == []
    settings.write_text("{}\n", encoding="utf-8")  # a graph again: templates, skipped
    back, indexed = sync(root, tmp_path / "index.sqlite")
    assert "pages/Templates.md" not in indexed and back.removed_paths == ["pages/Templates.md"]


def test_the_warnings_of_notes_an_older_mrag_indexed_are_counted_after_the_upgrade(tmp_path):
    """An index synced before warnings were recorded (no meta read_warnings, readers 12) holds a `.tex` whose
    `\\iffalse` is never closed: the upgrade's sync reads it as indexed, so it is not indexed anew and its warning
    was never said again. It is counted as before, by that sync and every later one."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "paper.tex").write_text(UNCLOSED, encoding="utf-8")
    (root / "plain.md").write_text("# Plain\n\nNothing to warn of.\n", encoding="utf-8")
    first, _ = sync(root, tmp_path / "index.sqlite")
    said = [w["reason"] for w in first.warnings if w["path"] == "paper.tex"]
    assert len(said) == 1
    conn = db.connect(tmp_path / "index.sqlite")
    try:  # as an mrag of readers 12 left it
        with conn:
            conn.execute("DELETE FROM meta WHERE key = ?", (db.READ_WARNINGS_KEY,))
            db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root): 12}))
    finally:
        conn.close()
    upgraded, _ = sync(root, tmp_path / "index.sqlite")
    assert upgraded.changed_paths == [] and upgraded.reread["checked"] == 2
    assert upgraded.warned_before == [{"root": str(root), "path": "paper.tex", "reason": said[0]}]
    assert sync(root, tmp_path / "index.sqlite")[0].warned_before == upgraded.warned_before


def test_notes_of_one_name_in_two_folders_are_two_notes_read_with_a_warning(tmp_path):
    """`W3/x.txt` and `W4/x.txt`, each read as cp1252: the count of notes read with a warning as before was of
    their paths alone, one note; `--json` lists each with its folder."""
    from rich.console import Console

    from minirag_cli.format import render_sync_summary

    roots = [tmp_path / "W3", tmp_path / "W4"]
    for root in roots:
        root.mkdir()
        (root / "x.txt").write_bytes("Café one, from the old laptop\n".encode("cp1252"))

    def synced():
        conn = db.connect(tmp_path / "index.sqlite", create=True)
        try:
            return sync_folders(conn, roots, embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                                options=SyncOptions(chunk_tokens=40, overlap_tokens=4))
        finally:
            conn.close()

    first = synced()
    assert len(first.warnings) == 2
    again = synced()
    console = Console(record=True, width=300)
    render_sync_summary(again.to_dict(), console)
    said = "decoded as cp1252 (Windows-1252), not UTF-8 (as before)"  # each named by its folder's path
    assert [line for line in console.export_text().splitlines() if line.startswith("warning")] == [
        f"warning {root / 'x.txt'}: {said}" for root in roots]
    assert sorted((w["root"], w["path"]) for w in again.to_dict()["warned_before"]) == [
        (str(roots[0]), "x.txt"), (str(roots[1]), "x.txt")]


def test_a_dutch_kindle_s_clip_is_an_entry():
    """A Dutch Kindle's clip (`Uw knipsel`, the English `Your Clip`) is read in the English form, as its
    highlights, notes and bookmarks are: its line was kept as written (a name `Uw`, no day)."""
    entries = [("Meditaties (Marcus Aurelius)", f"- Uw {kind} op pagina 17 | locatie 245-246 | Toegevoegd op "
                "donderdag 6 november 2025 22:30:00", "Je hebt macht over je geest.") for kind in ("markering",
                                                                                                "knipsel")]
    read = clippings_note(clippings(*entries).removeprefix("\ufeff"))
    assert read is not None
    assert "- your clip on page 17 | location 245-246 | added on 2025-11-06 22:30:00" in read.split("\r\n")


def test_a_sync_stopped_by_ctrl_c_keeps_the_warnings_of_the_notes_it_wrote(tmp_path):
    """The warnings' record was written when the whole sync ended: a sync stopped by Ctrl-C after writing a
    `.tex` whose `\\iffalse` is never closed kept the note and lost its warning, never said again (the note
    unchanged, not read). Each note's warnings are recorded with the note."""
    import pytest

    root = tmp_path / "notes"
    root.mkdir()
    (root / "paper.tex").write_text(UNCLOSED, encoding="utf-8")

    def stop(_roots):
        raise KeyboardInterrupt

    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        with pytest.raises(KeyboardInterrupt):
            sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                         options=SyncOptions(chunk_tokens=40, overlap_tokens=4), on_first_note=stop)
    finally:
        conn.close()
    again, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == ["paper.tex"] and again.added_paths == [] and again.changed_paths == []
    assert [(w["path"], w["reason"][:10]) for w in again.warned_before] == [("paper.tex", "`\\iffalse`")]


def test_the_warnings_record_is_written_once_per_sync_not_per_note(tmp_path, monkeypatch):
    """Each warned note rewrote the whole warnings' record as it was written: a first sync of thousands of
    cp1252 notes was quadratic (6,000 notes: 42 s against 11 s, review revF). The record is written once at the
    end (and once when a sync is stopped: the test above), whatever the number of warned notes."""
    root = tmp_path / "notes"
    root.mkdir()
    for i in range(12):
        (root / f"note{i:02d}.txt").write_bytes(f"Caf\xe9 number {i} with r\xe9sum\xe9\n".encode("latin-1"))
    writes = []
    real = db.set_meta

    def counting(conn, key, value):
        if key == db.READ_WARNINGS_KEY:
            writes.append(key)
        return real(conn, key, value)

    monkeypatch.setattr(db, "set_meta", counting)
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert len(indexed) == 12 and len(summary.warnings) == 12
    assert len(writes) == 1
