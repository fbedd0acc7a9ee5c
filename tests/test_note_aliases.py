"""A note's other names: front matter `aliases:` (Obsidian), Logseq's
`alias::`. `aliases: [Jo, J. Berg]` in `Jonas Berg.md` makes "Jo" and
"J. Berg" names of the note's own entity wherever the folder's notes say
them, and `[[Jo]]` links that note as `[[Jonas Berg]]` does
(heuristic.note_aliases, sync.joined_names). An incremental sync that adds,
edits or removes aliases, or the notes holding them, re-extracts exactly
the notes that mention them, and ends as a rebuild. A lower-case file name
of two words or more (`kitchen-renovation.md`) names its note."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import note_aliases, note_name
from tests.conftest import write_notes

JONAS = "---\naliases: [Jo, J. Berg]\n---\nJonas plays bass in the Low Tides.\n"
NOTES = {"people/Jonas Berg.md": JONAS,
         "gig.md": "At the gig [[Jo]] brought the amp, and Maria Silva sang.\n",
         "letters.md": "A postcard from Jo arrived, sent in Bergen.\n",
         "other.md": "Tomatoes go along the south fence.\n"}


def _notes_of(conn, name: str) -> set[str]:
    from minirag_cli.store.lookup import get_entity

    found = get_entity(conn, name)
    return {n["path"] for n in found["notes"]} if found else set()


@pytest.mark.parametrize("text,expected", [
    (JONAS, ["Jo", "J. Berg"]),
    ("---\naliases:\n  - Jo\n  - \"Jonny B\"\n---\ntext\n", ["Jo", "Jonny B"]),
    ("---\nalias: Jo\n---\ntext\n", ["Jo"]),
    # Logseq; its `title::` as a front matter's (rules 27)
    ("title:: Jonas\nalias:: Jo, [[J. Berg]]\n- plays bass\n", ["note-title:Jonas", "Jo", "J. Berg"]),
    ("---\naliases: [kitchen reno]\n---\n", ["kitchen reno"]),  # as a link names it: lower case too
    # a common word, a date, one character, a duplicate by its key: no alias
    ("---\naliases: [The, 2024-05-01, x, Jo, JO]\n---\n", ["Jo"]),
    ("Jonas plays bass.\naliases: [Jo]\n", []),  # no front matter: text
])
def test_a_note_s_aliases_are_read_from_its_front_matter_and_properties(text, expected):
    assert note_aliases(text) == expected


@pytest.mark.parametrize("path,expected", [
    ("kitchen-renovation.md", "kitchen renovation"),
    ("trips/trip_to_lisbon.md", "trip to lisbon"),
    ("Trip to Lisbon.md", "Trip to Lisbon"),
    ("todo.md", None), ("inbox.md", None),  # one lower-case word: too generic to name an entity
    ("todo/2025-11-wolfgang.md", None),  # no name of words: a date's parts first
    ("chats/20251003_wolfgang-amara.txt", None),  # a .txt is named by no link
])
def test_a_lower_case_file_name_of_two_words_names_its_note(path, expected):
    found = note_name(path)
    assert (found.name if found else None) == expected


def test_an_alias_is_a_name_of_its_note_s_entity(tmp_path):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    keys = {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert "jonasberg" in keys and not {"jo", "jberg"} & keys, keys
    # `[[Jo]]` and the text's "Jo" reach the note, and the entity is named as the note is
    everyone = {"people/Jonas Berg.md", "gig.md", "letters.md"}
    assert _notes_of(conn, "Jo") == _notes_of(conn, "Jonas Berg") == _notes_of(conn, "J. Berg") == everyone
    assert conn.execute("SELECT name FROM entities WHERE key = 'jonasberg'").fetchone()[0] == "Jonas Berg"
    conn.close()


def test_an_alias_is_counted_as_a_whole_word_and_a_tag_is_no_mention_of_it(tmp_path):
    """"Jo" is said once in the note: not in "Jonas", "Johnson", "major" nor
    the tag "#jo", which is a topic of its own (a tag names no person)."""
    import json

    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {**NOTES, "letters.md": "Jonas met Johnson, the major's clerk, and Jo waved. #jo\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    rows = dict(conn.execute(
        "SELECT e.key, m.forms FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id"
        " JOIN documents d ON d.id = c.document_id WHERE d.path = 'letters.md'"))
    assert json.loads(rows["jonasberg"]) == {"Jo": 1}, rows
    assert json.loads(rows["jo"]) == {"#jo": 1}, rows
    assert conn.execute("SELECT type FROM entities WHERE key = 'jo'").fetchone()[0] == "concept"
    conn.close()


def _forms_in(conn, path: str) -> dict[str, dict[str, int]]:
    import json

    return {key: json.loads(forms) for key, forms in conn.execute(
        "SELECT e.key, m.forms FROM mentions m JOIN entities e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id"
        " JOIN documents d ON d.id = c.document_id WHERE d.path = ?", (path,))}


STANDING = {"Jonas Berg.md": "---\naliases: [Jo]\n---\n# Jonas Berg\n\nSailor.\n",
            "a.md": "Jo said the boat leaks. We met Jo at the pier.\n",
            "b.md": "Jo said the boat leaks.\n\nJo fixed it.\n",
            "c.md": "- Jo brings rope\n",
            "d.md": "## Jo\n\nThe rope is in the shed.\n",
            "e.md": "Joanna said the boat leaks. Jos and jo are other words.\n",
            "code.md": "```\nJo = 1\n```\nThe boat leaks.\n"}


def test_an_alias_counts_where_it_stands_a_sentence_s_first_word_or_a_list_item_s(tmp_path):
    """README: "Jo" anywhere in the folder is a mention of Jonas Berg. It was only
    where the rules found a name ("We met Jo", mid-sentence), not at a sentence's
    start, a list item's or a heading's (heuristic rules 14: sync._standing)."""
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, STANDING)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "Jo") == {"Jonas Berg.md", "a.md", "b.md", "c.md", "d.md"}
    assert _forms_in(conn, "b.md") == {"jonasberg": {"Jo": 2}}
    assert _forms_in(conn, "a.md") == {"jonasberg": {"Jo": 2}}
    assert "jonasberg" not in _forms_in(conn, "e.md") and "jonasberg" not in _forms_in(conn, "code.md")
    conn.close()


@pytest.mark.parametrize("alias, text, counted", [
    ("Rose", "Rose early and left.\n", False),  # an English word that is a name too: the word
    ("Rose", "Rose brought the rope.\n", False),  # narrowly: not at a sentence start at all
    ("Rose", "We met Rose at the pier.\n", True),  # mid-sentence the rules name it, as before
    ("Bran", "Bran ate his bran.\n", False),  # the text writes the word in lower case too
    ("Bran", "Bran ate his porridge.\n", True),
    ("Captain Hale", "Captain Hale bowed.\n", True),  # a name of two words: as written
    ("Captain Hale", "captain hale bowed.\n", False),  # case counts
])
def test_an_alias_that_is_a_word_counts_only_where_a_name_is_meant(tmp_path, alias, text, counted):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {"Brannoc Hale.md": f"---\naliases: [{alias}]\n---\nSailor.\n", "ch.md": text})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert ("brannochale" in _forms_in(conn, "ch.md")) is counted, _forms_in(conn, "ch.md")
    conn.close()


@pytest.mark.parametrize("notes,alone", [
    # two notes claim "Jo": no link can tell which one it means
    ({**NOTES, "people/Jo Tanaka.md": "---\naliases: [Jo]\n---\nJo Tanaka runs the bakery.\n"}, "jo"),
    # an alias that is another note's file name: the link opens that note
    ({**NOTES, "J. Berg.md": "The shipping company J. Berg of Bergen.\n"}, "jberg"),
])
def test_an_alias_two_notes_claim_joins_neither(tmp_path, notes, alone):
    from minirag_cli import db
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT 1 FROM entities WHERE key = ?", (alone,)).fetchone()
    assert conn.execute("SELECT 1 FROM entity_aliases WHERE key = ? AND merge = 'alias'", (alone,)).fetchone() is None
    conn.close()


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


# (the notes changed: path -> text, None to delete; the notes an incremental sync re-extracts unread)
CHANGES = {
    "an alias removed": ({"people/Jonas Berg.md": _edit(JONAS, "[Jo, J. Berg]", "[J. Berg]")},
                         ["gig.md", "letters.md"]),
    "an alias added": ({"people/Jonas Berg.md": _edit(JONAS, "[Jo, J. Berg]", "[Jo, J. Berg, Bergen]")},
                       ["letters.md"]),
    "the aliases gone": ({"people/Jonas Berg.md": "Jonas plays bass.\n"}, ["gig.md", "letters.md"]),
    "the note deleted": ({"people/Jonas Berg.md": None}, ["gig.md", "letters.md"]),
    "a second note claims one": ({"people/Jo Tanaka.md": "---\naliases: [Jo]\n---\nJo runs the bakery.\n"},
                                 ["gig.md", "letters.md", "people/Jonas Berg.md"]),
    "its file name taken by a second note": ({"old/Jonas Berg.md": "Another Jonas.\n"},
                                             ["gig.md", "letters.md", "people/Jonas Berg.md"]),
    "the note renamed": ({"people/Jonas Berg.md": None, "people/Jonas B.md": JONAS}, ["gig.md", "letters.md"]),
    "an unrelated note edited": ({"other.md": "Beans go along the north fence.\n"}, []),
    # a tag of the alias's letters is a topic of its own, in a later sync as in a rebuild
    "a note tagged #jo added": ({"tagged.md": "Bread rises overnight. #jo\n"}, []),
    # an alias named where it stands (rules 14): a note saying it only so is re-extracted as those
    # mentioning it are; one added that says it so is written with it
    "a note saying it at a sentence start added": ({"said.md": "Jo said the boat leaks.\n"}, []),
}

# the same, the folder holding a note that says Jo only where the rules find no name
STANDING_CHANGES = {
    "an alias added": ({"people/Jonas Berg.md": _edit(JONAS, "[Jo, J. Berg]", "[Jo, J. Berg, Bergen]")},
                       ["letters.md"]),
    "the alias removed": ({"people/Jonas Berg.md": _edit(JONAS, "[Jo, J. Berg]", "[J. Berg]")},
                          ["gig.md", "letters.md", "said.md"]),
    "the note deleted": ({"people/Jonas Berg.md": None}, ["gig.md", "letters.md", "said.md"]),
}


@pytest.mark.parametrize("case", list(CHANGES))
def test_an_incremental_sync_joins_the_aliases_as_a_rebuild(tmp_path, case):
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    changes, redone = CHANGES[case]
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    for path, text in changes.items():
        if text is None:
            (root / path).unlink()
        else:
            write_notes(root, {path: text})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert sorted(summary.note_names_changed) == redone  # exactly the notes that mention what changed
    again = sync(conn, [root])  # nothing changed since: nothing extracted anew, nothing embedded
    assert again.note_names_changed == [] and again.embedded == 0
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()


@pytest.mark.parametrize("case", list(STANDING_CHANGES))
def test_an_incremental_sync_joins_an_alias_where_it_stands_as_a_rebuild(tmp_path, case):
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    changes, redone = STANDING_CHANGES[case]
    root = tmp_path / "vault"
    write_notes(root, {**NOTES, "said.md": "Jo said the boat leaks.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    for path, text in changes.items():
        if text is None:
            (root / path).unlink()
        else:
            write_notes(root, {path: text})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert sorted(summary.note_names_changed) == redone
    conn.close()
    fresh.close()


def test_a_note_saying_an_alias_only_where_it_stands_is_joined_when_the_alias_comes(tmp_path):
    """`aliases: [Jo]` added to Jonas Berg.md: b.md, which says Jo only at sentence starts
    (no mention of any Jo before), is extracted anew and ends as a rebuild has it."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {**STANDING, "Jonas Berg.md": "# Jonas Berg\n\nSailor.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"Jonas Berg.md": STANDING["Jonas Berg.md"]})
    summary = sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert {"b.md", "c.md", "d.md"} <= set(summary.note_names_changed), summary.note_names_changed
    assert _forms_in(conn, "b.md") == {"jonasberg": {"Jo": 2}}
    conn.close()
    fresh.close()


