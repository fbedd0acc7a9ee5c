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
    # the race page dated 2027-03-14 was "my last run"
    ("when did I last run?", "journals/2026-12-03.md", "pages/Bath Half 2027.md"),
    # "latest" of a plan is the latest written: a page dated by the trip it plans is not written then
    ("what's the latest plan for the trip?", "journals/2026-12-03.md", "Trips/Portugal 2027.md"),
])
def test_a_note_dated_after_the_asking_day_is_not_the_latest(runner, question, first, later, mode):
    result = _ask_on_monday(runner, question, mode)
    paths = [r["path"] for r in result.results]
    assert paths[0] == first, paths
    summary = result.to_dict()["latest"]
    assert later in [n["path"] for n in summary["later"]], summary
    assert later not in [n["path"] for n in summary["notes"]] and later in paths  # it keeps a place by its score


@pytest.mark.parametrize("mode", ["hybrid", "bm25"])
@pytest.mark.parametrize("question,first", [
    # the noun was dropped and any dated note won (the race page, then today's plan for the week)
    ("when was my last run", "journals/2026-12-03.md"),
    ("how far was my last long run?", "journals/2026-11-20.md"),
    # not a note that skipped the gym (12-04) nor today's plan to go (12-07): "Gym: squat"
    ("my last gym session", "journals/2026-12-02.md"),
    ("when did I last go to the gym?", "journals/2026-12-02.md"),
    # kinds no list held: "last" was searched as a word and the note of "the last km" won
    ("when was my last parkrun?", "journals/2026-12-05.md"),
    ("when was the last parkrun?", "journals/2026-12-05.md"),
    ("my last haircut", "journals/2026-11-14.md"),
    # not the TODO of a blood test to come (12-02)
    ("when was my most recent blood test?", "journals/2026-10-14.md"),
])
def test_my_last_x_is_the_latest_note_that_says_x_done(runner, question, first, mode):
    result = _ask_on_monday(runner, question, mode)
    paths = [r["path"] for r in result.results]
    assert paths[0] == first, paths
    assert result.latest is not None and result.latest.dated[0][1] == first


@pytest.mark.parametrize("question", ["when was my last swim", "when was my last swim?", "my last yoga class"])
def test_my_last_x_no_note_says_is_no_question_about_the_latest(runner, question):
    """No note swims: every dated note competed (the noun dropped) and the race page won."""
    result = _ask_on_monday(runner, question)
    assert result.latest is None and result.to_dict()["latest"] is None
    assert all("ranked_by" not in r and "recency" not in r["channels"] for r in result.results)


def test_the_words_that_ask_for_the_latest_are_not_searched(runner):
    """BM25 searched "last": the note of "the last km", "the last hill", which holds no parkrun, came in."""
    paths = [r["path"] for r in _ask_on_monday(runner, "when was my last parkrun?", "bm25").results]
    assert "journals/2026-11-08.md" not in paths and paths[0] == "journals/2026-12-05.md", paths


@pytest.mark.parametrize("question,kind", [
    ("when was my last parkrun", "parkrun"), ("my last physio", "physio"), ("our latest offsite", "offsite"),
    ("the most recent blood test", "blood"), ("When was the last haircut?", "haircut"), ("my last run", "run"),
    ("what's the latest plan for the trip?", "plan"), ("my last swim with Jess", "swim"),
])
def test_any_noun_after_my_last_is_a_kind(question, kind):
    asked = latest_words(question)
    assert asked is not None and asked.kind == kind


@pytest.mark.parametrize("question", [
    "what did I do the last time?", "how was the last km?", "what were the last 2 runs like?", "my last 3 runs",
    "my last few runs", "the last but one run", "my last but one run", "at last a good run", "what did I do last week?",
    "what did I eat last night?", "when is my last exam?", "when's my last day at work?", "who was the last keeper?",
    "what happens in the last chapter?", "my last name", "is this my last chance?", "what was my last km split?",
])
def test_last_before_a_count_a_part_or_a_time_to_come_is_not_a_kind(question):
    assert latest_words(question) is None


@pytest.mark.parametrize("text,held", [
    # a sentence about a day to come or a thing not done says no run done
    ("- TODO Long run 13k on Sunday", False), ("Plan for the week: easy 7k Tue, long run 13k Sun", False),
    ("Will run tomorrow if the knee holds.", False), ("Booked a run club taster for Thursday.", False),
    ("Skipped the run, too tired.", False), ("No running for 3 days, says Sam.", False),
    ("- [ ] run 5k", False), ("Next run in 2 days.", False),
    # ... a run done says it, whatever the sentence after it says
    ("Run 6 km easy.", True), ("Long run 12 km, no knee pain.", True),
    ("Run with Jess. Will do it again next week.", True), ("Planted the bulbs after my run", True),
    ("Run with Tom; he'll pace me again.", True), ("Going to the gym after my run.", True),
    ("- DONE run 5k", True), ("- [x] run 5k", True), ("Went running by the river.", True),
    # a longer word is no run
    ("Got the rundown on the runway works.", False),
])
def test_a_run_planned_or_skipped_is_no_run(text, held):
    asked = latest_words("when was my last run?")
    assert asked.holds(text) is held


def test_a_question_about_writing_reads_the_plans_too():
    from dataclasses import replace

    plan = replace(latest_words("what's the latest plan for the trip?"), named=False)  # (no note's title says plan)
    assert plan.holds("New plan for the trip: skip Lisbon.")
    assert latest_words("when did I last write about running?").holds("Will go running tomorrow if the knee holds.")


def test_a_short_kind_is_its_whole_word():
    """"my last bus": the kind's plural s was cut off ("bu" said "but"), and any longer word said it ("busy")."""
    asked = latest_words("when was my last bus?")
    assert asked.kind == "bus"
    assert not asked.holds("but a busy day") and asked.holds("Took the bus home.") and asked.holds("Two buses late.")
    car = latest_words("when was my last car service?")
    assert car.kind == "car" and not car.holds("Card declined at the career fair.")
    assert car.holds("Car service at Kwik Fit, £180.")
