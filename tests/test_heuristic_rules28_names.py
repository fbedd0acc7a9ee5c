"""Heuristic rules 28 (names28b): names the rules missed or split (a tabletop GM's, an engineering manager's and a
family organiser's vaults, session 53).

- A shorter name written inside a longer one the chunk names (`Dunmere` in `House Dunmere`, `Lady Ysolde Dunmere`)
  was counted a mention of its own there: `mrag entity Dunmere` showed 20 mentions, most of them the longer names'.
- Removed after review revG (fixB): `aliases: [Project Falcon]` in `projects/falcon.md` named the page `falcon` and
  joined its aliases to it: `notes/apple.md` with `aliases: [Apple Inc]` took every lower-case apple of a recipe.
  Falcon and Project Falcon are two entities again.
- `Lord Varric` beside `aliases: [Varric]` in `NPCs/Lord Varric Dunmere.md` was an entity of its own: a title before
  a note's alias names that note.
- A WhatsApp export's lines (`[12/11/2026, 18:04] Sarah Mum:`, Android's `12/11/2026, 18:04 - Sarah Mum:`) are
  timestamped chat lines: `Sarah Mum` speaks.
- Removed after review revG (fixB): a person's full name made its first name known (`**Herb Alpert** (neighbour)`
  made `Herb garden needs weeding.` a person Herb, `Florence Pugh` the city of `Florence: hotel booked.`), and a
  trailing kinship word was cut from a chat speaker (`Arlo Mum:`, `Leo Dad:` merged into the children Arlo and Leo).
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


def test_an_alias_of_a_lower_case_page_no_longer_names_the_page(tmp_path):
    # counter-test (fixB): rules 28 of names28b joined Project Falcon to a page `falcon`; as before, two entities
    conn = _index(tmp_path, MANAGER)
    found = _entities(conn)
    assert "Project Falcon" in found, found
    assert not [name for name in found if name == "falcon"], found
    conn.close()


def test_a_lower_case_page_s_alias_takes_no_lower_case_word_of_other_notes(tmp_path):
    # review revG: `apple` (lower case) named the page and counted the pie recipe's apples as the company
    notes = {"notes/apple.md": "---\naliases: [Apple Inc]\n---\n# apple\n\nShares in Apple Inc. Keep an eye on earnings.\n",
             "notes/recipes.md": "# Recipes\n\nCrumble: 4 apple slices, butter, flour. An apple a day. Apple pie on Sunday.\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert "apple" not in found, found
    assert "notes/recipes.md" not in _notes(conn, "Apple Inc"), found
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


def test_a_person_s_full_name_no_longer_makes_the_first_name_known(tmp_path):
    # counter-test (fixB): names28b named `Chloe can babysit Friday` from Contacts' Chloe Barnes; as before, not
    conn = _index(tmp_path, FAMILY)
    assert "Daily/2026-12-01.md" not in _notes(conn, "Chloe"), _entities(conn)
    conn.close()


def test_a_full_name_s_first_word_names_no_common_word_elsewhere(tmp_path):
    # review revG: a contacts list made the first words of its full names persons in every other note
    notes = {"people/contacts.md": "# Contacts\n\n- **Herb Alpert** (neighbour)\n- **Sage Miller** (tutor)\n"
                                   "- **Florence Pugh** (friend)\n- **Stella Young** (friend)\n",
             "notes/misc.md": "# Misc\n\nHerb garden needs weeding.\nSage and onion stuffing for Sunday.\n"
                              "Stella x4 for the party.\nFlorence: hotel booked.\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    for word in ("Herb", "Sage", "Stella"):
        assert word not in found, found
    assert conn.execute("SELECT COUNT(*) FROM entities WHERE name = 'Florence' AND type = 'person'").fetchone()[0] == 0
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


def test_a_whatsapp_speaker_keeps_a_kinship_word_after_the_name(tmp_path):
    # counter-test (fixB): `Sarah Mum:` speaks as `Sarah Mum` again; the WhatsApp stamp still makes it a chat line
    conn = _index(tmp_path, CHAT)
    found = _entities(conn)
    assert "Sarah Mum" in found, found
    assert conn.execute("SELECT type FROM entities WHERE name = 'Sarah Mum'").fetchone()[0] == "person"
    assert _notes(conn, "Sarah Mum") == {"Chats/Year 5 parents WhatsApp.md"}, found
    conn.close()


def test_an_android_whatsapp_line_is_a_chat_line(tmp_path):
    chat = ("12/11/2026, 18:04 - Priya Raman: trip money is due Monday\n12/11/2026, 18:06 - Dave: thanks\n"
            "12/11/2026, 18:09 - Priya Raman: and a packed lunch\n")
    conn = _index(tmp_path, {"chat.md": chat})
    found = _entities(conn)
    assert "Priya Raman" in found and "Dave" in found, found
    conn.close()


def test_a_parent_s_contact_name_does_not_join_the_child(tmp_path):
    # review revG: a UK school group saves parents as `[child] Mum/Dad`; they merged into the user's children
    notes = {"Chats/Year 5 parents WhatsApp.md": "[21/11/2026, 09:00] Arlo Mum: Running late, can someone hold the door?\n"
                                                 "[21/11/2026, 09:02] Leo Dad: On it\n"
                                                 "[21/11/2026, 09:05] Arlo Mum: Thanks!\n",
             "Kids/Leo.md": "# Leo\n\nLeo has swimming on Tuesdays. Leo needs new goggles.\n",
             "Kids/Arlo.md": "# Arlo\n\nArlo is Leo's best friend.\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert {"Arlo Mum", "Leo Dad"} <= set(found), found
    assert "Chats/Year 5 parents WhatsApp.md" not in _notes(conn, "Leo") | _notes(conn, "Arlo"), found
    conn.close()


def test_a_kinship_word_before_a_speaker_s_name_stays(tmp_path):
    chat = ("[12/11/2026, 18:04] Papa John: are you home?\n[12/11/2026, 18:05] Leo: yes\n"
            "[12/11/2026, 18:06] Papa John: dinner at 6\n")
    conn = _index(tmp_path, {"chat.md": chat})
    assert {"Papa John", "Leo"} <= set(_entities(conn)), _entities(conn)
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


def test_a_lower_case_page_s_word_is_as_before_beside_a_longer_name(tmp_path):
    # counter-test (fixB): the page `falcon` is named by no alias again, and Falcon stays apart from the longer name
    notes = {"projects/falcon.md": MANAGER["projects/falcon.md"],
             "okrs/q4.md": "# OKRs Q4\n\n## O1: Launch Project Falcon beta\n- KR1: Falcon beta live for 3 customers\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert "Falcon" not in found.get("Launch Project Falcon", set()), found  # it joined it as its surname
    assert _notes(conn, "Falcon") == {"okrs/q4.md"}, found  # names28b added projects/falcon.md by its alias
    conn.close()


def test_a_lower_case_person_page_s_alias_takes_no_bare_first_name_of_other_notes(tmp_path):
    # review revG: `people/sarah.md` with `aliases: [Sarah Thompson]` showed `Sarah` and took every note's bare Sarah
    notes = {"people/sarah.md": "---\naliases: [Sarah Thompson]\n---\nSarah Thompson is the class rep.\n",
             "notes/school.md": "# School\n\nMet Sarah Thompson at the gate.\n",
             "notes/gym.md": "# Gym\n\nThe new trainer, Sarah, starts Monday. Sarah runs the spin class.\n"}
    conn = _index(tmp_path, notes)
    found = _entities(conn)
    assert "Sarah Thompson" in found, found
    assert "notes/gym.md" not in _notes(conn, "Sarah Thompson"), found
    conn.close()
