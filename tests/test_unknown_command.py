"""`mrag search …` (no such command) points to `mrag ask`, which searches the notes: it said only "No such
command 'search'." (qa51), typer's "Did you mean" finding nothing close."""

from __future__ import annotations

from tests.test_bad_input import run_mrag


def test_search_query_and_find_point_to_ask(mrag_bin, tmp_path):
    cases = ((["search", "Keller", "ablation", "--k", "5"], "search", "hint: mrag ask 'Keller ablation' --k 5"),
             (["--db", str(tmp_path / "x.sqlite"), "find", "what did Keller say?"], "find",
              f"hint: mrag --db {tmp_path / 'x.sqlite'} ask 'what did Keller say?'"),
             (["Query"], "Query", "hint: mrag ask QUESTION"))
    for args, word, hint in cases:
        r = run_mrag(mrag_bin, *args)
        lines = r.stderr.splitlines()
        assert r.returncode == 2 and r.stdout == "" and len(lines) == 2, (args, r.stderr)
        assert lines[0] == (f"error: No such command '{word}'. Did you mean 'ask'? `mrag ask QUESTION` searches the "
                            "notes (and answers, with a model)."), r.stderr
        assert lines[1] == hint, r.stderr
    # any other unknown command, and a group without ask, as before
    r = run_mrag(mrag_bin, "graph", "search", "x")
    assert r.returncode == 2 and r.stderr.splitlines()[0] == "error: No such command 'search'.", r.stderr
