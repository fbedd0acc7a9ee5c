"""Template notes in a plain folder (template_notes.py, readers 16): a note in a `templates` folder holding placeholders (`{{client}}`, `{{date:YYYY}}`, `<% tp.file.title %>`) is skipped as an Obsidian
vault's configured templates folder is, listed with why, and kept a note by a negation line in .mragignore.
Indexed, the freelancer's invoice template ranked 1st for "which invoices are unpaid?" (qa s54). A note about
templates (named `…template…`, with a placeholder in its prose too), a code note's `{{ }}` in a fence, a templates
folder of finished documents and a Logseq journal's `template::` block are notes."""

from __future__ import annotations

import os
import time
from pathlib import Path

from minirag_cli import db
from minirag_cli.template_notes import may_be_template, placeholders, template_reason
from minirag_cli.walk import walk_notes
from tests.conftest import write_notes
from tests.test_sync_conflicts import sync

INVOICE = ("# Invoice {{number}} — {{client}}\n\nPO: {{po}}\nIssued: {{date}}\n\n"
           "{{description}} — {{days}} days @ £{{rate}} = £{{net}}\nTotal: £{{total}}\n\nDue: {{due}}\nPaid:\n")
TEMPLATES = {
    "templates/invoice-template.md": INVOICE,
    "templates/quote-template.md": "# Quote — {{client}}\n\nHi {{name}},\n\n**Price:** £ + VAT\nValid 30 days.\n",
    "_templates/Daily.md": "# {{date:YYYY-MM-DD}}\n\n## Tasks\n- [ ] review inbox\n",
    "Meta/99 Templates/Meeting.md": "# <% tp.file.title %>\nAttendees:\n- [ ] send the minutes\n",
    "Templates/Foam weekly.md": "# ${FOAM_TITLE}\nCreated ${CURRENT_YEAR}\n",
}
NOTES = {
    "invoices/2026-031 Acme.md": "# Invoice 2026-031 — Acme Corp\nTotal: £4,200\nDue: 2026-12-15\nPaid: no\n",
    # a note about templates, with example text (its name plural)
    "Email templates I use.md": ("# Email templates I use\n\nChasing an invoice:\n> Hi {{name}}, a quick nudge on "
                                 "invoice {{number}}, due last week.\n\nI send it three days after the due date.\n"),
    # a Jinja note: its `{{ }}` in code
    "code/jinja template notes.md": ("# Jinja template notes\n\nThe base template:\n\n```jinja\n<h1>{{ title }}</h1>\n"
                                     "{% for item in items %}{{ item.name }}{% endfor %}\n```\n\n"
                                     "Escape with `{{ value | e }}`.\n"),
    # a templates folder of finished documents
    "templates/cover letter Acme.md": "# Cover letter — Acme Corp\n\nDear Ms Hale,\nI design websites for cafés.\n",
    "templates/handlebars.md": "# Handlebars\n\n```hbs\n{{#each people}}{{name}}{{/each}}\n```\n",
    "Template ideas.md": "# Template ideas\n- a proposal with a price table\n- a kickoff checklist\n",
    # Logseq's own macros are no placeholders
    "Templates/logseq queries.md": "- {{query (todo now)}}\n- {{embed [[Weekly]]}}\n- {{[[TODO]]}} call Tom\n",
    # a Logseq journal's template block: its page is a note (logseq_templates blanks the block)
    "graph/journals/2026_11_03.md": ("- Standup\n  template:: standup\n\t- <% today %> yesterday, today\n"
                                     "- Met Priya about the garden\n"),
    "graph/logseq/config.edn": "{:meta/version 1}\n",
    # a Logseq page in a templates folder whose only placeholder is in its `template::` block (read blank)
    "graph/pages/Templates/Meeting.md": ("- Meeting\n  template:: meeting\n\t- <% today %> notes\n"
                                         "- Other things about meetings with Tom\n"),
    # notes about templates, named so, a placeholder in their prose: a file's name alone is no template's (s54)
    "Dev/Jinja template notes.md": ("# Jinja template notes\nIn Flask you print a variable with {{ title }} and loop "
                                    "with for.\n"),
    "Dev/Ansible template module.md": "The template module renders {{ ansible_hostname }} into /etc/motd.\n",
    "Obsidian/How I set up my daily note template.md": "I use {{date}} in the title. Set up with Tom's help.\n",
    "Wiki/Wikipedia template notes.md": "Citations are marked {{citation needed}}.\n",
    "Dev/C++ template tricks.md": "# C++ template tricks\nInit a pair with Foo f{{a}}; works in C++11.\n",
    "blog/_posts/2020-01-01-my-blog-template.md": "I switched to the Minima template.\n![img]({{ site.baseurl }}/a.png)\n",
}


