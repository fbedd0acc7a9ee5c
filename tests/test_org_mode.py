"""Org-mode notes (`.org`) as an Emacs user keeps them: what mrag shows of
them and the task headlines `mrag tasks` reads."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.format import stderr_console, stdout_console


def test_org_words_between_colons_are_shown_as_written_not_as_emoji(capsys):
    # an Org drawer's `:END:` and a tag list `:books:home:` are text; Rich's emoji codes made
    # them 🔚 and 📚 in ask's snippets, `mrag show` and every table
    stdout_console().print(":PROPERTIES: :END: #+FILETAGS: :books: :thumbs_up:")
    stderr_console().print(":END: :books:")
    out, err = capsys.readouterr()
    assert out.strip() == ":PROPERTIES: :END: #+FILETAGS: :books: :thumbs_up:"
    assert err.strip() == ":END: :books:"


ORG_NOTES = {
    "projects.org": (
        "#+TITLE: Projects\n"
        "#+FILETAGS: :projects:\n"
        "\n"
        "* Garden project                                                :garden:\n"
        "** DONE Build the raised beds\n"
        "   CLOSED: [2026-10-20 Tue 16:40]\n"
        "** NEXT Order compost from Greenleaf Nursery\n"
        "   SCHEDULED: <2026-11-19 Thu>\n"
        "** TODO [#A] Plant the garlic [1/2]                          :urgent:\n"
        "   DEADLINE: <2026-11-16 Mon 10:00> SCHEDULED: <2026-11-14 Sat>\n"
        "*** TODO Buy the garlic\n"
        "** CANCELLED Install drip irrigation\n"
        "   CLOSED: [2026-11-01 Sun 10:00]\n"
        "   Too expensive this season.\n"
        "* TODO\n"
        "* Tomatoes are TODO next year\n"
        "#+BEGIN_SRC org\n"
        "* TODO an example in a source block\n"
        "- [ ] an example checkbox\n"
        "#+END_SRC\n"
        "- [ ] a checkbox in the same note\n"
    ),
    "own-keywords.org": (
        "#+SEQ_TODO: TODO(t) WAITING(w@/!) | DONE(d!) DELEGATED(g@)\n"
        "* WAITING Hear back from the landlord\n"
        "  DEADLINE: <2026-11-11 Wed>\n"
        "* DELEGATED Fix the boiler\n"
        "* NEXT not a keyword of this note\n"
    ),
    "notes.md": "# Not Org\n\n* TODO a Markdown list item, no Org headline\n",
}


def _org_index(tmp_path):
    from tests.test_tasks import sync
    from tests.conftest import write_notes

    root = tmp_path / "org"
    write_notes(root, ORG_NOTES)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    return db_path


def test_org_task_headlines_are_tasks_with_their_planning_dates(tmp_path):
    from tests.test_tasks import listed

    db_path = _org_index(tmp_path)
    tasks = {t["text"]: t for t in listed(db_path, "--all")}
    assert set(tasks) == {
        "Build the raised beds", "NEXT Order compost from Greenleaf Nursery", "Plant the garlic",
        "Buy the garlic", "Install drip irrigation", "a checkbox in the same note",
        "WAITING Hear back from the landlord", "DELEGATED Fix the boiler"}
    garlic = tasks["Plant the garlic"]
    assert (garlic["status"], garlic["due"], garlic["scheduled"], garlic["lines"]) == \
        ("open", "2026-11-16", "2026-11-14", [9, 10])
    assert tasks["Buy the garlic"]["parent"] == 9
    assert tasks["Plant the garlic"]["parent"] is None  # under a headline that is no task
    beds = tasks["Build the raised beds"]
    assert (beds["status"], beds["done"], beds["done_on"], beds["line"]) == ("done", True, "2026-10-20", 5)
    assert tasks["Install drip irrigation"]["status"] == "cancelled"
    assert tasks["NEXT Order compost from Greenleaf Nursery"]["scheduled"] == "2026-11-19"
    # the note's own keywords: WAITING open, DELEGATED (after `|`) closed
    waiting = tasks["WAITING Hear back from the landlord"]
    assert (waiting["status"], waiting["due"]) == ("open", "2026-11-11")
    assert tasks["DELEGATED Fix the boiler"]["status"] == "done"


def test_an_org_repeater_is_the_tasks_recurrence(tmp_path):
    """tasks4: a planning line's repeater (`+1w`, `.+1m`, `++1d`) was read past, the day kept and the
    recurrence lost; it is `recurs`, in the Tasks plugin's words (`🔁 every week` gives "every week")."""
    from tests.conftest import write_notes
    from tests.test_tasks import listed, sync

    root = tmp_path / "org"
    write_notes(root, {"chores.org": (
        "#+TITLE: Chores\n\n"
        "* TODO Water the plants\nSCHEDULED: <2026-11-03 Tue +1w>\n"
        "* TODO Pay the rent\nDEADLINE: <2026-11-30 Mon .+1m -3d>\n"
        "* TODO Stretch\nSCHEDULED: <2026-11-03 Tue 07:00 ++1d>\n"
        "* TODO Review the budget\nSCHEDULED: <2026-11-02 Mon> DEADLINE: <2026-11-06 Fri +2w>\n"
        "* TODO File the taxes\nDEADLINE: <2026-11-15 Sun>\n"
        "* DONE Sweep\nCLOSED: [2026-11-02 Mon 10:00]\n")})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    got = {t["text"]: (t["due"] or t["scheduled"], t["recurs"]) for t in listed(db_path, "--all")}
    assert got == {"Water the plants": ("2026-11-03", "every week"),
                   "Pay the rent": ("2026-11-30", "every month when done"),
                   "Stretch": ("2026-11-03", "every day"),
                   "Review the budget": ("2026-11-06", "every 2 weeks"),
                   "File the taxes": ("2026-11-15", None), "Sweep": (None, None)}


