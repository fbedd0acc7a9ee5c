"""Cold start: `mrag --help`, every command's --help, `mrag status`, `mrag
entities` and the error paths must never import torch, sentence-transformers,
transformers or llama_cpp (each costs seconds here; see issue 6).

Each check runs the real entry point, `minirag_cli.cli.main`, in a fresh
Python process and then reads `sys.modules`. Several invocations share one
process (modules only accumulate, so a clean end state means every step was
clean) and the runner records which step first pulled a heavy module in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import write_notes

HEAVY = ("torch", "sentence_transformers", "transformers", "llama_cpp")
# not heavy, but `--help` and `status` have no business loading a model
# runtime or numpy (sqlite_vec's package imports numpy; db.py loads vec0 directly)
MODEL_RUNTIMES = ("onnxruntime", "tokenizers", "numpy")

RUNNER = r"""
import json, sys
watch = json.loads(sys.argv[1])
steps = json.loads(sys.argv[2])
report = []
for argv in steps:
    sys.argv = ["mrag"] + argv
    code = 0
    try:
        from minirag_cli.cli import main
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    loaded = sorted(w for w in watch if w in sys.modules)  # a package is there when any part of it is
    report.append({"argv": argv, "exit": code, "loaded": loaded})
sys.__stderr__.write("\nCOLD-START-REPORT " + json.dumps(report) + "\n")
"""


def run_steps(steps: list[list[str]], watch=HEAVY, env_extra: dict | None = None, cwd: Path | None = None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"HF_HUB_OFFLINE": "1", "NO_COLOR": "1", "COLUMNS": "120", **PLUGIN_ENV})
    env.update(env_extra or {})
    proc = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(list(watch)), json.dumps(steps)],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=300)
    marker = [line for line in proc.stderr.splitlines() if line.startswith("COLD-START-REPORT ")]
    assert marker, f"runner crashed: rc={proc.returncode}\n{proc.stderr[-3000:]}"
    return json.loads(marker[-1].split(" ", 1)[1]), proc


def first_offender(report: list[dict]) -> dict | None:
    for step in report:
        if step["loaded"]:
            return step
    return None


def all_command_paths() -> list[list[str]]:
    """Every command and sub-command registered on the app, as argv prefixes."""
    import typer.main

    from minirag_cli.cli import app

    root = typer.main.get_command(app)
    paths: list[list[str]] = []

    def visit(cmd, prefix):
        for name, sub in getattr(cmd, "commands", {}).items():
            paths.append(prefix + [name])
            visit(sub, prefix + [name])

    visit(root, [])
    return paths


@pytest.fixture
def minilm_named_index(tmp_path) -> Path:
    """A small real index whose meta names all-MiniLM-L6-v2 (384 dims), built
    with the instant hashing embedder under that name: any command that would
    load the recorded model on this path imports torch and fails the test."""
    notes = tmp_path / "notes"
    write_notes(notes, {
        "a.md": "Time: 20240106_10:00\nLi Hua met Wolfgang Schulz at the Jazz Club in Berlin.\n",
        "b.md": "Time: 20240107_11:00\nWolfgang Schulz and Li Hua planned a jam session.\n",
    })
    path = tmp_path / "idx" / "index.sqlite"
    conn = db.connect(path, create=True)
    sync_folders(conn, [notes], embedder=HashingEmbedder(dim=384, name="all-MiniLM-L6-v2"),
                 extractor=HeuristicExtractor())
    conn.close()
    return path


def test_runner_detects_a_heavy_import():
    # the check must be able to fail: a step that imports a watched module is caught
    report, _ = run_steps([["--version"]], watch=("json", "typer"))
    assert report[0]["loaded"] == ["json", "typer"]


def test_help_of_every_command_stays_light():
    commands = all_command_paths()
    assert ["sync"] in commands and ["status"] in commands
    steps = [["--help"], ["--version"]] + [path + ["--help"] for path in commands]
    report, proc = run_steps(steps, watch=HEAVY + MODEL_RUNTIMES)
    assert first_offender(report) is None, f"heavy import on {first_offender(report)}"
    assert all(step["exit"] == 0 for step in report), [s for s in report if s["exit"] != 0]
    assert "sync" in proc.stdout and "status" in proc.stdout


def test_status_and_entities_stay_light(minilm_named_index):
    steps = [["--db", str(minilm_named_index), "status"],
             ["--db", str(minilm_named_index), "status", "--json"],
             ["--db", str(minilm_named_index), "entities"],
             ["--db", str(minilm_named_index), "entities", "wolfgang", "--json"]]
    report, proc = run_steps(steps, watch=HEAVY + MODEL_RUNTIMES)
    assert first_offender(report) is None, f"heavy import on {first_offender(report)}"
    assert [s["exit"] for s in report] == [0, 0, 0, 0], proc.stderr[-2000:]
    assert "Wolfgang" in proc.stdout


def test_status_compiles_no_extraction_rules(minilm_named_index):
    """`mrag status` reads the heuristic rules' version and `rules_update` from extract/rules_version.py, never
    the rules: importing extract/heuristic.py compiles ~600 regexes, 0.4 s of CPU of every status."""
    steps = [["--db", str(minilm_named_index), "status"],
             ["--db", str(minilm_named_index), "status", "--json"]]
    report, proc = run_steps(steps, watch=("minirag_cli.extract.heuristic",))
    assert first_offender(report) is None, f"the rules were imported by {first_offender(report)}"
    assert [s["exit"] for s in report] == [0, 0], proc.stderr[-2000:]
    assert "(rules version " in proc.stdout and '"heuristic_version_current": ' in proc.stdout


def test_error_paths_stay_light(tmp_path, minilm_named_index):
    missing = tmp_path / "nowhere" / "index.sqlite"
    not_sqlite = tmp_path / "notes.sqlite"
    not_sqlite.write_text("this is not a database\n")
    not_gguf = tmp_path / "model.gguf"
    not_gguf.write_bytes(b"NOTGGUF" + b"\0" * 64)
    notes = minilm_named_index.parent.parent / "notes"
    idx = str(minilm_named_index)
    steps = [
        ["frobnicate"],                                         # unknown command
        ["--db", str(missing), "status"],                       # no index
        ["--db", str(not_sqlite), "status"],                    # not SQLite
        ["--db", str(missing), "entities"],
        ["--db", str(missing), "sync", str(tmp_path / "no-such-folder")],
        ["--db", str(missing), "ask", "who is Li Hua?"],        # ask without an index
        ["--db", idx, "ask", "   "],                            # empty question
        ["--db", idx, "ask", "who?", "--mode", "bogus"],        # bad mode
        ["--db", str(missing), "eval", str(tmp_path / "no-golden.jsonl")],
        ["--db", idx, "eval", str(tmp_path / "no-golden.jsonl")],
        ["--db", idx, "sync", str(tmp_path / "no-such-folder")],
        ["--db", idx, "sync", str(notes), "-x", "llm", "-m", str(tmp_path / "missing.gguf")],  # no model file
        ["--db", idx, "sync", str(notes), "-x", "llm", "-m", str(not_gguf)],                  # not a GGUF
        ["--db", idx, "ask", "who?", "--model", str(not_gguf)],
        ["--db", idx, "ask", "who?", "--embedding-model", "hashing:16"],                      # other embedder
    ]
    report, proc = run_steps(steps)
    assert first_offender(report) is None, f"heavy import on {first_offender(report)}"
    failed = [s for s in report if s["exit"] == 0]
    assert not failed, f"error paths that exited 0: {failed}"
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
