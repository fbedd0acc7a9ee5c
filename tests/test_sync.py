"""Sync on a small corpus written by the test: exact row counts in every table
after add, re-sync, edit, rename, delete and ignore, and derived counts that
always equal a recomputation and a clean sync of the same folder."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from minirag_cli import db
from minirag_cli.integrity import verify_index
from minirag_cli.store import table_counts
from minirag_cli.errors import Interrupted, UsageError
from minirag_cli.sync import NullProgress, SyncOptions, rebuild, sync_folders
from tests.conftest import write_notes

CORPUS = {
    "people/wolfgang.md": "# Wolfgang Schulz\n\nWolfgang Schulz plays bass in the Harbor Band.\n"
                          "He met Jennifer Moore at Harbor Hall in Berlin.\n",
    "projects/atlas.md": "Project Atlas kickoff with WolfgangSchulz and Jennifer Moore.\n"
                         "Budget review at Harbor Hall next week. #atlas\n",
    "journal/2026-01-06.txt": "Time: 20260106_10:00\nLiHua: Lunch with wolfgang schulz, then \"Blue Note\" rehearsal.\n",
    "readme.rst": "Nothing capitalised here except the start.\n",
}


def run(conn, root, embedder, extractor, **kw):
    return sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions(**kw))


def snapshot(conn):
    counts = table_counts(conn)
    counts.pop("extraction_cache")
    return counts


def test_first_sync_fills_every_table(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    s = run(conn, root, embedder, extractor)
    assert (s.added, s.changed, s.removed, s.unchanged) == (4, 0, 0, 0)
    counts = snapshot(conn)
    for table in ("documents", "chunks", "chunks_fts", "entities", "entity_aliases", "mentions", "cooccurrence",
                  "relations", "relation_sentences", "vec_chunks", "vec_entity_names"):
        assert counts[table] > 0, table
    assert counts["documents"] == 4
    assert counts["vec_chunks"] == counts["chunks"] == counts["chunks_fts"]
    assert counts["vec_entity_names"] == counts["entities"]
    # one vector per relation sentence, whatever the number of pairs it joins
    assert counts["relation_sentences"] == conn.execute(
        "SELECT count(DISTINCT sentence_id) FROM relations").fetchone()[0] < counts["relations"]
    spans = conn.execute("SELECT c.text, r.start_char, r.end_char FROM relations r "
                         "JOIN chunks c ON c.id = r.chunk_id").fetchall()
    assert all(0 <= s < e <= len(text) and text[s:e] == text[s:e].strip() for text, s, e in spans)
    assert verify_index(conn) == []


def test_resolution_merges_spellings(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    rows = conn.execute("SELECT e.name, a.alias FROM entities e JOIN entity_aliases a ON a.entity_id = e.id "
                        "WHERE e.key = 'wolfgangschulz'").fetchall()
    aliases = {a for _n, a in rows}
    assert {"Wolfgang Schulz", "WolfgangSchulz"} <= aliases
    assert conn.execute("SELECT count(*) FROM entities WHERE key LIKE 'wolfgang%'").fetchone()[0] == 1
    # mentions counted per occurrence across the three files that name him
    mentions, chunks = conn.execute("SELECT mentions, chunks FROM entities WHERE key='wolfgangschulz'").fetchone()
    assert chunks == 2 and mentions >= 3


def test_resync_unchanged_is_a_noop(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    before = snapshot(conn)
    embedded_before = embedder.texts_embedded
    s = run(conn, root, embedder, extractor)
    assert (s.added, s.changed, s.removed, s.unchanged) == (0, 0, 0, 4)
    assert embedder.texts_embedded == embedded_before  # no embedding at all
    assert s.chunks == 0
    assert snapshot(conn) == before


PAGE = '<!DOCTYPE html>\n<html><head><meta name="generator" content="mrag 0.1">\n<title>graph</title>\n'


def _note_opens(monkeypatch, root: Path) -> list[str]:
    """Record the files under `root` opened from now on (os.open: the walk's
    check for mrag's pages; io.open and open: Path.read_bytes and the rest)."""
    import builtins
    import io

    opened: list[str] = []
    under = str(root.resolve()) + os.sep

    def counting(real):
        def wrapper(file, *args, **kwargs):
            name = os.path.abspath(os.fsdecode(file)) if isinstance(file, (str, bytes, os.PathLike)) else ""
            if name.startswith(under):
                opened.append(name[len(under):].replace(os.sep, "/"))
            return real(file, *args, **kwargs)
        return wrapper

    monkeypatch.setattr(os, "open", counting(os.open))
    monkeypatch.setattr(io, "open", counting(io.open))
    monkeypatch.setattr(builtins, "open", counting(builtins.open))
    return opened


def test_a_sync_with_no_change_opens_no_note(tmp_path, conn, embedder, extractor, monkeypatch):
    """The walk's check for a page mrag wrote (walk.written_by_mrag) opened
    and read every note file at every sync: a no-change sync read the whole
    folder (on a network folder or a cloud drive's placeholders an open
    fetches the file). A note the index holds as it is (size, mtime) was
    checked when it was read: only new and changed files are opened, and a
    page saved under a note's extension stays passed over, unreported, and
    unopened while it is unchanged (readers 5: walk_notes' `looked`)."""
    root = tmp_path / "notes"
    write_notes(root, {**CORPUS, "page.md": PAGE})
    old = time.time() - 60  # not racy: the first sync records the mtimes, the next compares them
    for path in root.rglob("*.*"):
        os.utime(path, (old, old))
    run(conn, root, embedder, extractor)
    opened = _note_opens(monkeypatch, root)
    s = run(conn, root, embedder, extractor)
    assert (s.added, s.changed, s.removed, s.unchanged, s.skipped) == (0, 0, 0, 4, [])
    assert opened == []  # the page the index does not hold: passed over again, as recorded (db.LOOKED_KEY)
    (root / "projects/atlas.md").write_text(CORPUS["projects/atlas.md"] + "Jennifer Moore chairs it.\n")
    (root / "new.md").write_text(PAGE)  # a page saved since
    (root / "later.md").write_text("Wolfgang Schulz joined Project Atlas.\n")
    opened.clear()
    s = run(conn, root, embedder, extractor)
    assert (s.added_paths, s.changed_paths, s.unchanged, s.skipped) == (["later.md"], ["projects/atlas.md"], 3, [])
    # each checked once by the walk (os.open) and the two notes read by the sync
    assert sorted(set(opened)) == ["later.md", "new.md", "projects/atlas.md"]
    assert sorted(opened) == ["later.md", "later.md", "new.md", "projects/atlas.md", "projects/atlas.md"]
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert "page.md" not in paths and "new.md" not in paths


def test_a_page_an_older_mrag_indexed_as_a_note_goes_at_the_next_sync(tmp_path, conn, embedder, extractor,
                                                                    monkeypatch):
    """An mrag before the check for its pages indexed `graph view -o page.md`
    as a note; the page is unchanged since, so only the reader version
    (walk.READER_VERSION 4: unchanged notes are no longer checked) has the
    next sync check it, and drop it, once."""
    from minirag_cli import walk

    root = tmp_path / "notes"
    write_notes(root, {"a.md": CORPUS["people/wolfgang.md"], "page.md": PAGE})
    old = time.time() - 60
    for path in root.glob("*.md"):
        os.utime(path, (old, old))
    with monkeypatch.context() as m:  # the walk before: no page told apart
        m.setattr(walk, "written_by_mrag", lambda path: False)
        run(conn, root, embedder, extractor)
    assert conn.execute("SELECT count(*) FROM documents WHERE path = 'page.md'").fetchone()[0] == 1
    db.set_meta(conn, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 3}))
    s = run(conn, root, embedder, extractor)
    assert s.removed_paths == ["page.md"] and s.unchanged == 1 and s.skipped == []
    opened = _note_opens(monkeypatch, root)
    s = run(conn, root, embedder, extractor)  # recorded: the next sync opens nothing, the page neither
    assert s.unchanged == 1 and s.removed == 0 and opened == []


