"""The index records the version of the heuristic rules its entities come
from (meta heuristic_version): a sync of an index built with other rules
(an older mrag: another version, or none recorded) extracts every note's
entities anew, ending with the graph a rebuild makes; an index built by a
model extractor is told to rebuild instead; a current index costs nothing."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console

from minirag_cli import db
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.extract.llm import PROMPT_VERSION
from minirag_cli.format import render_sync_summary
from minirag_cli.integrity import verify_index
from minirag_cli.store import index_status
from minirag_cli.sync import SyncOptions, rebuild, sync_folders
from tests.conftest import write_notes

# several chunks per note (chunk_tokens below), names the old rules missed
# ("Émile Zola", "Øyvind"), chat speakers (people: the chunk header), fuzzy
# merges ("Harbor Hall" / "Harbour Hall") and two folders
NOTES = {
    "a": {
        "chat.md": "Time: 20260106_10:00\nÉmile: Lunch with Wolfgang Schulz at Harbor Hall?\n"
                   "Wolfgang: Yes, and bring Émile Zola's book for Jennifer Moore.\n"
                   "Émile: Øyvind Berg joins us, he read \"Les Misérables\" twice.\n",
        "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band. He met "
                              "Jennifer Moore at Harbour Hall in Berlin. Émile Zola wrote novels. Ærøskøbing is "
                              "a town Øyvind Berg visited with Wolfgang Schulz in March 2025.\n" * 3,
        "projects/atlas.md": "Project Atlas kickoff with WolfgangSchulz and Jennifer Moore.\n"
                             "Budget review at Harbor Hall next week with Ørsted Energy. #atlas\n",
    },
    "b": {
        "journal.txt": "Time: 20260107_09:00\nLiHua: Dinner with Øyvind Berg and Émile Zola fans at Harbor Hall.\n",
        "zürich.md": "Über Zürich: Émile and Jennifer Moore met Ørsted Energy in Zürich.\n",
    },
}
OPTIONS = SyncOptions(chunk_tokens=24, overlap_tokens=6)


class OldRules(HeuristicExtractor):
    """The heuristic extractor before version 1, as far as these notes show
    it: a name could not start with a capital outside ASCII ("Émile Zola"
    was "Zola", "Øyvind Berg" was "Berg")."""

    def extract_one(self, text, *matter):
        out = []
        for m in super().extract_one(text, *matter):
            if m.name[:1].isupper() and not m.name[:1].isascii():
                rest = m.name.split(maxsplit=1)[1:]
                if not rest:
                    continue
                m = EntityMention(rest[0], m.type)
            out.append(m)
        return out


class Interrupting(HeuristicExtractor):
    """Ctrl-C after `calls` extractor calls."""

    def __init__(self, calls):
        self.calls = calls

    def extract(self, texts, matters=None, speakers=None, comments=None, note_nouns=None, note_titles=None,
                todo_txt=None):
        if self.calls == 0:
            raise KeyboardInterrupt
        self.calls -= 1
        return super().extract(texts, matters, speakers, comments, note_nouns, note_titles, todo_txt)


def folders(tmp_path):
    roots = []
    for name, files in NOTES.items():
        write_notes(tmp_path / name, files)
        roots.append(tmp_path / name)
    return roots


def sync(conn, roots, extractor=None, embedder=None, **kw):
    return sync_folders(conn, roots, embedder=embedder or HashingEmbedder(dim=32),
                        extractor=extractor or HeuristicExtractor(), options=OPTIONS, **kw)


def graph(conn) -> dict:
    """Everything the extraction makes, by entity key and (folder, path, chunk
    seq): entities, name vectors, aliases, mentions, edges, relations with
    their sentences' vectors, and the chunks' headers and FTS rows."""
    key = dict(conn.execute("SELECT id, key FROM entities"))
    where = {cid: (root[-1], path, seq) for cid, root, path, seq in conn.execute(
        "SELECT c.id, d.root, d.path, c.seq FROM chunks c JOIN documents d ON d.id = c.document_id")}
    return {
        "entities": sorted(conn.execute("SELECT key, name, type, mentions, chunks FROM entities")),
        "name vectors": sorted((key[i], v) for i, v in conn.execute("SELECT rowid, embedding FROM vec_entity_names")),
        "aliases": sorted((key[e], a, k, n, m) for e, a, k, n, m in conn.execute(
            "SELECT entity_id, alias, key, count, merge FROM entity_aliases")),
        "mentions": sorted((key[e], where[c], n, f) for e, c, n, f in conn.execute(
            "SELECT entity_id, chunk_id, count, forms FROM mentions")),
        "edges": sorted((*sorted((key[a], key[b])), w) for a, b, w in conn.execute(
            "SELECT a, b, weight FROM cooccurrence")),
        "relations": sorted((where[c], *sorted((key[a], key[b])), s, e, k, v) for c, a, b, s, e, k, v in conn.execute(
            "SELECT r.chunk_id, r.a, r.b, r.start_char, r.end_char, rs.key, rs.vector FROM relations r "
            "JOIN relation_sentences rs ON rs.id = r.sentence_id")),
        "sentences": sorted(conn.execute("SELECT key, vector FROM relation_sentences")),
        "headers": sorted((where[c], h) for c, h in conn.execute("SELECT id, header FROM chunks")),
        "header search": sorted(where[c] for (c,) in conn.execute(
            "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH 'header:emile'")),
    }


def old_index(tmp_path, recorded):
    """An index of NOTES built with the old rules, recording `recorded` (None: no version)."""
    roots = folders(tmp_path)
    conn = db.connect(tmp_path / "old.sqlite", create=True)
    sync(conn, roots, OldRules())
    with db.transaction(conn):
        conn.execute("DELETE FROM meta WHERE key = 'heuristic_version'")
        if recorded is not None:
            db.set_meta(conn, "heuristic_version", recorded)
    return conn, roots


def fresh_graph(tmp_path, roots):
    """The graph a fresh sync of `roots` with this mrag's rules makes."""
    conn = db.connect(tmp_path / "fresh.sqlite", create=True)
    try:
        sync(conn, roots)
        assert db.get_meta(conn, "heuristic_version") == str(VERSION)
        return graph(conn)
    finally:
        conn.close()


