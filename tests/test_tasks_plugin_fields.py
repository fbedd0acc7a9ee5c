"""`mrag tasks` on the Obsidian Tasks plugin's other fields (tasks3): its five priorities read into Org's
letters (🔺/⏫ "A", 🔼 "B", 🔽/⏬ "C": `--priority A` finds a ⏫ task), its `🛫` start and `➕` created days
kept as `starts` and `created` (they were taken out of the text and lost; a start day puts no task in a day
window), its `🔁 every week` recurrence as `recurs` (it stayed in the text), and the `[>]` forwarded custom
status (it was no task). Each fails on main at dbeeb0f."""

from __future__ import annotations

from minirag_cli.tasks import logseq_tasks_in, tasks_in
from tests.conftest import write_notes
from tests.test_tasks import invoke, listed, sync


def one(line: str) -> dict:
    (task,) = tasks_in([line])
    return task


def test_tasks_priorities_are_orgs_letters():
    got = [(one(f"- [ ] pay rent {sign}")["priority"], one(f"- [ ] pay rent {sign}")["text"])
           for sign in ("🔺", "⏫", "🔼", "🔽", "⏬", "⏫\ufe0f", "[priority:: high]", "(priority:: Lowest)")]
    assert got == [("A", "pay rent"), ("A", "pay rent"), ("B", "pay rent"), ("C", "pay rent"),
                   ("C", "pay rent"), ("A", "pay rent"), ("A", "pay rent"), ("C", "pay rent")]
    task = one("- [ ] file taxes ⏫ 📅 2026-11-15")
    assert (task["text"], task["priority"], task["due"]) == ("file taxes", "A", "2026-11-15")
    assert one("- [ ] no priority here")["priority"] is None
    # a Logseq block's cookie says first; its Tasks emoji is taken out of its text all the same
    (block,) = logseq_tasks_in(["- TODO [#B] ship it ⏫"])
    assert (block["text"], block["priority"]) == ("ship it", "B")
    (block,) = logseq_tasks_in(["- TODO ship it 🔽"])
    assert (block["text"], block["priority"]) == ("ship it", "C")


def test_start_and_created_days_are_kept():
    task = one("- [ ] renew domain 🛫 2026-11-20 ➕ 2025-11-22 📅 2026-12-01")
    assert (task["text"], task["starts"], task["created"], task["due"]) == (
        "renew domain", "2026-11-20", "2025-11-22", "2026-12-01")
    task = one("- [ ] tidy desk [start:: 2026-11-04] [created:: 2026-11-01]")  # Dataview's fields
    assert (task["text"], task["starts"], task["created"]) == ("tidy desk", "2026-11-04", "2026-11-01")
    task = one("- [ ] typo 🛫 2026-13-45")  # no day: kept in the text, where the typo shows
    assert (task["text"], task["starts"]) == ("typo 🛫 2026-13-45", None)


def test_a_recurrence_is_its_rule():
    got = {line: (one(line)["text"], one(line)["recurs"]) for line in (
        "- [ ] pay rent 🔁 every month on the 1st 📅 2026-12-01 ^rent",
        "- [ ] file taxes ⏫ 🔁 every year 🛫 2026-11-01 ⏳ 2026-11-10 📅 2026-11-15",
        "- [ ] renew domain 🔁 every year when done 📅 2026-11-22",
        "- [ ] sweep 🔁 every 2 weeks on Monday, Friday #chores",
        "- [ ] water the plants [repeat:: every day when done]",
        "- [ ] 🔁 every week water plants",  # the rule would be the whole text: left as written
        "- [ ] water 🔁 weekly",  # no `every`: no rule the plugin reads
    )}
    assert list(got.values()) == [
        ("pay rent", "every month on the 1st"), ("file taxes", "every year"),
        ("renew domain", "every year when done"), ("sweep #chores", "every 2 weeks on Monday, Friday"),
        ("water the plants", "every day when done"), ("🔁 every week water plants", None),
        ("water 🔁 weekly", None)]


def test_the_plugins_fields_are_read_in_the_trailing_run_alone():
    """revN: a sign inside the description was read, "read about 🔁 every loop construct in Rust" was text
    "read about" with the rule "every loop construct in Rust", "buy the 🔼 arrow stickers" priority B. The
    plugin reads its fields from the end of the line, tags among them (its dates too: below)."""
    got = [(t["text"], t["priority"], t["recurs"], t["starts"], t["created"]) for t in tasks_in([
        "- [ ] read about 🔁 every loop construct in Rust",
        "- [ ] buy the 🔼 arrow stickers for Kim",
        "- [ ] read 🛫 2026-11-01 on the train ➕ 2026-10-30 sounds good",
        "- [ ] water plants ⏫ #home 🔁 every Monday #chores ➕ 2026-10-30 #x",
        "- [ ] pay 🔁 every January on the 15th",
        "- [ ] 🔁 every week",  # the rule would be the whole text
    ])]
    assert got == [
        ("read about 🔁 every loop construct in Rust", None, None, None, None),
        ("buy the 🔼 arrow stickers for Kim", None, None, None, None),
        ("read 🛫 2026-11-01 on the train ➕ 2026-10-30 sounds good", None, None, None, None),
        ("water plants #home #chores #x", "A", "every Monday", None, "2026-10-30"),
        ("pay", None, "every January on the 15th", None, None),
        ("🔁 every week", None, None, None, None)]


