"""Heuristic rules 26 (aliases): a note's front matter aliases are its names whatever the file is called, as
Obsidian has them. `people/keller.md` (a single lower-case word no link names) with `title: Prof. Anna Keller`
and `aliases: [Keller, Prof. Keller, Anna Keller]` was four entities (Keller, Anna Keller, Prof. Anna Keller,
Prof. Keller): its file name named no note, so its aliases joined nothing. Its title names them now
(heuristic.NOTE_TITLE, sync._titled), and an alias with a person's title (`Dr. Brandt`) joins as written and bare
(it stayed an entity apart even in `tobias-brandt.md`). An alias two notes claim stays a name of its own."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, note_aliases
from tests.conftest import write_notes
from tests.test_heuristic_version import sync
from tests.test_order_independent_merges import _graph_at_once, _graph_one_by_one

KELLER = ("---\ntitle: Prof. Anna Keller\naliases: [Keller, Prof. Keller, Anna Keller]\n---\n"
          "# Prof. Anna Keller\n\nMy advisor.\n")
BRANDT = "---\ntitle: Tobias Brandt\naliases: [Tobias, Brandt, Dr. Brandt]\n---\n# Tobias Brandt\nOther TA.\n"
MEETING = ("# Meeting 2026-11-30\nKeller said three seeds is the minimum. Prof Keller also wants two sizes.\n"
           "Brandt and Dr. Brandt graded sheet 3 with Tobias.\n")
MINI = {"people/keller.md": KELLER, "keller2.md": BRANDT, "meeting.md": MEETING}


def test_rules_26():
    assert VERSION >= 26


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


def test_a_note_s_aliases_join_its_title_whatever_its_file_is_called(tmp_path):
    conn = _index(tmp_path, MINI)
    found = _entities(conn)
    # one entity each, named by the note's title; the meeting's Keller, Prof Keller, Brandt, Dr. Brandt and Tobias
    assert found["Prof. Anna Keller"] == {"Prof. Anna Keller", "Keller", "Prof. Keller", "Anna Keller"}, found
    assert found["Tobias Brandt"] == {"Tobias Brandt", "Tobias", "Brandt", "Dr. Brandt"}, found
    assert not {"Keller", "Anna Keller", "Prof. Keller", "Brandt", "Dr. Brandt", "Tobias"} & set(found), found
    assert _notes(conn, "Prof. Anna Keller") == {"people/keller.md", "meeting.md"}
    assert _notes(conn, "Tobias Brandt") == {"keller2.md", "meeting.md"}
    conn.close()


def test_an_alias_with_a_person_s_title_joins_a_note_its_file_name_names(tmp_path):
    conn = _index(tmp_path, {"tobias-brandt.md": BRANDT, "meeting.md": MEETING})
    found = _entities(conn)
    assert found["Tobias Brandt"] == {"Tobias Brandt", "Tobias", "Brandt", "Dr. Brandt"}, found
    conn.close()


@pytest.mark.parametrize("text,expected", [
    (KELLER, ["note-title:Prof. Anna Keller", "Keller", "Prof. Keller", "Anna Keller"]),
    ("---\ntitle: Dr. Tobias Brandt\naliases: [Dr Brandt]\n---\n",
     ["note-title:Dr. Tobias Brandt", "Brandt", "Dr Brandt", "Tobias Brandt"]),
    # a common word, a date: no alias (the title alone since rules 27)
    ("---\ntitle: Home\naliases: [The, 2024-05-01]\n---\n", ["note-title:Home"]),
    ("---\ntitle: Meeting\naliases: [The]\n---\n", []),  # a label word: no title (rules 27)
    ("---\ntitle: reading list\naliases: [Books]\n---\n", ["Books"]),  # a lower-case title names no note
    # no alias: the title alone (rules 27: it names the note, tests/test_heuristic_rules27_aliases2.py)
    ("---\ntitle: Tobias Brandt\n---\n", ["note-title:Tobias Brandt"]),
])
def test_the_title_is_recorded_with_a_note_s_aliases(text, expected):
    assert note_aliases(text, "people/x.md") == expected


def test_an_alias_two_notes_claim_or_another_note_s_name_joins_neither(tmp_path):
    nina = "---\ntitle: Nina Brandt\naliases: [Brandt, Tobias Brandt]\n---\nSister.\n"
    conn = _index(tmp_path, {**MINI, "nina.md": nina})
    found = _entities(conn)
    assert "Brandt" in found and "Brandt" not in found["Tobias Brandt"] | found["Nina Brandt"], found
    assert found["Nina Brandt"] == {"Nina Brandt"}, found  # Tobias Brandt is keller2.md's title
    assert {"Tobias", "Dr. Brandt"} <= found["Tobias Brandt"], found
    conn.close()


def test_a_title_two_notes_have_names_neither_note_s_aliases(tmp_path):
    twin = "---\ntitle: Prof. Anna Keller\naliases: [AK]\n---\nA copy.\n"
    conn = _index(tmp_path, {**MINI, "copy.md": twin})
    found = _entities(conn)
    assert "Keller" in found and "AK" in found, found  # no link can tell which note the title means
    conn.close()


def test_a_title_or_an_alias_that_is_another_note_s_file_name_joins_nothing(tmp_path):
    # `[[Tobias Brandt]]` opens `Tobias Brandt.md`, `[[Anna Keller]]` opens `Anna Keller.md`
    conn = _index(tmp_path, {**MINI, "Tobias Brandt.md": "His page.\n", "Anna Keller.md": "Her page.\n"})
    found = _entities(conn)
    assert {"Tobias", "Brandt", "Dr. Brandt"} <= set(found) and found["Tobias Brandt"] == {"Tobias Brandt"}, found
    assert found["Prof. Anna Keller"] == {"Prof. Anna Keller", "Keller", "Prof. Keller"}, found
    assert found["Anna Keller"] == {"Anna Keller"}, found
    conn.close()


@pytest.mark.parametrize("order", list(permutations(MINI)))
def test_synced_at_once_or_one_by_one_alike(tmp_path, order):
    assert _graph_one_by_one(tmp_path, MINI, order, "one") == _graph_at_once(tmp_path, MINI)


def test_a_title_added_later_joins_the_aliases_in_the_notes_synced_before(tmp_path):
    untitled = KELLER.replace("title: Prof. Anna Keller\n", "")
    conn = _index(tmp_path, {**MINI, "people/keller.md": untitled})
    assert "Keller" in _entities(conn)
    write_notes(tmp_path / "i", {"people/keller.md": KELLER})
    summary = sync(conn, [tmp_path / "i"])
    assert "meeting.md" in summary.note_names_changed
    found = _entities(conn)
    assert "Keller" not in found and "Keller" in found["Prof. Anna Keller"], found
    fresh = _index(tmp_path, MINI, "fresh")
    assert found == _entities(fresh)
    conn.close()
    fresh.close()


HONOURS = {"people/keller.md": "---\ntitle: Prof. Anna Keller\naliases: [AK]\n---\nMy advisor.\n",
           "Tobias Brandt.md": "---\naliases: [Tobi]\n---\nOther TA.\n",
           "a.md": "We met Prof Keller and Dr. Brandt today.\n",
           "b.md": "Keller said no. Brandt agreed.\n"}


def test_a_surname_after_a_person_s_title_joins_the_one_note_whose_names_end_with_it(tmp_path):
    conn = _index(tmp_path, HONOURS)
    found = _entities(conn)
    assert _notes(conn, "Prof. Anna Keller") == {"people/keller.md", "a.md"}, found
    assert _notes(conn, "Tobias Brandt") == {"Tobias Brandt.md", "a.md"}, found
    # written bare, a surname may be anyone's: its own entity, as before
    assert _notes(conn, "Keller") == {"b.md"} and _notes(conn, "Brandt") == {"b.md"}, found
    conn.close()


def test_a_surname_two_notes_bear_joins_neither(tmp_path):
    conn = _index(tmp_path, {**HONOURS, "nina.md": "---\ntitle: Nina Brandt\naliases: [NB]\n---\nSister.\n"})
    assert _notes(conn, "Brandt") == {"a.md", "b.md"}
    assert _notes(conn, "Prof. Anna Keller") == {"people/keller.md", "a.md"}
    conn.close()


@pytest.mark.parametrize("order", [list(HONOURS), list(reversed(HONOURS))])
def test_honoured_synced_at_once_or_one_by_one_alike(tmp_path, order):
    assert _graph_one_by_one(tmp_path, HONOURS, order, "one") == _graph_at_once(tmp_path, HONOURS)


def test_a_second_bearer_added_later_unjoins_the_notes_synced_before(tmp_path):
    conn = _index(tmp_path, HONOURS)
    assert "a.md" in _notes(conn, "Tobias Brandt")
    nina = {"nina.md": "---\ntitle: Nina Brandt\naliases: [NB]\n---\nSister.\n"}
    write_notes(tmp_path / "i", nina)
    summary = sync(conn, [tmp_path / "i"])
    assert "a.md" in summary.note_names_changed and _notes(conn, "Brandt") == {"a.md", "b.md"}
    fresh = _index(tmp_path, {**HONOURS, **nina}, "fresh")
    assert _entities(conn) == _entities(fresh)
    conn.close()
    fresh.close()


# review revA (v6, v7): a second Green with no aliases, by her file name alone or by her title alone, was no bearer:
# `Dr. Green` in the knee note joined tom.md, the only note with aliases whose names end with Green
TOM = "---\ntitle: Tom Green\naliases: [Tom]\n---\nPhysicist at ETH.\n"
KNEE = "Appointment with Dr. Green about my knee. She prescribed rest.\n"
GREENS = {
    "by file name": {"people/Sarah Green.md": "Sarah Green is my GP. Dr. Green runs the clinic on Elm St.\n"},
    "by title": {"people/sarah.md": "---\ntitle: Dr. Sarah Green\n---\nMy GP. Runs the clinic on Elm St.\n"},
    "by her full name in a note": {"clinic.md": "The clinic: Sarah Green and two nurses.\n"},
}


@pytest.mark.parametrize("second", list(GREENS))
def test_a_surname_a_note_without_aliases_bears_too_joins_neither(tmp_path, second):
    conn = _index(tmp_path, {"people/tom.md": TOM, "log/2026-11-20.md": KNEE, **GREENS[second]})
    assert "log/2026-11-20.md" not in _notes(conn, "Tom Green"), _entities(conn)
    assert "log/2026-11-20.md" in _notes(conn, "Green")
    conn.close()


@pytest.mark.parametrize("second", list(GREENS))
@pytest.mark.parametrize("first", [True, False])
def test_a_second_bearer_without_aliases_synced_before_or_after_alike(tmp_path, second, first):
    notes = {"people/tom.md": TOM, "log/2026-11-20.md": KNEE, **GREENS[second]}
    order = [*GREENS[second], *list(notes)[:2]] if first else list(notes)
    assert _graph_one_by_one(tmp_path, notes, order, "one") == _graph_at_once(tmp_path, notes)


def test_a_bearer_without_aliases_added_later_unjoins_the_notes_synced_before(tmp_path):
    conn = _index(tmp_path, {"people/tom.md": TOM, "log/2026-11-20.md": KNEE})
    assert "log/2026-11-20.md" in _notes(conn, "Tom Green")  # the one Green known
    write_notes(tmp_path / "i", GREENS["by file name"])
    summary = sync(conn, [tmp_path / "i"])
    assert "log/2026-11-20.md" in summary.note_names_changed
    assert "log/2026-11-20.md" not in _notes(conn, "Tom Green")
    conn.close()


@pytest.mark.parametrize("title", ["Meeting", "Work log", "Untitled", "Quick notes"])
def test_a_generic_title_names_no_aliases(tmp_path, title):
    # `title: Meeting` would have every capitalised Meeting of the folder join Weekly Sync
    # (as before rules 26); a label word (heuristic.LABEL_WORDS) or a common one names no note by its title, nor a
    # note kind's name (wordlists.GENERIC_TITLES, rules 32: `Work log`, `Untitled`)
    weekly = f"---\ntitle: {title}\naliases: [Sync, Weekly Sync]\n---\nEvery Monday.\n"
    log = f"We had a {title} with Bob about the Weekly Sync.\n"
    conn = _index(tmp_path, {"meetings/weekly.md": weekly, "log.md": log})
    found = _entities(conn)
    assert not any({title, "Weekly Sync"} <= forms for forms in found.values()), found
    conn.close()


@pytest.mark.parametrize("second", list(GREENS))
def test_a_second_bearer_deleted_joins_the_surname_again(tmp_path, second):
    conn = _index(tmp_path, {"people/tom.md": TOM, "log/2026-11-20.md": KNEE, **GREENS[second]})
    for path in GREENS[second]:
        (tmp_path / "i" / path).unlink()
    sync(conn, [tmp_path / "i"])
    assert "log/2026-11-20.md" in _notes(conn, "Tom Green")
    fresh = _index(tmp_path, {"people/tom.md": TOM, "log/2026-11-20.md": KNEE}, "fresh")
    assert _entities(conn) == _entities(fresh)
    conn.close()
    fresh.close()
