"""Heuristic rules 14 (a novelist's vault, QA 17): a quoted span that is
speech is no title of a work. `"Why do you want it?" Aëlys asked.` made
"Why do you want it" a work, a seed of `ask`, and `"Tommy-Fish," he said`
made the character the alias joins a work. Speech: a verb of speech next
to the quote (heuristic.SAID_AFTER, SAID_BEFORE) or a sentence's words, not
a title's (_title_cased). Titles quoted American style, their comma or full
stop inside (LiHua's chats), stay works."""

from __future__ import annotations

import pytest

from minirag_cli.extract.heuristic import HeuristicExtractor


def works(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type == "work"}


def named(text: str) -> set[str]:
    return {m.name for m in HeuristicExtractor().extract_one(text) if m.type != "date"}


@pytest.mark.parametrize("text", [
    '"K\'tara sees what you carry, cartographer," she said.',
    '"Why do you want it?" Aëlys asked. "The map. The real reason."',
    '"Tommy-Fish," he said, offering a wet hand.',
    '"Ten years," said the Captain. "I\'m not proud of it."',
    '"If the Regent learns you have the map," Hale said, "she will burn it."',
    'Oriel Fenwick counted the coins twice. "Forty crowns, Miss Varro. You\'ve brought twelve."',
    '"Midsummer. Fourteen days."',
    '"Your Tomas and my Tomas," Nessa said to Aëlys.',
    'I also love when Tyrion says, "I drink and I know things."',
    '"Stop," she whispered.',
    "The Captain is \"the Captain\" in narration.",  # a title opens with a capital
])
def test_speech_is_no_work(text):
    assert works(text) == set()


@pytest.mark.parametrize("text, title", [
    ('I was thinking we could play "Wonderwall," "Hey Jude," and "Come Together." What do you think?',
     {"Wonderwall", "Hey Jude", "Come Together"}),
    ('ChaeSong-hwa: I really enjoy "Hotel California!" It\'s such a classic.', {"Hotel California"}),
    ('Dyllan: "Life is Strange" does it for me!', {"Life is Strange"}),
    ('There is a café not far from here called "The Java Spot." Super cozy.', {"The Java Spot"}),
    ('How about we try "Take Me Home, Country Roads" next time?', {"Take Me Home, Country Roads"}),
    ('I remember you said you like "Chernobyl" so much.', {"Chernobyl"}),
    ('Like "The Midnight Jammers" or "Harmony Collective"?', {"The Midnight Jammers", "Harmony Collective"}),
    ('I\'d say "Call of Duty 4: Modern Warfare" is a classic!', {"Call of Duty 4: Modern Warfare"}),
    ('Another great option is "WPForms."', {"WPForms"}),
    ('A cover of "Summer of \'69" and "Viva la Vida".', {"Summer of '69", "Viva la Vida"}),
])
def test_a_title_quoted_with_its_comma_or_full_stop_inside_stays_a_work(text, title):
    assert works(text) == title


def test_the_names_speech_holds_are_names():
    # no longer inside a "title", the names a line of dialogue holds are read as any sentence's
    found = named('"Captain Hale. It has been a long time," said Isolde Marr.')
    assert {"Captain Hale", "Isolde Marr"} <= found and not any("long time" in n for n in found), found


def test_a_quoted_name_said_does_not_make_its_person_a_work(tmp_path):
    """`"Tommy-Fish," he said`, Tomas Reyne's alias, and a note's alias quoted
    (`Calls Brannoc "Captain" until Ch07, then "Bran".`): the character stays a
    name (the entity had type `work`)."""
    from minirag_cli import db
    from tests.conftest import write_notes
    from tests.test_heuristic_version import sync

    root = tmp_path / "vault"
    write_notes(root, {
        "Characters/Tomas Reyne.md": "---\naliases: [Tommy-Fish]\n---\n# Tomas Reyne\n\nDeckhand, seventeen.\n",
        "Characters/Brannoc Hale.md": "---\naliases: [Bran, Captain Hale]\n---\n# Brannoc Hale\n\nCaptain.\n",
        "Chapters/Ch02.md": '"Tommy-Fish," he said, offering a wet hand. "We sail on the tide."\n',
        "Characters/Aelys.md": 'Calls Brannoc "Captain Hale" until Ch07, then "Bran".\n',
    })
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync(conn, [root])
    types = dict(conn.execute("SELECT key, type FROM entities"))
    assert types["tomasreyne"] == types["brannochale"] == "name", types
    assert "work" not in types.values(), types
    conn.close()
