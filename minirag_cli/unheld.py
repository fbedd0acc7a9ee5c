"""A decline without the model: the question names something that none of
the notes the search found mentions.

A 1.5B model answers an unanswerable question with a nearby fact ("What did
they watch on New Year's Eve?" -> the film of another evening), and no
signal with a threshold separated those from right answers on LiHua
(BENCHMARKS "Decline signals measured"). One signal needs no threshold: a
proper name, a month or a weekday the question uses that appears in none of
the results (their text; for a month, full or in three letters next to a day or a year (`Nov 3`,
`Sept 2026`: a bare `Jan` may be a person), or a weekday, their notes' dates too), and an id, lower-case too
(`OPS-1500`, `db-prod-07`, `v2.14.9`: idnames), only as written, its joints aside (its words apart, `07` of a
date, hold nothing).
Then no note found says anything about it, and whatever the model wrote
would be about something else. Lenient on purpose, so that an answerable
question is not declined: a name is held when the notes hold it with or
without spaces, accents or a possessive ('s), ß as ss and ä, ö, ü as ae,
oe, ue (as an entity's name is looked up: text.fold, spelled_out), or hold
each of its words somewhere, a word of five letters or more also when the notes hold it with
one typing slip (a letter added, dropped, changed or two swapped: a question
that misspells "Sheldon" as "Shedlon" is about Sheldon); their notes' folder and file names hold a name as
their text does (`NPCs/`), a plural acronym is held by its singular too (`NPCs` by a tag `npc`), and a
short form by the words it stands for and the reverse (SHORT_FORMS: `Xmas`, Christmas); the question's
first word, and any word that starts a sentence, is not taken for a name,
nor a person's title before one (`Prof. Schmidt`, `Dr Schmidt`: Schmidt,
whose title's full stop ends no sentence; before a stopword it does,
`… on Main St. What did he say?`).

Chinese and Japanese have no capitals to tell a name by, nor blanks to tell
a word by. A Latin name is cut from CJK text around it as the search cuts
a question's words (`和Alice讨论`: Alice; retrieve._WORD_PIECE), and is a name
even first in the question (CJK text is not capitalised at a sentence's
start). A CJK name is a run of 2 to 4 of the question's Han or katakana
characters none of which any result holds (its question words,
retrieve.QUESTION_BIGRAMS, words of grammar, numbers and words of time
aside) that a person's title follows (`鈴木さん`, `赵敏老师`; a surname
alone with one, `赵老师`, is one too). Nothing else tells a name there: a
surname character opens common words (任务, 方法) and a verb of saying
is part of others (说明, 问题), so `赵敏说了什么？` and an unheld word
(`讨论`, `预算`) go to the model, which may find them said otherwise. As
lenient as each word of a Latin name held somewhere: a character of a
name held anywhere (王 of 王师傅) holds it.
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
from typing import Iterable

from minirag_cli.idnames import id_held, ids_in
from minirag_cli.shortnames import WEEKDAY_NUMBER, WEEKDAY_SHORT, dated_abbreviation, weekday_groups
from minirag_cli.text import (CJK_CHARS, CJK_RUN, FOREIGN_WEEKDAY_SPELLINGS, FOREIGN_WEEKDAYS, MONTH_WORDS, MONTHS,
                              STOPWORDS, WEEKDAY_NAMES, asked_months, find_dates, fold, spelled_out, without_invisibles)
from minirag_cli.timeline import parse_date

# a word character that is not Han, kana or Hangul: a Latin name ends where CJK text starts (`Alice讨论`)
_LATIN = rf"[^\W{CJK_CHARS}]"
_CAPITALISED = re.compile(rf"(?<!{_LATIN})(?<!['’])([A-Z](?:{_LATIN}|['’-])*(?:[ \t]+[A-Z](?:{_LATIN}|['’-])*)*)")
_CJK_CHAR = re.compile(f"[{CJK_CHARS}]")
_SENTENCE_END = ".?!:;\"“(¿¡。？！：；「『（"  # ¿ ¡ open a Spanish question or exclamation
_NOT_NAMES = {"I"}
SLIP_MIN_LETTERS = 5  # shorter words are too often another real word one letter away ("Adam"/"Aden")


def said(names: Iterable[str]) -> str:
    """Unheld names as a decline says them, each in quotes: `“Wolfgang”, “Berlin”`."""
    return ", ".join(f"“{n}”" for n in names)


def _fold(text: str) -> str:
    # the fold an entity's key is made with (text.fold: accents dropped, ß as ss), so that a name the index
    # finds is held here alike ("Lukas Weiss" of a note titled "Lukas Weiß" was said to be in no note found)
    return fold(text).replace("’", "'")


def _squash(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", _fold(text))


def _words(text: str) -> list[str]:
    return [re.sub(r"'s$", "", w) for w in re.findall(r"[0-9a-z']+", _fold(text))]


@functools.lru_cache(maxsize=1)
def _titles() -> tuple[re.Pattern, frozenset[str]]:
    """The full stop of an abbreviated title before a name (`Prof. Schmidt`, `St. Mary's`: heuristic.TITLES), and
    the person's titles a name is asked without (`Dr`, `Professor`, `Frau`), as the extractor names the person.
    A stop before a stopword ends a sentence ("… on Main St. What did he say?", "Keller called Dr. Then …"): its
    next word is no name of the title's (review revB: `Main St What` was said to be in no note)."""
    from minirag_cli.extract.heuristic import GERMAN_TITLES, PERSON_TITLES, SPELLED_TITLES, TITLES

    stopwords = "|".join(sorted((w for w in STOPWORDS if w.isalpha()), key=len, reverse=True))
    return (re.compile(rf"(?<![\w.])(?:{TITLES})\.(?=[ \t]+(?!(?i:{stopwords})(?![\w'’]))[A-Z])"),
            PERSON_TITLES | SPELLED_TITLES | GERMAN_TITLES)


