"""Readers 11, the review of qa38's LaTeX and BibTeX readers (latex.py): a `.bib` read line by line lost a one-line
entry's fields and every field of `@Book(key, ...)`, kept the comma after a last field, listed `others` as an author,
split `{Food and Agriculture Organization}` into two, left `journal = jacm` the word jacm, and let a chunk run from
one entry into the next; a `.tex` rewrote `--` and `~` in web addresses and code, cited no one in a `\\cite{}` over
two lines, took a verbatim example's `\\begin{document}` for its own (blanking all above it), indexed the comment
package's `comment` environment, made a whole `\\paragraph{X.} text` line a heading and `\\#` opening a line a
Markdown one, and indexed `note.tex` exported beside `note.org` as a second copy of the note. Each is checked as a
user meets it: real files synced into a real index, its chunks, entities, `mrag show`."""

from __future__ import annotations

import sqlite3

import pytest

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

LIBRARY = r"""@string{jacm = "Journal of the ACM"}
@STRING(proc = {Proceedings of })

@misc{trailing2020,
  author = {Doe, Jane},
  year = {2020},
  title = {Trailing Comma Paper},
}

@article{oneline2021, title={One Line Paper}, author={Okafor, Ngozi and Brandt, Tobias}, year=2021}

@techreport{fao2019,
  title = {The State of Food Security},
  author = {{Food and Agriculture Organization} and Lindqvist, Maja and others},
  year = {2019}
}

@Book(knuth1984,
  title = "The {\TeX}book",
  author = {Knuth, Donald E.},
  journal = jacm,
  booktitle = proc # "the " # jacm,
  month = jan,
  year = 1984
)

@article{abstract2022,
  title = {Abstracts Over Lines},
  abstract = {We propose a thing.
    \# 1 priority was speed.},
  year = {2022}
}
"""

PAPER = r"""\documentclass{article}
\title{Retrieval Notes}
\begin{document}
See \url{https://example.org/~jane/a--b} and \href{https://example.org/~bob--x}{Bob's--page}, also \texttt{k--means~x}.
Dense retrieval \cite{vaswani2017attention,
  devlin2019bert} helps.
\begin{comment}
Hidden draft about zeppelins.
\end{comment}

\paragraph{Setup.} We trained for three epochs.
\# 1 priority was recall.
\end{document}
"""

CHAPTER = r"""Some intro text about quokkas above the example.
\begin{verbatim}
\documentclass{article}
\begin{document}
Hello world
\end{document}
\end{verbatim}
Text after the example.
"""


THESIS_MAIN = r"""\documentclass{report}
\title{Small-Model Graph Retrieval}
\begin{document}
\chapter{Background}
Attention was introduced for translation; graphs of entities join the notes that name them.
\chapter{Method}
We fuse BM25 and dense retrieval, and walk the graph two hops from the question's names.
\end{document}
"""


# what Org mode's `C-c C-e l l` writes of note.org beside it
ORG_EXPORT = r"""% Created 2026-11-03 Tue 10:00
% Intended LaTeX compiler: pdflatex
\documentclass[11pt]{article}
\usepackage[utf8]{inputenc}
\usepackage{hyperref}
\author{Jane Doe}
\date{\today}
\title{Reading plan}
\hypersetup{
 pdfauthor={Jane Doe},
 pdftitle={Reading plan},
 pdfcreator={Emacs 29.1 (Org mode 9.6.6)},
 pdflang={English}}
\begin{document}

\maketitle
\tableofcontents

\section{Papers}
\label{sec:org1a2b3c}
Read the transformer paper about attention.
\end{document}
"""


def _sync(notes, db):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        return index.sync([notes], SyncOptions(), extractor=HeuristicExtractor())


def _chunks(db, path: str) -> list[tuple[int, int, str, str]]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(
            "SELECT c.start_line, c.end_line, c.header, c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
            "WHERE d.path = ? ORDER BY c.seq", (path,)))
    finally:
        conn.close()


def _mentioned_in(db, name: str) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c "
            "ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = ?", (name,))}
    finally:
        conn.close()


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("readers11")
    write_notes(tmp / "notes", {
        "library.bib": LIBRARY, "paper.tex": PAPER, "chapter.tex": CHAPTER,
        "draft.tex": "\\# 3 reasons we chose BM25\nIt is fast.\n",
        "note.org": "#+TITLE: Reading plan\n* Papers\nRead the transformer paper about attention.\n",
        "note.tex": ORG_EXPORT,
    })
    db = tmp / "index.sqlite"
    return db, _sync(tmp / "notes", db)


