"""The SQL of retrieval (retrieve.py): the BM25 and dense channels, the
chunk vectors the near-duplicate check compares, and the rows a result is
made of. The graph channel's SQL is graph/sql.py.

SQLite specifics live here: FTS5's bm25() with a weight per column,
sqlite-vec's `MATCH ... AND k = ?` KNN. A PostgreSQL backend would answer
the same functions with tsvector ranking and pgvector's `<=>`.
"""

from __future__ import annotations

import json
import re
import unicodedata

import numpy as np

from minirag_cli.store import vectors
from minirag_cli.store.answers import dating_heads


def index_years(conn) -> list[str]:
    """Years the index holds dated entities for (a date without a year means one of these)."""
    try:
        rows = conn.execute("SELECT DISTINCT substr(key, 6, 4) FROM entities "
                            "WHERE key >= 'date:1' AND key < 'date:a'").fetchall()
    except Exception:  # an index without entities yet
        return []
    return sorted(r[0] for r in rows if r[0].isdigit())


def bm25_rows(conn, fts_query: str, header_weight: float, limit: int) -> list[tuple[int, float]]:
    """(chunk id, BM25 score, higher is better) of an FTS5 query, text and header columns weighed."""
    rows = conn.execute(
        "SELECT rowid, bm25(chunks_fts, 1.0, ?) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s LIMIT ?",
        (header_weight, fts_query, limit)).fetchall()
    return [(r[0], -r[1]) for r in rows]


def bm25_rows_per_document(conn, fts_query: str, header_weight: float, limit: int,
                           per_document: int, per_section: bool = False) -> list[tuple[int, float]]:
    """bm25_rows with at most `per_document` chunks of any one document: a
    note of hundreds of chunks (a pasted log) that holds the question's words
    everywhere, or a question about a day or a month, which matches every
    chunk of a note dated in it alike (its header holds the date), would
    fill the whole pool (retrieve.bm25_pool). `per_section`: of any one
    section of a document (section_of_chunks), for a question about days."""
    part = "c.document_id, c.header" if per_section else "c.document_id"
    rows = conn.execute(
        f"SELECT id, s FROM (SELECT f.id, f.s, row_number() OVER (PARTITION BY {part} ORDER BY f.s, f.id) AS n "
        "FROM (SELECT rowid AS id, bm25(chunks_fts, 1.0, ?) AS s FROM chunks_fts WHERE chunks_fts MATCH ?) f "
        "JOIN chunks c ON c.id = f.id) WHERE n <= ? ORDER BY s, id LIMIT ?",
        (header_weight, fts_query, per_document, limit)).fetchall()
    return [(r[0], -r[1]) for r in rows]


def section_of_chunks(conn, chunk_ids: list[int]) -> dict[int, tuple[int, str]]:
    """chunk id -> its section: (document id, header). A note's chunks share one header but for its dated
    sections' (sections.dated_header: each day's, and a Kindle's clippings' each book's and day's), so a cap
    per section is one per note for any other note, and one per day (book and day) for those."""
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT c.id, c.document_id, c.header FROM json_each(?) j JOIN chunks c ON c.id = j.value",
        (json.dumps([int(c) for c in chunk_ids]),))}


def per_document_rows(conn, ranked: list[tuple[int, float]], per_document: int,
                      per_section: bool = False) -> list[tuple[int, float]]:
    """The ranking with only the best `per_document` chunks of each document
    (of each section of one, section_of_chunks, with `per_section`; order
    kept; a chunk the index no longer holds is dropped)."""
    if not ranked:
        return []
    if per_section:
        doc_of = section_of_chunks(conn, [c for c, _s in ranked])
    else:
        doc_of = dict(conn.execute("SELECT c.id, c.document_id FROM json_each(?) j JOIN chunks c ON c.id = j.value",
                                   (json.dumps([int(c) for c, _s in ranked]),)).fetchall())
    seen: dict = {}
    out = []
    for chunk_id, score in ranked:
        doc = doc_of.get(chunk_id)
        if doc is None:
            continue
        seen[doc] = seen.get(doc, 0) + 1
        if seen[doc] <= per_document:
            out.append((chunk_id, score))
    return out


