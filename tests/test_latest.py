"""Questions about the latest time the asker did something (latest.py):
"when did I last see Priya?" ranks the latest-dated note that matches first,
in a small daily journal where the note that says most about Priya is an
old one; "last week", "the last chapter", "my last name" and questions about
someone else are not read so."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from typer.testing import CliRunner

from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from minirag_cli.latest import latest_words
from minirag_cli.options import RetrievalOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

# the old notes say most about Priya; the latest meeting (11-20) is one line
JOURNAL = {
    "daily/2026-10-03.md": "# 2026-10-03\n\nLong lunch with Priya at the Thai place. Priya told me about "
                           "her new job at the lab; Priya and I talked about Priya's sister and Priya's move.\n",
    "daily/2026-10-17.md": "# 2026-10-17\n\nSaw Priya at the climbing gym. Priya showed me a new route and "
                           "Priya laughed when I fell.\n",
    "daily/2026-11-02.md": "# 2026-11-02\n\nCoffee with Priya downtown; Priya is tired of the lab.\n",
    "daily/2026-11-20.md": "# 2026-11-20\n\nBumped into Priya at the market, bought apples.\n",
    "daily/2026-11-25.md": "# 2026-11-25\n\nPlanted tulip bulbs by the fence. Went swimming after.\n",
    "daily/2026-11-28.md": "# 2026-11-28\n\nCalled mum. Read the last chapter of the novel.\n",
    "daily/2026-09-12.md": "# 2026-09-12\n\nWent swimming at the lake, cold water.\n",
    "people/priya.md": "# Priya\n\nPriya Sharma, a friend from university. Priya works at the lab.\n",
    # a month's note is of no one day of it: it competes by its first (was its last: above 11-20)
    "monthly/2026-11.md": "# November 2026\n\n- Saw Priya a few times.\n- Tulips planted.\n",
    # one long old note of many chunks, all about Priya: it must not fill the pool of candidates
    "daily/2026-08-01.md": "# 2026-08-01\n\n" + "\n\n".join(
        f"Priya and I hiked stage {n} of the ridge trail; Priya carried the map and saw Priya's favourite "
        f"lake {n}." for n in range(60)) + "\n",
}


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("priya")
    write_notes(tmp / "notes", JOURNAL)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _search(db, question: str, mode: str = "hybrid", k: int = 10):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=k, mode=mode))


@pytest.mark.parametrize("mode", ["hybrid", "dense,bm25", "bm25"])
@pytest.mark.parametrize("question", [
    "When did I last see Priya?",
    "when was the last time I saw Priya?",
    "What did I most recently write about Priya?",
    "my latest note on Priya",
    "Wann habe ich Priya zuletzt gesehen?",
    "Quand ai-je vu Priya pour la dernière fois ?",
    "¿Cuándo vi a Priya por última vez?",  # Spanish drops its "yo": the verb is the first person (was not read)
])
def test_the_latest_note_that_names_priya_comes_first(journal, question, mode):
    result = _search(journal, question, mode)
    assert result.results[0]["path"] == "daily/2026-11-20.md", [r["path"] for r in result.results]
    latest = result.to_dict()["latest"]
    assert latest["names"] == ["Priya"]
    assert [n["date"] for n in latest["notes"]] == ["2026-11-20", "2026-11-02", "2026-11-01/2026-11-30",
                                                   "2026-10-17", "2026-10-03", "2026-08-01"]
    assert "daily/2026-11-25.md" not in [n["path"] for n in latest["notes"]]  # no Priya in it
    assert latest["undated"] == ["people/priya.md"]  # matched, no date guessed
    assert result.results[0]["channels"]["recency"] == {"score": 1.0, "date": "2026-11-20"}


def test_without_a_name_the_questions_words_choose_the_notes(journal):
    result = _search(journal, "when did I last go swimming?")
    assert result.results[0]["path"] == "daily/2026-11-25.md"
    assert [n["path"] for n in result.to_dict()["latest"]["notes"]] == ["daily/2026-11-25.md",
                                                                       "daily/2026-09-12.md"]


def test_other_questions_are_ranked_as_before(journal):
    for question in ["What did I do with Priya?", "what is my last name?", "the last chapter of the novel",
                     "When did Priya last see the lab?", "what did I do last week?",
                     "Who wrote 'when did I last see Priya'?"]:
        result = _search(journal, question)
        assert result.latest is None and result.to_dict()["latest"] is None, question
        assert all("recency" not in r["channels"] for r in result.results), question


def test_the_days_asked_about_are_no_terms():
    assert latest_words("when did I last go swimming last month?").terms == ("swimming",)
    assert latest_words("Show me my latest note on the garden").terms == ("garden",)  # "show" asks


@pytest.mark.parametrize("question,words", [
    ("When did I last see Priya?", "I last"),
    ("where was I last on holiday?", "I last"),
    ("When was the last time we talked to Marc?", "last time we"),
    ("What did I most recently write about the garden?", "I most recently"),
    ("Show me my latest note on taxes", "my latest note"),
    ("my most recent entry about the dentist", "my most recent entry"),
    ("Wann war ich zuletzt beim Zahnarzt?", "zuletzt"),
    ("C'est quand la dernière fois que j'ai vu Priya ?", "la dernière fois"),
    ("¿Cuándo fue la última vez que hablé con mi hermana?", "la última vez"),
    # Spanish with no pronoun: the verb says "I" or "we" (were none)
    ("¿Cuándo vi a Priya por última vez?", "por última vez"),
    ("¿Cuándo fue la última vez que hablé con Priya?", "la última vez"),
    ("¿Cuándo comí sushi por última vez?", "por última vez"),
    ("¿Cuándo visitamos a Priya por última vez?", "por última vez"),
    ("¿Cuándo fui al dentista por última vez?", "por última vez"),
])
def test_latest_words(question, words):
    asked = latest_words(question)
    assert asked is not None and asked.words == words


@pytest.mark.parametrize("question", [
    "what did I do last week?", "What did I eat last night?", "what did I do last Tuesday?",
    "what is my last name?", "the last chapter of the book I read", "When did Priya last see Tom?",
    "what did we plan last month?", "Who wrote 'I last saw him in May'?", "Wann hat Priya zuletzt angerufen?",
    "what did I write in my last year of school?",
    # Spanish in the third person: its verb is his or hers ("vio", "habló", "llamó"), no "-é" / "-í" of "I"
    "¿Cuándo vio Priya a Tom por última vez?", "¿Cuándo fue la última vez que Priya habló con Tom?",
    "¿Cuándo llamó Priya por última vez?", "¿Cuándo estuvo Priya aquí por última vez?",
    "¿Qué café tomó Priya por última vez?", "¿Cuándo vinieron los últimos primos por última vez?",
    # Italian and Portuguese are not read (no recency words of theirs)
    "Quando ho visto Priya l'ultima volta?", "Quando vi a Priya pela última vez?",
])
def test_not_latest_words(question):
    assert latest_words(question) is None


def test_ask_json_and_explain_show_the_recency_vote(journal, monkeypatch):
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(journal))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    out = CliRunner().invoke(app, ["ask", "when did I last see Priya?", "--json", "--no-answer"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["results"][0]["path"] == "daily/2026-11-20.md"
    assert data["latest"]["words"] == "I last" and data["latest"]["undated"] == ["people/priya.md"]
    out = CliRunner().invoke(app, ["ask", "when did I last see Priya?", "--explain", "--no-answer"])
    assert out.exit_code == 0, out.output
    first = out.stdout.split(" 2. ")[0]
    assert "daily/2026-11-20.md" in first and "recency" in first
    assert "recency: its note is dated 2026-11-20, the latest of the notes that match" in first


def test_the_pool_is_of_notes_not_chunks():
    """One long note's 30 chunks ranked first left no place for another note in a pool of 20 chunks."""
    from minirag_cli.latest import best_of_notes
    from minirag_cli.retrieve import Hit

    hits = [Hit(c) for c in range(1, 34)]
    rows = {c: (c, f"n{doc}.md", "", 1, 1, "text", doc)
            for c, doc in zip(range(1, 34), [1] * 30 + [2, 3, 4])}
    assert best_of_notes(hits, rows, 3) == {1: 0, 2: 30, 3: 31}


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
def test_a_month_asked_about_bounds_the_latest(journal, mode):
    """"… in October?": the latest note of October, not of November."""
    result = _search(journal, "When did I last see Priya in October?", mode)
    assert result.results[0]["path"] == "daily/2026-10-17.md", [r["path"] for r in result.results]
    latest = result.to_dict()["latest"]
    assert latest["within"] == ["2026-10-01/2026-10-31"]
    assert [n["date"] for n in latest["notes"]] == ["2026-10-17", "2026-10-03"]


