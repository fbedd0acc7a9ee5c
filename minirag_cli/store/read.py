"""Reads of the index for commands and the library: counts, status, entity
lists, the documents of a root, reusable vectors. Plain dicts and tuples."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Iterable, Iterator, Sequence

from minirag_cli.chunking import Chunk, chunked_with
from minirag_cli.db import HEURISTIC_VERSION_KEY, following_roots, get_meta, has_vec_tables, schema_version
from minirag_cli.store.answers import count_answers
from minirag_cli.text import fold, normalise_key, spelled_out, umlaut_key


def table_counts(conn) -> dict[str, int]:
    tables = ["documents", "chunks", "chunks_fts", "entities", "entity_aliases", "mentions", "cooccurrence",
              "relations", "relation_sentences", "extraction_cache", "answer_cache"]
    if has_vec_tables(conn):
        tables += ["vec_chunks", "vec_entity_names"]
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


def existing_documents(conn, root: str) -> dict[str, tuple[int, str, int, float]]:
    return {path: (i, h, s, m) for i, path, h, s, m in
            conn.execute("SELECT id, path, hash, size, mtime FROM documents WHERE root = ?", (root,))}


def documents_under(conn, root: str, folders: Iterable[str]) -> dict[str, tuple[int, float]]:
    """{path: (size, mtime)} of the indexed notes of the folder `root` in the subfolders `folders` ("a/b/", and
    below it; "": the notes of `root` itself, not below it): a range of the (root, path) index each, not every
    note of a large folder."""
    out: dict[str, tuple[int, float]] = {}
    for folder in sorted(set(folders)):
        if folder:  # "a/b/" <= "a/b/…" < "a/b0" ('0' follows '/')
            rows = conn.execute("SELECT path, size, mtime FROM documents WHERE root = ? AND path >= ? AND path < ?",
                                (root, folder, folder[:-1] + "0"))
        else:
            rows = conn.execute("SELECT path, size, mtime FROM documents WHERE root = ? AND instr(path, '/') = 0",
                                (root,))
        out.update((path, (size, mtime)) for path, size, mtime in rows)
    return out


# how many values one statement's IN (...) list binds: within SQLite's limit on a statement's variables
IN_LIST_SIZE = 500


def in_parts(values: Sequence) -> Iterator[tuple[Sequence, str]]:
    """`values` in parts of IN_LIST_SIZE, each with its `?,?,...` marks for an IN (...) list."""
    for start in range(0, len(values), IN_LIST_SIZE):
        part = values[start:start + IN_LIST_SIZE]
        yield part, ",".join("?" * len(part))


def held_paths(conn, root: str, paths: Iterable[str]) -> set[str]:
    """Of `paths` (relative to the folder `root`), those the index holds: one query per IN_LIST_SIZE paths, not
    one per path."""
    held: set[str] = set()
    for part, marks in in_parts(sorted(set(paths))):
        held.update(row[0] for row in conn.execute(
            f"SELECT path FROM documents WHERE root = ? AND path IN ({marks})", [root, *part]))
    return held


def chunk_texts_with_links(conn, root: str) -> Iterator[tuple[str, str, bool]]:
    """(path, text, whether it opens its note with `---`) of the chunks of the folder `root`'s notes that
    hold `[[`, `](` or a Notion relation's `.md)` (heuristic.links_in: sync.stored_link_targets reads their
    links), and of those that
    open their note with `---`, a front matter's (whose note Dendron may have written: heuristic.dendron_note)."""
    for path, text, first in conn.execute(
            "SELECT d.path, c.text, c.seq = 0 AND c.start_char = 0 AND substr(ltrim(c.text, char(65279)), 1, 3) = '---' "
            "FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.root = ? AND "
            "(instr(c.text, '[[') > 0 OR instr(c.text, '](') > 0 OR instr(c.text, '.md)') > 0 OR "
            "(c.seq = 0 AND c.start_char = 0 AND substr(ltrim(c.text, char(65279)), 1, 3) = '---'))", (root,)):
        yield path, text, bool(first)