def test_a_closed_stamp_s_repeater_is_no_recurrence():
    """Only SCHEDULED and DEADLINE repeat in Org (revO: `CLOSED: [... +1w]` gave recurs "every week"); the
    CLOSED day is still the task's done_on."""
    from minirag_cli.tasks import org_repeater, org_tasks_in

    assert org_repeater("CLOSED: [2026-11-02 Mon 17:03 +1w]") is None
    assert org_repeater("SCHEDULED: <2026-11-03 Tue +1w>") == "every week"
    task, = org_tasks_in(["* DONE Sweep", "CLOSED: [2026-11-02 Mon 17:03 +1w]"])
    assert (task["done_on"], task["recurs"]) == ("2026-11-02", None)
    task, = org_tasks_in(["* DONE Sweep", "CLOSED: [2026-11-02 Mon 17:03 +1w] SCHEDULED: <2026-11-03 Tue +1m>"])
    assert (task["done_on"], task["scheduled"], task["recurs"]) == ("2026-11-02", "2026-11-03", "every month")


def test_org_tasks_by_tag_due_and_overdue(tmp_path):
    from tests.test_tasks import listed

    db_path = _org_index(tmp_path)
    # a tag, its own or inherited (`#+FILETAGS:`, a parent headline's), finds the task, not its text
    assert [t["text"] for t in listed(db_path, "urgent")] == ["Plant the garlic", "Buy the garlic"]
    assert {t["text"] for t in listed(db_path, "garden")} == {
        "NEXT Order compost from Greenleaf Nursery", "Plant the garlic", "Buy the garlic"}
    assert len(listed(db_path, "projects", "--all")) == 5  # not the checkbox: tags are a headline's
    overdue = listed(db_path, "--overdue", env={"MRAG_TODAY": "2026-11-15"})
    assert [t["text"] for t in overdue] == ["WAITING Hear back from the landlord"]
    assert [t["due"] for t in listed(db_path, "--due")] == ["2026-11-11", "2026-11-16"]


def test_org_and_logseq_tasks_have_their_priority(tmp_path, capsys, monkeypatch):
    """An Org headline's `[#A]` and a Logseq block's `[#B]` are the task's
    `priority` ("A", "B"; null for none, a checkbox's too), in `--json` and the
    table's `priority` column, shown only when a listed task has one;
    `--priority a` lists those of it, a bad one is a usage error (they were
    only taken out of the text)."""
    from tests.conftest import write_notes
    from tests.test_tasks import listed, run

    db_path = _org_index(tmp_path)
    tasks = {t["text"]: t["priority"] for t in listed(db_path, "--all")}
    assert tasks["Plant the garlic"] == "A"
    assert tasks["Buy the garlic"] is None and tasks["a checkbox in the same note"] is None
    assert [t["text"] for t in listed(db_path, "--priority", "a")] == ["Plant the garlic"]
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "tasks", "garlic")
    assert code == 0 and "priority" in out and " A " in out
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "tasks", "compost")
    assert code == 0 and "priority" not in out and "compost" in out
    code, _out, err = run(capsys, monkeypatch, "--db", db_path, "tasks", "--priority", "AB")
    assert code == 2 and "--priority" in err and "Traceback" not in err

    from tests.test_tasks import sync
    root = tmp_path / "logseq"
    write_notes(root, {"pages/alpha.md": "- TODO [#B] write the spec\n- TODO review it\n"})
    sync(root, tmp_path / "logseq.sqlite")
    found = {t["text"]: t["priority"] for t in listed(tmp_path / "logseq.sqlite")}
    assert found == {"write the spec": "B", "review it": None}


