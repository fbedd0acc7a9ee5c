"""Relative days in a question, read against the asking day.

A daily-notes user asks "what did I do yesterday?", "what did I write last
week?", "what did I do on Tuesday?". Read as words, "yesterday" finds
every note that says yesterday; read against the day the question is asked
(the local date, or MRAG_TODAY), it is a day, searched and filtered as a
written date is (retrieve.search's date terms, answer.on_the_day).

Only what depends on the asking day alone, and one way only, is resolved:
today (tonight, this morning…), yesterday (last night), the day before
yesterday, N days ago, a week ago (the day 7 days back, as "N days ago" is a day), two or more weeks ago, "a fortnight
ago", "the week before last", "the previous week", "the Monday / weekend before last", "Tuesday week", "a week
tomorrow" (_WEEKS_BACK_AND_ON: weeks, a day), "tmrw", a bare weekday after a plan's or a verb's word ("what do i have
wednesday": _BARE_WEEKDAY), this week and last week (Monday to Sunday), this
weekend and last weekend (that week's Saturday and Sunday; but asked Monday to Friday, "this past
weekend" and a past tense's "this weekend", "what did I do this weekend?", are the weekend just gone,
and one "for this weekend" or a plan's past tense, "what was I going to cook this weekend?", the
coming one; "on/at/over the weekend" in a past tense alone, as "this weekend": _of_one_past_time), this
month and last month, "the last (past) week" and "this past week" (the 7 days up to today), "the last
(past) month" (the 31 days up to today), "the last N days / weeks" ("in the last 2 weeks", "in past 3 days", "the
last few days", "the last couple of weeks", "the past fortnight": the N days up to today, few 3, a couple 2; not "the
last 2 weeks of December", "my last 3 days in Paris", "invoices past 30 days": _rolling_days, _of_the_asking_day;
beside another day phrase they yield), "the last N months", "the past year" (from the day after the same day N months
back), "the last 24 hours" (the days they touch: yesterday and today), "the next N days / weeks / months / hours",
"the coming fortnight" (today and the N - 1 days after it, days to come as next week's: _coming_days; not "my next 2
weeks in Paris", "the next 2 weeks of the trip", "the last 2 months' bills", nor in a past tense but a plan's, "what did
we do the next few days?", not "what did we decide for the next 2 weeks?"; "the last week of the project" is none, "the
past month of training" the past month; "the next month" is next month), an ISO week or a quarter ("in week 45", "in week 45
of 2026", "in Q4", "during Q4 2026", "in Q3 of last year": of the year written or said, else the latest begun by
today, as "of the year" is; not "week 3 of the trial" nor "Q3 of the project"; a week written as notes write it,
"in wk 47", "in W47", and without "in" as the question's time, "what did I do wk 47?", "notes from W47", "what did I
do week 49": _a_bare_week), a month named without
its year ("in October", "during the month of May", "in Oct last year": of the year said, else the latest begun by
today, but in a question that asks ahead of it the month not yet ended within dayspans.AHEAD_MONTHS, "what
deadlines do I have in january?" asked in December next January, and "for February" read in such a question alone:
_month_year, _asks_ahead_of_a_date; in lower case too, "in october", but "may" and "march" only where no verb or
noun follows: _lower_month; not one of several, "in September and October"), a week of a month ("in the first week of October 2026",
"during the last week of Feb", "… of October last year": days 1-7, 8-14, 15-21, 22-28 or the last 7), a part of a
month ("in early December", "mid-November", "at the end of last month", "the first half of October", "earlier this
month") or a month qualifying a noun ("the october meeting", "treasurer's report october": _month_part_days), "on <weekday>" /
"last <weekday>" ("on Mon", "last Fri", "on fri": not a name's word, "on Sun Valley", nor lower-case "sat" or "sun"
before a noun or a preposition, "on sun cream", "on sun in winter": _lower_short_day, nor "last sat", "last wed" in
lower case, "where mum last sat": _LAST_OF_A_DAY; nor "the last Fri of November"): the most
recent such day before today, but "on" one in a question about plans or a yes/no one of a plain subject's plan the
coming one ("what's for dinner on Thursday?", "is Chloe babysitting on Friday?", "when is physio on Thursday?", "is
physio on Thursday?": _coming_weekdays) (several, "last Friday and Saturday", "on
Monday and Friday": each the most recent such day before today, and those
days alone, not the ones between: AskedDays.dates; one run by today, "on Sat and Sun" asked on a Sunday
yesterday and today: _several_days; a span, "on Mon through Fri", "on Monday to Friday": the
latest such span ended by today, none of it to come; "from Mon to Fri" too; not "between Mon and Fri" nor a bare
"Mon-Fri", a topic's, a schedule's or a choice's as often, "what did we decide about Mon-Fri remote work?");
beside a week, that week's days, "on Mon and Wed last week": _weekdays_within; a short weekday beside
another phrase leaves that one read, "yesterday and on Mon"), and "on the 21st" (a day of the month with no month:
the coming one in a question of a plan, "what's on the 19th?", else the latest such day up to today, _nth_to_come;
beside its weekday, "on Tue the 3rd", "on sat 19th", the 3rd that is a Tuesday: _weekday_of_the_day; when the
ordinal ends the question or a clause, "on the 21st?",
or is "on" one followed by a preposition, "on the 2nd at work"; not "the 3rd
floor", "the 5th at the race", nor one of two, "the 2nd and 3rd books", nor a count, "on the 5th in a
row", "my 3rd run or the 4th"). The same in German, French and Spanish (gestern, heute, vorgestern,
letzte/vorige Woche, diese Woche, letzten Monat, am Montag / letzten Dienstag; hier, aujourd'hui,
avant-hier, la semaine dernière, cette semaine, le mois dernier, lundi dernier; ayer, hoy, anteayer,
la semana pasada, esta semana, el mes pasado, el lunes, el pasado lunes ("miercoles", "sabado" typed without
accents too); several weekdays as in English, "am Montag
und Dienstag", "lundi et mardi" (a bare French weekday in a French question, as "hier"; not "le
lundi", every Monday), "el lunes y el martes", after "last" as "last Sat and Sun" ("letzten Samstag und Sonntag",
"samedi et dimanche derniers", "el sábado y el domingo pasados"); a span as "from Mon to Wed", "von Montag bis Mittwoch", "du lundi
au mercredi", "de lunes a miércoles" (not "zwischen … und", "entre … et / y": a choice's two days as often;
nor "am Wochenende", "le week-end", "el fin de semana": a tense does not tell the weekend just gone from one to
come, a month's or a clause's, review revG); and N days or weeks ago, the numbers up to twelve
written too: vor zwei Tagen, vor einer Woche, drei Tage her; il y a trois jours, il y a deux
semaines; hace dos días, hace una semana): _FOREIGN. Days to come in English: tomorrow, next week, next weekend,
next month, "next Friday" (the coming one, 1 to 7 days on; not several, nor "next Monday to Friday"):
AskedDays.ahead, their notes those dated in them and those that write one of their days (retrieve._dated_notes,
Index.search), as for the days of today or this week not yet gone (AskedDays.to_come); "this Saturday" the coming
one, today's when it is today, but in a past the latest up to today, as "this weekend"; a day gone this week in a
question of neither past nor plan, "this sun", one with its day number or beside another day phrase not
(_this_weekday, _this_weekday_read, _day_phrases). "next …" in
German, French or Spanish (nächste Woche, nächsten
Montag, kommende Woche; la semaine prochaine or qui vient, lundi prochain; la próxima semana, la semana
que viene, el próximo lunes, el lunes que viene; "el sabado proximo" too),
several such phrases in one question, or one next to a comparison (before,
after, since, until…) are left alone.

And only when the question speaks of the asker's own time: in the first
person (I, me, my, we, our, and "us" in lower case: "the US" is a country;
ich, mein, wir, unser; je, j', mon, ma, nous; yo, mi, nosotros; a Spanish question's verb,
"¿Qué hice con Priya ayer?": _spanish_first_person, not Noé's nor "gramos"),
outside quotes ("Who wrote 'I was sick yesterday'?" quotes a note), or of
no one else ("what happened yesterday?", "what happened at work
yesterday?", "anything about the garden last week?", "meetings this
week?"). A question speaks of someone else when it names one (a word with a
capital other than the first word's first letter, or a first word that is
possessive: "Priya's plans this week?"; weekday and month names are no
one, a weekday's short name only where a date writes it: "What did Thu say
yesterday?" names Thu; nor 2 to 4 capitals, a train's or a firm's, "the ICE to Munich", "KSK": _an_abbreviation),
says he, she, they (him, his, their…), asks who, or gives a verb a
subject of its own ("what did the band play yesterday?", "… that the band
takes a break": an auxiliary, or that, whether or if, before a determiner; not the asker's group, "the club":
_no_one_of_a_subject).
German writes its nouns with a capital: in a question whose day is German
a noun names no one ("Was war gestern im Büro?", "Termine gestern?": after
an article, one of the nouns such questions ask with, or by its ending),
and someone else is told by er, sie, wer…, by an auxiliary's own subject
("Was hat Priya gestern gesagt?"), by a word the index knows as a person
(store.is_person: "Priya gestern?", "Gretchen", whose ending is a noun's) or a
name after "mit" ("Was war gestern mit Anna?"); any other capital is a noun,
however short ("Yoga gestern?", "bei Siemens"). French and Spanish say il, elle, él, ella, quién….
Such a question ("What did Wolfgang want to eat tonight?", "What did Priya
say on Tuesday?", "Who proposes that the band takes a break from jamming
this week?") is read as written: in a notes base of messages, its "tonight"
is the note's, which only the note knows, and read against the asking day
it lost the note that answers it; its days are said unread (read_days: UnreadDays, with the days a question
in the first person would read). But days all to come of a plan in a question of no past form are the calendar's,
the same for everyone, and read whoever the question is about ("is Chloe babysitting on Friday?", "who is on call
next week?", "is Priya off tomorrow?"; not "what does Keller say about next week?", "what did Keller say about
tomorrow?", nor a period under way,
"who is on call this week?": _the_calendars). A question that writes a date ("on
Tuesday, April 21, 2026") is searched for that date: no weekday or other
word overrides it; a German, French or Spanish weekday a day number
follows is that date ("el sábado 14 de noviembre", "samedi 14":
_DAY_NUMBER_AFTER, _foreign_weekday_date), not the latest such weekday.

A span of days written out ("from Nov 16 to Nov 20", "the week of Nov 16", "since Nov 16": dayspans.py) is read
too, in any question, and a single day written without its year ("what happened on Dec 2?") as a span of one day: its
days are written, no one's time (_spelled_span); yearless, in a question that asks ahead of it, the coming one
within dayspans.AHEAD_MONTHS ("is the boiler service booked for Jan 12?" asked in December: next January's).

`mrag ask`, the MCP server's search and Index.answer (given a question)
read questions against the asking day (current_day); `mrag eval` only a
golden line that gives one ("asked_on"), so its figures do not depend on
the day it runs.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from minirag_cli.dayspans import AHEAD_MONTHS, RECORD_WORDS
from minirag_cli.monthnames import month_numbers
from minirag_cli.shortnames import WEEKDAY_SHORT, dated_abbreviation
from minirag_cli.text import (FOREIGN_WEEKDAY_SPELLINGS, MONTH_ALT, MONTH_NAMES, MONTH_WORDS, NUMBER_WORDS,
                              RELATIVE_YEAR, STOPWORDS, WEEKDAY_NAMES, strip_accents)

_NUMBERS = {**{w: n for w, n in NUMBER_WORDS.items() if n <= 12}, "a": 1}
# the numbers up to twelve in German, French and Spanish ("vor zwei Tagen", "il y a trois jours", "hace dos
# días"), "one" in its inflected forms ("vor einem Tag", "il y a une semaine", "hace una semana")
_FOREIGN_ONE = {"de": "ein eine einem einen einer", "fr": "un une", "es": "un una"}
_FOREIGN_TWO_TO_TWELVE = {"de": "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
                          "fr": "deux trois quatre cinq six sept huit neuf dix onze douze",
                          "es": "dos tres cuatro cinco seis siete ocho nueve diez once doce"}
_NUMBER_OF = {**{w: 1 for words in _FOREIGN_ONE.values() for w in words.split()},
              **{w: n for words in _FOREIGN_TWO_TO_TWELVE.values() for n, w in enumerate(words.split(), start=2)}}
_DE_N, _FR_N, _ES_N = (r"\d{1,3}|" + "|".join(_FOREIGN_ONE[k].split() + _FOREIGN_TWO_TO_TWELVE[k].split())
                       for k in ("de", "fr", "es"))
# English weekdays' short names, as a date writes them ("on Mon", "last Fri")
_SHORT_DAYS = WEEKDAY_SHORT  # "mon", "tues", "thurs": 0 (Monday) to 6
# the foreign names as typed without accents too, "miercoles", "sabado": read as "miércoles", "sábado"
_DAY_INDEX = ({d: i for i, d in enumerate(WEEKDAY_NAMES)} | _SHORT_DAYS
              | {d: i for days in FOREIGN_WEEKDAY_SPELLINGS.values() for i, names in enumerate(days) for d in names})
_DE_DAY, _FR_DAY, _ES_DAY = ("|".join(d for names in FOREIGN_WEEKDAY_SPELLINGS[k] for d in names)
                             for k in ("de", "fr", "es"))
# between the days of a list: "Montag, Dienstag und Mittwoch", "lundi ou mardi", "el lunes y (el) martes"
_LIST_DE, _LIST_FR, _LIST_ES = (rf"(?:\s*,\s*(?:(?:{w})\s+)?|\s+(?:{w})\s+)" for w in ("und|oder", "et|ou", "y|e|o|u"))
# any weekday name of the four languages, longest first ("miércoles"), as a word
_ANY_DAY = re.compile(r"(?<!\w)(?:" + "|".join(sorted(_DAY_INDEX, key=len, reverse=True)) + r")(?!\w)", re.I)
# the same days asked in German, French and Spanish, one alternative per group of _PHRASE ("last week"
# is `week` "last" in English, `lastweek` here)
_FOREIGN = {
    "before": r"vorgestern|avant-hier|anteayer|antes\s+de\s+ayer",
    "yesterday": r"gestern|hier|ayer|anoche",  # "hier" only in a French question (_FRENCH: German "here")
    "today": r"heute|aujourd['’]hui|ce\s+(?:matin|soir)|hoy|esta\s+(?:mañana|tarde|noche)",
    "lastweek": r"(?:letzte|vorige|vergangene)\s+woche|la\s+semaine\s+derni[eè]re|la\s+semana\s+pasada",
    "thisweek": r"diese\s+woche|cette\s+semaine|esta\s+semana",
    "lastmonth": r"(?:letzten|vorigen|vergangenen)\s+monat|le\s+mois\s+dernier|el\s+mes\s+pasado",
    "thismonth": r"diesen\s+monat|ce\s+mois(?:-ci)?|este\s+mes",
    # the most recent such day before today, as "on Tuesday" / "last Tuesday"; several, as "on Monday and
    # Tuesday": each such day ("am Montag und Dienstag", "lundi et mardi", "el lunes y el martes": AskedDays.dates).
    # French writes no "on": a bare "lundi" is read in a French question (asked_days, as "hier" is)
    "foreignday": rf"(?:am|letzten|vorigen)\s+(?:{_DE_DAY})(?:{_LIST_DE}(?:(?:am|letzten|vorigen)\s+)?(?:{_DE_DAY}))*"
                  rf"|(?:{_FR_DAY})(?:\s+dernier)?(?:{_LIST_FR}(?:{_FR_DAY})(?:\s+dernier)?)*(?:\s+derniers)?"
                  rf"|el\s+(?:pasado\s+)?(?:{_ES_DAY})(?:\s+pasado)?(?:{_LIST_ES}(?:el\s+)?(?:{_ES_DAY})(?:\s+pasado)?)*"
                  # "el sábado y el domingo pasados": one "last" for the list; "el lunes que viene" is next Monday
                  r"(?:\s+pasados)?(?!\s+que\s+viene)",
    # N days ago, N weeks ago: that day ("vor zwei Tagen", "3 Tage her", "il y a trois jours", "hace dos días")
    "daysago": rf"vor\s+(?:{_DE_N})\s+tag(?:en)?|(?:{_DE_N})\s+tage?\s+her|il\s+y\s+a\s+(?:{_FR_N})\s+jours?"
               rf"|hace\s+(?:{_ES_N})\s+d[ií]as?",
    "weeksago": rf"vor\s+(?:{_DE_N})\s+wochen?|(?:{_DE_N})\s+wochen?\s+her|il\s+y\s+a\s+(?:{_FR_N})\s+semaines?"
                rf"|hace\s+(?:{_ES_N})\s+semanas?",
}
# a month's name as written in a question, capitalised: "October", "Oct", "Sept" (longest first)
_MONTH_WORDS = "|".join(w.capitalize() for w in MONTH_ALT.split("|"))
# an English weekday's name or short name in any case, longest first ("sat", "Tues", "thursday"): before a day of the
# month it is that day's weekday, no word's ("on sat 19th": _PHRASE's wdom)
_ANY_ENGLISH_DAY = "(?:" + "|".join(sorted([*WEEKDAY_NAMES, *_SHORT_DAYS], key=len, reverse=True)) + r")(?!\w)"
# a weekday's short name capitalised, "Mon", "Thurs" (longest first)
_SHORT_DAY_WORDS = "|".join(w.capitalize() for w in sorted(_SHORT_DAYS, key=len, reverse=True))
# after a weekday's short name: no name's word ("on Sun Valley", "Sat's"), a capitalised one but a month's
_NOT_A_NAMES_WORD = r"(?!['’]|\s+(?!(?:" + _MONTH_WORDS + r")\b)(?-i:[A-Z]))"


# the words that may follow a day's word where a noun or a verb could too ("in march at work", "on the 2nd at work"):
# a preposition, not "on", "from" or "about" ("in march on the capital" is a march's); _lower_month, the day of the
# month (_PHRASE's dom)
_AFTER_A_DAY = r"(?:at|in|with|when|while|during|for)\b"
# how far before a phrase a word that tells it is looked for (_of_the_asking_day, _without_weekday_pronouns): a word
# and its blanks (a search from the question's start, for each phrase, was quadratic: 17 s for 30 KB, review of qread)
_WORD_BEFORE = 40
_WORD_DAYS = ("sat", "sun")  # short weekdays that are English words (_lower_short_day)
_WORD_MONTHS = ("march", "may")  # months that are English words in lower case (_lower_month)


def _lower_short_day() -> str:
    """A weekday's short name in lower case, as a question is typed ("what did i do on fri?", "last thurs", "next
    tues"): a day as "on Fri" is. "sat" and "sun" are words too ("the box i was working on sat in my bag", "on sun
    cream", "notes on sun at high latitudes"): in lower case a day only where no noun, verb or topic can follow, before
    the question's or a clause's end, a part of the day, "last/this week" or another weekday of a list or a span ("on
    sat?", "on sun morning", "on sat and sun"), never after a preposition's "in", "for", "with", "at"; and after
    "last" not at all (_LAST_OF_A_DAY: "where mum last sat", "when did they last wed?")."""
    words = sorted(_SHORT_DAYS, key=len, reverse=True)
    any_day = "(?i:" + "|".join(sorted([*WEEKDAY_NAMES, *words], key=len, reverse=True)) + r")\b"
    ends = (r"(?=\s*(?:[?!.;:)]|$)"
            r"|(?:\s*,\s*(?:(?:and|or)\s+)?|\s*&\s*|\s*[-–—]\s*|\s+(?:and|or|to|through|thru|till|until)\s+)"
            r"(?:(?:on|last)\s+)?" + any_day +
            r"|\s+(?:morning|afternoon|evening|night|(?:last|this)\s+week)\b)")
    plain = "|".join(w for w in words if w not in _WORD_DAYS)
    return (f"(?-i:{plain})" + r"\b\.?" + _NOT_A_NAMES_WORD
            + f"|(?-i:{'|'.join(_WORD_DAYS)})" + r"\b\.?" + ends)


# a weekday, its short name capitalised ("on Mon", "last Fri."), not a name's word, or in lower case as typed
# (_lower_short_day: "on fri", "last thurs")
_WEEKDAY = ("|".join(WEEKDAY_NAMES) + "|(?-i:" + _SHORT_DAY_WORDS + r")\b\.?" + _NOT_A_NAMES_WORD + "|"
            + _lower_short_day())
# "last" before a weekday, but not before a lower-case "sat", "sun" or "wed": after "last" they are a verb's or a
# noun's as often, whatever goes before ("which chair had Tom last sat in?", "where I'd last sat", "the last sun of
# summer", "when did they last wed?"); "on sat", "next wed" are read
_LAST_OF_A_DAY = r"last(?!\s+(?-i:sat|sun|wed)\b)"
# "this <weekday>" (_PHRASE's thisday) not one of a list ("this Friday and Saturday"), nor with a day number: "this
# saturday 19th", "this friday, the 18th" are the number's (qdays5's wdom; fixQD6), "this saturday 10am" is read
_NOT_LISTED_NOR_NUMBERED = (
    r"(?!\s*(?:,\s*|&\s*|(?:and|or)\s+|[-–—]\s*|(?:to|through|thru|till|until)\s+)(?:" + _WEEKDAY + r"))"
    r"(?!\s*,?\s*(?:the\s+)?(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\b(?![:.]\d|\s*(?:am|pm)\b))")
_THIS_WEEKDAY = re.compile(r"\bthis\s+(?!sun\b)(?:" + _WEEKDAY + r")" + _NOT_LISTED_NOR_NUMBERED, re.I)
# a lower-case "sat" or "sun" (or "last wed") joined to the weekdays read but not read itself (_lower_short_day,
# _LAST_OF_A_DAY: "on fri and sun for the trip", "on fri and last sat")
_WORD_DAY_LISTED = re.compile(r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*&\s*)"
                              r"(?:(?:on\s+)?(?-i:sat|sun)|last\s+(?-i:sat|sun|wed))\b", re.I)


def _lower_month() -> str:
    """A month's name as _PHRASE reads it after in, during, over, throughout or "the month of": capitalised
    ("October", "Sept"), or in lower case as typed ("what papers did i read in october?", "in sept"), a month as
    much. "may" and "march" are words too ("what I put in may be wrong", "in march order", "in march on the
    capital"): in lower case a month only where no verb or noun follows, before the question's or a clause's end,
    "this/last/next year" or one of _AFTER_A_DAY ("in may?", "in march at work", "in may last year"); "may I…",
    "march on", "the march" have no such lead and are never read. (A lower-case month with its day or year, "nov 20",
    "may 2026", is a date written: text.date_terms.)"""
    lower = "|".join(w for w in MONTH_ALT.split("|") if w not in _WORD_MONTHS)
    ends = r"(?=\s*(?:[?!.,;:)]|$)|\s+(?:(?:this|last|next)\s+year\b|" + _AFTER_A_DAY + "))"
    return (f"(?-i:{_MONTH_WORDS})|(?-i:{lower})" + r"\b" + f"|(?-i:{'|'.join(_WORD_MONTHS)})" + r"\b" + ends)


_MONTH_NAME = _lower_month()
# a question in the past tense: "what did I do this weekend?" asked on a Monday is of the weekend just gone
_PAST = re.compile(r"\b(?:did|was|were|had)(?:n['’]t)?\b|\b(?:went|happened)\b"
                   r"|\b(?:what|where|how|when)['’]d\b", re.I)  # "what'd I do": did
# ... unless it asks what was planned, which is of the coming one: "what did I plan to do this weekend?", "what
# was I going to cook this weekend?", "what did I say I'd do…", "did I have plans…" (their past is the plan's)
_PLANNED = re.compile(r"\b(?:plan(?:s|ned)?|going\s+to|gonna|would|supposed\s+to|meant\s+to)\b"
                      r"|\b(?:i|we|you)['’]d\b", re.I)  # "I'd do", not "what'd I do" (did)
# "week 45 of the year", "Q3 of the year": the year unsaid (the latest begun, as "in Q3"); not the year a
# clause or a word after it names ("of the year we moved", "of the year before"), which is no quarter
_THE_YEAR = (r"\s+of\s+the\s+year\b(?!\s+(?:before|after|when|that|which|we|i|you|he|she|they|it|my|our|of|"
             r"in|since|\d))")
# a year said in words after a week or a quarter: this year's, the one before, the one after (text's, dayspans' too)
_RELATIVE_YEAR = RELATIVE_YEAR
# the leads of a span of weekdays in German, French and Spanish, each its language's days after it ("von Montag",
# "du lundi", "de lundi", "de lunes", "del lunes", "de el lunes"), and the word between its two days
_FROM_LEADS = (rf"|(?P<fromde>vo[nm]\s+(?=(?:{_DE_DAY})(?!\w)))|(?P<fromfr>(?:du|de)\s+(?=(?:{_FR_DAY})(?!\w)))"
               rf"|(?P<fromes>(?:del|de(?:\s+el)?)\s+(?=(?:{_ES_DAY})(?!\w)))")
_TO = {"fromde": (_DE_DAY, r"\s+bis\s+(?:zum\s+)?"), "fromfr": (_FR_DAY, r"\s+(?:au|à)\s+"),
       "fromes": (_ES_DAY, r"\s+(?:al|a(?:\s+el)?)\s+")}


def _foreign_or_english(english: str, joiner: bool = False) -> str:
    """A pattern that is, after a German, French or Spanish lead of a span (_FROM_LEADS), that language's weekday
    (or, `joiner`, the word between the two days: "bis", "au", "a"), else `english`."""
    out = f"(?:{english})"
    for group, (days, word) in reversed(_TO.items()):
        this = word if joiner else rf"(?:{days})(?!\w)"
        out = f"(?({group}){this}|{out})"
    return out


# the counts of "the last N days / weeks" in words: the numbers, and "couple (of)" 2, "few" 3 (the least a few is:
# the days asked are searched first, not alone); not "several", which is as often a week as three days
_COUNTS = {**{w: n for w, n in _NUMBERS.items() if n > 1}, "couple": 2, "couple of": 2, "few": 3}
_COUNT_WORDS = "|".join(w.replace(" ", r"\s+") for w in sorted(_COUNTS, key=len, reverse=True))
# the longest span "the last N days" reads (a year, as a span written out: dayspans.py): each day is a search term
_ROLLING_DAYS_MAX = 366
# a count of "the last N …" / "the next N …" and its unit, plural and no possessive: a singular one or one owning a
# noun is a noun's count ("the last 2 week sprint", "a 3 day weekend", "the next 3 months' rent", "the last 2 weeks'
# bills"); its groups named `prefix`count and `prefix`unit
_ROLLING_UNITS = r"hours|days|weeks|months"


def _counted(prefix: str) -> str:
    return (rf"(?P<{prefix}count>[1-9]\d{{0,2}}|" + _COUNT_WORDS + rf")\s+(?P<{prefix}unit>" + _ROLLING_UNITS
            + r")(?!['’])")

# weeks counted back or on from the asking day, a British or a casual way to say them (qdays3): "the week before last",
# "the previous week" (last week's), "two weeks ago", "a fortnight ago" (the Monday-to-Sunday week of the day 14 days
# back: "what happened two weeks ago?" asks of that week, not of its Monday; "a week ago" stays the day 7 days back),
# "the Monday before last", "the weekend before last" (a week before "last Monday", "last weekend"); "Tuesday week"
# (the coming Tuesday's week after: asked on Monday 7 Dec, Tuesday 15 Dec), "a week today / tomorrow / on Friday / from
# Friday" (7 days after it). "before last" and "the previous week" only where the question or a clause ends or a
# preposition follows (_ENDS_A_CLAUSE): not "the week before last Friday", "the week before last holiday", "the Monday
# before last payday" (another time's, "last holiday"), "the previous week's notes" (a noun's); "Tuesday week" not
# before a week's number, "Tuesday week 47", "Friday week two of the course"
_ENDS_A_CLAUSE = (r"(?=\s*(?:[?!,;:)]|\.(?!\w)|$)|\s+(?:on|from|about|and|or|but)\b|\s+" + _AFTER_A_DAY + ")")
_FULL_WEEKDAY = "|".join(WEEKDAY_NAMES)
_WEEKS_BACK_AND_ON = (
    r"|(?:the\s+)?(?P<weekbeforelast>week)\s+before\s+last" + _ENDS_A_CLAUSE
    + r"|the\s+(?P<previousweek>previous)\s+week" + _ENDS_A_CLAUSE
    + r"|(?P<weeksback>\d{1,2}|" + "|".join(w for w, n in _NUMBERS.items() if n > 1) + r")\s+weeks?\s+ago"
    + r"|a\s+(?P<fortnightago>fortnight)\s+ago"
    + r"|the\s+(?P<daybeforelast>" + _FULL_WEEKDAY + r"|weekend)\s+before\s+last" + _ENDS_A_CLAUSE
    + r"|(?:on\s+)?(?P<dayweek>" + _FULL_WEEKDAY + r")\s+week(?!['’\w-]|\s*(?:\d|(?:of|" + "|".join(NUMBER_WORDS)
    + r")\b))"
    + r"|a\s+week\s+(?:(?P<weekon>today|tomorrow)|(?:on|from)\s+(?P<weekonday>" + _FULL_WEEKDAY + r"))(?!['’\w-])")
# a full weekday's name with no "on" before it, after a plan's or a verb's word ("anything scheduled for wednesday?",
# "what do i have wednesday", "what's planned for friday?", "what did I do friday?"): read as "on Wednesday" is (the
# coming one in a question of a plan, _coming_weekdays; after "for" the coming one always, _coming_weekdays), where it
# ends the question or a clause or a part of the day or a preposition follows it; not "the wednesday group", "Ash
# Wednesday", "for Friday's party", "I have Friday off", "for friday 18th" (a date written)
_BARE_WEEKDAY_LEADS = ("for", "have", "has", "got", "do", "doing", "planned", "scheduled", "booked", "arranged", "due",
                       "happened", "free", "busy")
# ... and a short one, in lower case or capitalised, after a plan's participle, "for" between or not ("what's planned
# for sat?", "anything booked fri?": qdays6); not after "have", "got", "do" or a bare "for" ("do we have sun?", "plants
# for sun?", "revising for SAT?": the weather's, a garden's, an exam's); never "sun", a grower's light ("what's planned
# for sun?", "tomatoes planned for sun, lettuce for shade": fixQD6)
_SHORT_BAREDAY_LEADS = ("planned", "scheduled", "booked", "arranged", "due", "happening")
_SHORT_BAREDAY_DAYS = sorted((d for d in _SHORT_DAYS if d != "sun"), key=len, reverse=True)
_SHORT_BAREDAY = ("(?:" + "|".join(rf"(?<=\b{w}\s)|(?<=\b{w}\sfor\s)" for w in _SHORT_BAREDAY_LEADS) + ")(?=(?-i:"
                  + "|".join(w for d in _SHORT_BAREDAY_DAYS for w in (d, d.capitalize())) + r")\b)")
_BARE_WEEKDAY = (r"|(?:(?:" + "|".join(rf"(?<=\b{w}\s)" for w in _BARE_WEEKDAY_LEADS) + r")(?=(?:" + _FULL_WEEKDAY
                 + r")\b)|" + _SHORT_BAREDAY + r")(?P<bareday>" + _FULL_WEEKDAY + r"|(?:"
                 + "|".join(_SHORT_BAREDAY_DAYS) + r")\b)"
                 r"(?=\s*(?:[?!,;:)]|\.(?!\w)|$)|\s+(?:morning|afternoon|evening|night)\b|\s+"
                 + _AFTER_A_DAY + ")")
# "tmrw", "tomoz": texted "tomorrow", in lower case where the question or a clause ends, a part of the day or a
# preposition follows ("what's on tmrw?", "anything tmrw morning?"), or capitalised opening the question ("Tmrw
# what's on?"): not a name's or a file's, "the tmrw config", "tmrw.log". Not "tmr": a timer's register, a file, an
# acronym ("where's the tmr config?", "what is tmr?") as often as a day, where it ends the question too
_TEXTED_TOMORROW = (r"(?-i:tmrw|tomoz)(?=\s*(?:[?!,;:)]|\.(?!\w)|$)|['’]s\b|\s+(?:morning|afternoon|evening|night)\b"
                    r"|\s+" + _AFTER_A_DAY + r")|(?<![\s\S])(?-i:Tmrw|Tomoz)(?![./]\w)")

# longest first: "the day before yesterday" before "yesterday"
_PHRASE = re.compile(
    r"(?<![\w-])(?:(?P<before>the\s+day\s+before\s+yesterday|" + _FOREIGN["before"] + ")"
    r"|(?P<ago>\d{1,3}|" + "|".join(_NUMBERS) + r")\s+days?\s+ago"
    + _WEEKS_BACK_AND_ON +
    r"|(?P<weeks>a|one|1)\s+weeks?\s+ago"  # "a week ago": the day 7 days back (more: _WEEKS_BACK_AND_ON)
    # "in the last week", "the past year": the days up to today; not "the last week of the project", "the last year of
    # school", something's own (_day_phrases: matched, so that no "last week" inside it is read instead), nor "the past
    # year's budget" (matched: no "last year" inside it is read)
    r"|(?:the|this)\s+(?:last|past)\s+(?P<rolling>week|month|year)"
    # "in the last 2 weeks", "over the past 7 days", "the last few days", "in past 3 days", "the last 3 months", "the
    # past 24 hours": the days up to today as well (_rolling_days); not "the last 2 weeks of December", "my last 3
    # days", "invoices past 30 days" (_of_the_asking_day), nor a singular unit, a noun's ("the last 2 week sprint")
    r"|(?:(?:the|these)\s+)?(?:last|past)\s+(?:" + _counted("roll") + r"|(?P<fortnight>fortnight))(?!\s+of\b)"
    # "in the next 2 weeks", "over the next few days", "the coming fortnight": today and the N days, weeks, months or
    # hours after it, a plan's span (_coming_days); "the next week", "the next month" are the calendar's (below)
    r"|(?:(?:the|these)\s+(?:next|coming)|next)\s+(?:" + _counted("next") + r"|(?P<nextfortnight>fortnight))(?!\s+of\b)"
    r"|(?:the|this)\s+(?P<pastweekend>past)\s+weekend"  # the weekend just gone (_resolve)
    # "on the weekend", "at the weekend", "over the weekend" ending the question or a clause: read as "this weekend"
    # in a past tense only (asked_days: _of_one_past_time); not "the weekend of the wedding", "… I moved"
    r"|(?:on|at|over|during)\s+the\s+(?P<theweekend>weekend)(?=\s*(?:$|[^\w\s]))"
    r"|(?P<weekend>this|last|next)\s+weekend"  # Saturday and Sunday of this week, the last or the next
    # "this Saturday", "this sat?": the coming one, today's when it is today, but in a past the latest up to
    # today, as "this weekend" (_this_weekday); one day, not a list ("this Friday and Saturday": none, as before), nor
    # one with its day number ("this saturday 19th", "this friday, the 18th": the number's, qdays5's wdom), nor "this
    # sun" ("how do I cope with this sun": the weather's; fixQD6)
    r"|this\s+(?!sun\b)(?P<thisday>" + _WEEKDAY + r")" + _NOT_LISTED_NOR_NUMBERED +
    r"|(?P<week>this|last|next)\s+week"
    r"|(?P<month>this|last|next)\s+month"
    # an ISO week ("in week 45", "in week 45 of 2026") or a quarter ("in Q4", "during Q4 2026"): of the
    # year written, else the latest such period begun by the asking day (_latest_period); not a week or a
    # quarter "of" something other than a year, a count of the asker's own ("in week 3 of the trial", "week 2
    # of the course", "in Q3 of the project"); a year said in words is one ("in Q3 of last year", "week 45
    # this year", after a comma too: "in Q2, this year": _RELATIVE_YEAR), and "of the year" alone is the year unsaid, as "in Q3" is (not "of the
    # year we moved": _THE_YEAR)
    # ... so too "wk 47", "wk. 47", "wk47", "W47" (not "W3C", "W-2"), and without a lead ("what did I do wk 47?",
    # "notes from W47", "what did I do week 49"): those only as the question's time (_a_bare_week; "in W2 form" is
    # a form's, where "in week 45" is read whatever follows it, as before)
    r"|(?:(?P<weeklead>in|during|over|throughout)\s+(?:the\s+)?)?(?:week\s+|(?P<weekshort>wk\.?\s*|w(?=\d)))"
    r"(?P<isoweek>0?[1-9]|[1-4]\d|5[0-3])"
    r"(?:(?:\s+of|\s*,)?\s+(?P<weekyear>\d{4})|(?:\s+of|\s*,)?\s+(?P<weekrel>this|last|next)\s+year\b"
    r"|" + _THE_YEAR + r")?(?!\s+of\b)"
    r"|(?:in|during|over|throughout)\s+(?:the\s+)?Q(?P<quarter>[1-4])"
    r"(?:(?:\s+of|\s*,)?\s+(?P<quarteryear>\d{4})|(?:\s+of|\s*,)?\s+(?P<quarterrel>this|last|next)\s+year\b"
    r"|" + _THE_YEAR + r")?(?!\s+of\b)"
    # a month without its year ("in October", "during the month of May", "in Oct last year"): of the year
    # said, else the latest begun by the asking day, as a quarter is; a capitalised name ("in may" is a verb's
    # "in"; not "in Jan's car"), not one a day or a year follows ("in October 14", "in October 2026"), nor one of a
    # list or a span ("in September and October", "in May to June": each year's, as written: text.date_terms)
    # a week of a month, "in the first week of October (2026)": its days 1-7, 8-14, 15-21, 22-28 or its last 7,
    # of the year written, else of the latest such month begun (as a month alone)
    r"|(?:in|during|over|throughout)\s+the\s+(?P<nthweek>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week"
    r"\s+of\s+(?:the\s+month\s+of\s+)?(?P<weekmonth>" + _MONTH_NAME + r")(?!['’])\.?"
    r"(?:,?\s+(?:of\s+)?(?P<weekmonthyear>(?:19|20)\d\d)(?![-/.]?\d)"
    r"|(?:\s+of|\s*,)?\s+(?P<weekmonthrel>this|last|next)\s+year\b)?"  # "… of October last year", as a month alone
    # ("for February" only in a question that asks ahead: "anything planned for February?", _day_phrases)
    r"|(?P<monthlead>in|during|over|throughout|for)\s+(?:the\s+month\s+of\s+)?"
    r"(?P<monthname>" + _MONTH_NAME + r")(?!['’])\.?"
    r"(?:(?:\s+of|\s*,)?\s+(?P<monthrel>this|last|next)\s+year\b)?"
    r"(?!\.?,?\s*(?:of\s+)?\d|\.?\s*(?:,\s*|&\s*|[-–—]\s*|(?:and|or|to|through|thru|till|until)\s+)"
    r"(?:(?:and|or)\s+)?(?i:" + _MONTH_WORDS + r")\b)"
    # a span of weekdays, "on Mon through Fri", "on Monday to Friday", "on Mon–Fri", "from Mon to Fri": the first
    # day as "on Mon" reads it, and the days from it to the last (Monday to Friday of that week), not Monday alone
    # (not "between Mon and Wed" nor a bare "Mon-Wed": read as spans, a topic's, a schedule's or a choice's
    # dropped the answer's note, "what did we decide about Mon-Fri remote work?": review revD)
    # German, French, Spanish "from … to" alike: "von Montag bis Mittwoch", "du lundi au mercredi", "de lundi à
    # mercredi", "de lunes a miércoles", "del lunes al miércoles" (_FROM_LEADS, _TO; not "zwischen …
    # und", "entre … et / y": a choice's or a comparison's two days as often, as English "between")
    r"|(?:(?:on|" + _LAST_OF_A_DAY + r"|from)\s+" + _FROM_LEADS + r")"
    r"(?P<spanfrom>" + _foreign_or_english(_WEEKDAY) + r")"
    r"(?:" + _foreign_or_english(r"\s*[-–—]\s*|\s+(?:to|through|thru|till|until)\s+", joiner=True) + r")"
    r"(?P<spanto>" + _foreign_or_english(_WEEKDAY) + r")"
    # the coming one; not "next Monday and Friday", nor "next Monday to Friday" (several days: none, as before)
    r"|next\s+(?P<nextday>" + _WEEKDAY + r")(?!\s*(?:,\s*|&\s*|(?:and|or)\s+|[-–—]\s*|(?:to|through|thru|till|until)\s+)(?:"
    + _WEEKDAY + r"))"
    # a weekday with its day of the month, no "the" ("on sat 19th", "for Tuesday 24th"): the day of that number on
    # that weekday (_weekday_of_the_day); "on Tue the 3rd" is a weekday beside a `dom` (_read_words). Without "on"
    # too, as a short question is typed ("takings sat 28th", "covers fri 4th", "is marco in wed 9th"): only where the
    # two agree (_read_words), not a verb's nor one of several days (_unled_day_not_said), nor a film's "Friday 13th",
    # "fri 13th"
    r"|(?:(?P<wdomlead>on|for)\s+|(?!fri(?:day)?\.?,?\s+(?:the\s+)?13th))(?P<wdom>" + _ANY_ENGLISH_DAY
    + r")\.?,?\s+(?P<wdomday>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)"
    r"(?=\s*(?:$|[^\w\s]|" + _AFTER_A_DAY + "))"
    r"|(?:on|" + _LAST_OF_A_DAY + r")\s+(?P<weekday>" + _WEEKDAY + r")"
    # "last Friday and Saturday", "on Friday, Saturday or Sunday": every day named, not the first alone
    r"(?P<weekdays>(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*&\s*)(?:(?:on|" + _LAST_OF_A_DAY + r")\s+)?"
    r"(?:" + _WEEKDAY + r"))*)"
    # "on the 21st": a day of the month with no month, the latest such day up to today or the coming one
    # (_nth_to_come); not "the 3rd
    # floor" or "the 21st century" (a word other than these after it is the ordinal's noun), and these
    # words only after "on the 21st" (_a_day_of_the_month: "the 5th at the race" is a race)
    r"|the\s+(?P<dom>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)(?=\s*(?:$|[^\w\s]|" + _AFTER_A_DAY + "))"
    r"|(?P<lastweek>" + _FOREIGN["lastweek"] + ")|(?P<thisweek>" + _FOREIGN["thisweek"] + ")"
    r"|(?P<lastmonth>" + _FOREIGN["lastmonth"] + ")|(?P<thismonth>" + _FOREIGN["thismonth"] + ")"
    r"|(?P<foreignday>" + _FOREIGN["foreignday"] + ")"
    r"|(?P<daysago>" + _FOREIGN["daysago"] + ")|(?P<weeksago>" + _FOREIGN["weeksago"] + ")"
    r"|(?P<yesterday>yesterday|last\s+night|" + _FOREIGN["yesterday"] + ")|(?P<tomorrow>tomorrow|" + _TEXTED_TOMORROW + ")"
    + _BARE_WEEKDAY +
    r"|(?P<today>today|tonight|this\s+(?:morning|afternoon|evening)|" + _FOREIGN["today"] + r"))(?![\w-])",
    re.I)  # "yesterday's note" too
# German days: a German question writes its nouns with a capital (_someone_else)
_GERMAN = re.compile(r"^(?:vorgestern|gestern|heute|(?:letzte|vorige|vergangene|diese)\s+woche"
                     r"|(?:letzten|vorigen|vergangenen|diesen)\s+monat"
                     r"|(?:am|letzten|vorigen)\s+\w+(?:(?:\s*,\s*|\s+)(?:(?:und|oder)\s+)?(?:am\s+)?\w+)*"
                     r"|vor\s+\w+\s+(?:tag|woche)\w*|\w+\s+(?:tage?|wochen?)\s+her"
                     r"|vo[nm]\s+\w+\s+bis\s+(?:zum\s+)?\w+)$", re.I)
# a French weekday without "dernier" is read in a French question alone, as "hier" is (asked_days)
_BARE_FRENCH_DAY = re.compile(rf"(?i:{_FR_DAY})(?!.*\bderniers?$)")
# a Spanish day (_FOREIGN's): its question's verb may be the one word in the first person
_SPANISH = re.compile(r"(?:anteayer|antes\s+de\s+ayer|ayer|anoche|hoy|esta\s+(?:mañana|tarde|noche|semana)"
                      r"|la\s+semana\s+pasada|el\s+mes\s+pasado|este\s+mes|(?:el|del?|de\s+el)\s+(?:pasado\s+)?(?:" + _ES_DAY
                      + r")(?!\w).*"
                      r"|hace\s.*)$", re.I)
# "hier" is French only in a French question: in German it is "here"
_FRENCH = re.compile(r"(?:^|[\s¿¡\"'’(])(?:je|j['’]|moi|mon|ma|mes|nous|notre|nos|qu['’]|que|quoi|est|ai|avons"
                     r"|fait|passé|le|la|les|au|aux|à|ce|il|elle|on)(?=[\s?!.,]|$)|\b(?:j|qu)['’]", re.I)
# a day compared with another, not asked about: "since last week", "before Tuesday"
# (and the coming one: "next", "nächste Woche", "la semaine prochaine" or "qui vient", "la semana que viene"); its
# words typed without their accents too, as the weekdays are read so ("el sabado proximo" is next Saturday, not the
# last: review revC)
_COMPARED = re.compile(r"\b(?:before|after|since|until|till|prior|between|earlier|later|next"
                       r"|seit|bis|vor|(?:über|ueber|uber)?n(?:ä|ae?)chste[nrs]?|kommende[nrs]?|depuis|avant|apr[èe]s"
                       r"|jusqu|prochaine?s?"
                       rf"|(?:semaine|mois|ann[ée]e|week-end|{_FR_DAY})\s+qui\s+vient|desde|antes|despu[ée]s|hasta"
                       rf"|pr[óo]xim[oa]s?|(?:semana|mes|a[ñn]o|fin\s+de\s+semana|{_ES_DAY})\s+que\s+viene)(?!\w)",
                       re.I)
_FIRST_PERSON = re.compile(r"(?i:\b(?:i|me|my|mine|myself|we|our|ours|ourselves)\b|\bi['’](?:m|ve|d|ll)\b"
                           # German, French, Spanish: ich, mein…, wir, unser…; je, j', mon…, nous…; yo, mi…
                           r"|\b(?:ich|mich|mir|mein(?:e[mnrs]?)?|wir|uns|unser(?:e[mnrs]?)?"
                           r"|je|moi|mon|ma|mes|nous|notre|nos|yo|mis?|nosotr[oa]s|nuestr[oa]s?)(?!\w)|\bj['’])"
                           r"|\bus\b")  # "us" in lower case only: "the US office" is a country's
# Spanish drops its subject pronoun: "¿Qué hice con Priya ayer?", "¿Cuándo vi a Priya por última vez?" are in
# the first person by the verb alone. Its forms: the common irregular ones (vi, fui, hice, he visto, hemos…),
# a regular preterite's "-é" / "-í" (hablé, comí) and "we"'s "-amos", "-emos", "-imos" (visitamos, comimos);
# not the words so ending that are no verb (qué, café, aquí, así, últimos, mismos, primos…). Read only in a
# Spanish question (its day or its "última vez"): French "passé" and "été" end in "é" too.
_SPANISH_FIRST_PERSON = re.compile(
    r"(?<!\w)(?:he|hemos|fui|fuimos|vi|vimos|hice|hicimos|estuve|estuvimos|tuve|tuvimos|dije|dijimos|pude"
    r"|pudimos|puse|pusimos|quise|quisimos|vine|vinimos|di|dimos|supe|supimos|traje|trajimos|anduve|soy|somos"
    r"|estoy|estamos|voy|vamos|íbamos|éramos|tengo|tenemos|hago|hacemos|veo|vemos|doy"
    r"|(?P<preterite>(?!(?:qu|caf|beb|jos|comit|pur|ren|chal)é(?!\w))[^\W\d_]{2,}é"
    r"|(?!(?:aqu|all|ah|as|esqu|rub|maniqu)í(?!\w))[^\W\d_]{1,}í)"
    r"|(?P<we>(?!(?:mism|prim|rem|ram|extrem|suprem|am)os(?!\w))[^\W\d_áéíóú]{2,}[aei]mos)"
    r"|[^\W\d_]*(?:ábamos|íamos))(?!\w)", re.I)
# what a noun in "-amos" / "-imos" follows and a verb does not: a number, an article, a quantifier, "de"
# ("¿Cuántos gramos de azúcar comió Ana ayer?": gramos is no "we")
_SPANISH_COUNTED = re.compile(r"(?<!\w)(?:\d+|cu[aá]ntos|los|unos|estos|esos|aquellos|mis|tus|sus|nuestros"
                              r"|vuestros|muchos|pocos|varios|algunos|dos|tres|cuatro|cinco|seis|siete|ocho"
                              r"|nueve|diez|cien|mil|de)\s+$", re.I)
# quoted words are a note's, not the asker's: "Who wrote 'I was sick yesterday'?" (a quote opens
# after a non-word character, so "what's" and "Li Hua's" are no quotes)
_QUOTED = re.compile(r"(?<!\w)(?:'[^']*'|‘[^’]*’|\"[^\"]*\"|“[^”]*”)(?!\w)")
# someone other than the asker (askers_time): he, she, they; "who" asks about someone
_THIRD_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|himself|herself|they|them|their|theirs|themselves"
                           r"|who|whom|whose"
                           # er, sie, wer…; il, elle (not "il y a": it rains), lui…; él, ella, quién…
                           r"|er|sie|ihm|ihn|ihr|ihre[mnrs]?|wer|wen|wem|wessen|il(?!\s+y\b)|ils|elles?|lui|leurs?"
                           r"|él|ellas?|ellos|quién|quien)(?!\w)", re.I)
# in German a verb's own subject after an auxiliary other than a copula: "was hat Priya gesagt?",
# "was hat der Chef gesagt?" (a German question's capitals are its nouns: names are told only here)
_GERMAN_SUBJECT = re.compile(r"\b(?i:hat|hatte|haben|hatten|wird|wurde|kann|konnte|will|wollte|muss|musste"
                             r"|soll|sollte|darf|durfte|sagte|schrieb|machte)\s+"
                             r"(?:(?P<subject>(?i:der|die|das|den|dem|ein|eine|einer)\b(?:\s+\w+)?)"
                             r"|(?P<name>[A-ZÄÖÜ]\w*))")
# a verb's own subject after an auxiliary ("what did the band play", "does a neighbour know") or
# opening a clause ("… that the band takes a break"); not a copula's ("what was the plan today?",
# "what's the weather like?": the thing asked about)
_SUBJECT = re.compile(r"\b(?:(?:do|does|did|has|have|had|will|would|can|could|shall|should|may|might|must)"
                      r"(?:n['’]t)?|that|whether|if)\s+(?P<subject>(?:the|a|an|this|that|these|those|its)\s+\w+)",
                      re.I)
_CALENDAR = frozenset(WEEKDAY_NAMES) | frozenset(MONTH_NAMES) | frozenset(_DAY_INDEX)
# the words of _THIRD_PERSON that ask who (Someone's kind "who")
_WHO = frozenset("who whom whose wer wen wem wessen quién quien".split())


def _a_calendar_word(text: str, word: str) -> bool:
    """`word` of `text` is a day or a month's name, no one's: a full name ("Monday's meeting", "on Tuesdays"),
    and a weekday's short name only where a date writes it ("on Mon", "last Fri", "on Mon and Wed":
    shortnames.dated_abbreviation, as an unheld name is told); "What did Thu say yesterday?" names Thu, as
    "What did Priya say yesterday?" names Priya."""
    low = word.lower()
    if low not in _CALENDAR and low.removesuffix("s") not in _CALENDAR:
        return False
    short = low in _SHORT_DAYS or (low not in _CALENDAR and low.removesuffix("s") in _SHORT_DAYS)
    return not short or dated_abbreviation(text, word, "on|every")
# After "mit", a German question's capitalised word names someone ("Was war gestern mit Anna?")
# unless it is a noun: after an article or the like ("im Büro"), one of the nouns a question about one's
# days asks with, a noun by its ending ("Besprechung", "Kleinigkeiten") or a compound's length
# ("Geburtstagsfeier"); or a question word or verb opening it ("Was", "Gab es…"). A word the index
# knows as a person counts whatever it looks like (retrieve.search's `person`).
_GERMAN_NOT_NAMES = frozenset("""
was wie wo wann warum wieso weshalb woher wohin womit wofür worüber wozu welche welcher welches welchen welchem
gab gibt gabs hat hatte hatten habe haben ist war waren sind bin wurde wurden wird kam kamen ging gingen geht
muss musste soll sollte kann konnte will wollte darf mag stand steht zeig zeige nenne liste fasse erzähl erzähle
sag sage und oder aber auch noch schon etwas irgendwas irgendetwas alles nichts nur bitte heute gestern
vorgestern morgen abend nacht mittag nachmittag vormittag früh tag tage woche wochen monat monate wochenende
büro arbeit termin termine treffen meeting meetings essen mittagessen abendessen frühstück einkauf einkäufe
einkaufen garten sport training notiz notizen aufgabe aufgaben wetter kalender plan pläne neues wichtiges
besonderes interessantes gutes schönes neuigkeiten idee ideen projekt projekte schule uni arzt zahnarzt urlaub
reise geld rechnung rechnungen liste mail mails anruf anrufe nachricht nachrichten gespräch gespräche frage
fragen problem probleme rezept rezepte stadt feier party geburtstag familie freunde freund freundin kollegen
kollege chef chefin team kunde kunden bericht berichte film filme buch bücher musik kino haus hause zuhause
küche wohnung auto bahn zug flug hund katze kind kinder eltern mutter vater tagebuch eintrag einträge gedanken
ausgaben kosten zeit los ergebnis ergebnisse
""".split())
_GERMAN_NOUN_END = re.compile(r"(?:ung|heit|keit|schaft|tion|tät|nis|chen|lein|ment|ismus)(?:en|e|s|se)?$")
_GERMAN_DETERMINER = re.compile(r"(?i:\b(?:der|die|das|den|dem|des|eine?[mnrs]?|kein(?:e[mnrs]?)?|mein(?:e[mnrs]?)?"
                                r"|dein(?:e[mnrs]?)?|sein(?:e[mnrs]?)?|ihr(?:e[mnrs]?)?|unser(?:e[mnrs]?)?"
                                r"|diese[mnrs]?|jede[mnrs]?|im|am|vom|zum|zur|beim|ins|ans)\s+)$")


@dataclass(frozen=True)
class AskedDays:
    """The days a question asks about: `words` as it writes them, from
    `first` to `last` (one day, a week or a month), at `span` in it; or,
    with `dates`, those days alone ("on Monday and Friday": two days, not
    the week between them), `first` and `last` the earliest and latest.
    `written`: a date the question writes, no word read against the asking
    day (an ambiguous `05/06/2027`: both days it may be, _ambiguous_day):
    its words stay searched as written (text.written_days reads them)."""

    words: str
    first: dt.date
    last: dt.date
    span: tuple[int, int]
    month: bool = False  # a whole month (searched as its yyyymm prefix)
    dates: tuple[dt.date, ...] = ()
    written: bool = False
    # days all to come ("next week", "tomorrow"): few notes are dated in them yet; their words are searched as
    # written and the notes that write one of them added (retrieve.bm25_pool, _dated_notes, Index.search)
    ahead: bool = False
    # the asking day, for days to come and those of a period under way (read_days: _of_days_under_way; None for any
    # other): the days from it on are to come, "today", the rest of "this week", as "next week"'s are (to_come)
    today: dt.date | None = None
    # a span the question writes out ("from Nov 16 to Nov 20": dayspans.py): read as "last week" is, and the answer
    # reads the notes that write one of its days too, below those dated in it, as a month written out (on_the_day)
    spelled: bool = False
    # a plan's question of the month under way ("what's due this month?": _asks_the_rest_of_the_month): its whole
    # month is searched and read, but a note dated in its days gone votes as a note writing a day to come does
    # (retrieve._dated_notes): the month's journals so far are no better evidence than a to-do list due later in it
    plan_of_the_rest: bool = False

    def to_come(self) -> list[tuple[dt.date, dt.date]]:
        """(first, last) of each run of the days not yet gone, the asking day's on ("what's on this week?" asked
        on a Wednesday: Wednesday to Sunday); [] for days all gone or a date written. Few notes are dated in
        them yet: the notes that write one are read too (retrieve._dated_notes, Index.search)."""
        if self.written:
            return []
        if self.ahead:  # (a span written out to come too: "from Dec 21 to Jan 4", dayspans.py)
            return self.spans()
        if self.today is None:
            return []
        return [(max(a, self.today), b) for a, b in self.spans() if b >= self.today]

    def label(self) -> str:
        """"yesterday (2026-05-02)", "last week (2026-04-27 to 2026-05-03)",
        "on Monday and Friday (2026-11-13, 2026-11-16)"."""
        if self.dates:
            return f"{self.words} ({', '.join(d.isoformat() for d in self.days())})"
        days = self.first.isoformat() if self.first == self.last else f"{self.first} to {self.last}"
        return f"{self.words} ({days})"

    def days(self) -> list[dt.date]:
        if self.dates:
            return sorted(set(self.dates))
        return [self.first + dt.timedelta(days=n) for n in range((self.last - self.first).days + 1)]

    def spans(self) -> list[tuple[dt.date, dt.date]]:
        """(first, last) of each run of the days: one span, or a day each
        for `dates` (datednotes.asked_spans)."""
        return [(d, d) for d in self.days()] if self.dates else [(self.first, self.last)]

    def meets(self, first: dt.date, last: dt.date) -> bool:
        """Some of the days fall from `first` to `last` (a note's days:
        answer.of_the_days)."""
        return any(a <= last and first <= b for a, b in self.spans())

    def terms(self) -> list[str]:
        """FTS5 terms for the days, as text.date_terms writes a written day's
        (its yyyymmdd token and the phrase of its numbers, as a daily note's
        header `date: 2026-05-02` reads) and a month's (a yyyymm prefix, and
        the prefix phrase of its numbers)."""
        if self.month or (self.first.day == 1 and (self.last + dt.timedelta(days=1)).day == 1 and not self.dates):
            # a month, or a quarter's months ("in Q4"): each its prefixes, not each of its days
            months = sorted({d.replace(day=1) for d in (self.first, self.last)}
                            | {(self.first + dt.timedelta(days=31 * n)).replace(day=1)
                               for n in range((self.last - self.first).days // 28 + 1)
                               if self.first + dt.timedelta(days=31 * n) <= self.last})
            return [t for first in months for t in (f'"{first:%Y%m}"*', f'"{first:%Y %m}"*')]
        return [t for d in self.days() for t in (f'"{d:%Y%m%d}"', f'"{d:%Y %m %d}"')]

    def without(self, question: str) -> str:
        """The question with the words blanked: searched as dates, not as words
        (as retrieve.fts_query blanks a written date); a written one's stay (the note writing `05/06/2027`)."""
        if self.written:
            return question
        return question[:self.span[0]] + " " + question[self.span[1]:]

    def to_dict(self) -> dict:
        out = {"words": self.words, "from": self.first.isoformat(), "to": self.last.isoformat()}
        if self.dates:  # "on Monday and Friday": those days, not the ones between
            out["dates"] = [d.isoformat() for d in self.days()]
        return out


