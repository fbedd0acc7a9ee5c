"""Configuration: precedence flags > env > project config > user config >
defaults, where each value came from, errors that name the file and line,
and the wiring into `mrag sync` (a project config changes what sync does)."""

from __future__ import annotations

import json
import subprocess

import pytest
from typer.testing import CliRunner

from minirag_cli import chunking, config, embed
from minirag_cli.cli import app
from minirag_cli.config import ConfigError, effective
from minirag_cli.errors import UsageError
from tests.conftest import write_notes


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A folder with .mrag/ (config only, no index yet) as the current directory."""
    root = tmp_path / "proj"
    (root / ".mrag").mkdir(parents=True)
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def user_cfg(tmp_path):
    # conftest points XDG_CONFIG_HOME at tmp_path / "xdg-config"
    return tmp_path / "xdg-config" / "mrag" / "config.toml"


def test_defaults_match_the_modules_that_use_them(project):
    s = effective()
    assert s.chunk_tokens == chunking.DEFAULT_CHUNK_TOKENS
    assert s.overlap_tokens == chunking.DEFAULT_OVERLAP_TOKENS
    assert s.embedding_model == embed.DEFAULT_EMBEDDING_MODEL
    assert (s.k, s.hops, s.mode, s.extractor, s.model) == (10, 2, "hybrid", "auto", None)
    assert set(s.sources.values()) <= {"default", f"found {project / '.mrag'}"}


def test_precedence_each_layer_overrides_the_one_below(project, user_cfg, monkeypatch):
    write(user_cfg, 'k = 3\nhops = 1\nmode = "bm25"\nextractor = "heuristic"\n')
    write(project / ".mrag" / "config.toml", 'k = 4\nhops = 3\nmode = "dense"\n')
    monkeypatch.setenv("MRAG_K", "5")
    monkeypatch.setenv("MRAG_MODE", "dense,bm25")
    s = effective({"k": 6})
    assert s.k == 6 and s.sources["k"] == "flag"
    assert s.mode == "dense,bm25" and s.sources["mode"] == "env MRAG_MODE"
    assert s.hops == 3 and s.sources["hops"] == f"project config {project / '.mrag' / 'config.toml'}"
    assert s.extractor == "heuristic" and s.sources["extractor"] == f"user config {user_cfg}"
    assert s.chunk_tokens == chunking.DEFAULT_CHUNK_TOKENS and s.sources["chunk_tokens"] == "default"
    # a flag left unset (None) does not hide the layers below
    assert effective({"k": None}).k == 5


def test_project_config_is_the_one_next_to_the_index(tmp_path, monkeypatch):
    elsewhere = tmp_path / "kb" / ".mrag" / "index.sqlite"
    write(elsewhere.parent / "config.toml", "hops = 4\n")
    monkeypatch.chdir(tmp_path)
    # an index outside a .mrag folder has no project config: a stray config.toml beside it is not read
    stray = write(tmp_path / "other" / "config.toml", "not toml at all [")
    assert effective({"db": str(stray.parent / "kb.sqlite")}).project_config is None
    s = effective({"db": str(elsewhere)})
    assert s.hops == 4 and s.db == str(elsewhere) and s.sources["db"] == "flag"
    monkeypatch.setenv("MRAG_DB", str(elsewhere))
    s = effective()
    assert s.hops == 4 and s.sources["db"] == "env MRAG_DB"


def test_db_from_configs_and_relative_paths(tmp_path, user_cfg, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(user_cfg, 'db = "kb/main.sqlite"\nmodel = "~/models/m.gguf"\n')
    s = effective()
    assert s.db == str(user_cfg.parent / "kb" / "main.sqlite")  # relative to the config's folder
    assert s.sources["db"] == f"user config {user_cfg}"
    assert s.model.endswith("/models/m.gguf") and "~" not in s.model
    # a project found above the current directory wins over the user config
    proj = tmp_path / "p"
    write(proj / ".mrag" / "config.toml", 'db = "../shared.sqlite"\n')
    (proj / "sub").mkdir()
    monkeypatch.chdir(proj / "sub")
    s = effective()
    assert s.db == str((proj / "shared.sqlite").resolve())
    assert s.sources["db"].startswith("project config")


def test_syntax_error_names_file_and_line(project):
    cfg = write(project / ".mrag" / "config.toml", 'k = 4\nmode = "dense\nhops = 2\n')
    with pytest.raises(ConfigError) as err:
        effective()
    assert str(cfg) in str(err.value) and "line 2" in str(err.value)


def test_config_saved_with_a_byte_order_mark_is_read(project):
    """A config file saved with a UTF-8 byte-order mark (Notepad) was
    'invalid TOML: Invalid statement (at line 1, column 1)' though it read
    `k = 3` in every editor."""
    (project / ".mrag").mkdir(parents=True, exist_ok=True)
    (project / ".mrag" / "config.toml").write_bytes(b"\xef\xbb\xbfk = 3\r\nmode = \"bm25\"\r\n")
    settings = effective()
    assert (settings.k, settings.mode) == (3, "bm25")


@pytest.mark.parametrize("body, line, words", [
    ('k = 4\n\nwidth = 3\n', 3, "unknown setting 'width'"),
    ('hops = 1\nk = "ten"\n', 2, "whole number"),
    ('k = 0\n', 1, ">= 1"),
    ('mode = "sparse"\n', 1, "dense, bm25, graph, hybrid"),
    ('extractor = "gpt"\n', 1, "auto, heuristic, llm"),
    ('overlap_tokens = true\n', 1, "whole number"),
])
def test_bad_values_name_file_line_and_setting(project, body, line, words):
    cfg = write(project / ".mrag" / "config.toml", body)
    with pytest.raises(ConfigError) as err:
        effective().check()  # a bad value is raised when read (an unknown key at once)
    msg = str(err.value)
    assert f"{cfg}, line {line}" in msg and words in msg


def test_bad_env_and_flag_values(project, monkeypatch):
    monkeypatch.setenv("MRAG_HOPS", "two")
    settings = effective()  # a bad variable fails the command that reads it, not every command
    with pytest.raises(ConfigError, match="MRAG_HOPS"):
        settings.hops
    assert settings.k == 10
    with pytest.raises(ConfigError, match="MRAG_HOPS"):
        settings.check()
    assert effective({"hops": 1}).hops == 1  # the flag wins over the variable
    monkeypatch.delenv("MRAG_HOPS")
    with pytest.raises(UsageError, match="--chunk-tokens"):
        effective({"chunk_tokens": 0})
    with pytest.raises(UsageError, match="^--overlap -1: "):  # the flag's name, not --overlap-tokens
        effective({"overlap_tokens": -1})


def test_a_bad_variable_fails_only_the_commands_that_use_it(tmp_path, monkeypatch):
    """`MRAG_MODE=bogus mrag status` failed, although status has no use for
    the retrieval mode; `mrag ask` does, and says what is wrong with it."""
    from tests.kb_fixture import build_small_index

    db_path, _ = build_small_index(tmp_path)
    monkeypatch.setenv("MRAG_MODE", "bogus")
    runner = CliRunner()
    for args in (["status", "--json"], ["entities", "wolf", "--json"]):
        res = runner.invoke(app, ["--db", str(db_path), *args])
        assert res.exit_code == 0, (args, res.output)
        json.loads(res.stdout)
    # the ConfigError reaches the one place that prints errors (cli.main) as one line
    res = runner.invoke(app, ["--db", str(db_path), "ask", "who is Wolfgang?", "--json"])
    assert isinstance(res.exception, ConfigError) and res.stdout == ""
    assert "Environment variable MRAG_MODE='bogus'" in str(res.exception)
    res = runner.invoke(app, ["--db", str(db_path), "config", "show"])
    assert res.exit_code == 1 and "MRAG_MODE" in res.stderr


def test_a_bad_config_value_fails_only_the_commands_that_use_it(tmp_path, user_cfg, monkeypatch):
    """`mode = "bogus"` in a config file stopped every command (`mrag status`
    too, which never reads the mode) with the file's error, where the same
    value in MRAG_MODE stopped only the commands that read it."""
    from tests.kb_fixture import build_small_index

    index, _ = build_small_index(tmp_path)
    project_cfg = write(index.parent / "config.toml", 'k = 3\nmode = "bogus"\n')
    runner = CliRunner()
    for args in (["status", "--json"], ["entities", "wolf", "--json"]):
        res = runner.invoke(app, ["--db", str(index), *args])
        assert res.exit_code == 0, (args, res.output)
        json.loads(res.stdout)
    res = runner.invoke(app, ["--db", str(index), "ask", "who is Wolfgang?", "--json"])
    assert isinstance(res.exception, ConfigError) and res.stdout == ""
    assert f'{project_cfg}, line 2: mode = "bogus"' in str(res.exception)
    res = runner.invoke(app, ["--db", str(index), "ask", "who is Wolfgang?", "--mode", "bm25", "--json"])
    assert res.exit_code == 0, res.output  # the flag wins over the file
    assert len(json.loads(res.stdout)["results"]) <= 3  # the file's good value is still used
    res = runner.invoke(app, ["--db", str(index), "config", "show"])
    assert res.exit_code == 1 and 'mode = "bogus"' in res.stderr

    # the user config's bad value: a valid one above it (the project config, a variable) wins
    write(user_cfg, 'hops = "two"\nk = 0\n')
    monkeypatch.chdir(project_cfg.parent.parent)
    settings = effective()
    with pytest.raises(ConfigError, match=f"{user_cfg}, line 1: hops"):
        settings.hops
    assert settings.k == 3 and settings.sources["hops"] == f"user config {user_cfg}"
    monkeypatch.setenv("MRAG_HOPS", "1")
    assert effective().hops == 1
    # a bad `db` fails at once: every command reads the index, and no other may stand in for it
    write(project_cfg, "db = 5\n")
    with pytest.raises(ConfigError, match="line 1: db = 5"):
        effective()
    monkeypatch.chdir(tmp_path)
    write(user_cfg, "db = true\n")
    with pytest.raises(ConfigError, match=f"{user_cfg}, line 1: db = true"):
        effective()
    effective({"db": str(index)}).check()  # an index named on purpose needs no `db` from a file


def test_negative_max_bytes_is_refused_before_the_index_is_touched(tmp_path, mrag_bin):
    """`mrag sync DIR --max-bytes -5` skipped every note as too large and so
    removed them all from the index, exit 0."""
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang Schulz in Berlin.\n"})
    index = tmp_path / "index.sqlite"
    run = lambda *args: subprocess.run([mrag_bin, "--db", str(index), *args], capture_output=True, text=True,
                                       cwd=tmp_path)
    assert run("sync", str(root), "-x", "heuristic", "--embedding-model", "hashing:16", "-q").returncode == 0
    out = run("sync", str(root), "--max-bytes", "-5", "--json")
    assert out.returncode == 2 and "--max-bytes -5" in out.stderr and out.stdout == ""
    assert json.loads(run("status", "--json").stdout)["files"] == 1


def test_mrag_config_names_another_user_file(project, tmp_path, monkeypatch):
    other = write(tmp_path / "other.toml", "k = 7\n")
    monkeypatch.setenv("MRAG_CONFIG", str(other))
    assert config.user_config_path() == other
    assert effective().k == 7


def test_mrag_config_naming_no_file_is_an_error(project, tmp_path, monkeypatch):
    """MRAG_CONFIG=/typo/config.toml was ignored without a word (the user's
    settings silently not applied)."""
    for bad in (tmp_path / "nope.toml", tmp_path):
        monkeypatch.setenv("MRAG_CONFIG", str(bad))
        with pytest.raises(ConfigError, match="MRAG_CONFIG"):
            effective()


def test_mrag_config_dev_null_is_no_config(project, user_cfg, tmp_path, mrag_bin):
    """MRAG_CONFIG=/dev/null, the usual way to say "no config", was refused
    as "no such file" (it exists). An empty file or /dev/null is a config
    with no settings: the user config's k = 3 is not applied. A missing
    path, a folder and bad TOML are still errors that say which."""
    import os

    write(user_cfg, "k = 3\n")

    def run(value, *args):
        env = {**os.environ, "MRAG_CONFIG": value}
        return subprocess.run([mrag_bin, "config", "show", "--json", *args], capture_output=True, text=True,
                              cwd=project, env=env, timeout=120)

    empty = write(tmp_path / "empty.toml", "")
    for value in (os.devnull, str(empty)):
        out = run(value)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["settings"]["k"] == {"value": 10, "source": "default", "env": "MRAG_K"}
    bad_toml = write(tmp_path / "bad.toml", "k =\n")
    for value, message in ((str(tmp_path / "nope.toml"), "no such file"), (str(tmp_path), "a folder"),
                           (str(bad_toml), "invalid TOML"), ("/dev/zero", "larger than 1 MB")):
        out = run(value)
        assert out.returncode == 1 and message in out.stderr, (value, out.stderr)
        assert "Traceback" not in out.stderr and out.stdout == ""


@pytest.mark.parametrize("which", ["user", "project"])
def test_a_config_file_that_is_a_folder_is_an_error_naming_it(project, user_cfg, mrag_bin, tmp_path, which):
    """A config.toml that was a folder (or a symlink to nothing) was passed
    over as if there were none: `config show` said "(none)" and every setting
    the user meant to put there was silently not applied."""
    cfg = user_cfg if which == "user" else project / ".mrag" / "config.toml"
    cfg.mkdir(parents=True)
    for args in (["config", "show"], ["config", "show", "--json"], ["status"]):
        out = subprocess.run([mrag_bin, *args], capture_output=True, text=True, cwd=project, timeout=120)
        assert out.returncode == 1, (args, out.stdout, out.stderr)
        assert f"{cfg} is a folder" in out.stderr and "Traceback" not in out.stderr
        assert out.stdout == ""
    cfg.rmdir()
    cfg.symlink_to(tmp_path / "gone.toml")
    with pytest.raises(ConfigError, match="symlink to nothing"):
        effective()


def test_embedding_model_for_prefers_the_index_unless_configured(project, monkeypatch):
    s = effective()
    assert config.embedding_model_for(s, "hashing:64") == "hashing:64"
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "other-model")
    assert config.embedding_model_for(effective(), "hashing:64") == "other-model"


def test_config_show_json_and_text(project, user_cfg, monkeypatch):
    write(user_cfg, "k = 3\n")
    monkeypatch.setenv("MRAG_HOPS", "1")
    runner = CliRunner()
    res = runner.invoke(app, ["config", "show", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["settings"]["k"] == {"value": 3, "source": f"user config {user_cfg}", "env": "MRAG_K"}
    assert data["settings"]["hops"]["source"] == "env MRAG_HOPS"
    assert data["files_read"] == [str(user_cfg)]
    res = runner.invoke(app, ["config", "show"])
    assert res.exit_code == 0
    k_line = next(line for line in res.stdout.splitlines() if line.startswith("k "))
    assert "= 3" in k_line and "user config" in k_line
    # a default is not read as coming from the variable that would set it
    chunk_line = next(line for line in res.stdout.splitlines() if line.startswith("chunk_tokens"))
    assert chunk_line.endswith("# default; env MRAG_CHUNK_TOKENS would set it"), chunk_line
    write(user_cfg, "k = true\n")  # TOML's spelling in the message, not Python's True
    with pytest.raises(ConfigError, match="k = true: expected a whole number"):
        effective().k


def test_sync_uses_project_config(tmp_path, mrag_bin, monkeypatch):
    """Real subprocess: chunk size and extractor come from .mrag/config.toml
    next to the index, a flag still wins, and a broken file stops sync with
    a one-line error naming file and line (exit 1, nothing on stdout)."""
    root = tmp_path / "notes"
    write_notes(root, {"a.md": " ".join(f"word{i}" for i in range(100)) + "\n"})
    cfg = write(root / ".mrag" / "config.toml", 'chunk_tokens = 30\noverlap_tokens = 0\nextractor = "heuristic"\n'
                                                 'embedding_model = "hashing:32"\n')
    env = {**__import__("os").environ}
    run = lambda *args: subprocess.run([mrag_bin, *args], capture_output=True, text=True, env=env, cwd=tmp_path)
    out = run("sync", str(root), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["chunks"] == 4  # 100 words / 30
    status = json.loads(run("--db", str(root / ".mrag" / "index.sqlite"), "status", "--json").stdout)
    assert (status["chunk_tokens"], status["embedding_model"], status["extractor"]) == (30, "hashing:32", "heuristic")
    out = run("sync", str(root), "--json", "--rebuild", "--chunk-tokens", "50")
    assert json.loads(out.stdout)["chunks"] == 2
    cfg.write_text("chunk_tokens = 30\nk = \n")
    out = run("sync", str(root))
    assert out.returncode == 1 and out.stdout == ""
    assert str(cfg) in out.stderr and "line 2" in out.stderr and "Traceback" not in out.stderr


def test_config_show_gives_the_chunking_the_index_keeps(tmp_path, mrag_bin):
    """An index synced with --chunk-tokens 30 is synced at 30 by every sync
    that sets no size, but `config show` said `chunk_tokens = 120  # default`.
    It now shows the index's values (source "index"), which the next sync
    uses; a size set in the environment is still shown as set there."""
    root = tmp_path / "notes"
    write_notes(root, {"a.md": " ".join(f"word{i}" for i in range(100)) + "\n"})
    env = {**__import__("os").environ, "MRAG_EMBEDDING_MODEL": "hashing:32"}
    run = lambda *args, **extra: subprocess.run([mrag_bin, *args], capture_output=True, text=True,  # noqa: E731
                                                env={**env, **extra}, cwd=root)
    assert run("config", "show", "--json").returncode == 0  # no index yet: the defaults
    out = run("sync", ".", "--chunk-tokens", "30", "--overlap", "5", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["chunks"] == 4, out.stderr
    shown = json.loads(run("config", "show", "--json").stdout)["settings"]
    assert [shown[n] for n in ("chunk_tokens", "overlap_tokens")] == [
        {"value": 30, "source": "index", "env": "MRAG_CHUNK_TOKENS"},
        {"value": 5, "source": "index", "env": "MRAG_OVERLAP_TOKENS"}]
    line = next(ln for ln in run("config", "show").stdout.splitlines() if ln.startswith("chunk_tokens"))
    assert "= 30" in line and "the index's" in line and "--rebuild --chunk-tokens N" in line, line
    line = next(ln for ln in run("config", "show").stdout.splitlines() if ln.startswith("overlap_tokens"))
    assert "= 5" in line and "--rebuild --overlap N" in line, line  # its own flag, not --chunk-tokens
    (root / "a.md").write_text(" ".join(f"other{i}" for i in range(100)) + "\n")
    out = run("sync", ".", "--json")  # what config show said: 30 and 5
    assert out.returncode == 0 and json.loads(out.stdout)["chunks"] == 4, out.stderr
    shown = json.loads(run("config", "show", "--json", MRAG_CHUNK_TOKENS="60").stdout)["settings"]
    assert shown["chunk_tokens"]["source"] == "env MRAG_CHUNK_TOKENS" and shown["chunk_tokens"]["value"] == 60
    assert shown["overlap_tokens"]["source"] == "default"


def test_sync_refuses_an_overlap_over_half_a_chunk_and_says_where_it_was_set(tmp_path, monkeypatch):
    """`sync --chunk-tokens 30 --overlap 20` chunked with an overlap of 15 and
    recorded 20; it is a usage error naming the most allowed, before the index
    is made, and an overlap from MRAG_OVERLAP_TOKENS is said to come from there."""
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang Schulz in Berlin.\n"})
    index = tmp_path / "idx" / "index.sqlite"
    runner = CliRunner()
    res = runner.invoke(app, ["--db", str(index), "sync", str(root), "--chunk-tokens", "30", "--overlap", "20"])
    assert isinstance(res.exception, UsageError), res.output
    assert "more than half of --chunk-tokens 30: at most 15" in str(res.exception)
    assert not index.exists()
    monkeypatch.setenv("MRAG_OVERLAP_TOKENS", "20")
    res = runner.invoke(app, ["--db", str(index), "sync", str(root), "--chunk-tokens", "30"])
    assert isinstance(res.exception, UsageError) and "env MRAG_OVERLAP_TOKENS" in res.exception.hint
    assert not index.exists()


def test_resync_keeps_the_embedder_the_index_was_built_with(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang Schulz in Berlin.\n"})
    run = lambda *args: subprocess.run([mrag_bin, *args], capture_output=True, text=True, cwd=tmp_path)
    assert run("sync", str(root), "--embedding-model", "hashing:16", "--json").returncode == 0
    (root / "b.md").write_text("Jennifer Moore in Hamburg.\n")
    out = run("sync", str(root), "--json")  # no embedding model configured anywhere
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["added"] == 1
    status = json.loads(run("--db", str(root / ".mrag" / "index.sqlite"), "status", "--json").stdout)
    assert status["embedding_model"] == "hashing:16"


@pytest.mark.parametrize("value, debug", [("1", True), ("yes", True), ("", False), ("0", False),
                                          ("false", False), ("No", False), ("off", False)])
def test_mrag_debug_zero_or_false_leaves_tracebacks_off(monkeypatch, value, debug):
    # MRAG_DEBUG=0 turned debug on (any non-empty value did), so a user switching it off got tracebacks
    monkeypatch.setenv("MRAG_DEBUG", value)
    assert config.environment().debug is debug


@pytest.mark.parametrize("value, fast", [("1", True), ("", True), ("yes", True), ("0", False),
                                         ("false", False), ("No", False), ("off", False)])
def test_mrag_fast_query_off_words_as_mrag_debug(monkeypatch, value, fast):
    # only "0" turned the ONNX query path off: a script's MRAG_FAST_QUERY=false left it on, silently
    monkeypatch.setenv("MRAG_FAST_QUERY", value)
    assert config.environment().fast_query is fast


def test_config_show_lists_every_setting_and_marks_each_bad_one(tmp_path, user_cfg, monkeypatch):
    """`config show` stopped at the first bad setting (one error line, no
    settings), where `doctor` lists them all: it lists every setting, each bad
    one commented out with its error, and exits 1; --json stays valid JSON."""
    from minirag_cli.config import SPECS
    from tests.kb_fixture import build_small_index

    index, _ = build_small_index(tmp_path)
    write(index.parent / "config.toml", 'k = 3\nhops = "two"\n')
    monkeypatch.setenv("MRAG_MODE", "bogus")
    runner = CliRunner()
    res = runner.invoke(app, ["--db", str(index), "config", "show"])
    assert res.exit_code == 1, res.output
    for spec in SPECS:
        assert spec.name in res.stdout
    assert "k " in res.stdout and "= 3" in res.stdout  # the good ones with their values
    assert "# mode" in res.stdout and "(invalid)" in res.stdout and "MRAG_MODE='bogus'" in res.stdout
    assert "# hops" in res.stdout and 'hops = "two"' in res.stdout
    assert "MRAG_MODE" in res.stderr and "hops" in res.stderr  # both errors, not the first alone
    res = runner.invoke(app, ["--db", str(index), "config", "show", "--json"])
    assert res.exit_code == 1
    shown = json.loads(res.stdout)["settings"]
    assert set(shown) == {s.name for s in SPECS}
    assert "MRAG_MODE" in shown["mode"]["error"] and "hops" in shown["hops"]["error"]
    assert "error" not in shown["k"] and shown["k"]["value"] == 3


def test_config_show_json_names_the_value_used_and_the_bad_one_apart(tmp_path, user_cfg, monkeypatch):
    """`MRAG_K=ten mrag config show --json` said {"value": 10, "source": "env
    MRAG_K", "error": ...}: as if the variable had set 10. The source is now
    that of the value shown (the default, or a config file under the bad
    variable), and the bad value's own source is `error_source`."""
    from tests.kb_fixture import build_small_index

    index, _ = build_small_index(tmp_path)
    monkeypatch.setenv("MRAG_K", "ten")
    monkeypatch.setenv("MRAG_HOPS", "many")
    write(index.parent / "config.toml", "hops = 3\n")
    res = CliRunner().invoke(app, ["--db", str(index), "config", "show", "--json"])
    assert res.exit_code == 1
    shown = json.loads(res.stdout)["settings"]
    assert {key: shown["k"][key] for key in ("value", "source", "error_source")} == \
        {"value": 10, "source": "default", "error_source": "env MRAG_K"}
    assert "MRAG_K='ten'" in shown["k"]["error"]
    assert {key: shown["hops"][key] for key in ("value", "source", "error_source")} == \
        {"value": 3, "source": f"project config {index.parent / 'config.toml'}", "error_source": "env MRAG_HOPS"}
    monkeypatch.delenv("MRAG_HOPS")
    write(user_cfg, 'mode = "nonsense"\n')  # a bad file value under a bad variable: the default is used
    monkeypatch.setenv("MRAG_MODE", "bogus")
    shown = json.loads(CliRunner().invoke(app, ["--db", str(index), "config", "show", "--json"]).stdout)["settings"]
    assert (shown["mode"]["source"], shown["mode"]["error_source"]) == ("default", "env MRAG_MODE")
    assert "error_source" not in shown["hops"] and shown["hops"]["source"].startswith("project config")
