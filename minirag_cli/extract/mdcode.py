"""Markdown code in a note: fenced code blocks, inline code spans, raw HTML
blocks of code (`<pre>`, `<script>`, `<style>`, `<textarea>`, `<!-- -->`),
`<code>` elements and (in a Markdown note) indented code blocks, where a
`[[wikilink]]` is written about, not followed (`` `[[Note]]` `` in a note on
Obsidian's syntax links nothing); and Obsidian's comments (`%% hidden %%`),
read as an `<!-- -->` comment is: hidden text, no link (Obsidian's own
links and graph take none there), no name, no task. The heuristic extractor and the llm
extractor's `complete` read no link there (heuristic.wikilinks), and the
heuristic extractor reads no name there either (`without_code`: a pasted
log's `INFO`, a diagram's nodes, `#include`, `@property`).

The extractors read a chunk, not a note, and code can open in one chunk and
close in a later one: read alone, a later chunk of a fenced block would take
the block's closing fence for an opening one and the text after it for code;
a chunk that ends inside a code span would take the link after its opening
backticks for one, and the next chunk the closing backticks for opening
ones. `chunk_readings` gives each chunk of a note the text it is read as,
from the note's chunks alone (what sync has when it extracts a changed note
and when it re-extracts the chunks an index holds, sync._reextract): the
opening fence or backticks of the code it starts in before its text, the
closing backticks of a span it ends in after it, and, as a fenced block,
the indented code blocks of a Markdown note (which a text read alone cannot
tell from a `.txt` note's indented lines).

CommonMark's rules, as far as links need them: a fence is a line of three
or more backticks or tildes, indented by at most three spaces (a backtick
fence's info string holds no backtick); the block closes at a line of the
same character, at least as long, with nothing after it but spaces, or at
the end of the text; a fence opened on a list item's line (`- ```sql`) is the
item's, closed by a line indented to the item's text or ended by one indented
less (readers 8), and so is one on a line of the item's own indented to its text
(`\t  ```` under `\t- stack trace:`, Logseq's, four columns or more, its line no other fence's
run: readers 17); a bare fence line closes either at any indentation (`\t```` under it: readers 17),
and chunk_readings reads either in a `~~~` fence of its own (Code.listed); a fence opened in a
block quote (`> ```python`, `> > ~~~`) is the quote's, closed by its closing line in the quote
(`> ````) or ended by a line
without the quote's markers (a blank one too: CommonMark's quote ends there), its
opener the markers and the fence, so a chunk read alone reads it so (readers 9). Not CommonMark's: a fence nothing closes ends before
the first paragraph after a blank line that reads as prose (reads_as_prose)
or opens with a heading (readers 8: a journal's next day),
and the text after it is read for code again: a stray fence hid every later
name and link of a note (heuristic rules 14). A raw HTML block (CommonMark's types 1 and 2: what
Markdown passes to the page as written) starts at a line that opens, after
at most three spaces, with `<pre`, `<script`, `<style` or `<textarea` (any
case; then a blank, `>` or the line's end) and ends with the line that
holds `</pre>`, `</script>`, `</style>` or `</textarea>` (any of them, as
CommonMark has it), or starts at a line opening with `<!--` and ends with
the line that holds `-->`; either may be one line, and one nothing ends
(CommonMark runs it to the end of the text) ends as a fence nothing closes
does, before the first paragraph of prose after a blank line (readers 5: a
`<pre>` left open hid every later name, link and task). A code span opens at a run of backticks and
closes at the next run of the same length in the same paragraph (not
across a blank line); a run nothing closes is text. A `<code>` element
(`<code>[[Note]]</code>`, or its tags on lines of their own) is read as a
span: from `<code>` (or `<code class=...>`) to the next `</code>` in the
same paragraph, backticks between them its text; one nothing closes is
text. An Obsidian comment (read only in a note Obsidian writes: a Markdown
note, a canvas, a drawing; reads_comments) opens at `%%` and closes at the next `%%`, on
the same line or a later one (blank lines between too), outside fenced and
HTML blocks; a `%%` nothing closes is text (Obsidian hides the rest of the
note after it, but a stray one must hide no later name or task). Whichever
of a span, an element and a comment opens first is the code, the others'
marks in it are its text. An indented code block is read only
where it cannot be a list item's text or a paragraph's continuation
(`indented_blocks`). A fence of the Admonition plugin (```` ```ad-note ````:
PROSE_FENCE) holds prose, not code: only its opening and closing lines are
marks, and a chunk that starts inside one is read after its opening line.
And a paragraph of an indented block that reads as prose is text (a
plain editor's note indents its paragraphs; rules 14).

Not Markdown's, but read as code is by `without_code` (heuristic rules 16): a
line shaped as a log record pasted with no fence around it (LOG_RECORD: a
time, with or without its day, then an upper-case level word, `2026-11-28T14:02:11Z
INFO billing-api ...`, `[14:02:11] WARN ...`) or as a test runner's report
(pytest's `E       AssertionError: ...`, `FAILED tests/x.py::test_y - ...`,
`tests/x.py:211: AssertionError`): a pasted log made `INFO` a work log's
name with 2062 mentions, `WARN`, `ERROR`, `POST` and `Errno` the next. So
are a Logseq or Org-mode task's planning and drawer lines (`SCHEDULED:
<2026-11-20 Fri>`, `CLOCK: [...]`, `:LOGBOOK:`, `:END:`; heuristic rules 17), but
for a planning line's days (_planning_days, rules 31).

Not Markdown's either, and read only in its own note kind (code_kind, kind_blocks;
readers 6): an Org-mode note's `#+BEGIN_SRC`/`EXAMPLE`/`EXPORT` blocks and `: `
fixed-width lines, an rST note's `code-block` directives and `::` literal blocks,
an AsciiDoc note's `----` and `....` blocks and `[source]` paragraphs (find_code's
kind "block"). chunk_readings writes a `~~~` fence around each, so the extractors,
which read a chunk's text alone, read it as a fenced block: no name, link or task
(an Org src block's `# TODO: Priya`, a `class Invoice`). So, in an MDX page (`.mdx`:
Docusaurus, Nextra; readers 7), are the lines MDX reads as JavaScript, not Markdown:
an ESM paragraph (`import Tabs from '@theme/Tabs';`, `export const LIMIT = 120;`), a
line of JSX tags alone (`<Tabs groupId="lang">`, `  <TabItem value="py" label="Python">`,
`</Tabs>`; a tag written across lines, to the line ending it) and an expression
opening a line (`{/* TODO: ... */}`, a `<CodeBlock>`'s `{`template`}`), to the line
closing its braces: `Tabs`, `TabItem` and `@theme` were a docs site's top names."""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass
from typing import Sequence

from minirag_cli.tables import file_part

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
# the lines that start a raw HTML block of code (CommonMark types 1 and 2) and what ends one
_HTML_START = re.compile(r" {0,3}<(?:(pre|script|style|textarea)(?=[ \t>]|\r?$)|!--)", re.IGNORECASE)
_HTML_END = re.compile(r"</(?:pre|script|style|textarea)>", re.IGNORECASE)
_COMMENT = "<!--"
# a `<code>` element's tags (an attribute's value holds no `<` or `>` here)
_CODE_TAG = re.compile(r"<code(?:[ \t\r\n][^<>]*)?>", re.IGNORECASE)
_CODE_CLOSE = re.compile(r"</code[ \t\r\n]*>", re.IGNORECASE)
# The fences whose block is prose, not code: the Admonition plugin's (```` ```ad-note ````,
# `ad-warning`, `ad-tip`, any `ad-` type, its own ones too), which Obsidian shows as a callout of
# the text inside. Its opening and closing lines are marks (kinds "prose", "prose-end"), what they
# hold is read as text, code spans and nested code blocks in it as code (heuristic rules 14: names7
# made them code, and a journal's `ad-note` of the day named nothing).
PROSE_FENCE = re.compile(r" {0,3}(?:`{3,}|~{3,})[ \t]*ad-[\w-]+[ \t]*\r?$", re.IGNORECASE)
_CLOSING = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*\r?$")  # a CRLF note's fence ends in \r
_TICKS = re.compile(r"`+")
_COMMENT_MARK = re.compile("%%")  # what opens and closes an Obsidian comment (`%% hidden %%`)
# the notes Obsidian reads `%%` comments in: a Markdown note (an Excalidraw drawing's `.excalidraw.md` too),
# a canvas's cards, a drawing's text; elsewhere `%%` is text: an Org-mode agenda's `%%(diary-float ...)`
# entries, a batch file's `for %%f in`, hid every task and name between two of them
COMMENT_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd", ".canvas", ".excalidraw")


