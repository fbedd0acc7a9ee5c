"""Which key a fuzzily merged entity is stored under ("Bluebell" and
"Bluebells" are one entity): the key of its most-mentioned form, then the
shorter, then the first in code point order (naming.chosen_key), decided
from the alias counts after every write (store.refresh_entities) and not by
which note came first; an entity whose winning form changes is renamed in
place, its id, aliases, mentions, edges and name vector kept, and a new
key is matched against every key of a group, whichever won. So the notes
synced one by one in any order, a deletion, a re-extraction and a rebuild
give one graph (a chain of keys, each close only to the next, still joins
as the notes come: the first key of it seen decides)."""

from __future__ import annotations

from itertools import permutations

import pytest

from minirag_cli import db
from tests.conftest import write_notes
from tests.test_heuristic_version import graph, sync

# "Bluebell" twice (a, c), "Bluebells" three times (b): the entity is "bluebells"
NOTES = {
    "a.md": "Mara Quinn said the [[Bluebell]] patch needs water.\n",
    "b.md": "We planted [[Bluebells]] by the gate with Tom Reyes. Tom Reyes loves Bluebells. Bluebells everywhere.\n",
    "c.md": "Mara Quinn picked a [[Bluebell]] for Tom Reyes.\n",
}


def bluebell_keys(conn) -> list[tuple[str, str]]:
    return conn.execute("SELECT key, name FROM entities WHERE key LIKE 'bluebell%' ORDER BY key").fetchall()


def fresh_graph(tmp_path, root, name="fresh.sqlite") -> dict:
    """What `sync --rebuild` makes of the folder: every note in one sync, in path order."""
    fresh = db.connect(tmp_path / name, create=True)
    sync(fresh, [root])
    out = graph(fresh), bluebell_keys(fresh)
    fresh.close()
    return out


def test_one_sync_in_path_order_renames_the_entity_as_the_counts_say(tmp_path):
    # a.md makes "bluebell", b.md's three "Bluebells" outnumber it, and c.md,
    # resolved in the same group before b.md was written, joins the renamed
    # entity: one entity, no duplicate under the old key
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert bluebell_keys(conn) == [("bluebells", "Bluebells")]
    aliases = conn.execute("SELECT a.alias, a.count, a.merge FROM entity_aliases a JOIN entities e "
                           "ON e.id = a.entity_id WHERE e.key = 'bluebells' ORDER BY a.alias").fetchall()
    assert aliases == [("Bluebell", 2, "fuzzy"), ("Bluebells", 3, "exact")]
    edges = conn.execute("SELECT f.key, c.weight FROM cooccurrence c JOIN entities e ON e.id IN (c.a, c.b) "
                         "JOIN entities f ON f.id IN (c.a, c.b) AND f.id <> e.id WHERE e.key = 'bluebells' "
                         "ORDER BY f.key").fetchall()
    assert edges == [("maraquinn", 2), ("tomreyes", 2)]
    conn.close()


@pytest.mark.parametrize("order", list(permutations(NOTES)), ids="-".join)
def test_notes_synced_one_by_one_in_any_order_give_the_rebuild_s_graph(tmp_path, order):
    root = tmp_path / "vault"
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    for path in order:
        write_notes(root, {path: NOTES[path]})
        sync(conn, [root])
    assert bluebell_keys(conn) == [("bluebells", "Bluebells")]
    assert (graph(conn), bluebell_keys(conn)) == fresh_graph(tmp_path, root)
    conn.close()


@pytest.mark.parametrize("gone,key", [("b.md", "bluebell"), ("a.md", "bluebells")])
def test_a_deletion_renames_the_entity_in_place(tmp_path, gone, key):
    # without b.md only "Bluebell" is left; without a.md "Bluebells" still wins
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    before = conn.execute("SELECT id FROM entities WHERE key = 'bluebells'").fetchone()[0]
    (root / gone).unlink()
    sync(conn, [root])
    assert conn.execute("SELECT id FROM entities WHERE key LIKE 'bluebell%'").fetchall() == [(before,)]
    assert conn.execute("SELECT key FROM entities WHERE id = ?", (before,)).fetchone() == (key,)
    assert (graph(conn), bluebell_keys(conn)) == fresh_graph(tmp_path, root)
    conn.close()


def test_an_edit_that_changes_the_winning_form_renames_the_entity(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, {"a.md": NOTES["a.md"], "c.md": NOTES["c.md"]})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert bluebell_keys(conn) == [("bluebell", "Bluebell")]
    write_notes(root, {"a.md": "Mara Quinn said the Bluebells need water. Bluebells, Bluebells.\n"})
    sync(conn, [root])
    assert bluebell_keys(conn) == [("bluebells", "Bluebells")]
    assert (graph(conn), bluebell_keys(conn)) == fresh_graph(tmp_path, root)
    conn.close()


