"""A German, French or Spanish weekday a day number follows (fixE, after review revF of fixB), through the index as
`mrag ask`: "¿Qué hice el sábado 5 de diciembre?", "vendredi 4 décembre", "am Freitag, den 4." read that date, the
latest up to the asking day within a year on that weekday with that day of the month (fixB read none, and the day's
note fell from the first place); a number a unit or a noun follows ("el sábado 10 km", "am Samstag 10 km", "el
sábado, 2 amigos") is no day, and the weekday is read as before fixB."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import answered_from, daily_notes_index, days_asked

SUNDAY = dt.date(2026, 12, 6)
DAYS = {
    "2026-11-14": "Teatro con Lucía.",
    "2026-11-27": "Ran 5 km along the river.",
    "2026-11-28": "Ran 10 km, then a hike up the ridge.",
    "2026-12-04": "Dinner with Tom at the harbour.",
    "2026-12-05": "Ran 12 km in the rain.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("askday_foreign_date"), DAYS)


@pytest.mark.parametrize(("question", "day"), [
    ("¿Qué hice el sábado 5 de diciembre?", "2026-12-05"), ("¿Qué hice el viernes 4 de diciembre?", "2026-12-04"),
    ("Qu'est-ce que j'ai fait vendredi 4 décembre ?", "2026-12-04"),
    ("Was habe ich am Freitag, den 4. gemacht?", "2026-12-04"),
    ("¿Qué hice el sábado 14 de noviembre?", "2026-11-14"), ("¿Qué hice el sabado 14?", "2026-11-14"),
    ("Qu'ai-je fait samedi, le 14 ?", "2026-11-14"), ("Was habe ich am Samstag 14.11. gemacht?", "2026-11-14"),
    ("Was habe ich am Samstag, 14. November gemacht?", "2026-11-14"),
    ("¿Qué hice el sábado, 14 de noviembre de 2026?", "2026-11-14"),
    ("¿Qué hice el sábado 13?", "2026-06-13"),  # the latest Saturday the 13th
])
def test_a_foreign_weekday_and_its_day_number_read_that_date(question, day):
    assert days_asked(question, SUNDAY) == [day]


@pytest.mark.parametrize("question", [
    "Qu'ai-je fait samedi 1er novembre ?",  # no Saturday 1 November within a year
    "¿Qué hice el sábado 4 de diciembre?",  # the 4th was a Friday
    "¿Qué hice el sábado 10 y el domingo?",  # two weekdays, one number
])
def test_no_such_weekday_and_day_reads_none(question):
    assert days_asked(question, SUNDAY) is None


@pytest.mark.parametrize("question", [
    "¿Corrí el sábado 10 km?", "Bin ich am Samstag 10 km gelaufen?", "¿Con quién cené el sábado, 2 amigos?",
    "Qu'ai-je fait samedi 14h ?", "Was habe ich am Samstag 10 Uhr gemacht?", "¿Qué hice el sábado 10:30?",
    "¿Qué hice el sábado 10 horas?",
])
def test_a_number_no_day_leaves_the_weekday_read(question):
    assert days_asked(question, SUNDAY) == ["2026-12-05"]


@pytest.mark.parametrize(("question", "day"), [
    ("¿Qué hice el viernes 4 de diciembre?", "2026-12-04"),
    ("Qu'est-ce que j'ai fait vendredi 4 décembre ?", "2026-12-04"),
    ("Was habe ich am Freitag, den 4. gemacht?", "2026-12-04"), ("¿Qué hice el sábado 14 de noviembre?", "2026-11-14"),
])
def test_the_date_is_answered_from_its_note(index, question, day):
    assert answered_from(index, question, SUNDAY)[:2] == ([day], {day})


def test_english_as_before():
    assert days_asked("What did I do on Saturday the 14th?", SUNDAY) == ["2026-11-14"]
    assert days_asked("What did I do on Saturday?", SUNDAY) == ["2026-12-05"]
