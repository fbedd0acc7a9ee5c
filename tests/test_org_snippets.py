"""fixT2: the snippets of `mrag ask` for an Org note opened with its keyword lines (`#+title: Budget review
#+date: [2026-12-01 Tue 09:30] #+filetags: :finance: We went over ...`), and an org-roam note's with its
`:PROPERTIES: :ID: 3f2a… :END:` drawer, where a Markdown note's front matter is left out
(frontmatter.snippet_text). They are left out as it is; a chunk of nothing else shows them; the same lines
in a Markdown note are its words; `--json` keeps the chunk's text whole."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from minirag_cli.cli import app
from minirag_cli.frontmatter import snippet_text
from tests.conftest import write_notes

ROAM = (":PROPERTIES:\n:ID:       3f2a9c1e-1111-2222-3333-444455556666\n:END:\n#+title: Budget review\n"
        "#+date: [2026-12-01 Tue 09:30]\n#+filetags: :finance:\n\nWe went over the Q1 numbers with Priya.\n")
PLAIN = "#+TITLE: Harbor\n#+STARTUP: overview\n\n* Plan\nThe harbor budget moves.\n#+title: not at the start\n"


def test_an_org_snippet_opens_with_its_text():
    assert " ".join(snippet_text(ROAM, path="roam/budget.org").split()) == "We went over the Q1 numbers with Priya."
    assert " ".join(snippet_text(PLAIN, path="harbor.org").split()) == \
        "* Plan The harbor budget moves. #+title: not at the start"
    # code is no keyword line; keyword lines alone are shown; a Markdown note's `#+title:` is text
    code = "#+begin_src python\nprint(1)\n#+end_src\n"
    assert snippet_text(code, path="a.org") == code
    assert snippet_text("#+title: Only a title\n", path="a.org") == "#+title: Only a title\n"
    assert snippet_text(PLAIN, path="harbor.md").startswith("#+TITLE: Harbor")


def test_ask_shows_an_org_notes_text_not_its_keyword_lines(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {"budget.org": ROAM.replace("Priya.", "Priya and the harbor budget."), "harbor.org": PLAIN})
    db = str(tmp_path / "index.sqlite")
    runner = CliRunner()
    res = runner.invoke(app, ["--db", db, "sync", str(root), "--embedding-model", "hashing:32"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["--db", db, "ask", "harbor budget", "--mode", "bm25", "--no-answer"])
    assert res.exit_code == 0, res.output
    snippets = [line.strip() for line in res.output.splitlines() if line.startswith("    ")]
    assert sorted(snippets) == ["* Plan The harbor budget moves. #+title: not at the start",
                                "We went over the Q1 numbers with Priya and the harbor budget."], res.output
    res = runner.invoke(app, ["--db", db, "ask", "harbor budget", "--mode", "bm25", "--no-answer", "--json"])
    assert all(r["text"].startswith((":PROPERTIES:", "#+TITLE:")) for r in json.loads(res.stdout)["results"])


def test_the_answer_reads_an_org_notes_text_not_its_keyword_lines(tmp_path):
    """The sources the model reads leave the keyword lines and drawer out as
    the snippets do (frontmatter.org_preamble_end): `#+DATE:`, `#+filetags:`,
    `:PROPERTIES:` were lines of the prompt; the title is read as a Markdown
    note's heading is, its text. Whole chunks, chunk lines and note lines alike."""
    from minirag_cli.answer import AnswerOptions
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from minirag_cli.options import RetrievalOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp_path / "notes", {"budget.org": ROAM.replace("Priya.", "Priya and the harbor budget."),
                                     "harbor.org": PLAIN, "harbor.md": PLAIN})
    config = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        result = index.search("harbor budget Q1 numbers", RetrievalOptions(k=5, mode="bm25"))
        for options in (AnswerOptions(lines=40), AnswerOptions(lines=None), AnswerOptions(context=None, lines=40)):
            texts = {s["path"]: s["text"] for s in index.prepare_answer(result, answer_options=options).sources}
            assert set(texts) == {"budget.org", "harbor.org", "harbor.md"}, options
            lines = {path: [x for x in text.split("\n") if x != "..."] for path, text in texts.items()}
            assert lines["budget.org"][0] == "Budget review" and \
                lines["budget.org"][-1] == "We went over the Q1 numbers with Priya and the harbor budget.", options
            assert not any(x.startswith((":", "#+")) for x in lines["budget.org"]), (options, lines["budget.org"])
            assert lines["harbor.org"][0] == "Harbor" and "#+STARTUP: overview" not in lines["harbor.org"]
            # a keyword line further on is the note's text, as in its snippet; a Markdown note's are its words
            assert "#+title: not at the start" in lines["harbor.org"], (options, texts)
            assert "#+STARTUP: overview" in lines["harbor.md"], (options, texts)
