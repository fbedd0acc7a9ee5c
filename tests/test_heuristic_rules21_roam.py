"""Heuristic rules 21, qa35's part: a Roam Research page's components name nothing (extract.roam,
read by sync.note_readings). A task's `{{[[TODO]]}}` checkbox glued the word after it to no sentence's
start (`Write`, `Fix`, `Send` were names); a search, `{{[[query]]: ...}}`, named its filter's words
(`query`, `someday`, `last week`) and linked its own page; a widget, `{{[[table]]}}`, `{{[[POMO]]}}`, named
`table` and `POMO`. An embed's argument still links, and the same words elsewhere name as before."""

from __future__ import annotations

from pathlib import Path

from minirag_cli import db
from minirag_cli.extract.heuristic import VERSION, HeuristicExtractor
from minirag_cli.extract.roam import is_roam, readable
from minirag_cli.sync import SyncOptions, sync_folders
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

GRAPH = {
    "Project Atlas.md": (
        "- Owner:: [[Priya Raman]]\n"
        "- Open work\n"
        "    - {{[[TODO]]}} Write the cutover runbook with [[Marcus Lee]]\n"
        "    - {{[[DONE]]}} Draft the architecture diagram\n"
        "    - {{[[query]]: {and: [[TODO]] {not: [[someday]]}}}}\n"
        "- Risks\n"
        "    - {{embed: [[Kubernetes Migration]]}}\n"
    ),
    "November 3rd, 2026.md": (
        "- {{TODO}} Renew the certificate\n"
        "- {{[[DONE]]}} Send [[Priya Raman]] the weekly status\n"
        "- {{[[table]]}}\n"
        "- {{[[POMO]]}} {{word-count}}\n"
        "- {{[[mentions]]: [[Acme Corp]]}}\n"
    ),
    "Kubernetes Migration.md": "- Owner:: [[Marcus Lee]]\n",
    # no Roam page: a template's `{{Name}}` placeholder is read as written
    "Welcome.md": "Dear {{Customer}}, thanks for writing to Acme Corp.\n",
}


def test_the_rules_are_21_or_later():
    assert VERSION >= 21


def test_roam_components_are_blanked_with_their_offsets():
    text = "- {{[[TODO]]}} Write x {{[[query]]: {and: [[a]] {not: [[b]]}}}} y {{embed: ((xT7mQ2LwZ))}} z"
    read = readable(text)
    assert len(read) == len(text)
    # the checkbox opening the block is Markdown's box (review revW: blanks made `Write x` no task's line)
    assert read.split() == ["-", "[", "]", "Write", "x", "y", "((xT7mQ2LwZ))", "z"]
    assert not is_roam("Dear {{Customer}}, thanks") and is_roam("- {{TODO}} x") and is_roam("{{[[table]]}}")


def synced_names(tmp_path: Path) -> dict[str, set[str]]:
    root = tmp_path / "roam"
    write_notes(root, GRAPH)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=60, overlap_tokens=4))
        found: dict[str, set[str]] = {}
        for path, name in conn.execute(
                "SELECT d.path, e.name FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
                "JOIN documents d ON d.id = c.document_id JOIN entities e ON e.id = m.entity_id"):
            found.setdefault(path, set()).add(name)
        return found
    finally:
        conn.close()


def test_a_roam_pages_components_name_nothing(tmp_path):
    found = synced_names(tmp_path)
    everything = set().union(*found.values())
    for junk in ("Write", "Draft", "Renew", "Send", "query", "someday", "TODO", "table", "POMO", "mentions"):
        assert junk not in everything, (junk, found)
    # the query linked the page it is on; the embed links its page, the mentions search nothing
    assert found["Project Atlas.md"] >= {"Priya Raman", "Marcus Lee", "Kubernetes Migration"}
    assert "Acme Corp" not in found["November 3rd, 2026.md"]
    assert "Customer" in found["Welcome.md"]


