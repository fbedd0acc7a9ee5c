"""Template notes outside an Obsidian vault's configured templates folder (readers 16): a plain Markdown folder
(VS Code, iA Writer, Foam, a vault with no templates setting) keeps its `templates/invoice-template.md`, full of
`{{client}}`, `{{amount}}`, `{{date}}`, among the notes. Indexed, the invoice template ranked 1st for "which
invoices are unpaid?" (dense, BM25 and the graph through `Invoice`) and the quote template for "whats happening
this thursday" (qa s54). Such a file is skipped as the Obsidian-configured folder is (walk.obsidian_templates),
listed with why, and kept a note by a negation line in .mragignore (`!templates/invoice-template.md`), as a
package folder or a numbered copy is.

A template is told by where it is and what it holds, both:
- where: in a folder (at any depth of the synced folder) named `templates` or `template`, any case, after
  figures, blanks, `_` or `-` (`Templates/`, `_templates/`, `99 Templates/`, `Meta/Templates/`; a hidden
  `.templates/` is never walked); not `Email templates/`. A file's name alone is not enough: the notes *about*
  templates are named so, with a placeholder in their prose (`Jinja template notes.md` "print a variable with
  {{ title }}", `How I set up my daily note template.md`, `Wikipedia template notes.md` `{{citation needed}}`,
  `C++ template tricks.md` `Foo f{{a}}`; review s54);
- what: a placeholder outside code (PLACEHOLDERS: `{{client}}`, `{{date:YYYY-MM-DD}}`, `{{#each items}}`,
  Templater's and Logseq's `<% tp.file.title %>`, `<% today %>`, Foam's `${FOAM_TITLE}`). A Jinja or
  Handlebars note's `{{ }}` in a fence or in backticks is code, a `templates/` folder of finished documents holds
  none, Logseq's and Roam's own macros (`{{query ...}}`, `{{embed [[page]]}}`, `{{[[TODO]]}}`, `{{cloze ...}}`,
  `{{table}}`, `{{calc: ...}}`) and LaTeX's `\\frac{{a}}{{b}}` are no placeholder, and a Logseq page is read as
  its readers read it, its `template::` blocks blank (logseq_templates.without_templates);
- or what: an empty skeleton, no placeholder in it (skeleton, readers 18: a grower's `Templates/Daily template.md`
  of `Weather: `, `## Plot`, `## Jobs`, `- [ ] ` ranked 2nd for "jobs for saturday", qa s58): every line outside
  front matter, comments and a fenced query blank, a heading, an empty field label (`Mood:`, `**Gratitude:**`), an
  empty list item or task box, a rule, a line of tags or a table's head, rule and empty rows. A line of text, an
  item's (`- [ ] passport`) or a field's value (`Weather: frost`) makes it a note: a finished document, or a
  packing list kept there to copy or the list of this trip, which the sync cannot tell apart.
Only a new or changed file with such a path is opened for it (walk.walk_notes), the verdict kept with its size
and time (WalkResult.looked), so an unchanged one is passed over unopened, as a binary file is."""

from __future__ import annotations

import re
from pathlib import Path

from minirag_cli.extract.mdcode import Ranges, code_kind, code_ranges, reads_comments, templater_tags

# The note files a template is looked for in: text notes (a canvas, a notebook, a table, a Keep note's JSON
# have no placeholders of a template plugin)
TEXT_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd", ".mdx", ".txt", ".text", ".org", ".rst", ".adoc")
# `templates`, `Templates`, `_templates`, `99 Templates`, `00-Template`, `📝 Templates`: not `Email templates`,
# `Templater`, `templated`
_TEMPLATE_FOLDER = re.compile(r"[\W\d_]*templates?", re.IGNORECASE)
# A template's placeholder. Mustache, Handlebars, Obsidian's core Templates plugin and Jinja output:
# `{{client}}`, `{{ client.name }}`, `{{Client Name}}`, `{{date:YYYY-MM-DD}}`, `{{ name | upper }}`,
# `{{{raw}}}`, `{{#each items}}`, `{{/each}}`, `{{> footer}}`. Not Logseq's and Roam's macros, a word then an
# argument (`{{query (todo now)}}`, `{{embed [[page]]}}`, `{{video https://…}}`, `{{renderer :x}}`) or a link
# (`{{[[TODO]]}}`), nor one by its name (_MACRO: `{{cloze hola}}`, `{{table}}`, `{{calc: 2+2}}`), nor Hugo's
# `{{< ref "x" >}}` and `{{ .Title }}`.
_WORD = r"[A-Za-z_][\w.\-]{0,40}"
# Logseq's and Roam's built-in macros, as they write them (lower case)
_MACRO = (r"(?:cloze|table|kanban|calc|query|embed|video|youtube|youtube-timestamp|tweet|twitter|vimeo|bilibili|"
          r"pdf|renderer|namespace|function|mentions|diagram|mermaid|slider|pomodoro|word-count|attr-table|"
          r"zotero-linked-file)(?![\w\-])")
