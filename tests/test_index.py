"""index.Index, the library object every front end goes through: opened from
settings, with the embedder factory and the LLM injected (no module patched)."""

from __future__ import annotations

import pytest

from minirag_cli.config import effective
from minirag_cli.errors import UsageError
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, RetrievalOptions, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {
    "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band in Berlin.\n",
    "projects/atlas.md": "Project Atlas kickoff with Jennifer Moore at Harbor Hall. #atlas\n",
    "journal/day.txt": "Time: 20260106_10:00\nLunch with Wolfgang Schulz, then rehearsal.\n",
}


class FakeLLM:
    def __init__(self, reply: str):
        self.reply, self.messages = reply, None

    def create_chat_completion(self, messages, stream=False, **kw):
        self.messages = messages
        yield {"choices": [{"delta": {"content": self.reply}}]}


@pytest.fixture
def index(tmp_path):
    write_notes(tmp_path / "notes", NOTES)
    made = []

    def factory(name):
        made.append(name)
        return hashing_embedder("hashing:32")

    settings = effective({"db": str(tmp_path / "kb.sqlite"), "embedding_model": "hashing:32"})
    with Index.open(settings, create=True, embedder_factory=factory, llm=FakeLLM("Berlin [1]."),
                    llm_name="fake") as idx:
        summary = idx.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=40), extractor=HeuristicExtractor())
        assert summary.added == 3
        idx.made = made
        yield idx


def test_one_object_for_the_read_path(index):
    result = index.search("Where does Wolfgang Schulz play bass?", RetrievalOptions(k=3))
    assert result.results[0]["path"] == "people/wolfgang.md" and len(result.results) <= 3
    assert index.query_embedder() is index.query_embedder()  # chosen once, kept
    assert index.made == ["hashing:32", "hashing:32"]  # one for the sync, one for questions
    answer = index.answer(result)
    assert answer.text == "Berlin [1]." and answer.citations == [1] and answer.model == "fake"
    assert "people/wolfgang.md" in index.llm().model.messages[-1]["content"]
    assert index.entity("wolfgangschulz")["name"] == "Wolfgang Schulz"
    assert index.show("people/wolfgang.md")["kind"] == "document"
    assert index.status()["files"] == 3
    graph = index.export(entity="Wolfgang Schulz", hops=1)
    assert graph.center["label"] == "Wolfgang Schulz"


def test_options_come_from_the_settings_and_flags(index):
    assert index.retrieval_options() == RetrievalOptions()
    assert index.retrieval_options(k=2, mode=None).k == 2
    assert len(index.search("bass", index.retrieval_options(k=1, mode="bm25")).results) == 1


def test_query_terms_need_a_model(tmp_path, index):
    bare = Index(index.conn, effective({"db": str(index.path)}), index.path)
    assert bare.llm() is None
    with pytest.raises(UsageError, match="needs a model"):
        bare.query_terms("who plays bass?")


def no_embedder(name):
    from minirag_cli.errors import ModelError

    raise ModelError(f"Embedding model {name!r} is not on this machine.")


def files_under(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_a_first_sync_that_fails_before_a_note_leaves_nothing(tmp_path):
    """A first sync whose embedding model did not load left an empty 163 KB
    index and its .lock (and the .mrag folder made for them); what it made is
    taken back, and only that."""
    from minirag_cli.errors import ModelError

    write_notes(tmp_path / "notes", NOTES)
    before = files_under(tmp_path)
    db_path = tmp_path / "notes" / ".mrag" / "deeper" / "index.sqlite"
    settings = effective({"db": str(db_path), "embedding_model": "missing-model"})
    with Index.open(settings, create=True, embedder_factory=no_embedder) as idx:
        assert db_path.exists()
        with pytest.raises(ModelError):
            idx.sync([tmp_path / "notes"], extractor=HeuristicExtractor())
    assert files_under(tmp_path) == before


@pytest.mark.parametrize("notes", [NOTES, {}], ids=["with notes", "synced empty"])
def test_an_index_that_was_there_is_kept_when_a_sync_fails(tmp_path, notes):
    """Even one holding no note (its folder was empty): only what the failing
    command made is removed."""
    from minirag_cli.errors import ModelError

    (tmp_path / "notes").mkdir()
    write_notes(tmp_path / "notes", notes)
    settings = effective({"db": str(tmp_path / "kb.sqlite"), "embedding_model": "hashing:32"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as idx:
        idx.sync([tmp_path / "notes"], extractor=HeuristicExtractor())
    write_notes(tmp_path / "notes", {"new.md": "Lunch with Jennifer Moore.\n"})
    with Index.open(settings, create=True, embedder_factory=no_embedder) as idx:
        with pytest.raises(ModelError):
            idx.sync([tmp_path / "notes"], extractor=HeuristicExtractor())
    with Index.open(settings) as idx:
        assert idx.status()["files"] == len(notes)
    assert (tmp_path / "kb.sqlite.lock").exists()


def test_a_lock_file_left_before_a_first_sync_is_not_taken_away(tmp_path):
    from minirag_cli.errors import ModelError

    write_notes(tmp_path / "notes", NOTES)
    (tmp_path / "kb.sqlite.lock").write_text("12345")
    settings = effective({"db": str(tmp_path / "kb.sqlite"), "embedding_model": "missing-model"})
    with Index.open(settings, create=True, embedder_factory=no_embedder) as idx:
        with pytest.raises(ModelError):
            idx.sync([tmp_path / "notes"], extractor=HeuristicExtractor())
    assert files_under(tmp_path).count("kb.sqlite.lock") == 1
    assert not (tmp_path / "kb.sqlite").exists()
