"""Consistency checks of an index: derived counts recomputed from the edges,
orphan rows in every table (vec and FTS included), SQLite's own integrity
check. Used by tests, the crash harness and `mrag doctor`."""

from __future__ import annotations

import json
from collections import Counter

from minirag_cli.db import has_table, has_vec_tables, is_lock_error


def verify_index(conn, *, full: bool = True) -> list[str]:
    """Return a list of problems (empty when the index is consistent)."""
    problems: list[str] = []
    if full:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if result != "ok":
            problems.append(f"integrity_check: {result}")
    try:
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
    except Exception as exc:
        # FTS5's check is a write: a lock another program holds says nothing about the index
        if is_lock_error(exc):
            raise
        problems.append(f"fts integrity-check: {exc}")

    def count(sql: str) -> int:
        return conn.execute(sql).fetchone()[0]

    orphan_checks = {
        "chunks without document": "SELECT count(*) FROM chunks WHERE document_id NOT IN (SELECT id FROM documents)",
        "mentions without chunk": "SELECT count(*) FROM mentions WHERE chunk_id NOT IN (SELECT id FROM chunks)",
        "mentions without entity": "SELECT count(*) FROM mentions WHERE entity_id NOT IN (SELECT id FROM entities)",
        "aliases without entity": "SELECT count(*) FROM entity_aliases WHERE entity_id NOT IN (SELECT id FROM entities)",
        "edges without entity": "SELECT count(*) FROM cooccurrence WHERE a NOT IN (SELECT id FROM entities) "
                                "OR b NOT IN (SELECT id FROM entities)",
        "relations without chunk": "SELECT count(*) FROM relations WHERE chunk_id NOT IN (SELECT id FROM chunks)",
        "entities without mention": "SELECT count(*) FROM entities WHERE id NOT IN (SELECT entity_id FROM mentions)",
        "aliases with no count": "SELECT count(*) FROM entity_aliases WHERE count <= 0",
        "edges with no weight": "SELECT count(*) FROM cooccurrence WHERE weight <= 0",
        "fts rows != chunks": "SELECT (SELECT count(*) FROM chunks_fts_docsize) - (SELECT count(*) FROM chunks)",
    }
    if has_table(conn, "chunks_cjk"):  # schema >= 5
        try:
            conn.execute("INSERT INTO chunks_cjk(chunks_cjk) VALUES ('integrity-check')")
        except Exception as exc:
            if is_lock_error(exc):
                raise
            problems.append(f"cjk fts integrity-check: {exc}")
        orphan_checks["cjk fts rows != chunks"] = ("SELECT (SELECT count(*) FROM chunks_cjk_docsize) "
                                                   "- (SELECT count(*) FROM chunks)")
    if has_table(conn, "entity_types"):  # schema >= 7
        orphan_checks.update({
            "types without entity": "SELECT count(*) FROM entity_types WHERE entity_id NOT IN (SELECT id FROM entities)",
            "types with no count": "SELECT count(*) FROM entity_types WHERE count <= 0",
        })
    if has_table(conn, "relation_sentences"):  # schema >= 4
        orphan_checks.update({
            "relations without sentence":
                "SELECT count(*) FROM relations WHERE sentence_id NOT IN (SELECT id FROM relation_sentences)",
            "relation sentences without relation":
                "SELECT count(*) FROM relation_sentences WHERE id NOT IN (SELECT sentence_id FROM relations)",
            # a re-extraction writes a sentence's vector empty (store.UNEMBEDDED) until it is embedded before the
            # same commit; one left behind would break every search that reads the relation vectors
            "relation sentences without a vector": "SELECT count(*) FROM relation_sentences WHERE length(vector) = 0",
        })
    if has_vec_tables(conn):
        orphan_checks.update({
            "vec_chunks != chunks": "SELECT (SELECT count(*) FROM vec_chunks) - (SELECT count(*) FROM chunks)",
            "vec_chunks orphans": "SELECT count(*) FROM vec_chunks WHERE rowid NOT IN (SELECT id FROM chunks)",
            "vec_entity_names != entities":
                "SELECT (SELECT count(*) FROM vec_entity_names) - (SELECT count(*) FROM entities)",
            "vec_entity_names orphans":
                "SELECT count(*) FROM vec_entity_names WHERE rowid NOT IN (SELECT id FROM entities)",
        })
    if has_vec_tables(conn):
        for table in ("vec_chunks", "vec_entity_names"):
            # every vector read back: vec0 counts its rows from one shadow table and keeps the vectors in
            # another, whose loss (a damaged file) only a read shows ("Could not fetch vector data for 1")
            try:
                conn.execute(f"SELECT count(embedding) FROM {table}").fetchone()
            except Exception as exc:
                if is_lock_error(exc):
                    raise
                problems.append(f"{table} vectors cannot be read: {exc}")
    for label, sql in orphan_checks.items():
        n = count(sql)
        if n:
            problems.append(f"{label}: {n}")

    expected = {e: (m, c) for e, m, c in conn.execute(
        "SELECT entity_id, sum(count), count(*) FROM mentions GROUP BY entity_id")}
    for eid, m, c in conn.execute("SELECT id, mentions, chunks FROM entities"):
        if expected.get(eid, (0, 0)) != (m, c):
            problems.append(f"entity {eid}: counts {(m, c)} != recomputed {expected.get(eid, (0, 0))}")
    pairs = {(a, b): w for a, b, w in conn.execute(
        "SELECT m1.entity_id, m2.entity_id, count(*) FROM mentions m1 JOIN mentions m2 "
        "ON m1.chunk_id = m2.chunk_id AND m1.entity_id < m2.entity_id GROUP BY 1, 2")}
    stored = {(a, b): w for a, b, w in conn.execute("SELECT a, b, weight FROM cooccurrence")}
    if pairs != stored:
        diff = set(pairs.items()) ^ set(stored.items())
        problems.append(f"cooccurrence differs from recomputation in {len(diff)} rows")
    forms: Counter = Counter()
    for eid, raw in conn.execute("SELECT entity_id, forms FROM mentions"):
        for form, n in json.loads(raw).items():
            forms[(eid, form)] += n
    aliases = {(e, a): n for e, a, n in conn.execute("SELECT entity_id, alias, count FROM entity_aliases")}
    if dict(forms) != aliases:
        problems.append(f"alias counts differ from recomputation in {len(set(forms.items()) ^ set(aliases.items()))} rows")
    if has_table(conn, "entity_types"):  # schema >= 7
        problems += _type_problems(conn)
    if "alias_count" in {r[1] for r in conn.execute("PRAGMA table_info(entity_aliases)")}:  # schema >= 8
        problems += _alias_label_problems(conn)
    return problems


