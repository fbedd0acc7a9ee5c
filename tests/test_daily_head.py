"""A daily note, whose path in its synced folder is a date (text.file_date:
`2024-05-03.md`, Logseq's `journals/2024_05_03.md`, Dendron's
`daily.journal.2024.05.03.md`, Obsidian's `2024/05/03.md` and
`2024-05-03 Friday.md`), carries that date in every chunk's header as a
front matter date does (store.note_head): `mrag ask 2024-05-03`, "what
did I do on May 3rd 2024?" and "… on May 3rd?" find it first (it held the date in no searched
column: notes that only said "May" outranked it), and its answers are
dated from the header (store.note_heads). A fresh sync, an incremental one,
a rebuild and the re-extraction from older rules write the same headers."""

from __future__ import annotations

import json
import re

import pytest

from minirag_cli import db
from minirag_cli.answer import note_date
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.retrieve import search
from minirag_cli.store import note_heads
from minirag_cli.sync import SyncOptions, rebuild, sync_folders
from tests.conftest import write_notes
from tests.test_heuristic_version import _CachedModel, graph

LAYOUTS = ["2024-05-03.md", "journals/2024_05_03.md", "daily.journal.2024.05.03.md", "2024/05/03.md",
           "2024-05-03 Friday.md"]
DAY = ("# Friday\nDentist in the morning, the filling finally fixed.\n"
       "Lunch with Marta at the harbour, then a long walk along the river.\n"
       "Evening: read two chapters of the novel and watered the tomatoes.\n")
OTHERS = {
    # notes that say "May" (and 2024, 03) without being that day's
    "garden/may.md": "May is the month the roses open. May rain, May sun: in May the garden grows.\n",
    "plans/trip.md": "In May we may visit Porto: the guide covers the May festivals.\n",
    "work/report.md": "Report 2024: quarter 03 numbers, revenue 05 percent up, May targets met.\n",
    **{f"misc/note{i}.md": f"Bought seeds and a watering can on errand number {i}.\n" for i in range(10)},
}
OPTIONS = SyncOptions(chunk_tokens=24, overlap_tokens=6)


def _sync(conn, root, extractor=None):
    return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=extractor or HeuristicExtractor(),
                        options=OPTIONS)


def _vault(tmp_path, layout):
    root = tmp_path / "notes"
    write_notes(root, {layout: DAY, **OTHERS})
    return root


