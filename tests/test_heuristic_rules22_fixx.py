"""Heuristic rules 22, fixX's part (review revX): names rules 21 gave and names22's rules 22 lost. A word after a line's
time before a lower-case word (`- 10:00 Priya sync`) was read as a sentence's first; a to-do list of lines without
marks (`Pay Marco back`) named `Pay Marco`; a Logseq task's priority cookie (`- TODO [#A] Send Priya ...`) kept its
verb in the name; a wikilink's shown text named nothing where its target is an ID, a date or a slug
(`[[202310031200|Priya Raman]]`); a possessive after a plain bullet's verb split a name (`- Help Scout's pricing
page`: Scout). Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from tests.conftest import synced_names


synced = synced_names  # (tests/conftest.py)


# 1. a name after a line's time names before a lower-case word too, in every time form
@pytest.mark.parametrize("files,names", [
    ({"2026-10-07.md": "- 10:00 Priya sync\n- 11:00 Tomasz interview\n- 14:00 Lena arrives from Lisbon\n"
                       "- 15:00 Heron kickoff\n"}, {"Priya", "Tomasz", "Lena", "Heron"}),
    ({"day.md": "**11:00** Priya sync\n13:00 - Tomasz interview\n14:00–15:00 Lena arrives from Lisbon\n"},
     {"Priya", "Tomasz", "Lena"}),
    ({"day.org": "* Monday\n** 10:00 Oskar sync\n"}, {"Oskar"}),
    ({"tag.md": "Heute war viel los, und wir haben den Plan für die Woche besprochen.\n\n"
                "- 10:00 Anna wegen Budget\n"}, {"Anna"}),
])
def test_a_name_after_a_time_names_before_a_lower_case_word(tmp_path, files, names):
    found = synced(tmp_path, files)
    assert names <= found, found


# 2. lines of their own that task verbs open, one under the other: a to-do list, its verbs name nothing
def test_a_to_do_list_without_marks_names_its_people(tmp_path):
    found = synced(tmp_path, {"Errands.md": "Pay Marco back\nSend Lena photos from Lisbon\nReturn Ines book\n"
                                            "Review Tomasz draft\n",
                              "a.md": "Sign Language class\n\nHelp Scout\n"})
    assert {"Marco", "Lena", "Ines", "Tomasz", "Sign Language", "Help Scout"} <= found, found
    assert not {n for n in found if n.split()[0] in {"Pay", "Send", "Return", "Review"}}, found
    assert not {"Language", "Scout"} & found, found


# 3. a Logseq task's priority cookie after its marker names nothing and keeps the block a task's line
def test_a_logseq_priority_cookie_leaves_the_task_a_task(tmp_path):
    found = synced(tmp_path, {"graph/logseq/config.edn": "{:meta/version 1}\n",
                              "graph/journals/2026_10_04.md": "- TODO [#A] Send Priya the onboarding doc\n"
                                                              "- LATER [#B] Review Tomasz's PR\n"
                                                              "- TODO Send Jonas the deck\n"})
    assert {"Priya", "Tomasz", "Jonas"} <= found, found
    assert not {n for n in found if n.split()[0] in {"Send", "Review"}}, found


def test_the_cookie_is_blanked_with_its_marker_offsets_kept():
    from minirag_cli.tasks import without_logseq_markers

    text = "- TODO [#A] Send Priya\n  - DONE [#c] x\n- [#B] no marker\n- TODO see [#A]\n"
    read = without_logseq_markers(text)
    assert len(read) == len(text)
    assert read == "- [ ]       Send Priya\n  - [x]       x\n- [#B] no marker\n- [ ]  see [#A]\n"


# 4. a wikilink's shown text names where its target is no name as written: an ID, a date, a lower-case slug
def test_a_wikilinks_shown_text_names_where_its_target_is_no_name(tmp_path):
    found = synced(tmp_path, {"notes.md": "Met [[202310031200|Priya Raman]] about [[202310041530|Project Heron]].\n"
                                          "Called [[tomasz|Tomasz Nowak]] after [[2026-10-03|Lunch with Marta]].\n"
                                          "Baked from [[Sourdough|Bread Notes]] and asked [[Priya Raman|Priya]].\n"})
    assert {"Priya Raman", "Project Heron", "Tomasz Nowak", "Marta", "Sourdough"} <= found, found
    assert not {"Bread", "Bread Notes", "Priya"} & found, found  # a name's label names nothing (names22)


# 4b. a target in a script without capitals is written as a name: its shown text is its label (review revZ)
def test_a_wikilink_to_a_name_in_a_script_without_capitals_names_no_second_entity(tmp_path):
    found = synced(tmp_path, {"trip.md": "We flew to [[東京|Tokyo]] and met [[李华|Li Hua]] there.\n",
                              "東京.md": "The capital.\n"})
    assert {"東京", "李华"} <= found, found
    assert not {"Tokyo", "Li Hua", "Li", "Hua"} & found, found


# 5. a possessive after a plain bullet's verb is no evidence of a person it addresses: the name stays whole
def test_a_possessive_after_a_plain_bullets_verb_keeps_the_name_whole(tmp_path):
    found = synced(tmp_path, {"notes.md": "- Review Board's decision on the RFC\n- Help Scout's pricing page\n"
                                          "- Finish Line's sale ends Friday\n- Check Point's firewall rules\n"})
    assert {"Review Board", "Help Scout", "Finish Line", "Check Point"} <= found, found
    assert not {"Board", "Scout", "Line", "Point"} & found, found


# 6. after a task label's colon a task verb is cut before a name by the task's evidence, as after a checkbox
def test_a_task_labels_verb_names_nothing_before_a_person(tmp_path):
    found = synced(tmp_path, {"notes.md": "TODO: Send Oskar the slides\n\n- Action items: Send Priya the deck\n\n"
                                          "Next steps: Review Tomasz's PR\n\n- [ ] Next step: Email Jonas the invoice\n\n"
                                          "TODO: Buy Milk\n"})
    assert {"Oskar", "Priya", "Tomasz", "Jonas"} <= found, found
    assert not {n for n in found if n.split()[0] in {"Send", "Review", "Email", "Buy", "Milk"}}, found


# 7. an Org headline is a task's line with a TODO keyword alone; without one its words name as a heading's
def test_an_org_headline_without_a_keyword_is_no_task(tmp_path):
    found = synced(tmp_path, {"a.org": "#+TODO: PLAN | FINISHED\n* Help Center docs\n* TODO Send Priya the budget\n"
                                       "** DONE Review Tomasz's PR\n* PLAN Email Jonas the invoice\n"
                                       "* Sign Language class\n"})
    assert {"Help Center", "Priya", "Tomasz", "Jonas", "Sign Language"} <= found, found
    assert not {n for n in found if n.split()[0] in {"Send", "Review", "Email"}}, found
    assert not {"Center", "Language"} & found, found


def test_an_org_task_headline_is_read_as_a_box_with_its_offsets():
    from minirag_cli.extract.orgmode import readable

    text = "* TODO Send Priya\n** DONE [#A] Review it\n* Help Center\n*** NEXT\n"
    read = readable(text)
    assert len(read) == len(text)
    assert read == "- [ ]  Send Priya\n- [x]        Review it\n  Help Center\n- [ ]   \n"
