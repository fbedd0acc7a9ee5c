"""`mrag eval`: metrics on hand-computed cases, golden-file validation with line
numbers, the evaluation loop over the real retrieve.search (tmp index, real
sqlite-vec, HashingEmbedder), and the CLI as a user runs it (subprocess)."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from minirag_cli import evaluate as ev
from minirag_cli import retrieve
from minirag_cli.config import effective
from minirag_cli.index import Index
from mrag_test_plugin import hashing_embedder
from minirag_cli.errors import GoldenFileError, UsageError
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes

# --------------------------------------------------------------------------- metrics


def test_document_rank_is_rank_of_best_chunk():
    # chunks of a.md at ranks 1 and 3, b.md at 2 and 5, c.md at 4
    assert ev.document_ranking(["a", "b", "a", "c", "b"]) == ["a", "b", "c"]


def test_multi_evidence_recall_hit_and_rr():
    ranked = ["x", "a", "y", "b"]
    expected = ["a", "b", "c"]
    assert ev.recall_at_k(ranked, expected, 1) == 0.0
    assert ev.recall_at_k(ranked, expected, 2) == pytest.approx(1 / 3)
    assert ev.recall_at_k(ranked, expected, 4) == pytest.approx(2 / 3)
    assert ev.hit_at_k(ranked, expected, 1) == 0.0
    assert ev.hit_at_k(ranked, expected, 2) == 1.0
    assert ev.reciprocal_rank(ranked, expected) == 0.5


def test_duplicate_expected_paths_count_once():
    assert ev.recall_at_k(["a"], ["a", "a", "b"], 1) == 0.5
    q = ev.parse_golden_lines(['{"query": "q", "expected": ["a.md", "./a.md", "b.md", "a.md"]}'])[0]
    assert q.expected == ("a.md", "b.md")


def test_k_larger_than_results():
    assert ev.recall_at_k(["a"], ["a", "b"], 10) == 0.5
    assert ev.hit_at_k(["a"], ["a", "b"], 10) == 1.0
    assert ev.recall_at_k([], ["a"], 10) == 0.0
    assert ev.reciprocal_rank([], ["a"]) == 0.0


def test_ties_keep_the_order_search_gave():
    # two chunks of the same document tie: the document appears once, at the first
    ranked = ev.document_ranking(["b", "a", "a", "c"])
    assert ev.expected_ranks(ranked, ["a", "c", "z"]) == {"a": 2, "c": 3, "z": None}
    assert ev.reciprocal_rank(ranked, ["a", "c"]) == 0.5


def test_rr_cut_off_at_largest_k():
    m = ev.question_metrics(["x", "y", "a"], ["a"], ks=(1, 2))
    assert m == {"recall@1": 0.0, "hit@1": 0.0, "recall@2": 0.0, "hit@2": 0.0, "mrr": 0.0}
    assert ev.question_metrics(["x", "y", "a"], ["a"], ks=(3,))["mrr"] == pytest.approx(1 / 3)


def test_recall_of_unanswerable_is_undefined():
    with pytest.raises(ValueError):
        ev.recall_at_k(["a"], [], 5)


def test_aggregate_groups_overall_and_unanswerable():
    ks = (1,)
    rows = [
        ("single", ev.question_metrics(["a"], ["a"], ks)),  # recall 1, rr 1
        ("single", ev.question_metrics(["x", "a"], ["a"], ks)),  # recall@1 0, rr 0 (cut-off 1)
        ("multi", ev.question_metrics(["a", "b"], ["a", "c"], ks)),  # recall@1 0.5, hit 1, rr 1
        ("unanswerable", None),
        ("unanswerable", None),
    ]
    out = ev.aggregate(rows, ks)
    assert list(out) == ["overall", "multi", "single", "unanswerable"]
    assert out["single"] == {"n": 2, "recall@1": 0.5, "hit@1": 0.5, "mrr": 0.5}
    assert out["multi"] == {"n": 1, "recall@1": 0.5, "hit@1": 1.0, "mrr": 1.0}
    assert out["overall"] == {"n": 3, "recall@1": 0.5, "hit@1": pytest.approx(0.6667), "mrr": pytest.approx(0.6667)}
    assert out["unanswerable"] == {"n": 2}


def test_thresholds():
    ks = (1, 10)
    assert ev.parse_threshold("Recall@10=0.9", ks) == ("recall@10", 0.9)
    assert ev.parse_threshold("mrr=0.5", ks) == ("mrr", 0.5)
    for bad in ("recall@5=0.9", "recall@10", "recall@10=x", "mrr=2"):
        with pytest.raises(UsageError):
            ev.parse_threshold(bad, ks)
    report = {"modes": {"dense": {"overall": {"n": 1, "recall@10": 0.8, "mrr": 0.7}},
                        "bm25": {"overall": {"n": 1, "recall@10": 0.95, "mrr": 0.9}}}}
    assert ev.threshold_failures(report, [("recall@10", 0.9)]) == ["dense: recall@10 0.8000 < 0.9"]
    assert ev.threshold_failures(report, [("recall@10", 0.8), ("mrr", 0.7)]) == []


def test_parse_ks():
    assert ev.parse_ks("20, 1,5,5") == (1, 5, 20)
    for bad in ("", "0", "a,5"):
        with pytest.raises(UsageError):
            ev.parse_ks(bad)


# --------------------------------------------------------------------------- golden files


def test_bad_lines_reported_with_line_numbers():
    lines = [
        '{"id": "ok", "query": "fine", "expected": []}',
        "",  # blank lines are allowed
        "{not json",
        '{"expected": ["a.md"]}',
        '["a", "list"]',
        '{"query": "q", "expected": "a.md"}',
        '{"query": "q"}',
        '{"query": "q", "expected": [], "type": 3}',
        '{"id": "ok", "query": "again", "expected": []}',
        '{"query": " ?! ", "expected": ["a.md"]}',  # search refuses it: found here, not mid-run
        '{"query": "\U0001f35c?", "expected": ["a.md"]}',  # an emoji names a thing
    ]
    with pytest.raises(GoldenFileError) as exc:
        ev.parse_golden_lines(lines, "g.jsonl")
    msg = str(exc.value)
    assert "8 bad line(s)" in msg
    for lineno, words in [(3, "not valid JSON"), (4, 'missing "query"'), (5, "JSON object"),
                          (6, '"expected" must be a list'), (7, 'missing "expected"'), (8, '"type"'),
                          (9, "duplicate id 'ok' (first on line 1)"),
                          (10, "holds no word, only punctuation ('?!')")]:
        assert f"line {lineno}: " in msg and words in msg
    assert "line 11:" not in msg


def test_empty_golden_file_is_an_error(tmp_path):
    p = tmp_path / "g.jsonl"
    p.write_text("\n\n", encoding="utf-8")
    with pytest.raises(GoldenFileError, match="no questions"):
        ev.load_golden(p)
    with pytest.raises(GoldenFileError, match="does not exist"):
        ev.load_golden(tmp_path / "missing.jsonl")


def test_groups_of_questions():
    qs = ev.parse_golden_lines([
        '{"query": "a", "expected": ["x.md"], "type": "multi"}',
        '{"query": "b", "expected": ["x.md"]}',
        '{"query": "c", "expected": [], "type": "null"}',
    ])
    assert [q.group for q in qs] == ["multi", "untyped", "unanswerable"]
    assert [q.id for q in qs] == ["line1", "line2", "line3"]


# --------------------------------------------------------------------------- evaluate on a real index

NOTES = {
    "heron/buoy.md": "The HeronBoard uses an ESP32 microcontroller and a LoRa radio.\n"
                     "The solar panel gives 10 W to the battery pack.\n",
    "heron/storm.md": "Storm Ilse broke the mooring of buoy 2. Jonas found it on Selby Beach.\n",
    "people/jonas.md": "Jonas Berg keeps his sailboat Marlin at berth 14 in Lindenau harbour.\n",
    "cafe.md": "The Kestrel Cafe has an open mic every Thursday. Lotte Brandt owns it.\n",
    "long.md": "\n".join(f"Line {i} about tides, sandbanks and weather at sea." for i in range(80))
               + "\nThe lighthouse keeper's cat is called Anchor.\n",
}
GOLDEN = [
    {"id": "q1", "query": "Which microcontroller is on the HeronBoard?", "expected": ["heron/buoy.md"],
     "type": "single"},
    {"id": "q2", "query": "At which berth does the man who found the buoy on Selby Beach keep Marlin?",
     "expected": ["heron/storm.md", "people/jonas.md"], "type": "multi"},
    {"id": "q3", "query": "What is the lighthouse keeper's cat called?", "expected": ["long.md"], "type": "single"},
    {"id": "q4", "query": "Who won the regatta?", "expected": [], "type": "null"},
    {"id": "q5", "query": "Who owns the Kestrel Cafe?", "expected": ["cafe.md", "gone/missing.md"]},
]


@pytest.fixture
def index(tmp_path, conn, db_path, extractor):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    embedder = hashing_embedder("hashing:32")
    from minirag_cli.sync import SyncOptions

    sync_folders(conn, [root], embedder=embedder, extractor=extractor,
                 options=SyncOptions(chunk_tokens=40, overlap_tokens=5))
    # the embedder comes in through the Index's factory (what tests inject)
    return Index(conn, effective({"db": str(db_path)}), db_path, embedder_factory=lambda name: embedder), embedder


def test_evaluate_uses_search_and_reports_unknown_paths(index):
    idx, embedder = index
    conn = idx.conn
    questions = ev.parse_golden_lines([json.dumps(g) for g in GOLDEN])
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'long.md'").fetchone()[0] > 3  # the collapse has work to do
    embedder.calls = embedder.texts_embedded = 0
    run = ev.evaluate(idx, questions, modes=["dense", "bm25", "bm25,dense", "hybrid"],
                      ks=(1, 5), with_details=True)
    # one batch for every query that can be scored, reused across modes
    assert (embedder.calls, embedder.texts_embedded) == (1, 5)
    assert list(run.modes) == ["dense", "bm25", "dense,bm25", "hybrid"]
    assert run.unknown_paths == [{"line": 5, "id": "q5", "path": "gone/missing.md"}]
    assert run.excluded == []
    for groups in run.modes.values():
        assert groups["overall"]["n"] == 4 and groups["unanswerable"] == {"n": 1}
        assert groups["multi"]["n"] == 1 and groups["single"]["n"] == 2 and groups["untyped"]["n"] == 1
    # the details are exactly what retrieve.search ranks, collapsed to documents
    assert len(run.details) == 5 * 4
    for d in run.details:
        result = retrieve.search(conn, d["query"], embedder=embedder, mode=d["mode"], k=5 * ev.CHUNKS_PER_DOC)
        ranked = ev.document_ranking(r["path"] for r in result.results)
        assert [t["path"] for t in d["top"]] == ranked[:5]
        for e in d["expected"]:
            assert e["rank"] == (ranked.index(e["path"]) + 1 if e["path"] in ranked else None)
        if d["id"] == "q5":
            assert d["unknown"] == ["gone/missing.md"] and [e["path"] for e in d["expected"]] == ["cafe.md"]
    # bm25 finds the exact words of q1 and q3 first
    bm25 = {d["id"]: d for d in run.details if d["mode"] == "bm25"}
    assert bm25["q1"]["expected"][0]["rank"] == 1 and bm25["q3"]["expected"][0]["rank"] == 1


def test_bm25_only_never_embeds(index):
    idx, embedder = index
    questions = ev.parse_golden_lines([json.dumps(g) for g in GOLDEN])
    embedder.calls = 0
    run = ev.evaluate(idx, questions, modes=["bm25"], ks=(10,))
    assert embedder.calls == 0
    assert run.modes["bm25"]["overall"]["recall@10"] > 0


def test_golden_file_saved_with_a_byte_order_mark_and_crlf_loads(tmp_path):
    """A golden file saved by an editor that writes a UTF-8 byte-order mark
    (Notepad) was refused: 'line 1: not valid JSON (Unexpected UTF-8 BOM)'."""
    golden = tmp_path / "g.jsonl"
    golden.write_bytes(b'\xef\xbb\xbf{"id": "a", "query": "q1", "expected": ["a.md"]}\r\n'
                       b'{"id": "b", "query": "q2", "expected": []}\r\n')
    assert [(q.id, q.query) for q in ev.load_golden(golden)] == [("a", "q1"), ("b", "q2")]


def test_question_with_only_unknown_paths_is_excluded_not_scored(index):
    idx, _embedder = index
    questions = ev.parse_golden_lines([
        '{"id": "a", "query": "microcontroller", "expected": ["heron/buoy.md"]}',
        '{"id": "b", "query": "anything", "expected": ["nope.md"]}',
    ])
    run = ev.evaluate(idx, questions, modes=["bm25"], ks=(1,))
    assert run.excluded == [{"line": 2, "id": "b", "query": "anything"}]
    assert run.modes["bm25"]["overall"] == {"n": 1, "recall@1": 1.0, "hit@1": 1.0, "mrr": 1.0}
    only_unknown = ev.parse_golden_lines(['{"query": "x", "expected": ["nope.md"]}'])
    with pytest.raises(GoldenFileError, match="None of the golden set") as refused:
        ev.evaluate(idx, only_unknown, modes=["bm25"])
    # the hint sent to `mrag eval --details` (nothing is written: the run stops) and to
    # "the documents in `mrag status`" (status lists none); it shows a path of each side
    hint = refused.value.hint
    assert "mrag status" not in hint and "--details" not in hint
    assert "line 1 expects 'nope.md', and the index holds paths such as 'cafe.md'" in hint, hint


def test_a_golden_path_names_a_file_whose_name_is_decomposed(tmp_path, conn, extractor):
    """macOS writes a file name decomposed (NFD: "Ae\u0308lys Varro.md"); a
    golden line typed in an editor holds it composed ("A\u00eblys Varro.md"):
    the same name to the eye, and to `mrag show`, but eval called it unknown
    ("None of the golden set's expected paths is in the index ... expects
    'A\u00eblys Varro.md', and the index holds paths such as 'Ae\u0308lys
    Varro.md'")."""
    import unicodedata

    root = tmp_path / "vault"
    nfd = unicodedata.normalize("NFD", "Characters/A\u00eblys Varro.md")
    write_notes(root, {nfd: "The cartographer draws the map of the sunken coast.\n",
                       "other.md": "Petr Koval burned the porridge.\n"})
    embedder = hashing_embedder("hashing:32")
    sync_folders(conn, [root], embedder=embedder, extractor=extractor)
    idx = Index(conn, effective({}), tmp_path / "x.sqlite", embedder_factory=lambda name: embedder)
    composed = "Characters/A\u00eblys Varro.md"
    full = str(root.resolve()) + "/" + composed
    questions = ev.parse_golden_lines([json.dumps({"id": "a", "query": "cartographer map", "expected": [composed]}),
                                       json.dumps({"id": "b", "query": "sunken coast", "expected": [full]})])
    run = ev.evaluate(idx, questions, modes=["bm25"], ks=(1,))
    assert run.unknown_paths == [] and run.excluded == []
    assert run.modes["bm25"]["overall"] == {"n": 2, "recall@1": 1.0, "hit@1": 1.0, "mrr": 1.0}


def test_same_relative_path_in_two_synced_folders_is_ambiguous_unless_named_by_full_path(
        tmp_path, conn, db_path, extractor, mrag_bin):
    """An index of a/notes and b/notes holds x.md twice; eval keyed documents
    by their relative path alone, so `"expected": ["x.md"]` counted either
    note as the hit (and a full path naming one of them was unknown). A
    relative path held by several roots is now reported as ambiguous and
    left out of scoring; the full path names one note precisely."""
    from minirag_cli.sync import SyncOptions

    root_a, root_b = tmp_path / "a" / "notes", tmp_path / "b" / "notes"
    write_notes(root_a, {"x.md": "The lighthouse keeper polishes the brass lamp every evening.\n",
                         "y.md": "Pelicans nest on the harbour breakwater in spring.\n"})
    write_notes(root_b, {"x.md": "The baker kneads sourdough before dawn on market days.\n"})
    embedder = hashing_embedder("hashing:32")
    sync_folders(conn, [root_a, root_b], embedder=embedder, extractor=extractor,
                 options=SyncOptions(chunk_tokens=40, overlap_tokens=5))
    conn.commit()
    roots = {root for (root,) in conn.execute("SELECT DISTINCT root FROM documents")}
    ra = next(r for r in roots if r.endswith("/a/notes"))
    rb = next(r for r in roots if r.endswith("/b/notes"))
    lamp = "lighthouse keeper brass lamp"
    lines = [json.dumps(g) for g in (
        {"id": "amb", "query": lamp, "expected": ["x.md"]},
        {"id": "in-b", "query": lamp, "expected": [f"{rb}/x.md"]},
        {"id": "in-a", "query": lamp, "expected": [f"{ra}/x.md", "x.md"]},
        {"id": "y", "query": "pelicans breakwater", "expected": ["y.md"]},
    )]
    idx = Index(conn, effective({"db": str(db_path)}), db_path, embedder_factory=lambda name: embedder)
    run = ev.evaluate(idx, ev.parse_golden_lines(lines), modes=["bm25"], ks=(1,), with_details=True)
    assert run.ambiguous_paths == [{"line": 1, "id": "amb", "path": "x.md", "roots": sorted([ra, rb])},
                                   {"line": 3, "id": "in-a", "path": "x.md", "roots": sorted([ra, rb])}]
    assert run.unknown_paths == []
    assert run.excluded == [{"line": 1, "id": "amb", "query": lamp}]
    # a/notes/x.md is first for the lamp: a hit for in-a and y, a miss for in-b
    third = pytest.approx(2 / 3, abs=1e-4)
    assert run.modes["bm25"]["overall"] == {"n": 3, "recall@1": third, "hit@1": third, "mrr": third}
    in_b = next(d for d in run.details if d["id"] == "in-b")
    assert in_b["top"][0]["root"] == ra and in_b["top"][0]["expected"] is False
    assert in_b["expected"] == [{"path": f"{rb}/x.md", "rank": None}]  # no word of the question in it

    golden = tmp_path / "golden.jsonl"
    golden.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--k", "1", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["ambiguous_paths"] == run.ambiguous_paths
    assert "line 1 (amb): x.md is ambiguous: 2 synced folders hold it" in p.stderr


# --------------------------------------------------------------------------- the CLI


@pytest.fixture
def cli_index(index, db_path, tmp_path):
    golden = tmp_path / "golden.jsonl"
    golden.write_text("".join(json.dumps(g) + "\n" for g in GOLDEN), encoding="utf-8")
    index[0].conn.commit()
    return db_path, golden


def run_cli(mrag_bin, db_path, *args):
    return subprocess.run([mrag_bin, "--db", str(db_path), "eval", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def test_cli_json_schema_and_details(mrag_bin, cli_index, tmp_path):
    db_path, golden = cli_index
    details = tmp_path / "out" / "details.jsonl"
    details.parent.mkdir()  # an -o / --details folder is not made (files.check_output)
    p = run_cli(mrag_bin, db_path, golden, "--k", "1,5", "--mode", "bm25", "--mode", "bm25,dense",
                "--json", "--details", details)
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    assert list(report["modes"]) == ["bm25", "dense,bm25"]
    for groups in report["modes"].values():
        assert set(groups) == {"overall", "single", "multi", "untyped", "unanswerable"}
        for name, g in groups.items():
            keys = {"n"} if name == "unanswerable" else {"n", "recall@1", "hit@1", "recall@5", "hit@5", "mrr"}
            assert set(g) == keys
    assert report["k"] == [1, 5] and report["questions"] == 5
    assert report["unknown_paths"] == [{"line": 5, "id": "q5", "path": "gone/missing.md"}]
    assert "line 5 (q5): gone/missing.md is not in the index" in p.stderr
    rows = [json.loads(line) for line in details.read_text().splitlines()]
    assert len(rows) == 5 * 2
    assert {r["mode"] for r in rows} == {"bm25", "dense,bm25"}
    q2 = next(r for r in rows if r["id"] == "q2" and r["mode"] == "bm25")
    assert [e["path"] for e in q2["expected"]] == ["heron/storm.md", "people/jonas.md"]
    assert all(set(t) >= {"rank", "path", "lines", "score", "channels"} for t in q2["top"])


def test_cli_reads_the_golden_set_from_stdin(mrag_bin, cli_index, tmp_path):
    """`mrag eval -` said 'Golden file - does not exist.' (as `mrag ask -`
    reads the question, it now reads the golden set from stdin): the same
    report as from the file, bad lines reported by line number as for a
    file, and a --details file that happens to be named `-` in the current
    folder is not taken for the golden set (which the run would overwrite)."""
    db_path, golden = cli_index
    text = golden.read_text(encoding="utf-8")

    def from_stdin(*args, data):
        return subprocess.run([mrag_bin, "--db", str(db_path), "eval", "-", "--mode", "bm25", "--k", "1,5", *args],
                              capture_output=True, input=data, timeout=120, cwd=tmp_path)

    from_file = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--k", "1,5", "--json")
    piped = from_stdin("--json", data=b"\xef\xbb\xbf" + text.encode())  # a byte order mark first (PowerShell)
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["modes"] == json.loads(from_file.stdout)["modes"]
    assert "eval stdin: 5 questions" in piped.stderr.decode()

    bad = from_stdin(data=(text + 'not json\n{"query": "x"}\n').encode())
    said = bad.stderr.decode()
    assert bad.returncode == 1 and bad.stdout == b"", said
    assert "stdin: 2 bad line(s)" in said and "line 6: not valid JSON" in said, said
    assert 'line 7: missing "expected"' in said and "Traceback" not in said
    assert "not UTF-8" in from_stdin(data=b'{"query": "\xff"}\n').stderr.decode()

    named_dash = tmp_path / "-"
    out = from_stdin("--details", str(named_dash), data=text.encode())
    assert out.returncode == 0, out.stderr
    assert len(named_dash.read_text().splitlines()) == 5


def test_cli_eval_dash_at_a_terminal_says_it_reads_the_golden_set(mrag_bin, cli_index):
    """`mrag eval -` typed at a terminal waited for stdin without a word: it
    looked hung (`mrag ask -` says what it waits for). It says so on stderr;
    the lines typed, then Ctrl-D, are the golden set."""
    import pty
    import select
    import time

    db_path, golden = cli_index
    main, side = pty.openpty()
    proc = subprocess.Popen([mrag_bin, "--db", str(db_path), "eval", "-", "--mode", "bm25", "--json"], stdin=side,
                            stdout=subprocess.PIPE, stderr=side, close_fds=True)
    os.close(side)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"Ctrl-D" not in seen and time.monotonic() < deadline:
            if select.select([main], [], [], 0.2)[0]:
                seen += os.read(main, 4096)
        assert b"reading the golden set from stdin" in seen, seen
        os.write(main, golden.read_text(encoding="utf-8").splitlines()[0].encode() + b"\n")
        os.write(main, b"\x04")  # Ctrl-D at the start of a line: the end of input
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert proc.returncode == 0
    assert json.loads(out)["modes"]["bm25"]["overall"]["n"] == 1


def test_cli_dot_slash_dash_is_the_file_named_dash(mrag_bin, cli_index, tmp_path):
    """`mrag eval ./-` read stdin and `--details ./-` was refused as stdout
    (the hint for a file named - says to write ./-): pathlib reads `./-` as
    `-`. A bare `-` is stdin (golden) or refused (--details); `./-` is the file."""
    db_path, golden = cli_index
    folder = tmp_path / "here"
    folder.mkdir()
    (folder / "-").write_text(golden.read_text(encoding="utf-8"), encoding="utf-8")

    def in_folder(*args):
        return subprocess.run([mrag_bin, "--db", str(db_path), "eval", *args, "--mode", "bm25", "--k", "1,5"],
                              capture_output=True, text=True, input="", timeout=120, cwd=folder)

    read = in_folder("./-", "--json")
    assert read.returncode == 0, read.stderr
    assert "eval ./-: 5 questions" in read.stderr and json.loads(read.stdout)["modes"]
    clash = in_folder("./-", "--details", "./-")
    assert clash.returncode == 2 and "is the golden file" in clash.stderr, clash.stderr
    refused = in_folder(str(golden), "--details", "-")
    assert refused.returncode == 2 and "stdout" in refused.stderr and "./-" in refused.stderr, refused.stderr
    details = in_folder(str(golden), "--details", "./-")
    assert details.returncode == 0, details.stderr
    assert [json.loads(line)["mode"] for line in (folder / "-").read_text().splitlines()] == ["bm25"] * 5


def test_cli_details_that_cannot_be_written_fail_before_the_run(mrag_bin, cli_index, tmp_path):
    """`--details out` onto a folder (or under a file) failed only after the
    whole run (with --answers, every model call), and the report was never
    printed; it now fails first, with one line."""
    db_path, golden = cli_index
    (tmp_path / "afile").write_text("x")
    for target, why in ((tmp_path, "Is a directory"), (tmp_path / "afile" / "d.jsonl", "is not a folder")):
        p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--details", target)
        assert p.returncode == 1 and f"Cannot write --details file {target}: " in p.stderr and why in p.stderr
        assert " × " not in p.stderr and p.stdout == "", p.stderr  # before the run began
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--details", tmp_path)
    assert f"hint: Give a file's name, not a folder's (a file in it: {tmp_path / 'NAME'})." in p.stderr, p.stderr


def test_cli_judge_without_answers_is_a_usage_error(mrag_bin, cli_index, tmp_path):
    """`mrag eval g.jsonl --judge j.gguf` without --answers printed the
    retrieval report as if the judge had been asked for nothing."""
    db_path, golden = cli_index
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--judge", tmp_path / "j.gguf")
    assert p.returncode == 2 and "--answers" in p.stderr and p.stdout == "", p.stderr


def test_cli_model_without_answers_and_seed_without_sample_are_usage_errors(mrag_bin, cli_index, tmp_path):
    """`eval g.jsonl --model m.gguf` without --answers measured the retrieval
    and ignored the model; `--seed 3` without --sample changed nothing. A
    model set by MRAG_MODEL is no mistake: eval runs without loading it."""
    import os

    db_path, golden = cli_index
    for args, says in ((["--model", tmp_path / "m.gguf"], "--model writes the answers of --answers"),
                       (["--seed", "3"], "--seed is the random seed of --sample")):
        p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", *args)
        assert p.returncode == 2 and says in p.stderr and "hint:" in p.stderr and p.stdout == "", p.stderr
    env = {**os.environ, "MRAG_MODEL": str(tmp_path / "m.gguf")}
    p = subprocess.run([mrag_bin, "--db", str(db_path), "eval", str(golden), "--mode", "bm25", "--json",
                        "--sample", "2", "--seed", "3"], capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == 0 and list(json.loads(p.stdout)["modes"]) == ["bm25"], p.stderr


def test_cli_table_has_modes_as_columns(mrag_bin, cli_index):
    db_path, golden = cli_index
    p = run_cli(mrag_bin, db_path, golden, "--mode", "dense", "--mode", "bm25")
    assert p.returncode == 0, p.stderr
    header = next(line for line in p.stdout.splitlines() if "metric" in line)
    assert "dense" in header and "bm25" in header
    assert "recall@10" in p.stdout and "unanswerable" in p.stdout


def test_cli_a_mode_named_twice_is_run_and_counted_once(mrag_bin, cli_index):
    """`--mode bm25 --mode bm25` (or dense,bm25 and bm25,dense) printed one
    column under a header of '2 mode(s)' on stderr."""
    db_path, golden = cli_index
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--mode", "bm25", "--mode", "dense,bm25",
                "--mode", "bm25,dense", "--json")
    assert p.returncode == 0, p.stderr
    assert list(json.loads(p.stdout)["modes"]) == ["bm25", "dense,bm25"]
    assert "× 2 modes" in p.stderr, p.stderr


def test_cli_help_says_eval_in_one_sentence(mrag_bin):
    """`mrag --help` and `mrag eval --help` broke the line before '--answers'
    (a docstring line starting with a dash is a list item to the help's
    renderer): 'Measure retrieval ... and, with' then '--answers, the answers...'."""
    import os

    for args in (["--help"], ["eval", "--help"]):
        p = subprocess.run([mrag_bin, *args], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "COLUMNS": "250", "NO_COLOR": "1"})
        assert p.returncode == 0, p.stderr
        assert "MRR) and, with --answers, the answers a model writes from it." in p.stdout, p.stdout


def test_cli_fail_under_exit_code(mrag_bin, cli_index):
    db_path, golden = cli_index
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--fail-under", "recall@1=0.0")
    assert p.returncode == 0, p.stderr
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--mode", "dense", "--fail-under", "recall@10=1.01")
    assert p.returncode == 2 and "between 0 and 1" in p.stderr
    # q2 has two expected documents: recall@1 is at most 0.5 for it
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--k", "1", "--fail-under", "recall@1=1")
    assert p.returncode == 3
    assert "below threshold" in p.stderr and "bm25: recall@1" in p.stderr
    p = run_cli(mrag_bin, db_path, golden, "--fail-under", "recall@7=0.5")
    assert p.returncode == 2 and "unknown metric" in p.stderr


def test_cli_bad_golden_files(mrag_bin, cli_index, tmp_path):
    db_path, golden = cli_index
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"query": "ok", "expected": []}\nnot json\n{"expected": ["a.md"]}\n', encoding="utf-8")
    p = run_cli(mrag_bin, db_path, bad)
    assert p.returncode == 1
    assert "line 2: not valid JSON" in p.stderr and 'line 3: missing "query"' in p.stderr
    assert "Traceback" not in p.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    p = run_cli(mrag_bin, db_path, empty)
    assert p.returncode == 1 and "holds no questions" in p.stderr
    p = run_cli(mrag_bin, db_path, empty.parent / "nope.jsonl")
    assert p.returncode == 1 and "does not exist" in p.stderr
    p = run_cli(mrag_bin, db_path, golden, "--mode", "sparse")
    assert p.returncode in (1, 2) and "Unknown mode" in p.stderr


def test_cli_honours_the_configured_embedding_model(mrag_bin, cli_index, tmp_path):
    """`mrag eval` picks the question embedder as `mrag ask` does (Index.query_embedder):
    a configured embedding_model wins over the index's, and a mismatch is refused."""
    db_path, golden = cli_index
    assert run_cli(mrag_bin, db_path, golden, "--mode", "dense").returncode == 0  # the index's own model
    user = tmp_path / "xdg-config" / "mrag" / "config.toml"
    user.parent.mkdir(parents=True, exist_ok=True)
    user.write_text('embedding_model = "hashing:16"\n')
    p = run_cli(mrag_bin, db_path, golden, "--mode", "dense")
    assert p.returncode == 1 and "hashing:16" in p.stderr and "hashing:32" in p.stderr, p.stderr
    ask = subprocess.run([mrag_bin, "--db", str(db_path), "ask", "buoy", "--no-answer"], capture_output=True,
                         text=True, timeout=120)
    assert ask.returncode == 1 and ask.stderr.splitlines()[0] == p.stderr.splitlines()[-2]
    # the flag wins over the config file, as everywhere
    assert run_cli(mrag_bin, db_path, golden, "--mode", "dense", "--embedding-model", "hashing:32").returncode == 0


def test_index_embedding_model_follows_the_settings(index, db_path, monkeypatch):
    idx, _embedder = index
    assert idx.embedding_model() == "hashing:32"  # nothing configured: the index's model
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:16")
    assert Index(idx.conn, effective({"db": str(db_path)}), db_path).embedding_model() == "hashing:16"


def test_sample_asks_as_many_questions_as_asked_for():
    """`--sample 10` of three equal types asked 9 questions (3.33 rounds to 3
    in each); on the LiHua dev set --sample 13, 23, 32, ... asked one fewer."""
    from minirag_cli.answer_eval import sample_questions

    qs = ev.parse_golden_lines([json.dumps({"query": f"q{i}", "expected": [] if i % 3 == 2 else ["a.md"],
                                            "type": ["single", "multi", None][i % 3]}) for i in range(30)])
    for n in range(3, 30):
        chosen = sample_questions(qs, n, seed=1)
        assert len(chosen) == n, n
        counts = {g: sum(q.group == g for q in chosen) for g in ("single", "multi", "unanswerable")}
        assert max(counts.values()) - min(counts.values()) <= 1, (n, counts)  # still in proportion
    assert sample_questions(qs, 10, seed=1) == sample_questions(qs, 10, seed=1)  # seeded


def test_golden_line_holding_a_unicode_line_separator_is_one_line(tmp_path):
    """JSON allows U+2028, U+0085 and \\f unescaped in a string (json.dumps(...,
    ensure_ascii=False) writes them so): the loader split lines there too and
    reported two bad lines for one good one, and every later line number was off."""
    golden = tmp_path / "g.jsonl"
    lines = [json.dumps({"id": name, "query": f"who said{sep}hello?", "expected": ["a.md"]}, ensure_ascii=False)
             for name, sep in zip("abc", ("\u2028", "\u0085", "\u2029"))]
    lines.append('{"id": "a", "query": "d", "expected": []}')
    golden.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(GoldenFileError) as exc:
        ev.load_golden(golden)
    assert "1 bad line(s)" in str(exc.value) and "line 4: duplicate id 'a' (first on line 1)" in str(exc.value)
    golden.write_text("\n".join(lines[:1]) + "\r\n", encoding="utf-8")
    assert [q.query for q in ev.load_golden(golden)] == ["who said\u2028hello?"]


def test_golden_question_too_long_to_search_is_a_bad_line():
    """A question over the search's 4,000 characters passed the golden file's
    check, and `mrag eval` stopped at it mid-run (after loading the embedder
    and scoring the questions before it) with exit code 2 and no line number."""
    long = json.dumps({"query": "why " * 1001, "expected": ["a.md"]})
    with pytest.raises(GoldenFileError, match=r"line 2: \"query\" is 4,003 characters long; mrag reads up to 4,000"):
        ev.parse_golden_lines(['{"query": "fine", "expected": []}', long])
    assert len(ev.parse_golden_lines([json.dumps({"query": "w" * 4000, "expected": []})])) == 1


def test_a_golden_answer_that_is_no_string_or_number_is_a_bad_line():
    """`"answer": true` was scored as the text "True" (a content gold), so
    the answer "Yes." to a yes/no question was wrong ("0/1 content words"),
    and a list as its Python spelling "['Tom', 'Baker']"; neither was
    reported. A number is a gold as its digits."""
    lines = ['{"query": "Is Greta moving to Lisbon?", "expected": ["g.md"], "answer": true}',
             '{"query": "Who owns it?", "expected": ["t.md"], "answer": ["Tom", "Baker"]}',
             '{"query": "Which?", "expected": ["t.md"], "answer": {"a": 1}}',
             '{"query": "How many invoices?", "expected": ["l.md"], "answer": 412}',
             '{"query": "Unanswerable?", "expected": [], "answer": null}']
    with pytest.raises(GoldenFileError) as exc:
        ev.parse_golden_lines(lines)
    msg = str(exc.value)
    assert "3 bad line(s)" in msg
    assert 'line 1: "answer" must be a string: write "Yes", not true' in msg
    assert 'line 2: "answer" must be a string or a number' in msg and "line 3: " in msg
    assert [q.answer for q in ev.parse_golden_lines(lines[3:])] == [412, None]


def test_type_unanswerable_with_expected_paths_is_a_bad_line():
    """`"type": "unanswerable"` on a question with expected paths put its
    recall into the `unanswerable` row, which then held figures beside `n`,
    and with a real unanswerable question (expected: []) in the file that row
    was replaced by {n} alone: the question's figures showed nowhere but in overall."""
    lines = ['{"query": "a", "expected": ["x.md"], "type": "unanswerable"}',
             '{"query": "b", "expected": [], "type": "unanswerable"}']
    with pytest.raises(GoldenFileError, match=r"line 1: \"type\" 'unanswerable' is the group of questions with"):
        ev.parse_golden_lines(lines)
    assert [q.group for q in ev.parse_golden_lines(lines[1:])] == ["unanswerable"]


def test_cli_answers_without_a_usable_model_or_judge_fail_before_the_run(mrag_bin, cli_index, tmp_path):
    """`eval --answers` with no model, a model file that is missing or cut
    short, or a missing --judge file ran the whole retrieval first (12 s on
    the LiHua dev set) and only then failed; the judge's hint said to pass
    --model."""
    import os

    from tests.test_llm_extract import SMOL

    db_path, golden = cli_index
    cut = tmp_path / "cut.gguf"
    with open(SMOL, "rb") as fh:
        cut.write_bytes(fh.read(3_000_000))
    env = {k: v for k, v in os.environ.items() if k != "MRAG_MODEL"}
    for model, args, says in ((None, [], "--answers needs a model"),
                              (tmp_path / "gone.gguf", [], "gone.gguf does not exist"),
                              (cut, [], "cut.gguf is truncated"),
                              (SMOL, ["--judge", tmp_path / "j.gguf"], "Check the --judge path")):
        p = subprocess.run([mrag_bin, "--db", str(db_path), "eval", str(golden), "--mode", "bm25", "--json",
                            "--answers", *map(str, args)], capture_output=True, text=True, timeout=120,
                           env={**env, **({"MRAG_MODEL": str(model)} if model else {})})
        assert p.returncode in (1, 2) and says in p.stderr and p.stdout == "", (model, p.stderr)
        assert " × " not in p.stderr, p.stderr  # before the run began


def test_cli_answers_warns_about_questions_with_no_gold_answer(mrag_bin, cli_index):
    """`eval --answers` on a golden set with no `answer` fields (one written
    for retrieval) reported "0 questions" and nothing on why: the questions
    it leaves out are now named on stderr before the model is asked anything."""
    import os

    from tests.test_llm_extract import SMOL

    db_path, golden = cli_index
    p = subprocess.run([mrag_bin, "--db", str(db_path), "eval", str(golden), "--mode", "bm25", "--json",
                        "--answers", "--model", str(SMOL)], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "MRAG_THREADS": "1"})
    assert p.returncode == 0, p.stderr
    assert ('4 of 5 questions have expected paths but no "answer" to score against and are left out of '
            '--answers (lines 1, 2, 3, 5)') in " ".join(p.stderr.split()), p.stderr
    assert json.loads(p.stdout)["answers"]["questions"] == 1  # the unanswerable one (expected: [])


