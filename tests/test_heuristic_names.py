"""Names the heuristic extractor took from words that name nothing in notes
not written in English (heuristic rules 12): a French, Spanish, Italian,
Portuguese or German day or month capitalised where a line, a sentence, a
heading or a label starts (`Mardi`, `# Lunes`, `Segunda-feira:`), and a German
line that opens with an adjective and its noun (`Nächstes Treffen`); and
@handles joined to a name of their note.
Rules 13: an English day and its time of day as a label (`Monday Morning:`), a
day's label's value (`Dienstag Abend: Sport`), the adjectives that open places'
names (`Neue Ideen`, `Neues Museum`), an Excalidraw drawing's name and links
(`[[Plan.excalidraw]]`) and a chat speaker's handle (`Elena:` and `@elena`)."""

from __future__ import annotations

import itertools

import pytest

from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.heuristic import HeuristicExtractor, chat_speakers


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


@pytest.mark.parametrize("text, day, kept", [
    ("Mardi : réunion avec Claire Dubois au bureau.", "Mardi", "Claire Dubois"),
    ("# Lundi\n\nCourses avec Claire Dubois.", "Lundi", "Claire Dubois"),
    ("Lunes: reunión con Ana García.\nMartes: cena con Pablo.", "Lunes", "Ana García"),
    ("- Viernes: cine con Lucía Pérez", "Viernes", "Lucía Pérez"),
    ("Martedì: palestra con Giulia Rossi.", "Martedì", "Giulia Rossi"),
    ("Segunda-feira: reunião com João Silva.", "Segunda-feira", "João Silva"),
    ("Dienstag: Treffen mit Anna Weber.", "Dienstag", "Anna Weber"),
    ("## Janvier\n\nBilan avec Claire Dubois.", "Janvier", "Claire Dubois"),
    ("Wann: Dienstag\nWer: Anna Weber", "Dienstag", "Anna Weber"),  # a label's value
    ("Enero: viaje a Sevilla con Ana García.", "Enero", "Ana García"),
    ("März: Umzug mit Anna Weber.", "März", "Anna Weber"),
])
def test_a_day_or_a_month_of_another_language_is_no_name(text, day, kept):
    found = names(text)
    assert day not in found and kept in found, found


@pytest.mark.parametrize("text, label", [
    ("- Lunes 5 de mayo: dentista\n- Martes: nada", "Lunes 5 de mayo"),
    ("Samedi 1er mars : marché avec Claire.", "Samedi 1er mars"),
    ("Montag, 3. März: Zahnarzt", "Montag, 3. März"),
    ("- Monday 5 May: dentist", "Monday 5 May"),
])
def test_a_day_s_label_names_nothing(text, label):
    assert label not in names(text), names(text)


@pytest.mark.parametrize("text, phrase, kept", [
    ("Sonntag Morgen mit Lisa.", "Sonntag Morgen", "Lisa"),
    ("Wir sehen uns am Montag Abend mit Anna Weber.", "Montag Abend", "Anna Weber"),
    ("Freitag Nachmittag: Zahnarzt mit Lisa.", "Freitag Nachmittag", "Lisa"),
    ("Samedi Soir avec Claire Dubois.", "Samedi Soir", "Claire Dubois"),
    ("Dimanche Après-midi avec Claire Dubois.", "Dimanche Après-midi", "Claire Dubois"),
    ("Lunes Tarde con Ana García.", "Lunes Tarde", "Ana García"),
    ("Domingo Noche con Ana García.", "Domingo Noche", "Ana García"),
    ("Sabato Sera con Giulia Rossi.", "Sabato Sera", "Giulia Rossi"),
    ("Sexta-feira Noite com João Silva.", "Sexta-feira Noite", "João Silva"),
])
def test_a_day_and_its_time_of_day_name_nothing(text, phrase, kept):
    found = names(text)
    assert not any(phrase.split()[0] in name for name in found) and kept in found, found


def test_a_diary_of_a_day_and_a_time_of_day_is_no_chat():
    diary = "Montag Abend: Kino mit Lisa\nDienstag Abend: nichts\nMontag Abend: frei\nDienstag Abend: frei\n"
    assert chat_speakers(diary) == frozenset()
    assert names(diary) == {"Lisa"}


