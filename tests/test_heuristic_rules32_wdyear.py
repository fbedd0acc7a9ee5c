"""Heuristic rules 32 (wdyear: session 57's parent's Joplin export). A note whose front matter says it was last
edited after its day (`created: 2026-01-04`, `updated: 2026-11-29`) was written on both: a custody rota's `Sun 22 Nov`
.. `Sun 17 Jan` were read by its first day alone as 2025-11-22 .. 2026-01-17, each a Saturday, and its rows `Sat 21 -
Sun 22 Nov` were no spans, so "am i having the kids on the 19th" missed it. A yearless day whose weekday the note's
day makes false takes the nearest year to the last edit when that makes it true; a weekday's ordinal no day near the
note's day makes true, the one near the last edit. What the weekday already agrees with holds, as do a slip, a note
of one day and a dated section's day. Each through a real sync (heuristic names, hashing vectors)."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import write_notes


def test_the_rules_are_32():
    assert VERSION >= 32


def _synced(tmp_path, files: dict[str, str]) -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]:
    """(path -> its date entities' names, path -> its chunks' spans) of `files` synced."""
    from minirag_cli import db
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import sync_folders
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [tmp_path / "notes"], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
        dates = conn.execute("SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
                             "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
                             "WHERE e.type = 'date'").fetchall()
        spans = conn.execute("SELECT d.path, s.first, s.last FROM chunk_spans s JOIN chunks c ON c.id = s.chunk_id "
                             "JOIN documents d ON d.id = c.document_id").fetchall()
    finally:
        conn.close()
    by_note: dict[str, set[str]] = {path: set() for path in files}
    for path, name in dates:
        by_note[path].add(name)
    spans_by_note: dict[str, set[tuple[str, str]]] = {path: set() for path in files}
    for path, first, last in spans:
        spans_by_note[path].add((first, last))
    return by_note, spans_by_note


def _matter(created: str, updated: str = "", key: str = "updated") -> str:
    return f"---\ntitle: Note\ncreated: {created} 20:00:00Z\n" + (f"{key}: {updated}\n" if updated else "") + "---\n\n"


ROTA = _matter("2026-01-04", "2026-11-29 21:30:00Z") + (
    "Weekends Nov - Jan\n\n| weekend | who |\n|---|---|\n| Sat 21 - Sun 22 Nov | Tom |\n| Sat 2 - Sun 3 Jan | Tom |\n"
    "| Sat 16 - Sun 17 Jan | me |\n")

# the notes a weekday and the last edit settle: the rota, a running list of the other ways a user writes a weekday's
# day under each key a last edit is written under, weekdays' ordinals near the last edit only; each lists three
# weekday-days or more, all of them true by the last edit and false by the note's day (fixWY)
MOVED = {
    "Co-parenting/Custody rota 2026.md": ROTA,
    "Kids/Winter dates.md": _matter("2026-01-04", "20261129", key="modified")
    + "- Christmas fair Sunday 22nd November, 10am.\n- Panto tickets for Sunday, December 6.\n"
    "- Swim gala Sun, 13 Dec (warm up 9am)\n",
    "Kids/Clubs.md": _matter("2026-01-04", "2026-11-29", key="lastmod")
    + "- Cubs camp Sat 28 Nov\n- Carols Tue 15 Dec\n- Rugby Sun 20 Dec\n",
    "Family/Grandparents.md": _matter("2026-02-10", "2026-11-30 19:10:00Z")
    + "- Pat's 70th - party Sat 19th? we can't, Tom's weekend.\n- Carols Thu 17th\n- Lunch at theirs Sun 27th\n",
}
MOVED_DAYS = {
    "Co-parenting/Custody rota 2026.md": {"2026-01-04", "2026-11-29", "2026-11-22", "2027-01-03", "2027-01-17"},
    "Kids/Winter dates.md": {"2026-01-04", "2026-11-29", "2026-11-22", "2026-12-06", "2026-12-13"},
    "Kids/Clubs.md": {"2026-01-04", "2026-11-29", "2026-11-28", "2026-12-15", "2026-12-20"},
    "Family/Grandparents.md": {"2026-02-10", "2026-11-30", "2026-12-19", "2026-12-17", "2026-12-27"},
}

# the same days as the daily note of their year before: a note its file name or its title dates is of that day,
# whatever its `modified:` says (review of wdyear: a touch a year on moved them to the next year)
_THREE_SUNDAYS = "- Dinner at Mum's Sun 22 Nov, bring the pie\n- Fair Sun 29 Nov\n- Carols Sun 6 Dec\n"
_SUNDAYS_2025 = {"2025-11-22", "2025-11-29", "2025-12-06"}

# what holds: a weekday its day's reading makes true (a 2025 diary edited in 2026; September's `Fri 11th`, though
# December 2026 has one too), a slip no year near makes true, a note of one day (fixU), a dated section's day, an
# undated template, a day with its year; and (fixWY) a note of one or two weekday-days or of one slip among true ones
# (a trip's `back Tue 16 Jun?`, a meeting's `next review Tue 10 Mar`, a chat's `can you do Sun 22 Nov`), a daily
# note, a note its title dates, a note edited more than 13 months after its day
HELD = {
    "Diary/Christmas fair.md": _matter("2025-11-20", "2026-02-01") + "Christmas fair Sat 22 Nov, Maya on cakes.\n",
    "House/Things to remember.md": _matter("2026-09-01", "2026-12-07 07:30:00Z")
    + "- [ ] Ellie Xmas jumper for Fri 11th\n- [ ] RSVP Oliver's party by Wed 9th\n",
    "Co-parenting/Typo.md": _matter("2026-01-04", "2026-11-29") + "| Fri 22 Nov | Tom |\n",
    "Co-parenting/One day.md": _matter("2026-01-04") + "Swap agreed for Sun 22 Nov.\n",
    "Journal.md": _matter("2026-01-04", "2026-11-29") + "# Journal\n\n## 2026-01-04\n\nTom said Sun 22 Nov went badly."
    "\n\n## 2026-02-01\n\nQuiet.\n",
    "Templates/Weekend.md": "---\ntitle: Weekend\ndate: {{date}}\nupdated: 2026-11-29\n---\n\nSat 21 - Sun 22 Nov\n",
    "History.md": _matter("2026-01-04", "2026-11-29") + "Armistice Day was Mon 11 Nov 1918.\n",
    "Money/Child benefit.md": _matter("2025-08-01", "2026-11-20 19:00:00Z")
    + "Paid every 4 weeks on Mondays. Next payment Mon 14 Dec.\n",
    "Family/Party.md": _matter("2026-02-10", "2026-11-30") + "- Pat's 70th - party Sat 19th? we can't.\n",
    "Trips/Lisbon.md": _matter("2025-06-01", "2026-06-20 18:00:00Z")
    + "Flight out Sun 15 Jun, back Tue 16 Jun?\n\n| day | plan |\n|---|---|\n| Sat 14 - Sun 15 Jun | Sintra |\n",
    "Meetings/Quarterly review.md": _matter("2025-03-03", "2026-03-10")
    + "## Actions\n- Priya: send deck before next review Tue 10 Mar\n- Sam: book room for Wed 12 Mar\n",
    "Chats/Tom.md": _matter("2025-11-18", "2026-12-01")
    + "Tom: can you do Sun 22 Nov instead?\nMe: ok, swap to Sat 21 - Sun 22 Nov then\n",
    "Daily/2025-11-20.md": "---\nmodified: 2026-11-29\n---\n# Thursday\n\n" + _THREE_SUNDAYS,
    "Daily/Thursday.md": "---\ntitle: 2025-11-20 Thursday\ncreated: 2025-11-20\nupdated: 2026-11-29\n---\n\n"
    + _THREE_SUNDAYS,
    "Lists/Books read.md": _matter("2025-11-20", "2026-12-29") + _THREE_SUNDAYS,
}
HELD_DAYS = {
    "Diary/Christmas fair.md": {"2025-11-20", "2026-02-01", "2025-11-22"},
    "House/Things to remember.md": {"2026-09-01", "2026-12-07", "2026-09-11", "2026-09-09"},
    "Co-parenting/Typo.md": {"2026-01-04", "2026-11-29", "2025-11-22"},
    "Co-parenting/One day.md": {"2026-01-04", "2025-11-22"},
    "Journal.md": {"2026-01-04", "2026-02-01", "2026-11-29", "2025-11-22"},
    "Templates/Weekend.md": set(),  # (a template names nothing)
    "History.md": {"2026-01-04", "2026-11-29", "1918-11-11"},
    "Money/Child benefit.md": {"2025-08-01", "2026-11-20", "2025-12-14"},
    "Family/Party.md": {"2026-02-10", "2026-11-30"},
    "Trips/Lisbon.md": {"2025-06-01", "2026-06-20", "2025-06-15", "2025-06-16"},
    "Meetings/Quarterly review.md": {"2025-03-03", "2026-03-10", "2025-03-10", "2025-03-12"},
    "Chats/Tom.md": {"2025-11-18", "2026-12-01", "2025-11-22"},
    "Daily/2025-11-20.md": {"2025-11-20", "2026-11-29", *_SUNDAYS_2025},
    "Daily/Thursday.md": {"2025-11-20", "2026-11-29", *_SUNDAYS_2025},
    "Lists/Books read.md": {"2025-11-20", "2026-12-29", *_SUNDAYS_2025},
}


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    return _synced(tmp_path_factory.mktemp("wdyear"), {**MOVED, **HELD})


@pytest.mark.parametrize("path", sorted(MOVED))
def test_a_weekday_and_the_last_edit_settle_a_day(synced, path):
    assert synced[0][path] == MOVED_DAYS[path]


def test_a_rotas_weekends_are_spans(synced):
    assert synced[1]["Co-parenting/Custody rota 2026.md"] == {
        ("2026-11-21", "2026-11-22"), ("2027-01-02", "2027-01-03"), ("2027-01-16", "2027-01-17")}


@pytest.mark.parametrize("path", sorted(HELD))
def test_what_the_weekday_agrees_with_holds(synced, path):
    assert synced[0][path] == HELD_DAYS[path]


def test_no_span_of_another_year(synced):
    assert synced[1]["Templates/Weekend.md"] == set() and synced[1]["Co-parenting/Typo.md"] == set()


@pytest.mark.parametrize("block, day", [
    ("updated: 2026-11-29 21:30:00Z", "2026-11-29"), ("Modified: '2026-11-29'", "2026-11-29"),
    ("lastmod: 2026-11-29T10:00:00+01:00", "2026-11-29"), ("last_modified: 20261129", "2026-11-29"),
    ("updated: soon", ""), ("date: 2026-11-29", ""), ("tags: [updated]", "")])
def test_the_last_edit_of_a_front_matter(block, day):
    from minirag_cli import frontmatter

    matter = frontmatter.of_note(f"---\ntitle: A\ncreated: 2026-01-04\n{block}\n---\n\nText\n")
    assert matter.edited_day() == day


def test_the_last_edit_in_epoch_milliseconds(monkeypatch):
    """Dendron writes `updated:` in epoch milliseconds, as its `created:` (frontmatter.date_line reads it so)."""
    import time

    from minirag_cli import frontmatter

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        matter = frontmatter.of_note("---\ncreated: 1767556800000\nupdated: 1796036400000\n---\n\nText\n")
        assert matter.edited_day() == "2026-11-30"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_trip_and_a_chat_keep_their_spans(synced):
    """One slip among true days (a trip's `back Tue 16 Jun?`) or one day written twice (a chat's `Sun 22 Nov`) is read
    by the note's day, its spans too (fixWY; wdyear read the chat's `Sat 21 - Sun 22 Nov` as 2026's)."""
    assert synced[1]["Trips/Lisbon.md"] == {("2025-06-14", "2025-06-15")} and synced[1]["Chats/Tom.md"] == set()


