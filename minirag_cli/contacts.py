"""Questions asking for someone's contact details ("what's hannah's email", "dev malik phone number", "contact
details for the press office") and the places in a chunk that hold them: an item (a list item, a table row, a
paragraph, a pasted vCard) that writes a value of the asked kind (an e-mail address, a phone number, a postal
address) and the asked name, or writes the value under a heading or in a note whose title is that name
(`People/Hannah Reyes.md`'s `Phone: 0161 …`).

Without this a contacts note lost to any note whose title said the question's words: `Email from Hannah - Patel
update.md` outranked `Contacts.md`'s row `Hannah Reyes — … — hannah.reyes@… — 01632 960112` for "what's hannah's
email" (journalist tester: not in the top 10). retrieve._contact_votes gives the chunks holding one a vote.

Only the question's head asks so: "what did hannah say in her email", "when did I email hannah", "did I send the
email to the council", "email the invoice" ask for no address; a bare "number" is a contact's only after a name the
index knows, a title and a name, or a possessive of one of the family or a trade ("bola ajayi number", "Dr. Okafor's
number", "the plumber's number"; not "the case number for the hearing", "the car's number"). A number a label
before it says is a thing's (`order no.`, `tracking`, `IBAN`, an `Order #` column) is no one's phone (unlabelled)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from minirag_cli.extract.parse import _BULLET
from minirag_cli.honorifics import ALIAS_TITLES
from minirag_cli.text import PERSON_TITLES, STOPPED_TITLES

EMAIL, PHONE, POSTAL = "email", "phone", "postal"

# the noun that asks, with the kinds of value it asks for; longest first (the regex takes the first that fits)
_NOUNS: list[tuple[str, frozenset[str]]] = [
    (r"e-?mail\s+address(?:es)?|e\s?mail\s+address|mail\s+address", frozenset({EMAIL})),
    (r"e-?mail|e\s?mail", frozenset({EMAIL})),  # not "emails": "show me hannah's emails" asks for her messages
    (r"(?:tele)?phone\s+(?:number|no\.?|#)|mobile\s+(?:number|no\.?)|cell\s*(?:phone)?\s+number|contact\s+number"
     r"|landline(?:\s+number)?|whatsapp(?:\s+number)?", frozenset({PHONE})),
    (r"(?:tele)?phone|mobile|cell(?:phone)?|tel\.?", frozenset({PHONE})),
    (r"(?:postal|home|street|mailing|office)\s+address|post\s*code|zip\s*code", frozenset({POSTAL})),
    (r"address", frozenset({POSTAL, EMAIL})),
    (r"contact\s+(?:details|info|information|card)|contact", frozenset({EMAIL, PHONE, POSTAL})),
]
_NUMBER = r"number|no\.?|#"  # only after a name the index knows (asked_contact)
# a word that says which of someone's values: "hannah's work email"
_QUALIFIER = r"(?:(?:work|home|personal|private|direct|office|business|new|current|mobile|uk|us)\s+)?"
# how a question asking for one opens ("what's", "give me the", "do I have")
_LEAD = (r"(?:(?:what(?:'s|s|\s+is|\s+was|\s+are|\s+were)|where(?:'s|\s+is)|which\s+is|give\s+me|get(?:\s+me)?|find"
         r"|show(?:\s+me)?|look\s+up|tell\s+me|send\s+me|(?:do|did)\s+(?:i|we)\s+have|have\s+(?:i|we)\s+got"
         r"|i\s+need|need)\s+)?(?:the\s+|an?\s+)?")
_TAIL = r"\s*(?:again|please|pls)?\s*[?.!]*\s*$"
# a word of a name, and one with an apostrophe after its first letter (`O'Brien`, `D'Souza`, `O’Neill`)
_NAME_WORD = r"(?:[^\W\d_]'(?=[^\W\d_]))?[^\W\d_][\w.&-]*"
_APOSTROPHED = re.compile(r"[^\W\d_]'[^\W\d_]{2,}")  # `o'brien`: a name by its shape (is_name reads letters only)
# a person's title before the name, which the notes may not write (`Dr. Okafor's number`, `Okafor — GP surgery`):
# the extractor's and the aliases' titles; `Rev.`, `Mx.` with their full stop only (text.STOPPED_TITLES: `Rev Ops`)
_PERSON_TITLES = frozenset(t.lower() for t in ALIAS_TITLES | PERSON_TITLES)
_STOPPED_TITLES = frozenset(t.lower() for t in STOPPED_TITLES)
# a word after a title that makes the words a thing's, not a person's name ("dr martens order number", "what's the
# MS Teams number", "the rev b part number", "the dr appointment number")
_THING_AFTER_TITLE = frozenset("""order orders part appointment appointments number no teams account booking ticket
case reference ref office surgery line store shop boots""".split())
# the people and roles whose "number" is a phone's without a name ("mum's number", "the plumber's number", "the social
# worker's number"); a thing's is not ("the car's number", "the flight's number", "the order's number")
_PERSON_ROLES = frozenset("""mum mom mam mummy mother dad daddy father parents brother sister bro sis son daughter
wife husband partner boyfriend girlfriend fiance fiancee gran granny grandma nan nana nanna grandad grandpa
aunt auntie aunty uncle cousin nephew niece friend neighbour neighbor flatmate roommate housemate boss manager
colleague landlord landlady tenant agent letting plumber electrician builder gardener cleaner nanny babysitter
childminder carer caregiver doctor gp dentist vet physio physiotherapist therapist counsellor counselor
psychologist psychiatrist midwife nurse consultant surgeon optician pharmacist accountant solicitor lawyer
attorney mechanic locksmith roofer joiner carpenter decorator painter handyman tradesman contractor tutor teacher
coach trainer worker caseworker engineer client driver""".split())
# words no name is made of: a pronoun, a determiner, a word of time or of the question's frame ("the latest email",
# "her email", "in the email")
_NOT_NAME = frozenset("""i me my mine her hers his him their theirs them our ours your yours its it we you they she he
the a an this that these those which what whose who whom in on at to from with by of for about and or last latest
first new old next same previous recent other another any some all did does do send sent reply replied say said
write wrote read unread draft forward forwarded original long short main work home today tomorrow yesterday
tonight""".split())
# a word before "email"/"address" that makes it a kind of message or a machine's address: "the welcome email", "what's
# the server ip address" ask for no one's
_NOT_CONTACT = frozenset("""welcome phishing newsletter spam junk marketing promo promotional confirmation verification
reminder intro introduction automated scam cold ip mac server web url wallet memory host hostname network ipv4 ipv6
dns gateway router proxy bitcoin""".split())
_VERBS = {"contact": frozenset({EMAIL, PHONE, POSTAL}), "reach": frozenset({EMAIL, PHONE}),
          "get hold of": frozenset({EMAIL, PHONE}), "get in touch with": frozenset({EMAIL, PHONE}),
          "call": frozenset({PHONE}), "ring": frozenset({PHONE}), "phone": frozenset({PHONE}),
          "text": frozenset({PHONE})}


@dataclass(frozen=True)
class AskedContact:
    """What a contact question asks: the kinds of value (EMAIL, PHONE, POSTAL) and whose (its name's words, lower
    case, a possessive's 's taken off)."""

    kinds: frozenset[str]
    names: tuple[str, ...]


def _noun_alternatives(with_number: bool) -> str:
    nouns = [n for n, _k in _NOUNS] + ([_NUMBER] if with_number else [])
    return "|".join(f"(?:{n})" for n in nouns)


_NAME = rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}?)"
# "what's hannah's email", "dev malik phone number", "hannah reyes's work email address?"
_NAME_FIRST = re.compile(rf"^{_LEAD}{_NAME}(?P<possessive>'s|')?\s+{_QUALIFIER}"
                         rf"(?P<noun>{_noun_alternatives(True)}){_TAIL}", re.I)
# "email address for hannah", "what is the phone number of the press office", "contact details for bola ajayi"
_NOUN_FIRST = re.compile(rf"^{_LEAD}{_QUALIFIER}(?P<noun>{_noun_alternatives(False)})\s+(?:for|of)\s+"
                         rf"(?:the\s+)?{_NAME}{_TAIL}", re.I)
# "how do I contact the press office", "how can I reach dev malik"
_HOW = re.compile(rf"^how\s+(?:do|can|could|should|would)\s+(?:i|we|you)\s+(?P<verb>{'|'.join(_VERBS)})\s+"
                  rf"(?P<the>the\s+)?{_NAME}{_TAIL}", re.I)


def _kinds_of(noun: str) -> frozenset[str]:
    for pattern, kinds in _NOUNS:
        if re.fullmatch(pattern, noun, re.I):
            return kinds
    return frozenset({PHONE})  # a bare "number" after a name


def asked_contact(question: str, is_name: Callable[[str], bool] = lambda word: True) -> AskedContact | None:
    """The contact details `question` asks for, None for a question that asks for none. `is_name(word)`: the index
    knows the word as a name (store.is_name), which a bare "number" needs after it, and which reads "hannahs" as
    Hannah's."""
    question = " ".join(question.replace("’", "'").split())
    match = _NAME_FIRST.match(question) or _NOUN_FIRST.match(question) or _HOW.match(question)
    if match is None:
        return None
    written = match.group("name").split()
    possessive = bool(match.groupdict().get("possessive"))
    titled = _titled(written, possessive, is_name)
    words = [w.lower() for w in written[1:] if titled] or [w.lower() for w in written]
    if any(w.strip(".&-") in _NOT_NAME or not w.strip(".&-") for w in words):
        return None
    if any(w in _NOT_CONTACT for w in words):
        return None
    names = tuple(_unpossessed(w, is_name) for w in words)
    # a person's: a name the index knows or shaped as one (`o'brien`), after a title
    person = titled or all(is_name(w) or _APOSTROPHED.fullmatch(w) for w in names)
    # ... or, with a possessive, one of the family or a trade ("mum's number", "the plumber's number")
    role = possessive and names[-1] in _PERSON_ROLES
    if "verb" in match.groupdict() and match.group("verb"):
        verb = match.group("verb").lower()
        if verb != "contact" and (match.group("the") or not person):
            return None  # "how do I call the api", "how can I reach the summit": one calls or reaches a person
        kinds = _VERBS[verb]
    else:
        noun = " ".join(match.group("noun").lower().split())
        kinds = _kinds_of(noun)
        if re.fullmatch(_NUMBER, noun) and not (person or role):
            return None  # "the case number", "janet repair job number", "the car's number"; not "the plumber's number"
    return AskedContact(kinds, names)


