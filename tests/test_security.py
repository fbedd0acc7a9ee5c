"""Security: mrag writes only the index it was pointed at (and its .lock,
-wal and -shm companions) and never touches the notes, the current folder or
the home folder; sync does not follow symlinks out of the synced folder
unless --follow-symlinks is given; hostile file names are stored as data.
(That notes cannot steer the answer prompt is tested with `mrag ask`.)"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.integrity import verify_index
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import write_notes

NOTES = {
    "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band in Berlin.\n",
    "projects/atlas.md": "Project Atlas kickoff with Jennifer Moore at Harbor Hall. #atlas\n",
    "journal/day.txt": "Time: 20260106_10:00\nLunch with Wolfgang Schulz, then rehearsal.\n",
}
SECRET_WORD = "xylophonequartzsecret"
INDEX_FILES = {"index.sqlite", "index.sqlite.lock", "index.sqlite-wal", "index.sqlite-shm"}


def snapshot(top: Path) -> dict[str, tuple]:
    """Every file and folder under `top` with its content hash and mode."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = str(p.relative_to(top))
            if p.is_symlink():
                out[rel] = ("link", os.readlink(p))
            elif p.is_dir():
                out[rel] = ("dir", p.stat().st_mode)
            else:
                out[rel] = ("file", hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mode)
    return out


def sandbox_env(tmp_path: Path, model: str = "hashing:64") -> dict:
    """HOME, XDG folders and TMPDIR inside tmp_path, so a write anywhere else
    than asked would show up in the snapshot."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MRAG_", "XDG_"))}
    home = tmp_path / "home"
    for sub in ("", ".cache", ".config", "tmp"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env.update({"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "XDG_CONFIG_HOME": str(home / ".config"),
                "TMPDIR": str(home / "tmp"), "MRAG_EMBEDDING_MODEL": model, "HF_HUB_OFFLINE": "1", **PLUGIN_ENV,
                "PYTHONDONTWRITEBYTECODE": "1"})
    return env


def run(mrag_bin, env, cwd, *args, timeout=600):
    r = subprocess.run([mrag_bin, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def commands_touch_only_the_index(tmp_path: Path, mrag_bin: str, model: str) -> None:
    notes, out, cwd = tmp_path / "notes", tmp_path / "out", tmp_path / "cwd"
    write_notes(notes, NOTES)
    out.mkdir()
    cwd.mkdir()
    env = sandbox_env(tmp_path, model)
    before = snapshot(tmp_path)
    index = out / "index.sqlite"
    r = run(mrag_bin, env, cwd, "--db", str(index), "sync", str(notes), "--json")
    assert r.returncode == 0, r.stderr
    # every reader runs, and must work: a broken `ask` fails here instead of dropping out of the check
    for args in (["status"], ["entities", "wolfgang"], ["ask", "Who plays bass?", "--paths"]):
        r = run(mrag_bin, env, cwd, "--db", str(index), *args)
        assert r.returncode == 0, (args, r.stderr)
        if args[0] == "ask":
            # cwd is outside the notes: the file as a shell there opens it
            assert str((notes / "people/wolfgang.md").resolve()) in r.stdout.splitlines(), r.stdout
    r = run(mrag_bin, env, cwd, "--db", str(index), "doctor", "--no-load")
    assert r.returncode in (0, 1), r.stderr  # doctor may warn/fail about llama.cpp; it must not write
    after = snapshot(tmp_path)
    changed = {p for p in before if after.get(p) != before[p]}
    assert changed == set(), f"modified: {sorted(changed)}"
    # $TMPDIR is fair game (torch's import leaves an empty torchinductor_<user> folder there), and
    # so is mrag's own model cache, $XDG_CACHE_HOME/mrag (the ONNX query embedder, query_embed.py)
    # and mrag's record of the indexes this user synced (synced.py), in the user state folder
    new = {p for p in set(after) - set(before)
           if not p.startswith(("home/tmp/", "home/.cache/mrag/", "home/.local/state/mrag/"))
           and p not in ("home/.cache/mrag", "home/.local", "home/.local/state", "home/.local/state/mrag")}
    allowed = {f"out/{n}" for n in INDEX_FILES}
    assert new <= allowed, f"unexpected files: {sorted(new - allowed)}"
    assert "out/index.sqlite" in new


def test_commands_write_only_the_index_they_are_given(tmp_path, mrag_bin):
    commands_touch_only_the_index(tmp_path, mrag_bin, "hashing:64")


@pytest.mark.slow
def test_commands_with_the_real_embedder_write_nothing_else(tmp_path, mrag_bin):
    """sentence-transformers and the hub client like to create caches in $HOME;
    with the packaged MiniLM and HF_HUB_OFFLINE nothing may appear there but
    mrag's own cache folder."""
    commands_touch_only_the_index(tmp_path, mrag_bin, "all-MiniLM-L6-v2")