def test_a_diary_of_day_labels_is_no_chat():
    # `Martes:` twice made a chat of the week, and Martes a person
    diary = "Lunes: gimnasio\nMartes: cine con Lucía\nLunes: piscina\nMartes: nada\n"
    assert chat_speakers(diary) == frozenset()
    assert names(diary) == {"Lucía"}


@pytest.mark.parametrize("text, name", [
    # a longer name keeps its day (`Viernes Santo`, `Mardi Gras` are days of their own)
    ("Viernes Santo en Sevilla.", "Viernes Santo"),
    ("Mardi Gras à La Nouvelle-Orléans.", "Mardi Gras"),
    # a day that is a name too is read as before: a person's, a planet's
    ("Llamé a Julio ayer. Julio: ya llegué\nAna: vale\nJulio: ok", "Julio"),
    ("Owner: Marco", "Marco"),
    ("The rover landed on Mars. Mars is cold.", "Mars"),
])
def test_a_longer_name_or_a_name_that_is_a_day_too_is_kept(text, name):
    assert name in names(text), names(text)


@pytest.mark.parametrize("text, found", [
    # English's months were common words already: `May` reads as before
    ("May said hi. I met May Chen at the café. Ask May.", {"Chen"}),
    ("May we go? In May we travel with Mai Nguyen.", {"Mai Nguyen"}),
])
def test_may_reads_as_before(text, found):
    assert names(text) == found


@pytest.mark.parametrize("text, phrase, kept", [
    ("Nächstes Treffen am Dienstag mit Anna Weber.", "Nächstes Treffen", "Anna Weber"),
    ("## Offene Fragen\n- Wer bucht das Hotel? Anna Weber fragt.", "Offene Fragen", "Anna Weber"),
    ("Weitere Infos von Anna Weber.", "Weitere Infos", "Anna Weber"),
    ("Nächste Schritte: Anna Weber bucht.", "Nächste Schritte", "Anna Weber"),
    ("Letzte Woche war ich mit Anna Weber im Kino.", "Letzte Woche", "Anna Weber"),
    # the adjectives that open places' names open headings too (heuristic rules 13)
    ("## Neue Ideen\n- Garten umgestalten mit Anna Weber.", "Neue Ideen", "Anna Weber"),
    ("Neue Ideen\n\nWir haben das Projekt mit Anna Weber besprochen und es ist gut.", "Neue Ideen", "Anna Weber"),
    ("Neuer Plan: Anna Weber bucht das Hotel.", "Neuer Plan", "Anna Weber"),
    ("Neues Projekt mit Anna Weber.", "Neues Projekt", "Anna Weber"),
    ("- Alte Rezepte von Anna Weber", "Alte Rezepte", "Anna Weber"),
    ("Große Pläne mit Anna Weber.", "Große Pläne", "Anna Weber"),
    ("Kleine Schritte mit Anna Weber.", "Kleine Schritte", "Anna Weber"),
    # the adjective capitalised mid-sentence before another noun (a place's) makes no name of this one
    ("## Neue Ideen\n- Ein Beet mit Anna Weber.\nWir gehen ins Neue Museum und zur Neuen Wache.", "Neue Ideen",
     "Anna Weber"),
])
def test_a_german_adjective_and_its_noun_opening_a_line_name_nothing(text, phrase, kept):
    found = names(text)
    assert kept in found and not {phrase, phrase.split()[1]} & found, found


@pytest.mark.parametrize("text, name", [
    # a place's name opens with an adjective too: not one of those that open headings
    ("Neues Museum: Nofretete gesehen.", "Neues Museum"),
    ("Englischer Garten mit Anna Weber.", "Englischer Garten"),
    # an adjective before a kind of place names the place, whichever adjective (heuristic rules 13)
    ("Neue Wache mit Anna Weber.", "Neue Wache"),
    ("Alter Markt: Blumen gekauft.", "Alter Markt"),
    ("## Neue Nationalgalerie\nWir waren mit Anna dort und es ist schön.", "Neue Nationalgalerie"),
    ("Großer Garten mit Anna Weber.", "Großer Garten"),
    ("Nächster Bahnhof: Anna steigt aus.", "Nächster Bahnhof"),
    # `Alter` is an English verb too: an English heading keeps its name
    ("Alter Bridge played at the arena.", "Alter Bridge"),
    # the adjective capitalised mid-sentence too makes a proper name of it
    ("Erster Weltkrieg: Lektüre. Ein Buch über den Ersten Weltkrieg.", "Erster Weltkrieg"),
    ("Erster Weltkrieg: Lektüre. Die Geschichte des Ersten Weltkriegs.", "Erster Weltkrieg"),
    # English names ending as a German adjective does are no adjective
    ("Werner Herzog films. Peter Parker met Oliver Twist.", "Werner Herzog"),
])
def test_a_name_opening_with_an_adjective_is_kept(text, name):
    assert name in names(text), names(text)