def test_snippets_and_sources_show_roam_checkboxes_and_no_components():
    """qa35: `ask`'s snippets showed `{{[[TODO]]}} Write ...`, `{{[[query]]: {and: ...}}}` and `((k3Jd9aPq2))`."""
    from minirag_cli.answer import _clean_line
    from minirag_cli.format import snippet_text

    shown = snippet_text(GRAPH["Project Atlas.md"] + "- Risks\n    - ((k3Jd9aPq2)) is the biggest risk.\n")
    assert shown == ("- Owner:: [[Priya Raman]]\n- Open work\n    - [ ] Write the cutover runbook with [[Marcus Lee]]\n"
                     "    - [x] Draft the architecture diagram\n- Risks\n    - [[Kubernetes Migration]]\n"
                     "- Risks\n    - [block ref] is the biggest risk.\n"), shown
    assert _clean_line("- {{TODO}} Renew the certificate {{word-count}}") == "- [ ] Renew the certificate"
    assert _clean_line("- {{[[mentions]]: [[Acme Corp]]}}") == ""  # the block left out
    # no Roam page: braces and a parenthesised word are text
    assert snippet_text("Dear {{Customer}}, see ((important)) and ((k3Jd9aPq2)).") == \
        "Dear {{Customer}}, see ((important)) and ((k3Jd9aPq2))."


def test_a_time_opening_a_block_is_read_past():
    """qa35: a Roam daily page's log, `- 11:00 Call with [[Ines Duarte]]`, named Call and Design; a speaker
    after a time still speaks, and a name after one still names."""
    def names(text: str) -> set[str]:
        return {m.name for m in HeuristicExtractor().extract_one(text)}

    assert names("- 11:00 Call with [[Ines Duarte]] about the numbers\n- 14:00 Design review of [[Project Beacon]]\n"
                 "09:30 Standup with the team\n- 3:30 pm Dentist appointment\n") == {"Ines Duarte", "Project Beacon"}
    assert names("- 11:00 Priya: can you send it?\n- 11:02 Tomasz: sure\n- 11:03 Priya: thanks\n") == {"Priya", "Tomasz"}
    assert names("- 10:15 Priya Raman called about the budget\n- met Ines at 10:30 Coffee Lab\n") == \
        {"Priya Raman", "Ines", "Coffee Lab"}


def test_a_name_after_a_lines_time_still_names():
    """fixU1 (review revU): reading past a line's time made its next word a sentence's start, so a meeting's
    minutes and a day's log lost their one-word names (`09:30 Priya presented`): the word after a time names
    unless it is a common word (a verb, a log entry's word, the lexicons', one the note writes in lower case),
    and so in every form a log writes its time (`[09:30]`, `- 09:30 -` named Priya and Standup before)."""
    def names(text: str) -> set[str]:
        return {m.name for m in HeuristicExtractor().extract_one(text)}

    assert names("09:30 Priya presented the roadmap.\n10:15 Marcus joined late.\n") == {"Priya", "Marcus"}
    # before a lower-case word too (rules 22 as names22 had it named no Berlin; fixX, review revX)
    assert names("- 15:00 Bob\n- 2:30pm Berlin office review\n") == {"Bob", "Berlin"}
    for time in ("09:30", "- 09:30", "[09:30]", "- [09:30]", "- 09:30 -", "09:30 –", "**09:30**", "(09:30)",
                 "09:30:", "9:30 am", "09:00-10:00", "- 09:00 - 10:00 |"):
        assert names(f"{time} Priya presented the roadmap\n") == {"Priya"}, time
        assert names(f"{time} Standup with the team\n{time} Design review of [[Project Beacon]]\n"
                     f"{time} Lunch with Jonas\n{time} Dentist\n") == {"Project Beacon", "Jonas"}, time
    for time in ("09:30", "- 09:30", "[09:30]", "- 09:30 -"):
        assert names(f"{time} Call Marta about the lease\n") == {"Marta"}, time
    # the note's evidence: a word it writes in lower case is common
    assert names("- 09:00 Grout chosen, grey\n- the grout dries overnight\n") == set()


def test_roam_highlight_marks_hide_no_sentence_start():
    """qa35: `- ^^Ask about the tiles^^` named Ask, as Bear's `::Ask ...::` did before rules 20."""
    def names(text: str) -> set[str]:
        return {m.name for m in HeuristicExtractor().extract_one(text)}

    assert names("- ^^Ask about the tiles^^ before Friday\n- Success means ^^zero dropped invoices^^.\n") == set()
    assert names("- ^^Priya Raman^^ signs off the cutover with ^^Ines^^\n") == {"Priya Raman", "Ines"}
