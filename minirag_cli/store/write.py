"""Writes and reads of the index tables. Every write keeps the derived counts
exact: entities.mentions/chunks, entity_aliases.count/alias_count, entity_types.count
and cooccurrence.weight are adjusted by the same amounts a document's chunks
added, so replacing or deleting a document leaves the same numbers as never
having synced it; and an entity's name and type are decided from those
counts after every write (refresh_entities), so they too are what a rebuild
would give.
The read side returns plain dicts for formatters.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Callable, Iterable

from minirag_cli import bear, frontmatter, notekinds, simplenote
from minirag_cli.csvnotes import CSV_SUFFIX
from minirag_cli.extract import orgmode
from minirag_cli.chunking import Chunk
from minirag_cli.db import (RESOLVE_PENDING_KEY, FOLLOW_SYMLINKS_KEY, KNOWN_CJK_NOTES_KEY, KNOWN_WORDS_KEY,
                            KNOWN_WORDS_NOTES_KEY, KNOWN_WORDS_PENDING_KEY, LINKED_NAMES_KEY, LINK_TARGETS_KEY, LOOKED_KEY,
                            LOGSEQ_GRAPHS_KEY, NOTE_ALIASES_KEY, READ_WARNINGS_KEY, READER_VERSION_KEY,
                            SHARED_NAMES_KEY, SKIPPED_KEY, copy_missing_rows, delete_meta, get_meta, now_iso, set_meta, transaction)
from minirag_cli.latex import BIB
from minirag_cli.sections import clippings_entries, dated_header, opens_entry
from minirag_cli.todotxt import is_todo_txt
from minirag_cli.naming import chosen_key, chosen_name, chosen_type, fuzzable, own_forms, tags_only
from minirag_cli.store.answers import forget_chunk_answers
from minirag_cli.text import (HEADING_MARK, bm25_text, bundle_path, cjk_text, head_date, line_date, name_date,
                              normalise_key, notion_database, NOTION_ALL_ROWS, without_invisibles,
                              without_notion_ids)


@dataclass
class PlannedEntity:
    key: str
    name: str
    type: str
    count: int  # occurrences in the chunk
    forms: dict[str, int] = field(default_factory=dict)  # surface form -> count
    merges: dict[str, str] = field(default_factory=dict)  # surface form -> 'exact'|'fuzzy'|'alias'
    rank: int = 1  # naming.type_rank of the mention `type` comes from


@dataclass
class PlannedRelation:
    a: str  # entity key
    b: str
    sentence: int  # relation_sentences.key of the relation text (vectors.sentence_key)
    vector: bytes  # its embedding, 12-bit packed (vectors.Codec.pack12)
    start: int  # the sentence's span in the chunk text
    end: int


@dataclass
class PlannedChunk:
    chunk: Chunk
    vector: bytes  # int8 (vectors.Codec.int8)
    entities: list[PlannedEntity]
    relations: list[PlannedRelation]
    spans: list[tuple[str, str]] = field(default_factory=list)  # (first, last) ISO days it writes: notespans.py
    # the hash of what `vector` embeds, chunks.hash (chunk_titles.vector_hash); None: the chunk's text's
    vector_hash: str | None = None


def delete_document(conn, doc_id: int, names: "NameVectors") -> tuple[set[str], dict[str, str]]:
    """Remove a document and everything derived from it; returns the keys of
    entities that no longer have any mention (and were deleted) and {old key:
    new key} of those keyed anew. The entities it named that stay are keyed,
    named and typed anew (refresh_entities: `names` embeds a new name)."""
    chunk_ids = [r[0] for r in conn.execute("SELECT id FROM chunks WHERE document_id = ?", (doc_id,))]
    touched = _retract_chunks(conn, chunk_ids, purge=False)
    removed = purge_orphan_entities(conn, touched)
    conn.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
    return removed, refresh_entities(conn, touched, names)


def _retract_chunks(conn, chunk_ids: list[int], purge: bool = True, keep_chunks: bool = False) -> set:
    """Undo the counts and edges of these chunks and delete them (with
    `keep_chunks`, only their mentions and relations: the chunks, their text
    and vectors stay). With purge, returns the keys of the entities deleted
    as orphans; without, the ids of the entities whose counts went down (the
    caller purges them later)."""
    if not chunk_ids:
        return set()
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS retract(id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.retract")
    conn.executemany("INSERT INTO temp.retract(id) VALUES (?)", [(i,) for i in chunk_ids])
    per_entity = conn.execute(
        "SELECT entity_id, sum(count), count(*) FROM mentions WHERE chunk_id IN (SELECT id FROM temp.retract) "
        "GROUP BY entity_id").fetchall()
    conn.executemany("UPDATE entities SET mentions = mentions - ?, chunks = chunks - ? WHERE id = ?",
                     [(m, c, e) for e, m, c in per_entity])
    pairs = conn.execute(
        "SELECT m1.entity_id, m2.entity_id, count(*) FROM mentions m1 JOIN mentions m2 "
        "ON m1.chunk_id = m2.chunk_id AND m1.entity_id < m2.entity_id "
        "WHERE m1.chunk_id IN (SELECT id FROM temp.retract) GROUP BY 1, 2").fetchall()
    conn.executemany("UPDATE cooccurrence SET weight = weight - ? WHERE a = ? AND b = ?",
                     [(w, a, b) for a, b, w in pairs])
    # only the rows touched here can have dropped to zero: delete those by key
    # instead of scanning the whole edge table for every replaced document
    conn.executemany("DELETE FROM cooccurrence WHERE a = ? AND b = ? AND weight <= 0", [(a, b) for a, b, _w in pairs])
    forms: Counter = Counter()
    joined: Counter = Counter()
    types: Counter = Counter()
    for entity_id, raw, raw_aliases, type_, count in conn.execute(
            "SELECT entity_id, forms, aliases, type, count FROM mentions "
            "WHERE chunk_id IN (SELECT id FROM temp.retract)"):
        given = json.loads(raw)
        for form, n in given.items():
            forms[(entity_id, form)] += n
        for form, n in json.loads(raw_aliases).items():
            joined[(entity_id, form)] += n
        types[(entity_id, type_, int(tags_only(given)))] += count
    conn.executemany("UPDATE entity_aliases SET count = count - ?, alias_count = alias_count - ? "
                     "WHERE entity_id = ? AND alias = ?",
                     [(n, joined[(e, f)], e, f) for (e, f), n in forms.items()])
    conn.executemany("DELETE FROM entity_aliases WHERE entity_id = ? AND alias = ? AND count <= 0",
                     [(e, f) for (e, f) in forms])
    _relabel(conn, list(forms))
    conn.executemany("UPDATE entity_types SET count = count - ? WHERE entity_id = ? AND type = ? AND tags = ?",
                     [(n, e, t, g) for (e, t, g), n in types.items()])
    conn.executemany("DELETE FROM entity_types WHERE entity_id = ? AND type = ? AND tags = ? AND count <= 0",
                     list(types))
    if keep_chunks:
        for table in ("relations", "mentions", "chunk_spans"):
            conn.execute(f"DELETE FROM {table} WHERE chunk_id IN (SELECT id FROM temp.retract)")
    else:
        conn.execute("DELETE FROM chunks WHERE id IN (SELECT id FROM temp.retract)")
    conn.execute("DELETE FROM temp.retract")
    touched = [e for e, _m, _c in per_entity]
    return purge_orphan_entities(conn, touched) if purge else set(touched)


def purge_orphan_entities(conn, candidates: Iterable[int] | None = None) -> set[str]:
    """Delete entities no chunk mentions any more (cascades to aliases, edges,
    relations and, by trigger, their vectors); returns their keys. With
    `candidates` (entity ids whose counts went down) only those are checked,
    which keeps a replaced document's cost independent of the index size."""
    if candidates is None:
        gone = {r[0] for r in conn.execute("SELECT key FROM entities WHERE chunks <= 0")}
        if gone:
            conn.execute("DELETE FROM entities WHERE chunks <= 0")
        return gone
    ids = list(set(candidates))
    gone = set()
    for start in range(0, len(ids), 500):
        part = ids[start:start + 500]
        marks = ",".join("?" * len(part))
        rows = conn.execute(f"SELECT id, key FROM entities WHERE id IN ({marks}) AND chunks <= 0", part).fetchall()
        if rows:
            conn.executemany("DELETE FROM entities WHERE id = ?", [(r[0],) for r in rows])
            gone.update(r[1] for r in rows)
    return gone