def test_org_markup_is_blanked_in_place_for_the_name_rules():
    from minirag_cli.extract.orgmode import readable

    text = ("#+TITLE: Priya Raman\n#+STARTUP: overview\n"
            "* WAITING [#A] Tomás to bring the wheelbarrow   :garden:\n"
            "  CLOSED: [2026-11-02 Mon 17:03] SCHEDULED: <2026-11-01 Sun>\n"
            "  :PROPERTIES:\n  :ID:       3f2a9c0e\n  :END:\n"
            "#+BEGIN_QUOTE\nWe have forty thousand euros.\n#+END_QUOTE\n"
            "| Bed | Crop |\n|-----+------|\n| North | Garlic |\n")
    read = readable(text)
    assert len(read) == len(text) and [len(x) for x in read.split("\n")] == [len(x) for x in text.split("\n")]
    for gone in ("TITLE", "STARTUP", "WAITING", "[#A]", "CLOSED", "SCHEDULED", "Sun", "Mon", "PROPERTIES", ":ID:",
                 ":END:", "BEGIN_QUOTE", "END_QUOTE", "*"):
        assert gone not in read, gone
    for kept in ("Priya Raman", "Tomás to bring", ":garden:", "2026-11-02", "3f2a9c0e", "forty thousand",
                 "|-----|------|", "| North | Garlic |"):
        assert kept in read, kept


def test_an_org_notes_markup_names_nothing_and_its_markup_opens_no_chat(tmp_path):
    from tests.conftest import write_notes
    from tests.test_tasks import sync

    notes = {
        "inbox.org": (
            "#+TITLE: Inbox\n#+FILETAGS: :inbox:\n#+STARTUP: overview\n\n"
            # a headline's first word after its keyword starts a sentence, in a chunk that opens there too (a lone
            # `Tomás` was a name only there: blanks alone before a word were no text's start, review revS)
            "* WAITING Tomás Ferreira to bring the spare wheelbarrow\n"
            "* DONE Buy a new bike lock\n  CLOSED: [2026-11-02 Mon 17:03]\n"
            "* CANCELLED Sign up for the marathon\n  CLOSED: [2026-11-03 Tue 08:00]\n"
            "* TODO Call the plumber\n  SCHEDULED: <2026-11-20 Fri>\n"
            "* TODO Water the plants\n  SCHEDULED: <2026-11-22 Sun>\n"
            "  :PROPERTIES:\n  :STYLE:    habit\n  :END:\n"
            "  :LOGBOOK:\n  CLOCK: [2026-11-10 Tue 09:00]--[2026-11-10 Tue 11:30] =>  2:30\n  :END:\n"
        ),
        "meeting.org": (
            "#+TITLE: Atlas kick-off\n\n"
            "#+BEGIN_QUOTE\nWe have forty thousand euros, said Priya Raman.\n#+END_QUOTE\n"
        ),
    }
    root = tmp_path / "org"
    write_notes(root, notes)
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path, overlap=0)
    conn = db.connect(db_path)
    try:
        names = {name: type_ for name, type_ in conn.execute("SELECT name, type FROM entities")}
    finally:
        conn.close()
    for markup in ("TITLE", "FILETAGS", "STARTUP", "CLOSED", "SCHEDULED", "CLOCK", "PROPERTIES", "STYLE", "END",
                   "LOGBOOK", "BEGIN_QUOTE", "END_QUOTE", "Sun", "WAITING", "CANCELLED", "DONE", "TODO"):
        assert not any(markup in name.split() for name in names), (markup, names)
    assert "Tomás Ferreira" in names and "Priya Raman" in names
    assert "person" not in names.values()  # `CLOSED:` twice read as a chat made CLOSED a person


