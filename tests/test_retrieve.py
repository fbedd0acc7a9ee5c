"""Retrieval: mode parsing, score fusion on fixed rankings (and the RRF kept
for comparison), the BM25 query normaliser (dates, FTS5 syntax), and search
over a small synced corpus: every channel alone and fused, graph votes that
add and never remove, questions with no entity, hostile FTS5 syntax."""

from __future__ import annotations

import numpy as np
import pytest

from minirag_cli import graph, retrieve
from minirag_cli.options import RetrievalOptions
from minirag_cli.errors import UsageError
from minirag_cli.integrity import verify_index
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes


def test_parse_mode_sets_and_names():
    assert retrieve.parse_mode("hybrid") == ("dense", "bm25", "graph")
    assert retrieve.parse_mode("bm25,dense") == ("dense", "bm25")
    assert retrieve.parse_mode(" graph , GRAPH ") == ("graph",)
    assert retrieve.parse_mode(None) == retrieve.CHANNELS
    assert retrieve.mode_name(("dense", "bm25", "graph")) == "hybrid"
    assert retrieve.mode_name(("dense", "bm25")) == "dense,bm25"
    for bad in ("sparse", "dense,sparse", ",", ""):
        with pytest.raises(UsageError):
            retrieve.parse_mode(bad)


def test_score_fuse_on_fixed_rankings():
    scores = {
        "bm25": [(1, 10.0), (2, 5.0)],  # normalised to 1.0, 0.5
        "dense": [(2, 0.9), (3, 0.8)],
        "graph": [(3, 1.0), (4, 0.5)],  # 4: found by the graph alone
    }
    weights = {"bm25": 0.5, "dense": 0.5, "graph": 0.2}
    hits = retrieve.score_fuse(scores, weights, ranks={"bm25": scores["bm25"], "dense": scores["dense"],
                                                       "graph": [(3, 1.0)]})
    got = {h.chunk_id: h.score for h in hits}
    assert got == pytest.approx({1: 0.5, 2: 0.25 + 0.45, 3: 0.4 + 0.2, 4: 0.1})
    assert [h.chunk_id for h in hits] == [2, 3, 1, 4]
    two = next(h for h in hits if h.chunk_id == 2)
    assert two.channels["bm25"] == {"score": 0.5, "rank": 2}
    # a graph vote outside the graph's own list carries no rank
    four = next(h for h in hits if h.chunk_id == 4)
    assert "rank" not in four.channels["graph"]


def test_score_fuse_ties_break_by_chunk_id_and_zero_votes_vanish():
    hits = retrieve.score_fuse({"dense": [(9, 0.5), (3, 0.5), (5, 0.0)]})
    assert [h.chunk_id for h in hits] == [3, 9]


def test_rrf_fuse_on_fixed_rankings():
    hits = retrieve.rrf_fuse({"a": [(1, 0), (2, 0)], "b": [(2, 0), (3, 0)]}, k=60)
    assert [h.chunk_id for h in hits] == [2, 1, 3]
    assert hits[0].score == pytest.approx(1 / 62 + 1 / 61)


@pytest.mark.parametrize("question,years,expected", [
    ("What did he say on January 6th?", ["2026"], ['"20260106"', '"2026 01 06"']),
    ("what happened on 6 jan 2025", ["2026"], ['"20250106"', '"2025 01 06"']),
    # a month: its compact prefix and the prefix phrase of its numbers (an ISO date's tokens)
    ("offers in the month of May", ["2025", "2026"], ['"202505"*', '"2025 05"*', '"202605"*', '"2026 05"*']),
    ("what did I do in october 2026?", ["2025"], ['"202610"*', '"2026 10"*']),  # a year follows: the month
    ("May 2026 notes", [], ['"202605"*', '"2026 05"*']),
    ("May I ask what we did?", ["2026"], []),  # a sentence-opening modal, not the month
    ("we may go in march", ["2026"], []),  # lower case: ordinary words
    ("the discussion on 2026101", [], ['"2026101"*']),
    ("the discussion on 20261019", [], []),  # already a full token
    ("Sept 3rd", ["2026"], ['"20260903"', '"2026 09 03"']),
    ("what happened on 2025-07-30?", ["2026"], ['"20250730"', '"2025 07 30"']),  # an ISO date: its day
    ("the 2025-13-40 build", ["2026"], []),  # no date
])
def test_date_terms(question, years, expected):
    assert retrieve.date_terms(question, years) == expected


@pytest.mark.parametrize("question", [
    'what about "quoted', "prefix* and -minus", "col:umn AND OR NOT", "NEAR(a b, 3)", "(((", "^start",
    "a + b - c", "''", '"', "*", "-", ":",
])
def test_fts_query_is_always_safe(conn, question):
    q = retrieve.fts_query(question, retrieve.date_terms(question, ["2026"]))
    if q is not None:
        conn.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?", (q,)).fetchall()


