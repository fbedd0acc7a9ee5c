"""Heuristic rules 20 (names19: two naming leftovers): a sentence-case `# ` title that repeats its note's file
name or front matter title (`# Hiring plan` in `Hiring plan.md`) names the note, not its first word (`Hiring`);
and a Markdown table's body cell's first word starts a sentence (`| Export | done | 3 |` named Export), but in
a column of names (`| Owner |`, `| City |`), whose cells are a label's values. Real names stay names."""
from __future__ import annotations

import pytest

from minirag_cli import db, frontmatter
from minirag_cli.extract.heuristic import HeuristicExtractor, note_titles
from tests.conftest import write_notes


def names(text: str, titles=()) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text, note_titles=titles)}


HIRING = ("# Hiring plan\n\nWe need two engineers before the spring launch. Priya Raman leads interviews;\n"
          "the budget is approved through March.\n\n- Post the roles on Monday\n- Screen candidates with Tom\n")


@pytest.mark.parametrize("path,matter,expected", [
    ("plans/Hiring plan.md", None, ("Hiring plan",)),
    ("hiring-plan.md", None, ("hiring-plan",)),
    ("v1.2 notes.md", None, ("v1.2 notes",)),
    ("trips/Hiring plan.textbundle/text.md", None, ("Hiring plan",)),  # a TextBundle's text: its bundle's name
    ("notes.txt", frontmatter.parse("---\ntitle: Offsite ideas\n---\n"), ("notes", "Offsite ideas")),
])
def test_a_notes_titles_are_its_file_name_and_front_matter_title(path, matter, expected):
    assert note_titles(path, matter) == expected


@pytest.mark.parametrize("text,titles,dropped,kept", [
    (HIRING, ("Hiring plan",), "Hiring", {"Priya Raman", "Tom"}),
    # a slug file name is the same title, its `-` a blank
    (HIRING, ("hiring-plan",), "Hiring", {"Priya Raman"}),
    # the note's own front matter title, with no file name given
    # (a word that is no common one by the lexicon, its ending or the note's lower case is a name: review revT)
    ("---\ntitle: Onboarding ideas\n---\n# Onboarding ideas\n\nA weekend near the coast. Maybe Porto.\n", (),
     "Onboarding", {"Onboarding ideas", "Porto"}),
    ("# Planned changes\n\nRevenue grew. Jonas Berg presented.\n", ("Planned changes",), "Planned", {"Jonas Berg"}),

])
def test_a_title_repeating_its_notes_name_names_not_its_first_word(text, titles, dropped, kept):
    found = names(text, titles)
    assert dropped not in found and kept <= found, found
    assert dropped in names(text.replace("title: Onboarding ideas", "tags: [trip]"))  # named without the note's title


@pytest.mark.parametrize("text,titles,kept", [
    # a title of names or with a name in it: no sentence case, read as before
    ("# Project Alpha\n\nKickoff went well.\n", ("Project Alpha",), "Project Alpha"),
    ("# Meeting with Priya\n\nTalked about the budget.\n", ("Meeting with Priya",), "Priya"),
    ("# Lisbon\n\nFlew in on Tuesday.\n", ("Lisbon",), "Lisbon"),
    # the word capitalised mid-sentence too, or opening a longer name: a name, as rules 6 and 7 say
    ("# Hamburg trip\n\nWe landed in Hamburg at noon.\n", ("Hamburg trip",), "Hamburg"),
    ("# Heron notes\n\nHeron Bay was calm. We moved the buoy.\n", ("Heron notes",), "Heron"),
    # a heading that is not the note's title is read as before (rules 18, docs3: no evidence, named)
    ("# Hamburg trip\n\nWe flew in.\n", ("Travel log",), "Hamburg"),
    ("# Hamburg trip\n\nWe flew in.\n", (), "Hamburg"),
    # the note's title, its first word no common word (review revT: Berlin, Kyoto were lost)
    ("# Berlin trip\n\nFlights booked for the 12th. Hotel near the museum island.\n", ("Berlin trip",), "Berlin"),
    ("# Kyoto notes\n\nTemples in the morning, markets after lunch.\n", ("Kyoto notes",), "Kyoto"),
    ("# Beijing trip\n\nFlights booked.\n", ("Beijing trip",), "Beijing"),
])
def test_other_titles_still_name(text, titles, kept):
    assert kept in names(text, titles)


def _names(conn) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM entities")}


