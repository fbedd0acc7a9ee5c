"""A scholar's LaTeX and BibTeX files, read as the Markdown every other part of
mrag reads (readers 10, qa38): before, `.tex` and `.bib` files were not walked,
and a thesis, its lectures and its library were invisible to `ask`.

- **LaTeX** (`.tex`): what is before `\\begin{document}` (the preamble) is
  blank but for `\\title{...}`, a `#` heading, and `\\author{...}`, an
  `author:` line; `\\part`/`\\chapter` are `#` headings, `\\section` `##`,
  `\\subsection` `###`, `\\subsubsection` and `\\paragraph` `####`, a beamer
  frame's title `##`; `%` comments are out, but a comment line opening with
  `TODO` or `FIXME` and todonotes' `\\todo{...}` opening a line are tasks
  (`- [ ] ...`); `\\cite{a,b}` (`\\citep`,
  `\\textcite`, `\\parencite`, ... with their `[...]` notes) is the Pandoc
  citation `[@a; @b]`, which links the notes and the library entry of those
  keys; `\\input{chapters/intro}` and `\\include` the link
  `[[chapters/intro.tex]]`; `\\ref`/`\\label` their label as inline code;
  `\\emph`, `\\textbf`, `\\texttt` as `*...*`, `**...**`, `` `...` ``; a list's
  `\\item` a `- ` item; a display equation (`equation`, `align`, `\\[ ... \\]`,
  ...) and `verbatim`/`lstlisting`/`minted` a fenced code block (math kept as
  written); other commands and braces are dropped, their text kept.
- **BibTeX** (`.bib`, as Zotero's Better BibTeX exports it): each entry is a
  section headed by its title and its key as a Pandoc citation
  (`## Attention Is All You Need [@vaswani2017attention]`), its fields
  `name: value` lines (`journal: ...`, `abstract: ...`, lower case as BibTeX
  writes them: `Journal:` in every entry read as a chat's speaker): authors and
  editors First Last (`author: Ashish Vaswani, Noam Shazeer`, not `Vaswani,
  Ashish and Shazeer, Noam`), a `date` as its `year:`; a `file` field (a path
  into Zotero's storage), the `title` (the heading holds it), `@comment`,
  `@preamble` and `@string` lines are blank.

Each file keeps its lines (a line is rewritten, never added or removed), so
`mrag show thesis.tex:12`, an answer's citation and a task's line are the
file's lines.
"""

from __future__ import annotations

import re

from minirag_cli.notekinds import MalformedNote

TEX, BIB = ".tex", ".bib"

# What LaTeX, BibTeX or biber, latexmk, beamer and SyncTeX write beside `main.tex` when it is compiled
# (`main.aux`, `main.log`, `main.synctex.gz`, the PDF itself): no one's note, and a compiled thesis's folder
# listed a dozen `not a note file` lines at a first sync (qa38); passed over in silence, as an operating
# system's files are (walk.WalkResult.system_files). Only beside a `.tex` of the same name: a lone `.log`
# or `.pdf` is listed as before.
BUILD_SUFFIXES = (".aux", ".log", ".bbl", ".blg", ".bcf", ".run.xml", ".toc", ".lof", ".lot", ".out", ".fls",
                  ".fdb_latexmk", ".synctex.gz", ".synctex", ".nav", ".snm", ".vrb", ".idx", ".ilg", ".ind",
                  ".xdv", ".dvi", ".pdf")


def tex_stems(filenames) -> frozenset[str]:
    """The names, without `.tex`, of a folder's LaTeX files among `filenames` (build_file)."""
    return frozenset(name[:-len(TEX)] for name in filenames if name.lower().endswith(TEX))


def build_file(name: str, stems: frozenset[str]) -> bool:
    """Is the file `name` one LaTeX's tools wrote compiling a `.tex` of its folder (`stems`: tex_stems)?"""
    return _built_from(name, stems) is not None


def _built_from(name: str, stems: frozenset[str]) -> str | None:
    low = name.lower()
    return next((name[:-len(suffix)] for suffix in BUILD_SUFFIXES
                 if low.endswith(suffix) and name[:-len(suffix)] in stems), None)


