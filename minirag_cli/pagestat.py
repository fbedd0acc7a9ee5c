"""Bytes per table of an index file, read from its pages.

What SQLite's `dbstat` table reports (every page of a table's b-tree, its
overflow pages included). `dbstat` itself answers when a binding has it
(the stdlib sqlite3 of most Linux Pythons: 0.03 s of CPU on a 72 MB index),
read through a read-only connection of its own (store/dbstat.py); the pages are walked here,
in Python, for bindings built without it (pysqlite3-binary and macOS's
sqlite3 lack `SQLITE_ENABLE_DBSTAT_VTAB`: 0.1 s on that index). Both give
the same figures (tests/test_vectors.py compares them). The walk reads the
file as it is, plus the frames of its write-ahead log up to the last
commit, so the figures are those of the last committed transaction, as
dbstat's read transaction sees them. The walk reads outside SQLite's locks:
where another process may write (a sync), read it inside a read transaction
(db.read_snapshot), which keeps checkpoints from rewriting or restarting
what is read. A damaged page's schema rows are left out (both ways: a file
SQLite finds damaged is walked). Nothing is written and nothing heavier
than the standard library and the store layer is imported (`mrag status`
stays instant).

`table_bytes(path)` folds indexes into their table and the shadow tables of
a virtual table (vec0, FTS5) into it; `group_bytes(path)` sums them into the
groups `mrag status` shows (vectors, text, FTS, graph, other, free).
`walk=True` skips dbstat (the tests' second opinion).
"""

from __future__ import annotations

import os
import struct

WAL_MAGIC = (0x377F0682, 0x377F0683)

# table -> group shown by `mrag status`; anything else is "other"
GROUPS = {
    "documents": "text", "chunks": "text",
    "chunks_fts": "fts", "chunks_cjk": "fts",
    "entities": "graph", "entity_aliases": "graph", "mentions": "graph", "cooccurrence": "graph",
    "relations": "graph", "relation_sentences": "vectors",
    "vec_chunks": "vectors", "vec_entity_names": "vectors", "vec_relations": "vectors",
}
GROUP_ORDER = ("vectors", "text", "fts", "graph", "other", "free")


class _Pages:
    """Page reader: the main file, with the committed frames of the WAL on top."""

    def __init__(self, path: str):
        self._fh = open(path, "rb")
        head = self._fh.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
            self._fh.close()
            raise ValueError(f"{path} is not an SQLite database")
        size = struct.unpack(">H", head[16:18])[0]
        self.page_size = 65536 if size == 1 else size
        self.usable = self.page_size - head[20]
        file_pages = os.path.getsize(path) // self.page_size
        in_header = struct.unpack(">I", head[28:32])[0]
        valid = head[24:28] == head[92:96]
        self.n_pages = in_header if valid and in_header else file_pages
        self.freelist_pages = struct.unpack(">I", head[36:40])[0]
        self._wal: dict[int, int] = {}  # page number -> offset in the WAL
        self._wal_fh = None
        self._read_wal(path + "-wal")
        if self._wal and 1 in self._wal:
            page1 = self.page(1)
            self.freelist_pages = struct.unpack(">I", page1[36:40])[0]

    def _read_wal(self, wal_path: str) -> None:
        try:
            fh = open(wal_path, "rb")
        except OSError:
            return
        head = fh.read(32)
        if len(head) < 32 or struct.unpack(">I", head[:4])[0] not in WAL_MAGIC:
            fh.close()
            return
        page_size = struct.unpack(">I", head[8:12])[0]
        salts = head[16:24]
        pending: dict[int, int] = {}
        offset = 32
        while True:
            frame = fh.read(24)
            if len(frame) < 24 or frame[8:16] != salts:
                break
            number, commit_size = struct.unpack(">II", frame[:8])
            pending[number] = offset + 24
            offset += 24 + page_size
            fh.seek(offset)
            if commit_size:  # a commit frame: everything so far is the database
                self._wal.update(pending)
                pending.clear()
                self.n_pages = commit_size
        if self._wal and page_size == self.page_size:
            self._wal_fh = fh
        else:
            self._wal.clear()
            fh.close()

    def page(self, number: int) -> bytes:
        where = self._wal.get(number)
        if where is not None and self._wal_fh is not None:
            self._wal_fh.seek(where)
            return self._wal_fh.read(self.page_size)
        self._fh.seek((number - 1) * self.page_size)
        return self._fh.read(self.page_size)

    def close(self) -> None:
        self._fh.close()
        if self._wal_fh is not None:
            self._wal_fh.close()


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    value = 0
    for n in range(9):
        byte = buf[i + n]
        if n == 8:
            return (value << 8) | byte, i + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, i + n + 1
    return value, i + 9  # pragma: no cover