def test_default_index_goes_into_the_synced_folder_only(tmp_path, mrag_bin):
    notes, cwd = tmp_path / "notes", tmp_path / "cwd"
    write_notes(notes, NOTES)
    cwd.mkdir()
    env = sandbox_env(tmp_path)
    before = snapshot(tmp_path)
    r = run(mrag_bin, env, cwd, "sync", str(notes), "-q")
    assert r.returncode == 0, r.stderr
    after = snapshot(tmp_path)
    assert {p for p in before if after.get(p) != before[p]} == set()
    new = set(after) - set(before)
    record = {"home/.local", "home/.local/state", "home/.local/state/mrag"} | \
        {f"home/.local/state/mrag/{n}" for n in ("indexes.json", "indexes.json.lock")}
    assert new <= {"notes/.mrag"} | {f"notes/.mrag/{n}" for n in INDEX_FILES} | record, sorted(new)
    assert "home/.local/state/mrag/indexes.json" in new  # the index is found from any folder (synced.py)
    # and the index folder is not indexed as notes on the next sync
    r = run(mrag_bin, env, cwd, "sync", str(notes), "--json")
    summary = json.loads(r.stdout)
    assert summary["unchanged"] == len(NOTES) and summary["added"] == 0
    assert not [s for s in summary["skipped"] if s["path"].startswith(".mrag")]


def make_outside_links(tmp_path: Path) -> Path:
    notes, outside = tmp_path / "notes", tmp_path / "outside"
    write_notes(notes, NOTES)
    write_notes(outside, {"secret.md": f"The vault code word is {SECRET_WORD}.\n",
                          "dir/private.md": f"Private diary mentioning {SECRET_WORD} again.\n"})
    (notes / "link.md").symlink_to(outside / "secret.md")
    (notes / "linked-dir").symlink_to(outside / "dir")
    (notes / "relative.md").symlink_to(Path("..") / "outside" / "secret.md")
    (notes / "inside.md").symlink_to("people/wolfgang.md")  # stays inside: the note is indexed at its real path
    return notes


def test_sync_does_not_follow_symlinks_out_of_the_folder(tmp_path, mrag_bin):
    notes = make_outside_links(tmp_path)
    index = tmp_path / "index.sqlite"
    env = sandbox_env(tmp_path)
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "--json", "-q")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    skipped = {s["path"]: s["reason"] for s in summary["skipped"]}
    assert "outside" in skipped["link.md"] and "outside" in skipped["relative.md"]
    assert "not followed" in skipped["linked-dir"]
    conn = db.connect(index)
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert paths == set(NOTES) and "indexed at its real path" in skipped["inside.md"]
    leaked = conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?", (SECRET_WORD,)).fetchone()[0]
    assert leaked == 0
    assert conn.execute("SELECT count(*) FROM chunks WHERE text LIKE ?", (f"%{SECRET_WORD}%",)).fetchone()[0] == 0
    conn.close()


def test_follow_symlinks_is_an_explicit_choice(tmp_path, mrag_bin):
    notes = make_outside_links(tmp_path)
    index = tmp_path / "index.sqlite"
    env = sandbox_env(tmp_path)
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "--json", "-q", "--follow-symlinks")
    assert r.returncode == 0, r.stderr
    conn = db.connect(index)
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert {"link.md", "relative.md", "linked-dir/private.md"} <= paths
    assert conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?", (SECRET_WORD,)).fetchone()[0] == 3
    conn.close()


LINKED = {"link.md", "relative.md", "linked-dir/private.md"}  # the notes make_outside_links' links out bring in


