"""Heuristic rules 25 (known), mended after review revE. Each through a real sync of a folder, as `mrag sync` runs
it, compared with a sync of all the notes at once where the order of syncs is the point.

- The notes read anew when a word became known or stopped being (sync._words_anew) are picked on the text the
  extractor reads (the prose: no code, no link definitions), as _add_known_words names them: a code block's
  `docker compose` kept `Docker rebuilt the image.` from being read anew, so a sync after each note named Docker
  where a rebuild did not, and kept the stale mention after the note that made Docker known was changed.
- A note's file name alone makes no word known: topic pages `Home.md`, `Work.md`, `Health.md` made `- Home by 6.`,
  `- Work was slow.`, `- Health is better this week.` name them in every daily note.
- The mid-sentence evidence (heuristic.written_as_name) wants the whole word before in lower case:
  `Booked via Amazon Travel?` made Travel known, `with Will Turner` Turner."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import written_as_name
from tests.conftest import write_notes
from tests.test_heuristic_rules25_known import _names_by_note
from tests.test_heuristic_version import graph, sync

DEPLOY = "# Deploy\n\nDocker rebuilt the image.\n\n```\ndocker compose up -d\n```\n"
INFRA = "We run everything on Docker.\n"


def _at_once(tmp_path, notes: dict[str, str], name: str):
    write_notes(tmp_path / name / "v", notes)
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    try:
        sync(conn, [tmp_path / name / "v"])
        return graph(conn), _names_by_note(conn)
    finally:
        conn.close()


@pytest.mark.parametrize("order", list(permutations(["deploy.md", "infra.md"])))
def test_a_code_block_reads_a_note_anew_as_a_rebuild_does(tmp_path, order):
    """Synced one note at a time, then edited, the graph is at each step the one a sync of all the notes gives."""
    _one_by_one_then_edited(tmp_path, order, {"deploy.md": DEPLOY, "infra.md": INFRA})


@pytest.mark.parametrize("order", list(permutations(["deploy.md", "infra.md"])))
def test_a_link_definition_reads_a_note_anew_as_a_rebuild_does(tmp_path, order):
    """A link reference definition's title is no lower-case docker of the prose either."""
    deploy = 'Docker rebuilt the image. See the [guide].\n\n[guide]: https://example.com/guide "the docker guide"\n'
    _one_by_one_then_edited(tmp_path, order, {"deploy.md": deploy, "infra.md": INFRA})


def _one_by_one_then_edited(tmp_path, order, notes: dict[str, str]) -> None:
    folder = tmp_path / "one" / "v"
    folder.mkdir(parents=True)
    notes = dict(notes)
    conn = db.connect(tmp_path / "one.sqlite", create=True)
    try:
        for path in order:
            write_notes(folder, {path: notes[path]})
            sync(conn, [folder])
        expected, names = _at_once(tmp_path, notes, "all0")
        assert graph(conn) == expected
        assert "Docker" in names["deploy.md"]  # the code's `docker` is no lower-case Docker of the prose

        notes["deploy.md"] += "\nDone by noon.\n"
        write_notes(folder, {"deploy.md": notes["deploy.md"]})
        sync(conn, [folder])
        assert graph(conn) == _at_once(tmp_path, notes, "all1")[0]

        notes["infra.md"] = "We run everything on Kubernetes.\n"
        write_notes(folder, {"infra.md": notes["infra.md"]})
        sync(conn, [folder])
        expected, names = _at_once(tmp_path, notes, "all2")
        assert "Docker" not in _names_by_note(conn).get("deploy.md", set())  # main: the stale mention stayed
        assert graph(conn) == expected
    finally:
        conn.close()


# revE's vaults: topic pages linked from the daily notes
TOPICS = {
    "2024-05-01.md": "- Work was busy, back to [[Home]].\n",
    "2024-05-02.md": "- Work was slow.\n- Home by 6.\n- Coffee with Dana.\n",
    "Home.md": "# Home\n\nStart here: [[Work]], [[Projects]].\n",
    "Projects.md": "# Projects\n\nList of projects.\n",
    "Work.md": "# Work\n\nEverything about my job.\n",
    "Garden.md": "# Garden\n\nPlanted roses near the fence.\n",
    "Health.md": "# Health\n\nSlept eight hours.\n",
    "log.md": "- Garden looks great after the rain.\n- Health is better this week.\n- Travel plans are off.\n"
              "- Turner called.\n",
    "today.md": "# Today\n\nWorked on the [[Garden]] and logged [[Health]] stuff.\n",
    "trip.md": "# Travel\n\nBooked via Amazon Travel? No, via Booking. Drinks with Will Turner.\n",
}


def test_a_file_name_or_a_longer_names_word_alone_makes_no_word_known(tmp_path):
    _graph, names = _at_once(tmp_path, TOPICS, "all")
    assert not {"Home", "Work"} & names.get("2024-05-02.md", set())
    assert not {"Garden", "Health", "Travel", "Turner"} & names.get("log.md", set())


def test_a_person_page_is_known_by_the_notes_that_name_it(tmp_path):
    notes = {"people/Marta.md": "# Marta\n\nDesigner, works remote.\n",
             "daily.md": "Marta sent the mockups. Called the bank.\n"}
    assert "Marta" not in _at_once(tmp_path, notes, "alone")[1].get("daily.md", set())  # its file name alone
    notes["clients.md"] = "The mockups are by Marta this time.\n"
    assert "Marta" in _at_once(tmp_path, notes, "named")[1]["daily.md"]


@pytest.mark.parametrize("text,word,expected", [
    ("We work for Initech and Acme.", "Initech", True),
    ("as usual, Initech", "Initech", True),
    ("with Jonas, Initech", "Initech", False),  # a name's list: its word before is capitalised
    ("paid 3 Initech invoices", "Initech", True),
    ("Booked via Amazon Travel? No.", "Travel", False),  # its word before is capitalised
    ("Drinks with Will Turner.", "Turner", False),
    ("Drinks with Will Turner.", "Will", False),  # a capitalised word after
    ("Ask McKinsey Initech about it.", "Initech", False),
    ("the iPhone Initech sells", "Initech", False),  # a word with a capital inside is no lower-case word
])
def test_written_as_name_wants_a_lower_case_word_before(text, word, expected):
    assert written_as_name(text, word) is expected


def test_the_sync_says_why_a_note_was_read_anew(tmp_path):
    """`mrag sync`'s "known names" line tells what happened in a user's words (it reused the CJK sentence)."""
    from rich.console import Console

    from minirag_cli.format import render_sync_summary

    folder = tmp_path / "v"
    write_notes(folder, {"daily.md": "- Initech invoice still unpaid.\n"})
    conn = db.connect(tmp_path / "i.sqlite", create=True)
    try:
        sync(conn, [folder])
        write_notes(folder, {"clients.md": "We work for Initech and Acme.\n"})
        summary = sync(conn, [folder])
    finally:
        conn.close()
    assert summary.known_names_changed == ["daily.md"]
    console = Console(record=True, width=300)
    render_sync_summary(summary.to_dict(), console)
    line = next(line for line in console.export_text().splitlines() if "known names" in line)
    assert line.split("known names", 1)[1].strip() == (
        "1 note read anew: another note now names a word it writes, or no longer does")
