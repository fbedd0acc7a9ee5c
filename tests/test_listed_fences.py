"""Session 56 (codefence; the tester's Logseq graph of a software lead): a fenced code block inside a
list item, on a line of the item's own (`\\t  ```` under `\\t- stack trace from the pods:`, as Logseq
and any nested Markdown list write it), was no fence to mdcode (indented four columns or more): its
backticks were read as a code span to the next fence's. And a chunk that started at a fence's first
line after its indentation (the chunker starts a chunk at a word) was taken to start inside it: read
with an extra opening fence, its own fences paired wrongly and the incident's action items after them
(Priya, Diego, PAY-1201, PAY-1202, PR #4530) were read as code. Such a fence is the item's now
(CommonMark), and chunk_readings reads a fence in a list item in a `~~~` fence of its own."""

from __future__ import annotations

import pytest

from minirag_cli.chunking import chunk_text
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.extract.mdcode import chunk_readings, find_code

INCIDENT = (
    "type:: incident\nservice:: [[checkout-api]]\nseverity:: SEV2\ndate:: [[2026-12-01]]\nstatus:: resolved\n\n"
    "- ## Summary\n"
    "\t- On Tue Dec 1 checkout-api p99 latency went from ~350ms to 9s for 47 minutes. ~6% of checkouts failed.\n"
    "- ## Timeline (UTC)\n"
    "\t- 14:32 alert `CheckoutP99High` fires, Tomasz acks\n"
    "\t- 14:38 Tomasz declares SEV2, becomes IC\n"
    "\t- 14:51 suspect: PR #4512 changed pgbouncer pool size 50 -> 10 (deployed 14:20)\n"
    "\t- 15:05 rollback started\n\t- 15:19 latency back to normal, incident mitigated\n\t- 16:00 resolved\n"
    "- ## Root cause\n"
    "\t- connection pool starvation: pool_size lowered in config by PR #4512, under lunch-peak EU traffic the "
    "pool was exhausted\n"
    "\t- ```yaml\n\t  database:\n\t    pool_size: 10   # was 50\n\t    pool_timeout: 30s\n\t  ```\n"
    "\t- stack trace from checkout-api pods:\n"
    "\t  ```\n"
    "\t  sqlalchemy.exc.TimeoutError: QueuePool limit of size 10 overflow 0 reached, connection timed out\n"
    '\t    File "/app/checkout/handlers/create.py", line 88, in create_order\n'
    '\t    File "/app/checkout/db.py", line 41, in session\n'
    "\t  ```\n"
    "- ## Action items\n"
    "\t- DONE revert pool config (PR #4530)\n"
    "\t- TODO add a config lint for pool_size < 30 in prod — owner Priya, PAY-1201\n"
    "\t- TODO load test before config changes — owner Diego, PAY-1202\n"
    "- ## Duration\n\t- customer impact 47 min (14:32–15:19 UTC)\n")

CODE = "class InvoiceParser:\n    owner = 'Heron Board'  # Karl Brenner\n"


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


def chunk_names(note: str, size: int, overlap: int) -> set[str]:
    return set().union(*(names(text) for text in chunk_readings(chunk_text(note, size, overlap), markdown=True)))


def test_the_incidents_action_items_are_read_after_its_fences():
    chunks = chunk_text(INCIDENT, 120, 20)
    assert len(chunks) == 2 and INCIDENT[chunks[1].start_char - 1] == "\t"  # the second starts at `- ```yaml`
    read = chunk_names(INCIDENT, 120, 20)
    assert {"Priya", "Diego", "PAY-1201", "PAY-1202", "PR #4530", "Tomasz"} <= read, read
    assert not {"QueuePool", "TimeoutError", "File"} & read, read


def listed(item: str, fence: str, close: bool = True, info: str = "python") -> str:
    """`CODE` in a fence on a line of its own under a list item `item` (its marker and indentation)."""
    marker = item.lstrip(" \t")
    indent = item[:len(item) - len(marker)] + " " * len(marker)  # the item's text's column
    body = "".join(f"{indent}{line}\n" for line in [fence + info, *CODE.splitlines()] + ([fence] if close else []))
    return f"{item}pasted by Maria Lopez:\n{body}"


# the names the prose around CODE holds, whole or cut by a chunk's edge
PROSE_NAMES = {"Maria Lopez", "Jonas Weber", "Maria", "Lopez", "Jonas", "Weber"}
ITEMS = ["\t- ", "\t\t- ", "    - ", "  * ", "    1. "]