# how the first person is put, said in the language of the question's day (UnreadDays.note)
_FIRST_PERSON_WORDS = {"en": "“… me …”, “… I …”", "de": "with ich, mir, mein", "fr": "with je, moi, mon",
                       "es": "with yo, mi, or a verb such as hice"}
# a pronoun as the object it is about: "the question is about him" of a question's "he" or "his"
_OBJECT_FORM = {**dict.fromkeys(("he", "him", "his", "himself"), "him"),
                **dict.fromkeys(("she", "her", "hers", "herself"), "her"),
                **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "them")}
# the most words of a name the reason quotes: a longer run of capitals is a title's or a shout's, no one's name
_NAMED_WORDS_MAX = 3


@dataclass(frozen=True)
class UnreadDays:
    """The days a question's words name (`days`, as they would be read) left unread because the question is of
    `someone` else (_whose_time: "what did Keller say last week?" is searched as written, module docstring);
    `language` that of its day ("en", "de", "fr", "es"). No question is suggested in their place: one put in the
    first person by rule was often ungrammatical or asked something else ("who called with me yesterday?",
    "what did Keller tell me …?" dropping the topic: review revB), so the note says how to ask it."""

    days: AskedDays
    someone: Someone
    language: str = "en"

    def reason(self) -> str:
        """"the question is about someone else (Keller)", "the question asks who"."""
        if self.someone.kind == "who":
            return "the question asks who"
        words = self.someone.words
        if self.someone.kind == "pronoun" and words.lower() in _OBJECT_FORM:
            return f"the question is about {_OBJECT_FORM[words.lower()]}"
        if (len(words.split()) > _NAMED_WORDS_MAX or not any(c.islower() for c in words)
                or not re.fullmatch(r"[^\W\d_]+(?:[ .'’-]+[^\W\d_]+)*\.?", words)):
            return "the question is about someone else"  # "NASA SPACEX", "R2-D2": no name to quote
        return f"the question is about someone else ({words})"

    def note(self) -> str:
        """The line stderr says it in: what was not read, why, and how to have it read."""
        return (f"“{self.days.words}” is searched as written: {self.reason()}. Asked in the first person "
                f"({_FIRST_PERSON_WORDS[self.language]}), it would search the notes dated {self.days.label()}.")


