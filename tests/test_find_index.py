"""The index a user synced is found from any folder (issue 18).

README's quick start syncs `~/notes` and then asks from wherever the shell
is: `mrag ask` must find `~/notes/.mrag/index.sqlite` through the record of
synced indexes (synced.py) kept in the user state folder. These tests run
the real `mrag` with HOME and the XDG folders inside tmp_path."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from minirag_cli import db, synced
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import REPO, write_notes
from tests.kb_fixture import EMBEDDER

README = (REPO / "README.md").read_text(encoding="utf-8")


def home_env(tmp_path: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MRAG_", "XDG_"))}
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_STATE_HOME=str(home / ".local/state"),
               XDG_CACHE_HOME=str(home / ".cache"), HF_HUB_OFFLINE="1", NO_COLOR="1", **PLUGIN_ENV, **extra)
    return env


def mrag(mrag_bin, env, cwd, *args):
    r = subprocess.run([mrag_bin, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def quick_start_commands() -> list[str]:
    """The `mrag ...` lines of the README block that syncs ~/notes, as written."""
    blocks = re.findall(r"^```bash\n(.*?)^```", README, flags=re.S | re.M)
    block = next(b for b in blocks if re.search(r"^mrag sync ~/notes\b", b, flags=re.M))
    return [line for line in block.splitlines() if line.startswith("mrag ")]


def test_readme_quick_start_runs_from_the_home_folder_and_from_root(tmp_path):
    """Verbatim, with the real embedder: sync ~/notes, then ask from ~ and from /."""
    commands = quick_start_commands()
    assert commands[0].startswith("mrag sync ~/notes") and any(c.startswith("mrag ask") for c in commands)
    env = home_env(tmp_path)
    env["PATH"] = str(Path(os.sys.executable).parent) + os.pathsep + env.get("PATH", "")
    shutil.copytree(REPO / "golden" / "notes", Path(env["HOME"]) / "notes")
    for cwd in (env["HOME"], "/"):
        for line in commands:
            r = subprocess.run(["bash", "-c", line], env=env, cwd=cwd, capture_output=True, text=True, timeout=900)
            assert r.returncode == 0, f"{line!r} in {cwd}: {r.stderr}"
            assert "Traceback" not in r.stderr
            if line.startswith("mrag ask"):
                assert "notes/.mrag/index.sqlite" in r.stderr  # says which index it used
                assert re.search(r"^\s*1\. ", r.stdout, flags=re.M), r.stdout  # ranked sources
    assert (Path(env["HOME"]) / "notes" / ".mrag" / "index.sqlite").is_file()


@pytest.fixture
def two_folders(tmp_path, mrag_bin):
    """Two folders synced one after the other (no --db): a then b."""
    env = home_env(tmp_path, MRAG_EMBEDDING_MODEL=EMBEDDER)
    a, b = tmp_path / "home" / "a", tmp_path / "home" / "b"
    write_notes(a, {"x.md": "Wolfgang Schulz met Jennifer Moore in Berlin.\n"})
    write_notes(b, {"y.md": "Oskar Brandt founded the Garden Club in Hamburg.\n"})
    for folder in (a, b):
        r = mrag(mrag_bin, env, tmp_path, "sync", str(folder), "-q")
        assert r.returncode == 0, r.stderr
    return env, a, b


def test_the_most_recent_sync_wins_and_the_message_says_so(two_folders, mrag_bin, tmp_path):
    env, a, b = two_folders
    r = mrag(mrag_bin, env, "/", "status", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["db"] == str(b / ".mrag" / "index.sqlite")  # --json unchanged: only data
    assert f"using index {b / '.mrag' / 'index.sqlite'}" in r.stderr
    assert "most recently synced of 2" in r.stderr and "--db PATH" in r.stderr
    assert r.stderr.count("using index") == 1
    # syncing a again makes it the most recent
    assert mrag(mrag_bin, env, tmp_path, "sync", str(a), "-q").returncode == 0
    r = mrag(mrag_bin, env, "/", "ask", "who met Jennifer?", "--paths")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [str((a / "x.md").resolve().relative_to("/"))]  # as a shell in / opens it
    assert f"using index {a / '.mrag' / 'index.sqlite'}" in r.stderr


def test_config_show_names_the_rule(two_folders, mrag_bin):
    env, _a, b = two_folders
    r = mrag(mrag_bin, env, "/", "config", "show", "--json")
    db = json.loads(r.stdout)["settings"]["db"]
    assert db["value"] == str(b / ".mrag" / "index.sqlite")
    assert db["source"].startswith("synced most recently")


def test_a_deleted_index_is_dropped_with_a_warning(two_folders, mrag_bin):
    env, a, b = two_folders
    shutil.rmtree(b / ".mrag")
    r = mrag(mrag_bin, env, "/", "status", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["db"] == str(a / ".mrag" / "index.sqlite")
    warnings = [ln for ln in r.stderr.splitlines() if "forgetting" in ln]
    assert len(warnings) == 1 and str(b / ".mrag" / "index.sqlite") in warnings[0] and "gone" in warnings[0]
    r = mrag(mrag_bin, env, "/", "status", "--json")  # said once, then forgotten
    assert "forgetting" not in r.stderr and r.returncode == 0
    # the last one gone too: an error, not a traceback, and no record left
    shutil.rmtree(a / ".mrag")
    r = mrag(mrag_bin, env, "/", "status")
    assert r.returncode == 1
    assert "forgetting" in r.stderr and "error:" in r.stderr and "moved or deleted" in r.stderr
    live, gone = synced.known_indexes(Path(env["XDG_STATE_HOME"]) / "mrag")
    assert live == [] and gone == []


def test_the_error_lists_the_synced_indexes_instead_of_saying_sync(two_folders, mrag_bin, tmp_path):
    env, a, b = two_folders
    r = mrag(mrag_bin, env, "/", "--db", str(tmp_path / "nowhere.sqlite"), "status")
    assert r.returncode == 1
    assert "No index at" in r.stderr and "nowhere.sqlite" in r.stderr
    assert str(a / ".mrag" / "index.sqlite") in r.stderr and str(b / ".mrag" / "index.sqlite") in r.stderr
    assert str(a) in r.stderr and "last sync" in r.stderr and "--db PATH" in r.stderr
    assert "mrag sync" not in r.stderr


def test_a_user_who_never_synced_is_told_how(tmp_path, mrag_bin):
    env = home_env(tmp_path, MRAG_EMBEDDING_MODEL=EMBEDDER)
    r = mrag(mrag_bin, env, tmp_path, "ask", "anything?")
    assert r.returncode == 1
    assert "have not synced" in r.stderr and "mrag sync DIR" in r.stderr


@pytest.mark.parametrize("how", ["flag", "env", "project"])
def test_db_mrag_db_and_a_project_folder_override_the_record(two_folders, mrag_bin, tmp_path, how):
    env, a, b = two_folders
    chosen = a / ".mrag" / "index.sqlite"  # b is the most recent: every rule below must beat it
    args, cwd = ["status", "--json"], "/"
    if how == "flag":
        args = ["--db", str(chosen), *args]
    elif how == "env":
        env = {**env, "MRAG_DB": str(chosen)}
    else:
        cwd = a / "sub"
        cwd.mkdir()
    r = mrag(mrag_bin, env, cwd, *args)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["db"] == str(chosen)
    assert "using index" not in r.stderr


@pytest.mark.parametrize("how", ["flag", "env"])
def test_a_relative_db_is_reported_as_an_absolute_path(two_folders, mrag_bin, how):
    """`mrag --db .mrag/index.sqlite status --json` reported "db":
    ".mrag/index.sqlite", which a script running elsewhere cannot open; every
    output that names the index now gives it absolute, as the other rules do."""
    env, a, _b = two_folders
    relative = os.path.join("sub", "..", ".mrag", "index.sqlite")
    if how == "env":
        env, pre = {**env, "MRAG_DB": relative}, []
    else:
        pre = ["--db", relative]
    chosen = str(a / ".mrag" / "index.sqlite")
    r = mrag(mrag_bin, env, a, *pre, "status", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["db"] == chosen
    r = mrag(mrag_bin, env, a, *pre, "config", "show", "--json")
    assert json.loads(r.stdout)["settings"]["db"]["value"] == chosen
    r = mrag(mrag_bin, env, a, *pre, "doctor", "--json")
    index = next(c for c in json.loads(r.stdout)["checks"] if c["name"] == "index")
    assert index["detail"].startswith(chosen + " (")


def test_sync_of_a_new_folder_never_writes_into_the_recorded_index(two_folders, mrag_bin, tmp_path):
    env, a, b = two_folders
    c = tmp_path / "home" / "c"
    write_notes(c, {"z.md": "Anna Weber toured Berlin.\n"})
    r = mrag(mrag_bin, env, "/", "sync", str(c), "--json")
    assert r.returncode == 0, r.stderr
    assert (c / ".mrag" / "index.sqlite").is_file()
    assert json.loads(r.stdout)["total_files"] == 1


def test_record_keeps_most_recent_first_and_merges_folders(tmp_path):
    state = tmp_path / "state"
    db1, db2 = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    for p in (db1, db2):
        p.write_bytes(b"")
    synced.record_sync(state, db1, ["/n1"], "2026-01-01T10:00:00+00:00")
    synced.record_sync(state, db2, ["/n2"], "2026-01-02T10:00:00+00:00")
    synced.record_sync(state, db1, ["/n3"], "2026-01-03T10:00:00+00:00")
    live, gone = synced.known_indexes(state)
    assert [r.db for r in live] == [str(db1), str(db2)] and gone == []
    assert live[0].roots == ["/n1", "/n3"]
    synced.state_file(state).write_text("not json")  # a damaged record is no record, never an error
    assert synced.known_indexes(state) == ([], [])


@pytest.mark.parametrize("text", ['{"indexes": 5}', '{"indexes": {"db": "x"}}',
                                  '{"indexes": [{"db": "DB", "roots": 3}]}',
                                  '{"indexes": [{"db": "DB", "roots": null, "last_sync": 7}]}',
                                  '{"indexes": [{"db": ""}]}'])
def test_a_record_file_of_the_wrong_shape_is_no_record(tmp_path, mrag_bin, text):
    """JSON of the wrong shape in indexes.json ended every command without
    --db, and every sync, in 'unexpected TypeError: 'int' object is not
    iterable'; a damaged record is no record (the next sync rewrites it)."""
    env = home_env(tmp_path, MRAG_EMBEDDING_MODEL=EMBEDDER)
    state = Path(env["XDG_STATE_HOME"]) / "mrag"
    state.mkdir(parents=True)
    db1 = tmp_path / "one.sqlite"
    db1.write_bytes(b"")
    synced.state_file(state).write_text(text.replace("DB", str(db1)))
    live, _gone = synced.known_indexes(state)
    assert all(r.roots == [] and isinstance(r.last_sync, str) for r in live)
    synced.record_sync(state, db1, ["/n1"], "2026-01-01T10:00:00+00:00")
    assert [(r.db, r.roots) for r in synced.known_indexes(state)[0]] == [(str(db1), ["/n1"])]
    notes = tmp_path / "home" / "n"
    write_notes(notes, {"a.md": "Anna Weber toured Berlin.\n"})
    synced.state_file(state).write_text(text.replace("DB", str(db1)))
    r = mrag(mrag_bin, env, notes, "status")
    assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
    r = mrag(mrag_bin, env, notes, "sync", ".", "-q")
    assert r.returncode == 0, r.stderr
    r = mrag(mrag_bin, env, tmp_path, "status", "--json")  # found by the record the sync rewrote
    assert r.returncode == 0 and json.loads(r.stdout)["files"] == 1, r.stderr