@pytest.mark.parametrize("item", ITEMS)
@pytest.mark.parametrize("fence", ["```", "~~~", "````"])
def test_a_fence_on_a_list_items_own_line_is_a_fence(item, fence):
    text = f"- Standup notes\n{listed(item, fence)}- Lunch with Jonas Weber.\n"
    blocks = [c for c in find_code(text) if c.kind != "span"]
    assert [c.kind for c in blocks] == ["fence"], blocks
    assert text[blocks[0].start:blocks[0].end].strip().startswith(fence + "python")
    assert text[blocks[0].start:blocks[0].end].endswith(fence)  # closed at its closing line
    assert names(text) == {"Maria Lopez", "Jonas Weber"}, names(text)


@pytest.mark.parametrize("item", ITEMS)
@pytest.mark.parametrize("fence, info", [("```", "python"), ("~~~", ""), ("~~~", "python"), ("~~~~", "")])
def test_a_chunk_cut_anywhere_in_or_at_a_listed_fence_reads_it_as_code(item, fence, info):
    # a fence as a chunk's first line (after its indentation), a chunk edge inside the block (the
    # chunk's part stays code), one after it. A chunk that starts at a bare `~~~` after its indentation
    # closed the `~~~` fence chunk_readings reads the block in (fixCF): its code was read as names
    note = "- Standup notes\n" + listed(item, fence, info=info) * 3 + "- Lunch with Jonas Weber.\n"
    for size in range(4, 30):
        # with no overlap, a tab the chunks leave out between them is laid as a space (mdcode.laid_note): a
        # tab-indented block's columns are not the note's
        for overlap in (1, 2) if "\t" in item else (0, 1, 2):
            read = chunk_names(note, size, overlap)  # a small chunk may cut a name in two
            assert read <= PROSE_NAMES and read & {"Jonas Weber", "Jonas", "Weber"}, (size, overlap, read)


def test_a_listed_fence_nothing_closes():
    # the item's end ends it (CommonMark): what follows is read
    text = f"{listed(chr(9) + '- ', '```', close=False)}- Lunch with Jonas Weber.\n"
    assert names(text) == {"Maria Lopez", "Jonas Weber"}, names(text)
    # nothing ends it: code to the note's end, in every chunk
    note = "- Standup notes\n" + listed("\t- ", "```") * 2 + listed("\t- ", "```", close=False) + "".join(f"\t  {line}\n" for line in CODE.splitlines() * 3)
    blocks = [c for c in find_code(note) if c.kind == "fence"]
    assert len(blocks) == 3 and blocks[-1].end == len(note)
    for size, overlap in ((6, 1), (9, 2), (14, 3)):
        assert chunk_names(note, size, overlap) <= PROSE_NAMES, (size, overlap)


@pytest.mark.parametrize("text", [
    # a fence at column 0, and one indented less than four, as before
    f"- Standup notes\n```python\n{CODE}```\nLunch with Jonas Weber.\n",
    f"- Standup notes\n  ```python\n  {CODE}  ```\nLunch with Jonas Weber.\n",
    # code spans in list items: spans
    "- run `make deploy` with Jonas Weber\n\t- then ``` `x` ``` again\n",
])
def test_fences_at_column_0_and_spans_read_as_before(text):
    kinds = [c.kind for c in find_code(text)]
    assert kinds == (["span", "span"] if "run" in text else ["fence"]), kinds
    assert "Jonas Weber" in names(text)


def test_an_indented_fence_outside_a_list_or_past_its_items_text_is_no_fence():
    # an indented code block that shows a fence (no list item open), and one indented four columns past
    # the item's text (the item's indented code): no fence, as before
    for text in ("Write it so:\n\n    ```\n    class InvoiceParser: pass\n    ```\n",
                 "- Write it so:\n\n          ```\n          class InvoiceParser: pass\n          ```\n"):
        assert "fence" not in [c.kind for c in find_code(text, indented=True)]
    # a paragraph at column 0 ends the item: a fence indented after it is no item's
    text = "- item\nParagraph.\n\n    ```\n    x = 1\n    ```\n"
    assert "fence" not in [c.kind for c in find_code(text)]


@pytest.mark.parametrize("opening", ["  ```", "   ~~~", "  <pre>"])
def test_a_chunk_that_starts_at_an_indented_blocks_first_line_holds_it(opening):
    # a fence (no info string) or an HTML block indented one to three spaces: a chunk starting at its
    # first line was taken to start inside it, its own opening line read as the closing one
    closing = "  </pre>" if "pre" in opening else opening.rstrip()
    block = f"{opening}\n  class InvoiceParser:  # Karl Brenner\n  owner = 'Heron Board'\n{closing}\n"
    note = "Notes from the review.\n\n" + block * 3 + "Lunch with Jonas Weber.\n"
    for size in range(4, 20):
        for overlap in range(0, 3):
            read = chunk_names(note, size, overlap)
            assert read <= PROSE_NAMES and read & {"Jonas Weber", "Jonas", "Weber"}, (size, overlap, read)


