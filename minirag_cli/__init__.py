"""mrag: a knowledge base for a folder of notes in one SQLite file."""

import os as _os

__version__ = "0.1.0"

# onnxruntime (the fast query embedder) writes a device id and a telemetry
# store to ~/.cache/Microsoft/DeveloperTools as soon as it is imported, unless
# this is set before the import. A local notes tool has no business doing
# that (tests/test_security.py checks nothing is written outside the index
# and mrag's own cache).
_os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
