"""An Obsidian vault's templates folder, as its core Templates plugin
(`.obsidian/templates.json`) or Templater (its data.json) sets it, holds no
notes (readers 7): indexed, a template's `- [ ] review inbox` was an open task
forever and templates ranked among the answers. The folder is listed as
skipped with the setting that names it, `mrag show` of a template says why,
a `.mragignore` still passes it over silently, and a sync after the setting
changes follows it."""

from __future__ import annotations

import json
from pathlib import Path

from minirag_cli.walk import walk_notes
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync as sync_and_paths

VAULT = {
    "Daily/2026-11-03.md": "- [ ] call the bank\nPlanned the garden with Priya.\n",
    "Templates/Daily Template.md": "## Tasks\n- [ ] review inbox 📅 <% tp.date.now() %>\n- [ ] plan tomorrow\n",
    "Meta/Templater/Meeting.md": "# <% tp.file.title %>\n- [ ] send the minutes\n",
    "Projects/Alpha.md": "- [ ] write the spec\n",
}
CORE = ".obsidian/templates.json"
TEMPLATER = ".obsidian/plugins/templater-obsidian/data.json"


def settings(root: Path, core: str | None = None, templater: str | None = None) -> None:
    (root / ".obsidian" / "plugins" / "templater-obsidian").mkdir(parents=True, exist_ok=True)
    for rel, key, value in ((CORE, "folder", core), (TEMPLATER, "templates_folder", templater)):
        if value is None:
            (root / rel).unlink(missing_ok=True)
        else:
            (root / rel).write_text(json.dumps({key: value, "other": 1}), encoding="utf-8")


def sync(root: Path, db_path: Path):
    """(the indexed paths, the summary) of a sync of `root` (test_sync_conflicts' sync, its pair turned)."""
    summary, paths = sync_and_paths(root, db_path)
    return paths, summary


def test_a_vaults_templates_folders_are_not_indexed_and_a_changed_setting_is_followed(tmp_path):
    root = tmp_path / "vault"
    write_notes(root, VAULT)
    db_path = tmp_path / "index.sqlite"
    settings(root, core="Templates", templater="/Meta/Templater/")
    paths, summary = sync(root, db_path)
    assert paths == ["Daily/2026-11-03.md", "Projects/Alpha.md"]
    assert {item["path"]: item["reason"] for item in summary.skipped} == {
        "Templates": f"Obsidian's templates folder (set in {CORE}): templates are not indexed",
        "Meta/Templater": f"Obsidian's templates folder (set in {TEMPLATER}): templates are not indexed"}
    # the core plugin's folder set elsewhere: Templates/ is notes again, the next sync indexes them; but for a
    # template there, a Templater tag in a folder named so (template_notes.py, readers 16)
    write_notes(root, {"Templates/Reading list.md": "- Piranesi\n"})
    settings(root, core="Meta/Templater", templater=None)
    paths, summary = sync(root, db_path)
    assert paths == ["Daily/2026-11-03.md", "Projects/Alpha.md", "Templates/Reading list.md"]
    assert [item["path"] for item in summary.skipped] == ["Meta/Templater", "Templates/Daily Template.md"]
    # settings that are no JSON object set no folder (the notes are indexed, as before)
    (root / CORE).write_text("[1, 2]", encoding="utf-8")
    assert sync(root, db_path)[0] == sorted({*VAULT, "Templates/Reading list.md"} - {"Templates/Daily Template.md"})


def test_a_vault_inside_the_synced_folder_and_a_mragignore(tmp_path):
    root = tmp_path / "notes"
    write_notes(root, {f"vault/{rel}": text for rel, text in VAULT.items()})
    settings(root / "vault", core="Templates")
    walked = walk_notes(root)
    assert [f.path for f in walked.files] == ["vault/Daily/2026-11-03.md", "vault/Meta/Templater/Meeting.md",
                                              "vault/Projects/Alpha.md"]
    assert walked.skipped == [{"path": "vault/Templates", "reason": "Obsidian's templates folder (set in "
                                                                   f"vault/{CORE}): templates are not indexed"}]
    (root / ".mragignore").write_text("vault/Templates/\n", encoding="utf-8")
    walked = walk_notes(root)
    assert walked.skipped == [] and len(walked.files) == 3  # ignored: passed over silently, as before
    # a folder of the same name in a folder that is no vault is notes
    write_notes(root, {"Templates/x.md": "a note\n"})
    assert "Templates/x.md" in [f.path for f in walk_notes(root).files]


def test_show_of_a_template_says_why_it_is_not_indexed(tmp_path):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "vault"
    write_notes(root, VAULT)
    settings(root, core="Templates")
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    result = CliRunner().invoke(app, ["--db", str(db_path), "show", str(root / "Templates/Daily Template.md")])
    said = str(result.exception) + str(getattr(result.exception, "hint", ""))
    assert "never indexed" in said and f"templates folder (set in {CORE})" in said, said
    assert "Move it out of the templates folder" in said, said


def test_a_watch_resyncs_when_a_templates_setting_changes(tmp_path):
    from minirag_cli.walk import template_setting
    from minirag_cli.watch import NoteFilter

    root = (tmp_path / "vault").resolve()
    root.mkdir()
    f = NoteFilter([root])
    assert f(None, str(root / CORE)) and f(None, str(root / TEMPLATER)) and f(None, str(root / "v" / CORE))
    assert not f(None, str(root / ".obsidian" / "workspace.json"))
    assert template_setting("v/" + CORE) and not template_setting("x" + CORE)
