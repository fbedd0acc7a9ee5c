"""Logseq's templates (readers 12): a block holding the property `template:: NAME` is, with its children, a
template Logseq inserts elsewhere, not a note's text. Its open tasks (`- TODO send the minutes`) were listed by
`mrag tasks` and its placeholder text indexed as the page's. Its lines are read blank (the page keeps its lines:
`mrag show page.md:12` is the file's line 12), as Roam's templates page is skipped (walk.roam_templates).

    - Meeting template
      template:: meeting
      template-including-parent:: false
    	- Attendees::
    	- TODO send the minutes

A block is a bullet line (`- `, `* `, `+ `) and the lines under it, each indented deeper (its lead starts with the
bullet's and is longer: Logseq indents a block's properties with blanks and its children with tabs); its properties
are the `key:: value` lines right under its first line, or on the bullet itself (`- template:: meeting`).

Only a Logseq graph's pages are read so (in_graph: a folder above the page holds `logseq/config.edn`, graph_folder):
an Obsidian note's `template:: book` bullet (Dataview's inline field) is its writer's text, its tasks open tasks.
So a page reads otherwise when its graph's `config.edn` comes or goes: the next sync reads the folder's pages anew
(readers 13, sync._graphs_changed; they stayed as read until each changed)."""

from __future__ import annotations

import os
import re
from pathlib import Path

_BULLET = re.compile(r"([ \t]*)[-*+](?:[ \t]+|$)")
_PROPERTY = re.compile(r"[ \t]*(?:[-*+][ \t]+)?([A-Za-z][\w-]*)::(?:[ \t]|$)")
_TEMPLATE = "template"
_FENCE = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(```|~~~)")


# what makes a folder a Logseq graph: Logseq's settings, in the graph's own `logseq/` folder
GRAPH_SETTINGS = ("logseq", "config.edn")


def graph_folder(folder: str | os.PathLike) -> bool:
    """Is `folder` a Logseq graph's (it holds `logseq/config.edn`)? The one test of it (walk's too)."""
    return os.path.isfile(os.path.join(folder, *GRAPH_SETTINGS))


def graph_setting(rel: str) -> bool:
    """Is the file `rel` (of a synced folder, '/'-separated) a graph's GRAPH_SETTINGS (a watch re-syncs its folder)?"""
    setting = "/".join(GRAPH_SETTINGS)
    return rel == setting or rel.endswith("/" + setting)


def in_graph(folder: Path | None) -> bool:
    """Is `folder` (a page's; None: not known) in a Logseq graph: it or a folder above it is one (graph_folder)?"""
    if folder is None:
        return False
    folder = Path(folder)
    return any(graph_folder(where) for where in (folder, *folder.parents))


def _lead(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


def _template_block(lines: list[str], n: int) -> int | None:
    """The line of the bullet whose block the property line `n` is of, None when it is no block's (a page's own
    properties, at its top with no bullet)."""
    bullet = _BULLET.match(lines[n])
    if bullet is not None:
        return n
    lead = _lead(lines[n])
    for k in range(n - 1, -1, -1):
        above = lines[k]
        bullet = _BULLET.match(above)
        if bullet is not None:
            return k if lead.startswith(bullet.group(1)) and len(lead) > len(bullet.group(1)) else None
        if not above.strip() or _lead(above) != lead:
            return None  # between its bullet and the property: the block's first line's text, its other properties
    return None


def without_templates(text: str) -> str:
    """`text` (a Markdown page's) with each Logseq template block's lines blank (the module's rules)."""
    if "template::" not in text:
        return text
    lines = text.split("\n")
    fence = None
    blank: set[int] = set()
    for n, line in enumerate(lines):
        opened = _FENCE.match(line)
        if opened is not None:
            fence = None if fence == opened.group(1) else fence or opened.group(1)
            continue
        if fence is not None or n in blank:
            continue
        prop = _PROPERTY.match(line)
        if prop is None or prop.group(1).lower() != _TEMPLATE or not line.split("::", 1)[1].strip():
            continue
        start = _template_block(lines, n)
        if start is None:
            continue
        lead = _BULLET.match(lines[start]).group(1)
        end = start + 1
        last = start  # the block's last line that is not blank
        while end < len(lines):
            here = lines[end]
            if here.strip():
                if not (_lead(here).startswith(lead) and len(_lead(here)) > len(lead)):
                    break
                last = end
            end += 1
        blank.update(range(start, last + 1))
    if not blank:
        return text
    return "\n".join(("\r" if line.endswith("\r") else "") if n in blank else line for n, line in enumerate(lines))