_MUSTACHE = re.compile(
    rf"\{{\{{\{{?[ \t]*(?!{_MACRO})(?:"
    rf"[#^][ \t]*{_WORD}(?:[ \t]+[^{{}}\n]{{1,60}})?"  # a section: `{{#each items}}`, `{{#if paid}}`
    rf"|/[ \t]*{_WORD}"  # its end: `{{/each}}`
    rf"|>[ \t]*{_WORD}"  # a partial: `{{> footer}}`
    rf"|{_WORD}(?:[ \t]+[A-Za-z][\w\-]{{0,30}}){{1,3}}"  # a few words: `{{Client Name}}`
    rf"|{_WORD}(?::[^{{}}\n]{{1,60}}|[ \t]*\|[^{{}}\n]{{1,60}})?"  # `{{client}}`, `{{date:YYYY}}`, `{{ x | upper }}`
    r")[ \t]*\}?\}\}")
# LaTeX's groups doubled, `\frac{{a}}{{b}}`, `\sqrt{{x}}`: what is right before a `{{` so is no placeholder
_LATEX_BEFORE = re.compile(r"\\[A-Za-z]+(?:\{[^{}\n]*\}|\{\{[^{}\n]*\}\})*\Z")
# Foam's and VS Code snippets' variables: `${FOAM_TITLE}`, `${CURRENT_YEAR}`, `${1:client}`, `$FOAM_DATE_YEAR`
_SNIPPET = re.compile(r"\$\{(?:FOAM_[A-Z_]+|CURRENT_[A-Z_]+|\d{1,2}(?::[^{}\n]{0,60})?)\}|\$FOAM_[A-Z_]+\b")
SHOWN = 3  # the placeholders the reason names


def template_folder(rel: str) -> str | None:
    """The folder (from the synced folder, '/'-separated) of the note `rel` that is a templates folder by its
    name (_TEMPLATE_FOLDER), the one nearest the note; None when no folder above it is one."""
    parts = rel.split("/")[:-1]
    for i in range(len(parts), 0, -1):
        if _TEMPLATE_FOLDER.fullmatch(parts[i - 1]):
            return "/".join(parts[:i])
    return None


def may_be_template(rel: str) -> bool:
    """Is the file `rel` where a template is kept (a text note in a templates folder)? Only such a file is opened
    for its placeholders (template_reason)."""
    return rel.lower().endswith(TEXT_SUFFIXES) and template_folder(rel) is not None


def placeholders(path: str, text: str, most: int | None = None) -> list[str]:
    """The placeholders of the note `text` (of the file `path`) outside its code, in order, each once; the first
    `most` of them when given (a reason names a few: a note of thousands is not read for all)."""
    if "{{" not in text and "<%" not in text and "$" not in text:
        return []
    found = [m.span() for pattern in (_MUSTACHE, _SNIPPET) for m in pattern.finditer(text)]
    if "<%" in text:
        found += templater_tags(text)
    if not found:
        return []
    kind = code_kind(path)
    code = code_ranges(text, indented=kind is None and path.lower().endswith((".md", ".markdown")),
                       comments=reads_comments(path), kind=kind)
    in_code = Ranges(code)  # (in log time: a scan of every range for each placeholder took 160 KB 31 s)
    seen: dict[str, None] = {}
    for start, end in sorted(found):
        if in_code.covers(start) or _LATEX_BEFORE.search(text, max(0, start - 80), start):
            continue
        seen.setdefault(" ".join(text[start:end].split()), None)
        if most is not None and len(seen) >= most:
            break
    return list(seen)


