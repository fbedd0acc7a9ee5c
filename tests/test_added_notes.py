"""Notes added to a synced folder since its last sync (added.py): `mrag ask` named the results edited or deleted
since the sync, but a note added since is in no result, so it was never named (qa s51: a new
`daily/2026-12-07.md`, "Finally sent Chiara the code", left "Did NOT send Chiara the code yet" ranked first with
no word that the index was behind). Real folders, a real index synced as `mrag sync` syncs, hashing vectors."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli import walk as walk_module
from minirag_cli.walk import UNTRUSTED_FOLDER_TIME, trusted_folder_time, walk_notes
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {
    "daily/2026-12-01.md": "# 2026-12-01\nLab meeting. Promised Chiara Esposito the warmup code.\n",
    "daily/2026-12-04.md": "# 2026-12-04\nDid NOT send Chiara Esposito the code yet, do it Monday.\n",
    "people/chiara.md": "# Chiara Esposito\nLabmate, works on mixture-of-experts routing.\n",
    "papers/scaling/chinchilla.md": "# Chinchilla\nCompute-optimal scaling, read with Chiara Esposito.\n",
}
QUESTION = "did I send Chiara Esposito the code?"


def aged(root: Path) -> None:
    """Every folder under `root` (and it) last changed an hour ago: a folder changed within the clock's tick (or,
    on a coarse file system, the last 2 s) is recorded as untrusted (walk.folder_record) and listed at every
    question, which these tests tell apart."""
    past = time.time() - 3600
    for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        os.utime(folder, (past, past))


def coarse_now(folder: Path) -> None:
    """`folder` changed this second on a file system keeping whole seconds (FAT, old HFS): too recent to trust
    (walk.trusted_folder_time)."""
    now = time.time_ns() // 1_000_000_000 * 1_000_000_000
    os.utime(folder, ns=(now, now))


def synced(tmp_path: Path, notes: dict[str, str] = NOTES) -> tuple[Path, Path]:
    """(root, index path) of `notes` written under tmp_path/vault, aged, synced as `mrag sync` syncs them."""
    root = tmp_path / "vault"
    write_notes(root, notes)
    aged(root)
    db_path = tmp_path / "index.sqlite"
    sync(db_path, root)
    return root.resolve(), db_path


def sync(db_path: Path, root: Path) -> None:
    with Index.open(effective({"db": str(db_path), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([root], SyncOptions(), extractor=HeuristicExtractor())


def added(db_path: Path) -> list[dict]:
    with Index.open(effective({"db": str(db_path)}), embedder_factory=hashing_embedder) as index:
        return index.added_notes()


def mrag(db_path: Path, *args: str):
    res = CliRunner().invoke(app, ["--db", str(db_path), *args])
    assert res.exit_code == 0, res.output
    return res


def test_a_note_added_since_the_sync_is_named_by_ask_and_status(tmp_path):
    root, db_path = synced(tmp_path)
    assert added(db_path) == []
    write_notes(root, {"daily/2026-12-07.md": "# 2026-12-07\nFinally sent Chiara Esposito the warmup code.\n"})
    new = {"root": str(root), "path": "daily/2026-12-07.md"}
    assert added(db_path) == [new]

    said = mrag(db_path, "ask", QUESTION, "--no-answer")
    assert "daily/2026-12-04.md" in said.stdout and "2026-12-07" not in said.stdout  # not seen by the index
    # the index given with --db, which `mrag sync ROOT` alone would not sync (it makes ROOT/.mrag/index.sqlite): named
    line = (f"1 note in {root} was added since the last sync (daily/2026-12-07.md): run `mrag --db {db_path} sync "
            f"{root}` to search it")
    assert line in " ".join(said.stderr.split()), said.stderr
    assert line in " ".join(mrag(db_path, "ask", QUESTION, "--paths").stderr.split())
    as_json = mrag(db_path, "ask", QUESTION, "--no-answer", "--json")
    assert json.loads(as_json.stdout)["added_notes"] == [new]
    assert json.loads(mrag(db_path, "status", "--json").stdout)["added_notes"] == [new]
    shown = " ".join(mrag(db_path, "status").stdout.split())
    assert "not synced 1 note in" in shown and "daily/2026-12-07.md" in shown, shown
    pytest.importorskip("mcp", reason="the mcp extra is part of the test environment (pip install '.[mcp]')")
    from minirag_cli.mcp_server import MragTools

    with Index.open(effective({"db": str(db_path)})) as index:  # the MCP search tool: `mrag ask --json`'s keys
        tools = MragTools(index)
        assert tools.search(QUESTION)["added_notes"] == [new] and tools.status()["added_notes"] == [new]

    sync(db_path, root)  # read now: nothing to say
    assert added(db_path) == []
    said = mrag(db_path, "ask", QUESTION, "--no-answer")
    assert "daily/2026-12-07.md" in said.stdout and "added since" not in said.stderr
    assert json.loads(mrag(db_path, "ask", QUESTION, "--no-answer", "--json").stdout)["added_notes"] == []
    assert json.loads(mrag(db_path, "status", "--json").stdout)["added_notes"] == []
    assert "not synced" not in mrag(db_path, "status").stdout


def test_new_subfolders_are_looked_into_and_many_notes_named_three(tmp_path):
    root, db_path = synced(tmp_path)
    write_notes(root, {"projects/new/plan.md": "A plan.\n", "people/amira.md": "Amira Haddad.\n",
                       "people/lukas.md": "Lukas.\n", "papers/scaling/kaplan.md": "Kaplan.\n"})
    assert [item["path"] for item in added(db_path)] == ["papers/scaling/kaplan.md", "people/amira.md",
                                                          "people/lukas.md", "projects/new/plan.md"]
    said = " ".join(mrag(db_path, "ask", QUESTION, "--no-answer").stderr.split())
    assert (f"4 notes in {root} were added since the last sync (papers/scaling/kaplan.md, people/amira.md, "
            f"people/lukas.md and 1 more): run `mrag --db {db_path} sync {root}` to search them") in said, said


def test_removed_notes_and_files_a_sync_passes_over_are_not_added(tmp_path):
    root, db_path = synced(tmp_path, {**NOTES, ".mragignore": "drafts/\n*.tmp.md\n"})
    (root / "daily/2026-12-01.md").unlink()  # deleted: said of the results that held it (unsynced_edits)
    (root / "papers/scaling/chinchilla.md").rename(root / "papers/chinchilla.txt.bak")  # moved out as no note
    write_notes(root, {".obsidian/workspace.json": "{}", ".obsidian/snippets/x.md": "hidden\n",
                       ".hidden.md": "hidden\n", "people/photo.png": "not a note", "drafts/idea.md": "ignored\n",
                       "people/scratch.tmp.md": "ignored\n", "daily/.2026-12-07.md.swp": "an editor's\n"})
    (root / "logseq").mkdir()
    assert added(db_path) == []
    said = mrag(db_path, "ask", QUESTION, "--no-answer")
    assert "added since" not in said.stderr, said.stderr


def test_a_note_the_last_sync_skipped_is_not_added(tmp_path):
    root, db_path = synced(tmp_path, {**NOTES, "people/binary.md": "\x00\x01\x02" * 40})
    with Index.open(effective({"db": str(db_path)})) as index:
        assert "people/binary.md" in db.skipped_files(index.conn)[str(root)]
    write_notes(root, {"people/juergen.md": "Jürgen Müller, co-supervisor.\n"})  # the folder is listed anew
    assert added(db_path) == [{"root": str(root), "path": "people/juergen.md"}]


def test_an_unchanged_folder_costs_a_stat_per_folder_and_a_change_lists_its_folder_alone(tmp_path, monkeypatch):
    """The check runs at every question: with nothing added it lists no folder (a stat each), and with a note
    added it lists the folder that changed (and those on the way to it), not all of them."""
    root, db_path = synced(tmp_path)
    listed: list[str] = []
    scandir = os.scandir

    def spy(path="."):
        listed.append(os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", spy)
    assert added(db_path) == [] and listed == []
    write_notes(root, {"papers/scaling/hoffmann.md": "Hoffmann et al.\n"})
    assert added(db_path) == [{"root": str(root), "path": "papers/scaling/hoffmann.md"}]
    assert sorted(set(listed)) == [str(root), str(root / "papers"), str(root / "papers/scaling")], listed


def test_nothing_is_said_of_a_gone_folder_nor_by_an_index_without_the_record(tmp_path):
    root, db_path = synced(tmp_path)
    write_notes(root, {"daily/2026-12-07.md": "Sent Chiara Esposito the code.\n"})
    moved = tmp_path / "moved"
    shutil.move(str(root), moved)
    assert added(db_path) == []  # the folder is gone: the unsynced notice says so of the results
    said = mrag(db_path, "ask", QUESTION, "--no-answer")
    assert "added since" not in said.stderr and "is gone" in said.stderr, said.stderr
    shutil.move(str(moved), root)
    assert len(added(db_path)) == 1
    with Index.open(effective({"db": str(db_path)})) as index:  # synced by an older mrag: nothing to compare with
        with db.transaction(index.conn):
            db.delete_meta(index.conn, db.FOLDER_TIMES_KEY)
    assert added(db_path) == []


def test_the_record_only_saves_a_listing_the_index_says_what_is_added(tmp_path):
    """A sync stopped before its end leaves the older record (and a folder changed just now is recorded as
    untrusted): the folders then look changed and are listed, and only the notes the index does not hold are
    named, never one it holds."""
    root, db_path = synced(tmp_path)
    with Index.open(effective({"db": str(db_path)})) as index:
        older = db.get_meta(index.conn, db.FOLDER_TIMES_KEY)
    write_notes(root, {"daily/2026-12-07.md": "Sent Chiara Esposito the code.\n", "projects/plan.md": "A plan.\n"})
    coarse_now(root / "daily")
    sync(db_path, root)
    with Index.open(effective({"db": str(db_path)})) as index:
        recorded = db.folder_times(index.conn)[str(root)]
        assert recorded["daily/"] == UNTRUSTED_FOLDER_TIME and recorded["people/"] > 0  # written just now
        assert "projects/" in recorded and "projects/" not in json.loads(older)[str(root)]
        with db.transaction(index.conn):
            db.set_meta(index.conn, db.FOLDER_TIMES_KEY, older)
    assert added(db_path) == []
    write_notes(root, {"daily/2026-12-08.md": "Another day.\n"})
    assert added(db_path) == [{"root": str(root), "path": "daily/2026-12-08.md"}]


@pytest.mark.parametrize("hidden", [".git", "node_modules"])
def test_the_walk_records_the_folders_it_lists(tmp_path, hidden):
    root = tmp_path / "vault"
    write_notes(root, {**NOTES, f"{hidden}/x.md": "x\n", ".mragignore": "node_modules/\n"})
    aged(root)
    folders = walk_notes(root).folders
    assert sorted(folders) == ["", "daily/", "papers/", "papers/scaling/", "people/"]
    assert folders["daily/"] == (root / "daily").stat().st_mtime_ns
    (root / "daily/new.md").write_text("new\n")
    coarse_now(root / "daily")
    assert walk_notes(root).folders["daily/"] == UNTRUSTED_FOLDER_TIME


@pytest.mark.parametrize("mtime_ns, read_at_ns, trusted", [
    (1_796_610_411_248_293_134, 1_796_610_411_465_214_610, True),  # a fine mtime 0.2 s old (after a watch's sync)
    (1_796_610_411_248_293_134, 1_796_610_411_258_000_000, False),  # 10 ms: maybe the clock tick under way
    (1_796_610_411_000_000_000, 1_796_610_412_500_000_000, False),  # whole seconds (FAT, old HFS) 1.5 s old
    (1_796_610_411_000_000_000, 1_796_610_413_000_000_000, True),  # ... 2 s old
    (1_796_610_411_248_293_134, 1_796_610_410_000_000_000, False),  # ahead of the clock (a file server's)
])
def test_a_folder_time_is_trusted_by_its_precision_and_age(mtime_ns, read_at_ns, trusted):
    """A folder changed 0.2 s before a sync listed it (`sync --watch` picking up a note) was recorded untrusted
    and listed at every question until the next sync (review revB): only a coarse file system's whole-second
    mtime needs the 2 s guard."""
    assert trusted_folder_time(mtime_ns, read_at_ns) is trusted


def counted_walks(monkeypatch) -> list:
    """The `within` of each walk_notes call from now on (added._unseen_in's look into changed folders)."""
    walks: list = []
    walk = walk_module.walk_notes

    def counted(*args, **kwargs):
        walks.append(kwargs.get("within"))
        return walk(*args, **kwargs)

    monkeypatch.setattr(walk_module, "walk_notes", counted)
    return walks


def test_after_a_sync_that_picks_up_a_note_just_added_a_question_lists_no_folder(tmp_path, monkeypatch):
    """`sync --watch` syncs a note within a second of its saving: the folder's mtime is fresh when listed, and
    was recorded untrusted, so every question walked the folder anew until a later sync (review revB)."""
    root, db_path = synced(tmp_path)
    write_notes(root, {"daily/2026-12-07.md": "# 2026-12-07\nFinally sent Chiara Esposito the warmup code.\n"})
    time.sleep(0.05)  # past a fine file system's clock tick, well within the 2 s guard
    sync(db_path, root)
    walks = counted_walks(monkeypatch)
    assert added(db_path) == [] and walks == []
    mrag(db_path, "ask", QUESTION, "--no-answer")
    assert walks == []
    write_notes(root, {"daily/2026-12-08.md": "Another day.\n"})
    assert added(db_path) == [{"root": str(root), "path": "daily/2026-12-08.md"}]
    assert [sorted(w.changed) for w in walks] == [["daily/"]]


def test_an_index_kept_in_the_synced_folder_lists_no_folder_until_a_note_is_added(tmp_path, monkeypatch):
    """An index in a folder it syncs (not hidden) changes that folder's mtime at each opening and closing (SQLite's
    -wal and -shm): the folder looked changed, and was walked, at every question (review revB)."""
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    aged(root)
    db_path = root / "index.sqlite"
    sync(db_path, root)
    root = root.resolve()
    walks = counted_walks(monkeypatch)
    assert added(db_path) == [] and added(db_path) == []
    mrag(db_path, "ask", QUESTION, "--no-answer")
    assert walks == []
    write_notes(root, {"idea.md": "An idea.\n"})
    assert added(db_path) == [{"root": str(root), "path": "idea.md"}]
    assert [sorted(w.changed) for w in walks] == [[""]]


def test_held_paths_asks_once_per_500_paths_and_finds_the_held_ones(tmp_path):
    # store.read.held_paths (added._unseen_in's check of a new folder's notes): the held paths of a mix, in one
    # query per 500 paths (it was one per path: a folder of 1,200 new notes cost 1,200 queries per question)
    from minirag_cli.store.read import held_paths

    root, db_path = synced(tmp_path)
    held = set(NOTES)
    unheld = {f"new/{i:04d}.md" for i in range(1200)} | {"DAILY/2026-12-01.md", "daily/2026-12-01.md.bak"}
    conn = db.connect(db_path)
    try:
        statements: list[str] = []
        conn.set_trace_callback(statements.append)
        assert held_paths(conn, str(root), [*sorted(unheld), *held, "people/chiara.md"]) == held
        assert len([s for s in statements if "FROM documents" in s]) == 3, statements[:5]
        conn.set_trace_callback(None)
        assert held_paths(conn, str(root), []) == set()
        assert held_paths(conn, str(root / "daily"), held) == set()  # another folder's paths are not its
    finally:
        conn.close()


def test_a_hint_names_the_index_when_mrag_sync_alone_would_sync_another(tmp_path, monkeypatch):
    # `mrag --db ~/work.sqlite ask ...` said `mrag sync /x`, which synced (or made) another index: the hints that
    # sync the index (a note added, a note changed, `mrag show` of a note not indexed) name it, shell-quoted
    root = (tmp_path / "my vault").resolve()
    write_notes(root, NOTES)
    aged(root)
    db_path = tmp_path / "work index.sqlite"
    sync(db_path, root)
    write_notes(root, {"daily/2026-12-07.md": "# 2026-12-07\nSent Chiara Esposito the code.\n"})
    (root / "people/chiara.md").write_text("# Chiara Esposito\nLabmate, now on routing.\n", encoding="utf-8")
    named = f"mrag --db '{db_path}' sync '{root}'"
    said = " ".join(mrag(db_path, "ask", QUESTION, "--no-answer").stderr.split())
    assert f"run `{named}` to search it" in said, said
    shown = CliRunner().invoke(app, ["--db", str(db_path), "show", "people/chiara.md"])
    assert f"`{named}` updates the index" in " ".join(shown.stderr.split()), shown.stderr
    missing = CliRunner().invoke(app, ["--db", str(db_path), "show", str(root / "daily/2026-12-07.md")])
    assert f"`{named}` indexes it" in missing.exception.hint, missing.exception  # the error's hint
    status = "".join(mrag(db_path, "status").stdout.split())  # the table folds long paths: compared without blanks
    assert "notsynced" in status and "".join(named.split()) in status, status
    # the index `mrag sync ROOT` reaches alone: MRAG_DB's, or the one in ROOT's .mrag/: no --db
    monkeypatch.setenv("MRAG_DB", str(db_path))
    said = " ".join(CliRunner().invoke(app, ["ask", QUESTION, "--no-answer"]).stderr.split())
    assert f"run `mrag sync '{root}'` to search it" in said, said
    monkeypatch.delenv("MRAG_DB")
    own = root / ".mrag" / "index.sqlite"
    sync(own, root)
    (root / "daily/2026-12-08.md").write_text("# 2026-12-08\nNothing.\n", encoding="utf-8")
    said = " ".join(mrag(own, "ask", QUESTION, "--no-answer").stderr.split())
    assert f"run `mrag sync '{root}'` to search it" in said, said


def test_status_doctor_and_sync_s_rebuild_hints_name_the_index_too(tmp_path):
    # (fixT, revB's review of tidy) the hints tidy left with a bare `mrag sync`, which synced another index: status's
    # moved folder, a newer mrag's index (status, doctor, sync's refusal), a damaged index's error
    import json
    import sys

    from minirag_cli.db import explain_sqlite_error
    from minirag_cli.errors import DatabaseError
    from minirag_cli.extract.heuristic import VERSION

    root = (tmp_path / "my vault").resolve()
    write_notes(root, NOTES)
    aged(root)
    db_path = tmp_path / "work index.sqlite"
    sync(db_path, root)
    rebuild = f"mrag --db '{db_path}' sync '{root}' --rebuild"  # shell-quoted alike (hints.mrag_command)
    conn = db.connect(db_path)
    try:
        with db.transaction(conn):
            db.set_meta(conn, "heuristic_version", str(VERSION + 1))
        malformed = sys.modules[type(conn).__mro__[1].__module__].DatabaseError("database disk image is malformed")
    finally:
        conn.close()
    status = "".join(mrag(db_path, "status").stdout.split())  # the table folds long paths: compared without blanks
    assert "".join(f"`{rebuild}`".split()) in status, status
    checks = json.loads(CliRunner().invoke(app, ["--db", str(db_path), "doctor", "--no-load", "--json"]).stdout)
    fix = next(c["fix"] for c in (checks["checks"] if isinstance(checks, dict) else checks)
               if c["name"] == "extractor")
    assert f"`{rebuild}`" in fix, fix
    with pytest.raises(DatabaseError) as refused:
        sync(db_path, root)
    assert f"`{rebuild}`" in refused.value.hint, refused.value.hint
    shutil.move(root, tmp_path / "moved vault")
    status = "".join(mrag(db_path, "status").stdout.split())
    assert "".join(f"moved: `mrag --db '{db_path}' sync NEWPATH`".split()) in status, status
    bad = explain_sqlite_error(malformed, [str(root)], db_path)
    assert f"run `mrag --db '{db_path}' sync '{root}'` to rebuild" in bad.hint, bad.hint