HEADER_FIRST_LINE_CHARS = 120


def note_head(text: str, matter, path: str = "", first_chunk_text: str = "",
              note_path: str | None = None) -> str | None:
    """The first line of a note's header when it is not the first line of its first chunk; None when it is
    (_written_head), with the citation key its file name opens with in front when its title does not write it
    (_cited_head: heuristic rules 29; `note_path`: the note's path in its synced folder, as the extractor reads
    it, `path` when None: `path` may have the synced folder's own folders in front, text.dated_path)."""
    head = _written_head(text, matter, path, first_chunk_text)
    return _cited_head(head, matter, path if note_path is None else note_path, first_chunk_text)


# what a title opens with, maybe after quotes, brackets or emphasis (`**V-MoE**`, `[[Switch]]`): a letter or a digit;
# not a line of markup (`---` that opened no front matter, a bare `#`, a code fence, a table row, a quote)
_TITLE_OPENING = re.compile(r"[\"'“‘(\[*_]*[^\W_]")


def _cited_head(head: str | None, matter, path: str, first_chunk_text: str) -> str | None:
    """`head` (or the first line of the first chunk, `head` None) with the citation key the note's file name opens
    with before its title (heuristic.cited_key), `KEY - Title`, when the title does not write it: `Riquelme2021 -
    Scaling Vision with Sparse Mixture of Experts` for `Riquelme2021 - Vision MoE.md` titled by its front matter,
    so BM25 finds every chunk of the paper's note by the key a question writes ("what did riquelme2021 get on
    imagenet": the file name's key was no word of the note). Its date line stays last (frontmatter.joined_head).
    `head` as it is when its line is no title (_TITLE_OPENING: `Zhou2022 - ---` disabled store.note_heads's
    reading of a front matter a chunk holds) or the key would change the date the header gives the note (text.
    head_date reads `# Sat, 15 March 2025` only opening the line: `Zhou2022 - Sat, 15 March 2025` dated none)."""
    if not path:
        return head
    from minirag_cli.extract.heuristic import cited_key  # the rules compile their regexes when first imported

    key = cited_key(path, matter)
    if key is None:
        return head
    # the header's first line as document_header cuts it, before any regex reads it (a 2 MB one-line note)
    first = head if head is not None else first_chunk_text[:HEADER_FIRST_LINE_CHARS].split("\n", 1)[0]
    first = first[:HEADER_FIRST_LINE_CHARS]
    if re.search(rf"(?<!\w){re.escape(key)}(?!\w)", first, re.IGNORECASE):
        return head
    date = frontmatter.head_date_line(first)
    title = first.strip()
    if date:  # `Title · date: 2021-06-01`, or the date line alone
        title = title[:len(title) - len(date)].strip().removesuffix(frontmatter.HEAD_SEP.strip()).strip()
    title = HEADING_MARK.sub("", title, count=1).strip()
    if not (_TITLE_OPENING.match(title) if title else date):
        return head
    cited = frontmatter.joined_head(f"{key} - {title}" if title else key, date, HEADER_FIRST_LINE_CHARS)
    if head_date(frontmatter.header_head(cited)) != head_date(frontmatter.header_head(first)):
        return head
    return cited