@pytest.mark.parametrize("path,head,day", [
    # a weekly or monthly note is its period whatever day its head writes, as the asked days' notes read it
    # (datednotes.note_span): were its head's day, 2026-11-22 (a Sunday), 2026-11-02, 2026-11-30
    ("weekly/2026-W47.md", "date: 2026-11-22", "2026-11-16/2026-11-22"),
    ("weekly/2026-W45.md", "# Week of 2026-11-02", "2026-11-02/2026-11-08"),
    ("monthly/2026-11.md", "Review · date: 2026-11-30", "2026-11-01/2026-11-30"),
    ("monthly/2026-11.md", "# November 2026", "2026-11-01/2026-11-30"),
    # a day keeps its time of day (a chat's `Time:` line orders the day's notes)
    ("chats/20260122_1500.txt", "Time: 20260122_15:00", "2026-01-22 15:00"),
    ("daily/2026-11-20.md", "# 2026-11-20", "2026-11-20"),
    ("people/priya.md", "# Priya", ""),
])
def test_a_notes_day_is_the_one_the_asked_days_read(path, head, day):
    from minirag_cli.datednotes import note_span
    from minirag_cli.latest import note_day

    assert note_day(head, path, "") == day
    span = note_span(path, "", head)
    first, _slash, last = day.partition("/")
    assert (span is None and not day) or (str(span[0]), str(span[1])) == (first[:10], (last or first)[:10])


def _reorder(notes: dict[str, tuple[str, str]], spans=None):
    """latest.reorder over one chunk per note: path -> (head, text), ranked in that order."""
    from minirag_cli.latest import reorder
    from minirag_cli.retrieve import Hit

    hits = [Hit(c) for c in range(1, len(notes) + 1)]
    rows = {c: (c, path, "", 1, 1, text, c) for c, (path, (_head, text)) in zip(range(1, len(notes) + 1),
                                                                             notes.items())}
    heads = {c: head for c, (head, _t) in zip(rows, notes.values())}
    latest = latest_words("When did I last see Priya?")
    return reorder(hits, latest, rows, {c: c - 1 for c in rows}, heads, spans)


def test_a_weekly_review_competes_by_its_week_not_the_day_its_head_writes():
    import datetime as dt

    notes = {"weekly/2026-W47.md": ("date: 2026-11-22", "Saw Priya twice this week."),
             "daily/2026-11-20.md": ("# 2026-11-20", "Bumped into Priya at the market.")}
    out = _reorder(notes)
    # the day that met Priya is the latest, not the week's review written on its Sunday (was first: 11-22)
    assert [(p, d) for _c, p, d in out.dated] == [("daily/2026-11-20.md", "2026-11-20"),
                                                  ("weekly/2026-W47.md", "2026-11-16/2026-11-22")]
    # asked about the Wednesday of that week, the review is one of its notes (was left out: dated 11-22)
    wednesday = dt.date(2026, 11, 18)
    out = _reorder(notes, [(wednesday, wednesday)])
    assert [p for _c, p, _d in out.dated] == ["weekly/2026-W47.md"]


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
def test_of_one_day_the_later_time_comes_first(tmp_path, mode):
    """Two notes of one day that name Priya: the morning's says more of her
    and ranks first; the evening's is the latest (note_day keeps the time of
    day: a chat's `Time:` line, a Zettelkasten ID's time, a front matter's
    `date:`), so it comes first, and a day without a time comes after both."""
    notes = {
        "chats/20261120_0900.txt": "Time: 20261120_09:00\nPriya: Morning! Priya here, Priya again, coffee with "
                                   "Priya's team at nine?\nMe: Sure, see you Priya.\n",
        "zettel/202611201830 Dinner.md": "# Dinner\n\nDinner with Priya.\n",
        "log/standup.md": "---\ndate: 2026-11-20T13:15\n---\n\nStandup, Priya presented.\n",
        "daily/2026-11-20.md": "# 2026-11-20\n\nPriya and Priya's sister, Priya Priya.\n",
    }
    write_notes(tmp_path / "notes", notes)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    result = _search(db, "When did I last see Priya?", mode)
    assert result.results[0]["path"] == "zettel/202611201830 Dinner.md", [r["path"] for r in result.results]
    assert [n["date"] for n in result.to_dict()["latest"]["notes"]] == [
        "2026-11-20 18:30", "2026-11-20 13:15", "2026-11-20 09:00", "2026-11-20"]