def _titled(written: list[str], possessive: bool, is_name: Callable[[str], bool]) -> bool:
    """`written` (the question's name, as typed) opens with a person's title before a name: each word after it
    capitalised or a name the index knows, none a thing's ("Dr. Okafor's", "Ms Adeyemi", "dr okafor"; not "dr
    martens order", "MS Teams", "miss universe")."""
    if len(written) < 2:
        return False
    title = written[0].lower()
    if not (title.rstrip(".") in _PERSON_TITLES or title.endswith(".") and title[:-1] in _STOPPED_TITLES):
        return False
    rest = [w.lower().removesuffix("'s").removesuffix("'") for w in written[1:]]
    if any(w in _THING_AFTER_TITLE for w in rest):
        return False
    return possessive and len(rest) <= 2 or all(w[:1].isupper() or is_name(w.lower()) for w in written[1:])


def _unpossessed(word: str, is_name: Callable[[str], bool]) -> str:
    """`word` less a possessive written without its apostrophe ("hannahs"), when the index knows the rest as a
    name and not the word itself."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and not is_name(word) and is_name(word[:-1]):
        return word[:-1]
    return word


# ---------------------------------------------------------------------------------------------------- the values

_EMAIL_VALUE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
# a phone number: 9 to 15 digits in groups parted by blanks or hyphens, opened by +, a bracketed code or 0, or the
# North American 555-123-4567 / 555.123.4567; not a date (2026-12-07: 8 digits), a time, an amount, an ISBN's 978-
# (a comma parts it from the name and the role: `- Hannah Reyes, 01632 960112, features desk`, a CSV row; not a digit
# and a comma: `1,200`)
_PHONE_VALUE = re.compile(r"(?<![\w/.+-])(?<!\d,)(?:\+\d[\d \-]{7,18}\d|\(\d{1,5}\)[\d \-]{6,16}\d|0\d[\d \-]{7,15}\d"
                          r"|\d{3}[-. ]\d{3}[-. ]\d{4})(?![\w/:]|[.,-]\d)")
_POSTAL_VALUE = re.compile(
    r"\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b"  # a UK postcode
    r"|\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][\w'’-]*\s+){1,3}(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Close|Drive|Dr|Way"
    r"|Court|Ct|Place|Pl|Crescent|Terrace|Grove|Gardens|Square|Row|Hill|Boulevard|Blvd|Mews|Walk|Parade)\b"
    r"|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b")  # a US state and ZIP


def _phone_digits_ok(value: str) -> bool:
    digits = sum(ch.isdigit() for ch in value)
    return 9 <= digits <= 15


# the words that say a run of digits is no one's phone number (`order 0012 3456 7890`, `Policy no. 0123 456 789`,
# `NHS number 943 476 5919`): the few that name no service one rings (`ref`, `tracking`, `serial`, `VAT`), and those
# that say it with "number", "no.", "#", "ref" after them: a word that also names a line one rings (`- Aviva, to make
# a claim: 0800 …`, `lost or stolen card: 0800 …`, `to order: 0161 …`, `account: 0345 …`, `customer services 0345 …`,
# `Bookings: 0161 …` are phones; `claim no.`, `order #`, `account number` are not). `tel`, `mob`, `phone`, `m:` say
# none of them
_NUMBERED_THINGS = r"""ref reference iban tracking serial transaction receipt imei mpan mprn utr vat sku""".split()
_THINGS_WITH_NUMBER = r"""order invoice inv account acct a/c card claim case parcel shipment consignment policy
confirmation voucher customer member membership booking reservation ticket reg registration meter contract loan
mortgage patient nhs ni student employee staff pin passport licence license tax job incident complaint application
tenancy deposit flight product part batch model""".split()
_NUMBER_WORD = r"(?:\s*#|\s+(?:number|no\.?|num|nr|id|ref|reference|code)(?![^\W_]))"
_NOT_PHONE_LABEL = re.compile(
    rf"(?<![^\W_])(?:(?:{'|'.join(_NUMBERED_THINGS)}){_NUMBER_WORD}?|(?:{'|'.join(_THINGS_WITH_NUMBER)}){_NUMBER_WORD})"
    r"\s*[:#=.-]?\s*(?:(?:is|was)\s+)?$", re.I)
# `DE89 3704 0044 0532 0130 00` or `DE89370400440532013000`: spaced in fours all through or not at all, so a postcode
# and a phone (`London SW19 07700900123`) is none
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:(?: [A-Z\d]{4}){2,7}(?: [A-Z\d]{1,3})?|[A-Z\d]{11,30})\b")
# the label ends just before the number: only so many characters before it are read (a long line's cost stays linear)
_LABEL_REACH = 40
_PHONE_HEADER = re.compile(r"(?<![^\W_])(?:(?:tele)?phone|tel|mob|mobile|cell)(?![^\W_])", re.I)  # `Phone / Account #`
_TABLE_ROW = re.compile(r"^\s*\|")
_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]*$")


def unlabelled(text: str) -> str:
    """`text` with its digit runs that are no one's phone number blanked to `#`s: an IBAN, a run a word before it
    labels (_NOT_PHONE_LABEL: `- Hannah: order 0012 3456 7890 shipped` writes no number of Hannah's) or that stands
    in a table's column so headed (`| Order # |`, a CSV's `order` column)."""
    out, header = [], None
    for line in _IBAN.sub(_blanked, text).split("\n"):
        if not _TABLE_ROW.match(line):
            header = None
        elif not _TABLE_RULE.match(line):
            if header is None:
                header = [bool(_NOT_PHONE_LABEL.search(cell.strip())) and not _PHONE_HEADER.search(cell)
                          for cell in _cells(line)]
            else:
                line = "|".join(_blanked_all(cell) if 0 <= column < len(header) and header[column] else cell
                                for column, cell in enumerate(_split_row(line), start=-1))
        out.append(_labelled_blanked(line))
    return "\n".join(out)


def _labelled_blanked(line: str) -> str:
    """`line` with the digit runs a word before them labels as no phone's blanked."""
    return _PHONE_VALUE.sub(lambda m: _blanked(m) if _NOT_PHONE_LABEL.search(line[max(0, m.start() - _LABEL_REACH):
                                                                                  m.start()]) else m.group(), line)


