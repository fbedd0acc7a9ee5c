"""Heuristic rules 25, firstname's part (qa, session 50: a consultant's vault): a first name written alone beside the
full name it opens in the same note (`From: Elena Rossi` ... `Thanks,` / `Elena`) was a second entity, so `mrag entity
"Elena Rossi"` missed what the note said of Elena. Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def test_the_rules_are_25():
    assert VERSION >= 25


def synced(tmp_path, files: dict[str, str], name: str = "index.sqlite"):
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / name, create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    return conn


def entities(conn) -> dict[str, int]:
    return dict(conn.execute("SELECT name, mentions FROM entities"))


LUNCH = "Lunch with Elena Rossi from Globex today.\n\nElena thinks the draft is late.\n"

EMAIL = """From: Elena Rossi <e.rossi@globex.example.com>
To: Sam Carter <sam@cartercon.example.eu>
Subject: RE: Proposal - API security review

Hi Sam,

Marcus and I reviewed your proposal. We accept 50 hours at $145/h.

Thanks,
Elena

> From: Sam Carter
> Hi Elena, please find my proposal attached. Cheers, Sam
"""


def test_a_first_name_beside_its_full_name_is_one_person(tmp_path):
    conn = synced(tmp_path, {"lunch.md": LUNCH})
    found = entities(conn)
    assert "Elena" not in found, found
    assert found["Elena Rossi"] == 2  # once whole, once alone: `Elena` in `Elena Rossi` counts once
    assert ("Elena", "alias") in set(conn.execute(
        "SELECT a.alias, a.merge FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE e.name = 'Elena Rossi'"))
    from minirag_cli.store.lookup import get_entity

    assert get_entity(conn, "Elena")["name"] == "Elena Rossi"


@pytest.mark.parametrize("text,joined", [
    (EMAIL, {"Elena": "Elena Rossi", "Sam": "Sam Carter"}),  # a header's full name, a greeting, a sign-off
    ("# Monday\n- Lunch with Raj Patel (Acme IT) about the legacy database.\n- [ ] Ask Raj for the schema dump\n",
     {"Raj": "Raj Patel"}),  # a to-do's verb before a person
    ("Attendees: Priya Raman (Product), Tom Becker (Data)\n\n- 10:15 Current platform, ask Tom\n"
     "- 11:00 Scope: Priya thinks it is too wide\n", {"Priya": "Priya Raman", "Tom": "Tom Becker"}),  # attendees
    ("Met Ada Lovelace at the conference. Ada thinks the engine can compose music.\n", {"Ada": "Ada Lovelace"}),
    ("Jonas texted: he wants to come along. Jonas Weber said he ran it in 2024.\n", {"Jonas": "Jonas Weber"}),
    ("Hi Anna,\n\nthe invoice is attached.\n\n> From: Anna Kowalski\n> Can you send the invoice?\n",
     {"Anna": "Anna Kowalski"}),  # a greeting, a quoted header
])
def test_a_note_that_writes_a_person_joins_her_first_name(tmp_path, text, joined):
    found = entities(synced(tmp_path, {"note.md": text}))
    assert not joined.keys() & found.keys(), found
    assert set(joined.values()) <= found.keys(), found


@pytest.mark.parametrize("files,kept", [
    # two full names of it in the note: which one `Elena` is, the note does not say
    ({"n.md": "Lunch with Elena Rossi and Elena Vasquez today. Elena said the draft is late.\n"}, "Elena"),
    # the full name in another note only: the note alone decides
    ({"a.md": "Lunch with Elena Rossi today.\n", "b.md": "I met Elena today, the draft is late.\n"}, "Elena"),
    # a place and its event, an article before it
    ({"n.md": "Thanks Berlin! I ran the Berlin Marathon in 3:58.\n"}, "Berlin"),
    # a company and its office: where one works (`at Globex`), and no person's cue (`wants` is a company's too)
    ({"n.md": "I work at Globex. Globex Frankfurt said yes today.\n"}, "Globex"),
    ({"n.md": "Call with Globex Frankfurt about the audit. Globex wants the draft by Friday.\n"}, "Globex"),
    # a product of a company, no person's cue (a company says things too)
    ({"n.md": "Google Maps was down again. Google keeps changing the layout.\n"}, "Google"),
    ({"n.md": "Spotify Wrapped came out early? Spotify says no.\n"}, "Spotify"),
    # a word of the full name in lower case: a thing's name
    ({"n.md": "Dinner with Sweet Potatoes, the band. Sweet said the sweet songs come last.\n"}, "Sweet"),
    # a chat's speaker: the longer name may be someone the chat talks about
    ({"chat.md": "Elena: did Elena Vasquez call?\nTom: not yet\nElena: ask her again\n"}, "Elena"),
    # the first name ends another full name too (`Jordan` of Michael Jordan and Jordan Peele)
    ({"n.md": "Met Jordan Peele and talked about Michael Jordan. Jordan said he loves basketball.\n"}, "Jordan"),
])
def test_a_first_name_that_may_be_another_stays_apart(tmp_path, files, kept):
    assert kept in entities(synced(tmp_path, files))


@pytest.mark.parametrize("text,kept", [
    # review revF: a company thinks, gets thanked, sends mail, and its product's name opens with its own; the full
    # name written as a person's and the first name too, each in a way of its own, or no join
    ("Google Maps keeps crashing on my phone. Google thinks I am in Paris again.\n", "Google"),
    ("From: Spotify Premium\nTo: me\n\nSpotify raised the family plan price again.\n", "Spotify"),
    ("From: Wells Fargo Alerts\nTo: me\n\nWells will charge a fee on 3 Dec. Hi Marco, please check.\n", "Wells"),
    ("Thanks Apple Support for the quick fix. Apple says the battery is fine.\n", "Apple"),
    ("Ask Google Maps for the route. Google thinks I am in Paris.\n", "Google"),  # a company's asked too
    ("Ford Motor Company recalled the engine. Ford thinks it's a minor issue. I called Henry about it.\n", "Ford"),
    ("Hi Jordan,\n\nJordan Peele's agency sent the draft. We visited Jordan last spring.\n\nThanks,\nPriya\n",
     "Jordan"),
    # a place's preposition before the first name alone: the place's name, whatever else the note writes
    ("Attendees: Paris Hilton, Tom Becker\n\nParis thinks the venue in central Paris was packed.\n", "Paris"),
    ("Attendees: Sydney Clarke, Tom Becker\n\nHi Sydney, next year we all fly to Sydney.\n", "Sydney"),
    ("Lunch with Austin Reed. Austin thinks we drove back from Austin too late.\n", "Austin"),
    ("Lunch with Georgia Miller. Ask Georgia about the road trip through Georgia.\n", "Georgia"),
    # no person's way of the first name's own (before review revF, one name's cue joined both)
    ("Lunch with Elena Rossi from Globex today.\n\nElena wants the draft by Friday.\n", "Elena"),
    ("Attendees: Priya Raman (Product), Tom Becker (Data)\n\n- 10:15 Current platform (Tom)\n", "Tom"),
    # ... nor of the full name's
    ("# Monday\n- Call with Raj Patel (Acme IT) about the database.\n- [ ] Ask Raj for the schema dump\n", "Raj"),
    ("Jonas texted: he wants to come along. Jonas Weber ran it in 2024.\n", "Jonas"),
])
def test_a_first_name_joins_only_where_both_names_are_a_persons(tmp_path, text, kept):
    assert kept in entities(synced(tmp_path, {"note.md": text}))


def test_a_first_name_joins_as_a_rebuild_whatever_the_order_of_the_notes(tmp_path):
    """Another note's `Elena Vasquez` leaves a note's join as it was: the note alone decides, so a sync after each note
    and a sync of all of them at once write the same graph."""
    from tests.test_heuristic_version import graph

    root = tmp_path / "notes"
    write_notes(root, {"lunch.md": LUNCH})
    conn = db.connect(tmp_path / "a.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    write_notes(root, {"other.md": "Lunch with Elena Vasquez. Elena thinks so.\n", "solo.md": "I met Elena today.\n"})
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    found = entities(conn)
    assert {"Elena Rossi", "Elena Vasquez", "Elena"} <= found.keys(), found
    assert found["Elena"] == 1  # solo.md's: lunch.md's and other.md's joined their full names
    fresh = db.connect(tmp_path / "b.sqlite", create=True)
    sync_folders(fresh, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert graph(conn) == graph(fresh)
