"""Roam Research's components as its Markdown export writes them, read for names (heuristic rules 21, qa35).

Roam writes a component in double braces: a task's checkbox, `{{[[TODO]]}}` / `{{[[DONE]]}}` (`{{TODO}}`),
a search, `{{[[query]]: {and: [[TODO]] [[Project Atlas]]}}}` or `{{[[mentions]]: [[Acme Corp]]}}`, a widget,
`{{[[table]]}}`, `{{[[POMO]]}}`, `{{word-count}}`, and a component over an argument, `{{embed: ((uid))}}`,
`{{[[video]]: https://...}}`. None is the page's text for names (readable): the component's name names nothing (`query`,
`table` and `POMO` were names, and the checkbox glued `Write` of `{{[[TODO]]}} Write the runbook` to the
sentence, a name), a search's filter names and links nothing (it linked its own page, `[[last week]]`
and `[[someday]]` were names), and an argument is read as written (an embed's `[[Page]]` links it).
A snippet and the answer's sources show a page without them (shown): its checkbox as Markdown's, `[ ]` or
`[x]`, and a block reference, `((k3Jd9aPq2))`, which the export does not resolve, as `[block ref]` (in a
chunk or line of the page's outline holding no component too).
"""

from __future__ import annotations

import bisect
import re

# what only Roam writes: a component named by a page link, `{{[[...]]`, or its bare checkbox or embed
_SIGN = re.compile(r"\{\{(?:\[\[[^\[\]\n]{1,40}\]\]|TODO\}\}|DONE\}\}|embed:)")
# a component's head: its name, bare or linked (`{{table}}`, `{{[[table]]}}`), closed there or followed by
# its argument after `:` (group 3)
_COMPONENT = re.compile(r"\{\{(\[\[)?([A-Za-z][\w/-]{0,30}|∆|=)(?(1)\]\])[ \t]*(\}\}|:)")
# the components that search the graph: their argument is a filter, no text of the page's
SEARCHES = frozenset({"query", "mentions"})
# a task's checkbox, as a reader is shown it (shown)
_CHECKBOX = re.compile(r"\{\{(\[\[)?(TODO|DONE)(?(1)\]\])\}\}")
CHECKBOXES = {"TODO": "[ ]", "DONE": "[x]"}
# a block's start, where a checkbox makes the block a task (readable)
_BLOCK_START = re.compile(r"[ \t]*-[ \t]+")
# a line left a bare bullet once its components are left out (shown)
_BARE_BULLET = re.compile(r"[ \t]*-?")
# a Roam block reference, `((k3Jd9aPq2))`: nine letters, digits, `-` or `_`, a digit and a letter among them
_BLOCK_REF = re.compile(r"\(\((?=[\w-]{0,8}\d)(?=[\w-]{0,8}[A-Za-z])[\w-]{9}\)\)")


def is_roam(text: str) -> bool:
    """Does `text` (a Markdown note, or part of one) hold a component only Roam writes (_SIGN)?"""
    return "{{" in text and _SIGN.search(text) is not None


class _Closings:
    """Where `text`'s brace balance (each `{` one up, each `}` one down, from its start) is each value
    right after a `}`, and where its lines end, for `closing` (one pass: a search from each opener to its
    line's end read a line of 100,000 unclosed `{{a:` once for each of them)."""

    def __init__(self, text: str):
        self.after_close: dict[int, list[int]] = {}  # balance -> the positions right after a `}` where it is so
        self.balance: list[int] = []  # the balance right after each character
        self.line_ends = [i for i, c in enumerate(text) if c == "\n"]
        level = 0
        for c in text:
            if c == "{":
                level += 1
            elif c == "}":
                level -= 1
                self.after_close.setdefault(level, []).append(len(self.balance) + 1)
            self.balance.append(level)

    def closing(self, at: int) -> int | None:
        """The end of the `}}` closing the component whose argument starts at `at` (its braces counted,
        on its line: `{{[[query]]: {and: [[TODO]] {not: [[someday]]}}}}`), None when its line does not."""
        # the balance before `at`, two down: where the component's own `{{` are closed
        ends = self.after_close.get((self.balance[at - 1] if at else 0) - 2, [])
        k = bisect.bisect_right(ends, at)
        line = bisect.bisect_left(self.line_ends, at)
        if k == len(ends) or (line < len(self.line_ends) and self.line_ends[line] < ends[k]):
            return None
        return ends[k]


