"""Readers 12's bugs found by review (revC, session 48), each checked as a user meets it: real files through
`Index.sync` (the library `mrag sync` runs), read back as `mrag show` and search results have them."""

from __future__ import annotations

import sqlite3

from tests.test_readers12 import _mentioned_in, _synced, _text


def _entities(db) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------- TiddlyWiki

def test_a_tiddlers_link_to_a_web_address_or_in_code_is_no_tiddlers(tmp_path):
    """A link to a web address or a file whose target holds a `#` (`[[Wikipedia|https://...#History]]`,
    `[[pdf|file:///...#page=3]]`) is read as before readers 12: it was made a link to a tiddler file named for the
    address (`https___en.wikipedia.org_...tid`) and an entity of that name. `[[C# notes]]` in inline code is code."""
    db, _summary = _synced(tmp_path, {
        "tw/tiddlers/C# notes.tid": "title: C# notes\n\nGenerics.\n",
        "tw/tiddlers/Links.tid": (
            "title: Links\n\nHistory: [[Wikipedia|https://en.wikipedia.org/wiki/Lisbon#History]] and "
            "[[https://example.com/#top]].\nThe [[pdf|file:///home/x/a.pdf#page=3]] and [[C# notes]].\n"
            "Write `[[C# notes]]` to link it.\n")})
    text = _text(db, "tw/tiddlers/Links.tid")
    assert "https://en.wikipedia.org/wiki/Lisbon#History" in text and "https://example.com/#top" in text
    assert "file:///home/x/a.pdf#page=3" in text
    assert "`[[C# notes]]`" in text
    assert not [name for name in _entities(db) if "https" in name or "file" in name or ".tid" in name]
    assert _mentioned_in(db, "C# notes") == {"tw/tiddlers/C# notes.tid", "tw/tiddlers/Links.tid"}


# ---------------------------------------------------------------------------------------------- LaTeX

MACROS = r"""\documentclass{article}
\newcommand{\tool}{git}
\providecommand{\tool}{svn}
\providecommand{\lab}{Harbour Lab}
\newcommand{\proj}{Atlas}
\begin{document}
\iffalse
\renewcommand{\proj}{Hermes}
\fi
\begin{comment}
\renewcommand{\proj}{Secret}
\end{comment}
\begin{lstlisting}
\def\proj{Code}
\end{lstlisting}
Chapter one: the \proj{} project uses \tool{} at \lab.
Write \verb|\proj| or \lstinline|\tool| for it, see \url{https://x.org/\proj}.
\renewcommand{\tool}{Mercurial}
Chapter two uses \tool.
\end{document}
"""


def test_latex_macros_are_read_in_file_order_and_live_ones_alone(tmp_path):
    """A macro's definition counts from its line on, as TeX reads it: `\\renewcommand` halfway changes what follows
    (the last definition in the file was used for all of it), one in `\\iffalse`, a `comment` environment or a code
    block is none (it replaced the real one), `\\providecommand` defines a macro (it was not read) but not over
    one, and `\\verb`, `\\lstinline` and a web address are written as they are (the macro was expanded in them)."""
    db, _summary = _synced(tmp_path, {"paper.tex": MACROS})
    text = _text(db, "paper.tex")
    assert "Chapter one: the Atlas project uses git at Harbour Lab." in text
    assert "Chapter two uses Mercurial." in text
    assert "Hermes" not in text and "Secret" not in text and "Code project" not in text and "svn" not in text
    assert "`\\proj`" in text and "`\\tool`" in text and "https://x.org/Atlas" not in text


CONDITIONALS = r"""\documentclass{article}
\begin{document}
Intro.
\iffalse
\newif\ifshow
hidden with newif
\fi
After newif.
\iffalse
\let\ifmine\iftrue
\def\ifdraft{}
hidden with let
\fi
After let.
\end{document}
"""


def test_a_conditionals_definition_inside_iffalse_opens_none(tmp_path):
    """`\\newif\\ifshow`, `\\let\\ifmine\\iftrue` and `\\def\\ifdraft` inside `\\iffalse ... \\fi` define a conditional,
    they open none: the `\\fi` was read as closing them, and the rest of the file was out."""
    db, _summary = _synced(tmp_path, {"paper.tex": CONDITIONALS})
    text = _text(db, "paper.tex")
    assert "After newif." in text and "After let." in text
    assert "hidden" not in text


def test_a_self_referencing_macro_grows_no_line_without_end(tmp_path):
    """`\\def\\x{\\x\\x...}` used ten times made two million `\\x` before they were dropped (seconds for one line);
    its expansion is capped, the line read."""
    import time

    bomb = ("\\documentclass{article}\n\\def\\x{" + "\\x" * 60 + "}\n\\begin{document}\nA " + "\\x" * 10
            + " B\n\\end{document}\n")
    from minirag_cli.latex import tex_text

    start = time.perf_counter()
    read = tex_text(bomb)
    assert time.perf_counter() - start < 1
    assert "A" in read and "B" in read and len(read) < 100_000


# ---------------------------------------------------------------------------------------------- BibTeX

