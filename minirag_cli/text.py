"""The text rules that retrieval, the graph and the extractors share:
stopwords, month names, the date patterns and finders, and the normalised
key an entity name is stored and looked up under.

Pure functions of strings (no SQL, no models): one place, so the keyword
channel, the graph's grounding, the heuristic extractor and entity
resolution cannot drift apart.
"""

from __future__ import annotations

import collections
import datetime as _dt
import functools
import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Iterable

from minirag_cli.monthnames import MONTHS_BY_LANGUAGE, month_numbers

# --------------------------------------------------------------------------- lettered labels

# The words that label with a letter (`Plan B`, `Source A`, `Vitamin D`, `Site C`): the heuristic extractor reads
# the stop after such a letter as a sentence's end, no middle initial's (`Plan B. Tom came`), and entity resolution
# keeps a label and its lettered members apart (resolve.series_members: `Source`, `Source A`, `Source D`)
LETTERED = frozenset("""
Plan Section Part Phase Option Type Vitamin Appendix Exhibit Figure Fig Table Grade Class Level Block Building
Room Gate Terminal Platform Track Row Seat Wing Floor Unit Step Stage Model Version Series Group Team Size
Category Column Line Chapter Question Task Item Point Note Annex Case Zone Area Lot Hall Lane Route Bus
Source Witness Informant Participant Respondent Interviewee Suspect Victim Patient Subject Person Site Hepatitis
""".split())

# --------------------------------------------------------------------------- stopwords

# Dropped from the BM25 query and from clause word counts (retrieve.py).
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on
once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves
""".split())

# A question's words that only ask, of no content it asks about (asking_spans): "what did the physio say?", "how
# much does physio cost?", "anything on 28 December?" searched say, much, anything, and a note's "until Sam says
# so", "much better" or "signs off anything over £2k" ranked above the visit's note. Dropped from a question's words
# alone: a note's words stay as written.
ASKING_WORDS = frozenset("""
say says said saying much many anything something everything anyone someone everyone anybody somebody everybody
""".split())
# A contraction typed without its apostrophe ("whats happening", "didnt I pay"), as the contraction is read (`what's`:
# `what` and `s`, no word); not the forms that are words too: were, well, shell, shed, hell, its, id, ill, wed (and
# Wednesday), cant, wont, lets
UNAPOSTROPHED = frozenset("""
whats whos hows wheres whens whys thats theres heres im ive youre youve youll youd hes shes hed weve theyre theyve
theyll theyd itll thatll wholl whod dont doesnt didnt isnt arent wasnt werent havent hasnt hadnt couldnt shouldnt
wouldnt mustnt neednt shant aint couldve shouldve wouldve mightve mustve yall
""".split())
# the measure a question asks by after "how" ("how long did I sleep?", "how far did I run?") or as "so far" is no
# content; elsewhere it is ("my long run", "the long table", "Far Cry")
_ASKED_MEASURE = re.compile(r"\bhow\s+(long|far|often|soon)\b|\b(?:so|thus)\s+(far)\b", re.I)
# the verbs that only frame a question about one's days and plans (qawriter: "what's happening tomorrow?" searched
# `happening`, and three character notes saying "happens" outranked the one task due that day; "what do i need to do
# tomorrow" searched `need`): "what's happening", "anything going on", "what's coming up", "what's planned", "what do
# I need to do", "what have I got on". Only so framed: "the planned extension", "what happened to the boiler", "what
# do I need for the passport", "coming of age" keep their word, and so does a name's ("what is Planned Parenthood")
_PLAN_FRAME = re.compile(
    r"\b(?:what|anything|something)(?:['’]?s|\s+(?:is|was|are|were|will\s+be|else|still))*\s+"
    r"(?:happening|going\s+on|coming\s+up|planned)\b"
    r"|\bwhat\s+(?:do|does|did|will|would|should)\s+(?:i|we|you)\s+need\s+to\s+do\b|\bwhat\s+needs\s+doing\b"
    r"|\b(?:what(?:\s+have|['’]?ve)|have)\s+(?:i|we|you)\s+got(?:\s+(?:anything|something|much))?"
    # (or nothing after: "what have I got on Friday?" is searched without the day's words, `on Friday`)
    r"(?:\s+(?:on|planned|due|to\s+do|going\s+on|coming\s+up)\b|(?=\s*(?:[?.!]|$)))",
    re.I)
_FRAMING_VERBS = frozenset("happening going coming planned need needs got".split())
# the words that only say a question asks of one's notes, not what about (qazettel: "what did I write about Weil and
# attention?" searched `write`, and the one note saying "a writer who can't write" was BM25's only hit, 1st above the
# notes on attention; "which notes link to the affliction note?" searched `notes` and lifted "Weil biography notes"):
# the verb of "what did I write/note/jot down about X", "what have I written on X", "anything I've noted re X", "did I
# take notes on X"; the noun of "my notes on X", "anything in my notes about X", "which notes …", "any notes on X",
# and the verb of "which notes mention X".
# Only so framed: "did I note the meter reading", "what did the editor say about my writing", "notes on note-taking",
# "the note from school" keep their word (the verb of one's notes is followed by what it is about), and so does what
# one plans to write ("what should I write about?", "what could I write on Weil?")
_NOTE_ABOUT = r"\s+(?:about|on|re|regarding|concerning)\b(?=\s*[^\W_])"  # a topic after it ("… write about?": none)
_NOT_PLANNED = "".join(f"(?<!{modal} )" for modal in "should could would shall will can might must".split())
_NOTE_FRAME = re.compile(
    r"(?<![\w'’-])" + _NOT_PLANNED + r"(?:i|we)(?:['’]?ve|['’]?d|\s+have|\s+had|\s+was|\s+were)?(?:\s+been)?"
    r"(?:\s+(?:ever|already|just|once|also|previously|actually|last|first))?\s+"
    r"(write|wrote|written|writing|note|noted|jot|jotted|record|recorded|log|logged|journal(?:l?ed)?)(?![\w'’-])"
    r"(?:\s+down)?(?:\s+(?:anything|something|much|stuff|at\s+all))?" + _NOTE_ABOUT
    + r"|\b(?:take|took|taken|taking|make|made|making|keep|kept)\s+(?:any\s+|some\s+|a\s+)?(notes?)(?![\w'’-])"
    + _NOTE_ABOUT
    + r"|\b(?:my|our)\s+(notes?)(?![\w'’-])(?=\s+(?:about|on|re|regarding|concerning|say|says|said)\b)"
    + r"|\b(?:in|from|through|across|among)\s+(?:all\s+)?(?:of\s+)?(?:my|our)\s+(notes)(?![\w'’-])"
    + r"|\b(?:which|what)\s+(notes)(?![\w'’-])|\bwhich\s+(note)(?![\w'’-])"
    + r"|(?<=\bnotes)\s+(?:(?:that|which)\s+)?(mention(?:s|ed|ing)?)\b"
    + r"|\b(?:any|some)\s+(notes)(?![\w'’-])(?=" + _NOTE_ABOUT + ")",
    re.I)
# "due" of "what's due next week?", "anything due by Friday", "what have I got due this week": asked with days the
# date channel reads, it only frames the question (qazettel: the Inbox and an invoice saying "due" ranked 1st and 2nd,
# neither due next week, above the notes writing a day of it). Without such days it is what is asked ("what's due?",
# "when is the essay due"), and said of a thing it stays ("what bills are due next week": due_spans)
_DUE_FRAME = re.compile(
    r"\b(?:what|anything|something|everything)(?:['’]?s|\s+(?:is|are|was|will\s+be|else|still))*\s+(due)\b"
    r"|\bwhat(?:\s+have|['’]?ve)\s+(?:i|we|you)\s+got\s+(due)\b"
    r"|\bwhat\s+(?:do|does|will)\s+(?:i|we|you)\s+have\s+(due)\b", re.I)


def due_spans(question: str) -> list[tuple[int, int]]:
    """The spans of the `due` that frames `question` (_DUE_FRAME: "what's due", "anything due"), written in lower case
    (or the question in capitals); for a question asked of days the date channel reads (retrieve.fts_query)."""
    return [m.span(m.lastindex) for m in _DUE_FRAME.finditer(question)
            if m.group(m.lastindex).islower() or m.group().isupper()]


# the pieces of a contraction that FTS5 reads as words: `ve`, `re`, `ll` of "I've", "you're", "we'll", and the
# stem of a negation ("didn't": `didn`; "don't": `don`, Don; "won't": `won`, a word)
_CONTRACTED = re.compile(r"(?<=\w)['’](?:ve|re|ll)\b|\b[^\W\d_]+n['’]t\b", re.I)
_ASKING_WORD = re.compile(r"[^\W\d_]+")
_SENTENCE_STOP = re.compile(r"[.!?:;\n]")


def asking_spans(question: str) -> list[tuple[int, int]]:
    """The spans of `question`'s words that only ask (ASKING_WORDS, UNAPOSTROPHED, the measure after "how", the verb
    framing a question about plans, a contraction's pieces), in order. A word of those lists counts written in lower
    case or opening a sentence: capitalised within one it is a name's (`Edward Said`, `Much Wenlock`, `Jony Ive`)."""
    spans = [m.span(m.lastindex) for m in _ASKED_MEASURE.finditer(question)]
    spans += [(frame.start() + w.start(), frame.start() + w.end()) for frame in _PLAN_FRAME.finditer(question)
              for w in _ASKING_WORD.finditer(frame.group())
              if w.group().lower() in _FRAMING_VERBS and (w.group().islower() or frame.group().isupper())]
    spans += [m.span(m.lastindex) for m in _NOTE_FRAME.finditer(question)
              if m.group(m.lastindex).islower() or m.group().isupper()]
    spans += [m.span() for m in _CONTRACTED.finditer(question)]
    after = 0  # where the word before ended
    for m in _ASKING_WORD.finditer(question):
        word, opening = m.group(), after == 0 or _SENTENCE_STOP.search(question, after, m.start()) is not None
        if (word.lower() in ASKING_WORDS or word.lower() in UNAPOSTROPHED) and (word.islower() or opening):
            spans.append(m.span())
        after = m.end()
    return sorted(set(spans))


# German's function words that are no English words: a German question ("Wann habe ich mit Jürgen gesprochen?")
# drops them from its BM25 query as an English one drops STOPWORDS (german_question; qa39: `ich`, `habe`, `mit` ranked
# a note that says "Ich habe gelernt" and no Jürgen first). An English question keeps every word it kept.
GERMAN_STOPWORDS = frozenset("""
ich du er sie es wir ihr mich mir dich dir sich uns euch ihm ihn ihnen mein meine meinen meinem meiner dein deine sein
seine ihre unser unsere habe hast hat haben hatte hattest hatten bist ist sind waren wird wirst werden wurde wurden
bin kann konnte muss musste soll sollte will wollte wann wie wo wer wen wem wessen warum wieso weshalb welche welcher
welches womit worüber wohin woher mit und oder aber nicht kein keine keinen der das den dem des ein eine einen einem
einer eines im am vom zum zur beim ins auf für von bei nach über unter vor zu zwischen auch noch schon sehr nur dann
jetzt etwas dass ob denn doch mal gibt gab
""".split())


# The words that say a question is German (german_question): its verbs, pronouns and question words that are no
# English word and no name (not `hat`, `bin`, `war`, `was`, `mit`, `du`, `wen`, `sie`: an English keyword query of
# `Wen Du`, `MIT von Neumann lecture` read as German and searched nothing, or lost MIT: fixE, review revE of qa39)
GERMAN_QUESTION_WORDS = frozenset("""
ich wir mich dich uns euch ihm ihn ihnen wann wer wie warum wieso weshalb womit worüber wohin woher welche welcher
welches habe hast haben hatte hattest hatten ist sind wurde wurden wird wirst werden kann konnte können muss musste
soll sollte möchte gemacht gesagt gesprochen gesehen gekauft gegessen getroffen gelesen geschrieben gegangen
gefahren gewesen gehabt
""".split())
# German's formal address, capitalised mid-sentence (`Haben Sie ...`): a function word as the others are
GERMAN_FORMAL = frozenset("Sie Ihnen Ihr Ihre Ihren Ihrem Ihrer".split())
_QUESTION_WORD = re.compile(r"\w+")


def german_question(question: str) -> bool:
    """Is `question` German: two of its words GERMAN_QUESTION_WORDS, written in
    lower case or opening it (a sentence, not a list of names: `Ich bin ein
    Berliner speech`, `Sie und Ich` are none), and more of its words German
    function words (GERMAN_STOPWORDS) that are no English words than English
    ones (STOPWORDS)?"""
    words = _QUESTION_WORD.findall(question)
    said = sum(w.lower() in GERMAN_QUESTION_WORDS and (i == 0 or w.islower()) for i, w in enumerate(words))
    lower = [w.lower() for w in words]
    de = sum(w in GERMAN_STOPWORDS and w not in STOPWORDS for w in lower)
    return said >= 2 and de > sum(w in STOPWORDS and w not in GERMAN_STOPWORDS for w in lower)


def german_function_word(word: str, first: bool) -> bool:
    """Is `word`, of a German question (german_question), one of German's function words (GERMAN_STOPWORDS) that its
    BM25 query drops: in lower case, opening the question, or formal (`Sie`)? A capitalised one elsewhere is a name
    (`Wann hat Wen Du angerufen?`, `Was hat MIT gesagt?`)."""
    return word.lower() in GERMAN_STOPWORDS and (first or word.islower() or word in GERMAN_FORMAL)