def test_a_sync_records_the_version_and_a_current_index_costs_nothing(tmp_path):
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    roots = folders(tmp_path)
    first = sync(conn, roots)
    assert db.get_meta(conn, "heuristic_version") == str(VERSION) and first.reextracted is None
    before = graph(conn)
    ids = conn.execute("SELECT id, key FROM entities ORDER BY id").fetchall()
    again = sync(conn, roots)
    assert again.reextracted is None and again.embedded == 0 and again.unchanged == 5
    assert graph(conn) == before and conn.execute("SELECT id, key FROM entities ORDER BY id").fetchall() == ids
    assert again.to_dict()["reextracted"] is None
    status = index_status(conn, tmp_path / "idx.sqlite")
    assert (status["heuristic_version"], status["heuristic_version_current"]) == (VERSION, VERSION)


def test_the_rules_have_one_version_number():
    """The number is set in extract/rules_version.py (what status reads without compiling the rules) and
    heuristic.py re-exports it: a bump written in heuristic.py again would leave status and sync apart."""
    from minirag_cli.extract import heuristic, rules_version

    assert heuristic.VERSION == rules_version.VERSION and heuristic.rules_update is rules_version.rules_update
    assert "\nVERSION =" not in __import__("pathlib").Path(heuristic.__file__).read_text(encoding="utf-8")


@pytest.mark.parametrize("recorded", [None, "0"], ids=["no version recorded", "older version"])
def test_an_old_index_is_re_extracted_as_a_rebuild_makes_it(tmp_path, recorded):
    conn, roots = old_index(tmp_path, recorded)
    stale = graph(conn)
    assert not any(k.startswith("emile") for k, *_ in stale["entities"])  # the old rules' graph
    embedder = HashingEmbedder(dim=32)
    s = sync(conn, roots, embedder=embedder)
    assert s.reextracted["notes"] == 5 and s.reextracted["from_version"] == recorded
    assert s.reextracted["to_version"] == str(VERSION)
    assert (s.added, s.changed, s.unchanged, s.chunks) == (0, 0, 5, 0)  # nothing chunked, no chunk embedded
    assert 0 < s.embedded < len(stale["name vectors"]) + len(stale["sentences"])  # only the new names and sentences
    assert db.get_meta(conn, "heuristic_version") == str(VERSION)
    assert json.loads(json.dumps(s.to_dict()))["reextracted"]["notes"] == 5
    console = Console(record=True, width=300)
    render_sync_summary(s.to_dict(), console)
    assert "re-extracted  the entities of 5 notes" in console.export_text()
    after = graph(conn)
    assert any(k == "emilezola" for k, *_ in after["entities"]) and after["header search"]
    assert after == fresh_graph(tmp_path, roots)
    assert verify_index(conn) == []
    # and the next sync has nothing to do
    again = sync(conn, roots)
    assert again.reextracted is None and again.embedded == 0 and graph(conn) == after
    conn.close()


