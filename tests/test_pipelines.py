"""mrag in shell pipelines, through real subprocesses: stdout carries only
results (JSON that parses, text without escape codes when not a terminal),
messages and errors go to stderr as single lines, NO_COLOR is honoured, the
documented exit codes hold, and shell completion answers."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.kb_fixture import EMBEDDER, build_small_index

ANSI = re.compile(r"\x1b\[")
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;)[0-9;]*m")


@pytest.fixture
def run(mrag_bin, tmp_path):
    base = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TERM")}
    base.update(MRAG_EMBEDDING_MODEL=EMBEDDER, XDG_CONFIG_HOME=str(tmp_path / "xdg"))

    def go(*args, env=None, input=None, shell=None):
        argv = [mrag_bin, *args]
        if shell:  # run from that shell, which stays mrag's parent (`; exit $?`: no exec of a lone command)
            argv = [shell, "-c", " ".join(shlex.quote(a) for a in argv) + "; exit $?"]
        return subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path,
                              env={**base, **(env or {})}, input=input, timeout=120)

    return go


def test_sync_json_stdout_is_pure_json(run, tmp_path):
    notes = tmp_path / "a"
    notes.mkdir()
    (notes / "x.md").write_text("Wolfgang Schulz met Jennifer Moore in Berlin.\n")
    other = tmp_path / "b"
    other.mkdir()
    (other / "y.md").write_text("Jennifer Moore went to Hamburg.\n")
    out = run("--db", str(tmp_path / "kb.sqlite"), "sync", str(notes), str(other), "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)  # nothing but the JSON document
    assert summary["added"] == 2 and len(summary["roots"]) == 2
    # human form: the summary on stdout, the "index ... extractor ..." message on stderr
    (notes / "z.md").write_text("Project Atlas in Berlin.\n")
    out = run("--db", str(tmp_path / "kb.sqlite"), "sync", str(notes), str(other))
    assert out.returncode == 0
    assert "1 added" in out.stdout and "extractor" in out.stderr and "kb.sqlite" in out.stderr
    assert not ANSI.search(out.stdout) and not ANSI.search(out.stderr)  # not a terminal: plain text


SLOW_PLUGIN = """
import time
from mrag_test_plugin import hashing_embedder
from minirag_cli.embed import register_embedder


class Slow:
    def __init__(self, name):
        self._inner = hashing_embedder("hashing:64")
        self.name, self.dim = name, self._inner.dim

    def embed(self, texts):
        time.sleep(0.05 * len(texts))  # embedding takes a while, as MiniLM's of a large folder
        return self._inner.embed(texts)

    def __getattr__(self, attr):
        return getattr(self._inner, attr)


register_embedder("slowhash", Slow)
"""

# imported as the spawned mrag starts (before it makes its LogLines): a line every 0.3 s, not 30 s
QUICK_LOG = "from minirag_cli.progress import LogLines\nLogLines.LOG_SECONDS = 0.3\n"


# and each search slow, as a large index's: eval's searches are what its log lines count
SLOW_SEARCH = """
import time
from minirag_cli.index import Index

