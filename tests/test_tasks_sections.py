"""`mrag tasks`: the plain table shows a task's scheduled day where it has no due day (a Logseq
`SCHEDULED:`, a Tasks ⏳: the cell was empty, the day shown only with --week), in the words the
windowed table uses (`2026-12-15 scheduled`); and a QUERY matches the headings of a task's section
(a PhD student's `mrag tasks ch3` listed 1 of the 6 tasks under `## ch3` of `Thesis/Thesis TODO.md`,
the one that wrote ch3), a day's heading aside (`## 2026-11-03`: `mrag tasks 11` lists no journal)."""

from __future__ import annotations

import io

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
CH3 = ["redo figure 3.2 with the new runs", "rewrite the methods intro", "check the ablation numbers",
       "ask Helena about ch3 scope", "rerun the baseline", "plot the learning curves"]
NOTES = {
    "Thesis/Thesis TODO.md": THESIS,
    # Logseq: the day lines under the block; a `- ## ch3 papers` block heads the blocks nested under it
    "pages/Reading.md": (
        "- ## ch3 papers\n"
        "\t- TODO read Vaswani 2017\n"
        "\t  SCHEDULED: <2026-12-15 Tue>\n"
        "\t- LATER read Devlin 2019\n"
        "\t  DEADLINE: <2026-12-20 Sun>\n"
        "- TODO renew the library card\n"
    ),
    # a journal of dated sections: a day's heading is no word a query matches
    "journal.md": (
        "# Journal\n"
        "\n"
        "## 2026-11-03\n"
        "- [ ] water the ferns\n"
        "\n"
        "## Tuesday, 10 November 2026\n"
        "- [ ] buy stamps\n"
        "\n"
        "## 2026-11-11 Lunch with Jonas\n"
        "- [ ] send Jonas the slides\n"
        "\n"
        "## 2026-11\n"
        "- [ ] close the month's books\n"
    ),
    # a week's plan: a weekday alone is a heading's words
    "plans/Week plan.md": (
        "## Monday\n"
        "- [ ] book the room\n"
        "## Tuesday\n"
        "- [ ] print the handouts\n"
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


def test_a_narrow_table_keeps_the_scheduled_day_whole():
    from rich.console import Console

    from minirag_cli.format import render_tasks

    row = {"status": "open", "text": "check the ablation numbers against the appendix tables of chapter three",
           "path": "Thesis/Thesis TODO.md", "line": 9, "lines": [9, 9], "note_date": None, "due": None,
           "scheduled": "2026-12-15"}
    out = io.StringIO()
    render_tasks([row], Console(file=out, width=72, color_system=None))
    assert "2026-12-15 scheduled" in out.getvalue() and "…" not in out.getvalue()


def test_a_query_matches_the_headings_of_a_tasks_section(notes):
    assert [t["text"] for t in listed(notes, "ch3") if t["path"] == "Thesis/Thesis TODO.md"] == CH3
    # each word in the task's text, its note's name or its headings: the sub-section's tasks are ch3's too
    assert [t["text"] for t in listed(notes, "ch3", "experiments")] == ["rerun the baseline",
                                                                       "plot the learning curves"]
    assert [t["text"] for t in listed(notes, "ch3", "figure")] == ["redo figure 3.2 with the new runs"]
    assert [t["text"] for t in listed(notes, "ch4")] == ["outline the discussion"]
    # a Logseq heading block heads its nested blocks, not the next block at its level
    assert [t["text"] for t in listed(notes, "ch3") if t["path"] == "pages/Reading.md"] == [
        "read Vaswani 2017", "read Devlin 2019"]
    # an Org headline heads its section's task headlines and checkboxes; a task headline heads none
    assert [t["text"] for t in listed(notes, "chapter", "3")] == ["Redo the figures", "a checkbox in the notes"]
    assert [t["text"] for t in listed(notes, "notes", "checkbox")] == ["a checkbox in the notes"]


def test_a_days_heading_is_no_word_of_its_tasks(notes):
    # `mrag tasks 11` is no query of November's sections, as it is none of November's daily notes
    assert listed(notes, "11") == []
    assert listed(notes, "november") == []
    assert [t["text"] for t in listed(notes, "tuesday")] == ["print the handouts"]  # the week plan's, not the journal's
    # the words after a day are a heading's words
    assert [t["text"] for t in listed(notes, "lunch")] == ["send Jonas the slides"]
    # ... and the journal's title is that of every section
    assert len(listed(notes, "journal")) == 4


def _sections(path: str, text: str) -> list[tuple[int, tuple[str, ...]]]:
    from minirag_cli.tasks import headings_at, section_headings

    lines = text.split("\n")
    found = section_headings(path, lines)
    return [(n, headings_at(found, n)) for n in range(1, len(lines) + 1)]


def test_what_a_markdown_heading_is():
    text = ("---\n"
            "# a: yaml comment\n"
            "---\n"
            "- [ ] above any heading\n"
            "## Plans ##\n"
            "```bash\n"
            "# not a heading: a comment in code\n"
            "```\n"
            "#project/alpha\n"
            "    # indented four: code\n"
            "%% # hidden %%\n"
            "### C#\n"
            "- [ ] x\n"
            "#######  seven is none\n"
            "## \n"
            "- [ ] y\n")
    from minirag_cli.tasks import section_headings

    got = dict(_sections("note.md", text))
    assert got[4] == ()
    assert got[5] == got[8] == got[11] == ("Plans",)
    assert got[13] == got[14] == ("Plans", "C#")
    assert got[16] == ()  # an empty heading ends the section of its level
    # a kind whose `#` lines are no headings
    assert section_headings("paper.tex", ["# x", "- [ ] y"]) == []
    assert section_headings("todo.txt", ["# Work", "(A) call Priya", "x 2026-11-04 pay rent"]) == []


def test_a_long_heading_or_a_deep_outline_is_read_in_linear_time():
    import time

    from minirag_cli.tasks import headings_at, section_headings

    started = time.perf_counter()
    heading = "# " + "2026-11-03 " * 200_000
    assert headings_at(section_headings("note.md", [heading, "- [ ] x"]), 2) == ()
    deep = [f"{chr(9) * i}- ## h{i}" for i in range(3000)] + [f"{chr(9) * 3000}- TODO x"]
    found = section_headings("pages/Deep.md", deep)
    assert len(headings_at(found, len(deep))) == 3000
    assert time.perf_counter() - started < 10