def _written_head(text: str, matter, path: str = "", first_chunk_text: str = "") -> str | None:
    """The first line of a note's header when it is not the first line of
    its first chunk; None when it is. A note that opens with front matter
    (`matter`: frontmatter.of_note of its `text`) is headed by the block's
    title and date line (frontmatter.head_of), read from the whole note,
    however many chunks the block covers. A note dated by its file name
    (text.name_date: a daily note, whose `path` in its synced folder is a
    date, `2024-05-03.md`, `journals/2024_05_03.md`, `2024/05/03.md`; a
    Zettelkasten ID's or a timestamp's date and time, `202610191400 Intro
    and Big-O.md`; a name holding a date, `Chat 2024-05-03.md`) is headed
    by it as by a front matter date: its title (the block's, else its first
    chunk's first line, `first_chunk_text`) and `date: 2024-05-03` (`date:
    2026-10-19 14:00`), so that BM25 finds every chunk of it by the date a
    question writes (retrieve.fts_query) and store.note_heads dates it from
    the header as answer.note_date dated it from the file name. A front
    matter `date:` line comes first, a `created:` one (a date, or Dendron's epoch
    milliseconds: frontmatter.epoch_ms_line) after the file name's date, and a title that holds a numeric date
    already dates the note (text.line_date, as answer.note_date reads it: a
    chat's `Time: 20260408_08:38` keeps its time, so LiHua's
    `20260408_0838.txt` gets no date line): the file name's date is then not
    added (it is to a `2024年5月3日` title, which BM25 reads as one word).
    A Notion page's creation line (`Created: November 3, 2026 10:15 AM`
    right after its `# Title`) dates it as a front matter `created:` does,
    and an Org note's `#+TITLE:` and `#+DATE:` lines (orgmode.head: read
    from its first chunk) head it as a front matter's title and date do.
    A Simplenote note's `created:` last line (simplenote.created) dates it as a Joplin note's creation does,
    and a Bear note's in a TextBundle (bear.created).
    A Kindle's clippings (sections.clippings_entries) are headed by the
    file's name, `My Clippings`, not by the book of their first entry, and
    a todo.txt (todotxt.is_todo_txt) by its name, `work.todo`, not by its
    first task, and a BibTeX library by its name, `library`, not by its first entry, and a CSV's table by
    its name, `reading-list`, not by its header row."""
    head = None if matter is None else frontmatter.head_of(matter, text, HEADER_FIRST_LINE_CHARS)
    if matter is None and path and is_todo_txt(path, (text or first_chunk_text).split("\n")):
        # a todo.txt's first line is its first task, which headed every chunk of the list (`(A)Call without
        # space` on 22): its file name heads it, as a Kindle's clippings', with the day a name gives
        name = path.rsplit("/", 1)[-1]
        dated = name_date(without_invisibles(path))
        return frontmatter.joined_head(name[:-4] if name.lower().endswith(".txt") else name,
                                       f"date: {dated}" if dated else "", HEADER_FIRST_LINE_CHARS)
    if matter is None and clippings_entries(first_chunk_text or text) is not None:
        # a Kindle's clippings: its first line is its first entry's book, which headed every chunk (of every
        # book); the file's name heads it, and each chunk's own day (sections.dated_header)
        return path.rsplit("/", 1)[-1].rsplit(".", 1)[0].strip() or None
    # a Notion page's `Created: November 3, 2026 10:15 AM` property line dates it as a front matter
    # `created:` does (frontmatter.notion_created): its title and `created: 2026-11-03 10:15`; its `Date:`
    # (a meeting's row, made ahead: frontmatter.notion_day) as a front matter's `date:` does, before it
    created = frontmatter.notion_created(text) if matter is None else ""
    if created:
        title = next((line.strip() for line in text.split("\n") if line.strip()), "")
        # a row of a Notion database (its property lines, its folder named by the database: text.notion_database):
        # the database's name joins its title, as the folder was all that said `Sofia check-in` is a meeting
        # (heuristic rules 30: "who did i meet in november" ranked other November notes above the meetings)
        database = notion_database(path) if path else None
        if database and not re.search(rf"(?<!\w){re.escape(database)}(?!\w)", title, re.IGNORECASE):
            title = f"{title}{frontmatter.HEAD_SEP}{database}"
        day = frontmatter.notion_day(text)
        head = frontmatter.joined_head(title, f"date: {day}" if day else f"created: {created}", HEADER_FIRST_LINE_CHARS)
    # a Joplin note's `user_created_time:` (notekinds.joplin_note keeps it) dates it as `created:` would
    joplin = notekinds.joplin_created(path, text) if matter is None and not created else ""
    if joplin:
        created = joplin
        title = next((line.strip() for line in text.split("\n") if line.strip()), "")
        head = frontmatter.joined_head(title, f"created: {created}", HEADER_FIRST_LINE_CHARS)
    # a Simplenote note's creation, the line readers.read_text ends it with (its export's source/notes.json)
    simple = (simplenote.created(path, text) or bear.created(path, text)) if matter is None and not created and path \
        else ""
    if simple:
        created = simple
        title = next((line.strip() for line in text.split("\n") if line.strip()), "")
        head = frontmatter.joined_head(title, f"created: {created}", HEADER_FIRST_LINE_CHARS)
    if matter is None and path and path.lower().endswith(CSV_SUFFIX):
        # a CSV's table (csvnotes.py): its header row headed every chunk; its file name heads it, as a library's
        # (a Notion database's, `Meeting notes ebc1….csv`, `Projects 7659…_all.csv`, by its name without the id, no
        # word of any question)
        name = NOTION_ALL_ROWS.sub("", without_notion_ids(path.rsplit("/", 1)[-1])[:-len(CSV_SUFFIX)]).strip()
        dated = name_date(without_invisibles(path))
        return frontmatter.joined_head(name, f"date: {dated}" if dated else "", HEADER_FIRST_LINE_CHARS) or None
    if matter is None and path and path.lower().endswith(BIB):
        # a BibTeX library (latex.bib_text): its first line is its first entry's heading, which headed every chunk
        # of the library, so a question naming that paper matched every entry alike (qa38): its file name heads it
        return path.rsplit("/", 1)[-1][:-len(BIB)].strip()[:HEADER_FIRST_LINE_CHARS] or None
    org = orgmode.head(first_chunk_text) if matter is None and not created and orgmode.org_note(path) else None
    if org is not None:  # an Org note's `#+TITLE:` and `#+DATE:` head it as a front matter's title and date do
        title, day = org
        title = title or first_chunk_text.split("\n", 1)[0].strip()
        head = frontmatter.joined_head(title, f"date: {day}" if day else "", HEADER_FIRST_LINE_CHARS)
        if day:
            return head
    if head is None and matter is None and not created and org is None and path:
        # a page written as an outline, as Roam and Logseq write every page, is titled by its file name alone
        # (qa35: Roam's `Priya Raman.md`, headed `- Type:: [[Person]]`, ranked 8th for "who is Priya Raman?"),
        # and dated by its own `date::` property (readers 11), which comes before its file name's date
        head = outline_head(path, first_chunk_text or text)
        if head is not None and frontmatter.head_date_line(head):
            return head
    dated = name_date(without_invisibles(path)) if path else ""
    if not dated or created or (matter is not None and matter.date_line(("date",))):
        return head
    if matter is not None:  # its `created:` comes after the file name's date (a meeting note is made ahead)
        head = frontmatter.head_of(matter, text, HEADER_FIRST_LINE_CHARS, dated=False)
    title = head if head is not None else first_chunk_text.split("\n", 1)[0].strip()
    if line_date(title, numeric_only=True):  # `2024年5月3日` too gets the line BM25 finds `2024 05 03` in
        return head
    return frontmatter.joined_head(title, f"date: {dated}", HEADER_FIRST_LINE_CHARS)



# a Markdown note's first line that is a list item's (`- Type:: [[Person]]`, `* milk`): no title
_OUTLINE_START = re.compile(r"[-*+][ \t]")


def outline_head(path: str, text: str) -> str | None:
    """The head of an outliner's page (outline_title; readers 11: a Logseq page opening with its properties,
    `type:: [[person]]`, too, which headed it): its `title::` property, else its file name, and the date line of
    its `date::` property (frontmatter.page_date_line: `Date:: [[October 3rd, 2026]]` dated nothing)."""
    title = outline_title(path, text)
    if title is None:
        return None
    props = frontmatter.page_properties(text)
    named = [frontmatter.page_value(v) for e in props if e.key.lower() == "title" for v in e.values[:1]]
    return frontmatter.joined_head((named[0] if named and named[0] else title)[:HEADER_FIRST_LINE_CHARS],
                                   frontmatter.page_date_line(props), HEADER_FIRST_LINE_CHARS)


def outline_title(path: str, text: str) -> str | None:
    """The title of the Markdown note at `path` (its synced folder's '/'-separated path) whose `text` (its
    first chunk's, or whole) opens with a list item, as Roam and Logseq write a page (an outline, its title
    its file name: `Priya Raman.md` opens `- Type:: [[Person]]`): its file name without the extension (a
    TextBundle's by its bundle, text.bundle_path); None for another note, whose first line heads it."""
    if not path.lower().endswith((".md", ".markdown")):
        return None
    if not _OUTLINE_START.match(text.lstrip("\ufeff")) and not frontmatter.page_properties(text):
        return None
    name = bundle_path(path).rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0].strip()[:HEADER_FIRST_LINE_CHARS] or None


def document_header(conn, first_chunk_text: str, entity_ids, head: str | None = None) -> str:
    """What every chunk of a document is indexed with besides its text
    (FTS5 column `header`, migration 0002): the document's first line (a
    title, a chat export's `Time:` line; for a note that opens with front
    matter, `head`: note_head), at most HEADER_FIRST_LINE_CHARS, and the
    names of the people it mentions, sorted; `head` None: the first line
    of the first chunk. migrations/0002_chunk_header.sql (immutable) filled
    the indexes older than it with what this was then, the first line alone,
    which every sync wrote until heuristic rules version 2: `---` for a
    front-matter note (and until version 3 for a block longer than a chunk).
    The re-extraction of a heuristic index from older rules
    (sync._reextract) rewrites those headers, as that of an llm index whose
    windows the model's cache holds; another llm index keeps them until the
    note changes or `sync --rebuild`, and store.note_heads dates such a
    note from its first chunk (a block it holds whole). It holds no
    invisible character BM25 would split a word at (text.without_invisibles:
    the header is indexed, never shown as written; migration 0006). A
    Kindle's clippings (sections.clippings_entries) list no people: their
    entries name their books' authors."""
    first = head if head is not None else first_chunk_text.split("\n", 1)[0][:HEADER_FIRST_LINE_CHARS]
    if clippings_entries(first_chunk_text) is not None:
        # a Kindle's clippings: highlights of many books, each entry's authors in its own title line; every
        # author on every chunk made a question naming one (`Kahneman`) match every book's entries alike
        return header_layout(first, [])
    ids = sorted({int(i) for i in entity_ids})
    names = [r[0] for r in conn.execute(
        "SELECT DISTINCT e.name FROM json_each(?) j JOIN entities e ON e.id = j.value "
        "WHERE e.type = 'person' ORDER BY e.name", (json.dumps(ids),))] if ids else []
    return header_layout(first, names)


