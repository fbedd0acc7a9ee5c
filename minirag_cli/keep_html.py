"""Google Keep notes that Takeout exported as HTML alone (readers 11): an older export, or one whose `.json`
files were left out, holds `Takeout/Keep/Groceries.html` and no `Groceries.json`. Such a folder was not read
at all (each note `not a note file (.html)`). A Keep page is regular: its note in `<div class="note">`, the
time it was last edited in `<div class="heading">` (`Nov 3, 2026, 9:15:02 AM`), `<div class="title">`,
`<div class="content">` (the text, its line breaks `<br>`; a checklist `<li class="listitem checked">` items,
each its `<span class="text">`), the labels' `<span class="label-name">`, the web links of
`<div class="annotations">`. Read here into the fields a Keep note's JSON has (keep_markdown writes the
note): a page of another shape is no Keep note. Its time is read as Takeout writes it in the account's language
(readers 12: in English alone before): `Nov 3, 2026, 9:15:02 AM`, `03.11.2026, 09:15:02`, `3 nov. 2026, 09:15`,
`3 de nov. de 2026 09:15:02`, month names and their abbreviations in English, German, French, Spanish, Italian,
Portuguese and Dutch (_MONTHS), and the year first (`2026/11/03 9:15:02`, `2026年11月3日`, `2026. 11. 3.
오후 6:02`); a day written `3/11/2026` is the 3rd of November (as Europe writes it; the US writes the month's name)
unless it can only be read the other way, or its time is the US's 12-hour `9:15 AM` (`11/3/2026, 9:15 AM`:
November 3). A time in another form leaves the note undated (nothing else is lost: the file's own time is no date
of the note's, a copy's or an unzipped archive's)."""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from html.parser import HTMLParser

from minirag_cli.keep import keep_markdown
from minirag_cli.monthnames import month_numbers

HTML_SUFFIX = ".html"
# what every Keep page holds, looked for in a file's first bytes before it is parsed (keep_html_head)
_SIGNS = (b'<div class="note', b'<div class="heading"')
# the times Takeout writes, in English (its narrow no-break space before AM/PM made a blank)
_TIME_FORMATS = ("%b %d, %Y, %I:%M:%S %p", "%b %d, %Y, %I:%M %p", "%d %b %Y, %H:%M:%S", "%d %b %Y, %H:%M")


def _plain(text: str) -> str:
    """`text` in lower case without its accents, as a heading's words and the month names are compared."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


# the month names Takeout writes in the account's language (en, de, fr, es, it, pt, nl: monthnames), without accents
# as a heading's words are read (_written_time), and Dutch's own abbreviation `mrt`; a word is a month when it is
# one of them or the start (3 letters or more) of only one month's names (`févr.`, `sept`), so `jui` (juin,
# juillet) is none
_MONTHS = {_plain(name): n for name, n in month_numbers("en", "de", "fr", "es", "it", "pt", "nl",
                                                          variants=True).items()} | {"mrt": 3}
_TIME = re.compile(r"(\d{1,2}):(\d\d)(?::(\d\d))?(?:[\s\u202f]*([ap])\.?[\s\u202f]*m\b\.?)?", re.IGNORECASE)
# the year first: `2026-11-03`, Japanese `2026/11/03`, Korean `2026. 11. 3.`, Chinese and Japanese `2026年11月3日`
_ISO_DAY = re.compile(r"(\d{4})(?:([-/.])[ \t]?(\d{1,2})\2[ \t]?|年(\d{1,2})月)(\d{1,2})")
# the afternoon in Korean, Japanese and Chinese, written before the time (`오후 6:02:00`)
_AFTERNOON = re.compile(r"(?:오후|午後|下午)\s*$")
_NUMERIC_DAY = re.compile(r"(\d{1,2})([./-])(\d{1,2})\2(\d{4})")
_WORD = re.compile(r"[^\W\d_]+")
_CLOSE_REACH = 64
_VOID = frozenset({"br", "img", "meta", "link", "hr", "input", "wbr", "col", "area", "base", "source"})


def keep_html_head(head: bytes) -> bool:
    """May a file whose first bytes are `head` be a Keep note's page (both of its marks, _SIGNS)?"""
    return all(sign in head for sign in _SIGNS)


