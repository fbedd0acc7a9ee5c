"""Note files whose text is not their bytes as written: Obsidian's JSON
Canvas (`.canvas`), an Excalidraw drawing saved by Obsidian's plugin
(`.excalidraw.md`), a plain Excalidraw file (`.excalidraw`) and a Jupyter
notebook (`.ipynb`), and a Kindle's clippings. This module
owns what mrag reads of each (readers.read_text chooses); every other note is its decoded
text. The sync, `mrag show` and the chunks all see the text returned here,
so a chunk's line numbers are lines of it.

- A canvas is read as the note its cards make: its text cards, file cards
  and link cards, and its groups' labels, in reading order (top to bottom,
  then left to right, by each card's y and x), one block each with a blank
  line between; a file card is the wikilink `[[path]]` (with its `#heading`),
  so it links to that note as a link in a note's text does; then the labels
  of its arrows (edges), in the reading order of the cards they join. Its
  line numbers are those of this text: the JSON puts a whole card on one line
  (its line ends written `\\n`), so its own lines point at nothing useful.
- A drawing's Markdown keeps its lines (so its line numbers are the file's):
  what is dropped becomes blank lines. Dropped: the drawing data (the
  `# Drawing` / `## Drawing` section and its ```json or ```compressed-json
  block), the `%%` lines that hide it, the plugin's banner and its section
  headings (the same words in every drawing), the `^blockid` that ends each
  text element and the element ids before element links and embedded files.
- A plain `.excalidraw` file is read as its text elements (deleted ones
  left out), in reading order as a canvas's cards are, the text as typed
  (`originalText`: without the wrapping a shape gives it).
- A Jupyter notebook (nbformat 4, and 3's worksheets) is read as its cells in
  order, a blank line between: a Markdown cell as written, a code cell as a
  fenced block in the kernel's language, then its outputs' text as a
  ```text block: a stream's (stdout, stderr; a `\r` progress bar's last
  state), a result's or display's text/plain (not a figure's `<Figure ...>`
  beside its image), an error's `Name: message` without its traceback, ANSI
  colours left out, at most NOTEBOOK_OUTPUT_LINES lines (NOTEBOOK_OUTPUT_CHARS
  characters) a cell. Images, HTML,
  widgets and a cell's attachments are never read (base64 and markup); a raw
  cell is a fenced block (it is for a converter: LaTeX, reST). Its line numbers
  are those of this text, as a canvas's are: the JSON holds a cell's lines as
  strings of a list.
- A Joplin item: a file of Joplin's file-system sync target or RAW export,
  named by its 32-hex-digit id (`973f06c4….md`) and ending, after a blank
  line, in the item's metadata, one `key: value` line each (`id:`,
  `parent_id:`, `created_time:`, ... and last `type_: N`). A note
  (`type_: 1`) keeps its lines, its title first, then its body; its metadata
  lines are read as blank lines (they were chunk text, every note's first
  chunk holding thirty lines of `key: 0`, and a note's resource outranked
  notes by its `mime:` line) but those that date it and make it a to-do:
  its `user_created_time:` (else `created_time:`), which dates it
  (joplin_created, store.note_head), and a to-do's `is_todo: 1`, `todo_due:`
  and `todo_completed:` (tasks.joplin_raw_todo), which snippets and the answer's
  sources leave out (joplin_kept_line). Every other item (a notebook, `type_: 2`, a
  resource's record, a tag, a note's tag link, ...) is no note: skipped with
  what it is, as is a note Joplin's end-to-end encryption left unreadable and
  a note or to-do in Joplin's trash (`deleted_time:` other than 0). A conflict
  copy (`is_conflict: 1`) whose note is beside it, out of the trash, is
  skipped as a sync tool's conflict copy is (joplin_conflict; before Joplin
  1.1, its note is the one of its title and notebook).

- A Kindle's `My Clippings.txt` (whatever its name: a file that is all entries
  ended by `==========` lines, each a `Book (Author)` line, a `- Your Highlight
  ... | Added on ...` line and the text): its lines kept, the `==========` lines
  blank, the `- Your Highlight` lines' words before the date in lower case (a
  German, French, Spanish, Italian, Dutch, Portuguese or Japanese Kindle's in
  that English form, its day ISO), a highlight a later one of its book replaces (at an overlapping
  location, its text held at word boundaries) and a bookmark blank
  (clippings_note); its entries' days and chunks are sections.clippings_entries'.

- A Google Keep note of Google Takeout (`Groceries.json`, a JSON of Keep's
  shape): the Markdown note keep.keep_text makes of it (front matter, text or
  checklist, links); one in Keep's trash is no note (keep.py).

- A Simplenote export's note (a `.txt` beside its `source/notes.json`): the
  tags its export appended (`Tags:`, then `  travel, books`) read as `#tags`
  (simplenote.py).

- A `.csv` file: the Markdown table of its rows, header first; one of
  more than 200 rows or 30 columns, a data set, is no note (csvnotes.py).

- A Bear note in a TextBundle (`Trip.textbundle/text.markdown` beside its
  `info.json`): its creation appended as a last line `created: ...`; one in
  Bear's trash is no note (bear.py).

A file that is not what its name says (no JSON, or JSON of another shape) is
a MalformedNote: the sync skips it with that reason, as a binary file is
skipped. So is one a reader fails on in a way not foreseen (readers.read_text turns
any other exception into a MalformedNote): one odd file must not stop a sync.
A lone surrogate a JSON string escapes (`"\\ud83d"`, half an emoji) is read
as U+FFFD: no UTF-8 encoder takes it, so it would fail when it is written."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from minirag_cli.monthnames import month_numbers

CANVAS = ".canvas"
EXCALIDRAW = ".excalidraw"
EXCALIDRAW_MD = ".excalidraw.md"
NOTEBOOK = ".ipynb"


class MalformedNote(ValueError):
    """The file's text is not the JSON its name says it holds; str() is the reason the sync gives."""


