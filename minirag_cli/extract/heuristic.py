"""The no-model extractor: capitalised spans, chat speakers, CamelCase handles,
quoted titles, #tags, @handles and dates. What a fresh machine uses until a
GGUF model is configured.

A text that opens with front matter (frontmatter.py) is read without its
keys (`title:`, `Tags:` name nothing): its `tags:` are the #tags they would
be in the text; a `title:` or `aliases:` value names the note, and is a name
when a quoted title would be a work (1 to 8 words, one capitalised; of a kind
the heuristics cannot tell: a person's page, a trip, a project); the other
values are read as text (a `date:` is a date, `author: Jane Doe` a name).
Sync gives each chunk the part of its note's block it holds (`extract`'s
`matters`): a chunk is never read for a block of its own.

A wikilink (Obsidian, Logseq, Foam: `[[Trip to Lisbon]]`, `![[...]]`
embeds, in the text or a front matter value, not in code) names the note it links to,
whole and as a name: its target as written, without folder, `#heading`,
`^block`, `|shown text` (read as text) or `.md`. A Markdown note's own file
name, when it is a title as a front matter title must be, is the same name
(`note_name`: sync adds it to the note's first chunk), so the link and the
note it targets share an entity and the graph joins them. A date is left to
the date rules (`[[2024-05-01]]`, Logseq's `[[May 1st, 2024]]`), and a daily
note whose file name is a date (`2024-05-01.md`, Logseq's
`journals/2024_05_01.md`, Dendron's `daily.journal.2024.05.01.md`, Obsidian's
`2024-05-01 Wednesday.md`: text.daily_date) is named by that date entity, as a
link to such a name is; no note is named by its timestamp (`20260922_1700.txt`)
or a lower-case file name."""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import PurePosixPath
from typing import Sequence

from minirag_cli import frontmatter
from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.mdcode import code_ranges, inside
from minirag_cli.text import MONTH_WORDS, daily_date, file_date, find_dates, without_invisibles

# The version of what this extractor outputs, recorded in the index (meta
# `heuristic_version`) by every sync that builds it. Bump it with ANY change to
# the names or types `extract_one` returns for some text, here or in what it
# calls (text.find_dates, MONTH_WORDS, COMMON_WORDS...); a change that returns
# the same names for every text (speed, refactoring) keeps it. A sync of an
# index built with another version re-extracts every note's entities
# (sync.py, `_reextract`), so an upgrade gives the whole graph the new rules.
# The llm extractor reads SPEAKER, speaker_tag and COMMON_WORDS too
# (extract/llm.py: model_view, complete): an index it built is told to rebuild.
# 1: names start with a capital of any cased script ("Émile Zola"); indexes
#    that record no version were built before it.
# 2: a note's YAML front matter is read for its values (keys are no names,
#    `tags:` are #tags, a `title:` is one name); `2024-05-01T14:30` is a date;
#    a name is read without the zero width characters pasted into it. (A
#    front matter's title and date line head its chunks' header,
#    store.document_header, in place of `---`: the re-extraction rewrites
#    headers too.) A `[[wikilink]]` names its target, whole (no fragments,
#    no #tag from `[[#Heading]]`), and a Markdown note's first chunk names
#    the note by its file name when that is a title (`note_name`, added by
#    sync).
# 3: a note's front matter is read once, from the note (sync.chunk_parts), not
#    from each chunk: a block longer than a chunk is front matter in every
#    chunk it covers (its keys no names, its tags #tags, the header its title
#    and date), and a later chunk that opens with `---`, `key: value` lines and
#    `---` is text (its keys, chat speakers, are names again). A `[[link]]` in
#    an inline code span, a fenced block or a Markdown note's indented block
#    (read in the note's context, sync.read_in_context) is no link (mdcode.py), and a note
#    whose file name is a date (`2024-05-01.md`) carries that date (note_name),
#    as do other tools' daily notes (text.daily_date: Logseq's 2024_05_01,
#    Dendron's daily.journal.2024.05.01, a weekday with the date), which a
#    link to such a name is too.
VERSION = 3


