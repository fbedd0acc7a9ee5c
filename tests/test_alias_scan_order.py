"""graph/sql.aliases_from and aliases_after cut a range of alias keys with a LIMIT: the rows kept are the first in
(key, entity id, alias) order, whatever order the rows were written in (a VACUUM renumbers a table's rows, so the
order the key index kept equal keys in is no order to rely on)."""

from __future__ import annotations

from minirag_cli.graph import sql


def _aliases(conn, rows: list[tuple[int, str, str]]) -> None:
    """Entities 1..n and their aliases, written in the order of `rows` (entity id, alias, key)."""
    for eid in sorted({r[0] for r in rows}):
        conn.execute("INSERT INTO entities (id, name, key, type) VALUES (?, ?, ?, 'person')",
                     (eid, f"Entity {eid}", f"entity{eid}"))
    conn.executemany("INSERT INTO entity_aliases (entity_id, alias, key) VALUES (?, ?, ?)", rows)
    conn.commit()


def test_equal_keys_are_kept_by_entity_id_not_by_insertion(conn):
    # entity 3's `Wolfgang` written first, entity 1's last: the limit keeps entity 1's
    rows = [(3, "Wolfgang", "wolfgang"), (2, "WOLFGANG", "wolfgang"), (1, "wolfgang", "wolfgang"),
            (4, "Wolfgang Schulz", "wolfgangschulz")]
    _aliases(conn, rows)
    assert sql.aliases_from(conn, "wol", "wom", 2) == [(1, "wolfgang", "wolfgang"), (2, "WOLFGANG", "wolfgang")]
    assert sql.aliases_from(conn, "wol", "wom", 10) == sorted(rows, key=lambda r: (r[2], r[0], r[1]))
    assert sql.aliases_after(conn, "wolf", "wolg", 1) == [(1, "wolfgang")]
    assert sql.aliases_after(conn, "wolfgang", "wolfganh", 5) == [(4, "Wolfgang Schulz")]


def test_the_key_index_serves_the_order(conn):
    # no sort of the whole range: the key index gives key order, only a key's own rows are sorted (SQLite writes it
    # `USE TEMP B-TREE FOR RIGHT PART OF ORDER BY` or `... FOR LAST 2 TERMS OF ORDER BY`, a full sort `... FOR ORDER BY`)
    for query in (sql.ALIASES_FROM_SQL, sql.ALIASES_AFTER_SQL):
        plan = " ".join(r[-1] for r in conn.execute("EXPLAIN QUERY PLAN " + query, ("wol", "wom", 5)))
        assert "USING INDEX entity_aliases_key (key>? AND key<?)" in plan, plan
        assert "B-TREE FOR ORDER BY" not in plan, plan
