"""Heuristic rules 20 (qa32): Denote notes (Emacs), named `IDENTIFIER==SIGNATURE--TITLE__KEYWORDS.EXT`
(`20261118T141500--harbor-migration-plan__work_project.org`), link each other by their identifier:
`[[denote:20261118T141500][Harbor migration plan]]` in Org, `[Harbor migration plan](denote:20261118T141500)`
in Markdown. Such links joined nothing (the linked note was mentioned by its own title alone), and
`[[denote:…]]` without a description was a name of its own. Now a Denote note is named by its title and its
identifier is an alias of it (counted, not listed, in tables, as an org-roam `:ID:` is): a link by it mentions
the note."""

from __future__ import annotations

from minirag_cli.extract.heuristic import DENOTE_LINK, JOPLIN_TITLE, denote_title, note_aliases
from minirag_cli.format import is_id_alias
from tests.test_joplin_names import _graph
from tests.test_sync_conflicts import sync

PLAN = "20261118T141500--harbor-migration-plan__work_project.org"
NOTES = {
    PLAN: "#+title:      Harbor migration plan\n#+date:       [2026-11-18 Wed 14:15]\n"
          "#+filetags:   :work:project:\n#+identifier: 20261118T141500\n\n"
          "The billing database moves to the managed cluster.\n\n* TODO Ask Oksana about the reports\n",
    "20261201T093000--meeting-with-priya__work.org":
        "#+title:      Meeting with Priya\n#+identifier: 20261201T093000\n\n"
        "We moved the cutover of [[denote:20261118T141500][the plan]] to December 14.\n",
    "20261130T170000--dry-run-results__work.md":
        '---\ntitle:      "Dry run results"\ndate:       2026-11-30T17:00:00+01:00\ntags:       ["work"]\n'
        'identifier: "20261130T170000"\n---\n\nThe dry run took four hours; see [the plan](denote:20261118T141500).\n',
    "20261116T093000--standup-notes__work.txt":
        "title:      Standup notes\ndate:       2026-11-16\ntags:       work\nidentifier: 20261116T093000\n"
        "---------------------------\n\nStaging is ready, says the plan: [[denote:20261118T141500]].\n",
    "20261120T100000==1a--draft__essay.org": "#+title: Draft\n\nOn migrations as moving days.\n",
    # no Denote note: a link to an identifier no note has, in code, and a note named otherwise
    "other.md": "Not a link: `[[denote:20261118T141500]]`; gone: [[denote:20250101T000000][old]].\n",
}


def test_what_names_a_denote_note():
    assert denote_title(PLAN, NOTES[PLAN]) == ("20261118T141500", "Harbor migration plan")
    assert denote_title("20261116T093000--standup-notes__work.txt", NOTES["20261116T093000--standup-notes__work.txt"]) \
        == ("20261116T093000", "Standup notes")
    # a signature, no keywords, no title written in the note: the file name's
    assert denote_title("20261120T100000==1a--draft__essay.org", "") == ("20261120T100000", "draft")
    assert denote_title("20261115T180000--reading-list.md", "Kleppmann first.\n") == ("20261115T180000", "reading list")
    assert denote_title("202611031015 Eigenvalues.md", "") is None and denote_title("notes.md", "") is None
    assert note_aliases(NOTES[PLAN], PLAN) == [JOPLIN_TITLE + "Harbor migration plan", "20261118T141500"]
    assert [m.group(1) for m in DENOTE_LINK.finditer(
        "[[denote:20261118T141500][a]] [[denote:20261119T073000]] [b](denote:20261120T100000) "
        "[[denote:20261121T100000::#heading][c]] denote:20261122T100000")] == [
        "20261118T141500", "20261119T073000", "20261120T100000", "20261121T100000"]
    assert is_id_alias("20261118T141500")


def test_a_denote_link_joins_the_note_with_that_identifier(tmp_path):
    root = tmp_path / "notes"
    root.mkdir()
    for name, text in NOTES.items():
        (root / name).write_text(text, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    entities, aliases, notes, _headers = _graph(tmp_path / "index.sqlite")
    linking = {path for name, path in notes if name == "Harbor migration plan"}
    assert linking == {PLAN, "20261201T093000--meeting-with-priya__work.org", "20261130T170000--dry-run-results__work.md",
                       "20261116T093000--standup-notes__work.txt"}  # not other.md: in code, or another identifier
    eid, mentions = entities["Harbor migration plan"]
    assert (eid, "20261118T141500") in aliases and mentions == 4
    assert ("Standup notes", "20261116T093000--standup-notes__work.txt") in notes  # a .txt note's `title:` line
    assert not [name for name in entities if "denote" in name.lower() or is_id_alias(name)]


def test_a_denote_text_note_s_front_matter():
    """Readers 9: a Denote `.txt` note's front matter, `title:` ... `identifier:` lines and a line of dashes,
    is read as a front matter block (its head was the line `title:      Standup notes`, its `tags:` text)."""
    from minirag_cli.frontmatter import head, of_note

    text = NOTES["20261116T093000--standup-notes__work.txt"].replace("tags:       work", "tags:       work  project")
    found = of_note(text)
    assert found is not None and text[found.end:].startswith("\nStaging is ready")
    assert found.values("title") == ["Standup notes"] and found.values("tags") == ["work", "project"]
    assert head(text, 120) == "Standup notes · date:       2026-11-16"
    # not Denote's: other keys, a key twice, one key alone, no line of dashes, a setext heading's short rule
    for other in ("title: Re: lunch\nfrom: Priya\n-------------------\n", "title: A\ntitle: B\n------------\n",
                  "title: A\n---------------------------\n", "title: A\ndate: 2026-11-16\nText.\n",
                  "title: A\ndate: 2026-11-16\n---\n"):
        assert of_note(other) is None, other


def test_a_denote_file_names_keywords_are_its_tags(tmp_path):
    """Heuristic rules 21 (fixT2): the keywords of a Denote file name (`__work_project`, after `__`, apart by
    `_`) are the note's #tags, as a front matter's `tags:` are: `#project` and `#essay` were no entity, and
    `#work` tagged only the notes whose front matter said so. A note whose text writes the tag too counts it
    once; a file name that is not Denote's (`reading__list.md`) tags nothing."""
    from minirag_cli.extract.heuristic import denote_keywords

    assert denote_keywords("20261201T093000--budget-review__finance_planning.md") == ["#finance", "#planning"]
    assert denote_keywords("20261115T180000--reading-list.md") == [] and denote_keywords("reading__list.md") == []
    root = tmp_path / "notes"
    root.mkdir()
    notes = {**NOTES, "20261202T080000--budget__finance.md": "The #finance review moved to Friday.\n",
             "reading__list.md": "Kleppmann first.\n"}
    for name, text in notes.items():
        (root / name).write_text(text, encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    entities, _aliases, tagged, _headers = _graph(tmp_path / "index.sqlite")
    assert {path for name, path in tagged if name == "#project"} == {PLAN}
    assert {path for name, path in tagged if name == "#essay"} == {"20261120T100000==1a--draft__essay.org"}
    assert {path for name, path in tagged if name == "#work"} == {
        PLAN, "20261201T093000--meeting-with-priya__work.org", "20261130T170000--dry-run-results__work.md",
        "20261116T093000--standup-notes__work.txt"}
    assert entities["#finance"][1] == 1 and "#list" not in entities
