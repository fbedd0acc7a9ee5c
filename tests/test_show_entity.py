"""`mrag show` and `mrag entity` on a small synced index: documents from disk
or reassembled from chunks, the chunk holding a line, a chunk by id, their
entities; an entity with aliases, weighted neighbours and the notes that
mention it. Only indexed documents are ever served."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.errors import UsageError
from minirag_cli.cli import app
from minirag_cli.store import entities_list
from minirag_cli.store.lookup import NotFound, get_document, get_entity, reassemble, show
from tests.conftest import write_notes
from tests.kb_fixture import NOTES, build_small_index
from tests.test_bad_input import mrag_env


@pytest.fixture
def kb(tmp_path):
    db_path, root = build_small_index(tmp_path)
    conn = db.connect(db_path)
    yield conn, db_path, root
    conn.close()


def invoke(db_path, *args):
    res = CliRunner().invoke(app, ["--db", str(db_path), *args])
    return res


def test_document_from_disk_equals_the_file(kb):
    conn, _, _ = kb
    doc = get_document(conn, "people/wolfgang.md")
    assert doc["source"] == "disk"
    assert doc["text"] == NOTES["people/wolfgang.md"]
    assert len(doc["chunks"]) >= 3  # small chunks: the note spans several
    names = {e["name"] for e in doc["entities"]}
    assert {"Wolfgang Schulz", "Jennifer Moore", "Harbor Hall"} <= names


def test_a_document_has_the_lines_its_file_has(kb, tmp_path):
    """A file ending in a newline (nearly all) was one line longer in the
    index than in an editor or `wc -l`: `mrag show` said 'lines 1-13' of a
    12-line note, and 'no chunk at line 13 (it has 13 lines...)'."""
    conn, _, root = kb
    text = (root / "people/wolfgang.md").read_text(encoding="utf-8")
    assert text.endswith("\n")
    assert get_document(conn, "people/wolfgang.md")["lines"] == [1, len(text.splitlines())]
    from minirag_cli.sync import line_count

    assert [line_count(t) for t in ("a", "a\n", "a\nb", "a\r\nb\r\n", "a\n\n")] == [1, 1, 2, 2, 2]


def test_document_reassembled_from_chunks_when_the_file_changed(kb):
    conn, _, root = kb
    (root / "people/wolfgang.md").write_text("edited after the sync\n")
    doc = get_document(conn, "people/wolfgang.md")
    assert doc["source"] == "chunks"
    # every word of the indexed version, in order; only whitespace may differ
    assert doc["text"].split() == NOTES["people/wolfgang.md"].split()
    assert "edited" not in doc["text"]
    (root / "people/wolfgang.md").unlink()
    assert get_document(conn, "people/wolfgang.md")["source"] == "chunks"


def test_reassemble_restores_line_breaks_between_chunks():
    chunks = [{"start_char": 0, "end_char": 5, "text": "a b c", "lines": [1, 1]},
              {"start_char": 9, "end_char": 12, "text": "d e", "lines": [3, 3]},
              {"start_char": 11, "end_char": 14, "text": "e f", "lines": [3, 3]}]
    assert reassemble(chunks) == "a b c\n\nd e f"


def test_chunk_at_line_and_by_id(kb):
    conn, _, _ = kb
    lines = NOTES["people/wolfgang.md"].splitlines()
    line_no = next(i for i, text in enumerate(lines, 1) if text.startswith("The Harbor Band rehearses"))
    chunk = show(conn, f"people/wolfgang.md:{line_no}")
    assert chunk["kind"] == "chunk"
    assert chunk["lines"][0] <= line_no <= chunk["lines"][1]
    assert "rehearses" in chunk["text"] or chunk["lines"][1] == line_no
    assert chunk["text"] in NOTES["people/wolfgang.md"]
    again = show(conn, str(chunk["chunk_id"]))
    assert again == chunk
    stored = {r[0] for r in conn.execute("SELECT e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
                                          "WHERE m.chunk_id = ?", (chunk["chunk_id"],))}
    assert {e["name"] for e in chunk["entities"]} == stored


def test_absolute_paths_inside_a_root_work_others_are_refused(kb, tmp_path):
    conn, _, root = kb
    assert get_document(conn, str(root / "projects/atlas.md"))["path"] == "projects/atlas.md"
    outside = tmp_path / "secret.md"
    outside.write_text("not indexed")
    for bad in (str(outside), "../secret.md", "people/../../secret.md", "/etc/passwd", "nope.md"):
        with pytest.raises(NotFound):
            get_document(conn, bad)
    with pytest.raises(NotFound, match="no chunk at line 999"):
        show(conn, "projects/atlas.md:999")
    with pytest.raises(NotFound, match="No chunk with id"):
        show(conn, "987654")
    # past SQLite's integers, or digits int() cannot read: not found (was an unexpected OverflowError / ValueError)
    with pytest.raises(NotFound, match="No chunk with id"):
        show(conn, "9" * 25)
    with pytest.raises(NotFound, match="no chunk at line 9999"):
        show(conn, "projects/atlas.md:" + "9" * 25)
    with pytest.raises(NotFound, match="not an indexed document"):
        show(conn, "\u00b2")


def test_show_cli_text_json_and_errors(kb, mrag_bin):
    conn, db_path, _ = kb
    res = invoke(db_path, "show", "journal/day.txt", "--text")
    assert res.exit_code == 0 and res.stdout == NOTES["journal/day.txt"]
    res = invoke(db_path, "show", "journal/day.txt", "--json")
    data = json.loads(res.stdout)
    assert data["path"] == "journal/day.txt" and data["kind"] == "document"
    res = invoke(db_path, "show", "projects/atlas.md")
    assert "Project Atlas kickoff" in res.stdout and "entities" in res.stdout
    import subprocess

    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "missing.md"], capture_output=True, text=True)
    assert out.returncode == 1 and out.stdout == "" and "not an indexed document" in out.stderr


def test_show_names_the_path_it_did_not_find(kb, mrag_bin):
    """`mrag show ""` said "error:  is not an indexed document.": the path
    given was missing from the line. It is quoted, so an empty one shows."""
    import subprocess

    _, db_path, _ = kb
    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", ""], capture_output=True, text=True)
    assert out.returncode == 1 and "'' is not an indexed document" in out.stderr
    assert "as `mrag ask` prints it" in " ".join(out.stderr.split())  # the hint says what to give
    with pytest.raises(NotFound, match="^'missing.md' is not an indexed document"):
        show(kb[0], "missing.md")


def test_a_note_named_as_a_link_names_it_opens(kb, mrag_bin):
    """An Obsidian user (or an MCP client) names a note as a wikilink does: `Atlas`, `projects/atlas`,
    `[[atlas#Kickoff|the kickoff]]`, `atlas.md#Kickoff`. That is no path: it was refused with a hint naming the
    note it means; the one note of that name now opens (qa58, tests/test_show_by_name.py)."""
    conn, db_path, root = kb
    for given in ("atlas", "Atlas", "projects/atlas", "[[atlas#Kickoff|the kickoff]]", "![[Atlas]]",
                  "projects/atlas.md#Kickoff", "atlas.md", "atlas^block1"):
        doc = get_document(conn, given)
        assert doc["path"] == "projects/atlas.md" and doc["opened_by_name"] == given, given
    # chain/one.md, chain/two.md, chain/three.md: a folder's name is no note's, and nothing is made up
    with pytest.raises(NotFound) as caught:
        get_document(conn, "chain")
    assert ".md" not in (caught.value.hint or "")
    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "Atlas"], capture_output=True, text=True,
                         env=mrag_env(), cwd="/")
    said = " ".join(out.stderr.split())
    assert out.returncode == 0 and "showing projects/atlas.md" in said and "Traceback" not in said, said


def test_a_notion_page_is_suggested_by_its_title_and_its_link(tmp_path):
    """A Notion export names each page and its folder with the page's id after its title
    (`Trip to Lisbon 3f2a....md`) and links them with URL-encoded paths. `mrag show "Trip to
    Lisbon"`, or the link's target copied from the note, found nothing: "no file of that name"
    (qa21). The hint now names the page, as it names an Obsidian note by its title."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    trip, packing = "Trip to Lisbon " + "3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b", "Packing list " + "a1b2" * 8
    root = tmp_path / "export"
    write_notes(root, {f"Notion/{trip}.md": f"# Trip to Lisbon\n\n[Packing list]({trip.replace(' ', '%20')}/"
                                             f"{packing.replace(' ', '%20')}.md)\n",
                       f"Notion/{trip}/{packing}.md": "# Packing list\n\n- [x] Passport\n",
                       "Evernote/Trip to Porto.md": "# Trip to Porto\n\nPort tasting.\n"})
    db_path = root / ".mrag" / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        # (the page's title and path without the ids open it: test_a_notion_page_opens_by_its_title_without_its_id;
        # its link's target, hinted before, opens it too since qa58: one page bears that name)
        packing_link = f"{trip.replace(' ', '%20')}/{packing.replace(' ', '%20')}.md"
        for given, meant in (("[[packing list]]", f"Notion/{trip}/{packing}.md"),
                             (packing_link, f"Notion/{trip}/{packing}.md"),
                             (f"../{trip.replace(' ', '%20')}.md", f"Notion/{trip}.md")):
            assert get_document(conn, given)["path"] == meant, given
        # a title no page bears, and the export's folder, name no note
        for given in ("Trip", "Notion", "Lisbon 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b"):
            with pytest.raises(NotFound) as caught:
                get_document(conn, given)
            assert ".md" not in (caught.value.hint or ""), given
    finally:
        conn.close()


