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
from minirag_cli.extract.heuristic import HeuristicExtractor

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
    # (a highlight's `Attention residue:`, a label in sentence case, is a phrase since rules 28, no name)
    assert {"Cal Newport", "Deep Work"} <= found


def test_other_links_and_urls_still_name_as_before():
    found = names("I met [Apollo 11](https://en.wikipedia.org/wiki/Apollo_11) fans and [Priya Raman](https://x.com/p) "
                  "at the Kindle store. The Location of the Page was Times Square, see https://example.com/API.\n")
    assert {"Apollo", "Priya Raman", "Kindle", "Times Square"} <= found
    assert "API" not in found  # a bare URL's words (rules 20)


CLIPPINGS_READ = """Thinking, Fast and Slow (Daniel Kahneman)\r
- your highlight on page 20 | location 301-303 | added on Monday, 3 November 2025 10:22:13\r
\r
System 1 operates automatically, as Priya Raman says.\r
\r
Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones (James Clear)\r
- your note on page 27 | location 402 | added on Wednesday, 5 November 2025 07:41:10\r
\r
The Pragmatic Programmer (David Thomas;Andrew Hunt)\r
- your highlight on page 12 | location 230-231 | added on Monday, 1 December 2025 08:30:00\r
\r
Sapiens (Harari, Yuval Noah)\r
- highlight loc. 1802-05  | added on Thursday, March 15, 2012, 11:02 PM\r
"""


def test_a_clippings_entry_names_its_book_whole_and_its_authors():
    found = {(m.name, m.type) for m in HeuristicExtractor().extract_one(CLIPPINGS_READ)}
    assert {("Thinking, Fast and Slow", "work"), ("Atomic Habits", "work"), ("The Pragmatic Programmer", "work"),
            ("Sapiens", "work"), ("Daniel Kahneman", "person"), ("James Clear", "person"), ("David Thomas", "person"),
            ("Andrew Hunt", "person"), ("Yuval Noah Harari", "person")} <= found
    names_found = {name for name, _type in found}
    assert {"Fast", "Slow", "Thinking", "Proven Way", "Build Good Habits", "Break Bad Ones", "Easy", "Harari"} \
        & names_found == set()
    assert "Priya Raman" in names_found  # the highlight's own text is read as ever
    # Readwise's `- Full Title:` names the book by its title, as the note's file name does
    assert names("- Full Title: Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones\n") == {
        "Atomic Habits"}
    # a line that only looks so, in a note of its own, is read as ever
    assert "Proven Way" in names("Atomic Habits: An Easy & Proven Way (James Clear)\n- a list item\n")