def _whose_days(days: AskedDays, question: str, m: re.Match, person=None) -> AskedDays | UnreadDays | None:
    """`days`, read from the question's day `m`, when they are the asker's (_whose_time) or days to come of a plan
    (_the_calendars); UnreadDays when the question is of someone else; None when the day is quoted (a note's, no
    one's to read)."""
    someone = _whose_time(question, m, person)
    if someone is None:
        return days
    if someone is _A_QUOTE:
        return None
    if _the_calendars(days, question, m) or _a_trip_to_come(days, question, m):
        return days
    if someone.kind == "who" and (_asks_who_reached_me(question, m) or (_asks_who_did(question, m)
                                                                         and _of_a_week_at_most(days))):
        return days
    return UnreadDays(days, someone, _language(m))


# who got in touch, no one named as its object: the asker is ("who called yesterday?" is "who called me…", which
# reads its day: a journal's "Sarah called" is of the day it is dated), the day right after it, the question's end
# after that; not a thing done or a state of someone's ("who won the match on Saturday?", "who was born on the
# 19th?", "who called Tom yesterday?" stay searched as written) (qdays4)
_WHO_REACHED_ME = re.compile(
    r"\W*who\s+(?:called|rang|phoned|e-?mailed|texted|messaged|replied|responded|wrote\s+back|got\s+back"
    r"|got\s+in\s+touch|reached\s+out|visited|came\s+(?:round|over|by)|dropped\s+(?:by|in)|stopped\s+by"
    r"|popped\s+(?:in|round|by))(?:\s+(?:back|on))?\s+", re.I)


def _asks_who_reached_me(question: str, m: re.Match) -> bool:
    """Does `question` ask who called, wrote or came by on the day `m` and no more (_WHO_REACHED_ME, _QUESTION_END:
    "who replied on Thursday?", "who emailed last week?")? Its object left out is the asker."""
    return bool(_WHO_REACHED_ME.fullmatch(question, 0, m.start()) and _QUESTION_END.fullmatch(question, m.end()))


def _of_a_week_at_most(days: AskedDays) -> bool:
    """Are `days` a day, a weekend or a week ("who won the match on saturday?", "who burnt themselves last week?"),
    not a month's or a year's ("who won the world cup in july?", "who got promoted last month?": a record of the
    world's or of someone else's, as likely as the asker's; fixQD5)?"""
    return (days.last - days.first).days < 7


def _asks_who_did(question: str, m: re.Match) -> bool:
    """Does `question` ask who did a thing on the day `m` that ends it, in the past (_WHO_DID): no words said or
    wished, no other subject (_SAID_OR_WISHED, _SAID_OR_WISHED_PAST, _ANOTHER_SUBJECT, _SUBJECT_AFTER_WHO)?"""
    rest = question[:m.start()]  # (who called or came by is _asks_who_reached_me's alone: "who called tom…" unread)
    return bool(_WHO_DID.match(rest) and not _WHO_REACHED_ME.match(rest) and _QUESTION_END.fullmatch(question, m.end())
                and not _SAID_OR_WISHED.search(rest) and not _SAID_OR_WISHED_PAST.search(rest)
                and not _ANOTHER_SUBJECT.search(rest) and not _SUBJECT_AFTER_WHO.match(rest)
                and not _BOOKED_BY_WHO.search(rest))


def _the_calendars(days: AskedDays, question: str, m: re.Match | None = None) -> bool:
    """Are `days` all to come (AskedDays.ahead: "tomorrow", "next week", a coming weekday, "on Friday" of "is Chloe
    babysitting on Friday?") in a question of no past form (`m`, the day phrase's match, for a role on a day of the
    month: "who is run director on the 26th"; none for a month's part): the calendar's days, the same for everyone, read whoever
    the question is about ("who is on call next week?", "is Priya off tomorrow?")? Someone else's day is left unread
    because a note's "tonight", "last week" or "on Saturday" is of the note's day (module docstring); a question's plan
    to come is the asker's calendar, when the question says a plan (_PLAN_OF_SOMEONE: "will", "going to", a subject's
    progressive or state) and no speech, thought or wish (_SAID_OR_WISHED: "what does Wolfgang want to eat
    tomorrow?", "what does Keller say about next week?" are a message's). A past form keeps them someone's words
    ("what did Keller say about tomorrow?", "what was Anna going to do next week?"), and the days of a period under way
    ("today", "this week") stay unread: "What did Wolfgang want to eat tonight?" is a message's tonight (aheadwho)."""
    unspoken = _without_weekdays_of_a_day(_without_the_day(question, m))  # "sat" is no verb's past in a day
    return (days.ahead and not days.written and not _past_form(unspoken)
            and bool(_PLAN_OF_SOMEONE.search(question)
                     or (m is not None and (m.group("dom") or m.group("wdom")) and _ROLE_ON_A_DAY.match(question)))
            and not _SAID_OR_WISHED.search(question))


def _without_the_day(question: str, m: re.Match | None) -> str:
    """`question` with the day phrase `m` blanked, one blank a letter: its words are a day's, no verb's ("who is maya
    playing next sat?": "sat" is no past of sit, qdays4)."""
    return question if m is None else question[:m.start()] + " " * (m.end() - m.start()) + question[m.end():]


# who holds a role on a day of the month ("who is run director on the 26th?", "who's the marshal on sat 19th?", "who
# are the timekeepers for the 19th?"): a rota's, the calendar's (_the_calendars, _nth_to_come); its role one or two
# nouns in lower case: not a name ("who is Anna on the 19th?" asks of Anna), a participle ("who is mentioned on the
# 3rd?"), a word of a note's or of a choice (_NOT_A_ROLE: "who is the author on the 3rd?", "who is right for…")
_NOT_A_ROLE = (r"(?!\w*(?:ed|ing)\b|(?:it|this|that|there|here|right|wrong|better|best|worse|worst|good|bad|fine"
               r"|author|writer|sender|recipient|person|people|one|guy|name|first|last|next|same|other|only)\b)")
_ROLE_ON_A_DAY = re.compile(r"\W*who(?:\s+(?:is|are)|['’](?:s|re))\s+(?:the\s+)?" + _NOT_A_ROLE + r"(?-i:[a-z][\w-]*)"
                            r"(?:\s+" + _NOT_A_ROLE + r"(?-i:[a-z][\w-]*))?\s+(?:on|for)\s", re.I)


def _a_trip_to_come(days: AskedDays, question: str, m: re.Match) -> bool:
    """Are `days` all to come, of a question that asks when a trip or an appointment is (_asks_when_a_trip_is: "what
    time is the ICE to Munich in January?")? A timetable's days are the calendar's, as _the_calendars' are: Munich
    names a place, not someone whose note's "January" it would be (askcaps)."""
    return days.ahead and not days.written and _asks_when_a_trip_is(question, m.start())


def _language(m: re.Match) -> str:
    """The language of the day _PHRASE matched: "en", "de", "fr" or "es"."""
    phrase = m.group(0)
    if m.group("fromde") or _GERMAN.match(phrase):
        return "de"
    if m.group("fromes") or _SPANISH.match(phrase):
        return "es"
    foreign = ("fromfr", "lastweek", "thisweek", "lastmonth", "thismonth", "foreignday", "daysago", "weeksago")
    if any(m.group(g) for g in foreign) or any(
            m.group(g) and re.fullmatch(_FOREIGN[g], phrase, re.I) for g in ("before", "yesterday", "today")):
        return "fr"
    return "en"


def _weeks_back_or_on(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool] | None:
    """The days of _WEEKS_BACK_AND_ON's phrases, None for any other: asked on Monday 2026-12-07 "the week before last"
    is 11-23 to 11-29, "the previous week" 11-30 to 12-06, "two weeks ago" and "a fortnight ago" 11-23 to 11-29 (the
    week of the day 14 days back), "the Friday before last" 11-27, "the weekend before last" 11-28 and 11-29, "Tuesday
    week" 12-15 (the coming Tuesday, today or within 6 days, and 7 days on), "a week tomorrow" 12-15, "a week on
    Friday" 12-18."""
    monday = today - dt.timedelta(days=today.weekday())
    week = lambda first: (first, first + dt.timedelta(days=6), False)  # noqa: E731
    one = lambda d: (d, d, False)  # noqa: E731
    if m.group("weekbeforelast"):
        return week(monday - dt.timedelta(days=14))
    if m.group("previousweek"):
        return week(monday - dt.timedelta(days=7))
    if m.group("weeksback") or m.group("fortnightago"):
        n = (m.group("weeksback") or "2").lower()
        day = today - dt.timedelta(days=7 * (int(n) if n.isdigit() else _NUMBERS[n]))
        return week(day - dt.timedelta(days=day.weekday()))
    if m.group("daybeforelast"):
        if m.group("daybeforelast").lower() == "weekend":  # a week before "last weekend" (_resolve)
            return monday - dt.timedelta(days=9), monday - dt.timedelta(days=8), False
        return one(_latest_weekday(_weekday_index(m.group("daybeforelast")), today) - dt.timedelta(days=7))
    if m.group("dayweek") or m.group("weekonday"):
        return one(_coming_weekday(_weekday_index(m.group("dayweek") or m.group("weekonday")), today)
                   + dt.timedelta(days=7))
    if m.group("weekon"):
        return one(today + dt.timedelta(days=7 + (m.group("weekon").lower() == "tomorrow")))
    return None


def _latest_weekday(index: int, today: dt.date) -> dt.date:
    """The most recent day of weekday `index` (0 Monday) before `today`: 1 to 7 days back, as "last Friday"."""
    return today - dt.timedelta(days=(today.weekday() - index - 1) % 7 + 1)


def _coming_weekday(index: int, today: dt.date) -> dt.date:
    """The coming day of weekday `index` (0 Monday): today to 6 days on, as a plan's "on Friday" (_several_days)."""
    return today + dt.timedelta(days=(index - today.weekday()) % 7)


def _this_weekday(m: re.Match, today: dt.date) -> dt.date:
    """The day of "this Saturday" (qdays6): the coming one, today to 6 days on ("what's on this saturday?"), but in a
    past not of a plan nor "for" it ("what did I do this saturday?", "I sowed seeds this sat": _this_weekday_past) the
    latest up to today, as "this weekend" is read (_resolve). Before, it was no day: "what's on this saturday?" ranked
    its note 5th."""
    index = _weekday_index(m.group("thisday"))
    if _this_weekday_past(m):
        return today - dt.timedelta(days=(today.weekday() - index) % 7)
    return _coming_weekday(index, today)


def _this_weekday_past(m: re.Match) -> bool:
    """Is the question of "this <weekday>" `m` in a past (_past_but_this_days), not "for" the day?"""
    return (_past_but_this_days(m.string)
            and not _FOR_BEFORE.search(m.string, max(0, m.start() - _WORD_BEFORE), m.start()))


@lru_cache(maxsize=64)
def _past_but_this_days(question: str) -> bool:
    """Is `question` in a past (past_tense: a past form without an auxiliary too, "who came round this sunday?"), its
    "this <weekday>" phrases' own words not looked at (_without_days: "this sat" is no past of "sit")? Once for the
    question, not for each phrase (a long question was quadratic)."""
    return past_tense(_without_days(question, _THIS_WEEKDAY.finditer(question)))


@lru_cache(maxsize=64)
def _of_a_plan(question: str) -> bool:
    """Is `question` in a plan's or a future's form (_PLANNED_FORM, _PLANNED)? Once for the question."""
    return bool(_PLANNED_FORM.search(question) or _PLANNED.search(question))


def _this_weekday_read(m: re.Match, today: dt.date) -> bool:
    """Is "this <weekday>" `m` read? Not a day gone this week in a question of neither a past nor a plan ("this
    monday's meeting notes" asked on a Wednesday: the Monday gone or none, not next week's; fixQD6), as before it
    was none."""
    if _weekday_index(m.group("thisday")) >= today.weekday() or _this_weekday_past(m):
        return True
    return _of_a_plan(m.string)