def build_reason(folder, name: str, shown: str) -> tuple[str, str] | None:
    """(why, what to do) when the file `name` of `folder` (a Path) is a build file of a `.tex` beside it
    (build_file: `mrag show main.aux` says so, not `saved since the last sync`), else None; `shown`: the
    folder's path as `mrag show` takes it ('' or 'thesis/')."""
    import os
    import shlex

    try:
        stems = tex_stems(os.listdir(folder))
    except OSError:
        return None
    stem = _built_from(name, stems)
    if stem is None:
        return None
    return (f"what LaTeX's tools wrote compiling {stem}.tex, no note",
            f"Its source is indexed: `mrag show {shlex.quote(shown + stem + TEX)}`.")


def latex_text(path: str, text: str) -> str | None:
    """The text of a `.tex` or `.bib` file read as Markdown, line for line (the
    module's rules); None for any other note. MalformedNote for a file these
    readers fail on in a way not foreseen: one odd file must not stop a sync."""
    low = path.lower()
    reader = tex_text if low.endswith(TEX) else bib_text if low.endswith(BIB) else None
    if reader is None:
        return None
    try:
        return reader(text)
    except Exception as exc:
        raise MalformedNote(f"unreadable {low.rsplit('.', 1)[-1]} file: {type(exc).__name__}: "
                            f"{str(exc)[:80]}") from None


# ---------------------------------------------------------------------------------------------- accents

# TeX's accents on a letter (`\"u`, `{\"u}`, `\'{e}`, `\c{c}`) and its letters of their own (`\ss`, `\o`):
# `Sch\"{u}tze` is Schütze, in a thesis and in the library's author names alike
_ACCENT = re.compile(r"\{?\\([`'^\"~=.]|[uvHckr](?![A-Za-z]))[ \t]*(?:\{\\?([A-Za-z])\}|\\?([A-Za-z]))\}?")
_COMBINE = {"`": "\u0300", "'": "\u0301", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
            "l": "ł", "L": "Ł", "i": "ı"}
_LETTER = re.compile(r"\{?\\(ss|o|O|ae|AE|oe|OE|aa|AA|l|L|i)(?![A-Za-z])\}?")
_ESCAPED = re.compile(r"\\([&%$#_{}])")


def _accents(line: str) -> str:
    import unicodedata

    def accent(m: re.Match) -> str:
        letter = m.group(2) or m.group(3)
        return unicodedata.normalize("NFC", letter + _COMBINE[m.group(1)])

    if "\\" not in line:
        return line
    line = _ACCENT.sub(accent, line)
    return _LETTER.sub(lambda m: _LETTERS[m.group(1)], line)


# ---------------------------------------------------------------------------------------------- LaTeX

# a `%` not escaped (`\%`) opens a comment to the line's end
_COMMENT = re.compile(r"(?<!\\)((?:\\\\)*)%")
_BEGIN_DOCUMENT = re.compile(r"^[ \t]*\\begin\{document\}", re.MULTILINE)
_SECTIONS = {"part": "#", "chapter": "#", "section": "##", "subsection": "###", "subsubsection": "####",
             "paragraph": "####", "frametitle": "##"}