def question_names(question: str) -> list[str]:
    """Capitalised words and runs of them ("Li Hua", "New Year's Eve"), the
    word that starts a sentence left out (it is capitalised as a start)
    unless it is written against CJK text (`Alice说了什么？`), and a person's
    title before a name (`Prof. Schmidt`, `Dr Schmidt`: Schmidt; its full
    stop starts no sentence, which lost Schmidt). An acronym after a
    possessive is a name of its own (`PCs' AC`: PCs and AC, `Tom's PR`), and a
    plural's possessive apostrophe no part of one (`PCs'`: PCs)."""
    return list(_question_names(question))


def _question_names(question: str) -> dict[str, bool]:
    """question_names, each with whether it was cut off a possessive (`Tom's PR`: Tom's, PR), which the notes
    hold only as whole words (_held)."""
    title_stop, person_titles = _titles()
    question = title_stop.sub(lambda m: m.group()[:-1] + " ", question)  # the same length: spans stay
    names: dict[str, bool] = {}
    for m in _CAPITALISED.finditer(question):
        words = m.group(1).split()
        before = question[:m.start()].rstrip()
        against_cjk = _CJK_CHAR.match(question, m.end()) or (before and _CJK_CHAR.match(before[-1]))
        if (not before or before[-1] in _SENTENCE_END) and not against_cjk:
            words = words[1:]
        while len(words) > 1 and words[0] in person_titles:
            words = words[1:]
        words = [w for w in words if w not in _NOT_NAMES]
        runs = _at_possessed_acronyms(words)
        for run in runs:
            name = re.sub(r"(?<=s)['’]$", "", " ".join(run))
            if name and name not in names:
                names[name] = len(runs) > 1
    return names


def _at_possessed_acronyms(words: list[str]) -> list[list[str]]:
    """`words` cut before an acronym that follows a possessive: "PCs' AC" asks for the PCs' armour class, no
    name "PCs' AC" (it was said to be in no note: each word is held apart, `PCs'` in none); "New Year's Eve"
    stays one name."""
    runs: list[list[str]] = [[]]
    for word in words:
        if runs[-1] and re.search(r"(?:['’]s|s['’])$", runs[-1][-1]) and _ACRONYM.match(word):
            runs.append([])
        runs[-1].append(word)
    return [run for run in runs if run]


_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+s?$")  # AC, HP, PR, NPCs
# A plural acronym (`NPCs`, `PCs'`, `APIs`, `PRs`): the notes write its singular as often (a tag `npc`, "the
# NPC", "PR #839"), which holds it as the plural
_PLURAL_ACRONYM = re.compile(r"\b([A-Z][A-Z0-9]*[A-Z])s(?:['’](?!\w))?(?![\w'’])")
# Short forms a notes user writes for a holiday or an event, folded (_fold), each to the words it stands for:
# "the Xmas fair" is asked of notes that write "Christmas fair", a note may write "Mum's bday" of a birthday
# asked. Only words no other name is spelled as, and read as whole words ("nye" of "any evening" is none);
# "Thx", "pls" and the like are no names, and a month's or weekday's short name is held by the notes' dates
SHORT_FORMS = {"xmas": "christmas", "x-mas": "christmas", "bday": "birthday", "b-day": "birthday",
               "b'day": "birthday", "nye": "new year's eve"}