def test_many_unclosed_braced_comments_are_read_in_linear_time(tmp_path):
    """5000 `@comment{ note N` never closed, each before an entry, took 30 s to read (each scanned to the file's end);
    read as before, in a moment."""
    import time

    from minirag_cli.latex import bib_text

    library = "".join(f"@comment{{ note {n}\n@article{{k{n}, title={{T {n}}}}}\n" for n in range(5000))
    start = time.perf_counter()
    read = bib_text(library)
    assert time.perf_counter() - start < 3
    assert "T 4999 [@k4999]" in read and "T 0 [@k0]" in read


# ----------------------------------------------------------------------------------------- Google Keep (HTML)

def test_a_keep_pages_numeric_day_with_a_12_hour_clock_is_month_first(tmp_path):
    """`11/3/2026, 9:15:02 AM` is a US account's time, the month first: November 3 (it was read the 11th of March).
    A 24-hour time or Australia's `am` keeps the day first."""
    from tests.test_readers12 import _keep_page, _open

    pages = {"us": "11/3/2026, 9:15:02 AM", "us_pm": "12/11/2026, 9:15:02 PM", "eu": "11/3/2026, 09:15:02",
             "au": "11/3/2026, 9:15:02 am", "us_only": "3/13/2026, 9:15 AM"}
    db, _summary = _synced(tmp_path, {f"Takeout/Keep/{name}.html": _keep_page(heading, f"Call Priya ({name}).")
                                      for name, heading in pages.items()})
    with _open(db) as index:
        shown = {name: index.document(f"Takeout/Keep/{name}.html")["text"] for name in pages}
    dates = {name: text.split("date: ", 1)[1].split("\n", 1)[0] for name, text in shown.items()}
    assert dates == {"us": "2026-11-03 09:15", "us_pm": "2026-12-11 21:15", "eu": "2026-03-11 09:15",
                     "au": "2026-03-11 09:15", "us_only": "2026-03-13 09:15"}


# ---------------------------------------------------------------------------------------------- Logseq

def test_a_template_property_outside_a_logseq_graph_is_text(tmp_path):
    """A `template:: book` bullet in an Obsidian note (Dataview's inline field) is its writer's text: its tasks were
    read blank as a Logseq template's (`mrag tasks` lost them). In a Logseq graph (`logseq/config.edn`) a page's
    template block is still no text."""
    from tests.test_readers12 import _open

    page = "# Reading list\n\n- Dune\n  template:: book\n  - [ ] finish part two\n- Neuromancer\n  - [ ] buy a copy\n"
    db, _summary = _synced(tmp_path, {"vault/.obsidian/app.json": "{}\n", "vault/Reading.md": page,
                                      "graph/logseq/config.edn": "{}\n", "graph/pages/Reading.md": page})
    with _open(db) as index:
        tasks = {(t.path, t.text) for t in index.tasks(state="all")}
    assert tasks == {("vault/Reading.md", "finish part two"), ("vault/Reading.md", "buy a copy"),
                     ("graph/pages/Reading.md", "buy a copy")}


# ---------------------------------------------------------------------------------------------- VimWiki

def test_a_markdown_wiki_page_with_tags_or_indented_code_is_markdowns(tmp_path):
    """A `.wiki` page in Markdown (VimWiki's `syntax: 'markdown'`) with a `:diary:work:` tags line, which VimWiki's
    Markdown syntax writes too, or an indented code block of `# ` comments is read as Markdown: it was read as
    VimWiki's default syntax, its `# Morning` headings items `1. Morning`, its code's comments items."""
    db, _summary = _synced(tmp_path, {
        "wiki/Diary.wiki": (":diary:work:\n# Morning\nMet [Ann](mailto:ann@x.org) about Atlas.\n# Afternoon\n"
                            "Coding the parser.\n"),
        "wiki/Setup.wiki": ("Setup, see [docs](https://example.com/docs).\n\n    # install deps\n    # then run it\n"
                            "    make all\n"),
        "wiki/Trip.wiki": "Trip planning\n:travel:\n# Book the flights\n# Pack the bags\nSee [the guide](guide.md).\n"})
    diary, setup = _text(db, "wiki/Diary.wiki"), _text(db, "wiki/Setup.wiki")
    assert "# Morning" in diary and "# Afternoon" in diary and "1. Morning" not in diary
    assert "    # install deps\n    # then run it" in setup
    assert "1. Book the flights\n1. Pack the bags" in _text(db, "wiki/Trip.wiki")


def test_an_iffalse_never_closed_is_warned_of(tmp_path):
    """An `\\iffalse` whose `\\fi` was lost leaves the rest of the file out, as TeX reads it; the sync says so (the
    file's text vanished in silence). A closed one is no warning."""
    db, summary = _synced(tmp_path, {
        "draft.tex": "\\documentclass{article}\n\\begin{document}\nKept.\n\\iffalse\nOld text.\n\nMore text.\n"
                     "\\end{document}\n",
        "paper.tex": CONDITIONALS})
    assert "Kept." in _text(db, "draft.tex") and "More text" not in _text(db, "draft.tex")
    assert summary.warnings == [{"path": "draft.tex", "reason": "`\\iffalse` at line 4 is never closed by a `\\fi`: "
                                 "the rest of the file is read as TeX reads it, left out"}]