def note_chunks(conn, root: str, paths: Iterable[str]) -> dict[str, list[Chunk]]:
    """{path: its chunks, all of them, in order} of the notes at `paths` in the folder `root`: a note's
    chunks read in its context (sync.note_link_keys)."""
    out: dict[str, list[Chunk]] = {}
    for part, marks in in_parts(sorted(set(paths))):
        for row in conn.execute(
                "SELECT d.path, c.seq, c.text, c.start_char, c.end_char, c.start_line, c.end_line, c.n_tokens "
                "FROM chunks c JOIN documents d ON d.id = c.document_id "
                f"WHERE d.root = ? AND d.path IN ({marks}) ORDER BY d.path, c.seq", [root, *part]):
            out.setdefault(row[0], []).append(Chunk(*row[1:]))
    return out


def documents_in_sync_order(conn, roots: Sequence[str]) -> list[int]:
    """The ids of the index's documents in the order a sync of `roots` into
    an empty index writes them: folder by folder (`roots` in their order,
    then the index's other folders by name), each one's paths sorted as
    walk.walk_notes sorts them (in Python: its order of text is the one the
    walk used)."""
    rank = {root: i for i, root in enumerate(roots)}
    rows = conn.execute("SELECT id, root, path FROM documents").fetchall()
    rows.sort(key=lambda r: (rank.get(r[1], len(rank)), r[1], r[2]))
    return [r[0] for r in rows]


def notes_mentioning(conn, root: str, keys) -> set[str]:
    """The paths of the notes of `root` whose chunks mention an entity by a
    surface form whose key (entity_aliases.key) is one of `keys`: the notes
    a change of what those keys join must extract anew (sync._name_anew)."""
    keys = sorted(keys)
    if not keys:
        return set()
    return {path for (path,) in conn.execute(
        "SELECT DISTINCT d.path FROM entity_aliases a JOIN mentions m ON m.entity_id = a.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id "
        "WHERE d.root = ? AND a.key IN (SELECT value FROM json_each(?)) "
        "AND EXISTS (SELECT 1 FROM json_each(m.forms) f WHERE f.key = a.alias)", (root, json.dumps(keys)))}


def notes_writing(conn, root: str, words) -> set[str]:
    """The paths of the notes of `root` a chunk of which holds one of `words`
    as written (case and all, anywhere in its text): the notes that may write
    an alias joined anew where no name was found (sync._name_anew)."""
    words = sorted(set(words))
    if not words:
        return set()
    return {path for (path,) in conn.execute(
        "SELECT DISTINCT d.path FROM chunks c JOIN documents d ON d.id = c.document_id "
        "WHERE d.root = ? AND EXISTS (SELECT 1 FROM json_each(?) w WHERE instr(c.text, w.value) > 0)",
        (root, json.dumps(words)))}


def chunk_texts_holding(conn, words, limit: int = 1) -> dict[str, list[str]]:
    """{word: the texts of up to `limit` chunks that hold it as written} for each of `words` some
    chunk holds (instr): a Logseq block's `id:: 6543a1b2-...` line, read for the block a reference
    shows (Index.block_refs)."""
    out: dict[str, list[str]] = {}
    for word in sorted(set(words)):
        texts = [text for (text,) in conn.execute(
            "SELECT text FROM chunks WHERE instr(text, ?) > 0 ORDER BY id LIMIT ?", (word, limit))]
        if texts:
            out[word] = texts
    return out


def chunks_writing_words(conn, words: Sequence[str]) -> list[tuple[int, str]]:
    """(document id, text) of the chunks whose text holds one of `words` as a word (chunks_fts, a few
    queries of BIGRAM_PHRASES_PER_QUERY words each): those that may open a sentence with a word a note
    made known or forgot (sync._words_anew, heuristic rules 25)."""
    terms = ['text : "' + word.replace('"', '""') + '"' for word in sorted(set(words)) if word]
    chunk_ids: set[int] = set()
    for start in range(0, len(terms), BIGRAM_PHRASES_PER_QUERY):
        chunk_ids.update(i for (i,) in conn.execute(
            "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?", (" OR ".join(terms[start:start + BIGRAM_PHRASES_PER_QUERY]),)))
    out: list[tuple[int, str]] = []
    for part, marks in in_parts(sorted(chunk_ids)):
        out.extend(conn.execute(f"SELECT document_id, text FROM chunks WHERE id IN ({marks})", part).fetchall())
    return out