# --- @handles (heuristic.handle_names, sync._note_handles) -----------------------------------------

@pytest.mark.parametrize("text, joined", [
    ("Elena Vasquez runs the survey. @elena can you send the map?", {"@elena": "Elena Vasquez"}),
    ("Elena Vasquez runs the survey.\n@elena.v sent the map, @Elena_V too.",
     {"@elena.v": "Elena Vasquez", "@Elena_V": "Elena Vasquez"}),
    # two Elenas: which one? neither
    ("Elena Vasquez and Elena Park came. @elena sent the map.", {}),
    # the initial tells them apart
    ("Elena Vasquez and Elena Park came. @elena.p sent the map.", {"@elena.p": "Elena Park"}),
    # no Elena in the note; a handle of another first name; a whole name's handle needs no join
    ("@elena sent the map.", {}),
    ("Elena Vasquez runs the survey. @marta sent the map.", {}),
    ("Elena Vasquez runs the survey. @elena.vasquez sent the map.", {}),
])
def test_a_handle_of_a_first_name_joins_the_one_name_of_the_note_it_opens(text, joined):
    from minirag_cli.extract.heuristic import handle_names

    assert handle_names(HeuristicExtractor().extract_one(text)) == joined


HANDLE_NOTES = {
    "chat.md": "Time: 20260105_11:00\n@elena: the survey map is up\nTom: thanks @elena\n"
               "Tom: Elena Vasquez asked for the tide table.\n",
    "other.md": "@elena reviewed the draft.\n",  # no Elena Vasquez here: @elena stays itself
    "two.md": "Elena Vasquez and Elena Park met. @elena chaired.\n",  # which one? neither
}


