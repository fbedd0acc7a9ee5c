"""The decline without the model (unheld.py): which words of a question are
names, and when the notes found hold them. Hand-made cases; the whole path
(prepare -> respond, no model call) is in tests/test_answer_sources.py."""

from __future__ import annotations

import pytest

from minirag_cli.unheld import question_names, unheld_names


@pytest.mark.parametrize("question,names", [
    ("What movie did Li Hua watch on New Year's Eve?", ["Li Hua", "New Year's Eve"]),
    ("Did Li Hua and JakeWatson meet in February?", ["Li Hua", "JakeWatson", "February"]),
    # a capital that starts a sentence is no name; "I" is none either
    ("Summarise what Wolfgang said. Then tell me if I should go.", ["Wolfgang"]),
    ("Wolfgang Schulz's band: who plays bass?", ["Schulz's"]),
    ("what did tom say?", []),
    # a Latin name written against Chinese text (`和Alice讨论`), first in the question too
    ("和Alice讨论了什么？", ["Alice"]),
    ("Alice说了什么？问Bob。", ["Alice", "Bob"]),
])
def test_question_names(question, names):
    assert question_names(question) == names


NOTES = ["JakeWatson: Luka Modrić was brilliant tonight!",
         "AdamSmith: rent is due on the 1st. TomBaker said the pizza place is Tom's favourite. Baker street."]
DATES = ["2026-03-01 10:00", "2026-03-04 09:00"]  # a Sunday and a Wednesday in March


@pytest.mark.parametrize("question,missing", [
    ("What did Jake Watson say about Luka Modric?", []),  # spaces, accents
    ("What is Adam Smith's reminder?", []),  # possessive, CamelCase in the note
    ("What did Tom Baker say?", []),  # each word held somewhere
    ("What happened in March, on Sunday and on Wednesday?", []),  # held by the notes' dates
    ("What did Jake do in February?", ["February"]),
    ("What did they eat on New Year's Eve?", ["New Year's Eve"]),
    ("What did Jake say on Friday about Real Madrid?", ["Friday", "Real Madrid"]),
    ("Has Jake ever met anyone like Shedlon Cooper?", ["Shedlon Cooper"]),
])
def test_unheld_names(question, missing):
    assert unheld_names(question, NOTES, DATES) == missing


def test_a_month_is_held_by_its_word_without_dates():
    assert unheld_names("What is planned for May?", ["The fair opens in may."]) == []
    assert unheld_names("What is planned for May?", ["The fair opens soon."], ["bad", ""]) == ["May"]


def test_a_month_in_three_letters_is_held_by_the_notes_dates():
    # "on Nov 3": the search reads it as the date; the notes (a Dendron vault's) write 2026-11-03
    notes = ["# Alpha steering meeting", "Corvid Systems missed the milestone."]
    assert unheld_names("What happened in the Alpha meeting on Nov 3?", notes, ["2026-11-03"]) == []
    assert unheld_names("What happened in the Alpha meeting on Nov 3?", notes, ["2026-10-03"]) == ["Nov"]
    assert unheld_names("What happened on 3 Nov?", notes, ["2026-11-03"]) == []
    assert unheld_names("Who came in Sept 2026?", ["Tom came."], ["2026-09-12 10:00"]) == []


def test_three_letters_are_a_month_only_next_to_a_day_or_a_year_or_after_a_time_word():
    # "Jan" alone is a person's name: a result dated in January held it, so the question was not declined;
    # "in Sept", "during Nov" put a time (a month's short name after them was declined: revM's fix read
    # only "Nov 3" / "Nov 2026")
    notes = ["Priya said the budget is fine. We meet again next week."]
    assert unheld_names("What did Jan say about the budget?", notes, ["2026-01-14"]) == ["Jan"]
    assert unheld_names("Did Jan, 3 people and Priya come?", notes, ["2026-01-14"]) == ["Jan"]
    assert unheld_names("Who came in Sept?", ["Tom came."], ["2026-09-12 10:00"]) == []
    assert unheld_names("What did I do during Nov?", notes, ["2026-11-02"]) == []
    assert unheld_names("What did I hear from Jan?", notes, ["2026-01-14"]) == ["Jan"]
    assert unheld_names("Who came in Sept?", ["Tom came."], ["2026-10-12 10:00"]) == ["Sept"]
    assert unheld_names("What did Priya say on Jan 14th?", notes, ["2026-01-14"]) == []
    assert unheld_names("What is planned for May?", notes, ["2026-05-02"]) == []  # a full name stays a month


