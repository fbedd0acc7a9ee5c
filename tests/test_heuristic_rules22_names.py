"""Heuristic rules 22, names22's part (everyday names the heuristic extractor still got wrong): a plain list item's
task verb taken into the name after it (`- Send Priya the budget` named `Send Priya`), a time's colon read as a
label's (`09:30: Call Marta`), an everyday word after a line's time named (`- 10:00 Board meeting`: Board), a
surname lost after `to` (`Talked to Ada Lovelace. Later Lovelace said`), a Markdown line of its own read as a
todo.txt task (`Sign Language class`: Language), a wikilink's shown text mined (`[[Sourdough|Bread Notes]]`: Bread).
Each through a real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def test_the_rules_are_22_or_later():
    assert VERSION >= 22


def synced(tmp_path, files: dict[str, str]):
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    return conn


def entities(conn) -> dict[str, int]:
    return dict(conn.execute("SELECT name, mentions FROM entities"))


# 1. a plain list item's verb before the person it addresses, as a checkbox task's
@pytest.mark.parametrize("line,name", [
    ("- Send Priya the budget\n", "Priya"),
    ("* Email Jonas a reminder about the invoice\n", "Jonas"),
    ("1. Pay Marco the rent\n", "Marco"),
    ("- 10:00 Send Priya the budget\n", "Priya"),
    ("Send Priya the budget\n", "Priya"),
])
def test_a_plain_list_items_verb_names_nothing_before_a_person(tmp_path, line, name):
    found = entities(synced(tmp_path, {"week.md": "# This week\n\n" + line}))
    assert name in found, found
    assert not {n for n in found if n.split()[0] in {"Send", "Email", "Pay", "Review"}}, found


@pytest.mark.parametrize("text,kept", [
    ("- Finish Line\n", "Finish Line"),
    ("- Buy Milk\n", "Buy Milk"),
    ("- Sign Language class\n", "Sign Language"),
    ("- Finish Harbor docs\n", "Finish Harbor"),  # no second object: a plain list holds anything
    ("- Review Board's decision on the RFC\n", "Review Board"),  # a possessive: no evidence on a plain list (fixX)
    ("## Help Center\n\nsee below\n", "Help Center"),
    ("## Send Priya the budget\n\nsee below\n", "Send Priya"),  # a heading's words name as they stand
])
def test_other_list_items_and_headings_name_as_before(tmp_path, text, kept):
    found = entities(synced(tmp_path, {"a.md": text}))
    assert kept in found, found


# 2. every time form reads the entry after it alike: a colon after the time is no label's
@pytest.mark.parametrize("time", ["09:30", "09:30:", "- 09:30:", "[09:30]:", "**09:30**:", "09:00-10:00:", "9:30am:",
                                  "- 09:30 -", "09:30 |"])
def test_a_task_after_any_time_form_names_its_person(tmp_path, time):
    found = entities(synced(tmp_path, {"day.md": f"{time} Call Marta\n"}))
    assert found == {"Marta": 1}, found


# 3. the word after a line's time: a common word by the lexicons or the text's evidence names nothing (rules 21; names22
# read any word before a lower-case one as a sentence's first, losing `- 10:00 Priya sync`: fixX, review revX)
def test_an_everyday_word_after_a_time_names_nothing(tmp_path):
    found = entities(synced(tmp_path, {"day.md": "- 12:00 Budget review\n- 15:00 Kitchen delivery\n"
                                                 "- 16:00 Design review\n\nThe kitchen is done.\n"}))
    assert found == {}, found


def test_a_name_after_a_time_names_with_evidence(tmp_path):
    # alone, before a verb or another name (as rules 21 had it), before a noun where the text writes it mid-sentence
    found = entities(synced(tmp_path, {"day.md": "- 09:30 Priya presented the roadmap\n- 10:15 Marcus Lee joined\n"
                                                 "- 11:00 Oskar\n- 12:00 Tomasz und Aisha\n- 14:00 Ines sync\n"
                                                 "- 16:00 Lunch with Ines\n"}))
    assert {"Priya", "Marcus Lee", "Oskar", "Tomasz", "Aisha", "Ines"} <= found.keys(), found


# 4. a surname joins its full name after a preposition that takes a person, not after a place's
@pytest.mark.parametrize("text,full", [
    ("Talked to Ada Lovelace. Later Lovelace said the engine could compose music.\n", "Ada Lovelace"),
    ("Got a letter from Ada Lovelace. Lovelace writes about the engine.\n", "Ada Lovelace"),
    ("We were introduced via Grace Hopper. Hopper explained the compiler.\n", "Grace Hopper"),
])
def test_a_surname_joins_after_a_person_taking_preposition(tmp_path, text, full):
    found = entities(synced(tmp_path, {"a.md": text}))
    surname = full.split()[-1]
    assert surname not in found and found.get(full) == 2, found
    assert not {n for n in found if n.startswith("Later")}, found


@pytest.mark.parametrize("text,place", [
    ("I read a novel by Jack London before my flight to London. London was rainy.\n", "London"),
    ("I work at Morgan Stanley. Stanley pays well.\n", "Stanley"),
    ("We met in Palo Alto. Alto was sunny.\n", "Alto"),
    ("Maria Jordan booked the trip. We fly to Jordan in May; Jordan is warm then.\n", "Jordan"),
])
def test_a_place_stays_apart_from_a_full_name(tmp_path, text, place):
    assert place in entities(synced(tmp_path, {"a.md": text}))


# 5. only a real task line gets the task verb rule
def test_a_markdown_line_of_its_own_is_no_task(tmp_path):
    found = entities(synced(tmp_path, {"a.md": "Sign Language class\n\nHelp Scout\n"}))
    assert {"Sign Language", "Help Scout"} <= found.keys() and not {"Language", "Scout"} & found.keys(), found


def test_todo_txt_and_checkbox_lines_are_tasks(tmp_path):
    found = entities(synced(tmp_path, {"todo.txt": "Send Priya the budget\nFinish Harbor docs\n",
                                       "list.md": "- [ ] Email Jonas the invoice\n",
                                       "a.org": "* TODO Call Marta about the lease\n"}))
    assert {"Priya", "Harbor", "Jonas", "Marta"} <= found.keys(), found
    assert not {n for n in found if n.split()[0] in {"Send", "Finish", "Email", "Call"}}, found


# 6. a wikilink's shown text is its label, no name; its target names the note
def test_a_wikilinks_shown_text_names_nothing(tmp_path):
    conn = synced(tmp_path, {"Sourdough.md": "# Sourdough\n\nFlour, water, salt.\n",
                             "bake.md": "Baked from [[Sourdough|Bread Notes]] and asked [[Priya Raman|Priya]].\n"})
    found = entities(conn)
    assert not {"Bread", "Bread Notes", "Priya"} & found.keys(), found
    assert {"Sourdough", "Priya Raman"} <= found.keys(), found
    joined = {p for (p,) in conn.execute(
        "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c ON c.id = m.chunk_id "
        "JOIN documents d ON d.id = c.document_id WHERE e.name = 'Sourdough'")}
    assert joined == {"Sourdough.md", "bake.md"}, joined