# A text is German (german: the heuristic extractor reads its capitalised nouns as no names, heuristic rules
# 11) when its German function words (GERMAN_WORDS, none an English word) are at least GERMAN_MIN and twice its
# English ones (ENGLISH_WORDS): a word lists the closed classes of each language, no nouns.
GERMAN_WORDS = frozenset("""
der das und ist nicht ein eine einen einem einer ich wir mit für auf den dem des sich auch zu im von bei noch
nach sind habe haben hatte wird werden aber oder wenn dass sie er es sehr schon kein keine mein meine uns ihm
ihn wie nur vom zum zur beim ins dann jetzt heute morgen gestern immer wieder etwas viel mehr
""".split())
ENGLISH_WORDS = frozenset("""
the and is are to of a i you it that this with for on was were have has be not but they he she we at from
""".split())
GERMAN_MIN = 4
GERMAN_SHORT_MIN = 2  # ... or this many and no English one, one of them GERMAN_ONLY_WORDS' (german)
# Those no English text writes in lower case: not `den`, `des`, `im` (English's `den`, French's `des`, a typed `im`),
# nor a name's particle (`zu`, `von`), nor `er`, `es`
GERMAN_ONLY_WORDS = GERMAN_WORDS - frozenset("den des im zu von er es".split())
# an article after a name's particle is the name's (`Ursula von der Leyen`, `Edwin van der Sar`, `Jan van der
# Berg`): no German function word (fixE: a short English note of such names read as German and lost Leyen, Sar, Berg)
_PARTICLE_ARTICLE = re.compile(r"\b(?i:von|van|de|zu)[ \t]+(der|den|des|dem)\b")
_WORD_RUN = re.compile(r"\w+")
_SENTENCE_FIRST = re.compile(r"(?:^|(?<=\n)|(?<=[.!?] ))[ \t>*#-]*(\w+)")


def german(text: str) -> bool:
    """Is `text` German: at least GERMAN_MIN of its words German function
    words (GERMAN_WORDS), and twice as many as English ones (ENGLISH_WORDS),
    or GERMAN_SHORT_MIN of them and no English one, one of them written as
    German alone writes it (GERMAN_ONLY_WORDS, in lower case)? An article
    after a name's particle (`von der Leyen`) is the name's, none of them."""
    # counted by a Counter (a loop over an English note's words took a tenth of its extraction), and
    # only in a text that writes one of German's commonest words, as a German text of any length does
    if not any(f" {w} " in text for w in ("und", "der", "das", "ist", "nicht", "ich", "mit", "ein")):
        return False
    counts = collections.Counter(_WORD_RUN.findall(text.lower()))
    particles = collections.Counter(m.group(1) for m in _PARTICLE_ARTICLE.finditer(text))
    counts -= particles
    de = sum(counts[w] for w in GERMAN_WORDS.intersection(counts))
    en = sum(counts[w] for w in ENGLISH_WORDS.intersection(counts))
    if de >= GERMAN_MIN:
        return de >= 2 * en
    # a short one (a daily note's two lines, `Besprechung mit Jürgen um 10 Uhr ... in der Kantine.`) holds fewer:
    # two and no English one (rules 23, qa39: `der Kantine`, `die Zahlen` of such a note were names), and a word
    # English writes never so (fixE: `Ursula von der Leyen, Olaf Scholz` and `Mit Romney, Der Spiegel` are English)
    if de < GERMAN_SHORT_MIN or en:
        return False
    written = collections.Counter(_WORD_RUN.findall(text))  # in lower case, or opening a line or a sentence
    written.update(m.group(1).lower() for m in _SENTENCE_FIRST.finditer(text))
    return any(n > particles[w] for w, n in written.items() if w in GERMAN_ONLY_WORDS)


# The keyword channel's stopwords plus words that name no entity in a question
# (graph grounding: a span may neither start nor end with one).
GROUNDING_STOPWORDS = STOPWORDS | frozenset("""
also ever tell told ask asked say said make made get got go went want wants one two first new last next time day
week month year question whose
""".split())

# --------------------------------------------------------------------------- numbers

# one to twenty in words, the one table: "three days ago" (askday, to twelve), "more than two weeks" (timeline, to
# twelve), a count an answer writes in words (answer_score), "session nine", "two sessions ago" (numbering, latest)
NUMBER_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty".split(), start=1)}

# --------------------------------------------------------------------------- months

MONTH_NAMES = MONTHS_BY_LANGUAGE["en"].split()
WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]  # date.weekday() order


def weekday_plural(word: str) -> bool:
    """Is `word` an English weekday's plural, "Wednesdays", "sundays": a day's label (`- Wednesdays: Chloe`) or a
    name that names every such day, not a person or a thing (heuristic extraction, graph grounding)?"""
    lower = word.lower()
    return lower.endswith("s") and lower[:-1] in WEEKDAY_NAMES

# German, French and Spanish weekday names, in the same order: the languages questions' days are read in (askday,
# unheld)
FOREIGN_WEEKDAYS = {
    "de": ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
}


def strip_accents(text: str) -> str:
    """Unicode NFKD without the combining marks: "Müller" -> "Muller"."""
    if text.isascii():
        return text  # (NFKD leaves ASCII as it is and it has no combining mark: the sync's names are mostly ASCII)
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


# each weekday's spellings as questions type them: the name, and the name without its accents, as many users
# type Spanish ("miercoles", "sabado"), read alike (askday, unheld)
FOREIGN_WEEKDAY_SPELLINGS = {lang: [list(dict.fromkeys([d, strip_accents(d)])) for d in days]
                             for lang, days in FOREIGN_WEEKDAYS.items()}
# full names only (the question side)
MONTHS = {m: i for i, m in enumerate(MONTH_NAMES, start=1)}
# full names, three-letter abbreviations and "sept" (the note side: find_dates)
MONTH_WORDS = {**MONTHS, **{m[:3]: i for m, i in MONTHS.items()}, "sept": 9}
# every month word MONTH_WORDS knows, longest first (a regex alternation)
MONTH_ALT = "|".join(sorted(MONTH_WORDS, key=len, reverse=True))

# --------------------------------------------------------------------------- dates in notes

COMPACT_DATE = re.compile(r"\b(20\d{2}|19\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=\b|_)")
# also the date of an ISO 8601 date and time ("2024-05-01T14:30", a front matter's `date:`)
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:\b|(?=T\d))")
# `4 December`, `December 4th, 2026`, `the 4th of Dec`: a month's word only (MONTH_ALT). Any word before a number
# (`Month 4`) consumed the number, so `meet 4 December`, `Due 27 December 2026`, `Friday 4 December` were no dates
# (rules 25, qa50). A month's word and its day are not split by a line break where a list's item follows (rules 30,
# ukdates: a note's `not till Feb` over a list's `4. ProRoof` was the date `Feb\n4`, a name holding a line break);
# a hard-wrapped one holds (`born on 12 March` / `1990`, `on June 3,` / `2019`, `started on 4` / `December 2024`:
# fixU, review of ukdates)
_NOT_A_LIST_ITEM = r"(?:\s+(?!\d{1,2}(?:st|nd|rd|th)?[.)])|[^\S\r\n]+)"  # `Feb\n4. ProRoof`, `Feb\n4) x`
WORD_DATE = re.compile(
    rf"\b(?:(?<!\d:)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?((?i:{MONTH_ALT}))"
    rf"|((?i:{MONTH_ALT}))\.?{_NOT_A_LIST_ITEM}(\d{{1,2}})(?!,\d{{3}}(?!\d))(?:st|nd|rd|th)?)"
    r"(?:,?\s+(\d{4}))?\b")
# ... and a month's word before a number with thousands is no day (`For Hannah, Oct. 1,000 words`, `October 1,500
# runners` were the dates Oct. 1 and October 1: rules 32, names32b); a year glued to the day stays one (`Oct 1,2026`)
# A day's number is none right after a colon after a figure: a ratio's or a time's (`1:1 Dec 3 with Wen`, `ratio 3:1
# Nov 23`, `09:30 Dec 3` were the 1st and the 30th: rules 31, dedates); the month's word and the number after it are
# the day (`Dec 3`)
# ... but a number's lower-case `may` before a word is the verb's (`Only 3 may attend`, `Step 2 may fail`; the number
# consumed before hid most), unless a day's preposition is before it (`on 4 may we flew`)
_MAY_VERB_AFTER = re.compile(r"[ \t]+[^\W\d_]")
_DAY_BEFORE = re.compile(r"(?i:\b(?:on|by|of|the|from|since|until|till|to|before|after|through)[ \t]+)$")
# ... and a yearless day after a word no day's preposition (_DAY_BEFORE) nor weekday is a count's number and a name
# when a capitalised word or `'s` follows its month (`My top 5 March Madness picks`, `Page 4 May Chen signed`, `Room 12
# Jan's desk`: fixE, review revF of notedates), not `We meet 4 December`, `Friday 4 December Tom flew`
_WORD_BEFORE = re.compile(r"(?<![\w'’])([^\W\d_]+)[ \t]+$")
_NAME_AFTER_MONTH = re.compile(r"['’]s\b|[ \t]+(?=[^\W\d_])")
# (`weds`: rules 30, ukdates: `Weds 16 Dec P1` was a count's number before a name, no date)
_WEEKDAY_WORDS = frozenset([*WEEKDAY_NAMES, *(d[:3] for d in WEEKDAY_NAMES), "tues", "weds", "thur", "thurs"])


# ... and a yearless day after a noun, capitalised, that takes a number as its name is that number and a month's word
# that is no date's (`Year 2 March assembly`, `Bus 7 August timetable`, `Group 2 April spellings`: review revH of
# notedates); in lower case it is a sentence's noun and the day a date (`Drinks with the team 14 February`: revJ)
_NUMBERED_NOUNS = frozenset("""year group stage set class grade level bus route line platform gate track room floor
ward bed table page chapter section part book volume episode season lesson unit step team no number""".split())


def _count_before_a_name(text: str, m: re.Match) -> bool:
    """A yearless day-first WORD_DATE match `m` that is a count's number and a name (above)."""
    word = _WORD_BEFORE.search(text, max(0, m.start() - 30), m.start())
    if word is not None and word.group(1)[0].isupper() and word.group(1).lower() in _NUMBERED_NOUNS:
        return True  # capitalised as a name's (`Year 2`, `Bus 7`): `with the team 14 February`, `the bus 7 August`
    after = _NAME_AFTER_MONTH.match(text, m.end())
    if after is None or (after.group(0).isspace() and not text[after.end()].isupper()):
        return False
    word = _WORD_BEFORE.search(text, max(0, m.start() - 30), m.start())
    return bool(word) and word.group(1).lower() not in _WEEKDAY_WORDS and not _DAY_BEFORE.search(text, word.start(),
                                                                                                 m.start())
# A day as Chinese and Japanese write it, its year or not: 2024年5月3日, 5月3日,
# Chinese speech's 5月3号, with the blanks typesetting puts around the digits
# (2024 年 5 月 3 日) or full-width digits (５月３日). No word boundary marks its
# start or end (a CJK character is a word character: 在2024年5月3日去了), digits
# do: 12月3日 is no 2月3日. An era year (令和6年) is none.
CJK_DATE = re.compile(r"(?<!\d)(?:(\d{4})[ \t]?年[ \t]?)?(\d{1,2})[ \t]?月[ \t]?(\d{1,2})[ \t]?[日号](?!\d)")
# a month so written, with its year (2024年5月): a span of days a question asks about
CJK_MONTH = re.compile(r"(?<!\d)(\d{4})[ \t]?年[ \t]?(\d{1,2})[ \t]?月(?![ \t]?\d)")


# A day as German (and most of Europe) writes it: day first, a dot after each number, `03.10.2026`, `3.10.2026`
# (no dotted form is month first), only with its year (`3.10` is a number); and with the month's German name,
# `3. Oktober 2026`, `3. Okt.`, `14. Februar` (GERMAN_MONTHS: the name's dot after the day tells it from English
# `3 October`). A month name that is also English or a first name (April, August, September, November, Jan, Mai,
# Juni, Juli) after a list item's number opening its line (`1. August we flew`, `2. Jan Meier`) is the list's
# unless a year follows it. Readers 12 and heuristic rules 23 (qa39: a German vault's `05.10.2026.md`,
# `# Dienstag, 06.10.2026` and `am 3. Oktober` dated nothing, and `Was habe ich am 3. Oktober gemacht?` asked
# no day).
GERMAN_MONTHS = {**month_numbers("de", variants=True), "maerz": 3,  # (März without its umlaut)
                 "jan": 1, "feb": 2, "mär": 3, "mrz": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
                 "sept": 9, "okt": 10, "nov": 11, "dez": 12}
_LIST_MONTHS = frozenset("april august september november jan mai juni juli apr aug sep sept nov jun jul".split())
_GERMAN_FULL = "|".join(sorted((m for m in GERMAN_MONTHS if len(m) > 4 or m == "mai"), key=len, reverse=True))
_GERMAN_SHORT = "|".join(sorted((m for m in GERMAN_MONTHS if len(m) <= 4 and m != "mai"), key=len, reverse=True))
GERMAN_DATE = re.compile(rf"(?<![\w.])(\d{{1,2}})\.[ \t\u00a0]?"
                         rf"((?:{_GERMAN_FULL})(?!\w)|(?:{_GERMAN_SHORT})(?:\.|(?!\w)))"
                         r"(?:,?[ \t\u00a0]+((?:19|20)\d\d)(?!\d))?", re.I)