def test_a_rebuild_of_the_same_index_gives_the_same_graph(tmp_path):
    """The comparison itself: `sync --rebuild` (the index emptied, the notes
    synced anew) after the re-extraction changes nothing."""
    conn, roots = old_index(tmp_path, None)
    sync(conn, roots)
    reextracted = graph(conn)
    rebuild(conn)
    sync(conn, roots)
    assert graph(conn) == reextracted
    conn.close()


def test_re_extraction_with_unchanged_rules_changes_nothing_and_embeds_nothing(tmp_path):
    """What `mrag eval` checks on LiHua: an index whose version is changed by
    hand is re-extracted to the very same graph, every vector kept."""
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    roots = folders(tmp_path)
    sync(conn, roots)
    before = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "0")
    s = sync(conn, roots)
    assert s.reextracted["notes"] == 5 and s.embedded == 0
    assert graph(conn) == before and verify_index(conn) == []
    conn.close()


# c.md's second Keller makes b.md's lone "Keller" stale once every note is in: a re-extraction extracts b.md again
# (sync._resolve_anew), as LiHua's Christmas chats ("Merry Christmas", then "Christmas") at every rules version
KELLERS = {"a.md": "Juergen Mueller met Anna Keller on Monday.\n",
           "b.md": "Anna Keller called. Keller asked Jürgen Müller twice. Jürgen Müller agreed, Jürgen Müller left.\n",
           "c.md": "Tom Keller wrote the report.\n"}


def _summary_text(summary) -> str:
    console = Console(record=True, width=300)
    render_sync_summary(summary.to_dict(), console)
    return console.export_text()


def test_a_re_extraction_s_notes_resolved_again_are_no_news_and_embed_nothing(tmp_path):
    """After a rules bump, the notes the re-extraction extracts a second time (a name a later note made resolve
    otherwise) are no news: no file changed, the rules did, and the summary says that alone (it said "8 notes
    extracted anew: another note of the folder now has the same file name..." on LiHua). Their texts are the
    index's: no vector is embedded again (8 on LiHua, each byte for byte the one it had), not even of the
    sentences their first reading wrote and the second replaced."""
    root = tmp_path / "vault"
    write_notes(root, KELLERS)
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    sync(conn, [root])
    before = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "0")
    s = sync(conn, [root])
    assert s.reextracted["notes"] == 3 and s.note_names_changed == []
    text = _summary_text(s)
    assert "the index had heuristic rules version 0" in text and "note names" not in text
    assert s.embedded == 0 and re.search(r"embedded +0 texts", text)
    assert graph(conn) == before and verify_index(conn) == []
    conn.close()


def test_a_note_whose_file_name_another_note_now_shares_is_still_news(tmp_path):
    """The summary's "note names" line stays for what it says: a note no file change brought in, extracted anew
    because another note of its folder now has its file name, whether the rules changed in the same sync or not."""
    root = tmp_path / "vault"
    write_notes(root, {"projects/Atlas.md": "Atlas kickoff with Priya Raman.\n",
                       "log.md": "Met Jonas Berg about [[Atlas]].\n"})
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"archive/Atlas.md": "Old Atlas notes by Jonas Berg.\n"})
    s = sync(conn, [root])
    assert s.added_paths == ["archive/Atlas.md"] and s.note_names_changed == ["projects/Atlas.md"]
    assert re.search("note names +1 note extracted anew: another note of the folder now has the same file name",
                     _summary_text(s))
    # the rules bumped too: every note re-extracted first, then the one a third Atlas.md shares its name with anew
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "0")
    (root / "archive/Atlas.md").unlink()
    s = sync(conn, [root])
    assert s.reextracted["notes"] == 3 and s.removed_paths == ["archive/Atlas.md"]
    assert s.note_names_changed == ["projects/Atlas.md"]
    assert re.search("note names +1 note extracted anew", _summary_text(s))
    conn.close()


