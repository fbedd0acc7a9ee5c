"""Heuristic rules 31 (dedates: session 56's Berlin expat and software lead). A German day in figures without its
year, closed by its dot (`Do 17.12. um 09:40`, `done: 17.11., 24.11., 1.12.`) was no day, and `Do`, `Mo`, `Di`,
`Sprechstunde Mo` were names; `1:1 Dec 3 with Wen` was the 1st of December. Both sides: a section's, a version's, a
decimal's or an outline's number stays none (`see 3.2.`, `v2.14.`, `1.2. Scope`)."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.text import find_dates, normalise_key
from tests.conftest import write_notes


def test_the_rules_are_31():
    assert VERSION >= 31


@pytest.mark.parametrize("text, expected", [
    ("**Termin:** Do 17.12. um 09:40", [("17.12.", "--12-17")]),
    ("Di 1.12.", [("1.12.", "--12-01")]),
    ("Mo., 7.12. Zahnarzt", [("7.12.", "--12-07")]),
    ("Montag, den 7.12.", [("7.12.", "--12-07")]),
    ("Back Sun 11.10. ICE 1511 18:06", [("11.10.", "--10-11")]),
    ("Anmeldung bis 18.12.!", [("18.12.", "--12-18")]),
    # a list of them where one has a weekday or a preposition before it
    ("am 17.11., 24.11. und 1.12.", [("17.11.", "--11-17"), ("24.11.", "--11-24"), ("1.12.", "--12-01")]),
    ("done: Di 17.11., 24.11., 1.12.", [("17.11.", "--11-17"), ("24.11.", "--11-24"), ("1.12.", "--12-01")]),
    ("Di 1.12. + Do 3.12.", [("1.12.", "--12-01"), ("3.12.", "--12-03")]),
    ("Urlaub vom 8.12.–15.12.", [("8.12.", "--12-08"), ("15.12.", "--12-15")]),
    # German's `Do`, `So` (English words too) before a month of one figure with their dot; `am` but after `I`
    ("Do. 3.2. Zahnarzt", [("3.2.", "--02-03")]),
    ("So, 1.2. Brunch", [("1.2.", "--02-01")]),
    ("Do 3.12. Zahnarzt", [("3.12.", "--12-03")]),
    ("am 6.2. Geburtstag", [("6.2.", "--02-06")]),
    # a year of two figures after a weekday (69 and above: 19xx, as Python's %y)
    ("Mo 7.12.26 Abgabe", [("7.12.26", "2026-12-07")]),
    ("geboren am 3.4.87", [("3.4.87", "1987-04-03")]),
    # a date entity's name whole
    ("17.12.", [("17.12.", "--12-17")]),
])
def test_a_german_day_without_its_year_is_read(text, expected):
    assert find_dates(text) == expected


@pytest.mark.parametrize("text", [
    "Upgraded to v2.14. Then restarted.",
    "Section 1.12. covers it",
    "see 3.2.",
    "sections 3.2., 3.4.",
    "Punkte 1.1., 1.2., 1.3.",
    "Datum 19.11.2026\nTOP 3.10. Haushalt",  # an agenda's item
    "Datum 19.11.2026, siehe Kapitel 4.10.",
    "Am 19.11.2026 kam der Brief. Siehe 3.2. und 3.4.",
    "Pin it to 1.12.0 for now",
    "Total 1.234,50 € and €1,234.50",
    "Revenue grew by 12.5.",
    "Datum 19.11.2026, revenue grew by 12.5.",  # a decimal's one figure after its point, even in such a text
    "Treffen um 17.12 Uhr",
    "1.2. Scope\n1.3. Goals",
    "Datum 19.11.2026\n1.2. Scope",
    "Server at 192.168.1.12. today",
    "We won 3.1.",
    "Python 3.12.10 is out",
    "Lunch at 9 am 3.10. ok",  # English's `am` after an hour
    "letter 7.12.26",  # a year of two figures without a weekday or a preposition
    # (fixDE, review of dedates) a two-figure year as a name's whole is a version's
    "4.2.16", "2.3.14", "3.11.12", "5.4.10", "1.10.26", "[[4.2.16]]",
    # a list with no weekday nor preposition: sections', exercises', verses', versions', scores'
    "Hausaufgaben: 3.1., 3.2., 3.5.",
    "Read Ch. 4.1. and 4.2.",
    "HW: problems 2.1., 2.3.",
    "Matthew 5.3., 5.4.",
    "Tested on 3.10., 3.11., 3.12.",
    "Scores: 3.1., 2.2.",
    "1.1., 1.2.",
    "done: 17.11., 24.11., 1.12.",  # (a list of days alone too: no word says they are)
    # a text writing a German day elsewhere says nothing of another number
    "## 19.11.2026\n- Upgraded Node to 20.11.",
    "Updated 19.11.2026\nInstalled Python 3.12.",
    "Signed 19.11.2026. The rate went up to 4.10.",
    "Run on 19.11.2026. Distance 10.05.",
    "Abfahrt 19.11.2026, der Zug fährt um 8.10.",
    "Datum: 19.11.2026\nTODO: send it before 10.12.!!",
    # English's `So`, `Do`, `I am` before a month of one figure
    "So 1.2. was the wrong answer",
    "- [ ] Do 3.2. first",
    "I am 6.2. and she is 5.11.",
])
def test_a_number_with_dots_is_no_day(text):
    assert [d for d in find_dates(text) if d[0] != "19.11.2026"] == []


@pytest.mark.parametrize("text, expected", [
    ("- 1:1 Dec 3 with Wen", [("Dec 3", "--12-03")]),
    ("1:1 Nov 23", [("Nov 23", "--11-23")]),
    ("ratio 3:1 Nov 23", [("Nov 23", "--11-23")]),
    ("standup 09:30 Dec 3", [("Dec 3", "--12-03")]),
    # as before
    ("our 1:1 on Nov 23", [("Nov 23", "--11-23")]),
    ("1:1, Nov 23", [("Nov 23", "--11-23")]),
    ("Meeting 3 Dec 09:30", [("3 Dec", "--12-03")]),
    ("Due: 3 Dec", [("3 Dec", "--12-03")]),
])
def test_a_number_after_a_colon_after_a_figure_is_no_day(text, expected):
    assert find_dates(text) == expected


def test_a_german_days_name_keys_its_day():
    # the entity is named without its closing dot, as every name is
    assert normalise_key("17.12", "date") == "date:--12-17"
    assert normalise_key("3.10", "name") == "310"


@pytest.mark.parametrize("name", ["4.2.16", "2.3.14", "1.10.26"])
def test_a_version_is_no_day_as_a_whole_name(name):
    # a release note's file, a wikilink's name, a date entity's (fixDE, review of dedates: they were 2016-02-04...)
    from minirag_cli.text import daily_date, file_date

    assert not normalise_key(name, "date").startswith("date:")
    assert daily_date(name) is None
    assert file_date(f"Releases/{name}.md") is None


def _names(text: str) -> set[str]:
    return {e.name for e in HeuristicExtractor().extract_one(text) if e.type != "date"}


@pytest.mark.parametrize("text, not_named", [
    ("**Termin:** Do 17.12. um 09:40", {"Do"}),
    ("ICE 1005 Berlin Hbf → München Hbf, Mo 11.01.2027 06:29 → 10:27", {"Mo"}),
    ("Tel 030 623 4410, Sprechstunde Mo–Fr 8–12, Di+Do 15–18", {"Sprechstunde Mo", "Mo", "Di", "Do"}),
    ("Deutsch B2.2 Intensiv, Di + Do 18:00–21:00, Raum 214", {"Di", "Do"}),
])
def test_a_german_weekday_before_a_day_or_in_a_span_names_nothing(text, not_named):
    assert not (_names(text) & not_named)


@pytest.mark.parametrize("text, name", [
    ("Coffee with Mo and Di tomorrow.", "Mo"),
    ("Ran the loop with Mo, 10.5 km", "Mo"),
    ("Paid Di 20.50 for lunch", "Di"),
    ("Dinner with Mo, Di and Sam.", "Di"),
    # (fixDE, review of dedates) a list of them without hours after it is a list of names
    ("Call Mo/Di about the trip", "Mo"),
    ("Call Mo/Di about the trip", "Di"),
    ("Mo + Di are coming on Saturday", "Di"),
    ("Dinner with Mo, Di 8:00", "Mo"),
    ("Dinner with Mo, Di 8:00", "Di"),
    ("Lunch with Mo Farah.", "Mo Farah"),
])
def test_a_name_like_a_german_weekday_stays_a_name(text, name):
    assert name in _names(text)


def test_a_synced_appointment_is_dated_by_its_note(tmp_path):
    from minirag_cli import db
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {
        "Admin/2026-12-03 Termin Bürgeramt.md": "# Termin Bürgeramt\n\n**Termin:** Do 17.12. um 09:40\n",
        "Health/Physio.md": "---\ndate: 2026-11-10\n---\n# Physio\n\ndone: Di 17.11., 24.11., 1.12.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"),
                     extractor=HeuristicExtractor())
        rows = conn.execute("SELECT d.path, e.key FROM mentions m JOIN entities e ON e.id = m.entity_id "
                            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                            "WHERE e.type = 'date'").fetchall()
    finally:
        conn.close()
    keys = {(path, key) for path, key in rows}
    assert ("Admin/2026-12-03 Termin Bürgeramt.md", "date:2026-12-17") in keys
    assert {k for p, k in keys if p == "Health/Physio.md"} >= {"date:2026-11-17", "date:2026-11-24", "date:2026-12-01"}