def _library_text(db) -> str:
    return "\n".join(text for _a, _b, _h, text in _chunks(db, "library.bib"))


def test_a_last_fields_comma_is_no_text(synced):
    """`title = {...},` then `}`: the comma after the last field stayed in the heading (`Trailing Comma Paper,`)."""
    db, _summary = synced
    lines = _library_text(db).split("\n")
    assert "## Trailing Comma Paper [@trailing2020]" in lines
    assert "year: 2022" in lines and not any(line.endswith(",") for line in lines if line.startswith("year:"))


def test_a_one_line_entry_keeps_its_fields(synced):
    """`@article{k, title={X}, author={...}, year=2021}` on one line was a heading alone."""
    db, _summary = synced
    assert ("## One Line Paper [@oneline2021] · author: Ngozi Okafor, Tobias Brandt · year: 2021"
            in _library_text(db).split("\n"))
    assert {"library.bib"} <= _mentioned_in(db, "Ngozi Okafor")


def test_others_and_a_braced_corporate_author(synced):
    """`and others` was an author, `others`; `{Food and Agriculture Organization}` two (`author: Food, Agriculture
    Organization, ...`)."""
    db, _summary = synced
    assert ("author: Food and Agriculture Organization, Maja Lindqvist et al."
            in _library_text(db).split("\n"))
    assert "library.bib" in _mentioned_in(db, "Maja Lindqvist")
    assert not _mentioned_in(db, "Others") and not _mentioned_in(db, "others")


def test_string_macros_and_parenthesised_entries(synced):
    """`@Book(key, ...)` lost every field; `journal = jacm` (an `@string`), `proc # "the " # jacm` and `month =
    jan` were the macros' names."""
    db, _summary = synced
    lines = _library_text(db).split("\n")
    at = lines.index("## The TeXbook [@knuth1984]")
    assert lines[at + 2:at + 7] == ["author: Donald E. Knuth", "journal: Journal of the ACM",
                                    "booktitle: Proceedings of the Journal of the ACM", "month: January", "year: 1984"]


def test_each_entry_starts_a_chunk(synced, capsys, monkeypatch):
    """A library's chunks held a few entries each, cut anywhere: one began with an entry's `year:` and ended inside
    the next. Each entry opens a chunk; `mrag show library.bib:11` is that entry's."""
    from tests.test_tasks import run

    db, _summary = synced
    chunks = _chunks(db, "library.bib")
    assert [start for start, _end, _h, _t in chunks] == [4, 10, 12, 18, 27]
    assert all(text.startswith("## ") and text.count("\n## ") == 0 for _s, _e, _h, text in chunks)
    code, out, err = run(capsys, monkeypatch, "--db", str(db), "show", "library.bib:10")
    assert code == 0 and "One Line Paper" in out and "Trailing Comma" not in out, err


def test_web_addresses_and_code_keep_dashes_and_tildes(synced):
    """`\\url{https://example.org/~jane/a--b}` was `https://example.org/ jane/a–b`."""
    db, _summary = synced
    text = "\n".join(t for _a, _b, _h, t in _chunks(db, "paper.tex"))
    assert ("See <https://example.org/~jane/a--b> and [Bob's–page](https://example.org/~bob--x), also `k--means~x`."
            in text.split("\n"))


def test_a_citation_over_two_lines_cites(synced):
    db, _summary = synced
    assert "paper.tex" in _mentioned_in(db, "vaswani2017attention")
    assert "paper.tex" in _mentioned_in(db, "devlin2019bert")
    lines = "\n".join(t for _a, _b, _h, t in _chunks(db, "paper.tex")).split("\n")
    assert "Dense retrieval [@vaswani2017attention; @devlin2019bert]" in lines and "  helps." in lines


def test_comment_environment_is_not_indexed(synced):
    db, _summary = synced
    assert "zeppelins" not in "\n".join(t for _a, _b, _h, t in _chunks(db, "paper.tex"))
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        hits = index.search("zeppelins hidden draft", RetrievalOptions(mode="bm25", k=5)).results
    assert not hits


def test_a_run_in_paragraph_heads_its_text_only(synced):
    """`\\paragraph{Setup.} We trained ...` was the heading `#### Setup. We trained for three epochs.`; the heading
    takes the blank line above, the text stays on its line."""
    db, _summary = synced
    lines = "\n".join(t for _a, _b, _h, t in _chunks(db, "paper.tex")).split("\n")
    at = lines.index("#### Setup")
    assert lines[at + 1] == "We trained for three epochs."