# a campaign's sessions and a manager's 1:1s: "last session", "our last 1:1", "the last staff meeting" ask for the
# latest of that kind of note; the old ones say most of it, and a newer note of another kind names Priya too
KINDS = {
    "Sessions/Session 01 - 2026-08-22.md": "# Session 01\n\nWhat happened: the party met; session one of the "
                                           "campaign, a long session, the session that started it all.\n",
    "Sessions/Session 02 - 2026-09-05.md": "# Session 02\n\nThe party found the library in this session.\n",
    "Sessions/Session 03 - 2026-11-28.md": "# Session 03\n\nJail break.\n",
    "NPCs/Brother Osk.md": "# Brother Osk\n\nThe last keeper of the library; what happened to him is a mystery. "
                           "He was the last keeper.\n",
    "1-1/Priya/2026-11-12.md": "# 1:1 Priya\n\nPriya raised the on-call load; Priya raised hiring; Priya wants "
                               "to lead Atlas. Priya raised it again.\n",
    "1-1/Priya/2026-12-03.md": "# 1:1 Priya\n\nPriya asked about the reorg.\n",
    "daily/2026-12-05.md": "# 2026-12-05\n\nLunch; Priya raised a question at the all-hands.\n",
    "meetings/staff/2026-11-10.md": "# Staff meeting\n\nBudget, hiring, budget again; the staff meeting ran long.\n",
    "meetings/staff/2026-12-01.md": "# Staff meeting\n\nReorg.\n",
}


@pytest.fixture(scope="module")
def kinds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kinds")
    write_notes(tmp / "notes", KINDS)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first,kind", [
    ("what happened last session?", "Sessions/Session 03 - 2026-11-28.md", "session"),
    ("what happened in the last session?", "Sessions/Session 03 - 2026-11-28.md", "session"),
    ("what did Priya raise in our last 1:1?", "1-1/Priya/2026-12-03.md", "1:1"),  # not the newer daily note
    ("what did we discuss at the last staff meeting?", "meetings/staff/2026-12-01.md", "meeting"),
])
def test_last_before_a_kind_of_note_asks_for_the_latest_of_them(kinds, question, first, kind, mode):
    result = _search(kinds, question, mode)
    assert result.results[0]["path"] == first, [r["path"] for r in result.results]
    assert result.to_dict()["latest"]["kind"] == kind


@pytest.mark.parametrize("question", ["who was the last keeper?", "what happened the last time?",
                                      "what did we discuss at last week's meeting?", "When did Priya last call Tom?",
                                      "When did Priya last review the budget?", "When did Tom last practice?"])
def test_last_before_other_words_is_read_as_before(kinds, question):
    assert latest_words(question) is None
    assert _search(kinds, question).latest is None


def test_the_result_placed_first_by_its_date_says_so(kinds, monkeypatch):
    """The latest note moved first has a lower score than the next result: the
    order is by its date, and the JSON (`ranked_by`) and the table say so."""
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(kinds))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    question = "what happened last session?"
    out = CliRunner().invoke(app, ["ask", question, "--json", "--no-answer"])
    assert out.exit_code == 0, out.output
    results = json.loads(out.stdout)["results"]
    assert results[0]["path"] == "Sessions/Session 03 - 2026-11-28.md"
    assert results[0]["score"] < results[1]["score"]  # placed by its date, not by the score shown
    assert results[0]["ranked_by"] == "recency" and all("ranked_by" not in r for r in results[1:])
    out = CliRunner().invoke(app, ["ask", question, "--no-answer"])
    assert out.exit_code == 0, out.output
    first = out.stdout.split(" 2. ")[0]
    assert "first as the latest (2026-11-28), score" in first
    assert "first as the latest" not in out.stdout.split(" 2. ")[1]


def test_a_moved_result_is_marked_and_the_others_are_not(journal):
    """"when did I last see Priya?" (read so before `ranked_by`): the 11-20 note
    is first by its date, below the score of the long old lunch after it."""
    result = _search(journal, "When did I last see Priya?")
    first, second = result.results[0], result.results[1]
    assert first["path"] == "daily/2026-11-20.md" and first["score"] < second["score"]
    assert first["ranked_by"] == "recency" and "ranked_by" not in second
    # an order the date did not change is left unmarked
    assert all("ranked_by" not in r for r in _search(journal, "What did I do with Priya?").results)


# "the last <visit/trip/episode/lesson>" (review revC of the merged kinds): a note of that kind, not any note that
# mentions it. A family's dentist note, a trips page and a TV note against newer daily notes naming the same thing;
# a retro folder and a journal of meetings for the readings kept
LAST_OF = {
    "Health/Dentist.md": "# Dentist - Smile Bright Dental, Dr Ahmed\n\nCheck-ups every six months for Maya and Leo. "
                         "Last visit in October: Leo needs a filling, Maya all clear. The dentist was kind.\n",
    "Kids/Maya.md": "# Maya\n\nSwimming every Tuesday 17:30 at Riverside (Coach Dan). Piano on Thursdays.\n",
    "Trips.md": "# Trips\n\nThe last trip to Cornwall was lovely; we stayed in St Ives by the harbour.\n",
    "TV/Severance.md": "# Severance\n\nSeason 2 finale: the last episode ends with Mark choosing to stay with Helly "
                       "at Lumon. Episode 9 was the reveal of Cold Harbor.\n",
    "retros/2026-10-15.md": "# Retro 2026-10-15\n\nFlaky tests: we decided to quarantine them and fix within a week.\n",
    "retros/2026-11-26.md": "# Retro 2026-11-26\n\nDeploys are slow; decided to parallelise the pipeline.\n",
    "daily/2026-11-03.md": "# 2026-11-03\n\nMeeting with Anna about the budget: agreed to cut travel by 10%.\n",
    "daily/2026-11-17.md": "# 2026-11-17\n\nMaya swimming 17:30 - she moved up to Stage 6!\n",
    "daily/2026-11-20.md": "# 2026-11-20\n\nLunch, then a meeting with Anna on hiring: she wants two juniors.\n",
    "daily/2026-11-28.md": "# 2026-11-28\n\nTrain to Cornwall, booked the cottage for summer.\n",
    "daily/2026-12-04.md": "# 2026-12-04\n\nWatched two episodes of Severance tonight. Gym at 7, legs.\n",
    "daily/2026-12-05.md": "# 2026-12-05\n\nPottery: glazed the mugs. Anna texted about Christmas.\n",
    "daily/2026-12-06.md": "# 2026-12-06\n\nQuiet Sunday. Remember: Maya's dentist is on the 16th.\n",
    "daily/2026-12-07.md": "# 2026-12-07\n\nMaya's swimming cancelled tomorrow - pool closed. Leo has a cold.\n",
}


@pytest.fixture(scope="module")
def last_of(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("last_of")
    write_notes(tmp / "notes", LAST_OF)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,placed", [
    # no note of dentist visits, no dated one of trips, none of Severance's episodes, none of lessons: ranked as
    # before kinds were read, by their scores (the newest daily note naming the dentist, Cornwall, Severance or
    # swimming was placed first by its date)
    ("how did the last visit to the dentist go?", "daily/2026-12-06.md"),
    ("how was the last trip to Cornwall?", "daily/2026-11-28.md"),
    # (by their scores alone, "last" no longer searched: latest2, 12-07's "Maya's swimming" comes first in hybrid,
    # Trips.md's "The last trip" did; the recency vote stays out)
    ("when was the last swimming lesson?", None),
])
def test_the_last_of_a_kind_no_note_is_of_is_ranked_as_before(last_of, question, placed, mode):
    result = _search(last_of, question, mode)
    paths = [r["path"] for r in result.results]
    assert all("ranked_by" not in r and "recency" not in r["channels"] for r in result.results), paths
    assert placed is None or paths[0] != placed, paths
    latest = result.to_dict()["latest"]
    assert latest is None or not latest["notes"], latest  # Trips.md is of trips, and undated


