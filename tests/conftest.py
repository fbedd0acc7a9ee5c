"""Shared fixtures: a tmp index opened through the real db.connect (real
SQLite file, real sqlite-vec), the deterministic HashingEmbedder for logic
tests, and paths to the shared LiHua data and the packaged models."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from mrag_test_plugin import PLUGIN_FILE

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
LIHUA = SHARED / "data" / "lihua-world"


def pytest_configure(config):
    # Module-scoped fixtures (a shared synced index) run outside _isolated_env below:
    # the whole run gets its own config and state folders, so their syncs read no user
    # config and are never recorded in the user's record of synced indexes (synced.py).
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="mrag-tests-"))
    config._mrag_folders = base  # removed in pytest_unconfigure
    for var in ("MRAG_DB", "MRAG_MODEL", "MRAG_EMBEDDING_MODEL", "MRAG_CONFIG", "MRAG_DEBUG"):
        os.environ.pop(var, None)
    os.environ["XDG_CONFIG_HOME"] = str(base / "xdg-config")
    os.environ["XDG_STATE_HOME"] = str(base / "xdg-state")
    os.environ["HF_HUB_OFFLINE"] = "1"


def pytest_unconfigure(config):
    import shutil

    base = getattr(config, "_mrag_folders", None)
    if base is not None:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch, tmp_path):
    # no user config, env index or model leaks into a test
    for var in ("MRAG_DB", "MRAG_MODEL", "MRAG_EMBEDDING_MODEL", "MRAG_CONFIG", "MRAG_DEBUG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    # the record of synced indexes (synced.py): one test's sync must never be another's index
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    # `hashing:N` embedders for spawned commands (tests/mrag_test_plugin.py)
    monkeypatch.setenv("MRAG_PLUGINS", PLUGIN_FILE)


def name_vectors(conn, dim: int = 32):
    """store.NameVectors embedding new entity names with HashingEmbedder(dim),
    as the index stores them (for store.delete_document called directly)."""
    from minirag_cli.store import NameVectors
    from minirag_cli.store.vectors import codec_of

    embedder = HashingEmbedder(dim=dim)
    return NameVectors({}, lambda names: [codec_of(conn).int8(v) for v in embedder.embed(names)])


@pytest.fixture
def embedder():
    return HashingEmbedder(dim=32)


@pytest.fixture
def extractor():
    return HeuristicExtractor()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "idx" / "index.sqlite"


@pytest.fixture
def conn(db_path):
    c = db.connect(db_path, create=True)
    yield c
    c.close()


def write_notes(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")


def synced_names(tmp: Path, files: dict[str, str]) -> set[str]:
    """The entities' names of a folder of `files` (path -> text) under `tmp`, synced as `mrag sync` runs it:
    heuristic names, hashing vectors (the rules' tests of each heuristic version)."""
    return {name for name, _type in synced_entities(tmp, files)}


def synced_entities(tmp: Path, files: dict[str, str]) -> set[tuple[str, str]]:
    """The entities (name, type) of a folder of `files` synced as synced_names syncs it: where a name's type
    decides whether two notes' mentions are one entity (`Tim Lee` a person in one note, a name in another)."""
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    root = tmp / "notes"
    write_notes(root, files)
    conn = db.connect(tmp / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        return set(conn.execute("SELECT name, type FROM entities"))
    finally:
        conn.close()


def daily_notes_index(tmp: Path, days: dict[str, str]):
    """An Index (opened anew after its sync, as a user's next command opens it) of one daily note per day of
    `days` (`2026-12-01.md`, dated by its front matter, holding its line), heuristic names, hashing vectors:
    a generator for a module fixture to yield from."""
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp / "notes", {f"{day}.md": f"---\ndate: {day}\n---\n{line}\n" for day, line in days.items()})
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


def days_asked(question: str, today) -> list[str] | None:
    """The days (ISO) `question` asked on `today` reads (askday.asked_days); None when it reads none."""
    from minirag_cli.askday import asked_days

    asked = asked_days(question, today)
    return None if asked is None else [str(d) for d in asked.days()]


def answered_from(index, question: str, today) -> tuple[list[str], set[str], list[str]]:
    """Of `question` asked on `today` of a daily_notes_index: the days the search reads, the daily notes the
    answer keeps (their days), the names it finds unheld."""
    from minirag_cli.options import RetrievalOptions

    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=today)
    prepared = index.prepare_answer(result)
    kept = {result.results[s["n"] - 1]["path"][-13:-3] for s in prepared.sources}
    return [str(d) for d in result.days.days()] if result.days else [], kept, prepared.unheld


class ExtractionRecorder:
    """A sync progress that records the `extracting` calls (notes done, notes
    ready, tokens, seconds) and ignores the rest."""

    def __init__(self):
        self.calls = []

    def start(self, total_files): pass
    def phase(self, text): pass
    def advance(self, n_files, n_chunks): pass

    def extracting(self, *args):
        self.calls.append(args)


@pytest.fixture
def mrag_bin():
    exe = Path(sys.executable).parent / "mrag"
    assert exe.exists(), "the mrag entry point is not installed in this environment"
    return str(exe)
