"""Questions about the next time a thing happens: the note that writes its coming day first.

"when is the next inset day?" put the INSET day gone (`Daily/2026-11-20.md`, a note about it) first and the
term planner, whose `**INSET Mon 4 Jan 2027**` is the one to come, 2nd: nothing in a question's words or vector
tells a day to come from one gone. latest.py reads "the last X" and "the first X"; this reads "the next X":
"when is the next inset day", "when's my next dentist appointment", "next parents evening?", "upcoming ICLR
deadline?", "when do I next see Dr Okafor" (next_words). What must be held is read as latest.py reads it (the
question's names, else its content words); a note holds an occurrence of it where a line of it holds them all (an
undated note's path and title count as every line's: `Dentist.md`'s "next check-up 14 Jan"; the prose lines above a
line in its paragraph too, not a list's items or a table's rows), beside a day that line writes (text.find_dates,
a day without a year the one nearest the note's date, else the asking day; a span of days, notespans.chunk_spans,
by its first day, or the asking day while it is under way; a path or title writing its day counts as a line). A
line that opens saying "next" and X's noun alone (`**Next meeting:** Wed 16th Dec`, `Date of next meeting: 12 Jan`,
`NEXT MEETING 16/12/2026`; "Next: 14 Jan" alone where the note's title says the noun, not under a "Next steps"
heading) is of the X its note's path, title and headings above it say (`Minutes/2026-11-18 committee meeting.md`), a
dated note's too: minutes tell the next meeting so (_next_label), by the day right after the label (_label_day), and
the latest minutes that tell one decide (reorder). A line's word says a question's by its stem, a shortening
("Chemo", "Conf") or a derived form ("dental"), not by first letters ("comments" is no "committee": _kin). A
note's own date never counts by itself: today's daily note "Need to book the dentist" is no appointment today. Of the first `latest_pool` notes of the fused results, the one with the
soonest such day on or after the asking day moves first (reorder); the others keep their places, a note of an
occurrence gone too. None has one: nothing moves, and the asker is told (commands/ask.py).

Not read so: "what did I do next" (nothing after it), "next week", "next Friday", "the next 2 weeks" (days:
askday.py), "the next chapter", "next steps for the Parker website", "what's next on my list", "who is next on
the rota" (an order, not a day), "next time I see Priya…"; a question not opening with "when" unless an event is
named after "next" (_EVENTS: "who is the next speaker", "the next stop after Leeds"); "next Weds meeting", "next Dec
deadline" (days: askday.py); a past one ("when did I next see Priya after the wedding?": askday.past_tense).
"""

from __future__ import annotations

import datetime as dt
import re

from minirag_cli.latest import _ASKING, _PERIOD, Latest, Reordered, _names_typed_low, note_day
from minirag_cli.text import _WEEKDAY_WORDS, MONTH_WORDS, NUMBER_WORDS, STOPWORDS, asking_spans, find_dates

# "next Weds", "next Dec deadline", "Next Jan we go skiing": days askday.py reads (review nextx: read twice)
_CALENDAR = frozenset([*_WEEKDAY_WORDS, *MONTH_WORDS])

# after "next" these are a period or a count of days (askday.py, dayspans.py), or an order, not an event that recurs
_NOT_EVENTS = "|".join([_PERIOD, "day", "days", "morning", "afternoon", "evening", "term", "semester", "quarter",
                        "fortnight", "summer", "winter", "spring", "autumn", "fall", "christmas", "easter", "few",
                        "couple", "step", "steps", "chapter", "chapters", "page", "pages", "part", "section", "one",
                        "ones", "line", "item", "items", "thing", "things", "question", "level", "door", "stage",
                        "phase", "slide", "paragraph", "episode", "round", "turn", "generation", "version", "up",
                        *NUMBER_WORDS, *_CALENDAR, r"\d+\w*"])
_COMING = r"(?:next|upcoming|forthcoming)"
_NEXT = re.compile(
    # "the next inset day", "my next dentist appointment" ("the upcoming karaoke night" tells of a day of its note's:
    # "What does WolfgangSchulz suggest the group do before the upcoming karaoke night?" lost LiHua's MRR)
    rf"\b(?:the|my|our)\s+next\s+(?!(?:{_NOT_EVENTS})\b)(?=[^\W\d_])"
    # "next parents evening?", "when's next supervisor meeting", "upcoming ICLR deadline" (the question opens so)
    rf"|(?:^|\bwhen(?:['’]s|\s+is|\s+are|\s+will\s+be)?\s+)\W*(?:the\s+)?{_COMING}\s+(?!(?:{_NOT_EVENTS})\b)(?=[^\W\d_])"
    # "when do I next see Dr Okafor", "when will we next meet" (a question of when)
    r"|(?<=\bi\s)next\s+(?=[a-z])|(?<=\bwe\s)next\s+(?=[a-z])",
    re.I)
