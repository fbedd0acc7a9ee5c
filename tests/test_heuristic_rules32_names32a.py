"""Heuristic rules 32, names32a (session 57's zettelkasten and parent's vaults): a label line named its label (`Counted:`,
`Replied 4 Dec:`, `Admin:`, `One thing:`, `Structure note:`, `Compare Murdoch:`, `Rule for myself:` named Rule), capitals
for stress were names (`EVERY`, `They're DIFFERENT`), a weekday before a time or in a column
of weekdays was (`Sun 6pm`, `| Sun |`), and fragments were (`RSVP Jess`, `Maya's GP`, `Sele School Year`). Real names
after labels, acronyms, lines all in capitals and a person called Sunny name as before. Each through a real sync of a
folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


def test_the_rules_are_32():
    assert VERSION >= 32


def check(tmp_path, text, gone, kept):
    names = synced(tmp_path, {"note.md": text})
    assert not gone & names, names
    assert kept <= names, names


# 1. a label line's label: a log's past tense, a common label, a phrase of a list's noun, a cross-reference, advice
@pytest.mark.parametrize("text,gone,kept", [
    ("Counted: I unlocked the phone 41 times today.\n", {"Counted"}, set()),
    ("Pasted: the Weil quote about attention.\n", {"Pasted"}, set()),
    ("Replied 4 Dec: yes, the talk is on.\n", {"Replied 4 Dec", "Replied"}, set()),
    ("Called 3 Nov: no answer from the garage.\n", {"Called 3 Nov", "Called"}, set()),
    ("Admin: paid the invoice, filed the receipt.\n", {"Admin"}, set()),
    ("Bad news: the venue is double booked.\n", {"Bad news"}, set()),
    ("One thing: attention is a kind of waiting.\n", {"One thing"}, set()),
    ("Entry points: the index and the reading log.\n", {"Entry points", "Entry"}, set()),
    ("Structure note: how the essay hangs together.\n", {"Structure note", "Structure"}, set()),
    ("Rule for myself: no phone before noon.\n", {"Rule", "Rule for myself"}, set()),
    ("Revision plan:\n- flashcards\n- past paper\n", {"Revision plan", "Revision"}, set()),
    ("Compare Murdoch: attention as a moral act.\n", {"Compare Murdoch"}, {"Murdoch"}),
    ("Cf. Murdoch: unselfing and the kestrel.\n", {"Cf. Murdoch"}, {"Murdoch"}),
    ("Cf Weil: attention as prayer.\n", {"Cf Weil"}, {"Weil"}),
    ("- **Every Wednesday**: the kids stay over\n", {"Every Wednesday"}, set()),
    # ordinary labels whose names stay: a people label's value, a person's label, a name with a particle, a
    # label of two words as rules 11 read them, a longer label's first word, a two-word label's the text names
    ("Attendees: Priya, Tom Baker\n", set(), {"Priya", "Tom Baker"}),
    ("Cc: Hannah Lee\n", set(), {"Hannah Lee"}),
    ("Alfred: back on 3 May\n", set(), {"Alfred"}),
    ("Priya: sends the vests\nLisbon: flights booked\n", set(), {"Priya", "Lisbon"}),
    ("Flood alert: the river is high\n", set(), {"Flood alert"}),
    ("Maria dos Santos: hello\n", set(), {"Maria dos Santos"}),
    ("Tokyo trip plan: rail pass, hotel\n", set(), {"Tokyo"}),
    ("We fly to Tokyo in May.\nTokyo plan: rail pass\n", set(), {"Tokyo"}),
    ("Paris with kids: the zoo\n", set(), {"Paris"}),
    ("Replied to Clara about the essay.\n", set(), {"Clara"}),
])
def test_a_label_line_names_what_it_says(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)


# 2. capitals for stress in a sentence of lower case
@pytest.mark.parametrize("text,gone,kept", [
    ("- Brown inhaler 1 puff morning and night, EVERY day\n", {"EVERY"}, set()),
    ("NEVER give her ibuprofen, ALWAYS the spacer\n", {"NEVER", "ALWAYS"}, set()),
    ("Secondary (Maya) - Sele School. They're DIFFERENT again, ugh.\n", {"They're DIFFERENT"}, {"Sele School"}),
    # acronyms, a name in capitals, lines all in capitals, a function word that joins a name
    ("Noah has PE on Tuesdays and the NHS app works again.\n", set(), {"PE", "NHS"}),
    ("Listen on BBC Radio 4 tonight with Mum.\n", set(), {"BBC Radio"}),
    ("Bought a shelf at IKEA today.\n", set(), {"IKEA"}),
    ("FOI REQUEST\n", set(), {"FOI REQUEST"}),
    ("We shopped at MARKS AND SPENCER today.\n", set(), {"MARKS AND SPENCER"}),
    ("Took the kids to the BANK OF ENGLAND museum.\n", set(), {"BANK OF ENGLAND"}),
    ("Dear Mr Clarke,\nthanks for the report.\n", set(), {"Clarke"}),
])
def test_capitals_for_stress_name_nothing(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)


# 3. a weekday's three letters as a day, a school's year, RSVP's object, a possessive before an acronym
@pytest.mark.parametrize("text,gone,kept", [
    ("- Alternate weekends: Tom has them Fri after school -> Sun 6pm\n", {"Sun"}, set()),
    ("Football is on Sun 10.30am at the Hertford pitch.\n", {"Sun"}, {"Hertford"}),
    ("| day | tea |\n|---|---|\n| Sat | sausage casserole |\n| Sun | roast chicken |\n", {"Sun"}, set()),
    ("Sele School Year 9 parents' evening - Tues 15th December\n", {"Sele School Year"}, {"Sele School"}),
    ("- [ ] RSVP Jess\n", {"RSVP Jess"}, {"Jess"}),
    ("- [ ] RSVP Oliver's party (Jess) by Wed 9th\n", {"RSVP Oliver"}, {"Oliver"}),
    ("- Told Tom about Maya's GP appt yesterday\n- He'll take Maya to football\n", {"Maya's GP"},
     {"Maya", "GP", "Tom"}),
    # a person called Sunny, Sun Li, a weekday with no day nor time, a year that is no school's
    ("Had coffee with Sunny at the market.\n", set(), {"Sunny"}),
    ("Sun Li: the draft is ready\n", set(), {"Sun Li"}),
    ("| who | score |\n|---|---|\n| Sun | 3 |\n| Priya | 4 |\n", set(), {"Sun", "Priya"}),
    ("We went to the Chinese New Year 2027 dinner in Soho.\n", set(), {"Chinese New Year"}),
    ("We went to St Joseph's Kids Club after school.\n", set(), {"St Joseph's Kids Club"}),
])
def test_days_years_and_fragments(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)


# 4. fixNA, review of names32a: what names32a's first rules took from main's names, back as main names them. A school's
# year only after a school's word; no shout dropped for its word in lower case (SEND beside `send`: SHEEP names as
# before), nor a phrase in capitals; `every` is no common word (EVERY alone is, in capitals); a cross-reference only
# `Cf.` and `Compare` before one name; a possessive split only where the note writes its owner alone
@pytest.mark.parametrize("text,gone,kept", [
    ("We went to the Chinese New Year 1 Feb parade with the kids.\n", set(), {"Chinese New Year"}),
    ("Lunar New Year 10 Feb - dumplings at Grandma's.\n", set(), {"Lunar New Year"}),
    ("Gap Year 2 plans with Noah\n", set(), {"Gap Year"}),
    ("Sorting the Financial Year 3 accounts for Priya.\n", set(), {"Financial Year"}),
    ("Hillside Primary Year 4 assembly on Friday.\n", {"Hillside Primary Year"}, {"Hillside Primary"}),
    ("Meeting with the SEND team on Friday about Noah. I'll send the form tonight.\n", set(), {"SEND"}),
    ("Applied for PIP for Mum; the pip on the form was wrong.\n", set(), {"PIP"}),
    ("Noah's CAT scan is on Monday. Fed the cat before leaving.\n", set(), {"Noah's CAT"}),  # (main's)
    ("Tickets for RAGE AGAINST THE MACHINE went on sale today.\n", set(), {"RAGE AGAINST THE MACHINE"}),
    ("Booked JOHN LEWIS AT WESTFIELD for the sofa delivery.\n", set(), {"JOHN LEWIS AT WESTFIELD"}),
    ("We saw Every Brilliant Thing at the Orange Tree last night.\n", set(), {"Every Brilliant Thing"}),
    ("Read the Every Child Matters report for the course.\n", set(), {"Every Child Matters"}),
    ("Contra Costa: fire season starts early this year.\n", {"Costa"}, {"Contra Costa"}),
    ("See Tickets: refund pending for the gig\n", set(), {"See Tickets"}),
    ("Compare The Market: quote for the car insurance\n", {"The Market"}, {"Compare The Market"}),
    ("Guy's ICU said visiting is 2-8pm.\n", {"Guy", "ICU"}, set()),
    ("Domino's UK app crashed again.\n", {"Domino"}, set()),
    ("Levi's UK store on Regent Street.\n", {"Levi"}, set()),
])
def test_main_names_names32a_took_are_back(tmp_path, text, gone, kept):
    check(tmp_path, text, gone, kept)
