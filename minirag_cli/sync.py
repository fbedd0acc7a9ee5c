"""`mrag sync`: walk -> read -> chunk -> extract -> resolve -> embed -> write.

Incremental: a note whose size and mtime match the index costs a stat (the
walk checks only new and changed files for mrag's own pages); one
whose bytes hash the same costs a read (a file read within RACY_SECONDS of
its mtime is recorded without it, so the next sync compares its bytes: an
edit of the same size in the same timestamp tick would keep size and
mtime); only new or changed files are chunked, extracted and embedded, and
chunk vectors are reused by the hash of what they embed (chunk_titles.py: a
small edit re-embeds little; a renamed titled note re-embeds its chunks that
do not write the title, since the title is part of what they embed). Each file is written in its own transaction, so an interrupted sync
keeps every file it finished and the next one resumes. Files are read and
embedded in groups so the embedder sees full batches. An index whose
entities come from another version of the heuristic rules has them
extracted anew first, from the chunks it holds (_check_heuristic_version).
So, after the files, are the unchanged notes whose file name another note
of the folder now shares or no longer does: a note names itself only by a
name no other note of its folder has (_name_anew), and those whose single
lower-case word file name a link of the folder now names or no longer does
(linked_names: Logseq's `pages/hackerspace.md` and `[[Hackerspace]]`, or an
org-roam note whose `:ID:` a link names, `[[id:3f2a…]]`: _id_keys; the
names each note links to are recorded, meta note_link_targets, so a sync
reads the links of the notes it writes only); and the notes that
mention an alias (`aliases: [Jo]` in `Jonas Berg.md`) whose note changed,
went or came, or another note now claims too: an alias is a name of the
note's own entity, in any note of the folder (joined_names), and a pass over
every note's aliases before the notes are extracted (_aliases_now, recorded
in the index) says which.
And, after a sync that wrote or removed a note making Chinese or Japanese
names known, or no longer, the notes whose text writes a CJK name some note
made known or no longer does: a chunk mentions every known CJK name it
writes (_add_known, _know_anew). The names each note makes known are
recorded (meta known_cjk_notes): a sync reads them from the notes it
writes only (_note_known), not from every CJK note of the index.
So, for the heuristic extractor, are the notes that open a sentence or a
list item with a word some note made known as a name, or no longer does
(heuristic rules 25: `- Initech invoice still unpaid.` beside `We work for
Initech.`): _add_known_words, _words_anew, meta known_words_notes.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import itertools
import json
import os
import re
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Callable, Iterable, Iterator, NamedTuple, Protocol, Sequence

from minirag_cli import db as dbmod
from minirag_cli import frontmatter, store
from minirag_cli.bear import note_hash
from minirag_cli.chunk_titles import embedded_title, vector_hash, vector_input
from minirag_cli.chunking import Chunk
from minirag_cli.csvnotes import names_nothing
from minirag_cli.embed import Embedder, embed_counting
from minirag_cli.errors import DatabaseError, Interrupted, MragError, NoRoom, SyncLocked, UsageError
from minirag_cli.extract.base import EntityMention, Extractor
from minirag_cli.extract.firstnames import first_names, short_names
from minirag_cli.extract.heuristic import VERSION as HEURISTIC_VERSION
from minirag_cli.extract.heuristic import MARKDOWN_SUFFIXES
from minirag_cli.extract.heuristic import TITLES as HEURISTIC_TITLES
from minirag_cli.extract.heuristic import (BLOCK_REF, BLOCK_UUID, DENOTE_ID, DENOTE_LINK, JOPLIN_FILE, JOPLIN_LINK, JOPLIN_TITLE, NOTE_TITLE, cited_authors,
                                           handle_names, note_aliases, note_authors, standing_alias, surname_names,
                                           zettel_id)
from minirag_cli.extract.heuristic import (dendron_links, dendron_note, denote_keywords, generated_title, link_targets, links_in,
                                           without_link_definitions)
from minirag_cli.extract.heuristic import link_name as heuristic_link_name
from minirag_cli.extract.heuristic import linkable_name as heuristic_linkable_name
from minirag_cli.extract.heuristic import FolderNotes, heading_links, within_folder_links
from minirag_cli.extract.heuristic import without_stack_frames
from minirag_cli.wordlists import GENERIC_TITLES
from minirag_cli.extract.heuristic import note_name as heuristic_note_name
from minirag_cli.extract.heuristic import rules_update
from minirag_cli.hints import AsIs, sync_command, sync_hint
from minirag_cli.honorifics import ALIAS_TITLES, HONOURED, honoured, honoured_only, titled_alias, with_surnames
from minirag_cli.naming import chosen_name, own_forms, type_rank
from minirag_cli.resolve import Resolver
from minirag_cli.store import DocumentRecord, NameVectors, PlannedChunk, PlannedEntity, PlannedRelation
from minirag_cli.store.vectors import codec_of, fit_tables, outgrown
from minirag_cli.sections import chunk_books, chunk_days, empty_outline, note_chunks, stored_laid
from minirag_cli.text import (CJK_CHARS, CJK_RUN, cjk_bigrams, dated_path, head_date, name_date, normalise_key,
                              note_date, without_invisibles)
from minirag_cli.dayorder import (DAY_EVIDENCE_KEY, DAY_ORDER_KEY, chunk_slashed_days, chunk_weekday_slashed_days,
                                  files_order, vault_evidence)
from minirag_cli.notespans import chunk_spans
from minirag_cli.weekdaydays import chunk_weekday_days
from minirag_cli.weeklabels import chunk_week_days
from minirag_cli.yearless import chunk_years, dated_day
from minirag_cli.vectors import Codec, sentence_key
from minirag_cli.options import DEFAULT_MAX_BYTES, SyncOptions  # noqa: F401  (re-exported: sync.SyncOptions)
from minirag_cli.notekinds import NOTEBOOK, MalformedNote, special_kind
from minirag_cli.todotxt import is_todo_txt
from minirag_cli.walk import (READER_VERSION, NoteFile, WalkResult, as_indexed, cannot_read_for_now, looked_record,
                              gone_folders, is_utf8_name, merge_conflict_warning, printable_name, read_note,
                              sniff_note, walk_notes)

GROUP_CHUNKS = 128
# A model extractor works through the windows of every changed note of a
# root in one run, in a thread, while the groups are embedded and written
# (_Extraction.stream). False: it is called group by group, between the
# embedding and writing of the groups, as before (tests compare the two).
STREAM_WINDOWS = True
# A re-extraction (_reextract) reads the chunks of this many notes at a time
# and embeds their new names and relation sentences together.
REEXTRACT_NOTES = 64
SYNC_WAL_AUTOCHECKPOINT = 10_000  # pages (~40 MB of WAL) between checkpoints during a sync
# No name is this long; such runs are inlined images (base64), hashes or
# minified code. A chunk is bounded in words, not characters, so one such
# "word" can make a chunk megabytes long, and the extractors' cost grows
# faster than linearly with it (a 130 KB base64 image took 9 s).
LONGEST_EXTRACTABLE_WORD = 200
_LONG_RUN = re.compile(r"\S{%d,}" % (LONGEST_EXTRACTABLE_WORD + 1))


def extractable_text(text: str) -> str:
    """The chunk text the entity extractor sees: runs of non-space characters
    longer than any name are cut out (the chunk itself keeps them)."""
    return _LONG_RUN.sub(" ", text) if len(text) > LONGEST_EXTRACTABLE_WORD else text


def read_in_context(chunks: Sequence[Chunk], path: str) -> list[str]:
    """The texts of the chunks (all of them, in order) of the note at `path`
    as the extractors read them (mdcode.chunk_readings): a chunk that starts
    inside a fenced code block or a code span after the fence or backticks
    that opened it, one that ends inside a span before the backticks that
    close it, and in a Markdown note its indented code blocks as fenced
    ones, so that a `[[link]]` in code stays code and one after it is a link,
    and code names nothing in any chunk of it (heuristic rules 13), and in an Org-mode, rST or
    AsciiDoc note the code blocks of its own markup (mdcode.kind_blocks) as fenced ones too."""
    from minirag_cli.extract.mdcode import chunk_readings, code_kind, reads_comments

    return chunk_readings(chunks, markdown=path.lower().endswith(MARKDOWN_SUFFIXES), comments=reads_comments(path),
                          kind=code_kind(path))


def extractable(text: str, part: frontmatter.FrontMatter | None) -> tuple[str, frontmatter.FrontMatter | None]:
    """A chunk's text (read_in_context) as the extractor sees it
    (extractable_text) and its part of its note's front matter
    (`chunk_parts`), the part's values cut the same way and its end moved
    with the text (a run cut out of the block would leave the body's start
    elsewhere)."""
    if part is None:
        return extractable_text(text), None
    block = extractable_text(text[:part.end])
    entries = tuple(replace(e, values=tuple(extractable_text(v) for v in e.values)) for e in part.entries)
    return block + extractable_text(text[part.end:]), frontmatter.FrontMatter(entries, len(block))


def chunk_parts(matter: frontmatter.FrontMatter | None,
                chunks: Sequence[Chunk]) -> list[frontmatter.FrontMatter | None]:
    """Each chunk's part of the front matter its note opens with (`matter`:
    frontmatter.of_note of the note's text), None past it: the block is read
    once, from the note, so that one longer than a chunk is still front
    matter in every chunk it covers, and a later chunk that opens as a block
    would is text."""
    return [None if matter is None else matter.part(c.start_char, c.end_char) for c in chunks]


def stored_note(chunks: Sequence[Chunk]) -> tuple[str, frontmatter.FrontMatter | None]:
    """(the note's text as its chunks hold it, its front matter) for a
    re-extraction, which reads no file: ("", None) unless the first chunk
    opens the note (no blank line before it: frontmatter.of_note) with
    `---` (or what else may open a block: frontmatter.may_open); else the chunks laid at their offsets
    (mdcode.laid_note: they overlap by default; blanks --overlap 0 leaves
    out are laid as line ends, then spaces)."""
    if not chunks or chunks[0].start_char != 0 or not frontmatter.may_open(chunks[0].text.split("\n", 1)[0]):
        return "", None
    text = stored_text(chunks)
    if text is None:  # chunks that do not fit their offsets: the first alone
        text = chunks[0].text
    return text, frontmatter.of_note(text)


def stored_text(chunks: Sequence[Chunk]) -> str | None:
    """The text of a note laid from its stored chunks (mdcode.laid_note), what
    a model extractor's windows are cut from in a re-extraction; None when
    the chunks do not fit their offsets."""
    from minirag_cli.extract.mdcode import laid_note

    return laid_note(chunks) if chunks else ""


def note_speakers(chunks: Sequence[Chunk], org: bool = False) -> frozenset[str]:
    """The chat speakers (extract.heuristic.chat_speakers) of the note whose
    chunks (all of them, in order) these are: whether a `Name:` line is a
    chat line or a label line is the note's to say, not a chunk's (a chunk
    of a LiHua chat may hold two lines and no `Time:` stamp). The note is
    laid from its chunks (mdcode.laid_note), as a re-extraction, which reads
    no file, has it too; chunks that do not fit their offsets are read one
    after another. `org`: an Org-mode note's, read without its markup
    (orgmode.readable: `CLOSED:` opening two lines is no chat)."""
    from minirag_cli.extract.heuristic import chat_speakers

    return chat_speakers(_laid_readable(chunks, org))


def _laid_readable(chunks: Sequence[Chunk], org: bool) -> str:
    """The note whose chunks (all of them, in order) these are, laid from them (mdcode.laid_note; chunks
    that do not fit their offsets one after another), an Org-mode note's (`org`) without its markup
    (orgmode.readable), as note_speakers and note_nouns_of read a whole note (NoteReading.laid)."""
    from minirag_cli.extract import orgmode
    from minirag_cli.extract.mdcode import laid_note

    note = laid_note(chunks)
    note = "\n".join(c.text for c in chunks) if note is None else note
    return orgmode.readable(note, orgmode.note_keywords(c.text for c in chunks)) if org else note


class NoteReading(NamedTuple):
    """How the extractors read a note (note_readings)."""

    texts: list[str]  # each chunk's text
    parts: list[frontmatter.FrontMatter | None]  # each chunk's part of the front matter
    speakers: frozenset[str]  # the note's chat speakers (note_speakers)
    # the note laid from its chunks, readable (_laid_readable): what its speakers were read from, and
    # what note_nouns_of and _logseq_page read, laid once a note
    laid: str


def note_readings(chunks: Sequence[Chunk], path: str, matter: frontmatter.FrontMatter | None,
                  folder: FolderNotes | None = None) -> NoteReading:
    """How the extractors read the note at `path` (its chunks, all of them,
    in order; `matter`: the front matter it opens with): each chunk's text
    in its note's context (read_in_context; a chunk a front matter block
    covers opens the note, after no fence: its own text), each chunk's part
    of the block (chunk_parts), the note's chat speakers (note_speakers) and
    the note laid from its chunks that they were read from (_laid_readable).
    What a fresh sync, with the file's text, and a re-extraction, with the
    stored chunks, both give the extractor. An Org-mode note's texts are
    read without its markup (orgmode.readable, heuristic rules 17). A Markdown
    link to a file in a folder above that stays in the synced folder
    (`[log](../log.txt)` in `sub/a.md`) links as one to it does
    (heuristic.within_folder_links, rules 18). A note Dendron wrote (heuristic.dendron_note) has its
    links read target first (heuristic.dendron_links) and its generated `title:` left out
    (heuristic.generated_title), rules 18. A todo.txt file's lines are read without their heads and
    `@context` words (todotxt.readable, rules 20), a Roam page's components (`{{[[TODO]]}}`, `{{[[query]]:
    ...}}`) blanked (roam.readable, rules 21). `folder`: its folder's notes (folder_notes), when
    known: a link `[[A/B]]` to a heading of the note A, Bear's, is read as `[[A#B]]` when no note is
    at A/B (heuristic.heading_links, rules 20); not in a Logseq page, whose `[[proj/alpha]]` is a namespace's."""
    from minirag_cli.extract import orgmode, roam
    from minirag_cli.extract.heuristic import chat_speakers
    from minirag_cli.tasks import without_logseq_markers
    from minirag_cli.todotxt import readable as todo_readable

    dendron = dendron_note(matter)
    if dendron:  # Dendron's own `title: Meetings` of `proj.alpha.meetings.md` names nothing (rules 18)
        matter = frontmatter.FrontMatter(tuple(e for e in matter.entries if not (
            e.key.lower() == "title" and len(e.values) == 1 and generated_title(path, e.values[0]))), matter.end)
    parts = chunk_parts(matter, chunks)
    # a chunk the block covers is read as written up to the block's end (its part's offsets are into
    # it); the code after that is read as code all the same (an MDX page's `import` lines under its
    # front matter named `Tabs`, an indented block under a Markdown note's: readers 7)
    texts = [within_folder_links(c.text if part is not None and not text.startswith(c.text[:part.end]) else text,
                                 path.count("/"))
             for c, text, part in zip(chunks, read_in_context(chunks, path), parts, strict=True)]
    if dendron:  # `[[Alpha meetings|proj.alpha.meetings]]` read as `[[proj.alpha.meetings|Alpha meetings]]`
        texts = [dendron_links(text) for text in texts]
    org = orgmode.org_note(path)
    laid = _laid_readable(chunks, org)
    if org:
        keywords = orgmode.note_keywords(c.text for c in chunks)  # a `#+TODO:` line's own keywords
        # its `#+title:` read as a front matter title is (heuristic rules 18)
        texts = [orgmode.readable(orgmode.titled(text) if i == 0 else text, keywords) for i, text in enumerate(texts)]
    elif _logseq_page(chunks, path, laid):  # a block's `- LATER` names nothing (heuristic rules 18)
        texts = [without_logseq_markers(text) for text in texts]
        folder = None  # `[[Work/Project Alpha]]` is a namespace's page, whatever the folder holds
    elif is_todo_txt(path, laid.split("\n")):  # `(C) 2026-10-30 Buy`, its `@phone`, name nothing (rules 20)
        texts = [todo_readable(text) for text in texts]
    if not org and roam.is_roam(laid):  # `{{[[TODO]]}}`, `{{[[query]]: ...}}` name nothing (rules 21)
        texts = [roam.readable(text) for text in texts]
    # a Logseq graph's page (in its `pages/` or `journals/` folder) links namespaces so, blocks or not
    if folder is not None and not org and not {"pages", "journals"} & set(path.lower().split("/")[:-1]):
        texts = [heading_links(text, folder) for text in texts]
    return NoteReading(texts, parts, chat_speakers(laid), laid)


def note_nouns_of(laid: str, path: str) -> frozenset[str]:
    """The German nouns (extract.heuristic.note_nouns) of the note at `path`, laid from its chunks as
    note_readings lays it (`laid`: NoteReading.laid, an Org note without its markup): a German noun is
    the note's to tell, not a chunk's (heuristic rules 18: `die Methode` in one chunk, `Methode` with
    no article in the next named it). Nothing for a note that writes no `der`, `und`, ... at all."""
    from minirag_cli.extract.heuristic import note_nouns
    from minirag_cli.extract.mdcode import reads_comments

    return note_nouns(laid, reads_comments(path))


def _logseq_page(chunks: Sequence[Chunk], path: str, laid: str) -> bool:
    """Is the Markdown note at `path` (its chunks, all of them, in order; `laid`: the note laid from them,
    _laid_readable) a Logseq page, as tasks.is_logseq tells one? Asked only of a note with a block's marker."""
    from minirag_cli.tasks import LOGSEQ_MARKERS, is_logseq

    if not any(marker in c.text for c in chunks for marker in LOGSEQ_MARKERS):
        return False
    return is_logseq(path, laid.split("\n"))


def check_folders(dirs: Sequence[str | Path], *, whole: bool = False, synced: bool = False,
                  index: str | None = None) -> list[Path]:
    """The folders to sync, resolved; a MragError for anything that is not a
    folder (with `synced`, one the record of syncs holds is said to have been
    synced: _gone_synced_folder), a UsageError for an empty name (which Path
    would read as ".") and, unless `whole` (--force), for the filesystem's root
    or the home folder itself. `index`: the index given with --db, named in the
    commands the errors print when `mrag sync FOLDER` alone would sync another
    (`mrag --db ~/work.sqlite sync ""` was told to run `mrag sync ~/notes`)."""
    for d in dirs:
        if not str(d).strip():  # an unset "$NOTES" would sync the current folder
            raise UsageError("An empty folder name was given.", hint=sync_hint([AsIs("~/notes")], index))
        try:
            is_dir = Path(d).is_dir()
        except OSError as exc:  # a folder above it cannot be searched
            raise MragError(f"{d} cannot be reached: {exc.strerror or exc}.",
                            hint="mrag needs to search the folders above it: check their permissions.") from None
        if not is_dir:
            raise (synced and _gone_synced_folder(str(d))) or _not_a_folder(str(d), index)
    roots = list(dict.fromkeys(Path(d).resolve() for d in dirs))
    if not whole:
        for root in roots:
            _refuse_whole_disk_or_home(root, index)
    for root in roots:  # the index stores the folder as text
        if not is_utf8_name(str(root)):
            raise MragError(f"{printable_name(str(root))}: the folder's path is not valid UTF-8, so the index "
                            "cannot store it.", hint="Rename the folder (or the folders above it).")
    return roots


def _refuse_whole_disk_or_home(root: Path, index: str | None = None) -> None:
    """`mrag sync ~` or `mrag sync /` (a slip for ~/notes, or an unset "$NOTES/..")
    would read every file of a home or a disk into the index, with no prompt to
    stop it: refused, as a usage error, unless --force says it is meant."""
    try:
        home = Path.home().resolve()
    except (RuntimeError, OSError):  # no home to be found: nothing to compare with
        home = None
    what = ("the whole filesystem" if root == Path(root.anchor)
            else "your whole home folder" if home is not None and root == home else None)
    if what is not None:
        raise UsageError(f"{root} is {what}: mrag sync indexes a folder of notes, and would read every file in it.",
                         hint=f"Give the folder your notes are in ({sync_hint([AsIs('~/notes')], index)}), or add "
                              f"--force to index all of {root}.")


def _gone_synced_folder(d: str) -> MragError | None:
    """`mrag sync ~/notes` after `mv ~/notes ~/Notes` said only "~/notes does
    not exist. Check the folder's name", as for a typo. A folder that is not
    there but was synced before (the record of syncs, synced.py) is said to be
    that, with the ways on: a sync at its new place, or the rebuild that drops
    its notes. None for any other folder."""
    from minirag_cli.config import state_dir
    from minirag_cli.synced import shown_time, synced_into

    if os.path.lexists(d):
        return None
    folder = str(Path(d).expanduser().absolute().resolve())
    record = synced_into(state_dir(), folder)
    if record is None:
        return None
    move = "Moved or renamed? Sync it at its new place ({}): its notes go with it"
    if not os.path.isfile(record.db):  # kept in the folder (.mrag), it moved with it: found there with no --db
        return MragError(f"{d} does not exist: it was synced into the index {record.db} (last sync "
                         f"{shown_time(record.last_sync)}), which is gone too.",
                         hint=move.format("mrag sync NEWPATH") + ", and an index kept inside it (.mrag) is found "
                              "there.")
    kept = [r for r in record.roots if r != folder and os.path.isdir(r)]
    return MragError(f"{d} does not exist: it was synced into the index {record.db} (last sync "
                     f"{shown_time(record.last_sync)}).",
                     hint=f"{move.format(sync_hint([AsIs('NEWPATH')], record.db))}, the unchanged ones as they are. "
                          f"Gone for good? `{sync_hint(kept, record.db, rebuild=True)}` drops its notes.")


def _not_a_folder(d: str, index: str | None = None) -> MragError:
    """The error for a folder to sync that is none: a name that does not
    exist (a typo) is said to be missing, and a note given for its folder
    is told to give the folder ("is not a folder" said neither). `index`:
    check_folders'."""
    if not os.path.lexists(d):
        return MragError(f"{d} does not exist.", hint="Check the folder's name: mrag sync indexes a folder of notes.")
    if not os.path.exists(d) and os.path.islink(d):  # a symlink to nothing, or a loop
        with contextlib.suppress(OSError):
            return MragError(f"{d} is a symlink to {os.readlink(d)}, which cannot be found.")
    if os.path.isfile(d):
        folder = sync_hint([str(Path(d).resolve().parent)], index)
        return MragError(f"{d} is a file: mrag sync indexes a folder of notes, every note in it.",
                         hint=f"Give its folder ({folder}), or the one you synced it in: a sync reads "
                              "again only the notes that changed.")
    return MragError(f"{d} is not a folder.")


@dataclass
class SyncSummary:
    roots: list[str] = field(default_factory=list)
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks: int = 0  # chunks written by this sync
    entities: int = 0  # entities in the index afterwards
    total_chunks: int = 0
    total_files: int = 0
    embedded: int = 0  # texts sent to the embedder
    reused_vectors: int = 0
    extractor: str = ""
    model_calls: int = 0
    cache_hits: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    skipped: list[dict] = field(default_factory=list)
    # the items of `skipped` the last sync of their folder did not skip (or skipped for another reason): the
    # text summary lists these in full and counts the others
    skipped_new: list[dict] = field(default_factory=list)
    # the files passed over silently as an operating system's or office suite's litter (walk.system_file:
    # `Thumbs.db`, `desktop.ini`, `~$Budget.docx`), not listed in `skipped`
    system_files: int = 0
    warnings: list[dict] = field(default_factory=list)
    # the warnings the notes this sync did not read were read with (their reading as indexed: an `\iffalse` never
    # closed, a text read as cp1252, conflict markers), {root, path, reason}: the text summary counts them, as it counts
    # the files skipped as before (db.READ_WARNINGS_KEY; they were said by the sync that read the note alone)
    warned_before: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    # the notes' entities extracted anew because the index recorded another
    # version of the heuristic rules or day order: {notes, from_version, to_version, seconds, and day_order:
    # {from, to} (None: unset) when the order changed}
    reextracted: dict | None = None
    # the notes read anew because their folder was synced with other file readers (walk.READER_VERSION):
    # {notes: how many were read differently and indexed anew, checked: of how many, from_version,
    # to_version, seconds}; None when no folder was
    reread: dict | None = None
    added_paths: list[str] = field(default_factory=list)
    changed_paths: list[str] = field(default_factory=list)
    removed_paths: list[str] = field(default_factory=list)
    follow_symlinks: list[str] = field(default_factory=list)  # the roots whose symlinks out were followed
    # the synced folders found moved or renamed to a folder given now: [{from, to, notes, undo}] (_follow_moves)
    moved: list[dict] = field(default_factory=list)
    # the notes no file change brought in whose entities were extracted anew because the file name they
    # have became shared by another note of their folder, or stopped being, or because they mention an
    # alias whose note changed it, went or came, or that another note now claims too (_name_anew), or
    # because a name they mention resolves otherwise now that another note came (_resolve_anew)
    note_names_changed: list[str] = field(default_factory=list)
    # the notes no file change brought in whose entities were extracted anew because a Chinese or Japanese
    # name their text writes became known by another note, or stopped being (_know_anew)
    known_names_changed: list[str] = field(default_factory=list)
    # stopped by Ctrl-C or SIGTERM (interrupted_summary): the rest is what it had done by then
    interrupted: bool = False
    # an interrupted --rebuild: what it had done went with it, and the index is as it was before it
    discarded: bool = False
    # for `mrag sync --watch`, not in --json: root -> walk.WalkResult.unwatched / .linked_folders, and
    # root -> its items of `skipped` (a watch of several roots learns which root each is of)
    unwatched: dict[str, dict[str, tuple | None]] = field(default_factory=dict)
    linked_folders: dict[str, dict[str, tuple]] = field(default_factory=dict)
    skipped_in: dict[str, list[dict]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = asdict(self)
        del d["unwatched"], d["linked_folders"], d["skipped_in"]
        d["seconds"] = round(self.seconds, 3)
        d["seconds_per_chunk"] = round(self.seconds / self.chunks, 4) if self.chunks else None
        return d


class Progress(Protocol):
    def start(self, total_files: int) -> None: ...
    def phase(self, text: str) -> None: ...
    def advance(self, n_files: int, n_chunks: int) -> None: ...


class NullProgress:
    def start(self, total_files: int) -> None: pass
    def phase(self, text: str) -> None: pass
    def advance(self, n_files: int, n_chunks: int) -> None: pass


class SyncLock:
    """The sync lock held (sync_lock): an flock on `<index>.lock`.

    An flock is on the file, not its name: deleted while held (by hand, by a
    cleaner of stale files), it keeps no one out, as the next sync makes a
    new file and locks that. SQLite's own locks on the index cannot stand
    in (they are per process and byte-range, and the index file is swapped by
    a rebuild), so the holder of a lock held long (`--watch`) calls `check()`
    at each wake: a file gone or replaced is made and locked anew at once, and
    a sync that came in meanwhile (it took the new file first) stops this
    one. What is left is that window, a wake long at most."""

    def __init__(self, db_path: Path, path: Path, fh):
        self.db_path, self.path, self._fh = db_path, path, fh
        self._mark = ""  # what the lock file says besides the pid (_write_holder): IDLE_MARK, REBUILD_MARK or none

    def idle(self, idle: bool) -> None:
        """Say in the lock file whether its holder, a `--watch`, waits for a change
        (`PID watching`) or writes the index (`PID`): sync_running tells readers
        (`mrag tasks`, `doctor`) that a sync is writing only while one is, not all
        day while a watch waits."""
        self._say(IDLE_MARK if idle else "")

    def rebuilding(self, rebuilding: bool) -> None:
        """Say in the lock file whether its holder is a `--rebuild` building the new index aside
        (`PID rebuilding`): readers see the old index whole until it is swapped in, not what the
        sync has written so far (sync_state: `ask`'s and `mrag tasks`' line says which)."""
        self._say(REBUILD_MARK if rebuilding else "")

    def _say(self, mark: str) -> None:
        if mark != self._mark:
            self._mark = mark
            _write_holder(self._fh, mark)

    def check(self) -> None:
        """Keep the lock: re-take it if its file is no longer the one locked.
        Raises SyncLocked when another sync holds the new one."""
        if _same_file(self.path, self._fh):
            return
        try:
            fh = _take_lock(self.db_path, self.path)
        except SyncLocked as exc:
            raise SyncLocked(f"The sync lock {self.path} was deleted while this `mrag sync` held it, and another "
                             f"one{exc.holder} took it since: this one stops, as two must not write to "
                             f"{self.db_path} at once.",
                             hint="Everything synced so far is kept, and the other sync goes on. Leave the .lock "
                                  "file in place while a sync runs: it is what keeps a second one out.") from None
        self.release()
        self._fh = fh
        if self._mark:  # made anew while the watch waits (or a rebuild builds): it still does
            _write_holder(fh, self._mark)

    def checking(self, progress: Progress | None) -> Progress:
        """`progress`, checking the lock as files go by (every CHECK_SECONDS
        at most): a first sync, or one with a model extractor, holds it for
        minutes to hours too."""
        return _CheckingLock(progress or NullProgress(), self)

    def release(self) -> None:
        import fcntl

        with contextlib.suppress(OSError):
            fcntl.flock(self._fh, fcntl.LOCK_UN)
        self._fh.close()


class _CheckingLock:
    """A sync's Progress that also keeps its lock (SyncLock.checking)."""

    CHECK_SECONDS = 1.0

    def __init__(self, progress, lock: SyncLock):
        self._progress, self._lock, self._next = progress, lock, time.monotonic() + self.CHECK_SECONDS

    def advance(self, n_files: int, n_chunks: int) -> None:
        self._progress.advance(n_files, n_chunks)
        if time.monotonic() >= self._next:
            self._lock.check()
            self._next = time.monotonic() + self.CHECK_SECONDS

    def __getattr__(self, name):  # start, phase, and what the CLI's bar has besides (stop)
        return getattr(self._progress, name)


def _same_file(path: Path, fh) -> bool:
    """Whether `path` still names the open file `fh`."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fh.fileno())
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


IDLE_MARK = "watching"  # after the pid in the lock file: a `--watch` waiting for a change (SyncLock.idle)
REBUILD_MARK = "rebuilding"  # after the pid: a `--rebuild` building the new index aside (SyncLock.rebuilding)


def _write_holder(fh, mark: str) -> None:
    """The lock file's text: the holder's pid, and `mark` after it (IDLE_MARK while a watch waits,
    REBUILD_MARK while a rebuild builds; "": none). Opened for appending (a+), the file is emptied
    first, so the text is written at its start."""
    with contextlib.suppress(OSError):
        fh.seek(0), fh.truncate(), fh.write(f"{os.getpid()} {mark}" if mark else str(os.getpid())), fh.flush()


def _holder(fh) -> tuple[str, str]:
    """(pid, mark) as the holder wrote them (_write_holder): ('', '') when it wrote none."""
    fh.seek(0)
    words = fh.read().split()
    return (words[0] if words else ""), (words[1] if len(words) == 2 else "")


def _take_lock(db_path: Path, lock: Path, roots: Sequence[str | Path] = ()):
    """`lock` opened (made if need be) and flock'ed, the holder's pid written
    in it: the open file. SyncLocked (its `holder`, ' (pid N)' or '') when
    another sync holds it; its hint's `mrag sync ROOTS --wait SECONDS` names
    the index with --db where `mrag sync ROOTS` alone would take another."""
    import fcntl

    for _attempt in range(100):
        try:
            fh = open(lock, "a+")
        except OSError as exc:  # left by another user (a `sudo mrag sync`), or a folder in its place
            raise DatabaseError(f"Cannot open the sync lock {lock}: {exc.strerror or exc}.",
                                hint="A sync writes this file beside the index: check its owner and permissions "
                                     "(a `sudo mrag sync` leaves it owned by root), or remove it while no sync "
                                     "runs.") from None
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid, _mark = _holder(fh)  # the holder wrote its pid (below)
            fh.close()
            who = f" (pid {pid})" if pid.isdigit() else ""
            locked = SyncLocked(f"Another `mrag sync`{who} is running on {db_path}.",
                                hint=f"Wait for it to finish (`{sync_hint(roots, db_path, then=['--wait', 'SECONDS'])}`"
                                     " waits for it; a `mrag sync --watch` runs until it is stopped with Ctrl-C or "
                                     "SIGTERM); `mrag ask` and `mrag status` work meanwhile.")
            locked.holder = who
            raise locked
        # deleted between the open and the lock: another sync may hold the file now at its name
        if _same_file(lock, fh):
            _write_holder(fh, "")
            return fh
        fcntl.flock(fh, fcntl.LOCK_UN)
        fh.close()
    raise DatabaseError(f"The sync lock {lock} is deleted again each time it is made.",
                        hint="Something removes it as it is made (a cleaner of stale files?): stop it, then sync.")


def sync_running(db_path: Path) -> str | None:
    """'pid N' (or 'pid ?') while a `mrag sync` holds the index's sync lock and writes
    the index, else None: a `--watch` waiting for a change writes nothing (SyncLock.idle)."""
    state = sync_state(db_path)
    return state[0] if state else None


def sync_state(db_path: Path) -> tuple[str, bool] | None:
    """('pid N', rebuilding) while a `mrag sync` holds the index's sync lock and works (sync_running),
    `rebuilding` when it is a `--rebuild` building the new index aside (SyncLock.rebuilding: readers
    see the old index whole until it is swapped in); None while none does."""
    import fcntl

    lock = dbmod.lock_path(db_path)
    if not lock.exists():
        return None
    try:
        with open(lock, "r") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                pid, mark = _holder(fh)
                return None if mark == IDLE_MARK else (f"pid {pid or '?'}", mark == REBUILD_MARK)
            fcntl.flock(fh, fcntl.LOCK_UN)
    except OSError:
        return None
    return None


@contextlib.contextmanager
def sync_lock(db_path: Path, *, wait: float = 0.0, on_wait: Callable[[str], None] | None = None,
              roots: Sequence[str | Path] = ()) -> Iterator[SyncLock]:
    """Only one sync per index: an advisory lock on `<index>.lock`, released by
    the kernel if the process dies, so a crash never leaves it stuck. A lock
    held long is kept with SyncLock.check. Held by another sync, it is
    SyncLocked at once, or with `wait` (seconds) once it has been waited for
    that long (_wait_for_lock: `on_wait(what)` is told once, as the wait starts). `roots`: the folders
    being synced, for the refusal's hint (_take_lock)."""
    lock = dbmod.lock_path(db_path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    held = SyncLock(db_path, lock, _wait_for_lock(db_path, lock, wait, on_wait, roots))
    try:
        yield held
    finally:
        held.release()


WAIT_POLL_SECONDS = 0.2  # how often a sync waiting for the lock (--wait) tries it again


def _wait_for_lock(db_path: Path, lock: Path, wait: float, on_wait: Callable[[str], None] | None,
                   roots: Sequence[str | Path] = ()):
    """_take_lock, tried again every WAIT_POLL_SECONDS for up to `wait` seconds
    while another sync holds it (a cron job's sync that comes while the last
    one still runs: it was refused each time); `on_wait` gets one line saying
    so as the wait starts. The SyncLocked of the last try when the time is up.
    Tried, not blocked on (flock without LOCK_NB): the lock file may be
    replaced meanwhile (SyncLock), and Ctrl-C must stop the wait."""
    deadline = time.monotonic() + wait
    try:
        return _take_lock(db_path, lock, roots)
    except SyncLocked as exc:
        if wait <= 0:
            raise
        if on_wait is not None:
            on_wait(f"waiting for another `mrag sync`{exc.holder} on {db_path} to finish (--wait: up to {wait:g} s)")
    while True:
        time.sleep(max(0.0, min(WAIT_POLL_SECONDS, deadline - time.monotonic())))
        try:
            return _take_lock(db_path, lock, roots)
        except SyncLocked as exc:
            if time.monotonic() >= deadline:
                exc.hint = f"Waited {wait:g} s for it (--wait). {exc.hint}"
                raise


@dataclass
class _Pending:
    note: NoteFile
    hash: str
    text: str
    chunks: list[Chunk] | None  # None: to be chunked (_sync_root)
    is_new: bool
    windows: list | None = None  # the model's windows of the note (extract/llm.py), when streamed
    matter: frontmatter.FrontMatter | None = None  # the front matter it opens with (frontmatter.of_note)
    link_keys: frozenset[str] | None = None  # note_link_keys of its chunks, when known already (_link_ahead)
    old_id: int | None = None  # the document id of the version the index holds, for a changed note
    folder: FolderNotes | None = None  # its folder's notes, its links read against (note_readings)


@dataclass
class _ReadAhead:
    """A new or changed note the alias pass read whole (_file_aliases), as
    the sync indexes it (_changed_notes): the file is read and decoded once."""
    hash: str
    read_at: float  # before the read (recorded_mtime)
    skipped: str | None  # why the sync skips it ("binary file", a malformed canvas), None: it is indexed
    text: str  # as the sync reads it (walk.read_note); "" for a file it skips
    warning: str | None
    chunks: list[Chunk] | None = None  # chunked already (_link_ahead), as the sync chunks it
    link_keys: frozenset[str] | None = None  # its note_link_keys, when _link_ahead has them


# A note read less than this after its mtime could be written again within the same
# timestamp tick (FAT keeps 2 s, HFS+ 1 s, Linux's clock a few ms) with the same size,
# leaving size and mtime as recorded: it is recorded with UNTRUSTED_MTIME instead, which
# no stat matches, so the next sync hashes its bytes once (as git treats "racily clean" files)
RACY_SECONDS = 2.0
UNTRUSTED_MTIME = -1.0


def recorded_mtime(mtime: float, read_at: float) -> float:
    """The mtime to record for a note whose bytes were read at `read_at` (or later)."""
    return mtime if read_at - mtime >= RACY_SECONDS else UNTRUSTED_MTIME


def line_count(text: str) -> int:
    """Lines as an editor or `wc -l` counts them: the newline that ends the
    last line starts no line of its own, and an empty text has none (it was
    counted as one: `mrag show empty.md --json` gave lines [1, 1])."""
    return text.count("\n") + (bool(text) and not text.endswith("\n"))


# a full stop and blanks, a line break, or a Chinese or Japanese full stop (`。`,
# `！`, `？`), which no blank follows, with the closing quotes after it; not a title's
# full stop (`Mr. Smith`, `St. Mary's`: heuristic.TITLES, rules 13), which ends no sentence
_TITLE_STOPS = "".join(rf"(?<!\b{title}\.)" for title in HEURISTIC_TITLES.split("|"))
_SENTENCE_BREAK = re.compile(rf"(?<=[.!?]){_TITLE_STOPS}\s+|\n+|(?<=[。！？])[」』）”\s]*")


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) character spans of the sentences of `text` (stripped,
    longer than 3 characters)."""
    spans = []
    start = 0
    for m in [*_SENTENCE_BREAK.finditer(text), None]:
        end = m.start() if m else len(text)
        part = text[start:end]
        if len(part.strip()) > 3:
            left = start + len(part) - len(part.lstrip())
            spans.append((left, left + len(part.strip())))
        if m:
            start = m.end()
    return spans


def _occurrences(text_lower: str, form: str, longer: Iterable[str] = ()) -> int:
    """How often `form` is in the text (lower-cased and without invisibles, as
    `_plan_entities` has it) as a whole word (_form_pattern), not inside one of the
    `longer` names the chunk mentions too (heuristic rules 28: `Dunmere` in `House Dunmere`, `Lady Ysolde
    Dunmere` is theirs, not a mention of a Dunmere of its own); at least once, as
    it was found there (a link's target, a name read across a line break)."""
    form = without_invisibles(form).lower()
    if not form:
        return 1
    found = _form_pattern(form).spans(text_lower)
    held = [(start, end) for written in longer if (name := without_invisibles(written).lower()) != form and form in name
            for start, end in _form_pattern(name).spans(text_lower)]
    if held:
        found = [(s, e) for s, e in found if not any(hs <= s and e <= he and (hs, he) != (s, e) for hs, he in held)]
    return max(1, len(found))


# a letter or digit of a script that puts blanks between its words (not Han, kana
# or Hangul: `张伟说`, `和Alice讨论` hold their names; heuristic._WORD_CHAR)
_WORD_CHAR = rf"[^\W_{CJK_CHARS}]"


_WORD_CHAR_AT = re.compile(_WORD_CHAR)


class _WholeForm:
    """A form found as _form_pattern says, by `str.find` and one precompiled check of the letters around it: a
    pattern of its own with _WORD_CHAR's class (its CJK ranges) took 2.4 ms to compile, and each of a folder's forms
    compiled one (14.5 s of a first sync of 2,000 synthetic notes, the thirty-ninth session's profile). The same
    matches as the pattern's, tried as its engine tries them: each start in turn, the endings in their order."""

    __slots__ = ("form", "head", "endings")

    def __init__(self, form: str, cased: bool):
        self.form = form
        self.head = _WORD_CHAR_AT.match(form) is not None
        tail = _WORD_CHAR_AT.match(form[-1:]) is not None
        # `(?:s|es|['’]s)?` / `(?:['’]s)?` then `(?!_WORD_CHAR)`; a form ending in no letter has neither
        self.endings = (("'s", "’s", "") if cased else ("s", "es", "'s", "’s", "")) if tail else None

    def _ends(self, text: str, start: int) -> int | None:
        """Where the form found at `start` ends as a whole word, None when it is no whole word there."""
        if self.head and start > 0 and (text[start - 1] in "#@" or _WORD_CHAR_AT.match(text, start - 1)):
            return None
        end = start + len(self.form)
        if self.endings is None:
            return end
        for ending in self.endings:
            if text.startswith(ending, end) and not _WORD_CHAR_AT.match(text, end + len(ending)):
                return end + len(ending)
        return None

    def findall(self, text: str) -> list[str]:
        return [text[start:end] for start, end in self.spans(text)]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of each match (`findall`'s texts)."""
        found, pos = [], 0
        while (start := text.find(self.form, pos)) >= 0:
            end = self._ends(text, start)
            if end is None:
                pos = start + 1
            else:
                found.append((start, end))
                pos = end if end > start else start + 1
        return found

    def search(self, text: str) -> bool | None:
        pos = 0
        while (start := text.find(self.form, pos)) >= 0:
            if self._ends(text, start) is not None:
                return True
            pos = start + 1
        return None


@functools.lru_cache(maxsize=4096)
def _form_pattern(form: str, cased: bool = False) -> _WholeForm:
    """A lower-cased form as a whole word: an alias "jo" is not in "jonas",
    "major" or the tag "#jo" (a tag or a handle is a form of its own); a
    plural or possessive ending may follow, as the llm extractor's names
    are found (extract/parse.ChunkMatcher: "jam session" in "jam sessions").
    `cased`: a form as written, in a text as written (no `s` ending then:
    `Jos` is no `Jo`, `Jo's` is). Its `findall` and `search` are a pattern's."""
    return _WholeForm(form, cased)


class _Extraction:
    """Runs the extractor through the extraction cache and counts the cost.

    A model extractor (one with `windows`, extract/llm.py) is called once per
    window of a note, not per chunk; its answers are cached by window text
    hash × model identity × prompt version (the `chunk_hash` column holds the
    window's hash) and each committed as soon as it is written, so Ctrl-C
    keeps every answer and the next sync asks only for the rest. Each chunk
    gets the names of the windows it overlaps that its own text holds, plus
    what `complete` adds without the model (dates, chat speakers).

    Two ways to call the model. `stream(notes)` before the first group
    starts one run over the windows of every changed note in a background
    thread (extract/stream.py), and `run(group)` then waits only for the
    group's own answers, writing each to the cache as it arrives, here in
    the sync's thread. Without a stream (or with a heuristic extractor),
    `run(group)` calls the extractor for the group's windows alone."""

    def __init__(self, conn, extractor: Extractor, summary: SyncSummary, progress: "Progress | None" = None):
        self.conn, self.extractor, self.summary = conn, extractor, summary
        self.progress = progress
        self.llm_notes = 0  # notes that needed the model, all their windows answered
        self.llm_started: float | None = None
        self._streaming = False  # `stream` was called: answers come from self._answers
        self._stream = None  # AnswerStream while the model works through the whole sync
        self._answers: dict[str, list[EntityMention]] = {}  # window hash -> names, while streaming
        self._waiting: list[set[str]] = []  # per note: hashes of its windows not answered yet
        self._notes_of: dict[str, list[int]] = {}  # window hash -> the notes waiting for it
        self._ready = 0  # notes with every window answered (this group, or the whole stream)
        self._written = 0  # of those, notes sync has written since (the rest are ready ahead)

    @property
    def _cache_key(self) -> tuple[str, str]:
        """(model identity, prompt version): the extraction cache's key besides the window hash."""
        model_id, _, prompt_version = self.extractor.cache_id.rpartition("@")
        return model_id, prompt_version

    @property
    def windowed(self) -> bool:
        """A model extractor: called per note window, answers cached."""
        return self.extractor.cache_id is not None and getattr(self.extractor, "windows", None) is not None

    def run(self, group: Sequence[_Pending]) -> list[list[EntityMention]]:
        """Mentions for every chunk of the group's notes, in order."""
        if not self.windowed:
            return self.run_chunks([p.chunks for p in group], [p.note.path for p in group], [p.matter for p in group],
                                   [p.folder for p in group])
        from minirag_cli.extract.llm import chunk_mentions, chunk_windows
        from minirag_cli.extract.mdcode import reads_comments

        note_windows = [p.windows if p.windows is not None else self.windows(p.text, p.note.path) for p in group]
        if self._streaming:
            answers = self._answers
            self._await({w.hash for ws in note_windows for w in ws})
        else:
            answers = {}
            todo = self._begin(note_windows, answers)
            for i, mentions, _record in self.extractor.run(todo):
                self._answered(todo[i], mentions, answers)
        out = []
        for p, ws in zip(group, note_windows):
            if names_nothing(p.note.path):
                out += [[] for _c in p.chunks]
                continue
            texts, parts, speakers, _laid = note_readings(p.chunks, p.note.path, p.matter, p.folder)
            for c, text, part in zip(p.chunks, texts, parts):
                found = [m for k in chunk_windows(c.start_char, c.end_char, ws) for m in answers.get(ws[k].hash, [])]
                out.append(chunk_mentions(text, found, part, speakers, reads_comments(p.note.path)))
        return out

    def run_chunks(self, notes: Sequence[Sequence[Chunk]], paths: Sequence[str],
                   matters: Sequence[frontmatter.FrontMatter | None],
                   folders: Sequence[FolderNotes | None] | None = None) -> list[list[EntityMention]]:
        """Mentions for each chunk of `notes` (each note's chunks, all of
        them, in order; `paths`: the notes' paths; `matters`: the front
        matter each opens with), from an extractor without windows (the
        heuristic one), each chunk read as note_readings gives it and cut
        as extractable does. `folders`: each note's folder's notes (folder_notes), when known."""
        from minirag_cli.extract.heuristic import note_titles
        from minirag_cli.extract.mdcode import reads_comments

        texts, parts, speakers, comments, nouns, titles = [], [], [], [], [], []
        by_note = getattr(self.extractor, "reads_note_nouns", False)  # the heuristic extractor's
        titled = getattr(self.extractor, "reads_note_titles", False)  # the heuristic extractor's (rules 20)
        tasked = getattr(self.extractor, "reads_todo_txt", False)  # the heuristic extractor's (rules 22)
        todo_txt = []
        folders = [None] * len(notes) if folders is None else folders
        read_for_names = [not names_nothing(path) for path in paths]  # a CSV's table is not (csvnotes.names_nothing)
        for chunks, path, matter, folder, read in zip(notes, paths, matters, folders, read_for_names, strict=True):
            if not read:
                continue
            reading = note_readings(chunks, path, matter, folder)
            read = [extractable(text, part) for text, part in zip(reading.texts, reading.parts)]
            texts += [text for text, _part in read]
            parts += [part for _text, part in read]
            speakers += [reading.speakers] * len(chunks)
            comments += [reads_comments(path)] * len(chunks)  # `%%` is text in an Org-mode agenda
            if by_note:
                nouns += [note_nouns_of(reading.laid, path)] * len(chunks)
            if titled:  # a `# ` heading repeating the note's file name or title names the note, not its first word
                titles += [note_titles(path, matter)] * len(chunks)
            if tasked:  # a todo.txt file's line of its own is a task: its verb names nothing (rules 22)
                todo_txt += [is_todo_txt(path) and is_todo_txt(path, reading.laid.split("\n"))] * len(chunks)
        extra = {"note_nouns": nouns} if by_note else {}
        if titled:
            extra["note_titles"] = titles
        if tasked:
            extra["todo_txt"] = todo_txt
        found = iter(self.extractor.extract(texts, parts, speakers, comments=comments, **extra) if texts else [])
        return [next(found) if read else [] for chunks, read in zip(notes, read_for_names) for _c in chunks]

    def windows(self, text: str, path: str) -> list:
        """The model's windows of the note at `path` whose text is `text`: none for a note read for no names
        (csvnotes.names_nothing)."""
        return [] if names_nothing(path) else self.extractor.windows(text, path)

    def run_stored(self, notes: Sequence[Sequence[Chunk]], paths: Sequence[str],
                   matters: Sequence[frontmatter.FrontMatter | None],
                   windows: Sequence[list | None] | None = None,
                   folders: Sequence[FolderNotes | None] | None = None) -> list[list[EntityMention]]:
        """Mentions for each chunk of `notes` as run_chunks gives them, for a
        re-extraction (_reextract), which reads no file: a model extractor's
        from the windows of each note laid from its chunks (stored_text),
        which the cache holds when their text is the text that was synced
        (_uncached_windows; a window it does not hold goes to the model).
        `windows`: each note's windows when they are cut already (None: cut here); `folders`: as run_chunks'."""
        if not self.windowed:
            return self.run_chunks(notes, paths, matters, folders)
        cut = [None] * len(notes) if windows is None else windows
        folders = [None] * len(notes) if folders is None else folders
        return self.run([_Pending(NoteFile(path, Path(path), 0, 0.0), "",
                                  (stored_text(chunks) or "") if ws is None else "", list(chunks), False,
                                  windows=ws, matter=matter, folder=folder)
                         for chunks, path, matter, ws, folder in zip(notes, paths, matters, cut, folders, strict=True)])

    def uncached(self, windows: Sequence) -> tuple[int, int]:
        """(distinct windows of a note's `windows` the cache does not hold, its distinct windows)."""
        hashes = {w.hash for w in windows}
        return sum(store.cached_extraction(self.conn, h, *self._cache_key) is None for h in hashes), len(hashes)

    def stream(self, notes: Sequence[_Pending]) -> None:
        """Start the model on the windows of all `notes` (the changed notes of
        a root, in order) that the cache does not hold; `run` then takes the
        answers group by group. No thread when every window is cached."""
        from minirag_cli.extract.stream import AnswerStream

        for p in notes:
            if p.windows is None:
                p.windows = self.windows(p.text, p.note.path)
        self._streaming = True
        todo = self._begin([p.windows for p in notes], self._answers)
        if todo:
            self._stream = AnswerStream(self.extractor, todo)

    def _begin(self, note_windows: list[list], answers: dict) -> list:
        """Look the notes' windows up in the cache (into `answers`); the
        distinct windows the model must answer, in note order."""
        distinct = {w.hash: w for ws in note_windows for w in ws}
        for h in distinct:
            cached = store.cached_extraction(self.conn, h, *self._cache_key)
            if cached is not None:
                self.summary.cache_hits += 1
                answers[h] = [EntityMention(n, t) for n, t in cached]
        todo = [w for h, w in distinct.items() if h not in answers]
        self._waiting = [{w.hash for w in ws if w.hash not in answers} for ws in note_windows]
        self._notes_of = {}
        for k, hashes in enumerate(self._waiting):
            for h in hashes:
                self._notes_of.setdefault(h, []).append(k)
        self._ready, self._written = sum(1 for w in self._waiting if not w), 0
        self._report()
        if todo and self.llm_started is None:
            self.llm_started = time.perf_counter()
        return todo

    def _answered(self, window, mentions: list[EntityMention], answers: dict) -> None:
        """One answer: into `answers` and the cache (its own commit), and the
        notes it completes counted."""
        answers[window.hash] = mentions
        with dbmod.transaction(self.conn):  # one answer, one commit: Ctrl-C loses none
            store.cache_extraction(self.conn, window.hash, *self._cache_key, [[m.name, m.type] for m in mentions])
        for k in self._notes_of.pop(window.hash, ()):
            self._waiting[k].discard(window.hash)
            if not self._waiting[k]:
                self.llm_notes += 1
                self._ready += 1
        self._report()

    def _await(self, hashes: set[str]) -> None:
        """Take the stream's answers until every one of `hashes` is in (or
        the model has stopped: a window it never answered gets no names,
        as when `run` ends early without a stream)."""
        while self._stream is not None and not self._stream.finished and not hashes <= self._answers.keys():
            got = self._stream.get(timeout=0.5)
            if got is not None:
                self._answered(*got, self._answers)

    def drain(self) -> None:
        """Write the answers that arrived meanwhile (between the steps of a
        group), so a crash while embedding or writing loses none of them."""
        if self._stream is not None:
            for window, mentions in self._stream.ready():
                self._answered(window, mentions, self._answers)

    def wrote(self) -> None:
        """Sync has written one more note of the group (for the ETA's notes
        ready ahead), then takes the answers that arrived meanwhile."""
        self._written += 1
        self.drain()

    def close(self) -> None:
        """Stop the model if it still runs (it is done unless the sync was
        interrupted) and write the answers it finished that nobody took.
        A `run` after it (a note named anew, _name_anew) looks its windows
        up in the cache again, as without a stream."""
        stream, self._stream = self._stream, None
        self._streaming = False
        if stream is not None:
            for window, mentions in stream.close():
                self._answered(window, mentions, self._answers)
            stream.check()  # a model failure nobody has seen yet

    def _report(self) -> None:
        hook = getattr(self.progress, "extracting", None)
        if hook is None:
            return
        seconds = time.perf_counter() - self.llm_started if self.llm_started else 0.0
        tokens = getattr(self.extractor, "tokens_in", 0) + getattr(self.extractor, "tokens_out", 0)
        hook(self.llm_notes, max(0, self._ready - self._written), tokens, seconds)


@dataclass
class _Run:
    """One sync: what every step of it needs."""

    conn: object
    embedder: Embedder
    extraction: _Extraction
    resolver: Resolver
    options: SyncOptions
    progress: Progress
    summary: SyncSummary
    codec: Codec  # how the index stores vectors (int8, 12-bit relation sentences)
    # meta the index must record (settings, roots) with the next note written (None: the record removed)
    build: dict[str, str | None]
    on_first_note: Callable[[], None] | None = None  # called once, after the first note is committed
    own_files: frozenset[str] = frozenset()  # the index's own files: never notes, never reported skipped
    following: frozenset[str] = frozenset()  # the roots whose symlinks out of the folder are followed
    # (folder, key) of the file names (_name_notes) two or more notes of a folder share
    shared_names: frozenset[tuple[str, str]] = frozenset()
    # (folder, key) of the single lower-case word file names a wikilink of the folder names (linked_names)
    linked: frozenset[tuple[str, str]] = frozenset()
    # path -> the keys its links link to (note_link_keys), of the folder being synced: as recorded and as this
    # sync writes and removes notes; None: not known (to be read from the chunks, stored_link_targets)
    link_targets: dict[str, frozenset[str]] | None = None
    # folder -> {alias key: key of its note's own name}: the aliases the graph joins (joined_names)
    joined: dict[str, dict[str, str]] = field(default_factory=dict)
    # folder -> {path: its aliases, or None: to be read from the index}, as recorded (_name_anew)
    aliases: dict[str, dict[str, list[str] | None]] = field(default_factory=dict)
    # the Chinese and Japanese names the notes make known, as the graph has them (merged_known)
    known: dict[str, str] = field(default_factory=dict)
    cjk_changed: bool = False  # a note making CJK names known was written or removed: `known` may have changed
    # (folder, path) -> the CJK names the note makes known (none: left out), as recorded and as this sync
    # writes and removes notes; None: not recorded (an older index, or a sync stopped before _know_anew
    # recorded it), to be read from the chunks of every CJK note (known_cjk_by_note)
    known_notes: dict[tuple[str, str], dict[str, str]] | None = None
    # the one-word names the notes make known to the others (heuristic.makes_known, rules 25), as the graph has
    # them (meta known_words), and (folder, path) -> those each note makes known, as recorded and as this sync
    # writes and removes notes (meta known_words_notes; None: a model's index, which reads no such words)
    words: dict[str, str] = field(default_factory=dict)
    word_notes: dict[tuple[str, str], dict[str, str]] | None = None
    words_changed: bool = False  # a note making words known was written or removed: `words` may have changed
    # path -> the note as the alias pass read it, for the sync to index (a folder's, until it is synced)
    read_ahead: dict[str, _ReadAhead] = field(default_factory=dict)
    read_ahead_room: int = 0  # the bytes the alias pass may still keep so (READ_AHEAD_BYTES a folder)
    names: "_NoteNames | None" = None  # the notes' name keys, found once a sync (made with the run)
    # folder -> its notes as a link `[[A/B]]` is read against (heuristic.FolderNotes: folder_notes)
    folders: dict[str, FolderNotes] = field(default_factory=dict)
    # the folders some of whose notes _stale_readings could not read for now: their reader version stays
    unread_readings: set[str] = field(default_factory=set)
    # folder -> the Logseq graphs its walk found (walk.WalkResult.logseq_graphs), recorded when the sync ends
    logseq_graphs: dict[str, list[str]] = field(default_factory=dict)
    # folder -> {path: the warnings its note was read with} of the notes it indexes, recorded when the sync ends
    # (db.READ_WARNINGS_KEY); read_now: the folder's being synced, the notes read now (none: [])
    read_warnings: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    read_now: dict[str, list[str]] = field(default_factory=dict)
    # the folder's notes read as indexed after a readers' upgrade or a graph come or gone (_read_differently):
    # {path: the warnings they read with}, recorded in place of the record (an older mrag's had none)
    read_same: dict[str, list[str]] = field(default_factory=dict)
    # folder -> {path: its warnings} of the notes written (committed) so far: recorded at once if the sync stops
    # before its end (Ctrl-C), which records them with the rest (_record_written_warnings)
    written_warnings: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    # the resolver's stale keys as the index records them (db.RESOLVE_PENDING_KEY, _record_stale)
    stale_recorded: frozenset[str] = frozenset()
    # folder -> the files opened and not indexed (walk.WalkResult.looked), for the next sync (db.LOOKED_KEY)
    looked: dict[str, dict[str, tuple[int, float, str]]] = field(default_factory=dict)
    looking: dict[str, tuple[int, float, str]] = field(default_factory=dict)  # the folder's being synced
    # folder -> its folders listed with their mtime (walk.WalkResult.folders), recorded when the sync ends
    # (db.FOLDER_TIMES_KEY: what `ask` tells notes added since by)
    folder_times: dict[str, dict[str, int]] = field(default_factory=dict)
    # the size limit the index's notes were read at (the --max-bytes recorded; a lower one now: _over_new_limit)
    limit_before: int = DEFAULT_MAX_BYTES
    # set while _reextract extracts every note anew: {sentence key: text} of the relation sentences no vector was kept
    # for, written with none and embedded once every note is in, those the graph still holds
    # (_embed_deferred_sentences): a note _resolve_anew extracts again rewrites the sentences naming a key a later
    # note made stale, and the first reading's were embedded for nothing (4 of LiHua's, at each rules version)
    deferred_sentences: dict[int, str] | None = None
    # the order the notes' ambiguous slashed days are read in (dayorder.py): the setting's, else the vault's
    day_order: str = ""
    # the index held no note when the sync began: its notes' day order settled once they are in is no change of it
    new_index: bool = False

    @property
    def reextracting(self) -> bool:
        """Inside _reextract: every note is being extracted anew, so one extracted again is no news and the
        vectors its clear_graph kept serve it too."""
        return self.deferred_sentences is not None

    def __post_init__(self):
        if self.names is None:
            self.names = _NoteNames(self.extraction.extractor)


def _record_build(run: _Run) -> None:
    """Write the pending build settings (inside the caller's transaction); a
    record None is removed."""
    for key, value in run.build.items():
        if value is None:
            dbmod.delete_meta(run.conn, key)
        else:
            dbmod.set_meta(run.conn, key, value)


def sync_folders(conn, roots: Sequence[Path], *, embedder: Embedder, extractor: Extractor,
                 options: SyncOptions | None = None, progress: Progress | None = None,
                 on_first_note: Callable[[list[str]], None] | None = None,
                 index_path: Path | None = None) -> SyncSummary:
    """Bring the index in line with the folders. The caller holds sync_lock.
    `on_first_note(roots)` is called once the first note this sync writes is
    committed (the index then holds notes of `roots` even if the sync is
    interrupted: the CLI records it for index discovery there). The files of
    the index at `index_path` (db.index_files) are passed over silently when
    it lies in a synced folder. Stopped by Ctrl-C or SIGTERM, the
    KeyboardInterrupt carries the summary of what was done by then
    (`sync_summary`; interrupted_summary reads it)."""
    summary = SyncSummary(extractor=extractor.name)
    started = time.perf_counter()
    try:
        return _sync_folders(conn, roots, summary, embedder=embedder, extractor=extractor, options=options,
                             progress=progress, on_first_note=on_first_note, index_path=index_path)
    except KeyboardInterrupt as exc:
        summary.seconds = time.perf_counter() - started
        for attr in ("model_calls", "tokens_in", "tokens_out"):
            setattr(summary, attr, getattr(extractor, attr, 0))
        exc.sync_summary = summary
        raise


def interrupted_summary(conn, exc: BaseException, done: SyncSummary | None = None,
                        extractor: str = "") -> SyncSummary:
    """The summary of a sync that Ctrl-C or SIGTERM stopped (`exc`), for a
    script to read (`mrag sync --json`): what it had done (the summary
    sync_folders gave `exc`, or `done`, one it had finished before it was
    stopped; else none: stopped before it started, while it waited for the
    lock), `interrupted`, `discarded` when it was a rebuild that went with it
    (rebuilding: the Interrupted it raises keeps nothing), and the totals
    of the index at `conn` as it is now."""
    chain, seen = [], exc
    while seen is not None and len(chain) < 10:
        chain.append(seen)
        seen = seen.__cause__ or seen.__context__
    summary = next((e.sync_summary for e in chain if getattr(e, "sync_summary", None) is not None), None)
    summary = summary or done or SyncSummary(extractor=extractor)
    summary.interrupted = True
    summary.discarded = any(getattr(e, "kept", True) is False for e in chain)
    with contextlib.suppress(Exception):  # the index as it is (what was committed), if it can be read
        summary.entities, summary.total_chunks, summary.total_files = store.totals(conn)
    return summary


def _sync_folders(conn, roots: Sequence[Path], summary: SyncSummary, *, embedder: Embedder, extractor: Extractor,
                  options: SyncOptions | None, progress: Progress | None,
                  on_first_note: Callable[[list[str]], None] | None, index_path: Path | None) -> SyncSummary:
    """sync_folders, filling in `summary` as it goes."""
    options = options or SyncOptions()
    roots = list(dict.fromkeys(Path(r).resolve() for r in roots))  # `mrag sync notes notes/`: once
    options = built_alike(conn, extractor.name, options)
    check_not_newer(conn, roots)
    # the order the notes' ambiguous slashed days are read in: the setting's, else the one the vault's notes settle
    # as the index holds them (dayorder.vault_evidence); the notes this sync changes may turn it (_day_order_anew)
    evidence = _recorded_day_evidence(conn, options.day_order) or _day_evidence(conn, options.day_order)
    check_nested(conn, roots, index_path)
    roots_known = set(json.loads(dbmod.get_meta(conn, "roots", "[]")))
    check_readable([r for r in roots if str(r) not in roots_known])  # before anything is written
    started = time.perf_counter()
    dbmod.ensure_embedder(conn, embedder.name, embedder.dim)
    roots_known = _follow_moves(conn, roots, roots_known, summary, index_path)
    follow = following(conn, roots, options.follow_symlinks)
    # how the notes are built and the folders they come from, recorded with
    # the first note written (not before: an index found damaged on the way
    # is never written to): a sync interrupted after a `--rebuild --chunk-tokens 60`
    # must leave 60 there, or the next sync with the old settings would build
    # the rest another way; and a folder inside a root synced halfway is
    # refused as inside one synced in full (check_nested)
    build = {"roots": json.dumps(sorted(roots_known | {str(r) for r in roots})), "extractor": extractor.name,
             "extractor_model": getattr(extractor, "cache_id", None) or "",
             "chunk_tokens": str(options.chunk_tokens), "overlap_tokens": str(options.overlap_tokens),
             "max_bytes": str(options.max_bytes), DAY_ORDER_KEY: options.day_order or evidence["inferred"] or None,
             # of the folders the index keeps (a rebuild forgets the ones it is not given)
             dbmod.FOLLOW_SYMLINKS_KEY: json.dumps(sorted(follow & (roots_known | {str(r) for r in roots})))}
    limit_before = dbmod.get_meta(conn, "max_bytes")  # before this sync records its own
    run = _Run(conn, embedder, _Extraction(conn, extractor, summary, progress), _resolver(conn, extractor), options,
               progress or NullProgress(), summary, codec_of(conn),
               {key: value for key, value in build.items() if dbmod.get_meta(conn, key) != value},
               on_first_note and (lambda: on_first_note([str(r) for r in roots])),
               frozenset(dbmod.index_files(Path(index_path).resolve())) if index_path else frozenset(),
               frozenset(follow))
    if limit_before and limit_before.isdigit():
        run.limit_before = int(limit_before)
    run.day_order = options.day_order or evidence["inferred"]
    run.new_index = not store.totals(conn)[2]
    _check_heuristic_version(run, roots, index_path)
    _load_known_words(run, roots)
    # a sync stopped before it extracted anew the notes of keys made stale (_resolve_anew): this one does
    run.stale_recorded = frozenset(json.loads(dbmod.get_meta(conn, dbmod.RESOLVE_PENDING_KEY) or "[]"))
    run.resolver.reopen(run.stale_recorded)
    if not run.known:
        run.known = recorded_known(conn)
    run.cjk_changed = dbmod.get_meta(conn, dbmod.KNOWN_CJK_PENDING_KEY) is not None  # a sync stopped before
    if run.known_notes is None and not run.cjk_changed:  # (one stopped before left the record behind the notes)
        run.known_notes = recorded_known_notes(conn)
    # Each file still commits on its own (crash safety); only the copy of WAL
    # pages back into the main file is batched: every checkpoint fsyncs, and at
    # the default 1000 pages a big sync checkpoints every few files.
    dbmod.set_wal_autocheckpoint(conn, SYNC_WAL_AUTOCHECKPOINT)
    try:
        for root in roots:
            if not root.is_dir():
                raise MragError(f"{root} is not a folder.")
            summary.roots.append(str(root))
            if str(root) in run.following:
                summary.follow_symlinks.append(str(root))
            skipped_before = len(summary.skipped)
            _sync_root(run, root)
            # in path order: a file skipped when read (binary) is skipped by the walk on the next sync, from
            # the record of files looked at (walk.looked_record), and a re-sync lists the same files alike
            summary.skipped[skipped_before:] = sorted(summary.skipped[skipped_before:], key=lambda item: item["path"])
            summary.skipped_in[str(root)] = summary.skipped[skipped_before:]
    except BaseException:
        if run.written_warnings and not conn.in_transaction:
            with contextlib.suppress(Exception):  # best effort: the error or the Ctrl-C said is the sync's own
                with dbmod.transaction(conn):
                    _record_written_warnings(conn, run.written_warnings)
        raise
    finally:
        dbmod.set_wal_autocheckpoint(conn, 1000)
    _day_order_anew(run, roots, evidence)
    if run.cjk_changed:
        _know_anew(run)
    if run.words_changed:
        _words_anew(run)
    if run.resolver.stale:
        with dbmod.transaction(conn):
            # the folders synced now, whose aliases and names the run holds (one not synced keeps its notes
            # as written, as _know_anew leaves them)
            _resolve_anew(run, list(summary.roots))
    _warn_gone_roots(conn, roots_known - {str(r) for r in roots}, summary, [str(r) for r in roots], index_path)
    _warn_copied_index(conn, index_path, sorted(roots_known | {str(r) for r in roots}), summary)
    with dbmod.transaction(conn):
        fit_tables(conn)  # vec0 blocks sized to the tables as they are now
        if summary.changed or summary.removed:  # chunks went: so do the answers that read them
            store.prune_answers(conn)  # (a sync that removed nothing leaves the table alone)
        _record_build(run)
        _record_skipped(conn, summary, sorted(roots_known | {str(r) for r in roots}))
        _record_looked(conn, run.looked, roots_known | {str(r) for r in roots})
        _record_folder_times(conn, run.folder_times, roots_known | {str(r) for r in roots})
        _record_reader_version(conn, [str(r) for r in roots if str(r) not in run.unread_readings],
                               roots_known | {str(r) for r in roots})
        _record_logseq_graphs(conn, {root: graphs for root, graphs in run.logseq_graphs.items()
                                     if root not in run.unread_readings}, roots_known | {str(r) for r in roots})
        _record_read_warnings(conn, run.read_warnings, roots_known | {str(r) for r in roots})
        dbmod.set_meta(conn, "last_sync", dbmod.now_iso())
    for attr in ("model_calls", "tokens_in", "tokens_out"):
        setattr(summary, attr, getattr(extractor, attr, 0))
    summary.entities, summary.total_chunks, summary.total_files = store.totals(conn)
    summary.seconds = time.perf_counter() - started
    return summary


def _day_evidence(conn, setting: str) -> dict:
    """dayorder.vault_evidence over the notes the index holds that write a slashed day with its year (read from
    their stored chunks: a few of a vault's notes, a table of days at most)."""
    paths = store.document_paths(conn)
    docs = sorted(store.documents_writing_dated_slashes(conn), key=paths.__getitem__)  # the unread shown in order
    notes = store.stored_chunks(conn, docs)
    return {**vault_evidence([[c for _id, c in notes[doc]] for doc in docs], setting,
                             [paths[doc][1] for doc in docs]), "setting": setting}


def _recorded_day_evidence(conn, setting: str) -> dict | None:
    """The vault's evidence the last sync recorded (dayorder.DAY_EVIDENCE_KEY), None when none was or its unread days
    were counted with another setting."""
    with contextlib.suppress(ValueError, TypeError):
        recorded = json.loads(dbmod.get_meta(conn, DAY_EVIDENCE_KEY) or "null")
        # (one recorded before the unread days' places were, read anew: status and doctor say where they are)
        if (isinstance(recorded, dict) and recorded.get("setting") == setting and "inferred" in recorded
                and ("unread_at" in recorded or not recorded.get("unread"))):
            return recorded
    return None


def _day_order_anew(run: _Run, roots: Sequence[Path], before: dict) -> None:
    """The vault's evidence of its day order read anew once the notes changed (dayorder.vault_evidence) and recorded
    (status, doctor: the ambiguous days left unread); with no setting, an order it turns (a first note written day
    first, a US email making the vault's evidence both ways) extracts every note anew, as a changed setting does:
    a note unchanged is read as the vault is now, and a sync again changes nothing."""
    conn, setting = run.conn, run.options.day_order
    summary = run.summary
    evidence = before
    if summary.changed or summary.removed or summary.added or summary.reextracted:
        evidence = _day_evidence(conn, setting)
    if not setting and evidence["inferred"] != run.day_order and store.totals(conn)[2]:
        run.day_order = evidence["inferred"]
        run.build[DAY_ORDER_KEY] = run.day_order or None
        _reextract(run, roots, str(HEURISTIC_VERSION))
        if run.new_index:  # (the files did not settle it: _day_order_of_files) said as the order found, not changed
            summary.reextracted["new_index"] = True
        evidence = _day_evidence(conn, setting)
    recorded = json.dumps(evidence, sort_keys=True)
    if dbmod.get_meta(conn, DAY_EVIDENCE_KEY) != recorded:
        with dbmod.transaction(conn):
            dbmod.set_meta(conn, DAY_EVIDENCE_KEY, recorded)


def _record_reader_version(conn, synced: Sequence[str], kept_roots: set[str]) -> None:
    """Record that the folders `synced` (every one finished) were read with
    this mrag's readers (walk.READER_VERSION, _stale_readings), inside the
    caller's transaction; the other kept folders keep their record."""
    recorded = dbmod.meta_dict(conn, dbmod.READER_VERSION_KEY)
    value = {root: version for root, version in recorded.items() if root in kept_roots}
    value.update({root: READER_VERSION for root in synced})
    if value != recorded:
        dbmod.set_meta(conn, dbmod.READER_VERSION_KEY, json.dumps(value, sort_keys=True, ensure_ascii=False))


def _record_logseq_graphs(conn, synced: dict[str, list[str]], kept_roots: set[str]) -> None:
    """Record the Logseq graphs of the folders `synced` (folder -> its graphs; _graphs_changed), inside the
    caller's transaction; the other kept folders keep their record."""
    recorded = dbmod.meta_dict(conn, dbmod.LOGSEQ_GRAPHS_KEY)
    value = {root: graphs for root, graphs in recorded.items() if root in kept_roots}
    value.update({root: graphs for root, graphs in synced.items() if graphs or root in recorded})
    if value != recorded:
        dbmod.set_meta(conn, dbmod.LOGSEQ_GRAPHS_KEY, json.dumps(value, sort_keys=True, ensure_ascii=False))


def _record_read_warnings(conn, synced: dict[str, dict[str, list[str]]], kept_roots: set[str]) -> None:
    """Record the warnings the notes of the folders `synced` were read with (_warned_before), inside the caller's
    transaction; the other kept folders keep their record."""
    recorded = dbmod.meta_dict(conn, dbmod.READ_WARNINGS_KEY)
    value = {root: notes for root, notes in recorded.items() if root in kept_roots}
    value.update(synced)
    value = {root: notes for root, notes in value.items() if notes}
    if value != recorded:
        dbmod.set_meta(conn, dbmod.READ_WARNINGS_KEY, json.dumps(value, sort_keys=True, ensure_ascii=False))


def _record_written_warnings(conn, written: dict[str, dict[str, list[str]]]) -> None:
    """Record the warnings the notes written so far were read with (folder -> {path: warnings}; [] for none),
    inside the caller's transaction: a sync stopped by Ctrl-C kept the notes it wrote, and their warnings, recorded
    only when it ended (_record_read_warnings), were never said again. Once, when it stops, not with each note:
    rewriting the whole record per note made a first sync of thousands of warned notes quadratic (review revF)."""
    recorded = dbmod.meta_dict(conn, dbmod.READ_WARNINGS_KEY)
    value = {root: dict(notes) for root, notes in recorded.items() if isinstance(notes, dict)}
    for root, notes in written.items():
        mine = value.setdefault(root, {})
        for path, warnings in notes.items():
            if warnings:
                mine[path] = warnings
            else:
                mine.pop(path, None)
    value = {root: notes for root, notes in value.items() if notes}
    if value != recorded:
        dbmod.set_meta(conn, dbmod.READ_WARNINGS_KEY, json.dumps(value, sort_keys=True, ensure_ascii=False))


def _record_skipped(conn, summary: SyncSummary, kept_roots: Sequence[str]) -> None:
    """The summary's skipped files that the last sync of their folder did
    not skip, or skipped for another reason (summary.skipped_new), and what
    this sync skipped recorded for the next one (db.SKIPPED_KEY; the folders
    not synced now keep theirs), inside the caller's transaction: a sync that
    skips the same files again lists them as a count, not in full each time."""
    before = dbmod.get_meta(conn, dbmod.SKIPPED_KEY)
    recorded = dbmod.skipped_files(conn)
    for root, items in summary.skipped_in.items():
        was = recorded.get(root, {})
        summary.skipped_new.extend(item for item in items if was.get(item["path"]) != item["reason"])
        recorded[root] = {item["path"]: item["reason"] for item in items}
    recorded = {root: files for root, files in recorded.items() if root in kept_roots and files}
    value = json.dumps(recorded, sort_keys=True, ensure_ascii=False)
    if value != before and (recorded or before is not None):
        dbmod.set_meta(conn, dbmod.SKIPPED_KEY, value)


def _record_looked(conn, looked: dict[str, dict[str, tuple[int, float, str]]], kept_roots: set[str]) -> None:
    """What this sync opened of each folder it synced and did not index
    (`looked`: walk.WalkResult.looked, with the files the sync skipped for
    their bytes) recorded for the next sync's walk (db.LOOKED_KEY; the
    folders not synced now keep theirs), inside the caller's transaction."""
    before = dbmod.get_meta(conn, dbmod.LOOKED_KEY)
    recorded = {root: files for root, files in dbmod.looked_files(conn).items() if root in kept_roots}
    recorded.update(looked)
    value = json.dumps({root: {p: list(v) for p, v in sorted(files.items())}
                        for root, files in sorted(recorded.items()) if files}, ensure_ascii=False)
    if value != (before or "{}"):
        dbmod.set_meta(conn, dbmod.LOOKED_KEY, value)


def _record_folder_times(conn, synced: dict[str, dict[str, int]], kept_roots: set[str]) -> None:
    """Record the folders each folder `synced` (every one finished) listed, with their mtime (db.FOLDER_TIMES_KEY),
    inside the caller's transaction; the other kept folders keep theirs. Only a finished sync records them: one
    stopped before leaves the older record, whose folders changed since, so `ask` looks at them again."""
    recorded = dbmod.folder_times(conn)
    value = {root: folders for root, folders in recorded.items() if root in kept_roots}
    value.update(synced)
    if value != recorded:
        dbmod.set_meta(conn, dbmod.FOLDER_TIMES_KEY, json.dumps(value, sort_keys=True, ensure_ascii=False))


def _follow_moves(conn, roots: Sequence[Path], roots_known: set[str], summary: SyncSummary,
                  index_path: Path | None = None) -> set[str]:
    """A synced folder that is gone, and a folder new to the index given now
    holding its notes (at the same paths, of the same sizes: at least half of
    them), is that folder moved or renamed (`mv ~/notes ~/Notes`): its notes
    become the new folder's, with their chunks, vectors and graph, so the
    sync reads only what changed, instead of adding every note a second time
    beside the ones of the folder that is gone. One gone folder and one new
    folder only: when several could match, none is taken for a move (the sync
    warns about the gone folder as before). A copy of a folder that is only
    unmounted (`cp -r`: new times, same sizes) is taken for it as well, as a
    copied move must be: each move says how it is undone (`undo`: the sync
    that indexes the old folder again once it is back, beside the new one;
    the index's own path named, as `mrag sync OLD` alone may find another).
    Returns the synced folders after the moves."""
    new = [root for root in roots if str(root) not in roots_known]
    gone = gone_folders(sorted(roots_known)) if new else []
    matches: dict[str, list[str]] = {}
    for old in gone:
        notes = store.existing_documents(conn, old)
        for root in new:
            if notes and 2 * sum(_same_size(root / path, size) for path, (_id, _hash, size, _mtime)
                                 in notes.items()) >= len(notes):
                matches.setdefault(old, []).append(str(root))
    targets = [root for found in matches.values() for root in found]
    moves = {old: found[0] for old, found in matches.items() if len(found) == 1 and targets.count(found[0]) == 1}
    for old, root in sorted(moves.items()):
        with dbmod.transaction(conn):
            notes = store.move_root(conn, old, root)
        summary.moved.append({"from": old, "to": root, "notes": notes, "undo": _undo_move(old, index_path)})
    return {moves.get(root, root) for root in roots_known}


def _undo_move(old: str, index_path: Path | None) -> str:
    """The command that indexes `old`, a folder taken for moved, again (into
    the index at `index_path`, named: `mrag sync OLD` alone may take or make
    another, .mrag in OLD or a new one)."""
    return sync_command([old], None if index_path is None else str(Path(index_path).resolve()))


def _same_size(path: Path, size: int) -> bool:
    try:
        return path.is_file() and path.stat().st_size == size
    except OSError:
        return False


def _warn_gone_roots(conn, others: Iterable[str], summary: SyncSummary, synced: Sequence[str] = (),
                     index_path: Path | None = None) -> None:
    """A folder synced before that is gone (moved, renamed, deleted or not
    mounted) keeps its notes, as a folder that cannot be read for now does
    (an unplugged drive must not empty the index); each sync warns, so
    a moved folder synced at its new place is not found twice in silence.
    The command that drops them names the folders kept: the ones synced now
    and the others that are still there; the index at `index_path` is named
    where `mrag sync` alone would sync another (hints.sync_hint)."""
    others = sorted(others)
    gone = gone_folders(others)
    kept = [*synced, *(r for r in others if r not in gone)]
    for root in gone:
        notes = len(store.existing_documents(conn, root))
        if notes:
            summary.warnings.append({"path": root, "reason": (
                f"a folder synced before is gone (moved, renamed or not mounted): its {notes} "
                f"note{'s' * (notes != 1)} stay in the index; moved or renamed: "
                f"`{sync_hint([AsIs('NEWPATH')], index_path)}` takes them there (unchanged notes are kept as they "
                f"are); gone for good: `{sync_hint(kept, index_path, rebuild=True)}` drops them")})


def _warn_copied_index(conn, index_path: Path | None, folders: Sequence[str], summary: SyncSummary) -> None:
    """A notes folder copied with its `.mrag/` (a backup, a new laptop, `cp -a`)
    and synced at the copy: the copied index still holds the first folder, which
    is there, so the sync added the copy beside it and every note was in the
    index twice, in silence. Told by the index lying in one of its folders while
    another of them holds an index of its own (that folder's, the one copied)
    and notes at the same paths."""
    if index_path is None:
        return
    here = Path(index_path).resolve()
    roots = [Path(r) for r in folders]
    homes = [r for r in roots if here.is_relative_to(r)]
    if not homes:  # an index kept outside its folders (--db): nothing was copied with one
        return
    copied = []
    for other in roots:
        theirs = other / ".mrag" / "index.sqlite"
        try:
            if other not in homes and theirs.is_file() and not theirs.samefile(here):
                copied.append(other)
        except OSError:
            continue
    gone = set(gone_folders([str(r) for r in roots]))  # warned about on their own, dropped by a rebuild too
    kept = [str(r) for r in roots if r not in copied and str(r) not in gone]
    held = {path for home in homes for path in store.existing_documents(conn, str(home))}
    for other in copied:
        theirs = store.existing_documents(conn, str(other))
        notes = len(theirs)
        # a copy holds the same notes: a folder added on purpose (--db) with an index of its own does not
        if notes and held & set(theirs):
            summary.warnings.append({"path": str(other), "reason": (
                f"this index ({here}) also holds the {notes} note{'s' * (notes != 1)} of {other}, which has an index "
                f"of its own: was {homes[0]} copied from it with its .mrag folder? Notes found in both are in this "
                f"index twice; `{sync_hint(kept, index_path, rebuild=True)}` drops {other}'s")})


def _day_order_of_files(run: _Run, files: Sequence[NoteFile]) -> None:
    """A new index's day order, as its notes' files settle it (dayorder.files_order), read before any note is
    extracted: the notes are extracted once with it, not with none and then all again by _day_order_anew (which
    still checks it against their chunks once they are in: a note's reader may show other text than its file)."""
    with_slashes = (_file_text(note, run.read_ahead.get(note.path)) for note in files
                    if note.size <= run.options.max_bytes)
    order = files_order(text for text in with_slashes if "/" in text)
    if order:
        run.day_order = run.build[DAY_ORDER_KEY] = order


def _file_text(note: NoteFile, ahead: _ReadAhead | None = None) -> str:
    """A note file's text: as the alias pass kept it read whole (`ahead`, run.read_ahead: a note is opened once per
    sync), else as its bytes decode (UTF-8, any other byte replaced); '' when it cannot be read now (the sync says
    why when it reads it), writes no slash or is no UTF-8 (a NUL in its head: UTF-16, decoded once per sync by its
    reader; the check on its chunks, _day_order_anew, still counts its days)."""
    if ahead is not None:
        return "" if ahead.skipped else ahead.text
    try:
        data = note.abspath.read_bytes()
    except OSError:
        return ""
    if b"/" not in data or b"\x00" in data[:4096]:
        return ""
    return data.decode("utf-8", "replace")


def _check_heuristic_version(run: _Run, roots: Sequence[Path], index_path: Path | None) -> None:
    """Bring an index whose entities come from another version of the
    heuristic rules (extract/heuristic.py VERSION; none recorded: older than
    1) up to this one. An index without notes records this version with its
    first note. One built by the heuristic extractor is re-extracted now
    (_reextract: milliseconds per note). One built by a model is not: its
    windows (model_view) and `complete` use the heuristic's speaker and
    common-word rules, so a re-extraction could ask the model anew for every
    window those rules now read differently (minutes to hours, not the
    cached answers): it is re-extracted now only when the model's cache
    holds every window of its notes as they are cut now (_uncached_windows:
    the names then are those a rebuild gives, with no model call); else the
    sync warns, naming the rebuild and how many windows it would ask, and
    leaves the old version recorded until then."""
    conn, current = run.conn, str(HEURISTIC_VERSION)
    recorded = dbmod.get_meta(conn, dbmod.HEURISTIC_VERSION_KEY)
    update = rules_update(recorded, "heuristic" if run.extraction.extractor.cache_id is None else "llm")
    if update is None and (dbmod.get_meta(conn, DAY_ORDER_KEY) or "") != run.day_order:
        # another day order (MRAG_DAY_ORDER, dayorder.py) reads the notes' ambiguous slashed days otherwise: as a
        # change of rules, every note is extracted anew
        update = rules_update(None, "heuristic" if run.extraction.extractor.cache_id is None else "llm")
    if update is None:
        return
    if store.totals(conn)[2] == 0:  # built now, with these rules
        run.build[dbmod.HEURISTIC_VERSION_KEY] = current
        return
    if update == "newer":  # refused before (check_not_newer): never extracted anew with older rules
        return
    if update == "sync":
        _reextract(run, roots, recorded)  # no model: extracting costs less than a cache lookup
        return
    missing, windows, cut = _uncached_windows(run, roots)
    if missing == 0:
        _reextract(run, roots, recorded, cut)  # every answer cached: no model call
        return
    folders = dbmod.recorded_roots(conn) or [str(r) for r in roots]
    asked = (f"{missing} of its {windows} windows" if missing is not None
             else "the windows of notes it cannot read back from the index")
    run.summary.warnings.append({"path": str(index_path or roots[0]), "reason": (
        f"the entities of the notes synced before come from other heuristic rules (version "
        f"{recorded or 'not recorded'}; this mrag has {current}), which the llm extractor uses for chat speakers "
        f"and dates; `{sync_hint(folders, index_path, rebuild=True)}` extracts every note anew (the model's cached answers are "
        f"reused; it asks the model for {asked}, which the new rules read differently)")})


def _uncached_windows(run: _Run, roots: Sequence[Path]) -> tuple[int | None, int, dict[int, list]]:
    """(windows the model's cache does not hold, windows, each note's
    windows by document id) over the notes an index of a model extractor
    holds, each cut as it is now from the note laid from its stored chunks
    (stored_text); (None, windows, {}) when a note's chunks do not lay (an
    index written otherwise: only a rebuild reads its file). The windows
    are kept for the re-extraction that follows (_reextract), which laid
    and cut every note again (in memory, about the notes' text: a model
    extracts thousands of notes, not millions)."""
    conn = run.conn
    doc_ids = store.documents_in_sync_order(conn, [str(r) for r in roots])
    paths = store.document_paths(conn)  # the note's kind says what is code in it (llm.note_windows)
    missing = total = 0
    cut: dict[int, list] = {}
    for start in range(0, len(doc_ids), REEXTRACT_NOTES):
        for doc, pairs in store.stored_chunks(conn, doc_ids[start:start + REEXTRACT_NOTES]).items():
            text = stored_text([c for _id, c in pairs])
            if text is None:
                return None, total, {}
            cut[doc] = run.extraction.windows(text, paths[doc][1])
            not_held, held = run.extraction.uncached(cut[doc])
            missing, total = missing + not_held, total + held
    return missing, total, cut


def _reextract(run: _Run, roots: Sequence[Path], recorded: str | None, windows: dict[int, list] | None = None
               ) -> None:
    """Extract every note's entities anew from the chunks the index holds (no
    chunking, no chunk embedding) and remake the graph from nothing, in the
    order a rebuild writes the notes: entities, aliases, mentions,
    co-occurrence edges, relations and chunk headers end as `sync --rebuild`
    makes them (an entity of the old graph could otherwise draw a new name
    into itself, fuzzily, or keep an old name or type). Name and sentence
    vectors are the ones the index holds when the text is the same; only
    new texts are embedded. One transaction: Ctrl-C leaves the old graph,
    and the next sync starts again. `windows`: a model extractor's windows
    of each note by document id, when _uncached_windows has cut them."""
    conn, summary, progress = run.conn, run.summary, run.progress
    started = time.perf_counter()
    current = str(HEURISTIC_VERSION)
    # the day order the notes' ambiguous slashed days were read in, and are now (dayorder.py): a change of it, the
    # rules the same, is why every note is extracted anew, and said so (was "rules version 28, this mrag has 28")
    orders = (dbmod.get_meta(conn, DAY_ORDER_KEY) or "", run.day_order or "")
    doc_ids = store.documents_in_sync_order(conn, [str(r) for r in roots])
    progress.start(len(doc_ids))
    why = (f"day order {_order_name(orders[0])} -> {_order_name(orders[1])}" if recorded == current
           else f"heuristic rules {recorded or 'not recorded'} -> {current}")
    progress.phase(f"re-extracting entities ({why})")
    resolver = Resolver()  # as a rebuild's: no entity yet
    resolver.surnames = _joins_surnames(run.extraction.extractor)
    paths = store.document_paths(conn)
    by_root: dict[str, list[str]] = {}
    for root, path in paths.values():
        by_root.setdefault(root, []).append(path)
    run.aliases = {root: {} for root in by_root}
    for doc, names in _stored_aliases(conn, {doc: path for doc, (_root, path) in paths.items()}).items():
        root, path = paths[doc]
        run.aliases[root][path] = names
    run.shared_names = frozenset().union(*(shared_note_names(run.names, root, held, run.aliases[root])
                                           for root, held in by_root.items()))
    run.folders = {root: folder_notes(run.names, held) for root, held in by_root.items()}
    # the chunks are held already: the links name the notes (and join their aliases) before any is extracted;
    # each note's link targets are read anew, as these rules read links, and recorded
    linkable = {root: _linkable_keys(run.names, held) for root, held in by_root.items()}
    # recorded for the folders that have a lower-case file name, linked or not, ambiguous or not (_name_anew)
    targets = {root: stored_link_targets(conn, root) for root, held in by_root.items()
               if _linkable_found(run.names, held)}
    run.linked = frozenset().union(*(linked_names(conn, root, linkable[root], targets.get(root, {}),
                                                  run.aliases[root]) for root in by_root))
    run.joined = {root: joined_names(run.names, root, run.aliases[root], held, run.shared_names, run.linked,
                                     linkable[root]) for root, held in by_root.items()}
    written: set[int] = set()
    new: set[int] = set()
    holds_cjk = False
    run.known_notes = known_cjk_by_note(conn)
    run.known = merged_known(run.known_notes.values())
    if _knows_words(run):  # each note's words read anew as it is extracted; the graph's fixed after (_words_anew)
        run.words, run.word_notes = _recorded_words(conn), {}
        _words_changed(run)
    with dbmod.transaction(conn), _deferring_sentences(run):
        if run.words_changed:  # with the graph extracted anew: a sync stopped before _words_anew has the next redo it
            dbmod.set_meta(conn, dbmod.KNOWN_WORDS_PENDING_KEY, "1")
        store.clear_graph(conn)
        for start in range(0, len(doc_ids), REEXTRACT_NOTES):
            part = doc_ids[start:start + REEXTRACT_NOTES]
            holds_cjk |= _reextract_group(run, resolver, list(store.stored_chunks(conn, part).items()), paths,
                                          written, new, windows)
        # named once every note is in: each name embedded once (or its vector kept: the same name as before);
        # the resolver follows the keys it gives, as a sync's does after each note, or a note extracted anew
        # below (_resolve_anew) joins a group by its old key and writes a second entity of it
        resolver.rename(store.refresh_entities(conn, written, _name_vectors(run), new))
        if resolver.stale:  # as a fresh sync's, the keys a later note made stale resolved anew
            run.resolver = resolver
            _resolve_anew(run, sorted(by_root))
        _embed_deferred_sentences(run)
        dbmod.set_meta(conn, dbmod.HEURISTIC_VERSION_KEY, current)
        if run.day_order:
            dbmod.set_meta(conn, DAY_ORDER_KEY, run.day_order)
        else:
            dbmod.delete_meta(conn, DAY_ORDER_KEY)
        dbmod.delete_meta(conn, dbmod.RESOLVE_PENDING_KEY)  # every note extracted anew: none is pending
        # the file names shared as the notes are named now, for the folders that have a note with a title
        _record_shared_names(conn, {root: {k for r, k in run.shared_names if r == root} for root, held in
                                    by_root.items() if _note_name_keys(run.names, held)
                                    or _title_keys(run.aliases[root], held)}, replace_all=True)
        _record_aliases(conn, {root: (run.aliases[root], run.joined[root]) for root in by_root}, replace_all=True)
        _record_linked_names(conn, {root: {k for r, k in run.linked if r == root} for root in targets},
                             replace_all=True)
        _record_link_targets(conn, targets, replace_all=True)
        # recorded ({}) when CJK notes make no name known too, or the next sync that writes one would read
        # every CJK note of the index again (known_cjk_by_note)
        _record_known(conn, run.known, run.known_notes, holds_cjk)
        dbmod.delete_meta(conn, dbmod.KNOWN_CJK_PENDING_KEY)
        store.forget_kept_vectors(conn)
    run.resolver = _resolver(conn, run.extraction.extractor)
    summary.reextracted = {"notes": len(doc_ids), "from_version": recorded, "to_version": current,
                           "seconds": round(time.perf_counter() - started, 3)}
    if orders[0] != orders[1]:
        summary.reextracted["day_order"] = {"from": orders[0] or None, "to": orders[1] or None}


@contextlib.contextmanager
def _deferring_sentences(run: _Run) -> Iterator[None]:
    """_reextract's: the relation sentences without a kept vector are embedded at its end
    (_Run.deferred_sentences), whatever ends it."""
    run.deferred_sentences = {}
    try:
        yield
    finally:
        run.deferred_sentences = None


def _order_name(order: str) -> str:
    """A day order (dayorder.DAY_ORDERS) as a sync's progress and summary say it: '' is `unset`."""
    return order or "unset"


def _reextract_group(run: _Run, resolver: Resolver, notes: list[tuple[int, list[tuple[int, Chunk]]]],
                     paths: dict[int, str], written: set[int], new: set[int],
                     windows: dict[int, list] | None = None) -> bool:
    """Extract, resolve and write the graph of a group of notes ((document
    id, its (chunk id, chunk) pairs); `paths`: document id -> path), as
    _flush does for changed notes; the ids of the entities written go to
    `written`, of those made to `new` (store.write_graph): the caller names
    them (store.refresh_entities). `windows`: as _reextract has them.
    Whether a chunk of the group holds CJK text (_add_known)."""
    chunks = [c for _doc, pairs in notes for _id, c in pairs]
    heads, matters, laids, days = [], [], [], []
    for doc, pairs in notes:
        cs = [c for _id, c in pairs]
        text, matter = stored_note(cs)
        if not text:
            # the note laid from its chunks, as a sync reads it from the file: what dates it may end it, past its
            # first chunk (a Joplin note's `user_created_time:`, a Simplenote note's `created:` line: review revY,
            # its header lost `· created: …` at the upgrade to rules 22) or follow its title (a Notion page's
            # `Created:`); a todo.txt's lines tell whether it is written as one (todotxt.reads_as_todo_txt)
            text = stored_text(cs) or ""
        heads.append(store.note_head(text, matter, dated_path(*paths[doc]), pairs[0][1].text if pairs else "",
                                     paths[doc][1]))
        matters.append(matter)
        # the days of its dated sections (sections.py), read from the note as its chunks lay it: laid once, for its
        # days (the entities' dates and the chunks') and a clippings chunk's books
        laids.append(stored_laid(cs))
        days.append(chunk_days(cs, laids[-1], paths[doc][1]))
    mentions = run.extraction.run_stored([[c for _id, c in pairs] for _doc, pairs in notes],
                                         [paths[doc][1] for doc, _pairs in notes], matters,
                                         None if windows is None else [windows.get(doc) for doc, _pairs in notes],
                                         [run.folders.get(paths[doc][0]) for doc, _pairs in notes])
    handles = _note_handles([[c for _id, c in pairs] for _doc, pairs in notes], mentions)
    _name_notes(run.extraction.extractor, _first_chunks((*paths[doc], len(pairs)) for doc, pairs in notes), mentions,
                run.shared_names, run.linked, run.aliases)
    holds_cjk = _add_known(run.known, chunks, mentions)
    roots = [paths[doc][0] for doc, pairs in notes for _pair in pairs]
    prose = _prose_texts([([c for _id, c in pairs], paths[doc][1]) for doc, pairs in notes])
    _add_known_words(run, [(*paths[doc], len(pairs)) for doc, pairs in notes], prose, mentions)
    handles = _cite_authors([(matter, len(pairs)) for matter, (_doc, pairs) in zip(matters, notes, strict=True)],
                            mentions, prose, handles)
    parts = _note_name_parts([[c for _id, c in pairs] for _doc, pairs in notes], matters, mentions, resolver)
    forms = {root: alias_forms(run.aliases.get(root, {}), run.joined.get(root)) for root in set(roots)}
    note_dates = [_chunk_dates([c for _id, c in pairs], note_days, head, paths[doc][1], paths[doc][0])
                  for (doc, pairs), head, note_days in zip(notes, heads, days, strict=True)]
    dates = [d for ds in note_dates for d in ds]
    slashed = [settled for (doc, pairs), ds, matter, head, note_days
               in zip(notes, note_dates, matters, heads, days, strict=True)
               for settled in _settled_days([c for _id, c in pairs], paths[doc][1], ds, run.day_order,
                                            _edited_days(matter, head, *paths[doc], note_days, len(pairs)))]
    planned_entities = [_plan_entities(text, m, resolver, run.joined.get(root), h, forms[root], s, d, days)
                        for text, m, root, h, s, d, days in zip(prose, mentions, roots, handles, parts, dates, slashed,
                                                                strict=True)]
    planned_relations = [_plan_relations(c.text, pe, run.options.relation_sentences)
                         for c, pe in zip(chunks, planned_entities)]
    vectors = _embed_group(run, [], planned_entities, planned_relations, kept=True)
    i = 0
    for (doc_id, pairs), head, laid, note_days in zip(notes, heads, laids, days, strict=True):
        planned = []
        for chunk_id, c in pairs:
            planned.append((chunk_id, _plan_chunk(c, b"", planned_entities[i], planned_relations[i], vectors,
                                                  chunk_spans(prose[i], dates[i], slashed[i]))))
            i += 1
        store.write_graph(run.conn, doc_id, planned, head, written, new, note_days,
                          chunk_books([c for _id, c in pairs], laid))
        run.progress.advance(1, 0)
    return holds_cjk


def following(conn, roots: Sequence[Path], given: bool | None) -> set[str]:
    """The folders whose symlinks out of the folder the index follows after
    this sync of `roots`: the ones it records (db.following_roots), with
    `roots` added by --follow-symlinks (`given` True) or taken out by
    --no-follow-symlinks (False). Neither given, a plain re-sync, `--watch` or
    `--rebuild` follows them as the last sync that said did: without it, a plain
    sync removed the linked notes the user asked for. The record is per folder,
    not per index: a folder added to an index that follows another one's links
    is not followed until asked (a shared folder's link to ~/.ssh stays out)."""
    recorded = set(dbmod.following_roots(conn))
    if given is None:
        return recorded
    named = {str(r) for r in roots}
    return recorded | named if given else recorded - named


def built_alike(conn, extractor_name: str, options: SyncOptions) -> SyncOptions:
    """`options` for a sync of this index: chunk sizes set nowhere
    (options.chunking_given false) are the ones the index's notes were built
    with, and no --max-bytes is the one last given. Refuse to sync an index that holds notes with other chunk sizes
    given, or from the other kind of extractor (heuristic / llm): only the
    notes that changed would get the new ones, and the index would be built
    two ways while `status` shows one. `sync --rebuild` (an empty index)
    builds every note anew, with the extraction cache kept."""
    limit = dbmod.get_meta(conn, "max_bytes")  # the --max-bytes last given (a --rebuild keeps it too)
    if not options.max_bytes_given and limit and limit.isdigit() and int(limit) > 0:
        options = replace(options, max_bytes=int(limit))
    if store.totals(conn)[2] == 0:  # no documents
        return options
    rebuild = "Sync with --rebuild to build every note anew (the extraction cache is kept)"
    built = store.built_chunking(conn)  # the overlap the chunker used, not a too-large one it was given
    if built is not None and not options.chunking_given:
        options = replace(options, chunk_tokens=built[0], overlap_tokens=built[1])
    if built is not None and built != (options.chunk_tokens, options.overlap_tokens):
        tokens, overlap = built
        raise UsageError(f"The index is chunked at {tokens} tokens with {overlap} of overlap, not "
                         f"{options.chunk_tokens} and {options.overlap_tokens}: only the notes that change "
                         "would be chunked anew.",
                         hint=f"{rebuild}, or sync with --chunk-tokens {tokens} --overlap {overlap}.")
    built = dbmod.get_meta(conn, "extractor")
    kind = built.split(":")[0] if built else None
    if kind and kind != extractor_name.split(":")[0]:
        # the llm extractor needs its model: --extractor llm alone is an error of its own
        keep = ("with its model: --model PATH.gguf (MRAG_MODEL=PATH)" if kind == "llm"
                else f"with --extractor {kind} (MRAG_EXTRACTOR={kind})")
        raise UsageError(f"The index's entities come from the {built} extractor, not {extractor_name}: only the "
                         "notes that change would get the new one's.",
                         hint=f"{rebuild}, or keep this index's {keep}.")
    return options


def check_not_newer(conn, roots: Sequence[Path]) -> None:
    """Refuse an index that holds notes a newer mrag wrote (versions.newer_records:
    heuristic rules, the file readers of a folder synced now, llm prompt):
    this one would extract them anew with its older rules (_check_heuristic_version)
    or read them anew with its older readers (_stale_readings) and record its
    own versions, downgrading the index in silence. Before anything is written;
    `--rebuild` (an index emptied of its notes) builds it anew with this one."""
    from minirag_cli.versions import newer_error_hint, newer_records

    newer = newer_records(conn, [str(r) for r in roots])
    if newer and store.totals(conn)[2]:
        raise DatabaseError(f"This index was written by a newer mrag ({'; '.join(newer)}): this one would read "
                            "or extract its notes anew with its older rules.",
                            hint=newer_error_hint(dbmod.recorded_roots(conn) or [str(r) for r in roots],
                                                 dbmod.index_file(conn)))


def check_readable(roots: Sequence[Path]) -> None:
    """Refuse a folder the index has not synced before that cannot be listed
    or searched (`chmod 000`, another user's): its walk would find no note,
    and the sync would record an index of an empty folder. A folder synced
    before keeps its notes while it cannot be read (walk.cannot_read_for_now)."""
    for root in roots:
        try:
            with os.scandir(root) as entries:  # read permission: list it
                next(entries, None)
            os.stat(os.path.join(root, "."))  # search permission: look at what it holds
        except OSError as exc:
            raise MragError(f"Cannot read the folder {root}: {exc.strerror or exc}; nothing was indexed.",
                            hint=f"Give yourself access to it (chmod u+rx {root}) and sync again.") from None


def check_own_index(conn, roots: Sequence[Path], index_path: Path) -> None:
    """For an index found walking up from the current folder (not named by
    --db, MRAG_DB or a config): refuse a folder new to it that has an index
    of its own. `cd ~/notes; mrag sync ~/wiki` put ~/wiki's notes into
    ~/notes' index although ~/wiki/.mrag holds its own, and said only which
    index it used: the next `mrag ask` in ~/wiki did not find them. A folder
    with no index of its own is added as before (several folders, one index)."""
    from minirag_cli.config import INDEX_FILENAME, find_project_dir

    known = set(dbmod.recorded_roots(conn))
    here = Path(index_path).resolve()
    for root in roots:
        root = Path(root).resolve()
        if str(root) in known:
            continue
        project = find_project_dir(root)
        theirs = project / INDEX_FILENAME if project is not None else None
        if theirs is None or not theirs.is_file() or theirs.resolve() == here:
            continue
        raise UsageError(f"{root} has an index of its own ({theirs}), but this sync took {here}, found walking up "
                         "from the current folder: the notes would go into that one instead.",
                         hint=f"Sync it into its own: {sync_command([root], theirs)} (or `mrag sync .` in it); "
                              f"to add it to {here}, name that one: {sync_command([root], here)}")


def check_nested(conn, roots: Sequence[Path], index_path: Path | None = None) -> None:
    """Refuse a folder inside another one being synced or synced before (or
    holding one): their shared notes would be indexed twice, once per root.
    `roots` are resolved and distinct (sync_folders); the index at
    `index_path` is named in the hint where `mrag sync` alone takes another."""
    known = [Path(r) for r in json.loads(dbmod.get_meta(conn, "roots", "[]"))]
    for i, root in enumerate(roots):
        for other in [*roots[:i], *roots[i + 1:], *(k for k in known if k != root)]:
            if other.is_relative_to(root) or root.is_relative_to(other):
                inner, outer = (other, root) if other.is_relative_to(root) else (root, other)
                if other not in known:  # both given now
                    hint = f"Sync {outer} alone."
                elif outer == other:  # a subfolder of a synced folder: its notes are indexed with it
                    # ("after `mrag sync DIR --rebuild` forgets the folders synced before" read as the
                    # way to refresh a subfolder, and would have dropped the rest of the folder)
                    hint = (f"Its notes are indexed with {outer}: {sync_hint([str(outer)], index_path)} re-syncs "
                            f"them (unchanged notes cost a stat); {sync_hint([str(inner)], index_path, rebuild=True)} "
                            f"would index {inner} alone instead.")
                else:  # the folder holding one synced before
                    hint = (f"{sync_hint([str(outer)], index_path, rebuild=True)} indexes {outer} in place of {inner} "
                            "(the extraction cache is kept).")
                raise UsageError(f"{inner} is inside {outer}: its notes would be indexed twice.", hint=hint)


def _read_note(run: _Run, note: NoteFile, seen: set[str], indexed: bool,
               ahead: _ReadAhead | None = None) -> tuple[bytes, str, str | None] | None:
    """The note's bytes, hash and, for a UTF-16/32 note, text (decoded once,
    by the binary check: walk.sniff_note) when it must be (re)indexed; None
    when it is skipped or unchanged (counted in the summary either way). A note that
    cannot be read for now keeps what the index holds of it (in `seen`);
    `indexed`: the index holds a version of it; `ahead`: the note as the
    alias pass read it (its hash, no bytes: the caller takes its text)."""
    summary, progress = run.summary, run.progress
    if ahead is not None:
        if ahead.skipped:
            summary.skipped.append({"path": note.path, "reason": ahead.skipped})
            _looked_at(run, note, ahead.skipped, ahead.read_at)
            progress.advance(1, 0)
            return None
        return b"", ahead.hash, None
    read_at = time.time()
    try:
        data = note.abspath.read_bytes()
    except OSError as exc:
        reason = "deleted during the sync" if isinstance(exc, FileNotFoundError) else f"unreadable: {exc.strerror}"
        if cannot_read_for_now(exc):
            seen.add(note.path)
            reason += kept_reason(indexed)
        summary.skipped.append({"path": note.path, "reason": reason})
        progress.advance(1, 0)
        return None
    binary, wide = sniff_note(data)
    if binary:
        summary.skipped.append({"path": note.path, "reason": "binary file"})
        _looked_at(run, note, "binary file", read_at)
        progress.advance(1, 0)
        return None
    return data, note_hash(note.abspath, data), wide


def _looked_at(run: _Run, note: NoteFile, reason: str, read_at: float) -> None:
    """Record that the file `note`, read at `read_at` or later, is skipped for
    `reason` (a binary file, a malformed canvas) for the next sync's walk,
    which then passes it over unopened while it is as it is (walk_notes'
    `looked`); not a file modified too recently (walk.looked_record)."""
    record = looked_record(note.size, note.mtime, reason, read_at) if note.mtime >= 0 else None
    if record is not None:
        run.looking[note.path] = record


def kept_reason(indexed: bool) -> str:
    """What the summary adds for a note that cannot be read for now: a new one is not
    indexed at all, and "kept as last synced" would say it was."""
    return " (kept as last synced)" if indexed else " (not indexed until it can be read)"


def _sync_root(run: _Run, root: Path) -> None:
    conn, summary, progress, options = run.conn, run.summary, run.progress, run.options
    progress.phase(f"scanning {root}")
    existing = store.existing_documents(conn, str(root))
    # an unchanged note was checked for mrag's pages when it was read, if by these readers (an older
    # mrag's may have indexed a page): the walk opens only new and changed notes
    current = dbmod.meta_dict(conn, dbmod.READER_VERSION_KEY).get(str(root)) == READER_VERSION
    # hard links stay indexed at the name the index holds (a new link is the one listed as skipped)
    looked = dbmod.looked_files(conn).get(str(root)) if current else None
    walked = walk_notes(root, max_bytes=options.max_bytes, follow_symlinks=str(root) in run.following,
                        exclude=run.own_files, indexed=existing,
                        known={path: old[2:] for path, old in existing.items()} if current else None,
                        looked=looked)
    graphs = _graphs_came_or_went(run, str(root), walked, existing, current)
    unlooked = {path: record for path, record in (looked or {}).items()
                if not (graphs and path.lower().endswith(".md") and path.startswith(graphs))}
    if looked and unlooked != looked:  # a page skipped as a graph read it (`template::` blocks alone) is looked
        # at anew: the graph's settings came or went since (_graphs_changed reads the pages it indexes)
        walked = walk_notes(root, max_bytes=options.max_bytes, follow_symlinks=str(root) in run.following,
                            exclude=run.own_files, indexed=existing,
                            known={path: old[2:] for path, old in existing.items()}, looked=unlooked)
    run.looked[str(root)] = run.looking = walked.looked  # the binary files and malformed canvases added as read
    run.folder_times[str(root)] = walked.folders
    # maybe OneDrive's copies named for a computer its user named, maybe notes: indexed, said once
    summary.warnings += [{"path": path, "reason": reason} for path, reason in sorted(walked.possible_copies.items())]
    stale = (_stale_readings(run, str(root), walked, existing)
             | _graphs_changed(run, str(root), walked, existing, graphs)
             | _over_new_limit(run, walked, existing))
    if stale:  # indexed anew as a changed file is: no stat or hash of theirs says unchanged
        existing = {path: (old[0], "", -1, -1.0) if path in stale else old for path, old in existing.items()}
    summary.unwatched[str(root)], summary.linked_folders[str(root)] = walked.unwatched, walked.linked_folders
    progress.start(len(walked.files))  # before any file is read (the alias pass reads the new ones)
    kept = set(walked.kept)
    named_before = recorded_shared_names(conn).get(str(root))  # as the graph has them, before this sync
    linked_records = recorded_linked_names(conn)
    linked_before = linked_records.get(str(root))  # None: not known
    # every folder's entries are kept (replaced folder by folder): _know_anew re-extracts, after the last
    # folder, notes of any folder synced, each with its own folder's names
    run.linked = _with_folder(run.linked, str(root), frozenset((str(root), key) for key in linked_before or ()))
    target_records = recorded_link_targets(conn)
    # each note's link targets, kept as this sync writes and removes notes (none yet for a first sync)
    run.link_targets = dict(target_records[str(root)]) if str(root) in target_records else {} if not existing else None
    if linked_before is not None:
        # forgotten with the first note written or removed (_record_build), recorded anew by _name_anew:
        # a sync stopped between the two has the next one read the links again
        # (removed for no other folder, as _set_folders has it: `{}` was kept when nothing recorded it anew)
        others = {r: sorted(keys) for r, keys in linked_records.items() if r != str(root)}
        run.build[dbmod.LINKED_NAMES_KEY] = json.dumps(others, sort_keys=True, ensure_ascii=False) if others else None
    if str(root) in target_records:  # so are the link targets, for the same reason
        others = {r: {p: sorted(k) for p, k in notes.items()} for r, notes in target_records.items() if r != str(root)}
        run.build[dbmod.LINK_TARGETS_KEY] = json.dumps(others, sort_keys=True, ensure_ascii=False) if others else None
    removed_from = len(summary.removed_paths)
    run.read_ahead, run.read_ahead_room = {}, READ_AHEAD_BYTES
    synced = _synced_notes(run, walked, existing)
    run.folders[str(root)] = folder_notes(run.names, synced)
    recorded = recorded_aliases(conn).get(str(root))  # (aliases, joined) as the graph has them, or None
    run.aliases[str(root)] = _aliases_now(run, walked, existing, synced, recorded and recorded[0])
    if run.new_index and not existing and not run.day_order and not store.totals(conn)[2]:
        # after the alias pass: the notes it kept read whole (run.read_ahead) are not opened again
        _day_order_of_files(run, walked.files)
    run.shared_names = _with_folder(run.shared_names, str(root),
                                    shared_note_names(run.names, str(root), synced, run.aliases[str(root)]))
    # the lower-case pages the links will name once the notes are written, named before any is extracted
    linkable = _linkable_keys(run.names, synced)
    links_read = _link_ahead(run, root, walked, existing, synced, linkable)
    joined = run.joined[str(root)] = joined_names(run.names, str(root), run.aliases[str(root)],
                                                  synced, run.shared_names, run.linked, linkable)
    unjoined = _differing(joined, recorded[1] if recorded else {})
    run.resolver.unjoin(unjoined)  # an alias joined before and no longer (or elsewhere): resolved anew
    unsettled = _unsettled_aliases(run.aliases[str(root)], joined, recorded and recorded[1])
    if unsettled != recorded:  # with the first note written or removed, as the linked names are forgotten
        run.build[dbmod.NOTE_ALIASES_KEY] = _aliases_value(conn, {str(root): unsettled})
    written_from = (len(summary.added_paths), len(summary.changed_paths))
    summary.system_files += walked.system_files
    summary.skipped.extend({**item, "reason": item["reason"] + kept_reason(item["path"] in existing)}
                           if item["path"] in kept else item for item in walked.skipped)
    # the notes under a folder that could not be listed stay as last synced
    seen: set[str] = {p for p in existing if p.startswith(tuple(walked.unlisted))} if walked.unlisted else set()
    seen.update(p for p in walked.kept if p in existing)  # listed, but could not be looked at
    touched_only: list[tuple[float, int, int]] = []  # (mtime, size, doc id): same bytes, new stat
    changed: Iterable[_Pending] = _changed_notes(run, walked.files, existing, seen, touched_only)
    extraction = run.extraction
    try:
        if extraction.windowed and STREAM_WINDOWS:
            # The model reads every changed note's windows as one stream while
            # the groups are embedded and written: this holds the texts of all
            # changed notes (not their chunks or vectors) for the whole sync,
            # which an LLM sync, at seconds per note, can afford.
            changed = list(changed)
            extraction.stream(changed)
        group: list[_Pending] = []
        group_chunks = 0
        for pending in changed:
            if pending.chunks is None:
                pending.chunks = note_chunks(pending.text, pending.note.path, options.chunk_tokens,
                                             options.overlap_tokens)
            pending.matter = frontmatter.of_note(pending.text)
            if not pending.chunks:
                what = ("empty of text, only empty list items" if empty_outline(pending.text)  # Logseq's `- `
                        else "empty of text, only whitespace" if pending.text  # `ls -l` shows its bytes
                        else "no text in it (no cell with text)" if special_kind(pending.note.path) == NOTEBOOK
                        else "no text in it (no card or text element)" if special_kind(pending.note.path)
                        else "empty file")
                summary.warnings.append({"path": pending.note.path, "reason": f"{what} (indexed with no chunks)"})
            group.append(pending)
            group_chunks += len(pending.chunks)
            if group_chunks >= GROUP_CHUNKS:
                _flush(run, root, group)
                group, group_chunks = [], 0
        if group:
            _flush(run, root, group)
    except BaseException:
        # Ctrl-C or a failure: the model stops, the answers it finished are
        # still written (best effort: the first exception is the one raised)
        with contextlib.suppress(Exception):
            extraction.close()
        raise
    extraction.close()
    if touched_only:
        with dbmod.transaction(conn):
            store.touch_documents(conn, touched_only)
    run.read_ahead = {}  # what no sync of its notes took (none should be left)
    _remove_gone(run, str(root), existing, seen)
    _warned_before(run, str(root), seen)
    written = set(summary.added_paths[written_from[0]:]) | set(summary.changed_paths[written_from[1]:])
    run.build.pop(dbmod.LINKED_NAMES_KEY, None)  # no note written or removed: the records stand
    run.build.pop(dbmod.LINK_TARGETS_KEY, None)
    if run.build.pop(dbmod.NOTE_ALIASES_KEY, None) is None and unsettled != recorded:
        recorded = unsettled  # recorded with a note: what _name_anew records the aliases over
    # a link may name a lower-case file name anew only when a note came, went or changed (the link
    # targets read from the chunks here are recorded too, whatever came of them)
    relink = bool(written) or len(summary.removed_paths) > removed_from or linked_before is None or links_read
    _name_anew(run, root, named_before, written, unjoined, recorded,
               (linked_before,) if relink else None)


def _warned_before(run: _Run, root: str, indexed: set[str]) -> None:
    """The warnings the notes of the folder `root` still `indexed` were read with: as recorded of those this sync
    did not read (summary.warned_before), as read now of the others (run.read_now), for _record_read_warnings."""
    recorded = dbmod.meta_dict(run.conn, dbmod.READ_WARNINGS_KEY).get(root)
    recorded = {**(recorded if isinstance(recorded, dict) else {}), **run.read_same}
    standing = {path: reasons for path, reasons in recorded.items()
                if path in indexed and path not in run.read_now and isinstance(reasons, list) and reasons}
    run.summary.warned_before += [{"root": root, "path": path, "reason": str(reason)} for path in sorted(standing)
                                  for reason in standing[path]]
    standing.update((path, reasons) for path, reasons in run.read_now.items() if reasons and path in indexed)
    run.read_warnings[root], run.read_now, run.read_same = standing, {}, {}


def _link_ahead(run: _Run, root: Path, walked: WalkResult, existing: dict, synced: Sequence[str],
                linkable: dict[str, str]) -> bool:
    """Before a sync writes the new and changed notes of `root`, name the
    single lower-case word file names the links of the folder will name once
    it has (run.linked; linked_names after the notes are written, _name_anew):
    a linked page the sync writes is then extracted once, not first plainly
    and then anew. The links of the notes it does not write are as recorded
    (run.link_targets; read from the chunks once when not recorded: whether
    the chunks were read), those of the others from their text as the alias
    pass read it (_file_aliases), chunked as the sync chunks it (the chunks
    are kept for it). One it did not read whole (no room) counts with its
    recorded links: where that guess, or another (a note the sync then cannot
    read), is wrong, _name_anew extracts the page anew, as before.
    `linkable`: _linkable_keys of `synced`."""
    synced = set(synced)
    changing = [f.path for f in walked.files if f.path in synced and not _unchanged(f, existing.get(f.path))]
    if not linkable or not changing:
        return False
    read = run.link_targets is None
    if read:
        run.link_targets = stored_link_targets(run.conn, str(root))
    targets = {path: keys for path, keys in run.link_targets.items() if path in synced}
    for path in changing:
        ahead = run.read_ahead.get(path)
        if ahead is None:
            continue
        ahead.link_keys = frozenset()  # no chunk of a text without `[[` or `](` writes it
        if ahead.skipped is None and links_in(ahead.text):
            ahead.chunks = note_chunks(ahead.text, path, run.options.chunk_tokens, run.options.overlap_tokens)
            ahead.link_keys = note_link_keys(ahead.chunks, path,
                                             dendron_note(frontmatter.of_note(ahead.text)))
        targets[path] = ahead.link_keys
    run.linked = _with_folder(run.linked, str(root), _linked_by(str(root), linkable, targets.values(),
                                                                run.aliases.get(str(root))))
    return read


def _over_new_limit(run: _Run, walked: WalkResult, existing: dict) -> set[str]:
    """The notebooks the index holds, unchanged, whose text is over a size
    limit lower than the one they were read at (run.limit_before): indexed
    anew, so skipped, as a note over it is skipped by the walk. A notebook's
    file is held only to walk.NOTEBOOK_CEILING, and an unchanged note is not
    read: only a lowered limit reads them, and only those whose file is over
    it (a notebook's text is shorter than its JSON, which quotes each line)."""
    limit = run.options.max_bytes
    if limit >= run.limit_before:
        return set()
    over = set()
    for note in walked.files:
        if (special_kind(note.path) != NOTEBOOK or note.size <= limit
                or not _unchanged(note, existing.get(note.path))):
            continue
        try:
            data = note.abspath.read_bytes()
        except OSError:  # the sync says what it can of it, when it reads it
            continue
        if _skip_reason(note, data, limit)[0] is not None:
            over.add(note.path)
    return over


def _stale_readings(run: _Run, root: str, walked: WalkResult, existing: dict) -> set[str]:
    """The paths of the notes of the folder `root` (`walked`: its walk) that
    this mrag reads differently from the way the index holds them, when its
    last sync read its files with other readers (walk.READER_VERSION; not
    recorded: an index older than the record): a note whose bytes are
    unchanged but whose text, as read_note gives it now, chunks differently
    (a drawing's data left out, a short UTF-16 note read as such and not as
    cp1252), is read as a binary file or a malformed one now. Only size and
    mtime would keep the old reading until --rebuild. Reading every note once
    costs little: LiHua's 442 notes: 0.1 s; one read the same way is not
    written. A note kept as last synced because it could not be read for now
    (under a folder that cannot be listed or searched, or unreadable itself)
    is not checked, so the folder goes into run.unread_readings: its version
    is not recorded (_record_reader_version), and the next sync checks its
    notes again, those too once they can be read (recorded, they never were)."""
    recorded = dbmod.meta_dict(run.conn, dbmod.READER_VERSION_KEY).get(root)
    if recorded == READER_VERSION or not existing:
        return set()
    started = time.perf_counter()
    notes = [(f, existing[f.path]) for f in walked.files if f.path in existing]
    stale = _read_differently(run, root, walked, existing, notes)
    before = run.summary.reread or {"notes": 0, "checked": 0, "seconds": 0.0}
    run.summary.reread = {"notes": before["notes"] + len(stale), "checked": before["checked"] + len(notes),
                          "from_version": recorded if isinstance(recorded, int) else None,
                          "to_version": READER_VERSION,
                          "seconds": round(before["seconds"] + time.perf_counter() - started, 3)}
    return stale


def _graphs_came_or_went(run: _Run, root: str, walked: WalkResult, existing: dict, current: bool
                         ) -> tuple[str, ...]:
    """The Logseq graphs (their folders from `root`, walk.WalkResult.logseq_graphs) that came or went since the
    last sync of the folder `root` (`walked`: its walk): their `logseq/config.edn` made or deleted. A folder read by
    other readers (not `current`, its recorded readers' version not this mrag's: _stale_readings reads every note
    anew) or synced first: none. Its record absent, the folder was in no graph (_record_logseq_graphs records none)."""
    now = sorted(set(walked.logseq_graphs))
    run.logseq_graphs[root] = now
    recorded = dbmod.meta_dict(run.conn, dbmod.LOGSEQ_GRAPHS_KEY).get(root, [] if existing else None)
    if not isinstance(recorded, list) or not current:
        return ()
    return tuple(sorted(set(now) ^ {g for g in recorded if isinstance(g, str)}))


def _graphs_changed(run: _Run, root: str, walked: WalkResult, existing: dict, came_or_went: tuple[str, ...]
                    ) -> set[str]:
    """The paths of the Markdown pages of the folder `root` (`walked`: its walk) that read otherwise now that a
    Logseq graph they are in came or went since its last sync (`came_or_went`: _graphs_came_or_went; a
    `template::` block is read blank in a graph alone, logseq_templates.py), checked as _stale_readings checks
    a folder's notes after a readers' upgrade, but only the indexed pages under that graph's folder (its pages
    skipped as templates alone are looked at anew by the walk: _sync_root)."""
    if not came_or_went:
        return set()
    notes = [(f, existing[f.path]) for f in walked.files
             if f.path in existing and f.path.lower().endswith(".md") and f.path.startswith(came_or_went)]
    return _read_differently(run, root, walked, existing, notes)


def _read_differently(run: _Run, root: str, walked: WalkResult, existing: dict, notes: list) -> set[str]:
    """Of `notes` ((note, its index record) of the folder `root`, `walked` its walk), the paths of those whose
    bytes are as indexed but that read otherwise now (_stale_readings); a note that cannot be read for now puts
    `root` in run.unread_readings."""
    kept = set(walked.kept)  # listed in a folder that cannot be searched
    if any(path.startswith(tuple(walked.unlisted)) or path in kept for path in existing):
        run.unread_readings.add(root)
    stale: set[str] = set()
    options = run.options
    for start in range(0, len(notes), 500):
        part = notes[start:start + 500]
        stored = store.stored_chunks(run.conn, [old[0] for _, old in part])
        hashes = store.stored_vector_hashes(run.conn, [old[0] for _, old in part])
        for note, old in part:
            try:
                data = note.abspath.read_bytes()
            except OSError as exc:  # the sync says what it can of it
                if cannot_read_for_now(exc):  # kept as last synced: its reading is not checked
                    run.unread_readings.add(root)
                continue
            if note_hash(note.abspath, data) != old[1]:
                continue  # changed: read anew anyway
            skipped, text, warning = _skip_reason(note, data, options.max_bytes)  # as the sync reads it now
            chunks = [chunk for _, chunk in stored[old[0]]]
            if skipped or note_chunks(text, note.path, options.chunk_tokens, options.overlap_tokens) != chunks \
                    or _head_read_anew(run.conn, old[0], text, root, note.path, chunks) \
                    or _embedded_anew(root, note.path, chunks, hashes[old[0]]):
                stale.add(note.path)
            else:  # read as indexed: its warnings as now, for _warned_before (an index synced by an mrag that
                # recorded none had them said once, by the sync that read the note)
                run.read_same[note.path] = _read_warnings(note.path, text, warning)
    return stale


def _read_warnings(path: str, text: str, warning: str | None) -> list[str]:
    """The warnings the note at `path` is read with, its text `text`: its reading's `warning` (read as cp1252, or
    with replacement characters, its text maybe not the one meant; an `\\iffalse` never closed) and its conflict
    markers'; [] for none."""
    return [w for w in (warning, merge_conflict_warning(path, text)) if w]


def _embedded_anew(root: str, path: str, chunks: list[Chunk], stored_hashes: list[str]) -> bool:
    """Do the vectors of the note at `path` of the folder `root`, its chunks as the index holds them, embed
    otherwise now (chunk_titles: readers 18 put a page's title before the text of its chunks that do not write it,
    as an index older than it does not hold them)?"""
    title = embedded_title(root, path)
    return [vector_hash(c.text, title) for c in chunks] != stored_hashes


def _head_read_anew(conn, doc_id: int, text: str, root: str, path: str, chunks: list[Chunk]) -> bool:
    """Does an outliner's page or a VimWiki page (the notes whose head readers 11 reads anew: a page's own
    `date::`/`title::` properties, `%title` after blank lines), its chunks as the index holds them, have another
    head now than its stored header's? Its chunks the same, the upgrade kept the page undated. Other notes, and a
    page whose first chunk a dated section or a book heads (sections.chunk_days, chunk_books), are not asked."""
    from minirag_cli.store.write import HEADER_FIRST_LINE_CHARS, header_layout, outline_title

    if not chunks or not (path.lower().endswith(".wiki") or outline_title(path, chunks[0].text)):
        return False
    if any((chunk_days(chunks[:1], text, path) or [""]) + (chunk_books(chunks[:1], text) or [""])):
        return False
    stored = store.first_header(conn, doc_id)
    head = store.note_head(text, frontmatter.of_note(text), dated_path(root, path), chunks[0].text, path)
    first = head if head is not None else chunks[0].text.split("\n", 1)[0][:HEADER_FIRST_LINE_CHARS]
    now = header_layout(first, [])
    return stored is not None and bool(now) and stored.split("\n", 1)[0] != now


def _changed_notes(run: _Run, files: Sequence[NoteFile], existing: dict, seen: set[str],
                   touched_only: list) -> Iterator[_Pending]:
    """The notes that must be (re)indexed, read and decoded (not yet chunked),
    in walk order; unchanged and skipped files are counted on the way."""
    summary, progress = run.summary, run.progress
    for note in files:
        old = existing.get(note.path)
        if _unchanged(note, old):
            seen.add(note.path)
            summary.unchanged += 1
            progress.advance(1, 0)
            continue
        ahead = run.read_ahead.pop(note.path, None)  # read whole by the alias pass: not read again
        read_at = ahead.read_at if ahead else time.time()  # before the read: the bytes read are at least this recent
        read = _read_note(run, note, seen, indexed=old is not None, ahead=ahead)
        if read is None:
            continue
        data, digest, wide = read
        note = replace(note, mtime=recorded_mtime(note.mtime, read_at))
        # (a TextBundle's digest is its text's and its info.json's: bear.note_hash)
        if old and old[1] == digest:
            seen.add(note.path)
            touched_only.append((note.mtime, note.size, old[0]))
            summary.unchanged += 1
            progress.advance(1, 0)
            continue
        try:
            text, warning = ((ahead.text, ahead.warning) if ahead
                             else read_note(note.path, data, wide, max_bytes=run.options.max_bytes,
                                       folder=note.abspath.parent))
        except MalformedNote as exc:  # skipped as a binary file is: the index drops what it held of it
            summary.skipped.append({"path": note.path, "reason": str(exc)})
            _looked_at(run, note, str(exc), read_at)
            progress.advance(1, 0)
            continue
        seen.add(note.path)
        # said now, and counted by each sync while the note stays as read (_warned_before)
        run.read_now[note.path] = _read_warnings(note.path, text, warning)
        summary.warnings += [{"path": note.path, "reason": w} for w in run.read_now[note.path]]
        yield _Pending(note, digest, text, ahead.chunks if ahead else None, old is None,
                       link_keys=ahead.link_keys if ahead else None, old_id=old[0] if old else None)


def _unchanged(note: NoteFile, old: tuple | None) -> bool:
    """Whether the index holds `note` (`old`: its record in existing_documents)
    as it is on disk by its size and modification time: not read again."""
    return old is not None and as_indexed(note.size, note.mtime, old[2:])


def _synced_notes(run: _Run, walked: WalkResult, existing: dict) -> list[str]:
    """The paths of the notes the index holds of a folder after this sync
    (`walked`: its walk; `existing`: what the index held before), as far as
    shared_note_names needs them: the files walked, the notes kept as last
    synced (under a folder that could not be listed, or listed but not looked
    at), less the files under a file name another of them has that the sync
    skips (a binary `README.md`: an image, a note locked by git-crypt; one
    that cannot be read and was not indexed). A file the sync does not index
    makes no name shared, as a re-extraction, which reads the index's notes,
    has it. Only those files are read here, and kept as the alias pass keeps
    them (run.read_ahead): the sync does not read them again."""
    kept = [p for p in existing if p.startswith(tuple(walked.unlisted))] if walked.unlisted else []
    kept += [p for p in walked.kept if p in existing]
    files = {f.path: f for f in walked.files}
    keys = {path: key for path in (*files, *kept) if (key := run.names.key(path)) is not None}
    counts: dict[str, int] = {}
    for key in keys.values():
        counts[key] = counts.get(key, 0) + 1
    twice = {key for key, n in counts.items() if n > 1}
    return [*kept, *(path for path, note in files.items()
                     if keys.get(path) not in twice or _indexed(note, existing.get(path), run))]


def _indexed(note: NoteFile, old: tuple | None, run: _Run) -> bool:
    """Whether this sync leaves the file `note` indexed, as _read_note decides
    (`old`: the index's record of it, or None). A file read is kept for the
    sync as the alias pass keeps one (_keep_ahead), room allowing."""
    if _unchanged(note, old):
        return True
    ahead = run.read_ahead.get(note.path)
    if ahead is None:
        whole = note.size <= run.read_ahead_room
        read_at = time.time()
        try:
            data = note.abspath.read_bytes()
        except OSError as exc:
            return old is not None and cannot_read_for_now(exc)  # kept as last synced
        if not whole:
            return _skip_reason(note, data, run.options.max_bytes)[0] is None
        ahead = _keep_ahead(run, note, data, read_at)
    return ahead.skipped is None


def _remove_gone(run: _Run, root: str, existing: dict, seen: set[str]) -> None:
    """Delete the documents of files no longer there (one transaction each)."""
    gone = [p for p in existing if p not in seen]
    if gone:
        run.progress.phase("removing deleted files")
    for path in gone:
        with dbmod.transaction(run.conn):
            if run.known_notes is None:
                if store.holds_cjk(run.conn, existing[path][0]):
                    _cjk_changed(run)
            elif run.known_notes.pop((root, path), None):  # it made names known
                _cjk_changed(run)
            elif _known_none(run) and store.holds_cjk(run.conn, existing[path][0]):
                _cjk_changed(run)  # maybe the last CJK note: the record that none makes a name known goes with it
            if run.word_notes is not None and run.word_notes.pop((root, path), None):  # it made words known
                _words_changed(run)
            if run.link_targets is not None:
                run.link_targets.pop(path, None)
            gone, renamed = store.delete_document(run.conn, existing[path][0], _name_vectors(run))
            run.resolver.forget(gone)
            run.resolver.rename(renamed)
            # recorded with the first change, as with a note written: a `--no-follow-symlinks` stopped
            # while it removes the linked notes must not have the next plain sync add them again
            _record_build(run)
        run.build = {}
        run.summary.removed += 1
        run.summary.removed_paths.append(path)


def _note_namer(extractor: Extractor):
    """`note_name(path)` of the extractor, or the heuristic rules' (a
    Markdown note's title, a daily note's date: extract/heuristic.py): a
    model extractor's index has its notes named as a heuristic one has, as
    its chunks get the dates, chat speakers and link targets the heuristic
    rules find (extract/llm.py `complete`), so that a link joins the same
    notes whatever extracted them."""
    return getattr(extractor, "note_name", heuristic_note_name)


def _note_name(extractor: Extractor, path: str) -> EntityMention | None:
    """The name the note at `path` is linked by (_name_notes), or None; None
    for a date too: two daily notes of one date (`work/2024-05-01.md`,
    `home/2024-05-01.md`) are both of that date, as a text that says it is,
    and never share a name that names neither."""
    name = _note_namer(extractor)(path)
    return None if name is None or name.type == "date" else name


def _linkable_namer(extractor: Extractor):
    """`linkable_name(path)` of the extractor, or the heuristic rules' (as _note_namer)."""
    return getattr(extractor, "linkable_name", heuristic_linkable_name)


class _NoteNames:
    """The name each note is linked by (_note_name), its key, and the key of
    its single lower-case word file name (linkable_name), found once per path
    in a sync (run.names): its walk, its shared file names, its linked
    names, its joined aliases and its naming anew each need them for every
    note of the folder (they were found about seven times a path)."""

    def __init__(self, extractor: Extractor):
        self.extractor = extractor
        self._names: dict[str, EntityMention | None] = {}
        self._keys: dict[str, str | None] = {}
        self._linkable: dict[str, str | None] = {}

    def name(self, path: str) -> EntityMention | None:
        """_note_name of the note at `path` (its key's name; honorifics reads its surname)."""
        if path not in self._names:
            self._names[path] = _note_name(self.extractor, path)
        return self._names[path]

    def key(self, path: str) -> str | None:
        """The key of the name the note at `path` is linked by (_note_name), or None."""
        if path not in self._keys:
            found = self.name(path)
            self._keys[path] = None if found is None else normalise_key(found.name, found.type)
        return self._keys[path]

    def linkable(self, path: str) -> str | None:
        """The key of the note's file name when it is a single lower-case word a link may name (or a
        `.txt`, `.org`, ... note's, which only a link names: heuristic.linkable_name), else None."""
        if path not in self._linkable:
            name = _linkable_namer(self.extractor)(path)
            self._linkable[path] = None if name is None else normalise_key(name.name, name.type)
        return self._linkable[path]


def folder_notes(names: _NoteNames, paths: Iterable[str]) -> FolderNotes:
    """The notes at `paths` (a folder's) as its links `[[A/B]]` are read against (heuristic.FolderNotes,
    heading_links): their paths and the keys of their names (`names`: run.names)."""
    paths = list(paths)
    return FolderNotes(paths, {key for path in paths if (key := names.key(path)) is not None})


def _linkable_found(names: _NoteNames, paths: Iterable[str]) -> dict[str, str]:
    """{path: key} of the notes at `paths` whose file name is a single
    lower-case word a link may name, ambiguous or not (_linkable_keys keeps
    the unambiguous ones)."""
    return {path: key for path in paths if (key := names.linkable(path)) is not None}


def _linkable_keys(names: _NoteNames, paths: Iterable[str], found: dict[str, str] | None = None
                   ) -> dict[str, str]:
    """{path: key} of the notes at `paths` (a folder's) whose file name is a
    single lower-case word a link may name (heuristic.linkable_name), but
    none that another of them shares or another note's file name names
    (`pages/hackerspace.md` twice, or beside `Hackerspace.md`): no link can tell
    which note it means. `found`: _linkable_found of `paths`, when the caller has it."""
    paths = list(paths)
    if found is None:
        found = _linkable_found(names, paths)
    taken = set(_note_name_keys(names, paths))
    counts: dict[str, int] = {}
    for key in found.values():
        counts[key] = counts.get(key, 0) + 1
    return {path: key for path, key in found.items() if counts[key] == 1 and key not in taken}


def linked_names(conn, root: str, linkable: dict[str, str], targets: dict[str, frozenset[str]] | None,
                 aliases: dict[str, list[str] | None] | None = None) -> frozenset[tuple[str, str]]:
    """(root, key) of the single lower-case word file names of the folder
    `root`'s notes (`linkable`: _linkable_keys of the notes the index holds)
    that a wikilink of a note of the folder names, case aside
    (`[[Hackerspace]]` for Logseq's `pages/hackerspace.md`): those notes are
    named by them (_name_notes). From `targets`, the link targets of each
    note the index holds (run.link_targets: as recorded, and as the sync
    wrote and removed notes), or, None, read from the chunks the index holds
    (stored_link_targets), after the folder's notes are written: a rebuild
    and an incremental sync decide alike. A link to an Org note's `:ID:` (`[[id:3f2a…][...]]`,
    `aliases`: the folder's notes' aliases, heuristic.note_aliases) names that note too (_id_keys)."""
    if not linkable:
        return frozenset()
    if targets is None:
        targets = stored_link_targets(conn, root)
    return _linked_by(root, linkable, targets.values(), aliases)


def _id_keys(linkable: dict[str, str], aliases: dict[str, list[str] | None] | None) -> dict[str, str]:
    """{key of an Org note's `id:…` alias (heuristic.org_aliases): the key of its file name} of the
    notes of `linkable` (_linkable_keys) that have one: org-roam links a note by its ID alone, and such a link
    names the note as a link to its file name does (heuristic rules 17), so the note is named and its
    ID joined to it (joined_names)."""
    return {alias: linkable[path] for path, names in (aliases or {}).items() if path in linkable
            for name in names or () if name.startswith("id:") and (alias := normalise_key(name, "name"))}


def _linked_by(root: str, linkable: dict[str, str], targets: Iterable[frozenset[str]],
               aliases: dict[str, list[str] | None] | None = None) -> frozenset[tuple[str, str]]:
    """(root, key) of the keys of `linkable` ({path: key}) that one of the notes' `targets` links to,
    by the key or by an Org note's ID (_id_keys)."""
    wanted = set(linkable.values())
    ids = _id_keys(linkable, aliases)
    return frozenset((root, ids.get(key, key)) for keys in targets for key in keys if key in wanted or key in ids)


def note_link_keys(chunks: Sequence[Chunk], path: str, dendron: bool = False) -> frozenset[str]:
    """The keys of the names the links of the chunks (all of the note's, in
    order, read in its context as the extractor reads them: read_in_context;
    heuristic.link_targets: wikilinks and Markdown links to notes) of the note
    at `path` link to: what linked_names needs of a note, recorded per note
    (meta note_link_targets). Only a chunk that writes
    `[[` or `](` is read, as store.chunk_texts_with_links finds them in the index. An
    Org-mode note's `[[file:meetings.org]]` is a link as the extractor reads it (orgmode.file_links).
    A link in code links nothing, as the extractor reads it: in a Markdown
    fence, a Markdown note's indented code block, an Org `#+BEGIN_SRC` block (an rST or
    AsciiDoc one: mdcode.code_kind), and `%%` hides one only where a note reads comments
    (heuristic rules 18: an Org src block's `[[file:x.org]]` and `[[id:…]]` named their notes).
    The chunks are read in context, not alone: a chunk that opens on a list item's indented
    paragraph read alone as an indented code block lost its `[[Priya Raman]]`.
    `dendron`: a note Dendron wrote (heuristic.dendron_note), whose links write their target after
    the `|` (heuristic.dendron_links), as note_readings reads it."""
    from minirag_cli.extract import orgmode
    from minirag_cli.extract.mdcode import code_kind, reads_comments

    chunks = list(chunks)
    if not any(links_in(c.text) for c in chunks):
        return frozenset()
    depth = path.count("/")  # a `[log](../log.txt)` that stays in the folder links (heuristic.within_folder_links)
    texts = (within_folder_links(text, depth) for c, text in zip(chunks, read_in_context(chunks, path))
             if links_in(c.text))
    if dendron:
        texts = (dendron_links(text) for text in texts)
    if orgmode.org_note(path):
        texts = (orgmode.file_links(text) for text in texts)
    # indented code blocks are fenced by read_in_context already: no chunk is read alone for them
    read = dict(comments=reads_comments(path), kind=code_kind(path))
    return frozenset(key for text in texts if links_in(text) for target in link_targets(text, **read)
                     if target.type == "name" and (key := normalise_key(target.name, target.type)))


def stored_link_targets(conn, root: str) -> dict[str, frozenset[str]]:
    """{path: note_link_keys} of the notes of the folder `root` that link to
    a name, each read from all its chunks (store.note_chunks), in context, when one the index holds
    writes `[[` or `](`, a note Dendron wrote
    (heuristic.dendron_note: its first chunk's front matter) read as note_readings reads it: what an
    index that has no record of them (recorded_link_targets) needs once."""
    linking: set[str] = set()
    dendron: set[str] = set()  # the notes Dendron wrote, by the front matter their first chunk opens with
    for path, text, first in store.chunk_texts_with_links(conn, root):
        if first and dendron_note(frontmatter.of_note(text)):
            dendron.add(path)
        if links_in(text):
            linking.add(path)
    return {path: keys for path, chunks in store.note_chunks(conn, root, linking).items()
            if (keys := note_link_keys(chunks, path, path in dendron))}


def recorded_link_targets(conn) -> dict[str, dict[str, frozenset[str]]]:
    """{folder: {path: the keys its links link to}} as recorded (meta
    note_link_targets); a folder absent (an index synced before it was
    recorded, a sync stopped after it wrote a note, a damaged record) is not known."""
    return {root: {path: frozenset(k for k in keys if isinstance(k, str))
                   for path, keys in notes.items() if isinstance(keys, list)}
            for root, notes in dbmod.meta_dict(conn, dbmod.LINK_TARGETS_KEY).items() if isinstance(notes, dict)}


def _record_link_targets(conn, folders: dict[str, dict[str, frozenset[str]] | None],
                         replace_all: bool = False) -> None:
    """Record the link targets of the notes of the folders in `folders` (of no
    other folder with `replace_all`; None: the folder's entry dropped,
    _set_folders), inside the caller's transaction."""
    recorded = {} if replace_all else recorded_link_targets(conn)
    _set_folders(conn, dbmod.LINK_TARGETS_KEY, {root: {path: sorted(keys) for path, keys in notes.items() if keys}
                                                for root, notes in _updated(recorded, folders).items()})


def _updated(recorded: dict, folders: dict) -> dict:
    """`recorded` ({folder: value}) with the folders in `folders` set to
    theirs, or left out where that is None."""
    recorded = {**recorded, **folders}
    return {root: value for root, value in recorded.items() if value is not None}


def _set_folders(conn, meta_key: str, recorded: dict) -> None:
    """Write the record of folders `recorded` in the meta record
    `meta_key` when it changed; none for no folder, as a fresh sync of
    folders none of whose notes it is about (LiHua's) writes none (an
    incremental sync that left a folder none kept `{"folder": []}`)."""
    before = dbmod.get_meta(conn, meta_key)
    if not recorded:
        if before is not None:
            dbmod.delete_meta(conn, meta_key)
        return
    value = json.dumps(recorded, sort_keys=True, ensure_ascii=False)
    if value != before:
        dbmod.set_meta(conn, meta_key, value)


def recorded_linked_names(conn) -> dict[str, frozenset[str]]:
    """{folder: the keys of its file names a link names} as the index's graph
    names its notes (meta linked_note_names); a folder absent is not known."""
    return _folder_keys(conn, dbmod.LINKED_NAMES_KEY)


def _record_linked_names(conn, names: dict[str, set[str]], replace_all: bool = False) -> None:
    """Record the linked file names of the folders in `names` (_record_folder_keys):
    an index with no single lower-case word file name (LiHua's) is left as it was."""
    _record_folder_keys(conn, dbmod.LINKED_NAMES_KEY, names, replace_all)


def _note_name_keys(names: _NoteNames, paths: Iterable[str]) -> list[str]:
    """The keys of the names `paths`' notes are linked by (_name_notes), dates left out."""
    return [key for path in paths if (key := names.key(path)) is not None]


def shared_note_names(names: _NoteNames, root: str, paths: Iterable[str],
                      aliases: dict[str, list[str] | None] | None = None) -> frozenset[tuple[str, str]]:
    """(root, key) of the file names two or more of the notes at `paths` in
    the folder `root` share (`README.md`, `Untitled.md`, `Index.md` in
    several of its subfolders): no link can tell which note it means, and one
    entity mentioned by every such note would join notes that have nothing in
    common, through the graph walk. Per folder, as a rebuild syncs them. A Joplin
    note's title (`aliases`: the folder's, joplin_titles) is its name as a file name
    is: two notebooks' "Meeting notes" share it (they were one entity)."""
    paths = list(paths)
    seen: set[str] = set()
    shared: set[str] = set()
    for key in [*_note_name_keys(names, paths), *_title_keys(aliases, paths).values()]:
        (shared if key in seen else seen).add(key)
    return frozenset((root, key) for key in shared)


def _shared_denote_id(key: str | None, root: str, names: list[str] | None,
                      shared: frozenset[tuple[str, str]]) -> str | None:
    """The key of the identifier of a Denote note whose title (`key`) two notes of the folder `root` share
    (`names`: its heuristic.note_aliases, its title then its identifier), else None. Such a title names neither
    note, as a shared Joplin title does (shared_note_names: two `Standup` notes were one entity joining their
    people); the identifier names the note instead, so a `denote:` link by it mentions that note alone (review
    revT; heuristic rules 20)."""
    if key is None or (root, key) not in shared or not names or not names[0].startswith(JOPLIN_TITLE):
        return None
    ids = [name for name in names[1:] if DENOTE_ID.fullmatch(name) is not None]
    return normalise_key(ids[0], "name") if ids else None


def _title_keys(aliases: dict[str, list[str] | None] | None, paths: Iterable[str]) -> dict[str, str]:
    """{path: the key of its title} of the Joplin notes at `paths` named by their title
    (`aliases`: the folder's, path -> heuristic.note_aliases: joplin_titles)."""
    titles = joplin_titles(aliases)
    return {path: normalise_key(titles[path], "name") for path in paths if path in titles} if titles else {}


def _with_folder(pairs: frozenset[tuple[str, str]], root: str,
                 own: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """(folder, key) `pairs` with those of `root` replaced by `own`: the
    other folders' entries stay (run.shared_names, run.linked)."""
    return frozenset(pair for pair in pairs if pair[0] != root) | own


def _folder_keys(conn, meta_key: str) -> dict[str, frozenset[str]]:
    """{folder: keys} as a meta record of file-name keys per folder holds
    them; a folder absent (an index synced before this was recorded, or a
    damaged record) is not known."""
    return {root: frozenset(k for k in keys if isinstance(k, str))
            for root, keys in dbmod.meta_dict(conn, meta_key).items() if isinstance(keys, list)}


def _record_folder_keys(conn, meta_key: str, names: dict[str, set[str] | None], replace_all: bool) -> None:
    """Record the keys of the folders in `names` (of no other folder with
    `replace_all`; None: the folder's entry dropped) in the meta record
    `meta_key`, inside the caller's transaction (_set_folders: none for no folder)."""
    recorded = {} if replace_all else {root: sorted(keys) for root, keys in _folder_keys(conn, meta_key).items()}
    _set_folders(conn, meta_key, _updated(recorded, {root: None if keys is None else sorted(keys)
                                                     for root, keys in names.items()}))


def recorded_shared_names(conn) -> dict[str, frozenset[str]]:
    """{folder: the keys of the file names several of its notes share} as the
    index's graph names its notes (meta shared_note_names); a folder absent is not known."""
    return _folder_keys(conn, dbmod.SHARED_NAMES_KEY)


def _record_shared_names(conn, names: dict[str, set[str]], replace_all: bool = False) -> None:
    """Record the shared file names of the folders in `names` (_record_folder_keys):
    an index whose notes have no title for a file name (LiHua's) is left as it was."""
    _record_folder_keys(conn, dbmod.SHARED_NAMES_KEY, names, replace_all)


def _name_anew(run: _Run, root: Path, named_before: frozenset[str] | None, written: set[str],
               unjoined: set[str] = frozenset(), recorded: tuple | None = None,
               relink: tuple[frozenset[str] | None] | None = None) -> None:
    """Re-extract the notes of `root` this sync did not write whose file name
    became shared by another note of the folder (a second `README.md` added,
    a note renamed to one), or stopped being (one of two deleted or renamed
    away): their first chunk names them or not as a rebuild's would
    (_name_notes); and those that mention an alias whose join changed
    (`unjoined`: an alias added, removed, its note renamed or gone, or
    claimed by a second note: joined_names), which resolve it as a rebuild
    would. Their entities come anew from the chunks the index holds,
    as _reextract does (no chunk is embedded again); the shared names and
    aliases are recorded with them, in one transaction: a sync stopped
    before has the next one do it. `named_before`: the shared names the graph was made
    with (recorded_shared_names); None when not known, and then every note
    of the folder with a title for a file name is extracted anew, once.
    `recorded`: the aliases as recorded before this sync (recorded_aliases).
    `written`: the paths this sync wrote, named as they are already.
    `relink`: (the linked file names the graph was made with, recorded_linked_names,
    or None,) when a note came, went or changed (or the link targets were read
    from the chunks): the notes the index holds whose single lower-case word
    file name a link of the folder now names and did not when they were
    extracted, or the other way round (linked_names; one that became
    ambiguous is named by none), are extracted anew: extracted with the
    names recorded, the notes this sync did not write; with run.linked as
    _sync_root left it (_link_ahead), those it wrote. The link targets are
    recorded with the linked names."""
    conn = run.conn
    shared = {key for r, key in run.shared_names if r == str(root)}  # this folder's (_sync_root)
    relinked: list[str] = []
    held_now = None  # the notes the index holds now, when read already
    late: set[str] = set()  # aliases joined anew by the links now: the notes written with them are read again
    if relink is not None:
        linked_before, = relink
        written_with = {key for r, key in run.linked if r == str(root)}  # the linked names the notes written were named by
        # the notes the index holds now, as a re-extraction reads them: a new note that cannot be
        # read yet is not indexed, names nothing and makes no file name ambiguous
        held = held_now = store.existing_documents(conn, str(root))
        # every note whose file name is a single lower-case word, the ambiguous ones too
        found = _linkable_found(run.names, held)
        linkable = _linkable_keys(run.names, held, found)
        if run.link_targets is None and found:  # not recorded: read from the chunks, once
            run.link_targets = stored_link_targets(conn, str(root))
        targets = None if run.link_targets is None else {p: k for p, k in run.link_targets.items() if p in held}
        run.linked = _with_folder(run.linked, str(root), linked_names(conn, str(root), linkable, targets,
                                                                      run.aliases.get(str(root))))
        now = {key for r, key in run.linked if r == str(root)}
        # a lower-case page a link names now, or no longer does, joins its aliases or stops
        # (joined_names): the notes were written with the joins of the links recorded before
        joined = joined_names(run.names, str(root), run.aliases.get(str(root), {}), held, run.shared_names,
                              run.linked, linkable)
        late = _differing(joined, run.joined.get(str(root), {}))
        if late:
            run.joined[str(root)] = joined
            run.resolver.unjoin(late)
            unjoined = set(unjoined) | late
        # every note whose lower-case file name a key that moved is, the ambiguous ones too (a second
        # `archive/hackerspace.md`: the first named by it before, the one written named by the old record)
        if linked_before is None:  # not known (an interrupted sync, an older index): every such note, once
            relinked = [path for path, key in found.items() if path not in written or key in now ^ written_with]
        else:
            relinked = [path for path, key in found.items()
                        if key in (now ^ written_with if path in written else now ^ linked_before)]
        # recorded for a folder that has such notes, linked or not, ambiguous or not: the next plain sync
        # reads no chunk; dropped for a folder left with none, which a rebuild records none for
        if relinked or found or linked_before is not None:
            with dbmod.transaction(conn):
                if relinked:
                    _reextract_notes(run, str(root), [(held[path][0], path) for path in sorted(relinked)],
                                     "whose file name a link of the folder now names, or no longer does")
                _record_linked_names(conn, {str(root): now if found else None})
                if targets is not None or not found:
                    _record_link_targets(conn, {str(root): targets if found else None})
                if late:
                    # the notes relinked join them anew, the others that mention them are re-extracted
                    # below: a sync stopped before has the next one re-extract these (_unsettled_aliases),
                    # though the links, which the next sync finds as recorded, unjoin nothing new
                    recorded = (recorded[0] if recorded else run.aliases.get(str(root), {}),
                                {**(recorded[1] if recorded else {}), **{alias: UNSETTLED for alias in late}})
                    _record_aliases(conn, {str(root): recorded})
            run.summary.note_names_changed.extend(path for path in sorted(relinked) if path not in written)
            written = written | set(relinked)  # named as they are now
    aliases = (run.aliases.get(str(root), {}), run.joined.get(str(root), {}))
    if named_before == shared and not unjoined:  # the plain re-sync: no query
        # a folder whose last note with a title for a file name went (a note came, went or changed: the
        # notes held are read already): its record goes, as a rebuild writes none
        untitled = (not shared and held_now is not None and not _note_name_keys(run.names, held_now)
                    and not _title_keys(aliases[0], held_now))
        if recorded != aliases or untitled:
            with dbmod.transaction(conn):
                if untitled:
                    _record_shared_names(conn, {str(root): None})
                if recorded != aliases:
                    _record_aliases(conn, {str(root): aliases})
        return
    held = store.existing_documents(conn, str(root))
    keys = {path: key for path in held if (key := run.names.key(path)) is not None}
    keys.update({path: key for path, key in _title_keys(aliases[0], held).items() if path not in keys})
    if named_before is None:
        redo = {path for path in keys if path not in written}
    else:
        redo = {path for path, key in keys.items() if key in named_before ^ shared and path not in written}
    # a surname honoured anew (`honoured:keller`, honorifics.HONOURED): the notes writing the surname
    redo |= {path for path in store.notes_mentioning(conn, str(root), with_surnames(unjoined)) if path not in written}
    # an alias joined now is named where it stands (alias_forms): in notes where no name was found before
    forms = alias_forms(aliases[0], aliases[1])
    standing = [name for name, key in [*forms.items(), *forms.blocks.items()] if key in unjoined]
    # ... and after a title (`Lord Varric`: honorifics.titled_alias), which any alias joined or unjoined may name:
    # the titled forms alone (the alias bare re-read every note writing it, a Logseq page its own title too)
    standing += [f"{title}{dot} {bare}" for names in aliases[0].values() for name in names or ()
                 if normalise_key(bare := name.removeprefix(NOTE_TITLE), "name") in unjoined
                 for title in ALIAS_TITLES for dot in ("", ".")]
    redo |= {path for path in store.notes_writing(conn, str(root), standing) if path not in written}
    # written with the joins before
    redo |= set(store.notes_mentioning(conn, str(root), with_surnames(late))) - set(relinked)
    redo = sorted(path for path in redo if path in held)
    with dbmod.transaction(conn):
        if redo:
            _reextract_notes(run, str(root), [(held[path][0], path) for path in redo])
        if named_before is not None or keys:  # no note to name (LiHua's): no shared names recorded
            _record_shared_names(conn, {str(root): shared if keys else None})
        _record_aliases(conn, {str(root): aliases})
    run.summary.note_names_changed.extend(path for path in redo if path not in written)  # a written one (late) is no news


def joined_names(names: _NoteNames, root: str, aliases: dict[str, list[str] | None], paths: Iterable[str],
                 shared: frozenset[tuple[str, str]], linked: frozenset[tuple[str, str]] = frozenset(),
                 linkable: dict[str, str] | None = None) -> dict[str, str]:
    """{alias key: the key of its note's own name} for the aliases of the
    notes of the folder `root` (`aliases`: path -> heuristic.note_aliases;
    `paths`: the folder's notes): `aliases: [Jo, J. Berg]` in `Jonas
    Berg.md` makes "Jo" and "J. Berg", wherever the folder's notes mention
    them (`[[Jo]]`, "Jo said"), names of the entity `[[Jonas Berg]]` is,
    as Obsidian links `[[Jo]]` to that note. Left as names of their own
    (as before aliases were read): an alias two notes claim (no link can
    tell which it means), one that is a note's file name (a link to it
    opens that note: `Lisbon` aliased by `Trip to Lisbon.md` beside
    `Lisbon.md`), and those of a note its file name does not name (a
    daily note, a `.txt`, a single lower-case word, a file name several
    notes share: heuristic.note_name, shared_note_names). A single lower-case
    word file name a link of the folder names (`linked`: linked_names) names
    its note here too: `alias:: HS` in Logseq's `pages/hackerspace.md` joins
    `[[Hackerspace]]`'s entity. Per folder, as a rebuild syncs them.
    `linkable`: _linkable_keys of `paths`, when the caller has it.
    A Zettelkasten ID a note's file name opens with (`202611031015
    Eigenvalues.md`: heuristic.zettel_id) is an alias of the note as its
    `aliases:` would be: `[[202611031015]]` is `[[202611031015 Eigenvalues]]`'s
    entity, while no other note's file name opens with that ID or is it
    (heuristic rules 16). A Logseq block's id (`id:: 6543a1b2-...`, among
    note_aliases) joins its page's name, or a journal page's day (rules 17):
    a block reference, `((6543a1b2-...))`, is a mention of it (alias_forms).
    A Joplin note's title (among its aliases, heuristic.JOPLIN_TITLE) is its own name, its id an
    alias of it (rules 19): `[Boiler service](:/973f…)` mentions it (alias_forms). A front matter `title:`
    (heuristic.NOTE_TITLE) names a note its file name does not name (_titled), and is an alias of one it does
    (rules 27: `title: Prof. Keller` in `Anna Keller.md` was an entity apart)."""
    paths = list(paths)
    names_of = names
    own = {path: key for path in paths if (key := names.key(path)) is not None}
    titles = joplin_titles(aliases)
    own.update({path: normalise_key(titles[path], "name") for path in paths if path in titles and path not in own})
    if linkable is None:
        linkable = _linkable_keys(names, paths)
    own.update({path: key for path, key in linkable.items() if (root, key) in linked})
    note_titles = _note_titles(aliases, paths)
    own.update(_titled(note_titles, own))
    # a lower-case slug's or a Zettelkasten id's note is shown by its title, the file's name an alias of it (fixI)
    retitled = _retitled(note_titles, own)
    claims: dict[str, set[str | None]] = {own[path]: {key} for path, key in retitled.items()}
    own.update(retitled)
    files = set(own.values())
    ids = {path: [zid] for path in own if (zid := zettel_id(path)) is not None}
    for path, names in itertools.chain(aliases.items(), ids.items()):
        key = own.get(path)
        target = key if key is not None and (root, key) not in shared else None
        if target is None and (denote := _shared_denote_id(key, root, names, shared)) is not None:
            target = denote  # a Denote note of a shared title: named by its identifier, which its links write
        for name in names or ():
            if name.startswith(JOPLIN_TITLE) or (name.startswith(NOTE_TITLE) and not _naming(path, name)):
                continue  # the note's own name (own)
            name = name.removeprefix(NOTE_TITLE)  # a title the note is not named by: an alias (rules 27)
            alias = normalise_key(name, "name")
            if target is None and key is None and BLOCK_UUID.fullmatch(name) is not None:
                # a block of a Logseq journal page: a reference to it is that day's, as `[[Nov 3rd, 2026]]` is
                claims.setdefault(alias, set()).add(_day_key(names_of, path))
            elif alias and alias != key and alias not in files:
                claims.setdefault(alias, set()).add(target)
    joined = {alias: next(iter(targets)) for alias, targets in sorted(claims.items())
              if len(targets) == 1 and None not in targets}
    # a surname after a person's title (`Dr. Brandt`) joins the one note whose names end with it (rules 26)
    bearers, targets = _person_names(names_of, aliases, own, shared, root, paths)
    return {**joined, **honoured(bearers, files | set(claims), targets)}


def _person_names(names: _NoteNames, aliases: dict[str, list[str] | None], own: dict[str, str],
                  shared: frozenset[tuple[str, str]], root: str, paths: list[str]) -> tuple[dict[str, list[str]], set[str]]:
    """({note's key: its names}, the keys a surname may join) of the notes at `paths` that have a name of their own
    (`own`): their title, their aliases and the name their file name gives (honorifics.honoured). Every such note
    bears the surnames of its names, the one with no aliases too (`Sarah Green.md` beside `tom.md`'s `title: Tom
    Green`: `Dr. Green` is neither's); a surname joins only a note that has aliases or a title (rules 27), not
    shared."""
    out: dict[str, list[str]] = {}
    targets: set[str] = set()
    for path in paths:
        key = own.get(path)
        if key is None:
            continue
        its = aliases.get(path) or []
        if its and (root, key) not in shared:
            targets.add(key)
        file_name = [found.name] if (found := names.name(path)) is not None else []  # found once a sync (run.names)
        out.setdefault(key, []).extend([*file_name, *(n[len(NOTE_TITLE):] if n.startswith(NOTE_TITLE) else n
                                                      for n in its if not n.startswith(JOPLIN_TITLE))])
    return out, targets



def _note_titles(aliases: dict[str, list[str] | None], paths: list[str]) -> dict[str, tuple[str, str]]:
    """{path: (its `title:`, the title's key)} of the notes at `paths` whose title may name them (_naming; Logseq's
    `title::` too): what _titled and _retitled choose from."""
    out: dict[str, tuple[str, str]] = {}
    for path in paths:
        if (names := aliases.get(path)) and _naming(path, names[0]):
            title = names[0][len(NOTE_TITLE):]
            out[path] = (title, normalise_key(title, "name"))
    return out


def _titled(titles: dict[str, tuple[str, str]], own: dict[str, str]) -> dict[str, str]:
    """{path: the key of its front matter `title:`} of the notes of `titles` (_note_titles) that have no name of
    their file name (`own`: `people/keller.md`, a single lower-case word no link names; heuristic.NOTE_TITLE):
    their aliases join the title's entity, as Obsidian's aliases are the note's names whatever its file is called
    (rules 26: `title: Prof. Anna Keller` with `aliases: [Keller]` joined nothing), and so does the title without
    its honorific (rules 27: with no aliases too). Not a title another note of the folder has or is named by (no
    link can tell which note it means), nor one _naming refuses."""
    # counted over every note, one its file name names too (`Anna Keller.md` with `title: Prof. Keller`: an alias
    # of it, rules 27), so that a title two notes have names neither
    keys = collections.Counter(key for _title, key in titles.values())
    taken = set(own.values())
    return {path: key for path, (_title, key) in titles.items()
            if path not in own and key and keys[key] == 1 and key not in taken}


def _retitled(titles: dict[str, tuple[str, str]], own: dict[str, str]) -> dict[str, str]:
    """{path: its title's key} of the notes of `titles` (_note_titles) named by their file name (`own`) that are
    shown by their `title:` instead: a file name of digits (a Zettelkasten id, `zk/202612071045.md` with `title:
    Ebbinghaus`) or in lower case (a site's slug, Hugo's `content/posts/pasta-recipe.md` with `title: Grandma's
    Pasta`) is a machine's or a URL's spelling of what the title writes as a name (review revD: aliases2 showed
    `202612071045`, `pasta recipe`). A file name a person wrote with capitals stays the name, as does one whose
    title has a person's title before a name (`Anna Keller.md` with `title: Prof. Keller`: an honorific is no
    better name than the full name), or whose title another note of the folder has or is named by (_titled)."""
    keys = collections.Counter(key for _title, key in titles.values())
    taken = set(own.values())
    return {path: key for path, (title, key) in titles.items()
            if path in own and key and keys[key] == 1 and key not in taken
            and (stem := PurePosixPath(path).stem).lower() == stem
            and heuristic_link_name(title.strip()) == title.strip()}


def _naming(path: str, name: str) -> bool:
    """Is `name` (one of the note at `path`'s heuristic.note_aliases) its `title:` (NOTE_TITLE) that may name
    the note: not the one Dendron generates (heuristic.generated_title: `title: Meetings` names nothing), nor a
    common or label word (`title: Meeting` with `aliases: [Weekly Sync]` had every capitalised Meeting of the
    folder join Weekly Sync)?"""
    title = name.removeprefix(NOTE_TITLE)
    return (name.startswith(NOTE_TITLE) and not generated_title(path, title)
            and title.strip().lower() not in GENERIC_TITLES)  # a sentence's or label's word, a note kind's


def joplin_titles(aliases: dict[str, list[str] | None] | None) -> dict[str, str]:
    """{path: title} of the Joplin notes among `aliases` (path -> heuristic.note_aliases) named by their title
    (heuristic.joplin_title, the first of their aliases as JOPLIN_TITLE writes it)."""
    return {path: names[0][len(JOPLIN_TITLE):] for path, names in (aliases or {}).items()
            if names and names[0].startswith(JOPLIN_TITLE)}


def _day_key(names: _NoteNames, path: str) -> str | None:
    """The key of the date a daily note's file name is (`journals/2026_11_03.md`: date:2026-11-03), else None."""
    name = _note_namer(names.extractor)(path)
    return normalise_key(name.name, name.type) if name is not None and name.type == "date" else None


def _aliases_now(run: _Run, walked: WalkResult, existing: dict, synced: Sequence[str],
                 before: dict[str, list[str] | None] | None) -> dict[str, list[str] | None]:
    """{path: its aliases (heuristic.note_aliases)} of the notes at `synced`
    that have some, for joined_names before any note is extracted: a new or
    changed file's read from it, an unchanged one's as recorded (`before`:
    the folder's record, None when there is none) or, not recorded, read
    from the chunks the index holds (an index synced before aliases were
    read: once)."""
    files = {f.path: f for f in walked.files}
    out: dict[str, list[str] | None] = {}
    from_index: dict[int, str] = {}
    for path in synced:
        note, old = files.get(path), existing.get(path)
        if note is not None and not _unchanged(note, old):
            names = _file_aliases(note, run)
            if names is not None:
                if names:
                    out[path] = names
                continue
        if old is None:
            continue
        if before is not None and before.get(path) is not None:
            out[path] = before[path]
        elif before is None or path in before:  # not recorded, or recorded as unknown (None)
            from_index[old[0]] = path
    for doc, names in _stored_aliases(run.conn, from_index).items():
        out[from_index[doc]] = names
    return out


# how many bytes of a folder's new and changed notes the alias pass keeps,
# read and decoded, for the sync to index without reading them again (a
# first sync of a large folder reads the notes past them twice, whole each
# time, one at a time: the memory a sync holds stays bounded)
READ_AHEAD_BYTES = 32 * 1024 * 1024


def _file_aliases(note: NoteFile, run: _Run | None = None) -> list[str] | None:
    """The aliases of the file `note` as the sync will read it ([] for a binary
    file, which it skips); None when it cannot be read (the sync reads it
    again, and says why it is skipped). The note is read whole, as the sync
    reads it: aliases may be anywhere in it (a front matter block that closes
    past its first 64 KiB, a Logseq block's `alias::` far down a page), and a
    head of it gave none of those when the sync had no room to keep the note
    (the index then depended on the room). One that fits in the room left
    (`run.read_ahead_room`, by its size as walked) is kept, hashed and
    decoded, in `run.read_ahead` for the sync to index; another is let go,
    read (and decoded) again when it is indexed."""
    ahead = run.read_ahead.get(note.path) if run is not None else None  # read already (_indexed)
    if ahead is not None:
        return [] if ahead.skipped else note_aliases(ahead.text, note.path)
    read_at = time.time()
    try:
        data = note.abspath.read_bytes()  # as _read_note reads it
    except OSError:
        return None
    if run is not None and note.size <= run.read_ahead_room:  # by its size as walked
        ahead = _keep_ahead(run, note, data, read_at)
        return [] if ahead.skipped else note_aliases(ahead.text, note.path)
    binary, wide = sniff_note(data)
    try:
        limit = run.options.max_bytes if run is not None else None
        return [] if binary else note_aliases(read_note(note.path, data, wide, max_bytes=limit,
                                                               folder=note.abspath.parent)[0], note.path)
    except MalformedNote:  # a canvas that is no JSON: the sync skips it, and says why
        return []


def _keep_ahead(run: _Run, note: NoteFile, data: bytes, read_at: float) -> _ReadAhead:
    """The whole file `note` (`data`, read at `read_at` or later) hashed and
    decoded, kept in `run.read_ahead` for the sync to index without reading
    it again, its bytes taken from the room left."""
    skipped, text, warning = _skip_reason(note, data, run.options.max_bytes)
    ahead = run.read_ahead[note.path] = _ReadAhead(note_hash(note.abspath, data), read_at, skipped, text, warning)
    run.read_ahead_room -= len(data)
    return ahead


def _skip_reason(note: NoteFile, data: bytes, max_bytes: int) -> tuple[str | None, str, str | None]:
    """(why the sync skips the file `note` whose bytes are `data`, or None;
    its text as the sync reads it, "" when skipped; walk.read_note's warning;
    `max_bytes`: the size limit, which a notebook's text is held to)."""
    binary, wide = sniff_note(data)
    if binary:
        return "binary file", "", None
    try:
        text, warning = read_note(note.path, data, wide, max_bytes=max_bytes, folder=note.abspath.parent)
    except MalformedNote as exc:
        return str(exc), "", None
    return None, text, warning


def _stored_aliases(conn, paths: dict[int, str]) -> dict[int, list[str]]:
    """{document id: its aliases} of the notes `paths` ({document id: path})
    that have some, read from the chunks the index holds (laid as the note,
    else the first chunk)."""
    out = {}
    doc_ids = list(paths)
    for start in range(0, len(doc_ids), REEXTRACT_NOTES):
        for doc, pairs in store.stored_chunks(conn, doc_ids[start:start + REEXTRACT_NOTES]).items():
            chunks = [c for _id, c in pairs]
            if chunks:
                names = note_aliases(stored_text(chunks) or chunks[0].text, paths[doc])
                if names:
                    out[doc] = names
    return out


# what the record of a folder's joined aliases holds for an alias the notes of the index may join
# either way (_unsettled_aliases): no note's key, so the next sync finds it joined anew
UNSETTLED = "?"


def recorded_aliases(conn) -> dict[str, tuple[dict[str, list[str] | None], dict[str, str]]]:
    """{folder: (its notes' aliases, the aliases joined)} as the index's
    graph joins them (meta note_aliases); a folder absent (an index synced
    before this was recorded, or a damaged record) is not known. An alias
    joined to UNSETTLED may be joined either way (a sync stopped after it
    wrote notes with its join changed)."""
    out = {}
    for root, value in dbmod.meta_dict(conn, dbmod.NOTE_ALIASES_KEY).items():
        if isinstance(value, dict) and isinstance(value.get("aliases"), dict) and isinstance(value.get("joined"), dict):
            out[root] = ({p: (list(v) if isinstance(v, list) else None) for p, v in value["aliases"].items()},
                         {k: v for k, v in value["joined"].items() if isinstance(v, str)})
    return out


def _record_aliases(conn, folders: dict[str, tuple[dict, dict]], replace_all: bool = False) -> None:
    """Record the aliases of the folders in `folders` ((aliases, joined) each;
    of no other folder with `replace_all`), inside the caller's transaction."""
    value = _aliases_value(conn, folders, replace_all)
    if value != dbmod.get_meta(conn, dbmod.NOTE_ALIASES_KEY):
        dbmod.set_meta(conn, dbmod.NOTE_ALIASES_KEY, value)


def _aliases_value(conn, folders: dict[str, tuple[dict, dict]], replace_all: bool = False) -> str:
    """The record of the aliases (meta note_aliases) with the folders in `folders` as given."""
    recorded = {} if replace_all else dict(recorded_aliases(conn))
    recorded.update(folders)
    return json.dumps({root: {"aliases": aliases, "joined": joined} for root, (aliases, joined) in recorded.items()},
                      sort_keys=True, ensure_ascii=False)


def _unsettled_aliases(aliases: dict[str, list[str] | None], joined: dict[str, str],
                       before: dict[str, str] | None) -> tuple[dict, dict]:
    """What the record of a folder's aliases says while a sync writes its
    notes (recorded with the first note written or removed, as
    _record_build writes it): the aliases as this sync read them
    (`aliases`, _aliases_now), and the joins as recorded (`before`: None when
    none is), each alias whose join this sync changes (`joined`:
    joined_names) UNSETTLED. The notes it writes join them as `joined` says
    and the others as `before` does, until _name_anew re-extracts those that
    mention them: a sync stopped between the two has the next one re-extract
    them (its joins differ from UNSETTLED), as the record of the joins
    before would have it re-extract only those whose join differs from it
    (a note written with `Bluebells` joined, which the links then unjoined
    again, was left so)."""
    before = before or {}
    return aliases, {**before, **{alias: UNSETTLED for alias in _differing(joined, before)}}


def _reextract_by_folder(run: _Run, docs: dict[int, tuple[str, str]], reason: str) -> None:
    """Extract the notes `docs` (doc id -> (root, path)) anew from their stored chunks, folder by folder, in the
    caller's transaction: a folder this sync did not list brings its names as recorded (shared file names, links)."""
    conn = run.conn
    for root in sorted({root for root, _path in docs.values()}):
        if root not in run.summary.roots:  # a folder this sync did not list: its names as recorded
            run.shared_names = _with_folder(run.shared_names, root, frozenset(
                (root, key) for key in recorded_shared_names(conn).get(root, ())))
            run.linked = _with_folder(run.linked, root, frozenset(
                (root, key) for key in recorded_linked_names(conn).get(root, ())))
        notes = sorted(((doc, path) for doc, (r, path) in docs.items() if r == root), key=lambda dp: dp[1])
        _reextract_notes(run, root, notes, reason)


def _reextract_notes(run: _Run, root: str, notes: list[tuple[int, str]],
                     why: str = "whose file name another note now shares, or no longer does, or that "
                                "mention an alias joined anew") -> None:
    """Extract anew the graph of the notes of `root` (document id, path),
    sorted as the walk writes them, from the chunks the index holds; the
    rest of the graph stays. Inside the caller's transaction."""
    conn, progress = run.conn, run.progress
    progress.start(len(notes))
    progress.phase(f"re-extracting {len(notes)} note{'s' * (len(notes) != 1)} {why}")
    doc_ids = [doc for doc, _path in notes]
    paths = {doc: (root, path) for doc, path in notes}
    touched = store.clear_document_graphs(conn, doc_ids)
    new: set[int] = set()
    try:
        for start in range(0, len(doc_ids), REEXTRACT_NOTES):
            part = doc_ids[start:start + REEXTRACT_NOTES]
            _reextract_group(run, run.resolver, list(store.stored_chunks(conn, part).items()), paths, touched, new)
        run.resolver.forget(store.purge_orphan_entities(conn, touched))
        run.resolver.rename(store.refresh_entities(conn, touched, _name_vectors(run), new))
        _record_stale(run)
    finally:
        if not run.reextracting:  # else the vectors its clear_graph kept serve the notes after these: it forgets them
            store.forget_kept_vectors(conn)


def _record_stale(run: _Run) -> None:
    """Record the keys the resolver made stale and the index does not record yet (db.RESOLVE_PENDING_KEY),
    inside the caller's transaction: with the note that made them so."""
    if not run.resolver.stale <= run.stale_recorded:
        run.stale_recorded = frozenset(run.stale_recorded | run.resolver.stale)
        dbmod.set_meta(run.conn, dbmod.RESOLVE_PENDING_KEY, json.dumps(sorted(run.stale_recorded)))


def _joins_surnames(extractor) -> bool:
    """Does a lone surname (rules 21) or first name (rules 25) join its full name (_note_name_parts) in `extractor`'s
    names: the heuristic extractor's only (a model's names are the model's), so only its syncs re-extract the notes
    of a surname a second full name makes stale. The one answer _resolver and _reextract's rebuild-like Resolver both take."""
    return extractor.name == "heuristic"


def _resolver(conn, extractor) -> Resolver:
    """The index's Resolver for a sync by `extractor`, joining lone surnames as the extractor's names do
    (_joins_surnames)."""
    resolver = Resolver.from_db(conn)
    resolver.surnames = _joins_surnames(extractor)
    return resolver


def _resolve_anew(run: _Run, roots: Sequence[str]) -> None:
    """Extract anew, from the chunks the index holds, the notes of `roots` that mention a key the
    resolver made stale (resolve.Resolver.stale: a group a later form split, a handle a later name may
    join), so the entities are the ones every order of the notes gives: a fresh sync's and a sync after
    each note's alike. Those notes may make more keys stale: again, until none is. Inside the caller's
    transaction, the record (db.RESOLVE_PENDING_KEY) removed with it."""
    conn, resolver = run.conn, run.resolver
    done: set[str] = set()
    written = {*run.summary.added_paths, *run.summary.changed_paths}  # re-extracted too, but no news
    while resolver.stale - done:
        keys = resolver.stale - done
        done |= keys
        for root in roots:
            held = store.existing_documents(conn, root)
            notes = sorted((held[path][0], path) for path in store.notes_mentioning(conn, root, keys) if path in held)
            if notes:
                _reextract_notes(run, root, sorted(notes, key=lambda dp: dp[1]),
                                 "that mention a name a later note made resolve otherwise")
                if not run.reextracting:  # every note is extracted anew already: the summary says why (rules)
                    run.summary.note_names_changed.extend(path for _doc, path in notes if path not in written
                                                          and path not in run.summary.note_names_changed)
    resolver.stale.clear()
    run.stale_recorded = frozenset()
    dbmod.delete_meta(conn, dbmod.RESOLVE_PENDING_KEY)


def known_cjk_by_note(conn) -> dict[tuple[str, str], dict[str, str]]:
    """{(folder, path): the Chinese and Japanese names the note makes known
    (_note_known: chat speakers, listed people, 《》 titles, link targets)}
    of the index's notes that make some, read from the chunks of every note
    that holds CJK text, each laid as the note: a function of the notes'
    texts alone, whatever extracted them, so a note's running text
    (`张伟说...`) mentions a name another note makes known (_add_known) as a
    rebuild would have it (merged_known). What an index that has no record
    of them (recorded_known_notes) needs once."""
    docs = store.cjk_documents(conn)
    paths = store.document_paths(conn)
    out: dict[tuple[str, str], dict[str, str]] = {}
    for start in range(0, len(docs), 500):
        for doc, pairs in store.stored_chunks(conn, docs[start:start + 500]).items():
            known = _note_known([c for _id, c in pairs])
            if known:
                out[paths[doc]] = known
    return out


def _note_known(chunks: Sequence[Chunk]) -> dict[str, str]:
    """The CJK names a note makes known (extract.heuristic.known_cjk), read
    from its chunks (all of them, in order) laid as the note: the same for
    the chunks a sync writes and those the index holds."""
    from minirag_cli.extract.heuristic import known_cjk

    if not any(CJK_RUN.search(c.text) for c in chunks):
        return {}
    note = stored_text(chunks)
    return known_cjk("\n".join(c.text for c in chunks) if note is None else note)


def merged_known(notes: Iterable[dict[str, str]]) -> dict[str, str]:
    """{name: type} of the names some note makes known, each of the type that
    says most (naming.type_rank), of two that say as much the first in
    alphabetical order: the same whatever order the notes come in (a sync
    and a rebuild write them with other document ids)."""
    known: dict[str, str] = {}
    for note in notes:
        for name, type_ in note.items():
            have = known.get(name)
            if have is None or (type_rank(name, type_), have) > (type_rank(name, have), type_):
                known[name] = type_
    return dict(sorted(known.items()))


def recorded_known_notes(conn) -> dict[tuple[str, str], dict[str, str]] | None:
    """The CJK names each note makes known as recorded (meta known_cjk_notes):
    {(folder, path): {name: type}}; {} for an index with no note yet; None
    when not recorded (an index synced before it was, or a damaged record)."""
    raw = dbmod.get_meta(conn, dbmod.KNOWN_CJK_NOTES_KEY)
    if raw is None:
        return {} if store.totals(conn)[2] == 0 else None
    try:
        recorded = json.loads(raw)
        return {(root, path): dict(known) for root, notes in recorded.items() for path, known in notes.items()}
    except (ValueError, AttributeError, TypeError):
        return None


def recorded_known(conn) -> dict[str, str]:
    """The known CJK names as the graph has them (meta known_cjk_names); {}
    when none or a damaged record."""
    return {k: v for k, v in dbmod.meta_dict(conn, dbmod.KNOWN_CJK_KEY).items() if isinstance(v, str)}


def _record_known(conn, known: dict[str, str], notes: dict[tuple[str, str], dict[str, str]],
                  holds_cjk: bool | None = None) -> None:
    """Record the known CJK names (none when there are none) and the names
    each note makes known (inside the caller's transaction): `{}` when the
    notes hold CJK text (`holds_cjk`; None: asked of the index) that makes
    no name known, as without a record every later sync would read all of
    them again (known_cjk_by_note), and none when they hold none. As a
    rebuild records them: a sync that left no name known, or no CJK text,
    kept `{}` where a rebuild writes none, and an index without CJK text is
    left byte for byte as it was."""
    _set_or_delete_meta(conn, dbmod.KNOWN_CJK_KEY, known or None)
    folders: dict[str, dict[str, dict[str, str]]] = {}
    for (root, path), names in notes.items():
        if names:
            folders.setdefault(root, {})[path] = names
    if not folders and holds_cjk is None:
        holds_cjk = store.holds_any_cjk(conn)
    _set_or_delete_meta(conn, dbmod.KNOWN_CJK_NOTES_KEY, folders if folders or holds_cjk else None)


def _set_or_delete_meta(conn, key: str, value: dict | None) -> None:
    """The meta record `key` set to `value` as JSON, or removed for None."""
    if value is not None:
        dbmod.set_meta(conn, key, json.dumps(value, sort_keys=True, ensure_ascii=False))
    elif dbmod.get_meta(conn, key) is not None:
        dbmod.delete_meta(conn, key)


def _known_none(run: _Run) -> bool:
    """Whether the index records that its notes hold CJK text and none makes a
    name known (meta known_cjk_notes `{}`): a note holding CJK text that is
    removed, or rewritten without it, may be the last, and the record then
    goes (_know_anew: as a rebuild writes none; no name known changes, which
    is all that called it before)."""
    return (run.known_notes is not None and not any(run.known_notes.values())
            and dbmod.get_meta(run.conn, dbmod.KNOWN_CJK_NOTES_KEY) is not None)


def _cjk_changed(run: _Run) -> None:
    """A note making CJK names known is written or removed, or one that
    made some no longer does (any note holding CJK text, when the index has
    no record of each note's: run.known_notes None): the known CJK names may
    change (_know_anew, at the end of the sync), which the index records
    with the note (run.build), so a sync stopped before has the next do it."""
    run.cjk_changed = True
    run.build[dbmod.KNOWN_CJK_PENDING_KEY] = "1"


def _add_known(known: dict[str, str], chunks: Sequence[Chunk], mentions: list[list[EntityMention]]) -> bool:
    """Add to each chunk's mentions the known CJK names (merged_known) its
    text writes that it does not mention yet, the longest first where two
    start at one place: Chinese and Japanese put no blank around a name
    (`张伟说厨房预算...`), which only a name known from some note can find.
    Whether a chunk holds CJK text (its note may make names known)."""
    from minirag_cli.extract.heuristic import KnownNames

    holds = False
    names = None
    for i, c in enumerate(chunks):
        if CJK_RUN.search(c.text) is None:
            continue
        holds = True
        if not known:
            continue
        names = names or KnownNames(known)
        have = {normalise_key(m.name, m.type) for m in mentions[i]}
        for name in dict.fromkeys(names.find(without_invisibles(c.text))):
            if normalise_key(name) not in have:
                mentions[i] = [*mentions[i], EntityMention(name, known[name])]
    return holds


def _differing(a: dict, b: dict) -> set:
    """The keys whose value differs between `a` and `b` (one missing counts as None)."""
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


def _know_anew(run: _Run) -> None:
    """After a sync that wrote or removed a note making CJK names known (or
    that made some): the known CJK names anew, from each note's as recorded
    and as this sync wrote them (run.known_notes: the notes it did not
    write are not read again; all of them once, known_cjk_by_note, for an
    index with no record) and, when they changed, the notes whose
    text writes a name that became known, stopped being or changed type
    extracted anew from the chunks the index holds (as _name_anew does for
    shared file names), in one transaction with the record: a sync stopped
    before has the next one do it (the record still the old one)."""
    conn = run.conn
    if run.known_notes is None:
        run.known_notes = known_cjk_by_note(conn)
    known = merged_known(run.known_notes.values())
    if known == run.known:
        with dbmod.transaction(conn):
            _record_known(conn, known, run.known_notes)
            dbmod.delete_meta(conn, dbmod.KNOWN_CJK_PENDING_KEY)
        return
    changed = _differing(known, run.known)
    paths = store.document_paths(conn)
    docs = {doc: paths[doc] for doc in store.documents_with_bigrams(conn, [cjk_bigrams(name) for name in changed])}
    run.known = known
    with dbmod.transaction(conn):
        _reextract_by_folder(run, docs, "whose text writes a Chinese or Japanese name another note made known or forgot")
        _record_known(conn, known, run.known_notes)
        dbmod.delete_meta(conn, dbmod.KNOWN_CJK_PENDING_KEY)
    written = {*run.summary.added_paths, *run.summary.changed_paths}  # re-extracted too, but no news
    run.summary.known_names_changed.extend(sorted(path for _root, path in docs.values() if path not in written))


def _knows_words(run: _Run) -> bool:
    """Do the run's notes make one-word names known to the others (heuristic rules 25)? The heuristic
    extractor's only, as a lone surname joins its full name in its names only (_joins_surnames): a model
    names a sentence's first word itself."""
    return run.extraction.extractor.name == "heuristic"


def _recorded_words(conn) -> dict[str, str]:
    """The words the notes make known as the graph has them (meta known_words); {} when none or damaged."""
    return {k: v for k, v in dbmod.meta_dict(conn, dbmod.KNOWN_WORDS_KEY).items() if isinstance(v, str)}


def _load_known_words(run: _Run, roots: Sequence[Path]) -> None:
    """The words the notes make known, as recorded, for a heuristic sync (_knows_words). An index that holds
    notes but no record of each note's words (built before rules 25 by a model, or by a sync stopped before it
    recorded them: meta known_words_pending) has every note extracted anew, which reads them
    (_reextract), unless the rules' upgrade did so already."""
    conn = run.conn
    if not _knows_words(run) or run.word_notes is not None:
        return
    run.words = _recorded_words(conn)
    raw = dbmod.get_meta(conn, dbmod.KNOWN_WORDS_NOTES_KEY)
    try:
        recorded = None if raw is None else {(root, path): dict(words) for root, notes in json.loads(raw).items()
                                              for path, words in notes.items()}
    except (ValueError, AttributeError, TypeError):
        recorded = None
    if store.totals(conn)[2] == 0:  # built now: recorded (_words_anew) even when no note makes a word known
        run.words, run.word_notes = {}, {}
        _words_changed(run)
    elif recorded is None or dbmod.get_meta(conn, dbmod.KNOWN_WORDS_PENDING_KEY) is not None:
        _reextract(run, roots, dbmod.get_meta(conn, dbmod.HEURISTIC_VERSION_KEY))
    else:
        run.word_notes = recorded


def _words_changed(run: _Run) -> None:
    """A note making words known is written or removed, or one that made some no longer does: the words
    known may change (_words_anew, at the end of the sync), which the index records with the note
    (run.build), so a sync stopped before has the next do it."""
    run.words_changed = True
    run.build[dbmod.KNOWN_WORDS_PENDING_KEY] = "1"


def _add_known_words(run: _Run, notes: Sequence[tuple[str, str, int]], prose: Sequence[str],
                     mentions: list[list[EntityMention]]) -> None:
    """Record the words each note ((folder, path, its chunks' count), their chunks' `prose` and `mentions`
    in order) makes known (heuristic.makes_known: its one-word persons, and names it writes mid-sentence or
    its aliases are; its file name alone is no evidence), and add to each chunk's mentions the words other notes
    make known (run.words) that it writes alone where a sentence or a list item starts (heuristic.known_openers:
    `- Initech invoice still unpaid.` beside `We work for Initech and Acme.`), which the rules name only on the
    note's own evidence (heuristic rules 25)."""
    from minirag_cli.extract.heuristic import known_openers, makes_known, written_as_name

    if run.word_notes is None:
        return
    i = 0
    for root, path, count in notes:
        # on the note's evidence (written_as_name): its text's, a person's (a chat's speaker, `Dr. Chen`), an
        # alias's; a word it names otherwise (a heading's, a list's) stays its own, and so does its file name's:
        # topic pages `Home.md`, `Work.md`, `Health.md` named `- Home by 6.` in every daily note (review revE)
        aliases = set(run.aliases.get(root, {}).get(path) or ())
        own = merged_known([{m.name: m.type} for j in range(i, i + count) for m in mentions[j]
                            if makes_known(m.name, m.type) and (m.type == "person" or m.name in aliases
                                                                or written_as_name(prose[j], m.name))])
        if own != run.word_notes.get((root, path), {}):
            if own:
                run.word_notes[(root, path)] = own
            else:
                run.word_notes.pop((root, path), None)
            _words_changed(run)
        i += count
    if not run.words:
        return
    for i, text in enumerate(prose):
        have = {normalise_key(m.name) for m in mentions[i]}
        added = [EntityMention(word, run.words[word]) for word in known_openers(text, run.words)
                 if normalise_key(word) not in have]
        if added:
            mentions[i] = [*mentions[i], *added]


def _words_anew(run: _Run) -> None:
    """After a sync that wrote or removed a note making words known (or that made some): the words known anew,
    from each note's as recorded and as this sync wrote them, and, when they changed, the notes that open a
    sentence with a word that became known, stopped being or changed type extracted anew from the chunks the
    index holds (as _know_anew does for CJK names), in one transaction with the record: a sync stopped before
    has the next one do it (_load_known_words)."""
    from minirag_cli.extract.heuristic import known_openers

    conn = run.conn
    assert run.word_notes is not None
    words = merged_known(run.word_notes.values())
    changed = _differing(words, run.words)
    docs: dict[int, tuple[str, str]] = {}
    if changed:
        paths = store.document_paths(conn)
        # looked for in each note's prose, as _add_known_words names them: a code block's `docker compose` (lower
        # case: a common word) kept `Docker rebuilt the image.` of its note from being read anew (review revE)
        holding = sorted({doc for doc, _text in store.chunks_writing_words(conn, sorted(changed))})
        for start in range(0, len(holding), REEXTRACT_NOTES):
            stored = store.stored_chunks(conn, holding[start:start + REEXTRACT_NOTES])
            docs.update((doc, paths[doc]) for doc, pairs in stored.items()
                        if any(known_openers(text, changed)
                               for text in _prose_texts([([c for _id, c in pairs], paths[doc][1])])))
    run.words = words
    with dbmod.transaction(conn):
        _reextract_by_folder(run, docs, "that open a sentence with a name another note made known or forgot")
        folders: dict[str, dict[str, dict[str, str]]] = {}
        for (root, path), known in sorted(run.word_notes.items()):
            folders.setdefault(root, {})[path] = known
        _set_or_delete_meta(conn, dbmod.KNOWN_WORDS_KEY, words or None)
        dbmod.set_meta(conn, dbmod.KNOWN_WORDS_NOTES_KEY, json.dumps(folders, sort_keys=True, ensure_ascii=False))
        dbmod.delete_meta(conn, dbmod.KNOWN_WORDS_PENDING_KEY)
    run.build.pop(dbmod.KNOWN_WORDS_PENDING_KEY, None)
    run.words_changed = False
    written = {*run.summary.added_paths, *run.summary.changed_paths}  # re-extracted too, but no news
    run.summary.known_names_changed.extend(sorted(path for _root, path in docs.values() if path not in written))


def _name_notes(extractor: Extractor, notes: Iterable[tuple[str, str, int]],
                mentions: list[list[EntityMention]], shared: frozenset[tuple[str, str]] = frozenset(),
                linked: frozenset[tuple[str, str]] = frozenset(),
                aliases: dict[str, dict[str, list[str] | None]] | None = None) -> None:
    """Add each note's own name, as the extractor has it (heuristic.py
    `note_name`: a Markdown note's file name, the name `[[wikilinks]]` call
    it by), to the mentions of its first chunk, unless that chunk names it
    already: a link in another note then mentions an entity the linked note
    mentions too. `notes`: (folder, path, index of its first chunk in `mentions`).
    No note is named by a file name in `shared` (shared_note_names). A
    daily note is named by its date as its path reads with the folder's own
    folders above it (text.dated_path: `01.md` of a synced `journal/2024/05`).
    A note whose file name is a single lower-case word is named by it when
    the word is in `linked` (linked_names: a wikilink of its folder names it).
    A Joplin note is named by its title (`aliases`: {folder: {path: heuristic.note_aliases}}, where
    joplin_titles finds it; heuristic rules 19). A Denote note's file name keywords are its #tags
    (heuristic.denote_keywords; rules 21)."""
    note_name = _note_namer(extractor)
    titles = {root: joplin_titles(of) for root, of in (aliases or {}).items()}
    for root, path, first in notes:
        # a Denote note's file name keywords are its #tags, as a front matter's `tags:` are (rules 21)
        keywords = [EntityMention(tag, "concept") for tag in denote_keywords(path)
                    if all(normalise_key(m.name, m.type) != normalise_key(tag, "concept") for m in mentions[first])]
        if keywords:
            mentions[first] = [*mentions[first], *keywords]
        name = note_name(dated_path(root, path))
        if name is None and path in titles.get(root, {}):
            name = EntityMention(titles[root][path], "name")
        if name is None:
            name = _linkable_namer(extractor)(path)
            if name is None or (root, normalise_key(name.name, name.type)) not in linked:
                continue
        key = normalise_key(name.name, name.type)
        its_aliases = (aliases or {}).get(root, {}).get(path)
        if (denote := _shared_denote_id(key, root, its_aliases, shared)) is not None:
            # a Denote note of a shared title: its front matter's title names no entity both notes join; the
            # identifier names the note (_shared_denote_id), as the `denote:` links to it do
            mentions[first] = [m for m in mentions[first] if normalise_key(m.name, m.type) != key]
            key, name = denote, EntityMention(next(n for n in its_aliases[1:] if DENOTE_ID.fullmatch(n)), "name")
        if (denote is not None or (root, key) not in shared) and all(normalise_key(m.name, m.type) != key for m in mentions[first]):
            mentions[first] = [*mentions[first], name]


def _note_handles(notes: Sequence[Sequence[Chunk]], mentions: Sequence[list[EntityMention]]) -> list[dict[str, str]]:
    """For each chunk of `notes` (each note's chunks, all of them in order), one after another in
    `mentions` (the extractor's, before a note's file name is added: _name_notes
    depends on the folder), {handle: the key of the name it joins} as its whole
    note's mentions and chat speakers say (heuristic.handle_names: `@elena` is the note's Elena
    Vasquez, or its chat's speaker `Elena:`), the same map for each chunk of a note."""
    out, at = [], 0
    for chunks in notes:
        n = len(chunks)
        held = [m for ms in mentions[at:at + n] for m in ms]
        # the speakers only of a note with a handle (read again from its chunks: a handle is rare)
        speakers = note_speakers(chunks) if any(m.name.startswith("@") for m in held) else ()
        found = handle_names(held, speakers)
        keys = {handle: normalise_key(name, "name") for handle, name in found.items()}
        out += [keys] * n
        at += n
    return out


def _note_name_parts(notes: Sequence[Sequence[Chunk]], matters: Sequence[frontmatter.FrontMatter | None],
                     mentions: Sequence[list[EntityMention]], resolver: Resolver) -> list[dict[str, str]]:
    """For each chunk of `notes` (each note's chunks, all of them in order, one after another in `mentions`, as
    _note_handles reads them), {a word alone: the full name it joins} of its whole note, the same map for each chunk
    of a note: a surname (heuristic.surname_names: `Kahneman` after `Daniel Kahneman`; the authors of its front
    matter, `matters`, are its full names too, and its chunks' text tells a common word) where the index knows no
    other full name of that surname (resolve.Resolver.lone_surname; heuristic rules 21), and a first name
    (firstnames.first_names: `Elena` beside `Elena Rossi`, where the note writes her as a person; rules 25), which
    the note alone decides. The heuristic extractor's only (`resolver.surnames`, set by the sync from its extractor:
    _resolver): its rules version re-extracts an index it built, a model's names are the model's."""
    if not resolver.surnames:
        return [{}] * len(mentions)
    out, at = [], 0
    for chunks, matter in zip(notes, matters, strict=True):
        n = len(chunks)
        held = [m for ms in mentions[at:at + n] for m in ms]
        text = "\n".join(c.text for c in chunks)
        found = surname_names(held, note_authors(matter), text)
        kept = {surname: name for surname, name in found.items()
                if resolver.lone_surname(surname, normalise_key(name, "name"))}
        # the note's chat speakers read only where a first name and its full name are found: a chat's are no one's
        kept.update(first_names(held, text, lambda chunks=chunks: note_speakers(chunks)))
        # a transcript's `JO:` beside its Janet Okoro, a `Tom B` beside its Tom Becker (rules 32), of the note read
        # once (its chunks overlap: a label on their shared line is written once)
        kept.update(short_names(held, _laid_readable(chunks, False)))
        out += [kept] * n
        at += n
    return out


def _cite_authors(notes: Sequence[tuple[frontmatter.FrontMatter | None, int]], mentions: list[list[EntityMention]],
                  prose: Sequence[str], handles: Sequence[dict[str, str]]) -> list[dict[str, str]]:
    """Each chunk's handles (_note_handles) with the author-year citations its prose (`prose`: _prose_texts)
    writes of its note's own authors (`notes`: (front matter, number of chunks) of each note, its chunks
    one after another in `mentions`): `Müller 2019` in a note whose `authors:` hold `Müller, Jürgen` is a
    mention of Jürgen Müller by the form `Müller` (heuristic.cited_authors; added to the chunk's mentions
    when the rules found none: a sentence's first word, `Müller 2019 baut auf...`), the join a form of
    his entity as a handle's is. Only in the chunks that cite him: a lone `Weber` elsewhere in the note
    may be another Weber. Heuristic rules 16."""
    out, at = list(handles), 0
    for matter, n in notes:
        authors = note_authors(matter)
        for i in range(at, at + n) if authors else ():
            cited = cited_authors(authors, prose[i])
            if not cited:
                continue
            have = {normalise_key(m.name, m.type) for m in mentions[i]}
            added = [EntityMention(surname, "person") for surname in cited
                     if normalise_key(surname, "person") not in have]
            if added:
                mentions[i] = [*mentions[i], *added]
            out[i] = {**handles[i], **{surname: normalise_key(author, "name") for surname, author in cited.items()}}
        at += n
    return out


class AliasForms(dict):
    """{alias as written: its key} (alias_forms), with `blocks`: {Logseq block id: its key}."""

    def __init__(self, forms: dict[str, str] | None = None, blocks: dict[str, str] | None = None):
        super().__init__(forms or {})
        self.blocks = blocks or {}


def alias_forms(aliases: dict[str, list[str] | None], joined: dict[str, str] | None) -> AliasForms:
    """{alias as written: its key} of a folder's aliases (`aliases`: path ->
    heuristic.note_aliases) that its graph joins to their note (`joined`:
    joined_names) and that name it wherever they stand (heuristic.standing_alias):
    what _plan_entities looks for in each chunk beside the extractor's names. Its
    `blocks`: the Logseq block ids among them (`id:: 6543a1b2-...`) the graph joins,
    which name their page where a block reference writes them, `((6543a1b2-...))`
    (_standing), never alone: a uuid written bare is no name; and the Joplin note ids
    (heuristic.joplin_id), which name their note where a link writes them, `(:/973f…)`. Apart, as a graph may
    hold thousands: a chunk looks up the references it writes, not every id."""
    if not joined:
        return AliasForms()
    forms, blocks = {}, {}
    for names in aliases.values():
        for name in names or ():
            name = name.removeprefix(NOTE_TITLE)  # a title joined as an alias (joined_names, rules 27)
            if (key := normalise_key(name, "name")) not in joined:
                continue
            if BLOCK_UUID.fullmatch(name) is not None or JOPLIN_FILE.fullmatch(name + ".md") is not None \
                    or DENOTE_ID.fullmatch(name) is not None:
                # a Joplin note's id too, which `[...](:/973f…)` links (rules 19), and a Denote note's identifier,
                # which `[[denote:20261201T093000]]` and `(denote:20261201T093000)` link (rules 20)
                blocks[name.lower()] = key
            elif standing_alias(name):
                forms[name] = key
    return AliasForms(forms, blocks)


def _standing(text: str, forms: dict[str, str], found: set[str]) -> list[EntityMention]:
    """The aliases of `forms` (alias_forms) that `text` writes as whole words, as
    the aliases write them, and that no mention of it (`found`: their keys) names
    already: `Jo said the boat leaks.`, `- Jo brings rope`, where the rules name no
    lone word opening a sentence (heuristic rules 14). `text` is the chunk's prose
    (_prose_texts): code names nothing. An alias of one word not in a text that
    writes it in lower case too (`Bran` beside `bran`: the word is meant there).
    And the Logseq block ids of `forms.blocks` its block references write
    (`((6543a1b2-...))`: heuristic.BLOCK_REF), each a mention of the block's page, and the Joplin note ids
    its links write (`[Boiler service](:/973f…)`: heuristic.JOPLIN_LINK), each a mention of that note, and the
    Denote identifiers its links write (`[[denote:20261201T093000][...]]`: heuristic.DENOTE_LINK, rules 20)."""
    out, plain = [], None
    for name, key in forms.items():
        if key in found or name not in text:
            continue
        if plain is None:
            plain = without_invisibles(text)
        if _form_pattern(name, cased=True).search(plain) is None:
            continue
        if " " not in name.strip() and _form_pattern(name.lower(), cased=True).search(plain):
            continue
        found.add(key)
        out.append(EntityMention(name, "name"))
    blocks = getattr(forms, "blocks", None)
    if blocks and ("((" in text or "](" in text or "denote:" in text):
        plain = without_invisibles(text)
        refs = itertools.chain(BLOCK_REF.finditer(plain) if "((" in text else (),
                               JOPLIN_LINK.finditer(plain) if ":/" in text else (),
                               DENOTE_LINK.finditer(plain) if "denote:" in text else ())
        for m in refs:
            uuid = m.group(1).lower()
            key = blocks.get(uuid)
            if key is not None and key not in found:
                found.add(key)
                # a Denote identifier as written (`20261201T093000`), a uuid in lower case
                out.append(EntityMention(m.group(1) if DENOTE_ID.fullmatch(m.group(1)) else uuid, "name"))
    return out


def _prose_texts(notes: Sequence[tuple[Sequence[Chunk], str]]) -> list[str]:
    """The prose of each chunk of `notes` ((chunks, path) of each note, its chunks all of them, in order):
    the chunk read in its note's context (read_in_context) without its code (mdcode.without_code),
    where a name's mentions are counted (heuristic rules 14: a name the prose writes once beside a
    log that writes it 50 times counted 51; the extractor names nothing in code since rules 13),
    nor in a link reference definition (heuristic rules 18: Foam's for `[[tom-becker]]` counted it 3 more times), nor in
    a Java stack frame (heuristic rules 27, without_stack_frames: a pasted log's frames counted HikariPool 9205 times)."""
    from minirag_cli.extract.mdcode import reads_comments, without_code

    return [without_stack_frames(without_link_definitions(without_code(text, comments=reads_comments(path))))
            for chunks, path in notes for text in read_in_context(chunks, path)]


def _chunk_dates(chunks: Sequence[Chunk], days: list[str] | None, head: str | None, path: str,
                 root: str) -> list[str]:
    """The date of each of a note's `chunks` (ISO, '' for none): its dated section's (`days`: sections.chunk_days,
    found once for the chunks' and the entities' dates), else the note's, as its head (`head`: store.note_head,
    else its first chunk's first line) or its file name date it (text.note_date of `path` in its synced folder
    `root`): what gives a day its note writes without its year its year (_plan_entities). In an undated note, the
    month and year its headings in force name (`Y2026-12`): yearless.py, heuristic rules 27."""
    if not chunks:
        return []
    own = note_date(head or chunks[0].text.split("\n", 1)[0], path, root)[:10]
    days = days or [""] * len(chunks)
    if own:
        return [day or own for day in days]
    return [day or month for day, month in zip(days, chunk_years(chunks), strict=True)]


def _edited_days(matter: frontmatter.FrontMatter | None, head: str | None, root: str, path: str,
                 days: list[str] | None, n: int) -> list[str]:
    """The day each of a note's `n` chunks was last edited by its front matter (FrontMatter.edited_day: `updated:
    2026-11-29`), '' for a chunk of a dated section (`days`: sections.chunk_days; its day is its own) or a note of
    none: the end of the span its days are written over (weekdaydays.py, heuristic rules 32). Only a note its front
    matter's date line dates (`created: 2026-01-04`) has one: a note its file name or title dates is of that day
    (a daily note `Daily/2025-11-20.md` whose `modified:` is a touch a year on; fixWY)."""
    dated = matter is not None and _dated_by_front_matter(matter, head or "", root, path)
    edited = matter.edited_day() if dated else ""
    return [edited if not day else "" for day in (days or [""] * n)]


def _dated_by_front_matter(matter: frontmatter.FrontMatter, head: str, root: str, path: str) -> bool:
    """Whether a note whose front matter is `matter` and head `head` (store.note_head: its title, HEAD_SEP, its date
    line) is dated by that date line, neither its title nor its file name (`path` in its synced folder `root`)
    dating it."""
    line = matter.date_line().strip()
    if not line:
        return False
    title = "" if head == line else head.removesuffix(frontmatter.HEAD_SEP + line)
    return not head_date(title) and not name_date(dated_path(root, path))


def _settled_days(chunks: Sequence[Chunk], path: str, dates: list[str], order: str,
                  edited: list[str] | None = None) -> list[dict[str, str]]:
    """surface -> ISO day of the days each of a note's `chunks` writes that the note settles, which no date rule
    reads alone: its ambiguous slashed days (dayorder.chunk_slashed_days, rules 28: `Friday 11/12/2026`) and its
    weekdays' labels in a week it names (weeklabels.py, rules 29: `Thu: curry` under `# Meal plan w/c 7 Dec 2026`);
    and the days a weekday written with them settles (weekdaydays.py, rules 30: `Fri 11th` in a note of 2026-12-07,
    `Mon 4 Jan` under `# Autumn term 2026`; rules 32: `Sun 22 Nov` in a note of 2026-01-04 last edited 2026-11-29,
    `Tue 8/12` in a note of 2026-12-07 of settled day order: dayorder.chunk_weekday_slashed_days; rules 33: `received
    Mon 7 Dec` in an undated note, the one year near this year that makes it a Monday, weekdaydays.pinned_days);
    `dates`: the chunks' (_chunk_dates), `order`: the index's day order, `edited`: the chunks' last edits
    (_edited_days)."""
    slashed = chunk_slashed_days(chunks, order)
    labels = chunk_week_days(chunks, path, dates, slashed)
    weekdays = chunk_weekday_days(chunks, dates, edited, path)
    # and its yearless slashed days written with their weekday, in a settled order (dayorder, rules 32: `Tue 8/12`
    # in a note of 2026-12-07): read after the rules before, which keep a surface they read
    bare_days = chunk_weekday_slashed_days(chunks, dates, order, edited)
    return [{**bare, **written, **days, **labelled} if written or labelled or bare else days
            for days, labelled, written, bare in zip(slashed, labels, weekdays, bare_days, strict=True)]


def _plan_entities(text: str, mentions: list[EntityMention], resolver: Resolver,
                   joined: dict[str, str] | None = None, handles: dict[str, str] | None = None,
                   forms: dict[str, str] | None = None, parts: dict[str, str] | None = None,
                   day: str = "", slashed: dict[str, str] | None = None) -> list[PlannedEntity]:
    """The entities a chunk's `mentions` resolve to, with their forms and
    counts (in `text`, the chunk's prose: _prose_texts); `joined`: its folder's aliases (joined_names), each a form of its
    note's entity; `handles`: its note's handles that join a name of the note
    (_note_handles), each a form of the entity that name resolves to (the
    folder's join first, as the name's own mention has it); `forms`: the
    folder's aliases that name their note wherever they stand (alias_forms),
    mentions of it where the text writes them (_standing); `parts`: its note's surnames and first names that join
    its full name (_note_name_parts: `Kahneman`, Daniel Kahneman; `Elena`, Elena Rossi), counted where the text
    writes them alone; `day`: the chunk's date (_chunk_dates), which gives a day written without its year its
    year (text.nearest_year: `20 Dec` in `daily/2026-12-07.md` is the date 2026-12-20, named so, heuristic rules 26;
    it was a yearless entity of its own, which `what is due on December 20, 2026?` did not ground on; in an undated
    note the year of its heading's month, for a day of that month: yearless.dated_day, rules 27); `slashed`: the
    days the chunk writes that its note settles (_settled_days: an ambiguous slashed day, `Friday 11/12/2026`, rules
    28; a weekday's label in a week the note names, `Thu: curry` under `# Meal plan w/c 7 Dec 2026`, rules 29), each
    a date mention counted as written, named and keyed by its ISO day."""
    lower = without_invisibles(text).lower()  # as the heuristic extractor reads it: "Li\u200bHua" holds LiHua
    planned: dict[str, PlannedEntity] = {}
    if forms or getattr(forms, "blocks", None):
        mentions = [*mentions, *_standing(text, forms, {normalise_key(m.name, m.type) for m in mentions})]
    if slashed:
        written = {m.name for m in mentions}
        mentions = [*mentions, *(EntityMention(surface, "date") for surface in slashed if surface not in written)]
    # the longer names a shorter one is counted outside of (_occurrences); a date's words are no name's
    # (by key: `Sunken Library` in `The Sunken Library` is the same name's, counted as before)
    names = {m.name: normalise_key(m.name, m.type) for m in mentions if m.type != "date" and " " in m.name.strip()}
    for m in mentions:
        # a #tag is no mention of the note an alias names (`#jo` is a topic, "Jo" Jonas Berg): its own entity
        alias_of = joined.get(normalise_key(m.name, m.type)) if joined and not m.name.startswith("#") else None
        if alias_of is None and handles and m.name in handles:
            # `@elena`, the note's Elena Vasquez: the entity that name resolves to, so an alias the
            # folder joins to another note's name (`aliases: [Elena Vasquez]` in EV.md) takes its handle too
            alias_of = handles[m.name]
            alias_of = joined.get(alias_of, alias_of) if joined else alias_of
        elif alias_of is None and parts and m.name in parts:
            # `Kahneman`, the note's Daniel Kahneman (rules 21), `Elena`, its Elena Rossi (rules 25): the entity that
            # name resolves to, as a handle's
            alias_of = normalise_key(parts[m.name], "name")
            alias_of = joined.get(alias_of, alias_of) if joined else alias_of
        elif alias_of is None and joined and m.type in ("person", "name") and " " not in m.name \
                and (honour := joined.get(HONOURED + normalise_key(m.name, m.type))) is not None \
                and honoured_only(text, m.name) and (not resolver.surnames or resolver.lone_surname(m.name, honour)):
            # `Dr. Brandt`, the surname of one note's names after a person's title (rules 26), where no other full
            # name of it is known from any note's text (lone_surname, rules 21's check: `title: Dr. Sarah Green`)
            alias_of = honour
        elif alias_of is None and joined and m.type in ("person", "name") and not m.name.startswith(("#", "@")) \
                and (titled := titled_alias(m.name, joined)) is not None and not _names_a_note(m, joined):
            # `Lord Varric`, a title before the alias Varric of `Lord Varric Dunmere.md`: that note's (rules 28); not
            # a note's own name (`title: Prof. Anna Keller` beside `aliases: [Anna Keller]`), which names it as itself
            alias_of = titled
        elif alias_of is not None and alias_of.startswith("date:"):
            # a Logseq block reference to a block of a journal page: that day's entity (joined_names)
            m = EntityMention(m.name, "date")
        elif alias_of is not None and m.type == "work":
            # a note's alias quoted (`Calls Brannoc "Captain" until Ch07, then "Bran".`) is its name
            # quoted, no title of a work: the note's entity takes no type from it (heuristic rules 14)
            m = EntityMention(m.name, "name")
        longer = () if parts and m.name in parts else \
            sorted(name for name, key in names.items() if key != normalise_key(m.name, m.type))
        n = _occurrences(lower, m.name, longer)
        yearless = normalise_key(m.name, "date") if day and m.type == "date" and alias_of is None else ""
        if slashed and m.type == "date" and m.name in slashed and alias_of is None:
            m = EntityMention(slashed[m.name], "date")
        elif yearless.startswith("date:--"):
            # counted as written, named and keyed by the day it is (its ISO form, as naming.display_name names a date)
            m = EntityMention(dated_day(yearless[5:], day) or m.name, "date")
        res = resolver.resolve(m.name, m.type, alias_of)
        if res is None:
            continue
        if parts and m.name in parts and _form_pattern(without_invisibles(m.name).lower()).spans(
                full_name := without_invisibles(parts[m.name]).lower()):
            # where it stands alone: `Kahneman` in `Daniel Kahneman` is his once; `JO`, `Tom B` are never written
            # inside Janet Okoro, Tom Becker (fixSN)
            n = max(1, n - len(_form_pattern(full_name).findall(lower)))
        pe = planned.get(res.key)
        rank = type_rank(m.name, res.type)
        if pe is None:
            pe = planned[res.key] = PlannedEntity(res.key, res.name, res.type, 0, rank=rank)
        elif rank > pe.rank:  # "#atlas" then [[Atlas]]: the name's type (naming.type_rank)
            pe.type, pe.rank = res.type, rank
        pe.count += n
        pe.forms[m.name] = pe.forms.get(m.name, 0) + n
        pe.merges[m.name] = res.merge
    return list(planned.values())


def _names_a_note(m: EntityMention, joined: dict[str, str] | None) -> bool:
    """Is `m` the name of a note its folder joins aliases to (`joined`: joined_names)? Such a name after a title is
    that note's own (`title: Prof. Anna Keller` beside `aliases: [Anna Keller]`), no titled alias (heuristic rules
    28)."""
    if not joined:
        return False
    key = normalise_key(m.name, m.type)
    return any(target == key for target in joined.values())


def _first_chunks(notes: Iterable[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """(folder, path, index of its first chunk) of the notes that have chunks,
    from (folder, path, number of chunks) of notes whose chunks follow one another."""
    out, i = [], 0
    for root, path, n in notes:
        if n:
            out.append((root, path, i))
        i += n
    return out


def _plan_relations(text: str, entities: list[PlannedEntity],
                    limit: int) -> list[tuple[list[str], str, int, int]]:
    """Sentences that join two or more (non-date) entities: (keys, relation
    text, sentence start, sentence end)."""
    if limit <= 0:
        return []
    named = [e for e in entities if e.type != "date"]
    forms = {e.key: [without_invisibles(f).lower() for f in e.forms] for e in named}
    found = []
    for start, end in _sentences(text):
        sentence = text[start:end]
        low = without_invisibles(sentence).lower()
        keys = [e for e in named if any(f in low for f in forms[e.key])]
        if len(keys) >= 2:
            names = " | ".join(e.name for e in keys[:6])
            found.append(([e.key for e in keys[:6]], f"{names} :: {sentence[:400]}", start, end))
    found.sort(key=lambda kv: -len(kv[0]))
    return found[:limit]


@dataclass
class _GroupVectors:
    """The vectors one embedder call made for a group of files."""

    chunks: dict[str, bytes]  # chunk_titles.vector_hash -> int8 vector (reused ones included)
    names: dict[str, bytes]  # name of a new entity -> int8 name vector
    relations: dict[str, bytes]  # relation text -> 12-bit vector


def _embed_group(run: _Run, embedded: list[tuple[str, str]], planned_entities, planned_relations, *,
                 kept: bool = False) -> _GroupVectors:
    """One embedder call for the group: new chunk texts (`embedded`: each
    chunk's (chunk_titles.vector_hash, embedded_text)), new entity names,
    relation sentences. With `kept` (a re-extraction), sentences whose
    vectors store.clear_graph kept are not embedded again, and no name is:
    the entities are named once every note is written (_reextract)."""
    conn, summary = run.conn, run.summary
    reuse = store.vectors_by_chunk_hash(conn, (h for h, _t in embedded))
    summary.reused_vectors += sum(1 for h, _t in embedded if h in reuse)
    chunk_texts = list({h: t for h, t in embedded if h not in reuse}.items())
    new_names = {}
    if not kept:
        # only the keys this group names: reading every entity key per group grows with the index
        known_keys = set(store.rows_by_key(conn, list({pe.key for pes in planned_entities for pe in pes})))
        for pes in planned_entities:
            for pe in pes:
                if pe.key not in known_keys and pe.key not in new_names:
                    # the name the entity is likely to bear once written (store.refresh_entities)
                    new_names[pe.key] = chosen_name(own_forms((form, n, pe.merges.get(form)) for form, n
                                                           in pe.forms.items()), pe.type) or pe.name
    relation_texts = sorted({rel[1] for rels in planned_relations for rel in rels})
    rel_vec: dict[str, bytes] = {}
    if kept:
        by_key = store.kept_vectors(conn, [sentence_key(t) for t in relation_texts])
        rel_vec = {t: by_key[sentence_key(t)] for t in relation_texts if sentence_key(t) in by_key}
        relation_texts = [t for t in relation_texts if t not in rel_vec]
        if run.deferred_sentences is not None:  # embedded when every note is in, if still held
            run.deferred_sentences.update((sentence_key(t), t) for t in relation_texts)
            rel_vec.update((t, store.UNEMBEDDED) for t in relation_texts)
            relation_texts = []
    new_names = list(dict.fromkeys(new_names.values()))  # the vector of a name, whatever entity bears it
    texts = [t for _h, t in chunk_texts] + new_names + relation_texts
    if texts or not kept:
        _embedding_phase(run, texts)
    vectors = _embed_texts(run, texts)
    codec = run.codec
    chunk_vec = dict(reuse)
    for i, (h, _t) in enumerate(chunk_texts):
        chunk_vec[h] = codec.int8(vectors[i])
    off = len(chunk_texts)
    name_vec = {name: codec.int8(vectors[off + i]) for i, name in enumerate(new_names)}
    off += len(new_names)
    rel_vec.update({t: codec.pack12(vectors[off + i]) for i, t in enumerate(relation_texts)})
    return _GroupVectors(chunk_vec, name_vec, rel_vec)


def _embedding_phase(run: _Run, texts: Sequence[str]) -> None:
    """The progress line before `texts` are embedded: the first call loads the model (seconds); the bar's width is
    short for saying both."""
    loaded = getattr(run.embedder, "loaded", True) or not texts
    run.progress.phase(f"embedding 0/{len(texts)} texts" if loaded else "loading the embedding model")


def _embed_texts(run: _Run, texts: Sequence[str]):
    """The vectors of `texts` (none: []), counted in the summary and the progress line."""
    vectors = embed_counting(run.embedder, texts,
                             lambda n: run.progress.phase(f"embedding {n}/{len(texts)} texts")) if texts else []
    run.summary.embedded += len(texts)
    return vectors


def _embed_deferred_sentences(run: _Run) -> None:
    """Embed the relation sentences a re-extraction deferred (_Run.deferred_sentences) that the graph holds
    once every note is in, inside its transaction; the others are gone with the relations that had them."""
    keys = store.unembedded_sentences(run.conn)
    texts = [run.deferred_sentences[key] for key in keys]
    if texts:
        _embedding_phase(run, texts)
    store.set_sentence_vectors(run.conn, {key: run.codec.pack12(vector)
                                          for key, vector in zip(keys, _embed_texts(run, texts), strict=True)})


def _name_vectors(run: _Run, vectors: _GroupVectors | None = None) -> NameVectors:
    """The group's name vectors (none outside a group), and the embedder for a name it lacks."""

    def embed_missing(names: list[str]) -> list[bytes]:
        run.summary.embedded += len(names)
        return [run.codec.int8(v) for v in run.embedder.embed(names)]

    return NameVectors(dict(vectors.names) if vectors else {}, embed_missing)


def _plan_chunk(chunk: Chunk, vector: bytes, entities: list[PlannedEntity],
                relations: list[tuple[list[str], str, int, int]], vectors: _GroupVectors,
                spans: list[tuple[str, str]] | None = None, vector_key: str | None = None) -> PlannedChunk:
    """A chunk as the store writes it: one relation per pair of the entities a sentence joins; `spans` the spans of
    days it writes (notespans.chunk_spans: chunk_spans rows, rules 28); `vector_key` the hash of what its `vector`
    embeds (chunk_titles.vector_hash; None: a re-extraction's, whose chunks keep theirs)."""
    rels = [PlannedRelation(keys[a], keys[b], sentence_key(text), vectors.relations[text], start, end)
            for keys, text, start, end in relations
            for a in range(len(keys)) for b in range(a + 1, len(keys))]
    return PlannedChunk(chunk, vector, entities, rels, spans or [], vector_key)


def _flush(run: _Run, root: Path, group: list[_Pending]) -> None:
    """Extract, resolve, embed and write a group of files (one transaction per file)."""
    all_chunks = [c for p in group for c in p.chunks]
    run.progress.phase(f"extracting entities ({run.extraction.extractor.name})")
    for p in group:
        p.folder = run.folders.get(str(root))
    mentions = run.extraction.run(group)
    handles = _note_handles([p.chunks for p in group], mentions)
    _name_notes(run.extraction.extractor, _first_chunks((str(root), p.note.path, len(p.chunks)) for p in group),
                mentions, run.shared_names, run.linked, run.aliases)
    holds = _add_known(run.known, all_chunks, mentions)
    if run.known_notes is None:  # not recorded: any note holding CJK text may make names known
        if holds:
            _cjk_changed(run)
    else:
        if holds and not run.cjk_changed and dbmod.get_meta(run.conn, dbmod.KNOWN_CJK_NOTES_KEY) is None:
            # the first CJK note of an index with none before, even one that makes no name known:
            # recorded (_know_anew), or every later sync would read every CJK note again
            _cjk_changed(run)
        for p in group:
            known = _note_known(p.chunks)
            if known != run.known_notes.get((str(root), p.note.path), {}):
                run.known_notes[(str(root), p.note.path)] = known
                _cjk_changed(run)
            elif (p.old_id is not None and not run.cjk_changed and _known_none(run)
                  and not any(CJK_RUN.search(c.text) for c in p.chunks) and store.holds_cjk(run.conn, p.old_id)):
                _cjk_changed(run)  # its CJK text gone, maybe the last: as a note removed (_remove_gone)
    joined = run.joined.get(str(root))
    prose = _prose_texts([(p.chunks, p.note.path) for p in group])
    _add_known_words(run, [(str(root), p.note.path, len(p.chunks)) for p in group], prose, mentions)
    handles = _cite_authors([(p.matter, len(p.chunks)) for p in group], mentions, prose, handles)
    parts = _note_name_parts([p.chunks for p in group], [p.matter for p in group], mentions, run.resolver)
    forms = alias_forms(run.aliases.get(str(root), {}), joined)
    # each note's head and the days of its dated sections, found once: its entities' dates, then its write
    heads = [store.note_head(p.text, p.matter, dated_path(str(root), p.note.path),
                             p.chunks[0].text if p.chunks else "", p.note.path) for p in group]
    days = [chunk_days(p.chunks, p.text, p.note.path) for p in group]
    note_dates = [_chunk_dates(p.chunks, note_days, head, p.note.path, str(root))
                  for p, head, note_days in zip(group, heads, days, strict=True)]
    dates = [d for ds in note_dates for d in ds]
    slashed = [settled for p, ds, head, note_days in zip(group, note_dates, heads, days, strict=True)
               for settled in _settled_days(p.chunks, p.note.path, ds, run.day_order,
                                            _edited_days(p.matter, head, str(root), p.note.path, note_days,
                                                         len(p.chunks)))]
    planned_entities = [_plan_entities(text, m, run.resolver, joined, h, forms, s, d, days)
                        for text, m, h, s, d, days in zip(prose, mentions, handles, parts, dates, slashed, strict=True)]
    planned_relations = [_plan_relations(c.text, pe, run.options.relation_sentences)
                         for c, pe in zip(all_chunks, planned_entities)]
    titles = [embedded_title(str(root), p.note.path) for p in group]
    embedded = [vector_input(c.text, title) for p, title in zip(group, titles, strict=True) for c in p.chunks]
    vectors = _embed_group(run, embedded, planned_entities, planned_relations)
    run.extraction.drain()  # the answers the model finished while this group was embedded
    names = _name_vectors(run, vectors)
    run.progress.phase("writing")
    i = 0
    for pending, head, note_days in zip(group, heads, days, strict=True):
        planned = []
        for c in pending.chunks:
            planned.append(_plan_chunk(c, vectors.chunks[embedded[i][0]], planned_entities[i], planned_relations[i],
                                       vectors, chunk_spans(prose[i], dates[i], slashed[i]), embedded[i][0]))
            i += 1
        renamed = _write_pending(run, root, pending, planned, names, head, note_days)
        if renamed:  # the notes after it were resolved to the old keys
            _rekey_plans(planned_entities[i:], planned_relations[i:], renamed)
        run.extraction.wrote()
    if outgrown(run.conn):  # a first sync of a large folder: larger vec0 blocks now, not at the end
        with dbmod.transaction(run.conn):
            fit_tables(run.conn)


def _rekey_plans(planned_entities: list[list[PlannedEntity]], planned_relations: list[list[tuple]],
                 renamed: dict[str, str]) -> None:
    """Have the plans of a group's notes not yet written name the entities a
    written one keyed anew (`renamed`: {old key: new key}, store.refresh_entities)
    by their new keys, the merge of their forms as the resolver now gives it
    ('exact' for a form of the new key, 'fuzzy' for one of the old), or the
    old key would make a second entity."""
    for pes in planned_entities:
        for pe in pes:
            if pe.key not in renamed:
                continue
            old, pe.key = pe.key, renamed[pe.key]
            for form, merge in pe.merges.items():
                if merge != "alias" and normalise_key(form) in (old, pe.key):
                    pe.merges[form] = "exact" if normalise_key(form) == pe.key else "fuzzy"
    for rels in planned_relations:
        for keys, *_rest in rels:
            keys[:] = [renamed.get(k, k) for k in keys]


def _write_pending(run: _Run, root: Path, pending: _Pending, planned: list[PlannedChunk],
                   names: NameVectors, head: str | None, days: list[str] | None) -> dict[str, str]:
    """Write one note (its own transaction), with its `head` (store.note_head) and its chunks' `days`
    (sections.chunk_days), as _flush found them; returns {old key: new key} of
    the entities it keyed anew (store.refresh_entities), the resolver following."""
    note = pending.note
    aliases = run.aliases.get(str(root))
    if aliases is not None and (aliases.get(note.path) or []) != note_aliases(pending.text, note.path):
        # edited since _aliases_now read it: the next sync reads its aliases from the index
        aliases[note.path] = None
    record = DocumentRecord(str(root), note.path, pending.hash, note.size, note.mtime, line_count(pending.text))
    with dbmod.transaction(run.conn):
        _record_stale(run)
        _doc_id, gone, renamed = store.write_document(run.conn, record, planned, names, head, days,
                                             chunk_books([pc.chunk for pc in planned], pending.text))
        _record_build(run)
    run.written_warnings.setdefault(str(root), {})[note.path] = run.read_now.get(note.path, [])
    # counted as soon as it is committed: the summary of a sync stopped now (interrupted_summary) says it
    summary = run.summary
    if pending.is_new:
        summary.added += 1
        summary.added_paths.append(note.path)
    else:
        summary.changed += 1
        summary.changed_paths.append(note.path)
    summary.chunks += len(pending.chunks)
    run.build = {}
    if run.on_first_note is not None:
        first_note, run.on_first_note = run.on_first_note, None
        first_note()
    run.resolver.forget(gone)
    run.resolver.rename(renamed)
    if run.link_targets is not None:  # what linked_names reads of it, from the chunks as written
        keys = pending.link_keys if pending.link_keys is not None else \
            note_link_keys(pending.chunks, note.path, dendron_note(pending.matter))
        if keys:
            run.link_targets[note.path] = keys
        else:
            run.link_targets.pop(note.path, None)
    run.progress.advance(1, len(pending.chunks))
    return renamed


def rebuild(conn) -> None:
    """Empty the index (documents, graph, vectors, embedder record) but keep the
    extraction cache, so a rebuild never pays the model twice."""
    with dbmod.transaction(conn):
        store.empty_index(conn, dbmod.VEC_TABLES)


def rebuild_path(db_path: Path) -> Path:
    """`<index>.rebuild`, beside the real file (as the lock: the same whichever link reached it)."""
    return Path(os.path.realpath(db_path) + dbmod.REBUILD_SUFFIX)


@contextlib.contextmanager
def rebuilding(conn, db_path: Path) -> Iterator[object]:
    """`sync --rebuild`: the connection to build the new index in. An index
    that holds notes is rebuilt aside, in `<index>.rebuild`: a copy of it
    emptied as `rebuild` empties it (the extraction cache, the judge's
    verdicts and the other meta kept; verdicts another process wrote into
    the index meanwhile are taken along), copied back over the index when
    the build is complete, in one write transaction on `conn` (SQLite's
    backup API). Queries in other connections see the whole old index until
    then and the whole new one after: no file is renamed or replaced under
    them (which SQLite does not survive), so WAL and its side files work as
    for any commit.
    Interrupted, the index stays as it was and keeps the model answers the
    rebuild paid for (extraction cache). An index without notes is emptied
    in place. The caller holds sync_lock and has removed an unfinished
    rebuild's copy (discard_unfinished_rebuild, which every sync runs
    first). The copy needs the index's size again in free disk, twice while
    it is copied back (the WAL holds it)."""
    if store.totals(conn)[2] == 0:
        rebuild(conn)
        yield conn
        return
    aside = rebuild_path(db_path)
    foreign = _not_a_rebuild_copy(aside)
    if foreign:  # SQLite would fail on a folder, or write through a link or over a file mrag did not make
        raise DatabaseError(f"{aside} is {foreign}: `mrag sync --rebuild` builds the new index in a file of that "
                            "name, beside the index.",
                            hint="Move it or remove it (mrag never deletes what it did not make), then run the "
                                 "rebuild again; the index is as it was.")
    build = None
    copied_back = False
    try:
        copy = dbmod.sqlite_module().connect(str(aside))
        try:
            conn.backup(copy)  # pages as they are: no extension needed, readers undisturbed
        finally:
            copy.close()
        build = dbmod.connect(aside)
        rebuild(build)
        yield build
        store.keep_chunkless_answers(build, str(db_path))  # judged while it was built: copied back, kept
        build.backup(conn)
        copied_back = True
        build.close()
        build = None
        _remove_index_files(aside)
    except KeyboardInterrupt as exc:
        if copied_back:  # the new index is in place: only the copy's files are left, removed below
            raise
        # "everything committed so far is kept" would promise the notes the rebuild wrote aside
        raise Interrupted("interrupted before the rebuild was complete: the index is as it was before it "
                          "(the model answers the rebuild paid for are kept).", kept=False) from exc
    except Exception as exc:
        full = exc if isinstance(exc, NoRoom) else dbmod.explain_sqlite_error(exc, index=db_path)
        if copied_back or not isinstance(full, NoRoom):
            raise
        # "everything committed before is kept" would promise the notes the rebuild wrote aside, and
        # the room a rebuild needs is more than the notes' own: say how much
        raise NoRoom(f"No room to rebuild the index: {str(full).removeprefix('No room to write the index: ')}",
                     hint=f"A rebuild needs free disk beside the index for about two more copies of it "
                          f"({_rebuild_room(db_path)}); free some space and run it again. The index is as it "
                          "was before it.") from exc
    finally:
        if build is not None:
            build.close()
        discard_unfinished_rebuild(conn, db_path)  # interrupted: the index as it was, plus the answers


def _rebuild_room(db_path: Path) -> str:
    """About the free disk a rebuild of the index at `db_path` needs: twice its
    size (in MB, as format.human_bytes writes it: sync may not import format)."""
    size = sum(os.path.getsize(p) for p in dbmod.sqlite_files(db_path)[:2] if os.path.isfile(p))
    return f"about {max(2 * size / 2**20, 0.1):.1f} MB"


def discard_unfinished_rebuild(conn, db_path: Path) -> None:
    """Remove what a rebuild interrupted or killed left beside the index,
    keeping the model answers it holds in the index's extraction cache
    (best effort: the answers are only a cache). The caller holds sync_lock."""
    aside = rebuild_path(db_path)
    if not aside.exists() or _not_a_rebuild_copy(aside):  # not ours: left alone (a rebuild refuses it)
        return
    with contextlib.suppress(Exception):  # damaged or from another version: its answers are lost, nothing else
        dbmod.connect(aside).close()  # recovers a killed build's WAL and migrates it like the index
        store.merge_extraction_cache(conn, str(aside))
    _remove_index_files(aside)


def _not_a_rebuild_copy(aside: Path) -> str | None:
    """What is at `<index>.rebuild` when it is not what a rebuild leaves there
    (an SQLite file, or an empty one made just before it was stopped): "a
    folder", "a symlink", ...; None for a copy, or nothing."""
    if os.path.islink(aside):
        return "a symlink"
    try:
        if not aside.exists():
            return None
        if aside.is_dir():
            return "a folder"
        if not aside.is_file():
            return "not a regular file"
        head = dbmod.file_head(aside)
    except OSError as exc:
        return f"a file that cannot be read ({exc.strerror or exc})"
    return None if head in (b"", dbmod.SQLITE_HEADER) else "a file that is not an SQLite database"


def _remove_index_files(path: Path) -> None:
    for name in dbmod.sqlite_files(path):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)
