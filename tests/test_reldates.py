"""Relative day words in an answer get their calendar date from the note the
answer cites (reldates.py), hand-made cases; and the same through
Answerer.answer with a fake model: streamed, cached and replayed alike."""

from __future__ import annotations

import datetime as dt

import pytest

from minirag_cli import answer as ans
from minirag_cli import reldates

# n is the citation number the answer uses; 2026-08-12 is a Wednesday
# a word is dated from a note that says it (the answer copied it): each note says the words its cases use
SOURCES = [{"n": 1, "path": "week32/20260810_0900.txt", "date": "2026-08-10 09:00",
            "text": "Adam: the rent is due today. 今日は直りました。"},
           {"n": 2, "path": "week32/20260812_1100.txt", "date": "2026-08-12 11:00",
            "text": "Contractor: we come to install the AC at 6 PM today, or tonight, or tomorrow morning. "
                    "It broke yesterday, last night. This Saturday, this Wednesday or this Tuesday? "
                    "今天和张伟去北京了, 明天来安装空调; 昨日、エアコンが壊れました。"},
           {"n": 3, "path": "week32/20260812_1500.txt", "date": "2026-08-12", "text": "LiHua: the AC works today!"},
           {"n": 4, "path": "notes/undated.md", "date": "", "text": "someday, today"}]


@pytest.mark.parametrize("answer, expected", [
    # SmolLM2 on a daily note of May 3: "今天和张伟说厨房预算是三万元。 [1]" was left as written
    ("今天和张伟去北京了。 [2]", " (今天: 2026年8月12日)"),
    ("明天来安装空调 [2]。", " (明天: 2026年8月13日)"),
    ("昨日、エアコンが壊れました [2]。今日は直りました [1]。", " (昨日: 2026年8月11日; 今日: 2026年8月10日)"),
    ("今天 [4]。", ""),  # an undated note dates nothing
])
def test_chinese_and_japanese_day_words_get_the_cited_notes_date(answer, expected):
    assert reldates.note(answer, SOURCES) == expected


@pytest.mark.parametrize("answer, expected", [
    ("The team comes at 6 PM today [2].", " (today: Wednesday, August 12, 2026)"),
    ("Tonight [2].", " (tonight: Wednesday, August 12, 2026)"),
    ("Tomorrow morning [2].", " (tomorrow: Thursday, August 13, 2026)"),
    ("He arrived yesterday [2].", " (yesterday: Tuesday, August 11, 2026)"),
    ("It broke last night [2].", " (last night: Tuesday, August 11, 2026)"),
    ("This Saturday at 10 AM [2].", " (this saturday: Saturday, August 15, 2026)"),
    ("This Wednesday [2].", " (this wednesday: Wednesday, August 12, 2026)"),  # the day itself
    ("This Tuesday [2].", " (this tuesday: Tuesday, August 18, 2026)"),  # the coming one
    # two sources of the same day agree; each word once, in order
    ("Today [2][3], and again today and tomorrow [3].",
     " (today: Wednesday, August 12, 2026; tomorrow: Thursday, August 13, 2026)"),
    # no citation in the sentence: the answer's citations decide
    ("Yes [2]. They come today.", " (today: Wednesday, August 12, 2026)"),
    # each sentence by its own citation
    ("Rent was due today [1]. The AC comes tomorrow [2].",
     " (today: Monday, August 10, 2026; tomorrow: Thursday, August 13, 2026)"),
])
def test_relative_words_get_the_cited_notes_date(answer, expected):
    assert reldates.note(answer, SOURCES) == expected


@pytest.mark.parametrize("answer", [
    "The team comes at 6 PM today.",  # cites nothing
    "Today [1][2].",  # two notes of different days: which today?
    "Today [4].",  # an undated note
    "Today [9].",  # no such source
    "Next Saturday [2].", "On Monday [2].", "Last week [2].", "Every day [2].",  # not one day from the note's
    "The notes do not say.",
    "Todays [2] and yesterdays [2].",  # words, not day words
])
def test_nothing_is_guessed(answer):
    assert reldates.note(answer, SOURCES) == ""


