"""The `mrag ...` commands errors and notes print (hints.py): each names the
index in use with --db where `mrag sync ROOT` alone would sync another, and
each is quoted so that, pasted into sh or bash (zsh reads single quotes
alike), it gives mrag the paths as they are."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess

import anyio
import pytest

from minirag_cli import db
from minirag_cli.config import effective
from minirag_cli.index import Index
from tests.conftest import write_notes
from tests.kb_fixture import EMBEDDER, build_small_index
from tests.test_find_index import home_env, mrag

ODD = ["it's a \"vault\"", "$HOME and `date`", "bang!", "~tilde", "tab\there", "ünï"]  # folder names a shell reads


def as_the_shell_reads_it(shell: str, command: str) -> list[str]:
    """The arguments `command` (an `mrag ...` line) gives mrag when pasted into `shell`: a shell function named
    mrag prints them, one per NUL-ended record."""
    r = subprocess.run([shell, "-c", 'mrag() { printf "%s\\0" "$@"; }\n' + command], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0, (command, r.stderr)
    return r.stdout.split("\0")[:-1]


def quoted_command(text: str, before: str = "run `", after: str = "` to rebuild") -> str:
    """The command in `text` between `before` and `after` (a damaged index's hint: run `mrag ...` to rebuild; a
    path may hold a backtick itself)."""
    return text[text.index(before) + len(before):text.index(after)]


def test_mrag_command_quotes_every_word_but_placeholders():
    from minirag_cli.hints import AsIs, mrag_command

    assert mrag_command("sync", "/n", AsIs("NEWPATH"), "--rebuild") == "mrag sync /n NEWPATH --rebuild"
    assert mrag_command("sync", AsIs("~/notes"), index="my index.sqlite") == "mrag --db 'my index.sqlite' sync ~/notes"
    for shell in ("sh", "bash"):
        for name in ODD:
            words = ["sync", f"/tmp/{name}/notes", "--rebuild"]
            assert as_the_shell_reads_it(shell, mrag_command(*words, index=f"{name}.sqlite")) == \
                ["--db", f"{name}.sqlite", *words], (shell, name)


@pytest.mark.parametrize("name", ODD)
def test_a_damaged_index_s_rebuild_runs_as_printed_in_sh_and_bash(tmp_path, name):
    """explain_sqlite_error's rebuild quoted the folders in double quotes (and the index in single ones: two
    builders): pasted, a folder named `$HOME and `date`` ran date and synced the home folder, `bang!` was
    bash's history, and a `"` in a name ended the quote."""
    import sqlite3

    root = tmp_path / name / "notes"
    index = tmp_path / name / "index.sqlite"  # not root/.mrag: named with --db
    bad = db.explain_sqlite_error(sqlite3.DatabaseError("database disk image is malformed"), [str(root)], index)
    for shell in ("sh", "bash"):
        assert as_the_shell_reads_it(shell, quoted_command(bad.hint)) == ["--db", str(index), "sync", str(root)]


def test_sync_s_errors_about_its_folders_name_the_index_given_with_db(tmp_path, mrag_bin):
    """`mrag --db X sync ...` refused for its folders said `mrag sync ...`, which syncs another index (a new one in
    the folder): a file given for its folder, an empty name, the home folder, another sync running (--wait), and a
    folder synced before that is gone (moved: NEWPATH; gone for good: the rebuild). Each names X now, shell-quoted;
    a sync of another folder warns of the gone one naming X too."""
    from minirag_cli.sync import sync_lock

    env = home_env(tmp_path, MRAG_EMBEDDING_MODEL=EMBEDDER)
    home = tmp_path / "home"
    notes = home / "my notes"
    write_notes(notes, {"a.md": "Wolfgang Schulz met Jennifer Moore.\n"})
    index = tmp_path / "work's index" / "index.sqlite"
    index.parent.mkdir()
    given = ["--db", str(index)]
    assert mrag(mrag_bin, env, home, *given, "sync", "my notes", "-q").returncode == 0
    named = f"mrag --db {shlex.quote(str(index))} sync"

    r = mrag(mrag_bin, env, home, *given, "sync", "my notes/a.md")
    assert r.returncode == 1 and f"Give its folder ({named} {shlex.quote(str(notes))})" in r.stderr, r.stderr
    for folder in ("", str(home)):  # a usage error: exit 2
        r = mrag(mrag_bin, env, home, *given, "sync", folder)
        assert r.returncode == 2 and f"{named} ~/notes" in r.stderr, r.stderr
    with sync_lock(index):
        r = mrag(mrag_bin, env, home, *given, "sync", "my notes")
    assert r.returncode != 0 and f"`{named} {shlex.quote(str(notes))} --wait SECONDS` waits" in r.stderr, r.stderr

    notes.rename(home / "moved")
    for args in (given, []):  # the record of syncs says which index it was synced into: named without --db too
        r = mrag(mrag_bin, env, home, *args, "sync", "my notes")
        assert r.returncode == 1 and f"Sync it at its new place ({named} NEWPATH)" in r.stderr, r.stderr
        assert f"`{named} DIR --rebuild` drops its notes" in r.stderr, r.stderr
    write_notes(home / "other", {"b.md": "Anna Weber toured Berlin.\n"})
    r = mrag(mrag_bin, env, home, *given, "sync", "other", "--json")
    assert r.returncode == 0, r.stderr
    reason = json.loads(r.stdout)["warnings"][0]["reason"]
    assert f"`{named} NEWPATH` takes them there" in reason, reason
    assert f"`{named} {home / 'other'} --rebuild` drops them" in reason, reason


def test_an_mcp_tool_s_damaged_index_error_names_the_index(tmp_path):
    """The MCP server's advice for an index damaged under it said `mrag sync "ROOT"` without the index: for an
    index kept outside its folder (`mrag --db X mcp`), that syncs a new one in the folder. It names X now, as
    the CLI's error does (the same path as test_mcp's damaged-index test: a tool call on build_server)."""
    pytest.importorskip("mcp")
    from mcp.server.mcpserver.exceptions import ToolError

    from minirag_cli.mcp_server import MragTools, build_server

    built, _root = build_small_index(tmp_path)
    db_path = tmp_path / "kept apart" / "work's.sqlite"
    db_path.parent.mkdir()
    shutil.move(built, db_path)
    with Index.open(effective(db_path=db_path)) as index:
        server = build_server(MragTools(index))
        assert anyio.run(lambda: server.call_tool("status", {})).structured_content["files"] > 0
        index.conn.execute("PRAGMA cache_size = 0")  # pages are read from the file again
        size = db_path.stat().st_size
        page = index.conn.execute("PRAGMA page_size").fetchone()[0]
        with open(db_path, "r+b") as fh:  # every page but the first (the schema) overwritten
            fh.seek(page)
            fh.write(b"\xa5" * (size - page))
        with pytest.raises(ToolError) as caught:
            anyio.run(lambda: server.call_tool("status", {}))
    text = str(caught.value)
    assert "The index is damaged" in text, text
    command = quoted_command(text)
    # its folders unread from the damaged file: DIR, as the CLI has it
    assert command == f"mrag --db {shlex.quote(str(db_path))} sync DIR", text
    assert as_the_shell_reads_it("bash", command) == ["--db", str(db_path), "sync", "DIR"]