# words of such questions that say nothing of what is asked about
_WHEN = frozenset("next upcoming forthcoming coming when due scheduled booked planned happening date".split())
# the event's noun beside its matter ("the next supervisor meeting", "my next dentist appointment"): a line of the
# matter need not say it (`Dentist Thu 17 Dec`); asked alone ("my next meeting") it is the matter. Not a payment:
# any day on a line naming the matter was then its next payment (`Rent review 1 Mar 2027`, `Mortgage fix ends 1 Sep
# 2028`: review of titleperiod)
_EVENT_NOUNS = frozenset("""
appointment appointments appt meeting meetings session sessions deadline deadlines day event lesson class call
visit check-up checkup
""".split())
# a question not opening with "when" is read only where the words after "next" name an event (review nextx: "what's
# the next big thing in AI", "the next stop after Leeds", "my next book to read", "who is the next speaker",
# "next to the station there was a cafe" are of an order or a place, not a day)
_EVENTS = _EVENT_NOUNS | frozenset("""
classes lessons calls visits payday trip trips exam exams evening interview lecture seminar workshop shift party
holiday holidays match game service collection review
""".split())
# "Next meeting:", "Date of next meeting", "The next session will be": a line of a note's next one (_next_label)
_NEXT_LABEL = r"^[\W_]*(?:(?:date|day|time)\s+(?:of|for)\s+)?(?:the\s+|our\s+)?next\b"
_LIST_ITEM = re.compile(r"\s*(?:[-*+•]\s|\d+[.)]\s|\|)")  # a list's item or a table's row
_WHEN_OPENING = re.compile(r"^\W*(?:(?:and|so|ok|okay)\W+)?when\b", re.I)


def next_words(question: str, is_name=None) -> Latest | None:
    """The question asks when a thing next happens (module docstring): its words and what a note's line must hold
    (Latest, `coming` set), else None. `is_name(word)`: the index knows a word as a name (store.is_name)."""
    from minirag_cli.askday import _QUOTED, past_tense

    if past_tense(question):
        return None  # "when did I next see Priya after the wedding?": the one after a day gone, not one to come
    unquoted = _QUOTED.sub(lambda m: " " * len(m.group(0)), question)
    m = _NEXT.search(unquoted)
    if m is None:
        return None
    of_a_verb = bool(re.search(r"\b(?:i|we)\s+next\s*$", unquoted[:m.end()], re.I))  # "when do I next see…"
    if of_a_verb and not re.search(r"\bwhen\b", unquoted, re.I):
        return None  # "shall I next call Anna?": no question of when
    after = re.findall(r"[\w'’-]+", re.split(r"[^\w\s'’-]", unquoted[m.end():], maxsplit=1)[0])[:3]
    if not _WHEN_OPENING.search(unquoted) and not any(w.lower() in _EVENTS for w in after):
        return None  # "who is the next speaker at the seminar": an order, not a day (_EVENTS)
    rest = unquoted[:m.start()] + " " + unquoted[m.end():]
    # the noun "next" is said of: the last word of the words after it ("the next committee meeting for the club",
    # "the next committee meeting date?", "… meeting scheduled")
    phrase = []
    for word in () if of_a_verb else after:
        if word.lower() in STOPWORDS or word.lower() in _ASKING or word.lower() in _WHEN:
            break
        phrase.append(re.sub(r"['’]s$", "", word))
    words = list(re.finditer(r"[^\W\d_][\w'’-]*|\d+[^\W\d_]\w*", rest))
    asking = {a for a, _b in asking_spans(rest)}
    content = []
    for i, w in enumerate(words):
        word = re.sub(r"['’]s$", "", w.group(0))
        low = word.lower()
        if (low in STOPWORDS or low in _ASKING or low in _WHEN or low in _CALENDAR or len(low) < 2
                or w.start() in asking):
            continue
        content.append((word, word[0].isupper() and not (i == 0 and w.start() == len(rest) - len(rest.lstrip()))))
    typed = _names_typed_low(content, is_name) if is_name is not None else set()
    names = [word for word, capital in content if capital or word in typed]
    terms = [word.lower() for word, capital in content if not capital and word not in typed]
    if not names and not terms:
        return None  # "what did I do next", "what's coming up next?"
    return Latest(" ".join(m.group(0).split()), tuple(dict.fromkeys(names)), tuple(dict.fromkeys(terms)),
                  span=m.span(), coming=True, head=phrase[-1].lower() if phrase else "")