# An empty skeleton's lines (skeleton): a field label with nothing after it (`Weather: `, `Mood::`, `**Gratitude:**`,
# `*Energy*:`, `Sleep: ____`), its label a few words naming a field (_label), not a sentence: a line longer, or
# with a value (`Total: £4,200`, `Weather: rain`), is text
_EMPTY_FIELD = re.compile(r"[*_]{0,3}(?P<label>[^\s:*_][^:\n]{0,48}?)[*_]{0,3}[ \t]*::?"
                          r"[ \t]*[*_]{0,3}[_.…\-–— \t]*")  # (a blank to fill: `____`, `…`)
_LABEL_WORDS = 6
# a list item or task with nothing in it, or only an empty field label: `- `, `* [ ] `, `1. `, `- Mood:`
_LIST_ITEM = re.compile(r"(?:[-*+]|\d{1,3}[.)])(?:[ \t]+\[[ xX]\])?(?:[ \t]+(?P<rest>.*))?")
_HEADING = re.compile(r"#{1,6}(?:[ \t].*)?")  # `## Jobs` (`#jobs` is a tag: _TAGS)
_ORG_HEADING = re.compile(r"\*+[ \t].*|#\+\w+:.*")  # an Org file's `** Jobs` and `#+title: Daily`
_TAGS = re.compile(r"(?:#[^\s#]+[ \t]*)+")  # a line of tags only, `#daily #garden`
_RULE = re.compile(r"(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|={3,}")
_CALLOUT = re.compile(r"\[![\w-]+\][-+]?(?:[ \t].*)?")  # an Obsidian callout's head: `> [!note] Summary`
# A note's front matter as frontmatter.opens_block opens it: YAML's `---` on its first line (after a BOM) to the
# next `---` or `...` line, Hugo's TOML `+++` to the next `+++`
_FRONT_MATTER = re.compile(r"\ufeff?(?:---[ \t]*\r?\n.*?^(?:---|\.\.\.)|\+\+\+[ \t]*\r?\n.*?^\+\+\+)[ \t]*(?:\r?\n|\Z)",
                           re.DOTALL | re.MULTILINE)
