"""An entity's type, and the chunk headers that list a note's people, do
not depend on the order notes were synced in: after any series of
incremental syncs (notes added in one order or another, deleted, edited so a
mention's type changes) the graph is the one `sync --rebuild` makes of the
final folder. The type is decided from the counts of the types its mentions
gave (entity_types: the strongest rank, then the most mentions, then a fixed
order: naming.chosen_type), like the name from the alias counts, and a type
change to or from `person` rewrites the header of every note that names the
entity."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.integrity import verify_index
from tests.test_heuristic_version import graph, sync

# the heuristic extractor types "Atlas" by how a note mentions it
PERSON = "Atlas: lunch at noon?\nTom: yes\nAtlas: great\n"  # a chat speaker: person (2 mentions)
NAME = "We met Atlas today at the harbour.\n"  # a capitalised span: name (weaker)
WORK = 'I read "Atlas" last week, then "Atlas" again.\n'  # a quoted title: work (2 mentions, as PERSON)
WORK_ONCE = 'I read "Atlas" last week.\n'  # work, 1 mention
TAG = "Standup notes. #atlas\n"  # a tag: concept (weakest)

SCENARIOS = {
    # 1. the note that gave the stronger type is deleted, or edited so it gives a weaker one
    "person note deleted": [{"a.md": PERSON, "b.md": NAME}, {"a.md": None}],
    "person note edited to a name": [{"a.md": PERSON, "b.md": NAME}, {"a.md": "Lunch with Atlas and Tom.\n"}],
    "work note deleted, tag left": [{"a.md": WORK, "b.md": TAG}, {"a.md": None}],
    # 2. two types of the same rank: added in the other order than a rebuild's
    "same rank, equal counts, reverse order": [{"b.md": WORK}, {"a.md": PERSON}],
    "same rank, equal counts, rebuild order": [{"a.md": PERSON}, {"b.md": WORK}],
    "same rank, more work mentions": [{"a.md": WORK_ONCE}, {"b.md": WORK}, {"c.md": PERSON}],
    "same rank, the first seen deleted": [{"a.md": PERSON, "b.md": WORK_ONCE, "c.md": WORK}, {"a.md": None}],
    # 3. a note makes the entity a person, or stops doing so: the other notes' headers follow
    "becomes a person, named first": [{"a.md": NAME}, {"b.md": PERSON}],
    "becomes a person, named after": [{"b.md": PERSON}, {"a.md": NAME}],
    "edited into a person": [{"a.md": NAME, "b.md": "Then lunch with Atlas again.\n"},
                             {"a.md": PERSON}],
    "stops being a person": [{"a.md": PERSON, "b.md": NAME, "c.md": TAG}, {"a.md": "Lunch with Tom.\n"}],
}


def apply(root, step: dict) -> None:
    for rel, text in step.items():
        path = root / rel
        if text is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def rebuilt_graph(tmp_path, root) -> dict:
    """The graph `sync --rebuild` makes of the folder: a sync into an empty index."""
    fresh = db.connect(tmp_path / "rebuilt.sqlite", create=True)
    try:
        sync(fresh, [root])
        assert_headers_list_the_people(fresh)
        return graph(fresh)
    finally:
        fresh.close()


def assert_headers_list_the_people(conn) -> None:
    """Every chunk's header is its note's first line and the people it names
    as they are typed and named now (store.document_header)."""
    for doc, path in conn.execute("SELECT id, path FROM documents"):
        first = conn.execute("SELECT text FROM chunks WHERE document_id = ? ORDER BY seq LIMIT 1",
                             (doc,)).fetchone()[0].split("\n", 1)[0]
        people = [r[0] for r in conn.execute(
            "SELECT DISTINCT e.name FROM chunks c JOIN mentions m ON m.chunk_id = c.id JOIN entities e "
            "ON e.id = m.entity_id WHERE c.document_id = ? AND e.type = 'person' ORDER BY e.name", (doc,))]
        want = (first + "\n" + ", ".join(people)).strip("\n ")
        headers = {r[0] for r in conn.execute("SELECT header FROM chunks WHERE document_id = ?", (doc,))}
        assert headers == {want}, path


@pytest.mark.parametrize("steps", SCENARIOS.values(), ids=SCENARIOS.keys())
def test_incremental_syncs_type_entities_and_write_headers_as_a_rebuild(tmp_path, steps):
    root = tmp_path / "vault"
    root.mkdir()
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    for step in steps:
        apply(root, step)
        sync(conn, [root])
    try:
        assert graph(conn) == rebuilt_graph(tmp_path, root)
        assert_headers_list_the_people(conn)
        assert verify_index(conn) == []
    finally:
        conn.close()


def test_the_expected_types(tmp_path):
    """What the scenarios end with, spelled out: the deleted person note
    leaves a name; a person and a work of equal counts give the first in
    code point order; more work mentions make a work."""
    cases = [
        ([{"a.md": PERSON, "b.md": NAME}, {"a.md": None}], "name", {"b.md": NAME.strip()}),
        ([{"b.md": WORK}, {"a.md": PERSON}], "person", {"a.md": "Atlas: lunch at noon?\nAtlas, Tom",
                                                         "b.md": WORK.split("\n")[0] + "\nAtlas"}),
        ([{"a.md": WORK_ONCE}, {"b.md": WORK}, {"c.md": PERSON}], "work", None),
        ([{"b.md": PERSON}, {"a.md": NAME}], "person", {"a.md": NAME.strip() + "\nAtlas"}),
    ]
    for n, (steps, type_, headers) in enumerate(cases):
        root = tmp_path / f"vault{n}"
        root.mkdir()
        conn = db.connect(tmp_path / f"index{n}.sqlite", create=True)
        for step in steps:
            apply(root, step)
            sync(conn, [root])
        assert conn.execute("SELECT type FROM entities WHERE key = 'atlas'").fetchone()[0] == type_, n
        if headers:
            got = dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id"))
            assert {p: got[p] for p in headers} == headers, n
        conn.close()


@pytest.mark.parametrize("counts,expected", [
    ([("name", 0, 5), ("person", 0, 1)], "person"),  # the strongest rank, however few its mentions
    ([("person", 0, 1), ("work", 0, 3)], "work"),  # then the most mentions
    ([("work", 0, 2), ("person", 0, 2)], "person"),  # then code point order, whatever order given
    ([("person", 0, 2), ("work", 0, 2)], "person"),
    ([("person", 0, 1), ("person", 1, 1), ("work", 0, 1)], "person"),  # a #tag's mentions add nothing to a rank 2
    ([("concept", 1, 4), ("name", 0, 1)], "name"),  # a #tag's concept the weakest
    ([("person", 1, 3)], "concept"),  # only #tags: a concept, whatever they were typed
    ([("work", 0, 0)], None),
    ([], None),
])
def test_the_chosen_type_depends_on_the_counts_alone(counts, expected):
    from minirag_cli.naming import chosen_type

    assert chosen_type(counts) == expected
