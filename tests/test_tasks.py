"""`mrag tasks`: a journal's checkbox tasks read from a real synced index
(heuristic extractor, the `hashing:64` embedder, small chunks so a note
spans several): open by default, newest note first, with their line
numbers; --done / --all, QUERY, --due / --overdue against MRAG_TODAY,
--json and --paths; code fences, front matter, sub-tasks and continuation
lines; tasks follow syncs; clear errors for an index with no notes yet
and one a sync is writing."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from minirag_cli import db
from minirag_cli.cli import app
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.tasks import tasks_in
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

NOTES = {
    "daily/2026-11-18.md": (
        "# Wednesday\n"
        "\n"
        "Long day at the office, then the gym and a quiet dinner at home with the family.\n"
        "- [ ] call Priya about the lease 📅 2026-11-20\n"
        "- [x] dentist appointment ✅ 2026-11-18\n"
        "- [-] cancelled the piano lesson\n"
    ),
    "daily/2026-11-19.md": (
        "Notes of the day, written late in the evening after the long meeting with the landlord.\n"
        "\n"
        "* [ ] book the Café Müller table [due:: 2026-11-25]\n"
        "1. [ ] renew passport\n"
        "   before the trip in December\n"
        "   - [ ] find the photo\n"
        "```markdown\n"
        "- [ ] not a task, an example in a code fence\n"
        "```\n"
        "2) [/] write the quarterly report ⏳ 2026-11-21\n"
    ),
    "projects/garden.md": (
        "---\n"
        "title: Garden\n"
        "date: 2026-10-02\n"
        "---\n"
        "+ [ ] plant the tulip bulbs 📅 2026-11-01\n"
    ),
    "ideas.md": "Some ideas.\n\n- [ ] write about gardens\n- [ ]\n- [?] not a task either\n",
}


def sync(root: Path, db_path: Path, *, overlap: int = 2) -> None:
    conn = db.connect(db_path, create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=8, overlap_tokens=overlap))
    finally:
        conn.close()


@pytest.fixture
def journal(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    return db_path, root


def invoke(db_path, *args, env=None):
    return CliRunner().invoke(app, ["--db", str(db_path), "tasks", *args], env=env)


def run(capsys, monkeypatch, *args) -> tuple[int, str, str]:
    """`mrag ARGS` through cli.main, as the shell runs it (its errors: one line, exit code 1 or 2)."""
    from minirag_cli.cli import main

    capsys.readouterr()
    monkeypatch.setattr("sys.argv", ["mrag", *map(str, args)])
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())


def listed(db_path, *args, env=None) -> list[dict]:
    res = invoke(db_path, *args, "--json", env=env)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_open_tasks_newest_note_first_with_their_lines(journal):
    db_path, root = journal
    tasks = listed(db_path)
    assert [(t["path"], t["line"], t["text"]) for t in tasks] == [
        ("daily/2026-11-19.md", 3, "book the Café Müller table"),
        ("daily/2026-11-19.md", 4, "renew passport before the trip in December"),
        ("daily/2026-11-19.md", 6, "find the photo"),
        ("daily/2026-11-19.md", 10, "write the quarterly report"),
        ("daily/2026-11-18.md", 4, "call Priya about the lease"),
        ("projects/garden.md", 5, "plant the tulip bulbs"),  # dated by its front matter
        ("ideas.md", 3, "write about gardens"),  # undated: last
    ]
    for t in tasks:  # each line number is the file's line that holds the box (chunks of 8 words rebuilt)
        line = (root / t["path"]).read_text(encoding="utf-8").splitlines()[t["line"] - 1]
        assert "[ ]" in line or "[/]" in line, (t, line)
        assert t["text"].split()[0] in line
    by_line = {(t["path"], t["line"]): t for t in tasks}
    assert by_line[("daily/2026-11-19.md", 3)]["due"] == "2026-11-25"
    assert by_line[("daily/2026-11-18.md", 4)]["due"] == "2026-11-20"
    assert by_line[("daily/2026-11-19.md", 10)]["scheduled"] == "2026-11-21"
    assert by_line[("daily/2026-11-19.md", 10)]["status"] == "in_progress"
    assert by_line[("daily/2026-11-19.md", 4)]["lines"] == [4, 5]  # its continuation line
    assert by_line[("daily/2026-11-19.md", 6)]["parent"] == 4  # a sub-task of its own
    assert [t["note_date"] for t in tasks] == ["2026-11-19"] * 4 + ["2026-11-18", "2026-10-02", None]
    assert set(tasks[0]) == {"text", "status", "done", "path", "root", "line", "lines", "note_date", "due",
                             "scheduled", "done_on", "parent", "priority", "starts", "created", "recurs",
                             "id", "depends_on", "on_completion", "in_window"}  # in_window: null with no day window
    assert tasks[0]["priority"] is None  # a checkbox has none (an Org or Logseq `[#A]` does: test_org_mode)
    assert tasks[0]["root"] == str(root)


def test_done_and_all(journal):
    db_path, _ = journal
    done = listed(db_path, "--done")
    assert [(t["text"], t["status"], t["done_on"]) for t in done] == [
        ("dentist appointment", "done", "2026-11-18"), ("cancelled the piano lesson", "cancelled", None)]
    assert all(t["done"] for t in done)
    assert len(listed(db_path, "--all")) == len(done) + len(listed(db_path))


def test_query_words_case_and_accents_aside(journal):
    db_path, _ = journal
    assert [t["text"] for t in listed(db_path, "CAFE", "muller")] == ["book the Café Müller table"]
    assert [t["text"] for t in listed(db_path, "priya lease")] == ["call Priya about the lease"]
    assert listed(db_path, "priya", "tulip") == []  # every word
    res = invoke(db_path, "zzz")
    assert res.exit_code == 0 and res.stdout == "" and "No open task matches 'zzz'." in res.stderr


def test_due_and_overdue_against_the_asking_day(journal):
    db_path, _ = journal
    assert [t["due"] for t in listed(db_path, "--due")] == ["2026-11-01", "2026-11-20", "2026-11-25"]
    overdue = listed(db_path, "--overdue", env={"MRAG_TODAY": "2026-11-21"})
    assert [t["text"] for t in overdue] == ["plant the tulip bulbs", "call Priya about the lease"]
    assert listed(db_path, "--overdue", env={"MRAG_TODAY": "2026-10-01"}) == []


def test_a_bad_asking_day_is_a_clear_error(journal, capsys, monkeypatch):
    db_path, _ = journal
    monkeypatch.setenv("MRAG_TODAY", "someday")
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "tasks", "--overdue")
    assert code == 1 and out == "" and "MRAG_TODAY is 'someday'" in err and "Traceback" not in err


def test_paths_and_the_table(journal, monkeypatch):
    db_path, root = journal
    monkeypatch.chdir(root)  # the files as a shell here opens them, each once, in the order listed
    res = invoke(db_path, "--paths", "--all")
    assert res.exit_code == 0
    assert res.stdout.splitlines() == ["daily/2026-11-19.md", "daily/2026-11-18.md", "projects/garden.md",
                                       "ideas.md"]
    monkeypatch.chdir(root.parent)
    assert invoke(db_path, "--paths", "passport").stdout == "notes/daily/2026-11-19.md\n"
    res = invoke(db_path, "-n", "2", env={"COLUMNS": "200"})
    assert res.exit_code == 0
    assert "book the Café Müller table" in res.stdout and "daily/2026-11-19.md:3" in res.stdout
    assert "daily/2026-11-19.md:4-5" in res.stdout and "find the photo" not in res.stdout
    assert "the first 2 of 7 tasks; -n 7 lists them all" in res.stderr


def test_flags_that_contradict_are_usage_errors(journal, capsys, monkeypatch):
    db_path, _ = journal
    for args, said in ((["--done", "--all"], "give one of --done and --all"),
                       (["--overdue", "--done"], "--overdue lists open tasks only"),
                       (["--json", "--paths"], "--json and --paths are two outputs"),
                       (["--due", "--overdue"], "give one of --due and --overdue")):
        code, out, err = run(capsys, monkeypatch, "--db", db_path, "tasks", *args)
        assert code == 2 and out == "" and said in err, (args, err)


def test_tasks_follow_syncs(journal):
    """An edited note's tasks are those of its new text, at their new lines; a deleted note's are gone."""
    db_path, root = journal
    (root / "daily/2026-11-18.md").write_text("# Wednesday\n\nMoved things around.\n\n\n"
                                              "- [x] call Priya about the lease\n- [ ] pay the rent\n",
                                              encoding="utf-8")
    (root / "ideas.md").unlink()
    sync(root, db_path)
    tasks = listed(db_path, "--all")
    assert [(t["path"], t["line"], t["text"], t["done"]) for t in tasks if t["path"] == "daily/2026-11-18.md"] == [
        ("daily/2026-11-18.md", 6, "call Priya about the lease", True),
        ("daily/2026-11-18.md", 7, "pay the rent", False)]
    assert not any(t["path"] == "ideas.md" for t in tasks)


def test_line_numbers_hold_for_chunks_without_overlap(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path, overlap=0)
    tasks = listed(db_path, "--all")
    assert len(tasks) == 9
    for t in tasks:
        line = (root / t["path"]).read_text(encoding="utf-8").splitlines()[t["line"] - 1]
        assert t["text"].split()[0] in line, (t, line)


def test_what_is_no_task():
    lines = ["---", "tags: [a]", "---", "```", "- [ ] in a fence", "```", "~~~~", "- [ ] tildes", "~~~~",
             "- [ ]", "- [?] other mark", "-[ ] no space", "> - [ ] quoted", "text [ ] in prose"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [(13, "quoted")]


def test_an_index_with_no_notes_yet(tmp_path, capsys, monkeypatch):
    db_path = tmp_path / "index.sqlite"
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "tasks")  # no index at all
    assert code == 1 and out == "" and "error:" in err and "Traceback" not in err
    db.connect(db_path, create=True).close()
    code, out, err = run(capsys, monkeypatch, "--db", db_path, "tasks")
    assert code == 1 and out == "" and "holds no notes yet: no sync has written one" in err, err
    with open(str(db_path) + ".lock", "a+") as lock:  # its first sync at work
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242"), lock.flush()
        code, out, err = run(capsys, monkeypatch, "--db", db_path, "tasks", "--json")
    assert code == 1 and out == "" and "a `mrag sync` (pid 4242) is writing the first ones" in err, err


def test_an_index_a_sync_is_writing_says_so(journal):
    db_path, _ = journal
    with open(str(db_path) + ".lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        lock.write("4242"), lock.flush()
        res = invoke(db_path, "--json")
    assert res.exit_code == 0 and len(json.loads(res.stdout)) == 7
    assert "a `mrag sync` (pid 4242) is writing the index now" in " ".join(res.stderr.split())


def test_a_listed_note_edited_since_the_sync_is_named(journal):
    """The tasks are the indexed version's: a note edited and not yet synced
    is named on stderr, as `mrag show` names it, with the sync that updates it."""
    db_path, root = journal
    (root / "ideas.md").write_text("- [x] write about gardens\n", encoding="utf-8")
    res = invoke(db_path, "gardens", "--json")
    assert [t["text"] for t in json.loads(res.stdout)] == ["write about gardens"]  # as last synced: open
    said = " ".join(res.stderr.split())
    # (the index given with --db, which `mrag sync ROOT` alone would not sync, named: config.index_to_name)
    assert "ideas.md changed since the last sync" in said and f"mrag --db {db_path} sync {root}" in said, said
    assert "changed since" not in " ".join(invoke(db_path, "priya").stderr.split())  # only the notes listed


def test_search_still_refuses_an_index_with_no_notes(tmp_path):
    """Index.require_notes, shared with `mrag tasks`, is still search's first check."""
    from minirag_cli.config import effective
    from minirag_cli.errors import DatabaseError
    from minirag_cli.index import Index

    db_path = tmp_path / "index.sqlite"
    db.connect(db_path, create=True).close()
    with Index.open(effective({"db": str(db_path)}, db_path)) as index:
        with pytest.raises(DatabaseError, match="holds no notes yet: no sync has written one into it") as err:
            index.search("Berlin")
    assert "Run `mrag sync DIR`" in err.value.hint


