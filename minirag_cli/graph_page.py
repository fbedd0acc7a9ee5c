"""The HTML page of `mrag graph view`: one self-contained file.

The template, the page's own CSS and JavaScript and the vendored Cytoscape.js
(minirag_cli/web/) are inlined, so the file opens anywhere with no network;
its Content-Security-Policy forbids every fetch and lets only the two inlined
scripts run (by their sha256).

Notes are untrusted text. The view travels as JSON in a
`<script type="application/json">` element with `<`, `>`, `&` and the
JavaScript line separators written as \\u escapes, so no note can close the
element or open markup; the page puts every string into the document as text
(textContent) or canvas labels, never as HTML.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path

from minirag_cli import __version__

WEB = Path(__file__).resolve().parent / "web"
CYTOSCAPE = WEB / "vendor" / "cytoscape.min.js"
CYTOSCAPE_VERSION = "3.35.0"
_PLACEHOLDER = re.compile(r"__([A-Z_]+)__")
_UNSAFE_IN_SCRIPT = re.compile(r"</script|<!--", re.I)
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def embed_json(data) -> str:
    """JSON safe inside a <script> element: no `<`, `>` or `&` at all."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[<>&\u2028\u2029]", lambda m: _JSON_ESCAPES[m.group(0)], text)


def _script(code: str) -> str:
    """Inlined JavaScript (ours or vendored), refused if it could end its element early."""
    if _UNSAFE_IN_SCRIPT.search(code):
        raise ValueError("inlined script holds </script or <!--")
    return code


def _csp_hash(code: str) -> str:
    # the template wraps each inline script in newlines; the hash covers exactly the element's text
    digest = hashlib.sha256(("\n" + code + "\n").encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def render_page(data: dict) -> str:
    """The page for a graph view's data (graph_view.GraphView.to_dict(), with
    each result's `why` lines: see format.write_graph_view)."""
    cytoscape = _script(CYTOSCAPE.read_text(encoding="utf-8"))
    app = _script((WEB / "graph_view.js").read_text(encoding="utf-8"))
    csp = ("default-src 'none'; script-src " + _csp_hash(cytoscape) + " " + _csp_hash(app) +
           "; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'none'; base-uri 'none'; form-action 'none'")
    values = {
        "CSP": csp,
        "VERSION": html.escape(__version__),
        "CYTOSCAPE_VERSION": CYTOSCAPE_VERSION,
        "TITLE": html.escape(" ".join(data["title"].split())[:120]),
        "CSS": (WEB / "graph_view.css").read_text(encoding="utf-8"),
        "DATA": embed_json(data),
        "CYTOSCAPE": cytoscape,
        "APP": app,
    }
    template = (WEB / "graph_view.html").read_text(encoding="utf-8")
    # one pass over the template: text put in is never scanned for placeholders again
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def write_page(data: dict, path: str | Path) -> Path:
    from minirag_cli.files import write_output

    return write_output(path, render_page(data))