def header_layout(first: str, people: Iterable[str]) -> str:
    """A header as document_header writes it: the first line, a line end,
    the people's names, without the invisible characters BM25 would split a
    word at; no line end where either is empty. The first line ends with no
    blank: cut at HEADER_FIRST_LINE_CHARS it may (`...Bluebell `), and
    _rename_people, which reads it back from the header, could not keep it,
    so a note's header depended on whether its people were renamed since."""
    return (without_invisibles(first).rstrip() + "\n" + without_invisibles(", ".join(people))).strip("\n ")


@dataclass(frozen=True)
class DocumentRecord:
    """A synced file as the `documents` table holds it."""

    root: str
    path: str
    content_hash: str
    size: int
    mtime: float
    n_lines: int


@dataclass
class NameVectors:
    """Vectors of entity names: `known` maps names to vectors (a name vector
    is the embedding of the name, whatever entity bears it) embedded with
    the group or since; `embed(names) -> list[bytes]` makes any missing."""

    known: dict[str, bytes]
    embed: Callable[[list[str]], list[bytes]]

    def vectors(self, conn, wanted: dict[str, str]) -> dict[str, bytes]:
        """{key: vector} for `wanted` ({entity key: name}): known, kept aside
        by clear_graph for that key and name (a re-extraction), or embedded
        now, in one call."""
        kept = conn.execute("SELECT 1 FROM sqlite_temp_master WHERE name = 'kept_names'").fetchone() is not None
        for key, name in wanted.items():
            if name not in self.known and kept:
                row = conn.execute("SELECT vector FROM temp.kept_names WHERE key = ? AND name = ?",
                                   (key, name)).fetchone()
                if row:
                    self.known[name] = row[0]
        missing = list(dict.fromkeys(name for name in wanted.values() if name not in self.known))
        if missing:
            self.known.update(zip(missing, self.embed(missing)))
        return {key: self.known[name] for key, name in wanted.items()}


@dataclass
class _Deltas:
    """What one document adds to the derived counts."""

    entity: Counter = field(default_factory=Counter)  # entity id -> mentions
    chunk: Counter = field(default_factory=Counter)  # entity id -> chunks
    # (entity, form) -> [count, merge, key, occurrences joined as a note's alias]
    alias: dict[tuple[int, str], list] = field(default_factory=dict)
    types: Counter = field(default_factory=Counter)  # (entity, type, tags only) -> mentions
    pair: Counter = field(default_factory=Counter)  # (a, b) -> chunks shared


def write_document(conn, doc: DocumentRecord, chunks: list[PlannedChunk], names: NameVectors,
                   head: str | None, days: list[str] | None = None,
                   books: list[str] | None = None) -> tuple[int, set[str], dict[str, str]]:
    """Insert or replace one document with its chunks and graph edges (`head`:
    note_head; `days`: each chunk's dated section's day, sections.chunk_days,
    which its header holds in place of the note's date; `books`: a Kindle's
    clippings chunk's book, sections.chunk_books, which its header names). Call inside a
    transaction. Returns (document id, keys of entities removed by the
    replacement, {old key: new key} of the entities keyed anew:
    refresh_entities)."""
    doc_id, retracted = _upsert_document(conn, doc)
    ids, new, header = _document_entities(conn, chunks, head)
    deltas = _Deltas()
    headers = _chunk_headers(conn, chunks, ids, header, head, days, books)
    for pc, chunk_header in zip(chunks, headers, strict=True):
        _insert_chunk(conn, doc_id, pc, ids, chunk_header, deltas)
    _apply_deltas(conn, deltas)
    gone = purge_orphan_entities(conn, retracted)
    return doc_id, gone, refresh_entities(conn, set(deltas.entity) | set(retracted), names, new)


def _day_groups(texts: list[str], firsts: list[str]) -> list[list[int]] | None:
    """The chunks of a jrnl journal's days (sections.jrnl_entries), by the first line of their headers
    (`firsts`: each day's, dated_header): the indexes of each day's chunks, in order; None for any other
    document, one of one header line or whose days open otherwise (a journal's `## 2026-11-03`)."""
    groups: dict[str, list[int]] = {}
    for i, first in enumerate(firsts):
        groups.setdefault(first, []).append(i)
    if len(groups) < 2 or not all(g[0] == 0 or opens_entry(texts[g[0]]) for g in groups.values()):
        return None
    return list(groups.values())


def _chunk_headers(conn, chunks: list[PlannedChunk], ids: dict[str, int], header: str, head: str | None,
                   days: list[str] | None, books: list[str] | None = None) -> list[str]:
    """Each chunk's header: the document's (document_header) with its dated section's day (`days`:
    sections.dated_header) and a clippings chunk's book (`books`). A jrnl journal's day (_day_groups)
    lists the people of that day's chunks alone (fixS4: every day was headed with every person of the
    journal, so a question naming one matched every day)."""
    days = days or [""] * len(chunks)
    books = books or [""] * len(chunks)
    headers = [dated_header(header, day, HEADER_FIRST_LINE_CHARS, book) for day, book in zip(days, books, strict=True)]
    groups = _day_groups([pc.chunk.text for pc in chunks], [h.split("\n", 1)[0] for h in headers]) \
        if any(days) and not any(books) else None
    for group in groups or ():
        own = document_header(conn, chunks[0].chunk.text, {ids[pe.key] for i in group for pe in chunks[i].entities},
                              head)
        for i in group:
            headers[i] = dated_header(own, days[i], HEADER_FIRST_LINE_CHARS)
    return headers


def _document_entities(conn, chunks: list[PlannedChunk],
                       head: str | None) -> tuple[dict[str, int], set[int], str]:
    """The ids of every canonical key a document's chunks name (entities
    made for new ones, in the chunks' order, without a name vector yet: see
    refresh_entities), the ids of the new ones and the chunks' header. A new
    entity is made with the type the document's mentions give it
    (naming.chosen_type of their counts): the one refresh_entities keeps
    unless another note names it too."""
    wanted: dict[str, PlannedEntity] = {}
    given: dict[str, Counter] = {}
    for pc in chunks:
        for pe in pc.entities:
            wanted.setdefault(pe.key, pe)
            given.setdefault(pe.key, Counter())[(pe.type, tags_only(pe.forms))] += pe.count
    types = {key: chosen_type((t, tags, n) for (t, tags), n in counts.items()) for key, counts in given.items()}
    ids, new = _entity_ids(conn, {key: replace(pe, type=types[key] or pe.type) for key, pe in wanted.items()})
    return ids, new, document_header(conn, chunks[0].chunk.text if chunks else "", ids.values(), head)