def rules_update(recorded: str | int | None, extractor: str | None) -> str | None:
    """What an index with notes whose entities come from the heuristic rules
    `recorded` (meta heuristic_version; None: older than version 1) needs
    under this mrag's VERSION: None when they are these rules; "sync" for an
    index the heuristic built (the next sync extracts every note anew from
    its chunks, sync._reextract); "rebuild" for one a model built (its
    windows and `complete` use these rules, so only `sync --rebuild` extracts
    anew, reusing the model's cached answers). The one decision that sync,
    doctor and status each word for their own output."""
    if recorded is not None and str(recorded) == str(VERSION):
        return None
    return "rebuild" if str(extractor or "heuristic").startswith("llm") else "sync"

MONTHS = MONTH_WORDS  # full names, abbreviations and "sept" (text.py)

# Words that are capitalised because they start a sentence or are "I", not
# because they name something. Lower-cased.
COMMON_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i i'd i'll i'm i've if in into is it it's its itself just let
let's me more most my myself no nor not now of off on once only or other our ours ourselves out over own
same she should so some such than that that's the their theirs them themselves then there these they this
those through to too under until up very was we we're we've were what when where which while who whom why
will with would you you're you've your yours yourself yourselves yes yeah yep nope ok okay oh hey hi hello
thanks thank sure great awesome cool nice wow well maybe perhaps absolutely definitely sounds sound good
glad sorry please hope haha lol totally exactly right alright anyway also actually honestly plus speaking
let's what's how's that's there's here's it's i'll we'll you'll they'll he's she's time date subject from to
cc re fwd note notes todo done tbd however therefore meanwhile also first second third next last finally
today tomorrow yesterday tonight morning evening afternoon night day week month year weekend
monday tuesday wednesday thursday friday saturday sunday
can't don't won't isn't aren't wasn't weren't didn't doesn't haven't hasn't couldn't shouldn't wouldn't
do does did looking looks look just got get gets getting make makes made take takes took need needs
remember maybe btw fyi dear best regards cheers love see talk catch bye goodbye morning congrats
""".split())
COMMON_WORDS = COMMON_WORDS | frozenset(MONTHS)
# kept at the end of a span: "Lunar New Year", "Independence Day"
TIME_WORDS = frozenset("day week month year night morning evening weekend".split())

# Every cased letter lies in planes 0 and 1 (planes 2 and 3 hold CJK ideographs,
# 14 tags, 15 and 16 private use); tests/test_bad_input.py checks this against the
# running Python's Unicode database.
CASED_PLANES_END = 0x20000


def letter_classes(*groups: frozenset[str]) -> list[str]:
    """One regex character class per group of Unicode general categories
    (`re` has no \\p{Lu}): ranges of the code points below CASED_PLANES_END
    in those categories, found at import (20-60 ms on these machines)."""
    categories = list(map(unicodedata.category, map(chr, range(CASED_PLANES_END))))
    classes = []
    for group in groups:
        spans: list[list[int]] = []
        for cp in [cp for cp, cat in enumerate(categories) if cat in group]:
            if spans and spans[-1][1] == cp - 1:
                spans[-1][1] = cp
            else:
                spans.append([cp, cp])
        classes.append("[" + "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                                     for a, b in spans) + "]")
    return classes


# Capitals and small letters of every script that has case: "Émile Zola",
# "Ødegaard", "Łódź" and "Ärzte" start names as "Bob" does. Titlecase letters
# (Lt: the digraph "ǅ") start a capitalised word too.
UPPER, LOWER = letter_classes(frozenset({"Lu", "Lt"}), frozenset({"Ll"}))
_CAP_WORD = rf"{UPPER}[\w'’&-]*"
_CONNECT = r"(?:of|de|da|del|van|von|der|la|le|du|the)"
# A name starts where `\b` would start it, or after Markdown's `_` or `__`
# emphasis (`_Bob Marley_`: `_` is a word character, so `\b` saw no start
# there), but not inside an identifier (`snake_Case`).
_NAME_START = r"(?<![^\W_])(?<![^\W_]_)(?<![^\W_]__)"
_NAME_END = r"(?![^\W_])"
# Between a name's words: spaces and tabs, and the no-break spaces (U+00A0, narrow U+202F)
# that text pasted from the web, Word or Apple Notes puts there ("Rosa\u00a0Diaz")
_GAP = "[ \t\u00a0\u202f]+"
CAP_SPAN = re.compile(rf"{_NAME_START}{_CAP_WORD}(?:{_GAP}(?:{_CONNECT}{_GAP})?{_CAP_WORD}){{0,4}}")
CAMEL = re.compile(rf"{_NAME_START}{UPPER}{LOWER}+(?:{UPPER}{LOWER}+)+{_NAME_END}")
SPEAKER = re.compile(rf"^\s*({UPPER}[\w.'’ -]{{0,40}}?):\s", re.MULTILINE)
QUOTED = re.compile(r"[\"“]([^\"“”\n]{2,60})[\"”]")
# a tag or handle starts with a letter of any script ("#Zürich", "@Øyvind")
HASHTAG = re.compile(r"(?<![\w#])#([^\W\d_][\w/-]{1,40})")
HANDLE = re.compile(r"(?<![\w@])@([^\W\d_][\w.-]{1,30}[^\W_])")
# front matter keys whose values are the note's tags, and its names
TAG_KEYS = ("tags", "tag")
TITLE_KEYS = ("title", "aliases", "alias")
# `[[target#heading^block|shown text]]`, `![[...]]` an embed: one line, no
# brackets inside (Obsidian allows none of `[ ] | # ^` in a note's name). A
# target longer than any file name is no link.
WIKILINK = re.compile(r"!?\[\[([^\[\]\n]{1,255})\]\]")
# an embed's target that is a file, not a note
ATTACHMENT = re.compile(r"\.(?:png|jpe?g|gif|bmp|svg|webp|avif|tiff?|heic|pdf|mp[34]|m4a|wav|ogg|flac|webm|mov|mkv|"
                        r"avi|canvas|excalidraw|base)$", re.IGNORECASE)
# the notes wikilinks link to (a `.txt` note is named by no link)
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*|[\"“(]\s*)$")
# Trimmed off both ends of a name: spacing and punctuation no name starts or
# ends with. The backslash is an escaped quote's (`"Bobby \"Tables\""` quoted
# `Bobby \`), `*`, `_` and `` ` `` are Markdown's (`_Bob Marley_` spanned
# `Marley_`). Brackets are not, as a title may end in one ("Songs (Live)").
NAME_EDGES = " \t-–—'’.,;:!?\\/*_|~`"


def speaker_tag(line: str) -> re.Match | None:
    """The `Name:` that opens a chat line ("LiHua: ..."), when it names a
    speaker (not a common word like "Note:"): what `extract.llm.complete`
    adds as a person and what timeline.py takes for a reply's speaker."""
    m = SPEAKER.match(line)
    if m and m.group(1).strip().lower() not in COMMON_WORDS and len(m.group(1).split()) <= 4:
        return m
    return None


