"""`mrag tasks`: the plain table shows a task's scheduled day where it has no due day (a Logseq
`SCHEDULED:`, a Tasks ⏳: the cell was empty, the day shown only with --week), in the words the
windowed table uses (`2026-12-15 scheduled`), wrapping at its blank in a narrow terminal rather than
squeezing the task and its note."""

from __future__ import annotations

import pytest

from tests.conftest import write_notes
from tests.test_tasks import invoke, listed, sync

THESIS = (
    "# Thesis TODO\n"
    "\n"
    "## ch2\n"
    "- [ ] fix the related-work table\n"
    "\n"
    "## ch3\n"
    "- [ ] redo figure 3.2 with the new runs\n"
    "- [ ] rewrite the methods intro\n"
    "- [ ] check the ablation numbers ⏳ 2026-12-15\n"
    "- [ ] ask Helena about ch3 scope\n"
    "### Experiments\n"
    "- [ ] rerun the baseline 🛫 2026-12-01\n"
    "- [ ] plot the learning curves [scheduled:: 2026-12-10] 📅 2026-12-18\n"
    "\n"
    "## ch4\n"
    "- [ ] outline the discussion\n"
)
NOTES = {
    "Thesis/Thesis TODO.md": THESIS,
    # Logseq: the day lines under the block
    "pages/Reading.md": (
        "- ## ch3 papers\n"
        "\t- TODO read Vaswani 2017\n"
        "\t  SCHEDULED: <2026-12-15 Tue>\n"
        "\t- LATER read Devlin 2019\n"
        "\t  DEADLINE: <2026-12-20 Sun>\n"
        "- TODO renew the library card\n"
    ),
    "garden.org": (
        "* Chapter 3 :thesis:\n"
        "** TODO Redo the figures\n"
        "   SCHEDULED: <2026-12-15 Tue>\n"
        "** Notes\n"
        "- [ ] a checkbox in the notes\n"
        "* Chapter 4\n"
        "** TODO Outline the chapter\n"
    ),
}


@pytest.fixture
def notes(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    return db_path


def _row(stdout: str, text: str) -> str:
    return next(line for line in stdout.splitlines() if text in line)


def test_the_plain_table_shows_the_scheduled_day_where_there_is_no_due_day(notes):
    res = invoke(notes, env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert " due " in res.stdout.splitlines()[1]  # the column it was: no window asked
    # a Tasks ⏳, a Logseq SCHEDULED:, an Org SCHEDULED: said nothing in the table
    for text in ("check the ablation numbers", "read Vaswani 2017", "Redo the figures"):
        assert "2026-12-15 scheduled" in _row(res.stdout, text), text
    # a due day is shown as before, and over a scheduled day (Dataview's [scheduled::] beside a 📅)
    assert "2026-12-20" in _row(res.stdout, "read Devlin 2019") and "due" not in _row(res.stdout, "read Devlin")
    row = _row(res.stdout, "plot the learning curves")
    assert "2026-12-18" in row and "2026-12-10" not in row and "scheduled" not in row
    # a start day (🛫) puts no task in a window, and is no day of the table's either (--json has it)
    assert "2026-12-01" not in _row(res.stdout, "rerun the baseline")
    assert "scheduled" not in _row(res.stdout, "rewrite the methods intro")
    # --json carried them already
    by_text = {t["text"]: t for t in listed(notes)}
    assert by_text["read Vaswani 2017"]["scheduled"] == "2026-12-15" and by_text["read Vaswani 2017"]["due"] is None
    assert by_text["rerun the baseline"]["starts"] == "2026-12-01"


def test_the_windowed_table_says_it_in_the_same_words(notes):
    res = invoke(notes, "--week", env={"COLUMNS": "200", "MRAG_TODAY": "2026-12-15"})
    assert res.exit_code == 0, res.output
    assert "2026-12-15 scheduled" in _row(res.stdout, "read Vaswani 2017")


def test_a_narrow_terminal_wraps_the_scheduled_day_rather_than_squeezing_the_task_and_its_note(notes):
    # at 50 columns a no-wrap `2026-12-15 scheduled` took 22 of them: the task and note columns were
    # folded to 6-8 characters ("ablati|on", "Thesi|s/The"); the cell wraps at its blank instead
    res = invoke(notes, env={"COLUMNS": "50"})
    assert res.exit_code == 0, res.output
    top, header = res.stdout.splitlines()[:2]
    widths = dict(zip([h.strip() for h in header.split("┃")[1:-1]], [len(b) - 2 for b in top[1:-1].split("┳")]))
    assert widths["task"] >= 10 and widths["note"] >= 10 and widths["due"] < len("2026-12-15 scheduled"), res.stdout
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in res.stdout.splitlines() if line.startswith("│")]
    due = [row[2] for row in cells]
    assert due.count("2026-12-15") == 3 and due.count("scheduled") == 3, res.stdout  # each word whole, no "…"
    # the task's words are whole too, as they were before a scheduled day was shown
    words = " ".join(row[1] for row in cells).split()
    for word in ("ablation", "numbers", "learning", "Vaswani", "discussion"):
        assert word in words, (word, res.stdout)
