"""`mrag ask QUESTION`: ranked sources from the index (Index.search) and,
with a GGUF model configured, a short answer citing them (Index.answer).

Output (format.print_ask): a readable list on a terminal (rank, path:lines,
score, snippet, and with --explain the channels and the graph's reasons),
`--json` for scripts, `--paths` for xargs. Results go to stdout, hints to
stderr. The model loads in a thread while the question is searched and
the lines it will read are chosen. `ask -i` asks one question after
another of one process (AskSession), so the model and the question
embedder load once and the prompt prefix stays in the model's KV state."""

from __future__ import annotations

import itertools
import sys
from typing import Iterator, Optional

import typer

from minirag_cli.app import app, open_index
from minirag_cli.errors import Interrupted, MragError, UsageError


@app.command()
def ask(
    question: Optional[str] = typer.Argument(None, help="The question; - reads it from stdin (with -i: the "
                                                        "first question).", show_default=False),
    mode: Optional[str] = typer.Option(None, "--mode", help="dense | bm25 | graph | hybrid | a set like "
                                                            "dense,bm25 (default: hybrid)."),
    k: Optional[int] = typer.Option(None, "--k", "-k", help="How many chunks to return (default 10)."),
    hops: Optional[int] = typer.Option(None, "--hops", help="Graph walk depth (default 2)."),
    explain: bool = typer.Option(False, "--explain", help="Show why each result ranked: channels, seeds, path."),
    as_json: bool = typer.Option(False, "--json", help="Print query, mode, seeds, results (and answer) as JSON "
                                                       "(with -i: one object per line)."),
    paths: bool = typer.Option(False, "--paths", help="Print the unique document paths, one per line."),
    no_answer: bool = typer.Option(False, "--no-answer", help="Only the sources, even with a model set."),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model for the answer (or $MRAG_MODEL)."),
    llm_query: bool = typer.Option(False, "--llm-query", help="Let the model name the question's entities "
                                                              "and answer type first (needs a model)."),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model",
                                                  help="The query embedding model (must match the one the index was built with)."),
    interactive: bool = typer.Option(False, "--interactive", "-i",
                                     help="One question after another, the model and the question embedder loaded "
                                          "once: typed at a prompt (Ctrl-D ends), or one per line from a pipe."),
) -> None:
    """Find the notes that answer a question, and answer it when a model is set.

    Example: mrag ask "has Wolfgang ever been to Hong Kong?" --explain
    """
    if paths and as_json:
        raise UsageError("--paths and --json are two ways to print the results: choose one.")
    if paths and explain:  # --paths prints the files alone
        raise UsageError("--paths prints only the notes' files: --explain would be ignored.",
                         hint="Leave --paths out to see why each result ranked (or use --json --explain).")
    if model is not None and (no_answer or paths) and not llm_query:  # the flag only: MRAG_MODEL is no mistake
        raise UsageError(f"--model writes the answer, and {'--no-answer' if no_answer else '--paths'} prints "
                         "only the sources: the model would not be loaded.",
                         hint=f"Leave {'--no-answer' if no_answer else '--paths'} out for an answer, add "
                              "--llm-query to let the model name the question's entities, or leave --model out.")
    if question is None and not interactive:
        raise UsageError("Missing the question.", hint='mrag ask "what did Wolfgang say about Berlin?" '
                                                       "(or mrag ask -i for one question after another)")
    text = None if interactive else read_question(question)  # an empty question fails before the index opens
    from minirag_cli.askday import current_day

    current_day()  # a bad MRAG_TODAY too
    index = open_index(mode=mode, k=k, hops=hops, model=model, embedding_model=embedding_model, check=flags_apply)
    bad_day_order_warning(index)
    want_answer = not (no_answer or paths)
    show = dict(as_json=as_json, paths=paths, explain=explain, want_answer=want_answer, llm_query=llm_query)
    try:
        if text is not None:
            ask_one(index, text, **show)
        else:  # Ctrl-C ends -i from a pipe (at a terminal it only stops a question: AskSession.ask)
            ask_interactively(index, question, **show)
    except KeyboardInterrupt:
        # sync's "everything committed so far is kept" promised a write that ask never makes
        stopped = "the answer stops there" if text is not None else "no more questions are asked"
        raise Interrupted(f"interrupted: {stopped} (ask only reads the index).") from None