def _holds(asked: Latest, text: str) -> bool:
    """`text` (a line with its note's path and title) says all that is asked: every name, and every term but the
    event's noun beside others (module docstring), each as a word of its kin (_kin: "dentist": "dental", "Chemo")."""
    lower = text.lower()
    if not all(re.search(rf"(?<!\w){re.escape(n.lower())}", lower) for n in asked.names):
        return False
    terms = [t for t in asked.terms if t not in _EVENT_NOUNS] or list(asked.terms)
    if not asked.names and not terms:
        return False
    return all(_says(t, lower) for t in terms)


def _says(term: str, lower: str) -> bool:
    """`lower` (a lower-cased text) has a word of `term`'s kin (_kin), alone or first of a compound written with a
    hyphen or an underscore (`Dentist-Jan.md`, "check-up": as first letters found them)."""
    return any(_kin(term, m.group(0)) or _kin(term, re.split(r"[-_]", m.group(0))[0])
               for m in re.finditer(rf"(?<!\w){re.escape(term[:3])}[\w'’-]*", lower))


# a word's derived forms: "dent-ist"/"dent-al", "supervis-ion"/"supervis-or", "dermatolog-ist"/"dermatolog-y"
_DERIVED = re.compile(r"(?:ist|ical|ic|al|ion|ian|or|y)$")


def _kin(asked: str, word: str) -> bool:
    """A note's `word` says the question's word `asked`: the same stem ("appointments", "appointment"), the
    shortening of it ("Chemo" of "chemotherapy", "Retro", "Conf", "Derm", "Exam": the shorter of the two, 4-6
    letters, begins the longer, 3 letters longer at least, not cut between a doubled letter: "part" is no "party",
    "commit" no "committee"), or a form derived of one root ("dentist"/"dental", "supervision"/"supervisor").
    "comments" and "commission" are not "committee"'s: the first letters alone found them (review nextmeet)."""
    from minirag_cli.answer_score import stem_twice as inflected

    a, w = (re.sub(r"['’]s?$", "", x.lower()).replace("-", "") for x in (asked, word))
    a, w = inflected(a), inflected(w)
    if a == w:
        return True
    short, long = sorted((a, w), key=len)
    cut = long[len(short):]
    if 4 <= len(short) <= 6 and len(cut) >= 3 and long.startswith(short) and cut[0] != short[-1]:
        return True
    return _root(a) == _root(w) != ""


def _root(word: str) -> str:
    """`word` without a derived ending (_DERIVED), 4 letters at least (5 before a "y": "party" is no "part"); ''
    when it has none."""
    m = _DERIVED.search(word)
    if m is None or len(word) - len(m.group(0)) < (5 if m.group(0) == "y" else 4):
        return ""
    return word[:m.start()]


# "Next steps", "Actions", "To do": a heading of tasks, whose "Next: review 18 Dec" is no meeting's
_TASK_HEADING = re.compile(
    r"#+\s+\W*(?:next\s+steps|(?:agreed\s+)?actions?(?:\s+points?)?|to\s*-?\s*dos?|tasks)\b", re.I)
# what may follow the day of a bare "Next: Wed 16 Dec, 7.30pm, Room 3": a time, a place's capitalised words
_DAY_ONLY = re.compile(r"(?:\d[\d.:]*(?i:am|pm|h)?|[A-Z][\w'’.-]*|(?i:at|in|on|via|online|tbc)|[@&/–—-])$")
# between a label and its day: "Next meeting: …", "Next meeting (was 9 Dec) now …", "The next meeting will be on …"
_TO_THE_DAY = re.compile(r"(?:\s*(?:\([^()]{0,80}\)|[:=@*_–—-]+|(?:is|will|be|now|on|moved|changed|to|booked|set"
                         r"|scheduled|planned|for|provisionally|confirmed|date|time|and|at)\b|,"
                         r"|\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)\b))*\s*", re.I)


