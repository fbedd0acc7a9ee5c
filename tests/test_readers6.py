"""Readers 6 (helper files6): the code blocks of an Org-mode, reStructuredText
and AsciiDoc note, and `%%` in the llm extractor's windows.

An Org `#+BEGIN_SRC` block, an rST `.. code-block::` and an AsciiDoc `----`
listing are read as a Markdown fence is wherever code matters: they name
nothing, link nothing and hold no task (a `# TODO: Priya` comment, a
`class Invoice`, a `- [ ]` in an example's output); each kind's markup only
in its own kind (a Markdown note's `----` is a rule). The llm extractor's
windows read `%%` as a comment only where Obsidian writes one, as the rest
of mrag does since readers 5."""

from __future__ import annotations

import pytest

from minirag_cli.chunking import chunk_text
from minirag_cli.extract.heuristic import HeuristicExtractor, wikilinks
from minirag_cli.extract.mdcode import ADOC, ORG, RST, code_kind, find_code, kind_blocks
from minirag_cli.sync import read_in_context
from minirag_cli.tasks import tasks_in

ORG_NOTE = """\
#+TITLE: Billing export
* Export rework
Meeting with Maria Lopez about the billing export on Tuesday.

#+BEGIN_SRC python
# TODO: Priya should check the rounding
class Invoice:
    \"\"\"See [[Billing Service]] for the schema.\"\"\"
    def total(self):
        return Decimal(self.amount)
#+END_SRC

- [ ] send the sample file to Tomas Berg
#+begin_example
- [ ] Not a task: example output
Customer Acme Corp owes 12.00
#+end_example

: $ ssh deploy@Gateway Host
: - [ ] fixed-width line

Jonas Weber wrote up [[Tax Rules]].
"""

RST_NOTE = """\
Deploying the Reporting Service
===============================

Anna Schmidt wrote this for the platform team.

.. code-block:: python

   # TODO: Priya renames this
   class ReportJob:
       url = "[[Not A Link]]"

Then run the migration::

    $ manage migrate --database Reporting Archive
    - [ ] not a task either

Kofi Mensah helps if it fails, see [[Runbook]].

.. note::

   Bernd Keller owns the dashboards.
"""

ADOC_NOTE = """\
= Database Failover Runbook

Owner: Lena Fischer. Escalate to [[On-call Rota]].

[source,bash]
----
# TODO: Priya automate this
pg_ctl promote -D /var/lib/Postgres Primary
echo "[[Not Linked]]"
----

....
Failover Coordinator Output
- [ ] not a task
....

* [ ] Tell Marco Rossi when done.
"""

IN_CODE = {"Invoice", "Decimal", "Billing Service", "Customer Acme Corp", "Gateway Host", "BEGIN_SRC", "END_SRC",
           "Report Job", "Reporting Archive", "Not A Link", "Postgres Primary", "Not Linked",
           "Failover Coordinator Output", "Priya"}


def read_names(text: str, path: str) -> set[str]:
    """The names the heuristic extractor reads in the note at `path`, chunk by chunk as sync reads them."""
    readings = read_in_context(chunk_text(text, size=40, overlap=8), path)
    return {m.name for ms in HeuristicExtractor().extract(readings) for m in ms if m.type != "date"}


@pytest.mark.parametrize("path, text, prose", [
    ("invoices.org", ORG_NOTE, {"Maria Lopez", "Tomas Berg", "Jonas Weber", "Tax Rules"}),
    ("howto.rst", RST_NOTE, {"Anna Schmidt", "Kofi Mensah", "Runbook", "Bernd Keller"}),
    ("runbook.adoc", ADOC_NOTE, {"Lena Fischer", "On-call Rota", "Marco Rossi"}),
])
def test_a_kind_s_code_blocks_name_and_link_nothing(path, text, prose):
    found = read_names(text, path)
    assert prose <= found
    assert not found & IN_CODE
    # read as a Markdown note, the same blocks are text (main's reading before readers 6)
    assert read_names(text, "same.md") & IN_CODE


@pytest.mark.parametrize("path, text, tasks", [
    ("invoices.org", ORG_NOTE, [(13, "send the sample file to Tomas Berg")]),
    ("howto.rst", RST_NOTE, []),
    ("runbook.adoc", ADOC_NOTE, [(17, "Tell Marco Rossi when done.")]),
])
def test_a_task_in_a_kind_s_code_block_is_none(path, text, tasks):
    lines = text.split("\n")
    assert [(t["line"], t["text"]) for t in tasks_in(lines, False, code_kind(path))] == tasks
    assert len(tasks_in(lines, False, None)) > len(tasks)  # each block holds a `- [ ]`