def _insert_chunks(conn, rows: list[tuple[int, str, str]]) -> None:
    """(id, text, header) chunks of one document, straight into the tables
    (the FTS5 triggers index them), for BM25 tests that need exact texts."""
    conn.execute("INSERT INTO documents(id, root, path, hash, size, mtime, synced_at) "
                 "VALUES (1, '/r', 'a.md', 'h', 1, 0, 'now')")
    for cid, text, header in rows:
        conn.execute("INSERT INTO chunks(id, document_id, seq, text, start_char, end_char, start_line, end_line, "
                     "n_tokens, hash, header) VALUES (?, 1, ?, ?, 0, 1, 1, 1, 2, 'h', ?)", (cid, cid, text, header))


def test_bm25_weighs_a_header_match_by_header_weight(conn):
    # two chunks mirror each other: "gamma" is in one's header and the other's
    # text, columns of equal length, so their BM25 scores differ by the weight alone
    _insert_chunks(conn, [(1, "alpha beta", "gamma delta"), (2, "gamma delta", "alpha beta")])
    assert RetrievalOptions().header_weight > 1
    scores = dict(retrieve.bm25_channel(conn, "gamma"))
    assert scores[1] > scores[2] * 1.2
    scores = dict(retrieve.bm25_channel(conn, "gamma", RetrievalOptions(header_weight=1.0)))
    assert scores[1] == pytest.approx(scores[2])


def test_a_quoted_phrase_ranks_chunks_holding_it_in_order_first(conn):
    assert retrieve.fts_query('Who saw the movie "Overwatch 3"?').endswith(' OR "overwatch 3"')
    assert retrieve.fts_query("a \u201cCentral Perk\u201d cafe").endswith('"central perk"')
    assert '"x y"' not in retrieve.fts_query('unbalanced "x y')  # stays word by word
    _insert_chunks(conn, [(1, "we saw overwatch 3 at the cinema with friends and family", ""),
                          (2, "overwatch night, 3 hours", "")])  # shorter: wins on the words alone
    assert [c for c, _s in retrieve.bm25_channel(conn, "overwatch 3")] == [2, 1]
    assert [c for c, _s in retrieve.bm25_channel(conn, '"overwatch 3"')] == [1, 2]


CJK_NOTES = {
    "beijing.md": "李华今天去北京了。他很喜欢烤鸭。\n",
    "shanghai.md": "王芳在上海学习音乐，每天练习钢琴。\n",
    "tokyo.md": "東京の天気は晴れです。ナギサを聴いた。\n",
    "berlin.md": "Wolfgang plays bass in Berlin.\n",
}


def test_a_chinese_or_japanese_question_finds_its_note_by_bm25(tmp_path, conn, embedder, extractor):
    """FTS5's unicode61 takes a run of CJK characters for one token
    ("李华今天去北京了"), so no word of a Chinese question matched a note
    (only a question spelling a whole run between punctuation did). The
    chunks' CJK bigrams are indexed too (chunks_cjk) and searched for a
    question holding CJK characters."""
    write_notes(tmp_path / "notes", CJK_NOTES)
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)

    def top(question):
        ranked = retrieve.bm25_channel(conn, question)
        path = conn.execute("SELECT d.path FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ?",
                            (ranked[0][0],)).fetchone()[0] if ranked else None
        return path, len(ranked)

    assert top("北京烤鸭") == ("beijing.md", 1)
    assert top("李华去了哪里？") == ("beijing.md", 1)
    assert top("谁在上海学习钢琴？")[0] == "shanghai.md"
    assert top("東京の天気は？")[0] == "tokyo.md"
    assert top("ナギサ")[0] == "tokyo.md"
    assert top("Who plays bass in Berlin?") == ("berlin.md", 1)
    # a question with no CJK character ranks by chunks_fts alone, as before
    q = retrieve.fts_query("Who plays bass in Berlin?")
    assert retrieve.bm25_channel(conn, "Who plays bass in Berlin?") == \
        retrieve.store.bm25_rows(conn, q, RetrievalOptions().header_weight, RetrievalOptions().candidates)
    assert retrieve.cjk_query("Who plays bass?") is None
    assert retrieve.cjk_query("去北京了") == '"去北" OR "北京" OR "京了"'
    # a search through the whole pipeline, and the bigrams go with the note
    result = retrieve.search(conn, "北京烤鸭", embedder=embedder, mode="bm25", k=5)
    assert [r["path"] for r in result.results] == ["beijing.md"]
    (tmp_path / "notes" / "beijing.md").unlink()
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    assert retrieve.bm25_channel(conn, "北京烤鸭") == []
    assert conn.execute("SELECT count(*) FROM chunks_cjk_docsize").fetchone()[0] == \
        conn.execute("SELECT count(*) FROM chunks").fetchone()[0]