_ARG = r"\{((?:[^{}]|\{[^{}]*\})*)\}"  # a braced argument, one level of braces inside it
_OPT = r"(?:\[[^\]\n]*\])"
# a writer's task: a comment line opening with TODO or FIXME (`% TODO: cite more`), and todonotes' `\todo{...}`
# (`\todo[inline]{cite more}`) opening a line and ending it
_TODO_COMMENT = re.compile(r"^([ \t]*)%+[ \t]*(?:TODO|FIXME)\b[:!]?[ \t]*(\S.*?)[ \t]*$")
_TODO_COMMAND = re.compile(rf"^([ \t]*)\\todo\*?{_OPT}?[ \t]*\{{([^{{}}\n]+)\}}[ \t]*(?:%.*)?$")
_HEADING = re.compile(rf"^([ \t]*)\\({'|'.join(_SECTIONS)})\*?{_OPT}?[ \t]*{_ARG}")
_TITLE = re.compile(rf"\\title{_OPT}?{_ARG}")
_AUTHOR = re.compile(rf"\\author{_OPT}?{_ARG}")
# every biblatex and natbib citation command: \cite, \citep, \citet, \textcite, \parencite, \autocite,
# \footcite, \citeauthor, \citeyear, \nocite, \Cite ..., each with up to two `[...]` notes
_CITE = re.compile(rf"\\(?:[a-zA-Z]*cite[a-zA-Z]*|nocite)\*?(?:[ \t]*{_OPT}){{0,2}}[ \t]*\{{([^{{}}\n]*)\}}")
_INPUT = re.compile(r"\\(?:input|include|subfile)[ \t]*\{([^{}\n]+)\}")
_REF = re.compile(r"\\(?:[cC]?ref|eqref|autoref|pageref|nameref|vref)\*?\{([^{}\n]+)\}")
_LABEL = re.compile(r"\\label\{([^{}\n]+)\}")
_HREF = re.compile(r"\\href\{([^{}\n]+)\}\{([^{}\n]*)\}")
_URL = re.compile(r"\\url\{([^{}\n]+)\}")
_STYLE = [(re.compile(rf"\\(?:emph|textit|textsl){_ARG}"), r"*\1*"),
          (re.compile(rf"\\textbf{_ARG}"), r"**\1**"),
          (re.compile(rf"\\(?:texttt|verb\*?)\{{([^{{}}\n`]*)\}}"), r"`\1`"),
          (re.compile(r"\\verb\*?([^\sA-Za-z*])([^\n`]*?)\1"), r"`\2`")]
# commands whose arguments are no text (a package, a length, a picture's file): out with their arguments
_NO_TEXT = re.compile(r"\\(?:documentclass|usepackage|RequirePackage|addbibresource|bibliography|bibliographystyle|"
                      r"includegraphics|vspace|hspace|setlength|addtolength|setcounter|usetheme|usecolortheme|"
                      r"usefont|newcommand|renewcommand|providecommand|DeclareMathOperator|graphicspath|"
                      r"pagestyle|thispagestyle|numberwithin|hypersetup|geometry|input@path)\*?"
                      rf"(?:[ \t]*{_OPT})*(?:[ \t]*{_ARG})*")
# what is left of a command once the ones that mean something are read: its name out, its text kept
_COMMAND = re.compile(r"\\[A-Za-z@]+\*?(?:[ \t]*\[[^\]\n]*\])*")
_LOGOS = re.compile(r"\\(LaTeX|TeX|BibTeX|LaTeXe|XeTeX|LuaTeX)(?![A-Za-z])(?:\{\})?")  # `\LaTeX{}`: the word
_FOOTNOTE = re.compile(r"\\footnote(?:mark|text)?(?:\[[^\]\n]*\])?\{")
_ENV = re.compile(r"^([ \t]*)\\(begin|end)\{([A-Za-z*]+)\}(.*)")
_ENV_ARGS = re.compile(rf"^(?:[ \t]*(?:{_OPT}|{_ARG}))*")
_ITEM = re.compile(r"^([ \t]*)\\item(?:<[^>\n]*>)?(?:\[([^\]\n]*)\])?[ \t]*")  # (`\item<2->`: beamer's overlay)
_URL_ARG = re.compile(r"\\(?:url|href)\{[^{}\n]*\}")
_MATH_ENVS = frozenset("equation equation* align align* gather gather* multline multline* flalign flalign* "
                       "eqnarray eqnarray* displaymath math".split())
_CODE_ENVS = frozenset("verbatim verbatim* lstlisting minted Verbatim comment".split())
_LISTS = {"itemize": "- ", "enumerate": "1. ", "description": "- "}
_DISPLAY_OPEN = re.compile(r"^([ \t]*)(?:\\\[|\$\$)[ \t]*$")
_DISPLAY_CLOSE = re.compile(r"^([ \t]*)(?:\\\]|\$\$)[ \t]*$")
_DISPLAY_CLOSE_AFTER = re.compile(r"^([ \t]*)\S(?:.*?)(?:\\\]|\$\$)[ \t]*$")  # `  c = d. \]`: its last line
_DISPLAY_LINE = re.compile(r"\\\[(.+?)\\\]|\$\$(.+?)\$\$")
_FRAME = re.compile(rf"^([ \t]*)\\begin\{{frame\}}(?:\[[^\]\n]*\])?(?:\{{([^{{}}\n]*)\}})?")
_DASHES = [("---", "—"), ("--", "–"), ("``", "“"), ("''", "”")]