_SHORT_FORM = re.compile(rf"(?<![0-9a-z'-])({'|'.join(map(re.escape, SHORT_FORMS))})(?![0-9a-z])")


def _spellings(name: str) -> list[str]:
    """`name` and its other spellings a note may hold for it: a plural acronym as its singular (`NPCs`: NPC),
    a short form spelled out (SHORT_FORMS: `Xmas fair`, christmas fair)."""
    out = [name]
    singular = _PLURAL_ACRONYM.sub(r"\1", name)
    if singular != name:
        out.append(singular)
    for spelling in list(out):
        long = _SHORT_FORM.sub(lambda m: SHORT_FORMS[m.group(1)], _fold(spelling))
        if long != _fold(spelling):
            out.append(long)
    return out


def _spelled_short_forms(text: str) -> str:
    """The words `text`'s short forms stand for (SHORT_FORMS), one a line: a note's "Xmas" holds Christmas."""
    return "\n".join(dict.fromkeys(SHORT_FORMS[m.group(1)] for m in _SHORT_FORM.finditer(_fold(text))))


def _held_with_slip(word: str, words: set[str]) -> bool:
    """Do `words` hold `word` with at most one slip (optimal string alignment
    distance 1: insertion, deletion, substitution or adjacent transposition)?"""
    if len(word) < SLIP_MIN_LETTERS:
        return False
    from rapidfuzz.distance import OSA

    return any(abs(len(w) - len(word)) <= 1 and OSA.distance(word, w, score_cutoff=1) <= 1 for w in words)


# Characters a CJK name is written in: Han and katakana (`赵敏`, `鈴木`, `スミス`). Not hiragana: a
# Japanese question's particles and endings (`さん`, `は`, `ですか`), which a note need not write; nor
# Hangul, which Korean writes with blanks between words.
_NAME_CHAR = re.compile("[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff\U00020000-\U0002fa1f\u30a0-\u30ff\u31f0-\u31ff]")
# Characters a question writes and a note about the same need not, never taken for part of a name:
# Chinese words of grammar and pronouns (`和赵敏…吗？`: and, …?), numbers, and the words of time
# (`星期六` where the notes write `周六`; a Latin month or weekday is held by the notes' dates)
_FUNCTION_CHARS = frozenset("的了和与跟及或是在有把被给对向从到于就也都还又很吗呢吧啊么我你您他她它们这那哪谁几何私誰"
                            "一二三四五六七八九十百千万萬两兩"
                            "年月日号號时時分秒点點星期周週礼禮拜天今明昨前后後早晚午上下")


# What follows a person's name in a question and no common word holds: a title (`さん`, `老师`). Not a
# verb of saying (说 of 说明 and 小说, 问 of 问题), nor a surname first (任 of 任务, 方 of 方法): no blank
# tells a word's end, and a common word the notes write otherwise must go to the model
_AFTER_NAME = ("さん", "さま", "ちゃん", "くん", "先生", "老师", "老師", "师傅", "師傅", "同学", "同學", "女士")
NAME_CHARS_MAX = 4  # a longer unheld run is words, not one name


def unheld_cjk(question: str, text: str) -> list[str]:
    """The question's name-shaped runs of 2 to 4 Han or katakana characters
    that `text` holds none of (see the module docstring): its question words
    (QUESTION_BIGRAMS, as the search drops them) and _FUNCTION_CHARS aside."""
    from minirag_cli.retrieve import QUESTION_BIGRAMS

    held = set(text) | _FUNCTION_CHARS
    out: list[str] = []
    for m in CJK_RUN.finditer(without_invisibles(question)):
        run = m.group()
        asked = set()  # where the run's question words are
        for i in range(len(run)):
            for n in (1, 2):
                if run[i:i + n] in QUESTION_BIGRAMS:
                    asked.update(range(i, i + n))
        unheld = "".join(c if i not in asked and c not in held and _NAME_CHAR.match(c) else " "
                         for i, c in enumerate(run))
        for piece in re.finditer(r"\S+", unheld):
            name, end = piece.group(), piece.end()
            # a title written unheld with it is no part of the name (`赵敏老师`: 老 unheld, 师 held), but
            # makes a surname alone one (`赵老师`, told as such)
            cut = next((k for k in range(1, len(name)) if run.startswith(_AFTER_NAME, piece.start() + k)), None)
            if cut is not None:
                name, end = name[:cut], piece.start() + cut
                if cut == 1:
                    name += next(t for t in _AFTER_NAME if run.startswith(t, end))
            named = run.startswith(_AFTER_NAME, end)  # a cut is where a title starts
            if 2 <= len(name) <= NAME_CHARS_MAX and named and name not in out:
                out.append(name)
    return out