def test_cli_answers_with_no_question_to_score_is_a_usage_error(mrag_bin, cli_index, tmp_path):
    """`eval --answers` on a golden set none of whose questions has an
    `answer` (nor is unanswerable) loaded the model, answered nothing and
    exited 0 with an answers report of 0 questions: a flag that does nothing,
    found before the model is loaded now."""
    db_path, _ = cli_index
    golden = tmp_path / "retrieval-only.jsonl"
    golden.write_text("".join(json.dumps(g) + "\n" for g in GOLDEN if g["expected"]), encoding="utf-8")
    p = run_cli(mrag_bin, db_path, golden, "--answers", "--model", tmp_path / "not-loaded.gguf")
    assert p.returncode == 2 and p.stdout == "", p.stderr
    assert "none of the 4 questions has one" in p.stderr and "leave --answers out" in p.stderr, p.stderr
    assert "not-loaded.gguf" not in p.stderr  # refused before the model is looked at


def test_cli_details_onto_the_golden_file_is_refused(mrag_bin, cli_index, tmp_path):
    """`mrag eval g.jsonl --details g.jsonl` ran, then replaced the golden set
    with the per-question details: the questions were lost."""
    db_path, golden = cli_index
    before = golden.read_text(encoding="utf-8")
    (tmp_path / "link.jsonl").symlink_to(golden)
    for target in (golden, tmp_path / "." / golden.name, tmp_path / "link.jsonl"):
        p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--details", target)
        assert p.returncode == 2 and "is the golden file" in p.stderr and p.stdout == "", p.stderr
        assert golden.read_text(encoding="utf-8") == before


