"""Relative days in a question read against the asking day (askday.py):
"what did I do yesterday?" asked on 2026-05-03 searches and answers from
the notes of 2026-05-02, in `mrag ask` (MRAG_TODAY) and in `mrag eval` only
for a golden line that gives its "asked_on"."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from typer.testing import CliRunner

from minirag_cli import answer as ans
from minirag_cli.app import Seams
from minirag_cli.config import effective
from minirag_cli.errors import MragError
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.index import Index, SyncOptions
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

SUNDAY = dt.date(2026, 5, 3)


@pytest.mark.parametrize("question,words,first,last", [
    ("what did I do yesterday?", "yesterday", "2026-05-02", "2026-05-02"),
    ("What did I eat last night?", "last night", "2026-05-02", "2026-05-02"),
    ("what happened today?", "today", "2026-05-03", "2026-05-03"),  # impersonal
    ("What happened the day before yesterday?", "the day before yesterday", "2026-05-01", "2026-05-01"),
    ("what did we cook 3 days ago?", "3 days ago", "2026-04-30", "2026-04-30"),
    ("what did I write two days ago", "two days ago", "2026-05-01", "2026-05-01"),
    # a week ago: that day, as N days ago is (was left alone: "a week ago" searched as words); two or more weeks ago
    # the Monday-to-Sunday week of that day (qdays3: were the day alone, "what happened two weeks ago?" lost the
    # week's other logs)
    ("what did I do a week ago?", "a week ago", "2026-04-26", "2026-04-26"),
    ("What did I cook two weeks ago?", "two weeks ago", "2026-04-13", "2026-04-19"),
    ("where was I 3 weeks ago?", "3 weeks ago", "2026-04-06", "2026-04-12"),
    ("what did I write last week?", "last week", "2026-04-20", "2026-04-26"),  # Monday to Sunday
    ("What did I do this week?", "this week", "2026-04-27", "2026-05-03"),
    ("what did I read last month?", "last month", "2026-04-01", "2026-04-30"),
    # a journal's weekend: Saturday and Sunday of last week / this week (not "last week", nor nothing)
    ("what did I do last weekend?", "last weekend", "2026-04-25", "2026-04-26"),
    ("Where did we go this weekend?", "this weekend", "2026-05-02", "2026-05-03"),
    ("Who did I see last weekend?", "last weekend", "2026-04-25", "2026-04-26"),
    # "the last week" is the 7 days up to today, not the calendar week before this one
    ("What did I do in the last week?", "the last week", "2026-04-27", "2026-05-03"),
    ("what did I cook over the past week?", "the past week", "2026-04-27", "2026-05-03"),
    ("What did I do this past week?", "this past week", "2026-04-27", "2026-05-03"),
    ("what did I read in the past month?", "the past month", "2026-04-03", "2026-05-03"),
    ("What's on my list this month?", "this month", "2026-05-01", "2026-05-31"),
    ("What did I hear from Priya on Tuesday?", "on Tuesday", "2026-04-28", "2026-04-28"),  # the past Tuesday
    ("what's new this week?", "this week", "2026-04-27", "2026-05-03"),  # impersonal, with its contraction
    ("did the band call us yesterday?", "yesterday", "2026-05-02", "2026-05-02"),  # "us" in lower case
    ("What did I do on Sunday?", "on Sunday", "2026-04-26", "2026-04-26"),  # before today, not today
    ("who did I meet last Friday?", "last Friday", "2026-05-01", "2026-05-01"),
    ("what did I hear from Priya yesterday?", "yesterday", "2026-05-02", "2026-05-02"),
    ("What did I write in yesterday's note?", "yesterday", "2026-05-02", "2026-05-02"),  # a possessive too
    ("what was on my list for last week’s trip?", "last week", "2026-04-20", "2026-04-26"),
    # of no one else: the asker's (was read as written: "at work", "garden" and "meetings" are no
    # impersonal words)
    ("what happened at work yesterday?", "yesterday", "2026-05-02", "2026-05-02"),
    ("anything about the garden last week?", "last week", "2026-04-20", "2026-04-26"),
    ("meetings this week?", "this week", "2026-04-27", "2026-05-03"),
    ("Meetings this week?", "this week", "2026-04-27", "2026-05-03"),  # the sentence's capital
    ("What was the plan for today?", "today", "2026-05-03", "2026-05-03"),  # a copula's subject is asked about
    ("did anyone call yesterday?", "yesterday", "2026-05-02", "2026-05-02"),
    ("Anything from Monday's meeting last week?", "last week", "2026-04-20", "2026-04-26"),  # a day is no one
])
def test_the_asked_days(question, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, SUNDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)


@pytest.mark.parametrize("question", [
    # third-person questions quoting a note: the note's week, not the asker's (LiHua dev)
    "Who proposes that the band takes a break from jamming this week?",
    "What does Dacey propose to practice on Saturday?",
    "When did Li Hua inform Adam Smith that the rent for last month (implied to be May) had been transferred?",
    "Did Wolfgang ask Li Hua if she wants to have pizza for dinner after work today before he wondered?",
    # about someone else: the note's "tonight", not the asker's (LiHua's answering note was dropped)
    "What did Wolfgang want to eat tonight?",
    "What did Dacey propose to practice on Saturday?",
    "What did Priya say on Tuesday?",
    "Was the US office closed yesterday?",  # a country, not "us"
    # someone else: said, asked about, or a verb's own subject
    "what did he say yesterday?",
    "Who called Tom yesterday?",  # "Who called yesterday?" is "who called me…" (qdays4)
    "Priya's plans this week?",
    "Yesterday Priya said what?",
    "What did the band play yesterday?",
    "Does the band take a break from jamming this week?",
    "Proposals that the band takes a break this week?",
    "What happened at Google yesterday?",
    # the first person inside quotes is the note's
    "Who wrote 'I was sick yesterday'?",
    "Who told Li Hua \u201cI finished the report today\u201d?",
    "Did I write 'I was sick yesterday' in a note?",  # the day inside the quote is the note's
    # a written date is the date asked about: no weekday overrides it
    "what did I do on Tuesday, April 21, 2026?",
    "what did I do last Tuesday (April 21)?",
    "what did I do yesterday, May 1?",
    # compared, not asked about; more than one; the future; no such phrase
    "what did I do since last week?",
    "what did I do before yesterday's meeting?",
    "what did I do yesterday or today?",
    "what did I plan for the week after next?",  # "next Tuesday" is read (the coming one: test_future_days)
    "what do I do on Tuesdays?",
    "what did I do on 2026-05-02?",
])
def test_days_not_read_against_the_asking_day(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, SUNDAY) is None


SATURDAY = dt.date(2026, 12, 5)


@pytest.mark.parametrize("question,words,first", [
    # a day of the month with no month: the latest such day up to the asking day
    ("what did I do on the 21st?", "the 21st", "2026-11-21"),
    ("what happened on the 3rd?", "the 3rd", "2026-12-03"),
    ("What did I write on the 5th?", "the 5th", "2026-12-05"),  # today
    ("What did I do on the 31st?", "the 31st", "2026-10-31"),  # no November 31st
    ("what happened on the 2nd at work?", "the 2nd", "2026-12-02"),
    ("What did I cook on the 5th for dinner?", "the 5th", "2026-12-05"),  # "on the 5th" and a preposition
    ("What did I do on the 21st, at work?", "the 21st", "2026-11-21"),
    ("what did I do the 21st?", "the 21st", "2026-11-21"),  # the question's end
])
def test_a_day_of_the_month_is_the_latest_one(question, words, first):
    from minirag_cli.askday import asked_days

    got = asked_days(question, SATURDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, first)


@pytest.mark.parametrize("question,words,first,last", [
    # German: first person, or no one (its capitals are nouns: "Büro" is no one)
    ("Was habe ich gestern gemacht?", "gestern", "2026-12-04", "2026-12-04"),
    ("Was war gestern im Büro?", "gestern", "2026-12-04", "2026-12-04"),
    ("Was ist hier gestern passiert?", "gestern", "2026-12-04", "2026-12-04"),  # German "hier" is "here"
    ("Was habe ich heute Morgen gegessen?", "heute", "2026-12-05", "2026-12-05"),
    ("Was habe ich vorgestern gekocht?", "vorgestern", "2026-12-03", "2026-12-03"),
    ("Was haben wir letzte Woche gemacht?", "letzte Woche", "2026-11-23", "2026-11-29"),
    ("Was stand vorige Woche in meinem Kalender?", "vorige Woche", "2026-11-23", "2026-11-29"),
    ("Was war diese Woche los?", "diese Woche", "2026-11-30", "2026-12-06"),
    ("Was habe ich letzten Monat gelesen?", "letzten Monat", "2026-11-01", "2026-11-30"),
    ("Was habe ich am Montag gemacht?", "am Montag", "2026-11-30", "2026-11-30"),
    ("Was habe ich letzten Samstag gegessen?", "letzten Samstag", "2026-11-28", "2026-11-28"),
    # French
    ("Qu'ai-je fait hier ?", "hier", "2026-12-04", "2026-12-04"),
    ("Qu'est-ce qui s'est passé hier ?", "hier", "2026-12-04", "2026-12-04"),
    ("Qu'est-ce qu'il y a eu hier ?", "hier", "2026-12-04", "2026-12-04"),  # "il y a" is no one
    ("J'ai mangé quoi aujourd'hui ?", "aujourd'hui", "2026-12-05", "2026-12-05"),
    ("Qu'est-ce que j'ai fait avant-hier ?", "avant-hier", "2026-12-03", "2026-12-03"),
    ("Qu'avons-nous fait la semaine dernière ?", "la semaine dernière", "2026-11-23", "2026-11-29"),
    ("Qu'est-ce que j'ai lu cette semaine ?", "cette semaine", "2026-11-30", "2026-12-06"),
    ("Qu'ai-je lu le mois dernier ?", "le mois dernier", "2026-11-01", "2026-11-30"),
    ("Qu'ai-je fait lundi dernier ?", "lundi dernier", "2026-11-30", "2026-11-30"),
    # Spanish
    ("¿Qué hice ayer?", "ayer", "2026-12-04", "2026-12-04"),
    ("¿Qué escribí yo hoy?", "hoy", "2026-12-05", "2026-12-05"),
    ("¿Qué comí anteayer?", "anteayer", "2026-12-03", "2026-12-03"),
    ("¿Qué hicimos nosotros la semana pasada?", "la semana pasada", "2026-11-23", "2026-11-29"),
    ("¿Qué leí esta semana?", "esta semana", "2026-11-30", "2026-12-06"),
    ("¿Qué hubo en mi agenda el mes pasado?", "el mes pasado", "2026-11-01", "2026-11-30"),
    ("¿Qué hice el lunes?", "el lunes", "2026-11-30", "2026-11-30"),
    # Spanish in the first person by its verb alone: one who names someone is still the asker (were none)
    ("¿Qué hice con Priya ayer?", "ayer", "2026-12-04", "2026-12-04"),
    ("¿Qué almorzamos con Priya hoy?", "hoy", "2026-12-05", "2026-12-05"),
    ("¿Qué comí con Priya el lunes?", "el lunes", "2026-11-30", "2026-11-30"),
    ("¿Qué hice con Priya hace dos días?", "hace dos días", "2026-12-03", "2026-12-03"),
    ("¿Qué hice con Priya el lunes y el martes?", "el lunes y el martes", "2026-11-30", "2026-12-01"),
    ("¿Qué comimos ayer?", "ayer", "2026-12-04", "2026-12-04"),
    ("¿Cuántos kilómetros caminamos ayer?", "ayer", "2026-12-04", "2026-12-04"),  # a noun, then the verb
    ("¿Comí con Priya ayer?", "ayer", "2026-12-04", "2026-12-04"),  # the verb opens the question: capitalised
    ("Qu'ai-je fait le lundi dernier ?", "lundi dernier", "2026-11-30", "2026-11-30"),
    # N days ago, N weeks ago: that day, as in English (were left alone, searched as words)
    ("Was habe ich vor zwei Tagen gemacht?", "vor zwei Tagen", "2026-12-03", "2026-12-03"),
    ("Was war vor 3 Tagen im Büro?", "vor 3 Tagen", "2026-12-02", "2026-12-02"),  # German: Büro is no one
    ("Was habe ich vor einem Tag gegessen?", "vor einem Tag", "2026-12-04", "2026-12-04"),
    ("Was haben wir vor zwei Wochen gekocht?", "vor zwei Wochen", "2026-11-21", "2026-11-21"),
    ("Was habe ich vor einer Woche gelesen?", "vor einer Woche", "2026-11-28", "2026-11-28"),
    ("Was habe ich gemacht, drei Tage her?", "drei Tage her", "2026-12-02", "2026-12-02"),
    ("Was habe ich zwölf Tage her geschrieben?", "zwölf Tage her", "2026-11-23", "2026-11-23"),
    ("Qu'ai-je fait il y a trois jours ?", "il y a trois jours", "2026-12-02", "2026-12-02"),
    ("Qu'ai-je mangé il y a un jour ?", "il y a un jour", "2026-12-04", "2026-12-04"),
    ("Qu'avons-nous fait il y a deux semaines ?", "il y a deux semaines", "2026-11-21", "2026-11-21"),
    ("¿Qué hice hace dos días?", "hace dos días", "2026-12-03", "2026-12-03"),
    ("¿Qué comí hace 4 dias?", "hace 4 dias", "2026-12-01", "2026-12-01"),
    ("¿Qué hice hace una semana?", "hace una semana", "2026-11-28", "2026-11-28"),
    ("what did I do eleven days ago?", "eleven days ago", "2026-11-24", "2026-11-24"),  # up to twelve
])
def test_german_french_and_spanish_days(question, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, SATURDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)


@pytest.mark.parametrize("question", [
    "what did I see on the 3rd floor?",  # an ordinal's noun, not a day
    "what did I read about the 21st century?",
    "what did Priya say on the 21st?",  # someone else's
    "what did I do on the 3rd after the 1st?",  # two, compared
    # an ordinal in ordinary English: read as a day, the answer read only that day's notes
    "What did I think of the 2nd and 3rd books?",  # two ordinals: a list (was the 2nd)
    "What did I read about the 19th and 20th centuries?",
    "what did I do on the 2nd and 3rd?",  # two days: neither narrowed to one
    "what did I do on the 2nd, 3rd and 4th?",
    "Did I pick the 2nd or the 3rd?",
    "What was my time in the 5th at the race?",  # a preposition only after "on the 5th" (was the 5th)
    "What was the 2nd to last book I read?",
    "what did I see on the 5th floor?",
    "what was the 5th book I finished?",
    "where did I come in the 5th place?",
    "what did I get for the 5th grade?",
    "what did we do for the 5th anniversary?",
    "Was hat Priya gestern gesagt?",  # a German verb's own subject
    "Was hat der Chef gestern gesagt?",
    "Was hat er heute gesagt?",
    "Wer hat gestern angerufen?",
    "Was habe ich seit gestern gemacht?",  # compared
    "Was ist hier passiert?",  # German "here", no day
    "Qu'est-ce que Priya a dit hier ?",
    "Qu'est-ce qu'il a dit hier ?",
    "Qu'ai-je fait depuis hier ?",
    "¿Qué dijo María ayer?",
    # a name or a noun that ends as a first person's verb does: someone else's, as "¿Qué comió Ana ayer?"
    "¿Qué comió Ana ayer?",
    "¿Cuántos gramos de azúcar comió Ana ayer?",
    "¿Qué hizo Noé ayer?",
    "¿Qué pasó en Haití ayer?",
    "¿Qué dijo ella ayer?",
    "¿Qué hice desde ayer?",
    # someone else's N days ago
    "Was hat Priya vor zwei Tagen gesagt?",
    "Qu'est-ce qu'elle a dit il y a deux jours ?",
    "¿Qué dijo él hace tres días?",
    # the coming days, left alone as "next …" is: "el lunes que viene" is next Monday (was last Monday),
    # and a day next to one is compared, as "yesterday … next week" is
    "¿Qué hago el lunes que viene?",
    "¿Qué planeé ayer para la semana que viene?",
    "Qu'ai-je prévu hier pour la semaine qui vient ?",
    "Was habe ich gestern für kommende Woche geplant?",
    "Was mache ich nächste Woche?",
    "Was mache ich nächsten Montag?",
    "Que fais-je la semaine prochaine ?",
    "Que fais-je lundi prochain ?",
    "¿Qué hago la próxima semana?",
    "¿Qué hago el próximo lunes?",
])
def test_days_of_someone_else_or_compared_are_not_read(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, SATURDAY) is None


@pytest.mark.parametrize("question", [
    # an ordinal that counts is no day of the month (were the 5th and the 4th of the month)
    "did I win on the 5th in a row?",
    "what did I eat on the 3rd in succession?",
    "was that my 3rd run or the 4th?",
    "did I finish on the 3rd try or the 4th?",
    "was it the 3rd time or the 4th?",
    "how did my 5th run go compared to the 4th?",
    # were already none: the ordinal's noun says it counts
    "my 5th run in a row?",
    "did I pass on the 5th attempt?",
    "the 3rd time I ran?",
])
def test_an_ordinal_that_counts_is_no_day(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, SATURDAY) is None


@pytest.mark.parametrize("question,words,first,last", [
    # the count's week is asked, its ordinal is no day
    ("when did I run for the 3rd time this week?", "this week", "2026-11-30", "2026-12-06"),
    # a day after an ordinal of a noun that is not answered by it
    ("what did I do on the 3rd floor or on the 5th?", "the 5th", "2026-12-05", "2026-12-05"),
    ("what did I eat on the 4th?", "the 4th", "2026-12-04", "2026-12-04"),
])
def test_a_count_next_to_a_day_leaves_the_day(question, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, SATURDAY)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)


def test_an_ordinal_of_ordinary_english_does_not_cut_the_answer_to_a_day(tmp_path):
    """"the 2nd and 3rd books" was read as the 2nd of the month: the answer
    read only daily/2026-12-02.md, never the reading list that answers."""
    from tests.test_answer import FakeLLM

    write_notes(tmp_path / "notes", {
        "daily/2026-12-02.md": "## Work\nShipped the importer; lunch with Marc.\n",
        "daily/2026-12-03.md": "## Evening\nBoard game night.\n",
        "reading-list.md": "# Reading\n\nFinished the 2nd and 3rd books of the Expanse: the 3rd drags.\n",
    })
    db = tmp_path / "index.sqlite"
    with Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), create=True,
                    embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        result = index.search("What did I think of the 2nd and 3rd books?", today=SATURDAY)
        assert result.days is None
        fake = FakeLLM("The 3rd drags [1].")
        index.answer(result, answerer=ans.Answerer(fake, model_name="fake"))
        assert "Expanse" in fake.calls[0]["messages"][-1]["content"]


MONDAY = dt.date(2027, 1, 4)
WEDNESDAY = dt.date(2026, 11, 18)


@pytest.mark.parametrize("question,today,words,first,last", [
    # Monday to Friday a past tense's "this weekend" is the one just gone (was the coming one, 01-09..10)
    ("What did I do this weekend?", MONDAY, "this weekend", "2027-01-02", "2027-01-03"),
    ("What happened this weekend?", dt.date(2027, 1, 8), "this weekend", "2027-01-02", "2027-01-03"),
    ("Where was I this weekend?", MONDAY, "this weekend", "2027-01-02", "2027-01-03"),
    # the future's, a plan's, and on the weekend itself: this week's Saturday and Sunday
    ("What am I doing this weekend?", MONDAY, "this weekend", "2027-01-09", "2027-01-10"),
    ("What did I plan for this weekend?", MONDAY, "this weekend", "2027-01-09", "2027-01-10"),
    ("What did I do this weekend?", SUNDAY, "this weekend", "2026-05-02", "2026-05-03"),
    # a plan's past tense is of the coming weekend (was the one just gone, 11-14..15), its doing's the one gone
    ("What did I plan to do this weekend?", WEDNESDAY, "this weekend", "2026-11-21", "2026-11-22"),
    ("What did I say I'd do this weekend?", WEDNESDAY, "this weekend", "2026-11-21", "2026-11-22"),
    ("What was I going to cook this weekend?", WEDNESDAY, "this weekend", "2026-11-21", "2026-11-22"),
    ("Did I have plans this weekend?", WEDNESDAY, "this weekend", "2026-11-21", "2026-11-22"),
    ("What was I supposed to do this weekend?", WEDNESDAY, "this weekend", "2026-11-21", "2026-11-22"),
    ("What did I do this weekend?", WEDNESDAY, "this weekend", "2026-11-14", "2026-11-15"),
    ("What'd I do this weekend?", WEDNESDAY, "this weekend", "2026-11-14", "2026-11-15"),  # did, no plan
    ("Where did I go this past weekend?", WEDNESDAY, "this past weekend", "2026-11-14", "2026-11-15"),
    # "this past weekend" (was not read): the weekend just gone, or the one under way
    ("What did I do this past weekend?", MONDAY, "this past weekend", "2027-01-02", "2027-01-03"),
    ("what did I cook the past weekend?", dt.date(2027, 1, 6), "the past weekend", "2027-01-02", "2027-01-03"),
    ("What did I do this past weekend?", SUNDAY, "this past weekend", "2026-05-02", "2026-05-03"),
    # several weekdays: all of them (was the first alone; test_several_weekdays_are_those_days)
    ("What did I do last Friday and Saturday?", MONDAY, "last Friday and Saturday", "2027-01-01", "2027-01-02"),
    ("What did I do on Friday, Saturday and Sunday?", MONDAY, "on Friday, Saturday and Sunday", "2027-01-01",
     "2027-01-03"),
    ("Did I run on Friday or Saturday?", MONDAY, "on Friday or Saturday", "2027-01-01", "2027-01-02"),
    ("What did I do last Friday and last Saturday?", MONDAY, "last Friday and last Saturday", "2027-01-01",
     "2027-01-02"),
    # several days are one run by the asking day: asked on a Saturday, yesterday and today (was yesterday's Friday and
    # last Saturday, 11-28: two weeks; before that Friday 11-27 and Saturday 11-28); test_weekday_lists_are_one_run
    ("What did I do on Friday and Saturday?", SATURDAY, "on Friday and Saturday", "2026-12-04", "2026-12-05"),
    ("what did I do on Monday & Wednesday?", SATURDAY, "on Monday & Wednesday", "2026-11-30", "2026-12-02"),
])
def test_weekends_and_several_weekdays(question, today, words, first, last):
    from minirag_cli.askday import asked_days

    got = asked_days(question, today)
    assert got is not None and (got.words, str(got.first), str(got.last)) == (words, first, last)


@pytest.mark.parametrize("question,words,days", [
    # each weekday named is its own most recent such day before today, and the days are those alone
    # (were a span in the order named: 11-09..13, a whole week, 11-09..16, 11-10..11)
    ("What did I do on Monday and Friday?", "on Monday and Friday", ["2026-11-13", "2026-11-16"]),
    ("What did I do last Saturday and Friday?", "last Saturday and Friday", ["2026-11-13", "2026-11-14"]),
    ("What did I do on Monday and Monday?", "on Monday and Monday", ["2026-11-16"]),
    # asked on a Wednesday: yesterday or today, one run (was 11-11 and 11-17, a week apart)
    ("Did I run on Tuesday or Wednesday?", "on Tuesday or Wednesday", ["2026-11-17", "2026-11-18"]),
    ("What did I do on Friday, Saturday and Sunday?", "on Friday, Saturday and Sunday",
     ["2026-11-13", "2026-11-14", "2026-11-15"]),
])
def test_several_weekdays_are_those_days(question, words, days):
    from minirag_cli.askday import asked_days
    from minirag_cli.datednotes import asked_spans

    got = asked_days(question, WEDNESDAY)
    assert got is not None and got.words == words
    assert [str(d) for d in got.days()] == days
    assert (str(got.first), str(got.last)) == (days[0], days[-1])
    assert [(str(a), str(b)) for a, b in asked_spans([], got)] == [(d, d) for d in days]
    assert sorted(t for t in got.terms() if " " not in t) == [f'"{d.replace("-", "")}"' for d in days]
    first, last = dt.date.fromisoformat(days[0]), dt.date.fromisoformat(days[-1])
    between = first + dt.timedelta(days=1)
    assert got.meets(first, first) and got.meets(last, last)
    assert got.meets(between, between) == (str(between) in days)


@pytest.mark.parametrize("question,words,days", [
    # several weekdays in German, French and Spanish are those days, as "on Monday and Tuesday" is
    # (were Monday alone, "am Montag", or none: "lundi" needed "dernier", two "el …" were two phrases)
    ("Was habe ich am Montag und Dienstag gemacht?", "am Montag und Dienstag", ["2026-11-16", "2026-11-17"]),
    ("Was habe ich am Montag und am Dienstag gemacht?", "am Montag und am Dienstag", ["2026-11-16", "2026-11-17"]),
    ("Was war am Montag, Dienstag oder Freitag im Büro?", "am Montag, Dienstag oder Freitag",
     ["2026-11-13", "2026-11-16", "2026-11-17"]),
    ("Qu'est-ce que j'ai fait lundi et mardi ?", "lundi et mardi", ["2026-11-16", "2026-11-17"]),
    ("Qu'ai-je fait lundi dernier et vendredi dernier ?", "lundi dernier et vendredi dernier",
     ["2026-11-13", "2026-11-16"]),
    ("Qu'ai-je fait lundi et mardi derniers ?", "lundi et mardi derniers", ["2026-11-16", "2026-11-17"]),
    ("¿Qué hice el lunes y el martes?", "el lunes y el martes", ["2026-11-16", "2026-11-17"]),
    ("¿Qué comí el sábado o el domingo?", "el sábado o el domingo", ["2026-11-14", "2026-11-15"]),
    ("¿Qué hice el lunes y martes?", "el lunes y martes", ["2026-11-16", "2026-11-17"]),
    # one alone, as before; a French bare weekday in a French question, as French writes "on Monday"
    ("Qu'ai-je fait lundi ?", "lundi", ["2026-11-16"]),
    ("Was habe ich am Montag gemacht?", "am Montag", ["2026-11-16"]),
])
def test_several_foreign_weekdays_are_those_days(question, words, days):
    from minirag_cli.askday import asked_days

    got = asked_days(question, WEDNESDAY)
    assert got is not None and got.words == words
    assert [str(d) for d in got.days()] == days
    assert got.to_dict().get("dates", [got.to_dict()["from"]]) == days


@pytest.mark.parametrize("question", [
    "what did I do lundi?",  # not a French question: a French word
    "Qu'est-ce que je fais le lundi ?",  # every Monday
    "Que fais-je lundi et mardi prochains ?",  # the coming ones
    "¿Qué hago el lunes y el martes que viene?",
    "Was hat Priya am Montag und Dienstag gesagt?",  # someone else's
    "¿Qué dijo María el lunes y el martes?",
])
def test_foreign_weekdays_of_the_coming_week_or_someone_else_are_not_read(question):
    from minirag_cli.askday import asked_days

    assert asked_days(question, WEDNESDAY) is None


def test_a_note_between_two_weekdays_asked_is_not_of_them():
    from minirag_cli.askday import asked_days

    days = asked_days("What did I do on Monday and Friday?", WEDNESDAY)
    results = [{"chunk_id": 1, "path": "2026-11-14.md"}, {"chunk_id": 2, "path": "2026-11-13.md"},
               {"chunk_id": 3, "path": "2026-11-16.md"}, {"chunk_id": 4, "path": "2026-W46.md"}]
    # the Saturday between is not asked; the week's note (11-09..15) holds the Friday
    assert [r["chunk_id"] for r in ans.of_the_days(results, {}, days)] == [2, 3, 4]
    assert days.to_dict()["dates"] == ["2026-11-13", "2026-11-16"]
    assert days.label() == "on Monday and Friday (2026-11-13, 2026-11-16)"


def test_a_day_before_the_calendar_is_no_day():
    from minirag_cli.askday import asked_days

    # MRAG_TODAY=0001-01-02: "999 days ago" ended in an OverflowError
    assert asked_days("what did I do 999 days ago?", dt.date(1, 1, 2)) is None


def test_the_asking_day():
    from minirag_cli.askday import asking_day

    assert asking_day("2026-05-03") == SUNDAY
    assert asking_day(None) == dt.date.today()
    from minirag_cli.config import ConfigError

    with pytest.raises(ConfigError, match="MRAG_TODAY"):
        asking_day("03/05/2026")


NOTES = {
    "journal/2026-05-02.md": "# Saturday\n\nRepaired the garden fence with Priya.\nBaked rye bread.\n",
    "journal/2026-04-28.md": "# Tuesday\n\nPriya said the budget review moves to June.\n",
    "journal/2026-04-22.md": "# Wednesday\n\nWrote the chapter on river birds.\n",
    # a note of another day that says "yesterday": read as a word, it was the best match
    "journal/2026-03-10.md": "# Tuesday\n\nYesterday I did the taxes. Yesterday was long: what did I do? "
                             "I did the taxes yesterday.\n",
    "meetings/standup.md": "---\ntitle: Standup\ndate: 2026-05-01\n---\n\nPriya presented the fence budget.\n",
}


@pytest.fixture
def vault(tmp_path):
    write_notes(tmp_path / "notes", NOTES)
    db = tmp_path / "index.sqlite"
    settings = effective({"db": str(db), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
    return db


def _open(db):
    return Index.open(effective({"db": str(db), "embedding_model": "hashing:64"}), embedder_factory=hashing_embedder)


def test_yesterday_is_searched_and_answered_as_its_day(vault):
    from tests.test_answer import FakeLLM

    with _open(vault) as index:
        result = index.search("what did I do yesterday?", today=SUNDAY)
        assert result.results[0]["path"] == "journal/2026-05-02.md"
        assert result.days is not None and result.undated is None
        fake = FakeLLM("Repaired the fence [1].")
        index.answer(result, answerer=ans.Answerer(fake, model_name="fake"))
        prompt = fake.calls[0]["messages"][-1]["content"]
        assert "garden fence" in prompt and "taxes" not in prompt  # that day's note only
        # a front matter date dates a note as a file name does; last week is a span
        result = index.search("what did I write last week?", today=dt.date(2026, 4, 29))
        assert result.days.label() == "last week (2026-04-20 to 2026-04-26)"
        assert result.results[0]["path"] == "journal/2026-04-22.md"
        result = index.search("what happened the day before yesterday?", today=SUNDAY)
        assert result.results[0]["path"] == "meetings/standup.md"
        # without an asking day (mrag eval without "asked_on") the words are words
        assert index.search("what did I do yesterday?").results[0]["path"] == "journal/2026-03-10.md"


def test_two_weekdays_are_answered_from_their_notes_alone(vault):
    from tests.test_answer import FakeLLM

    with _open(vault) as index:
        # Tuesday 04-28 and Saturday 05-02: the standup of Friday 05-01 between them is no note of theirs
        result = index.search("What did I do on Tuesday and Saturday?", today=SUNDAY)
        assert result.days.label() == "on Tuesday and Saturday (2026-04-28, 2026-05-02)"  # was 04-28 to 05-02
        paths = {r["path"] for r in result.results}
        assert {"journal/2026-04-28.md", "journal/2026-05-02.md"} <= paths and "meetings/standup.md" not in paths
        fake = FakeLLM("Repaired the fence [1].")
        index.answer(result, answerer=ans.Answerer(fake, model_name="fake"))
        prompt = fake.calls[0]["messages"][-1]["content"]
        assert "garden fence" in prompt and "moves to June" in prompt and "presented" not in prompt
        # the same in French, German and Spanish: `days.dates` in `mrag ask --json`
        for question in ("Qu'ai-je fait mardi et samedi ?", "Was habe ich am Dienstag und Samstag gemacht?",
                         "¿Qué hice el martes y el sábado?"):
            result = index.search(question, today=SUNDAY)
            assert result.days.to_dict()["dates"] == ["2026-04-28", "2026-05-02"], question
            paths = {r["path"] for r in result.results}
            assert {"journal/2026-04-28.md", "journal/2026-05-02.md"} <= paths, question
            assert [str(d) for d in result.days.days()] == ["2026-04-28", "2026-05-02"]  # not the Friday between


def test_the_library_answers_a_question_against_the_asking_day(vault, monkeypatch):
    """Index.answer(question) reads "yesterday" as `mrag ask` does (it searched
    the words, and answered from the note of March 10 that says yesterday)."""
    from tests.test_answer import FakeLLM

    def prompt(**today):
        fake = FakeLLM("Repaired the fence [1].")
        with _open(vault) as index:
            index.answer("what did I do yesterday?", answerer=ans.Answerer(fake, model_name="fake"), **today)
        return fake.calls[0]["messages"][-1]["content"]

    monkeypatch.setenv("MRAG_TODAY", "2026-05-03")  # by default the asking day: MRAG_TODAY, else the local date
    assert "garden fence" in prompt() and "taxes" not in prompt()
    monkeypatch.delenv("MRAG_TODAY")
    assert "garden fence" in prompt(today=SUNDAY) and "taxes" not in prompt(today=SUNDAY)
    assert "taxes" in prompt(today=None)  # None: the words as written
    monkeypatch.setenv("MRAG_TODAY", "May 3")
    with pytest.raises(MragError, match="MRAG_TODAY"):
        prompt()


def test_the_answers_echo_of_yesterday_is_the_questions_day(vault):
    from tests.test_answer import FakeLLM

    with _open(vault) as index:
        result = index.search("what did I do yesterday?", today=SUNDAY)
        got = index.answer(result, answerer=ans.Answerer(FakeLLM("Yesterday you repaired the fence [1]."),
                                                        model_name="fake"))
        # was "(yesterday: Friday, May 1, 2026)": the cited note's yesterday, a word the note never says
        assert got.text == "Yesterday you repaired the fence [1]. (yesterday: Saturday, May 2, 2026)"


def test_ask_reads_the_question_against_mrag_today(vault, monkeypatch):
    from minirag_cli.cli import app
    from tests.test_ask import FakeLLM

    monkeypatch.setenv("MRAG_DB", str(vault))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    model = vault.parent / "m.gguf"
    model.write_bytes(b"GGUF")

    def ask(*args, today):
        monkeypatch.setenv("MRAG_TODAY", today)
        fake = FakeLLM("Priya said the budget review moves to June [1].")
        out = CliRunner().invoke(app, ["ask", *args, "--json", "--model", str(model)],
                                 obj=Seams(llm=fake, llm_name="fake.gguf"))
        return out, fake

    out, fake = ask("What did I hear from Priya on Tuesday?", today="2026-05-03")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["results"][0]["path"] == "journal/2026-04-28.md"
    assert data["days"] == {"words": "on Tuesday", "from": "2026-04-28", "to": "2026-04-28", "dated_notes": True,
                            "read": True}
    assert "budget review" in fake.messages[-1]["content"] and "fence" not in fake.messages[-1]["content"]
    # no note of that day: the question as written, and why on stderr
    out, _fake = ask("what did I do yesterday?", today="2026-06-10")
    assert out.exit_code == 0, out.output
    assert "no note is dated yesterday (2026-06-09)" in out.stderr
    data = json.loads(out.stdout)  # still one JSON document on stdout
    assert data["days"]["dated_notes"] is False and data["results"][0]["path"] == "journal/2026-03-10.md"
    out, fake = ask("what did I do yesterday?", today="yesterday")  # a one-line error (cli.main), no search
    assert isinstance(out.exception, MragError) and "MRAG_TODAY is 'yesterday'" in str(out.exception)
    assert fake.messages is None


def test_a_note_of_the_day_below_the_results_is_not_said_to_be_missing(vault, monkeypatch):
    """A journal's note of yesterday that ranks below the results (a long pasted log made its
    date worth nothing to BM25; here --k 1 and a question that another day's note matches) was
    reported as "no note is dated yesterday", and the user went to look for a note that is there."""
    from minirag_cli.cli import app

    monkeypatch.setenv("MRAG_DB", str(vault))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-04-29")  # yesterday: journal/2026-04-28.md
    out = CliRunner().invoke(app, ["ask", "what did I write about the chapter on river birds yesterday?",
                                   "--k", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["days"]["dated_notes"] is False and data["results"][0]["path"] == "journal/2026-04-22.md"
    assert "the notes dated yesterday (2026-04-28) are not among the results" in out.stderr
    assert "no note is dated" not in out.stderr


def test_the_no_note_line_is_written_once_the_model_has_loaded(vault, monkeypatch):
    """llama.cpp points stderr at /dev/null while the model loads in its thread
    (Index.preload_llm): "no note is dated …" written then was lost in most runs."""
    from minirag_cli import format as fmt
    from minirag_cli.cli import app
    from minirag_cli.index import Index as Idx
    from tests.test_ask import FakeLLM

    events: list[str] = []
    loaded = Idx.llm
    monkeypatch.setattr(Idx, "llm", lambda self, **kw: events.append("model loaded") or loaded(self, **kw))
    said = fmt.note
    monkeypatch.setattr(fmt, "note", lambda text, **kw: events.append(text) or said(text, **kw))
    monkeypatch.setenv("MRAG_DB", str(vault))
    monkeypatch.setenv("MRAG_EMBEDDING_MODEL", "hashing:64")
    monkeypatch.setenv("MRAG_TODAY", "2026-06-10")
    model = vault.parent / "m.gguf"
    model.write_bytes(b"GGUF")
    out = CliRunner().invoke(app, ["ask", "what did I do yesterday?", "--json", "--model", str(model)],
                             obj=Seams(llm=FakeLLM("The taxes [1]."), llm_name="fake.gguf"))
    assert out.exit_code == 0, out.output
    line = next(i for i, e in enumerate(events) if e.startswith("no note is dated yesterday"))
    assert "model loaded" in events[:line], events


def test_the_mcp_search_reads_yesterday_as_mrag_ask_does(vault, monkeypatch):
    pytest.importorskip("mcp", reason="the mcp extra is part of the test environment")
    from minirag_cli.mcp_server import MragTools

    monkeypatch.setenv("MRAG_TODAY", "2026-05-03")
    with _open(vault) as index:
        data = MragTools(index).search("what did I do yesterday?")
    assert data["days"] == {"words": "yesterday", "from": "2026-05-02", "to": "2026-05-02", "dated_notes": True,
                            "read": True}
    assert data["results"][0]["path"] == "journal/2026-05-02.md"  # was the 03-10 note that says "yesterday"
    monkeypatch.setenv("MRAG_TODAY", "May 3")
    with _open(vault) as index, pytest.raises(MragError, match="MRAG_TODAY"):
        MragTools(index).search("what did I do yesterday?")


def test_eval_reads_yesterday_only_against_a_lines_asked_on(vault, tmp_path):
    from minirag_cli import evaluate as ev

    golden = [{"id": "y1", "query": "what did I do yesterday?", "expected": ["journal/2026-05-02.md"],
               "asked_on": "2026-05-03"},
              {"id": "y2", "query": "what did I do yesterday?", "expected": ["journal/2026-05-02.md"]}]
    questions = ev.parse_golden_lines([json.dumps(g) for g in golden])
    assert questions[0].asked_on == SUNDAY and questions[1].asked_on is None
    assert not ev.unknown_keys(questions)
    with _open(vault) as index:
        run = index.evaluate(questions, modes=["hybrid"], ks=[1], with_details=True)
    ranks = {d["id"]: d["expected"][0]["rank"] for d in run.details}
    assert ranks["y1"] == 1 and ranks["y2"] != 1, ranks
    with pytest.raises(Exception, match="asked_on"):
        ev.parse_golden_lines([json.dumps({**golden[0], "asked_on": "May 3"})])


@pytest.mark.parametrize("question,read", [
    # a German capital names someone when the index knows it as a person (Priya) or "mit" asks with whom
    ("Priya gestern?", False),
    ("Wie war Priyas Tag gestern?", False),
    ("Was war gestern mit Anna?", False),
    # any other capital is a noun, however short (were read as names: no day)
    ("Yoga gestern?", True),
    ("Stress gestern?", True),
    ("Umzug gestern?", True),
    ("Was war gestern bei Siemens?", True),
    ("Was war gestern beim Yoga?", True),
    ("Was hat Anna am Montag gesagt?", False),
    # the nouns a question about one's days asks with name no one, nor a question word or verb
    ("Termine gestern?", True),
    ("Was gab es gestern Neues?", True),
    ("Gab es gestern Besprechungen?", True),
    ("Geburtstagsfeier letzte Woche?", True),
    ("Was war gestern beim Zahnarzt?", True),
    ("Was war gestern beim ADAC?", True),
    ("Was habe ich gestern mit Anna gegessen?", True),  # the first person: the asker's, as in English
])
def test_a_german_name_is_someone_else(question, read):
    from minirag_cli.askday import asked_days

    assert (asked_days(question, SATURDAY, person=lambda w: w == "Priya") is not None) == read


def test_a_german_capital_the_index_does_not_know_is_a_noun():
    from minirag_cli.askday import asked_days

    # no index to ask: "Priya" is told from "Yoga" by nothing, and a German question capitalises its nouns
    assert asked_days("Priya gestern?", SATURDAY) is not None
    assert asked_days("Priya gestern?", SATURDAY, person=lambda w: w == "Priya") is None


def test_a_german_word_the_index_knows_as_a_person_is_someone_else(tmp_path):
    # "Gretchen" reads as a noun by its ending; the index knows her
    from minirag_cli.askday import asked_days

    assert asked_days("Gretchen gestern?", SUNDAY) is not None
    assert asked_days("Gretchen gestern?", SUNDAY, person=lambda w: w == "Gretchen") is None
    write_notes(tmp_path / "notes", {"journal/2026-05-02.md": "Gretchen Weber: The soup is cold.\n"
                                                              "Li Hua: Agreed.\nGretchen Weber: Bread then.\n"})
    settings = effective({"db": str(tmp_path / "index.sqlite"), "embedding_model": "hashing:64"})
    with Index.open(settings, create=True, embedder_factory=hashing_embedder) as index:
        index.sync([tmp_path / "notes"], SyncOptions(chunk_tokens=60, overlap_tokens=5), extractor=HeuristicExtractor())
        assert index.search("Gretchen gestern?", today=SUNDAY).days is None
        assert index.search("Termine gestern?", today=SUNDAY).days is not None
    # English reads as before: its first word's capital is the sentence's, whoever the index knows
    assert asked_days("Gretchen yesterday?", SUNDAY, person=lambda w: True) is not None