DOTTED_DATE = re.compile(r"(?<![\w.])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.((?:19|20)\d\d)(?!\w|\.\d)")
_LIST_ITEM_START = re.compile(r"[ \t>*+#-]*")  # a heading's number too (`## 2. August plans`)
# Without its year, a day is German's only in German text (german, german_question), after a preposition of days
# (`am`, `vom`, `bis`...), as a name's whole (`5. Okt`, a date entity's), or with a month no English text writes
# (fixE, review revE of qa39: `Ranking: 1. Mai Nguyen 2. Jun Park`, `until 5. Jan left early`, `Agenda: 1. Budget 2.
# Jan's report` were days): not Mai, Juli (names), an abbreviation only with its dot (`Okt.`, not `Dez`, a name too)
_UNMISTAKABLE_MONTHS = frozenset("januar jänner februar märz maerz juni oktober dezember".split())
_UNMISTAKABLE_SHORT = frozenset("mär mrz okt dez".split())
# (`am` after a clock's hour is English's: `Meeting at 9 am 3.10. with Tom` asked no day before qa39: fixE)
# (and English's `I am`: `I am 6.2. and she is 5.11.`, rules 31)
_DAY_PREPOSITION_WORD = r"(?i:\b(?:(?<!\d[ \t])(?<!\bI[ \t])am|vom|bis|zum|seit|ab))"
_DAY_PREPOSITION = re.compile(rf"{_DAY_PREPOSITION_WORD}[ \t\u00a0]+$")
# German's days abbreviated (heuristic's names: `Mo`, `Di` before a day name nothing)
GERMAN_DAY_ABBREVIATIONS = frozenset("Mo Di Mi Do Fr Sa So".split())
GERMAN_DAY_SHORT = "(?:" + "|".join(sorted(GERMAN_DAY_ABBREVIATIONS)) + ")"
# ... but German's after `um` and its hour, `am` the day's (`um 10 am 3.10.`, `um 9:30 am 3.10.`: fixF, review
# revG), and a day after a weekday's German abbreviation (`am Mo. 5.10.`, `am Do., 5.11.`)
_UM_HOUR = "|".join(rf"(?<=\bum {h} am )" for h in (r"\d", r"\d\d", r"\d:\d\d", r"\d\d:\d\d", r"\d\.\d\d", r"\d\d\.\d\d"))
_AM_WEEKDAY = "|".join(rf"(?<=\bam {d}{after})" for d in ("mo", "di", "mi", "do", "fr", "sa", "so")
                       for after in (r"\. ", r"\., ", " ", ", "))
_GERMAN_YEARLESS_DAY = re.compile(r"(?i:(?<=\bam )(?<!\d am )|" + _UM_HOUR + "|" + _AM_WEEKDAY
                                  + r"|(?<=\bvom )|(?<=\bbis )|(?<=\bzum )|(?<=\bseit )"
                                  r"|(?<=\bab ))(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(?![\w.]|\d)")


def german_dates(text: str) -> list[tuple[re.Match, str | None, int, int]]:
    """(match, year or None, month, day) of each day `text` writes as German
    does (above): `03.10.2026`, `3. Oktober 2026`, `5. Okt.`."""
    found = []
    in_german = None  # (read once, where a yearless day needs it)
    for m in GERMAN_DATE.finditer(text):
        word = m.group(2).lower().rstrip(".")
        # a date entity's name, whole (`3. August`): its key is its day (it was `3august`, read as a list's item)
        if not m.group(3) and m.group(0).strip(" .") != text.strip(" .,"):
            if word in _LIST_MONTHS and _LIST_ITEM_START.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start()):
                continue
            if not (word in _UNMISTAKABLE_MONTHS or (word in _UNMISTAKABLE_SHORT and m.group(2).endswith("."))
                    or _DAY_PREPOSITION.search(text, max(0, m.start() - 12), m.start())):
                if in_german is None:
                    in_german = german(text) or german_question(text)
                if not in_german:
                    continue
        found.append((m, m.group(3), GERMAN_MONTHS[word], int(m.group(1))))
    found += [(m, m.group(3), int(m.group(2)), int(m.group(1))) for m in DOTTED_DATE.finditer(text)]
    return sorted(found, key=lambda f: f[0].start())


# A German day in figures without its year, closed by its dot (`Do 17.12. um 09:40`, `am 17.11., 24.11. und 1.12.`),
# or with a year of two figures (`Mo 7.12.26`). `1.12.` is as often a section's, a version's, a decimal's, a verse's
# or an outline's number (`see 3.2.`, `v2.14.`, `grew 12.5.`, `Hausaufgaben: 3.1., 3.2.`, `Upgraded Node to 20.11.`),
# so it is a day only where something says so (rules 31, dedates: a Berlin expat's `Do 17.12.` appointment was no
# day): a weekday before it (German's `Di`, `Do.`, `Montag, den`; English's `Sun`, `Thursday`) or a preposition of
# days (`am`, `vom`, `bis`, `zum`, `seit`, `ab`); or a list of such days where one of them has one (`Di 1.12. + Do
# 3.12.`, `am 17.11., 24.11. und 1.12.`; `done: 17.11., 24.11., 1.12.` alone is none: a list of numbers alone is as
# often sections', verses' or versions', fixDE, review of dedates); or a date entity's name whole (`17.12.`). German's
# `Do` and `So` are English words too (`So 1.2. was wrong`, `- [ ] Do 3.2. first`): before a day whose month has one
# figure they are one only with their dot or comma (`Do. 3.2.`); `am` is none after `I` (`I am 6.2.`). A list is no
# day after a reference's word (`see`, `Section`, `Abschnitt`, `§`), nor one at a line's start before a word in
# capitals (an outline's `1.2. Scope`). A year of two figures is read only after a weekday or a preposition (`Python
# 3.12.10`, a file's `Releases/4.2.16.md`, `[[4.2.16]]` are versions), 69 and above as 19xx (Python's %y). `17.12
# Uhr` (no closing dot), `1.12.0`, `10.1.1.12.` (a longer run of numbers) and amounts (`1.234,50`) are none.
_DOTTED_DAY = re.compile(r"(?=\d)(?<![\w.§€$£])(?<!\d[,:])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\."
                         r"(?:(\d\d)(?![\w.]|,\d))?(?!\w|[.,]\d)")
# (what a text must hold for _DOTTED_DAY to be tried: a search for it takes a fifth of _DOTTED_DAY's time, and most
# texts hold none; find_dates took 20 % longer over LiHua's notes without it)
_DOTTED_DAY_HINT = re.compile(r"\d\.\d\d?\.")
_GERMAN_DAY_OR_CAPS = f"(?:{GERMAN_DAY_SHORT}|{GERMAN_DAY_SHORT.upper()})"
_DAY_WORDS = "|".join([*WEEKDAY_NAMES, *FOREIGN_WEEKDAYS["de"]])
_SHORT_DAY_WORDS = "|".join(sorted((d.capitalize() for d in _WEEKDAY_WORDS), key=len, reverse=True))
_DAY_BEFORE_DOTTED = re.compile(
    rf"(?:(?<![\w.])(?:{_GERMAN_DAY_OR_CAPS}|{_SHORT_DAY_WORDS})(\.?,?)|(?i:\b(?:{_DAY_WORDS})),?(?:[ \t]+den)?"
    rf"|{_DAY_PREPOSITION_WORD})[ \t\u00a0]+$")
_ENGLISH_TOO = frozenset("do so".split())  # (German's day words English writes: above; `I am` is no preposition)
# between two days of a list: a comma, a plus, a dash, `und`, `bis`; the next day's own weekday (`1.12. + Do 3.12.`)
_DOTTED_DAYS_JOIN = re.compile(rf"[ \t]*(?:[,;+&/–—-]|(?i:und|and|bis|to|u\.))?[ \t]*"
                               rf"(?:(?:{_GERMAN_DAY_OR_CAPS}|{_SHORT_DAY_WORDS})\.?,?[ \t]+)?")
_REFERENCE_BEFORE = re.compile(
    r"(?i:(?:§|\b(?:see|siehe|vgl|cf|section|sections|sect|sec|abschnitt|kapitel|chapter|punkt|nr|no|nos|page|pages|"
    r"pp|p|seite|seiten|s|version|ver|v|release|step|schritt|table|tabelle|fig|figure|abb|item|rule|regel|ziffer|"
    r"anlage|annex|appendix|anhang|art|para|clause|lektion|lesson|unit|aufgabe|exercise|übung|score|ergebnis|"
    r"question|frage|task|top|pkt|abs|absatz|rn|kap|tab)(?:s|e|n|en)?\b)\.?[ \t]*)$")
_OUTLINE_AFTER = re.compile(r"[ \t]+[^\W\d_a-zäöüß]")


def _dotted_days(text: str) -> list[tuple[re.Match, int | None, int, int]]:
    """(match, year or None, month, day) of each German day in figures without its four-figure year (_DOTTED_DAY,
    above) that `text` says is a day."""
    found = list(_DOTTED_DAY.finditer(text))
    if not found:
        return []
    anchored = [_day_word_before(text, m) for m in found]
    listed = [False] * len(found)
    run_start = 0  # each list's first day: a reference's word before it makes none of them a day
    for i in range(1, len(found) + 1):
        if i < len(found) and _DOTTED_DAYS_JOIN.fullmatch(text, found[i - 1].end(), found[i].start()):
            continue
        if i - run_start >= 2 and any(anchored[run_start:i]) and not _reference(text, found[run_start]):
            listed[run_start:i] = [True] * (i - run_start)
        run_start = i
    whole = text.strip(" .,")
    days = []
    for m, anchor, in_list in zip(found, anchored, listed):
        if m.group(3) and not anchor:
            continue  # a year of two figures only after a weekday or a preposition (`Python 3.12.10`, `4.2.16`)
        if not (anchor or in_list or m.group(0).strip(" .") == whole):
            continue
        year = None if m.group(3) is None else two_figure_year(m.group(3))
        days.append((m, year, int(m.group(2)), int(m.group(1))))
    return days


def _day_word_before(text: str, m: re.Match) -> bool:
    """Is a weekday or a preposition of days right before the day-like `m` (`Do 17.12.`, `am 3.10.`)? `Do`, `So`
    before a month of one figure only with their dot or comma (`Do. 3.2.`, not `- [ ] Do 3.2. first`: above)."""
    head = text[max(0, m.start() - 20):m.start()]
    if not head.rstrip(" \t\u00a0").rstrip(".,")[-1:].isalpha():
        return False  # (no word before it: most numbers of a list, `1.1., 1.2.`, cost no search)
    before = _DAY_BEFORE_DOTTED.search(text, max(0, m.start() - 20), m.start())
    if before is None:
        return False
    word = before.group(0).rstrip(" \t\u00a0.,").lower()
    return word not in _ENGLISH_TOO or len(m.group(2)) == 2 or bool(before.group(1))


def _reference(text: str, m: re.Match) -> bool:
    """Is the day-like `m` a reference's or an outline's number (`see 3.2.`, `§ 1.12.`, `1.2. Scope`: above)?"""
    if _REFERENCE_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return True
    return bool(_LIST_ITEM_START.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start())
                and _OUTLINE_AFTER.match(text, m.end()))


# A day written with slashes: the year first (`2027/05/15`, Japan's, China's and ISO's order with slashes) is always
# read; the year last is read when only one order makes a date, day first (`15/05/2027`, as Europe writes it) or month
# first (`05/15/2027`, the US's). `05/06/2027` is the 5th of June in Europe and May 6 in the US: no setting says which
# a vault writes, and a wrong guess is a wrong date entity that grounds a question on another day's note, so such a
# day is no date (rules 26, dates6: `15/05/2027` was no date entity, `2027/05/15` neither). It is none even where the
# text's other slashed days show an order (fixD): an entity is keyed by its name alone (normalise_key), which reads no
# order, so `05/06/2027` was the entity `05062027`, one for a UK note's 5 June and a US note's May 6. A
# part of a path or an address (`/2026/05/15/`, `journal/2026/11/03.md`) or of a longer run of numbers (`1/2/2026/7`)
# is none; a fraction or a span of two years (`71/100`, `2026/27`) has no three parts. A wikilink's target
# (`[[2024/05/01]]`, `[[2024/5/1]]`) is a note's path: text.folder_date reads it, as Obsidian's year, month and day
# folders, and `[[2024/5/1]]` names no such folder.
# The year last may have two figures (`16/11/26`, `Due: 14/12/26`, as UK forms, e-mails and court lists write it,
# and the US's `11/16/26`; rules 32, slash2y), read as the dotted days' are (two_figure_year: 00-68 the 2000s, as
# Python's `%y`), but only when that year is within TWO_FIGURE_YEARS of this year (fixS2: a gym log's `15/12/10`,
# `Asset allocation 20/10/70`, `Loan terms 12/24/48`, `Score: 13/11/20` are counts, and a count's three numbers
# rarely make a year near now); such a day is never day-order evidence (dayorder._unambiguous).
SLASHED_DATE = re.compile(r"(?<![\w/.])(?<!\[\[)(?:((?:19|20)\d\d)/(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])"
                          r"|(0?[1-9]|[12]\d|3[01])/(0?[1-9]|[12]\d|3[01])/((?:19|20)\d\d|\d\d))(?![\w/]|\.\d)")
# how many years from this year a two-figure year may be to be read (`/26` in 2023-2029, asked or synced in 2026)
TWO_FIGURE_YEARS = 3


def two_figure_year(year: str) -> int:
    """The year a day's two figures `year` write (`26` 2026, `75` 1975): 00-68 the 2000s, 69-99 the 1900s, as
    Python's and POSIX's `%y` read them and _dotted_days reads `4.2.16`."""
    return int(year) + (1900 if int(year) >= 69 else 2000)


def slashed_year(m: re.Match) -> int:
    """The year of a SLASHED_DATE match written year last (`15/05/2027`, `15/05/27`)."""
    year = m.group(6)
    return int(year) if len(year) == 4 else two_figure_year(year)


def this_year() -> int:
    """The year a two-figure year is read near: the local date's, the day the note is synced or the question asked;
    a function, so a test may fix it. Not the note's own year, which find_dates' callers do not know: a note
    re-extracted years later may lose its `16/11/26` (a rules bump re-reads it against the new year)."""
    return _dt.date.today().year


def this_day() -> _dt.date:
    """The local date an undated note's weekday and day are read near (pinned_year): the day the note is synced; a
    function, so a test may fix it."""
    return _dt.date.today()


