"""The graph channel on hand-built graphs (entities, mentions and
co-occurrence rows inserted directly into a real index): exact walk paths for
1 and 2 hops, no cycles, hub control, fan-out caps, grounding (exact, alias,
whole word, fuzzy, dates, longest span), path scoring and chunk votes; and
the time edges on a small synced corpus."""

from __future__ import annotations

import json

import pytest

from minirag_cli import graph
from minirag_cli.graph import sql as graph_sql
from minirag_cli.options import GraphOptions
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes


def add_doc(conn, path: str, n_chunks: int, text: str = "x") -> list[int]:
    doc = conn.execute("INSERT INTO documents(root, path, hash, size, mtime, n_lines, synced_at) "
                       "VALUES ('/r', ?, 'h', 1, 0, 1, 'now')", (path,)).lastrowid
    ids = []
    for i in range(n_chunks):
        ids.append(conn.execute(
            "INSERT INTO chunks(document_id, seq, text, start_char, end_char, start_line, end_line, n_tokens, hash) "
            "VALUES (?, ?, ?, 0, 1, ?, ?, 1, 'c')", (doc, i, f"{text} {path} {i}", i + 1, i + 1)).lastrowid)
    return ids


def add_entity(conn, name: str, key: str, type_: str = "person", aliases=()) -> int:
    eid = conn.execute("INSERT INTO entities(name, key, type) VALUES (?, ?, ?)", (name, key, type_)).lastrowid
    conn.execute("INSERT INTO entity_aliases(entity_id, alias, key) VALUES (?, ?, ?)", (eid, name, key))
    for alias, akey in aliases:
        conn.execute("INSERT INTO entity_aliases(entity_id, alias, key) VALUES (?, ?, ?)", (eid, alias, akey))
    return eid


def mention(conn, entity_id: int, chunk_ids) -> None:
    for c in chunk_ids:
        conn.execute("INSERT INTO mentions(entity_id, chunk_id, count) VALUES (?, ?, 1)", (entity_id, c))
    conn.execute("UPDATE entities SET chunks = (SELECT count(*) FROM mentions WHERE entity_id = ?), "
                 "mentions = (SELECT count(*) FROM mentions WHERE entity_id = ?) WHERE id = ?",
                 (entity_id, entity_id, entity_id))


def edge(conn, a: int, b: int, weight: int = 1) -> None:
    conn.execute("INSERT INTO cooccurrence(a, b, weight) VALUES (?, ?, ?)", (min(a, b), max(a, b), weight))


@pytest.fixture
def chain(conn):
    """A - B - C - D chain plus a triangle A - B - E - A; 40 filler chunks so
    no entity is a hub; each entity in its own chunks."""
    chunks = add_doc(conn, "filler.md", 40)
    ids = {n: add_entity(conn, n, n.lower()) for n in "ABCDE"}
    for i, n in enumerate("ABCDE"):
        mention(conn, ids[n], chunks[i * 2:i * 2 + 2])
    for a, b in [("A", "B"), ("B", "C"), ("C", "D"), ("B", "E"), ("E", "A")]:
        edge(conn, ids[a], ids[b], 1)
    return ids


def names_of(paths, ids):
    back = {v: k for k, v in ids.items()}
    return sorted("".join(back[n] for n in p.nodes) for p in paths)


def test_walk_one_hop_exact_paths(conn, chain):
    paths = graph.walk(conn, [chain["A"]], hops=1)
    assert names_of(paths, chain) == ["A", "AB", "AE"]


def test_walk_two_hops_exact_paths_without_cycles(conn, chain):
    paths = graph.walk(conn, [chain["A"]], hops=2)
    assert names_of(paths, chain) == ["A", "AB", "ABC", "ABE", "AE", "AEB"]
    for p in paths:
        assert len(set(p.nodes)) == len(p.nodes), p.nodes  # never back to a node on the path


def test_walk_zero_hops_is_the_seeds(conn, chain):
    assert names_of(graph.walk(conn, [chain["C"], chain["A"]], hops=0), chain) == ["A", "C"]


def test_walk_three_hops_reaches_d_only_through_c(conn, chain):
    paths = graph.walk(conn, [chain["A"]], hops=3)
    assert [n for n in names_of(paths, chain) if n.endswith("D")] == ["ABCD"]
    paths = graph.walk(conn, [chain["A"]], hops=4)
    assert [n for n in names_of(paths, chain) if n.endswith("D")] == ["ABCD", "AEBCD"]