def special_kind(path: str) -> str | None:
    """CANVAS, EXCALIDRAW, EXCALIDRAW_MD or NOTEBOOK for a file of that kind (by its name), else None."""
    name = path.rsplit("/", 1)[-1].lower()
    for kind in (EXCALIDRAW_MD, CANVAS, EXCALIDRAW, NOTEBOOK):
        if name.endswith(kind) and len(name) > len(kind):
            return kind
    return None


# ------------------------------------------------------------------ JSON Canvas

def _json_object(text: str, what: str) -> dict:
    try:
        data = json.loads(text) if text.strip() else {}  # an empty canvas: Obsidian saves a new one so
    except (ValueError, RecursionError) as exc:  # RecursionError: nesting deeper than the parser goes
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise MalformedNote(f"malformed {what}: not JSON{where}") from None
    if not isinstance(data, dict):
        raise MalformedNote(f"malformed {what}: not a JSON object")
    return data


def _objects(data: dict, key: str, what: str) -> list[dict]:
    """The list of objects `data[key]` (none when absent)."""
    items = data.get(key, [])
    if items is None:
        return []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise MalformedNote(f'malformed {what}: "{key}" is not a list of objects')
    return items


def _string(item: dict, key: str, what: str) -> str:
    value = item.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedNote(f'malformed {what}: a "{key}" that is not a string')
    return value


def _place(item: dict) -> tuple[float, float]:
    """(y, x): where reading order puts an item (a missing or odd coordinate at 0)."""
    def number(key: str) -> float:
        value = item.get(key)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return 0.0
        try:
            value = float(value)  # OverflowError: an int of hundreds of digits
        except OverflowError:
            return 0.0
        return value if math.isfinite(value) else 0.0
    return number("y"), number("x")


# Obsidian allows none of these in a note's name: a path holding one is written as it is, not linked
_NO_LINK = re.compile(r"[\[\]|\n\r]")


def _file_card(item: dict, what: str) -> str:
    file = _string(item, "file", what).strip()
    subpath = _string(item, "subpath", what).strip()
    if not file:
        return ""
    target = file + (subpath if subpath.startswith("#") else "")
    return file if _NO_LINK.search(target) else f"[[{target}]]"


def canvas_text(text: str) -> str:
    """The text of a JSON Canvas (https://jsoncanvas.org), as the module docstring says."""
    what = "canvas"
    data = _json_object(text, what)
    nodes = _objects(data, "nodes", what)
    edges = _objects(data, "edges", what)
    blocks: list[tuple[tuple[float, float], int, str]] = []
    order: dict[str, tuple[float, float]] = {}
    for i, node in enumerate(nodes):
        kind = node.get("type")
        if kind == "text":
            block = _string(node, "text", what)
        elif kind == "file":
            block = _file_card(node, what)
        elif kind == "link":
            block = _string(node, "url", what)
        elif kind == "group":
            block = _string(node, "label", what)
        else:  # a type the spec may add later: nothing of it is known to be text
            block = ""
        node_id = node.get("id")
        if isinstance(node_id, str):
            order.setdefault(node_id, _place(node))
        block = block.strip()
        if block:
            blocks.append((_place(node), i, block))
    blocks.sort(key=lambda b: (b[0], b[1]))  # Python's sort is stable; `i` keeps file order on a tie anyway
    far = (math.inf, math.inf)  # an arrow from a card that is not there: after the others
    labels = []
    for i, edge in enumerate(edges):
        label = _string(edge, "label", what).strip()
        if label:
            ends = edge.get("fromNode"), edge.get("toNode")  # only a string is a card's id (a list is no key)
            labels.append((tuple(order.get(e, far) if isinstance(e, str) else far for e in ends), i, label))
    labels.sort(key=lambda b: (b[0], b[1]))
    parts = [b[2] for b in blocks] + [b[2] for b in labels]
    return "\n\n".join(parts) + "\n" if parts else ""


# ------------------------------------------------------------------ Joplin

# Joplin names every item of its sync target and RAW export by its id (a UUID without dashes)
_JOPLIN_NAME = re.compile(r"[0-9a-f]{32}\.md")
# a metadata line: Joplin writes one `key: value` per property, a line end inside a value escaped as `\n`
_JOPLIN_PROPERTY = re.compile(r"[a-z_]+: ?.*")
_JOPLIN_ID = re.compile(r"id: ?([0-9a-f]{32})")
_JOPLIN_TYPE = re.compile(r"type_: ?(\d+)")
# Joplin's BaseModel.TYPE_* (lib/BaseModel.ts): what a skipped item is, said in the sync's skip line
_JOPLIN_ITEMS = {2: "notebook", 3: "setting", 4: "resource (attachment) record", 5: "tag", 6: "note's tag link",
                 7: "search", 8: "alarm", 9: "master key", 10: "item change", 11: "note resource link",
                 12: "resource local state", 13: "note revision", 14: "migration", 15: "smart filter",
                 16: "command"}