def test_zero_width_characters_inside_words_split_no_word_for_bm25(tmp_path, conn, embedder, extractor):
    """FTS5 took each zero width character pasted inside a name for a word
    break: "Li\u200bHua" was indexed as the words li and hua, so the
    question "LiHua" did not find that note by BM25, nor "Li\u200bHua" the
    note typing LiHua (the extractor and the grounding already read both as
    LiHua). BM25 now reads the chunks (chunks.bm25_text) and the question
    without them, the non-joiner and joiner kept where they shape a word
    (Persian, Hindi) or an emoji; what is stored and shown stays as written."""
    notes = {"pasted.md": "Li\u200bHua met Rosa\u2060Diaz at the Harbor Hall.\n",
             "typed.md": "\ufeffWangFang rowed across the lake with Berta.\n",
             "persian.md": "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 a coffee.\n",
             "emoji.md": "The cook \U0001f469\u200d\U0001f373 baked bread.\n",
             "beijing.md": "\u674e\u534e\u53bb\u5317\u200b\u4eac\u4e86\u3002\n"}
    write_notes(tmp_path / "notes", notes)
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)

    def found(question):
        return [conn.execute("SELECT d.path FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ?",
                             (cid,)).fetchone()[0] for cid, _s in retrieve.bm25_channel(conn, question)]

    assert found("LiHua") == found("Li\u200bHua") == found("li\u2060hua") == ["pasted.md"]
    assert found("RosaDiaz") == ["pasted.md"]
    assert found("Wang\u200bFang") == found("Wang\u200dFang") == ["typed.md"]
    assert retrieve.fts_query("Who is Li\u200bHua?") == '"lihua"'
    # the Persian non-joiner is kept, a word break to FTS5 as before; so is the emoji's joiner
    assert found("\u062e\u0648\u0627\u0647\u0645") == ["persian.md"]
    assert found("bread") == ["emoji.md"]
    # CJK bigrams read the same way: 北\u200b京 is 北京
    assert found("\u5317\u4eac") == ["beijing.md"]
    stored = dict(conn.execute("SELECT d.path, c.text || '|' || coalesce(c.bm25_text, '-') FROM chunks c "
                               "JOIN documents d ON d.id = c.document_id"))
    assert stored["pasted.md"] == notes["pasted.md"].strip() + "|LiHua met RosaDiaz at the Harbor Hall."
    assert stored["persian.md"].endswith("|-") and stored["emoji.md"].endswith("|-")  # nothing to drop
    assert retrieve.search(conn, "LiHua", embedder=embedder, mode="bm25", k=3).results[0]["text"] == \
        notes["pasted.md"].strip()  # shown as written
    assert verify_index(conn) == []
    (tmp_path / "notes" / "pasted.md").unlink()
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    assert found("LiHua") == [] and verify_index(conn) == []


NOTES = {
    "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band.\n"
                          "He met Jennifer Moore at Harbor Hall in Berlin.\n",
    "projects/atlas.md": "Project Atlas kickoff with WolfgangSchulz and Jennifer Moore.\n"
                         "Budget review at Harbor Hall next week.\n",
    "journal/20260106.txt": "Time: 20260106_10:00\nLiHua: Lunch with wolfgang schulz, then a rehearsal.\n",
    "garden/soil.md": "compost and mulch keep the soil moist through the dry summer weeks.\n",
}


@pytest.fixture
def synced(tmp_path, conn, embedder, extractor):
    write_notes(tmp_path / "notes", NOTES)
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    return conn


@pytest.mark.parametrize("mode", ["dense", "bm25", "graph", "dense,bm25", "hybrid"])
def test_search_every_mode(synced, embedder, mode):
    res = retrieve.search(synced, "Where did Wolfgang Schulz meet Jennifer Moore?", embedder=embedder,
                          mode=mode, k=5)
    assert res.mode == retrieve.mode_name(retrieve.parse_mode(mode))
    assert res.results, mode
    top = res.results[0]
    assert set(top) >= {"rank", "path", "lines", "score", "text", "channels"}
    assert [r["rank"] for r in res.results] == list(range(1, len(res.results) + 1))
    assert set(top["channels"]) <= {"dense", "bm25", "graph", "time", "date"}
    assert top["path"] in ("people/wolfgang.md", "projects/atlas.md")
    if "graph" in mode or mode == "hybrid":
        assert {s["name"] for s in res.seeds} >= {"Wolfgang Schulz", "Jennifer Moore"}
    d = res.to_dict()
    assert set(d) >= {"query", "mode", "seeds", "results"}


def test_large_index_scans_dense_in_a_thread_with_identical_results(synced, embedder, monkeypatch):
    import threading

    questions = ["Where did Wolfgang Schulz meet Jennifer Moore?", "What did he say on January 6th?",
                 "Did Jennifer Moore call before the Lunch with wolfgang schulz?"]
    inline = [retrieve.search(synced, q, embedder=embedder, k=10).to_dict() for q in questions]
    seen = []
    original = retrieve.dense_ranking

    def spy(conn, vectors, limit, options):
        seen.append((conn, threading.current_thread().name))
        return original(conn, vectors, limit, options)

    monkeypatch.setattr(retrieve, "dense_ranking", spy)  # a spy, not a tunable: the threshold is an option
    parallel = RetrievalOptions(parallel_min_chunks=1)
    threaded = [retrieve.search(synced, q, embedder=embedder, options=parallel).to_dict() for q in questions]
    assert threaded == inline
    assert len(seen) == 3 and {name for _c, name in seen} == {"mrag-dense"}
    sibling = seen[0][0]
    assert sibling is not synced and all(c is sibling for c, _n in seen)  # one sibling, reused
    synced.close()
    with pytest.raises(Exception):  # closed together with its connection
        sibling.execute("SELECT 1")


