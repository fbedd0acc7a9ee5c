"""A month's or a weekday's short name written as a date writes it.

"Nov", "Jan", "Mon", "Sat", "Thu" are names as often as they are dates: "What did Jan say?" asks about a
person, "What did I do in Jan?" about January; "What did Thu say yesterday?" about someone called Thu, "What
did I do on Thu?" about a Thursday. dated_abbreviation tells them apart by the words around the short name:
unheld.unheld_names reads it to count a month or a weekday as held by a note dated in it, and
askday._someone_else to tell a day from a name.
"""

from __future__ import annotations

import re

from minirag_cli.text import MONTH_ALT, WEEKDAY_NAMES


def dated_abbreviation(question: str, word: str, lead: str = "") -> bool:
    """Is the month abbreviation `word` ("Nov", "Sept") written in `question` next to a day or a year
    ("Nov 3", "3 Nov", "Nov. 3rd", "Nov 2026"), as a date writes it, or after a word that puts a time
    ("in Nov", "during Sept", "since Jan", "last Dec", "during the month of Oct", "the first week of
    Oct": _TIME_LEAD; not
    "from"/"to"/"by"/"with", which lead a person as often)? A weekday's ("Mon", "Tues") alike: "on Mon",
    "last Fri", "Sat 3", "Fri, Nov 3" (`lead`: "on|every", a weekday's words of time too), and a later day of
    a list or a span whose first is so written ("on Mon and Wed", "last Fri and Sat", "on Mon–Fri"), and both
    ends of "from Mon to Fri", "between Mon and Fri" and "Mon-Fri"."""
    word, comma = re.escape(word), ",?" if lead else ""  # "Sat, 3 Oct"; not "Jan, 3 people and Priya"
    lead = _TIME_LEAD[:-1] + (f"|{lead})" if lead else ")")
    listed = (rf"|\b{lead}[ \t]+(?:{_WEEKDAY_ALT})\b\.?(?:{_DAYS_JOIN}(?:(?:on|last)[ \t]+)?(?:{_WEEKDAY_ALT})\b\.?)*"
              rf"{_DAYS_JOIN}(?:(?:on|last)[ \t]+)?{word}\b(?!['’])"
              # "from Mon to Fri": both ends of a span of weekdays ("from" alone leads a sender: "from Jan")
              rf"|\bfrom[ \t]+{word}\b\.?{_SPAN_JOIN}(?:{_WEEKDAY_ALT})\b"
              rf"|\bfrom[ \t]+(?:{_WEEKDAY_ALT})\b\.?{_SPAN_JOIN}{word}\b(?!['’])"
              # "between Mon and Wed", a bare "Mon-Wed" (as askday reads them: a span)
              rf"|\bbetween[ \t]+{word}\b\.?[ \t]+and[ \t]+(?:{_WEEKDAY_ALT})\b"
              rf"|\bbetween[ \t]+(?:{_WEEKDAY_ALT})\b\.?[ \t]+and[ \t]+{word}\b(?!['’])"
              # (not a file's, a link's or a tag's name: "Mon-Wed.txt", "[[Mon-Fri]]", "#Mon-Fri")
              rf"|(?<![\w#\[-]){word}\b\.?{_DASH}(?:{_WEEKDAY_ALT})\b(?![\w\]-]|\.\w)"
              rf"|(?<![\w#\[-])(?:{_WEEKDAY_ALT})\b\.?{_DASH}{word}\b(?![\w'’\]-]|\.\w)")
    return re.search(rf"\b{word}\b\.?{comma}[ \t]*\d{{1,4}}(?!\d)|(?<!\d)\d{{1,2}}(?:st|nd|rd|th)?\.?[ \t]*{word}\b"
                     rf"|\b(?:{lead}[ \t]+(?:the[ \t]+months?[ \t]+of[ \t]+)?|week[ \t]+of[ \t]+){word}\b(?!['’])"
                     # "Fri, Nov 3": a weekday before a date's month
                     + (rf"|\b{word}\b\.?,?[ \t]*(?:{MONTH_ALT})\b{listed}" if comma else ""), question, re.I) is not None


