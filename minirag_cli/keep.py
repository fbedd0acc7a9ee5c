"""Google Keep notes as Google Takeout exports them (`Takeout/Keep/`): one
JSON file per note, `Groceries.json` (an untitled note is named by its time,
`2026-11-03T09_15_02.123+01_00.json`), beside an `.html` twin of the same
note, the note's attachments (`.jpg`, `.png`, `.3gp`, ...) and `Labels.txt`.

A note is read from its JSON as the Markdown note it would be: front matter
first (its `title:`; `date:` its creation time in the machine's time zone,
as Joplin's and Dendron's epoch times are read; its labels as `tags:`, a
label's blanks as hyphens, `Home-Projects`;
`updated:`, `archived:`, `pinned:` and `shared-with:` when set), then its text
(`textContent`) or its checklist (`listContent`) as `- [ ]` / `- [x]` tasks
(mrag tasks lists them), then its web links (`annotations`) as Markdown
links, then its attachments by name (`attached: memo.3gp (audio/3gpp)`: a
note of a photo or a voice memo alone showed its front matter as its snippet). So title, date, tags and to-dos are read by the readers every note
goes through; a chunk's line numbers (`mrag show Groceries.json:3`) are
lines of this text, as a canvas's are. A note in Keep's trash (`isTrashed`)
is no note: skipped with that reason. What is told apart here is the shape,
not the name: a `.json` file is a Keep note when it is a JSON object with
Keep's flags and timestamps and a text or a checklist (keep_shaped); every
other `.json` stays no note (mrag's own graph export among them).

The walk passes the rest of a Takeout Keep folder over in silence (beside a
Keep note of the same folder): the `.html` twin of a note (the same note
again), the attachments (never text), and `Labels.txt` (the label names,
which the notes' tags hold); `mrag show` of one says what it is
(litter_reason); so is Takeout's own index page, `Takeout/archive_browser.html`
(takeout_index). Two Keep notes of one title (`Groceries.json`, `Groceries
(1).json`) created at different times are two notes, never a numbered copy
(copy_compared)."""

from __future__ import annotations

import datetime as _dt
import json
import os
import shlex
from pathlib import Path

KEEP_SUFFIX = ".json"
# what Keep's export writes beside its notes: the HTML twin, attachments (photos, drawings, voice memos)
TWIN_SUFFIX = ".html"
ATTACHMENT_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".gif", ".webp", ".3gp", ".amr", ".m4a", ".awb"})
LABELS_FILE = "labels.txt"  # lower case: compared with a name in lower case
# Google Takeout's own page listing what the archive holds, in `Takeout/` beside the products' folders
TAKEOUT_INDEX = "archive_browser.html"

# a value YAML would read as something else than the text (a flow list, a quoted or block scalar, a comment)
_SPECIAL_START = tuple("[{\"'#&*!|>%@`-")


class KeepTrashed(ValueError):
    """A Keep note in Keep's trash; str() is the reason the sync gives."""


def keep_shaped(data) -> bool:
    """Is the parsed JSON `data` a Google Keep note as Takeout writes it: an object with its `isTrashed`
    flag, a creation or edit time in microseconds, and a text or a checklist?"""
    return (isinstance(data, dict) and isinstance(data.get("isTrashed"), bool)
            and any(isinstance(data.get(k), int) for k in ("createdTimestampUsec", "userEditedTimestampUsec"))
            and (isinstance(data.get("textContent"), str) or isinstance(data.get("listContent"), list)))


def keep_json(text: str):
    """The parsed Keep note `text` holds, None when it holds no JSON or JSON of another shape."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if keep_shaped(data) else None


def _local(usec) -> str:
    """`2026-11-03 09:15`: the epoch time `usec` (microseconds) in the machine's time zone; '' when none."""
    if not isinstance(usec, int) or isinstance(usec, bool) or usec <= 0:
        return ""
    try:
        return _dt.datetime.fromtimestamp(usec / 1_000_000).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return ""


def _one_line(value) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _yaml_value(value: str) -> str:
    """`value` as a front matter value reads back as written (quoted when it would read otherwise)."""
    if value.startswith(_SPECIAL_START) or value.endswith(":") or " #" in value:
        return f"'{value}'" if "'" not in value else f'"{value}"'
    return value