def test_an_error_in_the_dense_thread_reaches_the_caller(synced, embedder, monkeypatch):
    def broken(conn, vectors, limit, options):
        raise RuntimeError("scan failed")

    monkeypatch.setattr(retrieve, "dense_ranking", broken)
    with pytest.raises(RuntimeError, match="scan failed"):
        retrieve.search(synced, "Where did Wolfgang Schulz meet Jennifer Moore?", embedder=embedder,
                        options=RetrievalOptions(parallel_min_chunks=1))


def test_graph_adds_votes_and_never_removes_hits(synced, embedder):
    q = "Where did Wolfgang Schulz meet Jennifer Moore?"
    text = retrieve.search(synced, q, embedder=embedder, mode="dense,bm25", k=100)
    hybrid = retrieve.search(synced, q, embedder=embedder, mode="hybrid", k=100)
    assert {r["chunk_id"] for r in text.results} <= {r["chunk_id"] for r in hybrid.results}
    voted = [r for r in hybrid.results if "graph" in r["channels"]]
    assert voted and all("graph" in r for r in voted)  # each graph vote is explained
    assert all(r["graph"].get("entities") or r["graph"].get("relation") or r["graph"].get("time")
               for r in voted)


def test_graph_alone_surfaces_chunks_the_text_channels_miss(synced, embedder):
    # "WolfgangSchulz" is one token to FTS5: only the graph knows it is Wolfgang
    res = retrieve.search(synced, "What did Wolfgang do?", embedder=embedder, mode="bm25", k=10)
    assert "projects/atlas.md" not in {r["path"] for r in res.results}
    res = retrieve.search(synced, "What did Wolfgang do?", embedder=embedder, mode="graph", k=10)
    assert "projects/atlas.md" in {r["path"] for r in res.results}


def test_question_without_entities_falls_back_to_text(synced, embedder):
    res = retrieve.search(synced, "how do I keep soil moist in summer?", embedder=embedder, mode="hybrid", k=3)
    assert res.seeds == [] or all(s["via"] == "vector" for s in res.seeds)
    assert res.results[0]["path"] == "garden/soil.md"


def test_date_in_words_finds_the_dated_note(synced, embedder):
    res = retrieve.search(synced, "what happened on January 6th?", embedder=embedder, mode="bm25", k=3)
    assert res.results and res.results[0]["path"] == "journal/20260106.txt"


def test_near_duplicates_move_below_the_rest_of_the_window(conn):
    from minirag_cli import db
    from minirag_cli.store import vectors as store_vectors

    db.ensure_embedder(conn, "test-vectors", 4)
    codec = store_vectors.codec_of(conn)
    rows = {1: [1, 0, 0, 0], 2: [0.99, 0.05, 0, 0], 3: [0, 1, 0, 0], 4: [1, 0, 0, 0], 5: [1, 0, 0, 0]}
    for cid, v in rows.items():
        conn.execute("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, vec_int8(?))", (cid, codec.int8(v)))
    hits = [retrieve.Hit(c, score=1.0 - c / 10) for c in (1, 2, 3, 4, 5)]
    out = retrieve.demote_near_duplicates(conn, hits, window=4)
    assert [h.chunk_id for h in out] == [1, 3, 2, 4, 5]  # 5 is past the window: left where it was
    assert [h.duplicate_of for h in out] == [None, None, 1, 1, None]
    # below the threshold nothing moves
    fresh = [retrieve.Hit(c) for c in (1, 2, 3)]
    assert [h.chunk_id for h in retrieve.demote_near_duplicates(conn, fresh, threshold=0.9999)] == [1, 2, 3]


def test_search_says_which_result_a_near_duplicate_repeats(tmp_path, conn, embedder, extractor):
    notice = "Time: 2026050{}_08:00\nAlice: Your bread from the bakery has been delivered, please pick it up.\n"
    write_notes(tmp_path / "notes", {
        "deliveries/a.txt": notice.format(1), "deliveries/b.txt": notice.format(1),
        # a chat: a speaker opens two lines (heuristic rules 4: else `Name:` lines are labels)
        "chat/bread.txt": "LiHua: the bakery bread was great, rye next time?\nHailey: rye it is, delivered Friday.\n"
                          "LiHua: perfect.\n"})
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    res = retrieve.search(conn, "bakery bread delivered", embedder=embedder, mode="dense,bm25", k=10)
    paths = [r["path"] for r in res.results]
    assert paths[-1].startswith("deliveries/") and paths[0].startswith("deliveries/")
    assert paths[1] == "chat/bread.txt"  # the copy went below the distinct note
    assert res.results[-1]["duplicate_of"] == 1 and "duplicate_of" not in res.results[0]


