"""Turning a small model's raw output into entity mentions, tolerantly.

The prompt asks for one line per type, `type: name, name, ...` (see
extract/llm.py); older prompts asked for one `name | type` per line, and
small models also write `name - type`, `name: type`, `name (type)`, numbered
or bulleted lines, markdown, prose around the list, the list twice, or a line
cut off by the token cap. `parse_entities` keeps what is clearly an entity and drops the
rest; it never raises, whatever the input (see tests/test_parse_fuzz.py).

A name must occur in the chunk it was extracted from (case-insensitive, CamelCase
handles spelled out, a plural or possessive ending allowed): small models copy
names from the few-shot examples into their answers, and those must not become
graph edges.
"""

from __future__ import annotations

import re
import unicodedata

from minirag_cli.extract.base import ENTITY_TYPES, EntityMention
from minirag_cli.text import without_invisibles

MAX_OUTPUT_CHARS = 20_000  # a runaway output is cut here before any regex runs
MAX_LINES = 400
MAX_LINE_CHARS = 300  # a longer line is prose, not `name | type`
MAX_ENTITIES = 40
MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8

# What small models write instead of the eight types.
TYPE_SYNONYMS = {
    "person": "person", "people": "person", "persons": "person", "name": "person", "human": "person",
    "character": "person", "individual": "person", "user": "person", "speaker": "person",
    "organization": "organization", "organisation": "organization", "org": "organization",
    "company": "organization", "group": "organization", "team": "organization", "institution": "organization",
    "band": "organization", "club": "organization", "school": "organization", "university": "organization",
    "location": "location", "place": "location", "city": "location", "country": "location",
    "geo": "location", "gpe": "location", "venue": "location", "region": "location", "address": "location",
    "event": "event", "activity": "event", "occasion": "event", "holiday": "event", "festival": "event",
    "meeting": "event", "festivity": "event",
    "product": "product", "item": "product", "object": "product", "device": "product", "tool": "product",
    "brand": "product", "app": "product", "software": "product", "food": "product", "dish": "product",
    "work": "work", "book": "work", "movie": "work", "film": "work", "song": "work", "album": "work",
    "article": "work", "show": "work", "title": "work", "artwork": "work", "game": "work", "paper": "work",
    "concept": "concept", "topic": "concept", "idea": "concept", "theme": "concept", "subject": "concept",
    "skill": "concept", "hobby": "concept", "field": "concept", "other": "concept", "misc": "concept",
    "thing": "concept", "keyword": "concept",
    "date": "date", "time": "date", "day": "date", "datetime": "date", "period": "date",
}
assert set(TYPE_SYNONYMS.values()) == set(ENTITY_TYPES)

# Lines or names that are format chatter, never entities.
NOT_NAMES = frozenset("""
name names type types entity entities none n/a na null nil unknown example text output input answer
here list result results extracted the a an and or of to in on at i you he she it we they me my
yes no ok okay
""".split()) | frozenset(TYPE_SYNONYMS)

# control characters, direction marks and line separators become spaces; the zero width
# characters (text.INVISIBLES) go first, as the extractors read them (without_invisibles)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029]")
_BULLET = re.compile(r"^\s*(?:[-*•·>+]+|\d{1,3}[.)\]:]|\(\d{1,3}\)|[a-z][.)])\s+")
_MARKDOWN = re.compile(r"\*\*|__|`+|^#+\s*")
_JSON_NAME = re.compile(r'"(?:name|entity|text)"\s*:\s*"([^"]{1,200})"', re.IGNORECASE)
_JSON_TYPE = re.compile(r'"(?:type|label|category)"\s*:\s*"([^"]{1,60})"', re.IGNORECASE)
_PAREN_TYPE = re.compile(r"^(?P<name>.+?)\s*[(\[{<]\s*(?P<type>[A-Za-z][A-Za-z /_-]{1,30})\s*[)\]}>]\s*$")
# delimiters tried in order; the first one present splits the line in two
_DELIMITERS = ("|", "\t", " — ", " – ", " -- ", " - ", " : ", ": ", "; ", ", ", " / ", " = ", " -> ", " => ")
_QUOTES = "\"'“”‘’`«»„"
_STRIP = " \t.,;:!?*_~#=|/\\" + _QUOTES + "()[]{}<>"