def _named(name: str) -> str | None:
    """`name` as a mention names it (its edges trimmed), or None: shorter than
    two characters, or a common word."""
    name = name.strip(NAME_EDGES)
    if len(name) < 2 or name.lower().replace("’", "'") in COMMON_WORDS:
        return None
    return name


def link_target(target: str) -> EntityMention | None:
    """What a wikilink's target (what `[[` and `|` or `]]` hold) links to:
    the note its last path part names, without `#heading`, `^block` or
    `.md`, a name; a daily note's date (`[[2024-05-01]]`, `[[May 1st,
    2024]]`, `[[journals/2024_05_01]]`, `[[daily.journal.2024.05.01]]`:
    text.daily_date), the date its note_name is; None for a link into the
    same note (`[[#Heading]]`), to an attachment (`![[photo.png]]`) or to
    another name without a letter."""
    target = re.split(r"[#^]", target, maxsplit=1)[0].rsplit("/", 1)[-1].strip()
    if ATTACHMENT.search(target):
        return None
    if target.lower().endswith(MARKDOWN_SUFFIXES):
        target = target.rsplit(".", 1)[0]
    date = daily_date(target)
    if date is not None:
        return EntityMention(date[0], "date")
    if not re.search(r"[^\W\d_]", target) or any(surface == target for surface, _iso in find_dates(target)):
        return None
    name = _named(target)
    return EntityMention(name, "name") if name is not None else None


def link_name(target: str) -> str | None:
    """The note a wikilink's target names (link_target), None for a date."""
    found = link_target(target)
    return found.name if found is not None and found.type == "name" else None


