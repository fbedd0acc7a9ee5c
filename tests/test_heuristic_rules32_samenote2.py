"""Heuristic rules 32, samenote2's part (session 57's journalist and job seeker): one person written several ways in
one note was several entities: a transcript's speaker label of initials (`[00:00:16] JO: ...` under `# Interview -
Janet Okoro`), a first name and a surname's initial (`Tom B` beside `Tom Becker`), a quoted e-mail's sign-off on one
line (`> Best, Hannah` under `> From: Hannah Clarke`). Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import time

from minirag_cli.extract.base import EntityMention
from minirag_cli.store.lookup import get_entity
from tests.test_heuristic_rules25_firstname import entities, synced

JANET = """# Interview - Janet Okoro (tenant) 2026-11-26
#sources #transcripts

Thurs 26 Nov, her flat, 14 Larchfield Court, 10:30. Recorded on phone, consent given on tape.

[00:00:12] Me: So just for the recording, can you say your name?
[00:00:16] JO: Janet Okoro, I've been in this flat eleven years now.
[00:01:40] Me: When did you first notice the damp?
[00:01:45] JO: September last year. It started as a grey patch over the window.
[00:07:15] JO: My youngest, Tobi, he's two, he's had a cough all winter.
"""

LINDA = """# Interview - the whistleblower (Brightway) 2026-11-30

Video call. Linda Shaw (Source C). Recorded with consent, transcript by Otter.

**Me:** Thanks for agreeing to talk.

**LS:** That's fine. I don't want my name anywhere.

