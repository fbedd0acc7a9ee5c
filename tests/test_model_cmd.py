"""`mrag model info` and `mrag model pull`, offline (HF_HUB_OFFLINE=1 from
conftest): the GGUF header reader against llama.cpp's own, clear failures
for bad files, and a pull that fails clearly without the hub."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from minirag_cli.errors import ModelError
from minirag_cli.llm import RECOMMENDED_MODELS, gguf_metadata, pull_model, resolve_model_name
from tests.test_llm_extract import SMOL


def run(mrag_bin, *args, **env):
    return subprocess.run([mrag_bin, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HF_HUB_OFFLINE": "1", **env})


def test_info_json_describes_the_file(mrag_bin):
    r = run(mrag_bin, "model", "info", str(SMOL), "--json")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["size_bytes"] == SMOL.stat().st_size
    assert (info["architecture"], info["quantization"], info["size_label"]) == ("llama", "Q4_1", "135M")
    assert info["context_length"] == 8192 and info["layers"] == 30 and info["vocab_size"] == 49152
    assert info["chat_template"] is True
    from minirag_cli.extract.llm import LlmExtractor

    assert LlmExtractor.from_path(SMOL).cache_id.startswith(info["identity"] + "@")


def test_info_table(mrag_bin):
    r = run(mrag_bin, "model", "info", str(SMOL))
    assert r.returncode == 0, r.stderr
    assert "quantization: Q4_1" in r.stdout and "architecture: llama" in r.stdout
    # the size is shown human-readable, so its label does not say bytes ('size bytes: 93.8 MB')
    assert "\nsize: 93.8 MB\n" in r.stdout and "size bytes" not in r.stdout, r.stdout


def test_header_reader_agrees_with_llama_cpp():
    from llama_cpp import Llama

    llm = Llama(model_path=str(SMOL), vocab_only=True, verbose=False)
    ours = gguf_metadata(SMOL)
    for key, value in llm.metadata.items():
        if isinstance(ours.get(key), (dict, list)):
            continue  # arrays: llama.cpp does not return them
        assert same_value(ours[key], value), (key, ours[key], value)


def test_identity_reads_the_header_only_up_to_the_name():
    # `mrag ask` waits for the identity after the model has loaded: the vocabulary is not read for it,
    # and the identity (a cache key) is the one the whole header gives
    from minirag_cli.llm import model_identity

    head = gguf_metadata(SMOL, until="general.name")
    whole = gguf_metadata(SMOL)
    assert "general.name" in head and "tokenizer.ggml.tokens" in whole and "tokenizer.ggml.tokens" not in head
    assert len(head) < len(whole) and all(whole[k] == v for k, v in head.items())
    assert model_identity(SMOL) == model_identity(SMOL, whole)


def same_value(ours, theirs: str) -> bool:
    if str(ours).lower() == str(theirs).lower():
        return True
    try:
        return float(ours) == pytest.approx(float(theirs), rel=1e-5)
    except ValueError:
        return False


@pytest.mark.parametrize("content, message", [
    (None, "does not exist"),
    (b"not a model at all", "not a GGUF"),
    (b"GGUF\x03\x00\x00\x00", "truncated"),
    (b"GGUF\x09\x00\x00\x00" + b"\x00" * 16, "version 9"),
    # a download that failed at once leaves an empty file: it said "is not a GGUF model file (it
    # starts with b'')" and "end in .gguf; convert or download one", about a file named .gguf
    (b"", "is empty (0 bytes): a download that failed?"),
    (b"GG", "is truncated: 2 bytes"),
])
def test_info_bad_files_fail_with_one_line(tmp_path, mrag_bin, content, message):
    p = tmp_path / "m.gguf"
    if content is not None:
        p.write_bytes(content)
    r = run(mrag_bin, "model", "info", str(p))
    assert r.returncode == 1
    assert r.stdout == "" and message in r.stderr and "Traceback" not in r.stderr


def test_info_on_a_folder_or_an_empty_path_is_about_its_argument(tmp_path, mrag_bin):
    """`mrag model info ""` said ". is a folder; --model needs a .gguf file.":
    a flag the command does not have, and "" turned into ".". A missing file's
    hint named --model too."""
    r = run(mrag_bin, "model", "info", str(tmp_path / "missing.gguf"))
    assert r.returncode == 1 and f"Model file {tmp_path / 'missing.gguf'} does not exist" in r.stderr
    assert "--model" not in r.stderr and "mrag model pull" in r.stderr, r.stderr
    r = run(mrag_bin, "model", "info", str(tmp_path))
    assert r.returncode == 1 and f"{tmp_path} is a folder, not a GGUF model file" in r.stderr
    assert "--model" not in r.stderr
    for empty in ("", "  "):
        r = run(mrag_bin, "model", "info", empty)
        assert r.returncode == 2 and "The model path is empty" in r.stderr
        assert "--model" not in r.stderr and "is a folder" not in r.stderr


def test_pull_offline_fails_clearly_and_leaves_no_model(tmp_path, mrag_bin):
    r = run(mrag_bin, "model", "pull", "qwen2.5-1.5b", "--dir", str(tmp_path / "models"))
    assert r.returncode == 1
    assert r.stdout == ""
    text = " ".join(r.stderr.split())
    assert "not reachable" in text and "huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF" in text
    assert "--model PATH" in text and "Traceback" not in text
    assert not list((tmp_path / "models").glob("*.gguf"))
    # the hub client, asked offline, left .cache/huggingface/download/FILE.lock in the models folder
    assert not list((tmp_path / "models").iterdir()), list((tmp_path / "models").rglob("*"))


def test_pull_with_the_hub_unresolvable_fails_at_once(tmp_path, mrag_bin):
    """Without HF_HUB_OFFLINE, an offline pull printed ~24 s of the hub
    client's retries first. The hub's host here never resolves (.invalid)."""
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_OFFLINE" and "proxy" not in k.lower()}
    r = subprocess.run([mrag_bin, "model", "pull", "qwen2.5-1.5b", "--dir", str(tmp_path / "models")],
                       capture_output=True, text=True, timeout=120,
                       env={**env, "HF_ENDPOINT": "https://hub.invalid", "HF_HOME": str(tmp_path / "hf")})
    assert r.returncode == 1 and "not reachable" in r.stderr, r.stderr
    assert "Retrying" not in r.stderr and "Traceback" not in r.stderr


def test_pull_reuses_a_file_already_there_offline(tmp_path, mrag_bin):
    dest = tmp_path / "models"
    dest.mkdir()
    _repo, filename, _size = RECOMMENDED_MODELS["qwen2.5-1.5b"]
    (dest / filename).write_bytes(SMOL.read_bytes()[:1 << 16])  # GGUF magic is all `pull` checks
    r = run(mrag_bin, "model", "pull", "qwen2.5-1.5b", "--dir", str(dest))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(dest / filename)
    # a relative --dir: an absolute path, so `export MRAG_MODEL=$(mrag model pull ...)` works from any
    # folder; nothing is downloaded, so nothing says so; the command to copy is on one line
    r = subprocess.run([mrag_bin, "model", "pull", "qwen2.5-1.5b", "--dir", "models"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120,
                       env={**os.environ, "HF_HUB_OFFLINE": "1", "COLUMNS": "60"})
    assert r.returncode == 0 and r.stdout.strip() == str(dest / filename), (r.stdout, r.stderr)
    assert "downloading" not in r.stderr, r.stderr
    assert r.stderr.splitlines() == [f"use it with: mrag sync DIR --model {dest / filename}  "
                                     f"(or export MRAG_MODEL={dest / filename})"], r.stderr


def test_pull_unknown_name_lists_the_choices(tmp_path):
    with pytest.raises(ModelError) as exc:
        pull_model("llama-70b", tmp_path)
    assert all(name in exc.value.hint for name in RECOMMENDED_MODELS)


def test_pull_unknown_name_is_refused_before_downloading(tmp_path, mrag_bin):
    """`mrag model pull llama-70b` said 'downloading llama-70b from the Hugging
    Face hub...' and then that it knows no such model."""
    r = run(mrag_bin, "model", "pull", "llama-70b", "--dir", str(tmp_path))
    assert r.returncode == 1 and "Unknown model" in r.stderr and "downloading" not in r.stderr