def test_a_synced_notes_title_names_the_note_not_its_first_word(tmp_path):
    """Sync gives the extractor each chunk's note's titles (note_titles): the fresh sync and a re-extraction
    (which reads no file) both name `Hiring plan` and `Offsite ideas`, not `Hiring` or `Offsite`."""
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "notes"
    write_notes(root, {"Hiring plan.md": HIRING,
                       "trips/offsite.md": "---\ntitle: Offsite ideas\n---\n# Offsite ideas\n\nAn offsite? Maybe Porto.\n",
                       "Meeting with Priya.md": "# Meeting with Priya\n\nTalked about the budget.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    found = _names(conn)
    assert {"Hiring plan", "Offsite ideas", "Priya Raman", "Porto", "Priya"} <= found, found
    assert not {"Hiring", "Offsite"} & found, found
    before = graph(conn)
    with db.transaction(conn):
        db.set_meta(conn, "heuristic_version", "0")
    assert sync(conn, [root]).reextracted["notes"] == 3
    assert graph(conn) == before


SPRINT = ("# Sprint review\n\n| Task | Status | Points |\n|------|--------|--------|\n| Export | Done | 3 |\n"
          "| Import | Blocked | 5 |\n| Search | In progress | 8 |\n| **Billing** | Done | 2 |\n\n"
          "Export shipped on Tuesday; we gave Tom the import bug.\n")
TEAM = ("| Name | Role | City |\n|------|------|------|\n| Priya Raman | Lead | Berlin |\n| Tom Baker | Backend | Lisbon |\n"
        "| Mara | Design | Porto |\n")


@pytest.mark.parametrize("text,gone,kept", [
    # a common word (a label's `Blocked`, `import` written in lower case too) starts a sentence; a word with no
    # such evidence names as before rules 20 (review revT: Export, Search, Billing named, as a name would be)
    (SPRINT, {"Import", "Blocked", "Status"}, {"Tom", "Export"}),
    # a verb's form opening a cell of other words too (`Waiting on Marcus`)
    ("| Project | Next step |\n|---|---|\n| Export rewrite | Waiting on Marcus |\n", {"Waiting", "Export"}, {"Marcus"}),
    # a column of names (`Name`, `City`) names its cells; the `Role` column's values name nothing
    # (`Backend`, `Design`: no evidence of a common word, named as a name would be, review revT)
    (TEAM, {"Lead", "Role"}, {"Priya Raman", "Tom Baker", "Mara", "Berlin", "Lisbon", "Porto", "Backend"}),
    ("| Task | Owner |\n|---|---|\n| Fix login | Priya |\n| Budget | Jonas |\n", {"Fix", "Budget"}, {"Priya", "Jonas"}),
    ("| Step | Team lead |\n|---|---|\n| Reviewing | **Amara** |\n", {"Reviewing"}, {"Amara"}),
    # a reading log's works and authors; its states name nothing
    ("| Title | Author | Status |\n|---|---|---|\n| Dune | Frank Herbert | Finished |\n| Circe | Madeline Miller | "
     "Abandoned |\n", {"Finished", "Abandoned", "Status"}, {"Dune", "Circe", "Frank Herbert", "Madeline Miller"}),
    ("| Day | Where | Plan |\n|---|---|---|\n| Mon | Alfama | Walk, lunch |\n| Tue | Sintra | Day trip |\n",
     {"Walk", "Day"}, {"Alfama", "Sintra"}),
    # a longer name, or a word the text capitalises mid-sentence too, names in any column
    ("| Stop | Notes |\n|---|---|\n| Berlin | two nights |\n| Lake Como | rest |\n\nWe loved Berlin in May.\n",
     {"Stop", "Notes"}, {"Berlin", "Lake Como"}),
    ("| Item | Qty |\n|---|---|\n| Heron | 2 |\n| Heron Board | 1 |\n", set(), {"Heron", "Heron Board"}),
])
def test_a_table_body_cell_starts_a_sentence(text, gone, kept):
    found = names(text)
    assert not found & gone and kept <= found, found


def test_a_body_row_ends_the_table_at_a_line_without_a_pipe():
    found = names("| Item | Qty |\n|---|---|\n| Budget | 1 |\n\n| Mara said hi |\nWe met Jonas | again\n")
    assert "Budget" not in found and {"Mara", "Jonas"} <= found, found


@pytest.mark.parametrize("path", ["n2/Birthdays.md", "n2/Hiring.md", "n2/Itinerary.md", "n2/Restaurants.md",
                                  "n1/Contacts.md"])
def test_a_body_cells_real_name_names_whatever_its_column(path):
    """Review revT: a body cell's lone word starts a sentence only when it is a common word (the lexicon, the
    text writing it in lower case, a phrase in sentence case), not by its column's header: the names of columns
    no list knows (`Friends`, `Candidate`, `Hotel`, a header-less contact list) were all lost."""
    text = {
        "n2/Birthdays.md": "| Friends | Birthday | Gift idea |\n|---|---|---|\n| Oskar | 3 March | Bike light |\n"
                           "| Mila | 14 June | Book |\n| Henrik | 9 Sept | Tea |\n",
        "n2/Hiring.md": "| Candidate | Stage | Interviewer |\n|---|---|---|\n| Amara | Onsite | Dieter |\n"
                        "| Santiago | Phone screen | Ines |\n",
        "n2/Itinerary.md": "| Day | Stop | Hotel |\n|---|---|---|\n| Mon | Ljubljana | Vander |\n| Tue | Bled | Triglav |\n",
        "n2/Restaurants.md": "| Restaurants | Cuisine | Verdict |\n|---|---|---|\n| Noma | Nordic | Overrated |\n"
                             "| Septime | French | Great |\n",
        "n1/Contacts.md": "| | |\n|---|---|\n| Marta Kowalski | marta@example.com |\n| Tanaka | tanaka@example.com |\n",
    }[path]
    expected = {"n2/Birthdays.md": {"Oskar", "Mila", "Henrik"}, "n2/Hiring.md": {"Amara", "Dieter", "Santiago", "Ines"},
                "n2/Itinerary.md": {"Ljubljana", "Vander", "Bled", "Triglav"}, "n2/Restaurants.md": {"Noma", "Septime"},
                "n1/Contacts.md": {"Tanaka", "Marta Kowalski"}}[path]
    found = names(text)
    assert expected <= found and not {"Bike", "Phone", "Day", "Mon", "Great"} & found, found