def clean_output(output: object) -> str:
    """Any object in, a bounded, printable str out."""
    if isinstance(output, bytes):
        output = output.decode("utf-8", "replace")
    elif not isinstance(output, str):
        output = "" if output is None else str(output)
    output = output[:MAX_OUTPUT_CHARS]
    output = without_invisibles(unicodedata.normalize("NFC", output))
    return _CONTROL.sub(" ", output.replace("\r\n", "\n").replace("\r", "\n"))


def normalise_type(raw: str) -> str | None:
    word = re.sub(r"[^a-z/ ]", "", raw.strip().lower())
    if not word:
        return None
    if word in TYPE_SYNONYMS:
        return TYPE_SYNONYMS[word]
    for plural in ("ies", "es", "s"):  # "places", "activities", "topics"
        if word.endswith(plural):
            single = word[:-len(plural)] + ("y" if plural == "ies" else "")
            if single in TYPE_SYNONYMS:
                return TYPE_SYNONYMS[single]
    # "event/activity", "person name", "product or work": the first known word wins
    for part in re.split(r"[/ ]+|\bor\b", word):
        if part in TYPE_SYNONYMS:
            return TYPE_SYNONYMS[part]
    return None


def clean_name(raw: str) -> str:
    name = _MARKDOWN.sub("", raw)
    name = re.sub(r"\s+", " ", name).strip(_STRIP + "-–—")
    # a name cut by a quote that never closes: `"Lunar New Year`
    return name.strip(_STRIP + "-–—")


def split_line(line: str) -> tuple[str, str | None] | None:
    """(name, type or None) from one output line, or None for chatter."""
    line = _BULLET.sub("", _MARKDOWN.sub("", line)).strip().strip("|").strip()  # markdown table rows
    if not line or set(line) <= set("-:| "):
        return None
    jname = _JSON_NAME.search(line)
    if jname:  # {"name": "Li Hua", "type": "person"}
        jtype = _JSON_TYPE.search(line)
        return jname.group(1), normalise_type(jtype.group(1)) if jtype else None
    m = _PAREN_TYPE.match(line)
    if m and normalise_type(m.group("type")):
        return m.group("name"), normalise_type(m.group("type"))
    for delim in _DELIMITERS:
        if delim in line:
            left, _, right = line.partition(delim)
            right = right.split(delim)[0]  # `name | type | description`: the rest is ignored
            if normalise_type(right):
                return left, normalise_type(right)
            if normalise_type(left):  # `person: Li Hua`
                return right, normalise_type(left)
            if delim in ("|", "\t"):
                return left, None  # the format's own delimiter with an unknown type
            continue
    return line, None


def _word_start(needle: str) -> str:
    """The lookbehind that makes a needle starting with a letter or digit start a word
    ("_" separates, as in "20260416_21:00")."""
    return r"(?<![^\W_])" if needle[0].isalnum() else ""