def written(root: Path, files: dict[str, str]) -> None:
    """write_notes, each file's time a minute back: a sync trusts it as it is (walk.LOOKED_RACY_SECONDS)."""
    write_notes(root, files)
    before = time.time() - 60
    for rel in files:
        os.utime(root / rel, (before, before))


def test_templates_in_a_plain_folder_are_skipped_and_said_why(tmp_path, monkeypatch):
    root = tmp_path / "notes"
    written(root, {**TEMPLATES, **NOTES})
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted(NOTES.keys() - {"graph/logseq/config.edn"})
    reasons = {item["path"]: item["reason"] for item in summary.skipped}
    assert sorted(reasons) == sorted(TEMPLATES)
    assert reasons["templates/invoice-template.md"] == (
        "a template (in the folder templates/, placeholders `{{number}}`, `{{client}}`, `{{po}}`, ...): templates "
        "are not indexed; write `!templates/invoice-template.md` in .mragignore to index it")
    assert reasons["Meta/99 Templates/Meeting.md"].startswith(
        "a template (in the folder Meta/99 Templates/, placeholders `<% tp.file.title %>`): ")
    # the next sync opens none of them again, and lists them as before
    monkeypatch.setattr("minirag_cli.walk.template_reason", None)
    summary, again = sync(root, tmp_path / "index.sqlite")
    assert again == indexed and sorted(item["path"] for item in summary.skipped) == sorted(TEMPLATES)


def test_a_negation_line_keeps_a_template_and_a_changed_one_is_looked_at_anew(tmp_path):
    root = tmp_path / "notes"
    written(root, TEMPLATES)
    db_path = tmp_path / "index.sqlite"
    assert sync(root, db_path)[1] == []
    (root / ".mragignore").write_text("!templates/\n!Templates/Foam weekly.md\n", encoding="utf-8")
    summary, indexed = sync(root, db_path)  # skipped as they are, kept now: indexed
    assert indexed == ["Templates/Foam weekly.md", "templates/invoice-template.md", "templates/quote-template.md"]
    (root / ".mragignore").unlink()
    written(root, {"_templates/Daily.md": "# Daily\n\n## Tasks\n- [ ] review inbox\n"})  # no placeholder left
    assert "_templates/Daily.md" in sync(root, db_path)[1]
    written(root, {"_templates/Daily.md": "# {{date}}\n\n## Tasks\n- [ ] review inbox\n"})  # one again
    assert "_templates/Daily.md" not in sync(root, db_path)[1]


def test_an_index_synced_by_older_readers_drops_its_templates(tmp_path):
    root = tmp_path / "notes"
    written(root, {**TEMPLATES, "note.md": "Called Tom about the quote.\n"})
    db_path = tmp_path / "index.sqlite"
    (root / ".mragignore").write_text("!templates/\n", encoding="utf-8")
    assert "templates/invoice-template.md" in sync(root, db_path)[1]
    (root / ".mragignore").unlink()
    assert "templates/invoice-template.md" in sync(root, db_path)[1]  # unchanged: not opened again
    conn = db.connect(db_path)
    db.set_meta(conn, db.READER_VERSION_KEY, '{"%s": 15}' % root.resolve())  # as readers 15 left it
    conn.commit()
    conn.close()
    summary, indexed = sync(root, db_path)
    assert indexed == ["note.md"] and summary.removed == 2


