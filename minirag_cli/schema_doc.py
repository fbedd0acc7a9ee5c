"""The README's schema section, generated from the migrations so it cannot
drift: `python -m minirag_cli.schema_doc` rewrites the block between
`<!-- schema:start -->` and `<!-- schema:end -->` in README.md (`--check`
only compares, exit 1 if stale; `--print` writes the block to stdout).

The migrations are applied to an in-memory database through the real
db.connect; columns, indexes and triggers are read back from SQLite, and each
table's description is the comment block just above its CREATE statement in
the migration file (comments after a column are its note). The vec0 tables,
created once the embedder is known, are added the way sync adds them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

START = "<!-- schema:start -->"
END = "<!-- schema:end -->"
EXAMPLE_DIM = 384  # all-MiniLM-L6-v2

_CREATE = re.compile(r"^\s*CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)
_ALTER_ADD = re.compile(r"^\s*ALTER\s+TABLE\s+(\w+)\s+ADD\s+(?:COLUMN\s+)?(\w+)", re.I)
_RENAME = re.compile(r"^\s*ALTER\s+TABLE\s+(\w+)\s+RENAME\s+TO\s+(\w+)", re.I)
_COLUMN_NOTE = re.compile(r"^\s*(\w+)\s+[^-]*--\s*(.+)$")

# Only for tables whose CREATE has no comment in the migrations (0001 is frozen)
# or that db.py creates itself.
FALLBACK = {
    "meta": "Key/value settings of the index: schema version, embedding model and dimension, extractor "
            "(and the heuristic rules' version), chunking, size limit (`max_bytes`), synced roots (and, in "
            "`follow_symlinks`, those whose symlinks out of the folder are followed), last sync.",
    "chunks": "Chunk text, its document, order, character and line span (1-based, inclusive), token count "
              "and the hash of what its vector embeds, by which vectors are reused (its text; from readers 18 "
              "its note's title before a text that does not write it: chunk_titles.py).",
    "schema_migrations": "Applied migrations (created by db.py; one row per `migrations/NNNN_name.sql`).",
    "vec_chunks": "sqlite-vec: one embedding per chunk (rowid = chunks.id), int8 (vectors.py: components x "
                  "`vector_scale` in meta), L2 distance; `chunk_size` grows with the table (store/vectors.fit_tables).",
    "vec_entity_names": "sqlite-vec: embedding of each entity's bare name (rowid = entities.id), int8 like "
                        "vec_chunks.",
}


def _comments_from_migrations(sql_files: list[tuple[int, str, str]]) -> tuple[dict, dict]:
    """({table: description}, {(table, column): note}) from SQL comments."""
    tables: dict[str, str] = {}
    columns: dict[tuple[str, str], str] = {}
    for _version, _name, sql in sql_files:
        pending: list[str] = []
        current: str | None = None
        for line in sql.splitlines():
            stripped = line.strip()
            if stripped.startswith("--"):
                pending.append(stripped[2:].strip())
                continue
            if not stripped:
                pending = []
                continue
            m = _CREATE.match(line)
            if m:
                current = m.group(1)
                if pending:
                    tables[current] = (tables.get(current, "") + " " + " ".join(pending)).strip()
            m2 = _ALTER_ADD.match(line)
            if m2 and pending:
                columns[(m2.group(1), m2.group(2))] = " ".join(pending)
            m3 = _RENAME.match(line)
            if m3:  # a table rebuilt under a new name, then renamed: its comments replace the old ones
                old, new = m3.groups()
                if old in tables:
                    tables[new] = tables.pop(old)
                for (table, col) in [k for k in columns if k[0] == new]:
                    del columns[(table, col)]
                for (table, col) in [k for k in columns if k[0] == old]:
                    columns[(new, col)] = columns.pop((table, col))
            if current and not m:
                note = _COLUMN_NOTE.match(line)
                if note:
                    columns[(current, note.group(1))] = note.group(2).strip()
            if stripped.endswith(";"):
                current = None
            pending = []
    return tables, columns


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def generate() -> str:
    """The markdown for the schema section (without the markers)."""
    from minirag_cli import db

    files = db.migrations()
    described, notes = _comments_from_migrations(files)
    conn = db.connect(":memory:", create=True)
    try:
        db.ensure_embedder(conn, "EMBEDDING_MODEL", EXAMPLE_DIM)
        master = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall()
        virtual = [n for t, n, _tbl, sql in master if t == "table" and sql and sql.upper().startswith("CREATE VIRTUAL")]
        tables = [n for t, n, _tbl, _sql in master if t == "table" and not n.startswith("sqlite_")
                  and not any(n != v and n.startswith(v + "_") for v in virtual)]  # skip shadow tables
        out = [f"Generated from `migrations/` ({len(files)} migration{'s' * (len(files) != 1)}, schema version "
               f"{db.schema_version(conn)}) by `python -m minirag_cli.schema_doc`; do not edit by hand. "
               f"The vec0 tables are created when the embedder is first known; `DIM` is its dimension "
               f"({EXAMPLE_DIM} for all-MiniLM-L6-v2).", ""]
        sql_of = {n: sql for _t, n, _tbl, sql in master}
        for name in tables:
            out.append(f"#### `{name}`")
            out.append("")
            text = described.get(name) or FALLBACK.get(name)
            if text:
                out += [text, ""]
            if name in virtual:
                create = re.sub(r"\s+", " ", sql_of[name]).replace(f"[{EXAMPLE_DIM}]", "[DIM]")
                out += [f"Virtual table: `{create}`", ""]
            else:
                out += ["| column | type | constraints | note |", "| --- | --- | --- | --- |"]
                pk_cols = [r for r in conn.execute(f"PRAGMA table_info({name})") if r[5]]
                unique_sets = [[r[2] for r in conn.execute(f"PRAGMA index_info('{ix[1]}')")]
                               for ix in conn.execute(f"PRAGMA index_list({name})") if ix[3] == "u"]
                for cid, col, ctype, notnull, default, pk in conn.execute(f"PRAGMA table_info({name})"):
                    cons = []
                    if pk:
                        cons.append("primary key" if len(pk_cols) == 1 else f"primary key ({pk})")
                    if notnull and not pk:
                        cons.append("not null")
                    if [col] in unique_sets:
                        cons.append("unique")
                    if default is not None:
                        cons.append(f"default {default}")
                    for fk in conn.execute(f"PRAGMA foreign_key_list({name})"):
                        if fk[3] == col:
                            cons.append(f"→ {fk[2]}.{fk[4]}" + (f" on delete {fk[6].lower()}"
                                                                  if fk[6] and fk[6] != "NO ACTION" else ""))
                    out.append(f"| {col} | {ctype or '-'} | {_cell(', '.join(cons))} | "
                               f"{_cell(notes.get((name, col), ''))} |")
                out.append("")
            extras = []
            idx = [n for t, n, tbl, sql in master if t == "index" and tbl == name and sql]
            uniques = [] if name in virtual else [
                [r[2] for r in conn.execute(f"PRAGMA index_info('{ix[1]}')")]
                for ix in conn.execute(f"PRAGMA index_list({name})") if ix[3] == "u"]
            uniques = [u for u in uniques if len(u) > 1]
            if idx:
                cols = {n: ", ".join(r[2] for r in conn.execute(f"PRAGMA index_info({n})")) for n in idx}
                extras.append("indexes: " + "; ".join(f"`{n}` ({cols[n]})" for n in idx))
            if uniques:
                extras.append("unique " + "; ".join(f"({', '.join(u)})" for u in uniques))
            trig = [n for t, n, tbl, _s in master if t == "trigger" and tbl == name]
            if trig:
                extras.append("triggers: " + ", ".join(f"`{n}`" for n in trig))
            if extras:
                out += ["; ".join(extras).capitalize() + ".", ""]
        return "\n".join(out).rstrip() + "\n"
    finally:
        conn.close()


def replace_block(readme: str, block: str) -> str:
    if START not in readme or END not in readme:
        raise SystemExit(f"README.md has no {START} ... {END} block")
    head, rest = readme.split(START, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{START}\n{block}{END}{tail}"


def readme_path() -> Path:
    return Path(__file__).resolve().parent.parent / "README.md"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    block = generate()
    if "--print" in args:
        sys.stdout.write(block)
        return 0
    path = readme_path()
    current = path.read_text(encoding="utf-8")
    updated = replace_block(current, block)
    if "--check" in args:
        if updated != current:
            sys.stderr.write(f"{path}: the schema section is stale; run python -m minirag_cli.schema_doc\n")
            return 1
        return 0
    if updated != current:
        path.write_text(updated, encoding="utf-8")
        sys.stderr.write(f"updated the schema section of {path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
