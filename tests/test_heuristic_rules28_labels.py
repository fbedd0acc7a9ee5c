"""Heuristic rules 28 (names28a: words that are no names, from three testers' vaults: a family organiser's, an
engineering manager's, a GM's). A weekday plural's label (`- Wednesdays: Chloe`) and a meal plan's `- Sun:` were
names and seeds of "what's on this week?"; `- Tue 10th Nov:` a name beside its date; a label in sentence case
(`Known members:`, `System design:`), of one word the text writes in lower case too (`Cake:`) or of a verb's third
person (`Wants:`) a name of its own; a stat block's `AC 17, HP 44` and the era of `1022 AR` hubs of a GM's notes;
`Bought Epaderm`, `Ordered Lego` names of two words; `the Gull & Anchor inn` two names, Gull and Anchor. Each through
a real sync, as `mrag sync` runs it (heuristic names, hashing vectors), with a look-alike that must stay a name."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


def test_the_rules_are_28():
    assert VERSION >= 28


# 1. a label of a weekday's plural, three letters or the three letters before a day, is a day's: no name (a plural
# mid-sentence, `on Mondays`, names as before: tried and taken out, LiHua's dev figures fell)
@pytest.mark.parametrize("text, gone, kept", [
    ("- Wednesdays: Chloe, school pick-up 15:15.\n- Saturdays: football at Hollins Park.\n",
     {"Wednesdays", "Saturdays"}, {"Hollins Park"}),
    ("# Meal plan\n- Sat: Pizza night\n- Sun: Roast beef at Grandma Jean's\n", {"Sun"}, {"Grandma Jean"}),
    ("- Tue 10th Nov: Maya's ear infection, amoxicillin.\n- Fri 18 Dec: school disco.\n",
     {"Tue 10th Nov", "Fri 18 Dec"}, {"Maya"}),
    # look-alikes: `Sun` of two capitalised words, a person's and a company's name
    ("Sun Li: the figures are in.\nWe ran Sun Microsystems servers until 2010.\n", {"Sun"},
     {"Sun Li", "Sun Microsystems"}),
])
def test_a_weekdays_plural_or_letters_label_a_day(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


def test_a_weekdays_letters_before_a_day_leave_the_date(tmp_path):
    from tests.conftest import synced_entities

    found = synced_entities(tmp_path, {"note.md": "- Tue 10th Nov: Maya's ear infection.\n"})
    assert any(type_ == "date" for _name, type_ in found)


# 2. a label in sentence case, or of one word the text writes in lower case too, or of a verb's third person, is a
# sentence's first words: a name only by evidence
@pytest.mark.parametrize("text, gone", [
    ("Known members: [[Qel'thara]], the high priest.\nKey dates: the festival.\nSession after that: the vault.\n",
     {"Known members", "Key dates", "Session after that"}),
    ("- System design: strong.\n- Incident handling: calm under pressure.\n", {"System design", "Incident handling"}),
    ("*In-world: 4th of Frostmoon*\n", {"In-world"}),
    ("Cake: chocolate, from Sainsbury's.\nGuests: Isla, Amira, Poppy.\nThe cake needs a guest list.\n",
     {"Cake", "Guests"}),
    ("**Wants:** to become the Ninth Bell.\n**Needs:** a vessel.\n", {"Wants", "Needs"}),
])
def test_a_sentence_label_names_nothing(tmp_path, text, gone):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names


@pytest.mark.parametrize("files, kept", [
    # the note writes it mid-sentence too
    ({"trip.md": "Paris: 3 nights at the Ritz.\nFlights to Paris are booked.\n"}, {"Paris", "Ritz"}),
    # capitalised words, a person's title: as before
    ({"gig.md": "Bob Dylan: played at the Albert Hall.\nDr. Chen: approved the plan.\n"},
     {"Bob Dylan", "Albert Hall", "Chen"}),
    # a sentence-case label's first word another note names mid-sentence (rules 25's known words)
    ({"a.md": "We work for Initech and Acme.\n", "b.md": "- Initech invoice: still unpaid.\n"}, {"Initech"}),
    # a heading of a person's name
    ({"maya.md": "# Maya\n\nLikes drawing.\n"}, {"Maya"}),
    # a label of one word, no evidence of a common word: a name as before (a team's list)
    ({"team.md": "- Marta: design\n- Jonas: tests\n"}, {"Marta", "Jonas"}),
    # names in a label of capitalised words or hyphened ones
    ({"films.md": "Spider-Man: great film.\nJean-Paul: hi.\nKey Ideas: recurrence.\n"},
     {"Spider-Man", "Jean-Paul", "Key Ideas"}),
])
def test_a_label_that_is_a_name_stays_one(tmp_path, files, kept):
    assert kept <= synced_names(tmp_path, files)


def test_a_sentence_labels_first_word_known_elsewhere_is_a_mention_of_its_note(tmp_path):
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    write_notes(tmp_path / "notes", {"a.md": "We work for Initech and Acme.\n",
                                     "b.md": "- Initech invoice: still unpaid.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"),
                     extractor=HeuristicExtractor())
        paths = {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id"
            " JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = 'Initech'")}
        labels = {n for (n,) in conn.execute("SELECT name FROM entities WHERE name = 'Initech invoice'")}
    finally:
        conn.close()
    assert paths == {"a.md", "b.md"} and not labels


# 3. a list of stats' labels and an era after a year name nothing
@pytest.mark.parametrize("text, gone, kept", [
    ("Kael is a fighter. AC 17, HP 44. Backstory: a Dunmere guard.\n", {"AC", "HP"}, {"Dunmere"}),
    ("AC 16, HP 78, STR 10 (+0), DEX 20 (+5).\nAC 18 (plate), HP 65 (10d8+20), Speed 30 ft.\n",
     {"AC", "HP", "STR", "DEX", "Speed"}, set()),
    ("*In-world: 4th of Frostmoon, 1022 AR*\nThe party met in 1021 AR.\n", {"AR", "In-world"}, {"Frostmoon"}),
    ("Paid 200 EUR, cash. The drive is 50 GB.\n", {"GB"}, {"EUR"}),  # a currency's three capitals stay
    # look-alikes: a club, a phone service, a terminal, a country before a year
    ("We watched AC Milan beat Inter. Called NHS 111, then the GP.\nLanded at Terminal 5 LHR.\n"
     "Flights booked for the UK 2027 trip.\n", set(), {"AC Milan", "NHS", "LHR", "UK"}),
])
def test_a_stat_label_or_an_era_names_nothing(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


# 4. a diary's buying verbs open no name
@pytest.mark.parametrize("text, gone, kept", [
    ("Took Leo to the GP. Bought Epaderm.\n", {"Bought Epaderm"}, {"Epaderm"}),
    ("Ordered Lego treehouse for Maya.\n", {"Ordered Lego"}, {"Lego", "Maya"}),
    ("Ordered Pizza Express for the kids.\n", set(), {"Pizza Express"}),
])
def test_a_buying_verb_opens_no_name(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


# 5. capitalised words joined by `&` after `the` are one name
@pytest.mark.parametrize("text, gone, kept", [
    ("Notable: the Gull & Anchor inn, the lighthouse.\n", {"Gull", "Anchor"}, {"Gull & Anchor"}),
    ("The Rose & Crown Hotel is shut.\n", {"Rose", "Rose & Crown"}, {"Rose & Crown Hotel"}),
    # look-alikes: two persons, a shop without `the`: as before
    ("Lunch with Tom & Priya today.\n", {"Tom & Priya"}, {"Tom", "Priya"}),
    ("We shop at Marks & Spencer.\n", set(), {"Spencer"}),
])
def test_the_and_words_joined_by_an_ampersand_are_one_name(tmp_path, text, gone, kept):
    names = synced_names(tmp_path, {"note.md": text})
    assert not gone & names
    assert kept <= names


# 6. a work calendar's statuses name nothing, and a known name before one is that name's mention
@pytest.mark.parametrize("text, gone", [
    ("# Holidays and OOO 2026\n\n- Priya off 14-18 Dec\n", {"OOO"}),
    ("WFH Friday, then PTO until Monday.\n", {"WFH", "PTO"}),
])
def test_a_status_word_names_nothing(tmp_path, text, gone):
    assert not gone & synced_names(tmp_path, {"note.md": text})


def test_a_known_name_before_a_status_word_is_a_mention_of_it(tmp_path):
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    write_notes(tmp_path / "notes", {"a.md": "The Falcon launch is led by Marcus this quarter.\n",
                                     "vacation.md": "# Holidays\n\n- Marcus OOO from Dec 21 to Jan 4\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"),
                     extractor=HeuristicExtractor())
        paths = {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id"
            " JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = 'Marcus'")}
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    assert paths == {"a.md", "vacation.md"} and "Marcus OOO" not in names


def test_a_known_name_before_a_time_word_stays_a_longer_names(tmp_path):
    from minirag_cli.extract.heuristic import known_openers

    # `Christmas Day` is a name of its own: its `Christmas` is no opener (a common word a name ends before only)
    assert known_openers("- Christmas Day at ours.\n", {"Christmas": "name"}) == []
    assert known_openers("- Marcus OOO from Dec 21\n", {"Marcus": "person"}) == ["Marcus"]
