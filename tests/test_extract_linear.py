"""The heuristic extractor, and what sync reads a note with before it (and its git conflict check), take
time in proportion to the text on what users paste into notes (CSV rows,
long lists, minified JSON, logs, runs of blanks, front matter of many keys):
a 30,000-character line of names took 2.4 s, a 26 KB line of JSON minutes.

No speed target here: `test_time_grows_linearly` compares each shape's time
with that of the same shape eight times longer, in the same run (a linear
reading takes about 8 times as long, one that reads the text again for each
name 64 times). The other tests hold the properties that keep it linear."""

from __future__ import annotations

import re

import time

import pytest

from minirag_cli import frontmatter, sync, walk
from minirag_cli.chunking import chunk_text
from minirag_cli.extract import heuristic
from minirag_cli.extract.heuristic import HeuristicExtractor

NAMES = ["Alice", "Bob", "Carol Smith", "Dave", "Erin", "Frank", "Grace", "Heidi"]


def _names(n: int) -> str:
    return ", ".join(NAMES[i % 8] for i in range(n))


def _extract(text: str) -> None:
    HeuristicExtractor().extract_one(text)


def _sync_reading(text: str) -> None:
    """What sync does with a note before and around its extraction (sync.run_chunks, re-extraction)."""
    chunks = chunk_text(text)
    texts, parts, speakers, _laid = sync.note_readings(chunks, "note.md", frontmatter.of_note(text))
    read = [sync.extractable(t, part) for t, part in zip(texts, parts)]
    HeuristicExtractor().extract([t for t, _p in read], [p for _t, p in read], [speakers] * len(chunks))
    sync.stored_note(chunks)


def _first_names(text: str) -> None:
    """Whether a lone `Elena` of the note joins its Elena Rossi (firstnames.first_names, as sync reads it)."""
    from minirag_cli.extract.base import EntityMention
    from minirag_cli.extract.firstnames import first_names

    first_names([EntityMention("Elena", "name"), EntityMention("Elena Rossi", "name")], text)


# (what, how it is read, the text of size n); n is about a hundred lines or names
SHAPES = [
    ("a line of comma-separated names", _extract, lambda n: _names(6 * n)),
    ("a label listing names", _extract, lambda n: "Attendees: " + _names(6 * n)),
    ("lines of one label", _extract, lambda n: "\n".join(f"Alice{i % 7}: hello Bob" for i in range(4 * n))),
    ("a front matter of many keys", _extract,
     lambda n: "---\n" + "\n".join(f"key{i}: Value {i}" for i in range(2 * n)) + "\n---\nAlice met Bob.\n"),
    ("sentences opening with new words", _extract, lambda n: " ".join(f"Word{i} went home." for i in range(4 * n))),
    ("links and code spans", _extract, lambda n: " ".join(f"`x{i}` [[Note {i}]] Alice #tag{i}" for i in range(2 * n))),
    ("quoted titles", _extract, lambda n: " ".join(f'"Song{i} of Ice" Song{i} was sung.' for i in range(2 * n))),
    ("minified JSON", _extract, lambda n: "{" + ",".join(f'"Key{i}":"Value {i}","Name":"Alice Bob"' for i in range(n)) + "}"),
    ("blank lines", _extract, lambda n: "Alice" + "\n" * (100 * n) + "Bob"),
    ("a label's value of blanks", _extract, lambda n: "Owner: Alice" + " " * (40 * n) + "x"),
    ("a front matter value of blanks", _extract, lambda n: "---\ntitle: a" + " " * (40 * n) + "b\n---\nAlice met Bob.\n"),
    ("a front matter key of blanks", _extract, lambda n: "---\na" + " " * (40 * n) + "b\n---\nAlice met Bob.\n"),
    # MultiMarkdown metadata (frontmatter._parse_mmd, readers 9): its first line's value, and a later key
    ("a metadata value of blanks", _extract, lambda n: "Title: a" + " " * (40 * n) + "b\n\nAlice met Bob.\n"),
    ("a metadata key of blanks", _extract, lambda n: "Title: a\nb" + " " * (40 * n) + "c: d\n\nAlice met Bob.\n"),
    ("a note of links and code, as sync reads it", _sync_reading,
     lambda n: "\n".join(f"`x{i}` [[Note {i}]] and ``y`` for Alice" for i in range(20 * n))),
    ("a front matter of many keys, as sync reads it", _sync_reading,
     lambda n: "---\n" + "\n".join(f"key{i}: value {i}" for i in range(20 * n)) + "\n---\nAlice met Bob.\n"),
    # git conflict markers that pair with no `>>>>>>>` (a regex searched from each opener: cubic, 30 s on 1000)
    ("git conflict openers and separators with no closer", lambda text: walk.merge_conflict_warning("note.md", text),
     lambda n: "<<<<<<< HEAD\n=======\n" * n),
    ("a line of conflict openers", lambda text: walk.merge_conflict_warning("note.md", text),
     lambda n: "<<<<<<<" * (50 * n)),
    # Roam's components (extract.roam, rules 21): a search's closing braces are counted once, not from each opener
    ("a line of unclosed Roam searches, as sync reads it", _sync_reading,
     lambda n: "- {{[[TODO]]}} x " + "{{[[query]]: {and " * (20 * n)),
    ("nested Roam components, as sync reads them", _sync_reading,
     lambda n: "- {{[[TODO]]}} " + "{{embed: " * (20 * n) + "}}" * (20 * n)),
    ("a Roam snippet of blanks", frontmatter.snippet_text, lambda n: "- {{[[TODO]]}} a" + " " * (40 * n) + "b"),
    # a first name's person cues (extract.firstnames, rules 25): a greeting or a sign-off before a run of blanks
    ("a greeting before blanks, beside a full name", _first_names, lambda n: "Hi" + " " * (40 * n) + "x\nElena Rossi"),
    ("a sign-off before blanks, beside a full name", _first_names,
     lambda n: "Thanks" + " " * (40 * n) + "x\nElena Rossi"),
]


