"""What a user who drives mrag from scripts needs (QA pass qa24): a JSON that
tells "not built yet" from "nothing matches", a bad MRAG_* tuning number that
stops the commands using it, a doctor that answers in JSON when the config is
broken, and output that survives an ASCII-only stdout."""

from __future__ import annotations

import fcntl
import json
import os

import pytest

from minirag_cli import db
from tests.test_bad_input import mrag_env, run_mrag


def _run(mrag_bin, *args, env_extra=None, **kwargs):
    import subprocess

    env = {**mrag_env(), **(env_extra or {})}
    return subprocess.run([mrag_bin, *args], env=env, capture_output=True, text=True, timeout=300, **kwargs)


# ------------------------------------------------------------------ ask --json during the first sync

def test_ask_json_while_the_first_sync_writes_says_so(tmp_path, mrag_bin):
    """`mrag ask --json` while the index's first sync had written no note text
    printed `"results": []`, exit 0 and nothing on stderr, as for a question
    nothing matches, while the text form said a sync was writing the index.
    The line is on stderr under --json too, and the JSON says it
    (`empty_index`, `sync_running`)."""
    index = tmp_path / "index.sqlite"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(empty), "-q").returncode == 0  # tables, no text
    with open(db.lock_path(index), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.seek(0), lock.truncate(), lock.write("4242"), lock.flush()
        r = run_mrag(mrag_bin, "--db", str(index), "ask", "Berlin", "--json")
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["results"] == [] and data["empty_index"] is True and data["sync_running"] == "pid 4242", data
        assert "a `mrag sync` (pid 4242) is writing it now" in r.stderr, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "Berlin", "--json")  # no sync at work: the folders had none
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["empty_index"] is True and data["sync_running"] is None, data
    assert "had no notes" in r.stderr, r.stderr


def test_ask_json_of_a_question_nothing_matches_is_told_apart(tmp_path, mrag_bin):
    """A built index that nothing matches: `empty_index` false, no sync, and
    stderr stays quiet (the JSON's empty list says it)."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "garden.md").write_text("Notes about the garden.\n")
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "quarterly revenue", "--mode", "bm25", "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["results"] == [] and data["empty_index"] is False, data
    assert data["sync_running"] is None and r.stderr == "", r.stderr


# ------------------------------------------------------------------ output an ASCII stdout cannot hold

@pytest.fixture
def accented_index(tmp_path, mrag_bin):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "zoe.md").write_text("# Zoë Müller\n\nZoë Müller met José Álvarez in Zürich.\n- [ ] call Zoë\n",
                                  encoding="utf-8")
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    return index


@pytest.mark.parametrize("args", [("entities",), ("ask", "Zürich"), ("tasks",), ("show", "zoe.md")])
def test_an_ascii_stdout_gets_escapes_not_an_unexpected_error(accented_index, mrag_bin, args):
    """`PYTHONIOENCODING=ascii mrag entities` with a name like Zoë ended in
    "unexpected UnicodeEncodeError" and lost the whole output; the
    characters are now written as backslash escapes."""
    r = _run(mrag_bin, "--db", str(accented_index), *args, env_extra={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0 and "unexpected" not in r.stderr, r.stderr
    assert "Zo\\xeb" in r.stdout, r.stdout


@pytest.mark.parametrize("args", [("entities", "--json"), ("ask", "Zürich", "--json"), ("tasks", "--json")])
def test_an_ascii_stdout_still_gets_valid_json(accented_index, mrag_bin, args):
    """JSON is written with its own \\u escapes there: it still parses, to the same names."""
    r = _run(mrag_bin, "--db", str(accented_index), *args, env_extra={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0 and "unexpected" not in r.stderr, r.stderr
    assert r.stdout.isascii() and "Zoë" in json.dumps(json.loads(r.stdout), ensure_ascii=False)
    # a UTF-8 stdout keeps the characters as they are
    r = _run(mrag_bin, "--db", str(accented_index), *args, env_extra={"PYTHONIOENCODING": "utf-8"})
    assert "Zoë" in r.stdout and "\\u00eb" not in r.stdout
