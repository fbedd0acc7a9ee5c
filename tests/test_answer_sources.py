"""What the answer model reads (answer.make_sources: the best lines of the
results, grouped by note, numbered by result rank, headed by the note's
date) and the order questions answered from the notes' dates (timeline.py),
on a real small index of dated chat notes."""

from __future__ import annotations

import pytest

from minirag_cli import answer as ans
from minirag_cli import timeline
from minirag_cli.config import effective
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, RetrievalOptions, SyncOptions
from minirag_cli.store import note_heads
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

CHATS = {
    "week1/20260105_1100.txt": (
        "Time: 20260105_11:00\n"
        "LiHua: Hey Tom! I just arrived in the city. Lunch together on the 8th?\n"
        "TomBaker: Great, I'll find a nice spot for lunch. See you on the 8th!\n"
        "LiHua: Perfect, looking forward to it.\n"),
    "week39/20260930_1600.txt": (
        "Time: 20260930_16:00\n"
        "TomBaker: Do you want to have pizza for dinner after work today?\n"
        "LiHua: Yes, pizza sounds great! Let's meet at 7.\n"),
    "week40/20261005_0900.txt": (
        "Time: 20261005_09:00\n"
        "AdamSmith: Please measure the size of the living room window.\n"
        "LiHua: Sure, I will measure it tonight.\n"),
    "week41/20261015_1200.txt": (
        "Time: 20261015_12:00\n"
        "AdamSmith: I have booked the curtain of the right size for your window.\n"
        "LiHua: Thank you, Adam!\n"),
    "misc/garden.md": "The community garden gets new benches in spring.\nNobody mentioned a colour.\n",
}