def _headers(conn, path):
    return [h for (h,) in conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                       "WHERE d.path = ? ORDER BY c.seq", (path,))]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_daily_note_is_found_by_its_date(tmp_path, layout):
    root = _vault(tmp_path, layout)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    headers = _headers(conn, layout)
    assert len(headers) >= 2  # every chunk of it, not the first alone
    assert {h.split("\n")[0] for h in headers} == {"# Friday · date: 2024-05-03"}
    # without a year too: "May" in the question's words ranked the notes that say May first
    for q in ("2024-05-03", "what did I do on May 3rd 2024?", "3 May 2024", "what did I do on May 3rd?", "3 May"):
        results = search(conn, q, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
        assert results and results[0]["path"] == layout, (q, [r["path"] for r in results])
    # answers date it from the header, as the path did (answer.note_date)
    ids = [i for (i,) in conn.execute("SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                                      "WHERE d.path = ?", (layout,))]
    assert set(note_heads(conn, ids).values()) == {"date: 2024-05-03"}
    conn.close()


def test_mrag_ask_finds_the_daily_note_by_its_date(tmp_path, mrag_bin):
    import subprocess

    root = _vault(tmp_path, "2024/05/03.md")
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    conn.close()
    out = subprocess.run([mrag_bin, "--db", str(tmp_path / "index.sqlite"), "ask", "2024-05-03", "--mode", "bm25",
                          "--json", "--no-answer"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["results"][0]["path"] == "2024/05/03.md"


def test_front_matter_or_a_dated_first_line_dates_first_and_a_plain_note_is_not_dated(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {
        "2024-05-03.md": "---\ntitle: Dentist\ndate: 2024-05-01 09:00\n---\nThe filling.\n",  # its own date first
        "2024/05/04.md": "---\ntitle: Market\ntags: [food]\n---\nCherries.\n",  # no date in the block: the name's
        # a first line that dates the note already: it heads it, as before (a chat's time kept)
        "journals/2024_05_05.md": "date: 2024-05-05\nA first line that dates the note already.\n",
        "deliveries/20240506.txt": "Time: 20240506_08:38\nAlice: The bread is at the door.\n",
        "plans/may.md": "# May plans\nPorto.\n",  # no daily name: its first line, as before
        "20260204_1500.txt": "Time: 20260204_15:00\nLiHua: a timestamp, no daily name.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    assert _headers(conn, "2024-05-03.md") == ["Dentist · date: 2024-05-01 09:00"]
    assert _headers(conn, "2024/05/04.md") == ["Market · date: 2024-05-04"]
    assert _headers(conn, "journals/2024_05_05.md") == ["date: 2024-05-05"]
    assert _headers(conn, "deliveries/20240506.txt") == ["Time: 20240506_08:38\nAlice"]
    assert _headers(conn, "plans/may.md") == ["# May plans"]
    ids = dict(conn.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id"))
    heads = note_heads(conn, ids.values())
    assert [note_date(heads[ids[p]], p) for p in ("2024-05-03.md", "2024/05/04.md", "deliveries/20240506.txt")] \
        == ["2024-05-01 09:00", "2024-05-04", "2024-05-06 08:38"]
    assert _headers(conn, "20260204_1500.txt") == ["Time: 20260204_15:00\nLi Hua"]
    conn.close()


def test_every_sync_writes_the_same_daily_headers(tmp_path):
    """A fresh sync, an incremental one (the daily notes added to a synced
    folder), a rebuild and the re-extraction from older rules (which reads
    no file: the note's path in the index) give the same headers; the
    llm extractor's sync too."""
    notes = {p: DAY for p in ("2024-05-03.md", "journals/2024_05_04.md", "daily.journal.2024.05.05.md",
                              "2024/05/06.md", "2024-05-07 Tuesday.md")}
    root = tmp_path / "notes"
    write_notes(root, OTHERS)

    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    incremental = db.connect(tmp_path / "incremental.sqlite", create=True)
    _sync(incremental, root)
    write_notes(root, notes)
    _sync(fresh, root)
    _sync(incremental, root)
    headers = graph(fresh)["headers"]
    dated = [h for (_root, path, _seq), h in headers if path in notes]
    assert len(dated) > len(notes) and all(" · date: 2024-05-0" in h.split("\n")[0] for h in dated)
    assert graph(incremental)["headers"] == headers

    rebuilt = db.connect(tmp_path / "rebuilt.sqlite", create=True)
    _sync(rebuilt, root)
    rebuild(rebuilt)
    _sync(rebuilt, root)
    assert graph(rebuilt)["headers"] == headers

    # an index from older rules: the headers without the date, re-extracted from its chunks
    with db.transaction(incremental):
        incremental.executemany("UPDATE chunks SET header = ? WHERE id = ?", [
            (re.sub(r" · date: 2024-05-0\d", "", h), i) for i, h in incremental.execute("SELECT id, header FROM chunks")])
        db.set_meta(incremental, "heuristic_version", "5")
    assert graph(incremental)["headers"] != headers
    s = _sync(incremental, root)
    assert s.reextracted["notes"] == len(notes) + len(OTHERS)
    assert graph(incremental) == graph(fresh)

    llm = db.connect(tmp_path / "llm.sqlite", create=True)
    _sync(llm, root, _CachedModel())
    assert graph(llm)["headers"] == headers
    for c in (fresh, incremental, rebuilt, llm):
        c.close()


@pytest.mark.parametrize("synced,layout", [("journal/2024/05", "03.md"), ("journal/2024", "05/03.md")])
def test_a_daily_folder_synced_below_its_year_is_dated_by_the_folders_above(tmp_path, synced, layout):
    """`journal/2024/05/03.md` is dated by its folders when `journal` is
    synced; a user who syncs `journal/2024/05` (or `journal/2024`) holds
    `03.md` (`05/03.md`), which had no date: the synced folder's own
    folders count (text.dated_path), in a fresh sync and in the
    re-extraction from older rules alike."""
    notes = {f"{synced}/{layout}": DAY, **{f"{synced}/{p}": t for p, t in OTHERS.items()}}
    write_notes(tmp_path / "vault", notes)
    root = tmp_path / "vault" / synced
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    assert {h.split("\n")[0] for h in _headers(conn, layout)} == {"# Friday · date: 2024-05-03"}
    named = conn.execute("SELECT 1 FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON "
                         "c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE d.path = ? AND "
                         "e.key = 'date:2024-05-03'", (layout,)).fetchall()
    assert named  # the note carries its date's entity, as `2024/05/03.md` does
    for q in ("what did I do on May 3rd?", "2024-05-03"):
        results = search(conn, q, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
        assert results and results[0]["path"] == layout, (q, [r["path"] for r in results])
    assert _headers(conn, "garden/may.md") == ["May is the month the roses open. May rain, May sun: in May the garden "
                                               "grows."]  # no daily name: no date however deep
    fresh = graph(conn)
    with db.transaction(conn):
        conn.executemany("UPDATE chunks SET header = ? WHERE id = ?", [
            (re.sub(r" · date: 2024-05-03", "", h), i) for i, h in conn.execute("SELECT id, header FROM chunks")])
        db.set_meta(conn, "heuristic_version", "6")
    assert _sync(conn, root).reextracted["notes"] == len(notes)
    assert graph(conn) == fresh
    conn.close()


def test_answer_sources_date_a_daily_note_by_the_folders_above_its_synced_one():
    """An index whose headers were not rewritten (an llm index the model's
    cache cannot re-extract keeps them) dates a note from its path: the
    synced folder's own folders count there too."""
    from minirag_cli.answer import dated_sources

    results = [{"rank": 1, "chunk_id": 1, "root": "/home/me/journal/2024/05", "path": "03.md", "text": "Dentist."},
               {"rank": 2, "chunk_id": 2, "root": "/home/me/journal/2024", "path": "05/04.md", "text": "Market."},
               {"rank": 3, "chunk_id": 3, "root": "/home/me/notes", "path": "garden/05.md", "text": "Roses."}]
    assert [s["date"] for s in dated_sources(results, {})] == ["2024-05-03", "2024-05-04", ""]


# A note dated by its file name without being a daily note: a Zettelkasten ID (Obsidian's 12 figures,
# Zettlr's 14), a timestamp, a name holding a date. Its header carried no date, so `mrag ask 2026-10-19`
# missed it though the date vote and the answers dated it (answer.note_date, from the file name).
NAME_DATED = [("Data Structures/202610191400 Intro and Big-O.md", "2026-10-19 14:00", "2026-10-19"),
              ("Analysis II/20261117101500 Lagrange multipliers.md", "2026-11-17 10:15", "2026-11-17"),
              ("Study group/Chat 2026-11-10.md", "2026-11-10", "2026-11-10"),
              ("log/20260922_1700.txt", "2026-09-22 17:00", "2026-09-22")]
LECTURE = ("# Lecture one\nThe course opens with asymptotic notation and the cost of loops.\n"
           "Then arrays, their amortised growth and a first look at recursion trees.\n"
           "Homework: the exercises at the end of the chapter, due next week.\n")
OCTOBER = {  # notes that say the numbers of the date (2026, 10, 19, 11, 17...) without being of it
    "plans/semester.md": "Semester 2026: week 10 has the midterm, room 19, exam on day 17 of month 11.\n",
    "misc/budget.md": "Budget 2026: 10 books, 19 pens, 11 folders, 17 euros left, 22 stamps.\n",
    **{f"misc/note{i}.md": f"Bought a notebook and a pen on errand number {i}.\n" for i in range(8)},
}


@pytest.mark.parametrize("path,dated,day", NAME_DATED)
def test_a_note_dated_by_its_file_name_carries_its_date_in_the_header(tmp_path, path, dated, day):
    root = tmp_path / "notes"
    write_notes(root, {path: LECTURE, **OCTOBER})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    headers = _headers(conn, path)
    assert len(headers) >= 2 and {h.split("\n")[0] for h in headers} == {f"# Lecture one · date: {dated}"}
    results = search(conn, day, embedder=HashingEmbedder(dim=32), mode="bm25", k=5).results
    assert results and results[0]["path"] == path, [r["path"] for r in results]
    # dated from the header as from the file name, its time kept
    ids = [i for (i,) in conn.execute("SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                                      "WHERE d.path = ?", (path,))]
    assert {note_date(h, path) for h in note_heads(conn, ids).values()} == {dated}
    assert {note_date(h) for h in note_heads(conn, ids).values()} == {dated}  # the header alone dates it
    conn.close()


def test_the_re_extraction_writes_the_name_dates_into_older_headers(tmp_path):
    """An index synced before: its notes' headers get the date by the
    re-extraction from older rules (heuristic rules 16), as a fresh sync
    writes them."""
    root = tmp_path / "notes"
    write_notes(root, {**{p: LECTURE for p, _d, _day in NAME_DATED}, **OCTOBER})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    _sync(conn, root)
    fresh = graph(conn)
    with db.transaction(conn):
        conn.executemany("UPDATE chunks SET header = ? WHERE id = ?", [
            (re.sub(r" · date: 2026-\d\d-\d\d( \d\d:\d\d)?", "", h), i)
            for i, h in conn.execute("SELECT id, header FROM chunks")])
        db.set_meta(conn, "heuristic_version", "15")
    assert graph(conn)["headers"] != fresh["headers"]
    assert _sync(conn, root).reextracted["notes"] == len(NAME_DATED) + len(OCTOBER)
    assert graph(conn) == fresh
    conn.close()
