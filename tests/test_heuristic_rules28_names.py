"""Heuristic rules 28 (names28b): names the rules missed or split (a tabletop GM's, an engineering manager's and a
family organiser's vaults, session 53).

- A shorter name written inside a longer one the chunk names (`Dunmere` in `House Dunmere`, `Lady Ysolde Dunmere`)
  was counted a mention of its own there: `mrag entity Dunmere` showed 20 mentions, most of them the longer names'.
- `aliases: [Project Falcon]` in `projects/falcon.md` (a single lower-case word, which names its note only where a
  link names it) left Falcon and Project Falcon two entities: an alias writing the file name's word names the note.
- `Lord Varric` beside `aliases: [Varric]` in `NPCs/Lord Varric Dunmere.md` was an entity of its own: a title before
  a note's alias names that note.
- `Chloe can babysit Friday`, `- Wednesdays: Chloe, 17:00` named no Chloe: a first name opening a line is named only
  where another note makes it known, and a full name's first word never did; a person's full name does now
  (`**Chloe Barnes** (babysitter)`). A WhatsApp export's `[12/11/2026, 18:04] Sarah Mum:` named no speaker, and
  `Sarah Mum` was a name apart from `Thanks Sarah!`: its speaker is Sarah, which names `Sarah posted ...` elsewhere.
"""

from __future__ import annotations

from minirag_cli.extract.heuristic import VERSION
from tests.test_heuristic_rules26_aliases import _entities, _index, _notes
from tests.test_order_independent_merges import _graph_at_once, _graph_one_by_one


def test_rules_28():
    assert VERSION >= 28


def _count(conn, name: str) -> int:
    return conn.execute("SELECT COALESCE(SUM(m.count), 0) FROM mentions m JOIN entities e ON e.id = m.entity_id"
                        " WHERE e.name = ?", (name,)).fetchone()[0]


def test_a_name_inside_a_longer_name_is_not_counted_as_its_own_mention(tmp_path):
    # two full names end with Dunmere, so the bare one joins neither (rules 21) and is a name of its own
    text = ("House Dunmere hosted the ball. Lady Ysolde Dunmere greeted the party.\n"
            "Lord Varric Dunmere sulked. \"No Dunmere begs,\" he said.\n")
    conn = _index(tmp_path, {"session.md": text})
    found = _entities(conn)
    assert {"House Dunmere", "Lady Ysolde Dunmere", "Lord Varric Dunmere", "Dunmere"} <= set(found), found
    assert _count(conn, "Dunmere") == 1, found  # it was 4: the three longer names' and the bare one
    assert _count(conn, "House Dunmere") == 1
    conn.close()


def test_a_bare_name_beside_its_longer_ones_still_counts(tmp_path):
    text = "House Dunmere and Lady Ysolde Dunmere came. A Dunmere never begs, and no Dunmere ever will.\n"
    conn = _index(tmp_path, {"session.md": text, "other.md": "We met no Dunmere at the market.\n"})
    assert _count(conn, "Dunmere") == 3, _entities(conn)  # twice bare in the session, once in the other note
    assert _notes(conn, "Dunmere") == {"session.md", "other.md"}
    conn.close()


MANAGER = {"projects/falcon.md": "---\naliases: [Project Falcon]\n---\n# Project Falcon — status\n\nOwner: Marcus.\n",
           "okrs/q4.md": "## O1: ship the beta of Project Falcon\n\nWe ship Falcon in January.\n",
           "daily/2026-12-01.md": "Talked to Marcus about Falcon and the ledger.\n"}


def test_an_alias_of_a_lower_case_page_joins_the_page_s_name(tmp_path):
    conn = _index(tmp_path, MANAGER)
    found = _entities(conn)
    assert "Project Falcon" not in found, found  # it was an entity apart from Falcon
    falcon = next(name for name in found if name.lower() == "falcon")
    assert "Project Falcon" in found[falcon], found
    assert _notes(conn, falcon) == set(MANAGER), found
    conn.close()


def test_a_lower_case_page_without_aliases_is_named_by_nothing_as_before(tmp_path):
    notes = {"todo.md": "# Things\n\n- ship Falcon\n", "log.md": "We ship Falcon in January. #todo\n"}
    conn = _index(tmp_path, notes)
    assert _notes(conn, "Falcon") == set(notes)
    assert not [name for name in _entities(conn) if name.lower() == "todo"], _entities(conn)
    conn.close()


def test_an_alias_of_a_lower_case_page_joins_in_any_order(tmp_path):
    at_once = _graph_at_once(tmp_path, MANAGER)
    for i, order in enumerate([list(MANAGER), list(reversed(MANAGER))]):
        assert _graph_one_by_one(tmp_path, MANAGER, order, f"o{i}") == at_once


GM = {"NPCs/Lord Varric Dunmere.md": "---\naliases: [Varric, Lord Dunmere]\n---\n# Lord Varric Dunmere\n\nHead of the house.\n",
      "Sessions/Session 06.md": "The party met Lord Varric at the docks. Lord Varric paid them in gold.\n",
      "Sessions/Session 07.md": "We searched the study of Lord Varric and found a letter.\n"}


def test_a_title_before_an_alias_names_the_alias_note(tmp_path):
    conn = _index(tmp_path, GM)
    found = _entities(conn)
    assert "Lord Varric" not in found, found  # it was an entity of its own
    assert "Lord Varric" in found["Lord Varric Dunmere"], found
    assert _notes(conn, "Lord Varric Dunmere") == set(GM), found
    conn.close()


