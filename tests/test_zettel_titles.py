"""A note named by its Zettelkasten ID alone (`202611031015.md`) and titled by its first line's
heading (`# Eigenvalues`), as Zettlr and The Archive write one (heuristic rules 17): the heading is
an alias of the note, so `[[Eigenvalues]]` joins it as `[[202611031015]]` does, and `mrag show
Eigenvalues` names it in its hint. Only such a note: a titled file name keeps its own name."""
from __future__ import annotations

import pytest

from minirag_cli import db
from minirag_cli.extract.heuristic import zettel_title
from minirag_cli.store.lookup import NotFound, show
from tests.conftest import write_notes
from tests.test_heuristic_rules16_zettel import _notes_of
from tests.test_heuristic_version import graph, sync

ZETTEL = "# Eigenvalues\n\nThe Hessian's eigenvalues decide the test.\n"


@pytest.mark.parametrize("path,text,title", [
    ("202611031015.md", ZETTEL, "Eigenvalues"),
    ("zk/20261103101500.md", "---\ntags: [linalg]\n---\n\n# Eigenvalues and eigenvectors #\n", "Eigenvalues and eigenvectors"),
    ("202611031015 Eigenvalues.md", "# Spectra\n", None),  # its file name titles it
    ("Eigen.md", ZETTEL, None),
    ("20261103.md", ZETTEL, None),  # a daily note's date, no ID
    ("202611031015.md", "Eigenvalues\n\n# Later heading\n", None),  # the first line is no heading
    ("202611031015.md", "## Eigenvalues\n", None),
])
def test_the_title_of_a_note_named_by_its_id_alone(path, text, title):
    assert zettel_title(path, text) == title


def test_a_link_to_its_heading_joins_the_note_and_show_names_it(tmp_path):
    root = tmp_path / "zk"
    write_notes(root, {"202611031015.md": ZETTEL, "Links.md": "See [[202611031015]] for the test.\n",
                       "Spectral.md": "The spectral theorem, see [[Eigenvalues]].\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "202611031015") == {"202611031015.md", "Links.md", "Spectral.md"}
    for typed in ("Eigenvalues", "[[eigenvalues]]"):
        with pytest.raises(NotFound, match="not an indexed document") as caught:
            show(conn, typed)
        assert "202611031015.md" in (caught.value.hint or ""), typed
    # retitled: the old heading joins it no longer, as a fresh sync has it
    write_notes(root, {"202611031015.md": "# Spectra\n\nThe Hessian's eigenvalues decide the test.\n"})
    sync(conn, [root])
    assert "Spectral.md" not in _notes_of(conn, "202611031015")
    with pytest.raises(NotFound) as caught:
        show(conn, "Eigenvalues")
    assert "202611031015.md" not in (caught.value.hint or "")
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)
