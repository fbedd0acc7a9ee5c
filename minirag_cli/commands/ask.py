"""`mrag ask QUESTION`: ranked sources from the index (retrieve.search) and,
with a GGUF model configured, a short answer citing them (answer.py).

Output: a readable list on a terminal (rank, path:lines, score, snippet, and
with --explain the channels and the graph's reasons), `--json` for scripts,
`--paths` for xargs. Results go to stdout, hints to stderr."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from minirag_cli.cli import app, effective_settings, open_index
from minirag_cli.errors import UsageError

ANSWER_HINT = ("no answer written: pass --model PATH.gguf or set MRAG_MODEL (or `model` in the config) to get "
               "a short cited answer; --no-answer hides this line")


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
                                                  help="Override the embedding model recorded in the index."),
) -> None:
    """Find the notes that answer a question, and answer it when a model is set.

    Example: mrag ask "has Wolfgang ever been to Hong Kong?" --explain
    """
    from minirag_cli import answer as ans
    from minirag_cli import retrieve

    text = _read_question(question)
    conn, path = open_index()
    settings = effective_settings(path, mode=mode, k=k, hops=hops, model=model, embedding_model=embedding_model)
    channels = retrieve.parse_mode(settings.mode)
    want_answer = not (no_answer or paths)
    llm, model_name = (ans.load_answer_model(settings.model) if settings.model and (want_answer or llm_query)
                       else (None, ""))
    if llm_query and llm is None:
        raise UsageError("--llm-query needs a model.", hint="Pass --model PATH.gguf or set MRAG_MODEL.")
    terms = ans.extract_query_terms(llm, text) if llm_query else None
    embedder = _query_embedder(conn, settings, needed="dense" in channels or "graph" in channels)
    result = retrieve.search(conn, text, embedder=embedder, mode=channels, k=settings.k, hops=settings.hops,
                             terms=terms)
    _print_results(result, as_json=as_json, paths=paths, explain=explain, llm=llm if want_answer else None,
                   model_name=model_name, hint=want_answer and llm is None)


def _read_question(question: str) -> str:
    text = sys.stdin.read() if question == "-" else question
    text = " ".join(text.split())
    if not text:
        raise UsageError("The question is empty.", hint='mrag ask "what did Wolfgang say about Berlin?"')
    return text


def _query_embedder(conn, settings, needed: bool):
    if not needed:
        return None
    from minirag_cli.config import embedding_model_for
    from minirag_cli.db import check_embedder, get_meta
    from minirag_cli.query_embed import query_embedder

    embedder = query_embedder(embedding_model_for(settings, get_meta(conn, "embedding_model")))
    check_embedder(conn, embedder.name)
    return embedder


def _print_results(result, *, as_json: bool, paths: bool, explain: bool, llm, model_name: str, hint: bool) -> None:
    from minirag_cli import answer as ans
    from minirag_cli.format import print_json, stderr_console, stdout_console

    if paths:
        for p in dict.fromkeys(r["path"] for r in result.results):
            sys.stdout.write(p + "\n")
        return
    data = result.to_dict()
    data["results"] = [_public(r, explain) for r in result.results]
    if as_json:
        if llm is not None:
            data["answer"] = ans.answer_question(llm, result.query, ans.iter_sources(result.results),
                                                 model_name=model_name).to_dict()
        print_json(data)
    else:
        console = stdout_console()
        render_results(data, console, explain=explain)
        if llm is not None:
            console.print("\n[bold]Answer[/]")
            got = ans.answer_question(llm, result.query, ans.iter_sources(result.results),
                                      on_text=lambda t: (sys.stdout.write(t), sys.stdout.flush()),
                                      model_name=model_name)
            sys.stdout.write("\n")
            if got.removed:
                stderr_console().print(f"[dim]removed citations to no listed source: {got.removed}[/]")
    if hint:
        stderr_console().print(f"[dim]{ANSWER_HINT}[/]", highlight=False, soft_wrap=True)


def _public(r: dict, explain: bool) -> dict:
    """The stable --json result: rank, path, lines, score, text, channels (+ duplicate_of, the rank of
    the result a near-duplicate repeats, and graph with --explain)."""
    out = {k: r[k] for k in ("rank", "path", "lines", "score", "text", "channels")}
    if r.get("duplicate_of"):
        out["duplicate_of"] = r["duplicate_of"]
    if explain and r.get("graph"):
        out["graph"] = r["graph"]
    return out


def render_results(data: dict, console, *, explain: bool = False) -> None:
    from rich.markup import escape

    if explain and data.get("seeds"):
        seeds = ", ".join(f"{s['name']} ({s['via']} {s['similarity']:.2f})" for s in data["seeds"])
        console.print(f"[dim]seeds:[/] {escape(seeds)}", highlight=False)
        for p in data.get("paths", [])[:3]:
            console.print(f"[dim]path:[/] {escape(' -> '.join(p['path']))}  [dim]{p['score']:.3f}[/]",
                          highlight=False)
    if not data["results"]:
        console.print("no results", style="yellow")
        return
    for r in data["results"]:
        lines = f"{r['lines'][0]}-{r['lines'][1]}" if r["lines"][0] != r["lines"][1] else str(r["lines"][0])
        chans = " ".join(sorted(r["channels"]))
        repeats = f"  repeats #{r['duplicate_of']}" if r.get("duplicate_of") else ""
        console.print(f"[bold]{r['rank']:>2}.[/] [cyan]{escape(r['path'])}[/]:{lines}  "
                      f"[dim]score {r['score']:.3f}  {chans}{repeats}[/]", highlight=False, soft_wrap=True)
        snippet = " ".join(r["text"].split())
        console.print("    " + escape(snippet[:220] + ("…" if len(snippet) > 220 else "")), highlight=False,
                      soft_wrap=True)
        if explain:
            for line in explain_lines(r):
                console.print("    [dim]" + escape(line) + "[/]", highlight=False, soft_wrap=True)


def explain_lines(r: dict) -> list[str]:
    parts = []
    for ch, info in sorted(r["channels"].items()):
        rank = f" #{info['rank']}" if "rank" in info else ""
        parts.append(f"{ch}{rank} {info['score']:.3f}")
    out = ["channels: " + ", ".join(parts)]
    g = r.get("graph") or {}
    if g.get("entities"):
        out.append(f"entities: {', '.join(g['entities'])}; path: {' -> '.join(g.get('path', []))}")
    if g.get("relation"):
        out.append(f"relation ({g['relation']['similarity']:.2f}): {g['relation']['text'][:120]}")
    if g.get("time"):
        t = g["time"]
        out.append(f"time: {t['days']} day(s) from {t['near']}, shares {t['shared']}")
    if g.get("date"):
        out.append(f"date: its note is dated in {', '.join(g['date'])}")
    return out