def test_each_kind_s_markup_is_code_only_in_its_own_kind():
    text = "Intro by Maria Lopez.\n\n----\nClara Novak met Peter Hart.\n----\n"
    assert kind_blocks(text, ADOC) == [(text.index("----"), len(text) - 1)]
    assert kind_blocks(text, None) == kind_blocks(text, ORG) == kind_blocks(text, RST) == []
    assert {"Clara Novak", "Peter Hart"} <= read_names(text, "rules.md")  # a Markdown rule
    assert not {"Clara Novak", "Peter Hart"} & read_names(text, "rules.adoc")
    assert code_kind("a/B.ORG") == ORG and code_kind("x.rst") == RST and code_kind("y.asciidoc") == ADOC
    assert code_kind("z.md") is None and code_kind("t.txt") is None


@pytest.mark.parametrize("text", [
    "#+BEGIN_SRC python\nclass Invoice: pass\n",  # nothing closes it: Org reads it as text
    ":PROPERTIES:\n:ID: 42\n:END:\n",  # a drawer, no fixed-width line
    "  #+begin_quote\n  Clara Novak said so.\n  #+end_quote\n",  # prose
])
def test_what_is_no_org_code(text):
    assert kind_blocks(text, ORG) == []


def test_org_blocks_in_any_case_and_indented_under_an_item():
    text = "- step one\n  #+begin_src shell\n  make deploy\n  #+END_SRC\n- step two\n"
    a = text.index("  #+begin")
    assert kind_blocks(text, ORG) == [(a, text.index("- step two") - 1)]


def test_rst_a_note_directive_is_prose_and_a_literal_block_is_its_indented_lines():
    blocks = kind_blocks(RST_NOTE, RST)
    shown = [RST_NOTE[a:b] for a, b in blocks]
    assert shown[0].startswith(".. code-block:: python") and shown[0].endswith('"[[Not A Link]]"')
    assert shown[1] == "    $ manage migrate --database Reporting Archive\n    - [ ] not a task either"
    assert len(blocks) == 2  # `.. note::` and its body are prose


def test_asciidoc_a_source_line_before_a_paragraph_makes_it_code():
    text = "[source,sql]\nSELECT * FROM Customer Orders;\n\nThen Clara Novak checks it.\n"
    assert kind_blocks(text, ADOC) == [(0, text.index("\n\n"))]
    assert kind_blocks("----\nno end\n", ADOC) == []  # a delimiter nothing closes is no block


def test_a_block_holding_a_line_of_tildes_is_read_in_a_longer_fence():
    text = "Intro by Maria Lopez.\n\n#+begin_src markdown\n~~~~\nClara Novak\n#+end_src\n\nPeter Hart too.\n"
    (code,) = [c for c in find_code(text, comments=False, kind=ORG) if c.kind == "block"]
    assert code.opener == "~~~~~"
    assert read_names(text, "n.org") == {"Maria Lopez", "Peter Hart"}


def test_a_chunk_that_starts_inside_a_block_reads_it_as_code():
    body = "\n".join(f"    customer_{i} = Customer Record(Acme Holding {i})" for i in range(30))
    text = f"Maria Lopez wrote:\n\n#+BEGIN_SRC python\n{body}\n#+END_SRC\n\nPeter Hart agreed.\n"
    chunks = chunk_text(text, size=40, overlap=8)
    assert len(chunks) > 3
    readings = read_in_context(chunks, "n.org")
    inside = [r for r, c in zip(readings, chunks) if "#+BEGIN_SRC" not in c.text and "customer_" in c.text]
    assert len(inside) > 1 and all(r.startswith("~~~\n") for r in inside)  # read after the block's fence
    found = {m.name for ms in HeuristicExtractor().extract(readings) for m in ms}
    assert {"Maria Lopez", "Peter Hart"} <= found and not {"Customer Record", "Acme Holding"} & found


def test_links_in_a_kind_s_code_are_none():
    readings = read_in_context(chunk_text(ORG_NOTE), "invoices.org")
    targets = {m.name for r in readings for _a, _b, m in wikilinks(r, False) if m is not None}
    assert targets == {"Tax Rules"}


def test_a_hyphen_at_a_line_end_in_a_kind_s_code_is_kept():
    from minirag_cli.walk import joined_hyphens

    text = "The new export is very effi-\ncient.\n\n#+begin_src shell\necho atten-\ntion please\n#+end_src\n"
    read = joined_hyphens(text, False, ORG)
    assert "efficient." in read and "atten-\ntion" in read
    assert "attention" in joined_hyphens(text, False, None)  # read as no Org note, it was joined


