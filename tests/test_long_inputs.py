"""Reading long runs of one character (blanks, titles, block openers) in time linear in the
text: each is read in a child process killed after a generous timeout, so a relapse fails here
instead of hanging the suite (a thread would not do: a regex holds the GIL throughout), and a
loaded CI machine does not fail it as a wall-clock bound would. Each input took the code before
well over its timeout."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def in_child(call: str, arg, timeout: float = 30):
    """`call` (an expression of `arg`, read from stdin as JSON) evaluated in a child process;
    its result (as JSON) returned, the test failed when it takes longer than `timeout` seconds."""
    code = (f"import json, sys\narg = json.load(sys.stdin)\n{call.split(':', 1)[0]}\n"
            f"print(json.dumps({call.split(':', 1)[1]}))")
    try:
        done = subprocess.run([sys.executable, "-c", code], input=json.dumps(arg), capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT, check=True)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{call} did not finish in {timeout} s")
    return json.loads(done.stdout)


def test_a_zettel_heading_with_a_long_run_of_blanks():
    # the title pattern's lazy `(.*?)` before `[ \t]+#+` tried every split of the blanks: > 120 s
    text = "# x" + " " * 50_000 + "y\n\nBody.\n"
    title = in_child("from minirag_cli.extract.heuristic import zettel_title:"
                     "zettel_title('202611031015.md', arg)", text)
    assert title == "x" + " " * 50_000 + "y"
    assert in_child("from minirag_cli.extract.heuristic import zettel_title:"
                    "zettel_title('202611031015.md', arg)", "# x" + " " * 50_000 + "#\n") == "x"


def test_an_org_title_with_a_long_run_of_blanks():
    # `[ \t]*(.*?)[ \t]*$`: 50,000 blanks took 16 s, these about a minute
    sp = " " * 100_000
    head = in_child("from minirag_cli.extract.orgmode import head:head(arg)", f"#+TITLE: x{sp}y{sp}\n#+DATE:{sp}\n")
    assert head == ["x" + sp + "y", ""]


def test_many_imperative_titles():
    # the word of each title searched in the whole text: 1,400 titles took 2.5 s, 7,000 about a minute
    text = "".join(f"# Rotate{i} keys now\n" for i in range(7_000)) + "Rotate3 the Keys. Then Rotate5 the Vault.\n"
    starts = in_child("from minirag_cli.extract.heuristic import _verb_titles:sorted(_verb_titles(arg))", text)
    assert starts == [2 + 3 * len("# Rotate0 keys now\n")]  # Rotate3's: a sentence writes it before `the`
    # a title before `the` and a capital is a verb's only when the text writes it so opening a sentence
    text = "# Rotate keys today\n# Deploy keys today\nRotate the Keys first. We Deploy the Vault.\n"
    assert in_child("from minirag_cli.extract.heuristic import _verb_titles:sorted(_verb_titles(arg))", text) == [2]


def test_many_unclosed_org_blocks():
    # a search for its `#+END_` after each `#+BEGIN_`: 8,333 begins took 3.4 s, 40,000 over a minute
    text = "#+begin_src\n" * 40_000 + "#+BEGIN_EXAMPLE\nx\n#+end_example\n"
    blocks = in_child("from minirag_cli.extract.mdcode import kind_blocks:kind_blocks(arg, 'org')", text)
    assert blocks == [[40_000 * 12, len(text) - 1]]