def reads_comments(path: str) -> bool:
    """Are `%%` comments read in the note at `path` (COMMENT_SUFFIXES)?"""
    return path.lower().endswith(COMMENT_SUFFIXES)


# The note kinds that write code blocks of their own (readers 6), read as a Markdown fence is read
# wherever code matters (no name, no task, no link); each only in its own kind: a Markdown note's
# `----` is a rule, its `: ` an ordinary line.
ORG, RST, ADOC, MDX = "org", "rst", "adoc", "mdx"
_KIND_SUFFIXES = ((".org", ORG), (".org_archive", ORG), (".rst", RST), (".adoc", ADOC), (".asciidoc", ADOC),
                  (".mdx", MDX))


def code_kind(path: str) -> str | None:
    """ORG, RST, ADOC or MDX for a note of that kind (by its name), whose own code blocks
    (kind_blocks) are code; None for any other."""
    low = path.lower()
    return next((kind for suffix, kind in _KIND_SUFFIXES if low.endswith(suffix)), None)


# Org-mode: `#+BEGIN_SRC python` ... `#+END_SRC` (any case, indented under a list item too), and
# `EXAMPLE` and `EXPORT` blocks (raw HTML or LaTeX: code); `QUOTE`, `VERSE`, `CENTER` hold prose.
# A block no `#+END_` line of its name closes is no block (Org reads it as text). A fixed-width
# line: `:` then a blank or the line's end (`: $ make deploy`); a drawer's `:PROPERTIES:` is none.
_ORG_BEGIN = re.compile(r"^[ \t]*#\+begin_(src|example|export)\b", re.IGNORECASE | re.MULTILINE)
_ORG_END = re.compile(r"^[ \t]*#\+end_(src|example|export)\b[^\n]*", re.IGNORECASE | re.MULTILINE)
_ORG_FIXED = re.compile(r"^[ \t]*:(?:[ \t\r][^\n]*)?$(?:\n[ \t]*:(?:[ \t\r][^\n]*)?$)*", re.MULTILINE)
# reStructuredText: a `code-block`, `code` or `sourcecode` directive and its body (the lines after it
# indented more than it, blank ones between), and a literal block: the lines indented more than a
# paragraph whose last line ends `::` (`Run it::`, or `::` alone), after a blank line. A directive's
# own `..` line ends `::` too and is none (`.. note::` holds prose).
_RST_DIRECTIVE = re.compile(r"^([ \t]*)\.\.[ \t]+(?:code-block|code|sourcecode)::[^\n]*$", re.MULTILINE)
_RST_LITERAL = re.compile(r"^([ \t]*)(?!\.\.[ \t])\S[^\n]*::[ \t\r]*$(?=\n[ \t\r]*\n)", re.MULTILINE)
# AsciiDoc: a listing block (`----`) or a literal block (`....`), from a delimiter line to the same
# line (four or more, as long), with the `[source,python]` (`[listing]`, `[literal]`) line before it;
# such a line before a paragraph makes the paragraph code. A delimiter nothing closes is no block,
# nor is a section title's underline (_adoc_underline).
_ADOC_DELIMITER = re.compile(r"^(-{4,}|\.{4,})[ \t\r]*$", re.MULTILINE)
_ADOC_STYLE = re.compile(r"^\[(?:source|listing|literal)(?:[,#.%][^\n\]]*)?\][ \t\r]*$", re.MULTILINE)
# MDX: an ESM paragraph opens a line with a statement (`import X from`, `import {`, `export const`,
# `export default`: MDX reads no Markdown there), to the blank line after it (`import the keys` and
# `important, ...` are prose); a JSX tag opens a line with `<` and an upper-case letter (a component:
# `<Tabs>`, `<TabItem ...>`, `</Tabs>`, `<Foo.Bar>`) or is a fragment (`<>`, `</>`), and the line holds
# tags alone (text beside a tag, `<Highlight>green</Highlight>`, stays text); an expression opens a line
# with `{` and runs to the line where its braces close, with nothing after them (`{LIMIT} a minute` is prose).
_MDX_ESM = re.compile(r"^(?:import(?:[ \t]*[{*'\"]|[ \t]+[\w$]+[ \t]*(?:,|from\b))|"
                      r"export(?:[ \t]*[{*]|[ \t]+(?:const|let|var|function|class|default|async)\b))", re.MULTILINE)
_MDX_TAG = re.compile(r"[ \t]*</?(?:[A-Z][\w.:-]*(?=[\s/>]|$)|>)")
_MDX_TAGS_ALONE = re.compile(r"[ \t]*(?:</?(?:[A-Z][\w.:-]*(?:\s[^<>]*?)?)?/?>[ \t]*)+\r?")
_MDX_EXPRESSION = re.compile(r"[ \t]*\{")


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _indented_body(text: str, pos: int, indent: int) -> int:
    """The end of the last line, from `pos` (a line's start) on, of the run of lines indented more
    than `indent` columns (blank lines between them): where an rST directive's body or literal
    block ends; -1 when none is."""
    end = -1
    while pos < len(text):
        line_end = _line_end(text, pos)
        line = text[pos:line_end]
        if line.strip():
            if _indent(line)[0] <= indent:
                break
            end = line_end
        pos = line_end + 1
    return end


def _adoc_underline(text: str, m: re.Match) -> bool:
    """Is the `----` line `m` a two-line section title's underline (`Failover` over `--------`:
    AsciiDoc's older titles, as long as their text, one character either way), no block's
    delimiter? A run of dots underlines nothing."""
    if m.group(1)[0] != "-" or m.start() == 0:
        return False
    before = text[text.rfind("\n", 0, m.start() - 1) + 1:m.start() - 1].rstrip("\r")
    return bool(before.strip()) and not before[0].isspace() and abs(len(before.rstrip()) - len(m.group(1))) <= 1


