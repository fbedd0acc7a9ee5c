"""Review revY (fixY): readers 11's leftovers, each checked as a user meets it, real files through `Index.sync`
(the library `mrag sync` runs) and read back as `mrag show`, `mrag tasks` and the chunks' headers have them."""

from __future__ import annotations

from tests.test_readers11_wikis import KEEP_PAGE, _heads, _open, _paths, _synced

# Takeout's page of an archived Keep list: its heading's icons say so, as the JSON's `"isArchived": true`
ARCHIVED_PAGE = KEEP_PAGE.replace('<span class="pinned" title="Note pinned"></span>',
                                  '<span class="archived" title="Note archived"></span>').replace(
    "Groceries", "Old list")
TRASHED_PAGE = KEEP_PAGE.replace('<span class="pinned" title="Note pinned"></span>',
                                 '<span class="trashed" title="Note trashed"></span>').replace("Groceries", "Gone")


def test_a_keep_pages_archived_and_pinned_icons_are_read(tmp_path):
    """An archived list read from its `.html` page held open tasks in `mrag tasks` (its `.json` twin's are listed
    with --all alone): the page's `<span class="archived">` icon was not read. Pinned is read too, and a page its
    icons mark trashed is listed as in Keep's trash, as its `.json` is."""
    db, summary = _synced(tmp_path, {"Takeout/Keep/Old list.html": ARCHIVED_PAGE,
                                     "Takeout/Keep/Groceries.html": KEEP_PAGE,
                                     "Takeout/Keep/Gone.html": TRASHED_PAGE})
    assert _paths(db) == ["Takeout/Keep/Groceries.html", "Takeout/Keep/Old list.html"]
    assert [s["reason"] for s in summary.skipped] == ['a Google Keep note in the trash ("Gone")']
    with _open(db) as index:
        open_tasks = {(t.path, t.text) for t in index.tasks()}
        every = {(t.path, t.text) for t in index.tasks(state="all")}
        old, pinned = index.document("Takeout/Keep/Old list.html")["text"], index.document(
            "Takeout/Keep/Groceries.html")["text"]
    assert open_tasks == {("Takeout/Keep/Groceries.html", "milk & eggs")}
    assert {("Takeout/Keep/Old list.html", "milk & eggs"), ("Takeout/Keep/Old list.html", "bread")} < every
    assert "\narchived: true\n" in old and "pinned" not in old
    assert "\npinned: true\n" in pinned and "archived" not in pinned
