"""The scoring rule of `mrag eval --answers`: is a written answer right
against a golden line's short `answer`? Deterministic and pure (no model, no
index), so a re-run after a change here re-scores cached answers for free.

Three kinds of gold, chosen from the golden line alone:

- **unanswerable**: `expected: []`, or a gold such as "Insufficient
  information", "None", "Unanswerable", "N/A" or an empty one. Right when
  the answer *declines* (see below).
- **yes/no**: the gold's first word (after an optional "Answer:" label) is
  "yes" or "no". Right when the answer's *verdict* is the same. The verdict
  is the answer's first word after an optional label ("Answer:",
  "Verdict:") and markdown/quotes — "Yes, but…" is yes, "No — …" is no —
  or, when the first word is no verdict, a sentence "the answer is yes/no"
  in its first sentence. "I think so" (believe, suppose, guess…) is yes,
  "I don't think so" and "I think not" are no, and a hedge before a
  verdict keeps it ("Probably not." is no, "Probably yes." and "Most likely,
  yes" are yes: the answer commits to one, as after doubt below); a hedge
  alone ("Probably.") is none. A yes or no further on does not count, and an
  answer that declines has no verdict.
- **content** (everything else: names, things, reasons, numbers, dates):
  right when at least CONTENT_SHARE (half) of the gold's content words
  occur in the answer. Content words are the gold's words after
  normalisation, minus stopwords and minus the words the question itself
  uses (repeating the question is no evidence); if that leaves nothing, all
  the gold's non-stopwords count. Every number and date of the gold must
  be among those found (times need not; a Chinese or Japanese term holding
  a numeral is a number). Text in parentheses in a gold is context,
  not required. A gold listing items joined by "&" is right when more than
  ITEM_SHARE (half) of its items are found, each item by the same
  at-least-half rule. An answer that declines is never right here.

Normalisation (gold and answer alike): words of any script (a run of
Chinese or Japanese characters as its two-character terms, "三万元" ->
三万 万元), Unicode NFKD without accents,
lowercase, CamelCase handles split ("JenniferMoore" -> "jennifer moore"),
citations like [2] dropped, possessive 's dropped, number words to digits
("three" -> 3, "1,200" -> 1200, "78%" -> 78), a light suffix stemmer
(plural s/es/ies, -ed, -ing, a final e or y: "introduced" = "introduces"),
dates in any spelling to one token ("20260122", "2026-01-22",
"January 22", "Jan 22nd, 2026", "22 January 2026" all match the gold
20260122; an answer's date without a year matches any year), and times
("6PM", "6 p.m.", "18:00" -> one token).

A **decline** is an answer whose first sentence says the notes or sources
do not hold the answer, in any of many wordings ("The notes do not say",
"not mentioned", "no information about", "I cannot tell", "insufficient
information", "unknown", ...). Doubt opening the answer ("I'm not sure",
"Not sure", "I don't know", after an optional label, "Sorry," or
"Unfortunately,") is a decline only when nothing that answers follows it:
the rest cites nothing and is empty, names only what is doubted ("I'm not
sure what he ate.") or itself declines. Otherwise the verdict and the
content are read past the doubt ("I'm not sure. He went to Paris [1].").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from minirag_cli.text import CJK_CHARS, MONTH_ALT, MONTH_WORDS, NUMBER_WORDS, cjk_bigrams, split_camel, strip_accents
from minirag_cli.text import STOPWORDS as RETRIEVAL_STOPWORDS

CONTENT_SHARE = 0.5  # a content gold is right from this share of its content words on (inclusive)
ITEM_SHARE = 0.5  # a list gold ("a & b & c") is right above this share of its items (exclusive)

YES, NO = "yes", "no"
UNANSWERABLE_GOLDS = re.compile(
    r"^\s*(?:answer\s*:\s*)?(?:insufficient information|not enough information|none|null|n/?a|unanswerable|"
    r"not answerable|unknown|no answer|cannot be (?:answered|determined)|not mentioned|-)?\s*\.?\s*$", re.I)
_YES_WORDS = frozenset({"yes", "yeah", "yep", "correct", "true"})
_NO_WORDS = frozenset({"no", "nope", "false", "incorrect"})
_LABEL = re.compile(r"^\s*(?:[*_#>`\"'“‘\-]+\s*)*(?:(?:final\s+)?(?:answer|verdict|response|a)\s*[:：]\s*)?"
                    r"(?:[*_`\"'“‘]+\s*)*", re.I)
_ANSWER_IS = re.compile(r"\b(?:answer|verdict) is\s*[:\"'“*]*\s*(yes|no)\b", re.I)

_NOTES = r"(?:notes?|sources?|documents?|context|texts?|records?|messages?|conversations?)"
_DECLINE = re.compile("|".join([
    # "the notes do not say ...", "the sources don't mention ...", "the provided text did not specify ..."
    rf"\b{_NOTES}\b[^.?!]{{0,60}}?\b(?:do(?:es)?|did)\s*n[o']t\s+(?:\w+ly\s+)?(?:say|state|mention|specify|"
    r"contain|include|provide|give|tell|show|indicate|describe|reveal|have|hold|cover|discuss|answer|address)",
    # "it is not mentioned", "not specified in the notes" (at the end, or followed by the notes)
    r"\bnot\s+(?:\w+ly\s+)?(?:mentioned|stated|specified|recorded|indicated|described|provided|given|covered|"
    rf"addressed|available)\b(?=\W*$|[^.?!]{{0,40}}\b(?:{_NOTES}|provided|given)\b)",
    r"\bno\s+(?:\w+\s+)?(?:information|mention|details?|indication|evidence)\b"
    r"(?=\s+(?:about|of|on|regarding|in|that|as to|for|is|was)\b|\W*$)",
    r"\b(?:insufficient|not enough)\s+(?:\w+\s+)?(?:information|details?|context|evidence|data)\b",
    r"\b(?:i|we|it)\s+(?:can\s*not|can't|cannot|could\s*n[o']t|am unable to|is not possible to|is impossible to)"
    r"\s+(?:\w+\s+)?(?:determine|tell|answer|find|say|know|identify|confirm)\b",
    r"\b(?:can\s*not|can't|cannot|could\s*n[o']t)\s+be\s+(?:determined|answered|found|confirmed|identified|"
    r"inferred|known)\b",
    r"\bunable to\s+(?:determine|answer|find|identify|confirm)\b",
    r"\bi\s+do\s*n[o']t\s+know\b",
    rf"\b(?:is|are|remains?)\s+(?:unknown|unclear|not known)\b(?=\W*$|[^.?!]{{0,40}}\b{_NOTES}\b)",
    r"^\W*(?:unknown|unanswerable|not answerable|insufficient information|n/?a|no answer)\W*$",
    r"\bunanswerable\b",
    r"\bthere (?:is|are|was|were) no (?:\w+\s+)?(?:mention|record|information|indication|evidence)",
    rf"\bnothing (?:in|about)\b[^.?!]{{0,40}}\b{_NOTES}\b",
    rf"\bdoes\s*n[o']t\s+(?:appear|seem)\s+(?:to\s+be\s+)?(?:in|mentioned|stated)\b[^.?!]{{0,40}}\b{_NOTES}\b",
]), re.I)
# Doubt opening the answer (after a label, markup, "Sorry," or "Unfortunately,"): SmolLM2's "I'm not
# sure." A decline only when nothing that answers follows it (doubt_rest): "I'm not sure. He went to
# Paris [1].", "I'm not sure: yes, he did [1]." and "I don't know, but yes [1]." answer.
_OPENING = re.compile(r"(?:sorry|unfortunately)\b[\s,;:.!]*", re.I)
_CONNECTOR = r"(?:but|however|though|although|yet)\b"
_DOUBT = re.compile(
    r"\W*(?:(?:i(?:'m|\s+am|m)|we(?:'re|\s+are))\s+(?:not\s+(?:quite\s+|\w+ly\s+)?(?:sure|certain)|unsure|"
    r"uncertain)|i\s+(?:can\s*not|can't|could\s*n[o']t)\s+be\s+(?:sure|certain)|not\s+(?:quite\s+|\w+ly\s+)?sure|"
    r"i\s+do\s*n[o']t\s+know)\b"
    # what the doubt is about is no answer: "I'm not sure what he ate, though …", "… if the notes say."
    rf"(?:\s+(?:if|whether|what|who|whom|when|where|which|why|how|about|of)\b(?:(?!\b{_CONNECTOR})[^,;:.!?—–])*)?"
    rf"[\s,;:.!?*_\"'”’—–-]*(?:{_CONNECTOR}[\s,;:]*)?", re.I)

# retrieval's stopwords and a few more words that carry no answer
STOPWORDS = RETRIEVAL_STOPWORDS | frozenset("""
also done either else ever every get gets got let like made make makes may might much must neither one's others
per quite rather really though thus upon us via whether whose within without yet
""".split())

_NUMBER_WORDS = {"zero": "0", **{w: str(n) for w, n in NUMBER_WORDS.items()}}
_NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70",
                      "eighty": "80", "ninety": "90", "hundred": "100", "thousand": "1000",
                      "first": "1st", "second": "2nd", "third": "3rd", "dozen": "12", "half": "0.5"})

_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d\d)"
_DATE_PATTERNS = [  # (regex, group of year, month, day); each yields one date token
    (re.compile(r"\b((?:19|20)\d\d)(0[1-9]|1[0-2])([0-2]\d|3[01])(?:_(\d{1,2}):?(\d\d))?\b"), (1, 2, 3)),
    (re.compile(r"(?<![:\w-])((?:19|20)\d\d)[-/.](0?[1-9]|1[0-2])[-/.]([0-2]?\d|3[01])\b"), (1, 2, 3)),
    (re.compile(rf"\b({MONTH_ALT})\.?\s+([0-2]?\d|3[01]){_ORD}\b(?:,?\s+{_YEAR}\b)?", re.I), (3, 1, 2)),
    (re.compile(rf"\b([0-2]?\d|3[01]){_ORD}\s+(?:of\s+)?({MONTH_ALT})\b\.?(?:,?\s+{_YEAR}\b)?", re.I), (3, 2, 1)),
]
_TIME = re.compile(r"(?<![:\w])(\d{1,2})(?:[:.](\d\d))?\s*([ap])\.?\s*m\b\.?|\b([01]?\d|2[0-3])[:h](\d\d)\b", re.I)
# a citation as answers write them: "[2]", "[1, 3]"; the numbers in group 1
CITATION = re.compile(r"\[\s*(\d+(?:\s*[,;]\s*\d+)*)\s*\]")
# a word: a date or time token, a number, a run of CJK characters (read as its bigrams: no blank
# tells its words apart, as in retrieval) or of other letters; [a-z]+ alone took no word of a
# Chinese gold ("三万元": 0/0 content words, never right) and split "søren" at its ø
_WORD = re.compile(rf"@[a-z]+:[\d?:-]+|\d+(?:[.,]\d+)*|[{CJK_CHARS}]+|[^\W\d_{CJK_CHARS}]+")
_CJK_START = re.compile(f"[{CJK_CHARS}]")


def cited_numbers(text: str) -> list[int]:
    """The numbers of the citations in `text`, in order ("[1] [2][3]", "[4, 5]")."""
    return [int(n) for g in CITATION.findall(text) for n in re.findall(r"\d+", g)]


# --------------------------------------------------------------------------- normalisation


def fold(text: str) -> str:
    """NFKD without accents, CamelCase split, citations and possessives dropped, lowercase."""
    text = strip_accents(text or "")
    text = CITATION.sub(" ", text)
    text = split_camel(text)
    text = re.sub(r"[’‘`´]", "'", text)
    text = re.sub(r"(\w)'s\b", r"\1", text)
    return text.lower()


def _mark_dates_and_times(text: str) -> str:
    """Replace dates and times with tokens: @date:2026-01-22 (year ? when
    absent), @time:1800."""
    for pattern, (gy, gm, gd) in _DATE_PATTERNS:
        def repl(m: re.Match, gy=gy, gm=gm, gd=gd) -> str:
            year = m.group(gy) or "?"
            month_raw = m.group(gm)
            month = int(month_raw) if month_raw.isdigit() else MONTH_WORDS[month_raw.lower().rstrip('.')]
            day = int(m.group(gd))
            if not 1 <= day <= 31:
                return m.group(0)
            out = f" @date:{year}-{month:02d}-{day:02d} "
            if m.re is _DATE_PATTERNS[0][0] and m.group(4):
                out += f"@time:{int(m.group(4)):02d}{m.group(5)} "
            return out
        text = pattern.sub(repl, text)

    def time_repl(m: re.Match) -> str:
        if m.group(3):
            hour, minute = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "p" else 0), m.group(2) or "00"
        else:
            hour, minute = int(m.group(4)), m.group(5)
        if hour > 23:
            return m.group(0)
        return f" @time:{hour:02d}{minute} "

    return _TIME.sub(time_repl, text)


def stem(word: str) -> str:
    """A light, deterministic suffix stemmer (enough to match a gold's word
    with the answer's inflection of it)."""
    if not word.isalpha() or len(word) <= 3:
        return word
    w = word
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"),
                         ("shes", "sh"), ("ing", ""), ("ed", ""), ("es", "e"), ("s", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not (suffix == "s" and w.endswith(("ss", "us", "is"))):
            w = w[: len(w) - len(suffix)] + repl
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz" and w[-1].isalpha() and w[-1] not in "aeiou":
        w = w[:-1]  # stopped -> stopp -> stop
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("y"):
        w = w[:-1] + "i"
    return w


def stem_twice(word: str) -> str:
    """`word` stemmed, and its stem stemmed once more (`readings` `reading` `read`): the form two words share when
    one is a plural of an inflection of the other, as a note's "Meter readings" says "read the meters"."""
    once = stem(word)
    return once if once == word else stem(once)


def words(text: str) -> list[str]:
    """Normalised tokens of a text, stopwords included (see the module doc)."""
    text = _mark_dates_and_times(fold(text))
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # 1,200 -> 1200
    out = []
    for tok in _WORD.findall(text):
        if tok.startswith("@"):
            out.append(tok)
        elif tok[0].isdigit():
            out.append(tok.rstrip(".,"))
        elif _CJK_START.match(tok):
            out.extend(cjk_bigrams(tok))
        else:
            out.append(_NUMBER_WORDS.get(tok, tok))
    return out


def content_words(text: str, exclude: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """Distinct stemmed non-stopwords of `text`, in order, minus `exclude`."""
    seen: dict[str, None] = {}
    for tok in words(text):
        if tok in STOPWORDS:
            continue
        key = tok if tok.startswith("@") or tok[0].isdigit() else stem(tok)
        if key not in exclude:
            seen.setdefault(key, None)
    return list(seen)


def _unit_found(unit: str, answer_units: set[str]) -> bool:
    if unit in answer_units:
        return True
    if unit.startswith("@date:"):
        year, rest = unit[6:].split("-", 1)
        return any(a.startswith("@date:") and a.endswith("-" + rest)
                   and (year == "?" or a[6:].split("-", 1)[0] in (year, "?")) for a in answer_units)
    return False


# --------------------------------------------------------------------------- the answer's side


def _first_sentence(text: str) -> str:
    text = CITATION.sub(" ", text or "").strip()
    m = re.search(r"(?<=[.!?])\s|\n", text)
    return text[: m.start()] if m else text


def doubt_rest(answer: str) -> str | None:
    """What follows the doubt that opens the answer ("I'm not sure, but yes
    [1]." -> "yes [1]."), or None when no doubt opens it. A label ("Answer:"),
    markup and a leading "Sorry," or "Unfortunately," come before the doubt."""
    text = _LABEL.sub("", (answer or "").replace("\u2019", "'"), count=1)
    text = _OPENING.sub("", text, count=1) if _OPENING.match(text) else text
    m = _DOUBT.match(text)
    return text[m.end():] if m else None


def is_decline(answer: str) -> bool:
    """The answer says the notes do not hold the answer (in its first
    sentence), or opens with doubt that nothing answering follows: the
    rest cites nothing and is empty or itself a decline."""
    rest = doubt_rest(answer)
    if rest is not None:
        return not CITATION.search(rest) and is_decline(rest)
    first = _first_sentence(answer).replace("\u2019", "'")  # "I don’t know": a typographic apostrophe
    if not first.strip():
        return True  # an empty answer answers nothing
    return bool(_DECLINE.search(first))


# "No information about ...": `no` as a determiner of these nouns opens a
# decline, not a verdict
_NO_DETERMINED = re.compile(r"\s*no\s+(?:specific\s+|such\s+|clear\s+)?(?:information|info|mention|mentions|record|"
                            r"records|details?|data|evidence|notes?|sources?|answer|indication|one)\b", re.I)


# a yes or no in other words, opening the answer: "I think so." is yes, "I don't think so." no
_BELIEF = r"(?:i|we)\s+(?:think|believe|suppose|guess|expect|reckon)"
_THINK_SO = re.compile(rf"\s*(?:(?P<no>(?:i|we)\s+(?:do\s*n[o']t|did\s*n[o']t)\s+(?:think|believe|suppose|guess|"
                       rf"expect|reckon)\s+so|{_BELIEF}\s+not)|{_BELIEF}\s+so)\b", re.I)
# a hedge before the verdict ("Probably not.", "Probably yes.", "Most likely, no."): the answer still
# commits to one, as "I'm not sure, but yes" does; a hedge alone ("Probably.") names none
_HEDGE = re.compile(r"\s*(?:(?:most|very|quite)\s+)?(?:probably|likely|perhaps|maybe|possibly)\b[\s,;:—–-]*", re.I)


def verdict(answer: str) -> str | None:
    """'yes', 'no' or None: the answer's first word (after a label and
    markdown), else "the answer is yes/no" in its first sentence. "No
    information about it" opens a decline and is no verdict. After doubt
    ("I'm not sure, but yes [1].", "I'm not sure. Yes [1].") the verdict is
    the rest's. "I think so" is yes, "I don't think so" and "I think not" no;
    a hedge before a verdict keeps it ("Probably not." is no, "Probably
    yes." yes)."""
    rest = doubt_rest(answer)
    if rest is not None:
        return verdict(rest)
    text = _LABEL.sub("", CITATION.sub(" ", (answer or "").replace("\u2019", "'")), count=1)
    hedge = _HEDGE.match(text)
    if hedge:
        text = text[hedge.end():]
        if re.match(r"not\b", text, re.I):
            return NO
    so = _THINK_SO.match(text)
    if so:
        return NO if so.group("no") else YES
    first = re.match(r"\s*([A-Za-z]+)", text)
    word = first.group(1).lower() if first else ""
    if word in _YES_WORDS:
        return YES
    if word in _NO_WORDS and not _NO_DETERMINED.match(text.lstrip("*_\"' ")):
        return NO
    m = _ANSWER_IS.search(_first_sentence(answer))
    return m.group(1).lower() if m else None


# --------------------------------------------------------------------------- the gold's side


def _strip_label(gold: str) -> str:
    return re.sub(r"^\s*answer\s*:\s*", "", gold or "", flags=re.I).strip()


def gold_kind(gold, expected=None) -> str:
    """'unanswerable', 'yesno' or 'content' (see the module doc)."""
    if expected is not None and len(expected) == 0:
        return "unanswerable"
    if gold is None:
        return "unanswerable"
    text = _strip_label(str(gold))
    if UNANSWERABLE_GOLDS.match(text):
        return "unanswerable"
    first = re.match(r"([A-Za-z]+)", text)
    if first and first.group(1).lower() in (YES, NO):
        return "yesno"
    return "content"


def gold_verdict(gold) -> str:
    return re.match(r"([A-Za-z]+)", _strip_label(str(gold))).group(1).lower()


@dataclass(frozen=True)
class Score:
    kind: str  # unanswerable | yesno | content
    right: bool
    declined: bool  # the answer declines
    detail: str  # why, for --details: "verdict yes, gold yes", "3/4 content words", "items 2/3"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "right": self.right, "declined": self.declined, "detail": self.detail}


# Chinese and Japanese numerals: a gold's term holding one is a number, required as digits are
# ("三万元" is not right for an answer of 两万元, though it shares the term 万元)
_CJK_NUMERALS = frozenset("〇零一二三四五六七八九十百千万萬亿億两兩")


def _required(unit: str) -> bool:
    return unit.startswith("@date:") or unit[0].isdigit() or not _CJK_NUMERALS.isdisjoint(unit)


def _content_match(gold: str, answer_units: set[str], exclude: set[str]) -> tuple[int, int, bool]:
    """(content units found, content units, every number and date found)."""
    units = content_words(gold, exclude) or content_words(gold)
    found = [u for u in units if _unit_found(u, answer_units)]
    return len(found), len(units), all(u in found for u in units if _required(u))


def _matches(found: int, total: int, required_ok: bool) -> bool:
    return total > 0 and required_ok and found >= CONTENT_SHARE * total


def score(gold, answer: str, *, question: str = "", expected=None) -> Score:
    """Score one answer against one golden line (gold answer, question, expected paths)."""
    kind = gold_kind(gold, expected)
    declined = is_decline(answer)
    if kind == "unanswerable":
        return Score(kind, declined, declined, "declined" if declined else "answered (should decline)")
    if kind == "yesno":
        want = gold_verdict(gold)
        got = verdict(answer)
        if got is None and declined:
            return Score(kind, False, True, f"declined, gold {want}")
        return Score(kind, got == want, False, f"verdict {got or 'none'}, gold {want}")
    if declined:
        return Score(kind, False, True, "declined")
    right, detail = content_verdict(gold, answer, question=question)
    return Score(kind, right, False, detail)


def content_verdict(gold, answer: str, *, question: str = "") -> tuple[bool, str]:
    """Does `answer` hold a content gold (not yes/no, not unanswerable) by
    the rule, and why: (right, detail)."""
    gold_text = re.sub(r"\([^)]*\)", " ", _strip_label(str(gold))).strip() or _strip_label(str(gold))
    answer_units = set(content_words(answer))
    exclude = set(content_words(question)) if question else set()
    items = [i for i in re.split(r"\s*&\s*", gold_text) if i.strip()]
    if len(items) > 1:
        found_items = 0
        for item in items:
            found_items += _matches(*_content_match(item, answer_units, exclude))
        return found_items > ITEM_SHARE * len(items), f"items {found_items}/{len(items)}"
    found, total, required_ok = _content_match(gold_text, answer_units, exclude)
    detail = f"{found}/{total} content words" + ("" if required_ok else ", a number or date missing")
    return _matches(found, total, required_ok), detail
