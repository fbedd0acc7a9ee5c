"""Heuristic rules 29, citekeys' part (session 54's PhD vault): a literature note named `KEY - Title`, as a reference
manager's template names it (`Papers/Nguyen2025 - Load Balancing Loss Revisited.md`), is named by its citation key
too: the notes' `Nguyen2025` and `[@nguyen2025]` are the paper's note's entity (they were an entity apart), and the
key heads every chunk of the note, so BM25 finds it by the key a question writes ("what did riquelme2021 get on
imagenet" ranked the paper's note 5th: its front matter `title:` headed it, and its text wrote no `Riquelme2021`).
A file name opening with a client, a person, a date or a numbered label before ` - ` names nothing more, nor a note
that is no literature note (fixC: `Wedding2026 - Venues.md` outside a folder of papers, with no author, citekey or
doi in its front matter); a title that dates the note in words, or a first line that is no title, heads it as before."""

from __future__ import annotations

import pytest

from minirag_cli import db, frontmatter
from minirag_cli.extract.heuristic import cited_key, note_aliases
from minirag_cli.retrieve import bm25_channel
from minirag_cli.store import note_head, note_heads
from minirag_cli.text import note_date
from tests.conftest import write_notes
from tests.test_heuristic_version import graph, sync


@pytest.mark.parametrize("path, key", [
    ("Papers/Nguyen2025 - Load Balancing Loss Revisited.md", "Nguyen2025"),
    ("Papers/Nguyen2025a – Load Balancing.md", "Nguyen2025a"),  # an en dash, a year's letter
    ("lit/nguyen2025loadbalancing - Load Balancing Loss Revisited.md", "nguyen2025loadbalancing"),  # Better BibTeX
    ("lit/nguyenLoadBalancingLoss2025 - Load Balancing Loss Revisited.md", "nguyenLoadBalancingLoss2025"),
    ("Literature Notes/Müller2019 — Über Routing.md", "Müller2019"),
    ("03 References/Smith et al. 2020 - Routing Networks.md", "Smith et al. 2020"),  # several authors: a citation
    ("zotero/Smith & Jones 2020 - Routing Networks.md", "Smith & Jones 2020"),
    ("Reading/Kahneman2011 - Thinking, Fast and Slow.md", "Kahneman2011"),
    ("PhD/papers/Fedus2022 - Switch Transformers.md", "Fedus2022"),
    # no citation key: a client's, a person's page, a date, a numbered label, a year's label, a season
    ("Papers/Acme - Kickoff call.md", None),
    ("Papers/Jen - Bloom Studio.md", None),
    ("Papers/2026-11-24 - Standup.md", None),
    ("Papers/Session 03 - 2026-09-05.md", None),
    ("Papers/Project X - Notes.md", None),
    ("Papers/FY2026 - Budget.md", None),
    ("Papers/CVPR2026 - Reviews.md", None),
    ("Papers/Summer 2026 - Japan.md", None),  # one capitalised word and a year: no author wrote it
    ("Papers/Smith 2020 - Routing Networks.md", None),  # ... unless the note's authors say so (below)
    ("Papers/Nguyen2025.md", None),  # named by the key itself (note_name)
    ("Papers/Nguyen2025 Load Balancing.md", None),  # no ` - `
    ("Papers/Nguyen2025 - Load Balancing.txt", None),  # its file name names no note
    # no literature note: no folder of papers, no front matter (fixC: each was a key)
    ("Nguyen2025 - Load Balancing Loss Revisited.md", None),
    ("Money/Budget2026 - Draft.md", None),
    ("Daily/Wedding2026 - Venues.md", None),
    ("Work/Sprint2026 - Retro.md", None),
    ("Money/Mar2026 - Expenses.md", None),
    ("Projects/Windows2000 - Setup notes.md", None),
    ("Travel/NeurIPS2026 - poster.md", None),
    ("Family/Mum and Dad 2025 - Christmas.md", None),
    ("Trips/Rome and Florence 2025 - Itinerary.md", None),
    ("Trips/Lisbon & Porto 2024 - Trip.md", None),
    ("Tom and Jerry 2021 - Rewatch.md", None),
    ("Paperwork/Taxes2025 - Receipts.md", None),  # a folder whose name holds `paper`
    ("Bibliothek2024 - Ausleihe.md", None),
])
def test_a_file_name_s_citation_key(path, key):
    assert cited_key(path, None) == key