def test_edge_strength_is_cosine_association(conn, chain):
    # A and B: 2 chunks each, weight 1 -> 1 / sqrt(2 * 2)
    ab = next(p for p in graph.walk(conn, [chain["A"]], hops=1) if p.nodes == [chain["A"], chain["B"]])
    assert ab.strength == pytest.approx(0.5)


def test_hub_is_neither_expanded_nor_reached(conn):
    chunks = add_doc(conn, "many.md", 20)
    owner = add_entity(conn, "Owner", "owner")
    mention(conn, owner, chunks[:15])  # 75 % of chunks: a hub
    friends = [add_entity(conn, f"F{i}", f"f{i}") for i in range(3)]
    for i, f in enumerate(friends):
        mention(conn, f, [chunks[i]])
        edge(conn, owner, f, 1)
    seed = add_entity(conn, "Seed", "seed")
    mention(conn, seed, [chunks[16]])
    edge(conn, seed, owner, 1)
    # from the seed, the hub is not a stepping stone
    assert [p.nodes for p in graph.walk(conn, [seed], hops=2)] == [[seed]]
    # a hub given as a seed stays a 0-hop path: it is never expanded
    assert [p.nodes for p in graph.walk(conn, [owner], hops=2)] == [[owner]]
    # with a higher hub share the same graph is walked
    assert len(graph.walk(conn, [seed], hops=2, options=GraphOptions(hub_share=0.9))) == 1 + 1 + 3


def test_near_hub_is_reached_but_not_expanded(conn):
    chunks = add_doc(conn, "near.md", 40)
    seed, wide, far = (add_entity(conn, n, n.lower()) for n in ("Seed", "Wide", "Far"))
    mention(conn, seed, chunks[:2])
    mention(conn, wide, chunks[2:8])  # 6 of 40 chunks: below the hub share
    mention(conn, far, chunks[8:10])
    edge(conn, seed, wide), edge(conn, wide, far)
    assert names_of(graph.walk(conn, [seed], hops=2), {"S": seed, "W": wide, "F": far}) == ["S", "SW", "SWF"]
    narrow = GraphOptions(expand_max_chunks=5)
    assert names_of(graph.walk(conn, [seed], hops=2, options=narrow), {"S": seed, "W": wide, "F": far}) == ["S", "SW"]
    # hub_share=1 is hub control off: the cap goes with it
    assert len(graph.walk(conn, [seed], hops=2, options=GraphOptions(hub_share=1.0))) == 3


def test_wide_voter_lists_its_first_chunks_and_those_a_narrow_voter_reached(conn):
    c = add_doc(conn, "w.md", 60)  # the wide voter in 20 %: below the hub share
    wide = add_entity(conn, "Wide Name", "widename")
    narrow = add_entity(conn, "Narrow Name", "narrowname")
    mention(conn, wide, c[:12])
    mention(conn, narrow, [c[10], c[20]])
    p = graph.plan(conn, "Did Wide Name see Narrow Name?", None, hops=0)
    full = graph.vote(conn, p)
    assert set(full) == set(c[:12]) | {c[20]}
    full_for = graph.vote(conn, p, candidates=[c[11]])
    spread = GraphOptions(vote_spread=4)
    capped = graph.vote(conn, p, options=spread)
    # the wide voter's first 4 chunks, plus c[10] where the narrow one votes too
    assert set(capped) == set(c[:4]) | {c[10], c[20]}
    assert all(capped[k][0] == pytest.approx(full[k][0]) and capped[k][1] == full[k][1] for k in capped)
    assert max(capped, key=lambda k: capped[k][0]) == c[10]
    # candidates are voted for whatever the cap
    assert graph.vote(conn, p, candidates=[c[11]], options=spread) == full_for and full_for[c[11]][0] > 0


def test_fanout_caps_neighbours_per_node_strongest_first(conn):
    chunks = add_doc(conn, "fan.md", 60)
    center = add_entity(conn, "Center", "center")
    mention(conn, center, chunks[:10])
    spokes = []
    for i in range(10):
        s = add_entity(conn, f"S{i}", f"s{i}")
        mention(conn, s, chunks[10 + i * 4:10 + i * 4 + 4])
        edge(conn, center, s, weight=i + 1)  # S9 strongest
        spokes.append(s)
    paths = graph.walk(conn, [center], hops=1, options=GraphOptions(fanout=3))
    assert sorted(p.nodes[-1] for p in paths if p.hops == 1) == sorted(spokes[-3:])