def joplin_note(path: str, text: str, folder: Path | None = None) -> str | None:
    """The text read of a Joplin item at `path` (as the module docstring says),
    None when the file is not one; MalformedNote for an item that is no note,
    and for a conflict copy whose note is in `folder` (joplin_conflict)."""
    if _JOPLIN_NAME.fullmatch(path.rsplit("/", 1)[-1]) is None:
        return None
    lines = text.split("\n")
    block = _joplin_metadata(lines)
    if block is None:
        return None
    start, end, props, number = block
    if number != 1:
        what = _JOPLIN_ITEMS.get(number, f"item of type {number}")
        raise MalformedNote(f"a Joplin {what} (type_: {number}), not a note")
    if "encryption_applied: 1" in props:
        raise MalformedNote("a Joplin note encrypted end to end: mrag cannot read it (sync it unencrypted)")
    keys = [p.split(":", 1)[0] for p in props]
    # Joplin 3 keeps a trashed note in the sync target, its `deleted_time:` set (epoch ms; 0 when live):
    # it ranked first in `ask` and its to-do was listed by `mrag tasks` as a live one
    deleted = _deleted_time(props, keys)
    if deleted not in ("", "0"):
        what = "to-do" if "is_todo: 1" in props else "note"
        raise MalformedNote(f"a Joplin {what} in the trash (deleted_time: {deleted[:30]})")
    if "is_conflict: 1" in props and (reason := joplin_conflict(props, keys, lines[0], folder)):
        raise MalformedNote(reason)
    kept = set()
    for key in ("user_created_time", "created_time"):  # the first one with a time: Joplin's "Created"
        at = next((i for i, p in enumerate(props) if keys[i] == key and _JOPLIN_TIME.search(p)), None)
        if at is not None:
            kept.add(at)
            break
    if "is_todo: 1" in props:
        kept |= {i for i, k in enumerate(keys) if k in ("is_todo", "todo_due", "todo_completed")}
    trailer = [line if i in kept else ("\r" if line.endswith("\r") else "")
               for i, line in enumerate(lines[start:end])]
    return "\n".join(lines[:start] + trailer + lines[end:])


def _joplin_metadata(lines: list[str]) -> tuple[int, int, list[str], int] | None:
    """The metadata block ending a Joplin item's `lines`: (its first line, the line after it, its
    properties, the item's `type_:`), None when the text ends in none (a note someone named by a hex id)."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    # Joplin reads the metadata back from the end to the first blank line (BaseItem.unserialize)
    while start and lines[start - 1].strip() and _JOPLIN_PROPERTY.fullmatch(lines[start - 1].rstrip("\r")):
        start -= 1
    if start == end or (start and lines[start - 1].strip()):
        return None  # no metadata block, or one the text runs into: a note someone named by a hex id
    props = [line.rstrip("\r") for line in lines[start:end]]
    kind = _JOPLIN_TYPE.fullmatch(props[-1])
    if kind is None or not any(_JOPLIN_ID.fullmatch(p) for p in props):
        return None
    return start, end, props, int(kind.group(1))


def _deleted_time(props: list[str], keys: list[str]) -> str:
    """A Joplin item's `deleted_time:` as written ("" when none; "0": not in the trash)."""
    return next((p.split(":", 1)[1].strip() for i, p in enumerate(props) if keys[i] == "deleted_time"), "")


def joplin_trashed(text: str) -> bool:
    """Is the Joplin item whose file's text is `text` in Joplin's trash (`deleted_time:` set)?"""
    block = _joplin_metadata(text.split("\n"))
    if block is None:
        return False
    props = block[2]
    return _deleted_time(props, [p.split(":", 1)[0] for p in props]) not in ("", "0")


# Joplin's conflict copy: a note changed on two devices before they synced is kept as the remote version,
# the local one copied to a new note, `is_conflict: 1` and `conflict_original_id:` the note's id (Joplin 1.1
# on; before, none: its note is then the one of its title and notebook beside it, _joplin_titled), shown in Joplin's Conflicts notebook. Its sync target holds no such copy (it is never
# uploaded); a RAW export does, beside the note. Indexed, it ranked beside its note with the old text and
# its to-do was listed twice: skipped as the file sync tools' copies are (walk.CONFLICT_COPIES: a copy of a
# note of the same folder), `doctor` and `status` listing it while it is left (walk.copy_reason). One whose
# note is not beside it (deleted since, or not named: older Joplin) is the version left, and is read; so is
# one whose note is in Joplin's trash (`deleted_time:` set: the note is skipped, revS: the copy was too, and
# the note was lost). Whether a copy is read thus hangs on another file: walk.joplin_copies_anew decides
# an unchanged copy anew when a Joplin note beside it is added or changed.
JOPLIN_CONFLICT = "Joplin"  # the tool walk.copy_reason finds in the reason


def _joplin_property(props: list[str], key: str) -> str:
    """The value of the Joplin metadata property `key` among `props` ("" when none)."""
    return next((p.split(":", 1)[1].strip() for p in props if p.split(":", 1)[0] == key), "")


def _joplin_titled(folder: Path, title: str, notebook: str) -> str:
    """The id of the Joplin note in `folder` titled `title` (its first line) of the notebook `notebook` (its
    `parent_id:`, as the copy's) that is no conflict copy, the first by name; '' when none. A copy Joplin made before
    1.1 names no `conflict_original_id:` (readers 12: such a copy was indexed beside its note); a note of its title
    in another notebook is none of its (fixB: it hid the only copy left). Read only for such a copy: each item's
    first line, then the metadata of those of its title."""
    want = " ".join(title.split())
    if not want:
        return ""
    try:
        names = sorted(p.name for p in folder.iterdir() if _JOPLIN_NAME.fullmatch(p.name))
    except OSError:
        return ""
    for name in names:
        try:
            with open(folder / name, encoding="utf-8", errors="replace") as f:
                if " ".join(f.readline().split()) != want:
                    continue
                block = _joplin_metadata((want + "\n" + f.read()).split("\n"))
        except OSError:
            continue
        if block is not None and block[3] == 1 and "is_conflict: 1" not in block[2] \
                and _joplin_property(block[2], "parent_id") == notebook:
            return name[:-3]
    return ""