def test_changed_notes_are_synced_after_the_re_extraction(tmp_path):
    conn, roots = old_index(tmp_path, None)
    (roots[0] / "projects" / "atlas.md").write_text("Project Atlas ends. Émile Zola joins Ørsted Energy.\n")
    (roots[1] / "journal.txt").unlink()
    (roots[1] / "new.md").write_text("Øyvind Berg met Émile at Harbor Hall.\n")
    s = sync(conn, roots)
    assert (s.reextracted["notes"], s.added, s.changed, s.removed) == (5, 1, 1, 1)
    assert verify_index(conn) == []
    assert db.get_meta(conn, "heuristic_version") == str(VERSION)
    conn.close()


def test_ctrl_c_during_the_re_extraction_keeps_the_old_graph(tmp_path):
    conn, roots = old_index(tmp_path, None)
    stale = graph(conn)
    # two documents per group would be too few calls: one group holds every note here
    with pytest.raises(KeyboardInterrupt):
        sync(conn, roots, Interrupting(calls=0))
    assert graph(conn) == stale and verify_index(conn) == []
    assert db.get_meta(conn, "heuristic_version") is None  # the next sync starts again
    s = sync(conn, roots)
    assert s.reextracted["notes"] == 5 and graph(conn) == fresh_graph(tmp_path, roots)
    conn.close()


class _CachedModel:
    """A window extractor standing in for the GGUF one (tests/test_sync.py's
    _CountingModel): answers with the heuristic's names, counts calls and
    the notes it cuts into windows."""

    name, cache_id, parallel = "llm:fake", "fake-model@p1", 1

    def __init__(self):
        self.inner, self.model_calls, self.cuts = HeuristicExtractor(), 0, 0

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        self.cuts += 1
        return note_windows(text)

    def run(self, windows, stop=None):
        for i, w in enumerate(windows):
            self.model_calls += 1
            yield i, self.inner.extract([w.text])[0], None


def test_an_llm_index_is_re_extracted_from_the_model_s_cached_answers(tmp_path):
    """An index a model built with other heuristic rules is extracted anew
    at the next sync when the model's cache holds every window of its notes
    as they are cut now: no model call, and the graph a rebuild makes. It
    was told to rebuild on every sync instead, and kept the old rules'
    names, speakers and headers until then."""
    roots = folders(tmp_path)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, roots, _CachedModel())
    conn = db.connect(tmp_path / "llm.sqlite", create=True)
    sync(conn, roots, _CachedModel())
    with db.transaction(conn):  # what older rules wrote differently
        conn.execute("DELETE FROM meta WHERE key = 'heuristic_version'")
        conn.execute("DELETE FROM mentions WHERE rowid % 3 = 0")
        conn.execute("UPDATE chunks SET header = '---'")
    assert graph(conn) != graph(fresh)
    model = _CachedModel()
    s = sync(conn, roots, model, index_path=tmp_path / "llm.sqlite")
    assert s.reextracted["notes"] == 5 and model.model_calls == 0 and s.cache_hits > 0
    # each note is cut once: to find its windows in the cache, and the re-extraction reads those (it cut them anew)
    assert model.cuts == 5
    assert not [w for w in s.warnings if "heuristic rules" in w["reason"]]
    assert graph(conn) == graph(fresh) and db.get_meta(conn, "heuristic_version") == str(VERSION)
    conn.close()
    fresh.close()