def test_a_pre_upgrade_header_dates_its_note_by_its_front_matter(journal):
    # an index not synced since a chunk's header held the front matter's date line: its header is
    # `---`; date questions read the note's date from its first chunk then (store.dating_heads), and
    # the tasks list dates it the same way, not as an undated note listed last
    db_path, _root = journal
    conn = db.connect(db_path)
    try:
        conn.execute("UPDATE chunks SET header = '---' WHERE document_id = "
                     "(SELECT id FROM documents WHERE path = 'projects/garden.md')")
        conn.commit()
    finally:
        conn.close()
    garden = [t for t in listed(db_path) if t["path"] == "projects/garden.md"]
    assert [t["note_date"] for t in garden] == ["2026-10-02"]


def test_the_table_folds_a_long_note_path_rather_than_cut_its_line():
    """In an 80-column terminal a note path with no blank (a citekey note,
    `papers/@smith2021attention.md:56`) was cut to `papers/@smith2021atten…`:
    the line to open was gone. It is folded over the cell's lines instead."""
    import io

    from rich.console import Console

    from minirag_cli.format import render_tasks

    where = "literature/papers/@smith2021attention-long-documents.md:56"
    row = {"status": "open", "text": "compare window size results with [[beltagy2020longformer]] and the "
           "sparse attention papers from 2021", "path": where.rsplit(":", 1)[0], "line": 56,
           "lines": [56, 56], "note_date": "2026-11-23", "due": "2026-12-01"}
    out = io.StringIO()
    render_tasks([row], Console(file=out, width=80, color_system=None))
    cells = [line.split("│")[-2].strip() for line in out.getvalue().splitlines() if line.count("│") == 5]
    assert "…" not in out.getvalue()
    assert "".join(cells) == where


