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
  written), the comment package's `comment` environment blank; other commands
  and braces are dropped, their text kept, `--` and `~` printed as a dash and a
  blank but in code and web addresses. A run-in `\\paragraph{X.} text` heads
  its text on the blank line above (readers 11). `\\iffalse ... \\fi` is out
  as a comment is (one never closed warned of, by each sync while it stays
  so: sync._warned_before), a macro of no argument (`\\newcommand{\\proj}{Atlas}`)
  its text where used from its definition on, a live one alone (readers 12). A `.tex` exported beside its
  note (`note.tex` beside `note.org`: latex_files.exported_tex) is passed over.
- **BibTeX** (`.bib`, as Zotero's Better BibTeX exports it): each entry is a
  section headed by its title and its key as a Pandoc citation
  (`## Attention Is All You Need [@vaswani2017attention]`), its fields
  `name: value` lines (`journal: ...`, `abstract: ...`, lower case as BibTeX
  writes them: `Journal:` in every entry read as a chat's speaker): authors and
  editors First Last (`author: Ashish Vaswani, Noam Shazeer`, not `Vaswani,
  Ashish and Shazeer, Noam`; `and others` `et al.`), a `date` as its `year:`;
  a `file` field (a path into Zotero's storage), the `title` (the heading holds
  it), `@comment` (a braced one to its closing brace, readers 12), `@preamble`
  and `@string` lines are blank, the `@string`
  macros expanded where used. Entries are read as BibTeX reads them (readers
  11): `@book(...)`, one entry on one line (its fields after its heading,
  ` · ` between them). Each entry starts a chunk (entry_lines).

Each file keeps its lines (a line is rewritten, never added or removed), so
`mrag show thesis.tex:12`, an answer's citation and a task's line are the
file's lines.
"""

from __future__ import annotations

import re

from minirag_cli.notekinds import MalformedNote
from minirag_cli.monthnames import month_numbers

TEX, BIB = ".tex", ".bib"

def entry_lines(text: str, path: str) -> list[int]:
    """The lines (1-based) where the entries of a BibTeX library `text` (read: bib_text) open, each a heading
    of its own; [] for another note. A chunk begins at each (sections.note_chunks): chunks of a few entries
    each, cut anywhere, began inside one entry and ended inside another (an author's name and the next
    entry's title in one chunk)."""
    if not path.lower().endswith(BIB):
        return []
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("## ")]


def latex_read(path: str, text: str) -> tuple[str, str | None] | None:
    """(the text of a `.tex` or `.bib` file read as Markdown, line for line (the
    module's rules), the warning the sync gives for it or None); None for any other note. The warning: an
    `\\iffalse` never closed, which leaves the rest of a `.tex` out (as TeX reads it: a `\\fi` lost in an edit).
    MalformedNote for a file these readers fail on in a way not foreseen: one odd file must not stop a sync."""
    low = path.lower()
    if not low.endswith((TEX, BIB)):
        return None
    try:
        if low.endswith(BIB):
            return bib_text(text), None
        read, unclosed = _tex_read(text)
        return read, (f"`\\iffalse` at line {unclosed} is never closed by a `\\fi`: the rest of the file is "
                      "read as TeX reads it, left out" if unclosed is not None else None)
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
# a citation whose keys go on over the next lines (`\cite{vaswani2017attention,` then `  devlin2019bert}`)
_CITE_OPEN = re.compile(rf"\\(?:[a-zA-Z]*cite[a-zA-Z]*|nocite)\*?(?:[ \t]*{_OPT}){{0,2}}[ \t]*\{{([^{{}}\n]*)$")
_INPUT = re.compile(r"\\(?:input|include|subfile)[ \t]*\{([^{}\n]+)\}")
_REF = re.compile(r"\\(?:[cC]?ref|eqref|autoref|pageref|nameref|vref)\*?\{([^{}\n]+)\}")
_LABEL = re.compile(r"\\label\{([^{}\n]+)\}")
_HREF = re.compile(r"\\href\{([^{}\n]+)\}\{([^{}\n]*)\}")
_URL = re.compile(r"\\url\{([^{}\n]+)\}")
_STYLE = [(re.compile(rf"\\(?:emph|textit|textsl){_ARG}"), r"*\1*"),
          (re.compile(rf"\\textbf{_ARG}"), r"**\1**"),
          (re.compile(rf"\\(?:texttt|verb\*?)\{{([^{{}}\n`]*)\}}"), r"`\1`"),
          (re.compile(r"\\(?:verb\*?|lstinline(?:\[[^\]\n]*\])?)([^\sA-Za-z*\[])([^\n`]*?)\1"), r"`\2`")]
# commands whose arguments are no text (a package, a length, a picture's file): out with their arguments
_NO_TEXT = re.compile(r"\\(?:documentclass|usepackage|RequirePackage|addbibresource|bibliography|bibliographystyle|"
                      r"includegraphics|vspace|hspace|setlength|addtolength|setcounter|usetheme|usecolortheme|"
                      r"usefont|newcommand|renewcommand|providecommand|DeclareMathOperator|graphicspath|"
                      r"pagestyle|thispagestyle|numberwithin|hypersetup|geometry|input@path|addcontentsline|markboth|"
                      r"markright)\*?"
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
_CODE_ENVS = frozenset("verbatim verbatim* lstlisting minted Verbatim".split())
# the comment package's `\begin{comment} ... \end{comment}`: text its writer took out, as a `%` line is (it was
# indexed as code: readers 11)
_COMMENT_ENV = "comment"
_LISTS = {"itemize": "- ", "enumerate": "1. ", "description": "- "}
_DISPLAY_OPEN = re.compile(r"^([ \t]*)(?:\\\[|\$\$)[ \t]*$")
_DISPLAY_CLOSE = re.compile(r"^([ \t]*)(?:\\\]|\$\$)[ \t]*$")
_DISPLAY_CLOSE_AFTER = re.compile(r"^([ \t]*)\S(?:.*?)(?:\\\]|\$\$)[ \t]*$")  # `  c = d. \]`: its last line
_DISPLAY_LINE = re.compile(r"\\\[(.+?)\\\]|\$\$(.+?)\$\$")
_FRAME = re.compile(rf"^([ \t]*)\\begin\{{frame\}}(?:\[[^\]\n]*\])?(?:\{{([^{{}}\n]*)\}})?")
_DASHES = [("---", "—"), ("--", "–"), ("``", "“"), ("''", "”")]
# what is written as it is, TeX's `--` and `~` no dash and no blank in it: code (`\texttt{a--b}`), a web address
# (`\url{https://x.org/~jane}`, `\href{...}{...}`'s), read as `...`, <...> and [...](...) before
_LITERAL = re.compile(r"(`[^`\n]*`|<[A-Za-z][A-Za-z0-9+.-]*:[^<>\s]*>|\]\([^()\s]*\))")
# a macro of no argument its file defines on one line (`\newcommand{\proj}{Atlas}`, `\newcommand\proj{Atlas}`,
# `\def\proj{Atlas}`, `\renewcommand`/`\providecommand`): expanded where used (readers 12: `We use \proj{}` was
# `We use`, and `\def\proj{Atlas}` left `Atlas` on its own line); its defining line is no text. Read as TeX reads
# them: in file order, from the definition's line on (a `\renewcommand` halfway changes what follows), only live
# ones (not in `\iffalse`, a `comment` environment or a code block), `\providecommand` none when one is defined
_MACRO_DEF = re.compile(rf"^[ \t]*\\(?:(?:(?:re)?newcommand|(provide)command)\*?[ \t]*"
                        rf"(?:\{{\\([A-Za-z]+)\}}|\\([A-Za-z]+))|def[ \t]*\\([A-Za-z]+))[ \t]*{_ARG}[ \t]*(?:%.*)?$")
_MACRO_DEPTH = 3  # a macro of macros, expanded so many times
# characters a line's macros add at most, and so many more for each of its own: `\def\x{\x\x\x}` grows no line
# without end (readers 12 as merged: 2 million `\x` from ten), a line of many uses of `\proj` is expanded whole
_MACRO_BUDGET = (4096, 4)
# a macro's use, scanned left to right as TeX reads them (`\\proj` is a line break and the word proj); what is
# written as it is, no macro in it: `\verb|...|`, `\lstinline|...|`, `\mintinline{lang}{...}`, a web address
# (`\url{...}`, `\href{...}`'s address)
_MACRO_USE = re.compile(r"\\(?:(?:verb\*?|lstinline(?:\[[^\]\n]*\])?|mintinline\{[^{}\n]*\})"
                        r"(?:([^\sA-Za-z*{\[])(?:(?!\1).)*\1|\{[^{}\n]*\})|(?:url|href)\{[^{}\n]*\}|"
                        r"([A-Za-z]+)(?![A-Za-z])(\{\})?|.)")
# `\iffalse ... \fi`: text its writer took out, as a `%` line is (readers 12: it was indexed); `\else` at its
# level ends it (the text after it is read)
_IFFALSE = re.compile(r"^[ \t]*\\iffalse(?![A-Za-z])")
# (a conditional a `\fi` ends: not math's `\iff`, nor a command of arguments, `\ifthenelse{...}`, `\ifdef{...}`,
# nor a conditional's name a definition makes or copies, `\newif\ifshow`, `\let\ifmine\iftrue`, `\def\ifX`: the
# `\fi` closing the `\iffalse` around it was read as closing it, and the rest of the file was out)
_CONDITIONAL = re.compile(r"\\(?:newif|[gex]?def)[ \t]*\\if[A-Za-z@]*|"
                          r"\\let[ \t]*\\[A-Za-z@]+(?:[ \t]*=?[ \t]*\\[A-Za-z@]+)?|"
                          r"\\(?:(if(?!f(?![A-Za-z@]))[A-Za-z@]*)(?![A-Za-z@])(?![ \t]*\{)|(fi)(?![A-Za-z@])|"
                          r"(else)(?![A-Za-z@]))")
_LITERAL_HASH = re.compile(r"^[ \t]*\\#")  # `\# 1 priority` opening a line: a # and no Markdown heading


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


def _prose(line: str, run_in: list[tuple[str, str, str]] | None = None) -> str:
    """A line of LaTeX prose (no comment, outside math and code blocks) as Markdown. A sectioning command with
    text after it on its line (`\\paragraph{Setup.} We used ...`), when `run_in` is given: the line is that text,
    and (indentation, `####`, title) is added to `run_in` (tex_text heads the text with it)."""
    literal_hash = _LITERAL_HASH.match(line)
    if "\\" in line:
        line = _FOOTNOTE.sub(" {", _accents(line))  # (a footnote's text apart from the word it follows)
        line = _NO_TEXT.sub("", line)
        line = _LOGOS.sub(lambda m: m.group(1), line)
        line = _CITE.sub(_citation, line)
        line = _INPUT.sub(_input, line)
        line = _REF.sub(r"`\1`", line)
        # a label after a word or a heading's `}` a word of its own (`## Method`sec:m``: readers 12, it ran into it)
        line = _LABEL.sub(lambda m: (" " if m.start() and not line[m.start() - 1].isspace() else "")
                          + f"`{m.group(1)}`", line)
        line = _HREF.sub(r"[\2](\1)", line)
        line = _URL.sub(r"<\1>", line)
        line = _DISPLAY_LINE.sub(lambda m: "`" + (m.group(1) or m.group(2)).strip() + "`", line)
        for pattern, into in _STYLE:
            line = pattern.sub(into, line)
        m = _HEADING.match(line)
        if m:
            rest = line[m.end():]
            if run_in is not None and re.search(r"\w", _LITERAL.sub("", _finished(rest))):
                run_in.append((m.group(1), _SECTIONS[m.group(2)], _finished(m.group(3)).strip()))
                line = m.group(1) + rest.lstrip()
            else:
                line = f"{m.group(1)}{_SECTIONS[m.group(2)]} {m.group(3).strip()}{rest}"
        line = _ITEM.sub(lambda m: m.group(1) + "- " + (f"**{m.group(2)}** " if m.group(2) else ""), line)
        line = line.replace("\\\\", " ")
    line = _finished(line)
    return _no_heading(line) if literal_hash else line


def _no_heading(line: str) -> str:
    """`line`, a `#` it opens with written `\\#` where Markdown would read a heading (`# 1 priority`)."""
    lead = len(line) - len(line.lstrip())
    return line[:lead] + "\\" + line[lead:] if re.match(r"#{1,6}(?:[ \t]|$)", line[lead:]) else line


def _finished(line: str) -> str:
    """A line of prose, its meaningful commands read (_prose), without the others, its braces, and TeX's
    dashes, quotes and `~` as they are printed, outside code and web addresses (_LITERAL)."""
    if "\\" in line or "{" in line or "}" in line:
        line = _escaped_out(line)
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):
        for tex, text in _DASHES:
            parts[i] = parts[i].replace(tex, text)
        parts[i] = parts[i].replace("~", " ")
    return "".join(parts)


def _document_line(lines: list[str]) -> int:
    """The line of `\\begin{document}`, 0 if none: the first opening a line outside a code block (a LaTeX
    tutorial's `verbatim` example of one took all above it for the preamble, and blanked it)."""
    block = None
    for n, line in enumerate(lines):
        if block is not None:
            if f"\\end{{{block}}}" in line:
                block = None
            continue
        env = _ENV.match(line)
        if env and env.group(2) == "begin":
            if env.group(3) == "document":
                return n
            if ((env.group(3) in _CODE_ENVS or env.group(3) == _COMMENT_ENV)
                    and f"\\end{{{env.group(3)}}}" not in env.group(4)):
                block = env.group(3)
    return 0


def _joined_citation(line: str, lines: list[str], n: int) -> str:
    """`line` (the `n`th of `lines`) with a citation it opens and the next lines close (`\\cite{a,` then
    `  b}`) whole on it, the keys' lines blanked in `lines` and the one closing it its text after the `}`:
    such a citation cited no one."""
    m = _CITE_OPEN.search(line)
    if m is None:
        return line
    keys = [m.group(1)]
    for k in range(n + 1, min(n + 8, len(lines))):
        cr = "\r" if lines[k].endswith("\r") else ""
        keys_here, brace, after = lines[k][:len(lines[k]) - len(cr)].partition("}")
        if "{" in keys_here or "\\" in keys_here:
            return line
        keys.append(_uncommented(keys_here))
        if brace:
            for j in range(n + 1, k):
                lines[j] = "\r" if lines[j].endswith("\r") else ""
            lines[k] = keys_here[:len(keys_here) - len(keys_here.lstrip())] + after.lstrip() + cr
            return line[:m.start(1)] + ",".join(keys) + "}"
    return line


def _escaped_out(line: str) -> str:
    """`line` without its commands' names and bare braces, outside its `code` spans; `\\&` is `&`."""
    parts = re.split(r"(`[^`\n]*`)", line)
    for i in range(0, len(parts), 2):
        part = _COMMAND.sub("", parts[i])
        part = re.sub(r"(?<!\\)[{}]", "", part)
        parts[i] = _ESCAPED.sub(r"\1", part)
    return "".join(parts)


def _defined(line: str, macros: dict[str, str]) -> bool:
    """Is `line` a macro's definition (_MACRO_DEF)? One of no argument is added to `macros` (a `\\providecommand`
    when its name is not there)."""
    if "command" not in line and "\\def" not in line:
        return False
    m = _MACRO_DEF.match(line)
    if m is None:
        return False
    name, body = m.group(2) or m.group(3) or m.group(4), m.group(5)
    if "#" not in body and not (m.group(1) and name in macros):
        macros[name] = body
    return True


def _expanded(line: str, macros: dict[str, str]) -> str:
    """`line` with each use of `macros` (`\\proj`, `\\proj{}`) its text, but where written as it is (_MACRO_USE);
    at most _MACRO_BUDGET characters more."""
    budget = [_MACRO_BUDGET[0] + _MACRO_BUDGET[1] * len(line)]

    def use(m: re.Match) -> str:
        body = macros.get(m.group(2)) if m.group(2) else None
        if body is None or len(body) > budget[0]:
            return m.group(0)
        budget[0] -= len(body)
        return body

    for _ in range(_MACRO_DEPTH):
        if not macros or "\\" not in line:
            break
        before = line
        line = _MACRO_USE.sub(use, line)
        if line == before:
            break
    return line


def _skipped_if(line: str, depth: int) -> tuple[int, str]:
    """(the `\\iffalse` nesting left after `line`, read inside one at `depth`; the text after an `\\else` or `\\fi`
    ending it, which is read)."""
    for m in _CONDITIONAL.finditer(line):
        if not m.group(1) and not m.group(2) and not m.group(3):  # a definition (`\\newif\\ifshow`)
            continue
        if m.group(1):
            depth += 1
        elif m.group(2) or depth == 1:  # `\\fi`, or the `\\else` of the `\\iffalse`
            depth -= 1
            if depth == 0:  # the text after it, where its line's text starts
                return 0, line[:len(line) - len(line.lstrip())] + line[m.end():].lstrip()
    return depth, ""


def tex_text(text: str) -> str:
    """A LaTeX file's text as Markdown, line for line (the module's rules)."""
    return _tex_read(text)[0]


def _tex_read(text: str) -> tuple[str, int | None]:
    """(tex_text's text, the line (1-based) of an `\\iffalse` never closed, or None)."""
    lines = text.split("\n")
    unclosed = None  # the line of the `\\iffalse` the line is in
    preamble = _document_line(lines)  # lines before \begin{document}
    macros: dict[str, str] = {}  # the macros defined so far (_MACRO_DEF)
    out: list[str] = []
    block: str | None = None  # the math or code environment the line is in
    skipped = 0  # how deep in `\\iffalse ... \\fi` the line is
    lists: list[str] = []
    for n, raw in enumerate(lines):
        cr = "\r" if raw.endswith("\r") else ""
        line = raw[:len(raw) - len(cr)]
        if skipped:
            skipped, line = _skipped_if(_uncommented(line), skipped)
            if skipped or not line.strip():
                out.append(cr)
                continue
        if block is None and _IFFALSE.match(bare := _uncommented(line)):
            skipped, line = _skipped_if(bare, 0)
            unclosed = n + 1
            if skipped or not line.strip():
                out.append(cr)
                continue
        if block is None and _defined(line, macros):  # a macro's definition: no text
            out.append(cr)
            continue
        if block not in _CODE_ENVS and block != _COMMENT_ENV:
            line = _expanded(line, macros)
        if block is not None:  # inside a display equation or a code block: as written, to its end
            # its end alone on its line, or after the last line of the formula (`  c &= d \end{align}`, `c = d. \]`:
            # a block waiting for its end alone on a line fenced the rest of the file as code; review rdA): the
            # line is the closing fence, the formula's last line left out of the text
            closes = (re.match(rf"^([ \t]*)(?:.*?(?<!\\))?\\end\{{{re.escape(block)}\}}", line) if block != "display"
                      else _DISPLAY_CLOSE.match(line) or _DISPLAY_CLOSE_AFTER.match(line))
            if block == _COMMENT_ENV:
                out.append(cr)
            else:
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
            if which == "begin" and name == _COMMENT_ENV:
                block = None if f"\\end{{{name}}}" in rest else name
                out.append(cr)
                continue
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
        run_in: list[tuple[str, str, str]] = []
        line = _prose(_joined_citation(line, lines, n), run_in)
        if run_in:  # `\paragraph{Setup.} We used ...`: the heading on the blank line above, else the title in bold
            lead, hashes, title = run_in[0]
            if out and not out[-1].strip() and n > preamble:
                out[-1] = f"{lead}{hashes} {title.rstrip('.').rstrip() or title}" + out[-1]
            else:
                line = f"{lead}**{title}** {line.lstrip()}"
        if lists and lists[-1] == "enumerate" and line.lstrip().startswith("- "):
            lead = line[:len(line) - len(line.lstrip())]
            line = lead + "1. " + line.lstrip()[2:]
        out.append(line.rstrip() + cr)
    return "\n".join(out), unclosed if skipped else None


# ---------------------------------------------------------------------------------------------- BibTeX

# An entry opens with `@type{` or `@type(` at a line's start (after blanks); read as BibTeX reads it, character by
# character (readers 11, review of qa38: read line by line, a one-line entry lost its fields, `@Book(key, ...)` all of
# them, the comma after a last field stayed in its value, and `journal = jacm` was the word jacm), or right after
# the closing brace of the entry before it (`@misc{k3, title={Third}} @misc{k4, ...}`: k4 was lost, review revY).
_ENTRY = re.compile(r"(?:^|(?<=[})]))[ \t]*@([A-Za-z]+)[ \t]*([{(])", re.MULTILINE)
# an entry opening at the very start of a line while one is open: the open one lost its closing brace (a hand
# edit); it ends there, and the next is read as its own (it was a field of the broken one)
_NEXT_ENTRY = re.compile(r"^@[A-Za-z]+[ \t]*[{(]", re.MULTILINE)
_KEY = re.compile(r"[ \t\r\n]*([^,\s{}()]*)")
_FIELD = re.compile(r"([A-Za-z][\w:.+/-]*)[ \t\r\n]*=")
_BARE = re.compile(r"[^\s,#{}()\"=]+")  # a number or a macro's name (`year = 2020`, `journal = jacm`)
_BLANKS = " \t\r\n"
_SPECIAL = re.compile(r'[\\{}",)]')  # what _scan looks at: a backslash, braces, and the stops it is given
_SKIPPED_TYPES = frozenset({"comment", "preamble", "string"})
# fields no one reads as text: where the PDF is (`file`), bookkeeping of the reference manager
_SKIPPED_FIELDS = frozenset("file urldate timestamp langid language owner groups abstractnote annote_old "
                            "eprinttype shorttitle".split())
_PEOPLE_FIELDS = frozenset({"author", "editor", "translator"})
# a field is shown by its own name, lower case as BibTeX writes it (`journal: ...`): capitalised, the same
# `Journal:` opening a line in each entry read as a chat's speaker, and the entries' keys as people's handles
_NAMES = {"date": "year", "journaltitle": "journal"}
# BibTeX's own macros: `month = jan` is January
_MONTHS = {m[:3]: m.capitalize() for m in month_numbers("en")}
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_SAME_LINE = " · "  # between an entry's heading and fields written on one line (`@misc{k, title={X}, year=2020}`)


class _Entry:
    """An entry as read: its type, key, where it opens and ends (the offsets of its `@` and its closing brace),
    and its fields, (name in lower case, where the name is, [(is a macro, start, end) of each part of its value:
    `"Proc. " # jacm` has two])."""

    def __init__(self, kind: str, key: str, start: int):
        self.kind, self.key, self.start, self.end = kind, key, start, start
        self.fields: list[tuple[str, int, list[tuple[bool, int, int]]]] = []


def _scan(text: str, pos: int, limit: int, stops: str) -> int:
    """Where the first of `stops` outside braces is from `pos` on (`limit` if none): a value's end, an entry's."""
    depth = 0
    while (m := _SPECIAL.search(text, pos, limit)) is not None:
        ch, pos = m.group(), m.start()
        if ch == "\\":  # `{\"u}`, `\{`: the character after a backslash is the letter's
            pos += 2
            continue
        if depth == 0 and ch in stops:
            return pos
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        pos += 1
    return limit


def _closing_braces(text: str, pos: int) -> dict[int, int]:
    """{the offset of a `{` from `pos` on: the offset of the `}` closing it}, braces read as _scan reads them."""
    closing, opened = {}, []
    while (m := _SPECIAL.search(text, pos)) is not None:
        ch, pos = m.group(), m.end()
        if ch == "\\":
            pos += 1
        elif ch == "{":
            opened.append(m.start())
        elif ch == "}" and opened:
            closing[opened.pop()] = m.start()
    return closing


def _skip(text: str, pos: int, limit: int, chars: str = _BLANKS) -> int:
    while pos < limit and text[pos] in chars:
        pos += 1
    return pos


def _value_parts(text: str, pos: int, limit: int) -> tuple[list[tuple[bool, int, int]], int]:
    """A field's value from `pos`, its parts joined by `#` ({...}, "...", a number, a macro's name), and where
    it ends."""
    parts: list[tuple[bool, int, int]] = []
    while True:
        pos = _skip(text, pos, limit)
        if pos >= limit:
            break
        if text[pos] in '{"':
            end = _scan(text, pos + 1, limit, "}" if text[pos] == "{" else '"')
            parts.append((False, pos + 1, end))
            pos = min(end + 1, limit)
        else:
            m = _BARE.match(text, pos, limit)
            if m is None:
                break
            parts.append((not m.group().isdigit(), m.start(), m.end()))
            pos = m.end()
        pos = _skip(text, pos, limit)
        if pos < limit and text[pos] == "#":
            pos += 1
            continue
        break
    return parts, pos


def _bib_entries(text: str) -> list[_Entry]:
    """Every entry of a BibTeX library, `@string` and `@comment` ones too, in order."""
    import bisect

    breaks = [m.start() for m in _NEXT_ENTRY.finditer(text)]
    entries: list[_Entry] = []
    unclosed_from: int | None = None  # where a braced `@comment{` never closed opens its text
    closing: dict[int, int] | None = None  # from there on, {a `{`: the `}` closing it} (_closing_braces)
    for m in _ENTRY.finditer(text):
        if entries and m.start() < entries[-1].end:
            continue  # an `@` opening a line of the entry before (its abstract's)
        at = bisect.bisect_right(breaks, m.start())
        limit = breaks[at] if at < len(breaks) else len(text)
        close = "}" if m.group(2) == "{" else ")"
        entry = _Entry(m.group(1).lower(), "", m.start())
        pos = m.end()
        if entry.kind == "comment" and close == "}":
            # `@comment{...}` is a comment to its closing brace, as biber and biblatex read it (readers 12: an
            # entry written inside one, opening a line, was indexed as classic BibTeX reads it); one never
            # closed ends where the next entry opens
            if unclosed_from is not None:  # after one never closed: its closing brace found in one pass (readers
                # 12 as merged scanned to the file's end for each, 30 s for 5000 such comments)
                closing = closing if closing is not None else _closing_braces(text, unclosed_from)
                end = closing.get(pos - 1, len(text))
            else:
                end = _scan(text, pos, len(text), close)
                unclosed_from = pos if end == len(text) else None
            if end < len(text):
                pos, limit = end, len(text)
            else:
                pos = _scan(text, pos, limit, close)
        elif entry.kind in ("comment", "preamble"):
            pos = _scan(text, pos, limit, close)
        else:
            if entry.kind != "string":
                key = _KEY.match(text, pos, limit)
                entry.key, pos = key.group(1), key.end()
            while True:
                pos = _skip(text, pos, limit, _BLANKS + ",")
                while pos < limit and text[pos] == "%":  # a `%` line between fields: no field, to its end
                    eol = text.find("\n", pos, limit)
                    pos = _skip(text, limit if eol < 0 else eol, limit, _BLANKS + ",")
                if pos >= limit or text[pos] == close:
                    break
                field = _FIELD.match(text, pos, limit)
                if field is None:  # no `name =`: passed over to the next comma
                    pos = _scan(text, pos, limit, "," + close)
                    continue
                parts, pos = _value_parts(text, field.end(), limit)
                if parts:
                    entry.fields.append((field.group(1).lower(), field.start(), parts))
                else:  # `name = ,`, `name = }`: nothing
                    pos = _scan(text, pos, limit, "," + close)
        entry.end = min(pos + 1, limit)
        entries.append(entry)
    return entries


def _resolved(text: str, parts: list[tuple[bool, int, int]], macros: dict[str, str]) -> str:
    """A value's TeX, its macros expanded (`@string{jacm = ...}`, BibTeX's `jan`), its parts joined."""
    return "".join(macros.get(text[a:b].lower(), _MONTHS.get(text[a:b].lower(), text[a:b])) if macro else text[a:b]
                   for macro, a, b in parts)


def _top_level(text: str, pattern: re.Pattern) -> list[str]:
    """`text` split where `pattern` matches outside braces (`{Barnes and Noble}` is one name)."""
    pieces, last = [], 0
    for m in pattern.finditer(text):
        before = text[:m.start()]
        if before.count("{") - before.count("\\{") == before.count("}") - before.count("\\}"):
            pieces.append(text[last:m.start()])
            last = m.end()
    return pieces + [text[last:]]


def _person(name: str) -> str:
    """A BibTeX name (`Vaswani, Ashish`, `{Spärck Jones}, Karen`, `van der Maaten, Laurens`) First Last; a braced
    one (`{World Health Organization}`) as written."""
    parts = [_value(p) for p in _top_level(name.strip(), re.compile(","))]
    if len(parts) >= 3:  # `Last, Jr., First`
        return f"{parts[2]} {parts[0]} {parts[1]}".strip()
    return f"{parts[1]} {parts[0]}".strip() if len(parts) == 2 else parts[0]


def _people(value: str) -> str:
    """A field's names (`Vaswani, Ashish and Shazeer, Noam and others`) First Last, `et al.` for BibTeX's
    `and others` (it was a person, Others)."""
    names = [n for n in _top_level(value, _AND) if n.strip()]
    others = bool(names) and names[-1].strip().lower() == "others"
    shown = ", ".join(_person(n) for n in (names[:-1] if others else names))
    return shown + (" et al." if others and shown else "et al." if others else "")


def _value(text: str) -> str:
    """A field's text without its TeX: accents read, braces and commands out (`The {\\TeX}book`: the word)."""
    text = _accents(text)
    text = _LOGOS.sub(lambda m: m.group(1), text) if "\\" in text else text
    return re.sub(r"[ \t\r\n]+", " ", _escaped_out(text)).strip()


def bib_text(text: str) -> str:
    """A BibTeX library as Markdown, line for line: an entry a section (the module's rules)."""
    import bisect

    lines = text.split("\n")
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(pos: int) -> int:
        return bisect.bisect_right(starts, pos) - 1

    out: list[list[str]] = [[] for _ in lines]
    inside = [False] * len(lines)  # the lines an entry is written on
    entries = _bib_entries(text)
    macros: dict[str, str] = {}
    for entry in entries:
        for n in range(line_of(entry.start), line_of(max(entry.end - 1, entry.start)) + 1):
            inside[n] = True
        if entry.kind == "string":  # `@string{jacm = "Journal of the ACM"}`: its macros, read where used
            for name, _at, parts in entry.fields:
                macros[name] = _resolved(text, parts, macros)
    for entry in entries:
        if entry.kind in _SKIPPED_TYPES:
            continue
        values = {name: _resolved(text, parts, macros) for name, _at, parts in entry.fields}
        title = _value(values.get("title", "")) or entry.key
        if title and out[line_of(entry.start)]:  # an entry after another on its line: no heading mid-line
            out[line_of(entry.start)].append(f"title: {title} [@{entry.key}]" if entry.key else f"title: {title}")
        elif title:
            out[line_of(entry.start)].append(f"## {title} [@{entry.key}]" if entry.key else f"## {title}")
        for name, at, parts in entry.fields:
            if name in _SKIPPED_FIELDS or name == "title":  # the title heads the entry
                continue
            label = _NAMES.get(name, name)
            if name in _PEOPLE_FIELDS:
                pieces = [(line_of(at), _people(values[name]))]
            elif name == "date":
                year = re.match(r"\d{4}", _value(values[name]))
                pieces = [(line_of(at), year.group() if year else _value(values[name]))]
            elif len(parts) == 1 and not parts[0][0]:  # `{...}` or `"..."`: each of its lines on its own
                _macro, a, b = parts[0]
                pieces = [(line_of(a) + i, _value(piece)) for i, piece in enumerate(text[a:b].split("\n"))]
            else:  # parts joined by `#`, a macro: on its name's line
                pieces = [(line_of(at), _value(values[name]))]
            pieces = [(n, piece) for n, piece in pieces if piece]
            for i, (n, piece) in enumerate(pieces):
                out[n].append(f"{label}: {piece}" if i == 0 else _no_heading(piece))
    for n, line in enumerate(lines):
        if not inside[n]:
            stripped = line.strip()
            # a line outside any entry: a comment (BibTeX reads nothing there), kept as text unless `%`
            out[n] = [] if stripped.startswith("%") or not stripped else [_no_heading(_value(line))]
    return "\n".join(_SAME_LINE.join(parts) + ("\r" if line.endswith("\r") else "")
                     for parts, line in zip(out, lines))