def test_walk_row_limit_bounds_the_cte(conn, chain):
    assert len(graph.walk(conn, [chain["A"]], hops=3, options=GraphOptions(walk_row_limit=3))) == 3


def test_score_paths_formula():
    seeds = {1: graph.Seed(1, "A", "person", 0.9, "exact")}
    paths = [graph.WalkPath([1], 1.0), graph.WalkPath([1, 2], 0.5), graph.WalkPath([1, 2, 3], 0.25)]
    types = {1: "person", 2: "date", 3: "concept"}
    scored = {tuple(p.nodes): (s, ev) for s, p, ev in
              graph.score_paths(paths, seeds, types, ["date"], {(2, 3): 0.6})}
    assert scored[(1,)] == (pytest.approx(0.9), 0)
    assert scored[(1, 2)] == (pytest.approx(0.9 * (1 + 1) * 0.5), 1)
    assert scored[(1, 2, 3)][0] == pytest.approx(0.9 * (1 + 1 + 0.6) * 0.25)
    assert scored[(1, 2, 3)][1] == pytest.approx(1.6)


def test_ground_exact_alias_word_and_longest_span(conn):
    chunks = add_doc(conn, "g.md", 10)
    wolfgang = add_entity(conn, "Wolfgang Schulz", "wolfgangschulz", aliases=[("WolfgangSchulz", "wolfgangschulz")])
    myth = add_entity(conn, "Black Myth: Wukong", "blackmythwukong", "work")
    black = add_entity(conn, "Black", "black", "name")
    try_ = add_entity(conn, "Try", "try", "name")
    for e in (wolfgang, myth, black, try_):
        mention(conn, e, chunks[:1])
    seeds = {s.name: s for s in graph.ground(conn, "Did Wolfgang try Black Myth: Wukong?")}
    assert seeds["Wolfgang Schulz"].via == "word"
    assert seeds["Wolfgang Schulz"].similarity == pytest.approx(GraphOptions().word_match_sim)
    assert seeds["Black Myth: Wukong"].via == "exact"
    assert "Black" not in seeds  # inside the longer span
    assert "Try" not in seeds  # a lower-case word is not the capitalised name
    seeds = {s.name: s for s in graph.ground(conn, "what does wolfgangschulz play?")}
    assert seeds["Wolfgang Schulz"].via in ("exact", "alias")


def test_ground_fuzzy_and_dates(conn):
    chunks = add_doc(conn, "d.md", 4)
    jennifer = add_entity(conn, "Jennifer Moore", "jennifermoore")
    day = add_entity(conn, "2026-01-06", "date:2026-01-06", "date")
    mention(conn, jennifer, chunks[:1])
    mention(conn, day, chunks[1:2])
    seeds = {s.name: s for s in graph.ground(conn, "What did JenniferMooore say on January 6th?")}
    assert seeds["Jennifer Moore"].via == "fuzzy" and 0.8 < seeds["Jennifer Moore"].similarity < 0.9
    assert seeds["2026-01-06"].span == "January 6th"
    seeds = {s.name for s in graph.ground(conn, "notes from 20260106")}
    assert seeds == {"2026-01-06"}


def test_ground_nothing_recognised(conn):
    add_doc(conn, "n.md", 2)
    assert graph.ground(conn, "what is the meaning of life?") == []


def test_votes_by_concept_with_inverse_frequency_and_document_scope(conn):
    c = add_doc(conn, "a.md", 3) + add_doc(conn, "b.md", 2) + add_doc(conn, "fill.md", 20)
    anna = add_entity(conn, "Anna Weber", "annaweber", aliases=[("Anna", "anna")])
    oskar = add_entity(conn, "Oskar Brandt", "oskarbrandt")
    mention(conn, anna, [c[0], c[3]])
    mention(conn, oskar, [c[1], c[3]])
    p = graph.plan(conn, "Did Anna Weber meet Oskar Brandt?", None, hops=0)
    votes = graph.vote(conn, p)
    # b.md chunk 0 holds both concepts: the top vote
    assert max(votes, key=lambda k: votes[k][0]) == c[3]
    assert votes[c[3]][0] == pytest.approx(1.0 - GraphOptions().relation_chunk_weight / p.ideal)
    # the top list counts a chunk's own mentions; filler chunks get nothing
    assert set(votes) == {c[0], c[1], c[3]}
    assert votes[c[0]][0] + votes[c[1]][0] == pytest.approx(votes[c[3]][0])
    # for candidates, the document's other chunks count at the discount
    only = graph.vote(conn, p, candidates=[c[0], c[1], c[2], c[10]])
    assert set(only) == {c[0], c[1], c[2]}
    assert only[c[0]][0] == pytest.approx(votes[c[0]][0] + GraphOptions().doc_share * votes[c[1]][0])
    # a.md's third chunk mentions neither, its document both
    assert only[c[2]][0] == pytest.approx(GraphOptions().doc_share * votes[c[3]][0])