def test_an_llm_index_is_told_to_rebuild_when_the_cache_lacks_windows(tmp_path):
    """Windows the new rules cut differently are not in the model's cache:
    the sync asks no model for them (minutes to hours) and warns, naming the
    rebuild and how many windows it would ask for."""
    roots = folders(tmp_path)
    conn = db.connect(tmp_path / "llm.sqlite", create=True)
    sync(conn, roots, _CachedModel())
    assert db.get_meta(conn, "heuristic_version") == str(VERSION)
    cached = conn.execute("SELECT count(*) FROM extraction_cache").fetchone()[0]
    with db.transaction(conn):
        conn.execute("DELETE FROM meta WHERE key = 'heuristic_version'")
        conn.execute("DELETE FROM extraction_cache WHERE chunk_hash IN (SELECT chunk_hash FROM extraction_cache "
                     "ORDER BY chunk_hash LIMIT 2)")
    before = graph(conn)
    model = _CachedModel()
    s = sync(conn, roots, model, index_path=tmp_path / "llm.sqlite")
    assert s.reextracted is None and model.model_calls == 0 and graph(conn) == before
    notice = [w for w in s.warnings if "heuristic rules" in w["reason"]]
    assert len(notice) == 1 and "--rebuild" in notice[0]["reason"] and str(roots[0]) in notice[0]["reason"]
    assert f"2 of its {cached} windows" in notice[0]["reason"]
    assert notice[0]["path"] == str(tmp_path / "llm.sqlite")
    # a changed note is synced with the new rules, but the index still records none: the others are old
    (roots[1] / "new.md").write_text("Øyvind Berg met Émile at Harbor Hall.\n")
    s = sync(conn, roots, _CachedModel())
    assert s.added == 1 and db.get_meta(conn, "heuristic_version") is None and s.warnings
    rebuild(conn)
    model = _CachedModel()
    s = sync(conn, roots, model)
    assert db.get_meta(conn, "heuristic_version") == str(VERSION) and not s.warnings and model.model_calls == 2
    conn.close()


def test_status_and_doctor_show_an_out_of_date_version(tmp_path):
    from minirag_cli.doctor import OK, WARN, check_index
    from minirag_cli.format import render_status

    conn, roots = old_index(tmp_path, "0")
    conn.close()
    path = tmp_path / "old.sqlite"

    def shown():
        conn = db.connect(path)
        status = index_status(conn, path)
        conn.close()
        console = Console(record=True, width=300)
        render_status(status, console)
        checks = {c.name: c for c in check_index(path)[0]}
        return status, console.export_text(), checks["extractor"]

    status, text, check = shown()
    assert (status["heuristic_version"], status["heuristic_version_current"]) == (0, VERSION)
    assert f"version 0, this mrag has {VERSION}: the next `mrag sync` extracts every note anew" in text, text
    # (the index is named: `mrag sync ROOT` alone would sync another, config.index_to_name)
    assert check.status == WARN and f"mrag --db {path} sync" in check.fix and "--rebuild" not in check.fix, check.fix
    conn = db.connect(path)
    sync(conn, roots)
    conn.close()
    status, text, check = shown()
    assert status["heuristic_version"] == VERSION and f"heuristic (rules version {VERSION})" in text
    assert "this mrag has" not in text and check.status == OK


@pytest.mark.parametrize("recorded, extractor, update", [
    (str(VERSION), "heuristic", None), (VERSION, "llm:qwen@w4", None),  # meta holds text, status an int
    (None, "heuristic", "sync"), (None, None, "sync"), (str(VERSION - 1), "heuristic", "sync"),
    (str(VERSION - 1), "llm:qwen@w4", "rebuild"), (None, "llm", "rebuild"),
    (str(VERSION + 1), "heuristic", "newer"), (str(VERSION + 1), "llm:qwen@w4", "newer"),
])
def test_what_an_index_of_other_rules_needs_is_decided_in_one_place(recorded, extractor, update):
    """sync, doctor and status word it; rules_update decides it for all three."""
    from minirag_cli.extract.heuristic import rules_update

    assert rules_update(recorded, extractor) == update


class _PromptModel(_CachedModel):
    """_CachedModel under this mrag's prompt version (extract/llm.py PROMPT_VERSION)."""

    cache_id = f"fake-model@{PROMPT_VERSION}"


def _newer(conn, what):
    """`conn`'s index as a newer mrag left it: `what` recorded newer than this mrag's."""
    from minirag_cli.walk import READER_VERSION

    with db.transaction(conn):
        if what == "heuristic rules":
            db.set_meta(conn, "heuristic_version", str(VERSION + 1))
        elif what == "file readers":
            db.set_meta(conn, db.READER_VERSION_KEY, json.dumps(
                {root: READER_VERSION + 1 for root in db.meta_dict(conn, db.READER_VERSION_KEY)}))
        else:
            db.set_meta(conn, "extractor_model", "fake-model@w99")