def _resolve(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool]:
    one = lambda d: (d, d, False)  # noqa: E731
    if (counted := _weeks_back_or_on(m, today)) is not None:
        return counted
    if m.group("bareday"):  # "what do i have wednesday?": the coming one in a plan's question, else the latest
        index = _weekday_index(m.group("bareday"))
        return one(_coming_weekday(index, today) if _coming_weekdays(m) else _latest_weekday(index, today))
    if m.group("today"):
        return one(today)
    if m.group("yesterday"):
        return one(today - dt.timedelta(days=1))
    if m.group("tomorrow"):
        return one(today + dt.timedelta(days=1))
    if m.group("nextday"):  # "next Friday": the coming one, 1 to 7 days on (as a note's "this Friday" is 0 to 6)
        return one(_coming_weekday(_weekday_index(m.group("nextday")), today + dt.timedelta(days=1)))
    if m.group("thisday"):
        return one(_this_weekday(m, today))
    if m.group("before"):
        return one(today - dt.timedelta(days=2))
    if m.group("ago"):
        n = m.group("ago").lower()
        return one(today - dt.timedelta(days=int(n) if n.isdigit() else _NUMBERS[n]))
    if m.group("weeks"):  # "a week ago" is that day, as "7 days ago" is ("two weeks ago" a week: _weeks_back_or_on)
        return one(today - dt.timedelta(days=7))
    if m.group("daysago") or m.group("weeksago"):  # "vor zwei Tagen", "il y a une semaine"
        n = next(int(w) if w.isdigit() else _NUMBER_OF[w] for w in m.group(0).lower().split()
                 if w.isdigit() or w in _NUMBER_OF)
        return one(today - dt.timedelta(days=n * (7 if m.group("weeksago") else 1)))
    if m.group("weekday") or m.group("foreignday"):  # the most recent such day before today: 1 to 7 days back;
        # several, "on Monday and Friday", "lundi et mardi": each so, as one is, not the days between them
        # (AskedDays.dates: asked_days)
        days = _several_days(m, today)
        return days[0], days[-1], False
    if m.group("spanfrom"):  # "on Mon through Fri": the latest such span ended by today, none of it to come
        # ("from Fri to Mon" asked on a Sunday: Friday to the Monday just gone, not to tomorrow)
        last = today - dt.timedelta(days=(today.weekday() - _weekday_index(m.group("spanto"))) % 7)
        return last - dt.timedelta(days=(last.weekday() - _weekday_index(m.group("spanfrom"))) % 7), last, False
    if m.group("dom"):  # the latest such day up to today ("the 31st" asked on May 3 is March 31), or the coming one
        if _WEEKEND_OF_BEFORE.search(m.string, 0, m.start()):  # "the weekend of the 19th"
            return _weekend_of_the_day(_day_of_a_weekend(int(m.group("dom")), today, _nth_to_come(m)))
        return one(_day_of_the_month(int(m.group("dom")), today, _nth_to_come(m)))
    if m.group("wdom"):  # "on sat 19th": the 19th that is a Saturday (none: _read_words says so)
        return one(_weekday_of_the_day(int(m.group("wdomday")), _DAY_INDEX[m.group("wdom").lower()], today,
                                       _nth_to_come(m)))
    if m.group("rollunit") or m.group("fortnight"):
        return _rolling_days(m, today), today, False
    if m.group("nextunit") or m.group("nextfortnight"):
        return today, _coming_days(m, today), False
    if m.group("rolling"):  # "in the past week" is the last 7 days, today among them; a month 30 days back; a year
        # the days since the same day a year back, as "the last 12 months"
        back = {"week": 6, "month": 30}.get(m.group("rolling").lower())
        first = today - dt.timedelta(days=back) if back else _months_on(today, -12) + dt.timedelta(days=1)
        return first, today, False
    ahead = 7 * ((m.group("weekend") or m.group("week") or m.group("month") or "").lower() == "next")
    if m.group("weekend") or m.group("pastweekend") or m.group("theweekend"):
        last = (m.group("weekend") or "").lower() == "last"
        # Monday to Friday, "this past weekend" and a past tense's "this weekend" ("what did I do this
        # weekend?") are the one just gone: the coming one has not happened (it was read); not one
        # planned "for this weekend" ("what did I plan for this weekend?"), nor a plan's (_PLANNED)
        if not last and not ahead and today.weekday() < 5 and (m.group("pastweekend") or (
                _told_past(m.string) and not re.search(r"\bfor\s+$", m.string[:m.start()], re.I))):
            last = True
        monday = today - dt.timedelta(days=today.weekday() + 7 * last - ahead)
        return monday + dt.timedelta(days=5), monday + dt.timedelta(days=6), False
    if m.group("week") or m.group("lastweek") or m.group("thisweek"):
        last = bool(m.group("lastweek")) or (m.group("week") or "").lower() == "last"
        monday = today - dt.timedelta(days=today.weekday()) - dt.timedelta(days=7 * last - ahead)
        return monday, monday + dt.timedelta(days=6), False
    if m.group("isoweek") or m.group("quarter"):
        return _latest_period(m, today)
    if m.group("monthname"):
        return _latest_month(m, today)
    if m.group("nthweek"):
        return _week_of_month(m, today)
    first = today.replace(day=1)
    if m.group("lastmonth") or (m.group("month") or "").lower() == "last":
        first = (first - dt.timedelta(days=1)).replace(day=1)
    elif ahead:
        first = (first + dt.timedelta(days=32)).replace(day=1)
    following = (first + dt.timedelta(days=32)).replace(day=1)
    return first, following - dt.timedelta(days=1), True


# the notes or records of a day before it ("what are my notes on the 3rd?", "what's the summary of the meeting on the
# 3rd?", "journal entries from the 3rd"): written, so of a day gone, as dayspans reads "notes from Jan 3" (_nth_to_come)
_RECORDS = re.compile(r"\b" + RECORD_WORDS, re.I)
# a plan's words for a day of the month that _PLANNED_FORM and _PLAN_OF_SOMEONE miss: "anything happening / coming up
# on the 19th?", "anything for the 22nd?" (right before it, as "anything for friday?": _coming_weekdays)
_PLAN_OF_A_DAY = re.compile(r"\b(?:happening|coming\s+up|upcoming)\b", re.I)
# ... but not a place someone is in or at ("who is at the office on the 3rd?": of the 3rd gone as often, as "on Friday"
# in it is: _coming_weekdays)
_WHERE_NOW = re.compile(r"\b(?:in|at)$", re.I)
_ANYTHING_FOR = re.compile(r"\b(?:anything|something)\s+for\s+$", re.I)
# ... nor a thing from or of a day ("what should I remember from the 3rd?", "what do I need to do about the email of
# the 2nd?"): a day gone
_FROM_OR_OF_BEFORE = re.compile(r"\b(?:from|of|since)\s+$", re.I)
# ... but "the weekend of the 19th" is the weekend's, the question's tense its direction (_weekend_of_the_day)
_WEEKEND_OF_BEFORE = re.compile(r"\bweekend\s+of\s+$", re.I)
# "on" or "for" right before a day of the month: a yes/no question's form ends before it (_plans_the_day)
_ON_OR_FOR_BEFORE = re.compile(r"\b(?:on|for)\s+$", re.I)


def _nth_to_come(m: re.Match) -> bool | None:
    """Which way the day of the month `m` reads ("on the 19th", "on sat 19th") looks: True, the coming one, in a
    question of a plan (_plans_the_day: "what's on the 19th?", "who is run director on the 26th?", "is anything
    booked for the 22nd?") not in the past tense; False, the latest gone, in the past tense or of a day's notes or
    records ("what did we do on the 19th?", "notes from the 3rd") or of a thing from it ("what should I remember from
    the 3rd?"); None for any other, as terse ("meeting on the
    3rd?", "recap of the 2nd", "the 5th?"): "the 3rd" alone is then the latest gone (_day_of_the_month), as it always
    was (read ahead, a question of the notes of a recent day fell to next month: review of qnth); a weekday written
    with it (_weekday_of_the_day) the nearest either way."""
    question = _without_weekdays_of_a_day(m.string)
    if (past_tense(question) or _RECORDS.search(question, 0, m.start())
            or (_FROM_OR_OF_BEFORE.search(question, 0, m.start())
                and not _WEEKEND_OF_BEFORE.search(question, 0, m.start()))):
        return False
    return True if _plans_the_day(question, m) else None


def _plans_the_day(question: str, m: re.Match) -> bool:
    """Does `question` ask of a plan on the day of the month `m`: a plan's form (_PLANNED_FORM: "what's on", "anything
    on", "will", "going to", "booked", "due", "what are we doing"; _PLAN_OF_SOMEONE: "who is off", "is Tom coming";
    _PLAN_OF_A_DAY: "happening", "coming up"), a role on it (_ROLE_ON_A_DAY), "anything for" right before it, or a
    yes/no question of a plan or an appointment on it ("am I free on the 19th?", "is the party on the 19th?")?"""
    day = m.start("wdom") if m.group("wdom") else m.start()  # "sat 19th", "the 19th"
    lead = _ON_OR_FOR_BEFORE.search(question, 0, day)
    start = lead.start() if lead else day
    return bool(_PLANNED_FORM.search(question) or any(not _WHERE_NOW.search(p.group())
                                                      for p in _PLAN_OF_SOMEONE.finditer(question))
                or _PLAN_OF_A_DAY.search(question) or _ROLE_ON_A_DAY.match(question)
                or _ANYTHING_FOR.search(question, 0, day)
                or _YES_NO_COMING.fullmatch(question, 0, start)
                or (_YES_NO_ON.fullmatch(question, 0, start) and _QUESTION_END.fullmatch(question, m.end())))


def _without_weekdays_of_a_day(question: str) -> str:
    """`question` with the weekdays written before a day of the month blanked (_WEEKDAY_BEFORE_ORDINAL), each letter a
    blank: its places stay."""
    return _WEEKDAY_BEFORE_ORDINAL.sub(lambda w: " " * len(w.group()), question)


# a weekday written before a day of the month ("on sat 19th", "on Sat the 19th") is no verb's past (sat: sit), nor is
# "Sat" anywhere before an ordinal: blanked, one blank a letter, before _nth_to_come reads the question's tense
_WEEKDAY_BEFORE_ORDINAL = re.compile(
    _ANY_ENGLISH_DAY + r"(?=\.?,?\s+(?:the\s+)?(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b)", re.I)


# how far ahead a day of the month to come may be: a month's ("the 30th" asked on Feb 1 is no March 30, Jan 30 then)
_COMING_DAY_OF_THE_MONTH_DAYS = 31


def _weekend_of_the_day(day: dt.date) -> tuple[dt.date, dt.date, bool]:
    """The Saturday and Sunday "the weekend of the 19th" reads (_resolve): the weekend `day` is in or touches, a
    Friday's the one after it, a Monday's the one before (a long weekend's); a Tuesday to Thursday touches none, and is
    read alone ("what's on the weekend of the 19th?" read Thursday Nov 19 alone: qdays4)."""
    if not _touches_a_weekend(day):
        return day, day, False
    weekday = day.weekday()
    saturday = day + dt.timedelta(days=(5 - weekday) if weekday >= 4 else -2)
    return saturday, saturday + dt.timedelta(days=1), False


def _day_of_a_weekend(day: int, today: dt.date, coming: bool | None) -> dt.date:
    """The day of the month `day` "the weekend of the 12th" names: the one _day_of_the_month reads, but in a question
    of neither direction (`coming` None) the coming one when only it touches a weekend (_weekend_of_the_day: a Friday
    to a Monday): "the weekend of the 12th?" asked on Monday 2026-12-07 is Saturday Dec 12, not Thursday Nov 12
    (review of qdays4)."""
    gone = _day_of_the_month(day, today, coming)
    if coming is not None or _touches_a_weekend(gone):
        return gone
    ahead = _day_of_the_month(day, today, True)
    return ahead if _touches_a_weekend(ahead) else gone


def _touches_a_weekend(day: dt.date) -> bool:
    """Is `day` a Friday to a Monday, of a weekend or next to one (_weekend_of_the_day)?"""
    return day.weekday() not in (1, 2, 3)


def _day_of_the_month(day: int, today: dt.date, coming: bool | None) -> dt.date:
    """The day `day` of a month: with `coming` (True) the first from `today` on within _COMING_DAY_OF_THE_MONTH_DAYS,
    else, or when none is so near, the latest up to `today` (today's own day is today's either way): "the 31st"
    asked on April 5 is March 31; asked on Jan 31 "what's on the 30th?" is Jan 30, no Feb 30 to come (March 30 was
    read: review of qnth)."""
    if coming:
        for months in (0, 1):
            try:
                asked = _months_on(today.replace(day=1), months).replace(day=day)
            except ValueError:  # no 31st in April
                continue
            if 0 <= (asked - today).days <= _COMING_DAY_OF_THE_MONTH_DAYS:
                return asked
    month = today.replace(day=1)
    for _ in range(3):  # a 31st is at most two months back
        try:
            if (asked := month.replace(day=day)) <= today:
                return asked
        except ValueError:  # no 31st in April
            pass
        month = _months_on(month, -1)
    raise ValueError(f"no day {day} of a month near {today}")


def _weekday_of_the_day(day: int, weekday: int, today: dt.date, coming: bool | None) -> dt.date | None:
    """The day `day` of a month that falls on `weekday` (0 Monday), within _WEEKDAY_DAY_WEEKS of `today` in the
    question's direction (`coming`, _nth_to_come: True to come, False gone, None either, the nearest): "on sat 19th"
    asked on Monday 2026-12-07 is 12-19, "what did I do on Tue the 3rd?" 11-03, "german class on tue 24th" 11-24;
    None when none ("what's on sat 20th": Feb 20, a slip of the weekday as likely as a day months off)."""
    found = []
    for months in range(-2, 3):
        try:
            candidate = _months_on(today.replace(day=1), months).replace(day=day)
        except ValueError:  # no 31st in April; no year 0
            continue
        ahead = (candidate - today).days
        if (candidate.weekday() == weekday and abs(ahead) <= 7 * _WEEKDAY_DAY_WEEKS
                and (coming is None or (ahead >= 0) == coming or ahead == 0)):
            found.append(candidate)
    return min(found, key=lambda c: abs((c - today).days), default=None)


# how far from today a weekday with its day of the month is looked for ("on sat 19th", "on Tue the 3rd"): six weeks; a
# day further off is less likely than a slip of the weekday ("what's on sat 20th" asked on Monday 2026-12-07, Sunday
# the 20th this weekend, read Saturday 2027-02-20: review of qnth)
_WEEKDAY_DAY_WEEKS = 6


def _rolling_days(m: re.Match, today: dt.date) -> dt.date:
    """The first of the days "the last N days / weeks / months / hours" (_PHRASE's rollcount, rollunit; "the past
    fortnight") reads, the last being today, as "the past week" is the 7 days up to today: asked on 2026-12-07 "the
    last 2 weeks" is 2026-11-24 to 12-07, "the last few days" 12-05 to 12-07, "the last 3 months" 09-08 to 12-07 (from
    the same day 3 months back, the day after it), "the last 24 hours" the days they touch, 12-06 and 12-07 (the hour
    asked is not known: the earliest day they may begin on). ValueError past _ROLLING_DAYS_MAX."""
    if m.group("fortnight"):
        first = today - dt.timedelta(days=13)
    else:
        count, unit = _count(m.group("rollcount")), m.group("rollunit").lower()
        if unit == "months":
            first = _months_on(today, -count) + dt.timedelta(days=1)
        elif unit == "hours":
            first = today - dt.timedelta(days=_days_touched(count))
        else:
            first = today - dt.timedelta(days=count * (7 if unit == "weeks" else 1) - 1)
    if (today - first).days >= _ROLLING_DAYS_MAX:
        raise ValueError("longer than a year")
    return first


def _coming_days(m: re.Match, today: dt.date) -> dt.date:
    """The last of the days "the next N days / weeks / months / hours" (_PHRASE's nextcount, nextunit; "the coming
    fortnight": nextfortnight) reads, the first being today (under way, as "this week"'s days to come), N days as
    "the last N days" and `mrag tasks --within N` are: asked on 2026-12-07 "the next 7 days" are 12-07 to 12-13, "the
    next 2 weeks" 12-07 to 12-20, "the next few days" 12-07 to 12-09, "the next 3 months" 12-07 to 2027-03-06 (to the
    day before the same day 3 months on), "the next 24 hours" the days they touch, 12-07 and 12-08. ValueError past
    _ROLLING_DAYS_MAX."""
    if m.group("nextfortnight"):
        count, unit = 2, "weeks"
    else:
        count, unit = _count(m.group("nextcount")), m.group("nextunit").lower()
    if unit == "months":
        last = _months_on(today, count) - dt.timedelta(days=1)
    elif unit == "hours":
        last = today + dt.timedelta(days=_days_touched(count))
    else:
        last = today + dt.timedelta(days=count * (7 if unit == "weeks" else 1) - 1)
    if (last - today).days >= _ROLLING_DAYS_MAX:
        raise ValueError("longer than a year")
    return last


def _days_touched(hours: int) -> int:
    """The days beside today that `hours` hours from or up to now may reach, the hour asked being unknown: 24 hours
    one, 25 to 48 two."""
    return -(-hours // 24)


def _count(words: str) -> int:
    """The count "the last N …" / "the next N …" writes: "3", "three", "a couple of", "few" (_COUNTS)."""
    count = " ".join(words.lower().split())
    return int(count) if count.isdigit() else _COUNTS[count]


def _months_on(day: dt.date, months: int) -> dt.date:
    """`day` `months` months on (back, negative), the month's last day when it has no such day: 2026-05-31 less 3
    months is 2026-02-28."""
    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _latest_period(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool]:
    """The ISO week or the quarter `m` names (_PHRASE's isoweek, quarter): of the year it writes or says
    ("of last year": _RELATIVE_YEAR, from `today`'s calendar year), else the latest one begun by `today` ("in week 45" asked in March 2027 is 2026's; in week 45, this one).
    ValueError for a week 53 of a year with 52."""
    def period(year: int) -> tuple[dt.date, dt.date]:
        if m.group("isoweek"):
            monday = dt.date.fromisocalendar(year, int(m.group("isoweek")), 1)
            return monday, monday + dt.timedelta(days=6)
        first = dt.date(year, 3 * int(m.group("quarter")) - 2, 1)
        return first, (first + dt.timedelta(days=92)).replace(day=1) - dt.timedelta(days=1)

    written = m.group("weekyear") or m.group("quarteryear")
    if written:
        return (*period(int(written)), False)
    said = m.group("weekrel") or m.group("quarterrel")
    if said:  # "of last year": the calendar year asked in, or the one before or after it
        return (*period(today.year + _RELATIVE_YEAR[said.lower()]), False)
    year = today.isocalendar()[0] if m.group("isoweek") else today.year
    try:
        first, last = period(year)
    except ValueError:  # no week 53 this year: the latest is an earlier year's
        first = today + dt.timedelta(days=1)
    if first > today:
        for back in range(1, 7):  # a week 53 comes every 5 or 6 years
            try:
                first, last = period(year - back)
                break
            except ValueError:
                continue
    return first, last, False


_NTH_WEEK = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}


def _month_year(m: re.Match, month: int, said: str | None, today: dt.date) -> int:
    """The year of the `month` the phrase `m` names without its year: the one it `said` ("last year": _RELATIVE_YEAR,
    from `today`'s calendar year); in a question that asks ahead of it (_asks_ahead_of_a_date: "what deadlines do I
    have in January?", "what's due in jan?") the month not yet ended within AHEAD_MONTHS (_within_ahead: "what's due
    in November?" asked in December is the one just ended), a month gone this year next year's (futuremonth: asked
    in December it read the January gone, "no note is dated in January"); else the latest begun by `today` ("what
    did I do in January?")."""
    if said:
        return today.year + _RELATIVE_YEAR[said.lower()]
    if (_within_ahead(month, today)
            and _asks_ahead_of_a_date(m.string, m.start(), m.end(), _past_form(m.string))):
        return today.year + (month < today.month)
    return today.year - (month > today.month)


def _within_ahead(month: int, today: dt.date) -> bool:
    """Does the coming `month` (1-12) begin within AHEAD_MONTHS of `today`'s month (or is it today's)?"""
    return (month - today.month) % 12 <= AHEAD_MONTHS