_search = Index.search
Index.search = lambda *args, **kwargs: (time.sleep(0.2), _search(*args, **kwargs))[1]
"""


def slow_env(tmp_path, *, slow_search: bool = False) -> dict:
    """The environment of a spawned mrag whose embedding is slow and whose log lines come every 0.3 s."""
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "slow_plugin.py").write_text(SLOW_PLUGIN)
    (site / "sitecustomize.py").write_text(QUICK_LOG + (SLOW_SEARCH if slow_search else ""))
    tests_dir = str(Path(os.environ["MRAG_PLUGINS"]).parent)  # mrag_test_plugin, which the slow one wraps
    return {"MRAG_PLUGINS": f"{os.environ['MRAG_PLUGINS']},{site / 'slow_plugin.py'}",
            "MRAG_EMBEDDING_MODEL": "slowhash",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(site), tests_dir, os.environ.get("PYTHONPATH")]))}


def test_sync_without_a_terminal_logs_progress_lines(run, tmp_path):
    """A sync run by cron or systemd (stderr a log file) said nothing from its
    `index ...` line to its summary: a first sync of a large folder (80 s for
    LiHua's 442 notes here, hours with the llm extractor) looked hung in the
    log. Without a terminal it now writes a plain line now and then (every 30
    s; the test makes it 0.3 s, and embedding slow): no escape codes, no
    carriage returns, and none with --json or -q, whose stderr stays as it was."""
    notes = tmp_path / "notes"
    notes.mkdir()
    for i in range(8):
        (notes / f"n{i}.md").write_text(f"Wolfgang Schulz met Person{i} Moore in Berlin.\n")
    env = slow_env(tmp_path)
    out = run("--db", str(tmp_path / "kb.sqlite"), "sync", str(notes), env=env)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stderr.splitlines() if "  sync  " in line]
    assert lines, out.stderr
    assert re.fullmatch(r"\d\d:\d\d:\d\d  sync  \d+/8 files · \d+ chunks · 0:\d\d elapsed( · .+)?", lines[-1]), lines
    assert not ANSI.search(out.stderr) and "\r" not in out.stderr
    assert "8 added" in out.stdout and "  sync  " not in out.stdout  # the summary after the last line
    for flag in ("--json", "-q"):
        (notes / "n0.md").write_text(f"Wolfgang Schulz met Jennifer Moore in Hamburg ({flag}).\n")
        quiet = run("--db", str(tmp_path / "kb.sqlite"), "sync", str(notes), flag, env=env)
        assert quiet.returncode == 0 and "  sync  " not in quiet.stderr, (flag, quiet.stderr)


def test_log_progress_says_the_llm_phase_and_stops_writing_when_stopped():
    """The log line of an llm sync carries what the bar shows (notes, tok/s,
    ETA), and no line comes after stop(): the summary or the interrupted
    message is the log's last line."""
    import time

    from minirag_cli.progress import LogProgress

    lines: list[str] = []
    log = LogProgress(lines.append, every=0.05)
    log.start(10)
    log.advance(3, 7)
    log.extracting(llm_notes=2, group_done=0, tokens=400, seconds=20.0)
    deadline = time.monotonic() + 10
    while not lines and time.monotonic() < deadline:
        time.sleep(0.02)
    log.stop()
    log.stop()  # idempotent, as Index.sync calls it twice
    count = len(lines)
    time.sleep(0.2)
    assert len(lines) == count and count >= 1
    assert re.fullmatch(r"\d\d:\d\d:\d\d  sync  3/10 files · 7 chunks · 0:\d\d elapsed · LLM: 2 notes · 20 tok/s · "
                        r"ETA 0:47", lines[0]), lines[0]  # 7 files left, 2 in 3 for the model, 10 s each


def test_eval_without_a_terminal_logs_progress_lines(run, tmp_path):
    """`mrag eval` in CI or cron was silent until its report: with --answers
    (a model call per question, seconds each) that is many minutes. Without a
    terminal it now logs `eval  N/M searches` lines (then `answers`), as sync
    logs its own; stdout still holds only the report, valid JSON with --json."""
    notes = tmp_path / "notes"
    notes.mkdir()
    for i in range(3):
        (notes / f"n{i}.md").write_text(f"Wolfgang Schulz met Person{i} Moore in Berlin.\n")
    db_path = str(tmp_path / "kb.sqlite")
    assert run("--db", db_path, "sync", str(notes), "-q", env=slow_env(tmp_path)).returncode == 0
    env = slow_env(tmp_path, slow_search=True)
    golden = tmp_path / "golden.jsonl"
    golden.write_text("".join(json.dumps({"query": f"Who did Wolfgang Schulz meet, Person{i} Moore?",
                                          "expected": [f"n{i}.md"]}) + "\n" for i in range(3)))
    out = run("--db", db_path, "eval", str(golden), "--json", "--mode", "dense", "--mode", "hybrid", env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["questions"] == 3
    lines = [line for line in out.stderr.splitlines() if "  eval  " in line]
    assert any(re.fullmatch(r"\d\d:\d\d:\d\d  eval  \d/6 searches · 0:\d\d elapsed", line) for line in lines), \
        out.stderr
    assert not ANSI.search(out.stderr) and "\r" not in out.stderr


def test_ask_json_has_the_same_keys_for_every_question(run, tmp_path):
    """A script reading `mrag ask --json` (or each line of `ask -i --json`)
    met a KeyError on `paths` for some questions: it was left out when the
    graph walk found no path (a --mode bm25 question, one naming no entity),
    while `unsynced` is always there. It is now always there, [] for none."""
    db_path, _ = build_small_index(tmp_path)
    keys = {"query", "mode", "seeds", "results", "paths", "days", "latest", "unsynced", "added_notes", "unheld",
            "empty_index", "sync_running", "sync_rebuilding"}
    walked = run("--db", str(db_path), "ask", "Who did Wolfgang Schulz meet in Berlin?", "--json", "--no-answer")
    assert walked.returncode == 0, walked.stderr
    assert set(json.loads(walked.stdout)) == keys and json.loads(walked.stdout)["paths"]
    text_only = run("--db", str(db_path), "ask", "Who did Wolfgang Schulz meet in Berlin?", "--json", "--no-answer",
                    "--mode", "bm25")
    assert text_only.returncode == 0, text_only.stderr
    assert set(json.loads(text_only.stdout)) == keys and json.loads(text_only.stdout)["paths"] == []
    lines = run("--db", str(db_path), "ask", "-i", "--json", "--no-answer",
                input="Who did Wolfgang Schulz meet in Berlin?\nrehearses every Friday\n")
    assert [set(json.loads(line)) for line in lines.stdout.splitlines()] == [keys, keys], lines.stderr


def test_ask_paths_of_a_note_named_with_a_dash_open_with_xargs(run, tmp_path):
    """`mrag ask --paths | xargs -d '\\n' grep -l Oslo` run where a note's
    relative path starts with `-` (`-e.md`, or here the folder `-notes/`) gave
    grep that path as an option (`-e .md`: "grep: Oslo: No such file", exit
    123). It is written `./-notes/-e.md` now, as `find .` writes it."""
    notes = tmp_path / "-notes"
    notes.mkdir()
    (notes / "-e.md").write_text("Eve Stark visited Oslo in June.\n")
    assert run("--db", str(tmp_path / "kb.sqlite"), "sync", "./-notes", "-q").returncode == 0
    out = run("--db", str(tmp_path / "kb.sqlite"), "ask", "Where did Eve Stark go?", "--paths")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["./-notes/-e.md"]
    grep = subprocess.run(["xargs", "-d", "\n", "grep", "-l", "Oslo"], input=out.stdout, capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert grep.returncode == 0 and grep.stdout == "./-notes/-e.md\n", grep.stderr


def test_status_show_entity_json_with_empty_stderr(run, tmp_path):
    db_path, _ = build_small_index(tmp_path)
    for args in (["status", "--json"], ["show", "projects/atlas.md", "--json"],
                 ["entity", "Jennifer Moore", "--json"], ["graph", "export", "--format", "json"],
                 ["config", "show", "--json"]):
        out = run("--db", str(db_path), *args)
        assert out.returncode == 0, (args, out.stderr)
        json.loads(out.stdout)
        assert out.stderr == "", args


def test_errors_are_one_line_on_stderr_with_exit_1(run, tmp_path):
    long_dir = tmp_path / ("very-long-folder-name-" * 6)
    out = run("--db", str(long_dir / "index.sqlite"), "status")
    assert out.returncode == 1 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert lines[0].startswith("error: No index at ") and str(long_dir) in lines[0]  # never wrapped
    assert lines[1].startswith("hint: ") and len(lines) == 2


def test_a_closed_stdout_is_a_clear_error(mrag_bin, tmp_path):
    """`mrag status --json >&-`: Python starts with sys.stdout None, and the
    first write ended in "unexpected AttributeError" (plain `status` exited
    0 having written nothing). Writing to a closed stdout is an error, as
    for any Unix tool: one clear line and exit code 1."""
    db_path, _ = build_small_index(tmp_path)
    for args in (["status"], ["status", "--json"], ["show", "projects/atlas.md"]):
        out = subprocess.run([mrag_bin, "--db", str(db_path), *args], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, timeout=120, env={**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER},
                             preexec_fn=lambda: os.close(1))
        assert out.returncode == 1, (args, out.stderr)
        assert out.stderr.startswith("error: stdout is closed"), (args, out.stderr)
        assert "unexpected" not in out.stderr


def test_a_closed_stdin_is_a_clear_error(mrag_bin, tmp_path):
    """`mrag ask - <&-` (a cron or supervisor that closes stdin): Python
    starts with sys.stdin None, and `ask -`, `ask -i` and `mcp` ended in
    "unexpected AttributeError ... please report it". Reading a closed stdin
    is one clear line and exit code 1, as writing a closed stdout is; a
    command that reads nothing from it runs as usual."""
    db_path, _ = build_small_index(tmp_path)
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER}
    for args in (["ask", "-", "--json"], ["ask", "-i", "--json"], ["mcp"]):
        out = subprocess.run([mrag_bin, "--db", str(db_path), *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=120, env=env,
                             preexec_fn=lambda: os.close(0))
        assert out.returncode == 1, (args, out.stderr)
        assert out.stderr.startswith("error: stdin is closed"), (args, out.stderr)
        assert "unexpected" not in out.stderr and out.stdout == "", (args, out.stderr)
    out = subprocess.run([mrag_bin, "--db", str(db_path), "eval", "-", "--json"], capture_output=True, text=True,
                         timeout=120, env=env, preexec_fn=lambda: os.close(0))
    assert out.returncode == 1 and out.stderr.startswith("error: No golden set on stdin: it is closed"), out.stderr
    out = subprocess.run([mrag_bin, "--db", str(db_path), "status", "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120, env=env,
                         preexec_fn=lambda: os.close(0))
    assert out.returncode == 0 and json.loads(out.stdout)["files"] > 0, out.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_a_full_disk_on_stdout_is_a_clear_error(mrag_bin, tmp_path):
    """`mrag status --json > out.json` on a full disk: stdout's write names no
    file, and the error was "unexpected OSError ... please report it", as if
    mrag were at fault. It is one line saying there was no room, a hint, and
    exit code 1 (no second error from the exit's flush)."""
    db_path, _ = build_small_index(tmp_path)
    env = {**os.environ, "MRAG_EMBEDDING_MODEL": EMBEDDER}
    for args in (["status", "--json"], ["entities"], ["show", "projects/atlas.md"]):
        with open("/dev/full", "w") as full:
            out = subprocess.run([mrag_bin, "--db", str(db_path), *args], stdout=full, stderr=subprocess.PIPE,
                                 text=True, timeout=120, env=env)
        assert out.returncode == 1, (args, out.stderr)
        lines = out.stderr.splitlines()
        assert lines[0] == "error: No space left on device: the output was not all written.", (args, out.stderr)
        assert lines[1].startswith("hint: ") and len(lines) == 2, (args, out.stderr)


def test_status_to_a_file_folds_a_long_root_never_cuts_it(run, tmp_path):
    """`mrag status > status.txt`: without a terminal the table is 80 columns
    wide, and a synced folder's path longer than its cell (no space to wrap
    at) ended in "…": a path no one could copy or grep. It is folded over
    the cell's lines, whole."""
    deep = tmp_path / ("a-long-folder-name-for-the-notes-" * 3) / "and-deeper-still-into-the-tree"
    deep.mkdir(parents=True)
    db_path, root = build_small_index(deep)
    out = run("--db", str(db_path), "status", env={"COLUMNS": "80"})
    assert out.returncode == 0, out.stderr
    assert "…" not in out.stdout, out.stdout
    assert str(root) in re.sub(r"\s+", "", out.stdout), out.stdout  # the folds joined: the path whole


def test_help_shows_no_type_for_a_flag(run):
    """Typer 0.2x's help gave every option its type, flags too: `--json
    <bool>` read as an option taking true or false, `--mode <list[str]>` as a
    Python list. A flag shows no type; an option that takes a value keeps its
    own, a repeatable one its element's."""
    for args in (["--help"], ["ask", "--help"], ["sync", "--help"], ["graph", "export", "--help"]):
        out = run(*args, env={"COLUMNS": "120"})
        assert out.returncode == 0, (args, out.stderr)
        assert "<bool>" not in out.stdout and "list[" not in out.stdout, (args, out.stdout)
    k_row = next(line for line in run("ask", "--help", env={"COLUMNS": "120"}).stdout.splitlines() if "--k " in line)
    assert "int" in k_row.lower()  # `<int>` (typer 0.2x) or INTEGER (older typer)


def test_dash_h_is_the_help_as_in_other_tools(run):
    """`mrag -h` and `mrag ask -h` answered "No such option: -h" (exit code 2):
    -h is now --help everywhere, and a question "-h" still goes after `--`."""
    for args, usage in ((["-h"], "Usage: mrag [OPTIONS] COMMAND [ARGS]..."),
                        (["ask", "-h"], "Usage: mrag ask [OPTIONS] [QUESTION]"),
                        (["graph", "export", "-h"], "Usage: mrag graph export [OPTIONS]"),
                        (["model", "info", "-h"], "Usage: mrag model info [OPTIONS] PATH")):
        out = run(*args)
        assert out.returncode == 0 and out.stdout.splitlines()[0] == usage, (args, out.stdout[:200], out.stderr)
        assert "-h" in out.stdout and "No such option" not in out.stderr


def test_help_starts_with_the_usage_line(run):
    """`mrag --help | head -1` printed a blank line: typer's Rich help pads
    the usage line with a blank line above it (and a space on its left and
    on its right to the terminal's width). The usage line is now the first
    line, as it is in click's and other tools' help; checked through the
    real binary (also coloured) and, in process, for every command and
    subcommand's --help and a group's help given no command."""
    import typer.main
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    for args, env, usage in (
            (["--help"], {}, "Usage: mrag [OPTIONS] COMMAND [ARGS]..."),
            (["ask", "--help"], {"COLUMNS": "120"}, "Usage: mrag ask [OPTIONS] [QUESTION]"),
            (["graph"], {}, "Usage: mrag graph [OPTIONS] COMMAND [ARGS]..."),
            (["graph", "export", "--help"], {"FORCE_COLOR": "1"}, "Usage: mrag graph export [OPTIONS]")):
        out = run(*args, env=env)
        assert re.sub(r"\x1b\[[0-9;]*m", "", out.stdout).split("\n", 1)[0] == usage, (args, out.stdout[:300])

    def commands(cmd, path):
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from commands(sub, [*path, name])

    runner = CliRunner()
    for path, _ in commands(typer.main.get_command(app), []):
        out = runner.invoke(app, [*path, "--help"], env={"NO_COLOR": "1", "COLUMNS": "100"})
        assert out.exit_code == 0, (path, out.output)
        assert out.output.startswith(" ".join(["Usage: mrag", *path, "[OPTIONS]"])), (path, out.output[:300])
        assert out.output.split("\n", 1)[0] == out.output.split("\n", 1)[0].rstrip(), path


@pytest.mark.parametrize("args", [["--help"], ["ask", "--help"], ["--version"], ["graph", "--help"], ["graph"], []],
                         ids=["help", "ask-help", "version", "group-help", "group-no-args", "no-args"])
def test_help_to_a_reader_gone_ends_quietly(mrag_bin, tmp_path, args):
    """`mrag --help | head -1` could exit 1: click prints the help (and the
    version) while it parses the arguments, before any mrag command runs,
    and turns the broken pipe into exit code 1 itself. The help to a reader
    gone ends as the commands do: quietly, with the exit code the reader
    did not change (0; 2 for the help that stands for a usage error,
    `mrag` or `mrag graph` alone, as with a reader). The pipe's
    read end is closed before mrag starts, so the first write finds it
    closed whatever the timing (help is short enough to fit a pipe)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        out = subprocess.run([mrag_bin, *args], stdout=write_end, stderr=subprocess.PIPE, text=True,
                             timeout=120, cwd=tmp_path, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    finally:
        os.close(write_end)
    # `mrag` and `mrag graph` alone print the help as a usage error (exit code 2), whoever reads it
    assert (out.returncode, out.stderr) == (2 if args in ([], ["graph"]) else 0, ""), args


@pytest.mark.parametrize("env", [{"_MRAG_COMPLETE": "complete_bash", "COMP_WORDS": "mrag ", "COMP_CWORD": "1"},
                                 {"_MRAG_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "mrag graph "},
                                 {"_MRAG_COMPLETE": "source_bash"}],
                         ids=["complete-bash", "complete-zsh", "source-bash"])
def test_completion_to_a_reader_gone_ends_quietly(mrag_bin, tmp_path, env):
    """Shell completion (`_MRAG_COMPLETE=... mrag`) answers before click
    parses any argument, outside the commands and the help that turn a broken
    pipe into OutputClosed: it ends quietly all the same (cli.main takes the
    BrokenPipeError the answer's write raises), exit code 0, nothing on
    stderr, as `mrag --help | head -1` does. The read end is closed before
    mrag starts, so the first write finds it closed whatever the timing."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        out = subprocess.run([mrag_bin], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120,
                             cwd=tmp_path, env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg"), **env})
    finally:
        os.close(write_end)
    assert (out.returncode, out.stderr) == (0, ""), env


def test_usage_errors_exit_2(run):
    out = run("status", "--no-such-flag")
    assert out.returncode == 2 and out.stdout == "" and "no-such-flag" in out.stderr
    out = run("sync")
    assert out.returncode == 2 and out.stdout == ""


def test_no_color_is_honoured(run, tmp_path):
    missing = str(tmp_path / "none.sqlite")
    forced = run("--db", missing, "status", env={"FORCE_COLOR": "1"})
    assert ANSI_COLOUR.search(forced.stderr), "FORCE_COLOR should give a coloured error"
    plain = run("--db", missing, "status", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert plain.returncode == 1 and "error:" in plain.stderr
    assert not ANSI_COLOUR.search(plain.stderr)


def test_shell_completion(run):
    """`--show-completion` takes no shell name (`mrag --show-completion bash`
    ignored the `bash`): typer prints the script of the shell it finds among
    the process's ancestors (shellingham). The test asked for bash and got
    whatever shell had started pytest: "Shell sh not supported." and exit 1
    when that was dash (`sh -c 'pytest ...'`, as some runners do), so it
    failed or passed by how the suite was launched. It now runs mrag from
    bash, the current shell the README speaks of."""
    out = run(env={"_MRAG_COMPLETE": "complete_bash", "COMP_WORDS": "mrag gr", "COMP_CWORD": "1"})
    assert out.stdout.split() == ["graph"]
    out = run(env={"_MRAG_COMPLETE": "complete_bash", "COMP_WORDS": "mrag graph ", "COMP_CWORD": "2"})
    assert "export" in out.stdout.split()
    script = run("--show-completion", shell="bash")
    assert script.returncode == 0, script.stderr
    assert "_MRAG_COMPLETE=complete_bash" in script.stdout and "complete -o default -F _mrag_completion mrag" in \
        script.stdout


def test_ctrl_c_says_interrupted_and_exits_130(mrag_bin, tmp_path):
    """typer turns Ctrl-C in a command into Exit(130), which main() returned silently: the
    line README and the KeyboardInterrupt branch promise was never printed."""
    import signal
    import time

    p = subprocess.Popen([mrag_bin, "--db", str(tmp_path / "none.sqlite"), "ask", "-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2)  # waiting for the question on stdin
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and out == ""
    assert "interrupted; everything committed so far is kept." in err and "Traceback" not in err