def document_paths(conn) -> dict[int, tuple[str, str]]:
    """{document id: (its folder, its path in the folder)} for every document."""
    return {doc: (root, path) for doc, root, path in conn.execute("SELECT id, root, path FROM documents")}


def documents_writing_dated_slashes(conn) -> list[int]:
    """The documents whose stored chunks write a slashed day with its year (`11/12/2026`): the notes that can settle
    a vault's day order (sync's dayorder.vault_evidence)."""
    return [row[0] for row in conn.execute(
        "SELECT DISTINCT document_id FROM chunks WHERE text GLOB '*[0-9]/*[0-9]/[12][09][0-9][0-9]*'")]


def stored_chunks(conn, doc_ids: Sequence[int]) -> dict[int, list[tuple[int, Chunk]]]:
    """{document id: [(chunk id, Chunk), ...] in order} for `doc_ids` (every one, [] when it has no chunks)."""
    out: dict[int, list[tuple[int, Chunk]]] = {d: [] for d in doc_ids}
    for start in range(0, len(doc_ids), 500):
        part = list(doc_ids[start:start + 500])
        marks = ",".join("?" * len(part))
        for row in conn.execute(
                "SELECT document_id, id, seq, text, start_char, end_char, start_line, end_line, n_tokens FROM chunks "
                f"WHERE document_id IN ({marks}) ORDER BY document_id, seq", part):
            out[row[0]].append((row[1], Chunk(*row[2:])))
    return out


def stored_vector_hashes(conn, doc_ids: Sequence[int]) -> dict[int, list[str]]:
    """{document id: the hashes of what its chunks' vectors embed (chunks.hash: chunk_titles.vector_hash), in
    order} for `doc_ids`."""
    out: dict[int, list[str]] = {d: [] for d in doc_ids}
    for start in range(0, len(doc_ids), 500):
        part = list(doc_ids[start:start + 500])
        marks = ",".join("?" * len(part))
        for doc_id, hash_ in conn.execute(
                f"SELECT document_id, hash FROM chunks WHERE document_id IN ({marks}) ORDER BY document_id, seq", part):
            out[doc_id].append(hash_)
    return out


def first_header(conn, doc_id: int) -> str | None:
    """The header stored with the first chunk of the document `doc_id` (store.document_header), None when it has none."""
    row = conn.execute("SELECT header FROM chunks WHERE document_id = ? AND seq = 0", (doc_id,)).fetchone()
    return None if row is None else row[0]


def vectors_by_chunk_hash(conn, hashes: Iterable[str]) -> dict[str, bytes]:
    """Reuse embeddings of identical chunk text already in the index (renames,
    small edits): returns {hash: vector blob} for the hashes found. A hash is
    of what the vector embeds, a note's title and the chunk's text
    (chunk_titles.vector_hash): two notes of one text and other titles share none."""
    out = {}
    for h in set(hashes):
        row = conn.execute(
            "SELECT v.embedding FROM chunks c JOIN vec_chunks v ON v.rowid = c.id WHERE c.hash = ? LIMIT 1",
            (h,)).fetchone()
        if row:
            out[h] = row[0]
    return out


