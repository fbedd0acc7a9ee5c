"""Heuristic rules 19 (names18: qa30's leftovers, a researcher's paper notes and Jupyter notebooks): a
link to a notebook joins its note; a paper note's labels (`Authors:`, `Key idea:`), the word after a
citation opening a reading list's item (`- [ ] [@he2016] Deep residual learning`), a bracketed token
(`[MASK]`) and a sentence-case title ending in a citation (`# Decoupled weight decay (AdamW)
[@loshchilov2019]`) name nothing."""
from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.test_readers8_notebooks import md, notebook


def names(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text)}


NB = notebook([md("# Baseline run\n\nTrained the model for ten epochs.\n")])


@pytest.mark.parametrize("files,name", [
    ({"notebooks/01-baseline.ipynb": NB, "log.md": "See [the run](notebooks/01-baseline.ipynb#Results).\n"},
     "01-baseline"),
    ({"Sales EDA.ipynb": NB, "log.md": "Read [[Sales EDA.ipynb]] first.\n"}, "Sales EDA"),
    ({"nb/analysis.ipynb": NB, "log.md": "As [[analysis]] shows, it converged.\n"}, "analysis"),
])
def test_a_link_to_a_notebook_joins_its_note(tmp_path, files, name):
    """A link to a notebook (readers 8 reads it) joins its note as a link to a
    `.txt` note does: the notebook and the linking note share an entity, while
    the link is there (the notebook's file name names it only so, as a `.txt`
    note's). Under rules 18 the link was an attachment's and joined nothing."""
    from minirag_cli import db
    from minirag_cli.resolve import normalise_key
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    key = normalise_key(name, "name")
    root = tmp_path / "notes"
    write_notes(root, files)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, key) == set(files)
    (root / "log.md").write_text("Nothing links here.\n")
    sync(conn, [root])
    assert _notes_of(conn, key) == set()
    fresh = db.connect(tmp_path / "fresh.sqlite", create=True)
    sync(fresh, [root])
    assert graph(conn) == graph(fresh)


@pytest.mark.parametrize("text,gone,kept", [
    ("Authors: Ashish Vaswani, Noam Shazeer, Niki Parmar et al. NeurIPS 2017.\n",
     {"Authors"}, {"Ashish Vaswani", "Noam Shazeer", "Niki Parmar"}),
    ("- Reminders: call Jonas Berg\n", {"Reminders"}, {"Jonas Berg"}),
    ("Key idea: replace recurrence with self-attention.\n", {"Key idea", "Key"}, set()),
    ("**Key idea:** replace recurrence.\n- Open questions: does it scale?\n", {"Key idea", "Open questions"}, set()),
    # a plural not made with -s (revP: `Key people` was a name): irregular, -ies, -es
    ("Key people: Grace Hopper, Linus Torvalds.\n", {"Key people", "Key"}, {"Grace Hopper", "Linus Torvalds"}),
    ("Women: Ada Lovelace\nChildren: Tom Berg\n", {"Women", "Children"}, {"Ada Lovelace", "Tom Berg"}),
    ("Summaries: none yet\nOpen hypotheses: dropout helps\n", {"Summaries", "Open hypotheses"}, set()),
    # another last word, capitalised words, a name: named as before
    ("Flood alert: above 2.4 m\nVenue: the old mill\n", {"Venue"}, {"Flood alert"}),  # (Venue a field: rules 30)
    ("Key Ideas: replace recurrence.\n", set(), {"Key Ideas"}),
    ("Jonas: boat time\nThomas: rope\n", set(), {"Jonas", "Thomas"}),
])
def test_a_label_that_is_a_common_labels_plural_or_kind_names_nothing(text, gone, kept):
    found = names(text)
    assert not found & gone and kept <= found, found


@pytest.mark.parametrize("text,gone,kept", [
    ("# Reading list\n\n- [ ] [@srivastava2014] Dropout: a simple way to prevent overfitting\n"
     "- [x] [@vaswani2017] Attention is all you need\n- [ ] [@he2016] Deep residual learning\n",
     {"Dropout", "Deep", "Attention"}, {"srivastava2014", "vaswani2017", "he2016"}),
    ("[@he2016; @vaswani2017] Deep nets train well.\n", {"Deep"}, {"he2016", "vaswani2017"}),
    # a name there is one as after a list item's marks: capitalised mid-sentence too, or longer
    ("- [@he2016] Kaiming Zhou wrote it.\n", set(), {"Kaiming Zhou", "he2016"}),
    ("- [@he2016] Residual nets.\nWe use Residual blocks.\n", set(), {"Residual"}),
])
def test_the_word_after_a_citation_opening_an_item_starts_a_sentence(text, gone, kept):
    found = names(text)
    assert not found & gone and kept <= found, found


@pytest.mark.parametrize("text,gone,kept", [
    ("Masked language modelling: 15% of tokens, of which 80% become [MASK].\n", {"MASK"}, set()),
    ("Prepend [CLS] and end with [SEP]; see the [REDACTED] part.\n", {"CLS", "SEP", "REDACTED"}, set()),
    # the text writes it bare too, or links it: a name as before
    ("They [NASA] said it. Then NASA launched.\n", set(), {"NASA"}),
    ("See [NASA].\n\n[NASA]: https://nasa.gov\n", set(), {"NASA"}),
    ("See [NASA](https://nasa.gov) now.\n", set(), set()),
])
def test_an_all_capitals_word_written_only_in_brackets_names_nothing(text, gone, kept):
    found = names(text)
    assert not found & gone and kept <= found, found


def test_a_sentence_case_title_ending_in_a_citation_opens_a_sentence():
    body = "AdamW decouples weight decay from the gradient update.\n"
    assert "Decoupled" not in names("# Decoupled weight decay (AdamW) [@loshchilov2019]\n\n" + body)
    assert "Decoupled" not in names("# Decoupled weight decay [@loshchilov2019]\n\n" + body)
    # with no evidence the word is common it names as before (rules 18, docs3)
    assert "Hamburg" in names("# Hamburg trip (summer) [@me2026]\n\nWe flew in.\n")
