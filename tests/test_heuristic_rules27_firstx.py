"""Heuristic rules 27 (firstx): a lone first name written in any note (`Dana`, `Priya`) joins the one full person name
the index knows that opens with it (`Dana O'Neill`, from a people page's file name or title, or any note's text),
where no other known name opens or ends with it. Two testers' vaults had people split into a first-name entity and a
full-name entity across notes (`Dana` apart from `Dana O'Neill`, `Kenji` from `Kenji Watanabe`): the rules-25 join
asked for both names in one note. A real sync of real files, the same entities whatever order the notes come in."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION
from tests.conftest import write_notes
from tests.test_heuristic_version import sync
from tests.test_order_independent_merges import _graph_at_once, _graph_one_by_one

PEOPLE = {
    "people/Dana O'Neill.md": "# Dana O'Neill\n\nEngineering manager, payments.\n",
    "daily/2026-11-30.md": "# 2026-11-30\n\nStandup: handed on-call to Kenji. Budget approved by Dana.\n",
    "incidents/db.md": "# DB disk full\n\nKenji Watanabe freed 40 GB by fixing the role.\n",
}


def test_rules_27():
    assert VERSION >= 27


def _index(tmp_path, notes, name="i"):
    write_notes(tmp_path / name, notes)
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    sync(conn, [tmp_path / name])
    return conn


def _entities(conn) -> dict[str, set[str]]:
    """{entity name: its forms} of the index's people and names."""
    out: dict[str, set[str]] = {}
    for name, alias in conn.execute("SELECT e.name, a.alias FROM entities e JOIN entity_aliases a ON a.entity_id = e.id"
                                    " WHERE e.type IN ('person', 'name')"):
        out.setdefault(name, set()).add(alias)
    return out


def _notes(conn, name: str) -> set[str]:
    return {path for (path,) in conn.execute(
        "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c ON c.id = m.chunk_id"
        " JOIN documents d ON d.id = c.document_id WHERE e.name = ?", (name,))}


def test_a_lone_first_name_joins_the_one_full_name_of_another_note(tmp_path):
    conn = _index(tmp_path, PEOPLE)
    found = _entities(conn)
    assert found["Dana O'Neill"] == {"Dana O'Neill", "Dana"}, found
    assert found["Kenji Watanabe"] == {"Kenji Watanabe", "Kenji"}, found
    assert not {"Dana", "Kenji"} & set(found), found
    assert _notes(conn, "Kenji Watanabe") == {"daily/2026-11-30.md", "incidents/db.md"}
    assert _notes(conn, "Dana O'Neill") == {"people/Dana O'Neill.md", "daily/2026-11-30.md"}
    conn.close()


def test_two_full_names_of_one_first_name_join_neither(tmp_path):
    conn = _index(tmp_path, {**PEOPLE, "misc/other.md": "# Vendors\n\nDana Scully from Acme called back.\n"})
    found = _entities(conn)
    assert found["Dana"] == {"Dana"}, found  # which Dana the daily note means it does not say
    assert found["Kenji Watanabe"] == {"Kenji Watanabe", "Kenji"}, found
    conn.close()


def test_a_name_another_name_ends_with_joins_no_one(tmp_path):
    notes = {"a.md": "# Films\n\nJordan Peele directed it.\n", "b.md": "# Sport\n\nMichael Jordan played.\n",
             "c.md": "# Notes\n\nLater Jordan called me about the script.\n"}
    found = _entities(_index(tmp_path, notes))
    assert "Jordan" not in found.get("Jordan Peele", set()), found


@pytest.mark.parametrize("text", [
    "# Notes\n\nWe flew into Paris on Monday. Paris was cold.\n",  # a place's preposition
    "# Notes\n\nThe Paris office is closed.\n",  # an article
    "# Notes\n\nData engineer. Moved to Paris from Osaka in January.\n",  # a move's `to` (golden's Lindenau Russet)
    "# Notes\n\nA headland three kilometres north of Paris harbour.\n",  # a direction's `of`
])
def test_a_word_written_as_a_place_s_joins_no_one(tmp_path, text):
    notes = {"people/Paris Hilton.md": "# Paris Hilton\n\nA contact.\n", "trip.md": text}
    found = _entities(_index(tmp_path, notes))
    assert found.get("Paris Hilton", set()) <= {"Paris Hilton"}, found


def test_a_first_name_that_is_a_word_joins_no_one(tmp_path):
    notes = {"people/Will Turner.md": "# Will Turner\n\nA contact.\n",
             "log.md": "# Log\n\nYesterday Will Turner came. On Friday Will sent the slides and we will see.\n",
             "day.md": "# Day\n\nOn Friday Will sent the slides.\n"}
    found = _entities(_index(tmp_path, notes))
    assert found.get("Will Turner", set()) <= {"Will Turner"}, found  # `Will`: NAME_WORDS


# order of syncing: a note at a time in every order, and all at once, make the same graph (the people page come
# last makes the daily note's Dana stale: resolve.Resolver.lone_first; a second Dana the same)
ORDERED = {**PEOPLE, "misc/other.md": "# Vendors\n\nDana Scully from Acme called back.\n"}


