"""Capitalised words that are no names in Markdown headings and at the start
of list items, as the heuristic extractor reads them (heuristic rules 7): a
section heading's first word starts a sentence (`## Goal` names nothing), a
note's `# ` title is read as before (it names its note's topic: measured on
golden/) unless it is a common-noun phrase of a common word (`# Meeting notes`: rules 10), and a word capitalised only as a sentence's first opens no name
with the connector `the` (`- Designed the HeronBoard` names HeronBoard)."""

from __future__ import annotations

import pytest

from minirag_cli.extract import heuristic
from minirag_cli.extract.heuristic import HeuristicExtractor


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text)}


# Section headings as meeting notes, project pages and gig logs write them (golden/'s kickoff note
# holds `## Goal`, `## Money`, `## Who does what`, `## Decisions`): the words no rule may name.
SECTIONS = ("# Project Heron kickoff\n\n## Goal\n\nThree buoys by June.\n\n## Money\n\nThe grant covers parts.\n\n"
            "## Decisions\n\n- Buoys go out in May.\n\n### Next steps\n\n- Order the boards.\n\n"
            "## Went well\n\nThe weather.\n\n## Setlist\n\n1. Sloop song\n\n## Budget 2025\n\nTight.\n\n"
            "- ## Attendees\n\n> ## Summary\n\nAll good.\n\n##\tRisks\n\nSalt spray.\n")
SECTION_WORDS = {"Goal", "Money", "Decisions", "Next", "Went", "Setlist", "Budget", "Attendees", "Summary", "Risks"}


def test_a_section_heading_s_first_word_starts_a_sentence():
    found = names(SECTIONS)
    assert found & SECTION_WORDS == set()
    assert "Project Heron" in found  # the title, two words: a name wherever it stands


def test_a_section_heading_names_what_a_sentence_opening_with_it_would():
    found = names("# Crew\n\n## Jonas Berg\n\nBoat time.\n\n## Kestrel Café\n\nBack room.\n\n"
                  "## Heron\n\nThe Heron buoy is out.\n\n## Lisbon\n\nFlights booked.\n")
    # a name of two words, and a lone word the text capitalises mid-sentence too (rule 6)
    assert {"Jonas Berg", "Kestrel Café", "Heron"} <= found
    # a lone word written nowhere else is read as a sentence's first word is: the known cost
    assert "Lisbon" not in found


@pytest.mark.parametrize("text", ["#Goal is a tag", "Issue ## Goal", "####### Goal"])
def test_what_is_no_heading_is_read_as_before(text):
    assert "Goal" in names(text)


def test_a_heading_in_code_is_no_heading_and_names_nothing():
    # code names nothing (heuristic rules 13); it named Goal, a word mid-sentence, before
    assert names("`## Goal` in code") == set()


# A note's title, read as a sentence's start, dropped Book (`# Book club (Ingrid's)`), Grafting and Dr
# (`# Dr. Amara Okafor`) but also Heron from `# Heron buoy — hardware notes (Wolfgang)` and `# Heron
# dashboard (Mei)` and Wolfgang from `# Wolfgang — to do, November 2025`, which their notes write nowhere
# else: golden/'s graph mode lost (MRR 0.6038 -> 0.5881 with the connector rule; s03's buoy note fell
# from rank 1 to 2, s21's chat from 20 to none). These pin the title as read today, the cost included:
# a rule for titles must beat that measure (heuristic rules 10's, for a common word's title, below, does).
TITLES = {
    "buoy.md": ("# Heron buoy — hardware notes (Wolfgang)\n\nThe HeronBoard v2 is built around an ESP32.\n",
                {"Heron"}),
    "todo.md": ("# Wolfgang — to do, November 2025\n\n- [ ] order flatwound strings\n", {"Wolfgang"}),
    "standup.md": ("# Standup 12 March\n\n- Priya owns the rollout checklist.\n", {"Standup"}),
    "neighbour.md": ("# Neighbour\n\n- Plays bass in a band.\n", {"Neighbour"}),
    "club.md": ("# Book club (Ingrid's)\n\nWe read in May.\n", {"Book", "Ingrid"}),
}