def test_chosen_key_most_mentioned_then_shorter_then_code_point_order():
    from minirag_cli.naming import chosen_key

    rows = [("Bluebell", "bluebell", 2, "exact"), ("Bluebells", "bluebells", 3, "fuzzy")]
    assert chosen_key("bluebell", rows) == "bluebells"
    assert chosen_key("bluebells", [("Bluebell", "bluebell", 3, "fuzzy"), ("Bluebells", "bluebells", 3, "exact")]) \
        == "bluebell"
    assert chosen_key("graysons", [("Greyson", "greyson", 1, "fuzzy"), ("Grayson", "grayson", 1, "exact")]) \
        == "grayson"
    # a note's alias (merge 'alias') is no key: "Jo" does not rename Jonas Berg
    assert chosen_key("jonasberg", [("Jo", "jo", 9, "alias"), ("Jonas Berg", "jonasberg", 1, "exact")]) \
        == "jonasberg"
    # a date's key is its ISO form, never a form's spelling
    assert chosen_key("date:2024-05-03", [("May 3, 2024", "may32024", 2, "exact")]) == "date:2024-05-03"


def test_the_resolver_follows_a_rename():
    from minirag_cli.resolve import Resolver

    r = Resolver()
    assert r.resolve("Bluebell", "name").key == "bluebell"
    assert (r.resolve("Bluebells", "name").key, r.resolve("Bluebells", "name").merge) == ("bluebell", "fuzzy")
    r.rename({"bluebell": "bluebells"})
    assert r.resolve("Bluebell", "name").key == "bluebells"
    assert r.resolve("Bluebell", "name").merge == "fuzzy"
    assert r.resolve("Bluebells", "name").merge == "exact"
    # a new key is matched against every key of the group: "bluebellss" is close to "bluebells" alone
    assert r.resolve("Bluebellss", "name").key == "bluebells"
    r.rename({"bluebells": "bluebell"})
    assert r.resolve("Bluebellss", "name").key == "bluebell"


def test_a_re_extraction_keys_the_entity_as_a_rebuild(tmp_path):
    # the re-extraction of an index of older rules (sync._reextract) resolves every note anew,
    # "bluebell" first, and keys the entities once all are written: "bluebells", its vector kept
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    with db.transaction(conn):
        db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "5")
    summary = sync(conn, [root])
    assert summary.reextracted and summary.embedded == 0
    assert (graph(conn), bluebell_keys(conn)) == fresh_graph(tmp_path, root)
    conn.close()


def test_a_re_extraction_follows_the_renames_note_by_note_as_a_rebuild(tmp_path):
    # "maribelle" is close to "maribell" (94), not to "maribel" (87.5): a rebuild keys the group
    # "maribell" once b.md is written, and c.md joins it; the re-extraction must rename it there
    # too, not only once every note is written, or c.md would be an entity of its own
    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Tom Reyes met [[Maribel]] at noon.\n",
                       "b.md": "[[Maribell]] sings. Maribell plays. Maribell rests.\n",
                       "c.md": "Tom Reyes thanked [[Maribelle]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT key FROM entities WHERE key LIKE 'maribel%'").fetchall() == [("maribell",)]
    with db.transaction(conn):
        db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "5")
    assert sync(conn, [root]).reextracted
    assert conn.execute("SELECT key FROM entities WHERE key LIKE 'maribel%'").fetchall() == [("maribell",)]
    assert graph(conn) == fresh_graph(tmp_path, root)[0]
    conn.close()


def test_a_re_extraction_s_notes_extracted_anew_join_the_renamed_entity(tmp_path):
    # "Juergen Mueller" (a.md) keys the group first; b.md's three "Jürgen Müller" key it "jurgenmuller" once
    # every note is written (store.refresh_entities). c.md's second Keller makes the lone "Keller" of b.md stale,
    # so the re-extraction extracts b.md anew (_resolve_anew): its resolver must know the rename, or "Jürgen
    # Müller" was written to a second entity keyed by the group's old key (a PhD vault's upgrade to rules 26)
    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Juergen Mueller met Anna Keller on Monday.\n",
                       "b.md": "Anna Keller called. Keller asked Jürgen Müller twice. Jürgen Müller agreed, "
                               "Jürgen Müller left.\n",
                       "c.md": "Tom Keller wrote the report.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert conn.execute("SELECT key, name FROM entities WHERE key LIKE 'j%'").fetchall() == [
        ("jurgenmuller", "Jürgen Müller")]
    with db.transaction(conn):
        db.set_meta(conn, db.HEURISTIC_VERSION_KEY, "25")
    summary = sync(conn, [root])
    assert summary.reextracted and summary.note_names_changed == []  # extracted again within the re-extraction: no news
    assert conn.execute("SELECT key, name FROM entities WHERE key LIKE 'j%'").fetchall() == [
        ("jurgenmuller", "Jürgen Müller")]
    assert graph(conn) == fresh_graph(tmp_path, root)[0]
    conn.close()