def test_the_plugins_dates_are_read_in_the_trailing_run_alone():
    """tasks4: 📅 ⏳ ✅ ❌ were read anywhere in the line, "move the 📅 2026-11-20 meeting to Friday" was due
    2026-11-20 with the text "move the meeting to Friday". The plugin reads its dates as its other fields,
    from the end of the line; Dataview's bracketed fields are read anywhere, as Dataview reads them."""
    got = [(t["text"], t["due"], t["scheduled"], t["done_on"]) for t in tasks_in([
        "- [ ] move the 📅 2026-11-20 meeting to Friday",
        "- [ ] ask whether ⏳ 2026-11-21 still works for Kim",
        "- [x] log that ✅ 2026-11-02 was the day it shipped",
        "- [-] say ❌ 2026-11-03 in the minutes",
        "- [ ] call the bank 📅 2026-11-05 #money ⏳ 2026-11-04 ⏫",  # a run, a tag among its fields
        "- [ ] tidy ⌛ 2026-11-06",  # the plugin's other scheduled sign
        "- [ ] pay [due:: 2026-11-07] by transfer",  # Dataview's bracketed field: anywhere
        "- [ ] pay rent due:: 2026-11-20",  # unbracketed: no field of a task's in Dataview either
        "- [ ] renew 📅 2026-11-01 📅 2026-11-09",  # two: the first written, as the plugin keeps it
    ])]
    assert got == [
        ("move the 📅 2026-11-20 meeting to Friday", None, None, None),
        ("ask whether ⏳ 2026-11-21 still works for Kim", None, None, None),
        ("log that ✅ 2026-11-02 was the day it shipped", None, None, None),
        ("say ❌ 2026-11-03 in the minutes", None, None, None),
        ("call the bank #money", "2026-11-05", "2026-11-04", None),
        ("tidy", None, "2026-11-06", None),
        ("pay by transfer", "2026-11-07", None, None),
        ("pay rent due:: 2026-11-20", None, None, None),
        ("renew", "2026-11-01", None, None)]
    (block,) = logseq_tasks_in(["- TODO move the 📅 2026-11-20 meeting"])
    assert (block["text"], block["due"]) == ("move the 📅 2026-11-20 meeting", None)
    # a wrapped task: each line's run is read, its first line's too (joined first, `📅 2026-11-20 ⏫ about
    # the loan` was no trailing run: the ⏫ stayed in the text)
    got = [(t["text"], t["due"], t["priority"], t["lines"]) for t in tasks_in([
        "- [ ] call the bank 📅 2026-11-20 ⏫", "  about the loan",
        "- [ ] renew the lease", "  with Priya 📅 2026-12-01",
        "- [ ] pay 📅 2026-11-01", "  the rent 📅 2026-11-09"])]
    assert got == [("call the bank about the loan", "2026-11-20", "A", [1, 2]),
                   ("renew the lease with Priya", "2026-12-01", None, [3, 4]),
                   ("pay the rent", "2026-11-01", None, [5, 6])]
    (block,) = logseq_tasks_in(["- TODO call the bank 📅 2026-11-20", "  about the loan",
                                "  SCHEDULED: <2026-11-03 Tue>"])
    assert (block["text"], block["due"], block["scheduled"]) == ("call the bank about the loan", "2026-11-20",
                                                                 "2026-11-03")


def test_id_depends_on_and_on_completion_are_fields():
    """tasks4: the plugin's 🆔 id, ⛔ depends-on and 🏁 on-completion fields stayed in the task's text
    ("write the spec 🆔 abc123"); in the trailing run alone, as the plugin reads them."""
    got = [(t["text"], t["id"], t["depends_on"], t["on_completion"]) for t in tasks_in([
        "- [ ] write the spec 🆔 abc123 📅 2026-11-20",
        "- [ ] review the spec ⛔ abc123,def_456 ,  x-9 🏁 delete #work",
        "- [ ] ship it 🏁 Keep ⛔ abc123 🆔 ship-1",
        "- [ ] ask about the 🆔 abc123 badge and the ⛔ sign on the door",  # in the description: text
        "- [ ] plain",
    ])]
    assert got == [
        ("write the spec", "abc123", [], None),
        ("review the spec #work", None, ["abc123", "def_456", "x-9"], "delete"),
        ("ship it", "ship-1", ["abc123"], "keep"),
        ("ask about the 🆔 abc123 badge and the ⛔ sign on the door", None, [], None),
        ("plain", None, [], None)]
    # the plugin's Dataview format writes them bracketed, read anywhere as Dataview reads them
    got = [(t["text"], t["id"], t["depends_on"], t["on_completion"]) for t in tasks_in([
        "- [ ] do this first  [id:: dcf64c]  [due:: 2026-11-20]",
        "- [ ] then this [dependsOn:: dcf64c, 0h17ye] (onCompletion:: Delete) #x",
        "- [ ] odd [id:: a,b] [onCompletion:: to-do]",  # no id, no action: as written
    ])]
    assert got == [("do this first", "dcf64c", [], None), ("then this #x", None, ["dcf64c", "0h17ye"], "delete"),
                   ("odd [id:: a,b] [onCompletion:: to-do]", None, [], None)]


