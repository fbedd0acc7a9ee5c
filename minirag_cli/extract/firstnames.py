"""A first name written alone beside the full name it opens, in the same note (heuristic rules 25).

`From: Elena Rossi` and `Thanks,\\nElena` in one e-mail were two entities, Elena and Elena Rossi, so `mrag entity
"Elena Rossi"` missed the notes that said Elena, and a question about Raj Patel the note that said `Ask Raj`.
first_names joins such a first name to the one full name of two to four words in the note that opens with it, as a
note's `@elena` joins it (heuristic.handle_names, rules 12) and a surname its full name (heuristic.surname_names, rules
21). Only the note's own text decides: no other note, nor the order the notes are synced in, so an incremental sync
joins as `sync --rebuild` does. A first name that stands for several people across notes stays its own entity there:
only a note that writes the full name joins it.

Many a thing's name opens with a word written alone too (`Berlin` and `Berlin Marathon`, `Google` and `Google Maps`,
`Globex` and `Globex Frankfurt`, `Project Heron`, `Chinese New Year`): a join asks for the note's word that the pair
is a person, a person's cue for each name of it (PERSON_CUES of the full name: `Attendees: Tom Becker`, `Lunch with
Elena Rossi`; FIRST_NAME_CUES of the first name alone: `Hi Elena`, `Thanks,\\nElena`, `Ask Raj`, `Priya thinks`: a
company thinks, gets thanked and sends mail too, `From: Spotify Premium`, so one name's cue is not enough), and for
no sign of a thing (_thing: a word of the full name the note writes in lower case, `the Berlin Marathon`, `at Globex`;
a place's word before the first name alone, `fly to Sydney`).
"""

from __future__ import annotations

import re
from typing import Callable, Collection, Iterable

from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.heuristic import (_FULL_NAME_WORD, _LOWER_WORD, _PLACE_OPENERS, _SPAN_VERBS,
                                           TABLE_COMMON_WORDS, VERB_FORM, _word_forms)
from minirag_cli.text import fold, normalise_key

# a name's whole word, not a longer one's part (`Elena` in `Elenas` or `#elena`)
_WHOLE = r"(?<![\w#@]){}(?![\w@])"

# what a note writes right before a person's name: a greeting (`Hi Elena,`), a meeting, a meal or a coffee with
# someone (`met Ada Lovelace`, `Lunch with Raj Patel`)
_GREETING = r"hi|hey|hello|dear|congrats|bye|met|invite|invited|(?:lunch|dinner|coffee|drinks|breakfast)[ \t]+with"
# ... and what a note writes before a company's too (`Thanks Apple Support`, `Ask Google Maps`, `message Spotify`): a
# thanks, a verb whose object is a person (`Ask Raj for the dump`, `told Priya`, `cc Tom`), a first name's alone only
_ASKED = (r"thanks|thank you|thx|cheers|ask|asked|asking|tell|told|remind|reminded|ping|pinged|thank|thanked|cc|"
          r"text|texted|message|messaged")
_BEFORE = r"(?i:\b(?:{}))(?=[ \t,])[ \t]*+,?[ \t]*+"
# ... and right after it: a verb of thinking or feeling (`Priya thinks`, `Jonas texted`), `and I`: not one a company
# takes as often (`Spotify says no`, `Globex wants the draft`, `Acme asked for a discount`, `Initech agreed`)
_AFTER = (r"[ \t]+(?:thinks|thought|feels|felt|hopes|hoped|loves|loved|likes|liked|prefers|preferred|laughed|texted|"
          r"and I|and me)(?![\w])")