def test_any_hub_file_by_owner_repo_file():
    assert resolve_model_name("bartowski/SmolLM2-1.7B-Instruct-GGUF/SmolLM2-1.7B-Instruct-Q4_K_M.gguf") == \
        ("bartowski/SmolLM2-1.7B-Instruct-GGUF", "SmolLM2-1.7B-Instruct-Q4_K_M.gguf")
    assert resolve_model_name("qwen2.5-3b")[0] == "Qwen/Qwen2.5-3B-Instruct-GGUF"


@pytest.mark.parametrize("name", ["../../x.gguf", "owner/../x.gguf", "a//b.gguf", "owner/re po/x.gguf",
                                  "owner/repo/../x.gguf", ".hidden/repo/x.gguf"])
def test_names_that_are_no_hub_file_are_unknown(name):
    """`../../x.gguf` passed as OWNER/REPO/FILE and sent the user (offline) to
    fetch https://huggingface.co/../../resolve/main/x.gguf by hand."""
    with pytest.raises(ModelError, match="Unknown model"):
        resolve_model_name(name)


@pytest.mark.parametrize("where", ["a-file", "a-file/models"])
def test_pull_into_a_folder_that_cannot_be_made_is_one_line(tmp_path, mrag_bin, where):
    """--dir on a file (or under one) was 'unexpected FileExistsError' after
    'downloading ...'."""
    (tmp_path / "a-file").write_text("not a folder\n")
    r = run(mrag_bin, "model", "pull", "qwen2.5-1.5b", "--dir", str(tmp_path / where))
    assert r.returncode == 1 and r.stdout == ""
    text = " ".join(r.stderr.split())
    assert f"Cannot make the models folder {tmp_path / where}" in text, r.stderr
    assert "unexpected" not in text and "downloading" not in text


def test_a_file_cut_short_in_its_tensors_is_truncated(tmp_path, mrag_bin):
    """An interrupted download keeps the header (3 MB of SmolLM's 98) and
    loses tensor data: `model info` printed the header and exited 0, sync's
    check before work passed it (and created the index), and `ask` said only
    llama.cpp's "Failed to load model from file"."""
    from minirag_cli.extract.llm import LlmExtractor
    from minirag_cli.llm import load_llama

    cut = tmp_path / "cut.gguf"
    with open(SMOL, "rb") as fh:
        cut.write_bytes(fh.read(3_000_000))
    r = run(mrag_bin, "model", "info", str(cut), "--json")
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert "is truncated" in r.stderr and "Download the model again" in r.stderr, r.stderr
    with pytest.raises(ModelError, match="is truncated"):
        LlmExtractor.from_path(cut)
    with pytest.raises(ModelError, match="is truncated"):
        load_llama(cut, n_ctx=256)
    gguf_metadata(SMOL)  # the whole file passes: its last tensor ends at its last byte
