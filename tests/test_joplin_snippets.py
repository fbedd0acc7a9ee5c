"""Review revP, finding 5: a Joplin sync target's note (`973f….md`) keeps
of its metadata the line that dates it (`user_created_time: …Z`) and a
to-do's `is_todo:`, `todo_due:`, `todo_completed:` (notekinds.joplin_note),
and `ask`'s snippets ended with them (`... Cost 240 euros.
user_created_time: 2026-10-14T09:30:00.000Z`, a to-do's `is_todo: 1 todo_due: 0
todo_completed: 0`), as did the answer's sources. They are left out of both,
as a front matter block is (notekinds.joplin_kept_line); the same lines in
another note are its words; `--json` keeps the chunk's text whole."""

from __future__ import annotations

import io

from rich.console import Console

from minirag_cli import answer as ans
from minirag_cli.format import render_results, snippet_text
from minirag_cli.notekinds import joplin_note
from tests.test_joplin_raw import NOTE_ID, TODO, TODO_ID

READ = joplin_note(f"{TODO_ID}.md", TODO)  # the to-do as the sync reads it: title, body, kept lines
METADATA = ["is_todo: 1", "todo_due: 1795858200000", "todo_completed: 0", "user_created_time: 2026-10-14T09:30:00.000Z"]


def test_the_read_note_holds_the_kept_lines():  # what the other tests take out: there to take out
    assert [line for line in READ.splitlines() if line in METADATA] == METADATA


def test_a_snippet_shows_no_joplin_metadata():
    shown = " ".join(snippet_text(READ, path=f"{TODO_ID}.md").split())
    assert shown == ("Renew passport The Vaillant boiler was serviced by Karl Brenner from HeatFix GmbH. "
                     "![boiler.jpg](:/a62877e0bbc86e1a9d18084351f9ed94)")
    result = {"rank": 1, "path": f"sub/{TODO_ID}.md", "lines": [1, 24], "score": 0.5, "channels": {}, "text": READ}
    out = io.StringIO()
    render_results({"results": [result]}, Console(file=out, width=400))
    assert "HeatFix GmbH." in out.getvalue() and "is_todo" not in out.getvalue(), out.getvalue()
    assert "user_created_time" not in out.getvalue(), out.getvalue()
    # the same lines in a note not named by a Joplin id are its words; a chunk of the lines alone shows them
    assert "todo_due: 1795858200000" in snippet_text(READ, path="Passport.md")
    assert snippet_text("\n".join(METADATA), path=f"{NOTE_ID}.md") == "\n".join(METADATA)


def test_the_answer_sources_hold_no_joplin_metadata():
    result = {"rank": 1, "chunk_id": 7, "path": f"{TODO_ID}.md", "lines": [1, len(READ.splitlines())], "text": READ}
    heads = {7: "created: 2026-10-14 09:30"}  # the header's head (store.note_heads), which dates the source
    lines = READ.splitlines()
    question = "when is the passport to-do due? user_created_time todo_due is_todo"
    for options in (ans.AnswerOptions(lines=None), ans.AnswerOptions(lines=30),
                    ans.AnswerOptions(lines=30, context=None)):
        got = ans.make_sources(question, [result], note_heads=heads, options=options,
                               note_lines=lambda keys: {k: lines for k in keys})
        assert "Renew passport" in got[0]["text"], options
        assert not any(m.split(":")[0] in got[0]["text"] for m in METADATA), (options, got[0]["text"])
