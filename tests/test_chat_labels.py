"""A `Name:` line is a chat line only in a note that reads like a chat
(extract.heuristic.chat_speakers: a tag recurs, or a chat export's `Time:`
stamp); elsewhere it is a label line (`Goal:`, `Status:`, `Owner: Priya`),
whose label is no person (a name, of a kind the rules cannot tell) and, when
common (LABEL_WORDS), no name at all, so that `Status:` in every project
note is no hub joining them. Sync decides per
note, not per chunk: a chunk of a chat may hold two lines and no stamp."""

from __future__ import annotations

from minirag_cli import db
from minirag_cli.chunking import chunk_text
from minirag_cli.embed import HashingEmbedder
from minirag_cli.extract.base import EntityMention
from minirag_cli.extract.heuristic import HeuristicExtractor, chat_speakers, speaker_tag
from minirag_cli.extract.llm import complete, model_view, note_windows
from minirag_cli.sync import SyncOptions, note_speakers, sync_folders
from tests.conftest import write_notes

PROJECT = ("# Billing migration\n\nGoal: migrate billing to Stripe by March.\nStatus: in progress\n"
           "Owner: Priya\nAttendees: Priya, Tom Baker\nSummary: we agreed to cut over in two steps.\n\n"
           "Action items:\n- Tom to draft the runbook\nNext Steps: write the postmortem.\n")
SEARCH = "# Search revamp\n\nGoal: faster search for the help center.\nStatus: done\nOwner: Marco\n"
STANDUP = "Update: the office move is next week.\nStatus: Blocked\nPriority: High\n"
# LiHua's notes: a chat export, its first line a time stamp
CHAT = ("Time: 20260105_11:00\nLiHua: Hey Adam, did the rent go through?\n"
        "AdamSmith: Yes, I checked this morning.\nLiHua: Great, thanks!\n")


def typed(text, *args):
    return {(m.name, m.type) for m in HeuristicExtractor().extract_one(text, *args)}


def test_label_lines_make_no_people_and_their_values_are_names():
    assert not {t for t in typed(PROJECT) if t[1] == "person"}
    names = {n for n, _t in typed(PROJECT)}
    assert not names & {"Goal", "Status", "Owner", "Attendees", "Summary", "Action items", "Next Steps", "Steps"}
    # a value that lists capitalised words names them (a lone one opened no sentence)
    assert {("Priya", "name"), ("Tom Baker", "name"), ("Stripe", "name")} <= typed(PROJECT)
    assert ("Marco", "name") in typed(SEARCH)
    # a state or a level is no name; a label of the note's own is a name, of no person
    assert typed(STANDUP) == set()
    # (a record's field of one common word, `Venue:`, names nothing: heuristic rules 30)
    assert typed("Flood alert: above 2.4 m\nVenue: the old mill\n") == {("Flood alert", "name")}


def test_chats_keep_their_speakers():
    assert {("LiHua", "person"), ("AdamSmith", "person")} <= typed(CHAT)
    assert chat_speakers(CHAT) == {"LiHua", "AdamSmith"}
    # a lone message under a chat stamp (LiHua's bakery notes), a chat without one whose speaker speaks again
    assert ("Alice", "person") in typed("Time: 20260408_08:38\nAlice: Your bread has been delivered.\n")
    assert ("Émile", "person") in typed("Émile: lunch?\nZoë: sure\nÉmile: noon then\n")
    # a common label is no speaker even in a chat; a meeting note's date is no chat stamp
    assert ("Status", "person") not in typed(CHAT + "Status: paid\n")
    assert chat_speakers("Date: 2024-05-01\nGoal: ship\nBudget: 10k\n") == frozenset()
    assert speaker_tag("LiHua: hi") and not speaker_tag("Status: done")


def test_a_chunk_is_read_with_its_notes_speakers():
    # a later chunk of a chat: two lines, each speaker once, no stamp
    chunk = "LiHua: Did you see the game?\nWolfgangSchulz: Yes, what a finish!"
    assert ("LiHua", "person") not in typed(chunk)  # alone it reads as labels
    speakers = {"LiHua", "WolfgangSchulz"}
    assert {("LiHua", "person"), ("WolfgangSchulz", "person")} <= typed(chunk, None, speakers)
    # the llm extractor's `complete` and model view read it the same way
    assert complete(chunk, []) == []
    assert EntityMention("LiHua", "person") in complete(chunk, [], None, speakers)
    assert model_view(chunk, speakers) == "Did you see the game?\nYes, what a finish!"
    assert model_view(PROJECT).splitlines()[1] == "Goal: migrate billing to Stripe by March."
    # a note's windows are cut from its lines, each viewed with the note's speakers
    long_chat = "Time: 20260105_11:00\n" + "".join(
        f"{who}: " + " ".join(["word"] * 30) + ".\n" for who in ("LiHua", "AdamSmith") * 6)
    assert all(":" not in w.text for w in note_windows(long_chat, 40))
    # sync reads the note back from its chunks (overlapping or not), each line once
    for overlap in (0, 10):
        chunks = chunk_text(long_chat, 40, overlap)
        assert len(chunks) > 3 and note_speakers(chunks) == chat_speakers(long_chat) == {"LiHua", "AdamSmith"}