@pytest.mark.parametrize("question,first", [
    ("what did we decide in the last retro?", "retros/2026-11-26.md"),  # the newest of the retros
    ("what did we decide in the last retro about flaky tests?", "retros/2026-10-15.md"),  # the one about them
    ("when was my last meeting with Anna?", "daily/2026-11-20.md"),  # a meeting: 12-05's text is not one
])
def test_the_last_of_a_kind_of_note_or_my_last_meeting_reads_the_latest(last_of, question, first):
    result = _search(last_of, question)
    assert result.results[0]["path"] == first, [r["path"] for r in result.results]
    assert result.latest is not None and result.latest.dated[0][1] == first


@pytest.mark.parametrize("question", ["what happened at the last class?", "what happened in the last episode?"])
def test_a_kind_no_note_is_of_asks_for_no_latest(kinds, question):
    """A campaign's notes hold no class and no episode: the newest session was placed first (the kind dropped, every
    note competed); now the question is not read as one about the latest."""
    result = _search(kinds, question)
    assert result.latest is None and result.to_dict()["latest"] is None
    assert all("ranked_by" not in r and "recency" not in r["channels"] for r in result.results)


# Review revH of fixL: "the last X" read only notes whose path or title say X, so a diary's sessions, written as
# "Therapy session with Dr Amal" in dated notes, were no longer read as a question about the latest, and the older
# session ranked first. With no note of the kind by path or title, the notes whose text says it compete. The cost,
# kept in sight: "the last episode of Severance" ranks the newest daily note that watched episodes first again.
DIARY = {
    "journal/2026-11-10.md": "# 2026-11-10\n\nTherapy session with Dr Amal. We talked about sleep and work stress.\n",
    "journal/2026-11-24.md": "# 2026-11-24\n\nTherapy session with Dr Amal. We talked about my brother and the move.\n",
    "journal/2026-12-01.md": "# 2026-12-01\n\nLong walk by the canal. Cooked a curry.\n",
    "Dr Amal.md": "# Dr Amal\n\nTherapist, Tuesdays 18:00, Riverside Clinic.\n",
}


@pytest.mark.parametrize("question", ["what did we talk about in the last session?",
                                      "what did we talk about in the last therapy session?",
                                      "when was the last session with Dr Amal?"])
def test_the_last_of_a_kind_no_path_names_is_read_from_the_notes_that_say_it(tmp_path, question):
    write_notes(tmp_path / "notes", DIARY)
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    result = _search(db, question)
    assert result.results[0]["path"] == "journal/2026-11-24.md", [r["path"] for r in result.results]
    assert result.results[0].get("ranked_by") == "recency" or result.results[1]["path"] != "journal/2026-11-24.md"


def test_the_last_episode_with_no_note_of_episodes_is_the_newest_note_that_says_one(last_of):
    """The trade-off above, pinned: no note's path or title says "episode", so the daily note that does competes."""
    result = _search(last_of, "what happened in the last episode of Severance?")
    assert result.results[0]["path"] == "daily/2026-12-04.md", [r["path"] for r in result.results]


# the same words for another note of the kind by its date: "our earliest session", "our first 1:1" the earliest; "two
# sessions ago", "the session before last", "the penultimate 1:1" the one before the latest. The note asked for is a
# short one each time; a long one in the middle says most of the kind (Session 02, the 10-22 1:1, the 11-24 meeting)
SERIES = {
    "Sessions/Session 01 - 2026-08-22.md": "# Session 01\n\nThe party met at the inn.\n",
    "Sessions/Session 02 - 2026-09-05.md": "# Session 02\n\nWhat happened: a long session, the session of the "
                                           "library; the first session in the dungeon, the session recap below. "
                                           "What happened in the session stays in the session.\n",
    "Sessions/Session 03 - 2026-10-17.md": "# Session 03\n\nJail break.\n",
    "Sessions/Session 04 - 2026-11-28.md": "# Session 04\n\nThe storm.\n",
    "Lectures/Lecture 1 - Intro.md": "---\ndate: 2026-09-07\n---\n# Lecture 1 - Intro\n\nSyllabus.\n",
    "Lectures/Lecture 2 - Graphs.md": "---\ndate: 2026-09-14\n---\n# Lecture 2 - Graphs\n\nWhat the first "
                                      "lecture promised: graphs; this lecture was about graphs, lecture notes.\n",
    "Lectures/Lecture 3 - Trees.md": "---\ndate: 2026-09-21\n---\n# Lecture 3 - Trees\n\nTrees.\n",
    "1-1/Priya/2026-10-01.md": "# 1:1 Priya\n\nPriya asked about the reorg.\n",
    "1-1/Priya/2026-10-22.md": "# 1:1 Priya\n\nPriya raised the on-call load; Priya raised hiring; Priya raised "
                               "Atlas. Priya raised it again in our first 1:1 after the offsite.\n",
    "1-1/Priya/2026-11-12.md": "# 1:1 Priya\n\nPriya wants a budget.\n",
    "1-1/Priya/2026-12-03.md": "# 1:1 Priya\n\nPriya asked for leave.\n",
    # older than every 1:1 and names Priya: no 1:1; the first thing done, a first aid kit, nine lives
    "daily/2026-09-01.md": "# 2026-09-01\n\nFirst thing I did today: a first aid course with Priya. Three meetings "
                           "this week. The cat has nine lives. In two weeks: Lisbon.\n",
    "meetings/staff/2026-11-10.md": "# Staff meeting\n\nBudget.\n",
    "meetings/staff/2026-11-24.md": "# Staff meeting\n\nWhat we discussed at the staff meeting: hiring, budget, the "
                                    "staff meeting schedule, the earliest staff meeting slot.\n",
    "meetings/staff/2026-12-01.md": "# Staff meeting\n\nReorg.\n",
}


