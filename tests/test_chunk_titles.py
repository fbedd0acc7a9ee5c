"""A chunk's vector embeds its note's title when the text never writes it (readers 18, chunk_titles.py): Logseq's
`pages/Northwind Foods.md` of `type:: customer` lines is found by "northwind" on the dense channel; the stored
text, BM25 and the notes with no title (daily notes, ids, generic names, `.txt`) are as before."""

from __future__ import annotations

import json

import pytest

from minirag_cli import db
from minirag_cli.chunk_titles import embedded_text, embedded_title
from minirag_cli.embed import HashingEmbedder
from minirag_cli.integrity import verify_index
from minirag_cli.retrieve import dense_channel
from minirag_cli.sync import SyncOptions, sync_folders
from tests.conftest import write_notes

PAGE = "type:: customer\nowner:: [[Priya Nair]]\narr:: $22k\n\n- wants SSO before renewal\n- pilot in March\n"
VAULT = {
    "pages/Northwind Foods.md": PAGE,
    "pages/Acme Logistics.md": PAGE.replace("22k", "40k"),
    "pages/Brightwave.md": PAGE.replace("22k", "9k"),
    "pages/kitchen-renovation.md": "---\ntags: [home]\n---\nquote from the builder, tiles picked, budget 12k\n",
    "journals/2026_12_07.md": "- call with Priya Nair about the renewal\n",
}


@pytest.fixture
def embedder():
    """Wide enough that the few words of these notes do not share a dimension (conftest's has 32)."""
    return HashingEmbedder(dim=512)


def run(conn, root, embedder, extractor):
    return sync_folders(conn, [root], embedder=embedder, extractor=extractor, options=SyncOptions())


def dense_paths(conn, embedder, question: str) -> list[str]:
    """The notes of the dense channel's chunks for `question`, best first."""
    ranked = dense_channel(conn, embedder.embed([question])[0])
    paths = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    return list(dict.fromkeys(paths[chunk_id] for chunk_id, _score in ranked))


@pytest.mark.parametrize("path, title", [
    ("pages/Northwind Foods.md", "Northwind Foods"),
    ("people/Priya Nair.md", "Priya Nair"),
    ("kitchen-renovation.md", "kitchen renovation"),
    ("Trip to Lisbon.textbundle/text.md", "Trip to Lisbon"),
    ("202612041530 Sourdough starter.md", "Sourdough starter"),
    ("2026-12-04 Standup with Acme.md", "Standup with Acme"),
    ("pages/projects___Apollo.md", "Apollo"),
])
def test_a_note_named_by_its_file_name_is_titled_by_it(path, title):
    assert embedded_title("/notes", path) == title


@pytest.mark.parametrize("path", [
    "journals/2026_12_07.md", "2026-12-04.md", "2024/05/01.md", "202612041530.md", "2026-W45.md",
    "Inbox.md", "Meeting notes.md", "Untitled.md", "Work log.md", "todo.md", "@vaswani2017attention.md",
    "week38/20260922_1700.txt", "Deploy log.txt", "notes.org",
])
def test_a_date_an_id_a_generic_name_or_a_plain_text_note_gives_no_title(path):
    assert embedded_title("/notes", path) is None


def test_the_title_goes_before_a_text_that_does_not_write_it():
    assert embedded_text("arr:: $22k", "Northwind Foods") == "Northwind Foods\narr:: $22k"
    for written in ("# Northwind Foods\narr:: $22k", "Call with NORTHWIND-FOODS today", "met [[Northwind Foods]]"):
        assert embedded_text(written, "Northwind Foods") == written
    assert embedded_text("Northwind only", "Northwind Foods") == "Northwind Foods\nNorthwind only"
    assert embedded_text("arr:: $22k", None) == "arr:: $22k"