def _names_part(qkey: str, name: str) -> bool:
    """Whether the query key `qkey` names part of `name`: whole words of it
    ("hua", "li" of "Li Hua"), or from three letters on the start of a run of
    its words ("wolf", "wolfgang sch"). Any substring of the key made "z" and
    "an" match Wolfgang Schulz, "the" Come Together, at 95 of 100."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)  # CamelCase: "LiHua" has the words li, hua
    words = [k for k in (normalise_key(w) for w in re.split(r"[\W_]+", spaced)) if k]
    for i in range(len(words)):
        run = ""
        for word in words[i:]:
            run += word
            if run == qkey:
                return True
            if len(run) >= len(qkey):
                break
        if len(qkey) >= 3 and run.startswith(qkey):
            return True
    return False


def _query_holds(query: str, name: str, min_score: float) -> bool:
    """Whether a name WRatio scored `min_score` or more for `query` (both folded) is a match
    to list. WRatio scores a name found anywhere in a longer query 90, as it does a query
    found in a longer name: `mrag entities incident` listed CI and `entities sprint` PR (the
    letters of a work log's abbreviations are in most words). A name shorter than the query
    is listed when it is a typing slip of it, compared whole, or whole words of it (`Sam`
    for "sam okafor", `Hong Kong` for "hong kong trip"), not letters inside a word."""
    from rapidfuzz import fuzz, utils

    q, n = utils.default_process(query), utils.default_process(name)
    if len(n) >= len(q) or fuzz.QRatio(q, n) >= min_score:
        return True
    words, part = q.split(), n.split()
    return bool(part) and any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


# The least score (0-100) a name or alias needs to be listed for a query: a name the
# query starts a word of scores 95, one it is part of 90, a typing slip 80-94 ("Wolfgnag"
# 88, "lihau" / "LiHua" 80, "liverpol" 94). At the 60 of old, "zzz" listed Grizzlies East
# and "xylophone" Thane: a name filter that lists what the query is not in reads as a match.
LIST_CUTOFF = 80


# a query with an umlaut or one spelled out (`Müller`, `Mueller`, NFD's u + U+0308 too): the only kind
# the ae/oe/ue spellings of names can match where its own spelling does not
UMLAUT_QUERY = re.compile("[äöüÄÖÜ]|[aouAOU]\u0308|[aouAOU][eE]")


def entities_list(conn, query: str | None = None, limit: int = 50, *, min_score: float = LIST_CUTOFF) -> list[dict]:
    """Entities by mention count, or fuzzy-matched against `query` (a blank
    one is none, as an empty one is): names and aliases scoring `min_score`
    and up, best first. `get_entity` asks for weaker ones, for its hint."""
    rows = conn.execute("SELECT id, name, key, type, mentions, chunks FROM entities").fetchall()
    if query and query.strip():
        from rapidfuzz import fuzz, process, utils

        qkey = normalise_key(query)
        names = {r[0]: r for r in rows}
        alias_rows = conn.execute("SELECT entity_id, alias, key FROM entity_aliases").fetchall()
        choices = {f"e{r[0]}": r[1] for r in rows}
        choices.update({f"a{i}:{eid}": alias for i, (eid, alias, _k) in enumerate(alias_rows)})
        scored: dict[int, float] = {}
        # WRatio scores a query found anywhere in a longer name 90 (its partial ratio): one or two
        # letters are in most names ("z" -> Raze, "x" -> Phoenix), so a short query is compared whole
        scorer = fuzz.WRatio if len(qkey) >= 3 else fuzz.QRatio
        # never more than there are choices: rapidfuzz takes the limit as a C long (-n 99999999999999999999)
        # case does not count: "lihau" is a typing slip of "LiHua" as "LiHau" is
        # and nor do accents and ß ("grösse", "GROSSE" and "Größe" compare as their keys do: text.fold),
        # folded here once per call; an ASCII name is left to default_process, which lowers it as fold
        # would: fold (NFKD) per name was half the time of a lookup among 100k names
        # a name with ä, ö, ü is a choice spelled with ae, oe, ue too: "Juergen" is part of Jürgen Weiß;
        # only for a query that may be spelled either way (ä, ö, ü or ae, oe, ue in it: UMLAUT_QUERY): for
        # every query, spelling out every name tripled the time of a lookup among 100k non-ASCII names
        umlauts = UMLAUT_QUERY.search(query) is not None
        spelled = {f"u{cid}": out for cid, name in choices.items()
                   if not name.isascii() and (out := spelled_out(name)) != name} if umlauts else {}
        choices = {cid: name if name.isascii() else fold(name) for cid, name in {**choices, **spelled}.items()}
        folded = fold(query)
        for _choice, score, cid in process.extract(folded, choices, scorer=scorer,
                                                   processor=utils.default_process,
                                                   limit=min(limit * 3, max(len(choices), 1)),
                                                   score_cutoff=min_score):
            if not _query_holds(folded, _choice, min_score):
                continue
            cid = cid.removeprefix("u")
            eid = int(cid[1:]) if cid.startswith("e") else int(cid.split(":")[1])
            scored[eid] = max(scored.get(eid, 0), score)
        # "Juergen" names part of Jürgen Weiß as "Jurgen" does, "Müller" of Juergen Mueller as "Mueller" does
        ukey = umlaut_key(query) if umlauts else qkey
        spelled_query = ukey != qkey
        for eid, r in names.items():
            if qkey and ((qkey in r[2] and _names_part(qkey, r[1]))
                         or (umlauts and (spelled_query or not r[1].isascii())
                             and ukey in (r[2] if r[1].isascii() else umlaut_key(r[1]))
                             and _names_part(ukey, spelled_out(r[1])))):
                scored[eid] = max(scored.get(eid, 0), 95.0)
        ordered = sorted(scored, key=lambda e: (-scored[e], -names[e][4]))[:limit]
        rows = [names[e] for e in ordered]
        scores = [scored[e] for e in ordered]
    else:
        rows = sorted(rows, key=lambda r: (-r[4], r[1]))[:limit]
        scores = [None] * len(rows)
    aliases: dict[int, list[str]] = defaultdict(list)
    ids = [r[0] for r in rows]
    if ids:
        marks = ",".join("?" * len(ids))
        for eid, alias in conn.execute(
                f"SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN ({marks}) ORDER BY count DESC", ids):
            aliases[eid].append(alias)
    return [{"id": r[0], "name": r[1], "type": r[3], "mentions": r[4], "chunks": r[5],
             "aliases": aliases[r[0]], **({"score": round(s, 1)} if s is not None else {})}
            for r, s in zip(rows, scores)]


def index_status(conn, db_path) -> dict:
    import os as _os

    from minirag_cli.extract.rules_version import VERSION
    from minirag_cli.db import skipped_files
    from minirag_cli.db import looked_files
    from minirag_cli.walk import conflict_copies, gone_folders, possible_copies

    counts = table_counts(conn)
    roots = json.loads(get_meta(conn, "roots", "[]"))
    size = 0
    for suffix in ("", "-wal"):
        try:
            size += _os.path.getsize(str(db_path) + suffix)
        except OSError:
            pass
    return {
        "db": str(db_path),
        "files": counts["documents"],
        "chunks": counts["chunks"],
        "entities": counts["entities"],
        "aliases": counts["entity_aliases"],
        "mentions": counts["mentions"],
        "edges": counts["cooccurrence"],
        "relations": counts["relations"],
        "cached_extractions": counts["extraction_cache"],
        "cached_answers": count_answers(conn),  # mrag eval --answers (and --judge)
        "db_bytes": size,
        "group_bytes": _group_bytes(db_path),
        "embedding_model": get_meta(conn, "embedding_model"),
        "embedding_dim": int(get_meta(conn, "embedding_dim") or 0) or None,
        "extractor": get_meta(conn, "extractor"),
        "extractor_model": get_meta(conn, "extractor_model") or None,  # model identity @ prompt version
        # the heuristic rules' version the entities come from (sync re-extracts or warns when it is not this mrag's)
        "heuristic_version": _version(get_meta(conn, HEURISTIC_VERSION_KEY)),
        "heuristic_version_current": VERSION,
        **dict(zip(("chunk_tokens", "overlap_tokens"), built_chunking(conn) or (None, None))),
        # the order the notes' ambiguous slashed days (11/12/2026) were read in where a note does not settle it
        # (dayorder.DAY_ORDER_KEY, not imported: status stays quick); None: unset, only the days a note settles
        "day_order": get_meta(conn, "day_order") or None,
        # what the vault's notes say of it as the last sync found them (dayorder.vault_evidence), None: not recorded
        "day_order_evidence": json_meta(get_meta(conn, "day_order_evidence")),
        "roots": roots,
        # the roots that are gone (moved, renamed, deleted or not mounted): their notes stay in the index
        "gone_roots": gone_folders(roots),
        # the roots whose symlinks out of the folder every sync follows (--follow-symlinks); []: none
        "follow_symlinks": following_roots(conn),
        # the sync tools' conflict copies the last sync skipped (walk.conflict_copy_reason): edits to merge
        "conflict_copies": [{"root": root, "path": path, "reason": reason}
                            for root, files in sorted(skipped_files(conn).items())
                            for path, reason in sorted(conflict_copies(files).items())],
        # notes that may be OneDrive copies named for a computer (walk.possible_copy): indexed, not skipped
        "possible_copies": [{"root": root, "path": path, "reason": reason}
                            for root, files in sorted(looked_files(conn).items())
                            for path, reason in sorted(possible_copies(files).items())],
        # the notes read with a warning (an `\iffalse` never closed, a text read as cp1252) while they stay so
        "read_warnings": standing_warnings(conn),
        "last_sync": get_meta(conn, "last_sync"),
        "schema_version": schema_version(conn),
    }


def standing_warnings(conn) -> list[dict]:
    """[{root, path, reason}] of the indexed notes the last syncs read with a warning (db.read_warnings), a
    note's warnings in a row; [] for none."""
    from minirag_cli.db import read_warnings

    out = []
    for root, notes in sorted(read_warnings(conn).items()):
        for path, reasons in sorted(notes.items()):
            if conn.execute("SELECT 1 FROM documents WHERE root = ? AND path = ?", (root, path)).fetchone():
                out += [{"root": root, "path": path, "reason": reason} for reason in reasons]
    return out


def _version(value: str | None) -> int | None:
    """A version recorded in meta as a number; None when none is (or it is not a number)."""
    return int(value) if value and value.isdigit() else None


def never_synced(conn) -> bool:
    """No sync has written a note into the index yet: no documents, and no
    vector tables (made when a sync first records its embedder)."""
    return not has_vec_tables(conn) and conn.execute("SELECT 1 FROM documents LIMIT 1").fetchone() is None


def holds_no_documents(conn) -> bool:
    """No note in the index (a first sync that failed before writing one)."""
    return conn.execute("SELECT 1 FROM documents LIMIT 1").fetchone() is None


def holds_no_chunks(conn) -> bool:
    """No chunk in the index: its syncs found no note with text."""
    return conn.execute("SELECT 1 FROM chunks LIMIT 1").fetchone() is None


def built_chunking(conn) -> tuple[int, int] | None:
    """(chunk tokens, overlap tokens) the index's notes were chunked with;
    None before the first sync. The overlap is the one the chunker used: an
    index synced when a larger overlap was cut without a word records the
    value it was given."""
    tokens, overlap = get_meta(conn, "chunk_tokens"), get_meta(conn, "overlap_tokens")
    if not tokens:
        return None
    return int(tokens), chunked_with(int(tokens), int(overlap or 0))


def _group_bytes(db_path) -> dict[str, int] | None:
    """Bytes of the file per table group (pagestat.group_bytes); None for a
    file that cannot be read that way (in memory, unreadable, damaged)."""
    import struct

    from minirag_cli import pagestat

    try:
        return pagestat.group_bytes(db_path)
    except (OSError, ValueError, IndexError, struct.error):
        return None


def indexed_paths(conn) -> set[str]:
    """Every document path the index holds (relative to its root)."""
    return {r[0] for r in conn.execute("SELECT path FROM documents")}


def indexed_documents(conn) -> set[tuple[str, str]]:
    """Every document the index holds as (root, path relative to that root):
    two synced folders may both hold the same relative path."""
    return {(r[0], r[1]) for r in conn.execute("SELECT root, path FROM documents")}


# ------------------------------------------------------------------ graph export (export.py)

# shortest distance from the start entity to every entity within `hops`;
# UNION (not UNION ALL) drops repeated (id, depth) rows so cycles cost nothing
NEIGHBOURHOOD_SQL = """
WITH RECURSIVE
  edge(src, dst) AS (SELECT a, b FROM cooccurrence WHERE weight >= :min_weight
                     UNION ALL SELECT b, a FROM cooccurrence WHERE weight >= :min_weight),
  walk(id, depth) AS (
    SELECT :start, 0
    UNION
    SELECT edge.dst, walk.depth + 1 FROM walk JOIN edge ON edge.src = walk.id WHERE walk.depth < :hops
  )
SELECT id, min(depth) FROM walk GROUP BY id
"""


def neighbourhood_rows(conn, entity_id: int, hops: int, min_weight: int) -> tuple[dict[int, int], list, list]:
    """({entity id: depth}, node rows, edge rows) of the entities within `hops`
    of `entity_id` and the edges among them. Node rows: (id, name, type,
    mentions, chunks); edge rows: (a, b, weight)."""
    depth = dict(conn.execute(NEIGHBOURHOOD_SQL, {"start": entity_id, "hops": hops, "min_weight": min_weight}).fetchall())
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS export_nodes(id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.export_nodes")
    conn.executemany("INSERT INTO temp.export_nodes(id) VALUES (?)", [(i,) for i in depth])
    node_rows = conn.execute("SELECT id, name, type, mentions, chunks FROM entities "
                             "WHERE id IN (SELECT id FROM temp.export_nodes) ORDER BY id").fetchall()
    edge_rows = conn.execute(
        "SELECT a, b, weight FROM cooccurrence WHERE weight >= ? "
        "AND a IN (SELECT id FROM temp.export_nodes) AND b IN (SELECT id FROM temp.export_nodes) "
        "ORDER BY a, b", (min_weight,)).fetchall()
    conn.execute("DELETE FROM temp.export_nodes")
    return depth, node_rows, edge_rows


def graph_rows(conn, min_weight: int) -> tuple[list, list]:
    """(node rows, edge rows) of the whole graph (see neighbourhood_rows)."""
    node_rows = conn.execute("SELECT id, name, type, mentions, chunks FROM entities ORDER BY id").fetchall()
    edge_rows = conn.execute("SELECT a, b, weight FROM cooccurrence WHERE weight >= ? ORDER BY a, b",
                             (min_weight,)).fetchall()
    return node_rows, edge_rows


def cjk_documents(conn) -> list[int]:
    """The documents with a chunk that holds Chinese or Japanese text (chunks.cjk)."""
    return [d for (d,) in conn.execute("SELECT DISTINCT document_id FROM chunks WHERE cjk != '' ORDER BY 1")]


def holds_any_cjk(conn) -> bool:
    """Whether a chunk of the index holds Chinese or Japanese text."""
    return conn.execute("SELECT 1 FROM chunks WHERE cjk != '' LIMIT 1").fetchone() is not None


def holds_cjk(conn, doc_id: int) -> bool:
    """Whether a chunk of the document holds Chinese or Japanese text."""
    return conn.execute("SELECT 1 FROM chunks WHERE document_id = ? AND cjk != '' LIMIT 1",
                        (doc_id,)).fetchone() is not None


# phrases ORed in one chunks_cjk query (documents_with_bigrams): a sync that changed many
# known names asks a few queries, not one a name, and no query grows without bound
BIGRAM_PHRASES_PER_QUERY = 200


def documents_with_bigrams(conn, phrases: Sequence[Sequence[str]]) -> set[int]:
    """The documents whose CJK text (chunks_cjk) holds one of `phrases`,
    each a name's character bigrams in a row: those that write one of
    some Chinese or Japanese names. A phrase of no bigrams matches nothing."""
    terms = ['cjk : "' + " ".join(bigrams) + '"' for bigrams in phrases if bigrams]
    docs: set[int] = set()
    for start in range(0, len(terms), BIGRAM_PHRASES_PER_QUERY):
        docs.update(doc for (doc,) in conn.execute(
            "SELECT DISTINCT c.document_id FROM chunks_cjk JOIN chunks c ON c.id = chunks_cjk.rowid "
            "WHERE chunks_cjk MATCH ?", (" OR ".join(terms[start:start + BIGRAM_PHRASES_PER_QUERY]),)))
    return docs


def json_meta(value: str | None) -> dict | None:
    """A meta value recorded as a JSON object, None when none is (or it is no object)."""
    try:
        parsed = json.loads(value) if value else None
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None
