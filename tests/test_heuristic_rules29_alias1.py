"""Heuristic rules 29, alias1 (session 54's health vault; names29's one-letter alias alone): a person's title before
one letter is kept, so no note has a one-letter alias (`alias:: Dr O` made `O` an alias of the GP's page, and every
`O` of the folder hers: `Grade O`, `O-levels`, `got an O`). A title before a name of two letters or more comes off as
before (`Dr Jo` is Jo)."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, note_aliases
from tests.conftest import write_notes
from tests.test_heuristic_version import sync


def test_rules_29():
    assert VERSION >= 29


@pytest.mark.parametrize("text, gone, kept", [
    ("---\naliases: [Dr O, Okafor]\n---\n# Dr Chidi Okafor\n", {"O"}, {"Dr O", "Okafor"}),
    ("---\naliases: [Dr. O]\n---\nMy GP.\n", {"O"}, {"Dr. O"}),
    ("---\ntitle: Dr O\n---\nMy GP.\n", {"O"}, set()),
    ("alias:: Dr Ngozi Okafor, Dr O\ntags:: people\n\n- GP at Riverside Surgery\n", {"O"},
     {"Dr O", "Ngozi Okafor", "Dr Ngozi Okafor"}),
    ("---\naliases: [Mr X, Ms K.]\n---\nThe informant.\n", {"X", "K"}, {"Mr X", "Ms K"}),
    ("---\naliases: [Prof. Z, Frau B]\n---\nx\n", {"Z", "B"}, {"Prof. Z", "Frau B"}),
    # look-alikes: a title before a name of two letters or more comes off as before; CJK names as before
    ("---\naliases: [Dr Jo, Dr. J. Berg, Dr Li]\n---\nx\n", set(), {"Jo", "Dr Jo", "J. Berg", "Li", "Dr Li"}),
    ("---\naliases: [Dr Ed Vance, Herr Ko]\n---\nx\n", set(), {"Ed Vance", "Ko"}),
    ("---\naliases: [小李, 王小明]\n---\nx\n", set(), {"小李", "王小明"}),
])
def test_no_alias_of_one_letter(text, gone, kept):
    aliases = set(note_aliases(text, "people/Okafor.md"))
    assert not gone & aliases, aliases
    assert kept <= aliases, aliases


def _forms(conn, form: str) -> dict[str, set[str]]:
    """{entity name: its forms} of the entities one of whose forms is `form`."""
    out: dict[str, set[str]] = {}
    for name, alias in conn.execute(
            "SELECT e.name, a.alias FROM entities e JOIN entity_aliases a ON a.entity_id = e.id WHERE e.id IN"
            " (SELECT entity_id FROM entity_aliases WHERE alias = ?)", (form,)):
        out.setdefault(name, set()).add(alias)
    return out


def _notes_of(conn, form: str) -> set[str]:
    return {path for (path,) in conn.execute(
        "SELECT DISTINCT d.path FROM entity_aliases a JOIN mentions m ON m.entity_id = a.entity_id"
        " JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE a.alias = ?", (form,))}


def test_the_health_vaults_gp_is_not_every_o(tmp_path):
    # the health tracker's Logseq graph: `Dr O` was the GP's alias, and so was `O`, which the quiz's `O`, `Grade O`
    # and `O-levels` wrote
    write_notes(tmp_path / "v", {
        "pages/Dr Okafor.md": "alias:: Dr Ngozi Okafor, Dr O\ntags:: people, health\n\n- GP at Riverside Surgery\n",
        "journals/2026_12_04.md": "- Slept badly. Coffee at 4pm (Dr O told me no caffeine after 2)\n",
        "journals/2026_12_05.md": "- Quiz night: got an O for the anagram round. O said no. O-levels chat.\n"})
    conn = db.connect(tmp_path / "i.sqlite", create=True)
    try:
        sync(conn, [tmp_path / "v"])
        gp = _forms(conn, "Dr Ngozi Okafor")
        assert len(gp) == 1 and "O" not in next(iter(gp.values())), gp
        assert "Dr O" in next(iter(gp.values())), gp
        assert _notes_of(conn, "Dr Ngozi Okafor") == {"pages/Dr Okafor.md", "journals/2026_12_04.md"}
        assert not conn.execute("SELECT 1 FROM entity_aliases WHERE alias = 'O'").fetchall()
    finally:
        conn.close()