def test_a_re_extraction_joins_the_aliases_as_a_fresh_sync(tmp_path):
    """An index of older rules (no alias joined, none recorded) is extracted
    anew by the next sync as a fresh sync builds it."""
    from minirag_cli import db
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, NOTES)
    old = db.connect(tmp_path / "old.sqlite", create=True)
    sync(old, [root])
    with db.transaction(old):
        old.execute("DELETE FROM meta WHERE key = ?", (db.NOTE_ALIASES_KEY,))
        db.set_meta(old, "heuristic_version", "6")
    summary = sync(old, [root])
    assert (summary.reextracted["notes"], summary.note_names_changed) == (len(NOTES), [])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(old) == graph(fresh)
    # an index whose aliases were not recorded (a model-built index not re-extracted) reads them once
    with db.transaction(old):
        old.execute("DELETE FROM meta WHERE key = ?", (db.NOTE_ALIASES_KEY,))
    sync(old, [root])
    assert graph(old) == graph(fresh)
    assert sync(old, [root]).note_names_changed == []


# Notes as the alias pass and the sync must read them alike: UTF-16 with its BOM (aliases
# included), cp1252, a binary file (skipped), and a note too large for the read-ahead's room
READ_NOTES = {**NOTES,
              "people/Mo Farah.md": "---\naliases: [Mo]\n---\nMo Farah runs by the harbour.\n".encode("utf-16"),
              "old.txt": "Café notes from Jonas Berg, “quoted”.\n".encode("cp1252"),
              "photo.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
              "later.md": "A letter from [[Mo]] and Jo.\n"}