# ... or later in its sentence, a person's pronoun (`Call with Raj Patel about the database; he says`, `Dr. Alice
# Chen sent her notes`): a company is `it` or `they`
_PRONOUN = r"[^.!?\n]{0,60}?(?<![\w'’])(?i:he|she|him|his|her|hers)(?![\w'’])"
# a letter's sign-off, the name alone on the next line (`Thanks,\nElena`, `Best regards,\nDana`), or a signature's dash
_SIGNED = (r"(?im:^[ \t>]*(?:(?:many |kind |warm |best )?(?:thanks|regards|wishes)|thank you|best|cheers|love|"
           r"sincerely|yours|take care)[ \t]*+[,.!]?[ \t]*+\r?\n[ \t>]*+)")
_DASHED = r"(?m:^[ \t>]*+(?:--|—|–)[ \t]*+)"
# a sign-off and the first name alone on one line (`> Best, Hannah` quoting a pasted e-mail; rules 32): a first name's
# only, as a full name's `Thanks, Apple Support` is a company's thanks too
_SIGNED_LINE = (r"(?im:^[ \t>]*(?:(?:many |kind |warm |best )?(?:thanks|regards|wishes)|thank you|best|cheers|love|"
                r"sincerely|yours|take care)[ \t]*+,[ \t]*+)")
# a label whose line lists people (an e-mail's header, a meeting's attendees, a task's owner): `Attendees: Tom Becker`
_PEOPLE_LABEL = (r"(?im:^[ \t>*_-]*+(?:from|to|cc|bcc|reply-to|attendees?|participants?|present|guests?|invitees?|"
                 r"organi[sz]er|host|owners?|assignees?|assigned to|reviewers?|authors?|people|speakers?)"
                 r"[ \t*_]*:[^\n]*?)")
# (what goes before the name, what after it): a full name's (PERSON_CUES) leave out what a company is asked and
# thanked (a product's name opens with its company's: `Ask Google Maps`, `Google thinks`); a lone first name's leave
# out the people line, where a company sends mail too (`From: Spotify`)
_SHARED_CUES = (("", _AFTER), ("", _PRONOUN), (_SIGNED, r"[ \t]*$"), (_DASHED, r"[ \t]*$"))
FIRST_NAME_CUES = ((_BEFORE.format(_GREETING + "|" + _ASKED), ""), *_SHARED_CUES, (_SIGNED_LINE, r"[ \t]*[.!]?[ \t]*$"))
# a full name a pitch or a letter is addressed to in brackets (`# Pitch: AquaNorte (to Claire Dubois, Euro Ledger)`,
# `(to Tom Hadley)`), a person's too where the note greets the first name alone (`Dear Claire,`): heuristic rules 27.
# Not a sentence's `wrote to`, `reply to` (fixN, review revA: `Dear Tom,` beside `I wrote to Tom Smith at the bank`
# joined Tom to Tom Smith); an e-mail's `To:` line is a people label's (_PEOPLE_LABEL)
_ADDRESSED = r"\((?i:to)[ \t]+"
PERSON_CUES = ((_BEFORE.format(_GREETING), ""), *_SHARED_CUES, (_PEOPLE_LABEL, ""), (_ADDRESSED, ""))
# what a note writes before a thing's name: an article (`the Berlin Marathon`), where something is (`at Globex`, `in
# Berlin`; not `at Elena's`, a person's place, nor `loop in Raj`)
_THING_BEFORE = r"(?<![\w])(?:(?i:the|a|an|at|near)|(?<!loop )(?<!looped )(?<!fill )(?<!filled )(?i:in))[ \t]++"
# what a note writes before a place's name, beside a person's first name the place's too (`fly to Sydney`, `back from
# Austin`, `We visited Jordan`, `in central Paris`): a lone first name after one is no person's in that note
_PLACE_BEFORE = (r"(?<![\w])(?:(?<!loop )(?<!looped )(?<!fill )(?<!filled )(?i:in)|(?i:to|from|into|through|via|"
                 r"around|across|towards?|visit|visits|visited|visiting|out[ \t]+of|all[ \t]+over))[ \t]++"
                 r"(?:(?i:central|downtown|north|south|east|west|northern|southern|eastern|western|old|greater|rural|"
                 r"sunny|rainy)[ \t]++)?")