def note_dating_heads(conn) -> list[tuple[int, str, str, str]]:
    """(document id, path, root, head) of every document with chunks: the
    head that dates the note as store.note_heads reads it (answers.dating_heads:
    its first chunk's header, or for a header still `---`, written before
    the upgrade, the front matter's date line)."""
    rows = conn.execute("SELECT d.id, d.path, d.root, c.header FROM documents d "
                        "JOIN chunks c ON c.document_id = d.id AND c.seq = 0").fetchall()
    heads = dating_heads(conn, ((doc, doc, header) for doc, _p, _r, header in rows))
    return [(doc, path, root, heads[doc]) for doc, path, root, _h in rows]


def section_headers(conn) -> list[tuple[int, int, str]]:
    """(document id, chunk id, header) of every chunk whose header is not its
    note's (its first chunk's): a dated section's (sections.py), which holds
    the section's day in place of the note's date."""
    return conn.execute("SELECT c.document_id, c.id, c.header FROM chunks c JOIN chunks f "
                        "ON f.document_id = c.document_id AND f.seq = 0 "
                        "WHERE c.header <> f.header ORDER BY c.document_id, c.seq").fetchall()


def is_person(conn, word: str) -> bool:
    """The index knows `word` as a person: a person entity's name, first
    name (`Priya` of Priya Patel) or alias (askday: a German question's
    capitalised word that names someone)."""
    from minirag_cli.text import normalise_key

    if not word.isalpha():  # a word of letters: no LIKE wildcard in it
        return False
    key = normalise_key(word)
    return conn.execute(
        "SELECT 1 FROM entities WHERE type = 'person' AND (key = ? OR name LIKE ?) UNION ALL "
        "SELECT 1 FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE e.type = 'person' AND a.key = ? "
        "LIMIT 1", (key, word + " %", key)).fetchone() is not None


def is_name(conn, word: str) -> bool:
    """The index knows `word` as a name: a person's (is_person: `sofia` of
    Sofia Lindqvist) or an entity's, of any type but a date or a concept (a
    tag's, a keyword's, a word's of no kind known), by its key or an alias's (`maya`, `halden`; not `bikes` of Northpeak Bikes),
    that the notes write with a capital more often than without (capitalised_in_notes:
    a `## Running` heading or a `Plumber:` label made an entity of words the
    notes write in lower case). A question typed in lower case names them as
    one in capitals does (latest.latest_words)."""
    from minirag_cli.text import normalise_key

    if not word.isalpha():  # a word of letters: no LIKE wildcard in it
        return False
    key = normalise_key(word)
    known = is_person(conn, word) or conn.execute(
        "SELECT 1 FROM entities WHERE key = ? AND type NOT IN ('date', 'concept') UNION ALL "
        "SELECT 1 FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE a.key = ? AND e.type NOT IN ('date', 'concept') LIMIT 1", (key, key)).fetchone() is not None
    return known and capitalised_in_notes(conn, word)


# how many chunks holding a word capitalised_in_notes reads: enough to tell a name from a word of the language
_CASE_SAMPLE = 200


def capitalised_in_notes(conn, word: str) -> bool:
    """The notes write `word` (letters) with a capital within a sentence more
    often than in lower case (of the first _CASE_SAMPLE chunks that hold it;
    accents aside: `Tomás` is tomas): "told Sofia", "saw Dr Okafor", not
    `boiler` or `teach`. A capital that opens a line, a sentence or a label's
    value is the language's (`## Gym`, `Teach P3 rates`, `Plumber: Dave`);
    in an address, a path or a tag the word is no word written
    (`sofia.lindqvist@haldenfoods.com`, `maya@northpeak.no`, `#running`)."""
    def plain(text: str) -> str:  # accents dropped, case kept
        return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))

    low = plain(word).lower()
    capital = low[:1].upper() + low[1:]
    texts = [plain(t) for (t,) in conn.execute(
        "SELECT c.text FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ? LIMIT ?",
        (f'text : "{low}"', _CASE_SAMPLE))]
    unbound = r"(?![\w@%/-]|\.\w)"  # not `maya@…`, `sofia.lindqvist`, `sofia-lindqvist.md`
    lower = re.compile(r"(?<![\w@./%#:-])" + re.escape(low) + unbound)
    within = re.compile(r"(?:(?<=[^\W_] )|(?<=[,;)] ))" + re.escape(capital) + unbound)  # after a word or a comma
    return sum(len(within.findall(t)) for t in texts) > sum(len(lower.findall(t)) for t in texts)