def wikilinks(text: str) -> list[tuple[int, int, EntityMention | None]]:
    """(start, end, what it links to or None: link_target) of each wikilink's target in
    `text`: from after `[[` to its `|` or `]]` (the shown text after `|`
    is the text's). A `[[...]]` in a code span or a fenced code block
    (mdcode.py) is written about, not followed: its target names nothing,
    neither the note nor, read as text, its words (`[[Harbour Hall]]` in an
    example of the syntax names no Harbour Hall)."""
    if "[[" not in text:
        return []
    code = code_ranges(text)
    out = []
    for m in WIKILINK.finditer(text):
        target = m.group(1).split("|", 1)[0]
        name = None if code and inside(code, m.start()) else link_target(target)
        out.append((m.start(1), m.start(1) + len(target), name))
    return out


def _strip_possessive(span: str) -> str:
    return re.sub(r"['’]s$", "", span)


def _is_title(title: str) -> bool:
    """A quoted text that names a work (a front matter title that names
    something): 1 to 8 words, one capitalised."""
    words = title.split()
    return 1 <= len(words) <= 8 and any(w[:1].isupper() for w in words)


def read_front_matter(text: str, found=frontmatter.OWN) -> tuple[str, list[str], list[str]]:
    """(the text to read, the front matter's tags, its titles): the text with
    its front matter replaced by the block's other values, one a line, keys
    left out (llm.complete reads its speakers there). `found`: the front
    matter `text` holds, its `end` an offset into `text` (a chunk's part of
    its note's block, frontmatter.FrontMatter.part), None for none (a chunk
    past its note's block: read as written, whatever it opens with); not
    given, `text` is a note of its own, read with the block it opens with."""
    if found is frontmatter.OWN:
        found = frontmatter.parse(text)
    if found is None:
        return text, [], []
    tags = [t for v in found.values(*TAG_KEYS) for t in re.split(r"[\s,]+", v) if t]
    titles = found.values(*TITLE_KEYS)
    values = [v for e in found.entries if e.key.lower() not in TAG_KEYS + TITLE_KEYS for v in e.values]
    return "\n".join(values) + "\n\n" + text[found.end:], tags, titles


class HeuristicExtractor:
    name = "heuristic"
    cache_id = None  # cheaper to recompute than to look up

    def extract(self, texts: Sequence[str], matters: Sequence | None = None) -> list[list[EntityMention]]:
        """Each text's names. `matters`: for each text (a chunk), the part of
        its note's front matter it holds (read_front_matter), None for none;
        not given, each text is a note of its own."""
        if matters is None:
            return [self.extract_one(t) for t in texts]
        return [self.extract_one(t, m) for t, m in zip(texts, matters, strict=True)]

    def extract_one(self, text: str, matter=frontmatter.OWN) -> list[EntityMention]:
        """The names in `text`, read with `matter` for its front matter (read_front_matter)."""
        # read as if typed without the invisible characters pasted text carries ("Li\u200bHua" is
        # LiHua, not Li and Hua); sync counts the names in the text read the same way. A chunk's
        # part of its note's block has its end at an offset into the text as written: the
        # characters go once the block is read.
        own = matter is frontmatter.OWN
        if own:
            text = without_invisibles(text)
        text, tags, names = read_front_matter(text, matter)
        if not own:
            text = without_invisibles(text)
            tags, names = [without_invisibles(t) for t in tags], [without_invisibles(n) for n in names]
        out: dict[str, EntityMention] = {}

        def add(name: str, type_: str) -> None:
            name = _named(name)
            if name is None:
                return
            key = name.lower()
            if key not in out or (out[key].type == "name" and type_ != "name"):
                out[key] = EntityMention(name, type_)

        speakers = set()
        titles: list[str] = []
        for m in SPEAKER.finditer(text):
            span = m.group(1).strip()
            if span.lower() in COMMON_WORDS or len(span.split()) > 4:
                continue
            speakers.add(span)
            add(span, "person")
        for m in CAMEL.finditer(text):
            add(m.group(0), "person" if m.group(0) in speakers else "name")
        for m in HANDLE.finditer(text):
            add("@" + m.group(1), "person")
        for tag in tags:  # a front matter tag, with its # or without
            m = HASHTAG.fullmatch("#" + tag.removeprefix("#"))
            if m:
                add("#" + m.group(1), "concept")
        links = wikilinks(text)
        for m in HASHTAG.finditer(text):
            if not _inside(links, m.start()):  # `[[#Heading]]` links a heading, it tags nothing
                add("#" + m.group(1), "concept")
        for name in names:  # the note's title: read whole, never in fragments
            if _is_title(name):
                add(name, "name")
        for _start, _end, target in links:  # the note linked to: read whole, never in fragments
            if target is not None:
                add(target.name, target.type)
        for m in QUOTED.finditer(text):
            title = m.group(1).strip()
            if _is_title(title):
                titles.append(title)
                add(title, "work")
        for surface, _iso in find_dates(text):
            add(surface, "date")
        for m in CAP_SPAN.finditer(text):
            if links and _inside(links, m.start()):
                continue  # a part of a link's target (named whole above), its heading or block
            span = _strip_possessive(m.group(0))
            words = span.split()
            # drop leading words that are only capitalised as a sentence start
            while words and words[0].lower().replace("’", "'") in COMMON_WORDS:
                words = words[1:]
            while words and (words[-1].lower().replace("’", "'") in COMMON_WORDS - TIME_WORDS
                             or re.search(r"['’](re|ll|ve|d|m|t)$", words[-1])):
                words = words[:-1]
            if not words:
                continue
            span = " ".join(words)
            if span in speakers or span.lower() in MONTHS:
                continue
            at_sentence_start = words[0] == m.group(0).split()[0] and SENTENCE_START.search(text[:m.start()])
            if len(words) == 1 and at_sentence_start and not _capitalised_elsewhere(text, words[0], m.start()):
                # a lone capitalised word opening a sentence names something
                # only if the text capitalises it mid-sentence too
                continue
            if any(span.lower() in t.lower() and span != t for t in titles):
                continue  # a fragment of a quoted title
            if CAMEL.fullmatch(span):
                continue  # already added as a handle
            add(span, "name")
        return list(out.values())

    @staticmethod
    def note_name(path: str) -> EntityMention | None:
        """See `note_name` (sync names a note so whatever the extractor, sync._note_namer)."""
        return note_name(path)