def test_touch_without_change_rehashes_but_does_not_reindex(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    path = root / "projects/atlas.md"
    os.utime(path, (time.time() + 100, time.time() + 100))
    embedded = embedder.texts_embedded
    s = run(conn, root, embedder, extractor)
    assert s.unchanged == 4 and s.changed == 0 and embedder.texts_embedded == embedded


def _stat_reads(monkeypatch):
    """Count the notes a sync reads (bytes, not just a stat)."""
    from minirag_cli import sync as syncmod

    reads = []
    real = syncmod._read_note
    monkeypatch.setattr(syncmod, "_read_note", lambda run, note: reads.append(note.path) or real(run, note))
    return reads


def test_an_edit_in_the_same_timestamp_tick_is_not_missed(tmp_path, conn, embedder, extractor, monkeypatch):
    # a note edited again right after a sync read it, with the same size, in the same mtime tick
    # (FAT keeps 2 s): size and mtime matched the index, so the edit was never indexed
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Wolfgang plays bass.\n"})
    path = root / "a.md"
    tick = time.time() - 0.5
    os.utime(path, (tick, tick))
    run(conn, root, embedder, extractor)
    path.write_text("Jennifer plays harp.\n")  # same size
    os.utime(path, (tick, tick))  # the same tick
    s = run(conn, root, embedder, extractor)
    assert s.changed == 1, s
    text = conn.execute("SELECT text FROM chunks").fetchone()[0]
    assert "Jennifer" in text
    # a note last written long before the sync read it costs a stat again
    old = time.time() - 60
    os.utime(path, (old, old))
    run(conn, root, embedder, extractor)  # same bytes: rehashed, its mtime recorded
    reads = _stat_reads(monkeypatch)
    s = run(conn, root, embedder, extractor)
    assert s.unchanged == 1 and reads == []


def test_edit_delete_rename_ignore_match_clean_sync(tmp_path, db_path, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    conn = db.connect(db_path, create=True)
    run(conn, root, embedder, extractor)

    # edit: one file changes, exactly that file is re-processed
    (root / "projects/atlas.md").write_text("Project Atlas moved to Oslo with Ingrid Berg.\n", encoding="utf-8")
    s = run(conn, root, embedder, extractor)
    assert (s.added, s.changed, s.removed, s.unchanged) == (0, 1, 0, 3)
    assert s.changed_paths == ["projects/atlas.md"]
    assert verify_index(conn) == []

    # rename: old path removed, new path added, chunk vectors reused (no re-embedding of chunks)
    (root / "people/wolfgang.md").rename(root / "people/schulz.md")
    s = run(conn, root, embedder, extractor)
    assert (s.added, s.removed) == (1, 1) and s.reused_vectors >= 1
    assert verify_index(conn) == []

    # delete
    (root / "journal/2026-01-06.txt").unlink()
    s = run(conn, root, embedder, extractor)
    assert s.removed == 1
    assert conn.execute("SELECT count(*) FROM entities WHERE key = 'bluenote'").fetchone()[0] == 0
    assert verify_index(conn) == []

    # ignore
    (root / ".mragignore").write_text("people/\n", encoding="utf-8")
    s = run(conn, root, embedder, extractor)
    assert s.removed == 1
    assert conn.execute("SELECT count(*) FROM documents WHERE path LIKE 'people/%'").fetchone()[0] == 0
    assert verify_index(conn) == []
    after = snapshot(conn)
    names = sorted(r[0] for r in conn.execute("SELECT key FROM entities"))
    weights = sorted(conn.execute(
        "SELECT ea.key, eb.key, c.weight FROM cooccurrence c JOIN entities ea ON ea.id=c.a "
        "JOIN entities eb ON eb.id=c.b").fetchall())
    conn.close()

    # a clean sync of the same folder gives the same rows and the same numbers
    clean = db.connect(tmp_path / "clean.sqlite", create=True)
    run(clean, root, embedder, extractor)
    assert snapshot(clean) == after
    assert sorted(r[0] for r in clean.execute("SELECT key FROM entities")) == names
    assert sorted(clean.execute(
        "SELECT ea.key, eb.key, c.weight FROM cooccurrence c JOIN entities ea ON ea.id=c.a "
        "JOIN entities eb ON eb.id=c.b").fetchall()) == weights


def test_deleting_everything_leaves_no_rows(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    for rel in CORPUS:
        (root / rel).unlink()
    s = run(conn, root, embedder, extractor)
    assert s.removed == 4
    counts = snapshot(conn)
    assert all(v == 0 for v in counts.values()), counts


def test_chunks_remember_line_spans(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    lines = [f"Line {i} mentions Project Atlas and Ingrid Berg." for i in range(1, 101)]
    write_notes(root, {"long.md": "\n".join(lines) + "\n"})
    run(conn, root, embedder, extractor, chunk_tokens=40, overlap_tokens=8)
    rows = conn.execute("SELECT text, start_line, end_line FROM chunks ORDER BY seq").fetchall()
    assert len(rows) > 5
    for text, start, end in rows:
        assert text.splitlines()[0] == lines[start - 1]
        assert text.splitlines()[-1] == lines[end - 1]
    # consecutive chunks overlap and together cover every line
    assert rows[0][1] == 1 and rows[-1][2] == 100
    for (_t, _s, e1), (_t2, s2, _e2) in zip(rows, rows[1:]):
        assert s2 <= e1


def test_skips_hidden_binary_large_and_other_extensions(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, {"ok.md": "Fine note about Oslo.\n", ".git/config.md": "Hidden Thing\n",
                       ".hidden/x.md": "Hidden Place\n", "image.png": "not a note", "data.json": "{}"})
    (root / "bin.txt").write_bytes(b"abc\x00\x01\x02")
    (root / "big.md").write_text("word " * 5000, encoding="utf-8")
    (root / "latin1.txt").write_bytes("Caf\xe9 in M\xfcnchen with Ingrid Berg\n".encode("latin-1"))
    s = run(conn, root, embedder, extractor, max_bytes=10_000)
    paths = {r[0] for r in conn.execute("SELECT path FROM documents")}
    assert paths == {"ok.md", "latin1.txt"}
    reasons = {d["path"]: d["reason"] for d in s.skipped}
    assert "binary" in reasons["bin.txt"] and "size limit" in reasons["big.md"]
    assert any(w["path"] == "latin1.txt" and "UTF-8" in w["reason"] for w in s.warnings)


def test_symlink_out_of_root_is_not_followed(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    outside = tmp_path / "secret"
    write_notes(root, {"a.md": "Alpha Note\n"})
    write_notes(outside, {"s.md": "Secret Plan\n"})
    (root / "link.md").symlink_to(outside / "s.md")
    (root / "loop").symlink_to(root, target_is_directory=True)
    s = run(conn, root, embedder, extractor)
    assert {r[0] for r in conn.execute("SELECT path FROM documents")} == {"a.md"}
    assert any(d["path"] == "link.md" and "outside" in d["reason"] for d in s.skipped)


@pytest.mark.parametrize("follow", [False, True])
def test_a_symlink_to_a_note_of_the_folder_indexes_it_once(tmp_path, conn, embedder, extractor, follow):
    """A file symlink to a note of the synced folder (relative, absolute or a
    link to a link) indexed the note again under each link's name: every
    answer held it twice or more. Folder links into the folder were already
    passed over; file links are too, and listed. A link to a hidden note,
    which the walk never reaches, still indexes it."""
    root = tmp_path / "notes"
    write_notes(root, {"a.md": "Alpha Note about Harbor Hall.\n", ".drafts/h.md": "Hidden Draft.\n"})
    (root / "sub").mkdir()
    (root / "sub" / "rel.md").symlink_to("../a.md")
    (root / "abs.md").symlink_to(root / "a.md")
    (root / "chain.md").symlink_to("abs.md")
    (root / "draft.md").symlink_to(".drafts/h.md")
    s = run(conn, root, embedder, extractor, follow_symlinks=follow)
    assert sorted(s.added_paths) == ["a.md", "draft.md"]
    reasons = {d["path"]: d["reason"] for d in s.skipped}
    assert {p: reasons.get(p) for p in ("abs.md", "chain.md", "sub/rel.md")} == dict.fromkeys(
        ("abs.md", "chain.md", "sub/rel.md"), "symlink to a note in the synced folder (indexed at its real path)")
    assert verify_index(conn) == []


def test_hard_links_to_one_note_index_it_once(tmp_path, conn, embedder, extractor):
    """Two names of one file (hard links: the same device and inode) were two
    notes, every answer holding it twice. It is indexed once, at the first
    name in path order, the other names listed as symlinks to a note are; an
    edit through any name re-syncs it, removing a name keeps it (under the
    name left), and `mrag show` of another name shows it."""
    from minirag_cli.store.lookup import find_document

    root = tmp_path / "notes"
    write_notes(root, {"b.md": "Bravo Note about Harbor Hall with Olav Nygaard.\n", "other.md": "Other Note.\n"})
    (root / "sub").mkdir()
    os.link(root / "b.md", root / "a.md")
    os.link(root / "b.md", root / "sub" / "c.md")
    (root / "d.md").symlink_to("b.md")  # a symlink to a name passed over: still the one note
    s = run(conn, root, embedder, extractor)
    assert sorted(s.added_paths) == ["a.md", "other.md"]
    reasons = {d["path"]: d["reason"] for d in s.skipped}
    assert reasons == {"b.md": "hard link to the note a.md (the same file, indexed at that path)",
                       "sub/c.md": "hard link to the note a.md (the same file, indexed at that path)",
                       "d.md": "symlink to a note in the synced folder (indexed at its real path)"}
    assert find_document(conn, str(root / "sub" / "c.md"))["path"] == "a.md"
    with open(root / "sub" / "c.md", "a") as f:  # edited in place through a name that is passed over
        f.write("Then rehearsal with Mei Chen.\n")
    s = run(conn, root, embedder, extractor)
    assert s.changed_paths == ["a.md"] and s.added == s.removed == 0
    texts = [t for (t,) in conn.execute("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                                        "WHERE d.path = 'a.md'")]
    assert "Mei Chen" in " ".join(texts)
    (root / "b.md").unlink()
    s = run(conn, root, embedder, extractor)
    assert s.removed == 0 and s.unchanged == 2 and [d["path"] for d in s.skipped] == ["d.md", "sub/c.md"]
    (root / "a.md").unlink()  # the name it was indexed at: the note stays, at the name left
    s = run(conn, root, embedder, extractor)
    assert s.removed_paths == ["a.md"] and s.added_paths == ["sub/c.md"]
    assert sorted(p for (p,) in conn.execute("SELECT path FROM documents")) == ["other.md", "sub/c.md"]
    assert verify_index(conn) == []


def test_rebuild_keeps_nothing_but_the_cache(tmp_path, conn, embedder, extractor):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    rebuild(conn)
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 0
    assert not db.has_vec_tables(conn)
    s = run(conn, root, embedder, extractor)
    assert s.added == 4 and verify_index(conn) == []


def test_cached_answers_go_with_the_chunks_they_read(tmp_path, conn, embedder, extractor):
    # `mrag eval --answers` caches answers by the chunks they read; an edited,
    # deleted or rebuilt note left its answers in answer_cache for good
    from minirag_cli.store import cache_answer, index_status

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)

    def chunks_of(path):
        return [r[0] for r in conn.execute("SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
                                           "WHERE d.path = ? ORDER BY c.seq", (path,))]

    def cache(key, chunk_ids):
        cache_answer(conn, key, question=key, chunk_ids=chunk_ids, model_id="m", prompt_version="a1",
                     answer={"text": key}, created_at="2026-01-01T00:00:00")

    def cached():
        return {r[0] for r in conn.execute("SELECT key FROM answer_cache")}

    wolfgang, atlas = chunks_of("people/wolfgang.md"), chunks_of("projects/atlas.md")
    cache("wolfgang", wolfgang)
    cache("both", [*atlas, *wolfgang])
    cache("atlas", atlas)
    cache("verdict", [])  # a judge's verdict reads no chunk
    cache("left-before", [max(wolfgang + atlas) + 1000])  # left by a sync before the pruning
    assert run(conn, root, embedder, extractor).unchanged == 4
    assert cached() == {"wolfgang", "both", "atlas", "verdict", "left-before"}  # nothing removed: left alone
    (root / "people/wolfgang.md").write_text(CORPUS["people/wolfgang.md"] + "He moved to Hamburg.\n")
    assert run(conn, root, embedder, extractor).changed == 1
    assert cached() == {"atlas", "verdict"}
    assert index_status(conn, tmp_path / "idx" / "index.sqlite")["cached_answers"] == 2
    # the lines chosen for an answer (answer.memo_sources) are kept beside it, are pruned alike, and are no answer
    cache_answer(conn, "lines", question="q", chunk_ids=atlas, model_id="e", prompt_version="lines1",
                 answer={"sources": []}, created_at="2026-01-01T00:00:00")
    assert index_status(conn, tmp_path / "idx" / "index.sqlite")["cached_answers"] == 2
    (root / "projects/atlas.md").unlink()
    assert run(conn, root, embedder, extractor).removed == 1
    assert cached() == {"verdict"}
    cache("journal", chunks_of("journal/2026-01-06.txt"))
    rebuild(conn)  # chunk ids start over: the answer's would point at other chunks
    run(conn, root, embedder, extractor)
    assert cached() == {"verdict"}


class _InterruptAfter(NullProgress):
    """Ctrl-C once `files` notes are written."""

    def __init__(self, files: int):
        self.left = files

    def advance(self, n_files: int, n_chunks: int) -> None:
        self.left -= n_files
        if self.left <= 0:
            raise KeyboardInterrupt


def test_an_interrupted_rebuild_keeps_its_chunking_for_the_next_sync(tmp_path, conn, embedder, extractor):
    # The chunk sizes were recorded only when a sync ended: a `--rebuild --chunk-tokens 8`
    # stopped midway left the old 120 recorded, and the next plain sync chunked the
    # rest at 120 (an index built two ways, status showing one) instead of refusing
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor)
    rebuild(conn)
    with pytest.raises(KeyboardInterrupt):
        sync_folders(conn, [root], embedder=embedder, extractor=extractor,
                     options=SyncOptions(chunk_tokens=8, overlap_tokens=2), progress=_InterruptAfter(1))
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 1
    assert (db.get_meta(conn, "chunk_tokens"), db.get_meta(conn, "overlap_tokens")) == ("8", "2")
    with pytest.raises(UsageError, match="chunked at 8 tokens"):
        run(conn, root, embedder, extractor)
    s = run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=2)  # resumes the same way
    assert s.added == 3 and verify_index(conn) == []


def test_an_overlap_over_half_a_chunk_is_refused_not_cut(tmp_path, conn, embedder, extractor):
    # `--chunk-tokens 8 --overlap 6` chunked with an overlap of 4 (cut without a
    # word) while the index recorded, and `status` showed, 6
    from minirag_cli.chunking import chunk_text

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    with pytest.raises(UsageError, match="more than half of --chunk-tokens 8: at most 4") as refused:
        run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=6)
    assert "--overlap 4 or less" in refused.value.hint
    with pytest.raises(ValueError):  # the chunker too: it no longer cuts what it is given
        chunk_text(CORPUS["people/wolfgang.md"], 8, 6)
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 0
    s = run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=4)  # half a chunk is allowed
    assert s.added == 4
    # the default overlap (20) is not the user's: chunks of 8 take 4, and the index says so
    assert run(conn, root, embedder, extractor, chunk_tokens=8).unchanged == 4


def test_an_index_that_recorded_a_cut_overlap_shows_and_keeps_the_one_used(tmp_path, conn, embedder, extractor):
    # an index synced before the refusal may record `overlap_tokens` 6 for chunks of
    # 8 (built with 4): it opens, status says 4, and a sync with 4 is the same build
    from minirag_cli.store import index_status

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=4)
    with conn:
        db.set_meta(conn, "overlap_tokens", "6")
    status = index_status(conn, tmp_path / "idx" / "index.sqlite")
    assert (status["chunk_tokens"], status["overlap_tokens"]) == (8, 4)
    with pytest.raises(UsageError, match="chunked at 8 tokens with 4 of overlap") as refused:
        run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=2)
    assert "--chunk-tokens 8 --overlap 4" in refused.value.hint
    assert run(conn, root, embedder, extractor, chunk_tokens=8, overlap_tokens=4).unchanged == 4
    assert db.get_meta(conn, "overlap_tokens") == "4"