def data_stamp(conn) -> tuple[int, int]:
    """What changes whenever the rows `conn` reads may have: SQLite's
    data_version (another connection committed) and the connection's own
    total_changes (it wrote). A cache of what the rows say holds while it
    is the same (datednotes' note spans)."""
    return conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes


def paths_writing(conn, text: str) -> list[str]:
    """The note paths that hold `text` (a LIKE, `%`, `_` and `\\` in it taken as themselves): the notes a name's
    word could be the name of (retrieve._series_name), without reading every path."""
    probe = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return [p for (p,) in conn.execute("SELECT path FROM documents WHERE path LIKE ? ESCAPE '\\'", (f"%{probe}%",))]


def document_chunks(conn, doc_ids: list[int]) -> dict[int, list[int]]:
    """document id -> its chunk ids in order."""
    out: dict[int, list[int]] = {}
    for doc, chunk in conn.execute("SELECT c.document_id, c.id FROM json_each(?) j JOIN chunks c "
                                   "ON c.document_id = j.value ORDER BY c.document_id, c.seq",
                                   (json.dumps([int(d) for d in doc_ids]),)):
        out.setdefault(doc, []).append(chunk)
    return out


def entity_chunks_elsewhere(conn, key: str, path: str) -> list[tuple[int, str, str, int]]:
    """(chunk id, text, note path, its place in the note) of the chunks of notes other than the one at `path` that mention the entity
    whose key, or an alias's, is `key` (a note's entity merged into another's name), by path and in order
    (backlinks.linking_chunks: the note's own entity's mentions)."""
    return conn.execute(
        "SELECT DISTINCT c.id, c.text, d.path, c.seq FROM mentions m "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
        "WHERE m.entity_id IN (SELECT id FROM entities WHERE key = ?1 "
        "UNION SELECT entity_id FROM entity_aliases WHERE key = ?1) AND d.path != ?2 ORDER BY d.path, c.seq",
        (key, path)).fetchall()


def first_chunk_at(conn, path: str) -> int | None:
    """The id of the first chunk of the note at `path` (of any folder's), None when the index holds none."""
    row = conn.execute("SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? "
                       "ORDER BY d.root, c.seq LIMIT 1", (path,)).fetchone()
    return row[0] if row is not None else None


def chunk_texts(conn, chunk_ids: list[int]) -> dict[int, str]:
    """chunk id -> its text."""
    return dict(conn.execute("SELECT c.id, c.text FROM json_each(?) j JOIN chunks c ON c.id = j.value",
                             (json.dumps([int(c) for c in chunk_ids]),)))


def date_chunks(conn, first: str, after: str) -> list[tuple[int, int]]:
    """(document id, chunk id) of the chunks that mention a date entity keyed from `date:<first>` up to, not
    including, `date:<after>` (ISO days: a day's key and its times' sort between), or write a span of days that
    meets them (chunk_spans, rules 28: `Priya off 14–18 Dec` for the 16th), in order."""
    return conn.execute(
        "SELECT c.document_id, m.chunk_id FROM entities e JOIN mentions m ON m.entity_id = e.id "
        "JOIN chunks c ON c.id = m.chunk_id WHERE e.key >= ? AND e.key < ? "
        "UNION SELECT c.document_id, s.chunk_id FROM chunk_spans s JOIN chunks c ON c.id = s.chunk_id "
        "WHERE s.first < ? AND s.last >= ? ORDER BY 1, 2",
        (f"date:{first}", f"date:{after}", after, first)).fetchall()