def test_a_word_no_cited_note_says_is_not_the_notes():
    # "today" is in source 2 only: the answer's "today" citing source 1 of August 10 is no note's word
    sources = [dict(SOURCES[0], text="Adam: the rent is due."), SOURCES[1]]
    assert reldates.note("Rent was due today [1].", sources) == ""
    assert reldates.note("He arrived this evening [2].", SOURCES) == ""  # the note says "tonight"


def test_the_questions_echoed_word_gets_the_asking_days_date():
    """Asked on Sunday 2026-05-03 "what did I do yesterday?", the answer citing
    the note of May 2 echoes the question's yesterday: May 2, not the note's May 1."""
    from minirag_cli.askday import asked_days

    asked = asked_days("what did I do yesterday?", dt.date(2026, 5, 3))
    gym = [{"n": 1, "date": "2026-05-02", "path": "2026-05-02.md", "text": "Went to the gym with Priya."}]
    assert reldates.note("Yesterday you went to the gym with Priya [1].", gym, asked) == \
        " (yesterday: Saturday, May 2, 2026)"
    assert reldates.note("Yesterday you went to the gym.", gym, asked) == " (yesterday: Saturday, May 2, 2026)"
    assert reldates.note("Yesterday you went to the gym [1].", gym) == ""  # without the question's days
    assert reldates.note("Today you went to the gym [1].", gym, asked) == ""  # neither the note's nor the question's
    # the note's own "yesterday" is the note's (the answer copied it)
    said = [dict(gym[0], text="Yesterday the knee hurt; went to the gym anyway.")]
    assert reldates.note("Yesterday your knee hurt [1].", said, asked) == " (yesterday: Friday, May 1, 2026)"


def test_resolve_and_spell():
    wed = dt.date(2026, 8, 12)
    assert reldates.resolve("This  SUNDAY", wed) == dt.date(2026, 8, 16)
    assert reldates.resolve("yesterday", dt.date(2026, 3, 1)) == dt.date(2026, 2, 28)
    assert reldates.spell(dt.date(2026, 1, 5)) == "Monday, January 5, 2026"


class _Fake:
    def __init__(self, reply: str):
        self.reply, self.calls = reply, 0

    def create_chat_completion(self, messages, stream=False, **kw):
        self.calls += 1
        yield {"choices": [{"delta": {"role": "assistant"}}]}
        for i in range(0, len(self.reply), 4):
            yield {"choices": [{"delta": {"content": self.reply[i:i + 4]}}]}
        yield {"choices": [{"delta": {}, "finish_reason": "stop"}]}


class _Cache(dict):
    def get(self, key):
        return super().get(key)

    def put(self, key, *, answer, **_kw):
        self[key] = answer


def test_the_answer_shows_the_date_streamed_and_replayed():
    question = "When is the contractor team going to install the air-conditioner?"
    cache, fake = _Cache(), _Fake("At 6 PM today [2].")
    seen: list[str] = []
    got = ans.Answerer(fake, model_name="fake", cache=cache).answer(question, SOURCES, on_text=seen.append)
    assert got.text == "At 6 PM today [2]. (today: Wednesday, August 12, 2026)"
    assert "".join(seen) == got.text and got.citations == [2]
    # the cache keeps the model's own words; the date is added again on replay, without the model
    assert [rec["text"] for rec in cache.values()] == ["At 6 PM today [2]."]
    seen.clear()
    again = ans.Answerer(_Fake("never read"), model_name="fake", cache=cache).answer(question, SOURCES,
                                                                                     on_text=seen.append)
    assert again.cached and again.text == got.text and "".join(seen) == got.text


def test_an_attributed_citation_dates_the_word_too():
    # the model cites nothing; the citation check gives the sentence the note holding its words
    got = ans.Answerer(_Fake("The contractor comes to install the AC at 6 PM today."), model_name="fake").answer(
        "When is the AC installed?", SOURCES)
    assert got.attributed and got.citations == [2]
    assert got.text == "The contractor comes to install the AC at 6 PM today. [2] (today: Wednesday, August 12, 2026)"