class _FakeLLM:
    """Answers every question the same way, streamed as llama-cpp-python does."""

    def create_chat_completion(self, messages, stream=False, **kw):
        yield {"choices": [{"delta": {"content": "The HeronBoard runs an RP2040 [1]."}}]}


def test_cli_answers_json_names_the_mode_the_answers_used(cli_index, tmp_path, monkeypatch):
    """`eval --answers --json` said which model and prompt wrote the answers
    but not which retrieval mode found their sources (the first --mode), which
    the retrieval part states: two runs with different modes read alike. The
    answers' report now has `mode`, named as the retrieval's `modes` key."""
    from typer.testing import CliRunner

    from minirag_cli.app import Seams
    from minirag_cli.cli import app

    db_path, _ = cli_index
    golden = tmp_path / "answers.jsonl"
    golden.write_text(json.dumps({"query": "Which microcontroller is on the HeronBoard?", "expected": ["heron/buoy.md"],
                                  "answer": "RP2040"}) + "\n", encoding="utf-8")
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    monkeypatch.delenv("MRAG_MODEL", raising=False)
    for modes, used in (([], "hybrid"), (["--mode", "bm25,dense", "--mode", "bm25"], "dense,bm25")):
        result = CliRunner().invoke(app, ["--db", str(db_path), "eval", str(golden), "--answers", "--json",
                                          "--model", str(model), *modes],
                                    obj=Seams(llm=_FakeLLM(), llm_name="fake.gguf"))
        assert result.exit_code == 0, (result.output, result.exception)
        report = json.loads(result.stdout)
        assert report["answers"]["mode"] == used and used in report["modes"], report["answers"]
        assert report["answers"]["questions"] == 1
        if used == "dense,bm25":  # the table says it too
            table = CliRunner().invoke(app, ["--db", str(db_path), "eval", str(golden), "--answers", "--model",
                                             str(model), *modes], obj=Seams(llm=_FakeLLM(), llm_name="fake.gguf"))
            assert "mode dense,bm25" in " ".join(table.stdout.split()), table.stdout


