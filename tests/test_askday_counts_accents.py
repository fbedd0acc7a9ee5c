"""Question dates (session 50, dates5), through the index as `mrag ask`:

- a count on the weekend is of one weekend (fixB, after review revC: dates5 read none, and answered from four
  weekends' notes): "How many times did I call mum over the weekend?" asked on a Monday reads the weekend just gone,
  as "What did I do on the weekend?" does; "How often…", "How many weekends did I hike?" and "what did I usually do on
  the weekend?" read none, as before dates5;
- "el sábado y el domingo pasados" (one "pasados" for the list) and "el pasado sábado y domingo" asked on a Sunday
  read last weekend, as "last Sat and Sun", "samedi et dimanche derniers", "letzten Samstag und Sonntag" do (the
  plural read this weekend, yesterday and today; "el pasado sábado" read nothing);
- Spanish weekdays typed without their accents, "miercoles", "sabado", read as "miércoles", "sábado"; a French or
  Spanish weekday capitalised ("el Sábado", "el Sabado") is held by a note of that day, not an unknown name that
  declines the answer ("Domingo" alone is a man's name as often);
- "next" typed without its accents ("el sabado proximo", "despues de", "apres", "naechste Woche") is "next" as with
  them: no day read, where the unaccented weekday read last Saturday (fixB, review revC);
- a German, French or Spanish weekday a day number follows is that date, not the latest such weekday: "¿Qué hice el
  sábado 14 de noviembre?" reads 2026-11-14 (it read the latest Saturday; fixB, review revC, read none; fixE, review
  revF, that date: tests/test_askday_foreign_date.py); English "on Saturday the 14th" reads the 14th;
- a future's span, "What will I do from Monday to Friday?", reads last Monday to Friday in English as in Spanish and
  French (the latest such span ended by the asking day, in any tense): left as it is, the foreign ones as the
  English one."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.unheld import unheld_names
from tests.conftest import answered_from, daily_notes_index, days_asked

SUNDAY = dt.date(2026, 12, 6)
WEDNESDAY = dt.date(2026, 12, 2)
DAYS = {
    "2026-11-14": "Teatro con Lucía.",
    "2026-11-25": "Yoga am Abend.",
    "2026-11-27": "Ran 5 km along the river.",
    "2026-11-28": "Ran 10 km, then a hike up the ridge.",
    "2026-11-29": "Ran 8 km; flea market.",
    "2026-12-02": "Lunch with Priya.",
    "2026-12-05": "Ran 12 km in the rain.",
    "2026-12-06": "Cooked a curry, ran 6 km.",
}
LAST_WEEKEND = ["2026-11-28", "2026-11-29"]


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("askday_counts_accents"), DAYS)


MONDAY = dt.date(2026, 12, 7)
THIS_WEEKEND = ["2026-12-05", "2026-12-06"]


@pytest.mark.parametrize("question", [
    "How many times did I call mum over the weekend?", "How many times did I run on the weekend?",
    "How many times did I run at the weekend?", "How many times did I go running over the weekend?",
    "How frequently did I cook at the weekend?", "What was the number of times I ran on the weekend?",
    "How many weekends did I hike on the weekend?", "What did I do on the weekend?",
])
def test_a_count_on_the_weekend_reads_one_weekend(question):
    # the weekend just gone asked on a Monday or a Wednesday, this one asked on its Sunday
    assert days_asked(question, MONDAY) == THIS_WEEKEND
    assert days_asked(question, SUNDAY) == THIS_WEEKEND
    assert days_asked(question, WEDNESDAY) == LAST_WEEKEND


@pytest.mark.parametrize("question", [
    "How often did I cook at the weekend?", "How many weekends did I hike?", "What did I usually do on the weekend?",
])
def test_a_habit_on_the_weekend_reads_no_weekend(question):
    assert days_asked(question, MONDAY) is None
    assert days_asked(question, WEDNESDAY) is None


def test_a_count_on_the_weekend_is_answered_from_the_weekend_just_gone(index):
    # not every weekend's note: the runs of 11-28 and 11-29 are not the weekend asked on the Monday
    assert answered_from(index, "How many times did I run on the weekend?", MONDAY) == (
        THIS_WEEKEND, set(THIS_WEEKEND), [])
    assert days_asked("How many times did I run last weekend?", WEDNESDAY) == LAST_WEEKEND  # a weekend named


@pytest.mark.parametrize("question", [
    "What did I do last Sat and Sun?", "Qu'ai-je fait samedi et dimanche derniers ?",
    "Was habe ich letzten Samstag und Sonntag gemacht?",
    "¿Qué hice el sábado y el domingo pasados?", "¿Qué hice el sábado y domingo pasados?",
    "¿Qué hice el pasado sábado y domingo?", "¿Qué hice el sábado pasado y el domingo?",
])
def test_last_saturday_and_sunday_asked_on_a_sunday_is_last_weekend(question):
    assert days_asked(question, SUNDAY) == LAST_WEEKEND


def test_the_spanish_plural_last_is_answered_from_last_weekend(index):
    assert answered_from(index, "¿Qué hice el sábado y el domingo pasados?", SUNDAY) == (
        LAST_WEEKEND, set(LAST_WEEKEND), [])


@pytest.mark.parametrize("question, days", [
    ("¿Qué hice el miercoles?", ["2026-11-25"]), ("¿Qué hice el sabado?", ["2026-11-28"]),
    ("¿Qué hice el Sabado?", ["2026-11-28"]), ("¿Qué hice el pasado sabado?", ["2026-11-28"]),
    ("¿Qué hice de lunes a miercoles?", ["2026-11-30", "2026-12-01", "2026-12-02"]),
    ("¿Qué hice el sabado y el domingo?", LAST_WEEKEND),
])
def test_spanish_weekdays_without_accents_read_as_with_them(question, days):
    assert days_asked(question, WEDNESDAY) == days
    assert days_asked(question.replace("miercoles", "miércoles").replace("abado", "ábado"), WEDNESDAY) == days


@pytest.mark.parametrize("question", [
    "¿Que tengo el sabado proximo?", "¿Que hare el miercoles proximo?", "¿Qué tengo el sábado próximo?",
    "¿Que hare el sabado proximo?", "¿Que hare el proximo sabado?", "¿Que hice el sabado despues de la boda?",
    "¿Que hare el sabado, el ano que viene?", "Qu'ai-je fait samedi apres le mariage ?",
    "Que ferai-je samedi, l'annee qui vient ?", "Was mache ich am Montag naechste Woche?",
    "Was mache ich am Montag nachste Woche?", "Was mache ich am Montag uebernaechste Woche?",
])
def test_next_without_accents_reads_no_past_day(question):
    assert days_asked(question, MONDAY) is None
    assert days_asked(question, WEDNESDAY) is None


def test_a_spanish_next_saturday_is_not_answered_from_the_last(index):
    assert answered_from(index, "¿Que tengo el sabado proximo?", MONDAY)[0] == []
    assert days_asked("¿Que hice el sabado pasado?", MONDAY) == THIS_WEEKEND[:1]  # the last one, as before


@pytest.mark.parametrize("question", [
    "¿Qué hice el sabado 14 de noviembre?", "¿Qué hice el sábado 14 de noviembre?", "¿Qué hice el sábado 14?",
    "¿Qué hice el sábado, 14 de noviembre de 2026?", "¿Qué hice el miércoles 11 de noviembre?",
    "¿Qué hice el miercoles 11 de noviembre?", "Qu'ai-je fait samedi 14 novembre ?", "Qu'ai-je fait samedi, le 14 ?",
    "Qu'ai-je fait samedi 1er novembre ?", "Was habe ich am Samstag, 14. November gemacht?",
    "Was habe ich am Samstag, den 14. gemacht?", "Was habe ich am Samstag 14.11. gemacht?",
])
def test_a_foreign_weekday_and_its_day_number_read_no_latest_weekday(question):
    # that date since fixE (review revF: fixB read none); no Saturday 1 November within a year: none
    day = None if "1er" in question else ("2026-11-11" if "rcoles" in question else "2026-11-14")
    assert days_asked(question, MONDAY) == (day and [day])
    assert days_asked(question, WEDNESDAY) == (day and [day])


def test_a_weekday_and_its_day_number_are_answered_from_that_date(index):
    # the 14th's note alone (fixE; fixB kept it beside the latest Saturday's, which alone was kept before)
    assert answered_from(index, "¿Qué hice el sábado 14 de noviembre?", MONDAY)[:2] == (
        ["2026-11-14"], {"2026-11-14"})
    assert days_asked("What did I do on Saturday the 14th?", MONDAY) == ["2026-11-14"]  # English, as before
    # an hour after the weekday is no date: the latest Saturday, as before
    assert days_asked("Qu'ai-je fait samedi 14h ?", MONDAY) == ["2026-12-05"]
    assert days_asked("Was habe ich am Samstag 10 Uhr gemacht?", MONDAY) == ["2026-12-05"]
    assert days_asked("¿Qué hice el sábado 10:30?", MONDAY) == ["2026-12-05"]


@pytest.mark.parametrize("question", ["¿Qué hice el sabado?", "¿Qué hice el Sabado?", "¿Qué hice el Sábado?"])
def test_a_spanish_weekday_is_answered_from_its_note_not_declined(index, question):
    assert answered_from(index, question, WEDNESDAY) == (["2026-11-28"], {"2026-11-28"}, [])


def test_a_capitalised_french_or_spanish_weekday_is_held_by_its_days():
    assert unheld_names("¿Qué hice el Miercoles?", ["Yoga."], ["2026-11-25"]) == []
    assert unheld_names("Qu'ai-je fait Samedi ?", ["Rando."], ["2026-11-28"]) == []
    assert unheld_names("¿Qué hice el Domingo?", ["Mercadillo."], ["2026-11-29"]) == []
    # not on a day of the notes; "Domingo" without its article is a name
    assert unheld_names("¿Qué hice el Sábado?", ["Yoga."], ["2026-11-25"]) == ["Sábado"]
    assert unheld_names("¿Qué hizo Domingo ayer?", ["Mercadillo."], ["2026-11-29"]) == ["Domingo"]


@pytest.mark.parametrize("question", [
    "What will I do from Monday to Friday?", "¿Qué haré de lunes a viernes?", "Que ferai-je du lundi au vendredi ?",
])
def test_a_future_span_reads_as_the_english_one(question):
    # the English one reads the latest Monday to Friday ended by the asking day in a future question too (as
    # session 38 wrote it): the foreign ones read alike, none is changed
    assert days_asked(question, WEDNESDAY) == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]


def test_a_future_span_next_week_reads_none_as_in_english():
    assert days_asked("What will I do next week from Monday to Friday?", WEDNESDAY) is None
    assert days_asked("Was mache ich nächste Woche von Montag bis Freitag?", WEDNESDAY) is None
