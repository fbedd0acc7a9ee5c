"""The pages of a personal wiki kept by a text editor or a desktop wiki, read
as the Markdown every other part of mrag reads (readers 10, qa36): before,
`.wiki` and `.tid` files were not walked at all, and a Zim page was a `.txt`
note whose top names were `Content-Type`, `Wiki-Format` and `Creation-Date`,
whose `[ ]` tasks were no tasks and whose `@tags` were people.

- **VimWiki** (`.wiki`, its default syntax): `= Heading =` ... `====== H ======`
  are `#` ... `######` headings, `# item` a numbered item (`1. item`: it is no
  heading), `:tag1:tag2:` the tags `#tag1 #tag2`, a task's partial states `[.]`,
  `[o]`, `[O]` in progress (`[/]`), `{{{lang` ... `}}}` a fenced code block, a
  link to the diary or another wiki (`[[diary:2026-11-03]]`, `[[wn.work:Page]]`)
  a link to that page (`[[diary/2026-11-03]]`, `[[Page]]`), a table's `|---+---|`
  rule a Markdown one. Its `%title` and `%date` lines opening the page are its
  front matter (frontmatter._parse_vimwiki: read where they are written).
  A `.wiki` page written in Markdown (VimWiki's Markdown syntax, Gollum: a `##`
  heading or a first line `# Title`, a fence, a `[text](link)`, and no `= H =`
  heading: markdown_shaped) is read as it is.
- **Zim** (a `.txt` page opening `Content-Type: text/x-zim-wiki`): its header
  (`Content-Type`, `Wiki-Format`, `Creation-Date`) is its front matter
  (frontmatter._parse_zim: `Creation-Date` dates it), `====== Title ======` (six
  `=`) a `#` heading and five `=` a `##` one, ..., `[ ]` / `[*]` / `[x]` / `[>]`
  checkboxes tasks open, done, cancelled and moved (`- [ ]`, `- [x]`, `- [-]`,
  `- [>]`), `@tag` the tag `#tag`, `''verbatim''` inline code, a `'''` line a
  fence, and a link's namespaces folders (`[[Work:Projects:Atlas]]` is
  `[[Work/Projects/Atlas]]`, `[[+Rota]]` the page's own `Rota` below it).
- **TiddlyWiki** (a node folder's `tiddlers/*.tid`): its fields up to the first
  blank line are its front matter, `title:` first (MultiMarkdown metadata,
  frontmatter._parse_mmd; a field of any name: `tmap.id`, `_canonical_uri`),
  its `tags:` as a list (`[[travel plans]] portugal`
  is `[travel plans, portugal]`) and its `created:` (`20261103091500000`, UTC)
  the local day and time (`2026-11-03 10:15`) that dates it; its wikitext:
  `!` ... `!!!!!!` headings, `#` numbered items (`1.`) and `**` nested bullets,
  `''bold''` as `**bold**`, a macro call (`<<tabs ...>>`) as inline code,
  `[[Shown text|Target]]` as the wikilink `[[Target|Shown text]]`
  (TiddlyWiki writes the shown text first). A tiddler
  of `type: text/x-markdown` is Markdown already; a system tiddler (its title
  `$:/...`: `$__StoryList.tid`, plugins, settings), a draft (`draft.of:`) and
  a tiddler of no text type (JavaScript, CSS, JSON, an image) are no notes.

Each page keeps its lines (a line is rewritten, never added or removed), so
`mrag show page.wiki:12`, an answer's citation and a task's line are the
file's lines; `mrag show` shows the page as read. What is in a code block is
left as written.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re

from minirag_cli.notekinds import MalformedNote

VIMWIKI, ZIM, TIDDLER = ".wiki", "zim", ".tid"
ZIM_FIRST_LINE = "Content-Type: text/x-zim-wiki"
# the prefix TiddlyWiki's file system adaptor gives a system tiddler's file (`$:/StoryList` is `$__StoryList.tid`)
SYSTEM_TIDDLER_PREFIX = "$__"


def wiki_kind(path: str, text: str) -> str | None:
    """VIMWIKI, ZIM or TIDDLER for a page of that wiki (by its name, and a Zim page's
    `.txt` by its first line), else None."""
    low = path.lower()
    if low.endswith(VIMWIKI):
        return VIMWIKI
    if low.endswith(TIDDLER):
        return TIDDLER
    if low.endswith(".txt") and text.lstrip("\ufeff").startswith(ZIM_FIRST_LINE):
        return ZIM
    return None


def system_tiddler(name: str) -> bool:
    """Is the file `name` a TiddlyWiki system tiddler's (`$__StoryList.tid`)? No one's note: passed over."""
    return name.startswith(SYSTEM_TIDDLER_PREFIX) and name.lower().endswith(TIDDLER)


def page_text(path: str, text: str) -> str | None:
    """The text of a wiki page (wiki_kind) read as Markdown, line for line (the module's rules);
    None for a note of no wiki's. MalformedNote for a tiddler that is no note (its reason), and for a
    page these readers fail on in a way not foreseen: one odd page must not stop a sync."""
    kind = wiki_kind(path, text)
    readers = {VIMWIKI: vimwiki_text, ZIM: lambda t: zim_text(t, path), TIDDLER: tiddler_text}
    if kind is None:
        return None
    try:
        return readers[kind](text)
    except MalformedNote:
        raise
    except Exception as exc:
        raise MalformedNote(f"unreadable wiki page: {type(exc).__name__}: {str(exc)[:80]}") from None


def _lines_outside_code(text: str, opens: re.Pattern, closes: re.Pattern, rewrite, fence) -> str:
    """`text` with each line outside its code blocks (a line `opens` matches up to one `closes`
    matches) rewritten by `rewrite(line)`, and a block's opening and closing lines by
    `fence(match, opening)`; a block nothing closes is no block (its lines rewritten)."""
    lines = text.split("\n")
    # the closing lines, found once: a page of thousands of lines opening a block nothing closes looked for its
    # close from each of them (quadratic)
    closing = [j for j, line in enumerate(lines) if closes.match(line)]
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = opens.match(lines[i])
        if m is not None:
            at = bisect.bisect_right(closing, i)
            end = closing[at] if at < len(closing) else None
            if end is not None:
                out.append(fence(m, True))
                out += lines[i + 1:end]
                out.append(fence(closes.match(lines[end]), False))
                i = end + 1
                continue
        out.append(rewrite(lines[i]))
        i += 1
    return "\n".join(out)


def _fence(m: re.Match, opening: bool) -> str:
    """A code block's opening line (with its language, a word) or closing line as a Markdown fence."""
    cr = "\r" if m.group(0).endswith("\r") else ""
    lang = (m.groupdict().get("lang") or "") if opening else ""
    return m.group("lead") + "```" + (lang if re.fullmatch(r"[\w+#.-]*", lang) else "") + cr


# ---------------------------------------------------------------------------------------------- VimWiki

# (a line that closes it too, `{{{ls -la}}}`, is inline code: text, no block)
_VW_CODE_OPEN = re.compile(r"(?P<lead>[ \t]*)\{\{\{(?!.*\}\}\})[ \t]*(?P<lang>[^\s=]*)[^\r]*\r?$")
_VW_CODE_CLOSE = re.compile(r"(?P<lead>[ \t]*)\}\}\}[ \t]*\r?$")
# a heading: as many `=` after its title as before it, blanks before the first meaning it is centred
_VW_HEADING = re.compile(r"[ \t]*(={1,6})[ \t]*([^=\s](?:.*?[^=\s])?)[ \t]*\1[ \t]*(\r?)")
# (these two are matched at the line's start alone: a `sub` tried them from each blank of a long run of blanks)
_VW_NUMBERED = re.compile(r"([ \t]*)#(?=[ \t]+\S)")  # `# item`: a numbered list item
# `a) item`, `A)`, `iv)`: a list item VimWiki numbers by letters or roman numerals, which Markdown does not know (readers
# 11: no task, and its first word no sentence's start: `a) Dig the beds` named Dig); `1)` is Markdown's already
_VW_LETTERED = re.compile(r"([ \t]*)(?:[a-zA-Z]|[ivxlcdm]{2,8}|[IVXLCDM]{2,8})\)(?=[ \t]+\S)")
# a comment line, `%% ...` (VimWiki leaves it out of the page it shows; readers 11: it was indexed), and a comment
# of several lines, `%%+` ... `+%%`
_VW_COMMENT = re.compile(r"[ \t]*%%")
VW_COMMENT_OPEN, VW_COMMENT_CLOSE = "%%+", "+%%"


def _without_comments(text: str) -> str:
    """`text` with each comment of several lines (`%%+` ... `+%%`) out, its line ends kept (the page's lines stay the
    file's); one nothing closes is text. (Looked for with `find`: a pattern from each of many openers nothing closes
    read the rest of the page from each.)"""
    out, at = [], 0
    while (start := text.find(VW_COMMENT_OPEN, at)) >= 0:
        end = text.find(VW_COMMENT_CLOSE, start + len(VW_COMMENT_OPEN))
        if end < 0:
            break
        end += len(VW_COMMENT_CLOSE)
        out += [text[at:start], re.sub(r"[^\r\n]+", "", text[start:end])]
        at = end
    return "".join(out) + text[at:]
_VW_PARTIAL = re.compile(r"([ \t]*(?:[-*]|\d+[.)]|[a-zA-Z][.)])[ \t]+)\[[.oO]\]")
# a tag: `:tag:` or `:tag1:tag2:` between blanks (or the line's ends)
_VW_TAGS = re.compile(r"(?<!\S):((?:[^:\s]+:)+)(?!\S)")
# a link to a page by its scheme (`diary:`, `wiki1:`, `wn.work:`), and a link from the wiki's root (`/Page`)
_VW_LINK = re.compile(r"\[\[(?:(diary|wiki\d+|wn\.[^:\]|\[\n]{1,100}):|/(?!/))")
_TABLE_RULE = re.compile(r"[ \t]*\|[-+|: \t]*\r?")  # with a `-` in it (_vimwiki_line)


def _vimwiki_line(line: str) -> str:
    if "%%" in line and _VW_COMMENT.match(line):
        return "\r" if line.endswith("\r") else ""
    m = _VW_NUMBERED.match(line)
    if m is not None:
        line = m.group(1) + "1." + line[m.end():]
    elif ")" in line:
        m = _VW_LETTERED.match(line)
        if m is not None:
            line = m.group(1) + "1." + line[m.end():]
    m = _VW_HEADING.fullmatch(line)
    if m is not None:
        line = "#" * len(m.group(1)) + " " + m.group(2) + m.group(3)
    m = _VW_PARTIAL.match(line)
    if m is not None:
        line = m.group(1) + "[/]" + line[m.end():]
    if ":" in line:
        line = _VW_TAGS.sub(lambda t: " ".join("#" + w for w in t.group(1).split(":") if w), line)
        if "[[" in line:
            line = _VW_LINK.sub(lambda k: "[[diary/" if k.group(1) == "diary" else "[[", line)
    if "-" in line and _TABLE_RULE.fullmatch(line):
        line = line.replace("+", "|")
    return line


# What says a `.wiki` page is written in Markdown (VimWiki's `syntax: 'markdown'` keeping `.wiki`, Gollum): a `##`
# heading, a fence, a Markdown link `[text](target)`, or a first line `# Title` not followed by another `#` item
_MD_BLOCK = re.compile(r"^(?:[ \t]*#{2,6}[ \t]+\S|[ \t]*```)", re.MULTILINE)
_MD_LINK = re.compile(r"\[[^\[\]\n]{1,200}\]\([^()\s]{1,500}\)")
_MD_TITLE = re.compile(r"(?:[ \t]*\r?\n)*#[ \t]+\S[^\n]*\n(?![ \t]*#[ \t])")


# What only VimWiki's default syntax writes: two numbered items `# ...` one after the other (Markdown's `#` is a
# heading, never two in a row), not indented as Markdown's code is (`    # install deps`). (Not a `%%` comment nor a
# `:work:atlas:` tags line: VimWiki's Markdown syntax writes them too, review revC; a page of Markdown's shapes holding
# them was read as VimWiki's, its `# Morning` headings items `1. Morning`.)
_VW_SIGN = re.compile(r"^ {0,3}#[ \t]+\S[^\n]*\n {0,3}#[ \t]+\S", re.MULTILINE)


def _outside_vimwiki_code(text: str) -> str:
    """`text` with the lines of its `{{{ ... }}}` code blocks blank: a `## build` in a shell script is no heading."""
    if "{{{" not in text:
        return text
    lines, inside = text.split("\n"), False
    for n, line in enumerate(lines):
        if inside or _VW_CODE_OPEN.match(line):
            inside = not (inside and _VW_CODE_CLOSE.match(line))
            lines[n] = ""
    return "\n".join(lines)


def markdown_shaped(text: str) -> bool:
    """Is a `.wiki` page written in Markdown, not in VimWiki's default syntax: no `= Heading =` line (_VW_HEADING)
    and a Markdown shape (_MD_BLOCK, _MD_TITLE, _MD_LINK) outside its `{{{ }}}` code blocks, for a Markdown link
    the only shape none of VimWiki's own (_VW_SIGN)? Read as VimWiki, its `# Title` was a numbered item `1. Title`
    (fixU1, review revU). (Readers 12: a default-syntax page holding a pasted `[text](url)`, or a `## comment` in
    a code block, was read as Markdown: its `# ` items headings, its `%%` comments and tags text.)"""
    for line in text.split("\n"):
        if line.lstrip(" \t").startswith("=") and _VW_HEADING.fullmatch(line):
            return False
    prose = _outside_vimwiki_code(text)
    if _MD_TITLE.match(prose) is not None or _MD_BLOCK.search(prose) is not None:
        return True
    # a Markdown link, which a page of VimWiki's syntax may hold pasted: Markdown's unless VimWiki's signs
    return _MD_LINK.search(prose) is not None and _VW_SIGN.search(prose) is None


def vimwiki_text(text: str) -> str:
    """A VimWiki page (default syntax) read as Markdown, line for line (the module's rules); a page written in
    Markdown (markdown_shaped) as it is."""
    if markdown_shaped(text):
        return text
    if "%%+" in text:
        text = _without_comments(text)
    return _lines_outside_code(text, _VW_CODE_OPEN, _VW_CODE_CLOSE, _vimwiki_line, _fence)


# ---------------------------------------------------------------------------------------------------- Zim

# a code block: `'''` lines around it, or the Source View plugin's `{{{code: lang="python3" linenumbers="True"`
# ... `}}}` (its language: _zim_fence)
_ZIM_CODE_OPEN = re.compile(r"(?P<lead>[ \t]*)(?:'''[ \t]*\r?$|\{\{\{code:)")
_ZIM_LANG = re.compile(r"\blang=\"([\w+#.-]*)\"")
_ZIM_CODE_CLOSE = re.compile(r"(?P<lead>[ \t]*)(?:'''|\}\}\})[ \t]*\r?$")
_ZIM_HEADING = re.compile(r"(={2,6})[ \t]+(\S(?:.*?\S)?)[ \t]+\1[ \t]*(\r?)")
# a checkbox opening a line (a bullet's `* ` before it or not) and its mark: Zim's `[*]` done, `[x]` not done
# (crossed out), `[>]` moved to a later page, `[<]` to an earlier one
_ZIM_BOX = re.compile(r"([ \t]*)(?:\*[ \t]+)?\[([ *x><])\](?=[ \t])")
_ZIM_MARKS = {" ": " ", "*": "x", "x": "-", ">": ">", "<": ">"}
_ZIM_TAG = re.compile(r"(?<![\w@.])@(?=\w)")
_ZIM_VERBATIM = re.compile(r"''(?!')(.+?)''")
_ZIM_LINK = re.compile(r"\[\[([^\[\]|\n]{1,255})(?=\]\]|\|)")


def _zim_target(target: str, page: list[str]) -> str:
    """A Zim link's target (`Work:Projects:Atlas`, `+Rota`, `:Home`) as a page path, its namespaces
    folders (`Work/Projects/Atlas`); `page`: the linking page's path parts, for `+Sub` (its own
    sub-page). A URL, a file (`./scan.pdf`, `/home/...`) or an interwiki link is left as written."""
    if target.startswith("+"):
        return "/".join([*page, *target[1:].split(":")])
    if re.match(r"[\w+.-]+://|mailto:|\.{0,2}/|~|[A-Za-z]:\\", target) or "?" in target:
        return target
    return target.lstrip(":").replace(":", "/")


def zim_text(text: str, path: str = "") -> str:
    """A Zim page read as Markdown, line for line (the module's rules); `path`: its path in its
    notebook (`Home/Rota.txt`), for its links to its own sub-pages (`[[+Sub]]`)."""
    page = [p for p in re.sub(r"\.txt$", "", path, flags=re.I).split("/") if p]

    def line_of(line: str) -> str:
        m = _ZIM_HEADING.fullmatch(line)
        if m is not None:
            return "#" * (7 - len(m.group(1))) + " " + m.group(2) + m.group(3)
        b = _ZIM_BOX.match(line)
        if b is not None:
            line = f"{b.group(1)}- [{_ZIM_MARKS[b.group(2)]}]" + line[b.end():]
        if "''" in line:
            line = _ZIM_VERBATIM.sub(r"`\1`", line)
        if "@" in line:
            line = _ZIM_TAG.sub("#", line)
        if "[[" in line:
            line = _ZIM_LINK.sub(lambda k: "[[" + _zim_target(k.group(1), page), line)
        return line

    return _lines_outside_code(text, _ZIM_CODE_OPEN, _ZIM_CODE_CLOSE, line_of, _zim_fence)


def _zim_fence(m: re.Match, opening: bool) -> str:
    """A Zim code block's opening or closing line as a Markdown fence, with the language its `lang="..."` names."""
    lang = _ZIM_LANG.search(m.string) if opening else None
    return m.group("lead") + "```" + (lang.group(1) if lang else "") + ("\r" if m.string.endswith("\r") else "")


# --------------------------------------------------------------------------------------------- TiddlyWiki

# a field's line: its name, `:`, its value (greedy, its blanks stripped in Python: a lazy value before `[ \t]*`
# retried the blanks from each of a long run's), a CR
_FIELD = re.compile(r"([^:\s][^:]*):[ \t]*(.*?)(\r?)")
# TiddlyWiki's date field: YYYYMMDDhhmmss and milliseconds, in UTC
_TW_DATE = re.compile(r"(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d{3})?")
_TW_TAG = re.compile(r"\[\[([^\]]*)\]\]|(\S+)")
# the types whose text is a note's: wikitext (also what no `type:` means), Markdown, plain text
_WIKITEXT = ("", "text/vnd.tiddlywiki")
_TEXT_TYPES = _WIKITEXT + ("text/x-markdown", "text/markdown", "text/plain", "text/x-tiddlywiki")
_TW_CODE_OPEN = re.compile(r"(?P<lead>[ \t]*)```(?P<lang>[\w+#.-]*)[ \t]*\r?$")
_TW_CODE_CLOSE = re.compile(r"(?P<lead>[ \t]*)```[ \t]*\r?$")
_TW_HEADING = re.compile(r"(!{1,6})[ \t]*")
_TW_LIST = re.compile(r"([*#]+)(?=[ \t])")
# a macro call, `<<tabs "[[Sourdough]] [[Packing List]]">>`: code (its quoted list was a work's title)
_TW_MACRO = re.compile(r"<<[^<>\n`]{1,500}>>")
_TW_LINK = re.compile(r"\[\[([^\[\]|\n]{1,255})(?:\|([^\[\]\n]{1,255}))?\]\]")
# what TiddlyWiki's file system adaptor writes `_` for in a tiddler's file name (`a|b notes` is `a_b notes.tid`)
_TW_FILE_CHARS = re.compile(r"[<>~:\"/\\|?*^]")
# a link's target that is a web address or a file's, no tiddler's (`[[Lisbon|https://x.org/wiki/Lisbon#History]]`,
# `[[mailto:a@b.c]]`, `[[pdf|file:///home/a.pdf#page=3]]`): read as before readers 12, its `#` no tiddler's title's
_TW_EXTERNAL = re.compile(r"[ \t]*(?:[A-Za-z][A-Za-z0-9+.-]*://|(?:mailto|file|tel|news|data):)")
# inline code, `[[C# notes]]` in backticks: as written, no link
_TW_CODE_SPAN = re.compile(r"(`[^`\n]*`)")
# a table row TiddlyWiki marks after its last `|`: `h` a header row, `f` a footer, `c` the caption, `k` CSS classes
_TW_ROW_MARK = re.compile(r"([ \t]*\|.*\|)([hfck])([ \t]*\r?)")
# a cell's start in a row: a `|` (not one of a link's, `[[text|Target]]`) and the blanks after it
_TW_CELL = re.compile(r"\[\[[^\[\]\n]*\]\]|\|[ \t]*(?=[^|\s!])")


def _tw_row(m: re.Match) -> str:
    """A marked table row (_TW_ROW_MARK) as an unmarked one: a header row's cells header cells (`|Name|Role|h` is
    `|!Name|!Role|`, as `|!Name|!Role|` writes it: readers 11, its `h` was a cell and Name and Role names), a
    footer's and the caption's as written, the classes' row blank (CSS class names are no text)."""
    row, mark, end = m.groups()
    if mark == "k":
        return end
    if mark == "h":
        row = _TW_CELL.sub(lambda c: c.group(0) if c.group(0).startswith("[[") else c.group(0) + "!", row)
    return row + end


def tiddler_date(value: str) -> str | None:
    """TiddlyWiki's date field (`20261103091500000`, UTC) as the local day and time it is
    (`2026-11-03 10:15` in Amsterdam), as a front matter's date is written; None for another value."""
    m = _TW_DATE.fullmatch(value)
    if m is None:
        return None
    try:
        at = _dt.datetime(*(int(g) for g in m.groups()[:6]), tzinfo=_dt.timezone.utc).astimezone()
    except (ValueError, OverflowError, OSError):
        return None
    return f"{at:%Y-%m-%d %H:%M}"


def _tags(value: str) -> str:
    """A `tags:` field's value (`[[travel plans]] portugal`) as a flow list (`[travel plans, portugal]`)."""
    tags = [m.group(1) or m.group(2) for m in _TW_TAG.finditer(value)]
    return "[" + ", ".join(t.replace(",", " ") for t in tags if t.strip()) + "]"


def _wikitext_line(line: str) -> str:
    if line.endswith(("h", "f", "c", "k", "\r", " ", "\t")) and line.lstrip(" \t").startswith("|"):
        marked = _TW_ROW_MARK.fullmatch(line)
        line = _tw_row(marked) if marked is not None else line
    m = _TW_HEADING.match(line)
    if m is not None:
        line = "#" * len(m.group(1)) + " " + line[m.end():]
    else:
        m = _TW_LIST.match(line)
        if m is not None:
            marks = m.group(1)
            line = "  " * (len(marks) - 1) + ("1." if marks[-1] == "#" else "*") + line[m.end():]
    if "<<" in line:
        line = _TW_MACRO.sub(lambda k: f"`{k.group(0)}`", line)
    if "''" in line:
        line = re.sub(r"''(?!')(.+?)''", r"**\1**", line)
    if "[[" in line:
        parts = _TW_CODE_SPAN.split(line) if "`" in line else [line]
        line = "".join(part if i % 2 else _TW_LINK.sub(_tw_link, part) for i, part in enumerate(parts))
    return line


def _tw_link(m: re.Match) -> str:
    """A tiddler's link: `[[Shown text|Target]]` the target first, as a wikilink writes it; one to a tiddler whose
    title holds `#`, `^` or `|` (`[[C# notes]]`, which has no heading, TiddlyWiki's links have none) a Markdown link
    to its file (`[C# notes](C%23%20notes.tid)`): as a wikilink it linked `C`, its `# notes` read as a heading
    (readers 12). A link to a web address or a file (_TW_EXTERNAL) is read as before."""
    shown, target = (m.group(1), m.group(2)) if m.group(2) is not None else (None, m.group(1))
    if re.search(r"[#^|]", target) and not _TW_EXTERNAL.match(target):
        import urllib.parse

        return f"[{shown or target}]({urllib.parse.quote(_TW_FILE_CHARS.sub('_', target) + TIDDLER, safe='')})"
    return m.group() if shown is None else f"[[{target}|{shown}]]"


def tiddler_text(text: str) -> str:
    """A `.tid` file read as a note, line for line (the module's rules); MalformedNote for a tiddler
    that is no note (a system tiddler, a draft, one of no text type)."""
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    parsed = []  # (name, value, CR) of each field's line
    for i in range(end):
        m = _FIELD.fullmatch(lines[i].lstrip("\ufeff") if i == 0 else lines[i])
        if m is None:
            return text  # no tiddler's fields: read as written
        parsed.append((m.group(1), m.group(2).strip(" \t"), m.group(3)))
    values = {name.lower(): value for name, value, _cr in parsed}
    title = values.get("title", "")
    if title.startswith("$:/"):
        raise MalformedNote(f"a TiddlyWiki system tiddler ({title[:80]}), no note")
    if "draft.of" in values:
        raise MalformedNote(f"a TiddlyWiki draft of {values['draft.of'][:80]!r} (open in its editor), no note")
    kind = values.get("type", "").lower()
    if kind not in _TEXT_TYPES:
        raise MalformedNote(f"a TiddlyWiki tiddler of type {kind[:60]}, no text to read")
    head, first = [], None
    for key, value, cr in parsed:
        if key.lower() == "created":
            value = tiddler_date(value) or value
        elif key.lower() == "tags" and value:
            value = _tags(value)
        if key.lower() == "title" and first is None:
            first = len(head)
        head.append((f"{key}: {value}" if value else f"{key}:") + cr)
    # `title:` first: MultiMarkdown metadata opens with one of its own keys (frontmatter._mmd_first)
    if first is not None:
        head.insert(0, head.pop(first))
    if end == len(lines):  # fields and no text
        return "\n".join(head)
    body = "\n".join(lines[end:])
    if kind in _WIKITEXT:
        body = _lines_outside_code(body, _TW_CODE_OPEN, _TW_CODE_CLOSE, _wikitext_line, _fence)
    return "\n".join([*head, body])