def test_a_name_with_one_typing_slip_is_held():
    notes = ["EmilyBurnett: I have never met anyone quite like Sheldon Cooper!"]
    for slip in ("Shedlon", "Sheldn", "Sheldonn", "Shelton"):  # swapped, dropped, added, changed
        assert unheld_names(f"Has Emily met anyone like {slip} Cooper?", notes) == [], slip
    assert unheld_names("Has Emily met anyone like Shedlno Cooper?", notes) == ["Shedlno Cooper"]  # two slips
    # a short word one letter from another is another name, not a slip
    assert unheld_names("What did Tim say?", ["Tom: see you at six"]) == ["Tim"]


# a renovation team's chat and a reading note (tests/test_cjk_names.py), a Japanese chat
CJK_NOTES = ["张伟：我们下周开始装修厨房，预算先按三万元算。\n李娜：好的，我联系王师傅确认瓷砖的价格。\n"
             "王师傅：瓷砖这周可以到货。\n张伟：那周六开工。\n",
             "张伟说厨房预算是三万元，瓷砖另算。\n",
             "书名：《三体》\n作者：刘慈欣\n读《三体》时最喜欢的人物是罗辑。\n",
             "田中:おはようございます。今日の読書会は十時からです。\n佐藤:了解です。『ノルウェイの森』の感想を話しましょう。\n"]


@pytest.mark.parametrize("question,missing", [
    # a person no note holds: no capital tells the name, no result holds its characters
    ("赵敏老师说了什么？", ["赵敏"]),
    ("李娜和赵敏同学联系了王师傅吗？", ["赵敏"]),
    ("鈴木さんは何と言いましたか？", ["鈴木"]),
    # the question's words held (its question words aside), in any order: the model answers
    ("张伟说厨房预算是多少？", []),
    ("王师傅什么时候开工？", []),
    ("《三体》的作者是谁？", []),
    ("李娜联系谁确认瓷砖的价格？", []),
    ("田中さんは何時から読書会ですか？", []),
    ("刘慈欣写了哪本书？", []),  # 写 and 本 held by no note, each alone: one character is no name
    ("张伟星期六下午做了什么？", []),  # words of time: the notes write 周六
    # a Latin name against CJK text is cut from it as the search cuts it, first in the question too
    ("和Alice说了什么？", ["Alice"]),
    ("Alice和张伟说了什么？", ["Alice"]),
    # no capital tells a name from a word: an unheld word that is not shaped as a name (a surname
    # first, or a title or verb of saying after it) declines nothing: the notes may say it otherwise
    ("张伟和李娜讨论了什么？", []),
    ("张伟的装修经费够吗？", []),
    ("赵老师什么时候来？", ["赵老师"]),  # a surname alone with a title is a name
    # no title, no name: a surname opens common words (任务, 方法), a verb of saying is part of others
    # (说明, 问题); the model reads them
    ("赵敏说了什么？", []),
    ("张伟的任务是什么？", []),
    ("会议提到了什么？", []),
    ("张伟的预算问题解决了吗？", []),
    ("和スミス说了什么？", []),
    ("张伟和TomBaker说了什么？", []),
])
def test_a_cjk_question_names_what_no_note_holds(question, missing):
    assert unheld_names(question, CJK_NOTES + ["TomBaker: ok"]) == missing


@pytest.mark.parametrize("question, text, missing", [
    # a time log's rows write their days in figures: July is held though no note is dated in it (review revG)
    ("How many hours did I log for Acme in July 2026?", "| 2026-07-14 | Acme | estimate | 5 |", []),
    ("When is the dentist appointment in March?", "Dentist appointment on 2026-03-14 at 10:00.", []),
    ("When is the dentist appointment in March?", "Dentist appointment on 14.03.2026.", []),
    ("What is on Saturday?", "Gym on 2026-11-07.", []),  # a Saturday
    # a day in figures of another month or weekday holds neither
    ("When is the dentist appointment in March?", "Dentist appointment on 2026-04-14.", ["March"]),
    ("What is on Saturday?", "Gym on 2026-11-06.", ["Saturday"]),
])
def test_a_month_or_weekday_is_held_by_a_day_the_results_write_in_figures(question, text, missing):
    assert unheld_names(question, [text]) == missing


