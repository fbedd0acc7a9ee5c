"""Readers 10, qa38's part (a PhD student's LaTeX thesis and Zotero BibTeX library): `.tex` and `.bib`
files are notes, read as Markdown line for line (latex.py). They were not walked at all (`not a note
file (.tex)`): a thesis, its lectures and its library were invisible to `ask`."""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.walk import read_note
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

THESIS = r"""\documentclass[12pt]{report}
\usepackage{amsmath}
\addbibresource{library.bib}
\title{Small-Model Graph Retrieval}
\author{Jane Doe \and Helena Marsh}
\begin{document}
\maketitle
\chapter{Background}
\label{ch:background}
% TODO: the supervisor wants this shorter
\section{Attention mechanisms}
Attention was introduced by \citet{bahdanau2015neural}; the Transformer of
\textcite[p.~3]{vaswani2017attention} dispenses with recurrence \cite{vaswani2017attention,devlin2019bert}.
Costs rose by 5\% only. \emph{Scaled} attention is
\begin{equation}
  \mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right) V % the formula
\end{equation}
\subsection*{Heads}
\begin{enumerate}
  \item[One] Sch\"{u}tze's book, see Section~\ref{sec:x}.
\end{enumerate}
\input{chapters/method}
  \todo[inline]{ask Helena about chapter 3}
\end{document}
"""

LIBRARY = r"""% Exported by Better BibTeX for Zotero
@string{nips = {NeurIPS}}

@article{vaswani2017attention,
  title = {{Attention Is All You Need}},
  author = {Vaswani, Ashish and Shazeer, Noam and Kaiser, {\L}ukasz},
  date = {2017-06-12},
  journaltitle = {Advances in Neural Information Processing Systems},
  abstract = {We propose a new simple network architecture, the Transformer,
    based solely on attention mechanisms.},
  keywords = {transformers, attention},
  file = {/Users/jane/Zotero/storage/ABCD/Vaswani.pdf}
}

@book{manning2008introduction,
  title = {Introduction to Information Retrieval},
  author = {Manning, Christopher D. and Sch{\"u}tze, Hinrich},
  year = {2008},
  publisher = {Cambridge University Press}
}
"""


def test_a_tex_file_read_as_markdown_line_for_line():
    text, _warning = read_note("thesis/main.tex", THESIS.encode())
    lines = text.split("\n")
    assert len(lines) == len(THESIS.split("\n"))  # `mrag show main.tex:12` is the file's line 12
    assert lines[:6] == ["", "", "", "# Small-Model Graph Retrieval", "author: Jane Doe, Helena Marsh", ""]
    # a `% TODO` comment line is the writer's task, any other comment is out
    assert lines[7:11] == ["# Background", "`ch:background`", "- [ ] the supervisor wants this shorter",
                           "## Attention mechanisms"]
    assert lines[11:14] == ["Attention was introduced by [@bahdanau2015neural]; the Transformer of",
                            "[@vaswani2017attention] dispenses with recurrence [@vaswani2017attention; @devlin2019bert].",
                            "Costs rose by 5% only. *Scaled* attention is"]
    # a display equation is code, as written (its comment out); a list item a Markdown one
    assert lines[14:17] == ["```latex", r"  \mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right) V ", "```"]
    assert lines[17] == "### Heads"
    assert lines[19] == "  1. **One** Schütze's book, see Section `sec:x`."
    assert lines[21] == "[[chapters/method.tex]]"
    assert "formula" not in text and "usepackage" not in text and "\\" not in text.replace(lines[15], "")


def test_a_bib_entry_read_as_a_section():
    text, _warning = read_note("library.bib", LIBRARY.encode())
    lines = text.split("\n")
    assert len(lines) == len(LIBRARY.split("\n"))
    assert lines[:3] == ["", "", ""]  # the comment and the @string
    assert lines[3:13] == [
        "## Attention Is All You Need [@vaswani2017attention]", "",
        "author: Ashish Vaswani, Noam Shazeer, Łukasz Kaiser", "year: 2017",
        "journal: Advances in Neural Information Processing Systems",
        "abstract: We propose a new simple network architecture, the Transformer,",
        "based solely on attention mechanisms.", "keywords: transformers, attention", "", ""]
    assert lines[14:18] == ["## Introduction to Information Retrieval [@manning2008introduction]", "",
                            "author: Christopher D. Manning, Hinrich Schütze", "year: 2008"]