def joplin_conflict(props: list[str], keys: list[str], title: str, folder: Path | None) -> str | None:
    """Why a Joplin conflict copy (its metadata `props`, their `keys`; its `title`) is skipped: its note
    (`conflict_original_id:`) is in `folder`, not in Joplin's trash; None when it is not (or `folder` is
    None: not looked for)."""
    original = next((p.split(":", 1)[1].strip() for i, p in enumerate(props) if keys[i] == "conflict_original_id"), "")
    if folder is not None and not original:  # Joplin before 1.1 named none: its note is the one of its title
        original = _joplin_titled(folder, title, _joplin_property(props, "parent_id"))
    if folder is None or _JOPLIN_NAME.fullmatch(f"{original}.md") is None or not (folder / f"{original}.md").is_file():
        return None
    try:
        if joplin_trashed((folder / f"{original}.md").read_text(encoding="utf-8", errors="replace")):
            return None  # its note is in the trash, skipped: the copy is the version left
    except OSError:
        pass  # unreadable for now: the note is there
    title = " ".join(title.split())[:80]
    return (f"{JOPLIN_CONFLICT} conflict copy of {original}.md: merge its edit into that note (\"{title}\") in "
            "Joplin and delete the copy (in its Conflicts notebook)")


_JOPLIN_TIME = re.compile(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(?::\d\d(?:\.\d+)?)?Z")
_JOPLIN_CREATED = re.compile(r"^(?:user_)?created_time: ?(\S+)\r?$", re.MULTILINE)


# a metadata line joplin_note keeps: the time that dates the note, a to-do's fields
_JOPLIN_KEPT = re.compile(r"(?:(?:user_)?created_time: ?\d{4}-\d\d-\d\dT[\d:.]+Z|"
                          r"(?:is_todo|todo_due|todo_completed): ?\d+)")


def joplin_kept_line(path: str, line: str) -> bool:
    """Is `line` of the note at `path` a metadata line joplin_note keeps (`user_created_time: 2026-…Z`,
    `is_todo: 1`, `todo_due: 0`, ...)? They are kept for the note's date and its to-do, and say nothing
    to a reader: a result's snippet and the answer's sources leave them out, as a front matter's."""
    return _JOPLIN_KEPT.fullmatch(line.strip()) is not None and joplin_item(path)


def joplin_item(path: str) -> bool:
    """Is the file at `path` named as a Joplin item is (by its id: joplin_note reads it so when its
    text ends in the metadata)?"""
    return _JOPLIN_NAME.fullmatch(path.rsplit("/", 1)[-1]) is not None


def local_time(day: str, clock: str = "00:00") -> str:
    """`2026-10-14 11:30`: the UTC `day` and `clock` in the machine's time zone (`TZ`), as Dendron's
    epoch time is read; the day as written when it is no day."""
    import datetime as dt
    try:
        at = dt.datetime.fromisoformat(f"{day}T{clock}+00:00").astimezone()
    except ValueError:
        return f"{day} {clock}"
    return at.strftime("%Y-%m-%d %H:%M")


def joplin_created(path: str, text: str) -> str:
    """The time a Joplin note (as joplin_note read it) was created, `2026-10-14 11:30` in the local
    time zone (Joplin writes UTC), '' for another note or none written."""
    if not joplin_item(path):
        return ""
    for m in _JOPLIN_CREATED.finditer(text):
        t = _JOPLIN_TIME.fullmatch(m.group(1))
        if t is not None:
            return local_time(t.group(1), t.group(2))
    return ""


# ------------------------------------------------------------------ Kindle's My Clippings.txt

# the line a Kindle writes after each entry of `My Clippings.txt`
_CLIP_END = "=" * 10
# an entry's second line as an English-language Kindle writes it: what the entry is and where it is in the
# book (`Your Highlight on page 12 | Location 180-182`, an older Kindle's `Highlight Loc. 1802-05 `), then
# when it was added (`Added on Monday, 3 November 2025 10:22:13`, `Added on Thursday, March 15, 2012, 11:02 PM`)
_CLIP_META = re.compile(r"- ([^|\n]+(?:\|[^|\n]*)*?)\|[ \t]*Added on[ \t]+(\S[^\n]*)", re.I)
# the same line as a Kindle set to German, French, Spanish or Italian writes it (`- Ihre Markierung auf Seite 12 |
# Position 180-182 | Hinzugefügt am Montag, 3. November 2025 10:22:13`, `- Votre surlignement sur la page 12 |
# emplacement 180-182 | Ajouté le lundi 3 novembre 2025 10:22:13`, `- Tu subrayado en la página 12 | posición
# 180-182 | Añadido el lunes, 3 de noviembre de 2025 10:22:13`, `- La tua evidenziazione alla pagina 12 | posizione
# 180-182 | Aggiunto in data lunedì 3 novembre 2025 10:22:13`; readers 13: Dutch's `- Uw markering op pagina 12 |
# locatie 180-181 | Toegevoegd op maandag 5 oktober 2026 10:12:03`, Portuguese's `- Seu destaque na página 12 |
# posição 180-181 | Adicionado: segunda-feira, 5 de outubro de 2026 10:12:03`): read in the English form (_foreign_meta)
_CLIP_META_FOREIGN = re.compile(r"- ([^|\n]+(?:\|[^|\n]*)*?)\|[ \t]*(?:Hinzugefügt am|Ajouté le|Añadido el"
                                r"|Aggiunto (?:il|in data)|Toegevoegd op|Adicionado:)[ \t]+(\S[^\n]*)", re.I)
# what such an entry is, by its own word for it (German, French, Spanish, Italian, Dutch, Portuguese)
_CLIP_KINDS = {"markierung": "highlight", "notiz": "note", "lesezeichen": "bookmark", "ausschnitt": "clip",
               "surlignement": "highlight", "surlignage": "highlight", "note": "note", "signet": "bookmark",
               "extrait": "clip", "subrayado": "highlight", "nota": "note", "marcador": "bookmark",
               "recorte": "clip", "evidenziazione": "highlight", "segnalibro": "bookmark", "ritaglio": "clip",
               "markering": "highlight", "notitie": "note", "bladwijzer": "bookmark", "knipsel": "clip",
               "destaque": "highlight"}
_CLIP_FOREIGN_PAGE = re.compile(r"\b(?:seite|page|página|pagina)[ \t]+(\d+(?:[ \t]*-[ \t]*\d+)?)", re.I)
_CLIP_FOREIGN_PLACE = re.compile(r"\b(?:position|emplacement|posición|posizione|locatie|posição)[ \t]+"
                                 r"(\d+(?:[ \t]*-[ \t]*\d+)?)", re.I)
# the months of the languages _CLIP_META_FOREIGN reads, as a Kindle writes them: whole and with their accents (fewer
# names than keep_html's Takeout times, which are read without accents and by a name's start)
_CLIP_MONTHS = month_numbers("de", "fr", "es", "it", "nl", "pt")
# a Japanese Kindle's entry line (readers 13), as its files hold it: `- 26ページ|位置No. 295-296のハイライト |作成日:
# 2023年9月4日月曜日 22:53:55` (its page first when the book has pages; `のメモ` a note, `のブックマーク` a bookmark)
_CLIP_META_JA = re.compile(r"- (?:(\d+(?:-\d+)?)ページ[ \t]*\|[ \t]*)?位置No\.[ \t]*(\d+(?:-\d+)?)の(ハイライト|メモ|ブックマーク)"
                           r"[ \t]*\|[ \t]*作成日[:：][ \t]*(\d{4})年(\d{1,2})月(\d{1,2})日[^\d\n]*?[ \t]*"
                           r"(\d{1,2}:\d\d(?::\d\d)?)?[ \t]*")
_CLIP_KINDS_JA = {"ハイライト": "highlight", "メモ": "note", "ブックマーク": "bookmark"}
# `Montag, 3. November 2025 10:22:13`, `lundi 3 novembre 2025 à 10:22:13`, `lunes, 3 de noviembre de 2025 10:22:13`
_CLIP_FOREIGN_DATE = re.compile(r"(\d{1,2})\.?[ \t]+(?:de[ \t]+)?([^\W\d_]+)[ \t]+(?:de[ \t]+)?(\d{4})\b"
                                r"(?:[ \t,]+(?:um|à|a las|alle)?[ \t]*(\d{1,2}:\d\d(?::\d\d)?))?")


def _entry_line(line: str) -> tuple[str, str] | None:
    """(what and where the entry is, in lower case and English, with the space before its `|`; when it was
    added, as read) of a clippings entry's second line (_CLIP_META, _CLIP_META_FOREIGN), None for another line."""
    meta = _CLIP_META.fullmatch(line)
    if meta is not None:
        return meta.group(1).lower(), _MERIDIEM.sub(lambda m: m.group(0).lower(), meta.group(2))
    meta = _CLIP_META_FOREIGN.fullmatch(line)
    if meta is not None:
        return _foreign_meta(meta.group(1), meta.group(2))
    meta = _CLIP_META_JA.fullmatch(line)
    if meta is None:
        return None
    page, place, kind, year, month, day, time = meta.groups()
    where = f"your {_CLIP_KINDS_JA[kind]}" + (f" on page {page} | location {place} " if page
                                              else f" at location {place} ")
    return where, f"{year}-{int(month):02d}-{int(day):02d}" + (f" {time}" if time else "")


def _foreign_meta(where: str, added: str) -> tuple[str, str] | None:
    """_entry_line of another language's entry line: its kind, page and location in the English form (`your
    highlight on page 12 | location 180-182 `), its day ISO (`2025-11-03 10:22:13`), so that its entries are
    dated, chunked and replaced as an English Kindle's; None when its kind is not one a Kindle names."""
    kind = next((_CLIP_KINDS[w] for w in re.findall(r"[^\W\d_]+", where.lower()) if w in _CLIP_KINDS), None)
    if kind is None:
        return None
    page, place = _CLIP_FOREIGN_PAGE.search(where), _CLIP_FOREIGN_PLACE.search(where)
    read = f"your {kind}"
    if page is not None:
        read += f" on page {page.group(1)}"
    if place is not None:
        read += f" | location {place.group(1)}" if page is not None else f" at location {place.group(1)}"
    day = _CLIP_FOREIGN_DATE.search(added)
    month = _CLIP_MONTHS.get(day.group(2).lower()) if day is not None else None
    if day is not None and month is not None and 1 <= int(day.group(1)) <= 31:
        added = f"{day.group(3)}-{month:02d}-{int(day.group(1)):02d}" + (f" {day.group(4)}" if day.group(4) else "")
    return read + " ", added



def clippings_note(text: str) -> str | None:
    """The text read of a Kindle's `My Clippings.txt` (whatever its file name), None when `text` is not one:
    entries each ended by a line of ten `=`, each a book's title and author (`Thinking, Fast and Slow (Daniel
    Kahneman)`), a line saying what it is, where and when it was added (_CLIP_META), and the highlight's or
    note's text (none for a bookmark). Every line keeps its number: the `==========` lines are read as blank
    lines (they were chunk text), the meta line's words before the date in lower case (`- your highlight on
    page 12 | location 180-182 | added on Monday, 3 November 2025 10:22:13`: its `Location`, `Added` and `Your
    Highlight` were a reader's top names) and a US time's `PM` too (a name), a byte order mark a Kindle writes
    before a title left out; and a highlight a later highlight of the same book replaces (_replaced: the same
    passage highlighted again, or the highlight extended) is read as blank lines: the device keeps both, and
    both ranked, word for word; so is a bookmark (no text: its chunk was its book's title and that line). An
    entry line in lower case is one, and a German, French, Spanish, Italian, Dutch, Portuguese or Japanese
    Kindle's is read in the English form (_entry_line). An entry that is not well formed (a Kindle set to
    another language's, a line of the user's after the last `==========`, a last entry with no `==========`) is kept as written, when the
    file's first entry and more than half its entries are well formed: one such entry turned the reader off
    for the whole file (a note quoting one entry, then a line of its own, is still no clippings). Each entry
    is dated by its `Added on` day and cut into chunks of its own (sections.clippings_entries,
    sections.day_changes)."""
    if _CLIP_END not in text:
        return None
    lines = text.split("\n")
    entries: list[tuple[int, int]] = []  # (first line, separator line) of each entry
    start = 0
    for i, line in enumerate(lines):
        if line.rstrip("\r").lstrip("\ufeff") == _CLIP_END:
            if any(x.strip("\r\ufeff \t") for x in lines[start:i]):
                entries.append((start, i))
            start = i + 1
    if any(x.strip("\r\ufeff \t") for x in lines[start:]):
        entries.append((start, len(lines)))  # text after the last separator: an entry with none, or the user's
    metas = []
    for first, end in entries:
        while not lines[first].strip("\r\ufeff \t"):
            first += 1
        meta = _entry_line(lines[first + 1].rstrip("\r")) if first + 1 < end else None
        metas.append((first, end, meta))
    good = [m for m in metas if m[2] is not None]
    if not metas or metas[0][2] is None or 2 * len(good) <= len(metas):
        # the first entry none (sections.clippings_entries reads the note's first lines as its first entry), or
        # half of them: not a file the device wrote
        return None
    out = list(lines)

    def blank(i: int) -> None:
        out[i] = "\r" if lines[i].endswith("\r") else ""

    stale = _replaced(lines, good)
    for n, (first, end, (where, added)) in enumerate(good):
        if end < len(lines):
            blank(end)
        if n in stale or _bookmark(lines, first, end, where):
            for i in range(first, end):
                blank(i)
            continue
        out[first] = lines[first].replace("\ufeff", "")
        cr = "\r" if lines[first + 1].endswith("\r") else ""
        out[first + 1] = f"- {where}| added on {added}{cr}"
    for first, end, meta in metas:
        if meta is None and end < len(lines):
            blank(end)  # its separator: a blank line as every other
    return "\n".join(out)


def _bookmark(lines: list[str], first: int, end: int, where: str) -> bool:
    """Is the entry at lines[first:end] a bookmark, with no text (every bookmark: a Kindle keeps none)? Read as
    blank lines: a chunk of its book's title and `- your bookmark on page 45` alone matched a question naming
    the book, and dated its book's section with the day it was set."""
    return "bookmark" in where and not any(x.strip("\r\ufeff \t") for x in lines[first + 2:end])


# a US time's `10:22:13 PM` (a name, `PM`, in every evening's entry)
_MERIDIEM = re.compile(r"(?<=\d)[ \t]*[AP]\.?M\.?(?![\w.])", re.I)
# where an entry is in its book: its locations (`Location 410-412`, an older Kindle's `Loc. 1802-05`:
# 1802-1805), else its page (`page 27`, a document without locations)
_CLIP_LOCATION = re.compile(r"\b(?:location|loc\.)[ \t]*(\d+)(?:[ \t]*-[ \t]*(\d+))?", re.I)
_CLIP_PAGE = re.compile(r"\bpage[ \t]*(\d+)(?:[ \t]*-[ \t]*(\d+))?", re.I)
_BUCKET = 64  # locations per bucket of the index of a book's highlights by location


def _clip_range(pattern: re.Pattern, where: str) -> tuple[int, int] | None:
    """(first, last) location (or page) of an entry's meta line's `where` part, None without one."""
    m = pattern.search(where)
    if m is None:
        return None
    a, b = m.group(1), m.group(2)
    if b is None:
        return int(a), int(a)
    first, last = int(a), int(b)
    if len(b) < len(a):  # `1802-05`: the end written by its last digits (`1898-05`: 1905)
        last = int(a[:-len(b)] + b)
        if last < first:
            last += 10 ** len(b)
    return (first, last) if last >= first else (first, first)


def _replaced(lines: list[str], metas: list) -> set[int]:
    """The entries (their index in `metas`: (first line, separator line, _entry_line's)) of highlights a later
    highlight of the same book replaces: the later one is at the same or an overlapping range of locations
    (else of pages; an entry without either, anywhere in the book) and holds the earlier one's text at word
    boundaries (`Habits` at location 600 is no part of a highlight at 2400 that opens `Habits are`, nor `art`
    of `...the start of all things`). A book's highlights are looked up by location (buckets of _BUCKET), so
    one book of thousands of entries is not read pair by pair."""
    stale: set[int] = set()
    # a book's highlights so far: by (kind, bucket) the entries there, and those with no place at all
    placed: dict[str, dict[tuple[str, int], list[int]]] = {}
    unplaced: dict[str, list[int]] = {}
    every: dict[str, list[int]] = {}
    info: dict[int, tuple[str, tuple | None, str]] = {}  # entry -> (kind, range, its words)
    for n, (first, end, (where, _added)) in enumerate(metas):
        if "highlight" not in where:
            continue
        # (without the full stop that ended it: the passage extended goes on past that word)
        words = " ".join(" ".join(lines[first + 2:end]).split()).rstrip(".,;:!?\u2026")
        if not words:
            continue
        book = lines[first].strip("\r\ufeff \t")
        span, kind = _clip_range(_CLIP_LOCATION, where), "loc"
        if span is None:
            span, kind = _clip_range(_CLIP_PAGE, where), "page"
        if span is None:
            candidates = every.get(book, [])  # no place: the words alone tell
        else:
            buckets = placed.setdefault(book, {})
            seen = {m for b in range(span[0] // _BUCKET, span[1] // _BUCKET + 1)
                    for m in buckets.get((kind, b), ())}
            candidates = sorted(seen) + unplaced.get(book, [])
        for m in candidates:
            if m in stale:
                continue
            m_kind, m_span, m_words = info[m]
            if span is not None and m_span is not None and (
                    m_kind != kind or m_span[1] < span[0] or span[1] < m_span[0]):
                continue
            if len(m_words) <= len(words) and _holds(words, m_words):
                stale.add(m)
        info[n] = (kind, span, words)
        every.setdefault(book, []).append(n)
        if span is None:
            unplaced.setdefault(book, []).append(n)
        else:
            for b in range(span[0] // _BUCKET, span[1] // _BUCKET + 1):
                placed[book].setdefault((kind, b), []).append(n)
    return stale


def _holds(text: str, part: str) -> bool:
    """Does `text` hold `part` at word boundaries (no letter or digit just before or after it)?"""
    at = text.find(part)
    while at >= 0:
        end = at + len(part)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        at = text.find(part, at + 1)
    return False


# ------------------------------------------------------------------ Excalidraw

def excalidraw_text(text: str) -> str:
    """The text elements of a plain Excalidraw file, as the module docstring says."""
    what = "Excalidraw file"
    data = _json_object(text, what)
    blocks = []
    for i, element in enumerate(_objects(data, "elements", what)):
        if element.get("type") != "text" or element.get("isDeleted") is True:
            continue
        typed = element.get("originalText")
        block = (typed if isinstance(typed, str) else _string(element, "text", what)).strip()
        if block:
            blocks.append((_place(element), i, block))
    blocks.sort(key=lambda b: (b[0], b[1]))
    return "\n\n".join(b[2] for b in blocks) + "\n" if blocks else ""


# The plugin's Markdown (`# Excalidraw Data`, then `## Text Elements`, `## Element Links`, `## Embedded
# Files`, then `## Drawing` with the JSON, compressed or not, inside `%%` lines; older versions: `#`
# headings and no `%%`). Its banner (heuristic.EXCALIDRAW_BANNER) opens the body in every drawing.
_BANNER = re.compile(r"[ \t]*==⚠[^\n]*EXCALIDRAW VIEW")
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_PLUGIN_SECTIONS = {"excalidraw data", "text elements", "element links", "embedded files", "drawing"}
_FENCE = re.compile(r"[ \t]{0,3}(```+|~~~+)")
_BLOCK_ID = re.compile(r"[ \t]+\^[\w-]+[ \t]*$")
_ELEMENT_ID = re.compile(r"^[ \t]*[\w-]+:[ \t]+")  # `ab12cd34: [[Other note]]`, `f3e2...: [[photo.png]]`


def drawing_markdown(text: str) -> str:
    """An `.excalidraw.md` drawing's text with its drawing data blanked out,
    line for line (see the module docstring)."""
    lines = text.split("\n")
    out: list[str] = []
    section = None  # the plugin section the line is in (its heading's words, lower case), None before any
    level = 0
    fence = None  # the fence of the code block the line is in
    drawing = False
    for line in lines:
        if fence is not None:
            # a text element's last line ends in its ^id, a closing fence too ("``` ^Xy12Ab"): without
            # the id it closes the block, else `## Drawing` would be read as code and its data kept
            bare = (_BLOCK_ID.sub("", line) if section == "text elements" else line).strip()
            heading = _HEADING.match(line) if section is not None and not drawing else None
            if heading and heading.group(2).lower() in _PLUGIN_SECTIONS - {"text elements"}:
                fence = None  # a block left open in a text element ends at the plugin's next section
            else:
                if bare.startswith(fence) and not bare.strip(fence[0]):
                    fence = None
                out.append("" if drawing else bare if section == "text elements" and fence is None else line)
                continue
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group(1)
            out.append("" if drawing else line)
            continue
        heading = _HEADING.match(line)
        if heading and (heading.group(2).lower() in _PLUGIN_SECTIONS or len(heading.group(1)) <= level):
            section, level = heading.group(2).lower(), len(heading.group(1))
            if section not in _PLUGIN_SECTIONS:  # the user's own heading after the plugin's: the user's text
                section, level = None, 0
            drawing = section == "drawing"
            out.append(line if section is None else "")
            continue
        if drawing or line.strip() == "%%" or (section is None and _BANNER.match(line)):
            out.append("")
        elif section == "text elements":
            out.append(_BLOCK_ID.sub("", line))
        elif section in ("element links", "embedded files"):
            out.append(_ELEMENT_ID.sub("", line, count=1))
        else:
            out.append(line)
    return "\n".join(out)


# ------------------------------------------------------------------ Jupyter notebook

# A cell's outputs read at most: a training loop prints thousands of lines, which would be most of the
# note's chunks and outrank its Markdown; the first lines (the run's setup) and a count are kept.
NOTEBOOK_OUTPUT_LINES = 30
NOTEBOOK_OUTPUT_CHARS = 3000  # and at most so many characters of them (a line may be very long)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")  # colours, titles
# What a plotting call returns, shown under its figure: `Text(0.5, 1.0, 'loss')`, `[<matplotlib.lines.Line2D
# at 0x7f...>]`, `<Axes: xlabel='region'>`, `<seaborn.axisgrid.FacetGrid at 0x...>`: an object's repr, no text
_PLOT_REPR = re.compile(r"(?:\[?(?:<(?:matplotlib|Axes|Figure|seaborn)\b[^\n]*>|Text\([^\n]*\))\]?\s*)+")
_LANGUAGE = re.compile(r"[\w+#.-]{1,30}")


def _cell_source(cell: dict, key: str, what: str) -> str:
    """A cell's text: nbformat writes it as a string or a list of strings (its lines, each with its \n)."""
    value = cell.get(key, "")
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "".join(value)
    if not isinstance(value, str):
        raise MalformedNote(f'malformed {what}: a "{key}" that is not text')
    return value


def _fenced(body: str, info: str) -> str:
    """`body` as a fenced code block, its fence longer than any backtick run in it (a docstring's ```)."""
    runs = re.findall(r"`{3,}", body)
    fence = "`" * max([3] + [len(r) + 1 for r in runs])
    return f"{fence}{info}\n{body}\n{fence}"


def _closed(markdown: str) -> str:
    """A Markdown cell's text with a fence it leaves open closed: Jupyter renders each cell alone, so
    the code block ends with its cell, not in the cells after it."""
    fence = None
    for line in markdown.split("\n"):
        opened = _FENCE.match(line)
        if opened is None:
            continue
        mark = opened.group(1)
        if fence is None:
            fence = mark
        elif mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip().strip(mark[0]):
            fence = None
    return markdown if fence is None else f"{markdown}\n{fence}"


def _terminal(text: str) -> str:
    """Stream text as a terminal shows it: no ANSI codes, each line's last `\r`-rewritten state."""
    text = _ANSI.sub("", text).replace("\r\n", "\n")
    return "\n".join(line.rstrip("\r").rsplit("\r", 1)[-1] for line in text.split("\n"))


def _output_text(output: dict, what: str) -> str:
    """The text an output shows (module docstring); "" for one that shows none."""
    kind = output.get("output_type")
    if kind == "stream":
        return _terminal(_cell_source(output, "text", what))
    if kind in ("error", "pyerr"):
        name, value = output.get("ename"), output.get("evalue")
        name = name if isinstance(name, str) else ""
        value = value if isinstance(value, str) else ""
        return _ANSI.sub("", f"{name}: {value}" if name and value else name or value)
    if kind in ("execute_result", "display_data", "pyout"):
        data = output.get("data") if kind != "pyout" else output  # nbformat 3 puts the bundle in the output
        if not isinstance(data, dict):
            return ""
        if any(isinstance(k, str) and (k.startswith("image/") or k in ("png", "jpeg", "svg")) for k in data):
            return ""  # a figure: its text/plain is `<Figure size 640x480 with 1 Axes>`
        for key in ("text/plain", "text", "text/markdown"):
            if key in data:
                shown = _ANSI.sub("", _cell_source(data, key, what))
                return "" if _PLOT_REPR.fullmatch(shown.strip()) else shown
    return ""  # nbformat's `update_display_data`, a widget, a type not known: no text


def _cell_outputs(cell: dict, what: str) -> str:
    outputs = _objects(cell, "outputs", what)
    lines: list[str] = []
    for output in outputs:
        text = _output_text(output, what).strip("\n")
        if text.strip():
            lines.extend(text.split("\n"))
    kept, room = [], NOTEBOOK_OUTPUT_CHARS
    for line in lines[:NOTEBOOK_OUTPUT_LINES]:
        if len(line) > room:  # a printed array of 100,000 numbers on one line: its start
            kept.append(line[:room].rstrip() + " ...")
            break
        kept.append(line)
        room -= len(line) + 1
    if len(kept) < len(lines):
        more = len(lines) - len(kept)
        kept.append(f"... ({more} more line{'s' if more > 1 else ''} of output)")
    lines = kept
    return _fenced("\n".join(lines), "text") if lines else ""


def notebook_text(text: str) -> str:
    """The text of a Jupyter notebook, as the module docstring says."""
    what = "notebook"
    data = _json_object(text, what)
    if not data:
        return ""  # an empty file (no JSON at all): nothing to read, as an empty canvas
    if "cells" in data:
        cells = _objects(data, "cells", what)
    elif "worksheets" in data:  # nbformat 3 (IPython 1 and 2): cells in worksheets, a code cell's "input"
        cells = [c for sheet in _objects(data, "worksheets", what) for c in _objects(sheet, "cells", what)]
    else:
        raise MalformedNote(f'malformed {what}: no "cells"')
    metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    language = next((v.get(k) for v, k in ((metadata.get("kernelspec"), "language"),
                                           (metadata.get("language_info"), "name"))
                     if isinstance(v, dict) and isinstance(v.get(k), str) and _LANGUAGE.fullmatch(v.get(k))), "")
    blocks = []
    for cell in cells:
        kind = cell.get("cell_type")
        if kind == "markdown":
            block = _closed(_cell_source(cell, "source", what).strip("\n"))
        elif kind == "heading":  # nbformat 3: a heading of its own cell type, its level apart
            level = cell.get("level")
            level = level if isinstance(level, int) and 1 <= level <= 6 else 1
            source = _cell_source(cell, "source", what).strip()
            block = f"{'#' * level} {source}" if source else ""
        elif kind == "code":
            source = _cell_source(cell, "source" if "source" in cell else "input", what).strip("\n")
            own = cell.get("language")  # nbformat 3 names it per cell
            info = own if isinstance(own, str) and _LANGUAGE.fullmatch(own) else language
            block = "\n\n".join(b for b in (_fenced(source, info) if source.strip() else "",
                                            _cell_outputs(cell, what)) if b)
        elif kind == "raw":
            source = _cell_source(cell, "source", what).strip("\n")
            block = _fenced(source, "") if source.strip() else ""
        else:  # a type nbformat may add later: nothing of it is known to be text
            block = ""
        if block.strip():
            blocks.append(block)
    return "\n\n".join(blocks) + "\n" if blocks else ""
