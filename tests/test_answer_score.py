"""The scoring rule of `mrag eval --answers` (minirag_cli.answer_score), on
hand-made cases: yes/no verdicts, declines in many wordings, numbers, names,
lists joined by "&", dates and times in any spelling."""

from __future__ import annotations

import pytest

from minirag_cli import answer_score as sc


# --------------------------------------------------------------------------- gold kinds


@pytest.mark.parametrize("gold,expected,kind", [
    ("Yes", ["a.txt"], "yesno"),
    ("No", ["a.txt"], "yesno"),
    ("Answer: Yes", ["a.txt"], "yesno"),
    ("No, he asked afterwards", ["a.txt"], "yesno"),
    ("Insufficient information", [], "unanswerable"),
    ("Insufficient information", ["a.txt"], "unanswerable"),
    ("None", [], "unanswerable"),
    (None, ["a.txt"], "unanswerable"),
    ("anything at all", [], "unanswerable"),
    ("Nothing but bread", ["a.txt"], "content"),
    ("Notebook", ["a.txt"], "content"),
    ("Yesterday's pizza", ["a.txt"], "content"),
    ("20260209", ["a.txt"], "content"),
])
def test_gold_kind(gold, expected, kind):
    assert sc.gold_kind(gold, expected) == kind


# --------------------------------------------------------------------------- yes/no


@pytest.mark.parametrize("answer,got", [
    ("Yes [1].", "yes"),
    ("Yes, but only after Wolfgang asked twice [2].", "yes"),
    ("yes", "yes"),
    ("**Yes.** Li Hua asked first [1][3].", "yes"),
    ("Answer: Yes - he did [1].", "yes"),
    ("Verdict: no. The request came later [2].", "no"),
    ("No — Chae shared the article first [1].", "no"),
    ("No, the shower tip came later [2].", "no"),
    ("\"No\", according to [1].", "no"),
    ("Correct: it took 27 days [1][2].", "yes"),
    ("The answer is no: the request came first [1].", "no"),
    # a yes or no further on is not a verdict
    ("Li Hua thanked Jennifer first; yes, that was on February 4 [1].", None),
    ("Li Hua asked Yuriko in March and Wolfgang paused in April [1][2].", None),
    ("Nobody asked. Yes.", None),
    ("The notes do not say whether he did.", None),
    ("No information about the trip in the notes.", None),  # "no" as a determiner opens a decline
    ("No one mentions it [1].", None),
    ("", None),
])
def test_verdict(answer, got):
    assert sc.verdict(answer) == got


@pytest.mark.parametrize("gold,answer,right", [
    ("Yes", "Yes, but only after Wolfgang asked twice [2].", True),
    ("Yes", "No — he did it later [1].", False),
    ("No", "No — Chae shared the article first [1].", True),
    ("No", "Yes. No one else was there [1].", False),
    ("Answer: Yes", "Yes [1].", True),
    ("Answer: Yes", "Answer: No", False),
    ("No", "Chae did not tell her before; no [1].", False),  # no verdict up front
    ("Yes", "The notes do not say.", False),  # a decline is no verdict
])
def test_yes_no_scoring(gold, answer, right):
    s = sc.score(gold, answer, question="Did X happen before Y?", expected=["a.txt"])
    assert s.kind == "yesno" and s.right is right


@pytest.mark.parametrize("answer,got", [
    ("I'm not sure, but yes, he did [1].", "yes"),  # a hedged verdict is a verdict, not a decline
    ("I am not sure but no [2].", "no"),
    ("I’m not sure, however yes [1].", "yes"),
    ("I'm not sure.", None),
    ("I'm not sure. Yes [1].", "yes"),  # the verdict read past the doubt
    ("I'm not sure. Yes, he did [1].", "yes"),
    ("I'm not sure: yes, he did [1].", "yes"),
    ("I'm not sure - no, he did not [2].", "no"),
    ("I don't know, but yes [1].", "yes"),  # as "I'm not sure, but yes [1]."
    ("I'm not sure but yes.", "yes"),  # an answer without a citation still answers
    ("Answer: I'm not sure.", None),
    ("Sorry, I'm not sure.", None),
])
def test_a_verdict_after_doubt(answer, got):
    assert sc.verdict(answer) == got
    s = sc.score("Yes", answer, expected=["a.txt"])
    assert s.right is (got == "yes") and s.declined is (got is None)


