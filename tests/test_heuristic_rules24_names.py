"""Heuristic rules 24 (names24: everyday names session 37's reviews left): a wikilink to an e-mail's or a web
address named it as a note; a highlight's closing mark ran two names into one (`==Braga== Coimbra`); a struck-through
task's verb was a name (`~~Cancel the hotel~~`); a timed agenda item's first word was a name (`- 10:00 Board
meeting`). Each through a real sync of a folder, as `mrag sync` runs it, with names that must stay beside them."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def test_the_rules_are_24():
    assert VERSION == 24


def synced(tmp_path, files: dict[str, str]) -> set[str]:
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        return {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()


# 5. a wikilink's target that is an address names no note
@pytest.mark.parametrize("text,names", [
    ("Write to [[mailto:ana@example.com|mail]] today.\n", set()),
    ("[[mailto:ana@example.com]]\n", set()),
    ("[[https://example.com/wiki/Lisbon|the wiki]]\n", set()),
    ("[[tel:+351912000000|call]]\n", set()),
    # the shown text after an address is read as text: a name in it names
    ("Write to [[mailto:ana@example.com|Ana Silva]] today.\n", {"Ana Silva"}),
    # look-alikes: notes' names that stay
    ("See [[Mail]] and [[Mailto notes]] and [[mailroom]].\n", {"Mail", "Mailto notes", "mailroom"}),
    ("See [[dendron://work/proj.alpha]].\n", {"proj.alpha"}),
    ("See [[Https Everywhere]] and [[Telegram]].\n", {"Https Everywhere", "Telegram"}),
])
def test_a_wikilink_to_an_address_names_no_note(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 1. a struck task (a strikethrough opening a line or an item, a to-do's verb and a lower-case word) names no verb
@pytest.mark.parametrize("text,names", [
    ("~~Cancel the hotel~~\n", set()),
    ("- [x] ~~Cancel the hotel~~\n- [ ] Pack the bags\n", set()),
    ("- ~~Email the bank~~\n", set()),
    ("> ~~Send the deck to Priya~~ done\n", {"Priya"}),
    ("- ~~Visit the Louvre~~\n", {"Louvre"}),
    # look-alikes: struck names stay names, both of them (fixG), and a struck verb before a name reads as before
    ("~~Lisbon~~ Porto\n", {"Lisbon", "Porto"}),
    ("- [ ] ~~Marta~~ Jonas to book flights\n", {"Marta", "Jonas"}),
    ("## ~~Lisbon~~ Porto trip\n", {"Lisbon", "Porto"}),
    ("Owner: ~~Marta~~ Jonas\n", {"Marta", "Jonas"}),
    ("~~Review Board~~ met today\n", {"Review Board"}),
    ("- ~~Help Scout~~ pricing\n", {"Help Scout"}),
    ("We did not ~~cancel the hotel~~ in Porto.\n", {"Porto"}),
])
def test_a_struck_task_names_no_verb(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 2. a highlight's marks part the names on either side
@pytest.mark.parametrize("text,names", [
    ("==Braga== Coimbra\n", {"Braga", "Coimbra"}),
    ("We went to ==Braga== Coimbra and back.\n", {"Braga", "Coimbra"}),
    ("We went to Lisbon ==Porto== and back.\n", {"Lisbon", "Porto"}),
    ("- ::Braga:: Coimbra\n", {"Braga", "Coimbra"}),
    ("==Must visit Sintra== Lisbon\n", {"Sintra", "Lisbon"}),
    # look-alikes: a highlighted name of several words stays whole, and so does a name with no mark inside it
    ("We met ==Maria Silva== today.\n", {"Maria Silva"}),
    ("The ==New York Times== wrote it.\n", {"New York Times"}),
    ("Visit ==Casa Pinto== in Porto.\n", {"Casa Pinto", "Porto"}),
    ("We drove from Braga Coimbra road.\n", {"Braga Coimbra"}),
    ("If a == b then Braga Coimbra wins.\n", {"Braga Coimbra"}),
])
def test_a_highlight_parts_two_names(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 3. a meeting's kind after an agenda item's time names nothing
@pytest.mark.parametrize("text,names", [
    ("- 10:00 Board meeting\n- 11:00 Staff meeting\n", set()),
    ("10:00 Board meeting\n", set()),
    ("- 09:00 All-hands\n", set()),
    # look-alikes: a name after the time still names, and a name that opens with Board
    ("- 10:00 Priya sync\n", {"Priya"}),
    ("- 10:00 Board Games Cafe with Lena\n", {"Board Games Cafe", "Lena"}),
    ("- 15:00 Bob\n", {"Bob"}),
    ("We met the Board at 10:00 and the Staff Union after.\n", {"Board", "Staff Union"}),
])
def test_a_meeting_after_an_agenda_time_names_nothing(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 7. a name's particle of two words (`von der`, `van der`, `de la`) keeps the name whole
@pytest.mark.parametrize("text,names", [
    ("We met Ursula von der Leyen in Brussels.\n", {"Ursula von der Leyen", "Brussels"}),
    ("Ursula von der Leyen, Olaf Scholz\n", {"Ursula von der Leyen", "Olaf Scholz"}),
    ("Dutch van der Linde is a character.\n", {"Dutch van der Linde"}),
    ("We met Maria de la Cruz today.\n", {"Maria de la Cruz"}),
    ("We visited the Museo de la Ciudad.\n", {"Museo de la Ciudad"}),
    # German text: mid-sentence after a word no noun of the text's
    ("Wir trafen Ursula von der Leyen in Brüssel und sprachen mit ihr.\n", {"Ursula von der Leyen", "Brüssel"}),
    # look-alikes: a month's `Jan` before it, a noun's `von der` in German text (a preposition's and an article's)
    ("Jan van der Berg came.\n", {"Berg"}),
    ("Grüße von der Familie und bis bald, ich bin morgen im Büro.\n", set()),
    ("Ich habe einen Anruf von der Bank bekommen und die Abholung von der Schule ist um drei.\n", set()),
    ("Abholung von der Schule ist heute, ich bin dann im Büro.\n", set()),
    ("We met Tom van Dijk and Ana de Souza.\n", {"Tom van Dijk", "Ana de Souza"}),
])
def test_a_particle_of_two_words_keeps_the_name_whole(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 8. a German list's heading label alone on its line names nothing in a short note not read as German
@pytest.mark.parametrize("text,names", [
    ("Termine:\n- Arzt\n- Zahnarzt\n", set()),
    ("**Aufgaben:**\n- Steuer machen\n", set()),
    ("Zutaten:\n- Mehl\n", set()),
    # look-alikes: a label with a value, a person's or a place's label, a name the text writes mid-sentence
    ("Anna:\n- Folien\n", {"Anna"}),
    ("Hamburg:\n- Hotel gebucht\n", {"Hamburg"}),
    ("Art:\n- bring chips\n\nI met Art there.\n", {"Art"}),
    ("Ort:\n- Berlin\n\nWe met Ort at noon.\n", {"Ort"}),
])
def test_a_german_heading_label_names_nothing(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
