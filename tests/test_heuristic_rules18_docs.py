"""Heuristic rules 18, docs2 (naming leftovers of qa26's docs-site pass):
a `# ` title in sentence case (`# Rate limits`) opens a sentence with its first
word, so `Rate` is no name (it was one 9 times in a docs site); a Markdown
link's shown text that is its target's name by key (`[Rate limits](rate-limits.md)`)
is the link, read whole; a product's CamelCase name keeps its written form
(`JavaScript`, `MkDocs` were shown "Java Script", "Mk Docs"); a link to a
folder's own page (`api/index.md`, Hugo's `_index.md`) names no `index`; and
Hugo's `{{< ref "..." >}}` / `{{< relref "..." >}}` link as a path does."""

from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor, link_target, markdown_link_target, note_name
from minirag_cli.naming import chosen_name, display_name
from tests.conftest import write_notes


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text)}


# each note holds the evidence a real page has that its title's first word is a common word (docs3): the word
# in lower case (`the rate limit`) or a form of it (`cooking`, `cooked`, `rated`), or a verb opening a sentence
@pytest.mark.parametrize("text,dropped", [
    ("# Rate limits\n\nFree plans may make 1,000 calls per day; past the rate limit the API returns 429.\n",
     "Rate"),
    ("# Cooking tips\n\nSalt the water well before cooking pasta.\n", "Cooking"),
    ("# Cooking tips\n\nSalt the water well. We cooked it for ten minutes.\n", "Cooking"),
    ("# Rate limits\n\nCalls are rated per token and per day.\n", "Rate"),
    # an admonition's title line (read as its title alone) repeats the page title: not mid-sentence either
    ('# Rate limits\n\n!!! note "Rate limits"\n    Free plans may make 1,000 calls per day.\n\n'
     "When you pass the rate limit the API returns HTTP 429.\n", "Rate"),
    # a verb opening a sentence, as an imperative title's is read (rules 17)
    ("# Deploy billing-api\n\nDeploy the service from the release branch.\n", "Deploy"),
])
def test_a_sentence_case_title_names_not_its_first_word(text, dropped):
    found = names(text)
    assert dropped not in found, found


# docs3: without the note's evidence that it is a common word, a sentence-case title's first word is read as
# before docs2 (named): a name written only in its title (docs2's rule dropped them all)
@pytest.mark.parametrize("text,kept", [
    ("# Hamburg trip\n\nWe flew in.\n", "Hamburg"),
    ("# Priya notes\n\n- asked about budget\n", "Priya"),
    ("# Deploy billing-api\n\nWe ship on Friday.\n", "Deploy"),
    # a page that writes `rate` nowhere in lower case (qa26's MkDocs page) gives no evidence either
    ('# Rate limits\n\n!!! note "Rate limits"\n    Free plans may make 1,000 calls per day.\n', "Rate"),
    # `-es` is not taken off (`notes` would be `not`'s): `Barnes` is no form of `barn`
    ("# Barnes notes\n\nWe met at the barn.\n", "Barnes"),
])
def test_a_sentence_case_title_without_evidence_names_as_before(text, kept):
    assert kept in names(text)


@pytest.mark.parametrize("text,kept", [
    ("# Project Alpha\n\nKickoff went well.\n", "Project Alpha"),
    ("# Priya Raman\n\nMet her at the fair.\n", "Priya Raman"),
    ("# Lisbon\n\nFlew in on Tuesday.\n", "Lisbon"),
    # capitalised mid-sentence too: a name, as rules 6 and 7 say
    ("# Heron notes\n\nWe moved the buoy to Heron on Monday.\n", "Heron"),
    # a title with more than lower-case words after its first is read as before
    ("# Heron buoy — hardware notes (Wolfgang)\n\nSoldered the board.\n", "Heron"),
    ("# Orchard harvest 2025\n\nPicked apples.\n", "Orchard"),
])
def test_other_titles_still_name(text, kept):
    assert kept in names(text)


def test_a_links_shown_text_that_is_its_targets_name_is_the_link():
    found = names("# API reference\n\n- [Rate limits](rate-limits.md)\n- [Errors](errors.md)\n")
    assert "Rate" not in found and "Errors" not in found, found
    assert {"Rate limits", "errors"} <= found  # the slug's name as the link's text writes it


@pytest.mark.parametrize("forms,type_,expected", [
    ([("JavaScript", 3)], "name", "JavaScript"),
    ([("MkDocs", 1)], "name", "MkDocs"),
    ([("GitHub", 2)], "name", "GitHub"),
    ([("LiHua", 5)], "person", "Li Hua"),  # a person's handle is spelled out
    ([("LiHua", 2), ("Li Hua", 1)], "name", "Li Hua"),  # and a form the notes spell out too
])
def test_a_camel_case_name_keeps_its_written_form(forms, type_, expected):
    assert chosen_name(forms, type_) == expected
    if len(forms) == 1:
        assert display_name(forms[0][0], type_) == expected


@pytest.mark.parametrize("target", ["api/index.md", "index.md", "../guides/index.md", "docs/_index.md",
                                    "posts/_index.md#top"])
def test_a_link_to_a_folders_own_page_names_no_index(target):
    assert markdown_link_target(target) is None
    assert note_name(target.split("#")[0]) is None


def test_a_titled_index_note_still_names_itself():
    assert note_name("Index.md").name == "Index"
    assert link_target("Index").name == "Index"


@pytest.mark.parametrize("link,target", [
    ('[Rate limits]({{< ref "docs/rate-limits.md#headers" >}})', "Rate limits"),
    ('[the limits]({{< relref "/docs/rate-limits" >}})', "rate-limits"),
    ('[hooks]({{% ref "webhooks.md" %}})', "webhooks"),
])
def test_a_hugo_ref_links_as_its_path_does(link, target):
    found = names(f"Read the full policy in {link} today.\n")
    assert target in found, found
    assert "Rate" not in found, found


def test_a_docs_site_synced(tmp_path):
    """End to end: the entities a small MkDocs site gives."""
    from tests.test_heuristic_version import sync
    root = tmp_path / "site"
    write_notes(root, {
        "docs/index.md": "# Helio SDK\n\nSee the [API reference](api/index.md).\n",
        "docs/api/index.md": "# API reference\n\n- [Rate limits](rate-limits.md)\n",
        "docs/api/rate-limits.md": "# Rate limits\n\nFree plans may make 1,000 calls per day.\n"
                                   "Past the rate limit the JavaScript client retries for you.\n",
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    entities = dict(conn.execute("SELECT key, name FROM entities"))
    conn.close()
    assert "rate" not in entities and "index" not in entities, entities
    assert entities.get("javascript") == "JavaScript", entities
    assert entities.get("ratelimits", "").lower() == "rate limits", entities
