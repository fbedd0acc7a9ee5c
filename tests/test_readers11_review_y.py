"""Review revY (fixY): readers 11's leftovers, each checked as a user meets it, real files through `Index.sync`
(the library `mrag sync` runs) and read back as `mrag show`, `mrag tasks` and the chunks' headers have them."""

from __future__ import annotations

from tests.test_readers11_wikis import KEEP_PAGE, _heads, _open, _paths, _synced

# Takeout's page of an archived Keep list: its heading's icons say so, as the JSON's `"isArchived": true`
ARCHIVED_PAGE = KEEP_PAGE.replace('<span class="pinned" title="Note pinned"></span>',
                                  '<span class="archived" title="Note archived"></span>').replace(
    "Groceries", "Old list")
TRASHED_PAGE = KEEP_PAGE.replace('<span class="pinned" title="Note pinned"></span>',
                                 '<span class="trashed" title="Note trashed"></span>').replace("Groceries", "Gone")


def test_a_keep_pages_archived_and_pinned_icons_are_read(tmp_path):
    """An archived list read from its `.html` page held open tasks in `mrag tasks` (its `.json` twin's are listed
    with --all alone): the page's `<span class="archived">` icon was not read. Pinned is read too, and a page its
    icons mark trashed is listed as in Keep's trash, as its `.json` is."""
    db, summary = _synced(tmp_path, {"Takeout/Keep/Old list.html": ARCHIVED_PAGE,
                                     "Takeout/Keep/Groceries.html": KEEP_PAGE,
                                     "Takeout/Keep/Gone.html": TRASHED_PAGE})
    assert _paths(db) == ["Takeout/Keep/Groceries.html", "Takeout/Keep/Old list.html"]
    assert [s["reason"] for s in summary.skipped] == ['a Google Keep note in the trash ("Gone")']
    with _open(db) as index:
        open_tasks = {(t.path, t.text) for t in index.tasks()}
        every = {(t.path, t.text) for t in index.tasks(state="all")}
        old, pinned = index.document("Takeout/Keep/Old list.html")["text"], index.document(
            "Takeout/Keep/Groceries.html")["text"]
    assert open_tasks == {("Takeout/Keep/Groceries.html", "milk & eggs")}
    assert {("Takeout/Keep/Old list.html", "milk & eggs"), ("Takeout/Keep/Old list.html", "bread")} < every
    assert "\narchived: true\n" in old and "pinned" not in old
    assert "\npinned: true\n" in pinned and "archived" not in pinned


# ------------------------------------------------------------------------------ a note's LaTeX export beside it

# a research log and the paper written by hand beside it, on one topic: most of the paper's words are the log's
LOG = """# Paper log

2026-03-02: Met with Anna about the sleep study. We need more participants for the memory
task; the pilot had only twelve people and the effect of sleep on recall was small.
Reviewer 2 asked why we did not control for caffeine. Anna thinks the results hold anyway.

2026-03-09: Reran the analysis with the new participants. Recall after a night of sleep
is better than after a day awake, and the effect is larger for word pairs than for images.
"""
PAPER = r"""\documentclass{article}
\title{Sleep and the consolidation of memory}
\begin{document}
\maketitle
\begin{abstract}
We show that a night of sleep improves the recall of word pairs more than of images.
Participants learned both before sleep or before a day awake; recall was tested after
twelve hours. The effect holds when we control for caffeine.
\end{abstract}
\end{document}
"""
# what Pandoc writes of PLAN (`pandoc -s plan.md -o plan.tex`, its preamble cut short)
PLAN = """# Offsite plan

We meet in **Porto** on 3 October with [Priya](https://example.com/priya) and Marcus.

- book the hotel near the river
- ask Jonas about the train tickets from Lisbon
"""
PLAN_TEX = r"""\documentclass[]{article}
\usepackage{hyperref}
\begin{document}

\section{Offsite plan}\label{offsite-plan}

We meet in \textbf{Porto} on 3 October with \href{https://example.com/priya}{Priya} and Marcus.

\begin{itemize}
\tightlist
\item
  book the hotel near the river
\item
  ask Jonas about the train tickets from Lisbon
\end{itemize}

\end{document}
"""


