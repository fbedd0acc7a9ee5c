"""Heuristic rules 16, a student's Zettelkasten (QA 19's vault): a link by a Zettelkasten ID alone names
the note whose file name opens with it, TeX math names nothing, nor do weekdays abbreviated, a heading's
generic label before a number, a chat's `Yo:` or a label glued to a name; a person's title before a
surname says person and is no part of the name, in the text, a label, a link and a file name."""

from __future__ import annotations

import pytest

from minirag_cli.extract import heuristic
from minirag_cli.extract.heuristic import HeuristicExtractor, note_name, wikilinks
from tests.conftest import write_notes


def names(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract_one(text)}


# --- a link by a Zettelkasten ID


def test_a_link_by_an_id_alone_names_it():
    assert [t.name if t else None for _s, _e, t in wikilinks("see [[202611031015]] and [[20261117101500]]")] \
        == ["202611031015", "20261117101500"]
    # a date of 8 figures is the date, as before; 7 figures are no ID
    assert [(t.name, t.type) if t else None for _s, _e, t in wikilinks("[[20261103]] [[1234567]]")] \
        == [("20261103", "date"), None]


@pytest.mark.parametrize("path, name, zid", [
    ("Analysis II/202611031015 Eigenvalues.md", "202611031015 Eigenvalues", "202611031015"),
    ("z/20261117101500 Lagrange multipliers.md", "20261117101500 Lagrange multipliers", "20261117101500"),
    ("z/202611031015.md", "202611031015", None),  # named by the ID itself (it was named by nothing)
    ("z/20261103.md", "20261103", None),  # a daily note: its date
    ("z/2026 Plans.md", "2026 Plans", None),  # a year is no ID
])
def test_a_note_s_id(path, name, zid):
    assert note_name(path).name == name
    assert heuristic.zettel_id(path) == zid


def _notes_of(conn, key: str) -> set[str]:
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.key = ?", (key,))}