def test_graph_channel_without_seeds_is_empty(conn):
    add_doc(conn, "x.md", 3)
    g = graph.graph_channel(conn, "nothing named here", None)
    assert g.ranking == [] and g.votes == {} and g.seeds == []


NOTES = {
    "chat/20260121_1300.txt": "Time: 20260121_13:00\nWolfgangSchulz: Want to watch \"Overwatch 3\" tomorrow?\n"
                              "LiHua: Sure, see you at the burger place near the cinema.\n",
    "chat/20260122_1700.txt": "Time: 20260122_17:00\nWolfgangSchulz: Reminder: movie night later, burgers at 7.\n"
                              "LiHua: Perfect, see you there.\n",
    "chat/20260122_0900.txt": "Time: 20260122_09:00\nHaileyJohnson: Your sourdough is at the door.\n"
                              "MeiLin: Thanks!\n",
    "chat/20260301_1000.txt": "Time: 20260301_10:00\nWolfgangSchulz: Rent day again.\nLiHua: Paid.\n",
}


def test_time_edges_link_conversations_of_the_same_people_close_in_time(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "n", NOTES)
    sync_folders(conn, [tmp_path / "n"], embedder=embedder, extractor=extractor)
    doc = dict(conn.execute("SELECT path, id FROM documents"))
    qv = embedder.embed(["who watched the movie"])[0]
    links = graph.time_links(conn, [(doc["chat/20260121_1300.txt"], 1.0)], qv,
                             options=GraphOptions(time_window_days=1, time_anchor_self=False))
    linked_docs = {conn.execute("SELECT d.path FROM chunks c JOIN documents d ON d.id = c.document_id "
                                "WHERE c.id = ?", (c,)).fetchone()[0] for c in links}
    # the next-day chat with the same person; not Hailey's (no shared person),
    # not the one five weeks later
    assert linked_docs == {"chat/20260122_1700.txt"}
    item = next(iter(links.values()))
    assert item["gap"] == 1 and item["anchor"] == doc["chat/20260121_1300.txt"]
    assert 0 < item["score"] <= 0.5  # anchor weight / (1 + 1 day) x similarity
    names = dict(conn.execute("SELECT id, name FROM entities"))
    assert names[item["via"]] == "Wolfgang Schulz"
    assert graph.time_links(conn, [(doc["chat/20260121_1300.txt"], 1.0)], qv, options=GraphOptions(time_window_days=-1)) == {}


def test_an_anchor_keeps_its_own_time_vote(tmp_path, conn, embedder, extractor):
    """Two anchors a day apart: each links to the other, and each to itself
    (0 days), so the stronger anchor's chunks are not left with a share of
    the weaker's vote while the weaker takes all of the stronger's."""
    write_notes(tmp_path / "n", NOTES)
    sync_folders(conn, [tmp_path / "n"], embedder=embedder, extractor=extractor)
    doc = dict(conn.execute("SELECT path, id FROM documents"))
    chunk_doc = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    qv = embedder.embed(["who watched the movie"])[0]
    strong, weak = doc["chat/20260121_1300.txt"], doc["chat/20260122_1700.txt"]
    anchors = [(strong, 1.0), (weak, 0.3)]
    without = graph.time_links(conn, anchors, qv, options=GraphOptions(time_anchor_self=False))
    with_self = graph.time_links(conn, anchors, qv)
    by_doc = lambda links: {chunk_doc[c]: t for c, t in links.items()}
    # before: the strong anchor only gets 0.3 x sim / 2 from the weak one
    assert by_doc(without)["chat/20260121_1300.txt"]["anchor"] == weak
    own = by_doc(with_self)["chat/20260121_1300.txt"]
    assert own["anchor"] == strong and own["gap"] == 0 and own["via"] is None
    assert own["score"] > by_doc(without)["chat/20260121_1300.txt"]["score"]
    # the weak anchor still gets the strong one's link (more than its own vote)
    assert by_doc(with_self)["chat/20260122_1700.txt"]["anchor"] == strong
    # no other note joins: Hailey's shares no one, the March one is five weeks away
    assert set(by_doc(with_self)) == {"chat/20260121_1300.txt", "chat/20260122_1700.txt"}
    # an anchor's own vote is not explained as a time edge
    q = "who watched the movie"
    g = graph.graph_channel(conn, q, qv, anchors=anchors)
    why = graph.explain_votes(conn, g, list(g.time))
    assert all(w.get("time", {}).get("shared") for w in why.values() if "time" in w)


