"""Readers 12, the leftovers of session 36's readers (BibTeX and LaTeX, Logseq, TiddlyWiki, VimWiki, Google Keep):
each bug checked as a user meets it, real files through `Index.sync` (the library `mrag sync` runs) and read back
as `mrag show`, `mrag search --json` and `mrag tasks` have them (the chunks' text and headers, the tasks)."""

from __future__ import annotations

import sqlite3

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.walk import READER_VERSION
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes


def _synced(tmp_path, notes: dict[str, str]):
    """(the index's path, the sync's summary) of `notes` written under tmp_path/notes and synced."""
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        summary = index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db, summary


def _open(db):
    return Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), embedder_factory=hashing_embedder)


def _text(db, path: str) -> str:
    """The text of a note's chunks, in order (what `mrag show` and search results show of it)."""
    conn = sqlite3.connect(db)
    try:
        return "\n".join(t for (t,) in conn.execute(
            "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.seq",
            (path,)))
    finally:
        conn.close()


def _heads(db) -> dict[str, str]:
    """{path: the first line of its first chunk's header} of an index."""
    conn = sqlite3.connect(db)
    try:
        return {p: h.split("\n", 1)[0] for p, h in conn.execute(
            "SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.seq = 0")}
    finally:
        conn.close()


def test_the_readers_are_12():
    assert READER_VERSION >= 12


# ---------------------------------------------------------------------------------------------- BibTeX

def test_a_braced_comment_holds_its_entries(tmp_path):
    """`@comment{ ... }` is a comment to its closing brace, as biber and biblatex read it: an entry written inside it
    (taken out by its writer) was indexed, classic BibTeX's reading. One never closed ends where the next entry
    opens, as before."""
    db, _summary = _synced(tmp_path, {
        "library.bib": ("@comment{ taken out:\n@article{old2019, title={Retracted Result}, year=2019}\n}\n"
                        "@article{new2021,\n  title={Replicated Result},\n  year={2021},\n}\n"),
        "other.bib": "@comment{ never closed\n@article{k, title={Still Read}}\n"})
    text = _text(db, "library.bib")
    assert "Replicated Result [@new2021]" in text and "year: 2021" in text
    assert "Retracted" not in text and "old2019" not in text
    assert "Still Read [@k]" in _text(db, "other.bib")


# ---------------------------------------------------------------------------------------------- LaTeX

PAPER = r"""\documentclass{article}
\newcommand{\proj}{Atlas}
\def\lab{\textsc{Harbour Lab}}
\title{The \proj{} plan}
\begin{document}
\maketitle
\section{Method}\label{sec:method}
We run \proj{} at \lab.
\iffalse
An old paragraph about Borealis \ifx\a\b nested \fi
no one should read: $a \iff b$, \ifthenelse{\boolean{x}}{a}{b}.
\fi
Visible again.
\iffalse Draft wording \else Final wording\fi
\begin{verbatim}
\proj stays as written
\end{verbatim}
\end{document}
"""


def test_latex_labels_iffalse_and_macros(tmp_path):
    """`\\section{Method}\\label{sec:method}` is the heading `Method` and the label apart (`## Method`sec:method``
    ran them together), `\\iffalse ... \\fi` is out as a comment is (it was indexed; its `\\else` branch is read),
    and a macro of no argument (`\\newcommand{\\proj}{Atlas}`, `\\def\\lab{...}`) is its text where used (`We run
    \\proj{}` was `We run`, and `\\def`'s text stood on a line of its own); verbatim keeps it as written."""
    db, _summary = _synced(tmp_path, {"paper.tex": PAPER})
    text = _text(db, "paper.tex")
    assert "## Method `sec:method`" in text
    assert "We run Atlas at Harbour Lab." in text
    assert "Borealis" not in text and "no one should read" not in text and "Draft wording" not in text
    assert "Visible again." in text and "Final wording" in text
    assert "\\proj stays as written" in text
    assert _heads(db)["paper.tex"] == "# The Atlas plan"
    assert text.count("Harbour Lab") == 1


# ----------------------------------------------------------------------------------------- Google Keep (HTML)

def _keep_page(heading: str, text: str) -> str:
    return ("<html><head><title>Note</title></head><body><div class=\"note DEFAULT\"><div class=\"heading\">"
            f"\n{heading}\n</div>\n<div class=\"title\">Note</div>\n<div class=\"content\">{text}</div>\n"
            "</div></body></html>\n")


def test_a_keep_pages_time_in_the_accounts_language_dates_it(tmp_path):
    """Takeout writes a Keep page's time in the account's language: German, French, Spanish, Portuguese, Dutch,
    Italian, Japanese, Chinese and Korean pages are dated as an English one is (they were undated: the time was read
    in English alone). A time that is no day (`jui`: juin or juillet) still leaves the note undated, its text read."""
    pages = {"de": "03.11.2026, 09:15:02", "fr": "3 nov. 2026, 09:15:02", "es": "3 nov 2026, 18:02:00",
             "pt": "3 de nov. de 2026 09:15:02", "nl": "3 mrt 2026 09:15:02", "it": "3 dic 2026, 6:02 p. m.",
             "en": "Nov 3, 2026, 9:15:02 AM", "ja": "2026/11/03 9:15:02", "zh": "2026年11月3日 09:15:02",
             "ko": "2026. 11. 3. 오후 6:02:00", "odd": "3 jui 2026 18:02"}
    db, _summary = _synced(tmp_path, {f"Takeout/Keep/{lang}.html": _keep_page(heading, f"Call Priya ({lang}).")
                                      for lang, heading in pages.items()})
    with _open(db) as index:
        shown = {lang: index.document(f"Takeout/Keep/{lang}.html")["text"] for lang in pages}
    dates = {lang: text.split("date: ", 1)[1].split("\n", 1)[0] if "date: " in text else None
             for lang, text in shown.items()}
    assert dates == {"de": "2026-11-03 09:15", "fr": "2026-11-03 09:15", "es": "2026-11-03 18:02",
                     "pt": "2026-11-03 09:15", "nl": "2026-03-03 09:15", "it": "2026-12-03 18:02",
                     "en": "2026-11-03 09:15", "ja": "2026-11-03 09:15", "zh": "2026-11-03 09:15",
                     "ko": "2026-11-03 18:02", "odd": None}
    assert "Call Priya (odd)." in shown["odd"]