def note_day_mentions(conn, doc_ids: list[int]) -> dict[int, list[tuple]]:
    """document id -> [(chunk, [(day, its forms as written)])] of all the notes' chunks in order (chunking.Chunk:
    its text and where it lies, for yearless.note_outline's headings), with the date entities of a day each
    mentions (`date:2026-11-19`, at any time of it; not a yearless `date:--11-19`, nor a month): the days a log's
    rows write, as the extractor read them (`19/11/2026` day first: latest.row_day)."""
    from minirag_cli.chunking import Chunk

    docs = json.dumps([int(d) for d in doc_ids])
    days: dict[int, list[tuple[str, str]]] = {}
    for chunk, key, forms in conn.execute(
            "SELECT c.id, e.key, m.forms FROM json_each(?) j JOIN chunks c ON c.document_id = j.value "
            "JOIN mentions m ON m.chunk_id = c.id JOIN entities e ON e.id = m.entity_id "
            "WHERE e.key GLOB 'date:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'", (docs,)):
        days.setdefault(chunk, []).append((key[5:15], forms))
    out: dict[int, list[tuple]] = {}
    for doc, chunk, *where in conn.execute(
            "SELECT c.document_id, c.id, c.seq, c.text, c.start_char, c.end_char, c.start_line, c.end_line "
            "FROM json_each(?) j JOIN chunks c ON c.document_id = j.value ORDER BY c.document_id, c.seq", (docs,)):
        out.setdefault(doc, []).append((Chunk(*where, 0), days.get(chunk, [])))
    return out


def cjk_rows(conn, fts_query: str, limit: int) -> list[tuple[int, float]]:
    """(chunk id, BM25 score, higher is better) of an FTS5 query over the
    chunks' CJK bigrams (chunks_cjk, migration 0005)."""
    rows = conn.execute(
        "SELECT rowid, bm25(chunks_cjk) AS s FROM chunks_cjk WHERE chunks_cjk MATCH ? ORDER BY s LIMIT ?",
        (fts_query, limit)).fetchall()
    return [(r[0], -r[1]) for r in rows]


def dense_rows(conn, query_vector, limit: int) -> list[tuple[int, float]]:
    """(chunk id, cosine similarity) of the `limit` chunks nearest the vector."""
    return vectors.knn(conn, "vec_chunks", query_vector, limit)


def max_chunk_id(conn) -> int:
    """The highest chunk id: a cheap upper bound on the number of chunks."""
    return conn.execute("SELECT coalesce(max(id), 0) FROM chunks").fetchone()[0] or 0


def chunk_vector(conn, chunk_id: int) -> np.ndarray | None:
    """A chunk's vector by point lookup: vec0 answers `rowid IN (...)` with a
    full scan (33 ms at 100k chunks), `rowid = ?` from its rowid index (30 us)."""
    return vectors.stored(conn, "vec_chunks", chunk_id)


def chunk_notes(conn, chunk_ids: list[int]) -> dict[int, tuple[str, str, float]]:
    """chunk id -> (root, path, mtime) of its note."""
    if not chunk_ids:
        return {}
    marks = ",".join("?" * len(chunk_ids))
    return {r[0]: r[1:] for r in conn.execute(
        f"SELECT c.id, d.root, d.path, d.mtime FROM chunks c JOIN documents d ON d.id = c.document_id "
        f"WHERE c.id IN ({marks})", chunk_ids)}


def result_rows(conn, chunk_ids: list[int]) -> dict[int, tuple]:
    """chunk id -> (id, path, root, start_line, end_line, text, document id)."""
    if not chunk_ids:
        return {}
    marks = ",".join("?" * len(chunk_ids))
    return {r[0]: r for r in conn.execute(
        f"SELECT c.id, d.path, d.root, c.start_line, c.end_line, c.text, c.document_id FROM chunks c "
        f"JOIN documents d ON d.id = c.document_id WHERE c.id IN ({marks})", chunk_ids)}


def headers_hold(conn, fts_terms: list[str]) -> bool:
    """Some chunk's header (its note's first line, or its front matter or
    file name date: store.document_header) holds one of the FTS5 terms:
    the index holds a note of a day askday.AskedDays.terms() writes."""
    if not fts_terms:
        return False
    query = "header : (" + " OR ".join(fts_terms) + ")"
    return conn.execute("SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT 1", (query,)).fetchone() is not None
