"""Relative day words in an answer, given their calendar date.

A note says "today", "tomorrow" or "this Saturday" relative to the day it
was written; an answer copied from it ("The contractor team comes at 6 PM
today [2].") is read weeks later, when "today" means another day. The
answer keeps its words and gets the date they stand for, from the note it
cites: "… 6 PM today [2]. (today: Wednesday, August 12, 2026)".

Nothing is guessed. A word is dated from the note only when the sentence
that holds it cites sources (or, with no citation in the sentence, the
answer does) whose notes are all dated the same day, and one of them says
the word: an answer that echoes the question's "yesterday" ("Yesterday you
went to the gym [1].", asked on May 3 and citing the note of May 2) is not
the note's yesterday (May 1). When the question's own words were read
against the asking day (askday.py: "what did I do yesterday?"), the same
word in the answer is dated as the question's (May 2). Any other word is
left undated, as are words whose day depends on more than the note's date
("next Saturday", "on Monday", "last week").
Chinese and Japanese words for today, tonight, tomorrow and yesterday
(今天, 今日, 明天, 昨天, ...) are dated too, written as their language does.
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.answer_score import cited_numbers
from minirag_cli.text import WEEKDAY_NAMES
from minirag_cli.timeline import parse_date

# word -> days from the note's date; "this <weekday>" is the coming one (0-6 days on)
_OFFSETS = {"today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
            "tomorrow": 1, "yesterday": -1, "last night": -1}
# Chinese and Japanese (今天 today, 今日 kyō, 明天 / 明日 tomorrow, 昨天 / 昨日 yesterday, 今晚 / 今夜
# tonight, 昨晚 / 昨夜 last night): no blank or word boundary sets them apart (今天和张伟去北京了)
_CJK_OFFSETS = {"今天": 0, "今日": 0, "今晚": 0, "今夜": 0, "明天": 1, "明日": 1,
                "昨天": -1, "昨日": -1, "昨晚": -1, "昨夜": -1}
_OFFSETS.update(_CJK_OFFSETS)
_RELATIVE = re.compile(r"\b(today|tonight|tomorrow|yesterday|last night|this (?:morning|afternoon|evening|"
                       + "|".join(WEEKDAY_NAMES) + r"))\b|(" + "|".join(_CJK_OFFSETS) + ")", re.I)
_SENTENCE = re.compile(r"[^.!?。！？]+(?:[.!?。！？]+(?:\s*\[[\d\s,;]+\])*|$)")


def _one_day(numbers: list[int], days: dict[int, dt.date]) -> dt.date | None:
    found = {days.get(n) for n in numbers}
    return found.pop() if len(found) == 1 and None not in found else None


def resolve(word: str, day: dt.date) -> dt.date:
    """The date `word` (a match of the relative words) stands for in a note of `day`."""
    word = " ".join(word.lower().split())
    if word in _OFFSETS:
        return day + dt.timedelta(days=_OFFSETS[word])
    weekday = WEEKDAY_NAMES.index(word.split()[1])
    return day + dt.timedelta(days=(weekday - day.weekday()) % 7)


def day_of(word: str, day: dt.date) -> dt.date | None:
    """The date a relative day word written alone stands for on `day` (today,
    tomorrow, yesterday, "this Friday" and a bare "Friday": the coming one, 0-6
    days on, as a note's "this Friday" is read: resolve); None for anything else
    (`mrag tasks --from/--to`: tasks.read_day)."""
    word = _key(word)
    if word in WEEKDAY_NAMES:
        word = f"this {word}"
    return resolve(word, day) if _RELATIVE.fullmatch(word) else None


def spell(day: dt.date, word: str = "") -> str:
    """The date in words, as the answer's language writes it (a CJK word: 2026年5月3日)."""
    if word in _CJK_OFFSETS:
        return f"{day.year}年{day.month}月{day.day}日"
    return f"{WEEKDAY_NAMES[day.weekday()].capitalize()}, {day:%B} {day.day}, {day.year}"


def _key(word: str) -> str:
    return " ".join(word.lower().split())


def _says(text: str, key: str) -> bool:
    """The source text says the relative word `key` (as the answer spells it, case aside)."""
    return any(_key(a or b) == key for a, b in _RELATIVE.findall(text or ""))


def dated_words(text: str, sources: list[dict], asked=None) -> list[tuple[str, dt.date]]:
    """The answer's relative day words with the dates they stand for, in
    order of appearance (each word once). `sources` carry the citation
    number the answer uses (`n`), their note's date (`date`, "yyyy-mm-dd
    [hh:mm]") and the text the model read (`text`); `asked` (askday.AskedDays
    or None) are the days the question's own words were read as."""
    if not _RELATIVE.search(text):
        return []
    days = {s.get("n"): d.date() for s in sources if (d := parse_date(s.get("date", ""))) is not None}
    texts = {s.get("n"): s.get("text", "") for s in sources}
    # the question's word, when it stands for one day: "yesterday (2026-05-02)"
    question_word = (_key(asked.words), asked.first) if asked is not None and asked.first == asked.last else None
    everywhere = cited_numbers(text)
    out: dict[str, dt.date] = {}
    for sentence in _SENTENCE.findall(text):
        words = _RELATIVE.findall(sentence)
        if not words:
            continue
        cited = cited_numbers(sentence) or everywhere
        day = _one_day(cited, days)
        for w in (a or b for a, b in words):
            key = _key(w)
            if key in out:
                continue
            if day is not None and any(_says(texts.get(n), key) for n in cited):
                out[key] = resolve(w, day)  # the note's own word: the note's day
            elif question_word is not None and question_word[0] == key:
                out[key] = question_word[1]  # the question's word, echoed: the asking day's
    return list(out.items())


def note(text: str, sources: list[dict], asked=None) -> str:
    """What to append to the answer: " (today: Wednesday, August 12, 2026)",
    or "" when no relative word can be dated (`asked`: dated_words)."""
    dated = dated_words(text, sources, asked)
    if not dated:
        return ""
    return " (" + "; ".join(f"{w}: {spell(d, w)}" for w, d in dated) + ")"
