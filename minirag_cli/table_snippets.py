"""What a result's snippet shows of a table's chunk (`mrag ask`'s results, the graph page's story): its header row
and the asked row first. Apart from format.py, which the graph page may not import (format -> graph_view), and from
tables.py (content_words: text -> walk -> mdcode -> tables -> answer_score -> text)."""

from __future__ import annotations


def table_snippet(text: str, question: str) -> str:
    """A chunk's `text` as the snippet under a result shows it (`mrag ask`'s first 220 characters): a chunk that
    opens with a table's row (a CSV's, one led by its table's head, with its outer pipes or without) shows its
    header row, then the rows that share most of `question`'s words (not its columns' names: every row is a
    `run`), then the others; no `|---|` line.
    Its header and delimiter lines filled the snippet, and `which seed did run-16 use?` showed run-13's row. Other
    text as it is."""
    from minirag_cli.answer_score import content_words
    from minirag_cli.tables import DELIMITER

    lines = [line for line in text.split("\n") if line.strip()]
    # a table written without its outer pipes (`run | lr` over `--- | ---`) is known by its `---` line
    if not lines or not (lines[0].lstrip().startswith("|")
                         or "|" in lines[0] and len(lines) > 1 and DELIMITER.fullmatch(lines[1])):
        return text
    head, rows = lines[0], [line for line in lines[1:] if not DELIMITER.fullmatch(line)]
    asked = set(content_words(question)) - set(content_words(head))
    shared = [len(asked & set(content_words(row))) if "|" in row else 0 for row in rows]
    best = max(shared, default=0)
    if not best:
        return "\n".join([head] + rows)
    return "\n".join([head] + [r for r, n in zip(rows, shared) if n == best] + [r for r, n in zip(rows, shared)
                                                                               if n != best])