def kind_blocks(text: str, kind: str | None) -> list[tuple[int, int]]:
    """(start, end) of the code blocks a note of `kind` (code_kind) writes in its own markup, their
    delimiter lines whole, in order, none inside another; [] for any other kind."""
    found: list[tuple[int, int]] = []
    if kind == ORG:
        # every `#+END_` line found once, by name: a search per `#+BEGIN_` took time growing with
        # begins times text when nothing closes them (8,333 begins: 3.4 s)
        ends: dict[str, list[re.Match]] = {}
        for end in _ORG_END.finditer(text):
            ends.setdefault(end.group(1).lower(), []).append(end)
        for m in _ORG_BEGIN.finditer(text):
            closes = ends.get(m.group(1).lower(), [])
            i = bisect.bisect_left(closes, _line_end(text, m.end()), key=lambda end: end.start())
            if i < len(closes):
                found.append((m.start(), closes[i].end()))
        found += [m.span() for m in _ORG_FIXED.finditer(text)]
    elif kind == RST:
        for m in itertools.chain(_RST_DIRECTIVE.finditer(text), _RST_LITERAL.finditer(text)):
            end = _indented_body(text, m.end() + 1, _indent(m.group(1))[0])
            if end > m.end():
                # a literal block is the indented lines, its paragraph prose (`Run it::` shows `Run it:`)
                found.append((m.start() if m.re is _RST_DIRECTIVE else _line_end(text, m.end() + 1) + 1, end))
    elif kind == ADOC:
        pos = 0
        while (m := _ADOC_DELIMITER.search(text, pos)) is not None:
            if _adoc_underline(text, m):
                pos = m.end()
                continue
            close = re.compile("^" + re.escape(m.group(1)) + r"[ \t\r]*$", re.MULTILINE).search(text, m.end())
            if close is None:
                pos = m.end()
                continue
            found.append((m.start(), close.end()))
            pos = close.end()
        for m in _ADOC_STYLE.finditer(text):
            after = m.end() + 1
            if after >= len(text) or not text[after:_line_end(text, after)].strip():
                continue  # nothing under it (a blank line ends its reach)
            block = next((b for b in found if b[0] == after), None)
            if block is not None:
                found.append((m.start(), block[1]))  # the style line with its block
            else:  # a paragraph: to the blank line after it
                para = _PARAGRAPH_END.search(text, after)
                found.append((m.start(), para.start() if para else len(text)))
    elif kind == MDX:
        found = _mdx_blocks(text)
    # the first of two that overlap holds the other (a block's own lines, a paragraph's `----`)
    out: list[tuple[int, int]] = []
    for a, b in sorted(found, key=lambda r: (r[0], -r[1])):
        if out and a < out[-1][1]:
            continue
        out.append((a, b))
    return out


_PARAGRAPH_END = re.compile(r"\n[ \t\r]*(?:\n|$)")


def _mdx_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of an MDX page's JavaScript (_MDX_ESM, _MDX_TAG, _MDX_EXPRESSION), whole lines,
    in order. A line inside a fence is the fence's text (find_code reads it so)."""
    found: list[tuple[int, int]] = []
    pos = 0
    fence = None  # the fence of the Markdown code block open: its `import os` is Python's, no ESM
    while pos < len(text):
        end = _line_end(text, pos)
        line = text[pos:end]
        block_end = -1
        if fence is not None:
            fence = None if closes(line, fence) else fence
        elif (fence := opening_fence(line)) is not None:
            pass
        elif _MDX_ESM.match(line):
            para = _PARAGRAPH_END.search(text, pos)
            block_end = para.start() if para else len(text)
        elif _MDX_TAG.match(line):
            # a tag may be written across lines (`<TabItem` / `value="py"` / `>`): to the line with its `>`
            close = text.find(">", pos)
            last = _line_end(text, close) if close >= 0 else end
            if _MDX_TAGS_ALONE.fullmatch(text[pos:last].replace("\n", " ")):
                block_end = last
        elif _MDX_EXPRESSION.match(line):
            depth, at = 0, pos
            while at < len(text):
                ch = text[at]
                depth += (ch == "{") - (ch == "}")
                if depth == 0:
                    # the line's text goes on after it (`{LIMIT} requests a minute`): prose
                    closing = _line_end(text, at)
                    block_end = closing if not text[at + 1:closing].strip() else -1
                    break
                at += 1
        if block_end >= 0:
            found.append((pos, block_end))
            pos = block_end + 1
        else:
            pos = end + 1
    return found


# a run of tildes a chunk may start at (the chunker starts one at a word): a line's first, after any
# indentation or a list item's marker (`\t  ~~~`, `- ~~~`), or one after a blank mid-line
_TILDE_RUN = re.compile(r"(?:^|(?<=[ \t]))(~{3,})", re.MULTILINE)


def _block_fence(block: str) -> str:
    """The `~~~` fence a block of a note kind's own markup (or a fence in a list item: Code.listed) is
    read in: longer than any run of tildes it holds a chunk may start at, which would close it (read
    alone, a chunk that starts at `\t  ~~~` after its tab starts at a closing line)."""
    return "~" * max([3] + [len(m.group(1)) + 1 for m in _TILDE_RUN.finditer(block)])
_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")
# what starts a list item (a bullet, or 1 to 9 digits and `.` or `)`), and its text's indent
_LIST_ITEM = re.compile(r"([-+*]|\d{1,9}[.)])([ \t]+|$)")
# lines that end a list item they are not indented into, though no blank line
# precedes them (only paragraph text continues an item lazily): a heading, a
# thematic break or a front matter's closing `---`, a block quote, a fence
_INTERRUPTS = re.compile(r"#{1,6}(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$|>|`{3}|~{3}")
# the lines after which an indented line is code though no blank line
# precedes it (no paragraph is open): an ATX heading, a thematic break, a
# setext heading's underline (after a paragraph's line)
_ATX = re.compile(r"#{1,6}(?:[ \t]|$)")
_RULE = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_SETEXT = re.compile(r"(?:=+|-+)[ \t]*$")
# the fence the extractors read an indented block in: a line of the block,
# indented four columns or more, can close no fence (closing_fence)
_INDENTED_FENCE = "~~~"
_LEAD_BLANKS = re.compile(r"[ \t]*")  # a line's indentation
# A planning stamp, as Org (and Logseq, under a task) writes one: `SCHEDULED: <2026-11-20 Fri>`,
# `DEADLINE: <2026-11-25 Wed 10:00 .+1w>`, `CLOSED: [2026-11-02 Mon 17:03]` (groups: the keyword, the day);
# and a planning line: one that holds such stamps and nothing else. The one reading of both:
# tasks.org_tasks_in reads a task's days from it, LOG_RECORD blanks such a line in any note
# (a line that goes on in prose, `SCHEDULED: [2026-11-20] call with Marta Silva`, is prose: its names
# are read)
PLANNING_STAMP = re.compile(r"\b(SCHEDULED|DEADLINE|CLOSED):[ \t]{0,8}[<\[](\d{4}-\d{2}-\d{2})[^>\]\n]{0,40}[>\]]")
# ... one or more of them, to the line's end (after the line's indentation)
PLANNING_STAMPS = (r"(?:(?:SCHEDULED|DEADLINE|CLOSED):[ \t]{0,8}[<\[]\d{4}-\d{2}-\d{2}[^>\]\n]{0,40}[>\]][ \t]*)+"
                   r"\r?$")
PLANNING_LINE = re.compile(r"[ \t]*" + PLANNING_STAMPS)
# A log record's line (the module's docstring): a time (`14:02`, `14:02:11.472`, a day before it,
# `T` or a blank between, a zone after, brackets around) then a level word in capitals; or pytest's
# report lines: `E` and a run of three blanks or more, an outcome and a test's node id, a file and line
# and an exception's name. A line each, so a note's prose between two records stays prose.
LOG_RECORD = re.compile(
    r"^[ \t]*(?:"
    r"\[?(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?\]?"
    r"[ \t]+\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE)\b"
    r"|E[ \t]{3,}\S"
    r"|(?:FAILED|ERROR|PASSED|SKIPPED|XFAIL|XPASS)[ \t]+[\w./\\-]+::\w"
    r"|[\w./\\-]+\.py:\d+:[ \t]+\w*(?:Error|Exception|Failed)\b"
    # Logseq's and Org-mode's planning and drawer lines under a task (heuristic rules 17): `SCHEDULED:
    # <2026-11-20 Fri>`, `DEADLINE:`, `CLOSED:`, `CLOCK: [2026-11-16 Mon 10:02]--[...]`, `:LOGBOOK:`,
    # `:END:`: a clocked Logseq graph made CLOCK a person (a speaker: it "spoke" twice), and SCHEDULED,
    # LOGBOOK and END names that joined every task's note in the graph
    # (PLANNING_STAMPS); a line of them alone: one that goes on in prose (`SCHEDULED: [2026-11-20]
    # call with Marta Silva about the visa.`, in any note's text) lost its names and its date
    r"|" + PLANNING_STAMPS +
    r"|CLOCK:[ \t]*\[\d{4}-\d{2}-\d{2}[^\]\n]{0,40}\](?:--\[\d{4}-\d{2}-\d{2}[^\]\n]{0,40}\])?"
    r"(?:[ \t]*=>[ \t]*-?\d{1,6}:\d{2}(?::\d{2})?)?[ \t]*\r?$"
    r"|:(?:LOGBOOK|END|PROPERTIES):[ \t]*$"
    r")[^\n]*", re.MULTILINE)
