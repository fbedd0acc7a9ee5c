"""`mrag tasks`: the checkbox tasks (and Org-mode task headlines) of the indexed notes. The work is in
tasks.py (through Index.tasks); this module parses flags and renders."""

from __future__ import annotations

from typing import List, Optional

import typer

from minirag_cli.app import app, open_index


@app.command()
def tasks(
    words: Optional[List[str]] = typer.Argument(None, help="Words each task listed holds (case and accents aside).",
                                                metavar="QUERY", show_default=False),
    done: bool = typer.Option(False, "--done", help="Done (and cancelled, forwarded) tasks instead of open ones."),
    every: bool = typer.Option(False, "--all", help="Open and done tasks."),
    due: bool = typer.Option(False, "--due", help="Only tasks with a due date, soonest first."),
    overdue: bool = typer.Option(False, "--overdue", help="Open tasks due before today ($MRAG_TODAY), "
                                                          "longest overdue first."),
    on_today: bool = typer.Option(False, "--today", help="Due or scheduled today ($MRAG_TODAY); with --done / "
                                                              "--all, done today too."),
    week: bool = typer.Option(False, "--week", help="Due or scheduled (or done, with --done / --all) this "
                                                     "week, Monday to Sunday."),
    within: Optional[str] = typer.Option(None, "--within", metavar="N",
                                         help="Due or scheduled in the N days from today: 7, 7d, 2w."),
    start: Optional[str] = typer.Option(None, "--from", metavar="DAY",
                                        help="Due or scheduled on DAY or later: 2026-11-20, today, tomorrow, friday."),
    end: Optional[str] = typer.Option(None, "--to", metavar="DAY", help="Due or scheduled on DAY or earlier."),
    priority: Optional[str] = typer.Option(None, "--priority", metavar="A",
                                           help="Only tasks of this priority: Org's and Logseq's \\[#A], Obsidian "
                                                "Tasks' highest and high (A), medium (B), low and lowest (C), "
                                                "a todo.txt line's (A) to (Z)."),
    limit: int = typer.Option(50, "--limit", "-n", min=1, help="How many to show."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON (a list of tasks)."),
    paths: bool = typer.Option(False, "--paths", help="Print the listed tasks' note files, each once."),
) -> None:
    """List the open tasks (`- [ ] ...`, Org's `* TODO ...`, Logseq's `- TODO ...`) of the indexed notes,
    newest note first; QUERY filters by words.

    Example: mrag tasks priya --overdue; mrag tasks --week; mrag tasks --done --week (done this week)
    """
    from minirag_cli.askday import current_day
    from minirag_cli.format import note, print_tasks, sync_line, unsynced_note
    from minirag_cli.tasks import check_flags, state_of, window_of

    query = " ".join(words or ()) or None  # `mrag tasks cafe muller` as `mrag tasks "cafe muller"`
    state = state_of(done=done, every=every, as_json=as_json, paths=paths)
    asks_day = overdue or on_today or week or within is not None or start is not None or end is not None
    # a bad MRAG_TODAY fails here, before any work; the open list hides a todo.txt threshold still to come
    today = current_day() if asks_day or state == "open" else None
    window = window_of(today=today, on_today=on_today, week=week, within=within, start=start, end=end) \
        if asks_day else None
    index = open_index(check=lambda _index: check_flags(state=state, due=due, overdue=overdue, limit=limit,
                                                        window=window is not None, priority=priority))
    found = [t.to_dict() for t in index.tasks(query, state=state, due=due, overdue=overdue, today=today,
                                              window=window, priority=priority)]
    shown_paths = None if as_json or paths else index.untagged_paths(t["path"] for t in found[:limit])
    print_tasks(found, limit=limit, as_json=as_json, paths=paths, state=state, query=query, due=due, overdue=overdue,
                window=window, priority=priority, shown_paths=shown_paths)
    running = index.sync_state()
    if running:  # a sync is at work: a note it has not reached yet is listed as last synced (a rebuild: all are)
        note(sync_line(*running, "tasks listed"), markup=False)
    unsynced_note(index.unsynced_edits([(t["root"], t["path"]) for t in found[:limit]]), str(index.path))