def _entity_of(conn, form: str, path: str) -> str:
    return conn.execute("SELECT e.key FROM mentions m JOIN entities e ON e.id = m.entity_id "
                        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = ? AND m.forms LIKE ?", (path, f'%"{form}"%')).fetchone()[0]


def test_a_handle_joins_its_note_s_person_in_the_graph(tmp_path):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, HANDLE_NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _entity_of(conn, "@elena", "chat.md") == "elenavasquez"
    assert _entity_of(conn, "@elena", "other.md") == "elena"
    assert _entity_of(conn, "@elena", "two.md") == "elena"
    # the handle is a form of the person, not a key of it (Elena Vasquez keeps her name)
    assert conn.execute("SELECT name FROM entities WHERE key = 'elenavasquez'").fetchone()[0] == "Elena Vasquez"
    conn.close()


@pytest.mark.parametrize("order", list(itertools.permutations(HANDLE_NOTES)), ids="-".join)
def test_notes_with_handles_synced_in_any_order_give_the_rebuild_s_graph(tmp_path, order):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    for path in order:
        write_notes(root, {path: HANDLE_NOTES[path]})
        sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    # and an edit that drops the name unjoins the handle, as a rebuild has it
    write_notes(root, {"chat.md": "Time: 20260105_11:00\n@elena: the survey map is up\nTom: thanks @elena\n"})
    sync(conn, [root])
    fresh.close()
    fresh = db.connect(tmp_path / "fresh2.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert _entity_of(conn, "@elena", "chat.md") == "elena"
    conn.close()
    fresh.close()


# a handle joins the entity its name resolves to: the note whose alias the name is (revE 6)
ALIAS_HANDLE_NOTES = {
    "JB.md": "---\naliases: [Jonas Berg]\n---\nJB is my neighbour.\n",
    "chat.md": "Jonas Berg met Mara Quinn. Later @jonas said hi.\n",
    "x.md": "Jonas Berg went home with Tom Reyes.\n",
}


def test_a_handle_of_a_name_another_note_calls_its_alias_joins_that_note(tmp_path):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, ALIAS_HANDLE_NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _entity_of(conn, "Jonas Berg", "chat.md") == "jb"
    assert _entity_of(conn, "@jonas", "chat.md") == "jb"  # was an entity of its own, keyed jonasberg
    assert conn.execute("SELECT count(*) FROM entities WHERE key = 'jonasberg'").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("order", list(itertools.permutations(ALIAS_HANDLE_NOTES)), ids="-".join)
def test_handles_of_an_alias_synced_in_any_order_give_the_rebuild_s_graph(tmp_path, order):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    for path in order:
        write_notes(root, {path: ALIAS_HANDLE_NOTES[path]})
        sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert _entity_of(conn, "@jonas", "chat.md") == "jb"
    # the alias dropped: the name and its handle are Jonas Berg's again, as a rebuild has it
    write_notes(root, {"JB.md": "JB is my neighbour.\n"})
    sync(conn, [root])
    fresh.close()
    fresh = db.connect(tmp_path / "fresh2.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert _entity_of(conn, "@jonas", "chat.md") == "jonasberg"
    conn.close()
    fresh.close()


# --- heuristic rules 13 -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, label", [
    ("Monday Morning: went for a run", "Monday Morning"),
    ("Tuesday evening: gym with Priya Shah", "Tuesday evening"),
    ("Sunday night: read a book", "Sunday night"),
    ("- Wednesday Afternoon: dentist", "Wednesday Afternoon"),
    ("**Thursday Noon:** lunch with Priya Shah", "Thursday Noon"),
    ("Friday Afternoon - coffee with Priya Shah", "Friday Afternoon"),
])
def test_an_english_day_and_its_time_of_day_label_names_nothing(text, label):
    from minirag_cli.extract.heuristic import speaker_tag

    found = names(text)
    assert not {label, label.split()[1]} & found, found
    assert "Priya Shah" in found or "Priya" not in text
    assert speaker_tag(text.lstrip("- *")) is None  # neither a speaker (timeline.py, the llm extractor read it)


def test_an_english_diary_of_days_and_times_of_day_is_no_chat():
    # `Monday Morning:` twice made a chat of the week, and Monday Morning a person
    diary = ("Monday Morning: went for a run\nTuesday evening: gym\nMonday Morning: swim with Priya\n"
             "Tuesday evening: rest\n")
    assert chat_speakers(diary) == frozenset()
    assert names(diary) == {"Priya"}


def test_a_name_that_is_a_day_too_speaks_as_before():
    # `May:` was a common word, never a speaker; a chat's other speakers still speak
    chat = "May: hi\nTom: hey\nMay: see you Monday Morning\nTom: ok\n"
    assert chat_speakers(chat) == frozenset({"Tom"})


@pytest.mark.parametrize("text, word, kept", [
    ("Dienstag Abend: Sport", "Sport", None),
    ("Montag Morgen: Arzttermin", "Arzttermin", None),
    ("- Freitag Nachmittag: Zahnarzt", "Zahnarzt", None),
    ("Dienstag: Sport\nMittwoch: Kino mit Anna Weber", "Sport", "Anna Weber"),
    ("Lunes 5 de mayo: Dentista", "Dentista", None),
    ("Monday Morning: Gym\nTuesday: Pilates", "Gym", None),
    ("Samedi soir: Cinéma avec Paul", "Cinéma", "Paul"),
    # a longer name, or one the note writes mid-sentence too, is a name as in any sentence
    ("Dienstag Abend: Anna Weber", None, "Anna Weber"),
    ("Montag Abend: Lisa\nDienstag: Kino mit Lisa", None, "Lisa"),
])
def test_a_day_s_label_heads_a_sentence_not_a_list_of_names(text, word, kept):
    found = names(text)
    assert word not in found and (kept is None or kept in found), found


def test_a_label_s_list_of_names_still_names_them():
    # not a day's label: its value lists names (heuristic rules 4)
    assert names("Owner: Priya") == {"Priya"}
    assert "Anna" in names("Wer: Anna\nWann: Dienstag Abend")


def test_an_excalidraw_drawing_is_named_without_its_suffix():
    from minirag_cli.extract.heuristic import link_target, linkable_name, note_name

    plan = EntityMention("Billing flow", "name")
    assert note_name("Drawings/Billing flow.excalidraw.md") == plan  # was "Billing flow.excalidraw"
    assert note_name("Drawings/Billing flow.excalidraw") == plan  # a plain drawing, linked alike
    for target in ("Billing flow.excalidraw", "Drawings/Billing flow.excalidraw", "Billing flow.excalidraw.md",
                   "Billing flow.excalidraw#^group=abc"):
        assert link_target(target) == plan, target  # was None: an attachment's link
    assert note_name("kitchen plan.excalidraw.md") == EntityMention("kitchen plan", "name")
    assert linkable_name("plan.excalidraw.md") == EntityMention("plan", "name")
    # a drawing named by a date is no daily note, and its link no date
    assert note_name("2024-05-01.excalidraw.md") is None and link_target("2024-05-01.excalidraw") is None
    assert link_target("photo.png") is None  # a canvas is a note (rules 14: test_heuristic_rules14.py)


def test_a_link_to_a_drawing_joins_the_drawing_s_note(tmp_path):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {
        "Drawings/Billing flow.excalidraw.md": "---\nexcalidraw-plugin: parsed\n---\n# Excalidraw Data\n"
                                               "## Text Elements\nBilling API talks to Postgres ^t1a2b3c4\n",
        "Planning.md": "The flow is drawn in ![[Billing flow.excalidraw]]; see [[Billing flow.excalidraw|it]].\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    paths = {p for (p,) in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = "
        "m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.key = 'billingflow'")}
    assert paths == {"Drawings/Billing flow.excalidraw.md", "Planning.md"}, paths
    assert conn.execute("SELECT count(*) FROM entities WHERE key LIKE '%excalidraw%'").fetchone()[0] == 0
    conn.close()


