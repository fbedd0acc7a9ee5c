"""Questions about what links to a note: the notes that link to it first, the note itself below them.

"which notes link to the affliction note?" put the note itself first and the four notes that write
`[[202611201012]]` or `[[202611201012 Weil on affliction]]` from 6th down: nothing in a question's words or vector
tells a note that links to X from X (qazettel, session 57). Obsidian's, Logseq's, Foam's and The Archive's users
ask for a note's backlinks so (asked_link_target): "what links to X", "which notes link to X", "notes linking to
X", "does anything link to X", "backlinks for X", "where do I link to X", "where is X linked from", and "which notes
mention [[X]]" (a wikilink typed whole: a mention of a note so written is a link to it).

X is the note `mrag show` finds by that name (store.lookup._notes_named: its file name, the end of its path, a
Zettelkasten ID or a zettel's title, `[[X]]`), else a note described by its words ("the affliction note"): the
best ranked of the first `_DESCRIBED_POOL` results' notes whose file name or title holds every one of them. The
notes linking to it are those with a chunk that mentions the note's own entity (heuristic.note_name: what a link
to it names) and whose links (heuristic.link_targets: wikilinks, Markdown links) name that note; a note that only
writes its name in prose is no backlink, as in Obsidian. They move first (their best ranked chunk, or their first
linking chunk when no channel found one), in the order the channels ranked them; the asked note follows (its
first chunk when no channel found it); the other results keep their order. At most k - 1 move, so the asked note
stays in the list of k. No note named, two notes of the name asked (`Projects/Atlas.md`, `Archive/Atlas.md`: the
question does not say which), or none linking to it: nothing moves (commands/ask.py says the latter two).

Not read so: "what's the link to the zoom call", "link to the booking", "send me the link to the form" (a link
asked for, not a note's backlinks), "how are Weil and Murdoch linked", "the link between weil and murdoch", "what
links Weil to Murdoch" (a relation between two things), "which notes mention hopkins" (mentions, not links: only
a `[[wikilink]]` typed whole makes a mention question a backlink one). Nor "what pointed to the outage?", "what
points to burnout?", "what is linked to my Google account?", "who is linked to the Enron case?" (evidence, relations: session 57's review
found "points to" and "is linked to" so more often than as backlinks), nor "what links to it?" (no note's name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NOTES = r"(?:notes?|pages?|zettels?|cards?|files?|docs?|documents?|entries|entry)"
# "points to", "pointed to", "is linked to" are no backlinks words alone: "what pointed to the outage?", "what points to
# burnout?", "who is linked to the Enron case?" ask for evidence and relations (review of session 57); after a word for
# notes ("which notes are linked to X") they are
_LINKS = r"(?:links?|linked|linking|backlinks?|backlinking)"
_BARE_LINKS = r"(?:links|(?:(?:does|do|did)\s+(?:ever\s+|still\s+|also\s+)?)link|backlinks)"
_BE = r"(?:(?:do|does|did|is|are|was|were|have|has|had)\s+)?(?:ever\s+|still\s+|also\s+)?"
_ASK = r"(?:(?:show|list|find|give|get|tell)\s+(?:me\s+)?|(?:can|could)\s+you\s+(?:show|list|find)\s+(?:me\s+)?)?"
_ALL = r"(?:(?:all|any|every)\s+(?:of\s+)?)?(?:the\s+|my\s+)?(?:other\s+)?"
_X = r"(?P<x>.+?)"
_END = r"\s*[?.!]*\s*$"
_MENTION = r"(?:mentions?|mentioning|mentioned|cites?|citing|cited|references?|referencing|referenced)"
_WIKILINK = r"(?P<x>!?\[\[[^\[\]\n]+\]\])"

_ASKED = [re.compile(p, re.IGNORECASE) for p in (
    # "which notes link to X", "which pages are linking to X", "what notes are linked to X"
    rf"^{_ASK}(?:what|which)\s+{_ALL}{_NOTES}\s+{_BE}{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "what links to X", "what else links back to X", "what does link to X" (not "what is linked to my account")
    rf"^{_ASK}what\s+(?:else\s+)?{_BARE_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "notes linking to X", "show me all the notes that link to X", "list pages which are linked to X"
    rf"^{_ASK}{_ALL}{_NOTES}\s+(?:that\s+|which\s+)?{_BE}{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "does anything link to X", "do any notes link back to X", "are any pages linking to X" (not "is anything
    # linked to my account", "does anyone link to X": a relation, a person)
    rf"^(?:does|do)\s+(?:anything|any\s+(?:other\s+)?{_NOTES})\s+(?:else\s+)?link\s+(?:back\s+)?to\s+{_X}{_END}",
    rf"^(?:is|are)\s+any\s+(?:other\s+)?{_NOTES}\s+(?:else\s+)?(?:linked|linking)\s+(?:back\s+)?to\s+{_X}{_END}",
    # "backlinks for X", "what are the backlinks of X", "show the backlinks to X"
    rf"^{_ASK}(?:(?:what|which)\s+(?:are|is)\s+|what's\s+|whats\s+)?{_ALL}backlinks?\s+(?:for|to|of|on)\s+{_X}{_END}",
    # "where do I link to X", "where have I linked to X"
    rf"^where\s+(?:do|did|have|had)\s+(?:i|we)\s+(?:ever\s+)?{_LINKS}\s+(?:back\s+)?to\s+{_X}{_END}",
    # "where is X linked from", "where is X backlinked" (not "where is X linked to": its own links)
    rf"^where\s+(?:is|was|has|have)\s+{_X}\s+(?:been\s+)?(?:linked\s+from|backlinked(?:\s+from)?){_END}",
    # "which notes mention [[X]]", "what cites [[X]]", "notes mentioning [[X]]": a wikilink typed whole
    rf"^{_ASK}(?:(?:what|which|who)(?:\s+{_ALL}{_NOTES})?|{_ALL}{_NOTES}(?:\s+that|\s+which)?)\s+{_BE}{_MENTION}"
    rf"\s+{_WIKILINK}{_END}",
)]

# what a question adds to the name of the note it asks about: "the affliction note", "my Atlas page", "X in my vault"
_LEAD = re.compile(r"^(?:the|my|our|this|that)\s+", re.IGNORECASE)
_WHERE = re.compile(r"\s+(?:in|of|across|from)\s+(?:my|the|our)\s+(?:notes|vault|zettelkasten|graph|kb|wiki)$",
                    re.IGNORECASE)
# a kind word after a name: "the affliction note", "my Atlas page"; also a name's own last word ("Index card", "Home
# page", "config file"): stripped only when no note has the whole name (name_forms)
_KIND = re.compile(r"\s+(?:note|page|zettel|card|file|entry)$", re.IGNORECASE)
# "what links to it?": no note's name
_PRONOUNS = {"it", "this", "that", "them", "these", "those", "here", "there"}
_QUOTES = "\"'`\u201c\u201d\u2018\u2019"
_WORD = re.compile(r"\w+")
# a note described by its words ("the affliction note"): looked for among the notes of the first results
_DESCRIBED_POOL = 10


def name_forms(name: str) -> list[str]:
    """The names `name` (asked_link_target's) may be of a note, the whole first: "Index card", then "Index"."""
    bare = _KIND.sub("", name).strip()
    return [name, bare] if bare and bare != name and bare.casefold() not in _PRONOUNS else [name]


def asked_link_target(question: str) -> str | None:
    """The name of the note whose backlinks `question` asks for (module docstring), as typed without what the
    question adds to it ("the", "in my vault"; a kind word, "note", is cut by name_forms only when the whole names
    no note); None for any other question."""
    text = " ".join(question.split())
    for pattern in _ASKED:
        m = pattern.match(text)
        if m is not None:
            name = m.group("x").strip().strip(_QUOTES).strip()
            if name.startswith("[["):
                return name
            for _ in range(2):  # "the affliction note in my vault"
                name = _WHERE.sub("", _LEAD.sub("", name)).strip().strip(_QUOTES).strip()
            return name if name and name.casefold() not in _PRONOUNS else None
    return None


@dataclass
class Linked:
    """What reorder did: the asked note (`name` as the question typed it, `path` the note found, `by` "name" when
    `mrag show` finds it so, "words" when described), the notes linking to it [(chunk id, path)] as placed first
    (`total` of them link to it; at most k - 1 are placed so the note itself stays in the list); `same_name`: the
    notes of that name when the question does not say which (nothing moves)."""

    name: str
    path: str
    by: str
    linking: list[tuple[int, str]] = field(default_factory=list)
    total: int = 0
    same_name: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"name": self.name, "note": self.path, "by": self.by, "linking": [p for _c, p in self.linking],
                "total": self.total, "same_name": self.same_name}


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