def _weekday_span_held(question: str, name: str, days: list) -> bool:
    """`name` is a span of weekdays written as one word, "Mon-Fri" of "last Mon-Fri" (askday reads its days),
    dated in `question` (dated_abbreviation), and one of `days` falls from its first weekday to its last; or
    `name` is a weekday that ends or is one of a span or a list of them so written ("from Tue to Thu", "on
    Tue and Wed": shortnames.weekday_groups), and one of `days` falls on a day of it (the list or span is
    asked: "nothing mentions Thu" is no reason to decline "what did I do from Tue to Thu?")."""
    parts = name.split("-")
    if any(name.lower() in group and any(d.weekday() in group.values() for d in days)
           for group in weekday_groups(question)):
        return True
    if len(parts) != 2 or not all(p.lower() in WEEKDAY_NUMBER for p in parts) \
            or not all(p.lower() in WEEKDAY_NAMES or dated_abbreviation(question, p, "on|every") for p in parts):
        return False
    first, last = (WEEKDAY_NUMBER[p.lower()] for p in parts)
    return any((d.weekday() - first) % 7 <= (last - first) % 7 for d in days)


_GERMAN_WEEKDAYS = FOREIGN_WEEKDAYS["de"]
# French and Spanish weekdays by their folded names, accents or none ("Sábado", "Sabado": askday reads both), 0 to 6
_ROMANCE_WEEKDAYS = {_fold(d): n for lang in ("fr", "es") for n, names in enumerate(FOREIGN_WEEKDAY_SPELLINGS[lang])
                     for d in names}


def _romance_weekday_held(question: str, name: str, days: list) -> bool:
    """`name` is a French or Spanish weekday a question capitalised ("¿Qué hice el Sábado?", "el Sabado", "Samedi")
    and one of `days` falls on it, as an English one is held; "Domingo" only after an article ("el Domingo"): alone
    it is as often a man's name ("¿Qué hizo Domingo ayer?")."""
    number = _ROMANCE_WEEKDAYS.get(_fold(name))
    if number is None or not any(d.weekday() == number for d in days):
        return False
    return _fold(name) != "domingo" or re.search(rf"\b(?:el|los|del|al)[ \t]+{re.escape(name)}\b", question,
                                                re.I) is not None


# a German span of weekdays, "von Montag bis Mittwoch", "vom Montag bis zum Mittwoch" (askday reads its days)
_GERMAN_SPAN = re.compile(rf"\bvo[nm][ \t]+({'|'.join(_GERMAN_WEEKDAYS)})[ \t]+bis[ \t]+(?:zum[ \t]+)?"
                          rf"({'|'.join(_GERMAN_WEEKDAYS)})\b", re.I)


def _german_weekday_held(question: str, name: str, days: list) -> bool:
    """`name` is a German weekday, "Montag", or its abbreviation where a date writes it ("am Mo. 5.10.", "Do.,
    5.11.": not "Was hat Mo gesagt?"), and one of `days` falls on it; or "Wochenende" and one falls on a Saturday
    or a Sunday ("am Wochenende"); or an end of a span, "von Montag bis Mittwoch", and one falls in the span."""
    low = name.lower()
    if low == "wochenende" and any(d.weekday() >= 5 for d in days):
        return True
    for span in _GERMAN_SPAN.finditer(question):
        first, last = (_GERMAN_WEEKDAYS.index(g.lower()) for g in span.groups())
        if low in (span.group(1).lower(), span.group(2).lower()) and any(
                (d.weekday() - first) % 7 <= (last - first) % 7 for d in days):
            return True
    number = next((n for n, d in enumerate(_GERMAN_WEEKDAYS) if low in (d, d[:2])), None)
    if number is None or not any(d.weekday() == number for d in days):
        return False
    word = re.escape(name)
    return len(low) > 2 or re.search(rf"\bam[ \t]+{word}\b|\b{word}\.?,?[ \t]*\d{{1,2}}\.", question) is not None


