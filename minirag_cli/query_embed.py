"""Fast query embeddings: the same sentence-transformers model, exported once to
ONNX and run with onnxruntime + tokenizers, so `mrag ask` never imports torch.

Importing sentence-transformers costs seconds; onnxruntime and tokenizers
import in a fraction of that and embed one query in milliseconds. Sync keeps
using sentence-transformers (embed.SentenceTransformerEmbedder); only the
query side takes this path, and only with an export that was checked against
the sentence-transformers model it came from.

The export lives in the user's cache, keyed by model name:
`$MRAG_CACHE_DIR` or `$XDG_CACHE_HOME/mrag` or `~/.cache/mrag`, then
`onnx/<model>/` with `model.onnx` (+ `model.onnx.data`, the weights),
`tokenizer.json` and `meta.json`. It is
made by `export_onnx()` (torch.onnx, needs the `onnx` package) either after a
sync that loaded the model, or by the first query that had to load it anyway.
An export is trusted only if its meta says it matched sentence-transformers on
the probe texts (token ids equal, cosine >= 1 - 1e-4) and the model files it
came from are unchanged (size and mtime); otherwise the slow path is used.

`query_embedder(name)` is what `mrag ask` / `mrag eval` call: the ONNX embedder
when a valid export exists, else a sentence-transformers embedder that makes
the export after its first use. MRAG_FAST_QUERY=0 turns the fast path off.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Sequence

from minirag_cli.embed import (DEFAULT_EMBEDDING_MODEL, SentenceTransformerEmbedder, canonical_model_name,
                               packaged_model_path, registered_embedder)

EXPORT_FORMAT = 2  # bump when the folder layout or the meta contract changes
MAX_COSINE_GAP = 1e-4  # the contract: ONNX vectors within 1e-4 cosine of the index's
INPUT_NAMES = ("input_ids", "attention_mask", "token_type_ids")
MAX_THREADS = 4  # the question embedder runs on at most this many onnxruntime intra-op threads

# Texts the export is checked on: short and long (truncated at the model's
# window), padded in one batch, accents, CJK, digits, odd whitespace.
PROBE_TEXTS = [
    "What did Li Hua eat for the Lunar New Year?",
    "  leading and trailing spaces  ",
    "Wolfgang Schulz, WolfgangSchulz and wolfgang schulz #music @home 2024-01-06",
    "Café déjà vu — naïve façade; 東京で会いましょう。",
    "x",
    " ".join(["a fairly long note about rehearsals, jam sessions and hot pot dinners"] * 40),
]


def cache_root() -> Path:
    from minirag_cli.config import environment

    return environment().cache_dir


def export_dir(model_name: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", canonical_model_name(model_name)).strip("_") or "model"
    return cache_root() / "onnx" / slug


def model_source(model_name: str) -> Path | None:
    """The local folder the model is loaded from, when there is one."""
    packaged = packaged_model_path(model_name)
    if packaged:
        return packaged
    if os.path.isdir(model_name):
        return Path(model_name).resolve()
    return None


def source_fingerprint(model_name: str) -> list | None:
    """Size and mtime of every file of a local model folder: a changed or
    reinstalled model invalidates the export. None for a hub name (the hub
    cache is keyed by revision already)."""
    src = model_source(model_name)
    if src is None:
        return None
    out = []
    for p in sorted(src.rglob("*")):
        if p.is_file() and not p.name.startswith("."):
            st = p.stat()
            out.append([str(p.relative_to(src)), st.st_size, st.st_mtime_ns])
    return out


class OnnxQueryEmbedder:
    """Embedder protocol (name, dim, embed) over an ONNX export of a
    sentence-transformers model: tokenizers for the ids, onnxruntime for the
    forward pass (pooling included in the graph), L2 normalisation here."""

    def __init__(self, folder: Path, threads: int | None = None):
        import numpy as np
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self._np = np
        self.folder = Path(folder)
        meta = json.loads((self.folder / "meta.json").read_text(encoding="utf-8"))
        self.meta = meta
        self.name = meta["model"]
        self.dim = int(meta["dim"])
        self.input_names = list(meta["inputs"])
        self.max_length = int(meta["max_seq_length"])
        self.tokenizer = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.max_length)
        self.tokenizer.no_padding()  # padded here, to the longest text of the batch
        self.pad_id = int(meta.get("pad_id", 0))
        opts = ort.SessionOptions()
        opts.log_severity_level = 3
        opts.intra_op_num_threads = max(1, min(MAX_THREADS, threads or os.cpu_count() or 1))
        # the file was optimised once at export time; redoing it and prepacking
        # the weights would cost more start-up than one query's forward pass
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        opts.add_session_config_entry("session.disable_prepacking", "1")
        self.session = ort.InferenceSession(str(self.folder / "model.onnx"), sess_options=opts,
                                            providers=["CPUExecutionProvider"])
        self.output_name = self.session.get_outputs()[0].name

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        return [e.ids for e in self.tokenizer.encode_batch([_prepare(t) for t in texts])]

    def embed(self, texts: Sequence[str], batch_size: int = 32):
        np = self._np
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = []
        for start in range(0, len(texts), batch_size):
            encodings = self.tokenizer.encode_batch([_prepare(t) for t in texts[start:start + batch_size]])
            width = max(len(e.ids) for e in encodings)
            feeds = {name: np.zeros((len(encodings), width), dtype=np.int64) for name in self.input_names}
            if "input_ids" in feeds:
                feeds["input_ids"][:] = self.pad_id
            for i, e in enumerate(encodings):
                n = len(e.ids)
                if "input_ids" in feeds:
                    feeds["input_ids"][i, :n] = e.ids
                if "attention_mask" in feeds:
                    feeds["attention_mask"][i, :n] = e.attention_mask
                if "token_type_ids" in feeds:
                    feeds["token_type_ids"][i, :n] = e.type_ids
            vectors = self.session.run([self.output_name], feeds)[0].astype(np.float32)
            norms = np.linalg.norm(vectors, axis=1, keepdims=True)
            out.append(vectors / np.maximum(norms, 1e-12))
        return np.concatenate(out, axis=0)


def _prepare(text: str) -> str:
    # sentence-transformers strips each text before tokenizing
    return str(text).strip()


def load_exported(model_name: str, threads: int | None = None) -> OnnxQueryEmbedder | None:
    """The ONNX embedder for this model if a verified, current export exists
    and onnxruntime/tokenizers are installed; else None (never raises).
    `threads`: onnxruntime's intra-op threads (default: every core; at most
    MAX_THREADS); the vectors do not depend on it."""
    folder = export_dir(model_name)
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if (meta.get("format") != EXPORT_FORMAT or meta.get("model") != canonical_model_name(model_name)
            or not meta.get("verified") or meta.get("source") != source_fingerprint(model_name)):
        return None
    try:
        return OnnxQueryEmbedder(folder, threads=threads)
    except Exception:  # missing runtime, damaged file: the slow path still works
        return None


def export_onnx(model_name: str, st_model=None, folder: Path | None = None) -> dict:
    """Export the sentence-transformers model (pooling included) to ONNX,
    check it against sentence-transformers on PROBE_TEXTS, and install it
    atomically. Returns the meta; raises on failure (nothing is installed)."""
    import torch

    from minirag_cli.embed import load_sentence_transformer

    name = canonical_model_name(model_name)
    st = st_model if st_model is not None else load_sentence_transformer(name)
    folder = Path(folder) if folder else export_dir(name)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".export-", dir=folder.parent))
    try:
        sample = st.preprocess(PROBE_TEXTS[:2])  # two lengths: the traced graph sees a padded batch
        inputs = [k for k in INPUT_NAMES if k in sample]

        class _Pooled(torch.nn.Module):
            def __init__(self, model):
                super().__init__()
                self.model = model

            def forward(self, *tensors):
                return self.model(dict(zip(inputs, tensors)))["sentence_embedding"]

        dynamic = {k: {0: "batch", 1: "sequence"} for k in inputs}
        dynamic["sentence_embedding"] = {0: "batch"}
        was_training = st.training
        st.eval()
        import warnings

        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # tracer chatter about constant branches
            torch.onnx.export(_Pooled(st), tuple(sample[k] for k in inputs), str(tmp / "raw.onnx"),
                              dynamo=False, input_names=inputs, output_names=["sentence_embedding"],
                              dynamic_axes=dynamic, opset_version=17, do_constant_folding=True)
        st.train(was_training)
        _optimise(tmp / "raw.onnx", tmp / "model.onnx")
        (tmp / "raw.onnx").unlink()
        tok = st.tokenizer
        tok.save_pretrained(str(tmp / "hf-tokenizer"))
        shutil.move(str(tmp / "hf-tokenizer" / "tokenizer.json"), str(tmp / "tokenizer.json"))
        shutil.rmtree(tmp / "hf-tokenizer", ignore_errors=True)
        meta = {
            "format": EXPORT_FORMAT,
            "model": name,
            "dim": int(getattr(st, "get_embedding_dimension", None) and st.get_embedding_dimension()
                       or st.get_sentence_embedding_dimension()),
            "inputs": inputs,
            "max_seq_length": int(st.max_seq_length),
            "pad_id": int(tok.pad_token_id or 0),
            "source": source_fingerprint(name),
            "verified": False,
        }
        (tmp / "meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")

        ids_equal, gap, max_abs = verify_export(tmp, st)
        if not ids_equal or gap > MAX_COSINE_GAP:
            raise RuntimeError(f"ONNX export does not match sentence-transformers "
                               f"(token ids equal: {ids_equal}, cosine gap {gap:.2e}).")
        meta.update(verified=True, cosine_gap=gap, max_abs_diff=max_abs)
        (tmp / "meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o755)
        try:
            if folder.exists():
                shutil.rmtree(folder)
            os.replace(tmp, folder)
        except OSError:
            if load_exported(name) is None:  # a concurrent export that won the race is fine
                raise
        return meta
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def verify_export(folder: Path, st_model, texts: Sequence[str] = PROBE_TEXTS) -> tuple[bool, float, float]:
    """Compare an export with the sentence-transformers model on `texts`:
    (token ids equal, worst cosine gap, worst absolute difference)."""
    import numpy as np

    fast = OnnxQueryEmbedder(folder)
    texts = list(texts)
    reference = np.asarray(st_model.encode(texts, normalize_embeddings=True, convert_to_numpy=True, batch_size=8),
                           dtype=np.float32)
    got = fast.embed(texts, batch_size=8)
    gap = max(0.0, float(1.0 - (reference * got).sum(axis=1).min()))
    max_abs = float(np.abs(reference - got).max())
    features = st_model.preprocess(texts)
    st_ids = [row[mask.astype(bool)].tolist() for row, mask in
              zip(features["input_ids"].numpy(), features["attention_mask"].numpy())]
    return st_ids == fast.token_ids(texts), gap, max_abs


def _optimise(src: Path, dst: Path) -> None:
    """Save onnxruntime's graph fusions (attention, layer norm, GELU) into the
    file once, so every query process can skip optimisation at load; weights
    go to `model.onnx.data` next to it. The
    'extended' level is portable across CPUs; 'all' adds layout changes tied to
    the machine."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    opts.optimized_model_filepath = str(dst)
    # weights in a side file: onnxruntime maps it instead of parsing 90 MB of
    # protobuf, which cuts session start-up from ~0.2 s to ~0.02 s of CPU
    opts.add_session_config_entry("session.optimized_model_external_initializers_file_name", dst.name + ".data")
    opts.add_session_config_entry("session.optimized_model_external_initializers_min_size_in_bytes", "1024")
    ort.InferenceSession(str(src), sess_options=opts, providers=["CPUExecutionProvider"])


