"""Readers 8 (qa30, a data scientist's research folder): a Jupyter notebook
(`.ipynb`) is a note, read as its cells (notekinds.notebook_text): Markdown
cells as written, code cells as fenced code, outputs' text as a ```text
block; images, HTML and tracebacks never. Before, the sync skipped every
notebook, `not a note file (.ipynb)`: "which notebook trained the baseline
with learning rate 3e-4?" found only the log that mentioned it. A malformed
notebook is skipped with the reason, never a traceback."""

from __future__ import annotations

import base64
import json
import subprocess

import pytest

from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.integrity import verify_index
from minirag_cli.options import SyncOptions
from minirag_cli.store.lookup import show
from minirag_cli.sync import sync_folders
from tests.conftest import write_notes

PNG = base64.b64encode(bytes(range(256)) * 4).decode()
HTML_TABLE = '<table border="1" class="dataframe"><tr><td>Nordics</td><td>1204.5</td></tr></table>'


def lines(text: str) -> list[str]:
    """Text as nbformat 4 writes a cell's source: its lines, each with its line end."""
    return text.splitlines(keepends=True)


def notebook(cells: list[dict], language: str = "python") -> str:
    """A notebook as Jupyter saves it (nbformat 4.5, indented, ids on cells)."""
    for i, cell in enumerate(cells):
        cell.setdefault("id", f"cell{i}")
        cell.setdefault("metadata", {})
    return json.dumps({"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": language, "name": "python3"},
        "language_info": {"name": language, "version": "3.11.6"}}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def md(text):
    return {"cell_type": "markdown", "source": lines(text)}


def code(text, *outputs, n=1):
    return {"cell_type": "code", "execution_count": n, "source": lines(text), "outputs": list(outputs)}


BASELINE = notebook([
    md("# Baseline transformer\n\nAdam optimizer, learning rate **3e-4**, suggested by Maria Oyelaran."),
    code("LR = 3e-4\nopt = Adam(model.parameters(), lr=LR)"),
    code("history = train(model, opt)",
         {"output_type": "stream", "name": "stdout",
          "text": ["\x1b[32mepoch 1\x1b[0m loss 0.69\n", "final val acc 0.8843\n"]},
         {"output_type": "stream", "name": "stderr", "text": ["  0%|   | 0/10\r 50%|#  | 5/10\r100%|##| 10/10\n"]}, n=2),
    code("plt.plot(history['loss'])",
         {"output_type": "execute_result", "execution_count": 3, "metadata": {},
          "data": {"text/plain": ["[<matplotlib.lines.Line2D at 0x7f3a2c1d0>]"]}},
         {"output_type": "display_data", "metadata": {},
          "data": {"image/png": PNG, "text/plain": ["<Figure size 640x480 with 1 Axes>"]}}, n=3),
    code("sales.head()",
         {"output_type": "execute_result", "execution_count": 4, "metadata": {},
          "data": {"text/html": [HTML_TABLE], "text/plain": ["    region  revenue\n", "0  Nordics   1204.5"]}}, n=4),
    code("df = load('sales_2026q2.csv')",
         {"output_type": "error", "ename": "FileNotFoundError", "evalue": "No such file: 'sales_2026q2.csv'",
          "traceback": ["\x1b[0;31m-----------\x1b[0m", "\x1b[0;31mFileNotFoundError\x1b[0m Traceback (most recent call last)",
                        "Cell \x1b[0;32mIn[5], line 1\x1b[0m"]}, n=5),
    {"cell_type": "raw", "source": ["\\begin{table}\n", "\\end{table}"]},
    md("## Result\n\nThe baseline reaches 88.4% validation accuracy."),
])

BASELINE_TEXT = """\
# Baseline transformer

Adam optimizer, learning rate **3e-4**, suggested by Maria Oyelaran.

```python
LR = 3e-4
opt = Adam(model.parameters(), lr=LR)
```

```python
history = train(model, opt)
```

```text
epoch 1 loss 0.69
final val acc 0.8843
100%|##| 10/10
```

```python
plt.plot(history['loss'])
```

```python
sales.head()
```

```text
    region  revenue
0  Nordics   1204.5
```

```python
df = load('sales_2026q2.csv')
```

```text
FileNotFoundError: No such file: 'sales_2026q2.csv'
```

```
\\begin{table}
\\end{table}
```

## Result

The baseline reaches 88.4% validation accuracy.
"""


def test_a_notebook_is_read_as_its_cells_code_fenced_and_its_outputs_text():
    from minirag_cli.notekinds import notebook_text

    text = notebook_text(BASELINE)
    assert text == BASELINE_TEXT
    # never the image's base64, the HTML, the traceback's ANSI colours nor a figure's repr
    for absent in (PNG[:40], "<table", "\x1b", "Traceback", "<Figure", "Line2D", "execution_count"):
        assert absent not in text