# Logseq's simple query, `{{query (and (task TODO DOING) [[Work/Project Alpha]])}}`: a search the page
# runs, not its text; the page it names is a filter, no link (heuristic rules 17, logseq2's part: the
# query linked its own page and named TODO). To the first `}}` on its line.
LOGSEQ_QUERY = re.compile(r"\{\{query[ \t][^\n]*?\}\}")
# An Obsidian Templater tag, `<% tp.date.now("YYYY-MM-DD") %>`, `<%* tR += ... %>` (a command block may
# span lines, to its `%>`; 4,000 characters at most): code the plugin runs when a note is made from the
# template, not its text (heuristic rules 18, qa27: `"YYYY-MM-DD"` was a work's title, `Who` a name).
# Found by templater_tags, as `<%[*_+-]?[\s\S]{0,4000}?[_-]?%>` finds them: that pattern read up to 4,000
# characters on from each `<%` no `%>` closes (a 200 kB line of `<%`: 24 s).
TEMPLATER_REACH = 4000


def templater_tags(text: str) -> list[tuple[int, int]]:
    """(start, end) of the Templater tags of `text` (TEMPLATER_REACH), in order: from a `<%` (and the
    command's `*`, `_`, `+` or `-`) to the first `%>` after it, if at most TEMPLATER_REACH characters on (one
    more before a `%>` after `_` or `-`, a whitespace control's); a `<%` no `%>` closes is text. The next
    `%>` is looked for only once the last one found is behind a tag's start: time in proportion to the text."""
    tags, pos, close = [], 0, -1
    while (start := text.find("<%", pos)) >= 0:
        body = start + 2 + (text[start + 2:start + 3] in ("*", "_", "+", "-"))
        if close < body:
            close = text.find("%>", body)
            if close < 0:
                break  # no `%>` after this `<%`, nor after any later one
        if close - body > TEMPLATER_REACH and not (close - body == TEMPLATER_REACH + 1 and text[close - 1] in "_-"):
            pos = start + 1  # too far: text; a later `<%` may be close enough
            continue
        tags.append((start, close + 2))
        pos = close + 2
    return tags


def opening_fence(line: str) -> str | None:
    """The fence (```` ``` ```` or `~~~`, as long as written) `line` opens a block with, or None."""
    m = _FENCE.match(line)
    if m is None or (m.group(1)[0] == "`" and "`" in m.group(2)):
        return None
    return m.group(1)


def closes(line: str, fence: str) -> bool:
    """Does `line` close a block opened by `fence`?"""
    m = _CLOSING.match(line)
    return m is not None and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)


def opening_html(line: str) -> str | None:
    """The tag (`<pre>`, `<script>`, `<style>`, `<textarea>`, as written, or
    `<!--`) `line` opens a raw HTML block of code with, or None."""
    m = _HTML_START.match(line)
    if m is None:
        return None
    return f"<{m.group(1)}>" if m.group(1) else _COMMENT


def ends_html(line: str, opener: str) -> bool:
    """Does `line` end a raw HTML block opened by `opener` (the line that opens it may)?"""
    return "-->" in line if opener == _COMMENT else _HTML_END.search(line) is not None


@dataclass(frozen=True)
class Code:
    start: int
    end: int
    # "fence", "html" (a raw HTML block), "span", "tag" (a `<code>` element), "indented", "block" (a
    # code block of an Org-mode, rST or AsciiDoc note's own markup: kind_blocks), or a prose
    # fence's opening line ("prose") or closing line ("prose-end", its opener the opening line)
    kind: str
    opener: str = ""  # a fence's or a span's backticks (tildes), as written; a block's or an element's tag
    closer: str = ""  # what closes a span (its backticks), an element (`</code>`) or an HTML block
    opened: int = -1  # a prose fence's closing line: where its opening line starts
    cut: bool = False  # a raw HTML block nothing closes, ended before a paragraph of prose (_unclosed_end)
    # a fence opened in a list item (`- ```sql`, or on a line of the item's own, `\t  ```` under
    # `\t- stack trace:`), not in a quote: its lines are indented, which read alone (a chunk that
    # starts inside it or at its first line) close no fence, so chunk_readings reads it as a "block"
    listed: bool = False


def _html_code(start: int, end: int, opener: str, cut: bool = False) -> Code:
    """A raw HTML block, with the tag that ends it (`</pre>`, `-->`)."""
    return Code(start, end, "html", opener, "-->" if opener == _COMMENT else "</" + opener[1:], cut=cut)


def code_ranges(text: str, indented: bool = False, comments: bool = True,
                kind: str | None = None, templater: bool = False) -> list[tuple[int, int]]:
    """(start, end) of the fenced code blocks (fences included), the raw
    HTML blocks of code (their lines whole), the inline code spans
    (backticks included), the `<code>` elements (tags included) and, with
    `indented` (a Markdown note), the indented code blocks of `text`,
    with `comments` (a note Obsidian writes: reads_comments) its `%%` comments, and
    with `kind` (an Org-mode, rST or AsciiDoc note: code_kind) the code blocks of its own
    markup (kind_blocks), in order; and Logseq's `{{query ...}}` macros (LOGSEQ_QUERY), which
    link nothing either, and with `templater` (the names' and links' reading, not the file
    readers': walk's hyphen joins read as readers 6 did) Obsidian Templater's tags (templater_tags)."""
    found = [(c.start, c.end) for c in find_code(text, indented, comments, kind)]
    if "{{query" in text:
        found = sorted(found + [m.span() for m in LOGSEQ_QUERY.finditer(text)])
    if templater and "<%" in text:
        found = sorted(found + templater_tags(text))
    return found


def find_code(text: str, indented: bool = False, comments: bool = True, kind: str | None = None) -> list[Code]:
    """The code of `text` (code_ranges), with each block's or span's kind and opener. A block of
    the note kind's own markup (kind "block") is read before the Markdown in it (an Org block of
    Markdown holds fences, which are its text) and outside Markdown's blocks (one in a fence is
    the fence's text); its opener is the `~~~` fence chunk_readings writes around it, longer than
    any line of tildes in it (which would close a shorter one)."""
    own = {a: b for a, b in kind_blocks(text, kind)} if kind else {}
    if ("`" not in text and "~~~" not in text and "<" not in text and not indented
            and not (comments and "%%" in text) and not own):
        return []
    blocks = _blocks(text, own)
    if indented:
        blocks = sorted(blocks + [Code(a, b, "indented") for a, b in indented_blocks(text, blocks)],
                        key=lambda c: c.start)
    out: list[Code] = []
    prose_start = 0
    for block in [*blocks, Code(len(text), len(text), "")]:
        out += _inline_code(text, prose_start, block.start, comments)
        if block.start < block.end:
            out.append(block)
        prose_start = block.end
    return out


