"""Days now and to come (session 53, nowdays: testers' family, manager and GM vaults, asked in December 2026).

- a month's word ("December") seeded one date entity of it ("December 22") as a word of its name: a date is named
  exactly or not at all (graph.grounding).
"""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor
from tests.conftest import write_notes

MONDAY = dt.date(2026, 12, 7)


def _index_of(tmp, files):
    from minirag_cli.config import effective
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder

    write_notes(tmp / "notes", files)
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return Index.open(config, embedder_factory=hashing_embedder)


def _search(index, question, today=MONDAY, k=10):
    from minirag_cli.options import RetrievalOptions

    return index.search(question, RetrievalOptions(k=k, mode="hybrid"), today=today)


# the manager's vault (its vacation list writes one day of December)
MANAGER = {
    "vacation.md": ("# Vacation and time off\n\n- Aiko: out 14-18 December 2026\n"
                    "- Me: out December 22 through January 1\n"),
    "team.md": "# Team\n\nAiko Tanaka, Jonas Weber, Diego Ruiz.\n",
}


@pytest.fixture(scope="module")
def manager_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("manager"), MANAGER) as index:
        yield index


@pytest.mark.parametrize("question", ["is anyone out on December 16?", "who is out in December 2026?"])
def test_a_month_word_seeds_no_day_of_it(manager_index, question):
    result = _search(manager_index, question)
    assert not [s for s in result.seeds if s["type"] == "date" and s["via"] != "exact"], result.seeds


@pytest.mark.parametrize("question,day", [
    ("what's for dinner on Thursday?", "2026-12-10"),  # was 2026-12-03, the Thursday gone
    ("what do I need to do on Thursday?", "2026-12-10"),
    ("what's planned on Thursday?", "2026-12-10"),
    ("what will we eat on Monday?", "2026-12-07"),  # today's
    ("what do we have on Wed?", "2026-12-09"),
    ("what did I eat on Thursday?", "2026-12-03"),  # a past form: the one gone, as before
    ("what happened on Friday?", "2026-12-04"),
    ("who cooked on Friday?", "2026-12-04"),
    ("what was I doing on Friday?", "2026-12-04"),
    ("what do I do on Thursday?", "2026-12-03"),  # neither: as before
    ("what is on last Friday?", "2026-12-04"),  # "last": the one gone
])
def test_a_bare_weekday_of_a_plan_is_the_coming_one(question, day):
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days(question, MONDAY)
    read = read.days if isinstance(read, UnreadDays) else read
    assert [d.isoformat() for d in read.days()] == [day]


def test_someone_elses_coming_weekday_is_said_unread_with_the_coming_day():
    from minirag_cli.askday import UnreadDays, read_days

    read = read_days("who is babysitting on Friday?", MONDAY)
    assert isinstance(read, UnreadDays) and read.days.days() == [dt.date(2026, 12, 11)]
