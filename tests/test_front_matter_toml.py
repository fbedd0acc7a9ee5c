"""Hugo's TOML front matter (`+++` ... `+++`; heuristic rules 18, qa26): read as
the YAML block is. Before, a Hugo page's chunks were headed `+++` (no title, no
date line: a later chunk was not found by its page's title, and the page was
dated by its file name alone), its snippet opened with the block, its keys were
text (`title = "Rate limits"`) and a quoted value a work's title (`author =
"Ines Okafor"` made Ines Okafor a `work`)."""

from __future__ import annotations

import pytest

from minirag_cli import frontmatter
from minirag_cli.extract.heuristic import HeuristicExtractor

PAGE = """\
+++
title = "Acme Pay API 2.4 released"
date = 2026-11-03T10:00:00Z   # publish time
tags = ["api", "release-notes"]
author = "Ines Okafor"
weight = 20
aliases = [
  "/blog/api-2-4/",
  "Release 2.4",
]
summary = \"\"\"
Idempotency window doubled.
\"\"\"

[params]
  reviewer = "Bartek Nowak"
+++

Version 2.4 of the Acme Pay API is out; Marco Bellini wrote the migration guide.
"""


def test_a_hugo_block_is_read_as_a_yaml_one():
    found = frontmatter.parse(PAGE)
    assert found is not None and PAGE[found.end:].startswith("\nVersion 2.4")
    assert found.values("title") == ["Acme Pay API 2.4 released"]
    assert found.values("tags") == ["api", "release-notes"]
    assert found.values("aliases") == ["/blog/api-2-4/", "Release 2.4"]
    assert found.values("summary") == ["Idempotency window doubled."]
    assert found.values("params.reviewer") == ["Bartek Nowak"]
    assert found.values("weight") == ["20"]
    # the header's date line is written as the YAML one, which the dating readers read
    assert found.date_line() == "date: 2026-11-03T10:00:00Z"
    assert frontmatter.head(PAGE, 120) == "Acme Pay API 2.4 released · date: 2026-11-03T10:00:00Z"
    assert frontmatter.head_date_line(frontmatter.head(PAGE, 120)) == "date: 2026-11-03T10:00:00Z"
    assert frontmatter.opens_block("+++") and frontmatter.opens_block("\ufeff---\r")


@pytest.mark.parametrize("text", [
    "+++\nthis is prose between two rules\n+++\n",  # no `key = value`
    "+++\ntitle = \"Never closed\"\n\nSome text.\n",  # nothing closes it
    "\n+++\ntitle = \"After a blank line\"\n+++\n",  # not the note's first line
])
def test_what_is_no_toml_block(text):
    assert frontmatter.parse(text) is None


def test_a_hugo_page_s_keys_name_nothing_and_its_title_is_a_name():
    found = {m.name: m.type for m in HeuristicExtractor().extract_one(PAGE)}
    assert found.get("Acme Pay API 2.4 released") == "name"  # its title, whole
    assert found.get("Ines Okafor") not in (None, "work")  # a quoted value was a work's title
    assert {"Bartek Nowak", "Marco Bellini"} <= set(found)
    assert "#release-notes" in found
    assert not {"title", "date", "tags", "author", "params", "weight"} & {n.lower() for n in found}


def test_a_synced_hugo_page_is_headed_by_its_title_and_date(tmp_path, conn, embedder, extractor):
    from tests.test_sync import run

    root = tmp_path / "site"
    (root / "content" / "posts").mkdir(parents=True)
    (root / "content" / "posts" / "release.md").write_text(PAGE)
    run(conn, root, embedder, extractor)
    headers = [h for (h,) in conn.execute("SELECT header FROM chunks")]
    assert headers and all(h.startswith("Acme Pay API 2.4 released · date: 2026-11-03T10:00:00Z") for h in headers)


def test_a_re_extraction_reads_a_hugo_page_s_block_from_its_stored_chunks():
    # sync._reextract (a rules bump) reads a note's front matter back from its chunks: it took a
    # `+++` page for one with none, and its headers stayed `+++`
    from minirag_cli.chunking import chunk_text
    from minirag_cli.sync import stored_note

    text, found = stored_note(chunk_text(PAGE, size=30, overlap=5))
    assert found is not None and found.values("title") == ["Acme Pay API 2.4 released"]
    assert text.startswith("+++\ntitle")
