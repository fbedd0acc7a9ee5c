"""The README documents the CLI that exists: every registered command and
subcommand has help text and an example in README.md, the schema section
equals what `python -m minirag_cli.schema_doc` generates from the migrations,
and the first block (the first run, on the bundled sample notes) runs as
written."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from minirag_cli import schema_doc
from minirag_cli.cli import app
from tests.conftest import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
# examples: the fenced code blocks
EXAMPLES = "\n".join(re.findall(r"^```[^\n]*\n(.*?)^```", README, flags=re.S | re.M))
SKIP_PARAMS = {"help", "install_completion", "show_completion"}


def command_tree():
    """(full name, click command) for every command and group, depth first."""
    root = typer.main.get_command(app)
    found = []

    def walk(cmd, prefix):
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):
            full = f"{prefix} {name}"
            found.append((full, sub))
            walk(sub, full)

    walk(root, "mrag")
    return found


COMMANDS = command_tree()


def test_the_tree_has_the_known_commands():
    names = {n for n, _ in COMMANDS}
    assert {"mrag sync", "mrag status", "mrag show", "mrag entity", "mrag graph export", "mrag config show",
            "mrag mcp"} <= names


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_command_has_help(name, cmd):
    text = (cmd.help or cmd.short_help or "").strip()
    assert len(text) > 10, f"`{name}` has no help text (a docstring or help=...)"


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_every_option_and_argument_has_help(name, cmd):
    missing = [p.name for p in cmd.params if p.name not in SKIP_PARAMS and not (getattr(p, "help", None) or "").strip()]
    assert not missing, f"`{name}`: no help for {missing}"


@pytest.mark.parametrize("name, cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_command_has_an_example_in_the_readme(name, cmd):
    # typed in a code block, possibly after global options: "mrag graph export", "mrag --db X mcp";
    # a group is covered by an example of any of its subcommands
    words = name.split()[1:]
    pattern = r"\bmrag(?: --?[\w-]+(?: [^\s`-][^\s`]*)?)* " + r" ".join(map(re.escape, words)) + r"(?![\w-])"
    assert re.search(pattern, EXAMPLES), f"README.md has no example of `{name}` in a code block"


def test_every_long_option_is_in_the_readme():
    """Each option's long form is named somewhere in README.md: `--version`,
    `--limit`, `--output` and `--neighbours` were used only as -n and -o, or not
    at all."""
    root = typer.main.get_command(app)
    missing = []

    def walk(cmd, name):
        for param in cmd.params:
            if param.name in SKIP_PARAMS:
                continue
            for opt in param.opts:
                if opt.startswith("--") and not re.search(re.escape(opt) + r"(?![\w-])", README):
                    missing.append(f"{name} {opt}")
        for sub_name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, f"{name} {sub_name}")

    walk(root, "mrag")
    assert not missing, f"README.md never names {missing}"


def test_every_environment_variable_is_in_the_readme():
    """Each MRAG_* variable mrag (config.py) or the bench reads is named in
    README.md; MRAG_SQLITE and MRAG_BENCH_DIR were not."""
    read = set()
    for source in (REPO / "minirag_cli" / "config.py", *(REPO / "bench").glob("*.py")):
        read |= set(re.findall(r"\bMRAG_[A-Z][A-Z_]*[A-Z]\b", source.read_text(encoding="utf-8")))
    assert {"MRAG_DB", "MRAG_SQLITE", "MRAG_BENCH_DIR"} <= read
    missing = sorted(v for v in read if not re.search(rf"\b{v}\b", README))
    assert not missing, f"README.md never names {missing}"


def test_schema_section_is_generated_from_the_migrations():
    block = README.split(schema_doc.START, 1)[1].split(schema_doc.END, 1)[0]
    assert block.strip() == schema_doc.generate().strip(), \
        "README schema section is stale: run python -m minirag_cli.schema_doc"


def test_schema_doc_lists_every_table_and_column():
    """The generator is a real reading of the schema, not a copy: each table
    the migrations create and each of its columns is in the generated text."""
    from minirag_cli import db

    text = schema_doc.generate()
    conn = db.connect(":memory:", create=True)
    try:
        fts = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                          "AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%'")}
        assert {"chunks_fts", "chunks_cjk"} <= fts
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                              "AND name NOT LIKE 'sqlite_%'")
                  if not any(r[0].startswith(f + "_") for f in fts)]  # an FTS5 table's shadow tables
        assert len(tables) >= 10
        for table in tables:
            assert f"#### `{table}`" in text
            for col in conn.execute(f"PRAGMA table_info({table})"):
                if table not in fts:  # shown by its CREATE VIRTUAL TABLE
                    assert f"| {col[1]} |" in text.split(f"#### `{table}`", 1)[1]
    finally:
        conn.close()


def test_schema_doc_check_mode(tmp_path, monkeypatch):
    stale = tmp_path / "README.md"
    stale.write_text(f"# x\n\n{schema_doc.START}\nSTALE TEXT\n{schema_doc.END}\n")
    monkeypatch.setattr(schema_doc, "readme_path", lambda: stale)
    assert schema_doc.main(["--check"]) == 1
    assert schema_doc.main([]) == 0
    assert schema_doc.main(["--check"]) == 0
    assert "#### `documents`" in stale.read_text() and "STALE TEXT" not in stale.read_text()


def test_help_runs_without_loading_models():
    out = subprocess.run([sys.executable, "-c",
                          "import sys; from minirag_cli.cli import app; "
                          "app(['--help'], standalone_mode=False); "
                          "heavy = [m for m in ('torch', 'sentence_transformers', 'llama_cpp', 'mcp') "
                          "if m in sys.modules]; print('HEAVY', heavy)"],
                         capture_output=True, text=True, timeout=60)
    assert "HEAVY []" in out.stdout, out.stdout[-500:] + out.stderr[-500:]


# ------------------------------------------------------------------ the first run


def fenced_blocks(text: str, lang: str = "bash") -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", text, flags=re.S | re.M)


SETUP_LINES = ("bash scripts/install", "source .venv/bin/activate")


@pytest.mark.slow
def test_first_block_runs_as_written_on_the_sample_notes(tmp_path):
    """README's first block, on a fresh copy of the bundled notes: sync
    golden/notes and ask a question whose answer takes two notes. The two
    set-up lines are what scripts/test already did for this interpreter (it
    runs with the venv's bin first on PATH); every other line runs as written."""
    import os
    import shutil

    block = fenced_blocks(README)[0]
    lines = [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]
    assert lines[:2] == list(SETUP_LINES), "the first block no longer starts with install + activate"
    commands = lines[2:]
    assert any(c.startswith("mrag sync") for c in commands) and any(c.startswith("mrag ask") for c in commands)
    assert not any("~" in c for c in commands), "the first block must not need a folder of the user's"
    shutil.copytree(REPO / "golden", tmp_path / "golden")  # a fresh clone's copy: no index in it
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1",
           "COLUMNS": "200"}
    run = subprocess.run(["bash", "-c", "set -euo pipefail\n" + "\n".join(commands)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert (tmp_path / "golden" / "notes" / ".mrag" / "index.sqlite").is_file()
    # the question is one of the golden set's multi-note questions, and both its notes rank first
    question = re.search(r'mrag ask "([^"]+)"', "\n".join(commands)).group(1)
    golden = [json.loads(x) for x in (REPO / "golden" / "golden.jsonl").read_text().splitlines() if x.strip()]
    item = next(g for g in golden if g["query"] == question)
    assert item["type"] == "multi" and len(item["expected"]) == 2
    ranked = re.findall(r"^\s*(\d+)\. (\S+?):\d", run.stdout, flags=re.M)
    top = [path for _rank, path in ranked][:2]
    assert sorted(top) == sorted(item["expected"]), run.stdout
    for path in item["expected"]:  # and the README names them in that order
        assert path in README.split("Then point mrag at your own folder", 1)[0]


# ------------------------------------------------------------------ the links between README and docs/


def outside_fences(text: str) -> str:
    """The lines of a Markdown text outside its fenced code blocks, as CommonMark
    reads a fence: three or more backticks (no backtick in the info string after
    them: a line opening with ```` ``` ```` is a code span) or tildes, closed by a
    line of at least as many of the same."""
    kept, fence = [], None
    for line in text.splitlines():
        if fence is None:
            opener = re.match(r" {0,3}(`{3,}(?=[^`]*$)|~{3,})", line)
            if opener:
                fence = opener.group(1)
            else:
                kept.append(line)
        elif re.fullmatch(rf" {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*", line):
            fence = None
    return "\n".join(kept)


def heading_slugs(text: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: lower case, punctuation
    but `-` and `_` dropped, blanks to `-`, a repeated slug numbered `-1`, `-2`."""
    slugs: set[str] = set()
    seen: dict[str, int] = {}
    for line in outside_fences(text).splitlines():
        heading = re.match(r"#{1,6} +(.+?) *#* *$", line)
        if not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        slugs.add(slug if count == 0 else f"{slug}-{count}")
    return slugs


def markdown_links(text: str) -> list[str]:
    """The targets of a Markdown file's links, outside code blocks and code spans."""
    prose = re.sub(r"(`+).*?\1", "", outside_fences(text), flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", prose)


DOC_FILES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


@pytest.mark.parametrize("source", DOC_FILES, ids=[p.relative_to(REPO).as_posix() for p in DOC_FILES])
def test_every_link_to_a_file_or_heading_resolves(source):
    """Each `](#anchor)`, `](docs/x.md#anchor)` and `](../README.md#anchor)` of
    README.md and docs/ names a file that is there and a heading it has: the
    reference moved from README to docs/, and a link left pointing at the old
    place would open the top of a page, or nothing."""
    broken = []
    for target in markdown_links(source.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (source.parent / path).resolve() if path else source
        if not dest.exists():
            broken.append(f"{target} (no file {dest.relative_to(REPO) if dest.is_relative_to(REPO) else dest})")
        elif anchor and (dest.suffix != ".md" or anchor not in heading_slugs(dest.read_text(encoding="utf-8"))):
            broken.append(f"{target} (no heading #{anchor} in {dest.relative_to(REPO)})")
    assert not broken, f"{source.relative_to(REPO)}: broken links {broken}"


def test_the_link_check_reads_headings_as_github_does():
    text = "# mrag\n## `mrag sync DIR [DIR ...]`\n## When did I last …?\n## Notes\n## Notes\n```\n# not a heading\n```\n"
    assert heading_slugs(text) == {"mrag", "mrag-sync-dir-dir-", "when-did-i-last-", "notes", "notes-1"}
    assert markdown_links("[a](#x) `[b](#y)` [c](docs/z.md#w)\n```\n[d](#v)\n```\n") == ["#x", "docs/z.md#w"]