def ask_interactively(index, first: str | None, **show) -> None:
    """`ask -i`: the questions (`first`, then stdin's lines) asked of one AskSession."""
    if show["llm_query"] and not index.has_llm():
        index.llm(required=True)  # --llm-query without a model fails here, not at every question
    asked = questions(first)
    if not sys.stdin.isatty():
        # from a pipe the first question is read before anything loads: `mrag ask -i < /dev/null`
        # loaded the embedder (seconds of sentence-transformers import) to answer nothing
        question = next(asked, None)
        if question is None:
            return
        asked = itertools.chain([question], asked)
    # loaded once, before the first prompt (llama.cpp mutes stdout while it loads); the embedder
    # first, so it keeps every core for the line choice of later questions (Index.query_embedder)
    index.query_embedder()
    if show["llm_query"] or (show["want_answer"] and index.has_llm()):
        index.llm(required=show["llm_query"])
    session = AskSession(index, **show)
    for text in asked:
        session.ask(text)


def bad_day_order_warning(index) -> None:
    """MRAG_DAY_ORDER=bogus: `mrag sync` fails on it; ask, which reads the index's own day order, warns of it."""
    from minirag_cli.format import day_order_warning

    day_order_warning(index.day_order_setting())


def flags_apply(index) -> None:
    """A UsageError for a flag that does not apply (--hops for a mode without
    the graph), raised before the command runs: before the first question of
    -i, and before the line naming the index (app.open_index)."""
    index.retrieval_options()


def ask_one(index, text: str, *, as_json: bool, paths: bool, explain: bool, want_answer: bool, llm_query: bool,
            answerer=None, one_line: bool = False) -> None:
    """Search one question and print it (format.print_ask), with the answer when a model is set."""
    from minirag_cli.askday import current_day
    from minirag_cli.format import added_note, note, print_ask, unsynced_note
    from minirag_cli.index import result_notes
    from minirag_cli.store.lookup import shorten

    from minirag_cli.text import refuse_wordless

    refuse_wordless(text)  # -i's line "?!": before --llm-query asks the model about it
    has_llm = (want_answer or llm_query) and index.has_llm()
    if want_answer and not llm_query:
        index.preload_llm()  # the model loads while the question is searched
    terms = index.query_terms(text) if llm_query else None
    result = index.search(text, index.retrieval_options(), terms=terms, today=current_day())
    answer, streaming, unheld = None, [], []
    if want_answer and has_llm:
        prepared = index.prepare_answer(result)  # the lines the model reads, chosen while it loads
        unheld = prepared.unheld
        def answer(on_text):
            streaming.append(True)  # its text ends no line until it is done
            written = index.answer(result, on_text=on_text, prepared=prepared, answerer=answerer)
            streaming.clear()
            return written
        index.llm()  # the model has loaded (llama.cpp sends stdout to /dev/null while it loads)
    elif not paths:  # no model declines it: the names no result holds are said beside the results
        unheld = index.unheld_names(result)
    unsynced = index.unsynced_edits(result_notes(result.results))
    added = index.added_notes()  # in no result: the answer may be out of date (a stat of each synced folder)
    # the notes go to stderr once the model has loaded (above): llama.cpp points stderr at /dev/null
    # while it loads in its thread, and this line was lost in most runs
    if result.undated is not None:  # "yesterday" found no note of that day: searched as words
        if result.undated_held:  # the note is there: "no note is dated" sent the user to check the folder
            note(f"the notes dated {result.undated.label()} are not among the results: the question is searched "
                 "as written", markup=False)
        else:
            note(f"no note is dated {result.undated.label()}: the question is searched as written", markup=False)
    if result.writing_notes:  # "next week": no note is dated in days to come; the notes that write one were read
        note(f"no note is dated {result.days.label()} yet: the notes that write a day of it are searched",
             markup=False)
    coming = result.latest
    if coming is not None and coming.latest.coming and coming.chosen is None:  # coming.py: none to come is written
        note(f"no note among the results writes a day to come for {' '.join(coming.latest.names + coming.latest.terms)!r}"
             ": the question is searched as written", markup=False)
    linked = result.linked  # backlinks.py: "which notes link to X?"
    if linked is not None:
        note(_backlinks_note(linked), markup=False)
    if result.unread is not None:  # "what did Keller say last week?": its "last week" is the notes' words
        note(result.unread.note(), markup=False)
    if result.results and only_common_words(result.query):
        # BM25 had no word to search: the list is whatever is nearest, which read as an answer
        note(f"The question holds only common words ({shorten(result.query)!r}), none of which is searched "
             "for: the notes listed are only those nearest to it in meaning. Name what you are looking for.",
             markup=False)
    empty = not result.results and index.holds_no_text()
    running, rebuilding = index.sync_state() or (None, False)
    try:
        print_ask(result, as_json=as_json, paths=paths, explain=explain, answer=answer,
                  hint=want_answer and not has_llm, one_line=one_line, unsynced=unsynced, unheld=unheld,
                  empty_index=empty, sync_running=running, rebuilding=rebuilding, added=added,
                  blocks=None if as_json or paths else index.block_refs(result.results))
    except KeyboardInterrupt:
        if streaming and not as_json:  # Ctrl-C mid-answer: its line ends, so what is said next (stderr's
            sys.stdout.write("\n")     # "interrupted", -i's prompt) is not glued to its last word
            sys.stdout.flush()
        raise
    unsynced_note(unsynced, str(index.path))
    added_note(added, str(index.path))