@pytest.mark.parametrize("note", sorted(TITLES))
def test_a_note_s_title_is_read_as_before(note):
    text, expected = TITLES[note]
    assert expected <= names(text)


# a `# ` title that is a common-noun phrase whose first word is a common one (a label's, LABEL_WORDS, or
# one the note writes in lower case too) names nothing with it (heuristic rules 10)
@pytest.mark.parametrize("text, word", [
    ("# Meeting notes\n\nWe met at noon.\n", "Meeting"),
    ("# Budget review\n\nAttendees: Jonas Berg\n", "Budget"),
    ("# Grocery list\n\n- eggs and milk for the grocery run\n", "Grocery"),
    ("Intro.\n\n  # Feedback from the fair\n", "Feedback"),
])
def test_a_common_noun_title_names_no_generic_word(text, word):
    assert word not in names(text)


@pytest.mark.parametrize("text, word", [
    ("# Meeting notes\n\nBooked the Meeting Room.\n", "Meeting"),  # capitalised mid-sentence: a name
    ("# Budget Airlines\n\nCheap flights.\n", "Budget Airlines"),  # a title of names
    ("# Heron buoy\n\nA heron landed on it.\n", None),  # the cost: the text's lower-case heron says common
])
def test_a_common_noun_title_s_word_is_a_name_as_a_sentence_s_first_is(text, word):
    found = names(text)
    assert (word in found) if word else not found, found


def test_a_word_a_longer_name_opens_names_an_item_it_opens():
    # rule 7, wherever the longer name stands: `Project` opens Project Heron, so `- Project budget
    # approved` names Project as `- Jonas re-lays the mooring` names Jonas after `Jonas Berg`
    for text in ("# Project Heron\n\n- Project budget approved\n", "Notes on Project Heron.\n\n- Project budget approved\n"):
        assert {"Project Heron", "Project"} <= names(text)


# Items and sentences as people's pages and chats open them (golden/'s `people/wolfgang-schulz.md`,
# `people/mei-tanaka.md`; LiHua's `Joining the PS5 Game Enthusiasts group has been awesome!`)
VERB_ITEMS = ("# Wolfgang Schulz\n\n- Designed the HeronBoard, the circuit board inside the buoys.\n"
              "- Co-organises the Lantern Festival with Tomás.\n- Wrote the Project Heron dashboard.\n"
              "LiHua: Yeah! Joining the PS5 Game Enthusiasts group has been awesome!\n")


def test_a_sentence_start_word_opens_no_name_with_the():
    found = names(VERB_ITEMS)
    assert {"HeronBoard", "Lantern Festival", "Project Heron", "PS5 Game Enthusiasts"} <= found
    assert not {n for n in found if " the " in n}


# golden/'s `people/amara-okafor.md` and `people/tomas-rivera.md`; LiHua's `Exploring Castle Dimitrescu`
@pytest.mark.parametrize("text, name, joined", [
    ("Coastal scientist. Leads Project Heron, the tide-sensor network.", "Project Heron", "Leads Project Heron"),
    ("- Runs Rivera's Bakehouse with his sister.", "Rivera's Bakehouse", "Runs Rivera's Bakehouse"),
    ("Exploring Castle Dimitrescu was exhilarating!", "Castle Dimitrescu", "Exploring Castle Dimitrescu"),
    ("- Founded Greywater Foundation in 2019.", "Greywater Foundation", "Founded Greywater Foundation"),
    # one word after the verb: a name when the text capitalises it mid-sentence too
    ("- Speaks Japanese at home.\nShe reads Japanese novels.", "Japanese", "Speaks Japanese"),
    # irregular verbs have no -s/-ed/-ing shape: the common ones are listed (IRREGULAR_VERBS)
    ("Met Grete Größe at the fair.", "Grete Größe", "Met Grete Größe"),
    ("- Went to Lisbon. Saw Ana Silva there.", "Ana Silva", "Saw Ana Silva"),
    ("Ask Jonas Berg about the mooring.", "Jonas Berg", "Ask Jonas Berg"),
    ("Told Mara Quist the news.", "Mara Quist", "Told Mara Quist"),
    # a verb whose object a note names with one word (ONE_NAME_VERBS): one word after it is the name
    ("Met Grete at the fair.", "Grete", "Met Grete"),
    ("- Called Priya about the lease.", "Priya", "Called Priya"),
    ("Watched Inception last night.", "Inception", "Watched Inception"),
    ("Visited Porto with Ana.", "Porto", "Visited Porto"),
    # a chat reply's first word starts a sentence too (after its speaker's tag, not any colon)
    ("LiHua: Met Grete at the fair.\nLiHua: She sells cheese.", "Grete", "Met Grete"),
])
def test_a_sentence_start_verb_opens_no_name(text, name, joined):
    found = names(text)
    assert name in found and joined not in found, found