def test_a_title_before_a_name_no_alias_joins_stays_its_own(tmp_path):
    notes = {**GM, "Sessions/Session 08.md": "Lord Aldric came to the docks. Lord Aldric bowed.\n"}
    conn = _index(tmp_path, notes)
    assert "Lord Aldric" in _entities(conn)
    assert _notes(conn, "Lord Aldric") == {"Sessions/Session 08.md"}
    conn.close()


def test_a_title_before_an_alias_joins_in_any_order(tmp_path):
    at_once = _graph_at_once(tmp_path, GM)
    for i, order in enumerate([list(GM), list(reversed(GM))]):
        assert _graph_one_by_one(tmp_path, GM, order, f"o{i}") == at_once


FAMILY = {"Family/Contacts.md": "# Contacts\n\n- **Chloe Barnes** (babysitter): 07700 900 123, free Wednesdays\n"
                                "- **Sarah Thompson** (Arlo's mum, class rep): 07700 900 654\n",
          "Family/Babysitting.md": "# Babysitting\n\n- Wednesdays: Chloe, school pick-up 15:15 until 18:00.\n"
                                   "- Fri 18 Dec: Chloe again, 19:00-22:00.\n",
          "Daily/2026-12-01.md": "Ordered a treehouse for Maya. Chloe can babysit Friday for the work do.\n"}


def test_a_person_s_first_name_is_known_where_another_note_opens_a_line_with_it(tmp_path):
    conn = _index(tmp_path, FAMILY)
    found = _entities(conn)
    assert _notes(conn, "Chloe") == {"Family/Babysitting.md", "Daily/2026-12-01.md"}, found
    conn.close()


def test_the_first_word_of_a_name_that_is_no_person_s_is_not_made_known(tmp_path):
    notes = {"Music.md": "# Music\n\n- Imagine Dragons played at the arena downtown.\n",
             "Daily/2026-12-02.md": "Imagine a quiet weekend. Chloe called.\n"}
    conn = _index(tmp_path, notes)
    assert "Imagine" not in _entities(conn)
    conn.close()


CHAT = {"Chats/Year 5 parents WhatsApp.md": (
            "[12/11/2026, 18:04] Sarah Mum: Hi all, the Science Museum trip is on Friday 27th\n"
            "[12/11/2026, 18:06] Dave: Thanks Sarah! Do they need uniform?\n"
            "[12/11/2026, 18:09] Sarah Mum: Yes uniform plus school jumper\n"),
        "Daily/2026-11-12.md": "Sarah posted about the school trip in the WhatsApp group. Need packed lunch.\n"}


def test_a_whatsapp_speaker_s_kinship_word_is_no_part_of_her_name(tmp_path):
    conn = _index(tmp_path, CHAT)
    found = _entities(conn)
    assert "Sarah Mum" not in found, found
    assert _notes(conn, "Sarah") == set(CHAT), found  # the daily note's opening Sarah is known from the chat
    assert conn.execute("SELECT type FROM entities WHERE name = 'Sarah'").fetchone()[0] == "person"
    conn.close()


def test_a_kinship_word_before_a_speaker_s_name_stays(tmp_path):
    chat = ("[12/11/2026, 18:04] Papa John: are you home?\n[12/11/2026, 18:05] Leo: yes\n"
            "[12/11/2026, 18:06] Papa John: dinner at 6\n")
    conn = _index(tmp_path, {"chat.md": chat})
    assert {"Papa John", "Leo"} <= set(_entities(conn)), _entities(conn)
    conn.close()


def test_a_page_s_name_is_no_surname_of_a_longer_name_its_note_writes(tmp_path):
    notes = {"projects/falcon.md": MANAGER["projects/falcon.md"],
             "okrs/q4.md": "# OKRs Q4\n\n## O1: Launch Project Falcon beta\n- KR1: Falcon beta live for 3 customers\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert "Falcon" not in found.get("Launch Project Falcon", set()), found  # it joined it as its surname
    assert _notes(conn, "Falcon") == set(notes), found
    conn.close()


def test_a_sentence_s_opening_word_before_a_name_is_not_made_known(tmp_path):
    notes = {"chat.md": "Emily: The acting is top-notch! Especially Jared Harris as Legasov, he was great.\n",
             "other.md": "Especially on Sundays we sleep in.\n"}
    conn = _index(tmp_path, notes)
    assert "Especially" not in _entities(conn), _entities(conn)
    conn.close()


def test_a_known_first_name_names_in_any_order(tmp_path):
    notes = {**FAMILY, **CHAT}
    at_once = _graph_at_once(tmp_path, notes)
    for i, order in enumerate([list(notes), list(reversed(notes))]):
        assert _graph_one_by_one(tmp_path, notes, order, f"o{i}") == at_once


def test_a_name_inside_its_own_longer_form_counts_as_before(tmp_path):
    notes = {"Places/The Sunken Library.md": "# The Sunken Library\n\nA flooded archive.\n",
             "Items/The Sunblade.md": "Found in the vault of [[the Sunken Library]] in session 5.\n",
             "Places/Greyhaven.md": "Below the chapel lies [[the Sunken Library]]. We went into the Sunken Library.\n"}
    # as main named and counted it: `Sunken Library` inside `the Sunken Library` is that name's own form (5 at c3d71b5)
    before = [("the Sunken Library", 6)]
    conn = _index(tmp_path, notes)
    assert conn.execute("SELECT name, mentions FROM entities WHERE key = 'sunkenlibrary'").fetchall() == before
    conn.close()
