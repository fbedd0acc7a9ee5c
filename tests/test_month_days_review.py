"""Date and month questions as review revD found them read (session 48, fixD),
asked on Sunday 2026-12-06:

- "in the last week of October last year" is 2025-10-25..31 (the week of a
  month took a written year only, and read this year's);
- a weekday's short name is a day only where a date writes it: "What did
  Thu say yesterday?" names Thu, as "What did Priya say yesterday?" names
  Priya (read as written, not filtered to yesterday);
- a day without its year takes its month's year written elsewhere only when
  it has no year of its own: "on May 3 this year compared with May 2025" is
  not 2025-05-03 alone;
- the later short weekdays of a list ("on Mon and Wed", "last Fri and Sat")
  are dates, as the first is: no unheld name "Wed";
- "on Mon through Fri", "on Mon–Fri", "from Mon to Fri" are the days
  Monday to Friday, not Monday alone;
- "the 2010-11 Los Angeles Lakers season" is a season, no November 2010;
  seasons() reads the words before its spans in one scan."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli import text as text_module
from minirag_cli.askday import asked_days
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import date_terms, iso_months, seasons
from minirag_cli.unheld import unheld_names
from tests.conftest import daily_notes_index

TODAY = dt.date(2026, 12, 6)  # a Sunday
DAYS = {
    "2025-05-03": "Rained all day, read a book.",
    "2025-05-10": "Planted peppers in the garden.",
    "2025-10-27": "Carved pumpkins with the kids.",
    "2026-05-03": "Planted tomatoes in the garden.",
    "2026-10-02": "Pumpkin patch trip.",
    "2026-10-28": "Halloween costume shopping.",
    "2026-11-29": "Went to the farmers market, bought apples.",
    "2026-11-30": "Team standup; fixed the login bug.",
    "2026-12-01": "Dentist appointment at 9. Thu called about the lease.",
    "2026-12-02": "Yoga class in the evening.",
    "2026-12-03": "Lunch with Priya; she said the budget is approved.",
    "2026-12-04": "Movie night, watched Dune.",
    "2026-12-05": "Cleaned the garage. Sun said the car is fixed.",
}


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    yield from daily_notes_index(tmp_path_factory.mktemp("month_days_review"), DAYS)


def _search(index, question: str):
    return index.search(question, RetrievalOptions(k=10, mode="hybrid"), today=TODAY)


def _days(asked) -> tuple[str, str] | None:
    return None if asked is None else (str(asked.first), str(asked.last))


@pytest.mark.parametrize("question, days", [
    ("What did I do in the last week of October last year?", ("2025-10-25", "2025-10-31")),
    ("What did I do in the first week of October of last year?", ("2025-10-01", "2025-10-07")),
    ("What did I do in the last week of October, last year?", ("2025-10-25", "2025-10-31")),
    ("What did I do in the last week of October this year?", ("2026-10-25", "2026-10-31")),
    ("What did I do in the first week of January next year?", ("2027-01-01", "2027-01-07")),
    ("What did I do in the last week of October 2025?", ("2025-10-25", "2025-10-31")),
])
def test_a_week_of_a_month_takes_the_year_said(index, question, days):
    assert _days(asked_days(question, TODAY)) == days, question
    if question.startswith("What did I do in the last week of October") and days[0] == "2025-10-25":
        result = _search(index, question)
        assert _days(result.days) == days and result.results[0]["path"].endswith("2025-10-27.md"), result.days
        sources = index.prepare_answer(result).sources
        assert [result.results[s["n"] - 1]["path"][-13:] for s in sources] == ["2025-10-27.md"], sources


@pytest.mark.parametrize("name", ["Priya", "Thu", "Sun", "Sat", "Wed"])
def test_a_short_weekday_as_a_subject_is_someone(index, name):
    question = f"What did {name} say yesterday?"
    assert asked_days(question, TODAY) is None, question  # read as written: the note's yesterday
    assert _search(index, question).days is None
    # a short weekday written as a date is still no one: the asker's yesterday
    # (a short weekday beside another day leaves that one read, as before short weekdays were dates: fixF)
    assert _days(asked_days("Anything on Thu or yesterday?", TODAY)) == ("2026-12-05", "2026-12-05")
    assert _days(asked_days("What did I do yesterday?", TODAY)) == ("2026-12-05", "2026-12-05")
    assert _days(asked_days("What happened on Sun?", TODAY)) == ("2026-11-29", "2026-11-29")
    assert _days(asked_days("Notes from Sat 5 yesterday?", TODAY)) == ("2026-12-05", "2026-12-05")


def test_a_day_with_a_year_of_its_own_keeps_it(index):
    question = "What did I do on May 3 this year compared with May 2025?"
    terms = date_terms(question, ["2025", "2026"])
    assert '"20260503"' in terms, terms  # not 2025-05-03 alone, the other May's year
    paths = [r["path"][-13:] for r in _search(index, question).results]
    assert {"2025-05-03.md", "2026-05-03.md"} <= set(paths[:3]), paths
    for own in ("on May 3 last year, and in May 2026?", "on May 3, this year, and in May 2025?",
                "this year on May 3 and in May 2025?"):
        assert '"20250503"' in date_terms(own, ["2025", "2026"]) and \
            '"20260503"' in date_terms(own, ["2025", "2026"]), own
    # no year of its own: the month's ("in May 2026, especially on May 3")
    assert '"20250503"' not in date_terms("What did I do in May 2026, especially on May 3?", ["2025", "2026"])


@pytest.mark.parametrize("question, days", [
    ("What did I do on Mon and Wed?", ["2026-11-30", "2026-12-02"]),
    ("What did I do on Tues and Thurs?", ["2026-12-01", "2026-12-03"]),
    ("What did I do last Fri and Sat?", ["2026-12-04", "2026-12-05"]),
    ("What did I do on Mon, Wed and Fri?", ["2026-11-30", "2026-12-02", "2026-12-04"]),
])
def test_a_list_of_short_weekdays_is_dates(index, question, days):
    result = _search(index, question)
    assert result.days is not None and [str(d) for d in result.days.days()] == days, result.days
    prepared = index.prepare_answer(result)
    assert prepared.unheld == [] and len(prepared.sources) == len(days), (prepared.unheld, prepared.sources)
    assert unheld_names("What did I do with Wed and Sat?", ["Yoga."], ["2026-12-02"]) == ["Wed", "Sat"]


@pytest.mark.parametrize("question", ["What did I do on Mon through Fri?", "What did I do on Mon to Fri?",
                                      "What did I do on Mon–Fri?", "What did I do on Monday to Friday?",
                                      "What did I do last Mon-Fri?", "What did I do from Mon to Fri?",
                                      "What did I do from Monday through Friday?"])
def test_a_span_of_weekdays_is_its_days(index, question):
    result = _search(index, question)
    assert _days(result.days) == ("2026-11-30", "2026-12-04") and not result.days.dates, result.days
    prepared = index.prepare_answer(result)
    assert prepared.unheld == [], prepared.unheld
    kept = {result.results[s["n"] - 1]["path"][-13:] for s in prepared.sources}
    assert kept and kept <= {f"2026-{d}.md" for d in ("11-30", "12-01", "12-02", "12-03", "12-04")}, kept
    assert unheld_names("What did I get from Sat?", ["Yoga."], ["2026-12-05"]) == ["Sat"]  # a sender, maybe
    # asked on a Wednesday, the latest such span already over: last week's (this week's Friday is to come)
    assert _days(asked_days(question, dt.date(2026, 12, 2))) == ("2026-11-23", "2026-11-27")


def test_a_season_with_a_teams_name_is_no_month():
    question = "How did the 2010-11 Los Angeles Lakers season go?"
    assert iso_months(question) == [] and [m.group(0) for m in seasons(question)] == ["2010-11"]
    assert '"201011"*' not in date_terms(question, ["2010"])
    assert [m.group(0) for m in iso_months("What did I do in 2010-11?")] == ["2010-11"]  # the month


def test_seasons_reads_the_text_once(monkeypatch):
    scanned = []

    class Counting:  # the words before a season: how much of the text is read for them
        def __init__(self, pattern):
            self.pattern = pattern

        def search(self, string, *args):
            scanned.append(len(string))
            return self.pattern.search(string, *args)

        def finditer(self, string, *args):
            scanned.append(len(string))
            return self.pattern.finditer(string, *args)

    monkeypatch.setattr(text_module, "_SEASON_BEFORE", Counting(text_module._SEASON_BEFORE))
    long = " ".join(["2009-10 x"] * 300) + " the FY 2011-12"
    found = seasons(long)
    assert [m.group(0) for m in found] == ["2011-12"]
    assert sum(scanned) <= len(long), sum(scanned)
