"""Questions about the latest time the asker did something: the newest note first.

A journal keeper asks "when did I last see Priya?", "when was the last time
I went swimming?", "what did I most recently write about the garden?", "my
latest note on Priya": of the notes that match the rest of the question,
the one dated latest answers it. Ranked by meaning alone, the note that
says most about Priya (an old long lunch) came first and the latest note
that mentions her (a short meeting) 4th: nothing in a question's words or
vector tells one day from another.

So such a question (latest_words) makes the relevant notes compete by their
date (reorder): of the first `latest_pool` notes of the fused results (by
their best chunk: one long note's chunks do not fill the pool) that hold
the question's names (a capitalised word other than the first: "Priya";
in lower case, words the index knows as names, store.is_name, when the
question says nothing else: "when did i last talk to sofia at halden?" had a
note of Halden alone, half of two words, chosen), or, naming no one, at least
half of its content words (their first four letters: "swimming" finds
"swim"; not the verb of meeting or reaching someone, _ASKING) and its object
where it has one (Latest.objects: a number after a word, "hive 2", not a
daily note's "hive 1 entrance"; a word the index knows as a name among words
of the matter, "what did acme ask for on the last call?"), the one dated
latest moves to the first place. Not in a task not done (`- [ ] heft hives
Sat 12th`, `- TODO …`, in progress: _open_task, as a log's rows); every
content word (a plan in prose, "Need to get the boiler serviced", beat "service
done") and a clause's denial ("Took the morning off to go to the dentist")
were tried and dropped in session 58; the others keep their places. Each of them carries a `recency` vote ({score, date}: 1 for
the latest, 1/2 for the one before it…) and the result a `latest` summary
(the words, the names or terms, the notes newest first, and those that
matched but carry no date: no date is guessed for them). A note is dated as
answers date it (text.note_date: its head, front matter `date:` or file
name); a weekly or monthly note (text.file_period) by its period, whatever
day its head writes, as datednotes.note_span reads it, which competes by its
first day (note_day). A question that also asks about days
or a month ("when did I last see Priya in October?": datednotes.asked_spans)
has only the notes of those days compete.

An undated log is dated by its rows (row_day): the latest day up to the
asking day that opens a row (a table's, a list item, a line) under a heading
(or in a note) that says all the question's words (`Car/car service
history.md`'s `| 19/11/2026 |`) or names a log of them (`# Running log`).
`car service history` was listed undated and never competed, and a daily
note of 15 November saying only "Car making a squeak" (half of "car
serviced") was "the latest". A row that says the rest of what is asked is
a ledger's when paying is asked (`Household payments.md`; not a row
`unpaid`, `# Payments due`) or a note's named the asked thing in the plural
(`Haircuts.md`); not a ticked task's, nor a row of any log that is none of
what is asked (`# Work log`, a project's `## History`: fixLR3, the review
of latestrows3). No other line
dates a note (a reminder letter, a chat's "can't make the gym", a
subscription's renewal did), nor a plan's row: an unticked task, a booking,
a due day, a timetable's row.

Only a question about the asker: the words hold "I" or "we" ("when did I
last…", "the last time we…", "my latest note"), outside quotes; or "when was
my last" (or "what was") and the one word that ends the question ("when was my last
haircut?", read as "my last swim" is, below; not "my last name", "my last
day", "my last eye test"). "last" before a day ("last week", "last
Tuesday": askday.py), "the last chapter", "my last name" or "When did Priya
last see Tom?" are not read so. Someone a carer's or a parent's notes are of is
asked about as the asker is (qdays5): "when did he / dad last have a hypo?",
"what was his / dad's last hypo?", "her last appointment" ("last" was searched,
and "lasting power of attorney" came first); the pronoun or kin word is no word
a note must hold (notes of dad's days need not write "dad"). German
"zuletzt" and "das letzte Mal", French "la dernière fois" / "pour la
dernière fois" and Spanish "la última vez" / "por última vez" are read in a
question in the first person (askday.first_person; a Spanish one by its verb
alone: "¿Cuándo vi a Priya por última vez?"). Italian and Portuguese are not.

"last", "latest" or "most recent" before a kind of note or event (_KINDS:
"what happened last session?", "our last 1:1", "at the last staff meeting")
asks for the latest one whoever asks: a GM's "last session" ranked `NPCs/
Brother Ösk.md` ("the last keeper") first and the newest session nowhere,
and "our last 1:1" Priya's oldest 1:1. Of the candidates, those of the
kind compete (Latest.kind): after "my", "our" or none, those whose path or
text say it (`1-1/Priya/…`, `# 1:1 Priya`, a daily note's "meeting with
Anna", "last session"); after "the", those whose path or title say it
(Latest.named: `Sessions/…`, `# Staff meeting`), a note of that kind, not one that mentions
one ("the last visit to the dentist" placed a daily note's "Maya's dentist is
on the 16th" above `Health/Dentist.md`, "the last episode of Severance" a
daily note's "watched two episodes of Severance" above `TV/Severance.md`:
review revC). None of them: not a question about the latest, ranked as
before (a campaign's "the last class" placed its newest session first); but
"my last meeting with Anna", "my last session with the therapist" (read
before kinds were, by the rest of the question alone: Latest.unkinded) then
have the notes that hold the rest compete. "my last run", "my last swim",
asking nothing else, take their noun as the kind, which a note's text says
as a word ("runs", "running", not "rundown"); none says it: not a question
about the latest (the noun dropped, every dated note competed: a vault of
no swim's newest note was "my last swim", latest2). A noun that is also a
verb (call, visit, talk) is a kind only after "the", "my" or "our": "When
did Priya last call Tom?". A note's plan ("Plan for the week: … long run
13k Sun") says the kind as a note of one done does: the sentences that
planned or missed one were dropped, and with them "Run 5k, missed the PB",
"Dentist: all fine, next check-up in 6 months" (review of latest2).

The same words ask for another note of the kind by its date (Latest.earliest,
Latest.place): "our earliest session", "our first 1:1", "the earliest lecture",
"my earliest note on Priya", and a time past, "the first time I met…",
"when did I first meet…", "where we first met", for the earliest (a kind of
note after "the", "my" or "our" only: "first aid", "first class", "the first
thing I did", "what did I do first?" are read as before, and so are a plan
or a habit, "When we first start the container", "Shall we first go…", an
act of any day, "the first sync", "the first call to the API", and a time to
come, "the earliest appointment I can get"); "two sessions ago", "the
session before last", "the penultimate 1:1", "the second to last meeting"
for the one before the latest (the place from it: "three meetings ago" the
third). A GM's "the first session" ranked the long Session 02 first, "two
sessions ago" a 1:1 note. The place is counted among all the notes of the
kind, by their path or title first (Latest.named), not only those that hold
the question's other words. "the first session" of a series with a
`Session 01` is that number's (numbering.py), not the earliest. A count of
notes ("the first sessions", "three meetings this week", "in previous
sessions") is no one note, and "the previous session" (a GM preparing the
next game means the latest): read as before.

"last" and "latest" ask of the days gone: a note dated after the asking day
(tomorrow's agenda, a race page dated by its race) is no candidate
(Reordered.later) and keeps the place its score gives. The words that ask
for the latest ("last") are not searched by BM25 (without_recency): notes of
"the last km" came in.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

from minirag_cli.answer_score import stem_twice
from minirag_cli.numbering import NUMBERED_KINDS
from minirag_cli.tasks import line_task_state
from minirag_cli.text import MONTH_ALT, MONTH_NAMES, NUMBER_WORDS, STOPWORDS, WEEKDAY_NAMES, asking_spans

# "last" before these is a day or a period (askday.py), not the latest time
_PERIOD = "|".join(["week", "weeks", "weekend", "month", "months", "year", "years", "night", "time",
                    *WEEKDAY_NAMES, *MONTH_NAMES])
# someone else a carer's or a parent's notes are of, asked about as the asker is ("when did he last…", "his last
# hypo", "dad's last fall"): a pronoun or a kin word, which the notes of them need not write (qdays5)
_KIN = r"dad|mum|mom|mam|mother|father|nan|nana|gran|granny|grandma|grandad|grandpa|husband|wife|partner"
_THIRD = rf"he|she|they|{_KIN}|the\s+kids|the\s+children"
_THEIRS = rf"his|her|their|(?:{_KIN})['’]s|the\s+kids['’]|the\s+children['’]s"
# "my latest note": any note; "my last visit": a time the asker did it, in any note ("the last visit": a note of
# visits, below)
_NOTE_NOUNS = "note|entry|entries|journal\\s+entry|mention|post|notes"
_NOUNS = (f"{_NOTE_NOUNS}|visit|meeting|conversation|call|chat|talk|session|trip|run|swim|workout|lesson"
          "|appointment")
# kinds of event a note records, that no verb spells: "last session", "the last 1:1" are the latest one of them
# (not "When did Priya last call Tom?": call is a verb too; with "the", "my", "our" before it, any of _NOUNS)
_ONE_ON_ONE = r"1\s*[:-]\s*1|1-?on-?1|one[\s-]on[\s-]one"
_KINDS = (rf"{_ONE_ON_ONE}|session|sessions|meeting|meetings|stand-?up|standups|appointment|lesson|class"
          r"|lecture|seminar|workshop|retro|retrospective|check-?up|episode|game|rehearsal|training"
          r"|sprint\s+review|conversation|workout")
# kinds a verb spells too ("When did Priya last review the budget?"): after "the", "my" or "our" only
_VERB_KINDS = "review|sync|interview|practice|match"
_LATEST = re.compile(
    # "when did I last see", "where was I last", "I last saw", "we had last talked"
    rf"\b(?P<en>(?:i|we)\s+(?:(?:have|had|was|were)\s+)?last(?!\s+(?:{_PERIOD})\b)(?=\s+[a-z])"
    # "when did he last have a hypo", "when did dad last see the GP", "when was mum last in hospital": someone the
    # asker keeps notes of, asked as the asker would be (qdays5); the pronoun or kin word no word a note must hold (not
    # a name: "When did Priya last see Tom?" is read as before)
    rf"|\b(?:when|where)\s+(?:did|has|had|was|were)\s+(?P<they>{_THIRD})"
    rf"\s+last(?!\s+(?:{_PERIOD})\b)(?=\s+[a-z])"
    # "the last time I", "when was the last time we", "the latest time I"
    r"|(?:last|latest|most\s+recent)\s+time\s+(?:that\s+)?(?:i|we)\b"
    # "did I most recently write", "I most recently saw", "most recently, did we"
    r"|(?:i|we)\s+(?:\w+\s+)?most\s+recently\b|most\s+recently\s+(?:did\s+|have\s+)?(?:i|we)\b"
    # "my latest note on", "our most recent visit", "my last entry about" (not "my last name")
    rf"|(?P<det>my|our|the|{_THEIRS})\s+(?:latest|most\s+recent|last)\s+(?:(?!(?:{_PERIOD})\b)(?P<mod>[\w-]+)\s+)?(?P<noun>{_NOUNS}|{_KINDS}|{_VERB_KINDS})"
    r"(?![\w:-])"
    # "what happened last session?", "at the last staff meeting" (one word between: not "last week's meeting")
    rf"|(?<![\w'’-])(?:latest|most\s+recent|last)\s+(?:(?!(?:{_PERIOD})\b)(?P<kindmod>[\w-]+)\s+)?(?P<kind>{_KINDS})(?![\w:-]))"
    # German, French, Spanish: first person is checked apart (askday.first_person)
    r"|(?P<other>\bzuletzt\b|\bdas\s+letzte\s+mal\b|\bla\s+derni[eè]re\s+fois\b|\bpour\s+la\s+derni[eè]re\s+fois\b"
    r"|\bla\s+[uú]ltima\s+vez\b|\bpor\s+[uú]ltima\s+vez\b)",
    re.I)
# "when was my last haircut?", "when was our most recent holiday?": a time gone of a thing, the one word that ends the
# question, read as "my last swim" is (its noun the kind a note must say as a word); not two ("when was my last eye
# test?", "our last date night": a note's `Date:` line said it, review of latest2), "my last name", "when is my
# last exam?" (a time to come). Possessive: a run of blanks is read one way (80,000 of them took 28.6 s)
_WHEN_MY_LAST = re.compile(r"\b(?:when|what)[ \t]+was[ \t]+(?P<odet>my|our|" + _THEIRS + r")[ \t]+(?:last|latest|most[ \t]+recent)[ \t]+"
                           rf"(?!(?:{_PERIOD}|name|names|day|days|one|chance|resort|word|words|job|address)\b)"
                           r"(?P<open>[^\W\d_][\w-]*+)(?=[ \t]*+[?.!]*+[ \t]*+$)", re.I)
# the words that ask for the latest, not for what: not searched as words ("the last km" notes matched "last")
_RECENCY_WORDS = re.compile(r"\b(?:last|latest|most\s+recent(?:ly)?|recently|zuletzt)\b", re.I)
# words of such questions that say nothing of what is asked about: not matched in the notes
_ASKING = frozenset("""
last latest recent recently time times note notes entry entries journal write wrote written mention mentioned
see saw seen meet met talk talked speak spoke spoken visit visited go went gone call called hear heard get got
contacted emailed texted messaged phoned rang chatted pinged
show tell find give list try tried notice noticed start started play played learn learned learnt come came
zuletzt letzte mal dernière derniere fois última ultima vez wann quand cuándo cuando
happen happens happened discuss discussed decide decided say said
day days week weeks weekend month months year years night today yesterday tonight ago
""".split())  # the days asked about too ("… last month?"): searched as dates (askday.py), not words


# "first" before these is an idiom's word, not the first of a kind ("the first aid kit", "the first class ticket",
# "the first thing I did today")
_FIRST_IDIOMS = "aid|class|hand|rate|half|world|name|place|thing|things"
# a verb's past form: "when I first met Priya", "the first time we went" ask for a time past; "When we first start
# the container", "If I first write the tests", "Shall we first go to the bank?", "the first time I run the script"
# plan or tell a habit (review of sessions). Regular ones by their -ed ("visited"; not "need", "feed")
_PAST = ("met|saw|seen|went|gone|heard|spoke|spoken|wrote|written|came|ran|ate|drank|flew|rode|swam|drove|took|taken"
         "|made|got|felt|found|bought|gave|given|left|lost|paid|sang|sat|slept|taught|thought|told|won|wore|began"
         r"|fell|knew|built|caught|brought|kept|held|learnt|did|had|was|were|been|[a-z]+[^\We]ed")


def _opening(*alternations: str) -> str:
    """A lookahead at a word's start for the first letters `alternations` (words joined by "|") or a digit may
    open with: a regex that opens so is scanned as fast as the _LATEST above (on 2 MB of blanks, or a log pasted
    into a question, a free start cost 3-8 s: review of sessions); its blanks after a word are possessive too."""
    letters = {alt[0] for alternation in alternations for alt in alternation.split("|") if alt[0].isalpha()}
    return r"\b(?=[0-9" + "".join(sorted(letters)) + "])"


_EARLIEST = re.compile(
    _opening("my|our|the", "first|earliest", "did", "i|we", "have|had") + "(?:"
    # "the first session", "our first 1:1", "my earliest note on Priya", "the first staff meeting": a kind of note
    # (not "the first sync", "the first call to the API", "the first run", "the first match": a verb's noun, done
    # any day; review of sessions)
    rf"(?P<det>my|our|the)\s++(?:first|earliest|1st)\s++(?!(?:{_FIRST_IDIOMS})\b)"
    rf"(?:(?!(?:{_PERIOD})\b)(?P<mod>[\w-]+)\s++)?(?P<noun>{_NOTE_NOUNS}|{_KINDS})(?![\w:-])"
    # "the first time I saw Priya", "when was the earliest time we met", "the first time I've had a migraine" (the
    # verb is no word of the match: "I first met Anna…" has Anna a name, not its rest's first word)
    rf"|(?:first|earliest)\s++time\s++(?:that\s++)?(?:i|we)(?:['’](?:ve|d))?(?=\s++(?:ever\s++)?(?:{_PAST})\b)"
    # "when did I first meet Priya?"
    r"|did\s++(?:i|we)\s++first\b(?=\s+[a-z])"
    # "where we first met", "I had first talked", "had we first met"
    rf"|(?:i|we)(?:['’]d|['’]ve|\s++have|\s++had)?\s++first(?=\s++(?:{_PAST})\b)"
    rf"|(?:have|had)\s++(?:i|we)\s++first(?=\s++(?:{_PAST})\b))",
    re.I)
# "earliest" of a time to come: "the earliest appointment I can get", "the first session we could book", "the first
# available slot" ask when one is free, not for a note
_AVAILABLE = re.compile(r"[^.?!\n]{0,60}?\b(?:available|free|open|(?:i|we|you)\s+(?:can|could)\b(?!['’]t))", re.I)
_COUNT = "|".join(["a", "an", *NUMBER_WORDS, r"\d{1,2}"])
_BEFORE_LATEST = re.compile(
    _opening(_COUNT, "my|our|the", _KINDS, _VERB_KINDS, "penultimate|second|third|last") + "(?:"
    # "two sessions ago", "3 meetings ago", "a session ago" (the latest)
    rf"(?P<count>{_COUNT})\s++(?P<agokind>{_KINDS})(?:e?s)?\s++ago\b"
    # "the session before last", "our 1:1 before the last one" (not "the meeting before last week": _asked_words)
    rf"|(?:(?P<bdet>my|our|the)\s++)?(?<!['’-])(?P<bkind>{_KINDS}|{_VERB_KINDS})\s++before\s++(?:the\s++)?last"
    r"(?:\s++one)?(?![\w'’-])"
    # "the penultimate 1:1", "the second to last meeting", "the last but one session" (not "the previous session":
    # a GM preparing the next game means the latest; review of sessions)
    r"|(?:(?P<pdet>my|our|the)\s++)?(?<!['’-])"
    r"(?:penultimate|(?P<nth>second|third|2nd|3rd)[\s-]++(?:to[\s-]++)?last|last[\s-]++but[\s-]++one)\s++"
    rf"(?:(?!(?:{_PERIOD})\b)(?P<pmod>[\w-]+)\s++)?(?P<pkind>{_KINDS}|{_VERB_KINDS})(?![\w:-]))",
    re.I)
# "twenty one sessions ago", "twenty-one": a number beyond the words read (text.NUMBER_WORDS), so not read at all
_TENS_BEFORE = re.compile(r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]+$", re.I)


@dataclass(frozen=True)
class Latest:
    """A question's words that ask for the latest time (`words`), and what
    a note must hold to be one of the candidates: all of `names`, else at
    least half of `terms`, else nothing (any relevant note)."""

    words: str
    names: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    kind: str = ""  # the kind of note asked for ("1:1", "session"), which a note's path or text must say
    # the kind in a note's path or title (`Sessions/…`, `# Staff meeting`): "the last visit", "last episode" ask
    # for a note of visits or episodes, not for any note that mentions one ("Maya's dentist visit is on the 16th")
    named: bool = False
    # no candidate says the kind: the candidates compete without it, as before kinds were read ("my last meeting
    # with Anna" in notes that write "met Anna"); else no note is one of them: not a question about the latest
    unkinded: bool = False
    earliest: bool = False  # "our first 1:1": the candidates compete oldest first
    place: int = 1  # the place asked for from the latest (or earliest): "two sessions ago", "the penultimate 1:1" 2
    # "the first session": a kind numbered notes may be of (numbering.py), whose `Session 01` is the first (reorder)
    first_numbered: bool = False
    span: tuple[int, int] = (0, 0)  # where the question says it (`words`)
    coming: bool = False  # "when is the next inset day?": the soonest day to come (coming.py), not a date gone
    # the noun "next" is said of ("meeting" of "the next committee meeting"): a minutes' `Next meeting:` line says
    # only it (coming.py)
    head: str = ""

    # the question's object among `terms`, which a note must say (not half of the terms alone): a numbered one
    # ("inspect hive 2" chose a daily note's "hive 1 entrance") and a name typed in lower case among words of the
    # matter ("what did acme ask for on the last call?" chose the Northwind call's "Asked for SSO": latest_words)
    objects: tuple[str, ...] = ()

    def holds(self, text: str, name: str = "") -> bool:
        """The note of `text` (its chunks but its tasks not done: _done_lines) and `name` (its path and title) is
        one of the candidates: it says the kind, and the names, else the objects and half of the terms."""
        lower = (name + "\n" + _done_lines(text)).lower()
        if self.kind and not re.search(_kind_pattern(self.kind), name.lower() if self.named else lower):
            return False
        if self.names:
            return all(re.search(rf"(?<!\w){re.escape(n.lower())}", lower) for n in self.names)
        if not self.terms:
            return True
        if not all(re.search(_word_pattern(t), lower) for t in self.objects):
            return False
        found = sum(1 for t in self.terms if re.search(_word_pattern(t, 4), lower))
        return found * 2 >= len(self.terms)


# a number after a question's word names one of a series ("inspect hive 2", "water bed 3", "plot 14b"), when no word of
# the matter follows it (not a count: "take 2 paracetamol", "run 5k", "glastonbury 2024"): the word and the number are
# one term (hive 2 lost its 2, and a daily note's "hive 1 entrance" was the latest inspection of it)
_NUMBER_AFTER = re.compile(r"[ \t]*(?:#[ \t]*|no\.[ \t]*)?(?P<number>\d{1,3}[a-f]?)(?![\w'’-]|[.,:]\d)"
                           r"(?=[ \t]*(?:$|[^\w \t]|(?P<next>[^\W\d_][\w'’-]*)))", re.I)
_NUMBERED_TERM = re.compile(r"(?P<word>.+) (?P<number>\d{1,3}[a-f]?)")
# the most words of the matter a question's lower-case names are looked up among (store.is_name, one query a word):
# a "when did I last…" asks in a few; a long pasted one keeps its words terms
_OBJECT_LOOKUPS = 8
# a line that may open with a task's marker (a Logseq block's `- TODO`, an Org headline's `* LATER`): what _done_lines
# reads line by line
_MARKED = re.compile(r"^[ \t]*[-*]+[ \t]+[A-Z]", re.M)


def _word_pattern(word: str, prefix: int = 0) -> str:
    """What says a question's `word` in a note, lower case: its first `prefix` letters at a word's start (all of it
    when 0), a numbered one ("hive 2") as a whole: `hive 2`, `Hive #2`, `hive-2`, not `hive 20`, `hive 1`."""
    if (numbered := _NUMBERED_TERM.fullmatch(word)) is not None:
        number = numbered.group("number").lower().lstrip("0") or "0"
        return (rf"(?<!\w){re.escape(numbered.group('word').lower())}[ \t_-]*(?:#[ \t]*|no\.?[ \t]*)?0*"
                rf"{re.escape(number)}(?![\w]|[.,]\d)")
    low = word.lower()
    return rf"(?<!\w){re.escape(low[:prefix] if prefix else low)}"


def _done_lines(text: str) -> str:
    """`text` without its lines of tasks not done (`- [ ] heft hives Sat 12th`, `- TODO …`, in progress:
    _open_task): a plan is no time done."""
    if "[" not in text and _MARKED.search(text) is None:
        return text
    return "\n".join(line for line in text.split("\n") if not _open_task(line))


def _open_task(line: str) -> bool:
    """The `line` writes a task not ticked done (tasks.line_task_state: open, in progress, cancelled, forwarded):
    no time the asker did it (holds, _may_be_done)."""
    state = line_task_state(line)
    return state is not None and state != "done"


@dataclass
class Reordered:
    """What reorder did: the candidates newest first [(chunk id, path, date)]
    and those without a date [(chunk id, path)]."""

    latest: Latest
    dated: list[tuple[int, str, str]] = field(default_factory=list)
    undated: list[tuple[int, str]] = field(default_factory=list)
    moved: bool = False  # the note asked for (the latest…) was not first before
    within: list = field(default_factory=list)  # the (first, last) days the question asks about, if any
    later: list[tuple[int, str, str]] = field(default_factory=list)  # candidates dated after the asking day
    chosen: int | None = None  # the chunk id of the note asked for (the latest, earliest…), placed first

    def to_dict(self) -> dict:
        return {"words": self.latest.words, "names": list(self.latest.names), "terms": list(self.latest.terms),
                "kind": self.latest.kind, "from": "next" if self.latest.coming else "earliest" if self.latest.earliest else "latest",
                "place": self.latest.place,
                "within": [f"{a.isoformat()}/{b.isoformat()}" for a, b in self.within],
                "notes": [{"path": p, "date": d} for _c, p, d in self.dated],
                "undated": [p for _c, p in self.undated],
                "later": [{"path": p, "date": d} for _c, p, d in self.later], "moved": self.moved}


def latest_words(question: str, is_name=None) -> Latest | None:
    """The question asks for the latest time the asker did something
    (module docstring): its words and what a note must hold; else None.
    `is_name(word)`: the index knows a word as a name (store.is_name), which
    written in lower case is one of the names ("when did i last see sofia")."""
    from minirag_cli.askday import _QUOTED, first_person

    if is_name is not None:
        is_name = _asked_once(is_name)
    unquoted = _QUOTED.sub(lambda m: " " * len(m.group(0)), question)
    asked = _asked_words(unquoted)
    if asked is None:
        return None
    m, earliest, place = asked
    other = _group(m, "other")
    # Spanish says "I" by its verb alone: "¿Cuándo vi a Priya por última vez?" (was not first person)
    if other and not first_person(unquoted, spanish="ltima" in other.lower()):
        return None
    # the word before a kind ("the last staff meeting") is one of what is asked
    modifier = _group(m, "mod", "kindmod", "pmod")
    rest = unquoted[:m.start()] + " " + modifier + " " + unquoted[m.end():]
    noun = " ".join(_group(m, "noun", "kind", "agokind", "bkind", "pkind", "open").lower().split())
    det = _group(m, "det", "bdet", "pdet", "odet").lower()
    mine = det not in ("", "the")  # "my", "our", and someone else's as the asker's own: "his last hypo"
    if not noun or re.fullmatch(_NOTE_NOUNS, noun):
        kind = ""  # "the latest note on Priya": any note
    elif mine:
        # "my last meeting", "our last 1:1": a time the asker had one, which any note may say; "my last visit",
        # "my last call" (no kind of note) are read by the rest of the question alone, as before kinds were
        kind = noun if re.fullmatch(f"{_KINDS}|{_VERB_KINDS}", noun) else ""
    else:
        kind = noun  # "the last visit": a note of visits (named); "last session": any note that says it
    words = list(re.finditer(r"[^\W\d_][\w'’-]*", rest))
    calendar = {w.lower() for w in (*WEEKDAY_NAMES, *MONTH_NAMES)}
    asking = {a for a, _b in asking_spans(rest)}  # "how much did the last visit cost?": no note need say much
    content = []  # the words a note must hold: (word, capitalised)
    for i, w in enumerate(words):
        word = re.sub(r"['’]s$", "", w.group(0))
        low = word.lower()
        if low in STOPWORDS or low in _ASKING or low in calendar or len(low) < 2 or w.start() in asking:
            continue
        if (number := _NUMBER_AFTER.match(rest, w.end())) is not None and (
                not number.group("next") or number.group("next").lower() in STOPWORDS):
            word = f"{word} {number.group('number')}"  # "hive 2": one term, its number said too
        # the question's first word has its capital from the sentence ("Priya? when…" is rare)
        content.append((word, word[0].isupper() and not (i == 0 and w.start() == len(rest) - len(rest.lstrip()))))
    typed = _names_typed_low(content, is_name) if is_name is not None else set()
    names = [word for word, capital in content if capital or word in typed]
    terms = [word.lower() for word, capital in content if not capital and word not in typed]
    objects = [t for t in terms if _NUMBERED_TERM.fullmatch(t)]
    if is_name is not None and not names and len(terms) <= _OBJECT_LOOKUPS:
        objects += [t for t in terms if t not in objects and is_name(t)]
    # "when was my last run?", "my last swim": nothing but the noun says what is asked; read without it, every dated
    # note competed (a vault of no swim's newest note was the answer): the notes that say it, else none (reorder)
    bare = mine and not kind and not names and not terms and bool(noun) and not re.fullmatch(_NOTE_NOUNS, noun)
    first_numbered = (earliest and not modifier and bool(re.fullmatch(NUMBERED_KINDS, kind))
                      and bool(re.search(r"\b(?:first|1st)\b", m.group(0), re.I)))
    # "the last visit": a note of visits by its path or title, else by its text; "last session" any note that says
    # it. A note counted from the latest or the earliest ("two sessions ago", "our first 1:1") is one of the
    # series by its path or title first: a gym's daily note saying "a session I can book" is none
    counted = m.re is not _LATEST and m.re is not _WHEN_MY_LAST
    return Latest(" ".join(m.group(0).split()), tuple(dict.fromkeys(names)), tuple(dict.fromkeys(terms)),
                  noun if bare else kind, named=bool(kind) and (det == "the" or counted),
                  unkinded=mine and bool(re.fullmatch(_NOUNS, noun)) and bool(names or terms),
                  earliest=earliest, place=place, first_numbered=first_numbered, span=m.span(),
                  objects=tuple(dict.fromkeys(objects)))


def _asked_once(is_name):
    """`is_name` asked once a word (the question's names, then its objects: latest_words)."""
    known: dict[str, bool] = {}

    def named(word: str) -> bool:
        if word not in known:
            known[word] = is_name(word)
        return known[word]
    return named


def without_recency(question: str) -> str:
    """`question` with the words that ask for the latest blanked (as many spaces: the asked days' spans stay where
    they are), when latest_words reads it: BM25 searches what is asked, not "last" ("when did I last see Jess?"
    had a note of "the last km" come in)."""
    asked = latest_words(question)
    if asked is None:
        return question
    start, end = asked.span
    said = _RECENCY_WORDS.sub(lambda m: " " * len(m.group(0)), question[start:end])
    return question[:start] + said + question[end:]


# the verb of reaching the person named next ("email dan"), which also names a thing ("buy a phone", "check my email",
# "send a text message"): no word of the question's matter before a name only
_REACHING = frozenset("contact email text message phone ring chat ping".split())
# a person's title before the name, "see dr okafor" (extract.heuristic.PERSON_TITLES, whose import is heavy), the
# British office's too, "see cllr patel" (text.OFFICE_TITLES; not `Sen.`, `Rev.`: typed low, "rev", "rep" are words)
_PERSON_TITLES = frozenset("dr mr mrs ms prof hr fr cllr supt revd hhj".split())


def _names_typed_low(content: list[tuple[str, bool]], is_name) -> set[str]:
    """The question's words in lower case that name people as one in capitals does ("when did i last talk to sofia
    at halden?": as a term, half of two, a note of Halden alone was the latest): only when every one of its other
    words (`content`: (word, capitalised)) is a name, a person's title or the verb of reaching the name after it.
    A word of the matter is a word of the language that a vault may know as a name too ("pay the electricity
    bill" of a colleague Bill, "feed the rose bush" of a sister Rose, "back up the laptop to the external drive"
    of a `Drive` folder, German "beim zahnarzt"): the words stay terms, as before. `is_name` is asked once a word,
    until a word is none (a long question's hundreds of words cost one or two look-ups)."""
    known: dict[str, bool] = {}

    def named(word: str) -> bool:
        if word not in known:
            known[word] = is_name(word)
        return known[word]

    for k, (word, capital) in enumerate(content):
        low = word.lower()
        if capital or low in _PERSON_TITLES:
            continue
        after = content[k + 1] if k + 1 < len(content) else None
        if low in _REACHING and after is not None and (after[1] or named(after[0])):
            continue
        if not named(word):
            return set()
    return {word for word, capital in content if not capital and known.get(word)}


def _group(m: re.Match, *names: str) -> str:
    """The first of the groups `names` that `m` matched ('' if none): the regexes name theirs apart."""
    return next((m.group(n) for n in names if n in m.re.groupindex and m.group(n)), "")


def _asked_words(unquoted: str) -> tuple[re.Match, bool, int] | None:
    """The words that ask for a note by its date, whether the earliest, and
    the place asked for (module docstring); None if none. The ones before the
    latest first ("the second to last session" holds "last session"). Each
    regex only where its word is (a pasted page of blanks is read at once)."""
    low = unquoted.lower()
    if "ago" in low or "last" in low or "penultimate" in low:
        asked = next(filter(None, (_before_latest(m, unquoted) for m in _BEFORE_LATEST.finditer(unquoted))), None)
        if asked is not None:
            return asked
    m = _LATEST.search(unquoted) or _WHEN_MY_LAST.search(unquoted)
    if m is not None:
        return m, False, 1
    if "first" in low or "earliest" in low or "1st" in low:
        return next(((m, True, 1) for m in _EARLIEST.finditer(unquoted) if _one_earliest(m, unquoted)), None)
    return None


def _before_latest(m: re.Match, unquoted: str) -> tuple[re.Match, bool, int] | None:
    """A match of _BEFORE_LATEST with its place from the latest, if it asks for one note of a kind."""
    if m.group("count"):
        count = m.group("count").lower()
        if _TENS_BEFORE.search(unquoted[max(0, m.start() - 12):m.start()]):
            return None  # "twenty one sessions ago" is no one session ago
        place = 1 if count in ("a", "an") else int(count) if count.isdigit() else NUMBER_WORDS[count]
        return (m, False, place) if place > 0 else None  # "0 sessions ago" asks for none
    noun = m.group("bkind") or m.group("pkind")
    # "in the last two sessions"… all of them; "the review before last" is one, "review before last" a verb's too
    if _plural(noun) or (re.fullmatch(_VERB_KINDS, noun, re.I) and not (m.group("bdet") or m.group("pdet"))):
        return None
    if m.group("bkind"):
        # "the meeting before last Christmas / summer / term": a day before a period, not the one before the latest;
        # only the kind may follow ("the session before the last session"), or a small word ("… before last with
        # Anna")
        after = re.match(r"\s*([^\W\d_][\w'’-]*)", unquoted[m.end():m.end() + 40])
        if after and after.group(1).lower() not in STOPWORDS and not re.fullmatch(_kind_pattern(noun) + "s?",
                                                                                 after.group(1).lower()):
            return None
    return m, False, {"third": 3, "3rd": 3}.get((m.group("nth") or "").lower(), 2)


def _one_earliest(m: re.Match, unquoted: str) -> bool:
    """A match of _EARLIEST asks for the earliest note: not "the first sessions were slow" (a count of them), "the
    first note of the song" (a note of the asker's is "my" or "our" one), "the earliest appointment I can get"."""
    noun = m.group("noun") or ""
    if not noun:
        return True  # "the first time I met…", "when did I first…"
    if _plural(noun) or (re.fullmatch(_NOTE_NOUNS, noun, re.I) and m.group("det").lower() == "the"):
        return False
    return not (re.fullmatch(r"available|free|open|next|possible", (m.group("mod") or "").lower())
                or _AVAILABLE.match(unquoted, m.end(), m.end() + 80))


def _plural(noun: str) -> bool:
    """A kind in the plural ("sessions", "meetings"; not "class")."""
    return noun.lower().endswith("s") and not noun.lower().endswith("ss")


def _kind_pattern(kind: str) -> str:
    """What a note of that kind says (in its path or text): `1-1/Priya/…`, `# 1:1 Priya`; `Sessions/…`, a
    `standup` a `stand-up`."""
    if re.fullmatch(_ONE_ON_ONE, kind):
        return rf"(?<!\d)(?:{_ONE_ON_ONE})(?!\d)"
    # "sessions" -> "session"; "class", "bus", "news" stay (were "bu": "but", "busy" said a bus)
    stem = re.sub(r"(?<=\w{3}[^sui])s$", "", " ".join(kind.split()))
    pattern = r"(?<!\w)" + re.escape(stem).replace("\\-", "-?").replace("\\ ", r"\s*")
    if re.fullmatch(f"{_KINDS}|{_VERB_KINDS}", kind):
        return pattern  # a `Retrospective`, `retros/…` say retro
    # a noun that is a verb too ("run", "trip", "call"): the word, its plural or its verb's forms ("runs", "running",
    # "runner", "called", "chatted"), not a longer word it begins ("rundown", "runway"; "bus": not "busy")
    doubled = "[b-df-hj-np-tv-z]"  # "running", "chatted", "swimmer": a consonant doubled before the ending
    return pattern + rf"(?:e?s|ed|(?<=e)d|{doubled}?(?:ed|ing|ers?))?(?!\w)"


def note_day(head: str, path: str, root: str) -> str:
    """A note's days as date questions read them (datednotes.note_span, the
    one reader: answers, tasks and the asked days' notes read it too): a
    weekly or monthly note's period, written `first/last` (ISO 8601's
    interval: `2026-11-01/2026-11-30`), so that it sorts by its first day: a
    month's note says nothing of which of its days, and a daily note of the
    month's last week is not older than it; else its day as answers read it
    (text.note_date), with its time of day when the head writes one (a
    chat's `Time:` line orders a day's notes); '' when it has none."""
    from minirag_cli.datednotes import note_span
    from minirag_cli.text import note_date

    # the period before the head's date, as note_span reads it: `2026-W47.md` headed `date: 2026-11-22`
    # competed by its Sunday (newer than the 11-20 note that met Priya) and was no note of "on Wednesday"
    span = note_span(path, root or "", head)
    if span is None:
        return ""
    if span[0] != span[1]:
        return f"{span[0].isoformat()}/{span[1].isoformat()}"
    date = note_date(head, path, root or "")
    return date if date[:10] == span[0].isoformat() else span[0].isoformat()


def best_of_notes(hits: list, rows: dict[int, tuple], pool: int, sections: dict | None = None) -> dict:
    """document id -> the position in `hits` (fused, best first) of its best
    chunk, for the first `pool` notes (not chunks: one long note's chunks
    would fill a pool of chunks). `rows`: chunk id -> store.result_rows' row.
    `sections`: chunk id -> its dated section's day (datednotes.section_days):
    each dated section of a note (a journal's day: `## 2026-11-03`, a jrnl
    entry's) is a note of its own here, keyed (document id, day), as a daily
    note is: a one-file journal's best chunk alone competed, and its latest
    day about climbing was not among the candidates (qa32)."""
    best: dict = {}
    for i, h in enumerate(hits):
        row = rows.get(h.chunk_id)
        if row is None:
            continue
        unit = _unit(h.chunk_id, row, sections)
        if unit not in best:
            if len(best) == pool:
                break
            best[unit] = i
    return best


def _unit(chunk: int, row: tuple, sections: dict | None):
    """What competes for the chunk: its note (document id), or its dated section (document id, day)."""
    return row[6] if not sections or chunk not in sections else (row[6], sections[chunk])


def _within(day: str, spans: list) -> bool:
    """A note's date (note_day: a day, maybe with a time, or `first/last`)
    shares a day with one of `spans` [(first, last) dates]; True without spans."""
    if not spans:
        return True
    first, _slash, last = day.partition("/")
    first, last = first[:10], (last or first)[:10]
    return any(a.isoformat() <= last and first <= b.isoformat() for a, b in spans)


def reorder(hits: list, latest: Latest, rows: dict[int, tuple], best: dict, heads: dict[int, str],
            spans: list | None = None, sections: dict | None = None,
            titles: dict[int, str] | None = None, today=None, day_rows=None) -> Reordered | None:
    """Move the latest-dated candidate of `hits` (fused, best first) to the
    first place (the earliest, or the one before the latest: latest.earliest,
    latest.place) and give the candidates their `recency` vote (module
    docstring). `rows`: chunk id -> store.result_rows' row; `best`:
    best_of_notes; `heads`: chunk id -> its note's head (store.note_heads);
    `spans`: the (first, last) days the question asks about
    (datednotes.asked_spans: "when did I last see Priya in October?"), whose
    notes alone compete; an undated note is listed whatever they are.
    `sections`: as best_of_notes had them (a dated section competes as a note).
    `titles`: chunk id -> its note's title (the header's first line), which
    names a note's kind as its path does (Latest.named). `today`: the asking
    day, after which a note's date is no candidate's (None: any date). None
    when the question asks for a kind no candidate is of (Latest.unkinded):
    it is not read as one about the latest ("the last class" in a campaign's
    notes, "my last swim" in notes of none). `day_rows(chunk ids)`: chunk id
    -> (its note's title, its chunks and their days: store.note_day_mentions),
    read for the undated candidates' best chunks, which compete by the latest
    row of a log of what is asked (row_day: a `car service history` table's
    last row), as a note dated that day would; None: they stay undated."""
    out = Reordered(latest, within=list(spans or []))
    text: dict = {}
    name: dict = {}
    for h in hits:
        row = rows.get(h.chunk_id)
        unit = _unit(h.chunk_id, row, sections) if row is not None else None
        if unit in best:
            text.setdefault(unit, []).append(row[5])
            # its path too: `priya.md` is about Priya, `Sessions/…` is a session
            name.setdefault(unit, row[1] + "\n" + (titles or {}).get(h.chunk_id, ""))
    day_of = {unit: note_day(heads.get(hits[i].chunk_id, ""), rows[hits[i].chunk_id][1], rows[hits[i].chunk_id][2])
              for unit, i in best.items()}
    # "last" and "latest" ask of the days gone: a note dated after the asking day (tomorrow's agenda, a race page's
    # `date:: 2027-03-14`) is dated by what it plans, not by when it was written; it keeps its place
    gone = [unit for unit in best if today is None or day_of[unit][:10] <= today.isoformat()]

    def some_hold() -> bool:
        return any(latest.holds("\n".join(text[unit]), name[unit]) for unit in gone)

    if latest.first_numbered and any(re.search(_numbered_one(latest.kind), name[unit].lower()) for unit in best):
        return None  # "the first session" of a `Session 01`: the number's (numbering.py), not the earliest's

    if latest.kind and latest.named and not some_hold():
        # no note of that kind by its path or title: the notes that say it compete ("the last session" in a
        # diary's "Therapy session with Dr Amal", "the last interview" in daily notes: review revH)
        latest = out.latest = replace(latest, named=False)
    if latest.kind and not some_hold():
        if not latest.unkinded:
            return None  # "the last class" in a campaign's notes, "my last swim" in notes of none
        latest = out.latest = replace(latest, kind="")
    if latest.kind and (latest.earliest or latest.place > 1):
        # the place is counted among all the notes of the kind (of a name's: "Priya… our first 1:1"), not among
        # those that say the question's words: "recap of the session before last" placed Session 02 first, the
        # latest saying no "recap"; "the map in the first session" Session 02, the first saying no "map"
        latest = out.latest = replace(latest, terms=())
    dated = []
    for unit, i in best.items():
        if not latest.holds("\n".join(text[unit]), name[unit]):
            continue
        chunk = hits[i].chunk_id
        day = day_of[unit]
        if day and not _within(day, out.within):
            continue  # a note of other days than the question asks about
        if unit not in gone:
            out.later.append((chunk, rows[chunk][1], day))
        elif day:
            dated.append((day, -i, chunk, rows[chunk][1]))
        else:
            out.undated.append((chunk, rows[chunk][1]))
    if day_rows is not None and out.undated and not latest.earliest and (latest.names or latest.terms):
        _date_by_rows(out, latest, dated, day_rows, best, hits, today)
    dated.sort(reverse=True)  # newest first; of one date, the better ranked
    out.dated = [(c, p, d) for d, _i, c, p in dated]
    by_id = {h.chunk_id: h for h in hits}
    asked = _in_asked_order(dated) if latest.earliest else out.dated
    for place, (chunk, _p, day) in enumerate(asked, start=1):
        by_id[chunk].channels["recency"] = {"score": round(1 / place, 6), "date": day,
                                            **({"from": "earliest"} if latest.earliest else {})}
    if len(asked) >= latest.place:  # "five sessions ago" of three: none is moved
        out.chosen = asked[latest.place - 1][0]
        if hits[0].chunk_id != out.chosen:
            first = by_id[out.chosen]
            hits.remove(first)
            hits.insert(0, first)
            out.moved = True
    return out


def row_day(latest: Latest, heading: str, chunks: list, today=None, spans: list | None = None) -> str:
    """The day an undated note competes by (reorder): the latest day up to `today` (and in the asked `spans`) that
    opens a row of a log of what the question asks, '' if none. `heading`: the note's path and title; `chunks`: its
    chunks in order (chunking.Chunk or alike: text, start_char, end_char, start_line, end_line) with the days the
    extractor read in each (store.note_day_mentions: [(day, its forms as written)]).

    A row is a table's row, a list item or a line that a day opens (`| 19/11/2026 | wipers |`, `- 2026-11-26 …`,
    `20 Feb 2026: …`; not a chat export's `05/12/2026, 09:10 - Sam: …`), and it is a log's when the heading
    directly over it (else the note's path and title: yearless.note_outline, outside fences and front matter) says
    one of the question's words (a word by its stem: _Term) and with the headings above it all of them, two or
    more (`Car/car service history.md` for "get the car serviced", a boiler note's `## Services`; not the `## Quotes`
    below), or names a log of more than half of them (`# Running log` for "go for a run", `## Gym diary`); a
    note named for the one word asked is no log (`Health/dentist.md`'s rows are reminders and calls). In a ledger when
    paying is asked and in a note named the asked thing in the plural (`Household payments.md`, `Haircuts.md`) a row
    that with the headings says all of them is (_Section.says_all), not one of a payment not made (`unpaid`). No
    ticked task's done day counts (the review of latestrows3: `- [x] email the dentist ✅ …` was a visit). A question
    of names alone dates no row ("when did I last see Priya"): the review of the general form (any dated line that
    said the words, or named the person) found 9 of 15 questions answered by a dentist's reminder letter, a chat's
    "can't make the gym", a subscription's renewal, "Priya says hi". No row of a plan counts (_may_be_done, _planned: an unticked task,
    a timetable's row, `| 20/12/2026 | winter check (booked) |`, `- 02/12/2026 MOT due`); a log with such a row
    whose day the extractor left unread (`01/12/2026`, either order, no day order set: dayorder.py) is not dated by
    the others (a meter log's one `01/01/2026` was its latest). Not for the earliest ("when did I first…").
    One walk over the note's lines, each read once from its start (a 2 MB log of 30,000 rows: well under 1 s)."""
    if latest.earliest or not latest.terms:
        return ""
    from minirag_cli.yearless import note_outline

    # a name as written ("MOT", not "Motors"), a word by its stem
    terms = [re.compile(rf"(?<!\w){re.escape(n)}(?!\w)", re.I) for n in latest.names] + [
        re.compile(_word_pattern(t), re.I) if _NUMBERED_TERM.fullmatch(t) else _Term(t) for t in latest.terms]
    last = today.isoformat() if today is not None else "9999"
    read: dict = {}
    for _chunk, days in chunks:  # a day may be or not be the latest whatever chunk writes it
        for day, forms in _days_read(days, last, spans).items():
            read[day] = None if forms is None else (*(read.get(day) or ()), *forms)
    in_words = {form: day for day, forms in read.items() for form in forms or ()}
    outline = note_outline([chunk for chunk, _days in chunks])
    best, sections, section = "", None, None
    for n, line, stack in outline.walk():
        row = None if n in outline.code or not line else _row_day(line, read, in_words)
        if row is None:
            continue
        if stack is not sections:  # the headings over a row change only at a heading: read them once
            sections = stack
            section = _Section(terms, heading, [outline.lines[at].lstrip(" \t#") for at, _lv, _m in stack])
        if not (section.log or section.collection and section.says_all(line) and not _UNPAID.search(line)) \
                or not _may_be_done(line, section.schedule) or _planned(line, row[1]):
            continue
        if not row[0]:
            return ""  # a day in figures either way the extractor left unread
        best = max(best, row[0])
    return best


def _days_read(days: list[tuple[str, str]], last: str, spans: list | None) -> dict[str, tuple[str, ...] | None]:
    """day -> its forms in words, lower case (`20 feb 2026`; its figures are read by _FIGURES), of a chunk's days
    (store.note_day_mentions); None for a day that may not be the latest (after `last`, outside `spans`)."""
    read: dict = {}
    for day, forms in days:
        can = day <= last and not (spans and not _within(day, spans))
        read[day] = (*(read.get(day) or ()), *(_word_forms(forms) if _LETTER.search(forms) else ())) if can else None
    return read


def _row_day(line: str, read: dict, in_words: dict[str, str]) -> tuple[str, int] | None:
    """(the day that opens `line` as a log's row, where the row's text after it starts), '' for the day when it is
    one in figures the extractor did not read; None when no day opens it, one it read that may not be the latest
    opens it (after the asking day), or the line is a chat export's message."""
    rest = line.lstrip(_OPENING_MARKS)
    if (box := _BOX.match(rest)) is not None:
        rest = rest[box.end():].lstrip(_OPENING_MARKS)
    if (weekday := _WEEKDAY.match(rest)) is not None:
        rest = rest[weekday.end():]
    at = len(line) - len(rest)
    if (m := _FIGURES.match(rest)) is not None:
        if _CHAT.match(rest, m.end()):
            return None
        days = [d for d in _readings(m) if d in read]
        if not days:
            return ("", at + m.end()) if _unread(m, read) else None
        can = [d for d in days if read[d] is not None]
        return (max(can), at + m.end()) if can else None
    if (m := _WORDS_DAY.match(rest)) is not None and (day := in_words.get(m.group(0).lower())):
        return day, at + m.end()
    return None


class _Section:
    """What the headings over a row say of it (row_day): `log`, they make it a row of a log of what is asked (the
    innermost that says a word, a day's or a year's alone not: `### 2026`, `## November`, says one of the question's
    two or more words and with those above it and the note's path and title all of them, or names a log of them:
    _log_of); `schedule`, one of them names a plan or a schedule (_SCHEDULE_HEADING: a pool's timetable, a packing list)."""

    def __init__(self, terms: list, note: str, headings: list[str]):
        worded = [h for h in headings if _LETTER.search(_DAY_WORDS.sub("", h))]
        own = worded[-1] if worded else note
        said = [t for t in terms if t.search(own)]
        everything = "\n".join([note, *headings])
        self.log = bool(said) and (len(terms) > 1 and all(t.search(everything) for t in terms)
                                   or _log_of(terms, own) or len(worded) < 2 and _log_of(terms, note))
        self.schedule = bool(_SCHEDULE_HEADING.search(everything))
        # a ledger when paying is asked, or a note named for the asked thing in the plural (`Household
        # payments.md` for "pay the window cleaner", `Haircuts.md`): its rows that say the rest of what is asked
        # (says_all) are of it
        ledger = _ledger_asked(terms, everything)
        self.collection = not self.schedule and (ledger or _plural_note(terms, note))
        # the question's words the headings say (a ledger says paying): a row must say the others
        self.unsaid = [t for t in terms if not t.search(everything)
                       and not (ledger and isinstance(t, _Term) and t.stem in _LEDGER_VERBS)]

    def says_all(self, line: str) -> bool:
        """The row `line` with the headings over it says all the question's words."""
        return all(t.search(line) for t in self.unsaid)


def _ledger_asked(terms: list, headings: str) -> bool:
    """The `headings` name a ledger (_LEDGER: `Household payments`, `Expenses`) and the question asks paying,
    buying or spending ("pay the window cleaner"): its rows are payments, no visit (`| gym membership |` is no
    "go to the gym"; review of latestrows3)."""
    return (_LEDGER.search(headings) is not None and _DUE_LEDGER.search(headings) is None
            and any(isinstance(t, _Term) and t.stem in _LEDGER_VERBS for t in terms))


def _plural_note(terms: list, note: str) -> bool:
    """The note is named the asked thing in the plural and nothing else (`Haircuts.md` for "get a haircut"; not
    `Public holidays.md`, `School holidays`, a `# Haircuts` heading in `Kids/Maya.md`, nor `Dentist.md`, a note of
    reminders and calls)."""
    name = note.split("\n", 1)[0].rsplit("/", 1)[-1].rsplit(".", 1)[0].strip()
    return " " not in name and any(isinstance(t, _Term) and t.plural(name) for t in terms)


def _log_of(terms: list, heading: str) -> bool:
    """The `heading` names a log (_LOG) of what is asked, more than half of the question's `terms`: `Running log`
    of "go for a run", not `Car service history` of "service the boiler"."""
    return _LOG.search(heading) is not None and 2 * sum(1 for t in terms if t.search(heading)) > len(terms)


def _may_be_done(line: str, schedule: bool) -> bool:
    """The `line` may write a time the asker did something: not an unticked (or cancelled) task (`- [ ] 12/01/2027
    book car service`, `- TODO 03/11 ring the boiler man`), not a question (`12/11 did I pay the window cleaner?`),
    and, under the heading of a plan or a schedule (a pool's timetable, a packing list, a bin calendar, a project's
    backlog, birthdays), none but a ticked task (a to-do list's `- [x] 2026-10-14 boiler serviced`)."""
    state = line_task_state(line)
    if state is not None:
        return state == "done"  # a ticked task; not an open one (_open_task)
    return not schedule and not line.rstrip(" \t|*_").endswith("?")


def _planned(line: str, after: int) -> bool:
    """The row `line` (its day opening it, its text from `after` on) is of a plan, not a time done: it says its
    day was booked, scheduled, planned, cancelled… (`| 20/12/2026 | winter check (booked) |`, `- 02/12/2026 rang
    Kwik Fit, car service booked for 14/12/2026`: a booking, not the service; `car service reminder email`), or a
    clause of it says a due or next day (_DUE) and writes no time of its own (`- 02/12/2026 MOT due`, `| 03/12/2026
    | dentist | next |`; not `| 04/09/2026 | full service | next due Sept 2027 |`, nor a price's or an amount's
    figures, `£320.50`, `3.5 hours`: _TIMES). At most _CLAUSES clauses are read, each once (a line of 2,000 days took
    15.9 s read per day)."""
    text = line[after:]
    if _BOOKED.search(text):
        return True
    start = 0
    for number, end in enumerate(_clause_ends(text)):
        if number >= _CLAUSES:
            break
        clause = text[start:end]
        start = end + 1
        if _DUE.search(clause) and not _TIMES.search(clause):
            return True
    return False


def _clause_ends(text: str):
    """Where each clause of `text` ends (_CLAUSE_END), its end last."""
    yield from (m.start() for m in _CLAUSE_END.finditer(text))
    yield len(text)


# what may come before the day that opens a log's row: a table's bar, a list's mark, a quote's, bold; a task's box
# or a list's number after them (read by str.lstrip and one anchored match: no backtracking over a long run of blanks)
_OPENING_MARKS = " \t|*+>-_"
_BOX = re.compile(r"\[.?\][ \t]*|\d{1,3}[.)][ \t]+")
_WEEKDAY = re.compile(rf"(?:{'|'.join(WEEKDAY_NAMES)}|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,?[ \t]+", re.I)
# a day in words that opens a row (`20 Feb 2026`, `Feb 20, 2026`): looked up among the forms the extractor read
_WORDS_DAY = re.compile(rf"\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:{MONTH_ALT})\.?,?[ \t]+\d{{4}}"
                        rf"|(?:{MONTH_ALT})\.?[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}}", re.I)
# a chat export's message after its day: `05/12/2026, 09:10 - Sam: …`, `05/12/2026 09:10:11] Sam: …`
_CHAT = re.compile(r",?[ \t]*\d{1,2}[:.]\d\d(?::\d\d)?(?:[ \t]*[ap]\.?m\.?)?(?:\][ \t]*|[ \t]+[-–][ \t]+)"
                   r"[^:\n]{1,40}?:")
# a heading that names only days, months or years (`### 2026`, `## November`): its rows are the heading's above
_DAY_WORDS = re.compile(rf"\b(?:{MONTH_ALT}|{'|'.join(WEEKDAY_NAMES)}|week|q[1-4])\b|[\W\d_]", re.I)
# a heading or a note's name that names a log: `Running log`, `Service history`, `Dental records`, `Gym diary`
_LOG = re.compile(r"\b(?:logs?|log[ -]?book|history|records?|diary)\b", re.I)
# a heading or a note's name that names a ledger, whose rows are payments: `Household payments`, `Expenses`
_LEDGER = re.compile(r"\b(?:payments|expenses|spending|purchases|transactions|outgoings|ledger)\b", re.I)
# the verbs a ledger's heading says of its rows (a stem: answer_score.stem_twice)
_LEDGER_VERBS = frozenset({"pay", "paid", "spend", "spent", "buy", "bought"})
# a ledger of payments to make (`# Payments due`, `Standing orders`), no payment made
_DUE_LEDGER = re.compile(r"\b(?:due|owed|owing|unpaid|outstanding|overdue|standing[ \t]+orders?|direct[ \t]+debits?"
                         r"|budgets?|recurring|bills)\b", re.I)
# a ledger's row of a payment not made: `| window cleaner | unpaid |`, `owed, not paid`, `overdue`
_UNPAID = re.compile(r"\b(?:unpaid|owed?|owing|due|overdue|outstanding|not[ \t]+(?:yet[ \t]+)?paid|to[ \t]+pay"
                     r"|pending|refund(?:ed)?)\b", re.I)
# a day in figures: the year first (`2026-11-19`), or last after the day and month in either order (`19/11/2026`,
# `4.9.26`)
_DAY_MONTH = r"(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d\d)"
_FIGURES = re.compile(r"(?<![\w/.-])(?:(?P<iy>\d{4})(?P<isep>[-/.])(?P<im>\d{1,2})(?P=isep)(?P<id>\d{1,2})"
                      rf"|{_DAY_MONTH})(?![\w/]|[.-]\d)")
_LETTER = re.compile(r"[^\W\d_]")
# the heading of a plan or a schedule (a pool's timetable, a packing list, a to-do list, a 1:1's actions, a
# project's backlog, a bin calendar, birthdays): the days of its rows are not the times the asker did something
_SCHEDULE_HEADING = re.compile(
    r"\b(?:time-?tables?|schedules?|itinerar(?:y|ies)|rotas?|agendas?|planner|plans?|planning|packing|check-?lists?"
    r"|to-?dos?|to[ \t]+do|tasks|actions|action[ \t]+items|next[ \t]+steps|backlog|upcoming|calendar|term[ \t]+dates"
    r"|reminders|bookings|deadlines|wish[ \t]*list|birthdays?|anniversar(?:y|ies))\b", re.I)
# what says a row is a booking or a plan's, whatever other day it writes (_planned)
_BOOKED = re.compile(r"\b(?:(?:re-?)?booked|booking|(?:re-?)?scheduled|planned|cancell?ed|postponed|tbc|tbd"
                     r"|provisional|pencill?ed|reminders?)\b", re.I)
# what says a day is due or to come: a time its clause writes, else the row's (_planned); not `next week try sub-24`
_DUE = re.compile(r"\b(?:due|overdue|deadline|expires?|expiry|expiring|valid[ \t]+until|upcoming|birthday"
                  r"|next(?![ \t]+(?:week|weekend|month|year|time|\w+day)\b)"
                  r"|born|dob)\b", re.I)
# the most clauses of a row read for a plan's word (_planned): a log's row has a few, a pasted blob thousands
_CLAUSES = 64
# where a line's clause ends: a table's bar, a comma, a semicolon, a sentence's end, a dash between blanks
_CLAUSE_END = re.compile(r"[|;,]|[.!?](?=\s|$)|\s[–—-]\s")
# a time a clause writes (`14/12/2026`, `2026-12-14`, `14 Dec 2026`, `Sept 2027`, `2027`, `10:30`, `10am`,
# `10.30pm`): the one a word of due days is of (_planned); not a price or an amount (`£320.50`, `3.5 hours`, `70k`)
_TIMES = re.compile(rf"(?:\b\d{{1,2}}(?:st|nd|rd|th)?[ \t]+)?\b(?:{MONTH_ALT})\b\.?(?:[ \t]+\d{{4}}\b)?"
                    r"|(?<![\w.,£$€])(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?"
                    r"|\d{1,2}\.\d{1,2}\.\d{2,4}|(?:19|20)\d\d|\d{1,2}(?:[:.]\d\d)?[ \t]*[ap]\.?m\b|\d{1,2}:\d\d)"
                    r"(?![\w.,]\d)", re.I)


def _word_forms(forms: str) -> list[str]:
    """The forms of a day in words (`20 Feb 2026`) of a mention's forms (a JSON object's keys), lower case; its
    figures are read by _FIGURES (a form is stored once per chunk: `2026-09-04` for a row's `04/09/2026`)."""
    try:
        written = json.loads(forms or "{}")
    except (ValueError, TypeError):
        return []
    return [f.lower() for f in written if isinstance(f, str) and _LETTER.search(f)]


def _readings(m: re.Match) -> list[str]:
    """The days a match of _FIGURES may be: the year first one, else day or month first."""
    if m.groupdict().get("iy"):
        return [f"{int(m.group('iy')):04d}-{int(m.group('im')):02d}-{int(m.group('id')):02d}"]
    a, b, y = int(m.group("a")), int(m.group("b")), int(m.group("y"))
    y += 2000 if y < 100 else 0
    return [f"{y:04d}-{b:02d}-{a:02d}", f"{y:04d}-{a:02d}-{b:02d}"]


def _unread(m: re.Match, read: dict) -> bool:
    """A day in figures day or month first that the extractor did not read (neither order settled)."""
    return not m.groupdict().get("iy") and not any(d in read for d in _readings(m))


class _Term:
    """A question's word, found in a text as a word of the same stem (answer_score.stem: `serviced` finds
    `service`, `servicing`; `tyres` `tyre`; `car` `cars`): not by its first letters, which found `pain` for
    "paint", `plums` for "plumber", `service` for "server" and `Motors` for "MOT"."""

    def __init__(self, word: str):
        low = self.word = word.lower()
        self.stem = stem_twice(low)
        lead = low[:next((i for i, (a, b) in enumerate(zip(low, self.stem)) if a != b), min(len(low), len(self.stem)))]
        self.words = re.compile(rf"(?<!\w){re.escape(lead or low)}\w*", re.I)

    def search(self, text: str) -> bool:
        return any(stem_twice(m.group(0).lower()) == self.stem for m in self.words.finditer(text))

    def plural(self, text: str) -> bool:
        """`text` writes the word in the plural (`Haircuts`, `haircuts`)."""
        return any(m.group(0).lower().endswith("s") and m.group(0).lower() != self.word
                   and stem_twice(m.group(0).lower()) == self.stem for m in self.words.finditer(text))


def _date_by_rows(out: Reordered, latest: Latest, dated: list, day_rows, best: dict, hits: list, today) -> None:
    """The undated candidates whose lines write a day of what is asked (row_day) join `dated` by the latest; the
    others stay in out.undated."""
    rank = {hits[i].chunk_id: i for i in best.values()}
    read = day_rows([chunk for chunk, _p in out.undated])
    undated = []
    for chunk, path in out.undated:
        title, chunks = read.get(chunk, ("", []))
        day = row_day(latest, path + "\n" + title, chunks, today, out.within)
        if day:
            dated.append((day, -rank[chunk], chunk, path))
        else:
            undated.append((chunk, path))
    out.undated = undated


def _numbered_one(kind: str) -> str:
    """What a note numbered 1 of the kind says in its path or title: `Session 01`, `Lecture 1`, `session-001`."""
    return _kind_pattern(kind) + r"[\s_-]*0{0,2}1(?!\d)"


def _in_asked_order(dated: list[tuple[str, int, int, str]]) -> list[tuple[int, str, str]]:
    """The candidates (note_day, -rank, chunk, path) oldest first, of one date
    the better ranked: a weekly or monthly note by its last day (it says
    nothing of which of its days: the month's first daily note is no newer)."""
    ordered = sorted(dated, key=lambda d: (d[0].partition("/")[2] or d[0], -d[1]))
    return [(c, p, d) for d, _i, c, p in ordered]