def _names(items, key: str) -> list[str]:
    """The `key` strings of the objects `items` (Keep's labels, sharees), in order, once each."""
    out: list[str] = []
    for item in items if isinstance(items, list) else []:
        value = _one_line(item.get(key)) if isinstance(item, dict) else ""
        if value and value not in out:
            out.append(value)
    return out


def keep_text(text: str) -> str:
    """The Markdown note a Keep note's JSON `text` reads as (the module docstring); ValueError when it is
    no Keep note, KeepTrashed when it is in Keep's trash."""
    data = keep_json(text)
    if data is None:
        raise ValueError("not a Google Keep note")
    return keep_markdown(data)


def keep_markdown(data: dict) -> str:
    """The Markdown note of a Keep note's fields `data` (as its JSON has them: keep_shaped); KeepTrashed when
    it is in Keep's trash. (keep_html.keep_html_text gives the fields an `.html` note shows.)"""
    title = _one_line(data.get("title"))
    created = _local(data.get("createdTimestampUsec")) or _local(data.get("userEditedTimestampUsec"))
    if data.get("isTrashed") is True:
        what = f'"{title[:60]}"' if title else f"of {created}" if created else "untitled"
        raise KeepTrashed(f"a Google Keep note in the trash ({what})")
    head = ["---"]
    if title:
        head.append(f"title: {_yaml_value(title)}")
    if created:
        head.append(f"date: {created}")
    edited = _local(data.get("userEditedTimestampUsec"))
    if edited and edited != created:
        head.append(f"updated: {edited}")
    # a tag holds no blank (Obsidian's, the heuristic extractor's `#tags`): `Home Projects` was `#Home` and `#Projects`
    labels = [label.replace(" ", "-") for label in _names(data.get("labels"), "name")]
    if labels:
        head.append("tags:")
        head += [f"  - {_yaml_value(label)}" for label in labels]
    for key, said in (("isArchived", "archived"), ("isPinned", "pinned")):
        if data.get(key) is True:
            head.append(f"{said}: true")
    # the people it is shared with: not its owner, whom Takeout lists among them (`isOwner`)
    sharees = _names([s for s in data.get("sharees") or [] if not (isinstance(s, dict) and s.get("isOwner") is True)]
                     if isinstance(data.get("sharees"), list) else None, "email")
    if sharees:
        head.append(f"shared-with: [{', '.join(sharees)}]")
    head.append("---")
    blocks = []
    body = data.get("textContent")
    if isinstance(body, str) and body.strip():
        blocks.append(body.replace("\r\n", "\n").strip("\n"))
    items = data.get("listContent")
    if isinstance(items, list):
        tasks = []
        for item in items:
            if not isinstance(item, dict):
                continue
            said = _one_line(item.get("text"))
            if said:
                tasks.append(f"- [{'x' if item.get('isChecked') is True else ' '}] {said}")
        if tasks:
            blocks.append("\n".join(tasks))
    links = []
    for note in data.get("annotations") if isinstance(data.get("annotations"), list) else []:
        if not isinstance(note, dict):
            continue
        url, shown = _one_line(note.get("url")), _one_line(note.get("title")).replace("]", ")").replace("[", "(")
        if url:
            links.append(f"[{shown}]({url.replace(' ', '%20')})" if shown else f"<{url}>")
    if links:
        blocks.append("\n".join(links))
    # a photo, a drawing, a voice memo: named, so a note of one alone reads as more than its front matter
    # (in lower case: a capitalised "Attachment" was a name to the heuristic extractor)
    attached = [f"attached: {_one_line(a.get('filePath'))}" + (f" ({_one_line(a.get('mimetype'))})"
                                                                 if _one_line(a.get("mimetype")) else "")
                for a in data.get("attachments") if isinstance(a, dict) and _one_line(a.get("filePath"))] \
        if isinstance(data.get("attachments"), list) else []
    if attached:
        blocks.append("\n".join(attached))
    return "\n".join(head) + "\n" + "".join(f"\n{b}\n" for b in blocks)


