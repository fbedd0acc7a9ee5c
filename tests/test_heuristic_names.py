"""Names the heuristic extractor took from words that name nothing in notes
not written in English (heuristic rules 12): a French, Spanish, Italian,
Portuguese or German day or month capitalised where a line, a sentence, a
heading or a label starts (`Mardi`, `# Lunes`, `Segunda-feira:`), and a German
line that opens with an adjective and its noun (`Nächstes Treffen`)."""

from __future__ import annotations

import pytest

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
])
def test_a_german_adjective_and_its_noun_opening_a_line_name_nothing(text, phrase, kept):
    found = names(text)
    assert kept in found and not {phrase, phrase.split()[1]} & found, found


@pytest.mark.parametrize("text, name", [
    # a place's name opens with an adjective too: not one of those that open headings
    ("Neues Museum: Nofretete gesehen.", "Neues Museum"),
    ("Englischer Garten mit Anna Weber.", "Englischer Garten"),
    # the adjective capitalised mid-sentence too makes a proper name of it
    ("Erster Weltkrieg: Lektüre. Ein Buch über den Ersten Weltkrieg.", "Erster Weltkrieg"),
    # English names ending as a German adjective does are no adjective
    ("Werner Herzog films. Peter Parker met Oliver Twist.", "Werner Herzog"),
])
def test_a_name_opening_with_an_adjective_is_kept(text, name):
    assert name in names(text), names(text)