def test_a_notion_page_opens_by_its_title_without_its_id(tmp_path):
    """A Notion export ends each page's file and folder name with the page's id (`Sofia check-in 0d60….md`
    in `Meeting notes ebc1…/`). `mrag show "Sofia check-in"` refused the one page of that title with a "Did you
    mean" hint naming its 32-hex path (qa session 55): the title, or the path without the ids (as `mrag tasks`
    lists it), with or without `.md` and a line, opens the page, as a plain note's name opens it (qa58). Two pages
    of one title, a day and a title no page bears are still refused."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    hq, meetings, sofia = "Consulting HQ " + "08a8" * 8, "Meeting notes " + "ebc1" * 8, "Sofia check-in " + "0d60" * 8
    root = tmp_path / "export"
    write_notes(root, {f"{hq}/{meetings}/{sofia}.md": "# Sofia check-in\n\nDate: December 2, 2026\n\nPricing.\n",
                       f"{hq}/{meetings}/Weekly planning {'5f36' * 8}.md": "# Weekly planning\n\nPlan.\n",
                       f"{hq}/{meetings}/Weekly planning {'77aa' * 8}.md": "# Weekly planning\n\nPlan again.\n",
                       f"{hq}/{meetings}/Standup 2026-12-04 {'1b2c' * 8}.md": "# Standup\n\nDone.\n",
                       "Obsidian/Project Atlas.md": "# Project Atlas\n\nGoals.\n",
                       f"{hq}/{meetings}.csv": "Name,Date\nSofia check-in,2026-12-02\n"})
    db_path = root / ".mrag" / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        page = f"{hq}/{meetings}/{sofia}.md"
        for given in ("Sofia check-in", "sofia check-in.md", "Meeting notes/Sofia check-in",
                      "Consulting HQ/Meeting notes/Sofia check-in.md", "./Consulting HQ/Meeting notes/Sofia check-in"):
            assert get_document(conn, given)["path"] == page, given
        assert show(conn, "Consulting HQ/Meeting notes/Sofia check-in.md:5")["path"] == page
        assert get_document(conn, "Consulting HQ/Meeting notes.csv")["path"] == f"{hq}/{meetings}.csv"
        assert get_document(conn, "Project Atlas")["path"] == "Obsidian/Project Atlas.md"
        for given, meant in (("Weekly planning", f"{hq}/{meetings}/Weekly planning {'5f36' * 8}.md"),
                             ("2026-12-04", f"{hq}/{meetings}/Standup 2026-12-04 {'1b2c' * 8}.md")):
            with pytest.raises(NotFound, match="names 2 indexed notes|not an indexed document") as caught:
                get_document(conn, given)
            assert meant in (caught.value.hint or ""), given
        for given in ("Sofia", "check-in", "Consulting HQ", "Meeting notes/Sofia"):
            with pytest.raises(NotFound):
                get_document(conn, given)
    finally:
        conn.close()


def test_entity_by_alias_with_neighbours_and_notes(kb):
    conn, _, _ = kb
    e = get_entity(conn, "wolfgangschulz")  # the CamelCase alias
    assert e["name"] == "Wolfgang Schulz"
    assert {"Wolfgang Schulz", "WolfgangSchulz"} <= {a["alias"] for a in e["aliases"]}
    weights = {n["name"]: n["weight"] for n in e["neighbours"]}
    assert weights["Jennifer Moore"] >= 2
    # weights are the stored co-occurrence counts, listed heaviest first
    assert [n["weight"] for n in e["neighbours"]] == sorted(weights.values(), reverse=True)
    assert {d["path"] for d in e["notes"]} == {"people/wolfgang.md", "projects/atlas.md"}
    assert e["notes_total"] == 2
    fuzzy = get_entity(conn, "Jenifer Mor")  # misspelt
    assert fuzzy["name"] == "Jennifer Moore"
    assert "journal/day.txt" in {d["path"] for d in fuzzy["notes"]}
    with pytest.raises(NotFound):
        get_entity(conn, "zzzzqqqq")
    for empty in ("", "  "):  # "" was fuzzy-matched to some entity and shown, exit 0
        with pytest.raises(UsageError, match="empty"):
            get_entity(conn, empty)


def test_entity_cli(kb):
    _, db_path, _ = kb
    res = invoke(db_path, "entity", "Jennifer Moore", "--json")
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["name"] == "Jennifer Moore" and data["neighbours"]
    res = invoke(db_path, "entity", "Jennifer Moore")
    assert "neighbours" in res.stdout and "journal/day.txt" in res.stdout


def test_a_fuzzy_entity_match_says_it_is_one(kb):
    """`mrag entity "Anna Webber"` showed Anna Weber's page as if the name were
    hers: neither the text nor the JSON said it was the closest match, not a
    match (a weak one can be quite another entity)."""
    conn, db_path, _ = kb
    assert get_entity(conn, "Anna Weber")["match"] == {"by": "name"}
    assert get_entity(conn, "wolfgangschulz")["match"] == {"by": "name"}  # the same normalised key
    fuzzy = get_entity(conn, "Anna Webber")
    assert fuzzy["name"] == "Anna Weber"
    assert fuzzy["match"]["by"] == "fuzzy" and 60 <= fuzzy["match"]["score"] < 100
    res = invoke(db_path, "entity", "Anna Webber")
    assert res.exit_code == 0
    assert "no entity is named 'Anna Webber'; the closest match" in " ".join(res.stderr.split())
    assert "closest" not in invoke(db_path, "entity", "Anna Weber").stderr


def test_a_weak_fuzzy_match_is_not_shown_as_the_entity(kb, mrag_bin):
    """`mrag entity Xylophone` on LiHua showed Thane's page (fuzzy score 60 of
    100), `mrag entity Bob` Bohemian Rhapsody's (72): a name that is close to
    none is not found, and the closest names are in the hint; a typing slip
    still finds its entity."""
    conn, db_path, _ = kb
    assert entities_list(conn, "Annabelle", 3) == []  # too far from any name to be listed
    with pytest.raises(NotFound) as caught:
        get_entity(conn, "Annabelle")
    assert "'Anna Weber'" in caught.value.hint and "none close" in caught.value.hint
    res = subprocess.run([mrag_bin, "--db", str(db_path), "entity", "Annabelle"], capture_output=True, text=True,
                         timeout=120, env=mrag_env())
    assert res.returncode == 1 and res.stdout == "" and "Traceback" not in res.stderr
    assert "No entity matches 'Annabelle'" in res.stderr and "Anna Weber" in res.stderr, res.stderr
    assert get_entity(conn, "Berln")["name"] == "Berlin"
    assert get_entity(conn, "Harbour Band")["name"] == "Harbor Band"


def test_the_entity_list_lists_no_weak_matches(kb):
    """`mrag entities zzz` on LiHua listed Grizzlies East, `entities xylophone`
    Thane (scores 60): README says a query that finds nothing is an empty list.
    A name the query starts a word of, is part of, or is a typing slip of
    (in any case) is listed; nothing else is."""
    conn, db_path, _ = kb
    names = lambda q: [e["name"] for e in entities_list(conn, q, 10)]  # noqa: E731
    for query in ("zzz", "xylophone", "Annabelle", "qq"):
        assert names(query) == [], query
    assert names("wolf")[0] == "Wolfgang Schulz"  # the start of a word
    assert names("Wolfgnag Schulz")[0] == "Wolfgang Schulz"  # a typing slip
    assert names("wolfgnag schulz")[0] == "Wolfgang Schulz"  # in lower case too
    assert names("berln") == ["Berlin"]
    res = invoke(db_path, "entities", "xylophone", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout) == []


def test_a_short_name_inside_a_query_word_is_no_match(tmp_path):
    """A work log's abbreviations are in most words: `mrag entities incident`
    listed CI, `entities sprint` and `entities priya` PR, `entities luxury` UX,
    scored 90 of 100 (WRatio finds a name anywhere in a longer query, as it
    finds a query in a longer name). A name that is whole words of the query,
    or a typing slip of it, is still listed."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from tests.kb_fixture import EMBEDDER
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "log"
    write_notes(root, {"standup.md": "Priya Raman said CI is red again. Sam Okafor merged the PR.\n\n"
                                     "The Incident review moved. The Sprint starts Monday. Our UX is slow.\n"})
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=120, overlap_tokens=20))
        names = lambda q: [e["name"] for e in entities_list(conn, q, 10)]  # noqa: E731
        assert {"CI", "PR", "UX", "Incident", "Sprint"} <= set(names(None))
        assert "CI" not in names("incident") and "Incident" in names("incident")
        assert "PR" not in names("sprint") and "PR" not in names("priya")
        assert "UX" not in names("luxury")
        assert "Priya Raman" in names("priya")
        assert "Sam Okafor" in names("sam okafor") and "Priya Raman" in names("priya raman")
        assert "PR" in names("the pr") and "CI" in names("ci")  # whole words of the query
        assert "Incident" in names("incidnet")  # a typing slip
    finally:
        conn.close()


