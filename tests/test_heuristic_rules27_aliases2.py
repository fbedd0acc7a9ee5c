"""Heuristic rules 27 (aliases2): a note's title names its entity as its aliases do, whatever else names it.

- `people/Anna Keller.md` with `title: Prof. Keller`: the file name names the note, and the title was an entity
  apart (Prof. Keller); it is an alias of Anna Keller now, as `aliases: [Prof. Keller]` is.
- `people/keller.md` with `title: Prof. Anna Keller` and no aliases: the title was recorded only with aliases, so
  `Anna Keller` in another note stayed apart; the title names the note now, its bare form an alias.
- A Logseq page's `title:: Hackerspace Berlin` is its title as front matter's is: `alias:: HS` in `pages/hs.md`
  (a lower-case file name no link names) joined nothing.
- `Frau Keller` in English text named Frau Keller; `Frau`/`Herr` are a person's title in any text now.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor, note_aliases
from tests.conftest import write_notes
from tests.test_heuristic_rules26_aliases import _entities, _index, _notes
from tests.test_heuristic_version import sync
from tests.test_order_independent_merges import _graph_at_once, _graph_one_by_one

MEETING = "Meeting with Prof. Keller today. Anna Keller said three seeds. Keller agreed.\n"


def test_rules_27():
    assert VERSION >= 27


@pytest.mark.parametrize("title", ["Prof. Keller", "Anna M. Keller"])
def test_a_title_other_than_the_file_name_is_an_alias_of_the_note(tmp_path, title):
    meeting = MEETING + f"Later {title} sent the slides.\n"
    conn = _index(tmp_path, {"people/Anna Keller.md": f"---\ntitle: {title}\n---\nMy advisor.\n",
                             "meeting.md": meeting})
    found = _entities(conn)
    assert title in found["Anna Keller"] and title not in found, found
    assert _notes(conn, "Anna Keller") == {"people/Anna Keller.md", "meeting.md"}, found
    conn.close()


def test_a_title_is_an_alias_as_the_same_alias_written_under_aliases_is(tmp_path):
    titled = _index(tmp_path, {"people/Anna Keller.md": "---\ntitle: Prof. Keller\n---\nMy advisor.\n",
                               "meeting.md": MEETING}, "titled")
    aliased = _index(tmp_path, {"people/Anna Keller.md": "---\naliases: [Prof. Keller]\n---\nMy advisor.\n",
                                "meeting.md": MEETING}, "aliased")
    assert _entities(titled) == _entities(aliased)
    assert _notes(titled, "Anna Keller") == _notes(aliased, "Anna Keller")
    titled.close()
    aliased.close()


def test_a_generic_title_or_one_two_notes_have_is_no_alias(tmp_path):
    notes = {"Weekly Sync.md": "---\ntitle: Meeting\n---\nEvery Monday.\n",
             "people/Anna Keller.md": "---\ntitle: Prof. Keller\n---\nMy advisor.\n",
             "people/keller.md": "---\ntitle: Prof. Keller\naliases: [PK]\n---\nAnother Keller.\n",
             "log.md": "We had a Meeting about the Weekly Sync. Prof. Keller came.\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert "Meeting" not in found["Weekly Sync"], found  # `title: Meeting` makes every Meeting no note's
    # no link can tell which note `Prof. Keller` means: neither note's
    assert "Prof. Keller" in found and "Prof. Keller" not in found["Anna Keller"], found
    conn.close()


def test_a_title_without_aliases_names_the_note_its_file_name_does_not(tmp_path):
    conn = _index(tmp_path, {"people/keller.md": "---\ntitle: Prof. Anna Keller\n---\nMy advisor.\n",
                             "lunch.md": "Lunch with Anna Keller. Then Prof. Keller left.\n"})
    found = _entities(conn)
    assert {"Prof. Anna Keller", "Anna Keller"} <= found["Prof. Anna Keller"] and "Anna Keller" not in found, found
    assert _notes(conn, "Prof. Anna Keller") == {"people/keller.md", "lunch.md"}, found
    conn.close()


@pytest.mark.parametrize("text,expected", [
    ("---\ntitle: Prof. Anna Keller\n---\n", ["note-title:Prof. Anna Keller", "Anna Keller"]),
    ("---\ntitle: Tobias Brandt\n---\n", ["note-title:Tobias Brandt"]),
    ("---\ntitle: reading list\n---\n", []),  # a lower-case title names no note
    ("title:: Hackerspace Berlin\nalias:: HS, Hacklab\ntags:: makers, Community\n\n- Open night.\n",
     ["note-title:Hackerspace Berlin", "HS", "Hacklab"]),
    ("- A block\n  title:: Not The Page\n", []),  # a block's property is no page's title
])
def test_a_title_is_recorded_without_aliases_too(text, expected):
    assert note_aliases(text, "people/x.md") == expected


def test_a_title_added_later_joins_the_notes_synced_before(tmp_path):
    notes = {"people/keller.md": "My advisor.\n", "lunch.md": "Lunch with Anna Keller.\n"}
    conn = _index(tmp_path, notes)
    assert "Anna Keller" in _entities(conn)
    titled = {"people/keller.md": "---\ntitle: Prof. Anna Keller\n---\nMy advisor.\n"}
    write_notes(tmp_path / "i", titled)
    summary = sync(conn, [tmp_path / "i"])
    assert "lunch.md" in summary.note_names_changed
    fresh = _index(tmp_path, {**notes, **titled}, "fresh")
    assert "Anna Keller" not in _entities(conn) and _entities(conn) == _entities(fresh)
    conn.close()
    fresh.close()


TITLED = {"people/Anna Keller.md": "---\ntitle: Prof. Keller\n---\nMy advisor.\n",
          "people/brandt.md": "---\ntitle: Dr. Tobias Brandt\n---\nOther TA.\n",
          "meeting.md": MEETING + "Tobias Brandt graded sheet 3.\n"}


@pytest.mark.parametrize("order", list(permutations(TITLED)))
def test_titles_synced_at_once_or_one_by_one_alike(tmp_path, order):
    assert _graph_one_by_one(tmp_path, TITLED, order, "one") == _graph_at_once(tmp_path, TITLED)


LOGSEQ = {"pages/hs.md": "title:: Hackerspace Berlin\nalias:: HS, Hacklab\ntags:: makers, Community\n\n"
                         "- Weekly open night on Tuesdays.\n",
          "journals/2026_12_01.md": "- Went to the HS tonight with Jo. Hacklab was full. Hackerspace Berlin rocks.\n"}


def test_a_logseq_page_s_title_names_its_aliases(tmp_path):
    conn = _index(tmp_path, LOGSEQ)
    found = _entities(conn)
    assert found["Hackerspace Berlin"] == {"Hackerspace Berlin", "HS", "Hacklab"}, found
    assert not {"HS", "Hacklab"} & set(found), found
    assert _notes(conn, "Hackerspace Berlin") == set(LOGSEQ)
    # its tags are topics of their own, no name of the page
    tags = {name for name, _ in conn.execute("SELECT name, type FROM entities WHERE type = 'concept'")}
    assert {"#makers", "#Community"} <= tags, tags
    conn.close()


def test_a_logseq_page_s_title_other_than_its_file_name_is_an_alias(tmp_path):
    conn = _index(tmp_path, {"pages/Hackerspace.md": LOGSEQ["pages/hs.md"],
                             "journals/2026_12_01.md": LOGSEQ["journals/2026_12_01.md"]})
    found = _entities(conn)
    assert found["Hackerspace"] == {"Hackerspace", "Hackerspace Berlin", "HS", "Hacklab"}, found
    conn.close()


@pytest.mark.parametrize("text", [
    "Met Frau Keller at the bakery. Herr Brandt was there too. Frau Keller said hi.",  # English
    # German, as before
    "Wir haben heute Frau Keller beim Bäcker getroffen, und Herr Brandt war auch da. Die Frau Keller hat uns gegrüßt.",
    # German too short to tell (heuristic.german): it named `Herr Brandt`, `Frau Keller`
    "Frau Keller beim Bäcker getroffen. Herr Brandt war auch da.",
])
def test_frau_and_herr_are_a_person_s_title_in_any_text(text):
    found = {(m.name, m.type) for m in HeuristicExtractor().extract_one(text)}
    assert {("Keller", "person"), ("Brandt", "person")} <= found, found
    assert not {name for name, _ in found if name.startswith(("Frau", "Herr"))}, found


def test_frau_in_english_text_joins_the_one_note_bearing_the_surname(tmp_path):
    conn = _index(tmp_path, {"people/keller.md": "---\ntitle: Anna Keller\naliases: [AK]\n---\nNeighbour.\n",
                             "bakery.md": "Met Frau Keller at the bakery.\n"})
    assert _notes(conn, "Anna Keller") == {"people/keller.md", "bakery.md"}, _entities(conn)
    conn.close()


def test_a_surname_after_a_person_s_title_joins_a_note_with_a_title_alone(tmp_path):
    # as it joins one with aliases (rules 26): the title is recorded without them now
    conn = _index(tmp_path, {"people/keller.md": "---\ntitle: Prof. Anna Keller\n---\nMy advisor.\n",
                             "a.md": "Then Prof. Keller left.\n", "b.md": "Keller said no.\n"})
    assert _notes(conn, "Prof. Anna Keller") == {"people/keller.md", "a.md"}, _entities(conn)
    assert _notes(conn, "Keller") == {"b.md"}  # a bare surname may be anyone's
    conn.close()


def test_frau_or_herr_before_a_chat_speaker_or_in_a_file_name_is_a_title():
    from minirag_cli.extract.heuristic import note_name

    chat = "Frau Keller: are you coming tomorrow?\nMe: yes, at nine\nFrau Keller: great, see you\n"
    assert {(m.name, m.type) for m in HeuristicExtractor().extract_one(chat)} == {("Keller", "person")}
    assert note_name("people/Herr Brandt.md").name == "Brandt"  # as `Dr Chen.md` is Chen
