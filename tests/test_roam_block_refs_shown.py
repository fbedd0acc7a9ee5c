"""Review revW: a Roam page's block reference, `((Xy7Zq1w2e))`, which its Markdown export does not resolve, was
shown as written in a snippet and the answer's source lines when its chunk (its line) held no `{{...}}` component,
and as `[block ref]` when it held one. It is `[block ref]` in any chunk or line of an outline (extract.roam.shown);
prose that is no Roam page's keeps its parentheses."""

from __future__ import annotations

from minirag_cli.answer import _clean_line
from minirag_cli.format import snippet_text
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync
from tests.test_tasks import run

PAGE = ("- {{[[TODO]]}} Write the runbook for [[Project Atlas]]\n"
        + "".join(f"- Standup note {i}: the deploy train moves on schedule this week\n" for i in range(12))
        + "- Lunch with [[Marcus Webb]] about ((Xy7Zq1w2e)) and the quarterly budget\n"
        + "    - he agreed, see ((k3Jd9aPq2))\n")


def test_a_roam_block_ref_is_shown_as_such_in_a_chunk_without_components(tmp_path, capsys, monkeypatch):
    root = tmp_path / "roam"
    write_notes(root, {"November 3rd, 2026.md": PAGE})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "ask", "lunch quarterly budget Marcus", "--no-answer",
                         "-k", "1")
    assert code == 0, err
    assert "Lunch with [[Marcus Webb]] about [block ref] and the quarterly budget" in out, out
    assert "((" not in out and "{{" not in out, out
    assert _clean_line("- Lunch with [[Marcus Webb]] about ((Xy7Zq1w2e))") == "- Lunch with [[Marcus Webb]] about [block ref]"
    assert _clean_line("    - he agreed, see ((k3Jd9aPq2))") == "- he agreed, see [block ref]"


def test_prose_keeps_its_parentheses():
    for text in ("Dear team, see ((k3Jd9aPq2)) above.", "# Notes\n\n- see ((k3Jd9aPq2))\nA line of prose.\n",
                 "- see ((important)) and ((2026-11-03))"):
        assert snippet_text(text) == text
    assert _clean_line("Dear team, see ((k3Jd9aPq2)) above.") == "Dear team, see ((k3Jd9aPq2)) above."