@pytest.mark.parametrize("matter, key", [
    ("authors: [Thi Mai Nguyen, Oskar Berg]", "Nguyen2025"),  # what a reference manager's template writes
    ("author: Thi Mai Nguyen", "Nguyen2025"),
    ("citekey: nguyen2025loadbalancing", "Nguyen2025"),
    ("doi: 10.1234/nguyen.2025", "Nguyen2025"),
    ("venue: NeurIPS 2025", "Nguyen2025"),
    # what any note writes: no literature note
    ("tags: [paper]", None),
    ("year: 2025", None),  # a yearly note's too
    ("title: Load Balancing Loss Revisited", None),
    ("author:", None),  # a template's key left empty
    ("date: 2025-03-01", None),
])
def test_a_literature_note_s_front_matter_tells_it_from_another_note(matter, key):
    text = f"---\n{matter}\n---\nCapacity factor analysis.\n"
    assert cited_key("Nguyen2025 - Load Balancing Loss Revisited.md", frontmatter.of_note(text)) == key
    assert ("Nguyen2025" in note_aliases(text, "Nguyen2025 - Load Balancing Loss Revisited.md")) == (key is not None)


def test_a_surname_and_a_year_are_a_key_of_a_note_that_author_wrote():
    text = "---\nauthors: [John Smith, Anika Rao]\nyear: 2020\n---\nCapacity factor analysis.\n"
    assert cited_key("Smith 2020 - Routing Networks.md", frontmatter.of_note(text)) == "Smith 2020"
    assert cited_key("Rao 2020 - Routing Networks.md", frontmatter.of_note(text)) == "Rao 2020"
    assert cited_key("Summer 2020 - Routing Networks.md", frontmatter.of_note(text)) is None
    assert "Smith 2020" in note_aliases(text, "Smith 2020 - Routing Networks.md")


def test_the_key_is_an_alias_of_the_note_beside_its_citekey():
    text = "---\ntitle: \"Load Balancing Loss Revisited\"\ncitekey: nguyen2025loadbalancing\n---\n# Notes\n"
    names = note_aliases(text, "Papers/Nguyen2025 - Load Balancing Loss Revisited.md")
    assert "Nguyen2025" in names and "nguyen2025loadbalancing" in names
    assert note_aliases("# Kickoff\n\nAcme wants a demo.\n", "Clients/Acme - Kickoff call.md") == []


PAPER = "Papers/Nguyen2025 - Load Balancing Loss Revisited.md"
NOTES = {
    PAPER: "---\ntitle: \"Load Balancing Loss Revisited: When Auxiliary Losses Hurt Mixture-of-Experts\"\n"
           "authors: [Thi Mai Nguyen, Oskar Berg]\nyear: 2025\ncitekey: nguyen2025loadbalancing\n---\n"
           "# Load balancing loss revisited\n\nArgues the aux loss coefficient should be annealed.\n",
    "Daily/2026-11-28.md": "# Sat 28 Nov\n\nOn the plane: read half of Nguyen2025. Good paper, annealing idea.\n",
    "Ideas/annealed router.md": "# Annealed router\n\nCombine sparsemax with the annealing of [@nguyen2025].\n",
    "Thesis/TODO.md": "# Thesis TODO\n\n- [ ] exp-045: annealed alpha\n\nNguyen2025 main idea: anneal alpha.\n",
    # the family it must leave alone: a client's call, a person's page, a dated and a numbered note
    "Clients/Acme - Kickoff call.md": "# Kickoff\n\nScope agreed with the client.\n",
    "Clients/Acme invoices.md": "# Invoices\n\nSent the March invoice to Acme on time.\n",
    "People/Jen - Bloom Studio.md": "# Jen\n\nRuns the studio downtown.\n",
    "Daily/2026-11-29.md": "# Sun 29 Nov\n\nCalled Jen about the logo. Session 03 notes are filed.\n",
    "Sessions/Session 03 - 2026-09-05.md": "# Third session\n\nWe played the heist.\n",
}


def _notes_of(conn, key: str) -> set[str]:
    return {r[0] for r in conn.execute(
        "SELECT DISTINCT d.path FROM mentions m JOIN entities e ON e.id = m.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id WHERE e.key = ?", (key,))}


def test_the_key_s_mentions_are_the_paper_s_note(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "nguyen2025loadbalancinglossrevisited") == {
        PAPER, "Daily/2026-11-28.md", "Ideas/annealed router.md", "Thesis/TODO.md"}
    assert _notes_of(conn, "nguyen2025") == set()
    # Acme is the client of every Acme note, not its kickoff call's; Jen is no page's alias; a numbered label none
    assert _notes_of(conn, "acme") == {"Clients/Acme invoices.md"}
    assert _notes_of(conn, "acmekickoffcall") == {"Clients/Acme - Kickoff call.md"}
    assert "Daily/2026-11-29.md" in _notes_of(conn, "jen")
    assert _notes_of(conn, "jenbloomstudio") == {"People/Jen - Bloom Studio.md"}
    assert _notes_of(conn, "session0320260905") == {"Sessions/Session 03 - 2026-09-05.md"}