def test_a_placeholder_in_a_listed_fence_makes_no_template():
    # the file readers read the fence so too (readers 17): a `{{client}}` shown in a Logseq page's code,
    # after a blank line in it (no code span runs across one), is no template's placeholder
    from minirag_cli.template_notes import placeholders

    text = "- How the mail merge is written:\n\t- the template:\n\t  ```\n\t  Dear team,\n\n\t  Hello {{client}}\n\t  ```\n"
    assert placeholders("templates/mail merge.md", text) == []
    assert placeholders("templates/mail merge.md", text.replace("\t  ```\n", "")) == ["{{client}}"]


# a closing fence indented less than the item's text, as people write it (fixCF, review of codefence):
# it ended the item, then opened a fence that hid the item's siblings after it
CLOSED_LESS = [
    "- Root cause\n\t- trace:\n\t  ```\n\t  TimeoutError QueuePool\n\t```\n\t- owner Priya Patel\n"
    "\t- reviewer Diego Ramos\n- Action: call Hannah Schmidt.\n",
    "- Root cause\n    - trace:\n      ```\n      TimeoutError QueuePool\n    ```\n    - owner Priya Patel\n"
    "    - reviewer Diego Ramos\n- Action: call Hannah Schmidt.\n",
    "- Root cause\n\t- ```\n\t  TimeoutError QueuePool\n\t```\n\t- owner Priya Patel\n"
    "\t- reviewer Diego Ramos\n- Action: call Hannah Schmidt.\n",
    "- Root cause\n\t- trace:\n\t  ~~~~\n\t  TimeoutError QueuePool\n~~~~~\n\t- owner Priya Patel\n"
    "\t- reviewer Diego Ramos\n- Action: call Hannah Schmidt.\n",
]


@pytest.mark.parametrize("text", CLOSED_LESS)
def test_a_bare_fence_line_closes_a_list_items_fence_at_any_indentation(text):
    want = {"Priya Patel", "Diego Ramos", "Hannah Schmidt"}
    assert names(text) == want, names(text)
    blocks = [c for c in find_code(text) if c.kind == "fence"]
    assert len(blocks) == 1 and text[blocks[0].start:blocks[0].end].rstrip().endswith(("```", "~~~~~"))
    for size, overlap in ((5, 1), (8, 2), (12, 2)):
        read = chunk_names(text, size, overlap)
        assert {"Priya Patel", "Diego Ramos"} <= read and not {"TimeoutError", "QueuePool"} & read, (size, read)


def test_a_shorter_or_other_fence_line_closes_no_list_items_fence():
    # `~~~` closes no ```` ``` ````, three backticks no four: the block runs on to the item's end
    for opening, other in (("```", "~~~"), ("````", "```")):
        text = (f"- Root cause\n\t- trace:\n\t  {opening}\n\t  TimeoutError QueuePool\n\t  {other}\n"
                "\t  Karl Brenner\n- Call Hannah Schmidt.\n")
        assert names(text) == {"Hannah Schmidt"}, (opening, names(text))


@pytest.mark.parametrize("paragraph", [
    "\t~~~ that was a joke ~~~ said Anna Berg.\n\tThen Lars Nilsson left.\n",
    "\t``` no code here ``` said Anna Berg.\n\tThen Lars Nilsson left.\n",
    "    ~~~~ a row of tildes ~~~~ and Anna Berg.\n    Then Lars Nilsson left.\n",
])
def test_a_tab_indented_paragraph_after_a_list_that_starts_with_tildes_is_text(paragraph):
    # a line with another fence's run after its own is no fence's opening line (fixCF): it was one, and
    # the paragraph's names were code
    text = f"- shopping\n- errands\n\n{paragraph}\nLater Olga Sokolova came.\n"
    assert {"Anna Berg", "Lars Nilsson", "Olga Sokolova"} <= names(text), names(text)
    assert "fence" not in [c.kind for c in find_code(text)]


def test_a_listed_fences_wrapper_is_worked_out_once(monkeypatch):
    # a fence of megabytes under a list item spans thousands of chunks: its `~~~` wrapper was worked out
    # from the whole block once a chunk (a 2 MB log, 33 s); once a block now
    import minirag_cli.extract.mdcode as mdcode

    calls = []
    real = mdcode._block_fence
    monkeypatch.setattr(mdcode, "_block_fence", lambda block: calls.append(len(block)) or real(block))
    log = "".join(f"\t  2026-11-28T14:02:{i % 60:02d}Z INFO billing-api request id={i} took 12ms\n" for i in range(300))
    note = f"- Incident\n\t- log:\n\t  ```\n{log}\t  ```\n- Ask Priya Patel.\n"
    chunks = chunk_text(note, 20, 2)
    assert len(chunks) > 50
    texts = mdcode.chunk_readings(chunks, markdown=True)
    assert len(calls) == 1 and "Priya Patel" in names(texts[-1])
