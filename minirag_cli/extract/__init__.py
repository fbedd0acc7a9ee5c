"""Entity extractors: a chunk's text in, (name, type) pairs out.

Every extractor has `name`, `cache_id` (None when its output is not worth
caching, else a string identifying model + prompt version, the key of the
extraction cache) and `extract(texts, matters=None, speakers=None) ->
list[list[EntityMention]]` (per text, from sync: its part of its note's front
matter, sync.chunk_parts, and its note's chat speakers, sync.note_speakers). A model
extractor (llm.py) also has `windows(text, path)` (the note's path says what is code in it)
and `run(windows, stop=None)`,
yielding (index, mentions, cost) as answers finish until the `stop` event
is set: sync calls it per note window, in a thread (stream.py). The
heuristic extractor also has `note_name(path)`: the name `[[wikilinks]]`
call a note by (its title, or the date a daily note is), which sync adds to
the note's first chunk.
"""

from minirag_cli.extract.base import EntityMention, Extractor, ENTITY_TYPES  # noqa: F401