def test_a_first_sync_reads_each_new_note_once_and_indexes_it_as_read_twice(tmp_path, monkeypatch):
    """The alias pass keeps the notes it reads whole (sync.READ_AHEAD_BYTES a
    folder), hashed and decoded, and the sync indexes them without opening them
    again; with no room (every note read twice, as before) the index, the
    skipped files and the warnings are the same."""
    import pathlib

    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    def vault(name):
        root = tmp_path / name
        for path, text in READ_NOTES.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(text if isinstance(text, bytes) else text.encode())
        return root

    opened: dict[str, int] = {}
    real_open = pathlib.Path.open

    def counting_open(self, *args, **kw):
        if "once" in self.parts:
            opened[self.name] = opened.get(self.name, 0) + 1
        return real_open(self, *args, **kw)

    roots = {name: vault(name) for name in ("once", "twice", "some")}
    monkeypatch.setattr(pathlib.Path, "open", counting_open)
    once = db.connect(tmp_path / "once.sqlite", create=True)
    read_once = sync(once, [roots["once"]])
    assert opened and set(opened.values()) == {1}, opened
    monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    twice = db.connect(tmp_path / "twice.sqlite", create=True)
    read_twice = sync(twice, [roots["twice"]])
    assert graph(once) == graph(twice)
    keys = {k for (k,) in once.execute("SELECT key FROM entities")}
    assert {"jonasberg", "mofarah"} <= keys and "mo" not in keys, keys  # the UTF-16 note's alias joined
    assert (read_once.skipped, read_once.warnings) == (read_twice.skipped, read_twice.warnings)
    assert read_once.skipped and read_once.warnings
    # room for some notes only: the others are read twice, the index the same
    monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 120)
    some = db.connect(tmp_path / "some.sqlite", create=True)
    sync(some, [roots["some"]])
    assert graph(some) == graph(twice)
    for conn in (once, twice, some):
        conn.close()


