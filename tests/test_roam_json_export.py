"""Review revW: Roam Research's JSON export (`MyGraph.json`, a list of pages with `title` and `children`) was
skipped as `not a note file (.json)`, no word of what to do: it is skipped saying to export Markdown, at every
sync (the second sync, which finds the reason recorded, does not take it for a Google Keep note), and any other
JSON stays `not a note file`."""

from __future__ import annotations

import json

from minirag_cli.walk import NOT_NOTE_JSON, ROAM_JSON_REASON, roam_json_export
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync

GRAPH = [{"title": "Priya Raman", "children": [{"string": "Works at [[Acme Corp]]", "uid": "abcDEF123",
                                                "create-time": 1730625000000, "edit-time": 1730625000000}],
          "create-time": 1730625000000, "edit-time": 1730625000000}]


def test_a_roam_json_export_is_skipped_saying_to_export_markdown(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"MyGraph.json": json.dumps(GRAPH), "pretty.json": json.dumps(GRAPH, indent=2),
                       "other.json": '{"a": 1}', "list.json": '[{"name": "x", "title": "y"}]', "note.md": "Hello.\n"})
    db_path = tmp_path / "index.sqlite"
    for _ in range(2):
        summary, indexed = sync(root, db_path)
        assert indexed == ["note.md"]
        assert {s["path"]: s["reason"] for s in summary.skipped} == {
            "MyGraph.json": ROAM_JSON_REASON, "pretty.json": ROAM_JSON_REASON, "other.json": NOT_NOTE_JSON,
            "list.json": NOT_NOTE_JSON}
    assert "export the graph as Markdown" in ROAM_JSON_REASON
    assert not roam_json_export(b'[{"title": "a", "author": "b"}]')
