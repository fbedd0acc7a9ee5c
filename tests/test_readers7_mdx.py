"""Readers 7 (qa26, a technical writer's docs sites): an MDX page (`.mdx`,
Docusaurus and Nextra write them) is a note, and what MDX reads as
JavaScript in it is code: its `import` / `export` lines, its lines of JSX
tags and its `{/* comments */}` name nothing and link nothing (a Docusaurus
site's top names were `Tabs`, `TabItem` and `@theme`, and every tab's label,
`Python`, `Go`, `Linux`, a name). Its prose, admonitions and Markdown are
read as a Markdown note's. Before, the sync skipped it: `not a note file (.mdx)`,
so a docs site's pages were not searched at all."""

from __future__ import annotations

import pytest

from minirag_cli.chunking import chunk_text
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.extract.mdcode import MDX, code_kind, kind_blocks
from minirag_cli.frontmatter import of_note as read_front_matter
from minirag_cli.sync import note_readings
from minirag_cli.walk import NOTE_EXTENSIONS

PAGE = """\
---
sidebar_position: 3
title: Rate limits
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

export const Highlight = ({children}) => (
  <span style={{color: 'green'}}>{children}</span>
);

The Orbit REST API allows 120 requests per minute per project token.

{/* TODO: ask Lucia Ferrante for the Deploy Queue diagram */}

:::warning Over the limit
Requests over the limit get a 429 from Marco Bellini's gateway.
:::

<Tabs groupId="lang">
  <TabItem value="py" label="Python">

  ```python
  orbit.Client(token, max_rps=2)
  ```

  </TabItem>
  <TabItem
    value="go"
    label="Go">

  Ask Priya Raman about that client.

  </TabItem>
</Tabs>

<CodeBlock language="hcl">
{`terraform {
  source = "Orbit Registry"
}`}
</CodeBlock>

See also [pagination](./pagination.mdx) and the [[Deploy Guide]].
"""

IN_JS = {"Tabs", "TabItem", "Tab Item", "@theme", "Highlight", "Python", "Go", "Lucia Ferrante", "Deploy Queue",
         "Code Block", "CodeBlock", "Orbit Registry"}
PROSE = {"Orbit REST API", "Marco Bellini", "Priya Raman", "Deploy Guide"}


def read_names(text: str, path: str, size: int = 400) -> set[str]:
    """The names the heuristic extractor reads in the note at `path`, chunk by chunk as sync reads
    them (its front matter, which covers the first chunk, included)."""
    chunks = chunk_text(text, size=size, overlap=8)
    matter = read_front_matter(text)
    texts, parts, _speakers, _laid = note_readings(chunks, path, matter)
    return {m.name for ms in HeuristicExtractor().extract(texts, parts) for m in ms if m.type != "date"}


def test_mdx_is_a_note_file_of_its_own_kind():
    assert ".mdx" in NOTE_EXTENSIONS
    assert code_kind("docs/api/rate-limits.mdx") == MDX and code_kind("Page.MDX") == MDX
    assert code_kind("rate-limits.md") is None


@pytest.mark.parametrize("size", [400, 30])
def test_an_mdx_page_s_javascript_names_nothing(size):
    found = read_names(PAGE, "docs/rate-limits.mdx", size)
    assert PROSE <= found
    assert not found & IN_JS
    # read as a Markdown note, the same lines are text (how main read such a page as `.md`)
    assert read_names(PAGE, "rate-limits.md", size) & IN_JS


def test_the_code_under_a_front_matter_block_is_code_in_the_chunk_it_covers():
    # one chunk holds the whole page and its front matter: it was read as written, its `import`
    # lines and JSX named `Tabs`, `@theme`, `Python` even once `.mdx` was read (sync.note_readings)
    chunks = chunk_text(PAGE, size=400, overlap=8)
    assert len(chunks) == 1
    texts, parts, _speakers, _laid = note_readings(chunks, "p.mdx", read_front_matter(PAGE))
    assert parts[0] is not None and "~~~\nimport Tabs" in texts[0]
    assert texts[0].startswith(PAGE[:parts[0].end])


@pytest.mark.parametrize("line", [
    "import the keys before you start.\n",  # no ESM: MDX needs a blank, `{` or `*` after the word
    "{LIMIT} requests a minute is the default.\n",  # an expression with prose after it on its line
    "<Highlight color=\"#25c2a0\">Docusaurus green</Highlight> is our colour.\n",  # a tag beside text
    "<div class=\"note\">\n",  # HTML, read as a Markdown note's
    "```js\nimport x from 'y';\n```\n",  # a fence's text is the fence's
])
def test_what_is_no_mdx_javascript(line):
    assert [b for b in kind_blocks(line, MDX) if line[b[0]:b[1]].strip()] == []


def test_a_sync_indexes_an_mdx_page_and_its_prose(tmp_path, conn, embedder, extractor):
    from tests.test_sync import run

    root = tmp_path / "site"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "rate-limits.mdx").write_text(PAGE)
    (root / "docs" / "pagination.mdx").write_text("---\ntitle: Pagination\n---\n\nPages hold 50 items.\n")
    (root / "README.md").write_text("Read [pagination](docs/pagination.mdx).\n")
    result = run(conn, root, embedder, extractor)
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert paths == {"docs/rate-limits.mdx", "docs/pagination.mdx", "README.md"}
    assert not [s for s in result.skipped if s["path"].endswith(".mdx")]
    names = {name for (name,) in conn.execute("SELECT name FROM entities")}
    assert PROSE <= names
    assert not names & IN_JS
