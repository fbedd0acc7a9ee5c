"""Logseq's block references, embeds, queries and namespaced titles (heuristic rules 17, logseq2's
part): `((6543a1b2-...))` links to the page holding the block whose `id::` it is (a journal page's
block: that day), `{{embed [[Page]]}}` and `{{embed ((uuid))}}` link as links do, a `{{query ...}}`
names and links nothing, `title:: Work/Project Alpha` is the page `[[Work/Project Alpha]]` names,
Project Alpha; snippets and the answer's sources show no `id::` line, query or bare uuid. An
incremental sync joins the references as a fresh one does."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor, link_targets, note_aliases
from tests.conftest import write_notes

UUID = "6543a1b2-aaaa-4bbb-8ccc-111122223333"
ALPHA = ("title:: Work/Project Alpha\nalias:: PA\n\n- ## Decisions\n"
         "\t- We chose RabbitMQ over Kafka because the team knows it\n"
         f"\t  id:: {UUID}\n"
         "- {{query (and (task TODO DOING) [[Work/Project Alpha]])}}\n")
# the budget page links to the decision by its block alone: no [[link]], no name of the project
BUDGET = f"title:: Budget Q4\n\n- Cloud line over by 12%\n- Reference: (({UUID}))\n"
GRAPH = {"pages/Work___Project Alpha.md": ALPHA, "pages/Budget Q4.md": BUDGET,
         "pages/Other.md": "- Tomatoes go along the south fence\n"}


def _notes_of(conn, name: str) -> set[str]:
    from minirag_cli.store.lookup import get_entity

    found = get_entity(conn, name)
    return {n["path"] for n in found["notes"]} if found else set()


def _synced(tmp_path, notes: dict[str, str], name: str = "index.sqlite"):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "graph"
    write_notes(root, notes)
    conn = db.connect(tmp_path / name, create=True)
    sync(conn, [root])
    return conn, root


def test_a_block_reference_links_to_the_page_holding_the_block(tmp_path):
    conn, _root = _synced(tmp_path, GRAPH)
    try:
        assert _notes_of(conn, "Project Alpha") == {"pages/Work___Project Alpha.md", "pages/Budget Q4.md"}
        # the uuid names nothing of its own
        assert conn.execute("SELECT count(*) FROM entities WHERE name LIKE '%6543a1b2%'").fetchone()[0] == 0
    finally:
        conn.close()


def test_a_reference_to_a_journal_block_is_that_day_and_one_to_no_block_names_nothing(tmp_path):
    other = "7654a1b2-bbbb-4ccc-8ddd-444455556666"
    notes = {"journals/2026_11_03.md": f"- Decided to drop Kafka\n  id:: {UUID}\n",
             "pages/Budget Q4.md": BUDGET + f"- Also (({other}))\n"}
    conn, _root = _synced(tmp_path, notes)
    try:
        assert "pages/Budget Q4.md" in _notes_of(conn, "2026-11-03")
        assert conn.execute("SELECT count(*) FROM entities WHERE name LIKE '%a1b2%'").fetchone()[0] == 0
    finally:
        conn.close()


def test_embeds_link_as_links_do(tmp_path):
    notes = {**GRAPH, "pages/Contents.md": "- {{embed [[Budget Q4]]}}\n", "pages/Budget Q4.md": "- Cloud line\n",
             "pages/Decisions.md": f"- {{{{embed (({UUID}))}}}}\n"}
    conn, _root = _synced(tmp_path, notes)
    try:
        assert "pages/Contents.md" in _notes_of(conn, "Budget Q4")
        assert "pages/Decisions.md" in _notes_of(conn, "Project Alpha")
    finally:
        conn.close()


def test_a_query_names_and_links_nothing():
    query = "- {{query (and (task TODO DOING) [[Work/Project Alpha]])}}\n- Notes on Kafka\n"
    names = {m.name for m in HeuristicExtractor().extract_one(query)}
    assert names == {"Kafka"}, names
    assert link_targets(query) == []
    # the same link outside a query links
    assert [t.name for t in link_targets("- See [[Work/Project Alpha]]\n")] == ["Project Alpha"]


def test_a_namespaced_title_is_the_page_its_links_name(tmp_path):
    names = {m.name for m in HeuristicExtractor().extract_one("title:: Work/Project Alpha\n\n- Ship it\n")}
    assert "Project Alpha" in names and "Work/Project Alpha" not in names, names
    conn, _root = _synced(tmp_path, GRAPH)
    try:
        keys = {k for (k,) in conn.execute("SELECT key FROM entities")}
        assert "projectalpha" in keys and "workprojectalpha" not in keys
    finally:
        conn.close()


def test_a_page_s_block_ids_are_read_with_its_aliases():
    assert note_aliases(ALPHA, "pages/Work___Project Alpha.md") == ["PA", UUID]
    # an `id::` that is no uuid, or a uuid in the text, is no block's id
    assert note_aliases(f"- A block\n  id:: 42\n- Said {UUID}\n", "pages/X.md") == []


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


# (the notes changed: path -> text, None to delete; the notes an incremental sync re-extracts unread)
CHANGES = {
    "the block's id removed": ({"pages/Work___Project Alpha.md": _edit(ALPHA, f"\t  id:: {UUID}\n", "")},
                               ["pages/Budget Q4.md"]),
    "the page deleted": ({"pages/Work___Project Alpha.md": None}, ["pages/Budget Q4.md"]),
    "the block moved to another page": ({"pages/Work___Project Alpha.md": _edit(ALPHA, f"\t  id:: {UUID}\n", ""),
                                         "pages/Other.md": f"- Tomatoes\n  id:: {UUID}\n"},
                                        ["pages/Budget Q4.md"]),
    "a second page claims the id": ({"pages/Copy.md": f"- A copy\n  id:: {UUID}\n"}, ["pages/Budget Q4.md"]),
    "a referencing page added": ({"pages/Later.md": f"- See (({UUID}))\n"}, []),
}


@pytest.mark.parametrize("case", list(CHANGES))
def test_an_incremental_sync_joins_block_references_as_a_fresh_one(tmp_path, case):
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    changes, redone = CHANGES[case]
    conn, root = _synced(tmp_path, GRAPH)
    for path, text in changes.items():
        if text is None:
            (root / path).unlink()
        else:
            write_notes(root, {path: text})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    try:
        assert graph(conn) == graph(fresh)
        assert sorted(summary.note_names_changed) == redone
    finally:
        conn.close()
        fresh.close()


def test_a_block_coming_joins_the_references_written_before_it(tmp_path):
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    conn, root = _synced(tmp_path, {k: v for k, v in GRAPH.items() if "Alpha" not in k})
    write_notes(root, {"pages/Work___Project Alpha.md": ALPHA})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    try:
        assert graph(conn) == graph(fresh)
        assert summary.note_names_changed == ["pages/Budget Q4.md"]
        assert "pages/Budget Q4.md" in _notes_of(conn, "Project Alpha")
    finally:
        conn.close()
        fresh.close()


def test_snippets_and_sources_show_no_block_id_query_or_bare_uuid():
    from minirag_cli.answer import _clean_line
    from minirag_cli.format import snippet_text

    shown = snippet_text(ALPHA + BUDGET)
    assert UUID not in shown and "id::" not in shown and "{{query" not in shown, shown
    assert "We chose RabbitMQ over Kafka" in shown and "Reference: [block ref]" in shown
    assert _clean_line(f"\t  id:: {UUID}") == ""
    assert _clean_line(f"- Reference: (({UUID}))") == "- Reference: [block ref]"
    assert _clean_line("- {{query (task TODO)}}") == "-"


def test_a_re_extraction_joins_block_references_as_a_fresh_sync(tmp_path):
    """An index of older rules (its block ids not recorded) is extracted anew by the next sync,
    the references joined as a fresh sync joins them."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    old, root = _synced(tmp_path, GRAPH, "old.sqlite")
    with db.transaction(old):
        old.execute("DELETE FROM meta WHERE key = ?", (db.NOTE_ALIASES_KEY,))
        db.set_meta(old, "heuristic_version", "16")
    sync(old, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    try:
        assert graph(old) == graph(fresh)
        assert "pages/Budget Q4.md" in _notes_of(old, "Project Alpha")
    finally:
        old.close()
        fresh.close()


def test_ask_shows_a_block_reference_as_the_block_s_text(tmp_path):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    conn, _root = _synced(tmp_path, GRAPH)
    conn.close()
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "ask", "cloud line reference",
                                      "--mode", "bm25", "--no-answer"])
    assert result.exit_code == 0, result.output
    assert "Reference: ((We chose RabbitMQ over Kafka because the team knows it))" in result.output, result.output
    assert UUID not in result.output
    # `--json` keeps the chunk's text as written
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "index.sqlite"), "ask", "cloud line reference",
                                      "--mode", "bm25", "--json"])
    assert f"(({UUID}))" in result.output