@pytest.fixture(scope="module")
def thesis_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("thesis")
    write_notes(tmp / "notes", {
        "thesis/main.tex": THESIS,
        "thesis/chapters/method.tex": "\\chapter{Method}\nWe fuse BM25 and dense retrieval \\citep{manning2008introduction}.\n",
        "library.bib": LIBRARY,
        "thesis/main.aux": "\\relax\n", "thesis/main.synctex.gz": "x", "thesis/main.pdf": "%PDF-1.5\n",
        "thesis/notes.log": "a log of my own\n",
        "Reading list.md": "# Reading list\n\n- [x] [@vaswani2017attention] the transformer paper\n",
        "literature/@vaswani2017attention.md": "---\ncitekey: vaswani2017attention\n---\n# Attention Is All You Need"
                                               "\n\n> [!quote] Page 2\n> dispensing with recurrence\n",
    })
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        summary = index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db, summary


def test_a_thesis_and_its_library_are_indexed(thesis_db):
    db, summary = thesis_db
    conn = sqlite3.connect(db)
    try:
        paths = sorted(p for (p,) in conn.execute("SELECT path FROM documents"))
        cited = {(n, p) for n, t, p in conn.execute(
            "SELECT DISTINCT e.name, e.type, d.path FROM entities e JOIN mentions m ON m.entity_id = e.id "
            "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
        types = dict(conn.execute("SELECT name, type FROM entities"))
        headers = {h for (h,) in conn.execute(
            "SELECT c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = 'library.bib'")}
    finally:
        conn.close()
    assert paths == ["Reading list.md", "library.bib", "literature/@vaswani2017attention.md",
                     "thesis/chapters/method.tex", "thesis/main.tex"]
    # what LaTeX wrote compiling main.tex is passed over in silence; a file of no .tex's is listed, as before
    assert [s["path"] for s in summary.skipped] == ["thesis/notes.log"] and summary.system_files == 3
    # a citation key joins the thesis, the library's entry, the reading list and the literature note the key
    # names (`@vaswani2017attention.md`, as Zotero Integration names it: heuristic rules 21)
    assert {("vaswani2017attention", "literature/@vaswani2017attention.md"),("vaswani2017attention", "thesis/main.tex"), ("vaswani2017attention", "library.bib"),
            ("vaswani2017attention", "Reading list.md"), ("manning2008introduction", "library.bib"),
            ("manning2008introduction", "thesis/chapters/method.tex")} <= cited
    # the library is headed by its name, not by its first entry's title (which every chunk matched)
    assert headers == {"library"}
    # authors by their names; the fields' names and the keys are no people
    assert {"Ashish Vaswani", "Hinrich Schütze", "Helena Marsh"} <= set(types)
    assert types["vaswani2017attention"] != "person"
    assert not set(types) & {"Journal", "journal", "Abstract", "Keywords", "Vaswani, Ashish", "usepackage"}


def test_ask_finds_the_thesis_and_the_entry(thesis_db):
    db, _summary = thesis_db
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        hits = index.search("who wrote Attention Is All You Need?", RetrievalOptions(mode="bm25", k=5)).results
        chapter = [h["path"] for h in index.search("attention mechanisms softmax",
                                                   RetrievalOptions(mode="bm25", k=5)).results]
    assert any(h["path"] == "library.bib" and "Ashish Vaswani" in h["text"] for h in hits[:2])
    assert "thesis/main.tex" in chapter


def test_a_broken_entry_and_crlf_lose_nothing_after_them():
    """An entry missing its closing brace ends at the next entry (which was read as its field); a CRLF file
    keeps its lines (its line ends read as LF: readers 18, crlf's part)."""
    broken = "@article{a2020x,\n  title = {First Paper},\n  author = {Doe, Jane},\n" + LIBRARY.split("\n", 3)[3]
    text, _warning = read_note("broken.bib", broken.encode())
    assert "## Attention Is All You Need [@vaswani2017attention]" in text.split("\n")
    assert "author: Jane Doe" in text.split("\n")
    crlf, _warning = read_note("main.tex", THESIS.replace("\n", "\r\n").encode())
    assert crlf == read_note("main.tex", THESIS.encode())[0]
    crlf, _warning = read_note("library.bib", LIBRARY.replace("\n", "\r\n").encode())
    assert crlf == read_note("library.bib", LIBRARY.encode())[0]


def test_show_of_a_build_file_says_what_it_is(thesis_db, capsys, monkeypatch):
    """`mrag show thesis/main.aux` said `saved since the last sync, or skipped by it` and to sync again: it says
    what LaTeX wrote it from, and shows that source."""
    from tests.test_tasks import run

    db, _summary = thesis_db
    code, _out, err = run(capsys, monkeypatch, "--db", str(db), "show", "thesis/main.aux")
    said = " ".join(err.split())
    assert code == 1 and "never indexed: what LaTeX's tools wrote compiling main.tex" in said, err
    assert "`mrag show thesis/main.tex`" in said
    code, out, err = run(capsys, monkeypatch, "--db", str(db), "show", "thesis/main.tex:8")
    assert code == 0 and "# Background" in out, err


def test_a_thesis_todos_are_tasks(thesis_db):
    """`% TODO: ...` comment lines and todonotes' `\\todo{...}` opening a line are the writer's tasks."""
    db, _summary = thesis_db
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        tasks = {(t.path, t.line, t.text) for t in index.tasks(state="open")}
    assert tasks == {("thesis/main.tex", 10, "the supervisor wants this shorter"),
                     ("thesis/main.tex", 23, "ask Helena about chapter 3")}


def test_code_comments_footnotes_and_web_addresses():
    """A verbatim/lstlisting block ends at its own `\\end{...}` (it ran to the file's end: every line after it was
    code); a `%` in a `\\url{}` is no comment; a footnote's text is apart from its word, its closing brace on a line
    of no command out."""
    tex = (r"""I thank my cat\footnote{Named""" "\n" r"""Pixel.}.""" "\n"
           r"""\begin{lstlisting}[language=Python]""" "\n" r"""x = 1  # 50% off""" "\n" r"""\end{lstlisting}""" "\n"
           r"""See \url{https://x.org/a%20b} and \emph{this}. % my comment""" "\n"
           r"""\item<2-> Written in \LaTeX{}.""" "\n")
    text, _warning = read_note("talk.tex", tex.encode())
    assert text.split("\n") == ["I thank my cat Named", "Pixel..", "```", "x = 1  # 50% off", "```",
                                "See <https://x.org/a%20b> and *this*.", "- Written in LaTeX.", ""]


def test_a_citation_key_of_any_shape_cites_a_work(tmp_path):
    """JabRef's and Google Scholar's keys (`Vaswani2017`, `vaswani:2017`) in a `\\cite{}` and a `.bib` heading were
    the person `@Vaswani2017` (a handle): in a Pandoc citation's brackets, a key holding a figure cites a work."""
    write_notes(tmp_path / "notes", {
        "draft.tex": "\\section{Related}\nAttention \\cite{Vaswani2017} and BERT \\citep[p.~3]{devlin:2019}.\n",
        "refs.bib": "@article{Vaswani2017,\n  title = {Attention Is All You Need},\n  year = {2017}\n}\n",
        "chat.md": "Ping [cc @tom] about it.\n",
    })
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    conn = sqlite3.connect(db)
    try:
        types = dict(conn.execute("SELECT name, type FROM entities"))
        docs = {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c "
            "ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = 'Vaswani2017'")}
    finally:
        conn.close()
    assert types.get("Vaswani2017") == "name" and types.get("devlin:2019") == "name"
    assert docs == {"draft.tex", "refs.bib"}
    assert "@Vaswani2017" not in types and "@devlin" not in types
    assert types.get("@tom") == "person"  # a handle in brackets, no year: as before


def test_a_literature_notes_citekey_is_its_alias(tmp_path):
    """A literature note named by its title with `citekey:` in its front matter (Zotero Integration's template)
    stood apart from the citations of its key: the key is its alias, so they mention the note's entity."""
    write_notes(tmp_path / "notes", {
        "literature/Attention Is All You Need.md": "---\ncitekey: vaswani2017attention\nyear: 2017\n---\n"
                                                   "# Attention Is All You Need\n\nThe Transformer paper.\n",
        "draft.tex": "\\section{Related}\nThe Transformer \\cite{vaswani2017attention} uses attention only.\n",
    })
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    conn = sqlite3.connect(db)
    try:
        docs = {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c "
            "ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = 'Attention Is All You Need'")}
    finally:
        conn.close()
    assert docs == {"literature/Attention Is All You Need.md", "draft.tex"}


def test_a_formula_ending_on_its_own_line_or_its_last_ends_its_block():
    """Review rdA: a block waited for its `\\end{...}` (or `\\]`) alone at a line's start, so a one-line
    `\\begin{equation} E = mc^2 \\end{equation}`, or an end after the formula's last line, fenced the rest of the
    file as code: its headings, citations and to-dos lost. Line for line still."""
    from minirag_cli.latex import tex_text

    tex = ("\\section{Intro}\n\\begin{equation} E = mc^2 \\end{equation}\nWe cite \\cite{a}.\n\\begin{align}\n"
           "  a &= b \\\\\n  c &= d \\end{align}\n\\section{Method}\n\\[\n  c = d. \\]\n% TODO: rerun\nText after.\n")
    out = tex_text(tex)
    assert len(out.split("\n")) == len(tex.split("\n"))
    lines = out.split("\n")
    assert lines[1] == "`E = mc^2`" and lines[2] == "We cite [@a]."
    assert lines[6] == "## Method" and lines[9] == "- [ ] rerun" and lines[10] == "Text after."
    assert out.count("```") % 2 == 0
