"""An Obsidian block id ending a line (`We signed the lease. ^decision-1`: the
anchor `[[note#^decision-1]]` links, which Obsidian does not show) is left
out of `mrag ask`'s snippets, as the answer's sources and `mrag tasks` leave
it out (one function: frontmatter.without_block_ids); `--json` keeps the
text whole."""

from __future__ import annotations

import io

from rich.console import Console

from minirag_cli.format import render_results, snippet_text

CHUNK = "We signed the lease with Ana. ^decision-1\r\nThe rent is 900 a month ^rent-2  \nSee 2^10 and x ^y z.\n"


def test_a_snippet_shows_no_block_id():
    assert snippet_text(CHUNK) == "We signed the lease with Ana.\r\nThe rent is 900 a month\nSee 2^10 and x ^y z.\n"
    result = {"rank": 1, "path": "Decisions.md", "lines": [1, 3], "score": 0.5, "channels": {}, "text": CHUNK}
    out = io.StringIO()
    render_results({"results": [result]}, Console(file=out, width=300))
    assert "^" not in out.getvalue().replace("2^10", "").replace("x ^y", ""), out.getvalue()
    assert "the lease with Ana. The rent is 900 a month See" in out.getvalue(), out.getvalue()


def test_the_answer_and_tasks_leave_it_out_through_the_same_function():
    from minirag_cli.answer import _clean_line
    from minirag_cli.frontmatter import without_block_ids
    from minirag_cli.tasks import tasks_of

    assert without_block_ids("pay rent ^rent") == "pay rent"
    assert _clean_line("Tobias grew up in Malmö. ^pref-tobias") == "Tobias grew up in Malmö."
    assert [t["text"] for t in tasks_of("a.md", ["- [ ] pay rent ^rent"])] == ["pay rent"]