def test_follow_symlinks_is_kept_for_the_folder_until_turned_off(tmp_path, mrag_bin):
    """`mrag sync notes --follow-symlinks` indexed the notes behind links out
    of the folder; the next plain `mrag sync notes` (a cron job, `--watch`)
    did not follow them and removed those notes. The index now keeps the
    choice for the folder: plain syncs and `--rebuild` follow the links,
    `status` says so, and `--no-follow-symlinks` drops them and is kept too."""
    notes = make_outside_links(tmp_path)
    index = tmp_path / "index.sqlite"
    env = {**sandbox_env(tmp_path), "COLUMNS": "400"}  # `status` on one line per row, tmp_path whole

    def mrag(*args):
        r = run(mrag_bin, env, tmp_path, "--db", str(index), *args)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout) if "--json" in args else r.stdout

    def indexed():
        conn = db.connect(index)
        try:
            return {p for (p,) in conn.execute("SELECT path FROM documents")}
        finally:
            conn.close()

    first = mrag("sync", str(notes), "--json", "-q", "--follow-symlinks")
    assert LINKED <= indexed()
    again = mrag("sync", str(notes), "--json", "-q")
    assert (again["removed"], again["unchanged"]) == (0, len(NOTES) + len(LINKED)) and LINKED <= indexed()
    assert first["follow_symlinks"] == again["follow_symlinks"] == [str(notes)]  # the summary says so
    assert mrag("status", "--json")["follow_symlinks"] == [str(notes)]
    assert f"followed out of {notes} " in mrag("status")
    rebuilt = mrag("sync", str(notes), "--json", "-q", "--rebuild")
    assert rebuilt["added"] == len(NOTES) + len(LINKED) and LINKED <= indexed()
    off = mrag("sync", str(notes), "--json", "-q", "--no-follow-symlinks")
    assert sorted(off["removed_paths"]) == sorted(LINKED) and indexed() == set(NOTES)
    assert off["follow_symlinks"] == []
    later = mrag("sync", str(notes), "--json", "-q")
    assert later["added"] == 0 and indexed() == set(NOTES)
    assert mrag("status", "--json")["follow_symlinks"] == []
    assert "not followed" in mrag("status")
    conn = db.connect(index)
    assert conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?", (SECRET_WORD,)).fetchone()[0] == 0
    assert verify_index(conn) == []
    conn.close()
    both = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "--follow-symlinks",
               "--no-follow-symlinks")
    assert both.returncode == 2 and "contradict" in both.stderr


def test_following_links_is_not_carried_to_another_index_or_folder(tmp_path, mrag_bin):
    """The opt-in stays with the index and folder it was given for: another
    index of the same folder, a second folder synced into the index and a
    config file do not turn it on; `mrag doctor` names the folder that
    follows its links."""
    notes = make_outside_links(tmp_path)
    other = tmp_path / "shared"
    write_notes(other, {"readme.md": "Shared notes about Harbor Hall.\n"})
    (other / "keys.md").symlink_to(tmp_path / "outside" / "secret.md")
    index, second = tmp_path / "index.sqlite", tmp_path / "second.sqlite"
    env = sandbox_env(tmp_path)
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "-q", "--follow-symlinks")
    assert r.returncode == 0, r.stderr
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), str(other), "--json", "-q")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["removed"] == 0 and "keys.md" in {s["path"] for s in summary["skipped"]}
    assert summary["follow_symlinks"] == [str(notes)]
    r = run(mrag_bin, env, tmp_path, "--db", str(second), "sync", str(notes), "--json", "-q")
    assert r.returncode == 0, r.stderr
    assert LINKED.isdisjoint(json.loads(r.stdout)["added_paths"])
    r = run(mrag_bin, env, tmp_path, "--db", str(second), "status", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["follow_symlinks"] == []
    doctor = run(mrag_bin, env, tmp_path, "--db", str(index), "doctor", "--no-load", "--json")
    folders = next(c for c in json.loads(doctor.stdout)["checks"] if c["name"] == "folders")
    assert f"symlinks out of {notes} are followed" in folders["detail"] and str(other) not in folders["detail"].split(
        "symlinks out of")[1]
    # no config setting turns it on: the file is refused, saying what to do instead
    (tmp_path / "home" / ".config" / "mrag").mkdir(parents=True)
    (tmp_path / "home" / ".config" / "mrag" / "config.toml").write_text("follow_symlinks = true\n")
    r = run(mrag_bin, env, tmp_path, "--db", str(second), "sync", str(notes), "-q")
    assert r.returncode == 1 and "unknown setting 'follow_symlinks'" in r.stderr and "--follow-symlinks" in r.stderr
    conn = db.connect(second)
    assert {p for (p,) in conn.execute("SELECT path FROM documents")} == set(NOTES)
    conn.close()


HOSTILE_NAMES = ["'; DROP TABLE documents; --.md", "\" OR 1=1 --.md", "$(touch pwned).md", "`id`.md",
                 "ümlaut ✓ 😀.md", "new\nline.md", "back\\slash.md", "-rf.md", "%s%n%x.md"]


def test_hostile_file_names_are_just_names(tmp_path, mrag_bin):
    notes = tmp_path / "notes"
    write_notes(notes, NOTES)
    for i, name in enumerate(HOSTILE_NAMES):
        (notes / name).write_text(f"Note {i} about Jennifer Moore.\n")
    index = tmp_path / "index.sqlite"
    env = sandbox_env(tmp_path)
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "--json", "-q")
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()
    conn = db.connect(index)
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert set(HOSTILE_NAMES) <= paths
    assert all(not p.startswith("/") and ".." not in p.split("/") for p in paths)
    assert verify_index(conn) == []
    conn.close()