**LS:** Four years. I started as a planner in 2021 at Larchfield.
"""


def _joined(conn, short: str) -> str:
    return get_entity(conn, short)["name"]


def test_a_transcripts_initials_are_the_speaker_its_heading_names(tmp_path):
    conn = synced(tmp_path, {"Interview - Janet Okoro.md": JANET, "whistleblower.md": LINDA})
    found = entities(conn)
    assert "JO" not in found and "LS" not in found, found
    assert _joined(conn, "JO") == "Janet Okoro"
    assert _joined(conn, "LS") == "Linda Shaw"


def test_a_first_name_and_an_initial_is_the_full_name_it_fits(tmp_path):
    conn = synced(tmp_path, {
        # the full name a person's by its title (fixSN: `Team A` is no Team Alpha's)
        "Wise.md": "recruiter:: [[Tom Becker]]\n\n- 28 Oct applied, Tom B reached out on LinkedIn first actually\n"
                   "- 1 Dec verbal offer from Mr Tom Becker\n",
        "Octopus.md": "Panel: Mr Tom Becker (Wise) and Dr Tom Hughes (Octopus).\n\n- Tom H said the role is hybrid.\n"
                      "- Tom B is the one with the offer.\n"})
    found = entities(conn)
    assert "Tom B" not in found and "Tom H" not in found, found
    assert _joined(conn, "Tom H") == "Tom Hughes"
    assert found["Tom Becker"] >= 4  # twice in Wise.md, twice in Octopus.md


def test_a_quoted_sign_off_on_one_line_is_the_senders_first_name(tmp_path):
    conn = synced(tmp_path, {"Deliveroo rejection.md": (
        "Pasted email:\n\n> From: Hannah Clarke <careers@deliveroo.co.uk>\n> Subject: Your application\n>\n> Hi,\n"
        "> Unfortunately we have decided not to move forward.\n> Best, Hannah\n\nmeh.\n")})
    found = entities(conn)
    assert "Hannah" not in found, found
    assert _joined(conn, "Hannah") == "Hannah Clarke"


def test_what_stays_apart(tmp_path):
    conn = synced(tmp_path, {
        # two full names of the initials: which one speaks, the note does not say
        "two.md": "# Interview - Janet Okoro and James Owen\n\n[00:01] JO: Hello.\n[00:02] JO: Yes.\n",
        # an acronym's label whose full name is written only below it
        "hr.md": "# Week notes\n\nHR: payroll form sent\nHR: contract signed\n\nLater met Helen Ross at lunch.\n",
        # a log's labels, no dialogue's: the full name above them is no speaker
        "pr.md": "# Sprint review - Paul Roberts\n\nPR: #42 merged\nPR: #43 open\n",
        "trip.md": "# Trip - Bob Adams\n\n- BA: LHR-JFK 09:40\n- BA: JFK-LHR 21:00\n",
        # a label once is no transcript's speaker
        "once.md": "# Call - Bola Ajayi\n\nBA: flight BA0815 confirmed.\nThen the hotel.\n",
        # another note's initials: never across notes
        "other.md": "# Recordings\n\nJO: tape one\nJO: tape two\n",
        # two Tom B's: the initial does not decide
        "toms.md": "Tom Becker and Tom Brown came.\n\nTom B brought cake.\n",
    })
    found = entities(conn)
    for short in ("HR", "BA", "PR", "Tom B"):
        assert short in found, (short, found)
    assert found.get("JO", 0) >= 2  # two.md's and other.md's, their own entity
    assert "Janet Okoro" in found and "Helen Ross" in found


def test_a_long_transcript_takes_linear_time():
    from minirag_cli.extract.firstnames import short_names

    def word(i: int) -> str:  # a capitalised word of letters only, one for each number
        letters = ""
        while True:
            i, d = divmod(i, 26)
            letters += chr(97 + d)
            if not i:
                return "Q" + letters

    def note(n: int) -> tuple[list[EntityMention], str]:
        lines = ["# Interview - Janet Okoro", "Tom Becker, Tom Hughes"]
        lines += [f"[00:{i % 60:02}] {'JO' if i % 2 else 'Me'}: line {i} with Tom B and {word(i)} Z{word(i)}"
                  for i in range(n)]
        mentions = [EntityMention("Janet Okoro", "name"), EntityMention("Tom Becker", "person"),
                    EntityMention("Tom Hughes", "name"), EntityMention("JO", "name"), EntityMention("Tom B", "name")]
        mentions += [EntityMention(f"{word(i)} Z{word(i)}", "person") for i in range(n)]
        mentions += [EntityMention(f"{word(i)} Z", "name") for i in range(n)]
        return mentions, "\n".join(lines)

    def seconds(n: int) -> float:
        mentions, text = note(n)
        start = time.process_time()
        out = short_names(mentions, text)
        took = time.process_time() - start
        assert out["JO"] == "Janet Okoro" and out["Tom B"] == "Tom Becker"
        assert out[f"{word(7)} Z"] == f"{word(7)} Z{word(7)}"
        return took

    small, large = seconds(250), seconds(2000)
    assert large < 2.0 and large / max(small, 1e-3) < 32, (small, large)


# fixSN (review of samenote2): an acronym's label beside another acronym's is no transcript's speaker
ACRONYM_LOGS = {
    "hr.md": "# 1:1 - Helen Ross 2026-12-01\n\nHR: payroll form sent\nIT: laptop ordered\nHR: contract signed\n",
    "pr.md": "# Sprint review - Paul Roberts\n\nPR: #42 merged\nCI: green again\nPR: #43 still open\n",
    "trip.md": "# Trip - Bob Adams\n\n- BA: LHR-JFK 09:40\n- AA: JFK-MIA 14:10\n- BA: MIA-LHR 21:00\n",
    "fin.md": "# Finance sync with Anna Price\n\nAP: 3 invoices overdue\nAR: 2 customers late\nAP: portal down\n",
    "uk.md": "# Weekly update from Ulrike Klein\n\nUK: shipped the Q4 batch\nUS: delayed by customs\nUK: invoiced\n",
    "daily.md": "# 2026-12-04\n\n- Coffee with Nina Young\n- NY: flights booked\n- LA: hotel tbc\n- NY: museum list\n",
    "q.md": "# Podcast notes - Quinn Adams\n\nQ: what is the pitch?\nQA: the pitch is solid\nQA: numbers are thin\n",
}


def test_an_acronyms_label_beside_another_acronym_joins_no_one(tmp_path):
    conn = synced(tmp_path, ACRONYM_LOGS)
    found = entities(conn)
    for short in ("HR", "PR", "BA", "AP", "UK", "NY", "QA"):
        assert short in found, (short, found)


def test_initials_beside_another_full_names_initials_are_speakers(tmp_path):
    conn = synced(tmp_path, {"mtg.md": "# Kickoff 2026-12-03\nAttendees: Tom Becker, Sarah Collins\n\n"
                                       "TB: send the deck by Friday\nSC: review the budget\nTB: book the room\n",
                             "host.md": "# Episode 4 - Bola Ajayi\n\nHost: welcome.\nBA: thanks.\nBA: so.\n"})
    assert _joined(conn, "TB") == "Tom Becker"
    assert _joined(conn, "BA") == "Bola Ajayi"


def test_a_label_on_two_chunks_shared_line_is_written_once(tmp_path):
    def call(at: int) -> str:  # `BA:` once, after the list's item `at`, where the chunks may cut
        items = [f"- item {i} on the list of things to sort out this week\n" for i in range(12)]
        items.insert(at, "BA: flight BA0815 confirmed for Monday.\n")
        return "# Call - Bola Ajayi\n\nQ: what flight?\n" + "".join(items)
    conn = synced(tmp_path, {f"call{at}.md": call(at) for at in range(5, 10)})
    found = entities(conn)
    assert "BA" in found and found["Bola Ajayi"] == 5, found  # her heading once a note, no BA


def test_a_short_form_counts_each_time_it_is_written(tmp_path):
    conn = synced(tmp_path, {"iv.md": "# Interview - Janet Okoro (tenant)\n\n[00:00:12] Me: Can you say your name?\n"
                                      "[00:00:16] JO: Janet Okoro, eleven years here.\n[00:01:40] Me: When?\n"
                                      "[00:01:45] JO: September last year.\n"})
    assert entities(conn)["Janet Okoro"] == 4  # the heading, her answer's name, JO twice


def test_a_first_name_and_initial_of_no_person_join_nothing(tmp_path):
    conn = synced(tmp_path, {
        "teams.md": "# Tournament\n\nTeam A and Team Alpha are the same squad.\nStudio B booked; Studio Blue is the "
                    "big one.\nVitamin D and Vitamin Drops from Boots.\n",
        "bar.md": "Drinks at the Tom Becker bar.\nTom B was there.\n",
        # a place's name after `at the` (_things): no speaker's
        "centre.md": "# Interview - Janet Okoro\n\nRecorded in the Janet Okoro Room.\n\nMe: who is she?\n"
                     "JO: the founder.\nJO: long ago.\n",
        "lunch.md": "Lunch with Sarah Collins.\n\nSarah C said yes.\n",  # no title: no sign she is a person
        "club.md": "Chair: Ms Sarah Collins.\n\nSarah C said yes.\n"})
    found = entities(conn)
    for short in ("Team A", "Studio B", "Vitamin D", "Tom B", "JO"):
        assert short in found, (short, found)
    assert found["Sarah C"] == 1 and found["Sarah Collins"] == 3, found
