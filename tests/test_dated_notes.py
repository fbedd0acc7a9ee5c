"""The notes dated in the days a question asks about are candidates of their
own (datednotes.py): one long note of the day (a pasted log) no longer fills
every candidate pool, and weekly and monthly notes (`2026-W45.md`,
`2026-11.md`) are dated to the period they cover."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from minirag_cli.config import effective
from minirag_cli.datednotes import asked_spans, dated_notes
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.options import RetrievalOptions
from minirag_cli.text import file_period
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

LOG = "\n".join(f"2026-11-18T21:{i // 60:02d}:{i % 60:02d}Z INFO migrate step=copy rows={i * 37} batch={i}"
                for i in range(400))
NOTES = {
    "daily/2026-11-02.md": "## Morning\nSwam 2 km at the lake before work.\n",
    "daily/2026-11-04.md": "## Work\nThe first dry run failed on foreign keys.\n",
    "daily/2026-11-06.md": "## Evening\nBoard game night; Lena won Catan.\n",
    "daily/2026-11-12.md": "## Home\nSick in bed with a cold, soup all day.\n",
    "daily/2026-11-18.md": f"## Work\nThe migration ran tonight. Log below.\n\n```\n{LOG}\n```\n\n"
                           "## Evening\nMigration done at 22:41, a beer with Marc.\n",
    "daily/2026-11-25.md": "## Garden\nPlanted tulip bulbs by the fence.\n",
    "weekly/2026-W45.md": "# Week 45 review\n\n- Migration plan sent.\n- Dentist done.\n",
    "monthly/2026-11.md": "# November 2026\n\n- Atlas migrated.\n- A 10k personal best.\n",
}


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("journal")
    write_notes(tmp / "notes", NOTES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


def _open(db):
    return Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), embedder_factory=hashing_embedder)


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25", "bm25"])
def test_one_long_note_does_not_fill_a_month(journal, mode):
    with _open(journal) as index:
        result = index.search("what did I do last month?", RetrievalOptions(k=20, mode=mode),
                              today=dt.date(2026, 12, 5))
    paths = Counter(r["path"] for r in result.results)
    daily = {p for p in NOTES if p.startswith("daily/")}
    assert daily <= set(paths), paths  # every November daily note, not 20 chunks of the log
    bm25 = Counter(r["path"] for r in result.results if r["channels"].get("bm25", {}).get("rank"))
    assert bm25["daily/2026-11-18.md"] <= 3  # BM25 keeps 3 chunks of one note


def test_the_days_long_note_is_found_by_its_best_chunk(journal):
    with _open(journal) as index:
        result = index.search("what did I do yesterday?", RetrievalOptions(k=3), today=dt.date(2026, 11, 19))
    assert {r["path"] for r in result.results} == {"daily/2026-11-18.md"}
    assert any("Migration" in r["text"] or "migration ran" in r["text"] for r in result.results)


def test_a_weekly_note_is_dated_to_its_week(journal):
    with _open(journal) as index:
        week = [r["path"] for r in index.search("what did I do last week?", RetrievalOptions(k=20),
                                                       today=dt.date(2026, 11, 12)).results]
        day = [r["path"] for r in index.search("what did I do on November 4?", RetrievalOptions(k=20)).results]
    assert "weekly/2026-W45.md" in week[:5]  # asked by its week, the review's vote is whole
    # asked about one day, the day's own note comes first, the week's review (1/7 of its days) after it
    assert day[0] == "daily/2026-11-04.md"
    assert "weekly/2026-W45.md" in day


def test_a_monthly_note_is_dated_to_its_month(journal):
    with _open(journal) as index:
        month = [r["path"] for r in index.search("what did I do last month?", RetrievalOptions(k=20),
                                                  today=dt.date(2026, 12, 5)).results]
    assert "monthly/2026-11.md" in month and "weekly/2026-W45.md" in month


def test_file_period():
    assert file_period("weekly/2026-W45.md") == (dt.date(2026, 11, 2), dt.date(2026, 11, 8))
    assert file_period("2026-11.md") == (dt.date(2026, 11, 1), dt.date(2026, 11, 30))
    assert file_period("monthly/2026-11 November.md") == (dt.date(2026, 11, 1), dt.date(2026, 11, 30))
    assert file_period("2026-02 Feb.md") == (dt.date(2026, 2, 1), dt.date(2026, 2, 28))
    # the month's name must be its own; a daily note, a note named more, a week 53 of a 52-week year are no period
    for name in ("2026-11 March.md", "2026-11-03.md", "2026-11 plans.md", "2025-W53.md", "W45.md"):
        assert file_period(name) is None, name


def test_asked_spans():
    assert asked_spans(["date:2026-05", "date:2026-05-08", "date:2026-10-1"]) == [
        (dt.date(2026, 5, 1), dt.date(2026, 5, 31)), (dt.date(2026, 5, 8), dt.date(2026, 5, 8))]
    assert asked_spans([]) == []


@pytest.fixture
def standup(tmp_path):
    """An index of a daily note and a note dated by its front matter alone."""
    write_notes(tmp_path / "notes", {
        "daily/2026-11-04.md": "## Work\nThe first dry run failed on foreign keys.\n",
        "standup.md": "---\ntitle: Standup\ndate: 2026-11-05\n---\nWe shipped the importer.\n",
    })
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


def _doc(conn, path):
    return conn.execute("SELECT id FROM documents WHERE path = ?", (path,)).fetchone()[0]


def _set_header(conn, doc, header):
    conn.execute("UPDATE chunks SET header = ? WHERE document_id = ?", (header, doc))
    conn.commit()


def test_a_pre_upgrade_header_dates_its_note_by_its_front_matter(standup):
    # an index not synced since the header held the block's date line: its header is `---`, and
    # the note was dated by none (store.note_heads read the first chunk's block; datednotes did not)
    from minirag_cli.datednotes import dated_notes

    with _open(standup) as index:
        doc = _doc(index.conn, "standup.md")
        assert dated_notes(index.conn, [(dt.date(2026, 11, 5),) * 2]) == {doc: 1.0}
        _set_header(index.conn, doc, "---")
        assert dated_notes(index.conn, [(dt.date(2026, 11, 5),) * 2]) == {doc: 1.0}


def test_the_notes_spans_are_read_again_only_when_the_index_changes(standup, monkeypatch):
    import sqlite3

    from minirag_cli import datednotes

    reads = []
    real = datednotes.store.note_dating_heads
    monkeypatch.setattr(datednotes.store, "note_dating_heads", lambda conn: reads.append(1) or real(conn))
    day = lambda d: [(dt.date(2026, 11, d),) * 2]  # noqa: E731
    with _open(standup) as index:
        conn = index.conn
        doc = _doc(conn, "standup.md")
        assert datednotes.dated_notes(conn, day(5)) == {doc: 1.0}
        assert datednotes.dated_notes(conn, day(4)) == {_doc(conn, "daily/2026-11-04.md"): 1.0}
        assert len(reads) == 1  # the second question read no note
        _set_header(conn, doc, "Standup · date: 2026-11-06")  # this connection writes
        assert datednotes.dated_notes(conn, day(6)) == {doc: 1.0}
        other = sqlite3.connect(standup)  # another process syncs
        _set_header(other, doc, "Standup · date: 2026-11-07")
        other.close()
        assert datednotes.dated_notes(conn, day(7)) == {doc: 1.0}
        assert datednotes.dated_notes(conn, day(6)) == {}
        assert len(reads) == 3


@pytest.fixture
def reviews(tmp_path):
    """A week's and a month's review whose heads write a single day."""
    write_notes(tmp_path / "notes", {
        "daily/2026-11-03.md": "## Work\nThe first dry run failed on foreign keys.\n",
        "daily/2026-11-04.md": "## Work\nThe second dry run passed.\n",
        "weekly/2026-W45.md": "# Week of 2026-11-02\n\n- Wednesday: dentist, a filling.\n",
        "monthly/2026-10.md": "---\ntitle: October\ndate: 2026-10-01\n---\n\n- Ran a 10k in 48 minutes.\n",
    })
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


def test_a_periodic_notes_file_name_wins_over_the_day_its_head_writes(reviews):
    # `# Week of 2026-11-02` dated the week's review to that Monday alone: "on Wednesday" never reached it
    from minirag_cli.datednotes import dated_notes, note_span

    assert note_span("weekly/2026-W45.md", "", "# Week of 2026-11-02") == (dt.date(2026, 11, 2), dt.date(2026, 11, 8))
    assert note_span("monthly/2026-10.md", "", "date: 2026-10-01") == (dt.date(2026, 10, 1), dt.date(2026, 10, 31))
    assert note_span("daily/2026-11-03.md", "", "date: 2026-11-04") == (dt.date(2026, 11, 4),) * 2  # a day's head
    with _open(reviews) as index:
        week, month = _doc(index.conn, "weekly/2026-W45.md"), _doc(index.conn, "monthly/2026-10.md")
        day = _doc(index.conn, "daily/2026-11-04.md")
        # beside the day's own note the week's review votes 1/7 of its days, the month's 1/31
        assert dated_notes(index.conn, [(dt.date(2026, 11, 4),) * 2]) == {day: 1.0, week: 1 / 7}
        # a day no daily note is of: the week's review is the day's own note (it was 1/7: below any note writing
        # the day); a month's note is not (at 1 it was every weekend's, gap's and day to come's own note)
        assert dated_notes(index.conn, [(dt.date(2026, 11, 5),) * 2]) == {week: 1.0}
        assert dated_notes(index.conn, [(dt.date(2026, 10, 20),) * 2]) == {month: 1 / 31}
        # a week of the month: 7/31 with no daily note of its days too
        assert dated_notes(index.conn, [(dt.date(2026, 10, 19), dt.date(2026, 10, 25))]) == {month: 7 / 31}
        # each asked day by its own finest notes: "on Wednesday and Thursday" has a daily note of one
        assert dated_notes(index.conn, [(dt.date(2026, 11, 4),) * 2, (dt.date(2026, 11, 5),) * 2]) == {
            day: 1.0, week: 1.0}


def test_the_answer_reads_a_weekly_note_for_a_day_of_its_week(reviews):
    # retrieval found the week's review for its Wednesday; the answer kept only notes dated that day,
    # and the review's date was its head's Monday: it was cut, and the day was said to have no note
    from minirag_cli import answer as ans
    from tests.test_answer import FakeLLM

    with _open(reviews) as index:
        for question, today in (("what did I do on Wednesday?", dt.date(2026, 11, 6)),
                                ("what did I do on November 4, 2026?", None)):
            result = index.search(question, today=today)
            assert "weekly/2026-W45.md" in [r["path"] for r in result.results], question
            fake = FakeLLM("The dentist [1].")
            index.answer(result, answerer=ans.Answerer(fake, model_name="fake"))
            prompt = fake.calls[0]["messages"][-1]["content"]
            assert "second dry run" in prompt and "dentist" in prompt and "first dry run" not in prompt, question
        # a day of the week with no daily note has the week's review: no "no note of that day" line
        assert index.search("what did I do on Thursday?", today=dt.date(2026, 11, 6)).undated is None


def test_front_matter_dates_a_note_by_date_or_created_alone(tmp_path):
    """A paper's `year: 2019` is its publication's year, not the note's day: no key but `date:` and
    `created:` dates a note (it would have been dated 2019-01-01 and answered every "in January 2019");
    `date: 2026-11` (a month, no day) dates it to no day, as `2026-11.md` would not be guessed from a title."""
    from minirag_cli.datednotes import note_spans

    notes = {
        "papers/attention.md": "---\ntitle: Attention Is All You Need\nyear: 2019\nauthors: Vaswani\n---\n\n"
                               "Read it on the train; the attention figure is the one to keep.\n",
        "papers/bert.md": "---\ntitle: BERT\nyear: 2019\ncreated: 2026-11-05\n---\n\nSkimmed the pretraining part.\n",
        "papers/gpt.md": "---\ntitle: GPT\nyear: 2018\ndate: 2026-11-06\n---\n\nNotes on the decoder.\n",
        "misc/plans.md": "---\ntitle: Plans\ndate: 2026-11\n---\n\nPaint the fence.\n",
    }
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
        spans = {_path(index.conn, doc): (str(a), str(b)) for doc, (a, b) in note_spans(index.conn)}
        assert spans == {"papers/bert.md": ("2026-11-05", "2026-11-05"),
                         "papers/gpt.md": ("2026-11-06", "2026-11-06")}
        # "when did I last …" and the answers' sources read the same heads: the same days, none for the paper
        from minirag_cli.latest import note_day
        from minirag_cli.store.search import note_dating_heads

        days = {path: note_day(head, path, root) for _doc, path, root, head in note_dating_heads(index.conn)}
        assert days == {"papers/attention.md": "", "papers/bert.md": "2026-11-05", "papers/gpt.md": "2026-11-06",
                        "misc/plans.md": ""}


def _path(conn, doc: int) -> str:
    return conn.execute("SELECT path FROM documents WHERE id = ?", (doc,)).fetchone()[0]


# a freelancer's week notes (no daily notes), and notes that write days of those weeks as ISO dates or `10 Dec`
FREELANCER = {
    "weekly/2026-W47.md": "# Week 47 (16–22 Nov)\n\n## Days\n**Mon** — Bloom presentation 10am, went well.\n"
                          "**Tue** — Acme PDF all day\n**Wed** — Jen call re feedback.\n",
    "weekly/2026-W49.md": "# 2026-W49 (30 Nov – 6 Dec)\n\n## Must do\n- [x] Parker call Tue 10am\n"
                          "- [x] Harbour Dental proposal\n",
    "weekly/2026-W50.md": "# 2026-W50 (7–13 Dec)\n\n**Mon 7** — Bloom round 3.\n**Thu 10** — Kite Cycles intro "
                          "call 11:00 (Marco).\n**Fri 11** — Dentist 3:30pm.\n",
    "expenses.md": "# Expenses 2026\n\n| date | item | £ |\n|---|---|---|\n| 2026-11-17 | train | 48.60 |\n"
                   "| 2026-11-18 | monitor | 329 |\n| 2026-12-01 | Figma | 12 |\n",
    "leads.md": "# Leads\n\n- Kite Cycles: rebrand, intro call booked 10 Dec.\n- Fenwick Gin: via Acme.\n",
    "todo.md": "# Todo\n\n- [x] send the invoice ✅ 2026-11-17\n- [ ] chase Northwind 📅 2026-12-10\n",
}
# the same weeks kept beside daily notes
DAILY_AND_WEEKLY = {
    **FREELANCER,
    "log/2026-12-08.md": "# Tue 8 Dec\n\nSent Bloom round 3 to Jen. Acme icons 31-34.\n",
    "log/2026-12-07.md": "# Mon 7 Dec\n\nBloom round 3 drafted, warmer sage.\n",
}


def _vault(tmp_path, notes):
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("question, today, week, within", [
    ("what did i do on the 17th", dt.date(2026, 12, 7), "weekly/2026-W47.md", 3),
    ("what did I do on Nov 18?", dt.date(2026, 12, 7), "weekly/2026-W47.md", 3),
    ("what did I do on Tuesday?", dt.date(2026, 12, 7), "weekly/2026-W49.md", 3),
    ("what's on thursday", dt.date(2026, 12, 7), "weekly/2026-W50.md", 1),
    ("what's on Friday?", dt.date(2026, 12, 7), "weekly/2026-W50.md", 1),
])
def test_a_week_note_is_the_days_own_note_where_no_daily_note_is(tmp_path, question, today, week, within):
    # its vote was 1/7 of its days: below the notes writing `2026-11-17` or `10 Dec`, out of the results, and
    # "on the 17th" said "no note is dated the 17th" though the week's note covers it
    with _open(_vault(tmp_path, FREELANCER)) as index:
        result = index.search(question, RetrievalOptions(k=5), today=today)
    assert result.undated is None and result.days is not None
    # (BM25 still ranks the notes writing the day's ISO date, `todo.md`'s ✅ stamp: the hashing embedder here
    # gives the week's note no dense lift)
    assert week in [r["path"] for r in result.results][:within], [r["path"] for r in result.results]


@pytest.mark.parametrize("question, daily", [
    ("what did I do on Tuesday?", "log/2026-12-08.md"),
    ("what did I do yesterday?", "log/2026-12-08.md"),
    ("what did I do on Monday?", "log/2026-12-07.md"),
    ("what did I do on Dec 8?", "log/2026-12-08.md"),
])
def test_a_daily_note_stays_above_its_weeks_note(tmp_path, question, daily):
    with _open(_vault(tmp_path, DAILY_AND_WEEKLY)) as index:
        result = index.search(question, RetrievalOptions(k=5), today=dt.date(2026, 12, 9))
    paths = [r["path"] for r in result.results]
    assert paths[0] == daily, paths


def test_a_week_note_of_the_day_is_not_no_note(tmp_path):
    # one result, the note writing the day's ISO date: the week's note of the day ranked below it, and the CLI
    # said "no note is dated the 17th", sending the user to look for a note the index holds
    with _open(_vault(tmp_path, FREELANCER)) as index:
        result = index.search("what did i do on the 17th", RetrievalOptions(k=1, mode="bm25"),
                              today=dt.date(2026, 12, 7))
    assert result.undated is not None and result.undated_held


# daily notes with gaps (weekends, 13-15 Nov away), the month's note, a trip's note writing its days, a todo
DAILY_WITH_GAPS = {
    **{f"Daily/2026-11-{d:02d}.md": f"# 2026-11-{d:02d}\n\nStandup, then {topic}.\n"
       for d, topic in [(9, "Bloom logo"), (10, "Acme icons"), (11, "Parker call"), (12, "invoices"),
                        (16, "back from Lisbon, laundry"), (17, "Bloom round 2"), (19, "Kite Cycles brief")]},
    "Trips/Lisbon.md": "# Lisbon trip\n\n- 13 Nov: flight TP1351 07:10 from LHR\n- 14 Nov: Belém, pastéis, "
                       "LX Factory\n- 15 Nov: Sintra day trip, back 22:00\n",
    "todo.md": "# Todo\n\n- [x] renew passport ✅ 2026-11-14\n- [ ] send Bloom invoice 📅 2026-11-23\n",
}
MONTH_NOTE = {"Monthly/2026-11.md": "# November 2026\n\n## Budget\n| item | £ |\n|---|---|\n| rent | 1450 |\n\n"
                                    "## Goals\n- Read 2 books\n- Run 100 km\n"}
QUARTER_NOTE = {"Periodic/2026-Q4.md": "# 2026 Q4\n\n## Goals\n- Ship the Bloom brand\n- Run a half marathon\n"}


@pytest.mark.parametrize("periodic", [MONTH_NOTE, QUARTER_NOTE], ids=["month", "quarter"])
@pytest.mark.parametrize("question, note", [
    ("where was I on 15 November?", "Trips/Lisbon.md"),
    ("what did I do on Nov 14?", "Trips/Lisbon.md"),
    ("what did I do last weekend?", "todo.md"),  # its ✅ 2026-11-14 (the trip writes yearless days)
    ("what do I have on Monday?", "todo.md"),
])
def test_a_months_note_is_no_days_own_note(tmp_path, periodic, question, note):
    # the days no daily note is of (a weekend, days away, a day to come): the month's, the quarter's note voted 1
    # as the day's own note, ranked first and the answer read it alone; its share of the days is 1/30, 1/92
    with _open(_vault(tmp_path, {**DAILY_WITH_GAPS, **periodic})) as index:
        paths = [r["path"] for r in index.search(question, RetrievalOptions(k=5), today=dt.date(2026, 11, 20)).results]
        assert note in paths and paths[0] != next(iter(periodic)), paths
        period = _doc(index.conn, next(iter(periodic)))
        assert dated_notes(index.conn, [(dt.date(2026, 11, 15),) * 2])[period] < 0.1


def test_a_weeks_question_gives_the_months_note_its_share(tmp_path):
    # a week no daily note is of ("next week"), days away ("over those 3 days"): the month's note voted 1 as their
    # own note, not its 7/30, 3/30; a week with daily notes keeps them above it
    with _open(_vault(tmp_path, {**DAILY_WITH_GAPS, **MONTH_NOTE})) as index:
        month = _doc(index.conn, "Monthly/2026-11.md")
        assert dated_notes(index.conn, [(dt.date(2026, 11, 23), dt.date(2026, 11, 29))]) == {month: 7 / 30}
        assert dated_notes(index.conn, [(dt.date(2026, 11, 13), dt.date(2026, 11, 15))])[month] == 3 / 30
        votes = dated_notes(index.conn, [(dt.date(2026, 11, 16), dt.date(2026, 11, 22))])
        assert votes[month] == 7 / 30 and votes[_doc(index.conn, "Daily/2026-11-16.md")] == 1.0


def test_a_months_note_of_the_day_is_still_no_note(tmp_path):
    # only the month's note covers 15 November: "no note is dated 15 November" stays (the "not among the results"
    # message sent the user to look for a note of the day that the index does not hold)
    notes = {p: t for p, t in DAILY_WITH_GAPS.items() if not p.startswith("Trips")}
    with _open(_vault(tmp_path, {**notes, **MONTH_NOTE})) as index:
        result = index.search("what did I do on 15 November?", RetrievalOptions(k=1, mode="bm25"),
                              today=dt.date(2026, 11, 20))
    assert result.undated is not None and not result.undated_held


# a week of daily logs beside the week's note, and notes full of that week's ISO dates (a todo's ✅ stamps, expense
# rows) that BM25 finds by them: the week's note writes its days `30 Nov – 6 Dec`, which BM25 does not read
WEEK_WITH_LOGS = {
    "weekly/2026-W48.md": "# 2026-W48 (23–29 Nov)\n\n## Plan\n- [x] Acme check-in in London (Wed)\n"
                          "- [x] Parker quote sent Fri\n",
    "weekly/2026-W49.md": "# 2026-W49 (30 Nov – 6 Dec)\n\n## Must do\n- [x] Northwind invoice reminder, sent Tue\n"
                          "- [x] Parker call Tue 10am\n- [x] Harbour Dental proposal\n\n## Notes\n"
                          "- Jen wants the sage warmer, round 3 due Tue 8 Dec\n",
    "weekly/2026-W50.md": "# 2026-W50 (7–13 Dec)\n\n**Mon 7** — Bloom round 3.\n**Thu 10** — Kite Cycles intro.\n",
    "log/2026-12-01.md": "Tuesday\n\nParker call at 10, went well. Sent the Northwind reminder.\n",
    "log/2026-12-02.md": "Wed 2 Dec\n\nTom Parker emailed go for it. Harbour Dental proposal sent.\n",
    "log/2026-12-04.md": "Friday 4 Dec\n\nFirst 20 Acme icons to Dan. Parker deposit invoice out.\n",
    "todo.md": "# todo\n\n- [ ] Bloom round 3 📅 2026-12-08\n- [x] Parker deposit invoice ✅ 2026-12-04\n"
               "- [x] Northwind reminder ✅ 2026-12-01\n- [x] send Harbour Dental proposal ✅ 2026-12-02\n",
    "expenses.md": "# Expenses 2026\n\n| Date | Item | £ |\n|---|---|---|\n| 2026-12-01 | Zoom | 12.00 |\n"
                   "| 2026-12-03 | Figma Professional | 12.00 |\n| 2026-12-05 | Squarespace | 23.00 |\n",
}


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25"])
@pytest.mark.parametrize("question, week", [
    ("what did i do last week", "weekly/2026-W49.md"),
    ("What did I do in week 49?", "weekly/2026-W49.md"),
    ("what did I get done the week of 30 Nov?", "weekly/2026-W49.md"),
    ("what did i do in the past week", "weekly/2026-W49.md"),  # 1-7 Dec: all but a day of the week's
    ("what happened in week 48?", "weekly/2026-W48.md"),
])
def test_the_asked_weeks_note_ranks_with_its_days(tmp_path, mode, question, week):
    # the notes writing the week's days in ISO dates won BM25, and the week's own note ranked below the logs (17th
    # in a freelancer's vault): now it scores as BM25's best match would, and the week's logs stay in the results
    with _open(_vault(tmp_path, WEEK_WITH_LOGS)) as index:
        paths = _note_paths(index.search(question, RetrievalOptions(k=10, mode=mode), today=dt.date(2026, 12, 7)))
    assert week in paths[:3], paths
    if week.endswith("W49.md"):
        assert {"log/2026-12-01.md", "log/2026-12-02.md", "log/2026-12-04.md"} <= set(paths), paths


def _note_paths(result) -> list[str]:
    return list(dict.fromkeys(r["path"] for r in result.results))


@pytest.mark.parametrize("question, today", [
    ("what did I do on Tuesday?", dt.date(2026, 12, 7)),
    ("what did I do on Dec 2?", dt.date(2026, 12, 7)),
    ("what did i do in the last 2 weeks", dt.date(2026, 12, 7)),
    ("what did I do in December?", dt.date(2026, 12, 7)),
    ("who sent the Harbour Dental proposal?", dt.date(2026, 12, 7)),
])
def test_a_question_of_other_days_gives_no_week_note_the_period_vote(tmp_path, question, today):
    # a day of the week, two weeks, a month: no note is of exactly those days; a question naming no days reads none
    with _open(_vault(tmp_path, WEEK_WITH_LOGS)) as index:
        result = index.search(question, RetrievalOptions(k=40), today=today)
    assert not [r["path"] for r in result.results if "period" in r["channels"]]


# a month's review: what the month was (a budget and goals alone are a plan: says_something)
MONTH_REVIEW = {"Monthly/2026-11.md": "# November 2026\n\n## Review\n- Shipped the Bloom logo after two rounds\n"
                                      "- Lisbon trip mid-month, back on the 16th\n- Kite Cycles brief came in late\n"}


def test_the_asked_months_note_ranks_first_three(tmp_path):
    # "last month": the month's note was below the daily notes and the todo writing its days
    with _open(_vault(tmp_path, {**DAILY_WITH_GAPS, **MONTH_REVIEW})) as index:
        for question in ("what did I do last month?", "what did I do in November?"):
            result = index.search(question, RetrievalOptions(k=10), today=dt.date(2026, 12, 3))
            paths = _note_paths(result)
            assert "Monthly/2026-11.md" in paths[:3], paths
            assert [r["path"] for r in result.results if "period" in r["channels"]] == ["Monthly/2026-11.md"]


def test_period_notes(tmp_path):
    from minirag_cli.datednotes import period_notes

    with _open(_vault(tmp_path, {**WEEK_WITH_LOGS, **MONTH_NOTE})) as index:
        def notes(first, last):
            return sorted(_path(index.conn, d) for d in period_notes(index.conn, [(first, last)]))

        nov, dec = dt.date(2026, 11, 1), dt.date(2026, 12, 1)
        assert notes(dt.date(2026, 11, 30), dt.date(2026, 12, 6)) == ["weekly/2026-W49.md"]
        assert notes(dec, dt.date(2026, 12, 7)) == ["weekly/2026-W49.md"]  # the 7 days up to the 7th
        assert notes(dec, dt.date(2026, 12, 5)) == []  # 5 of its 7 days
        assert notes(dt.date(2026, 11, 23), dt.date(2026, 12, 6)) == []  # two weeks: neither week's
        assert notes(nov, dt.date(2026, 11, 30)) == ["Monthly/2026-11.md"]
        assert notes(dec, dec) == []  # a day: its daily note is found by the date its header writes


# the days' own notes beside notes of the week that are not its record (review of weekrank): several weekly series
# (a gym programme, a rota, a meal plan), an empty template, a plan of unticked tasks
WEEK_OF_DAILY_NOTES = {
    "Daily/2026-11-30.md": "# 2026-11-30\n\nDentist, one filling. Then Bloom logo work.\n",
    "Daily/2026-12-01.md": "# 2026-12-01\n\nCall with Priya about the Harbour contract.\n",
    "Daily/2026-12-02.md": "# 2026-12-02\n\nFinished the Bloom logo draft; Jen liked it.\n",
    "Daily/2026-12-03.md": "# 2026-12-03\n\nDinner with Marco at Dishoom.\n",
    "Daily/2026-12-04.md": "# 2026-12-04\n\nSent the invoice to Northwind.\n",
}
WEEKLY_SERIES = {
    "Meal plans/2026-W49.md": "# Meal plan 2026-W49\n\nMon: pasta\nTue: fish pie\nWed: curry\nThu: tacos\nFri: takeaway\n",
    "Rota/2026-W49.md": "# Rota 2026-W49\n\n| Day | On call |\n|---|---|\n| Mon | Sam |\n| Tue | Priya |\n| Wed | Tom |\n",
    "Gym/2026-W49.md": "# Gym block 3, week 2\n\nSquat 5x5 100kg, felt heavy\nBench 5x5 70kg, easy this time\n",
    "Weekly/2026-W49.md": "# Weekly review\n\n- Shipped the Bloom logo, Jen happy\n- Harbour contract signed at last\n",
}
EMPTY_TEMPLATE = {"Weekly/2026-W49.md": "# 2026-W49\n\n## Goals\n\n## Wins\n\n## Lessons\n"}
UNTICKED_PLAN = {"Weekly/2026-W49.md": "# Week plan 2026-W49\n\n- [ ] finish Bloom logo\n- [ ] call Parker about the "
                                       "contract\n- [ ] tax return\n- [ ] book the dentist again\n"}


@pytest.mark.parametrize("week_notes", [WEEKLY_SERIES, EMPTY_TEMPLATE, UNTICKED_PLAN],
                         ids=["several series", "empty template", "unticked plan"])
@pytest.mark.parametrize("question", ["what did I do last week?", "who did I have dinner with last week?"])
def test_no_period_vote_pushes_the_days_notes_down(tmp_path, week_notes, question):
    # 62c5b96 voted every note of the week alike: four week notes above the daily notes, an empty template 1st
    with _open(_vault(tmp_path, {**WEEK_OF_DAILY_NOTES, **week_notes})) as index:
        result = index.search(question, RetrievalOptions(k=10), today=dt.date(2026, 12, 7))
    assert not [r["path"] for r in result.results if "period" in r["channels"]]
    paths = _note_paths(result)
    assert paths[0].startswith("Daily/"), paths
    assert "Daily/2026-12-03.md" in paths[:3], paths


def test_two_notes_of_the_month_get_no_period_vote(tmp_path):
    # a CalVer release note and a bank statement both of November: neither is the month's own note
    other = {"releases/2026.11.md": "# Release 2026.11\n\n- fixed the login bug on the settings page\n"
                                    "- new dashboard with charts for every project\n",
             "bank/2026-11.md": "# Statement November\n\n| date | payee | amount |\n|---|---|---|\n"
                                "| 2026-11-03 | Tesco groceries | 54.20 |\n| 2026-11-20 | Shell fuel station | 61.00 |\n"}
    with _open(_vault(tmp_path, {**DAILY_WITH_GAPS, **other})) as index:
        result = index.search("what did I do last month?", RetrievalOptions(k=10), today=dt.date(2026, 12, 3))
    assert not [r["path"] for r in result.results if "period" in r["channels"]]


def test_says_something(tmp_path):
    from minirag_cli.datednotes import says_something

    notes = {"Weekly/2026-W48.md": EMPTY_TEMPLATE["Weekly/2026-W49.md"],
             "Monthly/2026-10.md": "---\ntype: monthly\n---\n# October 2026\n\n## Goals\n- \n\n## Review\n- \n",
             "Quarterly/2026-Q3.md": "# 2026-Q3\n\n## Goals\n- launch site\n",
             "Weekly/2026-W49.md": UNTICKED_PLAN["Weekly/2026-W49.md"],
             "Weekly/2026-W50.md": WEEKLY_SERIES["Weekly/2026-W49.md"], **MONTH_REVIEW}
    with _open(_vault(tmp_path, notes)) as index:
        said = {_path(index.conn, doc) for (doc,) in index.conn.execute("SELECT id FROM documents")
                if says_something(index.conn, doc)}
    assert said == {"Weekly/2026-W50.md", "Monthly/2026-11.md"}


# writing_chunk_ids reads date key prefixes, writing_chunks days (their docstrings): a part of a month is a prefix
# and no asked span, a yearless day (`19 Dec`) is a day of every year and under no year's prefix
WRITTEN_DAYS = {
    "projects/grant.md": "# Grant\n\nReview with Ana on 14 October 2026.\n",
    "projects/memo.md": "# Memo\n\nThe deadline is 19 Dec, ask Ana.\n",
    "projects/trip.md": "# Trip\n\nFlights to Porto on 3 December 2026.\n",
    "projects/ideas.md": "# Ideas\n\nA reading nook by the window.\n",
}


def test_writing_chunk_ids_reads_key_prefixes_and_writing_chunks_days(tmp_path):
    from minirag_cli.datednotes import writing_chunk_ids, writing_chunks

    with _open(_vault(tmp_path, WRITTEN_DAYS)) as index:
        rows = index.conn.execute("SELECT d.path, d.id, c.id FROM chunks c JOIN documents d ON d.id = c.document_id")
        doc, chunk = {}, {}
        for path, d, c in rows:
            doc[path.split("/")[-1]], chunk[path.split("/")[-1]] = d, c
        every = sorted(chunk.values())
        assert writing_chunk_ids(index.conn, ["date:2026-10-1"], every) == {chunk["grant.md"]}  # the 10th to the 19th
        assert writing_chunk_ids(index.conn, ["date:2026-12"], every) == {chunk["trip.md"]}  # not the memo's 19 Dec
        assert writing_chunk_ids(index.conn, ["date:2026-12-03", "date:2026-10"], every) == {chunk["trip.md"],
                                                                                            chunk["grant.md"]}
        assert writing_chunk_ids(index.conn, ["date:2026-12"], [chunk["memo.md"], chunk["grant.md"]]) == set()
        assert writing_chunk_ids(index.conn, [], every) == writing_chunk_ids(index.conn, ["date:2026-12"], []) == set()
        december = writing_chunks(index.conn, [(dt.date(2026, 12, 1), dt.date(2026, 12, 31))])
        assert december == {doc["memo.md"]: [chunk["memo.md"]], doc["trip.md"]: [chunk["trip.md"]]}
        assert writing_chunks(index.conn, [(dt.date(2026, 10, 10), dt.date(2026, 10, 19))]) == {
            doc["grant.md"]: [chunk["grant.md"]]}