def asked_note(conn, name: str, hits) -> tuple[str, str, list[str]] | None:
    """(path, how found: "name" or "words", the notes of that name when several) of the note `name` names (module
    docstring; the whole name first, "Index card", then without its kind word, "Index": name_forms), else None. Of
    several notes one name finds (`Projects/Atlas.md`, `Archive/Atlas.md`), the best ranked in `hits`, with them all:
    the question does not say which (a folder typed, "Projects/Atlas", does)."""
    from minirag_cli.store import search as store
    from minirag_cli.store.answers import note_titles
    from minirag_cli.store.lookup import _notes_named

    rows = store.result_rows(conn, [h.chunk_id for h in hits])
    forms = name_forms(name)
    for form in forms:
        named = _notes_named(conn, form)
        if len(named) == 1:
            return named[0], "name", []
        if named:
            ranked = [rows[h.chunk_id][1] for h in hits if h.chunk_id in rows and rows[h.chunk_id][1] in named]
            return (ranked[0] if ranked else named[0]), "name", named
    if name.startswith("[["):
        return None
    described = _described_note(forms[-1], rows, note_titles(conn, [h.chunk_id for h in hits[:_DESCRIBED_POOL * 4]]),
                                hits[:_DESCRIBED_POOL * 4])
    return (described, "words", []) if described is not None else None


