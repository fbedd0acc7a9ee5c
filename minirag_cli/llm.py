"""Local GGUF models through llama-cpp-python: validation before any work,
a stable model identity for the extraction cache, and one loader that sizes
context and threads for a CPU. llama_cpp is imported only inside load_llama."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import struct
from pathlib import Path

from minirag_cli.errors import ModelError, UsageError

GGUF_MAGIC = b"GGUF"


MISSING_MODEL_HINT = "Pass --model PATH.gguf, set MRAG_MODEL, or run `mrag model pull`."
SET_BY = "The model path is set by "


@contextlib.contextmanager
def model_set_by(source: str | None):
    """A ModelError about the configured model says where its path was set
    when that was not the command line (`env MRAG_MODEL`, `user config
    PATH`, `project config PATH`: config.Settings.sources): a stale path in
    a config file, resolved against the file's folder, is otherwise hard to
    place, and the hint's "pass --model" reads as if none had been set."""
    try:
        yield
    except ModelError as exc:
        if source and source not in ("flag", "default") and not (exc.hint or "").startswith(SET_BY):
            exc.hint = f"{SET_BY}{source}." + (f" {exc.hint}" if exc.hint else "")
        raise


def validate_gguf(path: str | os.PathLike, *, missing_hint: str = MISSING_MODEL_HINT) -> Path:
    """Fail clearly, before any work starts, on a missing, unreadable or non-GGUF
    file. `missing_hint` is for commands that take the path otherwise than by
    --model (`mrag model info PATH`)."""
    if not str(path).strip():
        # Path("") is "." (the current folder), which would be refused as a folder
        raise UsageError("The model path is empty.", hint="Give the path of a .gguf file.")
    p = Path(path).expanduser()
    if not p.exists():
        raise ModelError(f"Model file {p} does not exist.", hint=missing_hint)
    if p.is_dir():
        # not worded for --model: `mrag model info` and the answer model check paths here too
        raise ModelError(f"{p} is a folder, not a GGUF model file.", hint="Give the path of a .gguf file.")
    try:
        with open(p, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise ModelError(f"Cannot read model file {p}: {exc.strerror}.") from exc
    if not magic:
        raise ModelError(f"{p} is empty (0 bytes): a download that failed?",
                         hint="Download the model again (`mrag model pull`), or give another .gguf file.")
    if len(magic) < len(GGUF_MAGIC) and GGUF_MAGIC.startswith(magic):
        raise ModelError(f"{p} is truncated: {len(magic)} bytes.",
                         hint="Download the model again (an interrupted download leaves part of the file).")
    if magic != GGUF_MAGIC:
        raise ModelError(f"{p} is not a GGUF model file (it starts with {magic!r}).",
                         hint="llama.cpp models end in .gguf; convert or download one (`mrag model pull`).")
    return p


# GGUF metadata value types (gguf spec): id -> struct format (8 string, 9 array)
_GGUF_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_MAX_KV = 100_000
_MAX_STR = 64 << 20
_KEEP_ARRAY = 16  # longer arrays (vocabularies) are summarised, not kept

# general.file_type -> the quantisation people call it by
GGUF_FILE_TYPES = {0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
                   11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S",
                   17: "Q5_K_M", 18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS",
                   23: "IQ3_XXS", 24: "IQ1_S", 25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S",
                   29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M", 32: "BF16"}

# ggml tensor type -> (values per block, bytes per block), as in gguf-py's
# GGML_QUANT_SIZES: how many bytes of the file a tensor's data takes. A type
# not listed here is checked by its offset only.
GGML_BLOCK_SIZES = {0: (1, 4), 1: (1, 2), 2: (32, 18), 3: (32, 20), 6: (32, 22), 7: (32, 24), 8: (32, 34),
                    9: (32, 40), 10: (256, 84), 11: (256, 110), 12: (256, 144), 13: (256, 176), 14: (256, 210),
                    15: (256, 292), 16: (256, 66), 17: (256, 74), 18: (256, 98), 19: (256, 50), 20: (32, 18),
                    21: (256, 110), 22: (256, 82), 23: (256, 136), 24: (1, 1), 25: (1, 2), 26: (1, 4),
                    27: (1, 8), 28: (1, 8), 29: (256, 56), 30: (1, 2), 34: (256, 54), 35: (256, 66),
                    39: (32, 17)}
GGUF_DEFAULT_ALIGNMENT = 32


class _GgufReader:
    def __init__(self, fh, path: Path):
        self.fh, self.path = fh, path

    def read(self, n: int) -> bytes:
        data = self.fh.read(n)
        if len(data) != n:
            raise ModelError(f"{self.path} is truncated or corrupt (the GGUF header ends early).",
                             hint="Download the model again.")
        return data

    def scalar(self, fmt: str):
        return struct.unpack(fmt, self.read(struct.calcsize(fmt)))[0]

    def string(self) -> str:
        n = self.scalar("<Q")
        if n > _MAX_STR:
            raise ModelError(f"{self.path} is corrupt (a {n}-byte metadata string).")
        return self.read(n).decode("utf-8", "replace")

    def skip_string(self) -> None:
        n = self.scalar("<Q")
        if n > _MAX_STR:
            raise ModelError(f"{self.path} is corrupt (a {n}-byte metadata string).")
        self.fh.seek(n, os.SEEK_CUR)

    def value(self, vtype: int):
        if vtype in _GGUF_SCALARS:
            return self.scalar(_GGUF_SCALARS[vtype])
        if vtype == 8:
            return self.string()
        if vtype == 9:
            item_type, count = self.scalar("<I"), self.scalar("<Q")
            if count > (1 << 32):
                raise ModelError(f"{self.path} is corrupt (an array of {count} items).")
            if count <= _KEEP_ARRAY:
                return [self.value(item_type) for _ in range(count)]
            if item_type in _GGUF_SCALARS:
                self.fh.seek(count * struct.calcsize(_GGUF_SCALARS[item_type]), os.SEEK_CUR)
            elif item_type == 8:
                for _ in range(count):
                    self.skip_string()
            else:
                for _ in range(count):
                    self.value(item_type)
            return {"array_of": count}
        raise ModelError(f"{self.path} is corrupt (unknown GGUF value type {vtype}).")


def gguf_metadata(path: str | os.PathLike, *, until: str | None = None) -> dict:
    """The key/value header of a GGUF file, read without llama.cpp (no
    memory mapping): general.name, general.architecture, context length,
    quantisation... Long arrays (the vocabulary) are summarised as
    {"array_of": n}. With `until`, reading stops after that key (skipping a
    150k-token vocabulary and its merges costs ~0.1 s; the general.* keys
    come first). A truncated or corrupt header raises ModelError."""
    p = validate_gguf(path)
    with open(p, "rb") as fh:
        r = _GgufReader(fh, p)
        r.read(4)
        version = r.scalar("<I")
        if version not in (2, 3):
            raise ModelError(f"{p} is GGUF version {version}; mrag reads versions 2 and 3.",
                             hint="Update llama-cpp-python or use a newer conversion of the model.")
        n_tensors, n_kv = r.scalar("<Q"), r.scalar("<Q")
        if n_kv > _MAX_KV or n_tensors > 10_000_000:
            raise ModelError(f"{p} is corrupt ({n_kv} metadata keys, {n_tensors} tensors).")
        meta: dict = {"gguf.version": version, "gguf.tensor_count": n_tensors}
        for _ in range(n_kv):
            key = r.string()
            meta[key] = r.value(r.scalar("<I"))
            if key == until:
                return meta
        # the whole header was read: check the tensors' data is all there. An
        # interrupted download keeps the header (a few MB at the front of a
        # GB file) and loses tensor data, which llama.cpp reports only as
        # "Failed to load model" when it loads
        _check_tensor_data(r, p, n_tensors, meta.get("general.alignment"))
    return meta


def _check_tensor_data(r: _GgufReader, p: Path, n_tensors: int, alignment) -> None:
    """Read the tensor infos after the metadata and raise ModelError when the
    file ends before the last tensor's data does."""
    end = 0
    for _ in range(n_tensors):
        r.skip_string()  # the tensor's name
        n_dims = r.scalar("<I")
        if n_dims > 8:
            raise ModelError(f"{p} is corrupt (a tensor of {n_dims} dimensions).")
        values = 1
        for _ in range(n_dims):
            values *= r.scalar("<Q")
        ggml_type, offset = r.scalar("<I"), r.scalar("<Q")
        per_block, block_bytes = GGML_BLOCK_SIZES.get(ggml_type, (1, 0))
        end = max(end, offset + -(-values // per_block) * block_bytes)
    align = alignment if isinstance(alignment, int) and alignment > 0 else GGUF_DEFAULT_ALIGNMENT
    data_start = -(-r.fh.tell() // align) * align
    size = p.stat().st_size
    if size < data_start + end:
        raise ModelError(f"{p} is truncated: the file has {size:,} bytes, its tensors end at byte "
                         f"{data_start + end:,}.",
                         hint="Download the model again (an interrupted download leaves part of the file).")


def model_summary(path: str | os.PathLike) -> dict:
    """What `mrag model info` shows."""
    p = validate_gguf(path, missing_hint="Check the path; `mrag model pull` downloads a model and prints its path.")
    meta = gguf_metadata(p)
    arch = meta.get("general.architecture", "")
    file_type = meta.get("general.file_type")
    return {
        "path": str(p.resolve()),
        "size_bytes": p.stat().st_size,
        "identity": model_identity(p, meta),
        "name": meta.get("general.name"),
        "architecture": arch or None,
        "size_label": meta.get("general.size_label"),
        "quantization": GGUF_FILE_TYPES.get(file_type, file_type) if file_type is not None else None,
        "context_length": meta.get(f"{arch}.context_length"),
        "layers": meta.get(f"{arch}.block_count"),
        "embedding_length": meta.get(f"{arch}.embedding_length"),
        "vocab_size": (meta.get("tokenizer.ggml.tokens") or {}).get("array_of")
        if isinstance(meta.get("tokenizer.ggml.tokens"), dict) else None,
        "chat_template": "tokenizer.chat_template" in meta,
        "gguf_version": meta["gguf.version"],
        "tensors": meta["gguf.tensor_count"],
    }


def model_identity(path: str | os.PathLike, metadata: dict | None = None) -> str:
    """The model's own name (from the GGUF header, not the file name) + size +
    a hash of the first and last MiB: the same for copies and renames of one
    file, different for any other model or quantisation; cheap for GBs
    (the header is read up to general.name: `mrag ask` waits for this after
    the model has loaded). This is the model half of the extraction and
    answer cache keys."""
    p = validate_gguf(path)
    meta = metadata if metadata is not None else gguf_metadata(p, until="general.name")
    label = str(meta.get("general.name") or meta.get("general.architecture") or "gguf")
    label = re.sub(r"[^a-z0-9.]+", "-", label.lower()).strip("-")[:48] or "gguf"
    size = p.stat().st_size
    h = hashlib.blake2b(digest_size=8)
    with open(p, "rb") as fh:
        h.update(fh.read(1 << 20))
        if size > (2 << 20):
            fh.seek(-(1 << 20), os.SEEK_END)
            h.update(fh.read(1 << 20))
    return f"{label}-{size}-{h.hexdigest()}"


def default_threads() -> int:
    """$MRAG_THREADS, else every core this process may run on. Measured on 2
    cores (BENCHMARKS.md, "LLM extraction (issue 15)"): prompt evaluation is
    compute-bound and two threads beat one; a guess of the free cores from
    the load average picked one thread on a machine whose load came and
    went. (The extractor runs one one-thread context per thread: see
    extract/llm.py `_run_workers`.) A bad $MRAG_THREADS raises its
    ConfigError (config.Environment): the command loading a model stops."""
    from minirag_cli.config import environment

    forced = environment().threads
    return forced or available_cores()


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS has no sched_getaffinity
        return max(1, os.cpu_count() or 1)


def load_llama(path: str | os.PathLike, *, n_ctx: int = 4096, n_threads: int | None = None, seed: int = 0):
    """Load a GGUF model once (CPU only, quiet)."""
    p = validate_gguf(path)
    try:
        from llama_cpp import Llama
    except ImportError as exc:
        raise ModelError("llama-cpp-python is not installed.",
                         hint="Run scripts/install, or pip install llama-cpp-python "
                              "(see docs/models.md, Building llama-cpp-python).") from exc
    try:
        return Llama(model_path=str(p), n_ctx=n_ctx, n_threads=n_threads or default_threads(),
                     n_gpu_layers=0, seed=seed, verbose=False)
    except Exception as exc:
        # `mrag ask` checks only the magic before loading (reading the whole
        # header costs 0.15 s); when the load fails, say why if the header can
        try:
            gguf_metadata(p)  # raises the ModelError of a truncated or corrupt file
        except OSError:  # gone or unreadable since: llama.cpp's own reason below
            pass
        raise ModelError(f"llama.cpp could not load {p}: {exc}") from exc


# `mrag model pull NAME`: GGUF builds of instruct models that name entities
# well enough on a CPU (Q4_K_M: the usual size/quality trade-off).
RECOMMENDED_MODELS = {
    "qwen2.5-1.5b": ("Qwen/Qwen2.5-1.5B-Instruct-GGUF", "qwen2.5-1.5b-instruct-q4_k_m.gguf", "1.1 GB"),
    "qwen2.5-3b": ("Qwen/Qwen2.5-3B-Instruct-GGUF", "qwen2.5-3b-instruct-q4_k_m.gguf", "2.1 GB"),
    "qwen2.5-coder-1.5b": ("Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF", "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
                           "1.1 GB"),
}
DEFAULT_PULL = "qwen2.5-1.5b"


def models_dir() -> Path:
    from minirag_cli.config import environment

    return environment().models_dir


# the hub's rule for an owner or repository name: letters, digits, `_ . -`, not
# starting or ending with `.` or `-`, no `..` or `--` (huggingface_hub validate_repo_id)
_HUB_NAME = re.compile(r"[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?")


def _hub_name(part: str) -> bool:
    return bool(_HUB_NAME.fullmatch(part)) and ".." not in part and "--" not in part


def resolve_model_name(name: str) -> tuple[str, str]:
    """A recommended name, or `owner/repo/file.gguf` for any GGUF on the hub
    (`../../x.gguf` is neither: it would name a URL outside the hub's files)."""
    if name in RECOMMENDED_MODELS:
        repo, filename, _size = RECOMMENDED_MODELS[name]
        return repo, filename
    parts = name.split("/")
    if len(parts) >= 3 and parts[-1].endswith(".gguf") and all(_hub_name(p) for p in parts[:2]) \
            and all(p not in ("", ".", "..") for p in parts[2:]):
        return "/".join(parts[:2]), "/".join(parts[2:])
    raise ModelError(f"Unknown model {name!r}.",
                     hint="Choose one of " + ", ".join(RECOMMENDED_MODELS)
                          + ", or give OWNER/REPO/FILE.gguf from huggingface.co.")


def pull_model(name: str, dest: str | os.PathLike | None = None, *, on_download=None) -> Path:
    """Download a GGUF model from the Hugging Face hub into `dest` (default
    models_dir()) and return its absolute path (what MRAG_MODEL may hold in
    any folder); a file already there is not fetched again. `on_download()`
    is called when a download starts. Offline, or with the hub unreachable,
    raises ModelError."""
    repo, filename = resolve_model_name(name)
    dest = (Path(dest).expanduser() if dest else models_dir()).absolute()
    target = dest / filename
    if target.is_file():
        validate_gguf(target)
        return target
    try:  # before "downloading ...": a --dir on a file fails here
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ModelError(f"Cannot make the models folder {dest}: {exc.strerror or exc}.",
                         hint="Give --dir a folder you can write to (or leave it out: ~/.cache/mrag/models).") \
            from exc
    if on_download is not None:
        on_download()
    try:
        from huggingface_hub import hf_hub_download
        from huggingface_hub.errors import (EntryNotFoundError, LocalEntryNotFoundError,
                                            RepositoryNotFoundError)
    except ImportError as exc:
        raise ModelError("huggingface-hub is not installed, so mrag cannot download models.",
                         hint="pip install huggingface-hub, or download a .gguf file yourself and "
                              "pass --model PATH.") from exc
    from minirag_cli.config import unreachable_hub

    manual = f"https://huggingface.co/{repo}/resolve/main/{filename}"
    unreachable = ModelError(f"Cannot download {repo}/{filename}: the Hugging Face hub is not reachable "
                             "(offline, HF_HUB_OFFLINE set, or blocked by a proxy).",
                             hint=f"On a machine with internet, fetch {manual} and pass --model PATH "
                                  "or set MRAG_MODEL.")
    if unreachable_hub():  # at once, not after the hub client's retries
        raise unreachable
    from huggingface_hub import constants

    if constants.HF_HUB_OFFLINE:  # the client would fail too, after leaving .cache/huggingface/ in dest
        raise unreachable
    try:
        path = hf_hub_download(repo_id=repo, filename=filename, local_dir=str(dest))
    except LocalEntryNotFoundError as exc:  # offline mode, or no connection to the hub
        raise unreachable from exc
    except (RepositoryNotFoundError, EntryNotFoundError) as exc:
        raise ModelError(f"{repo}/{filename} does not exist on the Hugging Face hub.",
                         hint="Check the name (`mrag model pull --help` lists the recommended ones).") from exc
    except OSError as exc:
        raise ModelError(f"Downloading {repo}/{filename} failed: {exc}",
                         hint=f"Retry, or fetch {manual} yourself and pass --model PATH.") from exc
    return validate_gguf(path)