def link_targets(text: str) -> list[EntityMention]:
    """What the links of `text` link to (names of notes, daily notes'
    dates), read as the extractor reads a text (its front matter's values,
    without invisible characters): what the llm extractor adds to its
    model's names (extract/llm.py `complete`)."""
    text = without_invisibles(text)
    if "[[" not in text:
        return []
    return [target for _start, _end, target in wikilinks(read_front_matter(text)[0]) if target is not None]


def note_name(path: str) -> EntityMention | None:
    """The name a Markdown note at `path` is linked to by, `[[Trip to
    Lisbon]]` for `trips/Trip to Lisbon.md`: what sync adds to the
    mentions of the note's first chunk (the extractor reads chunks, not
    paths), so that a link joins the linking note to the linked one.
    A daily note, whose file name is a date with its year
    (`journal/2024-05-01.md`, `20240501.txt`: a `.txt` too; Logseq's
    `journals/2024_05_01.md`, Dendron's `daily.journal.2024.05.01.md`,
    `2024-05-01 Wednesday.md`: text.daily_date), is named by that date, the
    date entity `[[2024-05-01]]`, Logseq's `[[May 1st, 2024]]` and the
    text's "May 1, 2024" are (text.normalise_key). None for other
    notes (`.txt`: LiHua's `20260922_1700.txt`, a timestamp and no
    date), for a file name that names nothing by the link rules and for
    one that is no title (lower case: `trip-to-lisbon.md`)."""
    file = PurePosixPath(path)
    date = file_date(without_invisibles(file.name))
    if date is not None:
        return EntityMention(date[0], "date")
    if not file.name.lower().endswith(MARKDOWN_SUFFIXES):
        return None
    name = link_name(without_invisibles(file.name))
    # a title, as a front matter title must be: Obsidian shows the file
    # name as the note's title; `wolfgang-schulz.md` or `todo.md` names
    # no entity (one per note, lower-case and spelled as no text spells it)
    return EntityMention(name, "name") if name is not None and _is_title(name) else None


def _inside(links: list[tuple[int, int, EntityMention | None]], pos: int) -> bool:
    return any(start <= pos < end for start, end, _name in links)


@functools.lru_cache(maxsize=8192)
def _whole_word(word: str) -> re.Pattern:
    # re's own cache holds 512 patterns; one per capitalised word thrashes it
    return re.compile(rf"\b{re.escape(word)}\b")


def _capitalised_elsewhere(text: str, word: str, pos: int) -> bool:
    for m in _whole_word(word).finditer(text):
        if m.start() != pos and not SENTENCE_START.search(text[:m.start()]):
            return True
    return False
