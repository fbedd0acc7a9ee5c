"""The extractor interface shared by the heuristic and the GGUF extractors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Protocol, Sequence

# The types the LLM prompt asks for; the heuristic extractor uses a subset plus
# 'name' (a capitalised span whose kind it cannot tell).
ENTITY_TYPES = ("person", "organization", "location", "event", "product", "work", "concept", "date")


@dataclass(frozen=True)
class EntityMention:
    name: str  # the surface form as it appears in the chunk
    type: str


class Extractor(Protocol):
    name: str
    cache_id: str | None

    # `matters`: for each text (a chunk, from sync), the part of its note's front matter it holds
    # (frontmatter.FrontMatter.part), None for none; `speakers`: for each, its note's chat speakers
    # (sync.note_speakers: a `Name:` line is a chat line or a label line by its note,
    # heuristic.chat_speakers); not given, each text is a note of its own. The heuristic extractor also
    # takes `comments` (for each text, does `%%` open a comment in its note: mdcode.reads_comments) and,
    # as its `reads_note_nouns` says, `note_nouns` (for each text, its note's German nouns: sync.note_nouns_of),
    # and as its `reads_note_titles` says, `note_titles` (for each, its note's file name and front matter title:
    # heuristic.note_titles), and as its `reads_todo_txt` says, `todo_txt` (for each, is its note a todo.txt file)
    def extract(self, texts: Sequence[str], matters: Sequence | None = None,
                speakers: Sequence[Collection[str]] | None = None) -> list[list[EntityMention]]: ...

    # optional: `preload()` loads a model now rather than on the first text (Index.sync before a watch);
    # `note_name(path) -> EntityMention | None`, the note's own name, for its first chunk (sync._name_notes;
    # without one, the heuristic rules name it: a Markdown note's title, a daily note's date)