def _split_row(line: str) -> list[str]:
    return re.split(r"(?<!\\)\|", line)  # a cell's `\|` is no column's edge (csvnotes)


def _cells(line: str) -> list[str]:
    return _split_row(line)[1:]  # what the opening `|` leaves before it is no cell


def _blanked(match: re.Match) -> str:
    return re.sub(r"\d", "#", match.group())


def _blanked_all(cell: str) -> str:
    return _PHONE_VALUE.sub(_blanked, cell)


def holds_value(text: str, kinds: frozenset[str]) -> bool:
    """`text` writes a value of one of `kinds`."""
    if EMAIL in kinds and _EMAIL_VALUE.search(text):
        return True
    if PHONE in kinds and any(_phone_digits_ok(m.group()) for m in _PHONE_VALUE.finditer(text)):
        return True
    return POSTAL in kinds and bool(_POSTAL_VALUE.search(text))


# ------------------------------------------------------------------------------------------------ the items

_HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)\s*#*\s*$|\*\*(?P<bold>[^*]+)\*\*:?\s*$)")
# words a title or heading of one person's details says besides the name ("Hannah Reyes - contact")
_TITLE_EXTRA = frozenset("contact contacts card vcard details info".split())


def items(text: str) -> list[tuple[str, str]]:
    """(the heading above it, the item) of each item of `text`: a list item with its deeper-indented lines, a
    table row, a vCard (BEGIN:VCARD … END:VCARD), or a paragraph of other lines (a signature block)."""
    out: list[tuple[str, str]] = []
    heading, current, indent, in_card = "", [], -1, False

    def close():
        nonlocal current, indent
        if current:
            out.append((heading, "\n".join(current)))
        current, indent = [], -1

    for line in text.splitlines():
        if in_card:
            current.append(line)
            if line.strip().upper() == "END:VCARD":
                close()
                in_card = False
            continue
        if line.strip().upper() == "BEGIN:VCARD":
            close()
            current, in_card = [line], True
            continue
        head = _HEADING.match(line)
        listed = _BULLET.match(line)
        if not line.strip():
            close()
        elif head:
            close()
            heading = head.group("hash") or head.group("bold")
        elif line.lstrip().startswith("|"):
            close()
            out.append((heading, line))
        elif listed:
            close()
            current, indent = [line], len(line) - len(line.lstrip())
        elif current and indent >= 0 and len(line) - len(line.lstrip()) <= indent:
            close()  # a line back at the list's margin starts a paragraph
            current = [line]
        else:
            current.append(line)
    close()
    return [(heading, piece) for heading, item in out for piece in _block_or_lines(item)]


