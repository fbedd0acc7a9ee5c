"""`mrag graph view` in a real browser: headless Chromium (Debian's
`chromium`, which scripts/test installs) opens the written file, and the test
checks that the graph is drawn (as many nodes as the view holds, pixels on
the canvas), that a real mouse click on a node lists its notes, that a hostile
note neither breaks nor scripts the page, and that the page asks the network
for nothing. A screenshot stays in the test's tmp folder.

No browser is a failure, not a skip: a page nobody looked at is untested.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from minirag_cli import retrieve
from minirag_cli.format import write_graph_view
from minirag_cli.graph_view import build_view
from mrag_test_plugin import hashing_embedder
from tests.browser import Browser, find_chromium
from tests.kb_fixture import EMBEDDER
from tests.test_graph_view import build_view_index

HOSTILE_LABEL = "</script><script>window.__pwned = 4</script>"
READY = "document.documentElement.getAttribute('data-ready') === '1'"
# pixels something was drawn on, over every canvas layer Cytoscape keeps
PAINTED = """(() => {
  let painted = 0;
  for (const c of document.querySelectorAll('#graph canvas')) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) painted++;
  }
  return painted;
})()"""


@pytest.fixture(scope="module")
def chromium():
    exe = find_chromium()
    if exe is None:
        pytest.fail("No Chromium found (tried chromium, chromium-browser, google-chrome): the graph view cannot be "
                    "tested in a browser. scripts/test installs Debian's `chromium`; run it, or "
                    "`apt-get update && apt-get install -y chromium`.")
    return exe


@pytest.fixture
def kb(tmp_path):
    conn, db_path, _root = build_view_index(tmp_path)
    yield conn
    conn.close()


def open_page(chromium, path: Path) -> Browser:
    b = Browser(chromium, path.resolve().as_uri(), width=1280, height=800)
    try:
        b.wait_for(READY, timeout=60)
    except BaseException:
        b.close()
        raise
    return b


def png_colours(path: Path) -> int:
    """Distinct colours in an 8-bit RGB(A) PNG, decoded with the standard library."""
    raw = path.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(raw):
        n, kind = struct.unpack(">I4s", raw[pos:pos + 8])
        body = raw[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour_type in (2, 6)
            bpp = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    data = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colours = set()
    for y in range(height):
        f, line = data[y * (stride + 1)], bytearray(data[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 4 == 0:
            colours.update(bytes(line[x:x + 3]) for x in range(0, stride, bpp * 4))
        prev = line
    return len(colours)


def node_screen_position(b: Browser, node_id: str) -> tuple[float, float]:
    pos = b.evaluate(f"""(() => {{
      const n = window.mragView.cy.getElementById({json.dumps(node_id)});
      const p = n.renderedPosition(), r = document.getElementById('graph').getBoundingClientRect();
      return [p.x + r.left, p.y + r.top];
    }})()""")
    return pos[0], pos[1]


def test_graph_is_drawn_and_a_click_lists_the_notes(chromium, kb, tmp_path):
    view = build_view(kb, max_nodes=1000)
    target = next(n for n in view.nodes if n["label"] == "Mallory Quinn")
    hostile = view.nodes[-1]
    hostile["label"] = HOSTILE_LABEL
    view.title = "</title><script>window.__pwned = 5</script>"
    page = write_graph_view(view, tmp_path / "graph.html")
    with open_page(chromium, page) as b:
        assert b.evaluate("window.mragView.cy.nodes().length") == len(view.nodes)
        assert b.evaluate("window.mragView.cy.edges().length") == len(view.edges)
        assert b.evaluate(PAINTED) > 2000, "the graph canvas is blank"
        # a real click, at the node's place on the screen
        x, y = node_screen_position(b, f"e{target['id']}")
        b.click(x, y)
        b.wait_for("document.getElementById('details-title') && "
                   "document.getElementById('details-title').textContent === 'Mallory Quinn'", timeout=10)
        notes = b.evaluate("[...document.querySelectorAll('#notes li')].map(li => li.textContent)")
        assert len(notes) == len(view.notes[target["id"]]) >= 2
        assert all(n.startswith("evil/script.md:") for n in notes)
        # the hostile note is shown as text, and nothing it holds ran
        assert any("</script><script>window.__pwned = 1</script>" in n for n in notes)
        assert b.evaluate("typeof window.__pwned") == "undefined"
        assert b.evaluate("document.querySelectorAll('script').length") == 3
        assert b.evaluate("document.title").startswith("</title><script>")
        # a hostile entity name is a label and text, never markup
        b.evaluate(f"window.mragView.selectEntity({hostile['id']}, true)")
        assert b.evaluate("document.getElementById('details-title').textContent") == HOSTILE_LABEL
        assert b.evaluate("typeof window.__pwned") == "undefined"
        shot = b.screenshot(tmp_path / "graph-view.png")
        # the search box finds by alias
        b.evaluate("(() => { const s = document.getElementById('search'); s.focus(); })()")
        b.type_text("wolfgangschulz")
        assert b.evaluate("window.mragView.cy.nodes('.match').map(n => n.data('label'))") == ["Wolfgang Schulz"]
        urls = b.requested_urls()
        assert page.resolve().as_uri() in urls and all(u.startswith(("file:", "data:", "about:", "blob:")) for u in urls), urls
    assert shot.stat().st_size > 10_000
    assert png_colours(shot) > 20, "the screenshot is nearly one colour"


def test_query_story_is_drawn_with_ranked_results(chromium, kb, tmp_path):
    result = retrieve.search(kb, "What did Anna Weber and Oskar Brandt found?", embedder=hashing_embedder(EMBEDDER), k=4)
    view = build_view(kb, search=result)
    page = write_graph_view(view, tmp_path / "query.html")
    with open_page(chromium, page) as b:
        assert b.evaluate("window.mragView.cy.nodes('.note').length") == 4
        assert b.evaluate("window.mragView.cy.nodes('.seed').length") == len(view.story["seeds"]) >= 2
        assert b.evaluate("document.querySelectorAll('#results li').length") == 4
        assert b.evaluate(PAINTED) > 2000
        voted = next(r for r in view.story["results"] if r["voters"])
        x, y = node_screen_position(b, f"r{voted['rank']}")
        b.click(x, y)
        title = b.wait_for("document.getElementById('details-title') && "
                           "document.getElementById('details-title').textContent", timeout=10)
        assert title == f"#{voted['rank']} {voted['path']}:{voted['lines'][0]}-{voted['lines'][1]}" or \
            title == f"#{voted['rank']} {voted['path']}:{voted['lines'][0]}"
        highlighted = b.evaluate("window.mragView.cy.nodes('.hl').map(n => n.data('eid'))")
        assert set(highlighted) == set(voted["voters"])
        assert b.evaluate(f"document.getElementById('result-{voted['rank']}').classList.contains('active')")
        b.screenshot(tmp_path / "query-view.png")
        assert all(u.startswith(("file:", "data:", "about:", "blob:")) for u in b.requested_urls())


def test_the_mark_in_a_snippet_after_an_emoji_covers_the_mention(chromium, kb, tmp_path):
    """The page sliced snippets by JavaScript's UTF-16 units with marks counted
    in characters: in a chat full of emoji (LiHua: 60 of 320 snippets) the
    highlight sat one unit left per emoji (" Mallory Qui", or half an emoji)."""
    view = build_view(kb, max_nodes=1000)
    target = next(n for n in view.nodes if n["label"] == "Mallory Quinn")
    from minirag_cli.graph_view import _snippet

    snippet, mark = _snippet("Party 🎉🎉! 😀 Then Mallory Quinn brought cake 🍰.", ["Mallory Quinn"])
    view.notes[target["id"]][0].update(snippet=snippet, mark=mark)
    page = write_graph_view(view, tmp_path / "emoji.html")
    with open_page(chromium, page) as b:
        b.evaluate(f"window.mragView.selectEntity({target['id']}, true)")
        marks = b.evaluate("[...document.querySelectorAll('#notes li mark')].map(m => m.textContent)")
        assert marks[0] == "Mallory Quinn", marks
        first = b.evaluate("document.querySelector('#notes li .snippet').textContent")
        assert first == snippet


def test_the_search_box_finds_a_name_without_its_accents(chromium, kb, tmp_path):
    """`mrag entity zoe` finds Zoë (keys drop case and accents); the page's
    search box compared lower case only, so "zoe" or "jurgen" found nothing."""
    view = build_view(kb, max_nodes=1000)
    target = view.nodes[0]
    target["label"], target["aliases"] = "Zoë Jürgensen", ["ZoëJürgensen"]
    page = write_graph_view(view, tmp_path / "accents.html")
    with open_page(chromium, page) as b:
        b.evaluate("(() => { const s = document.getElementById('search'); s.focus(); })()")
        b.type_text("zoe jurg")
        assert b.evaluate("window.mragView.cy.nodes('.match').map(n => n.data('label'))") == ["Zoë Jürgensen"]


# the on-screen font size of each key label of the view, and whether Cytoscape draws it (a label
# under min-zoomed-font-size on the screen is not drawn)
KEY_LABELS = """(() => {
  const cy = window.mragView.cy, floor = cy.nodes()[0].numericStyle('min-zoomed-font-size');
  return cy.nodes('.seed, .note').map(n => {
    const px = n.numericStyle('font-size') * cy.zoom();
    return [n.data('label'), px, px >= floor];
  });
})()"""


def test_seed_and_result_labels_stay_drawn_when_the_view_is_zoomed_out(chromium, kb, tmp_path):
    """`mrag graph view --query` with its 150 nodes fitted into a 1366x768
    window (zoom ~0.35) drew the ranked results as unlabelled ticks and the
    seeds without their names: labels under min-zoomed-font-size (9 px on the
    screen) are not drawn, and theirs were 13 px at zoom 1. The key labels now
    keep 11 px on the screen at any zoom; the others are left to the zoom."""
    result = retrieve.search(kb, "What did Anna Weber and Oskar Brandt found?", embedder=hashing_embedder(EMBEDDER), k=4)
    view = build_view(kb, search=result)
    page = write_graph_view(view, tmp_path / "query.html")
    with open_page(chromium, page) as b:
        b.evaluate("(window.mragView.cy.zoom(0.3), 0)")  # as far out as a big view fitted into a laptop window
        labels = b.evaluate(KEY_LABELS)
        assert len(labels) == 4 + len(view.story["seeds"]) and len(view.story["seeds"]) >= 2
        assert all(drawn and px >= 10.9 for _label, px, drawn in labels), labels
        assert any(label.startswith("#1  ") for label, _px, _drawn in labels)
        # the other nodes keep the stylesheet's size: the page does not label every node at every zoom
        context = b.evaluate("window.mragView.cy.nodes('.context').map(n => n.numericStyle('font-size') * 0.3)")
        assert context and max(context) < 9
        # zoomed in, a key label is its stylesheet's size again, not held at the floor
        b.evaluate("(window.mragView.cy.zoom(2), 0)")
        assert all(px >= 2 * 13 - 0.1 for _label, px, _drawn in b.evaluate(KEY_LABELS) if _label.startswith("#"))
        b.screenshot(tmp_path / "zoomed-out.png")


def test_the_search_box_folds_sharp_s_as_the_keys_do(chromium, kb, tmp_path):
    """`mrag entities grosse` finds Grete Größe (text.fold: ß is ss); the
    page's search box lowered case only, which keeps ß."""
    view = build_view(kb, max_nodes=1000)
    target = view.nodes[0]
    target["label"], target["aliases"] = "Grete Größe", ["Grete Größe"]
    page = write_graph_view(view, tmp_path / "sharp.html")
    with open_page(chromium, page) as b:
        b.evaluate("(() => { const s = document.getElementById('search'); s.focus(); })()")
        b.type_text("GROSSE")
        assert b.evaluate("window.mragView.cy.nodes('.match').map(n => n.data('label'))") == ["Grete Größe"]


def test_the_footer_counts_what_the_summary_counts(chromium, kb, tmp_path):
    """With --query the footer said "N+4 nodes" (the entities and the 4
    result boxes) under "Showing N of M entities": it now counts the entities
    as the summary does, and the results and votes apart."""
    result = retrieve.search(kb, "What did Anna Weber and Oskar Brandt found?", embedder=hashing_embedder(EMBEDDER), k=4)
    view = build_view(kb, search=result)
    page = write_graph_view(view, tmp_path / "query.html")
    with open_page(chromium, page) as b:
        status = b.evaluate("document.getElementById('graph-status').textContent")
        summary = b.evaluate("document.getElementById('summary').textContent")
    shown = len(view.nodes)
    assert f"Showing {shown} of " in summary
    assert status.startswith(f"{shown} entities + 4 results · {len(view.edges)} edge"), (status, summary)