def test_a_tex_on_the_topic_of_its_namesake_note_is_read_its_export_passed_over(tmp_path, capsys, monkeypatch):
    """A hand-written `paper.tex` beside the research log `paper.md` sharing half of its words vanished from the
    index in silence (taken for the log's export); a `.tex` is passed over when it holds the note's text (most of
    its runs of five words) and not much more, as Pandoc's export of `plan.md` does: `mrag show plan.tex` says so.
    The export of a note the sync skips (over --max-bytes) is read, the note's text kept that way."""
    from tests.test_tasks import run

    db, summary = _synced(tmp_path, {"paper.md": LOG, "paper.tex": PAPER, "plan.md": PLAN, "plan.tex": PLAN_TEX,
                                     "big/notes.md": PLAN + " " * 5000 + "\n", "big/notes.tex": PLAN_TEX})
    assert _paths(db) == ["big/notes.md", "paper.md", "paper.tex", "plan.md"]
    assert summary.system_files == 2
    code, _out, err = run(capsys, monkeypatch, "--db", str(db), "show", "plan.tex")
    assert code == 1 and "the LaTeX export of the note plan.md" in err, err
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        summary = index.sync([tmp_path / "notes"], SyncOptions(max_bytes=4096), extractor=HeuristicExtractor())
    assert _paths(db) == ["big/notes.tex", "paper.md", "paper.tex", "plan.md"]
    assert [s["path"] for s in summary.skipped] == ["big/notes.md"]


# ---------------------------------------------------------------------------------- a page property's time

def test_a_page_propertys_day_and_time_date_the_page(tmp_path):
    """`created:: 2026-10-03 10:00`, `date:: 2026-10-03T10:00:00` and `- created:: [[October 3rd, 2026]] 10:00`
    dated nothing (a bare day alone did), while a front matter's `created: 2026-10-03 10:00` dates to the minute."""
    db, _summary = _synced(tmp_path, {
        "logseq/pages/Kickoff.md": "created:: 2026-10-03 10:00\n\n- Met [[Lena]] about the dashboards.\n",
        "logseq/pages/Review.md": "date:: 2026-10-03T10:00:00\n\n- Reviewed the budget.\n",
        "roam/Standup.md": "- created:: [[October 3rd, 2026]] 10:00\n- Talked about [[Project Atlas]].\n",
        "roam/Retro.md": "- Date:: [[October 4th, 2026]]\n- Went well.\n",
        "notes/Plan.md": "---\ncreated: 2026-10-03 10:00\n---\nPlan the offsite.\n"})
    assert _heads(db) == {"logseq/pages/Kickoff.md": "Kickoff · created: 2026-10-03 10:00",
                          "logseq/pages/Review.md": "Review · date: 2026-10-03T10:00:00",
                          "roam/Standup.md": "Standup · created: 2026-10-03 10:00",
                          "roam/Retro.md": "Retro · date: 2026-10-04",
                          "notes/Plan.md": "Plan the offsite. · created: 2026-10-03 10:00"}


# ------------------------------------------------------------------------------------------------- BibTeX

def test_a_bib_entry_opening_after_the_one_before_on_its_line_is_read(tmp_path):
    """`@misc{k3, title={Third}} @misc{k4, title={Fourth}}`: k4, opening after k3's closing brace on its line, was
    lost (an entry opened at a line's start only). Read line for line: its title and key follow k3's heading."""
    db, _summary = _synced(tmp_path, {"refs/library.bib": "@misc{k3, title={Third}} @misc{k4,\n  title={Fourth},"
                                                          " year=2020}\n@misc{k5, title={Fifth}}\n"})
    with _open(db) as index:
        shown = index.document("refs/library.bib")["text"]
    assert shown == "## Third [@k3] · title: Fourth [@k4]\nyear: 2020\n## Fifth [@k5]\n"