_BLOCK_LINE = 80  # a signature's or an address's lines are short; a paragraph of prose is read a line at a time


def _block_or_lines(item: str) -> list[str]:
    """`item` whole when it is a list item of short lines, a vCard or a contact block (a signature, an address: each line a
    name, a role, a value), else its sentences: a paragraph naming someone in one sentence and another's number
    in the next holds no one's contact details ("Doreen Pike, …, 01632 960401. … Possible follow-up for Hannah
    in Jan.", "Met Hannah for coffee.\nLater rang the garage, 01632 960999 — car ready Friday.")."""
    lines = item.splitlines()
    if lines[0].strip().upper() == "BEGIN:VCARD" or all(map(_is_contact_line, lines)):
        return [item]
    if _BULLET.match(lines[0]) and all(len(line.strip()) <= _BLOCK_LINE for line in lines):
        return [item]
    return [sentence for line in lines for sentence in _sentences(line)]


_ALL_VALUES = frozenset({EMAIL, PHONE, POSTAL})
_LABEL = re.compile(r"^[^\s:]+(?:\s[^\s:]+)?\s*:")  # "Phone:", "TEL;TYPE=cell:", "Mobile (work):"
_LINE_WORDS = 5  # a name, a role, a sign-off ("Features editor, Chronicle"); a longer line says something