def test_sync_makes_no_label_hub_and_keeps_a_chunked_chats_speakers(tmp_path):
    # two lines a chunk, each speaker once and no stamp: read alone, `Anna:` would be a label
    long_chat = "Time: 20260105_11:00\n" + "".join(
        f"{who}: " + " ".join(["word"] * 17) + ".\n" for who in ("Anna", "Bruno") * 6)
    write_notes(tmp_path / "notes", {"billing.md": PROJECT, "search.md": SEARCH, "standup.md": STANDUP,
                                     "chat.txt": long_chat})
    conn = db.connect(tmp_path / "index.sqlite", create=True)
    sync_folders(conn, [tmp_path / "notes"], embedder=HashingEmbedder(dim=32), extractor=HeuristicExtractor(),
                 options=SyncOptions(chunk_tokens=40, overlap_tokens=0))
    entities = {key: (type_, chunks) for key, type_, chunks in conn.execute("SELECT key, type, chunks FROM entities")}
    assert not {"goal", "status", "owner", "summary", "update"} & set(entities)
    assert entities["priya"][0] == "name" and entities["marco"][0] == "name"
    # every chunk of the chat a speaker speaks in names them as people: the chat is the note's
    chunks = [text for (text,) in conn.execute(
        "SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = 'chat.txt'")]
    assert sum(1 for t in chunks if "Time:" not in t and t.count("Anna:") == t.count("Bruno:") == 1) >= 4
    assert entities["anna"] == ("person", len(chunks)) and entities["bruno"] == ("person", len(chunks))


def test_a_numbered_label_is_no_speaker_and_no_name():
    """A log's `Line 12:` lines made a person of every line (3069 entities for 27
    notes): a label that counts (`Line 12`, `Step 3`, `Room 101`, `Q1`) names
    nothing, in a chat too; a log's levels (`INFO:`, `DEBUG:`) are common labels.
    A speaker with figures inside its name (`R2D2`, `Player1`) still speaks."""
    log = "".join(f"Line {i}: read block {i} from Parser\n" for i in range(1, 40))
    assert typed(log) == {("Parser", "name")}
    assert chat_speakers(log) == frozenset()
    assert typed("INFO: booted\nDEBUG: cache warm\nINFO: ready\nFATAL: disk gone\n") == set()
    assert typed("Step 3: mix flour\nQ1: who owns it?\nA1: Priya\nRoom 101: meeting\n- Step 4: bake\n") \
        == {("Priya", "name")}
    assert not speaker_tag("Line 12: done") and not speaker_tag("Q1: why?")
    chat = "R2D2: beep\nPlayer1: gg\nR2D2: boop\n"
    assert {("R2D2", "person"), ("Player1", "person")} <= typed(chat)


def test_a_handle_is_read_whole_however_long():
    """An `@handle` was cut at 32 characters (HANDLE's {1,30}), a different
    handle; read whole as a #tag is (its trailing full stop left out)."""
    handle = "grete_groesse_from_the_harbour_office"
    assert (f"@{handle}", "person") in typed(f"Ask @{handle}.")
    assert ("@bo", "person") in typed("cc @bo, thanks") and not {t for t in typed("mail bo@example.com") if "@" in t[0]}


def test_a_label_in_bold_or_italics_is_a_label():
    """Obsidian meeting notes write their labels in bold (`**Attendees:** Priya, Tom Baker`, `- **Owner**:
    Priya`): a common one is no name (`Attendees` was a hub joining every meeting note of a vault) and
    the names its value lists are names, its first too (`Priya` opened no sentence)."""
    for line in ("**Attendees:** Priya, Tom Baker\n", "**Attendees**: Priya, Tom Baker\n",
                 "- **Attendees:** Priya, Tom Baker\n", "- __Attendees__: Priya, Tom Baker\n",
                 "*Attendees:* Priya, Tom Baker\n", "> **Attendees:** Priya, Tom Baker\n"):
        assert typed(line) == typed("Attendees: Priya, Tom Baker\n") == {("Priya", "name"), ("Tom Baker", "name")}, line
    assert typed("**Status:** Blocked\n**Owner:** Marco\n") == {("Marco", "name")}
    # a label of the note's own is a name as the plain one is
    assert typed("**Flood alert:** above 2.4 m\n") == {("Flood alert", "name")}
    # and it never speaks: a chat message's recipe (LiHua's) names no person, its lines no sentence's names
    recipe = CHAT + "AdamSmith: Here it is:\n**Ingredients:**\n- Salmon\n**Breakfast:** Scrambled eggs.\n"
    assert chat_speakers(recipe) == {"LiHua", "AdamSmith"}
    assert ("Ingredients", "name") in typed(recipe) and ("Scrambled", "name") not in typed(recipe)
    # bold words that are no label are read as before
    assert ("Tom Baker", "name") in typed("**Tom Baker** will draft the runbook.\n")