def test_a_link_by_an_id_joins_the_note_its_file_name_opens_with(tmp_path):
    """`[[202611031015]]` is `[[202611031015 Eigenvalues]]`'s entity, while exactly one note's file name
    opens with the ID: a second one unjoins it (no link can tell which it means), its removal joins it
    again; an incremental sync ends as a fresh one."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {
        "Analysis/202611031015 Eigenvalues.md": "# Eigenvalues and the Hessian\n\nThe second derivative test.\n",
        "Analysis/202611051015 Spectral theorem.md": "# Spectral theorem\n\nLinks: [[202611031015]]\n",
        "Zettel/202611081000 PageRank.md": "PageRank is an eigenvector problem, see [[202611031015]].\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    linking = {"Analysis/202611051015 Spectral theorem.md", "Zettel/202611081000 PageRank.md"}
    assert _notes_of(conn, "202611031015eigenvalues") == {"Analysis/202611031015 Eigenvalues.md", *linking}
    assert _notes_of(conn, "202611031015") == set()

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    write_notes(root, {"Inbox/202611031015 Other.md": "# Other\n\nA note made in the same minute.\n"})
    sync(conn, [root])
    assert _notes_of(conn, "202611031015eigenvalues") == {"Analysis/202611031015 Eigenvalues.md"}
    assert _notes_of(conn, "202611031015") == linking
    assert graph(conn) == fresh_graph()
    (root / "Inbox/202611031015 Other.md").unlink()
    sync(conn, [root])
    assert _notes_of(conn, "202611031015eigenvalues") == {"Analysis/202611031015 Eigenvalues.md", *linking}
    assert graph(conn) == fresh_graph()


def test_a_note_named_by_its_id_alone_is_the_link_s(tmp_path):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"202611031015.md": "# Eigenvalues\n\nThe Hessian's.\n",
                       "Links.md": "See [[202611031015]] for the test.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "202611031015") == {"202611031015.md", "Links.md"}


# --- TeX math


@pytest.mark.parametrize("text, gone", [
    ("eigenvalue::a scalar $\\lambda$ with $Av = \\lambda v$ for some $v \\neq 0$", {"Av"}),
    ("A: $\\|f(b)-f(a)\\| \\le \\sup \\|Df\\| \\cdot \\|b-a\\|$", {"Df"}),
    ("Taylor:\n$$ f(a+h) = f(a) + \\tfrac12 h^T H_f(a) h $$\nthe rest", {"H_f", "T H_f"}),
    ("Potential method: $\\Phi = 2\\cdot size - capacity$.", {"Phi"}),
])
def test_math_names_nothing(text, gone):
    assert not gone & set(names(text)), names(text)


def test_money_is_no_math():
    assert heuristic.without_math("paid $5 and $10 to Anna Weber") == "paid $5 and $10 to Anna Weber"
    assert "Anna Weber" in names("Lunch was $12, and then $8 for Anna Weber's coffee.")
    assert heuristic.without_math("cost \\$5, the $x$ here") == "cost \\$5, the     here"


# --- noise


def test_weekdays_abbreviated_are_no_names():
    text = ("| Course | Lecturer | Day |\n|---|---|---|\n| Analysis II | Prof. Alvarez | Tue + Thu 10:15 |\n"
            "| Data Structures | Dr. Chen | Mon + Wed 14:00 |\n| History | Prof. Okafor | Fri 12:00 |\n\n"
            "Prof. Carmen Alvarez, office hours Wed 11-12. Dr. Wei Chen, office hours Fridays 10-11.\n")
    found = names(text)
    assert not {"Mon", "Tue", "Wed", "Thu", "Fri"} & set(found), found
    assert {"Carmen Alvarez", "Wei Chen", "Alvarez", "Chen", "Okafor"} <= set(found)


@pytest.mark.parametrize("text, gone, kept", [
    ("# Eigenvalues and the Hessian\n\n## Lecture 7 - 2026-11-03\n\nProf. Alvarez connected it.\n",
     {"Lecture"}, {"Alvarez"}),
    ("# Lecture 1 - Normed spaces\n\nSee the proof.\n", {"Lecture"}, set()),
    ("# Data Structures - Lecture 1\n\nDr. Chen, Lab B.\n", {"Lecture"}, {"Data Structures", "Chen"}),
    ("# Office hours with Dr. Chen - 2026-11-06\n\nAsked about assignment 2.\n", {"Office"}, {"Chen"}),
    ("# Course\n\n### Session 3: Hashing\n\nRead it. Bring the sheet of Anna Weber.\n", {"Session"}, {"Anna Weber"}),
    # a name before a date in a heading stays a name
    ("## Anna 2026-11-10\n\nWe met.\n## Lecture notes\n\nAnna Weber spoke.\n", set(), {"Anna"}),
])
def test_a_heading_s_generic_label_is_no_name(text, gone, kept):
    found = names(text)
    assert not gone & set(found), found
    assert kept <= set(found), found


def test_yo_is_the_writer_not_a_speaker():
    text = ("Marco: el profesor Alvarez dijo que el examen final es el 9 de febrero\n"
            "Marco: y que se permite una hoja A4 escrita a mano\nYo: ¿y el parcial?\n"
            "Marco: el parcial es el viernes 13 de noviembre\n")
    found = names(text)
    assert "Yo" not in found and found["Marco"] == "person", found


@pytest.mark.parametrize("text, gone, kept", [
    ("Related: [[202610271015]] (derivative), [[202611101015 Taylor]].", {"Related"}, {"202611101015 Taylor"}),
    ("Prof. Alvarez announced: the midterm on Friday covers lectures 1-8.",
     {"Prof. Alvarez announced", "Alvarez announced"}, {"Alvarez"}),
    ("Dr. Chen said: tombstones must be reused on insert.", {"Dr. Chen said", "Chen said"}, {"Chen"}),
    ("Topics Alvarez listed as likely:\n1. Equivalence of norms (proof)\n", {"Topics Alvarez", "Topics"}, {"Alvarez"}),
    ("Written 2026-11-13. Questions: norm equivalence proof, one on differentiability.",
     {"Written 2026-11-13. Questions", "Questions", "Written"}, set()),
    ("Principia 1687. Okafor: \"Newton was the last of the magicians\" (Keynes).",
     {"Principia 1687. Okafor"}, {"Okafor"}),
    ("Members: Lena Fischer, Marco Díaz, me.\n\nLena's rules: everyone does the problems alone first.",
     {"Lena's rules"}, {"Lena", "Lena Fischer"}),
    # a label of a name stays one, and so does a label of a noun phrase
    ("Flood Alert: the river is rising.", set(), {"Flood Alert"}),  # (rules 28: `Flood alert:` names nothing)
])
def test_a_label_glued_to_a_name(text, gone, kept):
    found = names(text)
    assert not gone & set(found), found
    assert kept <= set(found), found


# --- a person's title


@pytest.mark.parametrize("text, person", [
    ("Dr. Chen, Lab B. Course uses Python.", "Chen"),
    ("Dr. Chen: \"Amortized analysis is where most of you will lose points.\"", "Chen"),
    ("We asked Prof. Alvarez about the exam.", "Alvarez"),
    ("We asked Professor Alvarez about the exam.", "Alvarez"),
    ("The appointment with Dr. Hoffmann is at nine.", "Hoffmann"),
])
def test_a_title_before_a_surname_says_person(text, person):
    found = names(text)
    assert found.get(person) == "person", found
    assert not {f"Dr. {person}", f"Prof. {person}", f"Professor {person}", "Dr", "Prof"} & set(found)


def test_a_title_is_no_part_of_a_note_s_or_a_link_s_name():
    assert (note_name("People/Dr Chen.md").name, note_name("People/Dr Chen.md").type) == ("Chen", "person")
    assert note_name("People/Prof. Alvarez.md").name == "Alvarez"
    assert note_name("Office hours Dr Chen.md").name == "Office hours Dr Chen"
    assert [(t.name, t.type) for _s, _e, t in wikilinks("[[Prof Alvarez]] and [[Dr Chen|her]]")] \
        == [("Alvarez", "person"), ("Chen", "person")]


def test_the_titled_note_and_the_text_s_title_are_one_person(tmp_path):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"People/Dr Chen.md": "# Dr. Chen\n\nDr. Wei Chen, Data Structures.\n",
                       "DS/Intro.md": "Dr. Chen, Lab B. Chen showed the doubling strategy.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "chen") == {"People/Dr Chen.md", "DS/Intro.md"}
    assert _notes_of(conn, "drchen") == set()
    assert conn.execute("SELECT type FROM entities WHERE key = 'chen'").fetchone() == ("person",)