def test_the_note_a_near_duplicate_copies_is_the_one_kept_on_top(tmp_path, conn, embedder, extractor):
    """Two near-identical notes of equal score were kept in chunk order: `Budget - old.md` (indexed
    first) on top and `Budget.md`, the note it copies, moved down as its repeat. The note whose name
    the other's extends is the original, kept in place; of two unrelated names, the older note."""
    import os

    budget = "# Budget\n\nThe Q4 budget is 18,400 EUR, agreed with Priya Raman on October 28.\n"
    notice = "Time: 20260501_08:00\nAlice: Your bread from the bakery has been delivered, please pick it up.\n"
    root = tmp_path / "notes"
    write_notes(root, {"Budget - old.md": budget, "Budget.md": budget,
                       "deliveries/a.txt": notice, "deliveries/b.txt": notice,
                       "Car.md": "# Car\n\nThe car's service is due in March; the budget for it is 400 EUR.\n"})
    os.utime(root / "deliveries/a.txt", (1_710_000_000, 1_710_000_000))
    os.utime(root / "deliveries/b.txt", (1_700_000_000, 1_700_000_000))  # b is the older
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    res = retrieve.search(conn, "Q4 budget agreed with Priya", embedder=embedder, mode="dense,bm25", k=10)
    paths = [r["path"] for r in res.results]
    assert paths[0] == "Budget.md" and res.results[paths.index("Budget - old.md")]["duplicate_of"] == 1
    res = retrieve.search(conn, "bread delivered from the bakery", embedder=embedder, mode="dense,bm25", k=10)
    paths = [r["path"] for r in res.results]
    assert paths[0] == "deliveries/b.txt" and res.results[paths.index("deliveries/a.txt")]["duplicate_of"] == 1


def test_original_of():
    original_of = retrieve._original_of
    assert original_of(("r", "Budget.md", 2.0), ("r", "Budget 2.md", 1.0), False)
    assert original_of(("r", "x/Budget.md", 2.0), ("r", "x/Budget.sync-conflict-20261103-101112-ABCDEFG.md", 1.0),
                       False)
    assert not original_of(("r", "Budget 2.md", 1.0), ("r", "Budget.md", 2.0), True)  # the copy, though older
    assert not original_of(("r", "Budget.md", 1.0), ("r", "Budgets.md", 2.0), False)  # another word
    assert not original_of(("r", "Budget.md", 1.0), ("r", "y/Budget 2.md", 2.0), False)  # another folder
    assert not original_of(("r", "Budget.md", 1.0), ("r", "Budget 2.txt", 2.0), False)
    assert original_of(("r", "a.md", 1.0), ("r", "b.md", 2.0), True)  # tied: the older
    assert not original_of(("r", "a.md", 1.0), ("r", "b.md", 2.0), False)  # the better score stays
    assert not original_of(("r", "a.md", -1.0), ("r", "b.md", 2.0), True)  # written too recently to tell


def test_date_key_prefixes():
    assert retrieve.date_key_prefixes(['"202605"*', '"20260106"', '"2026101"*', '"2026"*', '"202605"*']) == [
        "date:2026-05", "date:2026-01-06", "date:2026-10-1"]


def test_a_named_period_votes_for_the_notes_dated_in_it(synced, embedder):
    q = "Who had lunch with Wolfgang Schulz on January 6th?"
    res = retrieve.search(synced, q, embedder=embedder, mode="hybrid", k=10)
    dated = {r["path"] for r in res.results if "date" in r["channels"]}
    assert dated == {"journal/20260106.txt"}
    assert all(r["graph"]["date"] == ["2026-01-06"] for r in res.results if "date" in r["channels"])
    assert res.results[0]["path"] == "journal/20260106.txt"
    # the vote comes from the date nodes, not from the words: another month votes for nothing
    other = retrieve.search(synced, q.replace("January", "March"), embedder=embedder, mode="hybrid", k=10)
    assert not any("date" in r["channels"] for r in other.results)
    # a mode without the graph votes for the notes dated that day (datednotes.py: every note of the
    # day is a candidate), and for no other
    text = retrieve.search(synced, q, embedder=embedder, mode="dense,bm25", k=10)
    assert {r["path"] for r in text.results if "date" in r["channels"]} == {"journal/20260106.txt"}
    chunk_ids = [r["chunk_id"] for r in res.results]
    assert graph.dated_chunks(synced, ["date:2026-01"], chunk_ids) == graph.dated_chunks(
        synced, ["date:2026-01-06"], chunk_ids) != []
    assert graph.dated_chunks(synced, ["date:2026-01-07"], chunk_ids) == []