def test_terminal_escape_sequences_in_notes_are_shown_not_sent(tmp_path, mrag_bin):
    """A note (or its file name) holding ESC sequences reached the terminal
    raw through `mrag show`, `ask` and `entity`: an OSC sequence retitles the
    window or writes the clipboard (OSC 52), CSI ones hide or recolour lines.
    They are written out as \\x1b; `show --text` and --json keep the text."""
    notes = tmp_path / "notes"
    hostile = "Meeting with Olga Escape \x1b]52;c;cHduZWQ=\x07 and \x1b[8mHidden Person\x1b[0m today.\n"
    write_notes(notes, {**NOTES, "evil.md": hostile, "title\x1b]0;pwned\x07.md": "Olga Escape again.\n"})
    index = tmp_path / "index.sqlite"
    env = sandbox_env(tmp_path)
    assert run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    for args in (["show", "evil.md"], ["ask", "Olga Escape", "--mode", "bm25", "--no-answer"],
                 ["entity", "Olga Escape"], ["entities", "olga"]):
        r = run(mrag_bin, env, tmp_path, "--db", str(index), *args)
        assert r.returncode == 0, (args, r.stderr)
        assert "\x1b" not in r.stdout and "\x07" not in r.stdout, (args, r.stdout)
        assert "\x1b" not in r.stderr, (args, r.stderr)
    assert "\\x1b]52;c;" in run(mrag_bin, env, tmp_path, "--db", str(index), "show", "evil.md").stdout
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "show", "evil.md", "--text")
    assert r.stdout == hostile  # the text itself, for pipes
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "show", "evil.md", "--json")
    assert json.loads(r.stdout)["text"] == hostile


def test_an_output_file_never_overwrites_an_index(tmp_path, mrag_bin):
    """`graph export -o index.sqlite` (a slip of -o and --db) wrote GraphML over
    the index it had just read, and the next command called the index "not an
    SQLite database ... mrag never overwrites it". No output file is written
    over an SQLite database or its -wal, -shm or -journal file."""
    notes = tmp_path / "notes"
    write_notes(notes, NOTES)
    index = tmp_path / "index.sqlite"
    env = sandbox_env(tmp_path)
    assert run(mrag_bin, env, tmp_path, "--db", str(index), "sync", str(notes), "-q").returncode == 0
    (tmp_path / "index.sqlite-journal").write_bytes(b"")  # as SQLite leaves one beside a database
    digest = hashlib.sha256(index.read_bytes()).hexdigest()
    golden = tmp_path / "golden.jsonl"
    golden.write_text('{"query": "bass", "expected": ["people/wolfgang.md"]}\n')
    for target in ("index.sqlite", "index.sqlite-journal"):
        for args in (["graph", "export", "-o", target], ["graph", "view", "-o", target],
                     ["eval", str(golden), "--mode", "bm25", "--details", target]):
            r = run(mrag_bin, env, tmp_path, "--db", str(index), *args)
            assert r.returncode == 1 and "never overwrites" in r.stderr, (args, r.stderr)
    assert hashlib.sha256(index.read_bytes()).hexdigest() == digest
    assert (tmp_path / "index.sqlite-journal").read_bytes() == b""
    r = run(mrag_bin, env, tmp_path, "--db", str(index), "status")
    assert r.returncode == 0, r.stderr