def _week_of_month(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool]:
    """The week of a month `m` names (_PHRASE's nthweek): "the first week of October 2026" is October 1 to 7,
    "the last week of" its last 7 days; the month of the year written, else _month_year's."""
    word = m.group("weekmonth").lower()
    month = MONTH_WORDS[word[:3]]
    year = (int(m.group("weekmonthyear")) if m.group("weekmonthyear")
            else _month_year(m, month, m.group("weekmonthrel"), today))
    end = (dt.date(year, month, 1) + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    nth = m.group("nthweek").lower()
    first = end - dt.timedelta(days=6) if nth == "last" else dt.date(year, month, 1 + 7 * _NTH_WEEK[nth])
    return first, first + dt.timedelta(days=6), False


def _latest_month(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool]:
    """The month `m` names without its year (_PHRASE's monthname), of the year _month_year gives: "in October"
    asked on 2026-12-06 is October 2026, asked on 2026-05-03 October 2025 ("in May", that day's May); "what's due in
    January?" asked on 2026-12-06 January 2027."""
    word = m.group("monthname").lower()
    month = MONTH_WORDS[word[:3]]
    first = dt.date(_month_year(m, month, m.group("monthrel"), today), month, 1)
    return first, (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1), True


def _weekday_index(word: str) -> int:
    """0 (Monday) to 6 of a weekday's name as _PHRASE reads it ("Fri.", "Thurs", "Friday")."""
    return _DAY_INDEX[word.lower().rstrip(".")]


def _several_days(m: re.Match, today: dt.date) -> list[dt.date]:
    """The days of the weekdays named ("on Tuesday", "last Friday and
    Saturday", "on Monday or Wednesday", "lundi et mardi"), in date order:
    one, the most recent such day before today; several, one run of days by
    the asking day: each the most recent such day before today, but for a
    list that names today's weekday ("on Sat and Sun" asked on a Sunday) the
    one that keeps the days closer together, today or a week ago (yesterday
    and today, not yesterday and a week ago: two weekends), and after "last"
    (dernier, letzten, pasado) likewise yesterday's weekday, yesterday or the
    week before ("last Sat and Sun" asked on a Sunday: last weekend); the
    closer days only when they fall in one Monday-to-Sunday week."""
    named = {_DAY_INDEX[w.lower()] for w in _ANY_DAY.findall(m.group(0))}

    def run(end: dt.date) -> list[dt.date]:  # each named day in the 7 days ending `end`
        return sorted(_latest_weekday(d, end + dt.timedelta(days=1)) for d in named)

    if _coming_weekdays(m):  # "what's for dinner on Thursday?": each the coming one, today to 6 days on
        return run(today + dt.timedelta(days=6))
    latest = run(today - dt.timedelta(days=1))  # each the most recent before today, as one alone
    if len(named) == 1:
        return latest
    other = run(today - dt.timedelta(days=2) if _LAST.search(m.group(0)) else today)
    # and only when its days are of one Monday-to-Sunday week: "last Monday and Friday" asked on a Saturday is
    # this week's, not Friday a week ago and Monday (closer, but two weeks turned around: review revA)
    one_week = other[0] - dt.timedelta(days=other[0].weekday()) == other[-1] - dt.timedelta(days=other[-1].weekday())
    return other if one_week and (other[-1] - other[0]) < (latest[-1] - latest[0]) else latest


# words in -ing that are no progressive's verb after "is" or a noun ("what's the wedding…", "is the Friday meeting on
# Monday now?")
_ING_NOUN = r"(?:(?:some|any|no|every)?thing|morning|evening|meeting|wedding|building|during)\b"
# a verb's past in "-ed", not "need", "feed" (_PAST_ED, _APPOINTMENT_WORD)
_PAST_ED_WORD = r"\w{2,}[^e\W]ed"
# a verb's irregular past ("the guy I met on Friday", "the version we sent on Thursday": _PAST_IRREGULAR)
_PAST_IRREGULAR_WORDS = (
    r"(?:met|got|said|sent|ate|eaten|won|spoke|spoken|saw|seen|made|took|taken|came|gave|given|told|wrote|"
    r"written|done|bought|brought|thought|found|left|lost|paid|heard|kept|felt|sold|ran|began|drank|drove|fell|"
    r"flew|forgot|knew|sat|stood|taught|caught|threw|wore|chose|broke|spent|built|held|led)")
# an appointment or an event named in one or two words, "physio", "the meeting", "my dentist appointment", "Maya's
# swimming", "bin day": no record of a day ("my notes", "the summary": RECORD_WORDS), no small word of a longer phrase
# ("in my notes", "the summary of the meeting"), no participle ("the bin collected", "Priya mentioned": a thing done)
_APPOINTMENT_WORD = (r"(?!" + RECORD_WORDS + r"|(?:in|on|at|of|from|for|with|about|to|by|there|here|this|that|these"
                     r"|those|what|which|a|an|the|my|our|your|any|some|anything|something|everything|nothing)\b)"
                     r"(?!" + _PAST_ED_WORD + r"\b|" + _PAST_IRREGULAR_WORDS + r"\b)[\w'’-]+")
_APPOINTMENT = r"(?:(?:the|my|our|your)\s+)?" + _APPOINTMENT_WORD + r"(?:\s+" + _APPOINTMENT_WORD + ")?"
# "have got", British for "have" (_PLANNED_FORM), its subject a pronoun or a capitalised name between ("what have I
# got…", "what's he got…", "has Tom got…", "I've got…"): no past of "get" (_PAST_IRREGULAR_WORDS), nor after
# "had" ("what had I got on Friday?"), a past
_GOT_AFTER_HAVE = (r"(?:\b(?:have|has)(?:n['’]t)?|\w['’](?:ve|s))"
                   r"(?:\s+(?:i|we|you|he|she|they|it|(?-i:[A-Z])[\w'’-]*))?\s+")
# ... not "got" of a past all the same: "what has Sam got up to…", "what have I got back…", "what's got into him…",
# "has Tom got through…", "what have I got from Tom…" (a thing received)
_GOT_OF_A_PAST = r"\s+(?:up\s+to|into|back|through|from)\b"
_HAVE_GOT = _GOT_AFTER_HAVE + r"got\b(?!" + _GOT_OF_A_PAST + ")"
# a plan's participles: a passive of now after "is" ("is the boiler service booked for Jan 12?": _plans_now), a plan
# word (_PLANNED_WORDS), a plan's past before days to come ("which tasks were scheduled in the next 2 weeks?": _BOOKED)
_PLAN_PARTICIPLES = r"(?:planned|scheduled|booked|arranged|reserved|organi[sz]ed)"
# a rota's question of whose a day is ("whose weekend is it next weekend?", "whose turn is it on Friday?", "whose
# birthday is it on the 19th?": _PLANNED_WORDS, _PLAN_OF_SOMEONE, qdays4); not with a past after it, a clause's that
# is no plan ("whose turn is it to write up what we decided on the 3rd?", "whose fault is it that the build failed on
# the 3rd?": the days gone, review of qdays4), looked for in the clause's next 160 characters (one bounded look a
# "whose": a look to the question's end was quadratic in a question of many)
_WHOSE_IS_IT = (r"\bwhose\s+[\w'’-]+\s+is\s+it\b(?![^?.!]{0,160}?\b(?:did|was|were|had|went|happened|"
                + _PAST_ED_WORD + r"|" + _PAST_IRREGULAR_WORDS + r")\b)")
# a name typed in lower case as a progressive's subject, one word right after "who is" or "who's" ("who is maya
# playing on saturday?", "who's tom seeing next week?": as "who is Maya playing…" is read; _PLANNED_WORDS,
# _PLAN_OF_SOMEONE, qdays4): no word of a longer phrase or of a past ("been", "not", an adverb, a determiner, "there",
# a past: "who's been texting me on the 3rd?", "who is still failing on Friday?" keep their days gone), and only
# after "who" (after "why", "how", "what" a noun's: "why is prod crashing on the 3rd?", "how is work going…", "what is
# aws billing in january?": review of qdays4). One blank each between "who", "is" and it (a look behind is of a
# fixed width)
_NOT_A_LOWER_NAME = (r"(?:been|being|not|there|here|it|this|that|these|those|the|a|an|my|our|your|his|her|their|its"
                     r"|some|any|no|every|each|all|both|so|still|currently|really|actually|always|now|ever|also|just"
                     r"|even|already|only|usually|often|never|sometimes|constantly|again|suddenly|apparently"
                     r"|probably|finally|literally|seriously|honestly)\b")
_LOWER_NAME_AFTER_WHO = (r"(?:(?<=\bwho\sis\s)|(?<=\bwho['’]s\s))(?!" + _NOT_A_LOWER_NAME + r"|" + _PAST_ED_WORD
                         + r"\b|" + _PAST_IRREGULAR_WORDS + r"\b)(?-i:[a-z])[\w'’-]*\s+")
# a question about what is planned, in a future form or one of a plan's words: "what's for dinner on Thursday?",
# "what do I need to do on Thursday?", "who is babysitting on Friday?", "what will we eat on Sunday?", "what's on
# Friday?", "what's due on Friday?"; a bare "is"/"are"/"'s" is no plan's ("what are my notes on Friday?", "what's the
# summary of the meeting on Thursday?" are of the Friday gone, as before nowdays: review revF), nor a past form
# ("did", "was", "happened", "cooked", "met") nor neither ("what do I do on Thursday?"): "on Thursday" the most
# recent one
# "what's", "who's" typed without the apostrophe, or as texted ("wots", "wats")
_TYPED_IS = r"whats|wots|wats|whos"
_PLANNED_WORDS = (
    _WHOSE_IS_IT + r"|"
    r"\b(?:will|shall|should|going\s+to|gonna|(?:need|needs|have|has)\s+to|do\s+(?:i|we)\s+have"
    r"|plans?|" + _PLAN_PARTICIPLES + r"|due)\b|\w['’]ll\b"
    # British "have got" for "have" ("what have I got on Friday?", "have we got anything on Thursday?", "I've got
    # what on Wednesday?", "what's he got on Monday?"), not "what have I got done…" (a past after it: _past_form)
    r"|" + _HAVE_GOT +
    # "what's on Friday?", "anything on Friday?", "what's for dinner on Thursday?"; typed without the apostrophe too,
    # "whats on friday", "wots on the 12th", "whos on friday" (_TYPED_IS: qdays6; they read the Friday gone)
    r"|(?:\b(?:is|are|" + _TYPED_IS + r")|\w['’](?:s|re))\s+on\b|\banything\s+on\b"
    r"|(?:\b(?:is|are|" + _TYPED_IS + r")|\w['’]s)\s+for\s+(?:breakfast|lunch|dinner|tea|supper)\b"
    # a present progressive: "who is babysitting on Friday?", "what are we doing on Friday?", "who's coming?", "what
    # time are we meeting on Thursday?" (after a pronoun an -ing is a verb), "when is Chloe babysitting on Friday?"
    # (after a name one in lower case: "who is Anna Fleming on Friday?" is no progressive), "who's maya playing on
    # saturday?" (_LOWER_NAME_AFTER_WHO)
    r"|(?:\b(?:is|are|am|" + _TYPED_IS + r")|\w['’](?:s|re|m))\s+(?:(?:i|we|you|he|she|they|it|anyone|someone)\s+\w{2,}ing\b"
    r"|(?:(?-i:[A-Z])[\w'’-]*\s+(?=(?-i:[a-z]))|" + _LOWER_NAME_AFTER_WHO + r")?"
    r"(?!" + _ING_NOUN + r")\w{2,}ing\b)")
# when or what time an appointment of one or two words is (_PLANNED_FORM: "on"; _PLAN_BEFORE_DATE: a month's "in")
# ("when is physio on Thursday?", "what time's the meeting on Friday?", "when is Maya's swimming on Thursday?",
# "when is the dentist in January?"): "what is in my notes on Friday?" and "what is the summary of the meeting on
# Thursday?" ask no time (aheadwho); "what time is it in Tokyo on Friday?" none of a Friday to come
_WHEN_IS = r"\b(?:when|what\s+time)(?:\s+(?:is|are)|['’](?:s|re))\s+" + _APPOINTMENT
_PLANNED_FORM = re.compile(_PLANNED_WORDS + r"|" + _WHEN_IS + r"\s+on\b", re.I)
# ... right before a month or a yearless day, its subject and one verb (or "be" and one) between at most, "up" after:
# "what do I have in january?", "what will I do in january?", "what will we be doing in march?", "what's coming up in
# february?"; not a noun's event, "what should I remember about the trip in january?", "should I keep the receipts in
# january?" (_asks_ahead_of_a_date)
_PLAN_BEFORE_DATE = re.compile(
    r"(?:" + _PLANNED_WORDS + r"|" + _WHEN_IS + r")(?:\s+(?:i|we|you|he|she|they))?(?:\s+be)?"
    r"(?:\s+(?!(?:the|my|our|your|his|her|their|a|an|about|from|for|of|with|to|on|at|by|in)\b)[a-z]+)?"
    r"(?:\s+up)?\s+$", re.I)
# a yes/no question in the present of a plain subject's plan or whereabouts asks of the coming weekday (qdays): "is
# Chloe babysitting on Friday?", "am I on call on Saturday?", "aren't we meeting on Thursday?", "are the kids at
# school on Friday?", "is the gym open on Sunday?": its subject a pronoun, one capitalised name or "the"/"my"/"our"
# and one word, then an -ing verb or a state, and "on <weekday>" right after (_coming_weekdays). Not a relative
# clause, a participle, a noun phrase or the notes' records, all of the weekday gone as before ("is the cake Mum made
# on Friday still good?", "is Priya mentioned on Friday?", "are the photos from the party on Saturday online?", "is
# my daily log on Friday complete?")
_YES_NO_COMING = re.compile(
    r"\W*(?:is|are|am)(?:n['’]t)?\s+"
    r"(?:(?:i|we|you|he|she|they|it)\s+|(?-i:[A-Z])[\w'’-]*\s+"
    r"|(?:the|my|our)\s+(?!" + RECORD_WORDS + r")\w+\s+(?!" + _ING_NOUN + "))"
    r"(?:(?-i:[a-z])\w{2,}ing|on\s+call|off|away|out|home|back|free|busy|open|closed"
    r"|(?:in|at)(?:\s+(?:the\s+|my\s+|our\s+)?(?-i:[a-z])\w+)?)\s+", re.I)
# ... or whether an appointment of one or two words is on the weekday that ends the question (aheadwho): "is physio
# on Thursday?", "is the party on Saturday?", "is bin day on Thursday?"; not a participle's, "is the bin collected on
# Thursday?", a record's, "is my note on Friday?", nor "is there a meeting on Monday?" (_APPOINTMENT), all of the
# weekday gone as before
_YES_NO_ON = re.compile(r"\W*(?:is|are)(?:n['’]t)?\s+" + _APPOINTMENT + r"\s+", re.I)
# ... before a month or a yearless day, an appointment of one word ("is physio in January?", "is the dentist on Feb
# 20?"): two are as often a thing and its state, "is it cold in january?", "is the balance positive in january?"
# (_asks_ahead_of_a_date)
_YES_NO_ON_ONE = re.compile(r"\W*(?:is|are)(?:n['’]t)?\s+(?:(?:the|my|our|your)\s+)?" + _APPOINTMENT_WORD + r"\s+",
                            re.I)
# ... the question's end after it, a part of the day or a time between ("on Saturday night?", "on Thursday at 3pm?")
# (one class at its end: two runs of blanks before a long tail were quadratic)
_QUESTION_END = re.compile(r"(?:\s+(?:morning|afternoon|evening|night)\b)?"
                           r"(?:\s+at\s+(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|noon)\b)?[\s?!.]*", re.I)
# a verb's past in "-ed" ("who cooked on Friday?"), not a participle after a form of "be" ("what's planned on
# Thursday?", "what is booked for Friday?"), nor "need", "feed"
_PAST_ED = re.compile(r"\b" + _PAST_ED_WORD + r"\b", re.I)
# ... or an irregular one (_PAST_IRREGULAR_WORDS), the same way
_PAST_IRREGULAR = re.compile(r"\b" + _PAST_IRREGULAR_WORDS + r"\b", re.I)
_BE_BEFORE = re.compile(r"(?:\b(?:is|are|am|be|been|being)|['’](?:s|re|m))\s+$", re.I)
# ... nor "got" after "have" ("what have I got on Friday?": _HAVE_GOT)
_HAVE_BEFORE = re.compile(_GOT_AFTER_HAVE + "$", re.I)
_GOT_OF_A_PAST_AFTER = re.compile(_GOT_OF_A_PAST, re.I)


def _of_days_under_way(m: re.Match) -> bool:
    """Does the phrase `m` name the period under way ("today", "this week", "this weekend", "this month", a coming
    weekday's today: "what will we eat on Monday?" asked on a Monday) in a question of no past tense but a plan's
    ("what did I do this week?" is of its days gone): its days not yet gone are read as days to come
    (AskedDays.to_come). Not a period that ends today ("in the past week") nor one named ("in December")."""
    this = any((m.group(g) or "").lower() == "this" for g in ("week", "weekend", "month"))
    current = bool(m.group("today") or m.group("thisweek") or m.group("thismonth") or this or m.group("thisday")
                   or _coming_weekdays(m))
    return current and not (_language(m) == "en" and _told_past(m.string))  # German "was": what


# a plan of the month under way (_asks_the_rest_of_the_month): a form that asks what is coming, "what's due", "what
# bills are due", "anything due", "any deadlines", "upcoming", "coming up", "to do", "outstanding", "what have I got
# due"; or "on" right before it ("what's on this month?", "anything on this month?", "what have I got on this
# month?"). Not "will", "need to", "plan" or "due" anywhere (review of thismonth: "will I stay under budget this
# month?", "what's the plan for this month?", "when is the rent due this month?", "how much is due this month?" ask
# of the whole month as before), nor a bare "'s on" ("What's on my list this month?")
_MONTH_PLAN = re.compile(
    r"\b(?:what|which|anything|something)(?:\s+\w+)?(?:\s+(?:is|are)|['’](?:s|re))?\s+due\b"
    r"|\bgot\s+(?:due|coming\s+up)\b|\b(?:deadlines?|upcoming|coming\s+up|to\s+do|outstanding)\b", re.I)
_ON_BEFORE_THE_MONTH = re.compile(r"(?:\b(?:got|have|is|are|anything|something|" + _TYPED_IS + r")|['’](?:s|re))\s+on\s+$",
                                  re.I)


def _asks_the_rest_of_the_month(m: re.Match) -> bool:
    """Is the phrase `m` "this month" in an English question of a plan (_MONTH_PLAN, _ON_BEFORE_THE_MONTH) in no past
    form (AskedDays.plan_of_the_rest)? Its whole month is read, as any "this month" of no past is, its days from
    today on as days to come; but the notes dated in its days gone vote less (retrieve._gone_days_lowered): the
    month's journals so far outranked a to-do list's tasks due later in it (a homeowner's vault asked on 7 Dec:
    `todo house.md` 4th below the journals of 1 to 6 Dec). Not "what did I do this month?", "how much did I spend
    this month?" (its days gone), "what's the gas bill this month?" (no plan's word)."""
    if ((m.group("month") or "").lower() != "this" or not _of_days_under_way(m)
            or _past_form(m.string)):
        return False
    on_before = _ON_BEFORE_THE_MONTH.search(m.string, max(0, m.start() - _WORD_BEFORE), m.start())
    return bool(_MONTH_PLAN.search(m.string) or on_before)


def _coming_weekdays(m: re.Match) -> bool:
    """Is the English weekday phrase `m` ("on Thursday", "on Monday and Friday"; not "last Friday") of a question
    about what is planned (_PLANNED_FORM) in no past form (_PAST, _PAST_ED, _PAST_IRREGULAR), or of a yes/no one in
    the present whose plain subject's plan or state it follows (_YES_NO_COMING, no past after it) or whether an
    appointment is on the weekday that ends it (_YES_NO_ON: "is physio on Thursday?"): the coming days, not the last
    ones?"""
    question = m.string
    if m.group("bareday"):  # "anything scheduled for wednesday?", "am I free thursday?": a plan's form, no past one;
        # after "for" the coming one, as "for this weekend" is (_resolve): "what's the agenda for monday?", "dress code
        # for friday?", "any meetings booked for monday morning?" (the past one read a day of notes gone: review; in a
        # told past, "what did I buy for sunday?", none: _day_phrases)
        if _after_for(m):
            return True
        if _YES_NO_COMING.fullmatch(question, 0, m.start()):
            return not _past_form(question[m.end():])
        return bool(_PLANNED_FORM.search(question)) and not _past_form(_without_days(question, [m]))
    if not m.group("weekday") or not m.group(0).lower().startswith("on") or _LAST.search(m.group(0)):
        return False
    if _YES_NO_COMING.fullmatch(question, 0, m.start()):
        return not _past_form(question[m.end():])
    if _YES_NO_ON.fullmatch(question, 0, m.start()) and _QUESTION_END.fullmatch(question, m.end()):
        return True
    return bool(_PLANNED_FORM.search(question)) and not _past_form(_without_days(question, [m]))


def _without_days(question: str, days) -> str:
    """`question` with the text of each of `days` (matches, in order) blanked, so that a past is looked for outside
    them (_past_form): a day's own "sat" is no past of "sit" ("what's on sat?", "anything on sat?" read the Saturday
    gone: qdays6; "what did we take sat 28th" is a past by its "did": fixQD5). Its length kept, the words beside
    a verb are where they were (_WORD_BEFORE); one pass over the question."""
    parts, end = [], 0
    for day in days:
        parts += [question[end:day.start()], " " * (day.end() - day.start())]
        end = day.end()
    return "".join(parts) + question[end:]


def _asks_ahead_of_a_date(question: str, start: int, end: int, past: bool) -> bool:
    """Does `question`, of no past form (`past`: _past_form), ask ahead of the month or the yearless day written at
    `start`-`end` (its preposition in it: "in January", "for Jan 12")? Narrower than a weekday's (_coming_weekdays),
    as a month or a day read ahead moves a year (futuremonth's review): a plan's form right before it, its subject
    and one verb between at most (_PLAN_BEFORE_DATE: "what do I have in january?", "what's due in jan?", "what am I
    doing in march?", "anything planned for february?", "what will I do in january?"; not "what should I remember
    about the trip in january?"), a yes/no one in the present of a plain subject's plan or state right before it
    (_YES_NO_COMING: "is Chloe babysitting in January?"), or whether an appointment of one word is in it, ending the
    question ("is physio in January?"; not "is it cold in january?", "is the balance positive in january?")."""
    if past:
        return False
    if _YES_NO_COMING.fullmatch(question, 0, start):
        return True
    if _YES_NO_ON_ONE.fullmatch(question, 0, start) and _QUESTION_END.fullmatch(question, end):
        return True
    return (_PLAN_BEFORE_DATE.search(question, max(0, start - 2 * _WORD_BEFORE), start) is not None
            or _asks_when_a_trip_is(question, start))


# when or what time a trip or an appointment is, a place or a person it goes to between it and the date: "what time
# is the train to munich in january?", "when is the ICE to Munich in January?", "when's the flight from Lisbon on Jan
# 12?", "what time is the meeting with Anna in February?" (_asks_when_a_trip_is; _PLAN_BEFORE_DATE allows no "to")
_WHEN_IS_TRIP = re.compile(_WHEN_IS + r"\s+(?:to|from|for|at|with)\s+[\w'’-]+(?:\s+[\w'’-]+)?\s+$", re.I)


def _asks_when_a_trip_is(question: str, start: int) -> bool:
    """Does `question` ask, in the present, when or what time a trip or an appointment to or from somewhere is, right
    before the month or yearless day at `start` (_WHEN_IS_TRIP)? A timetable's question is of one to come: asked in
    December, "what time is the train to munich in january?" read the January gone, as "what am I doing in January?"
    does not (askcaps)."""
    return _WHEN_IS_TRIP.search(question, max(0, start - 2 * _WORD_BEFORE), start) is not None


# a plan of someone's in a question (_the_calendars): "will", "going to", or a subject's progressive or state after
# "is"/"are" ("is Chloe babysitting…", "what is Keller doing…", "who is on call…", "is Priya off…", "is Tom coming…");
# "what is in the email about tomorrow?" has no subject before its "in", and a present of speech, thought or wish
# ("what does Keller say about next week?") no plan's form at all
_PLANS_SUBJECT = (r"(?:i|we|you|he|she|they|it|anyone|someone|everyone|anybody|somebody"
                  r"|(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?|(?:the|my|our|his|her|their|your)\s+[\w'’-]+)")
_PLAN_STATE = (r"(?:(?!" + _ING_NOUN + r")\w{2,}ing|on\s+(?:call|duty|leave|holiday|shift|(?:the\s+)?rota)"
               r"|off|away|out|home|back|free|busy|available|around|in|at)\b")
_PLAN_OF_SOMEONE = re.compile(
    r"\b(?:will|won['’]t|gonna|going\s+to)\b|\w['’]ll\b"
    r"|\bwho(?:\s+(?:is|are)|['’](?:s|re))\s+(?:" + _LOWER_NAME_AFTER_WHO + r"(?=(?!" + _ING_NOUN + r")\w{2,}ing\b))?"
    + _PLAN_STATE
    + r"|(?:\b(?:is|are)(?:n['’]t)?|\b(?:what|where|when|how|why)['’](?:s|re))\s+" + _PLANS_SUBJECT + r"\s+" + _PLAN_STATE
    + r"|" + _HAVE_GOT  # "what's he got on Monday?", "who's got the kids on Friday?", "has Tom got football…"
    + r"|" + _WHOSE_IS_IT,  # "whose weekend is it next weekend?" (qdays4)
    re.I)
# ... and never one of speech, thought or wish: its day is the words' ("who's saying what about tomorrow?", "what does
# Wolfgang want to eat tomorrow?", "what does Li Hua plan to do tomorrow?": a message's tomorrow, review of aheadwho)
_SAID_OR_WISHED = re.compile(
    r"\b(?:say|tell|think|suggest|propose|want|mention|write|ask|plan|hope|wish|reckon|believe|expect|claim|prefer"
    r"|recommend|intend|mean|email|text|message)(?:s|es|ing|ning)?\b|\b(?:writing|proposing|hoping)\b", re.I)
# who did a thing on a day, in the past, the day ending the question ("who burnt themselves last week?", "who did the
# deep clean on friday?", "who broke the mixer yesterday?"; not a state, "who was run director on the 26th?", qnth):
# the asker's record of that day (a kitchen's, a carer's log), which says "Sam burnt his hand" dated so; a day, a
# weekend or a week only (_of_a_week_at_most); not a question of words said, thought or wished, whose day may be the
# message's ("who suggested pizza tonight?", "who said they'd come last week?"; _SAID_OR_WISHED and its pasts), nor
# one whose verb has another subject ("who did he meet last week?"), nor one in the present ("who proposes that the
# band takes a break this week?": a message's week), nor a birth's day, of any year ("who was born on the 19th?")
# (qdays5: "who won the match on saturday?", "who had the kids last weekend?" were left unread by qdays4 "as before")
_WHO_DID = re.compile(r"\W*who\s+(?:did|had|got|" + _PAST_ED_WORD + r"|burnt|cut|hurt|broke|dropped|spilt|"
                      + _PAST_IRREGULAR_WORDS + r")\b", re.I)
_SAID_OR_WISHED_PAST = re.compile(
    r"\b(?:said|told|thought|suggested|proposed|wanted|mentioned|wrote|asked|planned|hoped|wished|reckoned|believed"
    r"|expected|claimed|preferred|recommended|intended|meant|emailed|texted|messaged|promised|agreed|offered|invited"
    r"|replied|answered|announced|complained|shared|posted|congratulated|informed|reminded)\b", re.I)
# ... nor a booking's, whose day may be the one booked ("who booked the room in January?": futuremonth)
_BOOKED_BY_WHO = re.compile(r"\b" + _PLAN_PARTICIPLES + r"\b", re.I)
_ANOTHER_SUBJECT = re.compile(r"\b(?:he|she|they|you|i|we|born)\b", re.I)  # (and a birth's: not another subject)
# ... a subject named in lower case after the auxiliary ("who was maya playing…", "who did tom call…"): not "who did
# the deep clean…", "who did a double shift…"
_SUBJECT_AFTER_WHO = re.compile(r"\W*who\s+(?:(?:was|were)\s+[\w'’-]+\s+\w+ing\b|did\s+(?!(?:the|a|an|this|that|these"
                                r"|those|his|her|their|its|my|our|your|some|any|all|every|each|no|both)\b)\w+\s+\w)",
                                re.I)

# Three checks of a question's past answer three questions (qdays: each in place of another changes readings, 7 to
# 9 of a table of 40 questions and tests of test_qdays / test_written_spans; so they are not one):
# - _told_past: a past its auxiliary or "went" / "happened" tells, not a plan's ("what did I do this week?", not "what
#   did I plan…"). A period under way ("what got done this week?", "who called me today?": their days to come still
#   read, as nowdays made them; past_tense would read them past), "this weekend" and "on the weekend" (the one
#   gone) ask no more.
# - _past_form: any verb in a past form, a plan's too: a coming weekday needs none ("what did I plan on Friday?" is
#   the Friday gone: fixN2), and a participle after "be" is none ("what's planned…", "is the bin collected…").
# - past_tense: the question's own time is gone (a yearless span or day written is last year's, not coming: fixS2):
#   _told_past, or _past_form in a question of no present or future form ("who cooked from Dec 20 to Dec 24?"; not
#   "are we closed 24-26 December?", "what did I plan from Dec 21 to Jan 4?").


def _told_past(question: str) -> bool:
    """Is `question` in a past its auxiliary or "went" / "happened" tells (_PAST), not a plan's (_PLANNED: "what did I
    plan to do…", "what was I going to cook…")?"""
    return bool(_PAST.search(question)) and not _PLANNED.search(question)


def _past_form(question: str) -> bool:
    """Is a verb of `question` in a past form: "did", "was", "happened" (_PAST), a past in "-ed" or an irregular one
    (_PAST_IRREGULAR: met, sent, ate) not after a form of "be" ("who cooked…", not "what's planned…"), nor a plan's
    participle of now (_plans_now: "is the boiler service booked for Jan 12?", "anything planned for February?"), nor
    a "got" after "have" (_have_got: "what have I got on Friday?")?"""
    return bool(_PAST.search(question)) or any(
        not _BE_BEFORE.search(question, max(0, e.start() - _WORD_BEFORE), e.start()) and not _plans_now(question, e)
        and not _have_got(question, e)
        for form in (_PAST_ED, _PAST_IRREGULAR) for e in form.finditer(question))


def _have_got(question: str, e: re.Match) -> bool:
    """Is the verb `e` British "have got" for "have" (_HAVE_GOT: "what have I got on Friday?", "has Tom got…"), not
    "got" of a past ("what have I got back…", "what's got into him…": _GOT_OF_A_PAST)? Its "have" is looked for in
    the words right before it (_WORD_BEFORE: a search from the question's start, for each "got", was quadratic)."""
    return (e.group().lower() == "got"
            and _HAVE_BEFORE.search(question, max(0, e.start() - _WORD_BEFORE), e.start()) is not None
            and not _GOT_OF_A_PAST_AFTER.match(question, e.end()))


def _plans_now(question: str, e: re.Match) -> bool:
    """Is the verb `e` a plan's participle (_PLAN_PARTICIPLE) of a present: after "anything", "something", "nothing"
    ("anything planned for February?") or a perfect's "have" ("what have I booked for January?"), or in a question
    opening with "is" or "are" ("is the boiler service booked for Jan 12?", "am I booked on Friday?"), not a past's
    ("who booked the room…") nor a relative clause's, its subject before it ("is the hotel I booked in March
    refundable?", "anything I booked in march?": futuremonth's review)? (futuremonth)"""
    if not _PLAN_PARTICIPLE.fullmatch(e.group()):
        return False
    before = max(0, e.start() - _WORD_BEFORE)
    if _PLAN_PARTICIPLE_LEAD.search(question, before, e.start()):
        return True
    subject = _SUBJECT_BEFORE.search(question, before, e.start())
    if subject and (subject.group(1) or "").lower().replace("’", "'") not in _BE_OPENINGS:
        return False  # "the hotel I booked", "something we planned": a clause's past; not "am I booked"
    return _PRESENT_OPENING.match(question) is not None


def past_tense(question: str) -> bool:
    """Does `question` ask of a time gone: "did", "was", "happened" (_PAST), or a past in "-ed" (_past_form) in a
    question of no present or future form (_PLANNED_FORM: "are we closed…", "who is booked…" are not), and not of a
    plan (_PLANNED, as for a period under way: "what did I plan…" is of the coming days)? A yearless span written
    out is the one beginning within the coming month only in a question that does not (dayspans.COMING_SPAN_DAYS).
    English only, as _of_days_under_way: a German question's "was" is "what" (_GERMAN_WAS)."""
    if _GERMAN_WAS.search(question):
        return False
    return _told_past(question) or (_past_form(question) and not _PLANNED_FORM.search(question)
                                    and not _PRESENT_OPENING.search(question) and not _PLANNED.search(question))


# a question opening with a present or future form asks of now or to come: "are we closed 24-26 December?" (its
# "closed" is no past: fixN2 made a bare "are" no plan form, which had kept the span ahead), "isn't the office
# closed…"
_PRESENT_OPENING = re.compile(r"^\W*(?:is|are|am|do|does|will|shall|can)(?:n['’]t)?\b", re.I)
# a plan's participle, its subject between it and the "is" or "are" opening the question: "is the boiler service
# booked for Jan 12?", "are the flights booked on Friday?" (a passive of now, no past: _past_form; futuremonth)
_PLAN_PARTICIPLE = re.compile(_PLAN_PARTICIPLES, re.I)
_PLAN_PARTICIPLE_LEAD = re.compile(r"(?:\b(?:anything|something|nothing)|\b(?:have|has)(?:\s+(?:i|we|you|they|he|she))?"
                                   r"|['’]ve)\s+$", re.I)
# ... a pronoun subject right before it, and the word before that (_plans_now): "the hotel I booked" is a clause's
# past, "am I booked" a question's present (_BE_OPENINGS)
_SUBJECT_BEFORE = re.compile(r"(?:([\w'’]+)\s+)?\b(?:i|we|you|he|she|they)\s+$", re.I)
_BE_OPENINGS = {"am", "is", "are", "isn't", "aren't"}
# a German question's "was" ("what"), told by the German verb after it: "Was gibt es am 20. Dezember?", "Was hatte ich
# …", "Was war …"; of the languages asked, German alone shares a word with _PAST
_GERMAN_WAS = re.compile(r"\bwas\s+(?:gibt|gab|ist|war|waren|sind|hat|hatte|habe|hab|haben|hast|steht|stand|kommt"
                         r"|kam|mache|machte|machst|macht|passiert|passierte|soll|muss|kann|wird|wurde|läuft|lief)\b",
                         re.I)


# a list of weekdays after "last" ("last Sat and Sun", "samedi et dimanche derniers", "letzten Samstag und Sonntag",
# "el sábado pasado y el domingo", "el sábado y el domingo pasados", "el pasado sábado y domingo"): none of its days
# is today
_LAST = re.compile(r"\b(?:last|letzten|vorigen|derniers?|pasados?)\b", re.I)


def first_person(text: str, spanish: bool = False) -> bool:
    """`text` speaks in the first person (_FIRST_PERSON); a `spanish` one
    by its verb too, with no pronoun (_SPANISH_FIRST_PERSON: "¿Cuándo vi a
    Priya por última vez?")."""
    return bool(_FIRST_PERSON.search(text) or (spanish and _spanish_first_person(text)))


def _spanish_first_person(text: str) -> bool:
    """A Spanish `text` in the first person by its verb (_SPANISH_FIRST_PERSON), not by a name or a
    noun so ending: a capitalised "-é" / "-í" word after the question's first is a name ("¿Qué hizo
    Noé ayer?", "¿Qué pasó en Haití ayer?"), an "-amos" / "-imos" word after a number, an article, a
    quantifier or "de" a noun ("¿Cuántos gramos de azúcar comió Ana ayer?")."""
    for m in _SPANISH_FIRST_PERSON.finditer(text):
        if m.group("preterite") and m.group()[0].isupper() and text[:m.start()].strip(" \t¿¡"):
            continue
        if m.group("we") and _SPANISH_COUNTED.search(text, 0, m.start()):
            continue
        return True
    return False


@dataclass(frozen=True)
class Someone:
    """Whom a question's day is of when not the asker's (_whose_time): `kind` "name" (`words`: "Keller", "Prof.
    Keller"), "who" ("who"), "pronoun" ("he", "sie"), "subject" ("the band") or "quote" (the day is quoted: a
    note's)."""

    kind: str
    words: str


_A_QUOTE = Someone("quote", "")


def _whose_time(question: str, m: re.Match, person=None) -> Someone | None:
    """Whom the question's day `m` is of: None when the asker's own (module docstring; `person`: asked_days), else
    the someone else it speaks of (_someone_else), or _A_QUOTE ("did I write 'sick yesterday'?": the quoted note's)."""
    if any(q.start() < m.start() < q.end() for q in _QUOTED.finditer(question)):
        return _A_QUOTE
    rest = question[:m.start()] + " " + question[m.end():]
    if first_person(_QUOTED.sub(" ", _without_weekday_pronouns(rest, m.start(), _language(m))),
                    spanish=bool(_SPANISH.match(m.group(0)))):
        return None
    return _someone_else(rest, opens=m.start() > 0, german=bool(_GERMAN.match(m.group(0))), person=person)


# A short weekday spelled as a first person's word of another language: English `Mon` (French "mon"), German `Mi`
# (Spanish "mi"). Capitalised, after "on" / "am" or beside the question's day phrase ("what did Keller say on Mon
# last week?", "Mon last week", "am Mi letzte Woche"), it is the weekday, no one's "my", unless the day phrase is of
# the pronoun's language ("Mon lundi dernier …", "Mi sábado pasado …"): {word: the pronoun's language}
_WEEKDAY_PRONOUNS = {"Mon": "fr", "Mi": "es"}
_WEEKDAY_PRONOUN = re.compile(rf"(?<![\w'’])(?:{'|'.join(w for k in _WEEKDAY_PRONOUNS for w in (k, k.upper()))}"
                              r"|mon)\.?(?!\w)")
_DAY_AFTER = re.compile(r"(?i:\b(?:on|am)\s+)$")
# ... and "mon" in lower case after "on" alone, as _PHRASE reads it ("what did Keller say on mon last week?"): anywhere
# else it is French's "my"
_ON_BEFORE = re.compile(r"(?i:\bon\s+)$")


def _without_weekday_pronouns(rest: str, gap: int, language: str) -> str:
    """`rest` (a question without its day phrase, which stood at `gap`; the phrase in `language`) with each short
    weekday that is a pronoun's word elsewhere (_WEEKDAY_PRONOUNS) blanked where it is a weekday: after "on" / "am",
    or with nothing but blanks and commas between it and the day phrase."""
    def blank(w: re.Match) -> str:
        if _WEEKDAY_PRONOUNS[w.group(0).rstrip(".").title()] == language:
            return w.group(0)
        if w.group(0).islower():
            after_on = _ON_BEFORE.search(rest, max(0, w.start() - _WORD_BEFORE), w.start())
            return " " * len(w.group(0)) if after_on else w.group(0)
        beside = (not rest[w.end():gap].strip(" \t,") if w.end() <= gap
                  else not rest[gap:w.start()].strip(" \t,"))
        return " " * len(w.group(0)) if beside or _DAY_AFTER.search(rest, 0, w.start()) else w.group(0)
    return _WEEKDAY_PRONOUN.sub(blank, rest)


def _someone_else(text: str, opens: bool = True, german: bool = False, person=None) -> Someone | None:
    """Whom `text` (a question without its day; `opens`: its first word is the
    question's) speaks of other than the asker: one it names, he, she or
    they, who it asks about, or a verb's own subject ("did the band …"). None for a question of no one else
    ("what happened at work?", "anything about the garden?", "meetings?"): the asker's.
    A `german` question (its day is German) capitalises its nouns: "Was war
    gestern im Büro?" names no one: a name is told as a verb's subject ("Was
    hat Priya gestern gesagt?"), a person the index knows or a name after
    "mit" (_german_name: "Priya gestern?"). A name is said before a pronoun ("what did Keller say about his
    paper?": Keller)."""
    named = _german_named(text, person) if german else _named(text, opens, person)
    if named is not None:
        return Someone("name", named)
    pronoun = _THIRD_PERSON.search(text)
    if pronoun is not None:
        return Someone("who" if pronoun.group(0).lower() in _WHO else "pronoun", pronoun.group(0))
    subject = (next((s for s in _SUBJECT.finditer(text) if not _no_one_of_a_subject(s.group("subject"), text, person)),
                    None) or (_GERMAN_SUBJECT.search(text) if german else None))
    return Someone("subject", subject.group("subject")) if subject is not None else None


# the capitalised words after a name that are of it: "Prof. Keller", "Li Hua"
# (a place's too, "St. Louis": the reason UnreadDays says quotes it whole, not "St"); words of letters only, whole
# ("Ms Patel Y9", "Dr Smith2", "Flight BA117": no "Ms Patel Y", "Dr Smit" from a word cut short)
_NAME_GOES_ON = re.compile(r"(?:(?:(?<=Dr)|(?<=Mr)|(?<=Mrs)|(?<=Ms)|(?<=Prof)|(?<=St)|(?<=Mt))\.)?"
                           r"(?:[ \t]+[A-Z][^\W\d_]*(?!\w))*")
# a word of a question (_named), letters and digits together; a number is no word (as before), a code is one but no
# one's name: its capital was read as a name as its letters alone were ("what did 11X do last Thursday?": "X", "C" of
# 9C, qateach). A code opens with digits (11X, 9C, 10B, "at 3PM", 2FA) or is a year group or a room's, a flight's
# number (Y9, Y10, B204, BA117); a capital and a digit or two may be a name as well (U2, G7, MI5, UB40, R2D2, W3C,
# room S4: as before), "Tom2" is one
_QUESTION_WORD = re.compile(r"[^\W_]+(?:['’]s\b)?")
_NUMBER = re.compile(r"\d+")
_CODE = re.compile(r"(?:\d[A-Z\d]*|Y\d|[A-Z]\d{2,}|[A-Z]{2}\d{3,})(?:['’]s)?")


def _named(text: str, opens: bool, person=None) -> str | None:
    """The name an English `text` writes (_someone_else): a word with a capital other than the first word's first
    letter, or a first word that is possessive ("Priya's plans this week?"), no day nor month nor a firm's or a
    train's abbreviation (_an_abbreviation); None if none."""
    words = (w for w in _QUESTION_WORD.finditer(text) if not _NUMBER.fullmatch(w.group(0)))
    for i, w in enumerate(words, start=0 if opens else 1):
        word = w.group(0)
        if _CODE.fullmatch(word):
            continue  # a code is the first word as any word is ("11X Priya feedback?" names Priya)
        base = re.sub(r"['’]s$", "", word)
        if _a_calendar_word(text, base):
            continue  # "Monday's meeting", "on Tuesdays", "on Mon": a day, no one
        if _an_abbreviation(base, text, person):
            continue  # "the ICE to Munich", "what did KSK charge": a train's, a firm's, no one's
        # the first word's capital is the sentence's ("Meetings this week?"), unless it is a possessive
        # ("Priya's plans this week?"; "What's new?" is a contraction)
        if any(c.isupper() for c in (base[1:] if i == 0 else base)) or (
                i == 0 and base != word and base[0].isupper() and base.lower() not in STOPWORDS | {"let"}):
            if base == word:  # its run of capitalised words ("Prof. Keller"), a possessive's word alone
                base += _NAME_GOES_ON.match(text, w.end()).group(0)
            return re.sub(r"['’]s$", "", base)
    return None


# a word of capitals alone, 2 to 4 of them: a train's, an airline's, a bank's or a firm's abbreviation (ICE, DB, BA,
# KSK, TK, "LH 2490") far more often than a person's (askcaps: an expat's and a club's vaults)
_ABBREVIATION = re.compile(r"[A-Z]{2,4}")
# ... but a country's or a city's is a place, as "St. Louis" is, its day another's ("Was the US office closed
# yesterday?", test_askday)
_PLACE_ABBREVIATIONS = frozenset("US USA UK EU UN UAE NYC DC".split())
# the groups an asker acts in, "the club", "the team", "the committee": a club's or a team's shared notes write what
# it did as a journal writes what "I" did ("how much did the club pay for the hall in November?": askcaps); not
# "the band" (a message base's band of friends, LiHua's: test_unread_days) nor a role ("the plumber", "the
# treasurer": a person, as "Keller" is: test_futuremonth)
_OWN_GROUPS = frozenset("club team committee board society association squad crew household".split())


def _an_abbreviation(word: str, text: str, person=None) -> bool:
    """Is `word` of `text` an abbreviation of capitals (_ABBREVIATION: "ICE", "DB", "KSK"), no person the index knows
    (`person`: initials such as "JD" may be one), in a question of no speech, thought or wish (_SAID_OR_WISHED: "what
    did NASA say yesterday?" asks a message's yesterday, as "what did Keller say…" does)? Its time is the asker's
    notes' ("what time is the ICE to munich in january?" was about someone else: askcaps)."""
    return (_ABBREVIATION.fullmatch(word) is not None and word not in _PLACE_ABBREVIATIONS
            and not (person is not None and person(word))
            and not _SAID_OR_WISHED.search(text))


def _no_one_of_a_subject(subject: str, text: str, person=None) -> bool:
    """Is a verb's own subject (_SUBJECT: "the club", "the DB") one of the asker's own groups (_OWN_GROUPS) or an
    abbreviation (_an_abbreviation), in a question of no speech, thought or wish: no one else ("how much did the club
    pay for the hall in November?", "did the DB train leave late yesterday?")?"""
    noun = subject.split()[-1]
    if _an_abbreviation(noun, text, person):
        return True
    return noun.lower() in _OWN_GROUPS and not _SAID_OR_WISHED.search(text)


def _german_named(text: str, person=None) -> str | None:
    """The name a German `text` writes (_someone_else): an auxiliary's subject written with a capital ("Was hat
    Priya gesagt?") or _german_name's; None if none."""
    said = _GERMAN_SUBJECT.search(text)
    if said is not None and said.group("name"):
        return said.group("name")
    return _german_name(text, person)


def _german_name(text: str, person=None) -> str | None:
    """The capitalised word of German `text` that names someone, None if none: `person(word)`
    (the index knows it as one), or it follows "mit" and is no noun
    ("mit Anna"; _GERMAN_NOT_NAMES). Any other capital is a noun: German
    capitalises them all, and a short one ("Yoga gestern?", "Umzug
    gestern?", "bei Siemens") looks like a name."""
    for w in re.finditer(r"(?<![\w-])[A-ZÄÖÜ][^\W\d_]*(?:['’]s)?(?![\w-])", text):
        word = re.sub(r"['’]s$", "", w.group(0))
        if word.isupper() or _a_calendar_word(text, word) or _GERMAN_DETERMINER.search(text[:w.start()]):
            continue  # an acronym ("ADAC"), a day, a noun after its article ("im Büro", "der Chef")
        if person is not None and (person(word) or (word.endswith("s") and person(word[:-1]))):
            return word  # "Priyas Tag": Priya's
        low = word.lower()
        if _WITH.search(text[:w.start()]) and not (
                low in _GERMAN_NOT_NAMES or low.removesuffix("s") in _GERMAN_NOT_NAMES
                or _GERMAN_NOUN_END.search(low) or len(low) > 10):
            return word  # "Was war gestern mit Anna?": one asks with whom, not with what
    return None


# "mit" before a name: the one cue that a capital is someone's ("bei Siemens" is a company's, "von" a sender's
# or a thing's)
_WITH = re.compile(r"(?i:\bmit\s+)$")


def _writes_a_date(question: str) -> bool:
    """The question writes a date ("on Tuesday, April 21, 2026", "in May",
    "2026-04-21", "202604"): searched as written, it is that date's."""
    from minirag_cli.text import date_terms, find_dates, partial_compact_dates

    # any year stands for a date written without one ("April 21"): date_terms gives it no term without
    return bool(find_dates(question) or partial_compact_dates(question) or date_terms(question, ["2000"]))


# two ordinals together are a list or a range of things ("the 2nd and 3rd books", "the 19th and 20th
# centuries", "the 2nd or the 3rd"), not one day of the month
_ORDINALS = re.compile(r"(?<!\w)\d{1,2}(?:st|nd|rd|th)(?:\s*[,&/–—]\s*|\s+(?:and|or|to|through|thru)\s+)"
                       r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?!\w)", re.I)
_ON = re.compile(r"\bon\s+$", re.I)
# an ordinal that counts, not a day: "on the 5th in a row" (its "in" is no preposition of a day), and a
# bare ordinal that answers an ordinal counting a noun before it, "my 3rd run or the 4th?", "the 3rd try
# or the 4th?", "my 5th run compared to the 4th" (the noun is left out the second time, not a month)
_IN_A_ROW = re.compile(r"\s*in\s+(?:a\s+row|succession)\b", re.I)
_COUNTED = re.compile(r"(?<!\w)\d{1,2}(?:st|nd|rd|th)\s+(?!(?:at|in|on|with|when|while|during|for|of|and|or|to"
                      r"|through|thru)\b)[^\W\d_]+\b[^.;!?]*?\b(?:or|than|to|vs\.?|versus)\s+$", re.I)


def _a_day_of_the_month(question: str, m: re.Match) -> bool:
    """An ordinal _PHRASE read (its `dom`) is a day: it ends the question
    or a clause ("on the 21st?", "the 21st, at work"), or is one "on the
    21st" followed by a preposition ("on the 2nd at work"); not "the 5th
    at the race", not one of two ordinals (_ORDINALS) and not a count
    ("on the 5th in a row", "my 3rd run or the 4th": _IN_A_ROW, _COUNTED)."""
    if re.match(r"\s*\w", question[m.end():]) and not _ON.search(question[:m.start()]):
        return False
    if _IN_A_ROW.match(question, m.end()) or _COUNTED.search(question[:m.start()]):
        return False
    return not any(p.start() <= m.start("dom") < p.end() for p in _ORDINALS.finditer(question))


# a word before "last N days" that makes them someone's own count, not the days up to today: "my last 3 days in
# Paris", "Anna's last 2 weeks", "the trip's last 3 days", "our first … and last 2 weeks"
_OWN_COUNT = re.compile(r"\b(?:my|our|your|his|her|their|its|those|\w+['’]s|and|or)\s+$", re.I)
# "past N days" without "the" is the days up to today after a preposition of time alone ("what did i eat in past 3
# days"): else it is beyond them, "which invoices are past 30 days?", "went past 3 days overdue"
_TIME_PREPOSITION = re.compile(r"\b(?:in|over|during|within|throughout|for)\s+$", re.I)


def _of_the_asking_day(question: str, m: re.Match) -> bool:
    """Are the days "last N days / weeks" (_PHRASE's rollcount; "next N days" alike) the asker's: no possessive nor a
    list's join before them (_OWN_COUNT: "my last 3 days in Paris" are a stay's), and a bare "past N days" after a
    preposition of time (_TIME_PREPOSITION: "invoices past 30 days" are overdue ones)?"""
    before = max(0, m.start() - _WORD_BEFORE)
    if m.group(0)[:4].lower() == "past" and not _TIME_PREPOSITION.search(question, before, m.start()):
        return False
    return not _OWN_COUNT.search(question, before, m.start())


# after a weekday: the month it is of, "the last friday of november", "the last Mon of the month" (a day of that
# month, not the latest such weekday: a capitalised month is a date written, which left it unread, a lower-case one not)
# (not a possessive's, "on friday of jan's party": Jan's)
_OF_A_MONTH = re.compile(r"\s+of\s+(?:the\s+month|" + MONTH_ALT + r")\b(?!['’])", re.I)


def _ambiguous_day(question: str) -> AskedDays | None:
    """The two days the one ambiguous slashed day `question` writes may be (text.ambiguous_slashed_days:
    `05/06/2027`, May 6 or 5 June 2027), searched both (dates7: it read none) and said so as the days read
    (SearchResult.days); None for none or several. Written, it is no one's time: not checked as _whose_days does."""
    from minirag_cli.text import ambiguous_slashed_days

    found = ambiguous_slashed_days(question)
    if len(found) != 1:
        return None
    m, *readings = found[0]
    days = sorted(dt.date(*r) for r in readings)
    return AskedDays(m.group(0), days[0], days[-1], m.span(), dates=tuple(days), written=True)


def asked_days(question: str, today: dt.date | None, person=None) -> AskedDays | None:
    """The days `question` asks about, read against `today` (the asking day);
    None when it names none the module resolves, or `today` is None.
    `person(word)`: the index knows the word as a person (store.is_person),
    which tells a name in a German question."""
    read = read_days(question, today, person)
    return read if isinstance(read, AskedDays) else None


def read_days(question: str, today: dt.date | None, person=None) -> AskedDays | UnreadDays | UnreadSpan | None:
    """The days `question` asks about (asked_days), or, when its day is of
    someone else (module docstring: "what did Keller say last week?"), the
    days it would be and why it is not read (UnreadDays), or None."""
    if today is None:
        return None
    spelled = _spelled_span(question, today)
    if isinstance(spelled, AskedDays):
        return spelled
    read = _month_part_days(question, today, person) or _read_words(question, today, person)
    return spelled if read is None else read  # a span not read is said so when nothing else is read


def _day_phrases(question: str, today: dt.date) -> list[re.Match]:
    """The phrases _PHRASE finds in `question` that are days: not German's "hier", a bare French day in a French
    question alone, not "the 5th at the race", "my last 3 days", "my next 2 weeks", "the last week of the project",
    "the last friday of november", nor "on the weekend" but in a past tense. A written span (_spelled_span) yields to
    these alone."""
    # once for the question, not for each phrase (a long question was quadratic)
    one_past, told_past = _of_one_past_time(question), _told_past(question)
    past_form = cache(lambda: _past_form(question))  # for a "for <month>" alone, once
    past_but_sat = cache(lambda: _past_form(_without_days(question, _SAT_AND_DAY.finditer(question))))  # not "sat"
    found = [m if not (m.group("dayweek") and past_form()) else _without_the_week(m)
             for m in _PHRASE.finditer(question)]
    read = [m for m in found
             if m is not None and (m.group(0).lower() != "hier" or _FRENCH.search(question))  # German "hier" is "here"
             # "what did I buy for sunday?", "what did I prepare for monday?": the Sunday gone or the coming one, either;
             # none read, as before bare weekdays were
             and not (m.group("bareday") and told_past and _after_for(m))
             and not (m.group("wdom") and not m.group("wdomlead") and _unled_day_not_said(question, m, past_but_sat))
             # "lundi" is French's "on Monday" in a French question; "le lundi" is every Monday
             and (not _BARE_FRENCH_DAY.match(m.group(0))
                  or (_FRENCH.search(question) and not re.search(r"\ble\s+$", question[:m.start()], re.I)))
             and (not m.group("dom") or _a_day_of_the_month(question, m))
             and (not m.group("rollunit") or _of_the_asking_day(question, m))
             # "the next 2 weeks" are the asker's days to come, not "my next 2 weeks in Paris", nor, in a past tense
             # but a plan's, the days after another time ("what did we do the next few days?")
             and (not _from_today(m) or (_of_the_asking_day(question, m) and not (told_past and not _planned(m))))
             # "the last week of the project" is the project's ("the past month of training" the days up to today)
             and not (m.group("rolling") and _LAST.search(m.group(0)) and _OF.match(question, m.end()))
             # "the past year's budget": a noun's year, as "the last 2 months' bills" (_counted)
             and not ((m.group("rolling") or "").lower() == "year" and _OWNS.match(question, m.end()))
             and not (m.group("weekday") and _OF_A_MONTH.match(question, m.end()))
             and (not m.group("isoweek") or (m.group("weeklead") and not m.group("weekshort"))
                  or _a_bare_week(question, m))
             # "for February" is a plan's month to come ("anything planned for February?"), else as often a
             # thing's, a budget's or a rent's that may be paid in another month ("what did I pay for March?"): not
             # read, nor one beyond AHEAD_MONTHS ("what's planned for October?" asked in December)
             and ((m.group("monthlead") or "").lower() != "for"
                  or (_within_ahead(MONTH_WORDS[m.group("monthname").lower()[:3]], today)
                      and _asks_ahead_of_a_date(question, m.start(), m.end(), past_form())))
             # (nor beside a weekday named, "Mon-Fri and at the weekend": neither was read before, review revA; nor
             # after "about": a topic's weekend, "did I write anything about climbing on the weekend?", revI)
             and (not m.group("theweekend") or (one_past and not _weekday_named(question, m)
                                                and not _ABOUT.search(question, 0, m.start())))
             and (not m.group("thisday") or _this_weekday_read(m, today))]
    # "this <weekday>" beside another day phrase yields to it, as before it was read ("anything this friday or next
    # week?": next week; fixQD6)
    others = [m for m in read if not m.group("thisday")]
    return others or read


# a weekday and its day number without "on" ("takings sat 28th") is read only ending the question or a clause, or before
# a part of the day: not a verb's "my son sat 2nd in his exam", "the dog sat 2nd at crufts" (fixQD5)
_UNLED_DAY_END = re.compile(r"\s*(?:[?!,;:)]|\.(?!\w)|$)|\s+(?:morning|afternoon|evening|night)\b", re.I)
# ... not after a lower-case subject ("who sat 3rd?", "where i sat 2nd"): a verb's
_SUBJECT_BEFORE_A_DAY = re.compile(r"\b(?:i|we|you|he|she|they|it|who|which|that)\s+$", re.I)
# ... nor one of several days joined ("fri 4th and sat 5th", "friday or sat 5th", "fri 4th vs sat 5th", "fri 4th -
# sun 6th", "on fri 4th, sat 5th"): every day asked, none read, as "on fri 18th, sat 19th and sun 20th" (fixQD5)
_DAY_JOINER = r"(?:,|&|[-–—/]|\b(?:and|or|vs|versus|to|through|thru|till|until)\b\.?)"
_A_DAY_WORD = (r"(?:" + _ANY_ENGLISH_DAY + r"|(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b|yesterday|today|tomorrow"
               r"|weekend)")
_DAY_JOINED_BEFORE = re.compile(_A_DAY_WORD + r"\.?\s*" + _DAY_JOINER + r"\s*(?:(?:on|for)\s+)?$", re.I)
_DAY_JOINED_AFTER = re.compile(r"\s*" + _DAY_JOINER + r"\s*(?:(?:on|for)\s+)?(?:the\s+)?" + _A_DAY_WORD, re.I)


# "sat" and a day number in lower case: a verb's in a past told by another word ("what did we take sat 28th")
_SAT_AND_DAY = re.compile(r"\bsat\s+\d", re.I)


def _unled_day_not_said(question: str, m: re.Match, past_but_sat) -> bool:
    """Is the weekday of `m`, with its day number and no "on" ("sat 28th"), no day the question says: not ending a
    clause (_UNLED_DAY_END), a verb's word after a subject ("who sat 3rd?") or a lower-case "sat" in a past told by
    another word ("what did we take sat 28th", "maya came 2nd and sat 3rd": "Sat 28th" is read), or one of several days
    joined (_DAY_JOINED_BEFORE, _DAY_JOINED_AFTER)? Each looks only at the words beside it (_WORD_BEFORE), and the
    past once for the question (`past_but_sat`: a past form in it but its "sat"s; one search for each "sat 28th" was
    quadratic)."""
    before = max(0, m.start() - _WORD_BEFORE)
    return (not _UNLED_DAY_END.match(question, m.end())
            or _SUBJECT_BEFORE_A_DAY.search(question, before, m.start()) is not None
            or (m.group("wdom") == "sat" and past_but_sat())
            or _DAY_JOINED_BEFORE.search(question, before, m.start()) is not None
            or _DAY_JOINED_AFTER.match(question, m.end()) is not None)


def _after_for(m: re.Match) -> bool:
    """Is the phrase `m` right after "for" ("anything for friday?": _BARE_WEEKDAY)?"""
    return _FOR_BEFORE.search(m.string, max(0, m.start() - _WORD_BEFORE), m.start()) is not None


def _without_the_week(m: re.Match) -> re.Match | None:
    """The phrase "on Monday week" (_PHRASE's dayweek) of a past question read without its "week", as before "Tuesday
    week" was read (review of qdays3: a week after a day to come is a plan's day, and a past question's may be
    another's): "what did we decide on monday week?" is "on Monday", the one gone; "what did I do tuesday week?" none."""
    weekday = _PHRASE.match(m.string, m.start(), m.end("dayweek"))
    return weekday if weekday and weekday.group("weekday") else None


# a week number without "in" ("wk 47", "W47", "week 49") is the question's time where it ends the question or a clause,
# its year said or not ("notes from W47?", "what did I do wk 47, at work?", "week 47 2026"), or a preposition follows
# it ("wk 47 at work"); not a noun's ("the W2 form", "Week 1 exercises", "week 2 of the course"), nor one owned or
# counted ("my W2", "the week 3", "each wk 2"), nor a programme's ("week 3, day 2")
_BARE_WEEK_ENDS = re.compile(r"\s*(?:$|[?!;)]|[.,:](?!\s*(?:\d|(?:day|session|lesson|part)\b))|" + _AFTER_A_DAY + ")",
                             re.I)
_BARE_WEEK_OWNED = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its|this|that|each|every|per|\w+['’]s)\s+$",
                              re.I)


def _a_bare_week(question: str, m: re.Match) -> bool:
    """Is the week number `m` reads without a lead (_PHRASE's isoweek: "what did I do wk 47?") the question's time:
    _BARE_WEEK_ENDS after it, none of _BARE_WEEK_OWNED before it?"""
    return bool(_BARE_WEEK_ENDS.match(question, m.end())) and \
        not _BARE_WEEK_OWNED.search(question, max(0, m.start() - _WORD_BEFORE), m.start())


# after "the last week": what it is of, "the last week of the project", "the last year of school"
_OF = re.compile(r"\s+of\b", re.I)
# after "the past year": a possessive, "the past year's budget"
_OWNS = re.compile(r"['’]")
# a plan's past before "the next 2 weeks" (_planned): what was set "for" them ("what did we decide for the next 2
# weeks?", as "for this weekend" is, _resolve), or scheduled, booked, arranged for them ("which tasks were scheduled in
# the next 2 weeks?", "did I book anything in the next 3 months?"); "plan" is _PLANNED's, which _told_past leaves out
_FOR_BEFORE = re.compile(r"\bfor\s+$", re.I)
_BOOKED = re.compile(r"\b" + _PLAN_PARTICIPLES + r"\b"
                     r"|\bdid\s+(?:i|we|you|they|he|she)\s+(?:schedule|book|arrange|reserve|organi[sz]e)\b", re.I)


def _planned(m: re.Match) -> bool:
    """Is the past tense of the question of `m` (days to come) a plan's: "for" just before them or a verb of booking
    (_FOR_BEFORE, _BOOKED)? ("what did I do for the next few days?" is read so too: a plan's or not, it names them.)"""
    return bool(_FOR_BEFORE.search(m.string, max(0, m.start() - _WORD_BEFORE), m.start()) or _BOOKED.search(m.string))


def _rolling_span(m: re.Match) -> bool:
    """Is the phrase `m` "the last N days / weeks / months / hours", "the past fortnight", "the past year" (as "the
    last 12 months"; _PHRASE's rollunit, fortnight, rolling) or their days to come, "the next N days", "the coming
    fortnight" (_from_today)?"""
    return (bool(m.group("rollunit") or m.group("fortnight")) or (m.group("rolling") or "").lower() == "year"
            or _from_today(m))


def _from_today(m: re.Match) -> bool:
    """Is the phrase `m` "the next N days / weeks / months / hours" or "the coming fortnight" (_PHRASE's nextunit,
    nextfortnight): today and the days after it?"""
    return bool(m.group("nextunit") or m.group("nextfortnight"))


def _read_words(question: str, today: dt.date, person=None) -> AskedDays | UnreadDays | None:
    """read_days of the day phrases _PHRASE reads (and an ambiguous slashed day)."""
    found = _day_phrases(question, today)
    if len(found) > 1:  # "which invoices were past 30 days due last month?", "over the last 3 days and yesterday": the
        # other phrase read, as before "the last N days" were (review of qread)
        found = [f for f in found if not _rolling_span(f)]
    if len(found) > 1 or (any(f.group("previousweek") for f in found) and _writes_a_date(question)):
        # "what happened in March, and the previous week?", "I was in Rome on Nov 12; what did I do the previous
        # week?": the week before the other time, which this module does not read; that time read, as before
        found = [f for f in found if not f.group("previousweek")]
    if len(found) > 1:  # "last week on the weekend", "yesterday on the weekend": the other phrase read, as before
        # "on the weekend" was (review revG)
        found = [f for f in found if not f.group("theweekend")]
    weekdays = [f for f in found if f.group("weekday") or f.group("spanfrom")]
    if len(found) - len(weekdays) == 1 and weekdays:  # "on Mon and Wed last week", "yesterday and on Mon"
        found = [f for f in found if f not in weekdays]
    else:
        weekdays = []
    if not found:
        return _ambiguous_day(question)
    if len(found) != 1:
        return None
    m = found[0]
    if (m.group("weekday") and _SHORT_OR_FROM.match(m.group(0)) and not m.group(0).lower().startswith("from")
            and (re.match(r"[\s,]*\d", question[m.end():])
                 or re.search(r"\d(?:st|nd|rd|th)?\.?[\s,]*(?:on\s+)?$", question[:m.start()], re.I))):
        return None  # "on Fri 27.11.", "on Wed 2nd", "on the 3rd on Tue": the day written beside the short weekday is
        # the one asked, which this module does not read with it; as before short weekdays were dates (review revI)
    if m.group("foreignday") and (written := _DAY_NUMBER_AFTER.match(question, m.end())):
        # "el sábado 14 de noviembre", "samedi 14", "am Samstag, den 14.": that date, not the latest Saturday (fixE,
        # review revF: fixB read none, and the day's note fell from the first place)
        found = _foreign_weekday_date(question, m, written, today) if not weekdays else None
        return _whose_days(found, question, m, person) if found is not None else None
    rest = question  # the question but its phrases read: a span's own "bis", "until" compares nothing
    for piece in sorted([m, *weekdays], key=lambda p: p.start(), reverse=True):
        rest = rest[:piece.start()] + " " + rest[piece.end():]
    if (_COMPARED.search(rest)
            # a span not read listed after the weekdays read ("on Mon, and Tue-Thu"): its days asked too, not the
            # first's alone (db517d4 read none: "Tue" was someone's name before shortnames read a dashed span)
            or (m.group("weekday") and _SPAN_NOT_READ.match(question, m.end()))
            # a lower-case "sat", "sun" listed after them and not read as a day ("on fri and sun for the trip"):
            # both days asked, not the first alone
            or (m.group("weekday") and _WORD_DAY_LISTED.match(question, m.end()))
            # (a month named without its year is the date the question writes: none besides it)
            or _writes_a_date(question[:m.start()] + " " + question[m.end():]
                              if m.group("monthname") or m.group("nthweek") else question)):
        return None
    if m.group("wdom") and _LISTED_DAY_OF_THE_MONTH.match(question, m.end()):
        return None  # "on fri 18th, sat 19th and sun 20th": every day asked, not the first alone (as before qnth)
    try:
        if m.group("wdom") and (unmatched := _no_such_weekday_day(m, today)):
            # without "on" a weekday and a number that disagree are no day said ("where I sat 3rd", "the sun 2nd
            # time"): searched as written, as before, and nothing said of them
            return unmatched if m.group("wdomlead") else None
        first, last, month = _resolve(m, today)
        if m.group("wdom") and not m.group("wdomlead") and first > today and _past_form(question):
            return None  # "my son sat 2nd": a past's verb, no day to come (fixQD5)
        if weekdays and m.group("dom") and _written_beside(question, [m, *weekdays]):
            # "on Tue the 3rd": the 3rd that is a Tuesday (_weekday_of_the_day), none if two days; a weekday apart
            # from it ("on Fri; what did Anna say on the 3rd?") or one no 3rd of the two months around falls on ("on
            # Wed the 3rd" asked on 2026-12-06: June) leaves the 3rd read alone, as before weekdays were read beside
            # it (revI)
            beside = _weekday_of_the_day(first.day, _one_weekday(weekdays), today, _nth_to_come(m))
            if beside is not None:
                first = last = beside
    except (OverflowError, ValueError):  # "999 days ago" asked in the year 1; "in week 53 of 2025": no such day
        return None
    if weekdays and first > today and not m.group("dom"):
        return None  # "next week from Monday to Friday": a span to come beside weekdays, read as none before (not
        # "what's on Fri the 15th?": its coming one, _nth_to_come)
    if weekdays and (within := _weekdays_within(question, m, weekdays, first, last)):
        if within.first > today:  # "what's on Fri the 15th?": a day to come (_nth_to_come), read as "next Friday" is
            within = replace(within, ahead=True, today=today)
        return _whose_days(within, question, m, person)
    if any(not _SHORT_OR_FROM.match(w.group(0)) for w in weekdays):
        return None  # "last Friday compared to this week": two days asked, none read (as before short names were)
    several = _several_days(m, today) if m.group("weekday") or m.group("foreignday") else []
    # "the next 2 weeks" are days to come as "next week"'s are (a plan's: searched and read so), today among them
    ahead = first > today or _from_today(m)
    return _whose_days(AskedDays(" ".join(m.group(0).split()), first, last, m.span(), month,
                                 tuple(several) if len(several) > 1 else (), ahead=ahead,
                                 today=today if ahead or _of_days_under_way(m) else None,
                                 plan_of_the_rest=_asks_the_rest_of_the_month(m)),
                       question, m, person)


@dataclass(frozen=True)
class UnreadSpan:
    """A span of days the question writes that is not read (`why`: reversed, longer than a year; dayspans.py): its
    two days are searched as written, and stderr and `--json` say so as they say UnreadDays."""

    days: AskedDays  # its ends as written (`first` after `last` when reversed)
    why: str

    def reason(self) -> str:
        return self.why

    def note(self) -> str:
        return f"“{self.days.words}” is searched as written, not as the days between: {self.why}."


class UnreadWeekdayDay(UnreadSpan):
    """A weekday with its day of the month that no day near enough is ("on wed 19th" when no 19th within two months
    falls on a Wednesday: _no_such_weekday_day): its words searched as written, and said so, the day of the month
    alone being as likely a slip as the weekday."""

    def note(self) -> str:
        return f"“{self.days.words}” is searched as written: {self.why}."


# the preposition before a written day, part of its phrase for _asks_ahead_of_a_date ("is physio on Jan 12?")
_DAY_LEAD = re.compile(r"\b(?:on|in|for)\s+$", re.I)


def _spelled_span(question: str, today: dt.date) -> AskedDays | UnreadSpan | None:
    """The span of days `question` writes out ("from Nov 16 to Nov 20", "the week of Nov 16", "since Nov 16", a
    yearless day alone, "on Dec 2": dayspans.written_span) as AskedDays, or UnreadSpan when it is reversed or too
    long; None for none, or one beside another day phrase, a comparison or a quote.
    Written days are no one's time: not checked as _whose_days does ("who was on call the week of Nov 23?")."""
    from minirag_cli.dayspans import written_span

    def ahead(start: int, end: int) -> bool:
        # "is the boiler service booked for Jan 12?" asked in December: the coming Jan 12 (futuremonth)
        lead = _DAY_LEAD.search(question, max(0, start - _WORD_BEFORE), start)
        return _asks_ahead_of_a_date(question, lead.start() if lead else start, end, _past_form(question))

    found = written_span(question, today, past=past_tense(question), ahead=ahead)
    if found is None or any(q.start() <= found.span[0] < q.end() for q in _QUOTED.finditer(question)):
        return None
    rest = question[:found.span[0]] + " " + question[found.span[1]:]
    if _COMPARED.search(rest) or any(not _rolling_span(m) and not m.group("previousweek")
                                     for m in _day_phrases(rest, today)):
        return None  # "from Nov 16 to Nov 20 and yesterday", "… before the launch": as before; but not the phrases
        # that are no days ("…, my last 5 days in Rome", "…, the 5th at the race", "on the weekend" in a present
        # tense: _day_phrases) nor "the last N days", which yield to another day phrase, nor "the previous week", the
        # one before it ("I was in Rome on Nov 12; what did I do the previous week?": _read_words)
    days = AskedDays(found.words, found.first, found.last, found.span, ahead=found.first > today, spelled=True)
    return UnreadSpan(days, found.why) if found.why else days


def _written_beside(question: str, pieces: list[re.Match]) -> bool:
    """Are the phrases `pieces` written one beside the next in `question`: only blanks, commas or "of" between
    them ("on Mon and Wed of last week", "on Tue the 3rd"; not "on Mon at the gym last week")."""
    pieces = sorted(pieces, key=lambda p: p.start())
    return all(re.fullmatch(r"[\s,]*(?:of\s+)?", question[a.end():b.start()]) for a, b in zip(pieces, pieces[1:]))


def _one_weekday(weekdays: list[re.Match]) -> int:
    """The one weekday (0 Monday) `weekdays` names beside a day of the month ("on Tue the 3rd"); ValueError for
    several ("on Mon and Tue the 3rd") or a span."""
    named = {_DAY_INDEX[d.lower()] for w in weekdays for d in _ANY_DAY.findall(w.group(0))}
    if len(named) != 1 or len(weekdays) != 1 or weekdays[0].group("spanfrom"):
        raise ValueError("several weekdays beside one day of the month")
    return named.pop()


def _no_such_weekday_day(m: re.Match, today: dt.date) -> UnreadSpan | None:
    """"on wed 19th" when no 19th near enough in the question's direction is a Wednesday (_weekday_of_the_day): its
    words searched as written, and said so, rather than a guess of the day meant; None when there is one."""
    day, weekday = int(m.group("wdomday")), _DAY_INDEX[m.group("wdom").lower()]
    coming = _nth_to_come(m)
    if _weekday_of_the_day(day, weekday, today, coming) is not None:
        return None
    near = _day_of_the_month(day, today, coming)
    if coming is None and abs(((to_come := _day_of_the_month(day, today, True)) - today).days) < (today - near).days:
        near = to_come
    nth = f"{day}{_ordinal_suffix(day)}"
    way = {True: ("to come ", "coming"), False: ("gone ", "latest"), None: ("", "nearest")}[coming]
    return UnreadWeekdayDay(AskedDays(" ".join(m.group(0).split()), near, near, m.span()),
                            f"no {nth} {way[0]}within six weeks falls on a {WEEKDAY_NAMES[weekday].capitalize()} "
                            f"(the {way[1]} {nth}, {near}, is a {WEEKDAY_NAMES[near.weekday()].capitalize()})")


# another day of the month listed after a weekday with its own ("on fri 18th, sat 19th and sun 20th", "on fri 18th or
# the 25th"): _read_words reads none of them, as before weekdays with their day were read, not the first alone
_LISTED_DAY_OF_THE_MONTH = re.compile(
    r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*&\s*|\s*[-–—]\s*|\s+(?:to|through|thru|till|until)\s+)"
    r"(?:(?:on|for)\s+)?(?:" + _ANY_ENGLISH_DAY + r"\.?,?\s+)?(?:the\s+)?(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", re.I)


