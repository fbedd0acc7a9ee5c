"""German capitalises every noun: a German note's `Birnen`, `Käse` and
`Termin` were names, as many as its people and places. In a German text
(extract.heuristic.german: its German function words, none an English
word, outnumber its English ones), a word the text uses as a noun (after
an article or another determiner, `der Käse`, `den Termin`, `im Kino`, or
after a number, `1 kg Birnen`: german_nouns) is no name of one word
anywhere in it, a sentence's leading article is dropped as `The` is (`Die
Deutsche Bahn` is Deutsche Bahn), and a noun's `von` joins no name (`ein
Buch von Daniel Kehlmann`). A name a German note writes without an article
(`mit Anna`, `nach München`) stays one; English notes read as before."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor, german

EINKAUF = """# Einkauf

Ich muss noch Birnen und Käse kaufen. Der Käse vom Markt ist besser als der aus dem Supermarkt.
Anna bringt den Wein mit, und Tobias kümmert sich um das Brot.
Der Termin beim Zahnarzt ist am Dienstag um 9 Uhr, danach fahre ich mit Anna nach München.
- 1 kg Birnen
"""


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def test_a_german_note_s_nouns_are_no_names_its_people_and_places_are():
    found = names(EINKAUF)
    assert {"Anna", "Tobias", "München"} <= found, found
    # nouns after an article (`der Käse`, `den Wein`, `Der Termin`), a contraction (`vom Markt`,
    # `beim Zahnarzt`), a number (`9 Uhr`, `1 kg Birnen`), and so wherever the text writes them
    # (`Birnen und Käse kaufen`); a weekday (`am Dienstag`)
    assert not found & {"Birnen", "Käse", "Der Käse", "Markt", "Supermarkt", "Wein", "Brot", "Termin",
                        "Der Termin", "Zahnarzt", "Uhr", "Dienstag"}, found


@pytest.mark.parametrize("text, name, gone", [
    # a sentence's article is no part of a name (as `The` is not)
    ("Die Deutsche Bahn hatte wieder Verspätung. Ich bin mit dem Fahrrad gefahren, das ist schneller.",
     "Deutsche Bahn", "Die Deutsche Bahn"),
    # nor is a noun before `von`
    ("Abends habe ich ein Buch von Daniel Kehlmann gelesen, und es ist wirklich gut.",
     "Daniel Kehlmann", "Buch von Daniel Kehlmann"),
    ("- Reifenwechsel in der Werkstatt von Herrn Becker\n- Ich muss das Auto noch waschen und den Keller "
     "aufräumen.", "Becker", "Werkstatt von Herrn Becker"),  # `Herrn` a title, as `Frau Schröder`'s (rules 23)
    # a function word opening a list item is capitalised as a sentence's first word is
    ("- Mit Thomas die Präsentation für Bosch vorbereiten, und ich habe noch nicht mit ihm gesprochen.",
     "Thomas", "Mit Thomas"),
])
def test_a_german_name_is_read_without_the_words_around_it(text, name, gone):
    found = names(text)
    assert name in found and gone not in found, found


def test_a_relative_pronoun_makes_no_noun_and_a_longer_name_keeps_its_first_word():
    # `den` after a comma is a relative pronoun: Anna is no noun
    assert "Anna" in names("Das ist der Kollege, den Anna empfohlen hat. Wir treffen ihn nicht vor Montag.")
    # written after an article (colloquial `der Jürgen`), a name the text writes in full keeps its first word
    found = names("Der Jürgen kommt später, und ich habe mit ihm noch nicht gesprochen. Jürgen Weiß bringt "
                  "den Kuchen mit.")
    assert {"Jürgen", "Jürgen Weiß"} <= found, found


def test_the_known_cost_a_name_after_an_article():
    # a street, a museum, `die Schweiz`: no rule tells them from a noun after an article
    found = names("Die Praxis ist ab August in der Goethestraße, und ich muss mich noch anmelden.")
    assert "Goethestraße" not in found and "Praxis" not in found, found


@pytest.mark.parametrize("text, name", [
    ("Die Hard is the best film. Der Spiegel wrote about it and the Kino was full.", "Kino"),
    ("LiHua: I watched Das Boot with Anna at the Kino in Berlin. It was long but the ending was great!", "Kino"),
    ("Ich bin ein Berliner, he said, and the crowd cheered.", "Berliner"),
])
def test_an_english_text_is_read_as_before(text, name):
    assert not german(text)
    assert name in names(text)


def test_a_german_text_is_told_by_its_function_words():
    assert german(EINKAUF)
    assert german("Ich habe heute mit Anna telefoniert, und sie ist nicht da.")
    assert not german("Birnen, Käse")  # too few words to tell: read as before


@pytest.mark.parametrize("text, kept", [
    # a time's minutes, a year and an ordered list's number count nothing (`:00 Anna` read as `1 kg Birnen`)
    ("Ich bin heute im Büro und habe mit dem Team gesprochen. Das ist gut.\n09:00 Anna\n10:30 Peter und Maria\n",
     {"Anna", "Peter", "Maria"}),
    ("Heute ist der Termin mit der Bank. Ich habe noch nicht alles.\nUm 14:30 Jonas angerufen.", {"Jonas"}),
    ("Das ist der Plan für das Jahr, und ich bin nicht sicher.\n2024 Tobias\n2025 Lisa\n", {"Tobias", "Lisa"}),
    ("Wer kommt zum Fest? Ich habe die Liste noch nicht fertig.\n1. Anna\n2. Jonas\n\nGestern habe ich Anna "
     "und Jonas angerufen.", {"Anna", "Jonas"}),
    # an acronym is no noun
    ("Wir sind mit dem ADAC nach Berlin gefahren. Das war nicht gut, ich bin müde.", {"ADAC"}),
    # a name the text writes right after a preposition stays one where an article comes before it too
    ("Ich habe mit der Anna gesprochen und sie ist nicht da. Morgen gehe ich mit Anna ins Kino.", {"Anna"}),
    ("Die Telekom hat nicht geantwortet, und ich war schon zweimal bei Telekom im Laden.", {"Telekom"}),
    # an English line of a German note is read as English (`am` is no article there)
    ("Ich bin nicht sicher, aber das ist gut und wir sind im Büro. Der Chef ist da.\nEnglish part: I am Sam.",
     {"Sam"}),
])
def test_a_german_note_keeps_the_names_no_article_or_count_comes_before(text, kept):
    assert german(text)
    found = names(text)
    assert kept <= found, found


def test_a_count_still_makes_a_noun():
    # `um 9 Uhr`, `3 Eier`, `1. Mai` (a date), bare `Birnen und Käse` after `noch`: still nouns
    found = names("Ich muss noch 3 Eier und Mehl kaufen, und das Mehl ist teuer.\nDer Termin ist um 9 Uhr.\n"
                  "- 2 Zitronen\n- Zitronen sind gut")
    assert not found & {"Eier", "Mehl", "Uhr", "Zitronen", "Termin"}, found
