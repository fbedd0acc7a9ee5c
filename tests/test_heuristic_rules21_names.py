"""Heuristic rules 21, names20's part (leftovers of the QA sessions on the heuristic extractor, each seen in a
real user folder): a to-do item's verb was taken into the name after it (`- [ ] Send Priya the budget` named
`Send Priya`, `- [ ] Finish Harbor docs` `Finish Harbor`, `TODO: Call Mom` `Call Mom`); a surname alone
beside its full name in a note (`Kahneman` beside `Daniel Kahneman`) was a second entity. Each through a
real sync of a folder, as `mrag sync` runs it."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.sync import sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def test_the_rules_are_21():
    assert VERSION == 21


def synced(tmp_path, files: dict[str, str]):
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    return conn


def entities(conn) -> dict[str, int]:
    return dict(conn.execute("SELECT name, mentions FROM entities"))


TASKS = """# This week

- [ ] Send Priya the budget
- [ ] Finish Harbor docs
- [ ] Email Jonas re: invoice
- [x] Review Tomasz's PR
- [ ] Pay Marco back
1. Message Aisha about Sunday
TODO: Call Mom
- **Next step:** Forward Priya the deck
"""


def test_a_task_lists_verbs_name_nothing(tmp_path):
    found = entities(synced(tmp_path, {"todo.md": TASKS, "team.md": "Harbor is our app; Priya Raman owns it.\n"}))
    assert {"Priya", "Harbor", "Jonas", "Tomasz", "Marco", "Aisha", "Mom"} <= found.keys(), found
    assert not {n for n in found if n.split()[0] in {"Send", "Finish", "Email", "Review", "Pay", "Message", "Call",
                                                     "Forward"}}, found
    assert found["Priya"] == 2  # two tasks name her, one entity


def test_a_todo_txt_lines_verbs_name_nothing(tmp_path):
    found = entities(synced(tmp_path, {"todo.txt": "(A) Send Priya the budget +Harbor\n"
                                                   "2026-11-30 Finish Harbor docs @work\n"
                                                   "x 2026-12-01 Schedule Tomasz for Friday\n"}))
    assert {"Priya", "Harbor", "Tomasz"} <= found.keys() and not {"Send Priya", "Finish Harbor", "Schedule Tomasz"} \
        & found.keys(), found


def test_a_prose_imperative_before_a_known_name(tmp_path):
    # mid-line or a sentence's start: only where the text capitalises the name mid-sentence too
    found = entities(synced(tmp_path, {"a.md": "Notes from Monday. Send Priya the budget. We met Priya at noon.\n"}))
    assert "Priya" in found and "Send Priya" not in found, found


@pytest.mark.parametrize("text,kept", [
    # a name's subject before its verb, a base no task verb lists, a title of a journal base: whole as before
    ("- Review Board met on Monday.\n", "Review Board"),
    ("- Book Club met\n", "Book Club"),
    ("- Plan B Cafe\n", "Plan B Cafe"),
    ("- Clean Code\n", "Clean Code"),
    ("Sekiro: Shadows Die Twice\n", "Shadows Die Twice"),
    ("- Check Point Software reported a loss\n", "Check Point Software"),
    # a task verb mid-sentence is no task's
    ("We watched Send Help again.\n", "Send Help"),
])
def test_other_names_stay_whole(tmp_path, text, kept):
    assert kept in entities(synced(tmp_path, {"a.md": text}))
