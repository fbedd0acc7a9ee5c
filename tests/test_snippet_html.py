"""A result's snippet (frontmatter.snippet_text) shows a web clip's text, not its HTML: Evernote's
`<div>`, `<br/>`, `&nbsp;`, `&ndash;` are dropped or decoded; `--json` keeps the text whole."""
from __future__ import annotations

from minirag_cli.format import snippet_text


def test_a_web_clips_tags_and_entities_are_not_shown():
    clip = ("<div>A 75% hydration dough means 750 g of water.&nbsp;Higher hydration&ndash;more crumb.<br/><br/>"
            "</div><table><tr><td>Hydration</td><td>Crumb</td></tr></table>")
    shown = " ".join(snippet_text(clip).split())
    assert shown == "A 75% hydration dough means 750 g of water. Higher hydration–more crumb. Hydration Crumb", shown


def test_what_only_looks_like_html_is_kept():
    text = "Use List<String> and Map<K, V>; R&D costs, a <= b, AT&T."
    assert snippet_text(text) == text