class AskSession:
    """`mrag ask -i`: every question asked of one open index, with one
    answerer (its prompt prefix stays in the model's KV state between
    questions). An error about one question is shown, and the next is read."""

    def __init__(self, index, **show):
        self.index, self.show = index, show
        self.answerer = None
        # no model: the hint once, not after every question, and only when a question comes
        # (`mrag ask -i < /dev/null` asked nothing, and was told how to get answers)
        self.hint_due = False
        if show["want_answer"] and index.has_llm():
            self.answerer = index.answerer()
        elif show["want_answer"]:
            self.hint_due = True
            self.show = dict(show, want_answer=False)

    def ask(self, text: str) -> None:
        from minirag_cli.format import print_answer_hint, print_error, print_json, stdout_console

        if self.hint_due:
            print_answer_hint()
            self.hint_due = False
        text_mode = not self.show["as_json"] and not self.show["paths"]
        if text_mode and not sys.stdin.isatty():  # a header says which question the lines answer
            from rich.text import Text

            from minirag_cli.format import visible

            # the question as typed: a `[/]` in it is no Rich markup (it ended the run), and its
            # control characters are written out (`\x1b`), as everywhere mrag writes to a terminal
            stdout_console().rule(Text(visible(text), style="rule.text"), style="dim", characters="─")
        try:
            ask_one(self.index, text, answerer=self.answerer, one_line=True, **self.show)
        except MragError as exc:
            print_error(exc)
            if self.show["as_json"] and not self.show["paths"]:  # one object per question, line for line
                print_json({"query": text, "error": str(exc), "hint": exc.hint}, one_line=True)
        except KeyboardInterrupt:
            if not sys.stdin.isatty():  # a script's Ctrl-C ends the run
                raise
            sys.stderr.write("(stopped)\n")  # at a terminal, Ctrl-C stops this question: back to the prompt
        if not self.show["as_json"]:  # a blank line before the next prompt or header; with --paths it ends
            sys.stdout.write("\n")    # each question's list (an empty one too), so group N answers question N
            sys.stdout.flush()


