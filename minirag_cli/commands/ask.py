"""`mrag ask QUESTION`: ranked sources from the index (Index.search) and,
with a GGUF model configured, a short answer citing them (Index.answer).

Output (format.print_ask): a readable list on a terminal (rank, path:lines,
score, snippet, and with --explain the channels and the graph's reasons),
`--json` for scripts, `--paths` for xargs. Results go to stdout, hints to
stderr. The model loads in a thread while the question is searched and
the lines it will read are chosen."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from minirag_cli.app import app, open_index
from minirag_cli.errors import UsageError


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question; - reads it from stdin.", show_default=False),
    mode: Optional[str] = typer.Option(None, "--mode", help="dense | bm25 | graph | hybrid | a set like "
                                                            "dense,bm25 (default: hybrid)."),
    k: Optional[int] = typer.Option(None, "--k", "-k", help="How many chunks to return (default 10)."),
    hops: Optional[int] = typer.Option(None, "--hops", help="Graph walk depth (default 2)."),
    explain: bool = typer.Option(False, "--explain", help="Show why each result ranked: channels, seeds, path."),
    as_json: bool = typer.Option(False, "--json", help="Print query, mode, seeds, results (and answer) as JSON."),
    paths: bool = typer.Option(False, "--paths", help="Print the unique document paths, one per line."),
    no_answer: bool = typer.Option(False, "--no-answer", help="Only the sources, even with a model set."),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model for the answer (or $MRAG_MODEL)."),
    llm_query: bool = typer.Option(False, "--llm-query", help="Let the model name the question's entities "
                                                              "and answer type first (needs a model)."),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model",
                                                  help="The query embedding model (must match the one the index was built with)."),
) -> None:
    """Find the notes that answer a question, and answer it when a model is set.

    Example: mrag ask "has Wolfgang ever been to Hong Kong?" --explain
    """
    from minirag_cli.format import print_ask

    text = read_question(question)
    index = open_index(mode=mode, k=k, hops=hops, model=model, embedding_model=embedding_model)
    want_answer = not (no_answer or paths)
    has_llm = (want_answer or llm_query) and index.has_llm()
    if want_answer and not llm_query:
        index.preload_llm()  # the model loads while the question is searched
    terms = index.query_terms(text) if llm_query else None
    result = index.search(text, index.retrieval_options(), terms=terms)
    answer = None
    if want_answer and has_llm:
        prepared = index.prepare_answer(result)  # the lines the model reads, chosen while it loads
        answer = lambda on_text: index.answer(result, on_text=on_text, prepared=prepared)  # noqa: E731
        index.llm()  # the model has loaded (llama.cpp sends stdout to /dev/null while it loads)
    print_ask(result, as_json=as_json, paths=paths, explain=explain, answer=answer, hint=want_answer and not has_llm)


def read_question(question: str) -> str:
    """The question (`-`: from stdin), whitespace collapsed; a UsageError when empty."""
    text = sys.stdin.read() if question == "-" else question
    text = " ".join(text.split())
    if not text:
        raise UsageError("The question is empty.", hint='mrag ask "what did Wolfgang say about Berlin?"')
    return text
