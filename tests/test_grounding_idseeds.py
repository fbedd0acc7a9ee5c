"""Seeds for ids and tags (session 56's software lead's Logseq graph and novelist's vault).

A question writing an id no entity holds (`v2.13.2`, written only in a journal's line) seeded a name holding another
id by the vector (`Release v2.14.0`, 0.58) and ranked its note first; a question's plain word ("what ship did ilse
lose") matched a tag used once (`#ship`) as an exact name and walked to the notes around that tag.
"""

from __future__ import annotations

import pytest

from minirag_cli import graph
from minirag_cli.graph import sql as graph_sql
from tests.test_graph import add_doc, add_entity, mention


@pytest.fixture
def release_graph(conn, monkeypatch):
    """Entities of a software lead's notes, every one a vector neighbour of any question."""
    chunks = add_doc(conn, "r.md", 6)
    names = {}
    for i, (name, key, type_) in enumerate([("Release v2.14.0", "releasev2140", "name"),
                                            ("PAY-1201", "pay1201", "name"), ("PAY-1205", "pay1205", "name"),
                                            ("INC-2291 checkout latency", "inc2291checkoutlatency", "name"),
                                            ("Priya", "priya", "person"), ("checkout-api", "checkoutapi", "name")]):
        names[name] = add_entity(conn, name, key, type_)
        mention(conn, names[name], chunks[i:i + 1])
    monkeypatch.setattr(graph_sql, "has_table", lambda c, table: True)
    monkeypatch.setattr(graph_sql, "nearest_entity_names", lambda c, vector, k: [(e, 0.6) for e in names.values()])
    return conn


@pytest.mark.parametrize("question", ["when did we deploy v2.13.2", "when did we deploy 2.13.2?",
                                      "what went out in release 2.13.2", "what's PAY-1202", "who owns PAY-1202?",
                                      "what broke after v2.12.0 shipped"])
def test_a_written_id_no_entity_holds_seeds_no_other_id_by_vector(release_graph, question):
    seeds = {s.name for s in graph.ground(release_graph, question, [0.0])}
    assert not seeds & {"Release v2.14.0", "PAY-1201", "PAY-1205", "INC-2291 checkout latency"}
    assert {"Priya", "checkout-api"} <= seeds  # names holding no id are guesses as before


@pytest.mark.parametrize("question, kept", [
    ("what was in release v2.14.0", "Release v2.14.0"),  # the name holds the id the question writes
    ("what went out in release 2.14.0", "Release v2.14.0"),
    ("what did we ship last week", "Release v2.14.0"),  # no id written: the vector's guess stands
    ("what broke checkout?", "INC-2291 checkout latency"),
])
def test_a_name_holding_the_asked_id_or_any_when_none_is_asked_stays_a_guess(release_graph, question, kept):
    assert kept in {s.name for s in graph.ground(release_graph, question, [0.0])}


@pytest.mark.parametrize("question, asked", [
    ("when did we deploy 2.13.2", ["v2.13.2"]), ("upgraded to 3.7.1 yesterday", ["v3.7.1"]),
    ("what's in release 2.14", ["v2.14"]),
    ("we met on 07.12.2026", []), ("I drank 2.5 litres", []), ("page 3.2 of the report", []),
])
def test_ids_asked_reads_a_bare_version_after_a_word_of_releasing(question, asked):
    from minirag_cli.idnames import ids_asked

    assert ids_asked(question) == asked


@pytest.fixture
def novel(conn):
    chunks = add_doc(conn, "n.md", 4)
    ids = {}
    for i, (name, key, type_) in enumerate([("#ship", "ship", "concept"), ("Ilse Dray", "ilsedray", "person"),
                                            ("#sailing", "sailing", "concept")]):
        ids[name] = add_entity(conn, name, key, type_, aliases=[("Ilse", "ilse")] if name == "Ilse Dray" else ())
        mention(conn, ids[name], chunks[i:i + 1])
    return conn


def test_a_plain_word_seeds_a_tag_below_a_name(novel):
    seeds = {s.name: s for s in graph.ground(novel, "what ship did ilse lose")}
    assert seeds["Ilse Dray"].similarity == 1.0
    assert "#ship" not in seeds or seeds["#ship"].similarity < 1.0


@pytest.mark.parametrize("question", ["which notes are tagged #ship", "notes tagged ship", "what has the ship tag",
                                      "#ship notes from book 2"])
def test_a_question_writing_the_tag_seeds_it_fully(novel, question):
    seeds = {s.name: s for s in graph.ground(novel, question)}
    assert seeds["#ship"].similarity == 1.0 and seeds["#ship"].via == "exact"