def questions(first: str | None) -> Iterator[str]:
    """The questions of `ask -i`: `first` (unless None or -), then one per
    line of stdin, read at a `question:` prompt when it is a terminal (where
    Ctrl-C clears the line). Blank lines are skipped; the end of input
    (Ctrl-D) ends."""
    interactive = sys.stdin.isatty()
    # the prompt goes where the person typing sees it, never into `> answers.jsonl`
    prompt_out = sys.stdout if sys.stdout.isatty() else sys.stderr
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # not on every platform; input() works without it
            pass
    from minirag_cli.text import typed_text

    if first is not None and first != "-" and first.strip():
        yield " ".join(typed_text(first).split())
    while True:
        if interactive:
            try:
                if prompt_out is sys.stdout:
                    line = input("question: ")
                else:
                    prompt_out.write("question: ")
                    prompt_out.flush()
                    line = input()
            except EOFError:  # Ctrl-D
                prompt_out.write("\n")
                return
            except KeyboardInterrupt:  # Ctrl-C clears the line, as in Python's prompt
                prompt_out.write("\n")
                continue
        else:
            line = sys.stdin.readline()
            if not line:
                return
        text = " ".join(typed_text(without_bom(line)).split())
        if text:
            yield text


def only_common_words(question: str) -> bool:
    """Whether BM25 has no word of the question to search for (every word a
    stopword: "what is it?", "the"), nor Chinese or Japanese text."""
    from minirag_cli.retrieve import cjk_query, fts_query

    return fts_query(question) is None and cjk_query(question) is None


def without_bom(text: str) -> str:
    """`text` read from stdin without the byte order mark it may start with:
    PowerShell (and Notepad's files piped in) write one, Python keeps it as
    U+FEFF, which str.split() does not take for a blank, so it stayed glued
    to the question's first word. Each line of `ask -i` may be a file's first."""
    return text.removeprefix("\ufeff")


def refuse_several_questions(text: str) -> None:
    """`ask -` joins stdin into one question: two questions piped in (a file
    of them, without -i) were searched as one text, and neither was answered.
    Several lines that each end with a question mark are taken for several
    questions (a UsageError pointing at -i); a question wrapped over lines
    ends with one mark only, and is still read as one."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.endswith(("?", "？")) for line in lines):
        raise UsageError(f"stdin holds {len(lines)} questions, one per line: `mrag ask -` asks one question.",
                         hint="mrag ask -i < questions.txt asks each in turn (one answer per question); "
                              "join the lines to ask them as one question.")


def read_question(question: str) -> str:
    """The question (`-`: from stdin), whitespace collapsed; a UsageError when empty
    or only punctuation."""
    from minirag_cli.text import refuse_wordless, typed_text

    if question == "-" and sys.stdin.isatty():
        # `mrag ask -` typed at a terminal waited for stdin without a word, as if it hung
        sys.stderr.write("reading the question from stdin: type it, then Enter and Ctrl-D "
                         "(mrag ask -i asks one question after another)\n")
        sys.stderr.flush()
    text = without_bom(sys.stdin.read()) if question == "-" else question
    if question == "-":
        refuse_several_questions(text)
    text = " ".join(typed_text(text).split())
    if not text:
        raise UsageError("The question is empty.", hint='mrag ask "what did Wolfgang say about Berlin?"')
    refuse_wordless(text)  # before the index opens, as an empty question
    return text


def _backlinks_note(linked) -> str:
    """What stderr says of a "which notes link to X?" question (backlinks.reorder's Linked)."""
    if linked.same_name:
        return (f"{len(linked.same_name)} notes are named {linked.name} ({', '.join(linked.same_name)}): give its "
                f"folder (\"which notes link to {linked.same_name[0].rsplit('.', 1)[0]}?\"); the question is searched "
                "as written")
    if not linked.linking:
        return f"no note links to {linked.path}: the question is searched as written"
    listed = len(linked.linking)
    shown = f"{listed}, listed first" if listed == linked.total else f"{linked.total}, the first {listed} listed first"
    return f"notes linking to {linked.path}: {shown}, the note itself after them"