def test_a_literal_hash_opening_a_line_is_no_heading(synced):
    """`\\# 1 priority` opening a line of a `.tex` (or of a `.bib` value) is a #: it was the heading `# 1 priority`
    (Markdown's escape keeps it one)."""
    db, _summary = synced
    assert r"\# 1 priority was recall." in "\n".join(t for _a, _b, _h, t in _chunks(db, "paper.tex")).split("\n")
    assert _chunks(db, "draft.tex")[0][3].split("\n")[0] == r"\# 3 reasons we chose BM25"
    assert r"\# 1 priority was speed." in _library_text(db).split("\n")


def test_a_verbatim_document_is_no_preamble(synced):
    """A chapter file showing a `\\begin{document}` in a verbatim example: all above it was taken for the preamble
    and blanked."""
    db, _summary = synced
    text = "\n".join(t for _a, _b, _h, t in _chunks(db, "chapter.tex"))
    assert "Some intro text about quokkas above the example." in text.split("\n")
    assert "\\begin{document}" in text and "Text after the example." in text


def test_a_notes_latex_export_beside_it_is_passed_over(synced, capsys, monkeypatch):
    """`note.tex` exported by Org beside `note.org` was indexed as a second copy of the note."""
    from tests.test_tasks import run

    db, summary = synced
    conn = sqlite3.connect(db)
    try:
        paths = sorted(p for (p,) in conn.execute("SELECT path FROM documents"))
    finally:
        conn.close()
    assert paths == ["chapter.tex", "draft.tex", "library.bib", "note.org", "paper.tex"]
    assert summary.skipped == [] and summary.system_files == 1
    code, _out, err = run(capsys, monkeypatch, "--db", str(db), "show", "note.tex")
    assert code == 1 and "never indexed: the LaTeX export of the note note.org" in err, err
    assert "`mrag show note.org`" in err


def test_a_tex_of_its_own_is_read(tmp_path):
    """A `.tex` beside a note of another name, or beside a note of its name that is no copy of it (a thesis
    `main.tex` and the writer's `main.md` of to-dos about it), is read as before."""
    write_notes(tmp_path / "notes", {"paper.tex": "\\section{Method}\nWe fuse BM25.\n", "paper-notes.md": "# Notes\n",
                                     "main.tex": THESIS_MAIN,
                                     "main.md": "# main\n\n- [ ] fix the figures of chapter 3\n"})
    db = tmp_path / "index.sqlite"
    summary = _sync(tmp_path / "notes", db)
    assert _chunks(db, "paper.tex") and _chunks(db, "main.tex") and summary.system_files == 0


def test_an_index_of_readers_10_reads_its_latex_again(tmp_path, monkeypatch):
    """An index synced by readers 10 holds a note's `.tex` export and a library's chunks as they were cut: the next
    sync reads them again (walk.READER_VERSION 11), the export out of the index, the library an entry a chunk."""
    from minirag_cli import db as dbmod

    notes = tmp_path / "notes"
    write_notes(notes, {"note.org": "* Plan\nRead the attention paper.\n",
                        "note.tex": "\\section{Plan}\nRead the attention paper.\n", "library.bib": LIBRARY})
    db = tmp_path / "index.sqlite"
    with monkeypatch.context() as m:
        m.setattr("minirag_cli.walk.exported_tex", lambda *args: {})  # readers 10: no export
        m.setattr("minirag_cli.latex.entry_lines", lambda text, path: [])
        _sync(notes, db)
    assert _chunks(db, "note.tex") and len(_chunks(db, "library.bib")) == 1
    conn = dbmod.connect(db)
    dbmod.set_meta(conn, dbmod.READER_VERSION_KEY, '{"%s": 10}' % notes.resolve())
    conn.commit()
    conn.close()
    summary = _sync(notes, db)
    assert not _chunks(db, "note.tex") and len(_chunks(db, "library.bib")) == 5
    assert summary.reread["from_version"] == 10


def test_a_comment_line_between_fields_is_no_text(tmp_path):
    """A `%` line between an entry's fields was read into the field before it (`author: % checked Doe Jane`)."""
    write_notes(tmp_path / "notes", {"refs.bib": "@article{c1,\n  author = {Doe, Jane},\n  % checked against the PDF"
                                                 "\n  title = {Commented Fields},\n  year = 2020\n}\n"})
    db = tmp_path / "index.sqlite"
    _sync(tmp_path / "notes", db)
    assert _chunks(db, "refs.bib")[0][3].split("\n") == ["## Commented Fields [@c1]", "author: Jane Doe", "", "",
                                                         "year: 2020"]