@pytest.fixture(scope="module")
def series(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("series")
    write_notes(tmp / "notes", SERIES)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first", [
    ("what did Priya raise in our first 1:1?", "1-1/Priya/2026-10-01.md"),  # not the older daily note naming her
    ("what was the earliest lecture about?", "Lectures/Lecture 1 - Intro.md"),  # dated by its front matter
    ("what did we discuss at the earliest staff meeting?", "meetings/staff/2026-11-10.md"),
    ("what happened in our earliest session?", "Sessions/Session 01 - 2026-08-22.md"),
    ("when did I first see Priya?", "daily/2026-09-01.md"),
    ("when was the first time I met Priya?", "daily/2026-09-01.md"),
])
def test_first_before_a_kind_asks_for_the_earliest_of_them(series, question, first, mode):
    result = _search(series, question, mode)
    assert result.results[0]["path"] == first, [r["path"] for r in result.results]
    latest = result.to_dict()["latest"]
    assert (latest["from"], latest["place"]) == ("earliest", 1)
    assert result.results[0]["channels"]["recency"]["from"] == "earliest"
    assert result.results[0]["channels"]["recency"]["score"] == 1.0


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first,place,day", [
    ("what happened two sessions ago?", "Sessions/Session 03 - 2026-10-17.md", 2, "2026-10-17"),
    ("what happened 2 sessions ago?", "Sessions/Session 03 - 2026-10-17.md", 2, "2026-10-17"),
    ("what happened in the session before last?", "Sessions/Session 03 - 2026-10-17.md", 2, "2026-10-17"),
    ("what happened in the penultimate session?", "Sessions/Session 03 - 2026-10-17.md", 2, "2026-10-17"),
    # not "last session", which it holds
    ("what happened in the second to last session?", "Sessions/Session 03 - 2026-10-17.md", 2, "2026-10-17"),
    ("what did Priya raise in our 1:1 before the last one?", "1-1/Priya/2026-11-12.md", 2, "2026-11-12"),
    ("what did Priya raise in the penultimate 1:1?", "1-1/Priya/2026-11-12.md", 2, "2026-11-12"),
    ("what did Priya say two 1:1s ago?", "1-1/Priya/2026-11-12.md", 2, "2026-11-12"),
    ("what did Priya say four 1:1s ago?", "1-1/Priya/2026-10-01.md", 4, "2026-10-01"),
    ("what was the lecture before last about?", "Lectures/Lecture 2 - Graphs.md", 2, "2026-09-14"),
])
def test_ago_before_last_and_penultimate_ask_for_the_one_before_the_latest(series, question, first, place, day, mode):
    result = _search(series, question, mode)
    assert result.results[0]["path"] == first, [r["path"] for r in result.results]
    latest = result.to_dict()["latest"]
    assert (latest["from"], latest["place"]) == ("latest", place)
    assert latest["notes"][place - 1]["path"] == first  # the notes stay newest first
    assert result.results[0]["channels"]["recency"] == {"score": round(1 / place, 6), "date": day}


def test_more_notes_ago_than_there_are_moves_none(series):
    result = _search(series, "what happened ten sessions ago?")
    assert result.latest is not None and result.latest.chosen is None and not result.latest.moved
    assert all("ranked_by" not in r for r in result.results)


@pytest.mark.parametrize("question", [
    "what was the first thing I did today?", "where is the first aid kit?", "nine lives", "three meetings this week",
    "what are we doing in two weeks?", "what did I do first?", "Should I first call Priya?",
    "what happened two weeks ago?", "the meeting before last week", "what did we cover in previous sessions?",
    "the first sessions were slow", "first class tickets to Lisbon", "my previous job",
    "When was the first time Wolfgang went to the basement?",  # someone else's first time (LiHua dev's lihua-96)
])
def test_first_and_before_in_other_words_are_read_as_before(series, question):
    assert latest_words(question) is None
    result = _search(series, question)
    assert result.latest is None
    assert all("ranked_by" not in r and "recency" not in r["channels"] for r in result.results)


def test_json_and_table_say_the_earliest_and_the_one_before_the_latest(series, monkeypatch):
    """Placed first by its date as "last session" is: `ranked_by` in the JSON, the table's "first as …" line
    says which note of the kind it is, and --explain its place."""
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(series))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    for question, placed, explained in [
        ("what did Priya raise in our first 1:1?", "first as the earliest (2026-10-01), score",
         "recency: its note is dated 2026-10-01, the earliest of the notes that match"),
        ("what happened two sessions ago?", "first as the one before the latest (2026-10-17), score",
         "recency: its note is dated 2026-10-17, number 2 from the latest"),
        ("what did Priya say four 1:1s ago?", "first as number 4 from the latest (2026-10-01), score",
         "recency: its note is dated 2026-10-01, number 4 from the latest"),
    ]:
        out = CliRunner().invoke(app, ["ask", question, "--json", "--no-answer"])
        assert out.exit_code == 0, out.output
        results = json.loads(out.stdout)["results"]
        assert results[0]["ranked_by"] == "recency" and all("ranked_by" not in r for r in results[1:]), question
        out = CliRunner().invoke(app, ["ask", question, "--no-answer", "--explain"])
        assert out.exit_code == 0, out.output
        first = out.stdout.split(" 2. ")[0]
        assert placed in first and explained in first, first


def test_the_earliest_of_a_month_is_its_first_daily_note_not_the_months_note(journal):
    """A month's note says nothing of which of its days: for the earliest it competes by its last day (by its
    first, `monthly/2026-11.md` would come before the 11-02 coffee)."""
    result = _search(journal, "When did I first see Priya in November?")
    assert result.results[0]["path"] == "daily/2026-11-02.md", [r["path"] for r in result.results]
    assert result.to_dict()["latest"]["from"] == "earliest"


# review of sessions: a campaign whose Session 0 (the GMs' session zero) is older than Session 01, whose latest
# session says no "recap", and a gym's daily note that says "session" and is newer than every session
CAMPAIGN = {
    "Sessions/Session 0 - 2026-08-15.md": "# Session 0\n\nSession zero: characters, table rules, the map of the "
                                          "region.\n",
    "Sessions/Session 01 - 2026-08-22.md": "# Session 01\n\nThe party met at the Prancing Goat inn. Brother Osk "
                                           "hired them.\n",
    "Sessions/Session 02 - 2026-09-05.md": "# Session 02\n\nThe library heist. Recap: they stole the map.\n",
    "Sessions/Session 03 - 2026-10-17.md": "# Session 03\n\nJail break. Recap of the library heist fallout.\n",
    "Sessions/Session 04 - 2026-11-28.md": "# Session 04\n\nThe storm at sea. The party lost the map overboard.\n",
    "daily/2026-12-01.md": "# 2026-12-01\n\nGym: the earliest session I can book on Saturdays is 7am, a recap of "
                           "the session rules at the desk.\n",
}


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("campaign")
    write_notes(tmp / "notes", CAMPAIGN)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first,place", [
    # Session 04, the latest, says no "recap": counted among the notes that did, Session 02 was placed first
    ("recap of the session before last", "Sessions/Session 03 - 2026-10-17.md", 2),
    # Session 03 says no "map": counted among the three that do, Session 02 was
    ("what did the party do with the map two sessions ago?", "Sessions/Session 03 - 2026-10-17.md", 2),
    # the gym's note says "session" and is newer: a session by its path first, as "the last session" reads it
    ("what happened two sessions ago?", "Sessions/Session 03 - 2026-10-17.md", 2),
    ("what did we decide about the heist three sessions ago?", "Sessions/Session 02 - 2026-09-05.md", 3),
    ("what happened in our earliest session?", "Sessions/Session 0 - 2026-08-15.md", 1),
])
def test_the_place_is_counted_among_all_the_notes_of_the_kind(campaign, question, first, place, mode):
    """The place from the latest, and the earliest, are counted among the notes of the kind (by their path or
    title first), not among those that hold the question's other words."""
    result = _search(campaign, question, mode)
    assert result.results[0]["path"] == first, [r["path"] for r in result.results]
    latest = result.to_dict()["latest"]
    assert latest["place"] == place and latest["terms"] == [], latest
    assert [n["path"] for n in latest["notes"]] == sorted(p for p in CAMPAIGN if p.startswith("Sessions/"))[::-1]


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question", ["what happened with the map in the first session?",
                                      "what happened in the first session?", "our 1st session"])