def test_a_key_two_notes_open_with_names_neither_and_a_sync_ends_as_a_fresh_one(tmp_path):
    """The paper's note added after the notes citing it joins their `Nguyen2025`; a second note opening with the
    key unjoins it (no mention can tell which paper it means), its removal joins it again."""
    root = tmp_path / "vault"
    write_notes(root, {path: text for path, text in NOTES.items() if path != PAPER})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    citing = {"Daily/2026-11-28.md", "Ideas/annealed router.md", "Thesis/TODO.md"}
    assert _notes_of(conn, "nguyen2025") == citing

    def fresh_graph():
        fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
        sync(fresh, [root])
        return graph(fresh)

    write_notes(root, {PAPER: NOTES[PAPER]})
    sync(conn, [root])
    assert _notes_of(conn, "nguyen2025loadbalancinglossrevisited") == {PAPER, *citing}
    assert graph(conn) == fresh_graph()
    write_notes(root, {"Papers/Nguyen2025 - Token Dropping.md": "# Token dropping\n\nAnother 2025 paper.\n"})
    sync(conn, [root])
    assert _notes_of(conn, "nguyen2025") == citing
    assert graph(conn) == fresh_graph()
    (root / "Papers/Nguyen2025 - Token Dropping.md").unlink()
    sync(conn, [root])
    assert _notes_of(conn, "nguyen2025loadbalancinglossrevisited") == {PAPER, *citing}
    assert graph(conn) == fresh_graph()


RIQUELME = ("---\ntitle: \"Scaling Vision with Sparse Mixture of Experts\"\nauthors: [Carlos Riquelme, Joan Puigcerver]\n"
            "year: 2021\ncitekey: riquelme2021scaling\n---\n# V-MoE (Riquelme 2021)\n\n- V-MoE-15B: 90.35% ImageNet top-1\n")


@pytest.mark.parametrize("text, matter, head", [
    (RIQUELME, True, "Riquelme2021 - Scaling Vision with Sparse Mixture of Experts"),
    ("---\ntitle: Scaling Vision\ndate: 2021-06-01\n---\nbody\n", True, "Riquelme2021 - Scaling Vision · date: 2021-06-01"),
    ("# V-MoE (Riquelme 2021)\n\nbody\n", False, "Riquelme2021 - V-MoE (Riquelme 2021)"),  # the first line heads it
    ("# Riquelme2021 notes\n\nbody\n", False, None),  # the title writes the key already
])
def test_the_key_heads_the_note(text, matter, head):
    found = frontmatter.of_note(text) if matter else None
    assert note_head(text, found, "Papers/Riquelme2021 - Vision MoE.md", text) == head


def test_a_note_without_a_key_is_headed_as_before():
    text = "---\ntitle: Kickoff\n---\nScope agreed.\n"
    assert note_head(text, frontmatter.of_note(text), "Clients/Acme - Kickoff call.md", text) == "Kickoff"
    assert note_head("# Standup\n", None, "Meetings/2026-11-24 - Standup.md", "# Standup\n") \
        == "# Standup · date: 2026-11-24"


ZHOU = "Papers/Zhou2022 - Expert choice.md"


@pytest.mark.parametrize("first, head", [
    # a title that dates the note in words dates it opening the line only (text.head_date): headed as before
    ("# Sat, 15 March 2025", None),
    ("## 3 May 2021", None),
    ("# 12 January 2024", None),
    ("May 15, 2027", None),
    ("# Thursday 15/05/2027", None),
    # a numeric date dates it wherever it is
    ("# Reading 2024-01-12", "Zhou2022 - Reading 2024-01-12"),
    # a heading's marks open the line; a `#` in its title is a word's (`C#`) or the title's own
    ("# C# and F# interop notes", "Zhou2022 - C# and F# interop notes"),
    ("# Issue # 42 in the router", "Zhou2022 - Issue # 42 in the router"),
    ("Ranked # 1 on GLUE", "Zhou2022 - Ranked # 1 on GLUE"),
    ("C# and F# interop notes", "Zhou2022 - C# and F# interop notes"),
    ("Issue # 42 in the router", "Zhou2022 - Issue # 42 in the router"),
    ("### **Expert choice**", "Zhou2022 - **Expert choice**"),
    ("[[Expert choice routing]]", "Zhou2022 - [[Expert choice routing]]"),
    # a first line that is no title: headed as before (`---` opening no front matter, a bare `#`, a code fence,
    # a table row, a rule, a quote)
    ("---", None),
    ("#", None),
    ("```python", None),
    ("| a | b |", None),
    ("***", None),
    ("> Each expert picks its tokens.", None),
    ("<div>", None),
])
def test_the_key_heads_a_title_leaving_its_date(first, head):
    text = f"{first}\nEach expert picks its top-k tokens.\n"
    assert frontmatter.of_note(text) is None
    assert note_head(text, None, ZHOU, text) == head