def _cued(text: str, name: str, cues=PERSON_CUES, full: str = "") -> bool:
    """Does `text` write `name` as a person's (`cues`: PERSON_CUES of a full name, FIRST_NAME_CUES of a first name
    alone, not where it opens its `full` name: `Thanks Apple Support` thanks no `Apple`)?"""
    whole = _WHOLE.format(re.escape(name))
    if full:
        whole += r"(?![ \t]++" + r"[ \t]++".join(map(re.escape, full.split()[1:])) + r"(?![\w@]))"
    return any(re.search(before + whole + after, text, re.MULTILINE) for before, after in cues)


def _thing(text: str, name: str, before: str = _THING_BEFORE, full: str = "") -> bool:
    """Does `text` write `name` after an article or a preposition of where a thing is (`the Berlin Marathon`, `at
    Globex`; `before`: _PLACE_BEFORE of a first name alone, `to Sydney`), a possessive not after it (`at Elena's` is
    her place), not where a bracket's `to` opens its `full` name with it (`(to Tom Hadley)` is no place's `to Tom`:
    heuristic rules 27; a sentence's `wrote to Tom Smith` is, as before: fixN)?"""
    rest = re.compile(r"[ \t]++" + r"[ \t]++".join(map(re.escape, full.split()[1:])) + r"(?![\w@])") if full else None
    for m in re.finditer(before + _WHOLE.format(re.escape(name)) + r"(?!['’]s)", text):
        if rest is None or not (m.start() and re.match(_ADDRESSED, text[m.start() - 1:m.start() + 4])
                                and rest.match(text, m.end())):
            return True
    return False


def first_names(mentions: Iterable[EntityMention], text: str,
                speakers: Callable[[], Collection[str]] = frozenset) -> dict[str, str]:
    """{first name: the full name it joins} for a whole note's `mentions` (sync reads every chunk's) and `text`: a
    name of one word (`Elena`) that opens exactly one full name of two to four capitalised words among them (`Elena
    Rossi`; two, `Elena Vasquez` too, and which is meant the note does not say) and ends none (`Jordan` beside
    `Michael Jordan` and `Jordan Peele`), where the text writes both as a person's (_cued) and neither as a thing's
    (_thing), and no word of the full name in lower case (`Sweet Potatoes` beside `sweet`, `Real Madrid` beside
    `real`). The full name opens with no common word, verb or place's word (`Project Heron`, `Call Marta`, `New
    York`). A chat's speaker (`speakers`: the note's, read only where a pair is found) is no one's first name: the
    chat writes them so, and the longer name may be someone it talks about (as a handle, rules 13).
    Heuristic rules 25."""
    mentions = [m for m in mentions if m.type in ("name", "person") and m.name[:1] not in "@#"]
    firsts: dict[str, dict[str, str]] = {}  # folded first word -> {key: full name}
    lasts = set()  # folded last words of the full names
    for m in mentions:
        words = m.name.split()
        if len(words) > 1:
            lasts.add(fold(words[-1]))
        if 2 <= len(words) <= 4 and all(_FULL_NAME_WORD.fullmatch(w) for w in words) \
                and words[0].lower() not in TABLE_COMMON_WORDS and words[0] not in _SPAN_VERBS \
                and words[0] not in _PLACE_OPENERS:
            firsts.setdefault(fold(words[0]), {})[normalise_key(m.name, m.type)] = m.name
    pairs = {}
    for m in mentions:
        if " " in m.name or len(m.name) < 2 or not _FULL_NAME_WORD.fullmatch(m.name) or fold(m.name) in lasts:
            continue
        named = firsts.get(fold(m.name), {})
        if len(named) == 1:
            pairs[m.name] = next(iter(named.values()))
    if not pairs:
        return {}
    lowered = set(_LOWER_WORD.findall(text))
    spoken = {fold(s) for s in speakers()}

    def common(word: str) -> bool:
        lower = word.lower()
        return ((lower.endswith("ing") and VERB_FORM.fullmatch(lower) is not None)
                or not _word_forms(lower).isdisjoint(lowered))

    return {first: full for first, full in pairs.items()
            if fold(first) not in spoken and not any(common(word) for word in full.split())
            and not _thing(text, first) and not _thing(text, first, _PLACE_BEFORE, full)
            and not _thing(text, full)
            and _cued(text, full) and _cued(text, first, FIRST_NAME_CUES, full)}