CHAT_WITH_ELENA = ("Time: 20260105_11:00\nElena: the survey map is up\nTom: thanks @elena\n"
                   "Tom: Elena Vasquez asked for the tide table.\nElena: I will send it\n")


def test_a_handle_of_a_chat_speaker_s_name_is_that_speaker():
    from minirag_cli.extract.heuristic import handle_names

    mentions = HeuristicExtractor().extract_one(CHAT_WITH_ELENA)
    # was Elena Vasquez, whom the chat talks about
    assert handle_names(mentions, chat_speakers(CHAT_WITH_ELENA)) == {"@elena": "Elena"}
    # a handle with an initial still tells the longer name; no speaker of that name: as before
    assert handle_names(mentions + [EntityMention("@elena.v", "person")], {"Elena"})["@elena.v"] == "Elena Vasquez"
    assert handle_names(mentions, {"Tom"}) == {"@elena": "Elena Vasquez"}


def test_a_handle_joins_its_chat_s_speaker_in_the_graph(tmp_path):
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"chat.md": CHAT_WITH_ELENA, "other.md": "Elena Vasquez met Tom at the harbour.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _entity_of(conn, "@elena", "chat.md") == _entity_of(conn, "Elena", "chat.md") == "elena"
    assert _entity_of(conn, "Elena Vasquez", "chat.md") == "elenavasquez"
    # an incremental sync (the other note edited) joins as a rebuild does
    write_notes(root, {"other.md": "Elena Vasquez met Tom at the harbour again.\n"})
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()


# Rules 13, continued (a journal keeper's QA): code names nothing, a title's full stop ends no
# sentence, and a label of a phrase names what its sentence would.

LOG = "\n".join(f"2026-11-18T21:00:{i % 60:02d}Z {('INFO', 'DEBUG', 'WARN')[i % 3]} atlas-migrate[12{i % 7}] "
                f"step=copy Customers rows={i * 37}" for i in range(400))


@pytest.mark.parametrize("text", [
    f"Migration ran tonight. Log below.\n\n```\n{LOG}\n```\n\nDone with Marc at 22:41.",
    "Migration ran tonight.\n\n~~~log\nINFO: Atlas Migrate started\n~~~\nDone with Marc.",
    "The flow, with Marc:\n```mermaid\nsequenceDiagram\n    Alice Jones->>Bob Stone: Hello\n```\n",
    "Forwarded by Marc:\n```\nFrom: Priya Raman <priya@example.com>\nSubject: Budget Review\nHi Tom,\n```\n",
    "Fix by Marc:\n```c\n#include <stdio.h>\n```\n```python\n@property\ndef Name(self): return \"Heron Board\"\n```",
    "I asked Marc to set `LOG_LEVEL=DEBUG` and `#define` with <code>Heron Board</code> and\n<pre>\nINFO Atlas\n</pre>",
])
def test_code_names_nothing(text):
    # a fenced block (a pasted log made INFO, DEBUG, WARN and its day the journal's top entities), a
    # diagram, a pasted mail, a code span, a `<code>` element, a raw HTML block: the prose around it names
    assert {m.name for m in HeuristicExtractor().extract_one(text)} == {"Marc"}