@pytest.mark.parametrize("notes", [PEOPLE, ORDERED], ids=["one Dana", "two Danas"])
def test_every_order_of_the_notes_makes_the_same_graph(tmp_path, notes):
    once = _graph_at_once(tmp_path, notes)
    for i, order in enumerate(permutations(notes)):
        if i % 5:  # a sample of the orders: every note comes first and last at least once
            continue
        assert _graph_one_by_one(tmp_path, notes, order, f"o{i}") == once, order


def test_the_people_page_added_later_joins_the_first_name_written_before(tmp_path):
    folder = tmp_path / "v"
    write_notes(folder, {"daily/2026-11-30.md": PEOPLE["daily/2026-11-30.md"]})
    conn = db.connect(tmp_path / "v.sqlite", create=True)
    sync(conn, [folder])
    assert "Dana" in _entities(conn)
    write_notes(folder, {"people/Dana O'Neill.md": PEOPLE["people/Dana O'Neill.md"]})
    sync(conn, [folder])
    found = _entities(conn)
    assert found["Dana O'Neill"] == {"Dana O'Neill", "Dana"}, found
    # a second Dana later: the first name is its own again, as a rebuild has it
    write_notes(folder, {"misc/other.md": ORDERED["misc/other.md"]})
    sync(conn, [folder])
    found = _entities(conn)
    assert found["Dana"] == {"Dana"} and found["Dana O'Neill"] == {"Dana O'Neill"}, found
    conn.close()


def test_a_chat_speaker_of_that_first_name_keeps_it_from_another_s_full_name(tmp_path):
    # LiHua: `Hey Jake!` in a chat with JakeWatson joined Jake Peralta, a TV character another chat named
    notes = {"chat1.txt": "LiHua: Hey Jake! Nice to meet you!\nJakeWatson: Nice to meet you too, Li Hua!\n",
             "chat2.txt": "LiHua: I watched Brooklyn Nine-Nine with Jake Peralta yesterday.\n"}
    found = _entities(_index(tmp_path, notes))
    assert found.get("Jake Peralta", set()) <= {"Jake Peralta"}, found


def test_a_thing_s_name_with_a_common_word_is_no_person_s(tmp_path):
    # LiHua: `Chinese` (a language, a cuisine) joined Chinese Lunar New Year
    notes = {"a.md": "# Holidays\n\nWe celebrated Chinese Lunar New Year with dumplings.\n",
             "b.md": "# Lessons\n\nMy tutor says my Chinese is improving.\n"}
    found = _entities(_index(tmp_path, notes))
    assert found.get("Chinese Lunar New Year", set()) <= {"Chinese Lunar New Year"}, found


@pytest.mark.parametrize("notes", [
    {"a.md": "# Apps\n\nI use Google Maps daily.\n", "b.md": "# Notes\n\nYesterday Google changed the layout.\n"},
    # the full name in the chunk too: its note decides (rules 25's cues), as before
    {"a.md": "# Mail\n\nFrom: Spotify Premium\nTo: me\n\nSpotify raised the family plan price again.\n",
     "b.md": "# People\n\nLunch with Spotify Jones.\n"},
])
def test_a_company_s_product_is_no_one_s_full_name(tmp_path, notes):
    found = _entities(_index(tmp_path, notes))
    assert not [name for name, forms in found.items() if " " in name and forms - {name}], found


@pytest.mark.parametrize("text,full", [
    # rules 25 kept these apart (no person's cue of the full name in the note); the index knows one Raj, one Jonas
    ("# Monday\n- Call with Raj Patel (Acme IT) about the database.\n- [ ] Ask Raj for the schema dump\n", "Raj Patel"),
    ("Jonas texted: he wants to come along. Jonas Weber ran it in 2024.\n", "Jonas Weber"),
    # the on-call vault's 1:1 note: a heading's full name, the first name a person's (`she`)
    ("# 1:1 Dana O'Neill\n\n- Dana confirmed the promotion; she wants the impact summary first.\n", "Dana O'Neill"),
    # ... as the vault writes it (a one-on-one's heading; `to Dana` is a person's)
    ("# 1:1 Dana O'Neill — 2026-12-02\n\n- Dana suggested a comp day on Friday.\n- [ ] send the summary to Dana\n",
     "Dana O'Neill"),
    # the full name a person's (rules 25 asked the first name's own way too)
    ("Lunch with Elena Rossi from Globex today.\n\nElena wants the draft by Friday.\n", "Elena Rossi"),
])
def test_a_first_name_a_person_s_beside_its_full_name_joins_it(tmp_path, text, full):
    found = _entities(_index(tmp_path, {"note.md": text}))
    assert found[full] == {full, full.split()[0]}, found


@pytest.mark.parametrize("text", [
    "Elena: did Elena Vasquez call?\nTom: not yet\nElena: ask her again\n",  # a chat's speaker
    "Lunch with Austin Reed. Austin thinks we drove back from Austin too late.\n",  # a place's word before it
    "Call with Globex Frankfurt about the audit. Globex wants the draft by Friday.\n",  # neither a person's
])
def test_a_first_name_beside_its_full_name_with_no_person_s_way_of_its_own_stays_apart(tmp_path, text):
    found = _entities(_index(tmp_path, {"note.md": text}))
    assert not [name for name, forms in found.items() if " " in name and forms - {name}], found