@pytest.mark.parametrize("answer,got", [
    # a yes or no in other words (gave no verdict: "I'm not sure, but I don't think so." was neither)
    ("I'm not sure, but I don't think so.", "no"),
    ("I don't think so.", "no"),
    ("I do not think so [1].", "no"),
    ("I don’t believe so, he stayed home [2].", "no"),
    ("I think not.", "no"),
    ("I think so.", "yes"),
    ("Answer: I think so [1].", "yes"),
    ("I'm not sure, but I think so [1].", "yes"),
    # a hedge before the verdict keeps it; a hedge alone is none
    ("Probably not.", "no"),
    ("Probably yes.", "yes"),
    ("Most likely, no [2].", "no"),
    ("Maybe not [1].", "no"),
    ("Not sure, probably not.", "no"),
    ("Probably.", None),
    ("Possibly the bakery [1].", None),
    ("I think he went to the bakery [1].", None),  # an opinion, no yes or no
])
def test_a_verdict_in_other_words(answer, got):
    from minirag_cli.answer import Answer

    assert sc.verdict(answer) == got
    assert Answer(answer).to_dict()["verdict"] == got  # `mrag ask --json`'s answer.verdict is the rule's
    if got is not None:
        for gold in ("Yes", "No"):
            s = sc.score(gold, answer, expected=["a.txt"])
            assert s.right is (got == gold.lower()) and not s.declined


def test_ask_calls_declines_what_the_rule_calls_declines():
    # `mrag ask --json`'s answer.declined is the scoring rule's
    from minirag_cli.answer import Answer

    for text in DECLINES:
        assert Answer(text).to_dict()["declined"] is True
    for text in NOT_DECLINES:
        assert Answer(text).to_dict()["declined"] is False


def test_yes_no_decline_is_a_false_decline():
    s = sc.score("Yes", "I cannot tell from the notes whether he did.", expected=["a.txt"])
    assert (s.right, s.declined) == (False, True)
    s = sc.score("No", "No, the notes do not mention it.", expected=["a.txt"])
    assert (s.right, s.declined) == (True, False)  # a verdict first is a verdict
    s = sc.score("No", "No information about the trip in the notes.", expected=["a.txt"])
    assert (s.right, s.declined) == (False, True)  # ... but "No information" is a decline


# --------------------------------------------------------------------------- declines


DECLINES = [
    "The notes do not say.",
    "The notes don't mention what colour the house was.",
    "The sources do not specify which movie they watched [1].",
    "It is not mentioned in the notes.",
    "This is not specified.",
    "There is no information about the gifts Wolfgang bought.",
    "The provided context does not contain the sales figures.",
    "I cannot determine this from the sources.",
    "I can't tell from these notes.",
    "Insufficient information.",
    "Not enough information to answer.",
    "Unknown.",
    "The answer cannot be determined from the notes.",
    "I'm sorry, but I don't know.",
    "The notes give no details about the cake flavour.",
    "No, the notes do not mention any special diet.",
    "Unfortunately, there is no mention of a curtain colour in the sources.",
    "Nothing in the notes says what he planted.",
    "Unable to determine the cost from the sources.",
    "The strategy is unknown.",
    "",
    # doubt in the first person with nothing after it: SmolLM2's decline
    "I'm not sure.",
    "I am not sure.",
    "I’m not sure.",  # a typographic apostrophe
    "I'm not certain what he brought.",
    "I am unsure.",
    "Not sure.",
    "I don't know.",
    "I do not know.",
    "I don’t know.",
    "I cannot tell from the sources.",
    # nothing that answers after the doubt: a label, "Sorry,", what is doubted, another decline
    "Answer: I'm not sure.",
    "**I'm not sure.**",
    "Sorry, I'm not sure.",
    "Unfortunately, I don't know.",
    "I'm not quite sure.",
    "Im not sure.",
    "I'm not sure if the notes say.",
    "I'm not sure, but no information about it is in the notes.",
    "I'm not sure. The notes do not say.",
]