def test_an_org_notes_title_and_date_head_it(tmp_path):
    from tests.conftest import write_notes
    from minirag_cli.extract.heuristic import HeuristicExtractor
    from minirag_cli.sync import SyncOptions, sync_folders
    from mrag_test_plugin import hashing_embedder
    from tests.test_tasks import listed

    notes = {
        "budget-review.org": "#+TITLE: Budget review with Priya\n#+DATE: [2026-11-12 Thu 14:00]\n\n* TODO Update the plan\n",
        "finance.org": "#+TITLE: Finance\n#+DATE: <2026-11-01 Sun>\n* TODO File the tax return\n",
        "roam/20261103101500-eigenvalues.org": (
            ":PROPERTIES:\n:ID:       3f2a9c0e-1b2d-4e5f-8a7b-6c5d4e3f2a1b\n:END:\n#+title: Eigenvalues\n\n"
            "An eigenvalue of a matrix.\n"),
        "ideas.org": "#+TITLE: Ideas\n#+DATE: autumn\n* TODO A reading group\n",
    }
    root = tmp_path / "org"
    write_notes(root, notes)
    db_path = tmp_path / "index.sqlite"
    conn = db.connect(db_path, create=True)
    try:  # chunks of the default size: the lines before the first headline are read from the first chunk
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions())
        heads = dict(conn.execute("SELECT d.path, c.header FROM chunks c JOIN documents d ON d.id = c.document_id "
                                  "WHERE c.seq = 0"))
    finally:
        conn.close()
    assert heads["budget-review.org"] == "Budget review with Priya · date: 2026-11-12 14:00"
    assert heads["finance.org"] == "Finance · date: 2026-11-01"
    # an org-roam note opens with its ID drawer: its #+title heads it, with its file name's time
    assert heads["roam/20261103101500-eigenvalues.org"] == "Eigenvalues · date: 2026-11-03 10:15"
    assert heads["ideas.org"] == "Ideas"  # a #+DATE: that writes no day dates nothing
    dates = {t["path"]: t["note_date"] for t in listed(db_path)}
    assert dates == {"budget-review.org": "2026-11-12", "finance.org": "2026-11-01", "ideas.org": None}


def test_long_runs_in_an_org_note_are_read_at_once():
    # in a child process with a generous timeout, not a wall-clock bound a loaded machine can miss:
    # the code before took 129 s
    from tests.test_long_inputs import in_child

    lines = ["* TODO " + " " * 200_000 + "x", "* TODO a" + " " * 200_000 + ":", "|" + "-" * 200_000 + "x",
             "  SCHEDULED: <" + "2026-11-20 " * 20_000, ":" + "a:" * 100_000]
    found = in_child("from minirag_cli.extract.orgmode import readable; from minirag_cli.tasks import org_tasks_in:"
                     "[t['text'] for t in org_tasks_in(arg)] if readable('\\n'.join(arg)) is not None else None",
                     lines)
    assert found == ["x", "a :"]  # its blanks one, as a checkbox task's are


def test_an_org_link_to_a_file_reads_as_a_wikilink_in_place():
    """orgmode.file_links: a `file:` (or `./`) link to a note by a relative path, or an `id:` link,
    is the wikilink to it, its `file:` and `::` search blanked and its description after it as text; a link to
    a file that is no note, or by an absolute path, links nothing and its path names nothing."""
    from minirag_cli.extract.heuristic import HeuristicExtractor, link_targets
    from minirag_cli.extract.orgmode import file_links

    text = ("See [[file:meetings.org][meetings]] and [[file:people/priya.org::*Budget][Priya's budget notes]],\n"
            "[[./areas/Health Plan.org]], [[file:../log.txt::42]], [[file:scan.pdf][the Scan]],\n"
            "[[file:~/org/garden.org][garden]], [[file:/home/me/org/car.org]], [[id:3f2a9c0e][Eigenvalues]]"
            " and [[https://orgmode.org][Org]].")
    read = file_links(text)
    assert len(read) == len(text) and [len(x) for x in read.split("\n")] == [len(x) for x in text.split("\n")]
    assert [(t.name, t.type) for t in link_targets(read)] == [
        ("meetings", "name"), ("priya", "name"), ("Health Plan", "name"), ("log", "name"), ("id:3f2a9c0e", "name")]
    for gone in ("file:", "Budget", "scan.pdf", "garden.org", "car.org"):
        assert gone not in read, gone
    for kept in ("meetings", "Priya's budget notes", "the Scan", "[[id:3f2a9c0e]]Eigenvalues  ", "orgmode.org"):
        assert kept in read, kept
    found = {m.name for m in HeuristicExtractor().extract_one(read)}
    assert "Budget" not in found and "Eigenvalues" in found
    # read as Markdown (a `.md` note's text), a described Org link links nothing
    assert not {"meetings", "priya"} & {t.name for t in link_targets(text)}