def _at_once(lines: list[str]) -> list[dict]:
    """tasks_in(lines), in a child process killed after a minute, so a relapse into a quadratic read
    fails here instead of hanging the suite (a thread would not do: a regex holds the GIL throughout)."""
    import subprocess
    import sys

    code = "import json, sys; from minirag_cli.tasks import tasks_in; print(json.dumps(tasks_in(json.load(sys.stdin))))"
    try:
        done = subprocess.run([sys.executable, "-c", code], input=json.dumps(lines), capture_output=True,
                              text=True, timeout=60, cwd=Path(__file__).resolve().parents[1], check=True)
    except subprocess.TimeoutExpired:
        pytest.fail("tasks_in did not finish in a minute")
    return json.loads(done.stdout)


def test_a_task_line_of_a_long_run_of_blanks_is_read_at_once():
    """The lazy text before a blanks-to-the-end check retried it from each blank
    (200,000 blanks: minutes); a line of thousands of unclosed Dataview fields
    was scanned to its end from each of them."""
    tasks = _at_once(["# 2026-11-17", "", "- [ ] a" + " " * 300_000 + "b", "- [ ] " + "[due:: 2026-11-20 " * 20_000])
    assert [(t["line"], t["text"]) for t in tasks][0] == (3, "a b")
    assert len(tasks) == 2 and tasks[1]["due"] is None