def test_a_folder_inside_a_root_synced_halfway_is_refused(tmp_path, conn, embedder, extractor):
    # the synced folders were recorded only when a sync ended: after an interrupted
    # first sync of notes/, `sync notes/people` was let in and indexed its notes twice
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    with pytest.raises(KeyboardInterrupt):
        sync_folders(conn, [root], embedder=embedder, extractor=extractor, progress=_InterruptAfter(1))
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 1
    with pytest.raises(UsageError, match="is inside") as refused:
        run(conn, root / "people", embedder, extractor)
    # the hint was "Sync notes alone, after `mrag sync DIR --rebuild` forgets the folders synced
    # before": read as the way to refresh a subfolder, which would drop the rest of the folder
    assert refused.value.hint.startswith(f'Its notes are indexed with {root.resolve()}: mrag sync {root.resolve()} '
                                         're-syncs them'), refused.value.hint
    assert f'mrag sync {(root / "people").resolve()} --rebuild would index' in refused.value.hint


def test_two_roots_keep_their_own_documents(tmp_path, conn, embedder, extractor):
    a, b = tmp_path / "a", tmp_path / "b"
    write_notes(a, {"x.md": "Alpha Project with Ingrid Berg\n"})
    write_notes(b, {"x.md": "Beta Project with Ingrid Berg\n"})
    sync_folders(conn, [a, b], embedder=embedder, extractor=extractor)
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 2
    s = run(conn, a, embedder, extractor)  # syncing one root leaves the other alone
    assert s.removed == 0 and conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 2
    assert conn.execute("SELECT chunks FROM entities WHERE key='ingridberg'").fetchone()[0] == 2