def test_a_letter_or_two_of_a_name_is_no_match(kb):
    """`mrag entity z` showed Wolfgang Schulz's page, scored 95 of 100 ("z" is
    in its key), `entity an` Wolfgang Schulz's too, `entity the` Come Together's;
    rapidfuzz's WRatio alone gave any one letter of a name 90. Whole words and
    the start of a name's words still match."""
    conn, _, _ = kb
    for query in ("z", "an", "er", "g"):
        with pytest.raises(NotFound):
            get_entity(conn, query)
        assert all(c["score"] < 80 for c in entities_list(conn, query, 5)), query
    assert get_entity(conn, "wolf")["name"] == "Wolfgang Schulz"  # the start of a word
    assert get_entity(conn, "moore")["name"] == "Jennifer Moore"  # a whole word
    assert get_entity(conn, "jennifer mo")["name"] == "Jennifer Moore"
    assert entities_list(conn, "weber", 3)[0]["name"] == "Anna Weber"


def test_a_long_name_is_not_echoed_whole(kb):
    """A 100,000-character name came back whole in the error line."""
    conn, db_path, _ = kb
    with pytest.raises(NotFound) as caught:
        get_entity(conn, "q" * 100_000)
    assert len(str(caught.value)) < 200 and "…" in str(caught.value)


def test_entities_says_when_nothing_matches(kb, tmp_path):
    """`mrag entities "!!!"` printed an empty table and nothing else (an empty
    index too); --json stays a bare []."""
    conn, db_path, _ = kb
    res = invoke(db_path, "entities", "!!!")
    assert res.exit_code == 0 and "No entity matches '!!!'" in res.stderr
    res = invoke(db_path, "entities", "!!!", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout) == [] and res.stderr == ""
    empty = tmp_path / "empty.sqlite"
    db.connect(empty, create=True).close()
    res = invoke(empty, "entities")
    assert res.exit_code == 0 and "The index holds no entities" in res.stderr


def test_entities_says_when_the_list_is_cut(kb):
    """`mrag entities` lists the 50 most mentioned (-n) and said nothing of
    the others: on a 130-entity index the table read as all there is. A
    line on stderr now says how many there are and the -n that lists them;
    not when the list is whole, nor for a query, nor with --json."""
    conn, db_path, _ = kb
    total = conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    assert total > 3
    res = invoke(db_path, "entities", "-n", "3")
    assert res.exit_code == 0 and len([ln for ln in res.stdout.splitlines() if ln.startswith("│")]) == 3
    assert f"the 3 most mentioned of {total} entities; -n {total} lists them all" in res.stderr, res.stderr
    for args in (["-n", str(total)], ["-n", "3", "--json"], ["wolfgang", "-n", "1"]):
        res = invoke(db_path, "entities", *args)
        assert res.exit_code == 0 and "most mentioned of" not in res.stderr, (args, res.stderr)