def test_show_of_a_skipped_template_says_why_and_how_to_index_it(tmp_path):
    from typer.testing import CliRunner

    from minirag_cli.cli import app

    root = tmp_path / "notes"
    write_notes(root, {**TEMPLATES, "note.md": "Called Tom about the quote.\n"})
    db_path = tmp_path / "index.sqlite"
    sync(root, db_path)
    result = CliRunner().invoke(app, ["--db", str(db_path), "show", str(root / "templates/quote-template.md")])
    said = str(result.exception) + str(getattr(result.exception, "hint", ""))
    assert "the last sync skipped it: a template (in the folder templates/" in said, said
    assert "`!templates/quote-template.md` in .mragignore" in said and "With that line" in said, said


def test_where_a_template_is_kept():
    kept = ["templates/x.md", "Templates/x.md", "_templates/x.md", "TEMPLATES/x.txt", "99 Templates/x.md",
            "00-Template/x.org", "a/b/Templates/c/x.md", "graph/pages/templates/x.md"]
    notes = ["invoice-template.md", "Meeting Template.md", "TEMPLATE_1on1.md", "weeklyTemplate.md", "x/template.md",
             "Dev/Jinja template notes.md", "Email templates I use.md", "Email templates/x.md", "Templater cheatsheet.md", "templated.md",
             "contemplate.md", "templates.md", "Templates/x.canvas", "templates/x.csv", "Daily.md",
             "templatesmith/x.md"]
    assert [rel for rel in kept if not may_be_template(rel)] == []
    assert [rel for rel in notes if may_be_template(rel)] == []


def test_placeholders_outside_code():
    text = ("# {{client}} {{ client.name }} {{Client Name}} {{date:YYYY-MM-DD}} {{ name | upper }} {{{raw}}}\n"
            "{{#each items}}{{/each}} {{> footer}} <% tp.date.now() %> <%* tR += 'x' %> ${FOAM_TITLE} ${1:amount}\n")
    assert placeholders("x.md", text) == [
        "{{client}}", "{{ client.name }}", "{{Client Name}}", "{{date:YYYY-MM-DD}}", "{{ name | upper }}",
        "{{{raw}}}", "{{#each items}}", "{{/each}}", "{{> footer}}", "<% tp.date.now() %>", "<%* tR += 'x' %>",
        "${FOAM_TITLE}", "${1:amount}"]
    none = ("{{query (todo now)}} {{embed [[Page]]}} {{video https://youtu.be/x}} {{renderer :todomaster}}\n"
            "{{[[TODO]]}} {{< ref \"x\" >}} {{ .Title }} costs $5 or ${price}\n`{{inline}}`\n\n    {{indented}}\n\n"
            "~~~\n{{fenced}}\n~~~\n")
    assert placeholders("x.md", none) == []
    # Logseq's and Roam's macros by name, LaTeX's doubled groups
    macros = ("- {{cloze hola}} means hello #card\n- {{table}}\n- {{kanban}}\n- {{calc: 2+2}}\n"
              "- {{youtube-timestamp 72}}\n$\\frac{{a}}{{b}}$ and \\sqrt{{x}}\n")
    assert placeholders("x.md", macros) == []
    assert placeholders("x.md", "{{table1}} {{table_name}} {{tables}} {{date}}{{time}}\n") == [
        "{{table1}}", "{{table_name}}", "{{tables}}", "{{date}}", "{{time}}"]
    org = "* {{title}}\n#+BEGIN_SRC jinja\n{{ user }}\n#+END_SRC\n"
    assert placeholders("x.org", org) == ["{{title}}"] and placeholders("x.md", org) == ["{{title}}", "{{ user }}"]


def test_template_reason_needs_both_where_and_what():
    assert template_reason("notes/quote.md", INVOICE) is None  # no templates folder
    assert template_reason("notes/invoice-template.md", INVOICE) is None  # its name alone is not enough
    assert template_reason("templates/quote.md", "# Quote for Acme\nPrice: £1,200\n") is None
    assert template_reason("templates/quote.md", INVOICE)
    assert template_reason("templates/[draft]*.md", INVOICE).endswith(
        "write `!templates/\\[draft]\\*.md` in .mragignore to index it")


def test_placeholders_of_a_long_note_are_read_in_linear_time():
    text = "`{{b}}` x " * 16000  # 160 KB, each placeholder in code (each looked for among every range: 31 s)
    started = time.perf_counter()
    assert template_reason("templates/big.md", text) is None
    many = "".join(f"{{{{field{i}}}}} `x` " for i in range(16000))
    assert template_reason("templates/big.md", many).startswith(
        "a template (in the folder templates/, placeholders `{{field0}}`, `{{field1}}`, `{{field2}}`, ...): ")
    assert time.perf_counter() - started < 1.5