def test_fences_read_as_commonmark_and_mdcode_read_them():
    lines = ["```ad-todo", "- [ ] in an admonition", "```",  # an Admonition fence holds prose
             "```npm i``` fixed it", "- [ ] below inline code",  # a backtick in the info string: no fence
             "> ```", "> - [ ] in a quoted fence", "> ```",
             "- item", "    ```", "    - [ ] in a fence under an item", "    ```",
             "~~~js", "- [ ] in code", "~~~", "- [ ] after"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [
        (2, "in an admonition"), (5, "below inline code"), (16, "after")]


def test_a_task_in_an_html_comment_is_none():
    lines = ["<!-- - [ ] one line -->", "<!--", "- [ ] many lines", "-->", "- [ ] call Bob <!-- not Ann --> today"]
    assert [(t["line"], t["text"]) for t in tasks_in(lines)] == [(5, "call Bob today")]


def test_a_due_date_that_is_no_day_stays_in_the_text():
    tasks = tasks_in(["- [ ] renew 📅 2026-13-45", "- [ ] pay [due:: 2026-02-30] ⏳ 2026-02-28"])
    assert [(t["text"], t["due"], t["scheduled"]) for t in tasks] == [
        ("renew 📅 2026-13-45", None, None), ("pay [due:: 2026-02-30]", None, "2026-02-28")]


def test_a_notion_page_is_listed_by_its_titles_without_their_ids(tmp_path):
    """A Notion export ends each page's file and folder name with its id (`Meeting notes ebc1…/Brightline
    SteerCo #2 abb1….md`): at 80 columns the note cell wrapped each task to 8 lines of hex (qa session 55).
    The table lists the page by its titles, as `mrag show` opens it; two pages of one title keep their ids,
    a plain file's name keeps its words, and --json keeps the real path."""
    root, db_path = tmp_path / "export", tmp_path / "kb.sqlite"
    hq, meetings = "Consulting HQ " + "08a8" * 8, "Meeting notes " + "ebc1" * 8
    steerco = f"{hq}/{meetings}/Brightline SteerCo #2 {'abb1' * 8}.md"
    planning = [f"{hq}/{meetings}/Weekly planning {tag * 8}.md" for tag in ("5f36", "77aa")]
    write_notes(root, {steerco: "# Brightline SteerCo #2\n\n- [ ] Buddy one-pager — Camille\n",
                       planning[0]: "# Weekly planning\n\n- [ ] Book the Lyon train\n",
                       planning[1]: "# Weekly planning\n\n- [ ] Send the invoices\n",
                       "report 2026 final abcdef.md": "# Report\n\n- [ ] Proofread the figures\n",
                       f"hashes/backup {'d41d' * 8}0.md": "# Backup\n\n- [ ] Restore the archive\n"})
    sync(root, db_path)
    res = invoke(db_path, env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    # the note cells, folded over their lines at blanks (which the fold drops): compared without blanks
    notes = "".join(line.split("│")[-2].strip() for line in res.output.splitlines()
                    if line.count("│") == 5).replace(" ", "")
    assert "ConsultingHQ/Meetingnotes/BrightlineSteerCo#2.md:3" in notes and "abb1" not in notes
    assert "08a8" not in notes.replace(planning[0].replace(" ", ""), "").replace(planning[1].replace(" ", ""), "")
    for page in planning:  # one title, two pages: the ids tell them apart
        assert page.replace(" ", "") + ":3" in notes
    assert "report2026finalabcdef.md:3" in notes and f"hashes/backup{'d41d' * 8}0.md:3" in notes
    listed = json.loads(invoke(db_path, "--json").output)
    assert {t["path"] for t in listed} == {steerco, *planning, "report 2026 final abcdef.md",
                                           f"hashes/backup {'d41d' * 8}0.md"}


def test_a_notion_pages_short_path_is_listed_only_where_show_opens_it(tmp_path):
    """fixN (review of notionids): the short path was listed whatever `mrag show` does with it: beside a plain
    `Consulting HQ/Meeting notes/Sofia check-in.md` it opened that note, and for one of two pages of one title
    (only one with a task) it refused. Such a page keeps its ids; the one page its short path opens loses them."""
    from minirag_cli.store.lookup import find_document

    root, db_path = tmp_path / "export", tmp_path / "kb.sqlite"
    hq, meetings = "Consulting HQ " + "08a8" * 8, "Meeting notes " + "ebc1" * 8
    sofia = f"{hq}/{meetings}/Sofia check-in {'0d60' * 8}.md"
    weekly = [f"{hq}/{meetings}/Weekly planning {tag * 8}.md" for tag in ("5f36", "77aa")]
    kickoff = f"{hq}/{meetings}/Client kickoff {'aebc' * 8}.md"
    write_notes(root, {sofia: "# Sofia check-in\n\n- [ ] Send Sofia the deck\n",
                       "Consulting HQ/Meeting notes/Sofia check-in.md": "# Sofia check-in\n\nA plain note.\n",
                       weekly[0]: "# Weekly planning\n\n- [ ] Book the Lyon train\n",
                       weekly[1]: "# Weekly planning\n\nNothing to do.\n",
                       kickoff: "# Client kickoff\n\n- [ ] Agree the scope\n"})
    sync(root, db_path)
    res = invoke(db_path, env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    cells = {line.split("│")[-2].strip() for line in res.output.splitlines() if line.count("│") == 5}
    assert {f"{sofia}:3", f"{weekly[0]}:3", "Consulting HQ/Meeting notes/Client kickoff.md:3"} <= cells, cells
    conn = db.connect(db_path)
    try:  # what the table lists opens the page it lists
        assert find_document(conn, "Consulting HQ/Meeting notes/Client kickoff.md")["path"] == kickoff
    finally:
        conn.close()


def test_a_database_name_inside_a_title_word_still_heads_the_row(tmp_path):
    """fixN: the database's name was left out of a row's head when the title held it inside a word (`AI` in
    `Email follow-up`); a title that holds it as a word (`AI tooling review`) names it already."""
    from minirag_cli.store.write import _written_head

    ai = "Research " + "a1b2" * 8 + "/AI " + "c3d4" * 8
    created = "\n\nCreated: November 4, 2026 8:55 AM\n\nx\n"
    head = _written_head(f"# Email follow-up{created}", None, f"{ai}/Email follow-up {'e5f6' * 8}.md")
    assert head.startswith("# Email follow-up · AI · "), head
    head = _written_head(f"# AI tooling review{created}", None, f"{ai}/AI tooling review {'e5f6' * 8}.md")
    assert head.startswith("# AI tooling review · created"), head