NOT_DECLINES = [
    "Li Hua measured the window to be 150 cm wide [1].",
    "Adam said the notes on the fridge do not matter [2].",  # "notes ... do not" but not about the answer
    "Li Hua was not sure about the colour, so he asked Adam [1].",
    "Wolfgang could not find his keys, so he was late [3].",
    "No one else came to the gym [1].",
    "The payment was not recorded by Adam until Monday [2].",
    "Yes [1].",
    "Chips [2].",
    # doubt followed by an answer is an answer
    "I'm not sure, but yes, he did [1].",
    "I'm not sure, but I think it was cake [1].",
    "I am not certain, though it was probably Tuesday [2].",
    "Tom is not sure he can come [1].",  # doubt, but not the answer's own
    # doubt followed by an answer, in any punctuation (these were declines)
    "I'm not sure. He went to Paris [1].",
    "I'm not sure, he went to Paris [1].",
    "I'm not sure; he went to Paris [1].",
    "Not sure, he may have gone to Paris [1].",
    "I'm not sure: yes, he did [1].",
    "I don't know, but yes [1].",
    "I'm unsure whether he went; the notes say Paris [1].",
]


@pytest.mark.parametrize("answer", [
    "I'm not sure. He went to Paris [1].", "I'm not sure, he went to Paris [1].",
    "Not sure, he may have gone to Paris [1].", "I'm not sure what he ate, though he went to Paris [1].",
])
def test_content_read_past_the_doubt(answer):
    s = sc.score("Paris", answer, question="Where did he go?", expected=["a.txt"])
    assert (s.right, s.declined) == (True, False)


@pytest.mark.parametrize("answer", DECLINES)
def test_declines(answer):
    assert sc.is_decline(answer)
    assert sc.score("Insufficient information", answer, expected=[]).right
    assert sc.score("None", answer, expected=[]).right


@pytest.mark.parametrize("answer", NOT_DECLINES)
def test_not_declines(answer):
    assert not sc.is_decline(answer)
    assert not sc.score("Insufficient information", answer, expected=[]).right


def test_decline_only_counts_in_the_first_sentence():
    answer = "Li Hua painted it blue [1]. The notes do not say when."
    assert not sc.is_decline(answer)


def test_a_declined_answerable_question_is_wrong_and_counted():
    s = sc.score("Chips", "The notes do not say which snack he brought.", question="What snack?",
                 expected=["a.txt"])
    assert s.kind == "content" and not s.right and s.declined


# --------------------------------------------------------------------------- content golds