def _ordinal_suffix(day: int) -> str:
    return "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


# a day of the month written after a German, French or Spanish weekday ("el sábado 14 de noviembre", "samedi 14
# novembre", "am Samstag, den 14.", "am Samstag 14.11."): the date is the one asked, the latest such weekday would be
# another day (review revC); its month's word, "de" and a month's, "den N.", "N." or the question's end or a stop
# after it. A number then anything else is no day ("samedi 14h", "el sábado 10:30", "am Samstag 10 Uhr", "¿Corrí el
# sábado 10 km?", "el sábado, 2 amigos": review revF), and the weekday is read alone
_FOREIGN_MONTHS = {**month_numbers("de", "fr", "es", variants=True), "maerz": 3}
_FOREIGN_MONTHS |= {strip_accents(w): n for w, n in _FOREIGN_MONTHS.items()}  # "decembre", "fevrier", "aout", "marz"
_FOREIGN_MONTH_ALT = "|".join(sorted(_FOREIGN_MONTHS, key=len, reverse=True))
_DAY_NUMBER_AFTER = re.compile(
    r"[\s,]*(?:(?:den|le|el)\s+)?(?P<day>0?[1-9]|[12]\d|3[01])(?:er|ᵉʳ|º)?(?!\d)"
    r"(?:\.?[ \t]*(?P<monthnumber>0?[1-9]|1[0-2])\.(?!\d)"  # "14.11."
    rf"|\.?,?\s+(?:de\s+)?(?P<month>{_FOREIGN_MONTH_ALT})(?!\w)(?:,?\s+(?:de\s+)?(?P<year>(?:19|20)\d\d)(?!\d))?"
    r"|\.(?!\d)"  # "den 14."
    r"|(?=\s*(?:[?!;)¿¡]|[.,:](?!\d)|$)))", re.I)