def _local_bytes(payload: int, usable: int, table_leaf: bool) -> int:
    """How much of a cell's payload stays on its b-tree page (file format 1.6)."""
    max_local = usable - 35 if table_leaf else (usable - 12) * 64 // 255 - 23
    if payload <= max_local:
        return payload
    min_local = (usable - 12) * 32 // 255 - 23
    local = min_local + (payload - min_local) % (usable - 4)
    return min_local if local > max_local else local


def _overflow_pages(payload: int, usable: int, table_leaf: bool) -> int:
    """Overflow pages a cell with `payload` bytes spills into."""
    return -(-(payload - _local_bytes(payload, usable, table_leaf)) // (usable - 4))


def _btree_pages(pages: _Pages, root: int) -> int:
    """Pages of the b-tree rooted at `root`, overflow pages included."""
    count = 0
    stack = [root]
    seen = set()
    # the largest payload a cell keeps whole on its page: a cell's overflow pages are counted only past it, and
    # most cells' payload (its first varint) is told below it from one or two bytes (`mrag status` walks
    # every cell of the file when no binding has dbstat)
    table_max = pages.usable - 35
    index_max = (pages.usable - 12) * 64 // 255 - 23
    unpack_from = struct.unpack_from
    while stack:
        number = stack.pop()
        if number in seen or not 0 < number <= pages.n_pages:
            continue  # a damaged file must not loop or crash `mrag status`
        seen.add(number)
        count += 1
        page = pages.page(number)
        base = 100 if number == 1 else 0
        kind = page[base]
        n_cells = unpack_from(">H", page, base + 3)[0]
        interior = kind in (2, 5)
        cells = base + (12 if interior else 8)
        if interior:
            stack.append(unpack_from(">I", page, base + 8)[0])
        offsets = unpack_from(f">{n_cells}H", page, cells)
        if kind == 5:  # table interior cells: a child pointer and a rowid only
            stack.extend(unpack_from(">I", page, at)[0] for at in offsets)
            continue
        if kind not in (2, 10, 13):
            continue
        max_local = table_max if kind == 13 else index_max
        for at in offsets:
            if interior:
                stack.append(unpack_from(">I", page, at)[0])
                at += 4
            first = page[at]
            if first < 0x80:
                continue  # a payload under 128 bytes
            second = page[at + 1]
            if second < 0x80 and ((first & 0x7F) << 7 | second) <= max_local:
                continue
            payload, _ = _varint(page, at)
            count += _overflow_pages(payload, pages.usable, table_leaf=kind == 13)
    return count


def _schema_rows(pages: _Pages) -> list[tuple[str, str, str, int, str]]:
    """(type, name, tbl_name, rootpage, sql) of every sqlite_schema row."""
    rows = []
    stack = [1]
    seen = set()
    while stack:
        number = stack.pop()
        if number in seen or not 0 < number <= pages.n_pages:
            continue  # a damaged file must not loop `mrag status`
        seen.add(number)
        page = pages.page(number)
        base = 100 if number == 1 else 0
        kind = page[base]
        n_cells = struct.unpack(">H", page[base + 3:base + 5])[0]
        cells = base + (12 if kind == 5 else 8)
        if kind == 5:
            stack.append(struct.unpack(">I", page[base + 8:base + 12])[0])
        for c in range(n_cells):
            at = struct.unpack(">H", page[cells + 2 * c:cells + 2 * c + 2])[0]
            if kind == 5:
                stack.append(struct.unpack(">I", page[at:at + 4])[0])
                continue
            payload, at = _varint(page, at)
            _rowid, at = _varint(page, at)
            record = _payload(pages, page, at, payload)
            row = tuple(_record(record)[:5])
            if _schema_row(row):
                rows.append(row)
    return rows


def _schema_row(row: tuple) -> bool:
    """Is `row` a sqlite_schema row as SQLite writes one (text type, name and table, a root page number, text
    or NULL sql)? A damaged page can hold anything: the row is then left out, never a crash."""
    return len(row) == 5 and all(isinstance(v, str) for v in row[:3]) and isinstance(row[3], int) \
        and (row[4] is None or isinstance(row[4], str))


def _payload(pages: _Pages, page: bytes, at: int, size: int) -> bytes:
    """A table-leaf cell's whole payload, following its overflow chain."""
    local = _local_bytes(size, pages.usable, table_leaf=True)
    out = bytearray(page[at:at + local])
    nxt = struct.unpack(">I", page[at + local:at + local + 4])[0] if local < size else 0
    while nxt and len(out) < size:
        over = pages.page(nxt)
        nxt = struct.unpack(">I", over[:4])[0]
        out += over[4:4 + min(pages.usable - 4, size - len(out))]
    return bytes(out)


def _record(record: bytes) -> list:
    header_size, i = _varint(record, 0)
    types = []
    while i < header_size:
        t, i = _varint(record, i)
        types.append(t)
    values = []
    at = header_size
    for t in types:
        if t == 0:
            values.append(None)
        elif 1 <= t <= 6:
            width = (1, 2, 3, 4, 6, 8)[t - 1]
            values.append(int.from_bytes(record[at:at + width], "big", signed=True))
            at += width
        elif t == 7:
            values.append(struct.unpack(">d", record[at:at + 8])[0])
            at += 8
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 12:
            width = (t - 12) // 2 if t % 2 == 0 else (t - 13) // 2
            raw = record[at:at + width]
            values.append(raw if t % 2 == 0 else raw.decode("utf-8", "replace"))
            at += width
        else:
            values.append(None)
    return values


def btree_bytes(path: str | os.PathLike, *, walk: bool = False) -> dict[str, int]:
    """Bytes per b-tree (table or index, by name), as dbstat's sum(pgsize);
    plus 'sqlite_schema' and, for the free pages, '(freelist)'."""
    return _read(path, walk=walk)[1]


def _read(path: str | os.PathLike, *, walk: bool = False) \
        -> tuple[list[tuple[str, str, str, int, str]], dict[str, int]]:
    """The schema rows and the bytes per b-tree, from one committed state of the file: dbstat's where a binding
    has it, else the pages walked here."""
    if not walk:
        read = _dbstat_read(path)
        if read is not None:
            return read
    return _walk_read(path)


def _dbstat_read(path: str | os.PathLike) -> tuple[list[tuple[str, str, str, int, str]], dict[str, int]] | None:
    """_read from SQLite's dbstat (store/dbstat.py); None when no binding has it or SQLite cannot read the file."""
    from minirag_cli.store.dbstat import dbstat_rows

    rows = dbstat_rows(path)
    if rows is None:
        return None
    schema, stat, free = rows
    schema = [row for row in schema if _schema_row(row)]
    kept = {"sqlite_schema"} | {row[1] for row in schema if row[3] > 0}  # a damaged schema row's b-tree: left out
    out: dict[str, int] = {}
    for btree, size in stat:
        btree = "sqlite_schema" if btree == "sqlite_master" else btree  # older SQLite's name for it
        if btree in kept:
            out[btree] = out.get(btree, 0) + size
    out["(freelist)"] = free
    return schema, out


def _walk_read(path: str | os.PathLike) -> tuple[list[tuple[str, str, str, int, str]], dict[str, int]]:
    """_read by walking the pages here, with one page reader: the schema rows and the b-trees from the same
    committed state of the file (two readers could each see another commit of a sync that writes meanwhile)."""
    pages = _Pages(os.fspath(path))
    try:
        schema = _schema_rows(pages)
        out = {"sqlite_schema": _btree_pages(pages, 1) * pages.page_size}
        for _type, name, _tbl, root, _sql in schema:
            if root > 0:
                out[name] = _btree_pages(pages, root) * pages.page_size
        out["(freelist)"] = pages.freelist_pages * pages.page_size
        return schema, out
    finally:
        pages.close()


def table_bytes(path: str | os.PathLike, *, walk: bool = False) -> dict[str, int]:
    """Bytes per logical table: indexes folded into their table, shadow tables
    (vec_chunks_rowids, chunks_fts_data, ...) into their virtual table."""
    schema, btrees = _read(path, walk=walk)
    owners = {name: tbl for _type, name, tbl, _root, _sql in schema}
    virtual = [name for type_, name, _tbl, _root, sql in schema
               if type_ == "table" and isinstance(sql, str) and sql.upper().startswith("CREATE VIRTUAL TABLE")]
    out: dict[str, int] = {}
    for name, size in btrees.items():
        owner = owners.get(name, name)
        for v in virtual:
            if owner.startswith(v + "_"):
                owner = v
        out[owner] = out.get(owner, 0) + size
    return out


def group_bytes(path: str | os.PathLike, *, walk: bool = False) -> dict[str, int]:
    """Bytes per group: vectors (vec0 tables), text (documents, chunks), fts
    (FTS5), graph (entities, aliases, mentions, edges, relations), other
    (settings, caches, schema) and free (freelist pages), in that order."""
    sums = dict.fromkeys(GROUP_ORDER, 0)
    for table, size in table_bytes(path, walk=walk).items():
        group = "free" if table == "(freelist)" else GROUPS.get(table, "other")
        sums[group] += size
    return sums