def _seconds(read, text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        read(text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("what,read,shape", SHAPES, ids=[s[0] for s in SHAPES])
def test_time_grows_linearly(what, read, shape):
    small, large = shape(100), shape(800)
    base = _seconds(read, small, 3)
    if base < 0.002:  # too short to time: a larger base
        small, large = shape(400), shape(3200)
        base = _seconds(read, small, 3)
    ratio = _seconds(read, large, 2) / max(base, 1e-4)
    # 8 times the text: about 8 times the time when linear, 64 when quadratic (52-58 measured on
    # the old code); 32 leaves room for a busy machine
    assert ratio < 32, f"{what}: {len(small)} -> {len(large)} characters took {ratio:.0f} times as long"


def test_a_speaker_tag_is_read_from_its_own_line():
    # `^\s*` read a run of blank lines from each of its line starts again
    # (time growing with the square of the run); a tag is found from its own line
    text = "\n\n\n  Alice: hi\n"
    assert [(m.start(), m.group(1)) for m in heuristic.SPEAKER.finditer(text)] == [(3, "Alice")]
    assert heuristic.chat_speakers("\n\n\nAlice: hi\n\n\nAlice: bye") == {"Alice"}


class _Counted(str):
    """A text that counts the characters sliced out of it."""
    sliced = 0

    def __getitem__(self, key):
        part = str.__getitem__(self, key)
        if isinstance(key, slice):
            _Counted.sliced += len(part)
        return part


def test_no_name_copies_the_text_before_it():
    # each capitalised span searched the text up to it for a sentence start (text[:pos])
    text = _Counted(_names(3000))
    _Counted.sliced = 0
    found = HeuristicExtractor().extract_one(text)
    assert {m.name for m in found} >= {"Alice", "Carol Smith", "Heidi"}
    assert _Counted.sliced < 4 * len(text), _Counted.sliced


@pytest.mark.parametrize("text", [
    "", "\n", " ", "Alice", ". ", ".\n", "a. ", "a.", "a\n  ", '"', "(", "“ ", "a:\t", "a ;", "a\u2028", "a\x1c",
    "x" * 100 + " " * 100, "x." + " " * 100, "x" + " " * 100 + "\n" + " " * 100, " " * 300,
    # list items and quotes: a word after a line's marks starts a sentence
    "- a", "-a", "a - b", "x\n\t- a", "* a *b", "+ a", "1. a", "1) a", "1)a", "12) a (3) b", "- [ ] a", "- [x]a",
    "> a", ">a", "> > - a", "x > a", "  5 a", "- - a", "-\n a", "x\r\n- a",
    # a CJK full stop or colon ends a sentence with or without a blank after it
    "结束。Plays", "张伟：Bob", "好！ a", "x；\ta", "?Alice",
    # emphasis: a label's closing one (`**Status:** Blocked`), an opening one where a sentence starts
    "**Status:** Blocked", "- **Owner**: Priya", "a **b", "x. __b", "a_B", "***b", "> *a:* b", "x:**b",
    # a table's header cells: after a pipe in a line that opens with one and is followed by `|---|`
    "| A | b |", "|A|B|", "  | **A** |", "x | A", "x\n| a | B", "| a\nx | B", "| A | b |\n|---|---|",
    "|A|B|\n| :-: | -: |\n| c | D |", "x\n| a | **B** |\n  |-|-|\nx", "| A |\n| B |\n|---|", "| A |\n|x-|",
    # and its body cells, below the separator up to a line that opens with no pipe (rules 20)
    "| A |\n|-|\n| B | *C* |\n | D\nE | F\n| G |", "|-|\n| A |", "x\n|-|\n| A |", "| A |\n|-|\n|-|\n| B |\n\n| C |",
    # ... whose word is a common one (review revT: a lexicon's, a verb's form, one written in lower case too, a
    # sentence-case phrase's first), any other a value that names
    "| A |\n|-|\n| Fix login | Noma |\n| Blocked | **Waiting** |\n| Import | the import |\n| Oskar, Mila | x@y.z |",
    # an Obsidian callout's title
    "> [!note] A", "> [!warning]- A", ">[!tip]+ A b", "x [!note] A", "- [!note] A",
])
def test_a_sentence_start_is_the_pattern_s(text):
    lines = text.split("\n")

    def body_row(i: int) -> bool:  # a table's body row: below its `|---|` line, or below another body row
        return i > 0 and lines[i].lstrip(" \t").startswith("|") and (body_row(i - 1) or (
            i > 1 and lines[i - 2].lstrip(" \t").startswith("|") and bool(heuristic.TABLE_SEPARATOR.fullmatch(lines[i - 1]))))

    def pattern_s(pos: int) -> bool:
        if heuristic.SENTENCE_START.search(text[:pos]):
            return True
        if not heuristic.TABLE_CELL.search(text[:pos]):
            return False
        end = text.find("\n", pos)  # a table's header row: the line after it is the separator
        return (end >= 0 and heuristic.TABLE_SEPARATOR.match(text, end + 1) is not None) \
            or (body_row(text.count("\n", 0, pos)) and common_cell(pos))  # or a body row's common word (rules 20)

    def common_cell(pos: int) -> bool:  # the cell's word is common, or opens a phrase in sentence case
        cell = re.split(r"[|\n]", text[pos:], maxsplit=1)[0].strip(" \t*_")
        words = re.findall(r"[^\s,]+", cell)
        if not words or not words[0][:1].isalpha():
            return False
        lowered = set(re.findall(r"(?<![\w'’@./-])[a-z][a-z'’-]*(?![\w@/]|\.\w)", text))
        return (len(words) > 1 and all(re.fullmatch(r"[a-z][a-z'’-]*", w) for w in words[1:])) \
            or heuristic._common_cell_word(words[0], lowered)

    for pos in range(len(text) + 1):
        assert heuristic._sentence_start(text, pos) == pattern_s(pos), (text, pos)


def test_a_chunk_reads_the_front_matter_entries_on_its_lines():
    text = "---\n" + "\n".join(f"key{i}: value {i}" for i in range(300)) + "\n---\nBody\n"
    found = frontmatter.of_note(text)
    for start, end in [(0, 40), (500, 900), (text.index("key150"), text.index("key151")), (len(text) - 10, len(text))]:
        part = found.part(start, end)
        expected = [(e.key, v) for e in found.entries for v, s in zip(e.values, e.spans) if s[0] < end and start < s[1]]
        assert [(e.key, v) for e in part.entries for v in e.values] == expected
