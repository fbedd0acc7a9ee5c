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


def test_the_rules_are_21_or_later():
    assert VERSION >= 21


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
1. [ ] Message Aisha about Sunday
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


BOOK = ("# Thinking about thinking\n\nDaniel Kahneman wrote the book on two systems. Kahneman argues that the fast one "
        "guesses; later Kahneman admits the slow one is lazy.\n")


def test_a_surname_beside_its_full_name_is_one_person(tmp_path):
    conn = synced(tmp_path, {"book.md": BOOK, "other.md": "Amos Tversky worked with him.\n"})
    found = entities(conn)
    assert "Kahneman" not in found, found
    assert found["Daniel Kahneman"] == 3  # once whole, twice alone: `Kahneman` in `Daniel Kahneman` counts once
    assert ("Kahneman", "alias") in set(conn.execute(
        "SELECT a.alias, a.merge FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE e.name = 'Daniel Kahneman'"))
    from minirag_cli.store.lookup import get_entity

    assert get_entity(conn, "Kahneman")["name"] == "Daniel Kahneman"  # `mrag entity Kahneman`


@pytest.mark.parametrize("files,kept", [
    # another full name of that surname in the folder: which one a lone `Kahneman` is, the note does not say
    ({"book.md": BOOK, "family.md": "Sarah Kahneman called about the reunion.\n"}, "Kahneman"),
    # two full names of it in the note itself
    ({"book.md": BOOK.replace("wrote the book", "and Sarah Kahneman wrote the book")}, "Kahneman"),
    # the word opens a name too (`Kahneman Prize`)
    ({"book.md": BOOK + "\nThe Kahneman Prize went to Amos.\n"}, "Kahneman"),
    # the surname alone before the full name: no one introduced by it (`Greek yogurt`, then `Quick Greek yogurt:`)
    ({"book.md": "# Thinking\n\nThe book says Kahneman argues for two systems. Daniel Kahneman wrote it.\n"},
     "Kahneman"),
    # a word of the full name the note writes in lower case: a thing's name (`Baked Salmon`, `salmon`)
    ({"dinner.md": "We cooked Baked Salmon on Friday. The kids loved it, Salmon is a winner. Baked or grilled, "
                   "the fish is baked best.\n"}, "Salmon"),
])
def test_a_surname_of_several_names_stays_apart(tmp_path, files, kept):
    assert kept in entities(synced(tmp_path, files))