# the days around this_day in which an undated note's yearless day is read by its weekday (pinned_year, rules 33,
# wdpin: a pasted e-mail's `received Mon 7 Dec`): a day of the year falls on one weekday again after 5, 6 or 11 years,
# so the years from 3 back to the next one hold at most one of a weekday and a day. An undated note writes of the
# days gone more than of those to come (a pasted thread, a call's log): ahead only into the six weeks past today
# (next January's `Mon 4 Jan` in December), not a year on (fixWP: an old note's `Deadline Thu 9 Dec` is no 2027 day)
PINNED_YEARS_BACK = 3
PINNED_DAYS_AHEAD = 42
# ... and a day of the six weeks either side of today written with another weekday is a slip, not a day of years
# ago (fixWP: a to-do's `dentist Wed 10 Dec` in a week whose 10 Dec is a Thursday stays yearless, a day of this week)
PINNED_SLIP_DAYS = 42


def pinned_year(month: int, dom: int, weekday: int) -> int | None:
    """The one year from PINNED_YEARS_BACK before this_day's to PINNED_DAYS_AHEAD days after it in which day `dom`
    of `month` is the weekday `weekday` (0 Monday): `Mon 7 Dec` in 2026 is 2026's (2020's is too far back); None
    for a weekday none of them makes true, or that the day's nearest to today, within PINNED_SLIP_DAYS, is not
    (`Wed 10 Dec` on 2026-12-07, a Thursday's: a slip)."""
    return _pinned_year(month, dom, weekday, this_day())


def _a_day(year: int, month: int, dom: int) -> _dt.date | None:
    return _dt.date(year, month, dom) if iso_date(year, month, dom) else None


@functools.lru_cache(maxsize=4096)
def _pinned_year(month: int, dom: int, weekday: int, today: _dt.date) -> int | None:
    near = [d for y in range(today.year - 1, today.year + 2) if (d := _a_day(y, month, dom)) is not None]
    nearest = min(near, key=lambda d: abs((d - today).days), default=None)
    if nearest is not None and abs((nearest - today).days) <= PINNED_SLIP_DAYS and nearest.weekday() != weekday:
        return None
    last = today + _dt.timedelta(days=PINNED_DAYS_AHEAD)
    years = [y for y in range(today.year - PINNED_YEARS_BACK, today.year + 2)
             if (d := _a_day(y, month, dom)) is not None and d <= last and d.weekday() == weekday]
    return years[0] if len(years) == 1 else None


def slashed_days_in(text: str):
    """SLASHED_DATE's matches in `text` that are days: each with its year of four figures, one of two figures near
    this year (_a_day_year)."""
    return (m for m in SLASHED_DATE.finditer(text) if _a_day_year(m))


def slashed_day_at(text: str, at: int) -> re.Match | None:
    """The day with slashes (slashed_days_in) that starts at `at` of `text`, else None."""
    m = SLASHED_DATE.match(text, at)
    return m if m and _a_day_year(m) else None


def _a_day_year(m: re.Match) -> bool:
    """Is a SLASHED_DATE match's year a day's: one of four figures, or of two within TWO_FIGURE_YEARS of this year
    (`16/11/26` in 2026; not a count's `15/12/10`, `20/10/70`, `12/24/48`)?"""
    if not m.group(6) or len(m.group(6)) == 4:
        return True
    return abs(two_figure_year(m.group(6)) - this_year()) <= TWO_FIGURE_YEARS


def slashed_dates(text: str) -> list[tuple[re.Match, int, int, int]]:
    """(match, year, month, day) of each day `text` writes with slashes (SLASHED_DATE, above) that one order alone
    makes a day of: an ambiguous `05/06/2027` is left out. Each is read the same alone as in its text."""
    found = []
    for m in slashed_days_in(text):
        if m.group(1):
            found.append((m, int(m.group(1)), int(m.group(2)), int(m.group(3))))
            continue
        first, then, year = int(m.group(4)), int(m.group(5)), slashed_year(m)
        if first > 12 and then <= 12:
            found.append((m, year, then, first))
        elif then > 12 and first <= 12 or first == then:  # `05/05/2027` is one day either way (dates7)
            found.append((m, year, first, then))
    return found


def ambiguous_slashed_days(text: str) -> list[tuple[re.Match, tuple[int, int, int], tuple[int, int, int]]]:
    """(match, (year, month, day) read month first, (year, month, day) read day first) of each day `text` writes
    with slashes that either order makes a day of (`05/06/2027`: May 6 or 5 June), which slashed_dates leaves out:
    a question searches both (written_days, askday.read_days: dates7)."""
    found = []
    for m in slashed_days_in(text):
        if m.group(4) and int(m.group(4)) <= 12 and int(m.group(5)) <= 12 and m.group(4).lstrip("0") != m.group(5).lstrip("0"):
            first, then, year = int(m.group(4)), int(m.group(5)), slashed_year(m)
            found.append((m, (year, first, then), (year, then, first)))
    return found


def iso_date(year: int | None, month: int, day: int) -> str | None:
    try:
        _dt.date(year or 2000, month, day)
    except ValueError:
        return None
    return f"{year:04d}-{month:02d}-{day:02d}" if year else f"--{month:02d}-{day:02d}"


_A_FIGURE = re.compile(r"\d")


def find_dates(text: str) -> list[tuple[str, str]]:
    """(surface form, ISO date or --MM-DD) for every date written in the text."""
    found = []
    # each pattern below needs a figure (`\d`), and some a character of their own (COMPACT_DATE's 19 or 20,
    # ISO_DATE's `-`, CJK_DATE's 月): a text without one is not scanned for them (59% of the bench corpus' chunks
    # hold no figure, and CJK_DATE and WORD_DATE, which try every position, took most of find_dates' time)
    if _A_FIGURE.search(text) is None:
        return found
    for m in COMPACT_DATE.finditer(text) if "20" in text or "19" in text else ():
        iso = iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m in ISO_DATE.finditer(text) if "-" in text else ():
        iso = iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m in WORD_DATE.finditer(text):
        day, month_word = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month = MONTH_WORDS[month_word.lower()]
        year = int(m.group(5)) if m.group(5) else None
        if month_word == "may" and m.group(1) and not year and _MAY_VERB_AFTER.match(text, m.end()) \
                and not _DAY_BEFORE.search(text, max(0, m.start() - 10), m.start()):
            continue
        if m.group(1) and not year and _count_before_a_name(text, m):
            continue
        iso = iso_date(year, month, int(day))
        if iso:
            found.append((m.group(0), iso))
    for m in CJK_DATE.finditer(text) if "月" in text else ():
        iso = iso_date(int(m.group(1)) if m.group(1) else None, int(m.group(2)), int(m.group(3)))
        if iso:
            found.append((m.group(0), iso))
    for m, year, month, day in german_dates(text):
        iso = iso_date(int(year) if year else None, month, day)
        if iso:
            found.append((m.group(0), iso))
    for m, year, month, day in slashed_dates(text):
        iso = iso_date(year, month, day)
        if iso:
            found.append((m.group(0), iso))
    for m, year, month, day in _dotted_days(text) if _DOTTED_DAY_HINT.search(text) else ():
        iso = iso_date(year, month, day)
        if iso:
            found.append((m.group(0), iso))
    return found


def nearest_year(yearless: str, day: str) -> str | None:
    """The ISO date of a day written without its year (`yearless`, find_dates' `--12-20`) in a note of `day` (its
    ISO date, or its date and time): the one of that month and day nearest to `day`, a year before it, in its year
    or after it. A note writes of the days around its own, before or ahead: `20 Dec` in a note of 2026-12-07 is
    2026-12-20, `3 Jan` in one of 2026-12-28 is 2027-01-03 (of its own year, 359 days back), and `20 Dec` in
    one of 2027-01-05 is 2026-12-20. None when `day` is no date (or Feb 29 is no day of any of the three years)."""
    try:
        own = _dt.date.fromisoformat(day[:10])
    except ValueError:
        return None
    month, dom = int(yearless[2:4]), int(yearless[5:7])
    found = [iso for year in (own.year - 1, own.year, own.year + 1) if (iso := iso_date(year, month, dom))]
    if not found:
        return None
    return min(found, key=lambda iso: abs((_dt.date.fromisoformat(iso) - own).days))


# A daily note's name (its file name without the extension, a link's
# target) is a date when it is one whole, with its year: as the date rules
# read one in a text (2024-05-01, 20240501, May 1st, 2024: Logseq's page
# title), the ISO order with `_` or `.` (Logseq's file name 2024_05_01,
# 2024.05.01), Dendron's hierarchy ending in one (daily.journal.2024.05.01),
# or any of these with the date's own weekday before or after it (Obsidian
# formats: 2024-05-01 Wednesday, Wednesday, May 1st 2024). A name that holds
# a date and more (2024-05-01 standup, a timestamp 20260922_1700), day-first
# or month-first numbers (01-05-2024: which is the month?) is none.
_SEPARATED_DATE = re.compile(r"((?:19|20)\d\d)([-_.])(0[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01])")
_HIERARCHY = re.compile(r"(?:[^\W\d_][\w-]*\.)+(?=\d{4}\.\d\d\.\d\d$)")
_WEEKDAY = "|".join([*WEEKDAY_NAMES, *(d[:3] for d in WEEKDAY_NAMES)])
_WEEKDAY_FIRST = re.compile(rf"({_WEEKDAY})\.?,?\s+(.+)", re.I)
_WEEKDAY_LAST = re.compile(rf"(.+?),?\s+({_WEEKDAY})", re.I)


def _whole_date(name: str) -> tuple[str, str] | None:
    dates = find_dates(name)
    if len(dates) == 1 and dates[0][0] == name and not dates[0][1].startswith("--"):
        return dates[0]
    m = _SEPARATED_DATE.fullmatch(name)
    iso = iso_date(int(m.group(1)), int(m.group(3)), int(m.group(4))) if m else None
    return (iso, iso) if iso else None


@functools.lru_cache(maxsize=1 << 16)  # pure; a folder's file names and link targets repeat (link_target, file_date)
def daily_date(name: str) -> tuple[str, str] | None:
    """(surface, ISO date) when `name`, whole, is a daily note's date (see
    above): the surface is `name` when the date rules read it as written
    (its entity's form), else the ISO date; None for any other name."""
    name = name.strip()
    if not name[:1].isalnum():
        return None
    found = _whole_date(name)
    if found is not None:
        return found
    m = _HIERARCHY.match(name)
    if m:
        found = _whole_date(name[m.end():])
        return (found[1], found[1]) if found else None
    for pattern, day, date in ((_WEEKDAY_FIRST, 1, 2), (_WEEKDAY_LAST, 2, 1)):
        m = pattern.fullmatch(name)
        found = _whole_date(m.group(date)) if m else None
        if found is not None:
            weekday = _dt.date.fromisoformat(found[1]).weekday()
            # the date's own weekday: "Monday, May 1st 2024" is a typo or no date
            if m.group(day).lower()[:3] == WEEKDAY_NAMES[weekday][:3]:
                return found[1], found[1]
    return None


# Obsidian's daily notes and Periodic Notes plugins may file each day in
# folders of its year and month: the format YYYY/MM/DD makes `2024/05/01.md`
# (YYYY/MM/YYYY-MM-DD's `2024/05/2024-05-01.md` is a date by its file name
# alone) and the link `[[2024/05/01]]`. Such a path is a date when its last
# three parts are a year (19xx or 20xx), a month and a day of two digits, all
# digits, that make a date: not `chapter/3/1.md` (no year), `2024/13/01.md`
# or `2024/5/1.md` (a dotted `2024.5.1` is no date either).
_FOLDER_DATE = re.compile(r"(?:^|/)((?:19|20)\d\d)/(0[1-9]|1[0-2])/(0[1-9]|[12]\d|3[01])")


def folder_date(path: str) -> tuple[str, str] | None:
    """(ISO date, ISO date) when the last three parts of `path` (a note's
    path in its synced folder without the file's extension, a link's target:
    '/'-separated) are a year, a month and a day folder layout (above); None
    for any other path."""
    m = _FOLDER_DATE.search(path)
    if m is None or m.end() != len(path):
        return None
    iso = iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return (iso, iso) if iso else None


# A TextBundle (textbundle.org: Bear's, Ulysses', iA Writer's and Craft's export, `Trip to Lisbon.textbundle/`)
# holds its note as `text.md` (`text.markdown`, `text.txt`) beside `info.json` and `assets/`: the bundle is
# the note, named and dated by the bundle's name (readers 9, heuristic rules 20: every bundle's note was
# `text`, named by nothing, and `[[Trip to Lisbon]]` joined no note); `.textpack` is such a bundle zipped
# its extension may be left out where a link names it, as Obsidian writes a link to a note by its path,
# `[[Trip to Lisbon.textbundle/text]]` (revS: it named `text`, one entity every such link joined)
_BUNDLE_TEXT = re.compile(r"((?:[^/]*/)*?)([^/]+)\.textbundle/text(\.[^./]+)?", re.I)
BUNDLE_SUFFIX = ".textbundle"


def bundle_path(path: str) -> str:
    """`path` ('/'-separated) as the note it is: a TextBundle's text, `trips/Trip to
    Lisbon.textbundle/text.md`, is the note `trips/Trip to Lisbon.md` (its extension kept:
    `text.txt` is `Trip to Lisbon.txt`; a link's `Trip to Lisbon.textbundle/text`, `Trip to Lisbon`),
    as its file name, its links and its date read it (_BUNDLE_TEXT); any other path as it is."""
    if BUNDLE_SUFFIX not in path.lower():
        return path
    m = _BUNDLE_TEXT.fullmatch(path)
    return f"{m.group(1)}{m.group(2)}{m.group(3) or ''}" if m is not None else path


def file_date(path: str) -> tuple[str, str] | None:
    """The date a daily note at `path` (relative to its synced folder,
    '/'-separated; a file name alone is read alike) is named by
    (heuristic.note_name) and dated by (answer.note_date): daily_date of its
    file name without the extension (`journals/2024_05_01.md` ->
    ("2024-05-01", "2024-05-01")), else its folders' date
    (`2024/05/01.md`: folder_date); None for other notes. A TextBundle's
    text by its bundle's name (bundle_path)."""
    path = bundle_path(path)
    name = path.rsplit("/", 1)[-1]
    stem = name.rsplit(".", 1)[0] if "." in name else name
    found = daily_date(stem)
    if found is None and "/" in path:
        found = folder_date(path[:len(path) - len(name)] + stem)
    return found


