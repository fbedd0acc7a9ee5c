"""Questions that ask for several things (answer.asks_for_several,
AnswerOptions.lists / for_question, answer.LIST_READINGS; measured, not on
by default): which questions are read so, the lines they read (the note's
next line past the chunk's end), the prompt's line after the question, and
the cache key of their own that leaves every other question's cached
answer as it was. Hand-made questions, notes and a fake model."""

from __future__ import annotations

import pytest

from minirag_cli import answer as ans
from tests.test_answer import FakeLLM


@pytest.mark.parametrize("question", [
    "Which two specific pastries does Hailey Johnson recommend for Mother's Day?",
    "What kinds of flowers does Li Hua recommend to Adam Smith for the flower beds?",
    "What songs does LiHua suggest adding to the karaoke playlist?",
    "What are Jake's go-to snacks for match days?",
    "Who were at the ball?",
    "Who are JakeWatson's and LiHua's favorite defenders?",
    "Which characters were at the ball?",
    "What places in Europe does WolfgangSchulz remember as stunning?",
    "What new songs are LiHua working on lately?",
    "What activities are being discussed for the community sports day?",
    "What toppings does Wolfgang prefer on his burger?",
    "List the books Anna lent to Tom.",
    "Name all the towns on the route.",
    "which three cities did they visit",
])
def test_a_question_asking_for_several_things(question):
    assert ans.asks_for_several(question)


@pytest.mark.parametrize("question", [
    "What type of instrument does Li Hua play in the basement?",
    "What kind of songs does Yuriko want to try?",  # one kind is asked for
    "What type of flowers were planted?",
    "What does WolfgangSchulz like about Prague?",
    "Who wished Li Hua a happy Lunar New Year?",  # nothing in its words says how many
    "What makes Li Hua happy?",  # a verb in -s, no plural
    "What happens in the last chapter?",
    "What is Tom's address?",
    "When did Wolfgang fly to Hong Kong?",
    "Has Tom ever been to Lisbon?",
    "What news does Tom bring?",
    "What did Tom bring to the picnic?",
    "What aspect of Rodri's performance does Henley praise?",
])
def test_a_question_asking_for_one_thing(question):
    assert not ans.asks_for_several(question)


def test_off_by_default_and_only_a_list_question_gets_a_reading_and_a_version_of_its_own():
    several_q = "What snacks did Tom bring to the picnic?"
    assert ans.DEFAULT_OPTIONS.lists is None and ans.DEFAULT_OPTIONS.for_question(several_q) is ans.DEFAULT_OPTIONS
    opts = ans.AnswerOptions(lists="s1")
    plain = opts.for_question("What did Tom bring to the picnic?")
    assert plain is opts and plain.version == ans.PROMPT_VERSION + "-t96" and plain.every_item == ""
    several = opts.for_question(several_q)
    assert several.several and several.context == ans.LIST_READINGS["s1"][0] != opts.context
    assert several.version == f"{ans.PROMPT_VERSION}-t96-s1" and several.every_item == ans.LIST_READINGS["s1"][1]
    assert several.for_question(several_q) is several  # read once, not twice
    assert ans.AnswerOptions(lists="s2").for_question(several_q).every_item == ""  # the lines alone
    # an experiment's own context is kept
    assert ans.AnswerOptions(lists="s1", context=None).for_question(several_q).context is None


PICNIC = [
    "Time: 20260301_10:00",
    "MayaLin: Shall we plan the picnic for Saturday?",
    "TomBaker: Sure! I'll bring the snacks: crisps and lemonade.",
    "MayaLin: Lovely. Anything else?",
    "TomBaker: Oh, and a big bag of cherries for everyone.",
]
HEADS = {1: PICNIC[0]}
# retrieval found the picnic note by its first chunk (lines 1-4): the line after it is the note's line 5
RESULTS = [{"rank": 1, "chunk_id": 1, "path": "week9/20260301_1000.txt", "lines": [1, 4],
            "text": "\n".join(PICNIC[0:4])}]


def _notes(paths):
    return {key: PICNIC for key in paths}


def _read(question: str, lists: str | None = "s2") -> str:
    prepared = ans.prepare(question, RESULTS, note_heads=HEADS, note_lines=_notes,
                           options=ans.AnswerOptions(names_check=False, lists=lists))
    return "\n".join(s["text"] for s in prepared.sources)


def test_a_list_question_reads_the_notes_next_line_past_the_chunk():
    # the cherries are on the note's line after the chunk: a question for one thing reads the chunk's
    # lines as before; one asking for several gets the note's next line as well (context 0)
    assert "cherries" not in _read("What will Tom bring to the picnic?")
    assert "cherries" in _read("What snacks will Tom bring to the picnic?")
    assert "cherries" not in _read("What snacks will Tom bring to the picnic?", lists=None)


SOURCES = [{"n": 1, "chunk_id": 1, "date": "2026-03-01 10:00", "text": "\n".join(PICNIC[1:])}]
ONE, SEVERAL = "What will Tom bring to the picnic?", "What snacks will Tom bring to the picnic?"


def test_the_prompt_line_follows_a_list_question_and_the_prefix_stays():
    llm = FakeLLM("Crisps, lemonade and cherries [1].")
    answerer = ans.Answerer(llm, model_name="fake", options=ans.AnswerOptions(lists="s1"))
    answerer.answer(SEVERAL, SOURCES)
    answerer.answer(ONE, SOURCES)
    several, one = (call["messages"] for call in llm.calls)
    line = ans.LIST_READINGS["s1"][1]
    assert several[-1]["content"].endswith(f"Question: {SEVERAL}\n{line}")
    assert one[-1]["content"].endswith(f"Question: {ONE}") and line not in one[-1]["content"]
    assert several[:-1] == one[:-1]  # the rules and worked examples: the cached prefix is every question's


def test_a_list_question_is_cached_under_its_own_version_and_the_others_keys_stay():
    answerer = ans.Answerer(FakeLLM("Crisps [1]."), model_name="fake", identity="fake",
                            options=ans.AnswerOptions(lists="s3"))
    assert answerer.cache_key(ONE, SOURCES) == ans.source_key(ONE, SOURCES, "fake", ans.PROMPT_VERSION + "-t96")
    assert answerer.cache_key(SEVERAL, SOURCES) == ans.source_key(SEVERAL, SOURCES, "fake",
                                                                 f"{ans.PROMPT_VERSION}-t96-s3")
    default = ans.Answerer(FakeLLM("Crisps [1]."), model_name="fake", identity="fake")
    assert default.cache_key(SEVERAL, SOURCES) == ans.source_key(SEVERAL, SOURCES, "fake", ans.PROMPT_VERSION + "-t96")