@pytest.fixture(scope="module")
def chats(tmp_path_factory):
    root = tmp_path_factory.mktemp("chats")
    write_notes(root / "notes", CHATS)
    settings = effective({"db": str(root / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([root / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        yield index.conn, index


def _search(conn, index, k=10):
    return lambda text: index.search(text, RetrievalOptions(k=k)).results


@pytest.mark.parametrize("first_line,path,date", [
    ("Time: 20260105_11:00", "week1/20260105_1100.txt", "2026-01-05 11:00"),
    ("# Trip notes", "journal/2025-06-30.md", "2025-06-30"),
    ("Meeting on 20251102", "x.md", "2025-11-02"),
    ("# Wolfgang", "people/wolfgang.md", ""),
    # a front matter's date line (store.note_heads), with a time, an ISO time or none
    ("date: 2024-05-01 14:30", "x.md", "2024-05-01 14:30"),
    ("created: 2024-05-01T14:30:00+02:00", "x.md", "2024-05-01 14:30"),
    ("date: '2024-05-01'", "2023-01-01.md", "2024-05-01"),
    ("---", "2023-01-01.md", "2023-01-01"),
    # a Zettelkasten ID: Obsidian's yyyymmddhhmm and Zettlr's yyyymmddhhmmss (no date before: qa19)
    ("# Eigenvalues", "Analysis II/202611031015 Eigenvalues.md", "2026-11-03 10:15"),
    ("# Eigenvalues", "Analysis II/20261103101500 Eigenvalues.md", "2026-11-03 10:15"),
    ("# A thought", "Zettel/20261108100000.md", "2026-11-08 10:00"),
    ("Logged 2026-01-22 15:00:30", "x.md", "2026-01-22 15:00"),
    ("# Build 202611031015001", "x.md", ""),
])
def test_note_date(first_line, path, date):
    assert ans.note_date(first_line, path) == date


# Notes that open with front matter (frontmatter.py), each with the date it should get
FRONT_MATTER = {
    "trips/lisbon.md": ("---\ntitle: Lisbon\ndate: 2026-05-01T14:30\ntags: [travel]\n---\n"
                        "Li Hua visited the Lisbon aquarium with Tom and watched the sea otters.\n", "2026-05-01 14:30"),
    "trips/porto.md": ("---\ncreated: 2026-06-10 09:15\n---\n"
                       "Li Hua tasted port wine in Porto with Tom at the riverside cellar.\n", "2026-06-10 09:15"),
    # `date` before `created`, whatever their order; a value that is no date is passed over
    "trips/both.md": ("---\ncreated: 2026-01-02\ndate: 2026-03-04\nupdated: 2026-09-09\n---\nBoth keys.\n",
                      "2026-03-04"),
    "trips/tbd.md": ("---\ndate: soon\ncreated: '2026-02-03'\n---\nA date to be decided.\n", "2026-02-03"),
    # Windows line ends and a byte order mark
    "trips/windows.md": ("\ufeff---\r\ndate: 2026-07-08\r\n---\r\nSaved on Windows.\r\n", "2026-07-08"),
    # no date in the block: the file name's, as before
    "journal/2026-08-09.md": ("---\ntitle: A day\n---\nNothing happened.\n", "2026-08-09"),
    # no closing line, or prose between two rules: no front matter, so no date from it
    "misc/unclosed.md": ("---\ndate: 2026-01-01\nThe block is never closed.\n", ""),
    "misc/rules.md": ("---\nA rule opens this note.\n---\ndate: 2026-01-01\n", ""),
}


@pytest.fixture(scope="module")
def front_matter_index(tmp_path_factory):
    root = tmp_path_factory.mktemp("front-matter")
    for rel, (text, _date) in FRONT_MATTER.items():
        (root / "notes" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "notes" / rel).write_bytes(text.encode("utf-8"))
    settings = effective({"db": str(root / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([root / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        yield index.conn, index


def test_a_front_matter_date_dates_the_note(front_matter_index):
    """A note opening with front matter had `---` for its first line and so
    no date (unless its file name had one): its `date:` (or `created:`) is
    its date in the sources' headers and for the order and "when" questions."""
    conn, index = front_matter_index
    rows = conn.execute("SELECT c.id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id").fetchall()
    results = [{"chunk_id": cid, "path": path, "text": ""} for cid, path in rows]
    dated = {s["path"]: s["date"] for s in _listed(conn, results)}
    assert dated == {path: date for path, (_text, date) in FRONT_MATTER.items()}


def test_order_and_when_answered_from_front_matter_dates(front_matter_index):
    conn, index = front_matter_index
    q = "Did Li Hua visit the Lisbon aquarium with Tom before she tasted port wine in Porto with Tom?"
    got = timeline.answer_order(q, _listed(conn, _search(conn, index)(q)), _search(conn, index, k=20))
    assert got is not None and got.verdict == "Yes" and "May 1, 2026 14:30" in got.text
    q = "When did Li Hua visit the Lisbon aquarium and watch the sea otters?"
    results = _search(conn, index)(q)
    got = timeline.answer_when(q, _listed(conn, results), _search(conn, index, k=20))
    assert got is not None and got.text.startswith("On May 1, 2026 14:30 [")
    # the date line is in the source's header, not among the lines the model reads
    heads = note_heads(conn, [r["chunk_id"] for r in results])
    sources = ans.make_sources("What did Li Hua watch at the Lisbon aquarium?", results, note_heads=heads)
    lisbon = next(s for s in sources if s["path"] == "trips/lisbon.md")
    assert lisbon["date"] == "2026-05-01 14:30" and "date:" not in lisbon["text"] and "otters" in lisbon["text"]


def test_sources_are_the_question_lines_with_dates_numbered_by_rank(chats):
    conn, index = chats
    q = "Did Tom ask Li Hua to have pizza for dinner?"
    results = _search(conn, index)(q)
    heads = note_heads(conn, [r["chunk_id"] for r in results])
    sources = ans.make_sources(q, results, note_heads=heads, embed=index.query_embedder().embed,
                               options=ans.AnswerOptions(lines=1))
    pizza = next(s for s in sources if s["path"] == "week39/20260930_1600.txt")
    assert pizza["date"] == "2026-09-30 16:00"
    assert pizza["n"] == next(r["rank"] for r in results if r["path"] == pizza["path"])  # cited by its rank
    assert "pizza for dinner" in pizza["text"] and "pizza sounds great" in pizza["text"]  # the line and the reply
    assert "Time:" not in pizza["text"]  # the date is in the header
    assert len({s["path"] for s in sources}) == len(sources)  # one source per note
    block = ans.source_blocks(sources)[0]
    assert block.startswith('<source id="1" date="') and "path=" not in block  # numbered in prompt order
    undated = ans.source_blocks([{"n": 3, "path": "misc/garden.md", "text": "benches"}])[0]
    assert undated.startswith('<source id="1" path="misc/garden.md">')


@pytest.mark.parametrize("lines", [ans.LINES, None])
def test_sources_carry_no_markdown_headings_or_fences(lines):
    """A note's `# 2026年5月3日` heading, read by SmolLM2-135M as a source
    line, came back as its answer's first line, `#` and all; a front matter's
    `---` fences were lines of the source too. The model reads a heading's
    words (the title) without its marker, and no rule or fence line."""
    text = ("---\ndate: 2026-04-02\ntags: [trip]\n---\n# 東京出張\n\n田中さんと新宿で会議をしました。\n\n"
            "***\n\n## Food\nラーメンを食べました。\n")
    results = [{"rank": 1, "chunk_id": 7, "path": "tokyo.md", "root": "/vault", "lines": [1, 13], "text": text}]
    sources = ans.make_sources("東京で何を食べましたか？", results, note_heads={7: "date: 2026-04-02"},
                               options=ans.AnswerOptions(lines=lines))
    read = sources[0]["text"].splitlines()
    assert "ラーメンを食べました。" in read and ("東京出張" in read or lines is not None)
    assert not [x for x in read if x.startswith("#") or set(x) <= set("-*_ ")], read
    assert sources[0]["date"] == "2026-04-02" and "date:" not in sources[0]["text"]


def test_sources_carry_no_obsidian_block_ids():
    """An Obsidian block id (`^pref-tobias`, a link target) closed the line
    the model read; it is no word of the note's. A caret inside a line
    (`x^2`, `2^10 bytes`) is the note's own."""
    text = "Tobias grew up in Malmö. ^pref-tobias\nHe moved to Oslo in 2019 ^a1b2 \nArea is x^2 and 2^10 bytes.\n"
    results = [{"rank": 1, "chunk_id": 3, "path": "People/Tobias.md", "root": "/vault", "lines": [1, 3], "text": text}]
    sources = ans.make_sources("Where did Tobias grow up?", results, options=ans.AnswerOptions(lines=None))
    read = sources[0]["text"]
    assert "Tobias grew up in Malmö." in read and "He moved to Oslo in 2019" in read and "^" not in read.replace(
        "x^2", "").replace("2^10", ""), read
    assert "x^2 and 2^10 bytes" in read


def test_line_budget_and_whole_chunks(chats):
    conn, index = chats
    q = "What did Adam ask Li Hua to measure?"
    results = _search(conn, index)(q)
    few = ans.make_sources(q, results, embed=index.query_embedder().embed, options=ans.AnswerOptions(lines=1))
    assert sum(len(s["text"].splitlines()) for s in few) <= 2
    whole = ans.make_sources(q, results, options=ans.AnswerOptions(lines=None, max_sources=2))
    assert len(whole) == 2 and [s["n"] for s in whole] == [1, 2]


def test_sources_in_time_order_for_an_order_question(chats):
    conn, index = chats
    q = "Did Tom ask about lunch on the 8th before he asked about pizza for dinner?"
    results = _search(conn, index)(q)
    heads = note_heads(conn, [r["chunk_id"] for r in results])
    sources = ans.make_sources(q, results, note_heads=heads, embed=index.query_embedder().embed)
    dates = [s["date"] for s in sources]
    assert dates == sorted(dates) and len(dates) >= 2


@pytest.mark.parametrize("question,kind,first,second,days", [
    ("Did Tom ask about lunch before he asked about pizza for dinner?", "before", "Tom ask about lunch",
     "he asked about pizza for dinner", 0),
    ("Did Chae tell Li Hua that a warm shower before sleeping helps before sharing the sleep article with her?",
     "before", "Chae tell Li Hua that a warm shower before sleeping helps", "sharing the sleep article with her", 0),
    ("Question: Did Li Hua agree to have dinner with Wolfgang after he told Wolfgang about the lunch plan?",
     "after", "Li Hua agree to have dinner with Wolfgang", "he told Wolfgang about the lunch plan", 0),
    ("Did it take more than 3 weeks from LiHua planning the air-conditioner to the air-conditioner installed?",
     "longer", "LiHua planning the air-conditioner", "the air-conditioner installed", 21),
    ("Is the time interval more than 7 days between Adam asking to measure the window and Adam booking the "
     "curtain?", "longer", "Adam asking to measure the window", "Adam booking the curtain", 7),
])
def test_parse_order_questions(question, kind, first, second, days):
    oq = timeline.parse_order_question(question)
    assert (oq.kind, oq.first, oq.second, oq.days) == (kind, first, second, days)


@pytest.mark.parametrize("question", [
    "Has Wolfgang ever been to Hong Kong?",
    "What did Li Hua eat before the game?",  # not a yes/no question
    "Did Li Hua eat before?",  # no event on one side
])
def test_not_order_questions(question):
    assert timeline.parse_order_question(question) is None


def _listed(conn, results):
    return ans.dated_sources(results, note_heads(conn, [r["chunk_id"] for r in results]))


@pytest.mark.parametrize("question,verdict", [
    ("Did Tom ask Li Hua about lunch on the 8th before he asked about pizza for dinner after work?", "Yes"),
    ("Did Tom ask Li Hua about pizza for dinner after work before he asked about lunch on the 8th?", "No"),
    ("Did Tom ask Li Hua about pizza for dinner after work after he asked about lunch on the 8th?", "Yes"),
    ("Is the time interval more than 7 days between Adam asking Li Hua to measure the window and Adam "
     "booking the curtain of the right size?", "Yes"),
    ("Is the time interval more than 2 weeks between Adam asking Li Hua to measure the window and Adam "
     "booking the curtain of the right size?", "No"),
])
def test_order_answered_from_the_notes_dates(chats, question, verdict):
    conn, index = chats
    search = _search(conn, index)
    results = search(question)
    got = timeline.answer_order(question, _listed(conn, results), _search(conn, index, k=20))
    assert got is not None and got.verdict == verdict and got.text.startswith(verdict)
    ranks = {r["rank"] for r in results}
    assert len(got.citations) == 2 and set(got.citations) <= ranks  # both notes, cited by rank


def test_order_question_without_dates_is_left_to_the_model(chats):
    conn, index = chats
    q = "Did the garden get new benches before anybody mentioned a colour for the garden benches?"
    listed = [dict(s, date="") for s in _listed(conn, _search(conn, index)(q))]
    assert timeline.answer_order(q, listed, _search(conn, index, k=20)) is None


@pytest.mark.parametrize("question,event", [
    ("When did Adam ask Li Hua to measure the window?", "Adam ask Li Hua to measure the window"),
    ("Question: when did Tom invite Li Hua for pizza?", "Tom invite Li Hua for pizza"),
    ("When was the first time Tom had lunch with Li Hua?", "the first time Tom had lunch with Li Hua"),
    ("When is the community bake sale taking place?", None),  # a time the note states, not the note's date
    ("When was the bake sale moved to Sunday?", None),
    ("When did Tom eat?", None),  # too little to match
    # when a talk took place is the note's moment, whatever the tense
    ("When is the garage sale being discussed?", "the garage sale being discussed"),
    ("When were the curtain sizes mentioned?", "the curtain sizes mentioned"),
    ("When is the garage sale being held?", None),
    ("When is the pizza discussed?", None),  # too little to match
    ("What did Tom bring when he came?", None),
])
def test_parse_when_questions(question, event):
    assert timeline.parse_when_question(question) == event


def test_when_answered_from_the_notes_date(chats):
    conn, index = chats
    q = "When did Adam ask Li Hua to measure the size of the living room window?"
    results = _search(conn, index)(q)
    got = timeline.answer_when(q, _listed(conn, results), _search(conn, index, k=20))
    assert got is not None and got.text.startswith("On October 5, 2026 09:00 [")
    assert got.citations and results[got.citations[0] - 1]["path"] == "week40/20261005_0900.txt"
    for date in (lambda d: "", lambda d: d[:10]):  # no date, or a day only (a journal page): the model answers
        listed = [dict(s, date=date(s["date"])) for s in _listed(conn, results)]
        assert timeline.answer_when(q, listed, _search(conn, index, k=20)) is None


CURTAINS = ("AdamSmith: Hey Li Hua! Just wanna ask you if you have received the curtains!\n"
            "LiHua: Yep, I have received it yesterday! I really like the patterns!\n"
            "AdamSmith: Awesome! Let me know when you're ready for the installation.")


@pytest.mark.parametrize("event,text,told", [
    ("Li Hua receive the curtains", CURTAINS, "yesterday"),  # the reply to the line that asks
    ("Li Hua receive the curtains", CURTAINS.replace("yesterday", "this morning"), None),
    ("Tom cook the hot pot", "Tom: I cooked the hot pot last night, so good", "last night"),
    # the next line by the same speaker is no reply
    ("Tom cook the hot pot", "Tom: I cooked the hot pot\nTom: and yesterday I went running", None),
    # a line about something else that says yesterday
    ("Li Hua receive the curtains", "Ann: I went running yesterday\nBo: the curtains were received", None),
    ("Li Hua receive the curtains", "", None),
])
def test_told_as_day_before(event, text, told):
    assert timeline.told_as_day_before(event, text) == told


def test_when_told_as_yesterday_is_the_day_before_the_note():
    listed = [{"n": 1, "chunk_id": 7, "path": "w/20261012_1000.txt", "date": "2026-10-12 10:00", "text": CURTAINS}]
    got = timeline.answer_when("When did Li Hua receive the curtains?", listed, lambda event: listed)
    assert got.when == "October 11, 2026" and got.citations == [1]
    assert got.text.startswith("On October 11, 2026 [1]: “yesterday” in the note of October 12, 2026 10:00")
    listed[0]["text"] = CURTAINS.replace("yesterday", "today")
    got = timeline.answer_when("When did Li Hua receive the curtains?", listed, lambda event: listed)
    assert got.when == "October 12, 2026 10:00"


# A Zettelkasten: the thought note, which names Alvarez and eigenvalues apart, ranks above the lecture
# for the event's own search; the lecture's line tells of the event.
THOUGHT = ("# Eigenvalues in data structures?\n\nRandom thought: PageRank is an eigenvector problem on a graph - "
           "links [[202611031015]] and the\ngraph lectures in DS. Ask Alvarez or Chen?")
LECTURE = ("# Eigenvalues and the Hessian\n\n## Lecture 7 - 2026-11-03\n\nProf. Alvarez connected the second "
           "derivative test to the Hessian.\n\nAlvarez said eigenvalues will \"definitely be on the exam\".")


def test_when_is_answered_by_the_note_whose_line_tells_of_the_event():
    listed = [{"n": 1, "chunk_id": 1, "path": "Zettel/202611081000 Eigenvalues in data structures.md",
               "date": "2026-11-08 10:00", "text": THOUGHT},
              {"n": 2, "chunk_id": 2, "path": "Analysis II/Exam prep.md", "date": "",
               "text": "Topics Alvarez listed as likely:\n2. Classify critical points via Hessian eigenvalues"},
              {"n": 3, "chunk_id": 3, "path": "Analysis II/202611031015 Eigenvalues.md", "date": "2026-11-03 10:15",
               "text": LECTURE}]
    got = timeline.answer_when("When did Alvarez talk about eigenvalues?", listed, lambda event: listed)
    assert got is not None and got.when == "November 3, 2026 10:15" and got.citations == [3]
    # reached by its note (another chunk of it is what the event's search found), not only by its chunk
    found = [listed[0], listed[1], dict(listed[2], chunk_id=9)]
    got = timeline.answer_when("When did Alvarez talk about eigenvalues?", listed, lambda event: found)
    assert got is not None and got.citations == [3]
    # a note the event's own search does not reach is not chosen
    got = timeline.answer_when("When did Alvarez talk about eigenvalues?", listed, lambda event: listed[:2])
    assert got is not None and got.citations == [1]
    # as many of the words in one line: the event's own search decides, as before
    tied = [listed[0], dict(listed[2], text=LECTURE.replace("Alvarez said eigenvalues", "Eigenvalues"))]
    got = timeline.answer_when("When did Alvarez talk about eigenvalues?", tied, lambda event: tied)
    assert got is not None and got.citations == [1]
    got = timeline.answer_when("When did Alvarez talk about eigenvalues?", tied, lambda event: tied[::-1])
    assert got is not None and got.citations == [3]


# a work log's incident note, dated by its day: its timeline table states when each thing happened
INCIDENT = ("# Incident 2026-11-28 — checkout latency\n\n## Timeline (UTC)\n\n| Time  | Event |\n|-------|-------|\n"
            "| 13:55 | fraud-check Redis primary `redis-fc-0` starts failing health checks |\n"
            "| 14:02 | paged: \"checkout-service p99 > 2s\" |\n| 14:41 | latency back under 500 ms |\n")


@pytest.mark.parametrize("question,path,text,when", [
    # the table's row: the day and the time the note states (was None: a day-only note went to the model,
    # which answered with the note's day)
    ("When did the incident start?", "incidents/Incident.md", INCIDENT, "November 28, 2026 13:55"),
    ("When did the latency get back under 500 ms?", "incidents/Incident.md", INCIDENT, "November 28, 2026 14:41"),
    # a log's line starting with its time, 12-hour
    ("When did the alert fire?", "log.md", "Quiet morning.\n2:02pm alert fired for checkout\n", "November 28, 2026 14:02"),
    ("When did the alert fire?", "log.md", "[14:02] pagerduty: alert fired\n[14:06] me: ack\n", "November 28, 2026 14:02"),
    # no timed line holds half of X's words: the note's day only, as before
    ("When did the incident start?", "incidents/Incident.md", "Checkout was slow.\n| 14:02 | paged |\n", None),
    # a week's note: its date is not the day of its lines
    ("When did the incident start?", "weekly/2026-W48.md", INCIDENT, None),
    # the timed line tells of the day before
    ("When did the alert fire?", "log.md", "09:00 the alert fired yesterday\n", None),
])
def test_when_is_the_time_the_note_states(question, path, text, when):
    listed = [{"n": 1, "chunk_id": 1, "path": path, "date": "2026-11-28", "text": text}]
    got = timeline.answer_when(question, listed, lambda event: listed)
    assert (got and got.when) == when
    if when:
        assert got.text.startswith(f"On November 28, 2026 at {when[-5:]} [1]: “") and got.citations == [1]


def test_stated_time_reads_the_line_not_a_time_inside_it():
    assert timeline.stated_time("the meeting start", "We meet at 14:00, start on time") is None
    assert timeline.stated_time("the meeting start", "2026-11-28 14:00 meeting start") is None
    assert timeline.stated_time("the meeting start", "- 9:30 am: the meeting starts") == ("09:30", "the meeting starts")
    assert timeline.stated_time("the meeting start", "12:15 AM meeting start") == ("00:15", "meeting start")


def test_respond_answers_when_from_the_date_without_the_model(chats):
    from tests.test_answer import FakeLLM

    conn, index = chats
    q = "When did Adam ask Li Hua to measure the size of the living room window?"
    fake = FakeLLM("Tonight [1].")
    got = index.answer(q, answerer=ans.Answerer(fake, model_name="fake"))
    assert got.method == "dates" and "October 5, 2026" in got.text and not fake.calls
    off = ans.Answerer(fake, model_name="fake", options=ans.AnswerOptions(when_from_dates=False))
    got = index.answer(q, answerer=off)
    assert got.method == "model" and got.text.startswith("Tonight") and len(fake.calls) == 1


def test_a_question_naming_what_no_note_holds_is_declined_without_the_model(chats):
    from minirag_cli.answer_score import is_decline
    from tests.test_answer import FakeLLM

    conn, index = chats
    q = "What did Tom and Li Hua eat on New Year's Eve?"
    fake = FakeLLM("Pizza [1].")
    prepared = index.prepare_answer(index.search(q))
    assert prepared.unheld == ["New Year's Eve"] and not prepared.sources
    got = index.answer(q, answerer=ans.Answerer(fake, model_name="fake"))
    assert got.method == "names" and is_decline(got.text) and "New Year's Eve" in got.text and not fake.calls
    off = ans.Answerer(fake, model_name="fake", options=ans.AnswerOptions(names_check=False))
    got = index.answer(q, answerer=off)
    assert got.method == "model" and got.text.startswith("Pizza") and len(fake.calls) == 1
    # the names held (Tom, Li Hua, the notes' October): the model answers
    got = index.answer("What did Tom and Li Hua plan in October?", answerer=ans.Answerer(fake, model_name="fake"))
    assert got.method == "model" and len(fake.calls) == 2


def test_an_order_question_naming_what_no_note_holds_is_declined_not_dated(chats):
    """"Did Sheldon Cooper call Li Hua before Wolfgang went to Hong Kong?" of
    notes that never name him was answered from the dates: "Yes. “Sheldon
    Cooper call Li Hua” is in a note of November 2, 2026 [3], before ...",
    the event matched to the note nearest its other words. The names check
    comes first: no result holds the name, so the answer is the decline."""
    from tests.test_answer import FakeLLM

    conn, index = chats
    fake = FakeLLM("Yes [1].")
    held = "Did Tom ask Li Hua about lunch on the 8th before he asked about pizza for dinner after work?"
    assert index.answer(held, answerer=ans.Answerer(fake, model_name="fake")).method == "dates"
    q = "Did Sheldon Cooper ask Li Hua about lunch on the 8th before Tom asked about pizza for dinner after work?"
    prepared = index.prepare_answer(index.search(q))
    assert prepared.dates is None and prepared.unheld == ["Sheldon Cooper"]
    got = index.answer(q, answerer=ans.Answerer(fake, model_name="fake"))
    assert got.method == "names" and "Sheldon Cooper" in got.text and not got.text.startswith("Yes")
    assert not fake.calls


CJK_CHATS = {
    "装修周会.md": "# 装修周会\n\n时间：2024-05-03 19:00\n参会人员：张伟、李娜、王师傅\n\n"
                  "张伟：我们下周开始装修厨房，预算先按三万元算。\n李娜：好的，我联系王师傅确认瓷砖的价格。\n"
                  "王师傅：瓷砖这周可以到货。\n张伟：那周六开工。\n",
    "预算.md": "# 预算\n\n张伟说厨房预算是三万元，瓷砖另算。\n",
}


def test_a_cjk_question_naming_whom_no_note_holds_is_declined_without_the_model(tmp_path):
    """The decline without the model read capitalised Latin words only: a
    Chinese question about a person no note holds (赵敏) went to the model,
    which answered from the notes of others. Its characters no note found
    holds; a question whose words the notes hold is answered."""
    from tests.test_answer import FakeLLM

    write_notes(tmp_path / "notes", CJK_CHATS)
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        fake = FakeLLM("张伟说周六开工 [1]。")
        got = index.answer("赵敏老师说了什么时候开工？", answerer=ans.Answerer(fake, model_name="fake"))
        assert got.method == "names" and "赵敏" in got.text and not fake.calls
        for question in ("王师傅什么时候开工？", "张伟说厨房预算是多少？"):
            got = index.answer(question, answerer=ans.Answerer(fake, model_name="fake"))
            assert got.method == "model", (question, got.text)
        assert len(fake.calls) == 2


def test_prepared_answer_is_the_answer_made_in_one_go(chats):
    """`mrag ask` chooses the lines while the model loads (Index.prepare_answer):
    the model must read exactly what Index.answer would have given it, and
    an order question's verdict from the dates must need no model."""
    from tests.test_answer import FakeLLM

    conn, index = chats
    q = "What did Adam book for the living room window?"
    result = index.search(q)
    one_go, ahead = FakeLLM("The curtain [1]."), FakeLLM("The curtain [1].")
    first = index.answer(result, answerer=ans.Answerer(one_go, model_name="fake"))
    prepared = index.prepare_answer(result)
    assert prepared.dates is None and prepared.sources
    got = index.answer(result, answerer=ans.Answerer(ahead, model_name="fake"), prepared=prepared)
    assert one_go.calls[0]["messages"] == ahead.calls[0]["messages"]
    assert got.method == "model" and got.text == first.text and got.citations == first.citations
    # the citation names a source that holds "curtain" (moved there when source 1 does not)
    by_rank = {s["n"]: s["text"] for s in prepared.sources}
    assert len(got.citations) == 1 and "curtain" in by_rank[got.citations[0]].lower()

    order = "Did Tom ask Li Hua about lunch on the 8th before he asked about pizza for dinner after work?"
    prepared = index.prepare_answer(index.search(order))
    assert prepared.dates is not None and prepared.dates.verdict == "Yes" and not prepared.sources
    unused = FakeLLM("No [1].")
    got = index.answer(index.search(order), answerer=ans.Answerer(unused, model_name="fake"), prepared=prepared)
    assert got.method == "dates" and got.text.startswith("Yes") and not unused.calls


def test_a_question_on_a_day_reads_that_days_notes(chats):
    conn, index = chats
    q = "What did Adam tell Li Hua about the window on 20261015?"
    result = index.search(q)
    days = {s["date"][:10] for s in index.prepare_answer(result).sources}
    assert days == {"2026-10-15"}
    off = index.prepare_answer(result, answer_options=ans.AnswerOptions(day_notes=False)).sources
    assert "2026-10-05" in {s["date"][:10] for s in off}  # the other window note competes without the rule
    # the source keeps its number in the list the user sees
    on = index.prepare_answer(result).sources
    assert [result.results[s["n"] - 1]["path"] for s in on] == ["week41/20261015_1200.txt"]
    heads = note_heads(conn, [r["chunk_id"] for r in result.results])
    for spelled in ("What did Adam tell Li Hua about the window on October 15, 2026?",
                    "What did Li Hua hear from Adam about the window on 2026-10-15?"):  # "from": no comparison
        assert {r["path"] for r in ans.on_the_day(spelled, result.results, heads)} == {"week41/20261015_1200.txt"}
    for other in ("What did Adam tell Li Hua about the window after 20261015?",  # a comparison, not the day
                  "What did Adam tell Li Hua about the window on October 15?",  # no year: which one?
                  "What did Adam tell Li Hua about the window on 20261016?",  # no note of that day
                  "What did Adam tell Li Hua about the window?"):
        assert ans.on_the_day(other, result.results, heads) == []


def test_a_question_on_a_date_written_in_part_reads_the_notes_of_those_days(chats):
    # "on 2026101" is October 10 to 19, as retrieval reads it; "on 202610" the month
    conn, index = chats
    q = "What did Adam tell Li Hua about the window on 2026101?"
    result = index.search(q)
    heads = note_heads(conn, [r["chunk_id"] for r in result.results])
    dates = {r["path"]: s["date"][:10] for r, s in zip(result.results, ans.dated_sources(result.results, heads))}
    assert {"2026-10-15", "2026-10-05"} <= set(dates.values())  # both window notes are found
    got = {r["path"] for r in ans.on_the_day(q, result.results, heads)}
    assert got and all("2026-10-10" <= dates[p] <= "2026-10-19" for p in got)
    assert "week41/20261015_1200.txt" in got
    month = {r["path"] for r in ans.on_the_day(q.replace("2026101", "202610"), result.results, heads)}
    assert got < month and all(dates[p].startswith("2026-10") for p in month)
    for other in (q.replace("on 2026101", "after 2026101"),  # a comparison
                  q.replace("on 2026101", "in 2026101 notes"),  # not "on"
                  q.replace("2026101", "2026111")):  # no note of those days
        assert ans.on_the_day(other, result.results, heads) == []


def _order(question, x_text, x_date, y_text, y_date):
    """answer_order over two listed notes, each event's search finding the note that holds its words."""
    listed = [{"n": 1, "chunk_id": 1, "path": "a.txt", "date": x_date, "text": x_text},
              {"n": 2, "chunk_id": 2, "path": "b.txt", "date": y_date, "text": y_text}]
    from minirag_cli.answer_score import content_words

    def search(event):
        wanted = set(content_words(event))
        return sorted(listed, key=lambda s: -len(wanted & set(content_words(s["text"]))))
    return timeline.answer_order(question, listed, search)


def test_an_order_question_reads_yesterday_as_the_day_before_the_note():
    """An event the note tells of as "yesterday" took place the day before
    the note (told_as_day_before, as "When did X?" reads it): the order
    compared the notes' dates only."""
    q = "Did Li Hua receive the curtains before Adam booked the installation team?"
    received = CURTAINS  # "Yep, I have received it yesterday!"
    booked = "AdamSmith: I booked the installation team for Saturday.\nLiHua: Great!"
    # the note of the curtains is 10:00, the booking's 09:00 the same day: received the day before
    got = _order(q, received, "2026-10-12 10:00", booked, "2026-10-12 09:00")
    assert got is not None and got.verdict == "Yes", got
    assert got.text == ("Yes. “Li Hua receive the curtains” is on October 11, 2026 (“yesterday” in the note of "
                        "October 12, 2026 10:00 [1]), before “Adam booked the installation team” on "
                        "October 12, 2026 09:00 [2] (compared by the notes' dates).")
    # booked the day before the curtains' note: both on October 11, at times unknown: no verdict
    assert _order(q, received, "2026-10-12 10:00", booked, "2026-10-11 09:00") is None
    # without "yesterday" the notes' moments order them as before
    got = _order(q, received.replace("yesterday", "today"), "2026-10-12 10:00", booked, "2026-10-12 09:00")
    assert got is not None and got.verdict == "No"
    # the second event told as yesterday: an interval counts from its day
    q = ("Is the time interval more than 2 days between Adam booking the installation team and Li Hua "
         "receiving the curtains?")
    got = _order(q, booked, "2026-10-10 09:00", received, "2026-10-13 10:00")
    assert got is not None and got.verdict == "No" and "2 days apart" in got.text, got


class _Cache:
    """answer_eval.AnswerCache's interface over a dict."""

    def __init__(self):
        self.rows: dict[str, dict] = {}

    def get(self, key):
        return self.rows.get(key)

    def put(self, key, *, answer, **_row):
        self.rows[key] = answer


class _Reply:
    def __init__(self, reply):
        self.reply, self.calls = reply, 0

    def create_chat_completion(self, messages, stream=False, **kw):
        self.calls += 1
        yield {"choices": [{"delta": {"content": self.reply}}]}


def test_a_cached_answer_is_replayed_without_embedding_its_lines_again(chats, monkeypatch):
    """`mrag eval --answers` on cached answers embedded every question's
    candidate lines again to rebuild the answer's key (the sources' text):
    the lines chosen are kept in the answer cache under what chose them."""
    conn, index = chats
    q = "Did Tom ask Li Hua to have pizza for dinner?"
    embedder = index.query_embedder()
    real, batches = embedder.embed, []
    monkeypatch.setattr(embedder, "embed", lambda texts, *a, **kw: batches.append(len(texts)) or real(texts, *a, **kw))
    llm, cache = _Reply("Yes, pizza for dinner [1]."), _Cache()
    answerer = ans.Answerer(llm, model_name="fake", cache=cache)
    first = index.answer(q, answerer=answerer)
    assert any(n > 1 for n in batches)  # the question and its candidate lines
    batches.clear()
    again = index.answer(q, answerer=answerer)
    assert again.cached and (again.text, again.citations) == (first.text, first.citations) and llm.calls == 1
    assert not any(n > 1 for n in batches)  # the search's question alone
    # the same lines as make_sources chooses; what it reads changed (a line's text), they are chosen again
    results = index.search(q, RetrievalOptions()).results
    heads = note_heads(conn, [r["chunk_id"] for r in results])
    assert index.prepare_answer(index.search(q), memo=cache).sources == ans.make_sources(
        q, results, note_heads=heads, embed=real)
    results[0] = {**results[0], "text": results[0]["text"] + "\nTomBaker: pizza it is."}
    memo = ans.memo_sources(cache, "e", q, results, heads=heads, embed=embedder.embed)
    assert any(n > 1 for n in batches) and memo == ans.make_sources(q, results, note_heads=heads, embed=real)


def test_reached_sources_serve_order_and_when_questions():
    """timeline.reached_sources, which answer_order (order questions) and
    match_told ("When did X?") share: the listed sources the event's search
    reaches, in its order, each once, by their chunk, else by their note."""
    a1 = {"n": 1, "chunk_id": 1, "path": "a.md", "text": ""}
    b2 = {"n": 2, "chunk_id": 2, "path": "b.md", "text": ""}
    a3 = {"n": 3, "chunk_id": 3, "path": "a.md", "text": ""}
    listed = [a1, b2, a3]
    found = [{"chunk_id": 3, "path": "a.md"}, {"chunk_id": 9, "path": "b.md"}, {"chunk_id": 1, "path": "a.md"},
             {"chunk_id": 8, "path": "c.md"}]
    assert timeline.reached_sources("x", listed, lambda event: found) == [a3, b2, a1]
    assert timeline.reached_sources("x", listed, lambda event: found)[0] is a3  # the event's match
    # a result of no listed chunk reaches every listed source of its note, in their listed order
    assert timeline.reached_sources("x", listed, lambda event: [{"chunk_id": 7, "path": "a.md"}]) == [a1, a3]
    assert timeline.reached_sources("x", listed, lambda event: found[3:]) == []  # no match


def _listed_notes(notes):
    return [{"n": i, "chunk_id": i, "path": p, "date": d, "text": t} for i, (p, d, t) in enumerate(notes, 1)]


def _word_search(listed):
    """Most of the event's words first, then the listed order; a note holding none of them left out."""
    from minirag_cli.answer_score import content_words

    def search(event):
        wanted = set(content_words(event))
        return sorted((s for s in listed if wanted & set(content_words(s["text"]))),
                      key=lambda s: -len(wanted & set(content_words(s["text"]))))
    return search


def test_an_event_that_recurs_is_paired_with_the_other_events_nearest_note():
    """A landlord's rent reminder comes each month in the same words: the
    event's search ranked the March reminder first, after the February
    payment, and "did he remind before I paid?" was answered No. The
    reminders told alike (timeline.told_alike: the same words, by the same
    speaker) are instances of one event; the one nearest the payment in time
    is compared (nearest_pair), and the answer says it recurs."""
    reminder = "Landlord: Hi, just a quick reminder that the rent is due soon."
    listed = _listed_notes([
        ("mar.txt", "2026-03-30 18:00", reminder),
        ("jan.txt", "2026-01-27 20:30", reminder),
        ("paid.txt", "2026-03-01 10:00", "Me: I have already transferred the rent by bank transfer."),
        ("feb.txt", "2026-02-27 18:30", reminder.replace("Hi,", "Hello,")),
        ("other.txt", "2026-02-28 09:00", "Landlord: the rent for the garage is due, a reminder.")])
    search = _word_search(listed)
    q = "Did the landlord send a reminder that the rent is due soon before I transferred the rent by bank transfer?"
    got = timeline.answer_order(q, listed, search)
    assert got is not None and got.verdict == "Yes" and got.citations == [4, 3], got
    assert "February 27, 2026 18:30 [4] (the nearest of 3 notes that tell of it alike), before" in got.text
    event = "the landlord send a reminder that the rent is due soon"
    assert [s["path"] for s in timeline.told_alike(event, timeline.reached_sources(event, listed, search))] == [
        "mar.txt", "jan.txt", "feb.txt"]  # not the garage's reminder: other words
    # "after" pairs them the same way: the February reminder was not after the payment
    got = timeline.answer_order(q.replace(" before ", " after "), listed, search)
    assert got is not None and got.verdict == "No" and got.citations == [4, 3], got
    # the payment told twice is no recurring event (a retelling is two): its first-ranked note is compared,
    # unless the question names the day of the other
    paid = "Me: I have already transferred the rent by bank transfer."
    listed.append({"n": 6, "chunk_id": 6, "path": "paid-mar.txt", "date": "2026-03-31 17:00", "text": paid})
    got = timeline.answer_order(q, listed, search)
    assert got is not None and got.citations == [4, 3], got
    got = timeline.answer_order(q.replace("?", " on March 31?"), listed, search)
    assert got is not None and got.verdict == "Yes" and got.citations == [1, 6], got
    listed.pop()
    # an interval question is not paired: the first-ranked reminder, March 30, is 29 days after the payment
    q = ("Is the time interval more than 3 weeks between the landlord sending a reminder that the rent is due soon "
         "and I transferred the rent by bank transfer?")
    got = timeline.answer_order(q, listed, search)
    assert got is not None and got.verdict == "Yes" and got.citations == [1, 3], got
    # a reminder told once is compared as it was: only the March one listed
    once = [s for s in listed if s["path"] in ("mar.txt", "paid.txt")]
    got = timeline.answer_order(q.replace("Is the time interval more than 3 weeks between", "Did").replace(
        " sending ", " send ").replace(" and I ", " before I "), once, lambda e: [s for s in search(e) if s in once])
    assert got is not None and got.verdict == "No" and got.citations == [1, 3] and "nearest" not in got.text, got


def test_notes_told_alike_share_the_words_and_the_speaker_not_a_count():
    """Review revO 1-3: a chat's speaker tag gave every line of Li Hua's two
    of "Li Hua paid the rent" (the concert tickets "paid" for were a third),
    a payment retold a week later was taken as a recurring one, and a
    question naming the payment's day compared another payment note."""
    listed = _listed_notes([
        ("rent.txt", "2026-03-01 09:00", "AdamSmith: Good morning Li Hua, the rent for March is due today.\n"
                                         "LiHua: Just paid it, Adam!"),
        ("heater.txt", "2026-03-03 11:00", "AdamSmith: The technician came and we fixed the heater this morning.\n"
                                           "LiHua: Great, thanks Adam!"),
        ("concert.txt", "2026-03-04 20:00", "EmilyBurnett: Are we still going to the concert on Friday?\n"
                                            "LiHua: Yes! I paid for the tickets already."),
        ("concert2.txt", "2026-03-05 20:00", "EmilyBurnett: See you at the concert?\nLiHua: Yes, I paid already."),
        ("retold.txt", "2026-03-06 10:00", "LiHua: I paid the rent for March last week, Adam.")])
    search = _word_search(listed)
    got = timeline.answer_order("Did Adam fix the heater before Li Hua paid the rent?", listed, search)
    assert got is not None and got.verdict == "No" and got.citations == [2, 1], got
    got = timeline.answer_order("Did Adam fix the heater after Li Hua paid the rent?", listed, search)
    assert got is not None and got.verdict == "Yes" and got.citations == [2, 1], got
    # one reminder; the transfer told on March 31 (ranked first) and on March 1, the day the question names
    listed = _listed_notes([
        ("paid-mar.txt", "2026-03-31 17:00", "Me: I transferred the rent by bank transfer, all of it."),
        ("reminder.txt", "2026-03-30 18:00", "Landlord: Hi, just a quick reminder that the rent is due soon."),
        ("paid.txt", "2026-03-01 10:00", "Me: I transferred the rent by bank transfer.")])
    q = ("Did the landlord send a reminder that the rent is due soon before I transferred the rent by bank transfer "
         "on 20260301?")
    got = timeline.answer_order(q, listed, _word_search(listed))
    assert got is not None and got.verdict == "No" and got.citations == [2, 3], got
