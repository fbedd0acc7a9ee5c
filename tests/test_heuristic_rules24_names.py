"""Heuristic rules 24 (names24: everyday names session 37's reviews left): a wikilink to an e-mail's or a web
address named it as a note; a highlight's closing mark ran two names into one (`==Braga== Coimbra`); a struck-through
task's verb was a name (`~~Cancel the hotel~~`); a timed agenda item's first word was a name (`- 10:00 Board
meeting`). Each through a real sync of a folder, as `mrag sync` runs it, with names that must stay beside them."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def test_the_rules_are_24():
    assert VERSION == 24


def synced(tmp_path, files: dict[str, str]) -> set[str]:
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        return {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()


# 5. a wikilink's target that is an address names no note
@pytest.mark.parametrize("text,names", [
    ("Write to [[mailto:ana@example.com|mail]] today.\n", set()),
    ("[[mailto:ana@example.com]]\n", set()),
    ("[[https://example.com/wiki/Lisbon|the wiki]]\n", set()),
    ("[[tel:+351912000000|call]]\n", set()),
    # the shown text after an address is read as text: a name in it names
    ("Write to [[mailto:ana@example.com|Ana Silva]] today.\n", {"Ana Silva"}),
    # look-alikes: notes' names that stay
    ("See [[Mail]] and [[Mailto notes]] and [[mailroom]].\n", {"Mail", "Mailto notes", "mailroom"}),
    ("See [[dendron://work/proj.alpha]].\n", {"proj.alpha"}),
    ("See [[Https Everywhere]] and [[Telegram]].\n", {"Https Everywhere", "Telegram"}),
])
def test_a_wikilink_to_an_address_names_no_note(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