@pytest.mark.parametrize("question, named", [('"Harbor Hall" AND (NEAR* -x:', "harbor hall"),
                                             ("Wolfgang*", "wolfgang"), ("-Berlin", "berlin"), ("a:b OR c", None)])
def test_search_with_fts_syntax_never_errors(synced, embedder, question, named):
    res = retrieve.search(synced, question, embedder=embedder, mode="hybrid", k=3)
    assert [r["rank"] for r in res.results] == list(range(1, len(res.results) + 1)) and len(res.results) <= 3
    assert {r["path"] for r in res.results} <= set(NOTES)
    if named:  # the syntax is text: the word it decorates still finds its note first
        assert named in res.results[0]["text"].lower()


def test_empty_question_is_a_usage_error(synced, embedder):
    with pytest.raises(UsageError):
        retrieve.search(synced, "   ", embedder=embedder)


def test_search_on_an_empty_index(conn, embedder):
    from minirag_cli import db

    db.ensure_embedder(conn, embedder.name, embedder.dim)
    assert retrieve.search(conn, "anything at all?", embedder=embedder, mode="hybrid").results == []


@pytest.mark.parametrize("question, expected", [
    ("Did Li Hua ask Yuriko to play music together before Wolfgang proposed to pause the band?",
     ["Did Li Hua ask Yuriko to play music together", "Wolfgang proposed to pause the band"]),
    ("Did Hailey bake bread after the oven broke down last week?", ["Did Hailey bake bread", "the oven broke down last week"]),
    ("When did Li Hua solve the client's project?", []),  # a question word, not a join
    ("What happened before the trip?", []),  # one side too short to search alone
    ("Who plays bass in the band?", []),
])
def test_question_clauses(question, expected):
    assert retrieve.question_clauses(question) == expected


BAKERY = ("Hailey delivered the fresh sourdough loaf, rye rolls and almond croissants from the bakery "
          "on her morning delivery round; the bakery oven smelled of sourdough.\n")


def test_a_question_joining_two_events_reaches_both_notes(tmp_path, conn, embedder, extractor):
    # one side of the question has many words that several notes share; the
    # other names one note in few words: searched whole, that note sinks
    notes = {f"bakery/{i}.md": BAKERY + "Another round.\n" * i for i in range(5)}
    notes.update({f"garden/{i}.md": f"Watered the tomatoes and the trainer came by on day {i}.\n" for i in range(25)})
    notes["gym/squats.md"] = "The trainer postponed squats.\n"
    write_notes(tmp_path / "notes", notes)
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    q = ("Did Hailey deliver the fresh sourdough loaf, rye rolls and almond croissants from the bakery "
         "before the trainer postponed squats?")

    def rank_of_gym(decompose: bool) -> int:
        res = retrieve.search(conn, q, embedder=embedder, options=RetrievalOptions(mode="bm25", k=20,
                                                                                   decompose=decompose))
        return [r["path"] for r in res.results].index("gym/squats.md") + 1

    assert rank_of_gym(True) <= 2 < rank_of_gym(False)


def _chat(speaker: str, topic_line: str) -> str:
    small_talk = "\n".join(f"{speaker}: line {i} about the weather, the traffic and the weekend plans." for i in range(30))
    return f"Time: 20260204_15:00\nLiHua: Hi!\n{small_talk}\n{speaker}: {topic_line}\n"


def test_document_header_lets_a_later_chunk_match_its_speakers(tmp_path, conn, embedder, extractor):
    # chat exports write speakers as one token (`JenniferMoore:`), and a
    # chunk after the first has neither the date line nor a plain "Jennifer"
    write_notes(tmp_path / "notes", {
        "chat/jennifer.txt": _chat("JenniferMoore", "Kettlebell swings twice a week, that is my advice."),
        "chat/adam.txt": _chat("AdamSmith", "Kettlebell swings hurt my back, never again."),
        **{f"garden/{i}.md": f"Watered the tomatoes on day {i}.\n" for i in range(20)},  # a corpus, for IDF
    })
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    rows = conn.execute("SELECT d.path, c.seq, c.text, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE c.text LIKE '%Kettlebell%'").fetchall()
    assert {r[0] for r in rows} == {"chat/jennifer.txt", "chat/adam.txt"} and all(r[1] > 0 for r in rows)
    for path, _seq, text, header in rows:
        assert header.startswith("Time: 20260204_15:00\n") and "Li Hua" in header
        assert not text.startswith("Time:")  # what users see is the note's own text
    res = retrieve.search(conn, "What did Jennifer say about kettlebell swings?", embedder=embedder, mode="bm25", k=3)
    assert res.results[0]["path"] == "chat/jennifer.txt" and "Kettlebell" in res.results[0]["text"]
    from minirag_cli.integrity import verify_index
    assert verify_index(conn) == []


