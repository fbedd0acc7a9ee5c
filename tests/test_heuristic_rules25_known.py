"""Heuristic rules 25 (known: qa's consultant vault): a client or person named by one word that opens a list item
or a sentence (`- Initech invoice still unpaid.`) was no name when its note held it only there, though another
note names it (`We work for Initech and Acme.`): `mrag entity Initech` missed the daily notes. Now such a word is
a name when some note of the index names it (one word, a person or a name, no common word nor verb:
heuristic.makes_known), and a sync after each note, in any order, or of a note removed, gives the graph a sync of
all of them gives (sync._words_anew). Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION
from tests.conftest import write_notes
from tests.test_heuristic_version import graph, sync
from tests.test_order_independent_merges import _graph_at_once, _graph_one_by_one

CLIENTS = {
    "2026-11-30.md": "- Sofia says it is with their AP.\n- Acme 3h: revised plan v2.\n- Initech invoice still unpaid.\n",
    "clients.md": "We work for Initech and Acme. Sofia Alvarez handles billing at Initech. Designs by Marta.\n",
    "people/Marta.md": "# Marta\n\nDesigner, works remote.\n",
    "zz daily.md": "Marta sent the mockups. Called the bank.\n",
}


def test_the_rules_are_25():
    assert VERSION >= 25


def _names_by_note(conn) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path, name in conn.execute(
            "SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id"):
        out.setdefault(path, set()).add(name)
    return out


def _synced(tmp_path, notes: dict[str, str], name: str = "all"):
    write_notes(tmp_path / name / "v", notes)
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    sync(conn, [tmp_path / name / "v"])
    return conn


def test_a_word_another_note_names_is_a_name_where_it_opens_an_item(tmp_path):
    conn = _synced(tmp_path, CLIENTS)
    try:
        names = _names_by_note(conn)
    finally:
        conn.close()
    assert {"Initech", "Acme"} <= names["2026-11-30.md"]  # main: AP and the day alone
    assert "Marta" in names["zz daily.md"]  # named mid-sentence in clients.md (its file name alone is no evidence)
    # a first name known only inside a full name is not made known (measured: see the report of rules 25)
    assert "Sofia" not in names["2026-11-30.md"]
    assert not {"Called", "Sent"} & names["zz daily.md"]


@pytest.mark.parametrize("daily,other", [
    # a common word or a verb is never made known, however another note capitalises it
    ("- Meeting at noon with the team.\n- Called the bank.\n- Sent the deck.\n",
     "We saw the band Meeting, then Called and Sent at the Roxy.\n"),
    # the daily note writes the word in lower case too: a common word there
    ("- Apple pie for dessert.\nI ate an apple.\n", "I work at Apple since May.\n"),
    # a longer name opening the item is named as before, not its first word
    ("- Initech Labs sent the contract.\n", "We work for Initech and Acme.\n"),
    # a word another note names on no evidence of a name (a label's, a longer name's part, a plural day) is not
    # made known: LiHua's `Dinner`, `Sweet`, `Sundays` opened chat lines in other notes
    ("Dinner is at the new burger place.\nSweet! See you then.\nSundays work for me.\n",
     "4. **Dinner:** Baked salmon.\nBaked Salmon with Sweet Potatoes and Broccoli.\nWe stick to Sundays for jams.\n"),
])
def test_no_common_word_nor_a_longer_names_first_is_named_so(tmp_path, daily, other):
    conn = _synced(tmp_path, {"daily.md": daily, "other.md": other})
    try:
        names = _names_by_note(conn).get("daily.md", set())
    finally:
        conn.close()
    assert not names & {"Meeting", "Called", "Sent", "Apple", "Initech", "Dinner", "Sweet", "Sundays"}


@pytest.mark.parametrize("order", list(permutations(CLIENTS)))
def test_a_sync_after_each_note_in_any_order_equals_one_of_all(tmp_path, order):
    assert _graph_one_by_one(tmp_path, CLIENTS, order, "one") == _graph_at_once(tmp_path, CLIENTS)


def test_a_note_removed_or_rewritten_takes_the_words_it_made_known(tmp_path):
    conn = _synced(tmp_path, CLIENTS, "one")
    try:
        (tmp_path / "one" / "v" / "clients.md").write_text("We work for Acme.\n", encoding="utf-8")
        (tmp_path / "one" / "v" / "people" / "Marta.md").unlink()
        sync(conn, [tmp_path / "one" / "v"])
        names = _names_by_note(conn)
        assert "Acme" in names["2026-11-30.md"] and "Initech" not in names["2026-11-30.md"]
        assert "Marta" not in names.get("zz daily.md", set())
        after = graph(conn)
    finally:
        conn.close()
    notes = {**CLIENTS, "clients.md": "We work for Acme.\n"}
    del notes["people/Marta.md"]
    assert after == _graph_at_once(tmp_path, notes)


@pytest.mark.parametrize("daily,other,name", [
    ("Marco fixed the login bug.\n", "Priya works with Marco on the app.\n", "Marco"),  # a month's word that is a name too
    ("- Mai sent the slides.\n", "Lunch with Mai at noon.\n", "Mai"),
    ("> Jonas says hi.\n", "Coffee with Jonas today.\n", "Jonas"),  # a quote line's first word
    ("Done with the draft. Priya liked it.\n", "---\naliases: [Priya]\n---\nPriya Raman, designer.\n", "Priya"),
])
def test_a_known_word_names_where_a_line_a_sentence_or_a_quote_opens_with_it(tmp_path, daily, other, name):
    conn = _synced(tmp_path, {"daily.md": daily, "other.md": other})
    try:
        assert name in _names_by_note(conn)["daily.md"]
    finally:
        conn.close()


def test_a_rebuild_gives_the_graph_a_sync_after_each_note_gave(tmp_path):
    from minirag_cli.sync import rebuild

    expected = _graph_one_by_one(tmp_path, CLIENTS, sorted(CLIENTS, reverse=True), "one")
    conn = db.connect(tmp_path / "one.sqlite")
    try:
        rebuild(conn)  # emptied as `sync --rebuild` empties it, then synced
        sync(conn, [tmp_path / "one" / "v"])
        assert graph(conn) == expected
    finally:
        conn.close()


def test_a_sync_stopped_before_the_words_were_had_anew_has_the_next_one_do_it(tmp_path):
    conn = _synced(tmp_path, CLIENTS, "one")
    try:
        expected = graph(conn)
        with db.transaction(conn):  # as a sync stopped after a note was written, before _words_anew
            db.set_meta(conn, db.KNOWN_WORDS_PENDING_KEY, "1")
            conn.execute("DELETE FROM meta WHERE key = ?", (db.KNOWN_WORDS_KEY,))
        summary = sync(conn, [tmp_path / "one" / "v"])
        assert summary.reextracted is not None and db.get_meta(conn, db.KNOWN_WORDS_PENDING_KEY) is None
        assert graph(conn) == expected
        assert sync(conn, [tmp_path / "one" / "v"]).reextracted is None  # once
    finally:
        conn.close()


def test_a_weekday_s_three_letters_are_never_made_known(tmp_path):
    """`Sun` named mid-sentence (`Klara and the Sun`) names no trip plan's `- Sun 14 Feb:` (review revH: `Sun` was
    the one weekday's short form no common word)."""
    conn = _synced(tmp_path, {"books.md": "I loved Klara and the Sun last winter.\n",
                              "trip.md": "- Sun 14 Feb: boat on Windermere\n- Mon 15 Feb: drive home\n"})
    try:
        names = _names_by_note(conn)
    finally:
        conn.close()
    assert "Sun" not in names.get("trip.md", set())