def fenced_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of the fenced code blocks of `text` alone (find_code's kind "fence": fences
    included; one nothing closes cut before a paragraph of prose), in order: where sections reads
    no heading (an Admonition fence's lines are prose; a fence inside a raw HTML block is its text)."""
    if "```" not in text and "~~~" not in text:
        return []
    return [(c.start, c.end) for c in _blocks(text, {}) if c.kind == "fence"]


def _blocks(text: str, own: dict[int, int]) -> list[Code]:
    """The blocks of `text`, a line at a time (find_code): fenced code, raw HTML blocks of code, a
    prose fence's opening and closing lines and (`own`: {start: end} of kind_blocks) the note kind's
    own code blocks, in order; no span, element, comment or indented block."""
    blocks: list[Code] = []
    fence = html = None  # the fence or the tag of the block open
    prose = None  # the fence and its opening line of a prose block open (PROSE_FENCE), its lines text
    item = 0  # the text indent (columns) of the list item the open fence was opened in (`- ```sql`), or 0
    quote = 0  # the depth of the block quote the open fence was opened in (`> ```python`: 1), or 0
    mark = ""  # the open fence's opening as written but its info string: its quote's markers and the fence
    items: list[int] = []  # the text indents (columns) of the list items open at the line, innermost last
    deep = _DEEP_FENCE.search(text) is not None  # a fence indented 4+ columns, which a list item may hold
    start = pos = 0
    while pos <= len(text):
        nl = text.find("\n", pos)
        end = len(text) if nl < 0 else nl
        line = text[pos:end]
        if fence is not None and item and not quote and closes(line.lstrip(" \t"), fence):
            # a bare fence line closes a list item's fence, whatever its indentation: people close one
            # under `\t- trace:` at `\t```` (a line indented less than the item's text, which ended the
            # item: the line opened a fence that hid the item's siblings)
            blocks.append(Code(start, end, "fence", mark, listed=True))
            fence, item = None, 0
            pos = end + 1
            continue
        if fence is not None and item and line.strip() and _indent(line)[0] < item:
            # a line indented less than the item's text ends the item, and the fence opened in it
            # (CommonMark); read alone, a chunk closes it there
            blocks.append(Code(start, max(start, pos - 1), "fence", mark, mark, listed=not quote))
            fence, item, quote = None, 0, 0  # the quote it was in, if any, ends with it
            continue
        # a quote in a list item (`- > ```python`): the item's indent off, then the quote's markers
        inside = _unquoted(_dedent(line, item), quote) if fence is not None and quote else line
        if inside is None:
            # a line without the quote's markers (a blank one too) ends the quote, and the fence opened
            # in it (CommonMark: a fence takes no lazy line); read alone, a chunk closes it there
            blocks.append(Code(start, max(start, pos - 1), "fence", mark, mark))
            fence, item, quote = None, 0, 0  # the list item it was in, if any, ends with it
            continue
        if fence is not None:
            if closes(inside if quote else _dedent(inside, item), fence):
                blocks.append(Code(start, end, "fence", mark))
                fence, item, quote = None, 0, 0
        elif html is not None:
            if ends_html(line, html):
                blocks.append(_html_code(start, end, html))
                html = None
        elif prose is not None and closes(line, prose[0]):
            blocks.append(Code(pos, end, "prose-end", prose[1], opened=prose[2]))  # read with its opener
            prose = None
        elif prose is None and pos in own:
            blocks.append(Code(pos, own[pos], "block", _block_fence(text[pos:own[pos]])))
            pos = own[pos] + 1
            continue
        else:
            start = pos
            col = _open_items(items, line) if deep else 0  # the line's indentation (columns)
            fence = opening_fence(line)
            fence_line = line  # the line as its fence is read (a list item's indentation off)
            if fence is None and items and col - items[-1] in range(4):
                # a fence on a line of a list item's own, indented four columns or more to the item's
                # text (`\t  ```` under `\t- stack trace:`, Logseq's; `      ```` under `    - step`): the
                # item's, as CommonMark reads it, closed by a line indented as it is or ended by one
                # indented less than the item's text; it was read as no fence (its backticks a code
                # span's, to the next fence's). One indented less than four columns is read as before.
                # Only a line that is the fence alone, or with an info string holding no other fence
                # (`\t~~~ that was a joke ~~~ said Anna.`, a paragraph after a list, is text).
                fence_line = _dedent(line, items[-1])
                fence = opening_fence(fence_line)
                if fence is not None and _FENCE_RUN.search(fence_line, fence_line.index(fence) + len(fence)):
                    fence = None
                item = items[-1] if fence is not None else 0
            mark = fence or ""
            lead = _ITEM_FENCE.match(line) if fence is None else None
            item_quote = _ITEM_QUOTE.match(line) if fence is None and lead is None else None
            quoted = (_QUOTE_FENCE.match(line, item_quote.end() if item_quote else 0)
                      if fence is None and lead is None else None)
            if quoted is not None:
                # a fence in a block quote (`> ```python`): its lines are code, up to its closing line in
                # the quote (`> ````) or the quote's end; it was read as text, its names and links read.
                # In a list item (`- > ```python`, its lines `  > ...`), the item's too (revS: it was text)
                fence = opening_fence(line[quoted.end():])
                quote = quoted.group(0).count(">") if fence is not None else 0
                item = len(item_quote.group(0).expandtabs(4)) if item_quote is not None and fence is not None else 0
                mark = "> " * quote + fence if fence is not None else ""
            if lead is not None:
                # a fence opened on a list item's line (`- ```sql`, its closing line indented to the
                # item's text): read as tasks._CODE_LEAD reads one; before, that closing line opened
                # a fence nothing closed, which hid the days and names after it
                fence = opening_fence(line[lead.end():])
                item = len(lead.group(0).expandtabs(4)) if fence is not None else 0  # its text's column
                mark = fence or ""
            if fence is not None and prose is None and PROSE_FENCE.match(line[lead.end():] if lead else fence_line):
                item = 0
                blocks.append(Code(pos, end, "prose", fence))  # ```` ```ad-note ````: the line, not the block
                prose, fence = (fence, line.rstrip("\r"), pos), None
                pos = end + 1
                continue
            html = None if fence is not None else opening_html(line)
            if html is not None and ends_html(line, html):  # a block of one line
                blocks.append(_html_code(start, end, html))
                html = None
        pos = end + 1
        if pos > len(text) and html is not None:
            # a raw HTML block nothing ends (a `<pre>` left open): CommonMark runs it to the end of
            # the text; it ends before a paragraph of prose, as a fence nothing closes does
            cut = _unclosed_end(text, start)
            blocks.append(_html_code(start, cut, html, cut < len(text)))
            html = None
            pos = cut + 1
        if pos > len(text) and fence is not None:
            # a fence nothing closes: CommonMark runs it to the end of the text; a stray one (a
            # fence left unclosed) would hide every later name of the note, so it ends before
            # the first paragraph after a blank line that reads as prose (heuristic rules 14),
            # and what follows is read for code again
            cut = _unclosed_end(text, start)
            blocks.append(Code(start, cut, "fence", mark, mark if cut < len(text) else "",
                               listed=bool(item and not quote)))
            fence, item, quote = None, 0, 0
            pos = cut + 1
    return blocks


# what a paragraph that reads as prose holds none of: code's marks (`=`, braces, `;`, `<`, `>`, `|`,
# `$`, a backslash, brackets, a call's `name(`, a line opening with a comment's or a prompt's mark)
# and a log's levels or a stack trace's opening (`Exception in thread main`, Python's `Traceback`)
_CODE_MARKS = re.compile(r"[=<>{}\[\];|$\\]|\w\(|^[ \t]*(?:#|//|--|>>>|\*)|"
                         r"\b(?:INFO|DEBUG|WARN|WARNING|ERROR|TRACE|FATAL|CRITICAL|Traceback)\b|"
                         r"\bException in thread\b", re.MULTILINE)
# what prose holds few of: no letter, blank or sentence's punctuation (digits, symbols, `_`)
_NOT_PROSE = re.compile(r"[^\w \t\r\n,.:!?'’\"“”()…–—-]|[\d_]")


def reads_as_prose(paragraph: str) -> bool:
    """Does `paragraph` (lines with no blank one between them) read as sentences, not as code: it
    opens with a capital (after a quote), holds four words or more, ends with a sentence's end
    (`.`, `!`, `?`), holds no code's marks (_CODE_MARKS) and nine of its ten characters or more are
    letters, blanks and a sentence's punctuation? An indented paragraph of a plain editor's note
    (`\tToday I met Maria Lopez in Berlin.`) and the first paragraph after a fence nothing closes
    that so reads are text (heuristic rules 14); a log, Python, a shell session are not."""
    text = paragraph.strip()
    if text.rstrip("\"'’”)")[-1:] not in (".", "!", "?", "…") or len(text.split()) < 4:
        return False
    first = text.lstrip("\"'“‘(")[:1]
    if not first.isupper() or _CODE_MARKS.search(text):
        return False
    return len(_NOT_PROSE.findall(text)) <= 0.1 * len(text)


def _unclosed_end(text: str, start: int) -> int:
    """Where a fence opened at `start` that nothing closes ends: at the end of the last line before
    the first paragraph after a blank line that reads as prose (reads_as_prose) or opens with an ATX
    heading (_HEADING: a journal's `## 2026-11-03` after a stray fence), or at the end of the text."""
    for m in _PARAGRAPH.finditer(text, start):
        if _HEADING.match(m.group(1)) or reads_as_prose(m.group(1)):
            return m.start()
    return len(text)


# An ATX heading opening a paragraph after a blank line, in a fence nothing closes: prose's sign, not
# code's (readers 8: `_CODE_MARKS` reads its `#` as a comment's, so a `## 2026-11-03` paragraph never
# read as prose, and a stray fence before a journal's days hid every later day and name). Its text
# holds no code's marks (`# x = 1`, `#include <stdio.h>`: no blank after the `#` either).
_HEADING = re.compile(r" {0,3}#{1,6}[ \t]+[^\s=<>{}\[\];|$\\#][^=<>{}\[\];|$\\\n]*\r?(?:\n|$)")
# a list item's marker before a fence on its line (`- ```sql`, `1. ~~~`), the fence's text indent its end
_ITEM_FENCE = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?=`{3}|~{3})")
# a block quote's markers before a fence on its line (`> ```python`, `> > ~~~`): one `>` a level
_QUOTE_FENCE = re.compile(r"(?: {0,3}>[ \t]?)+(?= {0,3}(?:`{3}|~{3}))")
_QUOTE_MARK = re.compile(r" {0,3}>[ \t]?")
# a list item's marker before a block quote's (`- > ```python`): the item's text indent its end
_ITEM_QUOTE = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?=>)")