def test_a_path_composed_otherwise_than_the_file_name_finds_its_note(tmp_path):
    """A note whose name is stored decomposed (NFD, as macOS's HFS+ writes
    "café") was 'not an indexed document' when its path was typed composed
    (NFC), and the other way round."""
    import unicodedata

    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes
    from tests.kb_fixture import EMBEDDER

    root = tmp_path / "notes"
    nfd, nfc = unicodedata.normalize("NFD", "café/crème.md"), unicodedata.normalize("NFC", "zoë.md")
    write_notes(root, {nfd: "Coffee with Anna Weber.\n", nfc: "Zoë met Anna Weber.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        for typed, stored in ((unicodedata.normalize("NFC", nfd), nfd), (unicodedata.normalize("NFD", nfc), nfc)):
            assert typed != stored
            assert get_document(conn, typed)["path"] == stored
            assert show(conn, typed + ":1")["path"] == stored
            assert get_document(conn, str(root / typed))["path"] == stored
    finally:
        conn.close()


def test_a_path_with_a_nul_is_not_an_indexed_document(kb):
    """An MCP client's get_document("a\\x00b") ended in a bare ValueError
    (embedded null byte): the client saw a tool error with no message."""
    conn, _, _ = kb
    with pytest.raises(NotFound, match="not an indexed document"):
        get_document(conn, "people/wolfgang.md\x00")


def test_a_date_in_any_spelling_finds_its_date_entity(tmp_path):
    """Date entities are keyed by ISO date: `mrag entity "January 6, 2026"`
    found nothing, and `mrag entity "Jan 6"` showed Jan 18th's page (fuzzy
    85 of 100), another day altogether."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes
    from tests.kb_fixture import EMBEDDER

    root = tmp_path / "notes"
    write_notes(root, {"a.txt": "Time: 20260106_10:00\nAnna Weber: the rehearsal moved to Jan 18th.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        dates = dict(conn.execute("SELECT key, name FROM entities WHERE type = 'date'").fetchall())
        # Jan 18th, written in a note of 2026-01-06 without its year, is that note's nearest January 18 (heuristic
        # rules 26, dates6)
        assert {"date:2026-01-06", "date:2026-01-18"} <= set(dates), dates
        for spelling in ("January 6, 2026", "6 January 2026", "Jan 6", "january 6th", "2026-01-06"):
            found = get_entity(conn, spelling)
            assert found["name"] == dates["date:2026-01-06"], spelling
            assert found["match"]["by"] in ("date", "alias")
        assert get_entity(conn, "January 18")["name"] == dates["date:2026-01-18"]
        for other_day in ("Jan 7", "January 6, 2025"):
            with pytest.raises(NotFound, match="date"):
                get_entity(conn, other_day)
    finally:
        conn.close()


def test_a_day_in_figures_finds_no_other_day(tmp_path):
    """`mrag entity 30.11.2025` (a German day; figures no date spelling reads, as
    the month of 12/01/2026 cannot be told) showed the entity 2026-11-30, a fuzzy
    match of 85.5, another year: README promises a date's own entity, never
    another day's. The same figures in another order are still that day."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes
    from tests.kb_fixture import EMBEDDER

    root = tmp_path / "notes"
    write_notes(root, {"journals/2026_11_30.md": "- Met [[Wolfgang Richter]] in Berlin.\n",
                       "journals/2026_12_01.md": "- [[Anna Schmidt]] approved the budget.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        assert get_entity(conn, "30.11.2026")["name"] == "2026-11-30"
        assert get_entity(conn, "01.12.2026")["name"] == "2026-12-01"
        for other_day in ("30.11.2025", "31.11.2026", "02.12.2026", "2026/11/29"):
            with pytest.raises(NotFound, match="No entity is the date"):
                found = get_entity(conn, other_day)
                pytest.fail(f"{other_day} found {found['name']} ({found['match']})")
    finally:
        conn.close()


def test_show_and_ask_say_when_a_note_changed_since_the_sync(kb, mrag_bin):
    """A note edited (two lines added at its top) or deleted after the sync:
    `mrag show people/wolfgang.md:6` and `mrag ask` printed the indexed lines
    (`people/wolfgang.md:6-8`) with no word that the file no longer holds them
    there, and `mrag ask --paths | xargs grep` met a file that was gone (as
    `mrag entity` listed the notes' lines). Each now says on stderr which of the notes it shows changed or were deleted since
    the last sync, and how to update the index; stdout is unchanged."""
    _, db_path, root = kb
    env = mrag_env()

    def run(*args):
        return subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True, env=env)

    fresh = run("show", "people/wolfgang.md:6")
    assert fresh.returncode == 0 and "since the last sync" not in fresh.stderr
    asked = run("ask", "Wolfgang Schulz Harbor Band", "--no-answer")
    assert asked.returncode == 0 and "since the last sync" not in asked.stderr

    wolfgang = root / "people/wolfgang.md"
    wolfgang.write_text("new first line\nanother new line\n" + NOTES["people/wolfgang.md"])
    (root / "projects/atlas.md").unlink()
    for args in (("show", "people/wolfgang.md:6"), ("show", "people/wolfgang.md"),
                 ("show", "people/wolfgang.md:6", "--json")):
        out = run(*args)
        assert out.returncode == 0 and out.stdout == run(*args).stdout
        said = " ".join(out.stderr.split())
        assert "people/wolfgang.md changed since the last sync" in said, args
        assert f"mrag sync {root}" in said
    # the text shown is still the indexed version (the lines `mrag ask` gave)
    assert run("show", "people/wolfgang.md:6").stdout == fresh.stdout
    gone = " ".join(run("show", "projects/atlas.md:1").stderr.split())
    assert "projects/atlas.md was deleted since the last sync" in gone
    for extra in ((), ("--paths",), ("--json",)):
        out = run("ask", "Wolfgang Schulz Project Atlas Harbor Band", "--no-answer", "--k", "20", *extra)
        assert out.returncode == 0, out.stderr
        said = " ".join(out.stderr.split())
        assert "people/wolfgang.md changed" in said and "projects/atlas.md deleted" in said, said
        assert "journal/day.txt" not in said  # untouched notes are not named
    said = " ".join(run("entity", "Jennifer Moore").stderr.split())  # its notes table: their lines
    assert "people/wolfgang.md changed" in said and "projects/atlas.md deleted" in said, said
    # a file touched (new mtime) with the same bytes is not a change
    wolfgang.write_text(NOTES["people/wolfgang.md"])
    assert "since the last sync" not in run("show", "people/wolfgang.md:6").stderr


def test_json_names_the_notes_changed_since_the_sync(kb, mrag_bin):
    """The notice about notes edited or deleted since the sync went to stderr
    only: a script reading `mrag show/entity/ask --json` could not tell the
    text and lines it got were no longer the file's. Their JSON carries it as
    `unsynced` [{path, root, state}], an empty list when nothing changed (the
    key is always there), one per line of `ask -i --json`."""
    _, db_path, root = kb
    env = mrag_env()

    def run(*args, stdin=None):
        out = subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True, env=env,
                             input=stdin)
        assert out.returncode == 0, out.stderr
        return out.stdout

    question = ("ask", "Wolfgang Schulz Project Atlas Harbor Band", "--no-answer", "--k", "20", "--json")
    for args in (("show", "people/wolfgang.md:6", "--json"), ("entity", "Jennifer Moore", "--json"), question):
        assert json.loads(run(*args))["unsynced"] == [], args

    (root / "people/wolfgang.md").write_text("new first line\n" + NOTES["people/wolfgang.md"])
    (root / "projects/atlas.md").unlink()
    changed = {"path": "people/wolfgang.md", "root": str(root), "state": "changed"}
    deleted = {"path": "projects/atlas.md", "root": str(root), "state": "deleted"}
    assert json.loads(run("show", "people/wolfgang.md:6", "--json"))["unsynced"] == [changed]
    assert json.loads(run("show", "projects/atlas.md", "--json"))["unsynced"] == [deleted]
    for got in (json.loads(run("entity", "Jennifer Moore", "--json")), json.loads(run(*question))):
        assert changed in got["unsynced"] and deleted in got["unsynced"], got["unsynced"]
        assert len(got["unsynced"]) == 2  # untouched notes are not listed
    lines = run("ask", "-i", "--json", "--no-answer", "--k", "20",
                stdin="Wolfgang Schulz Project Atlas\nanna weber garden club\n").splitlines()
    assert len(lines) == 2
    for line in map(json.loads, lines):  # each names the changed notes among its own results
        listed = {r["path"] for r in line["results"]} & {"people/wolfgang.md", "projects/atlas.md"}
        assert listed and sorted(u["path"] for u in line["unsynced"]) == sorted(listed), line
    # stdout without --json is as it was: the notice stays on stderr
    assert "unsynced" not in run("show", "people/wolfgang.md:6") + run(*question[:-1])


def test_show_from_a_subfolder_shows_the_file_the_path_names_there(tmp_path, mrag_bin):
    """In notes/sub/, `mrag ask --paths` printed `x.md` for notes/sub/x.md (paths
    are relative to the current folder), and `mrag show x.md` - even `mrag show
    ./x.md` - showed notes/x.md, another note: the path was always read
    relative to the synced folder first. A path that starts with ./ or ../ is a
    file path; a bare one that names two notes (from the synced folder and from
    here) is refused, naming both; with two synced folders holding the same
    relative path, the file in the current folder picks one."""
    root, other = tmp_path / "notes", tmp_path / "other"
    write_notes(root, {"x.md": "Root note about Tina Turner.\n", "sub/x.md": "Sub note about Uma Thurman.\n",
                       "sub/only.md": "Only here, Vera Wang.\n"})
    write_notes(other, {"y.md": "Other folder, Walt Whitman.\n"})
    write_notes(root, {"y.md": "Notes folder, Xena Warrior.\n"})
    db_path = tmp_path / "index.sqlite"
    env = mrag_env()

    def run(cwd, *args):
        return subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True, env=env,
                              cwd=cwd)

    assert run(tmp_path, "sync", str(root), str(other)).returncode == 0
    sub = root / "sub"
    listed = run(sub, "ask", "Uma Thurman", "--paths", "--k", "1").stdout.split()
    assert listed == ["x.md"]
    assert run(sub, "show", "./x.md", "--text").stdout == "Sub note about Uma Thurman.\n"
    assert run(sub, "show", "../x.md", "--text").stdout == "Root note about Tina Turner.\n"
    both = run(sub, "show", "x.md")
    said = " ".join(both.stderr.split())
    assert both.returncode == 1 and both.stdout == "" and "names two indexed notes" in said, said
    assert "sub/x.md" in said and "./x.md" in said and "Traceback" not in said
    # not ambiguous: as before
    assert run(sub, "show", "sub/x.md", "--text").stdout == "Sub note about Uma Thurman.\n"
    assert run(sub, "show", "only.md", "--text").stdout == "Only here, Vera Wang.\n"
    assert run(root, "show", "x.md", "--text").stdout == "Root note about Tina Turner.\n"
    assert run(root, "show", "./x.md:1", "--text").stdout.startswith("Root note about Tina Turner.")
    # y.md is in both synced folders: from inside one of them, it is that folder's
    assert run(other, "show", "y.md", "--text").stdout == "Other folder, Walt Whitman.\n"
    assert run(root, "show", "y.md", "--text").stdout == "Notes folder, Xena Warrior.\n"
    assert "several folders" in run(tmp_path, "show", "y.md").stderr


def test_show_of_a_note_not_indexed_yet_says_so(kb, mrag_bin):
    """A note saved after the sync (or one the sync skipped: too large, binary,
    another extension) is a file in the synced folder: `mrag show new.md` said
    it "is not an indexed document" with the hint to give the path "as `mrag
    ask` prints it", as if it were mistyped. It now says the file is in the
    synced folder but not indexed, and that `mrag sync DIR` indexes it or says
    why it skips it."""
    _, db_path, root = kb
    (root / "people/new.md").write_text("Written after the sync by Yusuf Ali.\n")
    (root / "people/data.csv").write_text("a,b\n")
    for target, cwd in (("people/new.md", root), ("new.md", root / "people"), (str(root / "people/new.md"), "/"),
                        ("people/new.md:1", root), ("people/data.csv", root)):
        out = subprocess.run([mrag_bin, "--db", str(db_path), "show", target], capture_output=True, text=True,
                             env=mrag_env(), cwd=cwd)
        said = " ".join(out.stderr.split())
        assert out.returncode == 1 and out.stdout == "" and "Traceback" not in said, said
        assert "is in the synced folder" in said and "not indexed" in said, (target, said)
        assert f"mrag sync {root}" in said
    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "people/nothing.md"], capture_output=True,
                         text=True, env=mrag_env(), cwd=root)
    assert "is not an indexed document" in out.stderr and "synced folder but" not in out.stderr
    # passed over without a word by sync: the sync would not say why, so show does
    (root / ".mragignore").write_text("drafts/\n")
    write_notes(root, {"drafts/plan.md": "A plan by Yusuf Ali.\n", ".hidden.md": "Hidden, Yusuf Ali.\n"})
    for target, why in (("drafts/plan.md", ".mragignore names it"), (".hidden.md", "hidden files"),
                        (".mrag/index.sqlite", "hidden files")):
        out = subprocess.run([mrag_bin, "--db", str(db_path), "show", target], capture_output=True, text=True,
                             env=mrag_env(), cwd=root)
        said = " ".join(out.stderr.split())
        assert out.returncode == 1 and "never indexed" in said and why in said, (target, said)


