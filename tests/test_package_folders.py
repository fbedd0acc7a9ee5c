"""Package folders inside a synced folder (package_folders.py): an engineer's vault with `tools/node_modules/`
(241 package READMEs and CHANGELOGs) had them all indexed, five package READMEs ranked above
`design/retry-policy.md` for "what did we decide about retries?" and Node, Sindre Sorhus and Changelog became
entities (qa s52). `node_modules/`, a Python virtual environment (a folder holding pyvenv.cfg) and the like are
skipped, listed once with how to index one; `!node_modules/` in .mragignore indexes it; an index holding their
notes from before drops them; the added-notes check, `--watch`'s filter and `mrag show` agree. Real folders, a
real index synced as `mrag sync` syncs it (the CLI), hashing vectors."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from typer.testing import CliRunner

from minirag_cli.cli import app
from tests.conftest import write_notes

RETRIES = "# Retry policy\nWe decided on retries with exponential backoff, three attempts at most, for payments.\n"
VAULT = {
    "design/retry-policy.md": RETRIES,
    "daily/2026-11-20.md": "# 2026-11-20\nShipped v2.14.1 of payments-api: the retry budget fix.\n",
    "tools/README.md": "# Tools\nOur scripts for the payments team.\n",
    # a person's folders of these names are notes
    "build/notes.md": "# Build\nHow we build the payments image.\n",
    "vendor/acme.md": "# Acme\nThe vendor we buy the retry proxy from.\n",
    "dist/release.md": "# Release\nHow a release is cut.\n",
}
PACKAGES = {
    "tools/node_modules/async-retry/README.md": "# async-retry\nRetrying made simple, easy and async. Retries.\n",
    "tools/node_modules/async-retry/CHANGELOG.md": "# Changelog\n## v2.14.1\nFixed retries. By Sindre Sorhus.\n",
    "tools/node_modules/p-retry/node_modules/retry/README.md": "# retry\nRetries with backoff.\n",
    "web/bower_components/jquery/README.md": "# jQuery\nA library.\n",
    "scripts/env/pyvenv.cfg": "home = /usr/bin\nversion = 3.11.2\n",
    "scripts/env/lib/python3.11/site-packages/pip/README.md": "# pip\nThe package installer, with retries.\n",
    "scripts/__pycache__/tool.md": "# not a note\n",
}
NODE = ("a package folder (software dependencies, not notes: write `!node_modules/` in .mragignore to index it)")
BOWER = ("a package folder (software dependencies, not notes: write `!bower_components/` in .mragignore to index "
         "it)")
VENV = "a Python virtual environment (it holds pyvenv.cfg: write `!env/` in .mragignore to index it)"


def mrag(*args: str):
    res = CliRunner().invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return res


def sync_json(db: Path, root: Path) -> dict:
    return json.loads(mrag("--db", str(db), "sync", str(root), "--embedding-model", "hashing:64", "--json").stdout)


def indexed(db: Path) -> list[str]:
    from minirag_cli import db as dbmod

    conn = dbmod.connect(db)
    try:
        return sorted(path for (path,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()


def entity_names(db: Path) -> list[str]:
    from minirag_cli import db as dbmod

    conn = dbmod.connect(db)
    try:
        return [name for (name,) in conn.execute("SELECT name FROM entities")]
    finally:
        conn.close()


def test_package_folders_are_skipped_said_once_and_kept_by_a_negation_line(tmp_path):
    root = (tmp_path / "vault").resolve()
    write_notes(root, {**VAULT, **PACKAGES})
    db = tmp_path / "index.sqlite"
    out = sync_json(db, root)
    assert indexed(db) == sorted(VAULT)
    assert {item["path"]: item["reason"] for item in out["skipped"]} == {
        "tools/node_modules": NODE, "web/bower_components": BOWER, "scripts/env": VENV}
    assert len(out["skipped_new"]) == 3
    # said once: the next sync counts them as before
    text = mrag("--db", str(db), "sync", str(root))
    assert "skipped 3 files as before" in " ".join(text.output.split()), text.output
    answer = mrag("--db", str(db), "ask", "what did we decide about retries?", "--paths").stdout.split("\n")
    assert answer[0] == str(root / "design/retry-policy.md") and "node_modules" not in " ".join(answer)
    assert not {"Sindre Sorhus", "Changelog"} & set(entity_names(db))

    # a user who wants node_modules indexed says so: its notes are read (the nested one too)
    (root / ".mragignore").write_text("!node_modules/\n", encoding="utf-8")
    out = sync_json(db, root)
    assert indexed(db) == sorted([*VAULT, *(p for p in PACKAGES if "/node_modules/" in p)])
    assert {item["path"] for item in out["skipped"]} == {"web/bower_components", "scripts/env"}
    # an index holding them (here: from that line; or synced by an older mrag) drops them at the next sync
    (root / ".mragignore").unlink()
    out = sync_json(db, root)
    assert indexed(db) == sorted(VAULT)
    assert out["removed"] == 3 and "tools/node_modules" in {item["path"] for item in out["skipped_new"]}


def test_the_added_notes_check_and_show_agree_with_the_sync(tmp_path):
    root = (tmp_path / "vault").resolve()
    write_notes(root, {**VAULT, **PACKAGES})
    past = time.time() - 3600  # folders older than the clock's tick: their mtimes are trusted (added.py)
    for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        os.utime(folder, (past, past))
    db = tmp_path / "index.sqlite"
    sync_json(db, root)
    write_notes(root, {"tools/node_modules/left-pad/README.md": "# left-pad\n",
                       "scripts/env/lib/python3.11/site-packages/new/README.md": "# new\n",
                       "design/timeouts.md": "# Timeouts\nTen seconds.\n"})
    status = json.loads(mrag("--db", str(db), "status", "--json").stdout)
    assert status["added_notes"] == [{"root": str(root), "path": "design/timeouts.md"}]

    res = CliRunner().invoke(app, ["--db", str(db), "show", str(root / "tools/node_modules/async-retry/README.md")])
    said = " ".join((str(res.exception) + " " + str(getattr(res.exception, "hint", ""))).split())
    assert res.exit_code != 0 and "never indexed: its folder tools/node_modules is a package folder" in said, said
    assert "`!node_modules/` in .mragignore" in said and "Traceback" not in res.output, said
    res = CliRunner().invoke(app, ["--db", str(db), "show", str(root / "scripts/__pycache__/tool.md")])
    assert "compiled code (scripts/__pycache__/)" in str(res.exception), res.exception


def test_a_watch_passes_over_changes_in_package_folders(tmp_path):
    from minirag_cli.watch import NoteFilter

    root = (tmp_path / "vault").resolve()
    write_notes(root, {**VAULT, **PACKAGES})
    f = NoteFilter([root])
    assert f(None, str(root / "design/retry-policy.md")) and f(None, str(root / "tools/node_modules"))
    for rel in ("tools/node_modules/async-retry/README.md", "scripts/env/lib/python3.11/site-packages/pip/README.md",
                "web/bower_components/jquery/README.md", "scripts/__pycache__/tool.md"):
        assert not f(None, str(root / rel)), rel
    (root / ".mragignore").write_text("!tools/node_modules/\n", encoding="utf-8")
    assert f(None, str(root / "tools/node_modules/async-retry/README.md"))  # kept by .mragignore: watched
    assert not f(None, str(root / "web/bower_components/jquery/README.md"))