def test_the_dense_channel_finds_a_page_by_the_title_its_text_never_writes(tmp_path, conn, embedder, extractor):
    root = tmp_path / "vault"
    write_notes(root, VAULT)
    run(conn, root, embedder, extractor)
    assert dense_paths(conn, embedder, "what does northwind want")[0] == "pages/Northwind Foods.md"
    assert dense_paths(conn, embedder, "acme logistics arr")[0] == "pages/Acme Logistics.md"
    assert dense_paths(conn, embedder, "how much arr is brightwave")[0] == "pages/Brightwave.md"
    assert dense_paths(conn, embedder, "kitchen renovation budget")[0] == "pages/kitchen-renovation.md"
    # the text stored (shown, BM25's) is the note's own: the title is in the vector only
    texts = dict(conn.execute("SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert texts["pages/Northwind Foods.md"] == PAGE.strip()
    assert verify_index(conn) == []


def test_two_notes_of_one_text_and_other_titles_share_no_vector(tmp_path, conn, embedder, extractor):
    root = tmp_path / "vault"
    write_notes(root, {"pages/Northwind Foods.md": PAGE, "pages/Acme Logistics.md": PAGE,
                       "journals/2026_12_06.md": "- renewal call\n"})
    run(conn, root, embedder, extractor)
    vectors = dict(conn.execute("SELECT d.path, v.embedding FROM chunks c JOIN documents d ON d.id = c.document_id "
                                "JOIN vec_chunks v ON v.rowid = c.id"))
    assert vectors["pages/Northwind Foods.md"] != vectors["pages/Acme Logistics.md"]
    # a page renamed is embedded with its new title; a daily note renamed (no title) keeps its vector
    (root / "pages/Acme Logistics.md").rename(root / "pages/Globex.md")
    (root / "journals/2026_12_06.md").rename(root / "journals/2026_12_07.md")
    summary = run(conn, root, embedder, extractor)
    assert summary.reused_vectors == 1 and summary.embedded >= 1
    after = dict(conn.execute("SELECT d.path, v.embedding FROM chunks c JOIN documents d ON d.id = c.document_id "
                              "JOIN vec_chunks v ON v.rowid = c.id"))
    assert after["pages/Globex.md"] not in (vectors["pages/Acme Logistics.md"], vectors["pages/Northwind Foods.md"])
    assert after["journals/2026_12_07.md"] == vectors["journals/2026_12_06.md"]
    assert dense_paths(conn, embedder, "globex")[0] == "pages/Globex.md"


def test_an_index_of_readers_17_embeds_its_titled_pages_anew_and_keeps_the_other_vectors(
        tmp_path, monkeypatch, embedder, extractor):
    """An index synced before readers 18 (its vectors of the chunks' text alone): the next sync embeds the chunks
    of the pages whose title their text does not write, and no other, as `sync --rebuild` would have them."""
    from minirag_cli import sync as syncmod

    root = tmp_path / "vault"
    write_notes(root, VAULT)
    old = db.connect(tmp_path / "old.sqlite", create=True)
    with monkeypatch.context() as m:  # readers 17: no title embedded
        m.setattr(syncmod, "embedded_title", lambda _root, _path: None)
        run(old, root, embedder, extractor)
    db.set_meta(old, db.READER_VERSION_KEY, json.dumps({str(root.resolve()): 17}))
    old.commit()
    before = dict(old.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id"))
    summary = run(old, root, embedder, extractor)
    assert summary.reread["notes"] == 4  # the four pages; the journal keeps its chunk and vector
    rows = dict(old.execute("SELECT d.path, c.id FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert rows["journals/2026_12_07.md"] == before["journals/2026_12_07.md"]
    assert dense_paths(old, embedder, "what does northwind want")[0] == "pages/Northwind Foods.md"
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    run(fresh, root, embedder, extractor)
    query = ("SELECT d.path, c.hash, v.embedding FROM chunks c JOIN documents d ON d.id = c.document_id "
             "JOIN vec_chunks v ON v.rowid = c.id ORDER BY d.path")
    assert old.execute(query).fetchall() == fresh.execute(query).fetchall()
    assert run(old, root, embedder, extractor).embedded == 0  # embedded once
    assert verify_index(old) == []