@pytest.mark.parametrize("question,gold,answer,right", [
    # names, CamelCase handles, accents
    ("Who is delivering the bread?", "Alice", "Alice delivers it [1].", True),
    ("Who is delivering the bread?", "Alice", "Hailey delivers it [1].", False),
    ("Who won?", "Adam Smith", "AdamSmith won the bet [2].", True),
    ("Who won?", "Adam Smith", "Adam won [2].", True),  # half of the name
    ("Who suggested the name?", "Tomás Rivera", "Tomas Rivera did [1].", True),
    ("What game is ThaneChambers playing?", "Black Myth: Wukong", "He is playing Black Myth: Wukong [1].", True),
    ("What game is ThaneChambers playing?", "Black Myth: Wukong", "He is playing Elden Ring [1].", False),
    # question words are no evidence
    ("What type of combat does Gavriel prefer in games?", "Turn-based combat", "Gavriel prefers combat [1].",
     False),
    ("What type of combat does Gavriel prefer in games?", "Turn-based combat", "He likes turn-based games [1].",
     True),
    ("How does LiHua feel about the bench press challenge?", "LiHua feels pretty strong and is up for the challenge",
     "LiHua feels up for the challenge [1].", False),
    ("How does LiHua feel about the bench press challenge?", "LiHua feels pretty strong and is up for the challenge",
     "He feels strong and ready [1].", True),
    # numbers
    ("How many days of tide data?", "214 days", "The buoys delivered 214 days of data [2].", True),
    ("How many days of tide data?", "214 days", "About 240 days [2].", False),
    ("How many hours were lost?", "Three hours", "3 hours of readings were lost [1].", True),
    ("How heavy was the sinker?", "120 kg", "It weighed 120 kilograms [1].", True),
    ("How heavy was the sinker?", "120 kg", "It weighed 210 kg [1].", False),
    ("What hydration?", "78%", "A 78 % hydration dough [1].", True),
    ("What was the peak surge?", "2.9 m above chart datum", "2.9 metres above chart datum [3].", True),
    ("What budget?", "$2,000", "A budget of 2000 dollars [1].", True),
    # reasons and phrases: at least half of the content words, inflections folded
    ("What is the opportunity that makes Wolfgang and Yuriko acquaintances?",
     "LiHua introduce them to each other by saying that they can play music together every Sunday",
     "Li Hua introduced them so they could play music together on Sundays [1][2].", True),
    ("What is the opportunity that makes Wolfgang and Yuriko acquaintances?",
     "LiHua introduce them to each other by saying that they can play music together every Sunday",
     "They met at a party [1].", False),
    ("What does Li Hua ask Adam about the door hinge?", "a small repair", "Whether it needs a small repair [1].",
     True),
    # parentheses in a gold are context, not required
    ("What is the day job of the soloist?", "Pharmacist (Priya Natarajan)", "She is a pharmacist [1].", True),
    ("What is the day job of the soloist?", "Pharmacist (Priya Natarajan)", "Priya Natarajan [1].", False),
    # words of any script: a Chinese or Japanese gold by its two-character terms (no blank tells its
    # words apart), a Cyrillic or Danish one by its words; [a-z] alone found no word in them (0/0, never right)
    ("张伟说厨房预算是多少？", "三万元", "今天和张伟说厨房预算是三万元。 [1]", True),
    ("张伟说厨房预算是多少？", "三万元", "张伟说厨房预算是两万元 [1]", False),
    ("東京で何を食べましたか？", "ラーメン", "ラーメンを食べました [1]", True),
    ("東京で何を食べましたか？", "ラーメン", "寿司を食べました [1]", False),
    ("Куда поехал Иван?", "Москву", "Иван поехал в Москву [1].", True),
    ("Куда поехал Иван?", "Москву", "Иван поехал в Казань [1].", False),
    ("Who fixed the bike?", "Søren", "Søren fixed it [1].", True),
    ("Who fixed the bike?", "Søren", "Ren fixed it [1].", False),
])
def test_content_golds(question, gold, answer, right):
    s = sc.score(gold, answer, question=question, expected=["a.txt"])
    assert s.kind == "content"
    assert s.right is right, s.detail


@pytest.mark.parametrize("answer,right", [
    ("Adam Smith, Jennifer Moore and Wolfgang Schulz [1][2][3].", True),
    ("AdamSmith, JenniferMoore and WolfgangSchulz.", True),
    ("Adam, Jennifer and Wolfgang [1].", True),  # first names: half of each name
    ("Adam and Wolfgang [1].", True),  # 2 of 3 items: most of them
    ("Only Wolfgang [1].", False),  # 1 of 3
    ("Yuriko and Chae [1].", False),
])
def test_list_golds_joined_by_ampersand(answer, right):
    gold = "Adam Smith & Jennifer Moore & Wolfgang Schulz"
    s = sc.score(gold, answer, question="Who wished Li Hua a happy Lunar New Year?", expected=["a.txt"])
    assert s.right is right, s.detail


def test_two_item_list_needs_both():
    gold = "a scratching post & a grey cat"
    assert sc.score(gold, "A scratching post for the grey cat [1].", question="What?", expected=["a"]).right
    assert not sc.score(gold, "A scratching post [1].", question="What?", expected=["a"]).right


# --------------------------------------------------------------------------- dates and times