@pytest.mark.parametrize("where", ["default", "db elsewhere"])
def test_an_interrupted_first_sync_is_found_with_the_notes_it_wrote(tmp_path, monkeypatch, where):
    """Ctrl-C during a first `mrag sync FOLDER` kept the notes written so far,
    but the sync was recorded only once it finished: `mrag status` in
    another folder (or, for an index named by --db at sync time, in FOLDER
    itself) found no index. It is recorded with the first note written."""
    from typer.testing import CliRunner

    from minirag_cli import sync as syncmod
    from minirag_cli.cli import app
    from minirag_cli.integrity import verify_index

    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", EMBEDDER)
    folder = tmp_path / "notes"
    write_notes(folder, {f"n{i}.md": f"Person Number{i} met Anna Weber in Town{i}.\n" for i in range(4)})
    index = folder / ".mrag" / "index.sqlite" if where == "default" else tmp_path / "kb" / "index.sqlite"
    flushed = []
    real_flush = syncmod._flush

    def flush_then_interrupt(run, root, group):  # Ctrl-C while the second group is written
        if flushed:
            raise KeyboardInterrupt
        flushed.append(real_flush(run, root, group))

    monkeypatch.setattr(syncmod, "GROUP_CHUNKS", 1)
    monkeypatch.setattr(syncmod, "_flush", flush_then_interrupt)
    runner = CliRunner()
    args = ["sync", str(folder), "-q"] if where == "default" else ["--db", str(index), "sync", str(folder), "-q"]
    interrupted = runner.invoke(app, args)
    assert interrupted.exit_code == 130 and flushed, interrupted.output
    conn = db.connect(index)
    try:
        assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 1  # kept, and nothing more
        assert verify_index(conn) == []
    finally:
        conn.close()
    monkeypatch.chdir(tmp_path if where == "default" else folder)
    r = runner.invoke(app, ["status", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["db"] == str(index)


def test_a_mrag_folder_with_only_a_config_says_it_holds_no_index(tmp_path, mrag_bin):
    """Rule 3 takes a .mrag/ folder holding only config.toml; its error read
    'No index at ... (named by found /path/.mrag).'"""
    env = home_env(tmp_path)
    project = tmp_path / "home" / "proj"
    (project / ".mrag").mkdir(parents=True)
    (project / ".mrag" / "config.toml").write_text("k = 3\n")
    r = mrag(mrag_bin, env, project, "status")
    assert r.returncode == 1 and "named by found" not in r.stderr, r.stderr
    assert f"the .mrag/ folder found at {project / '.mrag'} holds none yet" in r.stderr


def test_an_empty_db_flag_is_a_usage_error_before_any_index_is_chosen(two_folders, mrag_bin, tmp_path):
    """`--db ""` fell through to the record of syncs: "using index ..." on
    stderr, then the usage error; a blank one was looked up as a file."""
    env, _a, _b = two_folders
    for value in ("", "  "):
        r = mrag(mrag_bin, env, tmp_path, "--db", value, "status")
        assert r.returncode == 2 and r.stdout == "", r.stderr
        assert "using index" not in r.stderr and "expected a path" in r.stderr, r.stderr


def test_the_chosen_index_is_named_only_when_the_command_runs(two_folders, mrag_bin, tmp_path):
    """`mrag ask Q --mode bm25 --hops 2` (or `-k 0`) with the index chosen by
    the record of syncs printed "using index ..." and then the usage error,
    as if the command had run. The line now comes once the flags are
    accepted; a run that goes ahead still names its index."""
    env, _a, b = two_folders
    for args in (["--mode", "bm25", "--hops", "2"], ["-i", "--mode", "bm25", "--hops", "2"],
                 ["-k", "0"], ["--mode", "nope"]):
        r = mrag(mrag_bin, env, "/", "ask", "who founded the Garden Club?", *args)
        assert r.returncode == 2 and r.stdout == "", (args, r.stderr)
        assert "error:" in r.stderr and "using index" not in r.stderr, (args, r.stderr)
    r = mrag(mrag_bin, env, "/", "ask", "who founded the Garden Club?", "--no-answer", "--mode", "bm25", "-k", "1")
    assert r.returncode == 0 and "y.md" in r.stdout, r.stderr
    assert r.stderr.count(f"using index {b / '.mrag' / 'index.sqlite'}") == 1, r.stderr


def test_graph_flags_are_checked_before_the_chosen_index_is_named(two_folders, mrag_bin, tmp_path):
    """`mrag graph view --hops 2` (no --entity or --query) or `graph export
    --hops 2` (no --entity) with the index chosen by the record of syncs
    printed "using index ..." and then the usage error: the two commands
    checked their flags inside the Index call. They are now refused before
    the line, as ask's are; a run that goes ahead still names its index."""
    env, _a, b = two_folders
    page = tmp_path / "g.html"
    refused = [["view", "--hops", "2"], ["view", "-k", "3"], ["view", "--max-nodes", "0"],
               ["view", "--entity", "Oskar Brandt", "--hops", "-1"], ["view", "--query", "who?", "-k", "0"],
               ["view", "--query", "who?", "--hops", "-2"], ["view", "-o", "-"],
               ["export", "--hops", "2"], ["export", "--entity", "Oskar Brandt", "--hops", "-1"],
               ["export", "--min-weight", "-1"]]
    for args in refused:
        full = args if "-o" in args or args[0] == "export" else [*args, "-o", str(page)]
        r = mrag(mrag_bin, env, "/", "graph", *full)
        assert r.returncode == 2 and r.stdout == "", (args, r.stderr)
        assert "error:" in r.stderr and "using index" not in r.stderr, (args, r.stderr)
    assert not page.exists()
    for args in (["view", "--entity", "Oskar Brandt", "--hops", "1", "-o", str(page)],
                 ["export", "--entity", "Oskar Brandt", "--hops", "1"]):
        r = mrag(mrag_bin, env, "/", "graph", *args)
        assert r.returncode == 0, (args, r.stderr)
        assert r.stderr.count(f"using index {b / '.mrag' / 'index.sqlite'}") == 1, (args, r.stderr)


def test_a_synced_folder_moved_away_is_named_as_such_and_found_at_its_new_place(tmp_path, mrag_bin):
    """`mv ~/notes ~/Notes`, then out of habit `mrag sync ~/notes`: the error
    was "~/notes does not exist. Check the folder's name", as for a typo. It
    says now that the folder was synced, into which index, and the ways on;
    and `mrag sync ~/Notes` takes the notes over, its .mrag index with it."""
    env = home_env(tmp_path, MRAG_EMBEDDING_MODEL=EMBEDDER)
    home = Path(env["HOME"])
    write_notes(home / "notes", {"a.md": "Wolfgang Schulz met Jennifer Moore.\n", "b.md": "Project Atlas.\n"})
    assert mrag(mrag_bin, env, home, "sync", "notes", "-q").returncode == 0
    (home / "notes").rename(home / "Notes")
    r = mrag(mrag_bin, env, home, "sync", "notes")
    assert r.returncode == 1
    assert (f"error: notes does not exist: it was synced into the index {home / 'notes/.mrag/index.sqlite'}"
            in r.stderr), r.stderr
    assert "Sync it at its new place (mrag sync NEWPATH)" in r.stderr and "Check the folder's name" not in r.stderr
    r = mrag(mrag_bin, env, home, "sync", "Notes", "--json")
    summary = json.loads(r.stdout)
    undo = f'mrag --db {(home / "Notes/.mrag/index.sqlite").resolve()} sync {home / "notes"}'
    assert summary["moved"] == [{"from": str(home / "notes"), "to": str(home / "Notes"), "notes": 2, "undo": undo}]
    assert (summary["unchanged"], summary["total_files"]) == (2, 2)
    # an index kept elsewhere stays: the error names it, and the rebuild that drops the folder's notes
    index = tmp_path / "elsewhere.sqlite"
    assert mrag(mrag_bin, env, home, "--db", str(index), "sync", "Notes", "-q").returncode == 0
    (home / "Notes").rename(home / "N2")
    r = mrag(mrag_bin, env, home, "sync", "Notes")
    assert r.returncode == 1 and f"it was synced into the index {index} (last sync" in r.stderr, r.stderr
    assert f"`mrag --db {index} sync DIR --rebuild` drops its notes" in r.stderr
    r = mrag(mrag_bin, env, home, "sync", "typo")
    assert r.returncode == 1 and "Check the folder's name" in r.stderr