def test_a_note_whose_name_starts_with_a_dash_gets_a_hint(kb, mrag_bin):
    """`mrag show -rf.md` (a note named -rf.md) said only "No such option: -r"
    (exit code 2): nothing about the file. The usage error now ends with a
    hint to write ./-rf.md (or -- before it), and both ways show the note."""
    _, db_path, root = kb
    (root / "-rf.md").write_text("A dash note about Zora Neale.\n")
    env = mrag_env()
    assert subprocess.run([mrag_bin, "--db", str(db_path), "sync", str(root), "--chunk-tokens", "14", "--overlap", "4"], env=env, capture_output=True,
                          text=True).returncode == 0
    for cwd in (root, "/"):
        out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "-rf.md"], capture_output=True, text=True,
                             env=env, cwd=cwd)
        said = " ".join(out.stderr.split())
        assert out.returncode == 2 and "No such option" in said, said
        assert "hint:" in said and "./-rf.md" in said and "--" in said, said
    for args in (["show", "./-rf.md", "--text"], ["show", "--text", "--", "-rf.md"]):
        out = subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True, env=env,
                             cwd=root)
        assert out.returncode == 0 and out.stdout == "A dash note about Zora Neale.\n", out.stderr
    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "-x"], capture_output=True, text=True, env=env)
    assert out.returncode == 2 and "./" not in out.stderr  # a mistyped option is not taken for a file
    assert "hint: usage: mrag show [OPTIONS] TARGET" in out.stderr  # the command's usage instead
    out = subprocess.run([mrag_bin, "--db", str(db_path), "ask", "-5 degrees in Berlin?", "--no-answer"],
                         capture_output=True, text=True, env=env)
    said = " ".join(out.stderr.split())
    assert out.returncode == 2 and "hint: mrag --db" in said and "ask --no-answer -- '-5 degrees in Berlin?'" in said
    out = subprocess.run([mrag_bin, "--db", str(db_path), "ask", "--no-answer", "--", "-5 degrees in Berlin?"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr


def test_a_line_of_an_empty_note_says_the_note_holds_no_text(kb):
    """`mrag show empty.md:1` said "empty.md has no chunk at line 1 (it has 1
    lines; blank lines between chunks belong to none)": no chunk to be between.
    An empty or blank note now says it holds no text; "1 lines" is "1 line"."""
    conn, db_path, root = kb
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.kb_fixture import EMBEDDER

    write_notes(root, {"empty.md": "", "blank.md": " \n\t\n", "one.md": "One line about Anna Weber.\n"})
    sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=14, overlap_tokens=4))
    for path in ("empty.md", "blank.md"):
        with pytest.raises(NotFound, match=f"^{path} holds no text: it has no chunks"):
            show(conn, f"{path}:1")
    with pytest.raises(NotFound, match=r"\(it has 1 line;"):
        show(conn, "one.md:2")


def test_showing_an_empty_note_says_it_is_empty(kb):
    """`mrag show empty.md` said "empty.md  lines 1-1  0 chunks", as if the
    note had a line of text, and framed nothing between two rules. It now
    says the note is empty (a whitespace-only one: only whitespace); --json
    is unchanged and valid."""
    conn, db_path, root = kb
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.kb_fixture import EMBEDDER

    write_notes(root, {"empty.md": "", "blank.md": " \n\t\n"})
    sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=14, overlap_tokens=4))
    res = invoke(db_path, "show", "empty.md")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0] == "empty.md  empty note, nothing indexed"
    assert "lines 1-1" not in res.output and "─" not in res.output
    res = invoke(db_path, "show", "blank.md")
    assert res.exit_code == 0 and res.output.splitlines()[0] == "blank.md  lines 1-2, only whitespace, nothing indexed"
    res = invoke(db_path, "show", "empty.md", "--json")
    assert res.exit_code == 0 and json.loads(res.output)["chunks"] == [] and json.loads(res.output)["text"] == ""
    res = invoke(db_path, "show", "people/wolfgang.md")  # a note with text is shown as before
    assert res.output.startswith("people/wolfgang.md  lines 1-7  ") and "text from disk" in res.output


def test_an_empty_notes_json_gives_no_line_span(kb):
    """`mrag show empty.md --json` gave `"lines": [1, 1]`, a line the note
    does not have (sync counted the empty text as one line). An empty note's
    `lines` is now `[]`, as README says; a note of only whitespace has its
    lines, and an index synced before keeps its stored count (1) yet shows []."""
    conn, db_path, root = kb
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, line_count, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.kb_fixture import EMBEDDER

    assert [line_count(t) for t in ("", "a", "a\n", "a\nb", "\n")] == [0, 1, 1, 2, 1]
    write_notes(root, {"empty.md": "", "blank.md": " \n\t\n"})
    sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=14, overlap_tokens=4))
    shown = lambda path: json.loads(invoke(db_path, "show", path, "--json").output)  # noqa: E731
    assert shown("empty.md")["lines"] == [] and shown("blank.md")["lines"] == [1, 2]
    assert shown("people/wolfgang.md")["lines"] == [1, 7]
    conn.execute("UPDATE documents SET n_lines = 1 WHERE path = 'empty.md'")  # as an older sync stored it
    conn.commit()
    assert shown("empty.md")["lines"] == []


def test_notes_of_a_synced_folder_that_is_gone_are_not_sent_to_sync_it(kb, mrag_bin, tmp_path):
    """The notes of a synced folder moved away since the sync: the line about
    notes deleted since the sync named `mrag sync FOLDER`, which fails on a
    folder that is not there. It now says the folder is gone and how to drop
    its notes (--rebuild with the folders kept)."""
    _, db_path, root = kb
    root.rename(tmp_path / "moved")
    out = subprocess.run([mrag_bin, "--db", str(tmp_path / "moved/.mrag/index.sqlite"), "show",
                          "people/wolfgang.md:6"], capture_output=True, text=True, env=mrag_env())
    said = " ".join(out.stderr.split())
    assert out.returncode == 0 and f"the synced folder {root} of people/wolfgang.md is gone" in said, said
    assert "it is shown as last synced" in said and "drops it." in said, said  # one note: not "they are"
    assert "--rebuild" in said and f"mrag sync {root}" not in said
    shown = subprocess.run([mrag_bin, "--db", str(tmp_path / "moved/.mrag/index.sqlite"), "show",
                            "people/wolfgang.md:6", "--json"], capture_output=True, text=True, env=mrag_env())
    assert json.loads(shown.stdout)["unsynced"] == [{"path": "people/wolfgang.md", "root": str(root),
                                                     "state": "folder_gone"}]


def test_show_of_a_note_replaced_by_a_named_pipe_does_not_hang(kb, mrag_bin):
    """A note replaced by a named pipe of the same name after the sync:
    `mrag show journal/day.txt` opened the pipe to compare its bytes with the
    index and waited forever for a writer (the MCP server's show too). Only
    a regular file is read; the text comes from the chunks."""
    conn, db_path, root = kb
    note = root / "journal/day.txt"
    note.unlink()
    os.mkfifo(note)
    doc = get_document(conn, "journal/day.txt")  # returns: the pipe is not opened for reading
    assert doc["source"] == "chunks" and doc["text"].split() == NOTES["journal/day.txt"].split()
    out = subprocess.run([mrag_bin, "--db", str(db_path), "show", "journal/day.txt", "--text"], capture_output=True,
                         text=True, env=mrag_env(), timeout=60)
    assert out.returncode == 0 and out.stdout.split() == NOTES["journal/day.txt"].split()
    assert "journal/day.txt was deleted since the last sync" in " ".join(out.stderr.split())


def test_a_huge_limit_with_a_query_lists_every_match(kb, mrag_bin):
    """`mrag entities wolfgang -n 99999999999999999999` ended in 'unexpected
    OverflowError: Python int too large to convert to C long' (the fuzzy
    matcher's limit is a C long), while without a query the same -n listed
    every entity."""
    conn, db_path, _ = kb
    assert entities_list(conn, "wolfgang", 10**20) == entities_list(conn, "wolfgang", 50)
    r = subprocess.run([mrag_bin, "--db", str(db_path), "entities", "wolfgang", "-n", "9" * 20, "--json"],
                       capture_output=True, text=True, env=mrag_env())
    assert r.returncode == 0, r.stderr
    assert "unexpected" not in r.stderr
    assert json.loads(r.stdout)[0]["name"].startswith("Wolfgang")