def test_a_word_capitalised_only_in_code_opens_no_name_in_prose():
    # `Atlas` opens a sentence: a name only if the text capitalises it mid-sentence too, not in a log
    text = "Atlas is live.\n\n```\n2026-11-18 INFO Atlas migrated\n```\n"
    assert names(text) == set()
    assert "Atlas" in names(text.replace("```\n", ""))  # as text, it does


def test_chunks_of_code_name_nothing_in_the_index(tmp_path):
    # a chunk of a fenced block's middle, or of a Markdown note's indented block, read alone, was text:
    # sync reads each chunk after the fence it starts in (mdcode.chunk_readings); a `.txt` note has no
    # indented code
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    indented = "\n".join(f"    {('INFO', 'DEBUG')[i % 2]} Heron Board step {i}" for i in range(300))
    root = tmp_path / "vault"
    write_notes(root, {"fenced.md": f"Ran with Marc.\n\n```\n{LOG}\n```\n\nDone.\n",
                       "indented.md": f"Ran with Marc.\n\n{indented}\n\nDone.\n",
                       "indented.txt": f"Ran with Tom.\n\n{indented}\n\nDone.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'fenced.md'").fetchone()[0] > 10
    by_note = {}
    for name, path in conn.execute("SELECT DISTINCT e.name, d.path FROM mentions m JOIN entities e ON "
                                   "e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON "
                                   "d.id = c.document_id WHERE e.type != 'date'"):
        by_note.setdefault(path, set()).add(name)
    assert by_note["fenced.md"] == {"Marc"}
    assert by_note["indented.md"] == {"Marc"}
    assert {"Tom", "DEBUG Heron Board"} <= by_note["indented.txt"]
    # the log's day, in every line of it, is no date of the note's chunks either
    assert conn.execute("SELECT count(*) FROM entities WHERE key LIKE '%2026-11-18%'").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("text, found", [
    ("Dentist at 8:30 with Dr. Hoffmann. One cavity filled.", {"Hoffmann"}),
    ("Dentist at 8:30 with Dr Hoffmann. One cavity filled.", {"Hoffmann"}),  # was Dr Hoffmann
    ("Dr. Hoffmann called back.", {"Hoffmann"}),
    ("Met Dr. Hoffmann at the practice.", {"Hoffmann"}),
    ("We met Mr. and Mrs. Smith, then Ms. Lopez.", {"Smith", "Lopez"}),
    ("# Dr. Amara Okafor\n\nLives below the lighthouse.", {"Amara Okafor"}),  # golden/'s: was Dr too
    ("Called Mum - her knee surgery is at St. Mary's.", {"Mum", "St. Mary's"}),
    ("Visited her at St. Mary's hospital with Sam.", {"St. Mary's", "Sam"}),
    ("Climbed Mt. Fuji with Sam.", {"Mt. Fuji", "Sam"}),
    ("Termin bei Prof. Dr. Weber, dann Hr. Müller und Fr. Schmidt.", {"Weber", "Müller", "Schmidt"}),
    ("Saw the Dr. today, and the Mt. was foggy.", set()),
])
def test_a_title_before_a_name_ends_no_sentence(text, found):
    # `Dr. Hoffmann` named Dr and lost Hoffmann (a sentence's first word); `St. Mary's` named St and Mary.
    # A person's title is dropped (the name the note writes elsewhere without it); a saint's is the place's
    assert names(text) == found


def test_a_title_s_full_stop_is_no_sentence_end():
    from minirag_cli.extract.heuristic import _sentence_start

    for text in ("Saw Dr. Hoffmann", "Saw Mrs. Hoffmann", "Lit a candle at St. Mary's"):
        assert not _sentence_start(text, text.rindex(" ") + 1), text
    assert _sentence_start("Saw the doctor. Hoffmann", len("Saw the doctor. "))
    assert _sentence_start("Saw Drs. Hoffmann", len("Saw Drs. "))  # no title of the list


@pytest.mark.parametrize("text, found", [
    ("Guitar lesson with Carlos: barre chords. My fingers hurt.", {"Carlos"}),
    ("Call with Priya Raman: budget first.", {"Priya Raman"}),
    ("- Trip to Lisbon: booked the flights.", {"Lisbon"}),
    ("Treffen mit Anna: wir reden morgen.", {"Anna"}),
    ("What went well: the migration finished in 41 minutes.", set()),
    # no sentence: a label of a phrase of no name, of names and a connector, as before
    ("Flood Alert: the lower road is shut.", {"Flood Alert"}),
    # (rules 28: a label in sentence case is a phrase of no name, `Flood alert:`, `Known members:`)
    ("Flood alert: the lower road is shut.", set()),
    ("Game of Thrones: season two is slow.", {"Game of Thrones"}),
])
def test_a_label_of_a_phrase_names_what_its_sentence_would(text, found):
    assert names(text) == found


def test_a_label_of_a_phrase_speaks_in_no_chat():
    text = "Lunch with Tom: pizza at noon.\nLunch with Tom: sushi this time.\n"
    assert chat_speakers(text) == frozenset()
    assert names(text) == {"Tom"}


def test_a_title_s_full_stop_cuts_no_relation_s_sentence(tmp_path):
    # LiHua's `... nice for Mr. Smith to rent this basement to us`: the relation's sentence ended at
    # `Mr.`, joining LiHua and Mr; Smith, in the next one, was joined to no one by it
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"note.md": "Anna Weber thinks it is nice of Mr. Smith to rent the basement to Jonas.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    joined = {(a, b) for a, b in conn.execute(
        "SELECT x.key, y.key FROM relations r JOIN entities x ON x.id = r.a JOIN entities y ON y.id = r.b")}
    assert {tuple(sorted(p)) for p in joined} >= {("jonas", "smith"), ("annaweber", "smith")}, joined
    conn.close()