class ExportingSentenceTransformerEmbedder(SentenceTransformerEmbedder):
    """The slow path for queries: sentence-transformers, which after its first
    embedding exports the model to ONNX so the next process is fast. A failed
    export is reported once on stderr and never fails the query."""

    def __init__(self, name: str):
        super().__init__(name)
        self._export_tried = False

    def embed(self, texts):
        vectors = super().embed(texts)
        if not self._export_tried:
            self._export_tried = True
            try_export(self)
        return vectors


def try_export(embedder) -> bool:
    """Export the model of a sentence-transformers embedder that is already
    loaded (sync calls this after embedding) unless a valid export exists.
    Returns True when a verified export is in place afterwards."""
    if not isinstance(embedder, SentenceTransformerEmbedder) or embedder._model is None:
        return False
    from minirag_cli.config import environment

    if not environment().fast_query:
        return False
    if load_exported(embedder.name) is not None:
        return True
    if sys.stderr.isatty():
        sys.stderr.write("mrag: preparing the fast query embedder (ONNX export, once per model)...\n")
    try:
        export_onnx(embedder.name, embedder.model)
        return True
    except Exception as exc:  # the slow path keeps working; say why the fast one is missing
        sys.stderr.write(f"mrag: could not prepare the fast query embedder ({type(exc).__name__}: "
                         f"{str(exc)[:200]}); queries will load sentence-transformers.\n")
        return False


def query_embedder(model_name: str | None = None, *, threads: int | None = None):
    """The embedder for questions: ONNX when a verified export of this model
    exists (on `threads` intra-op threads, see load_exported), else
    sentence-transformers (which exports after first use)."""
    from minirag_cli.config import env_value, environment

    name = model_name or env_value("embedding_model") or DEFAULT_EMBEDDING_MODEL
    plugin = registered_embedder(name)
    if plugin is not None:
        return plugin
    if environment().fast_query:
        fast = load_exported(name, threads=threads)
        if fast is not None:
            return fast
        return ExportingSentenceTransformerEmbedder(name)
    return SentenceTransformerEmbedder(name)