# A weekly or monthly note's name, as Obsidian's Periodic Notes and Journals
# plugins write them by default: `2026-W45` (the ISO week: gggg-[W]ww) and
# `2026-11` (YYYY-MM), the month's name after it or not (`2026-11 November`,
# `2026-11 Nov`: the month's own name, else no period).
ISO_WEEK = re.compile(r"((?:19|20)\d\d)-?W(0[1-9]|[1-4]\d|5[0-3])", re.I)
# ... and a quarter's, `2026-Q4` (Periodic Notes' YYYY-[Q]Q: qa27, its tasks and its review were undated;
# a yearly note's `2026` is not read so: a note named `1984.md` is a book's as often)
_QUARTER_NAME = re.compile(r"((?:19|20)\d\d)-?Q([1-4])", re.I)
_MONTH_NAME = re.compile(r"((?:19|20)\d\d)[-_.](0[1-9]|1[0-2])(?:,?\s+([^\W\d_]+)\.?)?")


def note_stem(path: str) -> str:
    """The file name of the note at `path` ('/'-separated) without its extension, as its period or week is read
    from it (file_period, weeklabels.py): a TextBundle's, its bundle's (bundle_path)."""
    name = bundle_path(path).rsplit("/", 1)[-1]
    return (name.rsplit(".", 1)[0] if "." in name else name).strip()


def iso_week_monday(m: re.Match) -> _dt.date | None:
    """The Monday of the ISO week an ISO_WEEK match names (`2026-W50`: 2026-12-07); None for a 53rd week of a year
    of 52."""
    try:
        return _dt.date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
    except ValueError:
        return None


def file_period(path: str) -> tuple[_dt.date, _dt.date] | None:
    """(first day, last day) of the week, month or quarter a weekly, monthly
    or quarterly note at `path` is named by (its file name without the
    extension, whole: above; a TextBundle's, its bundle's: bundle_path; a
    todo.txt list's without its `.todo`/`.done` too, `2026-11.todo.txt`); None
    for any other note (a daily note is dated by file_date)."""
    stem = note_stem(path)
    if bundle_path(path).lower().endswith((".todo.txt", ".done.txt")):  # (todotxt.is_todo_txt: a month's list)
        stem = stem[:-len(".todo")]
    m = ISO_WEEK.fullmatch(stem)
    if m:
        monday = iso_week_monday(m)
        return (monday, monday + _dt.timedelta(days=6)) if monday is not None else None
    m = _QUARTER_NAME.fullmatch(stem)
    if m:
        year, quarter = int(m.group(1)), int(m.group(2))
        last = _dt.date(year + 1, 1, 1) if quarter == 4 else _dt.date(year, 3 * quarter + 1, 1)
        return _dt.date(year, 3 * quarter - 2, 1), last - _dt.timedelta(days=1)
    m = _MONTH_NAME.fullmatch(stem)
    if m is None or (m.group(3) and _month_of(m.group(3)) != int(m.group(2))):
        return None
    first = _dt.date(int(m.group(1)), int(m.group(2)), 1)
    return first, (first + _dt.timedelta(days=32)).replace(day=1) - _dt.timedelta(days=1)


# a note titled after its month, `2026-11 report`, `2026-11 - Treasurer`, `2026_11 Minutes`: its year and month, a
# blank or a dash, then a title that opens with a letter (not `2026-11-18`, a day; not `2026-11 2nd draft`)
_TITLED_MONTH = re.compile(r"((?:19|20)\d\d)[-_.](0[1-9]|1[0-2])(?:\s*[-–—:]\s*|\s+)([^\W\d_]+)")


def note_period(path: str, in_words: bool = True) -> tuple[_dt.date, _dt.date] | None:
    """(first day, last day) of the period the note at `path` is of by its file name: a weekly, monthly or quarterly
    note's (file_period), else the month of a note whose name opens with it and goes on with a title
    (`Treasurer/2026-11 report.md`, `2026-11 - Treasurer.md`: November 2026, as `2026-11-18 committee meeting.md` is
    of its day); not when the title opens with another month's name (`2026-11 December plan.md`); else the month
    its title writes in words with its year, anywhere (`Rent ledger - Nov 2026.md`, `November 2026.md`, `Invoices –
    Oct '26.md`: _title_month). None for any other note. The days a question asks read such a note as of its month
    (datednotes.note_span, answer's notes of the days); its name stays a title's (file_period alone names a
    periodic note: heuristic.note_name). Without `in_words`, a title's month in words dates nothing (the answer's
    notes of the days and the `period` vote read a file name's month alone: review of titleperiod)."""
    period = file_period(path)
    if period is not None:
        return period
    stem = note_stem(path)
    m = _TITLED_MONTH.match(stem)
    if m is None:
        month = _title_month(stem) if in_words else None
        return _month_days(*month) if month is not None else None
    named = _month_of(m.group(3)) if m.group(3).lower().rstrip(".") in MONTH_WORDS else None
    if named is not None and named != int(m.group(2)):
        return None
    return _month_days(int(m.group(1)), int(m.group(2)))


def _month_days(year: int, month: int) -> tuple[_dt.date, _dt.date]:
    first = _dt.date(year, month, 1)
    return first, (first + _dt.timedelta(days=32)).replace(day=1) - _dt.timedelta(days=1)


def _title_month(stem: str) -> tuple[int, int] | None:
    """(year, month) of the one month a note's title `stem` writes in words with its year (_TITLE_MONTH_YEAR:
    `Rent ledger - Nov 2026`, `Budget November 2026`, `Invoices – Oct '26`, `Haushaltsbuch Oktober 2026`); None
    when it writes none, a day (`Meeting 5 Nov 2026`: a day's number before the month), a span of months (`Nov-Dec
    2026 budget`) or two months (`Oct 2026 - Mar 2027 lease`). A year alone is no month (`Trip to Paris 2026`), nor
    a month without its year (`May Chen interview`, `March for Science 2026`: the year not next to the word), nor a
    name's `May` (`Theresa May 2019 speech`: a capitalised word right before it), nor a month a title names as a
    term's end or start (`Lease ends Jun 2027`, `Passport - expires Aug 2030`, `Tax return due Jan 2027`, `Started
    at Acme Jan 2025`: _TITLE_TERM_WORDS). `'68` is 1968, `'26` 2026."""
    if _TITLE_TERM_WORDS.search(stem):
        return None
    months = set()
    for m in _TITLE_MONTH_YEAR.finditer(stem):
        before = stem[:m.start()]
        if _TITLE_DAY_BEFORE.search(before) or _TITLE_MONTH_BEFORE.search(before):
            return None
        if m.group(1).lower() == "may" and _TITLE_NAME_BEFORE.search(before):
            continue
        year = m.group(2).lstrip("'’")
        if len(year) == 2:
            year = ("19" if int(year) > 50 else "20") + year
        months.add((int(year), _month_of(m.group(1))))
    return months.pop() if len(months) == 1 else None


def dated_path(root: str, path: str) -> str:
    """`path` (a note's, in its synced folder `root`, '/'-separated) read
    with the folder's own last folders in front as far as a year, month and
    day layout needs (three parts): a synced `journal/2024/05` holds
    `01.md`, which file_date reads as `2024/05/01.md` (the root's absolute
    path is on disk and in the index, documents.root). `path` itself when it
    has three parts or more, or no root is given."""
    parts = path.split("/")
    if not root or len(parts) >= 3:
        return path
    above = [p for p in re.split(r"[/\\]", root) if p and not p.endswith(":")]  # not a drive's `C:`
    return "/".join(above[len(above) - (3 - len(parts)):] + parts) if above else path


# a date, with a time or not, as a note's first line or file name holds it:
# 2026-01-22, 20260122, 2026-01-22 15:00, 2026-01-22T15:00, LiHua's `Time:
# 20260122_15:00` and `20260122_1500.txt`, a Zettelkasten ID (`202611031015 Eigenvalues.md`); the
# seconds a time may carry are read past (Zettlr's IDs, `20261103101500 Eigenvalues.md`, were no date)
_LINE_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)-?(0[1-9]|1[0-2])-?([0-2]\d|3[01])"
                        r"(?:[_T ]?([01]\d|2[0-3]):?([0-5]\d)(?::?[0-5]\d)?)?(?!\d)")


# a day as Chinese and Japanese write it, with its year, and maybe a time of day:
# 2024年5月3日, 2024年5月3日 19:00 (a diary's or a chat export's first line)
_CJK_LINE_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)[ \t]?年[ \t]?(\d{1,2})[ \t]?月[ \t]?(\d{1,2})[ \t]?[日号]"
                            r"(?:[ \t]*([01]?\d|2[0-3])[:：]([0-5]\d)(?!\d))?")


def line_date(line: str, numeric_only: bool = False) -> str:
    """'2026-01-22 15:00' (or '2026-01-22') of the first date `line` holds
    (_LINE_DATE; or a Chinese or Japanese one with its year, _CJK_LINE_DATE:
    `2026年1月22日`), '' when none: the date a note's head or file name gives
    it (answer.note_date). `numeric_only`: the numeric forms alone, as
    BM25 reads a date (store.note_head: whether a daily note's first line
    dates it already, or needs its `date:` line)."""
    m = _LINE_DATE.search(line)
    if not numeric_only:
        for c in _CJK_LINE_DATE.finditer(line):
            if m is not None and m.start() < c.start():
                break
            date = iso_date(int(c.group(1)), int(c.group(2)), int(c.group(3)))
            if date:
                return f"{date} {int(c.group(4)):02d}:{c.group(5)}" if c.group(4) else date
        # a German day in figures, `# Dienstag, 06.10.2026`, `06.10.2026.md` (DOTTED_DATE; readers 12); not
        # numeric_only: BM25 reads it as three numbers day first, so its note needs the `date:` line still
        for d in DOTTED_DATE.finditer(line):
            if m is not None and m.start() < d.start():
                break
            date = iso_date(int(d.group(3)), int(d.group(2)), int(d.group(1)))
            if date:
                return date
    if m is None:
        return ""
    date = f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
    return f"{date} {m.group(4)}:{m.group(5)}" if m.group(4) else date


# a Markdown heading's marks, at a line's start (`# 東京出張` is the title 東京出張): answer.py drops them from the lines a
# model reads, store.note_head from the title a citation key heads (`# C# notes` keeps its `C#`)
HEADING_MARK = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+")


# what may open a note's head before the day it opens with: a Markdown heading's `#`s, a weekday (`# Sat, 15 May 2027`)
_HEAD_LEAD = re.compile(rf"[ \t]*(?:#{{1,6}}[ \t]+)?(?:(?:{_WEEKDAY})\.?,?[ \t]+)?", re.I)


def head_date(line: str) -> str:
    """The date a note's head (its first line: a title, `# 15/05/2027`) gives it: line_date's (`# 2027-05-15`,
    `Standup 20270515`, `# 15.05.2027`, `2024年5月3日 19:00` with its time), else a day with its year written in
    words or with slashes that the line opens with (after its `#`s and a weekday: `# May 15, 2027`, `# 15 May 2027`,
    `# Sat, 15/05/2027`; find_dates reads it, so an ambiguous `# 05/06/2027` is none, fixD). dates7: only the ISO,
    compact, dotted and CJK days dated a note, so `# 15/05/2027` and `# May 15, 2027` were undated notes. The day must
    open the line: `# Plans for May 15, 2027` is about that day, not of it (sections.heading_date reads a section's
    heading so)."""
    date = line_date(line)
    if date:
        return date
    rest = line[_HEAD_LEAD.match(line).end():]
    if rest[:1].isalnum():
        for surface, iso in find_dates(rest[:40]):
            # (not a dotted day's two-figure year, `# 7.12.26`: rules 31 read it in a text, no reader dates a note so)
            if rest.startswith(surface) and not iso.startswith("--") and not _DOTTED_DAY.fullmatch(surface):
                return iso
    return ""


def note_date(first_line: str, path: str = "", root: str = "") -> str:
    """'2026-01-22 15:00' (or '2026-01-22') from a note's head (its first
    line, or its front matter's date line: store.note_heads), else from its
    file name: one that holds a date and maybe a time (`2026-01-22.md`,
    LiHua's `20260122_1500.txt`) or a daily note's that is a date in another
    form (Logseq's `2026_01_22.md`, Dendron's `daily.journal.2026.01.22.md`,
    `Thursday, January 22nd 2026.md`) or whose path in its folder is
    (Obsidian's year, month and day folders `2026/01/22.md`, read with the
    folders of `root`, the synced folder, in front: text.dated_path): text.file_date,
    the date the note's first chunk names; '' when neither carries a date. A todo.txt
    file's head is its first task (todotxt.is_todo_txt), whose creation date dates no other: the
    list is dated by its file name alone (qa34: `(A) 2026-11-03 Call Priya` dated every task)."""
    from minirag_cli.todotxt import is_todo_txt

    if path and is_todo_txt(path):
        first_line = ""
    return head_date(first_line or "") or name_date(dated_path(root, path or ""))


def name_date(path: str) -> str:
    """'2026-01-22 15:00' (or '2026-01-22') that the file name of the note at
    `path` (in its synced folder, '/'-separated, text.dated_path applied)
    dates it by: the first date its name holds, with its time if it has one
    (`2026-01-22.md`, LiHua's `20260122_1500.txt`, a Zettelkasten ID's
    `202610191400 Intro and Big-O.md`, `Chat 2026-11-08.md`), else a daily
    note's date in another form (text.file_date: `2026_01_22.md`,
    `2026/01/22.md`); '' when it gives none. note_date reads it after the
    note's head, and store.note_head writes it into the header of a note
    whose head gives no date, so the header carries the date the note is
    dated by. A TextBundle's text by its bundle's name (bundle_path)."""
    path = bundle_path(path)
    date = line_date(path.rsplit("/", 1)[-1])
    if date:
        return date
    daily = file_date(path)
    return daily[1] if daily is not None else ""


