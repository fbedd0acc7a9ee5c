"""Front matter: the YAML block a note may open with (Obsidian properties,
Jekyll and Hugo pages), read for what the index uses of it: which lines
are keys, the values each key holds, and the line that dates the note.

```
---
title: Trip to Lisbon
date: 2024-05-01 14:30
tags: [travel, family]
---
```

A text opens with front matter when its first line is `---` (trailing
spaces, a byte order mark and a Windows line end allowed), a later line
`---` or `...` closes the block, and every line between is of the YAML that
notes hold: `key: value`, a list item (`- item`), an indented line (a nested
key, a list item or a continued value: part of the key above), a comment
or a blank line. Anything else (no closing line, prose between two
horizontal rules) is no front matter and `parse` returns None: the text is
read as it is written, nothing of it skipped.

Not a YAML parser: values are strings as written, a flow list (`[a, b]`)
split at its commas, quotes taken off; no anchors, no types. The note's
text (and so its chunks, what BM25 and the embedder read, and `mrag show`)
keeps the block as it is; only the readers here skip its keys.

A note's chunks are searched with a header (store.document_header) that
opens with the note's first line; `head` is what a note that opens with
front matter has there instead of `---`: its title and its date line,
`Trip to Lisbon · date: 2024-05-01 14:30`, which `head_date_line` finds
again (store.note_heads: the date line the answer sources are headed with).

The block is a note's, not a chunk's: sync reads it once from the note's
text (`of_note`) and gives each chunk the part of it the chunk holds
(`FrontMatter.part`): a block longer than a chunk is read across the chunks
it covers, each value in the chunks that hold its line, and a later chunk
that happens to open with `---`, `key: value` lines and `---` is text. A
text read alone (the extractors' `extract_one`, `complete`) is a note of its
own: OWN, its front matter the block it opens with.

Hugo writes its front matter in TOML too, between two `+++` lines (`title = "Rate limits"`,
`date = 2026-11-03T10:00:00Z`, `tags = ["api"]`): `_parse_toml` reads it into entries of the same
kind (a `[params]` table's keys as `params.author`), and `date_line` gives its date as the YAML
line (`date: 2026-11-03T10:00:00Z`) the headers hold.

Logseq writes the same properties as `key:: value` lines (`title::
Gardening`, `tags:: hobby, garden`, `alias:: Veg patch`): a page's first
lines, or a block's under its bullet (`- Plays bass` then `  collapsed::
true`). `properties` reads them as entries of the same kind, so the
extractor gives them the meaning their front matter keys have.

What a snippet shows of a chunk (`snippet_text`) is here too: the chunk without the front matter it
opens with, without the marks and metadata lines that say nothing to a reader; every snippet of mrag
(`ask`'s results, the graph page's notes and results) is made by it.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import functools
import itertools
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from minirag_cli.extract import roam
from minirag_cli.text import MONTHS, daily_date, iso_date

OPEN = "---"
CLOSE = ("---", "...")
# Hugo's other front matter: TOML between `+++` lines (`title = "Rate limits"`, `date =
# 2026-11-03T10:00:00Z`, `tags = ["api"]`), read into entries as the YAML block's are (_parse_toml)
TOML_FENCE = "+++"
# the keys whose value dates a note, in order of preference: Jekyll's and
# Hugo's `date`, then Obsidian's `created`
DATE_KEYS = ("date", "created")
# the keys whose value is the day a note was last edited (Joplin's and Obsidian plugins' `updated`, `modified`, Hugo's
# `lastmod`): the end of the span a running note writes its days over (FrontMatter.edited_day, heuristic rules 32)
EDITED_KEYS = ("updated", "modified", "lastmod", "last_modified", "last-modified", "date modified", "updated_at")

# a top-level key: not indented, not a list item, comment or quoted key; the
# key ends at the first ": " (or ":" ending the line), so `title: Re: lunch` is `title`
# key, `:` and value, the key and value without the blanks around them.
# Each is to the last character no blank (not `[^:]*?\s*:` and `(.*?)\s*$`,
# which tried `\s*` again from each character: a value or a key of long
# runs of blanks took time growing with their square).
_KEY = re.compile(r"^([^\s#\-\[\]{}'\"|>!&*%@`,?:](?:[^:]*[^:\s])?)\s*:(?:[ \t]+((?:.*\S)?))?\s*$")
_ITEM = re.compile(r"^-(?:[ \t]+((?:.*\S)?))?\s*$")
_NESTED = re.compile(r"^[^\s#\-'\"][^:]*?:(?:[ \t]+((?:.*\S)?))?\s*$")  # `name: Jane` under `author:` (stripped)
# a value that is a date (unquoted): YAML's 2024-05-01, with a time or not, or 20240501
_DATE_VALUE = re.compile(r"^(?:19|20)\d\d-?(?:0[1-9]|1[0-2])-?(?:0[1-9]|[12]\d|3[01])(?!\d)")
# between a head's title and its date line (`head`)
HEAD_SEP = " · "
# what a text read alone is given for its front matter (read_front_matter,
# the extractors): it is a note of its own, read with the block it opens with
OWN = object()


@dataclass(frozen=True)
class Entry:
    key: str  # as written
    line: str  # the key's line as written (no line end)
    values: tuple[str, ...]  # its value, a flow list's items, the list items and lines under it; unquoted
    # the (start, end) in the parsed text of the line each value is on (its line end and trailing blanks left out)
    spans: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class FrontMatter:
    entries: tuple[Entry, ...]
    end: int  # offset in the text just past the closing line (and its line end)

    def part(self, start: int, end: int) -> FrontMatter | None:
        """What the span [start, end) of the text (a chunk of the note) holds
        of the block: the values on the lines it overlaps, under their keys
        (an `aliases:` list a chunk holds the end of is still aliases), and
        `end` the block's end as an offset into the span (0 to its length:
        the span's text after it is the note's body). None when the span
        begins past the block: nothing of it is front matter, whatever it
        opens with."""
        if start >= self.end:
            return None
        entries = []
        reach, later = self._reach
        # from the first entry with a line past `start` to the last with one before `end`: each
        # chunk of a block of thousands of keys went through all of them (quadratic)
        for i in range(bisect.bisect_right(reach, start), len(self.entries)):
            if later[i] >= end:
                break
            e = self.entries[i]
            held = [(v, s) for v, s in zip(e.values, e.spans) if s[0] < end and start < s[1]]
            if held:
                entries.append(Entry(e.key, e.line, tuple(v for v, _s in held), tuple(s for _v, s in held)))
        return FrontMatter(tuple(entries), min(self.end, end) - start if end > start else 0)

    @functools.cached_property
    def _reach(self) -> tuple[list[int], list[float]]:
        """(the furthest end of the value lines of each entry and those before it, the
        first start of those of each entry and those after it): the entries `part` reads."""
        reach = list(itertools.accumulate((max((b for _a, b in e.spans), default=-1) for e in self.entries), max))
        firsts = [min((a for a, _b in e.spans), default=math.inf) for e in self.entries]
        later = list(itertools.accumulate(reversed(firsts), min))[::-1]
        return reach, later

    def values(self, *keys: str) -> list[str]:
        """The values of the entries with one of `keys` (any case), in order."""
        wanted = {k.lower() for k in keys}
        return [v for e in self.entries if e.key.lower() in wanted for v in e.values]

    def date_line(self, keys: tuple[str, ...] = DATE_KEYS) -> str:
        """The line of the first key of `keys` (DATE_KEYS) whose value is a date
        (`date: 2024-05-01`, `created: 2024-05-01T14:30`), '' when none is. A
        `created:` in epoch milliseconds, as Dendron writes it (`created:
        1793696400000`), is a date too: its line is written with the local day and
        time it is (epoch_ms_line: `created: 2026-11-03 06:00`)."""
        for key, e in _keyed(self.entries, keys):
            if e.values and _DATE_VALUE.match(e.values[0]):
                # Hugo's TOML `date = 2026-11-03T10:00:00Z` as the YAML line the headers hold
                return e.line if _KEY.match(e.line) else f"{e.key}: {e.values[0]}"
            if key == "created" and len(e.values) == 1 and _EPOCH_MS.fullmatch(e.values[0]):
                return epoch_ms_line(e.key, e.values[0])
        return ""


    def edited_day(self) -> str:
        """The ISO day the note was last edited, as its front matter says (the first of EDITED_KEYS whose value is a
        date: `updated: 2026-11-29 21:30:00Z`, `modified: 20261129`, Dendron's epoch milliseconds); '' for none."""
        for _key, e in _keyed(self.entries, EDITED_KEYS):
            day = _value_day(e.values[0]) if e.values else None
            if day:
                return day
        return ""


def _value_day(value: str) -> str | None:
    """The ISO day a front matter value is (`2026-11-29 21:30:00Z`, `20261129`, Dendron's epoch milliseconds: the
    local day), None for none or a day no calendar has (`2026-02-30`: fixWY, a crash of every sync)."""
    if _EPOCH_MS.fullmatch(value):
        try:
            return _dt.datetime.fromtimestamp(int(value) / 1000).date().isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    m = _DATE_VALUE.match(value)
    digits = m.group(0).replace("-", "") if m else ""
    return digits and iso_date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))