def test_the_first_session_of_a_numbered_series_is_session_01_not_the_earliest(campaign, question, mode):
    """"first" before a numbered kind: with a `Session 01` among the notes, the number's (numbering.py) search
    ranks it, and nothing is placed by its date (the earliest, Session 0, placed first above it, and the
    earliest that said "map" before that)."""
    assert latest_words(question).first_numbered
    result = _search(campaign, question, mode)
    assert result.latest is None
    assert result.results[0]["path"] == "Sessions/Session 01 - 2026-08-22.md", [r["path"] for r in result.results]


def test_the_first_of_a_kind_no_note_numbers_is_the_earliest(series):
    """No `Staff meeting 1`: "the first staff meeting" (a kind numbering does not read) is the earliest."""
    assert not latest_words("what did we discuss at the first staff meeting?").first_numbered
    result = _search(series, "what did we discuss at the first staff meeting?")
    assert result.results[0]["path"] == "meetings/staff/2026-11-10.md", [r["path"] for r in result.results]
    assert result.to_dict()["latest"]["from"] == "earliest"


@pytest.mark.parametrize("question", [
    # a plan, a habit: "first" and a verb in the present (review of sessions)
    "When we first start the container, which env vars do we need?", "when I first visit a new client what should "
    "I bring?", "If I first write the tests, does CI pass?", "When I first go live, who gets paged?",
    "Shall we first go to the bank or the post office?", "Will we first meet at the station?",
    "the first time I run the script it asks for a key", "When do we first need the badge?",
    "the first time I'd like to visit Rome",
    # "the first" of an act any day, or of a time to come
    "Why is the first sync so slow?", "Why does the first call to the API return 401?",
    "what happens on the first run?",
    "the first match in the regex", "the first review of the PR", "What's the earliest appointment I can get at the "
    "dentist?", "What is the earliest session I can book at the gym?", "the first available appointment",
    "the earliest session we could attend", "the first note of the song", "the first entry in the changelog",
    # a day before a period, none before the latest, a number beyond the words read
    "What did we agree at the team meeting before last Christmas?", "the meeting before last summer",
    "the lecture before last Easter", "the session before last term", "the class before last semester",
    "the review before last quarter", "what happened 0 sessions ago?", "what happened twenty one sessions ago?",
    "what happened twenty-one sessions ago?",
    # "previous": a GM preparing the next game means the latest
    "recap of the previous session", "previous meeting notes template", "what did Priya ask in our previous 1:1?",
])
def test_first_before_last_and_previous_in_other_senses_are_not_read(question):
    assert latest_words(question) is None


@pytest.mark.parametrize("question,words,earliest,place", [
    ("when did I first meet Priya?", "did I first", True, 1),
    ("where we first met", "we first", True, 1),
    ("When I first heard about Rust, what did I think?", "I first", True, 1),
    ("had we first talked about the budget in October?", "had we first", True, 1),
    ("I'd first visited Lisbon in spring", "I'd first", True, 1),
    ("the first time we went to Lisbon", "first time we", True, 1),
    ("Is this the first time I've had a migraine?", "first time I've", True, 1),
    ("my first appointment with Dr Amal", "my first appointment", True, 1),
    ("what did we discuss at the earliest staff meeting?", "the earliest staff meeting", True, 1),
    ("my first note on Priya", "my first note", True, 1),
    ("What did we decide at our first meeting, I can't remember", "our first meeting", True, 1),
    ("the first time I'd seen snow", "first time I'd", True, 1),
    ("the session before last?", "the session before last", False, 2),
    ("what did we say in the meeting before last about the budget?", "the meeting before last", False, 2),
    ("the session before the last session", "the session before the last", False, 2),
    ("our 1:1 before the last one", "our 1:1 before the last one", False, 2),
    ("what happened twenty sessions ago?", "twenty sessions ago", False, 20),
    ("what happened 3 sessions ago?", "3 sessions ago", False, 3),
    ("the second-to-last session", "the second-to-last session", False, 2),
    ("the third to last meeting", "the third to last meeting", False, 3),
])
def test_first_before_last_ago_in_their_senses_are_read(question, words, earliest, place):
    asked = latest_words(question)
    assert asked is not None and (asked.words, asked.earliest, asked.place) == (words, earliest, place), asked


def test_a_name_after_i_first_and_its_verb_is_a_name():
    """"I first met Anna at the conference": the verb is no word of the match, so "Anna" does not open the rest
    (where its capital would be the sentence's)."""
    asked = latest_words("I first met Anna at the conference, what's her email?")
    assert asked.names == ("Anna",) and asked.earliest


def test_the_verbs_of_first_ask_for_nothing_a_note_must_say():
    """"When did I first try the new espresso machine?": "try" is no word the note must hold, as "see" is not."""
    assert latest_words("When did I first try the new espresso machine?").terms == ("new", "espresso", "machine")
    assert latest_words("where we first played chess").terms == ("chess",)


def test_a_pasted_page_is_read_as_fast_as_before():
    """Review of sessions: 2 MB of blanks after "the" cost latest_words 8 s (main 0.75 s), numbered_phrases 3.5 s
    (0.37 s): their regexes opened with free starts and blanks that backtracked. Timed against the regexes main
    scans such a question with (the same machine, the same moment)."""
    import time

    from minirag_cli import latest, numbering

    def timed(work) -> float:
        began = time.perf_counter()
        work()
        return time.perf_counter() - began

    for text in ["the " + " " * 200_000 + "session", "previous " * 20_000]:
        before = min(timed(lambda: list(latest._LATEST.finditer(text))) for _ in range(3))
        assert min(timed(lambda: latest_words(text)) for _ in range(3)) < 3 * before + 0.05
        before = min(timed(lambda: list(numbering._NUMBERED.finditer(text))) for _ in range(3))
        assert min(timed(lambda: numbering.numbered_phrases(text)) for _ in range(3)) < 3 * before + 0.05