def _citation(m: re.Match) -> str:
    keys = [k.strip() for k in m.group(1).split(",") if k.strip()]
    return "[" + "; ".join("@" + k for k in keys) + "]" if keys else ""


def _input(m: re.Match) -> str:
    name = m.group(1).strip()
    return f"[[{name if name.lower().endswith('.tex') else name + '.tex'}]]"


def _uncommented(line: str) -> str:
    """`line` without its comment: from a `%` no `\\` escapes, outside a `\\url{...}` or `\\href{...}`
    (`https://x.org/a%20b` is a web address)."""
    if "%" not in line:
        return line
    urls = [m.span() for m in _URL_ARG.finditer(line)] if "\\" in line else []
    for m in _COMMENT.finditer(line):
        start = m.start() + len(m.group(1))
        if not any(a <= start < b for a, b in urls):
            return line[:start]
    return line


def _prose(line: str) -> str:
    """A line of LaTeX prose (no comment, outside math and code blocks) as Markdown."""
    if "\\" in line:
        line = _FOOTNOTE.sub(" {", _accents(line))  # (a footnote's text apart from the word it follows)
        line = _NO_TEXT.sub("", line)
        line = _LOGOS.sub(lambda m: m.group(1), line)
        line = _CITE.sub(_citation, line)
        line = _INPUT.sub(_input, line)
        line = _REF.sub(r"`\1`", line)
        line = _LABEL.sub(r"`\1`", line)
        line = _HREF.sub(r"[\2](\1)", line)
        line = _URL.sub(r"<\1>", line)
        line = _DISPLAY_LINE.sub(lambda m: "`" + (m.group(1) or m.group(2)).strip() + "`", line)
        for pattern, into in _STYLE:
            line = pattern.sub(into, line)
        m = _HEADING.match(line)
        if m:
            line = f"{m.group(1)}{_SECTIONS[m.group(2)]} {m.group(3).strip()}{line[m.end():]}"
        line = _ITEM.sub(lambda m: m.group(1) + "- " + (f"**{m.group(2)}** " if m.group(2) else ""), line)
        line = line.replace("\\\\", " ")
    if "\\" in line or "{" in line or "}" in line:
        line = _escaped_out(line)
    for tex, text in _DASHES:
        line = line.replace(tex, text)
    return line.replace("~", " ")


def _escaped_out(line: str) -> str:
    """`line` without its commands' names and bare braces, outside its `code` spans; `\\&` is `&`."""
    parts = re.split(r"(`[^`\n]*`)", line)
    for i in range(0, len(parts), 2):
        part = _COMMAND.sub("", parts[i])
        part = re.sub(r"(?<!\\)[{}]", "", part)
        parts[i] = _ESCAPED.sub(r"\1", part)
    return "".join(parts)