def archived(path: str, lines: list[str]) -> bool:
    """Is the note at `path` (`lines`: its text as read, keep_text's) a Keep note archived in Keep, its front
    matter's `archived: true`? Archiving a list is Keep's way of putting it away done: its open items are no
    open tasks (tasks.select lists them with --all alone, as an Org archive's; review revW)."""
    if not path.lower().endswith((KEEP_SUFFIX, TWIN_SUFFIX)) or lines[:1] != ["---"]:  # (.html: a page read alone)
        return False
    for line in lines[1:]:
        if line == "---":
            return False
        if line == "archived: true":
            return True
    return False


def keep_litter(name: str, keep_notes) -> bool:
    """Is the file `name`, in a folder whose Google Keep notes are `keep_notes` (their file names), what
    Takeout writes beside them that is no note of its own: a note's `.html` twin (the same note again),
    an attachment (a photo, a voice memo) or `Labels.txt` (the label names the notes' tags hold)?"""
    stem, suffix = os.path.splitext(name)
    suffix = suffix.lower()
    return ((suffix == TWIN_SUFFIX and stem + KEEP_SUFFIX in keep_notes) or suffix in ATTACHMENT_SUFFIXES
            or name.lower() == LABELS_FILE)


def takeout_index(folder: str | os.PathLike, name: str) -> bool:
    """Is the file `name` of `folder` Google Takeout's own index page (`Takeout/archive_browser.html`, in
    the folder named Takeout or the one holding its `Keep/`)? No one's note: passed over in silence as a
    Keep note's `.html` twin is (it was listed as `not a note file (.html)`)."""
    return name.lower() == TAKEOUT_INDEX and (os.path.basename(os.path.abspath(folder)) == "Takeout"
                                              or os.path.isdir(os.path.join(folder, "Keep")))


def litter_reason(folder: Path, name: str, shown: str) -> tuple[str, str] | None:
    """(why, what to do) when the file `name` of `folder` is keep_litter beside a Keep note of the folder
    (`mrag show` of it says so, not `saved since the last sync`), else None; `shown`: the folder's path
    as `mrag show` takes it ('' or 'Takeout/Keep/')."""
    if takeout_index(folder, name):
        return ("Google Takeout's own index page of the archive, no note",
                f"Each exported note is a file of its own (a Keep note: `mrag show {shlex.quote(shown + 'Keep/')}NAME.json`).")
    try:
        jsons = sorted(n for n in os.listdir(folder) if n.lower().endswith(KEEP_SUFFIX))
    except OSError:
        return None
    twin = os.path.splitext(name)[0] + KEEP_SUFFIX
    found, own = None, False  # a Keep note of the folder: the twin's, else the one the attachment is of, else the first
    for json_name in ([twin] if twin in jsons else []) + jsons:
        try:
            data = keep_json((folder / json_name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if data is None:
            continue
        if not keep_litter(name, {json_name}):
            return None
        attached = [a.get("filePath") for a in data.get("attachments") or [] if isinstance(a, dict)]
        if json_name == twin or name in attached:
            found, own = json_name, True
            break
        found = found or json_name
    if found is None:
        return None
    show = f"`mrag show {shlex.quote(shown + found)}`"
    if found == twin:
        return f"the HTML twin of the Google Keep note {found} (the note is read from its .json)", show + "."
    if name.lower() == LABELS_FILE:
        return "Google Keep's list of labels (each Keep note's labels are read as its tags)", show + " shows a note's."
    what = f"an attachment of the Google Keep note {found}" if own else "a file of Google Keep's export"
    return f"{what} (attachments are not read)", show + "."


def copy_compared(text: str, other: str) -> tuple[str | None, str | None]:
    """`text` and `other`, the texts of a file and the note its name may copy (walk.conflict_copy_reason),
    as near_copy compares them: two Google Keep notes as they are read (their JSON may be one line: one
    word), and none when they were created at different times. A Keep note is made once: the same title and
    nearly the same checklist (this week's groceries, last week's) made at another time is another note."""
    if not (text.lstrip().startswith("{") and other.lstrip().startswith("{")):
        return text, other
    one, two = keep_json(text), keep_json(other)
    if one is None or two is None:
        return text, other
    if one.get("createdTimestampUsec") != two.get("createdTimestampUsec"):
        return None, None
    try:
        return keep_text(text), keep_text(other)
    except ValueError:  # in Keep's trash: skipped for that, compared as written
        return text, other