def test_aliases_past_a_note_s_first_64_kib_are_read_however_much_room_the_sync_has(tmp_path, monkeypatch):
    """With no room left to keep a note read (sync.READ_AHEAD_BYTES: a first
    sync of a large folder), the alias pass read its first 64 KiB only: front
    matter that closes past them (a long block of properties) or a Logseq
    `alias::` further down gave no alias, and "Jo" and "Mo" stayed names of
    their own, where a sync with room joined them to their notes. The note
    is read whole either way (the body and the block were always indexed):
    the index is the same."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    block = "".join(f"key{i}: value number {i} of the properties\n" for i in range(2500))
    notes = {"Jonas Berg.md": "---\ntitle: Jonas Berg\naliases: [Jo]\n" + block + "---\nJonas Berg sails.\n",
             "Mo Farah.md": "Mo Farah runs.\n" + "- a training log line\n" * 4000 + "- Races\n  alias:: Mo\n",
             "later.md": "Jo waved at Mo by the harbour.\n"}
    assert len(notes["Jonas Berg.md"]) > 64 * 1024 and len(notes["Mo Farah.md"]) > 64 * 1024
    graphs = []
    for name, room in (("room", syncmod.READ_AHEAD_BYTES), ("no-room", 0)):
        root = tmp_path / name
        write_notes(root, notes)
        monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", room)
        conn = db.connect(tmp_path / (name + ".sqlite"), create=True)
        summary = sync(conn, [root])
        assert (summary.skipped, summary.warnings) == ([], [])
        keys = {k for (k,) in conn.execute("SELECT key FROM entities")}
        assert {"jonasberg", "mofarah"} <= keys and not {"jo", "mo"} & keys, (name, keys)
        graphs.append(graph(conn))
        conn.close()
    assert graphs[0] == graphs[1]


def test_notes_sharing_a_file_name_are_read_once_by_a_first_sync(tmp_path, monkeypatch):
    """Two `README.md`: whether each is indexed (a binary one shares no name,
    sync._synced_notes) is read from the file, which is kept for the sync as
    the alias pass keeps the notes it reads: each file is read once, and the
    index is the one a sync with no room to keep them makes."""
    import pathlib

    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    def vault(name):
        root = tmp_path / name
        for path, data in {"a/README.md": b"Alpha project: Jonas Berg leads it.\n",
                           "b/README.md": b"Beta project notes.\n", "c/README.md": b"\x89PNG\r\n\x1a\n\x00\x00",
                           "Jonas Berg.md": b"---\naliases: [Jo]\n---\nJo runs the README of alpha.\n"}.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(data)
        return root

    roots = {name: vault(name) for name in ("once", "twice")}
    opened: dict[str, int] = {}
    real_open = pathlib.Path.open

    def counting(real):
        def read(self, *args, **kw):
            if "once" in self.parts and self.suffix == ".md":
                key = str(self.relative_to(roots["once"]))
                opened[key] = opened.get(key, 0) + 1
            return real(self, *args, **kw)
        return read

    monkeypatch.setattr(pathlib.Path, "open", counting(real_open))  # read_bytes opens the file with it
    once = db.connect(tmp_path / "once.sqlite", create=True)
    summary = sync(once, [roots["once"]])
    assert opened == {"a/README.md": 1, "b/README.md": 1, "c/README.md": 1, "Jonas Berg.md": 1}, opened
    assert [s["path"] for s in summary.skipped] == ["c/README.md"]
    monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    twice = db.connect(tmp_path / "twice.sqlite", create=True)
    assert sync(twice, [roots["twice"]]).skipped == summary.skipped
    assert graph(once) == graph(twice)


@pytest.mark.parametrize("text, form, n", [
    ("jonas met johnson; jo waved at the major. #jo @jo", "Jo", 1),
    ("jo's boat, two jos, and jo.", "Jo", 3),  # a possessive or plural ending is the form's
    ("jam sessions and a jam session", "jam session", 2),  # as the llm extractor's names are found
    ("和alice讨论, alice说", "Alice", 2),  # a Latin name against CJK text is a whole word
    ("张伟说厨房预算, 张伟", "张伟", 2),  # a CJK name is found by its characters
    ("#jo and #jo2 and #jo", "#jo", 2),
    ("nothing here", "\u200b", 1),  # a form with nothing left: once, not once per character
])
def test_a_form_s_occurrences_are_whole_words(text, form, n):
    from minirag_cli.sync import _occurrences

    assert _occurrences(text, form) == n


def _aged(root, seconds: float = 60.0) -> None:
    """Every note of `root` written `seconds` ago: a sync trusts their size and mtime
    (sync.RACY_SECONDS), as it does for notes edited some time before."""
    import os
    import time

    for path in root.rglob("*.md"):
        os.utime(path, (time.time() - seconds,) * 2)


@pytest.mark.parametrize("stop_at", [0, 1])
def test_a_sync_stopped_while_it_joins_an_alias_anew_ends_as_a_rebuild_on_the_next(tmp_path, monkeypatch, stop_at):
    """A note added with `aliases: [Bluebells]` and a link `[[Bluebells]]`, too
    large for the read-ahead (so its links are not known before it is written):
    it is written with "Bluebells" joined to its entity, and the sync then finds
    the link names `pages/bluebells.md`, a file name, which no alias joins. Stopped
    (Ctrl-C) as it re-extracts the page (stop_at 0) or the notes written with the
    join (1), the next sync, which finds no file changed, undoes the join, as a
    rebuild has it (it kept it: the record of the aliases was the one before the
    sync, which joined nothing, and the notes written joined it)."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"pages/bluebells.md": "Bluebells everywhere, Bluebells again.\n",
                       "notes/z.md": "We planted Bluebells by the gate with Tom Reyes.\n",
                       "Tom Reyes.md": "Tom Reyes grows tomatoes.\n"})
    _aged(root)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"Jonas Berg.md": "---\naliases: [Bluebells]\n---\nThe [[Bluebells]] and Harbourside "
                                        "with Jonas Berg.\n"})
    _aged(root)
    monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    real, calls = syncmod._reextract_notes, []

    def stopping(*args, **kw):
        calls.append([path for _doc, path in args[2]])
        if len(calls) > stop_at:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(syncmod, "_reextract_notes", stopping)
    with pytest.raises(KeyboardInterrupt):
        sync(conn, [root])
    assert calls[stop_at] == (["pages/bluebells.md"] if stop_at == 0 else ["Jonas Berg.md", "notes/z.md"])
    monkeypatch.undo()
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    assert conn.execute("SELECT count(*) FROM entity_aliases WHERE merge = 'alias'").fetchone()[0] == 0
    assert sync(conn, [root]).note_names_changed == []
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()