def tex_text(text: str) -> str:
    """A LaTeX file's text as Markdown, line for line (the module's rules)."""
    lines = text.split("\n")
    begin = _BEGIN_DOCUMENT.search(text)
    preamble = text.count("\n", 0, begin.start()) if begin else 0  # lines before \begin{document}
    out: list[str] = []
    block: str | None = None  # the math or code environment the line is in
    lists: list[str] = []
    for n, raw in enumerate(lines):
        cr = "\r" if raw.endswith("\r") else ""
        line = raw[:len(raw) - len(cr)]
        if block is not None:  # inside a display equation or a code block: as written, to its end
            # its end alone on its line, or after the last line of the formula (`  c &= d \end{align}`, `c = d. \]`:
            # a block waiting for its end alone on a line fenced the rest of the file as code; review rdA): the
            # line is the closing fence, the formula's last line left out of the text
            closes = (re.match(rf"^([ \t]*)(?:.*?(?<!\\))?\\end\{{{re.escape(block)}\}}", line) if block != "display"
                      else _DISPLAY_CLOSE.match(line) or _DISPLAY_CLOSE_AFTER.match(line))
            out.append(closes.group(1) + "```" + cr if closes else
                       (line if block in _CODE_ENVS else _uncommented(line)) + cr)
            if closes:
                block = None
            continue
        if block is None and n < preamble:  # the preamble: its title and authors alone
            title, author = _TITLE.search(line), _AUTHOR.search(line)
            out.append(("# " + _prose(title.group(1)).strip() if title else
                        "author: " + ", ".join(a.strip() for a in _prose(
                            re.sub(r"\\and\b", "\x00", author.group(1))).split("\x00")) if author else "") + cr)
            continue
        task = _TODO_COMMENT.match(line) or _TODO_COMMAND.match(line)
        if task:  # `% TODO: cite more` or `\todo{cite more}` opening a line: the writer's task (mrag tasks)
            out.append(f"{task.group(1)}- [ ] {_prose(task.group(2)).strip()}" + cr)
            continue
        line = _uncommented(line)
        if not line.strip() and raw.lstrip().startswith("%"):
            out.append(cr)
            continue
        frame = _FRAME.match(line)
        if frame:
            out.append((f"{frame.group(1)}## {_prose(frame.group(2)).strip()}" if frame.group(2) else "") + cr)
            continue
        env = _ENV.match(line)
        if env:
            lead, which, name, rest = env.groups()
            if which == "begin" and (name in _MATH_ENVS or name in _CODE_ENVS):
                inline = re.match(rf"(.*?)\\end\{{{re.escape(name)}\}}(.*)", rest)
                if inline:  # `\begin{equation} E = mc^2 \end{equation}` on one line: code in its line
                    body, after = inline.group(1).strip(), inline.group(2)
                    out.append(lead + (f"`{body}`" if body else "") + (" " + _prose(after).strip()
                                                                       if after.strip() else "") + cr)
                    continue
                block = name
                out.append(lead + "```" + ("latex" if name in _MATH_ENVS else "") + cr)
                continue
            if name in _LISTS:
                if which == "begin":
                    lists.append(name)
                elif lists:
                    lists.pop()
            rest = _ENV_ARGS.sub("", rest) if which == "begin" else ""  # `[ht]`, `{lll}`: its options, no text
            if which == "begin" and name in ("abstract", "abstract*"):
                rest = "## Abstract " + rest  # an article's abstract, headed as its sections are
            out.append((lead + _prose(rest).strip() if rest.strip() else "") + cr)
            continue
        display = _DISPLAY_OPEN.match(line)
        if display:
            block = "display"
            out.append(display.group(1) + "```latex" + cr)
            continue
        line = _prose(line)
        if lists and lists[-1] == "enumerate" and line.lstrip().startswith("- "):
            lead = line[:len(line) - len(line.lstrip())]
            line = lead + "1. " + line.lstrip()[2:]
        out.append(line.rstrip() + cr)
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------- BibTeX

_ENTRY = re.compile(r"^[ \t]*@([A-Za-z]+)[ \t]*[{(][ \t]*([^,\s{}()]*)[ \t]*,?")
_FIELD = re.compile(r"^[ \t]*([A-Za-z][\w-]*)[ \t]*=[ \t]*")
_SKIPPED_TYPES = frozenset({"comment", "preamble", "string"})
# fields no one reads as text: where the PDF is (`file`), bookkeeping of the reference manager
_SKIPPED_FIELDS = frozenset("file urldate timestamp langid language owner groups abstractnote annote_old "
                            "eprinttype shorttitle".split())
_PEOPLE_FIELDS = frozenset({"author", "editor", "translator"})
# a field is shown by its own name, lower case as BibTeX writes it (`journal: ...`): capitalised, the same
# `Journal:` opening a line in each entry read as a chat's speaker, and the entries' keys as people's handles
_NAMES = {"date": "year", "journaltitle": "journal"}
_AND = re.compile(r"\s+and\s+")