@pytest.mark.parametrize("what", ["heuristic rules", "file readers", "llm prompt"])
def test_an_index_a_newer_mrag_wrote_is_refused_not_downgraded(tmp_path, what):
    """An older mrag took any version of the rules other than its own for an
    older one: it extracted a newer mrag's heuristic index anew with its
    older rules (or read its notes anew with its older file readers, or
    extracted its changed notes with an older prompt) and recorded its own
    versions, in silence. The sync stops before writing anything, with the
    way on (upgrade, or --rebuild), and a rebuild builds it with this mrag."""
    from minirag_cli.errors import DatabaseError

    roots = folders(tmp_path)
    model = (lambda: _PromptModel()) if what == "llm prompt" else (lambda: None)
    conn = db.connect(tmp_path / "idx.sqlite", create=True)
    sync(conn, roots, model())
    _newer(conn, what)
    meta = dict(conn.execute("SELECT key, value FROM meta WHERE key NOT IN ('last_sync')"))
    before = graph(conn)
    (roots[0] / "new.md").write_text("Øyvind Berg met Émile at Harbor Hall.\n")
    with pytest.raises(DatabaseError) as refused:
        sync(conn, roots, model())
    assert str(refused.value).startswith(f"This index was written by a newer mrag ({what} ")
    assert "--rebuild" in refused.value.hint and "Upgrade mrag" in refused.value.hint
    assert graph(conn) == before and dict(conn.execute("SELECT key, value FROM meta WHERE key NOT IN "
                                                       "('last_sync')")) == meta
    assert "new.md" not in {p for (p,) in conn.execute("SELECT path FROM documents")}
    rebuild(conn)  # what `sync --rebuild` builds in: the notes gone, the records kept
    s = sync(conn, roots, model())
    assert s.added == 6 and db.get_meta(conn, "heuristic_version") == str(VERSION)
    from minirag_cli.versions import newer_records

    assert newer_records(conn) == [] and verify_index(conn) == []
    conn.close()


def test_status_and_doctor_say_a_newer_mrag_wrote_the_index(tmp_path):
    from minirag_cli.doctor import FAIL, check_index
    from minirag_cli.format import render_status
    from minirag_cli.walk import READER_VERSION

    from minirag_cli.config import effective
    from minirag_cli.index import Index

    roots = folders(tmp_path)
    path = tmp_path / "idx.sqlite"
    conn = db.connect(path, create=True)
    sync(conn, roots)
    _newer(conn, "heuristic rules")
    _newer(conn, "file readers")
    conn.close()
    with Index.open(effective({"db": str(path)})) as index:  # what `mrag status` shows
        status = index.status()
    assert status["newer_mrag"] == [f"heuristic rules {VERSION + 1} > {VERSION}",
                                    *(f"file readers {READER_VERSION + 1} > {READER_VERSION} of {r}"
                                      for r in sorted(map(str, roots)))]
    console = Console(record=True, width=400)
    render_status(status, console)
    text = console.export_text()
    assert f"heuristic (rules version {VERSION + 1}, newer than this mrag's {VERSION})" in text, text
    assert f"written by a newer mrag (heuristic rules {VERSION + 1} > {VERSION}; file readers" in text, text
    assert "`mrag sync` refuses it" in text and "--rebuild" in text and "extracts every note anew" not in text
    check = {c.name: c for c in check_index(path)[0]}["extractor"]
    assert check.status == FAIL and "written by a newer mrag" in check.detail and "--rebuild" in check.fix


def test_a_sentence_left_without_its_vector_is_a_problem_doctor_names(tmp_path):
    """A re-extraction writes a new relation sentence with an empty vector and
    embeds it before the same commit; one left empty would make every search
    over relation vectors fail ("cannot reshape array"), so the index check
    that `mrag doctor` runs names it."""
    from minirag_cli.doctor import FAIL, check_index
    from minirag_cli.store import UNEMBEDDED

    roots = folders(tmp_path)
    path = tmp_path / "idx.sqlite"
    conn = db.connect(path, create=True)
    sync(conn, roots)
    assert verify_index(conn) == []
    conn.execute("UPDATE relation_sentences SET vector = ? WHERE id = (SELECT min(id) FROM relation_sentences)",
                 (UNEMBEDDED,))
    conn.commit()
    assert "relation sentences without a vector: 1" in verify_index(conn)
    conn.close()
    failed = [c for c in check_index(path)[0] if c.status == FAIL]
    assert any("relation sentences without a vector: 1" in c.detail for c in failed), failed
