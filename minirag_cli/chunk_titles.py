"""The note title a chunk's vector embeds before the chunk's text (readers 18).

A page of an outliner or a wiki is often titled by its file name alone: Logseq's `pages/Northwind Foods.md`
opens with `type:: customer` / `owner:: [[Priya Nair]]` lines and never says "Northwind", so its chunks' vectors
knew nothing of what the page is about, and `what does northwind want` found it 18th of 42 on the dense channel
(cosine 0.056; 0.346 with the title in front). A chunk of such a note is embedded as its note's title, a line end
and its text; the text stored, shown and indexed by BM25 is the chunk's own, unchanged. The title is the name
the note is linked by (heuristic.note_name: `Northwind Foods`, `kitchen renovation` of `kitchen-renovation.md`),
not a date (a daily note's, `journals/2026_12_07.md`), a Zettelkasten id (`202612041530.md`; the words of
`202612041530 Sourdough starter.md` without it), a citation key, a period (`2026-W45`) or a generic name
(`Inbox`, `Meeting notes`: wordlists.GENERIC_TITLES), which say nothing a question asks for; nor one the
chunk's text already writes (`# Northwind Foods`, "Amara Okafor" in
`amara-okafor.md`): its vector has it. A plain text note (`.txt`) has no title (note_name: LiHua's
`20260922_1700.txt`).

The index's `chunks.hash` is the hash of what the chunk's vector embeds (vector_hash): its text's for a chunk
with no title, as every index before readers 18 holds, so vectors are reused by it (store.vectors_by_chunk_hash)
only where they embed the same title and text, never across two notes of one text and different titles."""

from __future__ import annotations

import functools
import re

from minirag_cli.chunking import content_hash
from minirag_cli.text import dated_path, file_period
from minirag_cli.wordlists import GENERIC_TITLES

_NOT_WORD = re.compile(r"[\W_]+")


@functools.lru_cache(maxsize=1 << 14)
def embedded_title(root: str, path: str) -> str | None:
    """The title the vectors of the chunks of the note at `path` (relative to its synced folder `root`) embed
    before their text, or None (module doc)."""
    from minirag_cli.extract.heuristic import CITEKEY, ZETTEL_ID
    from minirag_cli.extract.heuristic import note_name
    from minirag_cli.topicnotes import without_days

    name = note_name(dated_path(root, path))
    if name is None or name.type == "date":
        return None
    title = without_days(name.name).strip()  # `202612041530 Sourdough starter`: its words, not its id
    if (ZETTEL_ID.fullmatch(title) or CITEKEY.fullmatch(title) or file_period(path) is not None
            or not re.search(r"[^\W\d_]", title)):
        return None
    words = " ".join(w for w in _words(title).split() if not w.isdigit())
    if words in GENERIC_TITLES or words.rstrip("s") in GENERIC_TITLES:
        return None
    return title


def _words(text: str) -> str:
    """`text` in lower case, its words apart by one blank, nothing else."""
    return _NOT_WORD.sub(" ", text.lower()).strip()


def embedded_text(text: str, title: str | None) -> str:
    """What the vector of a chunk of text `text` of a note titled `title` (embedded_title) embeds: the title,
    a line end and the text, unless the text writes the title already (its words in a row, case and punctuation
    aside)."""
    if not title:
        return text
    if f" {_words(title)} " in f" {_words(text)} ":
        return text
    return f"{title}\n{text}"


def vector_hash(text: str, title: str | None) -> str:
    """The hash of what a chunk's vector embeds (embedded_text), as `chunks.hash` holds it: its text's own
    (chunking.Chunk.hash) for a chunk with no title."""
    return vector_input(text, title)[0]


def vector_input(text: str, title: str | None) -> tuple[str, str]:
    """(vector_hash, embedded_text) of a chunk of text `text` of a note titled `title`: what its vector embeds,
    read once (the sync wants both, and embedded_text reads the whole text for the title)."""
    what = embedded_text(text, title)
    return content_hash(what.encode("utf-8")), what
