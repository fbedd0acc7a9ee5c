"""`mrag sync`, `mrag status` and `mrag entities`: the index itself."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from minirag_cli.app import app, index_path, open_index, remember_sync, settings, sigterm_as_interrupt, state


@app.command()
def sync(
    dirs: List[str] = typer.Argument(..., help="Folders of notes to index (several allowed).", show_default=False),
    extractor: Optional[str] = typer.Option(None, "--extractor", "-x", help="auto | heuristic | llm (default: auto)."),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="GGUF model for the llm extractor (or $MRAG_MODEL)."),
    embedding_model: Optional[str] = typer.Option(None, "--embedding-model", help="sentence-transformers model name or folder."),
    chunk_tokens: Optional[int] = typer.Option(None, "--chunk-tokens", help="Chunk size in whitespace tokens."),
    overlap: Optional[int] = typer.Option(None, "--overlap", help="Overlap between chunks in tokens."),
    max_bytes: Optional[int] = typer.Option(None, "--max-bytes", help="Skip files larger than this many bytes (default 5 MB; a Jupyter notebook: its text, its file up to 20 times it)."),
    # two flags, not typer's "--follow-symlinks/--no-follow-symlinks": that one puts the --no- name in
    # the short-name column, 20 characters taken from every option's help at 80 columns
    follow_symlinks: bool = typer.Option(False, "--follow-symlinks", help="Follow symlinks out of the folder, "
                                                                         "in this sync and the next ones."),
    no_follow_symlinks: bool = typer.Option(False, "--no-follow-symlinks", help="Stop following them."),
    rebuild: bool = typer.Option(False, "--rebuild", help="Empty the index first (keeps the extraction cache)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    watch: bool = typer.Option(False, "--watch", "-w", help="After the sync, keep watching and re-sync what "
                                                            "changes until Ctrl-C."),
    force: bool = typer.Option(False, "--force", help="Sync / or your home folder itself (refused without it)."),
    wait: float = typer.Option(0, "--wait", min=0, metavar="SECONDS", help="Another sync running on the index: "
                               "wait up to SECONDS for it to finish (refused at once without it)."),
) -> None:
    """Index or refresh folders of notes (incremental: unchanged notes cost a stat).

    Example: mrag sync ~/notes
    """
    from minirag_cli import format as fmt
    from minirag_cli.extract.select import describe_choice, make_extractor
    from minirag_cli.index import Index
    from minirag_cli.llm import model_set_by
    from minirag_cli.sync import SyncOptions, check_folders

    sync_dirs = check_folders(dirs, whole=force, synced=True, index=state.db)  # its hints name --db's index
    path = index_path(sync_dirs)  # located, not created yet
    s = settings(path, extractor=extractor, model=model, embedding_model=embedding_model,
                 chunk_tokens=chunk_tokens, overlap_tokens=overlap)
    with model_set_by(s.source("model")):  # a bad model fails here, before the index is touched
        ext = make_extractor(s.extractor, s.model)
    options = SyncOptions.from_settings(s, max_bytes=max_bytes,
                                        follow_symlinks=follow_flag(follow_symlinks, no_follow_symlinks))
    # SIGTERM stops the sync as Ctrl-C does, saying what is kept (--watch's own handler ends the watch with 0)
    with sigterm_as_interrupt(), Index.open(s, create=True) as index:
        if s.source("db").startswith("found "):  # walking up from the current folder (or a synced one)
            index.check_own_index(sync_dirs)
        if not as_json and not quiet:  # which extractor `auto` chose, and why (--json has it as `extractor`)
            fmt.note(f"index {index.path} · extractor {describe_choice(ext, s)}", markup=False)
        index.sync(sync_dirs, options, extractor=ext, rebuild=rebuild,
                   progress=None if (quiet or as_json) else fmt.sync_progress(), wait=wait, on_wait=fmt.waiting,
                   # found from any folder once it holds a note, even if Ctrl-C stops the sync
                   on_first_note=lambda roots: remember_sync(index.path, roots),
                   on_synced=lambda summary: (remember_sync(index.path, summary.roots),
                                              fmt.print_sync(summary.to_dict(), as_json=as_json, one_line=watch)),
                   watch=fmt.watch_hooks(sync_dirs, as_json=as_json) if watch else None,
                   on_interrupted=fmt.interrupted_sync(as_json=as_json, one_line=watch))
    if watch:
        fmt.note("stopped watching; everything synced is kept.", markup=False)


def follow_flag(follow: bool, no_follow: bool) -> bool | None:
    """--follow-symlinks: True, --no-follow-symlinks: False, neither: None (as the index records)."""
    from minirag_cli.errors import UsageError

    if follow and no_follow:
        raise UsageError("--follow-symlinks and --no-follow-symlinks contradict each other: give one.")
    return True if follow else False if no_follow else None


@app.command()
def status(as_json: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """Show what the index holds: files, chunks, entities, edges, size, models.

    Example: mrag status --json
    """
    from minirag_cli.format import print_data, render_status

    print_data(open_index().status(), render_status, as_json=as_json)


@app.command()
def entities(
    query: Optional[str] = typer.Argument(None, help="Fuzzy search; omit to list the most mentioned."),
    limit: int = typer.Option(50, "--limit", "-n", min=1, help="How many to show."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """List or fuzzy-search entities with type, mention count and aliases.

    Example: mrag entities "wolfgang"
    """
    from minirag_cli.format import no_entities_note, note, print_data, render_entities

    index = open_index()
    rows = index.entities(query, limit)
    if not rows and not as_json:
        no_entities_note(query)
    print_data(rows, render_entities, as_json=as_json)
    if len(rows) == limit and not (query and query.strip()) and not as_json:
        total = index.entity_count()  # the table alone read as all there is
        if total > limit:
            note(f"the {limit} most mentioned of {total} entities; -n {total} lists them all", markup=False)