def test_the_key_heads_the_header_as_its_first_line_is_cut():
    """A first line longer than a header keeps of it (HEADER_FIRST_LINE_CHARS) is cut before it is read: its key
    past the cut is no word of the header, and a 2 MB line is not read whole (review: 0.22 s a note)."""
    text = "Expert choice " + "tokens " * 20 + "Zhou2022\nbody\n"
    assert note_head(text, None, ZHOU, text) == ("Zhou2022 - " + text.split("\n")[0])[:120].rstrip()


def test_the_folders_of_papers_are_the_synced_folder_s_own():
    """A note of a synced `Papers` folder (`Zhou2022 - Expert choice.md`, read with its folder's name in front:
    text.dated_path) has no key in its header, as its aliases have none (note_aliases reads its path in the folder)."""
    text = "# Expert choice\nbody\n"
    assert note_head(text, None, "vault/Papers/Zhou2022 - Expert choice.md", text, "Zhou2022 - Expert choice.md") \
        is None
    assert note_head(text, None, "vault/Papers/Zhou2022 - Expert choice.md", text, ZHOU) \
        == "Zhou2022 - Expert choice"


def _dates(conn) -> dict[str, str]:
    rows = list(conn.execute("SELECT c.id, d.path, d.root FROM chunks c JOIN documents d ON d.id = c.document_id "
                             "WHERE c.seq = 0"))
    heads = note_heads(conn, [cid for cid, _p, _r in rows])
    return {path: note_date(heads.get(cid, ""), path, root) for cid, path, root in rows}


def test_a_note_titled_by_a_date_in_words_keeps_its_date(tmp_path):
    """Review's regression: `Zhou2022 - Sat, 15 March 2025` dated no note (answer sources, "when did…", "latest")."""
    root = tmp_path / "vault"
    write_notes(root, {
        "Trips/Trip2025 - Lisbon.md": "# Sat, 15 March 2025\n\nFlew to Lisbon with Maria.\n",
        "Projects/Windows2000 - Setup notes.md": "## 3 May 2021\n\nReinstalled the old VM.\n",
        ZHOU: "# 12 January 2024\n\nEach expert picks its top-k tokens.\n",
        "Papers/Fedus2022 - Switch.md": "# Switch 2024-02-03\n\nTop-1 routing.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _dates(conn) == {"Trips/Trip2025 - Lisbon.md": "2025-03-15", "Projects/Windows2000 - Setup notes.md":
                            "2021-05-03", ZHOU: "2024-01-12", "Papers/Fedus2022 - Switch.md": "2024-02-03"}


def test_a_plan_named_like_a_key_is_no_paper_s_note(tmp_path):
    """Review's repro: `Daily/Wedding2026 - Venues.md` is no literature note: the daily note's `Wedding2026` is no
    mention of the venues note, its `Mar2026` an entity of its own, not the expenses note's."""
    root = tmp_path / "vault"
    write_notes(root, {
        "Daily/2026-04-02.md": "# Thu 2 Apr\n\nClosed the Mar2026 books. Sprint2026 planning moved; Wedding2026 venue "
                               "visit with Anna.\n",
        "Daily/Wedding2026 - Venues.md": "# Venues\n\nBarn near Bath, or the old mill.\n",
        "Money/Mar2026 - Expenses.md": "# Expenses\n\nRent, train tickets.\n",
        "Work/Sprint2026 - Retro.md": "# Retro\n\nFlaky CI again.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "wedding2026venues") == {"Daily/Wedding2026 - Venues.md"}
    assert _notes_of(conn, "mar2026expenses") == {"Money/Mar2026 - Expenses.md"}
    assert _notes_of(conn, "mar2026") == {"Daily/2026-04-02.md"}
    assert _notes_of(conn, "sprint2026retro") == {"Work/Sprint2026 - Retro.md"}
    headers = dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert headers["Daily/Wedding2026 - Venues.md"] == "# Venues"


def test_bm25_finds_the_paper_s_note_by_its_key(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, {"Papers/Riquelme2021 - Vision MoE.md": RIQUELME,
                       "Papers/Chen2024 - Sparse Mixture Routing.md": "# Sparse routing\n\n+0.7 on ImageNet over V-MoE.\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    paths = dict(conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"))
    assert [paths[c] for c, _s in bm25_channel(conn, "what did riquelme2021 get on imagenet")][:1] \
        == ["Papers/Riquelme2021 - Vision MoE.md"]