def test_a_new_note_s_alias_close_to_a_known_key_stays_an_alias(tmp_path):
    # Harborside.md (aliases: [Bluebells]) comes after a page whose alias "Harbourside" is close to
    # "harborside": its alias joins the fuzzy group as an alias, never as a key that could take the
    # entity's key (the incremental sync keyed the group "bluebells", a rebuild "harborside")
    root = tmp_path / "vault"
    write_notes(root, {"pages/hackerspace.md": "---\naliases: [Harbourside]\n---\n"
                                               "Harborside cafe with Jonas Berg and Tom Reyes.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"Harborside.md": "---\naliases: [Bluebells]\n---\n"
                                        "We planted Bluebells by the gate with Tom Reyes.\n"})
    sync(conn, [root])
    assert conn.execute("SELECT a.merge FROM entity_aliases a WHERE a.alias = 'Bluebells'").fetchall() == [("alias",)]
    assert graph(conn) == fresh_graph(tmp_path, root)[0]
    conn.close()


def test_a_form_s_label_follows_its_occurrences_not_the_first_write(tmp_path):
    # "Bluebells" is first merged fuzzily into "bluebell" (four times, outnumbering it: the key), then
    # Bluebell.md makes it its alias: every occurrence is the note's alias now, so the row is labelled
    # 'alias' and the form counts no more as a key: "bluebell", as a rebuild has it
    root = tmp_path / "vault"
    write_notes(root, {"Bluebell.md": "Tom Reyes planted it.\n",
                       "notes.md": "Bluebells by the gate. Bluebells everywhere, Bluebells again, said Ana Lima.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, {"Bluebell.md": "---\naliases: [Bluebells]\n---\nTom Reyes planted it.\n"})
    sync(conn, [root])
    q = "SELECT e.key, a.alias, a.merge FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE a.alias = 'Bluebells'"
    assert conn.execute(q).fetchall() == [("bluebell", "Bluebells", "alias")]
    assert graph(conn) == fresh_graph(tmp_path, root)[0]
    # and back: the alias taken away, the form is a fuzzy key again, counted as one
    write_notes(root, {"Bluebell.md": "Tom Reyes planted it.\n"})
    sync(conn, [root])
    assert conn.execute(q).fetchall() == [("bluebells", "Bluebells", "exact")]
    assert graph(conn) == fresh_graph(tmp_path, root, "fresh2.sqlite")[0]
    conn.close()


def test_the_resolver_s_reverse_map_follows_renames_unjoins_and_forgets_as_the_whole_map_would():
    # Resolver.rename moves only the keys of the entities renamed (its reverse map): random renames
    # (swaps too), unjoins and forgets give the map that rewriting every key gives
    import random

    from minirag_cli.resolve import Resolver

    rng = random.Random(7)
    keys = [f"name{c}{d}" for c in "abcdefgh" for d in "xyzw"]
    canonical = {k: rng.choice(keys[:8]) for k in keys}
    canonical.update({k: k for k in keys[:8]})
    resolver, model = Resolver(canonical), dict(canonical)
    for _step in range(300):
        op = rng.random()
        targets = sorted(set(model.values()))
        if not targets:
            op = 1.0
        if op < 0.5:
            olds = rng.sample(targets, min(len(targets), rng.randint(1, 2)))
            news = olds[::-1] if len(olds) == 2 and rng.random() < 0.5 else [rng.choice(keys) for _ in olds]
            renamed = dict(zip(olds, news))
            resolver.rename(renamed)
            model = {k: renamed.get(v, v) for k, v in model.items()}
            model.update({new: new for new in renamed.values()})
        elif op < 0.75:
            gone = set(rng.sample(keys, 3))
            resolver.unjoin(gone)
            model = {k: v for k, v in model.items() if not (k in gone and v != k)}
        elif op < 0.85:
            gone = {rng.choice(targets)}
            resolver.forget(gone)
            model = {k: v for k, v in model.items() if v not in gone}
        else:
            key = rng.choice(keys)
            model.setdefault(key, resolver.resolve(key, "concept").key)
        assert resolver.canonical == model
        members = {}
        for k, v in model.items():
            members.setdefault(v, set()).add(k)
        assert {t: m for t, m in resolver._members.items() if m} == members


def test_a_tag_and_a_name_a_word_apart_group_alike_in_any_order():
    """`#flashcards`, `DS flashcards`, `Flashcards`: the tag and the note a word apart stay apart
    (rules 17), whichever the notes bring first; `DS flashcards` then `Flashcards` merged the name and
    took the tag along (one entity), the tag first kept them two. The tag come last splits the group
    (Resolver.stale): the forms of its keys resolve anew, as the sync extracts their notes again."""
    from minirag_cli.resolve import Resolver, normalise_key

    forms = [("DS flashcards", "name"), ("Flashcards", "name"), ("#flashcards", "concept")]
    groups = set()
    for order in permutations(forms):
        r = Resolver()
        keys = {form: r.resolve(*form).key for form in order}
        while r.stale:  # sync._resolve_anew: each form a note of its own, extracted anew in the same order
            stale, r.stale = r.stale, set()
            keys.update({form: r.resolve(*form).key for form in order if normalise_key(*form) in stale})
        groups.add(frozenset(frozenset(f for f in forms if keys[f] == k) for k in keys.values()))
    assert groups == {frozenset({frozenset(forms[:1]), frozenset(forms[1:])})}