# a line indented four columns or more that starts with a fence: one a list item may hold (_blocks)
_DEEP_FENCE = re.compile(r"^(?: {0,3}\t| {4})[ \t]*(?:`{3}|~{3})", re.MULTILINE)
# a fence's run of backticks or tildes (in an info string: the line is no fence's opening line)
_FENCE_RUN = re.compile(r"`{3}|~{3}")


def _item_text_column(col: int, rest: str) -> int | None:
    """The column of the text of the list item a line opens (`- `, `* `, `1. `), `rest` its text
    after its indentation of `col` columns, or None: no item's marker."""
    item = _LIST_ITEM.match(rest)
    if item is None:
        return None
    gap = _indent(rest[item.end(1):])[0] if item.group(2) else 1
    return col + len(item.group(1)) + (gap if 1 <= gap <= 4 else 1)


def _open_items(items: list[int], line: str) -> int:
    """Update `items`, the text indents of the list items open before `line` (a line outside any
    block), to those open at it: a line indented less than an item's text ends the item (a blank
    line ends none; a lazy continuation line is taken to end it too, so a fence after it is read as
    before), a list item's line opens one (`- - -` is a rule). The line's indentation (columns)."""
    col, chars = _indent(line)
    rest = line[chars:].rstrip("\r")
    if not rest.strip():
        return col
    while items and col < items[-1]:
        items.pop()
    item = None if _RULE.match(rest) else _item_text_column(col, rest)
    if item is not None:
        items.append(item)
    return col


def _unquoted(line: str, depth: int) -> str | None:
    """`line` without the markers of `depth` levels of block quote (`> > code`), None when it has
    fewer (it ends the quote: a line of a quoted fence is no lazy continuation line)."""
    pos = 0
    for _level in range(depth):
        m = _QUOTE_MARK.match(line, pos)
        if m is None:
            return None
        pos = m.end()
    return line[pos:]


def _dedent(line: str, columns: int) -> str:
    """`line` without up to `columns` columns of its indentation (a list item's fence's lines)."""
    if not columns:
        return line
    col, i = 0, 0
    while i < len(line) and line[i] in " \t" and col < columns:
        col += 1 if line[i] == " " else 4 - col % 4
        i += 1
    return line[i:]


# a paragraph after a blank line: the line end before the blank (its start), the paragraph's lines
_PARAGRAPH = re.compile(r"(?<=[^\n])\n(?:[ \t\r]*\n)+((?:[ \t\r]*\S[^\n]*(?:\n|$))+)")


def without_code(text: str, code: Sequence[Code] | None = None, comments: bool = True) -> str:
    """`text` without its code (find_code, or `code` found already), for names to be read where
    no code is: a block (its lines whole) leaves its line ends, empty lines, and a span or a
    `<code>` element a blank (and the line ends it holds), so the text around it keeps its
    lines and words apart. Not blanks in its place: a log's lines of them read back from each
    line start took a long note's extraction 1.7 times as long. Not a mark either: a line of
    backticks would open a fence, and the text after it would be read as code."""
    code = find_code(text, comments=comments) if code is None else code
    if not code:
        return _without_log_records(text)
    pieces, pos = [], 0
    for k in code:
        pieces.append(text[pos:k.start])
        breaks = "\n" * text.count("\n", k.start, k.end)
        pieces.append(breaks if k.kind in ("fence", "html", "indented", "block") else " " + breaks)
        pos = k.end
    pieces.append(text[pos:])
    return _without_log_records("".join(pieces))


def _without_log_records(text: str) -> str:
    """`text` with each line of a log record or a test report (LOG_RECORD) left empty, its line end
    kept: a pasted log names nothing, as a fenced one does (heuristic rules 16); and a Logseq
    `{{query ...}}` a blank (LOGSEQ_QUERY: it names nothing, rules 17)."""
    if "{{query" in text:
        text = LOGSEQ_QUERY.sub(" ", text)
    if "<%" in text:  # a Templater tag (templater_tags) a blank, its line ends kept
        pieces, pos = [], 0
        for start, end in templater_tags(text):
            pieces += [text[pos:start], " ", "\n" * text.count("\n", start, end)]
            pos = end
        text = "".join(pieces) + text[pos:]
    return LOG_RECORD.sub(_planning_days, text) if ":" in text else text