# --------------------------------------------------------------------------- dates in questions

_DAY_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_ALT})\.?(?:,?\s+((?:19|20)\d\d))?\b", re.I)
_MONTH_DAY = re.compile(rf"\b({MONTH_ALT})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+((?:19|20)\d\d))?", re.I)
# a month and the year after it, as written: "October 2026", "Oct. 2026", "October, 2026", "October of 2026"
# (not the year of a day written after it, "May 2026-05-03": that is the day, its month word before it)
_MONTH_ONLY = re.compile(rf"\b({MONTH_ALT})\b(?:\.?,?\s+(?:of\s+)?((?:19|20)\d\d)\b(?![-/.]\d))?", re.I)
# ... and German's months that English does not spell alike, with their year ("im Oktober 2026", "März 2026",
# "Okt. 2026"; qa39: no month was asked): without one, `Mai` is a name as often as `May` is a word
_GERMAN_ONLY_MONTHS = "|".join(sorted((m for m in GERMAN_MONTHS if m not in MONTH_WORDS), key=len, reverse=True))
_GERMAN_MONTH = re.compile(rf"(?<!\w)({_GERMAN_ONLY_MONTHS})(?!\w)\.?,?\s+((?:19|20)\d\d)\b(?![-/.]\d)", re.I)
# a month's word and its year in a note's title (text._title_month), a year's last two digits after an apostrophe
# too (`Oct '26`; not `Oct 26`, a day); the word not inside another (`Decor 2026`), the year not a day's (`Nov
# 2026-11-05`) nor a longer number's
_TITLE_MONTH_YEAR = re.compile(rf"(?<![^\W_])({MONTH_ALT}|{_GERMAN_ONLY_MONTHS})(?![^\W_])\.?,?\s+(?:of\s+)?"
                               rf"((?:19|20)\d\d|['’]\d\d)(?![^\W_]|[-/.]\d)", re.I)
# ... and what before it makes it no month's title: a day's number (`5 Nov 2026`, `5th of November 2026`, `05.
# November 2026`), another month's word with a dash or a word of a span (`Nov-Dec 2026`, `Oct to Dec 2026`)
_TITLE_DAY_BEFORE = re.compile(r"(?<!\d)\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?$", re.I)
# ... and a title's words that make its month a term's end or start, not the month the note is of (review of
# titleperiod: `Lease ends Jun 2027` was June 2027's note for "what happened in June 2027?")
_TITLE_TERM_WORDS = re.compile(r"\b(?:ends?|ending|ended|expires?|expiring|expired|expiry|due|until|till|from|since|"
                               r"start(?:s|ed|ing)?|renews?|renewal|onwards|deadline)\b", re.I)
# ... and a capitalised word right before `May`: a person's name (`Theresa May 2019 speech`, `Brian May 1975`)
_TITLE_NAME_BEFORE = re.compile(r"(?<![^\W_])[A-Z][a-z]+\s+$")
_TITLE_MONTH_BEFORE = re.compile(rf"(?<![^\W_])(?:{MONTH_ALT}|{_GERMAN_ONLY_MONTHS})\.?\s*"
                                 rf"(?:[-–—/&+]|to|and|thru|through|till|until|bis|und)\s*$", re.I)


def _month_words(question: str) -> list[re.Match]:
    """The months `question` writes as words (_MONTH_ONLY; German's with their year: _GERMAN_MONTH), in order:
    each match's group 1 the month's word, group 2 its year or None."""
    return sorted([*_MONTH_ONLY.finditer(question), *_GERMAN_MONTH.finditer(question)], key=lambda m: m.start())


_ISO_MONTH = re.compile(r"\b((?:19|20)\d\d)-(0[1-9]|1[0-2])\b(?![-/.]\d)")  # "in 2026-10", not a day's 2026-10-14
# a span of two years written with the second's last two digits: a season, an academic or a fiscal year ("the
# 2011-12 season", "2019–20", "2011/12"), when those digits are more than the year's own; written with a hyphen
# and 12 or less ("2009-10"), ISO's month (October 2009) unless a word of such years is next to it (_SEASON_BEFORE, _SEASON_AFTER)
SEASON = re.compile(r"\b((?:19|20)(\d\d))([-–/])(\d\d)\b(?![-/.]\d)")
_SEASON_NOUN = (r"seasons?|(?:academic|school|fiscal|financial|tax|budget|football|hockey|basketball|ski)\s+years?"
                r"|fiscal|financial|fy|terms?|semesters?|winters?|campaigns?")
# "FY 2009-10", "winter of 2010-11": where such words end is where a season starts (seasons, in one scan)
_SEASON_BEFORE = re.compile(rf"\b(?:{_SEASON_NOUN})(?:\s+of)?(?:\s+the)?\s*", re.I)
# "the 2009-10 season", "the 2011-12 NHL season", "2009-10 academic year", "the 2010-11 Los Angeles Lakers
# season" (up to four capitalised words between: a league's, a team's)
_SEASON_AFTER = re.compile(rf"(?:\s+(?-i:[A-Z])[\w.&'-]*){{0,4}}\s+(?:{_SEASON_NOUN})\b", re.I)
_PARTIAL_COMPACT = re.compile(r"\b((?:19|20)\d{4,5})\b")  # yyyymm or yyyymmd


def _month_of(word: str) -> int | None:
    w = word.lower().rstrip(".")
    german = GERMAN_MONTHS[w] if w in GERMAN_MONTHS and w not in MONTH_WORDS else None  # `oktober`, `mär`, `dez`
    return MONTHS.get(w) or german or next((v for k, v in MONTHS.items() if k[:3] == w[:3] and len(w) >= 3
                                            and k.startswith(w)), None) or (9 if w == "sept" else None)


def date_terms(question: str, years: Iterable[str] = (), order: str = "") -> list[str]:
    """FTS5 terms for the dates a question writes in words or in part: a
    day's exact yyyymmdd token and the phrase of its numbers (yyyy mm dd),
    or quoted prefixes followed by `*` for a month or a truncated compact
    date. A date without a year stands for each year the index knows; an ambiguous slashed one for both days it may
    be, or the one the index's day order `order` reads (`day-first`, `month-first`: dayorder.py)."""
    years = list(years)
    terms: list[str] = []
    spans: list[tuple[int, int]] = []

    def add(year: str | None, month: int, day: int | None, span: tuple[int, int]) -> None:
        spans.append(span)
        for y in ([year] if year else years):
            if day is None:
                # its yyyymm prefix (a compact date) and the prefix phrase of its numbers, as FTS5 reads
                # an ISO date (`date: 2026-10-14` of a header), as askday.AskedDays.terms writes a month's
                terms.extend([f'"{y}{month:02d}"*', f'"{y} {month:02d}"*'])
            elif 1 <= day <= 31:
                # its yyyymmdd token (a compact date, a LiHua file name) and the phrase of its
                # numbers, as FTS5 reads an ISO date in a note or a header (`date: 2024-05-03`
                # of a front matter or a daily note's name: store.note_head)
                terms.extend([f'"{y}{month:02d}{day:02d}"', f'"{y} {month:02d} {day:02d}"'])

    known = month_years(question)  # "in May 2026, especially on May 3": May 3, 2026
    for m, year, month, day in written_days(question, order):
        add(year or year_of_day(question, m.start(), m.end(), month, known), month, day, m.span())
    # the months asked with their year, a list's or a span's ("September and October 2026"); a month that
    # only says where a day it writes is ("on 2026-05-03 in May 2026") adds nothing to the day's terms
    for group in asked_months(question):
        spans.append((group.start, group.end))
        for year, month in group.months:
            add(year, month, None, (group.start, group.end))
    for m in _month_words(question):
        word = m.group(1)
        # "may", "march" and friends are words too: only a capitalised month
        # name that does not open the question counts, or one a year follows ("october 2026")
        if any(a <= m.start() < b for a, b in spans) or \
                (not m.group(2) and (not word[:1].isupper() or m.start() == 0)):
            continue
        month = _month_of(word)
        if month and len(word) >= 3:
            add(m.group(2), month, None, m.span())
    for m in iso_dates(question):
        add(m.group(1), int(m.group(2)), int(m.group(3)), m.span())
    # 2024年5月3日, 5月3日 and 2024年5月 (a month): a Chinese or Japanese question's days
    for m in CJK_DATE.finditer(question):
        if 1 <= int(m.group(2)) <= 12:
            add(m.group(1), int(m.group(2)), int(m.group(3)), m.span())
            if m.group(1) is None and 1 <= int(m.group(3)) <= 31:
                # the one token FTS5 makes of the day a note writes with its year (`2024年5月3日，张伟...`:
                # cjk_day_tokens), for each year the index knows: `5月3日` is no part of that token
                terms.extend(f'"{y}年{int(m.group(2))}月{int(m.group(3))}日"' for y in years)
    for m in CJK_MONTH.finditer(question):
        if 1 <= int(m.group(2)) <= 12:
            add(m.group(1), int(m.group(2)), None, m.span())
    for _at, digits in partial_compact_dates(question):
        terms.append(f'"{digits}"*')
    return list(dict.fromkeys(terms))


def asks_about_dates(question: str) -> bool:
    """Whether `question` writes a day or a month that retrieval searches as
    its dates (date_terms; a day without its year, of any year), as
    retrieve.bm25_pool tells a question about days or months."""
    return bool(date_terms(question, ("2000",)))


def written_days(question: str, order: str = "") -> list[tuple[re.Match, str | None, int, int]]:
    """(match, year or None, month, day) of each day the question writes in
    words ("3 May 2024", "May 3rd", "the 30th of July"; "3 May" read before
    "May 3"): the days date_terms searches as their dates and
    retrieve.fts_query no longer as their words."""
    found: list[tuple[re.Match, str | None, int, int]] = []
    # German's `am 3. Oktober`, `03.10.2026` (german_dates: qa39, a German question asked no day), and a day in
    # figures without its year after a preposition of days (`am 3.10.`, `vom 5.10.`: a question's; a note's `3.10`
    # is as often a number)
    found += [(m, year, month, day) for m, year, month, day in german_dates(question) if iso_date(2000, month, day)]
    found += [(m, None, int(m.group(2)), int(m.group(1))) for m in _GERMAN_YEARLESS_DAY.finditer(question)
              if iso_date(2000, int(m.group(2)), int(m.group(1)))]
    for m in _DAY_MONTH.finditer(question):
        month = _month_of(m.group(2))
        if month:
            found.append((m, m.group(3), month, int(m.group(1))))
    # "May 3" inside a day read above ("3 May 2024"'s "May 20"): one bisect over those days' starts, not a look at
    # each of them for each "May 3" (a pasted text of 1000 days took seconds)
    spans = sorted(f.span() for f, *_ in found)
    starts, reach = [a for a, _b in spans], list(accumulate((b for _a, b in spans), max))
    for m in _MONTH_DAY.finditer(question):
        month = _month_of(m.group(1))
        before = bisect_right(starts, m.start()) - 1
        if month and not (before >= 0 and reach[before] > m.start()):
            found.append((m, m.group(3), month, int(m.group(2))))
    # a day written with slashes (dates7: `15/05/2027` was three numbers, no day), and both days an ambiguous one
    # may be (`05/06/2027`: May 6 and 5 June), each with its match
    found += [(m, str(year), month, day) for m, year, month, day in slashed_dates(question)]
    # ... or the one an index's day order reads (`order`: dayorder.py, `day-first` takes the second)
    found += [(m, str(year), month, day) for m, *days in ambiguous_slashed_days(question)
              for year, month, day in (days if not order else [days[1] if order == "day-first" else days[0]])]
    return found


def iso_months(text: str) -> list[re.Match]:
    """The `2026-10` months `text` writes (_ISO_MONTH), `2009-10` too (ISO's
    October 2009), not a season's or an academic year's (seasons: "the
    2011-12 season", "FY 2009-10")."""
    years = {m.start() for m in seasons(text)}
    return [m for m in _ISO_MONTH.finditer(text) if m.start() not in years]


def seasons(text: str) -> list[re.Match]:
    """The spans of two years `text` writes as `2011-12` (SEASON: the second's
    last two digits more than the first's): searched as the phrase of their
    numbers (retrieve.fts_query), no month. Written with a hyphen and a month's
    number (`2009-10`, `2011-12`) it is ISO's month unless a word of such
    years is next to it ("the 2011-12 season", "the 2009-10 school year",
    "FY 2009-10", "winter of 2010-11"); `2011/12`, `2019–20` or `2019-20` are
    spans whatever is around them."""
    found = []
    led = None  # where each run of a season's words before one ends ("FY ", "winter of "): scanned once
    for m in SEASON.finditer(text):
        if int(m.group(4)) <= int(m.group(2)):
            continue
        if m.group(3) == "-" and int(m.group(4)) <= 12:
            led = {w.end() for w in _SEASON_BEFORE.finditer(text)} if led is None else led
        if m.group(3) == "-" and int(m.group(4)) <= 12 and not (
                m.start() in led or _SEASON_AFTER.match(text, m.end())):
            continue  # "in 2009-10", "notes from 2010-11": the month
        found.append(m)
    return found


def written_months(question: str) -> list[tuple[re.Match, str, int]]:
    """(match, year, month) of each month the question writes with its year,
    in words ("in October 2026", "Oct. 2026", "October, 2026", "October of
    2026") outside a day it writes ("October 14, 2026"), or as `2026-10`
    (iso_months: not "the 2011-12 season"): answer.writes_asked reads a
    note's so; a question's are read with the months joined to them
    (asked_months)."""
    days = [m.span() for m, *_ in written_days(question)]
    found = [(m, m.group(2), _month_of(m.group(1))) for m in _month_words(question)
             if m.group(2) and _month_of(m.group(1)) and len(m.group(1)) >= 3
             and not any(a <= m.start() < b for a, b in days)]
    found += [(m, m.group(1), int(m.group(2))) for m in iso_months(question)]
    return sorted(found, key=lambda f: f[0].start())


