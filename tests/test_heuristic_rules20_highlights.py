"""Heuristic rules 20, qa31's part (a reader of Kindle and Readwise highlights):
Readwise's export ends each highlight with a link back to its place in the
book, `([Location 1234](https://readwise.io/to_kindle?…))` (`[View
Highlight](…)` for an article, `[View Tweet](…)` for a tweet), which made
`Location` the folder's top name (40 mentions in five notes); the Kindle
Highlights plugin's notes named their `[Kindle link](kindle://…)`, their
`* ASIN: B00X47ZVXM` line's label and code, and their cover URL's `SY400`;
every Readwise note's `- Full Title:` label was a name. None of them names
anything now; the names around them are read as before."""

from __future__ import annotations

from minirag_cli import frontmatter
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor

READWISE = """# Thinking, Fast and Slow

![rw-book-cover](https://images-na.ssl-images-amazon.com/images/I/41shZGS-G%2BL._SL200_.jpg)

## Metadata
- Author: [[Daniel Kahneman]]
- Full Title: Thinking, Fast and Slow
- Document Tags: [[psychology]]
- Category: #books

## Highlights
- The law of least effort applies to cognitive exertion. ([Location 710](https://readwise.io/to_kindle?action=open&asin=B00555X8OA&location=710))
    - Note: This is why defaults matter, as Priya Raman says.
- Writing is the medium of thinking. ([View Highlight](https://read.readwise.io/read/01hb2c3d4e5f6g7h8j9k0m1n2p))
- Most execution problems are strategy problems. ([View Tweet](https://twitter.com/shreyas/status/1489012345678901234))
- Sunlight in the morning sets the clock. ([Time 0:12:40](https://share.snipd.com/snip/8f1e))
"""

KINDLE_PLUGIN = """---
kindle-sync:
  bookId: '41872'
  title: 'Deep Work'
  author: Cal Newport
  asin: B00X47ZVXM
  bookImageUrl: 'https://m.media-amazon.com/images/I/41yafGMO+rL._SY400_.jpg'
  highlightsCount: 4
---
# Deep Work

## Metadata
* Author: [Cal Newport](https://www.amazon.com/Cal-Newport/e/B001IGLQ8O)
* ASIN: B00X47ZVXM
* Reference: https://www.amazon.com/dp/B00X47ZVXM
* [Kindle link](kindle://book?action=open&asin=B00X47ZVXM)

## Highlights
> Attention residue: when you switch tasks, your attention doesn't follow.
— location: [611](kindle://book?action=open&asin=B00X47ZVXM&location=611) ^ref-26471
"""


def test_the_rules_are_20():
    assert VERSION == 20


def names(text: str) -> set[str]:
    matter = frontmatter.of_note(text)
    found = HeuristicExtractor().extract_one(text, matter) if matter is not None else \
        HeuristicExtractor().extract_one(text)
    return {m.name for m in found}


def test_a_readwise_export_names_its_author_not_its_links_back():
    found = names(READWISE)
    assert {"Location", "View Highlight", "View Tweet", "Time", "Full Title", "Document Tags"} & found == set()
    assert {"Daniel Kahneman", "Priya Raman", "psychology", "#books"} <= found


def test_a_kindle_plugin_note_names_no_code_nor_cover():
    found = names(KINDLE_PLUGIN)
    assert {"ASIN", "B00X47ZVXM", "SY400", "Kindle", "B001IGLQ8O"} & found == set()
    assert {"Cal Newport", "Deep Work", "Attention residue"} <= found


def test_other_links_and_urls_still_name_as_before():
    found = names("I met [Apollo 11](https://en.wikipedia.org/wiki/Apollo_11) fans and [Priya Raman](https://x.com/p) "
                  "at the Kindle store. The Location of the Page was Times Square, see https://example.com/API.\n")
    assert {"Apollo", "Priya Raman", "Kindle", "Times Square"} <= found
    assert "API" not in found  # a bare URL's words (rules 20)