def _outline(text: str) -> bool:
    """Is `text` (a chunk, a line) written as Roam's export writes a page, each line a `- ` block or indented
    under one (blank lines aside; a chunk's first line may be the end of one, where the chunk was cut)?"""
    lines = [line for line in text.split("\n") if line.strip()]
    return any(_BLOCK_START.match(line) for line in lines) and all(
        line[0] in " \t" or _BLOCK_START.match(line) for line in lines[len(lines) > 1:])


def shown(text: str, block_ref: str) -> str:
    """`text` (a chunk, a line) as a reader is shown it, when it holds a component only Roam writes (is_roam):
    a task's checkbox as `[ ]` or `[x]`, a component's head and closing braces and a search left out (as
    readable blanks them, without the blanks), and a block reference as `block_ref`; else as it is, but for
    a block reference in an outline (_outline: a Roam page's chunk or line holding no component; review revW:
    `((Xy7Zq1w2e))` was shown so), shown as `block_ref` too."""
    if not is_roam(text):
        return _BLOCK_REF.sub(block_ref, text) if "((" in text and _outline(text) else text
    text = _CHECKBOX.sub(lambda m: CHECKBOXES[m.group(2)], text)
    read = readable(text)
    # what readable blanked is left out, and the blanks around it made one
    kept = "".join(c for c, r in zip(text, read) if not (r == " " and c != " "))
    kept = re.sub(r"(?<=\S)[ \t]{2,}(?=\S)", " ", kept)
    kept = re.sub(r"(?<![ \t])[ \t]+(?=\n|$)", "", kept)
    # a block that was a component alone (`- {{[[query]]: ...}}`) is left out whole, not shown as a bare `-`
    kept = "\n".join(line for line, was in zip(kept.split("\n"), text.split("\n"))
                     if not (_BARE_BULLET.fullmatch(line.rstrip()) and not _BARE_BULLET.fullmatch(was.rstrip())))
    return _BLOCK_REF.sub(block_ref, kept) if "((" in kept else kept


def readable(text: str) -> str:
    """`text`, a Roam page's or a part of it (a note is_roam tells: a chunk of it may hold no sign), with
    its components blanked (the offsets kept, each character a blank): a component's head and closing
    braces, a search whole (SEARCHES), its argument else kept, so an embed's link still links. A checkbox
    opening a block is blanked to Markdown's box, `- [ ]          Send Priya ...` (`[x]` done): the block
    is a task's line to the names' rules, as a `- [ ] ` item is (blanks alone made `Send Priya` a name)."""
    if "{{" not in text:
        return text
    chars = list(text)

    def blank(start: int, end: int) -> None:
        chars[start:end] = " " * (end - start)

    pos, closings = 0, None
    while (m := _COMPONENT.search(text, pos)) is not None:
        pos = m.end()
        if m.group(3) == "}}":
            blank(m.start(), m.end())
            if m.group(2) in CHECKBOXES and _BLOCK_START.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start()):
                chars[m.start():m.start() + 3] = CHECKBOXES[m.group(2)]  # a task's box, as `- [ ] ` is read
            continue
        closings = closings or _Closings(text)
        end = closings.closing(m.end())
        if end is None:
            continue
        if m.group(2).lower() in SEARCHES:
            blank(m.start(), end)
            pos = end
        else:
            blank(m.start(), m.end())
            blank(end - 2, end)
    return "".join(chars)