@pytest.mark.parametrize("question, text, missing", [
    # ß is ss, as an entity's key folds it (text.fold): "Lukas Weiss" of a note titled "Lukas Weiß" was unheld (qa51)
    ("What does Lukas Weiss work on?", "# Lukas Weiß\nPostdoc. Runs the data pipeline.", []),
    ("What did Weiß say?", "Lukas Weiss runs the pipeline.", []),
    ("What did STRAUSS say?", "Strauß said hi.", []),
    # ä, ö, ü written ae, oe, ue either way, as a name is looked up (text.umlaut_keys); a short one has no slip
    ("What did Jörg say?", "Joerg said hi.", []),
    ("What did Joerg say?", "Jörg said hi.", []),
    ("What did Jürgen Müller say?", "Juergen Mueller said hi.", []),
    # another name is still another
    ("What did Weiss say?", "Weber said hi.", ["Weiss"]),
    ("What did Jörg say?", "Jürgen said hi.", ["Jörg"]),
])
def test_a_name_is_held_in_the_spellings_its_key_folds(question, text, missing):
    assert unheld_names(question, [text]) == missing


@pytest.mark.parametrize("question, names", [
    # a title's full stop starts no sentence: "Schmidt" after "Prof." was taken for a sentence's first word (qa51)
    ("What did Prof. Schmidt say about chapter 2?", ["Schmidt"]),
    ("What did Dr. Schmidt say?", ["Schmidt"]),
    ("Dr. Schmidt said what?", ["Schmidt"]),
    # the title is no name to hold: the person is named without it, as the extractor names them
    ("What did Prof Schmidt say?", ["Schmidt"]),
    ("What did Prof. Dr. Weber say?", ["Weber"]),
    ("What did Professor Keller say?", ["Keller"]),
    ("Was hat Frau Schmidt gesagt?", ["Schmidt"]),
    # a saint's or a mountain's is its place's name; a sentence still ends at another word's full stop
    ("Was it St. Mary's?", ["St Mary's"]),
    ("Ask Tom. Keller knows.", ["Tom"]),
    # a title's stop before a stopword ends a sentence: its next word is no name's (review revB: "Main St What")
    ("I met Keller on Main St. What did he say?", ["Keller", "Main St"]),
    ("We met at the corner of 5th St. When was that?", ["St"]),
    ("Keller called Dr. Then what happened?", ["Dr"]),
    ("Was it rainy in St. Louis yesterday?", ["St Louis"]),
    ("Did we climb Mt. Fuji?", ["Mt Fuji"]),
])
def test_a_title_before_a_name(question, names):
    assert question_names(question) == names


@pytest.fixture(scope="module")
def student_vault(tmp_path_factory):
    """A PhD student's notes (qa51), synced as `mrag sync` syncs them: heuristic names, hashing vectors."""
    from minirag_cli.config import effective
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.index import Index, SyncOptions
    from mrag_test_plugin import hashing_embedder
    from tests.conftest import write_notes

    tmp = tmp_path_factory.mktemp("student")
    write_notes(tmp / "notes", {
        "people/lukas-weiss.md": "---\ntitle: Lukas Weiß\n---\n# Lukas Weiß\nPostdoc. Runs the data pipeline.\n",
        "people/keller.md": "---\ntitle: Prof. Anna Keller\naliases: [Keller]\n---\n# Prof. Anna Keller\nMy advisor.\n",
        "meetings/2026-11-30-keller.md": "# Meeting 2026-11-30\nProf. Keller said chapter 2 needs three seeds.\n",
        "daily/2026-12-05.md": "# 2026-12-05\nMet Keller on Main St. near the cafe. He said the ablation is done.\n",
    })
    config = effective({"db": str(tmp / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(config, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp / "notes"], SyncOptions(), extractor=HeuristicExtractor())
    with Index.open(config, embedder_factory=hashing_embedder) as index:
        yield index


@pytest.mark.parametrize("question, missing", [
    ("what does Lukas Weiss work on?", []),
    ("what did Weiss say?", []),
    ("what did Prof. Schmidt say about chapter 2?", ["Schmidt"]),
    ("what did Dr. Schmidt say?", ["Schmidt"]),
    ("what did Prof. Keller say about chapter 2?", []),
    ("I met Keller on Main St. What did he say?", []),  # not "Main St What" (review revB)
])
def test_the_names_no_result_holds_in_a_synced_index(student_vault, question, missing):
    result = student_vault.search(question)
    assert student_vault.unheld_names(result) == missing