def _planning_days(record: re.Match) -> str:
    """What a LOG_RECORD line leaves: nothing, but for a planning line (PLANNING_LINE) its stamps' days, ISO
    (`  SCHEDULED: <2026-12-08 Tue 10:00 +1w>` leaves `2026-12-08`; heuristic rules 31): a Logseq task's
    scheduled or deadline day, or the day it was closed, is a day the block writes, as a Tasks plugin's
    `📅 2026-12-08` or `✅ 2026-12-02` is ("what's scheduled for tomorrow?", "what's due next week?"), and an
    Org note's stamps were already read so (orgmode.readable blanks their keywords alone). Their keywords,
    weekdays, times and repeaters still name nothing; a CLOCK line leaves nothing (Logseq writes one each
    time a task is started: a record of work, no day the task is of). Each day in angle brackets (`<2026-12-08>`,
    which names nothing): find_dates reads a day across a line end, so a bare one took the line above's `3 May` as
    its year (`3 May\n2026`) and gave the line below's `June Carter` a day (`08\nJune`)."""
    line = record.group()
    if not PLANNING_LINE.match(line):
        return ""
    return " ".join(f"<{stamp.group(2)}>" for stamp in PLANNING_STAMP.finditer(line))


def _inline_code(text: str, start: int, end: int, comments: bool = True) -> list[Code]:
    """The inline code spans, `<code>` elements and (with `comments`) Obsidian
    comments of text[start:end], in order: whichever opens first is code (or a
    comment), and what it holds is its text."""
    runs = [m.span() for m in _TICKS.finditer(text, start, end)]
    tags = [m.span() for m in _CODE_TAG.finditer(text, start, end)] if text.find("<", start, end) >= 0 else []
    marks = [m.start() for m in _COMMENT_MARK.finditer(text, start, end)] \
        if comments and text.find("%%", start, end) >= 0 else []
    of_length: dict[int, list[int]] = {}  # the runs of each length: a run's closer in log time
    for i, (a, b) in enumerate(runs):
        of_length.setdefault(b - a, []).append(i)
    out = []
    i = t = 0
    pos = start  # the end of the last code found: what opens before it is its text
    close = None  # the last `</code>` found, reused by the openers before it (no rescan of the text)
    unclosed_from = end  # no `</code>` after this
    c = 0  # the next `%%` (marks) that may open a comment
    while True:
        while i < len(runs) and runs[i][0] < pos:
            i += 1
        while t < len(tags) and tags[t][0] < pos:
            t += 1
        while c < len(marks) and marks[c] < pos:
            c += 1
        if c < len(marks) and (i == len(runs) or marks[c] < runs[i][0]) \
                and (t == len(tags) or marks[c] < tags[t][0]):
            if c + 1 == len(marks):  # a `%%` nothing closes is text (a stray one hides nothing after it)
                marks = []
                continue
            out.append(Code(marks[c], marks[c + 1] + 2, "comment", "%%", "%%"))
            pos = marks[c + 1] + 2
            continue
        if t < len(tags) and (i == len(runs) or tags[t][0] < runs[i][0]):
            a, b = tags[t]
            t += 1
            if b >= unclosed_from:
                continue
            if close is None or close.start() < b:
                close = _CODE_CLOSE.search(text, b, end)
                if close is None:
                    unclosed_from = b
                    continue
            if not _BLANK_LINE.search(text, b, close.start()):
                out.append(Code(a, close.end(), "tag", "<code>", "</code>"))
                pos = close.end()
            continue  # a tag nothing closes in its paragraph is text
        if i == len(runs):
            break
        a, b = runs[i]
        same = of_length[b - a]
        k = bisect.bisect_right(same, i)
        closer = same[k] if k < len(same) else None
        if closer is not None and not _BLANK_LINE.search(text, b, runs[closer][0]):
            out.append(Code(a, runs[closer][1], "span", text[a:b], text[a:b]))
            pos = runs[closer][1]
        i += 1  # backticks nothing closes are text
    return out


def _indent(line: str) -> tuple[int, int]:
    """(columns, characters) of a line's indentation, a tab to the next multiple of 4."""
    col = 0
    for i, ch in enumerate(line):
        if ch == " ":
            col += 1
        elif ch == "\t":
            col += 4 - col % 4
        else:
            return col, i
    return col, len(line)


def indented_blocks(text: str, fences: Sequence[Code] = ()) -> list[tuple[int, int]]:
    """(start, end) of the indented code blocks of a Markdown `text`: from
    the start of a line indented four columns or more (spaces or a tab)
    outside any list item and any fenced or raw HTML block (`fences`) that
    follows a blank line (or opens the text) or a line that leaves no
    paragraph open (an ATX heading, a thematic break, a setext heading's
    underline, a fenced or raw HTML block's last line: an indented line
    cannot continue them, as it would a paragraph's line), to the end of the
    last such line before a line indented less. Conservative, as CommonMark
    reads it where it matters: a
    line indented into a list item (up to four columns past its marker's
    text: `- item`, a blank line, `    more of it`) and a nested list's lines
    are the item's text, and an item lasts until a line indented less than
    its text follows a blank line or starts another block (a heading, a
    rule, a quote, a fence, another item); a block quote's lines are text
    (its heading too: a later line may be the quote's, lazily)."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    in_fence = [0] * len(starts)  # 1: a fenced block's first line, 2: its other lines
    for block in fences:
        first = bisect.bisect_right(starts, block.start) - 1
        last = bisect.bisect_right(starts, max(block.start, block.end - 1)) - 1
        in_fence[first:last + 1] = [1] + [2] * (last - first)
    out: list[tuple[int, int]] = []
    items: list[int] = []  # the text indents of the open list items, innermost last
    code_start, code_end = None, 0
    # the line before: "blank" (or the text's start), "block" (no paragraph left open: an indented
    # line after it is code), "text" (a paragraph's, which an indented line continues), "quote", "code"
    before = "blank"
    for n, line in enumerate(text.split("\n")):
        pos = starts[n]
        if not line.strip():
            before = "blank"
            continue
        col, chars = _indent(line)
        if code_start is not None:
            if col >= 4 and not in_fence[n]:
                code_end = pos + len(line.rstrip("\r"))
                before = "code"
                continue
            out.append((code_start, code_end))
            code_start = None
        if in_fence[n]:
            while in_fence[n] == 1 and items and col < items[-1]:
                items.pop()  # a fence less indented than an item's text ends the item
            before = "block"
            continue
        rest = line[chars:].rstrip("\r")  # a CRLF note's line ends in \r
        rule = col < 4 and _RULE.match(rest)
        item = None if rule else _item_text_column(col, rest)  # `- - -` is a rule, not an item
        while items and col < items[-1] and (before == "blank" or item is not None or _INTERRUPTS.match(rest)):
            items.pop()
        # an indented list item where no list is open ("    - Maria called", a nested outline's
        # item pasted alone, an outliner's page) is read as an item: CommonMark makes it code, but
        # in notes it is an outline far more often than code, and code read as text costs less
        # than an outline's names lost
        if not items and col >= 4 and before in ("blank", "block") and item is None:
            code_start, code_end = pos, pos + len(line.rstrip("\r"))
            before = "code"
            continue
        if item is not None and (not items or col - items[-1] < 4):
            items.append(item)
        if col < 4 and (rule or _ATX.match(rest) or (before == "text" and _SETEXT.match(rest))):
            before = "block"
        else:
            before = "quote" if col < 4 and rest.startswith(">") else "text"
    if code_start is not None:
        out.append((code_start, code_end))
    # a paragraph of the block that reads as prose is text (heuristic rules 14): a plain editor's
    # note indents its paragraphs (`\tToday I met Maria Lopez at the station.`); a log, a shell
    # session, a program's lines read as none
    return [piece for a, b in out for piece in _code_paragraphs(text, a, b)]


def _code_paragraphs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of the paragraphs of text[start:end], an indented block, that read as no prose
    (reads_as_prose); the whole block when none does."""
    cuts = [start] + [p for m in _BLANK_RUN.finditer(text, start, end) for p in m.span()] + [end]
    out: list[tuple[int, int]] = []
    joined = False  # the last paragraph was code: the next one of code joins its block
    for a, b in zip(cuts[::2], cuts[1::2]):
        if reads_as_prose(text[a:b]):
            joined = False
        elif joined:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
            joined = True
    return out