def _is_contact_line(line: str) -> bool:
    """`line` is one of a contact block's: a name, a role, a sign-off, or a (labelled) value with at most a word
    or two besides ("T: (555) 201-4477", "hannah@x.com (work)"): no sentence ("Met Hannah for coffee.", "Chase
    the plumber on 01632 960777 about the leak")."""
    rest = _BULLET.sub("", line.strip(), count=1)
    for value in (_EMAIL_VALUE, _PHONE_VALUE, _POSTAL_VALUE):
        rest = value.sub(" ", rest)
    words = re.findall(r"[^\W_][\w'’.&-]*", _LABEL.sub("", rest.strip()))
    return (len(words) <= (2 if holds_value(line, _ALL_VALUES) else _LINE_WORDS) and len(line.strip()) <= _BLOCK_LINE
            and not re.search(r"\w[.!?]\s*$", rest.rstrip()) or not words)


# where a sentence ends within a long line: "… 1,200 = £360. Pays ~10 days after month end. Invoices to accounts@…"
# names Hannah and the accounts' address in two (not `no. 22`, `hannah.reyes@`: no capital follows)
_SENTENCE_END = re.compile(r"(?<=[\w)\]][.!?])\s+(?=[A-Z])")
_TITLES = frozenset("mr mrs ms miss dr prof cllr rev st sgt capt col gen hon jr sr mx".split())  # `Dr. Okafor`