def _next_label(asked: Latest, line: str, headings: list[str]) -> str | None:
    """What of `line` after its label says the next X's day, when `line` opens saying "next" and the noun asked of
    ("**Next meeting:** Wed 16th Dec", "Date of next meeting: 12 Jan", "Next committee meeting -", the words
    between "next" and the noun X's own), or "Next: 14 Jan" alone where the note's path, title or `headings` (its
    headings above the line) say the noun and no heading is of tasks ("## Next steps"); None for no such line
    (module docstring). "Next race meeting" in the minutes is the race meeting's, "Next: send the draft" no day's,
    "Next: Mon 14 Dec - chase Mr Smith" a task's."""
    head = asked.head
    if not head:
        return None
    label = re.match(_NEXT_LABEL, line, re.I)
    if label is None:
        return None
    others = [w for w in (*asked.names, *asked.terms) if w.lower() != head]
    at = label.end()
    for _word in range(len(others) + 1):  # "Next meeting", "Next committee meeting", not "Next race meeting"
        word = re.compile(r"\s+([\w'’-]+)").match(line, at)
        if word is None:
            break
        if _kin(head, word.group(1)):
            return line[word.end():]
        if not any(_kin(other, word.group(1)) for other in others):
            break
        at = word.end()
    # "Next: 14 Jan" (a supervision log): the label gives the day alone, and the note says what it is of
    bare = re.match(r"\s*[:–—-]\s*", line[label.end():])
    if bare is None or any(_TASK_HEADING.match(h) for h in headings):
        return None
    rest = line[label.end() + bare.end():]
    day = re.match(rf"(?:(?:{'|'.join(_WEEKDAY_WORDS)})\b\.?,?\s*)?\d", rest, re.I)
    if day is None or not _says(head, "\n".join(headings).lower()):
        return None
    dates = [surface for surface, _iso in find_dates(rest)]
    left = rest
    for surface in dates:
        left = left.replace(surface, " ", 1)
    if not all(_DAY_ONLY.match(w) or w.lower() in _WEEKDAY_WORDS for w in re.findall(r"[^\s,()]+", left)):
        return None  # "Next: Monday 14 Dec deadline for chapter 3": a task's day
    return rest


def _label_day(rest: str, day: str) -> str:
    """The ISO day `rest` (what follows a `Next meeting` label) writes first, right after the label and its "is on",
    "(was 9 Dec) now" ("Next meeting chaired by Jim; accounts due 10 Dec": none); '' for none."""
    from minirag_cli.text import nearest_year

    start = _TO_THE_DAY.match(rest).end()
    rest = rest[start:]
    weekday = re.match(rf"(?:(?:{'|'.join(_WEEKDAY_WORDS)})\b\.?,?\s*)?", rest, re.I).end()
    found = [(rest.find(surface), iso) for surface, iso in find_dates(rest)]
    first = min(((at, iso) for at, iso in found if 0 <= at <= weekday), default=None)
    if first is None:
        return ""
    iso = first[1]
    return nearest_year(iso, day[:10]) if iso.startswith("--") and day else iso


def _line_days(line: str, day: str, today: dt.date) -> list[str]:
    """The ISO days `line` writes on or after `today`: its dates (a yearless one of the year nearest `day`, the
    note's date, else `today`; an ambiguous slashed one its weekday settles) and its spans' (notespans.chunk_spans)
    by their first day, or `today` while under way."""
    from minirag_cli.dayorder import line_days as settled_days
    from minirag_cli.notespans import chunk_spans
    from minirag_cli.text import nearest_year

    near = day[:10] or today.isoformat()
    found = []
    for _surface, iso in find_dates(line):
        found.append(nearest_year(iso, near) if iso.startswith("--") else iso)
    # `Dentist Fri 2/5/27`: 5 February, the Friday (dayorder.py, as extraction reads it); find_dates reads no slashed
    # day both orders may be
    found += [iso for _surface, iso in settled_days(line, "", "")]
    for first, last in chunk_spans(line, near):
        found.append(max(first, today.isoformat()) if last >= today.isoformat() else first)
    return sorted(d for d in found if d and d[:10] >= today.isoformat())


def soonest(asked: Latest, text: str, name: str, day: str, today: dt.date) -> str:
    """The first day on or after `today` at which the note of `text` (all its chunks), `name` (its path and title)
    and date `day` (note_day) holds an occurrence of what is `asked` (module docstring); '' for none. The day is one
    a line writes (its title's and path's lines too: `2026-12-15 Supervisor meeting.md`), never the note's own date by
    itself: today's daily note's "Need to book the dentist" is no appointment today (review nextx)."""
    days, said = _note_days(asked, text, name, day, today)
    return min(days + [d for d in said if d >= today.isoformat()], default="")