@dataclass(frozen=True)
class AskedMonths:
    """Months a question writes together, at `start`:`end` of it: one
    ("in October 2026", "2026-10"), a list ("September and October 2026",
    "in September 2026 and October 2026") or a span, the months between
    too (`span`: "from September to November 2026", "between September and
    November 2026", "Sep-Nov 2026"). `months`: (year, month) of each, none
    when they are a day's (asked_months); `words`: (word as written, year,
    month) of each month written ('' for 2026-10), searched as the phrase of its words."""

    start: int
    end: int
    months: tuple[tuple[str, int], ...]
    words: tuple[tuple[str, str, int], ...] = ()
    span: bool = False


# what joins the months of a list ("September, October and November 2026", "Sep & Oct 2026") or of a span
_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and|or)?|&|and|or)\s*", re.I)
_SPAN_JOIN = re.compile(r"\s*(?:to|through|thru|till|until|[-–—])\s*", re.I)
_BETWEEN = re.compile(r"\bbetween\s+(?:the\s+months\s+of\s+)?$", re.I)
_BESIDE = re.compile(r"[ \t]*,?[ \t]*")  # between a month word and the day written after it ("May 2026-05-03")
MAX_SPAN_MONTHS = 12  # a longer span is its two ends: "from March 2020 to May 2026" is no 75 months' search


def asked_months(question: str) -> list[AskedMonths]:
    """The months `question` asks about, as AskedMonths: a month written
    with its year (written_months) and the month words joined to it
    ("September and October 2026": both of 2026; "from September to
    November 2026": October too, at most MAX_SPAN_MONTHS). A month the
    question also writes a day of with its year ("on 2026-05-03 in May
    2026") only says where that day is: its words are no month (no
    `months`), nor is a month word that a day written as digits follows
    ("May 2026-05-03"). date_terms searches the months as their dates,
    retrieve.fts_query the phrase of their words and not their words apart,
    and answer.on_the_day reads their notes."""
    days = [m.span() for m, *_ in written_days(question)]
    items = []  # (start, end, word or "", year or None, month)
    for m in _month_words(question):
        month = _month_of(m.group(1))
        if month and len(m.group(1)) >= 3 and not any(a <= m.start() < b for a, b in days):
            items.append((m.start(), m.end(), m.group(1), m.group(2), month))
    items += [(m.start(), m.end(), "", m.group(1), int(m.group(2))) for m in iso_months(question)]
    items.sort()
    digit_days = [m.start() for m in iso_dates(question)] + [m.start() for m in COMPACT_DATE.finditer(question)]
    days_written = question_days(question)
    groups: list[AskedMonths] = []
    i = 0
    while i < len(items):
        run, span = [items[i]], False
        while i + 1 < len(items):
            between = question[run[-1][1]:items[i + 1][0]]
            if _LIST_JOIN.fullmatch(between) and not span and not (
                    len(run) == 1 and between.strip().lower() == "and" and _BETWEEN.search(question[:run[0][0]])):
                run.append(items[i + 1])
            elif len(run) == 1 and (_SPAN_JOIN.fullmatch(between) or (
                    between.strip().lower() == "and" and _BETWEEN.search(question[:run[0][0]]))):
                run.append(items[i + 1])
                span = True
            else:
                break
            i += 1
        i += 1
        if not any(year for *_x, year, _m in run):
            # a month word alone: a day written after it is that day's ("May 2026-05-03"); else no year, no month
            if len(run) == 1 and any(d >= run[0][1] and _BESIDE.fullmatch(question[run[0][1]:d]) for d in digit_days):
                groups.append(AskedMonths(run[0][0], run[0][1], ()))
            continue
        groups.append(_month_group(run, span, _located(question, run, days_written)))
    return groups


# what may stand between a day and the month that says where it is: "on 2026-05-03 in May 2026", "on May 3, 2026,
# in May 2026", "in May 2026 on May 3"; any other word ("in May 2026, especially on May 3") asks about both
_LOCATOR = re.compile(r"[\s,]*(?:(?:in|of|on|during)\s+(?:the\s+month\s+of\s+)?)?", re.I)


def question_days(question: str) -> list[tuple[int, int, str | None, int]]:
    """(start, end, year or None, month) of each day `question` writes: as
    ISO or compact digits, in words ("May 3", "3 May 2026"), as Chinese and
    Japanese write it (2024年5月3日)."""
    found = [(m.start(), m.end(), m.group(1), int(m.group(2))) for m in iso_dates(question)]
    found += [(m.start(), m.end(), m.group(1), int(m.group(2))) for m in COMPACT_DATE.finditer(question)]
    found += [(m.start(), m.end(), year, month) for m, year, month, _day in written_days(question)]
    found += [(m.start(), m.end(), m.group(1), int(m.group(2))) for m in CJK_DATE.finditer(question)
              if 1 <= int(m.group(2)) <= 12]
    return found


def _located(question: str, run: list[tuple], days: list[tuple[int, int, str | None, int]]) -> set[tuple[str, int]]:
    """The months of `run` (asked_months' months written together) that only
    say where a day of them is, written next to it (_LOCATOR): "on 2026-05-03
    in May 2026", "on May 3 in May 2026" (the day without its year, of the
    month's); a day written apart from its month ("in May 2026, especially
    on May 3") leaves the month asked too."""
    start, end = run[0][0], run[-1][1]
    years = [year for *_x, year, _m in run]
    filled = [(year or next((y for y in years[n + 1:] if y), None) or next(y for y in reversed(years[:n]) if y),
               month) for n, (*_x, year, month) in enumerate(run)]
    out = set()
    for a, b, year, month in days:
        if (_LOCATOR.fullmatch(question[b:start]) if b <= start else
                a >= end and _LOCATOR.fullmatch(question[end:a])):
            out |= {(y, m) for y, m in filled if m == month and year in (None, y)}
    return out


def month_years(question: str) -> dict[int, str]:
    """{month: year} of the months `question` writes with a year (asked_months'
    words), each month of one year only: the year of a day written without
    one, "in May 2026, especially on May 3" (May 3, 2026)."""
    seen: dict[int, set[str]] = {}
    for group in asked_months(question):
        for _word, year, month in group.words:
            seen.setdefault(month, set()).add(year)
    return {month: next(iter(years)) for month, years in seen.items() if len(years) == 1}


# a year said next to a day written without one: "on May 3 this year", "May 3, last year", "this year on May 3";
# its year from the asking day's (RELATIVE_YEAR: askday's weeks and quarters, dayspans' yearless days and spans)
OWN_YEAR_AFTER = re.compile(r"[ \t]*,?[ \t]*(?:of[ \t]+)?(?P<rel>this|last|next)[ \t]+year\b", re.I)
RELATIVE_YEAR = {"this": 0, "last": -1, "next": 1}
_OWN_YEAR_BEFORE = re.compile(r"\b(?:this|last|next)[ \t]+year[ \t]*,?[ \t]*(?:(?:on|in)[ \t]+)?(?:the[ \t]+)?$", re.I)


def year_of_day(question: str, start: int, end: int, month: int, known: dict[int, str]) -> str | None:
    """The year of a day `question` writes without one at `start`:`end`: that of its month written with a
    year elsewhere (`known`: month_years; "in May 2026, especially on May 3"), unless the day has a year
    of its own said next to it ("on May 3 this year compared with May 2025": this year's, not 2025's); None
    when it has none (each year the index knows, as date_terms reads it)."""
    if OWN_YEAR_AFTER.match(question, end) or _OWN_YEAR_BEFORE.search(question, 0, start):
        return None
    return known.get(month)


