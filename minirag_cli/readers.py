"""Which reader a note file gets, by its name (and for a few by the folder it is in): the one place that
chooses (read_text), for walk.read_note and for the note a `.tex` may be the export of (latex_files). The
readers are in their modules: wikipages (a VimWiki, Zim or TiddlyWiki page), latex (a `.tex`, a `.bib`),
notekinds (a canvas, a drawing, a notebook, a Joplin note, a Kindle's clippings), keep and keep_html (a Google
Keep note), csvnotes (a table), simplenote and bear (an export's tags and creation), logseq_templates; any
other note is its decoded text. Apart from notekinds because latex and wikipages raise its MalformedNote."""

from __future__ import annotations

import re
from pathlib import Path

from minirag_cli.bear import BUNDLE_SUFFIX, BearTrashed
from minirag_cli.bear import note_read as bear_read
from minirag_cli.csvnotes import CSV_SUFFIX, TooLarge, csv_text
from minirag_cli.keep import KEEP_SUFFIX, KeepTrashed, keep_text
from minirag_cli.keep_html import HTML_SUFFIX, keep_html_text
from minirag_cli.latex import latex_read
from minirag_cli.notekinds import (CANVAS, EXCALIDRAW, EXCALIDRAW_MD, NOTEBOOK, MalformedNote, canvas_text,
                                   clippings_note, drawing_markdown, excalidraw_text, joplin_note, notebook_text,
                                   special_kind)
from minirag_cli.simplenote import export_folder, note_read
from minirag_cli.wikipages import page_text


def read_text(path: str, text: str, folder: Path | None = None) -> tuple[str, str | None]:
    """(What mrag reads of the note at `path` whose decoded text is `text`, the warning its reader gives or
    None: latex_read's, an `\\iffalse` never closed); MalformedNote when it cannot be read. `folder`: the folder
    the file is in, where a Joplin conflict copy's note is looked for (notekinds.joplin_note; None: not looked
    for, the copy read as a note), and a Simplenote or Bear export's tags and creation."""
    page = page_text(path, text)  # a VimWiki, Zim or TiddlyWiki page, read as the Markdown it means
    if page is not None:
        return page, None
    read = latex_read(path, text)  # a LaTeX file or a BibTeX library, the same
    if read is not None:
        return read
    return _note_text(path, text, folder), None


def _note_text(path: str, text: str, folder: Path | None) -> str:
    """read_text of a note that is no wiki's page and no LaTeX or BibTeX file."""
    joplin = joplin_note(path, text, folder)
    if joplin is not None:
        return joplin
    if path.lower().endswith(KEEP_SUFFIX):  # the walk lists a `.json` only when it is a Keep note (keep.py)
        try:
            return _LONE_SURROGATE.sub("\ufffd", keep_text(text))
        except KeepTrashed as exc:
            raise MalformedNote(str(exc)) from None
        except ValueError:  # changed since the walk looked at it
            raise MalformedNote("a .json file that is no Google Keep note") from None
    if path.lower().endswith(HTML_SUFFIX):  # the walk lists an `.html` only when it is a Keep note's page
        try:
            page = keep_html_text(text)
        except KeepTrashed as exc:
            raise MalformedNote(str(exc)) from None
        if page is None:  # changed since the walk looked at it
            raise MalformedNote("an .html file that is no Google Keep note") from None
        return _LONE_SURROGATE.sub("\ufffd", page)
    if path.lower().endswith(CSV_SUFFIX):  # a small table, read as Markdown's (csvnotes.py)
        try:
            return csv_text(text)
        except TooLarge as exc:
            raise MalformedNote(str(exc)) from None
    kind = special_kind(path)
    readers = {CANVAS: canvas_text, EXCALIDRAW: excalidraw_text, EXCALIDRAW_MD: drawing_markdown,
               NOTEBOOK: notebook_text}
    if kind is None:
        if folder is not None and path.lower().endswith(".txt") and export_folder(folder):
            text = note_read(text, folder, path.replace("\\", "/").rsplit("/", 1)[-1])  # a Simplenote note's tags
            # and creation (simplenote.py)
        if folder is not None and folder.name.lower().endswith(BUNDLE_SUFFIX):
            try:
                text = bear_read(text, folder)  # a Bear note's creation, from its bundle's info.json (bear.py)
            except BearTrashed as exc:
                raise MalformedNote(str(exc)) from None
        if path.lower().endswith(".md") and "template::" in text:  # a Logseq template's lines blank (readers 12)
            from minirag_cli.logseq_templates import in_graph, without_templates

            read = without_templates(text) if in_graph(folder) else text
            if not read.strip() and text.strip():  # as Roam's templates page is (walk.ROAM_TEMPLATES_REASON)
                raise MalformedNote("Logseq templates alone (`template::` blocks): templates are not indexed")
            text = read
        clippings = clippings_note(text)
        return text if clippings is None else clippings
    try:
        read = readers[kind](text)
    except MalformedNote:
        raise
    except Exception as exc:  # a case the readers did not foresee: this file is skipped, the sync goes on
        what = {CANVAS: "canvas", EXCALIDRAW: "Excalidraw file", EXCALIDRAW_MD: "Excalidraw drawing",
                NOTEBOOK: "notebook"}[kind]
        raise MalformedNote(f"unreadable {what}: {type(exc).__name__}: {str(exc)[:80]}") from None
    return _LONE_SURROGATE.sub("\ufffd", read)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # only JSON's \\u escapes make them: decoded text has none
