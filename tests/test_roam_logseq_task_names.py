"""Review revW: a Roam `{{[[TODO]]}}` / `{{[[DONE]]}}` task and a Logseq `TODO` / `LATER` / `NOW` / `DONE` task
named the task's verb with the name after it (`- {{[[TODO]]}} Send Priya the onboarding doc` named `Send Priya`,
`Buy Milk`, `Review Tomasz`) where `- [ ] Send Priya the onboarding doc` names Priya, nothing, Tomasz: the marker
was blanked to blanks, so the block was no task's line to the names' rules. It is blanked to Markdown's box now
(extract.roam.readable, tasks.without_logseq_markers; heuristic rules 22)."""

from __future__ import annotations

from pathlib import Path

from minirag_cli import db
from minirag_cli.extract.heuristic import HeuristicExtractor
from minirag_cli.extract.roam import readable
from minirag_cli.sync import SyncOptions, sync_folders
from minirag_cli.tasks import without_logseq_markers
from mrag_test_plugin import hashing_embedder
from tests.conftest import write_notes

TASKS = ["Send Priya the onboarding doc", "Buy Milk", "Review Tomasz's PR", "Call Marcus about the lease"]
NOTES = {
    "md.md": "".join(f"- [ ] {t}\n" for t in TASKS),
    "roam/roam.md": "".join(f"- {m} {t}\n" for m, t in zip(["{{[[TODO]]}}", "{{TODO}}", "{{[[DONE]]}}", "{{[[TODO]]}}"],
                                                             TASKS)),
    "graph/pages/logseq.md": "".join(f"- {m} {t}\n" for m, t in zip(["TODO", "LATER", "NOW", "DONE"], TASKS)),
}


def synced_names(tmp_path: Path) -> dict[str, set[str]]:
    root = tmp_path / "notes"
    write_notes(root, NOTES)
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    try:
        sync_folders(conn, [root], embedder=hashing_embedder("hashing:64"), extractor=HeuristicExtractor(),
                     options=SyncOptions(chunk_tokens=60, overlap_tokens=4))
        found: dict[str, set[str]] = {path: set() for path in NOTES}
        for path, name in conn.execute(
                "SELECT d.path, e.name FROM mentions m JOIN chunks c ON c.id = m.chunk_id "
                "JOIN documents d ON d.id = c.document_id JOIN entities e ON e.id = m.entity_id"):
            found[path].add(name)
        return found
    finally:
        conn.close()


def test_a_roam_or_logseq_task_names_as_a_checkbox_item_does(tmp_path):
    found = synced_names(tmp_path)
    assert found["md.md"] == {"Priya", "Tomasz", "Marcus"}, found
    assert found["roam/roam.md"] == found["md.md"], found  # was Send Priya, Buy Milk, Review Tomasz, Call Marcus
    assert found["graph/pages/logseq.md"] == found["md.md"], found


def test_the_marker_is_blanked_to_a_box_with_its_offsets():
    text = "- {{[[TODO]]}} Send Priya\n  - {{DONE}} Buy Milk\nsee {{[[TODO]]}} mid-line\n"
    read = readable(text)
    assert len(read) == len(text)
    assert read.split("\n")[:3] == ["- [ ]          Send Priya", "  - [x]      Buy Milk", "see              mid-line"]
    text = "- TODO Send Priya\n\t- DONE x\n- WAITING Tomás Ferreira sends it\n- NOW\n"
    read = without_logseq_markers(text)
    assert read == "- [ ]  Send Priya\n\t- [x]  x\n- [ ]     Tomás Ferreira sends it\n- [ ]\n"