def _squashed(text: str) -> str:
    """`text` casefolded with only its letters and digits: what a link's target must hold of a note's path to name it
    (linking_chunks' sieve before store.lookup._notes_named)."""
    import unicodedata
    import urllib.parse

    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFC", urllib.parse.unquote(text)).casefold())


def _unquoted(text: str) -> str:
    """`text` casefolded, a Markdown link's `%20` as a blank."""
    import urllib.parse

    return urllib.parse.unquote(text).casefold()


def linking_chunks(conn, path: str) -> dict[str, list[int]]:
    """{path: its chunk ids in order} of the other notes with a chunk that links to the note at `path`: one that
    mentions the note's own entity (heuristic.note_name, or linkable_name for `ideas.md`: what a link to it names)
    and one of whose links names that note alone as `mrag show` would find it (store.lookup._notes_named: a link
    `[[Atlas]]` with `Projects/Atlas.md` and `Archive/Atlas.md` names neither, a chunk writing `[[Archive/Atlas`
    or `](Archive/Atlas.md)` the one). Only a
    link whose letters are in the note's path is looked up (a daily note's or an ID zettel's: every link), so a
    journal's hundreds of `[[Person]]` links cost no lookup each."""
    from minirag_cli.extract.heuristic import link_targets, linkable_name, note_name
    from minirag_cli.store.lookup import _notes_named
    from minirag_cli.store.search import entity_chunks_elsewhere
    from minirag_cli.text import normalise_key

    own = note_name(path) or linkable_name(path)
    if own is None:
        return {}
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    sieve = None if own.type == "date" or stem.isdigit() else _squashed(path)
    candidates = entity_chunks_elsewhere(conn, normalise_key(own.name, own.type), path)
    found: dict[str, list[int]] = {}
    named: dict[str, list[str]] = {}  # a link's target -> the notes it names, when the note at `path` is one
    # `[[Archive/Atlas`, `](../Archive/Atlas.md)`: a link's folder, which link_targets keeps not
    folder_links = ("[[" + path.rsplit(".", 1)[0].casefold(), "/" + path.casefold() + ")", "(" + path.casefold() + ")")
    for chunk, text, other, _seq in candidates:
        for target in link_targets(text):
            if target.name not in named:
                squashed = _squashed(target.name)
                named[target.name] = _notes_named(conn, target.name) \
                    if sieve is None or (squashed and squashed in sieve) else []
            notes = named[target.name]
            if notes == [path] or (path in notes and any(f in _unquoted(text) for f in folder_links)):
                found.setdefault(other, []).append(chunk)
                break
    return found


def reorder(conn, question: str, hits: list, hit_type, k: int) -> tuple[list, Linked | None]:
    """`hits` (the fused results, best first) with the notes linking to the note `question` asks the backlinks of
    first, at most `k` - 1 of them, and that note after them (module docstring), and what was done; (`hits`, None)
    for any other question or a note not found; nothing moves when several notes have the name asked and the
    question does not say which (Linked.same_name). `hit_type`: retrieve.Hit, for a linking chunk no channel found."""
    name = asked_link_target(question)
    if name is None or not hits:
        return hits, None
    found = asked_note(conn, name, hits)
    if found is None:
        return hits, None
    path, by, same_name = found
    linked = Linked(name, path, by, same_name=same_name)
    if same_name:
        return hits, linked
    linking = linking_chunks(conn, path)
    linked.total = len(linking)
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
    shown = list(first.items())[:max(k - 1, 1)]  # the asked note stays in the list of k
    moved = [h for _note, h in shown]
    own = next((h for h in hits if of_hit.get(h.chunk_id) == path), None)
    if own is None:  # found by its name, by no channel: its first chunk
        chunk = store.first_chunk_at(conn, path)
        own = hit_type(chunk) if chunk is not None else None
    for place, h in enumerate(moved, start=1):
        h.channels["links"] = {"score": round(1 / place, 6), "to": path}
    linked.linking = [(h.chunk_id, note) for note, h in shown]
    if own is not None:
        moved.append(own)
    ids = {id(h) for h in moved}
    return moved + [h for h in hits if id(h) not in ids], linked