def _month_group(run: list[tuple], span: bool, dated: set[tuple[str, int]]) -> AskedMonths:
    """The AskedMonths of months written together (asked_months' `run`): a month
    word without its year takes the year of the next one written with it
    ("September and October 2026"), else of the one before; a span's first
    month, the year before when it would follow the last ("November to
    February 2027")."""
    years = [year for *_x, year, _m in run]
    filled = []
    for n, (_a, _b, word, year, month) in enumerate(run):
        year = year or next((y for y in years[n + 1:] if y), None) or next(y for y in reversed(years[:n]) if y)
        filled.append((word, year, month))
    months = [(year, month) for _w, year, month in filled]
    if span:
        (y1, m1), (y2, m2) = months
        if not run[0][3] and (y1, m1) > (y2, m2):
            y1 = str(int(y1) - 1)
            filled[0] = (filled[0][0], y1, m1)
        count = (int(y2) - int(y1)) * 12 + m2 - m1 + 1
        if 1 <= count <= MAX_SPAN_MONTHS:
            months = [(str(int(y1) + (m1 - 1 + n) // 12), (m1 - 1 + n) % 12 + 1) for n in range(count)]
        else:  # reversed, or longer than a year: the two months written
            months = [(y1, m1), (y2, m2)]
    months = [m for m in dict.fromkeys(months) if m not in dated]  # a day's month says where the day is
    return AskedMonths(run[0][0], run[-1][1], tuple(months), tuple(filled), span)


def day_phrases(written: str, month: int, day: int) -> list[str]:
    """FTS5 phrase terms for a day the question writes in words, as a note
    may write it: the question's words ("may 3rd 2024") and the month's
    full name with the day, with and without its ordinal, either way round
    ("may 3", "may 3rd", "3 may", "3rd may", "3rd of may")."""
    nth = f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"
    phrases = [" ".join(re.findall(r"\w+", written.lower()))]
    # the month's full name and its short ones (dates7: `Feb 3, 2027` in a note was no phrase of "February 3,
    # 2027"; FTS5 reads `Feb.` and `Sept.` as the words feb and sept)
    for name in month_spellings(month):
        phrases += [f"{name} {day}", f"{name} {nth}", f"{day} {name}", f"{nth} {name}", f"{nth} of {name}"]
    return [f'"{p}"' for p in dict.fromkeys(phrases)]


def month_spellings(month: int) -> list[str]:
    """The words English writes `month` (1-12) in: its full name, then its short ones (MONTH_WORDS: `feb`, `sep` and
    `sept`); May's is one."""
    return [MONTH_NAMES[month - 1], *(w for w, i in MONTH_WORDS.items() if i == month and w != MONTH_NAMES[month - 1])]


def numeric_day_phrases(year: int, month: int, day: int) -> list[str]:
    """FTS5 phrase terms for a day with its year as a note writes it in figures day first or month first,
    `15/05/2027`, `15.05.2027`, `5/15/2027` (FTS5 reads each as its three numbers): its yyyymmdd token and
    ISO phrase (date_terms) match none of them, so `what is due on May 15, 2027?` ranked a note saying `due`
    above the note of that day (dates6). With its year only: `15 05` alone is as often a time or a score.
    None for a day of 12 or less, whose figures read in the other order are another day (fixD): `06 05 2027`
    for June 5, 2027 ranked a UK note's `06/05/2027`, 6 May, first; a day after the 12th is no month."""
    if day <= 12:
        return []
    phrases = [f"{d} {m} {year}" for d, m in ((f"{day:02d}", f"{month:02d}"), (str(day), str(month)))]
    phrases += [f"{m} {d} {year}" for d, m in ((f"{day:02d}", f"{month:02d}"), (str(day), str(month)))]
    return [f'"{p}"' for p in dict.fromkeys(phrases)]


def cjk_day_tokens(written: str, year: str | None, month: int, day: int) -> list[str]:
    """FTS5 terms for a day a question writes as Chinese or Japanese do: the
    one token FTS5 makes of such a day when a note writes it apart from its
    words (`2024年5月3日，张伟...`: digits and CJK characters are all word
    characters to unicode61), as the question writes it (with blanks: the
    phrase of its pieces) and in the usual forms: with its year when the
    question gives one, else the month and day with 日 and with 号."""
    forms = [written]
    forms += [f"{year}年{month}月{day}日"] if year else [f"{month}月{day}日", f"{month}月{day}号"]
    return [f'"{f}"' for f in dict.fromkeys(forms)]


def iso_dates(question: str) -> list[re.Match]:
    """The valid ISO dates a question writes ("on 2025-07-30"): date_terms
    turns each into its yyyymmdd term (and phrase), and retrieve.fts_query
    searches it as one phrase instead of its numbers apart (alone, "07" and "30" match the
    time 07:30)."""
    return [m for m in ISO_DATE.finditer(question)
            if iso_date(int(m.group(1)), int(m.group(2)), int(m.group(3)))]


def partial_compact_dates(question: str) -> list[tuple[int, str]]:
    """(position, digits) of the compact dates written in part: yyyymm (a
    month) or yyyymmd (ten days: "2026101" is October 10 to 19)."""
    return [(m.start(), m.group(1)) for m in _PARTIAL_COMPACT.finditer(question)]


def date_key_prefixes(terms: Iterable[str]) -> list[str]:
    """date_terms' FTS5 terms as prefixes of date entity keys: '"202605"*' ->
    'date:2026-05', '"20260106"' -> 'date:2026-01-06', '"2026101"*' ->
    'date:2026-10-1' (the 10th to the 19th)."""
    out = []
    for term in terms:
        digits = re.sub(r"\D", "", term)
        if len(digits) >= 6:
            out.append(f"date:{digits[:4]}-{digits[4:6]}" + (f"-{digits[6:8]}" if len(digits) > 6 else ""))
    return list(dict.fromkeys(out))


# --------------------------------------------------------------------------- CJK

# Han (with its extensions and compatibility forms), kana and Hangul syllables:
# scripts written without spaces between words, which FTS5's unicode61 takes a
# whole run of for one token (migrations/0005_cjk_bigrams.sql).
CJK_CHARS = ("\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
             "\uac00-\ud7af\U00020000-\U0002fa1f")  # the ranges, for a regex character class
CJK_RUN = re.compile(f"[{CJK_CHARS}]+")
# A name of CJK characters, 2 or more (a blank or a middle dot between its
# parts: `田中 太郎`): one a note's text holds with no blank around it
# (`张伟说...`), found there by its characters (extract.heuristic._add_known_cjk,
# graph.votes.name_occurrences), as no word boundary tells where it starts.
CJK_NAME = re.compile(f"[{CJK_CHARS}](?:[{CJK_CHARS}]|[ ·](?=[{CJK_CHARS}]))+")


def cjk_bigrams(text: str) -> list[str]:
    """Each run of CJK characters as its overlapping two-character terms, a
    lone character as itself: "去北京了" -> ["去北", "北京", "京了"]. A word of
    two or more characters is then a term, or a phrase of terms, wherever it
    stands in a run. Read without the invisible characters that change
    nothing in it (without_invisibles): "北\u200b京" is 北京."""
    out: list[str] = []
    for m in CJK_RUN.finditer(without_invisibles(text)):
        run = m.group(0)
        out.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
    return out


def cjk_text(text: str) -> str:
    """`chunks.cjk`: the chunk's CJK bigrams, space-separated ('' when none)."""
    return " ".join(cjk_bigrams(text))


# --------------------------------------------------------------------------- names

# Invisible characters that text copied from the web, a PDF or a chat carries
# inside and around words ("Li\u200bHua"): the zero width space, the word joiner
# and the zero width no-break space (a byte order mark in mid-text) change
# nothing a text says; the zero width non-joiner and joiner (U+200C, U+200D) do
# in Persian and Indic words and in emoji sequences, and are kept beside a
# letter of a script without case, a mark or a symbol.
INVISIBLES = "\u200b\u200c\u200d\u2060\ufeff"
_INVISIBLE = re.compile(f"[{INVISIBLES}]")


# Notion's page id ending a file or folder name of its export (`Trip to Lisbon
# 3f2a9c0e1b2d4e5f8a7b6c5d4e3f2a1b.md`): a blank and 32 hex digits, before a `/`,
# the extension or the end
_NOTION_ID = re.compile(r" [0-9a-f]{32}(?=/|\.[^/ ]*$|$)")

# the id and `_all` a Notion export ends the name of a database's table of all its rows with
# (`Projects 7659…_all.csv`)
NOTION_ALL_ROWS = re.compile(r" [0-9a-f]{32}_all$")


def without_notion_ids(path: str) -> str:
    """`path` without the page ids a Notion export ends its file and folder
    names with: `Trip to Lisbon/Packing list.md` for `Trip to Lisbon 3f2a…/
    Packing list a1b2….md`. A re-export gives every page a new id: this is
    what stays the same (the page's titles)."""
    return _NOTION_ID.sub("", path)


def notion_database(path: str) -> str | None:
    """The name of the Notion database whose row the page at `path` is, as its export names the folder of the
    rows (`Meeting notes` for `Consulting HQ 08a8…/Meeting notes ebc1…/Sofia check-in 0d60….md`): the page's
    folder without its id, when the page's file name and its folder's both end with Notion's id. None for any
    other path (`notes/Sofia check-in.md`, a page at the export's top, `report 2026 final abcdef.md`). A page
    holding subpages names their folder so too: the caller tells a row by its property lines."""
    folders, _sep, name = path.rpartition("/")
    folder = folders.rsplit("/", 1)[-1]
    if not (_NOTION_ID.search(name) and _NOTION_ID.search(folder + "/")):
        return None
    return without_notion_ids(folder + "/")[:-1].strip() or None


def without_invisibles(text: str) -> str:
    """`text` without the invisible characters that change nothing in it
    (_INVISIBLE): "Li\u200bHua" -> "LiHua", "\ufeffRosa Diaz" -> "Rosa Diaz";
    "می\u200cخواهم" (Persian) and the ZWJ emoji sequences keep theirs. A text
    without any is returned as it is."""
    if not _INVISIBLE.search(text):
        return text
    return _INVISIBLE.sub(lambda m: m.group() if _joins(text, m.start()) else "", text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def holds_a_word(question: str) -> bool:
    """Whether a question holds a letter, a digit or a pictograph (an emoji
    names a thing): one of only punctuation (`?!`, `...`, `？？`) searches
    for nothing, and was answered from whichever notes were nearest."""
    return any(unicodedata.category(c)[0] in "LN" or unicodedata.category(c) == "So" for c in question)


def refuse_wordless(question: str) -> None:
    """A UsageError for a question of punctuation alone (holds_a_word), as
    for an empty one: `mrag ask`, each question of `ask -i`, MCP's search
    and a golden line's query."""
    from minirag_cli.errors import UsageError

    if question.strip() and not holds_a_word(question):
        raise UsageError(f"The question holds no word, only punctuation ({question.strip()[:40]!r}).",
                         hint='Ask about what the notes may hold: mrag ask "what did Wolfgang say about Berlin?"')


def typed_text(text: str) -> str:
    """A question as its writer meant it. Bytes that are not UTF-8 (a
    terminal or a file in Latin-1 or cp1252: `caf\\xe9`) reach Python from
    the command line and stdin as lone surrogates, which the question's
    tokenizer, SQLite and JSON readers refuse: they are read as a note's
    bytes are (walk.decode_note: cp1252 where not UTF-8, else replaced).
    A text without any is returned as it is."""
    if not _SURROGATE.search(text):
        return text
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte made ("\\ud800" in JSON): nothing to read it as
        return _SURROGATE.sub("\ufffd", text)
    from minirag_cli.walk import decode_note

    return decode_note(data)[0]


def bm25_text(text: str) -> str | None:
    """`chunks.bm25_text` (migration 0006): the chunk's text as BM25 reads
    it, without_invisibles, when that differs from the text; None when it
    does not (BM25 then reads the text itself, and nothing is stored twice)."""
    read = without_invisibles(text)
    return None if read == text else read


def _joins(text: str, at: int) -> bool:
    """Whether the joiner or non-joiner at `at` stands between characters it
    can shape: a letter of a script without case (Lo, Lm), a mark or a symbol."""
    if text[at] not in "\u200c\u200d":
        return False
    for near in (text[at - 1] if at else "", text[at + 1:at + 2]):
        category = unicodedata.category(near) if near else ""
        if category in ("Lo", "Lm") or category[:1] in ("M", "S"):
            return True
    return False


def split_camel(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)


def fold(text: str) -> str:
    """`text` without accents and case folded, as a name's key and a query
    for it are compared (normalise_key, store.read.entities_list): case
    folding writes ß as ss ("Größe" -> "grosse"), as German does in capitals
    ("GRÖSSE"), where lower() kept it. German's ue, oe, ae for ü, ö, ä
    ("Juergen") are not folded: other names spell those letters (Michael,
    Samuel, Joel would lose them); a lookup tries the other spelling
    (umlaut_keys: `mrag entity Juergen`, a question's names)."""
    if text.isascii():
        return text.lower()  # (the same: ASCII has no accent, and its case folding is lower())
    return strip_accents(text).casefold()


# German's ä, ö, ü as written without the dots (a keyboard without them, a
# passport, an e-mail address: "Juergen Mueller")
_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_SPELLED_PAIR = re.compile("ae|oe|ue")
UMLAUT_PAIRS = 4  # the most ae, oe, ue of a key tried either way (2^4 keys)


def spelled_out(name: str) -> str:
    """`name` with its ä, ö, ü written ae, oe, ue ("Jürgen" -> "Juergen")."""
    return unicodedata.normalize("NFC", name).translate(_SPELLED_OUT)


def umlaut_key(name: str) -> str:
    """`name`'s key (normalise_key) with its ä, ö, ü spelled ae, oe, ue:
    "Jürgen Weiß" and "Juergen Weiss" share "juergenweiss". What tells a
    key umlaut_keys proposes from a name it is no spelling of: "Samuel"'s
    "samul" is the key of no Samül ("samul" is Samul's, "samuel" Samuel's)."""
    return normalise_key(spelled_out(name))


def umlaut_keys(name: str) -> list[str]:
    """The keys other than its own an entity `name` asks for may be stored
    under, spelled the other way: "Jürgen" -> "juergen" (a note wrote
    Juergen), "Juergen" -> "jurgen" (a note wrote Jürgen; up to UMLAUT_PAIRS
    of the key's ae, oe, ue each kept or made a, o, u). Entity keys keep the
    text's spelling (Michael, Samuel, Joel write ae and ue too): a lookup
    takes a name found under one of these keys only when umlaut_key gives it
    and `name` the same key."""
    own = normalise_key(name)
    out = [umlaut_key(name)]
    pairs = [m.start() for m in _SPELLED_PAIR.finditer(own)][:UMLAUT_PAIRS]
    for n in range(1, 1 << len(pairs)):
        key, cut = own, 0
        for i, at in enumerate(pairs):
            if n >> i & 1:
                key = key[:at + 1 - cut] + key[at + 2 - cut:]
                cut += 1
        out.append(key)
    return [k for k in dict.fromkeys(out) if k and k != own]


def same_umlauts(a: str, b: str) -> bool:
    """Are names `a` and `b` one name, their ä, ö, ü and ae, oe, ue aside
    (umlaut_key)?"""
    return umlaut_key(a) == umlaut_key(b)


_DOTTED_DAY_NAME = re.compile(r"(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])")


@functools.lru_cache(maxsize=1 << 16)  # pure, and surface forms repeat across chunks (sync profile)
def normalise_key(name: str, type_: str | None = None) -> str:
    """The key an entity is stored and found under: case, accents, spacing,
    punctuation, a leading article and a possessive 's removed ("Wolfgang
    Schulz", "WolfgangSchulz" and "wolfgang schulz" -> "wolfgangschulz");
    a date typed as one becomes `date:` + its ISO form. Case is folded, not
    lowered: "Größe", "GRÖSSE" and "grosse" share the key "grosse" (fold)."""
    if type_ == "date":
        # (a German day's `17.12.` is named without its closing dot, `17.12`, as every name is: rules 31)
        dates = find_dates(name) or (find_dates(name + ".") if _DOTTED_DAY_NAME.fullmatch(name) else [])
        if dates:
            return "date:" + dates[0][1]
    text = fold(name)
    text = re.sub(r"['’]s\b", "", text)
    text = re.sub(r"^(the|a|an)\s+", "", text)
    return re.sub(r"[\W_]+", "", text)


def word_keys(name: str) -> set[str]:
    """The normalised keys of a name's words, CamelCase split ("WolfgangSchulz"
    -> {"wolfgang", "schulz"})."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    return {normalise_key(w) for w in re.split(r"[\s_-]+", spaced) if w}


# Titles before a person's or a place's name (the heuristic extractor's rules, where their comments are; frontmatter's
# Notion properties end a block at a speaker's title)
# The British office titles a note shortens before a name, with or without a full stop (`Cllr Priya Patel`, `Supt
# Jane Hill`, `Revd Sue Pike`, `HHJ Lowe`): titles as `Dr` is (heuristic rules 32, names32b: a
# journalist's `Cllr Patel`, `Cllr Priya Patel` and `Patel` were three entities). Not `Sir`, `Lord`, `Lady`, `Dame`
# (part of the name a note writes: `Lady Gaga`, `Sir Keir Starmer`), nor `Sgt` (`Sgt. Pepper`), nor the two-letter
# `PC`, `DS`, `DI`, `Cr` (`PC World`), nor `DCI` (`DCI P3`, a screen's colours)
OFFICE_TITLES = "Cllr Supt Revd HHJ".split()
# ... and those that are ordinary words or a product's without their full stop, titles only with it (`Sen. Warren`,
# `Rev. Smith`, `Rt. Hon.`; `Rev Ops`, `Gov Cloud`, `Rep Max`, `Hon Hai`, `Sen Gupta`, `Mx Master`, `Insp Gadget`,
# a Notion key's `Rev Share:` name as before: fixNB, review of names32b)
STOPPED_TITLES = frozenset("Rev Rep Gov Sen Hon Rt Mx Insp".split())
TITLES = "|".join(["Dr", "Mr", "Mrs", "Ms", "Prof", "St", "Mt", "Hr", "Fr", *OFFICE_TITLES, *sorted(STOPPED_TITLES)])
PERSON_TITLES = frozenset(["Dr", "Mr", "Mrs", "Ms", "Prof", "Hr", "Fr", *OFFICE_TITLES])


def abbreviated_person_title(word: str) -> bool:
    """Is `word` a person's abbreviated title: PERSON_TITLES' with its full stop or without (`Dr.`, `Dr`), a
    STOPPED_TITLES' with it (`Sen.`, not `Sen`)?"""
    bare = word.removesuffix(".")
    return bare in PERSON_TITLES or (bare != word and bare in STOPPED_TITLES)


PLACE_TITLES = frozenset("St Mt".split())
# A person's title spelled out (`Professor Alvarez`): dropped before a name as PERSON_TITLES are, and it
# says the name is a person's (heuristic rules 16)
SPELLED_TITLES = frozenset("Professor".split())
# German's spelled-out Mr and Mrs (`Frau Hartung`, `Herrn Weber`): a person's title before a name as
# SPELLED_TITLES are (heuristic rules 17: `Frau Hartung` was the name, a noun's -ung shape lost `Hartung`), in
# English text too since rules 27 (`Met Frau Keller`), where the words mean nothing else
GERMAN_TITLES = frozenset("Herr Herrn Frau".split())
# the three as one regex alternation, a full stop optional after an abbreviated one (`Dr.`, `Dr`, `Professor`,
# `Frau`): where a pattern finds a person's title in text (_GERMAN_TITLED, honorifics)
PERSON_TITLE_WORD = "|".join(sorted([*(rf"{re.escape(t)}\.?" for t in PERSON_TITLES),
                                     *(rf"{re.escape(t)}\." for t in STOPPED_TITLES),
                                     *map(re.escape, SPELLED_TITLES | GERMAN_TITLES)]))