def test_the_same_folder_twice_is_synced_once(tmp_path, conn, embedder, extractor):
    """`mrag sync notes notes/` walked the folder twice: the summary counted
    every note twice (66 unchanged for 33 notes) and listed the root twice."""
    a = tmp_path / "a"
    write_notes(a, {"x.md": "Alpha Project with Ingrid Berg\n", "y.md": "Beta with Ingrid Berg\n"})
    s = sync_folders(conn, [a, tmp_path / "a" / ".." / "a"], embedder=embedder, extractor=extractor)
    assert (s.added, s.roots) == (2, [str(a.resolve())])
    s = sync_folders(conn, [a, a], embedder=embedder, extractor=extractor)
    assert (s.unchanged, s.roots) == (2, [str(a.resolve())])


class _CountingModel:
    """A window extractor standing in for the GGUF one (the interface sync
    uses: `windows`, `run`, `cache_id`): answers each window with the
    heuristic's names, counts calls, and can die after a number of windows."""

    name, cache_id, parallel = "fake-llm", "fake-model@p1", 1

    def __init__(self, die_after=None):
        from minirag_cli.extract.heuristic import HeuristicExtractor

        self.inner, self.seen, self.die_after = HeuristicExtractor(), 0, die_after

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        return note_windows(text)

    def run(self, windows, stop=None):
        for i, w in enumerate(windows):
            if self.die_after is not None and self.seen >= self.die_after:
                raise KeyboardInterrupt  # the user pressed Ctrl-C mid-sync
            self.seen += 1
            yield i, self.inner.extract([w.text])[0], None


def test_interrupted_model_sync_keeps_the_answers_it_paid_for(tmp_path, conn, embedder):
    # one file group, nine one-window notes: every answer is committed as it is written
    write_notes(tmp_path / "n", {f"n{i}.md": f"Anna Weber met Oskar Brandt in Berlin on day {i}.\n"
                                 for i in range(9)})
    with pytest.raises(KeyboardInterrupt):
        run(conn, tmp_path / "n", embedder, _CountingModel(die_after=5))
    cached = conn.execute("SELECT count(*) FROM extraction_cache").fetchone()[0]
    assert cached == 5  # the five answers written before Ctrl-C
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 0  # the group never committed
    again = _CountingModel()
    s = run(conn, tmp_path / "n", embedder, again)
    assert s.cache_hits == 5 and again.seen == 4 and s.added == 9
    assert run(conn, tmp_path / "n", embedder, _CountingModel(die_after=0)).unchanged == 9  # no call at all


class _Check(NullProgress):
    """Calls `check()` after every note the sync writes."""

    def __init__(self, check):
        self.check = check

    def advance(self, n_files: int, n_chunks: int) -> None:
        if n_chunks:
            self.check()


def _documents(path) -> tuple[set, int, list]:
    """(documents, chunks, notes FTS finds for 'Moore'), read in a new connection as `mrag ask` would."""
    reader = db.connect(path)
    try:
        return (set(reader.execute("SELECT path, hash FROM documents")),
                reader.execute("SELECT count(*) FROM chunks").fetchone()[0],
                sorted(r[0] for r in reader.execute(
                    "SELECT DISTINCT d.path FROM chunks_fts f JOIN chunks c ON c.id = f.rowid "
                    "JOIN documents d ON d.id = c.document_id WHERE chunks_fts MATCH 'moore'")))
    finally:
        reader.close()


def _rebuild_index(tmp_path):
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from mrag_test_plugin import hashing_embedder

    settings = effective({"db": str(tmp_path / "idx" / "index.sqlite"), "embedding_model": "hashing:64"})
    return Index.open(settings, create=True, embedder_factory=hashing_embedder)


def test_readers_see_the_whole_old_index_until_a_rebuild_is_done(tmp_path):
    """`sync --rebuild` emptied the index and refilled it note by note: an
    `ask` meanwhile found only the notes rebuilt so far. The new index is
    built aside and copied in whole at the end."""
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    model = _CountingModel()
    with _rebuild_index(tmp_path) as index:
        index.sync([root], extractor=model)
        old = _documents(index.path)
        assert len(old[0]) == 4 and old[2] == ["people/wolfgang.md", "projects/atlas.md"]
        held = db.connect(index.path)  # a reader in the middle of a query when the new index comes in
        held.execute("BEGIN")
        assert held.execute("SELECT count(*) FROM chunks").fetchone()[0] == old[1]
        write_notes(root, {"journal/2026-01-07.txt": "Jennifer Moore joined the Harbor Band.\n"})
        seen = []
        summary = index.sync([root], SyncOptions(chunk_tokens=8, overlap_tokens=2), extractor=model, rebuild=True,
                             progress=_Check(lambda: seen.append(_documents(index.path))))
        assert summary.added == 5 and len(seen) == 5
        assert all(s == old for s in seen)  # mid-rebuild: every old note, no new one
        assert held.execute("SELECT count(*) FROM chunks").fetchone()[0] == old[1]  # its snapshot holds
        held.execute("COMMIT")
        new = _documents(index.path)
        assert len(new[0]) == 5 and new[1] > old[1] and "journal/2026-01-07.txt" in new[2]
        assert held.execute("SELECT count(*) FROM chunks").fetchone()[0] == new[1]
        held.close()
        assert verify_index(index.conn) == [] and db.get_meta(index.conn, "chunk_tokens") == "8"
        assert model.seen == 5  # the old notes' answers came from the extraction cache, carried over
    assert sorted(p.name for p in (tmp_path / "idx").iterdir() if "rebuild" in p.name) == []


