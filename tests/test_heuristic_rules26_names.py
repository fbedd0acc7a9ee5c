"""Heuristic rules 26 (names26: qa's PhD student's vault). After a sync, `mrag entities` held junk that also seeded
the graph walk: a research log's verb opening a sentence glued to the name after it (`Promised Chiara`, `Suggested
RMSNorm`, `Introduces the Transformer`), an outline's section titles (`- 3.1 Problem statement` named Problem), a paper's
`Table 1` (Table), a `.bib` author `He, Di` (Di), `Post-LN-like`, and a paper note's labels (`Abstract:`, `Main
claim:`, `Metric:`, `Lecturer:`). Each through a real sync of a folder, as `mrag sync` runs it, with look-alikes that
must name as they did."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import VERSION
from tests.conftest import synced_entities, synced_names


synced = synced_names  # (tests/conftest.py)


def test_the_rules_are_26():
    assert VERSION >= 26


# 1. a research log's verbs open no name of one word (ONE_NAME_VERBS), a verb's label with `the` is a sentence
@pytest.mark.parametrize("text,names", [
    ("Lab meeting in the morning. Promised Chiara the warmup code.\n", {"Chiara"}),
    ("- Suggested RMSNorm as an additional arm (30 Nov).\n", {"RMSNorm", "30 Nov"}),
    ("Recommended RMSNorm paper (Zhang & Sennrich 2019).\n", {"RMSNorm", "Sennrich"}),
    # look-alikes: names as before
    ("Watched Winnie the Pooh with Emma.\n", {"Winnie the Pooh", "Emma"}),
    ("Promised Chiara Esposito a review.\n", {"Chiara Esposito"}),
    ("Met Jürgen. He suggested adding RMSNorm as a third arm.\n", {"Jürgen", "RMSNorm"}),
])
def test_a_verb_opening_a_sentence_is_no_part_of_the_name(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 2. a number with a dot before a list item's or a heading's first word leaves it a name (fixN, review revC: names26's
# _SECTION_NUMBER made it a sentence's first word, which lost every film, shop, person, place a list scores or times)
@pytest.mark.parametrize("text,names", [
    ("# Films 2026\n\n- 4.5 Arrival\n- 3.5 Parasite\n- 2.5 Cars\n", {"Films", "Arrival", "Parasite", "Cars"}),
    ("# Expenses\n\n- 4.5 Tesco meal deal\n- 2.8 Pret coffee\n- 9.9 Uber to Shoreditch\n",
     {"Expenses", "Tesco", "Pret", "Uber", "Shoreditch"}),
    ("- 1.5 Priya onboarding\n- 0.5 Marco sync\n", {"Priya", "Marco"}),
    ("- 5.2 Bath loop with Tom\n", {"Bath", "Tom"}),
    ("- 2.1.3 Stripe integration\n- 1.4 Postgres migration\n", {"Stripe", "Postgres"}),
    ("# Geburtstage\n\n- 7.4 Jonas\n- 1.5 Sebastian\n", {"Geburtstage", "Jonas", "Sebastian"}),
    ("# Thesis outline\n\n## 1.1 Berlin\n", {"Thesis", "Berlin"}),
    ("- 10.30 Priya arrived\n", {"Priya"}),
    # the price of keeping them: an outline's section title names its first word, as before rules 26
    ("   - 3.1 Problem statement — needs rewriting\n", {"Problem"}),
])
def test_a_number_before_a_list_item_leaves_its_name(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 2b. a label with `the` is one name, a verb's too (fixN, review revC: names26 read `Alfred the Great:` as a verb's
# sentence, VERB_NAME, and named nothing; `Charles the Bald:` named Bald)
@pytest.mark.parametrize("text,names", [
    ("Alfred the Great: king of Wessex, fought the Danes.\n", {"Alfred the Great", "Wessex", "Danes"}),
    ("Charles the Bald: grandson of Charlemagne.\n", {"Charles the Bald", "Charlemagne"}),
    ("Meet the Parents: watched with Tom, very funny.\n", {"Meet the Parents", "Tom"}),
    ("Introducing the Beatles: first US album.\n", {"Introducing the Beatles", "US"}),
    ("Finding the Mother Tree: Suzanne Simard, loved it.\n", {"Finding the Mother Tree", "Suzanne Simard"}),
    ("## Summary\nIntroduces the Transformer: encoder-decoder built only from attention.\n",
     {"Introduces the Transformer", "Transformer"}),
])
def test_a_label_with_the_is_one_name(tmp_path, text, names):
    assert names <= synced(tmp_path, {"note.md": text})  # (its words after `the` name too, as before rules 26)


# 3. a paper's part before its number names nothing, mid-sentence too
@pytest.mark.parametrize("text,names", [
    ("- Table 2 compares BLEU on WMT14.\n- Ours vs Baseline in their Table 1: fewer steps.\n",
     {"BLEU", "WMT14", "Baseline"}),
    ("The proof is in their Appendix 2, see Theorem 1 and Figure 3.\n", set()),
    # look-alikes: a name with such a word, no number after it
    ("Dinner at the Round Table with Arthur.\n", {"Round Table", "Arthur"}),
])
def test_a_paper_s_part_before_its_number_names_nothing(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 4. a `.bib` author whose last name is a common word (`He, Di`) is that person, whole
def test_a_bib_author_is_a_person_whole(tmp_path):
    bib = ("@inproceedings{xiong2020layernorm,\n  title={On Layer Normalization in the Transformer Architecture},\n"
           "  author={Xiong, Ruibin and He, Di and Liu, Tie-Yan},\n  year={2020}\n}\n")
    names = synced(tmp_path, {"refs.bib": bib})
    assert {"Ruibin Xiong", "Di He", "Tie-Yan Liu"} <= names
    assert "Di" not in names


@pytest.mark.parametrize("text,names", [
    ("# Reading\n\nauthor: Jimmy Lei Ba and Geoffrey E. Hinton\n", {"Jimmy Lei Ba", "Geoffrey E. Hinton", "Reading"}),
    ("# Reading\n\nAuthors: Vaswani et al. and Di He\n", {"Di He", "Reading"}),
])
def test_an_author_line_names_as_before(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 4b. an author line's name after a person's title is read as a front matter author's is, the title dropped: the
# person the notes name (fixN, review revC: names26 named `Dr. Sarah Chen`, `Prof. Tim Lee`, apart from them)
def test_an_author_line_s_titled_name_is_the_notes_person(tmp_path):
    entities = synced_entities(tmp_path, {
        "paper.md": "# Attention paper\n\nAuthor: Dr. Sarah Chen, Prof. Tim Lee\n\nKey idea: sparse attention.\n",
        "meeting.md": "# Meeting 2026-11-03\n\nMet Sarah Chen about the results. Dr. Chen wants a rerun.\n"
                      "Tim Lee joined later.\n"})
    people = {name for name, kind in entities if "Chen" in name or "Lee" in name}
    assert people == {"Sarah Chen", "Tim Lee"}
    assert {("Sarah Chen", "person"), ("Tim Lee", "person")} <= entities


@pytest.mark.parametrize("head", ["# Clippings\n\nAuthor: Mr. Smith\n", "---\nauthor: Mr. Smith\n---\n# Clippings\n"])
def test_an_author_line_names_as_a_front_matter_author(tmp_path, head):
    entities = synced_entities(tmp_path, {"b.md": head + "\nSummary of the piece.\n",
                                          "c.md": "# Book club\n\nMr. Smith brought cake.\n"})
    assert {name for name, _kind in entities if "Smith" in name} == {"Smith"}
    assert ("Smith", "person") in entities


@pytest.mark.parametrize("text,names", [
    ("# Reading list\n\nAuthor: The Economist\nAuthor: Will Power and Grace Hopper\n",
     {"Reading", "Economist", "Will Power", "Grace Hopper"}),
    ("# Reading list\n\nAuthor: An Nguyen\n", {"Reading", "An Nguyen"}),  # a given name, no article
])
def test_an_author_line_s_article_is_no_part_of_the_name(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names


# 5. a suffix that makes an adjective of a name is no part of it
def test_like_after_a_name_is_no_part_of_it(tmp_path):
    text = "Best so far with Post-LN-like settings. Post-LN diverged twice. We used a Python-based tool.\n"
    assert synced(tmp_path, {"note.md": text}) == {"Post-LN", "Python"}


# 6. a paper note's labels and a course's roles name nothing; their values name as before
def test_a_paper_note_s_labels_name_nothing(tmp_path):
    text = ("# Layer norm\n\nAbstract: training deep networks is expensive.\n\nMain claim: Pre-LN Transformer"
            " trains without warmup.\n\nMetric: validation perplexity.\nSizes: 25M, 85M.\n\n"
            "Lecturer: Prof. Keller. Other TA: Tobias Brandt.\n")
    names = synced(tmp_path, {"note.md": text})
    assert not names & {"Abstract", "Main claim", "Metric", "Sizes", "Lecturer"}
    assert {"Pre-LN Transformer", "Keller", "Tobias Brandt"} <= names


# 7. a `# ` title's first word that says how often a meeting comes names nothing; a title's name stays one
@pytest.mark.parametrize("text,names", [
    ("# Weekly meeting with Prof. Keller\n\nAttendees: Prof. Keller, me\n", {"Keller"}),
    ("# Monthly report for Acme\n", {"Acme"}),
    ("# Hamburg trip\n\nWe flew in.\n", {"Hamburg"}),
])
def test_a_title_s_period_word_names_nothing(tmp_path, text, names):
    assert synced(tmp_path, {"note.md": text}) == names