def _held(name: str, squashed: str, words: set[str], whole: bool = False) -> bool:
    """Do the results (their text `squashed` and its `words`) hold `name`: with or without its spaces and
    possessive, or each of its words somewhere (one with a typing slip too)? `whole`: each of its words as a word
    of theirs, not inside their text run together (a name cut off a possessive, `Tom's PR`: the PR of "approved"
    or "April" held it, review revF)."""
    low = _fold(name)
    bare = re.sub(r"'s\b", "", low)
    if whole:  # (a word of theirs without a plural's possessive apostrophe too: `PCs'`)
        bare_words = {w.strip("'") for w in words}
        return all(w.strip("'") in bare_words for w in _words(bare) if w.strip("'"))
    if _squash(low) in squashed or _squash(bare) in squashed:
        return True
    return all(w in words or _held_with_slip(w, words) for w in _words(bare) if w)


def unheld_names(question: str, texts: Iterable[str], dates: Iterable[str] = (),
                 labels: Iterable[str] = ()) -> list[str]:
    """The question's names that none of `texts` holds (a CJK one: unheld_cjk);
    a month or weekday also counts as held when one of `dates`
    ('2026-02-04 15:00') falls on it. `labels`: what else names the results, their notes' folder and file
    names (answer.note_labels), holding names and ids as their text does, no dates."""
    joined = " ".join(texts)
    # ... their folders and file names ("which NPCs …?" of notes in `NPCs/`), and the words their short forms stand
    # for (a note's "Xmas" holds Christmas)
    naming = "\n".join([joined, *labels, _spelled_short_forms(joined)])
    # the results' text as written, and with its ä, ö, ü written ae, oe, ue (text.spelled_out), each holding the
    # question's names so written: "Joerg" asked of notes that write Jörg, "Jörg" of notes that write Joerg, as an
    # entity is looked up either way (text.umlaut_keys)
    spellings = [(_squash(text), set(_words(text)), spell) for text, spell in ((naming, str), (spelled_out(naming),
                                                                                                spelled_out))]
    days = [p.date() for d in dates if (p := parse_date(d)) is not None]
    # ... and the days the results write in figures (`2026-07-14`, `14.03.2026`): a time log's rows of July hold
    # July, though no note is dated in it nor writes the word (review revG); a day without its year holds its month
    written = find_dates(joined)
    days += [_dt.date.fromisoformat(iso) for _surface, iso in written if not iso.startswith("--")]
    months_written = {int(iso[2:4]) for _surface, iso in written if iso.startswith("--")}
    # a month's three letters in a list or a span of months with their year: "Sep, Oct and Nov 2026"
    listed = {w.lower() for g in asked_months(question) for w, _year, _month in g.words}
    missing = []
    ids = ids_in(question)
    for name, whole in _question_names(question).items():
        if any(name in i for i in ids):
            continue  # an id is held as an id (`OPS-1500`, the `PR` of `PR #839`), below
        low = _fold(name)
        # a month's three letters too (`Nov 3`, which the search reads as the date: a question about a
        # meeting "on Nov 3" was declined over notes that write 2026-11-03), but only as a date writes
        # them, next to a day or a year: "What did Jan say" asks about a person named Jan
        if low in MONTH_WORDS and (any(d.month == MONTH_WORDS[low] for d in days) or MONTH_WORDS[low] in months_written) \
                and (low in MONTHS or low in listed or dated_abbreviation(question, name)):
            continue
        if low in WEEKDAY_NAMES and any(d.weekday() == WEEKDAY_NAMES.index(low) for d in days):
            continue
        if low in WEEKDAY_SHORT and any(d.weekday() == WEEKDAY_SHORT[low] for d in days) \
                and dated_abbreviation(question, name, "on|every"):
            continue
        if (_weekday_span_held(question, name, days) or _german_weekday_held(question, name, days)
                or _romance_weekday_held(question, name, days)):
            continue
        if not any(_held(spell(each), squashed, words, whole) for squashed, words, spell in spellings
                   for each in _spellings(name)):
            missing.append(name)
    # an id only as written, its joints aside: its words apart (`db`, `prod`, `07` of a date) hold nothing
    missing += [i for i in ids if not id_held(i, naming)]
    return missing + unheld_cjk(question, naming)