def _foreign_weekday_date(question: str, m: re.Match, written: re.Match, today: dt.date) -> AskedDays | None:
    """The date `written` (_DAY_NUMBER_AFTER) after the German, French or Spanish weekday `m` writes: the latest up
    to `today`, within a year, that falls on the weekday with its day of the month (and its month, its year if
    written): "el sábado 5 de diciembre" asked 2026-12-06 is 2026-12-05; None if no such day, several weekdays
    ("lundi et mardi 14"), or the question's other words read none (as asked_days' checks; whose the day is:
    _whose_days)."""
    named = {_DAY_INDEX[d.lower()] for d in _ANY_DAY.findall(m.group(0))}
    month = written.group("month") or written.group("monthnumber")
    month = (int(month) if month.isdigit() else _FOREIGN_MONTHS[month.lower()]) if month else None
    year = int(written.group("year")) if written.group("year") else None
    if len(named) != 1:
        return None
    found = _latest_such_day(int(written.group("day")), month, year, named.pop(), today)
    if found is None:
        return None
    span = (m.start(), written.end())
    rest = question[:span[0]] + " " + question[span[1]:]
    if _COMPARED.search(rest) or _writes_a_date(rest):
        return None
    return AskedDays(" ".join(question[span[0]:span[1]].split()), found, found, span)


