"""Questions about what links to a note: the notes that link to it first, the note itself below them.

"which notes link to the affliction note?" put the note itself first and the four notes that write
`[[202611201012]]` or `[[202611201012 Weil on affliction]]` from 6th down: nothing in a question's words or vector
tells a note that links to X from X (qazettel, session 57). Obsidian's, Logseq's, Foam's and The Archive's users
ask for a note's backlinks so (asked_link_target): "what links to X", "which notes link to X", "notes linking to
X", "does anything link to X", "backlinks for X", "where do I link to X", "what points to X", "where is X linked from", and "which notes
mention [[X]]" (a wikilink typed whole: a mention of a note so written is a link to it).

X is the note `mrag show` finds by that name (store.lookup._notes_named: its file name, the end of its path, a
Zettelkasten ID or a zettel's title, `[[X]]`), else a note described by its words ("the affliction note"): the
best ranked of the first `_DESCRIBED_POOL` results' notes whose file name or title holds every one of them. The
notes linking to it are those with a chunk that mentions the note's own entity (heuristic.note_name: what a link
to it names) and whose links (heuristic.link_targets: wikilinks, Markdown links) name that note; a note that only
writes its name in prose is no backlink, as in Obsidian. They move first (their best ranked chunk, or their first
linking chunk when no channel found one), in the order the channels ranked them; the asked note follows (its
first chunk when no channel found it); the other results keep their order. No note named, or none linking to it:
nothing moves (commands/ask.py says the latter).

Not read so: "what's the link to the zoom call", "link to the booking", "send me the link to the form" (a link
asked for, not a note's backlinks), "how are Weil and Murdoch linked", "the link between weil and murdoch", "what
links Weil to Murdoch" (a relation between two things), "which notes mention hopkins" (mentions, not links: only
a `[[wikilink]]` typed whole makes a mention question a backlink one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NOTES = r"(?:notes?|pages?|zettels?|cards?|files?|docs?|documents?|entries|entry)"
_LINKS = r"(?:links?|linked|linking|points?|pointing|pointed|backlinks?|backlinking)"
_BE = r"(?:(?:do|does|did|is|are|was|were|have|has|had)\s+)?(?:ever\s+|still\s+|also\s+)?"
_ASK = r"(?:(?:show|list|find|give|get|tell)\s+(?:me\s+)?|(?:can|could)\s+you\s+(?:show|list|find)\s+(?:me\s+)?)?"
_ALL = r"(?:(?:all|any|every)\s+(?:of\s+)?)?(?:the\s+|my\s+)?(?:other\s+)?"
_X = r"(?P<x>.+?)"
_END = r"\s*[?.!]*\s*$"
_MENTION = r"(?:mentions?|mentioning|mentioned|cites?|citing|cited|references?|referencing|referenced)"
_WIKILINK = r"(?P<x>!?\[\[[^\[\]\n]+\]\])"

_ASKED = [re.compile(p, re.IGNORECASE) for p in (
    # "what links to X", "which notes link to X", "which pages are linking to X", "who points back to X"
    rf"^{_ASK}(?:what|which|who)(?:\s+{_ALL}{_NOTES})?\s+{_BE}{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "notes linking to X", "show me all the notes that link to X", "list pages which point to X"
    rf"^{_ASK}{_ALL}{_NOTES}\s+(?:that\s+|which\s+)?{_BE}{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "does anything link to X", "do any notes link back to X", "is anything else pointing to X"
    rf"^(?:does|do|is|are)\s+(?:anything|anyone|any\s+(?:other\s+)?{_NOTES})\s+(?:else\s+)?{_LINKS}\s+(?:back\s+)?to\s+"
    rf"{_X}{_END}",
    # "backlinks for X", "what are the backlinks of X", "show the backlinks to X"
    rf"^{_ASK}(?:(?:what|which)\s+(?:are|is)\s+|what's\s+|whats\s+)?{_ALL}backlinks?\s+(?:for|to|of|on)\s+{_X}{_END}",
    # "where do I link to X", "where have I linked to X", "where did we point to X"
    rf"^where\s+(?:do|did|have|had)\s+(?:i|we)\s+(?:ever\s+)?{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "where is X linked from", "where is X linked", "where is X backlinked"
    rf"^where\s+(?:is|was|has|have)\s+{_X}\s+(?:been\s+)?(?:linked|backlinked|linked\s+to)(?:\s+from)?{_END}",
    # "which notes mention [[X]]", "what cites [[X]]", "notes mentioning [[X]]": a wikilink typed whole
    rf"^{_ASK}(?:(?:what|which|who)(?:\s+{_ALL}{_NOTES})?|{_ALL}{_NOTES}(?:\s+that|\s+which)?)\s+{_BE}{_MENTION}"
    rf"\s+{_WIKILINK}{_END}",
)]

# what a question adds to the name of the note it asks about: "the affliction note", "my Atlas page", "X in my vault"
_LEAD = re.compile(r"^(?:the|my|our|this|that)\s+", re.IGNORECASE)
_TAIL = re.compile(r"\s+(?:in|of|across|from)\s+(?:my|the|our)\s+(?:notes|vault|zettelkasten|graph|kb|wiki)$"
                   r"|\s+(?:note|page|zettel|card|file)$", re.IGNORECASE)
_QUOTES = "\"'`\u201c\u201d\u2018\u2019"
_WORD = re.compile(r"\w+")
# a note described by its words ("the affliction note"): looked for among the notes of the first results
_DESCRIBED_POOL = 10


def asked_link_target(question: str) -> str | None:
    """The name of the note whose backlinks `question` asks for (module docstring), as typed without what the
    question adds to it ("the", "note"); None for any other question."""
    text = " ".join(question.split())
    for pattern in _ASKED:
        m = pattern.match(text)
        if m is not None:
            name = m.group("x").strip().strip(_QUOTES).strip()
            if name.startswith("[["):
                return name
            for _ in range(2):  # "the affliction note in my vault"
                name = _TAIL.sub("", _LEAD.sub("", name)).strip().strip(_QUOTES).strip()
            return name or None
    return None


@dataclass
class Linked:
    """What reorder did: the asked note (`name` as the question typed it, `path` the note found, `by` "name" when
    `mrag show` finds it so, "words" when described), the notes linking to it [(chunk id, path)] as placed first."""

    name: str
    path: str
    by: str
    linking: list[tuple[int, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"name": self.name, "note": self.path, "by": self.by, "linking": [p for _c, p in self.linking]}


def _described_note(name: str, rows: dict[int, tuple], titles: dict[int, str], hits) -> str | None:
    """The path of the best ranked note of the first _DESCRIBED_POOL results' notes whose file name or title holds
    every word of `name` ("affliction" for `202611201012 Weil on affliction.md`), else None."""
    words = {w.casefold() for w in _WORD.findall(name)}
    if not words:
        return None
    seen: list[str] = []
    for h in hits:
        row = rows.get(h.chunk_id)
        if row is None or row[1] in seen:
            continue
        seen.append(row[1])
        held = {w.casefold() for w in _WORD.findall(f"{row[1]} {titles.get(h.chunk_id, '')}")}
        if words <= held:
            return row[1]
        if len(seen) >= _DESCRIBED_POOL:
            break
    return None


def asked_note(conn, name: str, hits) -> tuple[str, str] | None:
    """(path, how found: "name" or "words") of the note `name` names (module docstring), else None. Of several
    notes one name finds, the best ranked in `hits`."""
    from minirag_cli.store import search as store
    from minirag_cli.store.answers import note_titles
    from minirag_cli.store.lookup import _notes_named

    rows = store.result_rows(conn, [h.chunk_id for h in hits])
    named = _notes_named(conn, name)
    if len(named) == 1:
        return named[0], "name"
    if named:
        ranked = [rows[h.chunk_id][1] for h in hits if h.chunk_id in rows and rows[h.chunk_id][1] in named]
        return (ranked[0], "name") if ranked else None
    if name.startswith("[["):
        return None
    described = _described_note(name, rows, note_titles(conn, [h.chunk_id for h in hits[:_DESCRIBED_POOL * 4]]),
                                hits[:_DESCRIBED_POOL * 4])
    return (described, "words") if described is not None else None


def linking_chunks(conn, path: str) -> dict[str, list[int]]:
    """{path: its chunk ids in order} of the other notes with a chunk that links to the note at `path`: one that
    mentions the note's own entity (heuristic.note_name) and one of whose links names that note as `mrag show` would
    find it (store.lookup._notes_named)."""
    from minirag_cli.extract.heuristic import link_targets, note_name
    from minirag_cli.store.lookup import _notes_named
    from minirag_cli.store.search import entity_chunks_elsewhere
    from minirag_cli.text import normalise_key

    own = note_name(path)
    if own is None:
        return {}
    candidates = entity_chunks_elsewhere(conn, normalise_key(own.name, own.type), path)
    found: dict[str, list[int]] = {}
    named: dict[str, bool] = {}  # a link's target -> it names the note at `path`
    for chunk, text, other, _seq in candidates:
        for target in link_targets(text):
            if target.name not in named:
                named[target.name] = path in _notes_named(conn, target.name)
            if named[target.name]:
                found.setdefault(other, []).append(chunk)
                break
    return found


def reorder(conn, question: str, hits: list, hit_type) -> tuple[list, Linked | None]:
    """`hits` (the fused results, best first) with the notes linking to the note `question` asks the backlinks of
    first and that note after them (module docstring), and what was done; (`hits`, None) for any other question or
    a note not found. `hit_type`: retrieve.Hit, for a linking chunk no channel found."""
    name = asked_link_target(question)
    if name is None or not hits:
        return hits, None
    found = asked_note(conn, name, hits)
    if found is None:
        return hits, None
    path, by = found
    linked = Linked(name, path, by)
    linking = linking_chunks(conn, path)
    if not linking:
        return hits, linked
    from minirag_cli.store import search as store

    rows = store.result_rows(conn, [h.chunk_id for h in hits])
    of_hit = {h.chunk_id: rows[h.chunk_id][1] for h in hits if h.chunk_id in rows}
    first: dict[str, object] = {}  # linking note -> its best ranked hit
    for h in hits:
        note = of_hit.get(h.chunk_id)
        if note in linking and note not in first and h.chunk_id in linking[note]:
            first[note] = h
    for note, chunks in sorted(linking.items()):
        if note not in first:  # linking, found by no channel (or by another of its chunks): its first linking chunk
            first[note] = next((h for h in hits if h.chunk_id == chunks[0]), None) or hit_type(chunks[0])
    moved = list(first.values())
    own = next((h for h in hits if of_hit.get(h.chunk_id) == path), None)
    if own is None:  # found by its name, by no channel: its first chunk
        chunk = store.first_chunk_at(conn, path)
        own = hit_type(chunk) if chunk is not None else None
    if own is not None:
        moved.append(own)
    for place, h in enumerate(moved[:len(first)], start=1):
        h.channels["links"] = {"score": round(1 / place, 6), "to": path}
    linked.linking = [(h.chunk_id, note) for note, h in first.items()]
    ids = {id(h) for h in moved}
    return moved + [h for h in hits if id(h) not in ids], linked