def test_an_interrupted_rebuild_leaves_the_index_whole_with_the_answers_it_paid_for(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    model = _CountingModel()
    with _rebuild_index(tmp_path) as index:
        index.sync([root], extractor=model)
        old = _documents(index.path)
        cached = index.conn.execute("SELECT count(*) FROM extraction_cache").fetchone()[0]
        write_notes(root, {"journal/2026-01-07.txt": "Jennifer Moore joined the Harbor Band.\n"})
        with pytest.raises(KeyboardInterrupt) as stopped:
            index.sync([root], SyncOptions(chunk_tokens=8, overlap_tokens=2), extractor=model, rebuild=True,
                       progress=_InterruptAfter(1))
        # says so: the CLI's general "everything committed so far is kept" promised the notes written aside
        assert isinstance(stopped.value, Interrupted) and "the index is as it was" in stopped.value.message
        assert _documents(index.path) == old and db.get_meta(index.conn, "chunk_tokens") == "120"
        assert verify_index(index.conn) == []
        # the new note's answer (its group was answered before the first note was written) is kept
        assert index.conn.execute("SELECT count(*) FROM extraction_cache").fetchone()[0] == cached + 1
        assert model.seen == 5
        assert index.sync([root], extractor=model).added == 1  # and the index syncs on as before
        assert model.seen == 5
    assert [p.name for p in (tmp_path / "idx").iterdir() if "rebuild" in p.name] == []


def test_a_verdict_cached_while_a_rebuild_runs_is_kept(tmp_path):
    """A judge's verdict (an answer cache row that read no chunk) written
    into the live index by another process during `sync --rebuild` was lost
    when the rebuilt copy went over the index; one written before is kept
    as it was, and answers that read chunks go (their ids start over)."""
    from minirag_cli import store

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    model = _CountingModel()

    def cache(conn, key, chunk_ids):
        store.cache_answer(conn, key, question="q", chunk_ids=chunk_ids, model_id="m", prompt_version="p",
                           answer={"verdict": key}, created_at="2026-12-04T00:00:00")

    with _rebuild_index(tmp_path) as index:
        index.sync([root], extractor=model)
        chunk = index.conn.execute("SELECT min(id) FROM chunks").fetchone()[0]
        cache(index.conn, "before", [])
        cache(index.conn, "read-a-chunk", [chunk])
        other = db.connect(index.path)  # `mrag eval --answers --judge` in another process
        index.sync([root], extractor=model, rebuild=True,
                   progress=_Check(lambda: cache(other, "during", [])))
        other.close()
        keys = {k for (k,) in index.conn.execute("SELECT key FROM answer_cache")}
    assert keys == {"before", "during"}


def test_an_index_kept_inside_the_synced_folder_is_not_reported_as_a_skipped_note(tmp_path):
    """`mrag --db notes/idx.sqlite sync notes` listed idx.sqlite, its -wal,
    -shm and .lock, and during `--rebuild` the .rebuild files, as skipped
    "not a note file"; a file that is not a note is still reported."""
    from minirag_cli.config import effective
    from minirag_cli.index import Index
    from mrag_test_plugin import hashing_embedder

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    (root / "photo.png").write_bytes(b"\x89PNG")
    settings = effective({"db": str(root / "idx.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        first = index.sync([root], extractor=_CountingModel())
        rebuilt = index.sync([root], extractor=_CountingModel(), rebuild=True)
        again = index.sync([root], extractor=_CountingModel())
    assert {"idx.sqlite", "idx.sqlite.lock"} <= {p.name for p in root.iterdir()}  # there while it was walked
    for summary, new in ((first, True), (rebuilt, True), (again, False)):  # a rebuild starts over: new again
        assert summary.skipped == [{"path": "photo.png", "reason": "not a note file (.png)"}], summary.skipped
        assert summary.skipped_new == (summary.skipped if new else []), summary.skipped_new
    assert (first.added, rebuilt.added, again.unchanged) == (4, 4, 4)


def test_a_folder_synced_before_that_is_gone_is_warned_about(tmp_path, conn, embedder, extractor):
    """Notes of a folder that is gone (deleted, a drive not mounted) stay in
    the index (an unplugged drive must not empty it), but each sync warns
    about the folder, and --rebuild drops its notes. (A folder synced now
    that holds its notes is the folder moved: next test.)"""
    old, other = tmp_path / "notes", tmp_path / "other"
    write_notes(old, CORPUS)
    write_notes(other, {"other.md": "Nothing of the notes folder, Harbor Hall aside.\n"})
    run(conn, old, embedder, extractor)
    assert run(conn, old, embedder, extractor).warnings == []
    old.rename(tmp_path / "unmounted")
    s = run(conn, other, embedder, extractor)
    assert s.total_files == len(CORPUS) + 1 and s.moved == []  # kept, and now said:
    assert [w["path"] for w in s.warnings] == [str(old.resolve())]
    assert f"its {len(CORPUS)} notes stay in the index" in s.warnings[0]["reason"]
    assert "--rebuild" in s.warnings[0]["reason"]
    assert f'`mrag sync {other.resolve()} --rebuild` drops them' in s.warnings[0]["reason"]  # not DIR: the one kept
    # `mrag status` listed the gone folder as any other
    from rich.console import Console

    from minirag_cli.format import render_status
    from minirag_cli.store import index_status

    status = index_status(conn, tmp_path / "idx" / "index.sqlite")
    assert status["gone_roots"] == [str(old.resolve())]
    console = Console(record=True, width=200)
    render_status(status, console)
    shown = console.export_text()
    assert f"{old.resolve()} (gone: moved, renamed or not mounted)" in shown
    assert f"mrag --db {tmp_path / 'idx' / 'index.sqlite'} sync NEWPATH" in shown  # alone, it made NEWPATH's own
    assert f"{other.resolve()} (gone" not in shown
    rebuild(conn)
    s = run(conn, other, embedder, extractor)
    assert s.total_files == 1 and s.warnings == [] and verify_index(conn) == []


def test_a_folder_moved_and_synced_at_its_new_place_keeps_its_notes_once(tmp_path, conn, embedder, extractor):
    """`mv ~/notes ~/Notes`, then `mrag sync ~/Notes`: every note was added a
    second time beside the notes of the folder that is gone (answers twice,
    every chunk embedded again) and only a --rebuild undid it. A gone folder
    whose notes the new one holds (same paths, same sizes) is now that folder
    moved: its notes become the new folder's and only what changed is read."""
    old, new = tmp_path / "notes", tmp_path / "Notes"
    write_notes(old, CORPUS)
    run(conn, old, embedder, extractor, follow_symlinks=True)
    old.rename(new)
    (new / "projects/atlas.md").write_text(CORPUS["projects/atlas.md"] + "More about Harbor Hall.\n")
    (new / "new.md").write_text("Jennifer Moore joined the Harbor Band.\n")
    s = run(conn, new, embedder, extractor)
    assert (s.added, s.changed, s.removed, s.unchanged) == (1, 1, 0, len(CORPUS) - 1)  # was (5, 0, 0, 0)
    assert s.total_files == len(CORPUS) + 1 and s.warnings == []  # was 9, and the folder gone warned about
    assert s.moved == [{"from": str(old.resolve()), "to": str(new.resolve()), "notes": len(CORPUS),
                        "undo": f'mrag sync {old.resolve()}'}]  # no index path given: none named
    assert db.recorded_roots(conn) == [str(new.resolve())]
    assert db.following_roots(conn) == [str(new.resolve())]  # what was recorded for the folder goes with it
    assert verify_index(conn) == []
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    try:
        run(fresh, new, embedder, extractor)
        assert snapshot(conn) == snapshot(fresh)  # the index a sync of the folder at its new place makes
    finally:
        fresh.close()
    again = run(conn, new, embedder, extractor)
    assert (again.unchanged, again.moved, again.warnings) == (len(CORPUS) + 1, [], [])


def test_a_folder_moved_keeps_its_reader_version_so_its_notes_are_not_read_again(tmp_path, conn, embedder,
                                                                                  extractor):
    """The folder's record of the readers its notes were read with (walk.
    READER_VERSION) stayed under the old path: the first sync at the new place
    read every unchanged note once more to compare (`reread`: every note
    checked, none read differently), as after an upgrade. It moves with the
    folder."""
    from minirag_cli.walk import READER_VERSION

    old, new = tmp_path / "notes", tmp_path / "Notes"
    write_notes(old, CORPUS)
    run(conn, old, embedder, extractor)
    assert db.meta_dict(conn, db.READER_VERSION_KEY) == {str(old.resolve()): READER_VERSION}
    old.rename(new)
    s = run(conn, new, embedder, extractor)
    assert [m["to"] for m in s.moved] == [str(new.resolve())] and s.unchanged == len(CORPUS)
    assert s.reread is None, s.reread  # was {"notes": 0, "checked": 4, ...}
    assert db.meta_dict(conn, db.READER_VERSION_KEY) == {str(new.resolve()): READER_VERSION}


def test_a_copy_taken_for_a_folder_only_unmounted_says_how_to_get_the_folder_back(tmp_path, db_path, conn,
                                                                                   embedder, extractor):
    """A synced folder on a drive that is only unplugged, and a copy of it
    (`cp -r`: new times, one note edited) synced as a new folder: the copy
    takes the folder's place (as a folder moved with `cp -r` must), and once
    the drive is back a plain sync skips the folder. The `moved` line now
    names both folders and the sync that indexes the old one again (revE 5),
    and that sync does: its notes come back beside the copy's, for good."""
    import shlex
    import shutil

    from rich.console import Console

    from minirag_cli.format import render_sync_summary

    def sync(roots):
        return sync_folders(conn, roots, embedder=embedder, extractor=extractor, options=SyncOptions(),
                            index_path=db_path)

    old, copy = tmp_path / "usb" / "notes", tmp_path / "backup"
    write_notes(old, CORPUS)
    sync([old])
    shutil.copytree(old, copy, copy_function=shutil.copyfile)
    (copy / "readme.rst").write_text("An older draft of the readme, of another size.\n")
    (tmp_path / "usb").rename(tmp_path / "unplugged")
    s = sync([copy])
    undo = f'mrag --db {db_path.resolve()} sync {old.resolve()}'
    assert s.moved == [{"from": str(old.resolve()), "to": str(copy.resolve()), "notes": len(CORPUS), "undo": undo}]
    assert shlex.split(undo) == ["mrag", "--db", str(db_path.resolve()), "sync", str(old.resolve())]
    console = Console(record=True, width=400)
    render_sync_summary(s.to_dict(), console)
    shown = console.export_text()
    assert f"{old.resolve()} -> {copy.resolve()}" in shown and f"`{undo}` indexes it again" in shown, shown
    (tmp_path / "unplugged").rename(tmp_path / "usb")  # the drive is back
    assert sync([copy]).total_files == len(CORPUS)  # the recorded folders: the copy only
    back = sync([old])  # the undo
    assert (back.added, back.moved, back.warnings) == (len(CORPUS), [], [])
    assert db.recorded_roots(conn) == sorted([str(old.resolve()), str(copy.resolve())])
    again = sync([Path(r) for r in db.recorded_roots(conn)])
    assert (again.unchanged, again.total_files) == (2 * len(CORPUS), 2 * len(CORPUS))
    assert verify_index(conn) == []
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    try:
        sync_folders(fresh, [old, copy], embedder=embedder, extractor=extractor, options=SyncOptions())
        assert snapshot(conn) == snapshot(fresh)
    finally:
        fresh.close()


def test_a_new_folder_holding_few_of_a_gone_folder_s_notes_is_no_move(tmp_path, conn, embedder, extractor):
    """A folder is taken for a gone one moved only when it holds at least half
    of its notes at the same paths, of the same sizes, and no other folder
    given could be it: otherwise the gone folder's notes stay, warned about."""
    old = tmp_path / "notes"
    write_notes(old, CORPUS)
    run(conn, old, embedder, extractor)
    old.rename(tmp_path / "gone")
    few, twin1, twin2 = tmp_path / "few", tmp_path / "twin1", tmp_path / "twin2"
    write_notes(few, {"readme.rst": CORPUS["readme.rst"], "x.md": "Harbor Hall.\n"})
    write_notes(twin1, CORPUS)
    write_notes(twin2, CORPUS)
    s = run(conn, few, embedder, extractor)
    assert s.moved == [] and [w["path"] for w in s.warnings] == [str(old.resolve())]
    s = sync_folders(conn, [twin1, twin2], embedder=embedder, extractor=extractor, options=SyncOptions())
    assert s.moved == [] and [w["path"] for w in s.warnings] == [str(old.resolve())]
    assert s.total_files == 4 * len(CORPUS) - 2  # the gone folder's notes, still there


def test_a_note_of_only_whitespace_is_not_called_an_empty_file(tmp_path, conn, embedder, extractor):
    """A note holding only blank lines and tabs (9 bytes on disk) was warned
    about as an `empty file`, which `ls -l` contradicts; it is now `empty of
    text (only whitespace)`, and a 0-byte note is still an empty file."""
    root = tmp_path / "notes"
    write_notes(root, {"blank.md": "   \n\t\n  \n", "empty.md": "", "ok.md": "Hello Wolfgang Schulz.\n"})
    s = run(conn, root, embedder, extractor)
    reasons = {w["path"]: w["reason"] for w in s.warnings}
    assert reasons["empty.md"] == "empty file (indexed with no chunks)"
    assert reasons["blank.md"] == "empty of text, only whitespace (indexed with no chunks)"
    assert "ok.md" not in reasons and s.added == 3


def test_the_empty_pages_of_a_graph_are_one_warning_line(tmp_path):
    """A Roam Research export holds an empty page per link never written to (`TODO.md`, `DONE.md`,
    people's names): its first sync printed a `warning NAME.md: empty file (indexed with no chunks)`
    line for each, hundreds for a big graph. More than 3 are one line with their count; --json
    still lists each, and a note's other warnings keep their own line."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "roam"
    names = ["TODO.md", "DONE.md", "Alice.md", "Bob.md", "Carol.md"]
    write_notes(root, {**{name: "" for name in names}, "blank.md": "\n\n",
                       "December 1st, 2026.md": "- met [[Alice]] about the budget\n"})
    args = ["--db", str(tmp_path / "index.sqlite"), "sync", str(root), "--embedding-model", "hashing:32"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    warned = [line for line in res.output.splitlines() if line.startswith("warning")]
    assert warned == ["warning 6 empty notes indexed with no chunks (e.g. Alice.md, Bob.md; `--json` lists "
                      "them, `mrag show FILE` says what each holds)"], res.output
    (root / "Carol.md").write_text("Carol runs the budget.\n")
    for name in ("TODO.md", "DONE.md"):
        (root / name).write_text(" \n")
    res = CliRunner().invoke(app, args + ["--json"])
    assert res.exit_code == 0, res.output
    assert [w["path"] for w in json.loads(res.stdout)["warnings"]] == ["DONE.md", "TODO.md"]
    (root / "Bob.md").write_text("\t\n")
    res = CliRunner().invoke(app, args)  # 3 or fewer: each its own line, as before
    assert [line for line in res.output.splitlines() if line.startswith("warning")] == [
        "warning Bob.md: empty of text, only whitespace (indexed with no chunks)"], res.output


def test_a_plain_resync_keeps_the_chunking_the_index_was_built_with(tmp_path, mrag_bin):
    """`mrag sync notes --chunk-tokens 60 --overlap 10` once, then `mrag sync
    notes` (or `--watch`) with no chunking flag: refused (exit code 2, "The index
    is chunked at 60 tokens ... not 120 and 20") at every later sync, although
    the user asked for no other size. Chunk sizes set nowhere now are the
    index's; ones given (flag, MRAG_CHUNK_TOKENS, a config file) that differ are
    still refused, and --rebuild without them starts over at the defaults."""
    import subprocess

    from tests.test_bad_input import mrag_env

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    db_path = tmp_path / "index.sqlite"
    env = mrag_env()

    def sync(*args, **extra_env):
        return subprocess.run([mrag_bin, "--db", str(db_path), "sync", str(root), "--json", *args],
                              capture_output=True, text=True, env={**env, **extra_env})

    assert sync("--chunk-tokens", "60", "--overlap", "10").returncode == 0
    (root / "projects/atlas.md").write_text(CORPUS["projects/atlas.md"] + "More about Harbor Hall.\n")
    again = sync()
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["changed"] == 1
    conn = db.connect(db_path)
    try:
        assert db.get_meta(conn, "chunk_tokens") == "60" and db.get_meta(conn, "overlap_tokens") == "10"
    finally:
        conn.close()
    for args, extra in (((("--chunk-tokens", "80")), {}), ((), {"MRAG_CHUNK_TOKENS": "80"})):
        other = sync(*args, **extra)
        assert other.returncode == 2 and "chunked at 60 tokens" in other.stderr, other.stderr
    assert sync("--rebuild").returncode == 0
    conn = db.connect(db_path)
    try:
        assert db.get_meta(conn, "chunk_tokens") == str(SyncOptions().chunk_tokens)
    finally:
        conn.close()


def test_a_name_written_with_a_no_break_space_is_one_entity(tmp_path, conn, embedder, extractor):
    """Notes pasted from the web, Word or Apple Notes put a no-break space
    (U+00A0, or the narrow U+202F) inside names: "Rosa\\u00a0Diaz met Sam." gave
    the entities Diaz and Sam, and Rosa Diaz, written with a plain space in
    another note, was never linked to it. The heuristic extractor now takes
    those spaces between the words of a name as it takes a space."""
    root = tmp_path / "notes"
    write_notes(root, {"pasted.md": "Rosa\u00a0Diaz met Sam\u202fTate at the Harbor\u00a0Hall.\n",
                       "typed.md": "She called Rosa Diaz and Sam Tate later.\n"})
    run(conn, root, embedder, extractor)
    keys = {k for k, in conn.execute("SELECT key FROM entities")}
    assert {"rosadiaz", "samtate", "harborhall"} <= keys, keys
    assert not {"rosa", "diaz", "tate"} & keys, keys
    notes = conn.execute("SELECT count(DISTINCT c.document_id) FROM mentions m JOIN entities e ON e.id = m.entity_id "
                         "JOIN chunks c ON c.id = m.chunk_id WHERE e.key = 'rosadiaz'").fetchone()[0]
    assert notes == 2  # one entity, in both notes


def test_a_name_written_with_zero_width_characters_is_the_entity_without_them(tmp_path, conn, embedder,
                                                                               extractor):
    """A name pasted with a zero width space or word joiner inside
    ("Li\u200bHua", copied from the web) became the entities Li and Hua (or
    Hua alone), never linked to LiHua typed elsewhere; a question written so
    grounded a stray "Li" besides Li Hua. The name is now the entity
    without them: its mentions counted in that note too, its sentences
    related, the same seeds for the question, and `mrag entity` finds it."""
    from minirag_cli.graph.grounding import ground
    from minirag_cli.store.lookup import get_entity

    root = tmp_path / "notes"
    write_notes(root, {"pasted.md": "Li\u200bHua met Rosa\u2060Diaz at the Harbor Hall.\n"
                                    "Then \ufeffLi\u200bHua\u200b called Rosa Diaz.\n",
                       "typed.md": "LiHua: I went home with Rosa Diaz.\nThen we saw Li at noon.\n"})
    run(conn, root, embedder, extractor)
    keys = {k for k, in conn.execute(
        "SELECT DISTINCT e.key FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id "
        "JOIN documents d ON d.id = c.document_id WHERE d.path = 'pasted.md'")}
    assert keys == {"lihua", "rosadiaz", "harborhall"}, keys
    names = dict(conn.execute("SELECT key, name FROM entities"))
    # as LiHua and Rosa Diaz are written in typed.md: LiHua, no person here (one chat line), is shown as
    # written since docs2's display rule (a CamelCase name is spelled out only for a person)
    assert (names["lihua"], names["rosadiaz"]) == ("LiHua", "Rosa Diaz")
    mentions = dict(conn.execute("SELECT d.path, sum(m.count) FROM mentions m JOIN entities e ON e.id = m.entity_id "
                                 "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                                 "WHERE e.key = 'lihua' GROUP BY d.path"))
    assert mentions == {"pasted.md": 2, "typed.md": 1}
    related = {(a, b) for a, b in conn.execute(
        "SELECT a.key, b.key FROM relations r JOIN entities a ON a.id = r.a JOIN entities b ON b.id = r.b "
        "JOIN chunks c ON c.id = r.chunk_id JOIN documents d ON d.id = c.document_id WHERE d.path = 'pasted.md'")}
    assert {("lihua", "rosadiaz"), ("rosadiaz", "lihua")} & related, related  # its sentences name both

    def seeds(question):
        return [(s.entity_id, s.via, round(s.similarity, 4)) for s in ground(conn, question)]

    # (the entity Li, another person, is no seed of a question naming LiHua)
    assert seeds("Who did Li\u200bHua meet?") == seeds("Who did LiHua meet?") != []
    assert seeds("Where is \ufeffRosa\u200bDiaz?") == seeds("Where is RosaDiaz?") != []
    assert get_entity(conn, "Li\u200bHua")["name"] == get_entity(conn, "\u2060LiHua")["name"] == "LiHua"
    assert verify_index(conn) == []


def test_a_resync_lists_only_the_new_skips_in_full_and_show_says_why_one_was_skipped(tmp_path, mrag_bin):
    """Every `mrag sync` listed every skipped file (binary, too large) again
    though nothing had changed, and `mrag show` of such a file said only that
    it was not indexed, "saved since the last sync, or skipped by it". The
    index now records what each sync skipped: a file skipped again for the same
    reason is a count (with how to list them), a new one (or one skipped for
    another reason) is listed in full, `--json` marks each `new`, and show
    names the reason."""
    import subprocess

    from tests.test_bad_input import mrag_env

    root = tmp_path / "notes"
    write_notes(root, {"small.md": "A short note about Wolfgang Schulz.\n",
                       "big.md": "Jennifer Moore wrote a longer note. " * 8 + "\n"})
    (root / "photo.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    db_path = tmp_path / "index.sqlite"

    def mrag(*args):
        r = subprocess.run([mrag_bin, "--db", str(db_path), *args], capture_output=True, text=True, env=mrag_env())
        return r

    def sync(*args):
        r = mrag("sync", str(root), "-q", *args)
        assert r.returncode == 0, r.stderr
        return [line for line in r.stdout.splitlines() if line.startswith("skipped")]

    assert sync("--max-bytes", "280") == ["skipped big.md: larger than the size limit (289 > 280 bytes)",
                                          "skipped photo.md: binary file"]
    assert sync() == ["skipped 2 files as before (`--json` lists them, `mrag show FILE` says why)"]
    (root / "more.md").write_bytes(b"\x00\x01\x02\x03" * 64)
    assert sync() == ["skipped more.md: binary file",
                      "skipped 2 files as before (`--json` lists them, `mrag show FILE` says why)"]
    r = mrag("sync", str(root), "--json")
    summary = json.loads(r.stdout)
    assert [s["path"] for s in summary["skipped"]] == ["big.md", "more.md", "photo.md"] and summary["skipped_new"] == []
    (root / "more.md").unlink()
    (root / "photo.md").write_text("Now a note about Jennifer Moore.\n")
    assert sync("--max-bytes", "285") == ["skipped big.md: larger than the size limit (289 > 285 bytes)"]

    (root / "photo.md").write_bytes(b"\x00\x01" * 64)
    sync()
    for name, why, hint in (("big.md", "larger than the size limit (289 > 285 bytes)", "--max-bytes N"),
                            ("photo.md", "binary file", "Only text notes are indexed")):
        r = mrag("show", str(root / name))
        assert r.returncode == 1 and r.stdout == "", r.stderr
        assert f"but the last sync skipped it: {why}." in r.stderr and hint in r.stderr, r.stderr
    (root / "later.md").write_bytes(b"\x00\x01" * 64)  # not synced yet: the last sync cannot say
    r = mrag("show", str(root / "later.md"))
    assert r.returncode == 1 and "saved since the last sync, or skipped by it" in r.stderr, r.stderr


def test_a_plain_resync_keeps_the_size_limit_given_before(tmp_path, mrag_bin):
    """`mrag sync notes --max-bytes 8000000` indexed a 6 MB export; the next
    plain `mrag sync notes` (or `--watch`) took the 5 MB default again and
    removed that unchanged note from the index ("removed 1", skipped as larger
    than the size limit). The limit last given is now kept by a sync that gives
    none (shown here with a small one); `--max-bytes 0` goes back to 5 MB."""
    import subprocess

    from tests.test_bad_input import mrag_env

    root = tmp_path / "notes"
    write_notes(root, {"small.md": "A short note about Wolfgang Schulz.\n",
                       "big.md": "Jennifer Moore wrote a longer note. " * 8 + "\n"})
    db_path = tmp_path / "index.sqlite"

    def sync(*args):
        r = subprocess.run([mrag_bin, "--db", str(db_path), "sync", str(root), "--json", *args],
                           capture_output=True, text=True, env=mrag_env())
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    first = sync("--max-bytes", "100")
    assert first["added"] == 1 and [s["path"] for s in first["skipped"]] == ["big.md"]
    again = sync()
    assert again["added"] == again["removed"] == 0 and [s["path"] for s in again["skipped"]] == ["big.md"]
    back = sync("--max-bytes", "0")
    assert back["added"] == 1 and back["skipped"] == []
    assert sync()["unchanged"] == 2  # the default, 5 MB, is kept as well
    sync("--max-bytes", "100")
    assert [s["path"] for s in sync("--rebuild")["skipped"]] == ["big.md"]  # so does a rebuild


def test_a_folder_copied_with_its_index_and_synced_there_is_warned_about(tmp_path, embedder, extractor):
    """`cp -a ~/notes ~/notes-backup` (or a vault copied to a new place) takes
    `.mrag/index.sqlite` along; `mrag sync .` in the copy finds that index, which
    records ~/notes, still there: the sync added the copy beside it, every note
    was in the index twice and nothing was said. Each sync now warns, naming the
    folder with an index of its own and the --rebuild that keeps only the copy;
    a second folder synced into one index (no index of its own) is no copy."""
    import shutil

    old, copy = tmp_path / "notes", tmp_path / "notes-copy"
    write_notes(old, CORPUS)
    first = db.connect(old / ".mrag" / "index.sqlite", create=True)
    s = sync_folders(first, [old], embedder=embedder, extractor=extractor, index_path=old / ".mrag" / "index.sqlite")
    wiki = tmp_path / "wiki"
    write_notes(wiki, {"w.md": "Wolfgang Schulz wrote the wiki.\n"})
    s = sync_folders(first, [wiki], embedder=embedder, extractor=extractor, index_path=old / ".mrag" / "index.sqlite")
    assert s.warnings == []  # two folders in one index, kept in one of them: no copy
    first.close()
    shutil.copytree(old, copy)
    index = copy / ".mrag" / "index.sqlite"
    conn = db.connect(index)
    try:
        s = sync_folders(conn, [copy], embedder=embedder, extractor=extractor, index_path=index)
        assert s.total_files == 2 * len(CORPUS) + 1  # nothing dropped; and now said:
        assert [w["path"] for w in s.warnings] == [str(old.resolve())]
        reason = s.warnings[0]["reason"]
        assert f"{len(CORPUS)} notes of {old.resolve()}" in reason and "copied" in reason
        assert f'mrag sync {copy.resolve()} {wiki.resolve()} --rebuild' in reason  # the folders kept
        again = sync_folders(conn, [copy], embedder=embedder, extractor=extractor, index_path=index)
        assert [w["path"] for w in again.warnings] == [str(old.resolve())]  # at every sync, as a gone folder
    finally:
        conn.close()


def test_ctrl_c_during_a_rebuild_says_the_index_is_as_it_was(tmp_path, monkeypatch, capsys):
    """`mrag sync DIR --rebuild` stopped with Ctrl-C printed "interrupted; everything
    committed so far is kept.", which reads as a half-rebuilt index; the notes it wrote
    were in the copy aside, removed, and the index was as before. It now says that."""
    import sys

    from minirag_cli import cli, sync as syncmod

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    index = tmp_path / "idx.sqlite"
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:32")

    def mrag(*args):
        monkeypatch.setattr(sys, "argv", ["mrag", "--db", str(index), *args])
        try:
            cli.main()
            code = 0
        except SystemExit as done:
            code = done.code
        return code, capsys.readouterr().err

    assert mrag("sync", str(root), "-q")[0] == 0
    before = table_counts(db.connect(index))
    real = syncmod.rebuild

    def pressed(conn):  # Ctrl-C as the copy aside is emptied
        real(conn)
        raise KeyboardInterrupt

    monkeypatch.setattr(syncmod, "rebuild", pressed)
    code, err = mrag("sync", str(root), "--rebuild", "-q")
    assert code == 130 and "Traceback" not in err
    assert "interrupted before the rebuild was complete: the index is as it was" in err, err
    assert "everything committed so far is kept" not in err
    assert table_counts(db.connect(index)) == before


@pytest.mark.parametrize("room", [0, 21, 70, 105])  # vec0 tables made, a note, a vector block
def test_a_rebuild_that_fills_the_disk_says_the_index_is_as_it_was_and_what_room_it_needs(
        tmp_path, monkeypatch, capsys, room):
    """`mrag sync DIR --rebuild` on a disk with room for the index but not for the copy a
    rebuild builds beside it (a 16 MB tmpfs holding a 5 MB index, by hand) said "No room
    to write the index ...; everything committed before is kept", which promises the notes
    the rebuild wrote aside (removed), and nothing of the room a rebuild needs; when the
    disk filled as sqlite-vec added a vector block it was "error: unexpected
    OperationalError: Internal sqlite-vec error: Could not insert a new vector chunk"."""
    import sys

    from minirag_cli import cli, sync as syncmod

    root = tmp_path / "notes"
    write_notes(root, CORPUS)
    write_notes(root, {f"more/{i}.md": f"Note {i}: Grace Okafor met Akira Tanaka in Lisbon {i}. "
                                       f"Person{i} Name{i} called.\n" * 40 for i in range(30)})
    index = tmp_path / "idx.sqlite"
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:384")

    def mrag(*args):
        monkeypatch.setattr(sys, "argv", ["mrag", "--db", str(index), *args])
        try:
            cli.main()
            code = 0
        except SystemExit as done:
            code = done.code
        return code, capsys.readouterr().err

    assert mrag("sync", str(root), "-q")[0] == 0
    before = table_counts(db.connect(index))
    real = syncmod.rebuild

    def small_disk(conn):  # the copy aside emptied, on a disk with `room` pages left
        real(conn)
        conn.execute("VACUUM")  # the pages its notes held are given back: the notes need new ones
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages + room}")

    monkeypatch.setattr(syncmod, "rebuild", small_disk)
    code, err = mrag("sync", str(root), "--rebuild", "-q")
    assert code == 1 and "unexpected" not in err and "Traceback" not in err, err
    assert "error: No room to rebuild the index: " in err and "disk is full" in err, err
    assert "about two more copies of it (about " in err and "The index is as it was before it." in err
    assert "everything committed before is kept" not in err
    assert table_counts(db.connect(index)) == before
    assert not syncmod.rebuild_path(index).exists()



def test_a_folder_with_its_own_index_is_not_synced_into_the_one_above_the_current_folder(tmp_path, mrag_bin):
    """`cd ~/notes; mrag sync ~/wiki`, ~/wiki having been synced into its own
    ~/wiki/.mrag: the index found walking up from the current folder came first,
    so ~/wiki's notes went into ~/notes' index (and `mrag ask` in ~/wiki did not
    see the edits). It is refused, naming both indexes; --db chooses, and a
    folder without an index of its own is still added."""
    from tests.test_bad_input import run_mrag

    notes, wiki, plain = tmp_path / "notes", tmp_path / "wiki", tmp_path / "plain"
    write_notes(notes, {"a.md": "Wolfgang Schulz in Berlin.\n"})
    write_notes(wiki, {"w.md": "Jennifer Moore wrote the wiki.\n"})
    write_notes(plain, {"p.md": "Priya Natarajan plays chess.\n"})
    for folder in (notes, wiki):
        assert run_mrag(mrag_bin, "sync", ".", "-q", cwd=folder).returncode == 0
    r = run_mrag(mrag_bin, "sync", str(wiki), "--json", cwd=notes)
    said = " ".join(r.stderr.split())
    assert r.returncode == 2 and r.stdout == "", said
    assert f"{wiki} has an index of its own ({wiki}/.mrag/index.sqlite)" in said, said
    assert f"mrag --db {wiki}/.mrag/index.sqlite sync {wiki}" in said
    counts = lambda folder: json.loads(run_mrag(mrag_bin, "status", "--json", cwd=folder).stdout)["files"]  # noqa: E731
    assert (counts(notes), counts(wiki)) == (1, 1)  # nothing went into either
    r = run_mrag(mrag_bin, "--db", str(notes / ".mrag" / "index.sqlite"), "sync", str(wiki), "-q", cwd=notes)
    assert r.returncode == 0 and counts(notes) == 2  # named: as asked
    assert run_mrag(mrag_bin, "sync", str(wiki), "-q", cwd=notes).returncode == 0  # one of its folders now
    assert run_mrag(mrag_bin, "sync", str(plain), "-q", cwd=notes).returncode == 0 and counts(notes) == 3
    r = run_mrag(mrag_bin, "sync", ".", "--json", cwd=notes)
    assert json.loads(r.stdout)["warnings"] == []  # wiki added on purpose: not called a copy of notes


def test_a_header_cut_at_a_blank_is_the_same_however_its_people_came(tmp_path, conn, embedder, extractor):
    """A note's first line cut for its header at HEADER_FIRST_LINE_CHARS right
    after a blank kept it when the note was written with its people
    ("...Blue bell \\nJonas Berg"), not when a later note made them people and
    the header was rewritten (_rename_people: "...Blue bell\\nJonas Berg"), so
    the incremental index differed from a fresh one (revE 8a)."""
    from minirag_cli.store.write import HEADER_FIRST_LINE_CHARS

    root = tmp_path / "notes"
    first = "word " * 22 + "Blue bell Jonas Berg and more text here"
    assert first[HEADER_FIRST_LINE_CHARS - 1] == " "
    write_notes(root, {"z.md": first + "\nJonas Berg went to the market.\n"})
    run(conn, root, embedder, extractor)
    # a chat that makes Jonas Berg a person, written before z.md by a fresh sync
    write_notes(root, {"a.md": "Jonas Berg: hi\nMara: ok\nJonas Berg: bye\nMara: see you\n"})
    run(conn, root, embedder, extractor)
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    query = "SELECT d.path, c.seq, c.header FROM chunks c JOIN documents d ON d.id = c.document_id ORDER BY 1, 2"
    try:
        run(fresh, root, embedder, extractor)
        headers = list(conn.execute(query))
        assert headers == list(fresh.execute(query))
        assert ("z.md", 0, first[:HEADER_FIRST_LINE_CHARS].rstrip() + "\nJonas Berg") in headers
    finally:
        fresh.close()