def test_a_sync_reads_each_kind_s_code_as_code(tmp_path, conn, embedder, extractor):
    from minirag_cli import store
    from minirag_cli.tasks import select
    from tests.test_sync import run

    root = tmp_path / "notes"
    root.mkdir()
    (root / "invoices.org").write_text(ORG_NOTE)
    (root / "howto.rst").write_text(RST_NOTE)
    (root / "runbook.adoc").write_text(ADOC_NOTE)
    (root / "rules.md").write_text("Clara Novak\n\n----\n\nPeter Hart met Clara Novak.\n\n----\n")
    run(conn, root, embedder, extractor)
    tasks = {(t.path, t.text) for t in select(store.notes_with_tasks(conn))}
    assert tasks == {("invoices.org", "send the sample file to Tomas Berg"),
                     ("runbook.adoc", "Tell Marco Rossi when done.")}
    names = {name for (name,) in conn.execute("SELECT name FROM entities")}
    assert {"Maria Lopez", "Anna Schmidt", "Lena Fischer", "Peter Hart", "Tax Rules"} <= names
    assert not names & IN_CODE


# --------------------------------------------------------------------------- `%%` in the llm windows

AGENDA = ("* Birthdays\n%%(org-anniversary 1990 5 12) Anna Schmidt is %d years old\n\n"
          "* Meeting with Thomas Becker about [[Budget Plan]]\n"
          "Thomas Becker wants the figures by Friday.\n\n* Holidays\n%%(diary-float t 4 2) Team lunch\n")


def test_llm_windows_read_percent_pairs_as_text_outside_notes_obsidian_writes():
    from minirag_cli.extract.llm import note_windows

    (org,) = note_windows(AGENDA, path="agenda.org")
    assert "Thomas Becker wants" in org.text
    (md,) = note_windows(AGENDA.replace("* ", "# "), path="agenda.md")
    assert "Thomas Becker" not in md.text and "Team lunch" in md.text  # the comment is hidden, not the rest
    (block,) = note_windows(ORG_NOTE, path="invoices.org")
    assert "Invoice" not in block.text.replace("Invoice export", "") and "Maria Lopez" in block.text


class _WindowModel:
    """A window extractor standing in for the GGUF one (sync's interface: `windows`, `run`,
    `cache_id`), cutting windows as LlmExtractor does and answering each with the heuristic's names:
    what the model is shown is what it can name."""

    name, cache_id, parallel = "fake-llm", "fake-model@readers6", 1

    def windows(self, text, path=None):
        from minirag_cli.extract.llm import note_windows

        return note_windows(text, path=path)

    def run(self, windows, stop=None):
        for i, w in enumerate(windows):
            yield i, HeuristicExtractor().extract([w.text], comments=[False])[0], None  # a model reads no `%%`


def test_an_llm_sync_reads_an_org_agenda_s_percent_pairs_as_text(tmp_path, conn, embedder):
    from tests.test_sync import run

    root = tmp_path / "notes"
    root.mkdir()
    (root / "agenda.org").write_text(AGENDA)
    (root / "obsidian.md").write_text(AGENDA.replace("* ", "# "))
    (root / "invoices.org").write_text(ORG_NOTE)
    run(conn, root, embedder, _WindowModel())
    found = {(path, name) for path, name in conn.execute(
        "SELECT d.path, e.name FROM mentions m JOIN entities e ON e.id = m.entity_id "
        "JOIN chunks c ON c.id = m.chunk_id JOIN documents d ON d.id = c.document_id")}
    assert {("agenda.org", "Thomas Becker"), ("agenda.org", "Budget Plan")} <= found
    assert ("obsidian.md", "Thomas Becker") not in found and ("obsidian.md", "Budget Plan") not in found
    assert ("invoices.org", "Maria Lopez") in found
    assert not {name for path, name in found if path == "invoices.org"} & IN_CODE


def test_an_asciidoc_title_underline_opens_no_listing():
    # AsciiDoc's two-line titles (`Failover` over `--------`): two of the same length read as a
    # listing's delimiters hid the section between them
    text = ("Failover\n--------\n\nLena Fischer runs it.\n\nRollback\n--------\n\nMarco Rossi checks.\n\n"
            "----\npg_ctl promote\n----\n")
    assert [text[a:b] for a, b in kind_blocks(text, ADOC)] == ["----\npg_ctl promote\n----"]
    assert {"Lena Fischer", "Marco Rossi"} <= read_names(text, "runbook.adoc")


@pytest.mark.parametrize("path, text", [("a.org", ORG_NOTE), ("b.rst", RST_NOTE), ("c.adoc", ADOC_NOTE)])
def test_a_crlf_note_s_blocks_are_found_too(path, text):
    # a Windows editor's note: `----\r`, `Then run the migration::\r` close and open blocks as well
    assert len(kind_blocks(text.replace("\n", "\r\n"), code_kind(path))) == len(kind_blocks(text, code_kind(path)))
    assert not read_names(text.replace("\n", "\r\n"), path) & IN_CODE