def test_an_iso_date_in_a_question_matches_the_date_not_a_time(conn):
    """FTS5 splits "2025-07-30" into 2025, 07 and 30 in a note as in the
    question: searched as three words, a chunk with the time 07:30 (and
    "30 minutes", "2025") outranked the note of that day."""
    from minirag_cli.store.search import bm25_rows

    _insert_chunks(conn, [(1, "Standup moved to 07:30. Budget 2025: 30 minutes, 30 people, 2025 plan.", ""),
                          (2, "Dentist 2025-07-30, then lunch with Marta.", "")])
    question = "What happened on 2025-07-30?"
    q = retrieve.fts_query(question, retrieve.date_terms(question, ["2025"]))
    assert [cid for cid, _ in bm25_rows(conn, q, 1.0, 10)] == [2]
    assert retrieve.fts_query("the 2025-13-40 build") == '"2025" OR "13" OR "40" OR "build"'  # no date: words


@pytest.mark.parametrize("question", ["What did I do on May 3rd?", "what about 3 May", "the 3rd of May, 2024?"])
def test_a_day_in_words_is_searched_as_that_day_not_as_the_month_word(conn, question):
    """The month word of a day in words ("May 3rd") matched every note that
    says May (or "may"), which outranked the note of that day; the day is
    its date and the phrases a note writes it in (text.day_phrases), so a
    note saying "May 3" or "3rd of May" in its text is found too."""
    from minirag_cli.store.search import bm25_rows

    _insert_chunks(conn, [(1, "May is the month the roses open. May rain, May sun: in May we may plant.", ""),
                          (2, "Dentist, then lunch with Marta.", "Friday · date: 2024-05-03"),
                          (3, "The parcel came on May 3 at noon.", ""),
                          (4, "Book club meets on the 3rd of May.", ""),
                          (5, "The parcel came on May 30, the book club on 13 May.", "")])
    q = retrieve.fts_query(question, retrieve.date_terms(question, ["2024"]))
    assert sorted(cid for cid, _ in bm25_rows(conn, q, 2.0, 10)) == [2, 3, 4]


@pytest.mark.parametrize("question", ["What happened on 30 July 2025?", "what happened on July 30th, 2025",
                                      "what did I do on the 30th of July?"])
def test_a_day_in_words_in_a_question_matches_the_iso_date_of_a_note(conn, question):
    """A day the question writes in words is also the phrase of its ISO
    date's numbers (text.date_terms): a note or header that holds
    `2025-07-30` (a daily note's `date: 2025-07-30`, store.note_head) is
    found by it; its yyyymmdd term alone matched no such note."""
    from minirag_cli.store.search import bm25_rows

    _insert_chunks(conn, [(1, "Standup moved to 07:30. Budget 2025: 30 minutes, 30 people, 2025 plan, July.", ""),
                          (2, "Dentist, then lunch with Marta.", "Friday · date: 2025-07-30")])
    q = retrieve.fts_query(question, retrieve.date_terms(question, ["2025"]))
    assert [cid for cid, _ in bm25_rows(conn, q, 2.0, 10)][:1] == [2]


def test_a_word_with_ss_finds_the_note_writing_it_with_sharp_s_and_back(conn):
    """FTS5's unicode61 folds ü to u but keeps ß: a German note's
    `Straßenbahnhaltestelle` was not found by `Strassenbahnhaltestelle`, as a
    Swiss writer, an English keyboard or an old spelling types it (`mrag ask
    Strassenbahnhaltestelle --mode bm25`: no results), nor a note writing
    `Fussnoten` by `Fußnoten`. Each word is searched in the other spelling too;
    an English word's variant (`class`, `claß`) matches no note."""
    _insert_chunks(conn, [(1, "Warten an der Straßenbahnhaltestelle in Göttingen", ""),
                          (2, "Die Fussnoten sind länger als der Text", ""),
                          (3, "the class met at the bus stop", "")])

    def found(question):
        return [c for c, _s in retrieve.bm25_channel(conn, question)]

    assert found("Strassenbahnhaltestelle") == found("Straßenbahnhaltestelle") == [1]
    assert found("STRASSENBAHNHALTESTELLE") == [1]
    assert found("Fußnoten") == found("Fussnoten") == [2]
    assert found("Muller Gottingen") == [1]  # accents were folded already
    assert found("class") == [3]
    # an English question's chunks and scores are those its words alone give
    assert retrieve.bm25_channel(conn, "class") == retrieve.store.bm25_rows(
        conn, '"class"', RetrievalOptions().header_weight, RetrievalOptions().candidates)
    assert retrieve.fts_query("Fußnoten, Müller?") == '"fußnoten" OR "müller" OR "fussnoten"'
    assert retrieve.sharp_s_variant("schlossstrasse") == "schloßstraße"
    assert retrieve.sharp_s_variant("weber") is None