def test_a_notebook_reads_its_odd_but_valid_shapes():
    from minirag_cli.notekinds import NOTEBOOK_OUTPUT_CHARS, NOTEBOOK_OUTPUT_LINES, notebook_text

    # a source written as one string (nbformat allows it), R's kernel, a code cell holding a fence
    assert notebook_text(notebook([code("x <- c(1, 2)\n# ```not a fence```\n```"), md("Done.")], language="R")) == (
        "````R\nx <- c(1, 2)\n# ```not a fence```\n```\n````\n\nDone.\n")
    # a Markdown cell's fence left open ends with its cell, not in the next cells (Jupyter renders each alone)
    assert notebook_text(notebook([md("Run:\n```bash\nmake"), md("Priya Raman ran it.")])) == (
        "Run:\n```bash\nmake\n```\n\nPriya Raman ran it.\n")
    # a training loop's thousand lines: the first ones and a count
    loop = code("train()", {"output_type": "stream", "name": "stdout",
                            "text": [f"step {i}\n" for i in range(1000)]})
    text = notebook_text(notebook([loop]))
    assert f"step {NOTEBOOK_OUTPUT_LINES - 1}\n" in text and f"step {NOTEBOOK_OUTPUT_LINES}\n" not in text
    assert f"... ({1000 - NOTEBOOK_OUTPUT_LINES} more lines of output)" in text
    # a printed array of 100,000 numbers on one line: its start, then the lines after it counted
    wide = code("x", {"output_type": "execute_result", "data": {"text/plain": ["[" + ", ".join(["0.5"] * 20000) + "]\n", "done"]}})
    text = notebook_text(notebook([wide]))
    assert len(text) < NOTEBOOK_OUTPUT_CHARS + 100 and "0.5, 0.5, ...\n... (1 more line of output)\n```" in text, text[-80:]
    # empty file, empty notebook, a code cell never run and empty: no text
    assert notebook_text("") == notebook_text(notebook([])) == notebook_text(notebook([code("")])) == ""
    # nbformat 3 (IPython 2): worksheets, heading cells, a code cell's `input`, pyout's text beside no image
    v3 = {"nbformat": 3, "metadata": {"name": ""}, "worksheets": [{"cells": [
        {"cell_type": "heading", "level": 2, "source": ["Churn model"]},
        {"cell_type": "code", "language": "python", "input": ["auc(y, p)"], "prompt_number": 1,
         "outputs": [{"output_type": "pyout", "prompt_number": 1, "text": ["0.9132"], "metadata": {}},
                     {"output_type": "display_data", "png": PNG, "text": ["<matplotlib.figure.Figure at 0x10>"]}]},
    ]}]}
    assert notebook_text(json.dumps(v3)) == "## Churn model\n\n```python\nauc(y, p)\n```\n\n```text\n0.9132\n```\n"


@pytest.mark.parametrize("text, reason", [
    ('{"cells": [{"cell_type": "markdown", "source": ["half saved', "malformed notebook: not JSON (line 1, column 49)"),
    ("[1]", "malformed notebook: not a JSON object"),
    ('{"metadata": {}, "nbformat": 4}', 'malformed notebook: no "cells"'),
    ('{"cells": {"a": 1}}', 'malformed notebook: "cells" is not a list of objects'),
    ('{"cells": [{"cell_type": "markdown", "source": 42}]}', 'malformed notebook: a "source" that is not text'),
    ('{"cells": [{"cell_type": "code", "source": "x", "outputs": "none"}]}',
     'malformed notebook: "outputs" is not a list of objects'),
])
def test_a_malformed_notebook_says_why(text, reason):
    from minirag_cli.notekinds import MalformedNote
    from minirag_cli.readers import read_text

    with pytest.raises(MalformedNote) as caught:
        read_text("analysis.ipynb", text)
    assert str(caught.value) == reason


def sync(conn, root):
    return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor())


