"""Performance benchmarks for mrag (issue 6): cold start, query embedding,
in-process retrieval latency, sync throughput, scale to 100k chunks, storage.

Run `python -m bench [scenario ...]` from the repository (not part of the
unit tests). Each scenario prints a markdown section and rewrites its own
block in BENCHMARKS.md; raw figures go to WORKDIR/results/<scenario>.json.
"""