def _fresh_graph(tmp_path, root) -> dict:
    """The graph a fresh sync of `root` makes, in a new index file each call
    (tests/test_heuristic_version's graph)."""
    from tests.test_heuristic_version import graph, sync

    fresh = db.connect(tmp_path / f"fresh{len(list(tmp_path.iterdir()))}.sqlite", create=True)
    sync(fresh, [root])
    return graph(fresh)


def test_an_org_notes_file_links_join_the_notes_they_link_to(tmp_path):
    """`[[file:meetings.org][meetings]]` in an Org note joins the note it links
    to as a Markdown link to it does (sync.note_link_keys reads an Org note's
    links as orgmode.file_links rewrites them; heuristic rules 17: no Org link
    joined notes); the same link in a Markdown note links nothing. An
    incremental sync that adds or removes the link and a fresh one agree."""
    from minirag_cli.resolve import normalise_key
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    root = tmp_path / "org"
    notes = {
        "meetings.org": "#+TITLE: Team sync notes\n* 2026-11-12 Budget review\nJonas found the orders table slow.\n",
        "people/priya.org": "* Budget\nPriya wants the kitchen done by spring.\n",
        "Deploy Log.org": "* Rolled back the release\n",
        "projects.org": "* Atlas\nBudget in [[file:people/priya.org::*Budget][Priya's budget notes]].\n"
                        "See [[file:meetings.org][meetings]] and [[file:Deploy Log.org]].\n",
        "readme.md": "Org links: [[file:../elsewhere/notes.org][notes]].\n",
    }
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    sync(conn, [root])
    assert _notes_of(conn, "meetings") == {"meetings.org", "projects.org"}
    assert _notes_of(conn, "priya") >= {"people/priya.org", "projects.org"}
    assert _notes_of(conn, normalise_key("Deploy Log", "name")) == {"Deploy Log.org", "projects.org"}
    assert _notes_of(conn, "notes") == set()  # a Markdown note's `[[file:...]]` is no link
    assert graph(conn) == _fresh_graph(tmp_path, root)
    write_notes(root, {"projects.org": "* Atlas\nNothing links here.\n"})
    assert sorted(sync(conn, [root]).note_names_changed) == ["Deploy Log.org", "meetings.org", "people/priya.org"]
    assert _notes_of(conn, "meetings") == set()
    assert graph(conn) == _fresh_graph(tmp_path, root)
    with db.transaction(conn):  # no record of the links: read from the chunks the index holds
        db.delete_meta(conn, db.LINK_TARGETS_KEY)
    write_notes(root, {"projects.org": notes["projects.org"]})
    sync(conn, [root])
    assert _notes_of(conn, "meetings") == {"meetings.org", "projects.org"}
    assert graph(conn) == _fresh_graph(tmp_path, root)


def test_an_org_roam_id_link_joins_the_note_whose_drawer_holds_the_id(tmp_path):
    """org-roam's `[[id:3f2a…][Eigenvalues]]` links to the note whose drawer
    before its first headline holds `:ID: 3f2a…` (heuristic.org_aliases: an alias
    of that note, and a link to it names the note by its slug,
    heuristic.linkable_name, as a link to its file name would: sync._id_keys);
    its `:ROAM_ALIASES:` are aliases too. A headline's `:ID:` is the
    headline's, no note's. An incremental sync that adds the link, changes the
    ID or removes the link and a fresh one agree (heuristic rules 17: no id:
    link joined notes)."""
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    eig = "3f2a9c0e-1b2d-4e5f-8a7b-6c5d4e3f2a1b"
    root = tmp_path / "org"
    notes = {
        "roam/20261103101500-eigenvalues.org": (f":PROPERTIES:\n:ID:       {eig}\n:ROAM_ALIASES: \"Eigen stuff\" Spectra\n"
                                                ":END:\n#+title: Eigenvalues\n\nA scalar with Av = λv.\n"),
        "roam/20261104093000-hessian_matrix.org": ":PROPERTIES:\n:ID:       7b1c2d3e\n:END:\n#+title: Hessian matrix\n\n"
                                                  "Second derivatives.\n* Part\n  :PROPERTIES:\n  :ID: 99aa\n  :END:\n",
        "lecture.org": "* Monday\nThe professor covered the spectrum.\n",
    }
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)

    sync(conn, [root])
    # its `#+title:` is a name in it, as a front matter title is (heuristic rules 18), linked or not
    assert _notes_of(conn, "eigenvalues") == {"roam/20261103101500-eigenvalues.org"}
    write_notes(root, {"lecture.org": f"* Monday\nThe professor covered [[id:{eig}][the spectrum]], as Spectra says.\n"
                                      "See [[id:99aa][a part]].\n"})
    assert sync(conn, [root]).note_names_changed == ["roam/20261103101500-eigenvalues.org"]
    assert _notes_of(conn, "eigenvalues") == {"lecture.org", "roam/20261103101500-eigenvalues.org"}
    # a headline's ID names no note: lecture.org's `[[id:99aa]]` is no mention of it
    assert _notes_of(conn, "hessianmatrix") == {"roam/20261104093000-hessian_matrix.org"}
    aliases = {a for (a,) in conn.execute("SELECT a.alias FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
                                          "WHERE e.key = 'eigenvalues'")}
    assert {f"id:{eig}", "Spectra"} <= aliases
    assert graph(conn) == _fresh_graph(tmp_path, root)
    write_notes(root, {"roam/20261103101500-eigenvalues.org": notes["roam/20261103101500-eigenvalues.org"].replace(
        eig, "0000aaaa")})
    sync(conn, [root])
    assert _notes_of(conn, "eigenvalues") == {"roam/20261103101500-eigenvalues.org"}
    assert graph(conn) == _fresh_graph(tmp_path, root)
    write_notes(root, {"roam/20261103101500-eigenvalues.org": notes["roam/20261103101500-eigenvalues.org"]})
    sync(conn, [root])
    assert _notes_of(conn, "eigenvalues") == {"lecture.org", "roam/20261103101500-eigenvalues.org"}
    write_notes(root, {"lecture.org": notes["lecture.org"]})
    sync(conn, [root])
    assert _notes_of(conn, "eigenvalues") == {"roam/20261103101500-eigenvalues.org"}
    assert graph(conn) == _fresh_graph(tmp_path, root)


