"""Heuristic rules 21 (fixT2): a TiddlyWiki table's header cells, `|!Ingredient |!Grams |` (`!` opens a header
cell; no `|---|` line follows), named Ingredient and Grams, and the rows below it were no table's body. A `!`
cell's first word starts a sentence, as a Markdown header cell's does, and a row of them is a header row: the
rows below it are its body (a column of names, `|!Owner |`, holds values). Prose with a `|!` in it reads as before."""

from __future__ import annotations

import sqlite3

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

PANCAKES = """created: 20261103091500000
title: Pancakes
tags: recipes
type: text/vnd.tiddlywiki

My pancakes, from Oma Hilde.

|!Ingredient |!Grams |
|Flour |250 |
|Milk |500 |

|!Chore |!Owner |
|Washing up |Marta |
|!Shopping |Henrik |
"""


def names_of(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text)}


def test_a_tiddlywiki_tables_header_cells_name_nothing(tmp_path):
    write_notes(tmp_path / "notes", {"tiddlers/Pancakes.tid": PANCAKES})
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    conn = sqlite3.connect(db)
    try:
        names = {n for (n,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    assert not names & {"Ingredient", "Grams", "Chore", "Owner", "Shopping"}, names
    # a body cell names as a Markdown table's does; an `|!Owner |` column's cells are values (its people)
    assert {"Oma Hilde", "Marta", "Henrik", "Flour", "Milk"} <= names, names


def test_as_a_markdown_table_and_prose_as_before():
    markdown = "| Ingredient | Grams |\n|---|---|\n| Flour | 250 |\n"
    assert names_of("|!Ingredient |!Grams |\n|Flour |250 |\n") == names_of(markdown) == {"Flour"}
    assert names_of("Wow |! Amazing day in Lisbon.") == {"Lisbon"}
    assert names_of("Wow |!Amazing day in Lisbon.") == {"Amazing", "Lisbon"}