def test_a_notebook_is_indexed_shown_by_its_lines_and_a_malformed_one_is_skipped(tmp_path, conn):
    """Every notebook was skipped, `not a note file (.ipynb)`: the folder's
    analyses were not searched at all."""
    root = tmp_path / "research"
    write_notes(root, {
        "notebooks/01-baseline.ipynb": BASELINE,
        "notebooks/02-broken.ipynb": '{"cells": [',
        "notebooks/03-new.ipynb": notebook([]),
        "notebooks/.ipynb_checkpoints/01-baseline-checkpoint.ipynb": BASELINE,  # Jupyter's autosave: hidden
        "log.md": "Ran the baseline notebook.\n",
    })
    s = sync(conn, root)
    assert set(s.added_paths) == {"notebooks/01-baseline.ipynb", "notebooks/03-new.ipynb", "log.md"}, s.skipped
    assert s.skipped == [{"path": "notebooks/02-broken.ipynb",
                          "reason": "malformed notebook: not JSON (line 1, column 12)"}], s.skipped
    assert s.warnings == [{"path": "notebooks/03-new.ipynb",
                           "reason": "no text in it (no cell with text) (indexed with no chunks)"}]
    assert show(conn, "notebooks/01-baseline.ipynb")["text"] == BASELINE_TEXT
    # a line number is a line of the read text (the JSON holds the whole cell on a few lines)
    assert "final val acc 0.8843" in show(conn, "notebooks/01-baseline.ipynb:15")["text"]
    chunks = "\n".join(t for (t,) in conn.execute("SELECT text FROM chunks"))
    assert "learning rate **3e-4**" in chunks and PNG[:40] not in chunks and "<table" not in chunks
    # the narrative's names are names; the code's and the outputs' are not (fenced: code)
    keys = {k for (k,) in conn.execute("SELECT key FROM entities")}
    assert "mariaoyelaran" in keys and not keys & {"nordics", "adam(model.parameters", "filenotfounderror"}
    assert verify_index(conn) == []


def test_a_malformed_notebook_is_a_skipped_line_not_a_traceback(tmp_path, mrag_bin):
    root, index = tmp_path / "research", tmp_path / "index.sqlite"
    write_notes(root, {"a.ipynb": "{", "b.md": "Some note.\n"})
    from tests.test_bad_input import mrag_env

    r = subprocess.run([mrag_bin, "--db", str(index), "sync", str(root), "--json"], env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert json.loads(r.stdout)["skipped"] == [{"path": "a.ipynb",
                                                "reason": "malformed notebook: not JSON (line 1, column 2)"}]
    r = subprocess.run([mrag_bin, "--db", str(index), "show", str(root / "a.ipynb")], env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and "malformed notebook" in r.stderr and "Traceback" not in r.stderr, r.stderr


def plots_notebook(n: int, text: str = "# Residual plots\n\nResiduals of the churn model by region.") -> str:
    """A notebook of a Markdown cell and `n` plots of 400 kB of base64 each, as matplotlib leaves them."""
    png = base64.b64encode(bytes(range(256)) * 1172).decode()  # 400,000 characters
    return notebook([md(text)] + [code(f"plot({i})", {"output_type": "display_data", "metadata": {}, "data": {
        "image/png": png, "text/plain": ["<Figure size 640x480 with 1 Axes>"]}}, n=i) for i in range(n)])


def aged(path, seconds: float = 60) -> None:
    """The file's mtime `seconds` ago: a file just written is never recorded as looked at (walk.LOOKED_RACY_SECONDS)."""
    import os
    import time

    os.utime(path, (time.time() - seconds, time.time() - seconds))


@pytest.fixture
def parsed(monkeypatch):
    """The notebooks the readers parse (notekinds.notebook_text called on their text), as a list."""
    from minirag_cli import notekinds, readers

    calls, real = [], notekinds.notebook_text
    monkeypatch.setattr(readers, "notebook_text", lambda text: calls.append(len(text)) or real(text))
    return calls


def test_a_notebook_of_plots_over_the_size_limit_is_indexed(tmp_path, conn):
    """A notebook of 20 plots is 8 MB of base64 around a few kB of text: the size limit (5 MB)
    counted its file, so it was skipped (`larger than the size limit`) though nothing of its images is
    read. The limit holds its text; a note of text over it is skipped as before."""
    root = tmp_path / "research"
    write_notes(root, {"gallery.ipynb": plots_notebook(20), "log.md": "Plotted the residuals.\n"})
    assert (root / "gallery.ipynb").stat().st_size > 8_000_000
    s = sync(conn, root)
    assert s.added_paths == ["gallery.ipynb", "log.md"] and s.skipped == [], s.skipped
    assert "Residuals of the churn model by region." in show(conn, "gallery.ipynb")["text"]
    chunks = "\n".join(t for (t,) in conn.execute("SELECT text FROM chunks"))
    assert "plot(19)" in chunks and "AAECAwQF" not in chunks and "<Figure" not in chunks
    write_notes(root, {"big.md": "Residuals.\n" * 50_000})  # 550 kB of text: over a limit of 500 kB
    s = sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                     options=SyncOptions(max_bytes=500_000))
    assert s.skipped == [{"path": "big.md", "reason": "larger than the size limit (550000 > 500000 bytes)"}], s.skipped
    assert s.unchanged == 2, s


def test_a_notebook_whose_text_is_over_the_limit_is_skipped_with_the_reason(tmp_path, conn, parsed):
    """The limit holds a notebook's text: one over it is skipped with the reason (its size as read,
    images not counted), and not parsed again while it is as it is. Another limit reads it anew: a
    higher one lets it in, a lower one drops it again (an unchanged note is not read, so the limit
    given lower reads the notebooks whose file is over it)."""
    from minirag_cli.errors import MragError
    from minirag_cli.notekinds import notebook_text

    root = tmp_path / "research"
    text = "# Churn analysis\n\n" + "The churn model's residuals by region, week by week.\n" * 120
    write_notes(root, {"churn.ipynb": plots_notebook(0, text), "log.md": "Ran the churn notebook.\n"})
    aged(root / "churn.ipynb")
    size = len(notebook_text((root / "churn.ipynb").read_text(encoding="utf-8")).encode())
    assert 4000 < size < (root / "churn.ipynb").stat().st_size < 10000
    parsed.clear()  # (that read)

    def sync_at(limit):
        return sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                            options=SyncOptions(max_bytes=limit))

    over = {"path": "churn.ipynb", "reason": f"its text is larger than the size limit ({size} > 4000 bytes, "
                                             "its images not counted: --max-bytes N lets it in)"}
    s = sync_at(4000)
    assert s.added_paths == ["log.md"] and s.skipped == [over] and len(parsed) == 1, (s.skipped, parsed)
    s = sync_at(4000)  # as it was: passed over unopened, for the reason recorded
    assert s.skipped == [over] and len(parsed) == 1, parsed
    with pytest.raises(MragError) as caught:  # `mrag show` says why, and how to have it read
        show(conn, str(root / "churn.ipynb"))
    assert "its text is larger" in str(caught.value) and "--max-bytes N" in caught.value.hint, caught.value.hint
    s = sync_at(10000)
    assert s.added_paths == ["churn.ipynb"] and s.skipped == [], s.skipped
    s = sync_at(4000)
    assert s.removed_paths == ["churn.ipynb"] and s.skipped == [over], s.skipped
    assert verify_index(conn) == []