# Rules 14 (helper names9, a reviewer's regressions of rules 13): a name's particle makes no label a
# phrase, and code hides no prose: a fence nothing closes ends before a paragraph of prose, and a
# Markdown note's indented paragraph of prose is text.

@pytest.mark.parametrize("text, found", [
    ("Pieter ter Horst: shipping today.", {"Pieter ter Horst"}),  # was Horst
    ("Abdullah bin Zayed: the contract is signed.", {"Abdullah bin Zayed"}),  # was Zayed
    ("Maria dos Santos: she joined in May.", {"Maria dos Santos"}),
    # a phrase's function word still makes one: its names are what its sentence names
    ("Guitar lesson with Carlos: barre chords.", {"Carlos"}),
    ("John from Acme: invoice sent.", {"Acme"}),
    ("Dinner with Ana y Pablo: paella.", {"Ana", "Pablo"}),
])
def test_a_name_s_particle_makes_no_label_a_phrase(text, found):
    assert names(text) == found


def test_a_speaker_whose_name_holds_a_particle_speaks():
    # rules 13 read `Maria dos Santos:` as a phrase: it named Santos, and `Tom Baker:`, one line, was
    # no chat's speaker but a name
    text = "Maria dos Santos: I can bring the cake.\nTom Baker: great, thanks.\nMaria dos Santos: see you at 5."
    assert chat_speakers(text) == {"Maria dos Santos", "Tom Baker"}
    found = {(m.name, m.type) for m in HeuristicExtractor().extract_one(text) if m.type != "date"}
    assert found == {("Maria dos Santos", "person"), ("Tom Baker", "person")}


@pytest.mark.parametrize("text, found", [
    # a stray fence: rules 13 read the rest of the note as code, naming nothing after it
    ("Tom met Anna.\n\n```\nprint('hi')\n\nWe drove to Paris with Maria Lopez.\n\nThen Bob called Carol Weber.\n",
     {"Anna", "Paris", "Maria Lopez", "Bob", "Carol Weber"}),
    # what follows the prose is read for code again: a later fence is code
    ("```\nx = 1\n\nWe met Maria Lopez in Berlin.\n\n~~~\nINFO Heron Board\n~~~\n", {"Maria Lopez", "Berlin"}),
    # code after a blank line is code: an unclosed program or log, to the end
    ("Fix by Marc:\n```python\nimport os\n\ndef Main():\n    LOG_LEVEL = 'DEBUG'\n\nclass Heron Board:\n", {"Marc"}),
    (f"Log by Marc:\n```\n{LOG}\n\n{LOG}\n", {"Marc"}),
])
def test_a_fence_nothing_closes_ends_before_prose(text, found):
    assert names(text) == found