def _alias_label_problems(conn) -> list[str]:
    """entity_aliases.alias_count recomputed from mentions.aliases, and each
    row labelled 'alias' exactly when every occurrence is a note's alias
    (store.write._relabel)."""
    joined: Counter = Counter()
    for eid, raw in conn.execute("SELECT entity_id, aliases FROM mentions WHERE aliases <> '{}'"):
        for form, n in json.loads(raw).items():
            joined[(eid, form)] += n
    stored = {(e, a): n for e, a, n in conn.execute(
        "SELECT entity_id, alias, alias_count FROM entity_aliases WHERE alias_count <> 0")}
    problems = []
    if dict(joined) != stored:
        problems.append(f"alias occurrence counts differ from recomputation in "
                        f"{len(set(joined.items()) ^ set(stored.items()))} rows")
    n = conn.execute("SELECT count(*) FROM entity_aliases WHERE (merge = 'alias') <> (alias_count >= count)").fetchone()[0]
    if n:
        problems.append(f"aliases labelled otherwise than their occurrences give: {n}")
    return problems


def _type_problems(conn) -> list[str]:
    """entity_types recomputed from the mentions, and each entity's type
    the one its counts give (naming.chosen_type)."""
    from minirag_cli.naming import chosen_type, tags_only

    given: Counter = Counter()
    for eid, raw, type_, n in conn.execute("SELECT entity_id, forms, type, count FROM mentions"):
        given[(eid, type_, int(tags_only(json.loads(raw))))] += n
    stored = {(e, t, g): n for e, t, g, n in conn.execute("SELECT entity_id, type, tags, count FROM entity_types")}
    problems = []
    if dict(given) != stored:
        problems.append(f"type counts differ from recomputation in {len(set(given.items()) ^ set(stored.items()))} rows")
    counts: dict[int, list] = {}
    for (eid, type_, tags), n in stored.items():
        counts.setdefault(eid, []).append((type_, tags, n))
    wrong = [eid for eid, type_ in conn.execute("SELECT id, type FROM entities")
             if eid in counts and chosen_type(counts[eid]) != type_]
    if wrong:
        problems.append(f"entities typed otherwise than their type counts give: {len(wrong)}")
    return problems