# the blank lines between two paragraphs of an indented block: from the end of one's last line
# to the start of the next's first
_BLANK_RUN = re.compile(r"\n(?:[ \t\r]*\n)+[ \t]*")


class Ranges:
    """(start, end) ranges (code, links) asked whether one holds a position,
    in log time: a note of thousands of code spans and links would
    otherwise scan every range for every link (quadratic)."""

    def __init__(self, ranges: Sequence[tuple[int, int]]):
        spans = sorted(ranges)
        self.starts = [a for a, _b in spans]
        self.reach = list(itertools.accumulate((b for _a, b in spans), max))  # the furthest end up to each

    def __bool__(self) -> bool:
        return bool(self.starts)

    def covers(self, pos: int) -> bool:
        """Does a range hold `pos` (start <= pos < end)?"""
        i = bisect.bisect_right(self.starts, pos)
        return i > 0 and self.reach[i - 1] > pos


def laid_note(chunks: Sequence, indent: bool = True) -> str | None:
    """The note's text rebuilt from its chunks (in order, with `start_char`, `end_char`,
    `start_line`, `end_line`, `text`: a table's head in front of it is no text of the note's,
    tables.file_part), laid at their offsets (they overlap by
    default). A blank the chunks leave out (before the first, between two
    with --overlap 0) is laid as its line ends (CRLF when the chunks' are), then spaces: the chunker cuts
    at line starts, so they are the next line's indentation (spaces a line
    ended with would be read as the next one's). None for chunks that do
    not fit their offsets (an index written otherwise). What a sync reads a
    note back from its stored chunks with (sync.stored_note, note_speakers,
    chunk_readings). `indent=False`: the spaces before the line ends, so
    that a chunk after a blank opens its line (sections.stored_days: a
    heading that changes the day opens its chunk at its line's start)."""
    eol = "\r\n" if any("\r\n" in c.text for c in chunks) else "\n"
    pieces: list[str] = []
    end, line = 0, 1  # the length laid, the line it ends on
    for c in chunks:
        if c.start_char < 0 or (pieces and c.start_char > end and c.start_line < line):
            return None
        if c.start_char > end:
            gap = c.start_char - end
            breaks = min(gap, max(0, c.start_line - line))
            ends = eol * breaks if len(eol) * breaks <= gap else "\n" * breaks
            spaces = " " * (gap - len(ends))
            pieces.append(ends + spaces if indent else spaces + ends)
            end = c.start_char
        text = file_part(c.text, c.start_char, c.end_char)  # a table's head in front is no part of the file
        new = c.start_char + len(text) - end
        if new > 0:
            pieces.append(text[len(text) - new:])
            end, line = end + new, c.end_line
    return "".join(pieces)


def chunk_readings(chunks: Sequence, markdown: bool = True, comments: bool | None = None,
                   kind: str | None = None) -> list[str]:
    """The texts a note's chunks (all of them, in order: chunking.Chunk) are
    read as (see above): each chunk that holds code or starts or ends in it gets the opening fence
    (`~~~` for an indented block: no line of it can close that), HTML tag or
    backticks of the code it starts in and a line end before its text, the
    closing backticks or `</code>` of a span or element it ends in after
    it, the end tag of an HTML block it starts in at the end of the line
    that ends it (which it may hold only after the tag), and `~~~` lines
    around the
    indented blocks (`markdown`) and the code blocks of its kind's own markup (`kind`: code_kind,
    each in a `~~~` fence no line of it closes) it holds, and the opening line of a prose fence
    (PROSE_FENCE) it starts in before a chunk that holds its closing line, and, with `comments` (None:
    `markdown`), the `%%` of a comment it starts or ends in; the others, which hold no code,
    are read as they are. Every chunk, not only one with a `[[`: no code names
    anything either (heuristic rules 13: a chunk of a pasted log, read alone,
    was text)."""
    texts = [c.text for c in chunks]
    note = laid_note(chunks)
    if note is None:
        return texts
    code = find_code(note, markdown, markdown if comments is None else comments, kind)  # in order of their starts
    if not code:
        return texts
    reach = list(itertools.accumulate((k.end for k in code), max))  # the furthest end up to each
    # a fence listed in an item (`\t- ```yaml`, Code.listed) is read as a "block" is: in a `~~~` fence of
    # its own (its indented lines, read alone, close no fence they did not open), worked out once (a
    # block of megabytes spans thousands of chunks)
    wrappers = {i: _block_fence(note[k.start:k.end]) for i, k in enumerate(code) if k.listed}
    out = []
    for c, text in zip(chunks, texts):
        text = file_part(text, c.start_char, c.end_char)  # the offsets are the file's: a table's head is none
        lead = c.text[:len(c.text) - len(text)]
        s, e = c.start_char, c.start_char + len(text)
        prefix = suffix = prose_prefix = ""
        inserts: list[tuple[int, str]] = []
        # only the code that overlaps the chunk: every chunk of a note of thousands of spans
        # and links would otherwise go through all of them (quadratic)
        for i in range(bisect.bisect_right(reach, s), len(code)):
            k = code[i]
            if k.start >= e:
                break
            if k.end <= s:
                continue
            block = k.kind == "block" or k.listed
            opener = wrappers[i] if k.listed else k.opener
            # a chunk starts inside a fence or an HTML block after its first line's indentation only:
            # one that starts at it holds the opening line (the chunker starts a chunk at a word)
            inside = k.start < s and (k.kind not in ("fence", "html") or block
                                      or s > _LEAD_BLANKS.match(note, k.start).end())
            if inside:
                prefix = (_INDENTED_FENCE if k.kind == "indented" else opener) + "\n"  # "block": its fence
                if k.kind == "fence" and k.opener.startswith(">") and note[s - 1] != "\n":
                    # a chunk cut inside a line of a quoted fence: the line's rest is in the quote
                    prefix += k.opener.rstrip("`~")
                if k.kind == "span":  # three backticks or more on a line of their own would open a fence;
                    prefix = "    " + prefix  # indented four spaces they open the span (a chunk read alone reads
                    # no indented code), and close it after its text (suffix)
            if k.kind == "prose-end" and k.opened < s <= k.start:
                # a chunk that starts inside a prose fence (`ad-note`) and holds its closing line: read
                # alone, that line would open a code block; after its opening line it closes the prose
                prose_prefix = k.opener + "\n"
            if k.kind in ("span", "tag", "comment") and k.end > e:
                suffix = "\n" + ("    " if k.kind == "span" else "") + k.closer  # as the opener, no fence
            if k.kind == "html" and (inside or k.cut) and s < k.end <= e:
                # the line that ends the block, which the chunk may hold only after its end tag
                # (`</pre> and more`: the line is the block's), ends it read alone too; so does the
                # last line before the paragraph of prose that ends a block nothing closes
                at = k.end - s - (text[k.end - s - 1] == "\r")
                inserts.append((at, k.closer))
            if k.kind == "fence" and not block and k.closer and s < k.end <= e:
                # a fence nothing closes ends before a paragraph of prose (find_code): read alone,
                # the chunk closes it there
                inserts.append((k.end - s, "\n" + k.closer))
            if k.kind == "indented" or block:
                fence = _INDENTED_FENCE if k.kind == "indented" else opener
                if k.start >= s:
                    inserts.append((k.start - s, fence + "\n"))
                if k.end < e:
                    inserts.append((k.end - s, "\n" + fence))
        for at, piece in sorted(inserts, reverse=True):
            text = text[:at] + piece + text[at:]
        out.append(lead + prose_prefix + prefix + text + suffix)
    return out
