"""Front matter (frontmatter.py): the YAML block Obsidian, Jekyll and Hugo
notes open with: the parser's rules on well-formed and malformed blocks.
(The extractor's reading is in test_bad_input.py.)"""

from __future__ import annotations

import pytest

from minirag_cli import frontmatter

BLOCK = "---\ntitle: \"Re: lunch\"\ndate: 2024-05-01 14:30\ntags: [a, 'b c']\naliases:\n  - X\n- Y\n---\nBody\n"


def test_a_block_of_keys_values_and_lists():
    fm = frontmatter.parse(BLOCK)
    assert [(e.key, e.values) for e in fm.entries] == [
        ("title", ("Re: lunch",)), ("date", ("2024-05-01 14:30",)), ("tags", ("a", "b c")), ("aliases", ("X", "Y"))]
    assert BLOCK[fm.end:] == "Body\n" and fm.date_line() == "date: 2024-05-01 14:30"
    assert fm.values("TITLE", "Aliases") == ["Re: lunch", "X", "Y"]
    # closed by `...`; comments, blank lines, a nested mapping and a block scalar
    fm = frontmatter.parse("---\n# c\n\nauthor:\n  name: Jane Doe\nabout: |\n  two\n  lines\n...\nrest")
    assert [(e.key, e.values) for e in fm.entries] == [("author", ("Jane Doe",)), ("about", ("two", "lines"))]
    assert fm.date_line() == ""


@pytest.mark.parametrize("text,body", [
    ("\ufeff---\r\ndate: 2024-05-01\r\n---\r\nBody\r\n", "Body\r\n"),  # a byte order mark, Windows line ends
    ("--- \ndate: 2024-05-01\n---  \nBody", "Body"),  # trailing spaces
    ("---\ndate: 2024-05-01\n---", ""),  # nothing after the block
    ("---\n---\nBody", "Body"),  # an empty block
    ("---\ndate: 2024-05-01\n---\nBody\n---\nmore: text\n---\n", "Body\n---\nmore: text\n---\n"),  # a later rule
])
def test_the_block_ends_at_its_closing_line(text, body):
    fm = frontmatter.parse(text)
    assert fm is not None and text[fm.end:] == body


@pytest.mark.parametrize("text", [
    "", "---", "---\n", "--- \n", "----\nkey: v\n----\n", "---x\nkey: v\n---\n",
    "---\ndate: 2024-05-01\nnever closed\n",  # no closing line: prose follows
    "---\ndate: 2024-05-01\n",  # no closing line at all
    "---\nA rule opens this note.\n---\n",  # prose between two rules
    "---\n- an item before any key\n---\n", "---\n  indented first\n---\n", "---\n: no key\n---\n",
    "Intro\n---\ndate: 2024-05-01\n---\n",  # not at the start
    "\n---\ndate: 2024-05-01\n---\n",
])
def test_no_front_matter(text):
    assert frontmatter.parse(text) is None


def test_no_text_breaks_the_parser():
    """Every prefix of a block, and the block with any one line end removed
    or doubled, parses or is None: never an exception."""
    text = "\ufeff" + BLOCK.replace("\n", "\r\n") + "---\n...\n[x]\n"
    for n in range(len(text) + 1):
        frontmatter.parse(text[:n])
    for i, c in enumerate(text):
        if c == "\n":
            frontmatter.parse(text[:i] + text[i + 1:])
            frontmatter.parse(text[:i] + "\n\n" + text[i + 1:])