def test_time_edges_through_graph_channel_are_explained(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "n", NOTES)
    sync_folders(conn, [tmp_path / "n"], embedder=embedder, extractor=extractor)
    doc = dict(conn.execute("SELECT path, id FROM documents"))
    q = 'Who came to the movie night after Li Hua planned "Overwatch 3"?'
    g = graph.graph_channel(conn, q, embedder.embed([q])[0], anchors=[(doc["chat/20260121_1300.txt"], 1.0)])
    assert g.time and all(0 < v <= 1 for v in g.time.values())
    why = graph.explain_votes(conn, g, list(g.time))
    timed = [w["time"] for w in why.values() if "time" in w]
    assert timed and all(t["near"] == "chat/20260121_1300.txt" and t["days"] == 1 for t in timed)
    assert any(s["name"] == "Overwatch 3" for s in g.seeds)


def test_relations_near_only_reads_given_chunks(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "n", {"a.md": "Anna Weber met Oskar Brandt in Berlin.\n",
                                 "b.md": "Oskar Brandt founded the Garden Club with Anna Weber.\n"})
    sync_folders(conn, [tmp_path / "n"], embedder=embedder, extractor=extractor)
    a_chunks = [r[0] for r in conn.execute("SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                                           "WHERE d.path = 'a.md'")]
    qv = embedder.embed(["Anna Weber met Oskar Brandt in Berlin"])[0]
    hits = graph.relations_near(conn, qv, a_chunks, min_sim=-1.0)
    assert hits and {h.chunk_id for h in hits} <= set(a_chunks)
    assert hits == sorted(hits, key=lambda h: -h.similarity)
    assert graph.relations_near(conn, qv, []) == []
    assert graph.relations_near(conn, None, a_chunks) == []


def test_walk_sql_has_no_python_graph(conn, chain):
    # the walk is one statement: a recursive CTE with a LIMIT
    assert "WITH RECURSIVE" in graph_sql.WALK_SQL and "LIMIT :row_limit" in graph_sql.WALK_SQL
    rows = conn.execute(graph_sql.WALK_SQL, {"seeds": json.dumps([[chain["A"], 1.0]]), "hops": 1, "hubs": "[]", "expand_max": 100,
                                         "fanout": 5, "row_limit": 100}).fetchall()
    assert sorted(r[1] for r in rows) == sorted(f"/{chain['A']}/" + s for s in ("", f"{chain['B']}/",
                                                                                  f"{chain['E']}/"))


def test_llm_terms_vouch_for_a_lower_case_name_and_add_answer_types(conn):
    chunks = add_doc(conn, "w.md", 3)
    wukong = add_entity(conn, "Wukong", "wukong", "work")
    mention(conn, wukong, chunks[:1])
    assert graph.ground(conn, "is wukong worth playing?") == []  # lower case: not trusted alone
    terms = graph.QueryTerms(entities=["wukong"], answer_types=["work"])
    seeds = graph.ground(conn, "is wukong worth playing?", terms=terms)
    assert [(s.name, s.via) for s in seeds] == [("Wukong", "llm")]
    p = graph.plan(conn, "is wukong worth playing?", None, terms=terms)
    assert p.answer_types[0] == "work"
    # the seed is of the answer type: its 0-hop path counts it
    assert p.scored_paths[0][2] == 1


def test_a_seed_votes_where_its_name_is_written_not_only_where_it_was_extracted(conn):
    c = add_doc(conn, "beds.md", 2, text="we dug the flower beds") + add_doc(conn, "other.md", 2, text="tea") \
        + add_doc(conn, "fill.md", 10)
    beds = add_entity(conn, "flower beds", "flowerbeds", type_="product")
    mention(conn, beds, [c[0]])  # the model named it in one chunk of two that say it
    p = graph.plan(conn, "Where are the flower beds?", None, hops=0)
    assert p.text_hits[beds] == [c[0], c[1]]
    assert p.chunk_counts[beds] == 2  # the idf counts the chunks that say it
    votes = graph.vote(conn, p)
    assert set(votes) == {c[0], c[1]} and votes[c[0]][0] == pytest.approx(votes[c[1]][0])
    assert graph.vote(conn, p, candidates=[c[1], c[2]]) == {c[1]: votes[c[1]]}
    # a guess from the question vector is not looked up in the text
    guess = graph.Seed(beds, "flower beds", "product", 0.6, "vector")
    assert graph.name_occurrences(conn, [guess]) == {}
    # a name written in more chunks than the limit is left to its mentions
    assert graph.name_occurrences(conn, [p.seeds[0]], limit=1) == {}


def test_a_reached_neighbour_votes_only_on_a_supported_path_unless_told_otherwise():
    """GraphOptions.neighbour_needs_evidence: by default an entity the walk
    reaches votes only when the question supports its path (evidence > 0);
    off, every reached entity votes at hop_decay ** hops. A hub never votes."""
    from minirag_cli.graph.votes import _entity_votes

    scored = [(0.9, graph.WalkPath([1], 1.0), 0), (0.45, graph.WalkPath([1, 2], 0.5), 0),
              (0.6, graph.WalkPath([1, 3], 0.5), 1.0), (0.8, graph.WalkPath([1, 4], 0.9), 0)]
    info = {1: ("A", "person", 3), 2: ("B", "concept", 3), 3: ("C", "date", 3), 4: ("Hub", "person", 500)}
    gated = _entity_votes(scored, info, {4}, GraphOptions())
    assert set(gated) == {1, 3}
    assert gated[1][0] == pytest.approx(0.9) and gated[3][0] == pytest.approx(0.6 * 0.5)
    free = _entity_votes(scored, info, {4}, GraphOptions(neighbour_needs_evidence=False, hop_decay=0.25))
    assert set(free) == {1, 2, 3}
    assert free[2][0] == pytest.approx(0.45 * 0.25) and free[3][0] == pytest.approx(0.6 * 0.25)


def _log(host: int, lines: int) -> str:
    """An undated log: one backup a day, the same days in every host's log
    (logs of another length start in another year: no time edge to them)."""
    import datetime as dt
    start = dt.date(2000 + lines // 10, 1, 1)
    rows = [f"- {start + dt.timedelta(days=k)} backup of host{host} ran by Kev Marsh, ticket {k}" for k in range(lines)]
    return f"# Server {host} backup log\n\n" + "\n".join(rows) + "\n"


def _time_steps(tmp_path, conn, embedder, extractor, lines: int) -> int:
    """SQLite VM steps (in hundreds) of the time edges between three logs of `lines` lines."""
    write_notes(tmp_path / f"logs{lines}", {f"server{h} backup log.md": _log(h, lines) for h in range(3)})
    sync_folders(conn, [tmp_path / f"logs{lines}"], embedder=embedder, extractor=extractor)
    docs = [d for d, in conn.execute("SELECT id FROM documents WHERE root LIKE ? ORDER BY id", (f"%logs{lines}",))]
    steps = [0]

    def count():
        steps[0] += 1
    conn.set_progress_handler(count, 100)
    try:
        links = graph.time_links(conn, [(d, 1.0) for d in docs], embedder.embed(["when did the backup run"])[0],
                                 options=GraphOptions(hub_share=1.0))  # Kev in every chunk: no hub here
    finally:
        conn.set_progress_handler(None, 0)
    assert {t["via"] for t in links.values()} - {None}  # the logs are linked (Kev, a day apart)
    return steps[0]


def test_time_edges_between_big_logs_grow_with_their_size_not_its_square(tmp_path, conn, embedder, extractor):
    """Three undated logs naming the same days and person: the time edges
    between them once looked each anchor mention up by walking the linked
    log's chunks, for every chunk linked (three 0.9 MB logs: 10+ minutes)."""
    small = _time_steps(tmp_path, conn, embedder, extractor, 150)
    big = _time_steps(tmp_path, conn, embedder, extractor, 600)
    assert big < 6 * small  # 4x the lines: about 4x the work, not 16x