def _sentences(line: str) -> list[str]:
    out, start = [], 0
    for end in _SENTENCE_END.finditer(line):
        before = re.search(r"(\w+)[.!?]$", line[start:end.start()])
        if before and before.group(1).lower() not in _TITLES and len(before.group(1)) > 1:
            out.append(line[start:end.start()])
            start = end.end()
    return out + [line[start:]]


def _says(text: str, names: tuple[str, ...]) -> bool:
    """`text` writes every word of the name (a possessive "Hannah's" too, and in an address: hannah.reyes@; `O’Brien`
    with either apostrophe)."""
    return all(re.search(rf"(?<![^\W_]){_apostrophe_either(re.escape(w))}(?:'s|’s|s)?(?![^\W_])", text, re.I)
               for w in names)


def _apostrophe_either(pattern: str) -> str:
    return pattern.replace("'", "['’]")


def _is_named(title: str, names: tuple[str, ...], is_name: Callable[[str], bool]) -> bool:
    """`title` (a note's, a heading's) is the name alone, as a person's page is, with at most a word like
    "contact" and one of a role (`Tenant - Carla Mendes`, `Contact: Carla`, `Luis (plumber)`): each other word one of
    the asked name's or one the index knows as a name ("Hannah Reyes" asked "hannah"). Not "Call with Hannah",
    "Lunch with Hannah Reyes", "Hannah 1:1"."""
    if re.search(r"\d", title):
        return False
    every = [w.strip(".'’-") for w in re.findall(r"[^\W\d_][\w'’.-]*", title)]
    written = [w for w in every if w and w.lower() not in _TITLE_EXTRA]
    roles = [w for w in written if w.lower() in _PERSON_ROLES and w.lower() not in names]
    # beside a role or "contact" the name is capitalised, as the index may not know a surname (`Tenant - Carla
    # Mendes`, `Contact: Carla Mendes`)
    labelled = bool(roles) or len(written) < len([w for w in every if w])
    named = [w for w in written if w not in roles and (w.lower() in names or w.lower().removesuffix("'s") in names
                                                       or is_name(w.lower()) or labelled and w[:1].isupper())]
    return (0 < len(written) <= 4 and _says(title, names) and len(roles) <= 1
            and len(named) + len(roles) == len(written))


def holds_contact(text: str, asked: AskedContact, title: str = "",
                  is_name: Callable[[str], bool] = lambda word: False) -> bool:
    """`text` (a chunk's, of the note titled `title`) writes a value asked for next to the asked name: in one item
    saying the name, or in a contact line (`Phone: 0161 …`) under a heading, or of a note, that is the name alone
    (`is_name(word)`: the index knows the word as a name). An order's, an invoice's, an account's number is no
    phone's (unlabelled)."""
    text = unlabelled(text) if PHONE in asked.kinds else text
    if not holds_value(text, asked.kinds):
        return False
    named_note = _is_named(title, asked.names, is_name)
    for heading, item in items(text):
        if not holds_value(item, asked.kinds):
            continue
        if _says(item, asked.names):
            return True
        if (named_note or _is_named(heading, asked.names, is_name)) and all(map(_is_contact_line, item.splitlines())):
            return True
    return False
