"""Which name and type an entity shows: its most-mentioned surface form, a
plain name before a #tag or @handle at equal counts (naming.chosen_name),
and the type of its strongest mention, a #tag's `concept` the weakest
(naming.type_rank); decided from the alias counts after every write
(store.refresh_entities), so an incremental sync, a deletion and a rebuild
name an entity alike, whatever order the notes came in."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.naming import chosen_name
from tests.conftest import write_notes
from tests.test_heuristic_version import graph, sync

JOURNAL = {"journal/2024-05-01.md": "Met [[Priya Natarajan|Priya]] about [[Project Atlas#Budget]]. #project/atlas\n"}
PROJECT = {"projects/Project Atlas.md": "# Project Atlas\n\nGoal: migrate billing by Q3.\n"}


def entity(conn, key: str) -> tuple[str, str]:
    return conn.execute("SELECT name, type FROM entities WHERE key = ?", (key,)).fetchone()


def fresh_graph(tmp_path, root) -> dict:
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    out = graph(fresh)
    fresh.close()
    return out


def test_a_note_s_name_mentioned_more_than_its_tag_names_the_entity(tmp_path):
    # the journal (and its tag) is synced first, in path order
    root = tmp_path / "vault"
    write_notes(root, {**JOURNAL, **PROJECT})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert entity(conn, "projectatlas") == ("Project Atlas", "name")
    aliases = dict(conn.execute("SELECT a.alias, a.count FROM entity_aliases a JOIN entities e "
                                "ON e.id = a.entity_id WHERE e.key = 'projectatlas'"))
    assert aliases == {"Project Atlas": 2, "#project/atlas": 1}
    conn.close()


@pytest.mark.parametrize("first,then", [(PROJECT, JOURNAL), (JOURNAL, PROJECT)])
def test_an_incremental_sync_names_and_types_the_entity_as_a_rebuild(tmp_path, first, then):
    root = tmp_path / "vault"
    write_notes(root, first)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    write_notes(root, then)
    sync(conn, [root])
    assert entity(conn, "projectatlas") == ("Project Atlas", "name")
    assert graph(conn) == fresh_graph(tmp_path, root)
    conn.close()


def test_deleting_the_named_note_leaves_the_tag_s_name_and_type(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, {"a/tagged.md": "Standup notes. #atlas\n", "b/more.md": "Lunch, then more work. #atlas\n",
                       "c/Atlas.md": "# Atlas\n\nAtlas is the billing project. Atlas ships in Q3. Atlas!\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert entity(conn, "atlas") == ("Atlas", "name")  # 4 mentions of the name, 2 of the tag
    (root / "c/Atlas.md").unlink()
    sync(conn, [root])
    assert entity(conn, "atlas") == ("#atlas", "concept")
    assert graph(conn) == fresh_graph(tmp_path, root)
    conn.close()


def test_a_person_renamed_by_a_later_note_is_renamed_in_every_header(tmp_path):
    # "Émile" speaks twice in the first chat, "Emile" three times in the
    # second: one person (same key), named as the second note spells him;
    # the first note's header (the people it names) follows
    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Émile: lunch at noon?\nTom: yes\nÉmile: great\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert entity(conn, "emile") == ("Émile", "person")
    write_notes(root, {"b.md": "Emile: dinner?\nTom: sure\nEmile: at eight\nTom: ok\nEmile: see you\n"})
    summary = sync(conn, [root])
    assert entity(conn, "emile") == ("Emile", "person")
    header = conn.execute("SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                          "WHERE d.path = 'a.md' AND c.seq = 0").fetchone()[0]
    assert header.endswith("\nEmile, Tom"), header
    assert graph(conn) == fresh_graph(tmp_path, root)
    # nothing changed: nothing renamed, nothing embedded
    again = sync(conn, [root])
    assert again.embedded == 0 and summary.embedded > 0
    conn.close()


@pytest.mark.parametrize("aliases,expected", [
    ([("#atlas", 1), ("Atlas", 1)], "Atlas"),  # a plain name before a tag at equal counts
    ([("@lihua", 1), ("LiHua", 1)], "LiHua"),  # and before a handle, as written (no person: rules 18)
    ([("@lihua", 1), ("LiHua", 1), ("Li Hua", 1)], "Li Hua"),  # spelled out where the notes spell it so
    ([("JavaScript", 3), ("MkDocs", 1)], "JavaScript"),  # a product's CamelCase kept (was "Java Script")
    ([("#atlas", 3), ("Atlas", 1)], "#atlas"),  # the most-mentioned form
    ([("LiHua", 2), ("Li Hua", 1), ("Lihua", 2)], "Li Hua"),  # forms that spell the same count together
    ([("Jolly Band", 1), ("The Jolly Band", 1)], "The Jolly Band"),  # then the longer
    ([("H’aanit", 1), ("H'aanit", 1)], "H'aanit"),  # then code point order
    ([("H'aanit", 1), ("H’aanit", 1)], "H'aanit"),  # whatever the order given
    ([], None),
])
def test_the_chosen_name_depends_on_the_counts_alone(aliases, expected):
    assert chosen_name(aliases, "name") == expected


def test_sharp_s_is_folded_in_keys_and_queries(tmp_path):
    """`ß` is `ss` in an entity's key and in a query for it (text.fold: case
    folding, as German writes it in capitals): "GRÖSSE", "grösse" and
    "grosse" find Grete Größe, and "Größe" and "Grösse" are one entity."""
    from minirag_cli.store.read import entities_list
    from minirag_cli.text import normalise_key

    assert normalise_key("Grete Größe") == normalise_key("GRETE GRÖSSE") == normalise_key("grete grosse")
    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Lunch with Grete Größe at noon.\n", "b.md": "Then Grete Grösse called.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert entity(conn, "gretegrosse")[0] in ("Grete Größe", "Grete Grösse")
    for query in ("GRÖSSE", "grösse", "grosse", "Größe"):
        assert [e["name"] for e in entities_list(conn, query)] == [entity(conn, "gretegrosse")[0]], query
    # German's ue for ü is not folded in keys (Michael, Samuel spell ae and ue too): a lookup tries it
    write_notes(root, {"c.md": "Jürgen Weiß fixed the boat.\n"})
    sync(conn, [root])
    assert "Jürgen Weiß" in [e["name"] for e in entities_list(conn, "Juergen")]


def test_a_name_spelled_with_ae_oe_ue_finds_the_one_spelled_with_umlauts(tmp_path):
    """`Juergen` found Jürgen only by the fuzzy match, at a score a near
    name shares: `mrag entity "Juergen Weiss"` showed the closest entity,
    and a question's `Juergen Weiss` seeded Juergen Mueller, whose first
    word it spells. A lookup and a question's names now try the other
    spelling (text.umlaut_keys: ä ö ü as ae oe ue and back), a name found so
    only when it is that spelling of the query (same_umlauts: Samuel's
    `samul` is no Samül). Keys keep the text's spelling."""
    from minirag_cli.graph import grounding
    from minirag_cli.store.lookup import get_entity
    from minirag_cli.store.read import entities_list
    from minirag_cli.text import normalise_key, same_umlauts, umlaut_keys

    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Jürgen Weiß fixed the boat.\n",
                       "b.md": "Lunch with Juergen Mueller and Samuel Berg.\nMichael Köhler came too.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert entity(conn, "jurgenweiss") == ("Jürgen Weiß", "name")  # the key as before
    assert entity(conn, "juergenmueller") == ("Juergen Mueller", "name")
    for query, name in (("Juergen Weiss", "Jürgen Weiß"), ("juergen weiß", "Jürgen Weiß"),
                        ("Jürgen Müller", "Juergen Mueller"), ("Michael Koehler", "Michael Köhler")):
        found = get_entity(conn, query)
        assert (found["name"], found["match"]) == (name, {"by": "name"}), (query, found["match"])
    assert [e["name"] for e in entities_list(conn, "Müller")] == ["Juergen Mueller"]
    assert {e["name"]: e["score"] for e in entities_list(conn, "Juergen")} == \
        {"Jürgen Weiß": 95.0, "Juergen Mueller": 95.0}  # a word of each name, spelled either way

    def seeds(question):
        return {s.name for s in grounding.ground(conn, question)}

    assert seeds("What did Juergen Weiss fix?") == {"Jürgen Weiß"}
    assert seeds("Who had lunch with Jürgen Müller?") == {"Juergen Mueller"}
    assert seeds("What did Juergen fix?") == {"Jürgen Weiß", "Juergen Mueller"}
    # the other spelling is confirmed, not guessed: Samuel, Michael, Joel are no umlauts' spelling
    assert "samul" in umlaut_keys("Samuel") and not same_umlauts("Samul", "Samuel")
    assert umlaut_keys("Bob") == [] and normalise_key("Jürgen") == "jurgen"


