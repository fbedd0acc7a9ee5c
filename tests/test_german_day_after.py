"""German days in a question as review revG found them read (session 48, fixF):

- `um 10 am 3.10.`: `am` after an hour was taken for English's a.m. (fixE), and the day was not read; after
  German's `um` and its hour, `am` is the day's preposition (`Meeting at 9 am 3.10. with Tom` still reads none);
- `am Mo. 5.10.`, `am Do., 5.11.`: a weekday's German abbreviation before a day without its year hid the day,
  and the abbreviation was an unheld name ("nothing mentions Mo")."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.options import RetrievalOptions
from minirag_cli.text import written_days
from minirag_cli.unheld import unheld_names
from tests.conftest import daily_notes_index

TODAY = dt.date(2026, 12, 6)
DAYS = {"2026-10-03": "Wanderung im Harz mit Freunden.", "2026-10-05": "Zahnarzt und danach Einkauf.",
        "2026-10-06": "Yoga am Abend.", "2026-11-05": "Besprechung zum Budget.", "2026-11-06": "Kino."}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("german_day_after"), DAYS)


@pytest.mark.parametrize("question, day", [
    ("Was habe ich um 10 am 3.10. gemacht?", "2026-10-03"),
    ("Was habe ich um 9:30 am 3.10. gemacht?", "2026-10-03"),
    ("Was gab es am Mo. 5.10.?", "2026-10-05"),
    ("Was war am Do., 5.11.?", "2026-11-05"),
    ("Was war am Mo 5.10.?", "2026-10-05"),
])
def test_the_day_is_read_and_answered(index, question, day):
    assert [(m, d) for _w, _y, m, d in written_days(question)] == [(int(day[5:7]), int(day[8:]))]
    result = index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=TODAY)
    assert result.results[0]["path"].endswith(f"{day}.md"), [r["path"] for r in result.results]
    prepared = index.prepare_answer(result)
    assert prepared.unheld == [], prepared.unheld


def test_english_am_and_a_name_stay_as_they_were():
    assert written_days("Meeting at 9 am 3.10. with Tom") == []
    assert unheld_names("Was hat Mo gesagt?", ["Kino."], ["2026-10-05"]) == ["Mo"]  # a name, not a date
    assert unheld_names("Was gab es am Mo. 5.10.?", ["Kino."], ["2026-10-06"]) == ["Mo"]  # no Monday found