def write_graph(conn, doc_id: int, chunks: list[tuple[int, PlannedChunk]], head: str | None,
                written: set[int], new: set[int], days: list[str] | None = None,
                books: list[str] | None = None) -> None:
    """The entities, mentions, edges and relations of a document whose chunks
    the index holds (`chunks`: (chunk id, its plan), in order; the plans'
    vectors are not used), and its chunks' header: what write_document writes
    besides the chunks. The ids of the entities it names are added to
    `written`, of those it made to `new`: the caller names them
    (refresh_entities) once every document is written, so that a name is
    embedded once, not as each note changes the counts. Call inside a
    transaction, after clear_graph (sync's re-extraction, which writes every
    document again this way)."""
    ids, made, header = _document_entities(conn, [pc for _id, pc in chunks], head)
    # the header names the document's people: FTS re-indexes only the chunks whose header changed
    if days is None and books is None:
        conn.execute("UPDATE chunks SET header = ? WHERE document_id = ? AND header <> ?", (header, doc_id, header))
    else:  # each chunk its dated section's day (`days`: sections.chunk_days), a clippings chunk its book
        headers = _chunk_headers(conn, [pc for _id, pc in chunks], ids, header, head, days, books)
        conn.executemany("UPDATE chunks SET header = ? WHERE id = ? AND header <> ?",
                         [(h, chunk_id, h) for (chunk_id, _pc), h in zip(chunks, headers, strict=True)])
    deltas = _Deltas()
    for chunk_id, pc in chunks:
        _insert_graph(conn, chunk_id, pc, ids, deltas)
    _apply_deltas(conn, deltas)
    written.update(deltas.entity)
    new.update(made)


def clear_graph(conn) -> None:
    """Delete every entity, alias, mention, co-occurrence edge and relation
    (documents and chunks stay, with their vectors), keeping the entity-name
    and relation-sentence vectors aside for kept_vectors (temp tables of this
    connection, dropped by forget_kept_vectors or a rollback; for
    NameVectors.vectors and kept_vectors). Call inside a transaction."""
    forget_kept_vectors(conn)
    conn.execute("CREATE TEMP TABLE kept_names(key TEXT PRIMARY KEY, name TEXT NOT NULL, vector BLOB NOT NULL)")
    conn.execute("INSERT INTO temp.kept_names(key, name, vector) "
                 "SELECT e.key, e.name, v.embedding FROM vec_entity_names v JOIN entities e ON e.id = v.rowid")
    conn.execute("CREATE TEMP TABLE kept_sentences(key INTEGER PRIMARY KEY, vector BLOB NOT NULL)")
    conn.execute("INSERT INTO temp.kept_sentences(key, vector) SELECT key, vector FROM relation_sentences")
    # the edges before their entities: a cascade from each entity would scan
    # `relations` (no index on a, b) once per entity
    for table in ("relations", "mentions", "chunk_spans", "cooccurrence", "entity_aliases", "entity_types", "entities",
                  "relation_sentences"):
        conn.execute(f"DELETE FROM {table}")


def clear_document_graphs(conn, doc_ids: list[int]) -> set[int]:
    """Delete the mentions and relations of these documents' chunks, with
    what they added to the counts, aliases and co-occurrence edges (the
    chunks stay, with their vectors), keeping their relation sentences'
    vectors aside for kept_vectors, as clear_graph does for every document,
    with those kept already (a re-extraction's clear_graph: the notes its
    resolver extracts again find their first vectors); the entities stay
    too, while the caller writes the documents' graph anew (write_graph): an
    entity a document still names keeps its id and vector. Returns the ids
    of the entities whose counts went down, for purge_orphan_entities once
    they are written. Call inside a transaction; forget_kept_vectors after."""
    chunk_ids = [r[0] for start in range(0, len(doc_ids), 500) for r in conn.execute(
        f"SELECT id FROM chunks WHERE document_id IN ({','.join('?' * len(doc_ids[start:start + 500]))})",
        doc_ids[start:start + 500])]
    # none added: the documents' entities are not deleted before they are written again
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS kept_names(key TEXT PRIMARY KEY, name TEXT NOT NULL, "
                 "vector BLOB NOT NULL)")
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS kept_sentences(key INTEGER PRIMARY KEY, vector BLOB NOT NULL)")
    # before the relations go: the last one of a sentence deletes it (trigger relations_sentence_ad)
    for start in range(0, len(chunk_ids), 500):
        part = chunk_ids[start:start + 500]
        conn.execute("INSERT OR IGNORE INTO temp.kept_sentences(key, vector) SELECT rs.key, rs.vector "
                     "FROM relations r JOIN relation_sentences rs ON rs.id = r.sentence_id "
                     f"WHERE r.chunk_id IN ({','.join('?' * len(part))})", part)
    return _retract_chunks(conn, chunk_ids, purge=False, keep_chunks=True)


def kept_vectors(conn, sentences: Iterable[int]) -> dict[int, bytes]:
    """Of the vectors clear_graph kept: those of the relation sentence keys
    in `sentences` (the entity-name ones are looked up by NameVectors.vectors)."""
    found = {}
    for key in set(sentences):  # or written since, by an earlier note
        row = conn.execute("SELECT vector FROM temp.kept_sentences WHERE key = ? UNION ALL "
                           "SELECT vector FROM relation_sentences WHERE key = ? LIMIT 1", (key, key)).fetchone()
        if row:
            found[key] = row[0]
    return found


# the vector of a relation sentence written before its text is embedded (sync._Run.deferred_sentences): never committed
UNEMBEDDED = b""


def unembedded_sentences(conn) -> list[int]:
    """The keys of the relation sentences the graph holds with no vector yet (UNEMBEDDED)."""
    return [key for (key,) in conn.execute("SELECT key FROM relation_sentences WHERE vector = ? ORDER BY key",
                                           (UNEMBEDDED,))]


def set_sentence_vectors(conn, vectors: dict[int, bytes]) -> None:
    """Give the relation sentences of these keys their vectors."""
    conn.executemany("UPDATE relation_sentences SET vector = ? WHERE key = ?",
                     [(vector, key) for key, vector in vectors.items()])


def forget_kept_vectors(conn) -> None:
    conn.execute("DROP TABLE IF EXISTS temp.kept_names")
    conn.execute("DROP TABLE IF EXISTS temp.kept_sentences")


def _upsert_document(conn, doc: DocumentRecord) -> tuple[int, set]:
    """The document's id (its old chunks retracted when it was there) and the
    ids of the entities whose counts went down."""
    row = conn.execute("SELECT id FROM documents WHERE root = ? AND path = ?", (doc.root, doc.path)).fetchone()
    if row is None:
        # a new document takes nothing away: no entity can become an orphan
        return conn.execute(
            "INSERT INTO documents(root, path, hash, size, mtime, n_lines, synced_at) VALUES (?,?,?,?,?,?,?)",
            (doc.root, doc.path, doc.content_hash, doc.size, doc.mtime, doc.n_lines, now_iso())).lastrowid, set()
    doc_id = row[0]
    chunk_ids = [r[0] for r in conn.execute("SELECT id FROM chunks WHERE document_id = ?", (doc_id,))]
    # entities left without mentions are purged only after the new content
    # is in, so an entity the new version still names keeps its id and vector
    retracted = _retract_chunks(conn, chunk_ids, purge=False)
    conn.execute("UPDATE documents SET hash = ?, size = ?, mtime = ?, n_lines = ?, synced_at = ? WHERE id = ?",
                 (doc.content_hash, doc.size, doc.mtime, doc.n_lines, now_iso(), doc_id))
    return doc_id, retracted