# The words before a month's short name that make it a time, not a person ("What did I do in Nov?" asks
# about November; "What did Jan say?" about Jan)
_TIME_LEAD = r"(?:in|during|since|until|till|through|last|this|next|early|mid|late)"
# a weekday's short names ("Mon", "Tues", "Thurs"): a date's when written as one (dated_abbreviation)
WEEKDAY_SHORT = {**{d[:3]: n for n, d in enumerate(WEEKDAY_NAMES)}, "tues": 1, "weds": 2, "thur": 3, "thurs": 3}
# a weekday's number (0 Monday) by its name, full or short ("monday", "mon", "thurs"), lower case
WEEKDAY_NUMBER = {**{d: n for n, d in enumerate(WEEKDAY_NAMES)}, **WEEKDAY_SHORT}
# the letters a case-blind pattern takes for a weekday's (`FRİDAY`, `frıday`, `ſunday`): their lower case is no key of
# WEEKDAY_NUMBER, and a dated note writing one stopped the sync on a KeyError (fixU, review of ukdates)
CASE_BLIND_LETTERS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def weekday_number(word: str) -> int:
    """The number (0 Monday) of the weekday `word` a case-blind pattern of WEEKDAY_NUMBER's names matched."""
    return WEEKDAY_NUMBER[word.translate(CASE_BLIND_LETTERS).lower()]
_WEEKDAY_ALT = "|".join(sorted([*WEEKDAY_NAMES, *WEEKDAY_SHORT], key=len, reverse=True))
# between the days of a list or a span: "Mon, Wed and Fri", "Fri & Sat", "Mon–Fri", "Monday to Friday"
_DASH = r"[ \t]*[\-–—][ \t]*"
_SPAN_JOIN = rf"(?:[ \t]+(?:to|through|thru|till|until)[ \t]+|{_DASH})"
_DAYS_JOIN = rf"(?:[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+|[ \t]*&[ \t]*|{_SPAN_JOIN})"


# a list or a span of weekdays after a word of time: "on Tue and Wed", "from Tue to Thu", "last Fri, Sat & Sun";
# a span "between Tue and Thu", "Tue-Thu", "Tuesday–Thursday"
_WEEKDAY_GROUP = re.compile(rf"\b(?:on|last|from|every)[ \t]+(?:{_WEEKDAY_ALT})\b\.?"
                            rf"(?:{_DAYS_JOIN}(?:(?:on|last)[ \t]+)?(?:{_WEEKDAY_ALT})\b\.?(?!['’]))+"
                            rf"|\bbetween[ \t]+(?:{_WEEKDAY_ALT})\b\.?[ \t]+and[ \t]+(?:{_WEEKDAY_ALT})\b(?!['’])"
                            rf"|(?<![\w#\[-])(?:{_WEEKDAY_ALT})\b\.?{_DASH}(?:{_WEEKDAY_ALT})\b(?![\w'’\]-]|\.\w)",
                            re.I)
_SPAN_WORD = re.compile(rf"^{_SPAN_JOIN}$", re.I)
_BETWEEN_AND = re.compile(r"^[ \t]+and[ \t]+$", re.I)


def weekday_groups(question: str) -> list[dict[str, int]]:
    """Each list or span of weekdays `question` writes as dates ("on Tue and Wed", "from Tue to Thu", "on
    Mon–Fri"): its names as written, lower case, each to the weekday numbers (0 Monday) asked, the days a span
    runs through included ({"tue": 1, "thu": 3, "": 2} for "from Tue to Thu": the unnamed days under "")."""
    groups = []
    for m in _WEEKDAY_GROUP.finditer(question):
        group: dict[str, int] = {}
        previous, pieces = None, re.split(rf"\b({_WEEKDAY_ALT})\b", m.group(0), flags=re.I)
        for between, word in zip(pieces[0::2], pieces[1::2]):
            day = weekday_number(word)
            if previous is not None and (_SPAN_WORD.match(between.lstrip(".")) or (
                    m.group(0)[:7].lower() == "between" and _BETWEEN_AND.match(between.lstrip(".")))):
                for n in range(1, (day - previous) % 7):
                    group[f" {(previous + n) % 7}"] = (previous + n) % 7
            group[word.lower()], previous = day, day
        groups.append(group)
    return groups