def _person(name: str) -> str:
    """A BibTeX name (`Vaswani, Ashish`, `{Spärck Jones}, Karen`, `van der Maaten, Laurens`) First Last."""
    last, comma, first = name.partition(",")
    if comma and "," in first:  # `Last, Jr., First`
        jr, _, first = first.partition(",")
        return f"{first.strip()} {last.strip()} {jr.strip()}".strip()
    return f"{first.strip()} {last.strip()}".strip() if comma else name.strip()


def _value(text: str) -> str:
    """A field's text without its TeX: accents read, braces and commands out."""
    return re.sub(r"[ \t]+", " ", _escaped_out(_accents(text))).strip()


def _entry_fields(lines: list[str], start: int) -> tuple[int, dict[str, tuple[int, int]]]:
    """The line after the entry opening at line `start` ends (its braces balanced), and
    {field: (its first line, its last line)}: a field runs to the line before the next one."""
    depth, fields, field, first = 0, {}, None, start
    for n in range(start, len(lines)):
        line = lines[n]
        if n > start and _ENTRY.match(line) and line[:1] == "@":
            # an entry opening at a line's start while one is open: the open one lost its closing brace (a hand
            # edit); it ends there, and the next is read as its own (it was a field of the broken one)
            n -= 1
            break
        if n > start and depth == 1:
            m = _FIELD.match(line)
            if m:
                if field is not None:
                    fields[field] = (first, n - 1)
                field, first = m.group(1).lower(), n
        depth += line.count("{") - line.count("\\{") - line.count("}") + line.count("\\}")
        if depth <= 0:
            break
    else:
        n = len(lines) - 1
    if field is not None:
        fields[field] = (first, n)
    return n + 1, fields


def _field_text(lines: list[str], first: int, last: int) -> list[str]:
    """The field's lines' text, line by line: after `name =` on its first line, without TeX, braces,
    the quotes around the value and the comma after it."""
    texts = [lines[i].rstrip("\r") for i in range(first, last + 1)]
    texts[0] = _FIELD.sub("", texts[0], count=1)
    texts[-1] = re.sub(r"[ \t]*,[ \t]*$", "", texts[-1])  # the comma after the value (BibTeX's, no text)
    return [_value(t).strip().strip('"').strip() for t in texts]


def bib_text(text: str) -> str:
    """A BibTeX library as Markdown, line for line: an entry a section (the module's rules)."""
    lines = text.split("\n")
    out = [""] * len(lines)
    n = 0
    while n < len(lines):
        m = _ENTRY.match(lines[n])
        if m is None:
            stripped = lines[n].strip()
            # a line outside any entry: a comment (BibTeX reads nothing there), kept as text unless `%`
            out[n] = "" if stripped.startswith("%") or not stripped else _value(lines[n])
            n += 1
            continue
        kind, key = m.group(1).lower(), m.group(2)
        end, fields = _entry_fields(lines, n)
        if kind in _SKIPPED_TYPES:
            n = end
            continue
        values = {name: " ".join(t for t in _field_text(lines, *span) if t) for name, span in fields.items()}
        title = values.get("title") or key
        out[n] = f"## {title} [@{key}]" if key else f"## {title}"
        for name, (first, last) in fields.items():
            if name in _SKIPPED_FIELDS or name == "title":  # the title heads the entry
                continue
            texts = _field_text(lines, first, last)
            label = _NAMES.get(name, name)
            if name in _PEOPLE_FIELDS:
                people = [_person(p) for p in _AND.split(values[name]) if p.strip()]
                out[first] = f"{label}: " + ", ".join(people)
                continue
            if name == "date":
                year = re.match(r"\d{4}", values[name])
                out[first] = f"{label}: {year.group() if year else values[name]}"
                continue
            for i, part in enumerate(texts):
                out[first + i] = f"{label}: {part}" if i == 0 else part
        n = end
    cr = [line.endswith("\r") for line in lines]
    return "\n".join(line + ("\r" if c and not line.endswith("\r") else "") for line, c in zip(out, cr))