def _insert_chunk(conn, doc_id: int, pc: PlannedChunk, ids: dict[str, int], header: str, d: _Deltas) -> None:
    """One chunk with its vector, mentions and relations; its counts go to `d`."""
    c = pc.chunk
    chunk_id = conn.execute(
        "INSERT INTO chunks(document_id, seq, text, start_char, end_char, start_line, end_line, n_tokens, hash, "
        "header, cjk, bm25_text) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (doc_id, c.seq, c.text, c.start_char, c.end_char, c.start_line, c.end_line, c.n_tokens,
         pc.vector_hash or c.hash, header,
         cjk_text(c.text), bm25_text(c.text)),
    ).lastrowid
    conn.execute("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, vec_int8(?))", (chunk_id, pc.vector))
    _insert_graph(conn, chunk_id, pc, ids, d)


def _insert_graph(conn, chunk_id: int, pc: PlannedChunk, ids: dict[str, int], d: _Deltas) -> None:
    """A chunk's mentions, relations and spans of days; its counts go to `d`."""
    if pc.spans:
        conn.executemany("INSERT INTO chunk_spans(chunk_id, first, last) VALUES (?,?,?)",
                         [(chunk_id, first, last) for first, last in pc.spans])
    merged: dict[int, PlannedEntity] = {}
    for pe in pc.entities:
        eid = ids[pe.key]
        if eid in merged:  # two keys of the chunk resolved to one entity: the type of the higher rank
            prev = merged[eid]
            forms = Counter(prev.forms) + Counter(pe.forms)
            top = pe if pe.rank > prev.rank else prev
            merged[eid] = PlannedEntity(prev.key, prev.name, top.type, prev.count + pe.count, dict(forms),
                                        {**pe.merges, **prev.merges}, top.rank)
        else:
            merged[eid] = pe
    conn.executemany(
        "INSERT INTO mentions(entity_id, chunk_id, count, forms, type, aliases) VALUES (?,?,?,?,?,?)",
        [(eid, chunk_id, pe.count, _forms_json(pe.forms), pe.type,
          _forms_json({form: n for form, n in pe.forms.items() if pe.merges.get(form) == "alias"}))
         for eid, pe in merged.items()])
    for eid, pe in merged.items():
        d.entity[eid] += pe.count
        d.chunk[eid] += 1
        d.types[(eid, pe.type, int(tags_only(pe.forms)))] += pe.count
        for form, n in pe.forms.items():
            slot = d.alias.setdefault((eid, form), [0, pe.merges.get(form, "exact"), pe.key, 0])
            slot[0] += n
            if pe.merges.get(form) == "alias":
                slot[3] += n
    for a, b in combinations(sorted(merged), 2):
        d.pair[(a, b)] += 1
    for rel in pc.relations:
        a, b = ids.get(rel.a), ids.get(rel.b)
        if a is None or b is None or a == b:
            continue
        conn.execute("INSERT INTO relations(chunk_id, a, b, sentence_id, start_char, end_char) VALUES (?,?,?,?,?,?)",
                     (chunk_id, min(a, b), max(a, b), _sentence_id(conn, rel), rel.start, rel.end))


_FORMS_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True)


def _forms_json(forms: dict[str, int]) -> str:
    """`json.dumps(forms, ensure_ascii=False, sort_keys=True)`, by one encoder made once (dumps makes one for each
    call it is given options: half a million calls in a first sync of 10,000 notes); most mentions' aliases are none."""
    return _FORMS_ENCODER.encode(forms) if forms else "{}"


def _sentence_id(conn, rel: PlannedRelation) -> int:
    """The relation_sentences row of a relation's text, made if new (one
    vector per distinct text, shared by every pair and chunk that has it)."""
    row = conn.execute("SELECT id FROM relation_sentences WHERE key = ?", (rel.sentence,)).fetchone()
    if row:
        return row[0]
    return conn.execute("INSERT INTO relation_sentences(key, vector) VALUES (?, ?)",
                        (rel.sentence, rel.vector)).lastrowid


def _apply_deltas(conn, d: _Deltas) -> None:
    conn.executemany("UPDATE entities SET mentions = mentions + ?, chunks = chunks + ? WHERE id = ?",
                     [(d.entity[e], d.chunk[e], e) for e in d.entity])
    conn.executemany(
        "INSERT INTO entity_aliases(entity_id, alias, key, count, alias_count, merge) VALUES (?,?,?,?,?,?) "
        "ON CONFLICT(entity_id, alias) DO UPDATE SET count = count + excluded.count, "
        "alias_count = alias_count + excluded.alias_count",
        [(e, form, normalise_key(form), n, joined, merge) for (e, form), (n, merge, _k, joined) in d.alias.items()])
    _relabel(conn, list(d.alias))
    conn.executemany(
        "INSERT INTO entity_types(entity_id, type, tags, count) VALUES (?,?,?,?) "
        "ON CONFLICT(entity_id, type, tags) DO UPDATE SET count = count + excluded.count",
        [(e, t, g, n) for (e, t, g), n in d.types.items()])
    conn.executemany(
        "INSERT INTO cooccurrence(a, b, weight) VALUES (?,?,?) "
        "ON CONFLICT(a, b) DO UPDATE SET weight = weight + excluded.weight",
        [(a, b, w) for (a, b), w in d.pair.items()])


def _relabel(conn, pairs: list[tuple[int, str]]) -> None:
    """Label the entity_aliases rows `pairs` ((entity id, form)) after their
    counts, not after the chunk that wrote them first: 'alias' while every
    occurrence of the form joined the entity as a note's alias (alias_count),
    else as resolve.Resolver.resolve labels a form it resolves by its key
    ('exact' for the entity's key or one that never merges fuzzily, 'fuzzy'
    for another), so a form that became a note's alias, or stopped being
    one, is labelled as a rebuild labels it. A row whose alias-ness did not
    change keeps its label (_rekey keeps exact and fuzzy right)."""
    fix = []
    for start in range(0, len(pairs), 500):
        part = pairs[start:start + 500]
        for eid, form, key, count, joined, merge, entity_key in conn.execute(
                "SELECT a.entity_id, a.alias, a.key, a.count, a.alias_count, a.merge, e.key "
                "FROM json_each(?) j JOIN entity_aliases a ON a.entity_id = j.value ->> 0 AND a.alias = j.value ->> 1 "
                "JOIN entities e ON e.id = a.entity_id", (json.dumps(part, ensure_ascii=False),)):
            alias = joined >= count
            if alias == (merge == "alias"):
                continue
            label = "alias" if alias else "fuzzy" if key != entity_key and fuzzable(key) else "exact"
            fix.append((label, eid, form))
    conn.executemany("UPDATE entity_aliases SET merge = ? WHERE entity_id = ? AND alias = ?", fix)


