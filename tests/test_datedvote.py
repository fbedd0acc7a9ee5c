"""The date vote of a note that only mentions an asked day (session 56, datedvote: a running club's secretary, asked
on Monday 2026-12-07).

- "what was the session last tuesday": graph.dated_chunks gave every found chunk of a note mentioning 2026-12-01
  1.0, as much as the note dated that day: the December rota (one table row `1/12`) ranked above
  `Coaching/2026-12-01 track - 400s.md`. A chunk of a note not dated in the asked days now votes half when it writes
  one (the rota's row), and not at all when it does not.
"""

from __future__ import annotations

import pytest

from minirag_cli import retrieve
from tests.test_nowdays import _index_of, _search

_FILLER = " ".join(["Marshals wear the hi-vis vests from the kit box and stand at the marked corners."] * 10)

CLUB = {
    "Rota/marshal rota Dec.md": (
        "# Rota – December 2026\n\n## How it works\n\n" + _FILLER + "\n\n## Saturday parkrun\n\n"
        "Marshal leads take the flags. " + _FILLER + "\n\n## Tuesday track (6.30pm from Dec)\n\n"
        "| Tue | Session lead | Helper |\n|---|---|---|\n| 1/12 | Coach Dave | Anil |\n| 8/12 | Karen Hughes | Coach Dave |\n"
        "| 15/12 | Coach Dave | Mel |\n"),
    "Coaching/2026-12-01 track - 400s.md": (
        "# Tue 1/12 – 400s\n\nLead: Coach Dave. 28 turned up for the session.\n12 x 400m, 60s rec. Group C did 8.\n"),
    "Coaching/2026-11-24 track - hills.md": "# Tue 24/11 – hills\n\nLead: Karen. Hill reps session, 8 x 60s.\n",
}
ON_THE_DAY = ["what was the session last tuesday", "what was the session on 1 December 2026",
              "what was the track session on 2026-12-01", "what did we do at the session on December 1st"]


@pytest.fixture(scope="module")
def club_index(tmp_path_factory):
    with _index_of(tmp_path_factory.mktemp("club"), CLUB) as index:
        yield index


def _writes_the_day(index, r) -> bool:
    from minirag_cli.store.search import chunk_texts

    return "| 1/12 |" in chunk_texts(index.conn, [r["chunk_id"]])[r["chunk_id"]]


@pytest.mark.parametrize("question", ON_THE_DAY)
def test_a_note_dated_in_the_day_votes_above_one_that_mentions_it(club_index, question):
    result = _search(club_index, question, k=30)
    date = {(r["path"], r["chunk_id"]): r["channels"].get("date", {}).get("score", 0.0) for r in result.results}
    dated = [v for (path, _c), v in date.items() if path.startswith("Coaching/2026-12-01")]
    rota = [v for (path, _c), v in date.items() if path.startswith("Rota/")]
    assert dated == [1.0], date
    assert rota and max(rota) < 1.0, date


def test_the_rota_chunk_writing_the_day_keeps_more_than_its_other_chunks(club_index):
    result = _search(club_index, "what was the session last tuesday", k=30)
    rota = [(r["channels"].get("date", {}).get("score", 0.0), _writes_the_day(club_index, r)) for r in result.results
            if r["path"].startswith("Rota/")]
    assert any(writes for _v, writes in rota) and any(not writes for _v, writes in rota), rota
    writing = min(v for v, writes in rota if writes)
    assert writing > 0 and all(v < writing for v, writes in rota if not writes), rota

