"""Leftover of review revP: a fenced code block inside a block quote (`> ```python` ... `> ````, as a
note quotes a snippet from a chat or a doc) was no code to mdcode: a `~~~` one was read as text, its
comments' names and class names counted (`Owner`, `InvoiceParser`), and a ```` ``` ```` one only as
an inline span, which a backtick run in the code or a chunk's cut broke. It is a fence now (mdcode:
readers 9, heuristic rules 20), closed at its closing line in the quote or where the quote ends."""

from __future__ import annotations

import pytest

from minirag_cli.chunking import chunk_text
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.extract.mdcode import chunk_readings, find_code, without_code

CODE = "# Owner: Priya Raman\nclass InvoiceParser:\n    TOKEN = '```'  # Heron Board\n"


def quoted(fence: str, depth: int = 1, close: bool = True) -> str:
    mark = "> " * depth
    lines = [f"{mark}{fence}python", *(f"{mark}{line}" for line in CODE.splitlines())]
    return "\n".join([*lines, f"{mark}{fence}"] if close else lines) + "\n"


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


@pytest.mark.parametrize("text", [
    f"Karl Brenner pasted:\n\n{quoted('```')}\nThen lunch.\n",
    f"Karl Brenner pasted:\n\n{quoted('~~~')}\nThen lunch.\n",
    f"Karl Brenner pasted:\n\n{quoted('~~~', depth=2)}\nThen lunch.\n",  # a quote in a quote
    # nothing closes it in the quote: the quote's end (the blank line) ends it
    f"Karl Brenner pasted:\n\n{quoted('```', close=False)}\nThen lunch with Maria Lopez.\n",
])
def test_a_fence_in_a_block_quote_names_nothing(text):
    assert names(text) <= {"Karl Brenner", "Maria Lopez"}, names(text)
    assert "Karl Brenner" in names(text)
    assert ("Maria Lopez" in names(text)) is ("Maria Lopez" in text)  # read after the quote
    [fence] = [c for c in find_code(text) if c.kind == "fence"]
    assert text[fence.start:fence.end].startswith("> ")


def test_the_quote_goes_on_after_its_fence():
    text = f"{quoted('~~~')}> Said by Maria Lopez.\n"
    assert names(text) == {"Maria Lopez"}
    assert "Maria Lopez" in without_code(text) and "Priya" not in without_code(text)


@pytest.mark.parametrize("item", ["- ", "1. ", "  * "])
def test_a_fence_in_a_quote_in_a_list_item_is_code(item):
    # review revS: the item's marker before the quote's (`- > ```python`) hid the fence: read as text
    indent = " " * len(item)
    body = "".join(f"{indent}> {line}\n" for line in CODE.splitlines())
    text = f"Karl Brenner pasted:\n\n{item}> ```python\n{body}{indent}> ```\n{item}Then lunch with Maria Lopez.\n"
    assert names(text) == {"Karl Brenner", "Maria Lopez"}, names(text)
    [fence] = [c for c in find_code(text) if c.kind == "fence"]
    assert text[fence.start:fence.end].endswith("> ```")  # closed at its closing line, not run on
    # a line of the item out of the quote ends the quote, and its fence, as without the item
    text = f"{item}> ```python\n{indent}> class InvoiceParser:\n{indent}Then lunch with Maria Lopez.\n"
    assert names(text) == {"Maria Lopez"}, names(text)


def test_a_quote_marker_alone_opens_no_fence():
    # a `>` line whose text is no fence, and a fence line not in the quote: as before
    assert names("> Quote from Maria Lopez\n> about ```code``` here\n") == {"Maria Lopez"}
    assert [c.kind for c in find_code("> note\n```\nx = Heron\n```\n")] == ["fence"]


def test_a_chunk_cut_inside_a_quoted_fence_reads_it_as_code():
    note = "Karl Brenner pasted:\n\n" + quoted("~~~") * 3 + "\nThen lunch with Maria Lopez.\n"
    for size, overlap in ((12, 3), (6, 0)):
        chunks = chunk_text(note, size, overlap)
        assert len(chunks) > 3
        read = set().union(*(names(text) for text in chunk_readings(chunks, markdown=True)))
        assert read == {"Karl Brenner", "Maria Lopez"}, (size, overlap, read)


@pytest.mark.parametrize("after_item", ["next para\n", "  plain line\n"])
def test_a_plain_fence_after_a_quoted_one_ended_early_is_code(after_item):
    """Review rdA: a quoted fence in a list item ended by a line without its markers left its quote (or
    its item) set, so a later plain fence closed on its own opening line: its code was read as text
    (`class Foo: Priya`) and its closing line opened a fence that hid the note's last line."""
    text = (f"- > ```python\n  > x = 1\n{after_item}\n```\nclass Foo: Priya\nmore Jonas\n```\n"
            "after with Maria Lopez\n")
    fences = [text[c.start:c.end] for c in find_code(text) if c.kind == "fence"]
    assert any("class Foo" in f and "more Jonas" in f for f in fences), fences
    assert not any("Maria Lopez" in f for f in fences), fences
    assert names(text) == {"Maria Lopez"}, names(text)
