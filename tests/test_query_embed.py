"""The fast query embedder (query_embed.py): an ONNX export of the real
packaged all-MiniLM-L6-v2, checked against sentence-transformers itself.

The export is made once per test module (about 10 s of CPU: it loads torch)
into a temporary cache; the other tests reuse copies of it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from minirag_cli import db, query_embed
from minirag_cli.embed import HashingEmbedder, SentenceTransformerEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.retrieve import search
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes

MODEL = "all-MiniLM-L6-v2"

QUERIES = [
    "When did Li Hua first meet Wolfgang?",
    "What did they cook for the Lunar New Year hot pot?",
    "Which band played at the jam session in Hong Kong?",
    "  who recommended the sleep tracker app?  ",
    "Time: 20240106_10:00 rehearsal notes",
    "Straße, naïve café, 北京 — émigré",
    " ".join(["notes about music practice and rehearsals with friends"] * 50),  # past the 256-piece window
]


@pytest.fixture(scope="module")
def st_embedder():
    e = SentenceTransformerEmbedder(MODEL)
    e.model  # load once for the module
    return e


@pytest.fixture(scope="module")
def exported(tmp_path_factory, st_embedder) -> Path:
    cache = tmp_path_factory.mktemp("mrag-cache")
    old = os.environ.get("MRAG_CACHE_DIR")
    os.environ["MRAG_CACHE_DIR"] = str(cache)
    try:
        meta = query_embed.export_onnx(MODEL, st_embedder.model)
    finally:
        if old is None:
            os.environ.pop("MRAG_CACHE_DIR", None)
        else:
            os.environ["MRAG_CACHE_DIR"] = old
    assert meta["verified"] and meta["dim"] == 384
    return cache


@pytest.fixture
def cache(exported, tmp_path, monkeypatch) -> Path:
    """A private copy of the export, so a test may damage it."""
    mine = tmp_path / "cache"
    shutil.copytree(exported, mine)
    monkeypatch.setenv("MRAG_CACHE_DIR", str(mine))
    return mine


pytestmark = pytest.mark.slow


def test_onnx_vectors_match_sentence_transformers(cache, st_embedder):
    fast = query_embed.query_embedder(MODEL)
    assert isinstance(fast, query_embed.OnnxQueryEmbedder)
    assert (fast.name, fast.dim) == (st_embedder.name, st_embedder.dim)
    reference = st_embedder.embed(QUERIES)
    one_by_one = np.stack([fast.embed([q])[0] for q in QUERIES])
    batched = fast.embed(QUERIES)  # padded batch: the mask must be honoured
    for got in (one_by_one, batched):
        assert got.dtype == np.float32 and got.shape == reference.shape
        cosine = (reference * got).sum(axis=1)
        assert cosine.min() >= 1 - 1e-4, cosine
        assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_token_ids_match_sentence_transformers(cache, st_embedder):
    fast = query_embed.load_exported(MODEL)
    features = st_embedder.model.preprocess(QUERIES)
    expected = [row[mask.astype(bool)].tolist() for row, mask in
                zip(features["input_ids"].numpy(), features["attention_mask"].numpy())]
    assert fast.token_ids(QUERIES) == expected
    assert max(len(ids) for ids in expected) == 256  # the long query was really truncated


def test_verification_rejects_a_wrong_export(cache, st_embedder):
    folder = query_embed.export_dir(MODEL)
    assert query_embed.verify_export(folder, st_embedder.model)[0]
    meta = json.loads((folder / "meta.json").read_text())
    meta["max_seq_length"] = 16  # truncates differently from the model: ids and vectors drift
    (folder / "meta.json").write_text(json.dumps(meta))
    ids_equal, gap, _ = query_embed.verify_export(folder, st_embedder.model)
    assert not ids_equal and gap > query_embed.MAX_COSINE_GAP


@pytest.mark.parametrize("damage", ["unverified", "stale-source", "other-format", "corrupt-model", "no-meta"])
def test_untrusted_exports_fall_back_to_sentence_transformers(cache, damage):
    folder = query_embed.export_dir(MODEL)
    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text())
    if damage == "unverified":
        meta["verified"] = False
    elif damage == "stale-source":
        meta["source"] = [["model.safetensors", 1, 1]]  # the packaged model changed since the export
    elif damage == "other-format":
        meta["format"] = query_embed.EXPORT_FORMAT + 1
    elif damage == "corrupt-model":
        (folder / "model.onnx").write_bytes(b"not an onnx file")
    elif damage == "no-meta":
        meta_path.unlink()
    if meta_path.exists():
        meta_path.write_text(json.dumps(meta))
    assert query_embed.load_exported(MODEL) is None
    slow = query_embed.query_embedder(MODEL)
    assert type(slow) is query_embed.ExportingSentenceTransformerEmbedder and slow._model is None


def test_switches_and_other_embedders(cache, monkeypatch):
    assert isinstance(query_embed.query_embedder(MODEL), query_embed.OnnxQueryEmbedder)
    assert isinstance(query_embed.query_embedder(f"sentence-transformers/{MODEL}"), query_embed.OnnxQueryEmbedder)
    hashing = query_embed.query_embedder("hashing:48")
    assert isinstance(hashing, HashingEmbedder) and hashing.dim == 48
    monkeypatch.setenv("MRAG_FAST_QUERY", "0")
    assert type(query_embed.query_embedder(MODEL)) is SentenceTransformerEmbedder


def test_fresh_process_embeds_without_torch(cache, st_embedder, tmp_path):
    script = ("import json, sys\n"
              "from minirag_cli.query_embed import query_embedder\n"
              f"e = query_embedder({MODEL!r})\n"
              "v = e.embed([sys.argv[1]])[0]\n"
              "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'torch', 'sentence_transformers', "
              "'transformers'})\n"
              "print(json.dumps({'type': type(e).__name__, 'heavy': heavy, 'vector': v.tolist()}))\n")
    env = {**os.environ, "MRAG_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1"}
    out = subprocess.run([sys.executable, "-c", script, QUERIES[0]], capture_output=True, text=True, env=env,
                         check=True, timeout=300)
    got = json.loads(out.stdout)
    assert got["type"] == "OnnxQueryEmbedder" and got["heavy"] == []
    assert float(np.dot(got["vector"], st_embedder.embed([QUERIES[0]])[0])) >= 1 - 1e-4


def test_search_results_identical_with_either_embedder(cache, st_embedder, tmp_path):
    notes = tmp_path / "notes"
    write_notes(notes, {
        "jan.md": "Time: 20240106_10:00\nLi Hua met Wolfgang at the jazz club and talked about the band.\n",
        "feb.md": "Time: 20240210_19:00\nHot pot for the Lunar New Year with Yuki and Wolfgang.\n",
        "mar.md": "Time: 20240301_08:00\nTried a sleep tracker app that Emily recommended.\n",
        "apr.md": "Time: 20240402_21:00\nJam session in Hong Kong: the band played until midnight.\n",
    })
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    sync_folders(conn, [notes], embedder=st_embedder, extractor=HeuristicExtractor())
    fast = query_embed.query_embedder(MODEL)
    assert isinstance(fast, query_embed.OnnxQueryEmbedder)
    for q in QUERIES[:4]:
        for mode in ("dense", "hybrid"):
            slow_hits = search(conn, q, embedder=st_embedder, mode=mode, k=4).results
            fast_hits = search(conn, q, embedder=fast, mode=mode, k=4).results
            assert [h["chunk_id"] for h in fast_hits] == [h["chunk_id"] for h in slow_hits], (q, mode)
    conn.close()


def test_slow_path_exports_after_first_use(tmp_path, monkeypatch, st_embedder, exported):
    """With no export, the first query loads sentence-transformers and leaves a
    verified export behind, so the next process takes the fast path."""
    monkeypatch.setenv("MRAG_CACHE_DIR", str(tmp_path / "empty-cache"))
    slow = query_embed.query_embedder(MODEL)
    assert type(slow) is query_embed.ExportingSentenceTransformerEmbedder
    slow._model = st_embedder.model  # same model object; avoids a second 5 s load
    v = slow.embed([QUERIES[1]])
    assert query_embed.load_exported(MODEL) is not None
    fast = query_embed.query_embedder(MODEL)
    assert float(np.dot(fast.embed([QUERIES[1]])[0], v[0])) >= 1 - 1e-4


def test_vectors_do_not_depend_on_the_thread_count(cache):
    """`mrag ask` embeds the question and the candidate lines on the cores the
    model's loader leaves free (Index.query_embedder): the lines chosen, and
    so the answer, must be those of the default embedder."""
    default = query_embed.query_embedder(MODEL)
    one = query_embed.query_embedder(MODEL, threads=1)
    assert one.session.get_session_options().intra_op_num_threads == 1
    assert default.session.get_session_options().intra_op_num_threads == max(1, min(4, os.cpu_count() or 1))
    texts = QUERIES + ["Li Hua: I'll bring the chips and some salsa for the movie!", "Wolfgang: deal"]
    assert np.abs(one.embed(texts) - default.embed(texts)).max() <= 1e-6


def test_ask_embeds_on_the_cores_the_model_loader_leaves(cache, st_embedder, tmp_path):
    """While the answer model loads in its thread (Index.preload_llm, as `mrag
    ask` does), the question embedder takes one core fewer; otherwise it
    takes the default."""
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from minirag_cli.llm import available_cores
    from tests.test_answer import smollm2_path

    notes = tmp_path / "notes"
    write_notes(notes, {"jan.md": "Time: 20240106_10:00\nLi Hua met Wolfgang at the jazz club.\n"})
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    sync_folders(conn, [notes], embedder=st_embedder, extractor=HeuristicExtractor())
    conn.close()
    threads = {}
    for loading in (False, True):
        settings = effective({"db": str(tmp_path / "idx.sqlite"), "embedding_model": MODEL,
                              "model": str(smollm2_path()) if loading else None})
        with Index.open(settings) as index:
            if loading:
                index.preload_llm()
            embedder = index.query_embedder()
            assert isinstance(embedder, query_embed.OnnxQueryEmbedder)
            threads[loading] = embedder.session.get_session_options().intra_op_num_threads
            if loading:
                assert index.llm() is not None  # the load finished and is kept
    assert threads == {False: max(1, min(4, os.cpu_count() or 1)), True: max(1, min(4, available_cores() - 1))}