class ChunkMatcher:
    """Does a name occur in the chunk? Case-insensitive on a normalised copy
    of the text in which CamelCase handles are also spelled out, so
    "Wolfgang Schulz" matches "WolfgangSchulz:"."""

    def __init__(self, text: str):
        text = clean_output(text)
        spelled = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
        self.haystacks = [self._norm(text), self._norm(spelled)]

    @staticmethod
    def _norm(s: str) -> str:
        s = without_invisibles(s)  # a name read from the model as its text is: "علی\u200cرضا" kept whole
        s = s.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
        return re.sub(r"\s+", " ", s.casefold())

    def contains(self, name: str) -> bool:
        needle = self._norm(name).strip()
        if not needle:
            return False
        # word boundaries (letters and digits; "_" separates, as in
        # "20260416_21:00") where the name starts/ends with one; a plural or
        # possessive ending may differ ("jam session" ~ "jam sessions")
        head = _word_start(needle)
        tail = r"(?:s|es|'s)?(?![^\W_])" if needle[-1].isalnum() else ""
        stem = re.sub(r"(?<=\w\w\w)(?:'s|es|s)$", "", needle) if needle[-1].isalnum() else needle
        pattern = re.compile(head + "(?:" + re.escape(needle) + "|" + re.escape(stem) + ")" + tail)
        return any(pattern.search(h) for h in self.haystacks)

    def starts(self, prefix: str) -> bool:
        """Can a name that begins with `prefix` still occur in the text (the
        prefix occurs, starting at a word boundary)? The empty prefix can."""
        needle = self._norm(prefix).strip()  # "Adam " may go on as "Adam |" or "Adam's"
        if not needle:
            return True
        pattern = re.compile(_word_start(needle) + re.escape(needle))
        return any(pattern.search(h) for h in self.haystacks)


def _plausible_name(name: str) -> bool:
    if not (2 <= len(name) <= MAX_NAME_CHARS) or len(name.split()) > MAX_NAME_WORDS:
        return False
    if not any(c.isalnum() for c in name):
        return False
    return name.casefold() not in NOT_NAMES


# `type: name, name; name` (the grouped answer format): a type word, a colon, a list
_GROUPED = re.compile(r"^\s*(?:[-*•>]+\s*)?(?:\*\*)?(?P<label>[A-Za-z][A-Za-z /_-]{1,30}?)(?:\*\*)?\s*:\s*(?P<rest>.*)$")
_LIST_SEP = re.compile(r"\s*[;,]\s+|\s*;\s*")


def output_lines(text: str) -> list[str]:
    """Lines of the answer, one `name | type` or `type: name` each: a line
    holding several pairs ("Li Hua | person, Paris | location") or a grouped
    line ("event: jam session, hot pot; party") is split into one per name."""
    lines = []
    for line in text.split("\n")[:MAX_LINES]:
        if len(line) > MAX_LINE_CHARS:
            continue  # prose, not a list
        grouped = _GROUPED.match(line)
        if grouped and normalise_type(grouped.group("label")) and "|" not in line:
            label = grouped.group("label")
            lines.extend(f"{label}: {item}" for item in _LIST_SEP.split(grouped.group("rest")) if item.strip())
        elif line.count("|") > 1 and not line.lstrip().startswith("|"):
            lines.extend(re.split(r"[;,]\s+", line))
        else:
            lines.append(line)
    return lines


def parse_items(output: object) -> list[EntityMention]:
    """Every plausible (name, type) the output writes, in order, repeats and
    names foreign to the text included (what the stop rules and the
    precision figures look at). Lines without a recognisable type become
    `concept` when they are short; longer ones are prose and dropped."""
    items = []
    for line in output_lines(clean_output(output)):
        parsed = split_line(line)
        if parsed is None:
            continue
        raw_name, type_ = parsed
        name = clean_name(raw_name)
        if not _plausible_name(name):
            continue
        if type_ is None:
            if len(name.split()) > 4:
                continue  # an untyped long line is prose
            type_ = "concept"
        items.append(EntityMention(name, type_))
    return items


def parse_entities(output: object, chunk_text: str = "", *, require_in_text: bool = True,
                   max_entities: int = MAX_ENTITIES) -> list[EntityMention]:
    """Entities from raw model output: deduplicated (case-insensitive, first
    type wins), at most `max_entities`, each occurring in `chunk_text` unless
    `require_in_text` is false."""
    matcher = ChunkMatcher(chunk_text if isinstance(chunk_text, str) else clean_output(chunk_text))
    found: dict[str, EntityMention] = {}
    rejected: set[str] = set()
    for m in parse_items(output):
        key = m.name.casefold()
        if key in found or key in rejected:
            continue  # repeats cost nothing
        if require_in_text and not matcher.contains(m.name):
            rejected.add(key)
            continue
        found[key] = m
        if len(found) >= max_entities:
            break
    return list(found.values())