def test_a_notebook_over_the_ceiling_is_skipped_unparsed(tmp_path, conn, parsed):
    """Parsing a notebook's JSON takes three times its file in memory: one over NOTEBOOK_CEILING
    times the limit is skipped unopened, the reason saying why and what to do, and `mrag show`
    says how to have it read."""
    from minirag_cli.errors import MragError

    root = tmp_path / "research"
    write_notes(root, {"gallery.ipynb": plots_notebook(1), "log.md": "Plotted the residuals.\n"})
    size = (root / "gallery.ipynb").stat().st_size
    s = sync_folders(conn, [root], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                     options=SyncOptions(max_bytes=10000))
    assert s.skipped == [{"path": "gallery.ipynb", "reason": (
        f"larger than a notebook's size ceiling ({size} > 200000 bytes, 20 times the size limit: its JSON is "
        "not parsed; clear its outputs, or raise --max-bytes, to have it read)")}], s.skipped
    assert parsed == []
    with pytest.raises(MragError) as caught:
        show(conn, str(root / "gallery.ipynb"))
    assert "size ceiling" in str(caught.value) and "--clear-output" in caught.value.hint, caught.value.hint


def test_eval_says_why_a_golden_path_is_not_in_the_index(tmp_path, mrag_bin):
    """A golden set naming a script or a notebook the sync skipped warned only `is not in the
    index`: the user could not tell a typo from a file mrag does not read."""
    from tests.test_bad_input import mrag_env

    root, index = tmp_path / "research", tmp_path / "index.sqlite"
    write_notes(root, {"scripts/load_sales.py": "import pandas as pd\n", "log.md": "Loaded the sales csv.\n"})
    golden = tmp_path / "golden.jsonl"
    golden.write_text(json.dumps({"id": "q1", "query": "where did I load the sales csv?",
                                  "expected": ["log.md", "scripts/load_sales.py"]}) + "\n"
                      + json.dumps({"id": "q2", "query": "sales loader",
                                    "expected": [str(root / "scripts/load_sales.py"), "log.md"]}) + "\n"
                      + json.dumps({"id": "q3", "query": "typo", "expected": ["lgo.md", "log.md"]}) + "\n",
                      encoding="utf-8")
    r = subprocess.run([mrag_bin, "--db", str(index), "sync", str(root)], env=mrag_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([mrag_bin, "--db", str(index), "eval", str(golden), "--mode", "bm25", "--json"],
                       env=mrag_env(), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert json.loads(r.stdout)["unknown_paths"] == [
        {"line": 1, "id": "q1", "path": "scripts/load_sales.py", "skipped": "not a note file (.py)"},
        {"line": 2, "id": "q2", "path": str(root / "scripts/load_sales.py"), "skipped": "not a note file (.py)"},
        {"line": 3, "id": "q3", "path": "lgo.md"}]
    assert ("scripts/load_sales.py is not in the index (left out of scoring); the last sync skipped it: "
            "not a note file (.py)") in " ".join(r.stderr.split())
