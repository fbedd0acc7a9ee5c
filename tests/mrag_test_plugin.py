"""The tests' embedder plugin: model names `hashing` and `hashing:N` become
embed.HashingEmbedder (deterministic feature hashing, N dims, instant).

Production code knows no test-only model name. In-process, tests pass
embedders directly (or `Index.open(..., embedder_factory=...)`); a spawned
`mrag` loads this file because the environment names it:
`MRAG_PLUGINS=<this file>` (PLUGIN_ENV below, set for every test by
conftest.py), read by config.load_plugins on the first embedder look-up.
bench/ uses it the same way for its instant-embedder scenarios.
"""

from __future__ import annotations

from pathlib import Path

from minirag_cli.embed import HashingEmbedder, register_embedder

PLUGIN_FILE = str(Path(__file__).resolve())
PLUGIN_ENV = {"MRAG_PLUGINS": PLUGIN_FILE}


def hashing_embedder(name: str) -> HashingEmbedder:
    dim = int(name.split(":", 1)[1]) if ":" in name else 64
    return HashingEmbedder(dim=dim, name=name)


register_embedder("hashing", hashing_embedder)