# a transcript's speaker label of capitals at a line's start, after its time if any (`[00:00:16] JO: ...`,
# `**LS:** ...`, `- BA: ...`): 2 or 3 capitals, so `Me:`, `Q:`, `A:`, `Interviewer:` are no one's initials; with
# them, the asker's labels (ASKERS), the other side of the dialogue: a transcript's initials answer someone
_INITIALS_LABEL = re.compile(r"^[ \t>*_-]*+(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]++)?"
                             r"\**([A-Z]{2,3}|Me|Q|I|Interviewer|Host)\**[ \t]*+:(?=[ \t*]|$)", re.MULTILINE)
# the labels of a transcript's asker: beside them initials are a speaker's; beside other capitals only they are an
# acronym's label as likely (`HR: payroll form sent` / `IT: laptop ordered` under `# 1:1 - Helen Ross`: fixSN)
ASKERS = frozenset({"Me", "Q", "I", "Interviewer", "Host"})
# a first name and its surname's initial (`Tom B`, `Tom H.`)
_INITIALLED = re.compile(r"([A-Z][a-z\u00df-\u00ff]+)[ \t]([A-Z])\.?")


def _full_names(mentions: Iterable[EntityMention]) -> dict[str, str]:
    """{key: full name} of `mentions`' names of two to four capitalised words that open with no common word, verb or
    place's word (as first_names reads them: `Janet Okoro`, not `Project Heron`, `Call Marta`, `New York`)."""
    out = {}
    for m in mentions:
        words = m.name.split()
        if m.type in ("name", "person") and 2 <= len(words) <= 4 and all(_FULL_NAME_WORD.fullmatch(w) for w in words) \
                and words[0].lower() not in TABLE_COMMON_WORDS and words[0] not in _SPAN_VERBS \
                and words[0] not in _PLACE_OPENERS:
            out[normalise_key(m.name, m.type)] = m.name
    return out


# the capitalised words after a thing's article (_THING_BEFORE), each with its possessive if any
# (after an article too: `at the Tom Becker bar`, `in a Studio Blue room`)
_THING_WORDS = re.compile(_THING_BEFORE + r"(?:(?i:the|a|an)[ \t]++)?"
                          r"((?:[^\W\d_][\w'’-]*+[ \t]++){0,3}[^\W\d_][\w'’-]*+)")


def _things(text: str) -> set[str]:
    """The names of one to four words `text` writes after a thing's article (`the Berlin Marathon`, `at Globex`), as
    _thing reads a name, found in one pass (_thing's search is one pass of the note for each name); a name before
    its possessive is no thing's (`at Elena's`)."""
    out = set()
    for found in _THING_WORDS.finditer(text):
        words = found.group(1).split()
        for n, word in enumerate(words, 1):
            if not word[:1].isupper():
                break
            if word.endswith(("'s", "’s")):
                break
            out.add(" ".join(words[:n]))
    return out


def _plain(things: Collection[str], lowered: Collection[str], full: str) -> bool:
    """Is `full` written as no thing's name (`things`: _things of the note; `the Berlin Marathon`) and none of its
    words in lower case (`lowered`: the note's words in lower case; `Real Madrid` beside `real`)?"""
    return full not in things and all(_word_forms(w.lower()).isdisjoint(lowered) for w in full.split())


