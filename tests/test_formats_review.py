"""The formats merge's findings of review (readers 12, rules 23 unreleased): what a strikethrough holds names
apart from its neighbours, a CSV is searched but names nothing, a Bear bundle's info.json decides anew at each
sync, a jrnl title's first word is a sentence's, a pre-1.1 Joplin conflict copy's note is of its notebook."""

from __future__ import annotations

from minirag_cli import db
from tests.test_sync_conflicts import sync


def entity_names(db_path) -> set[str]:
    conn = db.connect(db_path)
    try:
        return {n for (n,) in conn.execute("SELECT name FROM entities WHERE type != 'date'")}
    finally:
        conn.close()


def test_a_struck_or_highlighted_name_stays_apart_from_the_next(tmp_path):
    """Rules 23 blanked a strikethrough's marks (`~~...~~`, Bear's `~...~`) as a highlight's were, with spaces:
    the struck name and the next word read as one name (`~~Lisbon~~ Porto` named Lisbon Porto, `Owner ~~Marta
    Kowalska~~ Jonas Weber` Owner Marta Kowalska Jonas Weber; `==Lisbon== Porto` did since rules 20). A mark is
    a blank that joins no name now; a struck sentence's first word still opens it (`~~Cancel the hotel~~`)."""
    root = tmp_path / "notes"
    root.mkdir()
    (root / "plans.md").write_text(
        "# Plans\n\nWe fly to ~~Lisbon~~ Porto on Monday.\n\nThen we drive from ==Braga== Coimbra to the coast.\n\n"
        "The contract: owner ~~Marta Kowalska~~ Jonas Weber signed.\n\nGuests: Anna, ~Ben~ Carla and Dmitri.\n\n"
        "Booked the ferry. ~~Cancel the hotel~~ now. ::Ask about the tiles:: later.\n", encoding="utf-8")
    sync(root, tmp_path / "index.sqlite")
    names = entity_names(tmp_path / "index.sqlite")
    assert {"Lisbon", "Porto", "Braga", "Coimbra", "Marta Kowalska", "Jonas Weber", "Ben", "Carla",
            "Dmitri"} <= names
    assert not {n for n in names if " " in n and n not in ("Marta Kowalska", "Jonas Weber")}
    assert not names & {"Cancel", "Ask"}