def _keyed(entries: Iterable[Entry], keys: tuple[str, ...]) -> Iterator[tuple[str, Entry]]:
    """(key, entry) of each entry whose key is one of `keys` (lower case; the entry's in any case), in the
    order of `keys`, then of the entries: the first of DATE_KEYS written dates a note, wherever it is."""
    for key in keys:
        for e in entries:
            if e.key.lower() == key:
                yield key, e


# Dendron's `created: 1793696400000`: epoch milliseconds, 13 digits (2001 to 2286)
_EPOCH_MS = re.compile(r"[1-9]\d{12}")


def epoch_ms_line(key: str, value: str) -> str:
    """`created: 2026-11-03 06:00`, the date line of `key`'s epoch milliseconds `value`: the day and
    time they are in the local time zone (the machine's, `TZ`), as a date the note writes is the
    day of where it was written and "today" is the machine's day; '' for a time no clock reads."""
    try:
        at = _dt.datetime.fromtimestamp(int(value) / 1000)
    except (OverflowError, OSError, ValueError):
        return ""
    return f"{key}: {at:%Y-%m-%d %H:%M}"


def head(text: str, limit: int) -> str | None:
    """The line a note that opens with front matter is headed by in its
    chunks' header, at most `limit` characters; None when `text` opens with
    none (its first line heads it). What the block says of the note: its
    `title:` (else the first non-blank line after the block, as a plain
    note's first line would be) and its date line (`date_line`), joined by
    HEAD_SEP; a long title is cut to leave the date line whole."""
    found = parse(text)
    return None if found is None else head_of(found, text, limit)


def head_of(found: FrontMatter, text: str, limit: int, dated: bool = True) -> str:
    """`head` of a note's `text` whose front matter is `found` (`of_note`); without its date line
    unless `dated`."""
    title = " ".join(found.values("title"))
    if not title:
        title = next((line.strip() for line in text[found.end:].split("\n") if line.strip()), "")
    return joined_head(title, found.date_line().strip() if dated else "", limit)


def joined_head(title: str, date: str, limit: int) -> str:
    """A head of `title` and a `date` line (`date: 2024-05-01`), joined by
    HEAD_SEP, at most `limit` characters: a long title is cut to leave the
    date line whole; either alone when the other is empty (or no room is
    left for the title)."""
    room = limit - len(HEAD_SEP) - len(date)
    if date and title and room > 0:
        return title[:room].rstrip() + HEAD_SEP + date
    return (date or title)[:limit]


def header_head(header: str | None) -> str:
    """The line of a chunk's stored header that dates its note, if any does:
    the front matter date line its first line holds (head_date_line), else
    that first line (a chat's `Time:` line, a title). store.note_heads and
    datednotes read a note's date from it."""
    first = (header or "").split("\n", 1)[0]
    return head_date_line(first) or first


def head_date_line(line: str) -> str:
    """The front matter date line a header's first line holds: all of it
    (a block with a date and nothing else to say), or the end of a `head`
    after its HEAD_SEP; '' when none. A plain note whose first line reads
    that way (`Standup · date: 2024-05-01`) is read the same: its date is
    the same."""
    at = 0
    while at >= 0:
        rest = line[at:].strip()
        if _is_date_line(rest):
            return rest
        at = line.find(HEAD_SEP, at)
        at = at + len(HEAD_SEP) if at >= 0 else -1
    return ""