def test_unknown_keys_of_a_golden_line_are_named_with_the_key_they_likely_mean():
    """`"Type": "single"` grouped its question as untyped and `"anwser"` left it
    unscored without a word: eval reads only GOLDEN_KEYS, so the others are named."""
    qs = ev.parse_golden_lines([
        '{"id": "a", "query": "q1", "expected": ["a.md"], "Type": "single", "source": "wiki"}',
        '{"id": "b", "query": "q2", "expected": [], "anwser": "No", "source": 2}',
        '{"id": "c", "query": "q3", "expected": ["b.md"], "type": "multi", "answer": "x"}',
    ])
    assert [q.type for q in qs] == [None, None, "multi"]  # the misspelt key is still not read
    found = {e["key"]: e for e in ev.unknown_keys(qs)}
    assert found == {"Type": {"key": "Type", "lines": [1], "known": "type"},
                     "source": {"key": "source", "lines": [1, 2], "known": None},
                     "anwser": {"key": "anwser", "lines": [2], "known": "answer"}}


def test_cli_warns_about_unknown_golden_keys(mrag_bin, cli_index, tmp_path):
    db_path, _ = cli_index
    golden = tmp_path / "typo.jsonl"
    golden.write_text('{"id": "t", "query": "storm", "expected": ["heron/storm.md"], "Type": "single"}\n',
                      encoding="utf-8")
    p = run_cli(mrag_bin, db_path, golden, "--mode", "bm25", "--k", "1", "--json")
    assert p.returncode == 0, p.stderr
    assert set(json.loads(p.stdout)["modes"]["bm25"]) == {"overall", "untyped"}  # stdout as before
    assert 'key "Type" (line 1) is not read; did you mean "type"?' in p.stderr