class _KeepPage(HTMLParser):
    """The parts of a Keep page (the module docstring), by the class of the element they are in."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str]] = []  # (tag, its part) of each open element
        self.text = {"heading": [], "title": [], "content": []}
        self.items: list[list] = []  # [checked, its words] of each checklist item
        self.labels: list[list[str]] = []
        self.links: list[list[str]] = []  # [url, its words]
        self.note = False  # a `<div class="note">` seen
        self.marks: set[str] = set()  # the heading's icons (`<span class="archived">`): Keep's flags, as the JSON's

    def _part(self) -> str:
        return self.open[-1][1] if self.open else ""

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        part = self._part()
        if tag == "br":
            if part in ("content", "item"):
                self._add("\n")
            return
        if "note" in classes and tag == "div":
            self.note = True
        if part == "icons":  # `<span class="archived" title="Note archived">`: the JSON's `isArchived`
            self.marks |= set(classes) & {"archived", "pinned", "trashed"}
            new = "skip"
        elif part in ("skip", "bullet"):
            new = "skip"
        elif tag == "div" and ({"heading", "title", "content"} & set(classes)):
            new = next(c for c in ("heading", "title", "content") if c in classes)
        elif "meta-icons" in classes:
            new = "icons"
        elif tag == "li" and "listitem" in classes:
            self.items.append(["checked" in classes, []])
            new = "item"
        elif "bullet" in classes:
            new = "bullet"
        elif "label-name" in classes or (tag == "span" and "label" in classes and part != "label"):
            self.labels.append([])
            new = "label"
        elif tag == "a" and part in ("annotations", "link"):
            self.links.append([dict(attrs).get("href") or "", []])
            new = "link"
        elif tag == "div" and "annotations" in classes:
            new = "annotations"
        elif tag in ("style", "script", "title", "head"):
            new = "skip"
        else:
            new = part
        if tag not in _VOID:
            self.open.append((tag, new))

    def handle_endtag(self, tag):
        # the element it closes, among the last few open (a page of thousands of unclosed tags and stray closing
        # ones looked through all of them for each)
        for i in range(len(self.open) - 1, max(-1, len(self.open) - 1 - _CLOSE_REACH), -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                return

    def handle_data(self, data):
        self._add(data)

    def _add(self, data: str) -> None:
        part = self._part()
        if part in self.text:
            self.text[part].append(data)
        elif part == "item" and self.items:
            self.items[-1][1].append(data)
        elif part == "label" and self.labels:
            self.labels[-1].append(data)
        elif part == "link" and self.links:
            self.links[-1][1].append(data)


def _words(parts: list[str]) -> str:
    return " ".join("".join(parts).split())


def _edited(heading: str) -> int | None:
    """The time of a Keep page's heading (`Nov 3, 2026, 9:15:02 AM`, `03.11.2026, 09:15:02`: the module docstring;
    the machine's time zone) in microseconds."""
    for form in _TIME_FORMATS:
        try:
            return int(_dt.datetime.strptime(heading, form).timestamp() * 1_000_000)
        except (ValueError, OverflowError, OSError):
            continue
    when = _written_time(heading)
    try:
        return int(when.timestamp() * 1_000_000) if when is not None else None
    except (OverflowError, OSError):
        return None


def _month(word: str) -> int | None:
    if word in _MONTHS:
        return _MONTHS[word]
    found = {n for name, n in _MONTHS.items() if name.startswith(word)} if len(word) >= 3 else set()
    return found.pop() if len(found) == 1 else None


def _written_time(heading: str) -> _dt.datetime | None:
    """A Keep heading's time in a language's form (the module docstring), None when it is not one of them."""
    time = _TIME.search(heading)
    if time is None:
        return None
    hour, minute, second = int(time.group(1)), int(time.group(2)), int(time.group(3) or 0)
    if time.group(4):  # `9:15 AM`, `9:15 p. m.`
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if time.group(4).lower() == "p" else 0)
    elif hour < 12 and _AFTERNOON.search(heading[:time.start()]):
        hour += 12
    day_text = heading[:time.start()] + " " + heading[time.end():]
    if (iso := _ISO_DAY.search(day_text)) is not None:
        year, month, day = int(iso.group(1)), int(iso.group(3) or iso.group(4)), int(iso.group(5))
    elif (numeric := _NUMERIC_DAY.search(day_text)) is not None:
        first, then, year = int(numeric.group(1)), int(numeric.group(3)), int(numeric.group(4))
        # day first, as every language read here writes it but the US's, which writes the month's name, or its
        # numbers month first with a 12-hour clock (`11/3/2026, 9:15:02 AM`: readers 12 as merged read the 11th of
        # March); Australia's `9:15 am` and Spanish's `9:15 a. m.` are day first
        us = numeric.group(2) == "/" and time.group(0).endswith(("AM", "PM")) and first <= 12
        day, month = (then, first) if numeric.group(2) == "/" and (us or then > 12 >= first) else (first, then)
    else:
        plain = _plain(day_text)
        months = [m for m in (_month(w) for w in _WORD.findall(plain)) if m is not None]
        numbers = re.findall(r"\d+", plain)
        years = [int(n) for n in numbers if len(n) == 4]
        days = [int(n) for n in numbers if len(n) <= 2]
        if len(months) != 1 or len(years) != 1 or len(days) != 1:
            return None
        year, month, day = years[0], months[0], days[0]
    try:
        return _dt.datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None


def keep_html_text(text: str) -> str | None:
    """The Markdown note a Keep note's page `text` reads as (keep_markdown of its fields: its heading's icons
    `archived`, `pinned` as its JSON's flags, review revY); None for a page of another shape (no `<div
    class="note">`, or neither a text nor a checklist); KeepTrashed for a page its icons mark trashed."""
    page = _KeepPage()
    try:
        page.feed(text)
        page.close()
    except Exception:  # html.parser's assertions on a page broken in a way not foreseen: no Keep note, the sync goes on
        return None
    if not page.note or not (page.text["content"] or page.items or page.text["title"]):
        return None
    when = _edited(_words(page.text["heading"]))
    body = "".join(page.text["content"]).replace("\r\n", "\n")
    # the page's layout around the text (its indentation, the line ends before `</div>`) is none of the note's
    body = "\n".join(line.strip(" \t") for line in body.strip().split("\n"))
    data: dict = {"title": _words(page.text["title"]), "isTrashed": "trashed" in page.marks,
                  "isArchived": "archived" in page.marks, "isPinned": "pinned" in page.marks, "textContent": body,
                  "labels": [{"name": _words(label)} for label in page.labels if _words(label)],
                  "annotations": [{"url": url, "title": _words(words)} for url, words in page.links if url]}
    if when is not None:
        data["createdTimestampUsec"] = when  # (the time it was last edited: all the page says)
    if page.items:
        data["listContent"] = [{"text": _words(words), "isChecked": checked} for checked, words in page.items]
    return keep_markdown(data)