def test_an_on_completion_action_the_plugin_does_not_know_is_none():
    """The plugin knows `keep` and `delete` (parseOnCompletionValue); another word after 🏁 is still its
    field, taken out of the line with the run read on past it, but does nothing (revO: `🏁 finish` gave
    on_completion "finish"); Dataview's `[onCompletion:: finish]` the same."""
    got = [(t["text"], t["due"], t["on_completion"]) for t in tasks_in([
        "- [ ] cross the 🏁 finish",
        "- [ ] run the race 📅 2026-11-20 🏁 finish",
        "- [ ] tidy up [onCompletion:: archive]",
        "- [ ] clear it 🏁 DELETE",
        "- [ ] eta 🏁 finish 🏁 delete",  # the first written wins, as with every field: the unknown one (revQ 1)
        "- [ ] eta [onCompletion:: finish] [onCompletion:: delete]",
        "- [ ] eta 🏁 keep 🏁 finish",
    ])]
    assert got == [("cross the", None, None), ("run the race", "2026-11-20", None), ("tidy up", None, None),
                   ("clear it", None, "delete"), ("eta", None, None), ("eta", None, None), ("eta", None, "keep")]


def test_a_line_of_many_tags_and_signs_is_read_at_once():
    from tests.test_tasks import _at_once

    (task,) = _at_once(["- [ ] x " + "#t " * 100_000 + "⏫"])
    assert task["priority"] == "A" and task["text"].endswith("#t #t")
    (task,) = _at_once(["- [ ] x ⏫" + " #t ⏫" * 100_000])  # 20 fields read, as the plugin reads them
    assert task["priority"] == "A" and task["text"].startswith("x ⏫ #t ⏫")


def test_forwarded_is_closed_and_in_progress_open():
    tasks = tasks_in(["- [>] call the insurance 📅 2026-11-02", "- [/] write the report", "- [?] a question"])
    assert [(t["text"], t["status"], t["done"]) for t in tasks] == [
        ("call the insurance", "forwarded", True), ("write the report", "in_progress", False)]


def test_the_fields_in_json_priority_and_windows(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, {"Daily/2026-11-03.md": (
        "# Tuesday\n\n"
        "- [ ] file taxes ⏫ 🔁 every year 🛫 2026-11-01 ⏳ 2026-11-10 📅 2026-11-15\n"
        "- [ ] renew car insurance 🛫 2026-11-17 📅 2026-12-01\n"
        "- [ ] tidy desk 🔽\n"
        "- [>] call the insurance about the claim 📅 2026-11-02\n")})
    db_path = tmp_path / "i.sqlite"
    sync(root, db_path)
    (taxes,) = listed(db_path, "--priority", "a")
    assert {k: taxes[k] for k in ("text", "priority", "starts", "created", "recurs")} == {
        "text": "file taxes", "priority": "A", "starts": "2026-11-01", "created": None, "recurs": "every year"}
    assert [t["text"] for t in listed(db_path)] == ["file taxes", "renew car insurance", "tidy desk"]
    assert [(t["text"], t["status"]) for t in listed(db_path, "--done")] == [
        ("call the insurance about the claim", "forwarded")]
    # a start day is no day a task is due or scheduled on: the week of 2026-11-16 holds no task
    assert listed(db_path, "--week", env={"MRAG_TODAY": "2026-11-18"}) == []
    res = invoke(db_path, "--all", env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "[>] call the insurance" in res.stdout and "priority" in res.stdout


def test_a_line_of_many_recurrences_is_read_at_once():
    """The text rebuilt at each `🔁 every` the rule could not end was quadratic (100,000 of them: minutes)."""
    from tests.test_tasks import _at_once

    (task,) = _at_once(["- [ ] x " + "🔁 every " * 100_000 + "- done"])  # no rule ends the text
    assert task["recurs"] is None and task["text"].startswith("x 🔁 every 🔁 every")


def test_the_priority_help_shows_the_cookie():
    """`--help` is read as rich markup: `[#A]` was taken for a style and vanished ("Org's and Logseq's ,")."""
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    res = CliRunner().invoke(app, ["tasks", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "Logseq's [#A]" in res.stdout