# A skeleton is short: a longer note is not read for it (its comments' search, _HIDDEN, is not linear)
SKELETON_MOST = 16_000
_TABLE_RULE = re.compile(r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?")
# What a skeleton holds that is no text of its own: comments (Obsidian's `%% ... %%`, HTML's), and a fenced query
# of the other notes (Dataview's, the Tasks plugin's, Obsidian's `query`: a daily template's "tasks due today")
_HIDDEN = re.compile(r"%%.*?%%|<!--.*?-->"
                     r"|^[ \t]*(`{3,}|~{3,})[ \t]*(?:dataview|dataviewjs|tasks|query)[ \t]*\n.*?^[ \t]*\1[ \t]*$",
                     re.DOTALL | re.MULTILINE | re.IGNORECASE)


def _label(text: str, words: int = _LABEL_WORDS) -> bool:
    """Is `text` (stripped) the few words of a field's or a column's name: `Weather`, `Jobs done`, `☀️ Mood`?"""
    return (0 < len(text.split()) <= words and re.search(r"[^\W\d_]", text) is not None
            and not text.endswith((".", "!", "?")))


def _empty_field(line: str) -> bool:
    """Is `line` (stripped) a field label and nothing else (_EMPTY_FIELD)?"""
    m = _EMPTY_FIELD.fullmatch(line)
    return m is not None and _label(m.group("label").strip())


def _cells(row: str) -> list[str]:
    """The cells of the table row `row` (stripped), each stripped."""
    return [cell.strip() for cell in row.strip("|").split("|")]


def _skeleton_line(line: str, org: bool) -> bool:
    """Is `line` (not a table's: _skeleton_row) one a skeleton is made of: blank, a heading, an empty field label,
    an empty list item or task, a rule, a line of tags?"""
    bare = line.strip()
    while bare.startswith(">"):  # a quote's or a callout's lines are read as written in it
        bare = bare[1:].strip()
    if not bare or _RULE.fullmatch(bare) or _TAGS.fullmatch(bare) or _CALLOUT.fullmatch(bare):
        return True
    if (_ORG_HEADING if org else _HEADING).fullmatch(bare):
        return True
    item = _LIST_ITEM.fullmatch(bare)
    if item is not None:
        rest = (item.group("rest") or "").strip()
        return not rest or _empty_field(rest)
    return _empty_field(bare)


def _skeleton_row(row: str, next_line: str) -> bool:
    """Is the table row `row` (stripped) an empty one (its cells blank but its first, a row's label: `| Mon | |
    |`), its head (column names: the row `next_line` is the rule under it) or that rule?"""
    if _TABLE_RULE.fullmatch(row):
        return True
    cells = _cells(row)
    if _TABLE_RULE.fullmatch(next_line):
        return all(not cell or _label(cell) for cell in cells)
    blank = [not cell.strip("_.…-–— ") for cell in cells]
    return all(blank[1:]) and (blank[0] or _label(cells[0], 3))


def skeleton(path: str, text: str) -> bool:
    """Is the note `text` (of the file `path`) an empty skeleton: its lines outside front matter headings, empty
    field labels, empty list items and tasks, rules, empty tables, one at least (a note of its front matter alone
    or an empty file is no template by what it holds)? A line of text makes it a note, an item's too (`- [ ]
    passport`: a packing list kept in a templates folder may be one to copy, or the list of this trip)."""
    if len(text) > SKELETON_MOST:
        return False
    # (front matter by its own fences, not frontmatter.of_note: frontmatter imports text, which imports walk and
    # this module, an import cycle)
    if (found := _FRONT_MATTER.match(text)) is not None:
        text = text[found.end():]  # (a `Title: x` first line opens no front matter here: a filled form's fields)
    lines = _HIDDEN.sub("", text).replace("\r", "").split("\n")
    org = path.lower().endswith(".org")
    held = False
    for n, line in enumerate(lines):
        bare = line.strip()
        if bare.startswith("|"):
            following = lines[n + 1].strip() if n + 1 < len(lines) else ""
            if not _skeleton_row(bare, following):
                return False
        elif not _skeleton_line(line, org):
            return False
        held = held or bool(bare)
    return held


TEMPLATE_REASON = "templates are not indexed"  # as walk.templates_reason ends: what both say of a template
_TEMPLATE = "a template"  # how template_reason opens
SKELETON = "an empty skeleton"  # what template_reason says of a template without placeholders (skeleton)


def template_reason(rel: str, text: str, page_folder: Path | None = None) -> str | None:
    """Why the note `rel` (from the synced folder), whose text is `text`, is skipped as a template (the
    module's rules), with how to index it; None when it is none. `page_folder`: the folder the file is in, a
    Logseq page's text read as readers.read_note reads it (its `template::` blocks blank)."""
    folder = template_folder(rel)
    if folder is None:
        return None
    if page_folder is not None and "template::" in text and rel.lower().endswith(".md"):
        from minirag_cli.logseq_templates import in_graph, without_templates

        text = without_templates(text) if in_graph(page_folder) else text
    found = placeholders(rel, text, most=SHOWN + 1)
    if found:
        shown = ", ".join(f"`{p[:40]}`" for p in found[:SHOWN]) + (", ..." if len(found) > SHOWN else "")
        what = f"placeholders {shown}"
    elif skeleton(rel, text):
        what = SKELETON
    else:
        return None
    pattern = re.sub(r"([\\*?\[])", r"\\\1", rel)  # as gitignore reads it: `[`, `*`, `?` are wildcards
    return (f"{_TEMPLATE} (in the folder {folder}/, {what}): {TEMPLATE_REASON}; write `!{pattern}` "
            "in .mragignore to index it")


def template_skip(reason: str) -> bool:
    """Is `reason` why a file was skipped as a template (template_reason)?"""
    return reason.startswith(_TEMPLATE + " (") and TEMPLATE_REASON in reason