# Two testers' vaults (latest2), asked on Monday 2026-12-07: a runner's journal with a race page dated ahead, a PhD's
# supervisor meetings with tomorrow's agenda, a trip planned in daily notes and on a page dated by the trip
MONDAY = dt.date(2026, 12, 7)
RUNNER = {
    "journals/2026-11-08.md": "# 2026-11-08\n\nLong run 16 km, the last km downhill; knee sore after the last 3k, "
                              "the last hill was the last straw.\n",
    "journals/2026-11-14.md": "# 2026-11-14\n\nHaircut at Tony's, £25. Bought apples.\n",
    "journals/2026-11-20.md": "# 2026-11-20\n\nLong run 14 km along the canal: a good run, the run of the month. "
                              "Trip plan v1: Lisbon for three nights, then Porto.\n",
    "journals/2026-11-28.md": "# 2026-11-28\n\nParkrun 24:51 with Jess, a bit blocked up still.\n",
    "journals/2026-12-02.md": "# 2026-12-02\n\n- Gym: squat 5x5 82.5kg\n- TODO Repeat blood test (ferritin)\n",
    "journals/2026-12-03.md": "# 2026-12-03\n\nRun 6 km easy. New plan for the trip: skip Lisbon, fly to Porto.\n",
    "journals/2026-12-04.md": "# 2026-12-04\n\nSkipped the gym, too tired. Pizza with Jess.\n",
    "journals/2026-12-05.md": "# 2026-12-05\n\nParkrun 24:05 with Jess, a course PB!\n",
    "journals/2026-12-07.md": "# 2026-12-07\n\n- Rest day, stretches\n- Plan for the week: easy 7k Tue, gym Wed, "
                              "parkrun Sat, long run 13k Sun\n",
    "journals/2026-10-14.md": "# 2026-10-14\n\nBlood test at the surgery, fasted. Nurse took 3 tubes.\n",
    "pages/Bath Half 2027.md": "---\ndate: 2027-03-14\n---\n# Bath Half 2027\n\nThe race: a half marathon run. "
                               "Plan: 4 runs a week, a long run every Sunday, run run run; 2 gym sessions.\n",
    "Trips/Portugal 2027.md": "---\ndate: 2027-04-02\n---\n# Portugal trip\n\nThe plan for the trip: Lisbon, Sintra, "
                              "Porto. Trip plan, trip budget, trip plan again.\n",
    "Meetings/2026-11-17 Supervisor.md": "---\ndate: 2026-11-17\n---\n# Supervisor meeting\n\nMaria on chapter 3: "
                                         "fine. Chapter 3 and chapter 4 timelines.\n",
    "Meetings/2026-11-24 Supervisor.md": "---\ndate: 2026-11-24\n---\n# Supervisor meeting\n\nMaria said chapter 3 "
                                         "needs a new intro.\n",
    "Meetings/2026-12-08 Supervisor.md": "---\ndate: 2026-12-08\n---\n# Supervisor meeting (agenda)\n\nChapter 3 "
                                         "status for Maria: chapter 3 table, chapter 3 intro, ask Maria about "
                                         "chapter 3 again.\n",
}


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runner")
    write_notes(tmp / "notes", RUNNER)
    db = tmp / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return db


def _ask_on_monday(db, question: str, mode: str = "hybrid"):
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}),
                    embedder_factory=hashing_embedder) as index:
        return index.search(question, RetrievalOptions(k=10, mode=mode), today=MONDAY)


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first,later", [
    # tomorrow's agenda says most of Maria and chapter 3: it was placed first "as the latest (2026-12-08)"
    ("what did maria say about chapter 3 last meeting?", "Meetings/2026-11-24 Supervisor.md",
     "Meetings/2026-12-08 Supervisor.md"),
    ("when was my last supervisor meeting?", "Meetings/2026-11-24 Supervisor.md", "Meetings/2026-12-08 Supervisor.md"),
])
def test_a_note_dated_after_the_asking_day_is_not_the_latest(runner, question, first, later, mode):
    result = _ask_on_monday(runner, question, mode)
    paths = [r["path"] for r in result.results]
    assert paths[0] == first, paths
    summary = result.to_dict()["latest"]
    assert later in [n["path"] for n in summary["later"]], summary
    assert later not in [n["path"] for n in summary["notes"]] and later in paths  # it keeps a place by its score


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question", ["when was my last run?", "when did I last run?"])
def test_a_race_page_dated_ahead_is_not_my_last_run_but_a_plan_for_the_week_is(runner, question, mode):
    """The race page dated 2027-03-14 was "my last run" ("my last run" dropped its noun: every dated note competed).
    The cost, pinned (review of latest2): today's "Plan for the week: … long run 13k Sun" says a run as a note of
    one done does; the rule that told them apart by their sentences dropped notes of things done ("Run 5k, missed
    the PB"), and was taken out."""
    result = _ask_on_monday(runner, question, mode)
    paths = [r["path"] for r in result.results]
    assert paths[0] == "journals/2026-12-07.md", paths
    summary = result.to_dict()["latest"]
    assert [n["path"] for n in summary["later"]] == ["pages/Bath Half 2027.md"], summary
    assert "journals/2026-12-03.md" in [n["path"] for n in summary["notes"]]  # "Run 6 km easy."


@pytest.mark.parametrize("question", ["when was my last swim", "when was my last swim?", "my last call"])
def test_my_last_x_no_note_says_is_no_question_about_the_latest(runner, question):
    """No note swims: every dated note competed (the noun dropped) and the race page won."""
    result = _ask_on_monday(runner, question)
    assert result.latest is None and result.to_dict()["latest"] is None
    assert all("ranked_by" not in r and "recency" not in r["channels"] for r in result.results)


def test_the_words_that_ask_for_the_latest_are_not_searched(runner):
    """BM25 searched "last": the note of "the last km", "the last hill", which holds no Jess, came in."""
    paths = [r["path"] for r in _ask_on_monday(runner, "when did I last see Jess?", "bm25").results]
    assert "journals/2026-11-08.md" not in paths and paths[0] == "journals/2026-12-05.md", paths


def test_a_decomposed_clause_does_not_search_last_either(runner):
    from minirag_cli.latest import without_recency
    from minirag_cli.retrieve import question_clauses

    clauses = question_clauses("what did I eat after I last went to parkrun with Jess?", 1)
    assert len(clauses) == 2 and [without_recency(c).split() for c in clauses][1] == ["I", "went", "to", "parkrun",
                                                                                      "with", "Jess"], clauses
    paths = [r["path"] for r in _ask_on_monday(runner, "what did I eat after I last went to parkrun with Jess?",
                                               "bm25").results]
    assert "journals/2026-11-08.md" not in paths, paths


@pytest.mark.parametrize("question", [
    "what did I do the last time?", "how was the last km?", "what were the last 2 runs like?", "my last 3 runs",
    "my last few runs", "the last but one run", "my last but one run", "at last a good run", "what did I do last week?",
    "what did I eat last night?", "when is my last exam?", "when's my last day at work?", "who was the last keeper?",
    "what happens in the last chapter?", "my last name", "is this my last chance?", "what was my last km split?",
    # the previous one, not the newest note saying it (review of latest2: an open noun read 2026-11-20 for the job)
    "who was my boss at my last job?", "what was my last address?", "who was my last landlord?",
    # nor the first word after "last" as a kind ("our last date night": a `Date:` line said it)
    "when was our last date night?", "when was my last eye test?", "when was the last full moon?",
    "my last handful of runs",
])
def test_last_before_a_count_a_part_a_time_to_come_or_another_noun_is_not_read(question):
    assert latest_words(question) is None


