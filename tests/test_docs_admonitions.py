"""A docs site's admonition and content tab lines (heuristic rules 18, qa26):
MkDocs' `!!! note "Rate limits"`, `??? tip "..."`, `=== "Python"` and
Docusaurus' `:::tip New here?` / `:::` are read as their title alone, a
heading's words: the marker and its type name nothing, and the title's first
word opens a sentence. Before, `New`, `Exceeding`, `Checking` and `Rate` were
names and a quoted title a work's (`Deprecated`, `Idempotency`)."""

from __future__ import annotations

from minirag_cli.extract.heuristic import HeuristicExtractor

PAGE = """\
Intro to the Helio API.

!!! note "Rate limits"
    Free plans may make 1,000 calls per day, says Amara Chen.

??? tip "Checking your remaining quota"
    Call the quota endpoint.

!!! danger "Deprecated"
    The string code was replaced.

!!! info "Idempotency"
    Only GET requests are retried.

:::tip New here?
Run the login command first.
:::

:::warning Exceeding the limit
Requests over the limit get a 429 from Marco Bellini's gateway.
:::

:::note[Page tokens]
They expire after a day.
:::
"""


def names(text: str) -> dict[str, str]:
    return {m.name: m.type for m in HeuristicExtractor().extract_one(text)}


def test_an_admonition_s_marker_and_title_name_nothing_but_its_names():
    found = names(PAGE)
    assert {"Amara Chen", "Marco Bellini"} <= set(found)
    assert not {"Rate", "Checking", "Deprecated", "Idempotency", "New", "Exceeding", "Page", "note", "tip",
                "warning"} & set(found)


def test_a_title_s_names_are_still_names():
    found = names('Intro.\n\n!!! note "Ask Priya Raman"\n    She owns it.\n\n:::tip Marco Bellini says\nHi.\n:::\n')
    assert {"Priya Raman", "Marco Bellini"} <= set(found)


def test_what_is_no_admonition_line():
    # a capitalised word after `!!!` is a shout's, no type: the line is read as written
    assert "Maria Lopez" in names("News.\n\n!!! Maria Lopez left the team.\n")
    assert "Jonas Weber" in names("A note.\n\n=== Jonas Weber ===\n")