def _latest_such_day(day: int, month: int | None, year: int | None, weekday: int,
                     today: dt.date) -> dt.date | None:
    """The latest date up to `today` with its day of the month `day` that falls on `weekday` (0 Monday), in `month`
    (and `year`) if given; within a year of `today` unless a year is written with the month (that date, however
    far); None if none."""
    if year is not None and month is not None:
        try:
            date = dt.date(year, month, day)
        except ValueError:
            return None
        return date if date <= today and date.weekday() == weekday else None
    first, earliest = today.replace(day=1), today - dt.timedelta(days=365)
    for _ in range(13):  # this month and the twelve before it
        try:
            date = first.replace(day=day)
            if earliest <= date <= today and date.weekday() == weekday and month in (None, date.month):
                return date
        except ValueError:  # no 31st in April
            pass
        first = (first - dt.timedelta(days=1)).replace(day=1)
    return None


# a weekday phrase that was no date before short names and "from" spans were read ("on Mon", "from Monday to
# Wednesday", and the German, French, Spanish "from" spans since): beside another phrase it leaves that one read alone
# ("what did I do yesterday and on Mon?"); a short name in lower case alike ("yesterday and on mon")
_SHORT_OR_FROM = re.compile(r"(?:from|vo[nm]|du|del?)\b|(?:on|last)\s+(?:" + _SHORT_DAY_WORDS + r")\b", re.I)
# "on the weekend" said of one weekend: a past tense, not a plan's ("what did I do on the weekend?"), nor a
# habit's ("what did I usually do on the weekend?", "did I ever hike at the weekend?", "did I use to work at the
# weekend?", "what did I tend / like to do…", review revG), which is every weekend; a count is of one weekend, "how
# many times did I call mum over the weekend?" asked on a Monday is of the one just gone (review revC)
_HABIT = re.compile(r"\b(?:usually|normally|typically|generally|often|always|ever|sometimes|every|each|most)\b"
                    r"|\b(?:used?|tend(?:s|ed)?|like[sd]?)\s+to\b", re.I)
# ... nor the latest time a thing was done, which may be any weekend: "when did I last go out on the weekend?", "the
# last time I hiked at the weekend" (fixC)
_LATEST = re.compile(r"\bwhen\s+(?:did|was|were|had)(?:n['’]t)?\s+\w+\s+last\b|\blast\s+time\b", re.I)
# ... nor a wish's, a promise's or an agreement's, a plan by another word: "what did I want to do on the weekend?"
# (review revD), "what did I promise to do…", "what did we agree to do…", "did I tell Anna I'll call her over the
# weekend?" (review revG; not in _PLANNED, which turns "this weekend" to the coming one, as db517d4 did not for these)
_WISHED = re.compile(r"\b(?:wanted|want|wish(?:ed)?|hop(?:e|ed)|intend(?:ed)?|mean|promise[sd]?|agree[sd]?)\s+to\b"
                     r"|\b(?:i|we|you|he|she|they)['’]ll\b|\bwill\b", re.I)
# a span of weekdays this module does not read, "between Mon and Wed", a bare "Tue-Thu" (nor "on Mon-Fri": read)
# after a list's join, ", and Tue-Thu" (asked_days)
_SPAN_NOT_READ = re.compile(r"(?:\s*,)?\s*(?:(?:and|or|&)\s+)?"
                            r"(?:\bbetween\s+(?:" + _WEEKDAY + r")\s+and\s+(?:" + _WEEKDAY + r")"
                            r"|(?<!\w)(?:" + _WEEKDAY + r")\s*[-–—]\s*(?:" + _WEEKDAY + "))", re.I)
# an English weekday named anywhere, a short name capitalised: "Mon-Fri and at the weekend" (_weekday_named)
_NAMED_WEEKDAY = re.compile(r"\b(?:" + "|".join(WEEKDAY_NAMES) + "|(?-i:" + _SHORT_DAY_WORDS + r"))\b", re.I)


def _weekday_named(question: str, m: re.Match) -> bool:
    """Does `question` name a weekday besides the phrase `m`: "what did I do Mon-Fri and at the weekend?" (a
    span not read, which "at the weekend" read alone would drop)?"""
    return _NAMED_WEEKDAY.search(question[:m.start()] + " " + question[m.end():]) is not None


# "about" before a weekend phrase: the weekend is the topic's ("what did I decide about meal prep on the weekend?",
# "did I complain about working over the weekend?"), any weekend of the notes, not the one just gone (review revI)
_ABOUT = re.compile(r"\babout\b", re.I)


def _of_one_past_time(question: str) -> bool:
    """Does `question` ask of one time gone: in the past tense (_PAST), of no plan (_PLANNED, _WISHED), habit
    (_HABIT) nor latest time (_LATEST)? Then "on the weekend", "at the weekend", "over the weekend" in it is one weekend
    (read as "this weekend" in a past tense is: the one just gone, or the one under way asked on it). "What do I
    do on the weekend?", "what am I doing on the weekend?" may be every weekend or the coming one, "when did I
    last go out on the weekend?" any weekend: not read."""
    return (_told_past(question) and not _HABIT.search(question)
            and not _LATEST.search(question) and not _WISHED.search(question))


def _weekdays_within(question: str, m: re.Match, weekdays: list[re.Match], first: dt.date,
                     last: dt.date) -> AskedDays | None:
    """The days of `weekdays` (_PHRASE's weekday or span phrases) inside the days `m` reads, `first` to `last`,
    when they are written beside it ("on Mon and Wed last week": that week's Monday and Wednesday; "from Mon to
    Wed last week": its Monday to Wednesday); None when they are apart from it ("on Mon at the gym last week")
    or name a day outside it ("on Sun. yesterday" asked on a Sunday): `m`'s days alone are read then."""
    if (last - first).days > 6:  # "on Mon in November": each Monday of the month, no day more than the month
        return None
    pieces = sorted([m, *weekdays], key=lambda p: p.start())
    if not _written_beside(question, pieces):
        return None  # "on Mon and Wed of last week" is beside it, "on Mon at the gym last week" apart
    inside = {d.weekday(): d for d in (first + dt.timedelta(days=n) for n in range((last - first).days + 1))}
    days: list[dt.date] = []
    for w in weekdays:
        if w.group("spanfrom"):
            start, end = (inside.get(_weekday_index(w.group(g))) for g in ("spanfrom", "spanto"))
            if start is None or end is None or end < start:
                return None
            days += [start + dt.timedelta(days=n) for n in range((end - start).days + 1)]
        else:
            named = [inside.get(_DAY_INDEX[d.lower()]) for d in _ANY_DAY.findall(w.group(0))]
            if None in named:
                return None
            days += named
    days = sorted(set(days))
    span = (pieces[0].start(), pieces[-1].end())
    contiguous = (days[-1] - days[0]).days + 1 == len(days) and all(w.group("spanfrom") for w in weekdays)
    return AskedDays(" ".join(question[span[0]:span[1]].split()), days[0], days[-1], span, False,
                     () if contiguous or len(days) == 1 else tuple(days))


# ---------------------------------------------------------------- parts of a month, months as a noun's modifier
# A part of a month (_MONTH_PART): "early December", "mid-november", "late Oct last year", "(at) the end of November",
# "the beginning / start of December", "the first / second half of October", of a month named or "this / last / next
# month", and "earlier / later this month". Early, the beginning or the start is days 1-10, mid 11-20, late or the end
# 21 to the month's last (thirds, as a reader says them; "the end of the month" is its last ten days, not its last
# one); a half 1-15 or 16 to the last. "earlier this month" is the 1st to yesterday, "later this month" tomorrow to
# the last. The month named is of the year its tense gives, as "in December"'s (_part_year): in a question asking
# ahead the coming one, in the past (or of records) the latest part begun ("what did I do in late December?" asked
# on 7 December is late December a year ago, not 3 weeks ahead), else the month's ("the mid-december deadline").
# "late in November" is no part ("what was late in November?": overdue), "early in November" is; nor a part of a
# span of parts ("mid to late November").
# A month as a noun's modifier (_MONTH_MODIFIER): "the October meeting", "our november minutes", "October's report",
# "treasurer's report october", "october committee meeting": that whole month, only before a record's or an event's
# noun of a closed list (_EVENT_NOUN: "the October Revolution", "the june bug", "the April Theses", "the March
# sisters" are no months), one qualifier between at most ("the january board meeting", "the october royalty
# statement"). In lower case "may", "march" and "august" are words too ("may I see the march notes", "an august
# body"): read only before a meeting's or a report's noun (_WORD_MONTH_NOUN); a month that is also a first name
# (April, May, June, August, Jan) is no month before "'s" ("April's report" is April's), nor one the index knows as a
# person (alone or with the word after it). Its year is the month's tense gives (_modifier_year); a month to come
# within AHEAD_MONTHS in a question of neither tense is not read ("agenda for the january meeting?": the meeting
# gone or the one coming).
_PART_MONTH = (r"(?:the\s+month\s+of\s+)?(?:(?P<partmonth>" + _MONTH_NAME + r")(?![\w'’])\.?"
               r"(?:,?\s+(?:of\s+)?(?P<partyear>(?:19|20)\d\d)(?![-/.]?\d)"
               r"|(?:\s+of|\s*,)?\s+(?P<partrel>this|last|next)\s+year\b)?"
               r"|(?P<partwhich>this|last|next)\s+month\b)")
_MONTH_PART = re.compile(
    r"(?<![\w-])(?:(?:in|during|from|around|at|towards?)\s+)?(?:the\s+)?"
    r"(?:(?:(?P<third>early|mid|late)(?:\s*-\s*|\s+)|(?P<earlyin>early)\s+in\s+"
    r"|(?:very\s+)?(?P<edge>end|beginning|start)\s+of\s+"
    r"|(?P<half>first|second|latter)\s+half\s+of\s+)" + _PART_MONTH
    + r"|(?P<within>earlier|later)\s+(?:on\s+)?this\s+month\b)"
    r"(?!\.?,?\s*\d|\s*(?:,\s*|&\s*|[-–—]\s*|(?:and|or|to|through|thru|till|until)\s+)(?i:" + _MONTH_WORDS + r")\b)",
    re.I)
_PART_DAYS = {"early": (1, 10), "earlyin": (1, 10), "beginning": (1, 10), "start": (1, 10), "mid": (11, 20),
              "late": (21, 31), "end": (21, 31), "first": (1, 15), "second": (16, 31), "latter": (16, 31)}
# "mid to late November", "early-to-mid December": a span of parts, not read (as before)
_PART_BEFORE_PART = re.compile(r"\b(?:early|mid|late|beginning|start)\s*(?:-|–|—|to|or|and|through|till|until)\s*$",
                               re.I)
# the nouns of a record or an event dated by its month (a closed list: "the October meeting", "the march race")
_EVENT_NOUN = (r"(?:" + RECORD_WORDS + r"|(?:meetings?|minutes|agm|reports?|statements?|invoices?|newsletters?"
               r"|payslips?|rota|races?|trips?|visits?|reviews?|board|party|parties|social|events?|sessions?"
               r"|class(?:es)?|exams?|mocks?|retros?)\b)")
# ... of a month that is also a word in lower case ("may", "march", "august"): a meeting's or a report's, which no
# verb or adjective goes before ("the march notes", "an august journal" are no months)
_WORD_MONTH_NOUN = (r"(?:(?:meetings?|minutes|agm|races?|reports?|newsletters?|invoices?|statements?|payslips?"
                    r"|rota)\b)")
# the one word between a month and its noun: "the january board meeting", "the october royalty statement"
_EVENT_QUALIFIER = (r"(?:committee|board|royalty|team|club|staff|parents['’]?|pta|finance|council|planning|family"
                    r"|school|sales|budget|progress|monthly)")
_WORD_MONTHS = ("may", "march", "mar", "august", "aug")
_PLAIN_MONTH = (r"(?:(?-i:" + _MONTH_WORDS + r")|(?-i:"
                + "|".join(w for w in MONTH_ALT.split("|") if w not in _WORD_MONTHS) + r"))")
_WORD_MONTH = r"(?-i:" + "|".join(_WORD_MONTHS) + r")"
# a month and the event's noun after it, lower case: "October meeting", "october royalty statement", "may meeting"
# (the noun in lower case: "the October Revolution", "the June Solstice festival" are no months)


def _month_before_noun(group: str) -> str:
    """_MONTH_MODIFIER's month before its event's noun, in the groups `group` and `group`word (a word's month)."""
    return (rf"(?:(?P<{group}>" + _PLAIN_MONTH + r")(?=\s+(?=(?-i:[a-z]))(?:" + _EVENT_QUALIFIER + r"\s+)?"
            + _EVENT_NOUN + rf")|(?P<{group}word>" + _WORD_MONTH + r")(?=\s+(?=(?-i:[a-z]))" + _WORD_MONTH_NOUN + r"))")


_NAME_MONTHS = frozenset(("april", "apr", "may", "june", "jun", "august", "aug", "jan"))
_MONTH_MODIFIER = re.compile(
    r"(?<![\w'’-])(?:"
    # "the October meeting", "our november minutes", "the may race" (a lower-case may before a meeting's noun only)
    r"(?:the|our|my|your|their)\s+" + _month_before_noun("before")
    # "October's report"
    + r"|(?P<owner>" + _PLAIN_MONTH + r")(?=['’]s\s+" + _EVENT_NOUN + r")"
    # "treasurer's report october", "minutes october?": a dated noun's month ending the question
    r"|(?<=[^\W\d_]\s)(?P<after>" + _PLAIN_MONTH + r")(?=\s*(?:[?!.]\s*)?$)"
    # "october committee meeting" opening the question or after a preposition
    r"|(?:^|" + "|".join(rf"(?<=\b{w}\s)" for w in ("from", "of", "about", "at", "on", "re", "for")) + r")"
    + _month_before_noun("opening") + r")",
    re.I)
_MODIFIER_GROUPS = ("before", "beforeword", "owner", "after", "opening", "openingword")
# "due by the end of November", "by early December": a limit, the days up to it, not its part of the month
_BY_BEFORE = re.compile(r"\bby\s+$", re.I)
_DATED_NOUN_BEFORE = re.compile(_EVENT_NOUN + r"\s+$", re.I)
# the preposition before a month's phrase, whose plan right before it asks ahead ("what's planned for early
# January?", "what will I do at the january meeting?": _asks_ahead_of_a_date)
_LEAD_BEFORE = re.compile(r"\b(?:in|for|at|during|around|to|from|on|of)\s+(?:the\s+|our\s+|my\s+)?$", re.I)
# records of a part of a month, "notes from late December": of its days gone
_RECORDS_BEFORE = re.compile(r"\b" + RECORD_WORDS + r"(?:\s+(?:from|of|in|on|during))?\s+$", re.I)
_WORD_AFTER = re.compile(r"\s+([^\W\d_][\w'’-]*)")


def _month_part_days(question: str, today: dt.date, person=None) -> AskedDays | UnreadDays | None:
    """The days of a part of a month or of a month as a noun's modifier the question names (_MONTH_PART,
    _MONTH_MODIFIER), when it names no other day _PHRASE reads, no date and no comparison; None else (read as
    before)."""
    found = [m for m in (*_MONTH_PART.finditer(question), *_MONTH_MODIFIER.finditer(question))
             if _a_month_modifier(question, m, person) and not _late_as_overdue(question, m)]
    if len(found) != 1:
        return None
    m = found[0]
    rest = question[:m.start()] + " " + question[m.end():]
    if (_day_phrases(rest, today) or _COMPARED.search(rest) or _writes_a_date(rest)
            or _BY_BEFORE.search(question, max(0, m.start() - _WORD_BEFORE), m.start())
            or _PART_BEFORE_PART.search(question, max(0, m.start() - _WORD_BEFORE), m.start())):
        return None
    try:
        first, last, month = _month_part(m, today)
    except ValueError:  # "earlier this month" asked on the 1st: no day before it; a modifier's month of no tense
        return None
    ahead = first > today
    # a modifier's month alone is its words ("the October meeting": "October", the meeting's words still searched)
    span = m.span() if m.re is _MONTH_PART else m.span(_modifier_group(m))
    days = AskedDays(" ".join(question[span[0]:span[1]].split()), first, last, span, month, ahead=ahead,
                     today=today if ahead or (last >= today and not _told_past(question)) else None)
    return _whose_month_part(days, question, m, person)


# "late" as overdue before "this/last month" ending the question, after who or anyone ("anyone late this month?",
# "who's late this month?" read the month's last third: qdays6); not after a form of "be" or a payment's verb, where
# it is as often a time ("the frost was late last month", "is the dentist late this month?", "I paid the builder late
# last month": fixQD6), nor "I'll do it late this month", "late last month we went…"
_LATE_OVERDUE_BEFORE = re.compile(
    r"\b(?:who|anyone|anybody|someone|somebody)(?:['’]s|\s+(?:is|are|was|were))?\s+$", re.I)


def _late_as_overdue(question: str, m: re.Match) -> bool:
    """Is the part of a month `m` a "late" right before "this month" or "last month" ending the question that says
    overdue, not the month's last third (_LATE_OVERDUE_BEFORE)? The month is then read as a whole (_read_words)."""
    return (m.re is _MONTH_PART and m.group(0)[:4].lower() == "late" and bool(m.group("partwhich"))
            and _QUESTION_END.fullmatch(question, m.end()) is not None
            and _LATE_OVERDUE_BEFORE.search(question, max(0, m.start() - _WORD_BEFORE), m.start()) is not None)


def _a_month_modifier(question: str, m: re.Match, person) -> bool:
    """Is `m` a part of a month, or a month qualifying a noun that is no one's name: "October's report", not
    "April's report" (_NAME_MONTHS) nor one the index knows as a person, alone or with the word after it ("June
    Carter"); a month ending the question only after a dated noun ("report october", not "what did I tell June?")."""
    if m.re is _MONTH_PART:
        return True
    group = _modifier_group(m)
    word = m.group(group)
    after = _WORD_AFTER.match(question, m.end(group))
    if person is not None and (person(word) or (after is not None and person(f"{word} {after.group(1)}"))):
        return False
    if m.group("owner") and word.lower() in _NAME_MONTHS:
        return False
    return not m.group("after") or bool(_DATED_NOUN_BEFORE.search(question, max(0, m.start() - _WORD_BEFORE),
                                                                 m.start()))


def _modifier_group(m: re.Match) -> str:
    """The group of _MONTH_MODIFIER that matched its month."""
    return next(g for g in _MODIFIER_GROUPS if m.group(g))


def _asks_ahead_of_part(question: str, start: int, end: int) -> bool:
    """Does `question` ask ahead of the month's phrase at `start`-`end`, as of "in January"
    (_asks_ahead_of_a_date), its preposition before it ("planned for early January", "do at the january meeting")?"""
    lead = _LEAD_BEFORE.search(question, max(0, start - _WORD_BEFORE), start)
    past = _past_form(question)
    return any(_asks_ahead_of_a_date(question, at, end, past) for at in {start, lead.start() if lead else start})


def _part_year(m: re.Match, month: int, low: int, today: dt.date) -> int:
    """The year of the part of `month` beginning on day `low` that `m` names without its year: in a question asking
    ahead of it the coming month within AHEAD_MONTHS (as _month_year reads "in January"), else the month's latest
    begun, but in the past or of records ("what did I do in late December?", "notes from late December", asked on 7
    December 2026) the latest whose part has begun: 2025's ("the mid-december deadline?" is this December's)."""
    if _within_ahead(month, today) and _asks_ahead_of_part(m.string, m.start(), m.end()):
        return today.year + (month < today.month)
    year = today.year - (month > today.month)
    gone = _past_form(m.string) or _RECORDS_BEFORE.search(m.string, max(0, m.start() - _WORD_BEFORE), m.start())
    return year - bool(dt.date(year, month, low) > today and gone)


def _modifier_year(m: re.Match, month: int, today: dt.date) -> int:
    """The year of a month qualifying a noun (_MONTH_MODIFIER): the latest begun ("what did we decide at the
    october meeting?"), but for a month to come within AHEAD_MONTHS the coming one in a question asking ahead ("what
    will I do at the january meeting?", "what should I bring to the february trip?"); in a question of neither
    tense ("agenda for the january meeting?") a ValueError: not read, its words searched as before."""
    latest, coming = today.year - (month > today.month), today.year + (month < today.month)
    if latest == coming or not _within_ahead(month, today) or _past_form(m.string):
        return latest
    if _asks_ahead_of_part(m.string, m.start(), m.end()) or _PLANNED_FORM.search(m.string):
        return coming
    raise ValueError("a month gone or to come")


def _month_part(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date, bool]:
    """(first, last, a whole month) of the phrase `m` (_MONTH_PART or _MONTH_MODIFIER). ValueError for "earlier this
    month" on its 1st, "later this month" on its last, a modifier's month of no tense (_modifier_year)."""
    if m.re is _MONTH_MODIFIER:
        month = MONTH_WORDS[m.group(_modifier_group(m)).lower()[:3]]
        first = dt.date(_modifier_year(m, month, today), month, 1)
        return first, first.replace(day=calendar.monthrange(first.year, month)[1]), True
    if m.group("within"):
        end = today.replace(day=calendar.monthrange(today.year, today.month)[1])
        first, last = ((today.replace(day=1), today - dt.timedelta(days=1)) if m.group("within").lower() == "earlier"
                       else (today + dt.timedelta(days=1), end))
        if first > last or first.month != last.month:
            raise ValueError("no day of the month left")
        return first, last, False
    part = next(g for g in ("third", "earlyin", "edge", "half") if m.group(g))
    low, high = _PART_DAYS["earlyin" if part == "earlyin" else m.group(part).lower()]
    if m.group("partmonth"):
        month = MONTH_WORDS[m.group("partmonth").lower()[:3]]
        if m.group("partyear"):
            year = int(m.group("partyear"))
        elif m.group("partrel"):
            year = _month_year(m, month, m.group("partrel"), today)
        else:
            year = _part_year(m, month, low, today)
    else:
        year, month = divmod(today.year * 12 + today.month - 1
                             + {"this": 0, "last": -1, "next": 1}[m.group("partwhich").lower()], 12)
        month += 1
    return (dt.date(year, month, low), dt.date(year, month, min(high, calendar.monthrange(year, month)[1])), False)


def _whose_month_part(days: AskedDays, question: str, m: re.Match, person=None) -> AskedDays | UnreadDays | None:
    """`days` when the question is the asker's (as _whose_time tells of an English day), UnreadDays when it is of
    someone else, None when quoted."""
    if any(q.start() < m.start() < q.end() for q in _QUOTED.finditer(question)):
        return None
    rest = question[:m.start()] + " " + question[m.end():]
    if first_person(_QUOTED.sub(" ", rest)):
        return days
    someone = _someone_else(rest, opens=m.start() > 0, person=person)
    return days if someone is None or _the_calendars(days, question) else UnreadDays(days, someone, "en")


def parse_day(value: str, what: str) -> dt.date:
    """An asking day written yyyy-mm-dd (MRAG_TODAY, a golden line's
    "asked_on"), or a ValueError naming `what`."""
    # only YYYY-MM-DD: fromisoformat also reads 20260503, and a golden line's number 20260503 is no string
    if isinstance(value, str) and re.fullmatch(r"\s*\d{4}-\d\d-\d\d\s*", value):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValueError(f"{what} is {value!r}, not a date written YYYY-MM-DD")


def current_day() -> dt.date:
    """The day this process asks its questions on: MRAG_TODAY when set (a
    bad one is a ConfigError), else the local date. `mrag ask`, the MCP
    server's search and Index.answer read relative days against it."""
    from minirag_cli.config import environment

    return asking_day(environment().today)


def asking_day(override: str | None = None) -> dt.date:
    """The day a question is asked: `override` (MRAG_TODAY: config.environment)
    when set, else the local date. A bad override is a ConfigError."""
    if override:
        from minirag_cli.config import ConfigError

        try:
            return parse_day(override, "MRAG_TODAY")
        except ValueError as exc:
            raise ConfigError(str(exc), hint="Set MRAG_TODAY=2026-05-03, or unset it for today's date.") from None
    return dt.date.today()