def test_a_surname_joins_as_a_rebuild_whatever_the_order_of_the_notes(tmp_path):
    """A later note's `Sarah Kahneman` makes the surname's key stale (resolve.Resolver.lone_surname): the note
    that joined `Kahneman` to Daniel Kahneman is extracted anew, as a sync of both notes at once has it."""
    from tests.test_heuristic_version import graph

    root = tmp_path / "notes"
    write_notes(root, {"book.md": BOOK})
    conn = db.connect(tmp_path / "a.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert "Kahneman" not in entities(conn)
    write_notes(root, {"family.md": "Sarah Kahneman called about the reunion.\n"})
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert "Kahneman" in entities(conn)
    fresh = db.connect(tmp_path / "b.sqlite", create=True)
    sync_folders(fresh, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert graph(conn) == graph(fresh)


def test_a_table_cells_ing_word_names_in_a_column_of_full_names(tmp_path):
    """A body cell's word common by its -ing/-ed ending alone (`Reading`, `Fleming`) is a name in a column that holds
    a full name (`Lake Como`) where the text writes it mid-sentence too (`in Reading`): it was dropped as `Blocked` is. A status column's (`Reviewing`, `Blocked`) still names
    nothing, beside a column of names too."""
    found = entities(synced(tmp_path, {
        "trip.md": "# Rail trip\n\nWe changed trains in Reading.\n\n| Stop | Nights |\n|---|---|\n| Lake Como | 2 |\n| Reading | 1 |\n| Bath | 2 |\n",
        "sprint.md": "| Owner | Status |\n|---|---|\n| Priya Raman | Reviewing |\n| Tom Baker | Blocked |\n"
                     "| Jonas | Waiting |\n"}))
    assert {"Lake Como", "Reading", "Bath", "Priya Raman", "Tom Baker", "Jonas"} <= found.keys(), found
    assert not {"Reviewing", "Blocked", "Waiting"} & found.keys(), found


def test_a_surname_joins_again_when_the_other_full_name_is_gone(tmp_path):
    """The note naming the other Kahneman deleted, the surname joins Daniel Kahneman as a rebuild has it: the
    resolver forgets that name and the notes mentioning the surname resolve it anew."""
    from tests.test_heuristic_version import graph

    root = tmp_path / "notes"
    write_notes(root, {"book.md": BOOK, "family.md": "Sarah Kahneman called about the reunion.\n"})
    conn = db.connect(tmp_path / "a.sqlite", create=True)
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert "Kahneman" in entities(conn)
    (root / "family.md").unlink()
    sync_folders(conn, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    fresh = db.connect(tmp_path / "b.sqlite", create=True)
    sync_folders(fresh, [root], embedder=hashing_embedder("hashing:32"), extractor=HeuristicExtractor())
    assert "Kahneman" not in entities(fresh)
    assert graph(conn) == graph(fresh)


# review revV: the task verb rule read every line's start, a heading's and a plain bullet's too
@pytest.mark.parametrize("text,kept", [
    ("## Finish Line\n\nWe ran the last mile.\n", "Finish Line"),
    ("- Finish Line\n", "Finish Line"),
    ("- Check Point Software\n", "Check Point Software"),
    ("- Help Scout\n", "Help Scout"),
    ("- Sign Language class\n", "Sign Language"),
    ("## Help Center\n\nsee below\n", "Help Center"),
    ("## Order Status\n\nsee below\n", "Order Status"),
    ("## Contact Details\n\nsee below\n", "Contact Details"),
    ("## Update Log\n\nsee below\n", "Update Log"),
])
def test_a_heading_or_a_plain_bullet_opened_by_a_task_verb_stays_whole(tmp_path, text, kept):
    found = entities(synced(tmp_path, {"a.md": text}))
    assert kept in found, found
    assert kept.split()[1] not in found, found


def test_a_task_of_a_verb_and_a_common_noun_names_nothing(tmp_path):
    # `Milk`, `Email`, `Rent` alone linked every shopping list to each other
    found = entities(synced(tmp_path, {"todo.md": "# Errands\n\n- [ ] Buy Milk\n- [ ] Check Email\n- [ ] Pay Rent\n"
                                                  "- [ ] Send Priya the budget\n"}))
    assert not {"Milk", "Email", "Rent", "Buy Milk", "Check Email", "Pay Rent"} & found.keys(), found
    assert "Priya" in found, found


def test_a_day_plans_ing_cells_name_nothing_beside_a_full_name(tmp_path):
    found = entities(synced(tmp_path, {"italy.md": "| Day | Plan |\n|---|---|\n| Mon | Lake Como |\n| Tue | Reading |\n"
                                                   "| Wed | Hiking |\n| Thu | Shopping |\n| Fri | Packing |\n"}))
    assert "Lake Como" in found, found
    assert not {"Reading", "Hiking", "Shopping", "Packing"} & found.keys(), found


@pytest.mark.parametrize("text,place", [
    ("I read a novel by Jack London before my flight to London. London was rainy.\n", "London"),
    ("We flew to New York on Monday. York is smaller, we drove up on Friday.\n", "York"),
    ("I work at Morgan Stanley. Stanley pays well.\n", "Stanley"),
    ("George Washington crossed the river. We drove to Washington later. Washington was hot.\n", "Washington"),
    ("Maria Jordan booked the trip. We fly to Jordan in May; Jordan is warm then.\n", "Jordan"),
])
def test_a_place_named_as_a_surname_stays_a_place(tmp_path, text, place):
    found = entities(synced(tmp_path, {"a.md": text}))
    assert place in found, found


@pytest.mark.parametrize("text,surname,full", [
    ("Maria Jordan joined the team. Next year Jordan wants to lead it.\n", "Jordan", "Maria Jordan"),
    ("A biography of George Washington. Washington was the first president.\n", "Washington", "George Washington"),
])
def test_a_surname_joins_its_person_without_a_place(tmp_path, text, surname, full):
    found = entities(synced(tmp_path, {"a.md": text}))
    assert surname not in found and full in found, found


def test_surname_names_reads_a_note_once_per_name():
    """surname_names read the note again for each mention of a surname (4,000 took 30 s): once per surname and
    full name, its time grows with the note's length, as test_extract_linear's."""
    import time

    from minirag_cli.extract.heuristic import EntityMention, surname_names

    def timed(n: int) -> float:
        # every full name passed over before the surname alone, for each mention of it (a note of many chunks)
        text = " ".join(f"Daniel Kahneman argues point {i}." for i in range(n)) + " Kahneman agrees."
        mentions = [EntityMention("Daniel Kahneman", "name"), EntityMention("Kahneman", "name")] * n
        began = time.perf_counter()
        assert surname_names(mentions, (), text) == {"Kahneman": "Daniel Kahneman"}
        return time.perf_counter() - began

    timed(200)  # warm the regex cache
    short, long = min(timed(500) for _ in range(3)), min(timed(4000) for _ in range(3))
    assert long < short * 8 * 3, (short, long)  # linear: about 8 times; quadratic: about 64
