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


def test_ask_while_a_sync_writes_says_so_on_stderr(tmp_path, mrag_bin):
    """`--json` says `sync_running` while a sync writes the index; the text form said nothing of it (a
    note the sync had not reached yet was shown as last synced, in silence). It is one stderr line, in
    the text form and with --paths; stdout is as without a sync."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "garden.md").write_text("Notes about the garden in Berlin.\n")
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    quiet = {args: run_mrag(mrag_bin, "--db", str(index), "ask", *args) for args in [("Berlin",), ("Berlin", "--paths"),
                                                                                    ("Berlin", "--json")]}
    with open(db.lock_path(index), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.seek(0), lock.truncate(), lock.write("4242"), lock.flush()
        busy = {args: run_mrag(mrag_bin, "--db", str(index), "ask", *args) for args in quiet}
    line = "a `mrag sync` (pid 4242) is writing the index now: the results are as of what it has written so far."
    for args in [("Berlin",), ("Berlin", "--paths")]:
        assert busy[args].returncode == 0 and busy[args].stdout == quiet[args].stdout, busy[args].stderr
        assert line in " ".join(busy[args].stderr.split()) and line not in quiet[args].stderr, busy[args].stderr
    assert json.loads(busy[("Berlin", "--json")].stdout)["sync_running"] == "pid 4242"
    assert "is writing the index now" not in busy[("Berlin", "--json")].stderr  # the JSON says it


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


# ------------------------------------------------------------------ MRAG_THREADS, _WORKERS, _PARALLEL, _BATCH

@pytest.fixture
def small_index(tmp_path, mrag_bin):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "berlin.md").write_text("Wolfgang Schulz plays bass in Berlin.\n")
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    fake = tmp_path / "m.gguf"
    fake.write_bytes(b"GGUF")  # the magic only: the tuning numbers are read before the file's header
    return index, notes, fake


@pytest.mark.parametrize("variable, value", [("MRAG_THREADS", "abc"), ("MRAG_WORKERS", "0"),
                                             ("MRAG_PARALLEL", "-2"), ("MRAG_BATCH", "1.5")])
def test_a_bad_llm_tuning_number_stops_the_llm_sync_naming_it(small_index, mrag_bin, variable, value):
    """`MRAG_WORKERS=abc mrag sync --extractor llm` used the default without a
    word; the README's rule is that a bad value stops the commands that use
    it. The sync with the llm extractor stops before any work, naming the
    variable; a heuristic sync, which uses none of them, runs."""
    index, notes, fake = small_index
    r = _run(mrag_bin, "--db", str(index), "sync", str(notes), "--extractor", "llm", "--model", str(fake), "-q",
             env_extra={variable: value})
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith(f"error: Environment variable {variable}={value!r}: expected "), r.stderr
    r = _run(mrag_bin, "--db", str(index), "sync", str(notes), "--extractor", "heuristic", "-q",
             env_extra={variable: value})
    assert r.returncode == 0, r.stderr


def test_a_bad_mrag_threads_stops_ask_with_a_model_only(small_index, mrag_bin):
    """MRAG_THREADS is the answer model's too: `ask --model` stops naming it
    (before the search); `ask` without a model, `status` and `entities` do
    not read it and run."""
    index, _notes, fake = small_index
    bad = {"MRAG_THREADS": "abc"}
    r = _run(mrag_bin, "--db", str(index), "ask", "Berlin", "--model", str(fake), env_extra=bad)
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert "error: Environment variable MRAG_THREADS='abc': expected a whole number." in r.stderr, r.stderr
    for args in (("ask", "Berlin", "--json"), ("status",), ("entities",)):
        r = _run(mrag_bin, "--db", str(index), *args, env_extra=bad)
        assert r.returncode == 0 and "MRAG_THREADS" not in r.stderr, (args, r.stderr)


def test_good_llm_tuning_numbers_are_read(monkeypatch):
    from minirag_cli.config import environment

    monkeypatch.setenv("MRAG_THREADS", " 3 ")
    monkeypatch.setenv("MRAG_BATCH", "")
    monkeypatch.delenv("MRAG_WORKERS", raising=False)
    env = environment()
    assert (env.threads, env.batch, env.workers) == (3, None, None) and env.number_errors() == []
    monkeypatch.setenv("MRAG_PARALLEL", "x")
    assert [str(e) for e in environment().number_errors()] == \
        ["Environment variable MRAG_PARALLEL='x': expected a whole number."]