def _entity_ids(conn, wanted: dict[str, PlannedEntity]) -> tuple[dict[str, int], set[int]]:
    """{key: entity id} for `wanted`, and the ids of the entities made for
    the keys the index lacked (named and given their vector by
    refresh_entities). A known entity keeps its type until
    refresh_entities types it from its counts."""
    ids: dict[str, int] = {}
    new: set[int] = set()
    found = rows_by_key(conn, list(wanted))
    for key, pe in wanted.items():
        row = found.get(key)
        if row:
            ids[key] = row[0]
        else:
            eid = conn.execute("INSERT INTO entities(name, key, type, mentions, chunks) VALUES (?,?,?,0,0)",
                               (pe.name, pe.key, pe.type)).lastrowid
            ids[key] = eid
            new.add(eid)
    return ids, new


def refresh_entities(conn, entity_ids: Iterable[int], names: NameVectors,
                     new: Iterable[int] = ()) -> dict[str, str]:
    """Key the entities `entity_ids` (and `new`, made without a name vector)
    after their alias counts (naming.chosen_key: a fuzzy group's most
    mentioned key, renamed in place, see _rekey), type them after their type
    counts (naming.chosen_type of entity_types) and name them after their
    alias counts (naming.chosen_name): what a rebuild would key and call
    them, whatever the order the notes came in or left. A new name gets
    its vector (`names`), and the headers of the documents that name an
    entity that became a person, stopped being one or is a renamed one
    (document_header) list the people as they are now. Deleted ids are
    passed over. Returns {old key: new key} of the entities keyed anew, for
    the resolver and the plans that name them by the old key. Call inside a
    transaction."""
    new = set(new)
    ids = sorted(set(entity_ids) | new)
    entities: dict[int, list] = {}
    aliases: dict[int, list[tuple[str, str, int, str]]] = {}
    # the same, counting only the occurrences that were not a note's alias: what may key the entity
    # (naming.chosen_key), a form that is a note's alias in one place and a name in another counted as a name
    keyed: dict[int, list[tuple[str, str, int, str]]] = {}
    given: dict[int, list[tuple[str, int, int]]] = {}
    for start in range(0, len(ids), 500):
        part = ids[start:start + 500]
        marks = ",".join("?" * len(part))
        for eid, key, name, type_ in conn.execute(
                f"SELECT id, key, name, type FROM entities WHERE id IN ({marks})", part):
            entities[eid] = [key, name, type_]
        for eid, alias, alias_key, count, joined, merge in conn.execute(
                f"SELECT entity_id, alias, key, count, alias_count, merge FROM entity_aliases "
                f"WHERE entity_id IN ({marks})", part):
            aliases.setdefault(eid, []).append((alias, alias_key, count, merge))
            keyed.setdefault(eid, []).append((alias, alias_key, count - joined, merge))
        for eid, type_, tags, count in conn.execute(
                f"SELECT entity_id, type, tags, count FROM entity_types WHERE entity_id IN ({marks})", part):
            given.setdefault(eid, []).append((type_, tags, count))
    # keyed first: the name vector a re-extraction kept (clear_graph) is found under the key the
    # entity bore, which chosen_key gave it too
    rekeyed = _rekey(conn, entities, keyed)
    changed: dict[int, tuple[str, str]] = {}  # entity id -> (name, type)
    for eid, (_key, name, type_) in entities.items():
        type_ = chosen_type(given.get(eid, ())) or type_
        name = chosen_name(own_forms((a, n, m) for a, _k, n, m in aliases.get(eid, [])), type_) or name
        if (name, type_) != tuple(entities[eid][1:]):
            changed[eid] = (name, type_)
    people = [eid for eid in changed if "person" in (entities[eid][2], changed[eid][1])]
    before = _people_of_documents(conn, people)
    conn.executemany("UPDATE entities SET name = ?, type = ? WHERE id = ?",
                     [(name, type_, eid) for eid, (name, type_) in changed.items()])
    for doc_id, old in before.items():
        _rename_people(conn, doc_id, old)
    renamed = [eid for eid in changed if changed[eid][0] != entities[eid][1]]
    vectors = names.vectors(conn, {entities[eid][0]: changed[eid][0] if eid in changed else entities[eid][1]
                                   for eid in sorted(set(renamed) | (new & set(entities)))})
    for eid in sorted(set(renamed) | (new & set(entities))):
        if eid not in new:
            conn.execute("DELETE FROM vec_entity_names WHERE rowid = ?", (eid,))
        conn.execute("INSERT INTO vec_entity_names(rowid, embedding) VALUES (?, vec_int8(?))",
                     (eid, vectors[entities[eid][0]]))
    return rekeyed


def _rekey(conn, entities: dict[int, list], aliases: dict[int, list[tuple[str, str, int, str]]]) -> dict[str, str]:
    """Give each entity of `entities` ({id: [key, name, type]}, its key
    updated here) the key naming.chosen_key picks from its `aliases`,
    in place: its id stays, and with it its mentions, aliases, edges,
    relations and name vector (every table refers to an entity by id). Its
    aliases' merge follows: 'exact' for the forms of the new key, 'fuzzy'
    for those of the old. A key another entity bears is not taken (it keeps
    its own). Returns {old key: new key}."""
    wanted = {eid: chosen_key(entity[0], aliases.get(eid, ())) for eid, entity in entities.items()}
    wanted = {eid: key for eid, key in wanted.items() if key != entities[eid][0]}
    renamed: dict[str, str] = {}
    for eid in sorted(wanted):
        old, key = entities[eid][0], wanted[eid]
        if conn.execute("SELECT 1 FROM entities WHERE key = ?", (key,)).fetchone():
            continue
        conn.execute("UPDATE entities SET key = ? WHERE id = ?", (key, eid))
        conn.execute("UPDATE entity_aliases SET merge = CASE key WHEN ? THEN 'exact' ELSE 'fuzzy' END "
                     "WHERE entity_id = ? AND merge <> 'alias' AND key IN (?, ?)", (key, eid, key, old))
        entities[eid][0] = key
        renamed[old] = key
    return renamed


def _people_of_documents(conn, entity_ids: list[int]) -> dict[int, list[str]]:
    """{document id: the names of the people it names, as its header lists
    them} for the documents that name any of `entity_ids`."""
    if not entity_ids:
        return {}
    docs = {r[0] for r in conn.execute(
        "SELECT DISTINCT c.document_id FROM json_each(?) j JOIN mentions m ON m.entity_id = j.value "
        "JOIN chunks c ON c.id = m.chunk_id", (json.dumps(entity_ids),))}
    return {doc: _people_of(conn, doc) for doc in sorted(docs)}


def _people_of(conn, doc_id: int, chunk_ids: list[int] | None = None) -> list[str]:
    """The people a document names, in its chunks `chunk_ids` alone when given (a jrnl journal's day)."""
    if chunk_ids is not None:
        return [r[0] for r in conn.execute(
            "SELECT DISTINCT e.name FROM json_each(?) j JOIN mentions m ON m.chunk_id = j.value JOIN entities e "
            "ON e.id = m.entity_id WHERE e.type = 'person' ORDER BY e.name", (json.dumps(chunk_ids),))]
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT e.name FROM chunks c JOIN mentions m ON m.chunk_id = c.id JOIN entities e "
        "ON e.id = m.entity_id WHERE c.document_id = ? AND e.type = 'person' ORDER BY e.name", (doc_id,))]