def test_one_long_note_holding_the_words_everywhere_leaves_room_for_the_other_notes(tmp_path, conn, embedder,
                                                                                    extractor):
    # a pasted log of dozens of chunks, each holding the error many times: BM25
    # and dense ranked its chunks above the two short notes that name the
    # error once, and with 10 candidates a channel held the log alone
    line = "ConnectionResetError: [Errno 104] Connection reset by peer in worker pool\n"
    notes = {"logs/worker.md": "# Worker log\n\n" + "".join(f"{i:04d} {line}" for i in range(600)),
             "daily/2026-11-28.md": "# 2026-11-28\n\nCheckout failed with ConnectionResetError: [Errno 104] "
                                    "after the deploy; rolled back at noon.\n",
             "projects/PAY-1423.md": "# PAY-1423 duplicate charges\n\nRetries after ConnectionResetError "
                                     "charged customers twice.\n"}
    for i in range(10):
        notes[f"misc/{i}.md"] = f"# Note {i}\n\nNothing about errors here, only tomatoes and bread {i}.\n"
    write_notes(tmp_path / "notes", notes)
    sync_folders(conn, [tmp_path / "notes"], embedder=embedder, extractor=extractor)
    log_chunks = conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                              "WHERE d.path = 'logs/worker.md'").fetchone()[0]
    assert log_chunks > 20
    o = RetrievalOptions(candidates=10, k=10)
    for mode in ("bm25", "dense", "dense,bm25", "hybrid"):
        res = retrieve.search(conn, "ConnectionResetError: [Errno 104]", embedder=embedder,
                              options=o.replace(mode=mode))
        paths = [r["path"] for r in res.results]
        assert {"daily/2026-11-28.md", "projects/PAY-1423.md"} <= set(paths), (mode, paths)
        # each channel brings at most note_candidates chunks of the log (the fused list is not capped)
        assert paths.count("logs/worker.md") <= o.note_candidates * len(retrieve.parse_mode(mode)), (mode, paths)
    # each channel's candidates hold at most note_candidates chunks of one note
    bm25 = retrieve.bm25_channel(conn, "ConnectionResetError: [Errno 104]", o)
    vector = embedder.embed(["ConnectionResetError: [Errno 104]"])[0]
    for ranked in (bm25, retrieve.dense_ranking(conn, [vector], o.candidates, o)[0]):
        docs = retrieve.store.per_document_rows(conn, ranked, 10 ** 6)
        assert len(docs) == len(ranked)
        of_log = conn.execute("SELECT count(*) FROM json_each(?) j JOIN chunks c ON c.id = j.value JOIN documents d "
                              "ON d.id = c.document_id WHERE d.path = 'logs/worker.md'",
                              (str([c for c, _s in ranked]),)).fetchone()[0]
        assert of_log == o.note_candidates
    # a pool of the log alone (note_fetch 1: its 10 best chunks) is capped in SQL: the other notes still come
    few = {c for c, _s in retrieve.bm25_channel(conn, "ConnectionResetError: [Errno 104]", o.replace(note_fetch=1))}
    assert few == {c for c, _s in bm25}


def test_a_search_reads_the_section_of_each_chunk_once(monkeypatch):
    # the date channel's steps ask the note of mostly the same chunks (_sections): the index is asked each chunk once,
    # one it no longer holds (99) too, and every step gets the chunks it asked of that the index holds
    asked = []

    def section_of_chunks(conn, ids):
        asked.extend(ids)
        return {c: (c // 10, f"head {c // 10}") for c in ids if c != 99}

    monkeypatch.setattr(retrieve.store, "section_of_chunks", section_of_chunks)
    s = retrieve._Search("conn", "q", ("dense", "bm25"), RetrievalOptions(), None)
    assert retrieve._notes_of(s, [11, 12, 99, 11]) == {11: 1, 12: 1}
    assert retrieve._sections(s, iter([12, 21, 99, 21])) == {12: (1, "head 1"), 21: (2, "head 2")}
    assert retrieve._notes_of(s, []) == {}
    assert sorted(asked) == [11, 12, 21, 99]


def test_a_chunk_one_channel_brings_keeps_its_score_in_a_channel_whose_cap_left_it_out():
    # dense kept three other chunks of chunk 7's note; BM25 brought chunk 7:
    # its cosine (dense's pool) still counts in fusion, chunk 8 (nobody's candidate) gets none
    s = retrieve._Search(None, "q", ("dense", "bm25"), RetrievalOptions(), None)
    s.rankings = {"dense": [(1, 0.9), (2, 0.8), (3, 0.7)], "bm25": [(7, 5.0), (1, 2.0)]}
    s.pools = {"dense": [(1, 0.9), (2, 0.8), (3, 0.7), (7, 0.65), (8, 0.6)], "bm25": [(7, 5.0), (1, 2.0)]}
    scores = retrieve._pool_scores(s)
    assert dict(scores["dense"]) == {1: 0.9, 2: 0.8, 3: 0.7, 7: 0.65}
    assert scores["bm25"] == s.rankings["bm25"]
    fused = retrieve.score_fuse(scores, ranks=s.rankings)
    assert "dense" in next(h for h in fused if h.chunk_id == 7).channels