@pytest.mark.parametrize("answer,right", [
    ("He solved it on 20260209 [2].", True),
    ("On February 9 [2].", True),
    ("On February 9th, 2026 [2].", True),
    ("On Feb 9th [2].", True),
    ("On Feb. 9, 2026 [2].", True),
    ("On 9 February 2026 [2].", True),
    ("On the 9th of February [2].", True),
    ("On 2026-02-09 [2].", True),
    ("On February 9th, 2025 [2].", False),  # another year
    ("On February 19 [2].", False),
    ("On March 9 [2].", False),
    ("In February [2].", False),
])
def test_dates_in_any_spelling(answer, right):
    s = sc.score("20260209", answer, question="When did he solve that client's project?", expected=["a"])
    assert s.right is right, s.detail


def test_date_and_time_golds():
    q = "When is the contractor team going to install the air-conditioner?"
    assert sc.score("20260812 6PM", "On August 12 at 6 p.m. [1].", question=q, expected=["a"]).right
    assert sc.score("20260812 6PM", "August 12th, 18:00 [1].", question=q, expected=["a"]).right
    assert sc.score("20260812 6PM", "On August 12 [1].", question=q, expected=["a"]).right  # half
    assert not sc.score("20260812 6PM", "On August 13 at 5 pm [1].", question=q, expected=["a"]).right
    gold = "20261202_14:00 & 20261209_19:00"
    q2 = "What are the two conversations he had with LiHua in December?"
    assert sc.score(gold, "The chats on December 2 and December 9 [1][2].", question=q2, expected=["a"]).right
    assert sc.score(gold, "December 2nd at 2 pm and Dec 9 at 7 pm [1][2].", question=q2, expected=["a"]).right
    assert not sc.score(gold, "December 2 and December 15 [1].", question=q2, expected=["a"]).right


def test_gold_with_weekday_and_time():
    q = "When is the Freelancer Group Meeting scheduled?"
    assert sc.score("This Wednesday at 3 pm", "Wednesday at 15:00 [1].", question=q, expected=["a"]).right
    assert not sc.score("This Wednesday at 3 pm", "Thursday at 5 pm [1].", question=q, expected=["a"]).right


# --------------------------------------------------------------------------- normalisation


def test_words_normalisation():
    assert sc.words("JenniferMoore's 3PM call on Jan 22nd") == ["jennifer", "moore", "@time:1500", "call", "on",
                                                                "@date:?-01-22"]
    assert sc.words("Tomás paid 1,200 euros [3]") == ["tomas", "paid", "1200", "euros"]
    assert sc.words("张伟说三万元 [1]") == ["张伟", "伟说", "说三", "三万", "万元"]
    assert sc.stem("introduced") == sc.stem("introduces") == sc.stem("introduce")
    assert sc.stem("playing") == sc.stem("plays") == sc.stem("played") == sc.stem("play")
    assert sc.stem("stopped") == "stop"
    assert sc.stem("pastries") == sc.stem("pastry")


def test_the_rule_is_deterministic_and_pure():
    args = ("Adam Smith & Jennifer Moore", "Adam and Jennifer [1].")
    assert sc.score(*args, question="Who?", expected=["a"]) == sc.score(*args, question="Who?", expected=["a"])


def test_answers_skip_answerable_lines_without_a_gold_answer():
    """A line with expected paths but no `answer` cannot be scored: it is left
    out of --answers rather than counted as a question to decline."""
    from types import SimpleNamespace

    from minirag_cli.answer_eval import answered_questions
    from minirag_cli.evaluate import GoldenQuestion

    qs = [GoldenQuestion(1, "a", "who?", ["a.md"], "single", "Anna"),
          GoldenQuestion(2, "b", "when?", ["b.md"], "single", None),
          GoldenQuestion(3, "c", "why?", ["c.md"], "single", "  "),
          GoldenQuestion(4, "d", "where?", [], None, None),  # unanswerable: kept, the model must decline
          GoldenQuestion(5, "e", "what?", ["gone.md"], "single", "x")]
    run = SimpleNamespace(excluded=[{"line": 5}])
    assert [q.id for q in answered_questions(qs, run)] == ["a", "d"]