@pytest.mark.parametrize("text, found", [
    # revO's journal: a stray fence, a blank line, the next day's heading (readers 8: the heading ends
    # the fence; before, the later days' names were code)
    ("## 2026-11-02\nInstalled the tools with Marc:\n```\nnpm i\n\n## 2026-11-03\n"
     "Went to the gym with Tom Berger\n\n## 2026-11-04\nHad lunch with Priya Raman in Porto\n",
     {"Marc", "Tom Berger", "Priya Raman", "Porto"}),
    # a `#` line of code after a blank line is no heading: still code
    ("Fix by Marc:\n```\nint x;\n\n#include <Heron.h>\n# x = Heron Board\n", {"Marc"}),
    # a fence opened on a list item's line closes at its indented closing line (it opened a fence)
    ("- ```sql\n  SELECT Heron FROM Board\n  ```\n- lunch with Maria Lopez\n", {"Maria Lopez"}),
])
def test_a_heading_or_a_list_item_s_fence_ends_a_stray_fence(text, found):
    assert names(text) == found


@pytest.mark.parametrize("paragraph, prose", [
    ("Today I met Maria Lopez at the station in Berlin.", True),
    ("\tLater that day Carol Weber called,\n\tand we talked for an hour (about Lisbon).", True),
    ("\"Hello,\" said Maria Lopez. We laughed!", True),
    ("2026-11-18T21:00:01Z INFO atlas-migrate[121] step=copy Customers rows=37", False),
    ("INFO Heron Board started.", False),
    ("Exception in thread Main Worker.", False),
    ("print('Hello Maria Lopez.')", False),
    ("Total = Price * 3.", False),
    ("git commit -m 'Fix the login page.'", False),
    ("$ Make sure the build passes.", False),
    ("# Install the Heron Board driver first.", False),
    ("Heron Board", False),
    ("Ran it with Marc", False),
])
def test_what_reads_as_prose(paragraph, prose):
    from minirag_cli.extract.mdcode import reads_as_prose

    assert reads_as_prose(paragraph) is prose


def test_prose_in_code_s_place_names_in_the_index(tmp_path):
    # a plain editor's indented paragraphs (a Markdown note's indented code to CommonMark) and the
    # prose after a fence nothing closes, its code longer than a chunk, named nothing under rules 13
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    indented = "\n".join(f"    {('INFO', 'DEBUG')[i % 2]} Heron Board step {i}" for i in range(300))
    write_notes(root, {
        "diary.md": "# Diary\n\n\tToday I met Maria Lopez at the station in Berlin.\n\n"
                    "    Later that day we called Carol Weber.\n",
        "log.md": f"Ran with Marc.\n\n{indented}\n\n    We had dinner with Priya Raman after it.\n",
        "stray.md": f"Ran with Marc.\n\n```\n{LOG}\n\nAfterwards we had dinner with Priya Raman in Lisbon.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id "
                        "WHERE d.path = 'stray.md'").fetchone()[0] > 10
    by_note = {}
    for name, path in conn.execute("SELECT DISTINCT e.name, d.path FROM mentions m JOIN entities e ON "
                                   "e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON "
                                   "d.id = c.document_id WHERE e.type != 'date'"):
        by_note.setdefault(path, set()).add(name)
    assert by_note["diary.md"] == {"Diary", "Maria Lopez", "Berlin", "Carol Weber"}
    assert by_note["log.md"] == {"Marc", "Priya Raman"}
    assert by_note["stray.md"] == {"Marc", "Priya Raman", "Lisbon"}
    conn.close()


def test_a_label_s_parts_are_names_unless_a_particle_cut_them():
    # `Santos` is a part of the label's name, which its particle cut from `Maria`; a label of no
    # particle names its names as before
    assert names("Maria dos Santos birthday: bring the cake.") == {"Maria dos Santos birthday"}
    assert names("Maria Lopez birthday: bring the cake.") == {"Maria Lopez birthday", "Maria Lopez"}
