"""Heuristic rules 18, qa27's part: an Obsidian plugin power user's vault. An emoji between a heading's or a
list item's marks and its first word (`## 🏆 Wins`, `- [ ] ☕ Set up ...`) leaves that word a sentence's first,
as it is without the emoji; a Templater tag (`<% tp.date.now("YYYY-MM-DD") %>`, a `<%* ... %>` block) is code
and names nothing. Each case that must change fails on main at 213c39e; the "kept" cases guard what must not
move."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor


def found(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


@pytest.mark.parametrize("text, word", [
    ("# Week 45 review\n\n## 🏆 Wins\n- Finished the spec draft\n", "Wins"),
    ("# Home\n\n## 🔗 Quick links\n- [[Alpha]]\n", "Quick"),
    ("# Home\n\n## 🌟 Recently edited\n", "Recently"),
    ("# Home\n\n## ⏰ Due soon\n", "Due"),
    ("# Ideas\n\n- 🎸 Learn the bossa nova rhythm\n", "Learn"),
    ("# Ideas\n\n- [ ] ☕ Set up a coffee subscription\n", "Set"),
    ("# Ideas\n\n- ✨ Write about the migration\n", "Write"),
    ("# Month\n\n## ❤️ Goals\n", "Goals"),  # with the variation selector U+FE0F
    ("# Month\n\n## 👍🏽 🎉 Goals\n", "Goals"),  # a skin tone, and two emoji
    ("# Daily\n\n> [!todo] ✅ Tasks\n> - [ ] plan\n", "Tasks"),  # a callout's title
])
def test_an_emoji_before_the_first_word_names_nothing(text, word):
    assert word not in found(text)


@pytest.mark.parametrize("text, name", [
    ("We met 🎉 Priya Raman at the pier.\n", "Priya Raman"),  # mid-sentence, a name still
    ("- 🎉 Priya Raman came over\n", "Priya Raman"),  # a name of two words, first in its item
    ("I like the 🎉 Wins board we made.\n", "Wins"),  # mid-sentence, a capital is a name as before
    ("# 🚀 Alpha\n\nAlpha launches soon.\n", "Alpha"),  # a note's `# ` title names its topic as before
])
def test_kept_names_beside_emoji(text, name):
    assert name in found(text)


def test_a_templater_tag_names_nothing():
    """Nor links: the template's `[[${p}]]` is code the plugin runs, no link to a note `${p}`."""
    from minirag_cli.extract.heuristic import link_targets

    text = ('---\ncreated: <% tp.date.now("YYYY-MM-DD") %>\n---\n# <% tp.file.title %>\n\n'
            '<%*\nconst people = await tp.system.prompt("Who attended?");\ntR += people;\n%>\n'
            '- [ ] review inbox 📅 <% tp.date.now("YYYY-MM-DD HH:mm") %>\nMet Jonas Becker.\n'
            '<% people.map(p => `[[${p}]]`) %>\n')
    assert link_targets(text) == []
    names = found(text)
    assert not {"YYYY-MM-DD", "YYYY-MM-DD HH:mm", "Who"} & names and "Jonas Becker" in names


def test_a_templater_block_keeps_the_lines_after_it():
    """The block's line ends are kept: what follows it is read at its own line, a sentence's first word."""
    from minirag_cli.extract import mdcode

    text = "<%*\ntR += 'x';\n%>\nWins came later.\n"
    assert mdcode.code_ranges(text, templater=True) == [(0, text.index("\nWins"))]
    assert "Wins" not in found(text)


def test_a_weekly_or_quarterly_note_is_named_as_its_link_names_it(tmp_path):
    """Periodic Notes' `2026-W45.md` and `2026-Q4.md` are the notes `[[2026-W45]]` and `[[2026-Q4]]` link to, as
    `[[2026-11-05]]` is the daily note's date: a homepage's links named a `2026-W45` no note carried."""
    from minirag_cli import db
    from minirag_cli.extract.heuristic import note_name
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    assert [getattr(note_name(p), "name", None) for p in ("Weekly/2026-W45.md", "Quarterly/2026-Q4.md",
                                                          "Monthly/2026-11.md", "2026-W45.txt")] == [
        "2026-W45", "2026-Q4", None, None]  # `[[2026-11]]` names nothing; a `.txt` note is named by no file name
    write_notes(tmp_path / "v", {"Weekly/2026-W45.md": "# Week 45 review\n\nShipped the spec.\n",
                                 "Quarterly/2026-Q4.md": "# Plan\n\nLaunch the beta.\n",
                                 "Home.md": "# Home\n\n- [[2026-W45|This week]] and [[2026-Q4]]\n"})
    conn = db.connect(tmp_path / "i.sqlite", create=True)
    sync(conn, [tmp_path / "v"])
    notes = dict(conn.execute(
        "SELECT e.name, COUNT(DISTINCT d.path) FROM entities e JOIN mentions m ON m.entity_id = e.id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
        "WHERE e.name IN ('2026-W45', '2026-Q4') GROUP BY e.name"))
    conn.close()
    assert notes == {"2026-W45": 2, "2026-Q4": 2}