def test_a_fuzzy_lookup_folds_only_the_names_that_need_it(tmp_path, monkeypatch):
    """text.fold (NFKD, case folding) is the slow part of a fuzzy lookup among
    many names: the query and the non-ASCII names are folded once per call,
    an ASCII name is left to rapidfuzz's own lower-casing (the same result),
    and the answers are those of folding every name."""
    from minirag_cli.store import read
    from minirag_cli.text import fold, spelled_out

    root = tmp_path / "vault"
    people = [f"Person{chr(65 + i)} Walker" for i in range(20)]
    write_notes(root, {"a.md": "".join(f"{p} called.\n" for p in people) + "Lunch with Grete Größe.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    folded = []
    monkeypatch.setattr(read, "fold", lambda s: folded.append(s) or fold(s))
    assert [e["name"] for e in read.entities_list(conn, "GRÖSSE")] == ["Grete Größe"]
    ascii_name = next(n for (n,) in conn.execute("SELECT name FROM entities ORDER BY name") if n.isascii())
    assert ascii_name in [e["name"] for e in read.entities_list(conn, ascii_name.upper())]
    forms = [n for (n,) in conn.execute("SELECT name FROM entities UNION ALL SELECT alias FROM entity_aliases")]
    wide = sum(not n.isascii() for n in forms)
    # and, for a query with an umlaut (GRÖSSE), a name's spelling with ae, oe, ue for ä, ö, ü when that is
    # no ASCII either ("Groeße")
    spelled = sum(spelled_out(n) != n and not spelled_out(n).isascii() for n in forms)
    assert 0 < wide < 10 and spelled > 0
    assert len(folded) == (1 + wide + spelled) + (1 + wide)  # each call: the query and the non-ASCII names


def test_only_a_query_with_umlauts_or_ae_oe_ue_spells_names_out(tmp_path, monkeypatch):
    """Spelling every non-ASCII name with ae, oe, ue (text.spelled_out) and
    keying it (umlaut_key) for each query made `mrag entities Q` three times
    slower among 100k such names (reviewer revD): a query with no ä, ö, ü
    and no ae, oe, ue matches no name by those spellings, so they are made
    only for one that has them, and it finds what it found before."""
    from minirag_cli.store import read

    root = tmp_path / "vault"
    write_notes(root, {"a.md": "Jürgen Weiß fixed the boiler with Grete Größe and Tina Berka.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    calls = []
    for name in ("spelled_out", "umlaut_key"):
        real = getattr(read, name)
        monkeypatch.setattr(read, name, lambda s, real=real: calls.append(s) or real(s))
    assert [e["name"] for e in read.entities_list(conn, "Berka")] == ["Tina Berka"]
    assert [e["name"] for e in read.entities_list(conn, "Weiß")] == ["Jürgen Weiß"]
    assert calls == []
    assert "Jürgen Weiß" in [e["name"] for e in read.entities_list(conn, "Juergen")]
    assert [e["name"] for e in read.entities_list(conn, "Größe")][:1] == ["Grete Größe"]
    assert calls