@pytest.mark.parametrize("text, name", [
    ("Jonas Berg Olsen came by.", "Jonas Berg Olsen"),  # -as, -is, -us, -ss: no verb's shape
    ("- Boris Ivan Petrov called.", "Boris Ivan Petrov"),
    ("Red Dead Redemption 2 is out.", "Red Dead Redemption"),  # -ed after fewer than three letters
    ("Breaking Bad is great.", "Breaking Bad"),  # one word after it, capitalised nowhere else
    ("What about Sekiro: Shadows Die Twice? Worth it?", "Shadows Die Twice"),  # a title after a colon
    ("Shake It Off played twice.", None),  # a common word after it: as before (no name)
    ("Metro Station Nord is closed.", "Metro Station Nord"),  # a listed verb only as a whole word
    # one word after a verb's -ed shape or another irregular verb: a name's first word has that shape too
    ("Alfred Hitchcock directed it.", "Alfred Hitchcock"),
    ("Jared Harris plays Legasov.", "Jared Harris"),  # LiHua's
    ("United Kingdom trip is booked.", "United Kingdom"),
    ("Lost Ark is fun.", "Lost Ark"),
    ("Tom: Shadows Die Twice is hard.\nTom: Agreed.", "Shadows Die Twice"),  # a title opening a chat reply
    # the verb's word capitalised mid-sentence elsewhere: a name's first word
    ("Hans Christian Andersen wrote it. I read Hans too.", "Hans Christian Andersen"),
])
def test_a_verb_shaped_word_keeps_the_names_it_opens(text, name):
    found = names(text)
    assert (name in found) if name else not found, found


def test_a_three_word_name_whose_first_has_a_verb_s_shape_loses_it():
    # the known cost: no rule tells Hans from Leads at a sentence's start
    assert "Christian Andersen" in names("Hans Christian Andersen wrote it.")


@pytest.mark.parametrize("text, name", [
    ("Game of Thrones is back on Sunday.", "Game of Thrones"),  # `of` joins as before: LiHua's titles
    ("- Ghost of Tsushima finished at last", "Ghost of Tsushima"),
    ("Viva la Vida again?", "Viva la Vida"),
    ("We met Winnie the Pooh at the fair.", "Winnie the Pooh"),  # mid-sentence
    # capitalised mid-sentence elsewhere, the word is a name: it opens one with `the` too
    ("I dressed as Winnie. Winnie the Pooh won the prize.", "Winnie the Pooh"),
])
def test_names_with_connectors_are_read_as_before(text, name):
    assert name in names(text)


def test_a_name_with_the_opening_a_text_is_read_from_its_last_part():
    # the known cost: no rule tells Winnie from Designed at a sentence's start (no such name opens a
    # sentence in golden/ or LiHua; four verbs did)
    assert names("Winnie the Pooh won the prize.") == {"Pooh"}


@pytest.mark.parametrize("text", ["## a", "##\ta", "- ## a", "> ## a", "  ## a", "x\n### a", "# a", "#a",
                                  "x ## a", "####### a", "## ## a", "-## a"])
def test_a_heading_s_sentence_start_is_the_pattern_s(text):
    for pos in range(len(text) + 1):
        assert heuristic._sentence_start(text, pos) == bool(heuristic.SENTENCE_START.search(text[:pos])), (text, pos)