def test_org_blocks_are_read_as_the_readers_read_them():
    """An Org block's tasks follow the readers' one reading (mdcode.kind_blocks):
    a `#+BEGIN_SRC` nothing closes is text, as Org reads it, so the headlines and
    checkboxes after it are tasks (they were hidden to the note's end), and a
    `#+BEGIN_QUOTE` holds prose, its checkboxes tasks (they were hidden); a closed
    source block still hides its example's."""
    from minirag_cli.tasks import tasks_of

    lines = ("* Notes\n"
             "#+BEGIN_SRC shell\n"
             "- [ ] an example in a closed block\n"
             "* TODO an example headline\n"
             "#+END_SRC\n"
             "#+BEGIN_QUOTE\n"
             "- [ ] call the quoted plumber\n"
             "#+END_QUOTE\n"
             "#+begin_example\n"
             "nothing closes this example\n"
             "* TODO Water the plants\n"
             "- [ ] buy compost\n").split("\n")
    assert [(t["text"], t["line"]) for t in tasks_of("garden.org", lines)] == [
        ("call the quoted plumber", 7), ("Water the plants", 11), ("buy compost", 12)]


def test_an_org_notes_own_todo_keywords_are_blanked(tmp_path):
    # a note's `#+TODO:` keywords are its headlines' keywords, as `mrag tasks` reads them: `PLAN Tomás
    # Ferreira` and `FINISHED Priya Raman` were names; the keywords line is in the first chunk only
    from tests.conftest import write_notes
    from tests.test_tasks import sync

    root = tmp_path / "org"
    write_notes(root, {"plans.org": "#+TITLE: Plans\n#+TODO: PLAN DOING | FINISHED\n\n"
                                    + "".join(f"* Week {n}\nQuiet week, nothing much happened at all.\n"
                                              for n in range(1, 80))
                                    + "* PLAN Tomás Ferreira sends the draft\n* FINISHED Priya Raman booked it\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path, overlap=0)
    conn = db.connect(db_path)
    try:
        assert conn.execute("SELECT count(*) FROM chunks").fetchone()[0] > 1
        names = {name for (name,) in conn.execute("SELECT name FROM entities")}
    finally:
        conn.close()
    assert {"Tomás Ferreira", "Priya Raman"} <= names, names
    assert not any(word in name.split() for name in names for word in ("PLAN", "FINISHED")), names


def test_a_link_in_code_names_no_note(tmp_path):
    """A link inside an Org `#+BEGIN_SRC` block (`[[file:meetings.org]]`,
    `[[id:…]]`), a Markdown fence or a Markdown note's indented code block is
    written about, not followed: it names and links no note, as the extractor
    reads it (sync.note_link_keys read the stored chunk without the note
    kind's code blocks: heuristic rules 18). The same links outside code do."""
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    root = tmp_path / "org"
    code = ("* Links\n#+BEGIN_SRC org\nSee [[file:meetings.org][meetings]] and [[id:3f2a9c0e][the spectrum]].\n"
            "#+END_SRC\n")
    notes = {
        "meetings.org": "* Budget\nJonas found the orders table slow.\n",
        "roam/20261103101500-eigenvalues.org": ":PROPERTIES:\n:ID:       3f2a9c0e\n:END:\n\nA scalar with Av.\n",
        "lecture.org": code,
        "pages/hackerspace.md": "The space on Elm Street.\n",
        "syntax.md": "# Link syntax\n\nWrite it so:\n\n    [[Hackerspace]]\n\nor fenced:\n\n```\n[[Hackerspace]]\n```\n",
    }
    write_notes(root, notes)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "meetings") == set()
    assert _notes_of(conn, "eigenvalues") == set()
    assert _notes_of(conn, "hackerspace") == set()
    assert graph(conn) == _fresh_graph(tmp_path, root)
    # out of the block, the same links name their notes
    write_notes(root, {"lecture.org": code.replace("#+BEGIN_SRC org\n", "").replace("#+END_SRC\n", ""),
                       "syntax.md": "Meet at [[Hackerspace]].\n"})
    sync(conn, [root])
    assert _notes_of(conn, "meetings") == {"meetings.org", "lecture.org"}
    assert _notes_of(conn, "eigenvalues") == {"lecture.org", "roam/20261103101500-eigenvalues.org"}
    assert _notes_of(conn, "hackerspace") == {"pages/hackerspace.md", "syntax.md"}
    assert graph(conn) == _fresh_graph(tmp_path, root)


def test_an_org_notes_title_names_it_as_a_front_matter_title_does(tmp_path):
    """An Org note's `#+title:` (before its first headline) is read as a
    front matter's `title:` is: whole, a name when it is a title (heuristic
    rules 18: its words were text, `Eigenvalues and eigenvectors` named
    nothing), so an org-roam note whose slug org-roam made from it
    (`..._eigenvalues_and_eigenvectors.org`) and the notes that link to its
    `:ID:` are one entity named by the title, as `kitchen-reno.md` with
    `title: Kitchen Reno` is. A `#+TITLE:` under a headline is no title."""
    from minirag_cli.extract import orgmode
    from tests.conftest import write_notes
    from tests.test_heuristic_version import graph, sync
    from tests.test_wikilinks import _notes_of

    text = ":PROPERTIES:\n:ID: 3f2a\n:END:\n#+title: Eigenvalues and eigenvectors\n\nA scalar.\n* Later\n#+TITLE: Not one\n"
    read = orgmode.titled(text)
    assert len(read) == len(text) and read.count("title:: ") == 1 and "#+TITLE: Not one" in read

    root = tmp_path / "org"
    roam = "roam/20261103101500-eigenvalues_and_eigenvectors.org"
    write_notes(root, {roam: ":PROPERTIES:\n:ID:       3f2a\n:END:\n#+title: Eigenvalues and eigenvectors\n\nA scalar.\n",
                       "lecture.org": "* Monday\nThe professor covered [[id:3f2a][the spectrum]].\n",
                       "journal.org": "* Notes\nNothing titled here.\n#+TITLE: Not A Title Here\n"})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    assert _notes_of(conn, "eigenvaluesandeigenvectors") == {roam, "lecture.org"}
    assert conn.execute("SELECT name FROM entities WHERE key = 'eigenvaluesandeigenvectors'").fetchone()[0] \
        == "Eigenvalues and eigenvectors"
    assert _notes_of(conn, "notatitlehere") == set()
    assert graph(conn) == _fresh_graph(tmp_path, root)


ARCHIVE = ("#    -*- mode: org -*-\n\n\nArchived entries from file /home/me/org/garden.org\n\n\n"
           "* DONE Build the raised beds\n  CLOSED: [2026-10-20 Tue 16:40]\n  :PROPERTIES:\n"
           "  :ARCHIVE_TIME: 2026-11-01 Sun 10:00\n  :ARCHIVE_FILE: ~/org/garden.org\n"
           "  :ARCHIVE_OLPATH: Beds\n  :ARCHIVE_TODO: DONE\n  :END:\n  Priya helped with the beds.\n")


def test_an_org_archive_file_is_an_org_note(tmp_path, capsys, monkeypatch):
    """`garden.org_archive`, which Org's `C-c C-x C-a` writes, is a note read
    as an Org one (walk readers 7: it was skipped, not a note file): its
    task headlines are tasks (DONE done), its markup names nothing (an
    archived entry's `:ARCHIVE_TIME: 2026-11-01 Sun 10:00` named Sun), `mrag
    show` shows it, and it takes no name from `garden.org` (a link to
    `[[file:garden.org]]` still names that note alone)."""
    from tests.conftest import write_notes
    from tests.test_tasks import listed, run, sync
    from tests.test_wikilinks import _notes_of

    root = tmp_path / "org"
    write_notes(root, {"garden.org": "* TODO Plant the garlic\n", "garden.org_archive": ARCHIVE,
                       "index.org": "* Links\nSee [[file:garden.org][the garden]].\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path, overlap=0)
    tasks = {t["text"]: (t["path"], t["status"], t["done_on"]) for t in listed(db_path, "--all")}
    assert tasks == {"Plant the garlic": ("garden.org", "open", None),
                     "Build the raised beds": ("garden.org_archive", "done", "2026-10-20")}
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "show", "garden.org_archive")
    assert code == 0 and "Priya helped with the beds." in out
    conn = db.connect(db_path)
    try:
        names = {name for (name,) in conn.execute("SELECT name FROM entities")}
        assert "Sun" not in names and "2026-11-01" in names  # the archive is read, its weekday names nothing
        assert _notes_of(conn, "garden") == {"garden.org", "index.org"}
    finally:
        conn.close()


def test_an_org_archive_files_open_todo_is_listed_with_all_alone(tmp_path, capsys, monkeypatch):
    """An archived entry still marked TODO (Org archives a subtree as it is)
    is out of Org's agenda: `mrag tasks` and `--overdue` list the note's own
    open TODO, not the archive's (they listed both); `--all` lists it."""
    from tests.conftest import write_notes
    from tests.test_tasks import listed, sync

    archive = ("Archived entries from file /home/u/notes/notes.org\n\n* TODO Migrate the wiki to Confluence\n"
               "  DEADLINE: <2026-10-01 Thu>\n  :PROPERTIES:\n  :ARCHIVE_TIME: 2026-11-01 Sun 10:00\n  :END:\n")
    root = tmp_path / "org"
    write_notes(root, {"notes.org": "* TODO Renew passport\n  DEADLINE: <2026-12-01 Tue>\n",
                       "notes.org_archive": archive})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path, overlap=0)
    monkeypatch.setenv("MRAG_TODAY", "2026-12-06")
    assert [t["text"] for t in listed(db_path)] == ["Renew passport"]
    assert [t["text"] for t in listed(db_path, "--overdue")] == ["Renew passport"]
    assert {t["text"]: t["path"] for t in listed(db_path, "--all")} == {
        "Renew passport": "notes.org", "Migrate the wiki to Confluence": "notes.org_archive"}


def test_id_aliases_are_counted_in_the_tables_and_listed_in_json(tmp_path, capsys, monkeypatch):
    """An org-roam `:ID:` alias (`id:3f2a…`) and a Logseq block's uuid are how
    links reach a note, no name a person reads: `mrag entities` and `mrag entity`
    tables count them (`+1 id`) beside the other aliases, `--json` lists them."""
    import json

    from tests.conftest import write_notes
    from tests.test_tasks import run, sync

    eig = "3f2a9c0e-1b2d-4e5f-8a7b-6c5d4e3f2a1b"
    block = "6543a1b2-aaaa-4bbb-8ccc-111122223333"
    root = tmp_path / "notes"
    write_notes(root, {
        "roam/20261103101500-eigenvalues.org": f":PROPERTIES:\n:ID:       {eig}\n:ROAM_ALIASES: Spectra\n:END:\n\nAv.\n",
        "lecture.org": f"* Monday\nThe professor covered [[id:{eig}][the spectrum]].\n",
        "pages/Alpha Project.md": f"- The spec\n  id:: {block}\n",
        "journals/2026_11_03.md": f"- Read (({block})) and [[Alpha Project]].\n",
    })
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "entity", "eigenvalues")
    assert code == 0 and "Spectra" in out and "+1 id" in out and "id:" not in out
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "entity", "eigenvalues", "--json")
    assert code == 0 and f"id:{eig}" in {a["alias"] for a in json.loads(out)["aliases"]}
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "entities")
    assert code == 0 and "+1 id" in out and "id:" not in out and block not in out and "Spectra" in out
    code, out, _err = run(capsys, monkeypatch, "--db", db_path, "entities", "--json")
    found = {a for e in json.loads(out) for a in e["aliases"]}
    assert {f"id:{eig}", block} <= found