# ---------------------------------------------------------------------------------------------- Logseq

LOGSEQ_PAGE = """- Weekly sync with [[Priya Raman]]
	- TODO book the room
- Meeting template
  template:: meeting
  template-including-parent:: false
	- Attendees:: [[Placeholder Person]]
	- TODO send the minutes

	- Agenda for Borealis
- Retro notes
- template:: quick
	- TODO quick placeholder task
"""


def test_a_logseq_template_block_is_no_text(tmp_path):
    """A Logseq block holding `template:: NAME`, with its children, is a template, not the page's text: its open
    task was listed by `mrag tasks` and its placeholder text indexed (a search for Borealis found it). Its lines
    are blank: the page's other lines keep their numbers, a task before and a block after it are read. A page
    of templates alone is skipped saying so, as Roam's templates page is (it was indexed, then an empty note)."""
    db, summary = _synced(tmp_path, {"logseq/logseq/config.edn": "{}\n", "logseq/pages/Meetings.md": LOGSEQ_PAGE,
                                     "logseq/pages/Templates.md": "- Daily\n  template:: daily\n\t- TODO water\n"})
    with _open(db) as index:
        tasks = {(t.text, t.line) for t in index.tasks(state="all")}
        shown = index.document("logseq/pages/Meetings.md")["text"]
    assert tasks == {("book the room", 2)}
    assert "Borealis" not in _text(db, "logseq/pages/Meetings.md") and "Placeholder" not in shown
    assert "Retro notes" in shown and shown.split("\n")[9] == "- Retro notes"
    assert "logseq/pages/Templates.md" not in _heads(db)
    assert {w["path"]: w["reason"] for w in summary.skipped} == {
        "logseq/pages/Templates.md": "Logseq templates alone (`template::` blocks): templates are not indexed"}
    assert not summary.warnings


# ---------------------------------------------------------------------------------------------- VimWiki

def test_a_vimwiki_page_with_a_markdown_link_or_a_code_comment_is_vimwikis(tmp_path):
    """A default-syntax VimWiki page holding a pasted Markdown link, or a `## build` comment in a `{{{ }}}` code
    block, is read as VimWiki: it was read as Markdown (fixU1's shapes), its `# ` items headings, its `:tag:` line
    text and its `%%` comment indexed. A page in Markdown with a link (and no VimWiki sign) is Markdown's still."""
    db, _summary = _synced(tmp_path, {
        "wiki/Trip.wiki": ("Trip planning\n:travel:\n# Book the flights\n# Pack the bags\n"
                           "See [the guide](https://example.com/guide).\n%% private: the budget is 900\n"),
        "wiki/Deploy.wiki": "Deploy steps\n{{{sh\n## build\nmake all\n}}}\n%% private: the root password\n",
        "wiki/Gollum.wiki": "Some text about Lisbon.\n\n# Not an item\n\nSee [the guide](guide.md).\n"})
    trip, deploy = _text(db, "wiki/Trip.wiki"), _text(db, "wiki/Deploy.wiki")
    assert "1. Book the flights\n1. Pack the bags" in trip and "#travel" in trip and "budget" not in trip
    assert "```sh\n## build\nmake all\n```" in deploy and "root password" not in deploy
    assert "# Not an item" in _text(db, "wiki/Gollum.wiki")


# ---------------------------------------------------------------------------------------------- TiddlyWiki

def _mentioned_in(db, name: str) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {p for (p,) in conn.execute(
            "SELECT DISTINCT d.path FROM entities e JOIN mentions m ON m.entity_id = e.id JOIN chunks c "
            "ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.name = ?", (name,))}
    finally:
        conn.close()


def test_a_tiddlers_link_to_a_title_holding_a_hash_links_it(tmp_path):
    """`[[C# notes]]` in a tiddler links the tiddler `C# notes` (TiddlyWiki's links have no heading): it linked
    nothing, `C` and a heading `notes`. `[[x^2 tricks]]` likewise links the tiddler TiddlyWiki saved as
    `x_2 tricks.tid`, and `[[Shown|Target]]` and a plain `[[Trip]]` link as before."""
    db, _summary = _synced(tmp_path, {
        "tw/tiddlers/C# notes.tid": "title: C# notes\n\nGenerics with Jonas Berg.\n",
        "tw/tiddlers/x_2 tricks.tid": "title: x^2 tricks\n\nSquares.\n",
        "tw/tiddlers/Trip.tid": "title: Trip\n\nLisbon.\n",
        "tw/tiddlers/Index.tid": ("title: Index\n\nSee [[C# notes]], [[squares|x^2 tricks]], [[the trip|Trip]] "
                                  "and [[Trip]].\n")})
    assert _mentioned_in(db, "C# notes") == {"tw/tiddlers/C# notes.tid", "tw/tiddlers/Index.tid"}
    assert _mentioned_in(db, "Trip") == {"tw/tiddlers/Trip.tid", "tw/tiddlers/Index.tid"}
    assert "tw/tiddlers/Index.tid" in _mentioned_in(db, "x 2 tricks")
    assert not _mentioned_in(db, "C")
    assert "squares" in _text(db, "tw/tiddlers/Index.tid")