def _rename_people(conn, doc_id: int, old: list[str]) -> None:
    """Rewrite the people line of a document's header (document_header),
    which listed `old`, as its people are named now."""
    listed, people = ", ".join(old), None
    rows = conn.execute("SELECT id, text, header FROM chunks WHERE document_id = ? ORDER BY seq", (doc_id,)).fetchall()
    if rows and clippings_entries(rows[0][1]) is not None:
        return  # a Kindle's clippings list no people (document_header)
    # a jrnl journal's days list their own people (_chunk_headers): the chunks of each day, by its header's line
    groups = _day_groups([text for _id, text, _h in rows], [h.split("\n", 1)[0] for _id, _t, h in rows])
    day_ids = {rows[g[0]][2].split("\n", 1)[0]: [rows[i][0] for i in g] for g in groups or ()}
    # each header of the document: a dated section's chunks have their own (sections.dated_header)
    for header in dict.fromkeys(h for _id, _t, h in rows):
        # document_header wrote first + "\n" + names, the first line a line: the header less the old names,
        # else (a header written before a type changed elsewhere) less what follows its first line
        if listed and header.endswith(listed) and not groups:
            first = header[:len(header) - len(listed)].removesuffix("\n")
        else:
            first = header.split("\n", 1)[0]
        if groups:
            new = header_layout(first, _people_of(conn, doc_id, day_ids[first]))
        else:
            people = _people_of(conn, doc_id) if people is None else people
            new = header_layout(first, people)
        conn.execute("UPDATE chunks SET header = ? WHERE document_id = ? AND header = ? AND header <> ?",
                     (new, doc_id, header, new))


def rows_by_key(conn, keys: list[str]) -> dict[str, tuple[int, str]]:
    """{key: (id, type)} for the entities among `keys`, a few queries at most."""
    out = {}
    for start in range(0, len(keys), 500):
        part = keys[start:start + 500]
        marks = ",".join("?" * len(part))
        for key, eid, type_ in conn.execute(f"SELECT key, id, type FROM entities WHERE key IN ({marks})", part):
            out[key] = (eid, type_)
    return out


# ---------------------------------------------------------------- sync bookkeeping

def cached_extraction(conn, chunk_hash: str, model_id: str, prompt_version: str) -> list | None:
    """The extractor's output cached for this chunk text, model and prompt (JSON-decoded), or None."""
    row = conn.execute(
        "SELECT output FROM extraction_cache WHERE chunk_hash = ? AND model_id = ? AND prompt_version = ?",
        (chunk_hash, model_id, prompt_version)).fetchone()
    return json.loads(row[0]) if row else None


def cache_extraction(conn, chunk_hash: str, model_id: str, prompt_version: str, output: list) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO extraction_cache(chunk_hash, model_id, prompt_version, output, created_at)"
        " VALUES (?,?,?,?,?)",
        (chunk_hash, model_id, prompt_version, json.dumps(output, ensure_ascii=False), now_iso()))


def merge_extraction_cache(conn, other_index: str) -> None:
    """Add the extraction answers another index file holds (an unfinished
    rebuild's) to this index's cache, keeping the ones it has. Call outside
    a transaction (ATTACH); the other file must have this schema."""
    copy_missing_rows(conn, other_index, "extraction_cache")


def touch_documents(conn, stats: list[tuple[float, int, int]]) -> None:
    """New (mtime, size) for documents whose bytes did not change: (mtime, size, id) rows."""
    conn.executemany("UPDATE documents SET mtime = ?, size = ? WHERE id = ?", stats)


def resolver_keys(conn) -> dict[str, str]:
    """Every known key (entity key or alias key) -> its entity's key, entity keys first.
    Not the keys of a note's aliases (merge 'alias'): sync joins those by its
    folder's aliases each time (sync.joined_names), and a form they do not
    join (a `#jo` tag, a note of another folder) resolves by its own key, as
    in the sync that first wrote the alias."""
    canonical = {key: key for (key,) in conn.execute("SELECT key FROM entities")}
    for alias_key, entity_key in conn.execute(
        "SELECT a.key, e.key FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE a.merge != 'alias'"
    ):
        canonical.setdefault(alias_key, entity_key)
    return canonical


def resolver_forms(conn) -> dict[str, set[str]]:
    """Every known key (not a note's alias's: resolver_keys) -> the surface forms the index holds of it
    (`#flashcards`, `DS flashcards`): what resolve.Resolver tells a #tag from a name by, and a name's words."""
    out: dict[str, set[str]] = {}
    for key, form in conn.execute("SELECT key, alias FROM entity_aliases WHERE merge != 'alias'"):
        out.setdefault(key, set()).add(form)
    return out


def empty_index(conn, vec_tables: dict[str, str]) -> None:
    """Delete every document and entity, drop the vec tables and forget the
    embedder (the extraction cache stays; the cached answers that read the
    chunks go, see answers.forget_chunk_answers). Call inside a transaction."""
    conn.execute("DELETE FROM documents")
    forget_chunk_answers(conn)
    conn.execute("DELETE FROM entities")
    for table, owner in vec_tables.items():
        conn.execute(f"DROP TRIGGER IF EXISTS {owner}_{table}_ad")
        conn.execute(f"DROP TABLE IF EXISTS {table}")
    for key in ("embedding_model", "embedding_dim", "vector_scale", "roots", "last_sync", SHARED_NAMES_KEY,
                LINKED_NAMES_KEY, LINK_TARGETS_KEY, NOTE_ALIASES_KEY, SKIPPED_KEY, KNOWN_CJK_NOTES_KEY, LOOKED_KEY,
                RESOLVE_PENDING_KEY, READ_WARNINGS_KEY, KNOWN_WORDS_KEY, KNOWN_WORDS_NOTES_KEY, KNOWN_WORDS_PENDING_KEY):
        delete_meta(conn, key)


# meta records of the form {folder: ...}: a folder's own, kept under its new path when it moves (the
# reader version too: left under the old path, the first sync at the new place read every note once more)
FOLDER_KEYED_META = (SHARED_NAMES_KEY, LINKED_NAMES_KEY, LINK_TARGETS_KEY, NOTE_ALIASES_KEY, SKIPPED_KEY,
                     KNOWN_CJK_NOTES_KEY, READER_VERSION_KEY, LOOKED_KEY, LOGSEQ_GRAPHS_KEY, READ_WARNINGS_KEY,
                     KNOWN_WORDS_NOTES_KEY)


def move_root(conn, old: str, new: str) -> int:
    """Make the notes of the synced folder `old` the notes of `new`, where it
    was moved or renamed: their rows (chunks, vectors, graph, cached answers)
    stay as they are, and so does what the index records per folder (synced
    roots, followed symlinks, the records of FOLDER_KEYED_META). Returns the
    notes moved. Call inside a transaction."""
    moved = conn.execute("UPDATE documents SET root = ? WHERE root = ?", (new, old)).rowcount
    for key in ("roots", FOLLOW_SYMLINKS_KEY):
        try:
            folders = json.loads(get_meta(conn, key) or "[]")
        except ValueError:
            continue
        if isinstance(folders, list) and old in folders:
            set_meta(conn, key, json.dumps(sorted({new if f == old else f for f in folders})))
    for key in FOLDER_KEYED_META:
        try:
            record = json.loads(get_meta(conn, key) or "{}")
        except ValueError:
            continue
        if isinstance(record, dict) and old in record:
            record[new] = record.pop(old)
            set_meta(conn, key, json.dumps(record, sort_keys=True, ensure_ascii=False))
    return moved


def totals(conn) -> tuple[int, int, int]:
    """(entities, chunks, documents) in the index."""
    return tuple(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("entities", "chunks", "documents"))
