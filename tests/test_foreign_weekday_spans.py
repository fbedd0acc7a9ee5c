"""Weekday spans and weekends in German, French and Spanish questions (session 49, dates4), through the index as
`mrag ask`:

- "von Montag bis Mittwoch", "du lundi au mercredi", "de lundi à mercredi", "de lunes a miércoles", "del lunes al
  miércoles" read nothing; they are read as English "from Mon to Wed" is (the latest such span ended by the asking
  day; beside "letzte Woche", "la semaine dernière", "la semana pasada" that week's days);
- "am Wochenende", "le week-end", "el fin de semana" read nothing, in any tense: a tense read by its endings took
  Spanish futures, a month's or a clause's weekend, German present states for the weekend just gone (review revG);
  a German note of a Saturday or a Sunday holds "Wochenende" (no unknown name);
- "zwischen Montag und Mittwoch" still reads nothing, and "entre lundi et mercredi", "entre el lunes y el miércoles"
  still read the two days named, as before: a choice's or a comparison's two days as often as a span (English
  "between Mon and Wed" is a span in a one-time past question alone)."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.askday import asked_days
from minirag_cli.unheld import unheld_names
from tests.conftest import answered_from, daily_notes_index, days_asked

SUNDAY = dt.date(2026, 12, 6)
WEDNESDAY = dt.date(2026, 12, 2)
MONDAY = dt.date(2026, 11, 30)
DAYS = {
    "2026-11-23": "Zahnarzt am Vormittag.",
    "2026-11-24": "Töpferkurs, zwei Schalen glasiert.",
    "2026-11-25": "Yoga am Abend.",
    "2026-11-28": "Wanderung auf den Grat.",
    "2026-11-29": "Wochenmarkt und Flohmarkt.",
    "2026-11-30": "Budget besprochen.",
    "2026-12-01": "Fitnessstudio am Morgen.",
    "2026-12-02": "Mittagessen mit Priya.",
    "2026-12-04": "Kinoabend, Dune gesehen.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("foreign_weekday_spans"), DAYS)


MON_TO_WED = ["2026-11-30", "2026-12-01", "2026-12-02"]
LAST_MON_TO_WED = ["2026-11-23", "2026-11-24", "2026-11-25"]


@pytest.mark.parametrize("question, today, days", [
    # as "from Monday to Wednesday": the latest such span ended by the asking day (on a Monday, last week's)
    ("Was habe ich von Montag bis Mittwoch gemacht?", SUNDAY, MON_TO_WED),
    ("Was habe ich vom Montag bis zum Mittwoch gemacht?", SUNDAY, MON_TO_WED),
    ("Was war von Montag bis Mittwoch im Büro?", SUNDAY, MON_TO_WED),  # Büro a noun, as after "am Montag"
    ("Qu'est-ce que j'ai fait du lundi au mercredi ?", SUNDAY, MON_TO_WED),
    ("Qu'ai-je fait de lundi à mercredi ?", SUNDAY, MON_TO_WED),
    ("¿Qué hice de lunes a miércoles?", SUNDAY, MON_TO_WED),
    ("¿Qué hice del lunes al miércoles?", SUNDAY, MON_TO_WED),
    ("¿Qué hice de lunes a miércoles?", MONDAY, LAST_MON_TO_WED),
    # beside a week, that week's days ("la semana pasada" alone read the whole week)
    ("Was habe ich von Montag bis Mittwoch letzte Woche gemacht?", SUNDAY, LAST_MON_TO_WED),
    ("Qu'est-ce que j'ai fait du lundi au mercredi la semaine dernière ?", SUNDAY, LAST_MON_TO_WED),
    ("¿Qué hice de lunes a miércoles la semana pasada?", SUNDAY, LAST_MON_TO_WED),
    # as before: "entre … et / y" the two days named, English "from … to" as it was
    ("Qu'est-ce que j'ai fait entre lundi et mercredi ?", SUNDAY, ["2026-11-30", "2026-12-02"]),
    ("¿Qué hice entre el lunes y el miércoles?", SUNDAY, ["2026-11-30", "2026-12-02"]),
    ("What did I do from Monday to Wednesday last week?", SUNDAY, LAST_MON_TO_WED),
])
def test_spans_and_weekends_are_read(question, today, days):
    assert days_asked(question, today) == days


@pytest.mark.parametrize("question", [
    # the weekend in any tense (review revG): a past tense's, a future's ("haré": any word ending in é was a past),
    # one a month or a clause pins, a present state's
    "Was habe ich am Wochenende gemacht?", "Was ist am Wochenende passiert?", "Was war am Wochenende?",
    "Qu'est-ce que j'ai fait le week-end ?", "¿Qué hice el fin de semana?", "¿Qué haré el fin de semana?",
    "¿Qué cocinaré el fin de semana?", "Was habe ich am Wochenende im Oktober gemacht?",
    "Qu'est-ce que j'ai fait le week-end où on a déménagé ?", "Ist das Museum am Wochenende geöffnet?",
    "Was mache ich am Wochenende?", "Qu'est-ce que je fais le week-end ?", "¿Qué hago el fin de semana?",
    # a plan's or a habit's past
    "Was habe ich am Wochenende geplant?", "Was hatte ich am Wochenende vor?",
    "Was habe ich normalerweise am Wochenende gemacht?", "Qu'est-ce que j'avais prévu le week-end ?",
    "Qu'est-ce que j'ai fait d'habitude le week-end ?", "¿Qué iba a hacer el fin de semana?",
    "¿Qué hice siempre el fin de semana?",
    # another weekend than the one just gone, or one named
    "Qu'est-ce que j'ai fait le week-end dernier ?", "¿Qué hice el fin de semana pasado?",
    "Was habe ich am Wochenende davor gemacht?", "Qu'est-ce que j'ai fait le week-end de Pâques ?",
    # not a span: a choice's or a comparison's two days as often (left unread, as before)
    "Was habe ich zwischen Montag und Mittwoch gemacht?",
    # a span's two languages
    "Was habe ich von Montag a miércoles gemacht?",
])
def test_no_foreign_weekend_nor_a_span_reads_none(question):
    assert asked_days(question, WEDNESDAY) is None
    assert asked_days(question, SUNDAY) is None


def test_a_german_span_and_weekend_are_held_by_their_days():
    # "nothing mentions Montag / Wochenende" would decline the answer a note of the days holds
    assert unheld_names("Was habe ich von Montag bis Mittwoch gemacht?", ["Fitness."], ["2026-12-01"]) == []
    assert unheld_names("Was habe ich am Wochenende gemacht?", ["Wanderung."], ["2026-11-28"]) == []
    assert unheld_names("Was habe ich am Wochenende gemacht?", ["Kino."], ["2026-12-04"]) == ["Wochenende"]
    assert unheld_names("Was habe ich von Montag bis Mittwoch gemacht?", ["Kino."], ["2026-12-04"]) == [
        "Montag", "Mittwoch"]  # a Friday: none of the span's days


@pytest.mark.parametrize("question, today, days", [
    ("Was habe ich von Montag bis Mittwoch gemacht?", SUNDAY, MON_TO_WED),
    ("Qu'est-ce que j'ai fait du lundi au mercredi ?", SUNDAY, MON_TO_WED),
    ("¿Qué hice de lunes a miércoles la semana pasada?", SUNDAY, LAST_MON_TO_WED),
])
def test_answered_from_the_notes_of_those_days(index, question, today, days):
    assert answered_from(index, question, today) == (days, set(days), [])


def test_a_foreign_weekend_question_searches_every_day(index):
    # no days read: the search is not narrowed to the weekend just gone, "¿Qué haré…?" asks of one to come
    assert answered_from(index, "¿Qué haré el fin de semana?", WEDNESDAY)[0] == []
    assert answered_from(index, "Was habe ich am Wochenende im Oktober gemacht?", WEDNESDAY)[0] == []


def test_a_spanish_question_word_after_its_opening_mark_is_no_name():
    # "¿Qué" starts the question as "What" does: it was an unheld name, and every Spanish question with a day was
    # declined ("nothing mentions Qué") over the notes of that day
    assert unheld_names("¿Qué hice ayer?", ["Gimnasio."], ["2026-12-01"]) == []
    assert unheld_names("¡Hola! ¿Qué hizo Priya ayer?", ["Gimnasio."], ["2026-12-01"]) == ["Priya"]