def test_a_table_header_cell_starts_a_sentence():
    """A Markdown table's header row (`| Milestone | Date | Status |`, the row above the `|---|` line)
    labels columns, and `Status` in every project note's table was a hub joining them. A header cell's
    first word starts a sentence (heuristic rules 11): a lone word there is a name only when the note
    writes it mid-sentence too, and a longer name stays one."""
    header = "| Milestone | Date | Status |\n| --- | :---: | ---: |\n"
    assert typed(header + "| 2024-03-01 | | |\n") == {("2024-03-01", "date")}
    assert typed("|Owner|Maya Okafor|\n|-|-|\n") == {("Maya Okafor", "name")}
    assert ("Status", "name") in typed(header + "We wait for Status updates.\n")
    # a pipe inside a line of prose is no table
    assert ("Alice", "name") in typed("Options are a | Alice said so.\n")


def test_a_table_body_cell_is_a_value():
    """A column of names' body cells are values, not sentences: one-word names there (an Owner column's
    Priya, a Where column's Lisbon) are names, as before rules 11 (which read every cell as a header's).
    Another column's cell starts a sentence (rules 20: `Fix`, `Budget` were names)."""
    found = typed("| Task | Owner |\n|---|---|\n| Fix login | Priya |\n| Budget | Jonas |\n")
    assert {("Priya", "name"), ("Jonas", "name")} <= found and ("Owner", "name") not in found, found
    assert not {("Fix", "name"), ("Budget", "name")} & found, found
    found = typed("| Date | What | Where |\n|---|---|---|\n| 2024-05-01 | dinner with Tom Baker | Lisbon |\n"
                  "| 2024-05-02 | flight | Porto |\n")
    assert {("Lisbon", "name"), ("Porto", "name"), ("Tom Baker", "name")} <= found, found
    assert ("Where", "name") not in found, found


def test_a_callout_title_starts_a_sentence():
    """Obsidian's callouts (`> [!note] Goal`, `> [!warning]- Risks`, `> [!tip]+ Vacuum`) title a quote
    block as a heading titles a section: the title's first word starts a sentence (heuristic rules 11),
    so `Goal` and `Risks` in every project page named nothing of their own; a longer name stays one."""
    assert typed("> [!note] Goal\n> Migrate the billing database.\n") == set()
    assert typed("> [!warning]- Risks\n> The window is short.\n> [!tip]+ Vacuum\n> After loads.\n") == set()
    assert ("Project Atlas", "name") in typed("> [!info] Project Atlas kickoff\n> Went well.\n")
    assert typed("> [!quote] Owner: Priya\n") == {("Priya", "name")}  # a label, as in any quote line


def test_the_excalidraw_banner_names_nothing():
    """Obsidian's Excalidraw plugin opens every drawing's Markdown with the same banner (`==⚠  Switch
    to EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠==`): its Switch, EXCALIDRAW VIEW
    and OPTIONS were entities joining every drawing of a vault. It names nothing (heuristic rules
    11); the drawing's text elements are read as before."""
    drawing = ("---\nexcalidraw-plugin: parsed\ntags: [excalidraw]\n---\n==⚠  Switch to EXCALIDRAW VIEW in the "
               "MORE OPTIONS menu of this document. ⚠== You can decompress Drawing data with the command "
               "palette: 'Decompress current Excalidraw file'. For more info check in plugin settings under "
               "'Saving'\n\n# Excalidraw Data\n## Text Elements\nBilling API talks to Postgres Primary ^t1a2b3c4\n")
    names = {n for n, _t in typed(drawing)}
    assert {"Billing API", "Postgres Primary"} <= names
    assert not names & {"Switch", "EXCALIDRAW VIEW", "OPTIONS", "MORE OPTIONS", "Decompress", "Saving"}, names
    # the words themselves, elsewhere, are read as before
    assert ("EXCALIDRAW VIEW", "name") in typed("We renamed it to EXCALIDRAW VIEW last week.\n")
