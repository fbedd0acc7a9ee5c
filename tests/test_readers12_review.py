"""Readers 12's bugs found by review (revC, session 48), each checked as a user meets it: real files through
`Index.sync` (the library `mrag sync` runs), read back as `mrag show` and search results have them."""

from __future__ import annotations

import sqlite3

from tests.test_readers12 import _mentioned_in, _synced, _text


def _entities(db) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------- TiddlyWiki

def test_a_tiddlers_link_to_a_web_address_or_in_code_is_no_tiddlers(tmp_path):
    """A link to a web address or a file whose target holds a `#` (`[[Wikipedia|https://...#History]]`,
    `[[pdf|file:///...#page=3]]`) is read as before readers 12: it was made a link to a tiddler file named for the
    address (`https___en.wikipedia.org_...tid`) and an entity of that name. `[[C# notes]]` in inline code is code."""
    db, _summary = _synced(tmp_path, {
        "tw/tiddlers/C# notes.tid": "title: C# notes\n\nGenerics.\n",
        "tw/tiddlers/Links.tid": (
            "title: Links\n\nHistory: [[Wikipedia|https://en.wikipedia.org/wiki/Lisbon#History]] and "
            "[[https://example.com/#top]].\nThe [[pdf|file:///home/x/a.pdf#page=3]] and [[C# notes]].\n"
            "Write `[[C# notes]]` to link it.\n")})
    text = _text(db, "tw/tiddlers/Links.tid")
    assert "https://en.wikipedia.org/wiki/Lisbon#History" in text and "https://example.com/#top" in text
    assert "file:///home/x/a.pdf#page=3" in text
    assert "`[[C# notes]]`" in text
    assert not [name for name in _entities(db) if "https" in name or "file" in name or ".tid" in name]
    assert _mentioned_in(db, "C# notes") == {"tw/tiddlers/C# notes.tid", "tw/tiddlers/Links.tid"}