# An empty skeleton, no placeholder in it (readers 18, skeleton): the grower's daily template, indexed, ranked 2nd
# for "jobs for saturday" (qa s58)
SKELETONS = {
    "Templates/Daily template.md": "---\ntags: [daily]\n---\nWeather: \n\n## Plot\n\n## Bees\n\n## Jobs\n- [ ] \n",
    "_templates/Journal.md": ("# Journal\n**Gratitude:**\n**Mood**: \n*Energy*:\nSleep: ____\nFocus::\n\n---\n"
                              "1. \n2. \n"),
    "Meta/Templates/Meal plan.md": "## Meals\n| Day | Lunch | Dinner |\n|---|:--:|---|\n| Mon | | |\n| Tue |  |  |\n",
    "Templates/Review.md": ("> [!note] Summary\n> \n\n## Tasks\n```tasks\nnot done\ndue today\n```\n"
                           "%% fill in each evening %%\n<!-- write below -->\n#daily #garden\n- Weather:\n  - \n"
                           "* [ ]\n"),
    "templates/Standup.txt": "Yesterday:\r\nToday:\r\nBlockers:\r\n",
    "Templates/Daily.org": "#+title: Daily\n* Plot\n** Bees\n- [ ] \n",
}
# in a templates folder, with text of their own: notes
NOT_SKELETONS = {
    "templates/Invoice Acme.md": "# Invoice 2026-031 — Acme Corp\nTotal: £4,200\nDue: 2026-12-15\nPaid:\n",
    "templates/Cover letter.md": "# Cover letter — Acme Corp\n\nDear Ms Hale,\nI design websites for cafés.\n",
    "Templates/Day I swarmed.md": "## Plot\nWeather:\nThe bees swarmed on Saturday.\n- [ ] \n",
    "Templates/Packing list.md": "# Packing list\n- [ ] passport\n- [ ] charger\n- [ ] \n",
    "Templates/Weekend jobs.md": "| Day | Job |\n|---|---|\n| Sat | move the hives |\n",
    "Templates/Filled day.md": "Weather: sunny\n## Jobs\n- [ ] \n",
    "Templates/Call list.md": "Ring the vet about Bella's jab and then the farrier:\n- [ ] \n",
    "Templates/Snippet.md": "## Snippet\n```python\nprint(1)\n```\n",
    "Templates/Invoice fields.md": "Title: Invoice 42\nClient: Acme\nTotal: 4200\n",
    "Templates/Properties.md": "---\ntags: [project]\nstatus: active\n---\n",  # front matter alone: not judged by it
}


def test_an_empty_skeleton_in_a_templates_folder_is_a_template(tmp_path):
    root = tmp_path / "notes"
    written(root, {**SKELETONS, **NOT_SKELETONS, "Plot/Jobs.md": "## Jobs\n- [ ] \n"})  # not in a templates folder
    summary, indexed = sync(root, tmp_path / "index.sqlite")
    assert indexed == sorted([*NOT_SKELETONS, "Plot/Jobs.md"])
    reasons = {item["path"]: item["reason"] for item in summary.skipped}
    assert sorted(reasons) == sorted(SKELETONS)
    assert reasons["Templates/Daily template.md"] == (
        "a template (in the folder Templates/, an empty skeleton): templates are not indexed; write "
        "`!Templates/Daily template.md` in .mragignore to index it")


def test_a_skeleton_with_a_line_of_text_is_a_note():
    skeleton = SKELETONS["Templates/Daily template.md"]
    assert template_reason("Templates/Daily.md", skeleton)
    for line in ("Hefted all 3 hives.", "- [ ] buy lime", "Weather: frost", "1. sow garlic", "| Sat | heft |",
                 "Ring Pete about the queens"):
        assert template_reason("Templates/Daily.md", skeleton + line + "\n") is None, line
    for line in ("Mood:", "- [x]", "***", "## Notes", "#bees", "> "):
        assert template_reason("Templates/Daily.md", skeleton + line + "\n"), line