def test_a_blank_query_lists_entities_as_an_empty_one_does(kb):
    """`mrag entities "   "` (a script's `mrag entities "$q"` with q a blank)
    said "No entity matches '   '" and printed [], while `mrag entities ""`
    listed the most mentioned entities."""
    conn, db_path, _ = kb
    listed = entities_list(conn, None, 5)
    assert listed and entities_list(conn, "   ", 5) == listed == entities_list(conn, "", 5)
    res = invoke(db_path, "entities", " \t ", "--json", "-n", "5")
    assert res.exit_code == 0 and json.loads(res.stdout) == listed


def test_show_takes_the_path_and_lines_ask_prints(tmp_path, mrag_bin):
    """`mrag ask` lists each result as `path:first-last`; pasted into `mrag
    show` it was "'notes.md:7-12' is not an indexed document". It is now the
    chunk ask listed, also where chunks overlap (the line first-last starts
    on can end the chunk before)."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "log.md").write_text("".join(f"Line {i}: the harbour crane moved crates of apples today.\n"
                                         for i in range(1, 41)), encoding="utf-8")
    db_path = tmp_path / "index.sqlite"

    def mrag(*args):
        return subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True,
                              env=mrag_env(), timeout=120)

    assert mrag("sync", str(root), "-q", "--chunk-tokens", "30", "--overlap", "15").returncode == 0
    out = mrag("ask", "harbour crane apples", "--json", "--no-answer", "--k", "20")
    results = json.loads(out.stdout)["results"]
    assert len(results) > 2, out.stderr
    for r in results:
        target = f"{r['path']}:{r['lines'][0]}-{r['lines'][1]}"
        shown = mrag("show", target, "--json")
        assert shown.returncode == 0, (target, shown.stderr)
        assert json.loads(shown.stdout)["chunk_id"] == r["chunk_id"], target
    bad = mrag("show", "log.md:3-2")
    assert bad.returncode == 2 and "3-2" in bad.stderr and "ends before it starts" in bad.stderr


def test_a_file_name_with_a_newline_keeps_its_row(kb, mrag_bin):
    """A note named `odd<newline>name.md` (a folder `sub<newline>dir`) split its
    line of `mrag ask`'s list, its row of `mrag entity`'s notes table and
    `mrag show`'s header in two. Names are written out there (`odd\\nname.md`,
    as sync's warnings and escapes of other control characters are); --json
    keeps the real name."""
    conn, db_path, root = kb
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.kb_fixture import EMBEDDER

    write_notes(root, {"odd\nname.md": "Greta Lindqvist founded the Kite Club.\n",
                       "sub\ndir/x.md": "Greta Lindqvist flies kites.\n"})
    sync_folders(conn, [root], embedder=hashing_embedder(EMBEDDER), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=14, overlap_tokens=4))

    def run(*args):
        out = subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True,
                             env=mrag_env(), timeout=120)
        assert out.returncode == 0, (args, out.stderr)
        return out.stdout

    listed = run("ask", "Greta Lindqvist kites", "--no-answer", "-k", "2")
    assert "odd\\nname.md:1" in listed and "sub\\ndir/x.md:1" in listed and "\nname.md" not in listed
    rows = run("entity", "Greta Lindqvist")
    assert "│ odd\\nname.md " in rows and "│ sub\\ndir/x.md " in rows, rows
    assert run("show", "odd\nname.md").splitlines()[0] == "odd\\nname.md  lines 1-1  1 chunk, text from disk"
    data = json.loads(run("ask", "Greta Lindqvist kites", "--no-answer", "-k", "2", "--json"))
    assert {r["path"] for r in data["results"]} == {"odd\nname.md", "sub\ndir/x.md"}
    assert json.loads(run("show", "odd\nname.md", "--json"))["path"] == "odd\nname.md"


def test_an_entity_mentioned_once_is_not_counted_in_plurals():
    """`mrag entity` headed most entities of a notes folder (one mention) with
    "1 mentions in 1 chunks of 1 notes"; `mrag eval` said "1 questions"."""
    from rich.console import Console

    from minirag_cli.format import render_entity

    console = Console(record=True, width=120, color_system=None)
    render_entity({"name": "Café Müller", "type": "name", "mentions": 1, "chunks": 1, "notes_total": 1,
                   "aliases": [], "neighbours": [], "neighbours_total": 0, "notes": [], "other_matches": []}, console)
    render_entity({"name": "Priya", "type": "name", "mentions": 10, "chunks": 5, "notes_total": 4,
                   "aliases": [], "neighbours": [], "neighbours_total": 0, "notes": [], "other_matches": []}, console)
    text = console.export_text()
    assert "1 mention in 1 chunk of 1 note\n" in text and "10 mentions in 5 chunks of 4 notes" in text, text


def test_a_day_names_its_daily_note_in_the_hint(tmp_path):
    """A journal keeper types the day for its note: `mrag show 2026-11-21`. An Obsidian format
    names the note with more than the day (`2026-11-21 Saturday.md`), and the error said only that
    no such document is indexed; its hint now names the notes of that day, as a link's name does."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "vault"
    write_notes(root, {"daily/2026-11-21 Saturday.md": "## Evening\nFarewell party.\n",
                       "meetings/2026-11-21 Standup.md": "Standup notes.\n",
                       "daily/2026-11-22.md": "Race day.\n", "daily/2026-11-210 draft.md": "No day.\n",
                       "1on1/2026-11-22 Sam.md": "Promotion talk.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        with pytest.raises(NotFound, match="not an indexed document") as caught:
            get_document(conn, "2026-11-21")
        hint = caught.value.hint or ""
        assert "daily/2026-11-21 Saturday.md" in hint and "meetings/2026-11-21 Standup.md" in hint, hint
        assert "2026-11-210" not in hint and "2026-11-22" not in hint
        with pytest.raises(NotFound) as caught:  # no day: nothing is made up
            get_document(conn, "2026-11-2")
        assert ".md" not in (caught.value.hint or "")
        # a daily note named by the day alone comes first, and the day's other notes with it (the
        # hint named daily/2026-11-22.md alone, not the 1:1 of that day)
        with pytest.raises(NotFound) as caught:
            get_document(conn, "2026-11-22")
        hint = caught.value.hint or ""
        assert "Did you mean 'daily/2026-11-22.md' or '1on1/2026-11-22 Sam.md'?" in hint, hint
        assert "`mrag show daily/2026-11-22.md`" in hint, hint
    finally:
        conn.close()


def test_a_zettel_id_names_its_note_in_the_hint(tmp_path):
    """A student's Zettelkasten names each note by its ID and title (`202611031015 Eigenvalues.md`)
    and links and looks notes up by the ID alone. `mrag show 202611031015` said only `No chunk with
    id 202611031015.` (the ID read as a chunk id) and `mrag show '[[202611031015]]'` that no such
    document is indexed: both hints now name the note the ID opens the name of (qa19). A chunk id
    is still a chunk id, and a shorter run of figures (a day, `20261103`) names no ID's note."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "uni"
    write_notes(root, {"Analysis II/202611031015 Eigenvalues.md": "# Eigenvalues\nThe Hessian test.\n",
                       "Analysis II/202611031015x draft.md": "Not the ID's note.\n",
                       "Zettel/202611081000.md": "A thought on PageRank.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        for typed in ("202611031015", "[[202611031015]]", "202611031015.md"):
            with pytest.raises(NotFound) as caught:
                show(conn, typed)
            hint = caught.value.hint or ""
            assert "Analysis II/202611031015 Eigenvalues.md" in hint and "draft" not in hint, (typed, hint)
        with pytest.raises(NotFound, match="not an indexed document") as caught:  # its whole name: hinted too
            show(conn, "202611081000")
        assert "Zettel/202611081000.md" in (caught.value.hint or "")
        chunk_id = conn.execute("SELECT min(id) FROM chunks").fetchone()[0]
        assert show(conn, str(chunk_id))["kind"] == "chunk"
        with pytest.raises(NotFound, match="No chunk with id 20261103") as caught:
            show(conn, "20261103")
        assert ".md" not in (caught.value.hint or "")
    finally:
        conn.close()


def test_a_denote_identifier_names_its_note_in_the_hint(tmp_path):
    """A Denote user looks a note up by its identifier, as `[[denote:20261118T141500]]` links it:
    `mrag show 20261118T141500` said only that no such document is indexed; the hint now names the note
    whose file name opens with it (qa32), as a Zettelkasten ID's does."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "denote"
    write_notes(root, {"20261118T141500--harbor-migration-plan__work.org": "#+title: Harbor migration plan\n",
                       "20261118T141501--other__work.md": "Another note.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        for typed in ("20261118T141500", "20261118t141500"):
            with pytest.raises(NotFound) as caught:
                show(conn, typed)
            hint = caught.value.hint or ""
            assert "20261118T141500--harbor-migration-plan__work.org" in hint and "other" not in hint, (typed, hint)
    finally:
        conn.close()


def test_a_note_deleted_and_synced_away_is_said_to_be_gone(kb, monkeypatch, tmp_path):
    """A novelist deleted a place's note, synced, and `mrag show` of its path said only "is not an
    indexed document" with a hint to give the path as `mrag ask` prints it, which they had: now the
    error says no such file is in the synced folder either (what a deleted note's path and a mistyped
    one have in common). A file that exists says nothing of it, and a path outside the synced folders
    is not looked for."""
    conn, _db_path, root = kb
    monkeypatch.chdir(tmp_path)
    with pytest.raises(NotFound, match=r"^'places/harbor\.md' is not an indexed document, and no file of that "
                                       r"name is in the synced folder .* \(deleted or moved since\?\)"):
        show(conn, "places/harbor.md")
    (root / "people").mkdir(exist_ok=True)
    (root / "people/new.md").write_text("saved since the sync\n")
    with pytest.raises(NotFound) as caught:
        show(conn, "people/new.md")
    assert "no file of that name" not in str(caught.value)
    with pytest.raises(NotFound) as caught:
        show(conn, "../../elsewhere.md")
    assert "no file of that name" not in str(caught.value)


def _logseq_graph(tmp_path, notes: dict[str, str]):
    """A connection to an index of `notes` (path -> text) synced with the heuristic rules and hashing vectors."""
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "graph"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                 options=SyncOptions())
    return conn, root


_DOCTOR_GRAPH = {"logseq/config.edn": "{:meta/version 1}\n",
                 "journals/2026_12_04.md": "- Met [[Dr Okafor]] about the knee scan.\n",
                 "journals/2026_12_10.md": "- Dr Okafor said the scan looks fine.\n",
                 "pages/Dr Okafor.md": "- Orthopaedic surgeon at St Mary's.\n",
                 "pages/Prof. Anna Keller.md": "- Physiotherapist.\n",
                 "meetings/Standup 2026-12-04.md": "Standup notes.\n",
                 "zettel/202612041015 Eigenvalues.md": "# Eigenvalues\nThe Hessian test.\n",
                 "drafts/2026-12-040 draft.md": "No day.\n"}


def test_a_day_in_any_form_names_the_notes_its_file_names_write(tmp_path):
    """A Logseq user typed the day of a journal page: `mrag show 2026-12-04` and `mrag show "Dec 4th, 2026"`
    were refused with "no file of that name ... (deleted or moved since?)": a day named only the notes whose file
    names open with it written `2026-12-04`, and Logseq writes `journals/2026_12_04.md`. A day in any form now
    names the notes whose file names write it (the daily note first), as the index dates them; a Zettelkasten ID
    opening with the day is the ID's note, no day's."""
    conn, _root = _logseq_graph(tmp_path, _DOCTOR_GRAPH)
    try:
        for typed in ("2026-12-04", "Dec 4th, 2026", "dec 4th, 2026", "Friday, December 4th 2026", "4 December 2026",
                      "2026.12.04", "[[Dec 4th, 2026]]", "20261204"):
            with pytest.raises(NotFound) as caught:
                show(conn, typed)
            assert "deleted or moved" not in str(caught.value), typed
            hint = caught.value.hint or ""
            assert "Did you mean 'journals/2026_12_04.md' or 'meetings/Standup 2026-12-04.md'?" in hint, (typed, hint)
            assert "Eigenvalues" not in hint and "2026-12-040" not in hint and "2026_12_10" not in hint, (typed, hint)
        for not_a_day in ("Dec 4", "12-04-2026", "2026-12-4x"):  # no year, no order told: nothing made up
            with pytest.raises(NotFound) as caught:
                show(conn, not_a_day)
            assert ".md" not in (caught.value.hint or ""), not_a_day
    finally:
        conn.close()


def test_a_day_with_no_note_is_said_to_have_none(tmp_path, monkeypatch):
    """`mrag show 2026-12-05`, a day no note's file name writes, said "no file of that name is in the synced
    folder (deleted or moved since?)": a day is no file, and nothing was deleted. It now says no note's file
    name is of that day, hinting the date's entity when notes write the day. A file's name (`2026-12-05.md`)
    or a path is still a file that may have been deleted."""
    monkeypatch.chdir(tmp_path)
    conn, _root = _logseq_graph(tmp_path, {"journals/2026_12_04.md": "- Booked the scan for 2026-12-05.\n"})
    try:
        for typed, day in (("2026-12-05", "2026-12-05"), ("Dec 5th, 2026", "2026-12-05"),
                           ("2026_12_06", "2026-12-06")):
            with pytest.raises(NotFound) as caught:
                show(conn, typed)
            assert str(caught.value) == (f"{typed!r} is not an indexed document, and no indexed note's file name "
                                         f"is of the day {day}."), str(caught.value)
        with pytest.raises(NotFound) as caught:
            show(conn, "2026-12-05")
        assert caught.value.hint == "`mrag entity 2026-12-05` lists the notes that write that day."
        with pytest.raises(NotFound, match="^No chunk with id 20261205, and no indexed note's file name is of the "
                                           "day 2026-12-05"):
            show(conn, "20261205")
        for a_file in ("2026-12-05.md", "journals/2026_12_05.md"):
            with pytest.raises(NotFound, match=r"deleted or moved since\?"):
                show(conn, a_file)
    finally:
        conn.close()


def test_an_entity_is_found_by_its_page_name_with_a_title(tmp_path):
    """`mrag entity "Dr Okafor"` said "No entity is named 'Dr Okafor'; the closest match is 'Okafor' (90)",
    though the page is `Dr Okafor.md`: the extractor reads `Dr Okafor` as Okafor, and the lookup took the title
    for part of the name. A name after a person's title, with or without its full stop, is now that entity's name
    (`match` {"by": "title"}), a wikilink typed whole the page it links. A titled surname of no entity is read as
    typed (`Prof Keller`: no entity matches, Anna Keller in the hint), as are a name with a title of its own, a title
    alone and a word that only opens with one."""
    conn, _root = _logseq_graph(tmp_path, {**_DOCTOR_GRAPH, "pages/Drinks.md": "- Keurig Dr Pepper shipped it.\n",
                                           "pages/Drake Hotel.md": "- Where we stayed.\n"})
    try:
        assert get_entity(conn, "Okafor")["match"] == {"by": "name"}
        for typed in ("Dr Okafor", "Dr. Okafor", " Dr  Okafor ", "[[Dr Okafor]]", "[[Dr Okafor|the doc]]"):
            found = get_entity(conn, typed)
            assert (found["name"], found["match"]) == ("Okafor", {"by": "title"}), (typed, found["match"])
        assert get_entity(conn, "Prof. Anna Keller")["name"] == "Anna Keller"
        with pytest.raises(NotFound, match="No entity matches 'Prof Keller'") as caught:
            get_entity(conn, "Prof Keller")
        assert "'Anna Keller'" in caught.value.hint
        assert get_entity(conn, "Keurig Dr Pepper")["match"] == {"by": "name"}
        pepper = get_entity(conn, "Dr Pepper")  # no entity is Pepper: the closest name, said to be so
        assert (pepper["name"], pepper["match"]["by"]) == ("Keurig Dr Pepper", "fuzzy")
        assert get_entity(conn, "Drake Hotel")["match"] == {"by": "name"}
        assert get_entity(conn, "Dr")["match"]["by"] == "fuzzy"  # a title alone names nobody by it
    finally:
        conn.close()


def test_a_daily_note_name_finds_its_date_entity_and_no_other_day(tmp_path):
    """A day typed as a daily note's name (Logseq's file name `2026_12_06`, its title format `Friday, December
    4th 2026`) was no date to `mrag entity`: `2026_12_06`, a day no note writes, showed 2026-12-05 (fuzzy 90),
    another day, and `Friday, December 4th 2026` matched nothing. Both are read as the day they are."""
    conn, _root = _logseq_graph(tmp_path, {"journals/2026_12_04.md": "- Booked the scan for 2026-12-05.\n"})
    try:
        for typed, day in (("Friday, December 4th 2026", "2026-12-04"), ("Saturday, December 5th 2026", "2026-12-05"),
                           ("2026_12_05", "2026-12-05"), ("2026.12.05", "2026-12-05")):
            found = get_entity(conn, typed)
            assert found["name"] == day and found["match"]["by"] in ("date", "alias"), (typed, found["match"])
        for other_day in ("2026_12_06", "2026.12.06", "Sunday, December 6th 2026"):
            with pytest.raises(NotFound, match="No entity is the date"):
                found = get_entity(conn, other_day)
                pytest.fail(f"{other_day} found {found['name']} ({found['match']})")
    finally:
        conn.close()


def test_a_title_before_a_surname_of_no_entity_finds_no_longer_name(tmp_path):
    """A surname after a title, of no entity, was compared fuzzily without its title, and a word scores 95 in any
    longer name holding it: `Dr Park` was Hyde Park, `Mr Wells` Wells Fargo, `Mrs Rose` Rose Garden, `Prof Keller`
    Anna Keller (review of lookup; main said no entity matches, the closest in the hint). Only the name after the
    title is looked up, exactly; the names that hold it stay in the hint."""
    conn, _root = _logseq_graph(tmp_path, {
        "pages/Dr Okafor.md": "- Orthopaedic surgeon.\n",
        "pages/Anna Keller.md": "- Physiotherapist.\n",
        "journals/2026_12_04.md": "- Walked in Hyde Park, then to the Rose Garden.\n- Paid Wells Fargo.\n"})
    try:
        assert {get_entity(conn, n)["name"] for n in ("Hyde Park", "Wells Fargo", "Rose Garden")} == \
            {"Hyde Park", "Wells Fargo", "Rose Garden"}
        for typed, closest in (("Dr Park", "Hyde Park"), ("Mr Wells", "Wells Fargo"), ("Mrs Rose", "Rose Garden"),
                               ("Prof Keller", "Anna Keller"), ("Frau Keller", "Anna Keller")):
            with pytest.raises(NotFound, match=f"^No entity matches {typed!r}") as caught:
                found = get_entity(conn, typed)
                pytest.fail(f"{typed} found {found['name']} ({found['match']})")
            assert repr(closest) in caught.value.hint, (typed, caught.value.hint)
        assert get_entity(conn, "Dr Okafor")["match"] == {"by": "title"}  # the name after the title, exactly
    finally:
        conn.close()


def test_a_title_is_one_as_the_extractor_writes_it(tmp_path):
    """The title before a name was read in any case and as any language's: `MS Teams` was the page Teams, `HR
    Portal` Portal and `Fr 04.12.2026` the day 2026-12-04, all `{"by": "title"}` and nothing said on stderr (main:
    the closest match, said so). A title is one as the extractor reads it before a name (`Dr`, `Dr.`, `Mr`, `Frau`
    before a capitalised word: `Dr. Okafor` in a note is Okafor), and the name found after it is said on stderr as
    a fuzzy match is."""
    conn, _root = _logseq_graph(tmp_path, {
        "pages/Teams.md": "- The chat app.\n", "pages/Portal.md": "- Where payslips are.\n",
        "pages/Dr Okafor.md": "- Orthopaedic surgeon.\n", "pages/Weiß.md": "- Neighbour.\n",
        "journals/2026_12_04.md": "- Paid the bill.\n"})
    try:
        for typed in ("MS Teams", "ms teams", "HR Portal", "hr portal", "dr okafor", "DR. OKAFOR", "frau weiss",
                      "Fr 04.12.2026", "Dr 2026-12-04"):
            try:
                found = get_entity(conn, typed)
            except NotFound:
                continue
            assert found["match"]["by"] != "title", (typed, found["name"], found["match"])
        for typed, name in (("Dr Okafor", "Okafor"), ("Frau Weiß", "Weiß"), ("Frau Weiss", "Weiß")):
            found = get_entity(conn, typed)
            assert (found["name"], found["match"]) == (name, {"by": "title"}), (typed, found["match"])
        res = invoke(tmp_path / "index.sqlite", "entity", "Dr Okafor")
        assert res.exit_code == 0, res.output
        said = " ".join(res.stderr.split())
        assert "no entity is named 'Dr Okafor'; showing 'Okafor', the name after its title" in said, said
        assert invoke(tmp_path / "index.sqlite", "entity", "Okafor").stderr == ""
    finally:
        conn.close()


def test_a_pasted_page_is_not_read_for_a_day(tmp_path, monkeypatch):
    """A 1.6 MB log pasted for `mrag show` (or `mrag entity`) was read by the date readers whole, twice: 6.4 s
    where main took 1.1 s (review of lookup). No day is that long: the date readers never see it."""
    import minirag_cli.store.lookup as lookup

    conn, _root = _logseq_graph(tmp_path, {"journals/2026_12_04.md": "- Paid the bill.\n"})
    read = []
    for reader in ("daily_date", "find_dates"):
        real = getattr(lookup, reader)
        monkeypatch.setattr(lookup, reader, lambda text, real=real: read.append(len(text)) or real(text))
    log = "".join(f"2026-12-{i % 28 + 1:02d} 10:00:00 INFO request {i} done\n" for i in range(2000))
    try:
        for typed in (log, "[[" + log + "]]", "Dr " + log):
            with pytest.raises(NotFound):
                show(conn, typed)
            with pytest.raises(NotFound):
                get_entity(conn, typed)
        assert not read or max(read) <= 100, max(read)
        with pytest.raises(NotFound) as caught:
            show(conn, "Friday, December 4th 2026")  # a day typed in full is still one
        assert "Did you mean 'journals/2026_12_04.md'" in caught.value.hint
    finally:
        conn.close()


def test_a_day_reads_only_the_notes_whose_paths_write_its_year(tmp_path, monkeypatch):
    """`mrag show 2026-12-04` read every note's file name with the date readers after the name lookup had read
    them all: 3.6 s at 53k notes, main 1.7 s (review of lookup). Every form of a day with its year writes the year's
    four figures, so a note whose path writes none of them is not read for the day. The notes of the day are the
    same: a Denote identifier or a Zettelkasten ID opening a name is still its note's, no day's."""
    import minirag_cli.text as text

    notes = {f"topics/topic {i}.md": "Some words.\n" for i in range(20)}
    notes |= {"journals/2026_12_04.md": "- Paid the bill.\n", "2026/12/04.md": "Folders' day.\n",
              "meetings/Standup 2026-12-04.md": "Standup.\n", "zettel/202612041015 Eigenvalues.md": "# Eigenvalues\n",
              "denote/20261204T101500--harbor-plan__work.org": "#+title: Harbor plan\n"}
    conn, root = _logseq_graph(tmp_path, notes)
    if "2026" in str(root):
        pytest.skip("the synced folder's path writes the year: every note is read")
    read = []
    real = text.name_date
    monkeypatch.setattr(text, "name_date", lambda path: read.append(path) or real(path))
    try:
        with pytest.raises(NotFound) as caught:
            show(conn, "Dec 4th, 2026")
        assert caught.value.hint.startswith("Did you mean '2026/12/04.md' or 'journals/2026_12_04.md' or "
                                            "'meetings/Standup 2026-12-04.md'?"), caught.value.hint
        assert read and not [path for path in read if "topic" in path], read
    finally:
        conn.close()


def test_a_day_typed_as_a_link_with_its_heading_is_the_day(tmp_path, monkeypatch):
    """`mrag show '[[2026-12-10#Tasks]]'` and `2026-12-10|x`, a day no note's file name writes, said "no file of that
    name ... (deleted or moved since?)": the link's `#Tasks`, `|x` were read as part of the day. They are cut, as a
    note's name is read."""
    monkeypatch.chdir(tmp_path)
    conn, _root = _logseq_graph(tmp_path, {"journals/2026_12_04.md": "- Plan 2026-12-10.\n"})
    try:
        for typed in ("[[2026-12-10#Tasks]]", "2026-12-10|x", "[[Dec 10th, 2026|the day]]"):
            with pytest.raises(NotFound) as caught:
                show(conn, typed)
            assert "no indexed note's file name is of the day 2026-12-10" in str(caught.value), (typed, caught.value)
        with pytest.raises(NotFound) as caught:
            show(conn, "[[2026-12-04#Tasks]]")
        assert "Did you mean 'journals/2026_12_04.md'" in caught.value.hint
    finally:
        conn.close()


def test_a_number_too_long_for_any_id_is_not_found(kb, mrag_bin):
    """`mrag show` with a 5000-figure number ended in "unexpected ValueError: Exceeds the limit (4300 digits)"
    (int() reads no more), as did a line of that many figures after a path. Neither is any chunk's: not found, the
    number shortened in the error."""
    conn, db_path, _ = kb
    many = "9" * 5000
    with pytest.raises(NotFound, match="^No chunk with id 9{70,80}…\\.$"):
        show(conn, many)
    with pytest.raises(NotFound, match="^projects/atlas.md has no chunk at line 9{70,80}… \\(it has"):
        show(conn, "projects/atlas.md:" + many)
    assert show(conn, "projects/atlas.md:1-" + many)["path"] == "projects/atlas.md"  # the chunk at line 1
    assert show(conn, "0" * 5000 + "1")["chunk_id"] == 1  # a number of few figures after its zeros is read
    res = subprocess.run([mrag_bin, "--db", str(db_path), "show", many], capture_output=True, text=True, timeout=120,
                         env=mrag_env())
    assert res.returncode == 1 and "unexpected" not in res.stderr and "No chunk with id 999" in res.stderr, res.stderr