@pytest.mark.parametrize("question,text,held", [
    # "my last run" asking nothing else: a note that says a run, as a word with its endings
    ("when was my last run?", "Run 6 km easy.", True), ("when was my last run?", "Went running by the river.", True),
    ("when was my last run?", "Runs this week: 3", True),
    ("when was my last run?", "Got the rundown on the runway works.", False),
    # a run done says so whatever the rest of its sentence says (review of latest2: these were dropped)
    ("when was my last run?", "Run 5k, missed the PB by 3 seconds.", True),
    ("when was my last run?", "Great run, didn't stop once.", True),
    ("when was my last run?", "Long run 14k (training plan week 3).", True),
    ("when was my last call?", "Called the bank about the card.", True),
    ("when was my last call?", "Callback booked with the bank.", False),
    ("when was my last swim?", "Swimming 1km at the lido.", True), ("when was my last swim?", "New swimsuit.", False),
])
def test_my_last_x_asking_nothing_else_is_a_note_that_says_x(question, text, held):
    """"my last run" was read without its noun: every note held it, "rundown" too."""
    asked = latest_words(question)
    assert asked.holds(text) is held


def test_a_short_kind_is_its_whole_word():
    """A kind's plural s was cut off short words ("bus" became "bu": "but", "busy" said a bus)."""
    import re

    from minirag_cli.latest import _kind_pattern

    bus = re.compile(_kind_pattern("bus"), re.I)
    assert not bus.search("but a busy day") and bus.search("Took the bus home.") and bus.search("Two buses late.")
    assert re.search(_kind_pattern("sessions"), "session 09"), "a plural kind is still its singular's"


# review of latest2: a tester's daily notes, asked on Monday 2026-12-07 (tomorrow's list is dated 12-08). The rule that
# read "plan", "next", "booked", "missed", "didn't" as a thing not done dropped these notes of things done
EVERYDAY = {
    "Daily/2026-10-02.md": "# 2026-10-02\nDentist 3pm, small filling. Nurse was lovely.\nVisited mum after, brought "
                           "her soup.\n",
    "Daily/2026-10-20.md": "# 2026-10-20\n- Ran 8k with Jess along the canal\n- Coffee with Anna, talked about the "
                           "budget\n",
    "Daily/2026-11-05.md": "# 2026-11-05\nRun 10k, missed the PB by 3 seconds.\nDentist: all fine, next check-up in "
                           "6 months.\n",
    "Daily/2026-11-12.md": "# 2026-11-12\nMoved into the new flat! Landlord is Sarah, seems nice.\nSaw mum today; she "
                           "missed dad.\n",
    "Daily/2026-11-19.md": "# 2026-11-19\nHaircut at Tony's, booked the next one for January.\nMet Anna for lunch, "
                           "she didn't like the new proposal.\n",
    "Daily/2026-11-26.md": "# 2026-11-26\nLong run 16k (training plan week 3), knees fine.\nCalled mum, she's booked "
                           "her flights to Spain.\n",
    "Daily/2026-12-01.md": "# 2026-12-01\nGreat run this morning, didn't stop once. 12k.\nVisited mum, she didn't "
                           "eat much.\n",
    "Daily/2026-12-04.md": "# 2026-12-04\nQuiet day. Laundry, groceries, read a book.\n",
    "Daily/2026-12-05.md": "# 2026-12-05\nParkrun 23:58 - sub 24 at last!\nLunch with mum, she's planning a trip to "
                           "Spain in spring.\n",
    "Daily/2026-12-06.md": "# 2026-12-06\nGym - legs, following the 5x5 plan. Squat 85kg.\n",
    "Daily/2026-12-08.md": "# 2026-12-08\n- [ ] dentist 9:00\n- [ ] run 5k\n- call mum\n- gym\n",
    "People/Mum.md": "# Mum\nLives in Leeds. Birthday 3 March. Likes soup and gardening.\n",
}
# ... and one whose "my last visit / trip / session with …" no note says as such: its other words choose the notes
VISITS = {
    "Daily/2026-03-02.md": "# 2026-03-02\nDentist 3pm. The dentist said the dentist filling was fine; dentist again "
                           "in spring. Dentist bill £60.\nTherapist 5pm: talked about sleep, therapist suggested a "
                           "diary.\nDrove to Cornwall, Cornwall was lovely, Cornwall coast walk.\n",
    "Daily/2026-08-14.md": "# 2026-08-14\nDentist 9am, one filling.\nTherapist: work stress.\n",
    "Daily/2026-11-20.md": "# 2026-11-20\nDentist at lunch, quick clean.\nTherapist again, better week.\nWeekend in "
                           "Cornwall, St Ives.\n",
    "Daily/2026-12-01.md": "# 2026-12-01\nShopping, laundry.\n",
}


@pytest.fixture(scope="module")
def everyday(tmp_path_factory):
    dbs = {}
    for vault, notes in (("everyday", EVERYDAY), ("visits", VISITS)):
        tmp = tmp_path_factory.mktemp(vault)
        write_notes(tmp / "notes", notes)
        dbs[vault] = tmp / "index.sqlite"
        with Index.open(effective({"db": str(dbs[vault]), "embedding_model": "hashing:64"}), create=True,
                        embedder_factory=hashing_embedder) as index:
            index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    return dbs


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("vault,question,first", [
    ("everyday", "when did I last see my mum?", "Daily/2026-12-05.md"),
    ("everyday", "when did I last call mum?", "Daily/2026-12-05.md"),
    ("everyday", "when did I last go to the dentist?", "Daily/2026-11-05.md"),
    ("everyday", "when was my last visit to the dentist?", "Daily/2026-11-05.md"),
    ("everyday", "when was my last run?", "Daily/2026-12-01.md"),
    ("everyday", "when did I last go to the gym?", "Daily/2026-12-06.md"),
    ("visits", "when was my last visit to the dentist?", "Daily/2026-11-20.md"),
    ("visits", "when was my last trip to Cornwall?", "Daily/2026-11-20.md"),
    ("visits", "what did we talk about in my last session with the therapist?", "Daily/2026-11-20.md"),
])
def test_the_latest_of_what_the_asker_did_in_everyday_notes(everyday, vault, question, first, mode):
    """Tomorrow's to-do list (2026-12-08) was the latest for every one of the first six; latest2 then took the
    dentist, mum and run notes out as things not done, and read "my last visit/trip/session" by its noun alone."""
    result = _ask_on_monday(everyday[vault], question, mode)
    paths = [r["path"] for r in result.results]
    assert paths[0] == first, paths
    assert result.latest is not None and result.latest.dated[0][1] == first