def test_eval_table_title_is_one_line_over_one_mode():
    """The title wrapped to the table's width ("mrag eval · 120 questions · MRR"
    / "within top 20") when one mode made the table narrower than it."""
    from rich.console import Console

    from minirag_cli.format import render_eval

    cell = {"n": 120, "recall@5": 0.9, "hit@5": 0.9, "mrr": 0.8}
    report = {"questions": 120, "mrr_cutoff": 20, "k": [5], "modes": {"bm25": {"overall": cell}},
              "unknown_paths": [], "excluded": []}
    console = Console(width=80, record=True)
    render_eval(report, console)
    first = console.export_text().splitlines()[0]
    assert first.strip() == "mrag eval · 120 questions · MRR within top 20"


def test_a_notion_page_exported_anew_is_hinted_at_its_new_ids(capsys):
    """A Notion user re-exports the workspace and replaces the folder: every page and its folder get new
    ids (`Packing list a1b2….md` is now `Packing list 9c8d….md`), so each golden path naming a page is
    "not in the index", with nothing saying where the page went (qa21). The warning now names the page's
    new path, for one page of that title only; it is not scored as it: a golden set scores what it names."""
    from types import SimpleNamespace

    from minirag_cli.format import eval_warnings

    old, new, other = "3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b", "9c8d" * 8, "77aa" * 8
    known = ev.IndexedDocuments([("/n", f"Notion/Trip to Lisbon {new}/Packing list {new}.md"),
                                 ("/n", f"Notion/Trip to Lisbon {new}.md"),
                                 ("/n", f"Notion/Recipes {new}/Soup {new}.md"),
                                 ("/n", f"Notion/Recipes {other}/Soup {other}.md"),
                                 ("/n", "Evernote/Soup.md")])
    questions = ev.parse_golden_lines([json.dumps(q) for q in (
        {"id": "a", "query": "what did I pack?", "expected": [f"Notion/Trip to Lisbon {old}/Packing list {old}.md"]},
        {"id": "b", "query": "soup?", "expected": [f"Notion/Recipes {old}/Soup {old}.md", "Soup.md"]})])
    unknown, ambiguous, _ = ev.check_paths(questions, known)
    assert ambiguous == []
    assert unknown[0] == {"line": 1, "id": "a", "path": f"Notion/Trip to Lisbon {old}/Packing list {old}.md",
                          "now": f"Notion/Trip to Lisbon {new}/Packing list {new}.md"}
    # two pages of that title: no guess; and a path with no Notion id is named by nothing new
    assert [u.get("now") for u in unknown[1:]] == [None, None] and "now" not in unknown[2]
    eval_warnings(SimpleNamespace(unknown_paths=unknown, ambiguous_paths=[]))
    said = " ".join(capsys.readouterr().err.split())
    assert f"the same Notion page is indexed at Notion/Trip to Lisbon {new}/Packing list {new}.md" in said
    assert said.count("the same Notion page") == 1