def test_a_page_relinked_by_a_stopped_sync_is_joined_anew_when_the_link_goes_before_the_next(tmp_path, monkeypatch):
    """A note too large for the read-ahead adds `[[Bluebells]]` and
    `[[Hackerspace]]`: the sync relinks `pages/bluebells.md` and
    `pages/hackerspace.md` (which says "Bluebells") in one transaction, with
    "Bluebells" no longer joined to Jonas Berg (a file name now), and is stopped
    (Ctrl-C) as it re-extracts the other notes that say it. The note then drops
    `[[Bluebells]]`, so "Bluebells" joins Jonas Berg again, as before that sync:
    the next sync re-extracts `pages/hackerspace.md` too, as a rebuild has it
    (it kept it unjoined: no join differed from the record, and its own file
    name stayed linked)."""
    from minirag_cli import db, sync as syncmod
    from tests.test_heuristic_version import graph, sync

    root = tmp_path / "vault"
    write_notes(root, {"Jonas Berg.md": "---\naliases: [Bluebells]\n---\nJonas Berg grows Bluebells.\n",
                       "pages/bluebells.md": "Bluebells everywhere.\n",
                       "pages/hackerspace.md": "The Bluebells patch is by the hackerspace door.\n",
                       "Tom Reyes.md": "Tom Reyes grows tomatoes.\n"})
    _aged(root)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"notes/x.md": "We met at [[Hackerspace]] about the [[Bluebells]] with Jonas Berg.\n"})
    _aged(root)
    monkeypatch.setattr(syncmod, "READ_AHEAD_BYTES", 0)
    real, calls = syncmod._reextract_notes, []

    def stopping(*args, **kw):
        calls.append([path for _doc, path in args[2]])
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(syncmod, "_reextract_notes", stopping)
    with pytest.raises(KeyboardInterrupt):
        sync(conn, [root])
    assert calls[0] == ["pages/bluebells.md", "pages/hackerspace.md"]
    monkeypatch.undo()
    write_notes(root, {"notes/x.md": "We met at [[Hackerspace]] about the garden with Jonas Berg.\n"})
    _aged(root, 30)
    sync(conn, [root])
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
    conn.close()
    fresh.close()