@pytest.mark.parametrize("updated", ["2026-02-29", "2026-02-30", "2026-13-01 10:00", "2026-04-31T09:00:00Z"])
def test_an_impossible_last_edit_dates_nothing(tmp_path, updated):
    """`updated: 2026-02-29` stopped the whole sync (weekdaydays: `day is out of range for month`; review of wdyear):
    a day no calendar has is no last edit, the note read by its own day."""
    from minirag_cli import frontmatter

    note = f"---\ncreated: 2026-01-04\nupdated: {updated}\n---\n\nSwap Sat 19th\nSun 22 Nov swap\n"
    assert frontmatter.of_note(note).edited_day() == ""
    assert _synced(tmp_path, {"Bad.md": note})[0]["Bad.md"] == {"2026-01-04", "2025-11-22"}


@pytest.mark.parametrize("edited", ["2026-02-30", "2026-13-01", "soon", "2026-11-29"])
def test_weekday_days_read_any_last_edit(edited):
    """weekday_days is given a chunk's last edit as written: a malformed one is none (no ValueError)."""
    from minirag_cli.weekdaydays import weekday_days

    found = weekday_days("- Sun 22 Nov\n- Sun 29 Nov\n- Sun 6 Dec\n", "2026-01-04", edited=edited)
    moved = {"22 Nov": "2026-11-22", "29 Nov": "2026-11-29", "6 Dec": "2026-12-06"}  # (the surface its weekday settles)
    assert found == (moved if edited == "2026-11-29" else {})


def test_a_school_years_span_runs_into_the_next_year(tmp_path):
    """A note of no date nor edit: notespans reads a range's end as its note settles it (`Fri 8 Jan` under `# Autumn
    term 2026`: 2027-01-08, rules 30), so `INSET Mon 4 - Fri 8 Jan` is the span 2027-01-04..08 (none before rules 32:
    the end read alone was 2026's, before its start)."""
    spans = _synced(tmp_path, {"Lists/School.md": "# Autumn term 2026\n\n- INSET Mon 4 - Fri 8 Jan\n"})[1]
    assert spans["Lists/School.md"] == {("2027-01-04", "2027-01-08")}