def _note_days(asked: Latest, text: str, name: str, day: str, today: dt.date) -> tuple[list[str], list[str]]:
    """The days to come of what is `asked` the note's lines write (soonest), and apart the days its `Next meeting:`
    lines of it say, gone ones too (_next_label: a later note's line says the next one anew, reorder)."""
    days, said = [], []
    # an undated note's path and title say what each of its lines is of (`Dentist.md`: "next check-up 14 Jan"); a
    # dated one's are of its own day (`Y9 parents evening 26-11-2026.md`: its "Gave till 7 Dec" is no evening)
    about = "" if day else name
    headings: dict[int, str] = {}  # the headings above a line, by level: what a `Next meeting:` line is of
    for paragraph in re.split(r"\n[ \t]*\n", name + "\n\n" + text):
        before = []
        for line in paragraph.splitlines():
            heading = re.match(r"(#{1,6})\s", line)
            if heading:
                level = len(heading.group(1))
                headings = {k: v for k, v in headings.items() if k < level} | {level: line}
            if any(ch.isdigit() for ch in line):
                # the lines above it in its paragraph say what a line's day is of: "Dentist at 9:40 with Dr Patel. …"
                # / "Next appointment 15 Jan 2027"; a list's items and a table's rows are not (a planner's "INSET day
                # Fri 20 Nov" is not of the "trip Thu 10 Dec" below it)
                ordinary = _holds(asked, "\n".join([about, *before, line]))
                # a `Next meeting:` line tells the day right after its label, of the X its note's path, title and
                # headings say: "Next meeting chaired by Jim; accounts due 10 Dec" tells none
                label = _next_label(asked, line, [name, *headings.values()])
                if label is not None and (ordinary or _holds(asked, "\n".join([name, *headings.values(), line]))):
                    label = _label_day(label, day or today.isoformat())
                    if label:
                        said.append(label)
                        ordinary = False
                if ordinary:
                    days += _line_days(line, day, today)
            if not _LIST_ITEM.match(line):
                before.append(line)
    return days, said


def reorder(hits: list, asked: Latest, rows: dict[int, tuple], best: dict, heads: dict[int, str],
            texts: dict[int, str], titles: dict[int, str], today: dt.date) -> Reordered:
    """Move the candidate of `hits` (fused, best first) with the soonest coming occurrence first and give the
    candidates with one their `recency` vote (1 the soonest, 1/2 the next…). `best`: latest.best_of_notes (notes
    only); `texts`: document id -> its whole text (all its chunks, in order: the planner's January line may be in
    a chunk no channel found); `heads`, `titles`: chunk id -> its note's head and title."""
    out = Reordered(asked)
    read = []
    for unit, i in best.items():
        chunk = hits[i].chunk_id
        row = rows[chunk]
        day = note_day(heads.get(chunk, ""), row[1], row[2])
        days, said = _note_days(asked, texts.get(unit, ""), row[1] + "\n" + titles.get(chunk, ""), day, today)
        read.append((i, chunk, row[1], day, days, said))
    # the latest note that says when the next one is decides: the November minutes' "Next meeting: 13 Jan 2027
    # (December meeting cancelled)" over October's "Next meeting: Wed 16th Dec"
    latest_said = max((day[:10] for _i, _c, _p, day, _d, said in read if said and day), default="")
    dated = []
    for i, chunk, path, day, days, said in read:
        if day and day[:10] < latest_said:
            said = []
        first = min(days + [d for d in said if d >= today.isoformat()], default="")
        if first:
            dated.append((first, i, chunk, path))
    dated.sort()  # soonest first; of one day, the better ranked
    out.dated = [(c, p, d) for d, _i, c, p in dated]
    by_id = {h.chunk_id: h for h in hits}
    for place, (chunk, _p, day) in enumerate(out.dated, start=1):
        by_id[chunk].channels["recency"] = {"score": round(1 / place, 6), "date": day, "from": "next"}
    if out.dated:
        out.chosen = out.dated[0][0]
        if hits[0].chunk_id != out.chosen:
            first = by_id[out.chosen]
            hits.remove(first)
            hits.insert(0, first)
            out.moved = True
    return out