def _is_date_line(line: str) -> bool:
    """A top-level line of one of DATE_KEYS whose value is a date (what `date_line` returns)."""
    m = _KEY.match(line)
    if not m or m.group(1).lower() not in DATE_KEYS:
        return False
    values = _scalars(m.group(2))
    return bool(values) and _DATE_VALUE.match(values[0]) is not None


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1].strip()
    return value


def _scalars(value: str | None) -> list[str]:
    """A value as written: [] when empty, a flow list's items, else the value."""
    value = (value or "").strip()
    if value.startswith("[") and value.endswith("]"):
        return [v for v in map(_unquote, value[1:-1].split(",")) if v]
    if value in ("|", ">", "|-", ">-", "|+", ">+"):  # a block scalar: its lines follow, indented
        return []
    value = _unquote(value)
    return [value] if value else []


# Logseq's `key:: value` line: indented or not, on a bullet or under one (`- title:: X`); a key of
# no blanks, `::` and the value to the line's end. `std::vector` has no blank after `::`: no property.
PROPERTY = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?([^\s:#\[\]`][^\s:]*)::(?:[ \t]+((?:.*\S)?))?[ \t]*$", re.MULTILINE)
# the keys whose value Logseq splits at its commas (`tags:: hobby, garden`); another key's
# value is one (`title:: Paris, France`)
LIST_PROPERTIES = ("tags", "tag", "alias", "aliases")


def properties(text: str) -> list[Entry]:
    """Logseq's `key:: value` lines in `text`, each an Entry as a front
    matter key is (its values unquoted, a `[a, b]` list split; a
    LIST_PROPERTIES value at its commas; a `[[link]]` as written), `spans`
    the line's (start, end)."""
    if "::" not in text:
        return []
    out = []
    for m in PROPERTY.finditer(text):
        value = m.group(2) or ""
        if m.group(1).lower() in LIST_PROPERTIES and not (value.startswith("[") and not value.startswith("[[")):
            values = [v for v in map(_unquote, value.split(",")) if v]
        elif value.startswith("[["):  # a page's link (`type:: [[Book]]`), no flow list
            values = [value]
        else:
            values = _scalars(value)
        out.append(Entry(m.group(1), m.group(0), tuple(values), ((m.start(), m.end()),)))
    return out


def page_properties(text: str) -> list[Entry]:
    """The properties an outliner's page opens with (`properties` of them), its own as front matter is a
    note's (readers 11): Logseq's first block, `key:: value` lines with no bullet, and Roam's first top-level
    blocks, `- Key:: value`; up to the first line that is none (indented, blank, a block of text). [] for a
    page opening otherwise (a property far down is a block's, no page's)."""
    start = end = 1 if text.startswith("\ufeff") else 0
    for line, _span, nxt in _lines_from(text, start):
        if line[:1] in (" ", "\t") or PROPERTY.fullmatch(line.rstrip()) is None:
            break
        end = nxt
    return properties(text[start:end]) if end > start else []


def page_value(value: str) -> str:
    """A property's value without the brackets of the page it links (`[[Person]]` is Person)."""
    return value[2:-2].strip() if value.startswith("[[") and value.endswith("]]") else value


def page_date_line(entries: list[Entry]) -> str:
    """The date line (`date: 2026-10-03`) of a page's properties (page_properties): its first DATE_KEYS key
    whose value is a day, linked or not, as a journal page's title writes it (`date:: [[October 3rd, 2026]]`,
    `date:: 2026-10-03`: text.daily_date), or what a front matter's date line holds (date_line: `created::
    2026-10-03 10:00`, `date:: 2026-10-03T10:00:00`), or a linked day and a time (`created:: [[October 3rd,
    2026]] 10:00`: `created: 2026-10-03 10:00`; review revY, a time after the day dated nothing); '' when none.
    Not FrontMatter.date_line, which it shares its keys' order with (_keyed): a page's day may be a linked
    page's or a journal title's, and its line is written anew (`date: 2026-10-03`), where a front matter's
    is its own line as written (and Dendron's epoch milliseconds, no page property's)."""
    for key, e in _keyed(entries, DATE_KEYS):
        if not e.values:
            continue
        value = page_value(e.values[0])
        found = daily_date(value)
        if found is not None:
            return f"{key}: {found[1]}"
        if _DATE_VALUE.match(value):
            return f"{key}: {value}"
        m = _LINKED_DAY_TIME.fullmatch(value)
        found = daily_date(m.group(1)) if m else None
        if found is not None:
            return f"{key}: {found[1]} {m.group(2)}"
    return ""


# a property's day linked, then its time (`[[October 3rd, 2026]] 10:00`, as Roam's and Logseq's users write it)
_LINKED_DAY_TIME = re.compile(r"\[\[([^\]]+)\]\][ \t]+((?:[01]?\d|2[0-3]):[0-5]\d)")


# What a reader of a Logseq page is shown without (shown_without_logseq_marks): a block's `id::` line
# (`id:: 6543a1b2-...`, the id a block reference uses), a `{{query ...}}` (a search the page runs), and
# a block reference's uuid, `((6543a1b2-...))`, which says nothing to a reader nor to the answer's model
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_BLOCK_ID_LINE = re.compile(r"^[ \t]*(?:-[ \t]+)?id::[ \t]+" + _UUID + r"[ \t]*\r?(?:\n|$)", re.MULTILINE)
_QUERY = re.compile(r"\{\{query[ \t][^\n]*?\}\}")
_BLOCK_REF = re.compile(r"\(\(" + _UUID + r"\)\)")
BLOCK_REF_SHOWN = "[block ref]"


# An Obsidian block id ending a line (`We signed the lease. ^decision-1`): the anchor a `[[note#^decision-1]]`
# links and `![[...]]` embeds, which Obsidian does not show: no word of the note's (a snippet showed it, and
# the model copied it into its answer)
_OBSIDIAN_BLOCK_ID = re.compile(r"[ \t]+\^[A-Za-z0-9-]+[ \t]*(?=\r?$)", re.MULTILINE)


def without_block_ids(text: str) -> str:
    """`text` without the Obsidian block id ending each of its lines (_OBSIDIAN_BLOCK_ID)."""
    return _OBSIDIAN_BLOCK_ID.sub("", text) if "^" in text else text


def shown_without_logseq_marks(text: str, blocks: dict[str, str] | None = None) -> str:
    """`text` as a result's snippet and the answer's sources show it: without a Logseq block's
    `id::` line and `{{query ...}}`, and a block reference `((6543a1b2-...))` as the block's
    text (`blocks`: {uuid: its text}, block_refs_in and block_text) or, not known, as
    BLOCK_REF_SHOWN (the page it refers to is its link: sync.alias_forms); nor an Obsidian
    block id ending a line (without_block_ids); a Roam page's checkbox as `[ ]` / `[x]`, its other
    components left out and its block references as BLOCK_REF_SHOWN (roam.shown, qa35)."""
    text = without_block_ids(text)
    if "{{" in text or "((" in text:  # a Roam page's components (`{{[[TODO]]}}`, `{{[[query]]: ...}}`), block refs
        text = roam.shown(text, BLOCK_REF_SHOWN)
    if "::" in text and "id::" in text:
        text = _BLOCK_ID_LINE.sub("", text)
    if "{{query" in text:
        text = _QUERY.sub("", text)
    if "((" in text:
        blocks = blocks or {}
        text = _BLOCK_REF.sub(lambda m: f"(({blocks[m.group()[2:-2].lower()]}))"
                              if m.group()[2:-2].lower() in blocks else BLOCK_REF_SHOWN, text)
    return text


def block_refs_in(text: str) -> list[str]:
    """The uuids of the block references `((6543a1b2-...))` `text` writes, lower case, each once."""
    return list(dict.fromkeys(m.group()[2:-2].lower() for m in _BLOCK_REF.finditer(text))) if "((" in text else []


_BULLET = re.compile(r"^([ \t]*)-[ \t]+(.*\S)")


def block_text(text: str, uuid: str) -> str | None:
    """The text of the Logseq block whose `id::` line in `text` (a chunk) is `uuid`: the bullet
    line above it (`- We chose RabbitMQ ...`), without its `- ` and any `TODO`-like marker left as
    written; None when `text` holds no such line, or no bullet above it."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if _BLOCK_ID_LINE.fullmatch(line) and line.split("::", 1)[1].strip().lower() == uuid:
            for above in reversed(lines[:i]):
                m = _BULLET.match(above)
                if m is not None:
                    return m.group(2)
            return None
    return None


def opens_block(line: str) -> bool:
    """Is `line` (a note's first, as written) one that opens front matter: `---`, or Hugo's `+++`?"""
    return line.lstrip("\ufeff").rstrip() in (OPEN, TOML_FENCE)


def may_open(line: str) -> bool:
    """May a note whose first line is `line` (as written) open with front matter: opens_block, or the first
    line of a MultiMarkdown metadata block (`Title: Slow travel`: _mmd_first), of a VimWiki page's placeholders
    (`%title Grout`) or of a Zim page's header (ZIM_HEADER), each a first line `parse` reads a block after
    (of_note tells whether the lines after it are the block's)? A re-extraction, which reads no file, asks it
    of a note's first chunk (sync.stored_note): a first line it does not know lost the block's keys to the
    text (`%title Grout` the header, `Content-Type` a name; fixU1)."""
    bare = line.lstrip("\ufeff").rstrip()
    return (opens_block(line) or _mmd_first(bare) or bare == ZIM_HEADER
            or (bare.startswith("%") and _VIMWIKI_PLACEHOLDER.fullmatch(bare) is not None))


def of_note(text: str) -> FrontMatter | None:
    """The front matter a note's `text` opens with, offsets in `text`, as
    every reader of the index has it: the extractors, the header,
    store.note_heads. Its first line, as Obsidian, Jekyll, Hugo and Pandoc
    read it: a note that opens with blank lines and then `---` opens with
    none (its first chunk, which begins at its first word, then opens with
    `---`: text, read as written)."""
    return parse(text)


def parse(text: str) -> FrontMatter | None:
    """The front matter `text` opens with, or None (see the module's rules)."""
    start = 1 if text.startswith("\ufeff") else 0
    first_end = text.find("\n", start)
    if first_end >= 0 and text[start:first_end].rstrip() == TOML_FENCE:
        return _parse_toml(text, first_end + 1)
    if first_end >= 0 and _DENOTE_TITLE.match(text, start):
        denote = _parse_denote_text(text, start)
        if denote is not None:  # else its `title:` line may open MultiMarkdown metadata
            return denote
    line = text[start:first_end] if first_end >= 0 else text[start:]
    if line.startswith("%"):
        return _parse_vimwiki(text, start)
    if not line.strip() and _VIMWIKI_AFTER_BLANKS.match(text, start):  # a VimWiki page's placeholders after blank lines
        return _parse_vimwiki(text, start)
    if line.rstrip() == ZIM_HEADER:
        return _parse_zim(text, start)
    if first_end < 0 or line.rstrip() != OPEN:
        return _parse_mmd(text, start) if _mmd_first(line) else None
    # key, its line, its values and the span of each value's line
    entries: list[tuple[str, str, list[str], list[tuple[int, int]]]] = []
    for line, span, pos in _lines_from(text, first_end + 1):
        bare = line.rstrip()
        if bare in CLOSE:
            return FrontMatter(tuple(Entry(k, ln, tuple(v), tuple(s)) for k, ln, v, s in entries), pos)
        if not bare.strip() or bare.lstrip().startswith("#"):
            continue  # blank line or comment
        if line[0] in " \t" or _ITEM.match(bare):  # under the key above
            if not entries:
                return None
            inner = bare.strip()
            m = _ITEM.match(inner) or _NESTED.match(inner)
            values = _scalars(m.group(1)) if m else [_unquote(inner)]
        else:
            m = _KEY.match(bare)
            if not m:
                return None  # prose: not front matter
            entries.append((m.group(1), line, [], []))
            values = _scalars(m.group(2))
        entries[-1][2].extend(values)
        entries[-1][3].extend([span] * len(values))
    return None  # never closed


# MultiMarkdown's metadata (iA Writer, Ulysses, MultiMarkdown Composer, nvALT, Marked): `Key: value` lines that
# open the note, no `---` around them, up to its first blank line (readers 9, qa33: `Title: Slow travel` was the
# note's header line and its `Date:` dated nothing). Strict, as a chat log (`LiHua: Hey`), an email's head or a
# note that opens `Status: done` is text: its first key one of the metadata keys MultiMarkdown and the apps
# write (_MMD_KEYS), every line up to the blank one a `Key: value` line or an indented one continuing the value
# above, and no key twice (a chat's speakers take turns)
_MMD_KEYS = frozenset(("title", "author", "date", "tags", "keywords", "subtitle", "affiliation", "email",
                       "copyright", "created", "modified", "language", "base header level", "css"))
# (the value greedy to its last non-blank: a lazy one tried the blanks after each character, quadratic)
_MMD_KEY = re.compile(r"([A-Za-z][A-Za-z0-9 _-]{0,40}?)[ \t]*:(?:[ \t]+(\S(?:.*\S)?))?[ \t\r]*")


# A tiddler's fields (wikipages.tiddler_text: `title: Trip to Porto` put first, each field a `key: value` line) are read
# as such a block, but TiddlyWiki's field names are not MultiMarkdown's: TiddlyMap gives every tiddler a `tmap.id`,
# TiddlyWiki has `_canonical_uri`, `draft.of`, `list-before` (fixU1, review revU: one such field lost the tiddler all
# its fields). A block whose first line is `title: ` as TiddlyWiki writes it, in lower case, takes any name a
# tiddler's field line has, but no blank (a name a field has is one word: `Dr. Chen: shipped the fix` or `- milk: 2` under
# a note's first line `title: Standup` is its text, not a field); MultiMarkdown's apps write `Title:`, whose block
# keeps _MMD_KEY's strict names
TIDDLER_FIRST = "title: "
_TIDDLER_FIELD = re.compile(r"([^\s:][^\s:]{0,80}?)[ \t]*:(?:[ \t]+(\S(?:.*\S)?))?[ \t\r]*")


def _mmd_first(line: str) -> bool:
    """Is `line` (without its line end) one a MultiMarkdown metadata block opens with: a `Key: value` of one of
    _MMD_KEYS, not indented, with a value?"""
    m = _MMD_KEY.fullmatch(line)
    return m is not None and m.group(2) is not None and m.group(1).lower() in _MMD_KEYS


def _parse_mmd(text: str, pos: int) -> FrontMatter | None:
    """The MultiMarkdown metadata block `text` opens with at `pos` (its first line a _mmd_first one), to its
    first blank line or the text's end, as FrontMatter (each `Key: value` an entry, a line indented under it
    a further value); `end` past its last line (the blank line is the body's). None for a block of a line
    that is neither (prose: the note is read as written) or a key written twice."""
    entries: list[tuple[str, str, list[str], list[tuple[int, int]]]] = []
    end = pos
    tiddler = text.startswith(TIDDLER_FIRST, pos)  # a tiddler's names too, MultiMarkdown's still (`base header level`)
    for line, span, nxt in _lines_from(text, pos):
        if not line.strip():
            break
        if line[0] in " \t":
            if not entries:
                return None
            values = [line.strip()]
        else:
            m = _MMD_KEY.fullmatch(line) or (_TIDDLER_FIELD.fullmatch(line) if tiddler else None)
            if m is None or any(k.lower() == m.group(1).lower() for k, *_rest in entries):
                return None
            entries.append((m.group(1), line, [], []))
            values = _scalars(m.group(2))
        entries[-1][2].extend(values)
        entries[-1][3].extend([span] * len(values))
        end = nxt
    return FrontMatter(tuple(Entry(k, ln, tuple(v), tuple(s)) for k, ln, v, s in entries), end) if entries else None


# A VimWiki page's placeholders opening it (readers 10, qa36: they were its header's text, `%title Garden`):
# `%title Garden redesign`, `%date 2026-11-03`, `%template diary`, `%nohtml`, one a line, up to the first
# line that is none; read as the keys `title`, `date`, ... (the `%date` line dates the page)
_VIMWIKI_PLACEHOLDER = re.compile(r"%(title|date|template|nohtml)(?:[ \t]+(\S(?:.*\S)?))?[ \t\r]*")
# blank lines, then a placeholder's line (readers 11: a `%title` after them titled nothing)
_VIMWIKI_AFTER_BLANKS = re.compile(r"(?:[ \t]*\r?\n)+%(?:title|date|template|nohtml)\b")


def _parse_vimwiki(text: str, pos: int) -> FrontMatter | None:
    """The VimWiki placeholders `text` opens with at `pos`, as FrontMatter (each an entry; `end`
    past the last); None when its first line is none (`%` opening prose). Blank lines may stand
    between them (readers 11: `%nohtml`, a blank line, `%title Garden` left the title text)."""
    entries: list[Entry] = []
    end = pos
    for line, span, nxt in _lines_from(text, pos):
        if not line.strip():
            continue
        m = _VIMWIKI_PLACEHOLDER.fullmatch(line)
        if m is None:
            break
        values = (m.group(2),) if m.group(2) else ()
        entries.append(Entry(m.group(1), f"{m.group(1)}: {m.group(2) or ''}".rstrip(), values, (span,) * len(values)))
        end = nxt
    return FrontMatter(tuple(entries), end) if entries else None


# A Zim page's header (readers 10, qa36: its keys were the notebook's top names): `Content-Type:
# text/x-zim-wiki`, `Wiki-Format: zim 0.6`, `Creation-Date: 2026-11-03T09:15:00+01:00`, up to the first
# blank line; its `Creation-Date` is the key `created`, which dates the page
ZIM_HEADER = "Content-Type: text/x-zim-wiki"
_ZIM_KEYS = {"creation-date": "created"}


def _parse_zim(text: str, pos: int) -> FrontMatter | None:
    """The header of a Zim page that opens `text` at `pos` (its first line ZIM_HEADER), as FrontMatter
    (each `Key: value` line an entry; `end` past its last line); None when a line before the first
    blank one is no `Key: value` (no Zim page's header: read as written)."""
    entries: list[Entry] = []
    end = pos
    for line, span, nxt in _lines_from(text, pos):
        if not line.strip():
            break
        m = _MMD_KEY.fullmatch(line)
        if m is None:
            return None
        key = _ZIM_KEYS.get(m.group(1).lower(), m.group(1))
        values = _scalars(m.group(2))
        entries.append(Entry(key, f"{key}: {m.group(2) or ''}".rstrip(), tuple(values), (span,) * len(values)))
        end = nxt
    return FrontMatter(tuple(entries), end)


# a TOML key line, `title = "Rate limits"`, `params.author = "Ines"`: a bare or quoted key (dotted or
# not), `=`, a value; a table's header, `[params]` or `[[menu.main]]`, whose keys it prefixes
_TOML_KEY = re.compile(r"""^((?:[\w-]+|"[^"\n]*"|'[^'\n]*')(?:[ \t]*\.[ \t]*(?:[\w-]+|"[^"\n]*"|'[^'\n]*'))*)"""
                       r"[ \t]*=[ \t]*(.*?)[ \t\r]*$")
_TOML_TABLE = re.compile(r"^\[\[?[ \t]*([^\[\]\n]+?)[ \t]*\]\]?[ \t\r]*(?:#[^\n]*)?$")
_TOML_COMMENT = re.compile(r"""^((?:[^#"']|"[^"]*"|'[^']*')*?)[ \t]*#.*$""")  # a `#` outside quotes


def _toml_key(key: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in re.split(r"\.(?=(?:[^\"']|\"[^\"]*\"|'[^']*')*$)", key))


def _toml_scalars(value: str) -> list[str]:
    """A TOML value as the YAML block's are read (_scalars): a string unquoted, an array's items, a
    date, number or boolean as written; a comment after it left out."""
    m = _TOML_COMMENT.match(value)
    return _scalars((m.group(1) if m else value).strip().rstrip(","))


# Denote's front matter of a plain-text note (Emacs; readers 9, qa32): its keys, `title:` first, values aligned
# with blanks, and a line of dashes closing it (Denote writes 27); its `tags:` apart by blanks (`work  project`)
#     title:      Meeting with Priya
#     date:       2026-12-01
#     tags:       work  project
#     identifier: 20261201T093000
#     ---------------------------
_DENOTE_TITLE = re.compile(r"title:[ \t]+\S")
_DENOTE_KEYS = ("title", "date", "tags", "identifier", "signature")
_DENOTE_RULE = re.compile(r"-{10,}[ \t]*")


def _parse_denote_text(text: str, start: int) -> FrontMatter | None:
    """The front matter block of a Denote plain-text note that opens `text` at `start`
    (_DENOTE_TITLE): Denote's keys alone (_DENOTE_KEYS), each once, to a line of dashes
    (_DENOTE_RULE); None for any other text (`Title: Re: lunch` and prose)."""
    entries: list[Entry] = []
    for line, span, pos in _lines_from(text, start):
        bare = line.rstrip()
        if _DENOTE_RULE.fullmatch(bare):
            return FrontMatter(tuple(entries), pos) if len(entries) >= 2 else None
        m = _KEY.match(bare)
        if m is None or m.group(1).lower() not in _DENOTE_KEYS or \
                any(e.key.lower() == m.group(1).lower() for e in entries):
            return None
        values = (m.group(2) or "").split() if m.group(1).lower() == "tags" else _scalars(m.group(2))
        entries.append(Entry(m.group(1), line, tuple(values), tuple([span] * len(values))))
    return None


def _lines_from(text: str, pos: int):
    """Each line of `text` from `pos` on, for the front matter readers (YAML's, TOML's): the line
    without its line break, the span of its text without trailing blanks, and where the next line
    starts (past the block's closing line, where the note's text begins)."""
    while pos < len(text):
        nl = text.find("\n", pos)
        end = len(text) if nl < 0 else nl + 1
        line = text[pos:end].rstrip("\r\n")
        yield line, (pos, pos + len(line.rstrip())), end
        pos = end


def _parse_toml(text: str, pos: int) -> FrontMatter | None:
    """Hugo's TOML front matter from `pos` (past its opening `+++`) to its closing `+++` line, as
    FrontMatter: each `key = value` an entry (a table's keys under its name, `params.author`), an
    array over several lines its items (each at its line), a `\"\"\"` string's lines its value; None
    for a block nothing closes or a line of no TOML (prose between two `+++` lines)."""
    entries: list[tuple[str, str, list[str], list[tuple[int, int]]]] = []
    table, open_array, open_string = "", False, None
    for line, span, pos in _lines_from(text, pos):
        bare = line.strip()
        if open_string is not None:  # a multi-line string's line: its text
            close = bare.find(open_string)
            values = [bare[:close].strip() if close >= 0 else bare]
            open_string = None if close >= 0 else open_string
        elif open_array:  # an array's later line: its items
            open_array = not bare.split("#", 1)[0].rstrip().endswith("]")
            values = _toml_scalars("[" + bare.strip("[],") + "]")
        elif line.rstrip() == TOML_FENCE:
            return FrontMatter(tuple(Entry(k, ln, tuple(v), tuple(s)) for k, ln, v, s in entries), pos)
        elif not bare or bare.startswith("#"):
            continue
        elif (t := _TOML_TABLE.match(bare)) is not None:
            table = _toml_key(t.group(1)) + "."
            continue
        elif (m := _TOML_KEY.match(bare)) is not None:
            entries.append((table + _toml_key(m.group(1)), line, [], []))
            value = m.group(2)
            if value[:3] in ('"""', "'''") and value.count(value[:3]) < 2:
                open_string, values = value[:3], [value[3:].strip()]
            elif value.startswith("[") and value.count("[") > value.count("]"):
                open_array, values = True, _toml_scalars(value + "]")
            else:
                values = _toml_scalars(value.strip("\"'") if value[:3] in ('"""', "'''") else value)
        else:
            return None  # prose: not front matter
        values = [v for v in values if v]
        if entries:
            entries[-1][2].extend(values)
            entries[-1][3].extend([span] * len(values))
    return None  # never closed


# --------------------------------------------------------------------------- Notion's property lines

# A Notion page exported to Markdown writes its properties as plain lines right after its `# Title`
# (a blank line between or none), no `---` block: `Created: November 3, 2026 10:15 AM`, `Tags:
# travel`, `Assignee: Priya Raman`. A property line: a key as its user named the property, a colon, a
# value. Notion takes any name: `Amount (HT)`, `Budget (days)`, `Price (€)`, `% complete`,
# `Hours/week`, `Phone #`, `📅 Date`, lower-case `status`, a back-relation's `Related to Projects
# (Tasks)` (rules 30: a key of one to four capitalised plain words only, the block stopped at the
# first other one, and a `Created:` under it was never read). Up to six words of no colon, opening with
# no mark of Markdown's (`- `, `> `, `| `, `* `, `[`) nor a blank; what tells the block from a note's
# first lines (`Note: call back`, `Re: your email`, a chat's `Sam: hi`) is its `Created:` (below)
_NOTION_TITLE = re.compile(r"\A(?:[ \t]*\n)*# [^\n]+\n(?:[ \t]*\n)?")
_NOTION_PROPERTY = re.compile(r"([^\s:#>|*\[\-](?:[^:\n]{0,58}[^\s:])?):[ \t]+(\S[^\n]*)(?:\n|\Z)")
_NOTION_KEY_WORDS = 6
# the date Notion writes a date property in (`November 3, 2026`, `November 3, 2026 10:15 AM`)
_NOTION_DATE = re.compile("(" + "|".join(m.capitalize() for m in MONTHS) + ")"
                          r" (\d{1,2}), ((?:19|20)\d\d)(?: (\d{1,2}):(\d\d) ([AP]M))?")
# the keys Notion dates a page by, as it names them in an export
NOTION_CREATED_KEYS = ("created", "created time", "date created")
# the keys of the day a page is about, as a meeting database's row writes it (`Date: December 15, 2026
# 2:00 PM`, made on December 2): they date the page before its creation does, as a front matter's `date:`
# comes before its `created:` (rules 30: a meeting made ahead was of the day it was written down).
# A trip's `Dates: December 10, 2026 → December 11, 2026` is of its first day. An emoji or mark before the
# name is the user's decoration (`📅 Date`)
NOTION_DAY_KEYS = ("date", "dates", "meeting date", "when", "event date")


@dataclass(frozen=True)
class NotionProperty:
    key: str
    key_start: int
    value: str
    value_start: int


def notion_properties(text: str) -> list[NotionProperty]:
    """The property lines of a Notion page's export (`text` a note, or its first chunk): the
    `Key: value` lines right after the text's opening `# Title` line, read whole up to the first line
    that is none (_NOTION_PROPERTY), when one of them is Notion's creation date (a key of
    NOTION_CREATED_KEYS, a value `November 3, 2026 10:15 AM`): what tells a Notion page's block from a
    note's first lines that happen to say `Status: done`. [] for any other text. Their keys label
    (`Created`, `Assignee`), they name nothing."""
    title = _NOTION_TITLE.match(text)
    if title is None:
        return []
    found, at = [], title.end()
    while (m := _NOTION_PROPERTY.match(text, at)) is not None and len(found) < 40 \
            and len(m.group(1).split()) <= _NOTION_KEY_WORDS and not _titled_person(m.group(1)):
        found.append(NotionProperty(m.group(1), m.start(1), m.group(2).rstrip(), m.start(2)))
        at = m.end()
    if not any(notion_key(p) in NOTION_CREATED_KEYS and _NOTION_DATE.match(p.value) for p in found):
        return []
    return found


@functools.cache
def _person_title() -> re.Pattern[str]:
    from minirag_cli.text import PERSON_TITLE_WORD

    return re.compile(rf"(?:{PERSON_TITLE_WORD})[ \t]")


def _titled_person(key: str) -> bool:
    """Is a property line's key a person with their title (`Dr. Chen: review Friday`, `Mrs. Okafor: sends
    the deck`)? A speaker's line under the block, no property of Notion's: the block ends before it, and its
    person is named (fixN: the block read whole took them for keys, which name nothing)."""
    return _person_title().match(key) is not None


def notion_key(prop: NotionProperty) -> str:
    """A property's name as the keys above write it: lower case, without the emoji or mark a user
    decorates it with (`📅 Date` is `date`)."""
    return re.sub(r"^[\W_]+", "", prop.key).lower()


def _notion_day(value: str) -> str:
    """`2026-11-03 10:15` for a Notion date value (`November 3, 2026 10:15 AM`; `2026-11-03` without
    its time; the start of a range, `December 7, 2026 → December 13, 2026`), '' for another value."""
    m = _NOTION_DATE.match(value)
    if m is None:
        return ""
    try:  # a day no calendar has (`February 31, 2026`) dates nothing: the page's creation dates it (fixN)
        day = _dt.date(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2))).isoformat()
    except ValueError:
        return ""
    if m.group(4) is None:
        return day
    hour = int(m.group(4)) % 12 + (12 if m.group(6) == "PM" else 0)
    return f"{day} {hour:02d}:{m.group(5)}"


def notion_created(text: str) -> str:
    """The day (and time) a Notion page's export says it was created, `2026-11-03 10:15`, from its
    property lines (notion_properties: `Created: November 3, 2026 10:15 AM`); '' for a text with none."""
    return next((day for p in notion_properties(text) if notion_key(p) in NOTION_CREATED_KEYS
                 for day in [_notion_day(p.value)] if day), "")


def notion_day(text: str) -> str:
    """The day (and time) a Notion page is about, `2026-12-15 14:00`, from its property lines: its
    `Date:` (a key of NOTION_DAY_KEYS: a meeting database's row, `Date: December 15, 2026 2:00 PM`);
    '' for a page with none (its creation dates it: notion_created)."""
    return next((day for p in notion_properties(text) if notion_key(p) in NOTION_DAY_KEYS
                 for day in [_notion_day(p.value)] if day), "")


# one page of a relation property's value, as Notion exports it: the page's title and, in brackets, the
# relative path of its file, URL-encoded (`Halden Foods pricing review (../Projects%207659…/Halden%20Foods%20
# pricing%20review%20c6b0….md)`), several joined by `, `. The path holds no blank; a bracket of the file's
# name Notion leaves unencoded (`Q3%20(draft)%20….md`) is balanced. Matched at the end of each `, `-separated
# piece of the value (a title may hold `, `: the pieces since the last page's): one regex over the value tried
# from every `, ` took 51 s on a 60 KB `a, a, … b (x y.md)` (fixN)
_NOTION_RELATION_END = re.compile(r"([^()\n]*?)[ \t]+\(((?:[^\s()]|\([^\s()]*\))+?\.md)\)\Z")


def notion_relations(properties: list[NotionProperty]) -> list[tuple[int, int, int, int]]:
    """The pages a Notion page's relation properties name (`properties`: notion_properties), each as
    (title start, title end, path start, path end) in the page's text: `Project: Halden Foods pricing review
    (../Projects%20…/Halden%20Foods%20pricing%20review%20c6b0….md)` names the page at that path, as a
    Markdown link to it would (rules 30: no link, its path's words, `Projects`, names)."""
    out = []
    for p in properties:
        if not p.value.endswith(".md)"):
            continue
        out += [tuple(p.value_start + at for at in page) for page in _relation_pages(p.value)]
    return out


def _relation_pages(value: str) -> Iterator[tuple[int, int, int, int]]:
    """(title start, title end, path start, path end) in a relation property's `value` of each page it names
    (_NOTION_RELATION_END): a title runs from the previous page's `, ` (or the value's start) and holds no
    bracket; a piece with one that names no page starts the next title after it."""
    title_start = piece_start = 0
    for piece in value.split(", "):
        m = _NOTION_RELATION_END.match(piece)
        title_end = piece_start + (m.end(1) if m else 0)
        if m and title_end > title_start and value[title_start] not in "(),":
            yield title_start, title_end, piece_start + m.start(2), piece_start + m.end(2)
        if m or "(" in piece or ")" in piece or (not piece and title_start == piece_start):
            title_start = piece_start + len(piece) + 2
        piece_start += len(piece) + 2


def without_notion_relation_paths(text: str) -> str:
    """`text` (a chunk's) without the ` (../Projects%20….md)` paths of the relation properties a Notion page
    opens with (notion_relations): what its snippet shows, `Project: Halden Foods pricing review`."""
    relations = notion_relations(notion_properties(text)) if ".md)" in text else []
    out, at = [], 0
    for _start, title_end, path_start, path_end in relations:
        out.append(text[at:title_end])
        at = path_end + 1  # the path and its brackets
    return "".join(out) + text[at:] if out else text


# an HTML element's tag a web clip (Evernote's, a pasted page) leaves in a note's text: `<div>`, `<br/>`,
# `</td>`, `<span style="...">`; only HTML's own element names (`List<String>` in code is no tag)
_HTML_TAG = re.compile(
    r"</?(?:a|abbr|b|blockquote|br|caption|center|code|col|colgroup|dd|del|div|dl|dt|em|en-media|en-note|"
    r"figcaption|figure|font|h[1-6]|hr|i|img|ins|li|mark|ol|p|pre|s|small|span|strike|strong|sub|sup|table|"
    r"tbody|td|tfoot|th|thead|tr|tt|u|ul)(?:\s[^<>]{0,500})?/?>", re.IGNORECASE)
# an HTML character reference (`&nbsp;`, `&ndash;`, `&#8212;`, `&#x2014;`)
_HTML_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});")


# what an Org note opens with before its text: keyword lines (`#+title: Budget review`, `#+date:`,
# `#+filetags:`; not `#+begin_src`, no colon), an org-roam `:PROPERTIES:` ... `:END:` drawer, blank lines
_ORG_PREAMBLE = re.compile(r"(?:[ \t]*(?:#\+\w+:[^\n]*|:PROPERTIES:[ \t]*\n(?:[ \t]*:[^\n]*\n)*?[ \t]*:END:[ \t]*)?"
                           r"(?:\n|$))*", re.IGNORECASE)


# an Org note's title line: what the answer keeps of its preamble (answer._candidate_lines)
ORG_TITLE = re.compile(r"[ \t]*#\+title:[ \t]*(.*?)[ \t]*$", re.IGNORECASE)


def org_preamble_end(text: str, path: str) -> int:
    """Where the keyword lines and org-roam drawer an Org note's `text` (a
    chunk's, the note's) opens with end (_ORG_PREAMBLE), 0 when it opens with
    none or `path` is no Org note's: what snippet_text leaves out, and the
    lines the answer's sources leave out (answer._candidate_lines)."""
    if not path.lower().endswith((".org", ".org_archive")):
        return 0
    return _ORG_PREAMBLE.match(text).end()


def snippet_text(text: str, blocks: dict[str, str] | None = None, *, path: str = "") -> str:
    """What a result's snippet shows of its chunk: the text after the front
    matter the chunk opens with (`--- title: ... tags: [...] ---` took half
    of the snippet of every such note, whose path and lines are on the line
    above), unless nothing follows it, with the HTML tags a web clip leaves
    in it dropped and its character references decoded (`<div>750 g&nbsp;of
    water</div>`: `750 g of water`), and a Logseq page's `id::` lines,
    `{{query ...}}` not shown and a block reference's uuid shown as the block's
    text (`blocks`: Index.block_refs; shown_without_logseq_marks),
    and a Joplin note's metadata lines (`user_created_time: …`, a to-do's
    `is_todo: 1`: notekinds.joplin_kept_line) and a Simplenote note's
    `created: …` last line (simplenote.created) and an Org note's opening `#+title:`,
    `#+date:` ... lines (_ORG_PREAMBLE) left out as a front matter is (`path`: the chunk's note), and the
    encoded paths of a Notion page's relation properties (without_notion_relation_paths); `--json` keeps
    the text whole. The one place every
    snippet is made: `ask`'s results (format.render_results) and the graph page's
    notes and results (graph_view) alike."""
    import html

    from minirag_cli.notekinds import joplin_item, joplin_kept_line
    from minirag_cli.simplenote import created as simplenote_created

    if path and joplin_item(path):
        kept = "\n".join(line for line in text.split("\n") if not joplin_kept_line(path, line))
        text = kept if kept.strip() else text  # as a front matter is: shown when nothing else is
    if path and simplenote_created(path, text):  # the line a Simplenote note's creation is read as: its date
        kept = text.rstrip("\n").rsplit("\n", 1)[0]
        text = kept if kept.strip() else text
    if org_preamble_end(text, path):
        # an Org note's `#+title:`, `#+date:` ... lines (and org-roam's `:PROPERTIES:` drawer) are its front matter
        kept = text[org_preamble_end(text, path):]
        text = kept if kept.strip() else text
    text = without_notion_relation_paths(text)
    matter = parse(text)
    body = text[matter.end:] if matter is not None else ""
    shown = shown_without_logseq_marks(body if body.strip() else text, blocks)
    if "<" in shown:
        shown = _HTML_TAG.sub(" ", shown)
    if "&" in shown:
        shown = _HTML_ENTITY.sub(lambda m: html.unescape(m.group()), shown)
    return shown
