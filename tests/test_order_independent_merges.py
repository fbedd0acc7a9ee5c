"""Entity grouping that does not hang on the order the notes come in: a sync of every note at once and a
sync after each note give the same graph (resolve.Resolver.stale, sync._resolve_anew). A #tag a word apart
from a name merged before splits the group (`#flashcards` after `Flashcards` joined `DS flashcards`); a
name that makes a first name and initial known (`Priya Raman`) has a chat's handle (`priya.r:`) of a note
written before join it."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from tests.conftest import write_notes
from tests.test_heuristic_version import graph, sync

FLASHCARDS = {  # the tag's note last in path order too: a sync of all three splits the group it made
    "DS flashcards.md": "Hashing cards for the data structures exam.\n",
    "Flashcards.md": "Spaced repetition, one card a fact.\n",
    "Zettel prep.md": "Cards to review this week. #flashcards\n",
}
PRIYA = {  # the chat first in path order too: a sync of both finds the handle before the name
    "a chat.txt": "[10:14] priya.r: the invoices endpoint returns duplicates\n[10:18] priya.r: PR is up\n",
    "people.md": "# People\n\n- Priya Raman - senior engineer, payments\n- Sam Okafor - my manager\n",
}


def _graph_at_once(tmp_path, notes):
    write_notes(tmp_path / "all" / "v", notes)
    conn = db.connect(tmp_path / "all.sqlite", create=True)
    sync(conn, [tmp_path / "all" / "v"])
    try:
        return graph(conn)
    finally:
        conn.close()


def _graph_one_by_one(tmp_path, notes, order, name):
    folder = tmp_path / name / "v"  # the same last letter of the folder as the at-once sync's (graph)
    folder.mkdir(parents=True)
    conn = db.connect(tmp_path / f"{name}.sqlite", create=True)
    try:
        for path in order:
            write_notes(folder, {path: notes[path]})
            sync(conn, [folder])
        return graph(conn)
    finally:
        conn.close()


def _groups(g) -> set[frozenset[str]]:
    by_key: dict[str, set[str]] = {}
    for key, alias, *_rest in g["aliases"]:
        by_key.setdefault(key, set()).add(alias)
    return {frozenset(forms) for forms in by_key.values()}


def test_a_tag_come_last_splits_the_group_a_sync_of_all_notes_made(tmp_path):
    groups = _groups(_graph_at_once(tmp_path, FLASHCARDS))
    assert {frozenset({"#flashcards", "Flashcards"}), frozenset({"DS flashcards"})} <= groups  # main: one


@pytest.mark.parametrize("order", list(permutations(FLASHCARDS)))
def test_a_tag_and_a_name_a_word_apart_group_alike_synced_at_once_or_one_by_one(tmp_path, order):
    assert _graph_one_by_one(tmp_path, FLASHCARDS, order, "one") == _graph_at_once(tmp_path, FLASHCARDS)


def test_a_handle_written_before_the_name_joins_it(tmp_path):
    aliases = set(_graph_at_once(tmp_path, PRIYA)["aliases"])
    assert any(key == "priyaraman" and alias == "@priya.r" for key, alias, *_rest in aliases)  # main: priyar


@pytest.mark.parametrize("order", list(permutations(PRIYA)))
def test_a_handle_joins_the_name_synced_at_once_or_one_by_one(tmp_path, order):
    assert _graph_one_by_one(tmp_path, PRIYA, order, "one") == _graph_at_once(tmp_path, PRIYA)


def test_a_sync_stopped_before_it_resolved_anew_has_the_next_one_do_it(tmp_path, monkeypatch):
    """The keys made stale are recorded with the note that made them so (db.RESOLVE_PENDING_KEY): a
    sync stopped before it extracted their notes anew leaves them to the next one, which has no note
    to write."""
    from minirag_cli import sync as syncmod

    folder = tmp_path / "one" / "v"
    conn = db.connect(tmp_path / "one.sqlite", create=True)
    write_notes(folder, {path: FLASHCARDS[path] for path in ("DS flashcards.md", "Flashcards.md")})
    sync(conn, [folder])

    def stopped(*_args):
        raise KeyboardInterrupt

    write_notes(folder, {"Zettel prep.md": FLASHCARDS["Zettel prep.md"]})
    with monkeypatch.context() as m:
        m.setattr(syncmod, "_resolve_anew", stopped)
        with pytest.raises(KeyboardInterrupt):
            sync(conn, [folder])
    assert db.get_meta(conn, db.RESOLVE_PENDING_KEY) is not None
    sync(conn, [folder])
    assert db.get_meta(conn, db.RESOLVE_PENDING_KEY) is None
    assert graph(conn) == _graph_at_once(tmp_path, FLASHCARDS)
    conn.close()


def test_the_notes_extracted_anew_are_listed(tmp_path):
    """The notes a later note's tag split the group of are news of the sync (note_names_changed), the
    note it wrote is not."""
    folder = tmp_path / "v"
    conn = db.connect(tmp_path / "i.sqlite", create=True)
    write_notes(folder, {path: FLASHCARDS[path] for path in ("DS flashcards.md", "Flashcards.md")})
    sync(conn, [folder])
    write_notes(folder, {"Zettel prep.md": FLASHCARDS["Zettel prep.md"]})
    summary = sync(conn, [folder])
    assert (summary.added_paths, summary.note_names_changed) == (["Zettel prep.md"],
                                                                 ["DS flashcards.md", "Flashcards.md"])
    assert sync(conn, [folder]).note_names_changed == []  # settled: the next sync extracts nothing
    conn.close()


PRIYAS = {  # a second Priya R...: which one `priya.r` is no name tells, in whichever order they come
    **PRIYA,
    "team.md": "# Team\n\n- Priya Rao - designer, growth\n",
}


@pytest.mark.parametrize("order", list(permutations(PRIYAS)))
def test_a_handle_two_names_could_be_stays_its_own_synced_at_once_or_one_by_one(tmp_path, order):
    at_once = _graph_at_once(tmp_path, PRIYAS)
    assert not any(key == "priyaraman" and alias == "@priya.r" for key, alias, *_rest in at_once["aliases"])
    assert _graph_one_by_one(tmp_path, PRIYAS, order, "one") == at_once