def short_names(mentions: Iterable[EntityMention], text: str) -> dict[str, str]:
    """{short form: the full name it joins} of a whole note's `mentions` and `text` (heuristic rules 32), two short
    forms of one person that a note writes beside the full name:
    - a transcript's speaker label of initials (`[00:00:16] JO: ...`, _INITIALS_LABEL; at least two lines open so,
      and another side of the dialogue speaks too: an asker, ASKERS, or initials of another full name of the note)
      joins the one full name of 2 or 3 words of those initials that the note writes before its first such label
      (`# Interview - Janet Okoro (tenant)`, `Linda Shaw (Source C). Recorded with consent`): a transcript names its
      speakers above their lines. `Me:`, `Q:`, `Interviewer:` are no initials; an acronym's label beside other
      acronyms only (`HR:` and `IT:` under `# 1:1 - Helen Ross`) is a log's, no dialogue's.
    - a first name and a surname's initial (`Tom B`) joins the one full name of that first name whose last word
      opens with the initial (`Tom Becker`; beside `Tom Hughes` too the initial decides), a full name typed a
      person's (by a title: `Mr Tom Becker`), as `Team A` beside `Team Alpha` is no one's initial.
    Only the note's own names: never across notes. Linear in the note: one pass over its labels and its mentions."""
    mentions = list(mentions)
    wanted = {m.name for m in mentions if m.type in ("name", "person")}
    labels: dict[str, list[int]] = {}
    for found in _INITIALS_LABEL.finditer(text):
        labels.setdefault(found.group(1), []).append(found.start())
    askers = ASKERS.intersection(labels)
    labels = {label: starts for label, starts in labels.items()
              if label in wanted and len(label) > 1 and label.isupper()}
    initialled = {m.name: hit for m in mentions if m.type in ("name", "person")
                  and (hit := _INITIALLED.fullmatch(m.name)) is not None}
    if not labels and not initialled:
        return {}
    fulls = _full_names(mentions).values()
    lowered, things = set(_LOWER_WORD.findall(text)), _things(text)
    out = {}
    by_initials: dict[str, list[str]] = {}
    by_first: dict[str, list[str]] = {}
    for full in fulls:
        words = full.split()
        if len(words) <= 3:
            by_initials.setdefault("".join(w[0] for w in words), []).append(full)
        by_first.setdefault(words[0], []).append(full)
    # each label's one full name of its initials (`TB:`, `SC:` beside `Attendees: Tom Becker, Sarah Collins`)
    fitted = {label: fits[0] for label in labels if len(fits := by_initials.get(label, [])) == 1}
    for label, full in fitted.items():
        # a speaker's: on two lines, its full name written above the first (`# Interview - Janet Okoro`), and the
        # other side speaks: the asker (`Me:`, `Q:`; not the one letter its initials open with, `QA:` beside `Q:`
        # is a Q&A's label), or initials of another full name (`JO:` and `LS:`); not beside an acronym only
        # (`HR:` beside `IT:` under `# 1:1 - Helen Ross`, `PR:` beside `CI:`, `UK:` beside `US:`: fixSN)
        starts = labels[label]
        if len(starts) >= 2 and re.search(_WHOLE.format(re.escape(full)), text[:starts[0]]) \
                and _plain(things, lowered, full) \
                and (any(not label.startswith(asker) for asker in askers)
                     or any(other != full for other in fitted.values())):
            out[label] = full
    persons = {m.name for m in mentions if m.type == "person"}
    for short, hit in initialled.items():
        fits = [full for full in by_first.get(hit.group(1), []) if full.split()[-1].startswith(hit.group(2))
                and full.split()[-1] != hit.group(2)]
        # a person's full name only (typed so by a title: `Mr Tom Becker`): `Team A` is no Team Alpha's, `Vitamin D`
        # no Vitamin Drops' (fixSN; a person's cue, _cued, is a search of the note for each name: not linear)
        if len(fits) == 1 and hit.group(1).lower() not in TABLE_COMMON_WORDS and _plain(things, lowered, fits[0]) \
                and fits[0] in persons:
            out[short] = fits[0]
    return out
